//! Typed AST views: newtypes over [`SyntaxNode`] with accessors, written by hand from
//! `grammar.md`. Accessors never fail on malformed trees; they return `None`/empty.
//!
//! Token *text* is not available here for zero-width (macro-expanded) tokens: read it through
//! [`crate::Expansions::token_text`] (or [`crate::FnSyntax::token_text`]). Accessors return
//! [`SyntaxToken`]s for that reason.

use crate::SyntaxKind::{self, *};
use crate::{SyntaxElement, SyntaxNode, SyntaxToken};

/// A typed view of a node.
pub trait AstNode: Sized {
    fn can_cast(kind: SyntaxKind) -> bool;
    fn cast(node: SyntaxNode) -> Option<Self>;
    fn syntax(&self) -> &SyntaxNode;
}

/// Whether some direct child of `node` (a node when `node_kind`, else a token) satisfies
/// `kind_ok`. Reads the green tree: walking the cursor allocates a node per child, and most
/// accessors ask about something that is absent.
fn green_has(node: &SyntaxNode, node_kind: bool, kind_ok: impl Fn(SyntaxKind) -> bool) -> bool {
    let kind = |raw| <crate::CudaLang as rowan::Language>::kind_from_raw(raw);
    node.green().children().any(|c| match c {
        rowan::NodeOrToken::Node(n) => node_kind && kind_ok(kind(n.kind())),
        rowan::NodeOrToken::Token(t) => !node_kind && kind_ok(kind(t.kind())),
    })
}

/// Whether `node` has a direct token of `kind`.
fn has_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    green_has(node, false, |k| k == kind)
}

/// A direct `&&` token (`Some(true)`), else a direct `&` token (`Some(false)`), else `None`:
/// a member function's ref-qualifier or a structured binding's reference.
fn ref_kind(node: &SyntaxNode) -> Option<bool> {
    if has_token(node, AMP2) {
        Some(true)
    } else if has_token(node, AMP) {
        Some(false)
    } else {
        None
    }
}

fn child<N: AstNode>(node: &SyntaxNode) -> Option<N> {
    if !green_has(node, true, N::can_cast) {
        return None;
    }
    node.children().find_map(N::cast)
}

/// The leading operand of a left-recursive form (binary, postfix, call, index, member,
/// conditional): the first child node, unless that is an `ERROR` node (a bad token the lexer or
/// parser reported), in which case the operand is absent rather than some later child.
fn leading_operand(node: &SyntaxNode) -> Option<Expr> {
    let first = node.children().next()?;
    if first.kind() == ERROR {
        return None;
    }
    child(node)
}

fn children<N: AstNode>(node: &SyntaxNode) -> impl Iterator<Item = N> {
    node.children().filter_map(N::cast)
}

fn token(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    if !has_token(node, kind) {
        return None;
    }
    node.children_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .find(|t| t.kind() == kind)
}

/// Direct non-trivia tokens of a node.
pub fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    node.children_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .filter(|t| !t.kind().is_trivia())
}

/// The children of `node` of type `N` that come after the first direct token of kind `after`
/// (and before a token of kind `before`, when given).
fn children_between<N: AstNode>(node: &SyntaxNode, after: Option<SyntaxKind>, before: Option<SyntaxKind>) -> Vec<N> {
    let mut out = Vec::new();
    if after.is_some_and(|a| !has_token(node, a)) || !green_has(node, true, N::can_cast) {
        return out;
    }
    let mut active = after.is_none();
    for el in node.children_with_tokens() {
        match el {
            rowan::NodeOrToken::Token(t) => {
                if !active && Some(t.kind()) == after {
                    active = true;
                } else if active && Some(t.kind()) == before {
                    break;
                }
            }
            rowan::NodeOrToken::Node(n) => {
                if active {
                    if let Some(x) = N::cast(n) {
                        out.push(x);
                    }
                }
            }
        }
    }
    out
}

macro_rules! ast_node {
    ($(#[$m:meta])* $name:ident = $kind:ident) => {
        $(#[$m])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(SyntaxNode);
        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(node: SyntaxNode) -> Option<Self> {
                (node.kind() == $kind).then(|| $name(node))
            }
            fn syntax(&self) -> &SyntaxNode {
                &self.0
            }
        }
    };
}

macro_rules! ast_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name { $($variant($variant)),* }
        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                $($variant::can_cast(kind))||*
            }
            fn cast(node: SyntaxNode) -> Option<Self> {
                $(if $variant::can_cast(node.kind()) { return $variant::cast(node).map($name::$variant); })*
                None
            }
            fn syntax(&self) -> &SyntaxNode {
                match self { $($name::$variant(x) => x.syntax()),* }
            }
        }
    };
}

// ---- items ----

ast_node!(SourceFile = SOURCE_FILE);
ast_node!(FunctionDef = FUNCTION_DEF);
ast_node!(Declaration = DECLARATION);
ast_node!(LinkageSpec = LINKAGE_SPEC);
ast_node!(DeclList = DECL_LIST);
ast_node!(EmptyDecl = EMPTY_DECL);
ast_node!(TemplateDecl = TEMPLATE_DECL);
ast_node!(NamespaceDef = NAMESPACE_DEF);
ast_node!(UsingDecl = USING_DECL);
ast_node!(StaticAssertDecl = STATIC_ASSERT_DECL);
ast_node!(PragmaStmt = PRAGMA_STMT);
ast_node!(AsmStmt = ASM_STMT);
ast_node!(AsmOperand = ASM_OPERAND);
ast_node!(ErrorNode = ERROR);

ast_enum!(
    /// Anything that can be a top-level item, a member of a DECL_LIST or a FIELD_LIST.
    Item {
        FunctionDef, Declaration, LinkageSpec, EmptyDecl, TemplateDecl, NamespaceDef, UsingDecl, StaticAssertDecl,
        PragmaStmt, AsmStmt, ErrorNode,
    }
);

impl SourceFile {
    pub fn items(&self) -> impl Iterator<Item = Item> {
        children(&self.0)
    }
}

