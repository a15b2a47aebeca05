//! Declarations: specifiers (in any order), declarators (C's inside-out syntax), parameter
//! lists, struct/union/enum specifiers, attributes, initializers and type names.
//!
//! Declarator trees mirror C's derivation: the outermost declarator node applies first to the
//! base type. `*a[3]` is `POINTER_DECLARATOR(ARRAY_DECLARATOR(NAME_DECLARATOR))`: `a` is an
//! array of pointers. Suffixes (`[]`, `()`) bind tighter than `*` and are built with
//! `precede`, so the name's own node is innermost.

use super::{expect_semi, expr, is_attribute_start, is_plain_specifier, is_type_keyword, stmt};
use crate::parser::{CompletedMarker, Parser};
use crate::SyntaxKind;
use crate::SyntaxKind::*;
use smol_str::SmolStr;

/// Where a declaration appears; decides function definitions, bit-fields, and how an unknown
/// identifier at the start is read (type or not).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum DeclCtx {
    TopLevel,
    Member,
    Block,
    Param,
    TypeName,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum DeclMode {
    /// A declarator that must name something.
    Named,
    /// Named or abstract (parameters).
    Either,
    /// No name (type names in casts, `sizeof`).
    Abstract,
}

#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Specs {
    pub typedef: bool,
    pub has_type: bool,
    pub any: bool,
}

/// What the derivation closest to the declared name is.
#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Closest {
    /// No derivation: the name has the specifiers' type.
    #[default]
    Bare,
    /// The name is a function (its parameter names are in [`DeclInfo::params`]).
    Fn,
    Other,
}

#[derive(Default, Clone, Debug)]
pub(crate) struct DeclInfo {
    pub name: Option<SmolStr>,
    pub closest: Closest,
    pub params: Vec<SmolStr>,
}

/// Whether an identifier at the start of declaration specifiers names a type. Known type names
/// do; otherwise a guess by context (an unknown type name is better reported by the checker as
/// an undefined identifier than as a cascade of syntax errors).
pub(crate) fn ident_is_type(p: &mut Parser<'_>, ctx: DeclCtx) -> bool {
    let text = p.nth_text(0).to_owned();
    if ctx == DeclCtx::Block && (p.is_type_name(&text) || p.nth_at(1, COLON2)) {
        if let Some(is_type) = qualified_template_member_is_type(p) {
            return is_type;
        }
    }
    // (`Traits::eq(a, b)` with `Traits` a type is a call: a qualified name is decided below.)
    if ctx == DeclCtx::Block && p.is_type_name(&text) && p.nth_at(1, COLON2) && p.nth_at(2, OPERATOR_KW) {
        // `base_type::operator=(x);`: a call.
        return false;
    }
    if ctx == DeclCtx::Block && p.is_type_name(&text) && p.nth_at(1, COLON2) && p.nth_at(2, IDENT) {
        // `if constexpr (Tr::value)`, `Tr::value && x`: a member of a type not followed by a
        // declarator is an expression.
        let mut n = 2;
        while p.nth_at(n + 1, COLON2) && p.nth_at(n + 2, IDENT) && n < 64 {
            n += 2;
        }
        if !matches!(
            p.nth(n + 1),
            IDENT | STAR | AMP | AMP2 | LT | L_PAREN | COLON2 | CONST_KW | VOLATILE_KW
        ) {
            return false;
        }
    }
    if p.is_type_name(&text)
        && !(p.nth_at(1, COLON2) && p.nth_at(2, IDENT) && !p.nth_at(3, COLON2) && p.nth_at(3, L_PAREN))
    {
        return true;
    }
    if super::is_reserved_ident(&text) {
        return false;
    }
    let mut end = 1;
    while p.nth_at(end, COLON2) && p.nth_at(end + 1, IDENT) && end < 64 {
        end += 2;
    }
    if ctx == DeclCtx::TypeName && (unknown_template_arg_type(p) || p.type_required) {
        p.type_required = false;
        return true;
    }
    // (`sub_v<L, R> && x`: a known template that names no type, a variable template's
    // specialization, is an expression.)
    let last = p.nth_text(end - 1).to_owned();
    let value_template = p.is_value_name(&last) || (p.is_qualified_template_name(&last) && !p.is_type_name(&last));
    if p.nth_at(end, LT)
        && matches!(ctx, DeclCtx::Block | DeclCtx::TopLevel | DeclCtx::Param)
        && !value_template
        && looks_like_template_id(p, end)
    {
        // `std::vector<float> v(n);` with `vector` unknown (host code).
        return true;
    }
    if p.nth_at(1, COLON2) && p.nth_at(2, IDENT) {
        if p.is_qualified_type_name_at(0) {
            return true;
        }
        // A qualified name `ns::inner::T` names a type when its last component does (namespace
        // members stay in the type-name table unqualified).
        let mut n = 2;
        while p.nth_at(n + 1, COLON2) && p.nth_at(n + 2, IDENT) && n < 64 {
            n += 2;
        }
        let last = p.nth_text(n).to_owned();
        // `std::string::size_type n = 0;`: a name followed by an identifier declares it
        // (a member type of a typedef's class is not in the table).
        return p.is_type_name(&last)
            || (matches!(ctx, DeclCtx::Block | DeclCtx::TopLevel | DeclCtx::Member) && p.nth_at(n + 1, IDENT));
    }
    match ctx {
        DeclCtx::Block => p.nth_at(1, IDENT),
        DeclCtx::TopLevel | DeclCtx::Member => {
            let next = p.nth(1);
            matches!(
                next,
                IDENT | STAR | AMP | AMP2 | CONST_KW | VOLATILE_KW | RESTRICT_KW | OPERATOR_KW
            ) || (is_plain_specifier(next) && next != EXTENSION_KW)
                || is_attribute_start(next)
        }
        DeclCtx::Param => !p.nth_at(1, COLON2),
        DeclCtx::TypeName => false,
    }
}

/// A declaration (DECLARATION), or a function definition (FUNCTION_DEF) when `ctx` allows one
/// and the first declarator declares a function followed by `{`.
pub(crate) fn declaration(p: &mut Parser<'_>, ctx: DeclCtx) {
    let m = p.start();
    let specs = decl_specs(p, ctx);
    if p.at(SEMICOLON) {
        p.bump();
        m.complete(p, DECLARATION);
        return;
    }
    if ctx == DeclCtx::Block && starts_structured_binding(p) {
        let i = p.start();
        structured_binding(p);
        if p.eat(EQ) {
            initializer(p);
        } else if p.at(L_CURLY) {
            expr::init_list(p);
        } else if p.at(L_PAREN) {
            expr::arg_list(p);
        }
        i.complete(p, INIT_DECLARATOR);
        expect_semi(p);
        m.complete(p, DECLARATION);
        return;
    }
    if ctx == DeclCtx::Member && p.at(COLON) {
        // Unnamed bit-field `int : 3;`
        init_declarator_rest(p, None, &specs, &DeclInfo::default(), ctx);
    } else {
        p.paren_init_ok = ctx == DeclCtx::Block;
        p.paren_init_strict = ctx == DeclCtx::TopLevel;
        let (cm, info) = declarator(p, DeclMode::Named);
        p.paren_init_ok = false;
        p.paren_init_strict = false;
        if matches!(ctx, DeclCtx::TopLevel | DeclCtx::Member) && info.closest == Closest::Fn {
            while is_attribute_start(p.current()) {
                attribute(p);
            }
            let qualified = info.name.as_ref().is_some_and(|n| n.contains("::"));
            if p.at(L_CURLY) || ((ctx == DeclCtx::Member || qualified) && p.at(COLON)) {
                if let Some(name) = &info.name {
                    if ctx == DeclCtx::TopLevel {
                        p.declare(name, false);
                    }
                }
                if p.at(COLON) {
                    ctor_initializer(p);
                }
                p.push_scope();
                let outer_fn_scope = p.fn_scope_start;
                if outer_fn_scope.is_none() {
                    p.fn_scope_start = Some(p.scopes_len() - 1);
                }
                for name in &info.params {
                    p.declare(name, false);
                }
                if p.at(L_CURLY) {
                    stmt::block(p);
                } else {
                    p.expect(L_CURLY);
                }
                p.fn_scope_start = outer_fn_scope;
                p.pop_scope();
                m.complete(p, FUNCTION_DEF);
                return;
            }
        }
        init_declarator_rest(p, cm, &specs, &info, ctx);
    }
    while p.eat(COMMA) {
        if ctx == DeclCtx::Member && p.at(COLON) {
            init_declarator_rest(p, None, &specs, &DeclInfo::default(), ctx);
            continue;
        }
        p.paren_init_ok = ctx == DeclCtx::Block;
        p.paren_init_strict = ctx == DeclCtx::TopLevel;
        let (cm, info) = declarator(p, DeclMode::Named);
        p.paren_init_ok = false;
        p.paren_init_strict = false;
        init_declarator_rest(p, cm, &specs, &info, ctx);
    }
    expect_semi(p);
    m.complete(p, DECLARATION);
}

