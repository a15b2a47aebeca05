//! Type names: template arguments, qualified and scoped names.

use super::*;

impl Lower<'_> {
    /// Template arguments outside bodies (types and constant expressions).
    pub fn template_args(&mut self, ta: &ast::TemplateArgs) -> Vec<TemplateArgRef> {
        ta.args_with_pack()
            .into_iter()
            .map(|(a, pack)| (self.template_arg(a), pack))
            .map(|(a, pack)| match (a, pack) {
                // `Tup<T...>`: a pack expansion of a type pattern.
                (TemplateArgRef::Type(t), true) => TemplateArgRef::Type(TypeRef::PackExpansion(Box::new(t))),
                (TemplateArgRef::Value(mut ce), true) => {
                    let root = ce.root;
                    ce.exprs.push(Expr::PackExpansion(root));
                    ce.root = crate::body::ExprId((ce.exprs.len() - 1) as u32);
                    TemplateArgRef::Value(ce)
                }
                (a, false) => a,
            })
            .collect()
    }

    pub(super) fn template_arg(&mut self, a: ast::TemplateArg) -> TemplateArgRef {
        match a {
            ast::TemplateArg::Type(tn) => {
                let r = self.range(tn.syntax());
                let t = self.type_name(&tn);
                match self.qualified_value(&tn, t) {
                    Ok(e) => {
                        let mut a = Arena::default();
                        let root = match e {
                            Ok(n) => a.alloc_expr(Expr::Name(n), r),
                            Err(scope_member) => {
                                let (scope, member) = scope_member;
                                let scope = a.alloc_type(scope, r);
                                a.alloc_expr(Expr::ScopedName { scope, member }, r)
                            }
                        };
                        TemplateArgRef::Value(ConstExpr {
                            exprs: a.exprs,
                            types: a.types,
                            root,
                        })
                    }
                    Err(t) => TemplateArgRef::Type(t),
                }
            }
            ast::TemplateArg::Expr(e) => TemplateArgRef::Value(self.const_expr(&e)),
        }
    }

    /// A template argument parsed as a type that is a qualified name of a value: without
    /// `typename`, `S<args>::member` and `A::b` naming no known type are expressions
    /// (`enable_if<is_int<T>::value, int>`). `Ok(Ok(name))` for a name, `Ok(Err((scope,
    /// member)))` for a member of a specialization, `Err(type)` for a type.
    #[allow(clippy::type_complexity)]
    pub(super) fn qualified_value(
        &self,
        tn: &ast::TypeName,
        t: TypeRef,
    ) -> Result<Result<SmolStr, (TypeRef, SmolStr)>, TypeRef> {
        if tn.declarator().is_some()
            || tn
                .syntax()
                .descendants_with_tokens()
                .any(|e| e.kind() == SyntaxKind::TYPENAME_KW)
        {
            return Err(t);
        }
        match t {
            TypeRef::Member { scope, member } => Ok(Err((*scope, member))),
            TypeRef::Named(n) if n.contains("::") && self.tags.is_some() => {
                let known = self
                    .tags
                    .as_ref()
                    .is_some_and(|tags| tags.find_typedef(&n).is_some() || tags.find_tag(&n).is_some());
                if known {
                    Err(TypeRef::Named(n))
                } else {
                    Ok(Ok(n))
                }
            }
            t => Err(t),
        }
    }

    /// Template arguments inside a body.
    pub(super) fn template_args_body(&mut self, a: &mut Arena, ta: &ast::TemplateArgs) -> Vec<TemplateArgExpr> {
        ta.args_with_pack()
            .into_iter()
            .map(|(arg, pack)| match arg {
                ast::TemplateArg::Type(tn) => {
                    let r = self.range(tn.syntax());
                    let t = self.type_name(&tn);
                    let value = |a: &mut Arena, e: Expr| {
                        let e = a.alloc_expr(e, r);
                        // `f<I...>()`: a pack expansion of a value pattern.
                        TemplateArgExpr::Value(if pack {
                            a.alloc_expr(Expr::PackExpansion(e), r)
                        } else {
                            e
                        })
                    };
                    match self.qualified_value(&tn, t) {
                        Ok(Ok(n)) => value(a, Expr::Name(n)),
                        Ok(Err((scope, member))) => {
                            let scope = a.alloc_type(scope, r);
                            value(a, Expr::ScopedName { scope, member })
                        }
                        // `f<T...>()`: a pack expansion of a type pattern.
                        Err(t) if pack => TemplateArgExpr::Type(a.alloc_type(TypeRef::PackExpansion(Box::new(t)), r)),
                        Err(t) => TemplateArgExpr::Type(a.alloc_type(t, r)),
                    }
                }
                ast::TemplateArg::Expr(e) => {
                    let x = self.expr(a, &e);
                    if pack {
                        let r = self.range(e.syntax());
                        TemplateArgExpr::Value(a.alloc_expr(Expr::PackExpansion(x), r))
                    } else {
                        TemplateArgExpr::Value(x)
                    }
                }
            })
            .collect()
    }

    /// The identifiers of a (qualified) name node joined with `::`, and its template arguments
    /// when they come last (`ns::f<int>`); `Err(())` for template arguments in the middle
    /// (`S<int>::f`, not supported yet).
    pub(super) fn name_with_args(&self, node: &SyntaxNode) -> Result<(SmolStr, Option<ast::TemplateArgs>), ()> {
        let mut parts: Vec<String> = Vec::new();
        let mut args = None;
        for el in node.children_with_tokens() {
            if let Some(t) = el.as_token() {
                if t.kind() == SyntaxKind::IDENT {
                    if args.is_some() {
                        return Err(());
                    }
                    parts.push(self.text(t).to_string());
                }
            } else if let Some(n) = el.as_node() {
                if n.kind() == SyntaxKind::TEMPLATE_ARGS {
                    args = ast::TemplateArgs::cast(n.clone());
                }
            }
        }
        Ok((SmolStr::new(parts.join("::")), args))
    }

    /// `S<args>::member` (one template-id, then plain names): the template name, its
    /// arguments, and the member path.
    pub(super) fn scoped_name(&self, node: &SyntaxNode) -> Option<(SmolStr, ast::TemplateArgs, SmolStr)> {
        let mut before: Vec<String> = Vec::new();
        let mut after: Vec<String> = Vec::new();
        let mut args = None;
        for el in node.children_with_tokens() {
            if let Some(t) = el.as_token() {
                if t.kind() == SyntaxKind::IDENT {
                    if args.is_some() {
                        after.push(self.text(t).to_string());
                    } else {
                        before.push(self.text(t).to_string());
                    }
                }
            } else if let Some(n) = el.as_node() {
                if n.kind() == SyntaxKind::TEMPLATE_ARGS {
                    if args.is_some() {
                        return None;
                    }
                    args = ast::TemplateArgs::cast(n.clone());
                }
            }
        }
        let scope = SmolStr::new(before.join("::"));
        // (`::S<int>::v`: the caller resolves the name from the global namespace.)
        let scope = match self
            .tags
            .as_ref()
            .filter(|_| !starts_global(node))
            .and_then(|t| t.find_tag(&scope))
        {
            Some((q, _)) => q,
            None => scope,
        };
        (!after.is_empty()).then(|| (scope, args.unwrap(), SmolStr::new(after.join("::"))))
    }

    /// `S<args>::M<margs>::rest` (or `S<args>::template M<margs>::rest`): a member of a member
    /// class template's specialization; the template name, its arguments, the member template,
    /// its arguments and the names after it (one at least).
    #[allow(clippy::type_complexity)]
    pub(super) fn member_template_scoped_name(
        &self,
        node: &SyntaxNode,
    ) -> Option<(SmolStr, ast::TemplateArgs, SmolStr, ast::TemplateArgs, Vec<SmolStr>)> {
        let mut before: Vec<String> = Vec::new();
        let mut member: Option<SmolStr> = None;
        let mut rest: Vec<SmolStr> = Vec::new();
        let mut args = Vec::new();
        for el in node.children_with_tokens() {
            if let Some(t) = el.as_token() {
                if t.kind() == SyntaxKind::IDENT {
                    match args.len() {
                        0 => before.push(self.text(t).to_string()),
                        1 if member.is_none() => member = Some(self.text(t)),
                        2 => rest.push(self.text(t)),
                        _ => return None,
                    }
                }
            } else if let Some(n) = el.as_node() {
                if n.kind() == SyntaxKind::TEMPLATE_ARGS {
                    args.push(ast::TemplateArgs::cast(n.clone())?);
                }
            }
        }
        let [sargs, margs]: [ast::TemplateArgs; 2] = args.try_into().ok()?;
        let member = member?;
        if rest.is_empty() {
            return None;
        }
        let scope = SmolStr::new(before.join("::"));
        // (`::S<int>::v`: the caller resolves the name from the global namespace.)
        let scope = match self
            .tags
            .as_ref()
            .filter(|_| !starts_global(node))
            .and_then(|t| t.find_tag(&scope))
        {
            Some((q, _)) => q,
            None => scope,
        };
        Some((scope, sargs, member, margs, rest))
    }

    /// `S<args>::f<margs>` (or `S<args>::template f<margs>`): one template-id, one member
    /// name, its template arguments last: the template name, its arguments, the member and
    /// the member's arguments.
    pub(super) fn scoped_template_id(
        &self,
        node: &SyntaxNode,
    ) -> Option<(SmolStr, ast::TemplateArgs, SmolStr, ast::TemplateArgs)> {
        let mut before: Vec<String> = Vec::new();
        let mut member: Option<String> = None;
        let mut args = Vec::new();
        for el in node.children_with_tokens() {
            if let Some(t) = el.as_token() {
                if t.kind() == SyntaxKind::IDENT {
                    match args.len() {
                        0 => before.push(self.text(t).to_string()),
                        1 if member.is_none() => member = Some(self.text(t).to_string()),
                        _ => return None,
                    }
                }
            } else if let Some(n) = el.as_node() {
                if n.kind() == SyntaxKind::TEMPLATE_ARGS {
                    args.push(ast::TemplateArgs::cast(n.clone())?);
                }
            }
        }
        let [sargs, margs]: [ast::TemplateArgs; 2] = args.try_into().ok()?;
        let member = member?;
        let scope = SmolStr::new(before.join("::"));
        // (`::S<int>::v`: the caller resolves the name from the global namespace.)
        let scope = match self
            .tags
            .as_ref()
            .filter(|_| !starts_global(node))
            .and_then(|t| t.find_tag(&scope))
        {
            Some((q, _)) => q,
            None => scope,
        };
        Some((scope, sargs, SmolStr::new(member), margs))
    }

    /// A qualified type name with template arguments after its first template-id: the
    /// template-id, then each later name a member type (`::type`) or, with arguments, a
    /// member alias template (`::template rebind<U>`). `None` for a shape it cannot take.
    pub(super) fn scoped_type(&mut self, node: &SyntaxNode) -> Option<TypeRef> {
        let mut names: Vec<String> = Vec::new();
        let mut base: Option<TypeRef> = None;
        let mut pending: Option<String> = None;
        let member = |base: Option<TypeRef>, name: String| -> Option<TypeRef> {
            Some(TypeRef::Member {
                scope: Box::new(base?),
                member: SmolStr::new(name),
            })
        };
        for el in node.children_with_tokens() {
            if let Some(t) = el.as_token() {
                if t.kind() == SyntaxKind::IDENT {
                    let text = self.text(t).to_string();
                    if base.is_none() {
                        names.push(text);
                    } else if let Some(p) = pending.replace(text) {
                        base = member(base, p);
                    }
                }
            } else if let Some(n) = el.as_node() {
                if n.kind() != SyntaxKind::TEMPLATE_ARGS {
                    continue;
                }
                let ta = ast::TemplateArgs::cast(n.clone())?;
                let args = self.template_args(&ta);
                base = Some(match base {
                    None => {
                        let name = SmolStr::new(names.join("::"));
                        let name = self.template_name(&name, starts_global(node));
                        TypeRef::Template { name, args }
                    }
                    Some(b) => TypeRef::MemberTemplate {
                        scope: Box::new(b),
                        member: SmolStr::new(pending.take()?),
                        args,
                    },
                });
            }
        }
        match pending {
            Some(p) => member(base, p),
            None => base,
        }
    }

    /// The class or alias template a template-id's name denotes, qualified; `global` for a name
    /// written after `::` (`::std::complex<U>` inside `cuda::std` is not `cuda::std::complex`).
    pub(super) fn template_name(&self, name: &SmolStr, global: bool) -> SmolStr {
        let Some(tags) = self.tags.as_ref() else {
            // In a body (resolved by the checker): the leading `::` kept.
            return if global {
                SmolStr::new(format!("::{name}"))
            } else {
                name.clone()
            };
        };
        if global {
            // (Resolved here, in full: item-level lookups of it are exact.)
            let found = tags.find_global(name).unwrap_or_else(|| name.clone());
            if self.in_expr() {
                // In a namespace-scope initializer (a variable template's, a static member's),
                // which the body checker looks up from the enclosing scopes when it is
                // instantiated: the `::` is kept, so that a namespace declared later with the
                // same name inside an enclosing one (`cuda::std` for `::std::__iterator_traits`
                // inside `cuda::std`) does not take it.
                return SmolStr::new(format!("::{found}"));
            }
            // Elsewhere `::` is kept where the body checker's lookup from the enclosing
            // namespaces would find another.
            return tags.global_spelling(found);
        }
        match tags.find_tag(name) {
            Some((q, _)) => q,
            None => tags.find_alias_template(name).unwrap_or_else(|| name.clone()),
        }
    }

    /// The class template named after `::` in the scope of a qualified *value* (`::Box<int>::k`).
    /// Item-level types resolve names in full, but a value in a namespace-scope initializer is
    /// looked up by the body checker from the enclosing scopes: where the name written without
    /// `::` would denote another template (a namespace with its own `Box`), the `::` is kept so
    /// that the checker takes the global namespace's.
    pub(super) fn global_value_scope(&self, name: &SmolStr) -> SmolStr {
        let found = self.template_name(name, true);
        let Some(tags) = self.tags.as_ref() else {
            return found;
        };
        if found.starts_with("::") {
            return found;
        }
        let unqualified = match tags.find_tag(name) {
            Some((q, _)) => Some(q),
            None => tags.find_alias_template(name),
        };
        match unqualified {
            Some(q) if q != found => SmolStr::new(format!("::{found}")),
            _ => found,
        }
    }

    /// A name node ending in template arguments (`ns::S<T, 3>`, a mem-initializer naming a base
    /// through an alias template) as a type; `None` without trailing template arguments.
    pub(crate) fn template_id_type(&mut self, node: &SyntaxNode) -> Option<TypeRef> {
        let (name, Some(ta)) = self.name_with_args(node).ok()? else {
            return None;
        };
        let args = self.template_args(&ta);
        let name = self.template_name(&name, starts_global(node));
        Some(TypeRef::Template { name, args })
    }

    pub(super) fn type_name_ref(&mut self, tr: &ast::TypeNameRef) -> TypeRef {
        let r = self.range(tr.syntax());
        let mut toks = tr.tokens().map(|t| t.kind());
        let mut first = toks.next();
        if first == Some(SyntaxKind::TYPENAME_KW) && toks.next() == Some(SyntaxKind::DECLTYPE_KW) {
            // `typename decltype(e)::type`.
            first = Some(SyntaxKind::DECLTYPE_KW);
        }
        if first == Some(SyntaxKind::DECLTYPE_KW) && tr.tokens().any(|t| t.kind() == SyntaxKind::COLON2) {
            // `decltype(e)::type`: members of the operand's type.
            let Some(e) = tr.syntax().children().find_map(ast::Expr::cast) else {
                return TypeRef::Error;
            };
            if tr.syntax().children().any(|n| n.kind() == SyntaxKind::TEMPLATE_ARGS) {
                self.unsupported("template arguments after decltype(...)::", r);
                return TypeRef::Error;
            }
            let id_expr = matches!(e, ast::Expr::NameRef(_) | ast::Expr::MemberExpr(_));
            let ce = self.const_expr(&e);
            let mut t = TypeRef::Decltype {
                expr: Box::new(ce),
                id_expr,
            };
            for id in tr.tokens().filter(|t| t.kind() == SyntaxKind::IDENT) {
                t = TypeRef::Member {
                    scope: Box::new(t),
                    member: self.text(&id),
                };
            }
            return t;
        }
        if first == Some(SyntaxKind::DECLTYPE_KW) {
            let Some(e) = tr.syntax().children().find_map(ast::Expr::cast) else {
                if tr.tokens().any(|t| t.kind() == SyntaxKind::AUTO_KW) {
                    return TypeRef::DecltypeAuto;
                }
                return TypeRef::Error;
            };
            let id_expr = matches!(e, ast::Expr::NameRef(_) | ast::Expr::MemberExpr(_));
            let ce = self.const_expr(&e);
            return TypeRef::Decltype {
                expr: Box::new(ce),
                id_expr,
            };
        }
        if first == Some(SyntaxKind::IDENT)
            && tr
                .syntax()
                .children_with_tokens()
                .any(|t| t.kind() == SyntaxKind::L_PAREN)
            && tr.tokens().next().is_some_and(|t| {
                matches!(
                    self.text(&t).as_str(),
                    "__typeof" | "__typeof__" | "typeof" | "__underlying_type"
                )
            })
        {
            if tr.tokens().next().is_some_and(|t| self.text(&t) == "__underlying_type") {
                return match tr.syntax().children().find_map(ast::TypeName::cast) {
                    Some(tn) => TypeRef::Underlying(Box::new(self.type_name(&tn))),
                    None => {
                        self.unsupported("__underlying_type of something other than a type", r);
                        TypeRef::Error
                    }
                };
            }
            // GNU `__typeof(e)` (as `decltype`) or `__typeof(T)`.
            if let Some(tn) = tr.syntax().children().find_map(ast::TypeName::cast) {
                return self.type_name(&tn);
            }
            let Some(e) = tr.syntax().children().find_map(ast::Expr::cast) else {
                return TypeRef::Error;
            };
            let id_expr = matches!(e, ast::Expr::NameRef(_) | ast::Expr::MemberExpr(_));
            let ce = self.const_expr(&e);
            return TypeRef::Decltype {
                expr: Box::new(ce),
                id_expr,
            };
        }
        if tr.syntax().children().any(|n| n.kind() == SyntaxKind::TEMPLATE_ARGS) {
            return match self.template_id_type(tr.syntax()) {
                Some(t) => t,
                None => match self.scoped_type(tr.syntax()) {
                    // `S<args>::type` (`typename enable_if<c, T>::type`), `typename
                    // S<args>::template rebind<U>`, `S<a>::In<b>::type`.
                    Some(t) => t,
                    None => {
                        self.unsupported("this qualified name", r);
                        TypeRef::Error
                    }
                },
            };
        }
        // `Fn::template call` (a template template argument or default naming a dependent member
        // template) is the qualified name `Fn::call`: `template` after `::` only says that a
        // template follows.
        let mut prev = None;
        let toks: Vec<_> = tr
            .tokens()
            .filter(|t| {
                let k = t.kind();
                let keep =
                    k != SyntaxKind::TYPENAME_KW && !(k == SyntaxKind::TEMPLATE_KW && prev == Some(SyntaxKind::COLON2));
                prev = Some(k);
                keep
            })
            .collect();
        // `typename ::ns::T`, `::ns::T`: the global scope's name (looked up as written).
        let global = toks.first().is_some_and(|t| t.kind() == SyntaxKind::COLON2);
        let toks: Vec<_> = if global { toks[1..].to_vec() } else { toks };
        let qualified = toks.len() > 1
            && toks.iter().enumerate().all(|(i, t)| {
                t.kind()
                    == if i % 2 == 0 {
                        SyntaxKind::IDENT
                    } else {
                        SyntaxKind::COLON2
                    }
            })
            && toks.len() % 2 == 1;
        let name = match tr.simple_ident() {
            Some(ident) => self.text(&ident),
            None if toks.len() == 1 && toks[0].kind() == SyntaxKind::IDENT => self.text(&toks[0]),
            None if qualified => {
                let parts: Vec<String> = toks.iter().step_by(2).map(|t| self.text(t).to_string()).collect();
                SmolStr::new(parts.join("::"))
            }
            None => {
                self.unsupported("qualified or dependent type names", r);
                return TypeRef::Error;
            }
        };
        if global && self.tags.is_none() {
            // In a body (resolved by the checker, which looks `::S` up in the global namespace
            // only): the leading `::` kept.
            return TypeRef::Named(SmolStr::new(format!("::{name}")));
        }
        if let (true, Some(tags)) = (global, self.tags.as_ref()) {
            // `::S` inside a namespace that declares its own `S`: only the global namespace's.
            if let Some(q) = tags.find_global_typedef(&name) {
                return TypeRef::Named(tags.global_spelling(q));
            }
            // (Not declared yet, or a member of a class a typedef names: as below.)
            if let Some((q, tag)) = tags.find_global_tag(&name) {
                let q = match tag {
                    Tag::Record { .. } => tags.global_spelling(q),
                    Tag::Enum { .. } => q,
                };
                return tag_type_ref(q, tag);
            }
        }
        if let Some(tags) = self.tags.as_ref() {
            // A template parameter hides the typedefs and classes of enclosing scopes.
            let first = name.split("::").next().unwrap_or(&name);
            if tags.template_params.iter().any(|p| p == first) {
                return TypeRef::Named(name);
            }
            // `typename WarpScan::TempStorage` in a class whose member alias `using WarpScan =
            // WarpScan<T, N>;` hides the enclosing namespace's class template `WarpScan`: the
            // alias, found in the closer scope, names the class (CUB's BlockScanRaking), whether
            // the template's member is a class or a typedef (`WarpScan`'s `TempStorage`).
            let alias_closer = |found: &str| {
                name.split_once("::")
                    .is_some_and(|(first, rest)| match tags.find_typedef(first) {
                        Some(alias) => {
                            let found_scope = found.strip_suffix(rest).unwrap_or(found);
                            alias.matches("::").count() >= found_scope.matches("::").count()
                        }
                        None => false,
                    })
            };
            if let Some(q) = tags.find_typedef(&name).filter(|q| !alias_closer(q)) {
                return TypeRef::Named(q);
            }
            if let Some((q, tag)) = tags.find_tag(&name).filter(|(tag, _)| !alias_closer(tag)) {
                return tag_type_ref(q, tag);
            }
            // `alias::type` with `alias` a typedef (`typedef S<T> __match; typename
            // __match::__type`): a member of the class the typedef names.
            if let Some((first, rest)) = name.split_once("::") {
                if let Some(q) = tags.find_typedef(first) {
                    return rest
                        .split("::")
                        .fold(TypeRef::Named(q), |scope, member| TypeRef::Member {
                            scope: Box::new(scope),
                            member: SmolStr::new(member),
                        });
                }
            }
            // An alias template named without arguments (a template template argument,
            // `lazy_trait<it_value_t, It>` inside `thrust::detail`): qualified.
            if let Some(q) = tags.find_alias_template(&name) {
                return TypeRef::Named(q);
            }
        }
        TypeRef::Named(name)
    }
}

/// Whether a (qualified) name node starts with `::`: a name of the global namespace.
pub(super) fn starts_global(node: &SyntaxNode) -> bool {
    node.children_with_tokens()
        .find(|el| !el.kind().is_trivia())
        .is_some_and(|el| el.kind() == SyntaxKind::COLON2)
}

/// The type a class or enumeration tag `q` names.
fn tag_type_ref(q: SmolStr, tag: Tag) -> TypeRef {
    match tag {
        Tag::Record { kind, def } => TypeRef::Record {
            kind,
            name: Some(q),
            def,
        },
        Tag::Enum { def } => TypeRef::Enum { name: Some(q), def },
    }
}
