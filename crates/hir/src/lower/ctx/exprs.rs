//! Expressions: constant expressions outside bodies, the expression spine, literals.

use super::*;

impl Lower<'_> {
    // ---- expressions ----

    /// A constant expression outside a body: its own small arena.
    /// An alignment attribute's argument as an expression of `a` (`alignas(T)` is `alignof(T)`).
    pub(crate) fn align_arg(&mut self, a: &mut Arena, arg: &AlignArg) -> ExprId {
        match arg {
            AlignArg::Expr(e) => self.expr(a, e),
            AlignArg::Type(t) => {
                let r = self.range(t.syntax());
                let ty = self.type_name(t);
                let tid = a.alloc_type(ty, r);
                a.alloc_expr(Expr::AlignofType(tid), r)
            }
        }
    }

    /// [`Lower::align_arg`] as a constant expression of its own.
    pub(crate) fn align_const(&mut self, arg: &AlignArg) -> ConstExpr {
        let mut a = Arena::default();
        let root = self.align_arg(&mut a, arg);
        self.no_lambdas(&a);
        ConstExpr {
            exprs: a.exprs,
            types: a.types,
            root,
        }
    }

    pub fn const_expr(&mut self, e: &ast::Expr) -> ConstExpr {
        let mut a = Arena::default();
        // (Checked by a checker from the enclosing scope: `::std::X` inside `cuda::std` keeps
        // its `::` where that scope has its own `std::X`.)
        let saved = self.tags.as_mut().map(|t| std::mem::replace(&mut t.keep_global, true));
        let root = self.expr(&mut a, e);
        if let (Some(t), Some(s)) = (self.tags.as_mut(), saved) {
            t.keep_global = s;
        }
        self.no_lambdas(&a);
        ConstExpr {
            exprs: a.exprs,
            types: a.types,
            root,
        }
    }

    /// A function declarator's noexcept-specifier (see [`crate::item_tree::FnAttrs::noexcept`]).
    pub fn noexcept_spec(&mut self, f: Option<&ast::FunctionDeclarator>) -> Option<Option<ConstExpr>> {
        let spec = f?.noexcept_spec()?;
        Some(spec.map(|e| self.const_expr(&e)))
    }

    /// Reports lambdas lowered outside a function body (not supported there).
    pub fn no_lambdas(&mut self, a: &Arena) {
        for (_, l, _) in &a.pending_lambdas {
            let r = self.range(l.syntax());
            self.unsupported("lambda expressions outside function bodies", r);
        }
    }

    pub fn missing(&mut self, a: &mut Arena, at: &SyntaxNode) -> ExprId {
        let r = self.range(at);
        a.alloc_expr(Expr::Missing, TextRange::empty(r.end()))
    }

    pub fn expr_opt(&mut self, a: &mut Arena, e: Option<ast::Expr>, parent: &SyntaxNode) -> ExprId {
        match e {
            Some(e) => self.expr(a, &e),
            None => self.missing(a, parent),
        }
    }

    pub fn expr(&mut self, a: &mut Arena, e: &ast::Expr) -> ExprId {
        let r = self.range(e.syntax());
        if !self.enter(r) {
            return a.alloc_expr(Expr::Missing, r);
        }
        // Right-recursive forms (`a = b = ...`, `c ? x : ...`, unary chains) recurse once per
        // level up to MAX_DEPTH; an unoptimized build's frames are large, so grow the stack
        // instead of trusting the thread's size.
        let id = stacker::maybe_grow(64 << 10, 1 << 20, || self.expr_inner(a, e));
        self.leave();
        id
    }

    /// The left operand of left-recursive forms (binary, postfix, calls, members, indexing).
    pub(super) fn spine_left(e: &ast::Expr) -> Option<Option<ast::Expr>> {
        Some(match e {
            ast::Expr::BinExpr(b) => b.lhs(),
            ast::Expr::IndexExpr(x) => x.base(),
            ast::Expr::CallExpr(c) => c.callee(),
            ast::Expr::MemberExpr(m) => m.base(),
            ast::Expr::PostfixExpr(p) => p.expr(),
            ast::Expr::KernelLaunchExpr(k) => k.callee(),
            _ => return None,
        })
    }

    pub(super) fn expr_inner(&mut self, a: &mut Arena, e: &ast::Expr) -> ExprId {
        let r = self.range(e.syntax());
        if Self::spine_left(e).is_some() {
            // Walk down the left spine iteratively, then build upwards: long chains like
            // `a + b + c + ...` or `x[i][j]...` cost no recursion.
            let mut spine = vec![e.clone()];
            let mut left = Self::spine_left(e).flatten();
            while let Some(l) = left.clone() {
                match Self::spine_left(&l) {
                    Some(next) => {
                        spine.push(l);
                        left = next;
                    }
                    None => break,
                }
            }
            let mut acc = match left {
                Some(l) => self.expr(a, &l),
                None => {
                    let last = spine
                        .last()
                        .map(|n| n.syntax().clone())
                        .unwrap_or_else(|| e.syntax().clone());
                    let rr = self.range(&last);
                    a.alloc_expr(Expr::Missing, TextRange::empty(rr.start()))
                }
            };
            for node in spine.iter().rev() {
                acc = self.spine_step(a, node, acc);
            }
            return acc;
        }
        let expr = match e {
            ast::Expr::Literal(l) => Expr::Literal(self.literal(l)),
            ast::Expr::NameRef(n)
                if n.syntax()
                    .first_child()
                    .is_some_and(|c| c.kind() == SyntaxKind::TYPE_NAME_REF) =>
            {
                // `decltype(e)::value` (`decltype(e)::A::v`: `A` a member type).
                let tr = n.syntax().first_child().and_then(ast::TypeNameRef::cast);
                let ids: Vec<SmolStr> = n
                    .syntax()
                    .children_with_tokens()
                    .filter_map(|t| t.into_token())
                    .filter(|t| t.kind() == SyntaxKind::IDENT)
                    .map(|t| self.text(&t))
                    .collect();
                match (tr, ids.split_last()) {
                    (Some(tr), Some((member, path)))
                        if !n.syntax().children().any(|c| c.kind() == SyntaxKind::TEMPLATE_ARGS) =>
                    {
                        let mut scope = self.type_name_ref(&tr);
                        for m in path {
                            scope = TypeRef::Member {
                                scope: Box::new(scope),
                                member: m.clone(),
                            };
                        }
                        let scope = a.alloc_type(scope, r);
                        Expr::ScopedName {
                            scope,
                            member: member.clone(),
                        }
                    }
                    _ => {
                        self.unsupported("this qualified name", r);
                        Expr::Missing
                    }
                }
            }
            ast::Expr::NameRef(n) if n.syntax().children().any(|c| c.kind() == SyntaxKind::TEMPLATE_ARGS) => {
                match self.name_with_args(n.syntax()) {
                    Ok((name, Some(ta))) => {
                        let args = self.template_args_body(a, &ta);
                        // `::f<int>`: the global namespace's template (see `Expr::Name`).
                        let name = if super::type_names::starts_global(n.syntax()) {
                            SmolStr::new(format!("::{name}"))
                        } else {
                            name
                        };
                        Expr::TemplateId { name, args }
                    }
                    _ => match self.scoped_name(n.syntax()) {
                        // `S<int, 8>::member`
                        Some((scope, args, member)) => {
                            let args = self.template_args(&args);
                            // `::S<int>::v`: the global namespace's `S`.
                            let scope = match super::type_names::starts_global(n.syntax()) {
                                true => self.global_value_scope(&scope),
                                false => scope,
                            };
                            let scope = a.alloc_type(TypeRef::Template { name: scope, args }, r);
                            Expr::ScopedName { scope, member }
                        }
                        None if self.scoped_template_id(n.syntax()).is_some() => {
                            // `S<true>::f<4>`, `S<T>::template f<U>`
                            let Some((scope, sargs, member, margs)) = self.scoped_template_id(n.syntax()) else {
                                unreachable!()
                            };
                            let sargs = self.template_args(&sargs);
                            let scope = match super::type_names::starts_global(n.syntax()) {
                                true => self.global_value_scope(&scope),
                                false => scope,
                            };
                            let scope = a.alloc_type(
                                TypeRef::Template {
                                    name: scope,
                                    args: sargs,
                                },
                                r,
                            );
                            let args = self.template_args_body(a, &margs);
                            Expr::ScopedTemplateId { scope, member, args }
                        }
                        None if self.member_template_scoped_name(n.syntax()).is_some() => {
                            // `Outer<int>::Traits<char>::v`, `S<T>::template cls<U>::f`: a
                            // member of a member class template's specialization.
                            let Some((scope, sargs, member, margs, rest)) =
                                self.member_template_scoped_name(n.syntax())
                            else {
                                unreachable!()
                            };
                            let sargs = self.template_args(&sargs);
                            let margs = self.template_args(&margs);
                            let scope = match super::type_names::starts_global(n.syntax()) {
                                true => self.global_value_scope(&scope),
                                false => scope,
                            };
                            let mut ty = TypeRef::MemberTemplate {
                                scope: Box::new(TypeRef::Template {
                                    name: scope,
                                    args: sargs,
                                }),
                                member,
                                args: margs,
                            };
                            let (last, path) = rest.split_last().expect("one name at least");
                            for m in path {
                                ty = TypeRef::Member {
                                    scope: Box::new(ty),
                                    member: m.clone(),
                                };
                            }
                            let scope = a.alloc_type(ty, r);
                            Expr::ScopedName {
                                scope,
                                member: last.clone(),
                            }
                        }
                        None => {
                            self.unsupported("this qualified name", r);
                            Expr::Missing
                        }
                    },
                }
            }
            ast::Expr::NameRef(n)
                if n.syntax()
                    .children_with_tokens()
                    .any(|t| t.kind() == SyntaxKind::OPERATOR_KW) =>
            {
                // `operator[](0)`, `::operator new(n)`.
                self.unsupported("operator functions called by name", r);
                Expr::Missing
            }
            ast::Expr::NameRef(n) => match n.ident() {
                Some(_) if n.is_qualified() => {
                    // `a::b::c`; a leading `::` names the global namespace and is kept (`::g`
                    // inside `ns` is not `ns::g`): the checker looks such a name up there only.
                    let parts: Vec<String> = n
                        .syntax()
                        .children_with_tokens()
                        .filter_map(|t| t.into_token())
                        .filter(|t| t.kind() == SyntaxKind::IDENT)
                        .map(|t| self.text(&t).to_string())
                        .collect();
                    let lead = if super::type_names::starts_global(n.syntax()) {
                        "::"
                    } else {
                        ""
                    };
                    Expr::Name(SmolStr::new(format!("{lead}{}", parts.join("::"))))
                }
                Some(t) => Expr::Name(self.text(&t)),
                None => Expr::Missing,
            },
            ast::Expr::ParenExpr(p) => return self.expr_opt(a, p.expr(), p.syntax()),
            ast::Expr::PrefixExpr(p) => {
                let op = p.op().map(|t| t.kind());
                if op == Some(SyntaxKind::EXTENSION_KW) {
                    return self.expr_opt(a, p.expr(), p.syntax());
                }
                let inner = self.expr_opt(a, p.expr(), p.syntax());
                let op = match op {
                    Some(SyntaxKind::MINUS) => UnaryOp::Neg,
                    Some(SyntaxKind::PLUS) => UnaryOp::Plus,
                    Some(SyntaxKind::TILDE) => UnaryOp::BitNot,
                    Some(SyntaxKind::BANG) => UnaryOp::Not,
                    Some(SyntaxKind::STAR) => UnaryOp::Deref,
                    Some(SyntaxKind::AMP) => UnaryOp::AddrOf,
                    Some(SyntaxKind::PLUS2) => UnaryOp::PreInc,
                    _ => UnaryOp::PreDec,
                };
                Expr::Unary { op, expr: inner }
            }
            ast::Expr::CondExpr(c) => {
                let cond = self.expr_opt(a, c.condition(), c.syntax());
                let then = match c.then_expr() {
                    Some(t) => self.expr(a, &t),
                    None => {
                        self.unsupported("conditional expressions with an omitted operand", r);
                        self.missing(a, c.syntax())
                    }
                };
                let else_ = self.expr_opt(a, c.else_expr(), c.syntax());
                Expr::Cond { cond, then, else_ }
            }
            ast::Expr::FoldExpr(f) => {
                use SyntaxKind::*;
                let op = match f.op().map(|t| t.kind()).unwrap_or(EOF) {
                    PLUS => Some(BinaryOp::Add),
                    MINUS => Some(BinaryOp::Sub),
                    STAR => Some(BinaryOp::Mul),
                    SLASH => Some(BinaryOp::Div),
                    PERCENT => Some(BinaryOp::Rem),
                    SHL => Some(BinaryOp::Shl),
                    SHR => Some(BinaryOp::Shr),
                    AMP => Some(BinaryOp::BitAnd),
                    PIPE => Some(BinaryOp::BitOr),
                    CARET => Some(BinaryOp::BitXor),
                    AMP2 => Some(BinaryOp::LogicAnd),
                    PIPE2 => Some(BinaryOp::LogicOr),
                    LT => Some(BinaryOp::Lt),
                    GT => Some(BinaryOp::Gt),
                    LTEQ => Some(BinaryOp::Le),
                    GTEQ => Some(BinaryOp::Ge),
                    EQ2 => Some(BinaryOp::Eq),
                    NEQ => Some(BinaryOp::Ne),
                    COMMA => Some(BinaryOp::Comma),
                    _ => None,
                };
                let (before, after) = f.operands();
                match op {
                    Some(op) => {
                        let lhs = before.map(|e| self.expr(a, &e));
                        let rhs = after.map(|e| self.expr(a, &e));
                        Expr::Fold { op, lhs, rhs }
                    }
                    None => {
                        self.unsupported("fold expressions over assignment and member-pointer operators", r);
                        Expr::Missing
                    }
                }
            }
            ast::Expr::CastExpr(c) => {
                let ty = match c.type_name() {
                    Some(tn) => {
                        let t = self.type_name(&tn);
                        let tr = self.range(tn.syntax());
                        a.alloc_type(t, tr)
                    }
                    None => a.alloc_type(TypeRef::Error, r),
                };
                let inner = self.expr_opt(a, c.expr(), c.syntax());
                Expr::Cast { ty, expr: inner }
            }
            ast::Expr::SizeofExpr(s)
                if s.syntax()
                    .children_with_tokens()
                    .any(|t| t.kind() == SyntaxKind::ELLIPSIS) =>
            {
                let name = s
                    .syntax()
                    .children()
                    .find(|n| n.kind() == SyntaxKind::NAME_REF)
                    .and_then(|n| {
                        n.children_with_tokens()
                            .filter_map(|t| t.into_token())
                            .find(|t| t.kind() == SyntaxKind::IDENT)
                    })
                    .map(|t| SmolStr::new(self.text(&t)))
                    .unwrap_or_default();
                Expr::SizeofPack(name)
            }
            ast::Expr::SizeofExpr(s) => match s.type_name() {
                Some(tn) => {
                    let t = self.type_name(&tn);
                    let tr = self.range(tn.syntax());
                    Expr::SizeofType(a.alloc_type(t, tr))
                }
                None => Expr::SizeofExpr(self.expr_opt(a, s.expr(), s.syntax())),
            },
            ast::Expr::AlignofExpr(s) => match s.type_name() {
                Some(tn) => {
                    let t = self.type_name(&tn);
                    let tr = self.range(tn.syntax());
                    Expr::AlignofType(a.alloc_type(t, tr))
                }
                None => {
                    self.unsupported("alignof applied to an expression", r);
                    Expr::Missing
                }
            },
            ast::Expr::InitList(l) => {
                let items = self.init_list_items(a, l);
                if items.iter().any(|(d, _)| d.is_some()) {
                    self.unsupported("designators in a braced list used as an expression", r);
                }
                Expr::InitList(Box::new(Initializer::List(items)))
            }
            ast::Expr::FunctionalCastExpr(f) => {
                let t = match f.type_name() {
                    Some(tn) => self.type_name(&tn),
                    None => TypeRef::Error,
                };
                let ty = a.alloc_type(t, r);
                if let Some(l) = f.init_list() {
                    let items = self.init_list_items(a, &l);
                    let args = plain_items(&items);
                    Expr::Construct {
                        ty,
                        args,
                        list: true,
                        init: Some(Box::new(Initializer::List(items))),
                        callee: None,
                    }
                } else {
                    // (`tuple<T&...>(t...)`: pack expansions among the arguments.)
                    let callee = match a.types.get(ty.0 as usize) {
                        Some(TypeRef::Named(n)) if n.contains("::") => Some(a.alloc_expr(Expr::Name(n.clone()), r)),
                        // `X::rank()` at item level with `X` a typedef and a class template
                        // `rank` declared elsewhere: lowered as the member type `X::rank`,
                        // also named as written (the checker calls it when it is a function).
                        Some(TypeRef::Member { .. }) => f
                            .type_name()
                            .and_then(|tn| written_qualified_name(&tn, |t| self.text(t)))
                            .map(|n| a.alloc_expr(Expr::Name(n), r)),
                        // `ns::f<T>(args)` with a class template `f` declared somewhere: the
                        // template-id as an expression too.
                        Some(TypeRef::Template { name, .. }) if name.contains("::") => f
                            .type_name()
                            .and_then(|tn| {
                                tn.syntax()
                                    .descendants()
                                    .find(|n| n.children().any(|c| c.kind() == SyntaxKind::TEMPLATE_ARGS))
                            })
                            .and_then(|node| match self.name_with_args(&node) {
                                Ok((name, Some(ta))) if name.contains("::") => Some((name, ta)),
                                _ => None,
                            })
                            .map(|(name, ta)| {
                                let args = self.template_args_body(a, &ta);
                                a.alloc_expr(Expr::TemplateId { name, args }, r)
                            }),
                        _ => None,
                    };
                    let args = self.args(a, f.arg_list());
                    Expr::Construct {
                        ty,
                        args,
                        list: false,
                        init: None,
                        callee,
                    }
                }
            }
            ast::Expr::ThisExpr(_) => Expr::This,
            ast::Expr::CxxCastExpr(c) => {
                let kw = c.keyword().map(|t| self.text(&t)).unwrap_or_default();
                let t = match c.type_name() {
                    Some(tn) => self.type_name(&tn),
                    None => TypeRef::Error,
                };
                let inner = self.expr_opt(a, c.expr(), c.syntax());
                if kw == "dynamic_cast" {
                    self.unsupported("dynamic_cast", r);
                    Expr::Missing
                } else if let TypeRef::Reference(referent) = t {
                    // `X_cast<T&>(e)` designates `e` reinterpreted as a `T`: `*(T*)&e`.
                    let mut addr = a.alloc_expr(
                        Expr::Unary {
                            op: crate::body::UnaryOp::AddrOf,
                            expr: inner,
                        },
                        r,
                    );
                    if kw == "reinterpret_cast" {
                        // No derived/base adjustment: through `void*`.
                        addr = reinterpret_via_void(a, addr, r);
                    }
                    let pty = a.alloc_type(TypeRef::Pointer(referent), r);
                    let cast = a.alloc_expr(Expr::Cast { ty: pty, expr: addr }, r);
                    Expr::Unary {
                        op: crate::body::UnaryOp::Deref,
                        expr: cast,
                    }
                } else {
                    // static_cast / const_cast / reinterpret_cast to a non-reference type: the
                    // conversions a C-style cast performs.
                    let inner = if kw == "reinterpret_cast" && matches!(t, TypeRef::Pointer(_)) {
                        reinterpret_via_void(a, inner, r)
                    } else {
                        inner
                    };
                    let ty = a.alloc_type(t, r);
                    Expr::Cast { ty, expr: inner }
                }
            }
            ast::Expr::LambdaExpr(l) => {
                let idx = a.lambda_count;
                a.lambda_count += 1;
                let id = a.alloc_expr(Expr::Lambda(idx), r);
                a.pending_lambdas.push((idx, l.clone(), id));
                return id;
            }
            ast::Expr::OffsetofExpr(_) => {
                self.unsupported("offsetof", r);
                Expr::Missing
            }
            ast::Expr::ThrowExpr(_) => {
                self.unsupported("throw expressions", r);
                Expr::Missing
            }
            ast::Expr::NewExpr(n) if n.placement().is_some() => {
                let place = self.args(a, n.placement());
                let t = match n.type_name() {
                    Some(tn) => self.type_name(&tn),
                    None => TypeRef::Error,
                };
                if matches!(t, TypeRef::Array(..)) {
                    self.unsupported("placement new of arrays", r);
                    return a.alloc_expr(Expr::Missing, r);
                }
                let ty = a.alloc_type(t, r);
                let (args, init) = self.new_initializer(a, n.init_list(), n.args());
                Expr::PlacementNew { place, ty, args, init }
            }
            ast::Expr::NewExpr(n) => {
                let Some(tn) = n.type_name() else {
                    return a.alloc_expr(Expr::Missing, r);
                };
                let t = self.type_name(&tn);
                // `new T[n]`: the outermost bound is the declarator's last array derivation, an
                // ordinary (possibly non-constant) expression.
                let (t, len) = match t {
                    TypeRef::Array(elem, size) => {
                        let mut last = None;
                        let mut cur = tn.declarator();
                        while let Some(d) = cur {
                            if let ast::Declarator::ArrayDeclarator(ad) = &d {
                                last = Some(ad.clone());
                            }
                            cur = d.inner();
                        }
                        match (last.and_then(|ad| ad.size()), size) {
                            (Some(e), Some(_)) => (*elem, Some(self.expr(a, &e))),
                            _ => {
                                self.unsupported("new of an array without a bound", r);
                                return a.alloc_expr(Expr::Missing, r);
                            }
                        }
                    }
                    t => (t, None),
                };
                let ty = a.alloc_type(t, r);
                let (args, init) = self.new_initializer(a, n.init_list(), n.args());
                Expr::New {
                    global: n.is_global(),
                    ty,
                    len,
                    args,
                    init,
                }
            }
            ast::Expr::DeleteExpr(d) => {
                let expr = self.expr_opt(a, d.expr(), d.syntax());
                Expr::Delete {
                    global: d.is_global(),
                    array: d.is_array(),
                    expr,
                }
            }
            ast::Expr::NoexceptExpr(n) => Expr::Noexcept(self.expr_opt(a, n.expr(), n.syntax())),
            ast::Expr::TypeTraitExpr(t) => {
                // The trait's spelling, through a macro (`_CCCL_BUILTIN_IS_TRIVIALLY_COPYABLE(T)`
                // expands to `__is_trivially_copyable(T)`): the name token's, not the node's text.
                let name = t
                    .syntax()
                    .children()
                    .find(|n| n.kind() == SyntaxKind::NAME_REF)
                    .and_then(|n| {
                        n.children_with_tokens()
                            .filter_map(|e| e.into_token())
                            .find(|tok| !tok.kind().is_trivia())
                    })
                    .map(|tok| self.text(&tok));
                let list = t.syntax().children().find(|n| n.kind() == SyntaxKind::ARG_LIST);
                match (name, list) {
                    (Some(name), Some(list)) => {
                        // `__is_constructible(T, Args...)`: a pack expansion of a type pattern.
                        let mut written: Vec<(TypeRef, TextRange)> = Vec::new();
                        for el in list.children_with_tokens() {
                            if let Some(tn) = el.as_node().cloned().and_then(ast::TypeName::cast) {
                                written.push((self.type_name(&tn), self.range(tn.syntax())));
                            } else if el.kind() == SyntaxKind::ELLIPSIS {
                                if let Some((ty, _)) = written.last_mut() {
                                    *ty = TypeRef::PackExpansion(Box::new(std::mem::replace(ty, TypeRef::Error)));
                                }
                            }
                        }
                        let args = written.into_iter().map(|(ty, tr)| a.alloc_type(ty, tr)).collect();
                        Expr::TypeTrait { name, args }
                    }
                    _ => {
                        self.unsupported("this compiler type trait", r);
                        Expr::Missing
                    }
                }
            }
            // Spine forms are handled above.
            _ => Expr::Missing,
        };
        a.alloc_expr(expr, r)
    }

    /// The initializer of a new-expression: a braced list (its plain items as the arguments
    /// too), a parenthesized argument list, or none.
    fn new_initializer(
        &mut self,
        a: &mut Arena,
        list: Option<ast::InitList>,
        args: Option<ast::ArgList>,
    ) -> (Option<Vec<ExprId>>, Option<Box<Initializer>>) {
        if let Some(l) = list {
            let items = self.init_list_items(a, &l);
            let args = plain_items(&items);
            (Some(args), Some(Box::new(Initializer::List(items))))
        } else if let Some(al) = args {
            (Some(self.args(a, Some(al))), None)
        } else {
            (None, None)
        }
    }

    pub(super) fn spine_step(&mut self, a: &mut Arena, node: &ast::Expr, left: ExprId) -> ExprId {
        let r = self.range(node.syntax());
        let expr = match node {
            ast::Expr::BinExpr(b) => {
                let rhs = self.expr_opt(a, b.rhs(), b.syntax());
                use SyntaxKind::*;
                let kind = b.op().map(|t| t.kind()).unwrap_or(EOF);
                let bin = |k| {
                    Some(match k {
                        PLUS | PLUS_EQ => BinaryOp::Add,
                        MINUS | MINUS_EQ => BinaryOp::Sub,
                        STAR | STAR_EQ => BinaryOp::Mul,
                        SLASH | SLASH_EQ => BinaryOp::Div,
                        PERCENT | PERCENT_EQ => BinaryOp::Rem,
                        SHL | SHL_EQ => BinaryOp::Shl,
                        SHR | SHR_EQ => BinaryOp::Shr,
                        AMP | AMP_EQ => BinaryOp::BitAnd,
                        PIPE | PIPE_EQ => BinaryOp::BitOr,
                        CARET | CARET_EQ => BinaryOp::BitXor,
                        AMP2 => BinaryOp::LogicAnd,
                        PIPE2 => BinaryOp::LogicOr,
                        LT => BinaryOp::Lt,
                        GT => BinaryOp::Gt,
                        LTEQ => BinaryOp::Le,
                        GTEQ => BinaryOp::Ge,
                        EQ2 => BinaryOp::Eq,
                        NEQ => BinaryOp::Ne,
                        COMMA => BinaryOp::Comma,
                        _ => return None,
                    })
                };
                match kind {
                    EQ => Expr::Assign {
                        op: None,
                        lhs: left,
                        rhs,
                    },
                    STAR_EQ | SLASH_EQ | PERCENT_EQ | PLUS_EQ | MINUS_EQ | SHL_EQ | SHR_EQ | AMP_EQ | CARET_EQ
                    | PIPE_EQ => Expr::Assign {
                        op: bin(kind),
                        lhs: left,
                        rhs,
                    },
                    DOT_STAR | ARROW_STAR => Expr::MemberPointer {
                        base: left,
                        member: rhs,
                        arrow: kind == ARROW_STAR,
                    },
                    _ => match bin(kind) {
                        Some(op) => Expr::Binary { op, lhs: left, rhs },
                        None => {
                            self.unsupported("this binary operator", r);
                            Expr::Missing
                        }
                    },
                }
            }
            ast::Expr::IndexExpr(x) => {
                let index = self.expr_opt(a, x.index(), x.syntax());
                Expr::Index { base: left, index }
            }
            ast::Expr::CallExpr(c) => {
                let args = self.args(a, c.arg_list());
                Expr::Call { callee: left, args }
            }
            ast::Expr::KernelLaunchExpr(k) => {
                let config = match k.config() {
                    Some(cfg) => cfg.args().collect::<Vec<_>>().iter().map(|e| self.expr(a, e)).collect(),
                    None => Vec::new(),
                };
                let args = self.args(a, k.arg_list());
                Expr::KernelLaunch {
                    callee: left,
                    config,
                    args,
                }
            }
            ast::Expr::MemberExpr(m) => {
                let field = match m.field() {
                    // `obj.~T()`, `p->T::~T()`: the destructor `~T`.
                    Some(f) if f.syntax().children_with_tokens().any(|t| t.kind() == SyntaxKind::TILDE) => {
                        let last = f
                            .syntax()
                            .children_with_tokens()
                            .filter_map(|t| t.into_token())
                            .filter(|t| t.kind() == SyntaxKind::IDENT)
                            .last();
                        SmolStr::new(format!("~{}", last.map(|t| self.text(&t)).unwrap_or_default()))
                    }
                    // `obj.Base::member`: kept qualified.
                    Some(f) if f.is_qualified() => SmolStr::new(
                        f.syntax()
                            .children_with_tokens()
                            .filter_map(|t| t.into_token())
                            .filter(|t| matches!(t.kind(), SyntaxKind::IDENT | SyntaxKind::COLON2))
                            .map(|t| self.text(&t).to_string())
                            .collect::<String>(),
                    ),
                    f => f.and_then(|f| f.ident()).map(|t| self.text(&t)).unwrap_or_default(),
                };
                let field_node = m.field();
                match field_node.and_then(|f| f.syntax().children().find_map(ast::TemplateArgs::cast)) {
                    Some(ta) => {
                        let args = self.template_args_body(a, &ta);
                        Expr::MemberTemplate {
                            base: left,
                            field,
                            arrow: m.is_arrow(),
                            args,
                        }
                    }
                    None => Expr::Member {
                        base: left,
                        field,
                        arrow: m.is_arrow(),
                    },
                }
            }
            ast::Expr::PostfixExpr(p) => {
                let op = if p.op().map(|t| t.kind()) == Some(SyntaxKind::PLUS2) {
                    UnaryOp::PostInc
                } else {
                    UnaryOp::PostDec
                };
                Expr::Unary { op, expr: left }
            }
            _ => Expr::Missing,
        };
        a.alloc_expr(expr, r)
    }

    pub(crate) fn args(&mut self, a: &mut Arena, list: Option<ast::ArgList>) -> Vec<ExprId> {
        let Some(list) = list else { return Vec::new() };
        // `pattern...` (a pack expansion) is an argument followed by `...`.
        let mut out: Vec<ExprId> = Vec::new();
        for el in list.syntax().children_with_tokens() {
            match el {
                warpc_syntax::NodeOrToken::Node(n) => {
                    if let Some(e) = ast::Expr::cast(n) {
                        out.push(self.expr(a, &e));
                    }
                }
                warpc_syntax::NodeOrToken::Token(t) if t.kind() == SyntaxKind::ELLIPSIS => {
                    if let Some(last) = out.pop() {
                        let r = self.range(&t.parent().unwrap_or_else(|| list.syntax().clone()));
                        out.push(a.alloc_expr(Expr::PackExpansion(last), r));
                    }
                }
                _ => {}
            }
        }
        out
    }

    pub(crate) fn literal(&mut self, l: &ast::Literal) -> Literal {
        let toks: Vec<_> = l.tokens().collect();
        let r = self.range(l.syntax());
        let Some(first) = toks.first() else {
            return Literal::Bool(false);
        };
        let text = self.text(first);
        let (lit, errors) = match first.kind() {
            SyntaxKind::TRUE_KW => (Literal::Bool(true), Vec::new()),
            SyntaxKind::FALSE_KW => (Literal::Bool(false), Vec::new()),
            SyntaxKind::NULLPTR_KW => (Literal::Nullptr, Vec::new()),
            SyntaxKind::INT_NUMBER => literal::int_literal(&text),
            SyntaxKind::FLOAT_NUMBER => literal::float_literal(&text),
            SyntaxKind::CHAR_LIT => literal::char_literal(&text),
            _ => {
                let texts: Vec<SmolStr> = toks.iter().map(|t| self.text(t)).collect();
                literal::string_literal(texts.iter().map(|s| s.as_str()))
            }
        };
        for e in errors {
            if let Some(what) = e.message.strip_prefix("unsupported: ") {
                self.unsupported(what, r);
            } else if e.warning {
                self.warning("literal", e.message, r);
            } else {
                self.error("literal", e.message, r);
            }
        }
        lit
    }
}

