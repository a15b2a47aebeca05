//! Statements, local declarations, labels, and the function-level driver of [`check_body`]
//! (parameters, missing-return analysis, call-graph edges).
//!
//! [`check_body`]: super::check_body

use super::checker::{int_bits, Breakable, Checker, FnCtx, SwitchCtx};
use super::conv::ConvCtx;
use super::types::{self, normalize_int};
use super::{BodyDiagnostic, DiagAt};
use crate::body::{Body, LocalDecl, MemorySpace, Stmt, StmtId, StorageClass};
use crate::def_map::DefMap;
use crate::thir::{ExprKind, LabelId, LocalId, LocalStorage, TInit, TLocal, TStmt, TStmtId, TypedBody};
use crate::ty::{ConstValue, FnId, Ty, TyKind};
use smol_str::SmolStr;
use warpc_base::CompileOptions;

pub(crate) fn check_function(
    dm: &DefMap,
    func: FnId,
    body: &Body,
    options: &CompileOptions,
    returns_only: bool,
) -> (TypedBody, Vec<BodyDiagnostic>) {
    check_function_sharing(dm, func, body, options, returns_only, None)
}

/// [`check_function`] with the variable template values shared by the bodies checked against
/// `dm` (`Checker::shared_var_values`).
pub(crate) fn check_function_sharing(
    dm: &DefMap,
    func: FnId,
    body: &Body,
    options: &CompileOptions,
    returns_only: bool,
    shared: Option<std::rc::Rc<super::checker::SharedVarValues>>,
) -> (TypedBody, Vec<BodyDiagnostic>) {
    let mut ck = Checker::new(dm, options, &body.exprs, &body.types);
    ck.returns_only = returns_only;
    ck.shared_var_values = shared;
    let Some(decl) = dm.functions.get(func.0 as usize) else {
        ck.error(DiagAt::Function, "internal", "internal: unknown function id");
        return (ck.out, ck.diags);
    };
    ck.stmts = &body.stmts;
    ck.lambdas = &body.lambdas;
    ck.local_records = &body.local_records;
    ck.constexpr_ifs = &body.constexpr_ifs;
    ck.paren_returns = &body.paren_returns;
    let lambda = decl.lambda.and_then(|k| body.lambdas.get(k as usize));
    let record = decl.method.as_ref().map(|m| m.record);
    ck.func = Some(FnCtx {
        id: func,
        name: decl.name.clone(),
        space: decl.space,
        ret: decl.sig.ret.clone(),
        record,
        friend_of: match dm.friend_records.get(&func.0) {
            Some((class, _)) => Some(class.clone()),
            None => dm.friend_scopes.get(&decl.item).cloned(),
        },
        this_local: None,
        deduce_ret: decl.deduce_ret,
    });
    ck.template_env = decl.env.clone();
    let has_this = decl.has_this();
    // A variadic template instance: which of its parameters are the elements of the function
    // parameter pack (written parameter `j`, `n` elements).
    // (A member of a class template specialization may expand the class's pack instead:
    // `tuple(const _Tp&... __t)`.)
    let pack = match decl.instance.as_ref() {
        Some((t, _)) => dm.templates.get(*t as usize).and_then(|tm| {
            let j = tm.decl.params.iter().position(|p| p.pack)?;
            let n = (decl.sig.params.len() - usize::from(has_this)).checked_sub(tm.decl.params.len() - 1)?;
            Some((j, n))
        }),
        None if decl.lambda.is_none() => body.param_pack.and_then(|j| {
            let n = (decl.sig.params.len() - usize::from(has_this)).checked_sub(body.params.len().checked_sub(1)?)?;
            Some((j as usize, n))
        }),
        None => None,
    };
    if let Some((j, _)) = pack {
        let pname = body.params.get(j).cloned().flatten().unwrap_or_default();
        ck.pack_locals.push((pname, Vec::new()));
    }
    for (i, pty) in decl.sig.params.iter().enumerate() {
        if has_this && i == 0 {
            let l = ck.add_local(SmolStr::new("this"), pty.clone(), LocalStorage::Param);
            if let Some(f) = ck.func.as_mut() {
                f.this_local = Some(l);
            }
            continue;
        }
        let written = match pack {
            Some((j, n)) if i - usize::from(has_this) >= j + n => i - usize::from(has_this) + 1 - n,
            Some((j, n)) if i - usize::from(has_this) >= j => {
                // An element of the pack: a local without a name of its own.
                let (lty, is_ref) = match &pty.kind {
                    TyKind::Reference(t) => (Ty::ptr((**t).clone()), true),
                    _ => (pty.clone(), false),
                };
                let _ = n;
                let l = ck.add_local(
                    SmolStr::new(format!("$pack{}", i - usize::from(has_this) - j)),
                    lty,
                    LocalStorage::Param,
                );
                if is_ref {
                    ck.ref_locals.insert(l);
                }
                if let Some(p) = ck.pack_locals.last_mut() {
                    p.1.push(l);
                }
                continue;
            }
            _ => i - usize::from(has_this),
        };
        let name = match lambda {
            Some(l) => l.params.get(written).and_then(|(n, _)| n.clone()),
            None => body.params.get(written).cloned().flatten(),
        };
        // A reference parameter is the address of its referent (see `thir.rs`).
        let (lty, is_ref) = match &pty.kind {
            TyKind::Reference(t) => (Ty::ptr((**t).clone()), true),
            _ => (pty.clone(), false),
        };
        let l = ck.add_local(name.clone().unwrap_or_default(), lty, LocalStorage::Param);
        if is_ref {
            ck.ref_locals.insert(l);
        }
        if let Some(n) = name {
            ck.declare(n, l, DiagAt::Function);
        }
    }
    // A by-value parameter of a class with a destructor is the caller's temporary (see
    // `Checker::by_value_arg`): the callee never destroys it, nor a kernel its parameters.
    ck.out.param_count = decl.sig.params.len() as u32;
    let root = match lambda {
        Some(l) => Some(l.body),
        None => body.root,
    };
    if let Some(root) = root {
        ck.collect_labels(root);
        let ctor = decl
            .method
            .as_ref()
            .is_some_and(|m| m.kind == crate::item_tree::MethodKind::Constructor);
        let prologue = if lambda.is_none() && (ctor || !body.mem_inits.is_empty()) {
            ck.ctor_prologue(body)
        } else {
            Vec::new()
        };
        // Temporaries in constructor initializers are not destroyed yet: refused.
        ck.refuse_pending_temps(0);
        let mut r = ck.stmt_in_scope(root, false);
        ck.refuse_pending_temps(0);
        let mut prologue = prologue;
        let clears = ck.clear_temp_flags();
        if !clears.is_empty() {
            prologue.splice(0..0, clears);
        }
        if !prologue.is_empty() {
            let mut all = prologue;
            all.push(r);
            r = ck.mk_stmt(TStmt::Block(all));
        }
        ck.out.root = Some(r);
        if let (Some(g), Some(_)) = (ck.first_goto, ck.first_dtor_local.clone()) {
            let msg = "unsupported: goto in a function with local objects that have destructors";
            ck.error(DiagAt::Stmt(g), "unsupported", msg);
        }
        if decl.deduce_ret && ck.out.deduced_ret.is_none() {
            // A lambda without a `return` statement (or with only `return;`) returns `void`.
            ck.out.deduced_ret = Some(Ty::void());
        }
        if !decl.deduce_ret
            && !decl.sig.ret.is_void()
            && decl.name != "main"
            && !ck.out.exprs.iter().any(|e| e.ty.is_error())
        {
            let mut flags = Flow::default();
            if ck.can_complete(r, &mut flags) {
                let msg = format!("missing return statement at end of non-void function \"{}\"", decl.name);
                ck.warn(DiagAt::Function, "missing-return", msg);
            }
        }
    }
    // An expression of error type must come with an error: codegen refuses such bodies, and a
    // silent one would surface as an internal error. The def map's errors (a declaration
    // whose type failed) may be the reason, so only an otherwise clean TU gets this one. (The
    // arena also holds error-typed expressions of discarded attempts, which codegen never
    // meets: where the def map has errors, which a system header's unreached declaration's are
    // not shown, codegen's own check names the function instead.)
    if ck.out.exprs.iter().any(|e| e.ty.is_error())
        && !ck.diags.iter().any(|d| d.severity == warpc_base::Severity::Error)
        && !dm.diagnostics.iter().any(|d| d.severity == warpc_base::Severity::Error)
        && ck.instance_requests.is_empty()
        && ck.record_requests.is_empty()
        && ck.call_requests.borrow().is_empty()
        && ck.closure_requests.is_empty()
        && ck.local_record_requests.is_empty()
        && !body.exprs.iter().any(|e| matches!(e, crate::body::Expr::Missing))
    {
        let msg = format!(
            "unsupported: this expression in \"{}\" could not be typed (a declaration it uses failed or is not supported)",
            decl.name
        );
        let at = ck.first_error_expr.map_or(DiagAt::Function, DiagAt::Expr);
        ck.error(at, UNTYPED_CODE, msg);
    }
    ck.out.instance_requests = std::mem::take(&mut ck.instance_requests);
    ck.out.record_requests = std::mem::take(&mut ck.record_requests);
    ck.out.call_requests = ck.call_requests.take();
    ck.out.closure_requests = std::mem::take(&mut ck.closure_requests);
    ck.out.local_record_requests = std::mem::take(&mut ck.local_record_requests);
    ck.out.callees = ck.callees.iter().copied().collect();
    ck.out.globals = ck.globals.iter().copied().collect();
    (ck.out, ck.diags)
}

/// The code of the "could not be typed" internal error. The checker sees only its own function
/// and the def map; the TU's other errors (a syntax error in a declaration the body uses, a
/// missing include) are the likely cause, so the aggregated diagnostics drop it when there are
/// any.
pub const UNTYPED_CODE: &str = "internal-untyped";

#[derive(Default)]
struct Flow {
    breaks: bool,
    continues: bool,
}

impl<'a> Checker<'a> {
    pub(crate) fn add_local(&mut self, name: SmolStr, ty: Ty, storage: LocalStorage) -> LocalId {
        let id = LocalId(self.out.locals.len() as u32);
        self.out.locals.push(TLocal {
            name,
            ty,
            storage,
            static_init: None,
            align: 0,
        });
        id
    }

    /// Puts a local in the innermost scope, reporting a redeclaration in the same scope.
    pub(crate) fn declare(&mut self, name: SmolStr, l: LocalId, at: DiagAt) {
        let scope = self.scopes.last_mut().unwrap();
        if scope.iter().any(|(n, _)| *n == name) {
            let msg = format!("\"{name}\" has already been declared in the current scope");
            self.error(at, "redeclaration", msg);
        }
        self.scopes.last_mut().unwrap().push((name, l));
    }

    pub(crate) fn mk_stmt(&mut self, s: TStmt) -> TStmtId {
        let id = TStmtId(self.out.stmts.len() as u32);
        self.out.stmts.push(s);
        id
    }

