//! Template arguments: resolving written ones, defaults, packs, value arguments.

use super::*;

pub(super) fn is_param_name(ce: &ConstExpr, names: &[Option<SmolStr>]) -> bool {
    let root = match ce.exprs.get(ce.root.0 as usize) {
        // `I...`: the pack's name.
        Some(crate::body::Expr::PackExpansion(inner)) => ce.exprs.get(inner.0 as usize),
        r => r,
    };
    matches!(root, Some(crate::body::Expr::Name(n)) if names.iter().any(|x| x.as_deref() == Some(n.as_str())))
}

/// Whether a template argument parsed as an expression may name a type (a qualified name:
/// see [`types::resolve_value_as_type`]).
pub(crate) fn is_value_as_type(ce: &ConstExpr) -> bool {
    match ce.exprs.get(ce.root.0 as usize) {
        Some(crate::body::Expr::ScopedName { .. }) => true,
        Some(crate::body::Expr::Name(n)) => n.contains("::"),
        _ => false,
    }
}

/// Whether a non-type template parameter is declared `auto` (its type is its argument's).
pub(crate) fn is_auto_param(t: &TypeRef) -> bool {
    match t {
        TypeRef::Auto => true,
        TypeRef::Qualified(_, i) => is_auto_param(i),
        _ => false,
    }
}

/// The identifiers in a pointer to member's class as written (`ns`, `C`, `T` of `ns::C<T>`).
fn class_idents(class: &str) -> impl Iterator<Item = &str> {
    class
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|s| !s.is_empty())
}

/// Whether a type pattern depends on one of `names` only through a qualified name
/// (`typename I::cat`, `__void_t<typename I::cat>`): a non-deduced context, substituted once
/// the other parameters are deduced.
pub(super) fn depends_only_nondeduced(t: &TypeRef, names: &[Option<SmolStr>]) -> bool {
    if mentions_param(t, names) {
        return false;
    }
    let mut mentioned = Vec::new();
    names_in(t, &mut mentioned);
    // And through a `decltype` nested in the pattern (`void_t<decltype(declval<T>()(...))>`,
    // CUB's `has_binary_call_operator`): the operand is a non-deduced context too.
    decltype_names_in(t, &mut mentioned);
    mentioned
        .iter()
        .any(|m| names.iter().any(|x| x.as_deref() == Some(m.as_str())))
}

/// The names the operands of the `decltype`s nested in a written type mention (what
/// [`names_in`] does not walk).
fn decltype_names_in(t: &TypeRef, out: &mut Vec<SmolStr>) {
    let args = |args: &[TemplateArgRef], out: &mut Vec<SmolStr>| {
        for a in args {
            match a {
                TemplateArgRef::Type(t) => decltype_names_in(t, out),
                TemplateArgRef::Value(ce) => {
                    for t in &ce.types {
                        decltype_names_in(t, out);
                    }
                }
            }
        }
    };
    match t {
        TypeRef::Decltype { expr, .. } => const_names_in(expr, out),
        TypeRef::Pointer(i)
        | TypeRef::Reference(i)
        | TypeRef::Qualified(_, i)
        | TypeRef::Array(i, _)
        | TypeRef::Underlying(i)
        | TypeRef::PackExpansion(i) => decltype_names_in(i, out),
        TypeRef::Member { scope, .. } => decltype_names_in(scope, out),
        TypeRef::MemberPointer { pointee, .. } => decltype_names_in(pointee, out),
        TypeRef::MemberTemplate { scope, args: a, .. } => {
            decltype_names_in(scope, out);
            args(a, out);
        }
        TypeRef::Function { ret, params, .. } => {
            decltype_names_in(ret, out);
            for p in params {
                decltype_names_in(p, out);
            }
        }
        TypeRef::Template { args: a, .. } => args(a, out),
        _ => {}
    }
}

