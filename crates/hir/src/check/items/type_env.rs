//! The def-map builder as a [`TypeEnv`]: names in item-level types resolved as it goes.

use super::*;

impl<'t> TypeEnv<'t> for Builder<'t> {
    fn records(&self) -> &crate::ty::Records {
        &self.dm.records
    }

    fn value_param(&mut self, e: &'t ConstExpr) -> Option<u32> {
        let Some(crate::body::Expr::Name(n)) = e.exprs.get(e.root.0 as usize) else {
            return None;
        };
        let i = self.template_env.iter().rposition(|(x, _)| x == n)?;
        matches!(self.template_env[i].1, TArg::Value { .. }).then_some(i as u32)
    }

    fn typedef(&mut self, name: &SmolStr) -> Option<(Ty, MangleTy)> {
        if let Some(global) = name.strip_prefix("::") {
            // `::S` (a template argument parsed as an expression): the global namespace's.
            return self.typedef_named(&SmolStr::new(global));
        }
        if let Some(r) = self.typedef_named(name) {
            return Some(r);
        }
        // A qualified name written inside a namespace, parsed as an expression (`hours::period`
        // in `duration<int, ratio_multiply<ratio<24>, hours::period>>` in `chrono`): from the
        // enclosing scopes, innermost first.
        if !name.contains("::") || name.starts_with("::") {
            return None;
        }
        let scope = self.scope.clone()?;
        let parts = crate::check::checker::split_scope(&scope);
        for k in (1..=parts.len()).rev() {
            let q = SmolStr::new(format!("{}::{name}", parts[..k].join("::")));
            if let Some(r) = self.typedef_named(&q) {
                return Some(r);
            }
        }
        None
    }

    fn record(&mut self, kind: RecordKind, name: Option<&SmolStr>, def: Option<u32>) -> Result<RecordId, String> {
        // `::std::X` (kept by lowering where the enclosing namespace has its own `std::X`): the
        // name in full.
        let global = name.and_then(|n| n.strip_prefix("::")).map(SmolStr::new);
        let name = global.as_ref().or(name);
        // The injected class name: inside a class template specialization being declared, the
        // template's own name (`C`, `const C &` in a member's signature) is the specialization.
        let it = self.it;
        if let Some((layout, id, _, _)) = &self.record_override {
            let tname = self.it.records.get(*layout as usize).and_then(|r| r.name.as_ref());
            // (Also where the name resolved to the primary template's record: in an explicit or
            // partial specialization, `C` is that specialization.)
            if def == Some(*layout)
                || (name.is_some()
                    && name == tname
                    && def.is_none_or(|d| it.records.get(d as usize).is_some_and(|r| r.name.as_ref() == tname)))
            {
                return Ok(*id);
            }
        }
        for (layout, id, _, _) in self.enclosing_overrides.iter().rev() {
            let tname = self.it.records.get(*layout as usize).and_then(|r| r.name.as_ref());
            // (Also where the name resolved to the primary template's record: in an explicit or
            // partial specialization, `C` is that specialization.)
            if def == Some(*layout)
                || (name.is_some()
                    && name == tname
                    && def.is_none_or(|d| it.records.get(d as usize).is_some_and(|r| r.name.as_ref() == tname)))
            {
                return Ok(*id);
            }
        }
        if let Some(ri) = def
            .and_then(|i| self.it.records.get(i as usize))
            .filter(|ri| ri.member_of_template.is_some())
        {
            let n = ri.name.clone().unwrap_or_default();
            return Err(format!(
                "unsupported: class \"{n}\" named outside a specialization of its class template"
            ));
        }
        if let Some(i) = def.filter(|i| (*i as usize) < self.it.records.len()) {
            let id = self.record_for(i as usize);
            self.ensure_record(i as usize);
            return Ok(id);
        }
        match name {
            Some(n) => match self.dm.tags.get(n) {
                Some(id) => Ok(*id),
                None => Ok(self.new_record(Some(n.clone()), kind == RecordKind::Union)),
            },
            None => Err("unsupported: anonymous struct or union without a definition".into()),
        }
    }

    fn enum_name(&mut self, name: Option<&SmolStr>, def: Option<u32>) -> SmolStr {
        if let Some(i) = def {
            self.ensure_enum(i as usize);
            if let Some(Some(n)) = self.enum_names.get(i as usize) {
                return n.clone();
            }
        }
        name.cloned().unwrap_or_else(|| SmolStr::new("$anon"))
    }

    fn enum_kinds(&mut self, name: &SmolStr, def: Option<u32>) -> crate::def_map::EnumKinds {
        if let Some(i) = def {
            self.ensure_enum(i as usize);
            if let Some(Some(k)) = self.enum_kinds.get(i as usize) {
                return *k;
            }
        }
        self.dm.enum_kinds(name)
    }

    fn array_len(&mut self, e: &'t ConstExpr) -> Option<i128> {
        self.ice(e)
    }

    fn name_only_next(&mut self, on: bool) {
        self.naming_next = on;
    }

    fn template_record(&mut self, name: &SmolStr, args: &'t [TemplateArgRef]) -> Result<(Ty, MangleTy), String> {
        if let Some(global) = name.strip_prefix("::") {
            // `::S<T>` where an enclosing namespace has an `S` too: lowering resolved it (to the
            // global namespace's, named in full).
            return TypeEnv::template_record(self, &SmolStr::new(global), args);
        }
        // (Its arguments are resolved as any type.)
        let name_only = std::mem::take(&mut self.naming_next);
        if let Some(q) = TargEnv::bound_template(self, name) {
            self.naming_next = name_only;
            // `C<int>` with `C` a template template parameter: the bound class template; in a
            // function template's signature mangled as written (`T_IiE`).
            let (ty, m) = TypeEnv::template_record(self, &q, args)?;
            let param = if self.alias_env.iter().any(|(n, _)| n == name) {
                None
            } else {
                self.template_env.iter().rposition(|(n, _)| n == name)
            };
            let m = match (param, m) {
                (Some(i), MangleTy::Template { args, .. }) => MangleTy::ParamTemplate { param: i as u32, args },
                (_, m) => m,
            };
            return Ok((ty, m));
        }
        if !self.dm.alias_templates.contains_key(name) {
            // `Fn::template __call<Ts...>` with `Fn` bound to a class: its member alias template.
            if let Some(q) = self
                .member_template_name(name)
                .filter(|q| self.dm.alias_templates.contains_key(q))
            {
                self.naming_next = name_only;
                return TypeEnv::template_record(self, &q, args);
            }
        }
        if let Some(a) = self.dm.alias_templates.get(name) {
            // An alias template: its type with the parameters bound (mangled as that type); a
            // member alias template of a specialization also sees its class's parameters.
            let item = a.item;
            let class_env = a.env.clone();
            let Some(Item::AliasTemplate { params, ty, .. }) = self.it.items.get(item as usize) else {
                return Err(format!("\"{name}\" is not a class template"));
            };
            // A trailing parameter pack (`template <class...> using __void_t = void`) takes the
            // remaining arguments.
            let last_pack = params.last().is_some_and(|p| p.pack);
            let fixed = if last_pack { params.len() - 1 } else { params.len() };
            // (A pack expansion of a known pack counts as its elements: `_Fn::__call<_Ts...>`
            // binds `template <class, class _Ty, class...>` element by element.)
            let expands = args
                .iter()
                .any(|a| matches!(a, TemplateArgRef::Type(TypeRef::PackExpansion(_))));
            let too_many = |n: usize| n > params.len() && !last_pack;
            let too_few = |n: usize| !params[n.min(fixed)..fixed].iter().all(has_default);
            if !expands && (too_many(args.len()) || too_few(args.len())) {
                let which = if args.len() > params.len() { "many" } else { "few" };
                return Err(format!("too {which} arguments for alias template \"{name}\""));
            }
            let mut bound = Vec::new();
            let mut written_bound = Vec::new();
            let mut pack = Vec::new();
            // How many more parameters the pack expansions so far covered than they are
            // arguments.
            let mut shift: isize = 0;
            for (i, a) in args.iter().enumerate() {
                let i = (i as isize + shift) as usize;
                if let TemplateArgRef::Type(TypeRef::PackExpansion(inner)) = a {
                    // `__expand_to_true<enable_if_t<P::value>...>`: the pattern once per element
                    // joins the alias's pack (or binds the parameters at its position).
                    let Some(n) = self.pattern_pack_len(inner) else {
                        return Err("pack expansion does not make use of any argument packs".to_string());
                    };
                    let saved = self.pack_index;
                    for k in 0..n {
                        self.pack_index = Some(k);
                        let (ty, mangle) = self.resolve(inner);
                        if ty.is_error() {
                            self.pack_index = saved;
                            return Err("invalid template argument".to_string());
                        }
                        match params.get(i + k) {
                            Some(p) if i + k < fixed => {
                                if !matches!(p.kind, TemplateParamKind::Type { .. }) {
                                    self.pack_index = saved;
                                    return Err("template argument does not match the kind of its template parameter"
                                        .to_string());
                                }
                                bound.push((p.name.clone().unwrap_or_default(), TArg::Type { ty, mangle }));
                            }
                            _ if last_pack => pack.push(TArg::Type { ty, mangle }),
                            _ => {
                                self.pack_index = saved;
                                return Err(format!("too many arguments for alias template \"{name}\""));
                            }
                        }
                    }
                    self.pack_index = saved;
                    shift += n as isize - 1;
                    continue;
                }
                let earlier: Vec<TArg> = bound.iter().map(|(_, a): &(SmolStr, TArg)| a.clone()).collect();
                if let (TemplateArgRef::Value(ce), true) = (a, i >= fixed) {
                    if matches!(
                        ce.exprs.get(ce.root.0 as usize),
                        Some(crate::body::Expr::PackExpansion(_))
                    ) {
                        // `index_sequence<I...>`: the elements join the alias's pack.
                        let TemplateParamKind::Value { ty: pty, .. } = &params[fixed].kind else {
                            return Err("invalid template argument".to_string());
                        };
                        for (v, k) in self.value_pack(ce)? {
                            let saved = std::mem::replace(&mut self.targ_prefix, bound.clone());
                            pack.push(self.value_targ_of(v, k, pty));
                            self.targ_prefix = saved;
                        }
                        continue;
                    }
                }
                let targ = self
                    .resolve_targ_at(a, params, i.min(params.len() - 1), &earlier)
                    .ok_or_else(|| "invalid template argument".to_string())?;
                if i >= fixed {
                    pack.push(targ);
                } else {
                    let pname = params[i].name.clone().unwrap_or_default();
                    // A dependent value argument is named as written in the alias's type
                    // (`enable_if_t<is_int<T>::value, T>`: `enable_if<Xsr...E, T_>::type`).
                    if let TemplateArgRef::Value(ce) = a {
                        match self.written_expr(ce) {
                            super::written::WrittenExpr::Plain => {}
                            super::written::WrittenExpr::Expr(e) => written_bound.push((pname.clone(), Ok(e))),
                            super::written::WrittenExpr::Unsupported(w) => written_bound.push((pname.clone(), Err(w))),
                        }
                    }
                    bound.push((pname, targ));
                }
            }
            let given = (args.len() as isize + shift) as usize;
            if expands && (too_many(given) || too_few(given)) {
                let which = if given > params.len() { "many" } else { "few" };
                return Err(format!("too {which} arguments for alias template \"{name}\""));
            }
            // Default arguments (`enable_if_t<B, T = void>`), with the earlier ones bound.
            for p in &params[given.min(fixed)..fixed] {
                let saved = std::mem::replace(&mut self.alias_env, class_env.iter().chain(&bound).cloned().collect());
                let d = self
                    .default_targ(p)
                    .filter(|d| !matches!(d, TArg::Type { ty, .. } if ty.is_error()));
                self.alias_env = saved;
                let d = d.ok_or_else(|| "invalid template argument".to_string())?;
                bound.push((p.name.clone().unwrap_or_default(), d));
            }
            if last_pack {
                bound.push((params[fixed].name.clone().unwrap_or_default(), TArg::Pack(pack)));
            }
            if self.depth >= MAX_INSTANTIATION_DEPTH {
                return Err(format!(
                    "excessive recursion at instantiation of alias template \"{name}\""
                ));
            }
            let saved = std::mem::replace(&mut self.alias_env, class_env.into_iter().chain(bound).collect());
            let saved_written = std::mem::replace(&mut self.alias_written, written_bound);
            // Names in the alias's type are looked up where the alias is declared.
            let saved_scope = std::mem::replace(&mut self.scope, crate::check::templates::alias_scope(name));
            // A member alias template of a specialization (`C<int>::__call`): `C` names it.
            let class = name.rsplit_once("::").and_then(|(c, _)| self.dm.tags.get(c).copied());
            let outer = self.alias_class;
            let saved_class = std::mem::replace(&mut self.alias_class, class.or(outer));
            // ... and so does its injected class name (`template <class> using rebind = td;`
            // in `td<V>`), wherever the alias is used (a base specifier of another class).
            let injected = class
                .filter(|&rid| names_injected(ty, &self.dm.records, rid))
                .and_then(|rid| {
                    let ((t, _), _) = self.dm.record_instances.iter().find(|(_, r)| **r == rid)?;
                    let layout = self.dm.record_templates.get_index(*t as usize)?.1.record;
                    let rd = self.dm.records.get(rid)?;
                    let mangle = rd
                        .mangle
                        .clone()
                        .unwrap_or_else(|| MangleTy::from_ty(&Ty::new(TyKind::Record(rid)), &self.dm.records));
                    Some((layout, rid, mangle, rd.name.clone()?))
                });
            let pushed = injected.is_some();
            self.enclosing_overrides.extend(injected);
            self.depth += 1;
            let r = self.resolve(ty);
            self.depth -= 1;
            if pushed {
                self.enclosing_overrides.pop();
            }
            self.alias_class = saved_class;
            self.scope = saved_scope;
            self.alias_env = saved;
            self.alias_written = saved_written;
            return Ok(r);
        }
        let member_template = self.member_template_name(name);
        let name = member_template.as_ref().unwrap_or(name);
        let Some(t) = self.dm.record_templates.get_index_of(name) else {
            return Err(format!("\"{name}\" is not a class template"));
        };
        let record = self.dm.record_templates[t].record;
        let params: &'t [crate::item_tree::TemplateParamItem] = self
            .it
            .records
            .get(record as usize)
            .and_then(|r| r.template.as_deref())
            .unwrap_or(&[]);
        let last_pack = params.last().is_some_and(|p| p.pack);
        // (A pack expansion may be empty: `S<U, A...>` for `template <class> class S`.)
        let is_expansion = |a: &TemplateArgRef| match a {
            TemplateArgRef::Type(TypeRef::PackExpansion(_)) => true,
            TemplateArgRef::Value(ce) => {
                matches!(
                    ce.exprs.get(ce.root.0 as usize),
                    Some(crate::body::Expr::PackExpansion(_))
                )
            }
            _ => false,
        };
        let fixed_args = args.iter().filter(|a| !is_expansion(a)).count();
        if fixed_args > params.len() && !last_pack {
            return Err(format!("too many arguments for class template \"{name}\""));
        }
        // Inside a function template's signature, arguments may name its parameters: the key
        // uses the arguments' canonical ABI forms, the mangled use keeps the references
        // (`Pair<T_, N>` is `4PairIS0_XT0_EE`).
        let env_mangles: Vec<MangleTy> = self
            .template_env
            .iter()
            .map(|(_, a)| match a {
                TArg::Type { mangle, .. } => mangle.clone(),
                TArg::Value { mangle, .. } => mangle.clone(),
                TArg::Pack(_) | TArg::Decl { .. } => MangleTy::Builtin("v"),
                TArg::Template(q) => MangleTy::Named(SmolStr::new(format!("{q}<template>"))),
            })
            .collect();
        // (And the values of its non-type parameters: `ic<int, N>` is `ic<int, 2>`.)
        let env_values: Vec<Option<(i128, MangleTy)>> = self
            .template_env
            .iter()
            .map(|(_, a)| match a {
                TArg::Value { value, mangle, .. } => Some((*value, mangle.clone())),
                _ => None,
            })
            .collect();
        let mut out = Vec::new();
        let mut use_args = Vec::new();
        let mut dependent = false;
        // An argument only the mangler can use (a dependent expression, a pack parameter).
        let mut written_only = false;
        for (i, a) in args.iter().enumerate() {
            if params.get(i).or_else(|| params.last().filter(|p| p.pack)).is_none() && !is_expansion(a) {
                break;
            }
            if let TemplateArgRef::Type(TypeRef::PackExpansion(inner)) = a {
                // `Tup<T...>`: the pattern once per element of the pack it names.
                let Some(n) = self.pattern_pack_len(inner) else {
                    return Err("pack expansion does not make use of any argument packs".to_string());
                };
                let saved = self.pack_index;
                self.pack_index = None;
                let (_, pm) = self.resolve(inner);
                let dep = pm.substitute_with(&env_mangles, &env_values) != pm;
                for k in 0..n {
                    self.pack_index = Some(k);
                    let (ty, m) = self.resolve(inner);
                    if ty.is_error() {
                        self.pack_index = saved;
                        return Err("invalid template argument".to_string());
                    }
                    if !dep {
                        use_args.push(crate::mangle::MangleTArg::Type(m.clone()));
                    }
                    // The canonical form: pack parameters replaced by this element.
                    let elem_mangles: Vec<MangleTy> = self
                        .template_env
                        .iter()
                        .zip(&env_mangles)
                        .map(|((_, a), m)| match a {
                            TArg::Pack(v) => match v.get(k) {
                                Some(TArg::Type { mangle, .. } | TArg::Value { mangle, .. }) => mangle.clone(),
                                _ => m.clone(),
                            },
                            _ => m.clone(),
                        })
                        .collect();
                    out.push(TArg::Type {
                        ty,
                        mangle: m.substitute_with(&elem_mangles, &env_values),
                    });
                }
                self.pack_index = saved;
                if dep {
                    dependent = true;
                    use_args.push(crate::mangle::MangleTArg::Type(MangleTy::PackExpansion(Box::new(pm))));
                }
                continue;
            }
            if let TemplateArgRef::Value(ce) = a {
                if matches!(
                    ce.exprs.get(ce.root.0 as usize),
                    Some(crate::body::Expr::PackExpansion(_))
                ) {
                    // `Seq<T, I...>`, `Seq<T, __integer_pack(N)...>`: one argument per element.
                    let Some(p) = params.get(i).or_else(|| params.last().filter(|p| p.pack)) else {
                        break;
                    };
                    let TemplateParamKind::Value { ty: pty, .. } = &p.kind else {
                        return Err("invalid template argument".to_string());
                    };
                    let values = self.value_pack(ce)?;
                    // `index_sequence<I...>` with `I` the function template's pack: `JXT_EE` (the
                    // pack mangled as written, in place of its elements).
                    let mut pack_written = None;
                    if let Some(crate::body::Expr::PackExpansion(inner)) = ce.exprs.get(ce.root.0 as usize) {
                        if self.in_signature() {
                            let own = match ce.exprs.get(inner.0 as usize) {
                                Some(crate::body::Expr::Name(n)) => self
                                    .template_env
                                    .iter()
                                    .rposition(|(x, a)| x == n && matches!(a, TArg::Pack(_)))
                                    .filter(|_| !self.alias_env.iter().any(|(x, _)| x == n)),
                                _ => None,
                            };
                            pack_written = match own {
                                Some(i) => Some(crate::mangle::MangleTArg::Param(i as u32)),
                                None => match self.written_expr(ce) {
                                    super::written::WrittenExpr::Plain => None,
                                    _ => Some(crate::mangle::MangleTArg::Unsupported(
                                        "a pack expansion of an expression".into(),
                                    )),
                                },
                            };
                        }
                    }
                    let prefix: Vec<(SmolStr, TArg)> = params
                        .iter()
                        .zip(&out)
                        .filter_map(|(p, a)| Some((p.name.clone()?, a.clone())))
                        .collect();
                    for (v, k) in values {
                        let saved = std::mem::replace(&mut self.targ_prefix, prefix.clone());
                        let targ = self.value_targ_of(v, k, pty);
                        self.targ_prefix = saved;
                        if let (TArg::Value { value, mangle, .. }, None) = (&targ, &pack_written) {
                            use_args.push(crate::mangle::MangleTArg::Value(*value, mangle.clone()));
                        }
                        out.push(targ);
                    }
                    if let Some(w) = pack_written {
                        written_only = true;
                        use_args.push(w);
                    }
                    continue;
                }
            }
            // Earlier arguments of packs are not bound by name here (`out` is flat).
            let earlier = if out.len() == i { out.clone() } else { Vec::new() };
            let targ = self
                .resolve_targ_at(a, params, i, &earlier)
                .ok_or_else(|| "invalid template argument".to_string())?;
            let param_ref = match a {
                TemplateArgRef::Value(ce) => match ce.exprs.get(ce.root.0 as usize) {
                    Some(crate::body::Expr::Name(n)) => self.template_env.iter().position(|(pn, _)| pn == n),
                    _ => None,
                },
                TemplateArgRef::Type(tr) if matches!(targ, TArg::Template(_)) => {
                    template_arg_name(tr).and_then(|n| self.template_env.iter().position(|(pn, _)| pn == n))
                }
                TemplateArgRef::Type(_) => None,
            };
            match (&targ, param_ref) {
                (TArg::Template(_), Some(i)) => {
                    // A template template parameter passed on (`W<C>`): `T_`.
                    dependent = true;
                    use_args.push(crate::mangle::MangleTArg::Type(MangleTy::TemplateParam(i as u32)));
                }
                (TArg::Template(q), None) => use_args.push(crate::mangle::MangleTArg::Template(q.clone())),
                (_, Some(i)) => {
                    dependent = true;
                    use_args.push(crate::mangle::MangleTArg::Param(i as u32));
                }
                (TArg::Type { mangle, .. }, None) => {
                    dependent |= mangle.substitute_with(&env_mangles, &env_values) != *mangle;
                    use_args.push(crate::mangle::MangleTArg::Type(mangle.clone()));
                }
                (TArg::Value { value, mangle, .. }, None) => {
                    // A value-dependent argument (`A<N + 1>`, `enable_if<is_int<T>::value>`):
                    // mangled as written.
                    let written = match a {
                        TemplateArgRef::Value(ce) => self.written_expr(ce),
                        TemplateArgRef::Type(_) => super::written::WrittenExpr::Plain,
                    };
                    match written {
                        super::written::WrittenExpr::Plain => {
                            use_args.push(crate::mangle::MangleTArg::Value(*value, mangle.clone()))
                        }
                        super::written::WrittenExpr::Expr(e) => {
                            written_only = true;
                            use_args.push(crate::mangle::MangleTArg::Expr(Box::new(e)));
                        }
                        super::written::WrittenExpr::Unsupported(w) => {
                            written_only = true;
                            use_args.push(crate::mangle::MangleTArg::Unsupported(w.into()));
                        }
                    }
                }
                (TArg::Decl { .. }, None) => use_args.push(super::targs::mangle_targ(&targ)),
                (TArg::Pack(_), None) => return Err("unsupported: class template argument packs".to_string()),
            }
            out.push(match targ {
                TArg::Type { ty, mangle } => TArg::Type {
                    ty,
                    mangle: mangle.substitute_with(&env_mangles, &env_values),
                },
                TArg::Value { value, ty, mangle } => TArg::Value {
                    value,
                    ty,
                    mangle: mangle.substitute_with(&env_mangles, &env_values),
                },
                p @ (TArg::Pack(_) | TArg::Template(_) | TArg::Decl { .. }) => p,
            });
        }
        if out.len() > params.len() && !last_pack {
            return Err(format!("too many arguments for class template \"{name}\""));
        }
        let out = pack_targs(params, out);
        let use_args = pack_mangle_targs(params, use_args);
        let rid = if name_only {
            self.name_record(t as u32, out)
        } else {
            self.instantiate_record(t as u32, out)
        }
        .ok_or_else(|| format!("class template \"{name}\" cannot be instantiated"))?;
        let member_of = self.dm.record_templates[t].member_of.as_ref().map(|m| m.mangle.clone());
        // The specialization as written: `scope::name<args>` for a member template (the scope
        // as written replaces this one: `resolve`'s `MemberTemplate`), `name<args>` otherwise.
        let as_written = || match member_of {
            Some(scope) => MangleTy::MemberTemplate {
                scope: Box::new(scope),
                name: SmolStr::new(name.rsplit("::").next().unwrap_or(name)),
                args: use_args,
            },
            None => MangleTy::Template {
                name: name.clone(),
                args: use_args,
            },
        };
        let canonical = || {
            self.dm.records[rid]
                .mangle
                .clone()
                .unwrap_or(MangleTy::Named(name.clone()))
        };
        let m = if written_only {
            // Arguments only the mangler can use (expressions): the instance's own name is
            // the type's identity.
            MangleTy::Written {
                written: Box::new(as_written()),
                canonical: Box::new(canonical()),
            }
        } else if dependent {
            as_written()
        } else {
            canonical()
        };
        Ok((Ty::new(TyKind::Record(rid)), m))
    }

    fn error(&mut self, code: &'static str, msg: String) {
        Builder::error(self, code, msg);
    }

    fn member_type(&mut self, rid: RecordId, member: &SmolStr) -> Option<(Ty, MangleTy)> {
        // The class's own member, else one of its bases' ([class.member.lookup]; `type` of
        // `is_integral<int>` is `integral_constant<bool, true>::type`).
        let mut stack = vec![(rid, 0u32)];
        while let Some((r, depth)) = stack.pop() {
            let rd = self.dm.records.get(r)?;
            let bases: Vec<RecordId> = rd.bases.iter().rev().map(|b| b.record).filter(|&b| b != r).collect();
            let Some(rn) = rd.name.clone() else { continue };
            let q = SmolStr::new(format!("{rn}::{member}"));
            if !self.dm.typedefs.contains_key(&q) && self.member_typedefs.contains_key(&q) {
                self.member_typedef(&q);
            }
            if let Some(t) = self.dm.typedefs.get(&q).cloned() {
                let m = MangleTy::from_ty(&t, &self.dm.records);
                return Some((t, m));
            }
            if let Some(&id) = self.dm.tags.get(&q) {
                let m = self.dm.records[id].mangle.clone().unwrap_or(MangleTy::Named(q));
                return Some((Ty::new(TyKind::Record(id)), m));
            }
            if depth < 64 {
                stack.extend(bases.into_iter().map(|b| (b, depth + 1)));
            }
        }
        None
    }

    fn written_decltype(&mut self, e: &'t ConstExpr, id_expr: bool) -> Option<MangleTy> {
        match self.written_expr(e) {
            super::written::WrittenExpr::Plain => None,
            super::written::WrittenExpr::Expr(x) => Some(MangleTy::Decltype {
                expr: Box::new(x),
                id_expr,
            }),
            super::written::WrittenExpr::Unsupported(w) => Some(MangleTy::Template {
                name: SmolStr::new("decltype"),
                args: vec![MangleTArg::Unsupported(SmolStr::new(format!("{w} in decltype")))],
            }),
        }
    }

    fn written_targs(&mut self, args: &'t [TemplateArgRef]) -> Option<Vec<MangleTArg>> {
        if !self.in_signature() {
            return None;
        }
        let mut out = Vec::new();
        for a in args {
            out.push(match a {
                TemplateArgRef::Type(TypeRef::PackExpansion(_)) => {
                    MangleTArg::Unsupported("a pack expansion in a member alias template's arguments".into())
                }
                TemplateArgRef::Type(t) => MangleTArg::Type(self.resolve(t).1),
                TemplateArgRef::Value(ce) => match self.written_expr(ce) {
                    super::written::WrittenExpr::Expr(e) => MangleTArg::Expr(Box::new(e)),
                    super::written::WrittenExpr::Unsupported(w) => MangleTArg::Unsupported(w.into()),
                    super::written::WrittenExpr::Plain => {
                        MangleTArg::Unsupported("a value argument of a member alias template".into())
                    }
                },
            });
        }
        Some(out)
    }

    fn decltype(&mut self, e: &'t ConstExpr, id_expr: bool) -> Option<Ty> {
        let mut round = 0;
        loop {
            let (t, diags, nested, fns, pending, records) =
                {
                    let mut ck = self.const_checker(&e.exprs, &e.types);
                    if !e.exprs.iter().any(
                        |x| matches!(x, crate::body::Expr::Name(n) if self.decl_params.iter().any(|(p, _)| p == n)),
                    ) {
                        ck.declare_params(&self.decl_params);
                    }
                    let t = ck.decltype_of(e.root, id_expr);
                    // (Only the calls' values: an unevaluated operand instantiates no definition.)
                    let nested = (Vec::new(), ck.call_requests.take());
                    let fns = std::mem::take(&mut ck.instance_requests);
                    let records = std::mem::take(&mut ck.record_requests);
                    (t, ck.diags, nested, fns, ck.instances_pending, records)
                };
            self.note_nested_requests(nested);
            let bad = diags.iter().any(|d| d.severity == Severity::Error);
            // A call among overloads whose instances do not exist yet: they are declared (not
            // defined) and the operand typed again with them.
            if bad && pending && self.declare_now(&fns, round) {
                round += 1;
                continue;
            }
            // Class template specializations the operand names (the type of a variable
            // template, `type_identity_t<T&& (*)() noexcept>` of libcu++'s `declval`): made,
            // and the operand typed again.
            if bad && !records.is_empty() && round < 7 && self.instantiate_requests(records) {
                round += 1;
                continue;
            }
            self.push_body_diags(diags);
            return (!bad).then_some(t);
        }
    }
}

