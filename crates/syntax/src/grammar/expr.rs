//! Expressions: a Pratt parser over C++'s precedence levels (comma, assignment and `?:`
//! right-associative, then `||` down to `.*`), unary and cast expressions, postfix chains with
//! kernel launches, primaries, braced initializer lists.
//!
//! Left-associative chains (`a + b + c ...`, `a[i][j]...`) are built iteratively with
//! `precede`, so they cost no recursion; their length is capped ([`MAX_CHAIN`]) so trees stay
//! shallow enough for recursive consumers.

use super::decl::{self, initializer};
use super::{can_start_expr, is_expr_recovery, is_type_keyword, starts_type_name_at};
use crate::parser::{CompletedMarker, Parser};
use crate::SyntaxKind::{self, *};

/// Longest left-associative chain (binary operators at one level, or postfix operators) in one
/// expression.
pub(crate) const MAX_CHAIN: u32 = 1024;

/// A full expression (with the comma operator).
pub(crate) fn expr(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, 1)
}

/// An assignment-expression (no top-level comma): arguments, initializers.
pub(crate) fn assign_expr(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, 3)
}

/// A conditional-expression (no assignment, no comma): `case` values, bit-field widths.
pub(crate) fn cond_expr(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, 4)
}

/// Binding powers `(left, right)` of binary operators.
fn infix_bp(kind: SyntaxKind) -> Option<(u8, u8)> {
    Some(match kind {
        COMMA => (1, 2),
        EQ | STAR_EQ | SLASH_EQ | PERCENT_EQ | PLUS_EQ | MINUS_EQ | SHL_EQ | SHR_EQ | AMP_EQ | CARET_EQ | PIPE_EQ => {
            (4, 3)
        }
        PIPE2 => (5, 6),
        AMP2 => (7, 8),
        PIPE => (9, 10),
        CARET => (11, 12),
        AMP => (13, 14),
        EQ2 | NEQ => (15, 16),
        LT | GT | LTEQ | GTEQ => (17, 18),
        SHL | SHR => (19, 20),
        PLUS | MINUS => (21, 22),
        STAR | SLASH | PERCENT => (23, 24),
        DOT_STAR | ARROW_STAR => (25, 26),
        _ => return None,
    })
}

/// `?:` binds like assignment (C++: `a ? b : c = d` is `a ? b : (c = d)`).
const COND_BP: u8 = 4;

fn expr_bp(p: &mut Parser<'_>, min_bp: u8) -> Option<CompletedMarker> {
    if !p.enter() {
        return None;
    }
    let r = expr_bp_inner(p, min_bp);
    p.leave();
    r
}

fn expr_bp_inner(p: &mut Parser<'_>, min_bp: u8) -> Option<CompletedMarker> {
    let mut lhs = unary(p)?;
    let mut chain = 0u32;
    loop {
        let kind = p.current();
        if kind == QUESTION {
            if COND_BP < min_bp {
                break;
            }
            let m = lhs.precede(p);
            p.bump();
            if !p.at(COLON) {
                expr_bp(p, 1);
            }
            if p.expect(COLON) {
                expr_bp(p, 3);
            }
            lhs = m.complete(p, COND_EXPR);
            continue;
        }
        if p.no_gt && matches!(kind, GT | SHR | GTEQ | SHR_EQ | LAUNCH_CLOSE) {
            // Closes template arguments.
            break;
        }
        let Some((l_bp, r_bp)) = infix_bp(kind) else { break };
        // A conditional-expression (`cond_expr`) stops at an assignment operator: `int x : 3 =
        // 2;` is a bit-field of width 3 with a default member initializer.
        let assignment = l_bp == COND_BP;
        if l_bp < min_bp || (assignment && min_bp == COND_BP) || p.nth_at(1, ELLIPSIS) {
            // `op ...` continues a fold expression (`(t + ... + 0)`): the enclosing
            // parenthesis takes it.
            break;
        }
        chain += 1;
        if chain > MAX_CHAIN {
            p.error_at_current("expression too complex");
            p.skip_nested();
            break;
        }
        let m = lhs.precede(p);
        p.bump();
        expr_bp(p, r_bp);
        lhs = m.complete(p, BIN_EXPR);
    }
    Some(lhs)
}

/// The operand of a prefix operator or cast: one more level of recursion.
fn unary_operand(p: &mut Parser<'_>) {
    if !p.enter() {
        return;
    }
    unary(p);
    p.leave();
}

