//! Completion (members after `.`/`->`, locals and parameters in scope, namespace-scope names of
//! the def map with their signatures, builtin variables, macros, keywords) and signature help.

use rustc_hash::FxHashSet;
use warpc_base::TextSize;
use warpc_db::{Compilation, Database};
use warpc_hir::ty::FnKind;
use warpc_hir::ValueDef;
use warpc_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken};

use crate::hover::{fn_signature, with_name};
use crate::resolve::{self, Def};
use crate::{builtins, macros, FilePosition};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Local,
    Function,
    Variable,
    Field,
    Type,
    EnumMember,
    Macro,
    Keyword,
    BuiltinVariable,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionItem {
    pub label: String,
    pub kind: CompletionKind,
    pub detail: Option<String>,
    pub documentation: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureInfo {
    pub label: String,
    pub params: Vec<ParamInfo>,
    pub documentation: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureHelp {
    pub signatures: Vec<SignatureInfo>,
    pub active_signature: u32,
    pub active_param: u32,
}

const KEYWORDS: &[&str] = &[
    "__global__",
    "__device__",
    "__host__",
    "__shared__",
    "__constant__",
    "__managed__",
    "__restrict__",
    "__forceinline__",
    "__noinline__",
    "__launch_bounds__",
    "break",
    "case",
    "char",
    "const",
    "constexpr",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "if",
    "inline",
    "int",
    "long",
    "namespace",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "using",
    "void",
    "volatile",
    "while",
    "auto",
    "bool",
    "true",
    "false",
    "nullptr",
];

/// The identifier prefix ending at `offset` and where it starts.
fn prefix_at(text: &str, offset: usize) -> (usize, String) {
    let b = text.as_bytes();
    let mut offset = offset.min(b.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let mut s = offset;
    while s > 0 && (b[s - 1].is_ascii_alphanumeric() || b[s - 1] == b'_') {
        s -= 1;
    }
    (s, text[s..offset].to_string())
}

/// The last non-trivia token with text ending at or before `offset`.
fn token_before(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    let mut tok = root.token_at_offset(offset).left_biased()?;
    loop {
        if !tok.kind().is_trivia() && !tok.text().is_empty() && tok.text_range().end() <= offset {
            return Some(tok);
        }
        tok = tok.prev_token()?;
    }
}

fn starts(label: &str, prefix: &str) -> bool {
    label.len() >= prefix.len() && label[..prefix.len()].eq_ignore_ascii_case(prefix)
}

pub(crate) fn completions(db: &Database, comp: Compilation, pos: FilePosition) -> Vec<CompletionItem> {
    let parse = warpc_db::parse(db, comp);
    let defs = warpc_db::def_map(db, comp);
    let text = db.file_text(pos.file);
    let (pstart, prefix) = prefix_at(&text, usize::from(pos.offset));
    let pstart = TextSize::from(pstart as u32);
    let mut out: Vec<CompletionItem> = Vec::new();
    let Some((tree, root)) = resolve::file_root(parse, pos.file) else {
        return out;
    };
    let before = token_before(&root, pstart);

    // Names of a namespace after `ns::` (names are stored qualified in the def map).
    if let Some(colons) = before.as_ref().filter(|t| t.kind() == COLON2) {
        let mut parts: Vec<String> = Vec::new();
        let mut t = colons.prev_token();
        while let Some(tok) = t {
            if tok.kind().is_trivia() {
                t = tok.prev_token();
                continue;
            }
            match tok.kind() {
                IDENT => parts.push(tok.text().to_string()),
                COLON2 => {}
                _ => break,
            }
            t = tok.prev_token();
        }
        parts.reverse();
        let qual = format!("{}::", parts.join("::"));
        for (name, vals) in &defs.values {
            let Some(rest) = name.strip_prefix(qual.as_str()) else {
                continue;
            };
            if !starts(rest, &prefix) {
                continue;
            }
            let (kind, detail) = match vals.first() {
                Some(ValueDef::Function(f)) => (CompletionKind::Function, Some(fn_signature(db, comp, *f))),
                Some(ValueDef::Global(g)) => (
                    CompletionKind::Variable,
                    Some(with_name(&resolve::show_ty(defs, &defs.global(*g).ty), rest)),
                ),
                Some(ValueDef::Enumerator(v, _)) => (CompletionKind::EnumMember, Some(format!("= {v}"))),
                #[allow(unreachable_patterns)]
                _ => (CompletionKind::Variable, None),
            };
            out.push(CompletionItem {
                label: rest.to_string(),
                kind,
                detail,
                documentation: None,
            });
        }
        for name in defs.typedefs.keys().chain(defs.tags.keys()) {
            if let Some(rest) = name.strip_prefix(qual.as_str()).filter(|r| starts(r, &prefix)) {
                out.push(CompletionItem {
                    label: rest.to_string(),
                    kind: CompletionKind::Type,
                    detail: None,
                    documentation: None,
                });
            }
        }
        return out;
    }

    // Members after `.` / `->`.
    if let Some(dot) = before.as_ref().filter(|t| matches!(t.kind(), DOT | ARROW)) {
        let arrow = dot.kind() == ARROW;
        let base = dot.parent().and_then(|p| {
            if p.kind() == MEMBER_EXPR {
                p.children().next()
            } else {
                // Recovery shapes: the expression right before the operator.
                dot.prev_sibling_or_token().and_then(|e| e.into_node())
            }
        });
        let ty = base.and_then(|b| resolve::expr_ty(db, comp, pos.file, tree, &b));
        if let Some(ty) = ty {
            let ty = if arrow { ty.pointee().cloned().unwrap_or(ty) } else { ty };
            if let Some(rid) = resolve::record_id(&ty) {
                for f in &defs.record(rid).fields {
                    let Some(name) = &f.name else { continue };
                    if starts(name, &prefix) {
                        out.push(CompletionItem {
                            label: name.to_string(),
                            kind: CompletionKind::Field,
                            detail: Some(resolve::show_ty(defs, &f.ty)),
                            documentation: None,
                        });
                    }
                }
            }
        }
        return out;
    }

    let mut seen: FxHashSet<String> = FxHashSet::default();
    // Locals and parameters in scope.
    if let Some(at) = root.token_at_offset(pstart).left_biased() {
        for (name, is_param) in locals_in_scope(&at, pstart) {
            if starts(&name, &prefix) && seen.insert(name.clone()) {
                let def = resolve::resolve_local(pos.file, &at, &name);
                let ty = def
                    .as_ref()
                    .and_then(|l| resolve::local_ty(db, comp, l))
                    .map(|t| resolve::show_ty(defs, &t));
                out.push(CompletionItem {
                    label: name,
                    kind: CompletionKind::Local,
                    detail: ty.or(Some(if is_param { "parameter".into() } else { "local".into() })),
                    documentation: None,
                });
            }
        }
    }
    for b in builtins::BUILTIN_VARS {
        if starts(b.0, &prefix) && seen.insert(b.0.to_string()) {
            out.push(CompletionItem {
                label: b.0.into(),
                kind: CompletionKind::BuiltinVariable,
                detail: Some(b.1.into()),
                documentation: builtins::doc(b.0),
            });
        }
    }
    // Namespace-scope names.
    for (name, vals) in &defs.values {
        if !starts(name, &prefix)
            || name.starts_with("__nv_")
            || name.starts_with("__nvvm_")
            || name.starts_with("__warpc_")
        {
            continue;
        }
        if !seen.insert(name.to_string()) {
            continue;
        }
        let item = match vals.first() {
            Some(ValueDef::Function(f)) => {
                let decl = defs.function(*f);
                if decl.kind != FnKind::Normal {
                    continue;
                }
                let n = vals.len();
                CompletionItem {
                    label: name.to_string(),
                    kind: CompletionKind::Function,
                    detail: Some(if n > 1 {
                        format!("{} (+{} overloads)", fn_signature(db, comp, *f), n - 1)
                    } else {
                        fn_signature(db, comp, *f)
                    }),
                    documentation: builtins::doc(name),
                }
            }
            Some(ValueDef::Global(g)) => {
                let decl = defs.global(*g);
                CompletionItem {
                    label: name.to_string(),
                    kind: CompletionKind::Variable,
                    detail: Some(with_name(&resolve::show_ty(defs, &decl.ty), name)),
                    documentation: None,
                }
            }
            Some(ValueDef::Enumerator(v, _)) => CompletionItem {
                label: name.to_string(),
                kind: CompletionKind::EnumMember,
                detail: Some(format!("= {v}")),
                documentation: None,
            },
            #[allow(unreachable_patterns)]
            _ => continue,
        };
        out.push(item);
    }
    for name in defs.typedefs.keys().chain(defs.tags.keys()) {
        if starts(name, &prefix) && seen.insert(name.to_string()) {
            out.push(CompletionItem {
                label: name.to_string(),
                kind: CompletionKind::Type,
                detail: None,
                documentation: None,
            });
        }
    }
    for m in macros::all_macros(db, comp) {
        if starts(&m.name, &prefix) && !m.name.starts_with("__") && seen.insert(m.name.clone()) {
            out.push(CompletionItem {
                label: m.name.clone(),
                kind: CompletionKind::Macro,
                detail: Some(m.display()),
                documentation: None,
            });
        }
    }
    for kw in KEYWORDS {
        if starts(kw, &prefix) && seen.insert(kw.to_string()) {
            out.push(CompletionItem {
                label: kw.to_string(),
                kind: CompletionKind::Keyword,
                detail: None,
                documentation: None,
            });
        }
    }
    out
}

/// Names of locals and parameters visible at `at` (innermost first).
fn locals_in_scope(at: &SyntaxToken, offset: TextSize) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for anc in at.parent_ancestors() {
        match anc.kind() {
            BLOCK_STMT => {
                for stmt in anc.children() {
                    if stmt.text_range().start() >= offset {
                        break;
                    }
                    let decl = if stmt.kind() == DECLARATION {
                        Some(stmt.clone())
                    } else {
                        stmt.children().find(|c| c.kind() == DECLARATION)
                    };
                    if let Some(d) = decl.filter(|_| stmt.kind() == DECL_STMT || stmt.kind() == DECLARATION) {
                        for (t, _) in resolve::declaration_names(&d) {
                            if t.text_range().end() <= offset {
                                out.push((t.text().to_string(), false));
                            }
                        }
                    }
                }
            }
            FOR_STMT => {
                if let Some(d) = anc
                    .children()
                    .find(|c| c.kind() == DECL_STMT)
                    .and_then(|s| s.children().find(|c| c.kind() == DECLARATION))
                {
                    for (t, _) in resolve::declaration_names(&d) {
                        out.push((t.text().to_string(), false));
                    }
                }
            }
            FUNCTION_DEF => {
                for p in resolve::fn_params(&anc) {
                    if let Some(t) = resolve::declarator_of(&p).and_then(|d| resolve::declarator_name(&d)) {
                        out.push((t.text().to_string(), true));
                    }
                }
                break;
            }
            _ => {}
        }
    }
    out
}

pub(crate) fn signature_help(db: &Database, comp: Compilation, pos: FilePosition) -> Option<SignatureHelp> {
    let parse = warpc_db::parse(db, comp);
    let defs = warpc_db::def_map(db, comp);
    let (tree, root) = resolve::file_root(parse, pos.file)?;
    let tok = token_before(&root, pos.offset)?;
    let args = tok
        .parent_ancestors()
        .find(|a| a.kind() == ARG_LIST && a.text_range().start() < pos.offset)?;
    let call = args
        .parent()
        .filter(|c| matches!(c.kind(), CALL_EXPR | KERNEL_LAUNCH_EXPR))?;
    let callee = call.children().next()?;
    if callee.kind() != NAME_REF {
        return None;
    }
    let ident = callee
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == IDENT)
        .last()?;
    let name = parse.token_text(tree, &ident);
    let Def::Function(fs) = resolve::resolve_name(db, comp, pos.file, &ident, &name)? else {
        return None;
    };
    let active_param = args
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == COMMA && t.text_range().end() <= pos.offset)
        .count() as u32;
    let items = &warpc_db::item_tree_with_source_map(db, comp).tree;
    let signatures: Vec<SignatureInfo> = fs
        .iter()
        .map(|&f| {
            let decl = defs.function(f);
            let names: Vec<Option<String>> = match items.items.get(decl.item as usize) {
                Some(warpc_hir::item_tree::Item::Function(fi)) => fi
                    .params
                    .iter()
                    .map(|p| p.name.as_ref().map(|n| n.to_string()))
                    .collect(),
                _ => Vec::new(),
            };
            let params: Vec<ParamInfo> = decl
                .sig
                .params
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let t = resolve::show_ty(defs, p);
                    ParamInfo {
                        label: names.get(i).cloned().flatten().map_or(t.clone(), |n| with_name(&t, &n)),
                    }
                })
                .collect();
            SignatureInfo {
                label: fn_signature(db, comp, f),
                params,
                documentation: builtins::doc(&decl.name),
            }
        })
        .collect();
    let active_signature = fs
        .iter()
        .position(|&f| {
            let d = defs.function(f);
            d.sig.params.len() as u32 > active_param || d.sig.variadic
        })
        .unwrap_or(0) as u32;
    Some(SignatureHelp {
        signatures,
        active_signature,
        active_param,
    })
}
