//! The body-less builtins of docs/builtins.md, libdevice linking and printf.

mod common;

use common::*;
use warpc_base::{CompileOptions, OptLevel};
use warpc_hir::thir::*;
use warpc_hir::ty::*;

fn short() -> Ty {
    Ty::int(IntKind::UShort)
}
fn ll() -> Ty {
    Ty::int(IntKind::LongLong)
}

/// One kernel per (builtin, value type): `__global__ void k(T *p, T v, T *out) { *out = B(p, v); }`
/// (three-operand builtins get `(p, v, v)`).
fn atomic_tu() -> Tu {
    let mut tu = Tu::new();
    let types: Vec<(&str, Ty)> = vec![
        ("i", int()),
        ("u", uint()),
        ("ll", ll()),
        ("ull", ull()),
        ("f", f32t()),
        ("d", f64t()),
        ("us", short()),
    ];
    let ops: Vec<(&str, &[&str])> = vec![
        ("add", &["i", "u", "ull", "f", "d"]),
        ("max", &["i", "u", "ll", "ull"]),
        ("min", &["i", "u", "ll", "ull"]),
        ("and", &["i", "u", "ull"]),
        ("or", &["i", "u", "ull"]),
        ("xor", &["i", "u", "ull"]),
        ("exch", &["i", "u", "ull", "f"]),
        ("cas", &["i", "u", "ull", "us"]),
        ("inc", &["u"]),
        ("dec", &["u"]),
    ];
    for (op, tys) in ops {
        for tname in tys.iter() {
            let t = types.iter().find(|(n, _)| n == tname).unwrap().1.clone();
            let name = format!("__warpc_atomic_{op}");
            let nparams = if op == "cas" { 3 } else { 2 };
            let mut params = vec![ptr(t.clone())];
            params.extend(std::iter::repeat_n(t.clone(), nparams - 1));
            let b = tu.builtin(&name, t.clone(), params);
            let k = tu.kernel(
                &format!("atomic_{op}_{tname}"),
                vec![ptr(t.clone()), t.clone(), ptr(t.clone())],
            );
            let mut f = Fb::new();
            let p = f.param("p", ptr(t.clone()));
            let v = f.param("v", t.clone());
            let out = f.param("out", ptr(t.clone()));
            let mut args = vec![f.get(p), f.get(v)];
            if op == "cas" {
                args.push(f.get(v));
            }
            let c = f.call(b, t.clone(), args);
            let o = f.get(out);
            let l = f.deref(o);
            let a = f.assign(l, c);
            let s = f.x(a);
            tu.set_body(k, f.finish(vec![s]));
        }
    }
    tu
}

#[test]
fn atomics() {
    let tu = atomic_tu();
    for arch in ["sm_75", "sm_90"] {
        let (module, fns) = tu.module(&options(arch));
        assert_eq!(fns.len(), 32);
        ptxas(&module, arch);
        for needle in [
            "atom.global.add.u32",
            "atom.global.add.u64",
            "atom.global.add.f32",
            "atom.global.add.f64",
            "atom.global.max.s32",
            "atom.global.max.u32",
            "atom.global.min.s64",
            "atom.global.min.u64",
            "atom.global.and.b32",
            "atom.global.or.b64",
            "atom.global.xor.b32",
            "atom.global.exch.b32",
            "atom.global.exch.b64",
            "atom.global.inc.u32",
            "atom.global.dec.u32",
            "cas.b32",
            "cas.b64",
        ] {
            assert!(module.contains(needle), "{arch}: no {needle}:\n{module}");
        }
        assert!(
            !module.contains("atom.sys") && !module.contains(".sys."),
            "device scope, as atomicAdd:\n{module}"
        );
    }
}

