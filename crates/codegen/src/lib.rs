//! Lowering of typed bodies (THIR) to NVVM IR with inkwell, LLVM optimization, NVPTX emission,
//! and PTX module assembly.
//!
//! This crate is Phase II of the pipeline in `DESIGN.md`: every entry point is a pure function
//! over owned inputs that creates its own LLVM context, and no LLVM object outlives the call, so
//! the results can be salsa query values and independent functions can compile in parallel.
//!
//! - [`compile_function`]: one function to a [`FnPtx`]: its PTX definition, its prototype, the
//!   module-level pieces it needs (`.extern` declarations, and definitions it brings along:
//!   function-scope `__shared__`/`static` variables, string literals, libdevice tables and helper
//!   functions), and the functions it still calls after optimization. The callees it may inline
//!   are given as bodies and emitted `available_externally`.
//! - [`compile_globals`]: the PTX definitions of the translation unit's device-side variables.
//! - [`assemble_module`]: one PTX module from the pieces, with deterministic bytes.
//! - [`emit_llvm_module`]: the textual LLVM IR of a whole translation unit (`--emit=llvm`).
//!
//! Internals: [`ir`] (LLVM-C builder helpers), [`types`] (type lowering and layout),
//! `lower` (module context: declarations, ABI, globals), `func` (statements and expressions),
//! `builtins` (the body-less builtins of `docs/builtins.md`), `consts` (initializers),
//! `libdevice` (linking and NVVM reflect), `target` (target machine, pipeline, emission),
//! `ptx` (reading LLVM's PTX, writing modules) and `remat` (predicates recomputed in the blocks
//! that use them). `run_pipeline` is the one LLVM sequence every entry point goes through.
//!
//! IR conventions follow cicc and clang (see `lower` and `func` for details): triple
//! `nvptx64-nvidia-cuda`, the NVPTX target machine's data layout, kernels in the `ptx_kernel`
//! calling convention with `nvvm.maxntid`/`nvvm.minctasm` attributes, address spaces 1/3/4 for
//! `__device__`/`__shared__`/`__constant__` accessed through generic pointers, builtin variables
//! as `llvm.nvvm.read.ptx.sreg.*`, `printf` as `vprintf`, libdevice `__nv_*` functions linked and
//! internalized, `__nvvm_reflect` answered from the options.
//!
//! `-maxrregcount` is not part of the PTX (nvcc passes it to ptxas; so must the driver).

mod atomics;
mod builtins;
mod consts;
mod func;
mod ir;
mod libdevice;
mod lower;
mod mma;
mod ptx;
mod remat;
mod target;
pub use target::llvm_args;
mod texsurf;
mod types;

use inkwell::context::Context;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMLinkage;
use inkwell::module::Module;
use lower::{Mode, ModuleCtx};
use std::collections::BTreeSet;
use warpc_base::{CompileOptions, Diagnostic, Severity};
use warpc_hir::thir::TypedBody;
use warpc_hir::ty::{ExecSpace, FnId, FnKind};
use warpc_hir::DefMap;

pub use warpc_base::Diagnostic as CodegenDiagnostic;

/// A function to compile: its id in the [`DefMap`] and its checked body.
#[derive(Copy, Clone, Debug)]
pub struct FnInput<'a> {
    pub id: FnId,
    pub body: &'a TypedBody,
}

/// A named top-level PTX item: an `.extern` declaration, a variable definition, or a helper
/// function definition (then `prototype` holds its declaration).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PtxSymbol {
    pub name: String,
    pub text: String,
    pub prototype: Option<String>,
}

/// The PTX of one function, with everything the module assembler needs to place it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FnPtx {
    pub link_name: String,
    pub is_kernel: bool,
    /// `.version` / `.target` / `.address_size` lines LLVM chose for the target.
    pub header: String,
    /// The definition (header, kernel directives, body). Empty when compilation failed.
    pub ptx: String,
    /// The declaration of a `.func` (`.func (.param .b32 func_retval0) name(...);`), written
    /// before the first body of a module; empty for kernels.
    pub prototype: String,
    /// `.extern` declarations the function's PTX relies on (callees, globals, `vprintf`,
    /// dynamic shared memory), deduplicated and stripped by the assembler when defined.
    pub externs: Vec<PtxSymbol>,
    /// Module-level definitions the function brings: function-scope `__shared__`/`static`
    /// variables (also those of inlined callees), string literals, libdevice tables and
    /// noinline libdevice helpers. Identical ones from several functions are emitted once.
    pub defs: Vec<PtxSymbol>,
    /// Link names of functions still called (or referenced) after optimization, sorted: their
    /// PTX must be in the same module.
    pub calls: Vec<String>,
    pub uses_vprintf: bool,
    pub diagnostics: Vec<Diagnostic>,
}

