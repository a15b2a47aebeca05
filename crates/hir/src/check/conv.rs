//! Implicit conversions (initialization, assignment, argument passing, return), implicit
//! conversion sequences and overload resolution, calls and CUDA's execution-space rules.

use super::checker::Checker;
use super::types::{self, cv, promote};
use super::DiagAt;
use crate::body::{Expr, ExprId, Quals};
use crate::def_map::ValueDef;
use crate::thir::{CastKind, ExprKind, TExprId};
use crate::ty::{ConstValue, DefaultArg, DefaultExpr, ExecSpace, FloatKind, FnId, IntKind, Ty, TyKind};
use smol_str::SmolStr;
use warpc_base::Severity;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ConvCtx {
    Init,
    Assign,
    Arg,
    Return,
}

/// Rank of an implicit conversion sequence ([over.ics.scs]); `Ellipsis` for arguments matched
/// by `...`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Exact,
    Promotion,
    Conversion,
    /// A user-defined conversion (converting constructor or conversion function).
    User,
    Ellipsis,
}

#[derive(Copy, Clone, Debug)]
struct Ics {
    rank: Rank,
    identity: bool,
    ptr_to_bool: bool,
    /// Qualifiers added by a qualification conversion (fewer is better between similar types).
    quals_added: u32,
    /// Derived-to-base conversion: how many levels up (a closer base is better).
    base_depth: u32,
    /// A conversion of an object pointer to `void*` (worse than a derived-to-base one).
    void_ptr: bool,
    /// A reference binding of an rvalue reference to an rvalue (better than binding `const T&`).
    rvalue_bind: bool,
    /// A reference binding (the `rvalue_bind` rule compares two of them only).
    reference: bool,
}

impl Ics {
    fn new(rank: Rank) -> Ics {
        Ics {
            rank,
            identity: false,
            ptr_to_bool: false,
            quals_added: 0,
            base_depth: 0,
            void_ptr: false,
            rvalue_bind: false,
            reference: false,
        }
    }

    /// [over.ics.rank]: whether `self` is a better conversion sequence than `o`.
    fn better(&self, o: &Ics) -> bool {
        if self.rank != o.rank {
            return self.rank < o.rank;
        }
        if self.rank == Rank::Exact {
            if self.identity != o.identity {
                return self.identity;
            }
            // [over.ics.rank]/3.2.3: between two reference bindings (not a by-value
            // parameter: `G(int)` and `G(U&&)` tie for `G(3)`, and the non-template wins).
            if self.reference && o.reference && self.rvalue_bind != o.rvalue_bind {
                return self.rvalue_bind;
            }
            // The qualifiers a reference binding adds compare with another reference
            // binding's only ([over.ics.rank]/3.2.6: `f(int)` and `f(const int&)` tie for an
            // lvalue `int`); a by-value parameter's with another qualification conversion's.
            return self.reference == o.reference && self.quals_added < o.quals_added;
        }
        if self.rank == Rank::Conversion && self.ptr_to_bool != o.ptr_to_bool {
            return !self.ptr_to_bool;
        }
        if self.rank == Rank::Conversion && self.base_depth > 0 && o.base_depth > 0 {
            // [over.ics.rank]/3.2.5-6: to the same base, the one adding fewer qualifiers (a
            // member called on a derived object: `f()` beats `f() volatile`).
            if self.base_depth != o.base_depth {
                return self.base_depth < o.base_depth;
            }
            return self.quals_added < o.quals_added;
        }
        if self.rank == Rank::Conversion && self.base_depth > 0 && o.void_ptr {
            return true;
        }
        // `T*` to `const void*` beats `T*` to `const volatile void*` ([over.ics.rank]/3.2.5).
        if self.rank == Rank::Conversion && self.void_ptr && o.void_ptr {
            return self.quals_added < o.quals_added;
        }
        false
    }
}

/// C++ qualification conversion between pointees (`from` -> `to`, the types pointed to by a
/// pointer). `const_above`: every level above has `const` in the target.
fn qual_convertible(from: &Ty, to: &Ty, const_above: bool) -> Option<u32> {
    let (fq, tq) = (cv(from.quals), cv(to.quals));
    if !tq.contains(fq) {
        return None;
    }
    if tq != fq && !const_above {
        return None;
    }
    let added = (tq.0 & !fq.0).count_ones();
    match (&from.kind, &to.kind) {
        (TyKind::Pointer(f), TyKind::Pointer(t)) => {
            Some(added + qual_convertible(f, t, const_above && tq.contains(Quals::CONST))?)
        }
        _ => types::same_unqual(from, to).then_some(added),
    }
}

/// C++17 function pointer conversion ([conv.fctptr]) between pointees: a `noexcept` function
/// type to the same function type without `noexcept` (never the reverse).
pub(crate) fn fn_ptr_convertible(from: &Ty, to: &Ty) -> bool {
    match (&from.kind, &to.kind) {
        (TyKind::Function(f), TyKind::Function(t)) if f.noexcept && !t.noexcept => {
            let plain = crate::ty::FnSig {
                noexcept: false,
                ..(**f).clone()
            };
            types::same_unqual(&Ty::new(TyKind::Function(Box::new(plain))), &to.unqualified())
        }
        _ => false,
    }
}

/// Whether an lvalue of type `t` binds directly to a reference to `referent` (same type up
/// to added cv-qualifiers, of the elements for arrays).
pub(crate) fn ref_binds(t: &Ty, referent: &Ty) -> bool {
    match (&t.kind, &referent.kind) {
        (TyKind::Array(a, n), TyKind::Array(b, m)) => n == m && ref_binds(a, b),
        _ => types::same_unqual(t, referent) && cv(referent.quals).contains(cv(t.quals)),
    }
}

fn is_object(t: &Ty) -> bool {
    !matches!(t.kind, TyKind::Function(_))
}