impl FunctionDef {
    pub fn decl_specs(&self) -> Option<DeclSpecs> {
        child(&self.0)
    }
    pub fn declarator(&self) -> Option<Declarator> {
        child(&self.0)
    }
    pub fn body(&self) -> Option<BlockStmt> {
        child(&self.0)
    }
    /// Attributes between the declarator and the body.
    pub fn attributes(&self) -> impl Iterator<Item = Attribute> {
        children(&self.0)
    }
    /// C++ constructor initializer list (`: x(a), y(b)`).
    pub fn ctor_initializer(&self) -> Option<CtorInitializer> {
        child(&self.0)
    }
}

ast_node!(CtorInitializer = CTOR_INITIALIZER);
ast_node!(MemInitializer = MEM_INITIALIZER);

impl CtorInitializer {
    pub fn members(&self) -> impl Iterator<Item = MemInitializer> {
        children(&self.0)
    }
}

impl MemInitializer {
    pub fn name(&self) -> Option<NameRef> {
        child(&self.0)
    }
    pub fn args(&self) -> Option<ArgList> {
        child(&self.0)
    }
    pub fn init_list(&self) -> Option<InitList> {
        child(&self.0)
    }
    /// A pack expansion `Base<T>(args)...`.
    pub fn is_pack_expansion(&self) -> bool {
        has_token(&self.0, ELLIPSIS)
    }
}

impl Declaration {
    pub fn decl_specs(&self) -> Option<DeclSpecs> {
        child(&self.0)
    }
    pub fn init_declarators(&self) -> impl Iterator<Item = InitDeclarator> {
        children(&self.0)
    }
}

impl LinkageSpec {
    /// The string literal (`"C"`).
    pub fn abi(&self) -> Option<SyntaxToken> {
        token(&self.0, STRING_LIT)
    }
    /// The items: those of the `{ }` list, or the single declaration.
    pub fn items(&self) -> Vec<Item> {
        match child::<DeclList>(&self.0) {
            Some(list) => list.items().collect(),
            None => children(&self.0).collect(),
        }
    }
}

impl DeclList {
    pub fn items(&self) -> impl Iterator<Item = Item> {
        children(&self.0)
    }
}

impl NamespaceDef {
    pub fn decl_list(&self) -> Option<DeclList> {
        child(&self.0)
    }
}

impl StaticAssertDecl {
    /// The condition and the message literal's expression, if written.
    pub fn args(&self) -> (Option<Expr>, Option<Expr>) {
        match child::<ArgList>(&self.0) {
            Some(al) => {
                let mut it = al.args();
                (it.next(), it.next())
            }
            None => (None, None),
        }
    }
}

/// What follows an asm statement's template, by section.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AsmPart {
    /// An output (section 1) or input (section 2) operand.
    Operand(AsmOperand),
    /// A clobber string (section 3).
    Clobber(Literal),
    /// An `asm goto` label (section 4).
    Label(SyntaxToken),
}

impl AsmStmt {
    /// `volatile`, `inline`, `goto` written before the parenthesis.
    pub fn qualifiers(&self) -> impl Iterator<Item = SyntaxToken> {
        direct_tokens(&self.0)
            .take_while(|t| t.kind() != L_PAREN)
            .filter(|t| t.kind() != ASM_KW)
    }
    /// The template string (the first string literal inside the parentheses).
    pub fn template(&self) -> Option<Literal> {
        child(&self.0)
    }
    /// The operands, clobbers and labels with their section number (1 outputs, 2 inputs,
    /// 3 clobbers, 4 labels; `::` counts as two separators).
    pub fn parts(&self) -> Vec<(u32, AsmPart)> {
        let mut out = Vec::new();
        let mut section = 0u32;
        let mut seen_template = false;
        for el in self.0.children_with_tokens() {
            match el {
                rowan::NodeOrToken::Token(t) => match t.kind() {
                    COLON => section += 1,
                    COLON2 => section += 2,
                    IDENT if section >= 4 => out.push((section, AsmPart::Label(t))),
                    _ => {}
                },
                rowan::NodeOrToken::Node(n) => {
                    if let Some(o) = AsmOperand::cast(n.clone()) {
                        out.push((section, AsmPart::Operand(o)));
                    } else if let Some(l) = Literal::cast(n) {
                        if seen_template {
                            out.push((section, AsmPart::Clobber(l)));
                        }
                        seen_template = true;
                    }
                }
            }
        }
        out
    }
}

impl AsmOperand {
    /// `[name]` of a symbolic operand.
    pub fn symbolic_name(&self) -> Option<SyntaxToken> {
        token(&self.0, IDENT)
    }
    pub fn constraint(&self) -> Option<Literal> {
        child(&self.0)
    }
    /// The parenthesized expression.
    pub fn expr(&self) -> Option<Expr> {
        children_between(&self.0, Some(L_PAREN), None).into_iter().next()
    }
}

impl TemplateDecl {
    pub fn item(&self) -> Option<Item> {
        child(&self.0)
    }
}

impl PragmaStmt {
    pub fn pragma(&self) -> Option<SyntaxToken> {
        token(&self.0, PRAGMA)
    }
    /// The statement the pragma precedes (none at top level or before `}`).
    pub fn stmt(&self) -> Option<Stmt> {
        child(&self.0)
    }
}

// ---- specifiers ----

ast_node!(DeclSpecs = DECL_SPECS);
ast_node!(TypeNameRef = TYPE_NAME_REF);
ast_node!(RecordSpec = RECORD_SPEC);
ast_node!(FieldList = FIELD_LIST);
ast_node!(BaseSpec = BASE_SPEC);
ast_node!(EnumSpec = ENUM_SPEC);
ast_node!(EnumeratorList = ENUMERATOR_LIST);
ast_node!(Enumerator = ENUMERATOR);
ast_node!(Attribute = ATTRIBUTE);
ast_node!(AttributeArgs = ATTRIBUTE_ARGS);
ast_node!(Name = NAME);
ast_node!(NameRef = NAME_REF);
ast_node!(TypeName = TYPE_NAME);

