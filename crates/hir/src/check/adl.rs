//! Argument-dependent lookup ([basic.lookup.argdep]): the namespaces associated with a call's
//! argument types, and the functions and function templates of the called name declared in
//! them (friend functions declared in a class are functions of its namespace in warpc, so a
//! hidden friend is found through its class's namespace).

use super::checker::{split_scope, Checker};
use crate::def_map::ValueDef;
use crate::ty::{RecordId, TArg, Ty, TyKind};
use smol_str::SmolStr;

impl<'a> Checker<'a> {
    /// The namespaces associated with argument types `tys`, in order (the global namespace as
    /// `""`): for a class, the innermost namespace enclosing it, those of its bases and, for a
    /// class template specialization, those of its template arguments' types and templates; for
    /// pointers, references and arrays, those of the element type; for a function type, those of
    /// its parameters and return type. Enumerations are integers here (not associated).
    pub(crate) fn adl_namespaces(&mut self, tys: &[Ty]) -> Vec<SmolStr> {
        let mut out = Vec::new();
        let mut seen: Vec<RecordId> = Vec::new();
        let mut stack: Vec<Ty> = tys.iter().rev().cloned().collect();
        let mut steps = 0;
        while let Some(t) = stack.pop() {
            steps += 1;
            if steps > 512 {
                break;
            }
            match t.kind {
                TyKind::Pointer(i) | TyKind::Reference(i) | TyKind::Array(i, _) => stack.push(*i),
                TyKind::Function(sig) => {
                    stack.extend(sig.params.iter().rev().cloned());
                    stack.push(sig.ret.clone());
                }
                TyKind::Record(rid) => {
                    if seen.contains(&rid) {
                        continue;
                    }
                    seen.push(rid);
                    let args = self.instance_args(rid);
                    let name = match &args {
                        Some((t, _)) => self.dm.record_templates.get_index(*t as usize).map(|(n, _)| n.clone()),
                        None => self.dm.record(rid).name.clone(),
                    };
                    if let Some(n) = name {
                        push_once(&mut out, self.enclosing_namespace(&n));
                    }
                    for b in self.dm.record(rid).bases.iter().rev() {
                        stack.push(Ty::new(TyKind::Record(b.record)));
                    }
                    if let Some((_, args)) = args {
                        let mut targs: Vec<TArg> = args;
                        while let Some(a) = targs.pop() {
                            match a {
                                TArg::Type { ty, .. } => stack.push(ty),
                                TArg::Pack(v) => targs.extend(v),
                                TArg::Template(q) => push_once(&mut out, self.enclosing_namespace(&q)),
                                TArg::Value { .. } | TArg::Decl { .. } => {}
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The types of call arguments `args`, for argument-dependent lookup, before the call is
    /// checked: each is checked as an unevaluated operand and the result discarded (its
    /// diagnostics, temporaries, callees and cached checks), so that the call checks its
    /// arguments as before; the types are remembered (nested calls probe once).
    pub(crate) fn adl_arg_types(&mut self, args: &[crate::body::ExprId]) -> Vec<Ty> {
        let mut out = Vec::with_capacity(args.len());
        for &a in args {
            let key = (a, self.pack_index);
            if let Some(t) = self.adl_types.get(&key) {
                out.push(t.clone());
                continue;
            }
            let saved_cache = std::mem::take(&mut self.cache);
            let (callees, globals) = (self.callees.clone(), self.globals.clone());
            let (n_diags, n_temps) = (self.diags.len(), self.pending_temps.len());
            self.unevaluated_depth += 1;
            let e = self.expr(a);
            self.unevaluated_depth -= 1;
            let t = self.ty(e).clone();
            self.diags.truncate(n_diags);
            self.pending_temps.truncate(n_temps);
            self.callees = callees;
            self.globals = globals;
            self.cache = saved_cache;
            self.adl_types.insert(key, t.clone());
            out.push(t);
        }
        out
    }

    /// The class template and arguments record `rid` is a specialization of.
    pub(crate) fn instance_args(&mut self, rid: RecordId) -> Option<(u32, Vec<TArg>)> {
        let dm = self.dm;
        let map = self.instance_of.get_or_insert_with(|| {
            dm.record_instances
                .iter()
                .map(|((t, args), id)| (*id, (*t, args.clone())))
                .collect()
        });
        map.get(&rid).cloned()
    }

    /// The innermost namespace enclosing the entity named `name` (qualified; classes are not
    /// namespaces): `""` for the global namespace.
    fn enclosing_namespace(&self, name: &str) -> SmolStr {
        let name = name.strip_prefix("::").unwrap_or(name);
        let parts = split_scope(name);
        for k in (1..parts.len()).rev() {
            let prefix = parts[..k].join("::");
            let is_class = parts[k - 1].contains('<')
                || self.dm.tags.contains_key(prefix.as_str())
                || self.dm.record_templates.contains_key(prefix.as_str());
            if !is_class {
                return SmolStr::new(prefix);
            }
        }
        SmolStr::default()
    }

    /// The functions and function templates named `name` (unqualified) declared in the
    /// namespaces associated with argument types `tys` ([basic.lookup.argdep]/4), in the order
    /// of the namespaces.
    pub(crate) fn adl_defs(&mut self, name: &str, tys: &[Ty]) -> Vec<ValueDef> {
        if name.contains("::") || !tys.iter().any(has_class) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for ns in self.adl_namespaces(tys) {
            let q = if ns.is_empty() {
                SmolStr::new(name)
            } else {
                SmolStr::new(format!("{ns}::{name}"))
            };
            for d in self.dm.values.get(&q).into_iter().flatten() {
                if self.is_free_function(d) && !out.contains(d) {
                    out.push(*d);
                }
            }
        }
        out
    }

    /// Whether ordinary lookup's result `defs` leaves argument-dependent lookup on
    /// ([basic.lookup.argdep]/3): nothing found, or only functions and function templates that
    /// are not class members.
    pub(crate) fn adl_applies(&self, defs: Option<&Vec<ValueDef>>) -> bool {
        defs.into_iter().flatten().all(|d| self.is_free_function(d))
    }

    /// Whether `d` is a function or function template that is not a class member.
    fn is_free_function(&self, d: &ValueDef) -> bool {
        match d {
            ValueDef::Function(f) => self.dm.function(*f).method.is_none(),
            ValueDef::Template(t) => self.dm.templates[*t as usize].decl.method.is_none(),
            _ => false,
        }
    }
}

/// Whether `t` is, or is built from, a class type (what gives a call associated namespaces).
fn has_class(t: &Ty) -> bool {
    match &t.kind {
        TyKind::Record(_) => true,
        TyKind::Pointer(i) | TyKind::Reference(i) | TyKind::Array(i, _) => has_class(i),
        TyKind::Function(sig) => has_class(&sig.ret) || sig.params.iter().any(has_class),
        _ => false,
    }
}

/// Appends namespace `ns` unless `out` already holds it.
fn push_once(out: &mut Vec<SmolStr>, ns: SmolStr) {
    if !out.contains(&ns) {
        out.push(ns);
    }
}
