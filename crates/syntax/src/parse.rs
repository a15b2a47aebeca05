//! Parse results: one lossless tree per file of a translation unit, the macro-expansion side
//! tables, inclusion points, the position-free extract of one function definition (the body
//! firewall), and the entry points [`parse_tu`] and [`parse_text`].

use crate::builder::Builder;
use crate::parser::{PToken, Parser};
use crate::{grammar, lexer, Piece, Pieces, SyntaxKind, SyntaxNode, SyntaxToken};
use rowan::GreenNode;
use smol_str::SmolStr;
use std::sync::Arc;
use warpc_base::{Diagnostic, FileId, FileRange, TextRange, TextSize};

/// The spelling of zero-width (macro-expanded or inlined-include) tokens of one tree, keyed by
/// the offset where they sit. Sorted by offset.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Expansions {
    entries: Vec<Expansion>,
}

/// All zero-width parser tokens at one offset, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expansion {
    pub offset: TextSize,
    /// What produced them: the outermost macro invocation, or the `#include` directive of an
    /// inlined header (empty when nothing better is known).
    pub call_range: TextRange,
    pub tokens: Vec<(SyntaxKind, SmolStr)>,
}

/// The indices of the zero-width parser tokens at one offset of one tree, by [`tree_path`].
struct OffsetIndex {
    root: SyntaxNode,
    offset: TextSize,
    by_path: rustc_hash::FxHashMap<Vec<usize>, usize>,
}