impl<'t> Builder<'t> {
    /// [`TypeEnv::typedef`] for `name` as written, without looking in enclosing scopes.
    fn typedef_named(&mut self, name: &SmolStr) -> Option<(Ty, MangleTy)> {
        if let Some((_, TArg::Type { ty, mangle })) = self.alias_env.iter().rev().find(|(n, _)| n == name) {
            return Some((ty.clone(), mangle.clone()));
        }
        // One element of a class or alias template's parameter pack (`Tup<T...>` expanded).
        let pack_elem = self
            .alias_env
            .iter()
            .rev()
            .chain(self.class_env.iter().rev())
            .find(|(n, _)| n == name)
            .and_then(|(_, a)| match a {
                TArg::Pack(v) => Some(self.pack_index.and_then(|k| v.get(k)).cloned()),
                _ => None,
            });
        if let Some(e) = pack_elem {
            return match e {
                Some(TArg::Type { ty, mangle }) => Some((ty, mangle)),
                _ => Some((Ty::error(), MangleTy::Builtin("v"))),
            };
        }
        if let Some(n) = self.specialization_member_name(name) {
            if let Some(r) = TypeEnv::typedef(self, &n) {
                return Some(r);
            }
        }
        if let Some((first, rest)) = name.split_once("::") {
            // `T::value_type` with `T` a template parameter bound to a class.
            if let Some(a) = self.bound_template_param(first).cloned() {
                let TArg::Type { ty, .. } = a else { return None };
                let TyKind::Record(rid) = ty.kind else { return None };
                let (t, m) = TypeEnv::member_type(self, rid, &SmolStr::new(rest))?;
                // A function template's signature mangles the name as written (`NT_10value_typeE`).
                let param = if self.alias_env.iter().any(|(n, _)| n == first) {
                    None
                } else {
                    self.template_env.iter().rposition(|(n, _)| n == first)
                };
                let m = match param {
                    Some(i) => MangleTy::DependentName {
                        scope: Box::new(MangleTy::TemplateParam(i as u32)),
                        names: rest.split("::").map(SmolStr::new).collect(),
                    },
                    None => m,
                };
                return Some((t, m));
            }
        }
        if !self.dm.typedefs.contains_key(name) && self.member_typedefs.contains_key(name) {
            self.member_typedef(name);
        }
        if !self.dm.typedefs.contains_key(name) && !self.dm.tags.contains_key(name) {
            if let Some((prefix, last)) = name.rsplit_once("::") {
                // `std::true_type::type`: a member of the class a typedef names.
                if let Some(t) = self.dm.typedefs.get(prefix).cloned() {
                    if let TyKind::Record(rid) = t.kind {
                        return TypeEnv::member_type(self, rid, &SmolStr::new(last));
                    }
                }
            }
        }
        if let Some(i) = self.template_env.iter().rposition(|(n, _)| n == name) {
            if let TArg::Type { ty, .. } = &self.template_env[i].1 {
                return Some((ty.clone(), MangleTy::TemplateParam(i as u32)));
            }
            if let TArg::Pack(v) = &self.template_env[i].1 {
                // One element of a function parameter pack's pattern; without one (an empty
                // pack), a stand-in type for the pattern's mangling.
                let ty = match self.pack_index.and_then(|k| v.get(k)) {
                    Some(TArg::Type { ty, .. }) => ty.clone(),
                    _ => Ty::int(crate::ty::IntKind::Int),
                };
                return Some((ty, MangleTy::TemplateParam(i as u32)));
            }
        }
        if let Some((_, TArg::Type { ty, mangle })) = self.class_env.iter().rev().find(|(n, _)| n == name) {
            return Some((ty.clone(), mangle.clone()));
        }
        let Some(t) = self.dm.typedefs.get(name).cloned() else {
            // C++: a class name is a type name.
            let id = *self.dm.tags.get(name)?;
            let m = self.dm.records[id]
                .mangle
                .clone()
                .unwrap_or_else(|| MangleTy::Named(name.clone()));
            return Some((Ty::new(TyKind::Record(id)), m));
        };
        let m = self
            .typedef_mangle
            .get(name)
            .cloned()
            .unwrap_or_else(|| MangleTy::from_ty(&t, &self.dm.records));
        Some((t, m))
    }
}