impl FnPtx {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_error())
    }
}

/// The PTX of a translation unit's device-side variables.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GlobalsPtx {
    /// `.version` / `.target` / `.address_size` lines for the target.
    pub header: String,
    /// `.extern` declarations (`extern __shared__` arrays, `extern` variables, functions whose
    /// addresses initializers take).
    pub externs: Vec<PtxSymbol>,
    /// Definitions, in declaration order.
    pub defs: Vec<PtxSymbol>,
    pub diagnostics: Vec<Diagnostic>,
}

fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Severity::Error, code, message, None)
}

fn panic_message(p: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// An LLVM context, module and builder for one call.
struct Llvm<'ctx> {
    module: Module<'ctx>,
    _builder: inkwell::builder::Builder<'ctx>,
    ir: ir::Ir,
}

fn new_llvm<'ctx>(context: &'ctx Context, name: &str, tm: &inkwell::targets::TargetMachine) -> Llvm<'ctx> {
    let module = context.create_module(name);
    target::configure(&module, tm);
    let builder = context.create_builder();
    let ir = ir::Ir {
        c: context.raw(),
        m: module.as_mut_ptr(),
        b: builder.as_mut_ptr(),
    };
    Llvm {
        module,
        _builder: builder,
        ir,
    }
}

/// What [`run_pipeline`] builds and does after lowering and verification.
struct Pipeline<'a> {
    /// The LLVM module's name.
    name: &'a str,
    /// What the verifier's message calls the IR ("the IR of 'f'").
    what: &'a str,
    /// The module defines the device-side variables (not only declares them).
    define_globals: bool,
    /// Link libdevice when the module calls `__nv_*` functions (the bitcode, if found) and
    /// answer `__nvvm_reflect`; `None` skips both.
    libdevice: Option<Option<&'a [u8]>>,
    /// Run the optimization pipeline of the options' level.
    optimize: bool,
}

/// The module after [`run_pipeline`], for emission or printing.
struct Piped<'p, 'ctx> {
    module: &'p Module<'ctx>,
    tm: &'p inkwell::targets::TargetMachine,
    ir: ir::Ir,
    diags: Vec<Diagnostic>,
    /// Lowering reported no error and every step succeeded.
    ok: bool,
}

impl Piped<'_, '_> {
    /// NVPTX assembly of the module, or an internal-error diagnostic in `diags`.
    fn emit(&mut self) -> Option<String> {
        match target::emit(self.module, self.tm) {
            Ok(text) => Some(text),
            Err(e) => {
                self.diags
                    .push(error("internal", format!("internal error: PTX emission failed: {e}")));
                None
            }
        }
    }
}

/// The LLVM pipeline of every entry point: the target machine, a fresh context and module,
/// lowering by `lower`, then, stopping at the first error, the verifier, libdevice and reflect,
/// and optimization as `pipeline` says. `done` gets the result; `Err` is a target-machine failure.
fn run_pipeline<R>(
    defs: &DefMap,
    options: &CompileOptions,
    pipeline: &Pipeline,
    lower: impl FnOnce(&mut ModuleCtx),
    done: impl FnOnce(Piped) -> R,
) -> Result<R, String> {
    let tm = target::machine(options)?;
    let context = Context::create();
    let llvm = new_llvm(&context, pipeline.name, &tm);
    let ir = llvm.ir;
    let td = tm.get_target_data();
    let mut m = ModuleCtx::new(
        ir,
        types::Types::new(ir, td.as_mut_ptr(), defs),
        defs,
        options,
        pipeline.define_globals,
    );
    lower(&mut m);
    let mut diags = std::mem::take(&mut m.diags);
    let mut ok = !diags.iter().any(|d| d.is_error());
    if ok {
        if let Err(e) = llvm.module.verify() {
            diags.push(error(
                "internal",
                format!(
                    "internal error: LLVM verifier rejected {}: {}",
                    pipeline.what,
                    e.to_string().trim()
                ),
            ));
            ok = false;
        }
    }
    if ok {
        if let Some(libdevice) = pipeline.libdevice {
            if let Err(d) = link_libdevice(&m, libdevice) {
                diags.push(*d);
                ok = false;
            }
        }
    }
    if ok && pipeline.optimize {
        if let Err(e) = target::optimize(&llvm.module, &tm, options) {
            diags.push(error(
                "internal",
                format!("internal error: LLVM optimization failed: {e}"),
            ));
            ok = false;
        }
    }
    Ok(done(Piped {
        module: &llvm.module,
        tm: &tm,
        ir,
        diags,
        ok,
    }))
}

