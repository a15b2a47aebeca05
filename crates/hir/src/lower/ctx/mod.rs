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

mod declarators;
mod enums;
mod exprs;
mod initializers;
mod records;
mod specs;
mod type_names;

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
    /// Lowering a constant expression or an alias template's type, which the body checker
    /// checks from the enclosing scope (see [`Tags::global_spelling`]).
    pub keep_global: bool,
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

    /// The names of the parameters of the templates whose declarations are being lowered
    /// (outermost first): a type name spelled like one of them names the parameter, not a
    /// typedef or class of an enclosing scope (`typedef long index_t;` in a class, then a
    /// member `template <class index_t> index_t f(index_t);`).
    pub template_params: Vec<SmolStr>,

    /// `using N::name;` declarations: `name` (qualified with the enclosing namespace) ->
    /// `N::name`.
    pub aliases: FxHashMap<SmolStr, SmolStr>,
    /// Namespace aliases: `cg` -> `cooperative_groups`.
    pub ns_aliases: FxHashMap<SmolStr, SmolStr>,
    /// Member functions (definitions and declarations) of records lowered so far and not yet
    /// turned into items: the member's syntax node, the record index and its qualified name.
    pub pending_methods: Vec<(SyntaxNode, u32, SmolStr, u32)>,
    /// Friend function declarations and definitions in records lowered so far: the node, the
    /// class's qualified name, the namespace to declare the function in and, for a friend
    /// function defined in a class template or an explicit specialization, the class's record
    /// (the function is declared with each specialization).
    pub pending_friends: Vec<(SyntaxNode, SmolStr, Vec<SmolStr>, Option<u32>)>,
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
    /// Classes nested in class templates whose definitions ended with `pending_members` this
    /// long: their `member_end` once those members are items.
    pub pending_member_ends: Vec<(u32, u32)>,
    /// The record whose member (function or class) template is being lowered after it
    /// (`pending_methods`): a class template defined there is a member class template.
    pub method_record: Option<u32>,
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
        let templated = |r: &RecordItem| r.template.is_some() || r.specialization.is_some();
        self.scope_records.iter().any(|n| match self.tags.get(n) {
            // The tag's definition is the primary (or the only) class of that name: a class
            // template's specializations share its name, and it is a template too.
            Some(Tag::Record { def: Some(i), .. }) if (*i as usize) < self.records.len() => {
                templated(&self.records[*i as usize])
            }
            _ => self.records.iter().any(|r| r.name.as_ref() == Some(n) && templated(r)),
        })
    }

    pub fn candidates(&self, name: &str) -> Vec<SmolStr> {
        let mut out = Vec::new();
        self.each_candidate(name, |q| {
            out.push(SmolStr::new(q));
            None::<()>
        });
        out
    }

    /// Calls `f` on each of [`Self::candidates`] in order until it returns `Some`, building each
    /// name in one reused buffer (lookups run for most type names of every header, and most
    /// candidates miss).
    fn each_candidate<T>(&self, name: &str, mut f: impl FnMut(&str) -> Option<T>) -> Option<T> {
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
        let mut buf = String::with_capacity(64);
        let scoped = |buf: &mut String, scope: &[&str]| {
            buf.clear();
            for part in scope {
                buf.push_str(part);
                buf.push_str("::");
            }
            buf.push_str(name);
        };
        for r in self.scope_records.iter().rev() {
            scoped(&mut buf, &[r.as_str()]);
            if let Some(t) = f(&buf) {
                return Some(t);
            }
        }
        for k in (1..=self.ns.len()).rev() {
            buf.clear();
            for part in &self.ns[..k] {
                buf.push_str(part);
                buf.push_str("::");
            }
            buf.push_str(name);
            if let Some(t) = self.aliases.get(buf.as_str()).and_then(|t| f(t)) {
                return Some(t);
            }
            if let Some(t) = f(&buf) {
                return Some(t);
            }
        }
        if let Some(t) = f(self.aliases.get(name).map_or(name, SmolStr::as_str)) {
            return Some(t);
        }
        if self.using_dirs.is_empty() {
            return None;
        }
        let here = self.ns.join("::");
        for (scope, d) in &self.using_dirs {
            let inside = scope.is_empty()
                || here == *scope
                || here.strip_prefix(scope.as_str()).is_some_and(|r| r.starts_with("::"));
            if inside {
                scoped(&mut buf, &[d.as_str()]);
                if let Some(t) = f(&buf) {
                    return Some(t);
                }
            }
        }
        None
    }

    /// The first of `name`'s candidates that `found` accepts; when none does, the candidates
    /// through using-directives and inline namespaces of named namespaces
    /// ([`crate::lookup_through_directives`]), tried only then because they are rarely needed.
    fn find_candidate<T>(&self, name: &str, found: impl Fn(&str) -> Option<T>) -> Option<T> {
        if let Some(t) = self.each_candidate(name, &found) {
            return Some(t);
        }
        if !name.contains("::") {
            return None;
        }
        let mut c = self.candidates(name);
        // `__4::integral_constant` inside `cuda::std`: the member of the namespace that names the
        // inline namespace's members.
        if let Some(t) = c.iter().filter_map(|q| self.unspell_inline(q)).find_map(|q| found(&q)) {
            return Some(t);
        }
        if self.nominated.is_empty() {
            return None;
        }
        let n = c.len();
        crate::lookup_through_directives(&mut c, |ns| self.nominated.get(ns).map(Vec::as_slice));
        c[n..].iter().find_map(|q| found(q))
    }

    pub fn find_tag(&self, name: &str) -> Option<(SmolStr, Tag)> {
        self.find_candidate(name, |q| self.tags.get_key_value(q).map(|(k, t)| (k.clone(), *t)))
    }

    pub fn find_alias_template(&self, name: &str) -> Option<SmolStr> {
        self.find_candidate(name, |q| self.alias_templates.get(q).cloned())
    }

    /// A class or alias template named from the global namespace (`::std::complex`): only the
    /// name as written (or a namespace alias of its first part) counts.
    pub fn find_global(&self, name: &str) -> Option<SmolStr> {
        self.find_global_with(name, |q| {
            (self.tags.contains_key(q) || self.alias_templates.contains(q)).then(|| SmolStr::new(q))
        })
    }

    /// The first of the global namespace's names `name` (written after `::`) may denote that
    /// `found` accepts: the name as written (or through a namespace alias of its first part,
    /// an inline namespace's spelling, a using-declaration), then through the global
    /// namespace's using-directives. No enclosing namespace or class is searched.
    pub fn find_global_with<T>(&self, name: &str, found: impl Fn(&str) -> Option<T>) -> Option<T> {
        let q = match name.split_once("::") {
            Some((first, rest)) if self.ns_aliases.contains_key(first) => {
                SmolStr::new(format!("{}::{rest}", self.ns_aliases[first]))
            }
            _ => SmolStr::new(name),
        };
        // `::cuda::std::__4::integral_constant` (libcu++'s `_CUDA_VSTD::integral_constant`):
        // `cuda::std::integral_constant`.
        let q = self.unspell_inline(&q).unwrap_or(q);
        let q = self.aliases.get(&q).cloned().unwrap_or(q);
        if let Some(t) = found(&q) {
            return Some(t);
        }
        let mut c = vec![q];
        for (scope, d) in &self.using_dirs {
            if scope.is_empty() {
                c.push(SmolStr::new(format!("{d}::{name}")));
            }
        }
        if !self.nominated.is_empty() {
            crate::lookup_through_directives(&mut c, |ns| self.nominated.get(ns).map(Vec::as_slice));
        }
        c[1..].iter().find_map(|q| found(q))
    }

    /// `q`, a name of the global namespace resolved in full (written `::std::X`), as an item
    /// hands it on: with the leading `::` kept where `q` looked up from here would denote
    /// another class, typedef or alias template (`::std::X` inside `cuda::std`, which has its
    /// own `std::X`). Names in item-level types are looked up again from their scope by the
    /// body checker (an alias template used in a body, a namespace-scope initializer), which
    /// would otherwise take `cuda::std::X`. (Also where an enclosing namespace other than the
    /// outermost has the name's first component as its name: the checker sees the classes
    /// declared later too, libcu++'s `cuda::std::__iterator_traits` after a use of
    /// `::std::__iterator_traits` in `cuda::std`.)
    pub fn global_spelling(&self, q: SmolStr) -> SmolStr {
        if !self.keep_global {
            // (A declaration's own types are resolved at the item level, by the name in full.)
            return q;
        }
        let other = |found: Option<SmolStr>| found.is_some_and(|f| f != q);
        let first = q.split("::").next().unwrap_or(&q);
        if (q.contains("::") && self.ns.iter().skip(1).any(|n| n == first))
            || other(self.find_tag(&q).map(|(k, _)| k))
            || other(self.find_typedef(&q))
            || other(self.find_alias_template(&q))
        {
            SmolStr::new(format!("::{q}"))
        } else {
            q
        }
    }

    pub fn find_global_typedef(&self, name: &str) -> Option<SmolStr> {
        self.find_global_with(name, |q| self.typedefs.get(q).cloned())
    }

    pub fn find_global_tag(&self, name: &str) -> Option<(SmolStr, Tag)> {
        self.find_global_with(name, |q| self.tags.get_key_value(q).map(|(k, t)| (k.clone(), *t)))
    }

    /// A qualified name that spells an inline namespace (`cuda::std::__4::f`) as warpc names its
    /// members (`cuda::std::f`); `None` for a name that spells none.
    fn unspell_inline(&self, name: &str) -> Option<SmolStr> {
        self.inline_namespaces
            .iter()
            .filter(|(_, abi)| name.strip_prefix(abi.as_str()).is_some_and(|r| r.starts_with("::")))
            .max_by_key(|(_, abi)| abi.len())
            .map(|(named, abi)| SmolStr::new(format!("{named}{}", &name[abi.len()..])))
    }

    pub fn find_typedef(&self, name: &str) -> Option<SmolStr> {
        self.find_candidate(name, |q| self.typedefs.get(q).cloned())
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
        // (A function type's parameters and return type may be references: `void (*f)(int&)`.)
        _ => false,
    }
}