/// Whether a pattern is `decltype(e)` with `e` naming one of `names` (a partial
/// specialization's `S<F, T, decltype(test_convert<T>(declval<F>()))>`): a non-deduced context.
pub(super) fn nondeduced_decltype(t: &TypeRef, names: &[Option<SmolStr>]) -> bool {
    let TypeRef::Decltype { expr, .. } = t else {
        return false;
    };
    let mut mentioned = Vec::new();
    const_names_in(expr, &mut mentioned);
    mentioned
        .iter()
        .any(|m| names.iter().any(|x| x.as_deref() == Some(m.as_str())))
}

/// Whether a type pattern names one of `names` (template parameters).
pub(super) fn mentions_param(t: &TypeRef, names: &[Option<SmolStr>]) -> bool {
    match t {
        TypeRef::Named(n) => names.iter().any(|x| x.as_deref() == Some(n.as_str())),
        TypeRef::Pointer(i)
        | TypeRef::Reference(i)
        | TypeRef::Qualified(_, i)
        | TypeRef::Underlying(i)
        | TypeRef::PackExpansion(i) => mentions_param(i, names),
        TypeRef::Array(i, len) => mentions_param(i, names) || len.as_ref().is_some_and(|l| is_param_name(l, names)),
        TypeRef::Template { args, .. } => args.iter().any(|a| match a {
            TemplateArgRef::Type(t) => mentions_param(t, names),
            TemplateArgRef::Value(ce) => is_param_name(ce, names),
        }),
        TypeRef::Function {
            ret, params, noexcept, ..
        } => {
            mentions_param(ret, names)
                || params.iter().any(|p| mentions_param(p, names))
                || matches!(noexcept, Some(Some(c)) if is_param_name(c, names))
        }
        TypeRef::Member { scope, .. } => mentions_param(scope, names),
        TypeRef::MemberPointer { class, pointee } => {
            mentions_param(pointee, names) || class_idents(class).any(|c| names.iter().any(|x| x.as_deref() == Some(c)))
        }
        TypeRef::MemberTemplate { scope, args, .. } => {
            mentions_param(scope, names)
                || args.iter().any(|a| match a {
                    TemplateArgRef::Type(t) => mentions_param(t, names),
                    TemplateArgRef::Value(ce) => is_param_name(ce, names),
                })
        }
        _ => false,
    }
}

/// A resolved template argument as the mangler takes it.
pub(super) fn mangle_targ(a: &TArg) -> MangleTArg {
    match a {
        TArg::Type { mangle, .. } => MangleTArg::Type(mangle.clone()),
        TArg::Value { value, mangle, .. } => MangleTArg::Value(*value, mangle.clone()),
        TArg::Pack(v) => MangleTArg::Pack(v.iter().map(mangle_targ).collect()),
        TArg::Template(n) => MangleTArg::Template(n.clone()),
        TArg::Decl { link, ty, .. } => MangleTArg::Decl {
            symbol: link.clone(),
            addr: ty.is_pointer(),
        },
    }
}

pub(crate) fn has_default(p: &crate::item_tree::TemplateParamItem) -> bool {
    match &p.kind {
        TemplateParamKind::Type { default } => default.is_some(),
        TemplateParamKind::Value { default, .. } => default.is_some(),
        TemplateParamKind::Template { default, .. } => default.is_some(),
    }
}

/// The name a template template argument is written with (`Box`, `ns::Box`).
pub(crate) fn template_arg_name(tr: &TypeRef) -> Option<&SmolStr> {
    match tr {
        TypeRef::Named(n) | TypeRef::Record { name: Some(n), .. } => Some(n),
        _ => None,
    }
}

