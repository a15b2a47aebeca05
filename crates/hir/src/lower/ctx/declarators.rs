//! Declarators, parameter lists, type-ids.

use super::*;

impl Lower<'_> {
    // ---- declarators ----

    /// Applies a declarator to `base` (outermost derivation first), iteratively.
    pub fn declarator(&mut self, base: TypeRef, d: Option<ast::Declarator>) -> Declared {
        let own_fn = d.as_ref().and_then(|d| d.own_function());
        let mut ty = base;
        let mut name = None;
        let mut name_range = None;
        let mut cur = d;
        while let Some(node) = cur {
            match &node {
                ast::Declarator::NameDeclarator(n) => {
                    if let Some(nm) = n.name() {
                        name = self.name_text(&nm);
                        name_range = Some(self.range(nm.syntax()));
                        if let Some(conv) = self.conversion_type(&nm) {
                            // `operator T()`: the conversion function returns `T`.
                            if let TypeRef::Function { ret, .. } = &mut ty {
                                **ret = conv;
                            }
                        }
                    }
                }
                ast::Declarator::PointerDeclarator(p) => {
                    let mut q = Quals::empty();
                    for t in p.qualifiers() {
                        q |= match t.kind() {
                            SyntaxKind::CONST_KW => Quals::CONST,
                            SyntaxKind::VOLATILE_KW => Quals::VOLATILE,
                            _ => Quals::RESTRICT,
                        };
                    }
                    ty = match p.member_class() {
                        Some(class) => qualify(
                            q,
                            TypeRef::MemberPointer {
                                class: class.into(),
                                pointee: Box::new(ty),
                            },
                        ),
                        None => qualify(q, TypeRef::Pointer(Box::new(ty))),
                    };
                }
                ast::Declarator::ReferenceDeclarator(r) => {
                    ty = TypeRef::Reference(Box::new(ty));
                    if r.syntax().children_with_tokens().any(|t| t.kind() == SyntaxKind::AMP2) {
                        ty = TypeRef::Qualified(Quals::RVALUE, Box::new(ty));
                    }
                }
                ast::Declarator::ArrayDeclarator(a) => {
                    let size = a.size().map(|s| Box::new(self.const_expr(&s)));
                    ty = TypeRef::Array(Box::new(ty), size);
                }
                ast::Declarator::FunctionDeclarator(f) => {
                    let (params, variadic) = match f.param_list() {
                        Some(pl) => self.param_list(&pl),
                        None => (Vec::new(), false),
                    };
                    if let Some(tn) = f.trailing_return() {
                        // `auto f(...) -> T`: the return type is `T`.
                        if !matches!(ty, TypeRef::Auto) {
                            let r = self.range(tn.syntax());
                            self.error(
                                "syntax",
                                "a trailing return type requires the \"auto\" type specifier",
                                r,
                            );
                        }
                        ty = self.type_name(&tn);
                    }
                    let noexcept = f.noexcept_spec().map(|c| c.map(|e| Box::new(self.const_expr(&e))));
                    ty = TypeRef::Function {
                        ret: Box::new(ty),
                        params: params.into_iter().map(|p| p.ty).collect(),
                        variadic,
                        noexcept,
                    };
                }
                ast::Declarator::ParenDeclarator(_) => {}
            }
            cur = node.inner();
        }
        Declared {
            ty,
            name,
            name_range,
            own_fn,
        }
    }

    /// Parameters with decayed types (`T[]` -> `T*`, function -> pointer); `(void)` is empty.
    pub fn param_list(&mut self, pl: &ast::ParamList) -> (Vec<Param>, bool) {
        let params: Vec<_> = pl.params().collect();
        if let [only] = params.as_slice() {
            if is_void_param(only) {
                return (Vec::new(), pl.is_variadic());
            }
        }
        let mut out = Vec::new();
        for p in params {
            let specs = self.specs(p.decl_specs().as_ref(), self.tags.is_some());
            let r = self.range(p.syntax());
            if !specs.has_type {
                self.error("syntax", "expected a type specifier", r);
            }
            if let Some((what, r)) = specs.unsupported {
                self.unsupported(what, r);
            }
            if !matches!(specs.storage, StorageClass::None | StorageClass::Register) {
                self.error("syntax", "invalid storage class for a parameter", r);
            }
            let default = p.default_value().map(|e| self.const_expr(&e));
            let d = self.declarator(specs.ty(), p.declarator());
            out.push(Param {
                name: d.name,
                ty: decay(d.ty),
                default,
                pack: p.has_ellipsis(),
            });
        }
        // `int...` (no comma): C's variadic; a pattern naming a template parameter pack is a
        // function parameter pack (decided when the template is resolved).
        let variadic = pl.is_variadic();
        (out, variadic)
    }

    /// A TYPE_NAME (casts, `sizeof`) as a type.
    pub fn type_name(&mut self, tn: &ast::TypeName) -> TypeRef {
        let specs = self.specs(tn.decl_specs().as_ref(), false);
        if let Some((what, r)) = specs.unsupported {
            self.unsupported(what, r);
        }
        self.declarator(specs.ty(), tn.declarator()).ty
    }
}

/// `(void)`: one parameter with just `void` and no declarator.
pub(super) fn is_void_param(p: &ast::Param) -> bool {
    if p.declarator().is_some() {
        return false;
    }
    let Some(specs) = p.decl_specs() else { return false };
    let kws: Vec<_> = specs.keywords().map(|t| t.kind()).collect();
    kws == [SyntaxKind::VOID_KW] && specs.syntax().children().next().is_none()
}

/// Parameter type adjustment: arrays and functions become pointers.
pub(crate) fn decay(t: TypeRef) -> TypeRef {
    match t {
        TypeRef::Array(elem, _) => TypeRef::Pointer(elem),
        f @ TypeRef::Function { .. } => TypeRef::Pointer(Box::new(f)),
        other => other,
    }
}
