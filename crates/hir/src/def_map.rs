//! The resolved declarations of a translation unit: every function (overloads separately),
//! namespace-scope variable and record, with semantic types and layouts. Computed from the item
//! tree only, so body edits leave it equal. Names are qualified (`geo::dot`, `geo::vec3`); see
//! [`crate::item_tree::ItemTree`].

use crate::ty::{FnDecl, FnId, FnTemplate, GlobalDecl, GlobalId, InstanceKey, IntKind, RecordDecl, RecordId, Ty};
use indexmap::{IndexMap, IndexSet};
use smol_str::SmolStr;

/// A call of a `constexpr` function with constant scalar arguments: the callee's link name and
/// the arguments' values (see `DefMap::known_calls`).
pub type CallKey = (SmolStr, Vec<crate::ty::ConstValue>);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DefMap {
    pub functions: Vec<FnDecl>,
    pub globals: Vec<GlobalDecl>,
    pub records: crate::ty::Records,
    /// The classes' ids by identity, for the def-map fixed point's next build (empty once the
    /// fixed point is done); see [`crate::ty::RecordIds`].
    pub record_ids: crate::ty::RecordIds,
    /// Ordinary names at namespace scope: each maps to its declarations in order (several for an
    /// overload set).
    pub values: IndexMap<SmolStr, Vec<ValueDef>>,
    /// For each name in `values`: the index of the item that first declared it. C++ needs a
    /// declaration before a use, so a body sees only names declared by an earlier item (or by
    /// its own: recursion).
    pub declared_at: IndexMap<SmolStr, u32>,
    /// Typedef names at namespace scope with their resolved types (bodies name them through
    /// `TypeRef::Named`).
    pub typedefs: IndexMap<SmolStr, Ty>,
    /// struct/union tags at namespace scope (`struct S` inside bodies).
    pub tags: IndexMap<SmolStr, RecordId>,
    /// Enum names at namespace scope (C++: `E x;` in bodies).
    pub enum_names: Vec<SmolStr>,
    /// The integer types of each enumeration (by its name in `enum_names`) other than `int`'s.
    pub enum_kinds: IndexMap<SmolStr, EnumKinds>,
    /// `using namespace N;` directives: (item index, `N`, the namespace they are in, empty at
    /// global scope). Lookups in bodies of later items inside that namespace also try
    /// `N::name`.
    pub using_dirs: Vec<(u32, SmolStr, SmolStr)>,
    /// `using_dirs` by namespace: the namespaces each one nominates (qualified lookup
    /// `N::name` also tries `T::name` for each, [namespace.qual]/2).
    pub nominated: std::collections::BTreeMap<SmolStr, Vec<SmolStr>>,
    /// Inline namespaces as qualified names may spell them: (the path with the inline
    /// namespaces, `cuda::std::__4`; the namespace its members are named in, `cuda::std`),
    /// longest first. `::cuda::std::__4::f` (libcu++'s `_CUDA_VSTD::f`) names `cuda::std::f`.
    pub inline_spelled: Vec<(SmolStr, SmolStr)>,
    /// Namespace aliases (`namespace cg = cooperative_groups;`): (item index, alias, target).
    pub ns_aliases: Vec<(u32, SmolStr, SmolStr)>,
    /// Diagnostics about declarations, with the item index they belong to.
    pub diagnostics: Vec<ItemDiagnostic>,
    /// Function templates (named in `values` as [`ValueDef::Template`]).
    pub templates: Vec<FnTemplate>,
    /// Function template instances requested by a call whose signature could not be formed
    /// (an error while declaring it, `decltype(swap(a, b))` selecting a deleted `swap`): a
    /// substitution failure, so the call's overload resolution drops the candidate (SFINAE)
    /// and no instance is declared.
    pub failed_instances: IndexSet<crate::ty::InstanceKey>,
    /// Deduction guides of each class template (by its name in `record_templates`): function
    /// templates in `templates` (not named in `values`) whose return type is the deduced class,
    /// each marked `true` when written by the user (implicit ones come from constructors).
    pub guides: IndexMap<SmolStr, Vec<(u32, bool)>>,
    /// Instantiated function templates: each instance is a function of `functions` (after the
    /// ordinary ones), created for an explicit instantiation or a use found while checking
    /// bodies (see `warpc-db`'s `def_map` fixed point).
    pub instances: IndexMap<InstanceKey, FnId>,
    /// Instances named by explicit instantiation definitions (`template __device__ int
    /// f<int>(int);`): emitted with `-rdc` even when nothing here calls them.
    pub explicit_instances: Vec<FnId>,
    /// Class templates by qualified name.
    pub record_templates: IndexMap<SmolStr, crate::ty::RecordTemplate>,
    /// Class template specializations: (index into `record_templates`, arguments) -> record.
    pub record_instances: IndexMap<InstanceKey, RecordId>,
    /// `static_assert`s whose condition calls functions: evaluated by `warpc-db` with the
    /// constexpr interpreter over the callees' checked bodies.
    pub deferred_asserts: Vec<DeferredAssert>,
    /// Variables whose initializer calls (constexpr) functions or reads such variables
    /// (`constexpr int k = sq(3);`): `warpc-db` evaluates them with the constexpr interpreter
    /// once the def map is complete and sets the globals' `init`.
    pub deferred_inits: Vec<DeferredInit>,
    /// Function template instances namespace-scope initializers call (`constexpr auto k =
    /// tri<4>();`): requested by `warpc-db`'s fixed point like those of bodies.
    pub init_requests: Vec<crate::ty::InstanceKey>,
    /// Values of calls of `constexpr` functions that constant expressions (template
    /// arguments, array bounds) need, by callee link name and scalar arguments: evaluated by
    /// `warpc-db`'s fixed point with the constexpr interpreter and given to the next build.
    pub known_calls: rustc_hash::FxHashMap<CallKey, crate::ty::ConstValue>,
    /// Calls this build's constant expressions needed that `known_calls` lacks.
    pub call_requests: Vec<CallKey>,
    /// Lambdas' closure types and their `operator()`.
    pub closures: IndexMap<crate::ty::ClosureKey, (RecordId, FnId)>,
    /// Classes defined in function bodies, laid out per instance of their function.
    pub local_records: IndexMap<crate::ty::LocalRecordKey, RecordId>,
    /// Alias templates (`template <class T> using Ptr = T*;`) by qualified name.
    pub alias_templates: IndexMap<SmolStr, AliasTemplate>,
    /// Friend functions (and function templates) defined in their class: the item that
    /// defines one and the class, whose members its body names unqualified.
    pub friend_scopes: IndexMap<u32, SmolStr>,
    /// Hidden friends declared with a class template specialization (by `FnId`): the
    /// specialization (its name and record), whose members the body names unqualified.
    pub friend_records: IndexMap<u32, (SmolStr, RecordId)>,
    /// Hidden friends (by `FnId`): functions defined in a class as friends and declared nowhere
    /// else. Ordinary lookup does not find them, argument-dependent lookup does
    /// ([namespace.memdef]/3).
    pub hidden_friends: std::collections::BTreeSet<u32>,
    /// Variable templates (`template <class T> constexpr bool is_int_v = ...;`) by qualified
    /// name: (parameters, type, initializer, item).
    pub var_templates: IndexMap<
        SmolStr,
        (
            Vec<crate::item_tree::TemplateParamItem>,
            crate::body::TypeRef,
            crate::body::ConstExpr,
            u32,
        ),
    >,
    /// Explicit and partial specializations of variable templates by the primary's qualified
    /// name, in declaration order.
    pub var_template_specs: IndexMap<SmolStr, Vec<VarTemplateSpec>>,
    /// Partial specializations of class templates: for each (index into `record_templates`),
    /// the item-tree records of its partial specializations in declaration order.
    pub partial_specs: IndexMap<u32, Vec<u32>>,
    /// `using N::C;` naming a class, alias or variable template: the name it declares
    /// (qualified with its namespace) -> the template's qualified name. Name lookup goes on
    /// from the first to the second (the template stays one entity).
    pub template_usings: IndexMap<SmolStr, SmolStr>,
    /// `using N::E;` naming an enumeration: the name it declares -> the enumeration's name.
    /// `ns::E` and `ns::E::enumerator` name the enumeration and its enumerators.
    pub enum_usings: IndexMap<SmolStr, SmolStr>,
}

