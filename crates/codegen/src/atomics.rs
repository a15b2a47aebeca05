//! nvcc's `__nv_atomic_*` builtins (CUDA 12.8+) and the 16-bit `atomicCAS`, as inline PTX in
//! nvcc's own spelling (cicc writes these atomics as inline asm in its front end).
//!
//! Why not LLVM atomics: LLVM 22's NVPTX back end prints `atomicrmw` without its ordering and
//! scope (`atom.add.u32` for an `acq_rel` `syncscope("device")` add, which PTX reads as relaxed),
//! and never selects `atom.cas.b16`. Mapping (nvcc's): scope THREAD/BLOCK -> `.cta`, CLUSTER ->
//! `.cluster` from sm_90 (`.gpu` below, after the checker's warning), DEVICE -> `.gpu`, SYSTEM ->
//! `.sys`; consume is acquire; a seq_cst operation is `fence.sc.<scope>` then the acquire (load,
//! read-modify-write) or relaxed (store) operation; a fence is `fence.acq_rel` or `fence.sc`;
//! `fetch_sub` adds the negated value (`0.0 - v` for floats); a compare-exchange uses the
//! stronger of its two orders. The checker (`warpc_hir::check::atomics`) has already refused
//! what nvcc refuses, so a non-constant order here is an internal error.

use crate::func::{Lowerer, Val};
use crate::ir::V;
use crate::types::{is_bool, is_signed};
use inkwell::llvm_sys::core::{LLVMConstIntGetSExtValue, LLVMIsAConstantInt};
use inkwell::llvm_sys::{LLVMIntPredicate as IP, LLVMOpcode as Op};
use warpc_hir::check::atomics::{
    order_scope_args, ORDER_ACQUIRE, ORDER_ACQ_REL, ORDER_CONSUME, ORDER_RELAXED, ORDER_RELEASE, ORDER_SEQ_CST,
};
use warpc_hir::thir::TExprId;
use warpc_hir::ty::{FloatKind, Ty, TyKind};

/// PTX operand of an atomic's value: the type suffix's width, the constraint letter and the LLVM
/// register type (8-bit values travel in 32-bit registers, as nvcc does).
struct Operand {
    bits: u32,
    letter: &'static str,
    reg: crate::ir::T,
    float: bool,
    signed: bool,
}

