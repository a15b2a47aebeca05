//! The one table of device builtins that need a minimum SM. The builtin headers declare each
//! user-facing name only under `#if __CUDA_ARCH__ >= N` (as NVIDIA's `sm_NN_rt.h` headers do), so
//! below its SM a use is
//! `identifier "NAME" is undefined`, nvcc's wording; the checker looks the name up here to add a
//! note saying why, and codegen refuses the body-less builtins listed here below their SM (LLVM
//! would abort on them). `crates/driver/tests/sm_gates.rs` compiles every entry just below and at
//! its minimum SM, which keeps the header guards and this table in agreement.

/// One gated builtin.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SmGated {
    /// The user-facing name (`__reduce_add_sync`), as written in source.
    pub name: &'static str,
    /// For an overload that alone is gated (`atomicAdd(float2 *, float2)`): the argument types
    /// as the checker's "argument types are: (...)" line spells them. `None` gates every overload.
    pub args: Option<&'static str>,
    /// Minimum SM number (`80` for sm_80).
    pub min_sm: u32,
    /// Minimum PTX ISA version (`63` for 6.3) when it is newer than what warpc emits for
    /// `min_sm` ([`emitted_ptx`]); below it codegen refuses the builtin.
    pub min_ptx: Option<u32>,
    /// The body-less builtins (`docs/builtins.md`) that implement it, refused by codegen below
    /// `min_sm`.
    pub builtins: &'static [&'static str],
}

const fn gate(name: &'static str, min_sm: u32, builtins: &'static [&'static str]) -> SmGated {
    SmGated {
        name,
        args: None,
        min_sm,
        min_ptx: None,
        builtins,
    }
}

/// Every SM-gated builtin. Sources: NVIDIA's `crt/sm_70_rt.h`, `crt/sm_80_rt.h`, `crt/sm_90_rt.h`,
/// `sm_90_atomic_functions.h` (declarations under `__CUDA_ARCH__ >= 700/800/900`), and the PTX ISA
/// (`redux.sync` sm_80, `nanosleep`/`match.sync` sm_70, cluster registers and barriers sm_90).
pub const SM_GATED: &[SmGated] = &[
    // `nanosleep` needs PTX ISA 6.3: sm_75 and newer in practice (warpc emits 6.0 for sm_70).
    SmGated {
        name: "__nanosleep",
        args: None,
        min_sm: 70,
        min_ptx: Some(63),
        builtins: &["__nvvm_nanosleep"],
    },
    gate(
        "__match_any_sync",
        70,
        &["__nvvm_match_any_sync_i32", "__nvvm_match_any_sync_i64"],
    ),
    gate(
        "__match_all_sync",
        70,
        &["__nvvm_match_all_sync_i32", "__nvvm_match_all_sync_i64"],
    ),
    gate("__reduce_add_sync", 80, &["__nvvm_redux_sync_add"]),
    gate(
        "__reduce_min_sync",
        80,
        &["__nvvm_redux_sync_min", "__nvvm_redux_sync_umin"],
    ),
    gate(
        "__reduce_max_sync",
        80,
        &["__nvvm_redux_sync_max", "__nvvm_redux_sync_umax"],
    ),
    gate("__reduce_and_sync", 80, &["__nvvm_redux_sync_and"]),
    gate("__reduce_or_sync", 80, &["__nvvm_redux_sync_or"]),
    gate("__reduce_xor_sync", 80, &["__nvvm_redux_sync_xor"]),
    // crt/sm_70_rt.h: the 16-bit atomicCAS (PTX atom.cas.b16).
    SmGated {
        name: "atomicCAS",
        args: Some("(unsigned short *, unsigned short, unsigned short)"),
        min_sm: 70,
        min_ptx: None,
        builtins: &[],
    },
    SmGated {
        name: "atomicAdd",
        args: Some("(float2 *, float2)"),
        min_sm: 90,
        min_ptx: None,
        builtins: &[],
    },
    SmGated {
        name: "atomicAdd",
        args: Some("(float4 *, float4)"),
        min_sm: 90,
        min_ptx: None,
        builtins: &[],
    },
    gate("__isClusterShared", 90, &["__nvvm_isspacep_shared_cluster"]),
    gate("__clusterDimIsSpecified", 90, &["__nvvm_is_explicit_cluster"]),
    gate(
        "__clusterDim",
        90,
        &[
            "__nvvm_cluster_nctaid_x",
            "__nvvm_cluster_nctaid_y",
            "__nvvm_cluster_nctaid_z",
        ],
    ),
    gate(
        "__clusterRelativeBlockIdx",
        90,
        &[
            "__nvvm_cluster_ctaid_x",
            "__nvvm_cluster_ctaid_y",
            "__nvvm_cluster_ctaid_z",
        ],
    ),
    gate(
        "__clusterGridDimInClusters",
        90,
        &["__nvvm_nclusterid_x", "__nvvm_nclusterid_y", "__nvvm_nclusterid_z"],
    ),
    gate(
        "__clusterIdx",
        90,
        &["__nvvm_clusterid_x", "__nvvm_clusterid_y", "__nvvm_clusterid_z"],
    ),
    gate("__clusterRelativeBlockRank", 90, &["__nvvm_cluster_ctarank"]),
    gate("__clusterSizeInBlocks", 90, &["__nvvm_cluster_nctarank"]),
    gate("__cluster_barrier_arrive", 90, &["__nvvm_barrier_cluster_arrive"]),
    gate("__cluster_barrier_wait", 90, &["__nvvm_barrier_cluster_wait"]),
];

/// CUDA device builtins warpc knows but does not implement, with the reason: a use is an
/// `unsupported` error rather than `identifier "NAME" is undefined`.
pub const UNSUPPORTED_BUILTINS: &[(&str, &str)] = &[
    (
        "__cluster_barrier_arrive_relaxed",
        "barrier.cluster.arrive.relaxed needs PTX ISA 8.0; warpc emits PTX 7.8 for sm_90",
    ),
    ("__cluster_map_shared_rank", "distributed shared memory"),
    ("__cluster_query_shared_rank", "distributed shared memory"),
    ("__cluster_map_shared_multicast", "distributed shared memory"),
    ("__pipeline_memcpy_async", "asynchronous copies (cp.async)"),
    ("__pipeline_commit", "asynchronous copies (cp.async)"),
    ("__pipeline_wait_prior", "asynchronous copies (cp.async)"),
    (
        "__nv_atomic_load",
        "the generic __nv_atomic_* forms on objects of any type; use __nv_atomic_load_n",
    ),
    (
        "__nv_atomic_store",
        "the generic __nv_atomic_* forms on objects of any type; use __nv_atomic_store_n",
    ),
    (
        "__nv_atomic_exchange",
        "the generic __nv_atomic_* forms on objects of any type; use __nv_atomic_exchange_n",
    ),
    (
        "__nv_atomic_compare_exchange",
        "the generic __nv_atomic_* forms on objects of any type; use __nv_atomic_compare_exchange_n",
    ),
    ("__all", LEGACY_VOTE),
    ("__any", LEGACY_VOTE),
    ("__ballot", LEGACY_VOTE),
    ("__sin2pif", TWO_PI),
    ("__cos2pif", TWO_PI),
    ("__sincos2pif", TWO_PI),
];

/// The pre-sm_70 warp votes: nvcc 13 emits non-sync `vote` instructions for them, which its
/// own ptxas rejects for sm_70 and later, every target CUDA 13 supports.
const LEGACY_VOTE: &str =
    "not valid on compute_70 and above: use the _sync form with a mask (__all_sync, __any_sync, __ballot_sync)";

/// `__sin2pif` and co.: nvcc's `sin.approx.2pi.ftz.f32` / `cos.approx.2pi.ftz.f32`.
const TWO_PI: &str = "sin.approx.2pi and cos.approx.2pi need PTX ISA 9.5; warpc emits an older PTX ISA";

/// Why a known CUDA builtin is not implemented, if it is one of [`UNSUPPORTED_BUILTINS`].
pub fn unsupported_builtin(name: &str) -> Option<&'static str> {
    UNSUPPORTED_BUILTINS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, why)| *why)
}

