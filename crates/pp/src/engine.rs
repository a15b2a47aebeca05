//! The preprocessor proper: reads files token by token, runs directives, expands macros, and
//! writes the [`Piece`] stream.
//!
//! ## Reading
//! The include stack is explicit (`files`). The main loop takes the next token from the
//! rescanning stack while a macro invocation is being expanded, otherwise from the top file.
//! File trivia becomes `Trivia` pieces, a `#` first on its line starts a directive, and an
//! identifier naming a macro (a function-like one only when a `(` follows) starts an
//! *invocation*.
//!
//! ## Invocations
//! While an invocation is open (`call`), every token that reaches the output is an `Expanded`
//! piece; they are buffered and written after one `MACRO_CALL` trivia covering the invocation's
//! text once the rescanning stack is empty. An invocation grows when the end of an expansion is
//! a function-like macro name whose arguments are still in the file (`#define h g(~` then
//! `h 5)`): the stack falls back to the file, and the consumed text joins the `MACRO_CALL`.
//! Directives met while collecting arguments from the file are executed (as GCC and Clang do);
//! the invocation's text is then split into several `MACRO_CALL` pieces around them.
//!
//! ## Expansion
//! Rescanning follows the model GCC, Clang and EDG implement (C11 6.10.3.4 read as they read
//! it), not Prosser's hide sets, which differ on deferred-expansion idioms such as
//! `EVAL(REPEAT(...))`: a macro's replacement is pushed as a *context* that disables the macro
//! until the context is exhausted (an `End` entry under the replacement on the rescanning
//! stack); an identifier read while its macro is disabled is painted blue (`no_expand`) for
//! good. Looking for the `(` of a function-like macro and collecting its arguments pop
//! exhausted contexts, re-enabling their macros (so `f(2)(9)` with `#define f(a) a*g` and
//! `#define g(a) f(a)` gives `2*9*g`). Arguments are fully expanded first unless they are
//! operands of `#` or `##`. Expansion always terminates (a macro is never expanded inside its
//! own context); work is bounded anyway: a total token budget and a nesting limit on argument
//! pre-expansion turn pathological input into a diagnostic instead of a hang.

use std::rc::Rc;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;
use warpc_base::{Diagnostic, FileId, FileRange, TextRange, TextSize};
use warpc_syntax::lexer::lex_single;
use warpc_syntax::SyntaxKind::{self, *};
use warpc_syntax::{lex, Piece};

use crate::expr;
use crate::lexed::{lex_file, Lexed, Raw, NEWLINE, SPACE_BEFORE};
use crate::macros::{destringize, parse_define, quote, stringize, Builtin, Item, Macro, MacroKind, Tok, BUILTINS};
use crate::FileLoader;

/// Maximum depth of the include stack (the main file counts).
const MAX_INCLUDE_DEPTH: usize = 200;
/// Maximum number of files entered in one translation unit (bounds `#include` bombs).
const MAX_FILE_ENTRIES: u32 = 50_000;
/// Tokens macro substitution may produce in one translation unit.
const EXPANSION_BUDGET: u64 = 1 << 23;
/// Nesting limit of argument pre-expansion.
const MAX_EXPANSION_DEPTH: u32 = 200;

#[cfg(test)]
thread_local! {
    /// Lets tests hit the budget without producing millions of tokens.
    pub(crate) static BUDGET_OVERRIDE: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

fn initial_budget() -> u64 {
    #[cfg(test)]
    if let Some(b) = BUDGET_OVERRIDE.with(|b| b.get()) {
        return b;
    }
    EXPANSION_BUDGET
}

/// The built-ins `__has_builtin` answers 1 for (it answers 0 for every other name, and
/// `__has_attribute` & co. are always 0): those headers have no other way to detect and that
/// warpc implements as GCC and NVRTC do. libcu++ 3.1 detects
/// `__has_unique_object_representations` by `__has_builtin` or a GCC >= 7 host alone, and its
/// `num_bits.h` needs it (NVRTC answers 1).
const HAS_BUILTIN: &[&str] = &["__has_unique_object_representations"];

/// Names `defined` reports as defined although they are operators, as GCC does.
const SPECIAL_DEFINED: &[&str] = &[
    "__has_include",
    "__has_include_next",
    "__has_builtin",
    "__has_attribute",
    "__has_cpp_attribute",
];

/// Lexes a file; the prelude (the same text in every compilation) is lexed once per process.
fn lex_cached(text: &str) -> Arc<Lexed> {
    static PRELUDE: std::sync::OnceLock<Arc<Lexed>> = std::sync::OnceLock::new();
    let prelude = crate::builtin_header(crate::PRELUDE).unwrap_or("");
    if text.len() == prelude.len() && text == prelude {
        return PRELUDE.get_or_init(|| Arc::new(lex_file(prelude))).clone();
    }
    Arc::new(lex_file(text))
}

pub(crate) fn classify(kind: SyntaxKind, text: &str) -> SyntaxKind {
    if kind == IDENT {
        SyntaxKind::from_keyword(text).unwrap_or(IDENT)
    } else {
        kind
    }
}

fn range(start: u32, end: u32) -> TextRange {
    TextRange::new(TextSize::from(start), TextSize::from(end))
}

/// Where the include-guard detection of a file stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Guard {
    /// Nothing but trivia seen so far.
    Start,
    /// Inside `#ifndef NAME` that opened the file.
    Open(SmolStr),
    /// Its `#endif` seen, nothing after it yet.
    Closed(SmolStr),
    No,
}

struct Cond {
    /// Some group of this conditional has been taken (the rest are skipped).
    taken: bool,
    seen_else: bool,
    at: FileRange,
}

struct FileState {
    id: FileId,
    text: Arc<str>,
    lexed: Arc<Lexed>,
    /// Next raw token.
    i: usize,
    conds: Vec<Cond>,
    /// `#line`: presumed line = physical line + delta.
    line_delta: i64,
    presumed_name: Option<String>,
    guard: Guard,
}

impl FileState {
    fn pos(&self) -> u32 {
        self.lexed.toks.get(self.i).map_or(self.text.len() as u32, |t| t.start)
    }
    fn slice(&self, r: &Raw) -> &str {
        &self.text[r.start as usize..r.end as usize]
    }
    fn tok(&self, r: &Raw) -> Tok {
        Tok {
            kind: r.kind,
            text: SmolStr::new(self.slice(r)),
            space: r.has(SPACE_BEFORE),
            no_expand: false,
            origin: Some(FileRange {
                file: self.id,
                range: range(r.start, r.end),
            }),
        }
    }
}

/// The open outermost macro invocation in the current file.
struct Call {
    start: u32,
    /// Start of the part of the invocation text not yet written as `MACRO_CALL` (directives
    /// inside the argument list split it).
    seg_start: u32,
    name: SmolStr,
    /// Where the macro's name was spelled in its `#define` (None for predefined ones).
    site: Option<FileRange>,
}

enum Elem {
    Tok(Tok),
    Placemarker,
    Paste,
}

/// An entry of the rescanning stack: a token, or the end of a macro's replacement (popping it
/// re-enables the macro).
enum Entry {
    Tok(Tok),
    End(Rc<Macro>),
}

pub(crate) struct Pp<'a> {
    loader: &'a dyn FileLoader,
    main: FileId,
    pub out: Vec<Piece>,
    pub diags: Vec<Diagnostic>,
    pub included: Vec<FileId>,
    included_set: FxHashSet<FileId>,
    macros: FxHashMap<SmolStr, Rc<Macro>>,
    files: Vec<FileState>,
    once: FxHashSet<FileId>,
    guards: FxHashMap<FileId, SmolStr>,
    lexed_cache: FxHashMap<FileId, Arc<Lexed>>,
    /// Tokens waiting to be rescanned, and context ends; the top is the next one.
    stack: Vec<Entry>,
    /// Whether the rescanning stack may fall back to the file (false inside argument
    /// pre-expansion and directive lines).
    file_access: bool,
    call: Option<Call>,
    pending: Vec<(SyntaxKind, SmolStr)>,
    /// Every outermost macro invocation written in a file, in order (see `PpOutput::macro_calls`).
    pub(crate) macro_calls: Vec<crate::MacroCall>,
    /// The directive being executed, for diagnostics and `__LINE__`.
    directive_at: Option<FileRange>,
    counter: u64,
    budget: u64,
    budget_reported: bool,
    depth: u32,
    depth_reported: bool,
    entries: u32,
    /// Include-limit errors already reported (by directive), so an include bomb reports once.
    limit_reported: FxHashSet<FileRange>,
    entries_reported: bool,
    /// An error that ends preprocessing (gcc's "compilation terminated"): `#include` nested too
    /// deeply. Set, the main loop closes every open file and stops.
    fatal: bool,
    pushed: FxHashMap<SmolStr, Vec<Option<Rc<Macro>>>>,
    /// `--pre-include` files not yet opened, the next one last.
    pub(crate) pending_pre_includes: Vec<FileId>,
}