/// `template <params> constexpr T name<args> = init;` (no parameters: an explicit
/// specialization).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarTemplateSpec {
    pub params: Vec<crate::item_tree::TemplateParamItem>,
    pub args: Vec<crate::body::TemplateArgRef>,
    pub ty: crate::body::TypeRef,
    pub init: crate::body::ConstExpr,
    pub item: u32,
}

/// `template <params> using name = ty;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasTemplate {
    pub params: Vec<crate::item_tree::TemplateParamItem>,
    pub ty: crate::body::TypeRef,
    pub item: u32,
    /// A member alias template of a class template specialization: the class template's
    /// parameters bound (`rebind` of `S<int>` may name `T`).
    pub env: Vec<(SmolStr, crate::ty::TArg)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeferredAssert {
    pub item: u32,
    /// The checked condition (an expression-only body).
    pub body: crate::thir::TypedBody,
    pub root: crate::thir::TExprId,
    pub message: Option<String>,
}

/// A variable whose constant initializer the constexpr interpreter computes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeferredInit {
    pub global: crate::ty::GlobalId,
    pub item: u32,
    /// The checked initializer (an expression-only body).
    pub body: crate::thir::TypedBody,
    pub root: crate::thir::TExprId,
    /// Declared `constexpr`: an initializer that does not evaluate is an error even on the host.
    pub is_constexpr: bool,
    /// No initializer was written (a class's user-provided default constructor runs): nvcc's
    /// message then names the variable's kind.
    pub implicit: bool,
}