fn unary(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    match p.current() {
        MINUS | PLUS | BANG | TILDE | STAR | AMP | PLUS2 | MINUS2 | EXTENSION_KW => {
            let m = p.start();
            p.bump();
            unary_operand(p);
            Some(m.complete(p, PREFIX_EXPR))
        }
        SIZEOF_KW | ALIGNOF_KW => {
            let kind = if p.at(SIZEOF_KW) { SIZEOF_EXPR } else { ALIGNOF_EXPR };
            let m = p.start();
            p.bump();
            if kind == SIZEOF_EXPR && p.at(ELLIPSIS) {
                // `sizeof...(Pack)`: the pack's name as a NAME_REF.
                p.bump();
                p.expect(L_PAREN);
                if p.at(IDENT) {
                    let n = p.start();
                    p.bump();
                    n.complete(p, NAME_REF);
                } else {
                    p.error_at_current("expected an identifier");
                }
                p.expect(R_PAREN);
                return Some(m.complete(p, kind));
            }
            if p.at(L_PAREN) && starts_type_name_at(p, 1) {
                p.bump();
                decl::type_name(p);
                p.expect(R_PAREN);
            } else {
                unary_operand(p);
            }
            Some(m.complete(p, kind))
        }
        IDENT if p.nth_text(0) == "throw" => {
            let m = p.start();
            p.bump();
            if can_start_expr(p.current()) {
                assign_expr(p);
            }
            Some(m.complete(p, THROW_EXPR))
        }
        NEW_KW => Some(new_expr(p)),
        NOEXCEPT_KW if p.nth_at(1, L_PAREN) => {
            let m = p.start();
            p.bump();
            p.bump(); // (
            let saved = std::mem::replace(&mut p.no_gt, false);
            expr(p);
            p.no_gt = saved;
            close_paren(p);
            Some(m.complete(p, NOEXCEPT_EXPR))
        }
        // (`typeid(void)`: its type operand read like a trait's.)
        IDENT
            if p.nth_at(1, L_PAREN)
                && (is_type_trait(p.nth_text(0)) || (p.nth_text(0) == "typeid" && starts_type_name_at(p, 2))) =>
        {
            let m = p.start();
            let n = p.start();
            p.bump();
            n.complete(p, NAME_REF);
            let a = p.start();
            p.bump(); // (
            let saved = std::mem::replace(&mut p.no_gt, false);
            while !p.at(R_PAREN) && !p.at_eof() {
                let before = p.pos();
                p.type_required = true;
                decl::type_name(p);
                p.type_required = false;
                p.eat(ELLIPSIS);
                if p.pos() == before || !p.eat(COMMA) {
                    break;
                }
            }
            p.no_gt = saved;
            close_paren(p);
            a.complete(p, ARG_LIST);
            Some(m.complete(p, TYPE_TRAIT_EXPR))
        }
        COLON2 if p.nth_at(1, NEW_KW) => Some(new_expr(p)),
        DELETE_KW | COLON2 if p.at(DELETE_KW) || p.nth_at(1, DELETE_KW) => {
            let m = p.start();
            p.eat(COLON2);
            p.bump(); // delete
            if p.at(L_BRACK) && p.nth_at(1, R_BRACK) {
                p.bump();
                p.bump();
            }
            unary_operand(p);
            Some(m.complete(p, DELETE_EXPR))
        }
        L_PAREN if starts_type_name_at(p, 1) => {
            let m = p.start();
            p.bump();
            decl::type_name(p);
            p.expect(R_PAREN);
            if p.at(L_CURLY) {
                // C99 compound literal `(T){...}`
                init_list(p);
            } else {
                unary_operand(p);
            }
            Some(m.complete(p, CAST_EXPR))
        }
        _ => postfix(p),
    }
}

