//! Lambda expressions. A lambda's closure type is a record whose fields are the captures (a
//! by-reference capture is a pointer field, dereferenced at each use) with an `operator()`
//! whose body is the lambda's statements in the enclosing definition's body. The enclosing body
//! asks for the closure type by a [`ClosureKey`] (captures, parameter types, the enclosing
//! function); like template instances, `warpc-db`'s def map fixed point creates it, and learns
//! a deduced return type from checking the `operator()`. The lambda expression itself is the
//! closure object: an aggregate of the captured values and addresses.

use super::checker::Checker;
use super::DiagAt;
use crate::body::{Expr, ExprId, LambdaDef, Stmt, StmtId};
use crate::thir::{ExprKind, TExprId, TInit};
use crate::ty::{AutoParam, ClosureKey, ExecSpace, Ty, TyKind};
use smol_str::SmolStr;

impl<'a> Checker<'a> {
    pub(crate) fn lambda_expr(&mut self, id: ExprId, k: u32) -> TExprId {
        let lambdas: &'a [LambdaDef] = self.lambdas;
        let Some(def) = lambdas.get(k as usize) else {
            return self.err_expr();
        };
        let Some(fctx) = self.func.as_ref() else {
            self.error_e(
                id,
                "unsupported",
                "unsupported: lambda expressions outside function bodies",
            );
            return self.err_expr();
        };
        let fid = fctx.id;
        if def.captures_this {
            self.error_e(id, "unsupported", "unsupported: lambdas capturing this");
            return self.err_expr();
        }
        let mut caps: Vec<(SmolStr, bool)> = def.captures.clone();
        let mut used = Vec::new();
        self.names_in_stmt(def.body, &mut used, 0);
        let own: Vec<SmolStr> = def.params.iter().filter_map(|(n, _)| n.clone()).collect();
        let mut declared_inside = Vec::new();
        self.decls_in_stmt(def.body, &mut declared_inside, 0);
        for n in used {
            if own.contains(&n)
                || declared_inside.contains(&n)
                || caps.iter().any(|(c, _)| *c == n)
                || self.lookup_local(&n).is_none()
            {
                continue;
            }
            match def.default_capture {
                Some(by_ref) => caps.push((n, by_ref)),
                None => {
                    let msg = "an enclosing-function local variable cannot be referenced in a lambda body unless it is in the capture list";
                    self.error_e(id, "lambda-capture", msg);
                    return self.err_expr();
                }
            }
        }
        let mut captures = Vec::new();
        let mut values = Vec::new();
        for (n, by_ref) in caps {
            if self.lookup_local(&n).is_none() {
                let msg = format!("identifier \"{n}\" is undefined");
                self.error_e(id, "undefined-identifier", msg);
                return self.err_expr();
            }
            let lv = self.name(id, &n);
            let ty = self.ty(lv).clone();
            if ty.is_error() {
                return self.err_expr();
            }
            let v = if by_ref {
                self.rvalue_of(Ty::ptr(ty.clone()), ExprKind::AddrOf(lv))
            } else {
                self.rv(lv)
            };
            if matches!(ty.kind, TyKind::Array(..)) && !by_ref {
                self.error_e(id, "unsupported", "unsupported: capturing an array by value");
                return self.err_expr();
            }
            if let (false, Some(what)) = (by_ref, self.by_value_obstacle(&ty)) {
                let msg = format!("unsupported: capturing \"{n}\" of class \"{}\", which has {what}, by value (capture it by reference)", self.show(&ty.unqualified()));
                self.error_e(id, "unsupported", msg);
                return self.err_expr();
            }
            captures.push((n, ty, by_ref));
            values.push(v);
        }
        let mut params = Vec::new();
        let mut auto_params = Vec::new();
        for (_, tr) in &def.params {
            use crate::body::{Quals, TypeRef};
            let shape = match self.types.get(tr.0 as usize) {
                Some(TypeRef::Auto) => Some(AutoParam::Value { is_const: false }),
                Some(TypeRef::Qualified(q, t)) if matches!(**t, TypeRef::Auto) => Some(AutoParam::Value {
                    is_const: q.contains(Quals::CONST),
                }),
                Some(TypeRef::Reference(t)) => match &**t {
                    TypeRef::Auto => Some(AutoParam::LRef { is_const: false }),
                    TypeRef::Qualified(q, t) if matches!(**t, TypeRef::Auto) => Some(AutoParam::LRef {
                        is_const: q.contains(Quals::CONST),
                    }),
                    _ => None,
                },
                Some(TypeRef::Qualified(q, t)) if q.contains(Quals::RVALUE) => match &**t {
                    TypeRef::Reference(t) if matches!(**t, TypeRef::Auto) => Some(AutoParam::Forward),
                    _ => None,
                },
                _ => None,
            };
            if let Some(shape) = shape {
                auto_params.push(shape);
                params.push(Ty::error());
                continue;
            }
            if self.types.get(tr.0 as usize).is_some_and(contains_auto) {
                self.error_e(
                    id,
                    "unsupported",
                    "unsupported: this use of auto in a generic lambda's parameter",
                );
                return self.err_expr();
            }
            let t = self.body_type(*tr, DiagAt::Expr(id));
            auto_params.push(AutoParam::No);
            params.push(super::types::adjust_param(t));
        }
        if auto_params.iter().all(|a| *a == AutoParam::No) {
            auto_params.clear();
        }
        let ret = def.ret.map(|t| self.body_type(t, DiagAt::Expr(id)));
        let decl = self.dm.function(fid);
        let space = match decl.space {
            ExecSpace::Global => ExecSpace::Device,
            s => s,
        };
        let (abi_name, call_link_name) =
            self.closure_abi_names(k, &decl.link_name, &params, &auto_params, def.is_mutable);
        let decl = self.dm.function(fid);
        let key = ClosureKey {
            abi_name,
            call_link_name,
            body_index: decl.body_index.unwrap_or(0),
            lambda: k,
            enclosing: decl.link_name.clone(),
            item: decl.item,
            space,
            env: self.template_env.clone(),
            captures,
            params,
            ret,
            auto_params,
            instance: false,
            mutable: def.is_mutable,
        };
        match self.dm.closures.get(&key) {
            Some(&(rid, _)) => {
                let init = TInit::List(values.into_iter().map(TInit::Expr).collect());
                self.rvalue_of(Ty::new(TyKind::Record(rid)), ExprKind::Aggregate(Box::new(init)))
            }
            None => {
                if !self.closure_requests.contains(&key) {
                    self.closure_requests.push(key);
                }
                self.error_e(id, "unsupported", "unsupported: this lambda could not be compiled here");
                self.err_expr()
            }
        }
    }