    /// Assigns every label of the body an id (labels are function-scoped, so `goto` may jump
    /// forward). Iterative: statement nesting can be deep.
    fn collect_labels(&mut self, root: StmtId) {
        let mut stack = vec![root];
        let mut steps = 0usize;
        while let Some(s) = stack.pop() {
            steps += 1;
            if steps > self.stmts.len() * 2 + 8 {
                break; // malformed (cyclic) HIR
            }
            let Some(stmt) = self.stmts.get(s.0 as usize) else {
                continue;
            };
            let mut children: Vec<StmtId> = Vec::new();
            match stmt {
                Stmt::Label { name, body } => {
                    if self.labels.contains_key(name) {
                        let msg = format!("label \"{name}\" has already been defined");
                        self.error(DiagAt::Stmt(s), "duplicate-label", msg);
                    } else {
                        let id = LabelId(self.out.labels.len() as u32);
                        self.out.labels.push(name.clone());
                        self.labels.insert(name.clone(), id);
                    }
                    children.push(*body);
                }
                Stmt::Block(ss) => children.extend(ss.iter().copied()),
                Stmt::If { then, else_, .. } => {
                    children.push(*then);
                    children.extend(*else_);
                }
                Stmt::While { body, .. } | Stmt::DoWhile { body, .. } | Stmt::Switch { body, .. } => {
                    children.push(*body)
                }
                Stmt::For { init, body, .. } => {
                    children.extend(*init);
                    children.push(*body);
                }
                Stmt::RangeFor { body, .. } => children.push(*body),
                Stmt::Case { body, .. } | Stmt::Default { body } => children.push(*body),
                _ => {}
            }
            // Visit in source order (the stack pops the last pushed first).
            stack.extend(children.into_iter().rev());
        }
    }

    /// A statement in its own block scope (`new_scope`), or sharing the current one (the
    /// function body shares the parameters' scope).
    fn stmt_in_scope(&mut self, s: StmtId, new_scope: bool) -> TStmtId {
        if let (false, Some(Stmt::Block(ss))) = (new_scope, self.stmts.get(s.0 as usize)) {
            let mut ids: Vec<TStmtId> = ss.iter().map(|s| self.stmt(*s)).collect();
            let depth = self.scopes.len();
            ids.extend(self.destroy_scopes(depth - 1, true));
            return self.mk_stmt(TStmt::Block(ids));
        }
        self.scopes.push(Vec::new());
        let mut r = self.stmt(s);
        let depth = self.scopes.len();
        let cleanup = self.destroy_scopes(depth - 1, true);
        if !cleanup.is_empty() {
            let mut v = vec![r];
            v.extend(cleanup);
            r = self.mk_stmt(TStmt::Block(v));
        }
        self.scopes.pop();
        let depth = self.scopes.len();
        self.using_aliases.retain(|(d, _, _)| *d <= depth);
        self.local_using_dirs.retain(|(d, _)| *d <= depth);
        self.local_typedefs.retain(|(d, _, _)| *d <= depth);
        r
    }

    /// The namespace `target` (as written in a block's `using namespace` or namespace alias)
    /// denotes: a block-scope alias's or a namespace alias's target for its first name, then
    /// inside the function's namespaces, innermost first, then at global scope.
    fn block_namespace(&self, target: &SmolStr) -> Option<SmolStr> {
        let (first, rest) = match target.split_once("::") {
            Some((f, r)) => (f, Some(r)),
            None => (target.as_str(), None),
        };
        let join = |base: &SmolStr| match rest {
            Some(r) => SmolStr::new(format!("{base}::{r}")),
            None => base.clone(),
        };
        if let Some((_, _, ns)) = self.using_aliases.iter().rev().find(|(_, n, _)| n == first) {
            let q = join(ns);
            if self.namespace_has_members(&q) {
                return Some(q);
            }
        }
        if let Some((_, _, ns)) = self
            .dm
            .ns_aliases
            .iter()
            .rev()
            .find(|(_, a, _)| a == first || a.rsplit("::").next() == Some(first))
        {
            let q = join(ns);
            if self.namespace_has_members(&q) {
                return Some(q);
            }
        }
        let fn_name = self.func.as_ref().map(|f| f.name.clone()).unwrap_or_default();
        let parts: Vec<&str> = fn_name.split("::").collect();
        (0..parts.len())
            .rev()
            .map(|k| match k {
                0 => target.clone(),
                k => SmolStr::new(format!("{}::{target}", parts[..k].join("::"))),
            })
            .find(|ns| self.namespace_has_members(ns))
    }
    pub(crate) fn stmt(&mut self, s: StmtId) -> TStmtId {
        let mark = self.pending_temps.len();
        let r = self.stmt_inner(s);
        // Temporaries with destructors are destroyed where a full-expression ends; any left
        // were made where warpc does not end one (a braced list item, say): refused.
        self.refuse_pending_temps(mark);
        r
    }

    /// A statement's condition: a full-expression (its temporaries are destroyed after it is
    /// evaluated, before the branch).
    fn full_condition(&mut self, cond: crate::body::ExprId) -> crate::thir::TExprId {
        let mark = self.pending_temps.len();
        let c = self.condition(cond);
        self.end_full_expr(mark, c, false)
    }

    fn stmt_inner(&mut self, s: StmtId) -> TStmtId {
        let Some(stmt) = self.stmts.get(s.0 as usize) else {
            return self.mk_stmt(TStmt::Empty);
        };
        if self.returns_only {
            // A host function's returns (`host_return_type`): the statements that can hold a
            // `return` are entered (an ordinary `if`'s branches both, its condition unchecked),
            // local declarations only typed, everything else skipped.
            match stmt {
                Stmt::Block(_)
                | Stmt::Return(_)
                | Stmt::Using { .. }
                | Stmt::NamespaceAlias { .. }
                | Stmt::UsingNamespace { .. }
                | Stmt::Typedef { .. } => {}
                Stmt::If { .. } if self.constexpr_ifs.contains(&s) => {}
                Stmt::If { then, else_, .. } => {
                    let (then, else_) = (*then, *else_);
                    self.stmt_in_scope(then, true);
                    if let Some(e) = else_ {
                        self.stmt_in_scope(e, true);
                    }
                    return self.mk_stmt(TStmt::Empty);
                }
                Stmt::Decl(_) => {
                    self.declare_for_typing(s);
                    return self.mk_stmt(TStmt::Empty);
                }
                Stmt::While { body, .. }
                | Stmt::DoWhile { body, .. }
                | Stmt::For { body, .. }
                | Stmt::RangeFor { body, .. }
                | Stmt::Switch { body, .. }
                | Stmt::Case { body, .. }
                | Stmt::Default { body }
                | Stmt::Label { body, .. } => {
                    let body = *body;
                    self.stmt_in_scope(body, true);
                    return self.mk_stmt(TStmt::Empty);
                }
                _ => return self.mk_stmt(TStmt::Empty),
            }
        }
        match stmt {
            Stmt::Missing | Stmt::Empty => self.mk_stmt(TStmt::Empty),
            Stmt::Asm(a) => self.asm_stmt(s, a),
            Stmt::StaticAssert { cond, message } => {
                let v = self.value(*cond);
                if !self.ty(v).is_error() {
                    match self.eval(v).and_then(|c| c.as_int()) {
                        Some(0) => self.error(
                            DiagAt::Stmt(s),
                            "static-assert",
                            crate::def_map::static_assert_failed(message),
                        ),
                        Some(_) => {}
                        None => self.out.deferred_asserts.push((v, message.clone(), s)),
                    }
                }
                self.mk_stmt(TStmt::Empty)
            }
            Stmt::Using { name, target } => {
                let depth = self.scopes.len();
                self.using_aliases.push((depth, name.clone(), target.clone()));
                self.mk_stmt(TStmt::Empty)
            }
            Stmt::NamespaceAlias { name, target } => {
                match self.block_namespace(target) {
                    Some(ns) => {
                        // `a::x` is then `N::x`, as a block-scope `using` makes it.
                        let depth = self.scopes.len();
                        self.using_aliases.push((depth, name.clone(), ns));
                    }
                    None => self.error(
                        DiagAt::Stmt(s),
                        "undefined-identifier",
                        "name must be a namespace name".to_string(),
                    ),
                }
                self.mk_stmt(TStmt::Empty)
            }
            Stmt::UsingNamespace { target } => {
                match self.block_namespace(target) {
                    Some(ns) => {
                        let depth = self.scopes.len();
                        self.local_using_dirs.push((depth, ns));
                    }
                    None => self.error(
                        DiagAt::Stmt(s),
                        "undefined-identifier",
                        "name must be a namespace name".to_string(),
                    ),
                }
                self.mk_stmt(TStmt::Empty)
            }
            Stmt::Typedef { name, ty } => {
                let t = self.body_type(*ty, DiagAt::Stmt(s));
                let depth = self.scopes.len();
                self.local_typedefs.push((depth, name.clone(), t));
                self.mk_stmt(TStmt::Empty)
            }
            Stmt::Expr(e) => {
                let mark = self.pending_temps.len();
                let t = self.expr(*e);
                let t = self.end_full_expr(mark, t, true);
                self.mk_stmt(TStmt::Expr(t))
            }
            Stmt::Decl(decls) => {
                let mut ids = Vec::new();
                for (i, d) in decls.iter().enumerate() {
                    if let Some(t) = self.local_decl(s, i as u32, d) {
                        ids.push(t);
                    }
                }
                match ids.len() {
                    0 => self.mk_stmt(TStmt::Empty),
                    1 => ids[0],
                    _ => self.mk_stmt(TStmt::Block(ids)),
                }
            }
            Stmt::Block(ss) => {
                self.scopes.push(Vec::new());
                let mut ids: Vec<TStmtId> = ss.iter().map(|s| self.stmt(*s)).collect();
                let depth = self.scopes.len();
                ids.extend(self.destroy_scopes(depth - 1, true));
                self.scopes.pop();
                // Block-scope aliases, typedefs and classes end with the block.
                let depth = self.scopes.len();
                self.using_aliases.retain(|(d, _, _)| *d <= depth);
                self.local_using_dirs.retain(|(d, _)| *d <= depth);
                self.local_typedefs.retain(|(d, _, _)| *d <= depth);
                self.mk_stmt(TStmt::Block(ids))
            }
            Stmt::If { .. } => self.if_chain(s),
            Stmt::While { cond, body, hint } => {
                let c = self.full_condition(*cond);
                self.breakables.push(Breakable {
                    is_loop: true,
                    depth: self.scopes.len(),
                });
                let b = self.stmt_in_scope(*body, true);
                self.breakables.pop();
                self.mk_stmt(TStmt::While {
                    cond: c,
                    body: b,
                    hint: *hint,
                })
            }
            Stmt::DoWhile { body, cond, hint } => {
                self.breakables.push(Breakable {
                    is_loop: true,
                    depth: self.scopes.len(),
                });
                let b = self.stmt_in_scope(*body, true);
                self.breakables.pop();
                let c = self.full_condition(*cond);
                self.mk_stmt(TStmt::DoWhile {
                    body: b,
                    cond: c,
                    hint: *hint,
                })
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
                hint,
            } => {
                self.scopes.push(Vec::new());
                let i = init.map(|i| self.stmt(i));
                let c = cond.map(|c| self.full_condition(c));
                let st = step.map(|e| {
                    let mark = self.pending_temps.len();
                    let v = self.expr(e);
                    self.end_full_expr(mark, v, true)
                });
                self.breakables.push(Breakable {
                    is_loop: true,
                    depth: self.scopes.len(),
                });
                let b = self.stmt_in_scope(*body, true);
                self.breakables.pop();
                let depth = self.scopes.len();
                let cleanup = self.destroy_scopes(depth - 1, true);
                self.scopes.pop();
                let f = self.mk_stmt(TStmt::For {
                    init: i,
                    cond: c,
                    step: st,
                    body: b,
                    hint: *hint,
                });
                if cleanup.is_empty() {
                    f
                } else {
                    let mut v = vec![f];
                    v.extend(cleanup);
                    self.mk_stmt(TStmt::Block(v))
                }
            }
            Stmt::RangeFor { var, range, body } => self.range_for(s, var, *range, *body),
            Stmt::Bindings { var, object, names } => self.bindings(s, var.as_ref(), object, names),
            Stmt::Switch { cond, body } => {
                let mark = self.pending_temps.len();
                let v = self.value(*cond);
                let v = self.end_full_expr(mark, v, false);
                let t = self.ty(v).clone();
                let (c, ty) = if t.is_error() {
                    (v, Ty::error())
                } else if !t.is_integer() {
                    self.error_e(*cond, "type-mismatch", "expression must have integral or enum type");
                    (self.err_expr(), Ty::error())
                } else {
                    let p = self.promote_value(v);
                    let pt = self.ty(p).clone();
                    (p, pt)
                };
                self.switches.push(SwitchCtx {
                    ty,
                    cases: Vec::new(),
                    has_default: false,
                    depth: self.scopes.len(),
                });
                self.breakables.push(Breakable {
                    is_loop: false,
                    depth: self.scopes.len(),
                });
                let b = self.stmt_in_scope(*body, true);
                self.breakables.pop();
                let sw = self.switches.pop().unwrap();
                self.mk_stmt(TStmt::Switch {
                    cond: c,
                    body: b,
                    cases: sw.cases,
                    has_default: sw.has_default,
                })
            }
            Stmt::Case { value, body } => {
                self.check_bypass(s);
                let marker = if self.switches.is_empty() {
                    self.error(
                        DiagAt::Stmt(s),
                        "case-outside-switch",
                        "a case label may only be used within a switch",
                    );
                    None
                } else {
                    match self.ice(*value) {
                        Some((v, _)) => {
                            let sw_ty = self.switches.last().unwrap().ty.clone();
                            let bits = match types::int_kind(&sw_ty) {
                                Some(k) => int_bits(normalize_int(v, k), k),
                                None => v as u128,
                            };
                            let sw = self.switches.last_mut().unwrap();
                            if sw.cases.contains(&bits) && !sw_ty.is_error() {
                                self.error_e(
                                    *value,
                                    "duplicate-case",
                                    "case label value has already appeared in this switch",
                                );
                                None
                            } else {
                                sw.cases.push(bits);
                                Some(TStmt::Case(sw.cases.len() as u32 - 1))
                            }
                        }
                        None => None,
                    }
                };
                let m = marker.map(|m| self.mk_stmt(m));
                let b = self.stmt(*body);
                match m {
                    Some(m) => self.mk_stmt(TStmt::Block(vec![m, b])),
                    None => b,
                }
            }
            Stmt::Default { body } => {
                self.check_bypass(s);
                let marker = match self.switches.last_mut() {
                    None => {
                        self.error(
                            DiagAt::Stmt(s),
                            "case-outside-switch",
                            "a default label may only be used within a switch",
                        );
                        None
                    }
                    Some(sw) if sw.has_default => {
                        self.error(
                            DiagAt::Stmt(s),
                            "duplicate-case",
                            "default label has already appeared in this switch",
                        );
                        None
                    }
                    Some(sw) => {
                        sw.has_default = true;
                        Some(TStmt::Default)
                    }
                };
                let m = marker.map(|m| self.mk_stmt(m));
                let b = self.stmt(*body);
                match m {
                    Some(m) => self.mk_stmt(TStmt::Block(vec![m, b])),
                    None => b,
                }
            }
            Stmt::Break => {
                if self.breakables.is_empty() {
                    self.error(
                        DiagAt::Stmt(s),
                        "misplaced-break",
                        "a break statement may only be used within a loop or switch",
                    );
                    return self.mk_stmt(TStmt::Empty);
                }
                let keep = self.breakables.last().map_or(0, |b| b.depth);
                self.exit_to(keep, TStmt::Break)
            }
            Stmt::Continue => {
                if !self.breakables.iter().any(|b| b.is_loop) {
                    self.error(
                        DiagAt::Stmt(s),
                        "misplaced-continue",
                        "a continue statement may only be used within a loop",
                    );
                    return self.mk_stmt(TStmt::Empty);
                }
                let keep = self.breakables.iter().rev().find(|b| b.is_loop).map_or(0, |b| b.depth);
                self.exit_to(keep, TStmt::Continue)
            }
            Stmt::Return(e) => self.return_stmt(s, *e),
            Stmt::Goto(name) => match self.labels.get(name) {
                Some(l) => {
                    if self.first_goto.is_none() {
                        self.first_goto = Some(s);
                    }
                    let l = *l;
                    self.mk_stmt(TStmt::Goto(l))
                }
                None => {
                    let msg = format!("label \"{name}\" was referenced but not defined");
                    self.error(DiagAt::Stmt(s), "undefined-label", msg);
                    self.mk_stmt(TStmt::Empty)
                }
            },
            Stmt::Label { name, body } => {
                let l = self.labels.get(name).copied();
                let b = self.stmt(*body);
                match l {
                    Some(l) => {
                        let m = self.mk_stmt(TStmt::Label(l));
                        self.mk_stmt(TStmt::Block(vec![m, b]))
                    }
                    None => b,
                }
            }
        }
    }