/// Warp-level, integer, math and misc builtins, all in one kernel whose results are summed.
#[test]
fn warp_integer_and_math_builtins() {
    let mut tu = Tu::new();
    let b = Ty::bool();
    let specs: Vec<(&str, Ty, Vec<Ty>)> = vec![
        ("__nvvm_shfl_sync_down_i32", int(), vec![uint(), int(), int(), int()]),
        ("__nvvm_shfl_sync_idx_i32", int(), vec![uint(), int(), int(), int()]),
        ("__nvvm_shfl_sync_up_i32", int(), vec![uint(), int(), int(), int()]),
        ("__nvvm_shfl_sync_bfly_f32", f32t(), vec![uint(), f32t(), int(), int()]),
        ("__nvvm_vote_ballot_sync", uint(), vec![uint(), b.clone()]),
        ("__nvvm_vote_any_sync", b.clone(), vec![uint(), b.clone()]),
        ("__nvvm_vote_all_sync", b.clone(), vec![uint(), b.clone()]),
        ("__nvvm_vote_uni_sync", b.clone(), vec![uint(), b.clone()]),
        ("__nvvm_activemask", uint(), vec![]),
        ("__nvvm_popc_i", int(), vec![uint()]),
        ("__nvvm_popc_ll", int(), vec![ull()]),
        ("__nvvm_clz_i", int(), vec![uint()]),
        ("__nvvm_clz_ll", int(), vec![ull()]),
        ("__nvvm_ffs_i", int(), vec![uint()]),
        ("__nvvm_ffs_ll", int(), vec![ull()]),
        ("__nvvm_brev32", uint(), vec![uint()]),
        ("__nvvm_brev64", ull(), vec![ull()]),
        ("__nvvm_mulhi_i", int(), vec![int(), int()]),
        ("__nvvm_mulhi_ui", uint(), vec![uint(), uint()]),
        ("__nvvm_mulhi_ll", ll(), vec![ll(), ll()]),
        ("__nvvm_mulhi_ull", ull(), vec![ull(), ull()]),
        ("__nvvm_prmt", uint(), vec![uint(), uint(), uint()]),
        ("__nvvm_bar0_popc", int(), vec![int()]),
        ("__nvvm_bar0_and", int(), vec![int()]),
        ("__nvvm_bar0_or", int(), vec![int()]),
        ("__nvvm_sin_approx_f", f32t(), vec![f32t()]),
        ("__nvvm_cos_approx_f", f32t(), vec![f32t()]),
        ("__nvvm_ex2_approx_f", f32t(), vec![f32t()]),
        ("__nvvm_lg2_approx_f", f32t(), vec![f32t()]),
        ("__nvvm_rsqrt_approx_f", f32t(), vec![f32t()]),
        ("__nvvm_rcp_approx_f", f32t(), vec![f32t()]),
        ("__nvvm_sqrt_approx_f", f32t(), vec![f32t()]),
        ("__nvvm_div_approx_f", f32t(), vec![f32t(), f32t()]),
        ("__nvvm_rsqrt_approx_d", f64t(), vec![f64t()]),
        ("__nvvm_fma_rn_f", f32t(), vec![f32t(), f32t(), f32t()]),
        ("__nvvm_fma_rn_d", f64t(), vec![f64t(), f64t(), f64t()]),
        ("__nvvm_fabs_f", f32t(), vec![f32t()]),
        ("__nvvm_fabs_d", f64t(), vec![f64t()]),
        ("__warpc_clock64", ll(), vec![]),
        ("__warpc_clock", int(), vec![]),
        ("__warpc_laneid", uint(), vec![]),
        ("__warpc_ldg", f32t(), vec![cptr(f32t())]),
        ("__warpc_ldg", int(), vec![cptr(int())]),
        ("__warpc_ldg", f64t(), vec![cptr(f64t())]),
        (
            "__warpc_ldg",
            Ty::int(IntKind::UChar),
            vec![cptr(Ty::int(IntKind::UChar))],
        ),
    ];
    let voids: Vec<(&str, Vec<Ty>)> = vec![
        ("__nvvm_bar_warp_sync", vec![uint()]),
        ("__nvvm_membar_cta", vec![]),
        ("__nvvm_membar_gl", vec![]),
        ("__nvvm_membar_sys", vec![]),
        ("__nvvm_bar_sync", vec![int()]),
        ("__nvvm_barrier_sync", vec![uint()]),
        ("__nvvm_barrier_sync_cnt", vec![uint(), uint()]),
        ("__warpc_brkpt", vec![]),
    ];
    let ids: Vec<(FnId, Ty, Vec<Ty>)> = specs
        .iter()
        .map(|(n, r, p)| (tu.builtin(n, r.clone(), p.clone()), r.clone(), p.clone()))
        .collect();
    let void_ids: Vec<(FnId, Vec<Ty>)> = voids
        .iter()
        .map(|(n, p)| (tu.builtin(n, Ty::void(), p.clone()), p.clone()))
        .collect();
    let k = tu.kernel(
        "warp",
        vec![ptr(int()), ptr(f32t()), ptr(f64t()), int(), f32t(), f64t()],
    );
    let mut f = Fb::new();
    let oi = f.param("oi", ptr(int()));
    let of = f.param("of", ptr(f32t()));
    let od = f.param("od", ptr(f64t()));
    let vi = f.param("vi", int());
    let vf = f.param("vf", f32t());
    let vd = f.param("vd", f64t());
    let mut stmts = Vec::new();
    for (id, _) in &void_ids {
        let params = &tu.defs.function(*id).sig.params;
        let args: Vec<TExprId> = params
            .iter()
            .map(|t| {
                let v = f.get(vi);
                f.conv(v, t.clone())
            })
            .collect();
        let c = f.call(*id, Ty::void(), args);
        stmts.push(f.x(c));
    }
    for (i, (id, ret, params)) in ids.iter().enumerate() {
        let args: Vec<TExprId> = params
            .iter()
            .map(|t| match &t.kind {
                TyKind::Float(FloatKind::F32) => f.get(vf),
                TyKind::Float(FloatKind::F64) => f.get(vd),
                TyKind::Pointer(p) => {
                    let src = match &p.kind {
                        TyKind::Float(FloatKind::F32) => f.get(of),
                        TyKind::Float(FloatKind::F64) => f.get(od),
                        _ => f.get(oi),
                    };
                    f.cast(CastKind::PtrToPtr, src, t.clone())
                }
                _ => {
                    let v = f.get(vi);
                    f.conv(v, t.clone())
                }
            })
            .collect();
        let c = f.call(*id, ret.clone(), args);
        let (dst, val) = match &ret.kind {
            TyKind::Float(FloatKind::F32) => (f.get(of), c),
            TyKind::Float(FloatKind::F64) => (f.get(od), c),
            _ => {
                let v = f.conv(c, int());
                (f.get(oi), v)
            }
        };
        let idx = f.int(i as i64);
        let l = f.at(dst, idx);
        let a = f.assign(l, val);
        stmts.push(f.x(a));
    }
    // `__trap()` last.
    let trap = tu.builtin("__warpc_trap", Ty::void(), vec![]);
    let c = f.call(trap, Ty::void(), vec![]);
    stmts.push(f.x(c));
    tu.set_body(k, f.finish(stmts));
    let check = |opts: &CompileOptions, arch: &str, needles: &[&str]| {
        let (module, _) = tu.module(opts);
        ptxas(&module, arch);
        for n in needles {
            assert!(module.contains(n), "{arch}: no {n}:\n{module}");
        }
    };
    let common = [
        "shfl.sync.down.b32",
        "shfl.sync.idx.b32",
        "shfl.sync.up.b32",
        "shfl.sync.bfly.b32",
        "vote.sync.ballot.b32",
        "vote.sync.any.pred",
        "vote.sync.all.pred",
        "vote.sync.uni.pred",
        "activemask.b32",
        "popc.b32",
        "popc.b64",
        "clz.b32",
        "clz.b64",
        "brev.b32",
        "brev.b64",
        "mul.hi.s32",
        "mul.hi.u32",
        "mul.hi.s64",
        "mul.hi.u64",
        "prmt.b32",
        "bar.red.popc.u32",
        "bar.red.and.pred",
        "bar.red.or.pred",
        "sin.approx.f32",
        "cos.approx.f32",
        "ex2.approx.f32",
        "lg2.approx.f32",
        "rsqrt.approx.f32",
        "sqrt.approx.f32",
        "div.approx.f32",
        "rsqrt.approx.f64",
        "fma.rn.f32",
        "fma.rn.f64",
        "abs.f32",
        "abs.f64",
        "%clock64",
        "%clock",
        "%laneid",
        "ld.global.nc",
        "bar.warp.sync",
        "membar.cta",
        "membar.gl",
        "membar.sys",
        "bar.sync",
        "brkpt",
        "trap;",
    ];
    for arch in ["sm_75", "sm_90"] {
        check(&options(arch), arch, &common);
    }
    let ftz = CompileOptions {
        ftz: true,
        ..options("sm_80")
    };
    check(
        &ftz,
        "sm_80",
        &[
            "sin.approx.ftz.f32",
            "ex2.approx.ftz.f32",
            "rcp.approx.ftz.f32",
            "div.approx.ftz.f32",
        ],
    );
    check(&options_o("sm_80", OptLevel::O0), "sm_80", &common);
}

