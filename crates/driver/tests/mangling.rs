//! Itanium mangling against nvcc: a generated file of several hundred device functions, kernels,
//! members and template instances with varied signatures (builtin types, pointers, cv and
//! restrict qualifiers, references, records and enums in namespaces, class template
//! specializations, substitutions of repeated components) is compiled by `nvcc -ptx -rdc=true`
//! (which keeps every externally visible function) and checked by warpc; the symbol sets must
//! be equal.

#[allow(dead_code)] // this test uses only the oracles
mod common;

use std::collections::BTreeSet;
use std::fmt::Write;

use common::oracles;

const PRELUDE: &str = r#"
struct S { int a; };
union U { int i; float f; };
enum E { E0, E1 };
namespace ns {
struct T { float f; };
enum class Color : int { R, G };
namespace inner { struct V { double d; }; }
template <typename X, int N> struct Pair { X x[N]; };
template <typename X> struct Box { X v; };
}
template <typename X> struct Top { X v; };
typedef unsigned int uint_t;
"#;

/// Type spellings a parameter can have (each also valid as a kernel parameter).
const BASE: &[&str] = &[
    "char",
    "signed char",
    "unsigned char",
    "short",
    "unsigned short",
    "int",
    "unsigned",
    "long",
    "unsigned long",
    "long long",
    "unsigned long long",
    "float",
    "double",
    "bool",
    "S",
    "U",
    "E",
    "ns::T",
    "ns::Color",
    "ns::inner::V",
    "ns::Pair<int, 3>",
    "ns::Box<float>",
    "Top<ns::T>",
    "uint_t",
];

fn derived(base: &str, k: usize) -> String {
    match k % 7 {
        0 => base.to_string(),
        1 => format!("{base} *"),
        2 => format!("const {base} *"),
        3 => format!("volatile {base} *"),
        4 => format!("{base} **"),
        5 => format!("const {base} * __restrict__"),
        _ => format!("{base} * const"),
    }
}

