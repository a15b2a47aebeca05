//! [`build_def_map`](super::build_def_map): the item tree resolved in translation-unit order.
//!
//! - Records: one [`RecordId`] per tag (a forward declaration and its definition share it; each
//!   anonymous record gets its own, named after the typedef that names it for linkage). Layout
//!   is nvptx64's: natural alignment, `__align__(N)` raises the alignment, unions overlay, the
//!   size is rounded up to the alignment, an empty struct has size 1 (C++).
//! - Enums: underlying type `int`; enumerators are values in `values`.
//! - Functions: redeclarations are merged by symbol (so a prototype and its definition are one
//!   [`FnId`] and overloads with other parameter types are separate ones); the definition's
//!   parameter types (with their top-level qualifiers, e.g. `__restrict__`) win.
//! - Variables: memory space, constant initializer, array bounds completed from initializers.

use super::expr::Checker;
use super::types::{self, adjust_param, adjust_param_mangle, TypeEnv};
use super::{BodyDiagnostic, DiagAt};
use crate::body::TemplateArgRef;
use crate::body::{ConstExpr, MemorySpace, Quals, RecordKind, StorageClass, TypeRef};
use crate::def_map::{DefMap, ItemDiagnostic, ValueDef};
use crate::item_tree::{FunctionItem, Item, ItemTree, TemplateHead, TemplateParamKind, VarItem};
use crate::mangle::{mangle_function, mangle_template_instance, MangleTArg, MangleTy};
use crate::ty::{
    ConstValue, ExecSpace, FieldDecl, FnDecl, FnId, FnKind, FnSig, FnTemplate, GlobalDecl, GlobalId, InlineHint,
    InstanceKey, LaunchBounds, MethodDecl, RecordDecl, RecordId, TArg, Ty, TyKind, VarSpace,
};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;
use warpc_base::{CompileOptions, Severity};

#[derive(Copy, Clone, PartialEq, Eq)]
enum State {
    NotStarted,
    InProgress,
    Done,
}

struct Builder<'t> {
    it: &'t ItemTree,
    options: &'t CompileOptions,
    dm: DefMap,
    record_map: Vec<Option<RecordId>>,
    record_state: Vec<State>,
    enum_names: Vec<Option<SmolStr>>,
    enum_state: Vec<State>,
    typedef_mangle: FxHashMap<SmolStr, MangleTy>,
    fn_by_link: FxHashMap<SmolStr, FnId>,
    global_by_name: FxHashMap<SmolStr, GlobalId>,
    cur_item: u32,
    /// While instantiating a template: its parameters' names and arguments, in order.
    template_env: Vec<(SmolStr, TArg)>,
    /// While declaring the members of a class template specialization: the class template's
    /// parameters and arguments (mangled as the argument types, unlike a function template's).
    class_env: Vec<(SmolStr, TArg)>,
    /// While declaring the members of a class template specialization: the template's
    /// item-tree record, the specialization's record, its ABI name and its display name.
    record_override: Option<(u32, RecordId, MangleTy, SmolStr)>,
    /// While declaring a class template specialization: its nested classes and itself (the
    /// same form as `record_override`), so that a nested class's members also find the
    /// enclosing specialization (`Outer<int>::In`, `Outer<int>`).
    enclosing_overrides: Vec<(u32, RecordId, MangleTy, SmolStr)>,
    /// While resolving one element of a function parameter pack: its index.
    pack_index: Option<usize>,
    /// While resolving an alias template's type: its parameters bound to the arguments.
    alias_env: Vec<(SmolStr, TArg)>,
    /// While resolving the arguments of a template: the earlier parameters bound to their
    /// arguments, for a non-type parameter whose type names one (`template <class T, T v>`).
    targ_prefix: Vec<(SmolStr, TArg)>,
    /// Member typedefs of ordinary records not yet resolved (resolved when first named, as a
    /// field's type may name one declared after it): name -> (item, type).
    member_typedefs: FxHashMap<SmolStr, (u32, &'t TypeRef)>,
    /// The class whose members are being declared or laid out (its static members are named
    /// unqualified in constant expressions there).
    scope: Option<SmolStr>,
    /// While resolving a function's return type: its parameters (a trailing
    /// `-> decltype(a * 2)` names them).
    decl_params: Vec<(SmolStr, Ty)>,
    /// Nesting of class template instantiations and alias template expansions in progress.
    depth: u32,
    depth_reported: bool,
    /// Namespace-scope variables whose initializer calls a function template instance not
    /// created yet (instances come after the items): checked again after them.
    retry_vars: Vec<u32>,
    /// Return types deduced so far for functions declared `auto f(...)`, by link name (an
    /// instance's name mangles the return type as `Da`, so it is known before the type is).
    fn_rets: &'t FxHashMap<SmolStr, Ty>,
}

/// How deeply class template instantiations (through static member initializers) and alias
/// templates may nest before warpc reports excessive recursion instead of overflowing its stack.
const MAX_INSTANTIATION_DEPTH: u32 = 64;
/// Template arguments (parameter pack elements included) of one instance at most: a pack that
/// grows on each round of the def map's fixed point (`List<T..., int, T...>` inside `List`)
/// would otherwise double until memory runs out.
const MAX_INSTANCE_ARGS: usize = 1024;

pub(crate) fn build(
    items: &ItemTree,
    options: &CompileOptions,
    requests: &[InstanceKey],
    record_requests: &[InstanceKey],
    closures: &[(crate::ty::ClosureKey, Option<Ty>)],
    fn_rets: &FxHashMap<SmolStr, Ty>,
) -> DefMap {
    let _abi = crate::mangle::InlineNamespaces::enter(&items.inline_namespaces);
    let mut b = Builder {
        fn_rets,
        it: items,
        options,
        dm: DefMap::default(),
        record_map: vec![None; items.records.len()],
        record_state: vec![State::NotStarted; items.records.len()],
        enum_names: vec![None; items.enums.len()],
        enum_state: vec![State::NotStarted; items.enums.len()],
        typedef_mangle: FxHashMap::default(),
        fn_by_link: FxHashMap::default(),
        global_by_name: FxHashMap::default(),
        cur_item: 0,
        template_env: Vec::new(),
        class_env: Vec::new(),
        record_override: None,
        enclosing_overrides: Vec::new(),
        pack_index: None,
        alias_env: Vec::new(),
        targ_prefix: Vec::new(),
        member_typedefs: FxHashMap::default(),
        scope: None,
        decl_params: Vec::new(),
        depth: 0,
        depth_reported: false,
        retry_vars: Vec::new(),
    };
    for (idx, item) in items.items.iter().enumerate() {
        if let Item::MemberTypedef { record, name, ty } = item {
            if !b.is_template_record(*record) {
                b.member_typedefs.insert(name.clone(), (idx as u32, ty));
            }
        }
    }
    for (idx, item) in items.items.iter().enumerate() {
        b.cur_item = idx as u32;
        match item {
            Item::Record(r) if items.records.get(*r as usize).is_some_and(|ri| ri.template.is_some()) => {
                b.record_template(*r);
            }
            Item::Record(r)
                if items
                    .records
                    .get(*r as usize)
                    .is_some_and(|ri| ri.specialization.is_some()) =>
            {
                b.record_specialization(*r);
            }
            Item::Record(r) => {
                if (*r as usize) < items.records.len() {
                    b.record_for(*r as usize);
                    // Static data members first: array bounds of fields may name them.
                    b.static_members(*r);
                    b.ensure_record(*r as usize);
                }
            }
            Item::Enum(e) => b.ensure_enum(*e as usize),
            Item::Typedef { name, ty } => b.typedef(name, ty),
            Item::MemberTypedef { name, .. } => b.member_typedef(name),
            // Member alias templates of class templates are declared per specialization.
            Item::AliasTemplate { member_of: Some(r), .. } if b.is_template_record(*r) => {}
            Item::AliasTemplate { name, params, ty, .. } => {
                if b.dm.alias_templates.contains_key(name)
                    || b.dm.typedefs.contains_key(name)
                    || b.dm.record_templates.contains_key(name)
                {
                    b.error(
                        "redefinition",
                        format!("alias template \"{name}\" has already been declared"),
                    );
                } else {
                    let a = crate::def_map::AliasTemplate {
                        params: params.clone(),
                        ty: ty.clone(),
                        item: idx as u32,
                        env: Vec::new(),
                    };
                    b.dm.alias_templates.insert(name.clone(), a);
                }
            }
            Item::VarTemplate { name, params, ty, init } => {
                if b.dm.var_templates.contains_key(name) || b.dm.values.contains_key(name) {
                    b.error(
                        "redefinition",
                        format!("variable template \"{name}\" has already been declared"),
                    );
                } else {
                    b.dm.var_templates
                        .insert(name.clone(), (params.clone(), ty.clone(), init.clone(), idx as u32));
                }
            }
            Item::Function(f) => b.function(f),
            Item::Var(v) if v.member_of.is_some_and(|r| b.is_template_record(r)) => {}
            Item::Var(v) if v.member_of.is_some() => {}
            Item::Var(v) => b.var(v, &v.name),
            Item::UsingNamespace { target, scope } => {
                b.dm.using_dirs.push((idx as u32, target.clone(), scope.clone()));
                let v = b.dm.nominated.entry(scope.clone()).or_default();
                if !v.contains(target) {
                    v.push(target.clone());
                }
            }
            Item::UsingDecl { name, target } => b.using_decl(name, target),
            Item::StaticAssert { cond, message } => b.static_assert(cond, message),
            Item::MemberStaticAssert { record, .. } if b.is_template_record(*record) => {}
            Item::MemberStaticAssert { record, cond, message } => {
                let id = b.record_for(*record as usize);
                b.scope = b.dm.records[id.0 as usize].name.clone();
                b.static_assert(cond, message);
                b.scope = None;
            }
            Item::NamespaceAlias { name, target } => b.dm.ns_aliases.push((idx as u32, name.clone(), target.clone())),
            Item::Unsupported => {}
        }
    }
    // Instances that bodies use (found by the caller's fixed point), in a deterministic order.
    for (t, args) in record_requests {
        if let Some((_, rt)) = b.dm.record_templates.get_index(*t as usize) {
            b.cur_item = rt.item;
            b.instantiate_record(*t, args.clone());
        }
    }
    for (key, ret) in closures {
        b.closure(key, ret.clone());
    }
    for (t, args) in requests {
        if let Some(tm) = b.dm.templates.get(*t as usize) {
            b.cur_item = tm.item;
            b.instantiate(*t, args.clone());
        }
    }
    // Then those variables again, and the later items that may read them: variables left
    // without a type, and `static_assert`s.
    let retry = std::mem::take(&mut b.retry_vars);
    if let Some(&first) = retry.iter().min() {
        for (idx, item) in items.items.iter().enumerate().skip(first as usize) {
            let idx = idx as u32;
            match item {
                Item::Var(v) if v.member_of.is_none() => {
                    // Without a type or a value (its initializer may read a variable retried).
                    let global = b.global_by_name.get(&v.name).copied().filter(|g| {
                        let d = &b.dm.globals[g.0 as usize];
                        d.item == idx && (d.ty.is_error() || (d.init.is_none() && v.init.is_some()))
                    });
                    if retry.contains(&idx) || global.is_some() {
                        b.cur_item = idx;
                        b.dm.diagnostics.retain(|d| d.item != idx);
                        b.dm.deferred_inits.retain(|d| d.item != idx);
                        b.var(v, &v.name);
                    }
                }
                Item::StaticAssert { cond, message } => {
                    b.cur_item = idx;
                    b.dm.diagnostics.retain(|d| d.item != idx);
                    b.dm.deferred_asserts.retain(|a| a.item != idx);
                    b.static_assert(cond, message);
                }
                _ => {}
            }
        }
    }
    b.dm
}

/// What a parameter of the more general pattern stands for in the other pattern.
#[derive(Clone, Copy, PartialEq)]
enum PatBound<'p> {
    Ty(&'p TypeRef),
    /// A type with some of its top-level qualifiers taken by the pattern (`const T` matched
    /// against `const volatile U` binds `T` to `volatile U`).
    QualTy(Quals, &'p TypeRef),
    Val(&'p ConstExpr),
}

/// Whether pattern `b` (with template parameters `names`) matches pattern `a` taken as written
/// (its own parameters are opaque names): `b` is at least as general as `a`.
fn pattern_matches<'p>(
    b: &'p TemplateArgRef,
    a: &'p TemplateArgRef,
    names: &[Option<SmolStr>],
    bound: &mut [Option<PatBound<'p>>],
) -> bool {
    match (b, a) {
        (TemplateArgRef::Type(tb), TemplateArgRef::Type(ta)) => type_pattern_matches(tb, ta, names, bound),
        (TemplateArgRef::Value(cb), TemplateArgRef::Value(ca)) => {
            if let Some(crate::body::Expr::Name(n)) = cb.exprs.get(cb.root.0 as usize) {
                if let Some(i) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                    return bind_pat(&mut bound[i], PatBound::Val(ca));
                }
            }
            cb == ca
        }
        _ => false,
    }
}

fn bind_pat<'p>(slot: &mut Option<PatBound<'p>>, v: PatBound<'p>) -> bool {
    match slot {
        Some(old) => *old == v,
        None => {
            *slot = Some(v);
            true
        }
    }
}

fn type_pattern_matches<'p>(
    b: &'p TypeRef,
    a: &'p TypeRef,
    names: &[Option<SmolStr>],
    bound: &mut [Option<PatBound<'p>>],
) -> bool {
    if let TypeRef::Named(n) = b {
        if let Some(i) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
            return bind_pat(&mut bound[i], PatBound::Ty(a));
        }
    }
    match (b, a) {
        (TypeRef::Pointer(x), TypeRef::Pointer(y)) | (TypeRef::Reference(x), TypeRef::Reference(y)) => {
            type_pattern_matches(x, y, names, bound)
        }
        (TypeRef::Qualified(qx, x), TypeRef::Qualified(qy, y)) if qx == qy => type_pattern_matches(x, y, names, bound),
        (TypeRef::Qualified(qx, x), TypeRef::Qualified(qy, y)) if qy.contains(*qx) => match &**x {
            // `cv1 T` against `cv2 U` with cv1 a subset of cv2: `T` is `(cv2 - cv1) U`.
            TypeRef::Named(n) => match names.iter().position(|p| p.as_deref() == Some(n.as_str())) {
                Some(i) => bind_pat(&mut bound[i], PatBound::QualTy(qy.difference(*qx), y)),
                None => false,
            },
            _ => false,
        },
        (TypeRef::Array(x, lx), TypeRef::Array(y, ly)) => {
            let len_ok = match (lx, ly) {
                (None, None) => true,
                (Some(cx), Some(cy)) => match cx.exprs.get(cx.root.0 as usize) {
                    Some(crate::body::Expr::Name(n)) if names.iter().any(|x| x.as_deref() == Some(n.as_str())) => {
                        let i = names
                            .iter()
                            .position(|x| x.as_deref() == Some(n.as_str()))
                            .expect("checked");
                        bind_pat(&mut bound[i], PatBound::Val(cy))
                    }
                    _ => cx == cy,
                },
                _ => false,
            };
            len_ok && type_pattern_matches(x, y, names, bound)
        }
        (TypeRef::Template { name: nx, args: ax }, TypeRef::Template { name: ny, args: ay }) => {
            nx == ny && ax.len() == ay.len() && ax.iter().zip(ay).all(|(x, y)| pattern_matches(x, y, names, bound))
        }
        _ => b == a,
    }
}

fn is_param_name(ce: &ConstExpr, names: &[Option<SmolStr>]) -> bool {
    matches!(ce.exprs.get(ce.root.0 as usize), Some(crate::body::Expr::Name(n)) if names.iter().any(|x| x.as_deref() == Some(n.as_str())))
}

/// Whether a template argument parsed as an expression may name a type (a qualified name:
/// see [`types::resolve_value_as_type`]).
pub(crate) fn is_value_as_type(ce: &ConstExpr) -> bool {
    match ce.exprs.get(ce.root.0 as usize) {
        Some(crate::body::Expr::ScopedName { .. }) => true,
        Some(crate::body::Expr::Name(n)) => n.contains("::"),
        _ => false,
    }
}

/// Whether a non-type template parameter is declared `auto` (its type is its argument's).
pub(crate) fn is_auto_param(t: &TypeRef) -> bool {
    match t {
        TypeRef::Auto => true,
        TypeRef::Qualified(_, i) => is_auto_param(i),
        _ => false,
    }
}

/// Whether a type pattern names one of `names` (template parameters).
fn mentions_param(t: &TypeRef, names: &[Option<SmolStr>]) -> bool {
    match t {
        TypeRef::Named(n) => names.iter().any(|x| x.as_deref() == Some(n.as_str())),
        TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) => mentions_param(i, names),
        TypeRef::Array(i, len) => mentions_param(i, names) || len.as_ref().is_some_and(|l| is_param_name(l, names)),
        TypeRef::Template { args, .. } => args.iter().any(|a| match a {
            TemplateArgRef::Type(t) => mentions_param(t, names),
            TemplateArgRef::Value(ce) => is_param_name(ce, names),
        }),
        TypeRef::Function { ret, params, .. } => {
            mentions_param(ret, names) || params.iter().any(|p| mentions_param(p, names))
        }
        TypeRef::Member { scope, .. } => mentions_param(scope, names),
        TypeRef::MemberTemplate { scope, args, .. } => {
            mentions_param(scope, names)
                || args.iter().any(|a| match a {
                    TemplateArgRef::Type(t) => mentions_param(t, names),
                    TemplateArgRef::Value(ce) => is_param_name(ce, names),
                })
        }
        _ => false,
    }
}

/// A resolved template argument as the mangler takes it.
fn mangle_targ(a: &TArg) -> MangleTArg {
    match a {
        TArg::Type { mangle, .. } => MangleTArg::Type(mangle.clone()),
        TArg::Value { value, mangle, .. } => MangleTArg::Value(*value, mangle.clone()),
        TArg::Pack(v) => MangleTArg::Pack(v.iter().map(mangle_targ).collect()),
        TArg::Template(n) => MangleTArg::Template(n.clone()),
    }
}

pub(crate) fn has_default(p: &crate::item_tree::TemplateParamItem) -> bool {
    match &p.kind {
        TemplateParamKind::Type { default } => default.is_some(),
        TemplateParamKind::Value { default, .. } => default.is_some(),
        TemplateParamKind::Template { default, .. } => default.is_some(),
    }
}

/// The name a template template argument is written with (`Box`, `ns::Box`).
pub(crate) fn template_arg_name(tr: &TypeRef) -> Option<&SmolStr> {
    match tr {
        TypeRef::Named(n) | TypeRef::Record { name: Some(n), .. } => Some(n),
        _ => None,
    }
}

/// Whether class template parameters `tparams` fit a template template parameter's `pparams`
/// (same number, kinds and packs; a pack in the parameter takes any remaining ones).
pub(crate) fn template_params_compatible(
    pparams: &[crate::item_tree::TemplateParamItem],
    tparams: &[crate::item_tree::TemplateParamItem],
) -> bool {
    let kind = |p: &crate::item_tree::TemplateParamItem| match &p.kind {
        TemplateParamKind::Type { .. } => 0,
        TemplateParamKind::Value { .. } => 1,
        TemplateParamKind::Template { .. } => 2,
    };
    for (i, t) in tparams.iter().enumerate() {
        match pparams.get(i) {
            Some(p) if p.pack => return pparams.len() == i + 1 && tparams[i..].iter().all(|t| kind(t) == kind(p)),
            Some(p) => {
                if kind(p) != kind(t) || p.pack != t.pack {
                    return false;
                }
            }
            // C++17: remaining parameters with defaults are not required (nvcc accepts them).
            None => return t.pack || has_default(t),
        }
    }
    pparams.len() == tparams.len()
        || pparams
            .get(tparams.len())
            .is_some_and(|p| p.pack && pparams.len() == tparams.len() + 1)
}