/// Whether a C++17 structured binding `[a, b]` / `&[a, b]` / `&&[a, b]` follows the specifiers.
pub(crate) fn starts_structured_binding(p: &mut Parser<'_>) -> bool {
    match p.current() {
        L_BRACK => !p.nth_at(1, L_BRACK),
        AMP | AMP2 => p.nth_at(1, L_BRACK) && !p.nth_at(2, L_BRACK),
        _ => false,
    }
}

/// STRUCTURED_BINDING: `&? [ NAME (, NAME)* ]`; declares the names.
pub(crate) fn structured_binding(p: &mut Parser<'_>) {
    let m = p.start();
    if p.at(AMP) || p.at(AMP2) {
        p.bump();
    }
    p.bump(); // [
    loop {
        if p.at(IDENT) {
            let name = SmolStr::new(p.nth_text(0));
            let n = p.start();
            p.bump();
            n.complete(p, NAME);
            p.declare(&name, false);
        } else {
            p.error_at_current("expected an identifier");
            break;
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_BRACK);
    m.complete(p, STRUCTURED_BINDING);
}

/// A condition declaration `T x = e` / `T x{e}` of `if`/`switch`/`while`: a DECLARATION without
/// `;`.
pub(crate) fn condition_declaration(p: &mut Parser<'_>) {
    let m = p.start();
    let specs = decl_specs(p, DeclCtx::Block);
    let (cm, info) = declarator(p, DeclMode::Named);
    init_declarator_rest(p, cm, &specs, &info, DeclCtx::Block);
    m.complete(p, DECLARATION);
}

/// Wraps a parsed declarator into INIT_DECLARATOR with trailing attributes, a bit-field width
/// (members) and an initializer; declares the name in the type-name table.
fn init_declarator_rest(p: &mut Parser<'_>, cm: Option<CompletedMarker>, specs: &Specs, info: &DeclInfo, ctx: DeclCtx) {
    let m = match cm {
        Some(cm) => cm.precede(p),
        None => p.start(),
    };
    loop {
        if is_attribute_start(p.current()) {
            attribute(p);
        } else if p.at(ASM_KW) && p.nth_at(1, L_PAREN) {
            // GNU asm label `int x asm("symbol")`, kept as flat tokens.
            p.bump();
            p.skip_balanced();
        } else {
            break;
        }
    }
    if let Some(name) = &info.name {
        if ctx != DeclCtx::Member {
            p.declare(name, specs.typedef);
        } else if specs.typedef {
            // A member typedef: a type name in the class (its member functions' bodies), and
            // `Class::name` after the class.
            p.declare(name, true);
            if let Some(list) = p.member_typedefs.last_mut() {
                list.push(name.clone());
            }
        }
    }
    if ctx == DeclCtx::Member && p.at(COLON) {
        p.bump();
        if expr::cond_expr(p).is_none() {
            // reported
        }
    }
    if p.eat(EQ) {
        if info.closest == Closest::Fn && (p.at(DEFAULT_KW) || p.at(DELETE_KW)) {
            // `= default` / `= delete` on a function declaration (kept as the keyword token).
            p.bump();
        } else {
            initializer(p);
        }
    } else if p.at(L_PAREN) && matches!(ctx, DeclCtx::Block | DeclCtx::TopLevel) && info.closest == Closest::Bare {
        // C++ direct-initialization `T x(args)` (the declarator stopped before `(`).
        expr::arg_list(p);
    } else if p.at(L_CURLY) && info.closest != Closest::Fn {
        // C++11 brace initialization `T x{...}`.
        expr::init_list(p);
    }
    m.complete(p, INIT_DECLARATOR);
}

/// `= expr` or `= { ... }` (the `=` already consumed).
pub(crate) fn initializer(p: &mut Parser<'_>) {
    if p.at(L_CURLY) {
        expr::init_list(p);
    } else if expr::assign_expr(p).is_none() {
        // reported by the expression parser
    }
}

/// DECL_SPECS: specifiers in any order. Returns what was seen; no node when nothing was.
pub(crate) fn decl_specs(p: &mut Parser<'_>, ctx: DeclCtx) -> Specs {
    let m = p.start();
    let mut s = Specs::default();
    // A `const`/`volatile` without a type yet: the identifier after it names one
    // (`const char_type* p` in an out-of-class member of a class template, where the member
    // typedef is not in the type-name table).
    let mut cv = false;
    loop {
        let kind = p.current();
        if is_plain_specifier(kind) {
            if kind == TYPEDEF_KW {
                s.typedef = true;
            }
            cv |= matches!(kind, CONST_KW | VOLATILE_KW);
            p.bump();
        } else if is_type_keyword(kind) {
            p.bump();
            s.has_type = true;
        } else if is_attribute_start(kind) || (kind == L_BRACK && p.nth_at(1, L_BRACK)) {
            attribute(p);
        } else {
            match kind {
                STRUCT_KW | UNION_KW | CLASS_KW if !s.has_type => {
                    record_spec(p);
                    s.has_type = true;
                }
                ENUM_KW if !s.has_type => {
                    enum_spec(p);
                    s.has_type = true;
                }
                TYPENAME_KW | DECLTYPE_KW if !s.has_type => {
                    cxx_type_ref(p);
                    s.has_type = true;
                }
                COLON2 if !s.has_type && global_qualified_is_type(p, ctx) => {
                    // `::__gnu_debug::_Safe_iterator<_Ite, _Seq, _Cat>&`.
                    let t = p.start();
                    p.bump();
                    qualified_name_rest(p, true);
                    t.complete(p, TYPE_NAME_REF);
                    s.has_type = true;
                }
                IDENT
                    if !s.has_type
                        && p.nth_at(1, L_PAREN)
                        && matches!(
                            p.nth_text(0),
                            "__typeof" | "__typeof__" | "typeof" | "__underlying_type"
                        ) =>
                {
                    // GNU `__typeof(e)` / `__typeof(T)`: a TYPE_NAME_REF like `decltype`; also
                    // `__underlying_type(T)`.
                    let t = p.start();
                    p.bump();
                    p.bump(); // (
                    let saved = std::mem::replace(&mut p.no_gt, false);
                    if super::starts_type_name_at(p, 0) {
                        type_name(p);
                    } else {
                        expr::expr(p);
                    }
                    p.no_gt = saved;
                    p.expect(R_PAREN);
                    t.complete(p, TYPE_NAME_REF);
                    s.has_type = true;
                }
                IDENT
                    if !s.has_type
                        && ((cv
                            && !super::is_reserved_ident(p.nth_text(0))
                            && !p.nth_at(1, COLON2)
                            && match ctx {
                                DeclCtx::Block | DeclCtx::TopLevel | DeclCtx::Member | DeclCtx::Param => {
                                    matches!(p.nth(1), STAR | AMP | AMP2 | IDENT) || is_attribute_start(p.nth(1))
                                }
                                // `declval<const Access&>()`.
                                DeclCtx::TypeName => {
                                    matches!(p.nth(1), STAR | AMP | AMP2 | GT | SHR | COMMA | R_PAREN | ELLIPSIS)
                                }
                            })
                            || ident_is_type(p, ctx)) =>
                {
                    if ctx == DeclCtx::Member
                        && p.nth_at(1, L_PAREN)
                        && !p.nth_at(2, STAR)
                        && member_pointer_star(p, 2).is_none()
                    {
                        // C++ constructor `T(...)`: the name is the declarator.
                        break;
                    }
                    if ctx == DeclCtx::TopLevel && p.nth_at(1, L_PAREN) && is_deduction_guide(p) {
                        // A deduction guide `S(A, B) -> S<A>;`: the name is the declarator.
                        break;
                    }
                    if (p.nth_at(1, COLON2)
                        && ((p.nth_at(2, IDENT) && p.nth_text(2) == p.nth_text(0) && p.nth_at(3, L_PAREN))
                            || (p.nth_at(2, TILDE) && p.nth_at(3, IDENT))
                            || (p.nth_at(2, OPERATOR_KW)
                                && !matches!(p.nth(3), L_PAREN | L_BRACK)
                                && !p.nth(3).is_punct())))
                        || templated_out_of_class_special(p)
                    {
                        // Out-of-class constructor, destructor or conversion function `T::T(...)`,
                        // `T::~T()`, `T::operator int()`.
                        break;
                    }
                    let t = p.start();
                    // C++ qualified names `ns::T` and template-ids `S<int, 4>`.
                    qualified_name_rest(p, true);
                    t.complete(p, TYPE_NAME_REF);
                    s.has_type = true;
                }
                _ => break,
            }
        }
        s.any = true;
    }
    if s.any {
        m.complete(p, DECL_SPECS);
    } else {
        m.abandon(p);
    }
    s
}

/// At `::`: whether a globally qualified name `::ns::T` (or `::ns::T<args>`) starts the
/// declaration specifiers as a type (not `::f(x)`, `::operator new(n)`, `::ns::S::S()`).
pub(crate) fn global_qualified_is_type(p: &mut Parser<'_>, ctx: DeclCtx) -> bool {
    if !p.nth_at(1, IDENT) {
        return false;
    }
    let mut n = 1;
    while p.nth_at(n + 1, COLON2) && p.nth_at(n + 2, IDENT) && n < 64 {
        n += 2;
    }
    if p.type_required && ctx == DeclCtx::TypeName {
        // Only a type can follow (`operator ::ns::size_t()`, `using X = ::ns::T;`).
        return true;
    }
    if p.nth_at(n + 1, L_PAREN) {
        return false;
    }
    let last = p.nth_text(n).to_owned();
    if p.is_type_name(&last) {
        return true;
    }
    let next = n + 1;
    if p.nth_at(next, LT) {
        return ctx != DeclCtx::Block && looks_like_template_id(p, next);
    }
    match ctx {
        DeclCtx::Param => matches!(p.nth(next), IDENT | STAR | AMP | AMP2 | COMMA | R_PAREN | CONST_KW),
        DeclCtx::TypeName => matches!(p.nth(next), STAR | AMP | AMP2),
        DeclCtx::TopLevel | DeclCtx::Member | DeclCtx::Block => p.nth_at(next, IDENT),
    }
}

/// At `Name (`: whether the balanced parentheses are followed by `->` (a deduction guide).
fn is_deduction_guide(p: &mut Parser<'_>) -> bool {
    let mut depth = 0i32;
    let mut k = 1;
    while k < 1024 {
        match p.nth(k) {
            L_PAREN => depth += 1,
            R_PAREN => depth -= 1,
            // (`= {}` default arguments inside the parentheses are fine.)
            EOF | SEMICOLON => return false,
            L_CURLY | R_CURLY if depth <= 0 => return false,
            _ => {}
        }
        k += 1;
        if depth == 0 {
            return p.nth_at(k, ARROW);
        }
    }
    false
}

/// After a type name with template arguments and a further component (`X<T>::value`) in a
/// block: whether a declarator follows (`X<T>::type x`, `X<T>::type *p = q`), else the name
/// is an expression (`if (X<T>::value)`, `X<T>::f(a);`). `None` when the name has no such
/// form.
fn qualified_template_member_is_type(p: &mut Parser<'_>) -> Option<bool> {
    // (`std::X<T>::f(a);`: namespace components before the template-id.)
    let mut k = 1;
    while p.nth_at(k, COLON2) && p.nth_at(k + 1, IDENT) && k < 64 {
        k += 2;
    }
    if !p.nth_at(k, LT) {
        return None;
    }
    k = skip_template_args(p, k)?;
    let member = |p: &mut Parser<'_>, k: usize| {
        p.nth_at(k, COLON2) && (p.nth_at(k + 1, IDENT) || (p.nth_at(k + 1, TEMPLATE_KW) && p.nth_at(k + 2, IDENT)))
    };
    if !member(p, k) {
        return None;
    }
    // `A<T>::B::C`, `A<T>::template B<U>::C`, `A<T>::template f<M>(x)`.
    while member(p, k) && k < 512 {
        let explicit_template = p.nth_at(k + 1, TEMPLATE_KW);
        k += if explicit_template { 3 } else { 2 };
        if explicit_template && p.nth_at(k, LT) {
            k = skip_template_args(p, k)?;
        } else if p.nth_at(k, LT) {
            // `S<true>::cls<int> x;`, `O<T>::I<U>::type y;`: a member class template's
            // specialization (not `S<T>::f<M>(x)`, a call).
            if let Some(after) = skip_template_args(p, k) {
                if matches!(p.nth(after), IDENT | COLON2) {
                    k = after;
                }
            }
        }
    }
    Some(match p.nth(k) {
        IDENT => true,
        STAR | AMP | AMP2 => {
            p.nth_at(k + 1, IDENT)
                && matches!(
                    p.nth(k + 2),
                    EQ | SEMICOLON | COMMA | L_CURLY | L_BRACK | COLON | R_PAREN
                )
        }
        _ => false,
    })
}

