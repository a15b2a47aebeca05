//! Name resolution at a cursor, over the rowan trees plus the def map: what a token denotes
//! ([`Def`]), where that is declared, and the syntactic type of simple expressions (names,
//! members, indexing, calls, derefs) for hover, completion after `.`/`->` and inlay hints.
//!
//! Locals are resolved by walking the enclosing blocks backwards (C scoping); their semantic
//! types come from the checked body of the enclosing function (`fn_check`), matched by name and
//! declaration order, so `auto` shows its deduced type.

use smol_str::SmolStr;
use warpc_base::{FileId, FileRange, TextRange, TextSize};
use warpc_db::{Compilation, Database, Function};
use warpc_hir::ty::{FnId, GlobalId, RecordId, Ty, TyKind};
use warpc_hir::{DefMap, ValueDef};
use warpc_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken, TuParse};

use crate::macros::{self, MacroDef};

/// What a name denotes.
#[derive(Clone, Debug)]
pub(crate) enum Def {
    Local(LocalDef),
    /// An overload set (every function of that name); the first is the best guess.
    Function(Vec<FnId>),
    Global(GlobalId),
    Enumerator {
        name: SmolStr,
        value: i64,
    },
    /// A struct/union/enum tag or typedef name.
    Type {
        name: SmolStr,
    },
    Field {
        record: RecordId,
        field: u32,
    },
    Macro(MacroDef),
    BuiltinVar(SmolStr),
}

/// A local variable or parameter.
#[derive(Clone, Debug)]
pub(crate) struct LocalDef {
    pub name: SmolStr,
    pub file: FileId,
    /// The name token's range.
    pub name_range: TextRange,
    /// The enclosing FUNCTION_DEF.
    pub func: SyntaxNode,
    /// `Some(i)` for the i-th parameter.
    pub param: Option<usize>,
}

/// The trees of the compilation's parse that belong to `file` (usually one).
pub(crate) fn trees_of(parse: &TuParse, file: FileId) -> Vec<usize> {
    (0..parse.trees.len())
        .filter(|&i| parse.trees[i].file == file)
        .collect()
}

/// The root of `file`'s (first) tree, with its index.
pub(crate) fn file_root(parse: &TuParse, file: FileId) -> Option<(usize, SyntaxNode)> {
    let i = *trees_of(parse, file).first()?;
    Some((i, parse.tree(i)))
}

fn is_word(kind: SyntaxKind) -> bool {
    kind == IDENT || kind.is_keyword()
}

/// The token at `offset`, preferring an identifier or keyword with text (zero-width expansion
/// tokens are skipped; a macro invocation gives its `MACRO_CALL` token).
pub(crate) fn token_at(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    if offset > root.text_range().end() {
        return None;
    }
    let cands: Vec<SyntaxToken> = root.token_at_offset(offset).filter(|t| !t.text().is_empty()).collect();
    cands
        .iter()
        .find(|t| is_word(t.kind()) || t.kind() == MACRO_CALL)
        .or_else(|| cands.iter().find(|t| !t.kind().is_trivia() || t.kind() == DIRECTIVE))
        .or(cands.first())
        .cloned()
}

/// The identifier-like word of `text` around `offset` (for directives and macro calls).
pub(crate) fn word_at(text: &str, offset: usize) -> Option<(usize, &str)> {
    let b = text.as_bytes();
    let is = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut s = offset.min(b.len());
    while s > 0 && is(b[s - 1]) {
        s -= 1;
    }
    let mut e = offset.min(b.len());
    while e < b.len() && is(b[e]) {
        e += 1;
    }
    (s < e && !b[s].is_ascii_digit()).then(|| (s, &text[s..e]))
}

/// The name declared by a declarator node (searching through its nesting, not into parameter
/// lists or initializers).
pub(crate) fn declarator_name(node: &SyntaxNode) -> Option<SyntaxToken> {
    let mut cur = node.clone();
    loop {
        if cur.kind() == NAME {
            return cur
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT);
        }
        cur = cur.children().find(|c| {
            matches!(
                c.kind(),
                NAME | NAME_DECLARATOR
                    | POINTER_DECLARATOR
                    | REFERENCE_DECLARATOR
                    | ARRAY_DECLARATOR
                    | FUNCTION_DECLARATOR
                    | PAREN_DECLARATOR
            )
        })?;
    }
}

