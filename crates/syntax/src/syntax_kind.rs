//! Every token and node kind of warpc's syntax trees, in one list.
//!
//! Tokens: the lexer produces trivia, punctuation, literals and identifiers; keywords are
//! identifiers until the preprocessor has run (directives and macros see identifiers), then
//! [`SyntaxKind::from_keyword`] classifies them for the parser.
//!
//! Trivia (never seen by the grammar): whitespace, comments, whole directive lines, inactive
//! conditional regions, and the source text of a macro invocation (its expansion reaches the
//! parser as zero-width tokens; see docs/architecture.md, "Macros and the lossless tree").
//!
//! The node kinds and their shapes are documented in `grammar.md` beside this file.

#[allow(non_camel_case_types)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
pub enum SyntaxKind {
    // ---- trivia ----
    WHITESPACE = 0,
    COMMENT,
    /// A whole preprocessor directive line (with its continuations), except `#pragma`.
    DIRECTIVE,
    /// Text of a conditional-inclusion group that was skipped (`#if 0 ... `).
    INACTIVE,
    /// Source text of a macro invocation (`BLOCK`, `MAX(a, b)`); its expansion follows as
    /// zero-width tokens.
    MACRO_CALL,

    // ---- tokens the grammar sees ----
    /// A `#pragma ...` line (or `_Pragma("...")`), kept visible so `#pragma unroll` reaches loops.
    PRAGMA,
    IDENT,
    INT_NUMBER,
    FLOAT_NUMBER,
    CHAR_LIT,
    STRING_LIT,
    /// A character the lexer cannot start any token with, or an unterminated literal/comment.
    ERROR_TOKEN,
    /// Pseudo-kind: end of the parser's token stream. Never appears in a tree.
    EOF,
    /// Pseudo-kind: an abandoned parser marker. Never appears in a tree.
    TOMBSTONE,

    // punctuation
    L_PAREN,
    R_PAREN,
    L_BRACK,
    R_BRACK,
    L_CURLY,
    R_CURLY,
    SEMICOLON,
    COMMA,
    DOT,
    ELLIPSIS,
    ARROW,
    PLUS2,
    MINUS2,
    AMP,
    STAR,
    PLUS,
    MINUS,
    TILDE,
    BANG,
    SLASH,
    PERCENT,
    SHL,
    SHR,
    LT,
    GT,
    LTEQ,
    GTEQ,
    EQ2,
    NEQ,
    CARET,
    PIPE,
    AMP2,
    PIPE2,
    QUESTION,
    COLON,
    COLON2,
    EQ,
    STAR_EQ,
    SLASH_EQ,
    PERCENT_EQ,
    PLUS_EQ,
    MINUS_EQ,
    SHL_EQ,
    SHR_EQ,
    AMP_EQ,
    CARET_EQ,
    PIPE_EQ,
    DOT_STAR,
    ARROW_STAR,
    /// `#` (only meaningful to the preprocessor).
    HASH,
    /// `##` (only meaningful to the preprocessor).
    HASH2,
    /// CUDA launch brackets `<<<` and `>>>`.
    LAUNCH_OPEN,
    LAUNCH_CLOSE,

    // keywords (C, C++, CUDA)
    ALIGNAS_KW,
    ALIGNOF_KW,
    /// `asm` / `__asm__` (GNU inline assembly).
    ASM_KW,
    AUTO_KW,
    BOOL_KW,
    BREAK_KW,
    CASE_KW,
    CHAR_KW,
    /// `char16_t` / `char32_t` / `wchar_t`: builtin types in C++.
    CHAR16_T_KW,
    CHAR32_T_KW,
    WCHAR_T_KW,
    CLASS_KW,
    CONST_KW,
    CONSTEXPR_KW,
    CONSTEVAL_KW,
    CONSTINIT_KW,
    CONTINUE_KW,
    DECLTYPE_KW,
    DEFAULT_KW,
    DELETE_KW,
    DO_KW,
    DOUBLE_KW,
    ELSE_KW,
    ENUM_KW,
    EXPLICIT_KW,
    EXTERN_KW,
    FALSE_KW,
    FLOAT_KW,
    FOR_KW,
    FRIEND_KW,
    GOTO_KW,
    IF_KW,
    INLINE_KW,
    INT_KW,
    LONG_KW,
    MUTABLE_KW,
    NAMESPACE_KW,
    NEW_KW,
    NOEXCEPT_KW,
    NULLPTR_KW,
    OPERATOR_KW,
    PRIVATE_KW,
    PROTECTED_KW,
    PUBLIC_KW,
    REGISTER_KW,
    RESTRICT_KW,
    RETURN_KW,
    SHORT_KW,
    SIGNED_KW,
    SIZEOF_KW,
    STATIC_KW,
    STATIC_ASSERT_KW,
    STRUCT_KW,
    SWITCH_KW,
    TEMPLATE_KW,
    THIS_KW,
    THREAD_LOCAL_KW,
    TRUE_KW,
    TYPEDEF_KW,
    TYPENAME_KW,
    UNION_KW,
    UNSIGNED_KW,
    USING_KW,
    VIRTUAL_KW,
    VOID_KW,
    VOLATILE_KW,
    WHILE_KW,
    // CUDA and GNU extensions
    GLOBAL_KW,
    DEVICE_KW,
    HOST_KW,
    SHARED_KW,
    CONSTANT_KW,
    MANAGED_KW,
    GRID_CONSTANT_KW,
    FORCEINLINE_KW,
    NOINLINE_KW,
    LAUNCH_BOUNDS_KW,
    ALIGN_KW,
    ATTRIBUTE_KW,
    DECLSPEC_KW,
    EXTENSION_KW,
    BUILTIN_OFFSETOF_KW,

