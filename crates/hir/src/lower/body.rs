//! Function bodies: statements (and the expressions and types inside them, through
//! [`Lower`](super::ctx::Lower)) into a position-free [`Body`] plus its [`BodySourceMap`].
//! `#pragma unroll` / `#pragma nounroll` become the following loop's [`LoopHint`].

use super::ctx::{Arena, Lower};
use crate::body::{Body, BodySourceMap, Expr, LocalDecl, LoopHint, Stmt, StmtId};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;
use warpc_base::{Diagnostic, FileId, TextRange};
use warpc_syntax::ast::{self, AstNode};
use warpc_syntax::{FnSyntax, SyntaxNode};

/// Statement nesting lowered before giving up (the parser already caps it at 256).
const MAX_STMT_DEPTH: u32 = 1024;

struct BodyLower<'a> {
    lw: Lower<'a>,
    arena: Arena,
    stmts: Vec<Stmt>,
    stmt_ranges: Vec<TextRange>,
    decl_names: Vec<(StmtId, u32, TextRange)>,
    depth: u32,
    constexpr_ifs: Vec<StmtId>,
    paren_returns: Vec<StmtId>,
}

/// Lowers one function definition. Ranges in the source map and diagnostics are relative to
/// the function's start (the [`FnSyntax`] is rooted at offset 0); `file` only labels the
/// diagnostics.
pub fn lower_body(f: &FnSyntax, file: FileId) -> (Body, BodySourceMap, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let root = f.syntax();
    let Some(def) = ast::FunctionDef::cast(root) else {
        return (Body::default(), BodySourceMap::default(), diags);
    };
    let mut lw = Lower::new(&f.expansions, file, &mut diags, None);
    lw.local_records = Some(Vec::new());
    let mut b = BodyLower {
        lw,
        arena: Arena::default(),
        stmts: Vec::new(),
        stmt_ranges: Vec::new(),
        decl_names: Vec::new(),
        depth: 0,
        constexpr_ifs: Vec::new(),
        paren_returns: Vec::new(),
    };
    let (params, param_pack) = b.param_names(&def);
    let mem_inits = def.ctor_initializer().map(|ci| b.mem_inits(&ci)).unwrap_or_default();
    let root = def.body().map(|blk| b.stmt(&ast::Stmt::BlockStmt(blk), LoopHint::None));
    let lambdas = b.lambdas();
    let local_records = b.lw.local_records.take().unwrap_or_default();
    let BodyLower {
        arena,
        stmts,
        stmt_ranges,
        decl_names,
        constexpr_ifs,
        paren_returns,
        ..
    } = b;
    let body = Body {
        params,
        param_pack,
        exprs: arena.exprs,
        stmts,
        types: arena.types,
        root,
        mem_inits,
        lambdas,
        constexpr_ifs,
        paren_returns,
        local_records,
    };
    let map = BodySourceMap {
        exprs: arena.expr_ranges,
        stmts: stmt_ranges,
        decl_names,
        types: arena.type_ranges,
    };
    (body, map, diags)
}

