//! End to end on the shared conformance corpus: preprocess, parse, lower, check (the front end's
//! pure functions, without the database), then compile every kernel and every function still
//! called, assemble the module and assemble it with ptxas for sm_75 and sm_90.
//!
//! A file the front end rejects is reported and skipped (the front end is developed alongside);
//! for a file it accepts, codegen must succeed and ptxas must accept the module.
//!
//! Needs the front-end crates: `cargo test -p warpc-codegen --features conformance`.

#![cfg(feature = "conformance")]

mod common;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use warpc_base::{CompileOptions, FileId, OptLevel};
use warpc_codegen::{assemble_module, compile_function, compile_globals, FnInput, FnPtx};
use warpc_hir::thir::TypedBody;
use warpc_hir::ty::{ExecSpace, FnId, FnKind};

struct Loader {
    files: RefCell<Vec<(String, Arc<str>)>>,
    dir: PathBuf,
}

impl Loader {
    fn add(&self, name: String, text: Arc<str>) -> FileId {
        let mut files = self.files.borrow_mut();
        if let Some(i) = files.iter().position(|(n, _)| *n == name) {
            return FileId(i as u32);
        }
        files.push((name, text));
        FileId(files.len() as u32 - 1)
    }
}

impl warpc_pp::FileLoader for Loader {
    fn text(&self, file: FileId) -> Arc<str> {
        self.files.borrow()[file.0 as usize].1.clone()
    }
    fn display_name(&self, file: FileId) -> String {
        self.files.borrow()[file.0 as usize].0.clone()
    }
    fn resolve_include(&self, _includer: FileId, spelled: &str, angled: bool, _next: bool) -> Option<FileId> {
        if !angled {
            let p = self.dir.join(spelled);
            if let Ok(text) = std::fs::read_to_string(&p) {
                return Some(self.add(p.display().to_string(), text.into()));
            }
        }
        let text = warpc_pp::builtin_header(spelled)?;
        Some(self.add(format!("<builtin>/{spelled}"), text.into()))
    }
}

pub struct Frontend {
    pub defs: warpc_hir::DefMap,
    pub bodies: Vec<(FnId, TypedBody)>,
    pub errors: Vec<String>,
}

pub fn frontend(path: &Path, opts: &CompileOptions) -> Frontend {
    let loader = Loader {
        files: RefCell::new(Vec::new()),
        dir: path.parent().unwrap().to_path_buf(),
    };
    let main = loader.add(
        path.display().to_string(),
        std::fs::read_to_string(path).unwrap().into(),
    );
    let pp = warpc_pp::preprocess(main, &loader, opts);
    let mut errors: Vec<String> = pp
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect();
    let text = |f: FileId| warpc_pp::FileLoader::text(&loader, f);
    let parse = warpc_syntax::parse_tu(&pp.pieces, main, &text);
    errors.extend(
        parse
            .errors
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.message.clone()),
    );
    let (tree, _, lds) = warpc_hir::lower::lower_item_tree(&parse);
    errors.extend(
        lds.iter()
            .filter(|d| d.is_error())
            .map(|d| d.message.clone()),
    );
    let defs = warpc_hir::check::build_def_map(&tree, opts);
    errors.extend(
        defs.diagnostics
            .iter()
            .filter(|d| d.severity == warpc_base::Severity::Error)
            .map(|d| d.message.clone()),
    );
    let mut bodies = Vec::new();
    for (bi, (f, file, _)) in parse.all_fn_syntax().into_iter().enumerate() {
        let Some(fid) = defs
            .functions
            .iter()
            .position(|f| f.body_index == Some(bi as u32))
        else {
            continue;
        };
        let decl = &defs.functions[fid];
        if !decl.space.runs_on_device() || decl.kind != FnKind::Normal {
            continue;
        }
        let (body, _, bds) = warpc_hir::lower::lower_body(&f, file);
        errors.extend(
            bds.iter()
                .filter(|d| d.is_error())
                .map(|d| d.message.clone()),
        );
        let (tb, diags) = warpc_hir::check::check_body(&defs, FnId(fid as u32), &body, opts);
        errors.extend(
            diags
                .iter()
                .filter(|d| d.severity == warpc_base::Severity::Error)
                .map(|d| format!("{}: {}", decl.name, d.message)),
        );
        bodies.push((FnId(fid as u32), tb));
    }
    Frontend {
        defs,
        bodies,
        errors,
    }
}

