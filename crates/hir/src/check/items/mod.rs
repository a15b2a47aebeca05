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

use super::checker::Checker;
use super::targ_env::TargEnv;
use super::types::{self, adjust_param, adjust_param_mangle, TypeEnv};
use super::{BodyDiagnostic, DiagAt};
use crate::body::TemplateArgRef;
use crate::body::{ConstExpr, MemorySpace, Quals, RecordKind, StorageClass, TypeRef};
use crate::def_map::{DefMap, ItemDiagnostic, ValueDef};
use crate::item_tree::{FunctionItem, Item, ItemTree, TemplateHead, TemplateParamKind, VarItem};
use crate::mangle::{mangle_function, mangle_template_instance, MangleTArg, MangleTy};
use crate::ty::{
    ConstValue, DefaultArg, DefaultExpr, ExecSpace, FieldDecl, FnDecl, FnId, FnKind, FnSig, FnTemplate, GlobalDecl,
    GlobalId, InlineHint, InstanceKey, LaunchBounds, MethodDecl, RecordDecl, RecordId, TArg, Ty, TyKind, VarSpace,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// What a nested check asked for besides class template specializations: function template
/// instances and `constexpr` calls' values.
pub(crate) type NestedRequests = (Vec<InstanceKey>, Vec<crate::def_map::CallKey>);
use smol_str::SmolStr;
use warpc_base::{CompileOptions, Severity};

mod attributes;
mod class_templates;
mod closures;
mod decls;
mod fn_templates;
mod functions;
mod guides;
mod records;
mod targs;
mod type_env;
mod variables;
mod written;

use attributes::*;
pub(crate) use class_templates::args_at_least_as_specialized;
pub(crate) use functions::redeclared_space;
use records::*;
use targs::*;
pub(crate) use targs::{
    bind_pack, class_template_arg, flatten_targs, has_default, is_auto_param, is_value_as_type, names_in, pack_targs,
    template_arg_name,
};

#[derive(Copy, Clone, PartialEq, Eq)]
enum State {
    NotStarted,
    InProgress,
    Done,
}

#[derive(Clone)]
struct Builder<'t> {
    it: &'t ItemTree,
    options: &'t CompileOptions,
    dm: DefMap,
    record_map: Vec<Option<RecordId>>,
    record_state: Vec<State>,
    enum_names: Vec<Option<SmolStr>>,
    /// Each enumeration's integer types, once `ensure_enum` knows them.
    enum_kinds: Vec<Option<crate::def_map::EnumKinds>>,
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
    /// While resolving a member alias template of a class template specialization: that
    /// specialization (its injected class name, `static_cast<C*>(nullptr)` in a `decltype`).
    alias_class: Option<RecordId>,
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
    /// While resolving a function template's return type: its named parameters' positions
    /// and whether their types are dependent (`decltype(a + b)` mangles them as `fp_`).
    decl_param_mangle: Vec<(SmolStr, u32, bool)>,
    /// The parameters of the alias template being expanded whose arguments are dependent
    /// expressions, as written (or what cannot be mangled): the alias's type names them so.
    alias_written: Vec<(SmolStr, Result<crate::mangle::MangleExpr, String>)>,
    /// Nesting of class template instantiations and alias template expansions in progress.
    depth: u32,
    depth_reported: bool,
    /// Declaring an explicit instantiation's instance (an error in its signature is an error,
    /// not a substitution failure).
    explicit_instantiating: bool,
    /// Namespace-scope variables whose initializer calls a function template instance not
    /// created yet (instances come after the items): checked again after them.
    retry_vars: Vec<u32>,
    /// Return types deduced so far for functions declared `auto f(...)`, by link name (an
    /// instance's name mangles the return type as `Da`, so it is known before the type is).
    fn_rets: std::rc::Rc<FxHashMap<SmolStr, Ty>>,
    /// Values of variables whose initializers only the constexpr interpreter evaluates
    /// (`static constexpr int M = min(N, 32);`), by name, learned by `warpc-db`'s fixed point
    /// from an earlier round's `DefMap::deferred_inits`: later declarations (array bounds,
    /// template arguments, other initializers) use them.
    known_inits: std::rc::Rc<FxHashMap<SmolStr, ConstValue>>,
    /// Past the items (declaring the instances and specializations bodies asked for).
    items_done: bool,
    /// The classes defined in function bodies the fixed point asked for (`local_record`).
    local_keys: std::rc::Rc<[crate::ty::LocalRecordKey]>,
    /// The local classes being laid out (`local_record`).
    local_in_progress: Vec<u32>,
    /// Class template specializations named (under a pointer or reference) and not laid out
    /// yet, in the order named (`name_record`).
    named_only: Vec<RecordId>,
    /// The next class template-id resolved is under a pointer or reference (`name_record`).
    naming_next: bool,
    /// Declaring the members of a class template specialization before its layout: a member
    /// function's return and parameter types only name a class template specialization they
    /// are (a function's types need not be complete where it is declared: `R<T> operator*()`
    /// in `P<T>` with `R<T>` holding a `P<T>`, Thrust's `device_ptr`/`device_reference`).
    sig_name_only: bool,
    /// The specializations those signatures named and did not lay out (`sig_name_only`): laid
    /// out right after the class.
    sig_named: Vec<RecordId>,
    /// For each of `local_keys`, its slot: one per enclosing function and class of its body,
    /// numbered in the order first asked for (the class's id is its slot).
    local_slot_of: Vec<u32>,
    /// For each slot, the last of `local_keys` asked for it.
    local_latest: Vec<u32>,
    /// The member items of each item-tree record (member typedefs, alias templates, static
    /// data members, static assertions and member functions), by record, in item order: one
    /// pass over the items instead of one per specialization.
    members_of: FxHashMap<u32, Vec<u32>>,
    /// The enumerations that are members of each class template, by item-tree record.
    enums_of: FxHashMap<u32, Vec<u32>>,
    /// The item-tree records that are members of each class template (or of a class nested in
    /// one), by item-tree record, in item-tree order.
    nested_records_of: FxHashMap<u32, Vec<u32>>,
    /// How many classes of each name this build made (`new_record`: the class's identity).
    records_named: FxHashMap<SmolStr, u32>,
    /// How many function templates of each (class, name, item) this build declared
    /// (`push_template`: the template's identity).
    templates_named: FxHashMap<(Option<u32>, SmolStr, u32), u32>,
}

