//! Unary and binary operators, assignments and the conditional operator.

use super::checker::Checker;
use super::types::{self, promote, usual_arith};
use crate::body::{BinaryOp, Expr, ExprId, UnaryOp};
use crate::thir::{CastKind, ExprKind, TBinOp, TExprId, TUnaryOp, ValueCategory};
use crate::ty::{IntKind, Ty, TyKind};
use smol_str::SmolStr;

pub(super) fn binop(op: BinaryOp) -> Option<TBinOp> {
    Some(match op {
        BinaryOp::Add => TBinOp::Add,
        BinaryOp::Sub => TBinOp::Sub,
        BinaryOp::Mul => TBinOp::Mul,
        BinaryOp::Div => TBinOp::Div,
        BinaryOp::Rem => TBinOp::Rem,
        BinaryOp::Shl => TBinOp::Shl,
        BinaryOp::Shr => TBinOp::Shr,
        BinaryOp::BitAnd => TBinOp::BitAnd,
        BinaryOp::BitOr => TBinOp::BitOr,
        BinaryOp::BitXor => TBinOp::BitXor,
        BinaryOp::Lt => TBinOp::Lt,
        BinaryOp::Gt => TBinOp::Gt,
        BinaryOp::Le => TBinOp::Le,
        BinaryOp::Ge => TBinOp::Ge,
        BinaryOp::Eq => TBinOp::Eq,
        BinaryOp::Ne => TBinOp::Ne,
        BinaryOp::LogicAnd | BinaryOp::LogicOr | BinaryOp::Comma => return None,
    })
}

/// How a binary operator is spelled (for `operator@` lookup).
pub(super) fn binop_spelling(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Rem => "%",
        BinaryOp::Shl => "<<",
        BinaryOp::Shr => ">>",
        BinaryOp::BitAnd => "&",
        BinaryOp::BitOr => "|",
        BinaryOp::BitXor => "^",
        BinaryOp::LogicAnd => "&&",
        BinaryOp::LogicOr => "||",
        BinaryOp::Lt => "<",
        BinaryOp::Gt => ">",
        BinaryOp::Le => "<=",
        BinaryOp::Ge => ">=",
        BinaryOp::Eq => "==",
        BinaryOp::Ne => "!=",
        BinaryOp::Comma => ",",
    }
}