/// The declarator of an INIT_DECLARATOR / PARAM / FUNCTION_DEF.
pub(crate) fn declarator_of(node: &SyntaxNode) -> Option<SyntaxNode> {
    node.children().find(|c| {
        matches!(
            c.kind(),
            NAME_DECLARATOR
                | POINTER_DECLARATOR
                | REFERENCE_DECLARATOR
                | ARRAY_DECLARATOR
                | FUNCTION_DECLARATOR
                | PAREN_DECLARATOR
        )
    })
}

/// The names declared by a DECLARATION node: (name token, INIT_DECLARATOR).
pub(crate) fn declaration_names(decl: &SyntaxNode) -> Vec<(SyntaxToken, SyntaxNode)> {
    decl.children()
        .filter(|c| c.kind() == INIT_DECLARATOR)
        .filter_map(|id| Some((declarator_name(&declarator_of(&id)?)?, id)))
        .collect()
}

/// The PARAM nodes of a FUNCTION_DEF (of the function declarator closest to the name).
pub(crate) fn fn_params(func: &SyntaxNode) -> Vec<SyntaxNode> {
    let Some(mut d) = declarator_of(func) else {
        return Vec::new();
    };
    loop {
        if d.kind() == FUNCTION_DECLARATOR {
            // The closest-to-name function declarator: no FUNCTION_DECLARATOR inside it.
            let inner = declarator_of(&d);
            if inner
                .as_ref()
                .is_none_or(|i| !i.descendants().any(|x| x.kind() == FUNCTION_DECLARATOR))
            {
                return d
                    .children()
                    .find(|c| c.kind() == PARAM_LIST)
                    .map(|pl| pl.children().filter(|c| c.kind() == PARAM).collect())
                    .unwrap_or_default();
            }
            d = match inner {
                Some(i) => i,
                None => return Vec::new(),
            };
        } else {
            d = match declarator_of(&d) {
                Some(i) => i,
                None => return Vec::new(),
            };
        }
    }
}

/// The function name token of a FUNCTION_DEF.
pub(crate) fn fn_name(func: &SyntaxNode) -> Option<SyntaxToken> {
    declarator_name(&declarator_of(func)?)
}

fn local_in_decl_stmt(stmt: &SyntaxNode, name: &str, before: TextSize) -> Option<SyntaxToken> {
    let decl = if stmt.kind() == DECLARATION {
        stmt.clone()
    } else {
        stmt.children().find(|c| c.kind() == DECLARATION)?
    };
    declaration_names(&decl)
        .into_iter()
        .filter(|(t, _)| t.text() == name && t.text_range().end() <= before)
        .map(|(t, _)| t)
        .last()
}

/// Resolves `name` as a local at `at` (a token inside a function body).
pub(crate) fn resolve_local(file: FileId, at: &SyntaxToken, name: &str) -> Option<LocalDef> {
    let offset = at.text_range().start();
    let mut child: Option<SyntaxNode> = None;
    for anc in at.parent_ancestors() {
        match anc.kind() {
            BLOCK_STMT => {
                let mut found = None;
                for stmt in anc.children() {
                    if stmt.text_range().start() >= offset {
                        break;
                    }
                    if matches!(stmt.kind(), DECL_STMT | DECLARATION) {
                        if let Some(t) = local_in_decl_stmt(&stmt, name, offset) {
                            found = Some(t);
                        }
                    }
                }
                if let Some(t) = found {
                    let func = anc.ancestors().find(|a| a.kind() == FUNCTION_DEF)?;
                    return Some(LocalDef {
                        name: name.into(),
                        file,
                        name_range: t.text_range(),
                        func,
                        param: None,
                    });
                }
            }
            FOR_STMT => {
                if let Some(init) = anc.children().find(|c| c.kind() == DECL_STMT) {
                    if child.as_ref() != Some(&init) || init.text_range().start() < offset {
                        if let Some(t) = local_in_decl_stmt(&init, name, offset) {
                            let func = anc.ancestors().find(|a| a.kind() == FUNCTION_DEF)?;
                            return Some(LocalDef {
                                name: name.into(),
                                file,
                                name_range: t.text_range(),
                                func,
                                param: None,
                            });
                        }
                    }
                }
            }
            FUNCTION_DEF => {
                for (i, p) in fn_params(&anc).iter().enumerate() {
                    if let Some(t) = declarator_of(p).and_then(|d| declarator_name(&d)) {
                        if t.text() == name {
                            return Some(LocalDef {
                                name: name.into(),
                                file,
                                name_range: t.text_range(),
                                func: anc.clone(),
                                param: Some(i),
                            });
                        }
                    }
                }
                return None;
            }
            _ => {}
        }
        child = Some(anc);
    }
    None
}

