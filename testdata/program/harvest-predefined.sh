#!/bin/sh
# Harvests the macros nvcc's device pass predefines: runs `nvcc --dryrun` with the given flags,
# takes the host-compiler preprocessing command of the device pass (the `gcc -D__CUDA_ARCH__=...
# -E` line), drops its `-include cuda_runtime.h`, input and output, and runs it with `-dM` on an
# empty file. Prints the sorted `#define` lines.
#   PATH=.cache/nvidia/cu13/bin:$PATH testdata/program/harvest-predefined.sh -arch=sm_90 > testdata/program/predefined-sm90.txt
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/empty.cu"
line=$(cd "$tmp" && nvcc --dryrun "$@" -c empty.cu 2>&1 | grep -E '^#\$ (gcc|g\+\+|c\+\+|cc) .*-D__CUDA_ARCH__=.* -E ' | tail -n 1 | sed 's/^#\$ //')
[ -n "$line" ] || { echo "no device-pass preprocessing line in nvcc --dryrun output" >&2; exit 1; }
# Drop `-include "cuda_runtime.h"`, the input file and `-o "..."`.
cmd=$(printf '%s\n' "$line" | sed -e 's/-include "[^"]*"//' -e 's/"empty.cu"//' -e 's/-o "[^"]*"//')
(cd "$tmp" && eval "$cmd -dM empty.cu") | LC_ALL=C sort
