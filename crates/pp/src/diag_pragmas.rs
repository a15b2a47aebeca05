//! nvcc's diagnostic pragmas: `#pragma nv_diag_suppress`, `nv_diag_warning`, `nv_diag_error`,
//! `nv_diag_default` and `nv_diag_once` (each with warning numbers or EDG tags, separated by
//! commas or blanks), and `#pragma nv_diagnostic push` / `pop`; also as `_Pragma("...")`.
//!
//! EDG decides a warning's severity by the pragmas that come *before the warning's position* in
//! the translation unit, whenever the warning is found (a template instance's warning at its
//! definition follows the pragmas before the definition, not those at the end of the file where
//! it is instantiated; checked with nvcc 13.5). [`DiagPragmas`] keeps the pragmas in
//! translation-unit order and, for a file position, finds where it lies in that order: a file is
//! read in stretches between the `#include`s it contains, numbered in the order they are read.
//!
//! A pragma's severity wins over the command line's `--diag-*` options; `nv_diag_default`
//! restores the command line's. The legacy spellings without `nv_` (`#pragma diag_suppress`)
//! change nothing, as in nvcc 13. Unknown tags change nothing either (warpc knows the tags of the
//! warnings it gives, [`warpc_base::nvcc_diag_tag`]).

use rustc_hash::FxHashMap;
use warpc_base::{FileId, FileRange, TextRange};
use warpc_syntax::{Piece, Pieces, SyntaxKind};

/// What a pragma sets a warning to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PragmaSeverity {
    Suppress,
    Warning,
    Error,
}

/// One warning's state under the pragmas: its severity (`None`: the command line's) and whether
/// only its first occurrence is shown (`nv_diag_once`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PragmaState {
    pub severity: Option<PragmaSeverity>,
    pub once: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Event {
    Set(u32, PragmaAction),
    Push,
    Pop,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum PragmaAction {
    Severity(PragmaSeverity),
    Default,
    Once,
}

/// The diagnostic pragmas of a translation unit, in order (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiagPragmas {
    /// Per file, the stretches read: `(start, end, ordinal)`, in reading order.
    stretches: FxHashMap<FileId, Vec<(u32, u32, u32)>>,
    /// `(ordinal of the stretch, offset)` of each pragma, in order.
    events: Vec<((u32, u32), Event)>,
}

impl DiagPragmas {
    /// Whether the translation unit has no diagnostic pragma.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Where `at` lies in the translation unit's order; `None` for a position in no stretch read.
    fn key(&self, at: FileRange) -> Option<(u32, u32)> {
        let off = u32::from(at.range.start());
        let stretches = self.stretches.get(&at.file)?;
        // A header read twice (no include guard) has its positions in several stretches: the
        // first one that holds the position decides.
        stretches
            .iter()
            .find(|&&(s, e, _)| s <= off && off <= e)
            .or_else(|| stretches.iter().rev().find(|&&(s, _, _)| s <= off))
            .map(|&(_, _, ord)| (ord, off))
    }

    /// The state of warning `number` at `at`.
    pub fn state(&self, number: u32, at: FileRange) -> PragmaState {
        let Some(key) = self.key(at) else {
            return PragmaState::default();
        };
        let mut state = PragmaState::default();
        let mut stack: Vec<PragmaState> = Vec::new();
        for (k, ev) in &self.events {
            if *k >= key {
                break;
            }
            match ev {
                Event::Set(n, action) if *n == number => match action {
                    PragmaAction::Severity(s) => state.severity = Some(*s),
                    PragmaAction::Default => state = PragmaState::default(),
                    PragmaAction::Once => state.once = true,
                },
                Event::Set(..) => {}
                Event::Push => stack.push(state),
                Event::Pop => {
                    if let Some(s) = stack.pop() {
                        state = s;
                    }
                }
            }
        }
        state
    }
}