/// `A<T>::A(...)`, `A<T>::~A()`, `ns::A<T>::B<U>::B(...)`: an out-of-class constructor or
/// destructor of a class template (template arguments between the names).
fn templated_out_of_class_special(p: &mut Parser<'_>) -> bool {
    let mut k = 0;
    let mut prev: Option<String> = None;
    while k < 512 {
        if !p.nth_at(k, IDENT) {
            return false;
        }
        let name = p.nth_text(k).to_owned();
        if prev.as_deref() == Some(name.as_str()) && p.nth_at(k + 1, L_PAREN) {
            return true;
        }
        k += 1;
        if p.nth_at(k, LT) {
            let mut depth = 0i32;
            let start = k;
            while k < start + 256 {
                match p.nth(k) {
                    LT => depth += 1,
                    GT => depth -= 1,
                    SHR => depth -= 2,
                    EOF | SEMICOLON | L_CURLY | R_CURLY => return false,
                    _ => {}
                }
                k += 1;
                if depth <= 0 {
                    break;
                }
            }
            if depth != 0 {
                return false;
            }
        }
        if !p.nth_at(k, COLON2) {
            return false;
        }
        k += 1;
        if p.nth_at(k, TILDE) && p.nth_at(k + 1, IDENT) && p.nth_text(k + 1) == name {
            return true;
        }
        prev = Some(name);
    }
    false
}

/// `typename a::b<args>::c` / `decltype(e)` as TYPE_NAME_REF (C++): the name as in
/// `qualified_name_rest` (template arguments as TEMPLATE_ARGS), the `decltype` operand as an
/// expression in parentheses.
pub(crate) fn cxx_type_ref(p: &mut Parser<'_>) {
    let m = p.start();
    if p.at(TYPENAME_KW) && p.nth_at(1, DECLTYPE_KW) {
        // `typename decltype(e)::type`.
        p.bump();
    }
    if p.at(DECLTYPE_KW) {
        p.bump();
        if p.at(L_PAREN) && p.nth_at(1, AUTO_KW) && p.nth_at(2, R_PAREN) {
            // `decltype(auto)`.
            p.bump();
            p.bump();
            p.bump();
        } else if p.at(L_PAREN) {
            p.bump();
            let saved = std::mem::replace(&mut p.no_gt, false);
            if expr::expr(p).is_none() {
                // reported by the expression parser
            }
            p.no_gt = saved;
            p.expect(R_PAREN);
            if p.at(COLON2) && p.nth_at(1, IDENT) {
                // `decltype(e)::type`: a member of the operand's type.
                p.bump();
                qualified_name_rest(p, true);
            }
        } else {
            p.error_after_prev("expected a \"(\"");
        }
    } else {
        p.bump(); // typename
        p.eat(COLON2);
        if p.at(IDENT) {
            qualified_name_rest(p, true);
        } else {
            p.error_at_current("expected an identifier");
        }
    }
    m.complete(p, TYPE_NAME_REF);
}

