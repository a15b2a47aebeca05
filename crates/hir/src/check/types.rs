//! Type resolution (`TypeRef` -> `Ty` plus its ABI view for mangling), nvptx64 sizes and
//! alignments, integer promotions and the usual arithmetic conversions.

use crate::body::{BuiltinType, ConstExpr, Quals, RecordKind, TypeRef};
use crate::mangle::MangleTy;
use crate::ty::{FloatKind, FnSig, IntKind, RecordId, Ty, TyKind};
use smol_str::SmolStr;

/// Size in bytes on nvptx64, or `None` for void, functions, incomplete arrays and records.
pub fn size_of(ty: &Ty, records: &crate::ty::Records) -> Option<u64> {
    match &ty.kind {
        TyKind::Void | TyKind::Function(_) | TyKind::Error => None,
        TyKind::Int(k) => Some(k.bits() as u64 / 8),
        TyKind::Float(FloatKind::F32) => Some(4),
        TyKind::Float(FloatKind::F64 | FloatKind::LongDouble) => Some(8),
        TyKind::Pointer(_) | TyKind::Reference(_) | TyKind::Nullptr => Some(8),
        TyKind::Array(e, Some(n)) => size_of(e, records)?.checked_mul(*n),
        TyKind::Array(_, None) => None,
        TyKind::Record(id) => {
            let r = records.get(id)?;
            r.complete.then_some(r.size)
        }
    }
}

/// Alignment in bytes on nvptx64 (natural alignment; records: their computed alignment).
pub fn align_of(ty: &Ty, records: &crate::ty::Records) -> Option<u64> {
    match &ty.kind {
        TyKind::Void | TyKind::Function(_) | TyKind::Error => None,
        TyKind::Array(e, _) => align_of(e, records),
        TyKind::Record(id) => {
            let r = records.get(id)?;
            r.complete.then_some(r.align)
        }
        _ => size_of(ty, records),
    }
}

/// Whether the type is complete (an object of it can be defined).
pub(crate) fn is_complete(ty: &Ty, records: &crate::ty::Records) -> bool {
    size_of(ty, records).is_some()
}

pub(crate) fn int_kind(ty: &Ty) -> Option<IntKind> {
    match ty.kind {
        TyKind::Int(k) => Some(k),
        _ => None,
    }
}

/// Integer promotion of an (unqualified) arithmetic type; other types unchanged.
pub(crate) fn promote(ty: &Ty) -> Ty {
    match ty.kind {
        TyKind::Int(k) if k.rank() < IntKind::Int.rank() => Ty::int(IntKind::Int),
        // [conv.prom]: char32_t and wchar_t promote to the first of int, unsigned int, ... that
        // holds all their values.
        TyKind::Int(IntKind::WChar) => Ty::int(IntKind::Int),
        TyKind::Int(IntKind::Char32) => Ty::int(IntKind::UInt),
        _ => ty.unqualified(),
    }
}

fn unsigned_of(k: IntKind) -> IntKind {
    match k {
        IntKind::Int => IntKind::UInt,
        IntKind::Long => IntKind::ULong,
        IntKind::LongLong => IntKind::ULongLong,
        k => k,
    }
}

/// The usual arithmetic conversions (C++ [expr.arith.conv]) of two arithmetic types.
pub(crate) fn usual_arith(a: &Ty, b: &Ty) -> Ty {
    match (&a.kind, &b.kind) {
        (TyKind::Float(x), TyKind::Float(y)) => Ty::float((*x).max(*y)),
        (TyKind::Float(x), _) | (_, TyKind::Float(x)) => Ty::float(*x),
        _ => {
            let (Some(x), Some(y)) = (int_kind(&promote(a)), int_kind(&promote(b))) else {
                return Ty::error();
            };
            Ty::int(common_int(x, y))
        }
    }
}

fn common_int(x: IntKind, y: IntKind) -> IntKind {
    if x == y {
        return x;
    }
    if x.is_signed() == y.is_signed() {
        return if x.rank() >= y.rank() { x } else { y };
    }
    let (s, u) = if x.is_signed() { (x, y) } else { (y, x) };
    if u.rank() >= s.rank() {
        u
    } else if s.bits() > u.bits() {
        s
    } else {
        unsigned_of(s)
    }
}

