//! Object lifetimes: destructors of local objects and user-provided copy constructors.
//!
//! A local whose class needs destruction (a user-declared destructor, or members or bases that
//! have one) is registered with the scope depth it was declared at. Leaving a scope (the end of
//! its block, `break`, `continue`, `return`) destroys the objects of the scopes it leaves, most
//! recently declared first: the class's destructor `Call(~T, [&obj])`, then its members'
//! destructors in reverse declaration order, then its bases' in reverse order (the implicit part
//! of a destructor, expanded where the object dies). `return e` evaluates `e` into a temporary
//! before the destructors run.
//!
//! A temporary of such a class (`G(p).f()`, a call returning one by value) is the hidden local
//! `*(init, &tmp)` (an xvalue, so member calls see the object itself), registered in
//! `pending_temps`; where its full-expression ends (an expression statement, a statement's
//! condition, a `for` step, a declaration after its initialization, a return value after it is
//! computed) the temporaries made in it are destroyed, most recent first (`end_full_expr`,
//! `destroy_temps`). A class prvalue that initializes an object (`T x = T(a)`, `T x(T(a))`, a
//! member in a braced list, a returned value) is that object, not a temporary.
//!
//! A temporary made in a conditionally evaluated operand (a `?:` arm, the right operand of
//! `&&`/`||`) also gets a hidden `bool` flag, set where the temporary is made, cleared at
//! function entry and after its destruction; the end of the full-expression destroys it only
//! if the flag is set (clang's cleanup flags).
//!
//! A copy of a class without a copy constructor of its own whose bases or members have
//! user-provided ones runs the implicit copy constructor (`implicit_copy_into`): a bitwise copy,
//! then those subobjects copy-constructed in place from the source's.
//!
//! What needs more than that is refused with `unsupported:` rather than miscompiled:
//! temporaries bound to references (lifetime extension), or anywhere no full-expression end is
//! handled (`refuse_pending_temps`), capturing them by value, arrays of them,
//! static/`__shared__` ones, `goto` in a function that has them, and copies that would need a
//! copy constructor elsewhere (a member of a braced list, an array member's elements, a base
//! subobject sliced off).

use super::checker::Checker;
use super::cxx::record_of;
use super::DiagAt;
use crate::body::ExprId;
use crate::item_tree::MethodKind;
use crate::thir::{ExprKind, LocalId, TExprId, TStmt, TStmtId, ValueCategory};
use crate::ty::{FnId, RecordId, Ty, TyKind};
use smol_str::SmolStr;

/// Classes nest at most this deep for the destruction plan (deeper is refused).
const MAX_DEPTH: u32 = 32;

/// What [`Checker::by_value_obstacle`] names for a class whose copy runs a user-provided copy
/// constructor.
pub(crate) const USER_COPY: &str = "a user-provided copy constructor";

/// One step from an object to a subobject.
#[derive(Clone)]
enum Step {
    Field(u32, RecordId),
    Base(RecordId, crate::ty::BaseDecl),
}

impl<'a> Checker<'a> {
    /// The user-declared destructor of `rid` itself.
    pub(crate) fn destructor(&self, rid: RecordId) -> Option<FnId> {
        let rn = self.dm.records.get(rid)?.name.clone()?;
        let simple = super::cxx::simple_class_name(&rn);
        self.own_methods(rid, &format!("~{simple}")).into_iter().find(|&f| {
            self.dm
                .function(f)
                .method
                .as_ref()
                .is_some_and(|m| m.kind == MethodKind::Destructor)
        })
    }

    /// Whether destroying an object of `rid` runs code: its own destructor, or a member's or
    /// base's. `Err` names what warpc cannot destroy yet.
    pub(crate) fn needs_destruction(&self, rid: RecordId, depth: u32) -> Result<bool, String> {
        if depth > MAX_DEPTH {
            return Err("classes nested this deeply with destructors".into());
        }
        let Some(rec) = self.dm.records.get(rid) else {
            return Ok(false);
        };
        let mut needs = self.destructor(rid).is_some();
        for b in &rec.bases {
            if b.record != rid {
                needs |= self.needs_destruction(b.record, depth + 1)?;
            }
        }
        for (i, f) in rec.fields.iter().enumerate() {
            if rec.is_base_field(i as u32) {
                continue;
            }
            let t = f.ty.innermost_element();
            let array = matches!(f.ty.kind, TyKind::Array(..));
            if let TyKind::Record(r) = t.kind {
                if r != rid && self.needs_destruction(r, depth + 1)? {
                    if array {
                        return Err("array members of a class with a destructor".into());
                    }
                    if rec.is_union {
                        return Err("union members with destructors".into());
                    }
                    needs = true;
                }
            }
        }
        Ok(needs)
    }

    /// Whether `t` (or its elements) is a class type whose destruction runs code; an
    /// unsupported one counts.
    pub(crate) fn ty_needs_destruction(&self, t: &Ty) -> bool {
        let t = t.innermost_element();
        match t.kind {
            TyKind::Record(r) => self.needs_destruction(r, 0).unwrap_or(true),
            _ => false,
        }
    }

