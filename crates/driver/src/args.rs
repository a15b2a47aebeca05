//! nvcc-compatible command-line parsing.
//!
//! nvcc's grammar is not getopt's: long options take one dash (`-arch=sm_90`, `-maxrregcount 32`),
//! values follow `=` or the next argument, and short options glue values (`-Idir`, `-DX=1`,
//! `-O3`). A table of the options users and CMake emit drives the parser; host-only options are
//! accepted and ignored, unknown options are an error.

use warpc_base::{CompileOptions, OptLevel, SmVersion};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    Ptx,
    Llvm,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagFormat {
    Human,
    Nvcc,
    /// One JSON object per diagnostic and line.
    Json,
}

/// `--color`: whether human-readable diagnostics use ANSI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour when stderr is a terminal (and `NO_COLOR` is unset, `TERM` is not `dumb`).
    Auto,
    Always,
    Never,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub inputs: Vec<String>,
    /// `None`: default name (`<stem>.ptx` beside the working directory, like nvcc); `-`: stdout.
    pub output: Option<String>,
    pub options: CompileOptions,
    pub emit: Emit,
    pub verbose: bool,
    pub diag_format: DiagFormat,
    pub color: ColorChoice,
    pub no_warnings: bool,
    pub werror: bool,
    pub libdevice: Option<String>,
    pub help: bool,
    pub version: bool,
    /// `--stats`: per-stage wall times and functions compiled vs reused, on stderr.
    pub stats: bool,
    /// `--watch`: keep the database alive and recompile when the input or its includes change.
    pub watch: bool,
    /// `--bench-edit=N` (hidden): compile, then N times edit the `/*@edit*/` marker of the input in
    /// memory and recompile in the same database; prints timings (used by `cargo xtask bench`).
    pub bench_edit: Option<usize>,
}

fn parse_bool(flag: &str, v: &str) -> Result<bool, String> {
    match v {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!("invalid value '{v}' for option '{flag}' (expected true or false)")),
    }
}

/// Options that take a value, by every spelling (value after `=` or as the next argument).
const VALUED: &[&str] = &[
    "-arch", "--gpu-architecture", "-code", "--gpu-code", "-gencode", "--generate-code", "-o", "--output-file", "-I",
    "--include-path", "-isystem", "--system-include", "-D", "--define-macro", "-U", "--undefine-macro", "-include",
    "--pre-include", "-std", "--std", "-ftz", "--ftz", "-prec-div", "--prec-div", "-prec-sqrt", "--prec-sqrt", "-fmad",
    "--fmad", "-maxrregcount", "--maxrregcount", "-rdc", "--relocatable-device-code", "-default-device", "-Xcompiler",
    "--compiler-options", "-Xptxas", "--ptxas-options", "-Xlinker", "--linker-options", "-ccbin", "--compiler-bindir",
    "-MF", "--dependency-output", "--emit", "--diag-format", "--color", "--libdevice", "-x", "--x", "-O", "--optimize",
    "--options-file", "-optf", "-t", "--threads", "-Xcudafe", "-Xnvlink", "-Xarchive", "--bench-edit",
];

