//! The language server's analyses are incremental: after a one-character edit inside one
//! function of a 5,000-line file, recomputing the diagnostics and the PTX re-runs the
//! per-function queries of that function only (asserted with the database's query log).

use salsa::plumbing::AsId;
use warpc_base::{CompileOptions, TextSize};
use warpc_db::{Database, Function};
use warpc_hir::ty::FnId;
use warpc_ide::AnalysisHost;

const KERNELS: usize = 100;

fn source(edited: Option<usize>) -> String {
    let mut s = String::from("// generated: 100 kernels of 50 lines\n#define SCALE 2.0f\n");
    for k in 0..KERNELS {
        s.push_str(&format!("extern \"C\" __global__ void k{k}(float *p, int n) {{\n"));
        s.push_str("  int t = blockIdx.x * blockDim.x + threadIdx.x;\n  if (t >= n) return;\n  float acc = 0.0f;\n");
        for j in 0..44 {
            let c = if Some(k) == edited && j == 3 { 4 } else { j };
            s.push_str(&format!("  acc += p[(t + {j}) % n] * {c}.0f;\n"));
        }
        s.push_str("  p[t] = acc * SCALE;\n}\n");
    }
    s
}

fn fn_key(db: &Database, comp: warpc_db::Compilation, name: &str) -> String {
    let defs = warpc_db::def_map(db, comp);
    let f = FnId(defs.functions.iter().position(|f| f.name == name).unwrap() as u32);
    format!("{:?}", Function::new(db, comp, f).as_id())
}

#[test]
fn one_character_edit_reruns_one_function() {
    let text = source(None);
    assert!(text.lines().count() >= 5000, "{}", text.lines().count());
    let mut host = AnalysisHost::new(CompileOptions::default(), None);
    let file = host.set_file_text("/virtual/big.cu", &text);
    host.add_main_file(file);
    host.db().enable_query_log();
    {
        let a = host.analysis();
        let diags = a.diagnostics(file).unwrap();
        assert!(diags.iter().all(|(_, d)| d.is_empty()), "{diags:?}");
        let ptx = a.ptx(file, None).unwrap();
        assert!(ptx.ptx.contains(".entry k99("));
    }
    let cold = host.db().take_query_log();
    assert!(cold.iter().filter(|q| q.starts_with("fn_ptx(")).count() >= KERNELS);

    // One character inside k50.
    let edited = source(Some(50));
    assert_eq!(edited.len(), text.len());
    host.set_file_text("/virtual/big.cu", &edited);
    let start = std::time::Instant::now();
    let offset = TextSize::from(edited.find("void k50(").unwrap() as u32 + 200);
    {
        let a = host.analysis();
        let diags = a.diagnostics(file).unwrap();
        assert!(diags.iter().all(|(_, d)| d.is_empty()));
        eprintln!("diagnostics after the edit: {:?}", start.elapsed());
        let ptx = a.ptx(file, Some(offset)).unwrap();
        assert_eq!(ptx.function.as_deref(), Some("k50"));
        assert!(ptx.ptx.contains("4.0") || ptx.ptx.contains("0f40800000"), "{}", ptx.ptx);
        eprintln!("+ ptx: {:?}", start.elapsed());
        let hover = a
            .hover(warpc_ide::FilePosition {
                file,
                offset: TextSize::from(edited.find("void k50(").unwrap() as u32 + 5),
            })
            .unwrap();
        assert!(hover.unwrap().markdown.contains("k50"));
    }
    let elapsed = start.elapsed();
    let log = host.db().take_query_log();
    let comp = host.analysis().compilations()[0].1;
    let k50 = fn_key(host.db(), comp, "k50");
    // Per-function queries other than the position-carrying syntax extract (the firewall, which
    // re-runs for every function and compares equal) ran for k50 only.
    let per_fn = [
        "fn_body_with_source_map(",
        "fn_body(",
        "fn_check(",
        "inline_closure(",
        "fn_ptx(",
    ];
    let ran: Vec<&String> = log.iter().filter(|q| per_fn.iter().any(|p| q.starts_with(p))).collect();
    assert!(!ran.is_empty());
    for q in &ran {
        assert!(
            q.ends_with(&format!("({k50})")),
            "re-ran for another function: {q}\nall: {ran:?}"
        );
    }
    assert_eq!(ran.iter().filter(|q| q.starts_with("fn_ptx(")).count(), 1, "{ran:?}");
    eprintln!("incremental diagnostics + ptx + hover after a one-character edit: {elapsed:?}");
}

/// Every request on the 5,000-line file, timed after a one-character edit (printed; the < 50 ms
/// bar of DESIGN.md is for release builds, these run unoptimized).
#[test]
fn requests_on_a_large_file() {
    let text = source(None);
    let mut host = AnalysisHost::new(CompileOptions::default(), None);
    let file = host.set_file_text("/virtual/big.cu", &text);
    host.add_main_file(file);
    let _ = host.analysis().diagnostics(file).unwrap();
    let edited = source(Some(70));
    host.set_file_text("/virtual/big.cu", &edited);
    let a = host.analysis();
    let at = |needle: &str, delta: usize| warpc_ide::FilePosition {
        file,
        offset: TextSize::from((edited.find(needle).unwrap() + delta) as u32),
    };
    let time = |what: &str, f: &mut dyn FnMut() -> usize| {
        let t = std::time::Instant::now();
        let n = f();
        eprintln!("{what:>18}: {:>8.1} ms ({n} results)", t.elapsed().as_secs_f64() * 1e3);
        assert!(n > 0 || what == "inlay hints", "{what}");
    };
    time("diagnostics", &mut || a.frontend_diagnostics(file).unwrap().len());
    time("hover", &mut || {
        a.hover(at("acc += p[(t + 7)", 7)).unwrap().into_iter().count()
    });
    time("definition", &mut || {
        a.goto_definition(at("acc += p[(t + 7)", 7)).unwrap().len()
    });
    time("references", &mut || {
        a.references(at("float acc", 6), true).unwrap().len()
    });
    time("completion", &mut || {
        a.completions(at("  p[t] = acc", 2)).unwrap().len()
    });
    time("semantic tokens", &mut || a.semantic_tokens(file).unwrap().len());
    time("document symbols", &mut || a.document_symbols(file).unwrap().len());
    time("workspace symbols", &mut || a.workspace_symbols("k7").unwrap().len());
    time("folding", &mut || a.folding_ranges(file).unwrap().len());
    time("inlay hints", &mut || a.inlay_hints(file, None).unwrap().len());
    time("ptx (function)", &mut || {
        a.ptx(file, Some(at("void k70(", 100).offset)).unwrap().ptx.len()
    });
}
