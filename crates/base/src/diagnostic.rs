//! Diagnostics are data: severity, a stable code, a message, a primary span, secondary labels,
//! notes and an optional machine-applicable [`Fix`]. Every stage produces them inside its query results; renderers (codespan-reporting in the
//! CLI, nvcc-style lines, the language server) consume the same values.

use crate::FileRange;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Note,
    Warning,
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    pub range: FileRange,
    pub message: String,
}

/// A suggested edit: replace `range` with `replacement` (an empty range inserts). "Did you mean"
/// suggestions and "expected a \";\"" carry one; renderers show it as a help note, the JSON
/// format and the language server (a quick fix) carry the edit itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    /// What the edit does, for people: `insert ";"`, `replace with "total"`.
    pub title: String,
    pub range: FileRange,
    pub replacement: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable machine-readable code, e.g. `undefined-identifier`, `unsupported`, `syntax`.
    pub code: &'static str,
    pub message: String,
    /// Where the problem is. `None` only for whole-compilation problems (bad options).
    pub primary: Option<FileRange>,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
    pub fix: Option<Fix>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>, primary: Option<FileRange>) -> Self {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            primary,
            labels: Vec::new(),
            notes: Vec::new(),
            fix: None,
        }
    }
    pub fn error(code: &'static str, message: impl Into<String>, at: FileRange) -> Self {
        Self::new(Severity::Error, code, message, Some(at))
    }
    pub fn warning(code: &'static str, message: impl Into<String>, at: FileRange) -> Self {
        Self::new(Severity::Warning, code, message, Some(at))
    }
    /// `unsupported: ...`: a construct warpc does not compile yet. Always an error, never silent.
    pub fn unsupported(what: impl AsRef<str>, at: FileRange) -> Self {
        Self::error("unsupported", format!("unsupported: {}", what.as_ref()), at)
    }
    pub fn with_label(mut self, range: FileRange, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            range,
            message: message.into(),
        });
        self
    }
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
    /// Attaches a fix: replace `range` with `replacement`.
    pub fn with_fix(mut self, title: impl Into<String>, range: FileRange, replacement: impl Into<String>) -> Self {
        self.fix = Some(Fix {
            title: title.into(),
            range,
            replacement: replacement.into(),
        });
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
