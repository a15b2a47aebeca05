//! Lowering of one THIR body ([`TypedBody`]) into an LLVM function.
//!
//! Shape of the generated IR (as clang/cicc produce it, so the standard pipeline cleans it up):
//! - An `entry` block holding every `alloca` (parameters are spilled into slots, locals get
//!   slots; `mem2reg`/SROA promote them at O1+), ending in a branch to the first code block.
//! - Expressions evaluate to a [`Val`]: a scalar in registers (`bool` as `i1`), or an address
//!   (lvalues, and record/array rvalues, which live in memory: temporaries are allocas).
//! - Control flow: `&&`, `||` and `?:` branch and join with a `phi`; `switch` is an LLVM
//!   `switch`; loops put `!llvm.loop` unroll metadata on their back edge; `goto` branches to
//!   a block per label. Code after a terminator goes to a fresh block without predecessors.
//! - Float arithmetic carries `contract` when `-fmad=true` (nvcc's default: `a*b+c` fuses into
//!   `fma.rn`); with `-prec-div=false` f32 division is `div.full` (`div.approx` under
//!   `--use_fast_math`), as nvcc emits.

use crate::ir::{Ir, B, NONAME, T, V};
use crate::lower::{Abi, ModuleCtx, ParamAbi, RetAbi};
use crate::types::{is_aggregate, is_bool, is_signed};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::{LLVMIntPredicate as IP, LLVMOpcode as Op, LLVMRealPredicate as RP};
use warpc_hir::body::LoopHint;
use warpc_hir::body::Quals;
use warpc_hir::thir::*;
use warpc_hir::ty::{BitField, FloatKind, FnId, FnKind, IntKind, Ty, TyKind};

/// The result of lowering an expression.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Val {
    Void,
    /// A value in registers.
    S(V),
    /// An address: an lvalue, or a record/array rvalue in memory.
    A(V),
    /// A bit-field lvalue: the address of its unit, where its bits are, its declared type and
    /// whether it is volatile.
    B(V, BitField, IntKind, bool),
}

struct SwitchCtx {
    cases: Vec<B>,
    default: Option<B>,
}

pub(crate) struct Lowerer<'m, 'a, 'b> {
    pub m: &'m mut ModuleCtx<'a>,
    pub ir: Ir,
    pub fid: FnId,
    pub body: &'b TypedBody,
    pub f: V,
    alloca_at: V,
    locals: Vec<Option<V>>,
    statics: Vec<Option<String>>,
    labels: Vec<Option<B>>,
    breaks: Vec<B>,
    continues: Vec<B>,
    switches: Vec<SwitchCtx>,
    ret: RetAbi,
}