/// ATTRIBUTE: `__launch_bounds__(args)`, `__align__(n)`, `alignas(n|T)`,
/// `__attribute__((...))`, `__declspec(...)`, `[[...]]`.
pub(crate) fn attribute(p: &mut Parser<'_>) {
    let m = p.start();
    match p.current() {
        LAUNCH_BOUNDS_KW | ALIGN_KW | ALIGNAS_KW => {
            let align = !p.at(LAUNCH_BOUNDS_KW);
            p.bump();
            if align && p.at(L_PAREN) && super::starts_type_name_at(p, 1) {
                // `alignas(T)`: the type as a TYPE_NAME in the ARG_LIST.
                let a = p.start();
                p.bump();
                type_name(p);
                p.expect(R_PAREN);
                a.complete(p, ARG_LIST);
            } else if p.at(L_PAREN) {
                expr::arg_list(p);
            } else {
                p.error_after_prev("expected a \"(\"");
            }
        }
        ATTRIBUTE_KW => {
            p.bump();
            if p.at(L_PAREN) {
                gnu_attribute_args(p);
            } else {
                p.error_after_prev("expected a \"(\"");
            }
        }
        DECLSPEC_KW | L_BRACK => {
            if p.at(DECLSPEC_KW) {
                p.bump();
            }
            let a = p.start();
            if p.at(L_PAREN) || p.at(L_BRACK) {
                p.skip_balanced();
            }
            a.complete(p, ATTRIBUTE_ARGS);
        }
        _ => p.bump(),
    }
    m.complete(p, ATTRIBUTE);
}

/// ATTRIBUTE_ARGS of `__attribute__`: balanced tokens, except that the arguments of
/// `aligned(...)` and `launch_bounds(...)` are parsed as an ARG_LIST of expressions.
fn gnu_attribute_args(p: &mut Parser<'_>) {
    let m = p.start();
    let mut level = 0u32;
    loop {
        match p.current() {
            EOF | SEMICOLON | L_CURLY | R_CURLY => {
                p.error_after_prev("expected a \")\"");
                break;
            }
            L_PAREN => {
                level += 1;
                p.bump();
            }
            R_PAREN => {
                level = level.saturating_sub(1);
                p.bump();
                if level == 0 {
                    break;
                }
            }
            _ => {
                let takes_exprs = level == 2
                    && p.nth_at(1, L_PAREN)
                    && matches!(
                        p.nth_text(0).trim_matches('_'),
                        "aligned" | "launch_bounds" | "cluster_dims" | "alloc_size" | "vector_size"
                    );
                if takes_exprs {
                    p.bump();
                    expr::arg_list(p);
                } else {
                    p.bump();
                }
            }
        }
        if level == 0 {
            break;
        }
    }
    m.complete(p, ATTRIBUTE_ARGS);
}

/// RECORD_SPEC: `struct|union|class attrs* NAME? (: bases)? FIELD_LIST?`.
fn record_spec(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump();
    while is_attribute_start(p.current()) || (p.at(L_BRACK) && p.nth_at(1, L_BRACK)) {
        attribute(p);
    }
    let mut class_name = None;
    if p.at(IDENT) || (p.at(COLON2) && p.nth_at(1, IDENT)) {
        let n = p.start();
        // `friend class ::ns::C;`: a class named from the global namespace.
        p.eat(COLON2);
        let name = p.nth_text(0).to_owned();
        p.bump();
        if p.at(LT) && p.is_template_name(&name) {
            // An explicit specialization `struct S<int> { ... }`.
            template_args(p);
        }
        let mut name = name;
        while p.at(COLON2) && p.nth_at(1, IDENT) {
            // A qualified class-head `class basic_ostream<C, T>::sentry { ... }`,
            // `struct ns::S { ... }`.
            p.bump();
            name = p.nth_text(0).to_owned();
            p.bump();
            if p.at(LT) && p.is_template_name(&name) {
                template_args(p);
            }
        }
        class_name = Some(name.clone());
        n.complete(p, NAME);
        p.declare_tag(&name);
        if p.at(IDENT) && p.nth_text(0) == "final" && matches!(p.nth(1), COLON | L_CURLY) {
            // `class S final : public B { ... }`.
            p.bump();
        }
    }
    while is_attribute_start(p.current()) {
        attribute(p);
    }
    if p.at(COLON) {
        // C++ base clause: `: [access] [virtual] Type, ...`, one BASE_SPEC each.
        p.bump();
        if p.at(L_CURLY) {
            p.error_at_current("expected a class name");
        }
        while !p.at(L_CURLY) && !p.at(SEMICOLON) && !p.at_eof() && !p.at(R_CURLY) {
            let before = p.pos();
            let b = p.start();
            while matches!(p.current(), PUBLIC_KW | PRIVATE_KW | PROTECTED_KW | VIRTUAL_KW) {
                p.bump();
            }
            base_type_name(p);
            if p.at(ELLIPSIS) {
                p.bump();
            }
            b.complete(p, BASE_SPEC);
            if p.at(COMMA) {
                p.bump();
            } else if !p.at(L_CURLY) {
                p.error_at_current("expected a '{'");
                while !p.at(L_CURLY) && !p.at(SEMICOLON) && !p.at_eof() && !p.at(R_CURLY) {
                    p.bump();
                }
            }
            if p.pos() == before {
                break;
            }
        }
    }
    if p.at(L_CURLY) {
        field_list(p, class_name.as_deref());
    }
    m.complete(p, RECORD_SPEC);
}

/// The class named by a base specifier, as a TYPE_NAME (`B`, `ns::B`, `B<T, 4>`,
/// `typename T::base`); names need not be known types (host code derives from library classes).
pub(crate) fn base_type_name(p: &mut Parser<'_>) {
    let m = p.start();
    let ds = p.start();
    match p.current() {
        TYPENAME_KW | DECLTYPE_KW => cxx_type_ref(p),
        IDENT => {
            let t = p.start();
            qualified_name_rest_in(p, true, true);
            t.complete(p, TYPE_NAME_REF);
        }
        COLON2 if p.nth_at(1, IDENT) => {
            let t = p.start();
            p.bump();
            qualified_name_rest_in(p, true, true);
            t.complete(p, TYPE_NAME_REF);
        }
        _ => p.error_at_current("expected a class name"),
    }
    ds.complete(p, DECL_SPECS);
    m.complete(p, TYPE_NAME);
}

/// FIELD_LIST: `{ member* }`.
fn field_list(p: &mut Parser<'_>, class_name: Option<&str>) {
    if !p.enter() {
        return;
    }
    let m = p.start();
    p.bump(); // {
    p.push_scope();
    p.member_typedefs.push(Vec::new());
    while !p.at(R_CURLY) && !p.at_eof() {
        let before = p.pos();
        super::items::item(p, super::items::ItemCtx::Member);
        if p.pos() == before && !p.is_stuck() {
            p.err_and_bump("expected a declaration");
        }
    }
    // The class's member types stay type names outside it as `Class::name`.
    match class_name {
        Some(c) => p.pop_scope_into_class(c),
        None => {
            p.member_typedefs.pop();
            p.pop_scope();
        }
    }
    p.expect(R_CURLY);
    m.complete(p, FIELD_LIST);
    p.leave();
}

