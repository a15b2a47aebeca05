//! The body checker's state and expression checking: names, literals, operators, member access,
//! casts, sizeof. Conversions and calls are in `conv`, initializers in `init`, statements in
//! `stmt`.

use super::consteval::CVal;
use super::display::display_ty;
use super::types::{self, int_kind, promote, usual_arith, TypeEnv};
use super::{BodyDiagnostic, DiagAt};
use crate::body::{
    BinaryOp, CharPrefix, ConstExpr, Expr, ExprId, Literal, Quals, RecordKind, Stmt, TypeRef, TypeRefId, UnaryOp,
};
use crate::def_map::{DefMap, ValueDef};
use crate::mangle::MangleTy;
use crate::thir::{
    BuiltinVar, CastKind, Dim, ExprKind, LocalId, TBinOp, TExpr, TExprId, TInit, TUnaryOp, TypedBody, ValueCategory,
};
use crate::ty::{ExecSpace, FloatKind, FnId, GlobalId, IntKind, RecordDecl, RecordId, Ty, TyKind, VarSpace};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;
use std::collections::BTreeSet;
use warpc_base::{CompileOptions, Severity};

/// The function being checked.
pub(crate) struct FnCtx {
    #[allow(dead_code)]
    pub id: FnId,
    pub name: SmolStr,
    pub space: ExecSpace,
    pub ret: Ty,
    /// For a member function: its class.
    pub record: Option<RecordId>,
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
    pub dm: &'a DefMap,
    pub options: &'a CompileOptions,
    pub exprs: &'a [Expr],
    pub types: &'a [TypeRef],
    pub stmts: &'a [Stmt],
    /// The lambdas of the body being checked.
    pub lambdas: &'a [crate::body::LambdaDef],
    /// The body's `if constexpr` statements.
    pub constexpr_ifs: &'a [crate::body::StmtId],
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
    pub func: Option<FnCtx>,
    pub scopes: Vec<Vec<(SmolStr, LocalId)>>,
    /// `const` arithmetic locals with constant initializers (usable in constant expressions).
    pub local_consts: FxHashMap<LocalId, CVal>,
    pub callees: BTreeSet<FnId>,
    pub globals: BTreeSet<GlobalId>,
    /// Expressions already checked (initializer look-ahead for brace elision).
    pub cache: FxHashMap<ExprId, TExprId>,
    pub breakables: Vec<Breakable>,
    pub switches: Vec<SwitchCtx>,
    pub labels: FxHashMap<SmolStr, crate::thir::LabelId>,
    /// Locals declared as references (`T&`): THIR locals of type `Pointer(T)`, dereferenced at
    /// each use.
    pub ref_locals: rustc_hash::FxHashSet<LocalId>,
    /// Block-scope `using N::name;` declarations: (scope depth, name, target).
    pub using_aliases: Vec<(usize, SmolStr, SmolStr)>,
    /// Block-scope typedefs and aliases: (scope depth, name, type).
    pub local_typedefs: Vec<(usize, SmolStr, Ty)>,
    /// Nesting of alias template expansions (bounded: an alias may name itself).
    pub alias_depth: u32,
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
    /// Temporaries with destructors made in the current full-expression: (hidden local, class,
    /// where), destroyed in reverse order at its end (`lifetime::end_full_expr`).
    pub pending_temps: Vec<(LocalId, crate::ty::RecordId, ExprId)>,
    /// Inside an operand that is evaluated conditionally (`?:` arms, the right of `&&`/`||`),
    /// where a temporary with a destructor is refused.
    pub cond_depth: u32,
}

pub(crate) const BUILTIN_VARS: [&str; 5] = ["threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"];