thread_local! {
    /// [`OffsetIndex`]es of the last few (tree, offset) pairs asked about on this thread.
    /// Several, because consumers interleave trees (extracting a function from the file's tree,
    /// reading that function's own tree, extracting the next function).
    static OFFSET_INDEX: std::cell::RefCell<Vec<OffsetIndex>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A token's position in its tree: its index in its parent, then each ancestor's index in its
/// parent. Tokens compare equal when their green token and offset are equal, which zero-width
/// tokens of one kind at one offset all are (interned green tokens); the path tells them apart.
fn tree_path(tok: &SyntaxToken) -> Vec<usize> {
    let mut path = Vec::with_capacity(24);
    path.push(tok.index());
    let mut node = tok.parent();
    while let Some(n) = node {
        path.push(n.index());
        node = n.parent();
    }
    path
}

/// Whether green node `g` has a function definition (or, when `lists`, a declaration list)
/// among its descendants, not looking inside definitions.
fn green_holds_def(g: &rowan::GreenNodeData, lists: bool) -> bool {
    g.children().any(|c| match c {
        rowan::NodeOrToken::Node(n) => {
            let kind = <crate::CudaLang as rowan::Language>::kind_from_raw(n.kind());
            kind == SyntaxKind::FUNCTION_DEF || (lists && kind == SyntaxKind::DECL_LIST) || green_holds_def(n, lists)
        }
        rowan::NodeOrToken::Token(_) => false,
    })
}

fn is_zero_width_parser_token(tok: &SyntaxToken) -> bool {
    tok.text().is_empty() && !tok.kind().is_trivia()
}

/// The range of the first (`last == false`) or last non-trivia token of green node `g`, whose
/// text starts (first) or ends (last) at `at`.
fn green_token(g: &rowan::GreenNodeData, at: TextSize, last: bool) -> Option<TextRange> {
    let visit = |c: rowan::NodeOrToken<&rowan::GreenNodeData, &rowan::GreenTokenData>, at: TextSize| {
        let len = match c {
            rowan::NodeOrToken::Node(n) => n.text_len(),
            rowan::NodeOrToken::Token(t) => t.text_len(),
        };
        let start = if last { at - len } else { at };
        let found = match c {
            rowan::NodeOrToken::Node(n) => green_token(n, if last { at } else { start }, last),
            rowan::NodeOrToken::Token(t) => {
                let kind = <crate::CudaLang as rowan::Language>::kind_from_raw(t.kind());
                (!kind.is_trivia()).then(|| TextRange::at(start, len))
            }
        };
        (found, if last { start } else { start + len })
    };
    let mut at = at;
    if last {
        for c in g.children().rev() {
            let (found, next) = visit(c, at);
            if found.is_some() {
                return found;
            }
            at = next;
        }
    } else {
        for c in g.children() {
            let (found, next) = visit(c, at);
            if found.is_some() {
                return found;
            }
            at = next;
        }
    }
    None
}

impl Expansions {
    pub(crate) fn from_entries(mut entries: Vec<Expansion>) -> Expansions {
        entries.sort_by_key(|e| e.offset);
        Expansions { entries }
    }

    pub fn entries(&self) -> &[Expansion] {
        &self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn get(&self, offset: TextSize) -> Option<&Expansion> {
        self.entries
            .binary_search_by_key(&offset, |e| e.offset)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// Index of a zero-width token among the zero-width parser tokens at its offset.
    ///
    /// The first lookup at an offset of a tree numbers the whole run of zero-width tokens there
    /// once; later lookups (in any order) cost the token's [`tree_path`]. Walking back from
    /// each token instead is quadratic: reading the tokens of a macro that expands to 30,000
    /// tokens, or of a big header included in the middle of a declaration, took minutes.
    fn index_at_offset(tok: &SyntaxToken) -> usize {
        let offset = tok.text_range().start();
        let Some(root) = tok.parent_ancestors().last() else {
            return 0;
        };
        let path = tree_path(tok);
        let hit = OFFSET_INDEX.with(|c| {
            // Least recently used goes first: a hit moves its entry to the end, so the file
            // tree's index survives extracting and lowering many functions in turn (otherwise
            // it is evicted after 8 of them and renumbered, quadratic for a big header
            // included in the middle of a declaration).
            let mut c = c.borrow_mut();
            let i = c.iter().position(|e| e.offset == offset && e.root == root)?;
            let e = c.remove(i);
            let hit = e.by_path.get(&path).copied();
            c.push(e);
            Some(hit)
        });
        if let Some(Some(i)) = hit {
            return i;
        }
        // Number the run: back to its first token, then forward over it.
        let at_offset = |t: &SyntaxToken| t.text_range().start() == offset && t.text().is_empty();
        let mut first = tok.clone();
        while let Some(p) = first.prev_token().filter(at_offset) {
            first = p;
        }
        let mut by_path = rustc_hash::FxHashMap::default();
        let mut n = 0;
        let mut cur = Some(first);
        while let Some(t) = cur {
            if !t.kind().is_trivia() {
                by_path.insert(tree_path(&t), n);
                n += 1;
            }
            cur = t.next_token().filter(at_offset);
        }
        let idx = by_path.get(&path).copied().unwrap_or(0);
        OFFSET_INDEX.with(|c| {
            let mut c = c.borrow_mut();
            c.retain(|e| !(e.offset == offset && e.root == root));
            if c.len() >= 8 {
                c.remove(0);
            }
            c.push(OffsetIndex { root, offset, by_path });
        });
        idx
    }

    /// The spelling of a token: its text, or for a zero-width token its side-table spelling.
    pub fn token_text(&self, tok: &SyntaxToken) -> SmolStr {
        if !is_zero_width_parser_token(tok) {
            return SmolStr::new(tok.text());
        }
        let idx = Self::index_at_offset(tok);
        self.get(tok.text_range().start())
            .and_then(|e| e.tokens.get(idx))
            .map(|(_, text)| text.clone())
            .unwrap_or_default()
    }

    /// Where a token comes from in the file: its own range, or the producing call's range.
    pub fn source_range(&self, tok: &SyntaxToken) -> TextRange {
        if !is_zero_width_parser_token(tok) {
            return tok.text_range();
        }
        self.get(tok.text_range().start())
            .map_or(tok.text_range(), |e| e.call_range)
    }

    /// The source range of a node: from its first to its last non-trivia token, through
    /// [`Self::source_range`]. A node without such tokens gives its own (empty) range.
    pub fn node_range(&self, node: &SyntaxNode) -> TextRange {
        // Read the green tree: a cursor walk down to the first and last tokens allocates a node
        // per level, and this runs for most nodes the item-tree lowering reads.
        let whole = node.text_range();
        let green = node.green();
        let ends = (
            green_token(&green, whole.start(), false),
            green_token(&green, whole.end(), true),
        );
        match ends {
            (Some(f), Some(l)) => {
                let (f, l) = (self.green_source_range(f), self.green_source_range(l));
                TextRange::new(f.start().min(l.start()), f.end().max(l.end()))
            }
            _ => whole,
        }
    }

    /// [`Self::source_range`] of a token found by [`green_token`] (never trivia).
    fn green_source_range(&self, tok: TextRange) -> TextRange {
        if !tok.is_empty() {
            return tok;
        }
        self.get(tok.start()).map_or(tok, |e| e.call_range)
    }

    /// The table restricted to `node`'s zero-width tokens, with offsets made relative to the
    /// node's start (call ranges clamped into the node).
    fn extract(&self, node: &SyntaxNode) -> Expansions {
        let base = node.text_range().start();
        let end = node.text_range().end();
        let rel = |x: TextSize| x.clamp(base, end) - base;
        let mut entries: Vec<Expansion> = Vec::new();
        let mut index_in_entry = 0usize;
        let mut cur_offset: Option<TextSize> = None;
        for el in node.descendants_with_tokens() {
            let Some(tok) = el.into_token() else { continue };
            if !is_zero_width_parser_token(&tok) {
                continue;
            }
            let offset = tok.text_range().start();
            let Some(entry) = self.get(offset) else { continue };
            if cur_offset != Some(offset) {
                cur_offset = Some(offset);
                index_in_entry = Self::index_at_offset(&tok);
                entries.push(Expansion {
                    offset: offset - base,
                    call_range: TextRange::new(rel(entry.call_range.start()), rel(entry.call_range.end())),
                    tokens: Vec::new(),
                });
            }
            if let (Some(last), Some(t)) = (entries.last_mut(), entry.tokens.get(index_in_entry)) {
                last.tokens.push(t.clone());
            }
            index_in_entry += 1;
        }
        Expansions { entries }
    }
}

/// Where an included file's own tree was entered: after `offset` in the includer's tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inclusion {
    pub offset: TextSize,
    /// Index into [`TuParse::trees`].
    pub tree: u32,
}

/// The tree of one file (or one inclusion of it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileTree {
    pub file: FileId,
    pub green: GreenNode,
    pub expansions: Expansions,
    /// Files included between this tree's items, in order.
    pub includes: Vec<Inclusion>,
    /// Whether the tree contains a lambda expression: noted while the tree is built, so that
    /// asking costs nothing (the def map lowers bodies early only when some tree has one).
    pub has_lambdas: bool,
    /// Whether the tree defines a class inside a function body (noted the same way).
    pub has_local_classes: bool,
}

impl FileTree {
    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }
}