impl Lowerer<'_, '_, '_> {
    fn atomic_operand(&self, ty: &Ty) -> Option<Operand> {
        let ir = self.ir;
        let (bits, letter, reg, float) = match &ty.kind {
            TyKind::Float(FloatKind::F32) => (32, "f", ir.f32(), true),
            TyKind::Float(FloatKind::F64) => (64, "d", ir.f64(), true),
            TyKind::Int(k) => match if is_bool(ty) { 8 } else { k.bits() } {
                8 => (8, "r", ir.i32(), false),
                16 => (16, "h", ir.int(16), false),
                32 => (32, "r", ir.i32(), false),
                64 => (64, "l", ir.int(64), false),
                _ => return None,
            },
            _ => return None,
        };
        Some(Operand {
            bits,
            letter,
            reg,
            float,
            signed: is_signed(ty),
        })
    }

    /// `v` (of the memory type) widened to the operand's register.
    fn to_reg(&self, v: V, o: &Operand) -> V {
        let ir = self.ir;
        if ir.type_of(v) == o.reg {
            return v;
        }
        ir.cast(if o.signed { Op::LLVMSExt } else { Op::LLVMZExt }, v, o.reg)
    }

    /// A register result narrowed to the memory type `t`.
    fn narrow_reg(&self, v: V, t: crate::ir::T) -> V {
        let ir = self.ir;
        if ir.type_of(v) == t {
            return v;
        }
        ir.cast(Op::LLVMTrunc, v, t)
    }

    fn const_arg(&mut self, e: TExprId) -> Option<i64> {
        let v = self.rvalue(e);
        unsafe {
            if LLVMIsAConstantInt(v).is_null() {
                return None;
            }
            Some(LLVMConstIntGetSExtValue(v))
        }
    }

    fn ptx_scope(&self, scope: i64) -> &'static str {
        match scope {
            0 | 1 => "cta",
            2 if self.m.options.arch.number >= 90 => "cluster",
            4 => "sys",
            _ => "gpu",
        }
    }

    fn fence_sc(&mut self, scope: &str) {
        self.ir
            .inline_asm(self.ir.void(), &[], &format!("fence.sc.{scope};"), "~{memory}");
    }

    /// `__nv_atomic_<op>(args...)`: `None` when the call is not one warpc can lower.
    pub(crate) fn nv_atomic(&mut self, name: &str, args: &[TExprId], ret: &Ty) -> Option<Val> {
        let op = name.strip_prefix("__nv_atomic_")?;
        let (order_at, scope_at) = order_scope_args(op)?;
        if args.len() != scope_at + 1 {
            return None;
        }
        let mut orders = Vec::new();
        for &i in order_at {
            orders.push(self.const_arg(args[i])? as i128);
        }
        let scope = self.const_arg(args[scope_at])?;
        let scope = self.ptx_scope(scope);
        let ir = self.ir;
        let order = orders[0];
        if op == "thread_fence" {
            let sem = if order == ORDER_SEQ_CST { "sc" } else { "acq_rel" };
            ir.inline_asm(ir.void(), &[], &format!("fence.{sem}.{scope};"), "~{memory}");
            return Some(Val::Void);
        }
        let elem = self.body.expr(args[0]).ty.pointee()?.unqualified();
        let o = self.atomic_operand(&elem)?;
        let mem = self.m.types.mem(&elem);
        let p = self.rvalue(args[0]);
        let bits = o.bits;
        let letter = o.letter;
        match op {
            "load_n" => {
                let sem = match order {
                    ORDER_RELAXED => "relaxed",
                    ORDER_SEQ_CST => {
                        self.fence_sc(scope);
                        "acquire"
                    }
                    _ => "acquire",
                };
                let v = ir.inline_asm(
                    o.reg,
                    &[p],
                    &format!("ld.{sem}.{scope}.b{bits} $0, [$1];"),
                    &format!("={letter},l,~{{memory}}"),
                );
                let v = self.narrow_reg(v, mem);
                Some(Val::S(self.fit_mem(v, ret)))
            }
            "store_n" => {
                let v = self.rvalue(args[1]);
                let v = self.to_reg(v, &o);
                let sem = match order {
                    ORDER_RELEASE => "release",
                    ORDER_SEQ_CST => {
                        self.fence_sc(scope);
                        "relaxed"
                    }
                    _ => "relaxed",
                };
                ir.inline_asm(
                    ir.void(),
                    &[p, v],
                    &format!("st.{sem}.{scope}.b{bits} [$0], $1;"),
                    &format!("l,{letter},~{{memory}}"),
                );
                Some(Val::Void)
            }
            "compare_exchange_n" => {
                let expected_p = self.rvalue(args[1]);
                let desired = self.rvalue(args[2]);
                // `weak` is evaluated and ignored: PTX's CAS never fails spuriously.
                self.rvalue(args[3]);
                let align = self.m.types.align_of(&elem);
                let expected = ir.load(mem, expected_p, align, false);
                let (s, f) = (orders[0], orders[1]);
                let sem = if s == ORDER_SEQ_CST || f == ORDER_SEQ_CST {
                    self.fence_sc(scope);
                    "acquire"
                } else {
                    let acquire = matches!(s, ORDER_CONSUME | ORDER_ACQUIRE | ORDER_ACQ_REL)
                        || matches!(f, ORDER_CONSUME | ORDER_ACQUIRE);
                    let release = matches!(s, ORDER_RELEASE | ORDER_ACQ_REL);
                    match (acquire, release) {
                        (true, true) => "acq_rel",
                        (true, false) => "acquire",
                        (false, true) => "release",
                        (false, false) => "relaxed",
                    }
                };
                if bits == 8 {
                    return None;
                }
                let (e, d) = (self.to_reg(expected, &o), self.to_reg(desired, &o));
                let old = ir.inline_asm(
                    o.reg,
                    &[p, e, d],
                    &format!("atom.cas.{sem}.{scope}.b{bits} $0,[$1],$2,$3;"),
                    &format!("={letter},l,{letter},{letter},~{{memory}}"),
                );
                let old = self.narrow_reg(old, mem);
                let ok = ir.icmp(IP::LLVMIntEQ, old, expected);
                // On failure `*expected` receives the value found.
                let fail = ir.append_block(self.f, "cas.fail");
                let done = ir.append_block(self.f, "cas.done");
                ir.cond_br(ok, done, fail);
                ir.position_at_end(fail);
                ir.store(old, expected_p, align, false);
                ir.br(done);
                ir.position_at_end(done);
                Some(Val::S(self.fit_mem(ok, ret)))
            }
            _ => {
                // exchange_n and fetch_*: 32 or 64 bits (the checker refuses other sizes, as
                // nvcc does; PTX has no narrower atom.exch or atom.add).
                if bits < 32 {
                    return None;
                }
                let mut v = self.rvalue(args[1]);
                let (ptx_op, ty) = match op {
                    "exchange_n" => ("exch", format!("b{bits}")),
                    "fetch_add" | "fetch_sub" => {
                        if op == "fetch_sub" {
                            v = if o.float {
                                let zero = ir.cfloat(ir.type_of(v), 0.0);
                                ir.binop(Op::LLVMFSub, zero, v)
                            } else {
                                ir.neg(v)
                            };
                        }
                        let t = if o.float {
                            format!("f{bits}")
                        } else if o.signed && bits == 32 {
                            "s32".to_string()
                        } else {
                            format!("u{bits}")
                        };
                        ("add", t)
                    }
                    "fetch_and" | "fetch_or" | "fetch_xor" => (&op["fetch_".len()..], format!("b{bits}")),
                    "fetch_min" | "fetch_max" => (
                        &op["fetch_".len()..],
                        format!("{}{bits}", if o.signed { "s" } else { "u" }),
                    ),
                    _ => return None,
                };
                let sem = match order {
                    ORDER_RELAXED => "relaxed",
                    ORDER_CONSUME | ORDER_ACQUIRE => "acquire",
                    ORDER_RELEASE => "release",
                    ORDER_ACQ_REL => "acq_rel",
                    _ => {
                        self.fence_sc(scope);
                        "acquire"
                    }
                };
                let old = ir.inline_asm(
                    o.reg,
                    &[p, v],
                    &format!("atom.{ptx_op}.{sem}.{scope}.{ty} $0,[$1],$2;"),
                    &format!("={letter},l,{letter},~{{memory}}"),
                );
                Some(Val::S(self.fit_mem(old, ret)))
            }
        }
    }

    /// `atomicCAS` on 16-bit values: `atom.cas.b16` (PTX ISA 6.3, sm_70) with the scope of the
    /// `_block`/`_system` variants. `None` where warpc's PTX version is older (sm_70 to sm_74),
    /// so the caller falls back to LLVM's 32-bit CAS loop.
    pub(crate) fn cas16(&mut self, scope: &str, a: &[V]) -> Option<V> {
        if warpc_base::sm_gate::emitted_ptx(self.m.options.arch.number) < 63 {
            return None;
        }
        let ir = self.ir;
        let asm = match scope {
            "block" => "atom.cas.relaxed.cta.b16 $0,[$1],$2,$3;",
            "" => "atom.cas.relaxed.sys.b16 $0,[$1],$2,$3;",
            _ => "atom.cas.b16 $0,[$1],$2,$3;",
        };
        Some(ir.inline_asm(ir.int(16), a, asm, "=h,l,h,h,~{memory}"))
    }

    /// `atomic<Op>_system(p, v)`: nvcc's `atom.sys.<op>.<type>` (relaxed, system scope), as
    /// inline PTX because LLVM 22's NVPTX back end drops the scope of `atomicrmw` (it would
    /// silently become device scope). `op` is `add`, `sub`, `exch`, `min`, `max`, `inc`, `dec`,
    /// `and`, `or` or `xor`; `sub` is an add of the negated value, as nvcc writes it.
    pub(crate) fn system_atomic(&mut self, op: &str, args: &[TExprId], ret: &Ty) -> Option<Val> {
        if args.len() != 2 {
            return None;
        }
        let elem = self.body.expr(args[0]).ty.pointee()?.unqualified();
        let o = self.atomic_operand(&elem)?;
        if o.bits < 32 {
            return None;
        }
        let ir = self.ir;
        let p = self.rvalue(args[0]);
        let mut v = self.rvalue(args[1]);
        let bits = o.bits;
        let ty = match op {
            "add" | "sub" if o.float => format!("f{bits}"),
            "add" | "sub" | "inc" | "dec" => format!("u{bits}"),
            "min" | "max" => format!("{}{bits}", if o.signed { "s" } else { "u" }),
            "exch" | "and" | "or" | "xor" => format!("b{bits}"),
            _ => return None,
        };
        if op == "sub" {
            if o.float {
                return None;
            }
            v = ir.neg(v);
        }
        let ptx_op = if op == "sub" { "add" } else { op };
        let v = self.to_reg(v, &o);
        let letter = o.letter;
        let old = ir.inline_asm(
            o.reg,
            &[p, v],
            &format!("atom.sys.{ptx_op}.{ty} $0,[$1],$2;"),
            &format!("={letter},l,{letter},~{{memory}}"),
        );
        Some(Val::S(self.fit_mem(old, ret)))
    }

    /// A value of the operation's memory type as the builtin's declared return type.
    fn fit_mem(&mut self, v: V, ret: &Ty) -> V {
        let ir = self.ir;
        let want = self.m.types.reg(ret);
        let have = ir.type_of(v);
        if have == want || !ir.is_int(have) || !ir.is_int(want) {
            return v;
        }
        let (hw, ww) = (ir.int_width(have), ir.int_width(want));
        if hw > ww {
            ir.cast(Op::LLVMTrunc, v, want)
        } else {
            ir.cast(Op::LLVMZExt, v, want)
        }
    }
}
