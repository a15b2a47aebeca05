//! Items: what may appear at the top level, inside `extern "C" { }` / namespace bodies, and (as
//! members) inside struct bodies. Also the recovery that skips junk between items.

use super::decl::{self, DeclCtx};
use super::{expect_semi, expr, is_decl_spec_keyword};
use crate::parser::Parser;
use crate::SyntaxKind::*;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum ItemCtx {
    TopLevel,
    /// Inside `{ }` of a linkage specification or namespace.
    DeclList,
    /// Inside a struct/union/class body.
    Member,
}

/// Parses one item. Always consumes at least one token unless at the end of input or at a `}`
/// that closes an enclosing list (callers check for that before calling).
pub(crate) fn item(p: &mut Parser<'_>, ctx: ItemCtx) {
    match p.current() {
        SEMICOLON => {
            let m = p.start();
            p.bump();
            m.complete(p, EMPTY_DECL);
        }
        PRAGMA => {
            let m = p.start();
            p.bump();
            m.complete(p, PRAGMA_STMT);
        }
        EXTERN_KW if p.nth_at(1, STRING_LIT) => linkage_spec(p),
        TEMPLATE_KW => template_decl(p, ctx),
        EXTENSION_KW if p.nth_at(1, TEMPLATE_KW) => {
            // `__extension__ template<...> using T = ...;` (libstdc++'s <type_traits>): the
            // keyword stays a plain token before the template.
            p.bump();
            template_decl(p, ctx);
        }
        EXTERN_KW if p.nth_at(1, TEMPLATE_KW) => template_decl(p, ctx),
        NAMESPACE_KW => namespace_def(p),
        INLINE_KW if p.nth_at(1, NAMESPACE_KW) => namespace_def(p),
        USING_KW => using_decl(p, ctx),
        STATIC_ASSERT_KW => static_assert_decl(p),
        ASM_KW => super::stmt::asm_stmt(p),
        PUBLIC_KW | PRIVATE_KW | PROTECTED_KW if ctx == ItemCtx::Member => {
            // Access specifiers stay as plain tokens of the FIELD_LIST.
            p.bump();
            p.expect(COLON);
        }
        kind if is_decl_spec_keyword(kind)
            || matches!(kind, IDENT | STAR | AMP | AMP2 | L_PAREN | COLON2 | TILDE | OPERATOR_KW)
            || (kind == L_BRACK && p.nth_at(1, L_BRACK)) =>
        {
            let dctx = match ctx {
                ItemCtx::Member => DeclCtx::Member,
                _ => DeclCtx::TopLevel,
            };
            let saved = p.class_ctx.take();
            decl::declaration(p, dctx);
            p.class_ctx = saved;
        }
        _ => recover_item(p, ctx),
    }
}

/// Whether the current token plausibly begins an item (used to stop error recovery).
fn can_start_item(p: &mut Parser<'_>) -> bool {
    let kind = p.current();
    is_decl_spec_keyword(kind)
        || matches!(
            kind,
            IDENT | PRAGMA | TEMPLATE_KW | NAMESPACE_KW | USING_KW | STATIC_ASSERT_KW
        )
}

/// Reports `expected a declaration` and skips junk: up to and including a `;` or a balanced
/// `{...}`, or up to a line that starts with something that can begin an item.
fn recover_item(p: &mut Parser<'_>, ctx: ItemCtx) {
    if !p.at(ERROR_TOKEN) {
        // (A bad character was reported by the lexer already.)
        p.error_at_current("expected a declaration");
    }
    let m = p.start();
    let mut first = true;
    loop {
        match p.current() {
            EOF => break,
            R_CURLY if ctx != ItemCtx::TopLevel && !first => break,
            SEMICOLON => {
                p.bump();
                break;
            }
            L_CURLY => {
                p.skip_balanced();
                break;
            }
            L_PAREN | L_BRACK | LAUNCH_OPEN => {
                p.skip_balanced();
            }
            _ => p.bump(),
        }
        first = false;
        if p.newline_before() && can_start_item(p) {
            break;
        }
    }
    m.complete(p, ERROR);
}

/// Items of a `{ ... }` list (DECL_LIST) until the closing brace.
fn decl_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // {
    while !p.at(R_CURLY) && !p.at_eof() {
        let before = p.pos();
        item(p, ItemCtx::DeclList);
        if p.pos() == before && !p.is_stuck() {
            p.err_and_bump("expected a declaration");
        }
    }
    p.expect(R_CURLY);
    m.complete(p, DECL_LIST);
}

