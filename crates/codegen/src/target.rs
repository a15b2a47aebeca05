//! The NVPTX target machine, the optimization pipeline and PTX emission.
//!
//! - Triple `nvptx64-nvidia-cuda`, CPU = `options.arch.name()` (`sm_90a` ...), no explicit
//!   features: LLVM picks the PTX ISA version (`+ptxNN`) it requires for that SM.
//! - Optimization: the new pass manager's `default<On>` (`-G` compiles as O0), through
//!   `LLVMRunPasses` with the target machine, so the NVPTX pipeline callbacks (NVVMReflect,
//!   address-space inference, ...) run too. Above O0 it is preceded by `merge_pure_calls`
//!   (repeated calls of pure functions merged before the inliner copies them) and
//!   `inline_sole_calls` (a callee called once is inlined, as an internal function is).
//! - GVN does not PRE loads (`-enable-load-pre=false`, see `init`).
//! - Loops are unrolled only fully: no runtime, partial or peeling unrolling (see `init`).
//! - Loop exit tests and exit values are left as written (`-disable-lftr`,
//!   `-replexitval=never`, see `init`).
//! - Contractible subtractions are fenced from fusing after optimization
//!   (`fence_subtractions`): ptxas fuses them, as it fuses nvcc's.
//! - Codegen: `-disable-machine-sink`, `-disable-early-taildup` and `-disable-lsr` (see
//!   `init`); register allocation is ptxas's; predicates used across blocks are recomputed in
//!   them afterwards (`remat`).
//! - Emission: the target machine writes assembly (PTX) into memory; verbose comments are off.

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::module::{Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple};
use inkwell::values::FunctionValue;
use inkwell::OptimizationLevel;
use std::sync::Once;
use warpc_base::{CompileOptions, OptLevel};

pub(crate) const TRIPLE: &str = "nvptx64-nvidia-cuda";

/// The extra LLVM options of `$WARPC_LLVM_ARGS` (empty when unset), read once per process.
pub fn llvm_args() -> &'static str {
    static ARGS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ARGS.get_or_init(|| std::env::var("WARPC_LLVM_ARGS").unwrap_or_default())
}

