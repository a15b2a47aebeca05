//! Inlay hints: the deduced type after an `auto` declarator's name, and parameter names before
//! call arguments (skipped when the argument already spells the name).

use warpc_base::{FileId, TextRange, TextSize};
use warpc_db::{Compilation, Database};
use warpc_syntax::SyntaxKind::*;

use crate::resolve::{self, Def};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InlayKind {
    Type,
    Parameter,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    pub offset: TextSize,
    pub label: String,
    pub kind: InlayKind,
}

pub(crate) fn inlay_hints(db: &Database, comp: Compilation, file: FileId, range: Option<TextRange>) -> Vec<InlayHint> {
    let parse = warpc_db::parse(db, comp);
    let defs = warpc_db::def_map(db, comp);
    let items = &warpc_db::item_tree_with_source_map(db, comp).tree;
    let mut out = Vec::new();
    for tree in resolve::trees_of(parse, file) {
        let root = parse.tree(tree);
        for n in root.descendants() {
            if range.is_some_and(|r| r.intersect(n.text_range()).is_none()) {
                continue;
            }
            match n.kind() {
                DECLARATION => {
                    let is_auto = n
                        .children()
                        .find(|c| c.kind() == DECL_SPECS)
                        .is_some_and(|s| s.children_with_tokens().any(|e| e.kind() == AUTO_KW));
                    if !is_auto || !n.ancestors().any(|a| a.kind() == BLOCK_STMT) {
                        continue;
                    }
                    for (t, _) in resolve::declaration_names(&n) {
                        let Some((Def::Local(l), _)) = resolve::def_at(db, comp, file, t.text_range().start()) else {
                            continue;
                        };
                        if let Some(ty) = resolve::local_ty(db, comp, &l) {
                            out.push(InlayHint {
                                offset: t.text_range().end(),
                                label: format!(": {}", resolve::show_ty(defs, &ty)),
                                kind: InlayKind::Type,
                            });
                        }
                    }
                }
                CALL_EXPR => {
                    let Some(callee) = n.children().next().filter(|c| c.kind() == NAME_REF) else {
                        continue;
                    };
                    let Some(args) = n.children().find(|c| c.kind() == ARG_LIST) else {
                        continue;
                    };
                    let Some(ident) = callee
                        .children_with_tokens()
                        .filter_map(|e| e.into_token())
                        .filter(|t| t.kind() == IDENT)
                        .last()
                    else {
                        continue;
                    };
                    if ident.text().is_empty() {
                        continue;
                    }
                    let Some(Def::Function(fs)) = resolve::resolve_name(db, comp, file, &ident, ident.text()) else {
                        continue;
                    };
                    let arg_nodes: Vec<_> = args.children().collect();
                    let Some(&f) = fs
                        .iter()
                        .find(|&&f| defs.function(f).sig.params.len() == arg_nodes.len())
                        .or(fs.first())
                    else {
                        continue;
                    };
                    let decl = defs.function(f);
                    let names: Vec<Option<String>> = match items.items.get(decl.item as usize) {
                        Some(warpc_hir::item_tree::Item::Function(fi)) => fi
                            .params
                            .iter()
                            .map(|p| p.name.as_ref().map(|n| n.to_string()))
                            .collect(),
                        _ => continue,
                    };
                    for (arg, name) in arg_nodes.iter().zip(names) {
                        let Some(name) = name else { continue };
                        let arg_text = arg.text().to_string();
                        if arg_text.trim() == name || arg_text.trim().is_empty() || arg.text_range().is_empty() {
                            continue;
                        }
                        out.push(InlayHint {
                            offset: arg.text_range().start(),
                            label: format!("{name}:"),
                            kind: InlayKind::Parameter,
                        });
                    }
                }
                _ => {}
            }
        }
    }
    out.sort_by_key(|h| h.offset);
    out
}