fn postfix(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    let mut lhs = primary(p)?;
    let mut chain = 0u32;
    loop {
        let kind = p.current();
        if !matches!(kind, L_BRACK | L_PAREN | LAUNCH_OPEN | DOT | ARROW | PLUS2 | MINUS2) {
            break;
        }
        chain += 1;
        if chain > MAX_CHAIN {
            p.error_at_current("expression too complex");
            p.skip_nested();
            break;
        }
        let m = lhs.precede(p);
        lhs = match kind {
            L_BRACK => {
                p.bump();
                expr(p);
                p.expect(R_BRACK);
                m.complete(p, INDEX_EXPR)
            }
            L_PAREN => {
                arg_list(p);
                m.complete(p, CALL_EXPR)
            }
            LAUNCH_OPEN => {
                launch_config(p);
                if p.at(L_PAREN) {
                    arg_list(p);
                } else {
                    p.error_after_prev("expected a \"(\"");
                }
                m.complete(p, KERNEL_LAUNCH_EXPR)
            }
            DOT | ARROW => {
                p.bump();
                let explicit_template = p.eat(TEMPLATE_KW);
                if p.at(TILDE) && p.nth_at(1, IDENT) {
                    // An explicit destructor call `obj.~T()`, `p->~Node<V>()`.
                    let n = p.start();
                    p.bump();
                    p.bump();
                    if p.at(LT) {
                        decl::template_args(p);
                    }
                    n.complete(p, NAME_REF);
                } else if p.at(OPERATOR_KW) {
                    // `this->operator()(x)`, `a.operator==(b)`.
                    let n = p.start();
                    p.bump();
                    let mut text = String::new();
                    decl::operator_name_rest(p, &mut text);
                    n.complete(p, NAME_REF);
                } else if p.at(IDENT) {
                    let n = p.start();
                    let is_template = explicit_template || p.is_template_name(p.nth_text(0));
                    p.bump();
                    // A qualified member `obj.Base::f` (names a base class's member), or a
                    // qualified destructor `p->T::~T()`.
                    loop {
                        if p.at(LT) && is_qualifier_template_args(p) {
                            // `this->Base<T>::f()`.
                            super::decl::template_args(p);
                            continue;
                        }
                        if p.at(COLON2) && p.nth_at(1, OPERATOR_KW) {
                            // `this->Base<T>::operator=(x)`.
                            p.bump();
                            p.bump();
                            let mut text = String::new();
                            decl::operator_name_rest(p, &mut text);
                            break;
                        }
                        if !(p.at(COLON2) && (p.nth_at(1, IDENT) || (p.nth_at(1, TILDE) && p.nth_at(2, IDENT)))) {
                            break;
                        }
                        let dtor = p.nth_at(1, TILDE);
                        p.bump();
                        p.bump();
                        if dtor {
                            p.bump();
                            break;
                        }
                    }
                    if p.at(LT) && is_template {
                        // `obj.template get<2>()`, `obj.f<int>(x)`: a member template-id.
                        super::decl::template_args(p);
                    }
                    n.complete(p, NAME_REF);
                } else {
                    p.error_at_current("expected a member name");
                }
                m.complete(p, MEMBER_EXPR)
            }
            _ => {
                p.bump();
                m.complete(p, POSTFIX_EXPR)
            }
        };
    }
    Some(lhs)
}