/// How deeply class template instantiations (through static member initializers) and alias
/// templates may nest before warpc reports excessive recursion instead of overflowing its stack.
const MAX_INSTANTIATION_DEPTH: u32 = 64;
/// Template arguments (parameter pack elements included) of one instance at most: a pack that
/// grows on each round of the def map's fixed point (`List<T..., int, T...>` inside `List`)
/// would otherwise double until memory runs out.
const MAX_INSTANCE_ARGS: usize = 1024;

// Each argument is one kind of what the fixed point learned; a struct would only be built here.
#[allow(clippy::too_many_arguments)]
pub(crate) fn build<'t>(
    items: &'t ItemTree,
    options: &'t CompileOptions,
    requests: &[InstanceKey],
    record_requests: &[InstanceKey],
    closures: &[(crate::ty::ClosureKey, Option<Ty>)],
    local_records: &[crate::ty::LocalRecordKey],
    order: &[crate::ty::BuildStep],
    fn_rets: &FxHashMap<SmolStr, Ty>,
    known_inits: &FxHashMap<SmolStr, ConstValue>,
    known_calls: &FxHashMap<crate::def_map::CallKey, ConstValue>,
    record_ids: &crate::ty::RecordIds,
    phase: Option<&mut Option<ItemsPhase<'t>>>,
) -> DefMap {
    let _abi = crate::mangle::InlineNamespaces::enter(&items.inline_namespaces);
    let resumed = match phase.as_deref() {
        Some(Some(p)) if p.matches(fn_rets, known_inits, known_calls, local_records, record_ids) => {
            Some(p.resume(record_ids, known_calls))
        }
        _ => None,
    };
    let mut b = match resumed {
        Some(b) => b,
        None => {
            // (Which `constexpr` calls declaring the items looked for in vain, when kept.)
            let recording = phase.is_some().then(CallMisses::record);
            let b = declare_items(
                items,
                options,
                local_records,
                fn_rets,
                known_inits,
                known_calls,
                record_ids,
            );
            let call_misses = recording.map(CallMisses::finish).unwrap_or_default();
            if let Some(slot) = phase {
                *slot = Some(ItemsPhase {
                    b: b.clone(),
                    known_calls: known_calls.clone(),
                    call_misses,
                });
            }
            b
        }
    };
    b.items_done = true;
    // What bodies use (found by the caller's fixed point), in the order first asked for
    // (`BuildStep`); without an order, class instances, local classes, closures, then function
    // instances.
    let default_order;
    let order = if order.is_empty() {
        use crate::ty::BuildStep;
        let n = |len: usize| 0..len as u32;
        default_order = n(record_requests.len())
            .map(BuildStep::Record)
            .chain(n(local_records.len()).map(BuildStep::Local))
            .chain(n(closures.len()).map(BuildStep::Closure))
            .chain(n(requests.len()).map(BuildStep::Instance))
            .collect::<Vec<_>>();
        &default_order[..]
    } else {
        order
    };
    for step in order {
        match *step {
            crate::ty::BuildStep::Record(i) => {
                let Some((t, args)) = record_requests.get(i as usize) else {
                    continue;
                };
                b.ensure_local_records_in(args);
                // (Not a placeholder: a class template this build has not declared.)
                if let Some((_, rt)) =
                    b.dm.record_templates
                        .get_index(*t as usize)
                        .filter(|(_, rt)| !rt.is_placeholder())
                {
                    b.cur_item = rt.item;
                    b.instantiate_record(*t, args.clone());
                }
            }
            crate::ty::BuildStep::Local(i) => {
                b.local_record(i);
            }
            crate::ty::BuildStep::Closure(i) => {
                if let Some((key, ret)) = closures.get(i as usize) {
                    b.closure(key, ret.clone());
                }
            }
            crate::ty::BuildStep::Instance(i) => {
                let Some((t, args)) = requests.get(i as usize) else {
                    continue;
                };
                b.ensure_local_records_in(args);
                // (Not a placeholder: a template this build has not declared asks for nothing.)
                if let Some(tm) = b.dm.templates.get(*t as usize).filter(|tm| !tm.is_placeholder()) {
                    b.cur_item = tm.item;
                    b.instantiate(*t, args.clone());
                }
            }
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
                Item::StaticAssert { cond, message, scope } => {
                    b.cur_item = idx;
                    b.dm.diagnostics.retain(|d| d.item != idx);
                    b.dm.deferred_asserts.retain(|a| a.item != idx);
                    b.scope = scope.clone();
                    b.static_assert(cond, message);
                    b.scope = None;
                }
                _ => {}
            }
        }
    }
    b.instantiate_named();
    b.dm
}

