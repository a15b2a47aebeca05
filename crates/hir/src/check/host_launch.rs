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
//!   `kern<T><<<...>>>` inside `run` as `kern<float>`;
//! - a call from user host code of a system-header host function that may launch kernel
//!   templates (thrust's and CUB's algorithms) is followed into the system headers' host
//!   templates the same way (overloads by name, template arguments deduced from the arguments'
//!   types, each instance read once): the kernels named there, launched or passed as values
//!   (`launch(kern<T, 256>, ...)`, `&kern<T>`, a function pointer initialized with one), are
//!   the call's. Where the path cannot be followed to the end (a call that resolves to no
//!   followed function, arguments that cannot be typed, a kernel template named with
//!   arguments that cannot be worked out, too much work), the user's call gets an
//!   `unsupported:` error saying where: its kernels would be missing.

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
    /// Declared in a system header: read only where a call leads (see the module comment).
    pub system: bool,
    /// The body did not parse (host code warpc's parser does not take): statements may be
    /// missing from `body`, so a launcher call through it is not followed.
    pub broken: bool,
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

/// What the caller found of the system headers' host functions that may launch kernels.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemLaunchers<'h> {
    /// The full names of the system-header host functions the user's host code calls that may
    /// launch kernel templates: a user's call of one is followed through the system functions
    /// among the hosts, or gets an error where it cannot be, as its kernels would be missing.
    pub launchers: &'h [SmolStr],
    /// The full names of every host function defined in a system header that may launch kernel
    /// templates: a call in followed system code that may denote one (a member function's by
    /// its last name) and is not followed fails the launcher call.
    pub may_launch: &'h [SmolStr],
    /// The caller left out system functions (too many): no launcher call can be followed to
    /// the end.
    pub truncated: bool,
}

