//! Header memoization through the main file's preamble (`preamble` and `preamble_parse`
//! queries): resuming after the preamble gives exactly what one run over the whole file gives
//! (preprocessing and parsing), and an edit below the preamble preprocesses and parses no header
//! again.

use rayon::prelude::*;
use std::path::{Path, PathBuf};

use warpc_base::CompileOptions;
use warpc_db::{Compilation, Database};

fn shared() -> PathBuf {
    warpc_testkit::conformance_dir("")
}

fn options_with_headers() -> CompileOptions {
    let search = warpc_base::toolchain::HeaderSearch::discover(None, None, &[]);
    assert!(
        !search.host_dirs.is_empty(),
        "a host compiler (g++) is needed for this test: {:?}",
        search.notes
    );
    CompileOptions {
        header_search: search,
        ..CompileOptions::default()
    }
}

#[test]
fn preamble_boundaries() {
    assert_eq!(warpc_pp::preamble_end(""), 0);
    assert_eq!(warpc_pp::preamble_end("int x;\n#include <a>\n"), 0);
    let text = "// c\n#include <a>\n#define N 4\n\nint x;\n";
    assert_eq!(
        &text[..warpc_pp::preamble_end(text) as usize],
        "// c\n#include <a>\n#define N 4"
    );
    // Not inside a conditional of the main file: up to the last line where none is open.
    let text = "#include <a>\n#ifndef G\n#define G\nint x;\n#endif\n";
    assert_eq!(&text[..warpc_pp::preamble_end(text) as usize], "#include <a>");
    let text = "#if 1\n#include <a>\n#endif\n#if 0\nint x;\n#endif\n";
    assert_eq!(
        &text[..warpc_pp::preamble_end(text) as usize],
        "#if 1\n#include <a>\n#endif"
    );
    // `#line` is not carried.
    let text = "#include <a>\n#line 40\nint x;\n";
    assert_eq!(&text[..warpc_pp::preamble_end(text) as usize], "#include <a>");
}

/// Every file of the corpus (real programs with the real headers, C, C++, programs, errors) and
/// the testdata files with a preamble:
/// preprocessing through the preamble equals one run.
#[test]
fn resuming_after_the_preamble_equals_one_run() {
    let options = options_with_headers();
    let mut files = Vec::new();
    for sub in ["real", "c", "cxx", "program", "errors"] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(shared().join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        files.extend(entries.into_iter().filter(|p| p.extension().is_some_and(|e| e == "cu")));
    }
    // And every testdata case.
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")];
    while let Some(dir) = dirs.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "cu" || e == "cuh") {
                // Those with a preamble of their own (the others share the prelude-only one
                // the corpus files already cover).
                let text = String::from_utf8_lossy(&std::fs::read(&p).unwrap()).into_owned();
                if warpc_pp::preamble_end(&text) > 0 {
                    files.push(p);
                }
            }
        }
    }
    assert!(files.len() > 55, "{}", files.len());
    // Each file is independent (its own database): all cores, the CCCL programs take seconds.
    let counts: Vec<(usize, usize, usize)> = files
        .par_iter()
        .map(|path| {
            let mut db = Database::new();
            let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
            let main = db.set_file_text(path, &text);
            let mut opts = options.clone();
            opts.include_dirs
                .push(path.parent().unwrap().to_string_lossy().into_owned());
            let comp = Compilation::new(&db, main, opts, None);
            let resumed = warpc_db::preprocess(&db, comp);
            let whole = warpc_db::preprocess_without_preamble(&db, comp);
            assert!(
                resumed == &whole,
                "{}: resumed preprocessing differs from one run",
                path.display()
            );
            let parsed = warpc_db::parse(&db, comp);
            let whole = warpc_db::parse_without_preamble(&db, comp);
            if parsed != &whole {
                let first = parsed.trees.iter().zip(&whole.trees).position(|(a, b)| a != b);
                panic!(
                    "{}: parsing after the preamble differs from one parse: {} vs {} trees, first differing tree {first:?}, errors {:?} vs {:?}",
                    path.display(),
                    parsed.trees.len(),
                    whole.trees.len(),
                    parsed.errors.len(),
                    whole.errors.len()
                );
            }
            let resumed_parse = usize::from(warpc_db::preamble_parse(&db, comp).resumable());
            let items = warpc_db::item_tree_with_source_map(&db, comp);
            let whole = warpc_db::item_tree_without_preamble(&db, comp);
            if items != &whole {
                let (a, b) = (&items.tree, &whole.tree);
                let first = a.items.iter().zip(&b.items).position(|(x, y)| x != y);
                panic!(
                    "{}: the item tree after the preamble differs from one lowering: {} vs {} items, first differing item {first:?} ({:?} vs {:?}); records equal {}, enums equal {}, source maps equal {}, diagnostics {:?} vs {:?}",
                    path.display(),
                    a.items.len(),
                    b.items.len(),
                    first.map(|i| &a.items[i]),
                    first.map(|i| &b.items[i]),
                    a.records == b.records,
                    a.enums == b.enums,
                    items.source_map == whole.source_map,
                    items.diagnostics,
                    whole.diagnostics
                );
            }
            let resumed_item = usize::from(warpc_db::preamble_item_tree(&db, comp).is_some());
            let preamble = usize::from(warpc_db::preamble(&db, comp).end > 0);
            (preamble, resumed_parse, resumed_item)
        })
        .collect();
    let with_preamble: usize = counts.iter().map(|c| c.0).sum();
    let resumed_parses: usize = counts.iter().map(|c| c.1).sum();
    let resumed_items: usize = counts.iter().map(|c| c.2).sum();
    assert!(with_preamble > 30, "files starting with #include: {with_preamble}");
    assert!(
        resumed_parses > 50,
        "parses resumed after the preamble: {resumed_parses}"
    );
    assert!(
        resumed_items > 50,
        "item trees resumed after the preamble: {resumed_items}"
    );
}

