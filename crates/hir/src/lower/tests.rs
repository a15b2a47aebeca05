//! Snapshot tests of item trees and bodies (parsed with `parse_text`, printed with [`pretty`]).

use super::{lower_body, lower_item_tree, pretty};
use expect_test::{expect, Expect};
use warpc_base::Diagnostic;
use warpc_syntax::parse_text;

fn diags(out: &mut String, ds: &[Diagnostic]) {
    for d in ds {
        let at = d.primary.map_or(String::new(), |p| format!("@{:?}", p.range));
        out.push_str(&format!("{:?}[{}]{at}: {}\n", d.severity, d.code, d.message).to_lowercase());
    }
}

fn items(src: &str) -> String {
    let parse = parse_text(src);
    let (tree, map, ds) = lower_item_tree(&parse);
    assert_eq!(map.items.len(), tree.items.len());
    assert_eq!(map.records.len(), tree.records.len());
    let mut out = pretty::item_tree(&tree);
    diags(&mut out, &parse.errors);
    diags(&mut out, &ds);
    out
}

fn check_items(src: &str, expect: Expect) {
    expect.assert_eq(&items(src));
}

fn bodies(src: &str) -> String {
    let parse = parse_text(src);
    let mut out = String::new();
    diags(&mut out, &parse.errors);
    for (i, (f, file, _)) in parse.all_fn_syntax().into_iter().enumerate() {
        let (body, map, ds) = lower_body(&f, file);
        assert_eq!(map.exprs.len(), body.exprs.len());
        assert_eq!(map.stmts.len(), body.stmts.len());
        assert_eq!(map.types.len(), body.types.len());
        let len = f.syntax().text_range().len();
        assert!(
            map.exprs.iter().chain(&map.stmts).all(|r| r.end() <= len),
            "ranges must be relative"
        );
        out.push_str(&format!("-- body {i}\n"));
        out.push_str(&pretty::body(&body));
        diags(&mut out, &ds);
    }
    out
}

fn check_bodies(src: &str, expect: Expect) {
    expect.assert_eq(&bodies(src));
}

