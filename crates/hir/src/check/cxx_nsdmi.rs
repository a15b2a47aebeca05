//! Default member initializers (`struct S { int v = 4; float w{2.0f}; };`): run by each
//! constructor without a mem-initializer for the member (`ctor_prologue`), by the implicit or
//! `= default` default constructor (`implicit_default_construct`) and by aggregate
//! initialization for the elements not given (`init_aggregate`). Each is checked where it
//! runs, in its own arena (`RecordDecl::field_inits`), in the class's scope with the class
//! template's arguments (`RecordDecl::init_env`), `this` the object being initialized.

use super::checker::Checker;
use super::cxx::{record_of, simple_class_name};
use super::DiagAt;
use crate::body::{ExprId, Initializer};
use crate::def_map::DefMap;
use crate::thir::{ExprKind, TExprId, TInit, ValueCategory};
use crate::ty::{FieldInit, RecordId, Ty, TyKind};
use smol_str::SmolStr;

/// Whether class `rid`, or a member subobject of class type (not an array), has default member
/// initializers.
pub(crate) fn has_field_inits(dm: &DefMap, rid: RecordId, depth: u32) -> bool {
    let Some(rd) = dm.records.get(rid) else {
        return false;
    };
    if !rd.field_inits.is_empty() {
        return true;
    }
    depth < 64
        && rd
            .fields
            .iter()
            .any(|f| record_of(&f.ty).is_some_and(|r| has_field_inits(dm, r, depth + 1)))
}

/// Whether the implicit default constructor of class `rid` (without constructors) initializes
/// every member, so that it is `constexpr` (C++17): each member has a default member
/// initializer or is of such a class (a union: one member has one).
pub(crate) fn all_fields_initialized(dm: &DefMap, rid: RecordId, depth: u32) -> bool {
    let Some(rd) = dm.records.get(rid) else {
        return false;
    };
    if rd.is_union {
        return !rd.field_inits.is_empty() || rd.fields.is_empty();
    }
    rd.fields.iter().enumerate().all(|(fi, f)| {
        rd.field_inits.iter().any(|i| i.field == fi as u32)
            || (depth < 64 && record_of(&f.ty).is_some_and(|r| all_fields_initialized(dm, r, depth + 1)))
    })
}