/// `extern "C" { items }` or `extern "C" item` -> LINKAGE_SPEC.
fn linkage_spec(p: &mut Parser<'_>) {
    if !p.enter() {
        return;
    }
    let m = p.start();
    p.bump(); // extern
    p.bump(); // "C"
    if p.at(L_CURLY) {
        decl_list(p);
    } else if !p.at_eof() {
        item(p, ItemCtx::DeclList);
    } else {
        p.error_after_prev("expected a declaration");
    }
    m.complete(p, LINKAGE_SPEC);
    p.leave();
}

/// `template <params> item`, `template item` (explicit instantiation) -> TEMPLATE_DECL.
/// TEMPLATE_PARAMS holds TYPE_PARAM (`typename T`, `class T = D`) and PARAM (`int N = 4`)
/// nodes; type parameters become type names for the declaration, and the declared name becomes
/// a template name (`name<` then starts template arguments).
fn template_decl(p: &mut Parser<'_>, ctx: ItemCtx) {
    if !p.enter() {
        return;
    }
    let m = p.start();
    let mark = p.template_param_names.len();
    // `extern template class S<int>;`: an explicit instantiation declaration.
    p.eat(EXTERN_KW);
    p.bump(); // template
    p.push_scope();
    if p.at(LT) {
        template_params(p);
    }
    let declared = declared_template_name(p);
    if let Some((name, _)) = &declared {
        p.template_names.insert(name.as_str().into());
    }
    if !p.at_eof() && !p.at(R_CURLY) {
        item(p, ctx);
    } else {
        p.error_after_prev("expected a declaration");
    }
    p.pop_scope();
    for n in p.template_param_names.split_off(mark.min(p.template_param_names.len())) {
        if declared.as_ref().is_none_or(|(d, _)| d.as_str() != n.as_str()) {
            p.template_names.remove(&n);
        }
    }
    if let Some((name, true)) = &declared {
        // A class template's name is a type name after the declaration.
        p.declare(name, true);
    }
    m.complete(p, TEMPLATE_DECL);
    p.leave();
}

