//! The CUDA C/C++ grammar as recursive descent over parser tokens, emitting events. The node
//! shapes are documented in `grammar.md`; every rule here says which node it builds.
//!
//! - `items`: top level, `extern "C"`, C++ constructs recognised for later (templates,
//!   namespaces, `using`, `static_assert`), and error recovery between items;
//! - `decl`: declaration specifiers, declarators, parameter lists, records, enums, attributes,
//!   initializers, type names;
//! - `stmt`: statements;
//! - `expr`: expressions (a Pratt parser with forward parents for postfix and binary forms).
//!
//! C's typedef ambiguity (`(T)x`, `T * x;`) is decided by the parser's scoped type-name table:
//! declarations feed it as they are parsed.

mod decl;
mod expr;
mod items;
mod stmt;

use crate::parser::Parser;
use crate::SyntaxKind::{self, *};

/// Parses a whole token stream as a sequence of top-level items. The caller's tree builder owns
/// the `SOURCE_FILE` roots, so no event opens one here.
pub(crate) fn source_file(p: &mut Parser<'_>) {
    loop {
        let before = p.pos();
        if p.at_eof() {
            break;
        }
        items::item(p, items::ItemCtx::TopLevel);
        if p.pos() == before && !p.is_stuck() {
            // Defensive: every item rule consumes a token; if one did not, force progress.
            p.err_and_bump("expected a declaration");
        }
    }
    if p.remaining() > 0 {
        // The parser got stuck (a grammar bug): keep every token in the tree anyway.
        let m = p.start();
        while p.remaining() > 0 {
            p.bump_raw();
        }
        m.complete(p, ERROR);
    }
}

/// Storage classes, function specifiers, CUDA qualifiers and cv-qualifiers: tokens that sit
/// directly in `DECL_SPECS`.
pub(crate) fn is_plain_specifier(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        TYPEDEF_KW
            | EXTERN_KW
            | STATIC_KW
            | REGISTER_KW
            | THREAD_LOCAL_KW
            | MUTABLE_KW
            | INLINE_KW
            | VIRTUAL_KW
            | EXPLICIT_KW
            | FRIEND_KW
            | CONSTEXPR_KW
            | CONSTEVAL_KW
            | CONSTINIT_KW
            | CONST_KW
            | VOLATILE_KW
            | RESTRICT_KW
            | GLOBAL_KW
            | DEVICE_KW
            | HOST_KW
            | SHARED_KW
            | CONSTANT_KW
            | MANAGED_KW
            | GRID_CONSTANT_KW
            | FORCEINLINE_KW
            | NOINLINE_KW
            | EXTENSION_KW
    )
}

/// Builtin type keywords.
pub(crate) fn is_type_keyword(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        VOID_KW
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
            | BOOL_KW
            | AUTO_KW
    )
}

/// Attribute-like specifiers that get their own `ATTRIBUTE` node.
pub(crate) fn is_attribute_start(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        LAUNCH_BOUNDS_KW | ALIGN_KW | ALIGNAS_KW | ATTRIBUTE_KW | DECLSPEC_KW
    )
}

/// Whether the token can begin declaration specifiers (ignoring identifiers).
pub(crate) fn is_decl_spec_keyword(kind: SyntaxKind) -> bool {
    is_plain_specifier(kind)
        || is_type_keyword(kind)
        || is_attribute_start(kind)
        || matches!(
            kind,
            STRUCT_KW | UNION_KW | CLASS_KW | ENUM_KW | TYPENAME_KW | DECLTYPE_KW
        )
}

/// Whether `decltype(...)` at the `n`-th token is followed by `{` or `(` (not `(*`, `(&`: a
/// function pointer or reference type): a functional cast `decltype(e){}` / `decltype(e)(x)`.
pub(crate) fn decltype_functional_cast_at(p: &mut Parser<'_>, n: usize) -> bool {
    decltype_close_at(p, n).is_some_and(|k| {
        p.nth_at(k + 1, L_CURLY) || (p.nth_at(k + 1, L_PAREN) && !matches!(p.nth(k + 2), STAR | AMP | AMP2 | CARET))
    })
}