/// A macro definition at rest (no open expansion): [`Macro`] without its `active` cell, so that
/// a [`PpState`] can be shared between threads.
#[derive(Clone, Debug)]
struct MacroDef {
    name: SmolStr,
    kind: MacroKind,
    body: Vec<Tok>,
    items: Vec<Item>,
    simple: bool,
    site: Option<FileRange>,
}

impl MacroDef {
    fn of(m: &Macro) -> MacroDef {
        MacroDef {
            name: m.name.clone(),
            kind: m.kind.clone(),
            body: m.body.clone(),
            items: m.items.clone(),
            simple: m.simple,
            site: m.site,
        }
    }
    fn to_macro(&self) -> Rc<Macro> {
        Rc::new(Macro {
            active: std::cell::Cell::new(0),
            name: self.name.clone(),
            kind: self.kind.clone(),
            body: self.body.clone(),
            items: self.items.clone(),
            simple: self.simple,
            site: self.site,
        })
    }
}

/// The preprocessor's state after the main file's preamble (see `crate::preamble_end`): what a
/// later run needs to go on with the rest of the main file as if it had read the preamble
/// itself. Taken only between top-level lines of the main file: no open file, conditional,
/// expansion or pending invocation.
#[derive(Clone)]
pub struct PpState {
    macros: Vec<(SmolStr, MacroDef)>,
    pushed: Vec<(SmolStr, Vec<Option<MacroDef>>)>,
    once: FxHashSet<FileId>,
    guards: FxHashMap<FileId, SmolStr>,
    included: Vec<FileId>,
    lexed: Vec<(FileId, Arc<Lexed>)>,
    counter: u64,
    budget: u64,
    budget_reported: bool,
    depth_reported: bool,
    entries: u32,
    limit_reported: FxHashSet<FileRange>,
    entries_reported: bool,
}

impl PpState {
    /// This state with `main` in place of `placeholder`, the main file it was taken with (the
    /// prelude's state, taken over an empty stand-in main file, goes on with any main file).
    pub(crate) fn with_main(&self, placeholder: FileId, main: FileId) -> PpState {
        let swap = |f: FileId| if f == placeholder { main } else { f };
        let mut state = self.clone();
        state.once = self.once.iter().map(|&f| swap(f)).collect();
        state.guards = self.guards.iter().map(|(&f, g)| (swap(f), g.clone())).collect();
        state.included = self.included.iter().map(|&f| swap(f)).collect();
        state.lexed.retain(|(f, _)| *f != main);
        state
    }
}

impl std::fmt::Debug for PpState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PpState({} macros, {} files)",
            self.macros.len(),
            self.included.len()
        )
    }
}

impl<'a> Pp<'a> {
    pub fn new(loader: &'a dyn FileLoader, main: FileId) -> Self {
        let mut pp = Pp {
            loader,
            main,
            out: Vec::new(),
            diags: Vec::new(),
            included: Vec::new(),
            included_set: FxHashSet::default(),
            macros: FxHashMap::default(),
            files: Vec::new(),
            once: FxHashSet::default(),
            guards: FxHashMap::default(),
            lexed_cache: FxHashMap::default(),
            stack: Vec::new(),
            file_access: true,
            call: None,
            pending: Vec::new(),
            macro_calls: Vec::new(),
            directive_at: None,
            counter: 0,
            budget: initial_budget(),
            budget_reported: false,
            depth: 0,
            depth_reported: false,
            entries: 0,
            limit_reported: FxHashSet::default(),
            entries_reported: false,
            fatal: false,
            pushed: FxHashMap::default(),
            pending_pre_includes: Vec::new(),
        };
        for &(name, b) in BUILTINS {
            pp.macros.insert(name.into(), Rc::new(Macro::builtin(name, b)));
        }
        pp
    }

    /// The state to resume from once the main file (a preamble) has been read to its end, or
    /// `None` where resuming would not be exact (a fatal error, something still open).
    pub fn snapshot(&self) -> Option<PpState> {
        if self.fatal
            || !self.files.is_empty()
            || !self.stack.is_empty()
            || self.call.is_some()
            || !self.pending.is_empty()
        {
            return None;
        }
        let mut macros: Vec<(SmolStr, MacroDef)> =
            self.macros.iter().map(|(k, m)| (k.clone(), MacroDef::of(m))).collect();
        macros.sort_by(|a, b| a.0.cmp(&b.0));
        let mut pushed: Vec<(SmolStr, Vec<Option<MacroDef>>)> = self
            .pushed
            .iter()
            .map(|(k, v)| (k.clone(), v.iter().map(|m| m.as_deref().map(MacroDef::of)).collect()))
            .collect();
        pushed.sort_by(|a, b| a.0.cmp(&b.0));
        let mut lexed: Vec<(FileId, Arc<Lexed>)> = self
            .lexed_cache
            .iter()
            .filter(|(f, _)| **f != self.main)
            .map(|(f, l)| (*f, l.clone()))
            .collect();
        lexed.sort_by_key(|(f, _)| f.0);
        Some(PpState {
            macros,
            pushed,
            once: self.once.clone(),
            guards: self.guards.clone(),
            included: self.included.clone(),
            lexed,
            counter: self.counter,
            budget: self.budget,
            budget_reported: self.budget_reported,
            depth_reported: self.depth_reported,
            entries: self.entries,
            limit_reported: self.limit_reported.clone(),
            entries_reported: self.entries_reported,
        })
    }

    /// A preprocessor in `state`, with the main file open at `offset` (the preamble's end);
    /// the preamble's pieces are the caller's.
    pub fn resume(loader: &'a dyn FileLoader, main: FileId, state: &PpState, offset: u32) -> Self {
        let mut pp = Pp::new(loader, main);
        pp.macros = state.macros.iter().map(|(k, m)| (k.clone(), m.to_macro())).collect();
        pp.pushed = state
            .pushed
            .iter()
            .map(|(k, v)| {
                (
                    k.clone(),
                    v.iter().map(|m| m.as_ref().map(MacroDef::to_macro)).collect(),
                )
            })
            .collect();
        pp.once = state.once.clone();
        pp.guards = state.guards.clone();
        pp.included = state.included.clone();
        pp.included_set = state.included.iter().copied().collect();
        pp.lexed_cache = state.lexed.iter().cloned().collect();
        pp.counter = state.counter;
        pp.budget = state.budget;
        pp.budget_reported = state.budget_reported;
        pp.depth_reported = state.depth_reported;
        pp.entries = state.entries;
        pp.limit_reported = state.limit_reported.clone();
        pp.entries_reported = state.entries_reported;
        pp.push_file(main);
        pp.entries -= 1;
        let f = pp.top_mut();
        f.i = f.lexed.toks.partition_point(|t| t.start < offset);
        // The preamble's top level had content or directives: no include guard to detect. At
        // offset 0 (going on from the prelude alone) the main file has not been read yet.
        if offset > 0 {
            f.guard = Guard::No;
        }
        pp
    }

    // ---------------------------------------------------------------- small helpers