/// The kernel template instances `hosts` launch (see the module comment and
/// [`SystemLaunchers`]).
pub fn host_launch_requests(
    dm: &DefMap,
    options: &CompileOptions,
    hosts: &[HostFunction<'_>],
    system: SystemLaunchers<'_>,
) -> HostLaunches {
    let mut may_launch: rustc_hash::FxHashMap<&str, Vec<&str>> = Default::default();
    for n in system.may_launch {
        may_launch
            .entry(n.rsplit("::").next().unwrap_or(n))
            .or_default()
            .push(n.as_str());
    }
    let mut r = Reader {
        dm,
        options,
        hosts,
        launchers: system.launchers,
        truncated: system.truncated,
        may_launch,
        res: HostLaunches::default(),
        out: Vec::new(),
        visited: Vec::new(),
        later: std::collections::VecDeque::new(),
        called: Vec::new(),
        origin: None,
        failures: Vec::new(),
    };
    // In nvcc's order: the non-template functions' own launches first, then the host templates
    // they call, in declaration and source order; a template's body is read depth first, a
    // called template's launches where its call is (`h(p) { h2(q); k1<<<...>>>(p); }` gives
    // h2's kernels, then k1).
    for (i, h) in hosts.iter().enumerate() {
        if !h.system && !matches!(h.item.template, Some(TemplateHead::Params(_))) {
            r.read(i, Vec::new(), 0);
        }
    }
    for (j, bound, origin) in std::mem::take(&mut r.called) {
        r.origin = origin;
        r.read(j, bound, 1);
    }
    while let Some((i, env, origin)) = r.later.pop_front() {
        r.origin = origin;
        r.read(i, env, 0);
    }
    // A launcher call that could not be followed to the end: an error at the call, saying where.
    let mut reported: Vec<Origin> = Vec::new();
    for (origin, why) in std::mem::take(&mut r.failures) {
        if reported.contains(&origin) {
            continue;
        }
        let d = host_dispatch_diagnostic(origin.call, &origin.launcher, &why);
        r.res.diagnostics.push((origin.at, d));
        reported.push(origin);
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
    /// Some system functions were left out (see [`SystemLaunchers`]).
    truncated: bool,
    /// [`SystemLaunchers::may_launch`] by last name component.
    may_launch: rustc_hash::FxHashMap<&'h str, Vec<&'h str>>,
    res: HostLaunches,
    /// The launched kernel instances, in order.
    out: Vec<InstanceKey>,
    /// The (function, bindings, launcher call being followed) triples read.
    visited: Vec<(usize, Env, Option<Origin>)>,
    /// Template instances left for later (past [`MAX_DEPTH`]).
    later: std::collections::VecDeque<(usize, Env, Option<Origin>)>,
    /// The template instances the non-template functions call, read after all their launches.
    called: Vec<(usize, Env, Option<Origin>)>,
    /// The user's call of a launcher whose system host code is being read.
    origin: Option<Origin>,
    /// Launcher calls that could not be followed to the end, and why.
    failures: Vec<(Origin, String)>,
}

/// A user host function's call of a system-header launcher (see [`host_launch_requests`]).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Origin {
    /// The user function's item index, the call and the launcher's full name.
    at: u32,
    call: ExprId,
    launcher: SmolStr,
}

impl<'a> Reader<'a, '_> {
    /// What typing a host call's arguments asked for (`thrust::device_vector<float> v`'s
    /// `device_allocator<float>`, `thrust::device_ptr<int>`): the next round of the def map has it.
    fn ask(&mut self, (instances, records): (Vec<InstanceKey>, Vec<InstanceKey>)) {
        for k in records {
            if !self.res.records.contains(&k) {
                self.res.records.push(k);
            }
        }
        for k in instances {
            if !self.res.instances.contains(&k) {
                self.res.instances.push(k);
            }
        }
    }

    /// Notes why the launcher call being followed cannot be (no-op outside one).
    fn fail(&mut self, why: String) {
        if let Some(o) = &self.origin {
            if !self.failures.iter().any(|(x, _)| x == o) {
                self.failures.push((o.clone(), why));
            }
        }
    }

    /// Reads host function `i` with its template parameters bound to `env`.
    fn read(&mut self, i: usize, env: Env, depth: u32) {
        if self
            .visited
            .iter()
            .any(|(j, e, o)| *j == i && *e == env && *o == self.origin)
        {
            return;
        }
        if self.visited.len() >= MAX_VISITS {
            let name = &self.hosts[i].item.name;
            self.fail(format!(
                "reading host code for launches stopped at `{name}`: over {MAX_VISITS} host function instances"
            ));
            return;
        }
        self.visited.push((i, env.clone(), self.origin.clone()));
        let (dm, options, hosts) = (self.dm, self.options, self.hosts);
        let is_template = matches!(hosts[i].item.template, Some(TemplateHead::Params(_)));
        let body = hosts[i].body;
        let here = &hosts[i].item.name;
        // Inside a system header's host code: what cannot be followed fails the launcher call.
        let system = hosts[i].system;
        if system && hosts[i].broken {
            self.fail(format!("warpc could not parse the body of `{here}`"));
        }
        let mut ck = Checker::new(dm, options, &body.exprs, &body.types);
        ck.template_env = env.clone();
        ck.scope = enclosing_scope(here);
        // The parameters and locals (a call of one calls a function object).
        let mut local_names: Vec<&SmolStr> = hosts[i].item.params.iter().filter_map(|p| p.name.as_ref()).collect();
        for st in &body.stmts {
            if let Stmt::Decl(ds) = st {
                local_names.extend(ds.iter().map(|d| &d.name));
            }
        }
        for l in &body.lambdas {
            local_names.extend(l.params.iter().filter_map(|(n, _)| n.as_ref()));
        }
        // Kernel names that are launched (`k<<<...>>>`): read with the launch.
        let launched: Vec<ExprId> = body
            .exprs
            .iter()
            .filter_map(|e| match e {
                Expr::KernelLaunch { callee, .. } => Some(*callee),
                _ => None,
            })
            .collect();
        for (k, e) in body.exprs.iter().enumerate() {
            match e {
                Expr::TemplateId { name, args } => {
                    let found = written_instances(&mut ck, dm, name, args);
                    // What working the arguments out asked for (`policy<256>::threads` needs
                    // `policy<256>`): the next round has it.
                    for key in std::mem::take(&mut ck.record_requests) {
                        if !self.res.records.contains(&key) {
                            self.res.records.push(key);
                        }
                    }
                    if system
                        && found.is_empty()
                        && !kernel_templates(dm, name).is_empty()
                        && !launched.contains(&ExprId(k as u32))
                    {
                        self.fail(format!(
                            "in `{here}`, the instance of kernel template `{name}` named there could not be worked out"
                        ));
                    }
                    for key in found {
                        if !self.out.contains(&key) {
                            self.out.push(key);
                        }
                    }
                }
                Expr::Name(name)
                    if system && !launched.contains(&ExprId(k as u32)) && !kernel_templates(dm, name).is_empty() =>
                {
                    self.fail(format!(
                        "in `{here}`, kernel template `{name}` is named without its template arguments"
                    ));
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
                        // Not a template (always emitted, or a kernel pointer: named where its
                        // value was taken), or found as `name<args>` above.
                        continue;
                    }
                    // The kernel instance in source order with the written ones; what its
                    // argument types needed after them.
                    let before = self.res.diagnostics.len();
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
                    if system && self.res.diagnostics.len() > before {
                        // Located at the user's call, not inside the header.
                        let d = self.res.diagnostics.drain(before..).next().map(|(_, d)| d.message);
                        self.fail(format!(
                            "in `{here}`, the launch of `{name}`: {}",
                            d.unwrap_or_default()
                        ));
                    }
                }
                Expr::Call {
                    callee,
                    args: call_args,
                } => {
                    let (name, explicit): (&SmolStr, &[TemplateArgExpr]) = match body.exprs.get(callee.0 as usize) {
                        Some(Expr::TemplateId { name, args }) => (name, args),
                        // A function object (a parameter or local): its `operator()` is not
                        // followed.
                        // A function object (a parameter or local): its class's `operator()`.
                        Some(Expr::Name(name)) if system && local_names.contains(&name) => {
                            self.member_call(i, &env, depth, *callee, "operator()", &[], ExprId(k as u32), call_args);
                            continue;
                        }
                        Some(Expr::Name(name)) => (name, &[]),
                        // `recv.m(args)`, `recv.template m<A>(args)`: the receiver's class's member
                        // functions named `m` (and its bases').
                        Some(Expr::Member { base, field, .. }) if system => {
                            self.member_call(i, &env, depth, *base, field, &[], ExprId(k as u32), call_args);
                            continue;
                        }
                        Some(Expr::MemberTemplate { base, field, args, .. }) if system => {
                            self.member_call(i, &env, depth, *base, field, args, ExprId(k as u32), call_args);
                            continue;
                        }
                        Some(
                            Expr::Member { field: member, .. }
                            | Expr::MemberTemplate { field: member, .. }
                            | Expr::ScopedName { member, .. }
                            | Expr::ScopedTemplateId { member, .. },
                        ) => {
                            // Static member calls (`S::f()`) are not followed: one that may launch
                            // kernels fails the launcher call.
                            if system && self.may_launch.contains_key(member.as_str()) {
                                self.fail(format!(
                                    "in `{here}`, the call of member function `{member}` is not followed (warpc reads only calls of functions named by their names and member calls on objects)"
                                ));
                            }
                            continue;
                        }
                        // The call of another call's result, of a subscript...: a function
                        // object's `operator()`.
                        _ if system => {
                            self.member_call(i, &env, depth, *callee, "operator()", &[], ExprId(k as u32), call_args);
                            continue;
                        }
                        _ => continue,
                    };
                    let call = ExprId(k as u32);
                    let user = hosts.iter().any(|h| !h.system && same_name(&h.item.name, name));
                    // A user's call of a launcher: followed into the system headers.
                    let origin = if system {
                        self.origin.clone()
                    } else {
                        self.launchers
                            .iter()
                            .find(|l| !user && same_name(l, name))
                            .map(|l| Origin {
                                at: hosts[i].index,
                                call,
                                launcher: l.clone(),
                            })
                    };
                    let follows_system = origin.is_some() && (system || !user);
                    let saved = std::mem::replace(&mut self.origin, origin.clone());
                    if follows_system && self.truncated {
                        self.fail("there are too many host functions in the system headers to read".to_string());
                    }
                    let mut followed = false;
                    let mut why: Option<String> = None;
                    for (j, h) in hosts.iter().enumerate() {
                        if !same_name(&h.item.name, name) || h.system != follows_system {
                            continue;
                        }
                        let Some(TemplateHead::Params(params)) = &h.item.template else {
                            // An ordinary function: its own launches are read once (user
                            // functions at the top).
                            if h.system && h.item.template.is_none() {
                                followed = true;
                                self.read(j, Vec::new(), depth + 1);
                            }
                            continue;
                        };
                        let r = host_template_args(dm, options, &hosts[i], &env, h, params, explicit, call, call_args);
                        let (r, asked) = r;
                        self.ask(asked);
                        match r {
                            Ok(bound) if !is_template => {
                                followed = true;
                                self.called.push((j, bound, origin.clone()))
                            }
                            Ok(bound) if depth < MAX_DEPTH => {
                                followed = true;
                                self.read(j, bound, depth + 1)
                            }
                            Ok(bound) => {
                                followed = true;
                                self.later.push_back((j, bound, origin.clone()))
                            }
                            Err(Some(d)) if follows_system => {
                                why = Some(match d.notes.first() {
                                    Some(n) => format!("{} ({n})", d.message),
                                    None => d.message,
                                })
                            }
                            // Reported only where the template itself launches kernels.
                            Err(Some(d)) if launches_kernels(dm, h.body) => {
                                self.res.diagnostics.push((hosts[i].index, *d))
                            }
                            Err(_) => {}
                        }
                    }
                    let may_launch = !system
                        || self
                            .may_launch
                            .get(name.rsplit("::").next().unwrap_or(name))
                            .is_some_and(|fs| fs.iter().any(|f| same_name(f, name)));
                    if follows_system && !followed && may_launch {
                        self.fail(match why {
                            Some(why) => format!("in `{here}`, the call of `{name}`: {why}"),
                            None => {
                                format!("in `{here}`, the call of `{name}` matches no host function warpc can read")
                            }
                        });
                    }
                    self.origin = saved;
                }
                _ => {}
            }
        }
    }
}