pub(crate) fn init() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // 32-bit pointers for shared (and const/local) memory, as cicc uses (`p3:32:32` in the
        // data layout): shared addressing then takes one 32-bit register, not a 64-bit pair.
        // A process-wide LLVM option, set once before any target machine exists.
        //
        // `-disable-machine-sink`: MachineSink moves each instruction down to the block of its
        // first use. In straight-line code broken into small diamonds (every inlined libdevice
        // call has a slow-path branch) it pushes whole computations past the following diamonds,
        // so their operands stay live across them; ptxas schedules within blocks and does not
        // undo it. A fully unrolled double cubature went from 140 registers to 255 and 6 KB of
        // spills with it (testdata/perf/cubature.cu); the conformance kernels are neutral.
        // cicc sinks with its own, limited pass (NVVMSinking2, `sink-limit`=20).
        //
        // `-disable-lsr`: no LLVM loop strength reduction (cicc runs an NVIDIA variant of its
        // own instead). On NVPTX it turns indexed accesses into extra 64-bit pointer induction
        // variables that stay live across the loop, and ptxas, which strength-reduces addressing
        // itself, does not undo that: without it the curand `init_xorwow` kernel (conformance/
        // real/06) went from 40 to 32 registers (nvcc 32), `aggregate` (real/01) from 26 to 18
        // (nvcc 20), the fir kernels of real/15 from 24 to 14 and daxpy from 22 to 16; the
        // conformance geomeans went down for registers and SASS alike (sm_90, vs nvcc: 0.965 to
        // 0.958 and 0.967 to 0.959). option_pricing went from 74 to 79 registers (nvcc 72).
        //
        // `-disable-lftr`: no linear function test replacement in IndVarSimplify. LFTR rewrites
        // a loop's exit test to compare the pre-increment induction variable with the trip
        // count (`k == x` for `k <= x`), so at the latch both `k` and `k + 1` are live, with a
        // `mov` between them; LLVM's LSR turns the test back into a post-increment or
        // count-down one, and with LSR off (above) nothing did. Without LFTR the source's test
        // on the incremented value stays. conformance/cxx/03_class_template went from 22 to 16
        // registers (NVRTC 18) and from 169 to 121 SASS instructions, testdata/perf/cubature
        // from 136 to 134; the conformance geomeans (sm_90, vs NVRTC) from 0.958 to 0.946 for
        // registers and 0.959 to 0.947 for SASS. option_pricing went from 79 to 80 (nvcc 72).
        //
        // `-replexitval=never`: IndVarSimplify does not replace the value a loop's variable has
        // after the loop by a computation of the trip count. For a `do { ... } while (++k < n)`
        // with an early `break`, it turned the `k` stored after the loop into a `phi` of `k`
        // and `max(n, 1)`, computed before the loop and live across it; cicc keeps `k`
        // (conformance/c/08_mandelbrot: 53 -> 48 SASS instructions, NVRTC 48).
        //
        // `-unroll-runtime=false -unroll-allow-partial=false -unroll-allow-peeling=false`: loops
        // are unrolled only fully (known or bounded trip count), as cicc's O3 unroll invocation
        // (`(3,-1,-1,0,0,-1,0)`: no partial, no runtime, no peeling; cicc-notes/optimizer.md
        // 3.2). The NVPTX defaults unroll loops of unknown trip count by 4 or 8 with a remainder
        // loop and peel first iterations: a push/pop loop over a local array and a max-fold
        // (conformance/cxx/03_class_template) took 30 registers and 336 SASS instructions
        // against nvcc's 18 and 203 (now 18 and 166); a binomial tree whose inner loop calls
        // `pow` twice kept peeled copies (testdata/perf/option_pricing: 88 -> 84 registers).
        // `-unroll-peel-max-count=0`: the full-unroll pass of the function simplification
        // pipeline asks for peeling itself (its own `AllowPeeling` argument wins over
        // `-unroll-allow-peeling`), and it still peeled the first iteration of both of that
        // tree's loops (`k = 0`, where `pow(d, k)` folds): two more inlined `pow`s; without
        // it, 80 -> 78 registers and 1871 -> 1757 SASS instructions (nvcc 72 and 1751); the
        // conformance kernels are unchanged.
        //
        // `-disable-early-taildup`: no tail duplication before register allocation. It copied
        // the small blocks of `curand4`'s `switch (STATE)` (each picks four of the eight output
        // words) into their predecessors, where the picks became copies into four new registers
        // made before the branches, live beside the old and the new output words; without it
        // each case copies into the loop's own registers (conformance/real/06_curand
        // normal_moments: 32 -> 31 registers, nvcc 29). No other kernel of the conformance
        // corpus, testdata/perf or the real/ programs changes. Tail duplication at block
        // placement (after allocation) is kept.
        //
        // `-enable-load-pre=false`: GVN does not make partially redundant loads loop-carried
        // values. In testdata/perf/option_pricing's backward sweep (`v[k]` and `v[k + 1]` of a
        // local array, the loop body two inlined `pow`s), it carried `v[k + 1]` into the next
        // iteration as a double `phi` instead of loading `v[k]` again from local memory; without
        // it, 80 -> 74 registers at sm_80 (78 -> 74 at sm_90; nvcc 72) and 1757 -> 1751 SASS
        // instructions at sm_90 (nvcc 1751), one `ld.local` more per iteration. cicc keeps load
        // PRE (and that `phi`); ptxas allocates its version in 72. No other kernel of the
        // conformance corpus, testdata/perf or the real/ programs changes (sm_80 and sm_90).
        let mut owned: Vec<std::ffi::CString> = [
            "warpc",
            "-nvptx-short-ptr",
            "-disable-machine-sink",
            "-disable-early-taildup",
            "-enable-load-pre=false",
            "-disable-lsr",
            "-disable-lftr",
            "-replexitval=never",
            "-unroll-runtime=false",
            "-unroll-allow-partial=false",
            "-unroll-allow-peeling=false",
            "-unroll-peel-max-count=0",
        ]
        .iter()
        .map(|s| std::ffi::CString::new(*s).expect("no NUL"))
        .collect();
        // `WARPC_LLVM_ARGS`: extra LLVM options for experiments (they come last, so they win);
        // part of every cache key (`llvm_args`).
        owned.extend(
            llvm_args()
                .split_whitespace()
                .filter_map(|a| std::ffi::CString::new(a).ok()),
        );
        let args: Vec<*const std::ffi::c_char> = owned.iter().map(|a| a.as_ptr()).collect();
        unsafe {
            inkwell::llvm_sys::support::LLVMParseCommandLineOptions(args.len() as i32, args.as_ptr(), std::ptr::null());
        }
        Target::initialize_nvptx(&InitializationConfig {
            asm_parser: false,
            asm_printer: true,
            base: true,
            disassembler: false,
            info: true,
            machine_code: true,
        });
    });
}

