//! The parser's machinery, in rust-analyzer's shape: the grammar (in [`crate::grammar`]) walks a
//! flat list of parser tokens and emits [`Event`]s (`Start`/`Token`/`Finish`); markers let it
//! open nodes before it knows their kind (`precede` gives postfix and binary expressions their
//! parent after the fact, via `forward_parent`). The events are turned into trees later by
//! [`crate::builder`], which alone knows about files, trivia and macro expansions.
//!
//! The parser never panics and always terminates:
//! - lookahead costs fuel; when a rule looks ahead too often without consuming a token (a grammar
//!   bug, never user input by design), the parser declares itself stuck: every lookahead answers
//!   `EOF`, all loops unwind, and the rest of the tokens end up in one `ERROR` node;
//! - recursion is bounded ([`MAX_DEPTH`]): deeper nesting is reported and skipped iteratively;
//! - the type-name table (C's typedef ambiguity) is scoped and lives here;
//! - errors are bounded: after an error, further errors are dropped while the parser only skips
//!   junk (stray closers, separators, tokens eaten by recovery), so a run of 10,000 `)` gives one
//!   error, not 10,000; and one parse reports at most [`MAX_ERRORS`] errors.

use crate::SyntaxKind::{self, *};
use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;
use warpc_base::{Diagnostic, FileId, FileRange, TextRange};

/// Maximum recursion depth of the grammar (nested expressions, statements, declarators).
pub(crate) const MAX_DEPTH: u32 = 256;
/// Syntax errors one parse reports at most (the driver shows far fewer; this bounds memory on
/// pathological inputs).
pub(crate) const MAX_ERRORS: usize = 1000;
/// Lookaheads allowed without consuming a token before the parser declares itself stuck.
const FUEL: u32 = 4096;

/// What the grammar emits.
#[derive(Debug, Clone)]
pub(crate) enum Event {
    /// Opens a node. `forward_parent`, when set, is the distance to a later `Start` event that
    /// must become this node's parent (see [`CompletedMarker::precede`]).
    Start {
        kind: SyntaxKind,
        forward_parent: Option<u32>,
    },
    /// Consumes exactly one parser token; `kind` may remap the token's kind.
    Token {
        kind: SyntaxKind,
    },
    Finish,
}

impl Event {
    pub(crate) fn tombstone() -> Event {
        Event::Start {
            kind: TOMBSTONE,
            forward_parent: None,
        }
    }
}

/// One token as the grammar sees it.
#[derive(Debug, Clone)]
pub(crate) struct PToken {
    pub kind: SyntaxKind,
    pub text: SmolStr,
    /// Where to report problems: the token's own range, or the macro call / include directive
    /// that produced it.
    pub file: FileId,
    pub range: TextRange,
    /// Whether a line break precedes the token (used by error recovery only).
    pub newline_before: bool,
}

