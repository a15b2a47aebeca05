//! Semantic analysis: HIR to [`DefMap`] and THIR.
//!
//! Two pure entry points, called by the salsa queries in `warpc-db`:
//!
//! - [`build_def_map`]: resolves every top-level declaration of an [`ItemTree`] in TU order:
//!   typedefs, records with their nvptx64 layout, enums, functions (redeclarations merged by their
//!   symbol, overloads kept apart), namespace-scope variables with constant initializers; computes
//!   execution spaces, memory spaces, launch bounds, inline hints, builtin kinds and symbols.
//! - [`check_body`]: type-checks one function body into a [`TypedBody`]: name lookup with scopes,
//!   C++'s conversions for the C subset made explicit, overload resolution, CUDA's rules (execution
//!   spaces, builtin variables, memory spaces of locals), with nvcc's diagnostic wording.
//!
//! Diagnostics are position-free: a body diagnostic names a HIR element ([`DiagAt`]) that the
//! database maps to a range through the `BodySourceMap`; an item diagnostic names its item.
//!
//! Submodules: `types` (type resolution, layout, promotions), `display` (nvcc-style type
//! spelling), `items` (the def map, one child module per kind of declaration), `checker` (the
//! body checker's state) with `expr` / `names` / `packs` / `operators` / `access` / `casts` /
//! `conv` / `init` / `stmt` (the body checker by kind of construct),
//! `consteval` (constant evaluation over THIR), [`pretty`] (a compact THIR printer for tests and
//! `warpc --emit=thir`).

mod access;
mod adl;
mod asm;
pub mod atomics;
mod casts;
mod checker;
mod consteval;
pub mod constexpr;
mod conv;
mod ctad;
mod cxx;
mod cxx_nsdmi;
pub mod display;
mod expr;
mod host_launch;
mod init;
mod items;
mod jit_mode;
mod lambdas;
mod lifetime;
mod names;
mod new_expr;
mod operators;
mod packs;
mod partial_order;
pub mod pretty;
mod stmt;
mod targ_env;
mod templates;
mod types;

#[cfg(test)]
mod tests;

use crate::body::{Body, ExprId, StmtId};
use crate::def_map::DefMap;
use crate::item_tree::ItemTree;
use crate::thir::TypedBody;
use crate::ty::FnId;
use warpc_base::{CompileOptions, Severity, SmolStr};

pub use checker::SharedVarValues;
pub(crate) use display::show_typed_value;
pub use display::{display_fn_signature, display_ty};
pub use items::ItemsPhase;
pub use jit_mode::jit_mode_diagnostics;
pub use lifetime::passed_by_invisible_reference;
pub use stmt::UNTYPED_CODE;
pub use types::{align_of, size_of};

/// Where a body diagnostic points.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DiagAt {
    /// A HIR expression of the body.
    Expr(ExprId),
    /// A HIR statement of the body.
    Stmt(StmtId),
    /// The `n`-th declarator of a `Stmt::Decl`.
    Decl(StmtId, u32),
    /// The function as a whole (its name).
    Function,
}

/// A position-free diagnostic about a function body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BodyDiagnostic {
    pub at: DiagAt,
    pub severity: Severity,
    /// Stable code: `undefined-identifier`, `type-mismatch`, `unsupported`, ...
    pub code: &'static str,
    pub message: String,
    pub notes: Vec<String>,
    /// A "did you mean" replacement: `(name as written, suggestion)`. The database turns it into
    /// a machine-applicable fix only where the source text at the diagnostic's range is the name
    /// as written (not inside a macro expansion).
    pub replace: Option<(SmolStr, SmolStr)>,
}

/// Resolves the declarations of a translation unit. See the module docs.
pub use host_launch::{host_launch_requests, same_name, HostFunction, HostLaunches, SystemLaunchers};

pub fn build_def_map(items: &ItemTree, options: &CompileOptions) -> DefMap {
    items::build(
        items,
        options,
        &[],
        &[],
        &[],
        &[],
        &[],
        &Default::default(),
        &Default::default(),
        &Default::default(),
        &Default::default(),
        None,
    )
}

/// [`build_def_map`] plus the function template instances `requests` (in that order, after
/// explicit instantiations); see `TypedBody::instance_requests`.
pub fn build_def_map_with_instances(
    items: &ItemTree,
    options: &CompileOptions,
    requests: &[crate::ty::InstanceKey],
    record_requests: &[crate::ty::InstanceKey],
    closures: &[(crate::ty::ClosureKey, Option<crate::ty::Ty>)],
    record_ids: &crate::ty::RecordIds,
) -> DefMap {
    items::build(
        items,
        options,
        requests,
        record_requests,
        closures,
        &[],
        &[],
        &Default::default(),
        &Default::default(),
        &Default::default(),
        record_ids,
        None,
    )
}