fn align_up(v: u64, a: u64) -> u64 {
    v.div_ceil(a.max(1)) * a.max(1)
}

impl<'t> Builder<'t> {
    fn error(&mut self, code: &'static str, message: String) {
        self.dm.diagnostics.push(ItemDiagnostic {
            item: self.cur_item,
            severity: Severity::Error,
            code,
            message,
            notes: Vec::new(),
        });
    }

    fn warning(&mut self, code: &'static str, message: String) {
        self.dm.diagnostics.push(ItemDiagnostic {
            item: self.cur_item,
            severity: Severity::Warning,
            code,
            message,
            notes: Vec::new(),
        });
    }

    fn push_body_diags(&mut self, diags: Vec<BodyDiagnostic>) {
        for d in diags {
            self.dm.diagnostics.push(ItemDiagnostic {
                item: self.cur_item,
                severity: d.severity,
                code: d.code,
                message: d.message,
                notes: d.notes,
            });
        }
    }

    fn resolve(&mut self, tr: &'t TypeRef) -> (Ty, MangleTy) {
        types::resolve(self, tr)
    }

    /// Whether item-tree record `r` is a class template or a specialization of one (its
    /// members are declared per specialization).
    fn is_template_record(&self, r: u32) -> bool {
        self.it
            .records
            .get(r as usize)
            .is_some_and(|ri| ri.template.is_some() || ri.specialization.is_some() || ri.member_of_template.is_some())
    }

    /// The static data members of ordinary record `r` (items after it).
    fn static_members(&mut self, r: u32) {
        let it = self.it;
        let saved_item = self.cur_item;
        for (idx, item) in it.items.iter().enumerate().skip(saved_item as usize + 1) {
            match item {
                Item::Var(v) if v.member_of == Some(r) => {
                    let id = self.record_for(r as usize);
                    let saved = std::mem::replace(&mut self.scope, self.dm.records[id.0 as usize].name.clone());
                    self.cur_item = idx as u32;
                    self.var(v, &v.name);
                    self.scope = saved;
                }
                Item::Var(v) if v.member_of.is_some() => {}
                Item::MemberTypedef { .. } | Item::MemberStaticAssert { .. } | Item::Record(_) | Item::Enum(_) => {}
                _ => break,
            }
        }
        self.cur_item = saved_item;
    }

    /// A member typedef of an ordinary record, unless a use already resolved it.
    fn member_typedef(&mut self, name: &SmolStr) {
        if let Some((item, ty)) = self.member_typedefs.remove(name) {
            let saved = std::mem::replace(&mut self.cur_item, item);
            self.typedef(name, ty);
            self.cur_item = saved;
        }
    }

    /// The members of a class template specialization being declared are named with its
    /// display name: `Box::value_type` (as lowering qualified it) is `Box<float>::value_type`.
    /// Inside a class nested in a specialization, the enclosing specialization's members too
    /// (`Outer::value_type` is `Outer<int>::value_type`).
    /// The specializations whose members are being declared, for a checker of item-level
    /// expressions (see `Checker::spec_scopes`).
    fn spec_scopes(&self) -> Vec<(SmolStr, SmolStr)> {
        self.record_override
            .iter()
            .chain(self.enclosing_overrides.iter().rev())
            .filter_map(|(layout, _, _, display)| {
                Some((self.it.records.get(*layout as usize)?.name.clone()?, display.clone()))
            })
            .collect()
    }

    /// The variable template `name` denotes here: a namespace-scope one, or a member variable
    /// template of the class template being specialized (`is_multiple<int>` in
    /// `UnitWord<T>`, declared as `UnitWord::is_multiple`).
    fn var_template_name(&self, name: &SmolStr) -> Option<SmolStr> {
        if self.dm.var_templates.contains_key(name) {
            return Some(name.clone());
        }
        self.spec_scopes()
            .into_iter()
            .map(|(tname, _)| SmolStr::new(format!("{tname}::{name}")))
            .find(|q| self.dm.var_templates.contains_key(q))
    }

    fn specialization_member_name(&self, name: &SmolStr) -> Option<SmolStr> {
        self.record_override
            .iter()
            .chain(self.enclosing_overrides.iter().rev())
            .find_map(|(layout, _, _, display)| {
                let tname = self.it.records.get(*layout as usize)?.name.as_ref()?;
                let rest = name.strip_prefix(tname.as_str())?.strip_prefix("::")?;
                Some(SmolStr::new(format!("{display}::{rest}")))
            })
    }

    /// Evaluates an item-level integer constant expression. Class template specializations
    /// it names (`is_int<T>::value`) are instantiated and the expression checked again.
    fn ice(&mut self, ce: &'t ConstExpr) -> Option<i128> {
        self.ice_kind(ce).map(|(v, _)| v)
    }

    /// [`Self::ice`] with the expression's (promoted) integer type.
    fn ice_kind(&mut self, ce: &'t ConstExpr) -> Option<(i128, crate::ty::IntKind)> {
        for round in 0..8 {
            let (r, diags, requests) = {
                let mut ck = Checker::new(&self.dm, self.options, &ce.exprs, &ce.types);
                ck.at_override = Some(DiagAt::Function);
                ck.template_env = self
                    .class_env
                    .iter()
                    .chain(&self.template_env)
                    .chain(&self.alias_env)
                    .cloned()
                    .collect();
                ck.scope = self.scope.clone();
                ck.spec_scopes = self.spec_scopes();
                let r = ck.ice(ce.root);
                (r, ck.diags, std::mem::take(&mut ck.record_requests))
            };
            if requests.is_empty() || round == 7 || !self.instantiate_requests(requests) {
                self.push_body_diags(diags);
                return r;
            }
        }
        None
    }

    /// Instantiates class template specializations a nested check asked for; false when none
    /// was new (or instantiation is nested too deeply).
    fn instantiate_requests(&mut self, requests: Vec<InstanceKey>) -> bool {
        let mut progress = false;
        for (t, args) in requests {
            let before = self.dm.record_instances.len();
            self.instantiate_record(t, args);
            progress |= self.dm.record_instances.len() > before;
        }
        progress
    }

    // ---- records -------------------------------------------------------------------------------

    fn new_record(&mut self, name: Option<SmolStr>, is_union: bool) -> RecordId {
        let id = RecordId(self.dm.records.len() as u32);
        self.dm.records.push(RecordDecl {
            name: name.clone(),
            is_union,
            fields: Vec::new(),
            size: 0,
            align: 1,
            complete: false,
            mangle: None,
            closure_refs: Vec::new(),
            bases: Vec::new(),
            dsize: None,
            restricted: Vec::new(),
            friends: Vec::new(),
            nested: false,
        });
        if let Some(n) = name {
            self.dm.tags.insert(n, id);
        }
        id
    }

    fn record_for(&mut self, i: usize) -> RecordId {
        if let Some(id) = self.record_map[i] {
            return id;
        }
        let ri = &self.it.records[i];
        let is_union = ri.kind == RecordKind::Union;
        let id = match ri.name.as_ref().and_then(|n| self.dm.tags.get(n)) {
            Some(id) => *id,
            None => self.new_record(ri.name.clone(), is_union),
        };
        if ri.fields.is_some() {
            // Access control data, also for a class that is never laid out here.
            let rd = &mut self.dm.records[id.0 as usize];
            rd.restricted = ri.restricted.clone();
            rd.friends = ri.friends.clone();
            rd.nested = ri.nested;
        }
        self.record_map[i] = Some(id);
        id
    }

    /// Lays out record item `i` if it is a definition not yet processed.
    fn ensure_record(&mut self, i: usize) {
        if self.record_state[i] != State::NotStarted {
            return;
        }
        let ri = &self.it.records[i];
        let Some(_) = &ri.fields else {
            self.record_state[i] = State::Done;
            return;
        };
        let id = self.record_for(i);
        if self.dm.records[id.0 as usize].complete {
            self.record_state[i] = State::Done;
            let name = ri.name.clone().unwrap_or_default();
            self.error("redefinition", format!("class \"{name}\" has already been defined"));
            return;
        }
        self.record_state[i] = State::InProgress;
        self.lay_out(i, id);
        self.record_state[i] = State::Done;
    }

    /// Lays out the fields of item-tree record `i` into record `id` (nvptx64 layout).
    fn lay_out(&mut self, i: usize, id: RecordId) {
        let scope = self.dm.records[id.0 as usize].name.clone();
        let saved = std::mem::replace(&mut self.scope, scope);
        self.lay_out_fields(i, id);
        self.scope = saved;
    }

    fn lay_out_fields(&mut self, i: usize, id: RecordId) {
        let ri = &self.it.records[i];
        let Some(fields) = &ri.fields else { return };
        let is_union = ri.kind == RecordKind::Union;
        let mut fds = Vec::new();
        // Which of `fds` are reference members (empty when none is).
        let mut refs: Vec<bool> = Vec::new();
        let (mut size, mut align) = (0u64, 1u64);
        let mut bases = Vec::new();
        for (k, tr) in ri.bases.iter().enumerate() {
            let access = ri.base_access.get(k).copied().unwrap_or_default();
            let (t, _) = self.resolve(tr);
            if t.is_error() {
                continue;
            }
            let TyKind::Record(bid) = t.kind else {
                self.error("invalid-base", "not a class or struct name".into());
                continue;
            };
            let bd = self.dm.record(bid);
            if !bd.complete {
                let msg = format!(
                    "incomplete type \"{}\" is not allowed",
                    super::display_ty(&t, &self.dm.records)
                );
                self.error("incomplete-type", msg);
                continue;
            }
            if bd.is_union || is_union {
                self.error(
                    "invalid-base",
                    "a union cannot be a base class or have base classes".into(),
                );
                continue;
            }
            if bases.iter().any(|b: &crate::ty::BaseDecl| b.record == bid) {
                let msg = format!(
                    "\"{}\" is already a direct base class",
                    super::display_ty(&t, &self.dm.records)
                );
                self.error("invalid-base", msg);
                continue;
            }
            if bd.is_empty_class() {
                align = align.max(bd.align);
                bases.push(crate::ty::BaseDecl {
                    record: bid,
                    offset: 0,
                    field: None,
                    access,
                });
                continue;
            }
            // Itanium: the next subobject goes after the base's data size (its size for a POD
            // base; a non-POD base's tail padding is reused).
            let (bs, ba, bdsize) = (bd.size, bd.align, bd.dsize.unwrap_or(bd.size));
            let off = align_up(size, ba);
            size = off + bdsize.min(bs);
            align = align.max(ba);
            bases.push(crate::ty::BaseDecl {
                record: bid,
                offset: off,
                field: Some(fds.len() as u32),
                access,
            });
            fds.push(FieldDecl {
                name: None,
                ty: t.unqualified(),
                offset: off,
            });
        }
        for (fi, f) in fields.iter().enumerate() {
            if f.bit_width.is_some() {
                self.error("unsupported", "unsupported: bit-fields".into());
                continue;
            }
            let (t, _) = self.resolve(&f.ty);
            if t.is_error() {
                continue;
            }
            // A reference member holds the referent's address (as a lambda's capture by
            // reference does): a pointer field, dereferenced at each use.
            let (t, is_ref) = match &t.kind {
                TyKind::Reference(r) => (Ty::ptr((**r).clone()), true),
                _ => (t, false),
            };
            if let TyKind::Array(_, None) = t.kind {
                if fi + 1 == fields.len() {
                    self.error("unsupported", "unsupported: flexible array members".into());
                    continue;
                }
            }
            let (Some(fs), Some(fa)) = (
                types::size_of(&t, &self.dm.records),
                types::align_of(&t, &self.dm.records),
            ) else {
                let msg = format!(
                    "incomplete type \"{}\" is not allowed",
                    super::display_ty(&t, &self.dm.records)
                );
                self.error("incomplete-type", msg);
                continue;
            };
            let fa = fa.max(self.explicit_align(&f.align));
            let off = if is_union { 0 } else { align_up(size, fa) };
            size = if is_union { size.max(fs) } else { off + fs };
            align = align.max(fa);
            if is_ref {
                refs.resize(fds.len(), false);
                refs.push(true);
            }
            fds.push(FieldDecl {
                name: f.name.clone(),
                ty: t,
                offset: off,
            });
        }
        if !refs.is_empty() {
            refs.resize(fds.len(), false);
        }
        if let Some(a) = &ri.align {
            align = align.max(self.explicit_align(std::slice::from_ref(a)));
        }
        if size == 0 {
            size = 1;
        }
        // The data size (where the last member's or non-POD base's data ends), kept for
        // classes that are not POD for layout purposes.
        let dsize = fds
            .iter()
            .map(|f| {
                let full = types::size_of(&f.ty, &self.dm.records).unwrap_or(0);
                let is_base = bases.iter().any(|b: &crate::ty::BaseDecl| {
                    b.field
                        .is_some_and(|x| fds.get(x as usize).is_some_and(|g| std::ptr::eq(g, f)))
                });
                let data = match (&f.ty.kind, is_base) {
                    (TyKind::Record(r), true) => self.dm.record(*r).dsize.unwrap_or(full),
                    _ => full,
                };
                f.offset + data
            })
            .max()
            .unwrap_or(0);
        let pod = !is_union && self.pod_for_layout(i, &fds);
        let rd = &mut self.dm.records[id.0 as usize];
        rd.is_union = is_union;
        rd.bases = bases;
        rd.fields = fds;
        rd.closure_refs = refs;
        rd.dsize = if is_union || pod { None } else { Some(dsize) };
        rd.restricted = self.it.records[i].restricted.clone();
        rd.friends = self.it.records[i].friends.clone();
        rd.nested = self.it.records[i].nested;
        rd.size = align_up(size, align);
        rd.align = align;
        rd.complete = true;
    }

    /// The largest of the alignments written in attributes (`__align__(N)`, `alignas(N)`,
    /// `__attribute__((aligned(N)))`); 0 when none is written or valid.
    fn explicit_align(&mut self, list: &'t [ConstExpr]) -> u64 {
        let mut align = 0;
        for a in list {
            if let Some(n) = self.ice(a) {
                if n > 0 && (n as u64).is_power_of_two() {
                    align = align.max(n as u64);
                } else {
                    self.error(
                        "invalid-alignment",
                        "invalid alignment value specified by attribute".into(),
                    );
                }
            }
        }
        align
    }

    /// Itanium's "POD for the purpose of layout" (C++03 POD), conservatively: no base classes,
    /// no private/protected data, no user-declared constructor, destructor or copy assignment
    /// (item-tree record `i`), and only POD records as members (`fields`, laid out).
    fn pod_for_layout(&self, i: usize, fields: &[FieldDecl]) -> bool {
        let ri = &self.it.records[i];
        if !ri.bases.is_empty() || ri.restricted_data {
            return false;
        }
        let special = self.it.items.iter().any(|it| match it {
            Item::Function(f) => f.method.as_ref().is_some_and(|m| {
                m.record as usize == i
                    && (m.kind != crate::item_tree::MethodKind::Normal || f.name.ends_with("::operator="))
            }),
            _ => false,
        });
        if special {
            return false;
        }
        fields.iter().all(|f| {
            let t = f.ty.innermost_element();
            match t.kind {
                TyKind::Record(r) => self.dm.record(r).dsize.is_none(),
                _ => true,
            }
        })
    }

    // ---- enums ---------------------------------------------------------------------------------

    fn ensure_enum(&mut self, i: usize) {
        if i >= self.it.enums.len() || self.enum_state[i] != State::NotStarted {
            return;
        }
        self.enum_state[i] = State::InProgress;
        let e = &self.it.enums[i];
        if self.enum_names[i].is_none() {
            self.enum_names[i] = e.name.clone();
        }
        if let Some(n) = &e.name {
            if !self.dm.enum_names.contains(n) {
                self.dm.enum_names.push(n.clone());
            }
        }
        if e.member_of_template.is_some() {
            // Declared with each specialization (`instance_members_before_layout`).
            self.enum_state[i] = State::Done;
            return;
        }
        let mut next: i128 = 0;
        for (name, value) in &e.enumerators {
            if let Some(ce) = value {
                // The value names the members of the enumeration's namespace unqualified.
                let saved = self.scope.clone();
                if self.scope.is_none() {
                    self.scope = name.rsplit_once("::").map(|(ns, _)| SmolStr::new(ns));
                }
                let v = self.ice(ce);
                self.scope = saved;
                if let Some(v) = v {
                    next = v;
                }
            }
            if next < i32::MIN as i128 || next > i32::MAX as i128 {
                // The enum's underlying type is always `int` here (C++ would pick a wider one).
                self.error(
                    "unsupported",
                    "unsupported: enumerator value outside the range of int".into(),
                );
            }
            if self.dm.values.contains_key(name) {
                self.error(
                    "redeclaration",
                    format!("\"{name}\" has already been declared in the current scope"),
                );
            } else {
                self.dm
                    .values
                    .insert(name.clone(), vec![ValueDef::Enumerator(next as i64)]);
                self.dm.declared_at.entry(name.clone()).or_insert(self.cur_item);
                // An unscoped enumerator is also named through its enumeration (`E::A`,
                // [dcl.enum]).
                if let Some(en) = &e.name {
                    let last = name.rsplit("::").next().unwrap_or(name);
                    if !name.starts_with(&format!("{en}::")) {
                        let q = SmolStr::new(format!("{en}::{last}"));
                        self.dm
                            .values
                            .entry(q)
                            .or_insert_with(|| vec![ValueDef::Enumerator(next as i64)]);
                    }
                }
            }
            next += 1;
        }
        self.enum_state[i] = State::Done;
    }

    // ---- typedefs ------------------------------------------------------------------------------

    fn typedef(&mut self, name: &SmolStr, tr: &'t TypeRef) {
        let (t, mut m) = self.resolve(tr);
        // `typedef struct { ... } name;`: the typedef names the record for linkage purposes.
        let mut inner = tr;
        while let TypeRef::Qualified(_, i) = inner {
            inner = i;
        }
        match inner {
            TypeRef::Record {
                name: None,
                def: Some(i),
                ..
            } => {
                if let Some(id) = self.record_map.get(*i as usize).copied().flatten() {
                    let rd = &mut self.dm.records[id.0 as usize];
                    if rd.name.is_none() {
                        rd.name = Some(name.clone());
                        m = MangleTy::qualified(t.quals, MangleTy::Named(name.clone()));
                    }
                }
            }
            TypeRef::Enum {
                name: None,
                def: Some(i),
            } => {
                if let Some(slot) = self.enum_names.get_mut(*i as usize) {
                    if slot.is_none() {
                        *slot = Some(name.clone());
                        m = MangleTy::qualified(t.quals, MangleTy::Named(name.clone()));
                    }
                }
            }
            _ => {}
        }
        if let Some(old) = self.dm.typedefs.get(name) {
            if *old != t && !old.is_error() && !t.is_error() {
                self.error(
                    "redeclaration",
                    format!("invalid redeclaration of type name \"{name}\""),
                );
            }
            return;
        }
        self.dm.typedefs.insert(name.clone(), t);
        self.typedef_mangle.insert(name.clone(), m);
    }

