// Dependency-output sample: nvcc -M/-MD output for it is in nvcc-*.d.
#include "inc/a.h"
#include "sp ace.h"
#include <cstdio>
#include <sys_header.h>
__global__ void k(int *p) { *p = A + B + S; }