/// ENUM_SPEC: `enum (class|struct)? attrs* NAME? (: type)? ENUMERATOR_LIST?`.
fn enum_spec(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // enum
    if p.at(CLASS_KW) || p.at(STRUCT_KW) {
        p.bump();
    }
    while is_attribute_start(p.current()) {
        attribute(p);
    }
    if p.at(IDENT) {
        let name = p.nth_text(0).to_owned();
        let n = p.start();
        p.bump();
        n.complete(p, NAME);
        p.declare_tag(&name);
    }
    if p.at(COLON) {
        p.bump();
        type_name(p);
    }
    if p.at(L_CURLY) {
        let l = p.start();
        p.bump();
        loop {
            if p.at(R_CURLY) || p.at_eof() {
                break;
            }
            if p.at(IDENT) {
                let e = p.start();
                let name = p.nth_text(0).to_owned();
                let n = p.start();
                p.bump();
                n.complete(p, NAME);
                p.declare(&name, false);
                while is_attribute_start(p.current()) {
                    attribute(p);
                }
                if p.eat(EQ) {
                    expr::cond_expr(p);
                }
                e.complete(p, ENUMERATOR);
            } else if p.at(COMMA) {
                p.error_at_current("expected an identifier");
            } else {
                p.err_and_bump("expected an identifier");
                continue;
            }
            if !p.eat(COMMA) {
                break;
            }
        }
        p.expect(R_CURLY);
        l.complete(p, ENUMERATOR_LIST);
    }
    m.complete(p, ENUM_SPEC);
}

/// TYPE_NAME: specifiers plus an optional abstract declarator (`const float *`, `int (*)[4]`).
pub(crate) fn type_name(p: &mut Parser<'_>) {
    let m = p.start();
    let specs = decl_specs(p, DeclCtx::TypeName);
    if !specs.any {
        p.error_at_current("expected a type specifier");
    }
    if matches!(p.current(), STAR | AMP | AMP2 | L_PAREN | L_BRACK) || member_pointer_star(p, 0).is_some() {
        declarator(p, DeclMode::Abstract);
    }
    m.complete(p, TYPE_NAME);
}

/// A declarator; `None` when nothing was parsed (an empty abstract declarator).
pub(crate) fn declarator(p: &mut Parser<'_>, mode: DeclMode) -> (Option<CompletedMarker>, DeclInfo) {
    if !p.enter() {
        return (None, DeclInfo::default());
    }
    let r = declarator_inner(p, mode);
    p.leave();
    r
}

/// Whether a pointer-to-member prefix `C::*` / `ns::C<T>::*` starts at the `n`-th token;
/// returns the offset of its `*`.
pub(crate) fn member_pointer_star(p: &mut Parser<'_>, n: usize) -> Option<usize> {
    let mut k = n;
    p.nth_at(k, COLON2).then(|| k += 1);
    loop {
        if !p.nth_at(k, IDENT) {
            return None;
        }
        k += 1;
        if p.nth_at(k, LT) {
            // Skip balanced template arguments.
            let mut depth = 0i32;
            let start = k;
            while k < start + 64 {
                match p.nth(k) {
                    LT => depth += 1,
                    GT => depth -= 1,
                    SHR => depth -= 2,
                    EOF | SEMICOLON | L_CURLY | R_CURLY => return None,
                    _ => {}
                }
                k += 1;
                if depth <= 0 {
                    break;
                }
            }
            if depth != 0 {
                return None;
            }
        }
        if !p.nth_at(k, COLON2) {
            return None;
        }
        k += 1;
        if p.nth_at(k, STAR) {
            return Some(k);
        }
    }
}

fn declarator_inner(p: &mut Parser<'_>, mode: DeclMode) -> (Option<CompletedMarker>, DeclInfo) {
    if let Some(star) = member_pointer_star(p, 0) {
        // A pointer to member `int C::*p`, `R (C::*)(A)`: a POINTER_DECLARATOR whose class
        // name's tokens come before the `*`.
        let m = p.start();
        for _ in 0..=star {
            p.bump();
        }
        while matches!(p.current(), CONST_KW | VOLATILE_KW | RESTRICT_KW) {
            p.bump();
        }
        let (_, mut info) = declarator(p, mode);
        if info.closest == Closest::Bare {
            info.closest = Closest::Other;
        }
        return (Some(m.complete(p, POINTER_DECLARATOR)), info);
    }
    match p.current() {
        STAR | AMP | AMP2 => {
            let m = p.start();
            let kind = p.current();
            p.bump();
            if kind == STAR {
                loop {
                    let k = p.current();
                    if matches!(k, CONST_KW | VOLATILE_KW | RESTRICT_KW) {
                        p.bump();
                    } else if is_attribute_start(k) {
                        attribute(p);
                    } else {
                        break;
                    }
                }
            }
            if p.at(ELLIPSIS) && mode == DeclMode::Either {
                // A function parameter pack of references or pointers: `const A&... a`. (In a
                // type-id, `tuple<T&...>`, the `...` is a pack expansion its context takes.)
                p.bump();
            }
            let (_, mut info) = declarator(p, mode);
            if info.closest == Closest::Bare {
                info.closest = Closest::Other;
            }
            let node = if kind == STAR {
                POINTER_DECLARATOR
            } else {
                REFERENCE_DECLARATOR
            };
            (Some(m.complete(p, node)), info)
        }
        _ => direct_declarator(p, mode),
    }
}

/// Whether `(` at the current position opens a parenthesized declarator rather than a
/// parameter list (only ambiguous for abstract declarators).
fn is_paren_declarator(p: &mut Parser<'_>, mode: DeclMode) -> bool {
    match mode {
        DeclMode::Named => true,
        DeclMode::Either | DeclMode::Abstract => match p.nth(1) {
            STAR | AMP | AMP2 | L_PAREN | L_BRACK => true,
            IDENT | COLON2 if member_pointer_star(p, 1).is_some() => true,
            IDENT => mode == DeclMode::Either && !p.is_type_name(p.nth_text(1)),
            _ => false,
        },
    }
}

fn direct_declarator(p: &mut Parser<'_>, mode: DeclMode) -> (Option<CompletedMarker>, DeclInfo) {
    let mut info = DeclInfo::default();
    let mut cur: Option<CompletedMarker> = None;
    match p.current() {
        IDENT | OPERATOR_KW | TILDE | COLON2 if mode != DeclMode::Abstract && starts_declarator_name(p) => {
            let m = p.start();
            let n = p.start();
            info.name = Some(declarator_name(p));
            n.complete(p, NAME);
            while p.at(L_BRACK) && p.nth_at(1, L_BRACK) {
                // `typedef R result_type [[__deprecated__]];`: attributes of the declarator-id.
                attribute(p);
            }
            cur = Some(m.complete(p, NAME_DECLARATOR));
        }
        L_PAREN if !p.new_declarator && is_paren_declarator(p, mode) => {
            let m = p.start();
            p.bump();
            let (_, inner) = declarator(p, mode);
            info = inner;
            p.expect(R_PAREN);
            cur = Some(m.complete(p, PAREN_DECLARATOR));
        }
        _ => {
            if mode == DeclMode::Named {
                p.error_at_current("expected an identifier");
            }
        }
    }
    let paren_init_ok = std::mem::replace(&mut p.paren_init_ok, false);
    let paren_init_strict = std::mem::replace(&mut p.paren_init_strict, false);
    loop {
        let kind = match p.current() {
            L_BRACK if !p.nth_at(1, L_BRACK) => ARRAY_DECLARATOR,
            L_PAREN if paren_init_ok && info.closest == Closest::Bare && cur.is_some() && !starts_param_list(p) => {
                break
            }
            L_PAREN
                if paren_init_strict && info.closest == Closest::Bare && cur.is_some() && starts_expression_only(p) =>
            {
                break
            }
            L_PAREN if p.new_declarator => break,
            L_PAREN => FUNCTION_DECLARATOR,
            _ => break,
        };
        // A suffix only follows something, except in abstract declarators (`int (*)[3]`,
        // `void (int)`) and after an error already reported.
        let m = match cur {
            Some(cm) => cm.precede(p),
            None => p.start(),
        };
        if kind == ARRAY_DECLARATOR {
            p.bump();
            while matches!(p.current(), STATIC_KW | CONST_KW | VOLATILE_KW | RESTRICT_KW) {
                p.bump();
            }
            if !p.at(R_BRACK) {
                let saved = std::mem::replace(&mut p.new_declarator, false);
                expr::assign_expr(p);
                p.new_declarator = saved;
            }
            p.expect(R_BRACK);
            if info.closest == Closest::Bare {
                info.closest = Closest::Other;
            }
        } else {
            let names = param_list(p);
            // C++ trailing qualifiers of member functions.
            while matches!(p.current(), CONST_KW | VOLATILE_KW) {
                p.bump();
            }
            // Ref-qualifiers `&`/`&&` of member functions (kept as tokens), when what follows
            // can only continue a function declarator.
            if matches!(p.current(), AMP | AMP2)
                && (matches!(
                    p.nth(1),
                    SEMICOLON | L_CURLY | EQ | NOEXCEPT_KW | R_PAREN | COMMA | ARROW | GT | COLON
                ) || is_attribute_start(p.nth(1))
                    || (p.nth_at(1, IDENT) && matches!(p.nth_text(1), "override" | "final" | "throw")))
            {
                p.bump();
            }
            // Virt-specifiers `override`/`final` are contextual keywords.
            while p.at(IDENT) && matches!(p.nth_text(0), "override" | "final") {
                p.bump();
            }
            if p.at(NOEXCEPT_KW) {
                p.bump();
                if p.at(L_PAREN) {
                    // `noexcept(cond)`: the condition is a constant expression.
                    let c = p.start();
                    p.bump();
                    let saved = std::mem::replace(&mut p.no_gt, false);
                    expr::expr(p);
                    p.no_gt = saved;
                    expr::close_paren(p);
                    c.complete(p, NOEXCEPT_SPEC);
                }
            } else if p.at(IDENT) && p.nth_text(0) == "throw" && p.nth_at(1, L_PAREN) {
                // A dynamic exception specification `throw()` / `throw(std::bad_alloc)`.
                p.bump();
                p.skip_balanced();
            }
            while p.at(IDENT) && matches!(p.nth_text(0), "override" | "final") {
                p.bump();
            }
            if p.at(ARROW) {
                // A trailing return type `auto f(T a) -> decltype(a * 2)`; an unknown name there
                // is a type.
                p.bump();
                p.type_required = true;
                type_name(p);
                p.type_required = false;
            }
            if info.closest == Closest::Bare {
                info.closest = Closest::Fn;
                info.params = names;
            }
        }
        cur = Some(m.complete(p, kind));
    }
    (cur, info)
}