/// [`run_pipeline`] to PTX text: the diagnostics (a target-machine failure among them) and the
/// PTX when every step succeeded. `before_emit` sees the optimized module first.
fn pipeline_ptx(
    defs: &DefMap,
    options: &CompileOptions,
    pipeline: &Pipeline,
    lower: impl FnOnce(&mut ModuleCtx),
    before_emit: impl FnOnce(ir::Ir),
) -> (Vec<Diagnostic>, Option<String>) {
    let run = run_pipeline(defs, options, pipeline, lower, |mut p| {
        let mut text = None;
        if p.ok {
            before_emit(p.ir);
            text = p.emit();
        }
        (p.diags, text)
    });
    run.unwrap_or_else(|e| (vec![error("target", e)], None))
}

/// Compiles one function to PTX. `callees` are the bodies of every function it may inline
/// (the transitive closure; emitted `available_externally`, only those actually referenced are
/// lowered). `libdevice` is the content of `libdevice.10.bc`, needed when the function (or an
/// inlined callee) calls a `__nv_*` function.
pub fn compile_function(
    defs: &DefMap,
    func: FnInput,
    callees: &[FnInput],
    options: &CompileOptions,
    libdevice: Option<&[u8]>,
) -> FnPtx {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        compile_function_inner(defs, func, callees, options, libdevice)
    }));
    match run {
        Ok(p) => p,
        Err(e) => {
            let decl = defs.functions.get(func.id.0 as usize);
            FnPtx {
                link_name: decl.map(|d| d.link_name.to_string()).unwrap_or_default(),
                is_kernel: decl.is_some_and(|d| d.space == ExecSpace::Global),
                diagnostics: vec![error(
                    "internal",
                    format!("internal error: codegen panicked: {}", panic_message(e)),
                )],
                ..FnPtx::default()
            }
        }
    }
}

