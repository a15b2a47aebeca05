//! The demand-driven def map (src/reach.rs): which system-header declarations device code
//! reaches.

use warpc_base::CompileOptions;
use warpc_db::{Compilation, Database};

const HEADER: &str = r#"
namespace std {
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <class T> struct is_fp { static constexpr bool value = false; };
template <> struct is_fp<float> { static constexpr bool value = true; };
}
"#;

const SOURCE: &str = r#"
#include <traits.h>
template <typename T, typename = std::enable_if_t<std::is_fp<T>::value>>
__device__ __noinline__ T twice(T x) { return x + x; }
template <typename T, std::enable_if_t<!std::is_fp<T>::value, int> = 0>
__device__ __noinline__ T twice(T x) { return 2 * x; }
template <class T, class = typename std::enable_if<std::is_fp<T>::value>::type> struct Wrap { T v; };
__global__ void k(float *p, int *q) {
  Wrap<float> w;
  w.v = twice(p[0]);
  p[0] = w.v;
  q[0] = twice(q[0]);
}
"#;

/// System-header declarations that only template heads name (the default of an unnamed
/// template parameter, the type of a non-type one) are reached: a template's item covers the
/// declaration after `template <...>`, and the head's words are the item's too. (Left out,
/// `enable_if<true, T>` was missing and SFINAE removed every candidate.)
#[test]
fn template_heads_reach_the_declarations_they_name() {
    let mut db = Database::new();
    db.set_file_text("/virtual/sys/traits.h", HEADER);
    let main = db.set_file_text("/virtual/k.cu", SOURCE);
    let options = CompileOptions {
        system_include_dirs: vec!["/virtual/sys".into()],
        ..CompileOptions::default()
    };
    let comp = Compilation::new(&db, main, options, None);
    let diags = warpc_db::diagnostics(&db, comp);
    assert!(diags.is_empty(), "{diags:?}");
    let defs = warpc_db::def_map(&db, comp);
    let names: Vec<&str> = defs.functions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names.iter().filter(|n| n.starts_with("twice")).count(), 2, "{names:?}");
}

/// `-isystem` folders written with `.` or `..` still make their files system headers (file paths
/// are normalized; the folders must be compared normalized too).
#[test]
fn system_folders_are_compared_normalized() {
    let options = CompileOptions {
        system_include_dirs: vec!["./inc".into(), "/w/sub/../sys".into()],
        ..Default::default()
    };
    let system = |p: &str| warpc_db::is_system_header(&options, std::path::Path::new(p));
    assert!(system("inc/h.h"));
    assert!(system("/w/sys/h.h"));
    assert!(!system("/w/sub/h.h"));
    assert!(!system("other/h.h"));
}

const DIRECTIVE_HEADER: &str = r#"
namespace lib { inline namespace v1 { namespace detail {
__device__ inline int helper() { return 1; }
} } }
namespace lib { namespace detail {
__device__ inline int other_helper() { return 3; }
} }
namespace other { namespace detail {
__device__ inline int helper() { return 2; }
__device__ inline int other_helper() { return 4; }
} }
"#;

const DIRECTIVE_SOURCE: &str = r#"
#include <lib.h>
namespace lib {
__device__ int own() {
  using namespace detail;
  return other_helper();
}
}
__global__ void k(int *o) {
  using namespace lib::detail;
  o[0] = helper();
  o[1] = lib::own();
}
"#;

/// A block-scope `using namespace` reaches the declarations of the namespace it names (through
/// inline namespaces, and relative to the enclosing namespaces), not those of every namespace
/// with the same last name: `other::detail` is not reached (matching the last name alone
/// reached every `detail` namespace of CCCL and made Thrust's compile 2.5x slower).
#[test]
fn block_scope_directives_reach_only_their_namespace() {
    let mut db = Database::new();
    db.set_file_text("/virtual/sys/lib.h", DIRECTIVE_HEADER);
    let main = db.set_file_text("/virtual/k.cu", DIRECTIVE_SOURCE);
    let options = CompileOptions {
        system_include_dirs: vec!["/virtual/sys".into()],
        ..CompileOptions::default()
    };
    let comp = Compilation::new(&db, main, options, None);
    let diags = warpc_db::diagnostics(&db, comp);
    assert!(diags.is_empty(), "{diags:?}");
    let defs = warpc_db::def_map(&db, comp);
    let names: Vec<&str> = defs.functions.iter().map(|f| f.name.as_str()).collect();
    assert!(names.contains(&"lib::detail::helper"), "{names:?}");
    assert!(names.contains(&"lib::detail::other_helper"), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("other::")), "{names:?}");
}
