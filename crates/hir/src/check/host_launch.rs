//! Kernel template instances that host code launches. warpc never checks host function bodies
//! (they hold whatever C++ the host compiler accepts), but nvcc's device pass emits every
//! `kern<float><<<g, b>>>(...)` the host code instantiates, so these are found by reading only
//! the launches, the kernel template names and the explicitly instantiated calls of host
//! function templates:
//!
//! - in each host function, `name<args>` where every template parameter of a `__global__`
//!   template `name` is written (or defaulted) asks for that instance, whether launched
//!   (`name<args><<<...>>>(...)`) or named as a value (`cudaLaunchKernel((void*)name<args>, ...)`,
//!   `cudaLaunchKernelEx(&cfg, name<args>, ...)`);
//! - a launch `name<<<...>>>(args)` (or `name<some><<<...>>>(args)`) whose template arguments are
//!   deduced is resolved as the ordinary call `name(args)` is, by the body checker: the
//!   arguments are typed after the declarations of the locals they name (and, transitively, of
//!   the locals those initializers name) are checked, nothing else of the host body. What that
//!   asks for (the kernel instance, instances and class specializations the argument types
//!   need) goes back to the def map's fixed point; a launch that still does not resolve gets an
//!   error diagnostic (`HostLaunches::diagnostics`), never a silently missing kernel;
//! - a host function template reached through `f<args>(...)` with all its template arguments
//!   written is read again with its parameters bound, so `run<float>(...)` from `main` finds
//!   `kern<T><<<...>>>` inside `run` as `kern<float>`.

use smol_str::SmolStr;
use warpc_base::CompileOptions;

use super::checker::Checker;
use super::{BodyDiagnostic, DiagAt};
use crate::body::{Body, Expr, ExprId, Stmt, StmtId, TemplateArgExpr};
use crate::item_tree::{FunctionItem, TemplateHead, TemplateParamKind};
use crate::ty::{InstanceKey, TArg, Ty, TyKind};
use crate::DefMap;

/// A host function with a body: its declaration and lowered body.
pub struct HostFunction<'a> {
    /// The function's index in the item tree.
    pub index: u32,
    pub item: &'a FunctionItem,
    pub body: &'a Body,
}

/// Bindings of a host function template's parameters.
type Env = Vec<(SmolStr, TArg)>;

/// At most this many (function, bindings) pairs are read: host template recursion is bounded.
const MAX_VISITS: usize = 4096;

/// What the host functions' launches need from the def map, and the launches that failed.
#[derive(Debug, Default)]
pub struct HostLaunches {
    /// Function template instances (the launched kernels first, in source order, whether the
    /// def map has them or not; then the host function template instances that deduced
    /// arguments' types come from).
    pub instances: Vec<InstanceKey>,
    /// Class template specializations the deduced launches' argument types name.
    pub records: Vec<InstanceKey>,
    /// Launches whose kernel could not be resolved against this def map: (the host function's
    /// item index, diagnostic). Final only against the def map built with everything asked.
    pub diagnostics: Vec<(u32, BodyDiagnostic)>,
}

/// The kernel template instances `hosts` launch (see the module comment).
///
/// `launchers`: the full names of system-header host functions that may launch kernel templates
/// (found by the caller); a call of one gets an error, as the kernels it launches would be
/// missing (host code in system headers is not read).
pub fn host_launch_requests(
    dm: &DefMap,
    options: &CompileOptions,
    hosts: &[HostFunction<'_>],
    launchers: &[SmolStr],
) -> HostLaunches {
    let mut r = Reader {
        dm,
        options,
        hosts,
        launchers,
        res: HostLaunches::default(),
        out: Vec::new(),
        visited: Vec::new(),
        later: std::collections::VecDeque::new(),
        called: Vec::new(),
    };
    // In nvcc's order: the non-template functions' own launches first, then the host templates
    // they call, in declaration and source order; a template's body is read depth first, a
    // called template's launches where its call is (`h(p) { h2(q); k1<<<...>>>(p); }` gives
    // h2's kernels, then k1).
    for (i, h) in hosts.iter().enumerate() {
        if !matches!(h.item.template, Some(TemplateHead::Params(_))) {
            r.read(i, Vec::new(), 0);
        }
    }
    for (j, bound) in std::mem::take(&mut r.called) {
        r.read(j, bound, 1);
    }
    while let Some((i, env)) = r.later.pop_front() {
        r.read(i, env, 0);
    }
    let Reader { mut res, out, .. } = r;
    // The launched kernels first, then what their deduction needed.
    let deduced = std::mem::take(&mut res.instances);
    res.instances = out;
    for key in deduced {
        if !res.instances.contains(&key) {
            res.instances.push(key);
        }
    }
    res
}

/// Host template instances read deeper than this are read afterwards, breadth first.
const MAX_DEPTH: u32 = 32;

/// The state of [`host_launch_requests`].
struct Reader<'a, 'h> {
    dm: &'a DefMap,
    options: &'a CompileOptions,
    hosts: &'h [HostFunction<'a>],
    /// System-header host functions that may launch kernels (see [`host_launch_requests`]).
    launchers: &'h [SmolStr],
    res: HostLaunches,
    /// The launched kernel instances, in order.
    out: Vec<InstanceKey>,
    /// The (function, bindings) pairs read.
    visited: Vec<(usize, Env)>,
    /// Template instances left for later (past [`MAX_DEPTH`]).
    later: std::collections::VecDeque<(usize, Env)>,
    /// The template instances the non-template functions call, read after all their launches.
    called: Vec<(usize, Env)>,
}