/// TEMPLATE_ARGS: `< (TYPE_NAME | Expr) ('...')? (, ...)* >`; the current token is `<`. A `>>`
/// closes two nested lists (the inner takes its first half, the outer the token).
pub(crate) fn template_args(p: &mut Parser<'_>) {
    if !p.enter() {
        return;
    }
    let m = p.start();
    p.bump(); // <
    let saved = std::mem::replace(&mut p.no_gt, true);
    if !p.at(GT) && !p.at(SHR) {
        loop {
            // (`::ns::T`: the same after the global `::`.)
            let lead = usize::from(p.at(COLON2) && p.nth_at(1, IDENT));
            // `::T` alone (`is_same_v<T, ::__half>`) is looked at the same way.
            let qualified_type = p.nth_at(lead, IDENT) && (lead == 1 || p.nth_at(lead + 1, COLON2)) && {
                // `ns::T` / `ns::inner::T<...>`: a type when its last component is one.
                // Template arguments of a component are skipped: `std::is_same<A*, T>::value`
                // ends in `value`, an expression (`... || ...` may follow).
                let mut n = lead;
                loop {
                    let mut next = n + 1;
                    if p.nth_at(next, LT) && p.is_template_name(p.nth_text(n)) {
                        match skip_template_args(p, next) {
                            Some(after) => next = after,
                            None => break,
                        }
                    }
                    if p.nth_at(next, COLON2) && p.nth_at(next + 1, IDENT) && n < 256 {
                        n = next + 1;
                    } else {
                        break;
                    }
                }
                let last = p.nth_text(n).to_owned();
                p.is_type_name(&last)
                    && !p.nth_at(n + 1, L_PAREN)
                    && !(p.nth_at(n + 1, COLON2) && p.nth_at(n + 2, TEMPLATE_KW))
            };
            // `f(x)`, `bool((P || ...))`, `C<int{sizeof(T)}>`: calls and functional casts,
            // expressions.
            let call_or_cast =
                (p.at(IDENT) && p.nth_at(1, L_PAREN)) || keyword_functional_cast_arg(p) || p.nth_at(1, L_CURLY);
            if qualified_type
                || unknown_template_arg_type(p)
                || (super::starts_type_name_at(p, 0) && !call_or_cast)
                || function_type_arg(p)
            {
                type_name(p);
            } else if expr::cond_expr(p).is_none() {
                break;
            }
            if p.at(ELLIPSIS) {
                p.bump();
            }
            if !p.eat(COMMA) {
                break;
            }
        }
    }
    p.no_gt = saved;
    if p.at(LAUNCH_CLOSE) {
        // `>>>` closing three lists: the innermost takes one `>`, the outermost the token.
        p.split_launch += 1;
        if p.split_launch == 3 {
            p.split_launch = 0;
            p.bump();
        }
    } else if p.split_shr && p.at(SHR) {
        p.split_shr = false;
        p.bump();
    } else if p.at(GT) {
        p.bump();
    } else if p.at(SHR) {
        p.split_shr = true;
    } else {
        p.error_at_current("expected a \">\"");
    }
    m.complete(p, TEMPLATE_ARGS);
    p.leave();
}

/// The tokens of a possibly qualified name with template arguments, inside an open node:
/// `a`, `a::b`, `a<int>::b`, `ns::f<T, 4>`. The current token is an IDENT.
pub(crate) fn qualified_name_rest(p: &mut Parser<'_>, type_ctx: bool) {
    qualified_name_rest_in(p, type_ctx, false);
}

/// [`qualified_name_rest`] after a global `::` (`global`): there, as after each `::`, a
/// component is looked up outside the function being parsed (a local `span` does not hide
/// `::cuda::std::span<T, N>`).
pub(crate) fn qualified_name_rest_from(p: &mut Parser<'_>, type_ctx: bool, global: bool) {
    qualified_name_rest_inner(p, type_ctx, false, global);
}

/// [`qualified_name_rest`]; `class_name`: the name is a class (a base specifier), where `<`
/// always starts template arguments.
fn qualified_name_rest_in(p: &mut Parser<'_>, type_ctx: bool, class_name: bool) {
    qualified_name_rest_inner(p, type_ctx, class_name, false);
}

fn qualified_name_rest_inner(p: &mut Parser<'_>, type_ctx: bool, class_name: bool, mut qualified: bool) {
    let mut explicit_template = class_name;
    loop {
        let is_template = explicit_template
            || if qualified {
                p.is_qualified_template_name(p.nth_text(0))
            } else {
                p.is_template_name(p.nth_text(0))
            };
        qualified = true;
        p.bump(); // IDENT
        if p.at(LT) && (is_template || (type_ctx && looks_like_template_id(p, 0))) {
            template_args(p);
        }
        if p.at(COLON2) && p.nth_at(1, IDENT) {
            p.bump();
            explicit_template = class_name;
            continue;
        }
        if p.at(COLON2) && p.nth_at(1, TEMPLATE_KW) && p.nth_at(2, IDENT) {
            // `A<T>::template rebind<U>::other`: the name after `template` takes arguments.
            p.bump();
            p.bump();
            explicit_template = true;
            continue;
        }
        if !type_ctx && p.at(COLON2) && p.nth_at(1, OPERATOR_KW) {
            // `base::operator=(x)`, `&F::operator()`: a member operator function's name.
            p.bump();
            p.bump();
            let mut text = String::new();
            operator_name_rest(p, &mut text);
        }
        break;
    }
}