/// `out[i] = sinf(x[i]); d[i] = pow(d[i], 2.5);` through libdevice.
fn math_tu() -> (Tu, FnId) {
    let mut tu = Tu::new();
    let sinf = tu.libdevice("__nv_sinf", f32t(), vec![f32t()]);
    let pow = tu.libdevice("__nv_pow", f64t(), vec![f64t(), f64t()]);
    let k = tu.kernel("math", vec![ptr(f32t()), ptr(f64t())]);
    let mut f = Fb::new();
    let x = f.param("x", ptr(f32t()));
    let d = f.param("d", ptr(f64t()));
    let i = f.local("i", int());
    let gi = f.global_index();
    let s0 = f.decl(i, Some(TInit::Expr(gi)));
    let (xv, iv) = (f.get(x), f.get(i));
    let xi = f.at(xv, iv);
    let xr = f.load(xi);
    let s = f.call(sinf, f32t(), vec![xr]);
    let (xv, iv) = (f.get(x), f.get(i));
    let xl = f.at(xv, iv);
    let a = f.assign(xl, s);
    let s1 = f.x(a);
    let (dv, iv) = (f.get(d), f.get(i));
    let di = f.at(dv, iv);
    let dr = f.load(di);
    let e = f.f64(2.5);
    let p = f.call(pow, f64t(), vec![dr, e]);
    let (dv, iv) = (f.get(d), f.get(i));
    let dl = f.at(dv, iv);
    let a = f.assign(dl, p);
    let s2 = f.x(a);
    tu.set_body(k, f.finish(vec![s0, s1, s2]));
    (tu, k)
}