    /// `break`/`continue`: destroys the objects of the scopes deeper than `keep` first.
    fn exit_to(&mut self, keep: usize, jump: TStmt) -> TStmtId {
        let mut v = self.destroy_scopes(keep, false);
        let j = self.mk_stmt(jump);
        if v.is_empty() {
            return j;
        }
        v.push(j);
        self.mk_stmt(TStmt::Block(v))
    }

    /// A `case`/`default` label: jumping there must not skip the construction of a live object
    /// that is destroyed later.
    fn check_bypass(&mut self, s: StmtId) {
        let Some(depth) = self.switches.last().map(|sw| sw.depth) else {
            return;
        };
        if let Some(&(_, l, _)) = self.dtor_locals.iter().find(|(d, _, _)| *d > depth) {
            let name = self.out.local(l).name.clone();
            let msg = format!(
                "transfer of control bypasses initialization of variable \"{name}\", whose class has a destructor"
            );
            self.error(DiagAt::Stmt(s), "bypassed-init", msg);
        }
    }

    /// `if .. else if .. else ..` chains, iteratively (they can be thousands long).
    fn if_chain(&mut self, s: StmtId) -> TStmtId {
        let mut links: Vec<(crate::thir::TExprId, TStmtId)> = Vec::new();
        let mut cur = s;
        let mut last_else = None;
        while let Some(Stmt::If { cond, then, else_ }) = self.stmts.get(cur.0 as usize) {
            if links.len() > self.stmts.len() {
                break; // malformed (cyclic) HIR
            }
            let mark = self.pending_temps.len();
            let c = self.condition(*cond);
            let c = self.end_full_expr(mark, c, false);
            if self.constexpr_ifs.contains(&cur) {
                // `if constexpr`: the condition is a constant; in a template instance the
                // discarded branch is not instantiated (it may name instances that must not
                // exist, `fact<N - 1>()` for `N == 0`).
                match self.eval(c).and_then(|v| v.as_int()) {
                    Some(v) if !self.template_env.is_empty() => {
                        let taken = if v != 0 { Some(*then) } else { *else_ };
                        let t = match taken {
                            Some(s) => self.stmt_in_scope(s, true),
                            None => self.mk_stmt(TStmt::Empty),
                        };
                        last_else = Some(t);
                        break;
                    }
                    Some(_) => {}
                    None if !self.ty(c).is_error() => {
                        self.error(
                            DiagAt::Expr(*cond),
                            "not-constant",
                            "expression must have a constant value",
                        );
                    }
                    None => {}
                }
            }
            let t = self.stmt_in_scope(*then, true);
            links.push((c, t));
            match else_ {
                Some(e) if matches!(self.stmts.get(e.0 as usize), Some(Stmt::If { .. })) => cur = *e,
                Some(e) => {
                    last_else = Some(self.stmt_in_scope(*e, true));
                    break;
                }
                None => break,
            }
        }
        let mut else_ = last_else;
        let mut result = None;
        for (c, t) in links.into_iter().rev() {
            let id = self.mk_stmt(TStmt::If {
                cond: c,
                then: t,
                else_,
            });
            else_ = Some(id);
            result = Some(id);
        }
        result.or(last_else).unwrap_or_else(|| self.mk_stmt(TStmt::Empty))
    }

    fn return_stmt(&mut self, s: StmtId, e: Option<crate::body::ExprId>) -> TStmtId {
        if let Some(e) = e {
            // A returned temporary becomes the caller's object (no copy, no destruction here).
            if let Some(crate::body::Expr::Construct { .. } | crate::body::Expr::Call { .. }) =
                self.exprs.get(e.0 as usize)
            {
                self.init_temp = Some(e);
            }
        }
        let r = self.return_stmt_inner(s, e);
        self.init_temp = None;
        if self.dtor_locals.is_empty() {
            return r;
        }
        // Destroy the live objects after the value is computed, before returning.
        let v = match self.out.stmt(r).clone() {
            TStmt::Return(v) => v,
            TStmt::Block(mut v) if matches!(v.last().map(|l| self.out.stmt(*l)), Some(TStmt::Return(None))) => {
                // `return f();` in a void function: `{ f(); return; }`.
                let ret = v.pop().unwrap();
                v.extend(self.destroy_scopes(0, false));
                v.push(ret);
                return self.mk_stmt(TStmt::Block(v));
            }
            _ => return r,
        };
        let mut stmts = Vec::new();
        let v = match v {
            Some(v) if !self.ty(v).is_error() => {
                let t = self.ty(v).clone();
                let tmp = self.add_local(SmolStr::new("$ret.tmp"), t.clone(), LocalStorage::Auto);
                stmts.push(self.mk_stmt(TStmt::Decl {
                    local: tmp,
                    init: Some(TInit::Expr(v)),
                }));
                let tl = self.mk(t.clone(), crate::thir::ValueCategory::LValue, ExprKind::Local(tmp));
                Some(self.cast(crate::thir::CastKind::Load, tl, t))
            }
            v => v,
        };
        stmts.extend(self.destroy_scopes(0, false));
        stmts.push(self.mk_stmt(TStmt::Return(v)));
        self.mk_stmt(TStmt::Block(stmts))
    }