    // ---- nodes (see grammar.md) ----
    SOURCE_FILE,
    ERROR,
    FUNCTION_DEF,
    DECLARATION,
    LINKAGE_SPEC,
    /// `{ item* }` of a linkage specification or namespace.
    DECL_LIST,
    EMPTY_DECL,
    /// C++ (recognized so the C subset can report it): `template <...> item`.
    TEMPLATE_DECL,
    /// The `<...>` of a template declaration (kept as balanced tokens for now).
    TEMPLATE_PARAMS,
    NAMESPACE_DEF,
    USING_DECL,
    STATIC_ASSERT_DECL,
    DECL_SPECS,
    TYPE_NAME_REF,
    RECORD_SPEC,
    /// One C++ base specifier of a RECORD_SPEC: access/`virtual` keywords and a TYPE_NAME.
    BASE_SPEC,
    FIELD_LIST,
    ENUM_SPEC,
    ENUMERATOR_LIST,
    ENUMERATOR,
    ATTRIBUTE,
    ATTRIBUTE_ARGS,
    INIT_DECLARATOR,
    NAME_DECLARATOR,
    POINTER_DECLARATOR,
    REFERENCE_DECLARATOR,
    ARRAY_DECLARATOR,
    FUNCTION_DECLARATOR,
    PAREN_DECLARATOR,
    PARAM_LIST,
    PARAM,
    TYPE_NAME,
    INIT_LIST,
    /// `designator+ = initializer` inside an INIT_LIST.
    DESIGNATED_INIT,
    DESIGNATOR,
    NAME,
    // statements
    BLOCK_STMT,
    EXPR_STMT,
    DECL_STMT,
    IF_STMT,
    WHILE_STMT,
    DO_STMT,
    FOR_STMT,
    /// C++ range-based for: `for (DECL_SPECS Declarator : Expr) Stmt`.
    RANGE_FOR_STMT,
    SWITCH_STMT,
    CASE_STMT,
    DEFAULT_STMT,
    BREAK_STMT,
    CONTINUE_STMT,
    RETURN_STMT,
    GOTO_STMT,
    LABELED_STMT,
    EMPTY_STMT,
    PRAGMA_STMT,
    /// `asm volatile ("..." : outputs : inputs : clobbers);`.
    ASM_STMT,
    /// One output or input of an ASM_STMT: `[name] "constraint" (expr)`.
    ASM_OPERAND,
    // expressions
    LITERAL,
    NAME_REF,
    PAREN_EXPR,
    /// A C++17 fold expression `( pack op ... )`, `( ... op pack )`, `( a op ... op b )`
    /// (the parentheses included).
    FOLD_EXPR,
    BIN_EXPR,
    PREFIX_EXPR,
    POSTFIX_EXPR,
    COND_EXPR,
    CALL_EXPR,
    ARG_LIST,
    INDEX_EXPR,
    MEMBER_EXPR,
    CAST_EXPR,
    SIZEOF_EXPR,
    ALIGNOF_EXPR,
    KERNEL_LAUNCH_EXPR,
    LAUNCH_CONFIG,
    /// C++ `T(args)` with a simple type specifier or a type name.
    FUNCTIONAL_CAST_EXPR,
    /// `__builtin_offsetof(T, member)` / `offsetof(T, member)`.
    OFFSETOF_EXPR,
    /// C++ `this`.
    THIS_EXPR,
    /// C++ constructor initializer list `: a(x), b{y}` of a FUNCTION_DEF.
    CTOR_INITIALIZER,
    /// One `member(args)` / `member{args}` of a CTOR_INITIALIZER.
    MEM_INITIALIZER,
    /// `<args>` after a template name (in NAME_REF, TYPE_NAME_REF and declarator NAMEs).
    TEMPLATE_ARGS,
    /// `typename T` / `class T = D` in TEMPLATE_PARAMS (non-type parameters are PARAMs).
    TYPE_PARAM,
    /// C++ lambda `[captures](params) specifiers -> ret { body }`.
    LAMBDA_EXPR,
    /// `static_cast<T>(e)`, `reinterpret_cast<T>(e)`, `const_cast<T>(e)`, `dynamic_cast<T>(e)`.
    CXX_CAST_EXPR,
    /// `[captures]` of a LAMBDA_EXPR: `=`, `&`, `name`, `&name`, `this`, `name = init`.
    LAMBDA_CAPTURES,
    /// C++17 structured binding `&? [ NAME (, NAME)* ]` in an INIT_DECLARATOR or RANGE_FOR_STMT.
    STRUCTURED_BINDING,
    /// `try BLOCK_STMT CATCH_CLAUSE*` (host code; `try` is an identifier token).
    TRY_STMT,
    /// `catch ( PARAM | '...' ) BLOCK_STMT` of a TRY_STMT.
    CATCH_CLAUSE,
    /// `throw Expr?` (`throw` is an identifier token).
    THROW_EXPR,
    /// `'::'? new ARG_LIST? (TYPE_NAME | '(' TYPE_NAME ')') (ARG_LIST | INIT_LIST)?`.
    NEW_EXPR,
    /// `'::'? delete ('[' ']')? Expr`.
    DELETE_EXPR,
    /// `noexcept ( Expr )` as an expression.
    NOEXCEPT_EXPR,
    /// `( Expr )` after `noexcept` in a function declarator: the noexcept-specifier's condition.
    NOEXCEPT_SPEC,
    /// A compiler type trait `__is_same ( TYPE_NAME , TYPE_NAME )` (identifiers `__is_*`,
    /// `__has_*`, ... followed by `(`): the arguments are TYPE_NAMEs in an ARG_LIST.
    TYPE_TRAIT_EXPR,