fn compile_function_inner(
    defs: &DefMap,
    func: FnInput,
    callees: &[FnInput],
    options: &CompileOptions,
    libdevice: Option<&[u8]>,
) -> FnPtx {
    let Some(decl) = defs.functions.get(func.id.0 as usize) else {
        return FnPtx {
            diagnostics: vec![error("internal", "internal error: unknown function")],
            ..FnPtx::default()
        };
    };
    let is_kernel = decl.space == ExecSpace::Global;
    let mut out = FnPtx {
        link_name: decl.link_name.to_string(),
        is_kernel,
        ..FnPtx::default()
    };
    if decl.kind != FnKind::Normal || !decl.space.runs_on_device() {
        out.diagnostics.push(error(
            "internal",
            format!("internal error: '{}' is not a device function with a body", decl.name),
        ));
        return out;
    }
    let what = format!("the IR of '{}'", decl.name);
    let pipeline = Pipeline {
        name: &decl.link_name,
        what: &what,
        define_globals: false,
        libdevice: Some(libdevice),
        optimize: true,
    };
    let lower = |m: &mut ModuleCtx| {
        m.define(func.id, func.body, Mode::Main);
        // Callees that the code refers to, transitively.
        loop {
            let mut progress = false;
            for c in callees {
                if m.defined.contains_key(&c.id) || !m.is_referenced(c.id) {
                    continue;
                }
                let Some(cd) = defs.functions.get(c.id.0 as usize) else {
                    continue;
                };
                if cd.kind != FnKind::Normal || cd.space == ExecSpace::Global {
                    continue;
                }
                m.define(c.id, c.body, Mode::Inline);
                progress = true;
            }
            if !progress {
                break;
            }
        }
        m.finish();
    };
    let (diags, text) = pipeline_ptx(defs, options, &pipeline, lower, |ir| {
        (out.calls, out.uses_vprintf) = referenced_functions(ir);
    });
    out.diagnostics = diags;
    let Some(text) = text else {
        return out;
    };
    let parsed = ptx::parse(&text);
    out.header = parsed.header.join("\n");
    // Above O0, predicates used across blocks are recomputed where they are used (`remat`).
    let remat = |text: String| {
        if target::opt_level(options) > 0 {
            remat::predicates(&text)
        } else {
            text
        }
    };
    // A static kernel (or one in an anonymous namespace) is an `.entry` without `.visible`, as
    // nvcc emits it.
    let internal = if is_kernel {
        decl.is_static
    } else {
        !options.rdc || decl.is_static
    };
    // With -rdc, an inline function or a template instance may be defined by every translation
    // unit that uses it: `.weak`, as nvcc emits it (`.visible` would be a duplicate symbol at
    // link time).
    // A kernel template instance is `.weak .entry` too (explicit instantiations included).
    let weak = options.rdc
        && !internal
        && (decl.instance.is_some()
            || (!is_kernel
                && (decl.lambda.is_some()
                    || decl.declared_inline
                    || matches!(
                        decl.inline,
                        warpc_hir::ty::InlineHint::Inline | warpc_hir::ty::InlineHint::Force
                    ))));
    for item in parsed.items {
        match item.kind {
            ptx::ItemKind::FuncDef { .. } if item.name == out.link_name => {
                let mut text = remat(item.text);
                if internal {
                    text = ptx::strip_visible(&text);
                } else if weak {
                    text = format!(".weak {}", ptx::strip_visible(&text));
                }
                if !is_kernel {
                    out.prototype = ptx::prototype(&text);
                }
                if weak {
                    text = format!("\t// .weak\t{}\n{}", item.name, text);
                } else if text.starts_with(".visible") {
                    text = format!("\t// .globl\t{}\n{}", item.name, text);
                }
                out.ptx = text;
            }
            ptx::ItemKind::FuncDef { .. } => {
                let text = ptx::strip_visible(&remat(item.text));
                let proto = ptx::prototype(&text);
                out.defs.push(PtxSymbol {
                    name: item.name,
                    text,
                    prototype: Some(proto),
                });
            }
            ptx::ItemKind::Var => out.defs.push(PtxSymbol {
                name: item.name,
                text: ptx::strip_visible(&item.text),
                prototype: None,
            }),
            ptx::ItemKind::Extern => out.externs.push(PtxSymbol {
                name: item.name,
                text: item.text,
                prototype: None,
            }),
            ptx::ItemKind::FuncDecl => {}
        }
    }
    if out.ptx.is_empty() {
        out.diagnostics.push(error(
            "internal",
            format!("internal error: no PTX was produced for '{}'", decl.name),
        ));
    }
    out
}

/// Links libdevice when the module calls `__nv_*` functions, then answers `__nvvm_reflect`.
fn link_libdevice(m: &ModuleCtx, libdevice: Option<&[u8]>) -> Result<(), Box<Diagnostic>> {
    let ir = m.ir;
    let needed = libdevice::needed(ir.m);
    if !needed.is_empty() {
        let Some(bytes) = libdevice else {
            return Err(Box::new(error(
                "libdevice",
                format!(
                    "libdevice (libdevice.10.bc) is required for '{}' but was not found",
                    needed[0]
                ),
            )));
        };
        let linked = libdevice::link(ir.m, bytes).map_err(|e| Box::new(error("libdevice", e)))?;
        for name in linked {
            if let Some(f) = ir.get_function(&name) {
                m.fp_attrs(f);
            }
        }
    }
    libdevice::resolve_reflect(ir, m.options);
    Ok(())
}

fn is_emitted(f: ir::V) -> bool {
    unsafe { LLVMIsDeclaration(f) == 0 && LLVMGetLinkage(f) != LLVMLinkage::LLVMAvailableExternallyLinkage }
}