/// A parsed translation unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TuParse {
    /// `[0]` is the main file; headers included between items follow in inclusion order.
    pub trees: Vec<FileTree>,
    pub errors: Vec<Diagnostic>,
    /// Where each function definition is (tree index, child-index path from the root), in TU
    /// order; computed once so that per-function queries do not walk the whole unit.
    fn_defs: Vec<(u32, Vec<u32>)>,
}

/// A function definition found by [`TuParse::function_defs`].
#[derive(Clone, Debug)]
pub struct FnDefRef {
    /// Index into [`TuParse::trees`].
    pub tree: usize,
    pub node: SyntaxNode,
}

/// One function definition without its position: the FUNCTION_DEF green node and the
/// expansion entries inside it (offsets relative to the function start). Identical functions
/// at different places compare equal, which is what lets salsa cut off recomputation of a body
/// after edits elsewhere.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FnSyntax {
    pub green: GreenNode,
    pub expansions: Expansions,
}

impl FnSyntax {
    /// The FUNCTION_DEF node, rooted at offset 0.
    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    pub fn token_text(&self, tok: &SyntaxToken) -> SmolStr {
        self.expansions.token_text(tok)
    }
}

impl TuParse {
    pub fn tree(&self, i: usize) -> SyntaxNode {
        self.trees[i].syntax()
    }

    pub fn token_text(&self, tree: usize, tok: &SyntaxToken) -> SmolStr {
        self.trees
            .get(tree)
            .map_or_else(|| SmolStr::new(tok.text()), |t| t.expansions.token_text(tok))
    }

    /// Top-level items (child nodes of each `SOURCE_FILE`) in translation-unit order: a header's
    /// items appear where it was included. Headers included inside a namespace's or `extern "C"`
    /// block's list come with that list's items ([`Self::list_items`]).
    pub fn items(&self) -> impl Iterator<Item = (usize, SyntaxNode)> {
        let mut out = Vec::new();
        let mut visited = vec![false; self.trees.len()];
        if !self.trees.is_empty() {
            self.collect_items(0, &mut out, &mut visited);
        }
        out.into_iter()
    }

    /// The function definitions outside the trees in `skip` (a preamble's headers), in
    /// translation-unit order: those after the preamble's in [`Self::function_defs`].
    pub fn function_defs_skipping(&self, skip: std::ops::Range<usize>) -> Vec<FnDefRef> {
        self.function_defs_in(self.items_skipping(skip))
    }