impl<'a> Checker<'a> {
    pub(super) fn unary(&mut self, id: ExprId, op: UnaryOp, operand: ExprId) -> TExprId {
        let spelled = match op {
            UnaryOp::Neg => Some("-"),
            UnaryOp::Plus => Some("+"),
            UnaryOp::BitNot => Some("~"),
            UnaryOp::Not => Some("!"),
            UnaryOp::PreInc => Some("++"),
            UnaryOp::PreDec => Some("--"),
            // A class's `operator*()` (iterators, `optional`, smart pointers).
            UnaryOp::Deref => Some("*"),
            _ => None,
        };
        if let Some(sp) = spelled {
            if let Some(r) = self.try_operator(id, sp, operand, None) {
                return r;
            }
        }
        if let UnaryOp::PostInc | UnaryOp::PostDec = op {
            // `x++` on a class: `operator++(int)` (member) or `operator++(T&, int)`, called with
            // the dummy argument 0.
            let e = self.expr(operand);
            self.cache.insert(operand, e);
            if super::cxx::record_of(self.ty(e)).is_some() {
                let zero = self.rvalue_of(Ty::int(IntKind::Int), ExprKind::IntConst(0));
                let sp = if op == UnaryOp::PostInc { "++" } else { "--" };
                if let Some(r) = self.overloaded_operator(id, sp, &[(e, operand), (zero, operand)]) {
                    return r;
                }
            }
        }
        match op {
            UnaryOp::Neg | UnaryOp::Plus => {
                let v = self.value(operand);
                let t = self.ty(v).clone();
                if t.is_error() {
                    return v;
                }
                if op == UnaryOp::Plus && t.is_pointer() {
                    return v;
                }
                if !t.is_arithmetic() {
                    self.error_e(
                        operand,
                        "type-mismatch",
                        "expression must have arithmetic or unscoped enum type",
                    );
                    return self.err_expr();
                }
                let p = self.promote_value(v);
                if op == UnaryOp::Plus {
                    return p;
                }
                let pt = self.ty(p).clone();
                self.rvalue_of(pt, ExprKind::Unary(TUnaryOp::Neg, p))
            }
            UnaryOp::BitNot => {
                let v = self.value(operand);
                let t = self.ty(v).clone();
                if t.is_error() {
                    return v;
                }
                if !t.is_integer() {
                    self.error_e(
                        operand,
                        "type-mismatch",
                        "expression must have integral or unscoped enum type",
                    );
                    return self.err_expr();
                }
                let p = self.promote_value(v);
                let pt = self.ty(p).clone();
                self.rvalue_of(pt, ExprKind::Unary(TUnaryOp::BitNot, p))
            }
            UnaryOp::Not => {
                let b = self.condition(operand);
                if self.ty(b).is_error() {
                    return b;
                }
                self.rvalue_of(Ty::bool(), ExprKind::Unary(TUnaryOp::Not, b))
            }
            UnaryOp::Deref => {
                let v = self.value(operand);
                self.deref(v, id, operand)
            }
            UnaryOp::AddrOf => {
                // A class's member `operator&()` (`__builtin_addressof` bypasses it); without one
                // the built-in `&` applies, whatever conversions the class has.
                let e = self.expr(operand);
                self.cache.insert(operand, e);
                if let Some(rid) = super::cxx::record_of(self.ty(e)) {
                    let dm = self.dm;
                    let member = self.methods(rid, "operator&").into_iter().any(|f| {
                        let d = dm.function(f);
                        d.has_this() && d.sig.params.len() == 1
                    });
                    if member {
                        if let Some(r) = self.overloaded_operator(id, "&", &[(e, operand)]) {
                            return r;
                        }
                    }
                }
                self.builtin_addr_of(operand)
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let e = self.expr(operand);
                let t = self.ty(e).clone();
                if t.is_error() || !self.check_modifiable(e, operand) {
                    return self.err_expr();
                }
                let ok = t.is_arithmetic() || t.pointee().is_some_and(|p| types::is_complete(p, &self.dm.records));
                if !ok {
                    self.error_e(
                        operand,
                        "type-mismatch",
                        "expression must have arithmetic or pointer type",
                    );
                    return self.err_expr();
                }
                let inc = matches!(op, UnaryOp::PreInc | UnaryOp::PostInc);
                let prefix = matches!(op, UnaryOp::PreInc | UnaryOp::PreDec);
                let (ty, cat) = if prefix {
                    (t, ValueCategory::LValue)
                } else {
                    (t.unqualified(), ValueCategory::RValue)
                };
                self.mk(ty, cat, ExprKind::IncDec { lhs: e, inc, prefix })
            }
        }
    }

    /// `*v` for an rvalue `v`.
    pub(crate) fn deref(&mut self, v: TExprId, _id: ExprId, operand: ExprId) -> TExprId {
        let t = self.ty(v).clone();
        if t.is_error() {
            return v;
        }
        let Some(p) = t.pointee() else {
            let msg = format!("operand of \"*\" must be a pointer but has type \"{}\"", self.show(&t));
            self.error_e(operand, "type-mismatch", msg);
            return self.err_expr();
        };
        if p.is_void() {
            self.error_e(
                operand,
                "type-mismatch",
                "expression must be a pointer to a complete object type",
            );
            return self.err_expr();
        }
        let p = p.clone();
        self.mk(p, ValueCategory::LValue, ExprKind::Deref(v))
    }

    /// Checks both operands (keeping them for the built-in path) and, when one is of class
    /// type, calls the overloaded `operator@`.
    pub(super) fn try_operator(&mut self, id: ExprId, op: &str, lhs: ExprId, rhs: Option<ExprId>) -> Option<TExprId> {
        let l = self.expr(lhs);
        self.cache.insert(lhs, l);
        let mut operands = vec![(l, lhs)];
        if let Some(rhs) = rhs {
            let r = self.expr(rhs);
            self.cache.insert(rhs, r);
            operands.push((r, rhs));
        }
        self.overloaded_operator(id, op, &operands)
    }