    /// A user-declared copy or move constructor of `rid` itself (first parameter a reference to
    /// `rid`, any others defaulted).
    pub(crate) fn user_copy_ctor(&self, rid: RecordId) -> bool {
        self.constructors(rid).into_iter().any(|f| {
            let d = self.dm.function(f);
            let own = d.sig.params.len() - usize::from(d.has_this());
            own >= 1
                && d.defaults.iter().filter(|x| x.is_some()).count() >= own - 1
                && matches!(&d.sig.params[usize::from(d.has_this())].kind, TyKind::Reference(r) if r.kind == TyKind::Record(rid))
        })
    }

    /// A user-declared copy or move assignment operator of `rid` itself (parameter `T`, or a
    /// reference to `T` however qualified).
    pub(crate) fn user_copy_assign(&self, rid: RecordId) -> bool {
        self.own_methods(rid, "operator=").into_iter().any(|f| {
            let d = self.dm.function(f);
            let p = d.sig.params.get(usize::from(d.has_this()));
            p.is_some_and(|p| match &p.kind {
                TyKind::Reference(r) => r.kind == TyKind::Record(rid),
                k => *k == TyKind::Record(rid),
            })
        })
    }

    /// Whether `pred` holds for a class among the direct bases and the (element types of the)
    /// members of `rid`, other than `rid` itself.
    fn any_subobject_class(&self, rid: RecordId, pred: impl Fn(RecordId) -> bool) -> bool {
        subobject_classes(self.dm, rid).any(pred)
    }

    /// Whether copying an object of `rid` runs a user-provided copy constructor somewhere
    /// (its own, or a member's or base's).
    pub(crate) fn nontrivial_copy(&self, rid: RecordId, depth: u32) -> bool {
        depth > MAX_DEPTH
            || self.user_copy_ctor(rid)
            || self.any_subobject_class(rid, |r| self.nontrivial_copy(r, depth + 1))
    }

    /// Whether the implicit copy assignment of `rid` would call a user-provided `operator=` of
    /// a member or base (its own is called directly).
    pub(crate) fn nontrivial_assign(&self, rid: RecordId, depth: u32) -> bool {
        depth > MAX_DEPTH
            || self.any_subobject_class(rid, |r| {
                !self.own_methods(r, "operator=").is_empty() || self.nontrivial_assign(r, depth + 1)
            })
    }