    /// [`Self::items`] without the items of the trees in `skip` (a preamble's headers).
    pub fn items_skipping(&self, skip: std::ops::Range<usize>) -> Vec<(usize, SyntaxNode)> {
        let mut visited = vec![false; self.trees.len()];
        for v in visited.iter_mut().take(skip.end).skip(skip.start) {
            *v = true;
        }
        let mut out = Vec::new();
        if !self.trees.is_empty() {
            self.collect_items(0, &mut out, &mut visited);
        }
        out
    }

    fn collect_items(&self, tree: usize, out: &mut Vec<(usize, SyntaxNode)>, visited: &mut [bool]) {
        if visited[tree] {
            return;
        }
        visited[tree] = true;
        let root = self.trees[tree].syntax();
        self.children_with_includes(tree, &root, out, visited);
    }

    /// The child nodes of `parent` (the root or a `DECL_LIST`) of tree `tree`, with the items of
    /// the files included between them (recursively) where they were included. Inclusions
    /// inside a child (a nested namespace's list) are left for that child.
    fn children_with_includes(
        &self,
        tree: usize,
        parent: &SyntaxNode,
        out: &mut Vec<(usize, SyntaxNode)>,
        visited: &mut [bool],
    ) {
        let range = parent.text_range();
        let is_root = parent.parent().is_none();
        let includes: Vec<Inclusion> = self.trees[tree]
            .includes
            .iter()
            .filter(|i| is_root || (range.start() < i.offset && i.offset < range.end()))
            .copied()
            .collect();
        let mut inc = 0;
        for node in parent.children() {
            let r = node.text_range();
            while inc < includes.len() && includes[inc].offset <= r.start() {
                let t = includes[inc].tree as usize;
                if t < self.trees.len() {
                    self.collect_items(t, out, visited);
                }
                inc += 1;
            }
            // Inside this child: the child's own list handles them.
            while inc < includes.len() && includes[inc].offset < r.end() {
                inc += 1;
            }
            out.push((tree, node));
        }
        for i in &includes[inc..] {
            if (i.tree as usize) < self.trees.len() {
                self.collect_items(i.tree as usize, out, visited);
            }
        }
    }

    /// The items of a namespace's or `extern "C"` block's `{ }` list (`DECL_LIST`) of tree
    /// `tree`, with the items of files included inside the list, each with its tree.
    pub fn list_items(&self, tree: usize, list: &SyntaxNode) -> Vec<(usize, SyntaxNode)> {
        let mut out = Vec::new();
        let mut visited = vec![false; self.trees.len()];
        self.children_with_includes(tree, list, &mut out, &mut visited);
        out
    }

    fn new(trees: Vec<FileTree>, errors: Vec<Diagnostic>) -> TuParse {
        let mut parse = TuParse {
            trees,
            errors,
            fn_defs: Vec::new(),
        };
        parse.fn_defs = parse.fn_def_paths(&parse.find_function_defs());
        parse
    }

    /// A parse made of a preamble's (`pre`, whose trees are `trees[1..pre.trees.len()]`, their
    /// function definitions first in the unit) and the rest: only the rest is searched for
    /// function definitions.
    fn with_preamble(trees: Vec<FileTree>, errors: Vec<Diagnostic>, pre: &TuParse) -> TuParse {
        let mut parse = TuParse {
            trees,
            errors,
            fn_defs: Vec::new(),
        };
        let items = parse.items_skipping(1..pre.trees.len());
        let rest = parse.fn_def_paths(&parse.function_defs_in(items));
        parse.fn_defs = pre
            .fn_defs
            .iter()
            .filter(|(t, _)| *t != 0)
            .cloned()
            .chain(rest)
            .collect();
        parse
    }

    fn fn_def_paths(&self, defs: &[FnDefRef]) -> Vec<(u32, Vec<u32>)> {
        defs.iter()
            .map(|d| {
                let mut path: Vec<u32> = Vec::new();
                let mut cur = d.node.clone();
                while let Some(parent) = cur.parent() {
                    path.push(cur.index() as u32);
                    cur = parent;
                }
                path.reverse();
                (d.tree as u32, path)
            })
            .collect()
    }

    fn find_function_defs(&self) -> Vec<FnDefRef> {
        self.function_defs_in(self.items().collect())
    }