/// Whether a type (as written) is a reference `T&` or `T&&` (with no other reference inside
/// another declarator, `T&* p`, checked by [`has_reference`]).
pub(crate) fn is_top_reference(t: &TypeRef) -> bool {
    match t {
        TypeRef::Reference(_) => true,
        TypeRef::Qualified(q, t) => q.contains(Quals::RVALUE) && matches!(**t, TypeRef::Reference(_)),
        _ => false,
    }
}

pub(crate) struct Lower<'a> {
    pub exp: &'a Expansions,
    pub file: FileId,
    pub diags: &'a mut Vec<Diagnostic>,
    pub tags: Option<&'a mut Tags>,
    /// Lowering a function body: the classes defined in it so far (`Body::local_records`).
    /// `None` elsewhere (a class definition there is unsupported).
    pub local_records: Option<Vec<crate::body::LocalRecordDef>>,
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
            local_records: None,
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
            } else if conv.is_some() && out.ends_with("operator") && t.kind() == SyntaxKind::COLON2 {
                // `operator ::ns::size_t`: keep the space that marks a conversion function.
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

    /// Lowering an expression or initializer (types named inside it included).
    pub(crate) fn in_expr(&self) -> bool {
        self.depth > 0
    }

    /// A namespace- or class-scope `static_assert`'s condition (a missing one is `Expr::Missing`)
    /// and message.
    pub fn static_assert_args(&mut self, sa: &ast::StaticAssertDecl) -> (ConstExpr, Option<String>) {
        let (cond, msg) = sa.args();
        let cond = match cond {
            Some(c) => self.const_expr(&c),
            None => ConstExpr {
                exprs: vec![Expr::Missing],
                types: Vec::new(),
                root: ExprId(0),
            },
        };
        (cond, msg.and_then(|m| self.message_text(&m)))
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
}