/// nvcc's message for a `__device__` or `__constant__` (`space`) variable without a written
/// initializer whose default initialization is not constant (a constructor that does not
/// evaluate, a member left uninitialized).
pub fn dynamic_init_of_variable(space: crate::ty::VarSpace) -> String {
    let word = match space {
        crate::ty::VarSpace::Constant => "__constant__",
        _ => "__device__",
    };
    format!("dynamic initialization is not supported for a {word} variable")
}

/// nvcc's message for a failed `static_assert`.
pub fn static_assert_failed(message: &Option<String>) -> String {
    match message {
        Some(m) => format!("static assertion failed with \"{m}\""),
        None => "static assertion failed".to_string(),
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueDef {
    Function(FnId),
    Global(GlobalId),
    /// An enumerator with its value (the bits of a `u64` for an unsigned 64-bit enumeration; see
    /// [`enumerator_value`]) and the integer type that represents its enumeration.
    Enumerator(i64, IntKind),
    /// A function template (index into `DefMap::templates`).
    Template(u32),
}

/// An enumerator's value from its stored bits.
pub fn enumerator_value(v: i64, k: IntKind) -> i128 {
    if k.bits() == 64 && !k.is_signed() {
        v as u64 as i128
    } else {
        v as i128
    }
}

/// The integer types of an enumeration: `repr` is the type warpc gives the enumeration itself
/// (its size, alignment, promotions and conversions; `Ty` has no enum types), `underlying` what
/// `__underlying_type(E)` names. They differ only for an unscoped enumeration without a fixed
/// type whose values are all non-negative and fit `int`: nvcc's front end (GCC's choice) makes
/// its underlying type `unsigned int` (NVRTC's keeps `int`), but the enumeration promotes to `int`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnumKinds {
    pub repr: IntKind,
    pub underlying: IntKind,
}

impl Default for EnumKinds {
    fn default() -> Self {
        EnumKinds {
            repr: IntKind::Int,
            underlying: IntKind::Int,
        }
    }
}

impl DefMap {
    /// The integer types of the enumeration named `name` (`int` when unknown).
    pub fn enum_kinds(&self, name: &str) -> EnumKinds {
        self.enum_kinds.get(name).copied().unwrap_or_default()
    }

    /// The builtin header's `__builtin_is_constant_evaluated` (see `constexpr::Env`).
    pub fn constant_evaluated_fn(&self) -> Option<FnId> {
        self.values
            .get("__builtin_is_constant_evaluated")?
            .iter()
            .find_map(|d| match d {
                ValueDef::Function(f) => Some(*f),
                _ => None,
            })
    }

    pub fn function(&self, id: FnId) -> &FnDecl {
        &self.functions[id.0 as usize]
    }
    pub fn global(&self, id: GlobalId) -> &GlobalDecl {
        &self.globals[id.0 as usize]
    }
    pub fn record(&self, id: RecordId) -> &RecordDecl {
        &self.records[id]
    }
    pub fn instance(&self, template: u32, args: &[crate::ty::TArg]) -> Option<FnId> {
        self.instances.get(&(template, args.to_vec())).copied()
    }
}

/// A diagnostic attached to an item (positions are added from the item source map).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ItemDiagnostic {
    pub item: u32,
    pub severity: warpc_base::Severity,
    pub code: &'static str,
    pub message: String,
    /// Notes under the message (why a constant evaluation failed).
    pub notes: Vec<String>,
}

// DefMap holds IndexMap, which is not Hash; salsa only needs Eq.