fn primary(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    let kind = p.current();
    match kind {
        TYPENAME_KW if p.nth_at(1, IDENT) || p.nth_at(1, COLON2) => {
            // `typename T::type(0)`, `typename R::tag{}`: a functional cast (then postfix
            // operators: `typename T::tag{}.v`).
            let m = p.start();
            let t = p.start();
            let s = p.start();
            let r = p.start();
            p.bump();
            p.eat(COLON2);
            decl::qualified_name_rest(p, true);
            r.complete(p, TYPE_NAME_REF);
            s.complete(p, DECL_SPECS);
            t.complete(p, TYPE_NAME);
            cast_operand(p);
            Some(m.complete(p, FUNCTIONAL_CAST_EXPR))
        }
        INT_NUMBER | FLOAT_NUMBER | CHAR_LIT | TRUE_KW | FALSE_KW | NULLPTR_KW => {
            let m = p.start();
            p.bump();
            Some(m.complete(p, LITERAL))
        }
        STRING_LIT => {
            let m = p.start();
            while p.at(STRING_LIT) {
                p.bump();
            }
            Some(m.complete(p, LITERAL))
        }
        IDENT
            if p.nth_at(1, LT)
                && matches!(
                    p.nth_text(0),
                    "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast"
                ) =>
        {
            Some(cxx_cast(p))
        }
        IDENT => Some(name_primary(p)),
        OPERATOR_KW | COLON2 if p.at(OPERATOR_KW) || p.nth_at(1, OPERATOR_KW) => {
            // An operator function's name as an expression: `operator[](0)`,
            // `!operator==(x)`, `decltype(operator<(a, b))`, `::operator new(n)`.
            let m = p.start();
            p.eat(COLON2);
            p.bump(); // operator
            let mut text = String::new();
            decl::operator_name_rest(p, &mut text);
            Some(m.complete(p, NAME_REF))
        }
        COLON2 if p.nth_at(1, IDENT) => Some(name_primary(p)),
        THIS_KW => {
            let m = p.start();
            p.bump();
            Some(m.complete(p, THIS_EXPR))
        }
        L_PAREN => {
            let m = p.start();
            p.bump();
            let saved = std::mem::replace(&mut p.no_gt, false);
            if p.at(ELLIPSIS) && infix_bp(p.nth(1)).is_some() {
                // A unary left fold `( ... op pack )`.
                p.bump();
                let (_, r_bp) = infix_bp(p.current()).unwrap_or((0, 3));
                p.bump();
                expr_bp(p, r_bp.max(3));
                p.no_gt = saved;
                close_paren(p);
                return Some(m.complete(p, FOLD_EXPR));
            }
            expr(p);
            if infix_bp(p.current()).is_some() && p.nth_at(1, ELLIPSIS) {
                // `( pack op ... )` or `( e op ... op e )`.
                p.bump();
                p.bump();
                if let (false, Some((_, r_bp))) = (p.at(R_PAREN), infix_bp(p.current())) {
                    p.bump();
                    expr_bp(p, r_bp.max(3));
                }
                p.no_gt = saved;
                close_paren(p);
                return Some(m.complete(p, FOLD_EXPR));
            }
            p.no_gt = saved;
            close_paren(p);
            Some(m.complete(p, PAREN_EXPR))
        }
        L_CURLY => Some(init_list(p)),
        // A lambda's capture list starts with `]`, `&`, `=`, `this`, `*this` or a name; any other
        // `[` here is a stray bracket (one error, no lambda cascade).
        L_BRACK if matches!(p.nth(1), R_BRACK | AMP | EQ | THIS_KW | STAR | IDENT) => Some(lambda(p)),
        L_BRACK => {
            p.err_and_bump("expected an expression");
            None
        }
        BUILTIN_OFFSETOF_KW => {
            let m = p.start();
            p.bump();
            if p.expect(L_PAREN) {
                decl::type_name(p);
                if p.expect(COMMA) {
                    assign_expr(p);
                }
                close_paren(p);
            }
            Some(m.complete(p, OFFSETOF_EXPR))
        }
        ERROR_TOKEN => {
            // Already reported by the lexer.
            let m = p.start();
            p.bump();
            Some(m.complete(p, ERROR))
        }
        _ if is_type_keyword(kind) && (p.nth_at(1, L_PAREN) || p.nth_at(1, L_CURLY)) => Some(functional_cast(p)),
        DECLTYPE_KW if p.nth_at(1, L_PAREN) && super::decltype_functional_cast_at(p, 0) => {
            // `decltype(e){}` / `decltype(e)(args)`: a functional cast to the operand's type
            // (libcu++'s concept emulation writes `!(decltype(..., false){})`).
            let m = p.start();
            let t = p.start();
            let s = p.start();
            decl::cxx_type_ref(p);
            s.complete(p, DECL_SPECS);
            t.complete(p, TYPE_NAME);
            if p.at(L_CURLY) {
                init_list(p);
            } else if p.at(L_PAREN) {
                arg_list(p);
            } else {
                p.error_at_current("expected a \"(\"");
            }
            Some(m.complete(p, FUNCTIONAL_CAST_EXPR))
        }
        DECLTYPE_KW if p.nth_at(1, L_PAREN) && decltype_then_scope(p) => {
            // `decltype(e)::value`: a member of the operand's type, as a NAME_REF whose scope
            // is the TYPE_NAME_REF.
            let m = p.start();
            let t = p.start();
            p.bump();
            p.bump();
            let saved = std::mem::replace(&mut p.no_gt, false);
            expr(p);
            p.no_gt = saved;
            p.expect(R_PAREN);
            t.complete(p, TYPE_NAME_REF);
            p.bump(); // ::
            decl::qualified_name_rest(p, false);
            Some(m.complete(p, NAME_REF))
        }
        _ if is_type_keyword(kind) => {
            // `f<int>(x)` with `f` not a template, `x = int;`: one error, then go on.
            p.error_at_current("type name is not allowed");
            let m = p.start();
            decl::type_name(p);
            Some(m.complete(p, ERROR))
        }
        _ => {
            p.error_at_current("expected an expression");
            if !is_expr_recovery(kind) && !can_start_expr(kind) {
                let m = p.start();
                p.bump();
                m.complete(p, ERROR);
            }
            None
        }
    }
}

