//! The body checker's state ([`Checker`]), its constructor, diagnostics, THIR building,
//! and type resolution inside a body ([`BodyTypeEnv`]).

use super::consteval::CVal;
use super::display::display_ty;
use super::types::{self, promote, TypeEnv};
use super::{BodyDiagnostic, DiagAt};
use crate::body::{ConstExpr, Expr, ExprId, RecordKind, Stmt, TypeRef, TypeRefId};
use crate::def_map::DefMap;
use crate::mangle::MangleTy;
use crate::thir::{CastKind, ExprKind, LocalId, TExpr, TExprId, TypedBody, ValueCategory};
use crate::ty::{ExecSpace, FnId, GlobalId, IntKind, RecordId, Ty, TyKind};
use rustc_hash::FxHashMap;

/// Integral values of variable template instances (by full name and arguments) that evaluated
/// against one def map without diagnostics and without asking for anything the def map lacks,
/// shared by the bodies checked against that def map (the fixed point of `warpc-db`'s
/// `def_map` checks every used instance each round, and libcu++'s concept variables are
/// evaluated by most of them). Such a value depends on the def map alone, so a body finds it
/// here instead of evaluating it again; what its evaluation asked for (nothing) and the value
/// are what the body would have had. Only for a def map the holder does not change.
#[derive(Default)]
pub struct SharedVarValues(std::cell::RefCell<FxHashMap<VarInstance, (i128, IntKind)>>);

/// A variable template instance: its full name and template arguments.
type VarInstance = (SmolStr, Vec<crate::ty::TArg>);

impl Checker<'_> {
    /// How many requests of each kind this checker has made (a variable template's value is
    /// shared only when evaluating it added none).
    pub(super) fn request_counts(&self) -> [usize; 5] {
        [
            self.instance_requests.len(),
            self.record_requests.len(),
            self.call_requests.borrow().len(),
            self.closure_requests.len(),
            self.local_record_requests.len(),
        ]
    }

    /// The shared value of `key` (see [`SharedVarValues`]), for a checker that may use one.
    pub(super) fn shared_var_value(&self, key: &(SmolStr, Vec<crate::ty::TArg>)) -> Option<(i128, IntKind)> {
        if self.var_objects {
            return None;
        }
        self.shared_var_values.as_ref()?.0.borrow().get(key).copied()
    }

    /// Shares `value` of `key` with the other bodies of the def map.
    pub(super) fn share_var_value(&self, key: &(SmolStr, Vec<crate::ty::TArg>), value: (i128, IntKind)) {
        if let (Some(s), false) = (&self.shared_var_values, self.var_objects) {
            s.0.borrow_mut().insert(key.clone(), value);
        }
    }
}
use smol_str::SmolStr;
use std::collections::BTreeSet;
use warpc_base::{CompileOptions, Severity};

/// The function being checked.
#[derive(Clone)]
pub(crate) struct FnCtx {
    pub id: FnId,
    pub name: SmolStr,
    pub space: ExecSpace,
    pub ret: Ty,
    /// For a member function: its class.
    pub record: Option<RecordId>,
    /// For a friend function defined in its class: the class (qualified), whose members the
    /// body names unqualified.
    pub friend_of: Option<SmolStr>,
    /// For a non-static member function: the `this` parameter.
    pub this_local: Option<LocalId>,
    /// A lambda whose return type is deduced from its `return` statements.
    pub deduce_ret: bool,
}

pub(crate) struct Breakable {
    pub is_loop: bool,
    /// The scope depth outside the loop's or switch's body (locals deeper die on `break`).
    pub depth: usize,
}

pub(crate) struct SwitchCtx {
    pub ty: Ty,
    pub cases: Vec<u128>,
    pub has_default: bool,
    /// The scope depth outside the switch's body.
    pub depth: usize,
}