/// Kernels plus everything they still call, compiled and assembled (as `module_ptx` does).
pub fn compile_module(fe: &Frontend, opts: &CompileOptions) -> Result<String, String> {
    let inputs: Vec<FnInput> = fe
        .bodies
        .iter()
        .map(|(id, body)| FnInput { id: *id, body })
        .collect();
    let mut work: Vec<FnId> = fe
        .bodies
        .iter()
        .map(|b| b.0)
        .filter(|id| fe.defs.function(*id).space == ExecSpace::Global)
        .collect();
    let mut done: Vec<FnPtx> = Vec::new();
    let mut i = 0;
    while i < work.len() {
        let main = *inputs.iter().find(|f| f.id == work[i]).unwrap();
        let callees: Vec<FnInput> = inputs.iter().filter(|f| f.id != main.id).copied().collect();
        let p = compile_function(&fe.defs, main, &callees, opts, common::libdevice());
        if !p.diagnostics.is_empty() {
            return Err(format!("{}: {:?}", p.link_name, p.diagnostics));
        }
        for c in &p.calls {
            if let Some(f) = fe
                .bodies
                .iter()
                .find(|b| fe.defs.function(b.0).link_name == c.as_str())
            {
                if !work.contains(&f.0) {
                    work.push(f.0);
                }
            }
        }
        done.push(p);
        i += 1;
    }
    let g = compile_globals(&fe.defs, opts);
    if !g.diagnostics.is_empty() {
        return Err(format!("globals: {:?}", g.diagnostics));
    }
    let refs: Vec<&FnPtx> = done.iter().collect();
    Ok(assemble_module(opts, &g, &refs))
}

fn run_corpus(sub: &str) {
    let files = warpc_testkit::conformance_files(sub);
    if files.is_empty() {
        eprintln!(
            "no conformance files found in {}",
            warpc_testkit::shared_dir().display()
        );
        return;
    }
    let mut report = Vec::new();
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (arch, opt) in [
            ("sm_75", OptLevel::O0),
            ("sm_80", OptLevel::O2),
            ("sm_90", OptLevel::O3),
        ] {
            let opts = common::options_o(arch, opt);
            let fe = frontend(path, &opts);
            if !fe.errors.is_empty() {
                report.push(format!("{name}: front end: {}", fe.errors[0]));
                break;
            }
            match compile_module(&fe, &opts) {
                Err(e) => failures.push(format!("{name} ({arch}): codegen: {e}")),
                Ok(ptx) => {
                    if let Err(e) = common::oracles().ptxas(&ptx, arch) {
                        failures.push(format!("{name} ({arch}): ptxas: {e}\n{ptx}"));
                    } else if arch == "sm_90" {
                        report.push(format!("{name}: ok"));
                    }
                }
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn conformance_c_files_compile_and_assemble() {
    run_corpus("c");
}

#[test]
fn conformance_cxx_and_program_files_compile_and_assemble() {
    run_corpus("cxx");
    run_corpus("program");
}

fn options(arch: &str) -> CompileOptions {
    common::options(arch)
}

/// Registers and spills per kernel, warpc vs nvcc (`cargo test -p warpc-codegen --test conformance
/// -- --ignored --nocapture`): a quality report, not a pass/fail check.
#[test]
#[ignore]
fn conformance_register_report() {
    let arch = "sm_90";
    let opts = options(arch);
    let o = common::oracles();
    let (mut ours_total, mut theirs_total) = (0u32, 0u32);
    for path in warpc_testkit::conformance_files("c") {
        let fe = frontend(&path, &opts);
        if !fe.errors.is_empty() {
            continue;
        }
        let Ok(ptx) = compile_module(&fe, &opts) else {
            continue;
        };
        let ours = o.ptxas(&ptx, arch).unwrap();
        let Ok(ref_ptx) = o.nvcc_ptx(&path, &["-arch=sm_90", "-O3"]) else {
            continue;
        };
        let theirs = o.ptxas(&ref_ptx, arch).unwrap();
        for f in ours.entries() {
            if let Some(t) = theirs.function(&f.name) {
                ours_total += f.registers;
                theirs_total += t.registers;
                eprintln!(
                    "{:<40} regs {:>3} vs {:>3}  spills {} vs {}  stack {} vs {}",
                    f.name,
                    f.registers,
                    t.registers,
                    f.spills(),
                    t.spills(),
                    f.stack_frame,
                    t.stack_frame
                );
            }
        }
    }
    eprintln!("total registers: warpc {ours_total}, nvcc {theirs_total}");
}

/// Prints our module for one conformance file (`WARPC_FILE=04_histogram.cu`).
#[test]
#[ignore]
fn conformance_dump() {
    let Ok(name) = std::env::var("WARPC_FILE") else {
        return;
    };
    let path = warpc_testkit::shared_dir().join("conformance/c").join(name);
    let opts = options("sm_90");
    let fe = frontend(&path, &opts);
    assert!(fe.errors.is_empty(), "{:?}", fe.errors);
    eprintln!("{}", compile_module(&fe, &opts).unwrap());
}