/// The `FnId` of a FUNCTION_DEF node of tree `tree` (by its position among the TU's
/// definitions, which is the def map's `body_index`).
pub(crate) fn fn_id_of_def(parse: &TuParse, defs: &DefMap, tree: usize, node: &SyntaxNode) -> Option<FnId> {
    let idx = parse
        .function_defs()
        .iter()
        .position(|d| d.tree == tree && d.node == *node)?;
    let pos = defs.functions.iter().position(|f| f.body_index == Some(idx as u32))?;
    Some(FnId(pos as u32))
}

/// The tree index holding `node` (by comparing roots).
pub(crate) fn tree_of_node(parse: &TuParse, file: FileId, node: &SyntaxNode) -> Option<usize> {
    let root = node.ancestors().last()?;
    trees_of(parse, file).into_iter().find(|&i| parse.tree(i) == root)
}

/// The semantic type of a local, from the checked body of its function.
pub(crate) fn local_ty(db: &Database, comp: Compilation, local: &LocalDef) -> Option<Ty> {
    let parse = warpc_db::parse(db, comp);
    let defs = warpc_db::def_map(db, comp);
    let tree = tree_of_node(parse, local.file, &local.func)?;
    let f = fn_id_of_def(parse, defs, tree, &local.func)?;
    if let Some(i) = local.param {
        return defs.function(f).sig.params.get(i).cloned();
    }
    // The ordinal of this declaration among same-named local declarations, in source order.
    let body = local.func.children().find(|c| c.kind() == BLOCK_STMT)?;
    let mut ordinal = 0usize;
    for n in body.descendants().filter(|n| n.kind() == DECLARATION) {
        for (t, _) in declaration_names(&n) {
            if t.text() == local.name {
                if t.text_range() == local.name_range {
                    let checked = warpc_db::fn_check(db, Function::new(db, comp, f));
                    let b = &checked.body;
                    return b
                        .locals
                        .iter()
                        .skip(b.param_count as usize)
                        .filter(|l| l.name == local.name)
                        .nth(ordinal)
                        .map(|l| l.ty.clone());
                }
                ordinal += 1;
            }
        }
    }
    None
}

pub(crate) const BUILTIN_VARS: &[&str] = &["threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"];

/// The name text of a NAME_REF (qualified names joined with `::`), spelled through expansions.
pub(crate) fn name_ref_text(parse: &TuParse, tree: usize, node: &SyntaxNode) -> SmolStr {
    let mut s = String::new();
    for t in node.children_with_tokens().filter_map(|e| e.into_token()) {
        if t.kind() == IDENT || t.kind() == COLON2 {
            s.push_str(&parse.token_text(tree, &t));
        }
    }
    s.into()
}