/// Whether the `<` at token `n` starts template arguments of an unknown template (a type in a
/// header warpc does not parse, e.g. `std::vector<float> v(n);`): a balanced `<...>` on the
/// same line followed by a declarator start (`name`, `*`, `&`, `::`).
pub(crate) fn looks_like_template_id(p: &mut Parser<'_>, n: usize) -> bool {
    let mut depth = 0i32;
    let mut k = n;
    let mut parens = 0u32;
    while k < n + 64 {
        match p.nth(k) {
            EOF | SEMICOLON | L_CURLY | R_CURLY | EQ | AMP2 | PIPE2 => return false,
            kind => match paren_step(kind, &mut parens) {
                None => return false,
                Some(true) => {}
                Some(false) => match kind {
                    LT => depth += 1,
                    GT => depth -= 1,
                    SHR => depth -= 2,
                    LAUNCH_CLOSE => depth -= 3,
                    _ => {}
                },
            },
        }
        k += 1;
        if depth < 0 {
            // `>>` closing this list and the enclosing template arguments.
            return p.no_gt;
        }
        if depth == 0 {
            return matches!(p.nth(k), IDENT | STAR | AMP | AMP2 | COLON2)
                || (p.no_gt && matches!(p.nth(k), COMMA | GT | SHR | LAUNCH_CLOSE));
        }
    }
    false
}

/// The token after the balanced template argument list opening at token `n` (a `<`), if it
/// closes with its own `>` (or a `>>` closing it and a nested list) before the statement ends.
pub(crate) fn skip_template_args(p: &mut Parser<'_>, n: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut k = n;
    let mut parens = 0u32;
    while k < n + 256 {
        match p.nth(k) {
            EOF | SEMICOLON | L_CURLY | R_CURLY => return None,
            kind => match paren_step(kind, &mut parens)? {
                true => {}
                false => match kind {
                    LT => depth += 1,
                    GT => depth -= 1,
                    SHR => depth -= 2,
                    // `is_same<A, W<W<T>>>::value`: `>>>` closes three lists.
                    LAUNCH_CLOSE => depth -= 3,
                    _ => {}
                },
            },
        }
        k += 1;
        if depth == 0 {
            return Some(k);
        }
        if depth < 0 {
            return None;
        }
    }
    None
}

/// One token of a look-ahead over a template argument list: `Some(true)` for a parenthesis or
/// bracket, or any token inside one (where `<` and `>` compare: `C<(a > b)>`), `Some(false)` for
/// a token at the list's own level, `None` for a `)` or `]` closing a group opened before the
/// `<`, which therefore was a comparison (`(P < 0) ? -1 : 1`).
pub(crate) fn paren_step(kind: SyntaxKind, parens: &mut u32) -> Option<bool> {
    match kind {
        L_PAREN | L_BRACK => *parens += 1,
        R_PAREN | R_BRACK => *parens = parens.checked_sub(1)?,
        _ => return Some(*parens > 0),
    }
    Some(true)
}

/// In template arguments: a known type name followed by a parenthesized abstract declarator or
/// parameter list (`R(Args...)`, `T(*)[]`, `R (C::*)(A) const`): a type, not a functional cast.
fn function_type_arg(p: &mut Parser<'_>) -> bool {
    if !(p.at(IDENT) && p.nth_at(1, L_PAREN) && p.is_type_name(p.nth_text(0))) {
        return false;
    }
    params_or_abstract_declarator_at(p, 2)
}

/// In template arguments: a type keyword followed by `(` that does not open a parameter list or
/// abstract declarator (`bool((Ps || ...))`, `int(N)`): a functional cast, an expression.
fn keyword_functional_cast_arg(p: &mut Parser<'_>) -> bool {
    super::is_type_keyword(p.current()) && p.nth_at(1, L_PAREN) && !params_or_abstract_declarator_at(p, 2)
}

/// Whether the token at `n`, right after a `(` following a type, starts a parameter list or an
/// abstract declarator (`)`, `*`, `&`, `...`, a type, a member pointer).
fn params_or_abstract_declarator_at(p: &mut Parser<'_>, n: usize) -> bool {
    match p.nth(n) {
        STAR | AMP | AMP2 | R_PAREN | ELLIPSIS => true,
        IDENT | COLON2 if member_pointer_star(p, n).is_some() => true,
        IDENT => p.is_type_name(p.nth_text(n)) && !p.nth_at(n + 1, L_PAREN),
        k => super::is_decl_spec_keyword(k),
    }
}

/// In template arguments: an unknown (qualified) name with its own balanced `<...>` that ends
/// the argument (`std::map<int, std::vector<float>>`): a type of a header warpc does not parse.
fn unknown_template_arg_type(p: &mut Parser<'_>) -> bool {
    if !p.at(IDENT) {
        return false;
    }
    let mut n = 1;
    while p.nth_at(n, COLON2) && p.nth_at(n + 1, IDENT) && n < 64 {
        n += 2;
    }
    if !p.nth_at(n, LT) {
        return false;
    }
    let mut depth = 0i32;
    let mut k = n;
    let mut parens = 0u32;
    while k < n + 64 {
        match p.nth(k) {
            EOF | SEMICOLON | L_CURLY | R_CURLY | EQ | AMP2 | PIPE2 => return false,
            kind => match paren_step(kind, &mut parens) {
                None => return false,
                Some(true) => {}
                Some(false) => match kind {
                    LT => depth += 1,
                    GT => depth -= 1,
                    SHR => depth -= 2,
                    LAUNCH_CLOSE => depth -= 3,
                    _ => {}
                },
            },
        }
        k += 1;
        if depth < 0 {
            return true; // the `>>` also closed the enclosing list
        }
        if depth == 0 {
            return matches!(p.nth(k), COMMA | GT | SHR | LAUNCH_CLOSE);
        }
    }
    false
}

/// At `(` after a block-scope declarator name: whether a parameter list follows (a type, `)`
/// or `...`) rather than the arguments of a direct-initialization (`T x(a, b)`).
fn starts_param_list(p: &mut Parser<'_>) -> bool {
    let next = p.nth(1);
    if matches!(next, R_PAREN | ELLIPSIS) || super::is_decl_spec_keyword(next) {
        return true;
    }
    if next == IDENT && p.nth_at(2, COLON2) && p.nth_at(3, IDENT) {
        // `x(Traits::select(a))`: a call of a member of a type is an initializer.
        let mut n = 3;
        while p.nth_at(n + 1, COLON2) && p.nth_at(n + 2, IDENT) && n < 64 {
            n += 2;
        }
        if p.nth_at(n + 1, L_PAREN) && !p.is_type_name(p.nth_text(n)) {
            return false;
        }
    }
    next == IDENT && p.is_type_name(p.nth_text(1)) && !p.nth_at(2, L_PAREN) && !p.nth_at(2, L_CURLY)
}

/// At `(` after a namespace-scope declarator name: whether what follows can only be an
/// expression, never a parameter declaration (`constexpr P p(1.5f, 2.5f);`, `S s(-1);`,
/// `T t(&g);`, `U u(n);` with `n` a declared variable). An unknown name stays a parameter type,
/// as in a header whose types warpc has not seen.
fn starts_expression_only(p: &mut Parser<'_>) -> bool {
    match p.nth(1) {
        INT_NUMBER | FLOAT_NUMBER | CHAR_LIT | STRING_LIT | MINUS | PLUS | BANG | TILDE | AMP | STAR | L_CURLY
        | TRUE_KW | FALSE_KW | NULLPTR_KW | THIS_KW | SIZEOF_KW => true,
        IDENT => {
            let name = p.nth_text(1);
            p.is_value_name(name) && !p.nth_at(2, COLON2) && !p.nth_at(2, LT)
        }
        _ => false,
    }
}

/// Whether the current token begins a declarator name: an identifier, `operator@`, `~T`, or a
/// qualified name (`A::f`, `::f`, `A::operator+`, `A::~A`).
fn starts_declarator_name(p: &mut Parser<'_>) -> bool {
    match p.current() {
        IDENT => true,
        OPERATOR_KW => true,
        TILDE => p.nth_at(1, IDENT),
        COLON2 => p.nth_at(1, IDENT) || p.nth_at(1, OPERATOR_KW) || p.nth_at(1, TILDE),
        _ => false,
    }
}