impl BodyLower<'_> {
    /// The written parameters' names, and which one is a function parameter pack.
    fn param_names(&mut self, def: &ast::FunctionDef) -> (Vec<Option<SmolStr>>, Option<u32>) {
        let Some(pl) = def
            .declarator()
            .and_then(|d| d.own_function())
            .and_then(|f| f.param_list())
        else {
            return (Vec::new(), None);
        };
        let params: Vec<_> = pl.params().collect();
        if let [only] = params.as_slice() {
            let void_only = only.declarator().is_none()
                && only.decl_specs().is_some_and(|s| {
                    s.keywords().map(|t| t.kind()).eq([warpc_syntax::SyntaxKind::VOID_KW])
                        && s.syntax().children().next().is_none()
                });
            if void_only {
                return (Vec::new(), None);
            }
        }
        let pack = params.iter().position(|p| p.has_ellipsis()).map(|i| i as u32);
        let names = params
            .iter()
            .map(|p| {
                p.declarator()
                    .and_then(|d| d.name())
                    .and_then(|n| self.lw.name_text(&n))
            })
            .collect();
        (names, pack)
    }

    /// Lowers the lambda expressions met so far (and those inside them), in index order.
    fn lambdas(&mut self) -> Vec<crate::body::LambdaDef> {
        use warpc_syntax::SyntaxKind as K;
        let mut out: Vec<(u32, crate::body::LambdaDef)> = Vec::new();
        // The lambda whose body each lambda met while lowering lambda bodies is in.
        let mut parents: FxHashMap<u32, u32> = FxHashMap::default();
        while let Some((idx, l, at)) = self.arena.pending_lambdas.pop() {
            let mut captures = Vec::new();
            let mut default_capture = None;
            let mut captures_this = false;
            if let Some(c) = l.captures() {
                let toks: Vec<(K, SmolStr)> = c
                    .tokens()
                    .filter(|t| !t.kind().is_trivia())
                    .map(|t| (t.kind(), self.lw.text(&t)))
                    .collect();
                let inner = toks.get(1..toks.len().saturating_sub(1)).unwrap_or(&[]);
                for part in inner.split(|(k, _)| *k == K::COMMA) {
                    match part {
                        [(K::EQ, _)] => default_capture = Some(false),
                        [(K::AMP, _)] => default_capture = Some(true),
                        [(K::AMP, _), (K::IDENT, n)] => captures.push((n.clone(), true)),
                        [(K::IDENT, n)] => captures.push((n.clone(), false)),
                        [(K::THIS_KW, _)] | [(K::STAR, _), (K::THIS_KW, _)] => captures_this = true,
                        [] => {}
                        _ => {
                            let r = self.lw.range(c.syntax());
                            self.lw.unsupported("this lambda capture (init-captures, packs)", r);
                        }
                    }
                }
            }
            let mut params = Vec::new();
            if let Some(pl) = l.param_list() {
                for p in pl.params() {
                    let specs = self.lw.specs(p.decl_specs().as_ref(), false);
                    let declared = self.lw.declarator(specs.ty(), p.declarator());
                    let pr = self.lw.range(p.syntax());
                    let only_void = matches!(
                        declared.ty,
                        crate::body::TypeRef::Builtin(crate::body::BuiltinType::Void)
                    ) && declared.name.is_none();
                    if only_void {
                        continue;
                    }
                    let t = self.arena.alloc_type(declared.ty, pr);
                    params.push((declared.name, t));
                }
            }
            let is_mutable = l.syntax().children_with_tokens().any(|t| t.kind() == K::MUTABLE_KW);
            let ret = l.ret_type().map(|tn| {
                let r = self.lw.range(tn.syntax());
                let t = self.lw.type_name(&tn);
                self.arena.alloc_type(t, r)
            });
            let first_inner = self.arena.lambda_count;
            let body = match l.body() {
                Some(blk) => self.stmt(&ast::Stmt::BlockStmt(blk), LoopHint::None),
                None => {
                    let r = self.lw.range(l.syntax());
                    self.alloc(Stmt::Missing, r)
                }
            };
            for inner in first_inner..self.arena.lambda_count {
                parents.insert(inner, idx);
            }
            out.push((
                idx,
                crate::body::LambdaDef {
                    captures,
                    default_capture,
                    captures_this,
                    params,
                    ret,
                    is_mutable,
                    body,
                    at,
                    parent: parents.get(&idx).copied(),
                },
            ));
        }
        out.sort_by_key(|(i, _)| *i);
        out.into_iter().map(|(_, d)| d).collect()
    }

    /// A constructor's `: a(x), b{y}` list.
    fn mem_inits(&mut self, ci: &ast::CtorInitializer) -> Vec<crate::body::MemInit> {
        let mut out = Vec::new();
        for mi in ci.members() {
            let Some(nr) = mi.name() else { continue };
            let name: String = nr
                .syntax()
                .children_with_tokens()
                .filter_map(|t| t.into_token())
                .filter(|t| !t.kind().is_trivia())
                .map(|t| self.lw.text(&t).to_string())
                .collect();
            let name = name.strip_prefix("::").map(str::to_string).unwrap_or(name);
            let range = self.lw.range(nr.syntax());
            let at = self
                .arena
                .alloc_expr(crate::body::Expr::Name(SmolStr::new(&name)), range);
            let ty = self
                .lw
                .template_id_type(nr.syntax())
                .map(|t| self.arena.alloc_type(t, range));
            let (args, list) = match (mi.args(), mi.init_list()) {
                // (`base_(tag{}, t...)`: pack expansions kept.)
                (Some(al), _) => (self.lw.args(&mut self.arena, Some(al)), false),
                (None, Some(l)) => {
                    let mut args = Vec::new();
                    for item in l.syntax().children().filter_map(ast::Expr::cast) {
                        let x = self.lw.expr(&mut self.arena, &item);
                        // `v{f(a)...}`: one item per element of the pack.
                        if l.is_expanded(&item) {
                            let er = self.lw.range(item.syntax());
                            args.push(self.arena.alloc_expr(crate::body::Expr::PackExpansion(x), er));
                        } else {
                            args.push(x);
                        }
                    }
                    (args, true)
                }
                (None, None) => (Vec::new(), false),
            };
            out.push(crate::body::MemInit {
                name: SmolStr::new(name),
                args,
                list,
                at,
                ty,
                pack: mi.is_pack_expansion(),
            });
        }
        out
    }

    fn alloc(&mut self, s: Stmt, range: TextRange) -> StmtId {
        self.stmts.push(s);
        self.stmt_ranges.push(range);
        StmtId(self.stmts.len() as u32 - 1)
    }

    fn set(&mut self, id: StmtId, s: Stmt) {
        if let Some(slot) = self.stmts.get_mut(id.0 as usize) {
            *slot = s;
        }
    }

    /// A statement that may be absent (`if (x)` at `}`): `Missing` (the parser reported it).
    fn stmt_opt(&mut self, s: Option<ast::Stmt>, parent: &SyntaxNode, hint: LoopHint) -> StmtId {
        match s {
            Some(s) => self.stmt(&s, hint),
            None => {
                let r = self.lw.range(parent);
                self.alloc(Stmt::Missing, TextRange::empty(r.end()))
            }
        }
    }

    /// The statement of a label, `case` or `default`, which may legitimately be absent.
    fn labeled_body(&mut self, s: Option<ast::Stmt>, parent: &SyntaxNode) -> StmtId {
        match s {
            Some(s) => self.stmt(&s, LoopHint::None),
            None => {
                let r = self.lw.range(parent);
                self.alloc(Stmt::Empty, TextRange::empty(r.end()))
            }
        }
    }

    fn expr_opt(&mut self, e: Option<ast::Expr>, parent: &SyntaxNode) -> crate::body::ExprId {
        self.lw.expr_opt(&mut self.arena, e, parent)
    }

    fn stmt(&mut self, s: &ast::Stmt, hint: LoopHint) -> StmtId {
        let r = self.lw.range(s.syntax());
        if self.depth >= MAX_STMT_DEPTH {
            return self.alloc(Stmt::Missing, r);
        }
        self.depth += 1;
        let id = self.stmt_inner(s, hint, r);
        self.depth -= 1;
        id
    }

    fn stmt_inner(&mut self, s: &ast::Stmt, hint: LoopHint, r: TextRange) -> StmtId {
        let id = self.alloc(Stmt::Missing, r);
        let lowered = match s {
            ast::Stmt::BlockStmt(b) => {
                let children: Vec<_> = b.stmts().collect();
                Stmt::Block(children.iter().map(|c| self.stmt(c, LoopHint::None)).collect())
            }
            ast::Stmt::ExprStmt(e) => Stmt::Expr(self.expr_opt(e.expr(), e.syntax())),
            ast::Stmt::DeclStmt(d) => self.decl_stmt(d, id),
            ast::Stmt::IfStmt(i) => {
                // `else if` chains iteratively: one id per `if`, linked through `else_`.
                let mut chain = vec![(i.clone(), id)];
                while let Some(ast::Stmt::IfStmt(next)) = chain.last().and_then(|(x, _)| x.else_branch()) {
                    let nr = self.lw.range(next.syntax());
                    let nid = self.alloc(Stmt::Missing, nr);
                    chain.push((next, nid));
                }
                let n = chain.len();
                for k in 0..n {
                    let (node, sid) = chain[k].clone();
                    // `if (init; cond)` / `if (T x = e)`: a block holding the init-statement
                    // and the declaration, then the `if` (their names are scoped to both
                    // branches).
                    let (prefix, cond, declared) =
                        self.cond_prefix(node.init_stmt(), node.condition_decl(), node.condition(), node.syntax());
                    let if_id = if prefix.is_empty() {
                        sid
                    } else {
                        self.alloc(Stmt::Missing, self.lw.range(node.syntax()))
                    };
                    let then = self.stmt_opt(node.then_branch(), node.syntax(), LoopHint::None);
                    let else_ = if k + 1 < n {
                        Some(chain[k + 1].1)
                    } else {
                        node.else_branch().map(|e| self.stmt(&e, LoopHint::None))
                    };
                    if let Some(name) = &declared {
                        self.check_cond_redecl(name, then);
                        if k + 1 == n {
                            if let Some(e) = else_ {
                                self.check_cond_redecl(name, e);
                            }
                        }
                    }
                    if node.is_constexpr() {
                        self.constexpr_ifs.push(if_id);
                    }
                    self.set(if_id, Stmt::If { cond, then, else_ });
                    if !prefix.is_empty() {
                        let mut v = prefix;
                        v.push(if_id);
                        self.set(sid, Stmt::Block(v));
                    }
                }
                return id;
            }
            ast::Stmt::WhileStmt(w) => {
                match w.condition_decl() {
                    // `while (T v = e) body`: `while (true) { T v = e; if (!v) break; body }`
                    // (the variable is created and destroyed on every iteration).
                    Some(d) => {
                        let (mut v, cond, declared) = self.cond_prefix(None, Some(d), None, w.syntax());
                        let wr = self.lw.range(w.syntax());
                        let cr = self.arena.expr_ranges[cond.0 as usize];
                        let not = self.arena.alloc_expr(
                            Expr::Unary {
                                op: crate::body::UnaryOp::Not,
                                expr: cond,
                            },
                            cr,
                        );
                        let brk = self.alloc(Stmt::Break, cr);
                        let check = self.alloc(
                            Stmt::If {
                                cond: not,
                                then: brk,
                                else_: None,
                            },
                            cr,
                        );
                        v.push(check);
                        let body = self.stmt_opt(w.body(), w.syntax(), LoopHint::None);
                        if let Some(name) = &declared {
                            self.check_cond_redecl(name, body);
                        }
                        v.push(body);
                        let body = self.alloc(Stmt::Block(v), wr);
                        let t = self
                            .arena
                            .alloc_expr(Expr::Literal(crate::body::Literal::Bool(true)), cr);
                        Stmt::While { cond: t, body, hint }
                    }
                    None => {
                        let cond = self.expr_opt(w.condition(), w.syntax());
                        let body = self.stmt_opt(w.body(), w.syntax(), LoopHint::None);
                        Stmt::While { cond, body, hint }
                    }
                }
            }
            ast::Stmt::DoStmt(d) => {
                let body = self.stmt_opt(d.body(), d.syntax(), LoopHint::None);
                let cond = self.expr_opt(d.condition(), d.syntax());
                Stmt::DoWhile { body, cond, hint }
            }
            ast::Stmt::ForStmt(f) => {
                let init = f.init().map(|s| self.stmt(&s, LoopHint::None));
                let cond = f.condition().map(|e| self.lw.expr(&mut self.arena, &e));
                let step = f.step().map(|e| self.lw.expr(&mut self.arena, &e));
                let body = self.stmt_opt(f.body(), f.syntax(), LoopHint::None);
                Stmt::For {
                    init,
                    cond,
                    step,
                    body,
                    hint,
                }
            }
            ast::Stmt::RangeForStmt(f) if f.structured_binding().is_some() => {
                // `for (auto [k, v] : range) body`: a hidden loop variable, and the names bound
                // to its members at the start of the body.
                let specs = self.lw.specs(f.decl_specs().as_ref(), false);
                let sb = f.structured_binding().unwrap();
                let ds = f.decl_specs().map_or(r, |d| self.lw.range(d.syntax()));
                let Some(ty) = self.binding_type(&specs, sb.reference(), ds) else {
                    return id;
                };
                let ty = self.arena.alloc_type(ty, self.lw.range(sb.syntax()));
                let range = self.expr_opt(f.range(), f.syntax());
                let object = SmolStr::new(format!("$bind{}", id.0));
                let bind = self.alloc(Stmt::Missing, self.lw.range(sb.syntax()));
                let names = self.binding_names(&sb, bind);
                self.set(
                    bind,
                    Stmt::Bindings {
                        var: None,
                        object: object.clone(),
                        names,
                    },
                );
                if let Some(&(_, _, at)) = self.decl_names.iter().find(|(s, k, _)| *s == bind && *k == 0) {
                    self.decl_names.push((id, 0, at));
                }
                let inner = self.stmt_opt(f.body(), f.syntax(), LoopHint::None);
                let body = self.alloc(Stmt::Block(vec![bind, inner]), r);
                let var = LocalDecl {
                    name: object,
                    ty,
                    storage: specs.storage,
                    space: specs.space,
                    init: None,
                    align: Vec::new(),
                };
                Stmt::RangeFor { var, range, body }
            }
            ast::Stmt::RangeForStmt(f) => {
                let specs = self.lw.specs(f.decl_specs().as_ref(), false);
                let declared = self.lw.declarator(specs.ty(), f.declarator());
                let range = self.expr_opt(f.range(), f.syntax());
                let body = self.stmt_opt(f.body(), f.syntax(), LoopHint::None);
                let tr = self.lw.range(f.syntax());
                let dty = if specs.is_constexpr {
                    super::ctx::qualify(crate::body::Quals::CONST, declared.ty)
                } else {
                    declared.ty
                };
                let ty = self.arena.alloc_type(dty, tr);
                if let Some(nr) = declared.name_range {
                    self.decl_names.push((id, 0, nr));
                }
                let var = LocalDecl {
                    name: declared.name.unwrap_or_default(),
                    ty,
                    storage: specs.storage,
                    space: specs.space,
                    init: None,
                    align: Vec::new(),
                };
                Stmt::RangeFor { var, range, body }
            }
            ast::Stmt::SwitchStmt(sw) => {
                let (prefix, cond, declared) =
                    self.cond_prefix(sw.init_stmt(), sw.condition_decl(), sw.condition(), sw.syntax());
                let body = self.stmt_opt(sw.body(), sw.syntax(), LoopHint::None);
                if let Some(name) = &declared {
                    self.check_cond_redecl(name, body);
                }
                if prefix.is_empty() {
                    Stmt::Switch { cond, body }
                } else {
                    // `switch (init; cond)` / `switch (T z = e)`: a block around the switch.
                    let inner = self.alloc(Stmt::Switch { cond, body }, r);
                    let mut v = prefix;
                    v.push(inner);
                    Stmt::Block(v)
                }
            }
            ast::Stmt::CaseStmt(c) => {
                if c.range_end().is_some() {
                    self.lw.unsupported("case ranges", r);
                }
                let value = self.expr_opt(c.value(), c.syntax());
                let body = self.labeled_body(c.stmt(), c.syntax());
                Stmt::Case { value, body }
            }
            ast::Stmt::DefaultStmt(d) => Stmt::Default {
                body: self.labeled_body(d.stmt(), d.syntax()),
            },
            ast::Stmt::BreakStmt(_) => Stmt::Break,
            ast::Stmt::ContinueStmt(_) => Stmt::Continue,
            ast::Stmt::ReturnStmt(ret) => {
                if matches!(ret.expr(), Some(ast::Expr::ParenExpr(_))) {
                    self.paren_returns.push(id);
                }
                Stmt::Return(ret.expr().map(|e| self.lw.expr(&mut self.arena, &e)))
            }
            ast::Stmt::GotoStmt(g) => match g.label().and_then(|l| l.ident()) {
                Some(t) => Stmt::Goto(self.lw.text(&t)),
                None => Stmt::Missing,
            },
            ast::Stmt::LabeledStmt(l) => {
                let name = l.name().and_then(|n| self.lw.name_text(&n)).unwrap_or_default();
                let body = self.labeled_body(l.stmt(), l.syntax());
                Stmt::Label { name, body }
            }
            ast::Stmt::EmptyStmt(_) => Stmt::Empty,
            ast::Stmt::AsmStmt(a) => self.asm_stmt(a, r),
            ast::Stmt::TryStmt(_) => {
                self.lw.unsupported("try statements", r);
                Stmt::Missing
            }
            ast::Stmt::PragmaStmt(p) => {
                // The pragma is not a statement of its own: it qualifies the next one.
                self.stmts.pop();
                self.stmt_ranges.pop();
                let own = p.pragma().map(|t| self.lw.text(&t)).and_then(|text| {
                    let tr = p.pragma().map(|t| self.lw.tok_range(&t)).unwrap_or(r);
                    self.pragma_hint(&text, tr)
                });
                let hint = own.unwrap_or(hint);
                return match p.stmt() {
                    Some(inner) => {
                        if hint != LoopHint::None
                            && !matches!(
                                inner,
                                ast::Stmt::ForStmt(_)
                                    | ast::Stmt::WhileStmt(_)
                                    | ast::Stmt::DoStmt(_)
                                    | ast::Stmt::PragmaStmt(_)
                            )
                            && own.is_some()
                        {
                            self.lw.warning("pragma", "the #pragma unroll must precede a loop", r);
                        }
                        self.stmt(&inner, hint)
                    }
                    None => self.alloc(Stmt::Empty, r),
                };
            }
        };
        self.set(id, lowered);
        id
    }

    /// The loop hint a pragma gives, or `None` for pragmas that are not about loops.
    /// `asm volatile("..." : outputs : inputs : clobbers);`: the strings stay bytes; the
    /// checker interprets constraints and the template.
    fn asm_stmt(&mut self, a: &ast::AsmStmt, r: TextRange) -> Stmt {
        use warpc_syntax::SyntaxKind as K;
        let mut volatile = false;
        for q in a.qualifiers() {
            match q.kind() {
                K::VOLATILE_KW => volatile = true,
                K::GOTO_KW => {
                    self.lw.unsupported("asm goto", r);
                    return Stmt::Missing;
                }
                _ => {}
            }
        }
        let Some(template) = a.template().and_then(|t| self.string_bytes(&t)) else {
            return Stmt::Missing;
        };
        let mut asm = crate::body::AsmStmt {
            template,
            volatile,
            outputs: Vec::new(),
            inputs: Vec::new(),
            clobbers: Vec::new(),
        };
        for (section, part) in a.parts() {
            match part {
                ast::AsmPart::Operand(o) => {
                    if let Some(n) = o.symbolic_name() {
                        let nr = self.lw.tok_range(&n);
                        self.lw.unsupported("symbolic asm operand names", nr);
                        return Stmt::Missing;
                    }
                    let constraint = o.constraint().and_then(|c| self.string_bytes(&c)).unwrap_or_default();
                    let expr = self.expr_opt(o.expr(), o.syntax());
                    let op = crate::body::AsmOperand { constraint, expr };
                    if section == 1 {
                        asm.outputs.push(op);
                    } else {
                        asm.inputs.push(op);
                    }
                }
                ast::AsmPart::Clobber(l) => {
                    if let Some(b) = self.string_bytes(&l) {
                        asm.clobbers.push(b);
                    }
                }
                ast::AsmPart::Label(_) => {
                    self.lw.unsupported("asm goto", r);
                    return Stmt::Missing;
                }
            }
        }
        Stmt::Asm(Box::new(asm))
    }

    /// The bytes of a string literal (adjacent literals concatenated); reports bad escapes.
    fn string_bytes(&mut self, l: &ast::Literal) -> Option<Vec<u8>> {
        match self.lw.literal(l) {
            crate::body::Literal::String(b) => Some(b),
            _ => {
                let lr = self.lw.range(l.syntax());
                self.lw.error("syntax", "expected a string literal", lr);
                None
            }
        }
    }

    fn pragma_hint(&mut self, text: &str, r: TextRange) -> Option<LoopHint> {
        let words = pragma_words(text);
        let mut it = words.iter().map(|s| s.as_str());
        match it.next()? {
            "nounroll" => Some(LoopHint::Unroll(Some(1))),
            "unroll" => {
                let rest: String = it.collect::<Vec<_>>().join("");
                let rest = rest.trim_start_matches('(').trim_end_matches(')');
                if rest.is_empty() {
                    return Some(LoopHint::Unroll(None));
                }
                match parse_count(rest) {
                    Some(n) => Some(LoopHint::Unroll(Some(n))),
                    None => {
                        self.lw.warning(
                            "unsupported",
                            "unsupported: #pragma unroll with an argument that is not an integer literal; ignored",
                            r,
                        );
                        Some(LoopHint::None)
                    }
                }
            }
            _ => None,
        }
    }

    /// `using A::B::name;` inside a block (`using namespace` and aliases are not handled yet).
    /// The non-trivia tokens of `n` with their spellings.
    fn flat_tokens(&mut self, n: &SyntaxNode) -> Vec<(warpc_syntax::SyntaxKind, SmolStr)> {
        n.descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| !t.kind().is_trivia())
            .map(|t| (t.kind(), self.lw.text(&t)))
            .collect()
    }

    /// `namespace a = [::]A::B;` in a block; `None` for any other namespace declaration.
    fn namespace_alias_in_block(&mut self, n: &SyntaxNode) -> Option<Stmt> {
        use warpc_syntax::SyntaxKind as K;
        let toks = self.flat_tokens(n);
        let [(K::NAMESPACE_KW, _), (K::IDENT, name), (K::EQ, _), rest @ ..] = toks.as_slice() else {
            return None;
        };
        let mut i = usize::from(rest.first().is_some_and(|t| t.0 == K::COLON2));
        let (parts, j) = super::qualified_parts(rest, i);
        i = j;
        if parts.is_empty() || rest.get(i).is_none_or(|t| t.0 != K::SEMICOLON) || i + 1 != rest.len() {
            return None;
        }
        Some(Stmt::NamespaceAlias {
            name: name.clone(),
            target: SmolStr::new(parts.join("::")),
        })
    }

    fn using_in_block(&mut self, u: &SyntaxNode) -> Option<Stmt> {
        use warpc_syntax::SyntaxKind as K;
        let toks = self.flat_tokens(u);
        if toks.get(1).is_some_and(|t| t.0 == K::NAMESPACE_KW) {
            // `using namespace [::]A::B;`
            let mut i = 2;
            if toks.get(i).is_some_and(|t| t.0 == K::COLON2) {
                i += 1;
            }
            let (parts, j) = super::qualified_parts(&toks, i);
            i = j;
            if parts.is_empty() || toks.get(i).is_none_or(|t| t.0 != K::SEMICOLON) || i + 1 != toks.len() {
                return None;
            }
            return Some(Stmt::UsingNamespace {
                target: SmolStr::new(parts.join("::")),
            });
        }
        let mut i = 1;
        if toks.get(i).is_some_and(|t| t.0 == K::COLON2) {
            i += 1;
        }
        let (parts, j) = super::qualified_parts(&toks, i);
        i = j;
        if parts.len() < 2 || toks.get(i).is_none_or(|t| t.0 != K::SEMICOLON) || i + 1 != toks.len() {
            return None;
        }
        let name = SmolStr::new(parts.last().unwrap());
        Some(Stmt::Using {
            name,
            target: SmolStr::new(parts.join("::")),
        })
    }

    /// The hidden object's type of a structured binding: `auto`, `auto&`, `auto&&` with the
    /// written qualifiers; `None` (reported) for other specifiers.
    fn binding_type(
        &mut self,
        specs: &super::ctx::SpecInfo,
        reference: Option<bool>,
        at: TextRange,
    ) -> Option<crate::body::TypeRef> {
        use crate::body::{Quals, TypeRef};
        let t = specs.ty();
        let is_auto = match &t {
            TypeRef::Auto => true,
            TypeRef::Qualified(_, inner) => matches!(**inner, TypeRef::Auto),
            _ => false,
        };
        if !is_auto
            || specs.storage != crate::body::StorageClass::None
            || specs.space != crate::body::MemorySpace::Default
        {
            self.lw
                .error("syntax", "invalid specifier for structured binding declaration", at);
            return None;
        }
        Some(match reference {
            None => t,
            Some(false) => TypeRef::Reference(Box::new(t)),
            Some(true) => TypeRef::Qualified(Quals::RVALUE, Box::new(TypeRef::Reference(Box::new(t)))),
        })
    }

    /// The names of a structured binding; their ranges are the statement's declarator names
    /// 1.. (0 is the `[`, where nvcc reports the binding as a whole).
    fn binding_names(&mut self, sb: &ast::StructuredBinding, id: StmtId) -> Vec<SmolStr> {
        let at = sb
            .l_brack()
            .map_or_else(|| self.lw.range(sb.syntax()), |t| self.lw.tok_range(&t));
        self.decl_names.push((id, 0, at));
        let mut names = Vec::new();
        for n in sb.names() {
            let Some(t) = n.ident() else { continue };
            names.push(self.lw.text(&t));
            self.decl_names.push((id, names.len() as u32, self.lw.tok_range(&t)));
        }
        names
    }

    /// The C++17 init-statement and a condition declaration of `if`/`switch`/`while`, lowered to
    /// statements that precede it, and the condition: the expression, or the declared name.
    fn cond_prefix(
        &mut self,
        init: Option<ast::Stmt>,
        decl: Option<ast::DeclStmt>,
        cond: Option<ast::Expr>,
        parent: &SyntaxNode,
    ) -> (Vec<StmtId>, crate::body::ExprId, Option<SmolStr>) {
        let mut prefix = Vec::new();
        if let Some(i) = init {
            prefix.push(self.stmt(&i, LoopHint::None));
        }
        let Some(d) = decl else {
            return (prefix, self.expr_opt(cond, parent), None);
        };
        let dr = self.lw.range(d.syntax());
        let did = self.alloc(Stmt::Missing, dr);
        let lowered = self.decl_stmt(&d, did);
        prefix.push(did);
        let cond = match &lowered {
            Stmt::Decl(v) if v.len() == 1 && v[0].init.is_some() => {
                let nr = self
                    .decl_names
                    .iter()
                    .rev()
                    .find(|(s, _, _)| *s == did)
                    .map_or(dr, |(_, _, r)| *r);
                self.arena.alloc_expr(Expr::Name(v[0].name.clone()), nr)
            }
            Stmt::Decl(v) if v.len() == 1 => {
                self.lw
                    .error("syntax", "expected an initializer", TextRange::empty(dr.end()));
                self.arena.alloc_expr(Expr::Missing, dr)
            }
            _ => self.arena.alloc_expr(Expr::Missing, dr),
        };
        let declared = match &lowered {
            Stmt::Decl(v) if v.len() == 1 => Some(v[0].name.clone()),
            _ => None,
        };
        self.set(did, lowered);
        (prefix, cond, declared)
    }

    /// A name declared in a condition may not be redeclared in the outermost block of the
    /// statement it controls.
    fn check_cond_redecl(&mut self, name: &SmolStr, branch: StmtId) {
        let Some(Stmt::Block(children)) = self.stmts.get(branch.0 as usize) else {
            return;
        };
        for c in children.clone() {
            let Some(Stmt::Decl(v)) = self.stmts.get(c.0 as usize) else {
                continue;
            };
            let Some(i) = v.iter().position(|d| d.name == *name) else {
                continue;
            };
            let Some(&(_, _, r)) = self.decl_names.iter().find(|(s, k, _)| *s == c && *k == i as u32) else {
                continue;
            };
            let msg = format!("\"{name}\", declared in condition, may not be redeclared in this scope");
            self.lw.error("redeclaration", msg, r);
        }
    }

    fn decl_stmt(&mut self, d: &ast::DeclStmt, id: StmtId) -> Stmt {
        let r = self.lw.range(d.syntax());
        let Some(decl) = d.declaration() else {
            if let Some(u) = d
                .syntax()
                .children()
                .find(|n| n.kind() == warpc_syntax::SyntaxKind::USING_DECL)
            {
                if let Some(ud) = ast::UsingDecl::cast(u.clone()) {
                    if let Some((name, ty)) = self.lw.alias_decl(&ud) {
                        // `using name = type;`
                        let tr = self.lw.range(&u);
                        let ty = self.arena.alloc_type(ty, tr);
                        return Stmt::Typedef { name, ty };
                    }
                }
                if let Some(st) = self.using_in_block(&u) {
                    return st;
                }
            }
            if let Some(st) = d
                .syntax()
                .children()
                .find(|n| n.kind() == warpc_syntax::SyntaxKind::NAMESPACE_DEF)
                .and_then(|n| self.namespace_alias_in_block(&n))
            {
                return st;
            }
            if let Some(sa) = d.syntax().children().find_map(ast::StaticAssertDecl::cast) {
                let (cond, msg) = sa.args();
                let cond = self.expr_opt(cond, sa.syntax());
                let message = msg.and_then(|m| self.lw.message_text(&m));
                return Stmt::StaticAssert { cond, message };
            }
            let what = match d.syntax().children().next().map(|n| n.kind()) {
                Some(warpc_syntax::SyntaxKind::STATIC_ASSERT_DECL) => "static_assert",
                Some(warpc_syntax::SyntaxKind::USING_DECL) => "using declarations",
                _ => "declarations of this kind inside functions",
            };
            self.lw.unsupported(what, r);
            return Stmt::Missing;
        };
        let locals_before = self.lw.local_records.as_ref().map_or(0, |l| l.len());
        let specs = self.lw.specs(decl.decl_specs().as_ref(), true);
        if let Some((what, ur)) = specs.unsupported {
            self.lw.unsupported(what, ur);
            return Stmt::Missing;
        }
        if !specs.defined_records.is_empty() || !specs.defined_enums.is_empty() {
            return Stmt::Missing;
        }
        let defines_local = self.lw.local_records.as_ref().map_or(0, |l| l.len()) > locals_before;
        if defines_local && decl.init_declarators().next().is_none() {
            // `struct S { ... };`: the class name denotes the type until the end of the block
            // (the checker declares it when it resolves the type; an unnamed one declares
            // nothing).
            if let crate::body::TypeRef::Local(i) = specs.base {
                let named = self
                    .lw
                    .local_records
                    .as_ref()
                    .and_then(|l| l.get(i as usize))
                    .and_then(|l| l.name.clone());
                if let Some(name) = named {
                    let ty = self.arena.alloc_type(crate::body::TypeRef::Local(i), r);
                    return Stmt::Typedef { name, ty };
                }
            }
            return Stmt::Empty;
        }
        if matches!(specs.storage, crate::body::StorageClass::Typedef) {
            // `typedef T a, *b;`: one statement per name.
            if let Some(ar) = specs.align {
                self.lw.unsupported("alignment attributes on typedefs", ar);
            }
            let mut out = Vec::new();
            for init in decl.init_declarators() {
                let ir = self.lw.range(init.syntax());
                let declared = self.lw.declarator(specs.ty(), init.declarator());
                let Some(name) = declared.name else { continue };
                let ty = self.arena.alloc_type(declared.ty, ir);
                out.push(Stmt::Typedef { name, ty });
            }
            if out.len() > 1 {
                self.lw
                    .unsupported("several typedef names in one declaration inside functions", r);
            }
            return out.into_iter().next().unwrap_or(Stmt::Missing);
        }
        let inits: Vec<_> = decl.init_declarators().collect();
        if let Some(sb) = inits.first().and_then(|i| i.structured_binding()) {
            let init = &inits[0];
            let ds = decl.decl_specs().map_or(r, |d| self.lw.range(d.syntax()));
            let Some(ty) = self.binding_type(&specs, sb.reference(), ds) else {
                return Stmt::Missing;
            };
            let tr = self.lw.range(init.syntax());
            let ty = self.arena.alloc_type(ty, tr);
            let mut value = init.initializer().map(|e| self.lw.initializer(&mut self.arena, &e));
            if let (None, Some(al)) = (&value, init.paren_args()) {
                let mut args = al.args();
                value = args
                    .next()
                    .map(|e| crate::body::Initializer::Expr(self.lw.expr(&mut self.arena, &e)));
            }
            if value.is_none() {
                self.lw.error(
                    "syntax",
                    "missing initializer",
                    TextRange::empty(r.end() - warpc_base::TextSize::from(1)),
                );
            }
            let object = SmolStr::new(format!("$bind{}", id.0));
            let names = self.binding_names(&sb, id);
            let var = LocalDecl {
                name: object.clone(),
                ty,
                storage: specs.storage,
                space: specs.space,
                init: value,
                align: Vec::new(),
            };
            return Stmt::Bindings {
                var: Some(var),
                object,
                names,
            };
        }
        if !specs.has_type && !inits.is_empty() {
            self.lw
                .error("syntax", "this declaration has no storage class or type specifier", r);
        }
        let mut out = Vec::new();
        for (i, init) in inits.iter().enumerate() {
            let declared = self.lw.declarator(specs.ty(), init.declarator());
            let Some(name) = declared.name else { continue };
            let is_ref = match &declared.ty {
                crate::body::TypeRef::Reference(_) => true,
                crate::body::TypeRef::Qualified(q, t) => {
                    q.contains(crate::body::Quals::RVALUE) && matches!(**t, crate::body::TypeRef::Reference(_))
                }
                _ => false,
            };
            if !is_ref && super::ctx::has_reference(&declared.ty) {
                self.lw.unsupported("references", self.lw.range(init.syntax()));
            }
            let mut entity_specs = specs.clone();
            for attr in init.attributes() {
                self.lw.attribute(&attr, &mut entity_specs, false);
            }
            let align: Vec<crate::body::ExprId> = entity_specs
                .align_exprs
                .iter()
                .map(|e| self.lw.align_arg(&mut self.arena, e))
                .collect();
            let tr = self.lw.range(init.syntax());
            let declared_ty = match declared.ty {
                // `decltype(auto) x = e;`: `decltype(e) x = e;`
                crate::body::TypeRef::DecltypeAuto => {
                    let e = init.initializer().or_else(|| {
                        let mut args = init.paren_args()?.args();
                        let first = args.next();
                        first.filter(|_| args.next().is_none())
                    });
                    // `decltype(auto) x{e};` (one plain item) is `e`'s, as nvcc has it.
                    let e = match e {
                        Some(ast::Expr::InitList(l)) => {
                            let mut items = l.items();
                            match (items.next(), items.next()) {
                                (Some(ast::InitItem::Plain(e)), None) if !l.is_expanded(&e) => Some(e),
                                _ => None,
                            }
                        }
                        e => e,
                    };
                    match e {
                        Some(e) => crate::body::TypeRef::Decltype {
                            id_expr: matches!(e, ast::Expr::NameRef(_) | ast::Expr::MemberExpr(_)),
                            expr: Box::new(self.lw.const_expr(&e)),
                        },
                        _ => crate::body::TypeRef::DecltypeAuto,
                    }
                }
                t => t,
            };
            let dty = if specs.is_constexpr {
                super::ctx::qualify(crate::body::Quals::CONST, declared_ty)
            } else {
                declared_ty
            };
            let ty = self.arena.alloc_type(dty, tr);
            let mut value = init.initializer().map(|e| self.lw.initializer(&mut self.arena, &e));
            if let (None, Some(al)) = (&value, init.paren_args()) {
                // `T x(a, b)`: the arguments as a list (a class's constructor takes them; a
                // scalar `T x(v)` is `T x = {v}`).
                // (`Impl<T...> x(tag{}, t...)`: pack expansions kept.)
                let items = self
                    .lw
                    .args(&mut self.arena, Some(al))
                    .into_iter()
                    .map(|e| (None, crate::body::Initializer::Expr(e)))
                    .collect();
                value = Some(crate::body::Initializer::List(items));
            }
            if init.has_asm_label() {
                self.lw.unsupported("asm labels", self.lw.range(init.syntax()));
            }
            if let Some(nr) = declared.name_range {
                self.decl_names.push((id, i as u32, nr));
            }
            out.push(LocalDecl {
                name,
                ty,
                storage: specs.storage,
                space: specs.space,
                init: value,
                align,
            });
        }
        Stmt::Decl(out)
    }
}

/// The words of a pragma after `pragma`: `#pragma unroll 4` and `_Pragma("unroll 4")` both
/// give `["unroll", "4"]`.
pub(crate) fn pragma_words(text: &str) -> Vec<String> {
    let t = text.trim();
    let body = if let Some(rest) = t.strip_prefix("_Pragma") {
        let rest = rest.trim().trim_start_matches('(').trim_end_matches(')').trim();
        rest.trim_matches('"').replace("\\\"", "\"")
    } else {
        let rest = t.trim_start_matches('#').trim_start();
        rest.strip_prefix("pragma").unwrap_or(rest).to_owned()
    };
    // Line splices and comments are whitespace here.
    let body = body.replace("\\\n", " ");
    let body = match body.find("//") {
        Some(i) => &body[..i],
        None => &body[..],
    };
    body.split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

fn parse_count(s: &str) -> Option<u32> {
    let s = s.trim().trim_end_matches(['u', 'U', 'l', 'L']);
    let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u32::from_str_radix(h, 16).ok()?
    } else {
        s.parse::<u32>().ok()?
    };
    Some(v)
}
