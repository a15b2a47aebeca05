//! Function templates: registration, explicit instantiations and specializations, instances.

use super::*;

impl<'t> Builder<'t> {
    /// Registers a function template (a declaration, or the definition of one declared before).
    pub(super) fn fn_template(&mut self, f: &'t FunctionItem, params: &[crate::item_tree::TemplateParamItem]) {
        let mut class = None;
        let mut name = f.name.clone();
        if let Some(m) = f.method.as_ref().filter(|m| self.is_template_record(m.record)) {
            // A member template of a class template (or of a specialization): declared with
            // each specialization, named with it (`Box<float>::get`).
            match &self.record_override {
                Some((layout, rid, mangle, display)) if *layout == m.record => {
                    let member = crate::lower::member_name(&f.name);
                    name = SmolStr::new(format!("{display}::{member}"));
                    class = Some((*rid, mangle.clone(), self.class_env.clone()));
                }
                _ => return,
            }
        } else if let Some(r) = f
            .attrs
            .friend_record
            .filter(|&r| f.method.is_none() && self.is_template_record(r))
        {
            // A friend function template defined in a class template (`template <class R2>
            // friend bool operator!=(const duration&, const duration<R2, P2>&)`): a template of
            // the namespace per specialization, whose signature and body name the class's
            // parameters and its injected class name as the specialization's.
            match &self.record_override {
                Some((layout, rid, mangle, _)) if *layout == r => {
                    class = Some((*rid, mangle.clone(), self.class_env.clone()));
                }
                _ => return,
            }
        }
        // `Tup<T...>` where `T` is not a pack (of this template or an enclosing class template).
        // Checked once declared: a member template of a class template is declared with each
        // specialization, whose packs `class_env` binds (not with the template itself).
        let packs: Vec<SmolStr> = params
            .iter()
            .filter(|p| p.pack)
            .filter_map(|p| p.name.clone())
            .chain(
                self.class_env
                    .iter()
                    .filter(|(_, a)| matches!(a, TArg::Pack(_)))
                    .map(|(n, _)| n.clone()),
            )
            .collect();
        if f.params
            .iter()
            .map(|p| &p.ty)
            .chain(std::iter::once(&f.ret))
            .any(|t| expansion_without_pack(t, &packs))
        {
            self.error(
                "pack-expansion",
                "pack expansion does not make use of any argument packs".into(),
            );
        }
        if let Some(defs) = self.dm.values.get(&name).cloned() {
            for d in &defs {
                if let ValueDef::Template(t) = d {
                    let tm = &self.dm.templates[*t as usize];
                    // The same template (a redeclaration or the definition of a declaration):
                    // the same template parameters and parameter types as written. Otherwise it
                    // is an overload, as is a member template with other cv- or ref-qualifiers
                    // (`__get<I>()` and `__get<I>() const`).
                    let quals = |m: &crate::item_tree::MethodInfo| (m.is_const, m.is_volatile, m.ref_qual);
                    let same_quals = tm.decl.method.as_ref().map(quals) == f.method.as_ref().map(quals);
                    let same = same_quals
                        && match &f.class_params {
                            // The out-of-class definition of a member template of a class template:
                            // the same parameters and types up to the names it gives the class's
                            // and its own template parameters, and the injected class name.
                            Some(written) => {
                                tm.decl.class_params.is_none()
                                    && tm.class.as_ref().map(|c| c.0) == class.as_ref().map(|c| c.0)
                                    && tm.decl.params.len() == f.params.len()
                                    && tm.decl.method.is_some() == f.method.is_some()
                                    && self.same_member_template(tm, f, written, params)
                            }
                            None => {
                                tm.class.as_ref().map(|c| c.0) == class.as_ref().map(|c| c.0)
                                    && tm.decl.params.len() == f.params.len()
                                    && tm.decl.method.is_some() == f.method.is_some()
                                    && ((tm.params == params
                                        && tm.decl.params.iter().zip(&f.params).all(|(a, b)| a.ty == b.ty)
                                        && tm.decl.ret == f.ret)
                                        || same_up_to_renaming(tm, f, params))
                            }
                        };
                    if same && f.class_params.is_some() && tm.body_index.is_none() && f.has_body {
                        // The definition's names for the parameters (the declaration's
                        // defaults kept) and the class's parameters bound under its names.
                        let item = self.cur_item;
                        let env = self.class_env.clone();
                        let tm = &mut self.dm.templates[*t as usize];
                        tm.params = tm
                            .params
                            .iter()
                            .zip(params)
                            .map(|(o, n)| crate::item_tree::TemplateParamItem {
                                name: n.name.clone(),
                                kind: o.kind.clone(),
                                pack: o.pack,
                            })
                            .collect();
                        tm.body_index = f.body_index;
                        tm.decl = f.clone();
                        tm.item = item;
                        if let Some(c) = &mut tm.class {
                            c.2 = env;
                        }
                        return;
                    }
                    if same {
                        if f.has_body {
                            if tm.body_index.is_some() {
                                self.error(
                                    "redefinition",
                                    format!("function template \"{name}\" has already been defined"),
                                );
                                return;
                            }
                            let item = self.cur_item;
                            let tm = &mut self.dm.templates[*t as usize];
                            tm.body_index = f.body_index;
                            tm.decl = f.clone();
                            tm.item = item;
                            // The definition's names for the parameters (its body uses them),
                            // with the declaration's default arguments where it gives none.
                            tm.params = tm
                                .params
                                .iter()
                                .zip(params)
                                .map(|(o, n)| {
                                    let keep_default = has_default(o) && !has_default(n);
                                    crate::item_tree::TemplateParamItem {
                                        name: n.name.clone(),
                                        kind: if keep_default { o.kind.clone() } else { n.kind.clone() },
                                        pack: n.pack,
                                    }
                                })
                                .collect();
                        }
                        return;
                    }
                }
            }
            if defs
                .iter()
                .any(|d| !matches!(d, ValueDef::Function(_) | ValueDef::Template(_)))
            {
                self.error(
                    "redeclaration",
                    format!("\"{name}\" has already been declared in the current scope"),
                );
                return;
            }
        }
        if f.class_params.is_some() {
            self.error(
                "redeclaration",
                format!(
                    "declaration is incompatible with the function templates \"{}\" of its class",
                    f.name
                ),
            );
            return;
        }
        let idx = self.push_template(FnTemplate {
            name: name.clone(),
            params: params.to_vec(),
            decl: f.clone(),
            item: self.cur_item,
            body_index: if f.has_body { f.body_index } else { None },
            class,
        });
        self.dm
            .values
            .entry(name.clone())
            .or_default()
            .push(ValueDef::Template(idx));
        self.dm.declared_at.entry(name).or_insert(self.cur_item);
    }