/// Normalises integer bits to the value of type `k`, sign-extended into i128.
pub(crate) fn normalize_int(v: i128, k: IntKind) -> i128 {
    if k == IntKind::Bool {
        return (v != 0) as i128;
    }
    let bits = k.bits();
    let mask: u128 = (1u128 << bits) - 1;
    let t = (v as u128) & mask;
    if k.is_signed() && (t >> (bits - 1)) & 1 == 1 {
        (t | !mask) as i128
    } else {
        t as i128
    }
}

/// Strips `restrict` at every level (it never affects type identity for our checks).
pub(crate) fn strip_restrict(ty: &Ty) -> Ty {
    let quals = crate::body::Quals(ty.quals.0 & !Quals::RESTRICT.0);
    let kind = match &ty.kind {
        TyKind::Pointer(p) => TyKind::Pointer(Box::new(strip_restrict(p))),
        TyKind::Array(e, n) => TyKind::Array(Box::new(strip_restrict(e)), *n),
        TyKind::Function(sig) => TyKind::Function(Box::new(FnSig {
            ret: strip_restrict(&sig.ret).unqualified(),
            params: sig.params.iter().map(|p| strip_restrict(p).unqualified()).collect(),
            variadic: sig.variadic,
            noexcept: sig.noexcept,
        })),
        k => k.clone(),
    };
    Ty { kind, quals }
}

/// Same type ignoring top-level qualifiers and `restrict` anywhere.
pub(crate) fn same_unqual(a: &Ty, b: &Ty) -> bool {
    strip_restrict(a).unqualified() == strip_restrict(b).unqualified()
}

/// cv-qualifiers only (no restrict).
pub(crate) fn cv(q: Quals) -> Quals {
    Quals(q.0 & (Quals::CONST.0 | Quals::VOLATILE.0))
}

/// Adds qualifiers to a type; for arrays, to the element type (C++ [basic.type.qualifier]).
pub(crate) fn add_quals(ty: Ty, q: Quals) -> Ty {
    if q.is_empty() {
        return ty;
    }
    match ty.kind {
        TyKind::Array(e, n) => Ty {
            kind: TyKind::Array(Box::new(add_quals(*e, q)), n),
            quals: ty.quals,
        },
        TyKind::Error => ty,
        _ => ty.with_quals(q),
    }
}

/// Parameter type adjustment: arrays to pointers, functions to function pointers (top-level
/// qualifiers are kept: they matter inside the body).
pub(crate) fn adjust_param(ty: Ty) -> Ty {
    match ty.kind {
        TyKind::Array(e, _) => Ty {
            kind: TyKind::Pointer(e),
            quals: ty.quals,
        },
        TyKind::Function(_) => Ty::ptr(ty),
        _ => ty,
    }
}

pub(crate) fn adjust_param_mangle(m: MangleTy) -> MangleTy {
    match m {
        MangleTy::Array(_, e) => MangleTy::Pointer(e),
        f @ MangleTy::Function { .. } => MangleTy::Pointer(Box::new(f)),
        MangleTy::Qualified(q, inner) => match *inner {
            MangleTy::Array(_, e) => MangleTy::qualified(q, MangleTy::Pointer(e)),
            i => MangleTy::Qualified(q, Box::new(i)),
        },
        m => m,
    }
}

fn add_quals_mangle(m: MangleTy, q: Quals) -> MangleTy {
    match m {
        MangleTy::Array(n, e) => MangleTy::Array(n, Box::new(add_quals_mangle(*e, q))),
        m => MangleTy::qualified(q, m),
    }
}

pub(crate) fn builtin_ty(b: BuiltinType) -> (Ty, &'static str) {
    use BuiltinType as B;
    match b {
        B::Void => (Ty::void(), "v"),
        B::Bool => (Ty::int(IntKind::Bool), "b"),
        B::Char => (Ty::int(IntKind::Char), "c"),
        B::SChar => (Ty::int(IntKind::SChar), "a"),
        B::UChar => (Ty::int(IntKind::UChar), "h"),
        B::Short => (Ty::int(IntKind::Short), "s"),
        B::UShort => (Ty::int(IntKind::UShort), "t"),
        B::Char16 => (Ty::int(IntKind::Char16), "Ds"),
        B::Char32 => (Ty::int(IntKind::Char32), "Di"),
        B::WChar => (Ty::int(IntKind::WChar), "w"),
        B::Int => (Ty::int(IntKind::Int), "i"),
        B::UInt => (Ty::int(IntKind::UInt), "j"),
        B::Long => (Ty::int(IntKind::Long), "l"),
        B::ULong => (Ty::int(IntKind::ULong), "m"),
        B::LongLong => (Ty::int(IntKind::LongLong), "x"),
        B::ULongLong => (Ty::int(IntKind::ULongLong), "y"),
        B::Float => (Ty::float(FloatKind::F32), "f"),
        B::Double => (Ty::float(FloatKind::F64), "d"),
        // Device code has no long double: nvcc represents it as double (with a warning).
        B::LongDouble => (Ty::float(FloatKind::LongDouble), "e"),
    }
}