/// Functions that emitted code calls or whose address it takes but that the module does not
/// define (sorted), and whether it calls `vprintf`.
fn referenced_functions(ir: ir::Ir) -> (Vec<String>, bool) {
    let mut found = BTreeSet::new();
    let mut vprintf = false;
    let mut seen = rustc_hash::FxHashSet::default();
    fn visit(v: ir::V, seen: &mut rustc_hash::FxHashSet<usize>, found: &mut BTreeSet<String>, vprintf: &mut bool) {
        unsafe {
            if v.is_null() || !seen.insert(v as usize) {
                return;
            }
            if !LLVMIsAFunction(v).is_null() {
                let name = libdevice::name_of(v);
                if name == "vprintf" {
                    *vprintf = true;
                } else if !name.starts_with("llvm.") && !is_emitted(v) {
                    found.insert(name);
                }
                return;
            }
            if !LLVMIsAGlobalVariable(v).is_null() || LLVMIsAConstant(v).is_null() {
                return;
            }
            for i in 0..LLVMGetNumOperands(v).max(0) {
                visit(LLVMGetOperand(v, i as u32), seen, found, vprintf);
            }
        }
    }
    unsafe {
        let mut f = LLVMGetFirstFunction(ir.m);
        while !f.is_null() {
            if is_emitted(f) {
                let mut bb = LLVMGetFirstBasicBlock(f);
                while !bb.is_null() {
                    let mut inst = LLVMGetFirstInstruction(bb);
                    while !inst.is_null() {
                        for i in 0..LLVMGetNumOperands(inst).max(0) {
                            let op = LLVMGetOperand(inst, i as u32);
                            if !op.is_null() && LLVMIsAInstruction(op).is_null() {
                                visit(op, &mut seen, &mut found, &mut vprintf);
                            }
                        }
                        inst = LLVMGetNextInstruction(inst);
                    }
                    bb = LLVMGetNextBasicBlock(bb);
                }
            }
            f = LLVMGetNextFunction(f);
        }
    }
    (found.into_iter().collect(), vprintf)
}

/// The PTX definitions of the translation unit's device-side variables (`__device__`,
/// `__constant__`, namespace-scope `__shared__`), in declaration order, plus `.extern`
/// declarations for `extern __shared__` arrays and `extern` variables.
pub fn compile_globals(defs: &DefMap, options: &CompileOptions) -> GlobalsPtx {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compile_globals_inner(defs, options)));
    run.unwrap_or_else(|e| GlobalsPtx {
        diagnostics: vec![error(
            "internal",
            format!("internal error: codegen panicked: {}", panic_message(e)),
        )],
        ..GlobalsPtx::default()
    })
}

fn compile_globals_inner(defs: &DefMap, options: &CompileOptions) -> GlobalsPtx {
    let mut out = GlobalsPtx::default();
    let pipeline = Pipeline {
        name: "globals",
        what: "the globals",
        define_globals: true,
        libdevice: None,
        optimize: false,
    };
    let (diags, text) = pipeline_ptx(defs, options, &pipeline, |m| m.device_globals(), |_| {});
    out.diagnostics = diags;
    let Some(text) = text else {
        return out;
    };
    let parsed = ptx::parse(&text);
    out.header = parsed.header.join("\n");
    for item in parsed.items {
        match item.kind {
            ptx::ItemKind::Var => {
                let text = if options.rdc {
                    item.text
                } else {
                    ptx::strip_visible(&item.text)
                };
                out.defs.push(PtxSymbol {
                    name: item.name,
                    text,
                    prototype: None,
                });
            }
            ptx::ItemKind::Extern => out.externs.push(PtxSymbol {
                name: item.name,
                text: item.text,
                prototype: None,
            }),
            _ => {}
        }
    }
    out
}

