//! End-to-end codegen tests on hand-built THIR: every PTX produced is assembled by ptxas.

mod common;

use common::*;
use expect_test::expect;
use warpc_base::OptLevel;
use warpc_codegen::{assemble_module, compile_globals, emit_llvm_module};
use warpc_hir::body::LoopHint;
use warpc_hir::thir::*;
use warpc_hir::ty::*;

/// `extern "C" __global__ void saxpy(int n, float a, const float *__restrict__ x,
///                                   float *__restrict__ y)`
/// `{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + y[i]; }`
pub fn saxpy_tu() -> (Tu, FnId) {
    let mut tu = Tu::new();
    let k = tu.kernel(
        "saxpy",
        vec![int(), f32t(), restrict(cptr(f32t())), restrict(ptr(f32t()))],
    );
    let mut f = Fb::new();
    let n = f.param("n", int());
    let a = f.param("a", f32t());
    let x = f.param("x", restrict(cptr(f32t())));
    let y = f.param("y", restrict(ptr(f32t())));
    let i = f.local("i", int());
    let gi = f.global_index();
    let d = f.decl(i, Some(TInit::Expr(gi)));
    let (iv, nv) = (f.get(i), f.get(n));
    let cond = f.bin(TBinOp::Lt, iv, nv);
    let (yv, iv) = (f.get(y), f.get(i));
    let lhs = f.at(yv, iv);
    let av = f.get(a);
    let (xv, iv) = (f.get(x), f.get(i));
    let xi = f.at(xv, iv);
    let xi = f.load(xi);
    let prod = f.bin(TBinOp::Mul, av, xi);
    let (yv, iv) = (f.get(y), f.get(i));
    let yi = f.at(yv, iv);
    let yi = f.load(yi);
    let sum = f.bin(TBinOp::Add, prod, yi);
    let asg = f.assign(lhs, sum);
    let then = f.x(asg);
    let iff = f.if_(cond, then, None);
    tu.set_body(k, f.finish(vec![d, iff]));
    (tu, k)
}