    /// What makes a by-value object of type `t` need more than a bitwise copy and no cleanup:
    /// `Some("a destructor")` / `Some("a user-provided copy constructor")`.
    pub(crate) fn by_value_obstacle(&self, t: &Ty) -> Option<&'static str> {
        let TyKind::Record(r) = t.kind else { return None };
        if self.ty_needs_destruction(t) {
            Some("a destructor")
        } else if self.nontrivial_copy(r, 0) {
            Some(USER_COPY)
        } else {
            None
        }
    }

    /// The by-value copy of class rvalue `v` that initializes a parameter or a returned object
    /// (at `at`). A copy of an object (`v` loads an lvalue; `as_rvalue`: an xvalue, as a
    /// returned local is) whose class has a user-provided copy or move constructor is a
    /// temporary built by the constructor overload resolution picks; a prvalue is the object
    /// itself. `None` when the copy would need a constructor the class does not declare itself
    /// (its members' or bases'): the caller refuses it. The temporary is handed on bitwise, as
    /// warpc passes and returns every class object by value.
    pub(crate) fn copy_by_constructor(&mut self, v: TExprId, at: ExprId, as_rvalue: bool) -> Option<TExprId> {
        let TyKind::Record(rid) = self.ty(v).kind else {
            return Some(v);
        };
        let ExprKind::Cast(crate::thir::CastKind::Load, lv) = self.out.expr(v).kind else {
            return Some(v);
        };
        if !self.user_copy_ctor(rid) {
            if !self.nontrivial_copy(rid, 0) {
                return Some(v);
            }
            return self.implicit_copy(lv, rid, at);
        }
        if as_rvalue {
            self.xvalues.insert(lv);
        }
        if self.copy_depth >= 32 {
            // (nvcc rejects the constructor's declaration with this message.)
            let shown = self.show(&Ty::new(TyKind::Record(rid)));
            self.error(
                DiagAt::Expr(at),
                "invalid-copy-constructor",
                format!("copy constructor for class \"{shown}\" may not have a parameter of type \"{shown}\""),
            );
            return None;
        }
        self.copy_depth += 1;
        let t = self.construct_temp(at, rid, vec![lv], &[at]);
        self.copy_depth -= 1;
        Some(t)
    }

    /// The implicit copy constructor of `rid` (which declares none) applied to lvalue `src`,
    /// where a base or member has a user-provided one: a temporary copied bitwise, then each
    /// such subobject copy-constructed in place from the source's, bases first, then members
    /// in declaration order. `None` where a member array's elements would need it (the caller
    /// refuses the copy).
    pub(crate) fn implicit_copy(&mut self, src: TExprId, rid: RecordId, at: ExprId) -> Option<TExprId> {
        let fate = self.temp_fate(at, rid);
        if fate == TempFate::Refused {
            return Some(self.err_expr());
        }
        let t = Ty::new(TyKind::Record(rid));
        let tmp = self.add_local(SmolStr::new("$copy.tmp"), t.clone(), crate::thir::LocalStorage::Auto);
        let init = self.implicit_copy_into(tmp, src, rid, at)?;
        if fate == TempFate::Destroy {
            return Some(self.temp_object(init, tmp, rid, at));
        }
        let tl = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let load = self.cast(crate::thir::CastKind::Load, tl, t.clone());
        Some(self.rvalue_of(t, ExprKind::Comma(init, load)))
    }

    /// The implicit copy constructor of `rid` run on the object `dst` holds (a local of the
    /// class, or a pointer to the object) from lvalue `src`: one void expression (see
    /// [`Self::implicit_copy`]). `None` where it is refused.
    pub(crate) fn implicit_copy_into(
        &mut self,
        dst: LocalId,
        src: TExprId,
        rid: RecordId,
        at: ExprId,
    ) -> Option<TExprId> {
        let t = Ty::new(TyKind::Record(rid));
        // The source's address, evaluated once.
        let sty = Ty::ptr(self.ty(src).clone());
        let sp = self.add_local(SmolStr::new("$copy.src"), sty.clone(), crate::thir::LocalStorage::Auto);
        let spl = self.mk(sty.clone(), ValueCategory::LValue, ExprKind::Local(sp));
        let addr = self.rvalue_of(sty.clone(), ExprKind::AddrOf(src));
        let mut steps = vec![self.mk(sty, ValueCategory::LValue, ExprKind::Assign { lhs: spl, rhs: addr })];
        // The bitwise copy, then the subobjects that need their copy constructors.
        let whole = self.subobject(sp, &[]);
        let whole = self.cast(crate::thir::CastKind::Load, whole, t.clone());
        let target = self.subobject(dst, &[]);
        steps.push(self.mk(
            t,
            ValueCategory::LValue,
            ExprKind::Assign {
                lhs: target,
                rhs: whole,
            },
        ));
        if !self.copy_subobjects(dst, sp, rid, &mut Vec::new(), &mut steps, at, 0) {
            return None;
        }
        if steps.iter().any(|&e| self.ty(e).is_error()) {
            return Some(self.err_expr());
        }
        let steps: Vec<TExprId> = steps
            .into_iter()
            .map(|e| self.cast(crate::thir::CastKind::ToVoid, e, Ty::void()))
            .collect();
        steps
            .into_iter()
            .reduce(|a, b| self.rvalue_of(Ty::void(), ExprKind::Comma(a, b)))
    }

    /// The copy constructions of [`Self::implicit_copy`] for the subobjects of class `rid` at
    /// `path` (in `dst`, from `*src`) whose copies run a user-provided copy constructor.
    #[allow(clippy::too_many_arguments)]
    fn copy_subobjects(
        &mut self,
        dst: LocalId,
        src: LocalId,
        rid: RecordId,
        path: &mut Vec<Step>,
        out: &mut Vec<TExprId>,
        at: ExprId,
        depth: u32,
    ) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let rec = self.dm.record(rid).clone();
        let mut subs: Vec<(Step, RecordId)> = rec
            .bases
            .iter()
            .filter(|b| b.record != rid)
            .map(|b| (Step::Base(rid, b.clone()), b.record))
            .collect();
        for (i, f) in rec.fields.iter().enumerate() {
            if rec.is_base_field(i as u32) {
                continue;
            }
            match f.ty.kind {
                TyKind::Record(r) => subs.push((Step::Field(i as u32, rid), r)),
                TyKind::Array(..) => {
                    if let TyKind::Record(r) = f.ty.innermost_element().kind {
                        if self.nontrivial_copy(r, depth + 1) {
                            return false;
                        }
                    }
                }
                _ => {}
            }
        }
        for (step, r) in subs {
            if !self.nontrivial_copy(r, depth + 1) {
                continue;
            }
            path.push(step);
            let ok = if self.user_copy_ctor(r) {
                let d = self.subobject(dst, path);
                let rt = Ty::new(TyKind::Record(r));
                let daddr = self.rvalue_of(Ty::ptr(rt), ExprKind::AddrOf(d));
                let s = self.subobject(src, path);
                let call = self.construct_at(at, r, daddr, vec![s], &[at]);
                out.push(call);
                true
            } else {
                self.copy_subobjects(dst, src, r, path, out, at, depth + 1)
            };
            path.pop();
            if !ok {
                return false;
            }
        }
        true
    }

    /// The by-value class arguments `conv` of a call at `id` (parameters `params`, the first
    /// `skip` of them `this`; `args` locate them): an object of a class whose copy runs a
    /// user-provided copy constructor is copied by it ([`Self::copy_by_constructor`]); one of a
    /// class with a destructor is a temporary of the caller, destroyed at the end of the
    /// full-expression: a copy (by the copy constructor, or bitwise), or the prvalue argument
    /// itself (see [`passed_by_invisible_reference`]). False after reporting what warpc cannot
    /// pass.
    pub(crate) fn by_value_args(
        &mut self,
        id: ExprId,
        params: &[Ty],
        skip: usize,
        conv: &mut [TExprId],
        args: &[ExprId],
    ) -> bool {
        for (i, p) in params.iter().enumerate().skip(skip) {
            let Some(what) = self.by_value_obstacle(p) else {
                continue;
            };
            let Some(&v) = conv.get(i) else { continue };
            let at = args.get(i).copied().unwrap_or(id);
            match self.by_value_arg(v, at, what == USER_COPY) {
                Some(c) if self.ty(c).is_error() => return false,
                Some(c) => conv[i] = c,
                None => {
                    let msg = format!(
                        "unsupported: passing an object of class \"{}\", which has {what}, by value",
                        self.show(&p.unqualified())
                    );
                    self.error_e(at, "unsupported", msg);
                    return false;
                }
            }
        }
        true
    }

    /// The parameter object for by-value argument `v` (at `at`); `copy_only`: its class has no
    /// destructor. `None` when warpc cannot make it.
    fn by_value_arg(&mut self, v: TExprId, at: ExprId, copy_only: bool) -> Option<TExprId> {
        if copy_only {
            return self.copy_by_constructor(v, at, false);
        }
        let TyKind::Record(rid) = self.ty(v).kind else {
            return Some(v);
        };
        if self.needs_destruction(rid, 0).is_err() {
            return None;
        }
        if let ExprKind::Cast(crate::thir::CastKind::Load, lv) = self.out.expr(v).kind {
            if self.is_pending_temp(lv) {
                // A temporary of this full-expression (`f(T(a))`, `f(g())`) is the parameter.
                return Some(lv);
            }
            if self.nontrivial_copy(rid, 0) {
                return self.copy_by_constructor(v, at, false);
            }
        }
        Some(match self.temp_fate(at, rid) {
            TempFate::Refused => self.err_expr(),
            TempFate::Destroy => self.keep_temp(v, rid, at),
            TempFate::Plain => v,
        })
    }

    /// Whether `e` is `*(init, &tmp)` for a temporary `tmp` of the current full-expression.
    fn is_pending_temp(&self, e: TExprId) -> bool {
        let ExprKind::Deref(both) = self.out.expr(e).kind else {
            return false;
        };
        let ExprKind::Comma(_, addr) = self.out.expr(both).kind else {
            return false;
        };
        let ExprKind::AddrOf(l) = self.out.expr(addr).kind else {
            return false;
        };
        let ExprKind::Local(tmp) = self.out.expr(l).kind else {
            return false;
        };
        self.pending_temps.iter().any(|t| t.local == tmp)
    }

    /// After local `l` of type `ty` is declared: registers it for destruction at scope exit,
    /// or reports what warpc cannot do with it.
    pub(crate) fn register_local_lifetime(
        &mut self,
        l: LocalId,
        ty: &Ty,
        storage: crate::thir::LocalStorage,
        at: &DiagAt,
    ) {
        let elem = ty.innermost_element();
        let array = matches!(ty.kind, TyKind::Array(..));
        let TyKind::Record(rid) = elem.kind else { return };
        if matches!(
            storage,
            crate::thir::LocalStorage::Shared | crate::thir::LocalStorage::ExternShared
        ) {
            // nvcc neither constructs nor destroys a `__shared__` object; a class whose
            // construction or destruction would run code gets its warning (#20054). (nvcc also
            // counts a user-provided constructor or destructor with an empty body as trivial
            // here; warpc warns for those too.)
            let runs_code = self.needs_construction(rid, 0) || self.needs_destruction(rid, 0) != Ok(false);
            if storage == crate::thir::LocalStorage::Shared && runs_code {
                let msg = "dynamic initialization is not supported for a function-scope static __shared__ variable within a __device__/__global__ function";
                self.warn(at.clone(), "shared-dynamic-init", msg);
            }
            return;
        }
        let class = self.show(&elem.unqualified());
        match self.needs_destruction(rid, 0) {
            Ok(false) => {}
            Err(what) => {
                let msg = format!("unsupported: destroying an object of class \"{class}\" ({what})");
                self.error(at.clone(), "unsupported", msg);
            }
            Ok(true) if array => {
                let msg = format!("unsupported: arrays of class \"{class}\", which has a destructor");
                self.error(at.clone(), "unsupported", msg);
            }
            Ok(true) if storage != crate::thir::LocalStorage::Auto => {
                let msg = format!("unsupported: static variables of class \"{class}\", which has a destructor");
                self.error(at.clone(), "unsupported", msg);
            }
            Ok(true) => {
                self.dtor_locals.push((self.scopes.len(), l, rid));
                if self.first_dtor_local.is_none() {
                    self.first_dtor_local = Some(at.clone());
                }
            }
        }
    }

    /// Destroys the registered locals declared deeper than scope depth `keep` (most recent
    /// first), as statements; `pop` also forgets them (the scope ends).
    pub(crate) fn destroy_scopes(&mut self, keep: usize, pop: bool) -> Vec<TStmtId> {
        let live: Vec<(LocalId, RecordId)> = self
            .dtor_locals
            .iter()
            .filter(|(d, _, _)| *d > keep)
            .map(|&(_, l, r)| (l, r))
            .collect();
        if pop {
            self.dtor_locals.retain(|(d, _, _)| *d <= keep);
        }
        let mut out = Vec::new();
        for (l, rid) in live.into_iter().rev() {
            let mut calls = Vec::new();
            self.destroy_object(l, rid, &mut Vec::new(), &mut calls, 0);
            out.extend(calls.into_iter().map(|c| self.mk_stmt(TStmt::Expr(c))));
        }
        out
    }

    /// The subobject of local `l` along `path`, an lvalue.
    fn subobject(&mut self, l: LocalId, path: &[Step]) -> TExprId {
        let ty = self.out.local(l).ty.unqualified();
        let mut cur = self.mk(ty.clone(), ValueCategory::LValue, ExprKind::Local(l));
        if let Some(p) = ty.pointee() {
            // An object named by its address (an explicit destructor call's hidden pointer).
            let ptr = self.rv(cur);
            cur = self.mk(p.unqualified(), ValueCategory::LValue, ExprKind::Deref(ptr));
        }
        for s in path {
            cur = match s.clone() {
                Step::Field(fi, r) => {
                    let fty = self.dm.record(r).fields[fi as usize].ty.unqualified();
                    self.mk(fty, ValueCategory::LValue, ExprKind::Member { base: cur, field: fi })
                }
                Step::Base(r, b) => self.base_subobject(cur, &[(r, b)]),
            };
        }
        cur
    }

    /// The destructor calls for the object of class `rid` at `path` inside local `l`.
    /// The destructor calls for the object of class `rid` that local `l` (a pointer) points to.
    pub(crate) fn destroy_pointee(&mut self, l: LocalId, rid: RecordId) -> Vec<TExprId> {
        let mut calls = Vec::new();
        self.destroy_object(l, rid, &mut Vec::new(), &mut calls, 0);
        calls
    }

    fn destroy_object(
        &mut self,
        l: LocalId,
        rid: RecordId,
        path: &mut Vec<Step>,
        calls: &mut Vec<TExprId>,
        depth: u32,
    ) {
        if depth > MAX_DEPTH || !self.needs_destruction(rid, 0).unwrap_or(false) {
            return;
        }
        if let Some(d) = self.destructor(rid) {
            let obj = self.subobject(l, path);
            let t = Ty::new(TyKind::Record(rid));
            let addr = self.rvalue_of(Ty::ptr(t), ExprKind::AddrOf(obj));
            self.callees.insert(d);
            calls.push(self.rvalue_of(
                Ty::void(),
                ExprKind::Call {
                    callee: d,
                    args: vec![addr],
                },
            ));
        }
        let rec = self.dm.record(rid).clone();
        for (i, f) in rec.fields.iter().enumerate().rev() {
            if rec.is_base_field(i as u32) {
                continue;
            }
            if let TyKind::Record(r) = f.ty.kind {
                path.push(Step::Field(i as u32, rid));
                self.destroy_object(l, r, path, calls, depth + 1);
                path.pop();
            }
        }
        for b in rec.bases.iter().rev() {
            path.push(Step::Base(rid, b.clone()));
            self.destroy_object(l, b.record, path, calls, depth + 1);
            path.pop();
        }
    }

    /// An explicit destructor call `obj.~T()` / `p->~T()` (`class` is the name after `~`): the
    /// class's destructor, then its members' and bases' (as when the object dies); a no-op
    /// (after evaluating the object) for a scalar type (a pseudo-destructor call, `T` = `int` in
    /// a template).
    pub(crate) fn explicit_dtor_call(
        &mut self,
        id: ExprId,
        base: ExprId,
        class: &str,
        arrow: bool,
        args: &[ExprId],
    ) -> TExprId {
        for a in args {
            self.value(*a);
        }
        if !args.is_empty() {
            self.error_e(id, "too-many-args", "too many arguments in function call");
            return self.err_expr();
        }
        let b = self.expr(base);
        let bt = self.ty(b).clone();
        if bt.is_error() {
            return self.err_expr();
        }
        let obj_ty = if arrow {
            match bt.pointee() {
                Some(p) => p.clone(),
                None => {
                    let msg = format!(
                        "expression must have pointer type but it has type \"{}\"",
                        self.show(&bt)
                    );
                    self.error_e(base, "type-mismatch", msg);
                    return self.err_expr();
                }
            }
        } else {
            bt.clone()
        };
        // The name after `~` must denote the object's type.
        let named = super::types::TypeEnv::typedef(&mut super::checker::BodyTypeEnv { ck: self }, &SmolStr::new(class));
        // The name is also looked up in the object's class ([basic.lookup.qual]): its
        // injected-class-name (`b.~barrier()` for a `cuda::barrier<...>`, from any scope).
        let injected = record_of(&obj_ty).is_some_and(|rid| {
            self.dm.records[rid]
                .name
                .as_deref()
                .is_some_and(|n| injected_class_name(n) == class)
        });
        let same = injected
            || named
                .as_ref()
                .is_some_and(|(t, _)| super::types::same_unqual(t, &obj_ty));
        if !same {
            let msg = match named {
                Some(_) => format!(
                    "the destructor name \"~{class}\" does not match the type \"{}\"",
                    self.show(&obj_ty.unqualified())
                ),
                None => format!("identifier \"{class}\" is undefined"),
            };
            self.error_e(id, "type-mismatch", msg);
            return self.err_expr();
        }
        let Some(rid) = record_of(&obj_ty) else {
            if !obj_ty.is_scalar() {
                self.error_e(id, "unsupported", "unsupported: pseudo-destructor call on this type");
                return self.err_expr();
            }
            // Evaluated for its side effects only.
            let v = self.rv(b);
            return self.cast(crate::thir::CastKind::ToVoid, v, Ty::void());
        };
        let addr = if arrow { self.rv(b) } else { self.object_address(b) };
        let pty = Ty::ptr(Ty::new(TyKind::Record(rid)));
        let addr = if super::types::same_unqual(self.ty(addr), &pty) {
            addr
        } else {
            self.cast(crate::thir::CastKind::PtrToPtr, addr, pty.clone())
        };
        let tmp = self.add_local(SmolStr::new("$dtor.obj"), pty.clone(), crate::thir::LocalStorage::Auto);
        let tl = self.mk(pty.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let mut seq = self.mk(pty, ValueCategory::LValue, ExprKind::Assign { lhs: tl, rhs: addr });
        let mut calls = Vec::new();
        self.destroy_object(tmp, rid, &mut Vec::new(), &mut calls, 0);
        for c in calls {
            seq = self.rvalue_of(Ty::void(), ExprKind::Comma(seq, c));
        }
        let v = self.rv(seq);
        self.cast(crate::thir::CastKind::ToVoid, v, Ty::void())
    }

    /// A temporary of record type `rid` is about to be made at `id`: whether it is an ordinary
    /// value, must be destroyed at the end of the full-expression, or is refused (reported):
    /// bound to a reference (its lifetime would be extended). One that directly initializes a local (`T x = T(a);`, `T x = f();`)
    /// or is returned is that object, not a temporary.
    pub(crate) fn temp_fate(&mut self, id: ExprId, rid: RecordId) -> TempFate {
        // An unevaluated operand (`sizeof`, `decltype`, `noexcept`) creates no object.
        if self.init_temp == Some(id) || self.unevaluated_depth > 0 {
            return TempFate::Plain;
        }
        let class = self.show(&Ty::new(TyKind::Record(rid)));
        let why = match self.needs_destruction(rid, 0) {
            Ok(false) => return TempFate::Plain,
            Err(what) => format!("({what})"),
            Ok(true) if self.ref_init == Some(id) => {
                "bound to a reference (initialize a local variable with it instead)".to_string()
            }
            Ok(true) => return TempFate::Destroy,
        };
        let msg = format!("unsupported: a temporary object of class \"{class}\", which has a destructor, {why}");
        self.error_e(id, "unsupported", msg);
        TempFate::Refused
    }

    /// `value` (a record rvalue) as a temporary object destroyed at the end of the
    /// full-expression: `*(tmp = value, &tmp)`, an xvalue.
    pub(crate) fn keep_temp(&mut self, value: TExprId, rid: RecordId, at: ExprId) -> TExprId {
        let t = Ty::new(TyKind::Record(rid));
        let tmp = self.add_local(
            smol_str::SmolStr::new("$tmp.dtor"),
            t.clone(),
            crate::thir::LocalStorage::Auto,
        );
        let tl = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let asg = self.mk(
            t.clone(),
            ValueCategory::LValue,
            ExprKind::Assign { lhs: tl, rhs: value },
        );
        self.temp_object(asg, tmp, rid, at)
    }

    /// `*(init, &tmp)` (an xvalue) for a temporary `tmp` that `init` constructs; registered
    /// for destruction at the end of the full-expression.
    pub(crate) fn temp_object(&mut self, init: TExprId, tmp: LocalId, rid: RecordId, at: ExprId) -> TExprId {
        // Made in a conditionally evaluated operand: `*((init, made = true), &tmp)`.
        let (init, flag) = if self.cond_depth > 0 {
            let flag = self.add_local(
                SmolStr::new("$tmp.made"),
                Ty::int(crate::ty::IntKind::Bool),
                crate::thir::LocalStorage::Auto,
            );
            self.temp_flags.push(flag);
            let set = self.set_temp_flag(flag, true);
            let ty = self.ty(init).clone();
            let cat = self.out.expr(init).category;
            (self.mk(ty, cat, ExprKind::Comma(init, set)), Some(flag))
        } else {
            (init, None)
        };
        let t = Ty::new(TyKind::Record(rid));
        let tl = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(tmp));
        let addr = self.rvalue_of(Ty::ptr(t.clone()), ExprKind::AddrOf(tl));
        let both = self.rvalue_of(Ty::ptr(t.clone()), ExprKind::Comma(init, addr));
        let obj = self.mk(t, ValueCategory::LValue, ExprKind::Deref(both));
        self.xvalues.insert(obj);
        self.pending_temps.push(PendingTemp {
            local: tmp,
            rid,
            at,
            made: flag,
        });
        obj
    }

    /// `flag = v` for a conditionally made temporary's flag (a `bool` lvalue).
    fn set_temp_flag(&mut self, flag: LocalId, v: bool) -> TExprId {
        let b = Ty::int(crate::ty::IntKind::Bool);
        let fl = self.mk(b.clone(), ValueCategory::LValue, ExprKind::Local(flag));
        let val = self.int_const(v as i128, crate::ty::IntKind::Bool);
        self.mk(b, ValueCategory::LValue, ExprKind::Assign { lhs: fl, rhs: val })
    }

    /// The statements clearing the flags of conditionally made temporaries, for the start of
    /// the function body.
    pub(crate) fn clear_temp_flags(&mut self) -> Vec<TStmtId> {
        let flags = std::mem::take(&mut self.temp_flags);
        flags
            .into_iter()
            .map(|f| {
                let e = self.set_temp_flag(f, false);
                self.mk_stmt(TStmt::Expr(e))
            })
            .collect()
    }

    /// The end of a full-expression `e` that began when `pending_temps` had `mark` entries:
    /// the temporaries made since are destroyed, most recent first, after `e` is evaluated
    /// (`discard`: its value is not used). `e` is an rvalue unless discarded.
    pub(crate) fn end_full_expr(&mut self, mark: usize, e: TExprId, discard: bool) -> TExprId {
        if self.pending_temps.len() <= mark {
            return e;
        }
        let Some(dtors) = self.destroy_temps(mark) else {
            return e;
        };
        let ty = self.ty(e).clone();
        if ty.is_error() {
            return e;
        }
        if discard || ty.is_void() {
            return self.rvalue_of(Ty::void(), ExprKind::Comma(e, dtors));
        }
        let t = ty.unqualified();
        let v = self.add_local(
            smol_str::SmolStr::new("$full.expr"),
            t.clone(),
            crate::thir::LocalStorage::Auto,
        );
        let vl = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(v));
        let asg = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Assign { lhs: vl, rhs: e });
        let vl2 = self.mk(t.clone(), ValueCategory::LValue, ExprKind::Local(v));
        let load = self.cast(crate::thir::CastKind::Load, vl2, t.clone());
        let tail = self.rvalue_of(t.clone(), ExprKind::Comma(dtors, load));
        self.rvalue_of(t, ExprKind::Comma(asg, tail))
    }

    /// The destructor calls (one void expression) of the temporaries made since `mark`, most
    /// recent first; they are forgotten.
    pub(crate) fn destroy_temps(&mut self, mark: usize) -> Option<TExprId> {
        let temps: Vec<PendingTemp> = self.pending_temps.drain(mark.min(self.pending_temps.len())..).collect();
        let mut calls = Vec::new();
        for t in temps.iter().rev() {
            let Some(flag) = t.made else {
                self.destroy_object(t.local, t.rid, &mut Vec::new(), &mut calls, 0);
                continue;
            };
            // `made ? (~T(tmp), made = false) : void`
            let mut own = Vec::new();
            self.destroy_object(t.local, t.rid, &mut Vec::new(), &mut own, 0);
            let clear = self.set_temp_flag(flag, false);
            let clear = self.cast(crate::thir::CastKind::ToVoid, clear, Ty::void());
            let then = own
                .into_iter()
                .chain(std::iter::once(clear))
                .reduce(|a, b| self.rvalue_of(Ty::void(), ExprKind::Comma(a, b)))
                .expect("the flag's clearing");
            let b = Ty::int(crate::ty::IntKind::Bool);
            let fl = self.mk(b.clone(), ValueCategory::LValue, ExprKind::Local(flag));
            let cond = self.cast(crate::thir::CastKind::Load, fl, b);
            let zero = self.int_const(0, crate::ty::IntKind::Int);
            let else_ = self.cast(crate::thir::CastKind::ToVoid, zero, Ty::void());
            calls.push(self.rvalue_of(Ty::void(), ExprKind::Cond { cond, then, else_ }));
        }
        calls
            .into_iter()
            .reduce(|a, b| self.rvalue_of(Ty::void(), ExprKind::Comma(a, b)))
    }

    /// Temporaries made since `mark` in a context that is not a full-expression warpc handles
    /// (a braced initializer list, a constructor's member initializer): refused.
    pub(crate) fn refuse_pending_temps(&mut self, mark: usize) {
        let temps: Vec<PendingTemp> = self.pending_temps.drain(mark.min(self.pending_temps.len())..).collect();
        for PendingTemp { rid, at, .. } in temps {
            let class = self.show(&Ty::new(TyKind::Record(rid)));
            let msg = format!(
                "unsupported: a temporary object of class \"{class}\", which has a destructor, in this context"
            );
            self.error_e(at, "unsupported", msg);
        }
    }
}

