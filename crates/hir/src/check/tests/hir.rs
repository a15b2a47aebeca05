//! Checker tests on hand-built HIR.

use super::builder::*;
use crate::body::{BinaryOp as B, Initializer, MemorySpace, RecordKind, StorageClass, UnaryOp as U};
use crate::item_tree::FnAttrs;
use expect_test::{expect, Expect};
use warpc_base::CompileOptions;

fn check(tu: &Tu, want: Expect) {
    want.assert_eq(&check_tu(tu, &CompileOptions::default()));
}

#[test]
fn saxpy() {
    let mut tu = Tu::default();
    let mut f = Fb::new(&["n", "a", "x", "y"]);
    let bx = f.bvar("blockIdx", "x");
    let bd = f.bvar("blockDim", "x");
    let tx = f.bvar("threadIdx", "x");
    let m = f.bin(B::Mul, bx, bd);
    let s = f.bin(B::Add, m, tx);
    let d = f.decl("i", int(), Some(s));
    let (i1, n) = (f.n("i"), f.n("n"));
    let c = f.bin(B::Lt, i1, n);
    let (y, i2) = (f.n("y"), f.n("i"));
    let yi = f.idx(y, i2);
    let (a, x, i3) = (f.n("a"), f.n("x"), f.n("i"));
    let xi = f.idx(x, i3);
    let ax = f.bin(B::Mul, a, xi);
    let (y2, i4) = (f.n("y"), f.n("i"));
    let yi2 = f.idx(y2, i4);
    let sum = f.bin(B::Add, ax, yi2);
    let asg = f.asg(yi, sum);
    let st = f.es(asg);
    let iff = f.if_(c, st, None);
    let body = f.finish(vec![d, iff]);
    tu.func(
        "saxpy",
        void(),
        &[
            ("n", int()),
            ("a", float()),
            ("x", restrict(ptr(konst(float())))),
            ("y", restrict(ptr(float()))),
        ],
        FnAttrs {
            global: true,
            extern_c: true,
            ..Default::default()
        },
        Some(body),
    );
    check(
        &tu,
        expect![[r#"
        fn saxpy(n: int, a: float, x: const float *__restrict__, y: float *__restrict__) -> void
        {
          decl i: int = (int2int (add (mul (blockIdx.x unsigned int) (blockDim.x unsigned int) unsigned int) (threadIdx.x unsigned int) unsigned int) int)
          if (lt (load (local i int&) int) (load (local n int&) int) bool)
            (assign (deref (ptradd (load (local y float *__restrict__&) float *) (int2int (load (local i int&) int) long) float *) float&) (add (mul (load (local a float&) float) (load (deref (ptradd (load (local x const float *__restrict__&) const float *) (int2int (load (local i int&) int) long) const float *) const float&) float) float) (load (deref (ptradd (load (local y float *__restrict__&) float *) (int2int (load (local i int&) int) long) float *) float&) float) float) float&)
        }
    "#]],
    );
}

#[test]
fn semantic_errors() {
    let mut tu = Tu::default();
    // int host_only(int v) { return v * 2; }
    let mut f = Fb::new(&["v"]);
    let (v, two) = (f.n("v"), f.i(2));
    let m = f.bin(B::Mul, v, two);
    let r = f.ret(Some(m));
    let b = f.finish(vec![r]);
    tu.func("host_only", int(), &[("v", int())], FnAttrs::default(), Some(b));
    // __device__ float mix(float a, float b, float t);
    tu.func(
        "mix",
        float(),
        &[("a", float()), ("b", float()), ("t", float())],
        attrs_device(),
        None,
    );
    // __global__ int not_void(int *p) { return p[0]; }
    let mut f = Fb::new(&["p"]);
    let (p, z) = (f.n("p"), f.i(0));
    let pi = f.idx(p, z);
    let r = f.ret(Some(pi));
    let b = f.finish(vec![r]);
    tu.func("not_void", int(), &[("p", ptr(int()))], attrs_global(), Some(b));
    // __global__ void k(const float *in, float *out) { ... }
    let mut f = Fb::new(&["in", "out"]);
    let t = f.bvar("threadIdx", "x");
    let h = f.call("host_only", vec![t]);
    let s1 = f.es(h);
    let u = f.n("totl");
    let s2 = f.es(u);
    let p = f.n("out");
    let s3 = f.decl("bad", float(), Some(p));
    let (a0, a1) = (f.f32(1.0), f.f32(2.0));
    let c = f.call("mix", vec![a0, a1]);
    let s4 = f.es(c);
    let (inp, z) = (f.n("in"), f.i(0));
    let ii = f.idx(inp, z);
    let zf = f.f32(0.0);
    let asg = f.asg(ii, zf);
    let s5 = f.es(asg);
    let one = f.f32(1.0);
    let s6 = f.decl_full(
        "s",
        float(),
        MemorySpace::Shared,
        StorageClass::None,
        Some(Initializer::Expr(one)),
    );
    let t = f.bvar("threadIdx", "x");
    let zero = f.i(0);
    let asg = f.asg(t, zero);
    let s7 = f.es(asg);
    let s8 = f.decl_full("c", int(), MemorySpace::Constant, StorageClass::None, None);
    let s9 = f.decl("s9", int(), None);
    let s10 = f.decl("s9", int(), None);
    let s11 = f.st(crate::body::Stmt::Break);
    let s12 = f.st(crate::body::Stmt::Goto("nowhere".into()));
    let b = f.finish(vec![s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12]);
    tu.func(
        "k",
        void(),
        &[("in", ptr(konst(float()))), ("out", ptr(float()))],
        attrs_global(),
        Some(b),
    );
    check(
        &tu,
        expect![[r#"
        item 2: Error[global-return-type]: a __global__ function must have a void return type
        fn host_only(v: int) -> int
        {
          return (mul (load (local v int&) int) (const 2 int) int)
        }
        fn not_void(p: int *) -> int
        {
          return (load (deref (ptradd (load (local p int *&) int *) (int2int (const 0 int) long) int *) int&) int)
        }
        fn k(in: const float *, out: float *) -> void
          local s: float shared
        {
          (const 0 <error-type>)
          (const 0 <error-type>)
          decl bad: float = (const 0 <error-type>)
          (const 0 <error-type>)
          (const 0 <error-type>)
          decl s: float
          (const 0 <error-type>)
          decl c: int
          decl s9: int
          decl s9: int
          ;
          ;
        }
        callees: host_only
        Error[wrong-exec-space] at Expr(ExprId(3)): calling a __host__ function("host_only(int)") from a __global__ function("k") is not allowed
        Error[undefined-identifier] at Expr(ExprId(4)): identifier "totl" is undefined
        Error[type-mismatch] at Expr(ExprId(5)): a value of type "float *" cannot be used to initialize an entity of type "float"
        Error[arg-count] at Expr(ExprId(9)): too few arguments in function call
        Error[not-modifiable] at Expr(ExprId(12)): expression must be a modifiable lvalue
        Error[shared-init] at Decl(StmtId(5), 0): initializer not allowed for __shared__ variable
        Error[not-modifiable] at Expr(ExprId(17)): expression must be a modifiable lvalue
        Error[invalid-memory-space] at Decl(StmtId(7), 0): an automatic "__constant__" variable declaration is not allowed inside a device function body
        Error[redeclaration] at Decl(StmtId(9), 0): "s9" has already been declared in the current scope
        Error[misplaced-break] at Stmt(StmtId(10)): a break statement may only be used within a loop or switch
        Error[undefined-label] at Stmt(StmtId(11)): label "nowhere" was referenced but not defined
    "#]],
    );
}

#[test]
fn record_layout() {
    let mut tu = Tu::default();
    tu.record(
        RecordKind::Struct,
        Some("A"),
        &[
            ("c", bt(crate::body::BuiltinType::Char)),
            ("d", bt(crate::body::BuiltinType::Double)),
            ("s", bt(crate::body::BuiltinType::Short)),
        ],
        None,
    );
    tu.record(
        RecordKind::Union,
        Some("Bits"),
        &[
            ("f", float()),
            ("u", uint()),
            ("b", arr(bt(crate::body::BuiltinType::UChar), 5)),
        ],
        None,
    );
    tu.record(
        RecordKind::Struct,
        Some("float4"),
        &[("x", float()), ("y", float()), ("z", float()), ("w", float())],
        Some(16),
    );
    tu.record(
        RecordKind::Struct,
        Some("Nested"),
        &[
            ("a", rec("A")),
            ("f4", rec("float4")),
            ("p", ptr(rec("Nested"))),
            ("c", bt(crate::body::BuiltinType::Char)),
        ],
        None,
    );
    tu.record(RecordKind::Struct, Some("Empty"), &[], None);
    let anon = tu.record(RecordKind::Struct, None, &[("re", float()), ("im", float())], None);
    tu.typedef(
        "complexf",
        crate::body::TypeRef::Record {
            kind: RecordKind::Struct,
            name: None,
            def: Some(anon),
        },
    );
    tu.func(
        "f",
        void(),
        &[
            ("a", named("complexf")),
            ("b", ptr(named("complexf"))),
            ("c", rec("float4")),
            ("d", ptr(rec("float4"))),
        ],
        attrs_device(),
        None,
    );
    expect![[r#"
        struct A size=24 align=8
          +0 c: char
          +8 d: double
          +16 s: short
        union Bits size=8 align=4
          +0 f: float
          +0 u: unsigned int
          +0 b: unsigned char [5]
        struct float4 size=16 align=16
          +0 x: float
          +4 y: float
          +8 z: float
          +12 w: float
        struct Nested size=64 align=16
          +0 a: A
          +32 f4: float4
          +48 p: Nested *
          +56 c: char
        struct Empty size=1 align=1
        struct complexf size=8 align=4
          +0 re: float
          +4 im: float
        typedef complexf = complexf
        fn _Z1f8complexfPS_6float4PS1_ __device__ f(complexf, complexf *, float4, float4 *) -> void [item 7]
    "#]]
    .assert_eq(&def_map_of(&tu));
}

#[test]
fn overloads() {
    let mut tu = Tu::default();
    for t in [
        int(),
        uint(),
        float(),
        bt(crate::body::BuiltinType::Double),
        bt(crate::body::BuiltinType::ULongLong),
    ] {
        tu.func(
            "atomicAdd",
            t.clone(),
            &[("p", ptr(t.clone())), ("v", t)],
            attrs_device(),
            None,
        );
    }
    tu.func("min", int(), &[("a", int()), ("b", int())], attrs_device(), None);
    tu.func("min", uint(), &[("a", uint()), ("b", uint())], attrs_device(), None);
    tu.func("min", float(), &[("a", float()), ("b", float())], attrs_device(), None);
    let mut f = Fb::new(&["fp", "ip", "up", "n"]);
    let (fp, one) = (f.n("fp"), f.f32(1.0));
    let c1 = f.call("atomicAdd", vec![fp, one]);
    let (ip, one) = (f.n("ip"), f.i(1));
    let c2 = f.call("atomicAdd", vec![ip, one]);
    let up = f.n("up");
    let one = f.lit(crate::body::Literal::Int {
        value: 1,
        unsigned: true,
        long: 0,
        decimal: true,
    });
    let c3 = f.call("atomicAdd", vec![up, one]);
    let (n, one) = (f.n("n"), f.i(1));
    let c4 = f.call("min", vec![n, one]);
    let (a, b) = (f.f32(1.0), f.i(2));
    let c5 = f.call("min", vec![a, b]);
    let (a, b) = (f.i(1), f.f64(2.0));
    let c6 = f.call("min", vec![a, b]);
    let ss: Vec<_> = [c1, c2, c3, c4, c5, c6].into_iter().map(|c| f.es(c)).collect();
    let b = f.finish(ss);
    tu.func(
        "k",
        void(),
        &[
            ("fp", ptr(float())),
            ("ip", ptr(int())),
            ("up", ptr(uint())),
            ("n", bt(crate::body::BuiltinType::Short)),
        ],
        attrs_global(),
        Some(b),
    );
    check(
        &tu,
        expect![[r#"
        fn k(fp: float *, ip: int *, up: unsigned int *, n: short) -> void
        {
          (call atomicAdd (load (local fp float *&) float *) (const 1.0 float) float)
          (call atomicAdd (load (local ip int *&) int *) (const 1 int) int)
          (call atomicAdd (load (local up unsigned int *&) unsigned int *) (const 1 unsigned int) unsigned int)
          (call min (int2int (load (local n short&) short) int) (const 1 int) int)
          (const 0 <error-type>)
          (call min (const 1 int) (float2int (const 2.0 double) int) int)
        }
        callees: atomicAdd, atomicAdd, atomicAdd, min
        Error[ambiguous-overload] at Expr(ExprId(19)): more than one instance of overloaded function "min" matches the argument list:
            note: function "min(int, int)"
            note: function "min(float, float)"
            note: argument types are: (float, int)
    "#]],
    );
}

#[test]
fn locals_and_initializers() {
    let mut tu = Tu::default();
    tu.record(
        RecordKind::Struct,
        Some("Accel"),
        &[("x", float()), ("y", float()), ("z", float())],
        None,
    );
    let mut f = Fb::new(&[]);
    let items: Vec<Initializer> = (0..3).map(|i| Initializer::Expr(f.f32(i as f32))).collect();
    let s1 = f.decl_list("a", rec("Accel"), items);
    let items: Vec<Initializer> = (0..3).map(|i| Initializer::Expr(f.i(i))).collect();
    let s2 = f.decl_list("arr", arr_unsized(int()), items);
    let st = f.str("hi");
    let s3 = f.decl("s", arr_unsized(bt(crate::body::BuiltinType::Char)), Some(st));
    let s4 = f.decl_full(
        "tile",
        arr(arr(float(), 4), 4),
        MemorySpace::Shared,
        StorageClass::None,
        None,
    );
    let s5 = f.decl_full(
        "dyn",
        arr_unsized(float()),
        MemorySpace::Shared,
        StorageClass::Extern,
        None,
    );
    let (a, x) = (f.n("a"), f.i(1));
    let ax = f.mem(a, "x");
    let t = f.n("tile");
    let (i1, i2) = (f.i(1), f.i(2));
    let t1 = f.idx(t, i1);
    let t12 = f.idx(t1, i2);
    let _ = x;
    let asg = f.casg(B::Add, t12, ax);
    let s6 = f.es(asg);
    let arrn = f.n("arr");
    let one = f.i(1);
    let p = f.bin(B::Add, arrn, one);
    let dp = f.un(U::Deref, p);
    let inc = f.un(U::PostInc, dp);
    let s7 = f.es(inc);
    let b = f.finish(vec![s1, s2, s3, s4, s5, s6, s7]);
    tu.func("k", void(), &[], attrs_global(), Some(b));
    check(
        &tu,
        expect![[r#"
        fn k() -> void
          local tile: float [4][4] shared
          local dyn: float [] extern-shared
        {
          decl a: Accel = {(const 0.0 float), (const 1.0 float), (const 2.0 float)}
          decl arr: int [3] = {(const 0 int), (const 1 int), (const 2 int)}
          decl s: char [3] = "hi"
          decl tile: float [4][4]
          decl dyn: float []
          (add=[float] (deref (ptradd (decay (deref (ptradd (decay (local tile float [4][4]&) float (*)[4]) (int2int (const 1 int) long) float (*)[4]) float [4]&) float *) (int2int (const 2 int) long) float *) float&) (load (member (local a Accel&) .x float&) float) float&)
          (postinc (deref (ptradd (decay (local arr int [3]&) int *) (int2int (const 1 int) long) int *) int&) int)
        }
    "#]],
    );
}

#[test]
fn globals_and_printf() {
    let mut tu = Tu::default();
    let coeffs = const_list(&[1.0, 0.5, 0.25]);
    tu.var("coeffs", arr(float(), 8), MemorySpace::Constant, Some(coeffs));
    let zero = const_expr(|f| f.i(0));
    tu.var(
        "counter",
        uint(),
        MemorySpace::Global,
        Some((Initializer::Expr(zero.root), zero)),
    );
    let lookup = const_expr(|f| f.i(0));
    let mut lk = lookup;
    let ids: Vec<_> = [3u128, 1, 4, 1]
        .iter()
        .map(|v| {
            lk.exprs.push(int_lit(*v));
            (None, Initializer::Expr(crate::body::ExprId(lk.exprs.len() as u32 - 1)))
        })
        .collect();
    tu.var(
        "lookup",
        arr_unsized(int()),
        MemorySpace::Global,
        Some((Initializer::List(ids), lk)),
    );
    let n = const_expr(|f| {
        let a = f.i(4);
        let b = f.i(4);
        f.bin(B::Mul, a, b)
    });
    tu.var(
        "N",
        konst(int()),
        MemorySpace::Default,
        Some((Initializer::Expr(n.root), n)),
    );
    let addr = const_expr(|f| {
        let l = f.n("lookup");
        let two = f.i(2);
        f.bin(B::Add, l, two)
    });
    tu.var(
        "third",
        ptr(int()),
        MemorySpace::Global,
        Some((Initializer::Expr(addr.root), addr)),
    );
    tu.func_v(
        "printf",
        int(),
        &[("fmt", ptr(konst(bt(crate::body::BuiltinType::Char))))],
        true,
        FnAttrs {
            extern_c: true,
            ..Default::default()
        },
        None,
    );
    let mut f = Fb::new(&["x"]);
    let (fmt, x, c) = (f.str("v=%f %d %d\n"), f.n("x"), f.n("counter"));
    let k = f.n("coeffs");
    let nn = f.n("N");
    let kn = f.idx(k, nn);
    let ch = f.lit(crate::body::Literal::Char {
        value: b'a' as u32,
        prefix: crate::body::CharPrefix::Narrow,
    });
    let p = f.call("printf", vec![fmt, x, c, kn, ch]);
    let s1 = f.es(p);
    let n2 = f.n("N");
    let s2 = f.decl("local", arr(float(), 1), None);
    let _ = n2;
    let b = f.finish(vec![s1, s2]);
    tu.func("k", void(), &[("x", float())], attrs_global(), Some(b));
    expect![[r#"
        var coeffs __constant__: float [8] = {1.0, 0.5, 0.25, zero, zero, zero, zero, zero}
        var counter __device__: unsigned int = zero
        var lookup __device__: int [4] = {0x3, 0x1, 0x4, 0x1}
        var N host: const int = 0x10
        var third __device__: int * = &global#2+8
        fn printf __host__ __device__ printf(const char *, ...) -> int builtin [item 5]
        fn _Z1kf __global__ k(float) -> void body#0 [item 6]
    "#]]
    .assert_eq(&def_map_of(&tu));
    check(
        &tu,
        expect![[r#"
        fn k(x: float) -> void
        {
          (call printf (decay (str "v=%f %d %d\n\0" const char [12]&) const char *) (float2float (load (local x float&) float) double) (load (global counter unsigned int&) unsigned int) (float2float (load (deref (ptradd (decay (global coeffs float [8]&) float *) (int2int (const 16 int) long) float *) float&) float) double) (int2int (const 97 char) int) int)
          decl local: float [1]
        }
        callees: printf
        globals: coeffs, counter
    "#]],
    );
}

fn const_list(vals: &[f32]) -> (Initializer, crate::body::ConstExpr) {
    let mut ce = const_expr(|f| f.i(0));
    let items = vals
        .iter()
        .map(|v| {
            ce.exprs.push(crate::body::Expr::Literal(crate::body::Literal::Float {
                bits: (*v as f64).to_bits(),
                single: true,
            }));
            (None, Initializer::Expr(crate::body::ExprId(ce.exprs.len() as u32 - 1)))
        })
        .collect();
    (Initializer::List(items), ce)
}
