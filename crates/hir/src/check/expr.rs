//! Expression checking: the dispatcher over expression kinds, literals, `sizeof`, modifiability.
//! The checker's state is in `checker`; names in `names`, pack expansions in `packs`, operators in
//! `operators`, member access in `access`, casts in `casts`, conversions and calls in `conv`,
//! initializers in `init`, statements in `stmt`.

use super::checker::{BodyTypeEnv, Checker, SYNTHETIC_BASE, SYNTHETIC_FOLD_BASE};
use super::types::{self, TypeEnv};
use super::DiagAt;
use crate::body::{CharPrefix, Expr, ExprId, Literal, Quals};
use crate::thir::{ExprKind, TExprId, ValueCategory};
use crate::ty::{FloatKind, IntKind, Ty, TyKind};

/// Type of an integer literal by C++ [lex.icon]; `None` when no type can hold it.
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

impl<'a> Checker<'a> {
    // ---- expressions ---------------------------------------------------------------------------

    /// Checks an expression, keeping its value category. Checking recurses through operands,
    /// called functions' default arguments and template instances; the stack grows on demand
    /// so that neither an unoptimized build nor a caller's small thread overflows.
    pub(crate) fn expr(&mut self, id: ExprId) -> TExprId {
        stacker::maybe_grow(64 << 10, 1 << 20, || self.expr_unguarded(id))
    }

    fn expr_unguarded(&mut self, id: ExprId) -> TExprId {
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
        let r = match expr {
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
            Expr::MemberPointer { base, member, .. } => {
                let (b, m) = (self.expr(*base), self.expr(*member));
                if !self.ty(b).is_error() && !self.ty(m).is_error() {
                    self.error_e(id, "unsupported", "unsupported: pointer-to-member operators");
                }
                self.err_expr()
            }
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
                if let Some(Expr::ScopedName { scope, member }) = self.exprs.get(e.0 as usize) {
                    // `sizeof(S<T>::type)`: a member type of a specialization, parsed as a value.
                    let st = self.body_type(*scope, DiagAt::Expr(id));
                    if st.is_error() {
                        return self.err_expr();
                    }
                    if let Some(rid) = super::cxx::record_of(&st) {
                        if let Some((t, _)) = super::types::member_type_path(&mut BodyTypeEnv { ck: self }, rid, member)
                        {
                            return self.sizeof_ty(id, &t, false);
                        }
                    }
                }
                let x = self.unevaluated(*e);
                if self.bit_field_lvalue(x).is_some() {
                    self.error_e(*e, "invalid-sizeof", "operand of sizeof may not be a bit field");
                    return self.err_expr();
                }
                let t = self.ty(x).clone();
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
            Expr::ScopedTemplateId { scope, member, args } => {
                // `C<int>::v<U>`: a member variable template of a class template specialization.
                let st = self.body_type(*scope, DiagAt::Expr(id));
                if st.is_error() {
                    return self.err_expr();
                }
                let rn = super::cxx::record_of(&st)
                    .and_then(|r| self.dm.records.get(r))
                    .and_then(|r| r.name.clone());
                if let Some(rn) = rn {
                    let name = smol_str::SmolStr::new(format!("{rn}::{member}"));
                    if let Some(v) = self.var_template(id, &name, args) {
                        return v;
                    }
                }
                let msg = format!("unsupported: template-id \"{member}<...>\" used other than in a call");
                self.error_e(id, "unsupported", msg);
                self.err_expr()
            }
            Expr::TemplateId { name, args } => {
                if let Some(v) = self.var_template(id, name, args) {
                    return v;
                }
                if let Some(f) = self.template_id_designator(id, name, args) {
                    return f;
                }
                // Function templates none of whose specializations (or more than one) the
                // arguments give: nvcc's error, a substitution failure in SFINAE.
                let fn_template = self.lookup_local(name).is_none()
                    && self
                        .visible_values(name)
                        .is_some_and(|defs| defs.iter().any(|d| matches!(d, crate::def_map::ValueDef::Template(_))));
                if fn_template {
                    self.error_e(
                        id,
                        "no-matching-overload",
                        format!("cannot determine which instance of function template \"{name}\" is intended"),
                    );
                    return self.err_expr();
                }
                self.error_e(
                    id,
                    "unsupported",
                    format!("unsupported: template-id \"{name}<...>\" used other than in a call"),
                );
                self.err_expr()
            }
            Expr::Construct {
                ty,
                args,
                list,
                init,
                callee,
            } => {
                let written = match (callee, self.types.get(ty.0 as usize)) {
                    (Some(c), Some(crate::body::TypeRef::Named(n))) => Some((c, n)),
                    // (At item level `X::rank` with `X` a typedef is lowered as a member type;
                    // the callee names it as written.)
                    (Some(c), Some(crate::body::TypeRef::Member { .. })) => match self.exprs.get(c.0 as usize) {
                        Some(Expr::Name(n)) => Some((c, n)),
                        _ => None,
                    },
                    _ => None,
                };
                if let Some((c, n)) = written {
                    // `Q::rank(args)` parsed as a cast: a call when `Q::rank` is a function and
                    // no type.
                    if self.visible_values(n).is_some()
                        && super::types::TypeEnv::typedef(&mut super::checker::BodyTypeEnv { ck: self }, n).is_none()
                        && self.ctad_class(n).is_none()
                    {
                        return self.call(id, *c, args);
                    }
                }
                if let (Some(c), Some(crate::body::TypeRef::Template { name: n, .. })) =
                    (callee, self.types.get(ty.0 as usize))
                {
                    // `__detail::f<L>(args)` parsed as a cast (a class template `f` is declared
                    // elsewhere): a call when no class or alias template has that name here.
                    let dm = self.dm;
                    let type_template = self
                        .name_candidates(n)
                        .iter()
                        .any(|q| dm.record_templates.contains_key(q) || dm.alias_templates.contains_key(q));
                    if !type_template && self.visible_values(n).is_some() {
                        return self.call(id, *c, args);
                    }
                }
                self.construct_expr(id, *ty, args, *list, init.as_deref())
            }
            Expr::Noexcept(e) => self.noexcept_expr(*e),
            Expr::PlacementNew { place, ty, args, init } => {
                self.placement_new(id, place, *ty, args.as_deref(), init.as_deref())
            }
            Expr::New {
                global,
                ty,
                len,
                args,
                init,
            } => self.new_expr(id, *global, *ty, *len, args.as_deref(), init.as_deref()),
            Expr::Delete { global, array, expr } => self.delete_expr(id, *global, *array, *expr),
        };
        // The innermost written expression that came out of error type: where the body's
        // safety net reports an error type nobody explained (see `check_function`).
        if self.first_error_expr.is_none() && self.out.expr(r).ty.is_error() {
            self.first_error_expr = Some(id);
        }
        r
    }