/// Parses `argv[1..]`.
pub fn parse(argv: &[String]) -> Result<Args, String> {
    let mut args = Args {
        inputs: Vec::new(),
        output: None,
        options: CompileOptions::default(),
        emit: Emit::Ptx,
        verbose: false,
        diag_format: DiagFormat::Human,
        color: ColorChoice::Auto,
        no_warnings: false,
        werror: false,
        libdevice: None,
        help: false,
        version: false,
        stats: false,
        watch: false,
        bench_edit: None,
    };
    let mut fast_math = false;
    let (mut ftz, mut prec_div, mut prec_sqrt, mut fmad) = (None, None, None, None);
    let mut i = 0;
    while i < argv.len() {
        let arg = argv[i].as_str();
        i += 1;
        if !arg.starts_with('-') || arg == "-" {
            args.inputs.push(arg.to_string());
            continue;
        }
        // Split `-flag=value` / `-flag value` / glued short forms.
        let (flag, mut value): (&str, Option<String>) = match arg.split_once('=') {
            Some((f, v)) if VALUED.contains(&f) => (f, Some(v.to_string())),
            _ => {
                let glued = ["-I", "-D", "-U", "-O", "-o"].iter().find(|p| arg.starts_with(**p) && arg.len() > p.len());
                match glued {
                    Some(p) if !VALUED.contains(&arg) => (*p, Some(arg[p.len()..].to_string())),
                    _ => (arg, None),
                }
            }
        };
        if VALUED.contains(&flag) && value.is_none() {
            if flag == "-O" || flag == "--optimize" {
                value = Some("3".into());
            } else if i < argv.len() {
                value = Some(argv[i].clone());
                i += 1;
            } else {
                return Err(format!("option '{flag}' expects a value"));
            }
        }
        let v = value.unwrap_or_default();
        match flag {
            "-arch" | "--gpu-architecture" => {
                let first = v.split(',').next().unwrap_or("");
                if first != "native" && first != "all" && first != "all-major" {
                    args.options.arch = SmVersion::parse(first).ok_or_else(|| format!("unsupported gpu architecture '{v}'"))?;
                }
            }
            "-gencode" | "--generate-code" => {
                // arch=compute_90,code=sm_90 : the device code is for the `code` SM (or arch).
                let mut chosen = None;
                for part in v.split(',') {
                    if let Some(a) = part.strip_prefix("arch=") {
                        chosen = chosen.or(SmVersion::parse(a));
                    }
                    if let Some(c) = part.strip_prefix("code=") {
                        let c = c.trim_matches(|ch| ch == '[' || ch == ']' || ch == '"');
                        if let Some(sm) = c.split(',').find_map(SmVersion::parse) {
                            chosen = Some(sm);
                        }
                    }
                }
                args.options.arch = chosen.ok_or_else(|| format!("invalid -gencode value '{v}'"))?;
            }
            "-code" | "--gpu-code" => {}
            "-o" | "--output-file" => args.output = Some(v),
            "-I" | "--include-path" => args.options.include_dirs.extend(v.split(',').map(String::from)),
            "-isystem" | "--system-include" => args.options.system_include_dirs.push(v),
            "-D" | "--define-macro" => {
                for def in v.split(',') {
                    let (name, val) = match def.split_once('=') {
                        Some((n, val)) => (n.to_string(), val.to_string()),
                        None => (def.to_string(), "1".to_string()),
                    };
                    args.options.macros.push((name, Some(val)));
                }
            }
            "-U" | "--undefine-macro" => args.options.macros.push((v, None)),
            "-O" | "--optimize" => {
                args.options.opt = match v.as_str() {
                    "0" => OptLevel::O0,
                    "1" => OptLevel::O1,
                    "2" => OptLevel::O2,
                    "3" => OptLevel::O3,
                    _ => return Err(format!("invalid optimization level '-O{v}'")),
                }
            }
            "-ftz" | "--ftz" => ftz = Some(parse_bool(flag, &v)?),
            "-prec-div" | "--prec-div" => prec_div = Some(parse_bool(flag, &v)?),
            "-prec-sqrt" | "--prec-sqrt" => prec_sqrt = Some(parse_bool(flag, &v)?),
            "-fmad" | "--fmad" => fmad = Some(parse_bool(flag, &v)?),
            "--use_fast_math" | "-use_fast_math" => fast_math = true,
            "-maxrregcount" | "--maxrregcount" => {
                args.options.max_reg_count = Some(v.parse().map_err(|_| format!("invalid -maxrregcount value '{v}'"))?)
            }
            "-rdc" | "--relocatable-device-code" => args.options.rdc = parse_bool(flag, &v)?,
            "-dc" | "--device-c" => args.options.rdc = true,
            "-G" | "--device-debug" => args.options.device_debug = true,
            "-lineinfo" | "--generate-line-info" => args.options.line_info = true,
            "-ptx" | "--ptx" => args.emit = Emit::Ptx,
            "--emit" => {
                args.emit = match v.as_str() {
                    "ptx" => Emit::Ptx,
                    "llvm" | "llvm-ir" => Emit::Llvm,
                    _ => return Err(format!("invalid --emit value '{v}' (expected ptx or llvm)")),
                }
            }
            "--diag-format" => {
                args.diag_format = match v.as_str() {
                    "human" | "default" => DiagFormat::Human,
                    "nvcc" => DiagFormat::Nvcc,
                    "json" => DiagFormat::Json,
                    _ => return Err(format!("invalid --diag-format value '{v}' (expected human, nvcc or json)")),
                }
            }
            "--color" => {
                args.color = match v.as_str() {
                    "auto" => ColorChoice::Auto,
                    "always" => ColorChoice::Always,
                    "never" => ColorChoice::Never,
                    _ => return Err(format!("invalid --color value '{v}' (expected auto, always or never)")),
                }
            }
            "--libdevice" => args.libdevice = Some(v),
            "-v" | "--verbose" => args.verbose = true,
            "-w" | "--disable-warnings" => args.no_warnings = true,
            // nvcc's `-Werror=all-warnings` (or any kind list) promotes warnings too.
            "-Werror" | "--Werror" => args.werror = true,
            f if f.starts_with("-Werror=") || f.starts_with("--Werror=") => args.werror = true,
            "-h" | "--help" | "-help" => args.help = true,
            "-V" | "--version" => args.version = true,
            "--stats" => args.stats = true,
            "--watch" => args.watch = true,
            "--bench-edit" => {
                args.bench_edit = Some(v.parse().map_err(|_| format!("invalid --bench-edit value '{v}' (expected a count)"))?)
            }
            // Accepted, no effect on device code generation.
            "-std" | "--std" | "-default-device" | "-Xcompiler" | "--compiler-options" | "-Xptxas" | "--ptxas-options"
            | "-Xlinker" | "--linker-options" | "-ccbin" | "--compiler-bindir" | "-MF" | "--dependency-output" | "-x"
            | "--x" | "-include" | "--pre-include" | "-t" | "--threads" | "-Xcudafe" | "-Xnvlink" | "-Xarchive"
            | "--extended-lambda" | "-extended-lambda" | "--expt-relaxed-constexpr" | "-expt-relaxed-constexpr"
            | "--expt-extended-lambda" | "-expt-extended-lambda" | "-c" | "--compile" | "-cubin" | "--cubin" | "-m64"
            | "-forward-unknown-to-host-compiler" | "--forward-unknown-to-host-compiler" | "-Wno-deprecated-gpu-targets"
            | "-MD" | "-M" | "-g" | "--debug" | "-cudart" | "--keep" | "-keep" => {}
            "--options-file" | "-optf" => return Err("unsupported: --options-file (response files)".into()),
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    if fast_math {
        args.options.fast_math = true;
        args.options.ftz = true;
        args.options.prec_div = false;
        args.options.prec_sqrt = false;
        args.options.fmad = true;
    }
    if let Some(v) = ftz {
        args.options.ftz = v;
    }
    if let Some(v) = prec_div {
        args.options.prec_div = v;
    }
    if let Some(v) = prec_sqrt {
        args.options.prec_sqrt = v;
    }
    if let Some(v) = fmad {
        args.options.fmad = v;
    }
    if args.options.device_debug {
        args.options.opt = OptLevel::O0;
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Args {
        parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn nvcc_spellings() {
        let a = p("-arch=sm_90 -O3 --ptx k.cu -o k.ptx -Iinc -I other -DN=4 -DFLAG -UX -Xcompiler -Wall -ccbin g++");
        assert_eq!(a.inputs, vec!["k.cu"]);
        assert_eq!(a.output.as_deref(), Some("k.ptx"));
        assert_eq!(a.options.arch.name(), "sm_90");
        assert_eq!(a.options.opt, OptLevel::O3);
        assert_eq!(a.options.include_dirs, vec!["inc", "other"]);
        assert_eq!(
            a.options.macros,
            vec![("N".into(), Some("4".into())), ("FLAG".into(), Some("1".into())), ("X".into(), None)]
        );
    }

    #[test]
    fn defaults_and_math_flags() {
        let a = p("k.cu");
        assert_eq!(a.options.arch.name(), "sm_75");
        assert_eq!(a.options.opt, OptLevel::O3);
        let a = p("--gpu-architecture sm_80 -O0 --use_fast_math -prec-div=true k.cu");
        assert_eq!(a.options.arch.name(), "sm_80");
        assert_eq!(a.options.opt, OptLevel::O0);
        assert!(a.options.ftz && a.options.prec_div && !a.options.prec_sqrt);
        let a = p("-gencode arch=compute_90a,code=sm_90a k.cu --emit=llvm -o -");
        assert_eq!(a.options.arch.name(), "sm_90a");
        assert_eq!(a.emit, Emit::Llvm);
        assert_eq!(a.output.as_deref(), Some("-"));
    }

    #[test]
    fn errors() {
        let e = |s: &str| parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>()).unwrap_err();
        assert_eq!(e("-arch=sm_9x k.cu"), "unsupported gpu architecture 'sm_9x'");
        assert_eq!(e("--frobnicate k.cu"), "unknown option '--frobnicate'");
        assert_eq!(e("-O7 k.cu"), "invalid optimization level '-O7'");
        assert_eq!(e("k.cu -o"), "option '-o' expects a value");
        assert_eq!(e("--color=sometimes k.cu"), "invalid --color value 'sometimes' (expected auto, always or never)");
        assert_eq!(e("--diag-format=xml k.cu"), "invalid --diag-format value 'xml' (expected human, nvcc or json)");
    }

    #[test]
    fn diagnostics_flags() {
        let a = p("k.cu");
        assert_eq!((a.diag_format, a.color, a.no_warnings, a.werror), (DiagFormat::Human, ColorChoice::Auto, false, false));
        let a = p("--diag-format=json --color=always -w -Werror k.cu");
        assert_eq!((a.diag_format, a.color, a.no_warnings, a.werror), (DiagFormat::Json, ColorChoice::Always, true, true));
        let a = p("--diag-format nvcc --color never -Werror=all-warnings k.cu");
        assert_eq!((a.diag_format, a.color, a.werror), (DiagFormat::Nvcc, ColorChoice::Never, true));
        assert_eq!(a.inputs, vec!["k.cu"]);
    }
}