const SOURCE: &str = "#include <vector>\n#include <cstdio>\n#define SCALE 2.0f\n\n__global__ void k(float *p) { p[threadIdx.x] *= SCALE; }\n\
int main() { std::vector<float> v(8); printf(\"%zu\\n\", v.size()); return 0; }\n";

#[test]
fn an_edit_below_the_preamble_preprocesses_no_header() {
    let mut db = Database::new();
    let main = db.set_file_text("/virtual/k.cu", SOURCE);
    let comp = Compilation::new(&db, main, options_with_headers(), None);
    let before = warpc_db::module_ptx(&db, comp).ptx.clone();
    assert!(
        warpc_db::preamble(&db, comp).output.included_files.len() > 20,
        "the real headers are read"
    );
    db.enable_query_log();
    db.set_file_text("/virtual/k.cu", &SOURCE.replace("*= SCALE", "*= SCALE + 1.0f"));
    let after = warpc_db::module_ptx(&db, comp).ptx.clone();
    assert_ne!(before, after);
    let log = db.take_query_log();
    assert!(log.iter().any(|q| q.starts_with("preprocess(")), "{log:#?}");
    assert!(
        !log.iter().any(|q| q.starts_with("preamble(")),
        "the preamble must not re-run: {log:#?}"
    );
    assert!(log.iter().any(|q| q.starts_with("parse(")), "{log:#?}");
    assert!(
        !log.iter().any(|q| q.starts_with("preamble_parse(")),
        "the headers must not be parsed again: {log:#?}"
    );
    assert!(
        !log.iter().any(|q| q.starts_with("preamble_item_tree(")),
        "nor lowered again: {log:#?}"
    );
    // The body edit moves the items after it but changes no declaration: the reach index by
    // name is not rebuilt, and the reached set (re-run over the new ranges) is the same.
    assert!(log.iter().any(|q| q.starts_with("device_reach(")), "{log:#?}");
    assert!(
        !log.iter().any(|q| q.starts_with("reach_names(")),
        "the names of the declarations did not change: {log:#?}"
    );
    assert!(
        !log.iter().any(|q| q.starts_with("device_item_tree(")),
        "nor what device code reaches: {log:#?}"
    );
    // An edit inside the preamble does re-run it.
    db.enable_query_log();
    db.set_file_text("/virtual/k.cu", &SOURCE.replace("2.0f", "3.0f"));
    warpc_db::module_ptx(&db, comp);
    assert!(db.take_query_log().iter().any(|q| q.starts_with("preamble(")));
}