    /// Long left-leaning chains (`a + b + c + ...`, `a[i][j]...`) are checked bottom-up in a
    /// loop, caching each link, so that checking costs no recursion depth per link (the parser
    /// allows chains of 1024 operators, and parentheses do not appear in HIR).
    pub(super) fn precheck_spine(&mut self, id: ExprId) {
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
    /// Checks `e` as an unevaluated operand (it calls and names nothing at run time).
    pub(super) fn unevaluated(&mut self, e: ExprId) -> TExprId {
        let (callees, globals) = (self.callees.clone(), self.globals.clone());
        self.unevaluated_depth += 1;
        let t = self.expr(e);
        self.unevaluated_depth -= 1;
        self.callees = callees;
        self.globals = globals;
        t
    }

    pub(super) fn sizeof_ty(&mut self, id: ExprId, t: &Ty, align: bool) -> TExprId {
        if t.is_error() {
            return self.err_expr();
        }
        // Of a reference type: the referenced type's size and alignment ([expr.sizeof]/2,
        // [expr.alignof]/3), not a pointer's.
        let t = match &t.kind {
            TyKind::Reference(r) => &**r,
            _ => t,
        };
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

    pub(super) fn literal(&mut self, id: ExprId, lit: &Literal) -> TExprId {
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
    pub(super) fn string_const(&mut self, bytes: &[u8]) -> TExprId {
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

    pub(super) fn record_has_const_member(&self, t: &Ty) -> bool {
        let TyKind::Record(r) = t.kind else { return false };
        self.dm.record(r).fields.iter().any(|f| {
            let ft = f.ty.innermost_element();
            ft.is_const() || self.record_has_const_member(ft)
        })
    }
}