    fn return_stmt_inner(&mut self, s: StmtId, e: Option<crate::body::ExprId>) -> TStmtId {
        let mark = self.pending_temps.len();
        let Some(ctx) = &self.func else {
            return self.mk_stmt(TStmt::Empty);
        };
        let (ret, name, ctx_id) = (ctx.ret.clone(), ctx.name.clone(), ctx.id);
        if ctx.deduce_ret {
            // A lambda without `-> T`: the first `return` gives the type.
            let pattern = self.dm.function(ctx_id).ret_pattern.as_ref();
            let patterned = match (pattern, e) {
                (Some(p), Some(e)) => Some(self.deduced_ret_of(s, p, e)),
                _ => None,
            };
            let v = match e {
                Some(e) => {
                    let v = self.value(e);
                    Some(v)
                }
                None => None,
            };
            let t = match patterned {
                Some(t) => t,
                None => v.map(|v| self.ty(v).unqualified()).unwrap_or_else(Ty::void),
            };
            match &self.out.deduced_ret {
                None => self.out.deduced_ret = Some(t),
                Some(prev) if !prev.is_error() && !t.is_error() && !super::types::same_unqual(prev, &t) => {
                    if self.dm.function(ctx_id).lambda.is_some() {
                        let msg = "return type deduction failed: returns of different types in a lambda";
                        self.error(DiagAt::Stmt(s), "type-mismatch", msg);
                    } else {
                        let msg = format!(
                            "deduced return type \"{}\" conflicts with previously deduced type \"{}\"",
                            self.show(&t),
                            self.show(prev)
                        );
                        self.error(DiagAt::Stmt(s), "type-mismatch", msg);
                        // Not learned: the final check reports this again.
                        self.out.deduced_ret = Some(Ty::error());
                    }
                }
                _ => {}
            }
            return self.mk_stmt(TStmt::Return(v));
        }
        let Some(e) = e else {
            if !ret.is_void() && !ret.is_error() {
                let msg = format!("non-void function \"{name}\" should return a value");
                self.warn(DiagAt::Stmt(s), "missing-return-value", msg);
            }
            return self.mk_stmt(TStmt::Return(None));
        };
        if let TyKind::Reference(_) = &ret.kind {
            let lv = self.expr(e);
            let a = self.bind_ref(&ret, lv, e, ConvCtx::Return);
            return self.mk_stmt(TStmt::Return(Some(a)));
        }
        if let Some(crate::body::Expr::InitList(init)) = self.exprs.get(e.0 as usize) {
            // `return {a, b};`: copy-list-initialization of the returned object.
            let v = self.return_braced(e, &ret, init);
            let v = self.end_full_expr(mark, v, false);
            return self.mk_stmt(TStmt::Return(Some(v)));
        }
        let lv = self.expr(e);
        self.cache.insert(e, lv);
        let is_lvalue = self.out.expr(lv).category == crate::thir::ValueCategory::LValue;
        let mut v = self.value(e);
        if let (true, Some(rid)) = (is_lvalue, super::cxx::record_of(&ret)) {
            if self.nontrivial_copy(rid, 0) {
                // `return x;` naming a local object or parameter moves from it (C++ tries the
                // returned name as an rvalue first). The copy is the returned object (not a
                // temporary this function destroys: the caller does); a copy of a base
                // subobject stays refused.
                let local = matches!(self.out.expr(lv).kind, ExprKind::Local(l) if !self.ref_locals.contains(&l)
                    && matches!(self.out.local(l).storage, LocalStorage::Auto | LocalStorage::Param));
                let plain = super::types::same_unqual(self.ty(v), &ret);
                let saved = self.init_temp.replace(e);
                let copy = plain.then(|| self.copy_by_constructor(v, e, local)).flatten();
                self.init_temp = saved;
                match copy {
                    Some(c) => v = c,
                    None => {
                        let msg = format!("unsupported: returning a copy of an object of class \"{}\", which has a user-provided copy constructor", self.show(&ret.unqualified()));
                        self.error_e(e, "unsupported", msg);
                    }
                }
            }
        }
        let vt = self.ty(v).clone();
        if ret.is_void() {
            if !vt.is_void() && !vt.is_error() {
                self.error_e(e, "type-mismatch", "return value type does not match the function type");
            }
            // `return f();` in a void function: evaluate, then return.
            let ev = self.mk_stmt(TStmt::Expr(v));
            let r = self.mk_stmt(TStmt::Return(None));
            return self.mk_stmt(TStmt::Block(vec![ev, r]));
        }
        if vt.is_void() {
            self.error_e(e, "type-mismatch", "return value type does not match the function type");
            let r = self.err_expr();
            return self.mk_stmt(TStmt::Return(Some(r)));
        }
        let c = self.convert(v, &ret, ConvCtx::Return, e);
        let c = self.end_full_expr(mark, c, false);
        self.mk_stmt(TStmt::Return(Some(c)))
    }

    /// The value of `return {items};` for return type `ret`: a constructor call for a class
    /// with constructors (the returned object itself), an aggregate or scalar initialized from
    /// the list otherwise.
    /// Copy-initializes an object of type `to` from expression `e` (a default argument): a
    /// braced list (`Sco = {}`) list-initializes it, anything else converts.
    pub(crate) fn copy_init_value(&mut self, e: crate::body::ExprId, to: &Ty, ctx: ConvCtx) -> crate::thir::TExprId {
        if let Some(crate::body::Expr::InitList(init)) = self.exprs.get(e.0 as usize) {
            return self.return_braced(e, to, init);
        }
        let v = self.value(e);
        self.convert(v, to, ctx, e)
    }

    fn return_braced(
        &mut self,
        e: crate::body::ExprId,
        ret: &Ty,
        init: &'a crate::body::Initializer,
    ) -> crate::thir::TExprId {
        use crate::body::Initializer;
        if ret.is_void() || ret.is_error() {
            if ret.is_void() {
                self.error_e(e, "type-mismatch", "return value type does not match the function type");
            }
            return self.err_expr();
        }
        let t = ret.unqualified();
        if let Some(rid) = super::cxx::record_of(&t).filter(|&r| self.has_ctors(r)) {
            let _ = rid;
            let args: Vec<crate::body::ExprId> = match init {
                Initializer::List(items) => items
                    .iter()
                    .filter_map(|(d, i)| match (d, i) {
                        (None, Initializer::Expr(x)) => Some(*x),
                        _ => None,
                    })
                    .collect(),
                Initializer::Expr(x) => vec![*x],
            };
            let saved = self.init_temp.replace(e);
            let v = self.construct_ty(e, t, &args, true, Some(init));
            self.init_temp = saved;
            return self.rv(v);
        }
        let (ti, _) = self.initializer(&t, init, &DiagAt::Expr(e));
        match ti {
            crate::thir::TInit::Expr(x) => x,
            ti => self.rvalue_of(t, crate::thir::ExprKind::Aggregate(Box::new(ti))),
        }
    }