/// Collects the diagnostic pragmas of the piece stream of a translation unit whose main file is
/// `main`; `text` gives a file's text (to read a `#pragma` written in a file).
pub fn diag_pragmas(main: FileId, pieces: &Pieces, text: &dyn Fn(FileId) -> std::sync::Arc<str>) -> DiagPragmas {
    let mut out = DiagPragmas::default();
    let mut files: Vec<FileId> = vec![main];
    // The current stretch: its first and last offsets.
    let mut current: Option<(u32, u32)> = None;
    let mut ordinal = 0u32;
    let flush = |files: &[FileId], current: &mut Option<(u32, u32)>, ordinal: &mut u32, out: &mut DiagPragmas| {
        if let (Some((s, e)), Some(&f)) = (current.take(), files.last()) {
            out.stretches.entry(f).or_default().push((s, e, *ordinal));
            *ordinal += 1;
        }
    };
    let extend = |current: &mut Option<(u32, u32)>, r: TextRange| {
        let (s, e) = (u32::from(r.start()), u32::from(r.end()));
        match current {
            Some((_, end)) => *end = (*end).max(e),
            None => *current = Some((s, e)),
        }
    };
    for piece in pieces.iter() {
        match piece {
            Piece::EnterFile { file } => {
                flush(&files, &mut current, &mut ordinal, &mut out);
                files.push(*file);
            }
            Piece::LeaveFile => {
                flush(&files, &mut current, &mut ordinal, &mut out);
                if files.len() > 1 {
                    files.pop();
                }
            }
            Piece::Trivia { range, .. } => extend(&mut current, *range),
            Piece::Token { kind, range } => {
                extend(&mut current, *range);
                if *kind == SyntaxKind::PRAGMA {
                    let Some(&file) = files.last() else { continue };
                    let t = text(file);
                    if let Some(s) = t.get(std::ops::Range::<usize>::from(*range)) {
                        push_pragma(&mut out, (ordinal, u32::from(range.start())), s);
                    }
                }
            }
            Piece::Expanded { kind, text: s, call } => {
                extend(&mut current, *call);
                if *kind == SyntaxKind::PRAGMA {
                    push_pragma(&mut out, (ordinal, u32::from(call.start())), s);
                }
            }
        }
    }
    flush(&files, &mut current, &mut ordinal, &mut out);
    if out.events.is_empty() {
        // Nothing to look up: keep the result small.
        out.stretches.clear();
    }
    out
}

/// Reads `#pragma nv_diag_... list` / `#pragma nv_diagnostic push|pop` (`text` is the directive
/// from `#`; line continuations are blanks).
fn push_pragma(out: &mut DiagPragmas, at: (u32, u32), text: &str) {
    let body = text.trim_start_matches('#').trim_start();
    let Some(body) = body.strip_prefix("pragma") else {
        return;
    };
    let mut words = body
        .split(|c: char| c.is_whitespace() || c == ',' || c == '\\')
        .filter(|w| !w.is_empty());
    let Some(op) = words.next() else { return };
    let action = match op {
        "nv_diag_suppress" => PragmaAction::Severity(PragmaSeverity::Suppress),
        "nv_diag_warning" => PragmaAction::Severity(PragmaSeverity::Warning),
        "nv_diag_error" => PragmaAction::Severity(PragmaSeverity::Error),
        "nv_diag_default" => PragmaAction::Default,
        "nv_diag_once" => PragmaAction::Once,
        "nv_diagnostic" => {
            match words.next() {
                Some("push") => out.events.push((at, Event::Push)),
                Some("pop") => out.events.push((at, Event::Pop)),
                _ => {}
            }
            return;
        }
        _ => return,
    };
    for w in words {
        let number = if w.bytes().all(|b| b.is_ascii_digit()) {
            w.parse::<u32>().ok()
        } else {
            warpc_base::nvcc_diag_tag(w)
        };
        if let Some(n) = number {
            out.events.push((at, Event::Set(n, action)));
        }
    }
}
