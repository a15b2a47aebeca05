//! End-to-end checks of the oracles themselves: NVRTC compiles the conformance saxpy, ptxas accepts
//! its PTX and reports registers, nvcc and nvdisasm run. These need `cargo xtask setup`.

use warpc_testkit::{conformance_files, ptx_entries, shared_dir, Oracles};

fn saxpy_source() -> (std::path::PathBuf, String) {
    let path = shared_dir().join("conformance/c/01_saxpy.cu");
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    (path, source)
}

#[test]
fn ptxas_accepts_nvrtc_saxpy_and_reports_registers() {
    let oracles = Oracles::require();
    let (_, source) = saxpy_source();
    let ptx = oracles.nvrtc_ptx(&source, "01_saxpy.cu", &["-arch=sm_90"]).unwrap();

    let entries = ptx_entries(&ptx);
    let names: Vec<_> = entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["saxpy", "daxpy_grid_stride"]);
    assert_eq!(entries[0].normalized_params(), ["b32", "b32", "b64", "b64"]);

    let report = oracles.ptxas(&ptx, "sm_90").unwrap();
    for name in ["saxpy", "daxpy_grid_stride"] {
        let stats = report
            .function(name)
            .unwrap_or_else(|| panic!("{name} missing:\n{}", report.log));
        assert!(stats.is_entry);
        assert!(stats.registers > 0, "{name}: {stats:?}");
        assert_eq!(stats.spills(), 0, "{name}: {stats:?}");
    }
}

#[test]
fn ptxas_rejects_bad_ptx_with_its_message() {
    let oracles = Oracles::require();
    let err = oracles.ptxas(".version 9.5\n.target sm_90\n.address_size 64\nbogus;\n", "sm_90");
    let err = err.unwrap_err();
    assert!(err.contains("error"), "{err}");
    assert!(err.contains("input.ptx, line 4"), "{err}");
}

#[test]
fn nvrtc_reports_compile_errors_and_is_thread_safe() {
    let oracles = Oracles::require();
    let err = oracles
        .nvrtc_ptx("__global__ void k() { undeclared = 1; }", "bad.cu", &[])
        .unwrap_err();
    assert!(err.contains("identifier \"undeclared\" is undefined"), "{err}");

    let (major, _) = oracles.nvrtc_version().unwrap();
    assert!(major >= 13);

    let threads: Vec<_> = (0..4)
        .map(|i| {
            let oracles = oracles.clone();
            std::thread::spawn(move || {
                let source = format!("extern \"C\" __global__ void k{i}(int *p) {{ p[0] = {i}; }}");
                oracles.nvrtc_ptx(&source, "t.cu", &["-arch=sm_90"]).unwrap()
            })
        })
        .collect();
    for (i, thread) in threads.into_iter().enumerate() {
        let ptx = thread.join().unwrap();
        assert_eq!(ptx_entries(&ptx)[0].name, format!("k{i}"));
    }
}

#[test]
fn nvcc_and_nvdisasm_agree_with_nvrtc_on_saxpy() {
    let oracles = Oracles::require();
    let (path, source) = saxpy_source();
    let nvcc = oracles.nvcc_ptx(&path, &["-arch=sm_90"]).unwrap();
    let nvrtc = oracles.nvrtc_ptx(&source, "01_saxpy.cu", &["-arch=sm_90"]).unwrap();
    assert_eq!(ptx_entries(&nvcc), ptx_entries(&nvrtc));

    let sass = oracles.sass(&nvrtc, "sm_90").unwrap();
    let saxpy = sass.function("saxpy").unwrap();
    assert!(saxpy.instructions > 5, "{saxpy:?}");
}

#[test]
fn conformance_corpus_is_found() {
    let c = conformance_files("c");
    assert!(
        c.iter().any(|p| p.ends_with("01_saxpy.cu")),
        "{c:?} in {}",
        shared_dir().display()
    );
    assert!(c.windows(2).all(|w| w[0] < w[1]));
}