    /// `for (T x : arr) body` over an array of known length `n`: a hidden pointer to the first
    /// element and a hidden index, `for (i = 0; i < n; ++i) { T x = p[i]; body }` (`T& x` binds
    /// `p[i]`; `auto` takes the element type).
    fn range_for(&mut self, s: StmtId, var: &'a LocalDecl, range: crate::body::ExprId, body: StmtId) -> TStmtId {
        use crate::body::TypeRef;
        use crate::thir::ValueCategory;
        let at = DiagAt::Decl(s, 0);
        let r = self.expr(range);
        let rt = self.ty(r).clone();
        if rt.is_error() {
            return self.mk_stmt(TStmt::Empty);
        }
        let (elem, n) = match (&rt.kind, self.out.expr(r).category) {
            (TyKind::Array(e, Some(n)), ValueCategory::LValue) => ((**e).clone(), *n),
            _ => {
                let msg = format!(
                    "unsupported: range-based for over \"{}\" (only arrays of known size)",
                    self.show(&rt)
                );
                self.error_e(range, "unsupported", msg);
                return self.mk_stmt(TStmt::Empty);
            }
        };
        let elem = types::add_quals(elem, types::cv(rt.quals));
        self.scopes.push(Vec::new());
        // Hidden locals: the first element's address and the index.
        let p_ty = Ty::ptr(elem.clone());
        let p = self.add_local(SmolStr::new("$range"), p_ty.clone(), LocalStorage::Auto);
        let first = self.cast(crate::thir::CastKind::ArrayToPtr, r, p_ty.clone());
        let p_decl = self.mk_stmt(TStmt::Decl {
            local: p,
            init: Some(TInit::Expr(first)),
        });
        let idx_ty = Ty::int(crate::ty::IntKind::Long);
        let i = self.add_local(SmolStr::new("$i"), idx_ty.clone(), LocalStorage::Auto);
        let zero = self.int_const(0, crate::ty::IntKind::Long);
        let i_decl = self.mk_stmt(TStmt::Decl {
            local: i,
            init: Some(TInit::Expr(zero)),
        });
        let i_lv = self.mk(idx_ty.clone(), ValueCategory::LValue, ExprKind::Local(i));
        let i_rv = self.cast(crate::thir::CastKind::Load, i_lv, idx_ty.clone());
        let n_c = self.int_const(n as i128, crate::ty::IntKind::Long);
        let cond = self.rvalue_of(Ty::bool(), ExprKind::Binary(crate::thir::TBinOp::Lt, i_rv, n_c));
        let i_lv2 = self.mk(idx_ty.clone(), ValueCategory::LValue, ExprKind::Local(i));
        let step = self.mk(
            idx_ty.clone(),
            ValueCategory::LValue,
            ExprKind::IncDec {
                lhs: i_lv2,
                inc: true,
                prefix: true,
            },
        );
        // The element: `*(p + i)`.
        let p_lv = self.mk(p_ty.clone(), ValueCategory::LValue, ExprKind::Local(p));
        let p_rv = self.cast(crate::thir::CastKind::Load, p_lv, p_ty.clone());
        let i_lv3 = self.mk(idx_ty.clone(), ValueCategory::LValue, ExprKind::Local(i));
        let i_rv3 = self.cast(crate::thir::CastKind::Load, i_lv3, idx_ty);
        let addr = self.rvalue_of(
            p_ty.clone(),
            ExprKind::PtrAdd {
                ptr: p_rv,
                offset: i_rv3,
            },
        );
        let el = self.mk(elem.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
        // The loop variable.
        self.scopes.push(Vec::new());
        let written = self.types.get(var.ty.0 as usize);
        let (by_ref, quals, is_auto) = match written {
            Some(TypeRef::Reference(inner)) => match &**inner {
                TypeRef::Auto => (true, crate::body::Quals::empty(), true),
                TypeRef::Qualified(q, t) if matches!(**t, TypeRef::Auto) => (true, *q, true),
                _ => (true, crate::body::Quals::empty(), false),
            },
            Some(TypeRef::Auto) => (false, crate::body::Quals::empty(), true),
            Some(TypeRef::Qualified(q, t)) if matches!(**t, TypeRef::Auto) => (false, *q, true),
            _ => (false, crate::body::Quals::empty(), false),
        };
        let var_ty = if is_auto {
            if by_ref {
                elem.clone().with_quals(quals)
            } else {
                elem.unqualified().with_quals(quals)
            }
        } else {
            match self.body_type(var.ty, at.clone()).kind {
                TyKind::Reference(t) => *t,
                k => Ty {
                    kind: k,
                    quals: self.body_type(var.ty, at.clone()).quals,
                },
            }
        };
        let v_decl = if by_ref {
            let bound = self.bind_reference_to(&var_ty, el, range, super::conv::ConvCtx::Init);
            let l = self.add_local(var.name.clone(), Ty::ptr(var_ty), LocalStorage::Auto);
            self.ref_locals.insert(l);
            self.declare(var.name.clone(), l, at.clone());
            self.mk_stmt(TStmt::Decl {
                local: l,
                init: Some(TInit::Expr(bound)),
            })
        } else {
            if let Some(what) = self.by_value_obstacle(&var_ty) {
                let msg = format!("unsupported: a range-based for loop variable of class \"{}\", which has {what} (declare it as a reference)", self.show(&var_ty.unqualified()));
                self.error(at.clone(), "unsupported", msg);
            }
            let v = self.rv(el);
            let c = self.convert(v, &var_ty, super::conv::ConvCtx::Init, range);
            let l = self.add_local(var.name.clone(), var_ty, LocalStorage::Auto);
            self.declare(var.name.clone(), l, at.clone());
            self.mk_stmt(TStmt::Decl {
                local: l,
                init: Some(TInit::Expr(c)),
            })
        };
        self.breakables.push(Breakable {
            is_loop: true,
            depth: self.scopes.len(),
        });
        let b = self.stmt_in_scope(body, true);
        self.breakables.pop();
        self.scopes.pop();
        let inner = self.mk_stmt(TStmt::Block(vec![v_decl, b]));
        let f = self.mk_stmt(TStmt::For {
            init: Some(i_decl),
            cond: Some(cond),
            step: Some(step),
            body: inner,
            hint: crate::body::LoopHint::None,
        });
        self.scopes.pop();
        self.mk_stmt(TStmt::Block(vec![p_decl, f]))
    }

    /// A C++17 structured binding: the hidden object `object` (declared by `var`), then each
    /// name a reference local bound to the object's member or element (by-value bindings refer
    /// into the hidden copy, by-reference ones into the original).
    fn bindings(&mut self, s: StmtId, var: Option<&'a LocalDecl>, object: &SmolStr, names: &'a [SmolStr]) -> TStmtId {
        use crate::thir::ValueCategory;
        let mut out = Vec::new();
        if let Some(var) = var {
            if let Some(t) = self.array_copy_binding(s, var) {
                out.extend(t);
            } else if let Some(t) = self.local_decl(s, 0, var) {
                out.push(t);
            }
        }
        let elems = self.binding_elements(s, object, names.len());
        for (i, name) in names.iter().enumerate() {
            let at = DiagAt::Decl(s, i as u32 + 1);
            match elems.as_ref().and_then(|e| e.get(i).cloned()) {
                Some((lv, ty)) => {
                    let addr = self.rvalue_of(Ty::ptr(ty.clone()), ExprKind::AddrOf(lv));
                    let l = self.add_local(name.clone(), Ty::ptr(ty), LocalStorage::Auto);
                    self.ref_locals.insert(l);
                    self.declare(name.clone(), l, at);
                    out.push(self.mk_stmt(TStmt::Decl {
                        local: l,
                        init: Some(TInit::Expr(addr)),
                    }));
                }
                None => {
                    let l = self.add_local(name.clone(), Ty::error(), LocalStorage::Auto);
                    self.declare(name.clone(), l, at);
                }
            }
        }
        let _ = ValueCategory::LValue;
        self.mk_stmt(TStmt::Block(out))
    }

    /// `auto [a, b] = arr;` over an array lvalue: the hidden object is a copy of the array (not
    /// a decayed pointer), assigned element by element. `None` when the binding is not of that
    /// form (the hidden object is then an ordinary `auto` local).
    fn array_copy_binding(&mut self, s: StmtId, var: &'a LocalDecl) -> Option<Vec<TStmtId>> {
        use crate::body::{Initializer, TypeRef};
        use crate::thir::{CastKind, ValueCategory};
        let quals = match self.types.get(var.ty.0 as usize)? {
            TypeRef::Auto => crate::body::Quals::empty(),
            TypeRef::Qualified(q, t) if matches!(**t, TypeRef::Auto) => *q,
            _ => return None,
        };
        let Some(Initializer::Expr(e)) = &var.init else {
            return None;
        };
        let src = self.expr(*e);
        self.cache.insert(*e, src);
        let sty = self.ty(src).clone();
        let TyKind::Array(elem, Some(n)) = &sty.kind else {
            return None;
        };
        let (elem, n) = ((**elem).clone(), *n);
        if self.out.expr(src).category != ValueCategory::LValue
            || super::cxx::record_of(&elem).is_some()
            || matches!(elem.kind, TyKind::Array(..))
        {
            let msg = format!(
                "unsupported: structured binding copying an array of \"{}\" (bind by reference)",
                self.show(&elem)
            );
            self.error(DiagAt::Decl(s, 0), "unsupported", msg);
            return None;
        }
        let at = DiagAt::Decl(s, 0);
        let dst_elem = elem.unqualified();
        let hidden_ty = Ty::new(TyKind::Array(Box::new(dst_elem.clone()), Some(n)));
        let l = self.add_local(var.name.clone(), hidden_ty.clone(), LocalStorage::Auto);
        self.declare(var.name.clone(), l, at);
        let mut out = vec![self.mk_stmt(TStmt::Decl { local: l, init: None })];
        let src_p = Ty::ptr(elem.clone());
        let dst_p = Ty::ptr(dst_elem.clone());
        for i in 0..n {
            let sfirst = self.cast(CastKind::ArrayToPtr, src, src_p.clone());
            let off = self.int_const(i as i128, crate::ty::IntKind::Long);
            let saddr = self.rvalue_of(
                src_p.clone(),
                ExprKind::PtrAdd {
                    ptr: sfirst,
                    offset: off,
                },
            );
            let sel = self.mk(elem.clone(), ValueCategory::LValue, ExprKind::Deref(saddr));
            let v = self.rv(sel);
            let d = self.mk(hidden_ty.clone(), ValueCategory::LValue, ExprKind::Local(l));
            let dfirst = self.cast(CastKind::ArrayToPtr, d, dst_p.clone());
            let off = self.int_const(i as i128, crate::ty::IntKind::Long);
            let daddr = self.rvalue_of(
                dst_p.clone(),
                ExprKind::PtrAdd {
                    ptr: dfirst,
                    offset: off,
                },
            );
            let del = self.mk(dst_elem.clone(), ValueCategory::LValue, ExprKind::Deref(daddr));
            let asg = self.mk(
                dst_elem.clone(),
                ValueCategory::LValue,
                ExprKind::Assign { lhs: del, rhs: v },
            );
            out.push(self.mk_stmt(TStmt::Expr(asg)));
        }
        if !quals.is_empty() {
            self.out.locals[l.0 as usize].ty = hidden_ty.with_quals(quals);
        }
        Some(out)
    }

    /// The lvalues (and types) a structured binding's names refer to: the members of a class
    /// whose data members are all public and declared in one class (it or a base), or the
    /// elements of an array. `None` after an error.
    fn binding_elements(
        &mut self,
        s: StmtId,
        object: &SmolStr,
        count: usize,
    ) -> Option<Vec<(crate::thir::TExprId, Ty)>> {
        use crate::thir::{CastKind, ValueCategory};
        let at = DiagAt::Decl(s, 0);
        let l = self.lookup_local(object)?;
        let lty = self.out.local(l).ty.clone();
        if lty.is_error() {
            return None;
        }
        let obj = if self.ref_locals.contains(&l) {
            let TyKind::Pointer(pointee) = &lty.kind else {
                return None;
            };
            let pointee = (**pointee).clone();
            let p = self.mk(lty.clone(), ValueCategory::LValue, ExprKind::Local(l));
            let pv = self.cast(CastKind::Load, p, lty.clone());
            self.mk(pointee, ValueCategory::LValue, ExprKind::Deref(pv))
        } else {
            self.mk(lty.clone(), ValueCategory::LValue, ExprKind::Local(l))
        };
        let oty = self.ty(obj).clone();
        let count_error = |ck: &mut Self, n: usize| {
            if n > count {
                ck.error(
                    at.clone(),
                    "binding-count",
                    "there are more elements than there are binding names",
                );
            } else {
                ck.error(DiagAt::Decl(s, n as u32 + 1), "binding-count", "too many identifiers");
            }
        };
        match &oty.kind {
            TyKind::Array(elem, Some(n)) => {
                let n = *n as usize;
                if n != count {
                    count_error(self, n);
                    return None;
                }
                let elem = types::add_quals((**elem).clone(), types::cv(oty.quals));
                let p_ty = Ty::ptr(elem.clone());
                let mut out = Vec::new();
                for i in 0..n {
                    let first = self.cast(CastKind::ArrayToPtr, obj, p_ty.clone());
                    let off = self.int_const(i as i128, crate::ty::IntKind::Long);
                    let addr = self.rvalue_of(
                        p_ty.clone(),
                        ExprKind::PtrAdd {
                            ptr: first,
                            offset: off,
                        },
                    );
                    let el = self.mk(elem.clone(), ValueCategory::LValue, ExprKind::Deref(addr));
                    out.push((el, elem.clone()));
                }
                Some(out)
            }
            TyKind::Record(rid) => {
                let rid = *rid;
                let Some(holder) = self.binding_holder(rid) else {
                    let msg = format!(
                        "unsupported: structured binding of class \"{}\" (only classes whose data members are all public and declared in one class, and arrays)",
                        self.show(&oty.unqualified())
                    );
                    self.error(at, "unsupported", msg);
                    return None;
                };
                let rd = self.dm.record(holder);
                let fields: Vec<SmolStr> = rd
                    .fields
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !rd.is_base_field(*i as u32))
                    .filter_map(|(_, f)| f.name.clone())
                    .collect();
                if fields.len() != count {
                    count_error(self, fields.len());
                    return None;
                }
                let mut out = Vec::new();
                for f in &fields {
                    let path = super::access::find_field(&self.dm.records, rid, f)?;
                    let mut cur = obj;
                    for (rec, fi) in path {
                        let cx = self.out.expr(cur);
                        let (cat, quals) = (cx.category, types::cv(cx.ty.quals));
                        let fty = types::add_quals(self.dm.record(rec).fields[fi as usize].ty.clone(), quals);
                        cur = self.mk(fty, cat, ExprKind::Member { base: cur, field: fi });
                    }
                    let t = self.ty(cur).clone();
                    out.push((cur, t));
                }
                Some(out)
            }
            _ => {
                let msg = format!(
                    "unsupported: structured binding of type \"{}\" (only classes and arrays)",
                    self.show(&oty)
                );
                self.error(at, "unsupported", msg);
                None
            }
        }
    }

    /// The class that declares all the data members of `rid` (it, or one base), when they are
    /// public, named and none is anonymous; `None` otherwise (or for a union).
    fn binding_holder(&self, rid: crate::ty::RecordId) -> Option<crate::ty::RecordId> {
        let rd = self.dm.records.get(rid)?;
        if rd.is_union || !rd.complete || !rd.restricted.is_empty() || rd.closure_refs.iter().any(|_| true) {
            return None;
        }
        let own = rd
            .fields
            .iter()
            .enumerate()
            .filter(|(i, _)| !rd.is_base_field(*i as u32))
            .count();
        if rd
            .fields
            .iter()
            .enumerate()
            .any(|(i, f)| !rd.is_base_field(i as u32) && f.name.is_none())
        {
            return None;
        }
        let mut with_members: Vec<crate::ty::RecordId> = Vec::new();
        for b in &rd.bases {
            if b.field.is_some() || !self.dm.records.get(b.record).is_some_and(|r| r.is_empty_class()) {
                with_members.push(b.record);
            }
        }
        match (own, with_members.as_slice()) {
            (_, []) => Some(rid),
            (0, [b]) => self.binding_holder(*b),
            _ => None,
        }
    }