    /// The ABI names of lambda `k`'s closure type and of its `operator()` (Itanium 5.1.8,
    /// as nvcc writes them): the closure is a class local to the function whose symbol is
    /// `context` (the enclosing function, or the enclosing lambda's `operator()`), named
    /// `Ul <parameter types> E [n] _`, where `n` numbers the lambdas of that context with the
    /// same parameters in lexical order (none for the first, `0` for the second...). A generic
    /// lambda's `auto` parameters are its call operator's template parameters (`T_`, `RKT0_`).
    /// Lambdas are compared by their parameter types as written.
    fn closure_abi_names(
        &self,
        k: u32,
        context: &str,
        params: &[Ty],
        auto_params: &[AutoParam],
        mutable: bool,
    ) -> (SmolStr, SmolStr) {
        use crate::mangle::{self, MangleTy};
        let lambdas: &'a [LambdaDef] = self.lambdas;
        let written = |l: &LambdaDef| -> Vec<Option<crate::body::TypeRef>> {
            l.params
                .iter()
                .map(|(_, t)| self.types.get(t.0 as usize).cloned())
                .collect()
        };
        let this = &lambdas[k as usize];
        let sig_written = written(this);
        let n = lambdas[..k as usize]
            .iter()
            .filter(|l| l.parent == this.parent && written(l) == sig_written)
            .count();
        let mut autos = 0u32;
        let param = |i: usize, autos: &mut u32| -> MangleTy {
            let shape = auto_params.get(i).copied().unwrap_or(AutoParam::No);
            if shape == AutoParam::No {
                return MangleTy::from_ty(&params[i], &self.dm.records);
            }
            let t = MangleTy::TemplateParam(*autos);
            *autos += 1;
            match shape {
                AutoParam::LRef { is_const } => MangleTy::Reference(Box::new(if is_const {
                    MangleTy::Qualified(crate::body::Quals::CONST, Box::new(t))
                } else {
                    t
                })),
                AutoParam::Forward => MangleTy::RvalueRef(Box::new(t)),
                _ => t,
            }
        };
        let mtys: Vec<MangleTy> = (0..params.len()).map(|i| param(i, &mut autos)).collect();
        // The parameter types' encoding: a function `_Z1x<params>` without its name.
        let sig = mangle::mangle_function("x", &mtys, false);
        let sig = sig.strip_prefix("_Z1x").unwrap_or("v");
        let local = match n {
            0 => format!("Ul{sig}E_"),
            n => format!("Ul{sig}E{}_", n - 1),
        };
        let enc = mangle::function_encoding(context);
        let k_const = if mutable { "" } else { "K" };
        (
            SmolStr::new(format!("@{enc}@{local}")),
            SmolStr::new(format!("_ZZ{enc}EN{k_const}{local}clE{sig}")),
        )
    }

