//! Incrementality, asserted by counting executed queries (salsa `WillExecute` events): an edit
//! inside one function body re-runs that function's body/check/codegen queries (and those of
//! functions that inline it) plus the module-level queries, and nothing else.

use salsa::plumbing::AsId;
use warpc_base::CompileOptions;
use warpc_db::{Compilation, Database, Function};
use warpc_hir::ty::FnId;

const SOURCE: &str = r#"
__device__ __noinline__ float scale(float v) { return v * 2.0f; }
__device__ float offset(float v) { return v + 1.0f; }
extern "C" __global__ void k1(float *p) { p[threadIdx.x] = scale(p[threadIdx.x]); }
extern "C" __global__ void k2(float *p) { p[threadIdx.x] = offset(p[threadIdx.x]); }
extern "C" __global__ void k3(int *p) { p[threadIdx.x] += 3; }
"#;

fn fn_named(db: &Database, comp: Compilation, name: &str) -> FnId {
    let defs = warpc_db::def_map(db, comp);
    FnId(
        defs.functions
            .iter()
            .position(|f| f.name == name)
            .unwrap_or_else(|| panic!("no function {name}")) as u32,
    )
}

fn key(db: &Database, comp: Compilation, name: &str) -> String {
    format!("{:?}", Function::new(db, comp, fn_named(db, comp, name)).as_id())
}

/// Executed per-function queries, as `query(function name)`, sorted; module-level queries as is.
fn executed(db: &Database, comp: Compilation, log: Vec<String>) -> Vec<String> {
    let names: Vec<(String, String)> = ["scale", "offset", "k1", "k2", "k3"]
        .iter()
        .map(|n| (key(db, comp, n), n.to_string()))
        .collect();
    let mut out: Vec<String> = log
        .into_iter()
        .map(|entry| {
            let Some((query, arg)) = entry.split_once('(') else {
                return entry;
            };
            let arg = arg.strip_suffix(')').unwrap_or(arg);
            match names.iter().find(|(id, _)| id == arg) {
                Some((_, name)) => format!("{query}({name})"),
                None => query.to_string(),
            }
        })
        .collect();
    out.sort();
    out
}

fn compile(db: &Database, comp: Compilation) -> String {
    assert!(
        warpc_db::diagnostics(db, comp).is_empty(),
        "{:?}",
        warpc_db::diagnostics(db, comp)
    );
    warpc_db::module_ptx(db, comp).ptx.clone()
}

#[test]
fn editing_one_body_reruns_only_that_function() {
    let mut db = Database::new();
    let main = db.set_file_text("/virtual/k.cu", SOURCE);
    let comp = Compilation::new(&db, main, CompileOptions::default(), None);
    let before = compile(&db, comp);
    assert!(before.contains(".entry k3"));

    db.enable_query_log();
    // Change only k3's body.
    db.set_file_text("/virtual/k.cu", &SOURCE.replace("+= 3", "+= 4"));
    let after = compile(&db, comp);
    assert!(after.contains("4;") || after != before, "the edit must reach the PTX");
    let log = executed(&db, comp, db.take_query_log());
    let per_function: Vec<&String> = log.iter().filter(|q| q.contains('(')).collect();
    let touched: Vec<&String> = per_function
        .iter()
        .copied()
        .filter(|q| !q.starts_with("fn_syntax"))
        .collect();
    assert_eq!(
        touched,
        vec![
            "fn_body(k3)",
            "fn_body_with_source_map(k3)",
            "fn_check(k3)",
            "fn_file(k3)",
            "fn_ptx(k3)",
            "inline_closure(k3)"
        ],
        "full log: {log:#?}"
    );
    assert!(
        !log.contains(&"def_map".to_string()),
        "def_map must not re-run: {log:#?}"
    );
    assert!(log.contains(&"module_ptx".to_string()));
}

#[test]
fn editing_an_inlined_callee_recompiles_its_callers() {
    let mut db = Database::new();
    let main = db.set_file_text("/virtual/k.cu", SOURCE);
    let comp = Compilation::new(&db, main, CompileOptions::default(), None);
    compile(&db, comp);
    db.enable_query_log();
    db.set_file_text("/virtual/k.cu", &SOURCE.replace("v + 1.0f", "v + 2.0f"));
    compile(&db, comp);
    let log = executed(&db, comp, db.take_query_log());
    let ptx: Vec<&String> = log.iter().filter(|q| q.starts_with("fn_ptx(")).collect();
    assert_eq!(ptx, vec!["fn_ptx(k2)"], "offset is inlined into k2 only: {log:#?}");
    let checks: Vec<&String> = log.iter().filter(|q| q.starts_with("fn_check(")).collect();
    assert_eq!(checks, vec!["fn_check(offset)"]);
}