/// The tokens of a declarator name (inside the NAME node being built) and its spelling without
/// trivia: `f`, `A::f`, `operator+=`, `operator()`, `operator[]`, `~A`, `A::operator==`.
fn declarator_name(p: &mut Parser<'_>) -> SmolStr {
    let mut text = String::new();
    if p.at(COLON2) {
        text.push_str("::");
        p.bump();
    }
    loop {
        match p.current() {
            TILDE if p.nth_at(1, IDENT) => {
                text.push('~');
                p.bump();
                text.push_str(p.nth_text(0));
                p.bump();
                break;
            }
            OPERATOR_KW => {
                text.push_str("operator");
                p.bump();
                operator_name_rest(p, &mut text);
                break;
            }
            IDENT => {
                let is_template = p.is_template_name(p.nth_text(0));
                text.push_str(p.nth_text(0));
                p.bump();
                if is_template && p.at(LT) {
                    // `f<float, 4>` in an explicit instantiation or specialization.
                    template_args(p);
                }
                if p.at(COLON2) && (p.nth_at(1, IDENT) || p.nth_at(1, OPERATOR_KW) || p.nth_at(1, TILDE)) {
                    text.push_str("::");
                    p.bump();
                    continue;
                }
                break;
            }
            _ => break,
        }
    }
    // `Outer::In::f(...)`: the rest of the declaration sees the class's member types.
    if let Some((class, _)) = text.rsplit_once("::") {
        if !class.is_empty() && p.class_ctx.is_none() {
            p.class_ctx = Some(SmolStr::new(class.trim_start_matches("::")));
        }
    }
    SmolStr::new(text)
}

/// After `operator`: the operator's tokens (`+`, `+=`, `()`, `[]`, `new`, ...), appended to
/// `text`. A conversion function (`operator int`) takes a type name: reported by lowering.
pub(crate) fn operator_name_rest(p: &mut Parser<'_>, text: &mut String) {
    match p.current() {
        L_PAREN if p.nth_at(1, R_PAREN) => {
            p.bump();
            p.bump();
            text.push_str("()");
        }
        L_BRACK if p.nth_at(1, R_BRACK) => {
            p.bump();
            p.bump();
            text.push_str("[]");
        }
        STRING_LIT => {
            // A literal operator `operator""_km` (the suffix may be lexed with the literal).
            text.push_str(p.nth_text(0));
            p.bump();
            if p.at(IDENT) {
                text.push_str(p.nth_text(0));
                p.bump();
            }
        }
        // `operator ::ns::size_t()`: a conversion function to a type named from the global
        // namespace (`operator ::` is no operator).
        COLON2 if p.nth_at(1, IDENT) => conversion_type(p, text),
        k if k.is_punct() && !matches!(k, L_PAREN | L_BRACK | L_CURLY | R_CURLY | SEMICOLON | R_PAREN | R_BRACK) => {
            text.push_str(p.nth_text(0));
            p.bump();
        }
        k if (k.is_keyword() || k == IDENT) && !matches!(p.nth_text(0), "new" | "delete") => conversion_type(p, text),
        k if k.is_keyword() || k == IDENT => {
            // `operator new`, `operator delete`, `operator new[]`, `operator delete[]`.
            text.push(' ');
            text.push_str(p.nth_text(0));
            p.bump();
            if p.at(L_BRACK) && p.nth_at(1, R_BRACK) {
                p.bump();
                p.bump();
                text.push_str("[]");
            }
            while p.at(STAR) || p.at(AMP) {
                text.push_str(p.nth_text(0));
                p.bump();
            }
        }
        _ => p.error_at_current("expected an operator"),
    }
}

/// A conversion function's type after `operator` (`operator const T&`): the type as a TYPE_NAME
/// of declaration specifiers followed by `*`/`&`/`&&`/cv tokens (no declarator: the `(` that
/// follows starts the parameter list).
fn conversion_type(p: &mut Parser<'_>, text: &mut String) {
    text.push_str(" $conv");
    let m = p.start();
    p.type_required = true;
    let specs = decl_specs(p, DeclCtx::TypeName);
    p.type_required = false;
    if !specs.any {
        p.error_at_current("expected a type specifier");
    }
    while matches!(p.current(), STAR | AMP | AMP2 | CONST_KW | VOLATILE_KW) {
        p.bump();
    }
    m.complete(p, TYPE_NAME);
}

/// CTOR_INITIALIZER: `: member(args), member{args}` before a constructor's body.
fn ctor_initializer(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(); // :
    loop {
        let rooted = p.at(COLON2) && p.nth_at(1, IDENT);
        if !p.at(IDENT) && !rooted {
            p.error_at_current("expected an identifier");
            while !p.at(L_CURLY) && !p.at_eof() && !p.at(SEMICOLON) && !p.at(R_CURLY) {
                if p.at(L_PAREN) || p.at(L_BRACK) {
                    p.skip_balanced();
                } else {
                    p.bump();
                }
            }
            break;
        }
        let mi = p.start();
        let n = p.start();
        if rooted {
            // `: ::ns::Base<T>(args)`, a base named from the global namespace.
            p.bump();
        }
        p.bump();
        loop {
            if p.at(LT) {
                // A base class template-id `Base<T>(args)`.
                template_args(p);
            }
            if p.at(COLON2) && p.nth_at(1, IDENT) {
                p.bump();
                p.bump();
                continue;
            }
            break;
        }
        n.complete(p, NAME_REF);
        if p.at(L_PAREN) {
            expr::arg_list(p);
        } else if p.at(L_CURLY) {
            expr::init_list(p);
        } else {
            p.error_at_current("expected a \"(\"");
        }
        // `: Leaf<I, T>(u)...`, a pack expansion of base initializers.
        p.eat(ELLIPSIS);
        mi.complete(p, MEM_INITIALIZER);
        if !p.eat(COMMA) {
            break;
        }
    }
    m.complete(p, CTOR_INITIALIZER);
}

/// A lambda's PARAM_LIST; returns the parameter names.
pub(crate) fn lambda_params(p: &mut Parser<'_>) -> Vec<SmolStr> {
    param_list(p)
}

/// PARAM_LIST: `( (PARAM (, PARAM)* (, ...)?)? )`; returns the parameter names.
fn param_list(p: &mut Parser<'_>) -> Vec<SmolStr> {
    let m = p.start();
    p.bump(); // (
    let mut names = Vec::new();
    if !p.at(R_PAREN) {
        loop {
            if p.at(ELLIPSIS) {
                p.bump();
                break;
            }
            if matches!(p.current(), R_PAREN | EOF | L_CURLY | SEMICOLON | R_CURLY) {
                p.error_at_current("expected a type specifier");
                break;
            }
            let pm = p.start();
            let before = p.pos();
            let specs = decl_specs(p, DeclCtx::Param);
            if !specs.any && !matches!(p.current(), STAR | AMP | L_PAREN | L_BRACK) {
                p.error_at_current("expected a type specifier");
            }
            if p.at(ELLIPSIS) && (p.nth_at(1, IDENT) || p.nth_at(1, STAR) || p.nth_at(1, AMP)) {
                // C++ parameter pack `Args... args`
                p.bump();
            }
            if !matches!(p.current(), COMMA | R_PAREN | EQ | ELLIPSIS) {
                let (_, info) = declarator(p, DeclMode::Either);
                if let Some(name) = info.name {
                    names.push(name);
                }
            }
            while is_attribute_start(p.current()) {
                attribute(p);
            }
            if p.eat(EQ) {
                // C++ default argument
                if p.at(L_CURLY) {
                    expr::init_list(p);
                } else {
                    expr::assign_expr(p);
                }
            }
            if p.pos() == before {
                if matches!(p.current(), COMMA | R_PAREN | L_CURLY | SEMICOLON | R_CURLY | EOF) {
                    pm.abandon(p);
                } else {
                    let e = p.start();
                    p.bump();
                    e.complete(p, ERROR);
                    pm.complete(p, PARAM);
                }
            } else {
                if p.at(ELLIPSIS) {
                    // C++ parameter pack `A...` / `const A&...` (or `int...`, variadic without
                    // a comma: lowering tells them apart).
                    p.bump();
                }
                pm.complete(p, PARAM);
            }
            if p.at(ELLIPSIS) {
                p.bump();
            }
            if !p.eat(COMMA) {
                break;
            }
        }
    }
    super::expr::close_paren(p);
    m.complete(p, PARAM_LIST);
    names
}