/// The effective optimization level: `-G` means O0.
pub(crate) fn opt_level(options: &CompileOptions) -> u8 {
    if options.device_debug {
        return 0;
    }
    match options.opt {
        OptLevel::O0 => 0,
        OptLevel::O1 => 1,
        OptLevel::O2 => 2,
        OptLevel::O3 => 3,
    }
}

pub(crate) fn machine(options: &CompileOptions) -> Result<TargetMachine, String> {
    init();
    let triple = TargetTriple::create(TRIPLE);
    let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
    let level = match opt_level(options) {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let cpu = options.arch.name();
    let tm = target
        .create_target_machine(&triple, &cpu, "", level, RelocMode::Default, CodeModel::Default)
        .ok_or_else(|| format!("LLVM cannot create an NVPTX target machine for {cpu}"))?;
    tm.set_asm_verbosity(false);
    Ok(tm)
}

pub(crate) fn configure(module: &Module, tm: &TargetMachine) {
    module.set_triple(&TargetTriple::create(TRIPLE));
    module.set_data_layout(&tm.get_target_data().get_data_layout());
}

pub(crate) fn optimize(module: &Module, tm: &TargetMachine, options: &CompileOptions) -> Result<(), String> {
    let level = opt_level(options);
    if level > 0 {
        merge_pure_calls(module, tm)?;
        inline_sole_calls(module);
    }
    let pbo = PassBuilderOptions::create();
    pbo.set_loop_unrolling(true);
    // NVRTC's `--extra-device-vectorization` turns LLVM's vectorizers on.
    pbo.set_loop_vectorization(options.extra_vectorization);
    pbo.set_loop_slp_vectorization(options.extra_vectorization);
    // At O0, `globaldce` drops what linking and reflection left unused (libdevice's reflect
    // strings, callee copies that are never called).
    let pipeline = if level == 0 {
        "default<O0>,globaldce".to_string()
    } else {
        format!("default<O{level}>")
    };
    module.run_passes(&pipeline, tm, pbo).map_err(|e| e.to_string())?;
    if options.fmad && !options.fast_math {
        fence_subtractions(module);
    }
    Ok(())
}

/// Puts `llvm.arithmetic.fence` on the non-constant operands of every contractible `fsub`
/// once the IR is optimized, so that LLVM's instruction selection fuses no subtraction.
///
/// cicc fuses `a*b + c` into fma but never a subtraction: `a*b - c`, `c - a*b` and
/// `a*b - c*d` stay `mul.f32`/`sub.f32`, and ptxas, free to contract those (no `.rn`), fuses
/// them on its own. To give ptxas the same PTX, a subtraction keeps `contract` (printed
/// `sub.f32`, not `sub.rn.f32`) and its operands pass through the fence, which keeps the
/// DAG combiner from fusing across it (a comment in the PTX). Measured on an H100: with
/// `sub.rn.f32`, `a*b - c*d` differed from nvcc's results by up to 2^29 ulps near zero.
///
/// The fences are added after the optimizer, not by irgen: a fence is opaque to it, so an
/// argument that became a constant by inlining (`smoothstep(0.f, 1.f, x)`'s `x - e0` and
/// `e1 - e0`) was not folded, and `(x - 0) / (1 - 0)` stayed a subtraction and a full
/// division (conformance/program/02_host_device_mix: 133 SASS instructions, nvcc 24). The
/// IR optimizer forms no fma itself, so nothing is fused before the fences are in. libdevice's
/// subtractions carry no fast-math flags and are left alone; only `contract` ones (warpc's,
/// with `-fmad=true` and without `--use_fast_math`) are fenced.
fn fence_subtractions(module: &Module) {
    use inkwell::llvm_sys::core::*;
    use inkwell::llvm_sys::prelude::LLVMValueRef;
    use inkwell::llvm_sys::{LLVMFastMathAllowContract, LLVMFastMathAllowReassoc, LLVMOpcode, LLVMTypeKind};
    let mut subtractions: Vec<LLVMValueRef> = Vec::new();
    for f in module.get_functions() {
        for bb in f.get_basic_block_iter() {
            let mut inst = unsafe { LLVMGetFirstInstruction(bb.as_mut_ptr()) };
            while !inst.is_null() {
                unsafe {
                    if LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMFSub {
                        let flags = LLVMGetFastMathFlags(inst);
                        let scalar = LLVMGetTypeKind(LLVMTypeOf(inst)) != LLVMTypeKind::LLVMVectorTypeKind;
                        if scalar && flags & LLVMFastMathAllowContract != 0 && flags & LLVMFastMathAllowReassoc == 0 {
                            subtractions.push(inst);
                        }
                    }
                    inst = LLVMGetNextInstruction(inst);
                }
            }
        }
    }
    if subtractions.is_empty() {
        return;
    }
    let name = "llvm.arithmetic.fence";
    unsafe {
        let context = LLVMGetModuleContext(module.as_mut_ptr());
        let builder = LLVMCreateBuilderInContext(context);
        let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
        for inst in subtractions {
            LLVMPositionBuilderBefore(builder, inst);
            for i in 0..2 {
                let operand = LLVMGetOperand(inst, i);
                if !LLVMIsAConstant(operand).is_null() {
                    continue;
                }
                let mut ty = LLVMTypeOf(operand);
                let decl = LLVMGetIntrinsicDeclaration(module.as_mut_ptr(), id, &mut ty, 1);
                let fn_ty = LLVMIntrinsicGetType(context, id, &mut ty, 1);
                let mut args = [operand];
                let fence = LLVMBuildCall2(builder, fn_ty, decl, args.as_mut_ptr(), 1, c"".as_ptr());
                LLVMSetOperand(inst, i, fence);
            }
        }
        LLVMDisposeBuilder(builder);
    }
}

/// Merges repeated calls of a pure function with the same arguments before the inliner runs
/// (`ncdf(d1)` called three times in one formula): `function-attrs` infers which functions
/// neither read nor write memory, then `early-cse` merges their identical calls. The default
/// pipeline cannot: its inliner inlines each call before the caller is simplified, and the
/// inlined copies, with their branches, are not merged afterwards. cicc merges them (one copy
/// of each `erfc` per distinct argument in its PTX); without it, a Black-Scholes kernel kept
/// six inlined `erfc` and thirteen `exp` live ranges and 110 registers against nvcc's 72.
///
/// `function-attrs` also drops `convergent` from the functions that reach no convergent
/// operation. Every function warpc defines is `convergent` (lower.rs) and keeps it: with the
/// attribute gone, the O3 pipeline's call-site splitting (which runs before inlining) clones
/// a block for a call it splits, barrier included, into both predecessors (a `__syncthreads`
/// duplicated into the two arms of an `if`: conformance/c/13_atomics). So the attribute is
/// put back on every function that had it once the calls are merged, in a module that has a
/// convergent operation (`has_convergent_operation`); without one, nothing can be duplicated
/// wrongly and the inferred attributes are kept.
///
/// `function-attrs` infers nothing for a function whose definition may be replaced: the
/// callees of a per-function module are `available_externally` (lower.rs, `Mode::Inline`).
/// They are made `internal` for these two passes, then given their linkage back; their bodies
/// exist here only to be inlined, so what is inferred from them holds wherever it is used.
fn merge_pure_calls(module: &Module, tm: &TargetMachine) -> Result<(), String> {
    let external: Vec<FunctionValue> = module
        .get_functions()
        .filter(|f| f.get_linkage() == Linkage::AvailableExternally)
        .collect();
    for f in &external {
        f.set_linkage(Linkage::Internal);
    }
    let convergent = Attribute::get_named_enum_kind_id("convergent");
    let marked: Vec<FunctionValue> = module
        .get_functions()
        .filter(|f| f.get_enum_attribute(AttributeLoc::Function, convergent).is_some())
        .collect();
    module
        .run_passes(
            "cgscc(function-attrs),function(early-cse)",
            tm,
            PassBuilderOptions::create(),
        )
        .map_err(|e| e.to_string())?;
    let attribute = module.get_context().create_enum_attribute(convergent, 0);
    let restore = if has_convergent_operation(module, convergent) {
        marked
    } else {
        Vec::new()
    };
    for f in restore {
        if f.get_enum_attribute(AttributeLoc::Function, convergent).is_none() {
            f.add_attribute(AttributeLoc::Function, attribute);
        }
    }
    for f in &external {
        f.set_linkage(Linkage::AvailableExternally);
    }
    Ok(())
}

/// Whether some code of the module may execute a convergent operation: a call of a function or
/// intrinsic still `convergent` after `function-attrs` (a barrier, a warp vote or shuffle, or a
/// function that reaches one), a convergent call site, inline assembly (which may hold a
/// `bar.sync`) or an indirect call. Without one, no split can duplicate a barrier, and the
/// `convergent` that `function-attrs` dropped stays dropped: on the calls of pure helpers it
/// held back the simplification of their callers (a Black-Scholes kernel with six `ncdf`/`npdf`
/// calls and a `pow` per tree node: 92 registers with it, 84 without).
fn has_convergent_operation(module: &Module, convergent: u32) -> bool {
    use inkwell::llvm_sys::core::*;
    use inkwell::llvm_sys::LLVMAttributeFunctionIndex;
    for f in module.get_functions() {
        for bb in f.get_basic_block_iter() {
            let mut inst = unsafe { LLVMGetFirstInstruction(bb.as_mut_ptr()) };
            while !inst.is_null() {
                unsafe {
                    if !LLVMIsACallInst(inst).is_null() || !LLVMIsAInvokeInst(inst).is_null() {
                        let callee = LLVMGetCalledValue(inst);
                        let convergent_call =
                            !LLVMGetCallSiteEnumAttribute(inst, LLVMAttributeFunctionIndex, convergent).is_null();
                        let convergent_callee = LLVMIsAFunction(callee).is_null()
                            || !LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, convergent).is_null();
                        if convergent_call || convergent_callee {
                            return true;
                        }
                    }
                    inst = LLVMGetNextInstruction(inst);
                }
            }
        }
    }
    false
}