/// The builder once the items are declared (the same in every round whose `fn_rets`,
/// `known_inits`, `known_calls` and `local_records` are the same): what [`build`] does before
/// the fixed point's requests.
fn declare_items<'t>(
    items: &'t ItemTree,
    options: &'t CompileOptions,
    local_records: &[crate::ty::LocalRecordKey],
    fn_rets: &FxHashMap<SmolStr, Ty>,
    known_inits: &FxHashMap<SmolStr, ConstValue>,
    known_calls: &FxHashMap<crate::def_map::CallKey, ConstValue>,
    record_ids: &crate::ty::RecordIds,
) -> Builder<'t> {
    let mut b = Builder {
        fn_rets: std::rc::Rc::new(fn_rets.clone()),
        known_inits: std::rc::Rc::new(known_inits.clone()),
        items_done: false,
        it: items,
        options,
        dm: DefMap {
            inline_spelled: {
                let mut v: Vec<(SmolStr, SmolStr)> = items
                    .inline_namespaces
                    .iter()
                    .map(|(n, a)| (a.clone(), n.clone()))
                    .collect();
                v.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
                v
            },
            records: {
                // Every id an earlier build gave a class is that class's (a placeholder until
                // made again), so a key naming one never names another class or none.
                let mut r = crate::ty::Records::default();
                if let Some(last) = (record_ids.len() as u32).checked_sub(1) {
                    r.put(last, records::empty_record(None, false), || {
                        records::empty_record(None, false)
                    });
                }
                r
            },
            record_ids: record_ids.clone(),
            ..DefMap::default()
        },
        records_named: FxHashMap::default(),
        templates_named: FxHashMap::default(),
        record_map: vec![None; items.records.len()],
        record_state: vec![State::NotStarted; items.records.len()],
        enum_names: vec![None; items.enums.len()],
        enum_kinds: vec![None; items.enums.len()],
        enum_state: vec![State::NotStarted; items.enums.len()],
        typedef_mangle: FxHashMap::default(),
        fn_by_link: FxHashMap::default(),
        global_by_name: FxHashMap::default(),
        cur_item: 0,
        template_env: Vec::new(),
        class_env: Vec::new(),
        record_override: None,
        alias_class: None,
        enclosing_overrides: Vec::new(),
        pack_index: None,
        alias_env: Vec::new(),
        targ_prefix: Vec::new(),
        member_typedefs: FxHashMap::default(),
        scope: None,
        decl_params: Vec::new(),
        decl_param_mangle: Vec::new(),
        alias_written: Vec::new(),
        depth: 0,
        depth_reported: false,
        explicit_instantiating: false,
        retry_vars: Vec::new(),
        members_of: FxHashMap::default(),
        enums_of: FxHashMap::default(),
        nested_records_of: FxHashMap::default(),
        local_keys: local_records.into(),
        local_in_progress: Vec::new(),
        named_only: Vec::new(),
        naming_next: false,
        sig_name_only: false,
        sig_named: Vec::new(),
        local_slot_of: Vec::new(),
        local_latest: Vec::new(),
    };
    {
        let mut slots: FxHashMap<(&SmolStr, u32), u32> = FxHashMap::default();
        for (k, key) in local_records.iter().enumerate() {
            let n = slots.len() as u32;
            let slot = *slots.entry((&key.enclosing, key.index)).or_insert(n);
            b.local_slot_of.push(slot);
            if slot as usize == b.local_latest.len() {
                b.local_latest.push(k as u32);
            } else {
                b.local_latest[slot as usize] = k as u32;
            }
        }
    }
    b.dm.known_calls = known_calls.clone();
    for (idx, item) in items.items.iter().enumerate() {
        let record = match item {
            Item::MemberTypedef { record, .. } | Item::MemberStaticAssert { record, .. } => *record,
            Item::AliasTemplate { member_of: Some(r), .. } => *r,
            Item::Var(v) => match v.member_of {
                Some(r) => r,
                None => continue,
            },
            Item::Function(fi) => match (&fi.method, fi.attrs.friend_record) {
                (Some(m), _) => m.record,
                (None, Some(r)) => r,
                (None, None) => continue,
            },
            _ => continue,
        };
        b.members_of.entry(record).or_default().push(idx as u32);
    }
    for (idx, ri) in items.records.iter().enumerate() {
        if let Some(r) = ri.member_of_template {
            b.nested_records_of.entry(r).or_default().push(idx as u32);
        }
    }
    for (idx, e) in items.enums.iter().enumerate() {
        if let Some(r) = e.member_of_template {
            b.enums_of.entry(r).or_default().push(idx as u32);
        }
    }
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
            // The same alias template declared again (libcu++ repeats `common_type_t`): nvcc
            // accepts it.
            Item::AliasTemplate { name, params, ty, .. }
                if b.dm
                    .alias_templates
                    .get(name)
                    .is_some_and(|a| a.params == *params && a.ty == *ty) => {}
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
            Item::VarTemplate {
                name,
                params,
                ty,
                init,
                spec: Some(args),
            } => {
                let primary = b
                    .var_template_name(name)
                    .filter(|q| b.dm.var_templates.contains_key(q.as_str()));
                match primary {
                    Some(q) => {
                        b.dm.var_template_specs
                            .entry(q)
                            .or_default()
                            .push(crate::def_map::VarTemplateSpec {
                                params: params.clone(),
                                args: args.clone(),
                                ty: ty.clone(),
                                init: init.clone(),
                                item: idx as u32,
                            })
                    }
                    None => b.error("not-a-template", format!("\"{name}\" is not a variable template")),
                }
            }
            // The same member variable template declared again in another partial specialization
            // of its class template: libcu++ 3.1's `__tuple_leaf` partial specializations each
            // declare `template <class _Up> static constexpr bool
            // __can_bind_reference = true;`, which warpc names alike (`__tuple_leaf::...`).
            Item::VarTemplate {
                name, params, ty, init, ..
            } if name
                .rsplit_once("::")
                .is_some_and(|(class, _)| b.dm.record_templates.contains_key(class))
                && b.dm
                    .var_templates
                    .get(name)
                    .is_some_and(|(p, t, i, _)| p == params && t == ty && i == init) => {}
            Item::VarTemplate {
                name, params, ty, init, ..
            } => {
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
            Item::Function(f) => {
                if let Some(class) = &f.attrs.friend_of {
                    b.dm.friend_scopes.insert(idx as u32, class.clone());
                }
                b.function(f)
            }
            Item::DeductionGuide(f) => b.deduction_guide(f),
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
            Item::StaticAssert { cond, message, scope } => {
                b.scope = scope.clone();
                b.static_assert(cond, message);
                b.scope = None;
            }
            Item::MemberStaticAssert { record, .. } if b.is_template_record(*record) => {}
            Item::MemberStaticAssert { record, cond, message } => {
                let id = b.record_for(*record as usize);
                b.scope = b.dm.records[id].name.clone();
                b.static_assert(cond, message);
                b.scope = None;
            }
            Item::NamespaceAlias { name, target } => b.dm.ns_aliases.push((idx as u32, name.clone(), target.clone())),
            Item::Unsupported => {}
        }
    }
    b.implicit_guides();
    // The specializations the items only named, complete before the bodies' requests.
    b.instantiate_named();
    b
}