    #[doc(hidden)]
    __LAST,
}

use SyntaxKind::*;

impl SyntaxKind {
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | COMMENT | DIRECTIVE | INACTIVE | MACRO_CALL)
    }

    pub fn is_keyword(self) -> bool {
        (ALIGNAS_KW as u16..=BUILTIN_OFFSETOF_KW as u16).contains(&(self as u16))
    }

    pub fn is_punct(self) -> bool {
        (L_PAREN as u16..=LAUNCH_CLOSE as u16).contains(&(self as u16))
    }

    pub fn is_node(self) -> bool {
        (SOURCE_FILE as u16..__LAST as u16).contains(&(self as u16))
    }

    /// The keyword an identifier spells, if any. Aliases (`__restrict__`, `__inline__`,
    /// `__forceinline__`, `_Bool`, ...) map to the same kind as their canonical spelling.
    pub fn from_keyword(ident: &str) -> Option<SyntaxKind> {
        let kw = match ident {
            "alignas" | "_Alignas" => ALIGNAS_KW,
            "alignof" | "_Alignof" | "__alignof__" | "__alignof" => ALIGNOF_KW,
            "asm" | "__asm" | "__asm__" => ASM_KW,
            "auto" => AUTO_KW,
            "bool" | "_Bool" => BOOL_KW,
            "break" => BREAK_KW,
            "case" => CASE_KW,
            "char" => CHAR_KW,
            "char16_t" => CHAR16_T_KW,
            "char32_t" => CHAR32_T_KW,
            "wchar_t" => WCHAR_T_KW,
            "class" => CLASS_KW,
            "const" | "__const" | "__const__" => CONST_KW,
            "constexpr" => CONSTEXPR_KW,
            "consteval" => CONSTEVAL_KW,
            "constinit" => CONSTINIT_KW,
            "continue" => CONTINUE_KW,
            "decltype" | "__decltype" => DECLTYPE_KW,
            "default" => DEFAULT_KW,
            "delete" => DELETE_KW,
            "do" => DO_KW,
            "double" => DOUBLE_KW,
            "else" => ELSE_KW,
            "enum" => ENUM_KW,
            "explicit" => EXPLICIT_KW,
            "extern" => EXTERN_KW,
            "false" => FALSE_KW,
            "float" => FLOAT_KW,
            "for" => FOR_KW,
            "friend" => FRIEND_KW,
            "goto" => GOTO_KW,
            "if" => IF_KW,
            "inline" | "__inline" | "__inline__" => INLINE_KW,
            "int" => INT_KW,
            "long" => LONG_KW,
            "mutable" => MUTABLE_KW,
            "namespace" => NAMESPACE_KW,
            "new" => NEW_KW,
            "noexcept" => NOEXCEPT_KW,
            "nullptr" => NULLPTR_KW,
            "operator" => OPERATOR_KW,
            "private" => PRIVATE_KW,
            "protected" => PROTECTED_KW,
            "public" => PUBLIC_KW,
            "register" => REGISTER_KW,
            "restrict" | "__restrict" | "__restrict__" => RESTRICT_KW,
            "return" => RETURN_KW,
            "short" => SHORT_KW,
            "signed" | "__signed" | "__signed__" => SIGNED_KW,
            "sizeof" => SIZEOF_KW,
            "static" => STATIC_KW,
            "static_assert" | "_Static_assert" => STATIC_ASSERT_KW,
            "struct" => STRUCT_KW,
            "switch" => SWITCH_KW,
            "template" => TEMPLATE_KW,
            "this" => THIS_KW,
            "thread_local" | "_Thread_local" => THREAD_LOCAL_KW,
            "true" => TRUE_KW,
            "typedef" => TYPEDEF_KW,
            "typename" => TYPENAME_KW,
            "union" => UNION_KW,
            "unsigned" => UNSIGNED_KW,
            "using" => USING_KW,
            "virtual" => VIRTUAL_KW,
            "void" => VOID_KW,
            "volatile" | "__volatile" | "__volatile__" => VOLATILE_KW,
            "while" => WHILE_KW,
            "__global__" => GLOBAL_KW,
            "__device__" => DEVICE_KW,
            "__host__" => HOST_KW,
            "__shared__" => SHARED_KW,
            "__constant__" => CONSTANT_KW,
            "__managed__" => MANAGED_KW,
            "__grid_constant__" => GRID_CONSTANT_KW,
            "__forceinline__" => FORCEINLINE_KW,
            "__noinline__" => NOINLINE_KW,
            "__launch_bounds__" => LAUNCH_BOUNDS_KW,
            "__align__" => ALIGN_KW,
            "__attribute__" | "__attribute" => ATTRIBUTE_KW,
            "__declspec" => DECLSPEC_KW,
            "__extension__" => EXTENSION_KW,
            "__builtin_offsetof" | "offsetof" => BUILTIN_OFFSETOF_KW,
            _ => return None,
        };
        Some(kw)
    }

    /// The fixed spelling of a punctuation token, for messages like `expected a ";"`.
    pub fn punct_text(self) -> Option<&'static str> {
        Some(match self {
            L_PAREN => "(",
            R_PAREN => ")",
            L_BRACK => "[",
            R_BRACK => "]",
            L_CURLY => "{",
            R_CURLY => "}",
            SEMICOLON => ";",
            COMMA => ",",
            DOT => ".",
            ELLIPSIS => "...",
            ARROW => "->",
            PLUS2 => "++",
            MINUS2 => "--",
            AMP => "&",
            STAR => "*",
            PLUS => "+",
            MINUS => "-",
            TILDE => "~",
            BANG => "!",
            SLASH => "/",
            PERCENT => "%",
            SHL => "<<",
            SHR => ">>",
            LT => "<",
            GT => ">",
            LTEQ => "<=",
            GTEQ => ">=",
            EQ2 => "==",
            NEQ => "!=",
            CARET => "^",
            PIPE => "|",
            AMP2 => "&&",
            PIPE2 => "||",
            QUESTION => "?",
            COLON => ":",
            COLON2 => "::",
            EQ => "=",
            STAR_EQ => "*=",
            SLASH_EQ => "/=",
            PERCENT_EQ => "%=",
            PLUS_EQ => "+=",
            MINUS_EQ => "-=",
            SHL_EQ => "<<=",
            SHR_EQ => ">>=",
            AMP_EQ => "&=",
            CARET_EQ => "^=",
            PIPE_EQ => "|=",
            DOT_STAR => ".*",
            ARROW_STAR => "->*",
            HASH => "#",
            HASH2 => "##",
            LAUNCH_OPEN => "<<<",
            LAUNCH_CLOSE => ">>>",
            _ => return None,
        })
    }
}

impl From<u16> for SyntaxKind {
    fn from(raw: u16) -> SyntaxKind {
        assert!(raw < __LAST as u16, "bad SyntaxKind {raw}");
        // SAFETY: SyntaxKind is repr(u16) with contiguous discriminants 0..__LAST.
        unsafe { std::mem::transmute::<u16, SyntaxKind>(raw) }
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

/// The rowan language tag for warpc trees.
#[derive(Debug, Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CudaLang {}

impl rowan::Language for CudaLang {
    type Kind = SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from(raw.0)
    }
    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<CudaLang>;
pub type SyntaxToken = rowan::SyntaxToken<CudaLang>;
pub type SyntaxElement = rowan::SyntaxElement<CudaLang>;