    // ---- functions -----------------------------------------------------------------------------

    /// `static_assert` at namespace scope: evaluated here when the condition is an integer
    /// constant expression, deferred to the constexpr interpreter when it calls functions.
    fn static_assert(&mut self, ce: &'t ConstExpr, message: &Option<String>) {
        let mut round = 0;
        let (body, root, diags, val) = loop {
            let (r, requests) = {
                let mut ck = Checker::new(&self.dm, self.options, &ce.exprs, &ce.types);
                ck.at_override = Some(DiagAt::Function);
                ck.template_env = self.class_env.iter().chain(&self.template_env).cloned().collect();
                ck.scope = self.scope.clone();
                ck.spec_scopes = self.spec_scopes();
                let v = ck.value(ce.root);
                let val = if ck.ty(v).is_error() {
                    None
                } else {
                    ck.eval(v).and_then(|c| c.as_int())
                };
                (
                    (std::mem::take(&mut ck.out), v, std::mem::take(&mut ck.diags), val),
                    std::mem::take(&mut ck.record_requests),
                )
            };
            round += 1;
            // Class template specializations the condition names are instantiated first.
            if requests.is_empty() || round == 8 || !self.instantiate_requests(requests) {
                break r;
            }
        };
        if diags.iter().any(|d| d.severity == Severity::Error) {
            self.push_body_diags(diags);
            return;
        }
        match val {
            Some(0) => self.error("static-assert", crate::def_map::static_assert_failed(message)),
            Some(_) => {}
            None => self.dm.deferred_asserts.push(crate::def_map::DeferredAssert {
                item: self.cur_item,
                body,
                root,
                message: message.clone(),
            }),
        }
    }

    /// A lambda's closure type (its captures as fields) and its `operator()`, whose body is the
    /// lambda's statements in the enclosing definition. `ret`: the deduced return type, once
    /// known.
    fn closure(&mut self, key: &crate::ty::ClosureKey, ret: Option<Ty>) {
        if self.dm.closures.contains_key(key) {
            return;
        }
        let n = self.dm.closures.len();
        let rname = SmolStr::new(format!("$lambda{n}"));
        let rid = self.new_record(Some(rname.clone()), false);
        let (mut size, mut align) = (0u64, 1u64);
        let mut fields = Vec::new();
        let mut refs = Vec::new();
        for (name, ty, by_ref) in &key.captures {
            let fty = if *by_ref { Ty::ptr(ty.clone()) } else { ty.unqualified() };
            let (fs, fa) = (
                types::size_of(&fty, &self.dm.records).unwrap_or(8),
                types::align_of(&fty, &self.dm.records).unwrap_or(8),
            );
            let off = align_up(size, fa);
            size = off + fs;
            align = align.max(fa);
            fields.push(FieldDecl {
                name: Some(name.clone()),
                ty: fty,
                offset: off,
            });
            refs.push(*by_ref);
        }
        let rd = &mut self.dm.records[rid.0 as usize];
        rd.fields = fields;
        rd.size = align_up(size.max(1), align);
        rd.align = align;
        rd.complete = true;
        rd.closure_refs = refs;
        // The call operator is `const` unless the lambda is `mutable` ([expr.prim.lambda.closure]).
        let closure_ty = Ty::new(TyKind::Record(rid));
        let this_ty = if key.mutable {
            closure_ty
        } else {
            closure_ty.with_quals(Quals::CONST)
        };
        let mut params = vec![Ty::ptr(this_ty)];
        params.extend(key.params.iter().cloned());
        let (ret, deduce_ret) = match (&key.ret, ret) {
            (Some(r), _) => (r.clone(), false),
            (None, Some(r)) => (r, false),
            (None, None) => (Ty::error(), true),
        };
        let id = FnId(self.dm.functions.len() as u32);
        let link_name = if key.instance {
            // One of a generic lambda's `operator()` instances.
            SmolStr::new(format!("__warpc_lambda_{}_{}_{n}", key.enclosing, key.lambda))
        } else {
            SmolStr::new(format!("__warpc_lambda_{}_{}", key.enclosing, key.lambda))
        };
        let generic = !key.auto_params.is_empty() && !key.instance;
        let (ret, deduce_ret) = if generic {
            (Ty::error(), false)
        } else {
            (ret, deduce_ret)
        };
        let name = SmolStr::new(format!("{rname}::operator()"));
        self.dm.functions.push(FnDecl {
            declared_inline: true,
            defaulted: false,
            deleted: false,
            name: name.clone(),
            link_name: link_name.clone(),
            sig: FnSig {
                ret,
                params,
                variadic: false,
            },
            space: key.space,
            inline: InlineHint::Force,
            is_static: true,
            extern_c: false,
            launch_bounds: None,
            cluster_dims: None,
            kind: FnKind::Normal,
            item: key.item,
            // A generic lambda's own `operator()` is not checked (its instances are).
            body_index: (!generic).then_some(key.body_index),
            defaults: Vec::new(),
            is_constexpr: true,
            method: Some(MethodDecl {
                record: rid,
                kind: crate::item_tree::MethodKind::Normal,
                is_const: !key.mutable,
                is_static: false,
                explicit: false,
            }),
            instance: None,
            env: key.env.clone(),
            lambda: Some(key.lambda),
            deduce_ret,
        });
        self.fn_by_link.insert(link_name, id);
        self.dm.values.insert(name, vec![ValueDef::Function(id)]);
        self.dm.closures.insert(key.clone(), (rid, id));
    }

    /// Registers a class template (item-tree record `r`).
    fn record_template(&mut self, r: u32) {
        let ri = &self.it.records[r as usize];
        let Some(name) = ri.name.clone() else { return };
        let params = ri.template.clone().unwrap_or_default();
        if ri.specialization.is_some() {
            // `template <class T> struct S<T*> { ... }`: a partial specialization, chosen when
            // an instance's arguments match it (`match_partial`).
            let Some(t) = self.dm.record_templates.get_index_of(&name) else {
                self.error("not-a-template", format!("\"{name}\" is not a class template"));
                return;
            };
            // Instances created before this declaration keep the primary template (a program
            // that would have used the partial specialization there is ill-formed).
            self.dm.partial_specs.entry(t as u32).or_default().push(r);
            return;
        }
        if let Some(prev) = self.dm.record_templates.get(&name).map(|t| t.record) {
            // A declaration `template <class T> struct S;` before or after the definition.
            let prev_declared_only = self.it.records.get(prev as usize).is_some_and(|p| p.fields.is_none());
            if ri.fields.is_none() {
                return;
            }
            if prev_declared_only {
                let item = self.cur_item;
                if let Some(t) = self.dm.record_templates.get_mut(&name) {
                    t.record = r;
                    t.params = params;
                    t.item = item;
                }
                return;
            }
        }
        if self.dm.record_templates.contains_key(&name) || self.dm.tags.contains_key(&name) {
            self.error(
                "redefinition",
                format!("class template \"{name}\" has already been defined"),
            );
            return;
        }
        if params.iter().enumerate().any(|(i, p)| p.pack && i + 1 != params.len()) {
            self.error(
                "unsupported",
                format!("unsupported: a template parameter pack of \"{name}\" that is not its last parameter"),
            );
            return;
        }
        self.dm.record_templates.insert(
            name.clone(),
            crate::ty::RecordTemplate {
                name,
                params,
                record: r,
                item: self.cur_item,
            },
        );
    }

    /// The specialization of class template `t` (index into `record_templates`) for `args`
    /// (defaults appended): its record laid out with the parameters bound, and its members
    /// declared (`S<int, 8>::push`).
    fn instantiate_record(&mut self, t: u32, mut args: Vec<TArg>) -> Option<RecordId> {
        let (_, rt) = self.dm.record_templates.get_index(t as usize)?;
        let rt = rt.clone();
        if self.depth >= MAX_INSTANTIATION_DEPTH || flatten_targs(&args).len() > MAX_INSTANCE_ARGS {
            if !self.depth_reported {
                self.depth_reported = true;
                self.error(
                    "template-recursion",
                    format!("excessive recursion at instantiation of class template \"{}\"", rt.name),
                );
            }
            return None;
        }
        self.depth += 1;
        let r = self.instantiate_record_inner(t, rt, &mut args);
        self.depth -= 1;
        r
    }

    fn instantiate_record_inner(
        &mut self,
        t: u32,
        rt: crate::ty::RecordTemplate,
        args: &mut Vec<TArg>,
    ) -> Option<RecordId> {
        let mut args = std::mem::take(args);
        let params_t: &'t [crate::item_tree::TemplateParamItem] =
            self.it.records.get(rt.record as usize)?.template.as_deref()?;
        let saved_env = std::mem::take(&mut self.class_env);
        let saved_fn_env = std::mem::take(&mut self.template_env);
        // An instance's members see only its own parameters, not the bindings of the alias
        // template (or argument list) being resolved when it was named.
        let saved_alias = std::mem::take(&mut self.alias_env);
        let saved_prefix = std::mem::take(&mut self.targ_prefix);
        let saved_item = std::mem::replace(&mut self.cur_item, rt.item);
        // Default arguments are looked up in the template's scope, not the user's.
        let saved_scope = self.scope.replace(rt.name.clone());
        let ok = args.len() <= params_t.len() && self.bind_template_args(params_t, &mut args, true);
        self.scope = saved_scope;
        let result = if !ok {
            self.error(
                "template-args",
                format!("wrong number of template arguments for class template \"{}\"", rt.name),
            );
            None
        } else if let Some(&r) = self.dm.record_instances.get(&(t, args.clone())) {
            Some(r)
        } else {
            let layout = match self.match_partial(t, &args) {
                Some((p, env)) => {
                    self.class_env = env;
                    p
                }
                None => rt.record,
            };
            Some(self.record_instance_decl(t, &rt, args, layout))
        };
        self.class_env = saved_env;
        self.template_env = saved_fn_env;
        self.alias_env = saved_alias;
        self.targ_prefix = saved_prefix;
        self.cur_item = saved_item;
        result
    }