/// TEMPLATE_PARAMS: `< (TYPE_PARAM | PARAM) (, ...)* >`.
fn template_params(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // <
    let saved = std::mem::replace(&mut p.no_gt, true);
    // The last `>` of a `>>>` whose first two closed nested argument lists closes the list.
    let last_of_launch_close = |p: &mut Parser<'_>| p.at(LAUNCH_CLOSE) && p.split_launch == 2;
    // The second `>` of a `>>` whose first closed a nested argument list.
    let second_of_shr = |p: &mut Parser<'_>| p.at(SHR) && p.split_shr;
    while !(p.at(GT) || p.at_eof() || last_of_launch_close(p) || second_of_shr(p)) {
        let before = p.pos();
        match p.current() {
            // (`typename A<T>::type N = 0` and `typename A::type N` are non-type parameters.)
            TYPENAME_KW | CLASS_KW if !(p.nth_at(2, COLON2) || p.nth_at(1, IDENT) && p.nth_at(2, LT)) => {
                let tp = p.start();
                p.bump();
                p.eat(ELLIPSIS);
                if p.at(IDENT) {
                    let name = p.nth_text(0).to_owned();
                    let n = p.start();
                    p.bump();
                    n.complete(p, NAME);
                    p.declare(&name, true);
                }
                if p.eat(EQ) {
                    decl::type_name(p);
                }
                tp.complete(p, TYPE_PARAM);
            }
            TEMPLATE_KW if p.nth_at(1, LT) => {
                // A template template parameter `template <class> class C = Box`: a TYPE_PARAM
                // whose TEMPLATE_PARAMS child lists the parameters; `C` becomes a template name
                // for the rest of the declaration.
                let tp = p.start();
                p.bump(); // template
                p.push_scope();
                template_params(p);
                p.pop_scope();
                if p.at(CLASS_KW) || p.at(TYPENAME_KW) {
                    p.bump();
                } else {
                    p.error_at_current("expected \"class\"");
                }
                p.eat(ELLIPSIS);
                if p.at(IDENT) {
                    let name = p.nth_text(0).to_owned();
                    let n = p.start();
                    p.bump();
                    n.complete(p, NAME);
                    p.declare(&name, true);
                    if p.template_names.insert(name.as_str().into()) {
                        p.template_param_names.push(name.as_str().into());
                    }
                }
                if p.eat(EQ) {
                    decl::type_name(p);
                }
                tp.complete(p, TYPE_PARAM);
            }
            _ => {
                let pm = p.start();
                let specs = decl::decl_specs(p, decl::DeclCtx::Param);
                if !specs.any {
                    p.error_at_current("expected a type specifier");
                }
                p.eat(ELLIPSIS);
                if !matches!(p.current(), COMMA | GT | EQ) {
                    let (_, info) = decl::declarator(p, decl::DeclMode::Either);
                    if let Some(name) = info.name {
                        p.declare(&name, false);
                    }
                }
                if p.eat(EQ) {
                    expr::cond_expr(p);
                }
                pm.complete(p, PARAM);
            }
        }
        if p.pos() == before {
            p.err_and_bump("expected a template parameter");
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.no_gt = saved;
    if last_of_launch_close(p) {
        // `template <class = A<B<T>>>`: the last `>` of the token closes the parameters.
        p.split_launch = 0;
        p.bump();
    } else if second_of_shr(p) {
        // `template <class = enable_if_t<C>>`.
        p.split_shr = false;
        p.bump();
    } else {
        p.expect(GT);
    }
    m.complete(p, TEMPLATE_PARAMS);
}

/// The name a template declaration declares, found by looking ahead: the identifier before the
/// first `(` (functions) or after `struct`/`class`/`union` (class templates).
fn declared_template_name(p: &mut Parser<'_>) -> Option<(String, bool)> {
    let mut last_ident: Option<String> = None;
    let mut angle = 0i32;
    if p.at(USING_KW) && p.nth_at(1, IDENT) && alias_eq_at(p, 2) {
        // An alias template `template <class T> using Ptr = T*;`.
        return Some((p.nth_text(1).to_owned(), true));
    }
    let mut n = 0;
    while n < 256 {
        let at = n;
        n += 1;
        if super::is_attribute_start(p.nth(at)) && p.nth_at(at + 1, L_PAREN) {
            // `__launch_bounds__(B)`, `__attribute__((...))`, `alignas(16)`: not the name's `(`.
            n = skip_balanced(p, at + 1, L_PAREN, R_PAREN);
            continue;
        }
        let n = at;
        match p.nth(n) {
            STRUCT_KW | CLASS_KW | UNION_KW if angle == 0 => {
                // Attributes may come between the key and the name (`struct
                // __attribute__((__visibility__("default"))) S`, `struct [[nodiscard]] S`).
                let mut k = n + 1;
                while k < 256 {
                    if super::is_attribute_start(p.nth(k)) && p.nth_at(k + 1, L_PAREN) {
                        k = skip_balanced(p, k + 1, L_PAREN, R_PAREN);
                    } else if p.nth_at(k, L_BRACK) && p.nth_at(k + 1, L_BRACK) {
                        k = skip_balanced(p, k, L_BRACK, R_BRACK);
                    } else {
                        break;
                    }
                }
                return p.nth_at(k, IDENT).then(|| (p.nth_text(k).to_owned(), true));
            }
            IDENT if angle == 0 => last_ident = Some(p.nth_text(n).to_owned()),
            LT => angle += 1,
            GT => angle -= 1,
            SHR => angle -= 2,
            LAUNCH_CLOSE => angle -= 3,
            L_PAREN if angle == 0 => {
                return if p.nth_at(n.saturating_sub(1), IDENT) {
                    last_ident.map(|n| (n, false))
                } else {
                    None
                };
            }
            // A variable template `template <class T> constexpr bool is_x_v = ...;`.
            EQ if angle == 0 => return last_ident.map(|n| (n, false)),
            // `template <class T> extern F<void> declval;` (no initializer), but not the
            // out-of-class definition `template <class T> const int S<T>::N;`.
            SEMICOLON if angle == 0 && last_ident.is_some() && n >= 2 && !p.nth_at(n - 2, COLON2) => {
                return p.nth_at(n - 1, IDENT).then(|| last_ident.map(|n| (n, false))).flatten();
            }
            L_CURLY | SEMICOLON | EQ | EOF => return None,
            _ => {}
        }
    }
    None
}

/// The lookahead position just past the bracket group opening at `at` (`open` ... `close`,
/// nested); 256 (past the lookahead) when it does not close.
fn skip_balanced(p: &mut Parser<'_>, at: usize, open: crate::SyntaxKind, close: crate::SyntaxKind) -> usize {
    let mut depth = 0i32;
    let mut k = at;
    while k < 256 {
        let t = p.nth(k);
        if t == EOF {
            return 256;
        }
        if t == open {
            depth += 1;
        } else if t == close {
            depth -= 1;
        }
        k += 1;
        if depth == 0 {
            return k;
        }
    }
    256
}

/// `namespace N { items }` -> NAMESPACE_DEF (also `namespace A::B`, `inline namespace`,
/// and the alias form up to its `;`). Attributes after `namespace` or after the name
/// (`namespace std __attribute__((__visibility__("default"))) {`) are ATTRIBUTE children.
fn namespace_def(p: &mut Parser<'_>) {
    if !p.enter() {
        return;
    }
    let m = p.start();
    p.eat(INLINE_KW);
    p.bump(); // namespace
    let attrs = |p: &mut Parser<'_>| {
        while super::is_attribute_start(p.current()) || (p.at(L_BRACK) && p.nth_at(1, L_BRACK)) {
            decl::attribute(p);
        }
    };
    attrs(p);
    while p.at(IDENT) {
        let n = p.start();
        p.bump();
        n.complete(p, NAME);
        if !p.eat(COLON2) {
            break;
        }
        p.eat(INLINE_KW);
    }
    attrs(p);
    if p.at(L_CURLY) {
        // No scope: namespace members stay visible to the type-name table, the closest cheap
        // approximation of qualified lookup (`ns::T`).
        decl_list(p);
    } else {
        while !p.at(SEMICOLON) && !p.at_eof() && !p.at(L_CURLY) && !p.at(R_CURLY) {
            p.bump();
        }
        expect_semi(p);
    }
    m.complete(p, NAMESPACE_DEF);
    p.leave();
}

/// `using ...;` -> USING_DECL (tokens kept flat). `using T = ...;` makes `T` a type name.
/// In a class, `using [typename] Base<T>::name;` (a member using-declaration) has the
/// qualified name as a TYPE_NAME (scope and member; an operator name's tokens follow it).
fn using_decl(p: &mut Parser<'_>, ctx: ItemCtx) {
    let m = p.start();
    p.bump(); // using
    if ctx == ItemCtx::Member && !(p.at(IDENT) && alias_eq_at(p, 1)) {
        if p.at(TYPENAME_KW) {
            p.bump();
        }
        if p.at(IDENT) || (p.at(COLON2) && p.nth_at(1, IDENT)) {
            decl::base_type_name(p);
        }
    }
    if p.at(IDENT) && alias_eq_at(p, 1) {
        // `using name = type;` (an alias declaration): the type is a TYPE_NAME. Attributes
        // may follow the name (`using _BoolConstant [[deprecated]] = ...;`): ATTRIBUTEs.
        let name = p.nth_text(0).to_owned();
        p.bump();
        while !p.at(EQ) && !p.at_eof() {
            decl::attribute(p);
        }
        p.bump();
        p.type_required = true;
        decl::type_name(p);
        p.type_required = false;
        p.declare(&name, true);
        // Nothing may follow the type (`using L = int +;` is nvcc's 'expected a ";"').
        expect_semi(p);
        m.complete(p, USING_DECL);
        return;
    } else if p.at(NAMESPACE_KW) {
        p.bump();
    }
    while !p.at(SEMICOLON) && !p.at_eof() && !p.at(L_CURLY) && !p.at(R_CURLY) {
        if p.at(L_PAREN) || p.at(L_BRACK) {
            p.skip_balanced();
        } else {
            p.bump();
        }
    }
    expect_semi(p);
    m.complete(p, USING_DECL);
}

/// Whether token `n` on is the `=` of an alias declaration, after the attributes that may
/// follow its name (`[[deprecated]]`, `__attribute__((...))`, `alignas(...)`).
fn alias_eq_at(p: &mut Parser<'_>, mut n: usize) -> bool {
    // Skips the balanced group that opens at `n` (a bracket or parenthesis).
    fn skip_group(p: &mut Parser<'_>, n: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut k = n;
        loop {
            match p.nth(k) {
                L_BRACK | L_PAREN => depth += 1,
                R_BRACK | R_PAREN => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(k + 1);
                    }
                }
                EOF | SEMICOLON => return None,
                _ => {}
            }
            k += 1;
            if k > n + 256 {
                return None;
            }
        }
    }
    for _ in 0..8 {
        match p.nth(n) {
            EQ => return true,
            L_BRACK if p.nth_at(n + 1, L_BRACK) => match skip_group(p, n) {
                Some(k) => n = k,
                None => return false,
            },
            ATTRIBUTE_KW | ALIGNAS_KW | ALIGN_KW | DECLSPEC_KW if p.nth_at(n + 1, L_PAREN) => {
                match skip_group(p, n + 1) {
                    Some(k) => n = k,
                    None => return false,
                }
            }
            _ => return false,
        }
    }
    false
}

/// `static_assert(expr, "msg");` -> STATIC_ASSERT_DECL.
fn static_assert_decl(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump();
    if p.at(L_PAREN) {
        expr::arg_list(p);
    } else {
        p.error_after_prev("expected a \"(\"");
    }
    expect_semi(p);
    m.complete(p, STATIC_ASSERT_DECL);
}