/// What [`build`] had declared once past the items (`declare_items`), kept by the def map's
/// fixed point from one round to the next: a round whose deduced return types, deferred
/// initializers' values, `constexpr` calls' values and local classes are those this was built
/// from declares the same items (the item tree is the same), so it goes on from a copy of this
/// instead of declaring them all again; only its `record_ids` (which only grow) are the round's.
#[derive(Clone)]
pub struct ItemsPhase<'t> {
    b: Builder<'t>,
    known_calls: FxHashMap<crate::def_map::CallKey, ConstValue>,
    /// The `constexpr` calls declaring the items looked up in `known_calls` without finding
    /// them: a round that learned one of them declares the items again; one that learned
    /// only others (calls of function bodies, not of declarations) declares the same items.
    call_misses: FxHashSet<crate::def_map::CallKey>,
}

thread_local! {
    /// While [`build`] declares the items for an [`ItemsPhase`]: the calls looked up in
    /// `DefMap::known_calls` in vain (`note_call_miss`), by any checker of a constant
    /// expression (nested ones included, whatever becomes of their requests).
    static CALL_MISSES: std::cell::RefCell<Option<FxHashSet<crate::def_map::CallKey>>> =
        const { std::cell::RefCell::new(None) };
}

/// Records that `key` was looked up in `DefMap::known_calls` and not found (see
/// [`ItemsPhase::call_misses`]); nothing unless the items are being declared for one.
pub(crate) fn note_call_miss(key: &crate::def_map::CallKey) {
    CALL_MISSES.with(|m| {
        if let Some(set) = m.borrow_mut().as_mut() {
            if !set.contains(key) {
                set.insert(key.clone());
            }
        }
    });
}