    fn top(&self) -> &FileState {
        self.files.last().expect("no open file")
    }
    fn top_mut(&mut self) -> &mut FileState {
        self.files.last_mut().expect("no open file")
    }
    fn fr(&self, start: u32, end: u32) -> FileRange {
        FileRange {
            file: self.top().id,
            range: range(start, end),
        }
    }
    fn trivia(&mut self, kind: SyntaxKind, start: u32, end: u32) {
        if end > start {
            self.out.push(Piece::Trivia {
                kind,
                range: range(start, end),
            });
        }
    }
    fn error(&mut self, message: impl Into<String>, at: Option<FileRange>) {
        self.diags.push(Diagnostic::new(
            warpc_base::Severity::Error,
            "preprocessor",
            message,
            at,
        ));
    }
    fn warning(&mut self, message: impl Into<String>, at: Option<FileRange>) {
        self.diags.push(Diagnostic::new(
            warpc_base::Severity::Warning,
            "preprocessor",
            message,
            at,
        ));
    }
    /// Pops the next token of the rescanning stack, closing the contexts that end before it.
    fn pop_tok(&mut self) -> Option<Tok> {
        loop {
            match self.stack.pop()? {
                Entry::End(m) => m.active.set(m.active.get() - 1),
                Entry::Tok(t) => return Some(t),
            }
        }
    }

    /// [`Self::pop_tok`] for a token that is kept for later (an argument): an identifier whose
    /// macro is disabled now is painted now. (A token rescanned at once is checked by
    /// `expand_one`.)
    fn pop_tok_painted(&mut self) -> Option<Tok> {
        let mut t = self.pop_tok()?;
        if t.kind == IDENT && !t.no_expand && self.macros.get(&t.text).is_some_and(|m| m.active.get() > 0) {
            t.no_expand = true;
        }
        Some(t)
    }

    /// The next token of the rescanning stack without consuming it (exhausted contexts above it
    /// are closed).
    fn peek_tok(&mut self) -> Option<&Tok> {
        while let Some(Entry::End(_)) = self.stack.last() {
            if let Some(Entry::End(m)) = self.stack.pop() {
                m.active.set(m.active.get() - 1);
            }
        }
        match self.stack.last() {
            Some(Entry::Tok(t)) => Some(t),
            _ => None,
        }
    }

    fn push_tok(&mut self, t: Tok) {
        self.stack.push(Entry::Tok(t));
    }

    /// Where a problem found during expansion is reported: the directive being executed, else
    /// the open invocation, else the current position.
    fn here(&self) -> Option<FileRange> {
        if let Some(d) = self.directive_at {
            return Some(d);
        }
        let f = self.files.last()?;
        let pos = f.pos();
        Some(match &self.call {
            Some(c) => self.fr(c.start, pos.max(c.start)),
            None => self.fr(pos, pos),
        })
    }

    fn expansion_error(&mut self, message: impl Into<String>, macro_name: &str) {
        let at = self.here();
        self.diags.push(
            Diagnostic::new(warpc_base::Severity::Error, "preprocessor", message, at)
                .with_note(format!("in expansion of macro \"{macro_name}\"")),
        );
    }

    /// Is `name` defined, for `defined`, `#ifdef` and `#ifndef`?
    fn is_defined(&self, name: &str) -> bool {
        self.macros.contains_key(name) || SPECIAL_DEFINED.contains(&name)
    }

    // ---------------------------------------------------------------- definitions

    /// Defines a macro from command-line style text `NAME[(params)] body` (no file position).
    pub fn define_text(&mut self, name: &str, value: &str) {
        let text = format!("{name} {value}");
        let (tokens, _) = lex(&text);
        let mut toks = Vec::new();
        let mut pos = 0usize;
        let mut space = false;
        for t in tokens {
            let len = u32::from(t.len) as usize;
            let s = &text[pos..pos + len];
            pos += len;
            if t.kind.is_trivia() {
                space = true;
                continue;
            }
            toks.push(Tok::synth(t.kind, s, space));
            space = false;
        }
        let directive = Tok::synth(IDENT, "define", false);
        match parse_define(&toks, &directive) {
            Ok((m, _)) => {
                self.macros.insert(m.name.clone(), Rc::new(m));
            }
            Err(p) => self.error(format!("invalid macro definition \"{name}\": {}", p.message), None),
        }
    }

    pub fn undef_text(&mut self, name: &str) {
        self.macros.remove(name);
    }

    // ---------------------------------------------------------------- files

    pub fn open_main(&mut self) {
        let main = self.main;
        self.push_file(main);
    }

    /// Opens an included file (writes `EnterFile`).
    pub fn open_file(&mut self, id: FileId) {
        self.out.push(Piece::EnterFile { file: id });
        self.push_file(id);
    }

    fn push_file(&mut self, id: FileId) {
        self.entries += 1;
        if self.included_set.insert(id) {
            self.included.push(id);
        }
        let text = self.loader.text(id);
        let lexed = self.lexed_cache.entry(id).or_insert_with(|| lex_cached(&text)).clone();
        self.files.push(FileState {
            id,
            text,
            lexed,
            i: 0,
            conds: Vec::new(),
            line_delta: 0,
            presumed_name: None,
            guard: Guard::Start,
        });
    }

    fn end_file(&mut self) {
        let f = self.files.pop().expect("no open file");
        for c in &f.conds {
            self.diags.push(Diagnostic::error(
                "preprocessor",
                "the #endif for this directive is missing",
                c.at,
            ));
        }
        if let Guard::Closed(name) = f.guard {
            self.guards.insert(f.id, name);
        }
        if !self.files.is_empty() {
            self.out.push(Piece::LeaveFile);
        }
        // The prelude (or a pre-include) ended with only the main file open: the next
        // `--pre-include` goes in before the main file's first line.
        if self.files.len() == 1 && self.files[0].id == self.main && self.files[0].i == 0 {
            if let Some(next) = self.pending_pre_includes.pop() {
                self.open_file(next);
            }
        }
    }

    /// Something other than trivia at the top level of the current file: it has no include guard.
    fn note_content(&mut self) {
        if let Some(f) = self.files.last_mut() {
            if f.conds.is_empty() && matches!(f.guard, Guard::Start | Guard::Closed(_)) {
                f.guard = Guard::No;
            }
        }
    }

    // ---------------------------------------------------------------- main loop

    pub fn run(&mut self) {
        loop {
            if self.fatal {
                // Close the open files, innermost first, with the rest of each as one inactive
                // piece (the pieces still cover every file) and without their
                // unterminated-conditional errors.
                while let Some(f) = self.files.last() {
                    let end = f.text.len() as u32;
                    let start = f.lexed.toks.get(f.i).map_or(end, |t| t.start);
                    self.trivia(INACTIVE, start, end);
                    self.files.pop();
                    if !self.files.is_empty() {
                        self.out.push(Piece::LeaveFile);
                    }
                }
                break;
            }
            if !self.stack.is_empty() {
                if let Some(t) = self.pop_tok() {
                    if let Some(t) = self.expand_one(t) {
                        self.emit_expanded(t);
                    }
                }
                continue;
            }
            if self.call.is_some() {
                self.flush_call();
            }
            let Some(f) = self.files.last() else { break };
            let Some(&raw) = f.lexed.toks.get(f.i) else {
                self.end_file();
                continue;
            };
            match raw.kind {
                WHITESPACE | COMMENT => {
                    self.trivia(raw.kind, raw.start, raw.end);
                    self.top_mut().i += 1;
                }
                HASH if raw.is_directive_start() => self.directive(false),
                IDENT => self.file_ident(raw),
                kind => {
                    self.note_content();
                    if kind == ERROR_TOKEN {
                        self.report_lex_error_at(raw.start, raw.end);
                    }
                    self.out.push(Piece::Token {
                        kind,
                        range: range(raw.start, raw.end),
                    });
                    self.top_mut().i += 1;
                }
            }
        }
    }

    fn report_lex_error_at(&mut self, start: u32, end: u32) {
        let message = self
            .top()
            .lexed
            .errors
            .get(&start)
            .copied()
            .unwrap_or("unrecognized character");
        let at = self.fr(start, end);
        self.diags.push(Diagnostic::error("lex", message, at));
    }

    /// An identifier read from the file outside any invocation.
    fn file_ident(&mut self, raw: Raw) {
        let f = self.top();
        let name = f.slice(&raw);
        let kind = classify(IDENT, name);
        let m = self.macros.get(name).cloned();
        let invocation = match &m {
            None => false,
            Some(m) => match m.kind {
                MacroKind::Function { .. } | MacroKind::Builtin(Builtin::Pragma) => self.peek_file_lparen(f.i + 1),
                _ => true,
            },
        };
        self.note_content();
        if !invocation || self.budget == 0 {
            self.out.push(Piece::Token {
                kind,
                range: range(raw.start, raw.end),
            });
            self.top_mut().i += 1;
            return;
        }
        let m = m.unwrap();
        self.call = Some(Call {
            start: raw.start,
            seg_start: raw.start,
            name: m.name.clone(),
            site: m.site,
        });
        let t = self.top().tok(&raw);
        self.top_mut().i += 1;
        if let Some(t) = self.expand_one(t) {
            self.emit_expanded(t);
        }
    }