/// Marks `alwaysinline` every callee that this module calls exactly once (one direct call, no
/// other use), the inlining cicc does through linkage: without `-rdc` a device function is
/// internal to its translation unit, and LLVM's inliner gives the sole call of an internal
/// function a bonus (`LastCallToStaticBonus`, 15000) that puts almost any body under the
/// threshold. Here the callees are `available_externally` copies (lower.rs, `Mode::Inline`),
/// which never get that bonus, so a large helper called once stayed a call: a `.param` ABI
/// around it (two structs by value) and, after its callees were inlined into it, too big to
/// inline: testdata/perf/option_pricing.cu used 94 registers against nvcc's 72.
///
/// The count is taken in this function's module, not the translation unit: a helper called
/// once from each of two kernels is inlined into both. `noinline` (`__noinline__`) callees are
/// left alone, and a recursive function has a second use (its own call) and is too.
fn inline_sole_calls(module: &Module) {
    use inkwell::llvm_sys::core::{LLVMGetCalledValue, LLVMGetFirstUse, LLVMGetNextUse, LLVMGetUser, LLVMIsACallInst};
    use inkwell::values::AsValueRef;
    let noinline = Attribute::get_named_enum_kind_id("noinline");
    let always = Attribute::get_named_enum_kind_id("alwaysinline");
    let attribute = module.get_context().create_enum_attribute(always, 0);
    for f in module.get_functions() {
        if f.get_linkage() != Linkage::AvailableExternally
            || f.get_enum_attribute(AttributeLoc::Function, noinline).is_some()
            || f.get_enum_attribute(AttributeLoc::Function, always).is_some()
        {
            continue;
        }
        let direct = unsafe {
            let v = f.as_value_ref();
            let first = LLVMGetFirstUse(v);
            if first.is_null() || !LLVMGetNextUse(first).is_null() {
                continue;
            }
            let user = LLVMGetUser(first);
            !LLVMIsACallInst(user).is_null() && LLVMGetCalledValue(user) == v
        };
        if direct {
            f.add_attribute(AttributeLoc::Function, attribute);
        }
    }
}