impl DeclSpecs {
    /// Keyword tokens (storage classes, qualifiers, builtin type keywords, CUDA specifiers).
    pub fn keywords(&self) -> impl Iterator<Item = SyntaxToken> {
        direct_tokens(&self.0)
    }
    pub fn attributes(&self) -> impl Iterator<Item = Attribute> {
        children(&self.0)
    }
    pub fn record_spec(&self) -> Option<RecordSpec> {
        child(&self.0)
    }
    pub fn enum_spec(&self) -> Option<EnumSpec> {
        child(&self.0)
    }
    pub fn type_name_ref(&self) -> Option<TypeNameRef> {
        child(&self.0)
    }
}

impl TypeNameRef {
    /// The identifier, when the reference is a plain name (not `a::b`, `typename`, `decltype`).
    pub fn simple_ident(&self) -> Option<SyntaxToken> {
        let toks: Vec<_> = direct_tokens(&self.0).collect();
        match toks.as_slice() {
            [t] if t.kind() == IDENT => Some(t.clone()),
            _ => None,
        }
    }
    pub fn tokens(&self) -> impl Iterator<Item = SyntaxToken> {
        direct_tokens(&self.0)
    }
}

impl RecordSpec {
    /// `STRUCT_KW`, `UNION_KW` or `CLASS_KW`.
    pub fn keyword(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).next()
    }
    pub fn name(&self) -> Option<Name> {
        child(&self.0)
    }
    pub fn field_list(&self) -> Option<FieldList> {
        child(&self.0)
    }
    pub fn attributes(&self) -> impl Iterator<Item = Attribute> {
        children(&self.0)
    }
    /// Whether a C++ base clause (`: Base`) is present.
    pub fn has_base_clause(&self) -> bool {
        has_token(&self.0, COLON)
    }
    /// The base specifiers of a C++ base clause.
    pub fn bases(&self) -> impl Iterator<Item = BaseSpec> {
        children(&self.0)
    }
}

impl BaseSpec {
    pub fn type_name(&self) -> Option<TypeName> {
        child(&self.0)
    }
    /// `virtual` is present.
    pub fn is_virtual(&self) -> bool {
        has_token(&self.0, VIRTUAL_KW)
    }
    /// A pack expansion `Bases...`.
    pub fn is_pack_expansion(&self) -> bool {
        has_token(&self.0, ELLIPSIS)
    }
}

impl FieldList {
    pub fn members(&self) -> impl Iterator<Item = Item> {
        children(&self.0)
    }
    /// Direct tokens other than braces (access specifiers).
    pub fn access_specifiers(&self) -> impl Iterator<Item = SyntaxToken> {
        direct_tokens(&self.0).filter(|t| matches!(t.kind(), PUBLIC_KW | PRIVATE_KW | PROTECTED_KW))
    }
}

impl EnumSpec {
    pub fn name(&self) -> Option<Name> {
        child(&self.0)
    }
    /// `enum class` / `enum struct`.
    pub fn is_scoped(&self) -> bool {
        has_token(&self.0, CLASS_KW) || has_token(&self.0, STRUCT_KW)
    }
    pub fn underlying_type(&self) -> Option<TypeName> {
        child(&self.0)
    }
    pub fn enumerator_list(&self) -> Option<EnumeratorList> {
        child(&self.0)
    }
    pub fn attributes(&self) -> impl Iterator<Item = Attribute> {
        children(&self.0)
    }
}

impl EnumeratorList {
    pub fn enumerators(&self) -> impl Iterator<Item = Enumerator> {
        children(&self.0)
    }
}

impl Enumerator {
    pub fn name(&self) -> Option<Name> {
        child(&self.0)
    }
    pub fn value(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl Attribute {
    /// The introducing token (`__launch_bounds__`, `__align__`, `alignas`, `__attribute__`,
    /// `__declspec`, or `[` of `[[...]]`).
    pub fn keyword(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).next()
    }
    /// Arguments of `__launch_bounds__`, `__align__`, `alignas`.
    pub fn arg_list(&self) -> Option<ArgList> {
        child(&self.0)
    }
    /// The balanced `((...))` of `__attribute__`, `__declspec`, `[[...]]`.
    pub fn args(&self) -> Option<AttributeArgs> {
        child(&self.0)
    }
}

impl AttributeArgs {
    /// GNU attribute items: each name token at the item level, with its parsed arguments when
    /// the parser parsed them (`aligned(N)`, `launch_bounds(...)`).
    pub fn gnu_items(&self) -> Vec<(SyntaxToken, Option<ArgList>)> {
        let mut out: Vec<(SyntaxToken, Option<ArgList>)> = Vec::new();
        let mut level = 0u32;
        for el in self.0.children_with_tokens() {
            match el {
                rowan::NodeOrToken::Token(t) => match t.kind() {
                    L_PAREN => level += 1,
                    R_PAREN => level = level.saturating_sub(1),
                    COMMA => {}
                    k if k.is_trivia() => {}
                    _ if level == 2 => out.push((t, None)),
                    _ => {}
                },
                rowan::NodeOrToken::Node(n) => {
                    if let (Some(list), Some(last)) = (ArgList::cast(n), out.last_mut()) {
                        if last.1.is_none() {
                            last.1 = Some(list);
                        }
                    }
                }
            }
        }
        out
    }
}

impl Name {
    pub fn ident(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).next()
    }
    /// The name's tokens (several for `A::f`, `operator+=`, `~A`).
    pub fn tokens(&self) -> impl Iterator<Item = SyntaxToken> {
        direct_tokens(&self.0)
    }
}

impl NameRef {
    /// The identifier of a plain name; for a qualified name (`ns::f`), its last identifier.
    pub fn ident(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).filter(|t| t.kind() == IDENT).last()
    }
    /// Whether the name is qualified (`ns::f`, `::f`).
    pub fn is_qualified(&self) -> bool {
        has_token(&self.0, COLON2)
    }
}

impl TypeName {
    pub fn decl_specs(&self) -> Option<DeclSpecs> {
        child(&self.0)
    }
    pub fn declarator(&self) -> Option<Declarator> {
        child(&self.0)
    }
}

