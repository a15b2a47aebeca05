//! Declaration specifiers and attributes (`__align__`, `alignas`, CUDA attributes).

use super::*;

impl Lower<'_> {
    // ---- specifiers ----

    /// Lowers declaration specifiers. `allow_defs`: whether record/enum definitions are
    /// allowed here (item tree) or unsupported (bodies, casts).
    pub fn specs(&mut self, specs: Option<&ast::DeclSpecs>, allow_defs: bool) -> SpecInfo {
        let mut info = SpecInfo {
            storage: StorageClass::None,
            quals: Quals::empty(),
            base: TypeRef::Error,
            space: MemorySpace::Default,
            attrs: FnAttrs::default(),
            defined_records: Vec::new(),
            defined_enums: Vec::new(),
            record_ref: None,
            unsupported: None,
            align: None,
            align_exprs: Vec::new(),
            has_type: false,
            is_constexpr: false,
        };
        let Some(specs) = specs else { return info };
        let range = self.range(specs.syntax());
        #[derive(Default)]
        struct Counts {
            void: u8,
            bool_: u8,
            char_: u8,
            /// `char16_t`, `char32_t`, `wchar_t`: no sign or size modifiers combine with them.
            char16: u8,
            char32: u8,
            wchar: u8,
            short: u8,
            int: u8,
            long: u8,
            float: u8,
            double: u8,
            signed: u8,
            unsigned: u8,
        }
        let mut c = Counts::default();
        let mut any_builtin = false;
        let mut other_type: Option<TypeRef> = None;
        let mut storage_count = 0;
        let mut device = false;
        let mut shared = false;
        let mut constant = false;
        let mut managed = false;
        let mut record_seen = false;
        for el in specs.syntax().children_with_tokens() {
            match el {
                warpc_syntax::NodeOrToken::Token(tok) => {
                    let kind = tok.kind();
                    let r = self.tok_range(&tok);
                    use SyntaxKind::*;
                    match kind {
                        TYPEDEF_KW | EXTERN_KW | STATIC_KW | REGISTER_KW => {
                            storage_count += 1;
                            info.storage = match kind {
                                TYPEDEF_KW => StorageClass::Typedef,
                                EXTERN_KW => StorageClass::Extern,
                                STATIC_KW => StorageClass::Static,
                                _ => StorageClass::Register,
                            };
                            if storage_count == 2 {
                                self.error("syntax", "invalid combination of storage classes", r);
                            }
                        }
                        CONST_KW => info.quals |= Quals::CONST,
                        VOLATILE_KW => info.quals |= Quals::VOLATILE,
                        RESTRICT_KW => info.quals |= Quals::RESTRICT,
                        INLINE_KW => info.attrs.inline = true,
                        FORCEINLINE_KW => info.attrs.forceinline = true,
                        NOINLINE_KW => info.attrs.noinline = true,
                        GLOBAL_KW => info.attrs.global = true,
                        DEVICE_KW => {
                            info.attrs.device = true;
                            device = true;
                        }
                        HOST_KW => info.attrs.host = true,
                        SHARED_KW => shared = true,
                        CONSTANT_KW => constant = true,
                        MANAGED_KW => managed = true,
                        GRID_CONSTANT_KW | EXTENSION_KW => {}
                        VOID_KW => c.void += 1,
                        BOOL_KW => c.bool_ += 1,
                        CHAR_KW => c.char_ += 1,
                        CHAR16_T_KW => c.char16 += 1,
                        CHAR32_T_KW => c.char32 += 1,
                        WCHAR_T_KW => c.wchar += 1,
                        SHORT_KW => c.short += 1,
                        INT_KW => c.int += 1,
                        LONG_KW => c.long += 1,
                        FLOAT_KW => c.float += 1,
                        DOUBLE_KW => c.double += 1,
                        SIGNED_KW => c.signed += 1,
                        UNSIGNED_KW => c.unsigned += 1,
                        AUTO_KW => {
                            let earlier = other_type.replace(TypeRef::Auto);
                            if earlier.is_some() {
                                self.error("syntax", "invalid combination of type specifiers", range);
                            }
                        }
                        THREAD_LOCAL_KW => {
                            info.unsupported.get_or_insert(("thread_local", r));
                        }
                        CONSTEXPR_KW | CONSTEVAL_KW | CONSTINIT_KW => {
                            // Functions: implicitly inline; variables: const (see `is_constexpr`).
                            info.is_constexpr = true;
                            info.attrs.is_constexpr = true;
                            info.attrs.inline = true;
                        }
                        VIRTUAL_KW => {
                            info.unsupported.get_or_insert(("virtual functions", r));
                        }
                        EXPLICIT_KW => info.attrs.explicit = true,
                        // Friend declarations are handled by their class (`Lower::friend_decl`).
                        FRIEND_KW => {}
                        MUTABLE_KW => {
                            info.unsupported.get_or_insert(("C++ member specifiers", r));
                        }
                        _ => {}
                    }
                    if matches!(
                        kind,
                        VOID_KW
                            | BOOL_KW
                            | CHAR_KW
                            | CHAR16_T_KW
                            | CHAR32_T_KW
                            | WCHAR_T_KW
                            | SHORT_KW
                            | INT_KW
                            | LONG_KW
                            | FLOAT_KW
                            | DOUBLE_KW
                            | SIGNED_KW
                            | UNSIGNED_KW
                    ) {
                        any_builtin = true;
                    }
                }
                warpc_syntax::NodeOrToken::Node(node) => {
                    if let Some(attr) = ast::Attribute::cast(node.clone()) {
                        let applies_to_record = record_seen && info.defined_records.last().is_some();
                        self.attribute(&attr, &mut info, applies_to_record);
                        // The toolkit's host_defines.h spells the memory spaces as GNU
                        // attributes (`__shared__` is `__attribute__((shared))`).
                        if attr.keyword().is_some_and(|k| k.kind() == SyntaxKind::ATTRIBUTE_KW) {
                            for (name, _) in attr.args().into_iter().flat_map(|a| a.gnu_items()) {
                                match self.text(&name).trim_matches('_') {
                                    "device" => device = true,
                                    "shared" => shared = true,
                                    "constant" => constant = true,
                                    "managed" => managed = true,
                                    _ => {}
                                }
                            }
                        }
                    } else if let Some(rs) = ast::RecordSpec::cast(node.clone()) {
                        record_seen = true;
                        let t = self.record_spec(&rs, allow_defs, &mut info);
                        if other_type.replace(t).is_some() {
                            self.error("syntax", "invalid combination of type specifiers", range);
                        }
                    } else if let Some(es) = ast::EnumSpec::cast(node.clone()) {
                        let t = self.enum_spec(&es, allow_defs, &mut info);
                        if other_type.replace(t).is_some() {
                            self.error("syntax", "invalid combination of type specifiers", range);
                        }
                    } else if let Some(tr) = ast::TypeNameRef::cast(node.clone()) {
                        let t = self.type_name_ref(&tr);
                        if other_type.replace(t).is_some() {
                            self.error("syntax", "invalid combination of type specifiers", range);
                        }
                    }
                }
            }
        }
        if managed && (shared || constant) {
            self.error(
                "invalid-memory-space",
                "__managed__ variables cannot be marked __shared__ or __constant__",
                range,
            );
        }
        info.space = if managed {
            MemorySpace::Managed
        } else if shared {
            MemorySpace::Shared
        } else if constant {
            MemorySpace::Constant
        } else if device {
            MemorySpace::Global
        } else {
            MemorySpace::Default
        };
        info.has_type = any_builtin || other_type.is_some();
        info.base = match (any_builtin, other_type) {
            (true, Some(_)) => {
                self.error("syntax", "invalid combination of type specifiers", range);
                TypeRef::Error
            }
            (false, Some(t)) => t,
            (true, None) => match builtin(&c) {
                Some(b) => TypeRef::Builtin(b),
                None => {
                    self.error("syntax", "invalid combination of type specifiers", range);
                    TypeRef::Error
                }
            },
            (false, None) => TypeRef::Error,
        };
        fn builtin(c: &Counts) -> Option<BuiltinType> {
            use BuiltinType::*;
            let sign = c.signed + c.unsigned;
            if c.signed > 1 || c.unsigned > 1 || sign > 1 || c.int > 1 || c.short > 1 || c.long > 2 {
                return None;
            }
            let only = |n: u8| {
                c.void
                    + c.bool_
                    + c.char_
                    + c.char16
                    + c.char32
                    + c.wchar
                    + c.short
                    + c.int
                    + c.long
                    + c.float
                    + c.double
                    + sign
                    == n
            };
            let u = c.unsigned == 1;
            // Types named by one keyword alone.
            for (n, ty) in [
                (c.void, Void),
                (c.bool_, Bool),
                (c.char16, Char16),
                (c.char32, Char32),
                (c.wchar, WChar),
                (c.float, Float),
            ] {
                if n == 1 {
                    return only(1).then_some(ty);
                }
            }
            if c.double == 1 {
                return match c.long {
                    0 => only(1).then_some(Double),
                    1 => only(2).then_some(LongDouble),
                    _ => None,
                };
            }
            if c.char_ == 1 {
                if !only(1 + sign) {
                    return None;
                }
                return Some(if c.signed == 1 {
                    SChar
                } else if u {
                    UChar
                } else {
                    Char
                });
            }
            if c.short == 1 {
                if c.long > 0 || !only(1 + sign + c.int) {
                    return None;
                }
                return Some(if u { UShort } else { Short });
            }
            if !only(c.long + sign + c.int) {
                return None;
            }
            Some(match (c.long, u) {
                (0, false) => Int,
                (0, true) => UInt,
                (1, false) => Long,
                (1, true) => ULong,
                (_, false) => LongLong,
                (_, true) => ULongLong,
            })
        }
        info
    }

    /// An attribute in declaration specifiers (or on a record / after a declarator).
    pub fn attribute(&mut self, attr: &ast::Attribute, info: &mut SpecInfo, on_record: bool) {
        let Some(kw) = attr.keyword() else { return };
        let r = self.range(attr.syntax());
        match kw.kind() {
            SyntaxKind::LAUNCH_BOUNDS_KW => {
                if let Some(args) = attr.arg_list() {
                    let args: Vec<_> = args.args().collect();
                    if args.is_empty() || args.len() > 3 {
                        self.error("syntax", "__launch_bounds__ takes one to three arguments", r);
                    }
                    info.attrs.launch_bounds = args.iter().map(|a| self.const_expr(a)).collect();
                }
            }
            SyntaxKind::ALIGN_KW | SyntaxKind::ALIGNAS_KW => {
                let value = attr.arg_list().and_then(|a| {
                    a.type_arg()
                        .map(AlignArg::Type)
                        .or_else(|| a.args().next().map(AlignArg::Expr))
                });
                self.set_align(value, info, on_record, r);
            }
            SyntaxKind::ATTRIBUTE_KW => {
                let Some(args) = attr.args() else { return };
                for (name, list) in args.gnu_items() {
                    let text = self.text(&name);
                    match text.trim_matches('_') {
                        "noinline" => info.attrs.noinline = true,
                        "always_inline" => info.attrs.forceinline = true,
                        "global" => info.attrs.global = true,
                        "device" => info.attrs.device = true,
                        "host" => info.attrs.host = true,
                        "aligned" => {
                            let value = list.as_ref().and_then(|l| l.args().next());
                            if value.is_none() {
                                self.unsupported("__attribute__((aligned)) without an alignment", r);
                            }
                            self.set_align(value.map(AlignArg::Expr), info, on_record, r);
                        }
                        "launch_bounds" => {
                            if let Some(l) = list {
                                info.attrs.launch_bounds = l.args().map(|a| self.const_expr(&a)).collect();
                            }
                        }
                        "cluster_dims" => {
                            let args: Vec<ConstExpr> = list
                                .map(|l| l.args().map(|a| self.const_expr(&a)).collect())
                                .unwrap_or_default();
                            if args.len() > 3 {
                                self.error("syntax", "__cluster_dims__ takes at most three arguments", r);
                            }
                            info.attrs.cluster_dims = Some(args);
                        }
                        "packed" => self.unsupported("__attribute__((packed))", r),
                        // These change a type's size or layout.
                        "vector_size" | "mode" | "ext_vector_type" => {
                            let what = format!("__attribute__(({}))", text.trim_matches('_'));
                            self.unsupported(&what, r)
                        }
                        // Anything else does not change device code (`unused`, `format`, ...).
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }

    pub(super) fn set_align(&mut self, value: Option<AlignArg>, info: &mut SpecInfo, on_record: bool, r: TextRange) {
        let Some(value) = value else { return };
        if on_record {
            if let (Some(&idx), Some(_)) = (info.defined_records.last(), self.tags.as_ref()) {
                let c = self.align_const(&value);
                if let Some(rec) = self.tags.as_mut().and_then(|t| t.records.get_mut(idx as usize)) {
                    rec.align = Some(c);
                }
                return;
            }
        }
        info.align = Some(r);
        info.align_exprs.push(value);
    }
}
