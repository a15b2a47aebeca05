//! `noexcept(e)` and placement new `new (p) T(args)`.
//!
//! `noexcept(e)` checks `e` as an unevaluated operand and is `false` when the THIR built for it
//! calls a function not declared non-throwing ([`crate::ty::FnDecl::noexcept`]) or calls
//! through a pointer to a function type without `noexcept`; device code never throws, but the value follows the declarations as
//! nvcc's does. Placement new with one pointer argument is the library's non-allocating
//! `operator new(std::size_t, void*)`: the object is constructed at the pointer, which is the
//! result (`Comma(Assign($new.p, p), init, $new.p)`).

use super::checker::Checker;
use super::cxx::record_of;
use crate::body::{ExprId, Initializer, TypeRefId};
use crate::thir::{CastKind, ExprKind, LocalId, LocalStorage, TExprId, ValueCategory};
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
            // Through a pointer: the pointee's function type says (C++17 `R (*)() noexcept`).
            ExprKind::CallIndirect { callee, .. } => !matches!(
                self.out.expr(*callee).ty.pointee().map(|p| &p.kind),
                Some(TyKind::Function(sig)) if sig.noexcept
            ),
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
        self.construct_new(id, target, places[0], args, init)
    }

    /// Constructs a `target` in the storage `place` (a pointer rvalue) points to, as a new
    /// expression's initializer says, and yields the pointer as a `target*`:
    /// `Comma(Comma(Assign($new.p, (T*)place), init), $new.p)`.
    fn construct_new(
        &mut self,
        id: ExprId,
        target: Ty,
        place: TExprId,
        args: Option<&'a [ExprId]>,
        init: Option<&'a Initializer>,
    ) -> TExprId {
        // `::new U(static_cast<A&&>(a)...)`: the arguments' pack expansions, expanded.
        let expanded;
        let args = match args {
            Some(a)
                if init.is_none()
                    && a.iter()
                        .any(|x| matches!(self.exprs.get(x.0 as usize), Some(crate::body::Expr::PackExpansion(_)))) =>
            {
                expanded = self.expand_args(a);
                Some(&expanded[..])
            }
            a => a,
        };
        // `$new.p = (T*)p`: the storage, evaluated once.
        let tp = Ty::ptr(target.clone());
        let tmp = self.add_local(SmolStr::new("$new.p"), tp.clone(), LocalStorage::Auto);
        let lhs = self.mk(tp.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let conv = self.cast(CastKind::PtrToPtr, place, tp.clone());
        let set = self.mk(tp.clone(), ValueCategory::LValue, ExprKind::Assign { lhs, rhs: conv });
        let load = |ck: &mut Self| {
            let l = ck.mk(tp.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
            ck.cast(CastKind::Load, l, tp.clone())
        };
        let construct = match (record_of(&target), args) {
            // Default-initialization: the default constructor, or the implicit one's work.
            (Some(rid), None) => {
                let addr = load(self);
                self.default_construct_at(id, rid, addr)
            }
            (Some(rid), Some(args)) if self.has_ctors(rid) => {
                let addr = load(self);
                if args.is_empty() {
                    Some(self.value_construct_at(id, rid, addr))
                } else {
                    let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
                    if raw.iter().any(|r| self.ty(*r).is_error()) {
                        return self.err_expr();
                    }
                    Some(self.construct_at(id, rid, addr, raw, args))
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

    /// A call of the compiler builtin `name` (declared body-less in warpc's device builtins
    /// header: `__warpc_malloc`, `__warpc_free`, `__warpc_memset`), or `None` (reported at `id`)
    /// when this translation unit lacks its declaration.
    fn runtime_call(&mut self, id: ExprId, name: &str, args: Vec<TExprId>, ret: Ty) -> Option<TExprId> {
        let f = self.dm.values.get(name).and_then(|defs| {
            defs.iter().find_map(|d| match d {
                crate::def_map::ValueDef::Function(f) => Some(*f),
                _ => None,
            })
        });
        let Some(f) = f else {
            let msg = format!("unsupported: new and delete expressions without warpc's device builtin \"{name}\"");
            self.error_e(id, "unsupported", msg);
            return None;
        };
        self.callees.insert(f);
        Some(self.rvalue_of(ret, ExprKind::Call { callee: f, args }))
    }

    /// Whether class `rid` or one of its bases declares `operator new`/`operator delete`
    /// (`what`, with `[]` for the array forms) of its own.
    fn class_operator(&self, rid: crate::ty::RecordId, what: &str, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        !self.own_methods(rid, what).is_empty()
            || !self.member_templates(rid, what).is_empty()
            || self.dm.records[rid]
                .bases
                .iter()
                .any(|b| b.record != rid && self.class_operator(b.record, what, depth + 1))
    }

    /// `new T init` / `new T[len] init` (`::new` alike): storage from the global `operator
    /// new`, which device code implements as `malloc` (nvcc emits `malloc(sizeof(T))` and,
    /// as C++'s throwing form says, no null check), then the initialization.
    pub(crate) fn new_expr(
        &mut self,
        id: ExprId,
        global: bool,
        ty: TypeRefId,
        len: Option<ExprId>,
        args: Option<&'a [ExprId]>,
        init: Option<&'a Initializer>,
    ) -> TExprId {
        let mut target = self.body_type(ty, super::DiagAt::Expr(id));
        let mut n = len.map(|l| (l, self.value(l)));
        if target.is_error() || n.is_some_and(|(_, n)| self.ty(n).is_error()) {
            return self.err_expr();
        }
        // `new A` with `A` a typedef of `T[4]`: an array new of 4 `T`s.
        if let (None, TyKind::Array(elem, Some(k))) = (n, &target.kind) {
            let (elem, k) = ((**elem).clone(), *k);
            n = Some((id, self.int_const(i128::from(k), IntKind::ULong)));
            target = elem;
        }
        if matches!(target.kind, TyKind::Function(_) | TyKind::Reference(_)) {
            self.error_e(id, "invalid-type", "type must be an object type");
            return self.err_expr();
        }
        let Some(size) = (!target.is_void())
            .then(|| super::types::size_of(&target, &self.dm.records))
            .flatten()
        else {
            let msg = format!("incomplete type \"{}\" is not allowed", self.show(&target));
            self.error_e(id, "incomplete-type", msg);
            return self.err_expr();
        };
        let class = record_of(target.innermost_element());
        let op = if n.is_some() { "operator new[]" } else { "operator new" };
        if let Some(rid) = class.filter(|&r| !global && self.class_operator(r, op, 0)) {
            let msg = format!(
                "unsupported: new of class \"{}\", which declares its own {op}",
                self.show(&Ty::new(TyKind::Record(rid)))
            );
            self.error_e(id, "unsupported", msg);
            return self.err_expr();
        }
        let void_ptr = Ty::ptr(Ty::void());
        let ulong = Ty::int(IntKind::ULong);
        let Some((len_id, n)) = n else {
            let bytes = self.int_const(i128::from(size), IntKind::ULong);
            let Some(place) = self.runtime_call(id, "__warpc_malloc", vec![bytes], void_ptr) else {
                return self.err_expr();
            };
            return self.construct_new(id, target, place, args, init);
        };
        // `new T[n]`: `n` converted to `std::size_t`, times `sizeof(T)` bytes (nvcc does not
        // check the product either).
        let count = self.convert(n, &ulong, super::conv::ConvCtx::Init, len_id);
        if self.ty(count).is_error() {
            return self.err_expr();
        }
        if let Some(rid) = class.filter(|&r| self.needs_construction(r, 0) || self.needs_destruction(r, 0) != Ok(false))
        {
            if record_of(&target) != Some(rid) {
                let msg = format!(
                    "unsupported: new of an array of arrays of class \"{}\", which has constructors or a destructor",
                    self.show(&Ty::new(TyKind::Record(rid)))
                );
                self.error_e(id, "unsupported", msg);
                return self.err_expr();
            }
            return self.new_class_array(id, rid, size, count, args, init);
        }
        let zero = match args {
            None => false,
            Some([]) if init.is_none() => true,
            Some(_) => {
                self.error_e(
                    id,
                    "unsupported",
                    "unsupported: an initializer other than \"()\" in an array new",
                );
                return self.err_expr();
            }
        };
        let each = self.int_const(i128::from(size), IntKind::ULong);
        let bytes = self.rvalue_of(ulong.clone(), ExprKind::Binary(crate::thir::TBinOp::Mul, count, each));
        let Some(place) = self.runtime_call(id, "__warpc_malloc", vec![bytes], void_ptr.clone()) else {
            return self.err_expr();
        };
        let tp = Ty::ptr(target.clone());
        let p = self.cast(CastKind::PtrToPtr, place, tp.clone());
        if !zero {
            return p;
        }
        // `new T[n]()`: value-initialized, all zero for the types accepted above.
        let tmp = self.add_local(SmolStr::new("$new.p"), tp.clone(), LocalStorage::Auto);
        let lhs = self.mk(tp.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let set = self.mk(tp.clone(), ValueCategory::LValue, ExprKind::Assign { lhs, rhs: p });
        let set = self.cast(CastKind::Load, set, tp.clone());
        let dst = self.cast(CastKind::PtrToPtr, set, void_ptr);
        let byte = self.int_const(0, IntKind::Int);
        let Some(ms) = self.runtime_call(id, "__warpc_memset", vec![dst, byte, bytes], Ty::void()) else {
            return self.err_expr();
        };
        let l = self.mk(tp.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let result = self.cast(CastKind::Load, l, tp.clone());
        self.rvalue_of(tp, ExprKind::Comma(ms, result))
    }

    /// `new C[n]` / `new C[n]()` of a class with constructors or a destructor, as the Itanium
    /// C++ ABI lays it out (nvcc alike): when `C` has a non-trivial destructor, an array cookie of
    /// `max(8, alignof(C))` bytes before the elements whose last 8 bytes hold `n`, for
    /// `delete[]`; then each element constructed in order:
    /// `$new.n = n, $new.p = (C*)((char*)malloc($new.n * sizeof(C) + cookie) + cookie),
    /// ((unsigned long*)$new.p)[-1] = $new.n, for-each $new.e in $new.p[0..$new.n]: C(), $new.p`.
    /// nvcc also stores the count before an array without a cookie (outside the allocation);
    /// warpc does not.
    fn new_class_array(
        &mut self,
        id: ExprId,
        rid: crate::ty::RecordId,
        size: u64,
        count: TExprId,
        args: Option<&'a [ExprId]>,
        init: Option<&'a Initializer>,
    ) -> TExprId {
        let value_init = match args {
            None => false,
            Some([]) if init.is_none() => true,
            Some(_) => {
                let msg = "unsupported: an initializer other than \"()\" in an array new of a class";
                self.error_e(id, "unsupported", msg);
                return self.err_expr();
            }
        };
        let cookie = match self.needs_destruction(rid, 0) {
            Ok(false) => 0,
            Ok(true) => self.array_cookie(rid),
            Err(what) => {
                let msg = format!(
                    "unsupported: new of an array of class \"{}\" ({what})",
                    self.show(&Ty::new(TyKind::Record(rid)))
                );
                self.error_e(id, "unsupported", msg);
                return self.err_expr();
            }
        };
        let t = Ty::new(TyKind::Record(rid));
        let tp = Ty::ptr(t.clone());
        let ulong = Ty::int(IntKind::ULong);
        // The count, evaluated once.
        let n = self.add_local(SmolStr::new("$new.n"), ulong.clone(), LocalStorage::Auto);
        let mut out = self.store_local(n, &ulong, count);
        // The storage: `malloc(n * sizeof(C) + cookie)`.
        let each = self.int_const(i128::from(size), IntKind::ULong);
        let nv = self.load_local(n, &ulong);
        let mut bytes = self.rvalue_of(ulong.clone(), ExprKind::Binary(crate::thir::TBinOp::Mul, nv, each));
        if cookie > 0 {
            let c = self.int_const(i128::from(cookie), IntKind::ULong);
            bytes = self.rvalue_of(ulong.clone(), ExprKind::Binary(crate::thir::TBinOp::Add, bytes, c));
        }
        let Some(raw) = self.runtime_call(id, "__warpc_malloc", vec![bytes], Ty::ptr(Ty::void())) else {
            return self.err_expr();
        };
        let p = self.add_local(SmolStr::new("$new.p"), tp.clone(), LocalStorage::Auto);
        let first = if cookie > 0 {
            let bp = Ty::ptr(Ty::int(IntKind::Char));
            let raw = self.cast(CastKind::PtrToPtr, raw, bp.clone());
            let off = self.int_const(i128::from(cookie), IntKind::ULong);
            let at = self.rvalue_of(bp, ExprKind::PtrAdd { ptr: raw, offset: off });
            self.cast(CastKind::PtrToPtr, at, tp.clone())
        } else {
            self.cast(CastKind::PtrToPtr, raw, tp.clone())
        };
        let s = self.store_local(p, &tp, first);
        out = self.comma(out, s);
        if cookie > 0 {
            // `((unsigned long*)$new.p)[-1] = $new.n`
            let slot = self.cookie_count(p, &tp);
            let nv = self.load_local(n, &ulong);
            let a = self.mk(
                ulong.clone(),
                ValueCategory::LValue,
                ExprKind::Assign { lhs: slot, rhs: nv },
            );
            let a = self.cast(CastKind::ToVoid, a, Ty::void());
            out = self.comma(out, a);
        }
        // Each element, first to last.
        let e = self.add_local(SmolStr::new("$new.e"), tp.clone(), LocalStorage::Auto);
        let addr = self.load_local(e, &tp);
        let construct = if value_init && !self.has_ctors(rid) {
            // `T()` of a class without constructors: its value (zeroed, then the default
            // member initializers), stored.
            let v = self.construct_ty(id, t.clone(), &[], false, None);
            if self.ty(v).is_error() {
                return v;
            }
            let obj = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
            Some(self.mk(t.clone(), ValueCategory::LValue, ExprKind::Assign { lhs: obj, rhs: v }))
        } else if value_init {
            Some(self.value_construct_at(id, rid, addr))
        } else {
            self.default_construct_at(id, rid, addr)
        };
        if let Some(c) = construct {
            if self.ty(c).is_error() {
                return c;
            }
            let c = self.cast(CastKind::ToVoid, c, Ty::void());
            let first = self.load_local(p, &tp);
            let count = self.load_local(n, &ulong);
            let each = self.rvalue_of(
                Ty::void(),
                ExprKind::ForEach {
                    first,
                    count,
                    elem: e,
                    each: c,
                    reverse: false,
                },
            );
            out = self.comma(out, each);
        }
        let result = self.load_local(p, &tp);
        self.comma(out, result)
    }

    /// The value of local `l` of type `ty`.
    fn load_local(&mut self, l: LocalId, ty: &Ty) -> TExprId {
        let v = self.mk(ty.clone(), ValueCategory::LValue, ExprKind::Local(l));
        self.cast(CastKind::Load, v, ty.clone())
    }

    /// `l = rhs` as a void expression.
    fn store_local(&mut self, l: LocalId, ty: &Ty, rhs: TExprId) -> TExprId {
        let lhs = self.mk(ty.clone(), ValueCategory::LValue, ExprKind::Local(l));
        let a = self.mk(ty.clone(), ValueCategory::LValue, ExprKind::Assign { lhs, rhs });
        self.cast(CastKind::ToVoid, a, Ty::void())
    }

    /// `a, b` (of `b`'s type).
    fn comma(&mut self, a: TExprId, b: TExprId) -> TExprId {
        let t = self.ty(b).clone();
        self.rvalue_of(t, ExprKind::Comma(a, b))
    }

    /// The array cookie's count slot before the first element that local `p` (of type `tp`)
    /// points to: the lvalue `((unsigned long*)p)[-1]`.
    fn cookie_count(&mut self, p: LocalId, tp: &Ty) -> TExprId {
        let ulong = Ty::int(IntKind::ULong);
        let up = Ty::ptr(ulong.clone());
        let pv = self.load_local(p, tp);
        let pv = self.cast(CastKind::PtrToPtr, pv, up.clone());
        let one = self.int_const(1, IntKind::ULong);
        let at = self.rvalue_of(up, ExprKind::PtrSub { ptr: pv, offset: one });
        self.mk(ulong, ValueCategory::LValue, ExprKind::Deref(at))
    }

    /// `p ? then : (void)0` over local `p` of pointer type `tp`.
    fn if_non_null(&mut self, p: LocalId, tp: &Ty, then: TExprId) -> TExprId {
        let v = self.load_local(p, tp);
        let cond = self.cast(CastKind::ToBool, v, Ty::int(IntKind::Bool));
        let z = self.int_const(0, IntKind::Int);
        let else_ = self.cast(CastKind::ToVoid, z, Ty::void());
        self.rvalue_of(Ty::void(), ExprKind::Cond { cond, then, else_ })
    }

    /// The array cookie's size for class `rid` (Itanium C++ ABI 2.7): `max(sizeof(size_t),
    /// alignof(C))`.
    fn array_cookie(&self, rid: crate::ty::RecordId) -> u64 {
        let align = super::types::align_of(&Ty::new(TyKind::Record(rid)), &self.dm.records).unwrap_or(8);
        align.max(8)
    }

    /// `delete p` / `delete[] p`: the object's destructor when it has one (behind a null
    /// check, as nvcc emits), then `free`, the device global `operator delete`.
    pub(crate) fn delete_expr(&mut self, id: ExprId, global: bool, array: bool, e: ExprId) -> TExprId {
        let p = self.value(e);
        let pt = self.ty(p).clone();
        if pt.is_error() {
            return self.err_expr();
        }
        const NOT_OBJECT: &str = "expression must be a pointer to a complete object type";
        let Some(pointee) = pt.pointee().cloned() else {
            self.error_e(e, "type-mismatch", NOT_OBJECT);
            return self.err_expr();
        };
        if matches!(pointee.kind, TyKind::Function(_)) {
            self.error_e(e, "type-mismatch", NOT_OBJECT);
            return self.err_expr();
        }
        let void_ptr = Ty::ptr(Ty::void());
        let rid = record_of(pointee.innermost_element());
        if pointee.is_void() {
            self.warn(super::DiagAt::Expr(e), "delete-void", NOT_OBJECT);
        } else if rid.is_some_and(|r| !self.dm.records[r].complete) {
            self.warn(
                super::DiagAt::Expr(e),
                "delete-incomplete",
                "delete of pointer to incomplete class",
            );
        }
        let rid = rid.filter(|&r| self.dm.records[r].complete);
        let op = if array { "operator delete[]" } else { "operator delete" };
        if let Some(rid) = rid.filter(|&r| !global && self.class_operator(r, op, 0)) {
            let msg = format!(
                "unsupported: delete of class \"{}\", which declares its own {op}",
                self.show(&Ty::new(TyKind::Record(rid)))
            );
            self.error_e(id, "unsupported", msg);
            return self.err_expr();
        }
        let destroy = match rid.map(|r| (r, self.needs_destruction(r, 0))) {
            None | Some((_, Ok(false))) => None,
            Some((r, Err(what))) => {
                let msg = format!(
                    "unsupported: delete of class \"{}\" ({what})",
                    self.show(&Ty::new(TyKind::Record(r)))
                );
                self.error_e(id, "unsupported", msg);
                return self.err_expr();
            }
            Some((r, Ok(true))) if array && matches!(pointee.kind, TyKind::Record(_)) => {
                return self.delete_class_array(id, r, p, &pt);
            }
            Some((r, Ok(true))) if array || matches!(pointee.kind, TyKind::Array(..)) => {
                let msg = format!(
                    "unsupported: delete[] of an array of class \"{}\", which has a destructor",
                    self.show(&Ty::new(TyKind::Record(r)))
                );
                self.error_e(id, "unsupported", msg);
                return self.err_expr();
            }
            Some((r, Ok(true))) => Some(r),
        };
        let Some(rid) = destroy else {
            let v = self.cast(CastKind::PtrToPtr, p, void_ptr.clone());
            return self
                .runtime_call(id, "__warpc_free", vec![v], Ty::void())
                .unwrap_or_else(|| self.err_expr());
        };
        // `$del.p = p, $del.p ? (~T(), free($del.p)) : (void)0`
        let tp = Ty::ptr(Ty::new(TyKind::Record(rid)));
        let p = if super::types::same_unqual(&pt, &tp) {
            p
        } else {
            self.cast(CastKind::PtrToPtr, p, tp.clone())
        };
        let tmp = self.add_local(SmolStr::new("$del.p"), tp.clone(), LocalStorage::Auto);
        let set = self.store_local(tmp, &tp, p);
        let calls = self.destroy_pointee(tmp, rid);
        let v = self.load_local(tmp, &tp);
        let v = self.cast(CastKind::PtrToPtr, v, void_ptr);
        let Some(free) = self.runtime_call(id, "__warpc_free", vec![v], Ty::void()) else {
            return self.err_expr();
        };
        let mut then = None;
        for c in calls.into_iter().chain([free]) {
            then = Some(match then {
                None => c,
                Some(t) => self.rvalue_of(Ty::void(), ExprKind::Comma(t, c)),
            });
        }
        let then = then.expect("the free call");
        let c = self.if_non_null(tmp, &tp, then);
        self.comma(set, c)
    }

    /// `delete[] p` of a class with a non-trivial destructor: the count from the array cookie
    /// (see [`Self::new_class_array`]), the elements destroyed last to first, then `free` of the
    /// allocation; nothing for a null pointer:
    /// `$del.p = p, $del.p ? (for-each-reverse $del.e in $del.p[0..cookie count]: ~C(),
    /// free((char*)$del.p - cookie)) : (void)0`.
    fn delete_class_array(&mut self, id: ExprId, rid: crate::ty::RecordId, p: TExprId, pt: &Ty) -> TExprId {
        let tp = Ty::ptr(Ty::new(TyKind::Record(rid)));
        let ulong = Ty::int(IntKind::ULong);
        let p = if super::types::same_unqual(pt, &tp) {
            p
        } else {
            self.cast(CastKind::PtrToPtr, p, tp.clone())
        };
        let tmp = self.add_local(SmolStr::new("$del.p"), tp.clone(), LocalStorage::Auto);
        let set = self.store_local(tmp, &tp, p);
        // The count: `((unsigned long*)$del.p)[-1]`.
        let slot = self.cookie_count(tmp, &tp);
        let count = self.cast(CastKind::Load, slot, ulong);
        let e = self.add_local(SmolStr::new("$del.e"), tp.clone(), LocalStorage::Auto);
        let calls = self.destroy_pointee(e, rid);
        let Some(each) = calls
            .into_iter()
            .reduce(|a, b| self.rvalue_of(Ty::void(), ExprKind::Comma(a, b)))
        else {
            // No destructor call after all: only the storage goes.
            let v = self.load_local(tmp, &tp);
            let v = self.cast(CastKind::PtrToPtr, v, Ty::ptr(Ty::void()));
            return self
                .runtime_call(id, "__warpc_free", vec![v], Ty::void())
                .unwrap_or_else(|| self.err_expr());
        };
        let first = self.load_local(tmp, &tp);
        let each = self.cast(CastKind::ToVoid, each, Ty::void());
        let destroy = self.rvalue_of(
            Ty::void(),
            ExprKind::ForEach {
                first,
                count,
                elem: e,
                each,
                reverse: true,
            },
        );
        // The allocation starts `cookie` bytes before the first element.
        let bp = Ty::ptr(Ty::int(IntKind::Char));
        let v = self.load_local(tmp, &tp);
        let v = self.cast(CastKind::PtrToPtr, v, bp.clone());
        let off = self.int_const(i128::from(self.array_cookie(rid)), IntKind::ULong);
        let base = self.rvalue_of(bp, ExprKind::PtrSub { ptr: v, offset: off });
        let base = self.cast(CastKind::PtrToPtr, base, Ty::ptr(Ty::void()));
        let Some(free) = self.runtime_call(id, "__warpc_free", vec![base], Ty::void()) else {
            return self.err_expr();
        };
        let then = self.rvalue_of(Ty::void(), ExprKind::Comma(destroy, free));
        let c = self.if_non_null(tmp, &tp, then);
        self.comma(set, c)
    }
}
