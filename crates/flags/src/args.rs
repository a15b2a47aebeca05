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

/// A warning named by `--diag-suppress`, `--diag-error` or `--diag-warn`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagName {
    /// nvcc's number (`177` for `warning #177-D`; see [`warpc_base::nvcc_number`]).
    Number(u32),
    /// warpc's code (`missing-return`; the `warpc` command line only).
    Code(String),
}

/// What `--diag-suppress`, `--diag-error` and `--diag-warn` do to the warnings they name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagAction {
    Suppress,
    Error,
    Warn,
}

/// `-M`, `-MM`, `-MD`, `-MMD`: make-format dependency output (see `deps.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepsMode {
    /// `-M`/`-MM`: write the dependencies instead of compiling (to `-MF`, `-o` or stdout);
    /// `-MD`/`-MMD`: compile and also write them (to `-MF` or the output's name with `.d`).
    pub only: bool,
    /// `-MM`/`-MMD`: leave out headers found in `-isystem` directories.
    pub skip_system: bool,
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
    /// `-M`/`-MM`/`-MD`/`-MMD`.
    pub deps: Option<DepsMode>,
    /// `-MF FILE`: where `-MD`/`-M` write the dependencies.
    pub dep_file: Option<String>,
    /// `-MT TARGET`: the rule's target (the last one given, as nvcc).
    pub dep_target: Option<String>,
    /// `-MP`: a phony target for each dependency.
    pub dep_phony: bool,
    /// `--compdb DIR` / `-p DIR`: take the input's flags from `DIR/compile_commands.json`.
    pub compdb: Option<String>,
    /// `-E`: write the preprocessed translation unit instead of compiling.
    pub preprocess_only: bool,
    /// `--cache-dir DIR`: the persistent per-function cache (default: `cache::default_dir`).
    pub cache_dir: Option<String>,
    /// `--no-cache`: no persistent cache.
    pub no_cache: bool,
    /// `-time FILE` (nvcc's `--time`): append per-stage times as CSV to FILE (`-`: stdout).
    pub time_file: Option<String>,
    /// `-ccbin COMPILER|DIR`: the host compiler whose system folders are searched (default g++).
    pub host_compiler: Option<String>,
    /// `--cuda-path DIR`: the CUDA toolkit whose headers are searched.
    pub cuda_path: Option<String>,
    /// NVRTC's `--no-source-include`: the source's own folder is not searched for `"..."`
    /// includes (only with [`Dialect::Nvrtc`]).
    pub no_source_include: bool,
    /// `--diag-suppress`/`--diag-error`/`--diag-warn`, in command-line order (a later one
    /// about the same warning wins).
    pub diag_controls: Vec<(DiagAction, DiagName)>,
    /// The front end's error for the first number of `--diag-suppress`/`--diag-error`/
    /// `--diag-warn` it does not know (`invalid error number in diagnostic control option:
    /// 99999`; see [`nvrtc_diag_number`]; nvcc and NVRTC accept the same numbers): the
    /// compilation then fails with only that.
    pub diag_number_error: Option<String>,
    /// `-dopt on`: with `-G`, optimised code with line information instead of `-O0` code
    /// (nvcc passes cicc `-generate-line-info` instead of `-g -O0`; NVRTC's PTX for `-G -dopt on`
    /// is its PTX for `-lineinfo`). Without `-G` it changes nothing: device code is optimised
    /// by default.
    pub dopt: bool,
    /// The target was named as a virtual architecture (`compute_XX`, NVRTC's default): PTX only,
    /// no CUBIN (only with [`Dialect::Nvrtc`]).
    pub virtual_arch: bool,
}

/// The diagnostic numbers NVRTC 13.5's front end accepts in `--diag-suppress`, `--diag-error`
/// and `--diag-warn` (measured: every number up to 200000 tried, and the limits of its integer;
/// nvcc 13.5 accepts the same: 4012 and 20428 pass, 0, 4013 and 20429 fail).
const NVRTC_DIAG_NUMBERS: [std::ops::RangeInclusive<u32>; 2] = [1..=4012, 20000..=20428];

/// One comma-separated item of NVRTC's `--diag-*` value (digits only, already checked), as its
/// front end takes it: the number, or the front end's error (`invalid error number in diagnostic
/// control option: 99999`, `invalid number: 4294967296`, `invalid error tag in diagnostic
/// control option: ` for an empty item).
pub fn nvrtc_diag_number(item: &str) -> Result<u32, String> {
    if item.is_empty() {
        return Err("invalid error tag in diagnostic control option: ".to_string());
    }
    let digits = item.trim_start_matches('0');
    match digits.parse::<u32>() {
        Ok(n) if n <= i32::MAX as u32 => {
            if NVRTC_DIAG_NUMBERS.iter().any(|r| r.contains(&n)) {
                Ok(n)
            } else {
                Err(format!("invalid error number in diagnostic control option: {item}"))
            }
        }
        _ if digits.is_empty() => Err(format!("invalid error number in diagnostic control option: {item}")),
        _ => Err(format!("invalid number: {item}")),
    }
}

/// The SM numbers NVRTC 13.5 supports (`nvrtcGetSupportedArchs`).
pub const NVRTC_ARCHS: &[i32] = &[75, 80, 86, 87, 88, 89, 90, 100, 103, 107, 110, 120, 121];