/// [`build_def_map_with_instances`] plus the classes defined in function bodies
/// (`TypedBody::local_record_requests`), the values of deferred initializers evaluated so far
/// (`DefMap::deferred_inits`, by variable name) and the return types deduced so far for
/// functions declared `auto f(...)`, by link name (`TypedBody::deduced_ret` of their bodies);
/// the others keep `FnDecl::deduce_ret`; and the values of `constexpr` calls constant
/// expressions need (`DefMap::known_calls`). `order` is the order in which the fixed point
/// first asked for each instance, local class and closure (`BuildStep`; empty: class
/// instances, local classes, closures, function instances). `record_ids`: the previous build's
/// `DefMap::record_ids`, so that every class keeps its id ([`crate::ty::RecordIds`]).
// Each argument is one kind of what the fixed point learned; a struct would only be built here.
#[allow(clippy::too_many_arguments)]
pub fn build_def_map_with_rets(
    items: &ItemTree,
    options: &CompileOptions,
    requests: &[crate::ty::InstanceKey],
    record_requests: &[crate::ty::InstanceKey],
    closures: &[(crate::ty::ClosureKey, Option<crate::ty::Ty>)],
    local_records: &[crate::ty::LocalRecordKey],
    order: &[crate::ty::BuildStep],
    fn_rets: &rustc_hash::FxHashMap<smol_str::SmolStr, crate::ty::Ty>,
    known_inits: &rustc_hash::FxHashMap<smol_str::SmolStr, crate::ty::ConstValue>,
    known_calls: &rustc_hash::FxHashMap<crate::def_map::CallKey, crate::ty::ConstValue>,
    record_ids: &crate::ty::RecordIds,
) -> DefMap {
    items::build(
        items,
        options,
        requests,
        record_requests,
        closures,
        local_records,
        order,
        fn_rets,
        known_inits,
        known_calls,
        record_ids,
        None,
    )
}

/// [`build_def_map_with_rets`] going on from `phase`, the items a previous call declared, when
/// this call's `fn_rets`, `known_inits`, `known_calls` and `local_records` are that call's (the
/// same def map as without it, minus declaring every item again); else declaring them and
/// keeping them in `phase` for the next call. For the def map's fixed point, whose rounds
/// mostly add instances.
#[allow(clippy::too_many_arguments)]
pub fn build_def_map_resuming<'t>(
    items: &'t ItemTree,
    options: &'t CompileOptions,
    requests: &[crate::ty::InstanceKey],
    record_requests: &[crate::ty::InstanceKey],
    closures: &[(crate::ty::ClosureKey, Option<crate::ty::Ty>)],
    local_records: &[crate::ty::LocalRecordKey],
    order: &[crate::ty::BuildStep],
    fn_rets: &rustc_hash::FxHashMap<smol_str::SmolStr, crate::ty::Ty>,
    known_inits: &rustc_hash::FxHashMap<smol_str::SmolStr, crate::ty::ConstValue>,
    known_calls: &rustc_hash::FxHashMap<crate::def_map::CallKey, crate::ty::ConstValue>,
    record_ids: &crate::ty::RecordIds,
    phase: &mut Option<ItemsPhase<'t>>,
) -> DefMap {
    items::build(
        items,
        options,
        requests,
        record_requests,
        closures,
        local_records,
        order,
        fn_rets,
        known_inits,
        known_calls,
        record_ids,
        Some(phase),
    )
}

/// Checks the body of `func` (whose definition is `body`). Never panics on malformed HIR: what it
/// cannot type it reports, and the returned body is then only fit for display.
pub fn check_body(
    def_map: &DefMap,
    func: FnId,
    body: &Body,
    options: &CompileOptions,
) -> (TypedBody, Vec<BodyDiagnostic>) {
    stmt::check_function(def_map, func, body, options, false)
}

/// [`check_body`] sharing with the other bodies checked against `def_map` the values of the
/// variable template instances that depend on the def map alone ([`SharedVarValues`]; one
/// per def map: the same results as [`check_body`]).
pub fn check_body_sharing(
    def_map: &DefMap,
    func: FnId,
    body: &Body,
    options: &CompileOptions,
    shared: &std::rc::Rc<SharedVarValues>,
) -> (TypedBody, Vec<BodyDiagnostic>) {
    stmt::check_function_sharing(def_map, func, body, options, false, Some(shared.clone()))
}

/// The return type of host function `func`, declared `auto` (CUB's
/// `make_num_items_dispatch_arg<int>`, whose type host code typing a launcher call needs), from
/// its body's `return` statements alone: warpc checks no host function body, so only the
/// returns on the path its `if constexpr` conditions take are typed, with the local
/// declarations and aliases before them. Also what typing them asked for (function and class
/// template instances), for the def map's next round. The diagnostics are dropped: `None`
/// when the type is not known (yet).
pub fn host_return_type(
    def_map: &DefMap,
    func: FnId,
    body: &Body,
    options: &CompileOptions,
) -> (
    Option<crate::ty::Ty>,
    Vec<crate::ty::InstanceKey>,
    Vec<crate::ty::InstanceKey>,
) {
    let (tb, diags) = stmt::check_function(def_map, func, body, options, true);
    let failed = diags.iter().any(|d| d.severity == warpc_base::Severity::Error);
    let ret = tb.deduced_ret.filter(|t| !t.is_error() && !failed);
    (ret, tb.instance_requests, tb.record_requests)
}