/// Checker state. Also used without a function (`func: None`) to evaluate item-level constant
/// expressions.
pub(crate) struct Checker<'a> {
    /// The expression most recently entered by `expr` (where conversions applied while
    /// checking its parent are reported).
    pub(crate) last_expr: Option<ExprId>,
    /// The first written expression whose checked form has error type.
    pub(crate) first_error_expr: Option<ExprId>,
    pub dm: &'a DefMap,
    pub options: &'a CompileOptions,
    pub exprs: &'a [Expr],
    pub types: &'a [TypeRef],
    pub stmts: &'a [Stmt],
    /// The lambdas of the body being checked.
    pub lambdas: &'a [crate::body::LambdaDef],
    /// The classes defined in the body being checked.
    pub local_records: &'a [crate::body::LocalRecordDef],
    /// Classes of the body this instance needs that the def map does not have yet.
    pub local_record_requests: Vec<crate::ty::LocalRecordKey>,
    /// The body's `if constexpr` statements.
    pub constexpr_ifs: &'a [crate::body::StmtId],
    /// `return (e);` statements (`Body::paren_returns`).
    pub paren_returns: &'a [crate::body::StmtId],
    /// Only the `return` statements are typed, on the path the `if constexpr` conditions take
    /// (with the local declarations and aliases on the way): a host function's deduced return
    /// type ([`super::host_return_type`]).
    pub returns_only: bool,
    /// A call's function template instance is not in the def map yet ("could not be
    /// instantiated here"): declaring it may let the expression be typed.
    pub instances_pending: bool,
    /// How many user-defined conversions by constructor are choosing their constructor
    /// (`conv::user_convert`): that constructor's argument takes no second user-defined
    /// conversion ([over.best.ics]/4), so no constructor template is tried for it.
    pub(crate) user_converting: u32,
    /// Outside function bodies: the class whose members are being declared (array bounds and
    /// initializers of its members name its static members unqualified).
    pub scope: Option<SmolStr>,
    /// Outside function bodies, while a class template specialization's members are
    /// declared: (the member's class as the item tree names it, the specialization). A member
    /// name that the lowering qualified with the template's name (`Vec::value_type` in
    /// `static_assert(sizeof(value_type) == 4)` in `Vec`'s body) names the specialization's
    /// member (`Vec<float, 3>::value_type`).
    pub spec_scopes: Vec<(SmolStr, SmolStr)>,
    pub out: TypedBody,
    pub diags: Vec<BodyDiagnostic>,
    /// While set, diagnostics go here (expressions of a nested `ConstExpr`, item-level checks).
    pub at_override: Option<DiagAt>,
    /// Whether an undefined identifier gets a "did you mean" note (a scan of every name in
    /// scope): not for item-level constant expressions, which each def map build checks again
    /// (mostly of items no kernel reaches, whose diagnostics are dropped).
    pub suggest_names: bool,
    /// Nesting of unevaluated operands (`decltype`, `sizeof`) being checked: calls there are
    /// not made (no execution-space check).
    pub unevaluated_depth: u32,
    /// A variable template of class type named in a body is checked as its initializer's
    /// object (`Checker::var_template_value` leaves it in `var_object`).
    pub(crate) var_objects: bool,
    pub(crate) var_object: Option<TExprId>,
    pub func: Option<FnCtx>,
    pub scopes: Vec<Vec<(SmolStr, LocalId)>>,
    /// `const` arithmetic locals with constant initializers (usable in constant expressions).
    pub local_consts: FxHashMap<LocalId, CVal>,
    pub callees: BTreeSet<FnId>,
    pub globals: BTreeSet<GlobalId>,
    /// Expressions already checked (initializer look-ahead for brace elision).
    pub cache: FxHashMap<ExprId, TExprId>,
    /// Integral values of variable template instances already evaluated (by full name and
    /// arguments; only those that evaluated without diagnostics).
    pub(super) var_values: FxHashMap<(SmolStr, Vec<crate::ty::TArg>), (i128, crate::ty::IntKind)>,
    /// The values shared by every body checked against the same def map
    /// ([`SharedVarValues`]), when the caller keeps one.
    pub(super) shared_var_values: Option<std::rc::Rc<SharedVarValues>>,
    /// The class template specialization each record is (built on the first
    /// argument-dependent lookup that needs it).
    pub(super) instance_of: Option<FxHashMap<crate::ty::RecordId, crate::ty::InstanceKey>>,
    /// While a member template of a class template specialization is deduced or substituted:
    /// the specialization (what its injected-class-name denotes).
    pub(super) subst_class: Option<crate::ty::RecordId>,
    /// Argument types argument-dependent lookup probed, by expression and pack element.
    pub(super) adl_types: FxHashMap<(ExprId, Option<usize>), Ty>,
    pub breakables: Vec<Breakable>,
    pub switches: Vec<SwitchCtx>,
    pub labels: FxHashMap<SmolStr, crate::thir::LabelId>,
    /// Locals declared as references (`T&`): THIR locals of type `Pointer(T)`, dereferenced at
    /// each use.
    pub ref_locals: rustc_hash::FxHashSet<LocalId>,
    /// Block-scope `using N::name;` declarations: (scope depth, name, target).
    pub using_aliases: Vec<(usize, SmolStr, SmolStr)>,
    /// Block-scope `using namespace N;` directives in effect: (scope depth, `N` qualified).
    pub local_using_dirs: Vec<(usize, SmolStr)>,
    /// Block-scope typedefs and aliases: (scope depth, name, type).
    pub local_typedefs: Vec<(usize, SmolStr, Ty)>,
    /// Nesting of alias template expansions and variable template evaluations (bounded: an
    /// alias or a variable template may name itself).
    pub alias_depth: u32,
    /// Copies by constructor in progress (`lifetime::copy_by_constructor`): a copy constructor
    /// taking its class by value would copy its argument forever.
    pub copy_depth: u32,
    /// While resolving the arguments of a template: the earlier parameters bound to their
    /// arguments, for a non-type parameter whose type names one (`template <class T, T v>`).
    pub(crate) targ_prefix: Vec<(SmolStr, crate::ty::TArg)>,
    /// While resolving a function template's signature: its parameters (a trailing
    /// `-> decltype(a * 2)` names them); `decltype` is then checked in a separate checker.
    pub decl_params: Vec<(SmolStr, Ty)>,
    /// Inside a function template instance: the template parameters' names and arguments.
    pub template_env: Vec<(SmolStr, crate::ty::TArg)>,
    /// While set, constructor calls are copy-initialization (`T x = e;`): `explicit`
    /// constructors are not candidates.
    pub copy_init: bool,
    /// THIR lvalues that are C++ xvalues (see `Checker::is_xvalue`).
    pub xvalues: rustc_hash::FxHashSet<TExprId>,
    /// Inside a variadic template instance: each function parameter pack's name and the locals
    /// of its elements.
    pub pack_locals: Vec<(SmolStr, Vec<LocalId>)>,
    /// While checking one element of a pack expansion: its index.
    pub pack_index: Option<usize>,
    /// Pack expansion elements: `ExprId(SYNTHETIC_BASE + k)` is element `.1` of pattern `.0`.
    pub synthetic: Vec<(ExprId, usize)>,
    /// Fold expression links: `ExprId(SYNTHETIC_FOLD_BASE + k)` is `lhs op rhs` of fold `.3`.
    pub synthetic_folds: Vec<(crate::body::BinaryOp, ExprId, ExprId, ExprId)>,
    /// Template instances this body uses that the def map does not have yet.
    pub instance_requests: Vec<crate::ty::InstanceKey>,
    /// Class template specializations this body uses that the def map does not have yet.
    pub record_requests: Vec<crate::ty::InstanceKey>,
    /// Calls of `constexpr` functions a constant expression needs the value of that the def
    /// map does not know yet (`DefMap::known_calls`); a cell because constant evaluation reads.
    pub call_requests: std::cell::RefCell<Vec<crate::def_map::CallKey>>,
    /// Lambda closure types this body uses that the def map does not have yet.
    pub closure_requests: Vec<crate::ty::ClosureKey>,
    /// Live locals whose class has a destructor: (scope depth, local, class); see `lifetime`.
    pub dtor_locals: Vec<(usize, LocalId, crate::ty::RecordId)>,
    /// Where the first such local was declared (a `goto` in the function is then refused).
    pub first_dtor_local: Option<DiagAt>,
    /// The first `goto` of the body.
    pub first_goto: Option<crate::body::StmtId>,
    /// The `kern<<<...>>>(args)` launch whose call is being resolved: that call (and no call
    /// nested in its arguments) may name a `__global__` function.
    pub launching: Option<ExprId>,
    /// The initializer expression of the local being declared: a temporary of a class with a
    /// destructor made exactly there becomes the local.
    pub init_temp: Option<ExprId>,
    /// The initializer of a reference being declared: a temporary with a destructor there
    /// would need lifetime extension (refused).
    pub ref_init: Option<ExprId>,
    /// Temporaries with destructors made in the current full-expression, destroyed in reverse
    /// order at its end (`lifetime::end_full_expr`).
    pub pending_temps: Vec<super::lifetime::PendingTemp>,
    /// Inside an operand that is evaluated conditionally (`?:` arms, the right of `&&`/`||`),
    /// where a temporary with a destructor gets a flag saying whether it was made.
    pub cond_depth: u32,
    /// The flags of conditionally made temporaries, cleared at function entry.
    pub temp_flags: Vec<LocalId>,
    /// While a default member initializer is checked for an object other than `*this` of the
    /// function (the implicit default constructor expanded at its use): that object's address.
    pub this_override: Option<TExprId>,
    /// While a default member initializer is checked as an element of aggregate
    /// initialization: there is no object for `this` or another member to name.
    pub nsdmi_no_object: bool,
}

