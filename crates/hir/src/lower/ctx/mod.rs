//! The lowering context shared by item trees and bodies: token text through the expansion side
//! table, source ranges, diagnostics, and the lowering of specifiers, declarators, type names,
//! expressions and initializers.
//!
//! Item-tree lowering passes [`Tags`] (record/enum definitions and tag and typedef names seen
//! so far in translation-unit order); body lowering does not, so inside bodies every type name
//! is `TypeRef::Named`, every tag reference has `def: None`, and local type definitions are
//! reported as unsupported.

use super::literal;
use crate::body::{
    BinaryOp, BuiltinType, ConstExpr, Designator, Expr, ExprId, Initializer, Literal, MemorySpace, Quals, RecordKind,
    StorageClass, TypeRef, TypeRefId, UnaryOp,
};
use crate::body::{TemplateArgExpr, TemplateArgRef};
use crate::item_tree::{EnumItem, FieldItem, FnAttrs, Param, RecordItem};
use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;
use warpc_base::{Diagnostic, FileId, FileRange, TextRange};
use warpc_syntax::ast::{self, AstNode};
use warpc_syntax::{Expansions, SyntaxKind, SyntaxNode, SyntaxToken};

/// Deepest expression/initializer nesting lowered (the parser caps nesting at 256 levels, each
/// of which may add a few nodes).
const MAX_DEPTH: u32 = 2048;

/// Expressions and types of one body or constant expression, with their source ranges.
#[derive(Default)]
pub(crate) struct Arena {
    pub exprs: Vec<Expr>,
    pub types: Vec<TypeRef>,
    pub expr_ranges: Vec<TextRange>,
    pub type_ranges: Vec<TextRange>,
    /// Lambda expressions met while lowering expressions: (index, node). A body lowerer turns
    /// them into `Body::lambdas`; elsewhere they are unsupported.
    pub pending_lambdas: Vec<(u32, ast::LambdaExpr, ExprId)>,
    pub lambda_count: u32,
}