    /// Is the next non-trivia token of the current file, from raw index `j`, a `(` (and not the
    /// start of a directive)?
    fn peek_file_lparen(&self, mut j: usize) -> bool {
        let toks = &self.top().lexed.toks;
        while j < toks.len() && toks[j].is_trivia() {
            j += 1;
        }
        toks.get(j)
            .is_some_and(|t| t.kind == L_PAREN && !t.is_directive_start())
    }

    fn emit_expanded(&mut self, t: Tok) {
        if t.kind == ERROR_TOKEN {
            let message = lex(&t.text).1.first().map_or("unrecognized character", |e| e.message);
            let call_range = self.here();
            let direct = match (t.origin, call_range) {
                (Some(o), Some(c)) => o.file == c.file && c.range.contains_range(o.range),
                _ => false,
            };
            if direct {
                self.diags.push(Diagnostic::error("lex", message, t.origin.unwrap()));
            } else {
                let name = self.call.as_ref().map_or(SmolStr::default(), |c| c.name.clone());
                self.diags.push(
                    Diagnostic::new(warpc_base::Severity::Error, "lex", message, call_range)
                        .with_note(format!("in expansion of macro \"{name}\"")),
                );
            }
        }
        let kind = classify(t.kind, &t.text);
        self.pending.push((kind, t.text));
    }

    /// Ends the open invocation: its (last) `MACRO_CALL` piece, then its expansion.
    fn flush_call(&mut self) {
        let Some(call) = self.call.take() else { return };
        let end = self.top().pos();
        self.trivia(MACRO_CALL, call.seg_start, end);
        let call_range = range(call.start, end.max(call.start));
        let file = self.top().id;
        self.macro_calls.push(crate::MacroCall {
            call: FileRange {
                file,
                range: call_range,
            },
            name: call.name,
            definition: call.site,
        });
        for (kind, text) in self.pending.drain(..) {
            self.out.push(Piece::Expanded {
                kind,
                text,
                call: call_range,
            });
        }
    }

    // ---------------------------------------------------------------- expansion

    /// Rescans one token: if it names an expandable macro (whose arguments, for a function-like
    /// one, follow), its replacement goes onto the stack and `None` is returned; otherwise the
    /// token is returned for output.
    fn expand_one(&mut self, mut t: Tok) -> Option<Tok> {
        if t.kind != IDENT || t.no_expand || self.budget == 0 {
            return Some(t);
        }
        let Some(m) = self.macros.get(&t.text).cloned() else {
            return Some(t);
        };
        if m.active.get() > 0 {
            t.no_expand = true;
            return Some(t);
        }
        match &m.kind {
            MacroKind::Object => {
                let toks = self.substitute(&m, &t, &[], false);
                self.push_expansion(&m, toks);
                None
            }
            MacroKind::Function { params, variadic } => {
                if !self.next_is_lparen() {
                    return Some(t);
                }
                // After an arity error the name stays, its arguments are dropped (as GCC does).
                let Some((args, va_absent)) = self.collect_args(&m.name, params.len(), *variadic) else {
                    return Some(t);
                };
                let toks = self.substitute(&m, &t, &args, va_absent);
                self.push_expansion(&m, toks);
                None
            }
            MacroKind::Builtin(b) => self.expand_builtin(*b, t),
        }
    }

    /// Pushes a macro's replacement as a new context, disabling the macro until it is exhausted.
    fn push_expansion(&mut self, m: &Rc<Macro>, toks: Vec<Tok>) {
        let n = toks.len() as u64;
        if n >= self.budget {
            self.budget = 0;
            if !self.budget_reported {
                self.budget_reported = true;
                let at = self.here();
                self.error("macro expansion is too large; further macros are not expanded", at);
            }
        } else {
            self.budget -= n;
        }
        m.active.set(m.active.get() + 1);
        self.stack.push(Entry::End(m.clone()));
        self.stack.extend(toks.into_iter().rev().map(Entry::Tok));
    }

    fn next_is_lparen(&mut self) -> bool {
        match self.peek_tok() {
            Some(t) => t.kind == L_PAREN,
            None => self.file_access && self.call.is_some() && self.peek_file_lparen(self.top().i),
        }
    }

    /// The next token of an argument list: from the stack, else (at the top level) from the file,
    /// executing directives met on the way.
    fn next_arg_tok(&mut self) -> Option<Tok> {
        if let Some(t) = self.pop_tok_painted() {
            return Some(t);
        }
        if !self.file_access || self.call.is_none() {
            return None;
        }
        loop {
            let f = self.top();
            let toks = &f.lexed.toks;
            let mut j = f.i;
            while j < toks.len() && toks[j].is_trivia() {
                j += 1;
            }
            let raw = *toks.get(j)?;
            let t = f.tok(&raw);
            if raw.is_directive_start() {
                let seg_start = self.call.as_ref().unwrap().seg_start;
                self.trivia(MACRO_CALL, seg_start, raw.start);
                self.top_mut().i = j;
                self.directive(true);
                let pos = self.top().pos();
                self.call.as_mut().unwrap().seg_start = pos;
                continue;
            }
            self.top_mut().i = j + 1;
            return Some(t);
        }
    }

    /// Collects `( args )` (the `(` is next); also says whether the variable arguments were
    /// absent (GNU `, ## __VA_ARGS__` drops its comma only then). `None` after reporting an error.
    fn collect_args(&mut self, name: &str, nparams: usize, variadic: bool) -> Option<(Vec<Vec<Tok>>, bool)> {
        let lparen = self.next_arg_tok();
        debug_assert!(lparen.is_some_and(|t| t.kind == L_PAREN));
        let mut args: Vec<Vec<Tok>> = vec![Vec::new()];
        let mut depth = 0usize;
        loop {
            let Some(t) = self.next_arg_tok() else {
                let at = self.here();
                self.error(format!("unterminated argument list invoking macro \"{name}\""), at);
                return None;
            };
            match t.kind {
                L_PAREN => depth += 1,
                R_PAREN if depth == 0 => break,
                R_PAREN => depth -= 1,
                COMMA if depth == 0 && !(variadic && args.len() >= nparams) => {
                    args.push(Vec::new());
                    continue;
                }
                _ => {}
            }
            args.last_mut().unwrap().push(t);
        }
        let mut va_absent = variadic && nparams == 1 && args.len() == 1 && args[0].is_empty();
        if nparams == 0 {
            if args.len() == 1 && args[0].is_empty() {
                args.clear();
            } else {
                let at = self.here();
                self.error(format!("too many arguments in invocation of macro \"{name}\""), at);
                return None;
            }
        } else if args.len() < nparams {
            if variadic && args.len() == nparams - 1 {
                args.push(Vec::new());
                va_absent = true;
            } else {
                let at = self.here();
                self.error(format!("too few arguments in invocation of macro \"{name}\""), at);
                return None;
            }
        } else if args.len() > nparams {
            let at = self.here();
            self.error(format!("too many arguments in invocation of macro \"{name}\""), at);
            return None;
        }
        Some((args, va_absent))
    }

    /// Fully expands a token list on its own (no access to the file).
    fn expand_list(&mut self, toks: Vec<Tok>, if_mode: bool) -> Vec<Tok> {
        if self.depth >= MAX_EXPANSION_DEPTH {
            if !self.depth_reported {
                self.depth_reported = true;
                let at = self.here();
                self.error("macro expansion is nested too deeply", at);
            }
            return toks;
        }
        self.depth += 1;
        let saved_stack = std::mem::replace(&mut self.stack, toks.into_iter().rev().map(Entry::Tok).collect());
        let saved_access = std::mem::replace(&mut self.file_access, false);
        let mut out = Vec::new();
        while let Some(t) = self.pop_tok() {
            if if_mode && t.kind == IDENT {
                if let Some(v) = self.if_operator(&t) {
                    out.push(v);
                    continue;
                }
            }
            if let Some(t) = self.expand_one(t) {
                out.push(t);
            }
        }
        self.stack = saved_stack;
        self.file_access = saved_access;
        self.depth -= 1;
        out
    }