#[test]
fn saxpy_snapshot_and_ptxas() {
    let (tu, k) = saxpy_tu();
    let p = tu.compile(k, &options("sm_90"));
    assert!(p.diagnostics.is_empty(), "{:#?}", p.diagnostics);
    assert!(p.is_kernel);
    assert!(p.prototype.is_empty());
    expect![[r#"
        	// .globl	saxpy
        .visible .entry saxpy(
        	.param .u32 saxpy_param_0,
        	.param .f32 saxpy_param_1,
        	.param .u64 .ptr .align 1 saxpy_param_2,
        	.param .u64 .ptr .align 1 saxpy_param_3
        )
        {
        	.reg .pred 	%p<2>;
        	.reg .b32 	%r<10>;
        	.reg .b64 	%rd<8>;

        	ld.param.b32 	%r2, [saxpy_param_1];
        	ld.param.b32 	%r3, [saxpy_param_0];
        	ld.param.b64 	%rd3, [saxpy_param_2];
        	cvta.to.global.u64 	%rd1, %rd3;
        	ld.param.b64 	%rd4, [saxpy_param_3];
        	cvta.to.global.u64 	%rd2, %rd4;
        	mov.u32 	%r4, %ctaid.x;
        	mov.u32 	%r5, %ntid.x;
        	mov.u32 	%r6, %tid.x;
        	mad.lo.s32 	%r1, %r4, %r5, %r6;
        	setp.ge.s32 	%p1, %r1, %r3;
        	@%p1 bra 	$L__BB0_2;
        	mul.wide.s32 	%rd5, %r1, 4;
        	add.s64 	%rd6, %rd1, %rd5;
        	ld.global.nc.b32 	%r7, [%rd6];
        	add.s64 	%rd7, %rd2, %rd5;
        	ld.global.b32 	%r8, [%rd7];
        	fma.rn.f32 	%r9, %r2, %r7, %r8;
        	st.global.b32 	[%rd7], %r9;
        $L__BB0_2:
        	ret;

        }"#]]
    .assert_eq(&p.ptx);
    for arch in ["sm_75", "sm_80", "sm_90"] {
        let (module, _) = tu.module(&options(arch));
        ptxas(&module, arch);
        assert!(
            module.contains("ld.global.nc"),
            "restrict const loads use the read-only path:\n{module}"
        );
        assert!(module.contains("fma.rn.f32"), "-fmad=true fuses:\n{module}");
    }
}

/// `__device__ int twice(int x) { return x * 2; }`, `__device__ __noinline__ int slow(int x)
/// { return x + 1; }`, `__global__ void calls(int *out) { int i = ...; out[i] = twice(i) + slow(i); }`
fn calls_tu() -> (Tu, FnId, FnId, FnId) {
    let mut tu = Tu::new();
    let twice = tu.device("twice", "_Z5twicei", int(), vec![int()], InlineHint::None);
    let slow = tu.device("slow", "_Z4slowi", int(), vec![int()], InlineHint::Never);
    let k = tu.kernel("calls", vec![ptr(int())]);
    for (id, op) in [(twice, TBinOp::Mul), (slow, TBinOp::Add)] {
        let mut f = Fb::new();
        let x = f.param("x", int());
        let xv = f.get(x);
        let c = f.int(if op == TBinOp::Mul { 2 } else { 1 });
        let r = f.bin(op, xv, c);
        let ret = f.ret(Some(r));
        tu.set_body(id, f.finish(vec![ret]));
    }
    let mut f = Fb::new();
    let out = f.param("out", ptr(int()));
    let i = f.local("i", int());
    let gi = f.global_index();
    let d = f.decl(i, Some(TInit::Expr(gi)));
    let iv = f.get(i);
    let a = f.call(twice, int(), vec![iv]);
    let iv = f.get(i);
    let b = f.call(slow, int(), vec![iv]);
    let s = f.bin(TBinOp::Add, a, b);
    let (o, iv) = (f.get(out), f.get(i));
    let lhs = f.at(o, iv);
    let asg = f.assign(lhs, s);
    let st = f.x(asg);
    tu.set_body(k, f.finish(vec![d, st]));
    (tu, k, twice, slow)
}

#[test]
fn inlined_and_noinline_device_functions() {
    let (tu, k, _twice, slow) = calls_tu();
    let opts = options("sm_80");
    let kp = tu.compile(k, &opts);
    assert_eq!(kp.calls, vec!["_Z4slowi".to_string()], "twice is inlined, slow is not");
    let sp = tu.compile(slow, &opts);
    expect![[r#"
        .func  (.param .b32 func_retval0) _Z4slowi(
        	.param .b32 _Z4slowi_param_0
        );"#]]
    .assert_eq(&sp.prototype);
    let (module, _) = tu.module(&opts);
    ptxas(&module, "sm_80");
    assert!(module.contains("call.uni (retval0), _Z4slowi"), "{module}");
    assert!(!module.contains("_Z5twicei"), "{module}");
    assert!(!module.contains(".extern .func"), "{module}");
    let proto = module.find(&sp.prototype).expect("prototype");
    let body = module
        .find(".func  (.param .b32 func_retval0) _Z4slowi(\n\t.param .b32 _Z4slowi_param_0\n)\n{")
        .expect("body");
    assert!(proto < body);

    // At O0 nothing is inlined: both functions are called and emitted.
    let opts0 = options_o("sm_80", OptLevel::O0);
    let kp0 = tu.compile(k, &opts0);
    assert_eq!(kp0.calls, vec!["_Z4slowi".to_string(), "_Z5twicei".to_string()]);
    let (module0, fns) = tu.module(&opts0);
    assert_eq!(fns.len(), 3);
    ptxas(&module0, "sm_80");
}

/// `__global__ void rev(float *d) { __shared__ float s[256]; extern __shared__ float dyn[];
/// int t = threadIdx.x; s[t] = d[t]; __syncthreads(); dyn[t] = s[255 - t]; d[t] = dyn[t]; }`
/// and the same shared variable reached through an inlined device function from two kernels.
#[test]
fn shared_memory_and_syncthreads() {
    let mut tu = Tu::new();
    let sync = tu.builtin("__nvvm_bar_sync", Ty::void(), vec![int()]);
    let k = tu.kernel("_Z3revPf", vec![ptr(f32t())]);
    tu.defs.functions[k.0 as usize].name = "rev".into();
    let mut f = Fb::new();
    let d = f.param("d", ptr(f32t()));
    let s = f.local_with("s", array(f32t(), Some(256)), LocalStorage::Shared, None);
    let dyn_ = f.local_with("dyn", array(f32t(), None), LocalStorage::ExternShared, None);
    let t = f.local("t", int());
    let st0 = f.decl(s, None);
    let st1 = f.decl(dyn_, None);
    let tid = f.sreg(BuiltinVar::ThreadIdx, Dim::X);
    let tid = f.conv(tid, int());
    let st2 = f.decl(t, Some(TInit::Expr(tid)));
    let (sv, tv) = (f.get(s), f.get(t));
    let sl = f.at(sv, tv);
    let (dv, tv) = (f.get(d), f.get(t));
    let dl = f.at(dv, tv);
    let dl = f.load(dl);
    let a1 = f.assign(sl, dl);
    let st3 = f.x(a1);
    let zero = f.int(0);
    let c = f.call(sync, Ty::void(), vec![zero]);
    let st4 = f.x(c);
    let (yv, tv) = (f.get(dyn_), f.get(t));
    let yl = f.at(yv, tv);
    let c255 = f.int(255);
    let tv = f.get(t);
    let idx = f.bin(TBinOp::Sub, c255, tv);
    let sv = f.get(s);
    let sr = f.at(sv, idx);
    let sr = f.load(sr);
    let a2 = f.assign(yl, sr);
    let st5 = f.x(a2);
    let (dv, tv) = (f.get(d), f.get(t));
    let dl = f.at(dv, tv);
    let (yv, tv) = (f.get(dyn_), f.get(t));
    let yr = f.at(yv, tv);
    let yr = f.load(yr);
    let a3 = f.assign(dl, yr);
    let st6 = f.x(a3);
    tu.set_body(k, f.finish(vec![st0, st1, st2, st3, st4, st5, st6]));

    // `__device__ int bump(int v) { __shared__ int tile[32]; tile[v & 31] = v; return tile[0]; }`
    // inlined into two kernels.
    let bump = tu.device("bump", "_Z4bumpi", int(), vec![int()], InlineHint::None);
    let mut f = Fb::new();
    let v = f.param("v", int());
    let tile = f.local_with("tile", array(int(), Some(32)), LocalStorage::Shared, None);
    let d0 = f.decl(tile, None);
    let vv = f.get(v);
    let m = f.int(31);
    let idx = f.bin(TBinOp::BitAnd, vv, m);
    let tv = f.get(tile);
    let l = f.at(tv, idx);
    let vv = f.get(v);
    let a = f.assign(l, vv);
    let s1 = f.x(a);
    let tv = f.get(tile);
    let z = f.int(0);
    let r = f.at(tv, z);
    let r = f.load(r);
    let s2 = f.ret(Some(r));
    tu.set_body(bump, f.finish(vec![d0, s1, s2]));
    for name in ["k1", "k2"] {
        let k = tu.kernel(name, vec![ptr(int())]);
        let mut f = Fb::new();
        let o = f.param("o", ptr(int()));
        let tid = f.sreg(BuiltinVar::ThreadIdx, Dim::X);
        let tid = f.conv(tid, int());
        let c = f.call(bump, int(), vec![tid]);
        let ov = f.get(o);
        let l = f.deref(ov);
        let a = f.assign(l, c);
        let s = f.x(a);
        tu.set_body(k, f.finish(vec![s]));
    }

    let opts = options("sm_90");
    let (module, _) = tu.module(&opts);
    ptxas(&module, "sm_90");
    assert!(module.contains(".shared .align 4 .b8 _ZZ3revPfE1s[1024];"), "{module}");
    assert!(module.contains(".extern .shared .align 16 .b8 dyn[];"), "{module}");
    assert!(module.contains("bar.sync \t0;"), "{module}");
    assert_eq!(
        module.matches(".shared .align 4 .b8 _ZZ4bumpiE4tile[128];").count(),
        1,
        "{module}"
    );
    assert!(!module.contains(".visible .shared"), "{module}");
}

/// `__constant__ float coef[4] = {1, 2, 3, 4.5f}; __device__ int counter;
/// __device__ float *table[2] = {...}` and a kernel using them plus a function-scope
/// `static __device__ int calls = 5;`.
#[test]
fn constant_and_device_globals() {
    let mut tu = Tu::new();
    let floats =
        |v: &[f32]| ConstValue::Aggregate(v.iter().map(|x| ConstValue::Float((*x as f64).to_bits())).collect());
    let coef = tu.global(
        "coef",
        array(f32t(), Some(4)),
        VarSpace::Constant,
        Some(floats(&[1.0, 2.0, 3.0, 4.5])),
    );
    let counter = tu.global("counter", int(), VarSpace::Global, None);
    let scale = tu.global(
        "scale",
        f64t(),
        VarSpace::Global,
        Some(ConstValue::Float(0.5f64.to_bits())),
    );
    let data = tu.global("data", array(f32t(), Some(2)), VarSpace::Global, None);
    let table = tu.global(
        "table",
        array(ptr(f32t()), Some(2)),
        VarSpace::Global,
        Some(ConstValue::Aggregate(vec![
            ConstValue::GlobalAddr(data, 0),
            ConstValue::GlobalAddr(data, 4),
        ])),
    );
    let sdyn = tu.global("sdyn", array(f32t(), None), VarSpace::ExternShared, None);
    let sh = tu.global("sh", array(int(), Some(8)), VarSpace::Shared, None);
    let _host = tu.global("host_only", int(), VarSpace::Host, None);
    let k = tu.kernel("use_globals", vec![ptr(f32t())]);
    let mut f = Fb::new();
    let out = f.param("out", ptr(f32t()));
    let calls = f.local_with("calls", int(), LocalStorage::Static, Some(ConstValue::Int(5)));
    let d0 = f.decl(calls, None);
    let t = f.sreg(BuiltinVar::ThreadIdx, Dim::X);
    let three = f.uint(3);
    let idx = f.bin(TBinOp::BitAnd, t, three);
    let c = f.glv(coef, array(f32t(), Some(4)));
    let c = f.load(c);
    let ci = f.at(c, idx);
    let ci = f.load(ci);
    let cnt = f.glv(counter, int());
    let cnt = f.load(cnt);
    let cntf = f.conv(cnt, f32t());
    let sum = f.bin(TBinOp::Add, ci, cntf);
    let sc = f.glv(scale, f64t());
    let sc = f.load(sc);
    let sumd = f.conv(sum, f64t());
    let prod = f.bin(TBinOp::Mul, sumd, sc);
    let prodf = f.conv(prod, f32t());
    let tb = f.glv(table, array(ptr(f32t()), Some(2)));
    let tb = f.load(tb);
    let one = f.int(1);
    let p1 = f.at(tb, one);
    let p1 = f.load(p1);
    let v1 = f.deref(p1);
    let v1 = f.load(v1);
    let total = f.bin(TBinOp::Add, prodf, v1);
    let o = f.get(out);
    let ol = f.deref(o);
    let a = f.assign(ol, total);
    let s1 = f.x(a);
    let cl = f.lv(calls);
    let inc = f.inc(cl, true);
    let s2 = f.x(inc);
    let cnt = f.glv(counter, int());
    let cl = f.get(calls);
    let a2 = f.assign(cnt, cl);
    let s3 = f.x(a2);
    let shv = f.glv(sh, array(int(), Some(8)));
    let shv = f.load(shv);
    let z = f.int(0);
    let sh0 = f.at(shv, z);
    let cl = f.get(calls);
    let a3 = f.assign(sh0, cl);
    let s4 = f.x(a3);
    tu.set_body(k, f.finish(vec![d0, s1, s2, s3, s4]));

    let opts = options("sm_75");
    let g = compile_globals(&tu.defs, &opts);
    assert!(g.diagnostics.is_empty(), "{:#?}", g.diagnostics);
    let names: Vec<&str> = g.defs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, vec!["coef", "counter", "scale", "data", "table", "sh"]);
    assert_eq!(g.externs.len(), 1);
    assert_eq!(g.externs[0].text, ".extern .shared .align 16 .b8 sdyn[];");
    let _ = sdyn;
    expect![[r#"
        .const .align 4 .b8 coef[16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 144, 64};
        .global .align 4 .u32 counter;
        .global .align 8 .f64 scale = 0d3FE0000000000000;
        .global .align 4 .b8 data[8];
        .global .align 8 .u64 table[2] = {generic(data), generic(data)+4};"#]]
    .assert_eq(
        &g.defs
            .iter()
            .filter(|d| d.name != "sh")
            .map(|d| d.text.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    );
    assert_eq!(g.defs[5].text, ".shared .align 4 .b8 sh[32];");
    let (module, fns) = tu.module(&opts);
    ptxas(&module, "sm_75");
    assert_eq!(fns.len(), 1);
    assert!(
        module.contains("\n.global .align 4 .u32 _ZZ11use_globalsE5calls = 5;\n"),
        "{module}"
    );
    assert!(
        !module.contains(".extern .global"),
        "defined globals lose their .extern:\n{module}"
    );
    assert!(!module.contains(".extern .const"), "{module}");
}

/// `struct complexf { float re, im; }; struct Params { int n; float scale; complexf rot; };`
/// `__device__ __noinline__ complexf cmul(complexf a, complexf b)` and
/// `extern "C" __global__ void rotate_all(Params p, complexf *v)`.
#[test]
fn records_by_value() {
    let mut tu = Tu::new();
    let cx = tu.record("complexf", vec![("re", f32t(), 0), ("im", f32t(), 4)], 8, 4, false);
    let cxt = Ty::new(TyKind::Record(cx));
    let pr = tu.record(
        "Params",
        vec![("n", int(), 0), ("scale", f32t(), 4), ("rot", cxt.clone(), 8)],
        16,
        4,
        false,
    );
    let prt = Ty::new(TyKind::Record(pr));
    let cmul = tu.device(
        "cmul",
        "_Z4cmul8complexfS_",
        cxt.clone(),
        vec![cxt.clone(), cxt.clone()],
        InlineHint::Never,
    );
    {
        let mut f = Fb::new();
        let a = f.param("a", cxt.clone());
        let b = f.param("b", cxt.clone());
        let r = f.local("r", cxt.clone());
        let d = f.decl(r, None);
        let fld = |f: &mut Fb, l, i| {
            let lv = f.lv(l);
            let m = f.member(lv, i, f32t());
            f.load(m)
        };
        let (are, bre, aim, bim) = (
            fld(&mut f, a, 0),
            fld(&mut f, b, 0),
            fld(&mut f, a, 1),
            fld(&mut f, b, 1),
        );
        let p1 = f.bin(TBinOp::Mul, are, bre);
        let p2 = f.bin(TBinOp::Mul, aim, bim);
        let re = f.bin(TBinOp::Sub, p1, p2);
        let rl = f.lv(r);
        let rre = f.member(rl, 0, f32t());
        let a1 = f.assign(rre, re);
        let s1 = f.x(a1);
        let (are, bim, aim, bre) = (
            fld(&mut f, a, 0),
            fld(&mut f, b, 1),
            fld(&mut f, a, 1),
            fld(&mut f, b, 0),
        );
        let p1 = f.bin(TBinOp::Mul, are, bim);
        let p2 = f.bin(TBinOp::Mul, aim, bre);
        let im = f.bin(TBinOp::Add, p1, p2);
        let rl = f.lv(r);
        let rim = f.member(rl, 1, f32t());
        let a2 = f.assign(rim, im);
        let s2 = f.x(a2);
        let rv = f.get(r);
        let ret = f.ret(Some(rv));
        tu.set_body(cmul, f.finish(vec![d, s1, s2, ret]));
    }
    let k = tu.kernel("rotate_all", vec![prt.clone(), ptr(cxt.clone())]);
    {
        let mut f = Fb::new();
        let p = f.param("p", prt.clone());
        let v = f.param("v", ptr(cxt.clone()));
        let i = f.local("i", int());
        let gi = f.global_index();
        let d = f.decl(i, Some(TInit::Expr(gi)));
        let iv = f.get(i);
        let pl = f.lv(p);
        let n = f.member(pl, 0, int());
        let n = f.load(n);
        let cond = f.bin(TBinOp::Ge, iv, n);
        let r = f.ret(None);
        let early = f.if_(cond, r, None);
        let (vv, iv) = (f.get(v), f.get(i));
        let vi = f.at(vv, iv);
        let vi2 = f.load(vi);
        let pl = f.lv(p);
        let rot = f.member(pl, 2, cxt.clone());
        let rot = f.load(rot);
        let z = f.call(cmul, cxt.clone(), vec![vi2, rot]);
        let (vv, iv) = (f.get(v), f.get(i));
        let dst = f.at(vv, iv);
        let a = f.assign(dst, z);
        let s = f.x(a);
        // v[i].re *= p.scale (compound assignment on a member)
        let (vv, iv) = (f.get(v), f.get(i));
        let dst = f.at(vv, iv);
        let re = f.member(dst, 0, f32t());
        let pl = f.lv(p);
        let sc = f.member(pl, 1, f32t());
        let sc = f.load(sc);
        let m = f.compound(TBinOp::Mul, re, sc);
        let s2 = f.x(m);
        tu.set_body(k, f.finish(vec![d, early, s, s2]));
    }
    let opts = options("sm_90");
    let kp = tu.compile(k, &opts);
    assert!(
        kp.ptx.contains(".param .align 4 .b8 rotate_all_param_0[16]"),
        "{}",
        kp.ptx
    );
    let cp = tu.compile(cmul, &opts);
    expect![[r#"
        .func  (.param .align 4 .b8 func_retval0[8]) _Z4cmul8complexfS_(
        	.param .align 4 .b8 _Z4cmul8complexfS__param_0[8],
        	.param .align 4 .b8 _Z4cmul8complexfS__param_1[8]
        );"#]]
    .assert_eq(&cp.prototype);
    let (module, _) = tu.module(&opts);
    ptxas(&module, "sm_90");
    ptxas(&tu.module(&options_o("sm_90", OptLevel::O0)).0, "sm_90");
}

/// `__launch_bounds__(256, 2)` and the cluster bound on sm_90.
#[test]
fn launch_bounds() {
    let (mut tu, k) = saxpy_tu();
    tu.defs.functions[k.0 as usize].launch_bounds = Some(LaunchBounds {
        max_threads: 256,
        min_blocks: Some(2),
        max_blocks_per_cluster: Some(4),
    });
    let p = tu.compile(k, &options("sm_90"));
    assert!(
        p.ptx
            .contains(")\n.maxntid 256, 1, 1\n.minnctapersm 2\n.maxclusterrank 4\n{"),
        "{}",
        p.ptx
    );
    ptxas(&tu.module(&options("sm_90")).0, "sm_90");
    let p = tu.compile(k, &options("sm_80"));
    assert!(
        p.ptx.contains(".maxntid 256, 1, 1") && !p.ptx.contains("maxclusterrank"),
        "{}",
        p.ptx
    );
    ptxas(&tu.module(&options("sm_80")).0, "sm_80");
}

/// `#pragma unroll 4` / `#pragma unroll 1` / `#pragma unroll` loops:
/// `for (int k = 0; k < n; ++k) acc += x[k];`.
#[test]
fn pragma_unroll() {
    let mut tu = Tu::new();
    let mut ks = Vec::new();
    for (name, hint) in [
        ("u4", LoopHint::Unroll(Some(4))),
        ("u1", LoopHint::Unroll(Some(1))),
        ("ufull", LoopHint::Unroll(None)),
    ] {
        let k = tu.kernel(name, vec![ptr(f32t()), int()]);
        let mut f = Fb::new();
        let x = f.param("x", ptr(f32t()));
        let n = f.param("n", int());
        let acc = f.local("acc", f32t());
        let kk = f.local("k", int());
        let zero = f.f32(0.0);
        let d0 = f.decl(acc, Some(TInit::Expr(zero)));
        let zi = f.int(0);
        let init = f.decl(kk, Some(TInit::Expr(zi)));
        let kv = f.get(kk);
        let bound = if matches!(hint, LoopHint::Unroll(None)) {
            f.int(8)
        } else {
            f.get(n)
        };
        let cond = f.bin(TBinOp::Lt, kv, bound);
        let kl = f.lv(kk);
        let step = f.inc(kl, true);
        let al = f.lv(acc);
        let (xv, kv) = (f.get(x), f.get(kk));
        let xk = f.at(xv, kv);
        let xk = f.load(xk);
        let add = f.compound(TBinOp::Add, al, xk);
        let body = f.x(add);
        let lp = f.for_(Some(init), Some(cond), Some(step), body, hint);
        let xv = f.get(x);
        let x0 = f.deref(xv);
        let av = f.get(acc);
        let st = f.assign(x0, av);
        let st = f.x(st);
        tu.set_body(k, f.finish(vec![d0, lp, st]));
        ks.push(k);
    }
    let opts = options("sm_80");
    let ll = emit_llvm_module(&tu.defs, &tu.inputs(), &opts, None, false);
    assert!(ll.contains("!\"llvm.loop.unroll.count\", i32 4"), "{ll}");
    assert!(ll.contains("!\"llvm.loop.unroll.disable\""), "{ll}");
    assert!(ll.contains("!\"llvm.loop.unroll.full\""), "{ll}");
    assert!(ll.contains("define ptx_kernel void @u4("), "{ll}");
    let u1 = tu.compile(ks[1], &opts);
    assert!(u1.ptx.contains(".pragma \"nounroll\";"), "{}", u1.ptx);
    let full = tu.compile(ks[2], &opts);
    assert!(!full.ptx.contains("bra"), "fully unrolled:\n{}", full.ptx);
    ptxas(&tu.module(&opts).0, "sm_80");
}

/// `switch (x) { case 1: r = 10; break; case 2: case 7: r = 20; default: r += 1; }` and
/// `if (x < 0) goto out; ... out: *p = r;`
#[test]
fn switch_and_goto() {
    let mut tu = Tu::new();
    let k = tu.kernel("sw", vec![ptr(int()), int()]);
    let mut f = Fb::new();
    let p = f.param("p", ptr(int()));
    let x = f.param("x", int());
    let r = f.local("r", int());
    let out = f.label("out");
    let z = f.int(0);
    let d = f.decl(r, Some(TInit::Expr(z)));
    let xv = f.get(x);
    let zero = f.int(0);
    let neg = f.bin(TBinOp::Lt, xv, zero);
    let g = f.s(TStmt::Goto(out));
    let early = f.if_(neg, g, None);
    let c0 = f.s(TStmt::Case(0));
    let rl = f.lv(r);
    let ten = f.int(10);
    let a = f.assign(rl, ten);
    let s1 = f.x(a);
    let br = f.s(TStmt::Break);
    let c1 = f.s(TStmt::Case(1));
    let c2 = f.s(TStmt::Case(2));
    let rl = f.lv(r);
    let twenty = f.int(20);
    let a = f.assign(rl, twenty);
    let s2 = f.x(a);
    let def = f.s(TStmt::Default);
    let rl = f.lv(r);
    let one = f.int(1);
    let a = f.compound(TBinOp::Add, rl, one);
    let s3 = f.x(a);
    let body = f.block(vec![c0, s1, br, c1, c2, s2, def, s3]);
    let xv = f.get(x);
    let sw = f.s(TStmt::Switch {
        cond: xv,
        body,
        cases: vec![1, 2, 7],
        has_default: true,
    });
    let lab = f.s(TStmt::Label(out));
    let pv = f.get(p);
    let pl = f.deref(pv);
    let rv = f.get(r);
    let a = f.assign(pl, rv);
    let s4 = f.x(a);
    tu.set_body(k, f.finish(vec![d, early, sw, lab, s4]));
    for opt in [OptLevel::O0, OptLevel::O3] {
        let opts = options_o("sm_75", opt);
        let p = tu.compile(k, &opts);
        assert!(p.diagnostics.is_empty(), "{:#?}", p.diagnostics);
        ptxas(&tu.module(&opts).0, "sm_75");
    }
    let ll = emit_llvm_module(&tu.defs, &tu.inputs(), &options("sm_75"), None, false);
    assert!(ll.contains("switch i32"), "{ll}");
}

#[test]
fn deterministic_output() {
    let (tu, k, _, _) = calls_tu();
    let opts = options("sm_90");
    let a = tu.compile(k, &opts);
    let b = tu.compile(k, &opts);
    assert_eq!(a, b);
    let (m1, _) = tu.module(&opts);
    let (m2, _) = tu.module(&opts);
    assert_eq!(m1, m2);
    // Concurrent compilations (one LLVM context each) give the same bytes.
    let (tu2, _) = math_tu_for_determinism();
    let opts = options("sm_80");
    let results: Vec<Vec<warpc_codegen::FnPtx>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    tu2.bodies
                        .iter()
                        .map(|(id, _)| tu2.compile(*id, &opts))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(results.windows(2).all(|w| w[0] == w[1]));
    assert!(results[0].iter().all(|p| !p.ptx.is_empty()));
}

/// saxpy, the call test and a libdevice user in one TU.
fn math_tu_for_determinism() -> (Tu, FnId) {
    let (mut tu, k, _, _) = calls_tu();
    let sinf = tu.libdevice("__nv_sinf", f32t(), vec![f32t()]);
    let m = tu.kernel("m", vec![ptr(f32t())]);
    let mut f = Fb::new();
    let x = f.param("x", ptr(f32t()));
    let xv = f.get(x);
    let l = f.deref(xv);
    let xv = f.get(x);
    let r = f.deref(xv);
    let r = f.load(r);
    let c = f.call(sinf, f32t(), vec![r]);
    let a = f.assign(l, c);
    let s = f.x(a);
    tu.set_body(m, f.finish(vec![s]));
    (tu, k)
}

#[test]
fn unknown_builtin_is_an_error() {
    let mut tu = Tu::new();
    let bad = tu.builtin("__nvvm_frobnicate", int(), vec![int()]);
    let k = tu.kernel("k", vec![ptr(int())]);
    let mut f = Fb::new();
    let p = f.param("p", ptr(int()));
    let one = f.int(1);
    let c = f.call(bad, int(), vec![one]);
    let pv = f.get(p);
    let l = f.deref(pv);
    let a = f.assign(l, c);
    let s = f.x(a);
    tu.set_body(k, f.finish(vec![s]));
    let p = tu.compile(k, &options("sm_90"));
    assert!(p.ptx.is_empty());
    assert_eq!(p.diagnostics.len(), 1);
    assert_eq!(p.diagnostics[0].code, "unsupported");
    assert_eq!(p.diagnostics[0].message, "unsupported: builtin '__nvvm_frobnicate'");
}

#[test]
fn targets_and_headers() {
    let (tu, k) = saxpy_tu();
    for arch in ["sm_75", "sm_86", "sm_89", "sm_90a", "sm_100a", "sm_120"] {
        let p = tu.compile(k, &options(arch));
        assert!(p.header.contains(&format!(".target {arch}")), "{}", p.header);
        let g = compile_globals(&tu.defs, &options(arch));
        let m = assemble_module(&options(arch), &g, &[&p]);
        ptxas(&m, arch);
    }
}

/// `-rdc=true`: non-static device functions stay `.visible`.
#[test]
fn relocatable_device_code() {
    let (tu, _, _, slow) = calls_tu();
    let opts = warpc_base::CompileOptions {
        rdc: true,
        ..options("sm_90")
    };
    let p = tu.compile(slow, &opts);
    assert!(p.ptx.starts_with("\t// .globl\t_Z4slowi\n.visible .func"), "{}", p.ptx);
    assert!(p.prototype.starts_with(".visible .func"), "{}", p.prototype);
    let (module, _) = tu.module(&opts);
    ptxas(&module, "sm_90");
}

/// Function pointers: `int (*op)(int) = sel ? twice : slow; out[0] = op(3);`, and small integer
/// and bool parameters.
#[test]
fn function_pointers_and_small_params() {
    let (mut tu, _, twice, slow) = calls_tu();
    let fnty = Ty::new(TyKind::Function(Box::new(FnSig {
        ret: int(),
        params: vec![int()],
        variadic: false,
        noexcept: false,
    })));
    let k = tu.kernel(
        "fp",
        vec![
            ptr(int()),
            Ty::bool(),
            Ty::int(IntKind::SChar),
            Ty::int(IntKind::UShort),
        ],
    );
    let mut f = Fb::new();
    let out = f.param("out", ptr(int()));
    let sel = f.param("sel", Ty::bool());
    let sc = f.param("sc", Ty::int(IntKind::SChar));
    let us = f.param("us", Ty::int(IntKind::UShort));
    let op = f.local("op", ptr(fnty.clone()));
    let sv = f.get(sel);
    let t = f.e(fnty.clone(), ValueCategory::LValue, ExprKind::Function(twice));
    let t = f.cast(CastKind::FnToPtr, t, ptr(fnty.clone()));
    let s_ = f.e(fnty.clone(), ValueCategory::LValue, ExprKind::Function(slow));
    let s_ = f.cast(CastKind::FnToPtr, s_, ptr(fnty.clone()));
    let c = f.e(
        ptr(fnty.clone()),
        ValueCategory::RValue,
        ExprKind::Cond {
            cond: sv,
            then: t,
            else_: s_,
        },
    );
    let d = f.decl(op, Some(TInit::Expr(c)));
    let opv = f.get(op);
    let scv = f.get(sc);
    let scv = f.conv(scv, int());
    let usv = f.get(us);
    let usv = f.conv(usv, int());
    let arg = f.bin(TBinOp::Add, scv, usv);
    let call = f.e(
        int(),
        ValueCategory::RValue,
        ExprKind::CallIndirect {
            callee: opv,
            args: vec![arg],
        },
    );
    let o = f.get(out);
    let l = f.deref(o);
    let a = f.assign(l, call);
    let s = f.x(a);
    tu.set_body(k, f.finish(vec![d, s]));
    for opt in [OptLevel::O0, OptLevel::O3] {
        let opts = options_o("sm_80", opt);
        let p = tu.compile(k, &opts);
        assert!(p.diagnostics.is_empty(), "{:#?}", p.diagnostics);
        assert_eq!(
            p.calls,
            vec!["_Z4slowi".to_string(), "_Z5twicei".to_string()],
            "address-taken functions are needed"
        );
        let (module, _) = tu.module(&opts);
        ptxas(&module, "sm_80");
        assert!(module.contains(".param .u8 fp_param_1"), "{module}");
    }
}

/// Floating-point options: `-prec-div`, `--use_fast_math`, `-ftz`, `-fmad`.
#[test]
fn floating_point_options() {
    let mut tu = Tu::new();
    let k = tu.kernel("fdiv", vec![ptr(f32t()), f32t(), f32t()]);
    let mut f = Fb::new();
    let y = f.param("y", ptr(f32t()));
    let a = f.param("a", f32t());
    let b = f.param("b", f32t());
    let yv = f.get(y);
    let yl = f.deref(yv);
    let (av, bv) = (f.get(a), f.get(b));
    let q = f.bin(TBinOp::Div, av, bv);
    let (av, bv) = (f.get(a), f.get(b));
    let m = f.bin(TBinOp::Mul, av, bv);
    let yv = f.get(y);
    let y0 = f.deref(yv);
    let y0 = f.load(y0);
    let s = f.bin(TBinOp::Add, m, y0);
    let s = f.bin(TBinOp::Add, s, q);
    let asg = f.assign(yl, s);
    let st = f.x(asg);
    tu.set_body(k, f.finish(vec![st]));
    let base = options("sm_80");
    let cases: Vec<(warpc_base::CompileOptions, &[&str], &[&str])> = vec![
        (base.clone(), &["div.rn.f32", "fma.rn.f32"], &["ftz"]),
        (
            warpc_base::CompileOptions {
                prec_div: false,
                ..base.clone()
            },
            &["div.full.f32"],
            &["div.rn"],
        ),
        (
            warpc_base::CompileOptions {
                fast_math: true,
                ftz: true,
                prec_div: false,
                prec_sqrt: false,
                ..base.clone()
            },
            &["div.approx.ftz.f32", "fma.rn.ftz.f32"],
            &["div.rn", "div.full"],
        ),
        (
            warpc_base::CompileOptions {
                fmad: false,
                ..base.clone()
            },
            &["mul.rn.f32", "add.rn.f32"],
            &["fma"],
        ),
    ];
    for (opts, want, not) in cases {
        let p = tu.compile(k, &opts);
        for w in want {
            assert!(p.ptx.contains(w), "{opts:?}: no {w}:\n{}", p.ptx);
        }
        for n in not {
            assert!(!p.ptx.contains(n), "{opts:?}: unexpected {n}:\n{}", p.ptx);
        }
        ptxas(&tu.module(&opts).0, "sm_80");
    }
}

/// Addresses of locals, shared and global memory flowing into a noinline function through
/// generic pointers: `__noinline__ int sum(const int *p, int n)`; `int loc[4]` (local memory),
/// a `__shared__` array and a global pointer are all passed. Exercises 32-bit local/shared
/// pointers converted to generic ones.
#[test]
fn generic_pointers_from_every_space() {
    let mut tu = Tu::new();
    let sum = tu.device("sum", "_Z3sumPKii", int(), vec![cptr(int()), int()], InlineHint::Never);
    let mut f = Fb::new();
    let p = f.param("p", cptr(int()));
    let n = f.param("n", int());
    let acc = f.local("acc", int());
    let k = f.local("k", int());
    let z = f.int(0);
    let d = f.decl(acc, Some(TInit::Expr(z)));
    let z = f.int(0);
    let init = f.decl(k, Some(TInit::Expr(z)));
    let (kv, nv) = (f.get(k), f.get(n));
    let cond = f.bin(TBinOp::Lt, kv, nv);
    let kl = f.lv(k);
    let step = f.inc(kl, true);
    let al = f.lv(acc);
    let (pv, kv) = (f.get(p), f.get(k));
    let pk = f.at(pv, kv);
    let pk = f.load(pk);
    let add = f.compound(TBinOp::Add, al, pk);
    let body = f.x(add);
    let lp = f.for_(Some(init), Some(cond), Some(step), body, LoopHint::None);
    let av = f.get(acc);
    let r = f.ret(Some(av));
    tu.set_body(sum, f.finish(vec![d, lp, r]));

    let k = tu.kernel("spaces", vec![ptr(int())]);
    let mut f = Fb::new();
    let g = f.param("g", ptr(int()));
    let loc = f.local("loc", array(int(), Some(4)));
    let sh = f.local_with("sh", array(int(), Some(32)), LocalStorage::Shared, None);
    let items: Vec<TInit> = (1..=4).map(|v| TInit::Expr(f.int(v))).collect();
    let d0 = f.decl(loc, Some(TInit::List(items)));
    let d1 = f.decl(sh, None);
    let tid = f.sreg(BuiltinVar::ThreadIdx, Dim::X);
    let tid = f.conv(tid, int());
    let (shv, t2) = (f.get(sh), tid);
    let sl = f.at(shv, t2);
    let gv = f.get(g);
    let g0 = f.deref(gv);
    let g0 = f.load(g0);
    let a = f.assign(sl, g0);
    let s1 = f.x(a);
    let mut total = None;
    for src in [0, 1, 2] {
        let pv = match src {
            0 => f.get(loc),
            1 => f.get(sh),
            _ => f.get(g),
        };
        let pv = f.cast(CastKind::PtrToPtr, pv, cptr(int()));
        let four = f.int(4);
        let c = f.call(sum, int(), vec![pv, four]);
        total = Some(match total {
            None => c,
            Some(t) => f.bin(TBinOp::Add, t, c),
        });
    }
    let gv = f.get(g);
    let one = f.int(1);
    let g1 = f.at(gv, one);
    let a = f.assign(g1, total.unwrap());
    let s2 = f.x(a);
    tu.set_body(k, f.finish(vec![d0, d1, s1, s2]));
    for (arch, opt) in [
        ("sm_75", OptLevel::O0),
        ("sm_80", OptLevel::O1),
        ("sm_90", OptLevel::O3),
    ] {
        let (module, _) = tu.module(&options_o(arch, opt));
        ptxas(&module, arch);
        assert!(module.contains("cvta.local") || opt != OptLevel::O0, "{module}");
    }
}

/// `__device__ float chain(const float *x) { float acc = 1; acc = acc * x[0] + 0.5f; ...
/// (300 times) return acc; }`, called once by `once(float *x)` and twice by
/// `twice(float *x)`. Too big for the inliner's threshold, it is inlined only where it is the
/// sole call (the bonus cicc's internal functions get); twice, it stays a call.
#[test]
fn a_large_callee_called_once_is_inlined() {
    let mut tu = Tu::new();
    let chain = tu.device("chain", "_Z5chainPKf", f32t(), vec![cptr(f32t())], InlineHint::None);
    let mut f = Fb::new();
    let x = f.param("x", cptr(f32t()));
    let acc = f.local("acc", f32t());
    let one = f.f32(1.0);
    let mut stmts = vec![f.decl(acc, Some(TInit::Expr(one)))];
    for j in 0..300 {
        let (xv, jv) = (f.get(x), f.int(j));
        let xj = f.at(xv, jv);
        let xj = f.load(xj);
        let av = f.get(acc);
        let prod = f.bin(TBinOp::Mul, av, xj);
        let half = f.f32(0.5);
        let sum = f.bin(TBinOp::Add, prod, half);
        let al = f.lv(acc);
        let asg = f.assign(al, sum);
        stmts.push(f.x(asg));
    }
    let av = f.get(acc);
    stmts.push(f.ret(Some(av)));
    tu.set_body(chain, f.finish(stmts));
    let mut kernels = Vec::new();
    for (name, calls) in [("once", 1), ("twice", 2)] {
        let k = tu.kernel(name, vec![ptr(f32t())]);
        let mut f = Fb::new();
        let x = f.param("x", ptr(f32t()));
        let mut stmts = Vec::new();
        for j in 0..calls {
            let xv = f.get(x);
            let r = f.call(chain, f32t(), vec![xv]);
            let (xv, jv) = (f.get(x), f.int(j));
            let lhs = f.at(xv, jv);
            let asg = f.assign(lhs, r);
            stmts.push(f.x(asg));
        }
        tu.set_body(k, f.finish(stmts));
        kernels.push(k);
    }
    let opts = options("sm_80");
    let once = tu.compile(kernels[0], &opts);
    assert!(once.calls.is_empty(), "{:?}\n{}", once.calls, once.ptx);
    let twice = tu.compile(kernels[1], &opts);
    assert_eq!(twice.calls, vec!["_Z5chainPKf".to_string()], "{}", twice.ptx);
    ptxas(&tu.module(&opts).0, "sm_80");
}

/// `for (int k = 0; k < n; ++k) acc += x[k];` with no pragma: one load in the PTX, as nvcc
/// (no runtime unrolling by 4 with a remainder loop).
#[test]
fn a_loop_of_unknown_trip_count_is_not_unrolled() {
    let mut tu = Tu::new();
    let k = tu.kernel("sum", vec![ptr(f32t()), int()]);
    let mut f = Fb::new();
    let x = f.param("x", ptr(f32t()));
    let n = f.param("n", int());
    let acc = f.local("acc", f32t());
    let kk = f.local("k", int());
    let zero = f.f32(0.0);
    let d0 = f.decl(acc, Some(TInit::Expr(zero)));
    let zi = f.int(0);
    let init = f.decl(kk, Some(TInit::Expr(zi)));
    let (kv, nv) = (f.get(kk), f.get(n));
    let cond = f.bin(TBinOp::Lt, kv, nv);
    let kl = f.lv(kk);
    let step = f.inc(kl, true);
    let al = f.lv(acc);
    let (xv, kv) = (f.get(x), f.get(kk));
    let xk = f.at(xv, kv);
    let xk = f.load(xk);
    let add = f.compound(TBinOp::Add, al, xk);
    let body = f.x(add);
    let lp = f.for_(Some(init), Some(cond), Some(step), body, LoopHint::None);
    let xv = f.get(x);
    let x0 = f.deref(xv);
    let av = f.get(acc);
    let st = f.assign(x0, av);
    let st = f.x(st);
    tu.set_body(k, f.finish(vec![d0, lp, st]));
    let opts = options("sm_80");
    let p = tu.compile(k, &opts);
    assert_eq!(p.ptx.matches("ld.global").count(), 1, "{}", p.ptx);
    ptxas(&tu.module(&opts).0, "sm_80");
}