/// Whose option spellings a command line uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// nvcc's (the `warpc` command line).
    Nvcc,
    /// NVRTC's `nvrtcCompileProgram` options (the `libnvrtc` library): no input files, no
    /// host compiler or toolkit headers, NVRTC's extra options, NVRTC's error messages.
    Nvrtc,
}

fn parse_bool(flag: &str, v: &str) -> Result<bool, String> {
    match v {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!(
            "invalid value '{v}' for option '{flag}' (expected true or false)"
        )),
    }
}

/// Options that take a value, by every spelling (value after `=` or as the next argument).
const VALUED: &[&str] = &[
    "-arch",
    "--gpu-architecture",
    "-code",
    "--gpu-code",
    "-gencode",
    "--generate-code",
    "-o",
    "--output-file",
    "-I",
    "--include-path",
    "-isystem",
    "--system-include",
    "-D",
    "--define-macro",
    "-U",
    "--undefine-macro",
    "-include",
    "--pre-include",
    "-std",
    "--std",
    "-ftz",
    "--ftz",
    "-prec-div",
    "--prec-div",
    "-prec-sqrt",
    "--prec-sqrt",
    "-fmad",
    "--fmad",
    "-maxrregcount",
    "--maxrregcount",
    "-rdc",
    "--relocatable-device-code",
    "-default-device",
    "-Xcompiler",
    "--compiler-options",
    "-Xptxas",
    "--ptxas-options",
    "-Xlinker",
    "--linker-options",
    "-ccbin",
    "--compiler-bindir",
    "-MF",
    "--dependency-output",
    "--emit",
    "--diag-format",
    "--color",
    "--libdevice",
    "-x",
    "--x",
    "-O",
    "--optimize",
    "--options-file",
    "-optf",
    "-t",
    "--threads",
    "-Xcudafe",
    "-Xnvlink",
    "-Xarchive",
    "--bench-edit",
    "-MT",
    "--dependency-target-name",
    "--compdb",
    "-p",
    "-diag-suppress",
    "--diag-suppress",
    "-diag-error",
    "--diag-error",
    "-diag-warn",
    "--diag-warn",
    "-odir",
    "--output-directory",
    "-keep-dir",
    "--keep-dir",
    "-Xfatbin",
    "--fatbin-options",
    "-split-compile",
    "--split-compile",
    "-m",
    "--machine",
    "--cache-dir",
    "-time",
    "--time",
    "--cuda-path",
    "-dopt",
    "--dopt",
];