/// Whether a written type contains `decltype(...)`.
pub(crate) fn mentions_decltype(t: &TypeRef) -> bool {
    match t {
        TypeRef::Decltype { .. } => true,
        TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) => {
            mentions_decltype(i)
        }
        _ => false,
    }
}

/// Whether a value template argument somewhere in `t` names something `named` accepts (a
/// function template's parameter in its trailing return type: `en_t<sizeof(x) == 8, int>`),
/// also inside the types of those arguments (`is_true<decltype(x = y)>()`).
pub(crate) fn value_args_name(t: &TypeRef, named: &dyn Fn(&SmolStr) -> bool) -> bool {
    fn args_name(args: &[crate::body::TemplateArgRef], named: &dyn Fn(&SmolStr) -> bool) -> bool {
        args.iter().any(|a| match a {
            crate::body::TemplateArgRef::Type(t) => value_args_name(t, named),
            crate::body::TemplateArgRef::Value(ce) => {
                ce.exprs
                    .iter()
                    .any(|e| matches!(e, crate::body::Expr::Name(n) if named(n)))
                    || ce.types.iter().any(|t| value_args_name(t, named))
            }
        })
    }
    match t {
        TypeRef::Pointer(i)
        | TypeRef::Reference(i)
        | TypeRef::Qualified(_, i)
        | TypeRef::Array(i, _)
        | TypeRef::PackExpansion(i) => value_args_name(i, named),
        TypeRef::Member { scope, .. } => value_args_name(scope, named),
        TypeRef::Template { args, .. } => args_name(args, named),
        TypeRef::MemberTemplate { scope, args, .. } => value_args_name(scope, named) || args_name(args, named),
        // Also a `decltype` nested in the operand's types (libcu++'s C++17 concept fragments:
        // `decltype(void(), __cccl_requires<same_as<_Lhs, decltype(__lhs = ...)>>, void())`).
        TypeRef::Decltype { expr, .. } => {
            expr.exprs
                .iter()
                .any(|e| matches!(e, crate::body::Expr::Name(n) if named(n)))
                || expr.types.iter().any(|t| value_args_name(t, named))
        }
        _ => false,
    }
}

/// A class template-id directly under a pointer or reference (`S<T>*`, `const S<T>&`) only
/// names its specialization ([temp.inst]/1): tells the resolver so.
pub(crate) fn name_only_if_template_id<'t>(env: &mut impl TypeEnv<'t>, inner: &TypeRef) {
    let mut t = inner;
    while let TypeRef::Qualified(_, i) = t {
        t = i;
    }
    if matches!(t, TypeRef::Template { .. }) {
        env.name_only_next(true);
    }
}