    /// Unqualified names used in a statement (for `[=]`/`[&]` implicit captures).
    pub(crate) fn names_in_stmt(&self, s: StmtId, out: &mut Vec<SmolStr>, depth: u32) {
        if depth > 256 {
            return;
        }
        let Some(stmt) = self.stmts.get(s.0 as usize) else {
            return;
        };
        let d = depth + 1;
        match stmt {
            Stmt::Expr(e) | Stmt::Return(Some(e)) => self.names_in_expr(*e, out, d),
            Stmt::Decl(ds) => {
                for ld in ds {
                    match &ld.init {
                        Some(crate::body::Initializer::Expr(e)) => self.names_in_expr(*e, out, d),
                        Some(crate::body::Initializer::List(items)) => {
                            for (_, i) in items {
                                if let crate::body::Initializer::Expr(e) = i {
                                    self.names_in_expr(*e, out, d);
                                }
                            }
                        }
                        None => {}
                    }
                }
            }
            Stmt::Block(ss) => ss.iter().for_each(|s| self.names_in_stmt(*s, out, d)),
            Stmt::If { cond, then, else_ } => {
                self.names_in_expr(*cond, out, d);
                self.names_in_stmt(*then, out, d);
                if let Some(e) = else_ {
                    self.names_in_stmt(*e, out, d);
                }
            }
            Stmt::While { cond, body, .. } | Stmt::DoWhile { body, cond, .. } => {
                self.names_in_expr(*cond, out, d);
                self.names_in_stmt(*body, out, d);
            }
            Stmt::For {
                init, cond, step, body, ..
            } => {
                if let Some(i) = init {
                    self.names_in_stmt(*i, out, d);
                }
                for e in [cond, step].into_iter().flatten() {
                    self.names_in_expr(*e, out, d);
                }
                self.names_in_stmt(*body, out, d);
            }
            Stmt::Switch { cond, body } | Stmt::RangeFor { range: cond, body, .. } => {
                self.names_in_expr(*cond, out, d);
                self.names_in_stmt(*body, out, d);
            }
            Stmt::Case { body, .. } | Stmt::Default { body } | Stmt::Label { body, .. } => {
                self.names_in_stmt(*body, out, d)
            }
            _ => {}
        }
    }