    /// The most specialized partial specialization of class template `t` whose arguments
    /// match `args`: its item-tree record and its parameters bound by the match. "Most
    /// specialized" is approximated by the number of type and value nodes of the pattern that
    /// are not parameters (`S<T*, 4>` over `S<T*, N>` over `S<T, N>`).
    fn match_partial(&mut self, t: u32, args: &[TArg]) -> Option<(u32, Vec<(SmolStr, TArg)>)> {
        let specs = self.dm.partial_specs.get(&t)?.clone();
        let mut matches: Vec<(u32, Vec<(SmolStr, TArg)>)> = Vec::new();
        let it = self.it;
        for p in specs {
            let ri = &it.records[p as usize];
            let (Some(params), Some(pats)) = (ri.template.as_deref(), ri.specialization.as_deref()) else {
                continue;
            };
            let names: Vec<Option<SmolStr>> = params.iter().map(|p| p.name.clone()).collect();
            let mut bound: Vec<Option<TArg>> = vec![None; names.len()];
            let saved = std::mem::take(&mut self.class_env);
            let flat = flatten_targs(args);
            let has_expansion = pats
                .iter()
                .any(|p| matches!(p, TemplateArgRef::Type(TypeRef::PackExpansion(_))));
            // `template <class T> struct S<T*>` of `template <class T, class U = void> struct
            // S`: the omitted arguments are the primary template's defaults.
            let ok = if !has_expansion && pats.len() < flat.len() && flat.len() == args.len() {
                self.match_targ_list(pats, &flat[..pats.len()], &names, &mut bound)
                    && self.defaults_match(t, args, pats.len())
            } else {
                self.match_targ_list(pats, &flat, &names, &mut bound)
            };
            self.class_env = saved;
            for (b, p) in bound.iter_mut().zip(params) {
                if p.pack && b.is_none() {
                    *b = Some(TArg::Pack(Vec::new()));
                }
            }
            if !ok || bound.iter().any(|b| b.is_none()) {
                continue;
            }
            let env = names
                .iter()
                .zip(bound)
                .map(|(n, b)| (n.clone().unwrap_or_default(), b.expect("checked")))
                .collect();
            matches.push((p, env));
        }
        if matches.len() <= 1 {
            return matches.pop();
        }
        // Partial ordering: the specialization whose patterns every other matching one's
        // patterns can be deduced from (and not the other way round).
        let spec = |r: u32| {
            let ri = &it.records[r as usize];
            let names: Vec<Option<SmolStr>> = ri
                .template
                .as_deref()
                .unwrap_or(&[])
                .iter()
                .map(|p| p.name.clone())
                .collect();
            (names, ri.specialization.as_deref().unwrap_or(&[]))
        };
        let at_least_as_specialized = |a: u32, b: u32| {
            let (an, ap) = spec(a);
            let (bn, bp) = spec(b);
            let mut bound: Vec<Option<PatBound>> = vec![None; bn.len()];
            let _ = an;
            ap.len() == bp.len()
                && bp
                    .iter()
                    .zip(ap)
                    .all(|(pb, pa)| pattern_matches(pb, pa, &bn, &mut bound))
        };
        let best: Vec<usize> = (0..matches.len())
            .filter(|&i| {
                (0..matches.len()).all(|j| {
                    i == j
                        || (at_least_as_specialized(matches[i].0, matches[j].0)
                            && !at_least_as_specialized(matches[j].0, matches[i].0))
                })
            })
            .collect();
        match best.as_slice() {
            [i] => Some(matches.swap_remove(*i)),
            _ => {
                let name = self
                    .dm
                    .record_templates
                    .get_index(t as usize)
                    .map(|(n, _)| n.clone())
                    .unwrap_or_default();
                let shown: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        TArg::Type { ty, .. } => super::display_ty(ty, &self.dm.records),
                        TArg::Value { value, ty, .. } if ty.kind == TyKind::Int(crate::ty::IntKind::Bool) => {
                            (*value != 0).to_string()
                        }
                        TArg::Pack(_) => "...".to_string(),
                        TArg::Template(q) => q.to_string(),
                        TArg::Value { value, .. } => value.to_string(),
                    })
                    .collect();
                let msg = format!(
                    "more than one partial specialization matches the template argument list of class \"{name}<{}>\"",
                    shown.join(", ")
                );
                self.error("ambiguous-specialization", msg);
                None
            }
        }
    }

    /// Whether instance arguments `args[from..]` of class template `t` are the defaults of
    /// their parameters given the arguments before them.
    fn defaults_match(&mut self, t: u32, args: &[TArg], from: usize) -> bool {
        let Some((_, rt)) = self.dm.record_templates.get_index(t as usize) else {
            return false;
        };
        let (record, item, name) = (rt.record, rt.item, rt.name.clone());
        let Some(params) = self.it.records.get(record as usize).and_then(|r| r.template.as_deref()) else {
            return false;
        };
        if args.len() != params.len() || params.iter().any(|p| p.pack) {
            return false;
        }
        let saved_env = std::mem::replace(
            &mut self.class_env,
            params
                .iter()
                .zip(&args[..from])
                .map(|(p, a)| (p.name.clone().unwrap_or_default(), a.clone()))
                .collect(),
        );
        let saved_item = std::mem::replace(&mut self.cur_item, item);
        let saved_scope = self.scope.replace(name);
        let mut ok = true;
        for i in from..args.len() {
            if self.default_targ(&params[i]).as_ref() != Some(&args[i]) {
                ok = false;
                break;
            }
            self.class_env
                .push((params[i].name.clone().unwrap_or_default(), args[i].clone()));
        }
        self.class_env = saved_env;
        self.cur_item = saved_item;
        self.scope = saved_scope;
        ok
    }

    /// Matches argument patterns (a trailing `P...` takes the remaining arguments, each
    /// deducing one element of the pack `P` names) against flattened arguments.
    fn match_targ_list(
        &mut self,
        pats: &'t [TemplateArgRef],
        args: &[TArg],
        names: &[Option<SmolStr>],
        bound: &mut [Option<TArg>],
    ) -> bool {
        // An alias template naming the parameters (`S<T, __void_t<T&>>`) is a non-deduced
        // context: substituted once the others are deduced, and compared.
        let mut deferred: Vec<(&'t TypeRef, &TArg)> = Vec::new();
        for (i, pat) in pats.iter().enumerate() {
            if let TemplateArgRef::Type(tr @ TypeRef::Template { name, .. }) = pat {
                if self.dm.alias_templates.contains_key(name) && mentions_param(tr, names) {
                    let Some(a) = args.get(i) else { return false };
                    deferred.push((tr, a));
                    continue;
                }
            }
            if let TemplateArgRef::Type(TypeRef::PackExpansion(inner)) = pat {
                if i + 1 != pats.len() {
                    return false;
                }
                let mut mentioned = Vec::new();
                names_in(inner, &mut mentioned);
                let Some(k) = mentioned
                    .iter()
                    .find_map(|m| names.iter().position(|x| x.as_deref() == Some(m.as_str())))
                else {
                    return false;
                };
                return bind_pack(&args[i.min(args.len())..], k, bound, |ty, b| {
                    self.match_ty(inner, ty, names, b)
                });
            }
            let Some(a) = args.get(i) else { return false };
            if !self.match_targ(pat, a, names, bound) {
                return false;
            }
        }
        if pats.len() != args.len() {
            return false;
        }
        for (tr, a) in deferred {
            let TArg::Type { ty: want, .. } = a else { return false };
            if bound.iter().any(Option::is_none) {
                return false;
            }
            let env = names
                .iter()
                .zip(bound.iter())
                .filter_map(|(n, b)| Some((n.clone()?, b.clone()?)))
                .collect();
            let saved = std::mem::replace(&mut self.class_env, env);
            // A substitution failure is no match (SFINAE), not an error.
            let n_diags = self.dm.diagnostics.len();
            let (got, _) = self.resolve(tr);
            self.dm.diagnostics.truncate(n_diags);
            self.class_env = saved;
            if got.is_error() || got != *want {
                return false;
            }
        }
        true
    }

    fn match_targ(
        &mut self,
        pat: &'t TemplateArgRef,
        a: &TArg,
        names: &[Option<SmolStr>],
        bound: &mut [Option<TArg>],
    ) -> bool {
        if let TArg::Template(q) = a {
            // A template template argument: a parameter binds it, a written template must be it.
            let n = match pat {
                TemplateArgRef::Type(tr) => template_arg_name(tr).cloned(),
                TemplateArgRef::Value(ce) => match ce.exprs.get(ce.root.0 as usize) {
                    Some(crate::body::Expr::Name(n)) => Some(n.clone()),
                    _ => None,
                },
            };
            let Some(n) = n else { return false };
            return match names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                Some(k) => match &bound[k] {
                    Some(old) => old == a,
                    None => {
                        bound[k] = Some(a.clone());
                        true
                    }
                },
                None => n == *q || self.bound_template(&n).as_ref() == Some(q),
            };
        }
        match (pat, a) {
            (TemplateArgRef::Type(tr), TArg::Type { ty, .. }) => self.match_ty(tr, ty, names, bound),
            (TemplateArgRef::Value(ce), TArg::Value { value, ty, .. }) => {
                if let Some(crate::body::Expr::Name(n)) = ce.exprs.get(ce.root.0 as usize) {
                    if let Some(i) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                        return match &bound[i] {
                            Some(TArg::Value { value: v, .. }) => v == value,
                            Some(_) => false,
                            None => {
                                bound[i] = Some(a.clone());
                                true
                            }
                        };
                    }
                }
                if ce.exprs.iter().any(|e| matches!(e, crate::body::Expr::Name(n) if names.iter().any(|x| x.as_deref() == Some(n.as_str())))) {
                    return false;
                }
                match self.ice(ce) {
                    Some(v) => match types::int_kind(ty) {
                        Some(k) => types::normalize_int(v, k) == *value,
                        None => v == *value,
                    },
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// Matches a type pattern of a partial specialization against an argument type, binding
    /// the specialization's parameters.
    fn match_ty(&mut self, pat: &'t TypeRef, ty: &Ty, names: &[Option<SmolStr>], bound: &mut [Option<TArg>]) -> bool {
        let index = |n: &str| names.iter().position(|x| x.as_deref() == Some(n));
        let top_cv = types::cv(ty.quals);
        match pat {
            TypeRef::Named(n) if index(n).is_some() => {
                let i = index(n).expect("checked");
                match &bound[i] {
                    Some(TArg::Type { ty: old, .. }) => old == ty,
                    Some(_) => false,
                    None => {
                        let mangle = MangleTy::from_ty(ty, &self.dm.records);
                        bound[i] = Some(TArg::Type { ty: ty.clone(), mangle });
                        true
                    }
                }
            }
            TypeRef::Qualified(q, inner) => {
                // `T&&` matches only an rvalue reference (`Quals::RVALUE` on the reference).
                let rvalue = q.contains(Quals::RVALUE);
                let q = types::cv(*q);
                if !ty.quals.contains(q) || (rvalue && !ty.quals.contains(Quals::RVALUE)) {
                    return false;
                }
                let mut t = ty.clone();
                t.quals = crate::body::Quals(t.quals.0 & !q.0);
                if rvalue {
                    t.quals = t.quals.difference(Quals::RVALUE);
                }
                self.match_ty(inner, &t, names, bound)
            }
            TypeRef::Pointer(inner) => match &ty.kind {
                TyKind::Pointer(p) if top_cv.is_empty() => self.match_ty(inner, p, names, bound),
                _ => false,
            },
            TypeRef::Reference(inner) => match &ty.kind {
                TyKind::Reference(p) if !ty.quals.contains(Quals::RVALUE) => self.match_ty(inner, p, names, bound),
                _ => false,
            },
            TypeRef::Array(inner, len) => match &ty.kind {
                TyKind::Array(e, n) if top_cv.is_empty() => {
                    let len_ok = match (len, n) {
                        (None, None) => true,
                        (Some(ce), Some(n)) => {
                            let v = TArg::Value {
                                value: *n as i128,
                                ty: Ty::int(crate::ty::IntKind::ULong),
                                mangle: MangleTy::Builtin("m"),
                            };
                            self.match_targ_value(ce, &v, names, bound)
                        }
                        _ => false,
                    };
                    len_ok && self.match_ty(inner, e, names, bound)
                }
                _ => false,
            },
            TypeRef::Template { name, args: pats } if mentions_param(pat, names) => {
                let TyKind::Record(rid) = ty.kind else { return false };
                if !top_cv.is_empty() {
                    return false;
                }
                let actual = if let Some(k) = names.iter().position(|x| x.as_deref() == Some(name.as_str())) {
                    // `S<C<T>>` with `C` a template template parameter: the specialization's template.
                    let Some(((t, actual), _)) = self.dm.record_instances.iter().find(|(_, r)| **r == rid) else {
                        return false;
                    };
                    let Some((tname, _)) = self.dm.record_templates.get_index(*t as usize) else {
                        return false;
                    };
                    let new = TArg::Template(tname.clone());
                    match &bound[k] {
                        Some(old) if *old != new => return false,
                        _ => bound[k] = Some(new),
                    }
                    actual.clone()
                } else {
                    let Some(t) = self.dm.record_templates.get_index_of(name) else {
                        return false;
                    };
                    let Some(((_, actual), _)) = self
                        .dm
                        .record_instances
                        .iter()
                        .find(|((tt, _), r)| *tt == t as u32 && **r == rid)
                    else {
                        return false;
                    };
                    actual.clone()
                };
                let actual = flatten_targs(&actual);
                if pats
                    .iter()
                    .any(|p| matches!(p, TemplateArgRef::Type(TypeRef::PackExpansion(_))))
                {
                    return self.match_targ_list(pats, &actual, names, bound);
                }
                pats.len() <= actual.len()
                    && pats
                        .iter()
                        .zip(&actual)
                        .all(|(p, a)| self.match_targ(p, a, names, bound))
            }
            _ => {
                if mentions_param(pat, names) {
                    return false;
                }
                let (t, _) = self.resolve(pat);
                !t.is_error() && t == *ty
            }
        }
    }

    fn match_targ_value(
        &mut self,
        ce: &'t ConstExpr,
        a: &TArg,
        names: &[Option<SmolStr>],
        bound: &mut [Option<TArg>],
    ) -> bool {
        if let Some(crate::body::Expr::Name(n)) = ce.exprs.get(ce.root.0 as usize) {
            if let Some(i) = names.iter().position(|x| x.as_deref() == Some(n.as_str())) {
                let TArg::Value { value, .. } = a else { return false };
                return match &bound[i] {
                    Some(TArg::Value { value: v, .. }) => v == value,
                    Some(_) => false,
                    None => {
                        bound[i] = Some(a.clone());
                        true
                    }
                };
            }
        }
        let TArg::Value { value, .. } = a else { return false };
        self.ice(ce) == Some(*value)
    }

    /// `template <> struct S<args> { ... }` (item-tree record `r`): the specialization of
    /// class template `S` for `args`, laid out from its own definition and members.
    fn record_specialization(&mut self, r: u32) {
        let ri = &self.it.records[r as usize];
        let (Some(name), Some(args)) = (ri.name.clone(), ri.specialization.as_ref()) else {
            return;
        };
        let Some(t) = self.dm.record_templates.get_index_of(&name) else {
            self.error("not-a-template", format!("\"{name}\" is not a class template"));
            return;
        };
        let rt = self.dm.record_templates[t].clone();
        let params: &'t [crate::item_tree::TemplateParamItem] = self
            .it
            .records
            .get(rt.record as usize)
            .and_then(|r| r.template.as_deref())
            .unwrap_or(&[]);
        let last_pack = params.last().is_some_and(|p| p.pack);
        if args.len() > params.len() && !last_pack {
            self.error(
                "template-args",
                format!("too many arguments for class template \"{name}\""),
            );
            return;
        }
        let mut out = Vec::new();
        for (i, a) in args.iter().enumerate() {
            if params.is_empty() {
                return;
            }
            match self.resolve_targ_at(a, params, i, &out) {
                Some(x) => out.push(x),
                None => return,
            }
        }
        if out.len() < params.len() && !(last_pack && out.len() + 1 == params.len()) {
            // `template <> class F<int>` of `template <class T, class U = void> class F`: the
            // omitted arguments are the defaults, computed from the earlier arguments in the
            // primary template's scope ([temp.expl.spec]/[temp.arg]).
            let saved_env = std::mem::take(&mut self.class_env);
            let saved_item = std::mem::replace(&mut self.cur_item, rt.item);
            let saved_scope = self.scope.replace(rt.name.clone());
            let ok = self.bind_template_args(params, &mut out, true);
            self.class_env = saved_env;
            self.cur_item = saved_item;
            self.scope = saved_scope;
            if !ok {
                self.error(
                    "template-args",
                    format!("too few arguments for class template \"{name}\""),
                );
                return;
            }
        }
        let out = pack_targs(params, out);
        if self.dm.record_instances.contains_key(&(t as u32, out.clone())) {
            self.error(
                "redefinition",
                format!("specialization of \"{name}\" after instantiation"),
            );
            return;
        }
        let saved_env = std::mem::take(&mut self.class_env);
        let saved_fn_env = std::mem::take(&mut self.template_env);
        self.record_instance_decl(t as u32, &rt, out, r);
        self.class_env = saved_env;
        self.template_env = saved_fn_env;
    }

    fn record_instance_decl(
        &mut self,
        t: u32,
        rt: &crate::ty::RecordTemplate,
        args: Vec<TArg>,
        layout: u32,
    ) -> RecordId {
        let shown: Vec<String> = flatten_targs(&args)
            .iter()
            .map(|a| match a {
                TArg::Type { ty, .. } => super::display_ty(ty, &self.dm.records),
                TArg::Value { value, ty, .. } if ty.kind == TyKind::Int(crate::ty::IntKind::Bool) => {
                    (*value != 0).to_string()
                }
                TArg::Value { value, .. } => value.to_string(),
                TArg::Pack(_) => String::new(),
                TArg::Template(q) => q.to_string(),
            })
            .collect();
        let display = SmolStr::new(format!("{}<{}>", rt.name, shown.join(", ")));
        let margs: Vec<MangleTArg> = args.iter().map(mangle_targ).collect();
        let mangle = MangleTy::Template {
            name: rt.name.clone(),
            args: margs,
        };
        let is_union = self.it.records[layout as usize].kind == RecordKind::Union;
        let id = self.new_record(Some(display.clone()), is_union);
        self.dm.records[id.0 as usize].mangle = Some(mangle.clone());
        self.dm.record_instances.insert((t, args), id);
        let this = (layout, id, mangle.clone(), display.clone());
        let saved = self.record_override.replace(this.clone());
        let saved_scope = self.scope.replace(display.clone());
        let it = self.it;
        // Named classes nested in the template: implicit members of each specialization
        // (`Outer<int>::In`, mangled `N5OuterIiE2InE`), declared before the members that may
        // name them.
        // (Classes nested in those, at any depth, too: `Outer<int>::In::Deep`, mangled
        // `N5OuterIiE2In4DeepE`; each after its enclosing class, `nested` in pre-order.)
        let mut nested = Vec::new();
        let mut parents: Vec<(u32, SmolStr, Vec<SmolStr>)> = vec![(layout, display.clone(), Vec::new())];
        while let Some((parent, pdisplay, pnames)) = parents.pop() {
            let mut children = Vec::new();
            for (ni, ri) in it.records.iter().enumerate() {
                if ri.member_of_template != Some(parent) || ni as u32 == layout {
                    continue;
                }
                let Some(n) = &ri.name else { continue };
                let member = n.rsplit("::").next().unwrap_or(n);
                let ndisplay = SmolStr::new(format!("{pdisplay}::{member}"));
                let mut names = pnames.clone();
                names.push(SmolStr::new(member));
                let nmangle = MangleTy::DependentName {
                    scope: Box::new(mangle.clone()),
                    names: names.clone(),
                };
                let nid = self.new_record(Some(ndisplay.clone()), ri.kind == RecordKind::Union);
                let rd = &mut self.dm.records[nid.0 as usize];
                rd.mangle = Some(nmangle.clone());
                rd.restricted = ri.restricted.clone();
                rd.friends = ri.friends.clone();
                rd.nested = true;
                nested.push((ni as u32, nid, nmangle, ndisplay.clone()));
                children.push((ni as u32, ndisplay, names));
            }
            if nested.len() > 4096 {
                break;
            }
            // (Depth first, in declaration order.)
            parents.extend(children.into_iter().rev());
        }
        let saved_enclosing = self.enclosing_overrides.len();
        self.enclosing_overrides.extend(nested.iter().cloned());
        // Member typedefs first (fields may name them), then the layout, static data members
        // and member functions.
        self.instance_members_before_layout(layout, &display);
        for n in &nested {
            self.record_override = Some(n.clone());
            self.scope = Some(n.3.clone());
            self.enclosing_overrides.push(this.clone());
            self.instance_members_before_layout(n.0, &n.3);
            self.enclosing_overrides.pop();
        }
        // Layouts: each nested class after the classes nested in it (its members may be of
        // their types), siblings in declaration order.
        let mut order: Vec<usize> = Vec::with_capacity(nested.len());
        fn post_order(
            it: &[crate::item_tree::RecordItem],
            nested: &[(u32, RecordId, MangleTy, SmolStr)],
            parent: u32,
            order: &mut Vec<usize>,
            depth: u32,
        ) {
            if depth > 64 {
                return;
            }
            for (k, n) in nested.iter().enumerate() {
                if it.get(n.0 as usize).and_then(|ri| ri.member_of_template) == Some(parent) && !order.contains(&k) {
                    post_order(it, nested, n.0, order, depth + 1);
                    order.push(k);
                }
            }
        }
        post_order(&it.records, &nested, layout, &mut order, 0);
        for k in order {
            let n = nested[k].clone();
            self.record_override = Some(n.clone());
            self.scope = Some(n.3.clone());
            self.enclosing_overrides.push(this.clone());
            self.lay_out(n.0 as usize, n.1);
            self.enclosing_overrides.pop();
        }
        self.record_override = Some(this.clone());
        self.scope = Some(display.clone());
        self.lay_out(layout as usize, id);
        for n in &nested {
            self.record_override = Some(n.clone());
            self.scope = Some(n.3.clone());
            self.enclosing_overrides.push(this.clone());
            self.instance_functions(n.0);
            self.enclosing_overrides.pop();
        }
        self.record_override = Some(this);
        self.scope = Some(display.clone());
        self.instance_functions(layout);
        self.enclosing_overrides.truncate(saved_enclosing);
        self.record_override = saved;
        self.scope = saved_scope;
        id
    }

    /// The member typedefs and static data members of item-tree record `layout` declared as
    /// members of the specialization (or nested class) named `display`.
    fn instance_members_before_layout(&mut self, layout: u32, display: &SmolStr) {
        let it = self.it;
        for e in it.enums.iter().filter(|e| e.member_of_template == Some(layout)) {
            let mut next: i128 = 0;
            for (name, value) in &e.enumerators {
                if let Some(ce) = value {
                    if let Some(v) = self.ice(ce) {
                        next = v;
                    }
                }
                if next < i32::MIN as i128 || next > i32::MAX as i128 {
                    self.error(
                        "unsupported",
                        "unsupported: enumerator value outside the range of int".into(),
                    );
                }
                let member = name.rsplit("::").next().unwrap_or(name);
                let q = SmolStr::new(format!("{display}::{member}"));
                self.dm
                    .values
                    .insert(q.clone(), vec![ValueDef::Enumerator(next as i64)]);
                self.dm.declared_at.entry(q).or_insert(self.cur_item);
                next += 1;
            }
        }
        for (idx, item) in it.items.iter().enumerate() {
            if let Item::MemberTypedef { record, name, ty } = item {
                if *record == layout {
                    let saved_item = std::mem::replace(&mut self.cur_item, idx as u32);
                    let member = name.rsplit("::").next().unwrap_or(name);
                    self.typedef(&SmolStr::new(format!("{display}::{member}")), ty);
                    self.cur_item = saved_item;
                }
            }
        }
        for (idx, item) in it.items.iter().enumerate() {
            if let Item::AliasTemplate {
                name,
                params,
                ty,
                member_of: Some(r),
            } = item
            {
                if *r == layout {
                    let member = name.rsplit("::").next().unwrap_or(name);
                    let env: Vec<(SmolStr, TArg)> = self.class_env.clone();
                    let a = crate::def_map::AliasTemplate {
                        params: params.clone(),
                        ty: ty.clone(),
                        item: idx as u32,
                        env,
                    };
                    self.dm
                        .alias_templates
                        .insert(SmolStr::new(format!("{display}::{member}")), a);
                }
            }
        }
        for (idx, item) in it.items.iter().enumerate() {
            if let Item::Var(v) = item {
                if v.member_of == Some(layout) {
                    let saved_item = std::mem::replace(&mut self.cur_item, idx as u32);
                    let member = v.name.rsplit("::").next().unwrap_or(&v.name);
                    self.var(v, &SmolStr::new(format!("{display}::{member}")));
                    self.cur_item = saved_item;
                }
            }
        }
    }

    /// The `static_assert`s and member functions of item-tree record `layout`, declared with
    /// the specialization (or nested class) `record_override` names.
    fn instance_functions(&mut self, layout: u32) {
        let it = self.it;
        for (idx, item) in it.items.iter().enumerate() {
            match item {
                Item::MemberStaticAssert { record, cond, message } if *record == layout => {
                    let saved_item = std::mem::replace(&mut self.cur_item, idx as u32);
                    self.static_assert(cond, message);
                    self.cur_item = saved_item;
                }
                Item::Function(fi) if fi.method.as_ref().is_some_and(|m| m.record == layout) => {
                    let saved_item = std::mem::replace(&mut self.cur_item, idx as u32);
                    self.function(fi);
                    self.cur_item = saved_item;
                }
                _ => {}
            }
        }
    }

    /// Registers a function template (a declaration, or the definition of one declared before).
    fn fn_template(&mut self, f: &'t FunctionItem, params: &[crate::item_tree::TemplateParamItem]) {
        // `Tup<T...>` where `T` is not a pack (of this template or an enclosing class template).
        let packs: Vec<SmolStr> = params
            .iter()
            .filter(|p| p.pack)
            .filter_map(|p| p.name.clone())
            .chain(
                self.class_env
                    .iter()
                    .filter(|(_, a)| matches!(a, TArg::Pack(_)))
                    .map(|(n, _)| n.clone()),
            )
            .collect();
        if f.params
            .iter()
            .map(|p| &p.ty)
            .chain(std::iter::once(&f.ret))
            .any(|t| expansion_without_pack(t, &packs))
        {
            self.error(
                "pack-expansion",
                "pack expansion does not make use of any argument packs".into(),
            );
        }
        let mut class = None;
        let mut name = f.name.clone();
        if let Some(m) = f.method.as_ref().filter(|m| self.is_template_record(m.record)) {
            // A member template of a class template (or of a specialization): declared with
            // each specialization, named with it (`Box<float>::get`).
            match &self.record_override {
                Some((layout, rid, mangle, display)) if *layout == m.record => {
                    let member = f.name.rsplit("::").next().unwrap_or(&f.name);
                    name = SmolStr::new(format!("{display}::{member}"));
                    class = Some((*rid, mangle.clone(), self.class_env.clone()));
                }
                _ => return,
            }
        }
        if let Some(defs) = self.dm.values.get(&name).cloned() {
            for d in &defs {
                if let ValueDef::Template(t) = d {
                    let tm = &self.dm.templates[*t as usize];
                    // The same template (a redeclaration or the definition of a declaration):
                    // the same template parameters and parameter types as written. Otherwise it
                    // is an overload.
                    let same = tm.params == params
                        && tm.class.as_ref().map(|c| c.0) == class.as_ref().map(|c| c.0)
                        && tm.decl.params.len() == f.params.len()
                        && tm.decl.params.iter().zip(&f.params).all(|(a, b)| a.ty == b.ty)
                        && tm.decl.ret == f.ret
                        && tm.decl.method.is_some() == f.method.is_some();
                    if same {
                        if f.has_body {
                            if tm.body_index.is_some() {
                                self.error(
                                    "redefinition",
                                    format!("function template \"{name}\" has already been defined"),
                                );
                                return;
                            }
                            let item = self.cur_item;
                            let tm = &mut self.dm.templates[*t as usize];
                            tm.body_index = f.body_index;
                            tm.decl = f.clone();
                            tm.item = item;
                            tm.params = params.to_vec();
                        }
                        return;
                    }
                }
            }
            if defs
                .iter()
                .any(|d| !matches!(d, ValueDef::Function(_) | ValueDef::Template(_)))
            {
                self.error(
                    "redeclaration",
                    format!("\"{name}\" has already been declared in the current scope"),
                );
                return;
            }
        }
        let idx = self.dm.templates.len() as u32;
        self.dm.templates.push(FnTemplate {
            name: name.clone(),
            params: params.to_vec(),
            decl: f.clone(),
            item: self.cur_item,
            body_index: if f.has_body { f.body_index } else { None },
            class,
        });
        self.dm
            .values
            .entry(name.clone())
            .or_default()
            .push(ValueDef::Template(idx));
        self.dm.declared_at.entry(name).or_insert(self.cur_item);
    }

    /// `template __global__ void k<float, 4>(...);`
    fn explicit_instantiation(&mut self, f: &'t FunctionItem, args: &'t [TemplateArgRef]) {
        let name = &f.name;
        let template = self.dm.values.get(name).and_then(|defs| {
            defs.iter().find_map(|d| match d {
                ValueDef::Template(t) => Some(*t),
                _ => None,
            })
        });
        let Some(t) = template else {
            self.error("not-a-template", format!("\"{name}\" is not a function template"));
            return;
        };
        let item = self.dm.templates[t as usize].item;
        let params: &'t [crate::item_tree::TemplateParamItem] = match self.it.items.get(item as usize) {
            Some(Item::Function(FunctionItem {
                template: Some(TemplateHead::Params(ps)),
                ..
            })) => ps,
            _ => &[],
        };
        if args.len() < params.iter().filter(|p| !has_default(p) && !p.pack).count() {
            self.error(
                "unsupported",
                "unsupported: explicit instantiation with deduced template arguments".into(),
            );
            return;
        }
        let mut out = Vec::new();
        let mut pack = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let Some(p) = params.get(i).or_else(|| params.last().filter(|p| p.pack)) else {
                self.error(
                    "template-args",
                    format!("too many arguments for function template \"{name}\""),
                );
                return;
            };
            match self.resolve_targ_at(a, params, i, &out) {
                Some(x) if p.pack => pack.push(x),
                Some(x) => out.push(x),
                None => return,
            }
        }
        if params.last().is_some_and(|p| p.pack) && out.len() + 1 == params.len() {
            out.push(TArg::Pack(pack));
        }
        if let Some(f) = self.instantiate(t, out) {
            if !self.dm.explicit_instances.contains(&f) {
                self.dm.explicit_instances.push(f);
            }
        }
    }

    /// `template <> R f<A...>(P...) { body }` (arguments written or deduced from the parameter
    /// types): the instance `f<A...>` declared as the template would declare it (same symbol), with
    /// this definition's body.
    fn explicit_specialization(&mut self, f: &'t FunctionItem, written: &'t [TemplateArgRef]) {
        let name = &f.name;
        if f.method.is_some() {
            self.error(
                "unsupported",
                "unsupported: explicit specializations of member function templates".into(),
            );
            return;
        }
        let templates: Vec<u32> = self
            .dm
            .values
            .get(name)
            .map(|defs| {
                defs.iter()
                    .filter_map(|d| if let ValueDef::Template(t) = d { Some(*t) } else { None })
                    .collect()
            })
            .unwrap_or_default();
        if templates.is_empty() {
            self.error("not-a-template", format!("\"{name}\" is not a function template"));
            return;
        }
        // The specialization's own parameter types.
        let own: Vec<Ty> = f.params.iter().map(|p| adjust_param(self.resolve(&p.ty).0)).collect();
        if own.iter().any(|t| t.is_error()) {
            return;
        }
        let (own_ret, _) = self.resolve(&f.ret);
        for t in templates {
            let tm = self.dm.templates[t as usize].clone();
            let Some(Item::Function(fi)) = self.it.items.get(tm.item as usize) else {
                continue;
            };
            let params: &'t [crate::item_tree::TemplateParamItem] = match &fi.template {
                Some(TemplateHead::Params(ps)) => ps,
                _ => continue,
            };
            if fi.params.len() != f.params.len() || params.iter().any(|p| p.pack) {
                continue;
            }
            let names: Vec<Option<SmolStr>> = params.iter().map(|p| p.name.clone()).collect();
            let mut bound: Vec<Option<TArg>> = vec![None; params.len()];
            let mut ok = written.len() <= params.len();
            for (i, a) in written.iter().enumerate().take(params.len()) {
                let earlier: Vec<TArg> = bound[..i].iter().map_while(Clone::clone).collect();
                match self.resolve_targ_at(a, params, i, &earlier) {
                    Some(x) => bound[i] = Some(x),
                    None => ok = false,
                }
            }
            // Deduce the rest from the parameter types as written in the template.
            for (pat, ty) in fi.params.iter().zip(&own) {
                if ok && mentions_param(&pat.ty, &names) {
                    let pty = match &ty.kind {
                        TyKind::Reference(_) => ty.clone(),
                        _ => ty.unqualified(),
                    };
                    ok &= self.match_ty(&pat.ty, &pty, &names, &mut bound)
                        || self.match_ty(&pat.ty, ty, &names, &mut bound);
                }
            }
            if !ok {
                continue;
            }
            let args: Vec<TArg> = bound
                .iter()
                .take_while(|b| b.is_some())
                .map(|b| b.clone().expect("bound"))
                .collect();
            if self.dm.instances.contains_key(&(t, args.clone())) {
                let msg = format!("explicit specialization of function \"{name}\" must precede its first use");
                self.error("late-specialization", msg);
                return;
            }
            let Some(id) = self.instantiate(t, args) else { return };
            let decl = &self.dm.functions[id.0 as usize];
            let same = decl.sig.params.len() == own.len()
                && decl
                    .sig
                    .params
                    .iter()
                    .zip(&own)
                    .all(|(a, b)| types::same_unqual(a, b) || a == b)
                && (types::same_unqual(&decl.sig.ret, &own_ret) || own_ret.is_error());
            if !same {
                continue;
            }
            let item = self.cur_item;
            let a = &f.attrs;
            let d = &mut self.dm.functions[id.0 as usize];
            d.item = item;
            d.body_index = f.body_index;
            d.inline = inline_hint(a, InlineHint::Inline);
            return;
        }
        let msg = format!("no instance of function template \"{name}\" matches the specified type");
        self.error("bad-specialization", msg);
    }

    /// Written template argument `i` of `params`, the earlier ones resolved to `earlier`.
    fn resolve_targ_at(
        &mut self,
        a: &'t TemplateArgRef,
        params: &'t [crate::item_tree::TemplateParamItem],
        i: usize,
        earlier: &[TArg],
    ) -> Option<TArg> {
        let p = params.get(i).or_else(|| params.last())?;
        let prefix = params
            .iter()
            .zip(earlier)
            .filter_map(|(p, a)| Some((p.name.clone()?, a.clone())))
            .collect();
        let saved = std::mem::replace(&mut self.targ_prefix, prefix);
        let r = self.resolve_targ(a, p);
        self.targ_prefix = saved;
        r
    }

    /// One written template argument for a parameter of kind `kind`.
    fn resolve_targ(&mut self, a: &'t TemplateArgRef, p: &'t crate::item_tree::TemplateParamItem) -> Option<TArg> {
        let pname = p.name.clone().unwrap_or_default();
        match (a, &p.kind) {
            (TemplateArgRef::Type(tr), TemplateParamKind::Type { .. }) => {
                let (ty, mangle) = self.resolve(tr);
                (!ty.is_error()).then_some(TArg::Type { ty, mangle })
            }
            (TemplateArgRef::Value(ce), TemplateParamKind::Type { .. }) if is_value_as_type(ce) => {
                let (ty, mangle) = types::resolve_value_as_type(self, ce)?;
                (!ty.is_error()).then_some(TArg::Type { ty, mangle })
            }
            (TemplateArgRef::Value(ce), TemplateParamKind::Value { ty, .. }) => self.value_targ(ce, ty),
            (TemplateArgRef::Type(tr), TemplateParamKind::Template { params, .. }) => {
                match self.template_targ(tr, params, &pname) {
                    Ok(t) => Some(t),
                    Err(msg) => {
                        self.error("template-args", msg);
                        None
                    }
                }
            }
            (TemplateArgRef::Value(ce), TemplateParamKind::Template { params, .. })
                if matches!(ce.exprs.get(ce.root.0 as usize), Some(crate::body::Expr::Name(_))) =>
            {
                let Some(crate::body::Expr::Name(n)) = ce.exprs.get(ce.root.0 as usize) else {
                    return None;
                };
                match self.template_targ(&TypeRef::Named(n.clone()), params, &pname) {
                    Ok(t) => Some(t),
                    Err(msg) => {
                        self.error("template-args", msg);
                        None
                    }
                }
            }
            (TemplateArgRef::Type(TypeRef::Template { name, args }), TemplateParamKind::Value { ty: pty, .. })
                if self.var_template_name(name).is_some() =>
            {
                let name = &self.var_template_name(name).unwrap_or_else(|| name.clone());
                // `enable_if_t<is_x_v<T>, T>`: a variable template parsed as a type.
                let mut v = None;
                for round in 0..8 {
                    let (r, diags, requests) = {
                        let mut ck = Checker::new(&self.dm, self.options, &[], &[]);
                        ck.at_override = Some(DiagAt::Function);
                        ck.template_env = self
                            .class_env
                            .iter()
                            .chain(&self.template_env)
                            .chain(&self.alias_env)
                            .cloned()
                            .collect();
                        ck.scope = self.scope.clone();
                        ck.spec_scopes = self.spec_scopes();
                        let r = ck.var_template_ref(name, args).flatten();
                        (r, ck.diags, std::mem::take(&mut ck.record_requests))
                    };
                    if requests.is_empty() || round == 7 || !self.instantiate_requests(requests) {
                        self.push_body_diags(diags);
                        v = r;
                        break;
                    }
                }
                let v = v?;
                let (ty, mangle) = self.resolve(pty);
                let v = match types::int_kind(&ty) {
                    Some(k) => types::normalize_int(v, k),
                    None => v,
                };
                Some(TArg::Value { value: v, ty, mangle })
            }
            _ => {
                self.error(
                    "template-args",
                    "template argument does not match the kind of its template parameter".into(),
                );
                None
            }
        }
    }

    /// A template parameter's default argument (`None` without one), resolved in the current
    /// environment.
    fn default_targ(&mut self, p: &'t crate::item_tree::TemplateParamItem) -> Option<TArg> {
        let pname = p.name.clone().unwrap_or_default();
        match &p.kind {
            TemplateParamKind::Type { default: Some(d) } => {
                let (ty, mangle) = self.resolve(d);
                Some(TArg::Type { ty, mangle })
            }
            TemplateParamKind::Value { ty, default: Some(ce) } => self.value_targ(ce, ty),
            TemplateParamKind::Template {
                params,
                default: Some(d),
            } => match self.template_targ(d, params, &pname) {
                Ok(t) => Some(t),
                Err(msg) => {
                    self.error("template-args", msg);
                    None
                }
            },
            _ => None,
        }
    }

    /// The class template bound to template parameter `name` (a template template parameter)
    /// in the current environments.
    fn bound_template(&self, name: &str) -> Option<SmolStr> {
        self.alias_env
            .iter()
            .rev()
            .chain(self.template_env.iter().rev())
            .chain(self.class_env.iter().rev())
            .find_map(|(n, a)| match a {
                TArg::Template(q) if n == name => Some(q.clone()),
                _ => None,
            })
    }

    /// A template template argument written as `tr` for a parameter with parameters `pparams`.
    fn template_targ(
        &mut self,
        tr: &TypeRef,
        pparams: &[crate::item_tree::TemplateParamItem],
        pname: &str,
    ) -> Result<TArg, String> {
        let Some(name) = template_arg_name(tr) else {
            return Err("expected a class template".into());
        };
        if let Some(q) = self.bound_template(name) {
            return Ok(TArg::Template(q));
        }
        let Some(t) = self.dm.record_templates.get_index_of(name) else {
            if self.dm.tags.contains_key(name) || self.dm.typedefs.contains_key(name) {
                return Err(format!("class \"{name}\" is not a class template"));
            }
            if self.dm.alias_templates.contains_key(name) {
                return Err(format!(
                    "unsupported: alias template \"{name}\" as a template template argument"
                ));
            }
            return Err(format!("\"{name}\" is not a class template"));
        };
        let record = self.dm.record_templates[t].record;
        let tparams = self
            .it
            .records
            .get(record as usize)
            .and_then(|r| r.template.as_deref())
            .unwrap_or(&[]);
        if !template_params_compatible(pparams, tparams) {
            return Err(format!(
                "class template \"{name}\" is not compatible with template template parameter \"{pname}\""
            ));
        }
        Ok(TArg::Template(name.clone()))
    }

    /// Binds `params` to `args` in the class environment (`class`) or the function template
    /// environment, appending default arguments for the missing trailing ones (evaluated with
    /// the earlier parameters bound). False when a parameter has neither.
    fn bind_template_args(
        &mut self,
        params: &'t [crate::item_tree::TemplateParamItem],
        args: &mut Vec<TArg>,
        class: bool,
    ) -> bool {
        for (i, p) in params.iter().enumerate() {
            if i >= args.len() && p.pack {
                // An empty template parameter pack.
                args.push(TArg::Pack(Vec::new()));
            }
            if i >= args.len() {
                match self.default_targ(p) {
                    Some(d) => args.push(d),
                    None => return false,
                }
            }
            let env = if class {
                &mut self.class_env
            } else {
                &mut self.template_env
            };
            env.push((p.name.clone().unwrap_or_default(), args[i].clone()));
        }
        true
    }

    /// The length of the template parameter pack a function parameter pack's pattern names.
    fn pack_len_of(&self, t: &TypeRef) -> Option<usize> {
        let mut t = t;
        loop {
            match t {
                TypeRef::Named(n) => {
                    return self.template_env.iter().rev().find_map(|(x, a)| match a {
                        TArg::Pack(v) if x == n => Some(v.len()),
                        _ => None,
                    })
                }
                TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) => t = i,
                _ => return None,
            }
        }
    }

    /// The length of the parameter pack a pack expansion's pattern names (function, class or
    /// alias template parameters).
    fn pattern_pack_len(&self, t: &TypeRef) -> Option<usize> {
        let mut names = Vec::new();
        names_in(t, &mut names);
        names.iter().find_map(|n| {
            self.alias_env
                .iter()
                .rev()
                .chain(self.template_env.iter().rev())
                .chain(self.class_env.iter().rev())
                .find(|(x, _)| x == n)
                .and_then(|(_, a)| if let TArg::Pack(v) = a { Some(v.len()) } else { None })
        })
    }

    /// The values of a non-type template argument pack expansion (see
    /// `Checker::expand_value_pack`).
    fn value_pack(&mut self, ce: &'t ConstExpr) -> Result<Vec<(i128, crate::ty::IntKind)>, String> {
        let mut ck = Checker::new(&self.dm, self.options, &ce.exprs, &ce.types);
        ck.at_override = Some(DiagAt::Function);
        ck.template_env = self
            .class_env
            .iter()
            .chain(&self.template_env)
            .chain(&self.alias_env)
            .cloned()
            .collect();
        ck.scope = self.scope.clone();
        ck.spec_scopes = self.spec_scopes();
        let r = ck.expand_value_pack(ce);
        if r.is_ok() && ck.diags.iter().any(|d| d.severity == Severity::Error) {
            return Err("invalid template argument".to_string());
        }
        r
    }

    fn value_targ(&mut self, ce: &'t ConstExpr, pty: &'t TypeRef) -> Option<TArg> {
        let (v, kind) = self.ice_kind(ce)?;
        Some(self.value_targ_of(v, kind, pty))
    }

    fn value_targ_of(&mut self, v: i128, kind: crate::ty::IntKind, pty: &'t TypeRef) -> TArg {
        if is_auto_param(pty) {
            // `template <auto N>`: the parameter has the argument's type.
            let ty = Ty::int(kind);
            let mangle = MangleTy::from_ty(&ty, &self.dm.records);
            return TArg::Value {
                value: types::normalize_int(v, kind),
                ty,
                mangle,
            };
        }
        // The parameter's type may name earlier parameters of its template (only the type: the
        // argument itself is an expression of the context that writes it).
        let n = self.alias_env.len();
        let prefix = std::mem::take(&mut self.targ_prefix);
        self.alias_env.extend(prefix.iter().cloned());
        let (ty, mangle) = self.resolve(pty);
        self.alias_env.truncate(n);
        self.targ_prefix = prefix;
        let v = match types::int_kind(&ty) {
            Some(k) => types::normalize_int(v, k),
            None => v,
        };
        TArg::Value { value: v, ty, mangle }
    }

    /// The instance of template `t` for `args` (defaults appended), creating its declaration:
    /// the template's signature resolved with its parameters bound, mangled as nvcc does.
    fn instantiate(&mut self, t: u32, mut args: Vec<TArg>) -> Option<FnId> {
        let tm = self.dm.templates.get(t as usize)?.clone();
        if flatten_targs(&args).len() > MAX_INSTANCE_ARGS {
            if !self.depth_reported {
                self.depth_reported = true;
                self.error(
                    "template-recursion",
                    format!(
                        "excessive recursion at instantiation of function template \"{}\"",
                        tm.name
                    ),
                );
            }
            return None;
        }
        let Some(Item::Function(fi)) = self.it.items.get(tm.item as usize) else {
            return None;
        };
        if tm
            .params
            .iter()
            .enumerate()
            .any(|(i, p)| p.pack && i + 1 != tm.params.len())
        {
            self.error(
                "unsupported",
                format!(
                    "unsupported: a template parameter pack of \"{}\" that is not its last parameter",
                    tm.name
                ),
            );
            return None;
        }
        if args.len() > tm.params.len() {
            self.error(
                "template-args",
                format!("too many arguments for function template \"{}\"", tm.name),
            );
            return None;
        }
        let saved_env = std::mem::take(&mut self.template_env);
        let saved_class = std::mem::replace(
            &mut self.class_env,
            tm.class.as_ref().map(|c| c.2.clone()).unwrap_or_default(),
        );
        let saved_item = std::mem::replace(&mut self.cur_item, tm.item);
        let saved_alias = std::mem::take(&mut self.alias_env);
        let saved_prefix = std::mem::take(&mut self.targ_prefix);
        let params_t: &'t [crate::item_tree::TemplateParamItem] = match &fi.template {
            Some(TemplateHead::Params(ps)) => ps,
            _ => &[],
        };
        let ok = params_t.len() == tm.params.len() && self.bind_template_args(params_t, &mut args, false);
        let result = if !ok {
            self.error(
                "template-args",
                format!("too few arguments for function template \"{}\"", tm.name),
            );
            None
        } else if let Some(&id) = self.dm.instances.get(&(t, args.clone())) {
            Some(id)
        } else {
            Some(self.instance_decl(t, &tm, fi, args))
        };
        self.template_env = saved_env;
        self.class_env = saved_class;
        self.alias_env = saved_alias;
        self.targ_prefix = saved_prefix;
        self.cur_item = saved_item;
        result
    }

    /// Resolves a function's return type, with its parameters visible to `decltype`.
    fn resolve_ret(&mut self, f: &'t FunctionItem) -> (Ty, MangleTy) {
        if types::is_deduced_ret(&f.ret) {
            // `auto f(...)`: the type comes from the body (`Builder::deduced_ret`); an instance
            // mangles it as `Da`.
            return (Ty::error(), MangleTy::Builtin("Da"));
        }
        if !types::mentions_decltype(&f.ret) {
            return self.resolve(&f.ret);
        }
        let mut params = Vec::new();
        for p in &f.params {
            let (t, _) = self.resolve(&p.ty);
            if let Some(n) = &p.name {
                params.push((n.clone(), adjust_param(t)));
            }
        }
        let saved = std::mem::replace(&mut self.decl_params, params);
        let r = self.resolve(&f.ret);
        self.decl_params = saved;
        r
    }

    /// The return type of a function declared `auto f(...)` once its body gave it (`Some`), or
    /// `None` while it is not deduced yet (the declaration then has `deduce_ret`).
    fn deduced_ret(&self, f: &FunctionItem, link_name: &str) -> Option<Option<Ty>> {
        types::is_deduced_ret(&f.ret).then(|| self.fn_rets.get(link_name).cloned())
    }

    fn instance_decl(&mut self, t: u32, tm: &FnTemplate, fi: &'t FunctionItem, args: Vec<TArg>) -> FnId {
        let (ret, ret_m) = self.resolve_ret(fi);
        let mut params = Vec::new();
        let mut mparams = Vec::new();
        for p in &fi.params {
            if p.pack {
                // A function parameter pack: one parameter per element, mangled as written
                // (`Dp T0_`).
                let n = self.pack_len_of(&p.ty);
                let Some(n) = n else {
                    self.error(
                        "unsupported",
                        "unsupported: a function parameter pack whose pattern names no template parameter pack".into(),
                    );
                    continue;
                };
                let saved = self.pack_index;
                let mut pm = None;
                for i in 0..n.max(1) {
                    self.pack_index = (n > 0).then_some(i);
                    let (ty, m) = self.resolve(&p.ty);
                    if n > 0 {
                        params.push(adjust_param(ty));
                    }
                    pm.get_or_insert(m);
                }
                self.pack_index = saved;
                if let Some(m) = pm {
                    mparams.push(MangleTy::PackExpansion(Box::new(adjust_param_mangle(m))));
                }
                continue;
            }
            let (ty, m) = self.resolve(&p.ty);
            params.push(adjust_param(ty));
            mparams.push(adjust_param_mangle(m));
        }
        // A member function template: `this` first.
        let method = fi.method.as_ref().map(|m| {
            let record = match &tm.class {
                Some((rid, ..)) => *rid,
                None => self.record_for(m.record as usize),
            };
            MethodDecl {
                record,
                kind: m.kind,
                is_const: m.is_const,
                is_static: m.is_static,
                explicit: fi.attrs.explicit,
            }
        });
        if let Some(m) = method.as_ref().filter(|m| m.has_this()) {
            let q = if m.is_const {
                crate::body::Quals::CONST
            } else {
                crate::body::Quals::empty()
            };
            params.insert(0, Ty::ptr(Ty::new(TyKind::Record(m.record)).with_quals(q)));
        }
        let a = &fi.attrs;
        if a.global && !ret.is_void() && !ret.is_error() {
            self.error(
                "global-return-type",
                "a __global__ function must have a void return type".into(),
            );
        }
        let space = self.space(a, &tm.name);
        // Function templates are inline (linkonce) like inline functions.
        let inline = inline_hint(a, InlineHint::Inline);
        let margs: Vec<MangleTArg> = args.iter().map(mangle_targ).collect();
        let is_const = method.as_ref().is_some_and(|m| m.is_const);
        let link_name: SmolStr = match &tm.class {
            Some((_, scope, _)) => {
                let member = tm.name.rsplit("::").next().unwrap_or(&tm.name);
                crate::mangle::mangle_member_template_of_specialization(
                    scope,
                    member,
                    &margs,
                    &ret_m,
                    &mparams,
                    fi.variadic,
                    is_const,
                )
                .into()
            }
            None => mangle_template_instance(&tm.name, &margs, &ret_m, &mparams, fi.variadic, is_const).into(),
        };
        let mut defaults = self.default_args(
            fi,
            &params[usize::from(method.as_ref().is_some_and(|m| m.has_this()))..],
        );
        if method.as_ref().is_some_and(|m| m.has_this()) && !defaults.is_empty() {
            defaults.insert(0, None);
        }
        let launch_bounds = self.launch_bounds(fi);
        let cluster_dims = self.cluster_dims(fi);
        let (ret, deduce_ret) = match self.deduced_ret(fi, &link_name) {
            Some(Some(t)) => (t, false),
            Some(None) => (Ty::error(), true),
            None => (ret, false),
        };
        let id = FnId(self.dm.functions.len() as u32);
        let key = (t, args);
        self.dm.functions.push(FnDecl {
            declared_inline: a.inline,
            defaulted: false,
            deleted: a.deleted,
            name: tm.name.clone(),
            link_name: link_name.clone(),
            sig: FnSig {
                ret: if ret.is_reference() {
                    ret.clone()
                } else {
                    ret.unqualified()
                },
                params,
                variadic: fi.variadic,
            },
            space,
            inline,
            is_static: a.is_static,
            extern_c: false,
            launch_bounds,
            cluster_dims,
            kind: FnKind::Normal,
            item: tm.item,
            body_index: tm.body_index,
            defaults,
            is_constexpr: a.is_constexpr,
            method,
            instance: Some(key.clone()),
            env: self.class_env.iter().chain(&self.template_env).cloned().collect(),
            lambda: None,
            deduce_ret,
        });
        self.fn_by_link.insert(link_name, id);
        self.dm.instances.insert(key, id);
        id
    }

    fn function(&mut self, f: &'t FunctionItem) {
        match &f.template {
            Some(TemplateHead::Params(ps)) => return self.fn_template(f, ps),
            Some(TemplateHead::Instantiation(args)) => return self.explicit_instantiation(f, args),
            Some(TemplateHead::Specialization(args)) => return self.explicit_specialization(f, args),
            None => {}
        }
        let override_here = match (&f.method, &self.record_override) {
            (Some(m), Some((r, ..))) => m.record == *r,
            _ => false,
        };
        if !override_here && f.method.as_ref().is_some_and(|m| self.is_template_record(m.record)) {
            // A member of a class template (or of an explicit specialization): declared with
            // its specialization.
            return;
        }
        let (ret, ret_m) = self.resolve_ret(f);
        let a = &f.attrs;
        if a.global && !ret.is_void() && !ret.is_error() {
            self.error(
                "global-return-type",
                "a __global__ function must have a void return type".into(),
            );
        }
        if matches!(ret.kind, TyKind::Array(..) | TyKind::Function(_)) {
            self.error(
                "invalid-type",
                "function returning an array or a function is not allowed".into(),
            );
        }
        let mut params = Vec::new();
        let mut mparams = Vec::new();
        let method = f.method.as_ref().map(|m| {
            let record = match &self.record_override {
                Some((r, rid, ..)) if *r == m.record => *rid,
                _ => self.record_for(m.record as usize),
            };
            MethodDecl {
                record,
                kind: m.kind,
                is_const: m.is_const,
                is_static: m.is_static,
                explicit: f.attrs.explicit,
            }
        });
        let spec_name: Option<(SmolStr, MangleTy)> = match (&self.record_override, override_here) {
            (Some((_, _, m, display)), true) => {
                let member = f.name.rsplit("::").next().unwrap_or(&f.name);
                Some((SmolStr::new(format!("{display}::{member}")), m.clone()))
            }
            _ => None,
        };
        let only_void = f.params.len() == 1
            && f.params[0].name.is_none()
            && matches!(f.params[0].ty, TypeRef::Builtin(crate::body::BuiltinType::Void));
        if !only_void {
            for p in &f.params {
                let (t, m) = self.resolve(&p.ty);
                if t.is_void() {
                    self.error("invalid-type", "incomplete type \"void\" is not allowed".into());
                }
                params.push(adjust_param(t));
                mparams.push(adjust_param_mangle(m));
            }
        }
        let space = self.space(a, &f.name);
        if a.defaulted {
            // `= default`: a copy/move constructor, copy assignment or destructor is the
            // implicit one (as if not declared: member-wise copies, members' destructors); a
            // default constructor constructs bases and members (`Checker::construct_at`).
            // (`params` are the written parameters; `this` comes later.)
            let own = params.len();
            let rid = method.as_ref().map(|m| m.record);
            let kind = method.as_ref().map(|m| m.kind);
            let is_operator_assign = f.name.rsplit("::").next() == Some("operator=");
            let copy_like = own == 1 && params.last().is_some_and(|p| matches!(&p.kind, TyKind::Reference(r) if Some(r.unqualified().kind.clone()) == rid.map(TyKind::Record)));
            match kind {
                Some(crate::item_tree::MethodKind::Destructor) => return,
                Some(crate::item_tree::MethodKind::Constructor) if copy_like => return,
                Some(crate::item_tree::MethodKind::Constructor) if own == 0 => {}
                Some(crate::item_tree::MethodKind::Normal) if is_operator_assign && copy_like => return,
                _ => {
                    self.error("unsupported", "unsupported: `= default` on this function".into());
                    return;
                }
            }
        }
        // Implicitly defined special members are `__host__ __device__` in CUDA.
        let space = if a.defaulted { ExecSpace::HostDevice } else { space };
        let name = spec_name.as_ref().map_or(&f.name, |(n, _)| n);
        let kind = if f.has_body {
            FnKind::Normal
        } else if name.starts_with("__nv_") && !name.starts_with("__nv_atomic_") {
            FnKind::Libdevice
        } else if name.starts_with("__nv_atomic_")
            || name.starts_with("__nvvm_")
            || name.starts_with("__warpc_")
            || ["__hmma_", "__imma_", "__bmma_", "__dmma_", "__mma_"]
                .iter()
                .any(|p| name.starts_with(p))
            || name == "printf"
            || name == "vprintf"
        {
            FnKind::Builtin
        } else {
            FnKind::Normal
        };
        // Builtins and libdevice functions are callable from device code however declared.
        let space = if kind != FnKind::Normal && space == ExecSpace::Host {
            ExecSpace::HostDevice
        } else {
            space
        };
        let inline = inline_hint(a, if a.inline { InlineHint::Inline } else { InlineHint::None });
        let launch_bounds = self.launch_bounds(f);
        let cluster_dims = self.cluster_dims(f);
        // A redeclaration of an `extern "C"` function keeps its C linkage.
        let inherits_c = !a.extern_c
            && self.dm.values.get(name).is_some_and(|defs| {
                defs.iter().any(|d| match d {
                    ValueDef::Function(g) => {
                        let g = &self.dm.functions[g.0 as usize];
                        g.extern_c
                            && g.sig.params.len() == params.len()
                            && g.sig.params.iter().zip(&params).all(|(x, y)| types::same_unqual(x, y))
                    }
                    _ => false,
                })
            });
        let extern_c = a.extern_c || inherits_c;
        let link_name: SmolStr = if extern_c {
            name.clone()
        } else if let (Some(m), Some((_, scope))) = (&method, &spec_name) {
            let member = f.name.rsplit("::").next().unwrap_or(&f.name);
            crate::mangle::mangle_member_of_specialization(
                scope,
                member,
                &mparams,
                f.variadic,
                m.is_const,
                m.kind,
                Some(&ret_m),
            )
            .into()
        } else if let Some(m) = &method {
            crate::mangle::mangle_method_conv(name, &mparams, f.variadic, m.is_const, m.kind, Some(&ret_m)).into()
        } else {
            mangle_function(name, &mparams, f.variadic).into()
        };
        let (ret, deduce_ret) = match self.deduced_ret(f, &link_name) {
            Some(Some(t)) => (t, false),
            Some(None) => (Ty::error(), true),
            None => (ret, false),
        };
        let mut defaults = self.default_args(f, &params);
        if let Some(m) = method.as_ref().filter(|m| m.has_this()) {
            // The implicit object parameter comes first.
            let this_q = if m.is_const {
                crate::body::Quals::CONST
            } else {
                crate::body::Quals::empty()
            };
            params.insert(0, Ty::ptr(Ty::new(TyKind::Record(m.record)).with_quals(this_q)));
            if !defaults.is_empty() {
                defaults.insert(0, None);
            }
        }
        let sig = FnSig {
            ret: if ret.is_reference() {
                ret.clone()
            } else {
                ret.unqualified()
            },
            params,
            variadic: f.variadic,
        };
        let item = self.cur_item;
        if let Some(&id) = self.fn_by_link.get(&link_name) {
            let old = self.dm.functions[id.0 as usize].clone();
            if !types::same_unqual(&old.sig.ret, &sig.ret) && !old.sig.ret.is_error() && !sig.ret.is_error() {
                self.error(
                    "redeclaration",
                    format!("declaration is incompatible with previous \"{name}\""),
                );
                return;
            }
            let old_has_body = old.body_index.is_some();
            if f.has_body && old_has_body {
                self.error("redefinition", format!("function \"{name}\" has already been defined"));
                return;
            }
            let d = &mut self.dm.functions[id.0 as usize];
            if !defaults.is_empty() {
                if d.defaults.iter().any(|x| x.is_some()) {
                    self.error("redefinition", "redefinition of default argument".into());
                    return;
                }
                let d = &mut self.dm.functions[id.0 as usize];
                d.defaults = defaults;
            }
            let d = &mut self.dm.functions[id.0 as usize];
            if f.has_body {
                d.sig = sig;
                d.deduce_ret = deduce_ret;
                d.item = item;
                d.body_index = f.body_index;
                d.kind = FnKind::Normal;
                if a.global || a.device || a.host {
                    d.space = space;
                }
            }
            if cluster_dims.is_some() {
                d.cluster_dims = cluster_dims;
            }
            if launch_bounds.is_some() {
                d.launch_bounds = launch_bounds;
            }
            if inline != InlineHint::None {
                d.inline = inline;
            }
            d.is_static |= a.is_static;
            d.is_constexpr |= a.is_constexpr;
            return;
        }
        if let Some(defs) = self.dm.values.get(name) {
            if defs.iter().any(|d| !matches!(d, ValueDef::Function(_))) {
                self.error(
                    "redeclaration",
                    format!("\"{name}\" has already been declared in the current scope"),
                );
                return;
            }
            if extern_c {
                let other_c = defs
                    .iter()
                    .any(|d| matches!(d, ValueDef::Function(g) if self.dm.functions[g.0 as usize].extern_c));
                if other_c {
                    self.error(
                        "redeclaration",
                        format!("more than one instance of overloaded function \"{name}\" has \"C\" linkage"),
                    );
                    return;
                }
            }
        }
        let id = FnId(self.dm.functions.len() as u32);
        self.dm.functions.push(FnDecl {
            declared_inline: a.inline,
            defaulted: a.defaulted,
            deleted: a.deleted,
            name: name.clone(),
            link_name: link_name.clone(),
            sig,
            space,
            inline,
            is_static: a.is_static,
            extern_c,
            launch_bounds,
            cluster_dims,
            kind,
            item,
            body_index: if f.has_body { f.body_index } else { None },
            defaults,
            is_constexpr: a.is_constexpr,
            method,
            instance: None,
            env: self.class_env.iter().chain(&self.template_env).cloned().collect(),
            lambda: None,
            deduce_ret,
        });
        self.fn_by_link.insert(link_name, id);
        self.dm
            .values
            .entry(name.clone())
            .or_default()
            .push(ValueDef::Function(id));
        self.dm.declared_at.entry(name.clone()).or_insert(item);
    }

    /// Evaluates default arguments to constants of their parameter types (empty without any).
    fn default_args(&mut self, f: &'t FunctionItem, params: &[Ty]) -> Vec<Option<ConstValue>> {
        if f.params.iter().all(|p| p.default.is_none()) || params.len() != f.params.len() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut seen = false;
        for (p, ty) in f.params.iter().zip(params) {
            let Some(ce) = &p.default else {
                if seen {
                    self.error(
                        "missing-default",
                        "default argument not at end of parameter list".into(),
                    );
                    return Vec::new();
                }
                out.push(None);
                continue;
            };
            seen = true;
            if ty.is_error() {
                return Vec::new();
            }
            let (c, diags) = {
                let mut ck = Checker::new(&self.dm, self.options, &ce.exprs, &ce.types);
                ck.at_override = Some(DiagAt::Function);
                let v = ck.value(ce.root);
                // A `const T&` parameter's default is a `T` temporary.
                let t = match &ty.kind {
                    TyKind::Reference(r) => r.unqualified(),
                    _ => ty.unqualified(),
                };
                let c = ck.convert(v, &t, super::conv::ConvCtx::Init, ce.root);
                let ok = !ck.diags.iter().any(|d| d.severity == Severity::Error);
                let c = if ok {
                    ck.eval(c).map(|v| v.to_const_value())
                } else {
                    Some(ConstValue::Zero)
                };
                (c, ck.diags)
            };
            self.push_body_diags(diags);
            match c {
                Some(c)
                    if !matches!(c, ConstValue::GlobalAddr(..))
                        && !matches!(ty.kind, TyKind::Record(_))
                        && !matches!(&ty.kind, TyKind::Reference(r) if !r.is_const() || matches!(r.kind, TyKind::Record(_))) =>
                {
                    out.push(Some(c))
                }
                _ => {
                    self.error("unsupported", "unsupported: non-constant default arguments".into());
                    return Vec::new();
                }
            }
        }
        out
    }

    /// `using N::name;`: `name` denotes what `N::name` denotes (values, typedefs, tags) from here.
    fn using_decl(&mut self, name: &SmolStr, target: &SmolStr) {
        // The target is looked up qualified: also through the inline namespaces and directives
        // of the namespaces it names (`using ::cuda::std::thread_scope;` names
        // `cuda::std::__4::thread_scope`).
        let declared = |dm: &DefMap, q: &SmolStr| {
            dm.values.contains_key(q)
                || dm.typedefs.contains_key(q)
                || dm.tags.contains_key(q)
                || dm.enum_names.contains(q)
        };
        if !declared(&self.dm, target) {
            let mut c = vec![target.clone()];
            crate::lookup_through_directives(&mut c, |ns| self.dm.nominated.get(ns).map(Vec::as_slice));
            if let Some(q) = c.into_iter().skip(1).find(|q| declared(&self.dm, q)) {
                return self.using_decl(name, &q);
            }
        }
        let mut found = false;
        if let Some(defs) = self.dm.values.get(target).cloned() {
            let same_sig = |dm: &DefMap, a: FnId, b: FnId| {
                let (x, y) = (&dm.function(a).sig, &dm.function(b).sig);
                x.params == y.params && x.variadic == y.variadic
            };
            for d in defs {
                let entry = self.dm.values.get(name).map(Vec::as_slice).unwrap_or(&[]);
                // A function the namespace already declares with the same parameters hides the
                // one the using-declaration names (`namespace std { float sqrt(float); using
                // ::sqrt; }` with a global `sqrt(float)`, as CUDA's and libstdc++'s headers have).
                let hidden = match d {
                    ValueDef::Function(f) => entry
                        .iter()
                        .any(|e| matches!(e, ValueDef::Function(g) if same_sig(&self.dm, f, *g))),
                    _ => false,
                };
                if !entry.contains(&d) && !hidden {
                    self.dm.values.entry(name.clone()).or_default().push(d);
                }
            }
            self.dm.declared_at.entry(name.clone()).or_insert(self.cur_item);
            found = true;
        }
        if let Some(t) = self.dm.typedefs.get(target).cloned() {
            self.dm.typedefs.insert(name.clone(), t);
            if let Some(m) = self.typedef_mangle.get(target).cloned() {
                self.typedef_mangle.insert(name.clone(), m);
            }
            found = true;
        }
        if let Some(r) = self.dm.tags.get(target).copied() {
            self.dm.tags.entry(name.clone()).or_insert(r);
            found = true;
        }
        // An enumeration (its name stays the target's; lowering resolves the alias).
        found |= self.dm.enum_names.contains(target);
        if !found {
            let (ns, last) = target.rsplit_once("::").unwrap_or(("", target));
            self.error(
                "undefined-identifier",
                format!("namespace \"{ns}\" has no member \"{last}\""),
            );
        }
    }

    fn launch_bounds(&mut self, f: &'t FunctionItem) -> Option<LaunchBounds> {
        let lb = &f.attrs.launch_bounds;
        if lb.is_empty() {
            return None;
        }
        if !f.attrs.global {
            self.warning(
                "launch-bounds-ignored",
                "__launch_bounds__ is only allowed on __global__ functions; ignored".into(),
            );
            return None;
        }
        if lb.len() > 3 {
            self.error(
                "invalid-launch-bounds",
                "too many arguments for __launch_bounds__".into(),
            );
        }
        let mut vals = Vec::new();
        for ce in lb.iter().take(3) {
            let v = self.ice(ce)?;
            if v < 0 || v > u32::MAX as i128 {
                self.error(
                    "invalid-launch-bounds",
                    "__launch_bounds__ argument out of range".into(),
                );
                return None;
            }
            vals.push(v as u32);
        }
        if vals.len() == 3 && self.options.arch.number < warpc_base::sm_gate::CLUSTER_MIN_SM {
            // nvcc's wording (any third argument, 0 included, below sm_90).
            self.error(
                "arch-unsupported",
                "cannot specify max blocks per cluster for this GPU architecture".into(),
            );
            return None;
        }
        Some(LaunchBounds {
            max_threads: vals[0],
            min_blocks: vals.get(1).copied(),
            max_blocks_per_cluster: vals.get(2).copied(),
        })
    }

    /// `__cluster_dims__(x, y, z)`: sm_90 and newer, `__global__` functions only.
    fn cluster_dims(&mut self, f: &'t FunctionItem) -> Option<[u32; 3]> {
        let dims = f.attrs.cluster_dims.as_ref()?;
        if !f.attrs.global {
            self.error(
                "invalid-cluster-dims",
                "__cluster_dims__ is only allowed on a __global__ function".into(),
            );
            return None;
        }
        if self.options.arch.number < warpc_base::sm_gate::CLUSTER_MIN_SM {
            self.error(
                "arch-unsupported",
                "__cluster_dims__ is not supported for this GPU architecture".into(),
            );
            return None;
        }
        if dims.is_empty() {
            return Some([0, 0, 0]);
        }
        let mut out = [1u32; 3];
        for (i, ce) in dims.iter().take(3).enumerate() {
            let v = self.ice(ce)?;
            if !(1..=u32::MAX as i128).contains(&v) {
                self.error(
                    "invalid-cluster-dims",
                    "__cluster_dims__ arguments must be positive integers".into(),
                );
                return None;
            }
            out[i] = v as u32;
        }
        Some(out)
    }

    // ---- variables -----------------------------------------------------------------------------

    fn var(&mut self, v: &'t VarItem, name: &SmolStr) {
        // A variable of namespace `ns` names the other members of `ns` unqualified in its type
        // and initializer (`namespace fir { constexpr int n = 3; __constant__ float c[2 * n]; }`).
        let saved = self.scope.clone();
        if self.scope.is_none() {
            self.scope = name.rsplit_once("::").map(|(ns, _)| SmolStr::new(ns));
        }
        self.var_in_scope(v, name);
        self.scope = saved;
    }

    fn var_in_scope(&mut self, v: &'t VarItem, name: &SmolStr) {
        // `auto` (`constexpr auto k = f();`): the type comes from the initializer, below.
        let is_auto = super::stmt::auto_pattern(&v.ty);
        let (mut ty, _) = if is_auto {
            (Ty::new(TyKind::Void), crate::mangle::MangleTy::Builtin("v"))
        } else {
            self.resolve(&v.ty)
        };
        if is_auto && v.init.is_none() {
            self.error("auto-init", "cannot deduce \"auto\" type (initializer required)".into());
            return;
        }
        if v.member_of.is_some() && v.space != MemorySpace::Default {
            self.error(
                "invalid-member",
                "memory qualifier on data member is not allowed".into(),
            );
            return;
        }
        let is_extern = v.storage == StorageClass::Extern;
        let space = match v.space {
            MemorySpace::Global => VarSpace::Global,
            MemorySpace::Constant => VarSpace::Constant,
            MemorySpace::Shared => {
                if is_extern && matches!(ty.kind, TyKind::Array(_, None)) {
                    VarSpace::ExternShared
                } else {
                    VarSpace::Shared
                }
            }
            // `__managed__` implies `__device__`.
            MemorySpace::Managed => VarSpace::Global,
            // NVRTC's `-default-device`: an unannotated namespace-scope variable is `__device__`.
            MemorySpace::Default if self.options.default_device && v.member_of.is_none() => VarSpace::Global,
            MemorySpace::Default => VarSpace::Host,
        };
        let mut init = None;
        // An initializer the constexpr interpreter evaluates later (it calls functions).
        let mut deferred: Option<(crate::thir::TypedBody, crate::thir::TExprId)> = None;
        if let (Some(gi), false) = (&v.init, ty.is_error()) {
            if matches!(space, VarSpace::Shared | VarSpace::ExternShared) {
                self.error("shared-init", "initializer not allowed for __shared__ variable".into());
            } else {
                let mut round = 0;
                let (r, diags) = loop {
                    // Class template specializations the initializer names (`Fact<N - 1>::v`)
                    // are instantiated and the initializer checked again.
                    let (r, diags, requests, fn_requests, later) = {
                        let mut ck = Checker::new(&self.dm, self.options, &gi.exprs.exprs, &gi.exprs.types);
                        ck.at_override = Some(DiagAt::Function);
                        ck.template_env = self.class_env.iter().chain(&self.template_env).cloned().collect();
                        ck.scope = self.scope.clone();
                        ck.spec_scopes = self.spec_scopes();
                        let deduced = if is_auto {
                            ck.deduced_global_auto(&v.ty, &gi.init, &DiagAt::Function)
                        } else {
                            Some(ty.clone())
                        };
                        let (ti, t) = match &deduced {
                            Some(dt) => ck.initializer(dt, &gi.init, &DiagAt::Function),
                            None => (crate::thir::TInit::Zero, Ty::error()),
                        };
                        let errors = ck.diags.iter().any(|d| d.severity == Severity::Error);
                        let c = if errors { Err(()) } else { ck.tinit_to_const(&ti, &t) };
                        // A scalar initializer that is not a constant expression of the kind
                        // evaluated here (it calls functions, or reads a variable initialized
                        // so): for the constexpr interpreter.
                        // (Objects of class and array type too: the interpreter builds them.)
                        let evaluable = t.is_arithmetic()
                            || matches!(
                                t.kind,
                                TyKind::Pointer(_) | TyKind::Record(_) | TyKind::Array(_, Some(_))
                            );
                        let later = match (&c, &ti) {
                            (Err(()), _) if !errors && evaluable && (t.is_const() || space != VarSpace::Host) => {
                                let mut body = std::mem::take(&mut ck.out);
                                body.callees = ck.callees.iter().copied().collect();
                                let root = match &ti {
                                    crate::thir::TInit::Expr(e) => *e,
                                    _ => {
                                        body.exprs.push(crate::thir::TExpr {
                                            ty: t.clone(),
                                            category: crate::thir::ValueCategory::RValue,
                                            kind: crate::thir::ExprKind::Aggregate(Box::new(ti.clone())),
                                        });
                                        crate::thir::TExprId(body.exprs.len() as u32 - 1)
                                    }
                                };
                                Some((body, root))
                            }
                            _ => None,
                        };
                        (
                            (c, t),
                            ck.diags,
                            std::mem::take(&mut ck.record_requests),
                            std::mem::take(&mut ck.instance_requests),
                            later,
                        )
                    };
                    round += 1;
                    if !fn_requests.is_empty() && v.member_of.is_none() && !self.retry_vars.contains(&self.cur_item) {
                        self.retry_vars.push(self.cur_item);
                    }
                    for r in fn_requests {
                        if !self.dm.init_requests.contains(&r) {
                            self.dm.init_requests.push(r);
                        }
                    }
                    if requests.is_empty() || round == 8 || !self.instantiate_requests(requests) {
                        deferred = later;
                        break (r, diags);
                    }
                };
                self.push_body_diags(diags);
                let (c, t) = r;
                ty = t;
                match c {
                    Ok(c) => init = Some(c),
                    Err(()) if deferred.is_some() => {}
                    Err(()) => {
                        if space != VarSpace::Host
                            && !self
                                .dm
                                .diagnostics
                                .iter()
                                .any(|d| d.item == self.cur_item && d.severity == Severity::Error)
                        {
                            self.error(
                                "not-constant",
                                "dynamic initialization is not supported for __device__, __constant__, __shared__, and __managed__ variables".into(),
                            );
                        }
                    }
                }
            }
        }
        if !ty.is_error() && !is_extern && space != VarSpace::ExternShared && !types::is_complete(&ty, &self.dm.records)
        {
            let msg = format!(
                "incomplete type \"{}\" is not allowed",
                super::display_ty(&ty, &self.dm.records)
            );
            self.error("incomplete-type", msg);
        }
        let name = name.clone();
        let item = self.cur_item;
        let align = self.explicit_align(&v.align);
        if let Some(&g) = self.global_by_name.get(&name) {
            self.dm.globals[g.0 as usize].align = self.dm.globals[g.0 as usize].align.max(align);
            let old = self.dm.globals[g.0 as usize].clone();
            let compatible = types::same_unqual(&old.ty, &ty)
                || matches!((&old.ty.kind, &ty.kind), (TyKind::Array(a, None), TyKind::Array(b, _)) | (TyKind::Array(a, _), TyKind::Array(b, None)) if a == b);
            if !compatible && !old.ty.is_error() && !ty.is_error() {
                self.error(
                    "redeclaration",
                    format!("declaration is incompatible with previous \"{name}\""),
                );
                return;
            }
            if old.init.is_some() && init.is_some() {
                self.error("redefinition", format!("variable \"{name}\" has already been defined"));
                return;
            }
            let d = &mut self.dm.globals[g.0 as usize];
            if !is_extern || init.is_some() {
                d.item = item;
                d.is_extern = false;
                if types::is_complete(&ty, &self.dm.records) || !types::is_complete(&d.ty, &self.dm.records) {
                    d.ty = ty;
                }
                d.space = space;
            }
            d.managed |= v.space == MemorySpace::Managed;
            if init.is_some() {
                d.init = init;
            }
            if let Some((body, root)) = deferred {
                self.dm.deferred_inits.push(crate::def_map::DeferredInit {
                    global: g,
                    item,
                    body,
                    root,
                    is_constexpr: v.is_constexpr,
                });
            }
            return;
        }
        if self.dm.values.contains_key(&name) {
            self.error(
                "redeclaration",
                format!("\"{name}\" has already been declared in the current scope"),
            );
            return;
        }
        let id = GlobalId(self.dm.globals.len() as u32);
        self.dm.globals.push(GlobalDecl {
            name: name.clone(),
            link_name: crate::mangle::mangle_variable(&name).into(),
            ty,
            space,
            init,
            is_static: v.storage == StorageClass::Static,
            is_extern: is_extern && space != VarSpace::ExternShared,
            item,
            align,
            managed: v.space == MemorySpace::Managed,
        });
        if let Some((body, root)) = deferred {
            self.dm.deferred_inits.push(crate::def_map::DeferredInit {
                global: id,
                item,
                body,
                root,
                is_constexpr: v.is_constexpr,
            });
        }
        self.global_by_name.insert(name.clone(), id);
        self.dm.declared_at.entry(name.clone()).or_insert(item);
        self.dm.values.insert(name, vec![ValueDef::Global(id)]);
    }
}

