//! Compile options that affect what code is produced. Parsed from nvcc spellings by the driver;
//! part of the salsa inputs, so every field must be comparable and hashable.

/// A streaming-multiprocessor version such as `sm_90a`: `major*10+minor` plus the `a`/`f` suffix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SmVersion {
    /// e.g. 75, 80, 90, 100, 120.
    pub number: u32,
    /// Architecture-specific (`sm_90a`) features.
    pub arch_specific: bool,
    /// Family-specific (`sm_100f`) features.
    pub family_specific: bool,
}

impl SmVersion {
    pub const DEFAULT: SmVersion = SmVersion {
        number: 75,
        arch_specific: false,
        family_specific: false,
    };

    /// Parses `sm_90`, `compute_90a`, `sm_100f`, `90`.
    pub fn parse(s: &str) -> Option<SmVersion> {
        let s = s.trim();
        let rest = s
            .strip_prefix("sm_")
            .or_else(|| s.strip_prefix("compute_"))
            .or_else(|| s.strip_prefix("lto_"))
            .unwrap_or(s);
        let (digits, suffix) = rest.split_at(rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len()));
        let number: u32 = digits.parse().ok()?;
        if !(10..=999).contains(&number) {
            return None;
        }
        let (arch_specific, family_specific) = match suffix {
            "" => (false, false),
            "a" => (true, false),
            "f" => (false, true),
            _ => return None,
        };
        Some(SmVersion {
            number,
            arch_specific,
            family_specific,
        })
    }

    /// `__CUDA_ARCH__` = major*100 + minor*10.
    pub fn cuda_arch(self) -> u32 {
        self.number * 10
    }

    /// Target name as PTX and LLVM spell it: `sm_90a`.
    pub fn name(self) -> String {
        let suffix = if self.arch_specific {
            "a"
        } else if self.family_specific {
            "f"
        } else {
            ""
        };
        format!("sm_{}{}", self.number, suffix)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OptLevel {
    O0,
    O1,
    O2,
    O3,
}

/// Everything that changes the meaning or code of a translation unit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CompileOptions {
    pub arch: SmVersion,
    pub opt: OptLevel,
    /// `-D NAME[=VALUE]` and `-U NAME`, in command-line order: `(name, Some(value))` defines,
    /// `(name, None)` undefines.
    pub macros: Vec<(String, Option<String>)>,
    /// `-I` directories, in order.
    pub include_dirs: Vec<String>,
    /// `-isystem` directories, searched after `-I`.
    pub system_include_dirs: Vec<String>,
    /// The CUDA toolkit's and the host compiler's folders, searched after `-isystem` (found by
    /// [`crate::toolchain::HeaderSearch::discover`]; empty: only warpc's builtin headers).
    pub header_search: crate::toolchain::HeaderSearch,
    /// `-ftz=true` (also implied by `--use_fast_math`).
    pub ftz: bool,
    /// `-prec-div=true` (default true; false with `--use_fast_math`).
    pub prec_div: bool,
    /// `-prec-sqrt=true` (default true; false with `--use_fast_math`).
    pub prec_sqrt: bool,
    /// `-fmad=true` (default true).
    pub fmad: bool,
    /// `--use_fast_math`: also maps math functions to fast intrinsics.
    pub fast_math: bool,
    /// `-maxrregcount=N`.
    pub max_reg_count: Option<u32>,
    /// `-G`: device debug (treated as -O0 for now).
    pub device_debug: bool,
    /// `-lineinfo`.
    pub line_info: bool,
    /// `-rdc=true`: relocatable device code.
    pub rdc: bool,
    /// NVRTC's front end (the `libnvrtc` library): `__CUDACC_RTC__` and NVRTC's predefined
    /// macros instead of nvcc's with a host compiler's.
    pub nvrtc: bool,
    /// NVRTC's `-default-device`: functions without an execution-space attribute are
    /// `__device__` functions.
    pub default_device: bool,
    /// `--pre-include HEADER` (NVRTC; nvcc's `-include`): headers included, in order, after
    /// the prelude and before the main file.
    pub pre_includes: Vec<String>,
    /// NVRTC's `--no-source-include`: a `"..."` include does not search the including file's
    /// folder (only `-I`, the program's in-memory headers and the builtin headers).
    pub no_source_include: bool,
    /// NVRTC's `--minimal`: the builtin declarations leave out the runtime API's types and
    /// functions and texture/surface support (`__CUDACC_RTC_MINIMAL__` is defined).
    pub minimal: bool,
    /// NVRTC's `--extra-device-vectorization`: LLVM's loop and SLP vectorizers run (off by
    /// default, as NVPTX gains little from them; cicc's flag likewise enables more vectorization).
    pub extra_vectorization: bool,
    /// NVRTC's `-builtin-move-forward` (default true): with [`Self::nvrtc`], `std::move` and
    /// `std::forward` are declared without any header, as NVRTC's builtin header declares them.
    pub builtin_move_forward: bool,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            arch: SmVersion::DEFAULT,
            opt: OptLevel::O3,
            macros: Vec::new(),
            include_dirs: Vec::new(),
            system_include_dirs: Vec::new(),
            header_search: Default::default(),
            ftz: false,
            prec_div: true,
            prec_sqrt: true,
            fmad: true,
            fast_math: false,
            max_reg_count: None,
            device_debug: false,
            line_info: false,
            rdc: false,
            nvrtc: false,
            default_device: false,
            pre_includes: Vec::new(),
            no_source_include: false,
            minimal: false,
            extra_vectorization: false,
            builtin_move_forward: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sm_versions() {
        assert_eq!(SmVersion::parse("sm_90").unwrap().cuda_arch(), 900);
        assert_eq!(SmVersion::parse("compute_75").unwrap().name(), "sm_75");
        assert_eq!(SmVersion::parse("sm_90a").unwrap().name(), "sm_90a");
        assert_eq!(SmVersion::parse("sm_100f").unwrap().name(), "sm_100f");
        assert_eq!(SmVersion::parse("sm_120").unwrap().cuda_arch(), 1200);
        assert!(SmVersion::parse("sm_9x").is_none());
        assert!(SmVersion::parse("banana").is_none());
    }
}