/// A name as an expression, written with or without a leading `::`: NAME_REF of a (qualified)
/// name or template-id (`f`, `ns::f<T>`, `::g`), or a FUNCTIONAL_CAST_EXPR when the name is a
/// type followed by `(` or `{` (`T(x)`, `ns::S{a}`, `::ns::plus<>{}`).
fn name_primary(p: &mut Parser<'_>) -> CompletedMarker {
    // The first identifier's index: after the global `::`, if any.
    let lead = usize::from(p.at(COLON2));
    if lead == 0 {
        if matches!(p.nth(1), L_PAREN | L_CURLY) && p.is_type_name(p.nth_text(0)) {
            return functional_cast(p);
        }
        if p.nth_at(1, L_CURLY) && p.nth_at(2, R_CURLY) && !super::is_reserved_ident(p.nth_text(0)) {
            // `f(n, unique_keys{})` with `unique_keys` a member type the parser does not
            // know (declared in the class, used in an out-of-class member): only a type
            // can be followed by `{}` in an expression.
            return functional_cast(p);
        }
    }
    // The last component of a qualified name `ns::Outer::S`.
    let mut last = lead;
    while p.nth_at(last + 1, COLON2) && p.nth_at(last + 2, IDENT) && last < 64 {
        last += 2;
    }
    if last > 0 && matches!(p.nth(last + 1), L_PAREN | L_CURLY) && p.is_qualified_type_name(p.nth_text(last)) {
        // `ns::S(args)` / `ns::S{args}`.
        return qualified_cast(p);
    }
    if last > 0 && p.nth_at(last + 1, L_CURLY) && !super::is_reserved_ident(p.nth_text(last)) {
        // `C::tag{}` with `tag` a member type the parser does not know: a qualified name
        // followed by a braced list in an expression can only be a type's.
        return qualified_cast(p);
    }
    // (A qualified name is not hidden by the function's locals.)
    let (is_type, is_template) = if last > 0 {
        let name = p.nth_text(last);
        (p.is_qualified_type_name(name), p.is_qualified_template_name(name))
    } else {
        let name = p.nth_text(last);
        (p.is_type_name(name), p.is_template_name(name))
    };
    if p.nth_at(last + 1, LT) && is_type && is_template {
        // `S<int, 4>(args)`, `ns::S<T>{args}` or `S<int, 4>::member`.
        if let Some(cm) = template_id_cast(p, last, true) {
            return cm;
        }
    }
    if p.nth_at(last + 1, LT) && !p.is_type_name(p.nth_text(last)) {
        // `ptr_cmp<T, U>{}` with `ptr_cmp` declared later in the class: `a < b > {}` is
        // no comparison, so a template-id followed by a braced list is a cast.
        if let Some(cm) = template_id_cast(p, last, false) {
            return cm;
        }
    }
    let m = p.start();
    let global = p.eat(COLON2);
    // C++ qualified names `ns::f` and template-ids `f<T>` (tokens in the NAME_REF).
    decl::qualified_name_rest_from(p, false, global);
    m.complete(p, NAME_REF)
}

/// At `<` after a member name: balanced template arguments followed by `::` (`a.B<T>::f`).
fn is_qualifier_template_args(p: &mut Parser<'_>) -> bool {
    let mut depth = 0i32;
    let mut k = 0;
    let mut parens = 0u32;
    while k < 128 {
        match p.nth(k) {
            EOF | SEMICOLON | L_CURLY | R_CURLY => return false,
            kind => match decl::paren_step(kind, &mut parens) {
                None => return false,
                Some(true) => {}
                Some(false) => match kind {
                    LT => depth += 1,
                    GT => depth -= 1,
                    SHR => depth -= 2,
                    _ => {}
                },
            },
        }
        k += 1;
        if depth <= 0 {
            return depth == 0 && p.nth_at(k, COLON2);
        }
    }
    false
}

