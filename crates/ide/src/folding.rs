//! Folding ranges (blocks, records, initializer lists, parameter lists, comment runs,
//! inactive preprocessor regions) and selection ranges (the chain of enclosing nodes).

use warpc_base::{FileId, TextRange, TextSize};
use warpc_db::{Compilation, Database};
use warpc_syntax::SyntaxKind::*;

use crate::resolve;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FoldKind {
    Region,
    Comment,
    Inactive,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    pub range: TextRange,
    pub kind: FoldKind,
}

pub(crate) fn folding_ranges(db: &Database, comp: Compilation, file: FileId) -> Vec<Fold> {
    let parse = warpc_db::parse(db, comp);
    let text = db.file_text(file);
    let multiline = |r: TextRange| {
        text.get(std::ops::Range::<usize>::from(r))
            .is_some_and(|s| s.contains('\n'))
    };
    let mut out = Vec::new();
    for tree in resolve::trees_of(parse, file) {
        let root = parse.tree(tree);
        for n in root.descendants() {
            if matches!(
                n.kind(),
                BLOCK_STMT | FIELD_LIST | ENUMERATOR_LIST | DECL_LIST | INIT_LIST | PARAM_LIST | ARG_LIST
            ) && multiline(n.text_range())
            {
                out.push(Fold {
                    range: n.text_range(),
                    kind: FoldKind::Region,
                });
            }
        }
        let mut comment_run: Option<TextRange> = None;
        for tok in root.descendants_with_tokens().filter_map(|e| e.into_token()) {
            match tok.kind() {
                COMMENT => {
                    comment_run = Some(match comment_run {
                        Some(r) => r.cover(tok.text_range()),
                        None => tok.text_range(),
                    });
                }
                WHITESPACE if tok.text().matches('\n').count() <= 1 => {}
                _ => {
                    if let Some(r) = comment_run.take() {
                        if multiline(r) {
                            out.push(Fold {
                                range: r,
                                kind: FoldKind::Comment,
                            });
                        }
                    }
                    if tok.kind() == INACTIVE && multiline(tok.text_range()) {
                        out.push(Fold {
                            range: tok.text_range(),
                            kind: FoldKind::Inactive,
                        });
                    }
                }
            }
        }
        if let Some(r) = comment_run.filter(|r| multiline(*r)) {
            out.push(Fold {
                range: r,
                kind: FoldKind::Comment,
            });
        }
    }
    out.sort_by_key(|f| f.range.start());
    out
}

/// Ranges enclosing `offset`, innermost first: the token, then each ancestor with a distinct
/// range.
pub(crate) fn selection_ranges(db: &Database, comp: Compilation, file: FileId, offset: TextSize) -> Vec<TextRange> {
    let parse = warpc_db::parse(db, comp);
    let Some((_, root)) = resolve::file_root(parse, file) else {
        return Vec::new();
    };
    let Some(tok) = resolve::token_at(&root, offset) else {
        return Vec::new();
    };
    let mut out = vec![tok.text_range()];
    for a in tok.parent_ancestors() {
        let r = a.text_range();
        if out.last() != Some(&r) && !r.is_empty() {
            out.push(r);
        }
    }
    out
}