pub(crate) struct Parser<'t> {
    toks: &'t [PToken],
    pos: usize,
    pub(crate) events: Vec<Event>,
    pub(crate) errors: Vec<Diagnostic>,
    fuel: u32,
    stuck: bool,
    depth: u32,
    /// Innermost scope last. `true`: a type name; `false`: an ordinary name hiding an outer
    /// type name.
    scopes: Vec<FxHashMap<SmolStr, bool>>,
    /// Per class being parsed (innermost last): its member typedefs, type names outside it as
    /// `Class::name` (not inside it, where the checker resolves them).
    pub(crate) member_typedefs: Vec<Vec<SmolStr>>,
    /// The class of an out-of-class member declaration being parsed (`Outer::In` in
    /// `int Outer::In::f(In a) {...}`): its member types are type names there.
    pub(crate) class_ctx: Option<SmolStr>,
    /// Whether "nested too deeply" was already reported (report it once per parse).
    depth_reported: bool,
    /// Set while parsing the declarators of a block-scope declaration: `T x(args)` is a
    /// direct-initialization there when `args` cannot start a parameter list.
    pub(crate) paren_init_ok: bool,
    /// Set while parsing the declarators of a namespace-scope declaration: `T x(args)` is a
    /// direct-initialization there only when `args` can only start an expression (a literal,
    /// a prefix operator, a declared variable), so that unknown names still read as parameter
    /// types.
    pub(crate) paren_init_strict: bool,
    /// Parsing a new-expression's type: its declarator takes no function suffix (`new T*(x)`,
    /// `new T[n]()`: the parentheses are the new-initializer).
    pub(crate) new_declarator: bool,
    /// Set where only a type can follow (the right side of `using X = ...`): an unknown
    /// (qualified) name is read as a type name, for the checker to report.
    pub(crate) type_required: bool,
    /// Names declared by templates (function and class templates): `name<` starts template
    /// arguments.
    pub(crate) template_names: FxHashSet<SmolStr>,
    /// Template template parameters' names added to `template_names` by the template
    /// declaration being parsed (removed at its end).
    pub(crate) template_param_names: Vec<SmolStr>,
    /// The index in `scopes` of the outermost open function-body scope (its parameters and
    /// locals): an ordinary name declared there or deeper hides a template of the same name,
    /// so `next < n` is a comparison when `next` is a local variable.
    pub(crate) fn_scope_start: Option<usize>,
    /// Inside template arguments: `>` closes them instead of being an operator.
    pub(crate) no_gt: bool,
    /// A `>>` token whose first `>` closed inner template arguments; the enclosing list takes
    /// the token as its own closer.
    pub(crate) split_shr: bool,
    /// How many of the three `>` of a `>>>` token (lexed as the kernel launch closer) nested
    /// template argument lists have taken (`A<B<C<T>>>`, `template <class = A<B<T>>>`).
    pub(crate) split_launch: u8,
    /// Since the last error, only junk was consumed (see [`is_junk`]): a further error is a
    /// cascade of the same problem.
    junk_run: bool,
    /// Junk tokens consumed since the last error.
    junk_tokens: u32,
    /// The token position at the last error (reported or dropped).
    last_error_pos: Option<usize>,
    /// Errors reported before this parser started (by the preamble's parse it resumes from):
    /// they count toward [`MAX_ERRORS`].
    error_base: usize,
}

/// What the parser knows between two top-level items that the next items depend on: the
/// names declared so far (type names, templates) and its error-recovery state. Taken after a
/// preamble ([`crate::parse_preamble`]) to parse the rest of the main file as if the parser
/// had read the preamble itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParserState {
    scopes: Vec<FxHashMap<SmolStr, bool>>,
    template_names: FxHashSet<SmolStr>,
    fuel: u32,
    depth_reported: bool,
    junk_run: bool,
    junk_tokens: u32,
    /// Errors reported so far.
    errors: usize,
}

/// Tokens that never make progress on their own after an error: stray closers and separators,
/// and tokens the lexer already reported. (A `;` is progress: it ends a statement or a
/// declaration, and errors after it are new problems.)
fn is_junk(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        R_PAREN | R_BRACK | R_CURLY | COMMA | COLON | LAUNCH_CLOSE | ERROR_TOKEN
    )
}