#[test]
fn libdevice_sinf_and_pow() {
    let (tu, _) = math_tu();
    for opts in [
        options("sm_75"),
        options("sm_90"),
        CompileOptions {
            ftz: true,
            ..options("sm_80")
        },
        options_o("sm_80", OptLevel::O0),
    ] {
        let arch = opts.arch.name();
        let (module, fns) = tu.module(&opts);
        ptxas(&module, &arch);
        assert!(!module.contains("__nv_"), "libdevice functions are inlined:\n{module}");
        assert!(!module.contains(".extern"), "{module}");
        assert!(fns[0].calls.is_empty(), "{:?}", fns[0].calls);
        if opts.ftz {
            assert!(
                module.contains(".ftz.f32"),
                "-ftz reaches libdevice through __nvvm_reflect:\n{module}"
            );
        }
    }
    // Without libdevice: a clear error, no PTX.
    let inputs = tu.inputs();
    let p = warpc_codegen::compile_function(&tu.defs, inputs[0], &[], &options("sm_90"), None);
    assert!(p.ptx.is_empty());
    assert_eq!(p.diagnostics[0].code, "libdevice");
}

/// `printf("i=%d v=%f\n", i, (double)v)` in two kernels: `vprintf` declared once.
#[test]
fn printf_lowers_to_vprintf() {
    let mut tu = Tu::new();
    let printf = tu.builtin("printf", int(), vec![cptr(Ty::int(IntKind::Char))]);
    for (name, fmt) in [("p1", "i=%d v=%f\n"), ("p2", "only %d and %f\n")] {
        let k = tu.kernel(name, vec![ptr(f32t())]);
        let mut f = Fb::new();
        let x = f.param("x", ptr(f32t()));
        let s = f.string(fmt);
        let i = f.global_index();
        let xv = f.get(x);
        let x0 = f.deref(xv);
        let x0 = f.load(x0);
        let xd = f.conv(x0, f64t());
        let c = f.call(printf, int(), vec![s, i, xd]);
        let st = f.x(c);
        let s = f.string("no args\n");
        let c = f.call(printf, int(), vec![s]);
        let st2 = f.x(c);
        tu.set_body(k, f.finish(vec![st, st2]));
    }
    let opts = options("sm_90");
    let (module, fns) = tu.module(&opts);
    ptxas(&module, "sm_90");
    assert!(fns.iter().all(|f| f.uses_vprintf));
    assert_eq!(
        module
            .matches(".extern .func  (.param .b32 func_retval0) vprintf")
            .count(),
        1,
        "{module}"
    );
    assert!(
        module.contains(".global .align 1 .b8 $str[11] = {105, 61, 37, 100, 32, 118, 61, 37, 102, 10};"),
        "{module}"
    );
    assert!(module.contains("$str$1"), "{module}");
    // The two kernels each have a `$str` of different contents: one is renamed.
    assert!(module.contains("$str$w"), "{module}");
    ptxas(&tu.module(&options_o("sm_75", OptLevel::O0)).0, "sm_75");
}