/// `header` with its `.version` line raised to `isa` when it is older (never lowered).
fn raise_ptx_version(header: &str, (major, minor): (u32, u32)) -> String {
    header
        .lines()
        .map(|l| {
            let Some((m, n)) = l.strip_prefix(".version ").and_then(|v| v.trim().split_once('.')) else {
                return l.to_string();
            };
            match (m.parse::<u32>(), n.parse::<u32>()) {
                (Ok(m), Ok(n)) if (m, n) < (major, minor) => format!(".version {major}.{minor}"),
                _ => l.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn default_header(options: &CompileOptions) -> String {
    let Ok(tm) = target::machine(options) else {
        return format!(".version 7.8\n.target {}\n.address_size 64", options.arch.name());
    };
    let context = Context::create();
    let llvm = new_llvm(&context, "header", &tm);
    target::emit(&llvm.module, &tm)
        .map(|t| ptx::parse(&t).header.join("\n"))
        .unwrap_or_default()
}

/// One PTX module: header, `.extern` declarations still needed (deduplicated, without symbols
/// the module defines), prototypes of every `.func`, the globals, the variables the functions
/// bring (deduplicated by name; a clash of different definitions renames the later one), then
/// the function bodies in the given order followed by helper functions. Deterministic.
pub fn assemble_module(options: &CompileOptions, globals: &GlobalsPtx, functions: &[&FnPtx]) -> String {
    let header = if !globals.header.is_empty() {
        globals.header.clone()
    } else if let Some(f) = functions.iter().find(|f| !f.header.is_empty()) {
        f.header.clone()
    } else {
        default_header(options)
    };
    // Inline PTX is written for the toolkit's compiler, which writes its own ISA version: LLVM's
    // minimum for the target may be older than what the `asm` needs.
    let has_asm = functions.iter().any(|f| f.ptx.contains("// begin inline asm"));
    let header = match options.header_search.toolkit_ptx_isa() {
        Some(isa) if has_asm => raise_ptx_version(&header, isa),
        _ => header,
    };

    // Everything the module defines.
    let mut defined: BTreeSet<String> = BTreeSet::new();
    for g in &globals.defs {
        defined.insert(g.name.clone());
    }
    let mut bodies: Vec<&FnPtx> = Vec::new();
    for f in functions {
        if f.ptx.is_empty() || bodies.iter().any(|b| b.link_name == f.link_name) {
            continue;
        }
        defined.insert(f.link_name.clone());
        bodies.push(f);
    }
    // Function-owned definitions, deduplicated; clashing ones renamed per function.
    let mut all_names: BTreeSet<String> = defined.clone();
    for f in &bodies {
        for d in &f.defs {
            all_names.insert(d.name.clone());
        }
    }
    let mut owned: Vec<PtxSymbol> = Vec::new();
    let mut texts: Vec<(String, String, String)> = Vec::new(); // (link name, body, prototype)
    for f in &bodies {
        let mut renames: Vec<(String, String)> = Vec::new();
        for d in &f.defs {
            if let Some(existing) = owned.iter().find(|o| o.name == d.name) {
                if existing.text != d.text {
                    let mut k = 1;
                    let new = loop {
                        let cand = format!("{}$w{k}", d.name);
                        if !all_names.contains(&cand) {
                            break cand;
                        }
                        k += 1;
                    };
                    all_names.insert(new.clone());
                    renames.push((d.name.clone(), new));
                }
            } else if globals.defs.iter().any(|g| g.name == d.name) || bodies.iter().any(|b| b.link_name == d.name) {
                let new = format!("{}$w{}", d.name, owned.len() + 1);
                all_names.insert(new.clone());
                renames.push((d.name.clone(), new));
            }
        }
        let apply = |s: &str| {
            renames
                .iter()
                .fold(s.to_string(), |acc, (from, to)| ptx::rename_symbol(&acc, from, to))
        };
        for d in &f.defs {
            let renamed = PtxSymbol {
                name: renames
                    .iter()
                    .find(|r| r.0 == d.name)
                    .map(|r| r.1.clone())
                    .unwrap_or_else(|| d.name.clone()),
                text: apply(&d.text),
                prototype: d.prototype.as_deref().map(apply),
            };
            if !owned.iter().any(|o| o.name == renamed.name) {
                defined.insert(renamed.name.clone());
                owned.push(renamed);
            }
        }
        texts.push((f.link_name.clone(), apply(&f.ptx), f.prototype.clone()));
    }

    let mut out = String::new();
    out.push_str("//\n// Generated by warpc\n//\n\n");
    out.push_str(&header);
    out.push_str("\n\n");

    // `.extern` declarations of symbols defined elsewhere.
    let mut seen_ext: BTreeSet<String> = BTreeSet::new();
    let externs = globals
        .externs
        .iter()
        .chain(bodies.iter().flat_map(|f| f.externs.iter()));
    let mut any = false;
    for e in externs {
        if defined.contains(&e.name) || !seen_ext.insert(e.name.clone()) {
            continue;
        }
        out.push_str(&e.text);
        out.push('\n');
        any = true;
    }
    if any {
        out.push('\n');
    }

    // Prototypes of every `.func` defined here, and of each kernel whose address an earlier
    // body takes (a launch from device code, `-rdc=true`), as nvcc forward-declares them.
    let mut any = false;
    for (i, (name, body, proto)) in texts.iter().enumerate() {
        if !proto.is_empty() {
            out.push_str(proto);
            out.push('\n');
            any = true;
        } else if body.contains(".entry ") && texts[..i].iter().any(|(_, b, _)| ptx::mentions(b, name)) {
            let def: String = body
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            out.push_str(&ptx::prototype(&def));
            out.push('\n');
            any = true;
        }
    }
    for d in &owned {
        if let Some(p) = &d.prototype {
            out.push_str(p);
            out.push('\n');
            any = true;
        }
    }
    if any {
        out.push('\n');
    }

    // Variables.
    let mut any = false;
    for g in globals
        .defs
        .iter()
        .chain(owned.iter().filter(|d| d.prototype.is_none()))
    {
        out.push_str(&g.text);
        out.push('\n');
        any = true;
    }
    if any {
        out.push('\n');
    }

    // Bodies.
    let mut bodies: Vec<&str> = texts.iter().map(|t| t.1.as_str()).collect();
    bodies.extend(owned.iter().filter(|d| d.prototype.is_some()).map(|d| d.text.as_str()));
    out.push_str(&bodies.join("\n\n"));
    out.push('\n');
    out
}

/// The textual LLVM IR of a whole translation unit (`--emit=llvm`): every function in `funcs`
/// defined (kernels external, other functions internal unless `-rdc`), every device-side
/// variable defined, libdevice linked when needed; optimized with the options' level when
/// `optimize`. Diagnostics, if any, are prepended as `; error: ...` comment lines.
pub fn emit_llvm_module(
    defs: &DefMap,
    funcs: &[FnInput],
    options: &CompileOptions,
    libdevice: Option<&[u8]>,
    optimize: bool,
) -> String {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        emit_llvm_inner(defs, funcs, options, libdevice, optimize)
    }));
    run.unwrap_or_else(|e| format!("; error: internal error: codegen panicked: {}\n", panic_message(e)))
}

fn emit_llvm_inner(
    defs: &DefMap,
    funcs: &[FnInput],
    options: &CompileOptions,
    libdevice: Option<&[u8]>,
    optimize: bool,
) -> String {
    let pipeline = Pipeline {
        name: "module",
        what: "the module",
        define_globals: true,
        libdevice: Some(libdevice),
        optimize,
    };
    let lower = |m: &mut ModuleCtx| {
        m.device_globals();
        for f in funcs {
            if let Some(d) = defs.functions.get(f.id.0 as usize) {
                if d.kind == FnKind::Normal && d.space.runs_on_device() {
                    m.define(f.id, f.body, Mode::Tu);
                }
            }
        }
        m.finish();
    };
    let run = run_pipeline(defs, options, &pipeline, lower, |p| {
        let mut out = String::new();
        for d in &p.diags {
            let sev = if d.is_error() { "error" } else { "warning" };
            out.push_str(&format!("; {sev}: {}\n", d.message));
        }
        out.push_str(&p.module.print_to_string().to_string());
        out
    });
    run.unwrap_or_else(|e| format!("; error: {e}\n"))
}

#[cfg(test)]
mod header_tests {
    #[test]
    fn ptx_version_is_raised_never_lowered() {
        let h = ".version 7.0\n.target sm_80\n.address_size 64";
        assert_eq!(
            super::raise_ptx_version(h, (9, 5)),
            ".version 9.5\n.target sm_80\n.address_size 64"
        );
        assert_eq!(super::raise_ptx_version(h, (7, 0)), h);
        assert_eq!(super::raise_ptx_version(".version 8.8", (8, 5)), ".version 8.8");
    }
}
