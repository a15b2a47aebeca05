//! Statements. A `#pragma` in statement position becomes PRAGMA_STMT holding the pragma and the
//! statement it precedes (so `#pragma unroll` stays attached to its loop, even as the body of an
//! `if`). `case`/`default`/labels directly followed by another label or `}` get no statement,
//! which keeps long fall-through chains flat instead of deeply nested.

use super::decl::{self, DeclCtx};
use super::{can_start_expr, can_start_stmt, expect_semi, expr, is_decl_spec_keyword, items};
use crate::parser::Parser;
use crate::SyntaxKind::*;

/// BLOCK_STMT: `{ stmt* }` (the current token is `{`). Opens a type-name scope.
pub(crate) fn block(p: &mut Parser<'_>) {
    if !p.enter() {
        return;
    }
    let m = p.start();
    p.bump(); // {
    p.push_scope();
    while !p.at(R_CURLY) && !p.at_eof() {
        let before = p.pos();
        statement(p);
        if p.pos() == before && !p.is_stuck() {
            p.err_and_bump("expected a statement");
        }
    }
    p.pop_scope();
    p.expect(R_CURLY);
    m.complete(p, BLOCK_STMT);
    p.leave();
}

/// Whether the current token starts a local declaration rather than an expression.
pub(crate) fn starts_local_decl(p: &mut Parser<'_>) -> bool {
    let kind = p.current();
    if is_decl_spec_keyword(kind) {
        return true;
    }
    match kind {
        L_BRACK => p.nth_at(1, L_BRACK),
        // `T(x).f();`, `T(a)->g();`, `ns::R<int, 1>(*p)++;`, `T{}.f();`: an expression (a
        // functional cast), not a declaration.
        IDENT | COLON2 if functional_cast_then_postfix(p) => false,
        IDENT
            if p.nth_at(1, L_PAREN)
                && matches!(
                    p.nth_text(0),
                    "__typeof" | "__typeof__" | "typeof" | "__underlying_type"
                ) =>
        {
            true
        }
        IDENT => decl::ident_is_type(p, DeclCtx::Block),
        COLON2 => decl::global_qualified_is_type(p, DeclCtx::Block),
        _ => false,
    }
}

/// Whether a (qualified) type name with template arguments, then balanced parentheses and a
/// postfix `.`, `->`, `++` or `--`, or a braced list, start here: no declarator continues that
/// way.
fn functional_cast_then_postfix(p: &mut Parser<'_>) -> bool {
    let mut k = usize::from(p.at(COLON2));
    loop {
        if !p.nth_at(k, IDENT) {
            return false;
        }
        k += 1;
        if p.nth_at(k, LT) {
            match decl::skip_template_args(p, k) {
                Some(after) => k = after,
                None => return false,
            }
        }
        if p.nth_at(k, COLON2) && k < 256 {
            k += 1;
        } else {
            break;
        }
    }
    // `T{...}` cannot start a declaration (it has no declarator): an expression, `T{}.f();`.
    (p.nth_at(k, L_PAREN) && paren_then_member_access(p, k)) || p.nth_at(k, L_CURLY)
}

/// Whether the balanced parentheses at token `n` are followed by `.`, `->`, `++` or `--`.
fn paren_then_member_access(p: &mut Parser<'_>, n: usize) -> bool {
    let mut depth = 0i32;
    let mut k = n;
    while k < n + 256 {
        match p.nth(k) {
            L_PAREN => depth += 1,
            R_PAREN => depth -= 1,
            EOF | SEMICOLON | L_CURLY | R_CURLY => return false,
            _ => {}
        }
        k += 1;
        if depth == 0 {
            return matches!(p.nth(k), DOT | ARROW | PLUS2 | MINUS2);
        }
    }
    false
}

pub(crate) fn statement(p: &mut Parser<'_>) {
    if !p.enter() {
        return;
    }
    statement_inner(p);
    p.leave();
}

/// Whether a label's statement is absent (next is another label, `}` or the end).
fn label_without_stmt(p: &mut Parser<'_>) -> bool {
    matches!(p.current(), R_CURLY | EOF | CASE_KW | DEFAULT_KW) || (p.at(IDENT) && p.nth_at(1, COLON))
}