/// The recording of [`note_call_miss`] while the items are declared.
struct CallMisses;

impl CallMisses {
    fn record() -> Self {
        CALL_MISSES.with(|m| *m.borrow_mut() = Some(FxHashSet::default()));
        CallMisses
    }

    fn finish(self) -> FxHashSet<crate::def_map::CallKey> {
        CALL_MISSES.with(|m| m.borrow_mut().take()).unwrap_or_default()
    }
}

impl Drop for CallMisses {
    fn drop(&mut self) {
        // (A build that unwinds leaves no recording behind.)
        CALL_MISSES.with(|m| *m.borrow_mut() = None);
    }
}

impl<'t> ItemsPhase<'t> {
    fn matches(
        &self,
        fn_rets: &FxHashMap<SmolStr, Ty>,
        known_inits: &FxHashMap<SmolStr, ConstValue>,
        known_calls: &FxHashMap<crate::def_map::CallKey, ConstValue>,
        local_records: &[crate::ty::LocalRecordKey],
        record_ids: &crate::ty::RecordIds,
    ) -> bool {
        *self.b.fn_rets == *fn_rets
            && *self.b.known_inits == *known_inits
            // (`known_calls` only grows: the values declaring the items read are still
            // there, and none of the calls it missed was learned since.)
            && self.known_calls.len() <= known_calls.len()
            && self.known_calls.iter().all(|(k, v)| known_calls.get(k) == Some(v))
            && !self.call_misses.iter().any(|k| known_calls.contains_key(k))
            && *self.b.local_keys == *local_records
            && record_ids.extends(&self.b.dm.record_ids)
    }