    /// Whether out-of-class definition `f` (class template parameters named `written`, own
    /// template parameters `params`) defines member template `tm` of the specialization being
    /// declared: parameter and return types equal once both name the template parameters alike
    /// and the injected class name is spelled as the class with its parameters.
    fn same_member_template(
        &self,
        tm: &FnTemplate,
        f: &FunctionItem,
        written: &[crate::item_tree::TemplateParamItem],
        params: &[crate::item_tree::TemplateParamItem],
    ) -> bool {
        if tm.params.len() != params.len()
            || tm
                .params
                .iter()
                .zip(params)
                .any(|(a, b)| a.pack != b.pack || std::mem::discriminant(&a.kind) != std::mem::discriminant(&b.kind))
        {
            return false;
        }
        let Some(m) = &f.method else { return false };
        let Some(ri) = self.it.records.get(m.record as usize) else {
            return false;
        };
        let Some(class_params) = ri.template.as_ref() else {
            return false;
        };
        let class = ri
            .name
            .as_deref()
            .map(|n| n.rsplit("::").next().unwrap_or(n))
            .unwrap_or("");
        // Names of `f` -> names of the declaration: the class's parameters, then its own.
        let mut renames: Vec<(SmolStr, SmolStr)> = Vec::new();
        for (w, c) in written.iter().zip(class_params) {
            if let (Some(w), Some(c)) = (&w.name, &c.name) {
                renames.push((w.clone(), c.clone()));
            }
        }
        for (n, o) in params.iter().zip(&tm.params) {
            if let (Some(n), Some(o)) = (&n.name, &o.name) {
                renames.push((n.clone(), o.clone()));
            }
        }
        let class_args: Vec<SmolStr> = class_params.iter().filter_map(|p| p.name.clone()).collect();
        let no_renames: Vec<(SmolStr, SmolStr)> = Vec::new();
        let norm_decl = |t: &TypeRef| normalize_member_type(t, &no_renames, class, &class_args);
        let norm_def = |t: &TypeRef| normalize_member_type(t, &renames, class, &class_args);
        same_signature(&tm.decl, f, norm_decl, norm_def)
    }