    /// Substitutes arguments into a macro's replacement list (C11 6.10.3.1-3).
    fn substitute(&mut self, m: &Macro, name: &Tok, args: &[Vec<Tok>], va_absent: bool) -> Vec<Tok> {
        let mut toks: Vec<Tok> = if m.simple {
            // Only tokens and plain parameters: no placemarkers, pastes or stringizing.
            let mut out = Vec::with_capacity(m.items.len() + 8);
            let mut expanded: Vec<Option<Vec<Tok>>> = vec![None; args.len()];
            for item in &m.items {
                match item {
                    Item::Tok(t) => out.push(t.clone()),
                    Item::Param { idx, space, .. } => {
                        let start = out.len();
                        out.extend_from_slice(self.expanded_arg(*idx, args, &mut expanded));
                        if let Some(first) = out.get_mut(start) {
                            first.space = *space;
                        }
                    }
                    _ => unreachable!("not a simple macro"),
                }
            }
            out
        } else {
            let mut expanded: Vec<Option<Vec<Tok>>> = vec![None; args.len()];
            let mut elems = Vec::with_capacity(m.items.len());
            self.subst_items(m, &m.items, args, va_absent, &mut expanded, &mut elems);
            self.paste_pass(m, elems)
                .into_iter()
                .filter_map(|e| match e {
                    Elem::Tok(t) => Some(t),
                    _ => None,
                })
                .collect()
        };
        if let Some(first) = toks.first_mut() {
            first.space = name.space;
        }
        toks
    }