impl<'a> Checker<'a> {
    /// Field `fi` of class `rid`'s default member initializer.
    pub(crate) fn field_init(&self, rid: RecordId, fi: u32) -> Option<&'a FieldInit> {
        let dm: &'a DefMap = self.dm;
        dm.records.get(rid)?.field_inits.iter().find(|i| i.field == fi)
    }

    /// Runs `f` in the context a default member initializer of class `rid` is checked in: its
    /// own arena, the class's scope and template arguments, `this` the object at `this_addr`
    /// (`None`: no object), the enclosing function's locals out of sight. Diagnostics go to
    /// `at` (or the current override).
    fn in_field_init<R>(
        &mut self,
        rid: RecordId,
        fi: &'a FieldInit,
        this_addr: Option<TExprId>,
        at: DiagAt,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let dm: &'a DefMap = self.dm;
        let rd = dm.record(rid);
        let rn = rd.name.clone().unwrap_or_default();
        let saved = self.enter_arena(
            &fi.init.exprs,
            rd.init_env.clone(),
            rd.init_scopes.clone(),
            this_addr,
            at,
        );
        let saved_no_object = std::mem::replace(&mut self.nsdmi_no_object, this_addr.is_none());
        match &mut self.func {
            // Names are found as in a member function of the class.
            Some(f) => {
                f.name = SmolStr::new(format!("{rn}::{}", simple_class_name(&rn)));
                f.record = Some(rid);
                f.this_local = None;
                f.ret = Ty::void();
                f.deduce_ret = false;
            }
            None => self.scope = Some(rn),
        }
        let r = f(self);
        self.nsdmi_no_object = saved_no_object;
        self.leave_arena(saved);
        r
    }

    /// Initializes field `fi` of the object of class `rid` at `addr` from its default member
    /// initializer; `None` when the field has none.
    pub(crate) fn field_init_at(&mut self, rid: RecordId, fi: u32, addr: TExprId, at: DiagAt) -> Option<TExprId> {
        let init = self.field_init(rid, fi)?;
        let fty = self.dm.record(rid).fields.get(fi as usize)?.ty.clone();
        let is_ref = self.is_ref_field(rid, fi);
        Some(self.in_field_init(rid, init, Some(addr), at.clone(), |ck| {
            let obj = ck.mk(
                Ty::new(TyKind::Record(rid)),
                ValueCategory::LValue,
                ExprKind::Deref(addr),
            );
            let lv = ck.mk(
                fty.clone(),
                ValueCategory::LValue,
                ExprKind::Member { base: obj, field: fi },
            );
            ck.init_member_from(&fty, is_ref, lv, &init.init.init, &at)
        }))
    }

    /// `lv = init` for a member of type `fty` (a reference member's `fty` is the pointer it is
    /// laid out as).
    fn init_member_from(&mut self, fty: &Ty, is_ref: bool, lv: TExprId, init: &'a Initializer, at: &DiagAt) -> TExprId {
        let assign = |ck: &mut Self, rhs: TExprId| {
            ck.mk(
                fty.unqualified(),
                ValueCategory::LValue,
                ExprKind::Assign { lhs: lv, rhs },
            )
        };
        if is_ref {
            let referent = fty.pointee().cloned().unwrap_or_else(Ty::error);
            let c = match init {
                Initializer::Expr(e) => {
                    let v = self.expr(*e);
                    self.bind_reference_to(&referent, v, *e, super::conv::ConvCtx::Init)
                }
                Initializer::List(_) => {
                    self.error(
                        at.clone(),
                        "unsupported",
                        "unsupported: a braced default member initializer for a reference member",
                    );
                    self.err_expr()
                }
            };
            return assign(self, c);
        }
        if let Some(frid) = record_of(fty).filter(|&r| self.has_ctors(r)) {
            let addr = self.rvalue_of(Ty::ptr(fty.unqualified()), ExprKind::AddrOf(lv));
            let args: Vec<ExprId> = match init {
                Initializer::Expr(e) => {
                    let v = self.expr(*e);
                    self.cache.insert(*e, v);
                    if record_of(self.ty(v)) == Some(frid) && !self.nontrivial_copy(frid, 0) {
                        // `Inner x = Inner(3);`: that object.
                        let rv = self.rv(v);
                        return assign(self, rv);
                    }
                    self.copy_init = true;
                    vec![*e]
                }
                Initializer::List(_) => match self.plain_args(init, at) {
                    Some(v) => v,
                    None => return self.err_expr(),
                },
            };
            let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
            let at = args.first().copied().unwrap_or(ExprId(0));
            // `T m{};` value-initializes.
            let e = if raw.is_empty() {
                self.value_construct_at(at, frid, addr)
            } else {
                self.construct_at(at, frid, addr, raw, &args)
            };
            self.copy_init = false;
            return e;
        }
        let t = fty.unqualified();
        let (ti, _) = self.initializer(&t, init, at);
        let rhs = match ti {
            TInit::Expr(e) => e,
            ti => self.rvalue_of(t, ExprKind::Aggregate(Box::new(ti))),
        };
        assign(self, rhs)
    }

    /// Field `fi` of class `rid`'s default member initializer as an element of aggregate
    /// initialization (there is no object: `this` is refused); `None` without one.
    pub(crate) fn field_init_value(&mut self, rid: RecordId, fi: u32, at: &DiagAt) -> Option<TInit> {
        let init = self.field_init(rid, fi)?;
        let fty = self.dm.record(rid).fields.get(fi as usize)?.ty.clone();
        let is_ref = self.is_ref_field(rid, fi);
        Some(self.in_field_init(rid, init, None, at.clone(), |ck| {
            let with_ctors = record_of(&fty).filter(|&r| ck.has_ctors(r));
            if let Some(frid) = with_ctors.filter(|&r| {
                !is_ref && ck.needs_destruction(r, 0) == Ok(false) && !ck.nontrivial_copy(r, 0)
            }) {
                // `Inner in{5};`: a temporary constructed, then copied (trivially) into place.
                let args = match ck.plain_args(&init.init.init, at) {
                    Some(a) => a,
                    None => return TInit::Zero,
                };
                let raw: Vec<TExprId> = args.iter().map(|a| ck.expr(*a)).collect();
                let id = args.first().copied().unwrap_or(ExprId(0));
                if matches!(init.init.init, Initializer::Expr(_)) {
                    ck.copy_init = true;
                }
                let t = ck.construct_temp(id, frid, raw, &args);
                ck.copy_init = false;
                return TInit::Expr(ck.rv(t));
            }
            if is_ref || with_ctors.is_some() {
                ck.error(
                    at.clone(),
                    "unsupported",
                    "unsupported: aggregate initialization that runs the default member initializer of a reference member or a member with constructors",
                );
                return TInit::Zero;
            }
            ck.initializer(&fty.unqualified(), &init.init.init, at).0
        }))
    }

    /// The arguments of an initializer for a class with constructors: `e` or `{a, b}` (a nested
    /// or designated list is refused).
    fn plain_args(&mut self, init: &'a Initializer, at: &DiagAt) -> Option<Vec<ExprId>> {
        match init {
            Initializer::Expr(e) => Some(vec![*e]),
            Initializer::List(items) => {
                let mut v = Vec::new();
                for (d, item) in items {
                    match (d, item) {
                        (None, Initializer::Expr(e)) => v.push(*e),
                        _ => {
                            self.error(
                                at.clone(),
                                "unsupported",
                                "unsupported: nested braced initializer for a class with constructors",
                            );
                            return None;
                        }
                    }
                }
                Some(v)
            }
        }
    }
}