pub(crate) fn emit(module: &Module, tm: &TargetMachine) -> Result<String, String> {
    let buf = tm
        .write_to_memory_buffer(module, FileType::Assembly)
        .map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(buf.as_slice()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;

    /// A module with one function whose body makes `call`: the operations that count as
    /// convergent, and those that do not.
    fn module_calling<'c>(
        context: &'c Context,
        call: impl Fn(&inkwell::builder::Builder<'c>, &Module<'c>),
    ) -> Module<'c> {
        let module = context.create_module("m");
        let void = context.void_type().fn_type(&[], false);
        let f = module.add_function("f", void, None);
        let builder = context.create_builder();
        builder.position_at_end(context.append_basic_block(f, "entry"));
        call(&builder, &module);
        builder.build_return(None).unwrap();
        module
    }

    #[test]
    fn convergent_operations_are_found() {
        let context = Context::create();
        let convergent = Attribute::get_named_enum_kind_id("convergent");
        let void = context.void_type().fn_type(&[], false);
        // A call of a pure helper: nothing convergent.
        let plain = module_calling(&context, |b, m| {
            let g = m.add_function("g", void, None);
            b.build_call(g, &[], "").unwrap();
        });
        assert!(!has_convergent_operation(&plain, convergent));
        // A call of a convergent declaration (a barrier intrinsic, a function reaching one).
        let barrier = module_calling(&context, |b, m| {
            let g = m.add_function("bar", void, None);
            g.add_attribute(AttributeLoc::Function, context.create_enum_attribute(convergent, 0));
            b.build_call(g, &[], "").unwrap();
        });
        assert!(has_convergent_operation(&barrier, convergent));
        // Inline assembly may be a `bar.sync`.
        let asm = module_calling(&context, |b, _| {
            let asm =
                context.create_inline_asm(void, "bar.sync 0;".to_string(), String::new(), true, false, None, false);
            b.build_indirect_call(void, asm, &[], "").unwrap();
        });
        assert!(has_convergent_operation(&asm, convergent));
    }
}