    fn expanded_arg<'e>(&mut self, idx: usize, args: &[Vec<Tok>], expanded: &'e mut [Option<Vec<Tok>>]) -> &'e [Tok] {
        if expanded[idx].is_none() {
            expanded[idx] = Some(self.expand_list(args[idx].clone(), false));
        }
        expanded[idx].as_deref().unwrap()
    }

    fn subst_items(
        &mut self,
        m: &Macro,
        items: &[Item],
        args: &[Vec<Tok>],
        va_absent: bool,
        expanded: &mut [Option<Vec<Tok>>],
        out: &mut Vec<Elem>,
    ) {
        for item in items {
            match item {
                Item::Tok(t) => out.push(Elem::Tok(t.clone())),
                Item::Paste => out.push(Elem::Paste),
                Item::Param { idx, raw, space } => {
                    let toks: Vec<Tok> = if *raw {
                        args[*idx].clone()
                    } else {
                        self.expanded_arg(*idx, args, expanded).to_vec()
                    };
                    push_seq(out, toks, *space);
                }
                Item::Str { idx, space } => {
                    let t = self.stringize(&args[*idx], *space, &m.name);
                    out.push(Elem::Tok(t));
                }
                Item::VaOpt {
                    items,
                    stringize: str_,
                    space,
                } => {
                    let va = args.len() - 1;
                    if self.expanded_arg(va, args, expanded).is_empty() {
                        out.push(if *str_ {
                            Elem::Tok(stringize(&[], *space))
                        } else {
                            Elem::Placemarker
                        });
                        continue;
                    }
                    let mut inner = Vec::new();
                    self.subst_items(m, items, args, va_absent, expanded, &mut inner);
                    let inner = self.paste_pass(m, inner);
                    if *str_ {
                        let toks: Vec<Tok> = inner
                            .into_iter()
                            .filter_map(|e| match e {
                                Elem::Tok(t) => Some(t),
                                _ => None,
                            })
                            .collect();
                        let t = self.stringize(&toks, *space, &m.name);
                        out.push(Elem::Tok(t));
                    } else if inner.is_empty() {
                        out.push(Elem::Placemarker);
                    } else {
                        // Placemarkers stay: `__VA_OPT__(a X ## X) ## b` with empty X gives `a b`.
                        let mut first = true;
                        for mut e in inner {
                            if let (Elem::Tok(t), true) = (&mut e, first) {
                                t.space = *space;
                            }
                            first = false;
                            out.push(e);
                        }
                    }
                }
                Item::GnuComma { comma, va } => {
                    // As GCC: the comma goes only when the variable arguments are absent.
                    if !va_absent {
                        out.push(Elem::Tok(comma.clone()));
                        out.extend(args[*va].iter().cloned().map(Elem::Tok));
                    }
                }
            }
        }
    }

    /// Performs the `##` operations of a substituted list, left to right.
    fn paste_pass(&mut self, m: &Macro, elems: Vec<Elem>) -> Vec<Elem> {
        let mut out: Vec<Elem> = Vec::with_capacity(elems.len());
        let mut it = elems.into_iter();
        while let Some(e) = it.next() {
            if !matches!(e, Elem::Paste) {
                out.push(e);
                continue;
            }
            let rhs = match it.next() {
                Some(Elem::Paste) | None => Elem::Placemarker,
                Some(e) => e,
            };
            let lhs = out.pop().unwrap_or(Elem::Placemarker);
            match (lhs, rhs) {
                (Elem::Tok(l), Elem::Tok(r)) => {
                    let text = format!("{}{}", l.text, r.text);
                    match lex_single(&text) {
                        Some(kind) => out.push(Elem::Tok(Tok::synth(kind, text, l.space))),
                        None => {
                            self.expansion_error(
                                format!(
                                    "pasting \"{}\" and \"{}\" does not give a valid preprocessing token",
                                    l.text, r.text
                                ),
                                &m.name,
                            );
                            out.push(Elem::Tok(l));
                            out.push(Elem::Tok(r));
                        }
                    }
                }
                (Elem::Placemarker, r) => out.push(r),
                (l, _) => out.push(l),
            }
        }
        out
    }

    /// `#` applied to `toks`; a trailing lone backslash (which would escape the closing quote)
    /// is dropped with a warning, as GCC does.
    fn stringize(&mut self, toks: &[Tok], space: bool, macro_name: &str) -> Tok {
        let mut t = stringize(toks, space);
        let body = &t.text[..t.text.len() - 1];
        let trailing = body.len() - body.trim_end_matches('\\').len();
        if trailing % 2 == 1 {
            let at = self.here();
            self.diags.push(
                Diagnostic::new(
                    warpc_base::Severity::Warning,
                    "preprocessor",
                    "invalid string literal, ignoring final '\\'",
                    at,
                )
                .with_note(format!("in expansion of macro \"{macro_name}\"")),
            );
            let mut text = body[..body.len() - 1].to_string();
            text.push('"');
            t.text = text.into();
        }
        t
    }

    fn expand_builtin(&mut self, b: Builtin, t: Tok) -> Option<Tok> {
        let space = t.space;
        let string = |s: &str| Some(Tok::synth(STRING_LIT, quote(s), space));
        match b {
            Builtin::Line => {
                let line = self.current_line();
                Some(Tok::synth(INT_NUMBER, line.to_string(), space))
            }
            Builtin::File => {
                let name = self.presumed_name();
                string(&name)
            }
            Builtin::BaseFile => {
                let name = self.loader.display_name(self.main);
                string(&name)
            }
            Builtin::FileName => {
                let name = self.presumed_name();
                let base = name.rsplit(['/', '\\']).next().unwrap_or(&name).to_string();
                string(&base)
            }
            Builtin::Counter => {
                self.counter += 1;
                Some(Tok::synth(INT_NUMBER, (self.counter - 1).to_string(), space))
            }
            Builtin::Date => string("Jan  1 1970"),
            Builtin::Time => string("00:00:00"),
            Builtin::Timestamp => string("Thu Jan  1 00:00:00 1970"),
            Builtin::IncludeLevel => Some(Tok::synth(
                INT_NUMBER,
                (self.files.len().saturating_sub(1)).to_string(),
                space,
            )),
            Builtin::Pragma => {
                if !self.next_is_lparen() {
                    return Some(t);
                }
                let (mut args, _) = self.collect_args("_Pragma", 1, false)?;
                // The operand may come from a macro (`_Pragma(STR(x))`, as CCCL's `_CCCL_PRAGMA`
                // writes it): gcc and clang expand it first.
                if !matches!(args[0].as_slice(), [s] if s.kind == STRING_LIT) {
                    let arg = std::mem::take(&mut args[0]);
                    args[0] = self.expand_list(arg, false);
                }
                match args[0].as_slice() {
                    [s] if s.kind == STRING_LIT => {
                        let body = destringize(&s.text).unwrap_or_default();
                        Some(Tok::synth(PRAGMA, format!("#pragma {body}"), space))
                    }
                    _ => {
                        let at = self.here();
                        self.error("_Pragma takes a parenthesized string literal", at);
                        None
                    }
                }
            }
        }
    }

    fn current_offset(&self) -> u32 {
        if let Some(d) = self.directive_at {
            return d.range.start().into();
        }
        if let Some(c) = &self.call {
            return c.start;
        }
        self.top().pos()
    }

    fn current_line(&self) -> i64 {
        let f = self.top();
        f.lexed.line_of(self.current_offset()) as i64 + f.line_delta
    }

    fn presumed_name(&self) -> String {
        let f = self.top();
        f.presumed_name
            .clone()
            .unwrap_or_else(|| self.loader.display_name(f.id))
    }

    // ---------------------------------------------------------------- #if operators

    fn number(v: bool) -> Tok {
        Tok::synth(INT_NUMBER, if v { "1" } else { "0" }, true)
    }

    /// `defined`, `__has_include` and the `__has_*` feature tests inside `#if`.
    fn if_operator(&mut self, t: &Tok) -> Option<Tok> {
        match t.text.as_str() {
            "defined" => {
                let mut next = self.pop_tok();
                let paren = next.as_ref().is_some_and(|n| n.kind == L_PAREN);
                if paren {
                    next = self.pop_tok();
                }
                let Some(name) = next.filter(|n| n.kind == IDENT) else {
                    let at = self.here();
                    self.error("expected an identifier", at);
                    return Some(Self::number(false));
                };
                if paren {
                    match self.pop_tok() {
                        Some(r) if r.kind == R_PAREN => {}
                        other => {
                            let at = self.here();
                            self.error("expected a \")\"", at);
                            if let Some(o) = other {
                                self.push_tok(o);
                            }
                        }
                    }
                }
                Some(Self::number(self.is_defined(&name.text)))
            }
            "__has_include" | "__has_include_next" => {
                let found = self.has_include(t.text == "__has_include_next");
                Some(Self::number(found))
            }
            "__has_builtin"
            | "__has_attribute"
            | "__has_cpp_attribute"
            | "__has_feature"
            | "__has_extension"
            | "__has_declspec_attribute"
            | "__has_c_attribute"
            | "__has_warning" => {
                let mut operand = Vec::new();
                if self.peek_tok().is_some_and(|n| n.kind == L_PAREN) {
                    let mut depth = 0;
                    while let Some(n) = self.pop_tok() {
                        match n.kind {
                            L_PAREN => depth += 1,
                            R_PAREN => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        if depth == 1 && n.kind != L_PAREN {
                            operand.push(n.text.clone());
                        }
                    }
                } else {
                    let at = self.here();
                    self.error(format!("missing '(' after \"{}\"", t.text), at);
                }
                let known = t.text == "__has_builtin"
                    && matches!(operand.as_slice(), [name] if HAS_BUILTIN.contains(&name.as_str()));
                Some(Self::number(known))
            }
            _ => None,
        }
    }

    fn has_include(&mut self, next: bool) -> bool {
        if self.peek_tok().is_none_or(|n| n.kind != L_PAREN) {
            let at = self.here();
            self.error("missing '(' after \"__has_include\"", at);
            return false;
        }
        self.pop_tok();
        // The operand may itself be a macro that expands to a header name.
        for _ in 0..16 {
            let name = match self.peek_tok() {
                Some(n) if n.kind == IDENT => n.text.clone(),
                _ => break,
            };
            if !self.macros.contains_key(&name) {
                break;
            }
            let n = self.pop_tok().unwrap();
            if let Some(n) = self.expand_one(n) {
                self.push_tok(n);
                break;
            }
        }
        let spelled = match self.pop_tok() {
            Some(s) if s.kind == STRING_LIT && s.text.starts_with('"') => {
                Some((s.text[1..s.text.len() - 1].to_string(), false))
            }
            Some(lt) if lt.kind == LT => {
                let mut name = String::new();
                let mut first = true;
                loop {
                    match self.pop_tok() {
                        Some(g) if g.kind == GT => break Some((name, true)),
                        Some(p) if p.kind != R_PAREN => {
                            if p.space && !first {
                                name.push(' ');
                            }
                            first = false;
                            name.push_str(&p.text);
                        }
                        other => {
                            if let Some(o) = other {
                                self.push_tok(o);
                            }
                            break None;
                        }
                    }
                }
            }
            other => {
                if let Some(o) = other {
                    self.push_tok(o);
                }
                None
            }
        };
        let close = self.pop_tok();
        let Some((name, angled)) = spelled.filter(|_| close.as_ref().is_some_and(|c| c.kind == R_PAREN)) else {
            let at = self.here();
            self.error("expected a file name", at);
            return false;
        };
        let includer = self.top().id;
        self.loader.resolve_include(includer, &name, angled, next).is_some()
    }

    // ---------------------------------------------------------------- directives

    /// The tokens of the rest of the directive line (the current raw token is the first after
    /// the `#`); leaves the file at the line's newline.
    fn read_line(&mut self) -> Vec<Tok> {
        let mut out = Vec::new();
        loop {
            let f = self.top();
            let Some(&raw) = f.lexed.toks.get(f.i) else { break };
            if raw.kind == WHITESPACE && raw.has(NEWLINE) {
                break;
            }
            self.top_mut().i += 1;
            if raw.is_trivia() {
                continue;
            }
            if raw.kind == ERROR_TOKEN && self.top().slice(&raw).starts_with("/*") {
                self.report_lex_error_at(raw.start, raw.end);
            }
            out.push(self.top().tok(&raw));
        }
        out
    }

    /// Executes the directive whose `#` is the current raw token. `in_call`: met while
    /// collecting macro arguments from the file.
    fn directive(&mut self, in_call: bool) {
        let hash = self.top().lexed.toks[self.top().i];
        self.top_mut().i += 1;
        let hash_tok = self.top().tok(&hash);
        let toks = self.read_line();
        let end = self.top().pos();
        let at = self.fr(hash.start, end);
        self.directive_at = Some(at);
        let top_level = self.top().conds.is_empty();
        let name: SmolStr = match toks.first() {
            Some(t) if t.kind == IDENT => t.text.clone(),
            Some(t) if t.kind == INT_NUMBER => "line".into(),
            Some(_) => "?".into(),
            None => "".into(),
        };
        let name = name.as_str();
        // Include-guard bookkeeping: only a leading `#ifndef X` / `#if !defined X` may open a guard.
        let guard_start = top_level && self.top().guard == Guard::Start && matches!(name, "if" | "ifndef");
        if top_level && !guard_start {
            self.note_content();
        }
        match name {
            "if" | "ifdef" | "ifndef" => {
                self.trivia(DIRECTIVE, hash.start, end);
                let (value, guard_name) = match name {
                    "if" => (
                        self.eval_if(&toks[1..]),
                        if guard_start { guard_pattern(&toks[1..]) } else { None },
                    ),
                    _ => {
                        let v = self.ifdef_value(&toks, &hash_tok);
                        let g = if name == "ifndef" && guard_start {
                            toks.get(1).map(|t| t.text.clone())
                        } else {
                            None
                        };
                        (if name == "ifdef" { v } else { !v }, g)
                    }
                };
                let f = self.top_mut();
                if guard_start {
                    f.guard = match guard_name {
                        Some(g) => Guard::Open(g),
                        None => Guard::No,
                    };
                }
                f.conds.push(Cond {
                    taken: value,
                    seen_else: false,
                    at,
                });
                self.directive_at = None;
                if !value {
                    self.skip_group();
                }
            }
            "elif" | "elifdef" | "elifndef" | "else" => {
                self.trivia(DIRECTIVE, hash.start, end);
                let depth = self.top().conds.len();
                if depth == 0 {
                    self.error("the #if for this directive is missing", Some(at));
                    self.directive_at = None;
                    return;
                }
                if depth == 1 && matches!(self.top().guard, Guard::Open(_)) {
                    self.top_mut().guard = Guard::No;
                }
                let cond = self.top().conds.last().unwrap();
                let (taken, seen_else) = (cond.taken, cond.seen_else);
                if seen_else {
                    self.error("directive is not allowed -- an #else has already appeared", Some(at));
                }
                let take = !taken
                    && !seen_else
                    && match name {
                        "else" => {
                            if toks.len() > 1 {
                                self.warning(
                                    "extra text after expected end of preprocessing directive",
                                    toks[1].origin,
                                );
                            }
                            true
                        }
                        "elif" => self.eval_if(&toks[1..]),
                        "elifdef" => self.ifdef_value(&toks, &hash_tok),
                        _ => !self.ifdef_value(&toks, &hash_tok),
                    };
                let cond = self.top_mut().conds.last_mut().unwrap();
                if name == "else" {
                    cond.seen_else = true;
                }
                cond.taken |= take;
                self.directive_at = None;
                if !take {
                    self.skip_group();
                }
            }
            "endif" => {
                self.trivia(DIRECTIVE, hash.start, end);
                if toks.len() > 1 {
                    self.warning(
                        "extra text after expected end of preprocessing directive",
                        toks[1].origin,
                    );
                }
                let f = self.top_mut();
                if f.conds.pop().is_none() {
                    self.error("the #if for this directive is missing", Some(at));
                } else if f.conds.is_empty() {
                    if let Guard::Open(g) = &f.guard {
                        f.guard = Guard::Closed(g.clone());
                    }
                }
            }
            "define" => {
                self.trivia(DIRECTIVE, hash.start, end);
                self.define(&toks[1..], &toks[0]);
            }
            "undef" => {
                self.trivia(DIRECTIVE, hash.start, end);
                match toks.get(1) {
                    Some(n) if n.kind == IDENT => {
                        if toks.len() > 2 {
                            self.warning(
                                "extra text after expected end of preprocessing directive",
                                toks[2].origin,
                            );
                        }
                        if self
                            .macros
                            .get(&n.text)
                            .is_some_and(|m| matches!(m.kind, MacroKind::Builtin(_)))
                            || n.text == "defined"
                        {
                            self.warning("#undef may not be used on this predefined name", n.origin);
                        } else {
                            self.macros.remove(&n.text);
                        }
                    }
                    Some(n) => self.error("expected an identifier", n.origin),
                    None => self.error("expected an identifier", Some(at)),
                }
            }
            "include" | "include_next" | "import" => {
                self.trivia(DIRECTIVE, hash.start, end);
                if in_call {
                    self.error(
                        "#include is not allowed inside the arguments of a macro invocation",
                        Some(at),
                    );
                } else {
                    self.include(&toks[1..], at, name);
                }
            }
            "line" => {
                self.trivia(DIRECTIVE, hash.start, end);
                let operands = if toks[0].kind == INT_NUMBER {
                    &toks[..]
                } else {
                    &toks[1..]
                };
                self.line_directive(operands, at, end);
            }
            "error" | "warning" => {
                self.trivia(DIRECTIVE, hash.start, end);
                let text = &self.top().text;
                let message = match (toks.get(1), toks.last()) {
                    (Some(first), Some(last)) => {
                        let (s, e) = (first.origin.unwrap().range.start(), last.origin.unwrap().range.end());
                        text[usize::from(s)..usize::from(e)].to_string()
                    }
                    _ => String::new(),
                };
                if name == "error" {
                    self.diags.push(Diagnostic::error(
                        "error-directive",
                        format!("#error directive: {message}"),
                        at,
                    ));
                } else {
                    // At the directive's name, as nvcc.
                    let name_at = toks.first().and_then(|t| t.origin).unwrap_or(at);
                    self.diags.push(Diagnostic::warning(
                        "warning-directive",
                        format!("#warning directive: {message}"),
                        name_at,
                    ));
                }
            }
            "pragma" => self.pragma(&toks, hash, end, in_call),
            "ident" | "sccs" | "assert" | "unassert" | "" => self.trivia(DIRECTIVE, hash.start, end),
            _ => {
                self.trivia(DIRECTIVE, hash.start, end);
                let at = toks[0].origin;
                self.error("unrecognized preprocessing directive", at);
            }
        }
        self.directive_at = None;
    }

    fn ifdef_value(&mut self, toks: &[Tok], directive: &Tok) -> bool {
        match toks.get(1) {
            Some(n) if n.kind == IDENT => {
                if toks.len() > 2 {
                    self.warning(
                        "extra text after expected end of preprocessing directive",
                        toks[2].origin,
                    );
                }
                self.is_defined(&n.text)
            }
            Some(n) => {
                self.error("expected an identifier", n.origin);
                false
            }
            None => {
                let at = toks.first().unwrap_or(directive).origin;
                self.error("expected an identifier", at);
                false
            }
        }
    }

    fn eval_if(&mut self, toks: &[Tok]) -> bool {
        let at = self.directive_at;
        if toks.is_empty() {
            self.error("expected an expression", at);
            return false;
        }
        let expanded = self.expand_list(toks.to_vec(), true);
        match expr::evaluate(&expanded) {
            Ok(v) => v.v != 0,
            Err(message) => {
                self.error(message, at);
                false
            }
        }
    }

    /// Skips a group whose condition is false, up to (not including) the `#elif`/`#else`/
    /// `#endif` that ends it, as one `INACTIVE` piece.
    fn skip_group(&mut self) {
        let lexed = self.top().lexed.clone();
        let text = self.top().text.clone();
        let toks = &lexed.toks;
        let mut i = self.top().i;
        if let Some(nl) = toks.get(i).filter(|t| t.kind == WHITESPACE && t.has(NEWLINE)) {
            self.out.push(Piece::Trivia {
                kind: WHITESPACE,
                range: range(nl.start, nl.end),
            });
            i += 1;
        }
        let slice = |r: &Raw| &text[r.start as usize..r.end as usize];
        let start = toks.get(i).map_or(text.len() as u32, |t| t.start);
        let mut depth = 0usize;
        let mut j = i;
        let mut unterminated = None;
        while j < toks.len() {
            let r = toks[j];
            if r.is_directive_start() {
                let mut k = j + 1;
                while k < toks.len()
                    && (toks[k].kind == COMMENT || (toks[k].kind == WHITESPACE && !toks[k].has(NEWLINE)))
                {
                    k += 1;
                }
                if let Some(n) = toks.get(k).filter(|n| n.kind == IDENT) {
                    match slice(n) {
                        "if" | "ifdef" | "ifndef" => depth += 1,
                        "endif" if depth == 0 => break,
                        "endif" => depth -= 1,
                        "elif" | "else" | "elifdef" | "elifndef" if depth == 0 => break,
                        _ => {}
                    }
                }
            } else if r.kind == ERROR_TOKEN && slice(&r).starts_with("/*") {
                unterminated = Some(r);
            }
            j += 1;
        }
        let end = toks.get(j).map_or(text.len() as u32, |t| t.start);
        self.trivia(INACTIVE, start, end);
        self.top_mut().i = j;
        if let Some(r) = unterminated {
            self.report_lex_error_at(r.start, r.end);
        }
    }

    fn define(&mut self, toks: &[Tok], directive: &Tok) {
        match parse_define(toks, directive) {
            Err(p) => {
                let at = p.at.or(self.directive_at);
                self.error(p.message, at);
            }
            Ok((m, warnings)) => {
                for w in warnings {
                    self.warning(w.message, w.at);
                }
                if let Some(old) = self.macros.get(&m.name).cloned() {
                    if matches!(old.kind, MacroKind::Builtin(_)) {
                        self.warning(
                            format!("\"{}\" is predefined; attempted redefinition ignored", m.name),
                            m.site,
                        );
                        return;
                    }
                    if !old.same_definition(&m) {
                        let message = match old.site {
                            Some(site) => {
                                let line = self.line_of(site);
                                if site.file == self.top().id {
                                    format!(
                                        "incompatible redefinition of macro \"{}\" (declared at line {line})",
                                        m.name
                                    )
                                } else {
                                    let file = self.loader.display_name(site.file);
                                    format!("incompatible redefinition of macro \"{}\" (declared at line {line} of \"{file}\")", m.name)
                                }
                            }
                            None => format!("incompatible redefinition of macro \"{}\"", m.name),
                        };
                        let mut d = Diagnostic::new(warpc_base::Severity::Warning, "macro-redefined", message, m.site);
                        if let Some(site) = old.site {
                            d = d.with_label(site, "previous definition");
                        }
                        self.diags.push(d);
                    }
                }
                self.macros.insert(m.name.clone(), Rc::new(m));
            }
        }
    }

    fn line_of(&self, at: FileRange) -> u32 {
        let start = u32::from(at.range.start());
        if let Some(f) = self.files.iter().rev().find(|f| f.id == at.file) {
            return f.lexed.line_of(start);
        }
        if let Some(l) = self.lexed_cache.get(&at.file) {
            return l.line_of(start);
        }
        0
    }

    fn include(&mut self, toks: &[Tok], at: FileRange, directive: &str) {
        let Some((spelled, angled, extra)) = self.header_name(toks) else {
            self.error("expected a file name", Some(at));
            return;
        };
        if extra {
            self.warning("extra text after expected end of preprocessing directive", Some(at));
        }
        let includer = self.top().id;
        let Some(id) = self
            .loader
            .resolve_include(includer, &spelled, angled, directive == "include_next")
        else {
            let mut d = Diagnostic::error(
                "include-not-found",
                format!("cannot open source file \"{spelled}\""),
                at,
            );
            d.notes.extend(self.loader.search_notes());
            self.diags.push(d);
            return;
        };
        if self.once.contains(&id) {
            return;
        }
        // The loader cannot search "after the current directory", so an `#include_next` that
        // finds the including file itself (a wrapper header) includes nothing.
        if directive == "include_next" && id == includer {
            return;
        }
        if let Some(g) = self.guards.get(&id) {
            if self.macros.contains_key(g) {
                return;
            }
        }
        if self.files.len() >= MAX_INCLUDE_DEPTH {
            if self.limit_reported.insert(at) {
                self.error("#include nested too deeply", Some(at));
            }
            // Fatal, as in gcc and EDG: a file that includes itself without a guard at several
            // places would otherwise expand exponentially before any other limit stops it.
            self.fatal = true;
            return;
        }
        if self.entries >= MAX_FILE_ENTRIES {
            if !self.entries_reported {
                self.entries_reported = true;
                self.error("too many #include operations in this translation unit", Some(at));
            }
            return;
        }
        if directive == "import" {
            self.once.insert(id);
        }
        self.directive_at = None;
        self.open_file(id);
    }

    /// The header name of an `#include` (after macro expansion when it is not spelled
    /// directly): `(name, angled, extra tokens follow)`.
    fn header_name(&mut self, toks: &[Tok]) -> Option<(String, bool, bool)> {
        let first = toks.first()?;
        if first.kind == STRING_LIT && first.text.starts_with('"') {
            return Some((first.text[1..first.text.len() - 1].to_string(), false, toks.len() > 1));
        }
        if let (LT, Some(origin)) = (first.kind, first.origin) {
            // Spelled directly: the header name is the source text between `<` and `>`.
            let g = toks
                .iter()
                .position(|t| t.kind == GT || t.kind == SHR || t.kind == LAUNCH_CLOSE)?;
            let text = &self.top().text;
            let s = usize::from(origin.range.end());
            let e = usize::from(toks[g].origin.unwrap().range.start());
            return Some((text[s..e].to_string(), true, g + 1 < toks.len()));
        }
        let expanded = self.expand_list(toks.to_vec(), false);
        let first = expanded.first()?;
        if first.kind == STRING_LIT && first.text.starts_with('"') {
            return Some((
                first.text[1..first.text.len() - 1].to_string(),
                false,
                expanded.len() > 1,
            ));
        }
        if first.kind == LT {
            let g = expanded.iter().position(|t| t.kind == GT)?;
            let mut name = String::new();
            for (i, t) in expanded[1..g].iter().enumerate() {
                if i > 0 && t.space {
                    name.push(' ');
                }
                name.push_str(&t.text);
            }
            return Some((name, true, g + 1 < expanded.len()));
        }
        None
    }

    fn line_directive(&mut self, toks: &[Tok], at: FileRange, end: u32) {
        let expanded = self.expand_list(toks.to_vec(), false);
        let Some(num) = expanded
            .first()
            .filter(|t| t.kind == INT_NUMBER && t.text.bytes().all(|b| b.is_ascii_digit()))
        else {
            self.error("expected a line number", Some(at));
            return;
        };
        let n: i64 = match num.text.parse::<i64>() {
            Ok(n) if n <= 2147483647 => n,
            _ => {
                self.error("invalid line number", Some(at));
                return;
            }
        };
        let name = match expanded.get(1) {
            Some(s) if s.kind == STRING_LIT => destringize(&s.text),
            Some(_) if toks[0].kind != INT_NUMBER || toks.len() <= 1 => {
                self.error("invalid filename in #line directive", Some(at));
                None
            }
            _ => None,
        };
        let f = self.top_mut();
        let next_line = f.lexed.line_of(end) as i64 + 1;
        f.line_delta = n - next_line;
        if name.is_some() {
            f.presumed_name = name;
        }
    }

    fn pragma(&mut self, toks: &[Tok], hash: Raw, end: u32, in_call: bool) {
        let op = toks.get(1).map(|t| t.text.as_str()).unwrap_or("");
        match op {
            "once" => {
                self.trivia(DIRECTIVE, hash.start, end);
                let id = self.top().id;
                self.once.insert(id);
                return;
            }
            "push_macro" | "pop_macro" => {
                self.trivia(DIRECTIVE, hash.start, end);
                let name = match toks.get(2..) {
                    Some([l, s, r, ..]) if l.kind == L_PAREN && s.kind == STRING_LIT && r.kind == R_PAREN => {
                        destringize(&s.text)
                    }
                    _ => None,
                };
                let Some(name) = name else {
                    self.error(
                        format!("expected (\"macro_name\") after #pragma {op}"),
                        self.directive_at,
                    );
                    return;
                };
                let name = SmolStr::new(name);
                if op == "push_macro" {
                    let current = self.macros.get(&name).cloned();
                    self.pushed.entry(name).or_default().push(current);
                } else if let Some(saved) = self.pushed.get_mut(&name).and_then(|v| v.pop()) {
                    match saved {
                        Some(m) => self.macros.insert(name, m),
                        None => self.macros.remove(&name),
                    };
                }
                return;
            }
            _ => {}
        }
        if in_call {
            self.trivia(DIRECTIVE, hash.start, end);
            return;
        }
        // A visible PRAGMA token over `#pragma ...` up to its last token; trailing trivia stays trivia.
        let last_end = toks
            .last()
            .map_or(hash.end, |t| u32::from(t.origin.unwrap().range.end()));
        self.out.push(Piece::Token {
            kind: PRAGMA,
            range: range(hash.start, last_end),
        });
        let f = self.top();
        let mut j = f.i;
        while j > 0 && f.lexed.toks[j - 1].start >= last_end {
            j -= 1;
        }
        let trailing: Vec<Raw> = f.lexed.toks[j..f.i].to_vec();
        for r in trailing {
            self.trivia(r.kind, r.start, r.end);
        }
    }
}

/// `#if !defined X` / `#if !defined(X)`: the include-guard shape, giving `X`.
fn guard_pattern(toks: &[Tok]) -> Option<SmolStr> {
    match toks {
        [bang, d, x] if bang.kind == BANG && d.is_ident("defined") && x.kind == IDENT => Some(x.text.clone()),
        [bang, d, l, x, r]
            if bang.kind == BANG
                && d.is_ident("defined")
                && l.kind == L_PAREN
                && x.kind == IDENT
                && r.kind == R_PAREN =>
        {
            Some(x.text.clone())
        }
        _ => None,
    }
}

fn push_seq(out: &mut Vec<Elem>, toks: Vec<Tok>, space: bool) {
    if toks.is_empty() {
        out.push(Elem::Placemarker);
        return;
    }
    let mut first = true;
    for mut t in toks {
        if first {
            t.space = space;
            first = false;
        }
        out.push(Elem::Tok(t));
    }
}