    fn function_defs_in(&self, items: Vec<(usize, SyntaxNode)>) -> Vec<FnDefRef> {
        let mut out = Vec::new();
        for (tree, item) in items {
            let mut stack = vec![(tree, item)];
            while let Some((tree, node)) = stack.pop() {
                if node.kind() == SyntaxKind::FUNCTION_DEF {
                    out.push(FnDefRef { tree, node });
                    continue;
                }
                if node.kind() == SyntaxKind::DECL_LIST && !self.trees[tree].includes.is_empty() {
                    stack.extend(self.list_items(tree, &node).into_iter().rev());
                    continue;
                }
                // Children in reverse without collecting them first, and only those whose green
                // subtree holds a definition (or a list that headers are included into): this
                // walk runs several times per compile, and a cursor node costs an allocation.
                let lists = !self.trees[tree].includes.is_empty();
                let mut child = node.last_child();
                while let Some(c) = child {
                    child = c.prev_sibling();
                    if matches!(c.kind(), SyntaxKind::FUNCTION_DEF | SyntaxKind::DECL_LIST)
                        || green_holds_def(&c.green(), lists)
                    {
                        stack.push((tree, c));
                    }
                }
            }
        }
        out
    }

    /// Every function definition outside function bodies (top level, `extern "C"`,
    /// namespaces, templates, record bodies), in translation-unit order. A function's
    /// `body_index` is its position here.
    pub fn function_defs(&self) -> Vec<FnDefRef> {
        // One preorder pass: the same list `fn_defs` was built from, in the same order. Looking
        // each definition up by its path would walk sibling lists and be quadratic.
        self.find_function_defs()
    }

    /// Number of function definitions.
    pub fn function_def_count(&self) -> usize {
        self.fn_defs.len()
    }

    /// The `i`-th function definition (O(tree depth)).
    pub fn function_def(&self, i: usize) -> Option<FnDefRef> {
        let (tree, path) = self.fn_defs.get(i)?;
        let mut node = self.trees.get(*tree as usize)?.syntax();
        for &idx in path {
            node = node.children_with_tokens().nth(idx as usize)?.into_node()?;
        }
        (node.kind() == SyntaxKind::FUNCTION_DEF).then_some(FnDefRef {
            tree: *tree as usize,
            node,
        })
    }

    /// The position-free extract of the `i`-th function definition (its `body_index`), its
    /// file, and its absolute start offset in that file. An index out of range gives an empty
    /// extract (whose body lowers to nothing) rather than a panic.
    pub fn fn_syntax(&self, i: usize) -> (FnSyntax, FileId, TextSize) {
        match self.function_def(i) {
            Some(def) => Self::extract(&self.trees[def.tree], &def.node),
            None => {
                let mut b = rowan::GreenNodeBuilder::new();
                b.start_node(SyntaxKind::ERROR.into());
                b.finish_node();
                let file = self.trees.first().map_or(TEXT_FILE, |t| t.file);
                (
                    FnSyntax {
                        green: b.finish(),
                        expansions: Expansions::default(),
                    },
                    file,
                    TextSize::from(0),
                )
            }
        }
    }

    fn extract(tree: &FileTree, node: &SyntaxNode) -> (FnSyntax, FileId, TextSize) {
        let green = node.green().into_owned();
        let expansions = tree.expansions.extract(node);
        (FnSyntax { green, expansions }, tree.file, node.text_range().start())
    }

    /// [`Self::fn_syntax`] for every definition at once (one walk instead of one per call).
    pub fn all_fn_syntax(&self) -> Vec<(FnSyntax, FileId, TextSize)> {
        self.find_function_defs()
            .iter()
            .map(|d| Self::extract(&self.trees[d.tree], &d.node))
            .collect()
    }

    /// A debug dump of every tree: nodes and tokens with ranges, zero-width tokens with their
    /// side-table spelling (`IDENT@10..10 →"256"`), then the errors.
    pub fn debug_dump(&self) -> String {
        let mut out = String::new();
        for (i, tree) in self.trees.iter().enumerate() {
            if self.trees.len() > 1 {
                out.push_str(&format!("=== tree {i} ({:?}) ===\n", tree.file));
                for inc in &tree.includes {
                    out.push_str(&format!("includes tree {} at {:?}\n", inc.tree, inc.offset));
                }
            }
            dump_node(&tree.syntax(), &tree.expansions, &mut out);
        }
        for e in &self.errors {
            match e.primary {
                Some(at) => out.push_str(&format!("error {:?}@{:?}: {}\n", at.file, at.range, e.message)),
                None => out.push_str(&format!("error: {}\n", e.message)),
            }
        }
        out
    }
}

