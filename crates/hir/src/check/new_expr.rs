//! `noexcept(e)` and placement new `new (p) T(args)`.
//!
//! `noexcept(e)` checks `e` as an unevaluated operand and is `false` when the THIR built for it
//! calls a function not declared non-throwing ([`crate::ty::FnDecl::noexcept`]) or calls
//! through a pointer; device code never throws, but the value follows the declarations as
//! nvcc's does. Placement new with one pointer argument is the library's non-allocating
//! `operator new(std::size_t, void*)`: the object is constructed at the pointer, which is the
//! result (`Comma(Assign($new.p, p), init, $new.p)`).

use super::checker::Checker;
use super::cxx::record_of;
use crate::body::{ExprId, Initializer, TypeRefId};
use crate::thir::{CastKind, ExprKind, LocalStorage, TExprId, ValueCategory};
use crate::ty::{IntKind, Ty, TyKind};
use smol_str::SmolStr;

impl<'a> Checker<'a> {
    /// `noexcept(e)`: a `bool` constant.
    pub(crate) fn noexcept_expr(&mut self, e: ExprId) -> TExprId {
        let start = self.out.exprs.len();
        let x = self.unevaluated(e);
        if self.ty(x).is_error() {
            return self.err_expr();
        }
        let throws = self.out.exprs[start..].iter().any(|t| match &t.kind {
            ExprKind::Call { callee, .. } => !self.dm.function(*callee).noexcept,
            ExprKind::CallIndirect { .. } => true,
            _ => false,
        });
        self.int_const(i128::from(!throws), IntKind::Bool)
    }

    /// `new (place...) T init`.
    pub(crate) fn placement_new(
        &mut self,
        id: ExprId,
        place: &'a [ExprId],
        ty: TypeRefId,
        args: Option<&'a [ExprId]>,
        init: Option<&'a Initializer>,
    ) -> TExprId {
        let target = self.body_type(ty, super::DiagAt::Expr(id));
        let places: Vec<TExprId> = place.iter().map(|p| self.value(*p)).collect();
        if target.is_error() || places.iter().any(|p| self.ty(*p).is_error()) {
            return self.err_expr();
        }
        let ok =
            matches!(&places[..], [p] if self.ty(*p).pointee().is_some_and(|t| !matches!(t.kind, TyKind::Function(_))));
        if !ok {
            // nvcc's wording: no `operator new(std::size_t, ...)` takes these arguments.
            let mut shown = vec!["unsigned long".to_owned()];
            for p in &places {
                shown.push(self.show(&self.ty(*p).clone()));
            }
            let notes = vec![format!("argument types are: ({})", shown.join(", "))];
            let msg = "no instance of overloaded \"operator new\" matches the argument list";
            self.diag(
                super::DiagAt::Expr(id),
                warpc_base::Severity::Error,
                "no-matching-overload",
                msg.into(),
                notes,
            );
            return self.err_expr();
        }
        if target.is_void() || matches!(target.kind, TyKind::Function(_) | TyKind::Reference(_)) {
            let msg = format!(
                "type \"{}\" may not be the type of a new expression",
                self.show(&target)
            );
            self.error_e(id, "invalid-type", msg);
            return self.err_expr();
        }
        // `$new.p = (T*)p`: the storage, evaluated once.
        let tp = Ty::ptr(target.clone());
        let tmp = self.add_local(SmolStr::new("$new.p"), tp.clone(), LocalStorage::Auto);
        let lhs = self.mk(tp.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let conv = self.cast(CastKind::PtrToPtr, places[0], tp.clone());
        let set = self.mk(tp.clone(), ValueCategory::LValue, ExprKind::Assign { lhs, rhs: conv });
        let load = |ck: &mut Self| {
            let l = ck.mk(tp.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
            ck.cast(CastKind::Load, l, tp.clone())
        };
        let construct = match (record_of(&target), args) {
            (Some(rid), args) if self.has_ctors(rid) => {
                let addr = load(self);
                match args {
                    Some(args) if !args.is_empty() => {
                        let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
                        if raw.iter().any(|r| self.ty(*r).is_error()) {
                            return self.err_expr();
                        }
                        Some(self.construct_at(id, rid, addr, raw, args))
                    }
                    _ => Some(self.value_construct_at(id, rid, addr)),
                }
            }
            // Default-initialization of a scalar or a class without constructors: nothing.
            (_, None) => None,
            (_, Some(args)) => {
                let v = self.construct_ty(id, target.clone(), args, init.is_some(), init);
                if self.ty(v).is_error() {
                    return v;
                }
                let addr = load(self);
                let t = target.unqualified();
                let obj = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
                Some(self.mk(t, ValueCategory::LValue, ExprKind::Assign { lhs: obj, rhs: v }))
            }
        };
        let first = match construct {
            Some(c) if self.ty(c).is_error() => return c,
            Some(c) => {
                let ct = self.ty(c).clone();
                self.rvalue_of(ct, ExprKind::Comma(set, c))
            }
            None => set,
        };
        let result = load(self);
        self.rvalue_of(tp, ExprKind::Comma(first, result))
    }
}