/// Truncates a value to the width of an integer type (the `IntConst` representation).
pub(crate) fn int_bits(v: i128, k: IntKind) -> u128 {
    let bits = k.bits();
    (v as u128) & ((1u128 << bits) - 1)
}

impl<'a> Checker<'a> {
    pub(crate) fn new(dm: &'a DefMap, options: &'a CompileOptions, exprs: &'a [Expr], types: &'a [TypeRef]) -> Self {
        Checker {
            dm,
            options,
            exprs,
            types,
            stmts: &[],
            lambdas: &[],
            local_records: &[],
            local_record_requests: Vec::new(),
            constexpr_ifs: &[],
            paren_returns: &[],
            returns_only: false,
            instances_pending: false,
            user_converting: 0,
            scope: None,
            spec_scopes: Vec::new(),
            out: TypedBody::default(),
            diags: Vec::new(),
            at_override: None,
            suggest_names: true,
            unevaluated_depth: 0,
            var_objects: false,
            var_object: None,
            last_expr: None,
            first_error_expr: None,
            func: None,
            scopes: vec![Vec::new()],
            local_consts: FxHashMap::default(),
            callees: BTreeSet::new(),
            globals: BTreeSet::new(),
            cache: FxHashMap::default(),
            var_values: FxHashMap::default(),
            shared_var_values: None,
            instance_of: None,
            subst_class: None,
            adl_types: FxHashMap::default(),
            breakables: Vec::new(),
            switches: Vec::new(),
            labels: FxHashMap::default(),
            ref_locals: Default::default(),
            using_aliases: Vec::new(),
            local_using_dirs: Vec::new(),
            local_typedefs: Vec::new(),
            alias_depth: 0,
            copy_depth: 0,
            targ_prefix: Vec::new(),
            decl_params: Vec::new(),
            template_env: Vec::new(),
            copy_init: false,
            xvalues: Default::default(),
            pack_locals: Vec::new(),
            pack_index: None,
            synthetic: Vec::new(),
            synthetic_folds: Vec::new(),
            instance_requests: Vec::new(),
            record_requests: Vec::new(),
            call_requests: Default::default(),
            closure_requests: Vec::new(),
            dtor_locals: Vec::new(),
            first_dtor_local: None,
            first_goto: None,
            launching: None,
            init_temp: None,
            ref_init: None,
            pending_temps: Vec::new(),
            cond_depth: 0,
            temp_flags: Vec::new(),
            this_override: None,
            nsdmi_no_object: false,
        }
    }

    // ---- diagnostics -------------------------------------------------------------------------

    pub(crate) fn diag(
        &mut self,
        at: DiagAt,
        severity: Severity,
        code: &'static str,
        message: String,
        notes: Vec<String>,
    ) {
        let at = self.at_override.clone().unwrap_or(at);
        // An element of a pack expansion is reported at its pattern.
        let at = match at {
            DiagAt::Expr(e) if e.0 >= SYNTHETIC_FOLD_BASE => {
                match self.synthetic_folds.get((e.0 - SYNTHETIC_FOLD_BASE) as usize) {
                    Some(&(_, _, _, f)) => DiagAt::Expr(f),
                    None => DiagAt::Function,
                }
            }
            DiagAt::Expr(e) if e.0 >= SYNTHETIC_BASE => match self.synthetic.get((e.0 - SYNTHETIC_BASE) as usize) {
                Some(&(p, _)) => DiagAt::Expr(p),
                None => DiagAt::Function,
            },
            a => a,
        };
        self.diags.push(BodyDiagnostic {
            at,
            severity,
            code,
            message,
            notes,
            replace: None,
        });
    }

    pub(crate) fn error(&mut self, at: DiagAt, code: &'static str, message: impl Into<String>) {
        self.diag(at, Severity::Error, code, message.into(), Vec::new());
    }

    pub(crate) fn error_e(&mut self, e: ExprId, code: &'static str, message: impl Into<String>) {
        self.error(DiagAt::Expr(e), code, message);
    }

    pub(crate) fn warn(&mut self, at: DiagAt, code: &'static str, message: impl Into<String>) {
        self.diag(at, Severity::Warning, code, message.into(), Vec::new());
    }

    pub(crate) fn show(&self, t: &Ty) -> String {
        display_ty(t, &self.dm.records)
    }

    // ---- building THIR -----------------------------------------------------------------------

    pub(crate) fn mk(&mut self, ty: Ty, category: ValueCategory, kind: ExprKind) -> TExprId {
        if let ExprKind::AddrOf(x) = kind {
            // `&` and reference binding report nvcc's error where they are; what reaches here is
            // a reference warpc makes itself (a structured binding's member), which C++ allows.
            if self.bit_field_lvalue(x).is_some() {
                let at = self.last_expr.map_or(DiagAt::Function, DiagAt::Expr);
                self.error(at, "unsupported", "unsupported: a bit-field bound by reference here");
                return self.err_expr();
            }
        }
        let id = TExprId(self.out.exprs.len() as u32);
        self.out.exprs.push(TExpr { ty, category, kind });
        id
    }

    pub(crate) fn rvalue_of(&mut self, ty: Ty, kind: ExprKind) -> TExprId {
        self.mk(ty, ValueCategory::RValue, kind)
    }

    /// An expression standing for something that failed (type `Error` suppresses cascades).
    pub(crate) fn err_expr(&mut self) -> TExprId {
        self.mk(Ty::error(), ValueCategory::RValue, ExprKind::IntConst(0))
    }

    pub(crate) fn ty(&self, e: TExprId) -> &Ty {
        &self.out.expr(e).ty
    }

    pub(crate) fn int_const(&mut self, v: i128, k: IntKind) -> TExprId {
        self.rvalue_of(Ty::int(k), ExprKind::IntConst(int_bits(v, k)))
    }

    pub(crate) fn cast(&mut self, kind: CastKind, e: TExprId, to: Ty) -> TExprId {
        self.rvalue_of(to, ExprKind::Cast(kind, e))
    }