#[test]
fn whitespace_edit_above_a_function_reruns_no_codegen() {
    let mut db = Database::new();
    let main = db.set_file_text("/virtual/k.cu", SOURCE);
    let comp = Compilation::new(&db, main, CompileOptions::default(), None);
    let before = compile(&db, comp);
    db.enable_query_log();
    db.set_file_text("/virtual/k.cu", &format!("\n\n// moved\n{SOURCE}"));
    let after = compile(&db, comp);
    assert_eq!(before, after);
    let log = executed(&db, comp, db.take_query_log());
    assert!(
        log.iter()
            .all(|q| !q.starts_with("fn_ptx") && !q.starts_with("fn_check") && !q.starts_with("fn_body(")),
        "{log:#?}"
    );
}

const TEMPLATE_SOURCE: &str = r#"
template <typename T> __device__ __noinline__ T scale(T v) { return v * T(2); }
extern "C" __global__ void k1(float *p) { p[threadIdx.x] = scale(p[threadIdx.x]); }
extern "C" __global__ void k2(int *p) { p[threadIdx.x] = scale<int>(p[threadIdx.x]); }
extern "C" __global__ void k3(int *p) { p[threadIdx.x] += 3; }
"#;

/// Executed per-function queries named by the function's symbol (instances share a name).
fn executed_by_symbol(db: &Database, comp: Compilation, log: Vec<String>) -> Vec<String> {
    let defs = warpc_db::def_map(db, comp);
    let names: Vec<(String, String)> = (0..defs.functions.len() as u32)
        .map(|i| {
            (
                format!("{:?}", Function::new(db, comp, FnId(i)).as_id()),
                defs.functions[i as usize].link_name.to_string(),
            )
        })
        .collect();
    let mut out: Vec<String> = log
        .into_iter()
        .filter_map(|entry| {
            let (query, arg) = entry.split_once('(')?;
            let arg = arg.strip_suffix(')').unwrap_or(arg);
            let (_, name) = names.iter().find(|(id, _)| id == arg)?;
            (!query.starts_with("fn_syntax")).then(|| format!("{query}({name})"))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn editing_a_function_template_reruns_only_its_instances() {
    let mut db = Database::new();
    let main = db.set_file_text("/virtual/t.cu", TEMPLATE_SOURCE);
    let comp = Compilation::new(&db, main, CompileOptions::default(), None);
    let before = compile(&db, comp);
    assert!(
        before.contains("_Z5scaleIfET_S0_") && before.contains("_Z5scaleIiET_S0_"),
        "{before}"
    );

    db.enable_query_log();
    db.set_file_text("/virtual/t.cu", &TEMPLATE_SOURCE.replace("v * T(2)", "v * T(3)"));
    let after = compile(&db, comp);
    assert_ne!(before, after);
    let log = db.take_query_log();
    assert!(
        log.iter().any(|q| q.starts_with("def_map(")),
        "the instantiation fixed point re-runs: {log:#?}"
    );
    let touched = executed_by_symbol(&db, comp, log);
    let mut expected: Vec<String> = ["fn_body", "fn_body_with_source_map", "fn_check", "fn_file", "fn_ptx"]
        .iter()
        .flat_map(|q| [format!("{q}(_Z5scaleIfET_S0_)"), format!("{q}(_Z5scaleIiET_S0_)")])
        .collect();
    // Callers keep their THIR; their codegen sees the instances' new bodies (LLVM may inline).
    expected.extend([
        "inline_closure(_Z5scaleIfET_S0_)".to_string(),
        "inline_closure(_Z5scaleIiET_S0_)".to_string(),
    ]);
    expected.extend(["inline_closure(k1)".to_string(), "inline_closure(k2)".to_string()]);
    expected.extend(["fn_ptx(k1)".to_string(), "fn_ptx(k2)".to_string()]);
    expected.sort();
    let unexpected: Vec<&String> = touched.iter().filter(|q| !expected.contains(q)).collect();
    assert!(
        unexpected.is_empty(),
        "only the instances' queries may re-run; also ran: {unexpected:#?}\nall: {touched:#?}"
    );
    assert!(
        touched.iter().any(|q| q == "fn_check(_Z5scaleIfET_S0_)")
            && touched.iter().any(|q| q == "fn_check(_Z5scaleIiET_S0_)")
    );
    assert!(
        !touched.iter().any(|q| q.contains("(k3)")),
        "k3 is unrelated: {touched:#?}"
    );
}

/// With the real system headers: an edit inside a host function's body (which device code
/// never reaches) re-runs neither the def map nor any device function's queries; the reach walk
/// runs again but finds the same declarations.
#[test]
fn editing_a_host_body_with_real_headers_rebuilds_nothing_for_the_device() {
    let search = warpc_base::toolchain::HeaderSearch::discover(None, None, &[]);
    if search.host_dirs.is_empty() {
        panic!("a host compiler (g++) is needed for this test: {:?}", search.notes);
    }
    let source = format!(
        "#include <vector>\n#include <cstdio>\n{SOURCE}\nint main() {{ std::vector<float> v(8); printf(\"%zu\\n\", v.size()); return 0; }}\n"
    );
    let mut db = Database::new();
    let main = db.set_file_text("/virtual/host.cu", &source);
    let options = CompileOptions {
        header_search: search,
        ..CompileOptions::default()
    };
    let comp = Compilation::new(&db, main, options, None);
    let before = compile(&db, comp);
    db.enable_query_log();
    db.set_file_text("/virtual/host.cu", &source.replace("v(8)", "v(16)"));
    let after = compile(&db, comp);
    assert_eq!(before, after);
    let log = executed(&db, comp, db.take_query_log());
    assert!(log.contains(&"device_reach".to_string()), "{log:#?}");
    assert!(
        !log.contains(&"def_map".to_string()),
        "def_map must not re-run: {log:#?}"
    );
    assert!(
        log.iter()
            .all(|q| !q.starts_with("fn_ptx") && !q.starts_with("fn_check") && !q.starts_with("fn_body(")),
        "{log:#?}"
    );
}

/// A file of 200 kernels: kernel 7 takes a `Q`, the others a `P`, each with its own device
/// helper. `extra` is inserted above the kernels.
fn two_hundred_kernels(q_fields: &str, extra: &str) -> String {
    let mut s = format!("struct P {{ float x, y; }};\nstruct Q {{ {q_fields} }};\n{extra}");
    for i in 0..200 {
        if i == 7 {
            s += &format!("extern \"C\" __global__ void k{i}(Q *q, float *o) {{ o[threadIdx.x] = q[threadIdx.x].a * {i}.0f + q[threadIdx.x].b; }}\n");
        } else {
            s += &format!(
                "__device__ float f{i}(float v) {{ return v * {i}.5f + 1.0f; }}\n\
                 extern \"C\" __global__ void k{i}(P *p, float *o) {{ o[threadIdx.x] = f{i}(p[threadIdx.x].x) + p[threadIdx.x].y; }}\n"
            );
        }
    }
    s
}

/// Compiles `text` in a fresh database (a new process) sharing `store`: the LLVM runs it took,
/// and the PTX.
fn compile_with_store(store: &std::sync::Arc<warpc_db::cache::MemoryStore>, text: &str) -> (usize, String) {
    let mut db = Database::new();
    db.set_ptx_store(Some(store.clone()));
    let main = db.set_file_text("/virtual/many.cu", text);
    let comp = Compilation::new(&db, main, CompileOptions::default(), None);
    let before = db.codegen_counts();
    let ptx = compile(&db, comp);
    (db.codegen_counts().llvm_runs - before.llvm_runs, ptx)
}

#[test]
fn editing_a_struct_used_by_one_of_200_kernels_recompiles_that_kernel_only() {
    let store = std::sync::Arc::new(warpc_db::cache::MemoryStore::default());
    let (runs, _) = compile_with_store(&store, &two_hundred_kernels("float a; int b;", ""));
    assert_eq!(runs, 200, "one LLVM run per kernel (the helpers are inlined)");
    let edited = two_hundred_kernels("float a; int pad; int b;", "");
    let (runs, ptx) = compile_with_store(&store, &edited);
    assert_eq!(runs, 1, "only k7 uses Q");
    // The hit is right: the same PTX as without the cache, with Q's new layout (b at offset 8).
    let mut db = Database::new();
    let main = db.set_file_text("/virtual/many.cu", &edited);
    let fresh = compile(&db, Compilation::new(&db, main, CompileOptions::default(), None));
    assert_eq!(ptx, fresh);
    let k7 = &ptx[ptx.find(".entry k7(").unwrap()..];
    assert!(k7[..k7.find("\n}").unwrap()].contains("+8]"), "{k7}");
}

#[test]
fn inserting_a_function_above_200_kernels_recompiles_nothing_else() {
    let store = std::sync::Arc::new(warpc_db::cache::MemoryStore::default());
    let (runs, before) = compile_with_store(&store, &two_hundred_kernels("float a; int b;", ""));
    assert_eq!(runs, 200);
    let inserted = "extern \"C\" __global__ void k_new(float *o) { o[0] = 1.0f; }\n";
    let (runs, after) = compile_with_store(&store, &two_hundred_kernels("float a; int b;", inserted));
    assert_eq!(runs, 1, "only the new kernel is compiled");
    assert!(after.contains(".entry k_new("));
    let old_kernels = |ptx: &str| ptx[ptx.find(".entry k0(").unwrap()..].to_string();
    assert_eq!(
        old_kernels(&before),
        old_kernels(&after),
        "the old kernels' PTX is unchanged"
    );
}