/// `(void*)e`: a reinterpret_cast's operand, so that no derived/base pointer adjustment applies.
pub(super) fn reinterpret_via_void(a: &mut Arena, e: ExprId, r: TextRange) -> ExprId {
    let vp = a.alloc_type(
        TypeRef::Pointer(Box::new(TypeRef::Builtin(crate::body::BuiltinType::Void))),
        r,
    );
    a.alloc_expr(Expr::Cast { ty: vp, expr: e }, r)
}

/// The expressions of a braced list's items without designators or nested braces (the
/// arguments `T{a, b}` passes to a constructor).
fn plain_items(items: &[(Option<crate::body::Designator>, Initializer)]) -> Vec<ExprId> {
    items
        .iter()
        .filter_map(|(d, i)| match (d, i) {
            (None, Initializer::Expr(e)) => Some(*e),
            _ => None,
        })
        .collect()
}

/// The qualified name a type name consists of, as written (`X::rank`, `::ns::X::rank`); `None`
/// when it has anything else (template arguments, keywords).
fn written_qualified_name(tn: &ast::TypeName, text: impl Fn(&SyntaxToken) -> SmolStr) -> Option<SmolStr> {
    let mut out = String::new();
    for t in tn.syntax().descendants_with_tokens().filter_map(|e| e.into_token()) {
        match t.kind() {
            SyntaxKind::IDENT => out.push_str(&text(&t)),
            SyntaxKind::COLON2 => out.push_str("::"),
            k if k.is_trivia() => {}
            _ => return None,
        }
    }
    out.contains("::").then(|| SmolStr::new(out))
}