    /// lvalue-to-rvalue, array-to-pointer and function-to-pointer conversions.
    pub(crate) fn rv(&mut self, e: TExprId) -> TExprId {
        let x = self.out.expr(e);
        let ty = x.ty.clone();
        if ty.is_error() {
            return e;
        }
        match &ty.kind {
            TyKind::Function(_) => {
                // `*fp` used as a value is `fp` again.
                if let ExprKind::Deref(p) = x.kind {
                    return p;
                }
                self.cast(CastKind::FnToPtr, e, Ty::ptr(ty.unqualified()))
            }
            TyKind::Array(elem, _) => {
                if x.category == ValueCategory::RValue {
                    // Only member arrays of record rvalues get here.
                    return e;
                }
                let elem = (**elem).clone();
                self.cast(CastKind::ArrayToPtr, e, Ty::ptr(elem))
            }
            _ if x.category == ValueCategory::LValue => self.cast(CastKind::Load, e, ty.unqualified()),
            _ => e,
        }
    }

    /// Checks `id` and converts the result to an rvalue.
    pub(crate) fn value(&mut self, id: ExprId) -> TExprId {
        let e = self.expr(id);
        let v = self.rv(e);
        if matches!(self.ty(v).kind, TyKind::Array(..)) && !self.ty(v).is_error() {
            self.error_e(
                id,
                "unsupported",
                "unsupported: array member of a temporary used as a value",
            );
            return self.err_expr();
        }
        v
    }

    /// Checks `id` as a condition: a scalar converted to `bool`.
    pub(crate) fn condition(&mut self, id: ExprId) -> TExprId {
        let v = self.value(id);
        self.bool_value(v, id)
    }

    pub(crate) fn bool_value(&mut self, v: TExprId, at: ExprId) -> TExprId {
        let t = self.ty(v).clone();
        if t.is_error() {
            return v;
        }
        if t.kind == TyKind::Int(IntKind::Bool) {
            return v;
        }
        if t.is_scalar() {
            return self.cast(CastKind::ToBool, v, Ty::bool());
        }
        if let TyKind::Record(rid) = t.kind {
            // Contextual conversion to bool: `explicit operator bool()` counts too.
            let fs: Vec<FnId> = self
                .conversion_functions(rid)
                .into_iter()
                .filter(|&f| {
                    let d = self.dm.function(f);
                    let r = d.sig.ret.unqualified();
                    (r.is_scalar() || matches!(&r.kind, TyKind::Reference(x) if x.is_scalar()))
                        && (!t.is_const() || d.method.as_ref().is_some_and(|m| m.is_const))
                })
                .collect();
            let pick = fs
                .iter()
                .copied()
                .find(|&f| self.dm.function(f).sig.ret.unqualified().kind == TyKind::Int(IntKind::Bool));
            if let Some(f) = pick.or(if fs.len() == 1 { Some(fs[0]) } else { None }) {
                let obj = self.object_address(v);
                let name = self.dm.function(f).name.clone();
                let call = self.call_resolved(at, &name, &[f], vec![obj], &[at]);
                let r = self.rv(call);
                return self.bool_value(r, at);
            }
        }
        self.error_e(
            at,
            "type-mismatch",
            "expression must have bool type (or be convertible to bool)",
        );
        self.err_expr()
    }

    /// Converts an arithmetic rvalue to another arithmetic type.
    pub(crate) fn arith_conv(&mut self, v: TExprId, to: &Ty) -> TExprId {
        let from = self.ty(v).clone();
        if from.is_error() || to.is_error() || types::same_unqual(&from, to) {
            return v;
        }
        let kind = match (&from.kind, &to.kind) {
            (_, TyKind::Int(IntKind::Bool)) => CastKind::ToBool,
            (TyKind::Int(_), TyKind::Int(_)) => CastKind::IntToInt,
            (TyKind::Int(_), TyKind::Float(_)) => CastKind::IntToFloat,
            (TyKind::Float(_), TyKind::Int(_)) => CastKind::FloatToInt,
            (TyKind::Float(_), TyKind::Float(_)) => CastKind::FloatToFloat,
            _ => return v,
        };
        self.cast(kind, v, to.unqualified())
    }

    pub(crate) fn promote_value(&mut self, v: TExprId) -> TExprId {
        let v = self.bit_field_promote(v);
        let t = promote(self.ty(v));
        self.arith_conv(v, &t)
    }

    /// The bit-field lvalue `e` designates, if it is one: a member access, or an assignment,
    /// compound assignment or prefix `++`/`--` of one, or a comma expression ending in one.
    pub(crate) fn bit_field_lvalue(&self, e: TExprId) -> Option<crate::ty::BitField> {
        let x = self.out.expr(e);
        if x.category != ValueCategory::LValue {
            return None;
        }
        match &x.kind {
            ExprKind::Member { base, field } => match self.ty(*base).kind {
                TyKind::Record(r) => self.dm.records.get(r)?.fields.get(*field as usize)?.bits,
                _ => None,
            },
            ExprKind::Assign { lhs, .. }
            | ExprKind::CompoundAssign { lhs, .. }
            | ExprKind::IncDec { lhs, prefix: true, .. } => self.bit_field_lvalue(*lhs),
            ExprKind::Comma(_, b) => self.bit_field_lvalue(*b),
            _ => None,
        }
    }

    /// The bit-field whose value `v` is (a load of a bit-field lvalue, or a member of an rvalue).
    pub(crate) fn bit_field_value(&self, v: TExprId) -> Option<crate::ty::BitField> {
        let x = self.out.expr(v);
        match &x.kind {
            ExprKind::Cast(CastKind::Load, l) => self.bit_field_lvalue(*l),
            ExprKind::Member { base, field } => match self.ty(*base).kind {
                TyKind::Record(r) => self.dm.records.get(r)?.fields.get(*field as usize)?.bits,
                _ => None,
            },
            _ => self.bit_field_lvalue(v),
        }
    }

    /// [conv.prom]/5: the type a bit-field value of `e` promotes to when its declared type
    /// would not promote as far: `int` if it holds every value of the bit-field, else
    /// `unsigned int` if that does.
    pub(crate) fn bit_field_promoted_ty(&self, e: TExprId) -> Option<Ty> {
        let bf = self.bit_field_value(e)?;
        let TyKind::Int(k) = self.ty(e).kind else { return None };
        if k.rank() < IntKind::Int.rank() {
            return None;
        }
        let w = bf.width as u32;
        if w < 32 || (w == 32 && k.is_signed()) {
            Some(Ty::int(IntKind::Int))
        } else if w == 32 {
            Some(Ty::int(IntKind::UInt))
        } else {
            None
        }
    }