/// Looks a name up at namespace scope (exactly, then as `ns::name` for any namespace).
pub(crate) fn lookup_global(defs: &DefMap, name: &str) -> Option<Def> {
    let vals = defs.values.get(name).or_else(|| {
        let suffix = format!("::{name}");
        defs.values.iter().find(|(k, _)| k.ends_with(&suffix)).map(|(_, v)| v)
    })?;
    let fns: Vec<FnId> = vals
        .iter()
        .filter_map(|v| match v {
            ValueDef::Function(f) => Some(*f),
            _ => None,
        })
        .collect();
    if !fns.is_empty() {
        return Some(Def::Function(fns));
    }
    match vals.first()? {
        ValueDef::Global(g) => Some(Def::Global(*g)),
        ValueDef::Enumerator(v, _) => Some(Def::Enumerator {
            name: name.into(),
            value: *v,
        }),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// Whether `name` is a type name (tag or typedef) of the def map.
pub(crate) fn is_type_name(defs: &DefMap, name: &str) -> bool {
    defs.typedefs.contains_key(name) || defs.tags.contains_key(name)
}

/// Resolves a name used at `tok` (an IDENT inside a NAME_REF, TYPE_NAME_REF, ...).
pub(crate) fn resolve_name(
    db: &Database,
    comp: Compilation,
    file: FileId,
    tok: &SyntaxToken,
    name: &str,
) -> Option<Def> {
    if let Some(l) = resolve_local(file, tok, name) {
        return Some(Def::Local(l));
    }
    let defs = warpc_db::def_map(db, comp);
    if let Some(d) = lookup_global(defs, name) {
        return Some(d);
    }
    if is_type_name(defs, name) {
        return Some(Def::Type { name: name.into() });
    }
    if BUILTIN_VARS.contains(&name) {
        return Some(Def::BuiltinVar(name.into()));
    }
    macros::find_macro(db, comp, name).map(Def::Macro)
}

/// What the token at `offset` of `file` denotes, with the token's range.
pub(crate) fn def_at(db: &Database, comp: Compilation, file: FileId, offset: TextSize) -> Option<(Def, TextRange)> {
    let parse = warpc_db::parse(db, comp);
    let text = db.file_text(file);
    let Some((tree, root)) = file_root(parse, file) else {
        // A header included inside a declaration has no tree: macros only.
        let (s, w) = word_at(&text, usize::from(offset))?;
        let m = macros::find_macro(db, comp, w)?;
        return Some((
            Def::Macro(m),
            TextRange::at(TextSize::from(s as u32), TextSize::from(w.len() as u32)),
        ));
    };
    let tok = token_at(&root, offset)?;
    if matches!(tok.kind(), MACRO_CALL | DIRECTIVE | INACTIVE) {
        let (s, w) = word_at(&text, usize::from(offset))?;
        let range = TextRange::at(TextSize::from(s as u32), TextSize::from(w.len() as u32));
        if tok.kind() == MACRO_CALL && tok.text_range().start() == range.start() {
            return macros::find_macro(db, comp, w).map(|m| (Def::Macro(m), range));
        }
        // An argument of a macro call: the expansion's token at the same spelling is what the
        // grammar saw; resolve the word by name from here.
        if tok.kind() == MACRO_CALL {
            let next = tok
                .next_token()
                .filter(|t| t.text().is_empty())
                .unwrap_or_else(|| tok.clone());
            return resolve_name(db, comp, file, &next, w).map(|d| (d, range));
        }
        return macros::find_macro(db, comp, w).map(|m| (Def::Macro(m), range));
    }
    if tok.kind() != IDENT {
        return None;
    }
    let name = tok.text().to_string();
    let range = tok.text_range();
    let parent = tok.parent()?;
    match parent.kind() {
        NAME => {
            let owner = parent.parent()?;
            match owner.kind() {
                RECORD_SPEC | ENUM_SPEC => return Some((Def::Type { name: name.into() }, range)),
                ENUMERATOR => {
                    let defs = warpc_db::def_map(db, comp);
                    return lookup_global(defs, &name).map(|d| (d, range));
                }
                _ => {}
            }
            // A declarator name: parameter, local, function, global, field, typedef.
            let decl_owner = parent
                .ancestors()
                .find(|a| matches!(a.kind(), PARAM | INIT_DECLARATOR | FUNCTION_DEF))?;
            let in_body = decl_owner.ancestors().skip(1).any(|a| a.kind() == BLOCK_STMT);
            let in_record = decl_owner.ancestors().any(|a| a.kind() == FIELD_LIST);
            if in_record && !in_body && decl_owner.kind() == INIT_DECLARATOR {
                let defs = warpc_db::def_map(db, comp);
                let rec = decl_owner.ancestors().find(|a| a.kind() == RECORD_SPEC)?;
                let rid = record_of_spec(defs, &rec)?;
                let field = defs
                    .record(rid)
                    .fields
                    .iter()
                    .position(|f| f.name.as_deref() == Some(name.as_str()))?;
                return Some((
                    Def::Field {
                        record: rid,
                        field: field as u32,
                    },
                    range,
                ));
            }
            if decl_owner.kind() == PARAM {
                let func = decl_owner.ancestors().find(|a| a.kind() == FUNCTION_DEF);
                if let Some(func) = func {
                    if let Some(l) = resolve_local(file, &tok, &name).filter(|l| l.name_range == range) {
                        return Some((Def::Local(l), range));
                    }
                    let _ = func;
                }
                return None;
            }
            if in_body {
                let func = decl_owner.ancestors().find(|a| a.kind() == FUNCTION_DEF)?;
                return Some((
                    Def::Local(LocalDef {
                        name: name.into(),
                        file,
                        name_range: range,
                        func,
                        param: None,
                    }),
                    range,
                ));
            }
            let is_typedef = decl_owner
                .parent()
                .and_then(|d| d.children().find(|c| c.kind() == DECL_SPECS))
                .is_some_and(|s| s.children_with_tokens().any(|e| e.kind() == TYPEDEF_KW));
            if is_typedef {
                return Some((Def::Type { name: name.into() }, range));
            }
            let defs = warpc_db::def_map(db, comp);
            lookup_global(defs, &qualified_name(&parent, &name))
                .or_else(|| lookup_global(defs, &name))
                .map(|d| (d, range))
        }
        NAME_REF => {
            let gp = parent.parent()?;
            if gp.kind() == MEMBER_EXPR && gp.children().nth(1).as_ref() == Some(&parent) {
                let defs = warpc_db::def_map(db, comp);
                let base = gp.children().next()?;
                let arrow = gp.children_with_tokens().any(|e| e.kind() == ARROW);
                let bt = expr_ty(db, comp, file, tree, &base)?;
                let bt = if arrow { bt.pointee()?.clone() } else { bt };
                let rid = record_id(&bt)?;
                let field = defs
                    .record(rid)
                    .fields
                    .iter()
                    .position(|f| f.name.as_deref() == Some(name.as_str()))?;
                return Some((
                    Def::Field {
                        record: rid,
                        field: field as u32,
                    },
                    range,
                ));
            }
            let full = name_ref_text(parse, tree, &parent);
            let d = if full.contains("::") {
                let defs = warpc_db::def_map(db, comp);
                lookup_global(defs, &full).or_else(|| resolve_name(db, comp, file, &tok, &name))
            } else {
                resolve_name(db, comp, file, &tok, &name)
            };
            let d = match d {
                Some(Def::Function(fs)) if fs.len() > 1 => {
                    Some(Def::Function(narrow_to_callees(db, comp, file, tree, &parent, fs)))
                }
                d => d,
            };
            d.map(|d| (d, range))
        }
        TYPE_NAME_REF => Some((Def::Type { name: name.into() }, range)),
        DESIGNATOR => None,
        _ => resolve_name(db, comp, file, &tok, &name).map(|d| (d, range)),
    }
}

/// The overloads of `fs` that the enclosing function actually calls (from its checked body),
/// or all of them when that is unknown: overload resolution without re-running the checker.
fn narrow_to_callees(
    db: &Database,
    comp: Compilation,
    file: FileId,
    tree: usize,
    at: &SyntaxNode,
    fs: Vec<FnId>,
) -> Vec<FnId> {
    let _ = file;
    let parse = warpc_db::parse(db, comp);
    let defs = warpc_db::def_map(db, comp);
    let Some(func) = at.ancestors().filter(|a| a.kind() == FUNCTION_DEF).last() else {
        return fs;
    };
    let Some(f) = fn_id_of_def(parse, defs, tree, &func) else {
        return fs;
    };
    let callees = &warpc_db::fn_check(db, Function::new(db, comp, f)).body.callees;
    let called: Vec<FnId> = fs.iter().copied().filter(|f| callees.contains(f)).collect();
    if called.is_empty() {
        fs
    } else {
        called
    }
}

/// `ns::name` for a declaration inside `namespace ns { ... }`.
fn qualified_name(node: &SyntaxNode, name: &str) -> String {
    let mut parts: Vec<String> = node
        .ancestors()
        .filter(|a| a.kind() == NAMESPACE_DEF)
        .filter_map(|ns| {
            let toks: Vec<String> = ns
                .children()
                .filter(|c| c.kind() == NAME)
                .flat_map(|n| {
                    n.children_with_tokens()
                        .filter_map(|e| e.into_token())
                        .filter(|t| t.kind() == IDENT)
                        .map(|t| t.text().to_string())
                        .collect::<Vec<_>>()
                })
                .collect();
            (!toks.is_empty()).then(|| toks.join("::"))
        })
        .collect();
    parts.reverse();
    parts.push(name.to_string());
    parts.join("::")
}

pub(crate) fn record_id(ty: &Ty) -> Option<RecordId> {
    match &ty.kind {
        TyKind::Record(r) => Some(*r),
        _ => None,
    }
}

/// The record a RECORD_SPEC defines (by tag name; anonymous records by their typedef name).
pub(crate) fn record_of_spec(defs: &DefMap, spec: &SyntaxNode) -> Option<RecordId> {
    let name = spec
        .children()
        .find(|c| c.kind() == NAME)
        .and_then(|n| {
            n.children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)
        })
        .map(|t| t.text().to_string());
    if let Some(name) = name {
        if let Some(&r) = defs.tags.get(name.as_str()) {
            return Some(r);
        }
        return defs
            .records
            .iter()
            .find(|(_, r)| r.name.as_deref() == Some(name.as_str()))
            .map(|(id, _)| id);
    }
    // typedef struct { ... } Name;
    let decl = spec.ancestors().find(|a| a.kind() == DECLARATION)?;
    let (t, _) = declaration_names(&decl).into_iter().next()?;
    match defs.typedefs.get(t.text()).map(|ty| &ty.kind) {
        Some(TyKind::Record(r)) => Some(*r),
        _ => None,
    }
}

/// The type a type name denotes (typedef or tag).
pub(crate) fn named_type(defs: &DefMap, name: &str) -> Option<Ty> {
    if let Some(t) = defs.typedefs.get(name) {
        return Some(t.clone());
    }
    defs.tags.get(name).map(|&r| Ty::new(TyKind::Record(r)))
}

/// The syntactic type of a simple expression (see the module docs); `None` when unknown.
pub(crate) fn expr_ty(db: &Database, comp: Compilation, file: FileId, tree: usize, expr: &SyntaxNode) -> Option<Ty> {
    let parse = warpc_db::parse(db, comp);
    let defs = warpc_db::def_map(db, comp);
    match expr.kind() {
        NAME_REF => {
            let tok = expr
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .filter(|t| t.kind() == IDENT)
                .last()?;
            let name = name_ref_text(parse, tree, expr);
            let short = parse.token_text(tree, &tok);
            let def = if tok.text().is_empty() {
                // From a macro expansion: resolve by spelling.
                resolve_name(db, comp, file, &tok, &short)
            } else {
                lookup_global(defs, &name)
                    .filter(|_| name.contains("::"))
                    .or_else(|| resolve_name(db, comp, file, &tok, &short))
            }?;
            def_ty(db, comp, &def)
        }
        PAREN_EXPR => expr_ty(db, comp, file, tree, &expr.children().next()?),
        MEMBER_EXPR => {
            let mut kids = expr.children();
            let base = kids.next()?;
            let field = kids.next()?;
            let arrow = expr.children_with_tokens().any(|e| e.kind() == ARROW);
            let bt = expr_ty(db, comp, file, tree, &base)?;
            let bt = if arrow { bt.pointee()?.clone() } else { bt };
            let rid = record_id(&bt)?;
            let fname = field
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)?;
            let fname = parse.token_text(tree, &fname);
            defs.record(rid)
                .fields
                .iter()
                .find(|f| f.name.as_deref() == Some(fname.as_str()))
                .map(|f| f.ty.clone())
        }
        INDEX_EXPR => {
            let bt = expr_ty(db, comp, file, tree, &expr.children().next()?)?;
            match bt.kind {
                TyKind::Pointer(p) => Some(*p),
                TyKind::Array(e, _) => Some(*e),
                _ => None,
            }
        }
        CALL_EXPR => {
            let callee = expr.children().next()?;
            let ct = expr_ty(db, comp, file, tree, &callee)?;
            match ct.kind {
                TyKind::Function(sig) => Some(strip_ref(sig.ret)),
                TyKind::Pointer(p) => match p.kind {
                    TyKind::Function(sig) => Some(strip_ref(sig.ret)),
                    _ => None,
                },
                _ => None,
            }
        }
        PREFIX_EXPR => {
            let op = expr
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| !t.kind().is_trivia())?;
            let inner = expr_ty(db, comp, file, tree, &expr.children().next()?)?;
            match op.kind() {
                STAR => match inner.kind {
                    TyKind::Pointer(p) => Some(*p),
                    TyKind::Array(e, _) => Some(*e),
                    _ => None,
                },
                AMP => Some(Ty::ptr(inner)),
                _ => Some(inner),
            }
        }
        LITERAL => {
            use warpc_hir::ty::{FloatKind, IntKind};
            let tok = expr
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| !t.kind().is_trivia())?;
            let text = parse.token_text(tree, &tok);
            match tok.kind() {
                INT_NUMBER => {
                    let l = text.to_ascii_lowercase();
                    let u = l.contains('u');
                    let long = l.contains('l');
                    Some(Ty::int(match (u, long) {
                        (false, false) => IntKind::Int,
                        (true, false) => IntKind::UInt,
                        (false, true) => IntKind::Long,
                        (true, true) => IntKind::ULong,
                    }))
                }
                FLOAT_NUMBER => {
                    let f = text.ends_with('f') || text.ends_with('F');
                    Some(Ty::float(if f { FloatKind::F32 } else { FloatKind::F64 }))
                }
                TRUE_KW | FALSE_KW => Some(Ty::bool()),
                CHAR_LIT => Some(Ty::int(IntKind::Char)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn strip_ref(t: Ty) -> Ty {
    match t.kind {
        TyKind::Reference(p) => *p,
        _ => t,
    }
}

/// The type of what a [`Def`] denotes, when it has one.
pub(crate) fn def_ty(db: &Database, comp: Compilation, def: &Def) -> Option<Ty> {
    let defs = warpc_db::def_map(db, comp);
    match def {
        Def::Local(l) => local_ty(db, comp, l).map(strip_ref),
        Def::Global(g) => Some(defs.global(*g).ty.clone()),
        Def::Function(fs) => Some(Ty::new(TyKind::Function(Box::new(
            defs.function(*fs.first()?).fn_type_sig(),
        )))),
        Def::Enumerator { .. } => Some(Ty::int(warpc_hir::ty::IntKind::Int)),
        Def::Field { record, field } => defs.record(*record).fields.get(*field as usize).map(|f| f.ty.clone()),
        Def::BuiltinVar(n) => match n.as_str() {
            "warpSize" => Some(Ty::int(warpc_hir::ty::IntKind::Int)),
            "threadIdx" | "blockIdx" => named_type(defs, "uint3"),
            _ => named_type(defs, "dim3").or_else(|| named_type(defs, "uint3")),
        },
        Def::Type { .. } | Def::Macro(_) => None,
    }
}

/// Spells a type as nvcc does.
pub(crate) fn show_ty(defs: &DefMap, ty: &Ty) -> String {
    warpc_hir::check::display_ty(ty, &defs.records)
}

/// Where a definition is: the name's range, and the whole declaration's range.
pub(crate) fn def_location(
    db: &Database,
    comp: Compilation,
    def: &Def,
    declaration: bool,
) -> Vec<(FileRange, TextRange)> {
    let defs = warpc_db::def_map(db, comp);
    let items = &warpc_db::item_tree_with_source_map(db, comp);
    let item_loc = |item: u32| -> Option<(FileRange, TextRange)> {
        let &(file, full, name) = items.source_map.items.get(item as usize)?;
        Some((FileRange { file, range: name }, full))
    };
    match def {
        Def::Local(l) => vec![(
            FileRange {
                file: l.file,
                range: l.name_range,
            },
            l.name_range,
        )],
        Def::Function(fs) => {
            // Every declaration item with this name; the definition is the decl's own item.
            let mut out = Vec::new();
            for &f in fs {
                let decl = defs.function(f);
                if declaration {
                    for (i, it) in items.tree.items.iter().enumerate() {
                        if let warpc_hir::item_tree::Item::Function(fi) = it {
                            if fi.name == decl.name && !fi.has_body {
                                out.extend(item_loc(i as u32));
                            }
                        }
                    }
                }
                if out.is_empty() || !declaration {
                    out.extend(item_loc(decl.item));
                }
            }
            dedup(out)
        }
        Def::Global(g) => item_loc(defs.global(*g).item).into_iter().collect(),
        Def::Macro(m) if m.origin.is_some() => Vec::new(),
        Def::Macro(m) => vec![(
            FileRange {
                file: m.file,
                range: m.name_range,
            },
            m.full_range,
        )],
        Def::Enumerator { name, .. } => find_syntax_def(db, comp, |n, parse, tree| {
            if n.kind() != ENUMERATOR {
                return None;
            }
            let t = n
                .children()
                .find(|c| c.kind() == NAME)?
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)?;
            (parse.token_text(tree, &t) == *name).then(|| t.text_range())
        }),
        Def::Type { name } => type_location(db, comp, name),
        Def::Field { record, field } => {
            let rname = defs.record(*record).name.clone();
            let fname = defs
                .record(*record)
                .fields
                .get(*field as usize)
                .and_then(|f| f.name.clone());
            let Some(fname) = fname else { return Vec::new() };
            find_syntax_def(db, comp, |n, _, _| {
                if n.kind() != RECORD_SPEC || n.children().all(|c| c.kind() != FIELD_LIST) {
                    return None;
                }
                if record_of_spec(defs, n) != Some(*record) && rname.is_some() {
                    return None;
                }
                let fl = n.children().find(|c| c.kind() == FIELD_LIST)?;
                fl.children()
                    .filter(|c| c.kind() == DECLARATION)
                    .flat_map(|d| declaration_names(&d))
                    .find(|(t, _)| t.text() == fname)
                    .map(|(t, _)| t.text_range())
            })
        }
        Def::BuiltinVar(_) => Vec::new(),
    }
}

fn dedup(mut v: Vec<(FileRange, TextRange)>) -> Vec<(FileRange, TextRange)> {
    let mut seen = Vec::new();
    v.retain(|x| {
        if seen.contains(&x.0) {
            false
        } else {
            seen.push(x.0);
            true
        }
    });
    v
}

fn type_location(db: &Database, comp: Compilation, name: &str) -> Vec<(FileRange, TextRange)> {
    let defined = find_syntax_def(db, comp, |n, parse, tree| match n.kind() {
        RECORD_SPEC | ENUM_SPEC if n.children().any(|c| matches!(c.kind(), FIELD_LIST | ENUMERATOR_LIST)) => {
            let t = n
                .children()
                .find(|c| c.kind() == NAME)?
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == IDENT)?;
            (parse.token_text(tree, &t) == name).then(|| t.text_range())
        }
        DECLARATION => {
            let specs = n.children().find(|c| c.kind() == DECL_SPECS)?;
            if !specs.children_with_tokens().any(|e| e.kind() == TYPEDEF_KW) {
                return None;
            }
            declaration_names(n)
                .into_iter()
                .find(|(t, _)| t.text() == name)
                .map(|(t, _)| t.text_range())
        }
        _ => None,
    });
    if !defined.is_empty() {
        return defined;
    }
    find_syntax_def(db, comp, |n, parse, tree| {
        if !matches!(n.kind(), RECORD_SPEC | ENUM_SPEC) {
            return None;
        }
        let t = n
            .children()
            .find(|c| c.kind() == NAME)?
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == IDENT)?;
        (parse.token_text(tree, &t) == name).then(|| t.text_range())
    })
}

/// Every node of every tree outside function bodies for which `f` gives a name range (first
/// match per tree), with the node's full range.
fn find_syntax_def(
    db: &Database,
    comp: Compilation,
    f: impl Fn(&SyntaxNode, &TuParse, usize) -> Option<TextRange>,
) -> Vec<(FileRange, TextRange)> {
    let parse = warpc_db::parse(db, comp);
    let mut out = Vec::new();
    for (i, t) in parse.trees.iter().enumerate() {
        let root = t.syntax();
        let mut iter = root.preorder();
        while let Some(ev) = iter.next() {
            let warpc_syntax::WalkEvent::Enter(n) = ev else {
                continue;
            };
            if n.kind() == BLOCK_STMT {
                iter.skip_subtree();
                continue;
            }
            if let Some(r) = f(&n, parse, i) {
                out.push((FileRange { file: t.file, range: r }, n.text_range()));
                break;
            }
        }
    }
    out
}
