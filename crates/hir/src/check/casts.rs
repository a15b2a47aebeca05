//! Explicit casts and explicit conversion functions.

use super::checker::Checker;
use super::types::{self, int_kind};
use super::DiagAt;
use crate::body::{ExprId, TypeRefId};
use crate::thir::{CastKind, ExprKind, TExprId, ValueCategory};
use crate::ty::{FnId, IntKind, RecordId, Ty, TyKind};

impl<'a> Checker<'a> {
    pub(crate) fn explicit_cast(&mut self, id: ExprId, ty: TypeRefId, expr: ExprId) -> TExprId {
        let target = self.body_type(ty, DiagAt::Expr(id));
        self.explicit_cast_ty(id, target, expr)
    }

    /// `(T)e` / `T(e)` with the type already resolved.
    pub(crate) fn explicit_cast_ty(&mut self, id: ExprId, target: Ty, expr: ExprId) -> TExprId {
        if let TyKind::Reference(referent) = &target.kind {
            // `static_cast<T&&>(e)` (`X_cast<T&>` is lowered to `*(T*)&e`): an xvalue
            // designating `e` (or a temporary holding it).
            let referent = (**referent).clone();
            let lv = self.expr(expr);
            let lt = self.ty(lv).clone();
            if lt.is_error() {
                return self.err_expr();
            }
            let addr = if self.out.expr(lv).category == ValueCategory::LValue {
                if let Some(path) = self.base_path(&lt, &referent) {
                    let b = self.base_subobject(lv, &path);
                    self.rvalue_of(Ty::ptr(referent.clone()), ExprKind::AddrOf(b))
                } else {
                    let a = self.rvalue_of(Ty::ptr(lt.clone()), ExprKind::AddrOf(lv));
                    self.cast(CastKind::PtrToPtr, a, Ty::ptr(referent.clone()))
                }
            } else {
                let r = self.rv(lv);
                let c = self.convert(r, &referent.unqualified(), super::conv::ConvCtx::Init, expr);
                if self.ty(c).is_error() {
                    return c;
                }
                self.materialize(&referent, c)
            };
            let d = self.mk(referent, ValueCategory::LValue, ExprKind::Deref(addr));
            if target.quals.contains(crate::body::Quals::RVALUE) {
                self.xvalues.insert(d);
            }
            return d;
        }
        let v = self.value(expr);
        let vt = self.ty(v).clone();
        if target.is_error() || vt.is_error() {
            return self.err_expr();
        }
        let to = target.unqualified();
        if to.is_void() {
            return self.cast(CastKind::ToVoid, v, Ty::void());
        }
        if types::same_unqual(&vt, &to) {
            return v;
        }
        let kind = match (&vt.kind, &to.kind) {
            (_, TyKind::Int(IntKind::Bool)) if vt.is_scalar() => CastKind::ToBool,
            (TyKind::Int(_), TyKind::Int(_)) => CastKind::IntToInt,
            (TyKind::Int(_), TyKind::Float(_)) => CastKind::IntToFloat,
            (TyKind::Float(_), TyKind::Int(_)) => CastKind::FloatToInt,
            (TyKind::Float(_), TyKind::Float(_)) => CastKind::FloatToFloat,
            (TyKind::Int(_), TyKind::Pointer(_)) => {
                if self.is_null_const(v) {
                    CastKind::NullToPtr
                } else {
                    CastKind::IntToPtr
                }
            }
            (TyKind::Nullptr, TyKind::Pointer(_)) => CastKind::NullToPtr,
            (TyKind::Pointer(_), TyKind::Int(_)) => CastKind::PtrToInt,
            (TyKind::Pointer(f), TyKind::Pointer(t)) => {
                // Between a class and its base: adjust by the base's offset (static_cast).
                if let Some(path) = self.base_path(f, t) {
                    return self.upcast_pointer(v, &path, to);
                }
                if let Some(path) = self.base_path(t, f) {
                    let off = Self::path_offset(&path);
                    return self.offset_pointer(v, -off, to, off != 0);
                }
                if self.ambiguous_base(f, t) || self.ambiguous_base(t, f) {
                    self.error_e(id, "ambiguous-base", "base class is ambiguous");
                    return self.err_expr();
                }
                CastKind::PtrToPtr
            }
            (TyKind::Record(_), TyKind::Record(_)) if self.base_path(&vt, &to).is_some() => {
                let path = self.base_path(&vt, &to).unwrap_or_default();
                let b = self.base_subobject(v, &path);
                return self.rv(b);
            }
            (_, TyKind::Record(rid)) if self.has_ctors(*rid) => {
                // Direct-initialization of a temporary: explicit constructors count.
                let rid = *rid;
                return self.construct_temp(expr, rid, vec![v], &[expr]);
            }
            (TyKind::Record(rid), _) if !self.conversion_functions(*rid).is_empty() => {
                let rid = *rid;
                return self.explicit_conversion_function(v, rid, &to, expr);
            }
            (_, TyKind::Record(_)) => {
                let msg = format!(
                    "no suitable constructor exists to convert from \"{}\" to \"{}\"",
                    self.show(&vt),
                    self.show(&to)
                );
                self.error_e(expr, "type-mismatch", msg);
                return self.err_expr();
            }
            (TyKind::Record(_), _) => {
                let msg = format!(
                    "no suitable conversion function from \"{}\" to \"{}\" exists",
                    self.show(&vt),
                    self.show(&to)
                );
                self.error_e(expr, "type-mismatch", msg);
                return self.err_expr();
            }
            _ => {
                self.error_e(id, "invalid-cast", "invalid type conversion");
                return self.err_expr();
            }
        };
        if kind == CastKind::PtrToInt && to.is_integer() && int_kind(&to).is_some_and(|k| k.bits() < 64) {
            // Allowed by C-style casts (truncating).
        }
        self.cast(kind, v, to)
    }