/// The look-ahead index of the `)` closing `decltype(` at the `n`-th token; `None` when a `;` or
/// the end of input comes first (or the operand is implausibly long).
pub(crate) fn decltype_close_at(p: &mut Parser<'_>, n: usize) -> Option<usize> {
    let mut depth = 0u32;
    for k in n + 1..n + 4096 {
        match p.nth(k) {
            L_PAREN => depth += 1,
            R_PAREN => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(k);
                }
            }
            EOF | SEMICOLON => return None,
            _ => {}
        }
    }
    None
}

/// Whether the `n`-th token starts a type name (for casts, `sizeof (T)`): a type keyword,
/// qualifier, tag keyword, or an identifier the table knows as a type.
pub(crate) fn starts_type_name_at(p: &mut Parser<'_>, n: usize) -> bool {
    let kind = p.nth(n);
    match kind {
        IDENT if p.nth_at(n + 1, LT) && p.is_template_name(p.nth_text(n)) => {
            // `(S<args>::name ...`: a member of a specialization is a type only when the
            // parenthesis closes right after it (`(S<int>::type)x`); `(S<4>::v - 1)` is an
            // expression.
            let mut depth = 0i32;
            let mut k = n + 1;
            while k < n + 128 {
                match p.nth(k) {
                    LT => depth += 1,
                    GT => depth -= 1,
                    SHR => depth -= 2,
                    LAUNCH_CLOSE => depth -= 3,
                    EOF | SEMICOLON | L_CURLY | R_CURLY => return false,
                    _ => {}
                }
                k += 1;
                if depth <= 0 {
                    break;
                }
            }
            if depth < 0 {
                // `S<T, void_t<T&&>> {`: the `>>` also closed the enclosing list, so what follows
                // it (here the class body) belongs to that list's owner.
                return p.is_type_name(p.nth_text(n));
            }
            if !p.nth_at(k, COLON2) {
                // `(less<const T*>()(a, b) || ...)`: a functional cast inside parentheses.
                let functional =
                    matches!(p.nth(k), L_PAREN | L_CURLY) && !matches!(p.nth(k + 1), STAR | AMP | AMP2 | CARET);
                return p.is_type_name(p.nth_text(n)) && !functional;
            }
            while p.nth_at(k, COLON2) && p.nth_at(k + 1, IDENT) {
                k += 2;
            }
            // A cast needs an operand after the parenthesis (`(S<int>::type)x`); `(S<4>::v);`
            // and `(S<4>::v) - 1` are expressions.
            p.nth_at(k, R_PAREN)
                && matches!(
                    p.nth(k + 1),
                    IDENT
                        | INT_NUMBER
                        | FLOAT_NUMBER
                        | CHAR_LIT
                        | STRING_LIT
                        | TRUE_KW
                        | FALSE_KW
                        | NULLPTR_KW
                        | THIS_KW
                        | L_PAREN
                        | BANG
                        | TILDE
                        | SIZEOF_KW
                        | L_CURLY
                )
        }
        IDENT if p.nth_at(n + 1, COLON2) => {
            if p.is_qualified_type_name_at(n) {
                return true;
            }
            // `(std::size_t)0`: a namespace member's type name (kept unqualified in the table)
            // in parentheses followed by an operand.
            let mut k = n;
            while p.nth_at(k + 1, COLON2) && p.nth_at(k + 2, IDENT) && k < n + 64 {
                k += 2;
            }
            if p.nth_at(k + 1, LT) && p.is_template_name(p.nth_text(k)) && p.is_type_name(p.nth_text(k)) {
                // `sizeof(ns::S<char>)`, `(ns::S<T>*)p`: a namespace member's class or alias
                // template-id, alone in the parentheses but for pointer/reference declarators.
                return match decl::skip_template_args(p, k + 1) {
                    Some(mut j) => {
                        while matches!(p.nth(j), STAR | AMP | AMP2 | CONST_KW) {
                            j += 1;
                        }
                        p.nth_at(j, R_PAREN)
                    }
                    None => false,
                };
            }
            p.is_type_name(p.nth_text(k))
                && p.nth_at(k + 1, R_PAREN)
                && matches!(
                    p.nth(k + 2),
                    IDENT
                        | INT_NUMBER
                        | FLOAT_NUMBER
                        | CHAR_LIT
                        | STRING_LIT
                        | L_PAREN
                        | TRUE_KW
                        | FALSE_KW
                        | NULLPTR_KW
                        | THIS_KW
                        | TILDE
                        | BANG
                )
        }
        // `(T(2) * x)`: a functional cast inside parentheses, not a cast to a function type
        // (`(T(*)(int))f` still is one).
        IDENT if p.nth_at(n + 1, L_PAREN) && !matches!(p.nth(n + 2), STAR | AMP) => false,
        // (`(ctype | numeric)` with a static member `ctype` shadowing the class template: a type
        // is never followed by a binary-only operator; `(valid{} ? a : b)` is a functional cast.)
        IDENT => {
            p.is_type_name(p.nth_text(n))
                && !matches!(
                    p.nth(n + 1),
                    PIPE | CARET
                        | PLUS
                        | MINUS
                        | SLASH
                        | PERCENT
                        | EQ2
                        | NEQ
                        | LTEQ
                        | GTEQ
                        | PIPE2
                        | QUESTION
                        | DOT
                        | ARROW
                        | L_CURLY
                )
        }
        // `sizeof(::std::X<int>)`, `(::std::size_t)x`: a name of the global namespace, as
        // the name without the `::`.
        COLON2 if p.nth_at(n + 1, IDENT) => starts_type_name_at(p, n + 1),
        // `(typename T::type(0) + ...)`: a functional cast inside parentheses.
        TYPENAME_KW => {
            let after = skip_qualified_name(p, n + 1);
            // (`typename R<U>::type(*)[]` is a type.)
            !(p.nth_at(after, L_CURLY)
                || (p.nth_at(after, L_PAREN) && !matches!(p.nth(after + 1), STAR | AMP | AMP2 | CARET)))
        }
        // `(decltype(e){} ...)`, `(decltype(e)(x) ...)`: a functional cast inside parentheses.
        DECLTYPE_KW if p.nth_at(n + 1, L_PAREN) => !decltype_functional_cast_at(p, n),
        EXTENSION_KW | GLOBAL_KW | DEVICE_KW | HOST_KW | SHARED_KW | CONSTANT_KW | MANAGED_KW | TYPEDEF_KW
        | EXTERN_KW | STATIC_KW | INLINE_KW => false,
        // `(int(x) * y)`, `(bool(x + 1) || ...)`, `(int(alignof(T)) % 4)`: a functional cast
        // inside parentheses, not a cast to a function type (`(void(*)(int))f`,
        // `function<bool(int)>` still are types).
        _ if is_type_keyword(kind)
            && p.nth_at(n + 1, L_PAREN)
            && (matches!(
                p.nth(n + 2),
                INT_NUMBER
                    | FLOAT_NUMBER
                    | CHAR_LIT
                    | MINUS
                    | BANG
                    | TILDE
                    | THIS_KW
                    | TRUE_KW
                    | FALSE_KW
                    | SIZEOF_KW
                    | ALIGNOF_KW
            ) || (p.nth_at(n + 2, IDENT)
                && !p.is_type_name(p.nth_text(n + 2))
                && !matches!(p.nth(n + 3), COLON2 | LT))) =>
        {
            false
        }
        _ => is_decl_spec_keyword(kind),
    }
}