/// Appends an indented dump of `node` to `out` (iterative, so deep trees are fine).
pub fn dump_node(node: &SyntaxNode, expansions: &Expansions, out: &mut String) {
    let mut indent = 0usize;
    for event in node.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(el) => {
                for _ in 0..indent {
                    out.push_str("  ");
                }
                match el {
                    rowan::NodeOrToken::Node(n) => {
                        out.push_str(&format!("{:?}@{:?}\n", n.kind(), n.text_range()));
                        indent += 1;
                    }
                    rowan::NodeOrToken::Token(t) => {
                        if is_zero_width_parser_token(&t) {
                            out.push_str(&format!(
                                "{:?}@{:?} →{:?}\n",
                                t.kind(),
                                t.text_range(),
                                expansions.token_text(&t).as_str()
                            ));
                        } else {
                            out.push_str(&format!("{:?}@{:?} {:?}\n", t.kind(), t.text_range(), t.text()));
                        }
                    }
                }
            }
            rowan::WalkEvent::Leave(el) => {
                if el.as_node().is_some() {
                    indent = indent.saturating_sub(1);
                }
            }
        }
    }
}

/// Builds the parser's token list from the pieces: texts, report positions and line-break
/// flags.
fn token_source(pieces: &[Piece], main: FileId, text_of: &dyn Fn(FileId) -> Arc<str>) -> Vec<PToken> {
    let mut stack: Vec<(FileId, Arc<str>)> = vec![(main, text_of(main))];
    let mut toks = Vec::new();
    let mut newline = true;
    for piece in pieces {
        match piece {
            Piece::Trivia { kind, range } => {
                if let Some((_, text)) = stack.last() {
                    let s = text
                        .get(usize::from(range.start())..usize::from(range.end()))
                        .unwrap_or("");
                    if *kind != SyntaxKind::MACRO_CALL && s.contains('\n') {
                        newline = true;
                    }
                    if *kind == SyntaxKind::DIRECTIVE {
                        newline = true;
                    }
                }
            }
            Piece::Token { kind, range } => {
                let (file, text) = match stack.last() {
                    Some((f, t)) => (
                        *f,
                        t.get(usize::from(range.start())..usize::from(range.end()))
                            .unwrap_or(""),
                    ),
                    None => (main, ""),
                };
                toks.push(PToken {
                    kind: *kind,
                    text: SmolStr::new(text),
                    file,
                    range: *range,
                    newline_before: newline,
                });
                newline = false;
            }
            Piece::Expanded { kind, text, call } => {
                let file = stack.last().map_or(main, |(f, _)| *f);
                toks.push(PToken {
                    kind: *kind,
                    text: text.clone(),
                    file,
                    range: *call,
                    newline_before: newline,
                });
                newline = false;
            }
            Piece::EnterFile { file } => {
                stack.push((*file, text_of(*file)));
                newline = true;
            }
            Piece::LeaveFile => {
                if stack.len() > 1 {
                    stack.pop();
                }
                newline = true;
            }
        }
    }
    toks
}

/// Parses a translation unit given as pieces (see [`crate::pieces`]).
pub fn parse_tu(pieces: &[Piece], main: FileId, text: &dyn Fn(FileId) -> Arc<str>) -> TuParse {
    let toks = token_source(pieces, main, text);
    let mut parser = Parser::new(&toks);
    grammar::source_file(&mut parser);
    let Parser { events, errors, .. } = parser;
    let (trees, mut build_errors) = Builder::new(pieces, main, text).run(events);
    let mut errors = errors;
    errors.append(&mut build_errors);
    TuParse::new(trees, errors)
}

/// The parse of a main file's preamble (its leading directives and the headers they include):
/// the trees, and the parser's state after them, to parse the rest of the main file without
/// parsing the headers again ([`parse_after`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreambleParse {
    pub tu: TuParse,
    state: Option<crate::parser::ParserState>,
    parser_errors: Vec<Diagnostic>,
    build_errors: Vec<Diagnostic>,
}

impl PreambleParse {
    /// Whether [`parse_after`] can go on from here (else it parses the whole unit).
    pub fn resumable(&self) -> bool {
        self.state.is_some()
    }
}

/// Parses a preamble's pieces (`text(main)` is the preamble's text).
pub fn parse_preamble(pieces: &[Piece], main: FileId, text: &dyn Fn(FileId) -> Arc<str>) -> PreambleParse {
    let toks = token_source(pieces, main, text);
    let mut parser = Parser::new(&toks);
    grammar::source_file(&mut parser);
    let state = parser.top_level_state();
    let Parser { events, errors, .. } = parser;
    let (trees, build_errors) = Builder::new(pieces, main, text).run(events);
    let mut all = errors.clone();
    all.extend(build_errors.iter().cloned());
    PreambleParse {
        tu: TuParse::new(trees, all),
        state,
        parser_errors: errors,
        build_errors,
    }
}