    /// `template __global__ void k<float, 4>(...);`
    pub(super) fn explicit_instantiation(&mut self, f: &'t FunctionItem, args: &'t [TemplateArgRef]) {
        let name = &f.name;
        let template = self.dm.values.get(name).and_then(|defs| {
            defs.iter().find_map(|d| match d {
                ValueDef::Template(t) => Some(*t),
                _ => None,
            })
        });
        let Some(t) = template else {
            self.error("not-a-template", format!("\"{name}\" is not a function template"));
            return;
        };
        let item = self.dm.templates[t as usize].item;
        let params: &'t [crate::item_tree::TemplateParamItem] = match self.it.items.get(item as usize) {
            Some(Item::Function(FunctionItem {
                template: Some(TemplateHead::Params(ps)),
                ..
            })) => ps,
            _ => &[],
        };
        if args.len() < params.iter().filter(|p| !has_default(p) && !p.pack).count() {
            self.error(
                "unsupported",
                "unsupported: explicit instantiation with deduced template arguments".into(),
            );
            return;
        }
        let mut out = Vec::new();
        let mut pack = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let Some(p) = params.get(i).or_else(|| params.last().filter(|p| p.pack)) else {
                self.error(
                    "template-args",
                    format!("too many arguments for function template \"{name}\""),
                );
                return;
            };
            match self.resolve_targ_at(a, params, i, &out) {
                Some(x) if p.pack => pack.push(x),
                Some(x) => out.push(x),
                None => return,
            }
        }
        if params.last().is_some_and(|p| p.pack) && out.len() + 1 == params.len() {
            out.push(TArg::Pack(pack));
        }
        let saved = std::mem::replace(&mut self.explicit_instantiating, true);
        let made = self.instantiate(t, out);
        self.explicit_instantiating = saved;
        if let Some(f) = made {
            if !self.dm.explicit_instances.contains(&f) {
                self.dm.explicit_instances.push(f);
            }
        }
    }

    /// `template <> R f<A...>(P...) { body }` (arguments written or deduced from the parameter
    /// types): the instance `f<A...>` declared as the template would declare it (same symbol), with
    /// this definition's body.
    pub(super) fn explicit_specialization(&mut self, f: &'t FunctionItem, written: &'t [TemplateArgRef]) {
        let name = &f.name;
        if f.method.is_some() {
            self.error(
                "unsupported",
                "unsupported: explicit specializations of member function templates".into(),
            );
            return;
        }
        let templates: Vec<u32> = self
            .dm
            .values
            .get(name)
            .map(|defs| {
                defs.iter()
                    .filter_map(|d| if let ValueDef::Template(t) = d { Some(*t) } else { None })
                    .collect()
            })
            .unwrap_or_default();
        if templates.is_empty() {
            self.error("not-a-template", format!("\"{name}\" is not a function template"));
            return;
        }
        // The specialization's own parameter types.
        let own: Vec<Ty> = f.params.iter().map(|p| adjust_param(self.resolve(&p.ty).0)).collect();
        if own.iter().any(|t| t.is_error()) {
            return;
        }
        let (own_ret, _) = self.resolve(&f.ret);
        for t in templates {
            let tm = self.dm.templates[t as usize].clone();
            let Some(Item::Function(fi)) = self.it.items.get(tm.item as usize) else {
                continue;
            };
            let params: &'t [crate::item_tree::TemplateParamItem] = match &fi.template {
                Some(TemplateHead::Params(ps)) => ps,
                _ => continue,
            };
            if fi.params.len() != f.params.len() || params.iter().any(|p| p.pack) {
                continue;
            }
            let names: Vec<Option<SmolStr>> = params.iter().map(|p| p.name.clone()).collect();
            let mut bound: Vec<Option<TArg>> = vec![None; params.len()];
            let mut ok = written.len() <= params.len();
            for (i, a) in written.iter().enumerate().take(params.len()) {
                let earlier: Vec<TArg> = bound[..i].iter().map_while(Clone::clone).collect();
                match self.resolve_targ_at(a, params, i, &earlier) {
                    Some(x) => bound[i] = Some(x),
                    None => ok = false,
                }
            }
            // Deduce the rest from the parameter types as written in the template.
            for (pat, ty) in fi.params.iter().zip(&own) {
                if ok && mentions_param(&pat.ty, &names) {
                    let pty = match &ty.kind {
                        TyKind::Reference(_) => ty.clone(),
                        _ => ty.unqualified(),
                    };
                    ok &= self.match_ty(&pat.ty, &pty, &names, &mut bound)
                        || self.match_ty(&pat.ty, ty, &names, &mut bound);
                }
            }
            if !ok {
                continue;
            }
            let args: Vec<TArg> = bound
                .iter()
                .take_while(|b| b.is_some())
                .map(|b| b.clone().expect("bound"))
                .collect();
            // An instance that exists already is a use before the specialization, unless it is
            // another overload's (`pick<plus>(int)` and `pick<plus>(unsigned)` of two templates
            // whose parameters do not depend on `Op`).
            let existing = self.dm.instances.get(&(t, args.clone())).copied();
            let Some(id) = existing.or_else(|| self.instantiate(t, args)) else {
                return;
            };
            let decl = &self.dm.functions[id.0 as usize];
            let same = decl.sig.params.len() == own.len()
                && decl
                    .sig
                    .params
                    .iter()
                    .zip(&own)
                    .all(|(a, b)| types::same_unqual(a, b) || a == b)
                && (types::same_unqual(&decl.sig.ret, &own_ret) || own_ret.is_error());
            if !same {
                continue;
            }
            if existing.is_some() {
                let msg = format!("explicit specialization of function \"{name}\" must precede its first use");
                self.error("late-specialization", msg);
                return;
            }
            let item = self.cur_item;
            let a = &f.attrs;
            let d = &mut self.dm.functions[id.0 as usize];
            d.item = item;
            d.body_index = f.body_index;
            d.inline = inline_hint(a, InlineHint::Inline);
            return;
        }
        let msg = format!("no instance of function template \"{name}\" matches the specified type");
        self.error("bad-specialization", msg);
    }

    /// The instance of template `t` for `args` (defaults appended), creating its declaration:
    /// the template's signature resolved with its parameters bound, mangled as nvcc does.
    pub(super) fn instantiate(&mut self, t: u32, mut args: Vec<TArg>) -> Option<FnId> {
        let tm = self.dm.templates.get(t as usize)?.clone();
        if flatten_targs(&args).len() > MAX_INSTANCE_ARGS {
            if !self.depth_reported {
                self.depth_reported = true;
                self.error(
                    "template-recursion",
                    format!(
                        "excessive recursion at instantiation of function template \"{}\"",
                        tm.name
                    ),
                );
            }
            return None;
        }
        let Some(Item::Function(fi)) = self.it.items.get(tm.item as usize) else {
            return None;
        };
        // A function template's pack may be followed by parameters that are deduced or have
        // defaults ([temp.param]/14: libcu++'s `template <class _Fn, class... _Ts, template
        // <class...> class _Fn2 = _Fn::template __call, class = _Fn2<_Ts...>>`, `template
        // <class... _Tp, class... _Up> bool operator==(const tuple<_Tp...>&, const
        // tuple<_Up...>&)`); not yet with a function parameter pack.
        // With one, the parameters after the pack need defaults (libcu++'s `template <class...
        // _UTypes, enable_if_t<...> = 0, __select_constructor _Constraints = ...> tuple(_UTypes&&...
        // __u)`).
        if fi.params.iter().any(|fp| fp.pack)
            && tm
                .params
                .iter()
                .enumerate()
                .any(|(i, p)| p.pack && !tm.params[i + 1..].iter().all(has_default))
        {
            self.error(
                "unsupported",
                format!(
                    "unsupported: a template parameter pack of \"{}\" that is not its last parameter",
                    tm.name
                ),
            );
            return None;
        }
        if args.len() > tm.params.len() {
            self.error(
                "template-args",
                format!("too many arguments for function template \"{}\"", tm.name),
            );
            return None;
        }
        let saved_env = std::mem::take(&mut self.template_env);
        let saved_written = std::mem::take(&mut self.alias_written);
        let saved_decl_mangle = std::mem::take(&mut self.decl_param_mangle);
        let saved_class = std::mem::replace(
            &mut self.class_env,
            tm.class.as_ref().map(|c| c.2.clone()).unwrap_or_default(),
        );
        let saved_item = std::mem::replace(&mut self.cur_item, tm.item);
        let saved_alias = std::mem::take(&mut self.alias_env);
        let saved_prefix = std::mem::take(&mut self.targ_prefix);
        // The signature names the members of the template's class or namespace unqualified
        // (`ic<int, STEPS>` with `STEPS` a static member of its class).
        let own_scope = crate::check::checker::top_level_parent(&tm.name).map(SmolStr::new);
        let saved_scope = match own_scope.clone() {
            Some(s) if tm.class.is_some() || self.scope.is_none() => self.scope.replace(s),
            _ => self.scope.clone(),
        };
        // A member template of a class template specialization: its signature names the
        // class's members as the template's (`E::rep`), which are the specialization's.
        let override_now = match (&tm.class, fi.method.as_ref(), &own_scope) {
            (Some((rid, mangle, _)), Some(m), Some(display)) => Some((m.record, *rid, mangle.clone(), display.clone())),
            // A friend template of a class template: the specialization it was declared with.
            (Some((rid, mangle, _)), None, _) => match (fi.attrs.friend_record, &self.dm.record(*rid).name) {
                (Some(layout), Some(display)) => Some((layout, *rid, mangle.clone(), display.clone())),
                _ => None,
            },
            _ => None,
        };
        let saved_override = match override_now {
            Some(o) => self.record_override.replace(o),
            None => self.record_override.clone(),
        };
        let params_t: &'t [crate::item_tree::TemplateParamItem] = match &fi.template {
            Some(TemplateHead::Params(ps)) => ps,
            _ => &[],
        };
        let ok = params_t.len() == tm.params.len() && self.bind_template_args(params_t, &mut args, false);
        let result = if !ok {
            self.error(
                "template-args",
                format!("too few arguments for function template \"{}\"", tm.name),
            );
            None
        } else if let Some(&id) = self.dm.instances.get(&(t, args.clone())) {
            Some(id)
        } else if self.dm.failed_instances.contains(&(t, args.clone())) {
            None
        } else {
            // An error in the signature is a substitution failure ([temp.deduct]/8): the
            // instance is not declared and the call that asked for it drops it.
            let mark = self.dm.diagnostics.len();
            let id = self.instance_decl(t, &tm, fi, args.clone());
            // (Not for an explicit instantiation, whose signature must be well-formed, nor
            // when what failed is warpc's own limit: `unsupported:` stays an error.)
            let new = &self.dm.diagnostics[mark..];
            if !self.explicit_instantiating
                && new.iter().any(|d| d.severity == warpc_base::Severity::Error)
                && !new.iter().any(|d| d.code == "unsupported")
            {
                self.dm.diagnostics.truncate(mark);
                self.dm.instances.retain(|_, f| *f != id);
                self.dm.failed_instances.insert((t, args));
                None
            } else {
                Some(id)
            }
        };
        self.template_env = saved_env;
        self.alias_written = saved_written;
        self.decl_param_mangle = saved_decl_mangle;
        self.class_env = saved_class;
        self.alias_env = saved_alias;
        self.targ_prefix = saved_prefix;
        self.cur_item = saved_item;
        self.scope = saved_scope;
        self.record_override = saved_override;
        result
    }

    /// Resolves a function's return type, with its parameters visible to `decltype`.
    pub(super) fn resolve_ret(&mut self, f: &'t FunctionItem) -> (Ty, MangleTy) {
        if types::is_deduced_ret(&f.ret) {
            // `auto f(...)`: the type comes from the body (`Builder::deduced_ret`); an instance
            // mangles it as `Da`.
            return (Ty::error(), types::deduced_ret_mangle(&f.ret));
        }
        let names_params = |n: &SmolStr| f.params.iter().any(|p| p.name.as_ref() == Some(n));
        if !types::mentions_decltype(&f.ret) && !types::value_args_name(&f.ret, &names_params) {
            return self.resolve_sig_type(&f.ret);
        }
        let mut params = Vec::new();
        let mut mangles = Vec::new();
        for (i, p) in f.params.iter().enumerate() {
            let (t, m) = self.resolve(&p.ty);
            if let Some(n) = &p.name {
                params.push((n.clone(), adjust_param(t)));
                // (A function template's: `decltype(a + b)` names them as `fp_`, `fp0_`.)
                if !self.template_env.is_empty() {
                    mangles.push((n.clone(), i as u32, m.is_dependent()));
                }
            }
        }
        let saved = std::mem::replace(&mut self.decl_params, params);
        let saved_m = std::mem::replace(&mut self.decl_param_mangle, mangles);
        let r = self.resolve(&f.ret);
        self.decl_params = saved;
        self.decl_param_mangle = saved_m;
        r
    }

    /// The return type of a function declared `auto f(...)` once its body gave it (`Some`), or
    /// `None` while it is not deduced yet (the declaration then has `deduce_ret`).
    pub(super) fn deduced_ret(&mut self, f: &FunctionItem, link_name: &str) -> Option<Option<Ty>> {
        let ret = types::is_deduced_ret(&f.ret).then(|| self.fn_rets.get(link_name).cloned())?;
        if let Some(t) = &ret {
            self.ensure_local_records(t);
        }
        Some(ret)
    }

    pub(super) fn instance_decl(&mut self, t: u32, tm: &FnTemplate, fi: &'t FunctionItem, args: Vec<TArg>) -> FnId {
        let saved_sig = std::mem::replace(&mut self.sig_name_only, false);
        let (ret, ret_m) = self.resolve_ret(fi);
        self.sig_name_only = saved_sig;
        let mut params = Vec::new();
        let mut mparams = Vec::new();
        for p in &fi.params {
            if p.pack {
                // A function parameter pack: one parameter per element, mangled as written
                // (`Dp T0_`).
                let n = self.pack_len_of(&p.ty);
                let Some(n) = n else {
                    // A pattern naming the enclosing class template's pack.
                    if self.push_class_pack_params(&p.ty, &mut params, &mut mparams) {
                        continue;
                    }
                    self.error(
                        "unsupported",
                        "unsupported: a function parameter pack whose pattern names no template parameter pack".into(),
                    );
                    continue;
                };
                let saved = self.pack_index;
                let mut pm = None;
                for i in 0..n.max(1) {
                    self.pack_index = (n > 0).then_some(i);
                    let (ty, m) = self.resolve(&p.ty);
                    if n > 0 {
                        params.push(adjust_param(ty));
                    }
                    pm.get_or_insert(m);
                }
                self.pack_index = saved;
                if let Some(m) = pm {
                    mparams.push(MangleTy::PackExpansion(Box::new(adjust_param_mangle(m))));
                }
                continue;
            }
            let (ty, m) = self.resolve(&p.ty);
            params.push(adjust_param(ty));
            mparams.push(adjust_param_mangle(m));
        }
        // A member function template: `this` first.
        let method = fi.method.as_ref().map(|m| {
            let record = match &tm.class {
                Some((rid, ..)) => *rid,
                None => self.record_for(m.record as usize),
            };
            MethodDecl {
                record,
                kind: m.kind,
                is_const: m.is_const,
                is_volatile: m.is_volatile,
                ref_qual: m.ref_qual,
                is_static: m.is_static,
                explicit: fi.attrs.explicit,
            }
        });
        if let Some(m) = method.as_ref().filter(|m| m.has_this()) {
            params.insert(0, Ty::ptr(Ty::new(TyKind::Record(m.record)).with_quals(m.this_quals())));
        }
        let a = &fi.attrs;
        if a.global && !ret.is_void() && !ret.is_error() {
            self.error(
                "global-return-type",
                "a __global__ function must have a void return type".into(),
            );
        }
        let space = self.space(a, &tm.name);
        // Function templates are inline (linkonce) like inline functions.
        let inline = inline_hint(a, InlineHint::Inline);
        // A symbol nvcc's host code or another translation unit names must be nvcc's: a
        // signature warpc cannot mangle as written is reported, not named differently.
        // (A forced-inline function is never emitted; a `static` one is internal.)
        let internal = a.forceinline || (a.is_static && fi.method.is_none());
        if a.global || (self.options.rdc && space.runs_on_device() && !internal) {
            let what = ret_m
                .unsupported()
                .or_else(|| mparams.iter().find_map(MangleTy::unsupported));
            if let Some(w) = what {
                self.error(
                    "unsupported",
                    format!("unsupported: mangling of {w} in a template signature"),
                );
            }
        }
        let margs: Vec<MangleTArg> = args.iter().map(mangle_targ).collect();
        let this_quals = method
            .as_ref()
            .map_or(crate::body::Quals::empty(), |m| m.mangle_quals());
        let link_name: SmolStr = match &tm.class {
            Some((_, scope, _)) if fi.method.is_some() => {
                let member = crate::lower::member_name(&tm.name);
                crate::mangle::mangle_member_template_of_specialization(
                    scope,
                    member,
                    &margs,
                    &ret_m,
                    &mparams,
                    fi.variadic,
                    this_quals,
                )
                .into()
            }
            _ => mangle_template_instance(&tm.name, &margs, &ret_m, &mparams, fi.variadic, this_quals).into(),
        };
        let mut defaults = self.default_args(
            fi,
            &params[usize::from(method.as_ref().is_some_and(|m| m.has_this()))..],
            method.as_ref().map(|m| m.record),
        );
        if method.as_ref().is_some_and(|m| m.has_this()) && !defaults.is_empty() {
            defaults.insert(0, None);
        }
        let launch_bounds = self.launch_bounds(fi);
        let cluster_dims = self.cluster_dims(fi);
        let (ret, deduce_ret) = match self.deduced_ret(fi, &link_name) {
            Some(Some(t)) => (t, false),
            Some(None) => (Ty::error(), true),
            None => (ret, false),
        };
        let noexcept = self.noexcept_of(fi);
        let id = FnId(self.dm.functions.len() as u32);
        let key = (t, args);
        self.dm.functions.push(FnDecl {
            declared_inline: a.inline,
            defaulted: false,
            deleted: a.deleted,
            name: tm.name.clone(),
            link_name: link_name.clone(),
            sig: FnSig {
                ret: if ret.is_reference() {
                    ret.clone()
                } else {
                    ret.unqualified()
                },
                params,
                variadic: fi.variadic,
                noexcept: false,
            },
            space,
            inline,
            is_static: a.is_static,
            extern_c: false,
            launch_bounds,
            cluster_dims,
            kind: FnKind::Normal,
            item: tm.item,
            body_index: tm.body_index,
            defaults,
            is_constexpr: a.is_constexpr,
            method,
            instance: Some(key.clone()),
            env: self.class_env.iter().chain(&self.template_env).cloned().collect(),
            lambda: None,
            deduce_ret,
            ret_pattern: super::functions::ret_pattern(&fi.ret),
            noexcept,
        });
        if let (Some((rid, ..)), None) = (&tm.class, &fi.method) {
            // A friend template of a class template: its body names the class's members.
            if let Some(display) = self.dm.record(*rid).name.clone() {
                self.dm.friend_records.insert(id.0, (display, *rid));
            }
        }
        self.fn_by_link.insert(link_name, id);
        self.dm.instances.insert(key, id);
        id
    }
}