/// The index of the token after the (possibly global, qualified, template-id) name at token
/// `n`: `::a::b<c>::d`.
pub(crate) fn skip_qualified_name(p: &mut Parser<'_>, n: usize) -> usize {
    let mut k = n;
    if p.nth_at(k, COLON2) {
        k += 1;
    }
    while k < n + 256 {
        if p.nth_at(k, TEMPLATE_KW) {
            k += 1;
        }
        if !p.nth_at(k, IDENT) {
            return k;
        }
        k += 1;
        if p.nth_at(k, LT) {
            let mut depth = 0i32;
            while k < n + 256 {
                match p.nth(k) {
                    LT => depth += 1,
                    GT => depth -= 1,
                    SHR => depth -= 2,
                    LAUNCH_CLOSE => depth -= 3,
                    EOF | SEMICOLON | L_CURLY | R_CURLY => return k,
                    _ => {}
                }
                k += 1;
                if depth < 0 {
                    // `>>`/`>>>` also closing enclosing lists: the name ends at that token.
                    return k - 1;
                }
                if depth == 0 {
                    break;
                }
            }
        }
        if !p.nth_at(k, COLON2) {
            return k;
        }
        k += 1;
    }
    k
}

/// Tokens that can begin an expression.
pub(crate) fn can_start_expr(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        IDENT
            | INT_NUMBER
            | FLOAT_NUMBER
            | CHAR_LIT
            | STRING_LIT
            | TRUE_KW
            | FALSE_KW
            | NULLPTR_KW
            | THIS_KW
            | L_PAREN
            | L_BRACK
            | MINUS
            | PLUS
            | BANG
            | TILDE
            | STAR
            | AMP
            | PLUS2
            | MINUS2
            | SIZEOF_KW
            | ALIGNOF_KW
            | EXTENSION_KW
            | BUILTIN_OFFSETOF_KW
            | L_CURLY
            | ERROR_TOKEN
            | COLON2
            | NEW_KW
            | DELETE_KW
            | NOEXCEPT_KW
            | TYPENAME_KW
            | OPERATOR_KW
    ) || is_type_keyword(kind)
}