    /// Names declared by statements inside a lambda body (they shadow enclosing locals).
    fn decls_in_stmt(&self, s: StmtId, out: &mut Vec<SmolStr>, depth: u32) {
        if depth > 256 {
            return;
        }
        let Some(stmt) = self.stmts.get(s.0 as usize) else {
            return;
        };
        let d = depth + 1;
        match stmt {
            Stmt::Decl(ds) => out.extend(ds.iter().map(|ld| ld.name.clone())),
            Stmt::Block(ss) => ss.iter().for_each(|s| self.decls_in_stmt(*s, out, d)),
            Stmt::If { then, else_, .. } => {
                self.decls_in_stmt(*then, out, d);
                if let Some(e) = else_ {
                    self.decls_in_stmt(*e, out, d);
                }
            }
            Stmt::While { body, .. } | Stmt::DoWhile { body, .. } | Stmt::Switch { body, .. } => {
                self.decls_in_stmt(*body, out, d)
            }
            Stmt::RangeFor { var, body, .. } => {
                out.push(var.name.clone());
                self.decls_in_stmt(*body, out, d);
            }
            Stmt::For { init, body, .. } => {
                if let Some(i) = init {
                    self.decls_in_stmt(*i, out, d);
                }
                self.decls_in_stmt(*body, out, d);
            }
            Stmt::Case { body, .. } | Stmt::Default { body } | Stmt::Label { body, .. } => {
                self.decls_in_stmt(*body, out, d)
            }
            _ => {}
        }
    }

    pub(crate) fn names_in_expr(&self, e: ExprId, out: &mut Vec<SmolStr>, depth: u32) {
        if depth > 256 {
            return;
        }
        let Some(x) = self.exprs.get(e.0 as usize) else { return };
        let d = depth + 1;
        let mut go = |e: &ExprId| self.names_in_expr(*e, out, d);
        match x {
            Expr::Name(n) => {
                let fresh = !n.contains("::") && !out.contains(n);
                if fresh {
                    out.push(n.clone());
                }
            }
            Expr::Unary { expr, .. } | Expr::SizeofExpr(expr) | Expr::Cast { expr, .. } | Expr::Noexcept(expr) => {
                go(expr)
            }
            Expr::Delete { expr, .. } => go(expr),
            Expr::New { len, args, init, .. } => {
                len.iter().for_each(&mut go);
                crate::body::new_init_exprs(args, init).iter().for_each(go);
            }
            Expr::PlacementNew { place, args, init, .. } => {
                place.iter().for_each(&mut go);
                crate::body::new_init_exprs(args, init).iter().for_each(go);
            }
            Expr::Binary { lhs, rhs, .. } | Expr::Assign { lhs, rhs, .. } => {
                go(lhs);
                go(rhs);
            }
            Expr::Cond { cond, then, else_ } => {
                go(cond);
                go(then);
                go(else_);
            }
            Expr::Call { callee, args } => {
                go(callee);
                args.iter().for_each(go);
            }
            Expr::Index { base, index }
            | Expr::MemberPointer {
                base, member: index, ..
            } => {
                go(base);
                go(index);
            }
            Expr::Member { base, .. } => go(base),
            Expr::MemberTemplate { base, args, .. } => {
                go(base);
                for a in args {
                    if let crate::body::TemplateArgExpr::Value(v) = a {
                        go(v);
                    }
                }
            }
            Expr::Construct { args, init, .. } => match init {
                Some(i) => {
                    let mut all = Vec::new();
                    i.exprs(&mut all);
                    all.iter().for_each(go);
                }
                None => args.iter().for_each(go),
            },
            Expr::PackExpansion(e) => go(e),
            Expr::Fold { lhs, rhs, .. } => lhs.iter().chain(rhs.iter()).for_each(go),
            Expr::KernelLaunch { callee, config, args } => {
                go(callee);
                config.iter().for_each(&mut go);
                args.iter().for_each(go);
            }
            Expr::Lambda(k) => {
                // A nested lambda's captures are names the outer lambda uses too.
                if let Some(def) = self.lambdas.get(*k as usize) {
                    for (n, _) in &def.captures {
                        if !out.contains(n) {
                            out.push(n.clone());
                        }
                    }
                    if def.default_capture.is_some() {
                        self.names_in_stmt(def.body, out, d);
                    }
                }
            }
            _ => {}
        }
    }
}