fn statement_inner(p: &mut Parser<'_>) {
    if p.at(L_BRACK) && p.nth_at(1, L_BRACK) && attributed_statement(p) {
        // `if (c) [[__unlikely__]] { ... }`: the attributes stay in the statement's tree
        // before it.
        while p.at(L_BRACK) && p.nth_at(1, L_BRACK) {
            decl::attribute(p);
        }
        if p.at(L_BRACK) || p.at_eof() {
            return;
        }
        return statement_inner(p);
    }
    match p.current() {
        L_CURLY => block(p),
        SEMICOLON => {
            let m = p.start();
            p.bump();
            m.complete(p, EMPTY_STMT);
        }
        IF_KW => {
            // `else if` chains are parsed iteratively (they nest in the tree, not on the stack).
            let mut open = Vec::new();
            loop {
                let m = p.start();
                p.bump(); // if
                p.eat(CONSTEXPR_KW);
                p.push_scope();
                cond_header(p, true);
                statement(p);
                open.push(m);
                if p.at(ELSE_KW) && p.nth_at(1, IF_KW) && open.len() < super::expr::MAX_CHAIN as usize {
                    p.bump();
                    continue;
                }
                if p.eat(ELSE_KW) {
                    statement(p);
                }
                break;
            }
            for m in open.into_iter().rev() {
                p.pop_scope();
                m.complete(p, IF_STMT);
            }
        }
        WHILE_KW => {
            let m = p.start();
            p.bump();
            p.push_scope();
            cond_header(p, false);
            statement(p);
            p.pop_scope();
            m.complete(p, WHILE_STMT);
        }
        DO_KW => {
            let m = p.start();
            p.bump();
            statement(p);
            if p.expect(WHILE_KW) {
                paren_cond(p);
            }
            expect_semi(p);
            m.complete(p, DO_STMT);
        }
        FOR_KW => for_stmt(p),
        SWITCH_KW => {
            let m = p.start();
            p.bump();
            p.push_scope();
            cond_header(p, true);
            statement(p);
            p.pop_scope();
            m.complete(p, SWITCH_STMT);
        }
        CASE_KW => {
            let m = p.start();
            p.bump();
            expr::cond_expr(p);
            if p.eat(ELLIPSIS) {
                // GNU case range
                expr::cond_expr(p);
            }
            p.expect(COLON);
            if !label_without_stmt(p) {
                statement(p);
            }
            m.complete(p, CASE_STMT);
        }
        DEFAULT_KW => {
            let m = p.start();
            p.bump();
            p.expect(COLON);
            if !label_without_stmt(p) {
                statement(p);
            }
            m.complete(p, DEFAULT_STMT);
        }
        BREAK_KW | CONTINUE_KW => {
            let kind = if p.at(BREAK_KW) { BREAK_STMT } else { CONTINUE_STMT };
            let m = p.start();
            p.bump();
            expect_semi(p);
            m.complete(p, kind);
        }
        RETURN_KW => {
            let m = p.start();
            p.bump();
            if p.at(L_CURLY) {
                expr::init_list(p);
            } else if can_start_expr(p.current()) {
                expr::expr(p);
            }
            expect_semi(p);
            m.complete(p, RETURN_STMT);
        }
        GOTO_KW => {
            let m = p.start();
            p.bump();
            if p.at(IDENT) {
                let n = p.start();
                p.bump();
                n.complete(p, NAME_REF);
            } else {
                p.error_at_current("expected an identifier");
            }
            expect_semi(p);
            m.complete(p, GOTO_STMT);
        }
        ASM_KW => asm_stmt(p),
        PRAGMA => {
            let m = p.start();
            p.bump();
            if !p.at(R_CURLY) && !p.at_eof() {
                statement(p);
            }
            m.complete(p, PRAGMA_STMT);
        }
        IDENT if p.nth_at(1, COLON) => {
            let m = p.start();
            let n = p.start();
            p.bump();
            n.complete(p, NAME);
            p.bump(); // :
            if !label_without_stmt(p) {
                statement(p);
            }
            m.complete(p, LABELED_STMT);
        }
        IDENT if p.nth_text(0) == "try" && p.nth_at(1, L_CURLY) => try_stmt(p),
        USING_KW | STATIC_ASSERT_KW | NAMESPACE_KW | TEMPLATE_KW => {
            let m = p.start();
            items::item(p, items::ItemCtx::DeclList);
            m.complete(p, DECL_STMT);
        }
        _ if starts_local_decl(p) => {
            let m = p.start();
            decl::declaration(p, DeclCtx::Block);
            m.complete(p, DECL_STMT);
        }
        kind if can_start_expr(kind) => {
            let m = p.start();
            expr::expr(p);
            expect_semi(p);
            m.complete(p, EXPR_STMT);
        }
        R_CURLY | EOF => p.error_at_current("expected a statement"),
        _ => skip_junk(p),
    }
}