/// Whether class template parameters `tparams` fit a template template parameter's `pparams`
/// (same number, kinds and packs; a pack in the parameter takes any remaining ones).
pub(crate) fn template_params_compatible(
    pparams: &[crate::item_tree::TemplateParamItem],
    tparams: &[crate::item_tree::TemplateParamItem],
) -> bool {
    let kind = |p: &crate::item_tree::TemplateParamItem| match &p.kind {
        TemplateParamKind::Type { .. } => 0,
        TemplateParamKind::Value { .. } => 1,
        TemplateParamKind::Template { .. } => 2,
    };
    for (i, t) in tparams.iter().enumerate() {
        match pparams.get(i) {
            Some(p) if p.pack => return pparams.len() == i + 1 && tparams[i..].iter().all(|t| kind(t) == kind(p)),
            Some(p) => {
                if kind(p) != kind(t) || p.pack != t.pack {
                    return false;
                }
            }
            // C++17: remaining parameters with defaults are not required (nvcc accepts them).
            None => return t.pack || has_default(t),
        }
    }
    pparams.len() == tparams.len()
        || pparams
            .get(tparams.len())
            .is_some_and(|p| p.pack && pparams.len() == tparams.len() + 1)
}

/// The class template that one of `cands` (the qualified spellings lookup gives for `name`)
/// names, as the argument of template template parameter `pname` with parameters `pparams`;
/// nvcc's wording when it names something else. One rule for the def-map builder and the body
/// checker.
pub(crate) fn class_template_arg(
    dm: &DefMap,
    cands: &[SmolStr],
    name: &str,
    pparams: &[crate::item_tree::TemplateParamItem],
    pname: &str,
) -> Result<TArg, String> {
    let Some(t) = cands.iter().find_map(|q| dm.record_templates.get_index_of(q)) else {
        if cands
            .iter()
            .any(|q| dm.tags.contains_key(q) || dm.typedefs.contains_key(q))
        {
            return Err(format!("class \"{name}\" is not a class template"));
        }
        // An alias template ([temp.arg.template]/1): `C<args>` with `C` bound to it is the
        // alias's type with `args` bound (libcu++'s `_Fn::template __call`).
        if let Some((q, at)) = cands.iter().find_map(|q| dm.alias_templates.get_key_value(q)) {
            if !template_params_compatible(pparams, &at.params) {
                return Err(format!(
                    "alias template \"{name}\" is not compatible with template template parameter \"{pname}\""
                ));
            }
            return Ok(TArg::Template(q.clone()));
        }
        return Err(format!("\"{name}\" is not a class template"));
    };
    let (q, rt) = dm.record_templates.get_index(t).expect("index found");
    if !template_params_compatible(pparams, &rt.params) {
        return Err(format!(
            "class template \"{name}\" is not compatible with template template parameter \"{pname}\""
        ));
    }
    Ok(TArg::Template(q.clone()))
}

impl<'t> Builder<'t> {
    /// Written template argument `i` of `params`, the earlier ones resolved to `earlier`.
    pub(super) fn resolve_targ_at(
        &mut self,
        a: &'t TemplateArgRef,
        params: &'t [crate::item_tree::TemplateParamItem],
        i: usize,
        earlier: &[TArg],
    ) -> Option<TArg> {
        let p = params.get(i).or_else(|| params.last())?;
        let prefix = params
            .iter()
            .zip(earlier)
            .filter_map(|(p, a)| Some((p.name.clone()?, a.clone())))
            .collect();
        let saved = std::mem::replace(&mut self.targ_prefix, prefix);
        let r = self.resolve_targ(a, p);
        self.targ_prefix = saved;
        r
    }

    /// One written template argument for parameter `p` ([`TargEnv::written_targ`]), its
    /// problems reported.
    pub(super) fn resolve_targ(
        &mut self,
        a: &'t TemplateArgRef,
        p: &'t crate::item_tree::TemplateParamItem,
    ) -> Option<TArg> {
        match self.written_targ(a, p) {
            Ok(t) => Some(t),
            Err(msg) => {
                if let Some(msg) = msg {
                    self.error("template-args", msg);
                }
                None
            }
        }
    }

