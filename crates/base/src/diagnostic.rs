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
    /// A `#pragma nv_diag_warning|nv_diag_error` in force where the warning is decided its
    /// severity: the command line's `--diag-suppress`, `--diag-error` and `--diag-warn` no longer
    /// apply to it (nvcc's precedence; `-Werror` and `-w` still do).
    pub by_pragma: bool,
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
            by_pragma: false,
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
        "delete-incomplete" => 414,
        "delete-void" => 852,
        "pragma" if message == "the #pragma unroll must precede a loop" => 20058,
        "atomic-scope" if message.starts_with("atomic load and store's scope") => 20303,
        "atomic-scope" => 20307,
        "shared-dynamic-init" => 20054,
        "host-variable" if message.starts_with("a host variable") => 20094,
        "wrong-exec-space" if message.starts_with("calling a constexpr __host__ function") => 20013,
        "wrong-exec-space" if message.starts_with("calling a __host__ function") => 20011,
        _ => return None,
    })
}

/// The number of the warning EDG's diagnostic tag `tag` names (`#pragma nv_diag_suppress
/// static_var_with_dynamic_init`), for the warnings warpc gives with a number ([`nvcc_number`]).
/// Each tag was checked with nvcc 13.5: the pragma with the tag silences the warning. Tags of
/// warnings warpc never gives are not listed (the pragma then changes nothing, as it would change
/// nothing in nvcc for code warpc accepts without that warning).
pub fn nvcc_diag_tag(tag: &str) -> Option<u32> {
    Some(match tag {
        "implicit_return_from_non_void_function" => 940,
        "unrecognized_char_escape" => 192,
        "multi_char_literal" => 1422,
        "extra_text_in_pp_directive" => 14,
        "warning_directive" => 1105,
        "bad_macro_redef" => 47,
        "delete_of_incomplete_class" => 414,
        "expr_not_object_pointer" => 852,
        "static_var_with_dynamic_init" => 20054,
        "nv_atomic_load_store_scope_cluster_change_to_device" => 20303,
        "nv_atomic_operations_scope_cluster_change_to_device" => 20307,
        _ => return None,
    })
}

/// Removes the diagnostics that repeat an earlier one's severity, code, message and location,
/// keeping the first of each in place (the order stays the input's). The same code checked once
/// per template instance gives the same error once per instance, with only the notes (which
/// instance) different: the kept one says how many were dropped.
pub fn dedup_diagnostics(diagnostics: &mut Vec<Diagnostic>) {
    use std::collections::HashMap;
    let mut first: HashMap<(Severity, &'static str, String, Option<FileRange>), usize> = HashMap::new();
    // Per kept diagnostic: how many repeats with other notes were dropped.
    let mut dropped = vec![0usize; diagnostics.len()];
    let mut keep = vec![true; diagnostics.len()];
    for (i, d) in diagnostics.iter().enumerate() {
        let key = (d.severity, d.code, d.message.clone(), d.primary);
        match first.get(&key) {
            Some(&k) => {
                keep[i] = false;
                if diagnostics[k].notes != d.notes {
                    dropped[k] += 1;
                }
            }
            None => {
                first.insert(key, i);
            }
        }
    }
    let mut i = 0;
    diagnostics.retain_mut(|d| {
        let (kept, n) = (keep[i], dropped[i]);
        i += 1;
        match n {
            0 => {}
            1 => d
                .notes
                .push("1 more like this here, with other notes, not shown".to_string()),
            n => d
                .notes
                .push(format!("{n} more like this here, with other notes, not shown")),
        }
        kept
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FileId;
    use crate::TextRange;

    fn at(start: u32, end: u32) -> Option<FileRange> {
        Some(FileRange {
            file: FileId(0),
            range: TextRange::new(start.into(), end.into()),
        })
    }

    fn diag(severity: Severity, message: &str, primary: Option<FileRange>, note: &str) -> Diagnostic {
        let mut d = Diagnostic::new(severity, "test", message, primary);
        if !note.is_empty() {
            d.notes.push(note.to_string());
        }
        d
    }

    #[test]
    fn repeated_diagnostics_are_reported_once_in_first_order() {
        let mut ds = vec![
            diag(Severity::Error, "not constant", at(10, 20), "instance A"),
            diag(Severity::Error, "other", at(10, 20), ""),
            diag(Severity::Error, "not constant", at(10, 20), "instance B"),
            diag(Severity::Warning, "not constant", at(10, 20), ""),
            diag(Severity::Error, "not constant", at(10, 21), ""),
            diag(Severity::Error, "not constant", at(10, 20), "instance C"),
            diag(Severity::Error, "other", at(10, 20), ""),
            diag(Severity::Error, "no location", None, ""),
            diag(Severity::Error, "no location", None, ""),
        ];
        dedup_diagnostics(&mut ds);
        let shown: Vec<(Severity, &str, Option<FileRange>, Vec<String>)> = ds
            .iter()
            .map(|d| (d.severity, d.message.as_str(), d.primary, d.notes.clone()))
            .collect();
        let s = |v: &[&str]| v.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        assert_eq!(
            shown,
            vec![
                (
                    Severity::Error,
                    "not constant",
                    at(10, 20),
                    s(&["instance A", "2 more like this here, with other notes, not shown"])
                ),
                (Severity::Error, "other", at(10, 20), vec![]),
                (Severity::Warning, "not constant", at(10, 20), vec![]),
                (Severity::Error, "not constant", at(10, 21), vec![]),
                (Severity::Error, "no location", None, vec![]),
            ]
        );
    }
}