fn contains_auto(t: &crate::body::TypeRef) -> bool {
    use crate::body::TypeRef;
    match t {
        TypeRef::Auto => true,
        TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) => {
            contains_auto(i)
        }
        _ => false,
    }
}

impl<'a> Checker<'a> {
    /// A call of a generic lambda's closure object `obj` (record `rid`): the `operator()`
    /// instance for the arguments' types (asked for from the def map's fixed point when
    /// missing). `None` when `rid` is not a generic lambda's closure type.
    pub(crate) fn generic_lambda_call(
        &mut self,
        id: ExprId,
        rid: crate::ty::RecordId,
        obj: TExprId,
        obj_id: ExprId,
        args: &[ExprId],
    ) -> Option<TExprId> {
        let dm = self.dm;
        let (key, _) = dm
            .closures
            .iter()
            .find(|(k, v)| v.0 == rid && !k.auto_params.is_empty() && !k.instance)?;
        let raw: Vec<TExprId> = args.iter().map(|a| self.expr(*a)).collect();
        if raw.iter().any(|r| self.ty(*r).is_error()) {
            return Some(self.err_expr());
        }
        if raw.len() != key.params.len() {
            let msg = if raw.len() < key.params.len() {
                "too few arguments in function call"
            } else {
                "too many arguments in function call"
            };
            self.error_e(id, "arg-count", msg);
            return Some(self.err_expr());
        }
        let mut params = Vec::new();
        for ((p, shape), &r) in key.params.iter().zip(&key.auto_params).zip(&raw) {
            let at = self.ty(r).clone();
            let decayed = match &at.kind {
                TyKind::Array(e, _) => Ty::ptr((**e).clone()),
                TyKind::Function(_) => Ty::ptr(at.unqualified()),
                _ => at.unqualified(),
            };
            let lvalue = self.out.expr(r).category == crate::thir::ValueCategory::LValue && !self.is_xvalue(r);
            params.push(match shape {
                AutoParam::No => p.clone(),
                AutoParam::Value { is_const } => {
                    if *is_const {
                        decayed.with_quals(crate::body::Quals::CONST)
                    } else {
                        decayed
                    }
                }
                AutoParam::LRef { is_const } => {
                    let t = if *is_const {
                        at.unqualified().with_quals(crate::body::Quals::CONST)
                    } else {
                        at.clone()
                    };
                    Ty::new(TyKind::Reference(Box::new(t)))
                }
                AutoParam::Forward if lvalue => Ty::new(TyKind::Reference(Box::new(at.clone()))),
                AutoParam::Forward => {
                    Ty::new(TyKind::Reference(Box::new(at.unqualified()))).with_quals(crate::body::Quals::RVALUE)
                }
            });
        }
        let mut inst = key.clone();
        inst.params = params;
        inst.instance = true;
        let Some(&(rid2, f2)) = dm.closures.get(&inst) else {
            if !self.closure_requests.contains(&inst) {
                self.closure_requests.push(inst);
            }
            self.error_e(id, "unsupported", "unsupported: this lambda could not be compiled here");
            return Some(self.err_expr());
        };
        // The instance's closure type has the generic one's layout (the same captures).
        let addr = self.object_address(obj);
        let this = self.cast(
            crate::thir::CastKind::PtrToPtr,
            addr,
            Ty::ptr(Ty::new(TyKind::Record(rid2))),
        );
        let mut all = vec![this];
        all.extend(raw);
        let mut ids = args.to_vec();
        ids.insert(0, obj_id);
        Some(self.call_resolved(id, &SmolStr::new("operator()"), &[f2], all, &ids))
    }
}
