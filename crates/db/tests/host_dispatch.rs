//! Host dispatch into system headers (`reach::LaunchingFiles`): a call from the user's host code
//! of a system-header host function that may launch kernel templates is followed into the
//! header's host templates, and the kernel instances they launch are compiled; where the path
//! cannot be followed (here: a member of a partial specialization) the call is an error (the kernels would
//! be missing from the PTX); system host functions that launch nothing are fine.

use warpc_base::{CompileOptions, Severity};
use warpc_db::{Compilation, Database};

/// A header-only library whose host function template launches a kernel template (thrust's
/// algorithms over CUB's kernels, in small).
const DISPATCH: &str = r#"
#pragma once
namespace fakelib {
template <class T> __global__ void fill_kernel(T *p, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}
template <class T> void fill(T *p, T v, int n) { fill_kernel<<<(n + 127) / 128, 128>>>(p, v, n); }
template <class T> __global__ void twice_kernel(T *p, T v, int n) { p[n] = v + v; }
struct launcher {
  template <class T> void run(T *p, T v, int n) { twice_kernel<<<1, 128>>>(p, v, n); }
};
// A member call on a temporary: followed (the member template's arguments deduced).
template <class T> void fill_member(T *p, T v, int n) { launcher{}.run(p, v, n); }
// A launch in a member of a class template's partial specialization: not followed.
template <class T> struct ptr_launcher;
template <class T> struct ptr_launcher<T *> {
  void run(T *p, int n) { fill_kernel<<<1, 32>>>(p, T(), n); }
};
template <class T> void fill_partial(T *p, int n) {
  ptr_launcher<T *> l;
  l.run(p, n);
}
}
"#;

/// A library header including no kernel template: its host functions launch nothing.
const PLAIN: &str = r#"
#pragma once
namespace fakelib {
template <class T> T twice_host(T x) { return x + x; }
inline int add_host(int a, int b) { return a + b; }
int declared_only(int);
}
"#;

const CALLS_DISPATCH: &str = r#"
#include <cstdio>
#include <fake_dispatch.h>
#include <fake_plain.h>
__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }
int main() {
  float *p = nullptr;
  cudaMalloc(&p, 256 * sizeof(float));
  fakelib::fill(p, 1.0f, 256);
  fakelib::fill_member(p, 2.0f, 256);
  fakelib::fill_partial(p, 256);
  scale<<<1, 256>>>(p, fakelib::twice_host(2.0f));
  printf("%d\n", fakelib::add_host(1, 2));
  return 0;
}
"#;

const CALLS_PLAIN: &str = r#"
#include <cstdio>
#include <fake_dispatch.h>
#include <fake_plain.h>
__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }
int main() {
  float *p = nullptr;
  cudaMalloc(&p, 256 * sizeof(float));
  scale<<<1, 256>>>(p, fakelib::twice_host(2.0f));
  printf("%d %d\n", fakelib::add_host(1, 2), fakelib::declared_only(3));
  cudaFree(p);
  return 0;
}
"#;

/// The error diagnostics of `source` compiled with the two headers under an `-isystem` folder:
/// (1-based line, message), and the link names of the kernels.
fn compile(source: &str) -> (Vec<(usize, String)>, Vec<String>) {
    let mut db = Database::new();
    db.set_file_text("/virtual/sys/fake_dispatch.h", DISPATCH);
    db.set_file_text("/virtual/sys/fake_plain.h", PLAIN);
    let main = db.set_file_text("/virtual/k.cu", source);
    let options = CompileOptions {
        system_include_dirs: vec!["/virtual/sys".into()],
        ..CompileOptions::default()
    };
    let comp = Compilation::new(&db, main, options, None);
    let dm = warpc_db::def_map(&db, comp);
    let kernels = dm
        .functions
        .iter()
        .filter(|f| f.space == warpc_hir::ty::ExecSpace::Global)
        .map(|f| f.link_name.to_string())
        .collect();
    let errs = warpc_db::diagnostics(&db, comp)
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            let line = d.primary.map_or(0, |p| {
                assert_eq!(p.file, main, "{d:?}");
                source[..usize::from(p.range.start())].lines().count()
            });
            (line, d.message.clone())
        })
        .collect();
    (errs, kernels)
}

#[test]
fn system_host_templates_are_followed_to_their_kernels_or_the_call_is_an_error() {
    let (errs, kernels) = compile(CALLS_DISPATCH);
    // `fakelib::fill` and `fakelib::fill_member` (a member call) are followed: their kernels
    // are compiled.
    assert_eq!(
        kernels,
        [
            "_Z5scalePff",
            "_ZN7fakelib11fill_kernelIfEEvPT_S1_i",
            "_ZN7fakelib12twice_kernelIfEEvPT_S1_i"
        ]
    );
    // `fakelib::fill_partial` is not: an error at the call.
    assert_eq!(errs.len(), 1, "{errs:?}");
    let (line, message) = &errs[0];
    assert_eq!(
        CALLS_DISPATCH.lines().nth(line - 1),
        Some("  fakelib::fill_partial(p, 256);"),
        "{errs:?}"
    );
    assert!(
        message.starts_with("unsupported: kernels launched by `fakelib::fill_partial`"),
        "{message}"
    );
}

#[test]
fn system_host_functions_that_launch_nothing_are_fine() {
    let (errs, kernels) = compile(CALLS_PLAIN);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(kernels, ["_Z5scalePff"]);
}