/// Splits the text of an `--options-file` as a shell would split words: whitespace separates,
/// `'...'` and `"..."` quote (a backslash escapes inside double quotes and outside quotes).
pub fn split_response_file(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    cur.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' if matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) => cur.push(chars.next().unwrap()),
                        c => cur.push(c),
                    }
                }
            }
            '\\' => {
                // A backslash-newline continues the line; any other escaped character is literal.
                if let Some(c) = chars.next() {
                    if c != '\n' {
                        in_word = true;
                        cur.push(c);
                    }
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

/// Replaces every `--options-file F[,G...]` / `-optf F` (also `=`-joined) by the words of the
/// files, recursively (a file may name further option files; nesting is limited to 16).
pub fn expand_options_files(argv: &[String]) -> Result<Vec<String>, String> {
    fn expand(argv: &[String], depth: u32, out: &mut Vec<String>) -> Result<(), String> {
        let mut i = 0;
        while i < argv.len() {
            let arg = &argv[i];
            i += 1;
            let files = match arg.split_once('=') {
                Some(("--options-file" | "-optf", v)) => v.to_string(),
                _ if arg == "--options-file" || arg == "-optf" => match argv.get(i) {
                    Some(v) => {
                        i += 1;
                        v.clone()
                    }
                    None => return Err(format!("option '{arg}' expects a value")),
                },
                _ => {
                    out.push(arg.clone());
                    continue;
                }
            };
            if depth >= 16 {
                return Err("--options-file nested too deeply".into());
            }
            for file in files.split(',').filter(|f| !f.is_empty()) {
                let text =
                    std::fs::read_to_string(file).map_err(|e| format!("cannot read options file \"{file}\": {e}"))?;
                expand(&split_response_file(&text), depth + 1, out)?;
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    expand(argv, 0, &mut out)?;
    Ok(out)
}

/// The `-std=` values nvcc accepts, and the `__cplusplus` each gives the device pass (`None`:
/// nvcc passes nothing to the preprocessor, which stays in its default GNU C++17 mode).
fn std_cplusplus(v: &str) -> Result<Option<&'static str>, String> {
    Ok(Some(match v {
        "c++03" => "199711L",
        "c++11" => "201103L",
        "c++14" => "201402L",
        "c++17" => "201703L",
        "c++20" => "202002L",
        "c++23" => return Ok(None),
        _ => return Err(format!("value '{v}' is not defined for option 'std'")),
    }))
}

/// Parses `argv[1..]`. `--options-file` contents are read first, in place.
pub fn parse(argv: &[String]) -> Result<Args, String> {
    parse_dialect(&expand_options_files(argv)?, Dialect::Nvcc)
}

/// Parses the options of `nvrtcCompileProgram`. The error is NVRTC's log line without its
/// `nvrtc: error: ` prefix (`unrecognized option --frobnicate found`).
pub fn parse_nvrtc(argv: &[String]) -> Result<Args, String> {
    parse_dialect(argv, Dialect::Nvrtc)
}

/// NVRTC's own options, by every spelling, that take no value.
const NVRTC_FLAGS: &[&str] = &[
    "-default-device",
    "--device-as-default-execution-space",
    "-extra-device-vectorization",
    "--extra-device-vectorization",
    "-no-source-include",
    "--no-source-include",
    "-minimal",
    "--minimal",
    "-pch",
    "--pch",
    "-pch-verbose",
    "-instantiate-templates-in-pch",
    "-no-pch-messages",
    "-use-pch",
    "-builtin-move-forward",
    "-builtin-initializer-list",
    "-disable-warnings",
    "-restrict",
    "--restrict",
    "-device-int128",
    "--device-int128",
    "-fdevice-syntax-only",
    "--fdevice-syntax-only",
];

/// NVRTC's own options, by every spelling, that take a value after `=` (or as the next word).
const NVRTC_VALUED: &[&str] = &[
    "-dopt",
    "--dopt",
    "-pch-dir",
    "--pch-dir",
    "-create-pch",
    "--create-pch",
    "-use-pch",
    "--use-pch",
    "-pch-messages",
    "--pch-messages",
    "-instantiate-templates-in-pch",
    "--instantiate-templates-in-pch",
    "-pch-verbose",
    "--pch-verbose",
    "-builtin-move-forward",
    "--builtin-move-forward",
    "-builtin-initializer-list",
    "--builtin-initializer-list",
    "-fdevice-time-trace",
    "--fdevice-time-trace",
    "-Ofast-compile",
    "--Ofast-compile",
];

/// NVRTC options warpc cannot honour: they fail like an unknown option, with the reason.
const NVRTC_UNSUPPORTED: &[(&str, &str)] = &[
    ("-dlto", "LTO IR is not produced (warpc emits PTX and CUBIN)"),
    ("--dlto", "LTO IR is not produced (warpc emits PTX and CUBIN)"),
    ("-gen-lto", "LTO IR is not produced (warpc emits PTX and CUBIN)"),
    ("--gen-lto", "LTO IR is not produced (warpc emits PTX and CUBIN)"),
    ("-gen-opt-lto", "LTO IR is not produced (warpc emits PTX and CUBIN)"),
    ("--gen-opt-lto", "LTO IR is not produced (warpc emits PTX and CUBIN)"),
    ("--optix-ir", "OptiX IR is not produced (warpc emits PTX and CUBIN)"),
    ("-optix-ir", "OptiX IR is not produced (warpc emits PTX and CUBIN)"),
];

/// The NVRTC-only options (see [`NVRTC_FLAGS`], [`NVRTC_VALUED`]): `Ok(true)` when `arg` was
/// one (the value consumed from `argv[*i]` when it is the next word).
fn nvrtc_option(args: &mut Args, arg: &str, argv: &[String], i: &mut usize) -> Result<bool, String> {
    // NVRTC takes `-time=FILE` and `--time=FILE` only.
    if arg == "-time" || arg == "--time" {
        return Err(format!("unrecognized option {arg} found"));
    }
    if let Some((_, why)) = NVRTC_UNSUPPORTED
        .iter()
        .find(|(f, _)| *f == arg || arg.starts_with(&format!("{f}=")))
    {
        return Err(format!("unsupported option {arg} found: {why}"));
    }
    if NVRTC_FLAGS.contains(&arg) {
        match arg {
            "-default-device" | "--device-as-default-execution-space" => args.options.default_device = true,
            "-no-source-include" | "--no-source-include" => {
                args.no_source_include = true;
                args.options.no_source_include = true;
            }
            "-minimal" | "--minimal" => args.options.minimal = true,
            "-extra-device-vectorization" | "--extra-device-vectorization" => args.options.extra_vectorization = true,
            _ => {}
        }
        return Ok(true);
    }
    let (flag, value) = match arg.split_once('=') {
        Some((f, v)) if NVRTC_VALUED.contains(&f) => (f, v.to_string()),
        _ if NVRTC_VALUED.contains(&arg) => match argv.get(*i) {
            Some(v) => {
                *i += 1;
                (arg, v.clone())
            }
            None if arg.ends_with("dopt") => return Err("-dopt expects a value".into()),
            None => return Err(format!("option {arg} expects a value")),
        },
        _ => return Ok(false),
    };
    if flag.trim_start_matches('-') == "builtin-move-forward" {
        args.options.builtin_move_forward = match value.as_str() {
            "true" => true,
            "false" => false,
            _ => return Err(format!("invalid argument for option --builtin-move-forward: {value}")),
        };
    }
    if flag == "-dopt" || flag == "--dopt" {
        // NVRTC 13.5 takes `on` only.
        if value != "on" {
            return Err(format!("invalid argument for option --dopt (-dopt): {value}"));
        }
        args.dopt = true;
    }
    Ok(true)
}

/// NVRTC's message for a missing or invalid value of its boolean and integer options.
fn nvrtc_value_error(flag: &str) -> Option<String> {
    let (long, short, what) = match flag.trim_start_matches('-') {
        "rdc" | "relocatable-device-code" => ("relocatable-device-code", "rdc", "true or false"),
        "ftz" => ("ftz", "ftz", "true or false"),
        "fmad" => ("fmad", "fmad", "true or false"),
        "prec-div" => ("prec-div", "prec-div", "true or false"),
        "prec-sqrt" => ("prec-sqrt", "prec-sqrt", "true or false"),
        "maxrregcount" => ("maxrregcount", "maxrregcount", "an integer value"),
        _ => return None,
    };
    Some(format!("--{long} (-{short}) expects {what}"))
}

fn parse_dialect(argv: &[String], dialect: Dialect) -> Result<Args, String> {
    let nvrtc = dialect == Dialect::Nvrtc;
    // `--nvrtc` on the `warpc` command line: NVRTC's front end (its predefined macros, builtin
    // headers and header search, and its own options) for files named on an nvcc-style command
    // line; what differs from nvcc's is [`CompileOptions::nvrtc`] and the header search below.
    let nvrtc_front = nvrtc || argv.iter().any(|a| a == "--nvrtc");
    // nvcc passes options it does not know to the host compiler instead of failing.
    let forward_unknown = !nvrtc
        && argv
            .iter()
            .any(|a| a == "-forward-unknown-to-host-compiler" || a == "--forward-unknown-to-host-compiler");
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
        deps: None,
        dep_file: None,
        dep_target: None,
        dep_phony: false,
        compdb: None,
        preprocess_only: false,
        cache_dir: None,
        no_cache: false,
        time_file: None,
        host_compiler: None,
        cuda_path: None,
        no_source_include: false,
        diag_controls: Vec::new(),
        diag_number_error: None,
        dopt: false,
        virtual_arch: nvrtc,
    };
    args.options.nvrtc = nvrtc_front;
    let mut fast_math = false;
    let (mut ftz, mut prec_div, mut prec_sqrt, mut fmad) = (None, None, None, None);
    let mut i = 0;
    while i < argv.len() {
        let arg = argv[i].as_str();
        i += 1;
        if nvrtc && (!arg.starts_with('-') || arg == "-") {
            return Err(format!("unrecognized option {arg} found"));
        }
        if !nvrtc && arg == "--nvrtc" {
            continue;
        }
        if nvrtc_front && nvrtc_option(&mut args, arg, argv, &mut i)? {
            continue;
        }
        if !arg.starts_with('-') || arg == "-" {
            args.inputs.push(arg.to_string());
            continue;
        }
        // Split `-flag=value` / `-flag value` / glued short forms.
        let (flag, mut value): (&str, Option<String>) = match arg.split_once('=') {
            Some((f, v)) if VALUED.contains(&f) => (f, Some(v.to_string())),
            _ => {
                let glued = ["-I", "-D", "-U", "-O", "-o"]
                    .iter()
                    .find(|p| arg.starts_with(**p) && arg.len() > p.len());
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
            } else if nvrtc {
                return Err(nvrtc_value_error(flag).unwrap_or_else(|| format!("option {flag} expects a value")));
            } else {
                return Err(format!("option '{flag}' expects a value"));
            }
        }
        let v = value.unwrap_or_default();
        if nvrtc {
            // NVRTC's own checks and messages for the values of its boolean, integer and `--std`
            // options.
            let bool_ok = v == "true" || v == "false";
            match nvrtc_value_error(flag) {
                Some(msg) if msg.ends_with("true or false") && !bool_ok => return Err(msg),
                Some(msg) if msg.ends_with("integer value") && v.parse::<u32>().is_err() => return Err(msg),
                _ => {}
            }
            if (flag == "-std" || flag == "--std") && std_cplusplus(&v).is_err() {
                return Err("invalid value for --std(-std)".into());
            }
        }
        match flag {
            // NVRTC has no host compiler, input files or output files: nvcc's options for them
            // are unknown to it.
            "-o"
            | "--output-file"
            | "-ccbin"
            | "--compiler-bindir"
            | "-Xcompiler"
            | "--compiler-options"
            | "-c"
            | "--compile"
            | "-E"
            | "--preprocess"
            | "-M"
            | "-MM"
            | "-MD"
            | "-MMD"
            | "-MF"
            | "-MT"
            | "-MP"
            | "--compdb"
            | "-p"
            | "--watch"
            | "--stats"
            | "--bench-edit"
            | "--options-file"
            | "-optf"
            | "-x"
            | "--x"
            | "--cuda-path"
            | "-isystem"
            | "--system-include"
            | "-forward-unknown-to-host-compiler"
            | "--forward-unknown-to-host-compiler"
            | "-h"
            | "--help"
            | "-help"
            | "-V"
            | "--version"
            | "--emit"
            | "--diag-format"
            | "--color"
            | "-cubin"
            | "--cubin"
            | "-ptx"
            | "--ptx"
            | "-Xlinker"
            | "--linker-options"
            | "-dc"
            | "--device-c"
            | "-O"
            | "--optimize"
                if nvrtc =>
            {
                return Err(format!("unrecognized option {arg} found"))
            }
            "-arch" | "--gpu-architecture" => {
                let first = v.split(',').next().unwrap_or("");
                if nvrtc {
                    // NVRTC takes one `compute_XX` (PTX only) or `sm_XX` (PTX and CUBIN).
                    let sm = SmVersion::parse(&v)
                        .filter(|sm| NVRTC_ARCHS.contains(&(sm.number as i32)))
                        .filter(|_| v.starts_with("sm_") || v.starts_with("compute_"))
                        .ok_or_else(|| "invalid value for --gpu-architecture (-arch)".to_string())?;
                    args.options.arch = sm;
                    args.virtual_arch = v.starts_with("compute_");
                } else if first != "native" && first != "all" && first != "all-major" {
                    args.options.arch =
                        SmVersion::parse(first).ok_or_else(|| format!("unsupported gpu architecture '{v}'"))?;
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
            "-ccbin" | "--compiler-bindir" => args.host_compiler = Some(v),
            "--cuda-path" => args.cuda_path = Some(v),
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
                    _ => {
                        return Err(format!(
                            "invalid --diag-format value '{v}' (expected human, nvcc or json)"
                        ))
                    }
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
            "--cache-dir" => args.cache_dir = Some(v),
            "--no-cache" => args.no_cache = true,
            "-time" | "--time" => args.time_file = Some(v),
            "-M" | "--generate-dependencies" => {
                args.deps = Some(DepsMode {
                    only: true,
                    skip_system: false,
                })
            }
            "-MM" | "--generate-nonsystem-dependencies" => {
                args.deps = Some(DepsMode {
                    only: true,
                    skip_system: true,
                })
            }
            "-MD" | "--generate-dependencies-with-compile" => {
                args.deps = Some(DepsMode {
                    only: false,
                    skip_system: false,
                })
            }
            "-MMD" | "--generate-nonsystem-dependencies-with-compile" => {
                args.deps = Some(DepsMode {
                    only: false,
                    skip_system: true,
                })
            }
            "-MF" | "--dependency-output" => args.dep_file = Some(v),
            "-MT" | "--dependency-target-name" => args.dep_target = Some(v),
            "-MP" | "--generate-dependency-targets" => args.dep_phony = true,
            "--compdb" | "-p" => args.compdb = Some(v),
            "-E" | "--preprocess" => args.preprocess_only = true,
            "-std" | "--std" => {
                if let Some(value) = std_cplusplus(&v)? {
                    // The preprocessor's view of `-std` (see `warpc_pp::predefined_macros`).
                    args.options.macros.push(("__cplusplus".into(), Some(value.into())));
                    args.options.macros.push(("__STRICT_ANSI__".into(), Some("1".into())));
                }
            }
            // nvcc passes these to the preprocessor as definitions.
            "--expt-relaxed-constexpr" | "-expt-relaxed-constexpr" => {
                let m = ("__CUDACC_RELAXED_CONSTEXPR__".to_string(), Some("1".to_string()));
                if !args.options.macros.contains(&m) {
                    args.options.macros.push(m);
                }
            }
            "--extended-lambda" | "-extended-lambda" | "--expt-extended-lambda" | "-expt-extended-lambda" => {
                let m = ("__CUDACC_EXTENDED_LAMBDA__".to_string(), Some("1".to_string()));
                if !args.options.macros.contains(&m) {
                    args.options.macros.push(m);
                }
            }
            "-diag-suppress" | "--diag-suppress" | "-diag-error" | "--diag-error" | "-diag-warn" | "--diag-warn" => {
                let action = match flag.trim_start_matches('-') {
                    "diag-suppress" => DiagAction::Suppress,
                    "diag-error" => DiagAction::Error,
                    _ => DiagAction::Warn,
                };
                if nvrtc {
                    // NVRTC takes digits and commas (and ignores trailing blanks); its front end
                    // then checks each number.
                    let v = v.trim_end();
                    if v == "0" || !v.bytes().all(|b| b.is_ascii_digit() || b == b',') {
                        return Err(format!(
                            "--{} expects a non-zero positive integer value",
                            flag.trim_start_matches('-')
                        ));
                    }
                    for number in v.split(',') {
                        match nvrtc_diag_number(number) {
                            Ok(n) => args.diag_controls.push((action, DiagName::Number(n))),
                            Err(e) => {
                                args.diag_number_error.get_or_insert(e);
                            }
                        }
                    }
                    continue;
                }
                for name in v.split(',') {
                    // A number is checked as nvcc's front end checks it (the same numbers as
                    // NVRTC's); any other name is a warpc diagnostic code.
                    let name = if name.is_empty() {
                        continue;
                    } else if name.bytes().all(|b| b.is_ascii_digit()) {
                        match nvrtc_diag_number(name) {
                            Ok(n) => DiagName::Number(n),
                            Err(e) => {
                                args.diag_number_error.get_or_insert(e);
                                continue;
                            }
                        }
                    } else {
                        DiagName::Code(name.to_string())
                    };
                    args.diag_controls.push((action, name));
                }
            }
            "-dopt" | "--dopt" => {
                if v != "on" {
                    return Err(format!("invalid value '{v}' for option '{flag}' (expected on)"));
                }
                args.dopt = true;
            }
            "-odir"
            | "--output-directory"
            | "-keep-dir"
            | "--keep-dir"
            | "-Xfatbin"
            | "--fatbin-options"
            | "-split-compile"
            | "--split-compile"
            | "-m"
            | "--machine"
            | "-res-usage"
            | "--resource-usage"
            | "-display-error-number"
            | "--display-error-number"
            | "-no-display-error-number"
            | "--no-display-error-number"
            | "-allow-unsupported-compiler"
            | "--allow-unsupported-compiler"
            | "-src-in-ptx"
            | "--source-in-ptx"
            | "-static-global-template-stub"
            | "--static-global-template-stub"
            | "-Wreorder"
            | "-Wdefault-stream-launch"
            | "-Wmissing-launch-bounds"
            | "-Wext-lambda-captures-this"
            | "-Wno-deprecated-declarations"
            | "-dlto"
            | "--dlto"
            | "-fatbin"
            | "--fatbin"
            | "-cuda"
            | "--cuda" => {}
            // Headers included before the source, after the CUDA prelude: NVRTC finds them like a
            // quoted `#include`; nvcc (as gcc's `-include`) first in the working directory.
            "-include" | "--pre-include" => {
                let in_cwd = std::path::Path::new(&v);
                let v = match std::env::current_dir() {
                    Ok(cwd) if !nvrtc && in_cwd.is_relative() && cwd.join(in_cwd).is_file() => {
                        cwd.join(in_cwd).display().to_string()
                    }
                    _ => v,
                };
                args.options
                    .pre_includes
                    .extend(v.split(',').filter(|s| !s.is_empty()).map(String::from))
            }
            "--bench-edit" => {
                args.bench_edit = Some(
                    v.parse()
                        .map_err(|_| format!("invalid --bench-edit value '{v}' (expected a count)"))?,
                )
            }
            // Accepted, no effect on device code generation.
            "-default-device"
            | "-Xcompiler"
            | "--compiler-options"
            | "-Xptxas"
            | "--ptxas-options"
            | "-Xlinker"
            | "--linker-options"
            | "-x"
            | "--x"
            | "-t"
            | "--threads"
            | "-Xcudafe"
            | "-Xnvlink"
            | "-Xarchive"
            | "-c"
            | "--compile"
            | "-cubin"
            | "--cubin"
            | "-m64"
            | "-forward-unknown-to-host-compiler"
            | "--forward-unknown-to-host-compiler"
            | "-Wno-deprecated-gpu-targets"
            | "-g"
            | "--debug"
            | "-cudart"
            | "--keep"
            | "-keep" => {}
            _ if forward_unknown => {}
            _ if nvrtc => return Err(format!("unrecognized option {arg} found")),
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
    if args.options.device_debug && args.dopt {
        // `-G -dopt on`: optimised code with line information (see [`Args::dopt`]).
        args.options.device_debug = false;
        args.options.line_info = true;
    }
    if args.options.device_debug {
        args.options.opt = OptLevel::O0;
    }
    if nvrtc_front {
        // NVRTC searches only the program's headers, `-I` and its builtin headers.
        return Ok(args);
    }
    args.options.header_search = warpc_base::toolchain::HeaderSearch::discover(
        args.cuda_path.as_deref(),
        args.host_compiler.as_deref(),
        &crate::repo_toolkit_cache().into_iter().collect::<Vec<_>>(),
    );
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
            vec![
                ("N".into(), Some("4".into())),
                ("FLAG".into(), Some("1".into())),
                ("X".into(), None)
            ]
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
        assert_eq!(
            e("--color=sometimes k.cu"),
            "invalid --color value 'sometimes' (expected auto, always or never)"
        );
        assert_eq!(
            e("--diag-format=xml k.cu"),
            "invalid --diag-format value 'xml' (expected human, nvcc or json)"
        );
    }

    #[test]
    fn cache_and_time_flags() {
        let a = p("k.cu");
        assert_eq!((a.cache_dir, a.no_cache, a.time_file), (None, false, None));
        let a = p("--cache-dir /tmp/c -time t.csv k.cu");
        assert_eq!(
            (a.cache_dir.as_deref(), a.time_file.as_deref()),
            (Some("/tmp/c"), Some("t.csv"))
        );
        let a = p("--cache-dir=/tmp/d --no-cache --time=- k.cu");
        assert_eq!(
            (a.cache_dir.as_deref(), a.no_cache, a.time_file.as_deref()),
            (Some("/tmp/d"), true, Some("-"))
        );
        assert_eq!(a.inputs, vec!["k.cu"]);
    }

    #[test]
    fn program_and_cmake_flags() {
        let a =
            p("-MD -MF k.d -MT k.o -MP -x cu -c k.cu -o k.ptx --expt-relaxed-constexpr --extended-lambda -std=c++20");
        assert_eq!(
            a.deps,
            Some(DepsMode {
                only: false,
                skip_system: false
            })
        );
        assert_eq!(
            (a.dep_file.as_deref(), a.dep_target.as_deref(), a.dep_phony),
            (Some("k.d"), Some("k.o"), true)
        );
        assert_eq!(a.inputs, vec!["k.cu"]);
        let names: Vec<&str> = a.options.macros.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "__CUDACC_RELAXED_CONSTEXPR__",
                "__CUDACC_EXTENDED_LAMBDA__",
                "__cplusplus",
                "__STRICT_ANSI__"
            ]
        );
        assert_eq!(
            p("-MM k.cu").deps,
            Some(DepsMode {
                only: true,
                skip_system: true
            })
        );
        assert!(p("-E -p build k.cu").preprocess_only);
        assert_eq!(p("--compdb=build k.cu").compdb.as_deref(), Some("build"));
        // Unknown options go to the host compiler with -forward-unknown-to-host-compiler.
        let a = p("-forward-unknown-to-host-compiler -fPIC -Wall -isystem=/sys -Xcompiler=-fPIC,-O2 k.cu");
        assert_eq!(a.options.system_include_dirs, vec!["/sys"]);
        assert!(parse(&["-fPIC".to_string(), "k.cu".to_string()]).is_err());
        assert_eq!(p("-std=c++23 k.cu").options.macros, vec![]);
        assert!(parse(&["-std=gnu++17".to_string()])
            .unwrap_err()
            .contains("not defined for option 'std'"));
    }

    #[test]
    fn nvrtc_front_end_on_the_command_line() {
        // `--nvrtc`: NVRTC's front end (macros, builtin headers, no toolkit or host compiler
        // search) and NVRTC's options, with nvcc's input and output options.
        let a = p("--nvrtc -arch=compute_90 --std=c++17 -I inc --device-as-default-execution-space -o k.ptx k.cu");
        assert!(a.options.nvrtc && a.options.default_device);
        assert_eq!(a.options.header_search, Default::default());
        assert_eq!(a.options.arch.name(), "sm_90");
        assert_eq!(a.options.include_dirs, vec!["inc"]);
        assert_eq!(
            (a.inputs, a.output.as_deref()),
            (vec!["k.cu".to_string()], Some("k.ptx"))
        );
        // Without it, NVRTC's own options are nvcc's unknown options.
        let argv = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(
            parse(&argv("--minimal k.cu")).unwrap_err(),
            "unknown option '--minimal'"
        );
        assert!(!p("k.cu").options.nvrtc);
    }

    #[test]
    fn nvrtc_dialect() {
        let n = |s: &str| parse_nvrtc(&s.split_whitespace().map(String::from).collect::<Vec<_>>());
        let a = n("-arch=compute_90 -default-device --pre-include=a.h -include b.h -I inc -DX --std=c++17").unwrap();
        assert!(a.options.nvrtc && a.options.default_device && a.virtual_arch);
        assert_eq!(a.options.arch.name(), "sm_90");
        assert_eq!(a.options.pre_includes, vec!["a.h", "b.h"]);
        assert_eq!(a.options.include_dirs, vec!["inc"]);
        // NVRTC's own options, and no toolkit or host compiler headers.
        let a = n("--gpu-architecture sm_80 --device-as-default-execution-space -dopt=on --extra-device-vectorization --minimal --no-source-include -lineinfo -G --fmad=false -w").unwrap();
        assert!(!a.virtual_arch && a.options.default_device && a.no_source_include && a.no_warnings && !a.options.fmad);
        assert_eq!(a.options.header_search, Default::default());
        // The default target is NVRTC's: compute_75.
        let a = n("").unwrap();
        assert!(a.virtual_arch && a.options.nvrtc);
        assert_eq!(a.options.arch.name(), "sm_75");
        // NVRTC's messages (the library prefixes `nvrtc: error: `).
        assert_eq!(n("--frobnicate").unwrap_err(), "unrecognized option --frobnicate found");
        assert_eq!(n("k.cu").unwrap_err(), "unrecognized option k.cu found");
        assert_eq!(n("-O3").unwrap_err(), "unrecognized option -O3 found");
        assert_eq!(n("-o x.ptx").unwrap_err(), "unrecognized option -o found");
        assert_eq!(
            n("-arch=sm_1").unwrap_err(),
            "invalid value for --gpu-architecture (-arch)"
        );
        assert_eq!(
            n("-arch=sm_72").unwrap_err(),
            "invalid value for --gpu-architecture (-arch)"
        );
        assert_eq!(
            n("-dopt=maybe").unwrap_err(),
            "invalid argument for option --dopt (-dopt): maybe"
        );
        assert_eq!(
            n("-dopt=off").unwrap_err(),
            "invalid argument for option --dopt (-dopt): off"
        );
        assert_eq!(n("-dopt").unwrap_err(), "-dopt expects a value");
        // `-G -dopt on`: optimised code with line information.
        let a = n("-G -dopt on").unwrap();
        assert!(a.dopt && !a.options.device_debug && a.options.line_info);
        assert_eq!(a.options.opt, OptLevel::O3);
        let a = n("-G").unwrap();
        assert!(a.options.device_debug && a.options.opt == OptLevel::O0);
        let a = n("--minimal --no-source-include --extra-device-vectorization").unwrap();
        assert!(a.options.minimal && a.options.no_source_include && a.options.extra_vectorization);
        // NVRTC's `-time` takes its file after `=` only.
        assert_eq!(n("-time=t.csv").unwrap().time_file.as_deref(), Some("t.csv"));
        assert_eq!(n("-time t.csv").unwrap_err(), "unrecognized option -time found");
        // Warnings by number only.
        assert_eq!(
            n("--diag-suppress=177,550 -diag-error 940 --diag-warn=47")
                .unwrap()
                .diag_controls,
            vec![
                (DiagAction::Suppress, DiagName::Number(177)),
                (DiagAction::Suppress, DiagName::Number(550)),
                (DiagAction::Error, DiagName::Number(940)),
                (DiagAction::Warn, DiagName::Number(47)),
            ]
        );
        assert_eq!(
            n("--diag-suppress=missing-return").unwrap_err(),
            "--diag-suppress expects a non-zero positive integer value"
        );
        // Numbers NVRTC's front end does not know fail the compilation, not the option parse.
        assert_eq!(
            n("--diag-error=0").unwrap_err(),
            "--diag-error expects a non-zero positive integer value"
        );
        let a = n("--diag-suppress=177,99999,0005 --diag-error=88888").unwrap();
        assert_eq!(
            a.diag_controls,
            vec![
                (DiagAction::Suppress, DiagName::Number(177)),
                (DiagAction::Suppress, DiagName::Number(5)),
            ]
        );
        assert_eq!(
            a.diag_number_error.as_deref(),
            Some("invalid error number in diagnostic control option: 99999")
        );
        assert_eq!(n("--diag-warn=20428,4012").unwrap().diag_number_error, None);
        assert_eq!(
            nvrtc_diag_number("00"),
            Err("invalid error number in diagnostic control option: 00".into())
        );
        assert_eq!(nvrtc_diag_number("20000"), Ok(20000));
        assert_eq!(
            nvrtc_diag_number("4013"),
            Err("invalid error number in diagnostic control option: 4013".into())
        );
        assert_eq!(
            nvrtc_diag_number("2147483648"),
            Err("invalid number: 2147483648".into())
        );
        assert_eq!(
            nvrtc_diag_number("99999999999999999999999"),
            Err("invalid number: 99999999999999999999999".into())
        );
        assert_eq!(
            nvrtc_diag_number(""),
            Err("invalid error tag in diagnostic control option: ".into())
        );
        assert!(n("-dlto").unwrap_err().starts_with("unsupported option -dlto found"));
        assert_eq!(
            n("-rdc").unwrap_err(),
            "--relocatable-device-code (-rdc) expects true or false"
        );
        assert_eq!(
            n("-rdc=maybe").unwrap_err(),
            "--relocatable-device-code (-rdc) expects true or false"
        );
        assert_eq!(
            n("-prec-div=1").unwrap_err(),
            "--prec-div (-prec-div) expects true or false"
        );
        assert_eq!(n("--ftz").unwrap_err(), "--ftz (-ftz) expects true or false");
        assert_eq!(
            n("--maxrregcount=abc").unwrap_err(),
            "--maxrregcount (-maxrregcount) expects an integer value"
        );
        assert_eq!(n("-std=gnu++17").unwrap_err(), "invalid value for --std(-std)");
        assert!(
            n("-rdc=true -ftz=false --maxrregcount=32 --std=c++20")
                .unwrap()
                .options
                .rdc
        );
        // The nvcc dialect is unchanged: -default-device takes a value there.
        assert!(!p("-default-device x k.cu").options.default_device);
        assert!(!p("k.cu").options.nvrtc);
    }

    #[test]
    fn diag_controls_take_numbers_and_codes() {
        let a = p("--diag-suppress=940,missing-return-value -diag-error 1105 -dopt on -G k.cu");
        assert_eq!(
            a.diag_controls,
            vec![
                (DiagAction::Suppress, DiagName::Number(940)),
                (DiagAction::Suppress, DiagName::Code("missing-return-value".into())),
                (DiagAction::Error, DiagName::Number(1105)),
            ]
        );
        assert!(a.options.line_info && !a.options.device_debug);
        assert!(parse(&["-dopt=off".to_string(), "k.cu".to_string()]).is_err());
    }

    #[test]
    fn nvcc_diag_numbers_are_checked_like_nvccs() {
        assert_eq!(p("--diag-suppress=4012,20428 k.cu").diag_number_error, None);
        for bad in ["0", "4013", "20429", "99999"] {
            assert_eq!(
                p(&format!("--diag-suppress=177,{bad} k.cu")).diag_number_error,
                Some(format!("invalid error number in diagnostic control option: {bad}"))
            );
        }
    }

    #[test]
    fn response_file_words() {
        let w = split_response_file("-I\"/a b/c\" -DX='1 2'  \\\n -O3\t\"q\\\"q\" a\\ b\n");
        assert_eq!(w, vec!["-I/a b/c", "-DX=1 2", "-O3", "q\"q", "a b"]);
        assert!(split_response_file("  \n ").is_empty());
    }

    #[test]
    fn diagnostics_flags() {
        let a = p("k.cu");
        assert_eq!(
            (a.diag_format, a.color, a.no_warnings, a.werror),
            (DiagFormat::Human, ColorChoice::Auto, false, false)
        );
        let a = p("--diag-format=json --color=always -w -Werror k.cu");
        assert_eq!(
            (a.diag_format, a.color, a.no_warnings, a.werror),
            (DiagFormat::Json, ColorChoice::Always, true, true)
        );
        let a = p("--diag-format nvcc --color never -Werror=all-warnings k.cu");
        assert_eq!(
            (a.diag_format, a.color, a.werror),
            (DiagFormat::Nvcc, ColorChoice::Never, true)
        );
        assert_eq!(a.inputs, vec!["k.cu"]);
    }
}