// ---- declarators ----

ast_node!(InitDeclarator = INIT_DECLARATOR);
ast_node!(NameDeclarator = NAME_DECLARATOR);
ast_node!(PointerDeclarator = POINTER_DECLARATOR);
ast_node!(ReferenceDeclarator = REFERENCE_DECLARATOR);
ast_node!(ArrayDeclarator = ARRAY_DECLARATOR);
ast_node!(FunctionDeclarator = FUNCTION_DECLARATOR);
ast_node!(ParenDeclarator = PAREN_DECLARATOR);
ast_node!(ParamList = PARAM_LIST);
ast_node!(Param = PARAM);

ast_enum!(
    /// A (possibly abstract) declarator. The outermost node applies first to the base type.
    Declarator {
        NameDeclarator, PointerDeclarator, ReferenceDeclarator, ArrayDeclarator, FunctionDeclarator, ParenDeclarator,
    }
);

impl Declarator {
    /// The wrapped declarator (none for a name, or at the end of an abstract declarator).
    pub fn inner(&self) -> Option<Declarator> {
        match self {
            Declarator::NameDeclarator(_) => None,
            _ => child(self.syntax()),
        }
    }

    /// The declared name, searching through the nesting.
    pub fn name(&self) -> Option<Name> {
        let mut cur = self.clone();
        loop {
            if let Declarator::NameDeclarator(n) = &cur {
                return n.name();
            }
            cur = cur.inner()?;
        }
    }

    /// The parameter list of the function declarator directly around the name (through
    /// parentheses): the parameters of the declared function, if it is one.
    pub fn own_function(&self) -> Option<FunctionDeclarator> {
        let mut cur = self.clone();
        let mut last_fn: Option<FunctionDeclarator> = None;
        loop {
            match &cur {
                Declarator::NameDeclarator(_) => return last_fn,
                Declarator::ParenDeclarator(_) => {}
                Declarator::FunctionDeclarator(f) => last_fn = Some(f.clone()),
                _ => last_fn = None,
            }
            match cur.inner() {
                Some(inner) => cur = inner,
                None => return last_fn,
            }
        }
    }
}

impl InitDeclarator {
    pub fn declarator(&self) -> Option<Declarator> {
        child(&self.0)
    }
    /// A C++17 structured binding in place of the declarator (`auto [a, b] = s`).
    pub fn structured_binding(&self) -> Option<StructuredBinding> {
        child(&self.0)
    }
    pub fn attributes(&self) -> impl Iterator<Item = Attribute> {
        children(&self.0)
    }
    /// The initializer after `=`, or a C++ braced initializer without `=`.
    pub fn initializer(&self) -> Option<Expr> {
        if has_token(&self.0, EQ) {
            return children_between::<Expr>(&self.0, Some(EQ), None).into_iter().next();
        }
        children::<Expr>(&self.0).find(|e| matches!(e, Expr::InitList(_)))
    }
    /// C++ direct-initialization arguments `T x(a, b)`.
    pub fn paren_args(&self) -> Option<ArgList> {
        child(&self.0)
    }
    /// Whether a GNU asm label (`asm("symbol")`) follows the declarator.
    pub fn has_asm_label(&self) -> bool {
        has_token(&self.0, ASM_KW)
    }
    /// Whether there is an `=` (even with a missing initializer).
    pub fn has_eq(&self) -> bool {
        has_token(&self.0, EQ)
    }
    /// `= default` on a function declaration.
    pub fn is_defaulted(&self) -> bool {
        has_token(&self.0, DEFAULT_KW)
    }
    /// `= delete` on a function declaration.
    pub fn is_deleted(&self) -> bool {
        has_token(&self.0, DELETE_KW)
    }
    /// The bit-field width after `:`.
    pub fn bit_width(&self) -> Option<Expr> {
        token(&self.0, COLON)?;
        children_between::<Expr>(&self.0, Some(COLON), Some(EQ))
            .into_iter()
            .next()
    }
}

impl NameDeclarator {
    pub fn name(&self) -> Option<Name> {
        child(&self.0)
    }
}

impl PointerDeclarator {
    /// `CONST_KW`, `VOLATILE_KW`, `RESTRICT_KW` tokens after the `*`.
    pub fn qualifiers(&self) -> impl Iterator<Item = SyntaxToken> {
        direct_tokens(&self.0).filter(|t| matches!(t.kind(), CONST_KW | VOLATILE_KW | RESTRICT_KW))
    }
    /// The class of a pointer to member (`C` in `int C::*p`, `ns::C<T>` in `R (ns::C<T>::*)()`)
    /// as written, without the trailing `::`; `None` for a plain pointer.
    pub fn member_class(&self) -> Option<String> {
        let toks: Vec<SyntaxToken> = direct_tokens(&self.0).take_while(|t| t.kind() != STAR).collect();
        let (last, rest) = toks.split_last()?;
        if last.kind() != COLON2 {
            return None;
        }
        Some(rest.iter().map(|t| t.text()).collect())
    }
}

impl ArrayDeclarator {
    pub fn size(&self) -> Option<Expr> {
        children_between::<Expr>(&self.0, Some(L_BRACK), Some(R_BRACK))
            .into_iter()
            .next()
    }
}

impl FunctionDeclarator {
    pub fn param_list(&self) -> Option<ParamList> {
        child(&self.0)
    }
    /// A C++ `const` member function (`T f() const`).
    pub fn is_const(&self) -> bool {
        has_token(&self.0, CONST_KW)
    }
    /// A C++ `volatile` member function (`T f() volatile`).
    pub fn is_volatile(&self) -> bool {
        has_token(&self.0, VOLATILE_KW)
    }
    /// A member function's ref-qualifier: `Some(false)` for `&`, `Some(true)` for `&&`.
    pub fn ref_qualifier(&self) -> Option<bool> {
        ref_kind(&self.0)
    }
    pub fn inner(&self) -> Option<Declarator> {
        child(&self.0)
    }
    /// The trailing return type (`-> T`).
    pub fn trailing_return(&self) -> Option<TypeName> {
        child(&self.0)
    }
    /// The noexcept-specifier: `None` without one, `Some(None)` for a plain `noexcept`,
    /// `Some(Some(cond))` for `noexcept(cond)`.
    pub fn noexcept_spec(&self) -> Option<Option<Expr>> {
        token(&self.0, NOEXCEPT_KW)?;
        Some(
            self.0
                .children()
                .find(|n| n.kind() == NOEXCEPT_SPEC)
                .and_then(|n| child(&n)),
        )
    }
}