impl<'t> Parser<'t> {
    pub(crate) fn new(toks: &'t [PToken]) -> Parser<'t> {
        Parser {
            toks,
            pos: 0,
            events: Vec::new(),
            errors: Vec::new(),
            fuel: FUEL,
            stuck: false,
            depth: 0,
            scopes: vec![builtin_type_names()],
            member_typedefs: Vec::new(),
            class_ctx: None,
            depth_reported: false,
            paren_init_ok: false,
            paren_init_strict: false,
            new_declarator: false,
            type_required: false,
            template_names: FxHashSet::default(),
            fn_scope_start: None,
            template_param_names: Vec::new(),
            no_gt: false,
            split_shr: false,
            split_launch: 0,
            junk_run: false,
            junk_tokens: 0,
            last_error_pos: None,
            error_base: 0,
        }
    }

    /// The state after the last top-level item, or `None` where the next item could depend on
    /// more than [`ParserState`] holds (something still open, an error at the end of input,
    /// which the next tokens might have completed).
    pub(crate) fn top_level_state(&self) -> Option<ParserState> {
        let clean = !self.stuck
            && self.depth == 0
            && self.scopes.len() == 1
            && self.member_typedefs.is_empty()
            && self.class_ctx.is_none()
            && self.template_param_names.is_empty()
            && !self.no_gt
            && !self.split_shr
            && self.split_launch == 0
            && !self.paren_init_ok
            && !self.paren_init_strict
            && !self.type_required
            && self.last_error_pos.is_none_or(|p| p < self.toks.len());
        clean.then(|| ParserState {
            scopes: self.scopes.clone(),
            template_names: self.template_names.clone(),
            fuel: self.fuel,
            depth_reported: self.depth_reported,
            junk_run: self.junk_run,
            junk_tokens: self.junk_tokens,
            errors: self.error_base + self.errors.len(),
        })
    }

    /// Continues from `state` (see [`ParserState`]).
    pub(crate) fn restore(&mut self, state: &ParserState) {
        self.scopes = state.scopes.clone();
        self.template_names = state.template_names.clone();
        // The preamble's parse ended with one more end-of-input check than a whole parse makes.
        self.fuel = (state.fuel + 1).min(FUEL);
        self.depth_reported = state.depth_reported;
        self.junk_run = state.junk_run;
        self.error_base = state.errors;
        self.junk_tokens = state.junk_tokens;
    }

    // ---- lookahead ----

    pub(crate) fn nth(&mut self, n: usize) -> SyntaxKind {
        if self.stuck {
            return EOF;
        }
        if self.fuel == 0 {
            self.stuck = true;
            return EOF;
        }
        self.fuel -= 1;
        self.toks.get(self.pos + n).map_or(EOF, |t| t.kind)
    }

    pub(crate) fn current(&mut self) -> SyntaxKind {
        self.nth(0)
    }

    pub(crate) fn at(&mut self, kind: SyntaxKind) -> bool {
        self.nth(0) == kind
    }

    pub(crate) fn nth_at(&mut self, n: usize, kind: SyntaxKind) -> bool {
        self.nth(n) == kind
    }

    pub(crate) fn at_eof(&mut self) -> bool {
        self.nth(0) == EOF
    }

    pub(crate) fn nth_text(&self, n: usize) -> &str {
        if self.stuck {
            return "";
        }
        self.toks.get(self.pos + n).map_or("", |t| t.text.as_str())
    }

    /// Whether a line break precedes the current token.
    pub(crate) fn newline_before(&self) -> bool {
        self.toks.get(self.pos).is_some_and(|t| t.newline_before)
    }

    pub(crate) fn is_stuck(&self) -> bool {
        self.stuck
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn remaining(&self) -> usize {
        self.toks.len().saturating_sub(self.pos)
    }

    // ---- consuming ----

    /// Consumes the current token (no-op at the end of input).
    pub(crate) fn bump(&mut self) {
        if let Some(tok) = self.toks.get(self.pos) {
            let kind = tok.kind;
            self.bump_remap(kind);
        }
    }

    pub(crate) fn bump_remap(&mut self, kind: SyntaxKind) {
        if self.pos < self.toks.len() {
            if self.junk_run {
                if is_junk(self.toks[self.pos].kind) {
                    self.junk_tokens += 1;
                } else {
                    self.junk_run = false;
                }
            }
            self.pos += 1;
            self.fuel = FUEL;
            self.events.push(Event::Token { kind });
        }
    }

    /// Consumes any remaining token regardless of the stuck state (final cleanup).
    pub(crate) fn bump_raw(&mut self) {
        self.bump();
    }

    /// Consumes the current token as junk skipped by error recovery: it does not end the run
    /// of junk that follows an error (so the errors of the same run are not reported).
    pub(crate) fn bump_junk(&mut self) {
        let run = self.junk_run && !self.at(SEMICOLON);
        self.bump();
        if run {
            self.junk_run = true;
            self.junk_tokens += 1;
        }
    }

    pub(crate) fn eat(&mut self, kind: SyntaxKind) -> bool {
        if self.at(kind) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes `kind` or reports `expected a "<kind>"` after the previous token.
    pub(crate) fn expect(&mut self, kind: SyntaxKind) -> bool {
        if self.eat(kind) {
            return true;
        }
        if kind == SEMICOLON {
            self.error_missing_semi();
            return false;
        }
        let what = kind
            .punct_text()
            .map(str::to_owned)
            .unwrap_or_else(|| keyword_text(kind));
        self.error_after_prev(format!("expected a \"{what}\""));
        false
    }

    // ---- markers ----

    pub(crate) fn start(&mut self) -> Marker {
        let pos = self.events.len() as u32;
        self.events.push(Event::tombstone());
        Marker { pos }
    }

    // ---- errors ----

    fn range_of(&self, idx: usize) -> Option<(FileId, TextRange)> {
        self.toks.get(idx).map(|t| (t.file, t.range))
    }

    /// An error positioned at the end of the previous token (where a missing `;` belongs).
    pub(crate) fn error_after_prev(&mut self, message: impl Into<String>) {
        if self.pos > 0 && self.toks.get(self.pos - 1).is_some_and(|t| t.kind == ERROR_TOKEN) {
            // An unterminated literal swallowed the rest of the line; it was reported already.
            return;
        }
        let at = if self.pos > 0 {
            self.range_of(self.pos - 1).map(|(f, r)| (f, TextRange::empty(r.end())))
        } else {
            self.range_of(0).map(|(f, r)| (f, TextRange::empty(r.start())))
        };
        self.push_error(message.into(), at);
    }

    /// An error positioned on the current token (or the end of input).
    pub(crate) fn error_at_current(&mut self, message: impl Into<String>) {
        let at = if self.pos < self.toks.len() {
            self.range_of(self.pos)
        } else {
            self.toks
                .last()
                .map(|last| (last.file, TextRange::empty(last.range.end())))
        };
        self.push_error(message.into(), at);
    }

    /// Whether an error was reported (or dropped) at the current position with nothing
    /// consumed since: recovery that starts here continues that error's recovery.
    pub(crate) fn error_here(&self) -> bool {
        self.junk_run && self.last_error_pos == Some(self.pos)
    }

    fn push_error(&mut self, message: String, at: Option<(FileId, TextRange)>) {
        self.push_error_with_fix(message, at, None);
    }

    /// Records an error unless it is a cascade: nothing but junk was consumed since the previous
    /// error (nothing at all, or a run of stray tokens: one problem, one error), or it is at the
    /// same place as the previous one, or past [`MAX_ERRORS`].
    fn push_error_with_fix(&mut self, message: String, at: Option<(FileId, TextRange)>, fix: Option<(&str, &str)>) {
        let primary = at.map(|(file, range)| FileRange { file, range });
        // An error right at a bad token (NUL, stray `@`, invalid UTF-8, unterminated literal)
        // is that token's problem, which the lexer reported.
        let cascade = self.junk_run || self.toks.get(self.pos).is_some_and(|t| t.kind == ERROR_TOKEN);
        let same_place = self
            .errors
            .last()
            .is_some_and(|last| last.primary == primary && primary.is_some());
        self.junk_run = true;
        self.junk_tokens = 0;
        self.last_error_pos = Some(self.pos);
        if cascade || same_place || self.error_base + self.errors.len() >= MAX_ERRORS {
            return;
        }
        let mut d = Diagnostic::new(warpc_base::Severity::Error, "syntax", message, primary);
        if let (Some((title, text)), Some(range)) = (fix, primary) {
            d = d.with_fix(title, range, text);
        }
        self.errors.push(d);
    }

    /// `expected a ";"` after the previous token, with the fix that inserts it.
    pub(crate) fn error_missing_semi(&mut self) {
        if self.pos > 0 && self.toks.get(self.pos - 1).is_some_and(|t| t.kind == ERROR_TOKEN) {
            return;
        }
        let at = if self.pos > 0 {
            self.range_of(self.pos - 1).map(|(f, r)| (f, TextRange::empty(r.end())))
        } else {
            self.range_of(0).map(|(f, r)| (f, TextRange::empty(r.start())))
        };
        // (After a macro-expanded token the position is the end of the invocation: inserting
        // the `;` there is right too.)
        self.push_error_with_fix("expected a \";\"".into(), at, Some(("insert \";\"", ";")));
    }

    /// Reports an error at the current token and consumes it into an `ERROR` node.
    pub(crate) fn err_and_bump(&mut self, message: impl Into<String>) {
        self.error_at_current(message);
        let m = self.start();
        self.bump_junk();
        m.complete(self, ERROR);
    }

    // ---- depth ----

    /// Enters one level of recursion; `false` (with a diagnostic, and the offending tokens
    /// skipped) when the nesting is too deep. Callers that get `true` must call [`Self::leave`].
    pub(crate) fn enter(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.depth_reported {
                self.depth_reported = true;
                self.error_at_current("expression nested too deeply");
            }
            self.skip_nested();
            return false;
        }
        self.depth += 1;
        true
    }

    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Skips, without recursion, a run of balanced tokens up to (not including) an unmatched
    /// closer or a `;` at nesting level 0.
    pub(crate) fn skip_nested(&mut self) {
        let m = self.start();
        let mut level = 0u32;
        loop {
            match self.current() {
                EOF => break,
                L_PAREN | L_BRACK | L_CURLY | LAUNCH_OPEN => level += 1,
                R_PAREN | R_BRACK | R_CURLY | LAUNCH_CLOSE => {
                    if level == 0 {
                        break;
                    }
                    level -= 1;
                }
                SEMICOLON if level == 0 => break,
                _ => {}
            }
            self.bump_junk();
        }
        m.complete(self, ERROR);
    }

    /// Skips a balanced group starting at the current opener (`(`, `[`, `{`, `<<<`), iteratively.
    /// Stops early at the end of input. Returns whether the group was closed.
    pub(crate) fn skip_balanced(&mut self) -> bool {
        let mut level = 0u32;
        loop {
            match self.current() {
                EOF => return false,
                L_PAREN | L_BRACK | L_CURLY | LAUNCH_OPEN => level += 1,
                R_PAREN | R_BRACK | R_CURLY | LAUNCH_CLOSE => {
                    level = level.saturating_sub(1);
                    if level == 0 {
                        self.bump();
                        return true;
                    }
                }
                _ => {}
            }
            self.bump();
            if level == 0 {
                return true;
            }
        }
    }

    // ---- type names ----

    pub(crate) fn scopes_len(&self) -> usize {
        self.scopes.len()
    }

    pub(crate) fn push_scope(&mut self) {
        self.scopes.push(FxHashMap::default());
    }

    pub(crate) fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    /// Leaves a class's member scope: its member type names stay visible as `Class::name`
    /// (and nested ones as `Class::Inner::name`) in the enclosing scope.
    pub(crate) fn pop_scope_into_class(&mut self, class: &str) {
        let typedefs = self.member_typedefs.pop().unwrap_or_default();
        if self.scopes.len() <= 1 {
            return;
        }
        let Some(inner) = self.scopes.pop() else { return };
        let mut names: Vec<(SmolStr, bool)> = inner.into_iter().filter(|(_, t)| *t).collect();
        names.extend(typedefs.into_iter().map(|n| (n, true)));
        names.sort();
        if let Some(scope) = self.scopes.last_mut() {
            for (n, t) in names {
                scope.insert(SmolStr::new(format!("{class}::{n}")), t);
            }
        }
    }

    /// Whether the qualified name `A::B::C` starting at the `n`-th token names a member type
    /// known as such (`Outer::In`, also through a namespace prefix: `ns::Outer::In`), the name
    /// not being followed by another `::`.
    pub(crate) fn is_qualified_type_name_at(&mut self, n: usize) -> bool {
        let mut parts: Vec<String> = vec![self.nth_text(n).to_owned()];
        let mut k = n + 1;
        while self.nth_at(k, COLON2) && self.nth_at(k + 1, IDENT) && parts.len() < 64 {
            parts.push(self.nth_text(k + 1).to_owned());
            k += 2;
        }
        if parts.len() < 2 || self.nth_at(k, COLON2) {
            return false;
        }
        (0..parts.len() - 1).any(|i| self.is_type_name(&parts[i..].join("::")))
    }

    /// Records that `name` names a type (`true`) or an ordinary entity (`false`) in the innermost
    /// scope.
    pub(crate) fn declare(&mut self, name: &str, is_type: bool) {
        if name.is_empty() {
            return;
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(SmolStr::new(name), is_type);
        }
    }

    /// Declares a tag name (struct/union/class/enum) as a type name unless the name is already a
    /// visible type (C++: the tag is a type name without the keyword).
    pub(crate) fn declare_tag(&mut self, name: &str) {
        if !self.is_type_name(name) {
            self.declare(name, true);
        }
    }

    pub(crate) fn is_template_name(&self, name: &str) -> bool {
        if !self.template_names.contains(name) {
            return false;
        }
        // A function parameter or local variable (or block-scope function declaration)
        // hides the template.
        let start = self.fn_scope_start.unwrap_or(self.scopes.len());
        self.scopes[start.min(self.scopes.len())..]
            .iter()
            .rev()
            .find_map(|scope| scope.get(name))
            .is_none_or(|&is_type| is_type)
    }

    /// The last component of a qualified name (`::cuda::std::span`, `ns::S`): a type name as
    /// declared outside the function being parsed (its parameters and locals, such as the
    /// `span` of `auto span = ::cuda::std::span<T, N>(p, N);`, do not hide a qualified name).
    pub(crate) fn is_qualified_type_name(&self, name: &str) -> bool {
        let start = self.fn_scope_start.unwrap_or(self.scopes.len()).min(self.scopes.len());
        self.scopes[..start]
            .iter()
            .rev()
            .find_map(|scope| scope.get(name))
            .is_some_and(|&is_type| is_type)
            || (start == self.scopes.len() && self.is_type_name(name))
    }

    /// [`Self::is_template_name`] for the last component of a qualified name.
    pub(crate) fn is_qualified_template_name(&self, name: &str) -> bool {
        self.template_names.contains(name)
    }

    pub(crate) fn is_type_name(&self, name: &str) -> bool {
        if let Some(c) = &self.class_ctx {
            let mut prefix: &str = c;
            loop {
                if self.scoped_type_name(&format!("{prefix}::{name}")) == Some(true) {
                    return true;
                }
                match prefix.rsplit_once("::") {
                    Some((p, _)) => prefix = p,
                    None => break,
                }
            }
        }
        self.scoped_type_name(name).unwrap_or(false)
    }

    /// Whether `name` is declared and is not a type (a variable, a function, an enumerator).
    pub(crate) fn is_value_name(&self, name: &str) -> bool {
        !self.is_type_name(name) && self.scoped_type_name(name) == Some(false)
    }

    fn scoped_type_name(&self, name: &str) -> Option<bool> {
        for scope in self.scopes.iter().rev() {
            if let Some(&is_type) = scope.get(name) {
                return Some(is_type);
            }
        }
        None
    }
}

/// C++'s character types that the lexer leaves as identifiers: type names from the start.
fn builtin_type_names() -> FxHashMap<SmolStr, bool> {
    ["wchar_t", "char8_t", "char16_t", "char32_t"]
        .into_iter()
        .map(|n| (SmolStr::new(n), true))
        .collect()
}

fn keyword_text(kind: SyntaxKind) -> String {
    match kind {
        WHILE_KW => "while".into(),
        IDENT => "identifier".into(),
        _ => format!("{kind:?}").trim_end_matches("_KW").to_ascii_lowercase(),
    }
}

/// An open node whose kind is not known yet.
pub(crate) struct Marker {
    pos: u32,
}

impl Marker {
    pub(crate) fn complete(self, p: &mut Parser<'_>, kind: SyntaxKind) -> CompletedMarker {
        if let Some(Event::Start { kind: slot, .. }) = p.events.get_mut(self.pos as usize) {
            *slot = kind;
        }
        p.events.push(Event::Finish);
        CompletedMarker { pos: self.pos }
    }

    /// Drops the marker; its node is not created.
    pub(crate) fn abandon(self, p: &mut Parser<'_>) {
        let idx = self.pos as usize;
        if idx + 1 == p.events.len() {
            if let Some(Event::Start {
                kind: TOMBSTONE,
                forward_parent: None,
            }) = p.events.last()
            {
                p.events.pop();
            }
        }
    }
}

/// A finished node; `precede` wraps it in a new parent.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CompletedMarker {
    pos: u32,
}

impl CompletedMarker {
    /// Starts a new node that will become the parent of this one.
    pub(crate) fn precede(self, p: &mut Parser<'_>) -> Marker {
        let new = p.start();
        if let Some(Event::Start { forward_parent, .. }) = p.events.get_mut(self.pos as usize) {
            *forward_parent = Some(new.pos - self.pos);
        }
        new
    }
}
