//! Class template argument deduction (C++17 CTAD) for a variable declared with a class
//! template's name and no arguments: `Span1D s(p, n);`, `S s{a, b};`, `S s = S<int>(...)`. The
//! class template's deduction guides (`DefMap::guides`: the user's, then one per constructor and
//! the copy deduction candidate) are function templates whose return type is the class; each
//! is deduced from the initializer's arguments as a call would be, and the most specialized
//! viable guide names the specialization. A user-written guide wins over an implicit one.

use super::checker::{BodyTypeEnv, Checker};
use super::types::TypeEnv as _;
use super::DiagAt;
use crate::body::{ExprId, Initializer, LocalDecl, Quals, TypeRef};
use crate::thir::TExprId;
use crate::ty::{TArg, Ty};
use smol_str::SmolStr;
use warpc_base::Severity;

impl<'a> Checker<'a> {
    /// The class template a local's written type names without arguments (`S x(...)`), if any.
    fn ctad_template(&mut self, written: &'a TypeRef) -> Option<(SmolStr, Quals)> {
        let (quals, inner) = match written {
            TypeRef::Qualified(q, t) => (*q, &**t),
            t => (Quals::empty(), t),
        };
        let TypeRef::Named(n) = inner else { return None };
        Some((self.ctad_class(n)?, quals))
    }

    /// The class template that name `n`, written without template arguments where a type is
    /// expected, names (for deduction), if any.
    pub(crate) fn ctad_class(&mut self, n: &SmolStr) -> Option<SmolStr> {
        if (BodyTypeEnv { ck: self }).typedef(n).is_some() {
            return None;
        }
        let dm = self.dm;
        self.name_candidates(n)
            .into_iter()
            .find(|q| dm.record_templates.contains_key(q))
    }

    /// `S(args)` with `S` a class template: a temporary of the specialization the arguments
    /// deduce.
    pub(crate) fn ctad_functional_cast(&mut self, id: ExprId, class: &SmolStr, args: &[ExprId]) -> TExprId {
        match self.deduce_class_from(class, args, &DiagAt::Expr(id)) {
            Some(t) => self.construct_ty(id, t, args, false, None),
            None => self.err_expr(),
        }
    }

    /// The type of a local declared with a class template's name and no template arguments,
    /// deduced from its initializer; `None` when the written type is not such a name.
    pub(crate) fn deduced_class(&mut self, d: &'a LocalDecl, at: &DiagAt) -> Option<Ty> {
        let written = self.types.get(d.ty.0 as usize)?;
        let (class, quals) = self.ctad_template(written)?;
        let args: Option<Vec<ExprId>> = match &d.init {
            None => Some(Vec::new()),
            Some(Initializer::Expr(e)) => Some(vec![*e]),
            Some(Initializer::List(items)) => items
                .iter()
                .map(|(des, i)| match (des, i) {
                    (None, Initializer::Expr(e)) => Some(*e),
                    _ => None,
                })
                .collect(),
        };
        let Some(args) = args else {
            self.error(
                at.clone(),
                "unsupported",
                "unsupported: class template argument deduction from a nested or designated initializer list",
            );
            return Some(Ty::error());
        };
        self.deduce_class_from(&class, &args, at)
            .map(|t| t.with_quals(quals))
            .or(Some(Ty::error()))
    }

    /// Deduces the specialization of class template `class` that arguments `args` construct.
    /// Reports nvcc's errors and returns `None` when no guide or several equally good ones fit.
    pub(crate) fn deduce_class_from(&mut self, class: &SmolStr, args: &[ExprId], at: &DiagAt) -> Option<Ty> {
        let raw: Vec<TExprId> = args
            .iter()
            .map(|&e| {
                let v = self.expr(e);
                self.cache.insert(e, v);
                v
            })
            .collect();
        if raw.iter().any(|r| self.ty(*r).is_error()) {
            return None;
        }
        let dm = self.dm;
        let guides = dm.guides.get(class).cloned().unwrap_or_default();
        let mut pending = false;
        // (user-written, specialization rank, deduced class type)
        let mut found: Vec<(bool, u32, Ty)> = Vec::new();
        for (t, user) in guides {
            if !self.template_arity_fits(t, raw.len()) {
                continue;
            }
            let (n_diags, n_req) = (self.diags.len(), self.record_requests.len());
            let Ok(targs) = self.deduce(t, &[], &raw) else {
                self.diags.truncate(n_diags);
                continue;
            };
            match self.substitution(t, &targs) {
                Ok(true) => {}
                Ok(false) => {
                    pending = true;
                    continue;
                }
                Err(_) => continue,
            }
            let tm = &dm.templates[t as usize];
            let env: Vec<(SmolStr, TArg)> = tm
                .params
                .iter()
                .zip(targs)
                .filter_map(|(p, a)| Some((p.name.clone()?, a)))
                .collect();
            let saved_env = std::mem::replace(&mut self.template_env, env);
            let saved_at = self.at_override.replace(at.clone());
            let ty = self.resolve_type_ref(&tm.decl.ret, at.clone());
            self.at_override = saved_at;
            self.template_env = saved_env;
            if self.record_requests.len() > n_req {
                // Found on the next round of the def map's fixed point.
                pending = true;
                self.diags.truncate(n_diags);
                continue;
            }
            if ty.is_error() || self.diags[n_diags..].iter().any(|d| d.severity == Severity::Error) {
                self.diags.truncate(n_diags);
                continue;
            }
            found.push((user, self.specialization(t), ty));
        }
        let user = found.iter().any(|f| f.0);
        found.retain(|f| f.0 == user);
        let best = found.iter().map(|f| f.1).max().unwrap_or(0);
        found.retain(|f| f.1 == best);
        let name = class.rsplit("::").next().unwrap_or(class);
        match found.as_slice() {
            [] if pending => {
                let msg = format!("unsupported: class template \"{name}\" could not be instantiated here");
                self.error(at.clone(), "unsupported", msg);
                None
            }
            [] => {
                let shown: Vec<String> = raw.iter().map(|r| self.show(self.ty(*r))).collect();
                let notes = vec![format!("argument types are: ({})", shown.join(", "))];
                let msg = format!("no instance of constructor \"{name}\" matches the argument list");
                self.diag(at.clone(), Severity::Error, "no-matching-ctor", msg, notes);
                // (nvcc says no more when there are no arguments.)
                if !raw.is_empty() {
                    self.error(at.clone(), "ctad", "cannot deduce class template arguments");
                }
                None
            }
            [(_, _, t), rest @ ..] if rest.iter().all(|(_, _, u)| u == t) => Some(t.clone()),
            _ => {
                let msg = format!("more than one instance of constructor \"{name}\" matches the argument list");
                self.error(at.clone(), "ambiguous-ctad", msg);
                self.error(at.clone(), "ctad", "cannot deduce class template arguments");
                None
            }
        }
    }
}
