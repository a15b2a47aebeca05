//! Diagnostics of a compilation, grouped by file: the CLI's front-end diagnostics
//! (`warpc_db::diagnostics`) and, when those have no error, code generation diagnostics (which
//! run `fn_ptx` per emitted function: memoized, so after an edit only the edited function
//! recompiles).

use rustc_hash::FxHashMap;
use warpc_base::{Diagnostic, FileId, FileRange, TextRange};
use warpc_db::{Compilation, Database};

pub(crate) fn diagnostics(db: &Database, comp: Compilation, codegen: bool) -> Vec<(FileId, Vec<Diagnostic>)> {
    let main = comp.main(db);
    let mut all: Vec<Diagnostic> = warpc_db::diagnostics(db, comp).clone();
    if codegen && !all.iter().any(Diagnostic::is_error) {
        all.extend(warpc_db::codegen_diagnostics(db, comp));
    }
    let mut by_file: FxHashMap<FileId, Vec<Diagnostic>> = FxHashMap::default();
    for f in crate::macros::comp_files(db, comp) {
        if !crate::is_builtin(db, f) {
            by_file.entry(f).or_default();
        }
    }
    for mut d in all {
        let file = match d.primary {
            Some(p) => p.file,
            None => {
                d.primary = Some(FileRange {
                    file: main,
                    range: TextRange::empty(0.into()),
                });
                main
            }
        };
        // A problem inside a builtin header is shown where the main file starts.
        if crate::is_builtin(db, file) {
            d.notes.push(format!("in {}", db.path(file).display()));
            d.primary = Some(FileRange {
                file: main,
                range: TextRange::empty(0.into()),
            });
            by_file.entry(main).or_default().push(d);
            continue;
        }
        by_file.entry(file).or_default().push(d);
    }
    let mut v: Vec<(FileId, Vec<Diagnostic>)> = by_file.into_iter().collect();
    v.sort_by_key(|(f, _)| *f);
    v
}