    /// Applies the bit-field promotion to rvalue `v` where one applies.
    pub(crate) fn bit_field_promote(&mut self, v: TExprId) -> TExprId {
        match self.bit_field_promoted_ty(v) {
            Some(t) => self.arith_conv(v, &t),
            None => v,
        }
    }

    /// Whether an rvalue is a null pointer constant (an integer constant zero or `nullptr`).
    pub(crate) fn is_null_const(&self, v: TExprId) -> bool {
        let t = self.ty(v);
        match t.kind {
            TyKind::Nullptr => true,
            TyKind::Int(_) => matches!(self.eval(v), Some(CVal::Int(0, _))),
            _ => false,
        }
    }

    // ---- types ---------------------------------------------------------------------------------

    /// Resolves a type written in the body; diagnostics go to `at`.
    pub(crate) fn body_type(&mut self, id: TypeRefId, at: DiagAt) -> Ty {
        let Some(tr) = self.types.get(id.0 as usize) else {
            return Ty::error();
        };
        self.resolve_type_ref(tr, at)
    }

    pub(crate) fn resolve_type_ref(&mut self, tr: &'a TypeRef, at: DiagAt) -> Ty {
        let saved = self.at_override.clone();
        if self.at_override.is_none() {
            self.at_override = Some(at);
        }
        let (t, _) = types::resolve(&mut BodyTypeEnv { ck: self }, tr);
        self.at_override = saved;
        t
    }

    /// Checks a nested constant expression (its own expression arena) as an integer constant
    /// expression. Diagnostics go to the current override.
    pub(crate) fn eval_const_expr(&mut self, ce: &'a ConstExpr) -> Option<(i128, IntKind)> {
        if self.names_decl_param(ce) {
            // A function template's signature naming its parameters (`-> en_t<sizeof(x) == 8,
            // int>`): checked with them declared.
            let (v, diags) = self.in_param_checker(&ce.exprs, &ce.types, |ck| ck.ice(ce.root));
            self.diags.extend(diags);
            return v;
        }
        let (exprs, types) = (self.exprs, self.types);
        let cache = std::mem::take(&mut self.cache);
        self.exprs = &ce.exprs;
        self.types = &ce.types;
        let r = self.ice(ce.root);
        self.exprs = exprs;
        self.types = types;
        self.cache = cache;
        r
    }

    /// Whether `ce` names one of the parameters of the function template whose signature is
    /// being resolved ([`Checker::decl_params`]).
    pub(crate) fn names_decl_param(&self, ce: &ConstExpr) -> bool {
        !self.decl_params.is_empty()
            && ce
                .exprs
                .iter()
                .any(|e| matches!(e, Expr::Name(n) if self.decl_params.iter().any(|(p, _)| p == n)))
    }

    /// Runs `f` in a separate checker over another arena with the parameters of the function
    /// template whose signature is being resolved declared as locals (`decltype(a * 2)`,
    /// `sizeof(x)` in a trailing return type). The caches of variable template values and
    /// specializations and the recursion depth go with it and come back (each signature
    /// would otherwise evaluate libcu++'s concept variables again, from depth 0, without
    /// bound). Gives `f`'s result and the separate checker's diagnostics; its requests are
    /// merged into this checker's.
    pub(crate) fn in_param_checker<R>(
        &mut self,
        exprs: &'a [Expr],
        types: &'a [TypeRef],
        f: impl FnOnce(&mut Checker<'a>) -> R,
    ) -> (R, Vec<BodyDiagnostic>) {
        let mut ck = Checker::new(self.dm, self.options, exprs, types);
        ck.at_override = Some(DiagAt::Function);
        ck.suggest_names = self.suggest_names;
        ck.template_env = self.template_env.clone();
        // (Names are looked up in the template's scope, as the signature's other names.)
        ck.scope = self.scope.clone();
        ck.alias_depth = self.alias_depth;
        ck.subst_class = self.subst_class;
        ck.var_values = std::mem::take(&mut self.var_values);
        ck.shared_var_values = self.shared_var_values.clone();
        ck.instance_of = self.instance_of.take();
        ck.declare_params(&self.decl_params);
        let r = f(&mut ck);
        self.var_values = std::mem::take(&mut ck.var_values);
        if self.instance_of.is_none() {
            self.instance_of = ck.instance_of.take();
        }
        for r in std::mem::take(&mut ck.record_requests) {
            if !self.record_requests.contains(&r) {
                self.record_requests.push(r);
            }
        }
        // The function template instances it names (`decltype(forward<T>(t) + u)`): the
        // declaration types the call, so they are instantiated (next round).
        for r in std::mem::take(&mut ck.instance_requests) {
            if !self.instance_requests.contains(&r) {
                self.instance_requests.push(r);
            }
        }
        self.note_call_requests(ck.call_requests.take());
        (r, ck.diags)
    }

    /// Declares a function's parameters as locals (reference parameters as reference locals),
    /// for `decltype` in its signature.
    pub(crate) fn declare_params(&mut self, params: &[(SmolStr, Ty)]) {
        for (n, t) in params {
            let (lt, is_ref) = match &t.kind {
                TyKind::Reference(r) => (Ty::ptr((**r).clone()), true),
                _ => (t.clone(), false),
            };
            let l = self.add_local(n.clone(), lt, crate::thir::LocalStorage::Auto);
            if is_ref {
                self.ref_locals.insert(l);
            }
            if let Some(scope) = self.scopes.last_mut() {
                scope.push((n.clone(), l));
            }
        }
    }

    /// The type `decltype(e)` denotes: for an unparenthesized name or member access
    /// (`id_expr`), the declared type of the entity (a reference local's is `T&`); otherwise
    /// `T&` for an lvalue of type `T`, `T` for a prvalue. The operand is not evaluated.
    pub(crate) fn decltype_of(&mut self, e: ExprId, id_expr: bool) -> Ty {
        let (callees, globals) = (self.callees.clone(), self.globals.clone());
        self.unevaluated_depth += 1;
        let v = self.expr(e);
        self.unevaluated_depth -= 1;
        self.callees = callees;
        self.globals = globals;
        let x = self.out.expr(v);
        let (ty, cat, kind) = (x.ty.clone(), x.category, x.kind.clone());
        if ty.is_error() {
            return ty;
        }
        if id_expr {
            if let Some(Expr::Name(n)) = self.exprs.get(e.0 as usize) {
                if let Some(l) = self.lookup_local(n) {
                    let lt = self.out.local(l).ty.clone();
                    if self.ref_locals.contains(&l) {
                        return Ty::new(TyKind::Reference(Box::new(
                            lt.pointee().cloned().unwrap_or_else(Ty::error),
                        )));
                    }
                    return lt;
                }
            }
            let _ = kind;
            return ty;
        }
        if cat == ValueCategory::LValue && self.xvalues.contains(&v) {
            // An xvalue (`static_cast<T&&>(x)`, `std::move(x)`): `T&&`.
            Ty::new(TyKind::Reference(Box::new(ty))).with_quals(crate::body::Quals::RVALUE)
        } else if cat == ValueCategory::LValue {
            Ty::new(TyKind::Reference(Box::new(ty)))
        } else {
            ty
        }
    }

    /// Checks `id` as an integer constant expression.
    /// The function template instances and `constexpr` calls' values this checker asked for
    /// (a nested constant expression's: the def-map builder keeps them).
    pub(crate) fn take_nested_requests(&mut self) -> super::items::NestedRequests {
        (std::mem::take(&mut self.instance_requests), self.call_requests.take())
    }

    /// Adds calls another checker (a nested constant expression's) asked the value of.
    pub(crate) fn note_call_requests(&self, calls: Vec<crate::def_map::CallKey>) {
        let mut mine = self.call_requests.borrow_mut();
        for c in calls {
            if !mine.contains(&c) {
                mine.push(c);
            }
        }
    }

    pub(crate) fn ice(&mut self, id: ExprId) -> Option<(i128, IntKind)> {
        let n_errors = self.diags.len();
        let (callees, globals) = (self.callees.clone(), self.globals.clone());
        let v = self.value(id);
        self.callees = callees;
        self.globals = globals;
        let t = self.ty(v).clone();
        if t.is_error()
            || self.diags.len() > n_errors && self.diags[n_errors..].iter().any(|d| d.severity == Severity::Error)
        {
            return None;
        }
        if !t.is_integer() {
            self.error_e(id, "not-constant", "expression must have integral or enum type");
            return None;
        }
        match self.eval(v) {
            Some(CVal::Int(v, k)) => Some((v, k)),
            _ => {
                self.error_e(id, "not-constant", "expression must have a constant value");
                None
            }
        }
    }
}

/// Ids of pack expansion elements start here (far beyond any body's arena).
pub(crate) const SYNTHETIC_BASE: u32 = 0x4000_0000;
/// The first id of the synthetic links of expanded fold expressions (`Checker::synthetic_folds`).
pub(crate) const SYNTHETIC_FOLD_BASE: u32 = 0x6000_0000;

/// Type resolution inside a body: typedefs and tags come from the def map.
pub(crate) struct BodyTypeEnv<'c, 'a> {
    pub(crate) ck: &'c mut Checker<'a>,
}

impl<'a> BodyTypeEnv<'_, 'a> {
    /// The largest alignment written in `list` (0 when none); `None` after an error.
    fn explicit_align(&mut self, list: &'a [ConstExpr]) -> Option<u64> {
        let mut align = 0u64;
        for a in list {
            let n = self.ck.eval_const_expr(a)?.0;
            if n <= 0 || !(n as u64).is_power_of_two() {
                self.error(
                    "invalid-alignment",
                    "invalid alignment value specified by attribute".into(),
                );
                return None;
            }
            align = align.max(n as u64);
        }
        Some(align)
    }
}