/// Whether a member alias template's type may name its class by the injected class name
/// (`td` in `td<V>`'s `template <class> using rebind = td;`): a name spelled as the class
/// template's unqualified name, at the top or under pointers, references and qualifiers.
fn names_injected(t: &TypeRef, records: &crate::ty::Records, rid: RecordId) -> bool {
    let Some(display) = records.get(rid).and_then(|r| r.name.as_ref()) else {
        return false;
    };
    let tname = display.split('<').next().unwrap_or(display);
    let short = tname.rsplit("::").next().unwrap_or(tname);
    // (Or a sibling member, named with the template's name by lowering: `impl::pointer` in
    // `template <class U> using rebind = typename tr<pointer, U>::type;`.)
    let is = |n: &str| n == short || n == tname || n.strip_prefix(tname).is_some_and(|r| r.starts_with("::"));
    fn walk(t: &TypeRef, is: &dyn Fn(&str) -> bool) -> bool {
        match t {
            TypeRef::Named(n) => is(n),
            TypeRef::Member { scope, .. } | TypeRef::MemberTemplate { scope, .. } => walk(scope, is),
            TypeRef::Record { name: Some(n), .. } => is(n),
            TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) => walk(i, is),
            TypeRef::Template { args, .. } => args.iter().any(|a| matches!(a, TemplateArgRef::Type(t) if walk(t, is))),
            _ => false,
        }
    }
    walk(t, &is)
}