/// At most this many classes (a receiver's class and its bases) are searched for a member
/// function.
const MAX_MEMBER_CLASSES: usize = 64;

impl<'a> Reader<'a, '_> {
    /// The call `recv.member(call_args)` (`call`, `explicit` template arguments) in followed system
    /// host function `i` read with `env`: `recv` is typed as a launch's arguments are; the host
    /// member functions named `member` of its class (or of a base) are read with the class
    /// template's bindings, a member function template's own parameters deduced from the call
    /// where they can be (a parameter that is not stays unbound: a kernel named with it fails
    /// the path). A receiver that cannot be typed, or a class with no such member function warpc
    /// read, fails the launcher call when `member` may launch kernels.
    #[allow(clippy::too_many_arguments)]
    fn member_call(
        &mut self,
        i: usize,
        env: &Env,
        depth: u32,
        recv: ExprId,
        member: &str,
        explicit: &'a [TemplateArgExpr],
        call: ExprId,
        call_args: &[ExprId],
    ) {
        let (dm, options, hosts) = (self.dm, self.options, self.hosts);
        let here = &hosts[i].item.name;
        let may = self.may_launch.contains_key(member);
        let (mut ck, causes) = typing_checker(dm, options, &hosts[i], env, &[recv]);
        let r = ck.expr(recv);
        let mut ty = ck.ty(r).clone();
        self.ask((
            std::mem::take(&mut ck.instance_requests),
            std::mem::take(&mut ck.record_requests),
        ));
        if let TyKind::Pointer(t) | TyKind::Reference(t) = &ty.kind {
            ty = (**t).clone();
        }
        let TyKind::Record(rid) = ty.kind else {
            if may {
                let why = ck
                    .diags
                    .iter()
                    .find(|d| d.severity == warpc_base::Severity::Error)
                    .map(|d| d.message.clone())
                    .or_else(|| causes.first().cloned())
                    .map(|c| format!(" ({c})"))
                    .unwrap_or_default();
                self.fail(format!(
                    "in `{here}`, the object whose member function `{member}` is called could not be typed{why}"
                ));
            }
            return;
        };
        let mut classes = vec![rid];
        let mut found = false;
        let mut k = 0;
        while k < classes.len() && k < MAX_MEMBER_CLASSES {
            let rid = classes[k];
            k += 1;
            // The class's name, its template's bindings and its item-tree record (a template's
            // member functions are those of its primary definition).
            let (cname, cenv, record) = match ck.instance_args(rid) {
                Some((t, args)) => {
                    let Some((n, rt)) = dm.record_templates.get_index(t as usize) else {
                        continue;
                    };
                    let mut cenv: Env = rt.member_of.as_ref().map(|m| m.env.clone()).unwrap_or_default();
                    for (p, a) in rt.params.iter().zip(args) {
                        if let Some(pn) = &p.name {
                            cenv.push((pn.clone(), a));
                        }
                    }
                    (n.clone(), cenv, Some(rt.record))
                }
                None => match &dm.record(rid).name {
                    Some(n) => (n.clone(), Env::new(), None),
                    None => continue,
                },
            };
            for (j, h) in hosts.iter().enumerate() {
                let Some(m) = &h.item.method else { continue };
                if !h.system
                    || record.is_some_and(|r| r != m.record)
                    || h.item
                        .name
                        .strip_prefix(cname.as_str())
                        .and_then(|x| x.strip_prefix("::"))
                        != Some(member)
                {
                    continue;
                }
                match &h.item.template {
                    None => {
                        found = true;
                        self.read(j, cenv.clone(), depth + 1);
                    }
                    Some(TemplateHead::Params(params)) => {
                        found = true;
                        let mut menv = cenv.clone();
                        let (r, asked) =
                            host_template_args(dm, options, &hosts[i], env, h, params, explicit, call, call_args);
                        self.ask(asked);
                        if let Ok(bound) = r {
                            menv.extend(bound);
                        }
                        self.read(j, menv, depth + 1);
                    }
                    // Explicit specializations and instantiations of member templates.
                    Some(_) => {}
                }
            }
            classes.extend(dm.record(rid).bases.iter().map(|b| b.record));
        }
        if !found && may {
            self.fail(format!(
                "in `{here}`, the call of member function `{member}` of class `{}` matches no host member function warpc can read",
                dm.record(rid).name.as_deref().unwrap_or("?")
            ));
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
    params: &'a [crate::item_tree::TemplateParamItem],
    explicit: &'a [TemplateArgExpr],
    call: ExprId,
    call_args: &[ExprId],
) -> (TemplateArgsFound, Asked) {
    let mut asked = (Vec::new(), Vec::new());
    let r = host_template_args_in(
        dm, options, host, env, callee, params, explicit, call, call_args, &mut asked,
    );
    (r, asked)
}

/// A host call's template arguments, or why they are missing (see [`host_template_args`]).
type TemplateArgsFound = Result<Env, Option<Box<BodyDiagnostic>>>;

/// The function and class template instances typing a call's arguments asked for.
type Asked = (Vec<InstanceKey>, Vec<InstanceKey>);

/// [`host_template_args`], putting in `asked` the function and class template instances typing
/// the arguments asked for.
#[allow(clippy::too_many_arguments)]
fn host_template_args_in<'a>(
    dm: &'a DefMap,
    options: &'a CompileOptions,
    host: &HostFunction<'a>,
    env: &Env,
    callee: &HostFunction<'a>,
    params: &'a [crate::item_tree::TemplateParamItem],
    explicit: &'a [TemplateArgExpr],
    call: ExprId,
    call_args: &[ExprId],
    asked: &mut Asked,
) -> Result<Env, Option<Box<BodyDiagnostic>>> {
    let fparams = &callee.item.params;
    let required = fparams.iter().take_while(|p| p.default.is_none() && !p.pack).count();
    // From a function parameter pack on, the arguments are not deduced (the pack's template
    // parameter stays unbound: a kernel named with it fails the path where it is read).
    let unbounded = callee.item.variadic || fparams.iter().any(|p| p.pack);
    if explicit.len() > params.len()
        || call_args.len() < required
        || (!unbounded && call_args.len() > fparams.len())
        || !params
            .iter()
            .all(|p| p.name.is_some() && !matches!(p.kind, TemplateParamKind::Template { .. }))
    {
        return Err(None);
    }
    let names: Vec<Option<SmolStr>> = params.iter().map(|p| p.name.clone()).collect();
    let (mut ck, causes) = typing_checker(dm, options, host, env, call_args);
    let r = host_template_args_typed(&mut ck, &causes, dm, callee, params, &names, explicit, call, call_args);
    asked.0.append(&mut ck.instance_requests);
    asked.1.append(&mut ck.record_requests);
    r
}