    /// Binds `params` to `args` in the class environment (`class`) or the function template
    /// environment, appending default arguments for the missing trailing ones (evaluated with
    /// the earlier parameters bound). False when a parameter has neither.
    pub(super) fn bind_template_args(
        &mut self,
        params: &'t [crate::item_tree::TemplateParamItem],
        args: &mut Vec<TArg>,
        class: bool,
    ) -> bool {
        for (i, p) in params.iter().enumerate() {
            if i >= args.len() && p.pack {
                // An empty template parameter pack.
                args.push(TArg::Pack(Vec::new()));
            }
            if i >= args.len() {
                match self.default_targ(p) {
                    Some(d) => args.push(d),
                    None => return false,
                }
            }
            let env = if class {
                &mut self.class_env
            } else {
                &mut self.template_env
            };
            env.push((p.name.clone().unwrap_or_default(), args[i].clone()));
        }
        true
    }

    /// The length of the template parameter pack a function parameter pack's pattern names.
    pub(super) fn pack_len_of(&self, t: &TypeRef) -> Option<usize> {
        let mut t = t;
        loop {
            match t {
                TypeRef::Named(n) => {
                    return self.template_env.iter().rev().find_map(|(x, a)| match a {
                        TArg::Pack(v) if x == n => Some(v.len()),
                        _ => None,
                    })
                }
                TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) => t = i,
                _ => return None,
            }
        }
    }

    /// The length of the parameter pack a pack expansion's pattern names (function, class or
    /// alias template parameters).
    pub(super) fn pattern_pack_len(&self, t: &TypeRef) -> Option<usize> {
        let mut names = Vec::new();
        names_in(t, &mut names);
        names.iter().find_map(|n| match self.bound_template_param(n)? {
            TArg::Pack(v) => Some(v.len()),
            _ => None,
        })
    }

    /// A function parameter pack expanding an enclosing class template's pack (`template <...>
    /// tuple(const _Tp&... __t)`): one parameter per element, mangled as the element types.
    /// `false` (nothing pushed) when the pattern names no bound pack.
    pub(super) fn push_class_pack_params(
        &mut self,
        ty: &'t TypeRef,
        params: &mut Vec<Ty>,
        mparams: &mut Vec<MangleTy>,
    ) -> bool {
        let Some(n) = self.pattern_pack_len(ty) else {
            return false;
        };
        let saved = self.pack_index;
        for i in 0..n {
            self.pack_index = Some(i);
            let (t, m) = self.resolve(ty);
            params.push(adjust_param(t));
            mparams.push(adjust_param_mangle(m));
        }
        self.pack_index = saved;
        true
    }

    /// The values of a non-type template argument pack expansion (see
    /// `Checker::expand_value_pack`).
    pub(super) fn value_pack(&mut self, ce: &'t ConstExpr) -> Result<Vec<(i128, crate::ty::IntKind)>, String> {
        let mut ck = self.const_checker(&ce.exprs, &ce.types);
        let r = ck.expand_value_pack(ce);
        let bad = ck.diags.iter().any(|d| d.severity == Severity::Error);
        let nested = ck.take_nested_requests();
        self.note_nested_requests(nested);
        if r.is_ok() && bad {
            return Err("invalid template argument".to_string());
        }
        r
    }

    /// The type of a non-type template parameter declared `pty`, which may name earlier
    /// parameters of its template (only the type: the argument itself is an expression of the
    /// context that writes it).
    fn param_ty(&mut self, pty: &'t TypeRef) -> (Ty, MangleTy) {
        let n = self.alias_env.len();
        let prefix = std::mem::take(&mut self.targ_prefix);
        self.alias_env.extend(prefix.iter().cloned());
        let r = self.resolve(pty);
        self.alias_env.truncate(n);
        self.targ_prefix = prefix;
        r
    }

    pub(super) fn value_targ_of(&mut self, v: i128, kind: crate::ty::IntKind, pty: &'t TypeRef) -> TArg {
        if is_auto_param(pty) {
            // `template <auto N>`: the parameter has the argument's type.
            let ty = Ty::int(kind);
            let mangle = MangleTy::from_ty(&ty, &self.dm.records);
            return TArg::Value {
                value: types::normalize_int(v, kind),
                ty,
                mangle,
            };
        }
        let (ty, mangle) = self.param_ty(pty);
        let v = match types::int_kind(&ty) {
            Some(k) => types::normalize_int(v, k),
            None => v,
        };
        TArg::Value { value: v, ty, mangle }
    }
}