impl<'t> TypeEnv<'t> for Builder<'t> {
    fn records(&self) -> &[RecordDecl] {
        &self.dm.records
    }

    fn value_param(&mut self, e: &'t ConstExpr) -> Option<u32> {
        let Some(crate::body::Expr::Name(n)) = e.exprs.get(e.root.0 as usize) else {
            return None;
        };
        let i = self.template_env.iter().rposition(|(x, _)| x == n)?;
        matches!(self.template_env[i].1, TArg::Value { .. }).then_some(i as u32)
    }

    fn typedef(&mut self, name: &SmolStr) -> Option<(Ty, MangleTy)> {
        if let Some((_, TArg::Type { ty, mangle })) = self.alias_env.iter().rev().find(|(n, _)| n == name) {
            return Some((ty.clone(), mangle.clone()));
        }
        // One element of a class or alias template's parameter pack (`Tup<T...>` expanded).
        let pack_elem = self
            .alias_env
            .iter()
            .rev()
            .chain(self.class_env.iter().rev())
            .find(|(n, _)| n == name)
            .and_then(|(_, a)| match a {
                TArg::Pack(v) => Some(self.pack_index.and_then(|k| v.get(k)).cloned()),
                _ => None,
            });
        if let Some(e) = pack_elem {
            return match e {
                Some(TArg::Type { ty, mangle }) => Some((ty, mangle)),
                _ => Some((Ty::error(), MangleTy::Builtin("v"))),
            };
        }
        if let Some(n) = self.specialization_member_name(name) {
            if let Some(r) = TypeEnv::typedef(self, &n) {
                return Some(r);
            }
        }
        if let Some((first, rest)) = name.split_once("::") {
            // `T::value_type` with `T` a template parameter bound to a class.
            let bound = self
                .alias_env
                .iter()
                .rev()
                .chain(self.template_env.iter().rev())
                .chain(self.class_env.iter().rev())
                .find(|(n, _)| n == first)
                .map(|(_, a)| a.clone());
            if let Some(a) = bound {
                let TArg::Type { ty, .. } = a else { return None };
                let TyKind::Record(rid) = ty.kind else { return None };
                let (t, m) = TypeEnv::member_type(self, rid, &SmolStr::new(rest))?;
                // A function template's signature mangles the name as written (`NT_10value_typeE`).
                let param = if self.alias_env.iter().any(|(n, _)| n == first) {
                    None
                } else {
                    self.template_env.iter().rposition(|(n, _)| n == first)
                };
                let m = match param {
                    Some(i) => MangleTy::DependentName {
                        scope: Box::new(MangleTy::TemplateParam(i as u32)),
                        names: rest.split("::").map(SmolStr::new).collect(),
                    },
                    None => m,
                };
                return Some((t, m));
            }
        }
        if !self.dm.typedefs.contains_key(name) && self.member_typedefs.contains_key(name) {
            self.member_typedef(name);
        }
        if !self.dm.typedefs.contains_key(name) && !self.dm.tags.contains_key(name) {
            if let Some((prefix, last)) = name.rsplit_once("::") {
                // `std::true_type::type`: a member of the class a typedef names.
                if let Some(t) = self.dm.typedefs.get(prefix).cloned() {
                    if let TyKind::Record(rid) = t.kind {
                        return TypeEnv::member_type(self, rid, &SmolStr::new(last));
                    }
                }
            }
        }
        if let Some(i) = self.template_env.iter().rposition(|(n, _)| n == name) {
            if let TArg::Type { ty, .. } = &self.template_env[i].1 {
                return Some((ty.clone(), MangleTy::TemplateParam(i as u32)));
            }
            if let TArg::Pack(v) = &self.template_env[i].1 {
                // One element of a function parameter pack's pattern; without one (an empty
                // pack), a stand-in type for the pattern's mangling.
                let ty = match self.pack_index.and_then(|k| v.get(k)) {
                    Some(TArg::Type { ty, .. }) => ty.clone(),
                    _ => Ty::int(crate::ty::IntKind::Int),
                };
                return Some((ty, MangleTy::TemplateParam(i as u32)));
            }
        }
        if let Some((_, TArg::Type { ty, mangle })) = self.class_env.iter().rev().find(|(n, _)| n == name) {
            return Some((ty.clone(), mangle.clone()));
        }
        let Some(t) = self.dm.typedefs.get(name).cloned() else {
            // C++: a class name is a type name.
            let id = *self.dm.tags.get(name)?;
            let m = self.dm.records[id.0 as usize]
                .mangle
                .clone()
                .unwrap_or_else(|| MangleTy::Named(name.clone()));
            return Some((Ty::new(TyKind::Record(id)), m));
        };
        let m = self
            .typedef_mangle
            .get(name)
            .cloned()
            .unwrap_or_else(|| MangleTy::from_ty(&t, &self.dm.records));
        Some((t, m))
    }

    fn record(&mut self, kind: RecordKind, name: Option<&SmolStr>, def: Option<u32>) -> Result<RecordId, String> {
        // The injected class name: inside a class template specialization being declared, the
        // template's own name (`C`, `const C &` in a member's signature) is the specialization.
        if let Some((layout, id, _, _)) = &self.record_override {
            let tname = self.it.records.get(*layout as usize).and_then(|r| r.name.as_ref());
            if def == Some(*layout) || (def.is_none() && name.is_some() && name == tname) {
                return Ok(*id);
            }
        }
        for (layout, id, _, _) in self.enclosing_overrides.iter().rev() {
            let tname = self.it.records.get(*layout as usize).and_then(|r| r.name.as_ref());
            if def == Some(*layout) || (def.is_none() && name.is_some() && name == tname) {
                return Ok(*id);
            }
        }
        if let Some(ri) = def
            .and_then(|i| self.it.records.get(i as usize))
            .filter(|ri| ri.member_of_template.is_some())
        {
            let n = ri.name.clone().unwrap_or_default();
            return Err(format!(
                "unsupported: class \"{n}\" named outside a specialization of its class template"
            ));
        }
        if let Some(i) = def.filter(|i| (*i as usize) < self.it.records.len()) {
            let id = self.record_for(i as usize);
            self.ensure_record(i as usize);
            return Ok(id);
        }
        match name {
            Some(n) => match self.dm.tags.get(n) {
                Some(id) => Ok(*id),
                None => Ok(self.new_record(Some(n.clone()), kind == RecordKind::Union)),
            },
            None => Err("unsupported: anonymous struct or union without a definition".into()),
        }
    }

    fn enum_name(&mut self, name: Option<&SmolStr>, def: Option<u32>) -> SmolStr {
        if let Some(i) = def {
            self.ensure_enum(i as usize);
            if let Some(Some(n)) = self.enum_names.get(i as usize) {
                return n.clone();
            }
        }
        name.cloned().unwrap_or_else(|| SmolStr::new("$anon"))
    }

    fn array_len(&mut self, e: &'t ConstExpr) -> Option<i128> {
        self.ice(e)
    }

    fn template_record(&mut self, name: &SmolStr, args: &'t [TemplateArgRef]) -> Result<(Ty, MangleTy), String> {
        if let Some(q) = Builder::bound_template(self, name) {
            // `C<int>` with `C` a template template parameter: the bound class template; in a
            // function template's signature mangled as written (`T_IiE`).
            let (ty, m) = TypeEnv::template_record(self, &q, args)?;
            let param = if self.alias_env.iter().any(|(n, _)| n == name) {
                None
            } else {
                self.template_env.iter().rposition(|(n, _)| n == name)
            };
            let m = match (param, m) {
                (Some(i), MangleTy::Template { args, .. }) => MangleTy::ParamTemplate { param: i as u32, args },
                (_, m) => m,
            };
            return Ok((ty, m));
        }
        if let Some(a) = self.dm.alias_templates.get(name) {
            // An alias template: its type with the parameters bound (mangled as that type); a
            // member alias template of a specialization also sees its class's parameters.
            let item = a.item;
            let class_env = a.env.clone();
            let Some(Item::AliasTemplate { params, ty, .. }) = self.it.items.get(item as usize) else {
                return Err(format!("\"{name}\" is not a class template"));
            };
            // A trailing parameter pack (`template <class...> using __void_t = void`) takes the
            // remaining arguments.
            let last_pack = params.last().is_some_and(|p| p.pack);
            let fixed = if last_pack { params.len() - 1 } else { params.len() };
            if (args.len() > params.len() && !last_pack)
                || !params[args.len().min(fixed)..fixed].iter().all(has_default)
            {
                let which = if args.len() > params.len() { "many" } else { "few" };
                return Err(format!("too {which} arguments for alias template \"{name}\""));
            }
            let mut bound = Vec::new();
            let mut pack = Vec::new();
            for (i, a) in args.iter().enumerate() {
                if matches!(a, TemplateArgRef::Type(TypeRef::PackExpansion(_))) {
                    return Err(format!(
                        "unsupported: a pack expansion as an argument of alias template \"{name}\""
                    ));
                }
                let earlier: Vec<TArg> = bound.iter().map(|(_, a): &(SmolStr, TArg)| a.clone()).collect();
                if let (TemplateArgRef::Value(ce), true) = (a, i >= fixed) {
                    if matches!(
                        ce.exprs.get(ce.root.0 as usize),
                        Some(crate::body::Expr::PackExpansion(_))
                    ) {
                        // `index_sequence<I...>`: the elements join the alias's pack.
                        let TemplateParamKind::Value { ty: pty, .. } = &params[fixed].kind else {
                            return Err("invalid template argument".to_string());
                        };
                        for (v, k) in self.value_pack(ce)? {
                            let saved = std::mem::replace(&mut self.targ_prefix, bound.clone());
                            pack.push(self.value_targ_of(v, k, pty));
                            self.targ_prefix = saved;
                        }
                        continue;
                    }
                }
                let targ = self
                    .resolve_targ_at(a, params, i.min(params.len() - 1), &earlier)
                    .ok_or_else(|| "invalid template argument".to_string())?;
                if i >= fixed {
                    pack.push(targ);
                } else {
                    bound.push((params[i].name.clone().unwrap_or_default(), targ));
                }
            }
            // Default arguments (`enable_if_t<B, T = void>`), with the earlier ones bound.
            for p in &params[args.len().min(fixed)..fixed] {
                let saved = std::mem::replace(&mut self.alias_env, class_env.iter().chain(&bound).cloned().collect());
                let d = self
                    .default_targ(p)
                    .filter(|d| !matches!(d, TArg::Type { ty, .. } if ty.is_error()));
                self.alias_env = saved;
                let d = d.ok_or_else(|| "invalid template argument".to_string())?;
                bound.push((p.name.clone().unwrap_or_default(), d));
            }
            if last_pack {
                bound.push((params[fixed].name.clone().unwrap_or_default(), TArg::Pack(pack)));
            }
            if self.depth >= MAX_INSTANTIATION_DEPTH {
                return Err(format!(
                    "excessive recursion at instantiation of alias template \"{name}\""
                ));
            }
            let saved = std::mem::replace(&mut self.alias_env, class_env.into_iter().chain(bound).collect());
            self.depth += 1;
            let r = self.resolve(ty);
            self.depth -= 1;
            self.alias_env = saved;
            return Ok(r);
        }
        let Some(t) = self.dm.record_templates.get_index_of(name) else {
            return Err(format!("\"{name}\" is not a class template"));
        };
        let record = self.dm.record_templates[t].record;
        let params: &'t [crate::item_tree::TemplateParamItem] = self
            .it
            .records
            .get(record as usize)
            .and_then(|r| r.template.as_deref())
            .unwrap_or(&[]);
        let last_pack = params.last().is_some_and(|p| p.pack);
        if args.len() > params.len() && !last_pack {
            return Err(format!("too many arguments for class template \"{name}\""));
        }
        // Inside a function template's signature, arguments may name its parameters: the key
        // uses the arguments' canonical ABI forms, the mangled use keeps the references
        // (`Pair<T_, N>` is `4PairIS0_XT0_EE`).
        let env_mangles: Vec<MangleTy> = self
            .template_env
            .iter()
            .map(|(_, a)| match a {
                TArg::Type { mangle, .. } => mangle.clone(),
                TArg::Value { mangle, .. } => mangle.clone(),
                TArg::Pack(_) => MangleTy::Builtin("v"),
                TArg::Template(q) => MangleTy::Named(SmolStr::new(format!("{q}<template>"))),
            })
            .collect();
        let mut out = Vec::new();
        let mut use_args = Vec::new();
        let mut dependent = false;
        for (i, a) in args.iter().enumerate() {
            if params.get(i).or_else(|| params.last().filter(|p| p.pack)).is_none() {
                break;
            }
            if let TemplateArgRef::Type(TypeRef::PackExpansion(inner)) = a {
                // `Tup<T...>`: the pattern once per element of the pack it names.
                let Some(n) = self.pattern_pack_len(inner) else {
                    return Err("pack expansion does not make use of any argument packs".to_string());
                };
                let saved = self.pack_index;
                self.pack_index = None;
                let (_, pm) = self.resolve(inner);
                let dep = pm.substitute(&env_mangles) != pm;
                for k in 0..n {
                    self.pack_index = Some(k);
                    let (ty, m) = self.resolve(inner);
                    if ty.is_error() {
                        self.pack_index = saved;
                        return Err("invalid template argument".to_string());
                    }
                    if !dep {
                        use_args.push(crate::mangle::MangleTArg::Type(m.clone()));
                    }
                    // The canonical form: pack parameters replaced by this element.
                    let elem_mangles: Vec<MangleTy> = self
                        .template_env
                        .iter()
                        .zip(&env_mangles)
                        .map(|((_, a), m)| match a {
                            TArg::Pack(v) => match v.get(k) {
                                Some(TArg::Type { mangle, .. } | TArg::Value { mangle, .. }) => mangle.clone(),
                                _ => m.clone(),
                            },
                            _ => m.clone(),
                        })
                        .collect();
                    out.push(TArg::Type {
                        ty,
                        mangle: m.substitute(&elem_mangles),
                    });
                }
                self.pack_index = saved;
                if dep {
                    dependent = true;
                    use_args.push(crate::mangle::MangleTArg::Type(MangleTy::PackExpansion(Box::new(pm))));
                }
                continue;
            }
            if let TemplateArgRef::Value(ce) = a {
                if matches!(
                    ce.exprs.get(ce.root.0 as usize),
                    Some(crate::body::Expr::PackExpansion(_))
                ) {
                    // `Seq<T, I...>`, `Seq<T, __integer_pack(N)...>`: one argument per element.
                    let Some(p) = params.get(i).or_else(|| params.last().filter(|p| p.pack)) else {
                        break;
                    };
                    let TemplateParamKind::Value { ty: pty, .. } = &p.kind else {
                        return Err("invalid template argument".to_string());
                    };
                    let values = self.value_pack(ce)?;
                    let prefix: Vec<(SmolStr, TArg)> = params
                        .iter()
                        .zip(&out)
                        .filter_map(|(p, a)| Some((p.name.clone()?, a.clone())))
                        .collect();
                    for (v, k) in values {
                        let saved = std::mem::replace(&mut self.targ_prefix, prefix.clone());
                        let targ = self.value_targ_of(v, k, pty);
                        self.targ_prefix = saved;
                        if let TArg::Value { value, mangle, .. } = &targ {
                            use_args.push(crate::mangle::MangleTArg::Value(*value, mangle.clone()));
                        }
                        out.push(targ);
                    }
                    continue;
                }
            }
            // Earlier arguments of packs are not bound by name here (`out` is flat).
            let earlier = if out.len() == i { out.clone() } else { Vec::new() };
            let targ = self
                .resolve_targ_at(a, params, i, &earlier)
                .ok_or_else(|| "invalid template argument".to_string())?;
            let param_ref = match a {
                TemplateArgRef::Value(ce) => match ce.exprs.get(ce.root.0 as usize) {
                    Some(crate::body::Expr::Name(n)) => self.template_env.iter().position(|(pn, _)| pn == n),
                    _ => None,
                },
                TemplateArgRef::Type(tr) if matches!(targ, TArg::Template(_)) => {
                    template_arg_name(tr).and_then(|n| self.template_env.iter().position(|(pn, _)| pn == n))
                }
                TemplateArgRef::Type(_) => None,
            };
            match (&targ, param_ref) {
                (TArg::Template(_), Some(i)) => {
                    // A template template parameter passed on (`W<C>`): `T_`.
                    dependent = true;
                    use_args.push(crate::mangle::MangleTArg::Type(MangleTy::TemplateParam(i as u32)));
                }
                (TArg::Template(q), None) => use_args.push(crate::mangle::MangleTArg::Template(q.clone())),
                (_, Some(i)) => {
                    dependent = true;
                    use_args.push(crate::mangle::MangleTArg::Param(i as u32));
                }
                (TArg::Type { mangle, .. }, None) => {
                    dependent |= mangle.substitute(&env_mangles) != *mangle;
                    use_args.push(crate::mangle::MangleTArg::Type(mangle.clone()));
                }
                (TArg::Value { value, mangle, .. }, None) => {
                    use_args.push(crate::mangle::MangleTArg::Value(*value, mangle.clone()))
                }
                (TArg::Pack(_), None) => return Err("unsupported: class template argument packs".to_string()),
            }
            out.push(match targ {
                TArg::Type { ty, mangle } => TArg::Type {
                    ty,
                    mangle: mangle.substitute(&env_mangles),
                },
                TArg::Value { value, ty, mangle } => TArg::Value {
                    value,
                    ty,
                    mangle: mangle.substitute(&env_mangles),
                },
                p @ (TArg::Pack(_) | TArg::Template(_)) => p,
            });
        }
        if out.len() > params.len() && !last_pack {
            return Err(format!("too many arguments for class template \"{name}\""));
        }
        let out = pack_targs(params, out);
        let use_args = pack_mangle_targs(params, use_args);
        let rid = self
            .instantiate_record(t as u32, out)
            .ok_or_else(|| format!("class template \"{name}\" cannot be instantiated"))?;
        let m = if dependent {
            MangleTy::Template {
                name: name.clone(),
                args: use_args,
            }
        } else {
            self.dm.records[rid.0 as usize]
                .mangle
                .clone()
                .unwrap_or(MangleTy::Named(name.clone()))
        };
        Ok((Ty::new(TyKind::Record(rid)), m))
    }

    fn error(&mut self, code: &'static str, msg: String) {
        Builder::error(self, code, msg);
    }

    fn member_type(&mut self, rid: RecordId, member: &SmolStr) -> Option<(Ty, MangleTy)> {
        // The class's own member, else one of its bases' ([class.member.lookup]; `type` of
        // `is_integral<int>` is `integral_constant<bool, true>::type`).
        let mut stack = vec![(rid, 0u32)];
        while let Some((r, depth)) = stack.pop() {
            let rd = self.dm.records.get(r.0 as usize)?;
            let bases: Vec<RecordId> = rd.bases.iter().rev().map(|b| b.record).filter(|&b| b != r).collect();
            let Some(rn) = rd.name.clone() else { continue };
            let q = SmolStr::new(format!("{rn}::{member}"));
            if !self.dm.typedefs.contains_key(&q) && self.member_typedefs.contains_key(&q) {
                self.member_typedef(&q);
            }
            if let Some(t) = self.dm.typedefs.get(&q).cloned() {
                let m = MangleTy::from_ty(&t, &self.dm.records);
                return Some((t, m));
            }
            if let Some(&id) = self.dm.tags.get(&q) {
                let m = self.dm.records[id.0 as usize]
                    .mangle
                    .clone()
                    .unwrap_or(MangleTy::Named(q));
                return Some((Ty::new(TyKind::Record(id)), m));
            }
            if depth < 64 {
                stack.extend(bases.into_iter().map(|b| (b, depth + 1)));
            }
        }
        None
    }

    fn decltype(&mut self, e: &'t ConstExpr, id_expr: bool) -> Option<Ty> {
        let (t, diags) = {
            let mut ck = Checker::new(&self.dm, self.options, &e.exprs, &e.types);
            ck.at_override = Some(DiagAt::Function);
            ck.template_env = self
                .class_env
                .iter()
                .chain(&self.template_env)
                .chain(&self.alias_env)
                .cloned()
                .collect();
            ck.scope = self.scope.clone();
            ck.spec_scopes = self.spec_scopes();
            ck.declare_params(&self.decl_params);
            let t = ck.decltype_of(e.root, id_expr);
            (t, ck.diags)
        };
        let bad = diags.iter().any(|d| d.severity == Severity::Error);
        self.push_body_diags(diags);
        (!bad).then_some(t)
    }
}

