//! Documentation of CUDA builtins for hover and completion: a short table for the device API
//! users call (`__syncthreads`, `atomicAdd`, `threadIdx`, ...) and, for warpc's body-less
//! builtins (`__nvvm_*`, `__warpc_*`), the rows of `docs/builtins.md` that describe them.

const DOCS: &[(&str, &str)] = &[
    ("threadIdx", "Index of the current thread within its block (`uint3`: `.x`, `.y`, `.z`). Reads `%tid`."),
    ("blockIdx", "Index of the current block within the grid (`uint3`). Reads `%ctaid`."),
    ("blockDim", "Dimensions of the block, in threads (`dim3`). Reads `%ntid`."),
    ("gridDim", "Dimensions of the grid, in blocks (`dim3`). Reads `%nctaid`."),
    ("warpSize", "Number of threads in a warp (`int`, always 32)."),
    ("__syncthreads", "Waits until every thread of the block has reached this point and all global and shared memory accesses made before it are visible to the block (`bar.sync 0`)."),
    ("__syncthreads_count", "`__syncthreads()` that also returns how many threads of the block passed a non-zero predicate."),
    ("__syncthreads_and", "`__syncthreads()` that returns non-zero when the predicate is non-zero for every thread of the block."),
    ("__syncthreads_or", "`__syncthreads()` that returns non-zero when the predicate is non-zero for any thread of the block."),
    ("__syncwarp", "Synchronizes the threads of the warp named by `mask` (`bar.warp.sync`)."),
    ("__threadfence", "Orders this thread's memory accesses as seen by all threads of the device (`fence.sc.gpu`)."),
    ("__threadfence_block", "Orders this thread's memory accesses as seen by the threads of its block."),
    ("__threadfence_system", "Orders this thread's memory accesses as seen by the whole system, host included."),
    ("atomicAdd", "Reads the value at `address`, adds `val` and stores the sum, atomically; returns the old value (`atom.add` / `red.add`)."),
    ("atomicSub", "Atomically subtracts `val` from the value at `address`; returns the old value."),
    ("atomicExch", "Atomically stores `val` at `address`; returns the old value."),
    ("atomicMin", "Atomically stores the minimum of the value at `address` and `val`; returns the old value."),
    ("atomicMax", "Atomically stores the maximum of the value at `address` and `val`; returns the old value."),
    ("atomicInc", "Atomically computes `(old >= val) ? 0 : old + 1` at `address`; returns the old value."),
    ("atomicDec", "Atomically computes `(old == 0 || old > val) ? val : old - 1` at `address`; returns the old value."),
    ("atomicCAS", "Compare and swap: stores `val` at `address` if the value there equals `compare`; returns the old value."),
    ("atomicAnd", "Atomically computes `old & val` at `address`; returns the old value."),
    ("atomicOr", "Atomically computes `old | val` at `address`; returns the old value."),
    ("atomicXor", "Atomically computes `old ^ val` at `address`; returns the old value."),
    ("__shfl_sync", "Returns `var` from lane `srcLane` of the warp (within groups of `width` lanes); `mask` names the participating lanes (`shfl.sync.idx`)."),
    ("__shfl_up_sync", "Returns `var` from the lane `delta` below the caller (`shfl.sync.up`)."),
    ("__shfl_down_sync", "Returns `var` from the lane `delta` above the caller (`shfl.sync.down`); the usual warp reduction step."),
    ("__shfl_xor_sync", "Returns `var` from the lane `laneId ^ laneMask` (`shfl.sync.bfly`): butterfly reductions."),
    ("__ballot_sync", "Returns a mask with bit N set when lane N's predicate is non-zero (`vote.sync.ballot`)."),
    ("__any_sync", "Non-zero when the predicate is non-zero for any lane in `mask`."),
    ("__all_sync", "Non-zero when the predicate is non-zero for every lane in `mask`."),
    ("__activemask", "Mask of the lanes of the warp currently executing (`activemask.b32`)."),
    ("__ldg", "Loads through the read-only (non-coherent) data cache (`ld.global.nc`)."),
    ("__popc", "Number of set bits of a 32-bit integer."),
    ("__popcll", "Number of set bits of a 64-bit integer."),
    ("__clz", "Number of leading zero bits of a 32-bit integer."),
    ("__ffs", "Position (1-based) of the least significant set bit, 0 for zero."),
    ("__brev", "Reverses the bits of a 32-bit integer."),
    ("__mul24", "Multiplies the low 24 bits of two integers."),
    ("__umulhi", "High 32 bits of the 64-bit product of two unsigned integers."),
    ("__fdividef", "Fast approximate single-precision division."),
    ("__expf", "Fast approximate `exp` (`ex2.approx` based)."),
    ("__logf", "Fast approximate natural logarithm."),
    ("__sinf", "Fast approximate sine (`sin.approx.f32`)."),
    ("__cosf", "Fast approximate cosine (`cos.approx.f32`)."),
    ("rsqrtf", "Reciprocal square root, single precision."),
    ("__saturatef", "Clamps to [0, 1]."),
    ("clock", "Per-multiprocessor cycle counter (32 bits)."),
    ("clock64", "Per-multiprocessor cycle counter (64 bits)."),
    ("__trap", "Aborts the kernel (`trap`)."),
    ("printf", "Formatted output from device code (lowered to `vprintf` with a packed argument buffer)."),
    ("make_float2", "Builds a `float2` from its components."),
    ("make_float3", "Builds a `float3` from its components."),
    ("make_float4", "Builds a `float4` from its components."),
    ("make_int2", "Builds an `int2` from its components."),
    ("make_int4", "Builds an `int4` from its components."),
];

const BUILTINS_MD: &str = include_str!("../../../docs/builtins.md");

/// Documentation for a builtin name (markdown), if warpc has any.
pub(crate) fn doc(name: &str) -> Option<String> {
    if let Some((_, d)) = DOCS.iter().find(|(n, _)| *n == name) {
        return Some(d.to_string());
    }
    if name.starts_with("__nvvm_") || name.starts_with("__warpc_") {
        let needle = format!("{name}(");
        let rows: Vec<String> = BUILTINS_MD
            .lines()
            .filter(|l| l.starts_with('|') && (l.contains(&needle) || l.contains(&format!("{name}`"))))
            .map(|l| {
                let cols: Vec<&str> = l.trim_matches('|').split(" | ").collect();
                match cols.as_slice() {
                    [sig, lowering] => format!("{} — lowered to {}", sig.trim(), lowering.trim()),
                    _ => l.to_string(),
                }
            })
            .collect();
        if !rows.is_empty() {
            return Some(format!("warpc builtin (docs/builtins.md):\n\n{}", rows.join("\n\n")));
        }
        return Some("warpc builtin implemented by code generation (docs/builtins.md).".into());
    }
    if name.starts_with("__nv_atomic_") {
        return Some("nvcc builtin (CUDA 12.8+): an atomic operation with a memory order and a thread scope, compiled to inline PTX as nvcc does (docs/builtins.md).".into());
    }
    if name.starts_with("__nv_") {
        return Some(format!("libdevice function, linked from `libdevice.10.bc` (`{name}`)."));
    }
    None
}

/// Names for completion that the def map does not list (builtin variables).
pub(crate) const BUILTIN_VARS: &[(&str, &str)] = &[
    ("threadIdx", "uint3"),
    ("blockIdx", "uint3"),
    ("blockDim", "dim3"),
    ("gridDim", "dim3"),
    ("warpSize", "int"),
];