impl<'t> TargEnv<'t> for Builder<'t> {
    fn targ_def_map(&self) -> &DefMap {
        &self.dm
    }

    fn bound_template(&self, name: &str) -> Option<SmolStr> {
        self.alias_env
            .iter()
            .rev()
            .chain(self.template_env.iter().rev())
            .chain(self.class_env.iter().rev())
            .find_map(|(n, a)| match a {
                TArg::Template(q) if n == name => Some(q.clone()),
                _ => None,
            })
    }

    fn template_name_candidates(&self, name: &SmolStr) -> Vec<SmolStr> {
        // `_Fn::template __call` with `_Fn` bound to a class: that class's member template.
        let mut out = vec![name.clone()];
        out.extend(self.member_template_name(name).filter(|q| q != name));
        out
    }

    fn type_targ(&mut self, tr: &'t TypeRef) -> Option<TArg> {
        let (ty, mangle) = self.resolve(tr);
        (!ty.is_error()).then_some(TArg::Type { ty, mangle })
    }

    fn value_as_type_targ(&mut self, ce: &'t ConstExpr) -> Option<TArg> {
        let (ty, mangle) = types::resolve_value_as_type(self, ce)?;
        (!ty.is_error()).then_some(TArg::Type { ty, mangle })
    }

    fn value_targ(&mut self, ce: &'t ConstExpr, pty: &'t TypeRef) -> Result<TArg, super::super::targ_env::TargError> {
        if matches!(
            ce.exprs.get(ce.root.0 as usize),
            Some(crate::body::Expr::Literal(crate::body::Literal::Nullptr))
        ) {
            // `enable_if_t<C, void*> = nullptr`: the null pointer of a pointer parameter.
            let a = self.value_targ_of(0, crate::ty::IntKind::Long, pty);
            return matches!(&a, TArg::Value { ty, .. } if ty.is_pointer() || ty.kind == TyKind::Nullptr)
                .then_some(a)
                .ok_or(None);
        }
        if !is_auto_param(pty) {
            let (pt, _) = self.param_ty(pty);
            if pt.is_pointer() || pt.is_reference() {
                for round in 0.. {
                    let (r, diags, fns, pending) = {
                        let mut ck = self.const_checker(&ce.exprs, &ce.types);
                        let r = ck.decl_targ(ce.root, &pt);
                        let fns = std::mem::take(&mut ck.instance_requests);
                        (r, ck.diags, fns, ck.instances_pending)
                    };
                    // `&tf<int>` before that instance exists: it is declared, and the argument
                    // checked again.
                    if r.is_err() && pending && self.declare_now(&fns, round) {
                        continue;
                    }
                    self.push_body_diags(diags);
                    // An empty message: already reported.
                    return r.map_err(|m| (!m.is_empty()).then_some(m));
                }
                unreachable!("the loop returns");
            }
        }
        let (v, kind) = self.ice_kind(ce).ok_or(None)?;
        Ok(self.value_targ_of(v, kind, pty))
    }

    fn var_template_targ(
        &mut self,
        name: &'t SmolStr,
        args: &'t [TemplateArgRef],
        pty: &'t TypeRef,
    ) -> Option<Option<TArg>> {
        let name = &self.var_template_name(name)?;
        let mut v = None;
        for round in 0..8 {
            let (r, diags, requests, nested, pending) = {
                let mut ck = self.const_checker(&[], &[]);
                let r = ck.var_template_ref(name, args).flatten();
                let nested = ck.take_nested_requests();
                (
                    r,
                    ck.diags,
                    std::mem::take(&mut ck.record_requests),
                    nested,
                    ck.instances_pending,
                )
            };
            let fns = nested.0.clone();
            self.note_nested_requests(nested);
            // `eif<is_callable<F>, R>` as a base, where the variable template's initializer calls
            // a function template (`sat(static_cast<tag<F>*>(nullptr), 0)`, libcu++'s
            // `_CCCL_REQUIRES_EXPR` concepts): the instances are declared now and the value
            // evaluated again, since the fixed point declares instances after the class
            // specializations that ask for them.
            if r.is_none() && pending && requests.is_empty() && self.declare_now(&fns, round) {
                continue;
            }
            if requests.is_empty() || round == 7 || !self.instantiate_requests(requests) {
                self.push_body_diags(diags);
                v = r;
                break;
            }
        }
        let Some(v) = v else { return Some(None) };
        let (ty, mangle) = self.resolve(pty);
        let v = match types::int_kind(&ty) {
            Some(k) => types::normalize_int(v, k),
            None => v,
        };
        Some(Some(TArg::Value { value: v, ty, mangle }))
    }

    fn targ_error(&mut self, msg: String) {
        self.error("template-args", msg);
    }
}