fn binop(op: BinaryOp) -> Option<TBinOp> {
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

/// Type of an integer literal by C++ [lex.icon]; `None` when no type can hold it.
/// How a binary operator is spelled (for `operator@` lookup).
fn binop_spelling(op: BinaryOp) -> &'static str {
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

pub(crate) fn int_literal_kind(value: u128, unsigned: bool, long: u8, decimal: bool) -> Option<IntKind> {
    use IntKind::*;
    let cands: &[IntKind] = match (unsigned, long.min(2), decimal) {
        (false, 0, true) => &[Int, Long, LongLong],
        (false, 0, false) => &[Int, UInt, Long, ULong, LongLong, ULongLong],
        (true, 0, _) => &[UInt, ULong, ULongLong],
        (false, 1, true) => &[Long, LongLong],
        (false, 1, false) => &[Long, ULong, LongLong, ULongLong],
        (true, 1, _) => &[ULong, ULongLong],
        (false, _, true) => &[LongLong],
        (false, _, false) => &[LongLong, ULongLong],
        (true, _, _) => &[ULongLong],
    };
    cands.iter().copied().find(|k| {
        let max: u128 = if k.is_signed() {
            (1u128 << (k.bits() - 1)) - 1
        } else {
            (1u128 << k.bits()) - 1
        };
        value <= max
    })
}

/// Edit distance over Unicode scalar values: insertions, deletions, substitutions and swaps of
/// two adjacent characters count one each (optimal string alignment; a case change is an edit).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for (j, x) in d.iter_mut().enumerate().take(w) {
        *x = j;
    }
    for i in 1..=a.len() {
        d[i * w] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j - 1] + cost)
                .min(d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
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
            constexpr_ifs: &[],
            scope: None,
            spec_scopes: Vec::new(),
            out: TypedBody::default(),
            diags: Vec::new(),
            at_override: None,
            last_expr: None,
            func: None,
            scopes: vec![Vec::new()],
            local_consts: FxHashMap::default(),
            callees: BTreeSet::new(),
            globals: BTreeSet::new(),
            cache: FxHashMap::default(),
            breakables: Vec::new(),
            switches: Vec::new(),
            labels: FxHashMap::default(),
            ref_locals: Default::default(),
            using_aliases: Vec::new(),
            local_typedefs: Vec::new(),
            alias_depth: 0,
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
            closure_requests: Vec::new(),
            dtor_locals: Vec::new(),
            first_dtor_local: None,
            first_goto: None,
            launching: None,
            init_temp: None,
            ref_init: None,
            pending_temps: Vec::new(),
            cond_depth: 0,
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
        let t = promote(self.ty(v));
        self.arith_conv(v, &t)
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

    // ---- scopes and names ----------------------------------------------------------------------

    pub(crate) fn lookup_local(&self, name: &str) -> Option<LocalId> {
        for scope in self.scopes.iter().rev() {
            if let Some((_, l)) = scope.iter().rev().find(|(n, _)| n == name) {
                return Some(*l);
            }
        }
        // An element of a function parameter pack, inside one element of a pack expansion.
        let i = self.pack_index?;
        self.pack_locals
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, ls)| ls.get(i).copied())
    }

    /// The number of elements of pack `name` (a function parameter pack or a template
    /// parameter pack).
    pub(crate) fn pack_len(&self, name: &str) -> Option<usize> {
        if let Some((_, ls)) = self.pack_locals.iter().rev().find(|(n, _)| n == name) {
            return Some(ls.len());
        }
        self.template_env.iter().rev().find_map(|(n, a)| match a {
            crate::ty::TArg::Pack(v) if n == name => Some(v.len()),
            _ => None,
        })
    }

    /// Arguments with their pack expansions expanded (one synthetic id per element).
    pub(crate) fn expand_args(&mut self, args: &[ExprId]) -> Vec<ExprId> {
        let mut out = Vec::with_capacity(args.len());
        for &a in args {
            let Some(Expr::PackExpansion(pat)) = self.exprs.get(a.0 as usize) else {
                out.push(a);
                continue;
            };
            let pat = *pat;
            let mut names = Vec::new();
            self.names_in(pat, &mut names, 0);
            let lens: Vec<usize> = names.iter().filter_map(|n| self.pack_len(n)).collect();
            let Some(&n) = lens.first() else {
                self.error_e(
                    a,
                    "pack-expansion",
                    "the pattern of a pack expansion must contain a parameter pack",
                );
                continue;
            };
            if lens.iter().any(|&l| l != n) {
                self.error_e(
                    a,
                    "pack-expansion",
                    "the parameter packs of a pack expansion have different lengths",
                );
                continue;
            }
            for i in 0..n {
                out.push(ExprId(SYNTHETIC_BASE + self.synthetic.len() as u32));
                self.synthetic.push((pat, i));
            }
        }
        out
    }

    /// Names (and type names) a pattern mentions.
    fn names_in(&self, e: ExprId, out: &mut Vec<SmolStr>, depth: u32) {
        if depth > 64 {
            return;
        }
        let Some(x) = self.exprs.get(e.0 as usize) else { return };
        let d = depth + 1;
        let ty_names = |t: &TypeRefId, out: &mut Vec<SmolStr>| {
            if let Some(tr) = self.types.get(t.0 as usize) {
                type_ref_names(tr, out, 0);
            }
        };
        match x {
            Expr::Name(n) => out.push(n.clone()),
            Expr::Unary { expr, .. } | Expr::SizeofExpr(expr) => self.names_in(*expr, out, d),
            Expr::Cast { ty, expr } => {
                ty_names(ty, out);
                self.names_in(*expr, out, d);
            }
            Expr::Binary { lhs, rhs, .. } | Expr::Assign { lhs, rhs, .. } | Expr::Index { base: lhs, index: rhs } => {
                self.names_in(*lhs, out, d);
                self.names_in(*rhs, out, d);
            }
            Expr::Cond { cond, then, else_ } => {
                self.names_in(*cond, out, d);
                self.names_in(*then, out, d);
                self.names_in(*else_, out, d);
            }
            Expr::Call { callee, args } => {
                self.names_in(*callee, out, d);
                args.iter().for_each(|a| self.names_in(*a, out, d));
            }
            Expr::Member { base, .. } => self.names_in(*base, out, d),
            Expr::Construct { ty, args, init, .. } => {
                ty_names(ty, out);
                let mut all = args.clone();
                if let Some(i) = init {
                    all.clear();
                    i.exprs(&mut all);
                }
                all.iter().for_each(|a| self.names_in(*a, out, d));
            }
            Expr::SizeofType(t) => ty_names(t, out),
            Expr::TypeTrait { args, .. } => args.iter().for_each(|t| ty_names(t, out)),
            Expr::Fold { lhs, rhs, .. } => {
                lhs.iter().chain(rhs).for_each(|e| self.names_in(*e, out, d));
            }
            _ => {}
        }
    }

    /// The elements of pack expansion pattern `pat` (one synthetic id each); `None` after an
    /// error reported at `at`.
    pub(crate) fn expand_pattern(&mut self, at: ExprId, pat: ExprId) -> Option<Vec<ExprId>> {
        let mut names = Vec::new();
        self.names_in(pat, &mut names, 0);
        let lens: Vec<usize> = names.iter().filter_map(|n| self.pack_len(n)).collect();
        let Some(&n) = lens.first() else {
            self.error_e(
                at,
                "pack-expansion",
                "the pattern of a pack expansion must contain a parameter pack",
            );
            return None;
        };
        if lens.iter().any(|&l| l != n) {
            self.error_e(
                at,
                "pack-expansion",
                "the parameter packs of a pack expansion have different lengths",
            );
            return None;
        }
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            out.push(ExprId(SYNTHETIC_BASE + self.synthetic.len() as u32));
            self.synthetic.push((pat, i));
        }
        Some(out)
    }

    fn mentions_pack(&self, e: ExprId) -> bool {
        let mut names = Vec::new();
        self.names_in(e, &mut names, 0);
        names.iter().any(|n| self.pack_len(n).is_some())
    }

    /// A fold expression, expanded into a chain of synthetic binary links
    /// (`E1 op (E2 op (... op I))` for a right fold, `((I op E1) op E2) ...` for a left one).
    fn fold(&mut self, id: ExprId, op: crate::body::BinaryOp, lhs: Option<ExprId>, rhs: Option<ExprId>) -> TExprId {
        use crate::body::BinaryOp;
        let (pat, init, right) = match (lhs, rhs) {
            (Some(l), None) => (l, None, true),
            (None, Some(r)) => (r, None, false),
            (Some(l), Some(r)) => match (self.mentions_pack(l), self.mentions_pack(r)) {
                (true, false) => (l, Some(r), true),
                (false, true) => (r, Some(l), false),
                (true, true) => {
                    self.error_e(
                        id,
                        "pack-expansion",
                        "a binary fold expression cannot apply to two parameter packs",
                    );
                    return self.err_expr();
                }
                (false, false) => (l, Some(r), true),
            },
            (None, None) => return self.err_expr(),
        };
        if !self.mentions_pack(pat) {
            self.error_e(
                id,
                "pack-expansion",
                "fold expression does not refer to a parameter pack",
            );
            return self.err_expr();
        }
        let Some(elems) = self.expand_pattern(id, pat) else {
            return self.err_expr();
        };
        let mut items: Vec<ExprId> = elems;
        if items.is_empty() && init.is_none() {
            // [temp.variadic]: only `&&`, `||` and `,` have a value for an empty pack.
            return match op {
                BinaryOp::LogicAnd => self.rvalue_of(Ty::bool(), ExprKind::IntConst(1)),
                BinaryOp::LogicOr => self.rvalue_of(Ty::bool(), ExprKind::IntConst(0)),
                BinaryOp::Comma => {
                    let z = self.rvalue_of(Ty::int(IntKind::Int), ExprKind::IntConst(0));
                    self.cast(CastKind::ToVoid, z, Ty::void())
                }
                _ => {
                    self.error_e(id, "empty-fold", "empty expansion not valid for this fold expression");
                    self.err_expr()
                }
            };
        }
        let link = |this: &mut Self, l: ExprId, r: ExprId| {
            let k = ExprId(SYNTHETIC_FOLD_BASE + this.synthetic_folds.len() as u32);
            this.synthetic_folds.push((op, l, r, id));
            k
        };
        let acc = if right {
            if let Some(i) = init {
                items.push(i);
            }
            let mut acc = items.pop().expect("non-empty");
            while let Some(e) = items.pop() {
                acc = link(self, e, acc);
            }
            acc
        } else {
            if let Some(i) = init {
                items.insert(0, i);
            }
            let mut it = items.into_iter();
            let mut acc = it.next().expect("non-empty");
            for e in it {
                acc = link(self, acc, e);
            }
            acc
        };
        self.expr(acc)
    }

    /// The namespace-scope declarations of `name` visible here. Inside a function body that is
    /// only what an item before the function's own declared (or that item itself: recursion),
    /// as C++ requires a declaration before a use.
    pub(crate) fn visible_values(&self, name: &str) -> Option<&'a Vec<ValueDef>> {
        let dm: &'a DefMap = self.dm;
        let here = self.current_item();
        // Members of the current class are visible in its member functions wherever declared.
        let class_prefix = self
            .func
            .as_ref()
            .and_then(|f| f.record)
            .and_then(|r| dm.records.get(r.0 as usize))
            .and_then(|r| r.name.as_ref())
            .map(|n| format!("{n}::"));
        self.name_candidates(name).into_iter().find_map(|q| {
            let defs = dm.values.get(&q)?;
            let own_member = class_prefix.as_ref().is_some_and(|p| q.starts_with(p.as_str()));
            if !own_member && here.is_some_and(|here| dm.declared_at.get(&q).is_some_and(|&at| at > here)) {
                return None;
            }
            Some(defs)
        })
    }

    /// The qualified names an unqualified or partly qualified `name` may denote in the current
    /// function, most specific first: inside each namespace enclosing the function (innermost
    /// first), at global scope, then through each earlier `using namespace` directive.
    pub(crate) fn name_candidates(&self, name: &str) -> Vec<SmolStr> {
        let here = self.current_item();
        let aliased;
        let name = match name.split_once("::").and_then(|(first, rest)| {
            let (_, _, target) = self.dm.ns_aliases.iter().rev().find(|(at, a, _)| {
                here.is_none_or(|h| *at < h) && (a == first || a.rsplit("::").next() == Some(first))
            })?;
            Some((target, rest))
        }) {
            Some((target, rest)) => {
                aliased = format!("{target}::{rest}");
                aliased.as_str()
            }
            None => name,
        };
        let mut out = Vec::new();
        for (tname, display) in &self.spec_scopes {
            if let Some(rest) = name.strip_prefix(tname.as_str()).and_then(|r| r.strip_prefix("::")) {
                out.push(SmolStr::new(format!("{display}::{rest}")));
            }
        }
        let (first, rest) = match name.split_once("::") {
            Some((f, r)) => (f, Some(r)),
            None => (name, None),
        };
        if let (Some(rest), Some(t)) = (rest, self.template_param_type(first)) {
            // `T::value` with `T` a template parameter bound to a class.
            if let Some(rid) = super::cxx::record_of(&t) {
                if let Some(rn) = self.dm.records.get(rid.0 as usize).and_then(|r| r.name.clone()) {
                    out.push(SmolStr::new(format!("{rn}::{rest}")));
                    if !rest.contains("::") {
                        self.push_base_members(rid, rest, &mut out);
                    }
                    return out;
                }
            }
        }
        if let Some((_, _, target)) = self.using_aliases.iter().rev().find(|(_, n, _)| n == first) {
            out.push(match rest {
                Some(r) => SmolStr::new(format!("{target}::{r}")),
                None => target.clone(),
            });
        }
        let here = self.current_item();
        if let Some(s) = &self.scope {
            out.push(SmolStr::new(format!("{s}::{name}")));
            // Then the namespaces enclosing the scope, innermost first (`cub::X` from
            // `cub::BlockScan`, `details::id` inside `cg::__v1::C`); template argument lists are
            // kept whole.
            let parts = split_scope(s);
            for k in (1..parts.len()).rev() {
                out.push(SmolStr::new(format!("{}::{name}", parts[..k].join("::"))));
            }
        }
        if let Some(f) = &self.func {
            let parts: Vec<&str> = f.name.split("::").collect();
            for k in (1..parts.len()).rev() {
                out.push(SmolStr::new(format!("{}::{name}", parts[..k].join("::"))));
                if k + 1 == parts.len() {
                    // Inside a member function: then the members of its class's bases.
                    if let Some(rid) = f.record {
                        self.push_base_members(rid, name, &mut out);
                    }
                }
            }
        }
        out.push(SmolStr::new(name));
        let fn_name = match (&self.func, &self.scope) {
            (Some(f), _) => f.name.as_str(),
            (None, Some(s)) => s.as_str(),
            (None, None) => "",
        };
        for (at, ns, scope) in &self.dm.using_dirs {
            let inside = scope.is_empty()
                || fn_name
                    .strip_prefix(scope.as_str())
                    .is_some_and(|r| r.starts_with("::"));
            if here.is_none_or(|h| *at < h) && inside {
                out.push(SmolStr::new(format!("{ns}::{name}")));
            }
        }
        if let Some((prefix, last)) = name.rsplit_once("::") {
            // `std::true_type::value`: a member of the class a typedef names.
            let class = self
                .name_candidates(prefix)
                .into_iter()
                .find_map(|q| match self.dm.typedefs.get(&q) {
                    Some(t) => super::cxx::record_of(t),
                    None => None,
                });
            let class = class.or_else(|| {
                let (_, _, t) = self.local_typedefs.iter().rev().find(|(_, n, _)| n == prefix)?;
                super::cxx::record_of(t)
            });
            if let Some(rn) = class
                .and_then(|r| self.dm.records.get(r.0 as usize))
                .and_then(|r| r.name.clone())
            {
                out.push(SmolStr::new(format!("{rn}::{last}")));
            }
            // `Derived::value` names a member of a base class too ([class.member.lookup]): the
            // bases in declaration order, depth first, after the class's own members.
            let class = class.or_else(|| {
                self.name_candidates(prefix)
                    .into_iter()
                    .find_map(|q| self.dm.tags.get(&q).copied())
            });
            if let Some(rid) = class {
                self.push_base_members(rid, last, &mut out);
            }
        }
        if name.contains("::") && !self.dm.nominated.is_empty() {
            // Unqualified names reach nominated namespaces through `using_dirs` above.
            crate::lookup_through_directives(&mut out, |ns| self.dm.nominated.get(ns).map(Vec::as_slice));
        }
        out
    }

    /// `Base::member` for each base class of `rid` (in declaration order, depth first): a
    /// qualified name `Derived::member` also names a member of a base ([class.member.lookup]).
    fn push_base_members(&self, rid: crate::ty::RecordId, member: &str, out: &mut Vec<SmolStr>) {
        let mut stack: Vec<crate::ty::RecordId> = self.dm.record(rid).bases.iter().rev().map(|b| b.record).collect();
        let mut steps = 0;
        while let Some(b) = stack.pop() {
            steps += 1;
            if steps > 256 {
                break;
            }
            if let Some(bn) = &self.dm.record(b).name {
                out.push(SmolStr::new(format!("{bn}::{member}")));
            }
            stack.extend(self.dm.record(b).bases.iter().rev().map(|x| x.record));
        }
    }

    /// The item index of the function being checked (its definition).
    fn current_item(&self) -> Option<u32> {
        let f = self.func.as_ref()?;
        self.dm.functions.get(f.id.0 as usize).map(|d| d.item)
    }

    /// Reports `identifier "NAME" is undefined` at `id`, with a note when the name is declared
    /// later in the translation unit and a "did you mean" suggestion from the names in scope.
    pub(crate) fn undefined(&mut self, id: ExprId, name: &str) {
        let mut notes = Vec::new();
        if let Some((ns, last)) = name.rsplit_once("::") {
            let class = self
                .name_candidates(ns)
                .into_iter()
                .find_map(|q| self.dm.tags.get(&q).copied())
                .or_else(|| self.template_param_type(ns).and_then(|t| super::cxx::record_of(&t)));
            let msg = match class {
                Some(r) => format!(
                    "class \"{}\" has no member \"{last}\"",
                    self.show(&Ty::new(TyKind::Record(r)))
                ),
                None => format!("namespace \"{ns}\" has no member \"{last}\""),
            };
            self.diag(DiagAt::Expr(id), Severity::Error, "undefined-identifier", msg, notes);
            return;
        }
        if let Some(why) = warpc_base::sm_gate::unsupported_builtin(name) {
            let msg = format!("unsupported: CUDA builtin \"{name}\" ({why})");
            self.diag(DiagAt::Expr(id), Severity::Error, "unsupported", msg, notes);
            return;
        }
        let arch = self.options.arch;
        let mut suggestion = None;
        if let Some(g) = warpc_base::sm_gate::sm_gate(name, None).filter(|g| arch.number < g.min_sm) {
            // The builtin headers declare it only from its SM on, as NVIDIA's do.
            notes.push(warpc_base::sm_gate::sm_gate_note(name, g.min_sm, &arch.name()));
        } else if self.dm.values.contains_key(name) {
            notes.push(format!(
                "\"{name}\" is declared after this function; declare it before its first use"
            ));
        } else if let Some(s) = self.suggest(name) {
            notes.push(format!("did you mean \"{s}\"?"));
            suggestion = Some(s);
        }
        self.diag(
            DiagAt::Expr(id),
            Severity::Error,
            "undefined-identifier",
            format!("identifier \"{name}\" is undefined"),
            notes,
        );
        if let (Some(s), Some(d)) = (suggestion, self.diags.last_mut()) {
            d.replace = Some((SmolStr::new(name), s));
        }
    }

    /// The name in scope closest to `name` by edit distance (locals first, then visible
    /// namespace-scope names and builtin variables), if it is close enough to be a typo: none
    /// for names of one or two characters, one edit up to five, a third of the length beyond.
    /// Compiler-internal names (`__...`) are only offered for names that start with `__` too.
    pub(crate) fn suggest(&self, name: &str) -> Option<SmolStr> {
        let len = name.chars().count();
        if len < 3 {
            return None;
        }
        let limit = (len / 3).max(1);
        let internal_ok = name.starts_with("__");
        let mut best: Option<(usize, SmolStr)> = None;
        let mut consider = |cand: &SmolStr| {
            if cand.is_empty() || cand == name || (!internal_ok && cand.starts_with("__")) {
                return;
            }
            if cand.chars().count().abs_diff(name.chars().count()) > limit {
                return;
            }
            let d = edit_distance(name, cand);
            if d <= limit && best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                best = Some((d, cand.clone()));
            }
        };
        for scope in self.scopes.iter().rev() {
            for (n, _) in scope.iter().rev() {
                consider(n);
            }
        }
        let here = self.current_item();
        for (n, _) in &self.dm.values {
            let visible = match here {
                Some(h) => self.dm.declared_at.get(n).is_none_or(|&at| at <= h),
                None => true,
            };
            if visible {
                consider(n);
            }
        }
        for n in BUILTIN_VARS {
            consider(&SmolStr::new_static(n));
        }
        best.map(|(_, n)| n)
    }

    fn is_builtin_var_name(&self, name: &str) -> bool {
        BUILTIN_VARS.contains(&name) && self.lookup_local(name).is_none() && self.visible_values(name).is_none()
    }

    fn builtin_var(name: &str) -> Option<BuiltinVar> {
        Some(match name {
            "threadIdx" => BuiltinVar::ThreadIdx,
            "blockIdx" => BuiltinVar::BlockIdx,
            "blockDim" => BuiltinVar::BlockDim,
            "gridDim" => BuiltinVar::GridDim,
            _ => return None,
        })
    }

    fn builtin_var_record(&self, var: BuiltinVar) -> (&'static str, Option<RecordId>) {
        let name = match var {
            BuiltinVar::ThreadIdx | BuiltinVar::BlockIdx => "uint3",
            BuiltinVar::BlockDim | BuiltinVar::GridDim => "dim3",
        };
        let find = |n: &str| -> Option<RecordId> {
            if let Some(t) = self.dm.typedefs.get(n) {
                if let TyKind::Record(r) = t.kind {
                    return Some(r);
                }
            }
            self.dm.tags.get(n).copied()
        };
        (name, find(name).or_else(|| find("uint3")))
    }

    pub(crate) fn in_device_code(&self) -> bool {
        self.func
            .as_ref()
            .is_some_and(|f| matches!(f.space, ExecSpace::Global | ExecSpace::Device))
    }

    pub(crate) fn name(&mut self, id: ExprId, name: &SmolStr) -> TExprId {
        if let Some(l) = self.lookup_local(name) {
            let ty = self.out.local(l).ty.clone();
            let lv = self.mk(ty.clone(), ValueCategory::LValue, ExprKind::Local(l));
            if self.ref_locals.contains(&l) {
                // A reference: the local holds the referent's address.
                let addr = self.cast(CastKind::Load, lv, ty.unqualified());
                let referent = ty.pointee().cloned().unwrap_or_else(Ty::error);
                return self.mk(referent, ValueCategory::LValue, ExprKind::Deref(addr));
            }
            return lv;
        }
        if let Some(v) = self.template_param_value(name) {
            return v;
        }
        if name == "__null" {
            // g++'s NULL (`<stddef.h>`: `#define NULL __null`): a null pointer constant.
            return self.int_const(0, IntKind::Long);
        }
        if let (Some(f), "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__") = (&self.func, name.as_str()) {
            // The function's name (its return type and parameter types too for
            // `__PRETTY_FUNCTION__`, as g++ and nvcc spell it): a `static const char[]`.
            let decl = self.dm.function(f.id);
            let short = f.name.rsplit("::").next().unwrap_or(&f.name).to_string();
            let text = if name == "__PRETTY_FUNCTION__" {
                let ret = super::display_ty(&decl.sig.ret, &self.dm.records);
                format!("{ret} {}", super::display::display_fn_signature(decl, self.dm))
            } else {
                short
            };
            return self.string_const(text.as_bytes());
        }
        if let Some(m) = self.implicit_member(name) {
            // A base class's private member is not accessible in a derived class.
            let declared = self
                .func
                .as_ref()
                .and_then(|f| f.record)
                .and_then(|r| find_field(&self.dm.records, r, name))
                .and_then(|p| p.last().copied());
            if let Some((rec, _)) = declared {
                if !self.check_access(id, rec, name, false) {
                    return self.err_expr();
                }
            }
            return m;
        }
        if self.is_builtin_var_name(name) {
            if name == "warpSize" {
                return self.rvalue_of(Ty::int(IntKind::Int), ExprKind::WarpSize);
            }
            let var = Self::builtin_var(name).unwrap();
            return self.builtin_var_value(id, var);
        }
        let Some(defs) = self.visible_values(name) else {
            if self.pack_len(name).is_some() {
                let msg = format!("parameter pack \"{name}\" was referenced but not expanded");
                self.error_e(id, "unexpanded-pack", msg);
                return self.err_expr();
            }
            self.undefined(id, name);
            return self.err_expr();
        };
        match defs[0] {
            ValueDef::Template(_) => {
                self.error_e(
                    id,
                    "unsupported",
                    format!("unsupported: function template \"{name}\" used other than in a call"),
                );
                self.err_expr()
            }
            ValueDef::Enumerator(v) => self.int_const(v as i128, IntKind::Int),
            ValueDef::Global(g) => self.global_ref(id, g),
            ValueDef::Function(f) => {
                let fns: Vec<FnId> = defs
                    .iter()
                    .filter_map(|d| if let ValueDef::Function(f) = d { Some(*f) } else { None })
                    .collect();
                if fns.len() > 1 {
                    self.error_e(
                        id,
                        "unsupported",
                        format!("unsupported: address of overloaded function \"{name}\""),
                    );
                    return self.err_expr();
                }
                self.function_designator(f)
            }
        }
    }

    /// The lvalue of function type that names `f`.
    pub(crate) fn function_designator(&mut self, f: FnId) -> TExprId {
        let mut sig = self.dm.function(f).sig.clone();
        // The type of the designator: parameter qualifiers are not part of it.
        sig.params = sig.params.iter().map(|p| p.unqualified()).collect();
        self.callees.insert(f);
        self.mk(
            Ty::new(TyKind::Function(Box::new(sig))),
            ValueCategory::LValue,
            ExprKind::Function(f),
        )
    }

    pub(crate) fn global_ref(&mut self, id: ExprId, g: GlobalId) -> TExprId {
        let gd = self.dm.global(g);
        let ty = gd.ty.clone();
        if gd.space == VarSpace::Host && self.func.as_ref().is_some_and(|f| f.space != ExecSpace::Host) {
            // A const arithmetic host variable with a constant initializer is usable in device
            // code (nvcc folds it); anything else is not there.
            if ty.is_const() && ty.is_arithmetic() {
                if let Some(c) = gd
                    .init
                    .as_ref()
                    .and_then(|v| super::consteval::const_value_scalar(v, &ty))
                {
                    return self.cval_expr(&c, &ty.unqualified());
                }
                if gd.init.is_none() && self.dm.deferred_inits.iter().any(|d| d.global == g && d.is_constexpr) {
                    // A constexpr variable whose initializer did not evaluate: reported there.
                    return self.err_expr();
                }
            }
            let name = gd.name.clone();
            if self.in_device_code() {
                self.error_e(
                    id,
                    "host-variable",
                    format!("identifier \"{name}\" is undefined in device code"),
                );
                return self.err_expr();
            }
            self.warn(
                DiagAt::Expr(id),
                "host-variable",
                format!("a host variable \"{name}\" cannot be directly read in a __device__/__global__ function"),
            );
        }
        self.globals.insert(g);
        self.mk(ty, ValueCategory::LValue, ExprKind::Global(g))
    }

    pub(crate) fn cval_expr(&mut self, c: &CVal, ty: &Ty) -> TExprId {
        match c {
            CVal::Int(v, k) => self.int_const(*v, *k),
            CVal::Float(v, _) => self.rvalue_of(ty.clone(), ExprKind::FloatConst(v.to_bits())),
            _ => self.err_expr(),
        }
    }

    /// `threadIdx` as a whole: a `uint3` / `dim3` temporary.
    fn builtin_var_value(&mut self, id: ExprId, var: BuiltinVar) -> TExprId {
        let (rname, rec) = self.builtin_var_record(var);
        let Some(rec) = rec else {
            self.error_e(
                id,
                "unsupported",
                format!("unsupported: builtin variable used as a value without a \"{rname}\" type"),
            );
            return self.err_expr();
        };
        let rd = self.dm.record(rec).clone();
        let mut elems = Vec::new();
        for (i, dim) in [Dim::X, Dim::Y, Dim::Z].into_iter().enumerate() {
            let v = self.rvalue_of(Ty::int(IntKind::UInt), ExprKind::BuiltinVar(var, dim));
            match rd.fields.get(i) {
                Some(f) if f.ty.is_arithmetic() => {
                    let c = self.arith_conv(v, &f.ty.unqualified());
                    elems.push(TInit::Expr(c));
                }
                _ => {
                    self.error_e(
                        id,
                        "unsupported",
                        format!("unsupported: \"{rname}\" is not a record of three integers"),
                    );
                    return self.err_expr();
                }
            }
        }
        for _ in 3..rd.fields.len() {
            elems.push(TInit::Zero);
        }
        self.rvalue_of(
            Ty::new(TyKind::Record(rec)),
            ExprKind::Aggregate(Box::new(TInit::List(elems))),
        )
    }

    // ---- expressions ---------------------------------------------------------------------------

    /// Checks an expression, keeping its value category.
    pub(crate) fn expr(&mut self, id: ExprId) -> TExprId {
        if let Some(&e) = self.cache.get(&id) {
            return e;
        }
        if id.0 >= SYNTHETIC_FOLD_BASE {
            // One link of an expanded fold expression.
            let Some(&(op, l, r, _)) = self.synthetic_folds.get((id.0 - SYNTHETIC_FOLD_BASE) as usize) else {
                return self.err_expr();
            };
            let t = self.binary(id, op, l, r);
            self.cache.insert(id, t);
            return t;
        }
        if id.0 >= SYNTHETIC_BASE {
            // One element of a pack expansion: its pattern with the packs' element `i`.
            let Some(&(pat, i)) = self.synthetic.get((id.0 - SYNTHETIC_BASE) as usize) else {
                return self.err_expr();
            };
            let saved_index = self.pack_index.replace(i);
            let saved_cache = std::mem::take(&mut self.cache);
            let r = self.expr(pat);
            self.cache = saved_cache;
            self.pack_index = saved_index;
            self.cache.insert(id, r);
            return r;
        }
        let Some(expr) = self.exprs.get(id.0 as usize) else {
            return self.err_expr();
        };
        self.last_expr = Some(id);
        if matches!(expr, Expr::Binary { .. } | Expr::Index { .. }) {
            self.precheck_spine(id);
        }
        match expr {
            Expr::Missing => self.err_expr(),
            Expr::Literal(lit) => self.literal(id, lit),
            Expr::Name(n) => self.name(id, n),
            Expr::Unary { op, expr } => self.unary(id, *op, *expr),
            Expr::Binary { op, lhs, rhs } => self.binary(id, *op, *lhs, *rhs),
            Expr::Assign { op, lhs, rhs } => self.assign(id, *op, *lhs, *rhs),
            Expr::Cond { cond, then, else_ } => self.conditional(id, *cond, *then, *else_),
            Expr::Call { callee, args } => self.call(id, *callee, args),
            Expr::KernelLaunch { callee, config, args } => self.kernel_launch(id, *callee, config, args),
            Expr::Index { base, index } => self.index(id, *base, *index),
            Expr::Member { base, field, arrow } => self.member(id, *base, field, *arrow),
            Expr::MemberTemplate { field, .. } => {
                let msg = format!("unsupported: member template \"{field}<...>\" used other than in a call");
                self.error_e(id, "unsupported", msg);
                self.err_expr()
            }
            Expr::Cast { ty, expr } => self.explicit_cast(id, *ty, *expr),
            Expr::SizeofExpr(e) => {
                if let Some(Expr::Name(n)) = self.exprs.get(e.0 as usize) {
                    // `sizeof(value_type)` with a member typedef the parser took for a value.
                    if self.lookup_local(n).is_none()
                        && self.visible_values(n).is_none()
                        && self.template_param_value(n).is_none()
                    {
                        if let Some((t, _)) = (BodyTypeEnv { ck: self }).typedef(n) {
                            return self.sizeof_ty(id, &t, false);
                        }
                    }
                }
                let t = self.unevaluated_type(*e);
                self.sizeof_ty(id, &t, false)
            }
            Expr::SizeofType(t) => {
                let t = self.body_type(*t, DiagAt::Expr(id));
                self.sizeof_ty(id, &t, false)
            }
            Expr::TypeTrait { name, args } => self.type_trait(id, name, args),
            Expr::AlignofType(t) => {
                let t = self.body_type(*t, DiagAt::Expr(id));
                self.sizeof_ty(id, &t, true)
            }
            Expr::InitList(_) => {
                self.error_e(
                    id,
                    "unsupported",
                    "unsupported: braced initializer list in this context",
                );
                self.err_expr()
            }
            Expr::This => self.this_expr(id),
            Expr::Lambda(k) => self.lambda_expr(id, *k),
            Expr::PackExpansion(_) => {
                self.error_e(
                    id,
                    "unsupported",
                    "unsupported: a pack expansion outside a function call's arguments",
                );
                self.err_expr()
            }
            Expr::Fold { op, lhs, rhs } => self.fold(id, *op, *lhs, *rhs),
            Expr::SizeofPack(n) => match self.pack_len(n) {
                Some(len) => self.rvalue_of(Ty::int(IntKind::ULong), ExprKind::IntConst(len as u128)),
                None => {
                    self.error_e(
                        id,
                        "not-a-pack",
                        "the operand of sizeof... must be a parameter pack name",
                    );
                    self.err_expr()
                }
            },
            Expr::ScopedName { scope, member } => self.scoped_value(id, *scope, member),
            Expr::TemplateId { name, args } => {
                if let Some(v) = self.var_template(id, name, args) {
                    return v;
                }
                if let Some(f) = self.template_id_designator(id, name, args) {
                    return f;
                }
                self.error_e(
                    id,
                    "unsupported",
                    format!("unsupported: template-id \"{name}<...>\" used other than in a call"),
                );
                self.err_expr()
            }
            Expr::Construct { ty, args, list, init } => self.construct_expr(id, *ty, args, *list, init.as_deref()),
        }
    }

    /// Long left-leaning chains (`a + b + c + ...`, `a[i][j]...`) are checked bottom-up in a
    /// loop, caching each link, so that checking costs no recursion depth per link (the parser
    /// allows chains of 1024 operators, and parentheses do not appear in HIR).
    fn precheck_spine(&mut self, id: ExprId) {
        const MIN_SPINE: usize = 32;
        let mut spine = Vec::new();
        let mut cur = id;
        while spine.len() <= self.exprs.len() {
            let next = match self.exprs.get(cur.0 as usize) {
                Some(Expr::Binary { lhs, .. }) => *lhs,
                Some(Expr::Index { base, .. }) => *base,
                _ => break,
            };
            spine.push(cur);
            if self.cache.contains_key(&next) {
                break;
            }
            cur = next;
        }
        if spine.len() <= MIN_SPINE {
            return;
        }
        // Bottom-up: each link finds its left operand cached (so its own walk stops at once).
        for &n in spine.iter().skip(1).rev() {
            let t = self.expr(n);
            self.cache.insert(n, t);
        }
    }

    /// The type of an unevaluated operand (`sizeof e`): checked for errors, then discarded.
    fn unevaluated_type(&mut self, e: ExprId) -> Ty {
        let (callees, globals) = (self.callees.clone(), self.globals.clone());
        let t = self.expr(e);
        let ty = self.ty(t).clone();
        self.callees = callees;
        self.globals = globals;
        ty
    }

    fn sizeof_ty(&mut self, id: ExprId, t: &Ty, align: bool) -> TExprId {
        if t.is_error() {
            return self.err_expr();
        }
        if matches!(t.kind, TyKind::Function(_)) {
            self.error_e(id, "invalid-sizeof", "operand of sizeof may not be a function");
            return self.err_expr();
        }
        let v = if align {
            types::align_of(t, &self.dm.records)
        } else {
            types::size_of(t, &self.dm.records)
        };
        match v {
            Some(v) => self.int_const(v as i128, IntKind::ULong),
            None => {
                let msg = format!("incomplete type \"{}\" is not allowed", self.show(t));
                self.error_e(id, "incomplete-type", msg);
                self.err_expr()
            }
        }
    }

    fn literal(&mut self, id: ExprId, lit: &Literal) -> TExprId {
        match lit {
            Literal::Int {
                value,
                unsigned,
                long,
                decimal,
            } => {
                let k = match int_literal_kind(*value, *unsigned, *long, *decimal) {
                    Some(k) => k,
                    None => {
                        self.warn(DiagAt::Expr(id), "literal-too-large", "integer constant is too large");
                        IntKind::ULongLong
                    }
                };
                self.int_const(*value as i128, k)
            }
            Literal::Float { bits, single } => {
                let k = if *single { FloatKind::F32 } else { FloatKind::F64 };
                self.rvalue_of(Ty::float(k), ExprKind::FloatConst(*bits))
            }
            Literal::Char { value, prefix } => {
                let k = match prefix {
                    CharPrefix::Narrow => IntKind::Char,
                    CharPrefix::Wide => IntKind::WChar,
                    CharPrefix::Utf16 => IntKind::Char16,
                    CharPrefix::Utf32 => IntKind::Char32,
                };
                self.int_const(*value as i128, k)
            }
            Literal::Bool(b) => self.int_const(*b as i128, IntKind::Bool),
            Literal::Nullptr => self.rvalue_of(Ty::new(TyKind::Nullptr), ExprKind::NullPtr),
            Literal::String(bytes) => self.string_const(bytes),
        }
    }

    /// A string literal of `bytes` (the terminating NUL added): a `const char[N]` lvalue.
    fn string_const(&mut self, bytes: &[u8]) -> TExprId {
        let mut b = bytes.to_vec();
        b.push(0);
        let ty = Ty::new(TyKind::Array(
            Box::new(Ty::int(IntKind::Char).with_quals(Quals::CONST)),
            Some(b.len() as u64),
        ));
        self.mk(ty, ValueCategory::LValue, ExprKind::StringConst(b))
    }

    /// Reports unless `e` is a modifiable lvalue. Returns whether it is.
    pub(crate) fn check_modifiable(&mut self, e: TExprId, at: ExprId) -> bool {
        let x = self.out.expr(e);
        if x.ty.is_error() {
            return false;
        }
        let ok = x.category == ValueCategory::LValue
            && !x.ty.is_const()
            && !matches!(x.ty.kind, TyKind::Array(..) | TyKind::Function(_))
            && !self.record_has_const_member(&x.ty);
        if !ok {
            self.error_e(at, "not-modifiable", "expression must be a modifiable lvalue");
        }
        ok
    }

    fn record_has_const_member(&self, t: &Ty) -> bool {
        let TyKind::Record(r) = t.kind else { return false };
        self.dm.record(r).fields.iter().any(|f| {
            let ft = f.ty.innermost_element();
            ft.is_const() || self.record_has_const_member(ft)
        })
    }

    fn unary(&mut self, id: ExprId, op: UnaryOp, operand: ExprId) -> TExprId {
        let spelled = match op {
            UnaryOp::Neg => Some("-"),
            UnaryOp::Plus => Some("+"),
            UnaryOp::BitNot => Some("~"),
            UnaryOp::Not => Some("!"),
            UnaryOp::PreInc => Some("++"),
            UnaryOp::PreDec => Some("--"),
            _ => None,
        };
        if let Some(sp) = spelled {
            if let Some(r) = self.try_operator(id, sp, operand, None) {
                return r;
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
                let t = Ty::ptr(x.ty.clone());
                self.rvalue_of(t, ExprKind::AddrOf(e))
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
    fn try_operator(&mut self, id: ExprId, op: &str, lhs: ExprId, rhs: Option<ExprId>) -> Option<TExprId> {
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

    fn binary(&mut self, id: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> TExprId {
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

    fn check_complete_pointee(&mut self, p: &Ty, at: ExprId) -> bool {
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
    fn operands_have_type(&mut self, operands: [(&Ty, ExprId); 2], integral: bool) -> bool {
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

    fn arith_binary(
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
        let t = usual_arith(&lt, &rt);
        let l = self.arith_conv(l, &t);
        let r = self.arith_conv(r, &t);
        self.rvalue_of(t, ExprKind::Binary(op, l, r))
    }

    fn ptr_diff(&mut self, id: ExprId, l: TExprId, r: TExprId, lid: ExprId) -> TExprId {
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

    fn comparison(&mut self, id: ExprId, op: TBinOp, l: TExprId, r: TExprId) -> TExprId {
        let lt = self.ty(l).clone();
        let rt = self.ty(r).clone();
        if lt.is_arithmetic() && rt.is_arithmetic() {
            let t = usual_arith(&lt, &rt);
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
    fn pointer_to(&mut self, v: TExprId, t: &Ty) -> TExprId {
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

    fn assign(&mut self, id: ExprId, op: Option<BinaryOp>, lhs: ExprId, rhs: ExprId) -> TExprId {
        if let Some(bop) = op {
            let spelled = format!("{}=", binop_spelling(bop));
            if let Some(r) = self.try_operator(id, &spelled, lhs, Some(rhs)) {
                return r;
            }
        } else {
            let l = self.expr(lhs);
            self.cache.insert(lhs, l);
            if let TyKind::Record(rid) = self.ty(l).kind {
                // A user-declared copy assignment operator (or another `operator=`) is called;
                // without a user-declared copy or move assignment, assigning an object of the
                // class itself is the implicit copy assignment (an exact match, better than any
                // other `operator=` reached through a conversion).
                let has_assign = !self.own_methods(rid, "operator=").is_empty();
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

    fn conditional(&mut self, id: ExprId, cond: ExprId, then: ExprId, else_: ExprId) -> TExprId {
        let c = self.condition(cond);
        self.cond_depth += 1;
        let t = self.expr(then);
        let e = self.expr(else_);
        self.cond_depth -= 1;
        let (tx, ex) = (self.out.expr(t).clone(), self.out.expr(e).clone());
        if self.ty(c).is_error() || tx.ty.is_error() || ex.ty.is_error() {
            return self.err_expr();
        }
        if tx.category == ValueCategory::LValue
            && ex.category == ValueCategory::LValue
            && tx.ty == ex.ty
            && !matches!(tx.ty.kind, TyKind::Function(_))
        {
            return self.mk(
                tx.ty.clone(),
                ValueCategory::LValue,
                ExprKind::Cond {
                    cond: c,
                    then: t,
                    else_: e,
                },
            );
        }
        let t = self.rv(t);
        let e = self.rv(e);
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

    fn index(&mut self, id: ExprId, base: ExprId, index: ExprId) -> TExprId {
        let b0 = self.expr(base);
        self.cache.insert(base, b0);
        if super::cxx::record_of(self.ty(b0)).is_some() {
            if let Some(r) = self.try_operator(id, "[]", base, Some(index)) {
                return r;
            }
        }
        let b = self.value(base);
        let i = self.value(index);
        let (bt, it) = (self.ty(b).clone(), self.ty(i).clone());
        if bt.is_error() || it.is_error() {
            return self.err_expr();
        }
        let (p, off, pid, oid) = if bt.is_pointer() {
            (b, i, base, index)
        } else if it.is_pointer() {
            (i, b, index, base)
        } else {
            let msg = format!(
                "expression must have pointer-to-object type but it has type \"{}\"",
                self.show(&bt)
            );
            self.error_e(base, "type-mismatch", msg);
            return self.err_expr();
        };
        let pt = self.ty(p).clone();
        if !self.ty(off).is_integer() {
            self.error_e(
                oid,
                "type-mismatch",
                "expression must have integral or unscoped enum type",
            );
            return self.err_expr();
        }
        let elem = pt.pointee().unwrap().clone();
        if !self.check_complete_pointee(&elem, pid) {
            return self.err_expr();
        }
        let off = self.arith_conv(off, &Ty::int(IntKind::Long));
        let addr = self.rvalue_of(pt.unqualified(), ExprKind::PtrAdd { ptr: p, offset: off });
        self.mk(elem, ValueCategory::LValue, ExprKind::Deref(addr))
    }

    fn member(&mut self, id: ExprId, base: ExprId, field: &SmolStr, arrow: bool) -> TExprId {
        if !arrow {
            if let Some(Expr::Name(n)) = self.exprs.get(base.0 as usize) {
                if let (true, Some(var)) = (self.is_builtin_var_name(n), Self::builtin_var(n)) {
                    let dim = match field.as_str() {
                        "x" => Dim::X,
                        "y" => Dim::Y,
                        "z" => Dim::Z,
                        _ => {
                            let (rname, _) = self.builtin_var_record(var);
                            self.error_e(id, "no-member", format!("class \"{rname}\" has no member \"{field}\""));
                            return self.err_expr();
                        }
                    };
                    return self.rvalue_of(Ty::int(IntKind::UInt), ExprKind::BuiltinVar(var, dim));
                }
            }
        }
        let b = if arrow {
            let v = self.value(base);
            let t = self.ty(v).clone();
            if t.is_error() {
                return v;
            }
            match t.pointee() {
                Some(p) if matches!(p.kind, TyKind::Record(_)) => {
                    let p = p.clone();
                    self.mk(p, ValueCategory::LValue, ExprKind::Deref(v))
                }
                _ => {
                    let msg = format!(
                        "expression must have pointer-to-class type but it has type \"{}\"",
                        self.show(&t)
                    );
                    self.error_e(base, "type-mismatch", msg);
                    return self.err_expr();
                }
            }
        } else {
            self.expr(base)
        };
        let bt = self.ty(b).clone();
        if bt.is_error() {
            return b;
        }
        let TyKind::Record(rid) = bt.kind else {
            let msg = format!("expression must have class type but it has type \"{}\"", self.show(&bt));
            self.error_e(base, "type-mismatch", msg);
            return self.err_expr();
        };
        if field.contains("::") {
            // `obj.Base::member`.
            let Some((sub, name)) = self.qualified_member(base, b, field) else {
                return self.err_expr();
            };
            let Some(srid) = super::cxx::record_of(&self.ty(sub).clone()) else {
                return self.err_expr();
            };
            let Some(path) = find_field(&self.dm.records, srid, &name) else {
                let msg = format!(
                    "class \"{}\" has no member \"{name}\"",
                    self.show(&self.ty(sub).unqualified())
                );
                self.error_e(id, "no-member", msg);
                return self.err_expr();
            };
            let mut cur = sub;
            for (rec, fi) in path {
                cur = self.field_of(cur, rec, fi);
            }
            return cur;
        }
        let rd = self.dm.record(rid);
        if !rd.complete {
            let msg = if arrow {
                format!(
                    "pointer or reference to incomplete type \"{}\" is not allowed",
                    self.show(&bt.unqualified())
                )
            } else {
                format!("incomplete type \"{}\" is not allowed", self.show(&bt.unqualified()))
            };
            self.error_e(base, "incomplete-type", msg);
            return self.err_expr();
        }
        let Some(path) = find_field(&self.dm.records, rid, field) else {
            if let Some(v) = self.static_member(id, rid, field) {
                // A static data member named through an object.
                return v;
            }
            let msg = format!("class \"{}\" has no member \"{field}\"", self.show(&bt.unqualified()));
            self.error_e(id, "no-member", msg);
            return self.err_expr();
        };
        if let Some(&(rec, _)) = path.last() {
            if !self.check_access(id, rec, field, false) {
                return self.err_expr();
            }
            if !self.check_base_member_access(id, rid, rec, field, false) {
                return self.err_expr();
            }
        }
        let mut cur = b;
        for (rec, fi) in path {
            cur = self.field_of(cur, rec, fi);
        }
        cur
    }

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
            (_, TyKind::Record(rid)) if !self.constructors(*rid).is_empty() => {
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
    fn explicit_conversion_function(&mut self, v: TExprId, rid: RecordId, to: &Ty, at: ExprId) -> TExprId {
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
        let v = self.expr(e);
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
        if cat == ValueCategory::LValue {
            Ty::new(TyKind::Reference(Box::new(ty)))
        } else {
            ty
        }
    }

    /// Checks `id` as an integer constant expression.
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

/// Type names a written type mentions (for pack expansion patterns).
fn type_ref_names(t: &TypeRef, out: &mut Vec<SmolStr>, depth: u32) {
    if depth > 32 {
        return;
    }
    match t {
        TypeRef::Named(n) => out.push(n.clone()),
        TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) => {
            type_ref_names(i, out, depth + 1)
        }
        _ => {}
    }
}

/// The path of (record, field index) steps to a named field, looking through anonymous members.
/// C++: a class's own members hide its bases'; base subobjects (unnamed fields) are searched
/// after the members, in declaration order.
pub(crate) fn find_field(records: &[RecordDecl], rid: RecordId, name: &str) -> Option<Vec<(RecordId, u32)>> {
    let rd = records.get(rid.0 as usize)?;
    for (i, f) in rd.fields.iter().enumerate() {
        if rd.is_base_field(i as u32) {
            continue;
        }
        match &f.name {
            Some(n) if n == name => return Some(vec![(rid, i as u32)]),
            None => {
                if let TyKind::Record(inner) = f.ty.kind {
                    if let Some(mut rest) = find_field(records, inner, name) {
                        rest.insert(0, (rid, i as u32));
                        return Some(rest);
                    }
                }
            }
            _ => {}
        }
    }
    for b in &rd.bases {
        if let Some(fi) = b.field {
            if let Some(mut rest) = find_field(records, b.record, name) {
                rest.insert(0, (rid, fi));
                return Some(rest);
            }
        }
    }
    None
}

/// Type resolution inside a body: typedefs and tags come from the def map.
pub(crate) struct BodyTypeEnv<'c, 'a> {
    pub(crate) ck: &'c mut Checker<'a>,
}

impl<'c, 'a> TypeEnv<'a> for BodyTypeEnv<'c, 'a> {
    fn records(&self) -> &[RecordDecl] {
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
                .map(|(_, a)| a);
            let m = match bound {
                Some(crate::ty::TArg::Type {
                    mangle: m @ MangleTy::Named(_),
                    ty,
                }) if matches!(ty.kind, TyKind::Int(_)) => m.clone(),
                _ => MangleTy::from_ty(&t, &self.ck.dm.records),
            };
            return Some((t, m));
        }
        // The injected class name: in a member of a class template specialization, the
        // template's name (`C r;`) is the specialization.
        if let Some(rid) = self.ck.func.as_ref().and_then(|f| f.record) {
            if let Some(m @ MangleTy::Template { name: tn, .. }) =
                self.ck.dm.records.get(rid.0 as usize).and_then(|r| r.mangle.as_ref())
            {
                if tn == name || tn.rsplit("::").next() == Some(name.as_str()) {
                    return Some((Ty::new(TyKind::Record(rid)), m.clone()));
                }
            }
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
            // ... and so is an enum name (warpc's enums are `int`).
            if self.ck.dm.enum_names.contains(&q) {
                return Some((Ty::int(IntKind::Int), MangleTy::Named(q)));
            }
        }
        None
    }
    fn record(&mut self, kind: RecordKind, name: Option<&SmolStr>, _def: Option<u32>) -> Result<RecordId, String> {
        let Some(name) = name else {
            return Err("unsupported: struct or union definition inside a function".into());
        };
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
            let rd = dm.records.get(r.0 as usize)?;
            if let Some(rn) = &rd.name {
                let q = format!("{rn}::{member}");
                if let Some(t) = dm.typedefs.get(q.as_str()).cloned() {
                    let m = MangleTy::from_ty(&t, &dm.records);
                    return Some((t, m));
                }
                if let Some(&id) = dm.tags.get(q.as_str()) {
                    let m = dm.records[id.0 as usize]
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
            let (t, diags) = {
                let mut ck = Checker::new(self.ck.dm, self.ck.options, &e.exprs, &e.types);
                ck.at_override = Some(DiagAt::Function);
                ck.template_env = self.ck.template_env.clone();
                ck.declare_params(&self.ck.decl_params);
                let t = ck.decltype_of(e.root, id_expr);
                let requests = std::mem::take(&mut ck.record_requests);
                for r in requests {
                    if !self.ck.record_requests.contains(&r) {
                        self.ck.record_requests.push(r);
                    }
                }
                (t, ck.diags)
            };
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
fn split_scope(s: &str) -> Vec<&str> {
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