impl ParamList {
    pub fn params(&self) -> impl Iterator<Item = Param> {
        children(&self.0)
    }
    pub fn is_variadic(&self) -> bool {
        has_token(&self.0, ELLIPSIS)
    }
}

impl Param {
    pub fn decl_specs(&self) -> Option<DeclSpecs> {
        child(&self.0)
    }
    pub fn declarator(&self) -> Option<Declarator> {
        child(&self.0)
    }
    pub fn default_value(&self) -> Option<Expr> {
        children_between::<Expr>(&self.0, Some(EQ), None).into_iter().next()
    }
    /// `...` in the parameter (a parameter pack `A... a`, or `int...`).
    pub fn has_ellipsis(&self) -> bool {
        fn go(n: &rowan::GreenNodeData) -> bool {
            let kind = |raw| <crate::CudaLang as rowan::Language>::kind_from_raw(raw);
            n.children().any(|e| match e {
                rowan::NodeOrToken::Token(t) => kind(t.kind()) == ELLIPSIS,
                rowan::NodeOrToken::Node(c) => {
                    matches!(kind(c.kind()), POINTER_DECLARATOR | REFERENCE_DECLARATOR) && go(c)
                }
            })
        }
        go(&self.0.green())
    }
}

// ---- statements ----

ast_node!(BlockStmt = BLOCK_STMT);
ast_node!(ExprStmt = EXPR_STMT);
ast_node!(DeclStmt = DECL_STMT);
ast_node!(IfStmt = IF_STMT);
ast_node!(WhileStmt = WHILE_STMT);
ast_node!(DoStmt = DO_STMT);
ast_node!(ForStmt = FOR_STMT);
ast_node!(RangeForStmt = RANGE_FOR_STMT);

impl RangeForStmt {
    pub fn decl_specs(&self) -> Option<DeclSpecs> {
        child(&self.0)
    }
    pub fn structured_binding(&self) -> Option<StructuredBinding> {
        child(&self.0)
    }
    pub fn declarator(&self) -> Option<Declarator> {
        child(&self.0)
    }
    /// The range expression after `:`.
    pub fn range(&self) -> Option<Expr> {
        children_between::<Expr>(&self.0, Some(COLON), Some(R_PAREN))
            .into_iter()
            .next()
    }
    pub fn body(&self) -> Option<Stmt> {
        child(&self.0)
    }
}
ast_node!(SwitchStmt = SWITCH_STMT);
ast_node!(StructuredBinding = STRUCTURED_BINDING);

impl StructuredBinding {
    /// `&[..]` (`Some(false)`), `&&[..]` (`Some(true)`), by value (`None`).
    pub fn reference(&self) -> Option<bool> {
        ref_kind(&self.0)
    }
    pub fn names(&self) -> impl Iterator<Item = Name> {
        children(&self.0)
    }
    /// The `[` token (nvcc's position for the binding as a whole).
    pub fn l_brack(&self) -> Option<SyntaxToken> {
        token(&self.0, L_BRACK)
    }
}
ast_node!(CaseStmt = CASE_STMT);
ast_node!(DefaultStmt = DEFAULT_STMT);
ast_node!(BreakStmt = BREAK_STMT);
ast_node!(ContinueStmt = CONTINUE_STMT);
ast_node!(ReturnStmt = RETURN_STMT);
ast_node!(GotoStmt = GOTO_STMT);
ast_node!(LabeledStmt = LABELED_STMT);
ast_node!(EmptyStmt = EMPTY_STMT);
ast_node!(TryStmt = TRY_STMT);

ast_enum!(Stmt {
    BlockStmt,
    ExprStmt,
    DeclStmt,
    IfStmt,
    WhileStmt,
    DoStmt,
    ForStmt,
    RangeForStmt,
    SwitchStmt,
    CaseStmt,
    DefaultStmt,
    BreakStmt,
    ContinueStmt,
    ReturnStmt,
    GotoStmt,
    LabeledStmt,
    EmptyStmt,
    PragmaStmt,
    AsmStmt,
    TryStmt,
});

impl BlockStmt {
    pub fn stmts(&self) -> impl Iterator<Item = Stmt> {
        children(&self.0)
    }
}