/// Minimum SM of the kernel attributes about thread-block clusters: `__cluster_dims__` and the
/// third argument of `__launch_bounds__` (max blocks per cluster).
pub const CLUSTER_MIN_SM: u32 = 90;

impl SmGated {
    /// Whether warpc can compile this builtin for `sm` (SM and PTX ISA version).
    pub fn allows(&self, sm: u32) -> bool {
        sm >= self.min_sm && self.min_ptx.is_none_or(|p| emitted_ptx(sm) >= p)
    }
}

/// The PTX ISA version (`63` for 6.3) warpc's output declares for an SM: LLVM 22's NVPTX back end
/// picks the oldest version that supports the target. Used only to compare with `min_ptx`.
pub fn emitted_ptx(sm: u32) -> u32 {
    match sm {
        ..=69 => 50,
        70 | 71 => 60,
        72..=74 => 61,
        75..=79 => 63,
        80..=85 => 70,
        86 => 71,
        87 | 88 => 74,
        89..=99 => 78,
        _ => 86,
    }
}

/// The gate of a user-facing name, for the overload with these argument types when given (the
/// checker's spelling, `(float2 *, float2)`); `args: None` finds an entry that gates every
/// overload.
pub fn sm_gate(name: &str, args: Option<&str>) -> Option<&'static SmGated> {
    SM_GATED
        .iter()
        .find(|g| g.name == name && (g.args.is_none() || g.args == args))
}

/// The gate of a body-less builtin (`__nvvm_redux_sync_add`: `__reduce_add_sync`, sm_80).
pub fn builtin_gate(builtin: &str) -> Option<&'static SmGated> {
    SM_GATED.iter().find(|g| g.builtins.contains(&builtin))
}

/// The note that explains a gate: `"__reduce_add_sync" requires sm_80 or newer; the target is
/// sm_75`.
pub fn sm_gate_note(what: &str, min_sm: u32, target: &str) -> String {
    format!("\"{what}\" requires sm_{min_sm} or newer; the target is {target}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        assert_eq!(sm_gate("__reduce_add_sync", None).unwrap().min_sm, 80);
        assert_eq!(sm_gate("atomicAdd", Some("(float2 *, float2)")).unwrap().min_sm, 90);
        assert!(sm_gate("atomicAdd", Some("(float *, float)")).is_none());
        assert!(sm_gate("atomicAdd", None).is_none());
        assert_eq!(builtin_gate("__nvvm_redux_sync_umin").unwrap().min_sm, 80);
        assert!(builtin_gate("__nvvm_bar_sync").is_none());
        let ns = builtin_gate("__nvvm_nanosleep").unwrap();
        assert!(!ns.allows(60) && !ns.allows(70) && ns.allows(75));
        // Each body-less builtin belongs to one entry.
        let mut all: Vec<&str> = SM_GATED.iter().flat_map(|g| g.builtins.iter().copied()).collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