    /// `T& r = lvalue;` / `const T& r = value;`: a local holding the referent's address.
    fn local_reference(
        &mut self,
        at: DiagAt,
        d: &'a LocalDecl,
        referent: Ty,
        rvalue: bool,
        storage: LocalStorage,
    ) -> Option<TStmtId> {
        let addr = match (&d.init, storage) {
            (_, s) if s != LocalStorage::Auto => {
                self.error(
                    at.clone(),
                    "unsupported",
                    "unsupported: static or __shared__ references",
                );
                None
            }
            (Some(crate::body::Initializer::Expr(e)), _) => {
                let lv = self.expr(*e);
                let rt = Ty::new(TyKind::Reference(Box::new(referent.clone())));
                let rt = if rvalue {
                    rt.with_quals(crate::body::Quals::RVALUE)
                } else {
                    rt
                };
                Some(self.bind_ref(&rt, lv, *e, ConvCtx::Init))
            }
            (Some(_), _) => {
                self.error(
                    at.clone(),
                    "unsupported",
                    "unsupported: reference initialized from a braced list",
                );
                None
            }
            (None, _) => {
                let msg = format!("reference variable \"{}\" requires an initializer", d.name);
                self.error(at.clone(), "missing-init", msg);
                None
            }
        };
        let l = self.add_local(d.name.clone(), Ty::ptr(referent), LocalStorage::Auto);
        self.ref_locals.insert(l);
        self.declare(d.name.clone(), l, at);
        let init = addr.filter(|a| !self.ty(*a).is_error()).map(TInit::Expr);
        Some(self.mk_stmt(TStmt::Decl { local: l, init }))
    }

    /// Declares the locals of declaration statement `s` only for typing later expressions (host
    /// code read for a kernel launch, [`super::host_launch`]): a declarator with a written type
    /// is declared with it and its initializer is not checked (it may hold any host C++); one
    /// whose type comes from its initializer (`auto`, class template argument deduction, an
    /// array bound) is checked whole. Returns whether some initializer was checked (then the
    /// names it reads matter too).
    pub(crate) fn declare_for_typing(&mut self, s: StmtId) -> bool {
        let Some(Stmt::Decl(ds)) = self.stmts.get(s.0 as usize) else {
            return false;
        };
        let mut checked = false;
        for (i, d) in ds.iter().enumerate() {
            let at = DiagAt::Decl(s, i as u32);
            let written = self.types.get(d.ty.0 as usize);
            if d.storage != StorageClass::Typedef && written.is_some_and(|w| !auto_pattern(w)) {
                let mark = self.diags.len();
                let ty = self.body_type(d.ty, at.clone());
                let usable = match &ty.kind {
                    TyKind::Reference(_) => true,
                    _ => !ty.is_error() && types::is_complete(&ty, &self.dm.records),
                };
                if usable {
                    let (lty, is_ref) = match &ty.kind {
                        TyKind::Reference(r) => (Ty::ptr((**r).clone()), true),
                        _ => (ty, false),
                    };
                    let l = self.add_local(d.name.clone(), lty, LocalStorage::Auto);
                    if is_ref {
                        self.ref_locals.insert(l);
                    }
                    self.declare(d.name.clone(), l, at);
                    continue;
                }
                // Deduced from the initializer after all (`Span s(p, n)`): checked below.
                self.diags.truncate(mark);
            }
            self.local_decl(s, i as u32, d);
            checked = true;
        }
        checked
    }

    fn local_decl(&mut self, s: StmtId, i: u32, d: &'a LocalDecl) -> Option<TStmtId> {
        let mark = self.pending_temps.len();
        let r = self.local_decl_lifetimes(s, i, d);
        if self.pending_temps.len() <= mark {
            return r;
        }
        // The initializer's temporaries die after the initialization (a full-expression).
        let mut v: Vec<TStmtId> = r.into_iter().collect();
        if let Some(dtors) = self.destroy_temps(mark) {
            v.push(self.mk_stmt(TStmt::Expr(dtors)));
        }
        Some(self.mk_stmt(TStmt::Block(v)))
    }

    fn local_decl_lifetimes(&mut self, s: StmtId, i: u32, d: &'a LocalDecl) -> Option<TStmtId> {
        let first = self.out.locals.len();
        let saved = self.init_temp.take();
        let saved_ref = self.ref_init.take();
        // A temporary that initializes a local object becomes it; one bound to a reference
        // would have to live (and be destroyed) with the reference, which warpc refuses.
        let mut declared = self.types.get(d.ty.0 as usize);
        while let Some(crate::body::TypeRef::Qualified(_, t)) = declared {
            declared = Some(&**t);
        }
        let by_ref = matches!(declared, Some(crate::body::TypeRef::Reference(_)));
        match (&d.init, by_ref) {
            (Some(crate::body::Initializer::Expr(e)), false) => self.init_temp = Some(*e),
            (Some(crate::body::Initializer::Expr(e)), true) => self.ref_init = Some(*e),
            _ => {}
        }
        let r = self.local_decl_inner(s, i, d);
        self.init_temp = saved;
        self.ref_init = saved_ref;
        // The declared local (hidden temporaries are named `$...`).
        let declared = (first..self.out.locals.len())
            .find(|&k| self.out.locals[k].name == d.name && !self.ref_locals.contains(&LocalId(k as u32)));
        if let Some(k) = declared {
            let (ty, storage) = (self.out.locals[k].ty.clone(), self.out.locals[k].storage);
            if !ty.is_error() {
                self.register_local_lifetime(LocalId(k as u32), &ty, storage, &DiagAt::Decl(s, i));
            }
        }
        r
    }