/// A temporary with a destructor, made in the current full-expression.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PendingTemp {
    /// The hidden local holding the object.
    pub local: LocalId,
    pub rid: RecordId,
    /// Where it was made.
    pub at: ExprId,
    /// Made in a conditionally evaluated operand: the flag saying whether it was.
    pub made: Option<LocalId>,
}

/// What becomes of a temporary object of a class type ([`Checker::temp_fate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TempFate {
    /// An ordinary value (no destructor, or it is the object being initialized).
    Plain,
    /// Destroyed at the end of the full-expression.
    Destroy,
    /// Refused (reported).
    Refused,
}

/// The injected-class-name of the class named `name` (`ns::bar<2, E>` -> `bar`,
/// `Outer<int>::In` -> `In`).
fn injected_class_name(name: &str) -> &str {
    let mut end = name.len();
    if name.ends_with('>') {
        let mut depth = 0i32;
        for (i, c) in name.char_indices().rev() {
            match c {
                '>' => depth += 1,
                '<' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i;
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    let base = &name[..end];
    base.rsplit("::").next().unwrap_or(base)
}

/// Whether a by-value parameter of type `t` is passed by invisible reference (the Itanium C++
/// ABI's "non-trivial for the purposes of calls"): its class, or a base or member class, has a
/// destructor or a copy/move constructor that is not defaulted. The caller makes the parameter
/// object a temporary of its own (a copy, or the prvalue argument itself), passes its address,
/// and destroys it at the end of the full-expression; the callee uses the object in place and
/// never destroys it. nvcc does this for device functions; a kernel's parameters are bitwise
/// copies its device code never destroys. (Classes whose parameter objects warpc cannot make
/// are refused at the call by the checker; this only chooses the ABI.)
pub fn passed_by_invisible_reference(dm: &crate::DefMap, t: &Ty) -> bool {
    match t.kind {
        TyKind::Record(r) => nontrivial_for_calls(dm, r, 0),
        _ => false,
    }
}

fn nontrivial_for_calls(dm: &crate::DefMap, rid: RecordId, depth: u32) -> bool {
    let Some(rec) = dm.records.get(rid) else {
        return false;
    };
    if depth > MAX_DEPTH {
        return true;
    }
    if let Some(rn) = rec.name.as_deref() {
        let simple = super::cxx::simple_class_name(rn);
        let own = |name: &str| -> Vec<FnId> {
            dm.values
                .get(format!("{rn}::{name}").as_str())
                .map(|defs| {
                    defs.iter()
                        .filter_map(|d| match d {
                            crate::ValueDef::Function(f) => Some(*f),
                            _ => None,
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let user_dtor = own(&format!("~{simple}")).into_iter().any(|f| {
            let d = dm.function(f);
            !d.defaulted && d.method.as_ref().is_some_and(|m| m.kind == MethodKind::Destructor)
        });
        let user_copy = own(&simple).into_iter().any(|f| {
            let d = dm.function(f);
            let this = usize::from(d.has_this());
            let own_params = d.sig.params.len() - this;
            !d.defaulted
                && !d.deleted
                && d.method.as_ref().is_some_and(|m| m.kind == MethodKind::Constructor)
                && own_params >= 1
                && d.defaults.iter().filter(|x| x.is_some()).count() >= own_params - 1
                && matches!(&d.sig.params[this].kind, TyKind::Reference(r) if r.kind == TyKind::Record(rid))
        });
        if user_dtor || user_copy {
            return true;
        }
    }
    subobject_classes(dm, rid).any(|r| nontrivial_for_calls(dm, r, depth + 1))
}

/// The classes among the direct bases and the (element types of the) members of `rid`, other
/// than `rid` itself.
fn subobject_classes(dm: &crate::DefMap, rid: RecordId) -> impl Iterator<Item = RecordId> + '_ {
    let rec = dm.records.get(rid);
    let bases = rec.into_iter().flat_map(|r| r.bases.iter().map(|b| b.record));
    let members = rec.into_iter().flat_map(|r| {
        r.fields.iter().filter_map(|f| match f.ty.innermost_element().kind {
            TyKind::Record(r) => Some(r),
            _ => None,
        })
    });
    bases.chain(members).filter(move |&r| r != rid)
}
