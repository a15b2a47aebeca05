//! Parallel codegen is deterministic: every C conformance file compiled with `prefetch_ptx` on a
//! 1-thread rayon pool and on a 4-thread pool gives byte-identical PTX (fresh database each).

use std::sync::Arc;

use warpc_base::CompileOptions;
use warpc_db::{Compilation, Database};
use warpc_testkit::{conformance_files, Oracles};

fn compile_on(threads: usize, path: &std::path::Path, libdevice: &Arc<[u8]>) -> String {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    pool.install(|| {
        let mut db = Database::new();
        let text = std::fs::read_to_string(path).expect("read source");
        let main = db.set_file_text(path, &text);
        let comp = Compilation::new(&db, main, CompileOptions::default(), Some(libdevice.clone()));
        let diags = warpc_db::diagnostics(&db, comp);
        assert!(!diags.iter().any(|d| d.is_error()), "{}: {diags:?}", path.display());
        warpc_db::prefetch_ptx(&db, comp);
        assert!(
            warpc_db::codegen_diagnostics(&db, comp).is_empty(),
            "{}",
            path.display()
        );
        warpc_db::module_ptx(&db, comp).ptx.clone()
    })
}

#[test]
fn parallel_and_serial_codegen_give_identical_ptx() {
    let libdevice: Arc<[u8]> = std::fs::read(&Oracles::require().libdevice)
        .expect("read libdevice")
        .into();
    let files = conformance_files("c");
    assert!(!files.is_empty(), "no conformance/c files");
    for path in &files {
        let serial = compile_on(1, path, &libdevice);
        let parallel = compile_on(4, path, &libdevice);
        assert!(serial.contains(".entry"), "{}: no kernels", path.display());
        assert!(
            serial == parallel,
            "{}: PTX differs between 1 and 4 threads",
            path.display()
        );
    }
}