    fn local_decl_inner(&mut self, s: StmtId, i: u32, d: &'a LocalDecl) -> Option<TStmtId> {
        let at = DiagAt::Decl(s, i);
        if d.storage == StorageClass::Typedef {
            // Reported by lowering (`unsupported`).
            return None;
        }
        let ty = match self.deduced_auto(d, &at) {
            Some(t) => t,
            None => match self.deduced_class(d, &at) {
                Some(t) => t,
                None => self.body_type(d.ty, at.clone()),
            },
        };
        if matches!(ty.kind, TyKind::Function(_)) {
            // A block-scope function declaration (`extern __device__ int f(int);`, `int f(int);`)
            // redeclares a namespace-scope function: calls find that one (an undeclared one is
            // reported at the call). Without `__device__` it makes a `__device__` one
            // `__host__ __device__`, as nvcc warns (#20037).
            let device_only = d.space == MemorySpace::Default
                && self.name_candidates(&d.name).iter().any(|q| {
                    self.dm.values.get(q).is_some_and(|defs| {
                        defs.iter().any(|v| {
                            matches!(v, crate::def_map::ValueDef::Function(f)
                                if self.dm.function(*f).space == crate::ty::ExecSpace::Device)
                        })
                    })
                });
            if device_only {
                let redeclared = super::items::redeclared_space(
                    crate::ty::ExecSpace::Device,
                    crate::ty::ExecSpace::Host,
                    false,
                    &d.name,
                );
                if let Ok((_, Some(msg))) = redeclared {
                    self.warn(at, "execution-space-redeclared", msg);
                }
            }
            return None;
        }
        let space_word = |m: MemorySpace| match m {
            MemorySpace::Global => "__device__",
            MemorySpace::Constant => "__constant__",
            MemorySpace::Managed => "__managed__",
            MemorySpace::Shared => "__shared__",
            MemorySpace::Default => "",
        };
        let storage = match (d.space, d.storage) {
            (MemorySpace::Shared, StorageClass::Extern) => LocalStorage::ExternShared,
            (MemorySpace::Shared, _) => LocalStorage::Shared,
            (MemorySpace::Default | MemorySpace::Global, StorageClass::Static) => LocalStorage::Static,
            (MemorySpace::Default, StorageClass::Extern) => {
                self.error(
                    at.clone(),
                    "unsupported",
                    "unsupported: extern declaration inside a function",
                );
                LocalStorage::Auto
            }
            (MemorySpace::Default, _) => LocalStorage::Auto,
            (MemorySpace::Constant | MemorySpace::Managed, StorageClass::Static) => {
                let msg = format!("unsupported: static {} variable inside a function", space_word(d.space));
                self.error(at.clone(), "unsupported", msg);
                LocalStorage::Auto
            }
            (m, _) => {
                let msg = format!(
                    "an automatic \"{}\" variable declaration is not allowed inside a device function body",
                    space_word(m)
                );
                self.error(at.clone(), "invalid-memory-space", msg);
                LocalStorage::Auto
            }
        };
        if let TyKind::Reference(referent) = &ty.kind {
            return self.local_reference(
                at,
                d,
                (**referent).clone(),
                ty.quals.contains(crate::body::Quals::RVALUE),
                storage,
            );
        }
        let l = self.add_local(d.name.clone(), ty.clone(), storage);
        self.declare(d.name.clone(), l, at.clone());
        for &e in &d.align {
            if let Some((n, _)) = self.ice(e) {
                if n > 0 && (n as u64).is_power_of_two() {
                    let local = &mut self.out.locals[l.0 as usize];
                    local.align = local.align.max(n as u64);
                } else {
                    self.error_e(e, "invalid-alignment", "invalid alignment value specified by attribute");
                }
            }
        }
        if ty.is_error() {
            if let Some(init) = &d.init {
                // Still check the initializer for its own errors.
                let _ = self.initializer(&Ty::error(), init, &at);
            }
            return None;
        }
        if ty.is_void() || matches!(ty.kind, TyKind::Function(_)) {
            self.error(at.clone(), "incomplete-type", "incomplete type is not allowed");
            self.out.locals[l.0 as usize].ty = Ty::error();
            return None;
        }
        if let (Some(rid), LocalStorage::Auto | LocalStorage::Static) = (super::cxx::record_of(&ty), storage) {
            if self.has_ctors(rid) {
                return self.class_local(at, l, rid, d, storage);
            }
            if d.init.is_none() && storage == LocalStorage::Auto && self.needs_construction(rid, 0) {
                // The implicit default constructor runs its bases' and members' constructors.
                let decl = self.mk_stmt(TStmt::Decl { local: l, init: None });
                let lv = self.mk(ty.clone(), crate::thir::ValueCategory::LValue, ExprKind::Local(l));
                let addr = self.rvalue_of(Ty::ptr(ty.clone()), ExprKind::AddrOf(lv));
                let saved = self.at_override.replace(at.clone());
                let e = self.default_construct_at(crate::body::ExprId(0), rid, addr);
                self.at_override = saved;
                let mut v = vec![decl];
                if let Some(e) = e {
                    v.push(self.mk_stmt(TStmt::Expr(e)));
                }
                return Some(self.mk_stmt(TStmt::Block(v)));
            }
        }
        if d.init.is_none() && matches!(storage, LocalStorage::Auto | LocalStorage::Static) {
            // An array of a class whose elements need a constructor run: not built yet (its
            // elements would be left unconstructed, silently).
            if matches!(ty.kind, TyKind::Array(..)) {
                if let Some(rid) = super::cxx::record_of(ty.innermost_element()) {
                    if self.needs_construction(rid, 0) {
                        self.error(
                            at.clone(),
                            "unsupported",
                            "unsupported: a local array of a class whose elements need a constructor",
                        );
                        self.out.locals[l.0 as usize].ty = Ty::error();
                        return None;
                    }
                }
            }
        }
        let mut init = None;
        let mut final_ty = ty.clone();
        // A static local of a class with default member initializers (and no constructors) is
        // initialized as from `{}`: constant initialization when they initialize every member.
        let implicit: Option<&'a crate::body::Initializer> = match super::cxx::record_of(&ty) {
            Some(rid)
                if d.init.is_none()
                    && storage == LocalStorage::Static
                    && !self.has_ctors(rid)
                    && super::cxx_nsdmi::has_field_inits(self.dm, rid, 0) =>
            {
                if super::cxx_nsdmi::all_fields_initialized(self.dm, rid, 0) {
                    Some(&super::cxx::EMPTY_LIST)
                } else {
                    self.error(
                        at.clone(),
                        "not-constant",
                        "dynamic initialization is not supported for a function-scope static __device__ variable within a __device__/__global__ function",
                    );
                    None
                }
            }
            _ => None,
        };
        if let Some(i) = d.init.as_ref().or(implicit) {
            if matches!(storage, LocalStorage::Shared | LocalStorage::ExternShared) {
                self.error(
                    at.clone(),
                    "shared-init",
                    "initializer not allowed for __shared__ variable",
                );
            } else {
                let (ti, t) = self.initializer(&ty, i, &at);
                final_ty = t;
                init = Some(ti);
            }
        }
        if storage != LocalStorage::ExternShared && !types::is_complete(&final_ty, &self.dm.records) {
            let msg = format!("incomplete type \"{}\" is not allowed", self.show(&final_ty));
            self.error(at.clone(), "incomplete-type", msg);
            final_ty = Ty::error();
        }
        self.out.locals[l.0 as usize].ty = final_ty.clone();
        if storage == LocalStorage::Static {
            if let Some(ti) = &init {
                // A `static constexpr` (or `static const` arithmetic) local with a constant
                // initializer is a constant expression as the automatic one is (CUB's
                // `static constexpr auto length = static_size_v<Input>;` then `if constexpr
                // (length == 1)` in `cub::ThreadReduce`).
                if let (TInit::Expr(e), true, true) = (ti, final_ty.is_const(), final_ty.is_arithmetic()) {
                    if let Some(c) = self.eval(*e) {
                        self.local_consts.insert(l, c);
                    }
                }
                match self.tinit_to_const(ti, &final_ty) {
                    Ok(v) => self.out.locals[l.0 as usize].static_init = Some(v),
                    Err(()) => self.error(
                        at.clone(),
                        "not-constant",
                        "dynamic initialization is not supported for a function-scope static variable in device code",
                    ),
                }
            }
            return Some(self.mk_stmt(TStmt::Decl { local: l, init: None }));
        }
        if let (Some(TInit::Expr(e)), true, true) = (&init, final_ty.is_const(), final_ty.is_arithmetic()) {
            if let Some(c) = self.eval(*e) {
                self.local_consts.insert(l, c);
            }
        }
        Some(self.mk_stmt(TStmt::Decl { local: l, init }))
    }

    /// A variable declared with `auto` in its type (`auto x = e;`, `const auto *p = &v;`,
    /// `auto &r = a;`, `const auto &c = e;`, `auto &&f = e;`): the type deduced from the
    /// initializer as for a function template parameter of that form. `None` when the type
    /// has no `auto`.
    fn deduced_auto(&mut self, d: &'a LocalDecl, at: &DiagAt) -> Option<Ty> {
        use crate::body::{Initializer, Quals, TypeRef};
        let written = self.types.get(d.ty.0 as usize)?;
        if matches!(written, TypeRef::DecltypeAuto) {
            // (Lowering rewrote `decltype(auto) x = e;` to `decltype(e) x = e;`.)
            if d.init.is_none() {
                let msg = "cannot deduce \"decltype(auto)\" (initializer required)";
                self.error(at.clone(), "auto-init", msg);
            } else {
                let msg = "unsupported: `decltype(auto)` with this initializer";
                self.error(at.clone(), "unsupported", msg);
            }
            return Some(Ty::error());
        }
        if !auto_pattern(written) {
            return None;
        }
        let Some(Initializer::Expr(e)) = &d.init else {
            self.error(
                at.clone(),
                "auto-init",
                "cannot deduce \"auto\" type (initializer required)",
            );
            return Some(Ty::error());
        };
        let v = self.expr(*e);
        self.cache.insert(*e, v);
        let t = self.ty(v).clone();
        if t.is_error() {
            return Some(Ty::error());
        }
        let lvalue = self.out.expr(v).category == crate::thir::ValueCategory::LValue;
        // The deduced `auto` and the pattern it is substituted into.
        let (pattern, auto) = match written {
            // `auto &&r = e`: a forwarding reference (`A&` for an lvalue, `A&&` otherwise).
            TypeRef::Qualified(q, inner) if q.contains(Quals::RVALUE) => match &**inner {
                TypeRef::Reference(r) if matches!(**r, TypeRef::Auto) => {
                    let referent = t.clone();
                    let rt = Ty::new(TyKind::Reference(Box::new(referent)));
                    return Some(if lvalue { rt } else { rt.with_quals(Quals::RVALUE) });
                }
                TypeRef::Reference(r) => (&**r, deduce_auto(r, &t)),
                _ => (written, None),
            },
            // `auto &r = e`, `const auto &r = e`: the initializer's type, not decayed.
            TypeRef::Reference(r) => (&**r, deduce_auto(r, &t)),
            _ => {
                let decayed = match &t.kind {
                    TyKind::Array(el, _) => Ty::ptr((**el).clone()),
                    TyKind::Function(_) => Ty::ptr(t.unqualified()),
                    _ => t.unqualified(),
                };
                (written, deduce_auto(written, &decayed))
            }
        };
        let Some(auto) = auto else {
            self.error(at.clone(), "auto-init", "cannot deduce \"auto\" type");
            return Some(Ty::error());
        };
        let ty = substitute_auto(pattern, &auto);
        Some(match written {
            TypeRef::Reference(_) => Ty::new(TyKind::Reference(Box::new(ty))),
            TypeRef::Qualified(q, _) if q.contains(Quals::RVALUE) => {
                Ty::new(TyKind::Reference(Box::new(ty))).with_quals(Quals::RVALUE)
            }
            _ => ty,
        })
    }

    /// The return type that `return e;` (statement `s`) gives a function declared with
    /// `pattern`, a deduced form other than plain `auto`: `decltype(auto)` (`decltype(e)`,
    /// where `return (x);` is not an id-expression), `auto&`, `const auto&`, `auto*`...
    fn deduced_ret_of(&mut self, s: StmtId, pattern: &'a crate::body::TypeRef, e: crate::body::ExprId) -> Ty {
        use crate::body::{Quals, TypeRef};
        let lv = self.expr(e);
        self.cache.insert(e, lv);
        if matches!(pattern, TypeRef::DecltypeAuto) {
            let id_expr = matches!(
                self.exprs.get(e.0 as usize),
                Some(crate::body::Expr::Name(_) | crate::body::Expr::Member { .. })
            ) && !self.paren_returns.contains(&s);
            return self.decltype_of(e, id_expr);
        }
        let t = self.ty(lv).clone();
        if t.is_error() {
            return t;
        }
        let lvalue = self.out.expr(lv).category == crate::thir::ValueCategory::LValue;
        let (referent, rvalue_ref) = match pattern {
            TypeRef::Reference(r) => (Some(&**r), false),
            TypeRef::Qualified(q, i) if q.contains(Quals::RVALUE) => match &**i {
                TypeRef::Reference(r) => (Some(&**r), true),
                _ => (None, false),
            },
            _ => (None, false),
        };
        let deduced = match referent {
            Some(TypeRef::Auto) if rvalue_ref => {
                // `auto&&`: a forwarding reference.
                let rt = Ty::new(TyKind::Reference(Box::new(t.clone())));
                return if lvalue { rt } else { rt.with_quals(Quals::RVALUE) };
            }
            Some(r) => {
                if !lvalue && !rvalue_ref && !matches!(r, TypeRef::Qualified(q, _) if q.contains(Quals::CONST)) {
                    self.error(
                        DiagAt::Stmt(s),
                        "ref-init",
                        "initial value of reference to non-const must be an lvalue",
                    );
                    return Ty::error();
                }
                deduce_auto(r, &t).map(|a| {
                    let rt = Ty::new(TyKind::Reference(Box::new(substitute_auto(r, &a))));
                    if rvalue_ref {
                        rt.with_quals(Quals::RVALUE)
                    } else {
                        rt
                    }
                })
            }
            None => {
                let decayed = match &t.kind {
                    TyKind::Array(el, _) => Ty::ptr((**el).clone()),
                    TyKind::Function(_) => Ty::ptr(t.unqualified()),
                    _ => t.unqualified(),
                };
                deduce_auto(pattern, &decayed).map(|a| substitute_auto(pattern, &a))
            }
        };
        match deduced {
            Some(t) => t,
            None => {
                let msg = format!("cannot deduce \"auto\" return type from \"{}\"", self.show(&t));
                self.error(DiagAt::Stmt(s), "auto-init", msg);
                Ty::error()
            }
        }
    }

    /// The type of a namespace-scope or static member variable declared with `auto` (`constexpr
    /// auto k = f();`, `const auto *p = &x;`): deduced from the initializer as for a local.
    /// References are not deduced here (`None` with an error).
    pub(crate) fn deduced_global_auto(
        &mut self,
        written: &'a crate::body::TypeRef,
        init: &'a crate::body::Initializer,
        at: &DiagAt,
    ) -> Option<Ty> {
        use crate::body::{Initializer, TypeRef};
        let e = match init {
            Initializer::Expr(e) => *e,
            // `auto x = {a, b};` is a `std::initializer_list` (and `auto x{a};` is `a`'s type,
            // a form the item tree does not tell apart).
            Initializer::List(_) => {
                self.error(
                    at.clone(),
                    "unsupported",
                    "unsupported: `auto` deduced from a braced initializer list",
                );
                return None;
            }
        };
        if !matches!(written, TypeRef::Qualified(..) | TypeRef::Pointer(_) | TypeRef::Auto) {
            self.value(e);
            self.error(at.clone(), "unsupported", "unsupported: `auto &` at namespace scope");
            return None;
        }
        let v = self.expr(e);
        self.cache.insert(e, v);
        let t = self.ty(v).clone();
        if t.is_error() {
            return None;
        }
        let decayed = match &t.kind {
            TyKind::Array(el, _) => Ty::ptr((**el).clone()),
            TyKind::Function(_) => Ty::ptr(t.unqualified()),
            _ => t.unqualified(),
        };
        match deduce_auto(written, &decayed) {
            Some(auto) => Some(substitute_auto(written, &auto)),
            None => {
                self.error(at.clone(), "auto-init", "cannot deduce \"auto\" type");
                None
            }
        }
    }

    /// A local of a class with constructors: declared uninitialised, then constructed from its
    /// initializer (`T x;`, `T x = {a, b};`, `T x{a, b};`, `T x = e;` converting or copying).
    fn class_local(
        &mut self,
        at: DiagAt,
        l: LocalId,
        rid: crate::ty::RecordId,
        d: &'a LocalDecl,
        storage: LocalStorage,
    ) -> Option<TStmtId> {
        use crate::body::Initializer;
        if storage == LocalStorage::Static {
            self.error(
                at,
                "unsupported",
                "unsupported: static local of a class type with constructors",
            );
            return None;
        }
        let decl = self.mk_stmt(TStmt::Decl { local: l, init: None });
        // `T x(T(a))` / `T x{T{a}}`: a temporary of the class itself initializes the object
        // directly (as `T x = T(a);`), without a copy or a temporary to destroy.
        let mut init = d.init.as_ref();
        if let Some(Initializer::List(items)) = &d.init {
            if let [(None, item @ Initializer::Expr(e))] = items.as_slice() {
                if let Some(crate::body::Expr::Construct { ty, .. }) = self.exprs.get(e.0 as usize) {
                    if super::cxx::record_of(&self.body_type(*ty, at.clone())) == Some(rid) {
                        let saved = self.init_temp.replace(*e);
                        let v = self.expr(*e);
                        self.init_temp = saved;
                        self.cache.insert(*e, v);
                        init = Some(item);
                    }
                }
            }
        }
        let args: Vec<crate::body::ExprId> = match init {
            None => Vec::new(),
            Some(Initializer::List(items)) => {
                let mut v = Vec::new();
                for (des, item) in items {
                    match (des, item) {
                        (None, Initializer::Expr(e)) => v.push(*e),
                        _ => {
                            self.error(
                                at,
                                "unsupported",
                                "unsupported: nested braced initializer for a class with constructors",
                            );
                            return Some(decl);
                        }
                    }
                }
                v
            }
            Some(Initializer::Expr(e)) => {
                let v = self.expr(*e);
                self.cache.insert(*e, v);
                let same = super::cxx::record_of(self.ty(v)) == Some(rid);
                let vt = self.ty(v).clone();
                let sliced = self.base_path(&vt, &Ty::new(TyKind::Record(rid)));
                let lvalue = self.out.expr(v).category == crate::thir::ValueCategory::LValue;
                let user_copy = (same || sliced.is_some()) && lvalue && self.nontrivial_copy(rid, 0);
                if user_copy && same && !self.user_copy_ctor(rid) {
                    // The implicit copy constructor calls its members' or bases' own.
                    if let Some(copy) = self.implicit_copy_into(l, v, rid, *e) {
                        let st = self.mk_stmt(TStmt::Expr(copy));
                        return Some(self.mk_stmt(TStmt::Block(vec![decl, st])));
                    }
                }
                if user_copy && !(same && self.user_copy_ctor(rid)) {
                    let msg = format!("unsupported: copying an object of class \"{}\" whose members or bases have user-provided copy constructors", self.show(&Ty::new(TyKind::Record(rid))));
                    self.error(at, "unsupported", msg);
                    return Some(decl);
                }
                if !user_copy && (same || sliced.is_some() || self.ty(v).is_error()) {
                    // Copy initialisation from an object of the same class (trivial copy), or
                    // of the base subobject of a derived one.
                    let v = match sliced {
                        Some(path) => self.base_subobject(v, &path),
                        None => v,
                    };
                    let rv = self.rv(v);
                    let asg_ty = self.out.local(l).ty.clone();
                    let lv = self.mk(asg_ty.clone(), crate::thir::ValueCategory::LValue, ExprKind::Local(l));
                    let asg = self.mk(
                        asg_ty,
                        crate::thir::ValueCategory::LValue,
                        ExprKind::Assign { lhs: lv, rhs: rv },
                    );
                    let st = self.mk_stmt(TStmt::Expr(asg));
                    return Some(self.mk_stmt(TStmt::Block(vec![decl, st])));
                }
                self.copy_init = true;
                vec![*e]
            }
        };
        let saved = self.at_override.replace(at);
        // `T x{};` / `T x = {};` value-initializes.
        let value = args.is_empty() && matches!(init, Some(Initializer::List(_)));
        let at_id = args.first().copied().unwrap_or(crate::body::ExprId(0));
        let call = self.construct_local(at_id, l, rid, &args, value);
        self.copy_init = false;
        self.at_override = saved;
        let call = call?;
        let st = self.mk_stmt(TStmt::Expr(call));
        Some(self.mk_stmt(TStmt::Block(vec![decl, st])))
    }

    /// Evaluates a checked initializer as constant data for an object of type `ty`.
    pub(crate) fn tinit_to_const(&mut self, ti: &TInit, ty: &Ty) -> Result<ConstValue, ()> {
        let v = match ti {
            TInit::Zero => ConstValue::Zero,
            TInit::Bytes(b) => ConstValue::Bytes(b.clone()),
            TInit::Expr(e) => {
                if matches!(ty.kind, TyKind::Record(_)) {
                    return Err(());
                }
                self.eval(*e).ok_or(())?.to_const_value()
            }
            TInit::List(elems) => {
                let mut out = Vec::new();
                match &ty.kind {
                    TyKind::Array(elem, n) => {
                        for e in elems {
                            out.push(self.tinit_to_const(e, elem)?);
                        }
                        if let Some(n) = n {
                            while (out.len() as u64) < *n {
                                out.push(ConstValue::Zero);
                            }
                        }
                    }
                    TyKind::Record(r) => {
                        let fields: Vec<(Ty, Option<crate::ty::BitField>)> = self
                            .dm
                            .record(*r)
                            .fields
                            .iter()
                            .map(|f| (f.ty.clone(), f.bits))
                            .collect();
                        for (e, (fty, bits)) in elems.iter().zip(&fields) {
                            let v = self.tinit_to_const(e, fty)?;
                            // A bit-field keeps its width's bits (as a read of it sees them).
                            let v = match (v, bits, &fty.kind) {
                                (ConstValue::Int(x), Some(b), TyKind::Int(k)) if *k != crate::ty::IntKind::Bool => {
                                    let x = normalize_int(x as i128, *k);
                                    ConstValue::Int(b.fit(x, b.signed(*k)) as u128)
                                }
                                (v, ..) => v,
                            };
                            out.push(v);
                        }
                    }
                    _ => return Err(()),
                }
                if out.iter().all(|v| *v == ConstValue::Zero) {
                    ConstValue::Zero
                } else {
                    ConstValue::Aggregate(out)
                }
            }
            TInit::Union { field, init } => {
                let TyKind::Record(r) = ty.kind else { return Err(()) };
                let fty = self.dm.record(r).fields.get(*field as usize).ok_or(())?.ty.clone();
                let v = self.tinit_to_const(init, &fty)?;
                if *field != 0 {
                    // ConstValue has no union form: only the first member can be initialised.
                    if v == ConstValue::Zero {
                        return Ok(ConstValue::Zero);
                    }
                    return Err(());
                }
                if v == ConstValue::Zero {
                    ConstValue::Zero
                } else {
                    ConstValue::Aggregate(vec![v])
                }
            }
        };
        Ok(v)
    }

    // ---- reachability (missing return) ---------------------------------------------------------

    fn contains_label(&self, s: TStmtId) -> bool {
        let mut stack = vec![s];
        while let Some(s) = stack.pop() {
            match self.out.stmt(s) {
                TStmt::Label(_) | TStmt::Case(_) | TStmt::Default => return true,
                TStmt::Block(ss) => stack.extend(ss.iter().copied()),
                TStmt::If { then, else_, .. } => {
                    stack.push(*then);
                    stack.extend(*else_);
                }
                TStmt::While { body, .. }
                | TStmt::DoWhile { body, .. }
                | TStmt::For { body, .. }
                | TStmt::Switch { body, .. } => stack.push(*body),
                _ => {}
            }
        }
        false
    }

    fn const_true(&self, e: crate::thir::TExprId) -> bool {
        matches!(self.eval(e).and_then(|c| c.as_int()), Some(v) if v != 0)
    }

    /// Whether control can reach the end of `s` (conservative: labels are assumed reachable).
    fn can_complete(&self, s: TStmtId, flow: &mut Flow) -> bool {
        match self.out.stmt(s) {
            TStmt::Return(_) | TStmt::Goto(_) => false,
            TStmt::Break => {
                flow.breaks = true;
                false
            }
            TStmt::Continue => {
                flow.continues = true;
                false
            }
            TStmt::Block(ss) => {
                let mut reach = true;
                for st in ss {
                    if reach || self.contains_label(*st) {
                        reach = self.can_complete(*st, flow);
                    }
                }
                reach
            }
            TStmt::If { .. } => {
                // Walk `else if` chains iteratively.
                let mut any = false;
                let mut cur = s;
                loop {
                    match self.out.stmt(cur) {
                        TStmt::If { then, else_, .. } => {
                            any |= self.can_complete(*then, flow);
                            match else_ {
                                Some(e) => cur = *e,
                                None => return true,
                            }
                        }
                        _ => {
                            let e = self.can_complete(cur, flow);
                            return e || any;
                        }
                    }
                }
            }
            TStmt::While { cond, body, .. } => {
                let mut inner = Flow::default();
                self.can_complete(*body, &mut inner);
                !self.const_true(*cond) || inner.breaks
            }
            TStmt::For { cond, body, .. } => {
                let mut inner = Flow::default();
                self.can_complete(*body, &mut inner);
                let infinite = cond.is_none_or(|c| self.const_true(c));
                !infinite || inner.breaks
            }
            TStmt::DoWhile { body, cond, .. } => {
                let mut inner = Flow::default();
                let body_completes = self.can_complete(*body, &mut inner);
                ((body_completes || inner.continues) && !self.const_true(*cond)) || inner.breaks
            }
            TStmt::Switch { body, has_default, .. } => {
                let mut inner = Flow {
                    breaks: false,
                    continues: false,
                };
                let c = self.can_complete(*body, &mut inner);
                flow.continues |= inner.continues;
                !has_default || c || inner.breaks
            }
            TStmt::Expr(e) => {
                !matches!(self.out.expr(*e).kind, ExprKind::Call { callee, .. } if self.is_noreturn(callee))
            }
            _ => true,
        }
    }

    fn is_noreturn(&self, f: FnId) -> bool {
        let name = &self.dm.function(f).name;
        matches!(
            name.as_str(),
            "__warpc_trap" | "__trap" | "__builtin_unreachable" | "__warpc_unreachable"
        )
    }
}