impl<'c, 'a> TypeEnv<'a> for BodyTypeEnv<'c, 'a> {
    fn records(&self) -> &crate::ty::Records {
        &self.ck.dm.records
    }
    fn typedef(&mut self, name: &SmolStr) -> Option<(Ty, MangleTy)> {
        if let Some((_, _, t)) = self.ck.local_typedefs.iter().rev().find(|(_, n, _)| n == name) {
            let t = t.clone();
            let m = MangleTy::from_ty(&t, &self.ck.dm.records);
            return Some((t, m));
        }
        if let Some(t) = self.ck.template_param_type(name) {
            // An enumeration argument keeps its ABI name (warpc's `Ty` has enums as `int`).
            let bound = self
                .ck
                .template_env
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .and_then(|(_, a)| match a {
                    // (One element of a pack, inside a pack expansion: `__is_enum(T)...`.)
                    crate::ty::TArg::Pack(v) => v.get(self.ck.pack_index?),
                    a => Some(a),
                });
            let m = match bound {
                Some(crate::ty::TArg::Type {
                    mangle: m @ MangleTy::Named(_),
                    ty,
                }) if matches!(ty.kind, TyKind::Int(_)) => m.clone(),
                _ => MangleTy::from_ty(&t, &self.ck.dm.records),
            };
            return Some((t, m));
        }
        // The injected class name: in a member of a class template specialization (or a
        // hidden friend declared with one), the template's name (`C r;`) is the specialization.
        if let Some((rid, m)) = self.ck.injected_class(name) {
            return Some((Ty::new(TyKind::Record(rid)), m));
        }
        for q in self.ck.name_candidates(name) {
            if let Some(t) = self.ck.dm.typedefs.get(&q).cloned() {
                let m = MangleTy::from_ty(&t, &self.ck.dm.records);
                return Some((t, m));
            }
            // C++: a class name is a type name.
            if let Some(&id) = self.ck.dm.tags.get(&q) {
                let rd = self.ck.dm.record(id);
                let m = match &rd.mangle {
                    Some(m @ MangleTy::DependentName { .. }) => m.clone(),
                    _ => MangleTy::Named(rd.name.clone().unwrap_or(q)),
                };
                return Some((Ty::new(TyKind::Record(id)), m));
            }
            // ... and so is an enum name (warpc's enums are their integer types).
            if self.ck.dm.enum_names.contains(&q) {
                let k = self.ck.dm.enum_kinds(&q).repr;
                return Some((Ty::int(k), MangleTy::Named(q)));
            }
        }
        None
    }
    fn record(&mut self, kind: RecordKind, name: Option<&SmolStr>, _def: Option<u32>) -> Result<RecordId, String> {
        let Some(name) = name else {
            return Err("unsupported: struct or union definition inside a function".into());
        };
        if let Some((rid, _)) = self.ck.injected_class(name) {
            return Ok(rid);
        }
        // `struct S` naming a class defined earlier in the body.
        if !name.contains("::") {
            let local = self.ck.local_typedefs.iter().rev().find(|(_, n, _)| n == name);
            if let Some((_, _, t)) = local {
                if let TyKind::Record(r) = t.kind {
                    if t.quals.is_empty() && self.ck.dm.local_records.values().any(|&l| l == r) {
                        let is_union = self.ck.dm.record(r).is_union;
                        if is_union != (kind == RecordKind::Union) {
                            return Err(format!("unsupported: \"{name}\" redeclared with another class key"));
                        }
                        return Ok(r);
                    }
                }
            }
        }
        let found = self
            .ck
            .name_candidates(name)
            .into_iter()
            .find_map(|q| self.ck.dm.tags.get(&q).copied());
        match found.as_ref() {
            Some(r) => {
                let is_union = self.ck.dm.record(*r).is_union;
                if is_union != (kind == RecordKind::Union) {
                    return Err(format!("unsupported: \"{name}\" redeclared with another class key"));
                }
                Ok(*r)
            }
            None => Err(format!(
                "unsupported: struct \"{name}\" first declared inside a function"
            )),
        }
    }
    fn enum_name(&mut self, name: Option<&SmolStr>, _def: Option<u32>) -> SmolStr {
        name.cloned().unwrap_or_else(|| SmolStr::new("$anon"))
    }
    fn enum_kinds(&mut self, name: &SmolStr, _def: Option<u32>) -> crate::def_map::EnumKinds {
        self.ck.dm.enum_kinds(name)
    }
    fn local_record(&mut self, index: u32) -> Option<(Ty, MangleTy)> {
        let def: &'a crate::body::LocalRecordDef = self.ck.local_records.get(index as usize)?;
        let enclosing = match &self.ck.func {
            // A lambda's body is part of the enclosing function's: its classes are the same.
            Some(f) => match self.ck.dm.closures.iter().find(|(_, v)| v.1 == f.id) {
                Some((k, _)) => k.enclosing.clone(),
                None => self.ck.dm.function(f.id).link_name.clone(),
            },
            None => {
                self.error(
                    "unsupported",
                    "unsupported: struct or union definition inside a function".into(),
                );
                return None;
            }
        };
        // Each member's type as this instance of the function has it.
        let mut fields = Vec::new();
        let mut ok = true;
        for f in &def.fields {
            let (t, _) = types::resolve(self, &f.ty);
            if t.is_error() {
                ok = false;
                continue;
            }
            if !types::is_complete(&t, &self.ck.dm.records) || matches!(t.kind, TyKind::Function(_)) {
                let shown = super::display_ty(&t, &self.ck.dm.records);
                self.error("incomplete-type", format!("incomplete type \"{shown}\" is not allowed"));
                ok = false;
                continue;
            }
            let align = self.explicit_align(&f.align)?;
            fields.push((f.name.clone(), t, align));
        }
        let mut bases = Vec::new();
        for b in &def.bases {
            let (t, _) = types::resolve(self, b);
            if t.is_error() {
                ok = false;
                continue;
            }
            match t.kind {
                TyKind::Record(r) if self.ck.dm.record(r).complete && !self.ck.dm.record(r).is_union => {
                    if def.kind == RecordKind::Union {
                        self.error(
                            "invalid-base",
                            "a union cannot be a base class or have base classes".into(),
                        );
                        ok = false;
                    } else if bases.contains(&r) {
                        let shown = super::display_ty(&t, &self.ck.dm.records);
                        self.error("invalid-base", format!("\"{shown}\" is already a direct base class"));
                        ok = false;
                    } else {
                        bases.push(r);
                    }
                }
                TyKind::Record(r) if self.ck.dm.record(r).is_union => {
                    self.error(
                        "invalid-base",
                        "a union cannot be a base class or have base classes".into(),
                    );
                    ok = false;
                }
                TyKind::Record(_) => {
                    let shown = super::display_ty(&t, &self.ck.dm.records);
                    self.error("incomplete-type", format!("incomplete type \"{shown}\" is not allowed"));
                    ok = false;
                }
                _ => {
                    self.error("invalid-base", "not a class or struct name".into());
                    ok = false;
                }
            }
        }
        let align = self.explicit_align(&def.align)?;
        if !ok {
            return None;
        }
        let m = MangleTy::Named(crate::mangle::local_class_name(&enclosing, def.name.as_deref(), index));
        let key = crate::ty::LocalRecordKey {
            enclosing,
            index,
            is_union: def.kind == RecordKind::Union,
            name: def.name.clone(),
            fields,
            align,
            bases,
        };
        let Some(&rid) = self.ck.dm.local_records.get(&key) else {
            if !self.ck.local_record_requests.contains(&key) {
                self.ck.local_record_requests.push(key);
            }
            self.error(
                "unsupported",
                "unsupported: this class defined in a function could not be laid out here".into(),
            );
            return None;
        };
        let t = Ty::new(TyKind::Record(rid));
        // The class name denotes the class in the rest of the block.
        if let Some(name) = &def.name {
            let depth = self.ck.scopes.len();
            let known = self
                .ck
                .local_typedefs
                .iter()
                .rev()
                .find(|(_, n, _)| n == name)
                .is_some_and(|(d, _, x)| *d == depth && *x == t);
            if !known {
                self.ck.local_typedefs.push((depth, name.clone(), t.clone()));
            }
        }
        Some((t, m))
    }
    fn array_len(&mut self, e: &'a ConstExpr) -> Option<i128> {
        self.ck.eval_const_expr(e).map(|(v, _)| v)
    }
    fn error(&mut self, code: &'static str, msg: String) {
        self.ck.error(DiagAt::Function, code, msg);
    }
    fn template_record(
        &mut self,
        name: &SmolStr,
        args: &'a [crate::body::TemplateArgRef],
    ) -> Result<(Ty, MangleTy), String> {
        self.ck.template_record_in_body(name, args)
    }
    fn member_type(&mut self, rid: RecordId, member: &SmolStr) -> Option<(Ty, MangleTy)> {
        // The class's own member, else one of its bases' ([class.member.lookup]).
        let dm = self.ck.dm;
        let mut stack = vec![(rid, 0u32)];
        while let Some((r, depth)) = stack.pop() {
            let rd = dm.records.get(r)?;
            if let Some(rn) = &rd.name {
                let q = format!("{rn}::{member}");
                if let Some(t) = dm.typedefs.get(q.as_str()).cloned() {
                    let m = MangleTy::from_ty(&t, &dm.records);
                    return Some((t, m));
                }
                if let Some(&id) = dm.tags.get(q.as_str()) {
                    let m = dm.records[id]
                        .mangle
                        .clone()
                        .unwrap_or_else(|| MangleTy::Named(SmolStr::new(q)));
                    return Some((Ty::new(TyKind::Record(id)), m));
                }
            }
            if depth < 64 {
                stack.extend(
                    rd.bases
                        .iter()
                        .rev()
                        .map(|b| b.record)
                        .filter(|&b| b != r)
                        .map(|b| (b, depth + 1)),
                );
            }
        }
        None
    }
    fn decltype(&mut self, e: &'a ConstExpr, id_expr: bool) -> Option<Ty> {
        if !self.ck.decl_params.is_empty() {
            // A function template's signature: the parameters are the names in scope.
            let (t, diags) = self
                .ck
                .in_param_checker(&e.exprs, &e.types, |ck| ck.decltype_of(e.root, id_expr));
            let bad = diags.iter().any(|d| d.severity == Severity::Error);
            self.ck.diags.extend(diags);
            return (!bad).then_some(t);
        }
        let (exprs, types) = (self.ck.exprs, self.ck.types);
        let cache = std::mem::take(&mut self.ck.cache);
        self.ck.exprs = &e.exprs;
        self.ck.types = &e.types;
        let n = self.ck.diags.len();
        let t = self.ck.decltype_of(e.root, id_expr);
        self.ck.exprs = exprs;
        self.ck.types = types;
        self.ck.cache = cache;
        let bad = self.ck.diags[n..].iter().any(|d| d.severity == Severity::Error);
        (!bad).then_some(t)
    }
}