/// TRY_STMT: `try BLOCK_STMT CATCH_CLAUSE*`; CATCH_CLAUSE: `catch ( PARAM | ... ) BLOCK_STMT`.
/// The current token is the identifier `try`, followed by `{`.
pub(crate) fn try_stmt(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // try
    block(p);
    while p.at(IDENT) && p.nth_text(0) == "catch" && p.nth_at(1, L_PAREN) {
        let c = p.start();
        p.bump(); // catch
        p.bump(); // (
        p.push_scope();
        if !p.eat(ELLIPSIS) {
            let pm = p.start();
            let specs = decl::decl_specs(p, DeclCtx::Param);
            if !specs.any {
                p.error_at_current("expected a type specifier");
            }
            if !p.at(R_PAREN) {
                let (_, info) = decl::declarator(p, decl::DeclMode::Either);
                if let Some(name) = info.name {
                    p.declare(&name, false);
                }
            }
            pm.complete(p, PARAM);
        }
        expr::close_paren(p);
        if p.at(L_CURLY) {
            block(p);
        } else {
            p.error_at_current("expected a \"{\"");
        }
        p.pop_scope();
        c.complete(p, CATCH_CLAUSE);
    }
    m.complete(p, TRY_STMT);
}

/// A run of tokens that cannot start a statement (stray `)`, `]`, `else`, `:` ...): one error
/// at its first token (nvcc's "expected an expression", or "expected a statement" for `else`),
/// none when an error was just reported right before it, then everything up to a token that
/// can start a statement, a `}`, or through a `;`, in one ERROR node. Iterative: 10,000 stray
/// tokens cost one error and no recursion.
fn skip_junk(p: &mut Parser<'_>) {
    if !p.error_here() {
        let message = if p.at(ELSE_KW) {
            "expected a statement"
        } else {
            "expected an expression"
        };
        p.error_at_current(message);
    }
    let m = p.start();
    loop {
        match p.current() {
            EOF | R_CURLY => break,
            SEMICOLON => {
                p.bump();
                break;
            }
            kind if can_start_stmt(kind) && kind != ELSE_KW => break,
            _ => p.bump_junk(),
        }
    }
    m.complete(p, ERROR);
}

/// `( expr )` of `if`/`while`/`switch`, with recovery to the closing parenthesis.
fn paren_cond(p: &mut Parser<'_>) {
    if !p.eat(L_PAREN) {
        p.error_after_prev("expected a \"(\"");
        if !can_start_expr(p.current()) {
            return;
        }
        expr::expr(p);
        p.eat(R_PAREN);
        return;
    }
    expr::expr(p);
    expr::close_paren(p);
}

/// The parenthesized header of `if`/`switch` (`with_init`: a C++17 init-statement may come
/// first, as an EXPR_STMT, DECL_STMT or EMPTY_STMT holding its `;`) and `while`: the condition
/// is an expression or a declaration with an initializer (a DECL_STMT without `;`).
fn cond_header(p: &mut Parser<'_>, with_init: bool) {
    if !p.at(L_PAREN) {
        paren_cond(p);
        return;
    }
    p.bump(); // (
    if with_init && has_init_stmt(p) {
        if p.at(SEMICOLON) {
            let m = p.start();
            p.bump();
            m.complete(p, EMPTY_STMT);
        } else if starts_local_decl(p) {
            let m = p.start();
            decl::declaration(p, DeclCtx::Block);
            m.complete(p, DECL_STMT);
        } else {
            let m = p.start();
            expr::expr(p);
            expect_semi(p);
            m.complete(p, EXPR_STMT);
        }
    }
    if starts_local_decl(p) && !p.nth_at(1, L_PAREN) && condition_is_decl(p) {
        let m = p.start();
        decl::condition_declaration(p);
        m.complete(p, DECL_STMT);
    } else {
        expr::expr(p);
    }
    expr::close_paren(p);
}