fn generate() -> String {
    let mut src = String::from(PRELUDE);
    let mut n = 0usize;
    // Kernels: one to three parameters, repeated components exercise substitutions.
    for (i, b) in BASE.iter().enumerate() {
        for k in 0..7 {
            let p1 = derived(b, k);
            let p2 = derived(BASE[(i * 7 + k) % BASE.len()], k + i);
            let p3 = derived(b, k + 3);
            let params = match (i + k) % 3 {
                0 => p1,
                1 => format!("{p1}, {p2}"),
                _ => format!("{p1}, {p2}, {p3}"),
            };
            let _ = writeln!(src, "__global__ void k{n}({params}) {{}}");
            n += 1;
        }
    }
    // Device functions with references (kernels cannot take them), in namespaces too.
    for (i, b) in BASE.iter().enumerate() {
        let other = BASE[(i * 5 + 3) % BASE.len()];
        let _ = writeln!(
            src,
            "__device__ void r{i}({b} &a, const {b} &b, const {other} &c, {b} *d) {{}}"
        );
        let _ = writeln!(
            src,
            "namespace ns {{ __device__ int f{i}(const {b} &a, T *t, const T &u) {{ return 0; }} }}"
        );
        let _ = writeln!(src, "__device__ {b} *ret{i}(int x, {b} *p) {{ return p; }}");
    }
    // Overloads, operators and members.
    src.push_str(
        r#"
__device__ int over(int) { return 0; }
__device__ int over(float) { return 0; }
__device__ int over(const S &) { return 0; }
__device__ int over(ns::T *, ns::T *) { return 0; }
struct M {
  int v;
  __device__ M();
  __device__ M(int a, float b);
  __device__ int get() const;
  __device__ void set(int x);
  __device__ M operator+(const M &o) const;
  __device__ M &operator+=(const M &o);
  __device__ bool operator==(const M &o) const;
  __device__ int operator[](int i) const;
  __device__ int operator()(int a, int b) const;
  static __device__ int count(const M *, int);
};
// Out-of-class member definitions are not inline: nvcc -rdc emits them.
__device__ M::M() : v(0) {}
__device__ M::M(int a, float b) : v(a) {}
__device__ int M::get() const { return v; }
__device__ void M::set(int x) { v = x; }
__device__ M M::operator+(const M &o) const { return M(v + o.v, 0.f); }
__device__ M &M::operator+=(const M &o) { v += o.v; return *this; }
__device__ bool M::operator==(const M &o) const { return v == o.v; }
__device__ int M::operator[](int i) const { return v + i; }
__device__ int M::operator()(int a, int b) const { return a + b; }
__device__ int M::count(const M *, int) { return 0; }
namespace ns {
struct W { float x; __device__ float len(const W &o, ns::T t) const; };
__device__ float W::len(const W &o, ns::T t) const { return x; }
__device__ W operator-(const W &a, const W &b) { return a; }
__device__ W operator-(const W &a) { return a; }
}
template <typename X> __device__ void tf(X *a, const X &b) {}
template __device__ void tf<S>(S *, const S &);
template __device__ void tf<int>(int *, const int &);
template __device__ void tf<ns::T>(ns::T *, const ns::T &);
template <typename A, typename B> __device__ A conv(B b, A *a, const B *c) { return *a; }
template __device__ float conv<float, int>(int, float *, const int *);
template __device__ ns::T conv<ns::T, ns::T>(ns::T, ns::T *, const ns::T *);
template <int N, typename X> __device__ int rep(X x) { return N; }
template __device__ int rep<4, double>(double);
template __device__ int rep<-2, ns::Color>(ns::Color);
namespace ns { template <typename X> __device__ X twice(X x) { return x; } template __device__ float twice<float>(float); }
template <typename X> struct Holder { typedef X value_type; using ptr = X *; static const int n = 2; };
template <typename B> __device__ typename B::value_type dep1(const B &b, typename B::ptr p, typename B::value_type v) { return *p; }
template __device__ float dep1<Holder<float> >(const Holder<float> &, Holder<float>::ptr, float);
template __device__ ns::T dep1<Holder<ns::T> >(const Holder<ns::T> &, ns::T *, ns::T);
using real_t = double;
template <typename X> using PtrT = X *;
__device__ void alias1(real_t a, PtrT<ns::T> p, PtrT<const real_t> q) {}
template <typename X> __device__ void alias2(PtrT<X> a, X b, PtrT<const X> c) {}
template __device__ void alias2<int>(int *, int, const int *);
struct St { static __device__ int sf(St *, int); typedef float sf_t; };
__device__ int St::sf(St *, int) { return 0; }
__device__ void memtd(St::sf_t a, Holder<int>::ptr b) {}
template <typename X> struct PS { typedef int kind; };
template <typename X> struct PS<X *> { typedef X kind; };
__device__ void pspec(PS<float *>::kind a, PS<float>::kind b, decltype(1.0f + 1) c) {}
template <typename X, int N> __global__ void tk(const X *in, X *out, Pair<X, N> *p) {}
struct Base { int b; __device__ int bget() const; };
__device__ int Base::bget() const { return b; }
struct Derived : Base { float d; __device__ float dget(const Base &o, Derived *p) const; };
__device__ float Derived::dget(const Base &o, Derived *p) const { return d; }
struct Both : S, Derived { __device__ Both(int x); };
__device__ Both::Both(int x) {}
__device__ int rv(int &&a, S &&s, const ns::T &&t, Derived &&d) { return 0; }
struct Cv { int v; __device__ operator int() const; __device__ operator float *(); __device__ operator const S &() const; };
__device__ Cv::operator int() const { return v; }
__device__ Cv::operator float *() { return 0; }
__device__ Cv::operator const S &() const { return *(const S *)this; }
template <class... A> __device__ int packf(A... a) { return 0; }
template __device__ int packf<int, float, S>(int, float, S);
template __device__ int packf<>();
template <class T, class... R> __device__ int packr(const T &t, R &&...r) { return 0; }
template __device__ int packr<int, float &, double>(const int &, float &, double &&);
template <class T, int N> __device__ int arr(const T (&a)[N]) { return N; }
template __device__ int arr<float, 3>(const float (&)[3]);
template <class... A> struct Tup {};
template <class H, class... A> struct Tup<H, A...> { H h; Tup<A...> t; };
template <class... A> struct Lst {};
__global__ void vk1(Tup<int, float> a, Tup<> b, Lst<S, ns::T, Lst<>> c) {}
__global__ void vk2(Lst<int, Lst<int>> *a, const Tup<ns::Box<float>, ns::T> *b, Lst<Tup<char>, Tup<char>> c) {}
__device__ void vf1(Tup<int, int, int> &a, Lst<E, ns::Color> b) {}
template <class... A> __device__ int vt1(const Tup<A...> &t) { return 0; }
template __device__ int vt1<int, float>(const Tup<int, float> &);
template __device__ int vt1<>(const Tup<> &);
template <class X, class... A> __device__ int vt2(Lst<X, A...> l, Tup<A..., X> *t, A... a) { return 0; }
template __device__ int vt2<S, int, float>(Lst<S, int, float>, Tup<int, float, S> *, int, float);
template <class... A> struct VW { Lst<char, A...> in; };
__global__ void vk3(VW<int, double> a, VW<> b, Lst<VW<S>, Tup<VW<S>>> c) {}
template <template <class> class C, class X> __device__ int ttf(C<X> c, C<float> *d) { return 0; }
template __device__ int ttf<Top, int>(Top<int>, Top<float> *);
template __device__ int ttf<ns::Box, S>(ns::Box<S>, ns::Box<float> *);
template <class A, class B> struct TPair { A a; B b; };
template <template <typename, typename> typename P, class A, class B> __device__ A ttfirst(P<A, B> p, P<B, A> *q) { return p.a; }
template __device__ int ttfirst<TPair, int, float>(TPair<int, float>, TPair<float, int> *);
template <class X> struct NOut { struct In { X x; }; };
__device__ int nin1(NOut<int>::In a, NOut<int>::In *p, const NOut<float>::In &q) { return a.x; }
template <class X> __device__ X nin2(typename NOut<X>::In i, NOut<X> *o, typename NOut<X>::In *j) { return i.x; }
template __device__ float nin2<float>(NOut<float>::In, NOut<float> *, NOut<float>::In *);
template __device__ ns::T nin2<ns::T>(NOut<ns::T>::In, NOut<ns::T> *, NOut<ns::T>::In *);
template <template <class> class C> struct TW { C<int> c; C<float> d; };
template <template <class> class C> __device__ int ttg(TW<C> w, C<int> x) { return 0; }
template __device__ int ttg<Top>(TW<Top>, Top<int>);
template __device__ int ttg<ns::Box>(TW<ns::Box>, ns::Box<int>);
template <template <class> class C = Top> struct TD { C<int> x; };
__device__ int tth(TW<Top> *w, Top<int> b, TW<ns::Box> c, Top<float> d, TD<> *e, TD<ns::Box> f) { return 0; }
template <template <class> class C, class X> __device__ int ttf2(Top<X> a, C<X> b, C<float> c) { return 0; }
template __device__ int ttf2<Top, int>(Top<int>, Top<int>, Top<float>);
struct Out { struct In { int x; __device__ int get(const In &o, Out *p) const; struct Deep { float f; }; };
  enum Kind { K0, K1 }; typedef float real; static __device__ int sf(In, Kind, In::Deep *); };
__device__ int Out::In::get(const In &o, Out *p) const { return x; }
__device__ int Out::sf(In, Kind, In::Deep *) { return 0; }
__device__ int nest(Out::In a, const Out::In &b, Out::In::Deep *d, Out::Kind k, Out::real r) { return 0; }
namespace ns { struct NO { struct NI { int y; __device__ NI(int v); }; }; }
__device__ ns::NO::NI::NI(int v) : y(v) {}
__device__ int nsnest(ns::NO::NI a, ns::NO::NI *b, ns::NO *c) { return 0; }
template <bool B> struct MSel;
template <> struct MSel<true> { template <class X> struct Cls { X v; }; };
template <> struct MSel<false> { template <class X, int N> struct Cls { X v[N]; }; };
namespace ns { template <class X> struct MO { template <class Y> struct MI { X x; Y y; }; }; }
template <class X> struct MOut { template <class Y> struct MIn { X x; Y y; struct Deep { Y d; }; }; };
__device__ int mct1(MSel<true>::Cls<int> a, MSel<false>::Cls<float, 2> *b, const MSel<true>::Cls<int> &c) { return 0; }
__device__ int mct2(ns::MO<S>::MI<ns::T> a, ns::MO<S>::MI<ns::T> *b, ns::MO<int>::MI<S> c, ns::T d) { return 0; }
__device__ int mct3(MOut<int>::MIn<float>::Deep a, MOut<int>::MIn<float> *b, MOut<int> *c) { return 0; }
template <class X> __device__ int mct4(typename MSel<true>::template Cls<X> a, X b) { return 0; }
template __device__ int mct4<float>(MSel<true>::Cls<float>, float);
template <class X> __device__ int mct5(typename MOut<X>::template MIn<S> a, X b) { return 0; }
template __device__ int mct5<float>(MOut<float>::MIn<S>, float);
__device__ int nstpl(ns::Box<float> a, ns::Box<int> b, ns::Pair<int, 2> *c, ns::Pair<float, 2> d) { return 0; }
__device__ int fnx1(int (*a)() noexcept, void (*b)(int) noexcept, int (*c)(), const S &(*d)(S *) noexcept) { return 0; }
__device__ int fnx2(void (&a)() noexcept, void (*const *b)() noexcept, void (*c)() noexcept, void (*e)()) { return 0; }
template <class X> __device__ int fnx3(X (*a)() noexcept, X (*b)(), X (*c)() noexcept) { return 0; }
template __device__ int fnx3<float>(float (*)() noexcept, float (*)(), float (*)() noexcept);
template <class X, bool B = true> using fnx_t = X (*)(X) noexcept(B);
__device__ int fnx4(fnx_t<int> a, fnx_t<int, false> b, fnx_t<ns::T> c) { return 0; }
template <class X> struct DTr { using ptr = X *; struct In { using val = X; }; using self = DTr<X>; };
template <class X, int N> struct DAr { using elem = X; };
namespace ns { template <class X> struct DBx { using ref = X &; }; }
template <class X> __device__ typename DTr<X>::ptr dm1(typename DTr<X>::ptr p, const typename DTr<X>::ptr *q) { return p; }
template __device__ int *dm1<int>(int *, int *const *);
template <class X> __device__ int dm2(typename DTr<X>::In::val v, typename DTr<X>::self::ptr p) { return 0; }
template __device__ int dm2<float>(float, float *);
template <class X, int N> __device__ int dm3(typename DAr<X, N>::elem e, typename ns::DBx<X>::ref r, typename DAr<X *, 3>::elem f) { return 0; }
template __device__ int dm3<char, 4>(char, char &, char *);
template <class X> __global__ void dm4(typename DTr<X>::ptr a, typename DTr<X>::ptr b) {}
template __global__ void dm4<double>(double *, double *);
template <class X> __device__ int dm5(typename DTr<int>::ptr a, X b) { return 0; }
template __device__ int dm5<long>(int *, long);
template <bool B, class X = void> struct xen_if {};
template <class X> struct xen_if<true, X> { typedef X type; };
template <bool B, class X = void> using xen_if_t = typename xen_if<B, X>::type;
template <class X> struct xis_int { static constexpr bool value = false; static constexpr int n = 2; };
template <> struct xis_int<int> { static constexpr bool value = true; static constexpr int n = 4; };
namespace ns { template <class X> struct xis_f { static constexpr bool value = true; }; }
template <int N> struct XA { int v; };
template <int... I> struct xseq {};
template <class X> struct XOut { template <class Y> using rebind = XOut<Y>; template <class Y> struct rb { Y y; }; X x; };
template <class X> struct XW { static constexpr int value = 1; };
template <class X> __global__ void xe1(X *p, typename xen_if<xis_int<X>::value, int>::type x) {}
template __global__ void xe1<int>(int *, int);
template <class X> __global__ void xe2(X *p, xen_if_t<xis_int<X>::value, X> x, xen_if_t<(sizeof(X) > 2), X> *y) {}
template __global__ void xe2<int>(int *, int, int *);
template <class X> __device__ xen_if_t<ns::xis_f<X>::value, X> xe3(X x, ns::xis_f<X> *f, XA<ns::xis_f<X>::value> a) { return x; }
template __device__ float xe3<float>(float, ns::xis_f<float> *, XA<1>);
template <class X> __device__ xen_if_t<!xis_int<X>::value> xe4(X *x) {}
template __device__ void xe4<float>(float *);
template <class P, class Q> __device__ auto xd1(P a, Q b) -> decltype(a + b) { return a + b; }
template __device__ float xd1<int, float>(int, float);
template <class P, class Q> __device__ auto xd2(P a, const Q *b) -> decltype(a * *b + a) { return a; }
template __device__ double xd2<double, int>(double, const int *);
template <int... I> __global__ void xs1(xseq<I...> s, int *o) {}
template __global__ void xs1<1, 2, 3>(xseq<1, 2, 3>, int *);
template __global__ void xs1<>(xseq<>, int *);
template <class X, int... I> __device__ int xs2(X x, xseq<I...> *s, xseq<I...> t) { return 0; }
template __device__ int xs2<float, 4, 5>(float, xseq<4, 5> *, xseq<4, 5>);
template <class X> __global__ void xr1(typename XOut<X>::template rebind<float> a, typename XOut<X>::template rb<X> b) {}
template __global__ void xr1<int>(XOut<float>, XOut<int>::rb<int>);
template <int N> __global__ void xn1(XA<N + 1> a, XA<N * 2 - 1> b, XA<(N > 2)> c, XA<-N> d, XA<!N> e, XA<N + 1> *f) {}
template __global__ void xn1<3>(XA<4>, XA<5>, XA<1>, XA<-3>, XA<0>, XA<4> *);
template <class X, int N> __global__ void xn2(XA<N + sizeof(X)> a, XA<alignof(X)> b, XA<sizeof(X) * N> c, XA<sizeof(X)> *d) {}
template __global__ void xn2<float, 2>(XA<6>, XA<4>, XA<8>, XA<4> *);
template <int N, bool C, unsigned V> __global__ void xn3(XA<N + 1u> a, XA<C && true> b, XA<V - 2> c, XA<(N < 3 ? 1 : 2)> d, XA<(int)V> e) {}
template __global__ void xn3<1, true, 3u>(XA<2>, XA<1>, XA<1>, XA<1>, XA<3>);
template <class X> __global__ void xn4(XA<X::value> a, XA<X::value + 1> b, XA<xis_int<X>::n * 2> c) {}
template __global__ void xn4<XW<int>>(XA<1>, XA<2>, XA<4>);
template <int N> __global__ void xn5(XA<N % 3> a, XA<N / 2> b, XA<(N << 1)> c, XA<(N & 1) | 2> d, XA<~N> e, XA<N == 1> f, XA<N != 1> g, XA<(N >= 1)> h) {}
template __global__ void xn5<1>(XA<1>, XA<0>, XA<2>, XA<3>, XA<-2>, XA<1>, XA<0>, XA<1>);
template <class X> X &&xdeclval();
template <class X> __device__ X xtwice(X x) { return x + x; }
template <class... X> __global__ void xp1(XA<sizeof...(X)> a, X... x) {}
template __global__ void xp1<int, float>(XA<2>, int, float);
template <int... I> __global__ void xp2(XA<sizeof...(I)> a) {}
template __global__ void xp2<1, 2>(XA<2>);
template <class X> __device__ auto xc1(X a) -> decltype(xdeclval<X>() + 1) { return a; }
template __device__ int xc1<int>(int);
template <class X> __device__ auto xc2(X a) -> decltype(xtwice(a)) { return a; }
template __device__ int xc2<int>(int);
template <class X> struct XPlus { __device__ __noinline__ X operator()(X a, X b) const { return a + b; } };
template <class G, class V, template <class> class Op, class I> __device__ __noinline__ auto xred(const G &g, V &&v, Op<I> &&op) -> decltype(op(v, v)) { return op(v, v); }
template __device__ int xred<int, int &, XPlus, int>(const int &, int &, XPlus<int> &&);
"#,
    );
    // Kernel template instantiations need `ns::` in the parameter type.
    src = src.replace("Pair<X, N> *p) {}", "ns::Pair<X, N> *p) {}");
    src.push_str(
        "template __global__ void tk<float, 2>(const float *, float *, ns::Pair<float, 2> *);\n\
         template __global__ void tk<int, 8>(const int *, int *, ns::Pair<int, 8> *);\n",
    );
    src
}