/// The components of a qualified scope name, `::` inside template argument lists kept
/// (`a::S<b::T>::In` is `[a, S<b::T>, In]`).
pub(super) fn split_scope(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'<' | b'(' => depth += 1,
            b'>' | b')' => depth -= 1,
            b':' if depth == 0 && b.get(i + 1) == Some(&b':') => {
                out.push(&s[start..i]);
                start = i + 2;
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(&s[start..]);
    out
}

/// `a::b<c::d>::e` -> `a::b<c::d>`: the scope enclosing a qualified name, split at the last `::`
/// outside template arguments.
pub(crate) fn top_level_parent(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut i = b.len();
    while i > 1 {
        i -= 1;
        match b[i] {
            b'>' => depth += 1,
            b'<' => depth -= 1,
            b':' if depth == 0 && b[i - 1] == b':' => return Some(&s[..i - 1]),
            _ => {}
        }
    }
    None
}

impl Checker<'_> {
    /// The class template specialization that `name` (the template's name, as written or
    /// qualified) denotes as the injected-class-name in the function being checked: a member
    /// of the specialization, or a hidden friend declared with it.
    pub(crate) fn injected_class(&self, name: &str) -> Option<(crate::ty::RecordId, MangleTy)> {
        let rid = match self.subst_class {
            Some(r) => r,
            None => {
                let f = self.func.as_ref()?;
                f.record
                    .or_else(|| self.dm.friend_records.get(&f.id.0).map(|(_, r)| *r))?
            }
        };
        match self.dm.records.get(rid).and_then(|r| r.mangle.as_ref()) {
            Some(m @ MangleTy::Template { name: tn, .. }) if tn == name || tn.rsplit("::").next() == Some(name) => {
                Some((rid, m.clone()))
            }
            _ => None,
        }
    }
}