/// Parses the translation unit whose pieces are `pre_pieces` (the preamble's, which `pre` parsed)
/// followed by `rest`: only the main file's part after the preamble is parsed; the headers'
/// trees are the preamble's. Equal to [`parse_tu`] over all the pieces.
pub fn parse_after(
    pre: &PreambleParse,
    pre_pieces: &Pieces,
    rest: &[Piece],
    main: FileId,
    text: &dyn Fn(FileId) -> Arc<str>,
) -> TuParse {
    match resume(pre, pre_pieces, rest, main, text) {
        Some(r) => {
            let mut all_errors = pre.parser_errors.clone();
            all_errors.extend(r.parser_errors);
            all_errors.extend(pre.build_errors.iter().cloned());
            all_errors.extend(r.build_errors);
            TuParse::with_preamble(r.trees, all_errors, &pre.tu)
        }
        None => {
            let all: Vec<Piece> = pre_pieces.iter().chain(rest).cloned().collect();
            parse_tu(&all, main, text)
        }
    }
}

/// Parses a main file's preamble going on from `prelude` (the [`parse_preamble`] of the
/// prelude's pieces `prelude_pieces`, over an empty stand-in main file): `more` are the preamble's
/// pieces after the prelude's. Equal to [`parse_preamble`] over all the pieces.
pub fn parse_preamble_after(
    prelude: &PreambleParse,
    prelude_pieces: &Pieces,
    more: &[Piece],
    main: FileId,
    text: &dyn Fn(FileId) -> Arc<str>,
) -> PreambleParse {
    match resume(prelude, prelude_pieces, more, main, text) {
        Some(r) => {
            let mut parser_errors = prelude.parser_errors.clone();
            parser_errors.extend(r.parser_errors);
            let mut build_errors = prelude.build_errors.clone();
            build_errors.extend(r.build_errors);
            let mut all = parser_errors.clone();
            all.extend(build_errors.iter().cloned());
            PreambleParse {
                tu: TuParse::with_preamble(r.trees, all, &prelude.tu),
                state: r.state,
                parser_errors,
                build_errors,
            }
        }
        None => {
            let all: Vec<Piece> = prelude_pieces.iter().chain(more).cloned().collect();
            parse_preamble(&all, main, text)
        }
    }
}

/// What [`resume`] parsed after a preamble.
struct Resumed {
    trees: Vec<FileTree>,
    parser_errors: Vec<Diagnostic>,
    build_errors: Vec<Diagnostic>,
    /// The parser's state at the end (see [`PreambleParse`]).
    state: Option<crate::parser::ParserState>,
}

/// Parses the main file's own pieces of `pre_pieces` (its directives and trivia) and `rest` from
/// `pre`'s state, and splices the trees: the main file's, `pre`'s headers (same indices as in
/// one parse), then the headers `rest` includes (their indices shifted past `pre`'s). `None`
/// when `pre` is not resumable.
fn resume(
    pre: &PreambleParse,
    pre_pieces: &Pieces,
    rest: &[Piece],
    main: FileId,
    text: &dyn Fn(FileId) -> Arc<str>,
) -> Option<Resumed> {
    let state = pre.state.as_ref()?;
    let mut pieces: Vec<Piece> = Vec::with_capacity(rest.len() + 64);
    let mut depth = 0u32;
    for piece in pre_pieces {
        match piece {
            Piece::EnterFile { .. } => depth += 1,
            Piece::LeaveFile => depth = depth.saturating_sub(1),
            _ if depth == 0 => pieces.push(piece.clone()),
            _ => {}
        }
    }
    pieces.extend_from_slice(rest);
    let toks = token_source(&pieces, main, text);
    let mut parser = Parser::new(&toks);
    parser.restore(state);
    grammar::source_file(&mut parser);
    let end_state = parser.top_level_state();
    let Parser { events, errors, .. } = parser;
    let (rest_trees, rest_build_errors) = Builder::new(&pieces, main, text).run(events);
    let shift = pre.tu.trees.len() as u32 - 1;
    let remap = |inc: &Inclusion| Inclusion {
        offset: inc.offset,
        tree: if inc.tree == 0 { 0 } else { inc.tree + shift },
    };
    let mut trees: Vec<FileTree> = Vec::with_capacity(pre.tu.trees.len() + rest_trees.len());
    for (i, mut tree) in rest_trees.into_iter().enumerate() {
        tree.includes = tree.includes.iter().map(remap).collect();
        if i == 0 {
            let mut includes = pre.tu.trees[0].includes.clone();
            includes.append(&mut tree.includes);
            tree.includes = includes;
            trees.push(tree);
            trees.extend(pre.tu.trees[1..].iter().cloned());
        } else {
            trees.push(tree);
        }
    }
    Some(Resumed {
        trees,
        parser_errors: errors,
        build_errors: rest_build_errors,
        state: end_state,
    })
}