    /// The builder as a fresh build with `record_ids` would have it past the items: every id
    /// of `record_ids` is a class's or a placeholder's.
    fn resume(
        &self,
        record_ids: &crate::ty::RecordIds,
        known_calls: &FxHashMap<crate::def_map::CallKey, ConstValue>,
    ) -> Builder<'t> {
        let mut b = self.b.clone();
        b.dm.record_ids = record_ids.clone();
        // (The calls learned since, which the items did not need, serve the instances.)
        if known_calls.len() != b.dm.known_calls.len() {
            b.dm.known_calls = known_calls.clone();
        }
        b.dm.records
            .fill_to(record_ids.len(), || records::empty_record(None, false));
        b
    }
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

    /// Adds function template `t` to `DefMap::templates` at the id an earlier build of the
    /// fixed point gave the template of the same identity (`RecordIds`), and returns that id.
    pub(super) fn push_template(&mut self, t: FnTemplate) -> u32 {
        let key = (t.class.as_ref().map(|c| c.0 .0), t.name.clone(), t.item);
        let c = self.templates_named.entry(key.clone()).or_insert(0);
        *c += 1;
        let id = self.dm.record_ids.template_id_of((key.0, key.1, key.2, *c - 1));
        let templates = &mut self.dm.templates;
        while templates.len() <= id as usize {
            templates.push(FnTemplate::placeholder());
        }
        templates[id as usize] = t;
        id
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
                    // The class's member typedefs its initializer names (`using ct = ...;
                    // static constexpr size_t cs = sizeof(ct);`): the checker of the
                    // initializer sees only declared typedefs.
                    if let Some(gi) = &v.init {
                        for t in &gi.exprs.types {
                            let mut t = t;
                            while let TypeRef::Pointer(i) | TypeRef::Qualified(_, i) | TypeRef::Array(i, _) = t {
                                t = i;
                            }
                            if let TypeRef::Named(n) = t {
                                self.member_typedef(n);
                            }
                        }
                    }
                    let id = self.record_for(r as usize);
                    let saved = std::mem::replace(&mut self.scope, self.dm.records[id].name.clone());
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
            // Looked up in its class (`using type = decltype(_S_test<T>(0));` names a member).
            let class = match self.it.items.get(item as usize) {
                Some(Item::MemberTypedef { record, .. }) => {
                    self.it.records.get(*record as usize).and_then(|r| r.name.clone())
                }
                _ => None,
            };
            let saved_scope = match class {
                Some(c) => self.scope.replace(c),
                None => self.scope.clone(),
            };
            self.typedef(name, ty);
            self.scope = saved_scope;
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
        if let Some(q) = self
            .spec_scopes()
            .into_iter()
            .map(|(tname, _)| SmolStr::new(format!("{tname}::{name}")))
            .find(|q| self.dm.var_templates.contains_key(q))
        {
            return Some(q);
        }
        // An unqualified name in a namespace (or class) scope: the enclosing scopes' members,
        // innermost first (`bool_constant<is_integral_v<_Tp>>` in `cuda::std::is_integral`).
        let mut scope = self.scope.as_deref()?;
        loop {
            let q = SmolStr::new(format!("{scope}::{name}"));
            if self.dm.var_templates.contains_key(&q) {
                return Some(q);
            }
            scope = scope.rsplit_once("::")?.0;
        }
    }

    /// What template parameter `name` is bound to here: by an alias template being expanded,
    /// the template being declared, or the enclosing class template (innermost first).
    fn bound_template_param(&self, name: &str) -> Option<&TArg> {
        self.alias_env
            .iter()
            .rev()
            .chain(self.template_env.iter().rev())
            .chain(self.class_env.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, a)| a)
    }

    /// [`Self::bound_template_param`], a pack's element at `pack_index` for a pack (`C` of
    /// `C::template rebind<T>...` expanded).
    fn bound_param_elem(&self, name: &str) -> Option<&TArg> {
        match self.bound_template_param(name)? {
            TArg::Pack(v) => v.get(self.pack_index?),
            a => Some(a),
        }
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

    /// The member class template `name` denotes when it is not a class template of its own
    /// name: one of the specialization being declared (`cls` in `sel<true>`, lowered as
    /// `sel::cls`, is `sel<true>::cls`), or of the class a template parameter is bound to
    /// (`typename L::template mapping<E>`).
    fn member_template_name(&self, name: &SmolStr) -> Option<SmolStr> {
        if self.dm.record_templates.contains_key(name) {
            return None;
        }
        if let Some(q) = self
            .specialization_member_name(name)
            .filter(|q| self.dm.record_templates.contains_key(q))
        {
            return Some(q);
        }
        if let Some(q) = self.base_member_template_name(name) {
            return Some(q);
        }
        let (first, rest) = name.split_once("::")?;
        let TArg::Type { ty, .. } = self.bound_param_elem(first)? else {
            return None;
        };
        let TyKind::Record(rid) = ty.kind else { return None };
        let rn = self.dm.records.get(rid)?.name.clone()?;
        Some(SmolStr::new(format!("{rn}::{rest}")))
    }

    /// A member template of a base class of the specialization being declared, named
    /// unqualified (`_List<...>` in libstdc++'s `__make_unsigned_selector<_Tp, false, true>`,
    /// a member of its base `__make_unsigned_selector_base`): the base's qualified member
    /// template name. Bases are taken as written (the class is not laid out yet), then through
    /// the laid-out bases' own bases.
    fn base_member_template_name(&self, name: &SmolStr) -> Option<SmolStr> {
        if name.contains("::") {
            return None;
        }
        let (layout, _, _, display) = self.record_override.as_ref()?;
        let ri = self.it.records.get(*layout as usize)?;
        // The namespaces enclosing the class, innermost first, for a base named unqualified.
        let scope = display.split('<').next().unwrap_or(display);
        let parts = crate::check::checker::split_scope(scope);
        let mut queue: Vec<RecordId> = Vec::new();
        for b in &ri.bases {
            let n = match b {
                TypeRef::Named(n) | TypeRef::Record { name: Some(n), .. } => n,
                _ => continue,
            };
            let n = n.strip_prefix("::").unwrap_or(n);
            let found = (0..parts.len())
                .rev()
                .map(|k| {
                    if k == 0 {
                        SmolStr::new(n)
                    } else {
                        SmolStr::new(format!("{}::{n}", parts[..k].join("::")))
                    }
                })
                .find_map(|q| self.dm.tags.get(&q).copied());
            queue.extend(found);
        }
        let mut seen = Vec::new();
        while let Some(rid) = queue.pop() {
            if seen.contains(&rid) || seen.len() > 64 {
                continue;
            }
            seen.push(rid);
            let Some(rd) = self.dm.records.get(rid) else { continue };
            if let Some(rn) = &rd.name {
                let q = SmolStr::new(format!("{rn}::{name}"));
                if self.dm.record_templates.contains_key(&q) || self.dm.alias_templates.contains_key(&q) {
                    return Some(q);
                }
            }
            queue.extend(rd.bases.iter().map(|b| b.record));
        }
        None
    }

    /// Evaluates an item-level integer constant expression. Class template specializations
    /// it names (`is_int<T>::value`) are instantiated and the expression checked again.
    fn ice(&mut self, ce: &'t ConstExpr) -> Option<i128> {
        self.ice_kind(ce).map(|(v, _)| v)
    }

    /// A [`Checker`] for an item-level constant expression (`exprs`/`types`): diagnostics at the
    /// item, with the bound template parameters (class, function and alias template) and the
    /// enclosing scope of the declaration being built.
    fn const_checker<'c>(&'c self, exprs: &'c [crate::body::Expr], types: &'c [TypeRef]) -> Checker<'c> {
        let mut ck = Checker::new(&self.dm, self.options, exprs, types);
        ck.at_override = Some(DiagAt::Function);
        ck.suggest_names = false;
        ck.template_env = self
            .class_env
            .iter()
            .chain(&self.template_env)
            .chain(&self.alias_env)
            .cloned()
            .collect();
        ck.scope = self.scope.clone();
        ck.spec_scopes = self.spec_scopes();
        // Inside one element of a pack expansion (`enable_if_t<P::value>...`, `Leaf<I, T>...`):
        // a pack names that element.
        ck.pack_index = self.pack_index;
        // The injected class name of the class whose member is being declared or resolved.
        ck.subst_class = self.alias_class.or(self.record_override.as_ref().map(|o| o.1));
        // A function's signature naming its parameters (`-> en_t<sizeof(x) == 8, int>`).
        if exprs
            .iter()
            .any(|e| matches!(e, crate::body::Expr::Name(n) if self.decl_params.iter().any(|(p, _)| p == n)))
        {
            ck.declare_params(&self.decl_params);
        }
        // (Also for a `decltype` inside it: `is_true<decltype((l = r), void())>()`.)
        ck.decl_params.clone_from(&self.decl_params);
        ck
    }

    /// [`Self::ice`] without diagnostics: `None` when `ce` is not a constant here.
    fn ice_quiet(&mut self, ce: &'t ConstExpr) -> Option<i128> {
        for round in 0..8 {
            let (r, failed, requests, nested) = {
                let mut ck = self.const_checker(&ce.exprs, &ce.types);
                let r = ck.ice(ce.root);
                let nested = ck.take_nested_requests();
                let failed = ck.diags.iter().any(|d| d.severity == warpc_base::Severity::Error);
                (r, failed, std::mem::take(&mut ck.record_requests), nested)
            };
            let declared = self.declare_now(&nested.0, round);
            self.note_nested_requests(nested);
            if declared {
                continue;
            }
            if requests.is_empty() || round == 7 || !self.instantiate_requests(requests) {
                return if failed { None } else { r.map(|(v, _)| v) };
            }
        }
        None
    }

    /// [`Self::ice`] with the expression's (promoted) integer type.
    fn ice_kind(&mut self, ce: &'t ConstExpr) -> Option<(i128, crate::ty::IntKind)> {
        for round in 0..8 {
            let (r, diags, requests, nested) = {
                let mut ck = self.const_checker(&ce.exprs, &ce.types);
                let r = ck.ice(ce.root);
                let nested = ck.take_nested_requests();
                (r, ck.diags, std::mem::take(&mut ck.record_requests), nested)
            };
            let declared = self.declare_now(&nested.0, round);
            self.note_nested_requests(nested);
            if declared {
                continue;
            }
            if requests.is_empty() || round == 7 || !self.instantiate_requests(requests) {
                self.push_body_diags(diags);
                return r;
            }
        }
        None
    }

    /// Declares the instances `fns` a constant expression calls (`template <class T, K =
    /// kind<T>()>`, `decltype(impl::test<T>(0))` choosing between overloads) so that it is
    /// evaluated again with them; true when one was new. Also while the items are declared: a
    /// class template specialization instantiated there (a namespace-scope explicit
    /// specialization's base, `template <> struct S<void*> : S<int*>`) is complete from then on,
    /// so an instance it needs cannot wait for the def map's next round (the specialization
    /// would stay without the members that depend on it in every round).
    pub(super) fn declare_now(&mut self, fns: &[InstanceKey], round: usize) -> bool {
        let mut declared = false;
        for r in fns {
            if round < 7 && self.dm.instance(r.0, &r.1).is_none() {
                // (One whose signature fails is a substitution failure the operand's overload
                // resolution now sees: typed again too.)
                declared |= self.instantiate_outside(r) || self.dm.failed_instances.contains(r);
            }
        }
        declared
    }

    /// Instantiates function template instance `r` outside whatever class or scope is being
    /// declared (its own scope applies); true when it was made.
    pub(super) fn instantiate_outside(&mut self, r: &InstanceKey) -> bool {
        let saved = (
            self.record_override.take(),
            std::mem::take(&mut self.enclosing_overrides),
            self.scope.take(),
        );
        let made = self.instantiate(r.0, r.1.clone()).is_some();
        (self.record_override, self.enclosing_overrides, self.scope) = saved;
        made
    }

    /// Keeps what a nested check (a constant expression's) asked for besides class template
    /// specializations: the function template instances it calls (created by `warpc-db`'s
    /// fixed point, as namespace-scope initializers' are) and the `constexpr` calls whose
    /// values it needs (`DefMap::call_requests`).
    fn note_nested_requests(&mut self, (fns, calls): NestedRequests) {
        for r in fns {
            if !self.dm.init_requests.contains(&r) {
                self.dm.init_requests.push(r);
            }
        }
        for c in calls {
            if self.dm.known_calls.contains_key(&c) {
                continue;
            }
            note_call_miss(&c);
            if !self.dm.call_requests.contains(&c) {
                self.dm.call_requests.push(c);
            }
        }
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
}