/// GCC's type-trait built-ins (`__is_same(T, U)`, `__has_trivial_destructor(T)`, ...): their
/// arguments are types.
fn is_type_trait(name: &str) -> bool {
    matches!(
        name,
        "__is_abstract"
            | "__is_aggregate"
            | "__is_assignable"
            | "__is_base_of"
            | "__is_class"
            | "__is_constructible"
            | "__is_convertible"
            | "__is_convertible_to"
            | "__is_empty"
            | "__is_enum"
            | "__is_final"
            | "__is_literal_type"
            | "__is_layout_compatible"
            | "__is_nothrow_assignable"
            | "__is_nothrow_constructible"
            | "__is_nothrow_convertible"
            | "__is_pod"
            | "__is_polymorphic"
            | "__is_same"
            | "__is_same_as"
            | "__is_standard_layout"
            | "__is_trivial"
            | "__is_trivially_assignable"
            | "__is_trivially_constructible"
            | "__is_trivially_copyable"
            | "__is_union"
            | "__is_pointer_interconvertible_base_of"
            | "__has_nothrow_assign"
            | "__has_nothrow_constructor"
            | "__has_nothrow_copy"
            | "__has_trivial_assign"
            | "__has_trivial_constructor"
            | "__has_trivial_copy"
            | "__has_trivial_destructor"
            | "__has_unique_object_representations"
            | "__has_virtual_destructor"
            | "__underlying_type"
            | "__reference_constructs_from_temporary"
            | "__reference_converts_from_temporary"
    )
}

/// NEW_EXPR: `::? new (placement ARG_LIST)? (TYPE_NAME | '(' TYPE_NAME ')') (ARG_LIST |
/// INIT_LIST)?`; the TYPE_NAME's declarator takes `*`s and `[n]` bounds (`new T*[n]`).
fn new_expr(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    p.eat(COLON2);
    p.bump(); // new
    if p.at(L_PAREN) && !starts_type_name_at(p, 1) {
        arg_list(p);
    }
    let saved = std::mem::replace(&mut p.no_gt, false);
    if p.at(L_PAREN) {
        p.bump();
        decl::type_name(p);
        close_paren(p);
    } else {
        let t = p.start();
        p.type_required = true;
        let specs = decl::decl_specs(p, decl::DeclCtx::TypeName);
        p.type_required = false;
        if !specs.any {
            p.error_at_current("expected a type specifier");
        }
        if matches!(p.current(), STAR | AMP | AMP2 | L_BRACK) {
            let saved = std::mem::replace(&mut p.new_declarator, true);
            decl::declarator(p, decl::DeclMode::Abstract);
            p.new_declarator = saved;
        }
        t.complete(p, TYPE_NAME);
    }
    p.no_gt = saved;
    if p.at(L_PAREN) {
        arg_list(p);
    } else if p.at(L_CURLY) {
        init_list(p);
    }
    m.complete(p, NEW_EXPR)
}

/// CXX_CAST_EXPR: `static_cast < TYPE_NAME > ( Expr )` (and the other named casts).
fn cxx_cast(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    p.bump(); // static_cast & co. (an identifier)
    p.bump(); // <
    let saved = std::mem::replace(&mut p.no_gt, true);
    p.type_required = true;
    decl::type_name(p);
    p.type_required = false;
    p.no_gt = saved;
    if p.at(SHR) && p.split_shr {
        p.split_shr = false;
        p.bump();
    } else if p.at(LAUNCH_CLOSE) && p.split_launch == 2 {
        // `static_cast<A<B<T>>>(x)`: two nested lists took the first two `>` of the token.
        p.split_launch = 0;
        p.bump();
    } else {
        p.expect(GT);
    }
    if p.at(L_PAREN) {
        p.bump();
        let saved = std::mem::replace(&mut p.no_gt, false);
        expr(p);
        p.no_gt = saved;
        close_paren(p);
    } else {
        p.error_at_current("expected a \"(\"");
    }
    m.complete(p, CXX_CAST_EXPR)
}