/// The execution space `__global__`/`__device__`/`__host__` give a function.
impl Builder<'_> {
    /// A function's execution space. With `--expt-relaxed-constexpr` (nvcc defines
    /// `__CUDACC_RELAXED_CONSTEXPR__`) a `constexpr` function without execution-space
    /// attributes is `__host__ __device__`, as nvcc treats it; with NVRTC's `-default-device`
    /// such a function is `__device__`. `name` is the function's qualified name.
    fn space(&self, a: &crate::item_tree::FnAttrs, name: &str) -> ExecSpace {
        let space = exec_space(a);
        let relaxed = self
            .options
            .macros
            .iter()
            .any(|(n, _)| n == "__CUDACC_RELAXED_CONSTEXPR__");
        // nvcc's front end treats the constexpr `std::move` and `std::forward` of the host's
        // standard library as `__host__ __device__` (measured: other constexpr `std` functions,
        // `std::min` or `std::as_const`, need `--expt-relaxed-constexpr`).
        let std_builtin = matches!(name, "std::move" | "std::forward");
        if space == ExecSpace::Host && !a.host && self.options.default_device {
            // NVRTC's `-default-device`: no attribute means `__device__`.
            ExecSpace::Device
        } else if (relaxed || std_builtin) && a.is_constexpr && space == ExecSpace::Host && !a.host {
            ExecSpace::HostDevice
        } else {
            space
        }
    }
}

