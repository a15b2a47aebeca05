//! Kernel template instances that host code launches. warpc never checks host function bodies
//! (they hold whatever C++ the host compiler accepts), but nvcc's device pass emits every
//! `kern<float><<<g, b>>>(...)` the host code instantiates, so these are found by reading only
//! the launches and the explicitly instantiated calls of host function templates:
//!
//! - in each host function, `name<args><<<...>>>(...)` where every template parameter of a
//!   `__global__` template `name` is written (or defaulted) asks for that instance;
//! - a host function template reached through `f<args>(...)` with all its template arguments
//!   written is read again with its parameters bound, so `run<float>(...)` from `main` finds
//!   `kern<T><<<...>>>` inside `run` as `kern<float>`.
//!
//! Launches whose template arguments are deduced from the call arguments are not found (that
//! needs the host body's types); such a kernel must be instantiated otherwise (an explicit
//! instantiation, or a launch with written arguments).

use smol_str::SmolStr;
use warpc_base::CompileOptions;

use super::expr::Checker;
use crate::body::{Body, Expr, TemplateArgExpr};
use crate::item_tree::{FunctionItem, TemplateHead, TemplateParamKind};
use crate::ty::{InstanceKey, TArg};
use crate::DefMap;

/// A host function with a body: its declaration and lowered body.
pub struct HostFunction<'a> {
    pub item: &'a FunctionItem,
    pub body: &'a Body,
}

/// Bindings of a host function template's parameters.
type Env = Vec<(SmolStr, TArg)>;

/// At most this many (function, bindings) pairs are read: host template recursion is bounded.
const MAX_VISITS: usize = 4096;

/// The kernel template instances `hosts` launch (see the module comment), in the order found,
/// without those `dm` already has.
pub fn host_launch_requests(dm: &DefMap, options: &CompileOptions, hosts: &[HostFunction<'_>]) -> Vec<InstanceKey> {
    let mut out: Vec<InstanceKey> = Vec::new();
    let mut visited: Vec<(usize, Env)> = Vec::new();
    // Breadth first, in declaration and then source order: instances come out in the order nvcc
    // instantiates them (`run<float>` before `run<double>`).
    let mut work: std::collections::VecDeque<(usize, Env)> = hosts
        .iter()
        .enumerate()
        .filter(|(_, h)| !matches!(h.item.template, Some(TemplateHead::Params(_))))
        .map(|(i, _)| (i, Vec::new()))
        .collect();
    while let Some((i, env)) = work.pop_front() {
        if visited.len() >= MAX_VISITS || visited.iter().any(|(j, e)| *j == i && *e == env) {
            continue;
        }
        visited.push((i, env.clone()));
        let body = hosts[i].body;
        let mut ck = Checker::new(dm, options, &body.exprs, &body.types);
        ck.template_env = env;
        for e in &body.exprs {
            match e {
                Expr::KernelLaunch { callee, .. } => {
                    let Some(Expr::TemplateId { name, args }) = body.exprs.get(callee.0 as usize) else { continue };
                    for t in kernel_templates(dm, name) {
                        let Ok(targs) = ck.deduce(t, args, &[]) else { continue };
                        if targs.len() != dm.templates[t as usize].params.len() || !matches!(ck.substitution(t, &targs), Ok(true)) {
                            continue;
                        }
                        let key = (t, targs);
                        if dm.instance(key.0, &key.1).is_none() && !out.contains(&key) {
                            out.push(key);
                        }
                    }
                }
                Expr::Call { callee, .. } => {
                    let Some(Expr::TemplateId { name, args }) = body.exprs.get(callee.0 as usize) else { continue };
                    for (j, h) in hosts.iter().enumerate() {
                        let Some(TemplateHead::Params(params)) = &h.item.template else { continue };
                        if !same_name(&h.item.name, name) || args.len() != params.len() {
                            continue;
                        }
                        let mut bound: Env = Vec::new();
                        for (p, a) in params.iter().zip(args) {
                            let (Some(pname), TemplateArgExpr::Type(tr), TemplateParamKind::Type { .. }) = (&p.name, a, &p.kind) else {
                                break;
                            };
                            let ty = ck.body_type(*tr, super::DiagAt::Function);
                            if ty.is_error() {
                                break;
                            }
                            bound.push((pname.clone(), ck.targ_of_type(ty)));
                        }
                        if bound.len() == params.len() {
                            work.push_back((j, bound));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// `__global__` function templates that `name` (as written) may denote.
fn kernel_templates(dm: &DefMap, name: &str) -> Vec<u32> {
    (0..dm.templates.len() as u32).filter(|&t| dm.templates[t as usize].decl.attrs.global && same_name(&dm.templates[t as usize].name, name)).collect()
}

/// Whether declared name `full` (`ns::kern`) may be written `written` (`kern`, `ns::kern`).
fn same_name(full: &str, written: &str) -> bool {
    full == written || full.strip_suffix(written).is_some_and(|p| p.ends_with("::"))
}
