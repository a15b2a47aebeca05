//! From pieces plus parser events to one lossless rowan tree per file.
//!
//! The builder walks the [`Piece`] stream in step with the parser's events. Non-parser pieces
//! (trivia, `EnterFile`, `LeaveFile`) are flushed lazily: before a node starts (so a node
//! begins in the file of its first token) and before each token. Rules:
//!
//! - trivia and `Token` pieces become tokens with their file text in the tree of their file;
//! - `Expanded` pieces become zero-width tokens whose spelling goes to that tree's
//!   [`Expansions`] table, keyed by the offset where they sit (the end of the `MACRO_CALL`);
//!   a `MACRO_CALL` directly followed by its expansion is not flushed before a node start, so
//!   the call's text lands inside the node that holds the expansion;
//! - `EnterFile` between top-level items, or between the items of a namespace's or `extern "C"`
//!   block's `{ }` list, opens a new tree for the included file and records the inclusion
//!   point ([`Inclusion`]) in the includer; inside any other item it falls back to
//!   *inlining*: the included file's parser tokens become zero-width tokens of the current tree
//!   (side-table entry at the end of the `#include` directive) and its trivia is dropped;
//! - `LeaveFile` inside an item ("overflow", rare) keeps building that item in the header's
//!   tree: the includer's tokens are mirrored there as zero-width tokens, and appear in the
//!   includer's tree under an `ERROR` node, until the item ends. A diagnostic says so.

use crate::parse::{Expansion, Expansions, FileTree, Inclusion};
use crate::parser::Event;
use crate::{Piece, SyntaxKind};
use rowan::{GreenNode, GreenNodeBuilder};
use smol_str::SmolStr;
use std::sync::Arc;
use warpc_base::{Diagnostic, FileId, FileRange, TextRange, TextSize};

struct Tree {
    file: FileId,
    builder: GreenNodeBuilder<'static>,
    /// Open nodes, the `SOURCE_FILE` root included.
    depth: u32,
    /// The kinds of the open nodes, innermost last.
    open: Vec<SyntaxKind>,
    len: TextSize,
    expansions: Vec<Expansion>,
    includes: Vec<Inclusion>,
    green: Option<GreenNode>,
    /// An `ERROR` node opened to hold mirrored tokens during an overflow.
    mirror_open: bool,
    /// Whether a `LAMBDA_EXPR` node was opened (see [`FileTree::has_lambdas`]).
    lambdas: bool,
    /// Whether a class body was opened inside a block (see [`FileTree::has_local_classes`]).
    local_classes: bool,
}

impl Tree {
    fn new(file: FileId) -> Tree {
        let mut builder = GreenNodeBuilder::new();
        builder.start_node(SyntaxKind::SOURCE_FILE.into());
        Tree {
            file,
            builder,
            depth: 1,
            open: vec![SyntaxKind::SOURCE_FILE],
            len: TextSize::from(0),
            expansions: Vec::new(),
            includes: Vec::new(),
            green: None,
            mirror_open: false,
            lambdas: false,
            local_classes: false,
        }
    }

    fn is_open(&self) -> bool {
        self.green.is_none()
    }

    fn token(&mut self, kind: SyntaxKind, text: &str) {
        if !self.is_open() {
            return;
        }
        self.builder.token(kind.into(), text);
        self.len += TextSize::of(text);
    }

    fn zero_width(&mut self, kind: SyntaxKind, text: SmolStr, call: TextRange) {
        if !self.is_open() {
            return;
        }
        self.builder.token(kind.into(), "");
        match self.expansions.last_mut() {
            Some(last) if last.offset == self.len => last.tokens.push((kind, text)),
            _ => self.expansions.push(Expansion {
                offset: self.len,
                call_range: call,
                tokens: vec![(kind, text)],
            }),
        }
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        if !self.is_open() {
            return;
        }
        self.builder.start_node(kind.into());
        self.depth += 1;
        self.open.push(kind);
        self.lambdas |= kind == SyntaxKind::LAMBDA_EXPR;
        if kind == SyntaxKind::FIELD_LIST && !self.local_classes {
            self.local_classes = self.open.contains(&SyntaxKind::BLOCK_STMT);
        }
    }