impl ExprStmt {
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl DeclStmt {
    pub fn declaration(&self) -> Option<Declaration> {
        child(&self.0)
    }
}

/// The parts of an `if`/`switch`/`while`: the C++17 init-statement, the condition (an
/// expression or a declaration, DECL_STMT without `;`), and the statements after the header.
struct CondParts {
    init: Option<Stmt>,
    cond: Option<SyntaxNode>,
    rest: Vec<Stmt>,
}

fn cond_parts(node: &SyntaxNode) -> CondParts {
    let mut parts = CondParts {
        init: None,
        cond: None,
        rest: Vec::new(),
    };
    // 0: before `(`; 1: in the header; 2: after it.
    let mut state = if token(node, L_PAREN).is_some() { 0 } else { 1 };
    for el in node.children_with_tokens() {
        match el {
            rowan::NodeOrToken::Token(t) => match (state, t.kind()) {
                (0, L_PAREN) => state = 1,
                (1, R_PAREN) => state = 2,
                (_, ELSE_KW) => state = 3,
                _ => {}
            },
            rowan::NodeOrToken::Node(n) => {
                if state == 1 {
                    let ends_with_semi = n.last_token().is_some_and(|t| t.kind() == SEMICOLON);
                    match n.kind() {
                        EXPR_STMT | DECL_STMT | EMPTY_STMT if ends_with_semi && parts.init.is_none() => {
                            parts.init = Stmt::cast(n);
                            continue;
                        }
                        DECL_STMT => {
                            parts.cond = Some(n);
                            state = 2;
                            continue;
                        }
                        _ if Expr::can_cast(n.kind()) => {
                            parts.cond = Some(n);
                            state = 2;
                            continue;
                        }
                        ERROR => continue,
                        _ => state = 2,
                    }
                }
                if state >= 2 {
                    if let Some(st) = Stmt::cast(n) {
                        if state == 2 {
                            parts.rest.push(st);
                        }
                    }
                }
            }
        }
    }
    parts
}

impl IfStmt {
    /// `if constexpr (...)`.
    pub fn is_constexpr(&self) -> bool {
        has_token(&self.0, CONSTEXPR_KW)
    }
    /// The C++17 init-statement `if (init; cond)`.
    pub fn init_stmt(&self) -> Option<Stmt> {
        cond_parts(&self.0).init
    }
    pub fn condition(&self) -> Option<Expr> {
        cond_parts(&self.0).cond.and_then(Expr::cast)
    }
    /// A condition that declares a variable: `if (int y = f())`.
    pub fn condition_decl(&self) -> Option<DeclStmt> {
        cond_parts(&self.0).cond.and_then(DeclStmt::cast)
    }
    pub fn then_branch(&self) -> Option<Stmt> {
        cond_parts(&self.0).rest.into_iter().next()
    }
    pub fn else_branch(&self) -> Option<Stmt> {
        token(&self.0, ELSE_KW)?;
        children_between::<Stmt>(&self.0, Some(ELSE_KW), None)
            .into_iter()
            .next()
    }
}

impl WhileStmt {
    pub fn condition(&self) -> Option<Expr> {
        cond_parts(&self.0).cond.and_then(Expr::cast)
    }
    /// A condition that declares a variable: `while (int v = g())`.
    pub fn condition_decl(&self) -> Option<DeclStmt> {
        cond_parts(&self.0).cond.and_then(DeclStmt::cast)
    }
    pub fn body(&self) -> Option<Stmt> {
        cond_parts(&self.0).rest.into_iter().next()
    }
}

impl DoStmt {
    pub fn body(&self) -> Option<Stmt> {
        child(&self.0)
    }
    pub fn condition(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl ForStmt {
    /// The parts of the header: `(init, condition, step)`.
    fn header(&self) -> (Option<Stmt>, Option<Expr>, Option<Expr>) {
        let mut init = None;
        let mut cond = None;
        let mut step = None;
        // 0: before `(`; 1: init; 2: condition; 3: step; 4: after `)`.
        let mut state = 0;
        for el in self.0.children_with_tokens() {
            match el {
                rowan::NodeOrToken::Token(t) => match (state, t.kind()) {
                    (0, L_PAREN) => state = 1,
                    (1, SEMICOLON) => state = 2,
                    (2, SEMICOLON) => state = 3,
                    (1..=3, R_PAREN) => state = 4,
                    _ => {}
                },
                rowan::NodeOrToken::Node(n) => match state {
                    1 => {
                        if let Some(s) = Stmt::cast(n) {
                            init = Some(s);
                            state = 2; // the init statement holds its own `;`
                        }
                    }
                    2 if cond.is_none() => cond = Expr::cast(n),
                    3 if step.is_none() => step = Expr::cast(n),
                    _ => {}
                },
            }
        }
        (init, cond, step)
    }
    pub fn init(&self) -> Option<Stmt> {
        self.header().0
    }
    pub fn condition(&self) -> Option<Expr> {
        self.header().1
    }
    pub fn step(&self) -> Option<Expr> {
        self.header().2
    }
    pub fn body(&self) -> Option<Stmt> {
        children_between::<Stmt>(&self.0, Some(R_PAREN), None)
            .into_iter()
            .next()
    }
}

impl SwitchStmt {
    /// The C++17 init-statement `switch (init; cond)`.
    pub fn init_stmt(&self) -> Option<Stmt> {
        cond_parts(&self.0).init
    }
    pub fn condition(&self) -> Option<Expr> {
        cond_parts(&self.0).cond.and_then(Expr::cast)
    }
    /// A condition that declares a variable: `switch (int z = f())`.
    pub fn condition_decl(&self) -> Option<DeclStmt> {
        cond_parts(&self.0).cond.and_then(DeclStmt::cast)
    }
    pub fn body(&self) -> Option<Stmt> {
        cond_parts(&self.0).rest.into_iter().next()
    }
}

impl CaseStmt {
    pub fn value(&self) -> Option<Expr> {
        child(&self.0)
    }
    /// The upper bound of a GNU case range `case a ... b:`.
    pub fn range_end(&self) -> Option<Expr> {
        token(&self.0, ELLIPSIS)?;
        children_between::<Expr>(&self.0, Some(ELLIPSIS), Some(COLON))
            .into_iter()
            .next()
    }
    pub fn stmt(&self) -> Option<Stmt> {
        child(&self.0)
    }
}

impl DefaultStmt {
    pub fn stmt(&self) -> Option<Stmt> {
        child(&self.0)
    }
}

impl ReturnStmt {
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl GotoStmt {
    pub fn label(&self) -> Option<NameRef> {
        child(&self.0)
    }
}

impl LabeledStmt {
    pub fn name(&self) -> Option<Name> {
        child(&self.0)
    }
    pub fn stmt(&self) -> Option<Stmt> {
        child(&self.0)
    }
}

// ---- expressions ----

ast_node!(Literal = LITERAL);
ast_node!(ParenExpr = PAREN_EXPR);
ast_node!(FoldExpr = FOLD_EXPR);
ast_node!(BinExpr = BIN_EXPR);
ast_node!(PrefixExpr = PREFIX_EXPR);
ast_node!(PostfixExpr = POSTFIX_EXPR);
ast_node!(CondExpr = COND_EXPR);
ast_node!(CallExpr = CALL_EXPR);
ast_node!(ArgList = ARG_LIST);
ast_node!(IndexExpr = INDEX_EXPR);
ast_node!(MemberExpr = MEMBER_EXPR);
ast_node!(CastExpr = CAST_EXPR);
ast_node!(SizeofExpr = SIZEOF_EXPR);
ast_node!(AlignofExpr = ALIGNOF_EXPR);
ast_node!(KernelLaunchExpr = KERNEL_LAUNCH_EXPR);
ast_node!(LaunchConfig = LAUNCH_CONFIG);
ast_node!(InitList = INIT_LIST);
ast_node!(DesignatedInit = DESIGNATED_INIT);
ast_node!(Designator = DESIGNATOR);
ast_node!(FunctionalCastExpr = FUNCTIONAL_CAST_EXPR);
ast_node!(OffsetofExpr = OFFSETOF_EXPR);
ast_node!(ThisExpr = THIS_EXPR);
ast_node!(LambdaExpr = LAMBDA_EXPR);
ast_node!(CxxCastExpr = CXX_CAST_EXPR);
ast_node!(ThrowExpr = THROW_EXPR);
ast_node!(NewExpr = NEW_EXPR);
ast_node!(DeleteExpr = DELETE_EXPR);
ast_node!(NoexceptExpr = NOEXCEPT_EXPR);
ast_node!(TypeTraitExpr = TYPE_TRAIT_EXPR);

impl CxxCastExpr {
    /// `static_cast`, `reinterpret_cast`, `const_cast` or `dynamic_cast`.
    pub fn keyword(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).next()
    }
    pub fn type_name(&self) -> Option<TypeName> {
        child(&self.0)
    }
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}
ast_node!(LambdaCaptures = LAMBDA_CAPTURES);
ast_node!(TemplateArgs = TEMPLATE_ARGS);
ast_node!(TypeParam = TYPE_PARAM);

impl LambdaExpr {
    pub fn captures(&self) -> Option<LambdaCaptures> {
        child(&self.0)
    }
    pub fn param_list(&self) -> Option<ParamList> {
        child(&self.0)
    }
    pub fn body(&self) -> Option<BlockStmt> {
        child(&self.0)
    }
    /// The explicit return type after `->`.
    pub fn ret_type(&self) -> Option<TypeName> {
        child(&self.0)
    }
}

impl LambdaCaptures {
    /// The capture list's tokens (without the brackets' structure).
    pub fn tokens(&self) -> impl Iterator<Item = SyntaxToken> {
        direct_tokens(&self.0)
    }
}

/// One template argument: a type or an expression.
#[derive(Clone, Debug)]
pub enum TemplateArg {
    Type(TypeName),
    Expr(Expr),
}

impl TemplateArgs {
    pub fn args(&self) -> Vec<TemplateArg> {
        self.0
            .children()
            .filter_map(|n| match TypeName::cast(n.clone()) {
                Some(t) => Some(TemplateArg::Type(t)),
                None => Expr::cast(n).map(TemplateArg::Expr),
            })
            .collect()
    }

    /// The arguments, each with whether a pack expansion `...` follows it (`Tup<T...>`).
    pub fn args_with_pack(&self) -> Vec<(TemplateArg, bool)> {
        let mut out: Vec<(TemplateArg, bool)> = Vec::new();
        for e in self.0.children_with_tokens() {
            match e {
                rowan::NodeOrToken::Token(t) if t.kind() == SyntaxKind::ELLIPSIS => {
                    if let Some(last) = out.last_mut() {
                        last.1 = true;
                    }
                }
                rowan::NodeOrToken::Node(n) => match TypeName::cast(n.clone()) {
                    Some(t) => out.push((TemplateArg::Type(t), false)),
                    None => {
                        if let Some(e) = Expr::cast(n) {
                            out.push((TemplateArg::Expr(e), false));
                        }
                    }
                },
                _ => {}
            }
        }
        out
    }
}

impl TypeParam {
    pub fn name(&self) -> Option<Name> {
        child(&self.0)
    }
    pub fn default(&self) -> Option<TypeName> {
        child(&self.0)
    }
    pub fn is_pack(&self) -> bool {
        has_token(&self.0, ELLIPSIS)
    }
}

ast_enum!(Expr {
    Literal,
    NameRef,
    ParenExpr,
    FoldExpr,
    BinExpr,
    PrefixExpr,
    PostfixExpr,
    CondExpr,
    CallExpr,
    IndexExpr,
    MemberExpr,
    CastExpr,
    SizeofExpr,
    AlignofExpr,
    KernelLaunchExpr,
    InitList,
    FunctionalCastExpr,
    OffsetofExpr,
    ThisExpr,
    LambdaExpr,
    CxxCastExpr,
    ThrowExpr,
    NewExpr,
    DeleteExpr,
    NoexceptExpr,
    TypeTraitExpr,
});

impl Literal {
    /// The literal's tokens (several for adjacent string literals).
    pub fn tokens(&self) -> impl Iterator<Item = SyntaxToken> {
        direct_tokens(&self.0)
    }
}

impl ParenExpr {
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl FoldExpr {
    /// The operator (the first one; a binary fold repeats it).
    pub fn op(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).find(|t| !matches!(t.kind(), L_PAREN | R_PAREN | ELLIPSIS))
    }
    /// The operands before and after the `...`: `(pack op ...)` has only the first, `(... op
    /// pack)` only the second, a binary fold both.
    pub fn operands(&self) -> (Option<Expr>, Option<Expr>) {
        let mut before = None;
        let mut after = None;
        let mut seen = false;
        for e in self.0.children_with_tokens() {
            match e {
                rowan::NodeOrToken::Token(t) if t.kind() == ELLIPSIS => seen = true,
                rowan::NodeOrToken::Node(n) => {
                    if let Some(x) = Expr::cast(n) {
                        if seen {
                            after = Some(x);
                        } else {
                            before = Some(x);
                        }
                    }
                }
                _ => {}
            }
        }
        (before, after)
    }
}

impl BinExpr {
    pub fn lhs(&self) -> Option<Expr> {
        leading_operand(&self.0)
    }
    pub fn rhs(&self) -> Option<Expr> {
        match self.op() {
            // The operand after the operator (the left one may be an ERROR node).
            Some(op) => children_between::<Expr>(&self.0, Some(op.kind()), None)
                .into_iter()
                .next(),
            None => children::<Expr>(&self.0).nth(1),
        }
    }
    pub fn op(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).next()
    }
}

impl PrefixExpr {
    pub fn op(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).next()
    }
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl PostfixExpr {
    pub fn op(&self) -> Option<SyntaxToken> {
        direct_tokens(&self.0).next()
    }
    pub fn expr(&self) -> Option<Expr> {
        leading_operand(&self.0)
    }
}

impl CondExpr {
    pub fn condition(&self) -> Option<Expr> {
        leading_operand(&self.0)
    }
    pub fn then_expr(&self) -> Option<Expr> {
        children_between::<Expr>(&self.0, Some(QUESTION), Some(COLON))
            .into_iter()
            .next()
    }
    pub fn else_expr(&self) -> Option<Expr> {
        token(&self.0, COLON)?;
        children_between::<Expr>(&self.0, Some(COLON), None).into_iter().next()
    }
}

impl CallExpr {
    pub fn callee(&self) -> Option<Expr> {
        leading_operand(&self.0)
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        child(&self.0)
    }
}

impl ArgList {
    pub fn args(&self) -> impl Iterator<Item = Expr> {
        children(&self.0)
    }
    /// The type of `alignas(T)` / `__align__(T)`.
    pub fn type_arg(&self) -> Option<TypeName> {
        child(&self.0)
    }
}

impl KernelLaunchExpr {
    pub fn callee(&self) -> Option<Expr> {
        child(&self.0)
    }
    pub fn config(&self) -> Option<LaunchConfig> {
        child(&self.0)
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        child(&self.0)
    }
}

impl LaunchConfig {
    pub fn args(&self) -> impl Iterator<Item = Expr> {
        children(&self.0)
    }
}

impl IndexExpr {
    pub fn base(&self) -> Option<Expr> {
        leading_operand(&self.0)
    }
    pub fn index(&self) -> Option<Expr> {
        children_between::<Expr>(&self.0, Some(L_BRACK), Some(R_BRACK))
            .into_iter()
            .next()
    }
}

impl MemberExpr {
    pub fn base(&self) -> Option<Expr> {
        leading_operand(&self.0)
    }
    pub fn is_arrow(&self) -> bool {
        has_token(&self.0, ARROW)
    }
    pub fn field(&self) -> Option<NameRef> {
        let after = if self.is_arrow() { ARROW } else { DOT };
        children_between::<NameRef>(&self.0, Some(after), None)
            .into_iter()
            .next()
    }
}

impl CastExpr {
    pub fn type_name(&self) -> Option<TypeName> {
        child(&self.0)
    }
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl NoexceptExpr {
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl NewExpr {
    /// `new (args) T`: the placement arguments.
    pub fn placement(&self) -> Option<ArgList> {
        let first = self.0.children().find(|n| matches!(n.kind(), ARG_LIST | TYPE_NAME))?;
        ArgList::cast(first)
    }
    pub fn type_name(&self) -> Option<TypeName> {
        child(&self.0)
    }
    /// The new-initializer `(args)` (after the type).
    pub fn args(&self) -> Option<ArgList> {
        self.0
            .children()
            .skip_while(|n| n.kind() != TYPE_NAME)
            .find_map(ArgList::cast)
    }
    /// The new-initializer `{...}`.
    pub fn init_list(&self) -> Option<InitList> {
        self.0
            .children()
            .skip_while(|n| n.kind() != TYPE_NAME)
            .find_map(InitList::cast)
    }
    /// `new T[n]`-style array forms put `[` in the type's declarator.
    pub fn is_global(&self) -> bool {
        has_token(&self.0, COLON2)
    }
}

impl DeleteExpr {
    /// The operand.
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
    /// `::delete`.
    pub fn is_global(&self) -> bool {
        has_token(&self.0, COLON2)
    }
    /// `delete[]`.
    pub fn is_array(&self) -> bool {
        has_token(&self.0, L_BRACK)
    }
}

impl SizeofExpr {
    pub fn type_name(&self) -> Option<TypeName> {
        child(&self.0)
    }
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl AlignofExpr {
    pub fn type_name(&self) -> Option<TypeName> {
        child(&self.0)
    }
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl FunctionalCastExpr {
    pub fn type_name(&self) -> Option<TypeName> {
        child(&self.0)
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        child(&self.0)
    }
    pub fn init_list(&self) -> Option<InitList> {
        child(&self.0)
    }
}

impl OffsetofExpr {
    pub fn type_name(&self) -> Option<TypeName> {
        child(&self.0)
    }
    pub fn member(&self) -> Option<Expr> {
        child(&self.0)
    }
}

/// One element of a braced list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum InitItem {
    Plain(Expr),
    Designated(DesignatedInit),
}

impl InitList {
    pub fn items(&self) -> impl Iterator<Item = InitItem> {
        self.0.children().filter_map(|n| {
            if let Some(d) = DesignatedInit::cast(n.clone()) {
                Some(InitItem::Designated(d))
            } else {
                Expr::cast(n).map(InitItem::Plain)
            }
        })
    }

    /// Whether a pack expansion `...` follows the plain item `e` (`{f(t)...}`).
    pub fn is_expanded(&self, e: &Expr) -> bool {
        let mut next = e.syntax().next_sibling_or_token();
        while let Some(t) = next {
            if !t.kind().is_trivia() {
                return t.kind() == ELLIPSIS;
            }
            next = t.next_sibling_or_token();
        }
        false
    }
}

impl DesignatedInit {
    pub fn designators(&self) -> impl Iterator<Item = Designator> {
        children(&self.0)
    }
    pub fn value(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl Designator {
    /// `.name`
    pub fn field(&self) -> Option<Name> {
        child(&self.0)
    }
    /// `[index]`
    pub fn index(&self) -> Option<Expr> {
        child(&self.0)
    }
}
