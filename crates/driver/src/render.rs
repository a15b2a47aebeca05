//! Diagnostic rendering, three formats over the same [`Diagnostic`] values:
//!
//! - `human` (default): codespan-reporting, in colour when asked to (`--color=always`, or `auto`
//!   with stderr a terminal);
//! - `nvcc`: nvcc's `file(line): error: msg` lines, for tools that parse nvcc's output;
//! - `json`: one JSON object per diagnostic and line (see [`json_line`] for the fields).

use std::io::Write;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor, Styles, StylesWriter};
use warpc_base::{Diagnostic, FileId, FileRange, Severity};
use warpc_db::Database;

use crate::args::DiagFormat;

fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// 1-based line and column of a byte offset; the column counts Unicode scalar values from the
/// start of the line (a byte offset inside a character counts that character's bytes).
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let bytes = &text.as_bytes()[..offset];
    let line = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let col = match text.get(start..offset) {
        Some(s) => s.chars().count(),
        None => offset - start,
    };
    (line, col + 1)
}

/// nvcc's remark after the first numbered warning of a compilation.
const SUPPRESS_REMARK: &str = "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"";

/// `warning #177-D` (nvcc's number where the diagnostic has one), else `warning`.
fn severity_with_number(d: &Diagnostic) -> String {
    match d.number {
        Some(n) => format!("{} #{n}-D", severity_name(d.severity)),
        None => severity_name(d.severity).to_string(),
    }
}

fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// Appends `s` as a JSON string literal (RFC 8259 escaping).
fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `"file":..,"line":..,"column":..,"end_line":..,"end_column":..` of a range (all `null`
/// without one). Lines and columns are 1-based; the end is exclusive (the position just after
/// the last character).
fn json_range(out: &mut String, db: &Database, range: Option<FileRange>) {
    match range {
        Some(r) => {
            let text = db.file_text(r.file);
            let (l0, c0) = line_col(&text, u32::from(r.range.start()) as usize);
            let (l1, c1) = line_col(&text, u32::from(r.range.end()) as usize);
            out.push_str("\"file\":");
            json_str(out, &db.path(r.file).display().to_string());
            out.push_str(&format!(
                ",\"line\":{l0},\"column\":{c0},\"end_line\":{l1},\"end_column\":{c1}"
            ));
        }
        None => out.push_str("\"file\":null,\"line\":null,\"column\":null,\"end_line\":null,\"end_column\":null"),
    }
}

/// One diagnostic as a single-line JSON object:
/// `{"severity","code","message","file","line","column","end_line","end_column","notes":[..],
/// "labels":[{"file","line","column","end_line","end_column","message"}],"fix":null|{"title",
/// "file","line","column","end_line","end_column","replacement"}}`. A fix replaces its range
/// (end exclusive; empty when it inserts) with `replacement`.
pub fn json_line(db: &Database, d: &Diagnostic) -> String {
    let mut s = String::from("{\"severity\":");
    json_str(&mut s, severity_name(d.severity));
    s.push_str(",\"code\":");
    json_str(&mut s, d.code);
    match d.number {
        Some(n) => s.push_str(&format!(",\"number\":{n}")),
        None => s.push_str(",\"number\":null"),
    }
    s.push_str(",\"message\":");
    json_str(&mut s, &d.message);
    s.push(',');
    json_range(&mut s, db, d.primary);
    s.push_str(",\"notes\":[");
    for (i, n) in d.notes.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        json_str(&mut s, n);
    }
    s.push_str("],\"labels\":[");
    for (i, l) in d.labels.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push('{');
        json_range(&mut s, db, Some(l.range));
        s.push_str(",\"message\":");
        json_str(&mut s, &l.message);
        s.push('}');
    }
    s.push_str("],\"fix\":");
    match &d.fix {
        Some(f) => {
            s.push_str("{\"title\":");
            json_str(&mut s, &f.title);
            s.push(',');
            json_range(&mut s, db, Some(f.range));
            s.push_str(",\"replacement\":");
            json_str(&mut s, &f.replacement);
            s.push('}');
        }
        None => s.push_str("null"),
    }
    s.push('}');
    s
}

/// Renders `diags` without colour.
pub fn render_diagnostics(db: &Database, diags: &[Diagnostic], format: DiagFormat, out: &mut dyn Write) {
    render_diagnostics_styled(db, diags, format, false, out)
}