fn exec_space(a: &crate::item_tree::FnAttrs) -> ExecSpace {
    if a.global {
        ExecSpace::Global
    } else if a.device && a.host {
        ExecSpace::HostDevice
    } else if a.device {
        ExecSpace::Device
    } else {
        ExecSpace::Host
    }
}

/// `__forceinline__` / `__noinline__`, else `otherwise`.
fn inline_hint(a: &crate::item_tree::FnAttrs, otherwise: InlineHint) -> InlineHint {
    if a.forceinline {
        InlineHint::Force
    } else if a.noinline {
        InlineHint::Never
    } else {
        otherwise
    }
}

/// Template arguments one per parameter: when the last parameter is a pack, the arguments from
/// its position on become one `TArg::Pack`.
pub(crate) fn pack_targs(params: &[crate::item_tree::TemplateParamItem], mut flat: Vec<TArg>) -> Vec<TArg> {
    if !params.last().is_some_and(|p| p.pack) || flat.len() < params.len() - 1 {
        return flat;
    }
    if flat.len() == params.len() && matches!(flat.last(), Some(TArg::Pack(_))) {
        return flat;
    }
    let rest = flat.split_off(params.len() - 1);
    flat.push(TArg::Pack(rest));
    flat
}

/// [`pack_targs`] for the mangled arguments of a use.
fn pack_mangle_targs(params: &[crate::item_tree::TemplateParamItem], mut flat: Vec<MangleTArg>) -> Vec<MangleTArg> {
    if !params.last().is_some_and(|p| p.pack) || flat.len() < params.len() - 1 {
        return flat;
    }
    let rest = flat.split_off(params.len() - 1);
    flat.push(MangleTArg::Pack(rest));
    flat
}