impl<'a> Reader<'a, '_> {
    /// Reads host function `i` with its template parameters bound to `env`.
    fn read(&mut self, i: usize, env: Env, depth: u32) {
        if self.visited.len() >= MAX_VISITS || self.visited.iter().any(|(j, e)| *j == i && *e == env) {
            return;
        }
        self.visited.push((i, env.clone()));
        let (dm, options, hosts) = (self.dm, self.options, self.hosts);
        let is_template = matches!(hosts[i].item.template, Some(TemplateHead::Params(_)));
        let body = hosts[i].body;
        let mut ck = Checker::new(dm, options, &body.exprs, &body.types);
        ck.template_env = env.clone();
        for (k, e) in body.exprs.iter().enumerate() {
            match e {
                Expr::TemplateId { name, args } => {
                    for key in written_instances(&mut ck, dm, name, args) {
                        if !self.out.contains(&key) {
                            self.out.push(key);
                        }
                    }
                }
                Expr::KernelLaunch {
                    callee,
                    args: call_args,
                    ..
                } => {
                    let (name, explicit): (&SmolStr, &[TemplateArgExpr]) = match body.exprs.get(callee.0 as usize) {
                        Some(Expr::TemplateId { name, args }) => (name, args),
                        Some(Expr::Name(name)) => (name, &[]),
                        _ => continue,
                    };
                    let templates = kernel_templates(dm, name);
                    if templates.is_empty() || !written_instances(&mut ck, dm, name, explicit).is_empty() {
                        // Not a template (always emitted), or found as `name<args>` above.
                        continue;
                    }
                    // The kernel instance in source order with the written ones; what its
                    // argument types needed after them.
                    for key in deduced_launch(dm, options, &hosts[i], &env, ExprId(k as u32), call_args, &mut self.res)
                    {
                        if dm.templates[key.0 as usize].decl.attrs.global {
                            if !self.out.contains(&key) {
                                self.out.push(key);
                            }
                        } else if !self.res.instances.contains(&key) {
                            self.res.instances.push(key);
                        }
                    }
                }
                Expr::Call {
                    callee,
                    args: call_args,
                } => {
                    let (name, explicit): (&SmolStr, &[TemplateArgExpr]) = match body.exprs.get(callee.0 as usize) {
                        Some(Expr::TemplateId { name, args }) => (name, args),
                        Some(Expr::Name(name)) => (name, &[]),
                        _ => continue,
                    };
                    let user = hosts.iter().any(|h| same_name(&h.item.name, name));
                    if let Some(l) = self.launchers.iter().find(|l| !user && same_name(l, name)) {
                        let call = ExprId(k as u32);
                        let at = hosts[i].index;
                        let known = self
                            .res
                            .diagnostics
                            .iter()
                            .any(|(j, d)| *j == at && d.at == DiagAt::Expr(call));
                        if !known {
                            self.res.diagnostics.push((at, host_dispatch_diagnostic(call, l)));
                        }
                        continue;
                    }
                    for (j, h) in hosts.iter().enumerate() {
                        let Some(TemplateHead::Params(params)) = &h.item.template else {
                            continue;
                        };
                        if !same_name(&h.item.name, name) {
                            continue;
                        }
                        let call = ExprId(k as u32);
                        match host_template_args(dm, options, &hosts[i], &env, h, params, explicit, call, call_args) {
                            Ok(bound) if !is_template => self.called.push((j, bound)),
                            Ok(bound) if depth < MAX_DEPTH => self.read(j, bound, depth + 1),
                            Ok(bound) => self.later.push_back((j, bound)),
                            // Reported only where the template itself launches kernels.
                            Err(Some(d)) if launches_kernels(dm, h.body) => {
                                self.res.diagnostics.push((hosts[i].index, *d))
                            }
                            Err(_) => {}
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// The instances `name<args>` denotes when `name` names `__global__` templates and `args`
/// (with the defaults) give every template argument.
fn written_instances<'a>(
    ck: &mut Checker<'a>,
    dm: &DefMap,
    name: &str,
    args: &'a [TemplateArgExpr],
) -> Vec<InstanceKey> {
    let mut out = Vec::new();
    for t in kernel_templates(dm, name) {
        let Ok(targs) = ck.deduce(t, args, &[]) else { continue };
        if targs.len() != dm.templates[t as usize].params.len() || !matches!(ck.substitution(t, &targs), Ok(true)) {
            continue;
        }
        out.push((t, targs));
    }
    out
}

/// A launch `launch` in `host` whose kernel template arguments are deduced from the call
/// arguments `call_args`: resolved by the body checker as an ordinary call, after checking the
/// declarations of the locals the arguments name (see the module comment). Returns the
/// function template instances the check asked for.
fn deduced_launch<'a>(
    dm: &'a DefMap,
    options: &'a CompileOptions,
    host: &HostFunction<'a>,
    env: &Env,
    launch: ExprId,
    call_args: &[ExprId],
    res: &mut HostLaunches,
) -> Vec<InstanceKey> {
    let body = host.body;
    let (mut ck, causes) = typing_checker(dm, options, host, env, call_args);
    let n_diags = ck.diags.len();
    let r = ck.expr(launch);
    let failed = ck.ty(r).is_error();
    let requests = std::mem::take(&mut ck.instance_requests);
    res.records.extend(
        ck.record_requests
            .iter()
            .filter(|k| !res.records.contains(k))
            .cloned()
            .collect::<Vec<_>>(),
    );
    if !failed {
        // Resolved to an instance the def map has: still listed, so the order of the launched
        // kernels stays the source order from round to round.
        let mut requests = requests;
        if let crate::thir::ExprKind::Call { callee, .. } = &ck.out.expr(r).kind {
            if let Some(key) = dm.function(*callee).instance.clone() {
                if dm.templates.get(key.0 as usize).is_some_and(|t| t.decl.attrs.global) && !requests.contains(&key) {
                    requests.insert(0, key);
                }
            }
        }
        return requests;
    }
    let errors: Vec<BodyDiagnostic> = ck.diags[n_diags..]
        .iter()
        .filter(|d| d.severity == warpc_base::Severity::Error)
        .cloned()
        .collect();
    if errors.is_empty() {
        let name = match body.exprs.get(launch.0 as usize) {
            Some(Expr::KernelLaunch { callee, .. }) => match body.exprs.get(callee.0 as usize) {
                Some(Expr::TemplateId { name, .. } | Expr::Name(name)) => name.clone(),
                _ => SmolStr::default(),
            },
            _ => SmolStr::default(),
        };
        let msg = format!(
            "unsupported: the template arguments of kernel \"{name}\" could not be deduced here (warpc could not type the launch's arguments in host code); write them explicitly"
        );
        let d = BodyDiagnostic {
            at: DiagAt::Expr(launch),
            severity: warpc_base::Severity::Error,
            code: "unsupported",
            message: msg,
            notes: causes
                .into_iter()
                .take(2)
                .map(|c| format!("in host code the launch depends on: {c}"))
                .collect(),
            replace: None,
        };
        res.diagnostics.push((host.index, d));
    } else {
        res.diagnostics.extend(errors.into_iter().map(|d| (host.index, d)));
    }
    requests
}

/// The template arguments of host function template `callee` (template parameters `params`) in
/// the call `name<explicit>(call_args)` in `host`: the written ones, then those deduced from the
/// arguments' types ([temp.deduct.call]'s common cases), typed as [`deduced_launch`] types a
/// launch's. `Err(None)`: `callee` is not a candidate (another overload's arity or parameter
/// kinds); `Err(Some(d))`: it is the only reading but its arguments could not be found, so the
/// kernels it launches would be missing.
#[allow(clippy::too_many_arguments)]
fn host_template_args<'a>(
    dm: &'a DefMap,
    options: &'a CompileOptions,
    host: &HostFunction<'a>,
    env: &Env,
    callee: &HostFunction<'a>,
    params: &[crate::item_tree::TemplateParamItem],
    explicit: &'a [TemplateArgExpr],
    call: ExprId,
    call_args: &[ExprId],
) -> Result<Env, Option<Box<BodyDiagnostic>>> {
    let fparams = &callee.item.params;
    let required = fparams.iter().take_while(|p| p.default.is_none() && !p.pack).count();
    let packs = callee.item.variadic || fparams.iter().any(|p| p.pack) || params.iter().any(|p| p.pack);
    if packs
        || explicit.len() > params.len()
        || call_args.len() < required
        || call_args.len() > fparams.len()
        || !params
            .iter()
            .all(|p| p.name.is_some() && matches!(p.kind, TemplateParamKind::Type { .. }))
    {
        return Err(None);
    }
    let names: Vec<Option<SmolStr>> = params.iter().map(|p| p.name.clone()).collect();
    let mut bound: Vec<Option<TArg>> = vec![None; params.len()];
    let (mut ck, causes) = typing_checker(dm, options, host, env, call_args);
    for (k, a) in explicit.iter().enumerate() {
        let TemplateArgExpr::Type(tr) = a else { return Err(None) };
        let ty = ck.body_type(*tr, DiagAt::Function);
        if ty.is_error() {
            return Err(None);
        }
        bound[k] = Some(ck.targ_of_type(ty));
    }
    let unresolved = |ck: &Checker<'a>, why: &str| {
        let mut notes: Vec<String> = causes
            .iter()
            .take(2)
            .map(|c| format!("in host code the call depends on: {c}"))
            .collect();
        for d in ck.diags.iter().filter(|d| d.severity == warpc_base::Severity::Error) {
            let n = format!("in host code the call depends on: {}", d.message);
            if notes.len() < 4 && !notes.contains(&n) {
                notes.push(n);
            }
        }
        BodyDiagnostic {
            at: DiagAt::Expr(call),
            severity: warpc_base::Severity::Error,
            code: "unsupported",
            message: format!(
                "unsupported: the template arguments of host function template \"{}\" {why}, so the kernels it launches would be missing; write them explicitly",
                callee.item.name
            ),
            notes,
            replace: None,
        }
    };
    for (p, &a) in fparams.iter().zip(call_args) {
        if bound.iter().all(Option::is_some) {
            break;
        }
        let r = ck.expr(a);
        let at = ck.ty(r).clone();
        if at.is_error() {
            return Err(Some(Box::new(unresolved(
                &ck,
                "could not be deduced here (warpc could not type the call's arguments)",
            ))));
        }
        // A forwarding reference `T&&` deduces `T` as `A&` from an lvalue (host code passes
        // named objects).
        let mut values = Vec::new();
        let forwarding = match &p.ty {
            crate::body::TypeRef::Qualified(q, inner) if q.contains(crate::body::Quals::RVALUE) => match &**inner {
                crate::body::TypeRef::Reference(x) => match &**x {
                    crate::body::TypeRef::Named(n) => names.iter().position(|x| x.as_deref() == Some(n.as_str())),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        if let Some(k) = forwarding {
            let lvalue = ck.out.expr(r).category == crate::thir::ValueCategory::LValue;
            let t = if lvalue {
                Ty::new(TyKind::Reference(Box::new(at)))
            } else {
                at.unqualified()
            };
            let targ = ck.targ_of_type(t);
            match &bound[k] {
                Some(old) if *old != targ => return Err(None),
                _ => bound[k] = Some(targ),
            }
            continue;
        }
        if !super::templates::deduce_pattern(&p.ty, &at, &names, &mut bound, dm, &mut values) || !values.is_empty() {
            return Err(None);
        }
    }
    let mut out = Env::new();
    for (n, b) in names.into_iter().zip(bound) {
        match (n, b) {
            (Some(n), Some(b)) => out.push((n, b)),
            _ => return Err(Some(Box::new(unresolved(&ck, "cannot all be deduced from the call")))),
        }
    }
    Ok(out)
}

/// A checker for `host`'s body (read with the template parameters `env`) that can type the
/// expressions `call_args`: the parameters and the declarations of the locals the arguments name
/// (and, transitively, the locals those initializers name) are declared, nothing else of the
/// body is checked. Also returns the errors declaring them gave (why a type may be unknown).
fn typing_checker<'a>(
    dm: &'a DefMap,
    options: &'a CompileOptions,
    host: &HostFunction<'a>,
    env: &Env,
    call_args: &[ExprId],
) -> (Checker<'a>, Vec<String>) {
    let body = host.body;
    let mut ck = Checker::new(dm, options, &body.exprs, &body.types);
    ck.stmts = &body.stmts;
    ck.lambdas = &body.lambdas;
    ck.local_records = &body.local_records;
    ck.constexpr_ifs = &body.constexpr_ifs;
    ck.paren_returns = &body.paren_returns;
    ck.template_env = env.clone();
    // The parameters, as the function (or the host template instance being read) declares them.
    for p in &host.item.params {
        let Some(name) = &p.name else { continue };
        let ty = ck.resolve_type_ref(&p.ty, DiagAt::Function);
        let (lty, is_ref) = match &ty.kind {
            crate::ty::TyKind::Reference(t) => (crate::ty::Ty::ptr((**t).clone()), true),
            _ => (ty.clone(), false),
        };
        let l = ck.add_local(name.clone(), lty, crate::thir::LocalStorage::Param);
        if is_ref {
            ck.ref_locals.insert(l);
        }
        ck.declare(name.clone(), l, DiagAt::Function);
    }
    // The declarations of the locals the arguments name, and of those their initializers name
    // (only the initializers of declarations whose type they give are checked).
    let mut names: Vec<SmolStr> = Vec::new();
    for a in call_args {
        ck.names_in_expr(*a, &mut names, 0);
    }
    let mut decls: Vec<u32> = Vec::new();
    loop {
        let before = decls.len();
        for (si, st) in body.stmts.iter().enumerate() {
            if let Stmt::Decl(ds) = st {
                if !decls.contains(&(si as u32)) && ds.iter().any(|d| names.contains(&d.name)) {
                    decls.push(si as u32);
                    ck.names_in_stmt(StmtId(si as u32), &mut names, 0);
                }
            }
        }
        if decls.len() == before {
            break;
        }
    }
    decls.sort_unstable();
    for s in decls {
        ck.declare_for_typing(StmtId(s));
    }
    // Why an argument's type may be unknown: what checking the declarations reported.
    let causes: Vec<String> = ck
        .diags
        .iter()
        .filter(|d| d.severity == warpc_base::Severity::Error)
        .map(|d| d.message.clone())
        .collect();
    (ck, causes)
}

/// Whether `body` launches a kernel (`<<<...>>>`) or names a `__global__` template.
fn launches_kernels(dm: &DefMap, body: &Body) -> bool {
    body.exprs.iter().any(|e| match e {
        Expr::KernelLaunch { .. } => true,
        Expr::TemplateId { name, .. } | Expr::Name(name) => !kernel_templates(dm, name).is_empty(),
        _ => false,
    })
}

/// The error for call `call` of `launcher`, a system-header host function that may launch
/// kernel templates: nvcc would emit those kernels, warpc's PTX would miss them.
fn host_dispatch_diagnostic(call: ExprId, launcher: &str) -> BodyDiagnostic {
    BodyDiagnostic {
        at: DiagAt::Expr(call),
        severity: warpc_base::Severity::Error,
        code: "unsupported",
        message: format!(
            "unsupported: kernels launched by `{launcher}` from host code in a system header are not compiled (warpc follows kernel launches only through the host code of the program's own files)"
        ),
        notes: vec![
            "the PTX would lack the kernels nvcc emits for this call, and launching them would fail at run time"
                .to_string(),
        ],
        replace: None,
    }
}

/// `__global__` function templates that `name` (as written) may denote.
fn kernel_templates(dm: &DefMap, name: &str) -> Vec<u32> {
    (0..dm.templates.len() as u32)
        .filter(|&t| dm.templates[t as usize].decl.attrs.global && same_name(&dm.templates[t as usize].name, name))
        .collect()
}

/// Whether declared name `full` (`ns::kern`) may be written `written` (`kern`, `ns::kern`).
pub fn same_name(full: &str, written: &str) -> bool {
    full == written || full.strip_suffix(written).is_some_and(|p| p.ends_with("::"))
}
