//! Member using-declarations (`using Base::f;`, `using Base::Base;`), checked from source.

use super::source::check_text;
use expect_test::expect;
use warpc_base::CompileOptions;

/// Each expression statement of `k` with the function it calls.
fn calls(text: &str) -> String {
    check_text(text, &CompileOptions::default()).expr_types(true)
}

#[test]
fn using_declared_functions_join_the_overload_set() {
    // `B::f(int)` joins `D`'s set; `D::f(float)` hides `B::f(float)`; `D` inherits privately
    // and the using-declarations make the members public (`h` was protected).
    expect![[r#"
        d.f(1)                       => (call B::f (ptr2ptr (ptr2ptr (addr (local d D&) D *) B *) const B *) (const 1 int) int)
        d.f(1.0f)                    => (call D::f (ptr2ptr (addr (local d D&) D *) const D *) (const 1.0 float) int)
        d.f(1.0)                     => (call D::f (ptr2ptr (addr (local d D&) D *) const D *) (const 1.0 double) int)
        d.x                          => (member (member (local d D&) .#0 B&) .x int&)
        d.h()                        => (call B::h (ptr2ptr (ptr2ptr (addr (local d D&) D *) B *) const B *) int)
    "#]]
    .assert_eq(&calls(
        r#"
struct B {
  int x;
  __device__ int f(int a) const { return x + a; }
  __device__ int f(float a) const { return x; }
protected:
  __device__ int h() const { return 3; }
};
struct D : private B {
  using B::f;
  using B::x;
  using B::h;
  __device__ int f(float a) const { return 1; }
  __device__ int f(double a) const { return 2; }
};
__device__ void k(D d) {
  d.f(1);
  d.f(1.0f);
  d.f(1.0);
  d.x;
  d.h();
}
"#,
    ));
}

#[test]
fn inheriting_constructors() {
    // `D(int)` and `D(int, int)` come from `B`; `D()` and `D(const D&)` are `D`'s implicit
    // ones (`B`'s default and copy constructors are not inherited).
    expect![[r#"
        D(5).x                       => (member (member (comma (call B::B (ptr2ptr (addr (local $ctor.tmp D&) D *) B *) (const 5 int) void) (load (local $ctor.tmp D&) D) D) .#0 B) .x int)
        D(2, 3).x                    => (member (member (comma (call B::B (ptr2ptr (addr (local $ctor.tmp D&) D *) B *) (const 2 int) (const 3 int) void) (load (local $ctor.tmp D&) D) D) .#0 B) .x int)
        c.x                          => (member (member (local c D&) .#0 B&) .x int&)
    "#]]
    .assert_eq(&calls(
        r#"
struct B {
  int x;
  __device__ B() : x(0) {}
  __device__ B(int v) : x(v) {}
  __device__ B(int a, int b) : x(a * b) {}
};
struct D : B { using B::B; };
__device__ void k() {
  D(5).x;
  D(2, 3).x;
  D d;
  D c(d);
  c.x;
}
"#,
    ));
}

#[test]
fn member_using_declaration_errors() {
    expect![[r#"
        d.f()                        => (const 0 <error-type>)
        d.x                          => (const 0 <error-type>)
        G(1).h                       => (const 0 <error-type>)
        error:4: [invalid-base] invalid base class
        error:4: [no-member] class "B" has no member "nothere"
        error:14: [inaccessible] function "B::f" is inaccessible
        error:15: [inaccessible] member "B::x" is inaccessible
        error:16: [unsupported] unsupported: inheriting constructors of a class whose other bases or members need initialization
    "#]]
    .assert_eq(&calls(
        r#"
struct B { __device__ int f() const { return 1; } int x; };
struct C { __device__ int g() const { return 1; } };
struct D : B {
  using C::g;
  using B::nothere;
private:
  using B::f;
  using B::x;
};
struct E { __device__ E(int) {} };
struct G : E { using E::E; struct H { __device__ H() {} } h; };
__device__ void k(D d) {
  d.f();
  d.x;
  G(1).h;
}
"#,
    ));
}

#[test]
fn constructor_templates_are_candidates() {
    // The template's instance is requested; the def map's next round (warpc-db's fixed point)
    // creates it. Without one, a class with only constructor templates has no default
    // constructor and is never initialized as an aggregate.
    expect![[r#"
        S(1, 2).v                    => (member (comma (call S::S (addr (local $ctor.tmp S&) S *) (const 1 int) (const 2 int) void) (load (local $ctor.tmp S&) S) S) .v int)
        S(2.5f).v                    => (const 0 <error-type>)
        error:9: [unsupported] unsupported: function template "S" could not be instantiated here
        error:10: [no-constructor] no default constructor exists for class "S"
    "#]]
    .assert_eq(&calls(
        r#"
struct S {
  int v;
  template <class U> __device__ S(U u) : v((int)u) {}
  __device__ S(int a, int b) : v(a + b) {}
};
__device__ void k() {
  S(1, 2).v;
  S(2.5f).v;
  S s;
}
"#,
    ));
}
