//! The body-less builtins of `docs/builtins.md`, lowered by name and argument types, plus
//! `printf` → `vprintf`.
//!
//! Barriers, votes, shuffles and special registers are NVVM intrinsics; bit operations are the
//! generic `llvm.ctpop`/`ctlz`/`cttz`/`bitreverse`; approximate math uses the `llvm.nvvm.*.approx`
//! intrinsics (the `.ftz` forms under `-ftz=true`); atomics are `atomicrmw`/`cmpxchg` with
//! `monotonic` ordering at `syncscope("device")` (PTX `atom.global.add.u32` etc., gpu scope as
//! nvcc's `atomicAdd`); `__ldg` is an `!invariant.load` from the global address space
//! (`ld.global.nc`). An unknown `__nvvm_*` / `__warpc_*` name is an `unsupported` error.

use crate::func::{Lowerer, Val};
use crate::ir::V;
use crate::lower::AS_GLOBAL;
use crate::types::{is_signed, size_align};
use inkwell::llvm_sys::{LLVMAtomicRMWBinOp as Rmw, LLVMOpcode as Op};
use warpc_hir::thir::TExprId;
use warpc_hir::ty::{FloatKind, FnId, Ty, TyKind};

impl Lowerer<'_, '_, '_> {
    pub(crate) fn builtin(&mut self, callee: FnId, args: &[TExprId], ret: &Ty) -> Val {
        // A builtin declared `extern "C"` inside a namespace is named by its plain name.
        let full = &self.m.defs.function(callee).name;
        let name = full.rsplit("::").next().unwrap_or(full).to_string();
        let arch = self.m.options.arch;
        let gated = warpc_base::sm_gate::builtin_gate(&name).filter(|g| !g.allows(arch.number));
        let lowered = match gated {
            // LLVM would abort on the intrinsic. Below the SM this is a direct use of the
            // builtin (the headers declare the wrappers only from their SM on).
            Some(g) if arch.number < g.min_sm => {
                self.m.error(
                    "unsupported",
                    format!(
                        "unsupported: builtin '{name}' requires sm_{} or newer; the target is {}",
                        g.min_sm,
                        arch.name()
                    ),
                );
                None
            }
            Some(g) => {
                let (need, have) = (g.min_ptx.unwrap_or(0), warpc_base::sm_gate::emitted_ptx(arch.number));
                self.m.error(
                    "unsupported",
                    format!(
                        "unsupported: \"{}\" needs PTX ISA {}.{}; warpc emits PTX {}.{} for {}",
                        g.name,
                        need / 10,
                        need % 10,
                        have / 10,
                        have % 10,
                        arch.name()
                    ),
                );
                None
            }
            None => self.builtin_inner(&name, args, ret),
        };
        match lowered {
            Some(v) => v,
            None if gated.is_some() => self.poison_of(ret),
            None => {
                self.m.error("unsupported", format!("unsupported: builtin '{name}'"));
                if ret.is_void() {
                    Val::Void
                } else {
                    let t = self.m.types.reg(ret);
                    Val::S(self.ir.poison(t))
                }
            }
        }
    }

    fn poison_of(&mut self, ret: &Ty) -> Val {
        if ret.is_void() {
            Val::Void
        } else {
            let t = self.m.types.reg(ret);
            Val::S(self.ir.poison(t))
        }
    }

    fn args(&mut self, args: &[TExprId], n: usize) -> Option<Vec<V>> {
        if args.len() != n {
            return None;
        }
        Some(args.iter().map(|a| self.rvalue(*a)).collect())
    }

    fn intr(&mut self, name: &str, tys: &[crate::ir::T], args: &[V]) -> Option<V> {
        self.ir.call_intrinsic(name, tys, args)
    }

    fn builtin_inner(&mut self, name: &str, args: &[TExprId], ret: &Ty) -> Option<Val> {
        let ir = self.ir;
        let s = Val::S;
        let ftz = self.m.options.ftz;
        let arg_ty = |this: &Self, i: usize| -> Ty {
            args.get(i)
                .map(|a| this.body.expr(*a).ty.clone())
                .unwrap_or_else(Ty::void)
        };
        Some(match name {
            "printf" => return self.printf(args, ret),
            "__nv_tex_surf_handler" => {
                self.tex_surf_handler(args);
                Val::Void
            }
            "vprintf" => {
                let a = self.args(args, 2)?;
                let (f, t) = self.m.vprintf();
                s(ir.call(t, f, &a))
            }
            // ---- the device heap: `new`/`delete` call `malloc(n)` and `free(p)`.
            "__warpc_malloc" => {
                let a = self.args(args, 1)?;
                let (f, t) = self.m.heap_fn(false);
                let c = ir.call(t, f, &a);
                // As cicc, no heap elision: the calls stay (`nobuiltin`).
                ir.add_call_attr(c, u32::MAX, ir.enum_attr("nobuiltin", 0));
                s(c)
            }
            "__warpc_free" => {
                let a = self.args(args, 1)?;
                let (f, t) = self.m.heap_fn(true);
                let c = ir.call(t, f, &a);
                ir.add_call_attr(c, u32::MAX, ir.enum_attr("nobuiltin", 0));
                Val::Void
            }
            // ---- memcpy/memset (CUDA's device-builtin ones): `(dst, src|byte, n)`, n a size_t
            "__warpc_memcpy" => {
                let a = self.args(args, 3)?;
                ir.memcpy_dyn(a[0], a[1], a[2]);
                Val::Void
            }
            "__warpc_memset" => {
                let a = self.args(args, 3)?;
                let byte = ir.cast(Op::LLVMTrunc, a[1], ir.i8());
                ir.memset_dyn(a[0], byte, a[2]);
                Val::Void
            }
            // `__builtin_unreachable()`: the block ends; what follows is dead.
            "__warpc_unreachable" => {
                self.args(args, 0)?;
                ir.unreachable();
                let dead = ir.append_block(self.f, "after.unreachable");
                ir.position_at_end(dead);
                Val::Void
            }
            // `__builtin_assume(cond)` (cond a bool, i1).
            "__warpc_assume" => {
                let a = self.args(args, 1)?;
                self.intr("llvm.assume", &[], &a)?;
                Val::Void
            }
            // ---- barriers and fences
            "__nvvm_bar_sync" => {
                let a = self.args(args, 1)?;
                self.intr("llvm.nvvm.barrier.cta.sync.aligned.all", &[], &a)?;
                Val::Void
            }
            // `__barrier_sync(id)`, `__barrier_sync_count(id, n)` of sm_30_intrinsics.h: the
            // non-`.aligned` `barrier.sync` (threads of a warp may reach it divergently).
            "__nvvm_barrier_sync" => {
                let a = self.args(args, 1)?;
                self.intr("llvm.nvvm.barrier.cta.sync.all", &[], &a)?;
                Val::Void
            }
            "__nvvm_barrier_sync_cnt" => {
                let a = self.args(args, 2)?;
                self.intr("llvm.nvvm.barrier.cta.sync.count", &[], &a)?;
                Val::Void
            }
            "__nvvm_bar0_popc" | "__nvvm_bar0_and" | "__nvvm_bar0_or" => {
                let a = self.args(args, 1)?;
                let p = self.truth(a[0], &arg_ty(self, 0));
                let op = &name["__nvvm_bar0_".len()..];
                let v = self.intr(
                    &format!("llvm.nvvm.barrier.cta.red.{op}.aligned.all"),
                    &[],
                    &[ir.i32c(0), p],
                )?;
                let v = if ir.int_width(ir.type_of(v)) == 1 {
                    ir.cast(Op::LLVMZExt, v, ir.i32())
                } else {
                    v
                };
                s(v)
            }
            "__nvvm_bar_warp_sync" => {
                let a = self.args(args, 1)?;
                self.intr("llvm.nvvm.bar.warp.sync", &[], &a)?;
                Val::Void
            }
            "__nvvm_membar_cta" | "__nvvm_membar_gl" | "__nvvm_membar_sys" => {
                self.args(args, 0)?;
                let which = &name["__nvvm_membar_".len()..];
                self.intr(&format!("llvm.nvvm.membar.{which}"), &[], &[])?;
                Val::Void
            }
            // ---- warp vote and shuffle
            "__nvvm_vote_ballot_sync" => {
                let a = self.args(args, 2)?;
                let p = self.truth(a[1], &arg_ty(self, 1));
                s(self.intr("llvm.nvvm.vote.ballot.sync", &[], &[a[0], p])?)
            }
            "__nvvm_vote_any_sync" | "__nvvm_vote_all_sync" | "__nvvm_vote_uni_sync" => {
                let a = self.args(args, 2)?;
                let p = self.truth(a[1], &arg_ty(self, 1));
                let which = &name["__nvvm_vote_".len()..name.len() - "_sync".len()];
                let v = self.intr(&format!("llvm.nvvm.vote.{which}.sync"), &[], &[a[0], p])?;
                s(self.fit_ret(v, ret))
            }
            "__nvvm_activemask" => {
                self.args(args, 0)?;
                s(self.intr("llvm.nvvm.activemask", &[], &[])?)
            }
            _ if name.starts_with("__nvvm_shfl_sync_") => {
                let rest = &name["__nvvm_shfl_sync_".len()..];
                let (mode, ty) = rest.split_once('_')?;
                if !matches!(mode, "idx" | "up" | "down" | "bfly") || !matches!(ty, "i32" | "f32") {
                    return None;
                }
                let a = self.args(args, 4)?;
                s(self.intr(
                    &format!("llvm.nvvm.shfl.sync.{mode}.{ty}"),
                    &[],
                    &[a[0], a[1], a[2], a[3]],
                )?)
            }
            // The toolkit's names (sm_30_intrinsics.hpp): `(mask, a, b, c)` over 32-bit integers.
            "__nvvm_shfl_idx_sync" | "__nvvm_shfl_up_sync" | "__nvvm_shfl_down_sync" | "__nvvm_shfl_bfly_sync" => {
                let mode = &name["__nvvm_shfl_".len()..name.len() - "_sync".len()];
                let a = self.args(args, 4)?;
                s(self.intr(
                    &format!("llvm.nvvm.shfl.sync.{mode}.i32"),
                    &[],
                    &[a[0], a[1], a[2], a[3]],
                )?)
            }
            "__nvvm_fns" => {
                let a = self.args(args, 3)?;
                s(self.intr("llvm.nvvm.fns", &[], &[a[0], a[1], a[2]])?)
            }
            // ---- integer intrinsics
            "__nvvm_popc_i" | "__nvvm_popc_ll" => {
                let a = self.args(args, 1)?;
                let t = ir.type_of(a[0]);
                let v = self.intr("llvm.ctpop", &[t], &a)?;
                s(self.fit_ret(v, ret))
            }
            "__nvvm_clz_i" | "__nvvm_clz_ll" => {
                let a = self.args(args, 1)?;
                let t = ir.type_of(a[0]);
                let v = self.intr("llvm.ctlz", &[t], &[a[0], ir.cint(ir.i1(), 0)])?;
                s(self.fit_ret(v, ret))
            }
            // As libdevice's `__nv_ffs`/`__nv_ffsll`, without a branch or select for 0:
            // 32 bits, `bfind.shiftamt.u32` of the reversed bits (the shift of the lowest set
            // bit, -1 for 0) plus one, which shares `__brev(v)` with the source's and gives ptxas
            // nvcc's instructions; 64 bits, `64 - clz(v & -v)`.
            "__nvvm_ffs_i" => {
                let a = self.args(args, 1)?;
                let t = ir.type_of(a[0]);
                let rev = self.intr("llvm.bitreverse", &[t], &a)?;
                let shift = ir.inline_asm_call(t, &[rev], "bfind.shiftamt.u32 $0, $1;", "=r,r", false);
                ir.add_call_attr(shift, u32::MAX, ir.enum_attr("memory", 0));
                ir.add_call_attr(shift, u32::MAX, ir.enum_attr("nounwind", 0));
                let v = ir.binop(Op::LLVMAdd, shift, ir.cint(t, 1));
                s(self.fit_ret(v, ret))
            }
            "__nvvm_ffs_ll" => {
                let a = self.args(args, 1)?;
                let t = ir.type_of(a[0]);
                let neg = ir.binop(Op::LLVMSub, ir.null(t), a[0]);
                let low = ir.binop(Op::LLVMAnd, a[0], neg);
                let lz = self.intr("llvm.ctlz", &[t], &[low, ir.cint(ir.i1(), 0)])?;
                let lz = ir.cast(Op::LLVMTrunc, lz, ir.i32());
                let v = ir.binop(Op::LLVMSub, ir.cint(ir.i32(), 64), lz);
                s(self.fit_ret(v, ret))
            }
            "__nvvm_brev32" | "__nvvm_brev64" => {
                let a = self.args(args, 1)?;
                let t = ir.type_of(a[0]);
                s(self.intr("llvm.bitreverse", &[t], &a)?)
            }
            "__nvvm_mulhi_i" | "__nvvm_mulhi_ui" | "__nvvm_mulhi_ll" | "__nvvm_mulhi_ull" => {
                let a = self.args(args, 2)?;
                let t = ir.type_of(a[0]);
                let w = ir.int_width(t);
                // NVVM's own intrinsic (`mul.hi`), as cicc keeps it. Written as the high half of
                // a double-width product, InstCombine folds the operations around it into the
                // wide type (`hi(p) ^ hi(k)` becomes `hi(p ^ k)`), so the PTX computes the whole
                // 64-bit product with `mul.wide` and a 64-bit `xor`, and ptxas keeps register
                // pairs for them (curand's Philox rounds: real/06_curand's normal_moments).
                let native = if name.ends_with("ll") { 64 } else { 32 };
                if w == native && ir.type_of(a[1]) == t {
                    let n = format!("llvm.nvvm.{}", name["__nvvm_".len()..].replace('_', "."));
                    return Some(s(self.intr(&n, &[], &a)?));
                }
                let wide = ir.int(w * 2);
                let ext = if is_signed(&arg_ty(self, 0)) {
                    Op::LLVMSExt
                } else {
                    Op::LLVMZExt
                };
                let x = ir.cast(ext, a[0], wide);
                let y = ir.cast(ext, a[1], wide);
                let p = ir.binop(Op::LLVMMul, x, y);
                let hi = ir.binop(Op::LLVMLShr, p, ir.cint(wide, w as u64));
                s(ir.cast(Op::LLVMTrunc, hi, t))
            }
            "__nvvm_prmt" => {
                let a = self.args(args, 3)?;
                s(self.intr("llvm.nvvm.prmt", &[], &a)?)
            }
            // ---- approximate and exact float math
            "__nvvm_sin_approx_f"
            | "__nvvm_cos_approx_f"
            | "__nvvm_lg2_approx_f"
            | "__nvvm_rsqrt_approx_f"
            | "__nvvm_sqrt_approx_f" => {
                let a = self.args(args, 1)?;
                let op = &name["__nvvm_".len()..name.len() - "_approx_f".len()];
                let n = if ftz {
                    format!("llvm.nvvm.{op}.approx.ftz.f")
                } else {
                    format!("llvm.nvvm.{op}.approx.f")
                };
                s(self.intr(&n, &[], &a)?)
            }
            "__nvvm_ex2_approx_f" => {
                let a = self.args(args, 1)?;
                let n = if ftz {
                    "llvm.nvvm.ex2.approx.ftz.f"
                } else {
                    "llvm.nvvm.ex2.approx.f"
                };
                match self.intr(n, &[], &a) {
                    Some(v) => s(v),
                    None => {
                        let n = if ftz {
                            "llvm.nvvm.ex2.approx.ftz"
                        } else {
                            "llvm.nvvm.ex2.approx"
                        };
                        s(self.intr(n, &[ir.f32()], &a)?)
                    }
                }
            }
            "__nvvm_rcp_approx_f" => {
                let a = self.args(args, 1)?;
                if ftz {
                    s(self.intr("llvm.nvvm.rcp.approx.ftz.f", &[], &a)?)
                } else {
                    // No non-ftz intrinsic: an approximate reciprocal division (`rcp.approx.f32`).
                    let v = ir.binop(Op::LLVMFDiv, ir.cfloat(ir.f32(), 1.0), a[0]);
                    ir.set_fmf(
                        v,
                        inkwell::llvm_sys::LLVMFastMathApproxFunc | inkwell::llvm_sys::LLVMFastMathAllowReciprocal,
                    );
                    s(v)
                }
            }
            "__nvvm_div_approx_f" => {
                let a = self.args(args, 2)?;
                let n = if ftz {
                    "llvm.nvvm.div.approx.ftz.f"
                } else {
                    "llvm.nvvm.div.approx.f"
                };
                s(self.intr(n, &[], &a)?)
            }
            "__nvvm_rsqrt_approx_d" => {
                let a = self.args(args, 1)?;
                s(self.intr("llvm.nvvm.rsqrt.approx.d", &[], &a)?)
            }
            "__nvvm_fma_rn_f" | "__nvvm_fma_rn_d" => {
                let a = self.args(args, 3)?;
                let t = ir.type_of(a[0]);
                s(self.intr("llvm.fma", &[t], &a)?)
            }
            "__nvvm_fabs_f" | "__nvvm_fabs_d" => {
                let a = self.args(args, 1)?;
                let t = ir.type_of(a[0]);
                s(self.intr("llvm.fabs", &[t], &a)?)
            }
            // ---- atomics
            _ if name.starts_with("__nv_atomic_") => return self.nv_atomic(name, args, ret),
            "__warpc_atomic_cas" | "__warpc_atomic_cas_block" | "__warpc_atomic_cas_system" => {
                let a = self.args(args, 3)?;
                if ir.int_width(ir.type_of(a[1])) == 16 {
                    if let Some(v) = self.cas16(atomic_scope(name), &a) {
                        return Some(s(v));
                    }
                }
                let scope = ir.sync_scope(atomic_scope(name));
                let pair = ir.cmpxchg(a[0], a[1], a[2], scope);
                s(ir.extract_value(pair, 0))
            }
            _ if name.starts_with("__warpc_atomic_") => {
                let op = &name["__warpc_atomic_".len()..];
                if let Some(op) = op.strip_suffix("_system") {
                    return self.system_atomic(op, args, ret);
                }
                // `_block` (thread-block scope) is compiled at device scope, which is stronger.
                let op = op.strip_suffix("_block").unwrap_or(op);
                let a = self.args(args, 2)?;
                let vty = arg_ty(self, 1);
                let float = vty.is_float();
                let signed = is_signed(&vty);
                let rmw = match (op, float) {
                    ("add", false) => Rmw::LLVMAtomicRMWBinOpAdd,
                    ("add", true) => Rmw::LLVMAtomicRMWBinOpFAdd,
                    ("max", false) if signed => Rmw::LLVMAtomicRMWBinOpMax,
                    ("max", false) => Rmw::LLVMAtomicRMWBinOpUMax,
                    ("min", false) if signed => Rmw::LLVMAtomicRMWBinOpMin,
                    ("min", false) => Rmw::LLVMAtomicRMWBinOpUMin,
                    ("and", false) => Rmw::LLVMAtomicRMWBinOpAnd,
                    ("or", false) => Rmw::LLVMAtomicRMWBinOpOr,
                    ("xor", false) => Rmw::LLVMAtomicRMWBinOpXor,
                    ("exch", _) => Rmw::LLVMAtomicRMWBinOpXchg,
                    ("inc", false) => Rmw::LLVMAtomicRMWBinOpUIncWrap,
                    ("dec", false) => Rmw::LLVMAtomicRMWBinOpUDecWrap,
                    _ => return None,
                };
                let scope = ir.sync_scope("device");
                s(ir.atomic_rmw(rmw, a[0], a[1], scope))
            }
            // ---- loads through the read-only data cache
            "__warpc_ldg" => {
                let a = self.args(args, 1)?;
                if ret.is_void() || !ret.is_scalar() {
                    return None;
                }
                let p = ir.cast(Op::LLVMAddrSpaceCast, a[0], ir.ptr(AS_GLOBAL));
                let t = self.m.types.mem(ret);
                let align = self.m.types.align_of(ret);
                let v = ir.load(t, p, align, false);
                let empty = ir.md_node(&[]);
                ir.set_md(v, "invariant.load", empty);
                let v = if crate::types::is_bool(ret) {
                    ir.cast(Op::LLVMTrunc, v, ir.i1())
                } else {
                    v
                };
                s(v)
            }
            // ---- sm_70 / sm_80 warp operations (gated by `warpc_base::sm_gate` above)
            "__nvvm_nanosleep" => {
                let a = self.args(args, 1)?;
                self.intr("llvm.nvvm.nanosleep", &[], &a)?;
                Val::Void
            }
            "__nvvm_match_any_sync_i32" | "__nvvm_match_any_sync_i64" => {
                let a = self.args(args, 2)?;
                let w = &name[name.len() - 3..];
                s(self.intr(&format!("llvm.nvvm.match.any.sync.{w}"), &[], &a)?)
            }
            "__nvvm_match_all_sync_i32" | "__nvvm_match_all_sync_i64" => {
                let a = self.args(args, 3)?;
                let w = &name[name.len() - 3..];
                let pair = self.intr(&format!("llvm.nvvm.match.all.sync.{w}p"), &[], &a[..2])?;
                let pred = ir.extract_value(pair, 1);
                let pred = ir.cast(Op::LLVMZExt, pred, ir.i32());
                ir.store(pred, a[2], 4, false);
                s(ir.extract_value(pair, 0))
            }
            _ if name.starts_with("__nvvm_redux_sync_") => {
                let op = &name["__nvvm_redux_sync_".len()..];
                if !matches!(op, "add" | "min" | "max" | "umin" | "umax" | "and" | "or" | "xor") {
                    return None;
                }
                let a = self.args(args, 2)?;
                // The intrinsic takes the value first, then the mask.
                s(self.intr(&format!("llvm.nvvm.redux.sync.{op}"), &[], &[a[1], a[0]])?)
            }
            // ---- address-space predicates
            "__nvvm_isspacep_global"
            | "__nvvm_isspacep_shared"
            | "__nvvm_isspacep_const"
            | "__nvvm_isspacep_local"
            | "__nvvm_isspacep_shared_cluster" => {
                let a = self.args(args, 1)?;
                let space = name["__nvvm_isspacep_".len()..].replace('_', ".");
                let v = self.intr(&format!("llvm.nvvm.isspacep.{space}"), &[], &a)?;
                s(self.fit_bool(v, ret))
            }
            // `__isGridConstant` (sm_70+): LLVM has no `isspacep.param` intrinsic. Before PTX 7.7
            // no generic address points into the parameter space (`cvta.param` is 7.7's), so
            // the answer is 0 there.
            "__nvvm_isspacep_param" => {
                let a = self.args(args, 1)?;
                if warpc_base::sm_gate::emitted_ptx(self.m.options.arch.number) < 77 {
                    let zero = ir.null(self.m.types.reg(ret));
                    return Some(s(zero));
                }
                let v = ir.inline_asm_call(
                    ir.i32(),
                    &a,
                    "{ .reg .pred %is_param; isspacep.param %is_param, $1; selp.u32 $0, 1, 0, %is_param; }",
                    "=r,l",
                    false,
                );
                s(self.fit_ret(v, ret))
            }
            // ---- address-space conversions (`__cvta_generic_to_shared`, ...): an address space
            // cast and the address as an integer, as clang's `(size_t)(__shared__ void *)p`.
            _ if name.starts_with("__nvvm_cvta_to_")
                || name.starts_with("__nvvm_cvta_from_")
                || name == "__nvvm_get_smem_pointer" =>
            {
                // `__nvvm_get_smem_pointer(p)` (the toolkit's pipeline and barrier headers):
                // the 32-bit shared-window address of generic pointer `p`.
                let name = if name == "__nvvm_get_smem_pointer" {
                    "__nvvm_cvta_to_shared"
                } else {
                    name
                };
                let (to, space) = match name.strip_prefix("__nvvm_cvta_to_") {
                    Some(space) => (true, space),
                    None => (false, &name["__nvvm_cvta_from_".len()..]),
                };
                let space = match space {
                    "global" => AS_GLOBAL,
                    "shared" => crate::lower::AS_SHARED,
                    "const" => crate::lower::AS_CONST,
                    "local" => 5,
                    _ => return None,
                };
                let a = self.args(args, 1)?;
                let want = self.m.types.reg(ret);
                if to {
                    let p = ir.cast(Op::LLVMAddrSpaceCast, a[0], ir.ptr(space));
                    s(ir.cast(Op::LLVMPtrToInt, p, want))
                } else {
                    let p = ir.cast(Op::LLVMIntToPtr, a[0], ir.ptr(space));
                    s(ir.cast(Op::LLVMAddrSpaceCast, p, want))
                }
            }
            // ---- sm_90 thread-block clusters
            "__nvvm_is_explicit_cluster" => {
                // LLVM 22 has no intrinsic for `%is_explicit_cluster` (a predicate register).
                self.args(args, 0)?;
                let v = ir.inline_asm(
                    ir.i32(),
                    &[],
                    "{ .reg .pred %is_explicit; mov.pred %is_explicit, %is_explicit_cluster; selp.u32 $0, 1, 0, %is_explicit; }",
                    "=r",
                );
                s(self.fit_ret(v, ret))
            }
            "__nvvm_barrier_cluster_arrive" | "__nvvm_barrier_cluster_wait" => {
                self.args(args, 0)?;
                let b = &name["__nvvm_barrier_cluster_".len()..];
                self.intr(&format!("llvm.nvvm.barrier.cluster.{}", b.replace('_', ".")), &[], &[])?;
                Val::Void
            }
            _ if name.starts_with("__nvvm_cluster")
                || name.starts_with("__nvvm_clusterid_")
                || name.starts_with("__nvvm_nclusterid_") =>
            {
                let rest = &name["__nvvm_".len()..];
                let reg = match rest {
                    "cluster_ctarank" | "cluster_nctarank" => rest.replace('_', "."),
                    _ => {
                        let (base, dim) = rest.rsplit_once('_')?;
                        if !matches!(dim, "x" | "y" | "z")
                            || !matches!(base, "clusterid" | "nclusterid" | "cluster_ctaid" | "cluster_nctaid")
                        {
                            return None;
                        }
                        format!("{}.{dim}", base.replace('_', "."))
                    }
                };
                self.args(args, 0)?;
                s(self.intr(&format!("llvm.nvvm.read.ptx.sreg.{reg}"), &[], &[])?)
            }
            // ---- loads and stores with a cache operator (inline PTX, as NVIDIA's headers)
            _ if name.starts_with("__warpc_ld_") => {
                let op = &name["__warpc_ld_".len()..];
                if !matches!(op, "ca" | "cg" | "cs" | "lu" | "cv") {
                    return None;
                }
                let a = self.args(args, 1)?;
                let (suffix, cons, reg) = self.asm_operand(ret)?;
                let p = ir.cast(Op::LLVMAddrSpaceCast, a[0], ir.ptr(AS_GLOBAL));
                let v = ir.inline_asm(
                    reg,
                    &[p],
                    &format!("ld.global.{op}.{suffix} $0, [$1];"),
                    &format!("={cons},l"),
                );
                let want = self.m.types.reg(ret);
                s(if want != reg {
                    ir.cast(Op::LLVMTrunc, v, want)
                } else {
                    v
                })
            }
            _ if name.starts_with("__warpc_st_") => {
                let op = &name["__warpc_st_".len()..];
                if !matches!(op, "wb" | "cg" | "cs" | "wt") {
                    return None;
                }
                let a = self.args(args, 2)?;
                let vty = arg_ty(self, 1);
                let (suffix, cons, reg) = self.asm_operand(&vty)?;
                let v = if ir.type_of(a[1]) != reg {
                    let ext = if is_signed(&vty) { Op::LLVMSExt } else { Op::LLVMZExt };
                    ir.cast(ext, a[1], reg)
                } else {
                    a[1]
                };
                let p = ir.cast(Op::LLVMAddrSpaceCast, a[0], ir.ptr(AS_GLOBAL));
                ir.inline_asm(
                    ir.void(),
                    &[p, v],
                    &format!("st.global.{op}.{suffix} [$0], $1;"),
                    &format!("l,{cons},~{{memory}}"),
                );
                Val::Void
            }
            // ---- misc
            "__warpc_trap" => {
                self.args(args, 0)?;
                self.intr("llvm.trap", &[], &[])?;
                Val::Void
            }
            "__warpc_brkpt" => {
                self.args(args, 0)?;
                self.intr("llvm.debugtrap", &[], &[])?;
                Val::Void
            }
            "__warpc_clock64" => {
                self.args(args, 0)?;
                s(self.intr("llvm.nvvm.read.ptx.sreg.clock64", &[], &[])?)
            }
            "__warpc_clock" => {
                self.args(args, 0)?;
                s(self.intr("llvm.nvvm.read.ptx.sreg.clock", &[], &[])?)
            }
            // ---- warp matrix operations (NVIDIA's crt/mma.hpp)
            _ if crate::mma::is_mma_builtin_name(name) => return self.mma_builtin(name, args),
            "__warpc_laneid" => {
                self.args(args, 0)?;
                s(self.intr("llvm.nvvm.read.ptx.sreg.laneid", &[], &[])?)
            }
            _ => return None,
        })
    }

    /// The PTX type suffix, register constraint and LLVM register type of a scalar operand of
    /// inline PTX; 8-bit values travel in 16-bit registers (`h`), as in NVIDIA's headers.
    fn asm_operand(&self, ty: &Ty) -> Option<(&'static str, &'static str, crate::ir::T)> {
        let ir = self.ir;
        Some(match &ty.kind {
            TyKind::Float(FloatKind::F32) => ("f32", "f", ir.f32()),
            TyKind::Float(FloatKind::F64 | FloatKind::LongDouble) => ("f64", "d", ir.f64()),
            TyKind::Int(k) if !crate::types::is_bool(ty) => {
                let signed = is_signed(ty);
                match (k.bits(), signed) {
                    (8, true) => ("s8", "h", ir.int(16)),
                    (8, false) => ("u8", "h", ir.int(16)),
                    (16, true) => ("s16", "h", ir.int(16)),
                    (16, false) => ("u16", "h", ir.int(16)),
                    (32, true) => ("s32", "r", ir.int(32)),
                    (32, false) => ("u32", "r", ir.int(32)),
                    (64, true) => ("s64", "l", ir.int(64)),
                    (64, false) => ("u64", "l", ir.int(64)),
                    _ => return None,
                }
            }
            _ => return None,
        })
    }

    /// An `i1` intrinsic result as the builtin's declared `bool` (or integer) return type.
    fn fit_bool(&mut self, v: V, ret: &Ty) -> V {
        let ir = self.ir;
        let want = self.m.types.reg(ret);
        if want == ir.type_of(v) {
            v
        } else {
            ir.cast(Op::LLVMZExt, v, want)
        }
    }

    /// Adapts an intrinsic's integer result to the builtin's declared return type.
    fn fit_ret(&mut self, v: V, ret: &Ty) -> V {
        let ir = self.ir;
        let want = self.m.types.reg(ret);
        let have = ir.type_of(v);
        if want == have || !ir.is_int(want) || !ir.is_int(have) {
            return v;
        }
        if ir.int_width(have) > ir.int_width(want) {
            ir.cast(Op::LLVMTrunc, v, want)
        } else {
            ir.cast(Op::LLVMZExt, v, want)
        }
    }

    /// `printf(fmt, args...)` → `vprintf(fmt, buf)` with the promoted arguments packed into a
    /// local buffer, each at its natural alignment (as cicc does).
    fn printf(&mut self, args: &[TExprId], ret: &Ty) -> Option<Val> {
        let ir = self.ir;
        let (&fmt, rest) = args.split_first()?;
        let fmt = self.rvalue(fmt);
        let mut vals = Vec::new();
        let mut offset = 0u64;
        let mut max_align = 1u64;
        for a in rest {
            let ty = self.body.expr(*a).ty.clone();
            let (size, align) = match &ty.kind {
                TyKind::Int(_) | TyKind::Pointer(_) | TyKind::Nullptr => size_align(self.m.defs, &ty),
                TyKind::Float(FloatKind::F64 | FloatKind::LongDouble) => (8, 8),
                TyKind::Float(FloatKind::F32) => (8, 8), // promoted to double below
                _ => {
                    self.m
                        .error("unsupported", "unsupported: printf argument of aggregate type");
                    return Some(Val::S(ir.i32c(0)));
                }
            };
            let mut v = self.rvalue(*a);
            let mut vty = ty.clone();
            if matches!(ty.kind, TyKind::Float(FloatKind::F32)) {
                vty = Ty::float(FloatKind::F64);
                v = ir.cast(Op::LLVMFPExt, v, ir.f64());
            } else if crate::types::is_bool(&ty) || matches!(ty.kind, TyKind::Int(k) if k.bits() < 32) {
                vty = Ty::int(warpc_hir::ty::IntKind::Int);
                v = self.convert(v, &ty, &vty);
            }
            let (size, align) = if vty != ty {
                size_align(self.m.defs, &vty)
            } else {
                (size, align)
            };
            offset = crate::types::align_up(offset, align);
            vals.push((offset, v, vty));
            offset += size;
            max_align = max_align.max(align);
        }
        let buf = if vals.is_empty() {
            ir.null(ir.ptr(0))
        } else {
            let t = ir.array(ir.i8(), crate::types::align_up(offset, max_align));
            let buf = self.alloca(t, max_align as u32, "printf.buf");
            for (off, v, ty) in vals {
                let p = ir.gep_i8(buf, off);
                self.store(p, v, &ty);
            }
            buf
        };
        let (f, t) = self.m.vprintf();
        let r = ir.call(t, f, &[fmt, buf]);
        Some(if ret.is_void() {
            Val::Void
        } else {
            Val::S(self.fit_ret(r, ret))
        })
    }
}

/// The LLVM sync scope of an atomic builtin: `_block` is the thread block (PTX `.cta`),
/// `_system` the whole system (the default scope, PTX `.sys`), otherwise the device (`.gpu`).
fn atomic_scope(name: &str) -> &'static str {
    if name.ends_with("_block") {
        "block"
    } else if name.ends_with("_system") {
        ""
    } else {
        "device"
    }
}