/// LAMBDA_EXPR: `[captures] (PARAM_LIST)? (mutable|constexpr|__device__|__host__|noexcept)*
/// ('->' TYPE_NAME)? BLOCK_STMT`. The current token is `[`.
fn lambda(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    let c = p.start();
    p.bump(); // [
    let saved = std::mem::replace(&mut p.no_gt, false);
    while !p.at(R_BRACK) && !p.at_eof() && !p.at(SEMICOLON) && !p.at(L_CURLY) {
        if p.at(EQ) && !p.nth_at(1, R_BRACK) && !p.nth_at(1, COMMA) {
            p.bump();
            assign_expr(p);
        } else {
            p.bump();
        }
    }
    p.expect(R_BRACK);
    c.complete(p, LAMBDA_CAPTURES);
    p.push_scope();
    // Execution-space specifiers of an extended lambda: `[] __host__ __device__ (int i) {...}`,
    // also as the toolkit's host_defines.h spells them (`__attribute__((host))`).
    while matches!(p.current(), DEVICE_KW | HOST_KW | ATTRIBUTE_KW) {
        if p.at(ATTRIBUTE_KW) {
            decl::attribute(p);
        } else {
            p.bump();
        }
    }
    if p.at(L_PAREN) {
        for name in decl::lambda_params(p) {
            p.declare(&name, false);
        }
    }
    while matches!(
        p.current(),
        MUTABLE_KW | CONSTEXPR_KW | DEVICE_KW | HOST_KW | NOEXCEPT_KW
    ) {
        p.bump();
    }
    if p.at(ARROW) {
        p.bump();
        p.type_required = true;
        decl::type_name(p);
        p.type_required = false;
    }
    if p.at(L_CURLY) {
        super::stmt::block(p);
    } else {
        p.error_at_current("expected a \"{\"");
    }
    p.pop_scope();
    p.no_gt = saved;
    m.complete(p, LAMBDA_EXPR)
}

/// `S<args>(...)` / `S<args>{...}` as a FUNCTIONAL_CAST_EXPR when the template-id is followed
/// by `(` or `{`; `None` (nothing consumed) otherwise, e.g. `S<int>::f`.
fn template_id_cast(p: &mut Parser<'_>, last: usize, allow_paren: bool) -> Option<CompletedMarker> {
    // Find the matching `>` to look at what follows.
    let mut depth = 0i32;
    let mut n = last + 1;
    loop {
        match p.nth(n) {
            LT => depth += 1,
            GT => depth -= 1,
            SHR => depth -= 2,
            LAUNCH_CLOSE => depth -= 3,
            // A braced list after a type in the arguments (`C<int{4}>{}`); any other `{` ends
            // the search (`if (a < b) {`).
            L_CURLY if !(p.nth_at(n - 1, IDENT) || is_type_keyword(p.nth(n - 1))) => return None,
            L_PAREN | L_BRACK | L_CURLY => {
                // Skip balanced parentheses and braces inside the arguments.
                let mut lvl = 0;
                loop {
                    match p.nth(n) {
                        L_PAREN | L_BRACK | L_CURLY => lvl += 1,
                        R_PAREN | R_BRACK | R_CURLY => lvl -= 1,
                        EOF => return None,
                        _ => {}
                    }
                    if lvl == 0 {
                        break;
                    }
                    n += 1;
                }
            }
            // A `)` or `]` the arguments did not open closes a group around the `<`: a
            // comparison (`(P < 0) ? -1 : 1> {}` in a base's template arguments).
            EOF | SEMICOLON | R_CURLY | R_PAREN | R_BRACK => return None,
            _ => {}
        }
        n += 1;
        if depth <= 0 || n > 256 {
            break;
        }
    }
    if depth < 0 {
        // A `>>` or `>>>` that also closes enclosing lists (`en_t<!is_const_v<I>>> {}`): what
        // follows is not this template-id's.
        return None;
    }
    if !(p.nth_at(n, L_CURLY) || (allow_paren && p.nth_at(n, L_PAREN))) {
        return None;
    }
    Some(qualified_cast(p))
}

/// FUNCTIONAL_CAST_EXPR of a qualified name or template-id (`ns::S{a}`, `S<int>(x)`); the
/// caller has seen that `(` or `{` follows the name.
fn qualified_cast(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    let t = p.start();
    let s = p.start();
    let r = p.start();
    let global = p.eat(COLON2);
    decl::qualified_name_rest_from(p, true, global);
    r.complete(p, TYPE_NAME_REF);
    s.complete(p, DECL_SPECS);
    t.complete(p, TYPE_NAME);
    if p.at(L_CURLY) {
        init_list(p);
    } else if p.at(L_PAREN) {
        arg_list(p);
    }
    m.complete(p, FUNCTIONAL_CAST_EXPR)
}