    pub(super) fn binary(&mut self, id: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> TExprId {
        if !matches!(op, BinaryOp::LogicAnd | BinaryOp::LogicOr | BinaryOp::Comma) {
            if let Some(r) = self.try_operator(id, binop_spelling(op), lhs, Some(rhs)) {
                return r;
            }
        }
        match op {
            BinaryOp::LogicAnd | BinaryOp::LogicOr => {
                let l = self.condition(lhs);
                self.cond_depth += 1;
                let r = self.condition(rhs);
                self.cond_depth -= 1;
                if self.ty(l).is_error() || self.ty(r).is_error() {
                    return self.err_expr();
                }
                let kind = if op == BinaryOp::LogicAnd {
                    ExprKind::LogicAnd(l, r)
                } else {
                    ExprKind::LogicOr(l, r)
                };
                self.rvalue_of(Ty::bool(), kind)
            }
            BinaryOp::Comma => {
                let l = self.expr(lhs);
                let r = self.expr(rhs);
                let x = self.out.expr(r);
                let (t, c) = (x.ty.clone(), x.category);
                self.mk(t, c, ExprKind::Comma(l, r))
            }
            _ => {
                let l = self.value(lhs);
                let r = self.value(rhs);
                if self.ty(l).is_error() || self.ty(r).is_error() {
                    return self.err_expr();
                }
                self.binary_values(id, binop(op).unwrap(), l, r, lhs, rhs)
            }
        }
    }

    /// A binary operator on two rvalues.
    pub(crate) fn binary_values(
        &mut self,
        id: ExprId,
        op: TBinOp,
        l: TExprId,
        r: TExprId,
        lid: ExprId,
        rid: ExprId,
    ) -> TExprId {
        let lt = self.ty(l).clone();
        let rt = self.ty(r).clone();
        use TBinOp::*;
        match op {
            Add | Sub => {
                if let Some(lp) = lt.pointee() {
                    if op == Sub && rt.is_pointer() {
                        return self.ptr_diff(id, l, r, lid);
                    }
                    if !rt.is_integer() {
                        self.error_e(
                            rid,
                            "type-mismatch",
                            "expression must have integral or unscoped enum type",
                        );
                        return self.err_expr();
                    }
                    if !self.check_complete_pointee(lp, lid) {
                        return self.err_expr();
                    }
                    let off = self.arith_conv(r, &Ty::int(IntKind::Long));
                    let kind = if op == Add {
                        ExprKind::PtrAdd { ptr: l, offset: off }
                    } else {
                        ExprKind::PtrSub { ptr: l, offset: off }
                    };
                    return self.rvalue_of(lt.unqualified(), kind);
                }
                if let (Add, Some(rp)) = (op, rt.pointee()) {
                    if !lt.is_integer() {
                        self.error_e(
                            lid,
                            "type-mismatch",
                            "expression must have integral or unscoped enum type",
                        );
                        return self.err_expr();
                    }
                    if !self.check_complete_pointee(rp, rid) {
                        return self.err_expr();
                    }
                    let off = self.arith_conv(l, &Ty::int(IntKind::Long));
                    return self.rvalue_of(rt.unqualified(), ExprKind::PtrAdd { ptr: r, offset: off });
                }
                self.arith_binary(op, l, r, lid, rid, false)
            }
            Mul | Div => self.arith_binary(op, l, r, lid, rid, false),
            Rem | BitAnd | BitOr | BitXor => self.arith_binary(op, l, r, lid, rid, true),
            Shl | Shr => {
                for (t, at) in [(&lt, lid), (&rt, rid)] {
                    if !t.is_integer() {
                        self.error_e(
                            at,
                            "type-mismatch",
                            "expression must have integral or unscoped enum type",
                        );
                        return self.err_expr();
                    }
                }
                let l = self.promote_value(l);
                let r = self.promote_value(r);
                let t = self.ty(l).clone();
                self.rvalue_of(t, ExprKind::Binary(op, l, r))
            }
            Lt | Gt | Le | Ge | Eq | Ne => self.comparison(id, op, l, r),
        }
    }

    pub(super) fn check_complete_pointee(&mut self, p: &Ty, at: ExprId) -> bool {
        if !types::is_complete(p, &self.dm.records) || matches!(p.kind, TyKind::Function(_)) {
            self.error_e(
                at,
                "incomplete-type",
                "expression must be a pointer to a complete object type",
            );
            return false;
        }
        true
    }

    /// Checks that both operands are integers (`integral`) or arithmetic; reports nvcc's error at
    /// the first that is not.
    pub(super) fn operands_have_type(&mut self, operands: [(&Ty, ExprId); 2], integral: bool) -> bool {
        for (t, at) in operands {
            let ok = if integral { t.is_integer() } else { t.is_arithmetic() };
            if !ok {
                let msg = if integral {
                    "expression must have integral or unscoped enum type"
                } else {
                    "expression must have arithmetic or unscoped enum type"
                };
                self.error_e(at, "type-mismatch", msg);
                return false;
            }
        }
        true
    }

    pub(super) fn arith_binary(
        &mut self,
        op: TBinOp,
        l: TExprId,
        r: TExprId,
        lid: ExprId,
        rid: ExprId,
        integral: bool,
    ) -> TExprId {
        let lt = self.ty(l).clone();
        let rt = self.ty(r).clone();
        if !self.operands_have_type([(&lt, lid), (&rt, rid)], integral) {
            return self.err_expr();
        }
        let (l, r) = (self.bit_field_promote(l), self.bit_field_promote(r));
        let t = usual_arith(self.ty(l), self.ty(r));
        let l = self.arith_conv(l, &t);
        let r = self.arith_conv(r, &t);
        self.rvalue_of(t, ExprKind::Binary(op, l, r))
    }

    pub(super) fn ptr_diff(&mut self, id: ExprId, l: TExprId, r: TExprId, lid: ExprId) -> TExprId {
        let lp = self.ty(l).pointee().unwrap().clone();
        let rp = self.ty(r).pointee().unwrap().clone();
        if !types::same_unqual(&lp, &rp) {
            let msg = format!(
                "operand types are incompatible (\"{}\" and \"{}\")",
                self.show(self.ty(l)),
                self.show(self.ty(r))
            );
            self.error_e(id, "type-mismatch", msg);
            return self.err_expr();
        }
        if !self.check_complete_pointee(&lp, lid) {
            return self.err_expr();
        }
        self.rvalue_of(Ty::int(IntKind::Long), ExprKind::PtrDiff { lhs: l, rhs: r })
    }

    pub(super) fn comparison(&mut self, id: ExprId, op: TBinOp, l: TExprId, r: TExprId) -> TExprId {
        let lt = self.ty(l).clone();
        let rt = self.ty(r).clone();
        if lt.is_arithmetic() && rt.is_arithmetic() {
            let (l, r) = (self.bit_field_promote(l), self.bit_field_promote(r));
            let t = usual_arith(self.ty(l), self.ty(r));
            let l = self.arith_conv(l, &t);
            let r = self.arith_conv(r, &t);
            return self.rvalue_of(Ty::bool(), ExprKind::Binary(op, l, r));
        }
        match self.composite_pointer(l, r) {
            Some((t, l, r)) => {
                let _ = t;
                self.rvalue_of(Ty::bool(), ExprKind::Binary(op, l, r))
            }
            None => {
                let msg = format!(
                    "operand types are incompatible (\"{}\" and \"{}\")",
                    self.show(&lt),
                    self.show(&rt)
                );
                self.error_e(id, "type-mismatch", msg);
                self.err_expr()
            }
        }
    }

    /// The composite pointer type of two rvalues of which at least one is a pointer (or
    /// `nullptr`), with both converted to it.
    pub(crate) fn composite_pointer(&mut self, l: TExprId, r: TExprId) -> Option<(Ty, TExprId, TExprId)> {
        let lt = self.ty(l).clone();
        let rt = self.ty(r).clone();
        let lnull = self.is_null_const(l);
        let rnull = self.is_null_const(r);
        let t = match (&lt.kind, &rt.kind) {
            (TyKind::Pointer(a), TyKind::Pointer(b)) => {
                let q = types::cv(a.quals) | types::cv(b.quals);
                if types::same_unqual(a, b) {
                    Ty::ptr(types::add_quals(a.unqualified(), q))
                } else if super::conv::fn_ptr_convertible(a, b) {
                    // Pointers to a `noexcept` function and to the same function type without.
                    rt.unqualified()
                } else if super::conv::fn_ptr_convertible(b, a) {
                    lt.unqualified()
                } else if a.is_void() && !matches!(b.kind, TyKind::Function(_))
                    || b.is_void() && !matches!(a.kind, TyKind::Function(_))
                {
                    Ty::ptr(Ty::void().with_quals(q))
                } else {
                    return None;
                }
            }
            (TyKind::Pointer(_), _) if rnull => lt.unqualified(),
            (_, TyKind::Pointer(_)) if lnull => rt.unqualified(),
            (TyKind::Nullptr, TyKind::Nullptr) => lt.unqualified(),
            _ => return None,
        };
        let l = self.pointer_to(l, &t);
        let r = self.pointer_to(r, &t);
        Some((t, l, r))
    }

    /// Converts a pointer or null pointer constant rvalue to pointer type `t` (known valid).
    pub(super) fn pointer_to(&mut self, v: TExprId, t: &Ty) -> TExprId {
        let vt = self.ty(v).clone();
        if vt == *t || !t.is_pointer() {
            return v;
        }
        if vt.is_pointer() {
            self.cast(CastKind::PtrToPtr, v, t.clone())
        } else {
            self.cast(CastKind::NullToPtr, v, t.clone())
        }
    }

    pub(super) fn assign(&mut self, id: ExprId, op: Option<BinaryOp>, lhs: ExprId, rhs: ExprId) -> TExprId {
        if let Some(bop) = op {
            let spelled = format!("{}=", binop_spelling(bop));
            if let Some(r) = self.try_operator(id, &spelled, lhs, Some(rhs)) {
                return r;
            }
        } else {
            if let Some(Expr::InitList(init)) = self.exprs.get(rhs.0 as usize) {
                return self.assign_braced(id, lhs, rhs, init);
            }
            let l = self.expr(lhs);
            self.cache.insert(lhs, l);
            if let TyKind::Record(rid) = self.ty(l).kind {
                // A user-declared copy assignment operator (or another `operator=`) is called;
                // without a user-declared copy or move assignment, assigning an object of the
                // class itself is the implicit copy assignment (an exact match, better than any
                // other `operator=` reached through a conversion).
                let has_assign = !self.own_methods(rid, "operator=").is_empty()
                    || !self.member_templates(rid, "operator=").is_empty();
                let same_class = has_assign
                    && !matches!(self.exprs.get(rhs.0 as usize), Some(Expr::InitList(..)))
                    && !self.user_copy_assign(rid)
                    && {
                        let r = self.expr(rhs);
                        self.cache.insert(rhs, r);
                        matches!(self.ty(r).kind, TyKind::Record(x) if x == rid)
                    };
                if has_assign && !same_class {
                    if let Some(r) = self.try_operator(id, "=", lhs, Some(rhs)) {
                        return r;
                    }
                }
                if self.nontrivial_assign(rid, 0) {
                    let msg = format!("unsupported: assigning an object of class \"{}\" whose members or bases have user-provided assignment operators", self.show(&Ty::new(TyKind::Record(rid))));
                    self.error_e(id, "unsupported", msg);
                    return self.err_expr();
                }
            }
        }
        let l = self.expr(lhs);
        let lt = self.ty(l).clone();
        let modifiable = self.check_modifiable(l, lhs);
        let r = self.value(rhs);
        if !modifiable || lt.is_error() || self.ty(r).is_error() {
            return self.err_expr();
        }
        let target = lt.unqualified();
        let Some(op) = op else {
            let r = self.convert(r, &target, super::conv::ConvCtx::Assign, rhs);
            return self.mk(lt, ValueCategory::LValue, ExprKind::Assign { lhs: l, rhs: r });
        };
        let op = binop(op).unwrap();
        let rt = self.ty(r).clone();
        use TBinOp::*;
        let (rc, op_ty) = if target.is_pointer() && matches!(op, Add | Sub) {
            if !rt.is_integer() {
                self.error_e(
                    rhs,
                    "type-mismatch",
                    "expression must have integral or unscoped enum type",
                );
                return self.err_expr();
            }
            if !self.check_complete_pointee(target.pointee().unwrap(), lhs) {
                return self.err_expr();
            }
            (self.arith_conv(r, &Ty::int(IntKind::Long)), target.clone())
        } else {
            let integral = matches!(op, Rem | BitAnd | BitOr | BitXor | Shl | Shr);
            if !self.operands_have_type([(&target, lhs), (&rt, rhs)], integral) {
                return self.err_expr();
            }
            let target = self.bit_field_promoted_ty(l).unwrap_or(target.clone());
            if matches!(op, Shl | Shr) {
                (self.promote_value(r), promote(&target))
            } else {
                let t = usual_arith(&target, &rt);
                (self.arith_conv(r, &t), t)
            }
        };
        let _ = id;
        self.mk(
            lt,
            ValueCategory::LValue,
            ExprKind::CompoundAssign {
                op,
                lhs: l,
                rhs: rc,
                op_ty,
            },
        )
    }

    /// `x = {items}` ([expr.ass]/9). A scalar is assigned the list's element (zero for `{}`),
    /// list-initialized (no narrowing). An object of class type `R` calls `operator=({items})`:
    /// that is `x = R{items}` (the copy or move assignment, taking a temporary list-initialized
    /// from the items) whenever no other `operator=` of `R` can take the list. One taking a
    /// scalar cannot take two items or more; a template cannot deduce from a braced list unless
    /// its parameter is an `initializer_list` or an array. One item `{e}` otherwise is assigned
    /// as `x = e`. Other cases are `unsupported:`.
    fn assign_braced(&mut self, id: ExprId, lhs: ExprId, rhs: ExprId, init: &crate::body::Initializer) -> TExprId {
        use crate::body::Initializer;
        let l = self.expr(lhs);
        let lt = self.ty(l).clone();
        if lt.is_error() {
            return self.err_expr();
        }
        let target = lt.unqualified();
        if let TyKind::Record(rid) = target.kind {
            let items = match init {
                Initializer::List(items) => items.len(),
                Initializer::Expr(_) => 1,
            };
            let param_of = |ck: &Self, f: crate::ty::FnId| {
                let d = ck.dm.function(f);
                d.sig.params.get(usize::from(d.has_this())).map(|p| match &p.kind {
                    TyKind::Reference(r) => r.unqualified(),
                    _ => p.unqualified(),
                })
            };
            let others_refuse = self
                .own_methods(rid, "operator=")
                .into_iter()
                .all(|f| match param_of(self, f) {
                    Some(p) if p.kind == TyKind::Record(rid) => true,
                    Some(p) => items >= 2 && p.is_scalar(),
                    None => true,
                });
            let templates_refuse = self
                .member_templates(rid, "operator=")
                .into_iter()
                .all(|t| !takes_braced_list(self.dm.templates[t as usize].decl.params.first().map(|p| &p.ty)));
            if let (false, true, Initializer::List(one)) = (others_refuse, templates_refuse, init) {
                if let [(None, Initializer::Expr(item))] = one.as_slice() {
                    // `x = {e}`: the candidates see `e` (narrowing is not diagnosed here).
                    self.cache.insert(lhs, l);
                    return self.assign(id, None, lhs, *item);
                }
            }
            if !others_refuse || !templates_refuse {
                let msg = format!(
                    "unsupported: assigning a braced initializer list to an object of class \"{}\" through another operator=",
                    self.show(&target)
                );
                self.error_e(rhs, "unsupported", msg);
                return self.err_expr();
            }
            let modifiable = self.check_modifiable(l, lhs);
            let v = self.copy_init_value(rhs, &target, super::conv::ConvCtx::Assign);
            if !modifiable || self.ty(v).is_error() {
                return self.err_expr();
            }
            if self.user_copy_assign(rid) {
                let fns = self.own_methods(rid, "operator=");
                let obj = self.object_address(l);
                return self.call_resolved(id, &SmolStr::new("operator="), &fns, vec![obj, v], &[lhs, rhs]);
            }
            if self.nontrivial_assign(rid, 0) {
                let msg = format!("unsupported: assigning an object of class \"{}\" whose members or bases have user-provided assignment operators", self.show(&target));
                self.error_e(id, "unsupported", msg);
                return self.err_expr();
            }
            return self.mk(lt, ValueCategory::LValue, ExprKind::Assign { lhs: l, rhs: v });
        }
        let modifiable = self.check_modifiable(l, lhs);
        let v = self.copy_init_value(rhs, &target, super::conv::ConvCtx::Assign);
        if !modifiable || self.ty(v).is_error() {
            return self.err_expr();
        }
        self.mk(lt, ValueCategory::LValue, ExprKind::Assign { lhs: l, rhs: v })
    }

    pub(super) fn conditional(&mut self, id: ExprId, cond: ExprId, then: ExprId, else_: ExprId) -> TExprId {
        let c = self.condition(cond);
        self.cond_depth += 1;
        let t = self.expr(then);
        let e = self.expr(else_);
        self.cond_depth -= 1;
        let (tx, ex) = (self.out.expr(t).clone(), self.out.expr(e).clone());
        if self.ty(c).is_error() || tx.ty.is_error() || ex.ty.is_error() {
            return self.err_expr();
        }
        // (A bit-field arm makes the result a value: warpc has no bit-field lvalue to choose.)
        // Two lvalues or two xvalues of one type give that category; an lvalue and an xvalue
        // give a prvalue ([expr.cond]/4: the lvalue does not bind to `T&&`).
        let xvalue = self.is_xvalue(t);
        if tx.category == ValueCategory::LValue
            && ex.category == ValueCategory::LValue
            && xvalue == self.is_xvalue(e)
            && tx.ty == ex.ty
            && self.bit_field_lvalue(t).is_none()
            && self.bit_field_lvalue(e).is_none()
            && !matches!(tx.ty.kind, TyKind::Function(_))
        {
            let r = self.mk(
                tx.ty.clone(),
                ValueCategory::LValue,
                ExprKind::Cond {
                    cond: c,
                    then: t,
                    else_: e,
                },
            );
            if xvalue {
                self.xvalues.insert(r);
            }
            return r;
        }
        let t = self.rv(t);
        let e = self.rv(e);
        // Arms of one type give that type ([expr.cond]/7.1); others meet through the usual
        // arithmetic conversions, whose promotions see bit-fields.
        let (t, e) = if types::same_unqual(self.ty(t), self.ty(e)) {
            (t, e)
        } else {
            (self.bit_field_promote(t), self.bit_field_promote(e))
        };
        let tt = self.ty(t).clone();
        let et = self.ty(e).clone();
        let (ty, t, e) = if tt.is_arithmetic() && et.is_arithmetic() {
            let ty = usual_arith(&tt, &et);
            let t2 = self.arith_conv(t, &ty);
            let e2 = self.arith_conv(e, &ty);
            (ty, t2, e2)
        } else if tt.is_void() && et.is_void() {
            (Ty::void(), t, e)
        } else if matches!(tt.kind, TyKind::Record(_)) && types::same_unqual(&tt, &et) {
            (tt.unqualified(), t, e)
        } else if let Some((ty, t2, e2)) = self.composite_pointer(t, e) {
            (ty, t2, e2)
        } else {
            let msg = format!(
                "operand types are incompatible (\"{}\" and \"{}\")",
                self.show(&tt),
                self.show(&et)
            );
            self.error_e(else_, "type-mismatch", msg);
            return self.err_expr();
        };
        let _ = id;
        self.rvalue_of(
            ty,
            ExprKind::Cond {
                cond: c,
                then: t,
                else_: e,
            },
        )
    }

    /// The built-in `&operand` (also `__builtin_addressof(operand)`, which ignores an
    /// overloaded `operator&`).
    pub(crate) fn builtin_addr_of(&mut self, operand: ExprId) -> TExprId {
        let e = self.expr(operand);
        let x = self.out.expr(e);
        if x.ty.is_error() {
            return e;
        }
        if matches!(x.ty.kind, TyKind::Function(_)) {
            return self.rv(e);
        }
        if x.category != ValueCategory::LValue {
            self.error_e(
                operand,
                "not-lvalue",
                "expression must be an lvalue or a function designator",
            );
            return self.err_expr();
        }
        if self.bit_field_lvalue(e).is_some() {
            self.error_e(
                operand,
                "bit-field-address",
                "taking the address of a bit field is not allowed",
            );
            return self.err_expr();
        }
        let t = Ty::ptr(x.ty.clone());
        self.rvalue_of(t, ExprKind::AddrOf(e))
    }
}

/// Whether a function template's parameter written `p` can deduce from a braced list
/// ([temp.deduct.call]/1: `std::initializer_list<P>` or an array `P[N]`, through references
/// and cv-qualifiers).
fn takes_braced_list(p: Option<&crate::body::TypeRef>) -> bool {
    use crate::body::TypeRef;
    match p {
        Some(TypeRef::Reference(t) | TypeRef::Qualified(_, t)) => takes_braced_list(Some(t)),
        Some(TypeRef::Array(..)) => true,
        Some(TypeRef::Template { name, .. }) => name.ends_with("initializer_list"),
        _ => false,
    }
}
