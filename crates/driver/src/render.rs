//! Diagnostic rendering: codespan-reporting for people, nvcc's `file(line): error: msg` for tools.

use std::io::Write;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term;
use warpc_base::{Diagnostic, FileId, Severity};
use warpc_db::Database;

use crate::args::DiagFormat;

fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

pub fn render_diagnostics(db: &Database, diags: &[Diagnostic], format: DiagFormat, out: &mut dyn Write) {
    match format {
        DiagFormat::Nvcc => {
            for d in diags {
                let sev = match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                    Severity::Note => "note",
                };
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
            for d in diags {
                let mut cs = match d.severity {
                    Severity::Error => CsDiagnostic::error(),
                    Severity::Warning => CsDiagnostic::warning(),
                    Severity::Note => CsDiagnostic::note(),
                }
                .with_message(&d.message)
                .with_code(d.code);
                let mut labels = Vec::new();
                if let Some(p) = d.primary {
                    let id = cs_id(p.file, &mut files);
                    labels.push(CsLabel::primary(id, std::ops::Range::<usize>::from(p.range)));
                }
                for l in &d.labels {
                    let id = cs_id(l.range.file, &mut files);
                    labels.push(CsLabel::secondary(id, std::ops::Range::<usize>::from(l.range.range)).with_message(&l.message));
                }
                cs = cs.with_labels(labels).with_notes(d.notes.clone());
                let _ = term::emit_to_io_write(out, &config, &files, &cs);
            }
        }
    }
}