    /// `(T)obj` / `static_cast<T>(obj)` through a conversion function of `obj`'s class
    /// (`explicit` ones included): the one whose result type is `T`, else the only one whose
    /// result converts to `T`.
    pub(super) fn explicit_conversion_function(&mut self, v: TExprId, rid: RecordId, to: &Ty, at: ExprId) -> TExprId {
        let obj_const = self.ty(v).is_const();
        let fs: Vec<FnId> = self
            .conversion_functions(rid)
            .into_iter()
            .filter(|&f| !obj_const || self.dm.function(f).method.as_ref().is_some_and(|m| m.is_const))
            .collect();
        let ret_of = |this: &Self, f: FnId| {
            let r = this.dm.function(f).sig.ret.clone();
            match &r.kind {
                TyKind::Reference(x) => x.unqualified(),
                _ => r.unqualified(),
            }
        };
        let exact = fs.iter().copied().find(|&f| types::same_unqual(&ret_of(self, f), to));
        let scalar: Vec<FnId> = fs
            .iter()
            .copied()
            .filter(|&f| ret_of(self, f).is_scalar() && to.is_scalar())
            .collect();
        let Some(f) = exact.or(if scalar.len() == 1 { Some(scalar[0]) } else { None }) else {
            let msg = format!(
                "no suitable conversion function from \"{}\" to \"{}\" exists",
                self.show(self.ty(v)),
                self.show(to)
            );
            self.error_e(at, "type-mismatch", msg);
            return self.err_expr();
        };
        let obj = self.object_address(v);
        let name = self.dm.function(f).name.clone();
        let call = self.call_resolved(at, &name, &[f], vec![obj], &[at]);
        let r = self.rv(call);
        let rt = self.ty(r).clone();
        if rt.is_error() || types::same_unqual(&rt, to) {
            return r;
        }
        if rt.is_arithmetic() && to.is_arithmetic() {
            return if to.kind == TyKind::Int(IntKind::Bool) {
                self.cast(CastKind::ToBool, r, to.clone())
            } else {
                self.arith_conv(r, to)
            };
        }
        self.convert(r, to, super::conv::ConvCtx::Init, at)
    }
}