/// What a type resolver needs from its surroundings (the item-level builder or a body checker).
pub(crate) trait TypeEnv<'t> {
    /// The next class template-id resolved only names its specialization (under a pointer or
    /// reference): it need not be instantiated yet.
    fn name_only_next(&mut self, _on: bool) {}
    fn records(&self) -> &crate::ty::Records;
    fn typedef(&mut self, name: &SmolStr) -> Option<(Ty, MangleTy)>;
    /// A struct/union specifier; `Err(message)` when it cannot be resolved here.
    fn record(&mut self, kind: RecordKind, name: Option<&SmolStr>, def: Option<u32>) -> Result<RecordId, String>;
    /// The ABI name of an enum specifier.
    fn enum_name(&mut self, name: Option<&SmolStr>, def: Option<u32>) -> SmolStr;
    /// The integer types of the enumeration `name` (its ABI name), or of the item tree's
    /// enumeration `def`.
    fn enum_kinds(&mut self, name: &SmolStr, def: Option<u32>) -> crate::def_map::EnumKinds;
    /// Evaluates an array bound; reports its own errors and returns `None` on failure.
    fn array_len(&mut self, e: &'t ConstExpr) -> Option<i128>;
    fn error(&mut self, code: &'static str, msg: String);
    /// A class template specialization `name<args>`.
    fn template_record(
        &mut self,
        name: &SmolStr,
        args: &'t [crate::body::TemplateArgRef],
    ) -> Result<(Ty, MangleTy), String>;
    /// When an array bound is a function template's non-type parameter: its index (the
    /// signature is mangled as written).
    fn value_param(&mut self, _e: &'t ConstExpr) -> Option<u32> {
        None
    }
    /// A member type (typedef, alias or nested class) `member` of record `rid`.
    fn member_type(&mut self, rid: RecordId, member: &SmolStr) -> Option<(Ty, MangleTy)>;
    /// `decltype(e)`; reports its own errors and returns `None` on failure.
    fn decltype(&mut self, e: &'t ConstExpr, id_expr: bool) -> Option<Ty>;
    /// `decltype(e)` as the mangler writes it in a function template's signature when `e` is
    /// dependent (`DT <expr> E`).
    fn written_decltype(&mut self, _e: &'t ConstExpr, _id_expr: bool) -> Option<MangleTy> {
        None
    }
    /// Template arguments as written in a function template's signature (for a member alias
    /// template of a dependent class); `None` outside one.
    fn written_targs(&mut self, _args: &'t [crate::body::TemplateArgRef]) -> Option<Vec<crate::mangle::MangleTArg>> {
        None
    }
    /// A class defined in the function body being checked (`TypeRef::Local`); reports its own
    /// errors and returns `None` on failure.
    fn local_record(&mut self, _index: u32) -> Option<(Ty, MangleTy)> {
        self.error(
            "unsupported",
            "unsupported: struct or union definition inside a function".into(),
        );
        None
    }
}

/// The class a `scope::` prefix names; a non-class type is reported ("is not a class type"),
/// an error type was reported already.
fn scope_class<'t, E: TypeEnv<'t>>(env: &mut E, st: &Ty) -> Option<RecordId> {
    if st.is_error() {
        return None;
    }
    let TyKind::Record(rid) = st.kind else {
        let shown = super::display_ty(st, env.records());
        env.error("not-a-class", format!("type \"{shown}\" is not a class type"));
        return None;
    };
    Some(rid)
}

/// `scope::member`: a member type of the class `scope` names.
fn resolve_member<'t, E: TypeEnv<'t>>(env: &mut E, scope: &'t TypeRef, member: &SmolStr) -> (Ty, MangleTy) {
    let err = || (Ty::error(), MangleTy::Builtin("v"));
    let (st, sm) = resolve(env, scope);
    let Some(rid) = scope_class(env, &st) else { return err() };
    match member_type_path(env, rid, member) {
        // A class nested in a class template, named through the specialization as
        // written (`typename Outer<T>::In`: `N5OuterIT_E2InE` in a signature).
        Some((t, MangleTy::DependentName { names, .. })) if matches!(sm, MangleTy::Template { .. }) => (
            t,
            MangleTy::DependentName {
                scope: Box::new(sm),
                names,
            },
        ),
        // A member type of a dependent specialization in a function template's signature
        // (`typename Tr<T>::ptr`) is mangled as written (`N2TrIT_E3ptrE`).
        Some((t, m)) => (t, MangleTy::dependent_member(&sm, member, m)),
        None => {
            let shown = super::display_ty(&st.unqualified(), env.records());
            env.error("no-member", format!("class \"{shown}\" has no member \"{member}\""));
            err()
        }
    }
}

/// Member type `member` of class `rid`, through the member types it names first when the
/// parser kept them in one name (`v::type` of `S<T>::v::type` parsed as a value).
pub(crate) fn member_type_path<'t, E: TypeEnv<'t>>(
    env: &mut E,
    rid: RecordId,
    member: &SmolStr,
) -> Option<(Ty, MangleTy)> {
    if let Some(r) = env.member_type(rid, member) {
        return Some(r);
    }
    let (first, rest) = member.split_once("::")?;
    if first.contains('<') {
        return None;
    }
    let (t, _) = env.member_type(rid, &SmolStr::new(first))?;
    let TyKind::Record(r) = t.kind else { return None };
    member_type_path(env, r, &SmolStr::new(rest))
}

/// A template argument for a type parameter that was parsed as an expression: without
/// `typename`, `S<args>::member` and `A::b` are parsed as values (`enable_if<is_int<T>::value,
/// int>`), but for a type parameter they name a member type (`is_same<rc<int>::type, int>`).
/// `None` when the expression has no such shape.
pub(crate) fn resolve_value_as_type<'t, E: TypeEnv<'t>>(env: &mut E, ce: &'t ConstExpr) -> Option<(Ty, MangleTy)> {
    match ce.exprs.get(ce.root.0 as usize)? {
        crate::body::Expr::ScopedName { scope, member } => {
            Some(resolve_member(env, ce.types.get(scope.0 as usize)?, member))
        }
        crate::body::Expr::Name(n) if n.contains("::") => Some(env.typedef(n).unwrap_or_else(|| {
            env.error("template-args", format!("\"{n}\" is not a type name"));
            (Ty::error(), MangleTy::Builtin("v"))
        })),
        _ => None,
    }
}

/// A return type deduced from the function's body: `auto` (`const auto` is the same).
pub(crate) fn is_deduced_ret(tr: &TypeRef) -> bool {
    match tr {
        TypeRef::Auto | TypeRef::DecltypeAuto => true,
        TypeRef::Qualified(_, t) | TypeRef::Reference(t) | TypeRef::Pointer(t) => is_deduced_ret(t),
        _ => false,
    }
}

/// Whether a deduced return type is plain `auto` (or `const auto`): the returned value's
/// type, decayed and unqualified. Otherwise ([`is_deduced_ret`]) `auto&`, `const auto&`,
/// `auto*`, `decltype(auto)`... keep the written form.
pub(crate) fn is_plain_auto_ret(tr: &TypeRef) -> bool {
    match tr {
        TypeRef::Auto => true,
        TypeRef::Qualified(q, t) => !q.contains(crate::body::Quals::RVALUE) && matches!(**t, TypeRef::Auto),
        _ => false,
    }
}

/// The ABI form of a deduced return type as written (`Da` for `auto`, `Dc` for
/// `decltype(auto)`, `RDa` for `auto&`, `PKDa` for `const auto*`).
pub(crate) fn deduced_ret_mangle(tr: &TypeRef) -> MangleTy {
    fn inner(tr: &TypeRef) -> MangleTy {
        match tr {
            TypeRef::DecltypeAuto => MangleTy::Builtin("Dc"),
            TypeRef::Pointer(t) => MangleTy::Pointer(Box::new(inner(t))),
            TypeRef::Reference(t) => MangleTy::Reference(Box::new(inner(t))),
            TypeRef::Qualified(q, t) if q.contains(crate::body::Quals::RVALUE) => match &**t {
                TypeRef::Reference(i) => MangleTy::RvalueRef(Box::new(inner(i))),
                i => inner(i),
            },
            TypeRef::Qualified(q, t) => MangleTy::Qualified(*q, Box::new(inner(t))),
            _ => MangleTy::Builtin("Da"),
        }
    }
    match tr {
        // A top-level qualifier of a return type is not part of the signature.
        TypeRef::Qualified(q, t) if !q.contains(crate::body::Quals::RVALUE) => inner(t),
        t => inner(t),
    }
}

/// Resolves a written type. Errors are reported through `env` and give `TyKind::Error`.
pub(crate) fn resolve<'t, E: TypeEnv<'t>>(env: &mut E, tr: &'t TypeRef) -> (Ty, MangleTy) {
    let err = || (Ty::error(), MangleTy::Builtin("v"));
    match tr {
        TypeRef::Error => err(),
        TypeRef::Builtin(b) => {
            let (t, c) = builtin_ty(*b);
            (t, MangleTy::Builtin(c))
        }
        TypeRef::Template { name, args } => match env.template_record(name, args) {
            Ok(r) => r,
            // Reported where the argument was checked.
            Err(msg) if msg.is_empty() => err(),
            Err(msg) => {
                env.error("template-args", msg);
                err()
            }
        },
        TypeRef::PackExpansion(_) => {
            env.error("pack-expansion", "a pack expansion is not allowed here".into());
            err()
        }
        TypeRef::Auto => {
            env.error(
                "unsupported",
                "unsupported: `auto` here (only variables with an initializer)".into(),
            );
            err()
        }
        TypeRef::DecltypeAuto => {
            env.error(
                "unsupported",
                "unsupported: `decltype(auto)` here (only variables with an initializer and return types)".into(),
            );
            err()
        }
        TypeRef::MemberPointer { .. } => {
            env.error("unsupported", "unsupported: pointer-to-member types".into());
            err()
        }
        TypeRef::Member { scope, member } => resolve_member(env, scope, member),
        TypeRef::MemberTemplate { scope, member, args } => {
            // A member alias template of the class: declared per specialization as
            // `S<int>::rebind` (see `Builder::instance_members_before_layout`).
            let (st, sm) = resolve(env, scope);
            let Some(rid) = scope_class(env, &st) else { return err() };
            let Some(rn) = env.records().get(rid).and_then(|r| r.name.clone()) else {
                return err();
            };
            let mut found = env.template_record(&SmolStr::new(format!("{rn}::{member}")), args);
            if matches!(&found, Err(msg) if msg.ends_with("is not a class template")) {
                // A base's member alias template (`pointer_traits<P>::rebind<U>`, declared in
                // its base `__pointer_traits_impl<P>`): the bases in declaration order,
                // depth first.
                let mut stack: Vec<(RecordId, u32)> = env
                    .records()
                    .get(rid)
                    .map(|r| r.bases.iter().rev().map(|b| (b.record, 1)).collect())
                    .unwrap_or_default();
                while let Some((b, depth)) = stack.pop() {
                    let Some(bn) = env.records().get(b).and_then(|r| r.name.clone()) else {
                        continue;
                    };
                    let r = env.template_record(&SmolStr::new(format!("{bn}::{member}")), args);
                    if !matches!(&r, Err(msg) if msg.ends_with("is not a class template")) {
                        found = r;
                        break;
                    }
                    if depth < 64 {
                        if let Some(rd) = env.records().get(b) {
                            stack.extend(
                                rd.bases
                                    .iter()
                                    .rev()
                                    .filter(|x| x.record != b)
                                    .map(|x| (x.record, depth + 1)),
                            );
                        }
                    }
                }
            }
            match found {
                // A member class template's specialization, its scope mangled as written
                // (`typename MOut<X>::template MIn<S>`: `N4MOutIT_E3MInI1SEE`).
                Ok((t, MangleTy::MemberTemplate { name, args, .. })) => (
                    t,
                    MangleTy::MemberTemplate {
                        scope: Box::new(sm),
                        name,
                        args,
                    },
                ),
                Ok((t, MangleTy::Written { written, canonical }))
                    if matches!(*written, MangleTy::MemberTemplate { .. }) =>
                {
                    let MangleTy::MemberTemplate { name, args, .. } = *written else {
                        unreachable!()
                    };
                    let written = MangleTy::MemberTemplate {
                        scope: Box::new(sm),
                        name,
                        args,
                    };
                    (
                        t,
                        MangleTy::Written {
                            written: Box::new(written),
                            canonical,
                        },
                    )
                }
                // A member alias template of a dependent class in a function template's
                // signature (`typename Outer<T>::template rebind<float>`) is mangled as written
                // (`N5OuterIT_E6rebindIfEE`).
                Ok((t, m)) if sm.is_dependent() => match env.written_targs(args) {
                    Some(wargs) => {
                        let written = MangleTy::MemberTemplate {
                            scope: Box::new(sm),
                            name: member.clone(),
                            args: wargs,
                        };
                        (
                            t,
                            MangleTy::Written {
                                written: Box::new(written),
                                canonical: Box::new(m),
                            },
                        )
                    }
                    None => (t, m),
                },
                Ok(r) => r,
                Err(msg) if msg.ends_with("is not a class template") => {
                    let shown = super::display_ty(&st.unqualified(), env.records());
                    env.error("no-member", format!("class \"{shown}\" has no member \"{member}\""));
                    err()
                }
                Err(msg) if msg.is_empty() => err(),
                Err(msg) => {
                    env.error("template-args", msg);
                    err()
                }
            }
        }
        TypeRef::Decltype { expr, id_expr } => match env.decltype(expr, *id_expr) {
            Some(t) if !t.is_error() => {
                let m = MangleTy::from_ty(&t, env.records());
                // A dependent operand in a function template's signature: `DTplfp_fp0_E`.
                match env.written_decltype(expr, *id_expr) {
                    Some(w) => (
                        t,
                        MangleTy::Written {
                            written: Box::new(w),
                            canonical: Box::new(m),
                        },
                    ),
                    None => (t, m),
                }
            }
            _ => err(),
        },
        TypeRef::Named(n) => match env.typedef(n) {
            Some(r) => r,
            None => {
                let msg = match n.rsplit_once("::") {
                    Some((scope, last)) => match env.typedef(&SmolStr::new(scope)) {
                        Some((t, _)) if matches!(t.kind, TyKind::Record(_)) => {
                            format!(
                                "class \"{}\" has no member \"{last}\"",
                                super::display_ty(&t.unqualified(), env.records())
                            )
                        }
                        Some(_) => "name followed by \"::\" must be a class or namespace name".to_string(),
                        None => format!("namespace \"{scope}\" has no member \"{last}\""),
                    },
                    None => format!("identifier \"{n}\" is undefined"),
                };
                env.error("undefined-identifier", msg);
                err()
            }
        },
        TypeRef::Record { kind, name, def } => match env.record(*kind, name.as_ref(), *def) {
            Ok(id) => {
                let rd = &env.records()[id];
                let m = match &rd.mangle {
                    // A class nested in a class template specialization (`N5OuterIiE2InE`).
                    Some(m @ MangleTy::DependentName { .. }) => m.clone(),
                    // A class template specialization (the injected-class-name in a member or
                    // hidden friend of one).
                    Some(m @ MangleTy::Template { .. }) => m.clone(),
                    _ => MangleTy::Named(rd.name.clone().unwrap_or_else(|| SmolStr::new("$anon"))),
                };
                (Ty::new(TyKind::Record(id)), m)
            }
            Err(msg) => {
                env.error("unsupported", msg);
                err()
            }
        },
        TypeRef::Local(i) => env.local_record(*i).unwrap_or_else(err),
        TypeRef::Enum { name, def } => {
            let n = env.enum_name(name.as_ref(), *def);
            let k = env.enum_kinds(&n, *def);
            (Ty::int(k.repr), MangleTy::Named(n))
        }
        TypeRef::Underlying(inner) => {
            let (t, m) = resolve(env, inner);
            if t.is_error() {
                return err();
            }
            match m.strip_top_quals() {
                MangleTy::Named(n) if matches!(t.kind, TyKind::Int(_)) => {
                    let k = env.enum_kinds(n, None).underlying;
                    (Ty::int(k), MangleTy::Builtin(MangleTy::int_code(k)))
                }
                _ => {
                    env.error("invalid-type", "__underlying_type only applies to enum types".into());
                    err()
                }
            }
        }
        TypeRef::Pointer(inner) => {
            name_only_if_template_id(env, inner);
            let (t, m) = resolve(env, inner);
            env.name_only_next(false);
            if t.is_error() {
                return err();
            }
            if t.is_reference() {
                // (`T*` with `T = int&`: a substitution failure in a signature.)
                env.error("invalid-type", "pointer to reference is not allowed".into());
                return err();
            }
            (Ty::ptr(t), MangleTy::Pointer(Box::new(m)))
        }
        TypeRef::Reference(inner) => {
            name_only_if_template_id(env, inner);
            let (t, m) = resolve(env, inner);
            env.name_only_next(false);
            if t.is_error() {
                return err();
            }
            if let TyKind::Reference(r) = &t.kind {
                // Reference collapsing (`T&` with `T` = `U&` or `U&&`): `U&`; a template
                // parameter's signature is mangled as written (`RT_`).
                let rm = match m {
                    MangleTy::Reference(x) | MangleTy::RvalueRef(x) => *x,
                    other => other,
                };
                return (Ty::new(TyKind::Reference(r.clone())), MangleTy::Reference(Box::new(rm)));
            }
            if t.is_void() || t.is_reference() {
                env.error(
                    "invalid-type",
                    "reference to void or to a reference is not allowed".into(),
                );
                return err();
            }
            (
                Ty::new(TyKind::Reference(Box::new(t))),
                MangleTy::Reference(Box::new(m)),
            )
        }
        TypeRef::Array(elem, len) => {
            let (t, m) = resolve(env, elem);
            if t.is_error() {
                return err();
            }
            match &t.kind {
                TyKind::Void | TyKind::Function(_) => {
                    env.error("invalid-type", "array of void or of functions is not allowed".into());
                    return err();
                }
                TyKind::Array(_, None) => {
                    env.error("incomplete-type", "an array may not have elements of this type".into());
                    return err();
                }
                _ => {}
            }
            if !is_complete(&t, env.records()) {
                env.error("incomplete-type", "incomplete type is not allowed".into());
                return err();
            }
            let n = match len {
                None => None,
                Some(ce) => match env.array_len(ce) {
                    Some(v) if v > 0 => Some(v as u64),
                    Some(_) => {
                        env.error(
                            "invalid-array-size",
                            "the size of an array must be greater than zero".into(),
                        );
                        return err();
                    }
                    None => return err(),
                },
            };
            let am = match len.as_deref().and_then(|ce| env.value_param(ce)) {
                Some(i) => MangleTy::ArrayParam(i, Box::new(m)),
                None => MangleTy::Array(n, Box::new(m)),
            };
            (Ty::new(TyKind::Array(Box::new(t), n)), am)
        }
        TypeRef::Function {
            ret,
            params,
            variadic,
            noexcept,
        } => {
            let (r, rm) = resolve(env, ret);
            let mut ps = Vec::new();
            let mut pms = Vec::new();
            let only_void = params.len() == 1 && matches!(params[0], TypeRef::Builtin(BuiltinType::Void));
            if !only_void {
                for p in params {
                    let (t, m) = resolve(env, p);
                    ps.push(adjust_param(t).unqualified());
                    pms.push(adjust_param_mangle(m));
                }
            }
            if r.is_error() || ps.iter().any(|p| p.is_error()) {
                return err();
            }
            if matches!(r.kind, TyKind::Array(..) | TyKind::Function(_)) {
                env.error(
                    "invalid-type",
                    "function returning an array or a function is not allowed".into(),
                );
                return err();
            }
            // A returned reference keeps its rvalue-ness (`T&& (*)()`, CCCL's `declval`).
            let ret = match r.kind {
                TyKind::Reference(_) => Ty {
                    kind: r.kind.clone(),
                    quals: if r.quals.contains(Quals::RVALUE) {
                        Quals::RVALUE
                    } else {
                        Quals::empty()
                    },
                },
                _ => r.unqualified(),
            };
            // `noexcept(c)`: a constant expression converted to `bool` (C++17: part of the type).
            let noexcept = match noexcept {
                None => false,
                Some(None) => true,
                Some(Some(c)) => match env.array_len(c) {
                    Some(v) => v != 0,
                    None => return err(),
                },
            };
            let sig = FnSig {
                ret,
                params: ps,
                variadic: *variadic,
                noexcept,
            };
            (
                Ty::new(TyKind::Function(Box::new(sig))),
                MangleTy::Function {
                    ret: Box::new(rm),
                    params: pms,
                    variadic: *variadic,
                    noexcept,
                },
            )
        }
        TypeRef::Qualified(q, inner) if q.contains(Quals::RVALUE) => {
            // `T&&`; with `T` a reference, the reference collapses to `T`.
            let TypeRef::Reference(x) = &**inner else {
                return resolve(env, inner);
            };
            let (t, m) = resolve(env, x);
            if t.is_error() {
                return err();
            }
            if t.is_reference() {
                let m = match m {
                    m @ MangleTy::TemplateParam(_) => MangleTy::RvalueRef(Box::new(m)),
                    m => m,
                };
                return (t, m);
            }
            if t.is_void() {
                env.error(
                    "invalid-type",
                    "reference to void or to a reference is not allowed".into(),
                );
                return err();
            }
            (
                Ty::new(TyKind::Reference(Box::new(t))).with_quals(Quals::RVALUE),
                MangleTy::RvalueRef(Box::new(m)),
            )
        }
        TypeRef::Qualified(q, inner) => {
            let (t, m) = resolve(env, inner);
            if t.is_error() {
                return err();
            }
            (add_quals(t, *q), add_quals_mangle(m, *q))
        }
    }
}