/// What checking an expression of another arena changes and gives back after: a default
/// argument at a call (`conv.rs::in_default_arg`), a default member initializer
/// (`cxx_nsdmi.rs::in_field_init`).
pub(super) struct ForeignArena<'a> {
    exprs: &'a [Expr],
    types: &'a [TypeRef],
    cache: FxHashMap<ExprId, TExprId>,
    scopes: Vec<Vec<(SmolStr, LocalId)>>,
    local_typedefs: Vec<(usize, SmolStr, Ty)>,
    using_aliases: Vec<(usize, SmolStr, SmolStr)>,
    local_using_dirs: Vec<(usize, SmolStr)>,
    pack_locals: Vec<(SmolStr, Vec<LocalId>)>,
    template_env: Vec<(SmolStr, crate::ty::TArg)>,
    spec_scopes: Vec<(SmolStr, SmolStr)>,
    this_override: Option<TExprId>,
    init_temp: Option<ExprId>,
    ref_init: Option<ExprId>,
    copy_init: bool,
    at_override: Option<DiagAt>,
    scope: Option<SmolStr>,
    func: Option<FnCtx>,
}

impl<'a> Checker<'a> {
    /// Enters the arena of `e`: its own expression cache, no locals, local typedefs, using
    /// declarations or packs of the enclosing body, template arguments `env` and specializations
    /// `spec_scopes`, `this` the object at `this` (if any), diagnostics at `at` unless an
    /// override is set. The caller then adjusts `scope` and `func`; [`Self::leave_arena`] restores
    /// everything.
    pub(super) fn enter_arena(
        &mut self,
        e: &'a ConstExpr,
        env: Vec<(SmolStr, crate::ty::TArg)>,
        spec_scopes: Vec<(SmolStr, SmolStr)>,
        this: Option<TExprId>,
        at: DiagAt,
    ) -> ForeignArena<'a> {
        let saved = ForeignArena {
            exprs: std::mem::replace(&mut self.exprs, &e.exprs),
            types: std::mem::replace(&mut self.types, &e.types),
            cache: std::mem::take(&mut self.cache),
            scopes: std::mem::replace(&mut self.scopes, vec![Vec::new()]),
            local_typedefs: std::mem::take(&mut self.local_typedefs),
            using_aliases: std::mem::take(&mut self.using_aliases),
            local_using_dirs: std::mem::take(&mut self.local_using_dirs),
            pack_locals: std::mem::take(&mut self.pack_locals),
            template_env: std::mem::replace(&mut self.template_env, env),
            spec_scopes: std::mem::replace(&mut self.spec_scopes, spec_scopes),
            this_override: std::mem::replace(&mut self.this_override, this),
            init_temp: self.init_temp.take(),
            ref_init: self.ref_init.take(),
            copy_init: std::mem::replace(&mut self.copy_init, false),
            at_override: self.at_override.clone(),
            scope: self.scope.clone(),
            func: self.func.clone(),
        };
        if self.at_override.is_none() {
            self.at_override = Some(at);
        }
        saved
    }

    /// Leaves an arena entered with [`Self::enter_arena`].
    pub(super) fn leave_arena(&mut self, saved: ForeignArena<'a>) {
        self.exprs = saved.exprs;
        self.types = saved.types;
        self.cache = saved.cache;
        self.scopes = saved.scopes;
        self.local_typedefs = saved.local_typedefs;
        self.using_aliases = saved.using_aliases;
        self.local_using_dirs = saved.local_using_dirs;
        self.pack_locals = saved.pack_locals;
        self.template_env = saved.template_env;
        self.spec_scopes = saved.spec_scopes;
        self.this_override = saved.this_override;
        self.init_temp = saved.init_temp;
        self.ref_init = saved.ref_init;
        self.copy_init = saved.copy_init;
        self.at_override = saved.at_override;
        self.scope = saved.scope;
        self.func = saved.func;
    }
}