    /// Between the items of the file or of a namespace's or linkage specification's `{ }`
    /// list: where an included file can have a tree of its own.
    fn between_items(&self) -> bool {
        self.depth == 1 || (self.open.last() == Some(&SyntaxKind::DECL_LIST) && !self.mirror_open)
    }

    fn finish_node(&mut self) {
        // Never close the root through events.
        if !self.is_open() || self.depth <= 1 {
            return;
        }
        self.builder.finish_node();
        self.depth -= 1;
        self.open.pop();
    }

    fn close(&mut self) {
        if !self.is_open() {
            return;
        }
        if self.mirror_open {
            self.finish_node();
            self.mirror_open = false;
        }
        while self.depth > 0 {
            self.builder.finish_node();
            self.depth -= 1;
        }
        let builder = std::mem::take(&mut self.builder);
        self.green = Some(builder.finish());
    }
}

#[derive(Clone)]
enum Mode {
    /// The file's pieces go to its own tree.
    Own(usize),
    /// The file is inlined into `host` as zero-width tokens attributed to `call`.
    Inlined { host: usize, call: TextRange },
}

struct Frame {
    text: Arc<str>,
    mode: Mode,
}

pub(crate) struct Builder<'a> {
    pieces: &'a [Piece],
    next: usize,
    text_of: &'a dyn Fn(FileId) -> Arc<str>,
    frames: Vec<Frame>,
    trees: Vec<Tree>,
    /// The tree that receives node events and parser tokens.
    sink: usize,
    /// Tree whose item is still open after its file ended.
    overflow: Option<usize>,
    /// Range of the last trivia piece of the current file, if it ends where that tree ends.
    last_trivia: Option<TextRange>,
    /// Trees whose own code an overflow swallowed (reported once each).
    swallowed: Vec<usize>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl<'a> Builder<'a> {
    pub(crate) fn new(pieces: &'a [Piece], main: FileId, text_of: &'a dyn Fn(FileId) -> Arc<str>) -> Builder<'a> {
        Builder {
            pieces,
            next: 0,
            text_of,
            frames: vec![Frame {
                text: text_of(main),
                mode: Mode::Own(0),
            }],
            trees: vec![Tree::new(main)],
            sink: 0,
            overflow: None,
            last_trivia: None,
            swallowed: Vec::new(),
            diagnostics: Vec::new(),
        }
    }

    /// Replays the parser's events (rust-analyzer's forward-parent reordering) into the trees.
    pub(crate) fn run(mut self, mut events: Vec<Event>) -> (Vec<FileTree>, Vec<Diagnostic>) {
        let mut parents: Vec<SyntaxKind> = Vec::new();
        for i in 0..events.len() {
            match std::mem::replace(&mut events[i], Event::tombstone()) {
                Event::Start { kind, forward_parent } => {
                    parents.push(kind);
                    let mut idx = i;
                    let mut fp = forward_parent;
                    while let Some(delta) = fp {
                        idx += delta as usize;
                        fp = match events.get_mut(idx).map(|e| std::mem::replace(e, Event::tombstone())) {
                            Some(Event::Start { kind, forward_parent }) => {
                                parents.push(kind);
                                forward_parent
                            }
                            _ => None,
                        };
                    }
                    for kind in parents.drain(..).rev() {
                        if kind != SyntaxKind::TOMBSTONE {
                            self.start_node(kind);
                        }
                    }
                }
                Event::Finish => self.finish_node(),
                Event::Token { kind } => self.token(kind),
            }
        }
        self.finish()
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        self.flush(true);
        self.maybe_end_overflow();
        self.trees[self.sink].start_node(kind);
    }

    fn finish_node(&mut self) {
        self.trees[self.sink].finish_node();
        self.maybe_end_overflow();
    }

    fn token(&mut self, kind: SyntaxKind) {
        self.flush(false);
        if self.next < self.pieces.len() {
            let piece = &self.pieces[self.next];
            self.next += 1;
            self.parser_piece(piece, Some(kind));
        }
    }

    /// Processes pieces up to the next parser token. Before a node start, a `MACRO_CALL`
    /// immediately followed by its expansion is left for the node.
    fn flush(&mut self, before_start: bool) {
        while let Some(piece) = self.pieces.get(self.next) {
            if piece.is_parser_token() {
                break;
            }
            if before_start {
                if let Piece::Trivia {
                    kind: SyntaxKind::MACRO_CALL,
                    ..
                } = piece
                {
                    if matches!(self.pieces.get(self.next + 1), Some(Piece::Expanded { .. })) {
                        break;
                    }
                }
            }
            self.next += 1;
            self.other_piece(piece);
        }
    }

    fn top(&self) -> Option<&Frame> {
        self.frames.last()
    }

    /// The current file's text (a cheap `Arc` clone, so trees can be borrowed mutably while
    /// slicing it).
    fn current_text(&self) -> Arc<str> {
        self.top().map_or_else(|| Arc::from(""), |f| f.text.clone())
    }

    fn parser_piece(&mut self, piece: &Piece, kind_override: Option<SyntaxKind>) {
        let Some(frame) = self.top() else { return };
        let mode = frame.mode.clone();
        match piece {
            Piece::Token { kind, range } => {
                let kind = kind_override.unwrap_or(*kind);
                let file_text = self.current_text();
                let text = slice(&file_text, *range);
                match mode {
                    Mode::Own(t) if t == self.sink => self.trees[t].token(kind, text),
                    Mode::Own(t) => {
                        // Overflow: real token in the includer (under ERROR), mirror in the sink.
                        if !self.trees[t].mirror_open && self.trees[t].is_open() {
                            self.trees[t].start_node(SyntaxKind::ERROR);
                            self.trees[t].mirror_open = true;
                        }
                        self.report_swallowed(t, *range);
                        self.trees[t].token(kind, text);
                        let sink = self.sink;
                        let at = TextRange::empty(self.trees[sink].len);
                        self.trees[sink].zero_width(kind, SmolStr::new(text), at);
                    }
                    Mode::Inlined { host, call } => self.trees[host].zero_width(kind, SmolStr::new(text), call),
                }
            }
            Piece::Expanded { kind, text, call } => {
                let kind = kind_override.unwrap_or(*kind);
                match mode {
                    Mode::Own(t) if t == self.sink => self.trees[t].zero_width(kind, text.clone(), *call),
                    Mode::Own(t) => {
                        self.report_swallowed(t, *call);
                        let sink = self.sink;
                        let at = TextRange::empty(self.trees[sink].len);
                        self.trees[sink].zero_width(kind, text.clone(), at);
                    }
                    Mode::Inlined { host, call } => self.trees[host].zero_width(kind, text.clone(), call),
                }
            }
            _ => self.other_piece(piece),
        }
    }

    fn other_piece(&mut self, piece: &Piece) {
        match piece {
            Piece::Trivia { kind, range } => {
                let Some(frame) = self.top() else { return };
                if let Mode::Own(t) = frame.mode {
                    let file_text = frame.text.clone();
                    self.trees[t].token(*kind, slice(&file_text, *range));
                    self.last_trivia = Some(*range);
                }
            }
            Piece::Token { .. } | Piece::Expanded { .. } => self.parser_piece(piece, None),
            Piece::EnterFile { file } => self.enter_file(*file),
            Piece::LeaveFile => self.leave_file(),
        }
    }

    fn enter_file(&mut self, file: FileId) {
        let text = (self.text_of)(file);
        let Some(frame) = self.top() else { return };
        let mode = match frame.mode {
            Mode::Own(t) if t == self.sink && self.trees[t].between_items() && self.overflow.is_none() => {
                let n = self.trees.len();
                let offset = self.trees[t].len;
                self.trees[t].includes.push(Inclusion { offset, tree: n as u32 });
                self.trees.push(Tree::new(file));
                self.sink = n;
                Mode::Own(n)
            }
            Mode::Own(t) => {
                let len = self.trees[self.sink].len;
                let call = match self.last_trivia {
                    Some(r) if t == self.sink && r.end() == len => r,
                    _ => TextRange::empty(len),
                };
                Mode::Inlined { host: self.sink, call }
            }
            Mode::Inlined { host, call } => Mode::Inlined { host, call },
        };
        self.last_trivia = None;
        self.frames.push(Frame { text, mode });
    }

    fn leave_file(&mut self) {
        if self.frames.len() <= 1 {
            return; // unbalanced LeaveFile: ignore
        }
        let Some(frame) = self.frames.pop() else { return };
        self.last_trivia = None;
        if let Mode::Own(n) = frame.mode {
            if n == self.sink {
                if self.trees[n].depth == 1 {
                    self.trees[n].close();
                    self.sink = self.sink_of_top();
                } else {
                    let file = self.trees[n].file;
                    let at = TextRange::empty(self.trees[n].len);
                    self.diagnostics.push(Diagnostic::unsupported(
                        "declaration spanning the end of an included file",
                        FileRange { file, range: at },
                    ));
                    self.overflow = Some(n);
                }
            } else {
                // An includer that was only mirroring during an overflow.
                self.trees[n].close();
            }
        }
        self.maybe_end_overflow();
    }

    /// During an overflow, says once per includer where its own code starts being parsed as
    /// part of the included file's open declaration: that code is lost to it. The diagnostic at
    /// the included file's end is not shown when that file is a system header device code does
    /// not use, but a user file's declarations swallowed this way must not vanish silently
    /// (C++20's libstdc++ <cmath> left open by a construct warpc does not parse took a kernel
    /// after `#include <cmath>` with it).
    fn report_swallowed(&mut self, t: usize, at: TextRange) {
        if self.swallowed.contains(&t) {
            return;
        }
        self.swallowed.push(t);
        self.diagnostics.push(Diagnostic::unsupported(
            "this code is parsed as part of a declaration left open at the end of an included file",
            FileRange {
                file: self.trees[t].file,
                range: at,
            },
        ));
    }

    fn sink_of_top(&self) -> usize {
        match self.top().map(|f| &f.mode) {
            Some(Mode::Own(t)) => *t,
            Some(Mode::Inlined { host, .. }) => *host,
            None => 0,
        }
    }

    fn maybe_end_overflow(&mut self) {
        let Some(n) = self.overflow else { return };
        if self.trees[n].depth > 1 {
            return;
        }
        // Only once the includer's own pieces are current again.
        let Some(Mode::Own(t)) = self.top().map(|f| f.mode.clone()) else {
            return;
        };
        self.trees[n].close();
        if self.trees[t].mirror_open {
            self.trees[t].finish_node();
            self.trees[t].mirror_open = false;
        }
        self.overflow = None;
        self.sink = t;
    }

    fn finish(mut self) -> (Vec<FileTree>, Vec<Diagnostic>) {
        while self.next < self.pieces.len() {
            let piece = &self.pieces[self.next];
            self.next += 1;
            self.other_piece(piece);
        }
        for tree in &mut self.trees {
            tree.close();
        }
        let trees = self
            .trees
            .into_iter()
            .map(|t| FileTree {
                file: t.file,
                green: t.green.unwrap_or_else(|| {
                    let mut b = GreenNodeBuilder::new();
                    b.start_node(SyntaxKind::SOURCE_FILE.into());
                    b.finish_node();
                    b.finish()
                }),
                expansions: Expansions::from_entries(t.expansions),
                includes: t.includes,
                has_lambdas: t.lambdas,
                has_local_classes: t.local_classes,
            })
            .collect();
        (trees, self.diagnostics)
    }
}

fn slice(text: &str, range: TextRange) -> &str {
    text.get(usize::from(range.start())..usize::from(range.end()))
        .unwrap_or("")
}