/// The arguments of an instance with a trailing pack spread out (`Tup<int, float>`'s
/// `[Pack([int, float])]` is `[int, float]`).
/// Binds template parameter pack `k` to the elements matched by a pack expansion `P...` against
/// `args` (the arguments from its position on): each must be a type that `matches` (matching
/// `P` with the pack's slot cleared, binding it to that element). An already bound pack must
/// agree.
pub(crate) fn bind_pack(
    args: &[TArg],
    k: usize,
    bound: &mut [Option<TArg>],
    mut matches: impl FnMut(&Ty, &mut [Option<TArg>]) -> bool,
) -> bool {
    let mut elems = Vec::new();
    for a in args {
        let TArg::Type { ty, .. } = a else { return false };
        let mut b2 = bound.to_vec();
        b2[k] = None;
        if !matches(ty, &mut b2) {
            return false;
        }
        let Some(e) = b2[k].take() else { return false };
        elems.push(e);
        b2[k] = bound[k].clone();
        bound.clone_from_slice(&b2);
    }
    match &bound[k] {
        Some(TArg::Pack(old)) => *old == elems,
        Some(_) => false,
        None => {
            bound[k] = Some(TArg::Pack(elems));
            true
        }
    }
}

pub(crate) fn flatten_targs(args: &[TArg]) -> Vec<TArg> {
    let mut out = Vec::new();
    for a in args {
        match a {
            TArg::Pack(v) => out.extend(v.iter().cloned()),
            a => out.push(a.clone()),
        }
    }
    out
}

/// The names a written type mentions (template parameters among them).
pub(crate) fn names_in(t: &TypeRef, out: &mut Vec<SmolStr>) {
    match t {
        TypeRef::Named(n) => out.push(SmolStr::new(n.split("::").next().unwrap_or(n))),
        TypeRef::Pointer(i)
        | TypeRef::Reference(i)
        | TypeRef::Qualified(_, i)
        | TypeRef::Array(i, _)
        | TypeRef::PackExpansion(i) => names_in(i, out),
        TypeRef::Member { scope, .. } => names_in(scope, out),
        TypeRef::MemberTemplate { scope, args, .. } => {
            names_in(scope, out);
            for a in args {
                if let TemplateArgRef::Type(t) = a {
                    names_in(t, out);
                }
            }
        }
        TypeRef::Function { ret, params, .. } => {
            names_in(ret, out);
            for p in params {
                names_in(p, out);
            }
        }
        TypeRef::Template { args, .. } => {
            for a in args {
                if let TemplateArgRef::Type(t) = a {
                    names_in(t, out);
                }
            }
        }
        _ => {}
    }
}

/// Whether a written type has a pack expansion whose pattern names none of `packs`.
fn expansion_without_pack(t: &TypeRef, packs: &[SmolStr]) -> bool {
    match t {
        TypeRef::PackExpansion(inner) => {
            let mut names = Vec::new();
            names_in(inner, &mut names);
            !names.iter().any(|n| packs.contains(n)) || expansion_without_pack(inner, packs)
        }
        TypeRef::Pointer(i) | TypeRef::Reference(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) => {
            expansion_without_pack(i, packs)
        }
        TypeRef::Member { scope, .. } => expansion_without_pack(scope, packs),
        TypeRef::MemberTemplate { scope, args, .. } => {
            expansion_without_pack(scope, packs)
                || args
                    .iter()
                    .any(|a| matches!(a, TemplateArgRef::Type(t) if expansion_without_pack(t, packs)))
        }
        TypeRef::Function { ret, params, .. } => {
            expansion_without_pack(ret, packs) || params.iter().any(|p| expansion_without_pack(p, packs))
        }
        TypeRef::Template { args, .. } => args
            .iter()
            .any(|a| matches!(a, TemplateArgRef::Type(t) if expansion_without_pack(t, packs))),
        _ => false,
    }
}
