//! Record specifiers: definitions, fields, friends, member aliases, static members and
//! member typedefs.

use super::*;

impl Lower<'_> {
    pub(super) fn record_spec(&mut self, rs: &ast::RecordSpec, allow_defs: bool, info: &mut SpecInfo) -> TypeRef {
        let kind = match rs.keyword().map(|t| t.kind()) {
            Some(SyntaxKind::UNION_KW) => RecordKind::Union,
            Some(SyntaxKind::CLASS_KW) => RecordKind::Class,
            _ => RecordKind::Struct,
        };
        let r = self.range(rs.syntax());
        let name = rs.name().and_then(|n| self.name_text(&n));
        let member_of_specialization = rs.name().is_some_and(|n| {
            n.syntax()
                .children_with_tokens()
                .skip_while(|e| e.kind() != SyntaxKind::TEMPLATE_ARGS)
                .any(|e| e.kind() == SyntaxKind::COLON2)
        });
        if member_of_specialization {
            // `class basic_ostream<C, T>::sentry { ... }`.
            self.unsupported("classes nested in class templates defined outside them", r);
            return TypeRef::Error;
        }
        let Some(fields_node) = rs.field_list() else {
            if let (Some(n), Some(tags)) = (&name, self.tags.as_mut()) {
                // A qualified name (`template <class B> friend class ::ns::Tester;`) names a
                // class template declared in its namespace: found below, not declared here.
                let qualified = n.contains("::")
                    && tags.pending_record_template.is_some()
                    && tags.find_tag(n.strip_prefix("::").unwrap_or(n)).is_some();
                if qualified {
                    tags.pending_record_template = None;
                }
                if let Some(template) = tags.pending_record_template.take() {
                    // `template <class T> struct Traits;`: a class template declared without a
                    // definition (specializations may follow; the primary stays incomplete
                    // unless defined later).
                    let q = tags.qualify(n);
                    let idx = tags.records.len() as u32;
                    tags.records.push(RecordItem {
                        kind,
                        name: Some(q.clone()),
                        fields: None,
                        align: None,
                        template: Some(template),
                        specialization: None,
                        bases: Vec::new(),
                        base_access: Vec::new(),
                        restricted_data: false,
                        restricted: Vec::new(),
                        nested: false,
                        friends: Vec::new(),
                        member_of_template: None,
                        member_end: 0,
                        usings: Vec::new(),
                        is_final: false,
                    });
                    tags.record_ranges.push((self.file, r));
                    tags.tags.entry(q.clone()).or_insert(Tag::Record { kind, def: None });
                    info.defined_records.push(idx);
                    info.record_ref = Some((kind, Some(q.clone()), r));
                    return TypeRef::Record {
                        kind,
                        name: Some(q),
                        def: None,
                    };
                }
            }
            let mut name = name;
            let def = match (&name, self.tags.as_mut()) {
                // (`class ::ns::C`: the class of that namespace.)
                (Some(n), Some(tags)) => match tags
                    .find_tag(n)
                    .or_else(|| n.strip_prefix("::").and_then(|g| tags.find_tag(g)))
                {
                    Some((q, Tag::Record { def, .. })) => {
                        name = Some(q);
                        def
                    }
                    Some((_, Tag::Enum { .. })) => None,
                    None => {
                        // `struct Node *next;` in a class declares `Node` in the enclosing
                        // namespace (C++ [basic.scope.pdecl]).
                        let q = tags.qualify(n);
                        tags.tags.insert(q.clone(), Tag::Record { kind, def: None });
                        name = Some(q);
                        None
                    }
                },
                _ => None,
            };
            info.record_ref = Some((kind, name.clone(), r));
            return TypeRef::Record { kind, name, def };
        };
        if allow_defs && self.tags.is_none() && self.local_records.is_some() {
            return self.local_record(rs, &fields_node, kind, name);
        }
        if !allow_defs || self.tags.is_none() {
            self.unsupported("struct or union definitions inside functions", r);
            return TypeRef::Record { kind, name, def: None };
        }
        let idx = {
            let file = self.file;
            let tags = self.tags.as_mut().expect("checked above");
            let name = name.as_ref().map(|n| tags.qualify_member(n));
            let idx = tags.records.len() as u32;
            let template = tags.pending_record_template.take();
            // `template <class T> struct S<T*> { ... }`: a partial specialization (template
            // parameters and specialization arguments).
            let partial = template.is_some()
                && rs
                    .name()
                    .is_some_and(|n| n.syntax().children().any(|c| c.kind() == SyntaxKind::TEMPLATE_ARGS));
            let specialization = if tags.pending_record_specialization || partial {
                tags.pending_record_specialization = false;
                Some(Vec::new())
            } else {
                None
            };
            let is_spec = specialization.is_some();
            // `struct S final { ... }`: the parser keeps `final` as a token of the specifier.
            let is_final = rs
                .syntax()
                .children_with_tokens()
                .any(|e| e.kind() == SyntaxKind::IDENT && e.as_token().is_some_and(|t| t.text() == "final"));
            tags.records.push(RecordItem {
                kind,
                name: name.clone(),
                fields: Some(Vec::new()),
                align: None,
                template,
                specialization,
                bases: Vec::new(),
                restricted_data: false,
                restricted: Vec::new(),
                base_access: Vec::new(),
                friends: Vec::new(),
                nested: false,
                member_of_template: None,
                member_end: 0,
                usings: Vec::new(),
                is_final,
            });
            tags.record_ranges.push((file, r));
            if let Some(n) = &name {
                if !is_spec || !tags.tags.contains_key(n) {
                    tags.tags.insert(n.clone(), Tag::Record { kind, def: Some(idx) });
                }
            }
            idx
        };
        info.defined_records.push(idx);
        let mut explicit_member_spec = false;
        if let Some(tags) = self.tags.as_mut() {
            let nested = !tags.scope_records.is_empty();
            if let Some(rec) = tags.records.get_mut(idx as usize) {
                rec.nested |= nested;
            }
            // A member class template (or a partial specialization of one) of a class template
            // or of a specialization, lowered after its class: a template of each
            // specialization (`sel<true>::cls`, `Builder::register_member_templates`).
            let member_template_of = tags.method_record.filter(|&e| {
                !nested
                    && tags.records.get(e as usize).is_some_and(|e| {
                        e.template.is_some() || e.specialization.is_some() || e.member_of_template.is_some()
                    })
            });
            if let Some(e) = member_template_of {
                let (is_template, explicit_spec) = tags.records.get(idx as usize).map_or((false, false), |ri| {
                    (
                        ri.template.is_some(),
                        ri.template.as_ref().is_none_or(|t| t.is_empty()) && ri.specialization.is_some(),
                    )
                });
                if explicit_spec {
                    explicit_member_spec = true;
                } else if is_template && rs.name().is_some() {
                    if let Some(rec) = tags.records.get_mut(idx as usize) {
                        rec.member_of_template = Some(e);
                        rec.nested = true;
                    }
                }
            }
            // A class nested in a (non-template) class: an item after the enclosing class, so
            // that `Outer::In` is declared even when no member of `Outer` mentions it. Nested
            // classes of class templates are laid out with their enclosing instance.
            let in_template = tags.in_template_record();
            if nested && !in_template {
                let file = self.file;
                tags.pending_members
                    .push((crate::item_tree::Item::Record(idx), file, r));
            }
            if nested && in_template && rs.name().is_some() {
                // A class nested in a class template, directly or in its nested classes, is laid
                // out with each specialization (`Outer<int>::In`, `Outer<int>::In::Deep`); a
                // member class template (and its partial specializations) is a template of each
                // specialization (`sel<true>::cls`, `Check::register_member_templates`).
                let enclosing = tags.record_stack.last().copied();
                let direct = enclosing.and_then(|e| tags.records.get(e as usize)).is_some_and(|e| {
                    e.template.is_some() || e.specialization.is_some() || e.member_of_template.is_some()
                });
                let explicit_spec = tags
                    .records
                    .get(idx as usize)
                    .is_some_and(|ri| ri.template.as_ref().is_none_or(|t| t.is_empty()) && ri.specialization.is_some());
                if explicit_spec {
                    self.unsupported("explicit specializations of member class templates", r);
                } else if !direct {
                    self.unsupported("classes nested in classes nested in class templates", r);
                } else if let Some(rec) = tags.records.get_mut(idx as usize) {
                    rec.member_of_template = enclosing;
                }
            }
        }
        if explicit_member_spec {
            self.unsupported("explicit specializations of member class templates", r);
        }
        if self
            .tags
            .as_ref()
            .and_then(|t| t.records.get(idx as usize))
            .is_some_and(|r| r.specialization.is_some())
        {
            let args = rs
                .name()
                .and_then(|n| n.syntax().children().find_map(ast::TemplateArgs::cast))
                .map(|ta| self.template_args(&ta))
                .unwrap_or_default();
            if let Some(rec) = self.tags.as_mut().and_then(|t| t.records.get_mut(idx as usize)) {
                rec.specialization = Some(args);
            }
        }
        // Attributes inside the record specifier (`struct __align__(16) S { ... }`).
        let mut inner = SpecInfo {
            defined_records: vec![idx],
            ..info.clone()
        };
        for attr in rs.attributes() {
            self.attribute(&attr, &mut inner, true);
        }
        let qname = name
            .as_ref()
            .map(|n| self.tags.as_ref().map_or(n.clone(), |t| t.qualify_member(n)));
        let mut bases = Vec::new();
        let mut base_access = Vec::new();
        for b in rs.bases() {
            let br = self.range(b.syntax());
            if b.is_virtual() {
                self.unsupported("virtual base classes", br);
                continue;
            }
            if let Some(tn) = b.type_name() {
                // `: Leaf<I, T>...`: one base per element, expanded with each instance.
                let ty = self.type_name(&tn);
                bases.push(if b.is_pack_expansion() {
                    TypeRef::PackExpansion(Box::new(ty))
                } else {
                    ty
                });
                // `class D : B` inherits privately, `struct D : B` publicly.
                let written = b
                    .syntax()
                    .children_with_tokens()
                    .filter_map(|t| t.into_token())
                    .find_map(|t| match t.kind() {
                        SyntaxKind::PUBLIC_KW => Some(crate::ty::Access::Public),
                        SyntaxKind::PROTECTED_KW => Some(crate::ty::Access::Protected),
                        SyntaxKind::PRIVATE_KW => Some(crate::ty::Access::Private),
                        _ => None,
                    });
                let default = if kind == RecordKind::Class {
                    crate::ty::Access::Private
                } else {
                    crate::ty::Access::Public
                };
                base_access.push(written.unwrap_or(default));
            }
        }
        // Members under `private:`/`protected:` (a `class` starts private).
        let mut restricted = kind == RecordKind::Class;
        let mut protected = false;
        let mut restricted_data = false;
        let mut access: Vec<(SmolStr, Option<bool>)> = Vec::new();
        for el in fields_node.syntax().children_with_tokens() {
            match el {
                warpc_syntax::NodeOrToken::Token(t) => match t.kind() {
                    SyntaxKind::PUBLIC_KW => restricted = false,
                    SyntaxKind::PRIVATE_KW | SyntaxKind::PROTECTED_KW => {
                        restricted = true;
                        protected = t.kind() == SyntaxKind::PROTECTED_KW;
                    }
                    _ => {}
                },
                warpc_syntax::NodeOrToken::Node(n) => {
                    if is_friend_decl(&n) {
                        // Friends are not members.
                        continue;
                    }
                    if let Some(name) = ast::UsingDecl::cast(n.clone()).and_then(|u| self.member_using_name(&u)) {
                        // A using-declaration's members have its access here.
                        let level = restricted.then_some(protected);
                        match access.iter_mut().find(|(n, _)| *n == name) {
                            Some(e) if e.1 != level => e.1 = None,
                            Some(_) => {}
                            None => access.push((name, level)),
                        }
                        continue;
                    }
                    let declarators: Vec<ast::Declarator> =
                        match (ast::Declaration::cast(n.clone()), ast::FunctionDef::cast(n)) {
                            (Some(d), _) => {
                                let is_fn = d
                                    .init_declarators()
                                    .any(|id| id.declarator().and_then(|d| d.own_function()).is_some());
                                let is_static = d
                                    .syntax()
                                    .descendants_with_tokens()
                                    .any(|t| t.kind() == SyntaxKind::STATIC_KW);
                                if restricted && !is_fn && !is_static {
                                    restricted_data = true;
                                }
                                d.init_declarators().filter_map(|id| id.declarator()).collect()
                            }
                            (None, Some(f)) => f.declarator().into_iter().collect(),
                            _ => Vec::new(),
                        };
                    for d in declarators {
                        let Some(name) = d
                            .name()
                            .and_then(|n| n.ident())
                            .filter(|t| t.kind() == SyntaxKind::IDENT)
                        else {
                            continue;
                        };
                        let name = self.text(&name);
                        let level = restricted.then_some(protected);
                        match access.iter_mut().find(|(n, _)| *n == name) {
                            // Declared under two access levels (overloads): not checked.
                            Some(e) if e.1 != level => e.1 = None,
                            Some(_) => {}
                            None => access.push((name, level)),
                        }
                    }
                }
            }
        }
        let restricted: Vec<(SmolStr, bool)> = access.into_iter().filter_map(|(n, l)| l.map(|p| (n, p))).collect();
        if let Some(rec) = self.tags.as_mut().and_then(|t| t.records.get_mut(idx as usize)) {
            rec.bases = bases;
            rec.base_access = base_access;
            rec.restricted_data = restricted_data;
            rec.restricted = restricted;
        }
        if let (Some(q), Some(tags)) = (&qname, self.tags.as_mut()) {
            tags.scope_records.push(q.clone());
            tags.record_stack.push(idx);
        }
        let fields = self.fields(&fields_node, idx, qname.clone());
        if let (Some(_), Some(tags)) = (&qname, self.tags.as_mut()) {
            tags.scope_records.pop();
            tags.record_stack.pop();
        }
        let name = qname;
        if let Some(tags) = self.tags.as_mut() {
            let end = tags.pending_members.len() as u32;
            if let Some(rec) = tags.records.get_mut(idx as usize) {
                rec.fields = Some(fields);
                if rec.member_of_template.is_some() {
                    tags.pending_member_ends.push((idx, end));
                }
            }
        }
        TypeRef::Record {
            kind,
            name,
            def: Some(idx),
        }
    }

    /// A class defined in a function body: its data members as written (resolved per
    /// instance of the function by the body checker). Member functions, static members,
    /// nested types other than anonymous members, bases and bit-fields are unsupported.
    fn local_record(
        &mut self,
        rs: &ast::RecordSpec,
        list: &ast::FieldList,
        kind: RecordKind,
        name: Option<SmolStr>,
    ) -> TypeRef {
        let mut attrs = self.specs(None, false);
        for attr in rs.attributes() {
            self.attribute(&attr, &mut attrs, true);
        }
        let align = attrs.align_exprs.iter().map(|e| self.align_const(e)).collect();
        let mut bases = Vec::new();
        for b in rs.bases() {
            let r = self.range(b.syntax());
            // Public bases only (a local `class` inherits privately by default).
            let restricted = b
                .syntax()
                .children_with_tokens()
                .filter_map(|t| t.into_token())
                .any(|t| matches!(t.kind(), SyntaxKind::PROTECTED_KW | SyntaxKind::PRIVATE_KW));
            let public = b
                .syntax()
                .children_with_tokens()
                .filter_map(|t| t.into_token())
                .any(|t| t.kind() == SyntaxKind::PUBLIC_KW);
            if b.is_virtual() || b.is_pack_expansion() || restricted || (kind == RecordKind::Class && !public) {
                self.unsupported("virtual, private, protected and pack bases of local classes", r);
                continue;
            }
            match b.type_name() {
                Some(tn) => bases.push(self.type_name(&tn)),
                None => self.unsupported("base classes of local classes written this way", r),
            }
        }
        let mut fields = Vec::new();
        for member in list.members() {
            let r = self.range(member.syntax());
            match member {
                ast::Item::Declaration(d) => {
                    let declares_fn = d
                        .init_declarators()
                        .any(|id| id.declarator().and_then(|d| d.own_function()).is_some());
                    if declares_fn || is_friend_decl(d.syntax()) {
                        self.unsupported("member functions of local classes", r);
                        continue;
                    }
                    let specs = self.specs(d.decl_specs().as_ref(), true);
                    if let Some((what, r)) = specs.unsupported {
                        self.unsupported(what, r);
                        continue;
                    }
                    if specs.storage != StorageClass::None {
                        self.unsupported("static members and typedefs of local classes", r);
                        continue;
                    }
                    let inits: Vec<_> = d.init_declarators().collect();
                    if inits.is_empty() {
                        // An anonymous struct/union member (a named nested class is a type
                        // member, unsupported).
                        match &specs.base {
                            TypeRef::Local(i) => {
                                let anonymous = self
                                    .local_records
                                    .as_ref()
                                    .and_then(|l| l.get(*i as usize))
                                    .is_some_and(|l| l.name.is_none());
                                if anonymous {
                                    let align = specs.align_exprs.iter().map(|e| self.align_const(e)).collect();
                                    fields.push(crate::body::LocalField {
                                        name: None,
                                        ty: specs.ty(),
                                        align,
                                    });
                                } else {
                                    self.unsupported("classes nested in local classes", r);
                                }
                            }
                            _ if !specs.defined_enums.is_empty() => {
                                self.unsupported("enumerations nested in local classes", r)
                            }
                            _ => {}
                        }
                        continue;
                    }
                    for id in inits {
                        let ir = self.range(id.syntax());
                        if id.bit_width().is_some() {
                            self.unsupported("bit-fields of local classes", ir);
                            continue;
                        }
                        let declared = self.declarator(specs.ty(), id.declarator());
                        if has_reference(&declared.ty) {
                            self.unsupported("reference members of local classes", ir);
                            continue;
                        }
                        if id.initializer().is_some() || id.paren_args().is_some() {
                            self.unsupported("default member initializers of local classes", ir);
                            continue;
                        }
                        let Some(name) = declared.name else { continue };
                        let mut member_specs = specs.clone();
                        for attr in id.attributes() {
                            self.attribute(&attr, &mut member_specs, false);
                        }
                        let align = member_specs.align_exprs.iter().map(|e| self.align_const(e)).collect();
                        fields.push(crate::body::LocalField {
                            name: Some(name),
                            ty: declared.ty,
                            align,
                        });
                    }
                }
                ast::Item::EmptyDecl(_) | ast::Item::PragmaStmt(_) | ast::Item::ErrorNode(_) => {}
                ast::Item::StaticAssertDecl(_) => self.unsupported("static_assert in local classes", r),
                ast::Item::FunctionDef(_) | ast::Item::TemplateDecl(_) => {
                    self.unsupported("member functions of local classes", r)
                }
                _ => self.unsupported("members of this kind in local classes", r),
            }
        }
        let Some(list) = self.local_records.as_mut() else {
            return TypeRef::Error;
        };
        list.push(crate::body::LocalRecordDef {
            kind,
            name,
            fields,
            align,
            bases,
        });
        TypeRef::Local(list.len() as u32 - 1)
    }

    pub(super) fn fields(
        &mut self,
        list: &ast::FieldList,
        record: u32,
        record_name: Option<SmolStr>,
    ) -> Vec<FieldItem> {
        let mut out = Vec::new();
        for member in list.members() {
            let r = self.range(member.syntax());
            if is_friend_decl(member.syntax()) {
                self.friend_decl(&member, record, record_name.as_ref(), r);
                continue;
            }
            match member {
                ast::Item::Declaration(d) => {
                    let declares_fn = d
                        .init_declarators()
                        .any(|id| id.declarator().and_then(|d| d.own_function()).is_some());
                    if declares_fn {
                        // Member function declarations become items after the record.
                        match (&record_name, self.tags.as_mut()) {
                            (Some(rn), Some(tags)) => {
                                let pos = tags.pending_members.len() as u32;
                                tags.pending_methods.push((d.syntax().clone(), record, rn.clone(), pos))
                            }
                            _ => self.unsupported("member functions of unnamed classes", r),
                        }
                        continue;
                    }
                    let specs = self.specs(d.decl_specs().as_ref(), true);
                    if let Some((what, r)) = specs.unsupported {
                        self.unsupported(what, r);
                    }
                    // A nested enumeration: an item after the record (its enumerators are
                    // members of the class).
                    let file = self.file;
                    if let Some(tags) = self.tags.as_mut().filter(|t| !t.in_template_record()) {
                        for &e in &specs.defined_enums {
                            tags.pending_members.push((crate::item_tree::Item::Enum(e), file, r));
                        }
                    }
                    match specs.storage {
                        StorageClass::None => {}
                        StorageClass::Typedef | StorageClass::Static => {
                            self.static_members(&d, &specs, record, record_name.as_ref(), r);
                            continue;
                        }
                        _ => self.unsupported("storage classes on members", r),
                    }
                    let inits: Vec<_> = d.init_declarators().collect();
                    if inits.is_empty() {
                        // An anonymous struct/union member.
                        if let (TypeRef::Record { name: None, .. }, Some(_)) =
                            (&specs.base, specs.defined_records.last())
                        {
                            let align = specs.align_exprs.iter().map(|e| self.align_const(e)).collect();
                            out.push(FieldItem {
                                name: None,
                                ty: specs.ty(),
                                bit_width: None,
                                align,
                                init: None,
                            });
                        }
                        continue;
                    }
                    for id in inits {
                        let declared = self.declarator(specs.ty(), id.declarator());
                        if matches!(declared.ty, TypeRef::Function { .. }) {
                            self.unsupported("member functions", self.range(id.syntax()));
                            continue;
                        }
                        // A reference member (`T& r;`, `T&& r;`) is laid out as a pointer; a
                        // reference inside another declarator (`T&* p`) is ill-formed or exotic.
                        if has_reference(&declared.ty) && !is_top_reference(&declared.ty) {
                            self.unsupported("references", self.range(id.syntax()));
                        }
                        let bit_width = id.bit_width().map(|w| self.const_expr(&w));
                        if declared.name.is_none() && bit_width.is_none() {
                            continue;
                        }
                        // A default member initializer: constructors without a mem-initializer
                        // for the member, the implicit default constructor and aggregate
                        // initialization run it (checked there, in the class's scope).
                        let ir = self.range(id.syntax());
                        let init = match id.initializer() {
                            Some(_) if record_name.is_none() => {
                                self.unsupported("default member initializers in unnamed classes", ir);
                                None
                            }
                            Some(e) => Some(self.global_init(&e, ir)),
                            None => None,
                        };
                        let mut member_specs = specs.clone();
                        for attr in id.attributes() {
                            self.attribute(&attr, &mut member_specs, false);
                        }
                        let align = member_specs.align_exprs.iter().map(|e| self.align_const(e)).collect();
                        out.push(FieldItem {
                            name: declared.name,
                            ty: declared.ty,
                            bit_width,
                            align,
                            init,
                        });
                    }
                }
                ast::Item::FunctionDef(f) => match (&record_name, self.tags.as_mut()) {
                    (Some(rn), Some(tags)) => {
                        let pos = tags.pending_members.len() as u32;
                        tags.pending_methods.push((f.syntax().clone(), record, rn.clone(), pos))
                    }
                    _ => self.unsupported("member functions of unnamed classes", r),
                },
                ast::Item::EmptyDecl(_) | ast::Item::PragmaStmt(_) | ast::Item::ErrorNode(_) => {}
                ast::Item::AsmStmt(_) => self.unsupported("asm in records", r),
                ast::Item::TemplateDecl(t) => match (&record_name, self.tags.as_mut()) {
                    (Some(rn), Some(tags)) => {
                        let pos = tags.pending_members.len() as u32;
                        tags.pending_methods.push((t.syntax().clone(), record, rn.clone(), pos))
                    }
                    _ => self.unsupported("member templates of unnamed classes", r),
                },
                ast::Item::UsingDecl(u) => match (self.alias_decl_defining(&u, defines_type(u.syntax())), &record_name)
                {
                    // `using value_type = T;` (or `using token = struct {};`, which defines the
                    // class it names)
                    (Some((name, ty, specs)), Some(rn)) => {
                        let q = SmolStr::new(format!("{rn}::{name}"));
                        let file = self.file;
                        if let Some(tags) = self.tags.as_mut() {
                            if !tags.in_template_record() {
                                for &e in specs.iter().flat_map(|s| s.defined_enums.iter()) {
                                    tags.pending_members.push((crate::item_tree::Item::Enum(e), file, r));
                                }
                            }
                            tags.typedefs.insert(q.clone());
                            tags.pending_members.push((
                                crate::item_tree::Item::MemberTypedef { record, name: q, ty },
                                file,
                                r,
                            ));
                        }
                    }
                    (Some(_), None) => self.unsupported("member typedefs of unnamed classes", r),
                    (None, _) => self.member_using(&u, record, r),
                },
                ast::Item::StaticAssertDecl(sa) => {
                    let (cond, message) = self.static_assert_args(&sa);
                    let file = self.file;
                    if let Some(tags) = self.tags.as_mut() {
                        tags.pending_members.push((
                            crate::item_tree::Item::MemberStaticAssert { record, cond, message },
                            file,
                            r,
                        ));
                    }
                }
                ast::Item::NamespaceDef(_) | ast::Item::LinkageSpec(_) => {
                    self.error("syntax", "expected a member declaration", r)
                }
            }
        }
        if list.access_specifiers().next().is_some() {
            // Harmless in a C-style struct; classes are already reported.
        }
        out
    }

    /// A `friend` declaration in class `record`: records the friend's qualified name in the
    /// class; a friend function of the namespace is also declared (or defined) there, after
    /// the class.
    pub(super) fn friend_decl(&mut self, member: &ast::Item, record: u32, record_name: Option<&SmolStr>, r: TextRange) {
        let mut names: Vec<SmolStr> = Vec::new();
        let mut declare = false;
        // A friend function defined in a class template (or a specialization, or a class
        // nested in one): a hidden friend per specialization, declared with it.
        let mut per_specialization = false;
        // A friend function template defined in the class (not only declared).
        let mut defined = false;
        match member {
            ast::Item::Declaration(d) if d.init_declarators().next().is_none() => {
                // `friend class X;`, `friend struct ns::X;`, `friend X;`.
                let specs = self.specs(d.decl_specs().as_ref(), false);
                let name = match (&specs.record_ref, &specs.base) {
                    (Some((_, Some(n), _)), _) => Some(n.clone()),
                    (_, TypeRef::Record { name: Some(n), .. }) => Some(n.clone()),
                    (_, TypeRef::Named(n)) => Some(
                        self.tags
                            .as_ref()
                            .and_then(|t| t.find_tag(n))
                            .map_or(n.clone(), |(q, _)| q),
                    ),
                    _ => None,
                };
                match name {
                    Some(n) => names.push(n),
                    None => self.unsupported("this friend declaration", r),
                }
            }
            ast::Item::Declaration(d) => {
                for id in d.init_declarators() {
                    let fn_decl = id.declarator().and_then(|d| d.own_function()).is_some();
                    let Some(name) = id.declarator().and_then(|d| d.name()).and_then(|n| self.name_text(&n)) else {
                        continue;
                    };
                    if !fn_decl {
                        self.error("syntax", "a friend declaration must declare a function or a class", r);
                        return;
                    }
                    names.push(self.friend_name(&name));
                    declare |= !name.contains("::");
                }
                // A friend function only declared in a class template is declared in the
                // namespace when the class is instantiated, and found by argument-dependent
                // lookup only: warpc leaves it to the namespace's own declaration. (Its
                // signature may name a specialization declared later, `friend tile<1, void>
                // this_thread();` of cooperative_groups.h, which must not be instantiated here.)
                if self.tags.as_ref().is_some_and(|t| t.in_template_record()) {
                    declare = false;
                }
            }
            ast::Item::FunctionDef(f) => {
                let Some(name) = f.declarator().and_then(|d| d.name()).and_then(|n| self.name_text(&n)) else {
                    return;
                };
                if name.contains("::") {
                    self.error("syntax", "a qualified friend function cannot be defined in a class", r);
                    return;
                }
                names.push(self.friend_name(&name));
                declare = true;
                per_specialization = self.tags.as_ref().is_some_and(|t| {
                    t.records.get(record as usize).is_some_and(|r| {
                        r.template.is_some() || r.specialization.is_some() || r.member_of_template.is_some()
                    })
                });
            }
            ast::Item::TemplateDecl(t) => {
                // A friend template ([temp.friend]): `template <class U> friend class C;` or a
                // friend function template (declared or defined here). The template is a member
                // of the innermost enclosing namespace; the class befriends all its
                // specializations.
                match t.item() {
                    Some(ast::Item::Declaration(d)) if d.init_declarators().next().is_none() => {
                        let specs = self.specs(d.decl_specs().as_ref(), false);
                        let name = match (&specs.record_ref, &specs.base) {
                            (Some((_, Some(n), _)), _) => Some(n.clone()),
                            (_, TypeRef::Record { name: Some(n), .. }) => Some(n.clone()),
                            (_, TypeRef::Named(n)) => Some(n.clone()),
                            _ => None,
                        };
                        let Some(name) = name else {
                            self.unsupported("this friend declaration", r);
                            return;
                        };
                        // The class template is named as its specializations' base name.
                        let name = name.strip_prefix("::").unwrap_or(&name);
                        let name = SmolStr::new(name.split('<').next().unwrap_or(name));
                        let name = if name.contains("::") {
                            name
                        } else {
                            self.tags.as_ref().map_or(name.clone(), |t| t.qualify(&name))
                        };
                        names.push(name);
                    }
                    Some(ast::Item::Declaration(d)) => {
                        for id in d.init_declarators() {
                            let fn_decl = id.declarator().and_then(|d| d.own_function()).is_some();
                            let Some(name) = id.declarator().and_then(|d| d.name()).and_then(|n| self.name_text(&n))
                            else {
                                continue;
                            };
                            if !fn_decl {
                                self.error("syntax", "a friend declaration must declare a function or a class", r);
                                return;
                            }
                            names.push(self.friend_name(&name));
                            declare |= !name.contains("::");
                        }
                    }
                    Some(ast::Item::FunctionDef(f)) => {
                        let Some(name) = f.declarator().and_then(|d| d.name()).and_then(|n| self.name_text(&n)) else {
                            return;
                        };
                        if name.contains("::") {
                            self.error("syntax", "a qualified friend function cannot be defined in a class", r);
                            return;
                        }
                        names.push(self.friend_name(&name));
                        declare = true;
                        defined = true;
                    }
                    _ => {
                        self.unsupported("this friend template", r);
                        return;
                    }
                }
                // A friend function template of a class template is a template per
                // specialization of the class, found only by argument-dependent lookup. One
                // defined in the class is declared with each specialization (its signature and
                // body name the class's parameters); one only declared here is left to the
                // namespace's own declaration (access is granted).
                if self.tags.as_ref().is_some_and(|t| t.in_template_record()) {
                    declare &= defined;
                    per_specialization = defined;
                }
            }
            _ => {
                self.unsupported("this friend declaration", r);
                return;
            }
        }
        let Some(tags) = self.tags.as_mut() else { return };
        if let Some(rec) = tags.records.get_mut(record as usize) {
            for n in names {
                if !rec.friends.contains(&n) {
                    rec.friends.push(n);
                }
            }
        }
        if declare {
            match record_name {
                Some(rn) => {
                    let ns = tags.ns.clone();
                    let rec = per_specialization.then_some(record);
                    tags.pending_friends
                        .push((member.syntax().clone(), rn.clone(), ns, rec));
                }
                None => self.unsupported("friend functions of unnamed classes", r),
            }
        }
    }

    /// The qualified name a friend declaration's declarator-id denotes: an unqualified name is
    /// a member of the innermost enclosing namespace, `C::f` a member of class `C`.
    pub(super) fn friend_name(&self, name: &SmolStr) -> SmolStr {
        let Some(tags) = self.tags.as_ref() else {
            return name.clone();
        };
        match name.rsplit_once("::") {
            None => tags.qualify(name),
            Some((prefix, last)) => match tags.find_tag(prefix) {
                Some((q, _)) => SmolStr::new(format!("{q}::{last}")),
                None => name.clone(),
            },
        }
    }

    /// The member a member using-declaration names (`using Base::f;` -> `f`, `using
    /// Base::operator=;` -> `operator=`), without lowering anything.
    pub(super) fn member_using_name(&self, u: &ast::UsingDecl) -> Option<SmolStr> {
        let tn = u.syntax().children().find_map(ast::TypeName::cast)?;
        // Direct tokens before and after the name, in order (ranges may be zero-width in a
        // macro expansion).
        let (mut before, mut after) = (Vec::new(), Vec::new());
        let mut passed = false;
        for el in u.syntax().children_with_tokens() {
            match el {
                warpc_syntax::NodeOrToken::Node(n) if n.kind() == SyntaxKind::TYPE_NAME => passed = true,
                warpc_syntax::NodeOrToken::Token(t) if !t.kind().is_trivia() => {
                    if passed {
                        after.push(t)
                    } else {
                        before.push(t)
                    }
                }
                _ => {}
            }
        }
        if before.iter().any(|t| t.kind() == SyntaxKind::EQ) {
            // `using name = type;`
            return None;
        }
        if after.first().is_some_and(|t| t.kind() == SyntaxKind::COLON2)
            && after.get(1).is_some_and(|t| t.kind() == SyntaxKind::OPERATOR_KW)
        {
            let mut name = String::from("operator");
            for t in &after[2..] {
                if t.kind() == SyntaxKind::SEMICOLON {
                    break;
                }
                name.push_str(&self.text(t));
            }
            return Some(SmolStr::new(name));
        }
        if after.len() != 1 || after[0].kind() != SyntaxKind::SEMICOLON {
            return None;
        }
        let last = tn
            .syntax()
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| !t.kind().is_trivia())
            .last()?;
        (last.kind() == SyntaxKind::IDENT).then(|| self.text(&last))
    }

    /// `using Scope::name;` in class `record`: recorded with the class (the def map resolves
    /// the scope, a base class, and the members it names).
    fn member_using(&mut self, u: &ast::UsingDecl, record: u32, r: TextRange) {
        let Some(tn) = u.syntax().children().find_map(ast::TypeName::cast) else {
            self.unsupported("using declarations", r);
            return;
        };
        let Some(name) = self.member_using_name(u) else {
            self.unsupported("using declarations", r);
            return;
        };
        let full = self.type_name(&tn);
        let last_of = |n: &str| -> SmolStr {
            let n = n.split('<').next().unwrap_or(n);
            SmolStr::new(n.rsplit("::").next().unwrap_or(n))
        };
        let (scope, written) = if name.starts_with("operator") {
            let w = match &full {
                TypeRef::Named(n) | TypeRef::Template { name: n, .. } => last_of(n),
                TypeRef::Record { name: Some(n), .. } => last_of(n),
                TypeRef::Member { member, .. } => member.clone(),
                _ => SmolStr::default(),
            };
            (full, w)
        } else {
            match full {
                TypeRef::Member { scope, member } if member == name => {
                    let w = match &*scope {
                        TypeRef::Named(n) | TypeRef::Template { name: n, .. } => last_of(n),
                        TypeRef::Record { name: Some(n), .. } => last_of(n),
                        TypeRef::Member { member, .. } => member.clone(),
                        _ => SmolStr::default(),
                    };
                    (*scope, w)
                }
                TypeRef::Named(q) | TypeRef::Record { name: Some(q), .. } if q.ends_with(&format!("::{name}")) => {
                    // Lowered as one qualified name: look the scope up again.
                    let prefix = &q[..q.len() - name.len() - 2];
                    let tags = self.tags.as_ref();
                    let scope = match (
                        tags.and_then(|t| t.find_typedef(prefix)),
                        tags.and_then(|t| t.find_tag(prefix)),
                    ) {
                        (Some(q), _) => TypeRef::Named(q),
                        (None, Some((q, Tag::Record { kind, def }))) => TypeRef::Record {
                            kind,
                            name: Some(q),
                            def,
                        },
                        _ => TypeRef::Named(SmolStr::new(prefix)),
                    };
                    (scope, last_of(prefix))
                }
                TypeRef::Error => return,
                _ => {
                    self.unsupported("this using declaration", r);
                    return;
                }
            }
        };
        let ctor = written == name;
        if let Some(rec) = self.tags.as_mut().and_then(|t| t.records.get_mut(record as usize)) {
            rec.usings.push(crate::item_tree::MemberUsingItem { scope, name, ctor });
        }
    }

    /// `using name = type;`: the name and the type (`None` for other using declarations).
    pub fn alias_decl(&mut self, u: &ast::UsingDecl) -> Option<(SmolStr, TypeRef)> {
        self.alias_decl_defining(u, false).map(|(n, t, _)| (n, t))
    }

    /// `using name = type;`; with `allow_defs` (at namespace scope) the type may define an
    /// enumeration or class (`using memory_order = enum memory_order { ... };`), whose
    /// definitions are in the returned specifiers.
    pub fn alias_decl_defining(
        &mut self,
        u: &ast::UsingDecl,
        allow_defs: bool,
    ) -> Option<(SmolStr, TypeRef, Option<SpecInfo>)> {
        let tn = u.syntax().children().find_map(ast::TypeName::cast)?;
        let name = u
            .syntax()
            .children_with_tokens()
            .filter_map(|t| t.into_token())
            .find(|t| t.kind() == SyntaxKind::IDENT)
            .map(|t| self.text(&t))?;
        let (ty, specs) = if allow_defs {
            let specs = self.specs(tn.decl_specs().as_ref(), true);
            if let Some((what, r)) = specs.unsupported {
                self.unsupported(what, r);
            }
            let ty = self.declarator(specs.ty(), tn.declarator()).ty;
            (ty, Some(specs))
        } else {
            (self.type_name(&tn), None)
        };
        // (`using type = _Tp&&;` is an rvalue reference.)
        if has_reference(&ty) && !is_top_reference(&ty) {
            let r = self.range(tn.syntax());
            self.unsupported("references", r);
            return Some((name, TypeRef::Error, specs));
        }
        Some((name, ty, specs))
    }

    /// `typedef T name;` and `static T name = init;` inside record `record`: member typedefs and
    /// static data members, items after the record named with it (`S::name`).
    pub(super) fn static_members(
        &mut self,
        d: &ast::Declaration,
        specs: &SpecInfo,
        record: u32,
        record_name: Option<&SmolStr>,
        r: TextRange,
    ) {
        use crate::item_tree::{Item, VarItem};
        let Some(rn) = record_name.cloned() else {
            self.unsupported("static members of unnamed classes", r);
            return;
        };
        let file = self.file;
        for id in d.init_declarators() {
            let ir = self.range(id.syntax());
            let declared = self.declarator(specs.ty(), id.declarator());
            let Some(name) = declared.name.clone() else { continue };
            let q = SmolStr::new(format!("{rn}::{name}"));
            if specs.storage == StorageClass::Typedef {
                if id.has_eq() {
                    self.error("syntax", "a typedef may not have an initializer", ir);
                }
                if let Some(tags) = self.tags.as_mut() {
                    tags.typedefs.insert(q.clone());
                    tags.pending_members.push((
                        Item::MemberTypedef {
                            record,
                            name: q,
                            ty: declared.ty,
                        },
                        file,
                        ir,
                    ));
                }
                continue;
            }
            if has_reference(&declared.ty) {
                self.unsupported("references", ir);
                continue;
            }
            let init = id.initializer().map(|e| self.global_init(&e, ir));
            let ty = if specs.is_constexpr {
                qualify(Quals::CONST, declared.ty)
            } else {
                declared.ty
            };
            let item = VarItem {
                name: q,
                ty,
                storage: StorageClass::Static,
                space: specs.space,
                extern_c: false,
                init,
                member_of: Some(record),
                align: specs.align_exprs.iter().map(|e| self.align_const(e)).collect(),
                is_constexpr: specs.is_constexpr,
            };
            if let Some(tags) = self.tags.as_mut() {
                tags.pending_members.push((Item::Var(item), file, ir));
            }
        }
    }
}

/// Whether an alias declaration defines the class or enumeration it names (`using token =
/// struct {};`).
fn defines_type(n: &SyntaxNode) -> bool {
    n.descendants()
        .any(|c| matches!(c.kind(), SyntaxKind::FIELD_LIST | SyntaxKind::ENUMERATOR_LIST))
}

/// Whether a member declaration (or definition) is a `friend` declaration.
pub(crate) fn is_friend_decl(n: &SyntaxNode) -> bool {
    if n.kind() == SyntaxKind::TEMPLATE_DECL {
        // `template <class T> friend ...`: the declaration after the head.
        return n
            .children()
            .last()
            .is_some_and(|c| c.kind() != SyntaxKind::TEMPLATE_DECL && is_friend_decl(&c));
    }
    n.children()
        .find(|c| c.kind() == SyntaxKind::DECL_SPECS)
        .is_some_and(|ds| ds.children_with_tokens().any(|t| t.kind() == SyntaxKind::FRIEND_KW))
}