#[test]
fn functions_and_globals() {
    check_items(
        r#"
extern "C" __global__ void __launch_bounds__(256, 2) k(int n, const float *__restrict__ x, float a[], void (*cb)(int));
__device__ __forceinline__ static int f(void) { return 1; }
__constant__ float coeffs[4] = {1.f, 0.5f, [3] = 2};
__device__ unsigned int counter = 0, *p, arr[2][3];
extern __shared__ float dyn[];
extern "C" { __device__ int cx; int g(int, ...); }
extern "C" __device__ int cy;
int (*fp)(double);
typedef unsigned long long u64;
u64 big;
"#,
        expect![[r#"
            fn k(n: int, x: restrict ptr(const float), a: ptr(float), cb: ptr(fn(int) -> void)) -> void [global extern_c launch_bounds(256, 2)]
            fn f() -> int [device static forceinline] body#0
            var coeffs: array(float, 4) constant = {1.0f, 0.5f, [3]=2}
            var counter: unsigned global = 0
            var p: ptr(unsigned) global
            var arr: array(array(unsigned, 3), 2) global
            var dyn: array(float) extern shared
            var cx: int global extern_c
            fn g(_: int, ...) -> int [extern_c]
            var cy: int extern global extern_c
            var fp: ptr(fn(double) -> int)
            typedef u64 = unsigned long long
            var big: u64
        "#]],
    );
}

#[test]
fn records_enums_typedefs() {
    check_items(
        r#"
typedef struct { float re, im; } complexf;
union Bits { float f; unsigned u; };
struct Params { int n; float scale; complexf rot; struct Node *next; };
struct Node;
struct Node { struct Node *next; union { int i; float f; }; unsigned flag : 1; };
struct Node *head;
Params by_cxx_rule;
struct __align__(16) V4 { float x, y, z, w; };
enum Color { RED, GREEN = 5, BLUE };
enum Color c;
struct Outer { struct Inner { int a; } in; } o;
"#,
        expect![[r#"
            record #0
            typedef complexf = struct <anon>#0
            record #1
            record #2
            record #3
            record #4
            record #5
            var head: ptr(struct Node#4)
            var by_cxx_rule: struct Params#2
            record #6
            enum #0
            var c: enum Color#0
            record #7
            record #8
            var o: struct Outer#7
            #0 struct <anon> { re: float, im: float }
            #1 union Bits { f: float, u: unsigned }
            #2 struct Params { n: int, scale: float, rot: complexf, next: ptr(struct Node) }
            #3 struct Node;
            #4 struct Node { next: ptr(struct Node#4), _: union <anon>#5, flag: unsigned : 1 }
            #5 union <anon> { i: int, f: float }
            #6 struct V4 align(16) { x: float, y: float, z: float, w: float }
            #7 struct Outer { in: struct Outer::Inner#8 }
            #8 struct Outer::Inner { a: int }
            enum#0 Color { RED, GREEN = 5, BLUE }
        "#]],
    );
}

#[test]
fn namespaces_qualify_names() {
    check_items(
        r#"
namespace geo {
struct vec3 { float x; };
typedef vec3 point;
__device__ float len(const vec3 &v, point p);
namespace detail { __device__ int scale; typedef unsigned scale_t; }
}
namespace geo::inner { __device__ void f(geo::vec3 *v, detail::scale_t s); }
using namespace geo;
using geo::inner::f;
__device__ void g(vec3 a, point b);
namespace { int hidden; }
"#,
        expect![[r#"
            record #0
            typedef geo::point = struct geo::vec3#0
            fn geo::len(v: ref(const struct geo::vec3#0), p: geo::point) -> float [device]
            var geo::detail::scale: int global
            typedef geo::detail::scale_t = unsigned
            fn geo::inner::f(v: ptr(struct geo::vec3#0), s: geo::detail::scale_t) -> void [device]
            using namespace geo
            using f = geo::inner::f
            fn g(a: struct geo::vec3#0, b: geo::point) -> void [device]
            using namespace _GLOBAL__N_1
            var _GLOBAL__N_1::hidden: int static
            #0 struct geo::vec3 { x: float }
        "#]],
    );
}

#[test]
fn deduction_guides_and_decltype_auto() {
    check_items(
        r#"
namespace ns {
template <class T> struct Span { T *p; int n; };
template <class T> Span(T *, int) -> Span<T>;
Span(const char *) -> Span<char>;
}
__device__ decltype(auto) f(int &r) { return (r); }
"#,
        expect![[r#"
            record #0
            guide ns::Span(ptr(T), int) -> ns::Span<T>
            guide ns::Span(ptr(const char)) -> ns::Span<char>
            fn f(r: ref(int)) -> decltype(auto) [device] body#0
            #0 struct ns::Span { p: ptr(T), n: int }
        "#]],
    );
}

#[test]
fn unsupported_and_errors() {
    check_items(
        r#"
template <typename T> __device__ T id(T v) { return v; }
namespace ns { int x; }
__device__ void refs(int &r, const float &f = 1.5f);
struct R { int &m; };
struct M { int a; __device__ int get() { return a; } };
constexpr int k = 3;
x = 5;
int bad unsigned float;
"#,
        expect![[r#"
            template<typename T> fn id(v: T) -> T [device] body#0
            var ns::x: int
            fn refs(r: ref(int), f: ref(const float) = 1.5f) -> void [device]
            record #0
            record #1
            fn M::get() -> int [device inline] body#1 member of #1
            var k: const int = 3
            var x: <error> = 5
            var bad: int
            #0 struct R { m: ref(int) }
            #1 struct M { a: int }
            error[syntax]@248..248: expected a ";"
            error[syntax]@234..240: this declaration has no storage class or type specifier
        "#]],
    );
}

#[test]
fn body_statements() {
    check_bodies(
        r#"
__device__ int classify(int v, unsigned long long x) {
  switch (v & 7) {
  case 0: return 10;
  case 1:
  case 2: v += 3;
  case 3: return v * 2;
  default: return -1;
  }
again:
  if (x == 1 || v >= 3) return v; else x = (x & 1) ? 3 * x + 1 : x / 2;
  ++v;
  goto again;
  do { v--; } while (v > 0);
  while (1) { if (v) break; else continue; }
  for (;;) ;
  return sizeof(int) + sizeof v + (int)x;
}
"#,
        expect![[r#"
            -- body 0
            params(v, x)
            {
              switch (& v 7)
                {
                  case 0:
                    return 10
                  case 1:
                    ;
                  case 2:
                    (+= v 3)
                  case 3:
                    return (* v 2)
                  default:
                    return (neg 1)
                }
              again:
                if (|| (== x 1) (>= v 3))
                  return v
                else
                  (= x (? (& x 1) (+ (* 3 x) 1) (/ x 2)))
              (pre++ v)
              goto again
              do
                {
                  (post-- v)
                }
              while (> v 0)
              while 1
                {
                  if v
                    break
                  else
                    continue
                }
              for cond=- step=-
                ;
              return (+ (+ (sizeof-type int) (sizeof v)) (cast int x))
            }
        "#]],
    );
}

#[test]
fn body_decls_pragmas_launches() {
    check_bodies(
        r#"
#define BLOCK 256
__global__ void k(const float *in, float *out, int n) {
  __shared__ float partial[BLOCK];
  extern __shared__ float dyn[];
  static __device__ int counter;
  int i = blockIdx.x * blockDim.x + threadIdx.x, *q = &i, arr[2][3] = {{1, 2, 3}, {4}};
  float4 v = make_float4(0.f, 1.5f, 2e3f, 0x1p-2f);
  struct S s = {.a = 1, .b.c = 2, [3] = 4};
#pragma unroll
  for (int j = 0; j < 4; ++j) out[j] = in[j];
#pragma unroll 8
  while (n--) ;
#pragma nounroll
  do ; while (0);
  if (n)
#pragma unroll (4)
    for (;;) break;
  k<<<(n + 255) / 256, 256, 0>>>(in, out, n);
  const char *s2 = "a\tb" "c";
  char c = '\n';
  out[0] = ((const unsigned *)&in[0])[1] & 0x80000000u;
  return;
}
"#,
        expect![[r#"
            -- body 0
            params(in, out, n)
            {
              decl shared partial: array(float, BLOCK)
              decl extern shared dyn: array(float)
              decl static global counter: int
              decl i: int = (+ (* (. blockIdx x) (. blockDim x)) (. threadIdx x))
              decl q: ptr(int) = (addr i)
              decl arr: array(array(int, 3), 2) = {{1, 2, 3}, {4}}
              decl v: float4 = (call make_float4 0.0f 1.5f 2000.0f 0.25f)
              decl s: struct S = {.a=1, .b={.c=2}, [3]=4}
              for cond=(< j 4) step=(pre++ j) [unroll]
                init:
                  decl j: int = 0
                (= (index out j) (index in j))
              while (post-- n) [unroll 8]
                ;
              do [unroll 1]
                ;
              while 0
              if n
                for cond=- step=- [unroll 4]
                  break
              (launch k <<<(/ (+ n 255) 256) 256 0>>> in out n)
              decl s2: ptr(const char) = "a\tbc"
              decl c: char = char(10)
              (= (index out 0) (& (index (cast ptr(const unsigned) (addr (index in 0))) 1) 0x80000000u))
              return
            }
        "#]],
    );
}

#[test]
fn body_unsupported_locals() {
    check_bodies(
        r#"
void f() {
  typedef int T;
  struct L { int a; } l;
  static_assert(1, "x");
  int x = a ?: b;
}
"#,
        expect![[r#"
            -- body 0
            params()
            {
              typedef T = int
              decl l: local#0
              static_assert 1 Some("x")
              decl x: int = (? a <missing> b)
            }
            error[unsupported]@88..94: unsupported: conditional expressions with an omitted operand
        "#]],
    );
}

fn conformance(name: &str) -> Option<String> {
    let path = warpc_testkit::conformance_dir("").join(name);
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The declarations the runtime prelude would provide.
const PRELUDE: &str = "typedef struct { float x, y, z, w; } float4;\ntypedef struct { float x, y, z; } float3;\n";

#[test]
fn conformance_structs() {
    let Some(src) = conformance("c/15_structs.cu") else {
        return;
    };
    let src = format!("{PRELUDE}{src}");
    expect_test::expect_file!["../../../../testdata/hir/15_structs.txt"].assert_eq(&format!(
        "{}{}",
        items(&src),
        bodies(&src)
    ));
}

#[test]
fn conformance_control() {
    let Some(src) = conformance("c/11_control.cu") else {
        return;
    };
    expect_test::expect_file!["../../../../testdata/hir/11_control.txt"].assert_eq(&format!(
        "{}{}",
        items(&src),
        bodies(&src)
    ));
}

#[test]
fn every_conformance_file_lowers_without_panicking() {
    for sub in ["c", "cxx", "errors", "program"] {
        for path in warpc_testkit::conformance_files(sub) {
            let src = std::fs::read_to_string(&path).unwrap();
            let src = format!("{PRELUDE}{src}");
            let out = format!("{}{}", items(&src), bodies(&src));
            if sub == "c" {
                // The C-style kernels lower without any diagnostic.
                assert!(
                    !out.contains("error[") && !out.contains("warning["),
                    "{}:\n{out}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn bodies_are_position_free() {
    let a = "__device__ int f(int x) { return x + 1; }\n";
    let b = "int pad;\n\n__device__ int f(int x) { return x + 1; }\n";
    let (fa, file, _) = parse_text(a).fn_syntax(0);
    let (fb, _, _) = parse_text(b).fn_syntax(0);
    assert_eq!(fa, fb);
    assert_eq!(lower_body(&fa, file), lower_body(&fb, file));
}

#[test]
fn long_chains_do_not_overflow_the_stack() {
    let sum = vec!["a"; 1000].join(" + ");
    let idx = "[0]".repeat(1000);
    let src = format!("int g = {sum};\nvoid f(int a) {{ int x = {sum}; int y = p{idx}; }}\n");
    let parse = parse_text(&src);
    assert!(parse.errors.is_empty());
    let (tree, _, ds) = lower_item_tree(&parse);
    assert!(ds.is_empty(), "{ds:?}");
    let crate::item_tree::Item::Var(g) = &tree.items[0] else {
        panic!()
    };
    assert_eq!(g.init.as_ref().unwrap().exprs.exprs.len(), 1999);
    let (f, file, _) = parse.fn_syntax(0);
    let (body, _, ds) = lower_body(&f, file);
    assert!(ds.is_empty(), "{ds:?}");
    assert_eq!(body.exprs.len(), 1999 + 2001);
}

#[test]
fn long_else_if_chains_are_not_nesting() {
    let src = format!(
        "void f(int x) {{ if (x == 0) x = 1; {} else x = 2; }}",
        (1..600)
            .map(|i| format!("else if (x == {i}) x = {i};"))
            .collect::<String>()
    );
    let parse = parse_text(&src);
    assert!(parse.errors.is_empty(), "{:?}", parse.errors);
    let (f, file, _) = parse.fn_syntax(0);
    let (body, _, ds) = lower_body(&f, file);
    assert!(ds.is_empty());
    let ifs = body
        .stmts
        .iter()
        .filter(|s| matches!(s, crate::body::Stmt::If { .. }))
        .count();
    assert_eq!(ifs, 600);
}

#[test]
fn pathological_nesting_lowers_without_overflow() {
    let n = 10_000;
    let cases = [
        format!("int g = {}1{};", "(".repeat(n), ")".repeat(n)),
        format!("int g = {}1;", "-".repeat(n)),
        format!("int g = {}1;", "(int)".repeat(n)),
        format!("void f() {{ int x = {}1{}; }}", "(".repeat(n), ")".repeat(n)),
        format!("void f() {{ x = {}0; }}", "a = ".repeat(n)),
        format!("void f() {{ x = {}0; }}", "a ? b : ".repeat(n)),
        format!("void f() {{ {} }}", "if (1) ".repeat(n) + "x;"),
        format!("void f() {{ if (0) x; {} }}", "else if (1) x; ".repeat(n)),
        format!("void f() {{ {}{} }}", "{".repeat(n), "}".repeat(n)),
        format!("void f() {{ int a[] = {}1{}; }}", "{".repeat(n), "}".repeat(n)),
        format!("void f() {{ x = f{}; }}", "(g".repeat(n) + &")".repeat(n)),
        format!("int {}x{};", "(".repeat(n), ")".repeat(n)),
        format!("int {}x;", "*".repeat(n)),
        format!("void f() {{ {} x; }}", "#pragma unroll\n".repeat(n)),
        format!("int g = 0x1p{}f + 1e99999 + 0x1p-99999999999999999;", "9".repeat(30)),
    ];
    for src in &cases {
        let parse = parse_text(src);
        let _ = lower_item_tree(&parse);
        for (f, file, _) in parse.all_fn_syntax() {
            let _ = lower_body(&f, file);
        }
    }
}
