//! Data-driven parser tests: every `testdata/parser/{ok,err}/*.cu` is parsed with `parse_text`
//! and its tree dump compared with the `.txt` beside it (`UPDATE_EXPECT=1` refreshes them).
//! Files in `ok/` must parse without errors, files in `err/` with at least one. Plus the
//! lossless round trip over those files and the shared conformance corpus.

use std::path::{Path, PathBuf};
use warpc_syntax::parse_text;

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/parser")
}

fn cu_files(dir: &Path) -> Vec<PathBuf> {
    warpc_testkit::cu_files_in(dir)
}

fn run_dir(sub: &str, expect_errors: bool) {
    let files = cu_files(&testdata().join(sub));
    assert!(!files.is_empty(), "no test files in {sub}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let parse = parse_text(&text);
        assert_eq!(parse.tree(0).text().to_string(), text, "{}", path.display());
        if expect_errors {
            assert!(!parse.errors.is_empty(), "{} should have errors", path.display());
        } else {
            assert!(parse.errors.is_empty(), "{}: {:?}", path.display(), parse.errors);
        }
        expect_test::expect_file![path.with_extension("txt")].assert_eq(&parse.debug_dump());
    }
}

#[test]
fn ok_files() {
    run_dir("ok", false);
}

#[test]
fn err_files() {
    run_dir("err", true);
}

/// Every conformance file round-trips and the C-style ones parse without errors; the
/// missing-semicolon case reports exactly one error on line 4 or 5.
#[test]
fn conformance_corpus() {
    for sub in ["c", "cxx", "errors", "program"] {
        for path in warpc_testkit::conformance_files(sub) {
            let text = std::fs::read_to_string(&path).unwrap();
            let parse = parse_text(&text);
            assert_eq!(parse.tree(0).text().to_string(), text, "{}", path.display());
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if sub == "c" || (sub == "errors" && name != "05_missing_semicolon.cu" && name != "10_unterminated.cu") {
                assert!(parse.errors.is_empty(), "{}: {:?}", path.display(), parse.errors);
            }
            if name == "05_missing_semicolon.cu" {
                assert_eq!(parse.errors.len(), 1, "{:?}", parse.errors);
                let e = &parse.errors[0];
                assert_eq!(e.message, "expected a \";\"");
                let off = usize::from(e.primary.unwrap().range.start());
                let line = text[..off].matches('\n').count() + 1;
                assert!(line == 4 || line == 5, "line {line}");
                assert_eq!(parse.function_defs().len(), 2);
            }
            if name == "10_unterminated.cu" {
                assert_eq!(parse.errors.len(), 1, "{:?}", parse.errors);
                assert_eq!(parse.errors[0].message, "missing closing quote");
            }
        }
    }
}
