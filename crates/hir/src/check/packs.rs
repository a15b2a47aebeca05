//! Pack expansions in bodies: expanded argument lists, patterns, fold expressions.

use super::checker::{Checker, SYNTHETIC_BASE, SYNTHETIC_FOLD_BASE};
use crate::body::{Expr, ExprId, TypeRef, TypeRefId};
use crate::thir::{CastKind, ExprKind, TExprId};
use crate::ty::{IntKind, Ty};
use smol_str::SmolStr;

impl<'a> Checker<'a> {
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

    /// `args` with their pack expansions expanded when there are any (a constructor's
    /// arguments in a mem-initializer or a declaration: `base_(tag{}, t...)`).
    pub(crate) fn with_packs_expanded(&mut self, args: &[ExprId]) -> Vec<ExprId> {
        if args
            .iter()
            .any(|a| matches!(self.exprs.get(a.0 as usize), Some(Expr::PackExpansion(_))))
        {
            self.expand_args(args)
        } else {
            args.to_vec()
        }
    }

    /// Names (and type names) a pattern mentions.
    pub(super) fn names_in(&self, e: ExprId, out: &mut Vec<SmolStr>, depth: u32) {
        if depth > 64 {
            return;
        }
        let Some(x) = self.exprs.get(e.0 as usize) else { return };
        let d = depth + 1;
        let ty_names = |t: &TypeRefId, out: &mut Vec<SmolStr>| {
            if let Some(tr) = self.types.get(t.0 as usize) {
                pattern_type_names(tr, out, 0);
            }
        };
        match x {
            Expr::Name(n) => out.push(n.clone()),
            Expr::Unary { expr, .. } | Expr::SizeofExpr(expr) | Expr::Noexcept(expr) => self.names_in(*expr, out, d),
            Expr::Delete { expr, .. } => self.names_in(*expr, out, d),
            Expr::New {
                ty, len, args, init, ..
            } => {
                ty_names(ty, out);
                let mut all: Vec<ExprId> = len.iter().copied().collect();
                match init {
                    Some(i) => i.exprs(&mut all),
                    None => all.extend(args.iter().flatten()),
                }
                all.iter().for_each(|a| self.names_in(*a, out, d));
            }
            Expr::PlacementNew { place, ty, args, init } => {
                ty_names(ty, out);
                let mut all = place.clone();
                match init {
                    Some(i) => i.exprs(&mut all),
                    None => all.extend(args.iter().flatten()),
                }
                all.iter().for_each(|a| self.names_in(*a, out, d));
            }
            Expr::Cast { ty, expr } => {
                ty_names(ty, out);
                self.names_in(*expr, out, d);
            }
            Expr::Binary { lhs, rhs, .. }
            | Expr::Assign { lhs, rhs, .. }
            | Expr::Index { base: lhs, index: rhs }
            | Expr::MemberPointer {
                base: lhs, member: rhs, ..
            } => {
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
            // `is_same_v<Ts, T>`, `ns::trait<Ts>::value`, `S<Ts>::template f<N>`: the packs
            // named in template arguments and scopes.
            Expr::TemplateId { args, .. } => self.template_arg_names(args, out, d),
            Expr::ScopedName { scope, .. } => ty_names(scope, out),
            Expr::ScopedTemplateId { scope, args, .. } => {
                ty_names(scope, out);
                self.template_arg_names(args, out, d);
            }
            Expr::MemberTemplate { base, args, .. } => {
                self.names_in(*base, out, d);
                self.template_arg_names(args, out, d);
            }
            _ => {}
        }
    }

    fn template_arg_names(&self, args: &[crate::body::TemplateArgExpr], out: &mut Vec<SmolStr>, d: u32) {
        for a in args {
            match a {
                crate::body::TemplateArgExpr::Type(t) => {
                    if let Some(tr) = self.types.get(t.0 as usize) {
                        pattern_type_names(tr, out, 0);
                    }
                }
                crate::body::TemplateArgExpr::Value(e) => self.names_in(*e, out, d),
            }
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

    pub(super) fn mentions_pack(&self, e: ExprId) -> bool {
        let mut names = Vec::new();
        self.names_in(e, &mut names, 0);
        names.iter().any(|n| self.pack_len(n).is_some())
    }

    /// A fold expression, expanded into a chain of synthetic binary links
    /// (`E1 op (E2 op (... op I))` for a right fold, `((I op E1) op E2) ...` for a left one).
    pub(super) fn fold(
        &mut self,
        id: ExprId,
        op: crate::body::BinaryOp,
        lhs: Option<ExprId>,
        rhs: Option<ExprId>,
    ) -> TExprId {
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
}

/// The names a type in a pack expansion pattern mentions, through template arguments, scopes
/// and function types too (`is_same<Ts, T>`, `typename S<Ts>::type`, `R(Ts)`); not inside a
/// nested expansion (`S<Ts...>` expands its own pack).
pub(super) fn pattern_type_names(t: &TypeRef, out: &mut Vec<SmolStr>, depth: u32) {
    if depth > 32 {
        return;
    }
    match t {
        TypeRef::Named(n) => out.push(n.clone()),
        TypeRef::Pointer(i)
        | TypeRef::Reference(i)
        | TypeRef::Qualified(_, i)
        | TypeRef::Array(i, _)
        | TypeRef::Underlying(i)
        | TypeRef::MemberPointer { pointee: i, .. } => pattern_type_names(i, out, depth + 1),
        TypeRef::Member { scope, .. } => pattern_type_names(scope, out, depth + 1),
        TypeRef::Template { args, .. } => template_arg_ref_names(args, out, depth),
        TypeRef::MemberTemplate { scope, args, .. } => {
            pattern_type_names(scope, out, depth + 1);
            template_arg_ref_names(args, out, depth);
        }
        TypeRef::Function { ret, params, .. } => {
            pattern_type_names(ret, out, depth + 1);
            params.iter().for_each(|p| pattern_type_names(p, out, depth + 1));
        }
        _ => {}
    }
}

/// The names template arguments of a written type mention: types, and the names of value
/// arguments (`S<Ts>`, `S<sizeof(Ts)>`, `S<Ns>`).
fn template_arg_ref_names(args: &[crate::body::TemplateArgRef], out: &mut Vec<SmolStr>, depth: u32) {
    for a in args {
        match a {
            crate::body::TemplateArgRef::Type(t) => pattern_type_names(t, out, depth + 1),
            crate::body::TemplateArgRef::Value(c) => {
                for e in &c.exprs {
                    if let Expr::Name(n) = e {
                        out.push(n.clone());
                    }
                }
                c.types.iter().for_each(|t| pattern_type_names(t, out, depth + 1));
            }
        }
    }
}