/// Reserved words the lexer leaves as identifiers (the grammar reads them in context): never a
/// type name or a declarator's name.
pub(crate) fn is_reserved_ident(text: &str) -> bool {
    matches!(text, "throw" | "try" | "catch" | "typeid")
}

/// Tokens an erroneous expression never swallows: they belong to an enclosing construct.
pub(crate) fn is_expr_recovery(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SEMICOLON
            | R_PAREN
            | R_BRACK
            | R_CURLY
            | L_CURLY
            | COMMA
            | COLON
            | LAUNCH_CLOSE
            | EOF
            | PRAGMA
            | IF_KW
            | ELSE_KW
            | FOR_KW
            | WHILE_KW
            | DO_KW
            | SWITCH_KW
            | CASE_KW
            | DEFAULT_KW
            | RETURN_KW
            | BREAK_KW
            | CONTINUE_KW
            | GOTO_KW
            | ASM_KW
    ) || is_decl_spec_keyword(kind)
}

/// Consumes a `;` or reports `expected a ";"` after the previous token, then recovers: junk on
/// the same line is skipped up to and including a `;`; a line break, `}` or the end of input
/// stops recovery (the next statement or item starts there).
pub(crate) fn expect_semi(p: &mut Parser<'_>) {
    if p.eat(SEMICOLON) {
        return;
    }
    p.error_missing_semi();
    if p.at(R_CURLY) || p.at_eof() || p.newline_before() {
        return;
    }
    let m = p.start();
    let start = p.pos();
    loop {
        match p.current() {
            EOF | SEMICOLON | R_CURLY | R_PAREN | R_BRACK => break,
            L_PAREN | L_BRACK | L_CURLY | LAUNCH_OPEN => {
                p.skip_balanced();
            }
            _ => p.bump_junk(),
        }
        if p.newline_before() {
            break;
        }
    }
    if p.pos() == start {
        m.abandon(p);
    } else {
        m.complete(p, ERROR);
    }
    p.eat(SEMICOLON);
}

/// Whether the token can begin a statement (a declaration, an expression or a keyword
/// statement). Junk-skipping recovery in blocks stops at these.
pub(crate) fn can_start_stmt(kind: SyntaxKind) -> bool {
    can_start_expr(kind)
        || is_decl_spec_keyword(kind)
        || matches!(
            kind,
            L_CURLY
                | SEMICOLON
                | IF_KW
                | WHILE_KW
                | DO_KW
                | FOR_KW
                | SWITCH_KW
                | CASE_KW
                | DEFAULT_KW
                | BREAK_KW
                | CONTINUE_KW
                | RETURN_KW
                | GOTO_KW
                | ASM_KW
                | PRAGMA
                | USING_KW
                | STATIC_ASSERT_KW
                | NAMESPACE_KW
                | TEMPLATE_KW
        )
}
