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
    /// nvcc's number for this warning (`warning #940-D: ...`; [`nvcc_number`]), which
    /// `--diag-suppress`, `--diag-error` and `--diag-warn` name. `None` for errors, warpc's own
    /// warnings, and a warning made an error by `--diag-error` (nvcc then shows no number).
    pub number: Option<u32>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>, primary: Option<FileRange>) -> Self {
        let message = message.into();
        Diagnostic {
            severity,
            code,
            number: (severity == Severity::Warning)
                .then(|| nvcc_number(code, &message))
                .flatten(),
            message,
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

/// nvcc's (EDG's) number of the warning with warpc's `code` and `message`, where warpc's
/// warning is nvcc's (the same condition and message text); checked against nvcc 13.5 and
/// NVRTC 13.5. Warnings warpc words differently, or that nvcc reports as errors, have none.
pub fn nvcc_number(code: &str, message: &str) -> Option<u32> {
    Some(match code {
        "missing-return" if message.starts_with("missing return statement at end of non-void function") => 940,
        "missing-return-value" if message.ends_with("should return a value") => 117,
        "literal" if message == "unrecognized character escape sequence" => 192,
        "literal" if message == "multicharacter character literal (potential portability problem)" => 1422,
        "preprocessor" if message == "extra text after expected end of preprocessing directive" => 14,
        "warning-directive" => 1105,
        "macro-redefined" => 47,
        "pragma" if message == "the #pragma unroll must precede a loop" => 20058,
        "atomic-scope" if message.starts_with("atomic load and store's scope") => 20303,
        "atomic-scope" => 20307,
        "host-variable" if message.starts_with("a host variable") => 20094,
        "wrong-exec-space" if message.starts_with("calling a constexpr __host__ function") => 20013,
        "wrong-exec-space" if message.starts_with("calling a __host__ function") => 20011,
        _ => return None,
    })
}