/// `t` with template parameter names renamed by `renames`, class names reduced to their last
/// component, and the injected class name `class` (a plain name) spelled `class<params...>`:
/// the form in which a member's declaration and its out-of-class definition compare equal.
/// Whether function template declaration `f` (template parameters `params`) declares the same
/// template as `tm` with other names for the template parameters (`template <class T> complex<T>
/// log(const complex<T> &);` then `template <class V> complex<V> log(const complex<V> &z) {...}`).
fn same_up_to_renaming(tm: &FnTemplate, f: &FunctionItem, params: &[crate::item_tree::TemplateParamItem]) -> bool {
    if tm.params.len() != params.len() {
        return false;
    }
    let renames: Vec<(SmolStr, SmolStr)> = params
        .iter()
        .zip(&tm.params)
        .filter_map(|(n, o)| Some((n.name.clone()?, o.name.clone()?)))
        .collect();
    let none: Vec<(SmolStr, SmolStr)> = Vec::new();
    let norm_decl = |t: &TypeRef| normalize_member_type(t, &none, "", &[]);
    let norm_def = |t: &TypeRef| normalize_member_type(t, &renames, "", &[]);
    // The same kinds of parameters; a non-type parameter of the same type (constraints written
    // as `enable_if_t<cond, int> = 0` tell overloads apart). Default arguments do not count.
    let same_kind = |a: &crate::item_tree::TemplateParamItem, b: &crate::item_tree::TemplateParamItem| {
        a.pack == b.pack
            && match (&a.kind, &b.kind) {
                (TemplateParamKind::Type { .. }, TemplateParamKind::Type { .. }) => true,
                (TemplateParamKind::Value { ty: x, .. }, TemplateParamKind::Value { ty: y, .. }) => {
                    norm_decl(x) == norm_def(y)
                }
                (TemplateParamKind::Template { params: x, .. }, TemplateParamKind::Template { params: y, .. }) => {
                    x == y
                }
                _ => false,
            }
    };
    if !tm.params.iter().zip(params).all(|(a, b)| same_kind(a, b)) {
        return false;
    }
    same_signature(&tm.decl, f, norm_decl, norm_def)
}