/// Template arguments one per parameter: when the last parameter is a pack, the arguments from
/// its position on become one `TArg::Pack`.
pub(crate) fn pack_targs(params: &[crate::item_tree::TemplateParamItem], mut flat: Vec<TArg>) -> Vec<TArg> {
    if !params.last().is_some_and(|p| p.pack) || flat.len() < params.len() - 1 {
        return flat;
    }
    if flat.len() == params.len() && matches!(flat.last(), Some(TArg::Pack(_))) {
        return flat;
    }
    let rest = flat.split_off(params.len() - 1);
    flat.push(TArg::Pack(rest));
    flat
}

/// [`pack_targs`] for the mangled arguments of a use.
pub(super) fn pack_mangle_targs(
    params: &[crate::item_tree::TemplateParamItem],
    mut flat: Vec<MangleTArg>,
) -> Vec<MangleTArg> {
    if !params.last().is_some_and(|p| p.pack) || flat.len() < params.len() - 1 {
        return flat;
    }
    let rest = flat.split_off(params.len() - 1);
    flat.push(MangleTArg::Pack(rest));
    flat
}

/// The arguments of an instance with a trailing pack spread out (`Tup<int, float>`'s
/// `[Pack([int, float])]` is `[int, float]`).
/// Binds template parameter pack `k` to the elements matched by a pack expansion `P...` against
/// `args` (the arguments from its position on): each must be a type that `matches` (matching
/// `P` with the pack's slot cleared, binding it to that element). An already bound pack must
/// agree.
pub(crate) fn bind_pack(
    args: &[TArg],
    k: usize,
    bound: &mut [Option<TArg>],
    mut matches: impl FnMut(&Ty, &mut [Option<TArg>]) -> bool,
) -> bool {
    let mut elems = Vec::new();
    for a in args {
        let TArg::Type { ty, .. } = a else { return false };
        let mut b2 = bound.to_vec();
        b2[k] = None;
        if !matches(ty, &mut b2) {
            return false;
        }
        let Some(e) = b2[k].take() else { return false };
        elems.push(e);
        b2[k] = bound[k].clone();
        bound.clone_from_slice(&b2);
    }
    match &bound[k] {
        Some(TArg::Pack(old)) => *old == elems,
        Some(_) => false,
        None => {
            bound[k] = Some(TArg::Pack(elems));
            true
        }
    }
}