fn nvcc_symbols(ptx: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in ptx.lines() {
        let l = line.trim();
        if !(l.contains(".func") || l.contains(".entry")) || l.starts_with("//") {
            continue;
        }
        // The symbol is the identifier before `(`, after an optional return parameter.
        let rest = match l.find("func_retval0") {
            Some(i) => l[i..].split_once(')').map_or(l, |(_, r)| r),
            None => l,
        };
        let candidate = rest.split('(').next();
        if let Some(c) = candidate.and_then(|c| c.split_whitespace().last()) {
            let c = c.trim_end_matches(';');
            if c.starts_with("_Z") {
                out.insert(c.to_string());
            }
        }
    }
    out
}

#[test]
fn mangled_names_equal_nvccs() {
    let src = generate();
    let dir = std::env::temp_dir().join(format!("warpc-mangling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mangling.cu");
    std::fs::write(&path, &src).unwrap();

    let ptx = oracles()
        .nvcc_ptx(&path, &["-rdc=true", "-arch=sm_90"])
        .unwrap_or_else(|e| panic!("nvcc failed: {e}"));
    let theirs = nvcc_symbols(&ptx);

    let mut db = warpc_db::Database::new();
    let main = db.set_file_text(&path, &src);
    let comp = warpc_db::Compilation::new(&db, main, warpc_base::CompileOptions::default(), None);
    let diags = warpc_db::diagnostics(&db, comp);
    let errors: Vec<_> = diags
        .iter()
        .filter(|d| d.severity == warpc_base::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "warpc rejected the generated file: {errors:#?}");
    let defs = warpc_db::def_map(&db, comp);
    let items = &warpc_db::item_tree_with_source_map(&db, comp).source_map;
    let ours: BTreeSet<String> = defs
        .functions
        .iter()
        .filter(|f| f.body_index.is_some() && f.space.runs_on_device())
        .filter(|f| {
            items
                .items
                .get(f.item as usize)
                .is_some_and(|&(file, _, _)| file == main)
        })
        .map(|f| f.link_name.to_string())
        .filter(|n| n.starts_with("_Z"))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);

    assert!(
        theirs.len() >= 250,
        "expected several hundred symbols from nvcc, got {}",
        theirs.len()
    );
    // nvcc also emits each out-of-class constructor as the base-object constructor (`C2`);
    // warpc has no virtual bases and emits only the complete-object one (`C1`), whose name
    // must be there.
    let c2_of_c1 = |n: &str| n.contains("C2E") && ours.contains(&n.replacen("C2E", "C1E", 1));
    let missing: Vec<_> = theirs.difference(&ours).filter(|n| !c2_of_c1(n)).collect();
    let extra: Vec<_> = ours.difference(&theirs).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{} symbols compared; nvcc's not produced by warpc: {missing:#?}\nwarpc's not produced by nvcc: {extra:#?}",
        theirs.len()
    );
}