/// Whether a declared type is `auto` under pointers, references and qualifiers (the forms
/// [`Checker::deduced_auto`] deduces).
pub(crate) fn auto_pattern(tr: &crate::body::TypeRef) -> bool {
    use crate::body::TypeRef;
    match tr {
        TypeRef::Auto => true,
        TypeRef::Qualified(_, t) | TypeRef::Pointer(t) | TypeRef::Reference(t) => auto_pattern(t),
        _ => false,
    }
}

/// The `auto` in `pattern` (qualifiers and pointers around it) that makes it match `a`:
/// `const auto *` against `const int *` is `int`. `None` when the shapes differ.
fn deduce_auto(pattern: &crate::body::TypeRef, a: &Ty) -> Option<Ty> {
    use crate::body::TypeRef;
    match pattern {
        TypeRef::Auto => Some(a.clone()),
        TypeRef::Qualified(q, t) => {
            let mut stripped = a.clone();
            stripped.quals = stripped.quals.difference(*q);
            deduce_auto(t, &stripped)
        }
        TypeRef::Pointer(t) => match &a.kind {
            TyKind::Pointer(p) => deduce_auto(t, p),
            _ => None,
        },
        _ => None,
    }
}

/// `pattern` with `auto` replaced by `auto_ty`.
fn substitute_auto(pattern: &crate::body::TypeRef, auto_ty: &Ty) -> Ty {
    use crate::body::TypeRef;
    match pattern {
        TypeRef::Qualified(q, t) => substitute_auto(t, auto_ty).with_quals(*q),
        TypeRef::Pointer(t) => Ty::ptr(substitute_auto(t, auto_ty)),
        TypeRef::Reference(t) => Ty::new(TyKind::Reference(Box::new(substitute_auto(t, auto_ty)))),
        _ => auto_ty.clone(),
    }
}