pub(crate) fn flatten_targs(args: &[TArg]) -> Vec<TArg> {
    let mut out = Vec::new();
    for a in args {
        match a {
            TArg::Pack(v) => out.extend(v.iter().cloned()),
            a => out.push(a.clone()),
        }
    }
    out
}

/// The names a written type mentions (template parameters among them).
pub(crate) fn names_in(t: &TypeRef, out: &mut Vec<SmolStr>) {
    match t {
        TypeRef::Named(n) => out.push(SmolStr::new(n.split("::").next().unwrap_or(n))),
        TypeRef::Pointer(i)
        | TypeRef::Reference(i)
        | TypeRef::Qualified(_, i)
        | TypeRef::Array(i, _)
        | TypeRef::Underlying(i)
        | TypeRef::PackExpansion(i) => names_in(i, out),
        TypeRef::Member { scope, .. } => names_in(scope, out),
        TypeRef::MemberPointer { class, pointee } => {
            out.extend(class_idents(class).map(SmolStr::new));
            names_in(pointee, out);
        }
        TypeRef::MemberTemplate { scope, args, .. } => {
            names_in(scope, out);
            targ_names_in(args, out);
        }
        TypeRef::Function {
            ret, params, noexcept, ..
        } => {
            names_in(ret, out);
            for p in params {
                names_in(p, out);
            }
            if let Some(Some(c)) = noexcept {
                const_names_in(c, out);
            }
        }
        TypeRef::Template { name, args } => {
            // `C::template rebind<T>` (lowered `C::rebind`): its scope `C` too.
            if let Some((scope, _)) = name.split_once("::") {
                out.push(SmolStr::new(scope));
            }
            targ_names_in(args, out)
        }
        _ => {}
    }
}

/// The names written template arguments mention: in types, and in value arguments
/// (`enable_if_t<P::value>`).
fn targ_names_in(args: &[TemplateArgRef], out: &mut Vec<SmolStr>) {
    for a in args {
        match a {
            TemplateArgRef::Type(t) => names_in(t, out),
            TemplateArgRef::Value(ce) => const_names_in(ce, out),
        }
    }
}

/// The names a constant expression mentions (the leading component of a qualified name:
/// `P` of `P::value`), and those of the types written in it.
fn const_names_in(ce: &ConstExpr, out: &mut Vec<SmolStr>) {
    for e in &ce.exprs {
        match e {
            crate::body::Expr::Name(n) | crate::body::Expr::SizeofPack(n) => {
                out.push(SmolStr::new(n.split("::").next().unwrap_or(n)))
            }
            _ => {}
        }
    }
    for t in &ce.types {
        names_in(t, out);
    }
}

/// Whether a written type has a pack expansion whose pattern names none of `packs`.
pub(super) fn expansion_without_pack(t: &TypeRef, packs: &[SmolStr]) -> bool {
    match t {
        TypeRef::PackExpansion(inner) => {
            let mut names = Vec::new();
            names_in(inner, &mut names);
            !names.iter().any(|n| packs.contains(n)) || expansion_without_pack(inner, packs)
        }
        TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) => {
            expansion_without_pack(i, packs)
        }
        TypeRef::Member { scope, .. } => expansion_without_pack(scope, packs),
        TypeRef::MemberTemplate { scope, args, .. } => {
            expansion_without_pack(scope, packs)
                || args
                    .iter()
                    .any(|a| matches!(a, TemplateArgRef::Type(t) if expansion_without_pack(t, packs)))
        }
        TypeRef::Function { ret, params, .. } => {
            expansion_without_pack(ret, packs) || params.iter().any(|p| expansion_without_pack(p, packs))
        }
        TypeRef::Template { args, .. } => args
            .iter()
            .any(|a| matches!(a, TemplateArgRef::Type(t) if expansion_without_pack(t, packs))),
        _ => false,
    }
}