/// The prelude (predefined macros, `__warpc_cuda_runtime.h`, `--pre-include` files) is
/// preprocessed, parsed and lowered once per folder and options: a second main file of the same
/// folder goes on from it, and gives what a database of its own gives.
#[test]
fn main_files_of_one_folder_share_the_prelude() {
    let options = CompileOptions {
        pre_includes: vec!["pre.h".to_string()],
        ..CompileOptions::default()
    };
    let a = "__global__ void ka(float *p) { p[threadIdx.x] *= PRE_SCALE; }\n";
    let b = "#include <cstdio>\n#define TWICE(x) ((x) + (x))\n\
             __global__ void kb(int *p) { p[blockIdx.x] = TWICE(PRE_SCALE_I); printf(\"%d\\n\", p[0]); }\n";
    let pre = "#define PRE_SCALE 3.0f\n#define PRE_SCALE_I 3\n";
    let mut db = Database::new();
    db.set_file_text("/virtual/pre.h", pre);
    let ma = db.set_file_text("/virtual/a.cu", a);
    let mb = db.set_file_text("/virtual/b.cu", b);
    let comp_a = Compilation::new(&db, ma, options.clone(), None);
    let comp_b = Compilation::new(&db, mb, options.clone(), None);
    assert!(warpc_db::module_ptx(&db, comp_a).ptx.contains("ka"));
    db.enable_query_log();
    let ptx_b = warpc_db::module_ptx(&db, comp_b).ptx.clone();
    let log = db.take_query_log();
    assert!(log.iter().any(|q| q.starts_with("preamble(")), "{log:#?}");
    for query in ["prelude_pp(", "prelude_parse(", "prelude_item_tree("] {
        assert!(
            !log.iter().any(|q| q.starts_with(query)),
            "{query} must not run again for a second file: {log:#?}"
        );
    }
    assert!(
        warpc_db::diagnostics(&db, comp_b).iter().all(|d| !d.is_error()),
        "{:?}",
        warpc_db::diagnostics(&db, comp_b)
    );
    // The same file alone.
    let mut alone = Database::new();
    alone.set_file_text("/virtual/pre.h", pre);
    let m = alone.set_file_text("/virtual/b.cu", b);
    let comp = Compilation::new(&alone, m, options.clone(), None);
    assert_eq!(ptx_b, warpc_db::module_ptx(&alone, comp).ptx);
    assert_eq!(
        warpc_db::item_tree(&db, comp_b),
        &warpc_db::item_tree_without_preamble(&alone, comp).tree
    );
    // Another folder (whose quoted `--pre-include` is another file) has a prelude of its own.
    db.set_file_text("/elsewhere/pre.h", "#define PRE_SCALE 5.0f\n");
    let mc = db.set_file_text("/elsewhere/c.cu", a);
    let comp_c = Compilation::new(&db, mc, options, None);
    db.enable_query_log();
    let ptx_c = warpc_db::module_ptx(&db, comp_c).ptx.clone();
    assert!(db.take_query_log().iter().any(|q| q.starts_with("prelude_pp(")));
    assert!(ptx_c.contains("0f40A00000"), "5.0f from /elsewhere/pre.h:\n{ptx_c}");
}

/// The preamble's lowering state carries the alias templates its headers declare: a main file
/// naming one unqualified inside its namespace resolves it as one lowering does
/// (`Tags::alias_templates` was dropped when going on from the preamble).
#[test]
fn alias_templates_of_the_preamble_resolve_after_it() {
    let header = "namespace geo {\ntemplate <class T> using ptr = T *;\n}\n";
    let main = "#include \"alias.h\"\n\nnamespace geo {\n__device__ int read(ptr<int> p) { return *p; }\n}\n\
                __global__ void k(int *p) { *p = geo::read(p + 1); }\n";
    let mut db = Database::new();
    db.set_file_text("/virtual/alias.h", header);
    let m = db.set_file_text("/virtual/alias.cu", main);
    let comp = Compilation::new(&db, m, CompileOptions::default(), None);
    assert!(warpc_db::preamble(&db, comp).end > 0);
    assert!(warpc_db::preamble_item_tree(&db, comp).is_some(), "resumed");
    let items = warpc_db::item_tree_with_source_map(&db, comp);
    let whole = warpc_db::item_tree_without_preamble(&db, comp);
    assert_eq!(items, &whole);
    let diags = warpc_db::diagnostics(&db, comp);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
}