/// Whether a condition that starts like a declaration has a declarator after its type:
/// `if (T *p = f())`, not `if constexpr (X<T>{})`, `if (is_x<T>())`, `if (typename T::b{})`.
fn condition_is_decl(p: &mut Parser<'_>) -> bool {
    let mut k = 0;
    while matches!(p.nth(k), CONST_KW | VOLATILE_KW | CONSTEXPR_KW | STATIC_KW) {
        k += 1;
    }
    let k = match p.nth(k) {
        TYPENAME_KW => super::skip_qualified_name(p, k + 1),
        IDENT | COLON2 => super::skip_qualified_name(p, k),
        _ => return true,
    };
    matches!(p.nth(k), IDENT | STAR | AMP | AMP2 | CONST_KW | VOLATILE_KW | L_BRACK)
}

/// At `[[`: whether the attributes are followed by a statement that is no declaration (a
/// block, a keyword statement, or an expression statement of a call).
fn attributed_statement(p: &mut Parser<'_>) -> bool {
    let mut depth = 0i32;
    for n in 0..256 {
        match p.nth(n) {
            L_BRACK | L_PAREN => depth += 1,
            R_BRACK | R_PAREN => depth -= 1,
            EOF => return false,
            _ => {}
        }
        if depth == 0 {
            if p.nth_at(n + 1, L_BRACK) && p.nth_at(n + 2, L_BRACK) {
                continue;
            }
            return matches!(
                p.nth(n + 1),
                L_CURLY
                    | RETURN_KW
                    | IF_KW
                    | WHILE_KW
                    | FOR_KW
                    | DO_KW
                    | SWITCH_KW
                    | BREAK_KW
                    | CONTINUE_KW
                    | GOTO_KW
                    | SEMICOLON
            );
        }
    }
    false
}

/// Whether a `(`-header holds a `;` at nesting depth 0 before its closing `)` (the current token
/// is just after `(`).
fn has_init_stmt(p: &mut Parser<'_>) -> bool {
    let mut depth = 0i32;
    for n in 0..1024 {
        match p.nth(n) {
            L_PAREN | L_BRACK | L_CURLY => depth += 1,
            R_PAREN | R_BRACK | R_CURLY => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            SEMICOLON if depth == 0 => return true,
            // A statement keyword: the `)` is missing (`if (a > b return a;`).
            EOF | RETURN_KW | IF_KW | ELSE_KW | WHILE_KW | FOR_KW | DO_KW | SWITCH_KW | CASE_KW | BREAK_KW
            | CONTINUE_KW | GOTO_KW => return false,
            _ => {}
        }
    }
    false
}

/// FOR_STMT: `for ( (DECL_STMT | EXPR_STMT | ;) expr? ; expr? ) stmt`.
/// Whether `for (` starts a range-based for: a `:` (not `::`) at paren depth 0 before the first
/// `;` or the closing `)`. The current token is just after `(`.
fn is_range_for(p: &mut Parser<'_>) -> bool {
    let mut depth = 0i32;
    for n in 0..256 {
        match p.nth(n) {
            L_PAREN | L_BRACK | L_CURLY => depth += 1,
            R_PAREN | R_BRACK | R_CURLY => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            SEMICOLON | EOF => return false,
            COLON if depth == 0 => return true,
            QUESTION => return false,
            _ => {}
        }
    }
    false
}