/// FUNCTIONAL_CAST_EXPR: `T(args)` / `T{args}` with one simple type specifier.
fn functional_cast(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    let t = p.start();
    let s = p.start();
    if p.at(IDENT) {
        let r = p.start();
        p.bump();
        r.complete(p, TYPE_NAME_REF);
    } else {
        p.bump();
    }
    s.complete(p, DECL_SPECS);
    t.complete(p, TYPE_NAME);
    cast_operand(p);
    m.complete(p, FUNCTIONAL_CAST_EXPR)
}

/// Consumes `)` or reports `expected a ")"` and skips junk up to a `)` on the same logical group
/// (stopping at `;`, braces, or the end).
pub(crate) fn close_paren(p: &mut Parser<'_>) {
    if p.eat(R_PAREN) {
        return;
    }
    p.error_after_prev("expected a \")\"");
    let m = p.start();
    let start = p.pos();
    loop {
        match p.current() {
            EOF | SEMICOLON | L_CURLY | R_CURLY | R_PAREN => break,
            L_PAREN | L_BRACK | LAUNCH_OPEN => {
                p.skip_balanced();
            }
            _ => p.bump(),
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
    p.eat(R_PAREN);
}

/// ARG_LIST: `( (arg (, arg)*)? )` where an argument is an assignment-expression or a braced
/// list. The current token is `(`.
pub(crate) fn arg_list(p: &mut Parser<'_>) {
    let saved = std::mem::replace(&mut p.no_gt, false);
    arg_list_inner(p);
    p.no_gt = saved;
}

fn arg_list_inner(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // (
    if !p.at(R_PAREN) {
        loop {
            if p.at(L_CURLY) {
                init_list(p);
            } else {
                assign_expr(p);
            }
            if p.at(ELLIPSIS) {
                // C++ pack expansion `args...`
                p.bump();
            }
            if !p.eat(COMMA) {
                break;
            }
        }
    }
    close_paren(p);
    m.complete(p, ARG_LIST);
}

/// LAUNCH_CONFIG: `<<< expr (, expr)* >>>`.
fn launch_config(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // <<<
    loop {
        assign_expr(p);
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(LAUNCH_CLOSE);
    m.complete(p, LAUNCH_CONFIG);
}

/// INIT_LIST: `{ (item (, item)* ,?)? }`; an item is an initializer or DESIGNATED_INIT
/// (`.f = x`, `[i] = x`, chains like `.a[2].b = x`). The current token is `{`.
pub(crate) fn init_list(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    if !p.enter() {
        return m.complete(p, INIT_LIST);
    }
    p.bump(); // {
    loop {
        if p.at(R_CURLY) || p.at_eof() {
            break;
        }
        let before = p.pos();
        if (p.at(DOT) && p.nth_at(1, IDENT)) || p.at(L_BRACK) {
            let d = p.start();
            loop {
                let g = p.start();
                if p.at(DOT) {
                    p.bump();
                    let n = p.start();
                    p.bump();
                    n.complete(p, NAME);
                } else {
                    p.bump(); // [
                    cond_expr(p);
                    p.expect(R_BRACK);
                }
                g.complete(p, DESIGNATOR);
                if !((p.at(DOT) && p.nth_at(1, IDENT)) || p.at(L_BRACK)) {
                    break;
                }
            }
            p.expect(EQ);
            initializer(p);
            d.complete(p, DESIGNATED_INIT);
        } else {
            initializer(p);
            if p.at(ELLIPSIS) {
                // C++ pack expansion `{args...}`
                p.bump();
            }
        }
        if p.pos() == before || !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_CURLY);
    p.leave();
    m.complete(p, INIT_LIST)
}

/// Whether `decltype(...)` at the current token is followed by `::name`.
fn decltype_then_scope(p: &mut Parser<'_>) -> bool {
    super::decltype_close_at(p, 0).is_some_and(|k| p.nth_at(k + 1, COLON2) && p.nth_at(k + 2, IDENT))
}

/// The operand of a functional cast: a braced list or a parenthesized argument list.
fn cast_operand(p: &mut Parser<'_>) {
    if p.at(L_CURLY) {
        init_list(p);
    } else {
        arg_list(p);
    }
}