pub(crate) fn lower_body(m: &mut ModuleCtx, fid: FnId, body: &TypedBody, f: V) {
    let ir = m.ir;
    let decl = m.defs.function(fid).clone();
    let abi = m.fn_abi(fid);
    if body.param_count as usize != decl.sig.params.len() || body.locals.len() < body.param_count as usize {
        m.error(
            "internal",
            format!("internal error: body of '{}' does not match its signature", decl.name),
        );
        return;
    }
    let entry = ir.append_block(f, "entry");
    let start = ir.append_block(f, "start");
    ir.position_at_end(entry);
    let alloca_at = ir.br(start);
    let statics = warpc_hir::mangle::local_static_symbols(&decl.link_name, body);
    let mut l = Lowerer {
        ir,
        fid,
        body,
        f,
        alloca_at,
        locals: vec![None; body.locals.len()],
        statics,
        labels: vec![None; body.labels.len()],
        breaks: Vec::new(),
        continues: Vec::new(),
        switches: Vec::new(),
        ret: abi.ret,
        m,
    };
    ir.position_at_end(start);
    l.params(&abi);
    if let Some(root) = body.root {
        l.stmt(root);
    }
    // Falling off the end.
    let cur = ir.current_block();
    if !ir.terminated(cur) {
        match l.ret {
            RetAbi::Void => {
                ir.ret(None);
            }
            _ => {
                ir.unreachable();
            }
        }
    }
    // Blocks left open (dead code after `return`/`break`/`goto`).
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            if !ir.terminated(bb) {
                ir.position_at_end(bb);
                ir.unreachable();
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
}

impl<'m, 'a, 'b> Lowerer<'m, 'a, 'b> {
    fn error(&mut self, code: &'static str, msg: impl Into<String>) {
        self.m.error(code, msg);
    }

    fn ty(&self, e: TExprId) -> &'b Ty {
        &self.body.expr(e).ty
    }

    pub(crate) fn alloca(&mut self, t: T, align: u32, name: &str) -> V {
        let cur = self.ir.current_block();
        self.ir.position_before(self.alloca_at);
        let a = self.ir.alloca(t, align, name);
        self.ir.position_at_end(cur);
        a
    }

    fn temp(&mut self, ty: &Ty) -> V {
        let t = self.m.types.mem(ty);
        let align = self.m.types.align_of(ty);
        self.alloca(t, align, "tmp")
    }

    /// Starts a block that nothing branches to (code after a terminator).
    fn dead_block(&mut self) {
        let bb = self.ir.append_block(self.f, "");
        self.ir.position_at_end(bb);
    }

    fn br(&mut self, to: B) {
        let cur = self.ir.current_block();
        if !self.ir.terminated(cur) {
            self.ir.br(to);
        }
    }

    fn block(&mut self, name: &str) -> B {
        self.ir.append_block(self.f, name)
    }

    fn params(&mut self, abi: &Abi) {
        let ir = self.ir;
        for i in 0..self.body.param_count as usize {
            let local = &self.body.locals[i];
            let arg = unsafe { LLVMGetParam(self.f, i as u32 + abi.hidden()) };
            let name = local.name.as_str();
            unsafe { LLVMSetValueName2(arg, name.as_ptr() as *const std::ffi::c_char, name.len()) };
            match abi.params[i] {
                ParamAbi::ByVal(..) | ParamAbi::Indirect => self.locals[i] = Some(arg),
                ParamAbi::Aggregate(t, align) => {
                    let slot = self.alloca(t, align, &format!("{name}.addr"));
                    ir.store(arg, slot, align, false);
                    self.locals[i] = Some(slot);
                }
                ParamAbi::Direct(_) => {
                    let ty = local.ty.clone();
                    let t = self.m.types.mem(&ty);
                    let align = self.m.types.align_of(&ty);
                    let slot = self.alloca(t, align, &format!("{name}.addr"));
                    self.store(slot, arg, &ty);
                    self.locals[i] = Some(slot);
                }
            }
        }
    }

    // ------------------------------------------------------------------ memory helpers

    pub(crate) fn load(&mut self, addr: V, ty: &Ty) -> V {
        let t = self.m.types.mem(ty);
        let align = self.m.types.align_of(ty);
        let v = self.ir.load(t, addr, align, ty.quals.contains(Quals::VOLATILE));
        if is_bool(ty) {
            self.ir.cast(Op::LLVMTrunc, v, self.ir.i1())
        } else {
            v
        }
    }

    pub(crate) fn store(&mut self, addr: V, v: V, ty: &Ty) {
        let align = self.m.types.align_of(ty);
        let v = if is_bool(ty) && self.ir.int_width(self.ir.type_of(v)) == 1 {
            self.ir.cast(Op::LLVMZExt, v, self.ir.i8())
        } else {
            v
        };
        self.ir.store(v, addr, align, ty.quals.contains(Quals::VOLATILE));
    }

    /// The value of a bit-field: its unit loaded, its bits shifted down, sign-extended for a
    /// signed type.
    fn load_bits(&mut self, addr: V, b: BitField, k: IntKind, volatile: bool) -> V {
        let ir = self.ir;
        let unit = ir.int(b.unit as u32 * 8);
        let raw = ir.load(unit, addr, b.unit as u32, volatile);
        let tb = k.bits();
        let t = ir.int(tb);
        let v = self.int_cast(raw, false, t);
        let up = tb - b.shift as u32 - b.width as u32;
        let v = if up > 0 {
            ir.binop(Op::LLVMShl, v, ir.cint(t, up as u64))
        } else {
            v
        };
        let down = tb - b.width as u32;
        let v = match (down, b.signed(k)) {
            (0, _) => v,
            (_, true) => ir.binop(Op::LLVMAShr, v, ir.cint(t, down as u64)),
            (_, false) => ir.binop(Op::LLVMLShr, v, ir.cint(t, down as u64)),
        };
        if k == IntKind::Bool {
            ir.icmp(inkwell::llvm_sys::LLVMIntPredicate::LLVMIntNE, v, ir.cint(t, 0))
        } else {
            v
        }
    }

    /// Stores `v` (a value of the bit-field's declared type) into the bit-field's bits of its
    /// unit, keeping the others (read-modify-write).
    fn store_bits(&mut self, addr: V, b: BitField, v: V, volatile: bool) {
        let ir = self.ir;
        let ub = b.unit as u32 * 8;
        let unit = ir.int(ub);
        let field_mask: u128 = if b.width as u32 >= 128 {
            u128::MAX
        } else {
            (1u128 << b.width) - 1
        };
        let mask = (field_mask << b.shift) & if ub >= 128 { u128::MAX } else { (1u128 << ub) - 1 };
        let old = ir.load(unit, addr, b.unit as u32, volatile);
        let kept = ir.binop(Op::LLVMAnd, old, ir.cint128(unit, !mask & ((1u128 << ub) - 1)));
        let nv = self.int_cast(v, false, unit);
        let nv = if b.shift > 0 {
            ir.binop(Op::LLVMShl, nv, ir.cint(unit, b.shift as u64))
        } else {
            nv
        };
        let nv = ir.binop(Op::LLVMAnd, nv, ir.cint128(unit, mask));
        let new = ir.binop(Op::LLVMOr, kept, nv);
        ir.store(new, addr, b.unit as u32, volatile);
    }

    fn copy(&mut self, dst: V, src: V, ty: &Ty) {
        if dst == src {
            return;
        }
        let size = self.m.types.size_of(ty);
        let align = self.m.types.align_of(ty);
        if size > 0 {
            self.ir.memcpy(dst, align, src, align, size);
        }
    }

    fn local_addr(&mut self, id: LocalId) -> V {
        let i = id.0 as usize;
        if let Some(Some(a)) = self.locals.get(i) {
            return *a;
        }
        let Some(local) = self.body.locals.get(i) else {
            self.error("internal", "internal error: unknown local");
            return self.ir.null(self.ir.ptr(0));
        };
        let a = match local.storage {
            LocalStorage::Auto | LocalStorage::Param => {
                let ty = local.ty.clone();
                let t = self.m.types.mem(&ty);
                let align = self.m.types.align_of(&ty).max(local.align.min(1 << 29) as u32);
                self.alloca(t, align, &local.name.clone())
            }
            LocalStorage::Shared | LocalStorage::Static | LocalStorage::ExternShared => {
                let sym = self
                    .statics
                    .get(i)
                    .cloned()
                    .flatten()
                    .unwrap_or_else(|| local.name.to_string());
                self.m.local_static(&sym, self.body, i)
            }
        };
        self.locals[i] = Some(a);
        a
    }

    // ------------------------------------------------------------------ values

    /// The value of `e` in registers (loads lvalues; aggregates yield their address).
    pub(crate) fn rvalue(&mut self, e: TExprId) -> V {
        let v = self.expr(e);
        self.as_rvalue(v, e)
    }

    fn as_rvalue(&mut self, v: Val, e: TExprId) -> V {
        let ty = self.ty(e);
        match v {
            Val::S(v) => v,
            Val::A(a) if is_aggregate(ty) || matches!(ty.kind, TyKind::Function(_)) => a,
            Val::A(a) => self.load(a, ty),
            Val::B(a, b, k, vol) => self.load_bits(a, b, k, vol),
            Val::Void => {
                let t = self.m.types.reg(ty);
                self.ir.poison(t)
            }
        }
    }

    /// The address of `e` (an lvalue, or an aggregate rvalue; scalars are spilled to a temporary).
    pub(crate) fn addr(&mut self, e: TExprId) -> V {
        match self.expr(e) {
            Val::A(a) => a,
            Val::B(..) => {
                self.error("internal", "internal error: the address of a bit-field");
                self.ir.poison(self.ir.ptr(0))
            }
            Val::S(v) => {
                let ty = self.ty(e);
                let t = self.temp(ty);
                self.store(t, v, ty);
                t
            }
            Val::Void => self.ir.poison(self.ir.ptr(0)),
        }
    }

    fn poison(&mut self, ty: &Ty) -> Val {
        if ty.is_void() {
            return Val::Void;
        }
        if is_aggregate(ty) {
            let t = self.temp(ty);
            return Val::A(t);
        }
        let t = self.m.types.reg(ty);
        Val::S(self.ir.poison(t))
    }

    /// Converts scalar `v` from `from` to `to` (the usual arithmetic, pointer and bool conversions).
    pub(crate) fn convert(&mut self, v: V, from: &Ty, to: &Ty) -> V {
        let ir = self.ir;
        if is_bool(to) {
            return self.truth(v, from);
        }
        let tt = self.m.types.reg(to);
        let vt = ir.type_of(v);
        match (&from.kind, &to.kind) {
            (TyKind::Int(_), TyKind::Int(_)) | (TyKind::Nullptr, TyKind::Int(_)) if ir.is_int(vt) => {
                self.int_cast(v, is_signed(from), tt)
            }
            (TyKind::Int(_), TyKind::Float(_)) => {
                let op = if is_signed(from) {
                    Op::LLVMSIToFP
                } else {
                    Op::LLVMUIToFP
                };
                ir.cast(op, v, tt)
            }
            (TyKind::Float(_), TyKind::Int(_)) => {
                let op = if is_signed(to) { Op::LLVMFPToSI } else { Op::LLVMFPToUI };
                ir.cast(op, v, tt)
            }
            (TyKind::Float(a), TyKind::Float(b)) => match (a, b) {
                (FloatKind::F32, FloatKind::F64 | FloatKind::LongDouble) => ir.cast(Op::LLVMFPExt, v, tt),
                (FloatKind::F64 | FloatKind::LongDouble, FloatKind::F32) => ir.cast(Op::LLVMFPTrunc, v, tt),
                _ => v,
            },
            (_, TyKind::Int(_)) if ir.is_ptr(vt) => ir.cast(Op::LLVMPtrToInt, v, tt),
            (_, TyKind::Pointer(_)) if ir.is_int(vt) => {
                let wide = self.int_cast(v, is_signed(from), ir.i64());
                ir.cast(Op::LLVMIntToPtr, wide, tt)
            }
            _ => {
                if vt == tt {
                    v
                } else if ir.is_int(vt) && ir.is_int(tt) {
                    self.int_cast(v, is_signed(from), tt)
                } else {
                    let msg = format!(
                        "unsupported: conversion from `{}` to `{}` in code generation",
                        warpc_hir::check::display::display_ty(from, &self.m.defs.records),
                        warpc_hir::check::display::display_ty(to, &self.m.defs.records)
                    );
                    self.error("unsupported", msg);
                    ir.poison(tt)
                }
            }
        }
    }

    fn int_cast(&mut self, v: V, signed: bool, to: T) -> V {
        let ir = self.ir;
        let from_w = ir.int_width(ir.type_of(v));
        let to_w = ir.int_width(to);
        if from_w == to_w {
            v
        } else if from_w > to_w {
            ir.cast(Op::LLVMTrunc, v, to)
        } else if signed && from_w > 1 {
            ir.cast(Op::LLVMSExt, v, to)
        } else {
            ir.cast(Op::LLVMZExt, v, to)
        }
    }

    pub(crate) fn truth(&mut self, v: V, from: &Ty) -> V {
        let ir = self.ir;
        let vt = ir.type_of(v);
        if ir.is_int(vt) {
            if ir.int_width(vt) == 1 {
                return v;
            }
            return ir.icmp(IP::LLVMIntNE, v, ir.null(vt));
        }
        if ir.is_float(vt) {
            return ir.fcmp(RP::LLVMRealUNE, v, ir.null(vt));
        }
        if ir.is_ptr(vt) {
            return ir.icmp(IP::LLVMIntNE, v, ir.null(vt));
        }
        let _ = from;
        self.error("internal", "internal error: cannot convert to bool");
        ir.poison(ir.i1())
    }

    fn fp_flags(&self) -> u32 {
        use inkwell::llvm_sys::*;
        let mut f = 0;
        if self.m.options.fmad {
            f |= LLVMFastMathAllowContract;
        }
        if self.m.options.fast_math {
            f |= LLVMFastMathAllowContract | LLVMFastMathApproxFunc | LLVMFastMathAllowReciprocal;
        }
        f
    }

    /// `a op b` for arithmetic/bitwise `op` on operands of type `ty` (`b` of `rhs_ty` for shifts).
    pub(crate) fn arith(&mut self, op: TBinOp, a: V, b: V, ty: &Ty, rhs_ty: &Ty) -> V {
        let ir = self.ir;
        if ty.is_float() {
            let fop = match op {
                TBinOp::Add => Op::LLVMFAdd,
                TBinOp::Sub => Op::LLVMFSub,
                TBinOp::Mul => Op::LLVMFMul,
                TBinOp::Div => {
                    let f32 = matches!(ty.kind, TyKind::Float(FloatKind::F32));
                    if f32 && !self.m.options.prec_div && !self.m.options.fast_math {
                        let name = if self.m.options.ftz {
                            "llvm.nvvm.div.full.ftz"
                        } else {
                            "llvm.nvvm.div.full"
                        };
                        if let Some(v) = ir.call_intrinsic(name, &[], &[a, b]) {
                            return v;
                        }
                    }
                    Op::LLVMFDiv
                }
                TBinOp::Rem => Op::LLVMFRem,
                _ => {
                    self.error(
                        "internal",
                        "internal error: bitwise operator on floating-point operands",
                    );
                    return ir.poison(ir.type_of(a));
                }
            };
            // A subtraction keeps `contract` (printed `sub.f32`, for ptxas to fuse as it fuses
            // nvcc's) and is fenced from fusing in LLVM after optimization
            // (`target::fence_subtractions`).
            let v = ir.binop(fop, a, b);
            let mut flags = self.fp_flags();
            if fop == Op::LLVMFSub && !self.m.options.fmad {
                flags &= !inkwell::llvm_sys::LLVMFastMathAllowContract;
            }
            if flags != 0 {
                ir.set_fmf(v, flags);
            }
            return v;
        }
        let signed = is_signed(ty);
        let wide = matches!(ty.kind, TyKind::Int(k) if k.bits() >= 32);
        match op {
            TBinOp::Add if signed && wide => ir.nsw_add(a, b),
            TBinOp::Sub if signed && wide => ir.nsw_sub(a, b),
            TBinOp::Mul if signed && wide => ir.nsw_mul(a, b),
            TBinOp::Add => ir.binop(Op::LLVMAdd, a, b),
            TBinOp::Sub => ir.binop(Op::LLVMSub, a, b),
            TBinOp::Mul => ir.binop(Op::LLVMMul, a, b),
            TBinOp::Div => ir.binop(if signed { Op::LLVMSDiv } else { Op::LLVMUDiv }, a, b),
            TBinOp::Rem => ir.binop(if signed { Op::LLVMSRem } else { Op::LLVMURem }, a, b),
            TBinOp::BitAnd => ir.binop(Op::LLVMAnd, a, b),
            TBinOp::BitOr => ir.binop(Op::LLVMOr, a, b),
            TBinOp::BitXor => ir.binop(Op::LLVMXor, a, b),
            TBinOp::Shl | TBinOp::Shr => {
                let at = ir.type_of(a);
                let b = if ir.is_int(ir.type_of(b)) {
                    self.int_cast(b, is_signed(rhs_ty), at)
                } else {
                    b
                };
                match op {
                    TBinOp::Shl => ir.binop(Op::LLVMShl, a, b),
                    _ => ir.binop(if signed { Op::LLVMAShr } else { Op::LLVMLShr }, a, b),
                }
            }
            _ => {
                self.error("internal", "internal error: comparison used as arithmetic");
                ir.poison(ir.type_of(a))
            }
        }
    }

    fn compare(&mut self, op: TBinOp, a: V, b: V, ty: &Ty) -> V {
        let ir = self.ir;
        if ty.is_float() {
            let p = match op {
                TBinOp::Lt => RP::LLVMRealOLT,
                TBinOp::Gt => RP::LLVMRealOGT,
                TBinOp::Le => RP::LLVMRealOLE,
                TBinOp::Ge => RP::LLVMRealOGE,
                TBinOp::Eq => RP::LLVMRealOEQ,
                _ => RP::LLVMRealUNE,
            };
            let v = ir.fcmp(p, a, b);
            return v;
        }
        let signed = is_signed(ty);
        let p = match (op, signed) {
            (TBinOp::Eq, _) => IP::LLVMIntEQ,
            (TBinOp::Ne, _) => IP::LLVMIntNE,
            (TBinOp::Lt, true) => IP::LLVMIntSLT,
            (TBinOp::Lt, false) => IP::LLVMIntULT,
            (TBinOp::Gt, true) => IP::LLVMIntSGT,
            (TBinOp::Gt, false) => IP::LLVMIntUGT,
            (TBinOp::Le, true) => IP::LLVMIntSLE,
            (TBinOp::Le, false) => IP::LLVMIntULE,
            (TBinOp::Ge, true) => IP::LLVMIntSGE,
            (_, _) => IP::LLVMIntUGE,
        };
        // Pointer vs. null-constant operands of different LLVM types.
        let (a, b) = match (ir.is_ptr(ir.type_of(a)), ir.is_ptr(ir.type_of(b))) {
            (true, false) => (a, ir.null(ir.type_of(a))),
            (false, true) => (ir.null(ir.type_of(b)), b),
            _ => (a, b),
        };
        ir.icmp(p, a, b)
    }

    /// `p + i` elements of `pointee`.
    fn ptr_add(&mut self, p: V, i: V, i_ty: &Ty, pointee: &Ty, negate: bool) -> V {
        let ir = self.ir;
        let idx = if ir.is_int(ir.type_of(i)) {
            self.int_cast(i, is_signed(i_ty), ir.i64())
        } else {
            i
        };
        let idx = if negate { ir.neg(idx) } else { idx };
        let st = self.m.types.stride_ty(pointee);
        ir.gep(st, p, &[idx])
    }

    fn pointee_of(&self, ptr_ty: &Ty) -> Ty {
        match &ptr_ty.kind {
            TyKind::Pointer(p) => (**p).clone(),
            TyKind::Array(e, _) => (**e).clone(),
            _ => Ty::int(IntKind::Char),
        }
    }

    // ------------------------------------------------------------------ expressions

    pub(crate) fn expr(&mut self, id: TExprId) -> Val {
        let ir = self.ir;
        let Some(e) = self.body.exprs.get(id.0 as usize) else {
            self.error("internal", "internal error: unknown expression");
            return Val::Void;
        };
        let ty = &e.ty;
        if ty.is_error() {
            // The checker reports what it cannot type, but a declaration's own error (a
            // system header's typedef whose type failed) is not shown when device code does
            // not name the declaration itself: name the function whose body met it.
            let msg = format!(
                "unsupported: an expression in \"{}\" could not be typed (a declaration it uses failed or is not supported)",
                self.m.defs.function(self.fid).name
            );
            self.error("unsupported", msg);
            return Val::Void;
        }
        match &e.kind {
            ExprKind::IntConst(v) => {
                let t = self.m.types.reg(ty);
                if ir.is_int(t) {
                    Val::S(ir.cint128(t, *v))
                } else if ir.is_ptr(t) {
                    // An integer constant of pointer type (from a cast already folded).
                    Val::S(if *v == 0 {
                        ir.null(t)
                    } else {
                        unsafe { LLVMConstIntToPtr(ir.i64c(*v as i64), t) }
                    })
                } else if ir.is_float(t) {
                    Val::S(ir.cfloat(t, *v as i128 as f64))
                } else {
                    self.error("internal", "internal error: integer constant of a non-scalar type");
                    self.poison(ty)
                }
            }
            ExprKind::FloatConst(bits) => {
                let f = f64::from_bits(*bits);
                Val::S(match ty.kind {
                    TyKind::Float(FloatKind::F32) => ir.cfloat(ir.f32(), f as f32 as f64),
                    _ => ir.cfloat(ir.f64(), f),
                })
            }
            ExprKind::StringConst(bytes) => Val::A(self.m.string(bytes)),
            ExprKind::NullPtr => Val::S(ir.null(ir.ptr(0))),
            ExprKind::Local(l) => Val::A(self.local_addr(*l)),
            ExprKind::Global(g) => Val::A(self.m.global(*g)),
            ExprKind::Function(f) => Val::A(self.m.function(*f)),
            ExprKind::BuiltinVar(v, d) => {
                let reg = match v {
                    BuiltinVar::ThreadIdx => "tid",
                    BuiltinVar::BlockIdx => "ctaid",
                    BuiltinVar::BlockDim => "ntid",
                    BuiltinVar::GridDim => "nctaid",
                };
                let dim = match d {
                    Dim::X => "x",
                    Dim::Y => "y",
                    Dim::Z => "z",
                };
                let name = format!("llvm.nvvm.read.ptx.sreg.{reg}.{dim}");
                match ir.call_intrinsic(&name, &[], &[]) {
                    Some(v) => Val::S(v),
                    None => {
                        self.error("internal", format!("internal error: LLVM lacks {name}"));
                        self.poison(ty)
                    }
                }
            }
            ExprKind::WarpSize => Val::S(ir.i32c(32)),
            ExprKind::Cast(kind, inner) => self.cast(*kind, *inner, ty),
            ExprKind::Unary(op, x) => {
                let v = self.rvalue(*x);
                let xt = self.ty(*x);
                Val::S(match op {
                    TUnaryOp::Neg if xt.is_float() => ir.fneg(v),
                    TUnaryOp::Neg if is_signed(xt) && matches!(xt.kind, TyKind::Int(k) if k.bits() >= 32) => {
                        ir.nsw_sub(ir.null(ir.type_of(v)), v)
                    }
                    TUnaryOp::Neg => ir.neg(v),
                    TUnaryOp::BitNot | TUnaryOp::Not => {
                        if ir.is_int(ir.type_of(v)) {
                            ir.not(v)
                        } else {
                            let b = self.truth(v, xt);
                            ir.not(b)
                        }
                    }
                })
            }
            ExprKind::Binary(op, l, r) => {
                let a = self.rvalue(*l);
                let b = self.rvalue(*r);
                let lt = self.ty(*l);
                let rt = self.ty(*r);
                match op {
                    TBinOp::Lt | TBinOp::Gt | TBinOp::Le | TBinOp::Ge | TBinOp::Eq | TBinOp::Ne => {
                        Val::S(self.compare(*op, a, b, lt))
                    }
                    _ => Val::S(self.arith(*op, a, b, lt, rt)),
                }
            }
            ExprKind::PtrAdd { ptr, offset } | ExprKind::PtrSub { ptr, offset } => {
                let negate = matches!(e.kind, ExprKind::PtrSub { .. });
                let p = self.rvalue(*ptr);
                let i = self.rvalue(*offset);
                let pointee = self.pointee_of(self.ty(*ptr));
                let it = self.ty(*offset);
                Val::S(self.ptr_add(p, i, it, &pointee, negate))
            }
            ExprKind::PtrDiff { lhs, rhs } => {
                let a = self.rvalue(*lhs);
                let b = self.rvalue(*rhs);
                let pointee = self.pointee_of(self.ty(*lhs));
                let size = self.m.types.size_of(&pointee).max(1);
                let ai = ir.cast(Op::LLVMPtrToInt, a, ir.i64());
                let bi = ir.cast(Op::LLVMPtrToInt, b, ir.i64());
                let mut d = ir.binop(Op::LLVMSub, ai, bi);
                if size > 1 {
                    d = unsafe { LLVMBuildExactSDiv(ir.b, d, ir.i64c(size as i64), NONAME) };
                }
                let long = Ty::int(IntKind::Long);
                Val::S(self.convert(d, &long, ty))
            }
            ExprKind::LogicAnd(a, b) | ExprKind::LogicOr(a, b) => {
                let and = matches!(e.kind, ExprKind::LogicAnd(..));
                let av = self.rvalue(*a);
                let av = self.truth(av, &Ty::bool());
                let from = ir.current_block();
                let rhs = self.block(if and { "land.rhs" } else { "lor.rhs" });
                let end = self.block(if and { "land.end" } else { "lor.end" });
                if and {
                    ir.cond_br(av, rhs, end);
                } else {
                    ir.cond_br(av, end, rhs);
                }
                ir.position_at_end(rhs);
                let bv = self.rvalue(*b);
                let bv = self.truth(bv, &Ty::bool());
                let rhs_end = ir.current_block();
                ir.br(end);
                ir.position_at_end(end);
                let short = ir.cint(ir.i1(), (!and) as u64);
                let phi = ir.phi(ir.i1(), &[(short, from), (bv, rhs_end)]);
                Val::S(if is_bool(ty) {
                    phi
                } else {
                    self.convert(phi, &Ty::bool(), ty)
                })
            }
            ExprKind::Cond { cond, then, else_ } => {
                let c = self.rvalue(*cond);
                let c = self.truth(c, self.ty(*cond));
                let tb = self.block("cond.true");
                let eb = self.block("cond.false");
                let end = self.block("cond.end");
                ir.cond_br(c, tb, eb);
                let want_addr = e.category == ValueCategory::LValue || is_aggregate(ty);
                // An aggregate rvalue is copied into one temporary in each arm (as clang does),
                // so the result is not a phi of unrelated addresses, which would keep the
                // temporary in local memory.
                let into = if e.category == ValueCategory::RValue && is_aggregate(ty) {
                    Some(self.temp(ty))
                } else {
                    None
                };
                let void = ty.is_void();
                let arm = |this: &mut Self, x: TExprId, bb: B| -> (Option<V>, B) {
                    ir.position_at_end(bb);
                    let v = if void {
                        this.expr(x);
                        None
                    } else if let Some(tmp) = into {
                        let src = this.addr(x);
                        this.copy(tmp, src, ty);
                        None
                    } else if want_addr {
                        Some(this.addr(x))
                    } else {
                        Some(this.rvalue(x))
                    };
                    let out = ir.current_block();
                    ir.br(end);
                    (v, out)
                };
                let (tv, tout) = arm(self, *then, tb);
                let (ev, eout) = arm(self, *else_, eb);
                ir.position_at_end(end);
                if let Some(tmp) = into {
                    return Val::A(tmp);
                }
                match (tv, ev) {
                    (Some(tv), Some(ev)) => {
                        let t = ir.type_of(tv);
                        let ev = if ir.type_of(ev) != t {
                            self.coerce_like(ev, t)
                        } else {
                            ev
                        };
                        let phi = ir.phi(t, &[(tv, tout), (ev, eout)]);
                        if want_addr {
                            Val::A(phi)
                        } else {
                            Val::S(phi)
                        }
                    }
                    _ => Val::Void,
                }
            }
            ExprKind::Assign { lhs, rhs } => {
                let lt = self.ty(*lhs);
                if is_aggregate(lt) {
                    let src = self.addr(*rhs);
                    let dst = self.addr(*lhs);
                    // A class that is not POD for layout may be a base subobject whose tail
                    // padding holds the derived class's members: copy its data only.
                    let dsize = match lt.kind {
                        TyKind::Record(r) => self.m.defs.records.get(r).and_then(|rd| rd.dsize),
                        _ => None,
                    };
                    match dsize {
                        Some(n) if n < self.m.types.size_of(lt) => {
                            if dst != src && n > 0 {
                                let align = self.m.types.align_of(lt);
                                self.ir.memcpy(dst, align, src, align, n);
                            }
                        }
                        _ => self.copy(dst, src, lt),
                    }
                    Val::A(dst)
                } else {
                    let v = self.rvalue(*rhs);
                    let v = self.fit(v, self.ty(*rhs), lt);
                    let place = self.place(*lhs);
                    self.store_place(place, v, lt);
                    place
                }
            }
            ExprKind::CompoundAssign { op, lhs, rhs, op_ty } => {
                let r = self.rvalue(*rhs);
                let rt = self.ty(*rhs);
                let place = self.place(*lhs);
                let lt = self.ty(*lhs);
                let cur = self.load_place(place, lt);
                let new = if lt.is_pointer() {
                    let pointee = self.pointee_of(lt);
                    self.ptr_add(cur, r, rt, &pointee, *op == TBinOp::Sub)
                } else {
                    let a = self.convert(cur, lt, op_ty);
                    let res = self.arith(*op, a, r, op_ty, rt);
                    self.convert(res, op_ty, lt)
                };
                self.store_place(place, new, lt);
                place
            }
            ExprKind::IncDec { lhs, inc, prefix } => {
                let place = self.place(*lhs);
                let lt = self.ty(*lhs);
                let old = self.load_place(place, lt);
                let new = match &lt.kind {
                    TyKind::Int(IntKind::Bool) => {
                        if *inc {
                            ir.cint(ir.i1(), 1)
                        } else {
                            ir.not(old)
                        }
                    }
                    TyKind::Int(k) => {
                        let one = ir.cint(ir.type_of(old), 1);
                        let nsw = k.is_signed() && k.bits() >= 32;
                        match (*inc, nsw) {
                            (true, true) => ir.nsw_add(old, one),
                            (true, false) => ir.binop(Op::LLVMAdd, old, one),
                            (false, true) => ir.nsw_sub(old, one),
                            (false, false) => ir.binop(Op::LLVMSub, old, one),
                        }
                    }
                    TyKind::Float(_) => {
                        let one = ir.cfloat(ir.type_of(old), 1.0);
                        ir.binop(if *inc { Op::LLVMFAdd } else { Op::LLVMFSub }, old, one)
                    }
                    TyKind::Pointer(p) => {
                        let st = self.m.types.stride_ty(p);
                        ir.gep(st, old, &[ir.i64c(if *inc { 1 } else { -1 })])
                    }
                    _ => {
                        self.error("internal", "internal error: ++/-- on a non-scalar");
                        old
                    }
                };
                self.store_place(place, new, lt);
                if *prefix {
                    place
                } else {
                    Val::S(old)
                }
            }
            ExprKind::Call { callee, args } => self.call(*callee, args, ty),
            ExprKind::CallIndirect { callee, args } => {
                let fp = self.rvalue(*callee);
                let sig = match &self.ty(*callee).kind {
                    TyKind::Pointer(p) => match &p.kind {
                        TyKind::Function(sig) => Some((**sig).clone()),
                        _ => None,
                    },
                    TyKind::Function(sig) => Some((**sig).clone()),
                    _ => None,
                };
                let Some(sig) = sig else {
                    self.error(
                        "internal",
                        "internal error: indirect call through a non-function pointer",
                    );
                    return self.poison(ty);
                };
                if sig.variadic {
                    self.error("unsupported", "unsupported: indirect call of a variadic function");
                    return self.poison(ty);
                }
                let abi = self.m.abi(&sig, false);
                self.emit_call(fp, &abi, &sig, args, ty)
            }
            ExprKind::Member { base, field } => {
                let bt = self.ty(*base);
                let TyKind::Record(r) = bt.kind else {
                    self.error("internal", "internal error: member of a non-record");
                    return self.poison(ty);
                };
                let Some(fd) = self
                    .m
                    .defs
                    .records
                    .get(r)
                    .and_then(|rec| rec.fields.get(*field as usize))
                else {
                    self.error("internal", "internal error: unknown field");
                    return self.poison(ty);
                };
                let off = fd.offset;
                let fty = fd.ty.clone();
                let bits = fd.bits;
                let base_addr = self.addr(*base);
                let a = ir.gep_i8(base_addr, off);
                if let (Some(b), TyKind::Int(k)) = (bits, &fty.kind) {
                    let vol = ty.quals.contains(Quals::VOLATILE) || fty.quals.contains(Quals::VOLATILE);
                    return if e.category == ValueCategory::RValue {
                        Val::S(self.load_bits(a, b, *k, vol))
                    } else {
                        Val::B(a, b, *k, vol)
                    };
                }
                if e.category == ValueCategory::RValue && !is_aggregate(ty) {
                    Val::S(self.load(a, &fty))
                } else {
                    Val::A(a)
                }
            }
            ExprKind::Deref(p) => Val::A(self.rvalue(*p)),
            ExprKind::AddrOf(x) => Val::S(self.addr(*x)),
            ExprKind::Comma(a, b) => {
                self.expr(*a);
                self.expr(*b)
            }
            ExprKind::Aggregate(init) => {
                let t = self.temp(ty);
                self.init(t, ty, init);
                Val::A(t)
            }
            ExprKind::ForEach {
                first,
                count,
                elem,
                each,
                reverse,
            } => {
                // i = 0; while (i != n) { elem = first + (reverse ? n - 1 - i : i); each; ++i; }
                // with `i` in a slot that mem2reg promotes.
                let base = self.rvalue(*first);
                let n = self.rvalue(*count);
                let n = self.int_cast(n, false, ir.i64());
                let pointee = self.pointee_of(self.ty(*first));
                let elem_ty = self.m.types.mem(&pointee);
                let i_slot = self.alloca(ir.i64(), 8, "each.i");
                ir.store(ir.i64c(0), i_slot, 8, false);
                let head = self.block("each.cond");
                let body = self.block("each.body");
                let end = self.block("each.end");
                ir.br(head);
                ir.position_at_end(head);
                let i = ir.load(ir.i64(), i_slot, 8, false);
                let more = ir.icmp(IP::LLVMIntNE, i, n);
                ir.cond_br(more, body, end);
                ir.position_at_end(body);
                let idx = if *reverse {
                    let last = ir.binop(Op::LLVMSub, n, ir.i64c(1));
                    ir.binop(Op::LLVMSub, last, i)
                } else {
                    i
                };
                let at = ir.gep(elem_ty, base, &[idx]);
                let slot = self.local_addr(*elem);
                ir.store(at, slot, 8, false);
                self.expr(*each);
                let next = ir.binop(Op::LLVMAdd, i, ir.i64c(1));
                ir.store(next, i_slot, 8, false);
                ir.br(head);
                ir.position_at_end(end);
                Val::Void
            }
        }
    }

    /// The place lvalue `e` designates: an address, or a bit-field.
    fn place(&mut self, e: TExprId) -> Val {
        match self.expr(e) {
            Val::S(v) => {
                let ty = self.ty(e);
                let t = self.temp(ty);
                self.store(t, v, ty);
                Val::A(t)
            }
            Val::Void => Val::A(self.ir.poison(self.ir.ptr(0))),
            p => p,
        }
    }

    fn load_place(&mut self, p: Val, ty: &Ty) -> V {
        match p {
            Val::B(a, b, k, vol) => self.load_bits(a, b, k, vol),
            Val::A(a) | Val::S(a) => self.load(a, ty),
            Val::Void => self.ir.poison(self.m.types.reg(ty)),
        }
    }

    fn store_place(&mut self, p: Val, v: V, ty: &Ty) {
        match p {
            Val::B(a, b, _, vol) => self.store_bits(a, b, v, vol),
            Val::A(a) | Val::S(a) => self.store(a, v, ty),
            Val::Void => {}
        }
    }

    /// Makes `v` (of THIR type `from`) fit a store of type `to` when the checker left the types
    /// slightly apart (e.g. `bool` vs. `int` in registers).
    fn fit(&mut self, v: V, from: &Ty, to: &Ty) -> V {
        let want = self.m.types.reg(to);
        if self.ir.type_of(v) == want {
            v
        } else {
            self.convert(v, from, to)
        }
    }

    fn coerce_like(&mut self, v: V, t: T) -> V {
        let ir = self.ir;
        let vt = ir.type_of(v);
        if ir.is_int(vt) && ir.is_int(t) {
            self.int_cast(v, false, t)
        } else if ir.is_ptr(t) && ir.is_int(vt) {
            ir.cast(Op::LLVMIntToPtr, v, t)
        } else {
            ir.poison(t)
        }
    }

    fn cast(&mut self, kind: CastKind, inner: TExprId, ty: &Ty) -> Val {
        let ir = self.ir;
        let from = self.ty(inner);
        match kind {
            CastKind::Load => {
                let v = self.expr(inner);
                match v {
                    Val::A(a) if is_aggregate(ty) || is_aggregate(from) => Val::A(a),
                    Val::A(a) => Val::S(self.load(a, from)),
                    Val::B(a, b, k, vol) => Val::S(self.load_bits(a, b, k, vol)),
                    other => other,
                }
            }
            CastKind::ToVoid => {
                self.expr(inner);
                Val::Void
            }
            CastKind::NullToPtr => {
                let t = self.m.types.reg(ty);
                Val::S(ir.null(t))
            }
            CastKind::ArrayToPtr | CastKind::FnToPtr => Val::S(self.addr(inner)),
            CastKind::PtrToPtr => {
                let v = self.rvalue(inner);
                if ir.is_ptr(ir.type_of(v)) {
                    Val::S(v)
                } else {
                    Val::S(self.convert(v, from, ty))
                }
            }
            CastKind::ToBool => {
                let v = self.rvalue(inner);
                Val::S(self.truth(v, from))
            }
            CastKind::IntToInt
            | CastKind::IntToFloat
            | CastKind::FloatToInt
            | CastKind::FloatToFloat
            | CastKind::PtrToInt
            | CastKind::IntToPtr => {
                let v = self.rvalue(inner);
                Val::S(self.convert(v, from, ty))
            }
        }
    }

    // ------------------------------------------------------------------ calls

    fn call(&mut self, callee: FnId, args: &[TExprId], ty: &Ty) -> Val {
        let Some(decl) = self.m.defs.functions.get(callee.0 as usize) else {
            self.error("internal", "internal error: unknown function");
            return self.poison(ty);
        };
        match decl.kind {
            FnKind::Builtin => return self.builtin(callee, args, ty),
            FnKind::Normal | FnKind::Libdevice => {}
        }
        if decl.space == warpc_hir::ty::ExecSpace::Global {
            let name = decl.name.clone();
            self.error(
                "kernel-call",
                format!("a __global__ function call must be configured: '{name}'"),
            );
            return self.poison(ty);
        }
        if decl.sig.variadic {
            let name = decl.name.clone();
            self.error(
                "unsupported",
                format!("unsupported: call of variadic function '{name}'"),
            );
            return self.poison(ty);
        }
        let sig = decl.sig.clone();
        let f = self.m.function(callee);
        let abi = self.m.fn_abi(callee);
        self.emit_call(f, &abi, &sig, args, ty)
    }

    fn emit_call(&mut self, f: V, abi: &Abi, sig: &warpc_hir::ty::FnSig, args: &[TExprId], ty: &Ty) -> Val {
        let ir = self.ir;
        if args.len() != abi.params.len() {
            self.error(
                "internal",
                "internal error: call argument count does not match the signature",
            );
            return self.poison(ty);
        }
        let mut vals = Vec::with_capacity(args.len() + 1);
        let sret = match abi.ret {
            RetAbi::Indirect(t, align) => {
                let tmp = self.alloca(t, align, "sret.tmp");
                vals.push(tmp);
                Some(tmp)
            }
            _ => None,
        };
        for (i, a) in args.iter().enumerate() {
            let v = match abi.params[i] {
                // The checker made an `Indirect` argument a temporary of this call.
                ParamAbi::ByVal(..) | ParamAbi::Indirect => self.addr(*a),
                ParamAbi::Aggregate(t, align) => {
                    let src = self.addr(*a);
                    ir.load(t, src, align, false)
                }
                ParamAbi::Direct(t) => {
                    let v = self.rvalue(*a);
                    if ir.type_of(v) != t {
                        let at = self.ty(*a).clone();
                        self.convert(v, &at, &sig.params[i])
                    } else {
                        v
                    }
                }
            };
            vals.push(v);
        }
        let call = ir.call(abi.fn_ty, f, &vals);
        let m = &mut *self.m;
        m.param_attrs(sig, abi, |i, a| ir.add_call_attr(call, i, a));
        match abi.ret {
            RetAbi::Void => Val::Void,
            RetAbi::Direct(_) => Val::S(call),
            RetAbi::Record(t, align) => {
                let tmp = self.alloca(t, align, "call.tmp");
                ir.store(call, tmp, align, false);
                Val::A(tmp)
            }
            RetAbi::Indirect(..) => Val::A(sret.unwrap_or_else(|| ir.poison(ir.ptr(0)))),
        }
    }

    // ------------------------------------------------------------------ initializers

    pub(crate) fn init(&mut self, addr: V, ty: &Ty, init: &TInit) {
        let ir = self.ir;
        match init {
            TInit::Expr(e) => {
                if is_aggregate(ty) {
                    let src = self.addr(*e);
                    self.copy(addr, src, ty);
                } else {
                    let v = self.rvalue(*e);
                    let et = self.ty(*e).clone();
                    let v = self.fit(v, &et, ty);
                    self.store(addr, v, ty);
                }
            }
            TInit::Zero => self.zero(addr, ty),
            TInit::Bytes(bytes) => {
                let size = self.m.types.size_of(ty) as usize;
                let mut b = bytes.clone();
                b.resize(size, 0);
                let c = ir.const_bytes(&b);
                let align = self.m.types.align_of(ty);
                ir.store(c, addr, align, false);
            }
            TInit::Union { field, init } => {
                let fd = match &ty.kind {
                    TyKind::Record(r) => self
                        .m
                        .defs
                        .records
                        .get(r)
                        .and_then(|rec| rec.fields.get(*field as usize))
                        .cloned(),
                    _ => None,
                };
                match fd {
                    Some(fd) => {
                        let a = ir.gep_i8(addr, fd.offset);
                        if fd.bits.is_some() {
                            self.zero(addr, ty);
                        }
                        self.init_field(a, &fd, init);
                    }
                    None => self.error("internal", "internal error: union initializer for a non-union"),
                }
            }
            TInit::List(items) => match &ty.kind {
                TyKind::Array(e, n) => {
                    let n = n.unwrap_or(items.len() as u64);
                    if (items.len() as u64) < n {
                        self.zero(addr, ty);
                    }
                    let es = self.m.types.size_of(e);
                    for (i, it) in items.iter().enumerate().take(n as usize) {
                        let a = ir.gep_i8(addr, es * i as u64);
                        self.init(a, e, it);
                    }
                }
                TyKind::Record(r) => {
                    let Some(rec) = self.m.defs.records.get(r).cloned() else {
                        return;
                    };
                    // Bit-fields are written into their units: the other bits start as zero.
                    let bits = rec.fields.iter().any(|f| f.bits.is_some());
                    if rec.is_union {
                        match (rec.fields.first(), items.first()) {
                            (Some(f), Some(it)) => {
                                if bits {
                                    self.zero(addr, ty);
                                }
                                let a = ir.gep_i8(addr, f.offset);
                                self.init_field(a, f, it);
                            }
                            _ => self.zero(addr, ty),
                        }
                        return;
                    }
                    if items.len() < rec.fields.len() || bits {
                        self.zero(addr, ty);
                    }
                    for (f, it) in rec.fields.iter().zip(items) {
                        let a = ir.gep_i8(addr, f.offset);
                        self.init_field(a, f, it);
                    }
                }
                _ => match items.first() {
                    Some(it) => self.init(addr, ty, it),
                    None => self.zero(addr, ty),
                },
            },
        }
    }

    /// Initializes field `f` at `a` (its unit, for a bit-field).
    fn init_field(&mut self, a: V, f: &warpc_hir::ty::FieldDecl, init: &TInit) {
        let Some(b) = f.bits else {
            self.init(a, &f.ty, init);
            return;
        };
        let e = match init {
            TInit::Expr(e) => Some(*e),
            TInit::List(items) => match items.first() {
                Some(TInit::Expr(e)) => Some(*e),
                _ => None,
            },
            _ => None,
        };
        let vol = f.ty.quals.contains(Quals::VOLATILE);
        let v = match e {
            Some(e) => {
                let v = self.rvalue(e);
                let et = self.ty(e).clone();
                self.fit(v, &et, &f.ty)
            }
            None => {
                let t = self.m.types.reg(&f.ty);
                self.ir.null(t)
            }
        };
        self.store_bits(a, b, v, vol);
    }

    fn zero(&mut self, addr: V, ty: &Ty) {
        let ir = self.ir;
        if is_aggregate(ty) {
            let size = self.m.types.size_of(ty);
            if size > 0 {
                ir.memset(addr, self.m.types.align_of(ty), 0, size);
            }
        } else {
            let t = self.m.types.mem(ty);
            let align = self.m.types.align_of(ty);
            ir.store(ir.null(t), addr, align, ty.quals.contains(Quals::VOLATILE));
        }
    }

    // ------------------------------------------------------------------ statements

    fn loop_md(&mut self, br: V, hint: LoopHint) {
        let ir = self.ir;
        let prop = match hint {
            LoopHint::None => return,
            LoopHint::Unroll(None) => ir.md_node(&[ir.md_string("llvm.loop.unroll.full")]),
            LoopHint::Unroll(Some(0 | 1)) => ir.md_node(&[ir.md_string("llvm.loop.unroll.disable")]),
            LoopHint::Unroll(Some(n)) => {
                ir.md_node(&[ir.md_string("llvm.loop.unroll.count"), ir.md_value(ir.i32c(n as i64))])
            }
        };
        let id = ir.loop_id(&[prop]);
        ir.set_md(br, "llvm.loop", id);
    }

    fn cond_value(&mut self, e: TExprId) -> V {
        let v = self.rvalue(e);
        let t = self.ty(e);
        self.truth(v, t)
    }

    pub(crate) fn stmt(&mut self, id: TStmtId) {
        let ir = self.ir;
        let Some(s) = self.body.stmts.get(id.0 as usize) else {
            self.error("internal", "internal error: unknown statement");
            return;
        };
        match s {
            TStmt::Expr(e) => {
                self.expr(*e);
            }
            TStmt::Decl { local, init } => {
                let Some(l) = self.body.locals.get(local.0 as usize) else {
                    self.error("internal", "internal error: unknown local");
                    return;
                };
                match l.storage {
                    LocalStorage::Auto | LocalStorage::Param => {
                        let a = self.local_addr(*local);
                        if let Some(init) = init {
                            let ty = l.ty.clone();
                            self.init(a, &ty, init);
                        }
                    }
                    // Statics are initialised at load time; make sure the symbol exists.
                    LocalStorage::Shared | LocalStorage::Static | LocalStorage::ExternShared => {
                        self.local_addr(*local);
                    }
                }
            }
            TStmt::Block(stmts) => {
                for s in stmts {
                    self.stmt(*s);
                }
            }
            TStmt::If { cond, then, else_ } => {
                let c = self.cond_value(*cond);
                let tb = self.block("if.then");
                let end = self.block("if.end");
                let eb = if else_.is_some() { self.block("if.else") } else { end };
                ir.cond_br(c, tb, eb);
                ir.position_at_end(tb);
                self.stmt(*then);
                self.br(end);
                if let Some(e) = else_ {
                    ir.position_at_end(eb);
                    self.stmt(*e);
                    self.br(end);
                }
                move_after(end, ir.current_block());
                ir.position_at_end(end);
            }
            TStmt::While { cond, body, hint } => {
                let cb = self.block("while.cond");
                let bb = self.block("while.body");
                let end = self.block("while.end");
                self.br(cb);
                ir.position_at_end(cb);
                let c = self.cond_value(*cond);
                ir.cond_br(c, bb, end);
                ir.position_at_end(bb);
                self.breaks.push(end);
                self.continues.push(cb);
                self.stmt(*body);
                self.breaks.pop();
                self.continues.pop();
                if !ir.terminated(ir.current_block()) {
                    let back = ir.br(cb);
                    self.loop_md(back, *hint);
                }
                move_after(end, ir.current_block());
                ir.position_at_end(end);
            }
            TStmt::DoWhile { body, cond, hint } => {
                let bb = self.block("do.body");
                let cb = self.block("do.cond");
                let end = self.block("do.end");
                self.br(bb);
                ir.position_at_end(bb);
                self.breaks.push(end);
                self.continues.push(cb);
                self.stmt(*body);
                self.breaks.pop();
                self.continues.pop();
                self.br(cb);
                move_after(cb, ir.current_block());
                ir.position_at_end(cb);
                let c = self.cond_value(*cond);
                let back = ir.cond_br(c, bb, end);
                self.loop_md(back, *hint);
                move_after(end, cb);
                ir.position_at_end(end);
            }
            TStmt::For {
                init,
                cond,
                step,
                body,
                hint,
            } => {
                if let Some(i) = init {
                    self.stmt(*i);
                }
                let cb = self.block("for.cond");
                let bb = self.block("for.body");
                let sb = if step.is_some() { self.block("for.inc") } else { cb };
                let end = self.block("for.end");
                self.br(cb);
                ir.position_at_end(cb);
                match cond {
                    Some(c) => {
                        let c = self.cond_value(*c);
                        ir.cond_br(c, bb, end);
                    }
                    None => {
                        ir.br(bb);
                    }
                }
                ir.position_at_end(bb);
                self.breaks.push(end);
                self.continues.push(sb);
                self.stmt(*body);
                self.breaks.pop();
                self.continues.pop();
                if let Some(step) = step {
                    self.br(sb);
                    move_after(sb, ir.current_block());
                    ir.position_at_end(sb);
                    self.expr(*step);
                }
                if !ir.terminated(ir.current_block()) {
                    let back = ir.br(cb);
                    self.loop_md(back, *hint);
                }
                move_after(end, ir.current_block());
                ir.position_at_end(end);
            }
            TStmt::Switch {
                cond,
                body,
                cases,
                has_default,
            } => {
                let v = self.rvalue(*cond);
                let vt = ir.type_of(v);
                let end = self.block("sw.epilog");
                let case_bbs: Vec<B> = cases.iter().map(|_| self.block("sw.bb")).collect();
                let default = if *has_default {
                    Some(self.block("sw.default"))
                } else {
                    None
                };
                if !ir.is_int(vt) {
                    self.error("internal", "internal error: switch on a non-integer");
                    return;
                }
                let mut seen = std::collections::BTreeSet::new();
                let mut pairs = Vec::new();
                for (c, bb) in cases.iter().zip(&case_bbs) {
                    if seen.insert(*c) {
                        pairs.push((ir.cint128(vt, *c), *bb));
                    }
                }
                ir.switch(v, default.unwrap_or(end), &pairs);
                self.dead_block();
                self.switches.push(SwitchCtx {
                    cases: case_bbs,
                    default,
                });
                self.breaks.push(end);
                self.stmt(*body);
                self.breaks.pop();
                let ctx = self.switches.pop();
                self.br(end);
                // Labels never reached by the body (malformed THIR) still need terminators.
                if let Some(ctx) = ctx {
                    for bb in ctx.cases.into_iter().chain(ctx.default) {
                        if unsafe { LLVMGetBasicBlockParent(bb) }.is_null() {
                            continue;
                        }
                        if !ir.terminated(bb) && unsafe { LLVMGetFirstInstruction(bb) }.is_null() {
                            ir.position_at_end(bb);
                            ir.br(end);
                        }
                    }
                }
                move_after(end, unsafe { LLVMGetLastBasicBlock(self.f) });
                ir.position_at_end(end);
            }
            TStmt::Case(i) => {
                let bb = self.switches.last().and_then(|s| s.cases.get(*i as usize).copied());
                match bb {
                    Some(bb) => {
                        self.br(bb);
                        move_after(bb, ir.current_block());
                        ir.position_at_end(bb);
                    }
                    None => self.error("internal", "internal error: case label outside a switch"),
                }
            }
            TStmt::Default => {
                let bb = self.switches.last().and_then(|s| s.default);
                match bb {
                    Some(bb) => {
                        self.br(bb);
                        move_after(bb, ir.current_block());
                        ir.position_at_end(bb);
                    }
                    None => self.error("internal", "internal error: default label outside a switch"),
                }
            }
            TStmt::Break => match self.breaks.last().copied() {
                Some(bb) => {
                    self.br(bb);
                    self.dead_block();
                }
                None => self.error("internal", "internal error: break outside a loop or switch"),
            },
            TStmt::Continue => match self.continues.last().copied() {
                Some(bb) => {
                    self.br(bb);
                    self.dead_block();
                }
                None => self.error("internal", "internal error: continue outside a loop"),
            },
            TStmt::Return(e) => {
                match (self.ret, e) {
                    (RetAbi::Void, Some(e)) => {
                        self.expr(*e);
                        ir.ret(None);
                    }
                    (RetAbi::Void, None) => {
                        ir.ret(None);
                    }
                    (RetAbi::Direct(t), Some(e)) => {
                        let v = self.rvalue(*e);
                        let v = if ir.type_of(v) != t {
                            let et = self.ty(*e).clone();
                            let rt = self.m.defs.function(self.fid).sig.ret.clone();
                            self.convert(v, &et, &rt)
                        } else {
                            v
                        };
                        ir.ret(Some(v));
                    }
                    (RetAbi::Record(t, align), Some(e)) => {
                        let a = self.addr(*e);
                        let v = ir.load(t, a, align, false);
                        ir.ret(Some(v));
                    }
                    (RetAbi::Indirect(t, align), Some(e)) => {
                        let a = self.addr(*e);
                        let v = ir.load(t, a, align, false);
                        let sret = unsafe { LLVMGetParam(self.f, 0) };
                        ir.store(v, sret, align, false);
                        ir.ret(None);
                    }
                    (RetAbi::Indirect(..), None) => {
                        ir.ret(None);
                    }
                    (RetAbi::Direct(t) | RetAbi::Record(t, _), None) => {
                        ir.ret(Some(ir.poison(t)));
                    }
                }
                self.dead_block();
            }
            TStmt::Goto(l) => {
                let bb = self.label(*l);
                if let Some(bb) = bb {
                    self.br(bb);
                }
                self.dead_block();
            }
            TStmt::Label(l) => {
                if let Some(bb) = self.label(*l) {
                    self.br(bb);
                    move_after(bb, ir.current_block());
                    ir.position_at_end(bb);
                }
            }
            TStmt::Empty => {}
            TStmt::Asm(a) => self.asm(a),
        }
    }

    /// Inline PTX assembly as clang emits it for NVPTX: template `%N` as `$N` (`$` doubled),
    /// constraints `=r,...` for outputs then inputs, `+` outputs as outputs plus inputs tied to
    /// them (after the other inputs), `~{memory}` for a memory clobber; several outputs come back
    /// as a struct. Without side effects or memory clobber the call reads no memory. Pointers
    /// travel as 64-bit integers.
    fn asm(&mut self, a: &'b TAsm) {
        let ir = self.ir;
        let mut template = String::new();
        for p in &a.template {
            match p {
                AsmPiece::Text(t) => template.push_str(&t.replace('$', "$$")),
                AsmPiece::Operand(n) => template.push_str(&format!("${n}")),
                AsmPiece::Unique => template.push_str("${:uid}"),
            }
        }
        let reg_ty = |letter: u8| match letter {
            b'h' => ir.int(16),
            b'r' => ir.i32(),
            b'f' => ir.f32(),
            b'd' => ir.f64(),
            _ => ir.i64(),
        };
        let mut constraints: Vec<String> = Vec::new();
        let mut ret_tys = Vec::new();
        let mut places = Vec::new();
        for o in &a.outputs {
            let ty = self.ty(o.place);
            // An address, or a bit-field (written back through its unit).
            let addr = self.place(o.place);
            let amp = if o.early_clobber { "&" } else { "" };
            constraints.push(format!("={amp}{}", o.letter as char));
            ret_tys.push(reg_ty(o.letter));
            places.push((addr, ty));
        }
        let mut args = Vec::new();
        for i in &a.inputs {
            let v = self.rvalue(i.value);
            let v = if ir.is_ptr(ir.type_of(v)) {
                ir.cast(Op::LLVMPtrToInt, v, ir.i64())
            } else {
                v
            };
            constraints.push((i.letter as char).to_string());
            args.push(v);
        }
        for (k, o) in a.outputs.iter().enumerate() {
            if o.read_write {
                let (addr, ty) = places[k];
                let v = self.load_place(addr, ty);
                let v = if ir.is_ptr(ir.type_of(v)) {
                    ir.cast(Op::LLVMPtrToInt, v, ir.i64())
                } else {
                    v
                };
                constraints.push(k.to_string());
                args.push(v);
            }
        }
        if a.memory {
            constraints.push("~{memory}".into());
        }
        let ret = match ret_tys.as_slice() {
            [] => ir.void(),
            [t] => *t,
            ts => ir.struct_ty(ts, false),
        };
        let call = ir.inline_asm_call(ret, &args, &template, &constraints.join(","), a.side_effects);
        if !a.side_effects && !a.memory {
            // memory(none)
            ir.add_call_attr(call, u32::MAX, ir.enum_attr("memory", 0));
        }
        for (k, (addr, ty)) in places.iter().enumerate() {
            let v = if places.len() == 1 {
                call
            } else {
                ir.extract_value(call, k as u32)
            };
            let v = if ty.is_pointer() {
                ir.cast(Op::LLVMIntToPtr, v, self.m.types.mem(ty))
            } else {
                v
            };
            self.store_place(*addr, v, ty);
        }
    }

    fn label(&mut self, l: LabelId) -> Option<B> {
        let i = l.0 as usize;
        if i >= self.labels.len() {
            self.error("internal", "internal error: unknown label");
            return None;
        }
        if let Some(bb) = self.labels[i] {
            return Some(bb);
        }
        let name = self.body.labels.get(i).map(|s| s.to_string()).unwrap_or_default();
        let bb = self.block(&name);
        self.labels[i] = Some(bb);
        Some(bb)
    }
}

/// Moves `bb` right after `after` (keeps the block order close to the source order).
fn move_after(bb: B, after: B) {
    if bb != after {
        unsafe { LLVMMoveBasicBlockAfter(bb, after) };
    }
}