/// The main file id [`parse_text`] uses.
pub const TEXT_FILE: FileId = FileId(0);

/// Lexes one file without preprocessing into pieces: every token a `Token` piece (keywords
/// classified), each `#` directive line a `DIRECTIVE` trivia piece, except `#pragma` lines,
/// which become `PRAGMA` tokens. Also returns the lexer's errors as diagnostics.
pub fn text_pieces(text: &str) -> (Vec<Piece>, Vec<Diagnostic>) {
    let (tokens, lex_errors) = lexer::lex(text);
    let mut pieces = Vec::new();
    let mut pos = TextSize::from(0);
    let mut at_line_start = true;
    let mut i = 0;
    // Whitespace token split: (range) pending pieces
    let mut pending_split: Option<TextRange> = None;
    while i < tokens.len() || pending_split.is_some() {
        let (kind, range) = if let Some(r) = pending_split.take() {
            (SyntaxKind::WHITESPACE, r)
        } else {
            let t = tokens[i];
            i += 1;
            let r = TextRange::at(pos, t.len);
            pos += t.len;
            (t.kind, r)
        };
        let s = &text[range];
        if kind == SyntaxKind::HASH && at_line_start {
            // A directive: up to the first real newline (not a line splice).
            let start = range.start();
            let mut end = range.end();
            let mut is_pragma = false;
            let mut first_word = true;
            while i < tokens.len() {
                let t = tokens[i];
                let r = TextRange::at(pos, t.len);
                let ts = &text[r];
                if t.kind == SyntaxKind::WHITESPACE {
                    if let Some(nl) = first_real_newline(ts) {
                        // Split: the part before the newline joins the directive.
                        let before = TextSize::from(nl as u32);
                        end = r.start() + before;
                        pending_split = Some(TextRange::new(end, r.end()));
                        pos += t.len;
                        i += 1;
                        break;
                    }
                } else if t.kind != SyntaxKind::COMMENT && first_word {
                    first_word = false;
                    is_pragma = t.kind == SyntaxKind::IDENT && ts == "pragma";
                }
                end = r.end();
                pos += t.len;
                i += 1;
            }
            let r = TextRange::new(start, end);
            if is_pragma {
                pieces.push(Piece::Token {
                    kind: SyntaxKind::PRAGMA,
                    range: r,
                });
            } else {
                pieces.push(Piece::Trivia {
                    kind: SyntaxKind::DIRECTIVE,
                    range: r,
                });
            }
            at_line_start = false;
            continue;
        }
        if kind.is_trivia() {
            if kind == SyntaxKind::WHITESPACE && first_real_newline(s).is_some() {
                at_line_start = true;
            }
            pieces.push(Piece::Trivia { kind, range });
            continue;
        }
        at_line_start = false;
        let kind = if kind == SyntaxKind::IDENT {
            SyntaxKind::from_keyword(s).unwrap_or(kind)
        } else {
            kind
        };
        pieces.push(Piece::Token { kind, range });
    }
    let errors = lex_errors
        .into_iter()
        .map(|e| {
            Diagnostic::error(
                "lex",
                e.message,
                FileRange {
                    file: TEXT_FILE,
                    range: e.range,
                },
            )
        })
        .collect();
    (pieces, errors)
}

/// Byte index of the first newline in whitespace that is not part of a line splice.
fn first_real_newline(ws: &str) -> Option<usize> {
    let b = ws.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if b.get(i + 1) == Some(&b'\n') => i += 2,
            b'\\' if b.get(i + 1) == Some(&b'\r') && b.get(i + 2) == Some(&b'\n') => i += 3,
            b'\n' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Parses one file's text with no preprocessing (tests and tools): see [`text_pieces`].
pub fn parse_text(text: &str) -> TuParse {
    let (pieces, mut lex_errors) = text_pieces(text);
    let shared: Arc<str> = Arc::from(text);
    let text_of = move |_: FileId| shared.clone();
    let mut parse = parse_tu(&pieces, TEXT_FILE, &text_of);
    lex_errors.append(&mut parse.errors);
    lex_errors.sort_by_key(|d| d.primary.map(|p| p.range.start()));
    parse.errors = lex_errors;
    parse
}