fn for_stmt(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // for
    p.push_scope();
    if !p.eat(L_PAREN) {
        p.error_after_prev("expected a \"(\"");
    }
    if starts_local_decl(p) && is_range_for(p) {
        decl::decl_specs(p, DeclCtx::Block);
        if decl::starts_structured_binding(p) {
            decl::structured_binding(p);
        } else {
            let (_, info) = decl::declarator(p, decl::DeclMode::Named);
            if let Some(n) = &info.name {
                p.declare(n, false);
            }
        }
        p.expect(COLON);
        if p.at(L_CURLY) {
            expr::init_list(p);
        } else {
            expr::expr(p);
        }
        expr::close_paren(p);
        statement(p);
        p.pop_scope();
        m.complete(p, RANGE_FOR_STMT);
        return;
    }
    if p.at(SEMICOLON) {
        p.bump();
    } else if starts_local_decl(p) {
        let d = p.start();
        decl::declaration(p, DeclCtx::Block);
        d.complete(p, DECL_STMT);
    } else {
        let e = p.start();
        expr::expr(p);
        expect_semi(p);
        e.complete(p, EXPR_STMT);
    }
    if !p.at(SEMICOLON) && !p.at(R_PAREN) {
        expr::expr(p);
    }
    p.expect(SEMICOLON);
    if !p.at(R_PAREN) {
        expr::expr(p);
    }
    expr::close_paren(p);
    statement(p);
    p.pop_scope();
    m.complete(p, FOR_STMT);
}

/// ASM_STMT: `asm (volatile|inline|goto)* ( LITERAL (':' sections)? ) ;`. The sections are
/// separated by `:` (or `::`, two at once): outputs and inputs are ASM_OPERANDs, clobbers are
/// string LITERALs, `asm goto` labels are identifiers. Anything else inside the parentheses is
/// reported and kept in an ERROR node.
pub(crate) fn asm_stmt(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // asm
    while matches!(p.current(), VOLATILE_KW | INLINE_KW | GOTO_KW) {
        p.bump();
    }
    if p.eat(L_PAREN) {
        asm_body(p);
    } else {
        p.error_after_prev("expected a \"(\"");
    }
    expect_semi(p);
    m.complete(p, ASM_STMT);
}

/// The inside of `asm( ... )`, through the closing parenthesis.
fn asm_body(p: &mut Parser<'_>) {
    if p.at(STRING_LIT) {
        string_literal(p);
    } else {
        p.error_at_current("expected a string literal");
    }
    let mut section = 0u32;
    loop {
        match p.current() {
            COLON => section += 1,
            COLON2 => section += 2,
            _ => break,
        }
        p.bump();
        match section {
            1 | 2 => {
                while p.at(STRING_LIT) || p.at(L_BRACK) {
                    asm_operand(p);
                    if !p.eat(COMMA) {
                        break;
                    }
                }
            }
            3 => {
                while p.at(STRING_LIT) {
                    string_literal(p);
                    if !p.eat(COMMA) {
                        break;
                    }
                }
            }
            _ => {
                while p.at(IDENT) {
                    p.bump();
                    if !p.eat(COMMA) {
                        break;
                    }
                }
            }
        }
    }
    if !p.at(R_PAREN) && !p.at_eof() {
        p.error_at_current("expected a \")\"");
        let e = p.start();
        while !p.at(R_PAREN) && !p.at(SEMICOLON) && !p.at(R_CURLY) && !p.at_eof() {
            p.skip_balanced();
        }
        e.complete(p, ERROR);
    }
    p.expect(R_PAREN);
}

/// One or more adjacent string literals as a LITERAL node.
fn string_literal(p: &mut Parser<'_>) {
    let m = p.start();
    while p.at(STRING_LIT) {
        p.bump();
    }
    m.complete(p, LITERAL);
}

/// ASM_OPERAND: `('[' IDENT ']')? LITERAL '(' Expr ')'`.
fn asm_operand(p: &mut Parser<'_>) {
    let m = p.start();
    if p.eat(L_BRACK) {
        p.expect(IDENT);
        p.expect(R_BRACK);
    }
    if p.at(STRING_LIT) {
        string_literal(p);
    } else {
        p.error_at_current("expected a string literal");
    }
    if p.eat(L_PAREN) {
        expr::expr(p);
        expr::close_paren(p);
    } else {
        p.error_after_prev("expected a \"(\"");
    }
    m.complete(p, ASM_OPERAND);
}