/// Whether declaration `decl` and definition `def` have the same return and parameter types,
/// each side normalized its own way (its template parameters renamed to the other's).
fn same_signature(
    decl: &FunctionItem,
    def: &FunctionItem,
    norm_decl: impl Fn(&TypeRef) -> TypeRef,
    norm_def: impl Fn(&TypeRef) -> TypeRef,
) -> bool {
    norm_decl(&decl.ret) == norm_def(&def.ret)
        && decl
            .params
            .iter()
            .zip(&def.params)
            .all(|(a, b)| norm_decl(&a.ty) == norm_def(&b.ty))
}

fn normalize_member_type(t: &TypeRef, renames: &[(SmolStr, SmolStr)], class: &str, class_args: &[SmolStr]) -> TypeRef {
    let go = |t: &TypeRef| normalize_member_type(t, renames, class, class_args);
    let last = |n: &str| SmolStr::new(n.rsplit("::").next().unwrap_or(n));
    let injected = || TypeRef::Template {
        name: SmolStr::new(class),
        args: class_args
            .iter()
            .map(|a| crate::body::TemplateArgRef::Type(TypeRef::Named(a.clone())))
            .collect(),
    };
    let arg = |a: &crate::body::TemplateArgRef| match a {
        crate::body::TemplateArgRef::Type(t) => crate::body::TemplateArgRef::Type(go(t)),
        v => v.clone(),
    };
    match t {
        TypeRef::Named(n) => match renames.iter().find(|(from, _)| from == n) {
            Some((_, to)) => TypeRef::Named(to.clone()),
            None if !class.is_empty() && last(n) == class => injected(),
            None => TypeRef::Named(n.clone()),
        },
        TypeRef::Record { name: Some(n), .. } if !class.is_empty() && last(n) == class => injected(),
        TypeRef::Template { name, args } => TypeRef::Template {
            name: last(name),
            args: args.iter().map(arg).collect(),
        },
        TypeRef::Pointer(x) => TypeRef::Pointer(Box::new(go(x))),
        TypeRef::MemberPointer { class, pointee } => TypeRef::MemberPointer {
            class: class.clone(),
            pointee: Box::new(go(pointee)),
        },
        TypeRef::Reference(x) => TypeRef::Reference(Box::new(go(x))),
        TypeRef::Qualified(q, x) => TypeRef::Qualified(*q, Box::new(go(x))),
        TypeRef::PackExpansion(x) => TypeRef::PackExpansion(Box::new(go(x))),
        TypeRef::Array(x, n) => TypeRef::Array(Box::new(go(x)), n.clone()),
        TypeRef::Function {
            ret,
            params,
            variadic,
            noexcept,
        } => TypeRef::Function {
            ret: Box::new(go(ret)),
            params: params.iter().map(go).collect(),
            variadic: *variadic,
            noexcept: noexcept.clone(),
        },
        TypeRef::Member { scope, member } => TypeRef::Member {
            scope: Box::new(go(scope)),
            member: member.clone(),
        },
        TypeRef::MemberTemplate { scope, member, args } => TypeRef::MemberTemplate {
            scope: Box::new(go(scope)),
            member: member.clone(),
            args: args.iter().map(arg).collect(),
        },
        other => other.clone(),
    }
}
