//! Function attributes: execution space, inline hints, `__launch_bounds__`, `__cluster_dims__`.

use super::*;

impl<'t> Builder<'t> {
    pub(super) fn launch_bounds(&mut self, f: &'t FunctionItem) -> Option<LaunchBounds> {
        let lb = &f.attrs.launch_bounds;
        if lb.is_empty() {
            return None;
        }
        if !f.attrs.global {
            self.warning(
                "launch-bounds-ignored",
                "__launch_bounds__ is only allowed on __global__ functions; ignored".into(),
            );
            return None;
        }
        if lb.len() > 3 {
            self.error(
                "invalid-launch-bounds",
                "too many arguments for __launch_bounds__".into(),
            );
        }
        let mut vals = Vec::new();
        for ce in lb.iter().take(3) {
            let v = self.ice(ce)?;
            if v < 0 || v > u32::MAX as i128 {
                self.error(
                    "invalid-launch-bounds",
                    "__launch_bounds__ argument out of range".into(),
                );
                return None;
            }
            vals.push(v as u32);
        }
        if vals.len() == 3 && self.options.arch.number < warpc_base::sm_gate::CLUSTER_MIN_SM {
            // nvcc's wording (any third argument, 0 included, below sm_90).
            self.error(
                "arch-unsupported",
                "cannot specify max blocks per cluster for this GPU architecture".into(),
            );
            return None;
        }
        Some(LaunchBounds {
            max_threads: vals[0],
            min_blocks: vals.get(1).copied(),
            max_blocks_per_cluster: vals.get(2).copied(),
        })
    }

    /// `__cluster_dims__(x, y, z)`: sm_90 and newer, `__global__` functions only.
    pub(super) fn cluster_dims(&mut self, f: &'t FunctionItem) -> Option<[u32; 3]> {
        let dims = f.attrs.cluster_dims.as_ref()?;
        if !f.attrs.global {
            self.error(
                "invalid-cluster-dims",
                "__cluster_dims__ is only allowed on a __global__ function".into(),
            );
            return None;
        }
        if self.options.arch.number < warpc_base::sm_gate::CLUSTER_MIN_SM {
            self.error(
                "arch-unsupported",
                "__cluster_dims__ is not supported for this GPU architecture".into(),
            );
            return None;
        }
        if dims.is_empty() {
            return Some([0, 0, 0]);
        }
        let mut out = [1u32; 3];
        for (i, ce) in dims.iter().take(3).enumerate() {
            let v = self.ice(ce)?;
            if !(1..=u32::MAX as i128).contains(&v) {
                self.error(
                    "invalid-cluster-dims",
                    "__cluster_dims__ arguments must be positive integers".into(),
                );
                return None;
            }
            out[i] = v as u32;
        }
        Some(out)
    }
}

/// The execution space `__global__`/`__device__`/`__host__` give a function.
impl Builder<'_> {
    /// A function's execution space. With `--expt-relaxed-constexpr` (nvcc defines
    /// `__CUDACC_RELAXED_CONSTEXPR__`) a `constexpr` function without execution-space
    /// attributes is `__host__ __device__`, as nvcc treats it; with NVRTC's `-default-device`
    /// such a function is `__device__`. `name` is the function's qualified name.
    pub(super) fn space(&self, a: &crate::item_tree::FnAttrs, name: &str) -> ExecSpace {
        let space = exec_space(a);
        let relaxed = self
            .options
            .macros
            .iter()
            .any(|(n, _)| n == "__CUDACC_RELAXED_CONSTEXPR__");
        // nvcc's front end treats the constexpr `std::move` and `std::forward` of the host's
        // standard library as `__host__ __device__` (measured: other constexpr `std` functions,
        // `std::min` or `std::as_const`, need `--expt-relaxed-constexpr`).
        let std_builtin = matches!(name, "std::move" | "std::forward");
        if space == ExecSpace::Host && !a.host && self.options.default_device {
            // NVRTC's `-default-device`: no attribute means `__device__`.
            ExecSpace::Device
        } else if (relaxed || std_builtin) && a.is_constexpr && space == ExecSpace::Host && !a.host {
            ExecSpace::HostDevice
        } else {
            space
        }
    }
}

pub(super) fn exec_space(a: &crate::item_tree::FnAttrs) -> ExecSpace {
    if a.global {
        ExecSpace::Global
    } else if a.device && a.host {
        ExecSpace::HostDevice
    } else if a.device {
        ExecSpace::Device
    } else {
        ExecSpace::Host
    }
}

/// `__forceinline__` / `__noinline__`, else `otherwise`.
pub(super) fn inline_hint(a: &crate::item_tree::FnAttrs, otherwise: InlineHint) -> InlineHint {
    if a.forceinline {
        InlineHint::Force
    } else if a.noinline {
        InlineHint::Never
    } else {
        otherwise
    }
}