/// How long `compile_function` takes for saxpy at O3 (printed; run with `--nocapture`).
#[test]
fn compile_time() {
    let (tu, k) = {
        // saxpy as in tests/kernels.rs, plus a variant calling sinf (libdevice linked).
        let mut tu = Tu::new();
        let sinf = tu.libdevice("__nv_sinf", f32t(), vec![f32t()]);
        let mut ks = Vec::new();
        for name in ["saxpy", "saxpy_sin"] {
            let k = tu.kernel(name, vec![int(), f32t(), restrict(cptr(f32t())), restrict(ptr(f32t()))]);
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
            let mut xi = f.load(xi);
            if name == "saxpy_sin" {
                xi = f.call(sinf, f32t(), vec![xi]);
            }
            let prod = f.bin(TBinOp::Mul, av, xi);
            let (yv, iv) = (f.get(y), f.get(i));
            let yi = f.at(yv, iv);
            let yi = f.load(yi);
            let sum = f.bin(TBinOp::Add, prod, yi);
            let asg = f.assign(lhs, sum);
            let then = f.x(asg);
            let iff = f.if_(cond, then, None);
            tu.set_body(k, f.finish(vec![d, iff]));
            ks.push(k);
        }
        (tu, ks)
    };
    let opts = options("sm_90");
    let time = |id: FnId, lib: Option<&[u8]>| {
        let inputs = tu.inputs();
        let main = *inputs.iter().find(|i| i.id == id).unwrap();
        // Warm up once (target initialisation), then take the best of a few runs.
        let _ = warpc_codegen::compile_function(&tu.defs, main, &[], &opts, lib);
        (0..5)
            .map(|_| {
                let t = std::time::Instant::now();
                let p = warpc_codegen::compile_function(&tu.defs, main, &[], &opts, lib);
                assert!(!p.ptx.is_empty());
                t.elapsed()
            })
            .min()
            .unwrap()
    };
    let plain = time(k[0], None);
    let plain_lib = time(k[0], libdevice());
    let sin = time(k[1], libdevice());
    eprintln!("compile_function saxpy O3: {plain:?}; with libdevice given (unused): {plain_lib:?}; saxpy+sinf with libdevice linked: {sin:?}");
}