/// Renders `diags`; `color` adds ANSI colours to the `human` format (the others never have any).
pub fn render_diagnostics_styled(
    db: &Database,
    diags: &[Diagnostic],
    format: DiagFormat,
    color: bool,
    out: &mut dyn Write,
) {
    match format {
        DiagFormat::Nvcc => {
            let mut remarked = false;
            for d in diags {
                let sev = severity_with_number(d);
                match d.primary {
                    Some(p) => {
                        let text = db.file_text(p.file);
                        let line = line_of(&text, u32::from(p.range.start()) as usize);
                        let _ = writeln!(out, "{}({}): {}: {}", db.path(p.file).display(), line, sev, d.message);
                    }
                    None => {
                        let _ = writeln!(out, "warpc: {}: {}", sev, d.message);
                    }
                }
                if d.number.is_some() && !remarked {
                    remarked = true;
                    let _ = write!(out, "\n{SUPPRESS_REMARK}\n\n");
                }
            }
        }
        DiagFormat::Json => {
            for d in diags {
                let _ = writeln!(out, "{}", json_line(db, d));
            }
        }
        DiagFormat::Human => {
            let mut files = SimpleFiles::new();
            let mut ids: Vec<(FileId, usize)> = Vec::new();
            let mut cs_id = |file: FileId, files: &mut SimpleFiles<String, std::sync::Arc<str>>| {
                if let Some(&(_, id)) = ids.iter().find(|(f, _)| *f == file) {
                    return id;
                }
                let id = files.add(db.path(file).display().to_string(), db.file_text(file));
                ids.push((file, id));
                id
            };
            let config = term::Config::default();
            let styles = Styles::default();
            for d in diags {
                let mut cs = match d.severity {
                    Severity::Error => CsDiagnostic::error(),
                    Severity::Warning => CsDiagnostic::warning(),
                    Severity::Note => CsDiagnostic::note(),
                }
                .with_message(&d.message)
                .with_code(match d.number {
                    Some(n) => format!("#{n}-D {}", d.code),
                    None => d.code.to_string(),
                });
                let mut labels = Vec::new();
                if let Some(p) = d.primary {
                    let id = cs_id(p.file, &mut files);
                    labels.push(CsLabel::primary(id, clamp(&files, id, p.range)));
                }
                for l in &d.labels {
                    let id = cs_id(l.range.file, &mut files);
                    labels.push(CsLabel::secondary(id, clamp(&files, id, l.range.range)).with_message(&l.message));
                }
                let mut notes = d.notes.clone();
                if let Some(f) = &d.fix {
                    // The suggested edit as a help note (the JSON format carries the edit).
                    notes.push(format!("help: {}", f.title));
                }
                cs = cs.with_labels(labels).with_notes(notes);
                let res = if color {
                    let mut w = StylesWriter::new(termcolor::Ansi::new(&mut *out), &styles);
                    term::emit_to_write_style(&mut w, &config, &files, &cs)
                } else {
                    term::emit_to_io_write(out, &config, &files, &cs)
                };
                if res.is_err() {
                    // A range codespan cannot show (should not happen after clamping): say it plainly.
                    let _ = writeln!(out, "{}[{}]: {}", severity_name(d.severity), d.code, d.message);
                }
            }
        }
    }
}

/// The program log `nvrtcGetProgramLog` returns, in NVRTC's format: per diagnostic
/// `file(line): severity: message`, the source line indented by two spaces and a caret under the
/// column, a blank line; then `N error(s) detected in the compilation of "program".` when there
/// are errors. Diagnostics without a position are `nvrtc: severity: message` lines. A warning
/// with an nvcc number shows it (`warning #940-D: ...`), and the first such is followed by NVRTC's
/// remark on `-diag-suppress` and a blank line.
pub fn nvrtc_log(db: &Database, diags: &[Diagnostic], program: &str) -> String {
    let mut out = String::new();
    let mut remarked = false;
    for d in diags {
        let sev = severity_with_number(d);
        match d.primary {
            Some(p) => {
                let text = db.file_text(p.file);
                let offset = (u32::from(p.range.start()) as usize).min(text.len());
                let (line, col) = line_col(&text, offset);
                let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
                let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
                let source = text[start..end].trim_end_matches('\r');
                out.push_str(&format!(
                    "{}({line}): {sev}: {}\n",
                    db.path(p.file).display(),
                    d.message
                ));
                out.push_str(&format!("  {source}\n  {}^\n\n", " ".repeat(col.saturating_sub(1))));
            }
            None => out.push_str(&format!("nvrtc: {sev}: {}\n", d.message)),
        }
        for n in &d.notes {
            out.push_str(&format!("  note: {n}\n"));
        }
        if d.number.is_some() && !remarked {
            remarked = true;
            out.push_str(SUPPRESS_REMARK);
            out.push_str("\n\n");
        }
    }
    let errors = diags.iter().filter(|d| d.is_error()).count();
    if errors > 0 {
        let plural = if errors == 1 { "error" } else { "errors" };
        out.push_str(&format!(
            "{errors} {plural} detected in the compilation of \"{program}\".\n"
        ));
    }
    out
}

/// A range made safe for codespan-reporting: inside the file, on character boundaries.
fn clamp(
    files: &SimpleFiles<String, std::sync::Arc<str>>,
    id: usize,
    r: warpc_base::TextRange,
) -> std::ops::Range<usize> {
    let Ok(f) = files.get(id) else { return 0..0 };
    let text: &str = f.source();
    let fix = |mut o: usize| {
        o = o.min(text.len());
        while !text.is_char_boundary(o) {
            o -= 1;
        }
        o
    };
    let (s, e) = (fix(u32::from(r.start()) as usize), fix(u32::from(r.end()) as usize));
    s..e.max(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escaping() {
        let mut s = String::new();
        json_str(&mut s, "a\"b\\c\nd\te\u{1}é");
        assert_eq!(s, r#""a\"b\\c\nd\te\u0001é""#);
    }

    #[test]
    fn columns_count_characters() {
        let t = "ab\nxé z";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, 6), (2, 3)); // after "xé" ('é' is two bytes)
        assert_eq!(line_col(t, 100), (2, 5));
    }
}