impl Arena {
    pub fn alloc_expr(&mut self, e: Expr, range: TextRange) -> ExprId {
        self.exprs.push(e);
        self.expr_ranges.push(range);
        ExprId(self.exprs.len() as u32 - 1)
    }
    pub fn alloc_type(&mut self, t: TypeRef, range: TextRange) -> TypeRefId {
        self.types.push(t);
        self.type_ranges.push(range);
        TypeRefId(self.types.len() as u32 - 1)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tag {
    Record { kind: RecordKind, def: Option<u32> },
    Enum { def: Option<u32> },
}

/// Item-tree state threaded through lowering in translation-unit order.
#[derive(Default)]
pub(crate) struct Tags {
    pub records: Vec<RecordItem>,
    pub record_ranges: Vec<(FileId, TextRange)>,
    pub enums: Vec<EnumItem>,
    pub tags: FxHashMap<SmolStr, Tag>,
    pub typedefs: FxHashSet<SmolStr>,
    /// Alias templates declared so far (qualified), so that `alias<args>` written inside their
    /// namespace names them.
    pub alias_templates: FxHashSet<SmolStr>,
    /// The namespace being lowered (`["geo", "detail"]`); names declared here are qualified.
    pub ns: Vec<SmolStr>,
    /// Inside an anonymous namespace (its entities have internal linkage).
    pub anon_ns: u32,
    /// The namespace being lowered as the ABI names it: `ns` with the inline namespaces
    /// (`["cub", "_V_300500_SM_800", "detail"]`), whose names `ns` leaves out.
    pub abi_ns: Vec<SmolStr>,
    /// The namespaces (as named) whose ABI path differs: see `ItemTree::inline_namespaces`.
    pub inline_namespaces: std::collections::BTreeMap<SmolStr, SmolStr>,
    /// `using namespace N;` directives seen so far: (the namespace they are in, `N`).
    pub using_dirs: Vec<(SmolStr, SmolStr)>,
    /// The namespaces each namespace nominates (`using_dirs` by scope, for qualified lookup).
    pub nominated: rustc_hash::FxHashMap<SmolStr, Vec<SmolStr>>,

    /// `using N::name;` declarations: `name` (qualified with the enclosing namespace) ->
    /// `N::name`.
    pub aliases: FxHashMap<SmolStr, SmolStr>,
    /// Namespace aliases: `cg` -> `cooperative_groups`.
    pub ns_aliases: FxHashMap<SmolStr, SmolStr>,
    /// Member functions (definitions and declarations) of records lowered so far and not yet
    /// turned into items: the member's syntax node, the record index and its qualified name.
    pub pending_methods: Vec<(SyntaxNode, u32, SmolStr)>,
    /// Friend function declarations and definitions in records lowered so far: the node, the
    /// class's qualified name and the namespace to declare the function in.
    pub pending_friends: Vec<(SyntaxNode, SmolStr, Vec<SmolStr>)>,
    /// Template parameters for the next record definition (a class template being lowered).
    pub pending_record_template: Option<Vec<crate::item_tree::TemplateParamItem>>,
    /// The next record definition is an explicit specialization (`template <> struct S<...>`).
    pub pending_record_specialization: bool,
    /// The records whose members are being lowered (qualified names, innermost last): their
    /// member typedefs are found before namespace-scope names.
    pub scope_records: Vec<SmolStr>,
    /// The item-tree indices of the records whose member lists are being lowered (innermost
    /// last).
    pub record_stack: Vec<u32>,
    /// Member typedefs and static data members of records lowered so far and not yet pushed
    /// as items (they follow their record's item): the item, its file and range.
    pub pending_members: Vec<(crate::item_tree::Item, FileId, TextRange)>,
}

impl Tags {
    /// Records `using namespace target;` (or an inline namespace `target`) in `scope`.
    pub fn add_using_dir(&mut self, scope: SmolStr, target: SmolStr) {
        let v = self.nominated.entry(scope.clone()).or_default();
        if !v.contains(&target) {
            v.push(target.clone());
        }
        self.using_dirs.push((scope, target));
    }

    /// `name` qualified with the current namespace.
    pub fn qualify(&self, name: &SmolStr) -> SmolStr {
        if self.ns.is_empty() {
            name.clone()
        } else {
            SmolStr::new(format!("{}::{name}", self.ns.join("::")))
        }
    }

    /// The qualified names `name` may denote here, most specific first: inside each enclosing
    /// namespace (innermost first), at global scope (or a `using` alias), then through each
    /// `using namespace` directive.
    /// `name` declared here: a member of the innermost class being lowered (`Outer::In`),
    /// else qualified with the current namespace.
    pub fn qualify_member(&self, name: &SmolStr) -> SmolStr {
        match self.scope_records.last() {
            Some(r) => SmolStr::new(format!("{r}::{name}")),
            None => self.qualify(name),
        }
    }

    /// Whether a class being lowered is a class template (or a specialization of one).
    pub fn in_template_record(&self) -> bool {
        self.scope_records.iter().any(|n| {
            self.records
                .iter()
                .any(|r| r.name.as_ref() == Some(n) && (r.template.is_some() || r.specialization.is_some()))
        })
    }

    pub fn candidates(&self, name: &str) -> Vec<SmolStr> {
        // `namespace cg = cooperative_groups;` then `cg::thread_block`.
        let aliased;
        let name = match name
            .split_once("::")
            .and_then(|(first, rest)| Some((self.ns_aliases.get(first)?, rest)))
        {
            Some((target, rest)) => {
                aliased = format!("{target}::{rest}");
                aliased.as_str()
            }
            None => name,
        };
        let mut out = Vec::new();
        for r in self.scope_records.iter().rev() {
            out.push(SmolStr::new(format!("{r}::{name}")));
        }
        for k in (1..=self.ns.len()).rev() {
            let q = SmolStr::new(format!("{}::{name}", self.ns[..k].join("::")));
            if let Some(t) = self.aliases.get(&q) {
                out.push(t.clone());
            }
            out.push(q);
        }
        out.push(self.aliases.get(name).cloned().unwrap_or_else(|| SmolStr::new(name)));
        let here = self.ns.join("::");
        for (scope, d) in &self.using_dirs {
            let inside = scope.is_empty()
                || here == *scope
                || here.strip_prefix(scope.as_str()).is_some_and(|r| r.starts_with("::"));
            if inside {
                out.push(SmolStr::new(format!("{d}::{name}")));
            }
        }
        out
    }

    /// The first of `name`'s candidates that `found` accepts; when none does, the candidates
    /// through using-directives and inline namespaces of named namespaces
    /// ([`crate::lookup_through_directives`]), tried only then because they are rarely needed.
    fn find_candidate<T>(&self, name: &str, found: impl Fn(&SmolStr) -> Option<T>) -> Option<T> {
        let mut c = self.candidates(name);
        if let Some(t) = c.iter().find_map(&found) {
            return Some(t);
        }
        if !name.contains("::") || self.nominated.is_empty() {
            return None;
        }
        let n = c.len();
        crate::lookup_through_directives(&mut c, |ns| self.nominated.get(ns).map(Vec::as_slice));
        c[n..].iter().find_map(found)
    }

    pub fn find_tag(&self, name: &str) -> Option<(SmolStr, Tag)> {
        self.find_candidate(name, |q| self.tags.get(q).map(|t| (q.clone(), *t)))
    }

    pub fn find_alias_template(&self, name: &str) -> Option<SmolStr> {
        self.find_candidate(name, |q| self.alias_templates.contains(q).then(|| q.clone()))
    }

    pub fn find_typedef(&self, name: &str) -> Option<SmolStr> {
        self.find_candidate(name, |q| self.typedefs.contains(q).then(|| q.clone()))
    }
}

/// The argument of an alignment attribute: `alignas(16)` or `alignas(T)`.
#[derive(Clone, Debug)]
pub(crate) enum AlignArg {
    Expr(ast::Expr),
    Type(ast::TypeName),
}

/// What declaration specifiers say.
#[derive(Clone, Debug)]
pub(crate) struct SpecInfo {
    pub storage: StorageClass,
    pub quals: Quals,
    /// The unqualified base type.
    pub base: TypeRef,
    pub space: MemorySpace,
    pub attrs: FnAttrs,
    /// Records/enums defined by these specifiers (indices into `Tags`).
    pub defined_records: Vec<u32>,
    pub defined_enums: Vec<u32>,
    /// `struct S` without a body (for `struct S;` forward declarations).
    pub record_ref: Option<(RecordKind, Option<SmolStr>, TextRange)>,
    /// A C++-only specifier that makes the declaration unsupported.
    pub unsupported: Option<(&'static str, TextRange)>,
    /// Alignment written on the declared entity (not on a record): where, and each value
    /// (several attributes: the largest wins).
    pub align: Option<TextRange>,
    pub align_exprs: Vec<AlignArg>,
    pub has_type: bool,
    /// `constexpr` (a variable declared with it is `const`).
    pub is_constexpr: bool,
}

impl SpecInfo {
    /// The base type with the specifiers' qualifiers.
    pub fn ty(&self) -> TypeRef {
        qualify(self.quals, self.base.clone())
    }
}

pub(crate) fn qualify(q: Quals, t: TypeRef) -> TypeRef {
    if q.is_empty() || matches!(t, TypeRef::Error) {
        t
    } else {
        TypeRef::Qualified(q, Box::new(t))
    }
}

/// A declarator applied to a base type.
pub(crate) struct Declared {
    pub ty: TypeRef,
    pub name: Option<SmolStr>,
    pub name_range: Option<TextRange>,
    /// The function declarator directly around the name, if the name is a function.
    pub own_fn: Option<ast::FunctionDeclarator>,
}

/// Whether a type (as written) mentions a C++ reference.
pub(crate) fn has_reference(t: &TypeRef) -> bool {
    match t {
        TypeRef::Reference(_) => true,
        TypeRef::Pointer(t) | TypeRef::Array(t, _) | TypeRef::Qualified(_, t) => has_reference(t),
        TypeRef::Function { ret, params, .. } => has_reference(ret) || params.iter().any(has_reference),
        _ => false,
    }
}

pub(crate) struct Lower<'a> {
    pub exp: &'a Expansions,
    pub file: FileId,
    pub diags: &'a mut Vec<Diagnostic>,
    pub tags: Option<&'a mut Tags>,
    depth: u32,
    depth_reported: bool,
}

impl<'a> Lower<'a> {
    pub fn new(exp: &'a Expansions, file: FileId, diags: &'a mut Vec<Diagnostic>, tags: Option<&'a mut Tags>) -> Self {
        Lower {
            exp,
            file,
            diags,
            tags,
            depth: 0,
            depth_reported: false,
        }
    }

    // ---- text, ranges, diagnostics ----

    pub fn text(&self, tok: &SyntaxToken) -> SmolStr {
        self.exp.token_text(tok)
    }

    pub fn range(&self, node: &SyntaxNode) -> TextRange {
        self.exp.node_range(node)
    }

    pub fn tok_range(&self, tok: &SyntaxToken) -> TextRange {
        self.exp.source_range(tok)
    }

    pub fn at(&self, range: TextRange) -> FileRange {
        FileRange { file: self.file, range }
    }

    pub fn error(&mut self, code: &'static str, message: impl Into<String>, range: TextRange) {
        let at = self.at(range);
        self.diags.push(Diagnostic::error(code, message, at));
    }

    pub fn warning(&mut self, code: &'static str, message: impl Into<String>, range: TextRange) {
        let at = self.at(range);
        self.diags.push(Diagnostic::warning(code, message, at));
    }

    pub fn unsupported(&mut self, what: &str, range: TextRange) {
        let at = self.at(range);
        self.diags.push(Diagnostic::unsupported(what, at));
    }

    /// A declared name as spelled without trivia: `f`, `A::f`, `operator+=`, `operator()`,
    /// `~A`, `operator float`.
    /// The type a conversion function's name `operator T` converts to.
    pub fn conversion_type(&mut self, name: &ast::Name) -> Option<TypeRef> {
        let tn = name.syntax().children().find_map(ast::TypeName::cast)?;
        let mut ty = self.type_name(&tn);
        for t in tn.syntax().children_with_tokens().filter_map(|e| e.into_token()) {
            match t.kind() {
                SyntaxKind::STAR => ty = TypeRef::Pointer(Box::new(ty)),
                SyntaxKind::AMP | SyntaxKind::AMP2 => ty = TypeRef::Reference(Box::new(ty)),
                SyntaxKind::CONST_KW => ty = qualify(Quals::CONST, ty),
                SyntaxKind::VOLATILE_KW => ty = qualify(Quals::VOLATILE, ty),
                _ => {}
            }
        }
        Some(ty)
    }

    pub fn name_text(&self, name: &ast::Name) -> Option<SmolStr> {
        let mut out = String::new();
        let mut prev_word = false;
        let conv = name.syntax().children().find_map(ast::TypeName::cast);
        let tokens: Vec<SyntaxToken> = match &conv {
            // `operator const T&`: the conversion type's tokens follow `operator`.
            Some(tn) => name
                .tokens()
                .chain(
                    tn.syntax()
                        .descendants_with_tokens()
                        .filter_map(|e| e.into_token())
                        .filter(|t| !t.kind().is_trivia()),
                )
                .collect(),
            None => name.tokens().collect(),
        };
        for t in tokens {
            let text = self.text(&t);
            let word = t.kind() == SyntaxKind::IDENT || t.kind().is_keyword();
            if word && prev_word && out.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                out.push(' ');
            }
            out.push_str(&text);
            prev_word = word;
        }
        Some(SmolStr::new(out)).filter(|t| !t.is_empty())
    }

    fn enter(&mut self, range: TextRange) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.depth_reported {
                self.depth_reported = true;
                self.error("syntax", "expression nested too deeply", range);
            }
            return false;
        }
        self.depth += 1;
        true
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The text of a `static_assert` message literal (adjacent literals concatenated).
    pub fn message_text(&self, e: &ast::Expr) -> Option<String> {
        let ast::Expr::Literal(l) = e else { return None };
        let texts: Vec<SmolStr> = l.tokens().map(|t| self.text(&t)).collect();
        let (lit, _) = super::literal::string_literal(texts.iter().map(|t| t.as_str()));
        match lit {
            crate::body::Literal::String(b) => Some(String::from_utf8_lossy(&b).into_owned()),
            _ => None,
        }
    }

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
            if c.void == 1 {
                return only(1).then_some(Void);
            }
            if c.bool_ == 1 {
                return only(1).then_some(Bool);
            }
            if c.char16 == 1 {
                return only(1).then_some(Char16);
            }
            if c.char32 == 1 {
                return only(1).then_some(Char32);
            }
            if c.wchar == 1 {
                return only(1).then_some(WChar);
            }
            if c.float == 1 {
                return only(1).then_some(Float);
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

    fn set_align(&mut self, value: Option<AlignArg>, info: &mut SpecInfo, on_record: bool, r: TextRange) {
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

    fn record_spec(&mut self, rs: &ast::RecordSpec, allow_defs: bool, info: &mut SpecInfo) -> TypeRef {
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
                (Some(n), Some(tags)) => match tags.find_tag(n) {
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
        if let Some(tags) = self.tags.as_mut() {
            let nested = !tags.scope_records.is_empty();
            if let Some(rec) = tags.records.get_mut(idx as usize) {
                rec.nested |= nested;
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
                // out with each specialization (`Outer<int>::In`, `Outer<int>::In::Deep`);
                // member class templates are not supported.
                let enclosing = tags.record_stack.last().copied();
                let direct = enclosing.and_then(|e| tags.records.get(e as usize)).is_some_and(|e| {
                    e.template.is_some() || e.specialization.is_some() || e.member_of_template.is_some()
                });
                let is_template = tags
                    .records
                    .get(idx as usize)
                    .is_some_and(|ri| ri.template.is_some() || ri.specialization.is_some());
                if is_template {
                    self.unsupported("class templates nested in class templates", r);
                } else if !direct {
                    self.unsupported("classes nested in classes nested in class templates", r);
                } else if let Some(rec) = tags.records.get_mut(idx as usize) {
                    rec.member_of_template = enclosing;
                }
            }
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
            if b.is_pack_expansion() {
                self.unsupported("pack expansions in base clauses", br);
                continue;
            }
            if let Some(tn) = b.type_name() {
                bases.push(self.type_name(&tn));
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
        if let Some(rec) = self.tags.as_mut().and_then(|t| t.records.get_mut(idx as usize)) {
            rec.fields = Some(fields);
        }
        TypeRef::Record {
            kind,
            name,
            def: Some(idx),
        }
    }

    fn fields(&mut self, list: &ast::FieldList, record: u32, record_name: Option<SmolStr>) -> Vec<FieldItem> {
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
                                tags.pending_methods.push((d.syntax().clone(), record, rn.clone()))
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
                        let top_ref = match &declared.ty {
                            TypeRef::Reference(_) => true,
                            TypeRef::Qualified(q, t) => {
                                q.contains(Quals::RVALUE) && matches!(**t, TypeRef::Reference(_))
                            }
                            _ => false,
                        };
                        if has_reference(&declared.ty) && !top_ref {
                            self.unsupported("references", self.range(id.syntax()));
                        }
                        let bit_width = id.bit_width().map(|w| self.const_expr(&w));
                        if declared.name.is_none() && bit_width.is_none() {
                            continue;
                        }
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
                        });
                    }
                }
                ast::Item::FunctionDef(f) => match (&record_name, self.tags.as_mut()) {
                    (Some(rn), Some(tags)) => tags.pending_methods.push((f.syntax().clone(), record, rn.clone())),
                    _ => self.unsupported("member functions of unnamed classes", r),
                },
                ast::Item::EmptyDecl(_) | ast::Item::PragmaStmt(_) | ast::Item::ErrorNode(_) => {}
                ast::Item::AsmStmt(_) => self.unsupported("asm in records", r),
                ast::Item::TemplateDecl(t) => match (&record_name, self.tags.as_mut()) {
                    (Some(rn), Some(tags)) => tags.pending_methods.push((t.syntax().clone(), record, rn.clone())),
                    _ => self.unsupported("member templates of unnamed classes", r),
                },
                ast::Item::UsingDecl(u) => match (self.alias_decl(&u), &record_name) {
                    // `using value_type = T;`
                    (Some((name, ty)), Some(rn)) => {
                        let q = SmolStr::new(format!("{rn}::{name}"));
                        let file = self.file;
                        if let Some(tags) = self.tags.as_mut() {
                            tags.typedefs.insert(q.clone());
                            tags.pending_members.push((
                                crate::item_tree::Item::MemberTypedef { record, name: q, ty },
                                file,
                                r,
                            ));
                        }
                    }
                    (Some(_), None) => self.unsupported("member typedefs of unnamed classes", r),
                    (None, _) => self.unsupported("using declarations", r),
                },
                ast::Item::StaticAssertDecl(sa) => {
                    let (cond, msg) = sa.args();
                    let cond = match cond {
                        Some(c) => self.const_expr(&c),
                        None => ConstExpr {
                            exprs: vec![Expr::Missing],
                            types: Vec::new(),
                            root: ExprId(0),
                        },
                    };
                    let message = msg.and_then(|m| self.message_text(&m));
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
    fn friend_decl(&mut self, member: &ast::Item, record: u32, record_name: Option<&SmolStr>, r: TextRange) {
        let mut names: Vec<SmolStr> = Vec::new();
        let mut declare = false;
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
                    }
                    _ => {
                        self.unsupported("this friend template", r);
                        return;
                    }
                }
                // A friend function template of a class template is a template per
                // specialization of the class, found only by argument-dependent lookup; warpc
                // does not declare it (a call finds no such candidate; access is granted).
                if self.tags.as_ref().is_some_and(|t| t.in_template_record()) {
                    declare = false;
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
                    tags.pending_friends.push((member.syntax().clone(), rn.clone(), ns));
                }
                None => self.unsupported("friend functions of unnamed classes", r),
            }
        }
    }

    /// The qualified name a friend declaration's declarator-id denotes: an unqualified name is
    /// a member of the innermost enclosing namespace, `C::f` a member of class `C`.
    fn friend_name(&self, name: &SmolStr) -> SmolStr {
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
        if has_reference(&ty) && !matches!(ty, TypeRef::Reference(_)) {
            let r = self.range(tn.syntax());
            self.unsupported("references", r);
            return Some((name, TypeRef::Error, specs));
        }
        Some((name, ty, specs))
    }

    /// `typedef T name;` and `static T name = init;` inside record `record`: member typedefs and
    /// static data members, items after the record named with it (`S::name`).
    fn static_members(
        &mut self,
        d: &ast::Declaration,
        specs: &SpecInfo,
        record: u32,
        record_name: Option<&SmolStr>,
        r: TextRange,
    ) {
        use crate::item_tree::{GlobalInit, Item, VarItem};
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
            let init = id.initializer().map(|e| {
                let mut a = Arena::default();
                let init = self.initializer(&mut a, &e);
                self.no_lambdas(&a);
                let root = match &init {
                    Initializer::Expr(id) => *id,
                    Initializer::List(_) => {
                        if a.exprs.is_empty() {
                            a.alloc_expr(Expr::Missing, TextRange::empty(ir.end()))
                        } else {
                            ExprId(0)
                        }
                    }
                };
                GlobalInit {
                    init,
                    exprs: ConstExpr {
                        exprs: a.exprs,
                        types: a.types,
                        root,
                    },
                }
            });
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

    fn enum_spec(&mut self, es: &ast::EnumSpec, allow_defs: bool, info: &mut SpecInfo) -> TypeRef {
        let r = self.range(es.syntax());
        let name = es.name().and_then(|n| self.name_text(&n));
        if let Some(ut) = es.underlying_type() {
            // warpc's enums are `int`-sized: other underlying types would change layouts.
            let t = self.type_name(&ut);
            if !matches!(t, TypeRef::Builtin(BuiltinType::Int | BuiltinType::UInt)) {
                self.unsupported("enumerations with an underlying type other than int or unsigned int", r);
            }
        }
        let Some(list) = es.enumerator_list() else {
            let mut name = name;
            let def = match (&name, self.tags.as_mut()) {
                (Some(n), Some(tags)) => match tags.find_tag(n) {
                    Some((q, Tag::Enum { def })) => {
                        name = Some(q);
                        def
                    }
                    Some((_, Tag::Record { .. })) => None,
                    None => {
                        let q = tags.qualify_member(n);
                        tags.tags.insert(q.clone(), Tag::Enum { def: None });
                        name = Some(q);
                        None
                    }
                },
                _ => None,
            };
            return TypeRef::Enum { name, def };
        };
        if !allow_defs || self.tags.is_none() {
            self.unsupported("enum definitions inside functions", r);
            return TypeRef::Enum { name, def: None };
        }
        let scoped = es.is_scoped();
        let qname = name
            .as_ref()
            .map(|n| self.tags.as_ref().map_or(n.clone(), |t| t.qualify_member(n)));
        // An unscoped enumeration in a class: its enumerators are members (`Outer::A`).
        let member_of = self.tags.as_ref().and_then(|t| t.scope_records.last().cloned());
        let mut enumerators = Vec::new();
        for e in list.enumerators() {
            let Some(n) = e.name().and_then(|n| self.name_text(&n)) else {
                continue;
            };
            let value = e.value().map(|v| self.const_expr(&v));
            // `enum class E { A }`: the enumerator is `E::A`; an unscoped one is a member of
            // the enclosing class or namespace (`ns::A`).
            let n = match (&qname, scoped) {
                (Some(q), true) => SmolStr::new(format!("{q}::{n}")),
                _ => match (&member_of, self.tags.as_ref()) {
                    (Some(r), _) => SmolStr::new(format!("{r}::{n}")),
                    (None, Some(t)) => t.qualify(&n),
                    (None, None) => n,
                },
            };
            enumerators.push((n, value));
        }
        let tags = self.tags.as_mut().expect("checked above");
        let name = name.as_ref().map(|n| tags.qualify_member(n));
        let idx = tags.enums.len() as u32;
        let member_of_template = if !scoped && tags.in_template_record() {
            tags.record_stack.last().copied()
        } else {
            None
        };
        tags.enums.push(EnumItem {
            name: name.clone(),
            enumerators,
            member_of_template,
        });
        if let Some(n) = &name {
            tags.tags.insert(n.clone(), Tag::Enum { def: Some(idx) });
        }
        info.defined_enums.push(idx);
        TypeRef::Enum { name, def: Some(idx) }
    }

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

    fn template_arg(&mut self, a: ast::TemplateArg) -> TemplateArgRef {
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
    fn qualified_value(&self, tn: &ast::TypeName, t: TypeRef) -> Result<Result<SmolStr, (TypeRef, SmolStr)>, TypeRef> {
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
    fn template_args_body(&mut self, a: &mut Arena, ta: &ast::TemplateArgs) -> Vec<TemplateArgExpr> {
        ta.args()
            .into_iter()
            .map(|arg| match arg {
                ast::TemplateArg::Type(tn) => {
                    let r = self.range(tn.syntax());
                    let t = self.type_name(&tn);
                    match self.qualified_value(&tn, t) {
                        Ok(Ok(n)) => TemplateArgExpr::Value(a.alloc_expr(Expr::Name(n), r)),
                        Ok(Err((scope, member))) => {
                            let scope = a.alloc_type(scope, r);
                            TemplateArgExpr::Value(a.alloc_expr(Expr::ScopedName { scope, member }, r))
                        }
                        Err(t) => TemplateArgExpr::Type(a.alloc_type(t, r)),
                    }
                }
                ast::TemplateArg::Expr(e) => TemplateArgExpr::Value(self.expr(a, &e)),
            })
            .collect()
    }

    /// The identifiers of a (qualified) name node joined with `::`, and its template arguments
    /// when they come last (`ns::f<int>`); `Err(())` for template arguments in the middle
    /// (`S<int>::f`, not supported yet).
    fn name_with_args(&self, node: &SyntaxNode) -> Result<(SmolStr, Option<ast::TemplateArgs>), ()> {
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
    fn scoped_name(&self, node: &SyntaxNode) -> Option<(SmolStr, ast::TemplateArgs, SmolStr)> {
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
        let scope = match self.tags.as_ref().and_then(|t| t.find_tag(&scope)) {
            Some((q, _)) => q,
            None => scope,
        };
        (!after.is_empty()).then(|| (scope, args.unwrap(), SmolStr::new(after.join("::"))))
    }

    /// A qualified type name with template arguments after its first template-id: the
    /// template-id, then each later name a member type (`::type`) or, with arguments, a
    /// member alias template (`::template rebind<U>`). `None` for a shape it cannot take.
    fn scoped_type(&mut self, node: &SyntaxNode) -> Option<TypeRef> {
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
                        let name = match self.tags.as_ref().and_then(|t| t.find_tag(&name)) {
                            Some((q, _)) => q,
                            None => match self.tags.as_ref().and_then(|t| t.find_alias_template(&name)) {
                                Some(q) => q,
                                None => name,
                            },
                        };
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

    fn type_name_ref(&mut self, tr: &ast::TypeNameRef) -> TypeRef {
        let r = self.range(tr.syntax());
        let first = tr.tokens().next().map(|t| t.kind());
        if first == Some(SyntaxKind::DECLTYPE_KW) {
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
        if first == Some(SyntaxKind::IDENT)
            && tr
                .syntax()
                .children_with_tokens()
                .any(|t| t.kind() == SyntaxKind::L_PAREN)
            && tr
                .tokens()
                .next()
                .is_some_and(|t| matches!(self.text(&t).as_str(), "__typeof" | "__typeof__" | "typeof"))
        {
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
            return match self.name_with_args(tr.syntax()) {
                Ok((name, Some(ta))) => {
                    let args = self.template_args(&ta);
                    let name = match self.tags.as_ref().and_then(|t| t.find_tag(&name)) {
                        Some((q, _)) => q,
                        None => match self.tags.as_ref().and_then(|t| t.find_alias_template(&name)) {
                            Some(q) => q,
                            None => name,
                        },
                    };
                    TypeRef::Template { name, args }
                }
                _ => match self.scoped_type(tr.syntax()) {
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
        let toks: Vec<_> = tr.tokens().filter(|t| t.kind() != SyntaxKind::TYPENAME_KW).collect();
        // `typename ::ns::T`, `::ns::T`: the global scope's name (looked up as written).
        let toks: Vec<_> = if toks.first().is_some_and(|t| t.kind() == SyntaxKind::COLON2) {
            toks[1..].to_vec()
        } else {
            toks
        };
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
        if let Some(tags) = self.tags.as_ref() {
            if let Some(q) = tags.find_typedef(&name) {
                return TypeRef::Named(q);
            }
            match tags.find_tag(&name) {
                Some((q, Tag::Record { kind, def })) => {
                    return TypeRef::Record {
                        kind,
                        name: Some(q),
                        def,
                    }
                }
                Some((q, Tag::Enum { def })) => return TypeRef::Enum { name: Some(q), def },
                None => {}
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
        }
        TypeRef::Named(name)
    }

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
                    ty = qualify(q, TypeRef::Pointer(Box::new(ty)));
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
                    ty = TypeRef::Function {
                        ret: Box::new(ty),
                        params: params.into_iter().map(|p| p.ty).collect(),
                        variadic,
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
        let root = self.expr(&mut a, e);
        self.no_lambdas(&a);
        ConstExpr {
            exprs: a.exprs,
            types: a.types,
            root,
        }
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
        let id = self.expr_inner(a, e);
        self.leave();
        id
    }

    /// The left operand of left-recursive forms (binary, postfix, calls, members, indexing).
    fn spine_left(e: &ast::Expr) -> Option<Option<ast::Expr>> {
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

    fn expr_inner(&mut self, a: &mut Arena, e: &ast::Expr) -> ExprId {
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
            ast::Expr::NameRef(n) if n.syntax().children().any(|c| c.kind() == SyntaxKind::TEMPLATE_ARGS) => {
                match self.name_with_args(n.syntax()) {
                    Ok((name, Some(ta))) => {
                        let args = self.template_args_body(a, &ta);
                        Expr::TemplateId { name, args }
                    }
                    _ => match self.scoped_name(n.syntax()) {
                        // `S<int, 8>::member`
                        Some((scope, args, member)) => {
                            let args = self.template_args(&args);
                            let scope = a.alloc_type(TypeRef::Template { name: scope, args }, r);
                            Expr::ScopedName { scope, member }
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
                    // `a::b::c` (a leading `::` names the global scope: dropped).
                    let parts: Vec<String> = n
                        .syntax()
                        .children_with_tokens()
                        .filter_map(|t| t.into_token())
                        .filter(|t| t.kind() == SyntaxKind::IDENT)
                        .map(|t| self.text(&t).to_string())
                        .collect();
                    Expr::Name(SmolStr::new(parts.join("::")))
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
                    let args = items
                        .iter()
                        .filter_map(|(d, i)| match (d, i) {
                            (None, Initializer::Expr(e)) => Some(*e),
                            _ => None,
                        })
                        .collect();
                    Expr::Construct {
                        ty,
                        args,
                        list: true,
                        init: Some(Box::new(Initializer::List(items))),
                    }
                } else {
                    let args: Vec<_> = f.arg_list().map(|l| l.args().collect()).unwrap_or_default();
                    let args = args.iter().map(|e| self.expr(a, e)).collect();
                    Expr::Construct {
                        ty,
                        args,
                        list: false,
                        init: None,
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
            ast::Expr::NewExpr(_) | ast::Expr::DeleteExpr(_) => {
                self.unsupported("new and delete expressions", r);
                Expr::Missing
            }
            ast::Expr::NoexceptExpr(_) => {
                self.unsupported("noexcept expressions", r);
                Expr::Missing
            }
            ast::Expr::TypeTraitExpr(t) => {
                let name = t
                    .syntax()
                    .children()
                    .find(|n| n.kind() == SyntaxKind::NAME_REF)
                    .map(|n| SmolStr::new(n.text().to_string().trim()));
                let list = t.syntax().children().find(|n| n.kind() == SyntaxKind::ARG_LIST);
                match (name, list) {
                    (Some(name), Some(list)) => {
                        let mut args = Vec::new();
                        for tn in list.children().filter_map(ast::TypeName::cast) {
                            let ty = self.type_name(&tn);
                            let tr = self.range(tn.syntax());
                            args.push(a.alloc_type(ty, tr));
                        }
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

    fn spine_step(&mut self, a: &mut Arena, node: &ast::Expr, left: ExprId) -> ExprId {
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
                    _ => match bin(kind) {
                        Some(op) => Expr::Binary { op, lhs: left, rhs },
                        None => {
                            self.unsupported("pointer-to-member operators", r);
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

    fn args(&mut self, a: &mut Arena, list: Option<ast::ArgList>) -> Vec<ExprId> {
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

    // ---- initializers ----

    /// An initializer: a braced list or an expression.
    pub fn initializer(&mut self, a: &mut Arena, e: &ast::Expr) -> Initializer {
        match e {
            ast::Expr::InitList(l) => Initializer::List(self.init_list_items(a, l)),
            _ => Initializer::Expr(self.expr(a, e)),
        }
    }

    fn init_list_items(&mut self, a: &mut Arena, l: &ast::InitList) -> Vec<(Option<Designator>, Initializer)> {
        let r = self.range(l.syntax());
        if !self.enter(r) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for item in l.items() {
            match item {
                ast::InitItem::Plain(e) if l.is_expanded(&e) => {
                    let er = self.range(e.syntax());
                    let x = self.expr(a, &e);
                    out.push((None, Initializer::Expr(a.alloc_expr(Expr::PackExpansion(x), er))));
                }
                ast::InitItem::Plain(e) => out.push((None, self.initializer(a, &e))),
                ast::InitItem::Designated(d) => {
                    let designators: Vec<_> = d.designators().collect();
                    let mut value = match d.value() {
                        Some(v) => self.initializer(a, &v),
                        None => Initializer::Expr(self.missing(a, d.syntax())),
                    };
                    // `.a.b = v` becomes `.a = { .b = v }`.
                    let mut lowered: Vec<Designator> = designators.iter().map(|g| self.designator(a, g)).collect();
                    let Some(first) = (!lowered.is_empty()).then(|| lowered.remove(0)) else {
                        out.push((None, value));
                        continue;
                    };
                    for g in lowered.into_iter().rev() {
                        value = Initializer::List(vec![(Some(g), value)]);
                    }
                    out.push((Some(first), value));
                }
            }
        }
        self.leave();
        out
    }

    fn designator(&mut self, a: &mut Arena, g: &ast::Designator) -> Designator {
        if let Some(n) = g.field() {
            return Designator::Field(self.name_text(&n).unwrap_or_default());
        }
        Designator::Index(self.expr_opt(a, g.index(), g.syntax()))
    }
}

/// `(void)`: one parameter with just `void` and no declarator.
fn is_void_param(p: &ast::Param) -> bool {
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

/// `(void*)e`: a reinterpret_cast's operand, so that no derived/base pointer adjustment applies.
fn reinterpret_via_void(a: &mut Arena, e: ExprId, r: TextRange) -> ExprId {
    let vp = a.alloc_type(
        TypeRef::Pointer(Box::new(TypeRef::Builtin(crate::body::BuiltinType::Void))),
        r,
    );
    a.alloc_expr(Expr::Cast { ty: vp, expr: e }, r)
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