thread_local! {
    /// How many [`Checker::ctor_template_ics`] tries are running in this thread, in any
    /// checker (a constructor template's constraints are checked by checkers of their own).
    static CTOR_TEMPLATE_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// One running [`Checker::ctor_template_ics`] try: at most two nest (a constructor template
/// constrained by a trait of its own class, `enable_if_t<is_convertible_v<U, T>>`, asks
/// again); the count is restored when the try ends, also by unwinding.
struct CtorTemplateTry;

impl CtorTemplateTry {
    fn enter() -> Option<CtorTemplateTry> {
        let depth = CTOR_TEMPLATE_DEPTH.get();
        (depth < 2).then(|| {
            CTOR_TEMPLATE_DEPTH.set(depth + 1);
            CtorTemplateTry
        })
    }
}

impl Drop for CtorTemplateTry {
    fn drop(&mut self) {
        CTOR_TEMPLATE_DEPTH.set(CTOR_TEMPLATE_DEPTH.get() - 1);
    }
}

impl<'a> Checker<'a> {
    /// The implicit conversion sequence from an rvalue of type `from` to `to`: a standard one,
    /// else one user-defined conversion.
    fn ics(&self, from: &Ty, null_const: bool, to: &Ty) -> Option<Ics> {
        if let Some(c) = self.std_ics(from, null_const, to) {
            return Some(c);
        }
        let (ctors, convs) = self.user_conversions(from, to);
        (!ctors.is_empty() || !convs.is_empty()).then(|| Ics::new(Rank::User))
    }

    /// Candidates for a user-defined conversion from `from` to `to` ([over.match.copy]): the
    /// non-explicit constructors of `to` callable with one argument of type `from` (by a
    /// standard conversion), and the non-explicit conversion functions of `from` whose result
    /// converts to `to` by a standard conversion (with its conversion sequence).
    fn user_conversions(&self, from: &Ty, to: &Ty) -> (Vec<FnId>, Vec<(FnId, Ics)>) {
        let mut ctors = Vec::new();
        let mut convs = Vec::new();
        if from.is_error() || to.is_error() {
            return (ctors, convs);
        }
        if let TyKind::Record(rid) = to.kind {
            if super::cxx::record_of(from) != Some(rid) && self.base_path(from, to).is_none() {
                for f in self.constructors(rid) {
                    let d = self.dm.function(f);
                    if d.method.as_ref().is_some_and(|m| m.explicit) || d.sig.params.len() < 2 || d.min_args() > 2 {
                        continue;
                    }
                    let p = &d.sig.params[1];
                    let ok = match &p.kind {
                        TyKind::Reference(r) => {
                            (r.is_const() && self.std_ics(from, false, &r.unqualified()).is_some())
                                || (types::same_unqual(from, r) && cv(r.quals).contains(cv(from.quals)))
                        }
                        _ => self.std_ics(from, false, &p.unqualified()).is_some(),
                    };
                    if ok {
                        ctors.push(f);
                    }
                }
            }
        }
        if let TyKind::Record(rid) = from.kind {
            for f in self.conversion_functions(rid) {
                let d = self.dm.function(f);
                let Some(m) = d.method.as_ref() else { continue };
                if m.explicit || (from.is_const() && !m.is_const) {
                    continue;
                }
                let r = match &d.sig.ret.kind {
                    TyKind::Reference(r) => (**r).clone(),
                    _ => d.sig.ret.clone(),
                };
                let r = match &r.kind {
                    TyKind::Array(e, _) => Ty::ptr((**e).clone()),
                    _ => r.unqualified(),
                };
                if let Some(c) = self.std_ics(&r, false, to) {
                    convs.push((f, c));
                }
            }
        }
        (ctors, convs)
    }

    /// A user-defined conversion of argument `raw` to class `to` by one of `to`'s converting
    /// constructor templates (`complex(const complex<X>&)`, [over.match.copy]): a non-explicit
    /// one that deduces from the argument and whose signature substitutes. Its instance is
    /// made when the call converts the argument ([`Self::user_convert`]).
    fn ctor_template_ics(&mut self, raw: TExprId, to: &Ty) -> Option<Ics> {
        let rid = super::cxx::record_of(to)?;
        let from = self.ty(raw).clone();
        if from.is_error() || super::cxx::record_of(&from) == Some(rid) || self.base_path(&from, to).is_some() {
            return None;
        }
        let templates = self.ctor_templates(rid);
        if templates.is_empty() || self.user_converting > 0 {
            return None;
        }
        let _try = CtorTemplateTry::enter()?;
        let found = templates.into_iter().any(|t| {
            !self.dm.templates[t as usize].decl.attrs.explicit
                && self.template_arity_fits(t, 1)
                && self
                    .deduce(t, &[], &[raw])
                    .is_ok_and(|a| self.substitution(t, &a).is_ok())
        });
        found.then(|| Ics::new(Rank::User))
    }

    /// The conversion functions (`operator T()`) of record `rid` and its bases.
    pub(crate) fn conversion_functions(&self, rid: crate::ty::RecordId) -> Vec<FnId> {
        let mut out = Vec::new();
        let mut stack = vec![rid];
        let mut seen = Vec::new();
        while let Some(r) = stack.pop() {
            if seen.contains(&r) || seen.len() > 64 {
                continue;
            }
            seen.push(r);
            for (i, d) in self.dm.functions.iter().enumerate() {
                if d.method.as_ref().is_some_and(|m| m.record == r && m.has_this())
                    && crate::lower::is_conversion_name(&d.name)
                    && d.sig.params.len() == 1
                {
                    let f = FnId(i as u32);
                    // A derived class's conversion to the same type hides its base's.
                    if !out
                        .iter()
                        .any(|&g: &FnId| types::same_unqual(&self.dm.function(g).sig.ret, &d.sig.ret))
                    {
                        out.push(f);
                    }
                }
            }
            stack.extend(self.dm.record(r).bases.iter().map(|b| b.record));
        }
        out
    }

    /// Applies a user-defined conversion of rvalue `v` to `to` (see [`Self::user_conversions`]);
    /// `None` when there is none, an error expression when it is ambiguous.
    pub(crate) fn user_convert(&mut self, v: TExprId, to: &Ty, at: ExprId) -> Option<TExprId> {
        let from = self.ty(v).clone();
        let (mut ctors, mut convs) = self.user_conversions(&from, to);
        if ctors.is_empty() && convs.is_empty() {
            // A converting constructor template (`duration(const duration<R2, P2>&)`): its
            // instance for this argument, deduced (and requested when not declared yet).
            let rid = super::cxx::record_of(to)?;
            let templates = self.ctor_templates(rid);
            if templates.is_empty() || super::cxx::record_of(&from) == Some(rid) || self.base_path(&from, to).is_some()
            {
                return None;
            }
            let name = SmolStr::new(self.show(&Ty::new(TyKind::Record(rid))));
            let Some(found) = self.template_candidates(at, &name, &templates, &[v]) else {
                return Some(self.err_expr());
            };
            ctors = found
                .into_iter()
                .filter(|&f| {
                    let d = self.dm.function(f);
                    !d.method.as_ref().is_some_and(|m| m.explicit) && d.sig.params.len() >= 2 && d.min_args() <= 2
                })
                .collect();
            if ctors.is_empty() {
                return None;
            }
        }
        // The best second standard conversion among conversion functions.
        let best = convs.iter().position(|(_, c)| convs.iter().all(|(_, o)| !o.better(c)));
        let ambiguous = (!ctors.is_empty() && !convs.is_empty())
            || best.is_some_and(|b| {
                convs
                    .iter()
                    .enumerate()
                    .any(|(i, (_, o))| i != b && !convs[b].1.better(o))
            });
        if ambiguous {
            let msg = format!(
                "more than one user-defined conversion from \"{}\" to \"{}\" applies",
                self.show(&from),
                self.show(&to.unqualified())
            );
            self.error_e(at, "ambiguous-conversion", msg);
            return Some(self.err_expr());
        }
        if !ctors.is_empty() {
            let rid = super::cxx::record_of(to)?;
            let t = Ty::new(TyKind::Record(rid));
            let tmp = self.add_local(SmolStr::new("$conv.tmp"), t.clone(), crate::thir::LocalStorage::Auto);
            let tl = self.mk(t.clone(), crate::thir::ValueCategory::LValue, ExprKind::Local(tmp));
            let addr = self.rvalue_of(Ty::ptr(t.clone()), ExprKind::AddrOf(tl));
            let name = SmolStr::new(self.show(&t));
            // The constructor's own argument takes no second user-defined conversion
            // ([over.best.ics]/4).
            self.user_converting += 1;
            let call = self.call_resolved(at, &name, &ctors, vec![addr, v], &[at, at]);
            self.user_converting -= 1;
            if self.ty(call).is_error() {
                return Some(call);
            }
            let tl2 = self.mk(t.clone(), crate::thir::ValueCategory::LValue, ExprKind::Local(tmp));
            let load = self.cast(CastKind::Load, tl2, t.clone());
            return Some(self.rvalue_of(t, ExprKind::Comma(call, load)));
        }
        let (f, _) = convs.swap_remove(best?);
        let obj = self.object_address(v);
        let name = self.dm.function(f).name.clone();
        let call = self.call_resolved(at, &name, &[f], vec![obj], &[at]);
        if self.ty(call).is_error() {
            return Some(call);
        }
        let r = self.rv(call);
        let r = if let TyKind::Array(..) = self.ty(r).kind { r } else { r };
        Some(self.try_implicit(r, to).unwrap_or_else(|| self.err_expr()))
    }

    /// The standard conversion sequence from an rvalue of type `from` to `to`.
    /// Whether an rvalue of type `from` converts to `to` by a standard conversion sequence.
    pub(crate) fn std_converts(&self, from: &Ty, null_const: bool, to: &Ty) -> bool {
        self.std_ics(from, null_const, to).is_some()
    }

    fn std_ics(&self, from: &Ty, null_const: bool, to: &Ty) -> Option<Ics> {
        if from.is_error() || to.is_error() {
            return Some(Ics::new(Rank::Exact));
        }
        if types::same_unqual(from, to) {
            return Some(Ics {
                identity: true,
                ..Ics::new(Rank::Exact)
            });
        }
        match (&from.kind, &to.kind) {
            (TyKind::Int(_) | TyKind::Float(_), TyKind::Int(IntKind::Bool)) => Some(Ics::new(Rank::Conversion)),
            (TyKind::Pointer(_) | TyKind::Nullptr, TyKind::Int(IntKind::Bool)) => Some(Ics {
                ptr_to_bool: true,
                ..Ics::new(Rank::Conversion)
            }),
            (TyKind::Int(f), TyKind::Int(_)) => {
                if f.rank() < IntKind::Int.rank() && promote(from) == to.unqualified() {
                    Some(Ics::new(Rank::Promotion))
                } else {
                    Some(Ics::new(Rank::Conversion))
                }
            }
            (TyKind::Float(FloatKind::F32), TyKind::Float(FloatKind::F64)) => Some(Ics::new(Rank::Promotion)),
            (TyKind::Int(_) | TyKind::Float(_), TyKind::Int(_) | TyKind::Float(_)) => Some(Ics::new(Rank::Conversion)),
            (TyKind::Pointer(f), TyKind::Pointer(t)) => {
                if let Some(added) = qual_convertible(f, t, true) {
                    return Some(Ics {
                        quals_added: added,
                        ..Ics::new(Rank::Exact)
                    });
                }
                if fn_ptr_convertible(f, t) {
                    // C++17 function pointer conversion (`void (*)() noexcept` -> `void (*)()`).
                    return Some(Ics::new(Rank::Exact));
                }
                if t.is_void() && is_object(f) && cv(t.quals).contains(cv(f.quals)) {
                    return Some(Ics {
                        void_ptr: true,
                        quals_added: (cv(t.quals).0 & !cv(f.quals).0).count_ones(),
                        ..Ics::new(Rank::Conversion)
                    });
                }
                if cv(t.quals).contains(cv(f.quals)) {
                    if let Some(path) = self.base_path(f, t) {
                        return Some(Ics {
                            base_depth: path.len() as u32,
                            quals_added: (cv(t.quals).0 & !cv(f.quals).0).count_ones(),
                            ..Ics::new(Rank::Conversion)
                        });
                    }
                }
                None
            }
            (TyKind::Record(_), TyKind::Record(_)) => {
                let path = self.base_path(from, to)?;
                Some(Ics {
                    base_depth: path.len() as u32,
                    ..Ics::new(Rank::Conversion)
                })
            }
            (_, TyKind::Pointer(_)) if null_const => Some(Ics::new(Rank::Conversion)),
            _ => None,
        }
    }

    /// The conversion sequence binding a reference to `referent` to the (unconverted) argument
    /// `raw` ([over.ics.ref]): identity for an lvalue of the same type (more cv-qualification
    /// added ranks worse), through a temporary for `const T&`, none otherwise.
    fn ref_ics(&self, raw: TExprId, referent: &Ty, rvalue_ref: bool) -> Option<Ics> {
        let x = self.out.expr(raw);
        let (t, lvalue) = (x.ty.clone(), x.category == crate::thir::ValueCategory::LValue);
        if t.is_error() {
            return Some(Ics::new(Rank::Exact));
        }
        let xvalue = self.is_xvalue(raw);
        if rvalue_ref {
            if lvalue && !xvalue {
                return None;
            }
            if types::same_unqual(&t, referent) && cv(referent.quals).contains(cv(t.quals)) {
                return Some(Ics {
                    identity: true,
                    rvalue_bind: true,
                    ..Ics::new(Rank::Exact)
                });
            }
            if lvalue {
                let path = self.base_path(&t, referent)?;
                return Some(Ics {
                    base_depth: path.len() as u32,
                    rvalue_bind: true,
                    ..Ics::new(Rank::Conversion)
                });
            }
            let v_ty = t.unqualified();
            return self
                .ics(&v_ty, self.is_null_const(raw), &referent.unqualified())
                .map(|c| Ics { rvalue_bind: true, ..c });
        }
        let lvalue = lvalue && !xvalue;
        if lvalue && ref_binds(&t, referent) {
            let added = (cv(referent.quals).0 & !cv(t.quals).0).count_ones();
            return Some(Ics {
                identity: true,
                quals_added: added,
                ..Ics::new(Rank::Exact)
            });
        }
        if lvalue && cv(referent.quals).contains(cv(t.quals)) {
            if let Some(path) = self.base_path(&t, referent) {
                return Some(Ics {
                    base_depth: path.len() as u32,
                    quals_added: (cv(referent.quals).0 & !cv(t.quals).0).count_ones(),
                    ..Ics::new(Rank::Conversion)
                });
            }
        }
        if referent.is_const() && !referent.quals.contains(Quals::VOLATILE) {
            let v_ty = match &t.kind {
                TyKind::Array(e, _) => Ty::ptr((**e).clone()),
                _ => t.unqualified(),
            };
            return self.ics(&v_ty, self.is_null_const(raw), &referent.unqualified());
        }
        None
    }

    /// Applies an implicit conversion of rvalue `v` to `to`; `None` when there is none.
    pub(crate) fn try_implicit(&mut self, v: TExprId, to: &Ty) -> Option<TExprId> {
        let from = self.ty(v).clone();
        let to = to.unqualified();
        if from.is_error() || to.is_error() || types::same_unqual(&from, &to) {
            return Some(v);
        }
        let null = self.is_null_const(v);
        self.std_ics(&from, null, &to)?;
        Some(match (&from.kind, &to.kind) {
            (_, TyKind::Int(IntKind::Bool)) => self.cast(CastKind::ToBool, v, to),
            (TyKind::Int(_) | TyKind::Float(_), _) if to.is_arithmetic() => self.arith_conv(v, &to),
            (TyKind::Pointer(f), TyKind::Pointer(t)) => match self.base_path(f, t) {
                Some(path) => {
                    self.check_base_conversion(&path);
                    self.upcast_pointer(v, &path, to)
                }
                None => self.cast(CastKind::PtrToPtr, v, to),
            },
            (_, TyKind::Pointer(_)) => self.cast(CastKind::NullToPtr, v, to),
            (TyKind::Record(_), TyKind::Record(_)) => {
                let path = self.base_path(&from, &to)?;
                self.check_base_conversion(&path);
                let b = self.base_subobject(v, &path);
                self.rv(b)
            }
            _ => return None,
        })
    }

    /// Implicitly converts rvalue `v` to `to`, reporting failure with nvcc's wording for `ctx`.
    pub(crate) fn convert(&mut self, v: TExprId, to: &Ty, ctx: ConvCtx, at: ExprId) -> TExprId {
        if ctx == ConvCtx::Init {
            // Initializing an object from another one (not a temporary) copies it: refused
            // when the copy would have to call a user-provided copy constructor.
            if let (&ExprKind::Cast(CastKind::Load, lv), &TyKind::Record(r)) =
                (&self.out.expr(v).kind, &self.ty(v).kind)
            {
                if self.nontrivial_copy(r, 0) && !self.user_copy_ctor(r) && super::cxx::record_of(to) == Some(r) {
                    // The implicit copy constructor calls its members' or bases' own.
                    if let Some(c) = self.implicit_copy(lv, r, at) {
                        return c;
                    }
                }
                if self.nontrivial_copy(r, 0) {
                    let msg = format!("unsupported: copying an object of class \"{}\" here would call a user-provided copy constructor", self.show(&Ty::new(TyKind::Record(r))));
                    self.error_e(at, "unsupported", msg);
                    return self.err_expr();
                }
            }
        }
        if let Some(c) = self.try_implicit(v, to) {
            return c;
        }
        if let Some(c) = self.user_convert(v, to, at) {
            return c;
        }
        let from = self.ty(v).clone();
        let to = to.unqualified();
        let (fs, ts) = (self.show(&from), self.show(&to));
        if ctx == ConvCtx::Assign && matches!(to.kind, TyKind::Record(_)) {
            // Class assignment is a call of the implicit `operator=` (nvcc's wording).
            let note = format!("operand types are: {ts} = {fs}");
            self.diag(
                DiagAt::Expr(at),
                Severity::Error,
                "no-matching-operator",
                "no operator \"=\" matches these operands".to_string(),
                vec![note],
            );
            return self.err_expr();
        }
        let msg = if matches!(to.kind, TyKind::Record(_)) {
            format!("no suitable constructor exists to convert from \"{fs}\" to \"{ts}\"")
        } else if matches!(from.kind, TyKind::Record(_)) {
            format!("no suitable conversion function from \"{fs}\" to \"{ts}\" exists")
        } else {
            match ctx {
                ConvCtx::Init => {
                    format!("a value of type \"{fs}\" cannot be used to initialize an entity of type \"{ts}\"")
                }
                ConvCtx::Assign => format!("a value of type \"{fs}\" cannot be assigned to an entity of type \"{ts}\""),
                ConvCtx::Arg => format!("argument of type \"{fs}\" is incompatible with parameter of type \"{ts}\""),
                ConvCtx::Return => "return value type does not match the function type".to_string(),
            }
        };
        self.error_e(at, "type-mismatch", msg);
        self.err_expr()
    }

    /// Binds a reference to `referent` to the checked expression `lv`: the address of the lvalue,
    /// or for a `const` referent and an rvalue (or an lvalue of another type), the address of a
    /// temporary holding the converted value. Returns an rvalue `Pointer(referent)`.
    pub(crate) fn bind_reference_to(&mut self, referent: &Ty, lv: TExprId, e: ExprId, ctx: ConvCtx) -> TExprId {
        self.bind_reference_k(referent, lv, e, ctx, false)
    }

    /// Binds a reference of type `ref_ty` (`T&` or `T&&`) to the checked expression `lv`.
    pub(crate) fn bind_ref(&mut self, ref_ty: &Ty, lv: TExprId, e: ExprId, ctx: ConvCtx) -> TExprId {
        let rvalue = ref_ty.quals.contains(Quals::RVALUE);
        let referent = match &ref_ty.kind {
            TyKind::Reference(r) => (**r).clone(),
            _ => ref_ty.clone(),
        };
        self.bind_reference_k(&referent, lv, e, ctx, rvalue)
    }

    /// Whether `e` is an xvalue: an lvalue in THIR that C++ treats as an rvalue (a call returning
    /// `T&&`, `static_cast<T&&>(x)`), to which an rvalue reference binds directly.
    pub(crate) fn is_xvalue(&self, e: TExprId) -> bool {
        self.xvalues.contains(&e)
    }

    fn bind_reference_k(&mut self, referent: &Ty, lv: TExprId, e: ExprId, ctx: ConvCtx, rvalue: bool) -> TExprId {
        let (lt, cat) = {
            let x = self.out.expr(lv);
            (x.ty.clone(), x.category)
        };
        if lt.is_error() || referent.is_error() {
            return self.err_expr();
        }
        if rvalue {
            // `T&&`: binds an rvalue (through a temporary) or an xvalue, never an lvalue.
            if cat == crate::thir::ValueCategory::LValue && !self.is_xvalue(lv) {
                self.error_e(e, "type-mismatch", "an rvalue reference cannot be bound to an lvalue");
                return self.err_expr();
            }
            let pty = Ty::ptr(referent.clone());
            if cat == crate::thir::ValueCategory::LValue {
                if types::same_unqual(&lt, referent) && cv(referent.quals).contains(cv(lt.quals)) {
                    return self.rvalue_of(pty, ExprKind::AddrOf(lv));
                }
                if let Some(path) = self.base_path(&lt, referent) {
                    self.check_base_conversion(&path);
                    let b = self.base_subobject(lv, &path);
                    return self.rvalue_of(pty, ExprKind::AddrOf(b));
                }
            }
            let v = self.rv(lv);
            let c = self.convert(v, &referent.unqualified(), ctx, e);
            if self.ty(c).is_error() {
                return c;
            }
            return self.materialize(referent, c);
        }
        let pty = Ty::ptr(referent.clone());
        let bit_field = self.bit_field_lvalue(lv).is_some();
        let const_ref = referent.is_const() && !referent.quals.contains(Quals::VOLATILE);
        if bit_field {
            // A reference binds to a copy of a bit-field's value, and only a `const` one can.
            if !const_ref || ctx == ConvCtx::Return {
                self.error_e(
                    e,
                    "bit-field-address",
                    "taking the address of a bit field is not allowed",
                );
                return self.err_expr();
            }
            let v = self.rv(lv);
            let c = self.convert(v, &referent.unqualified(), ctx, e);
            if self.ty(c).is_error() {
                return c;
            }
            return self.materialize(referent, c);
        }
        // An xvalue binds directly only to a `const T&` (never to a non-const lvalue reference).
        let glvalue = cat == crate::thir::ValueCategory::LValue && (const_ref || !self.is_xvalue(lv));
        let fits = glvalue && ref_binds(&lt, referent);
        if fits {
            return self.rvalue_of(pty, ExprKind::AddrOf(lv));
        }
        if glvalue && cv(referent.quals).contains(cv(lt.quals)) {
            if let Some(path) = self.base_path(&lt, referent) {
                self.check_base_conversion(&path);
                let b = self.base_subobject(lv, &path);
                return self.rvalue_of(pty, ExprKind::AddrOf(b));
            }
        }
        if !const_ref || ctx == ConvCtx::Return {
            let msg = if cat == crate::thir::ValueCategory::LValue && !types::same_unqual(&lt, referent) {
                format!(
                    "a reference of type \"{} &\" (not const-qualified) cannot be initialized with a value of type \"{}\"",
                    self.show(referent),
                    self.show(&lt)
                )
            } else {
                "initial value of reference to non-const must be an lvalue".to_string()
            };
            self.error_e(e, "type-mismatch", msg);
            return self.err_expr();
        }
        // `const T&` bound to a temporary.
        let v = self.rv(lv);
        let c = self.convert(v, &referent.unqualified(), ctx, e);
        if self.ty(c).is_error() {
            return c;
        }
        self.materialize(referent, c)
    }

    /// The address of a temporary holding rvalue `c` (of `referent`'s unqualified type).
    pub(crate) fn materialize(&mut self, referent: &Ty, c: TExprId) -> TExprId {
        let pty = Ty::ptr(referent.clone());
        let tmp = self.add_local(
            SmolStr::new("$ref.tmp"),
            referent.unqualified(),
            crate::thir::LocalStorage::Auto,
        );
        let tl = self.mk(
            referent.unqualified(),
            crate::thir::ValueCategory::LValue,
            ExprKind::Local(tmp),
        );
        let asg = self.mk(
            referent.unqualified(),
            crate::thir::ValueCategory::LValue,
            ExprKind::Assign { lhs: tl, rhs: c },
        );
        let tl2 = self.mk(
            referent.unqualified(),
            crate::thir::ValueCategory::LValue,
            ExprKind::Local(tmp),
        );
        let addr = self.rvalue_of(pty.clone(), ExprKind::AddrOf(tl2));
        self.rvalue_of(pty, ExprKind::Comma(asg, addr))
    }

    /// Default argument promotions for arguments matched by `...`.
    fn default_promote(&mut self, v: TExprId) -> TExprId {
        let t = self.ty(v).clone();
        match t.kind {
            TyKind::Float(FloatKind::F32) => self.arith_conv(v, &Ty::float(FloatKind::F64)),
            TyKind::Int(_) => self.promote_value(v),
            TyKind::Nullptr => self.cast(CastKind::NullToPtr, v, Ty::ptr(Ty::void())),
            _ => v,
        }
    }

    fn arg_types_note(&self, args: &[TExprId]) -> String {
        let v: Vec<String> = args.iter().map(|a| self.show(self.ty(*a))).collect();
        format!("argument types are: ({})", v.join(", "))
    }

    pub(crate) fn call(&mut self, id: ExprId, callee: ExprId, args: &[ExprId]) -> TExprId {
        let expanded;
        let args: &[ExprId] = if args
            .iter()
            .any(|a| matches!(self.exprs.get(a.0 as usize), Some(Expr::PackExpansion(_))))
        {
            expanded = self.expand_args(args);
            &expanded
        } else {
            args
        };
        if let Some(Expr::Member { base, field, arrow }) = self.exprs.get(callee.0 as usize) {
            let (base, field, arrow) = (*base, field.clone(), *arrow);
            if let Some(class) = field.strip_prefix('~') {
                return self.explicit_dtor_call(id, base, class, arrow, args);
            }
            if let Some(r) = self.member_call(id, base, &field, arrow, args, &[]) {
                return r;
            }
        }
        let exprs: &'a [Expr] = self.exprs;
        if let Some(Expr::MemberTemplate {
            base,
            field,
            arrow,
            args: explicit,
        }) = exprs.get(callee.0 as usize)
        {
            return match self.member_call(id, *base, field, *arrow, args, explicit) {
                Some(r) => r,
                None => {
                    let b = self.expr(*base);
                    let bt = self.ty(b).clone();
                    if !bt.is_error() {
                        let shown = if *arrow {
                            bt.pointee().map(|p| self.show(p)).unwrap_or_else(|| self.show(&bt))
                        } else {
                            self.show(&bt)
                        };
                        self.error_e(
                            callee,
                            "no-member",
                            format!("class \"{shown}\" has no member \"{field}\""),
                        );
                    }
                    for a in args {
                        self.value(*a);
                    }
                    self.err_expr()
                }
            };
        }
        if let Some(Expr::Name(n)) = self.exprs.get(callee.0 as usize) {
            if self.lookup_local(n).is_none() && self.func.as_ref().is_some_and(|f| f.record.is_some()) {
                // A member (or a lambda's capture) of class type: `op(args)`.
                if let Some(m) = self.implicit_member(n) {
                    if let Some(rid) = super::cxx::record_of(self.ty(m)) {
                        return self.call_operator(id, rid, m, callee, args);
                    }
                }
            }
            if self.lookup_local(n).is_some() {
                // A functor object: `f(args)` calls `operator()`.
                let c0 = self.expr(callee);
                self.cache.insert(callee, c0);
                if let Some(rid) = super::cxx::record_of(self.ty(c0)) {
                    return self.call_operator(id, rid, c0, callee, args);
                }
            }
        }
        if let Some(Expr::ScopedName { scope, member }) = self.exprs.get(callee.0 as usize) {
            let (scope, member) = (*scope, member.clone());
            return self.scoped_call(id, scope, &member, args);
        }
        if let Some(Expr::ScopedTemplateId {
            scope,
            member,
            args: targs,
        }) = self.exprs.get(callee.0 as usize)
        {
            let (scope, member) = (*scope, member.clone());
            return self.scoped_template_call(id, scope, &member, targs, args);
        }
        if let Some(Expr::TemplateId { name, args: targs }) = self.exprs.get(callee.0 as usize) {
            // `declval<T>()` calling a variable template of function-pointer type goes on to
            // the indirect call below.
            let var = self.lookup_local(name).is_none()
                && self
                    .name_candidates(name)
                    .iter()
                    .any(|q| self.dm.var_templates.contains_key(q));
            if !var {
                let name = name.clone();
                return self.template_id_call(id, &name, targs, args);
            }
        }
        if let (Some(Expr::Name(n)), [operand]) = (self.exprs.get(callee.0 as usize), args) {
            // GCC's `__builtin_addressof(x)` (libcu++'s `addressof`): the built-in `&x`.
            if n == "__builtin_addressof" && self.lookup_local(n).is_none() && self.visible_values(n).is_none() {
                return self.builtin_addr_of(*operand);
            }
        }
        if let Some(Expr::Name(n)) = self.exprs.get(callee.0 as usize) {
            if self.lookup_local(n).is_none() && !super::names::BUILTIN_VARS.contains(&n.as_str()) {
                // Ordinary lookup, then argument-dependent lookup ([basic.lookup.argdep]) unless
                // ordinary lookup found a class member or something other than functions.
                let ordinary = self.visible_values(n);
                let merged: Vec<ValueDef>;
                let found = if !n.contains("::") && !args.is_empty() && self.adl_applies(ordinary) {
                    let n = n.clone();
                    let tys = self.adl_arg_types(args);
                    let extra = self.adl_defs(&n, &tys);
                    if extra.iter().any(|d| !ordinary.is_some_and(|o| o.contains(d))) {
                        let mut all: Vec<ValueDef> = ordinary.cloned().unwrap_or_default();
                        for d in extra {
                            if !all.contains(&d) {
                                all.push(d);
                            }
                        }
                        merged = all;
                        Some(&merged)
                    } else {
                        ordinary
                    }
                } else {
                    ordinary
                };
                if let Some(defs) = found {
                    let templates: Vec<u32> = defs
                        .iter()
                        .filter_map(|d| if let ValueDef::Template(t) = d { Some(*t) } else { None })
                        .collect();
                    if !templates.is_empty() {
                        let fns: Vec<FnId> = defs
                            .iter()
                            .filter_map(|d| if let ValueDef::Function(f) = d { Some(*f) } else { None })
                            .collect();
                        let n = n.clone();
                        // Inside a member function, an unqualified call of the class's
                        // non-static member functions and member templates passes `this`.
                        let dm = self.dm;
                        let members = fns.iter().all(|&f| dm.function(f).has_this())
                            && templates.iter().all(|&t| {
                                let tm = &dm.templates[t as usize];
                                tm.decl.method.as_ref().is_some_and(|m| {
                                    !m.is_static && m.kind != crate::item_tree::MethodKind::Constructor
                                })
                            });
                        if members {
                            if let Some(this) = self.this_value() {
                                return self.call_with_templates(
                                    id,
                                    &n,
                                    fns,
                                    &templates,
                                    &[],
                                    args,
                                    Some((this, callee)),
                                );
                            }
                        }
                        return self.call_with_templates(id, &n, fns, &templates, &[], args, None);
                    }
                }
                match found {
                    None if n.contains("::") && self.template_param_value(n).is_none() => {
                        // `Outer::In(args)`, `geo::real(x)`: a functional cast the parser took
                        // for a call (qualified type names are not known to it).
                        let n = n.clone();
                        if let Some((t, _)) =
                            super::types::TypeEnv::typedef(&mut super::checker::BodyTypeEnv { ck: self }, &n)
                        {
                            return self.construct_ty(id, t, args, false, None);
                        }
                        if let Some(class) = self.ctad_class(&n) {
                            return self.ctad_functional_cast(id, &class, args);
                        }
                        self.undefined(callee, &n);
                        for a in args {
                            self.value(*a);
                        }
                        return self.err_expr();
                    }
                    // A non-type template parameter (`F(x)` with `template <int (*F)(int)>`,
                    // also an element of a pack `F(x)...`): called through its value below.
                    None if self.value_param_arg(n).is_some() => {}
                    None => {
                        let n = n.clone();
                        if let Some(class) = self.ctad_class(&n) {
                            return self.ctad_functional_cast(id, &class, args);
                        }
                        self.undefined(callee, &n);
                        for a in args {
                            self.value(*a);
                        }
                        return self.err_expr();
                    }
                    Some(defs) => {
                        let fns: Vec<FnId> = defs
                            .iter()
                            .filter_map(|d| if let ValueDef::Function(f) = d { Some(*f) } else { None })
                            .collect();
                        if !fns.is_empty() {
                            let n = n.clone();
                            return self.direct_call(id, &n, &fns, args);
                        }
                    }
                }
            }
        }
        // An object of class type that no name lookup above handled (a temporary
        // `plus<>{}(a, b)`, `T(args)(more)`, `(*p)(a)`, `f()(a)`): its `operator()`.
        let c0 = self.expr(callee);
        self.cache.insert(callee, c0);
        if let Some(rid) = super::cxx::record_of(self.ty(c0)) {
            return self.call_operator(id, rid, c0, callee, args);
        }
        let c = self.value(callee);
        let ct = self.ty(c).clone();
        if ct.is_error() {
            for a in args {
                self.value(*a);
            }
            return self.err_expr();
        }
        if let ExprKind::Cast(CastKind::FnToPtr, inner) = self.out.expr(c).kind {
            if let ExprKind::Function(f) = self.out.expr(inner).kind {
                let name = self.dm.function(f).name.clone();
                return self.direct_call(id, &name, &[f], args);
            }
        }
        let sig = match ct.pointee().map(|p| &p.kind) {
            Some(TyKind::Function(sig)) => (**sig).clone(),
            _ => {
                let msg = "expression preceding parentheses of apparent call must have (pointer-to-) function type";
                self.error_e(callee, "type-mismatch", msg);
                for a in args {
                    self.value(*a);
                }
                return self.err_expr();
            }
        };
        // Reference parameters bind to the arguments as written (lvalues stay lvalues).
        let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
        let argv: Vec<TExprId> = raw.iter().map(|e| self.rv(*e)).collect();
        let Some(mut conv) = self.convert_args(id, &sig.params, &[], sig.variadic, &argv, &raw, args) else {
            return self.err_expr();
        };
        if !self.by_value_args(id, &sig.params, 0, &mut conv, args) {
            return self.err_expr();
        }
        if let TyKind::Reference(r) = &sig.ret.kind {
            // As for a direct call: the referent's address, dereferenced (an xvalue for `T&&`).
            let r = (**r).clone();
            let call = self.rvalue_of(Ty::ptr(r.clone()), ExprKind::CallIndirect { callee: c, args: conv });
            let d = self.mk(r, crate::thir::ValueCategory::LValue, ExprKind::Deref(call));
            if sig.ret.quals.contains(Quals::RVALUE) {
                self.xvalues.insert(d);
            }
            return d;
        }
        self.rvalue_of(sig.ret.unqualified(), ExprKind::CallIndirect { callee: c, args: conv })
    }

    /// `obj(args)` for an object of class type: its `operator()`.
    fn call_operator(
        &mut self,
        id: ExprId,
        rid: crate::ty::RecordId,
        obj: TExprId,
        obj_id: ExprId,
        args: &[ExprId],
    ) -> TExprId {
        if let Some(r) = self.generic_lambda_call(id, rid, obj, obj_id, args) {
            return r;
        }
        let fns: Vec<FnId> = self
            .methods(rid, "operator()")
            .into_iter()
            .filter(|&f| self.dm.function(f).has_this())
            .collect();
        let templates = self.member_templates(rid, "operator()");
        if !templates.is_empty() {
            let addr = self.object_address(obj);
            return self.call_with_templates(
                id,
                &SmolStr::new("operator()"),
                fns,
                &templates,
                &[],
                args,
                Some((addr, obj_id)),
            );
        }
        if fns.is_empty() {
            let msg = "expression preceding parentheses of apparent call must have (pointer-to-) function type";
            self.error_e(obj_id, "type-mismatch", msg);
            return self.err_expr();
        }
        let mut raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
        let addr = self.object_address(obj);
        raw.insert(0, addr);
        let mut ids = args.to_vec();
        ids.insert(0, obj_id);
        self.call_resolved(id, &SmolStr::new("operator()"), &fns, raw, &ids)
    }

    /// Whether overload resolution would find a viable candidate (no diagnostics).
    pub(crate) fn viable_exists(&mut self, fns: &[FnId], argv: &[TExprId], raw: &[TExprId]) -> bool {
        !self.viable(fns, argv, raw).is_empty()
    }

    /// Whether the implicit copy (or move) constructor of class `rid` beats every viable
    /// constructor in `ctors` for the one argument `raw[1]` (of class `rid` or derived from
    /// it; `raw[0]` is the object's address): `H(a)` with `a` a `const H&` copies even when
    /// `H` converts to `float` and has `H(float)` ([over.ics.rank]: the reference binding is a
    /// standard conversion sequence, `H(float)` needs a user-defined one). A candidate as good
    /// wins if it is not a template instance; one as good that is ties.
    pub(crate) fn implicit_copy_wins(&mut self, rid: crate::ty::RecordId, ctors: &[FnId], raw: &[TExprId]) -> bool {
        let [_, arg] = raw else { return false };
        let x = self.out.expr(*arg);
        let rvalue = x.category != crate::thir::ValueCategory::LValue || self.is_xvalue(*arg);
        let class = Ty::new(TyKind::Record(rid));
        let implicit = if rvalue {
            self.ref_ics(*arg, &class, true)
        } else {
            self.ref_ics(
                *arg,
                &Ty {
                    quals: Quals::CONST,
                    ..class
                },
                false,
            )
        };
        let Some(implicit) = implicit.map(|c| Ics { reference: true, ..c }) else {
            return false;
        };
        let argv: Vec<TExprId> = raw.iter().map(|a| self.rv(*a)).collect();
        self.viable(ctors, &argv, raw).iter().all(|(f, seq)| {
            let Some(c) = seq.get(1) else { return true };
            implicit.better(c) || (!c.better(&implicit) && self.dm.function(*f).instance.is_some())
        })
    }

    /// For a member function `name` of `m.record` called on an object pointer of type `arg`
    /// whose class brings it in with a using-declaration: the `this` parameter as a pointer to
    /// the object's class.
    fn using_object_param(&self, arg: &Ty, m: &crate::ty::MethodDecl, name: &str, param: &Ty) -> Option<Ty> {
        let naming = arg.pointee().and_then(super::cxx::record_of)?;
        if naming == m.record {
            return None;
        }
        let ctor = m.kind == crate::item_tree::MethodKind::Constructor;
        self.using_declarer(naming, m.record, &simple_name(name), ctor)?;
        let quals = param.pointee()?.quals;
        Some(Ty::ptr(Ty {
            quals,
            ..Ty::new(TyKind::Record(naming))
        }))
    }

    /// Whether the object a member call's object argument (its address, `raw`) designates is
    /// an rvalue: a temporary ([`Self::object_address`] of a prvalue) or an xvalue.
    fn object_is_rvalue(&self, raw: TExprId) -> bool {
        match self.out.expr(raw).kind {
            ExprKind::AddrOf(x) => self.is_xvalue(x),
            ExprKind::Comma(..) => true,
            _ => false,
        }
    }

    fn viable(&mut self, fns: &[FnId], argv: &[TExprId], raw: &[TExprId]) -> Vec<(FnId, Vec<Ics>)> {
        let arg_info: Vec<(Ty, bool)> = argv
            .iter()
            .map(|a| (self.ty(*a).clone(), self.is_null_const(*a)))
            .collect();
        let mut viable: Vec<(FnId, Vec<Ics>)> = Vec::new();
        for &f in fns {
            let decl = self.dm.function(f);
            let sig = &decl.sig;
            if arg_info.len() < decl.min_args() || (arg_info.len() > sig.params.len() && !sig.variadic) {
                continue;
            }
            let mut seq = Vec::new();
            let mut ok = true;
            for (i, (t, null)) in arg_info.iter().enumerate() {
                if i >= sig.params.len() {
                    seq.push(Ics::new(Rank::Ellipsis));
                    continue;
                }
                if let TyKind::Reference(r) = &sig.params[i].kind {
                    let rv = sig.params[i].quals.contains(Quals::RVALUE);
                    let by_template = |ck: &mut Self| {
                        // A temporary from a converting constructor template binds `const T&`
                        // (or `T&&` to a non-lvalue), as one from a constructor does.
                        let lvalue =
                            ck.out.expr(raw[i]).category == crate::thir::ValueCategory::LValue && !ck.is_xvalue(raw[i]);
                        let binds = if rv {
                            !lvalue
                        } else {
                            r.is_const() && !r.quals.contains(Quals::VOLATILE)
                        };
                        if binds {
                            ck.ctor_template_ics(raw[i], &r.unqualified())
                        } else {
                            None
                        }
                    };
                    let c = match self.ref_ics(raw[i], r, rv) {
                        Some(c) => Some(c),
                        None => by_template(self).map(|c| Ics { rvalue_bind: rv, ..c }),
                    };
                    match c {
                        Some(c) => seq.push(Ics { reference: true, ..c }),
                        None => {
                            ok = false;
                            break;
                        }
                    }
                    continue;
                }
                let param = match (i, &decl.method) {
                    // A member a using-declaration brings into the object's class takes that
                    // class as its implicit object parameter ([over.match.funcs]/4).
                    (0, Some(m)) if decl.has_this() => self.using_object_param(t, m, &decl.name, &sig.params[0]),
                    _ => None,
                };
                let param = param.unwrap_or_else(|| sig.params[i].unqualified());
                let c = match self.ics(t, *null, &param) {
                    Some(c) => Some(c),
                    None if i > 0 || !decl.has_this() => self.ctor_template_ics(raw[i], &param),
                    None => None,
                };
                match c {
                    Some(c) => match (i, decl.method.as_ref().and_then(|m| m.ref_qual)) {
                        // A ref-qualified member function's implicit object parameter is a
                        // reference: `&` binds no rvalue object (unless `const`), `&&` no
                        // lvalue object, and between two `&&` binds an rvalue better
                        // ([over.match.funcs]/4, [over.ics.rank]/3.2.3).
                        (0, Some(rvalue_ref)) if decl.has_this() => {
                            let rv_obj = self.object_is_rvalue(raw[0]);
                            let is_const = decl.method.as_ref().is_some_and(|m| m.is_const);
                            if (rvalue_ref && !rv_obj) || (!rvalue_ref && rv_obj && !is_const) {
                                ok = false;
                                break;
                            }
                            seq.push(Ics {
                                reference: true,
                                rvalue_bind: rvalue_ref,
                                ..c
                            });
                        }
                        _ => seq.push(c),
                    },
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                viable.push((f, seq));
            }
        }
        viable
    }

    /// Whether arguments `raw` (values `argv`) convert implicitly to parameters `params` of
    /// a function that is not a member (a function template's signature substituted without
    /// an instance, in an unevaluated operand); `min_args` arguments at least (the rest have
    /// defaults).
    pub(crate) fn params_viable(&mut self, params: &[Ty], min_args: usize, argv: &[TExprId], raw: &[TExprId]) -> bool {
        if argv.len() < min_args || argv.len() > params.len() {
            return false;
        }
        for (i, a) in argv.iter().enumerate() {
            let ok = if let TyKind::Reference(r) = &params[i].kind {
                let rv = params[i].quals.contains(Quals::RVALUE);
                self.ref_ics(raw[i], r, rv).is_some()
            } else {
                let (t, null) = (self.ty(*a).clone(), self.is_null_const(*a));
                self.ics(&t, null, &params[i].unqualified()).is_some()
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Notes naming each candidate of a call that none matches, with why it does not.
    pub(crate) fn candidate_notes(&mut self, fns: &[FnId], argv: &[TExprId], raw: &[TExprId]) -> Vec<String> {
        const MAX: usize = 8;
        let mut notes = Vec::new();
        for &f in fns.iter().take(MAX) {
            let decl = self.dm.function(f).clone();
            let this = usize::from(decl.has_this());
            let shown = {
                let mut d = decl.clone();
                d.sig.params.drain(..this.min(d.sig.params.len()));
                super::display::display_fn_signature(&d, self.dm)
            };
            let (n, lo, hi) = (
                argv.len().saturating_sub(this),
                decl.min_args().saturating_sub(this),
                decl.sig.params.len() - this,
            );
            let why = if n < lo || (n > hi && !decl.sig.variadic) {
                let want = if lo == hi {
                    lo.to_string()
                } else if decl.sig.variadic {
                    format!("at least {lo}")
                } else {
                    format!("{lo} to {hi}")
                };
                format!(
                    "expects {want} argument{}, {n} given",
                    if want == "1" { "" } else { "s" }
                )
            } else {
                let mut why = String::from("the arguments do not convert");
                for i in 0..argv.len().min(decl.sig.params.len()) {
                    let p = &decl.sig.params[i];
                    let ok = match &p.kind {
                        TyKind::Reference(r) => self.ref_ics(raw[i], r, p.quals.contains(Quals::RVALUE)).is_some(),
                        _ => {
                            let (t, null) = (self.ty(argv[i]).clone(), self.is_null_const(argv[i]));
                            self.ics(&t, null, &p.unqualified()).is_some()
                        }
                    };
                    if !ok {
                        if i < this {
                            why = "the object's qualifiers do not allow the call".into();
                        } else {
                            let a = self.show(&self.ty(argv[i]).clone());
                            why = format!(
                                "argument {} of type \"{a}\" does not convert to \"{}\"",
                                i + 1 - this,
                                self.show(p)
                            );
                        }
                        break;
                    }
                }
                why
            };
            notes.push(format!("candidate \"{shown}\": {why}"));
        }
        if fns.len() > MAX {
            notes.push(format!("... and {} more candidates", fns.len() - MAX));
        }
        notes
    }

    /// Converts checked arguments to the parameter types (arity already fits, or is reported).
    // The callee's signature parts and the call's argument forms, as each caller holds them.
    #[allow(clippy::too_many_arguments)]
    fn convert_args(
        &mut self,
        call: ExprId,
        params: &[Ty],
        defaults: &'a [Option<DefaultArg>],
        variadic: bool,
        argv: &[TExprId],
        raw: &[TExprId],
        args: &[ExprId],
    ) -> Option<Vec<TExprId>> {
        let min = defaults.iter().position(|d| d.is_some()).unwrap_or(params.len());
        if argv.len() < min {
            self.error_e(call, "arg-count", "too few arguments in function call");
            return None;
        }
        if argv.len() > params.len() && !variadic {
            let at = args[params.len()];
            self.error_e(at, "arg-count", "too many arguments in function call");
            return None;
        }
        let mut out = Vec::new();
        let mut failed = false;
        for (i, &a) in argv.iter().enumerate() {
            let c = if let Some(
                p @ Ty {
                    kind: TyKind::Reference(_),
                    ..
                },
            ) = params.get(i)
            {
                let p = p.clone();
                self.bind_ref(&p, raw[i], args[i], ConvCtx::Arg)
            } else if i < params.len() {
                self.convert(a, &params[i], ConvCtx::Arg, args[i])
            } else {
                self.default_promote(a)
            };
            failed |= self.ty(c).is_error();
            out.push(c);
        }
        // Missing trailing arguments take their default arguments (constants of the parameter
        // type, evaluated by the def map, or expressions checked here).
        for (i, p) in params.iter().enumerate().skip(argv.len()) {
            let (t, by_ref) = match &p.kind {
                TyKind::Reference(r) => ((**r).clone(), true),
                _ => (p.unqualified(), false),
            };
            let t_unq = t.unqualified();
            let t = t_unq;
            if let Some(DefaultArg::AtCall(d)) = &defaults[i] {
                // Checked here, in the declaration's context, as an argument of the call.
                let p = p.clone();
                let c = self.in_default_arg(d, call, |ck| {
                    let root = d.expr.root;
                    if p.is_reference() {
                        let v = ck.expr(root);
                        ck.bind_ref(&p, v, root, ConvCtx::Arg)
                    } else {
                        ck.copy_init_value(root, &p, ConvCtx::Arg)
                    }
                });
                failed |= self.ty(c).is_error();
                out.push(c);
                continue;
            }
            let c = match &defaults[i] {
                Some(DefaultArg::Value(ConstValue::Zero)) if t.is_pointer() => self.rvalue_of(t, ExprKind::NullPtr),
                // A value-initialized class without constructors.
                Some(DefaultArg::Value(ConstValue::Zero)) if matches!(t.kind, TyKind::Record(_)) => {
                    self.rvalue_of(t, ExprKind::Aggregate(Box::new(crate::thir::TInit::Zero)))
                }
                Some(DefaultArg::Value(v)) => match super::consteval::const_value_scalar(v, &t) {
                    Some(cv) => self.cval_expr(&cv, &t),
                    None => self.err_expr(),
                },
                _ => self.err_expr(),
            };
            let c = if by_ref && !self.ty(c).is_error() {
                let p = p.clone();
                self.bind_ref(&p, c, call, ConvCtx::Arg)
            } else {
                c
            };
            failed |= self.ty(c).is_error();
            out.push(c);
        }
        (!failed).then_some(out)
    }

    /// Runs `f` in the context default argument `d` is checked in at call `call`: its own
    /// arena, the declaration's scope and template arguments, the caller's locals and `this` out
    /// of sight. Diagnostics go to the call (or the current override).
    fn in_default_arg<R>(&mut self, d: &'a DefaultExpr, call: ExprId, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = self.enter_arena(&d.expr, d.env.clone(), d.spec_scopes.clone(), None, DiagAt::Expr(call));
        self.scope = d.scope.clone();
        if let Some(fc) = &mut self.func {
            // Names are found from the declaration's scope first (`self.scope`); the caller
            // keeps its name, which diagnostics give (nvcc: "from a __global__ function(\"k\")").
            fc.record = d.record;
            fc.friend_of = None;
            fc.this_local = None;
        }
        let r = f(self);
        self.leave_arena(saved);
        r
    }

    fn direct_call(&mut self, id: ExprId, name: &SmolStr, fns: &[FnId], args: &[ExprId]) -> TExprId {
        let mut raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
        let mut ids = args.to_vec();
        // An unqualified call of a non-static member function inside a member function of the
        // same class passes `this`.
        if fns.iter().all(|&f| self.dm.function(f).has_this()) {
            match self.this_value() {
                Some(this) => {
                    raw.insert(0, this);
                    ids.insert(0, id);
                }
                None => {
                    let msg = "a nonstatic member reference must be relative to a specific object";
                    self.error_e(id, "no-object", msg);
                    return self.err_expr();
                }
            }
        }
        self.call_resolved(id, name, fns, raw, &ids)
    }

    /// A call of one of `fns` with already-checked arguments `raw` (lvalues kept; a member
    /// function's object is the first, as a pointer); `args` gives each argument's position.
    pub(crate) fn call_resolved(
        &mut self,
        id: ExprId,
        name: &SmolStr,
        fns: &[FnId],
        raw: Vec<TExprId>,
        args: &[ExprId],
    ) -> TExprId {
        let mut argv: Vec<TExprId> = raw.iter().map(|e| self.rv(*e)).collect();
        if argv.iter().any(|a| self.ty(*a).is_error()) {
            return self.err_expr();
        }
        let f = if fns.len() == 1 {
            fns[0]
        } else {
            match self.resolve_overload(id, name, fns, &argv, &raw) {
                Some(f) => f,
                None => return self.err_expr(),
            }
        };
        let decl = self.dm.function(f).clone();
        if decl.deleted {
            let skip = usize::from(decl.has_this());
            let params: Vec<String> = decl.sig.params[skip..]
                .iter()
                .map(|p| self.show(&p.unqualified()))
                .collect();
            let msg = format!(
                "function \"{}({})\" cannot be referenced -- it is a deleted function",
                decl.name,
                params.join(", ")
            );
            self.error_e(id, "deleted-function", msg);
            return self.err_expr();
        }
        // A toolkit function nvcc's cicc implements itself and warpc does not (the real
        // headers declare it body-less): what the prelude reports as an undefined builtin.
        if decl.body_index.is_none() && decl.kind == crate::ty::FnKind::Normal {
            if let Some(why) = warpc_base::sm_gate::unsupported_builtin(&decl.name) {
                let msg = format!("unsupported: CUDA builtin \"{}\" ({why})", decl.name);
                self.error_e(id, "unsupported", msg);
                return self.err_expr();
            }
        }
        if let (true, Some(m), Some(&addr)) = (decl.defaulted, decl.method.as_ref(), raw.first()) {
            // `T() = default;`: the implicit default constructor, expanded here.
            let rid = m.record;
            let addr = self.rv(addr);
            return match self.implicit_default_construct(id, rid, addr) {
                Some(e) => e,
                None => self.rvalue_of(Ty::void(), ExprKind::Aggregate(Box::new(crate::thir::TInit::Zero))),
            };
        }
        // A member named through a using-declaration has the access written there.
        let mut declared_in = decl.method.as_ref().map(|m| (m.record, simple_name(&decl.name)));
        if let (Some(m), Some(obj)) = (decl.method.as_ref().filter(|m| !m.is_static), raw.first()) {
            // A base's member function called through a class that inherits it non-publicly.
            if let Some(naming) = self.ty(*obj).pointee().and_then(super::cxx::record_of) {
                let simple = simple_name(&decl.name);
                let ctor = m.kind == crate::item_tree::MethodKind::Constructor;
                match self.using_declarer(naming, m.record, &simple, ctor) {
                    Some((r, uname)) => {
                        if !self.check_base_member_access(id, naming, r, &uname, true) {
                            return self.err_expr();
                        }
                        // The object converts to the base the member belongs to whatever the
                        // base's access (the using-declaration made the member accessible).
                        let (from, to) = (Ty::new(TyKind::Record(naming)), Ty::new(TyKind::Record(m.record)));
                        if let (Some(path), Some(p)) = (self.base_path(&from, &to), decl.sig.params.first()) {
                            let pointee = self.ty(argv[0]).pointee().cloned().unwrap_or_else(Ty::error);
                            let target = Ty::ptr(Ty {
                                quals: pointee.quals,
                                ..to
                            });
                            if p.is_pointer() {
                                argv[0] = self.upcast_pointer(argv[0], &path, target);
                            }
                        }
                        declared_in = Some((r, uname));
                    }
                    None => {
                        if !self.check_base_member_access(id, naming, m.record, &simple, true) {
                            return self.err_expr();
                        }
                    }
                }
            }
        }
        let dm: &'a crate::def_map::DefMap = self.dm;
        let Some(conv) = self.convert_args(
            id,
            &decl.sig.params,
            &dm.function(f).defaults,
            decl.sig.variadic,
            &argv,
            &raw,
            args,
        ) else {
            return self.err_expr();
        };
        if decl.kind == crate::ty::FnKind::Builtin
            && decl.name.starts_with("__nv_atomic_")
            && !self.check_nv_atomic(id, &decl.name, &conv, args)
        {
            return self.err_expr();
        }
        self.callees.insert(f);
        if decl.deduce_ret && decl.lambda.is_none() {
            // `auto f(...)` called before a `return` of its body gave the type (recursion, or a
            // function defined later). One defined earlier whose deduction failed has its own
            // error.
            let caller = self.func.as_ref().map(|c| c.id);
            let before = caller.is_some_and(|c| c != f && decl.item < self.dm.function(c).item);
            if decl.body_index.is_some() && before {
                return self.err_expr();
            }
            if decl.is_templated() && decl.body_index.is_some() {
                // A member of a specialization (or an instance) not instantiated yet: its body,
                // which gives the type, is used from here on ([temp.inst]). The def map's fixed
                // point checks the functions such requests name.
                let key: crate::def_map::CallKey = (decl.link_name.clone(), Vec::new());
                let mut requests = self.call_requests.borrow_mut();
                if !requests.contains(&key) {
                    requests.push(key);
                }
            }
            let msg = format!(
                "cannot deduce the return type of function \"{}\"; it has not been defined",
                decl.name
            );
            self.error_e(id, "deduced-return", msg);
            return self.err_expr();
        }
        if !self.check_exec_space(id, f) {
            return self.err_expr();
        }
        if let Some((rec, simple)) = declared_in {
            let shown = decl.method.as_ref().map_or(rec, |m| m.record);
            if !self.check_access_as(id, rec, &simple, true, (shown, &simple_name(&decl.name))) {
                return self.err_expr();
            }
        }
        let this = usize::from(decl.has_this());
        let mut conv = conv;
        if !self.by_value_args(id, &decl.sig.params, this, &mut conv, args) {
            return self.err_expr();
        }
        let mut keep = None;
        if let (Some(rid), false) = (
            super::cxx::record_of(&decl.sig.ret),
            matches!(decl.sig.ret.kind, TyKind::Reference(_)),
        ) {
            match self.temp_fate(id, rid) {
                super::lifetime::TempFate::Refused => return self.err_expr(),
                super::lifetime::TempFate::Destroy => keep = Some(rid),
                super::lifetime::TempFate::Plain => {}
            }
        }
        if let TyKind::Reference(r) = &decl.sig.ret.kind {
            // A call returning `T&` yields the referent's address: dereference it (an lvalue).
            let r = (**r).clone();
            let call = self.rvalue_of(Ty::ptr(r.clone()), ExprKind::Call { callee: f, args: conv });
            let d = self.mk(r, crate::thir::ValueCategory::LValue, ExprKind::Deref(call));
            if decl.sig.ret.quals.contains(Quals::RVALUE) {
                self.xvalues.insert(d);
            }
            return d;
        }
        let call = self.rvalue_of(decl.sig.ret.unqualified(), ExprKind::Call { callee: f, args: conv });
        match keep {
            // A returned object with a destructor: destroyed at the end of the full-expression.
            Some(rid) => self.keep_temp(call, rid, id),
            None => call,
        }
    }

    fn resolve_overload(
        &mut self,
        id: ExprId,
        name: &str,
        fns: &[FnId],
        argv: &[TExprId],
        raw: &[TExprId],
    ) -> Option<FnId> {
        let viable = self.viable(fns, argv, raw);
        let better = |a: &[Ics], b: &[Ics]| -> bool {
            a.iter().zip(b).all(|(x, y)| !y.better(x)) && a.iter().zip(b).any(|(x, y)| x.better(y))
        };
        let not_worse = |a: &[Ics], b: &[Ics]| a.iter().zip(b).all(|(x, y)| !y.better(x));
        // With no conversion better either way, a non-template function beats a function
        // template specialization ([over.match.best]/2.4), and the specialization of the more
        // specialized template beats the other ([over.match.best]/2.5, [temp.func.order]).
        let n = viable.len();
        let mut beats = vec![vec![false; n]; n];
        for i in 0..n {
            for j in 0..n {
                let ((f, s), (g, t)) = (&viable[i], &viable[j]);
                if i == j || !not_worse(s, t) {
                    continue;
                }
                let (df, dg) = (self.dm.function(*f), self.dm.function(*g));
                beats[i][j] = better(s, t)
                    || match (&df.instance, &dg.instance) {
                        (None, Some(_)) => true,
                        (Some((x, _)), Some((y, _))) if df.has_this() == dg.has_this() => {
                            let (x, y) = (*x, *y);
                            let nargs = s.len() - usize::from(df.has_this());
                            self.more_specialized(x, y, nargs)
                        }
                        _ => false,
                    };
            }
        }
        if let Some(i) = (0..n).find(|&i| (0..n).all(|j| i == j || beats[i][j])) {
            return Some(viable[i].0);
        }
        let note = self.arg_types_note(argv);
        if viable.is_empty() {
            let msg = format!("no instance of overloaded function \"{name}\" matches the argument list");
            let mut notes = vec![note];
            notes.extend(self.candidate_notes(fns, argv, raw));
            // An overload the headers declare only from a newer SM (`atomicAdd(float2 *, float2)`).
            let types = notes[0].strip_prefix("argument types are: ").map(str::to_string);
            if let Some(g) = warpc_base::sm_gate::sm_gate(name, types.as_deref()).filter(|g| g.args.is_some()) {
                if self.options.arch.number < g.min_sm {
                    let what = format!("{name}{}", g.args.unwrap_or(""));
                    notes.push(warpc_base::sm_gate::sm_gate_note(
                        &what,
                        g.min_sm,
                        &self.options.arch.name(),
                    ));
                }
            }
            self.diag(DiagAt::Expr(id), Severity::Error, "no-matching-overload", msg, notes);
        } else {
            let mut notes: Vec<String> = viable
                .iter()
                .enumerate()
                .filter(|&(i, _)| !(0..n).any(|j| beats[j][i]))
                .map(|(_, (f, _))| {
                    format!(
                        "function \"{}\"",
                        super::display::display_fn_signature(self.dm.function(*f), self.dm)
                    )
                })
                .collect();
            notes.push(note);
            let msg = format!("more than one instance of overloaded function \"{name}\" matches the argument list:");
            self.diag(DiagAt::Expr(id), Severity::Error, "ambiguous-overload", msg, notes);
        }
        None
    }

    /// CUDA's execution-space rules for a call from the current function to `f`. Returns false
    /// after reporting an error.
    fn check_exec_space(&mut self, id: ExprId, f: FnId) -> bool {
        if self.launching == Some(id) {
            // `kern<<<...>>>(args)`: the callee must be a kernel.
            if self.dm.function(f).space != ExecSpace::Global {
                // nvcc names the function by where the launch is.
                let on_device = self.func.as_ref().is_some_and(|c| c.space != ExecSpace::Host);
                let msg = if on_device {
                    "a __device__ function call cannot be configured"
                } else {
                    "a host function call cannot be configured"
                };
                self.error_e(id, "launch-non-kernel", msg);
                return false;
            }
            return true;
        }
        let Some(ctx) = &self.func else { return true };
        let (caller, caller_space) = (ctx.name.clone(), ctx.space);
        let callee = self.dm.function(f);
        let space_name = |s: ExecSpace| match s {
            ExecSpace::Global => "__global__",
            ExecSpace::Device => "__device__",
            ExecSpace::Host => "__host__",
            ExecSpace::HostDevice => "__host__ __device__",
        };
        if callee.space == ExecSpace::Global {
            self.error_e(
                id,
                "unconfigured-kernel-call",
                "a __global__ function call must be configured",
            );
            return false;
        }
        if self.unevaluated_depth > 0 {
            // A call in `decltype`/`sizeof` is never made: nvcc names host functions there.
            return true;
        }
        let sig = super::display::display_fn_signature(callee, self.dm);
        let bad = matches!(
            (caller_space, callee.space),
            (
                ExecSpace::Global | ExecSpace::Device | ExecSpace::HostDevice,
                ExecSpace::Host
            ) | (ExecSpace::Host, ExecSpace::Device)
        );
        if !bad {
            return true;
        }
        if callee.is_constexpr && callee.space == ExecSpace::Host && caller_space != ExecSpace::Host {
            // A constexpr host function (callable from device code with
            // `--expt-relaxed-constexpr`, which makes it `__host__ __device__`: `Builder::space`).
            let simple = callee.name.rsplit("::").next().unwrap_or(&callee.name).to_string();
            let msg = format!(
                "calling a constexpr __host__ function(\"{simple}\") from a {} function(\"{caller}\") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this (note: for a __tile__/__tile_global__ caller, the flag guarantees support only for calls that are required by language rules to be evaluated at compile time).",
                space_name(caller_space),
            );
            let sev = if caller_space == ExecSpace::HostDevice {
                Severity::Warning
            } else {
                Severity::Error
            };
            self.diag(DiagAt::Expr(id), sev, "wrong-exec-space", msg, Vec::new());
            return sev != Severity::Error;
        }
        let msg = format!(
            "calling a {} function(\"{sig}\") from a {} function(\"{caller}\") is not allowed",
            space_name(callee.space),
            space_name(caller_space),
        );
        // `__host__ __device__` callers only get a warning (the call may never reach device code).
        let sev = if caller_space == ExecSpace::HostDevice {
            Severity::Warning
        } else {
            Severity::Error
        };
        self.diag(DiagAt::Expr(id), sev, "wrong-exec-space", msg, Vec::new());
        sev != Severity::Error
    }

    pub(crate) fn kernel_launch(&mut self, id: ExprId, callee: ExprId, config: &[ExprId], args: &[ExprId]) -> TExprId {
        let n_errors = self.diags.len();
        let cfg: Vec<TExprId> = config.iter().map(|e| self.value(*e)).collect();
        // The launched kernel is found (and its template arguments deduced) as for an ordinary
        // call `callee(args)`.
        let saved = self.launching.replace(id);
        let call = self.call(id, callee, args);
        self.launching = saved;
        let on_device = self.func.as_ref().is_some_and(|f| f.space != ExecSpace::Host);
        if !on_device {
            // Host code is never compiled to PTX; the resolved call says which kernel it launches.
            return call;
        }
        if self.diags.len() == n_errors {
            if !self.options.rdc {
                self.error_e(
                    id,
                    "device-launch",
                    "kernel launch from __device__ or __global__ functions requires separate compilation mode",
                );
            } else {
                return self.device_launch(id, callee, call, config, &cfg);
            }
        }
        self.err_expr()
    }

    /// `kern<<<grid, block, shmem, stream>>>(args)` in device code (`-rdc=true`), lowered as
    /// nvcc lowers it (CUDA dynamic parallelism, CDP2):
    /// `buf = __cudaCDP2GetParameterBufferV2((void *)kern, grid, block, shmem)`, then, when `buf`
    /// is not null, each converted argument stored into `buf` at the kernel's parameter offset
    /// and `__cudaCDP2LaunchDeviceV2(buf, stream)`. `call` is the resolved call `kern(args)`.
    fn device_launch(
        &mut self,
        id: ExprId,
        callee: ExprId,
        call: TExprId,
        config: &[ExprId],
        cfg: &[TExprId],
    ) -> TExprId {
        let ExprKind::Call {
            callee: kern,
            args: conv,
        } = self.out.expr(call).kind.clone()
        else {
            return self.err_expr();
        };
        let runtime_fn = |ck: &mut Self, name: &str| -> Option<FnId> {
            ck.visible_values(name)?
                .iter()
                .find_map(|d| if let ValueDef::Function(f) = d { Some(*f) } else { None })
        };
        let (Some(get_buffer), Some(launch)) = (
            runtime_fn(self, "__cudaCDP2GetParameterBufferV2"),
            runtime_fn(self, "__cudaCDP2LaunchDeviceV2"),
        ) else {
            // NVRTC's `--minimal` leaves them out; NVRTC's message.
            self.error_e(
                id,
                "launch-runtime",
                "device-side kernel launch could not be processed as the required runtime APIs are not declared",
            );
            return self.err_expr();
        };
        if config.len() < 2 || config.len() > 4 {
            self.error_e(
                id,
                "launch-config",
                "a kernel launch configuration takes 2 to 4 arguments",
            );
            return self.err_expr();
        }
        let void_ptr = Ty::ptr(Ty::void());
        let kdecl = self.dm.function(kern);
        let (ksig, kparams) = (kdecl.sig.clone(), kdecl.sig.params.clone());
        let fexpr = self.mk(
            Ty::new(TyKind::Function(Box::new(ksig))),
            crate::thir::ValueCategory::LValue,
            ExprKind::Function(kern),
        );
        let fptr = self.rv(fexpr);
        let fptr = self.cast(CastKind::PtrToPtr, fptr, void_ptr.clone());
        let shmem = match cfg.get(2) {
            Some(&s) => s,
            None => self.int_const(0, IntKind::UInt),
        };
        // An integer grid or block size is `dim3(n)` = {n, 1, 1} (warpc's `dim3` is the
        // prelude's `uint3`, without dim3's constructors).
        let dim3 = self
            .dm
            .function(get_buffer)
            .sig
            .params
            .get(1)
            .cloned()
            .unwrap_or_else(Ty::error);
        let mut dims = Vec::new();
        for &c in &cfg[..2] {
            let t = self.ty(c).unqualified();
            if matches!(t.kind, TyKind::Int(_)) && matches!(dim3.kind, TyKind::Record(_)) {
                let x = self.cast(CastKind::IntToInt, c, Ty::int(IntKind::UInt));
                let y = self.int_const(1, IntKind::UInt);
                let z = self.int_const(1, IntKind::UInt);
                let init = crate::thir::TInit::List(vec![
                    crate::thir::TInit::Expr(x),
                    crate::thir::TInit::Expr(y),
                    crate::thir::TInit::Expr(z),
                ]);
                dims.push(self.rvalue_of(dim3.clone(), ExprKind::Aggregate(Box::new(init))));
            } else {
                dims.push(c);
            }
        }
        let raw = vec![fptr, dims[0], dims[1], shmem];
        let ids = vec![callee, config[0], config[1], config.get(2).copied().unwrap_or(id)];
        let buffer_call = self.call_resolved(
            id,
            &SmolStr::new("__cudaCDP2GetParameterBufferV2"),
            &[get_buffer],
            raw,
            &ids,
        );
        if self.ty(buffer_call).is_error() {
            return self.err_expr();
        }
        let buf = self.add_local(
            SmolStr::new("$launch_buffer"),
            void_ptr.clone(),
            crate::thir::LocalStorage::Auto,
        );
        let buf_lv = self.mk(
            void_ptr.clone(),
            crate::thir::ValueCategory::LValue,
            ExprKind::Local(buf),
        );
        let set = self.mk(
            void_ptr.clone(),
            crate::thir::ValueCategory::LValue,
            ExprKind::Assign {
                lhs: buf_lv,
                rhs: buffer_call,
            },
        );
        // The arguments at the kernel's parameter offsets (each aligned to its type, as the
        // parameters of the `.entry`).
        let records = &self.dm.records;
        let mut offset = 0u64;
        let mut stores: Vec<TExprId> = Vec::new();
        for (p, &a) in kparams.iter().zip(&conv) {
            let ty = match &p.kind {
                TyKind::Reference(_) => self.ty(a).clone(),
                _ => p.unqualified(),
            };
            let (Some(size), Some(align)) = (
                super::types::size_of(&ty, records),
                super::types::align_of(&ty, records),
            ) else {
                self.error_e(
                    id,
                    "unsupported",
                    "unsupported: a kernel argument of this type in a launch from device code",
                );
                return self.err_expr();
            };
            offset = offset.div_ceil(align.max(1)) * align.max(1);
            let char_ptr = Ty::ptr(Ty::int(IntKind::Char));
            let b = self.mk(
                void_ptr.clone(),
                crate::thir::ValueCategory::LValue,
                ExprKind::Local(buf),
            );
            let b = self.rv(b);
            let b = self.cast(CastKind::PtrToPtr, b, char_ptr.clone());
            let off = self.int_const(offset as i128, IntKind::Long);
            let at = self.rvalue_of(char_ptr, ExprKind::PtrAdd { ptr: b, offset: off });
            let at = self.cast(CastKind::PtrToPtr, at, Ty::ptr(ty.clone()));
            let slot = self.mk(ty.clone(), crate::thir::ValueCategory::LValue, ExprKind::Deref(at));
            stores.push(self.mk(
                ty,
                crate::thir::ValueCategory::LValue,
                ExprKind::Assign { lhs: slot, rhs: a },
            ));
            offset += size;
        }
        let stream_ty = self
            .dm
            .function(launch)
            .sig
            .params
            .get(1)
            .cloned()
            .unwrap_or_else(|| void_ptr.clone());
        let stream = match cfg.get(3) {
            Some(&s) => s,
            None => self.rvalue_of(stream_ty, ExprKind::NullPtr),
        };
        let b = self.mk(
            void_ptr.clone(),
            crate::thir::ValueCategory::LValue,
            ExprKind::Local(buf),
        );
        let b = self.rv(b);
        let ids = vec![id, config.get(3).copied().unwrap_or(id)];
        let launched = self.call_resolved(
            id,
            &SmolStr::new("__cudaCDP2LaunchDeviceV2"),
            &[launch],
            vec![b, stream],
            &ids,
        );
        if self.ty(launched).is_error() {
            return self.err_expr();
        }
        let mut then = self.cast(CastKind::ToVoid, launched, Ty::void());
        for s in stores.into_iter().rev() {
            then = self.rvalue_of(Ty::void(), ExprKind::Comma(s, then));
        }
        let b = self.mk(
            void_ptr.clone(),
            crate::thir::ValueCategory::LValue,
            ExprKind::Local(buf),
        );
        let b = self.rv(b);
        let cond = self.cast(CastKind::ToBool, b, Ty::int(IntKind::Bool));
        let zero = self.int_const(0, IntKind::Int);
        let skip = self.cast(CastKind::ToVoid, zero, Ty::void());
        let guarded = self.rvalue_of(
            Ty::void(),
            ExprKind::Cond {
                cond,
                then,
                else_: skip,
            },
        );
        self.rvalue_of(Ty::void(), ExprKind::Comma(set, guarded))
    }
}

/// The unqualified name of a (qualified) function name: `ns::S<int>::f` -> `f`.
fn simple_name(name: &str) -> String {
    name.rsplit("::").next().unwrap_or(name).to_string()
}