/// [`host_template_args_in`] with the checker that types the arguments.
#[allow(clippy::too_many_arguments)]
fn host_template_args_typed<'a>(
    ck: &mut Checker<'a>,
    causes: &[String],
    dm: &'a DefMap,
    callee: &HostFunction<'a>,
    params: &'a [crate::item_tree::TemplateParamItem],
    names: &[Option<SmolStr>],
    explicit: &'a [TemplateArgExpr],
    call: ExprId,
    call_args: &[ExprId],
) -> Result<Env, Option<Box<BodyDiagnostic>>> {
    let fparams = &callee.item.params;
    let mut bound: Vec<Option<TArg>> = vec![None; params.len()];
    for (k, a) in explicit.iter().enumerate() {
        match (a, &params[k].kind) {
            _ if params[k].pack => return Err(None),
            (TemplateArgExpr::Type(tr), TemplateParamKind::Type { .. }) => {
                let ty = ck.body_type(*tr, DiagAt::Function);
                if ty.is_error() {
                    return Err(None);
                }
                bound[k] = Some(ck.targ_of_type(ty));
            }
            // `dispatch<false>(...)`: a constant of the parameter's type.
            (TemplateArgExpr::Value(e), TemplateParamKind::Value { ty, .. }) => {
                let Some((v, kind)) = ck.ice(*e) else { return Err(None) };
                bound[k] = Some(ck.targ_of_value_kind(v, kind, ty));
            }
            _ => return Err(None),
        }
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
        if bound.iter().all(Option::is_some) || p.pack {
            break;
        }
        let r = ck.expr(a);
        let at = ck.ty(r).clone();
        if at.is_error() {
            return Err(Some(Box::new(unresolved(
                ck,
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
        if !super::templates::deduce_pattern(&p.ty, &at, names, &mut bound, dm, &mut values) || !values.is_empty() {
            return Err(None);
        }
    }
    // The parameters neither written nor deduced: their defaults, in the callee's scope, with
    // the parameters before them bound (`class V = typename value_of<T>::type`, `bool B = true`).
    // A parameter pack that is not deduced stays unbound.
    let mut out = Env::new();
    let scope = std::mem::replace(&mut ck.scope, enclosing_scope(&callee.item.name));
    for ((n, b), p) in names.iter().zip(bound).zip(params) {
        let Some(n) = n else { continue };
        let b = match b {
            Some(b) => Some(b),
            None if p.pack => continue,
            None => ck.default_targ_in(p, out.clone()),
        };
        match b {
            Some(b) => out.push((n.clone(), b)),
            None => {
                ck.scope = scope;
                return Err(Some(Box::new(unresolved(ck, "cannot all be deduced from the call"))));
            }
        }
    }
    ck.scope = scope;
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
    ck.scope = enclosing_scope(&host.item.name);
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
    // With the body's `using` declarations and directives and its local type aliases, which the
    // arguments and those declarations may name (`using size_type = ...; size_type n = ...;`,
    // `using generic::select_system; f(select_system(s))`).
    for (si, st) in body.stmts.iter().enumerate() {
        if matches!(
            st,
            Stmt::Using { .. } | Stmt::UsingNamespace { .. } | Stmt::Typedef { .. }
        ) || matches!(st, Stmt::Decl(ds) if ds.iter().all(|d| d.storage == crate::body::StorageClass::Typedef))
        {
            decls.push(si as u32);
        }
    }
    decls.sort_unstable();
    decls.dedup();
    for s in decls {
        match &body.stmts[s as usize] {
            Stmt::Decl(_) => {
                ck.declare_for_typing(StmtId(s));
            }
            _ => {
                ck.stmt(StmtId(s));
            }
        }
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

/// The namespace or class enclosing the function named `name` (`ns::f`): unqualified names in
/// its body are looked up there first.
fn enclosing_scope(name: &str) -> Option<SmolStr> {
    name.rsplit_once("::")
        .map(|(s, _)| SmolStr::new(s))
        .filter(|s| !s.is_empty())
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
fn host_dispatch_diagnostic(call: ExprId, launcher: &str, why: &str) -> BodyDiagnostic {
    BodyDiagnostic {
        at: DiagAt::Expr(call),
        severity: warpc_base::Severity::Error,
        code: "unsupported",
        message: format!(
            "unsupported: kernels launched by `{launcher}` from host code in a system header are not compiled (warpc could not follow its host code to every kernel it launches)"
        ),
        notes: vec![
            why.to_string(),
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
    if let Some(global) = written.strip_prefix("::") {
        // `::kern`: the global namespace's (`::ns::kern`: exactly `ns::kern`).
        return full == global;
    }
    full == written || full.strip_suffix(written).is_some_and(|p| p.ends_with("::"))
}
