//! `warpc emu`: run a kernel of a PTX file in the CPU emulator (`warpc-ptx-emu`), for CI without a
//! GPU.
//!
//! ```text
//! warpc emu k.ptx --kernel saxpy --grid 4,1,1 --block 256,1,1 [--shared BYTES] \
//!     --args i32:1000 f32:2.0 buf:f32:1,2,3 zeros:f32:1000
//! ```
//!
//! Arguments: `u32:V i32:V u64:V i64:V f32:V f64:V` scalars; `buf:T:v1,v2,...` a device buffer
//! initialised with the values; `zeros:T:N` a zeroed buffer of N elements; `bytes:HEX` a struct by
//! value. `T` is one of `u8 u16 u32 i32 u64 i64 f32 f64`. After the launch the kernel's printf
//! output is printed, then every buffer argument's final contents.

use warpc_ptx_emu::{Arg, DevicePtr, Emulator};

const USAGE: &str =
    "usage: warpc emu FILE.ptx --kernel NAME [--grid X,Y,Z] [--block X,Y,Z] [--shared BYTES] --args ARG...
  ARG: u32:V i32:V u64:V i64:V f32:V f64:V | buf:T:v1,v2,... | zeros:T:N | bytes:HEX
  T:   u8 u16 u32 i32 u64 i64 f32 f64";

fn dims(s: &str) -> Result<(u32, u32, u32), String> {
    let v: Vec<u32> = s
        .split(',')
        .map(|x| x.trim().parse::<u32>().map_err(|e| format!("bad dimension `{s}`: {e}")))
        .collect::<Result<_, _>>()?;
    Ok((
        v.first().copied().unwrap_or(1),
        v.get(1).copied().unwrap_or(1),
        v.get(2).copied().unwrap_or(1),
    ))
}

fn elem_size(t: &str) -> Result<usize, String> {
    Ok(match t {
        "u8" => 1,
        "u16" => 2,
        "u32" | "i32" | "f32" => 4,
        "u64" | "i64" | "f64" => 8,
        _ => return Err(format!("unknown element type `{t}`")),
    })
}

fn encode(t: &str, v: &str) -> Result<Vec<u8>, String> {
    let e = |x: std::num::ParseIntError| format!("bad {t} value `{v}`: {x}");
    let f = |x: std::num::ParseFloatError| format!("bad {t} value `{v}`: {x}");
    Ok(match t {
        "u8" => vec![v.parse::<u8>().map_err(e)?],
        "u16" => v.parse::<u16>().map_err(e)?.to_le_bytes().to_vec(),
        "u32" => v.parse::<u32>().map_err(e)?.to_le_bytes().to_vec(),
        "i32" => v.parse::<i32>().map_err(e)?.to_le_bytes().to_vec(),
        "u64" => v.parse::<u64>().map_err(e)?.to_le_bytes().to_vec(),
        "i64" => v.parse::<i64>().map_err(e)?.to_le_bytes().to_vec(),
        "f32" => v.parse::<f32>().map_err(f)?.to_le_bytes().to_vec(),
        "f64" => v.parse::<f64>().map_err(f)?.to_le_bytes().to_vec(),
        _ => return Err(format!("unknown element type `{t}`")),
    })
}

fn decode(t: &str, b: &[u8]) -> String {
    match t {
        "u8" => b[0].to_string(),
        "u16" => u16::from_le_bytes(b.try_into().unwrap()).to_string(),
        "u32" => u32::from_le_bytes(b.try_into().unwrap()).to_string(),
        "i32" => i32::from_le_bytes(b.try_into().unwrap()).to_string(),
        "u64" => u64::from_le_bytes(b.try_into().unwrap()).to_string(),
        "i64" => i64::from_le_bytes(b.try_into().unwrap()).to_string(),
        "f32" => f32::from_le_bytes(b.try_into().unwrap()).to_string(),
        _ => f64::from_le_bytes(b.try_into().unwrap()).to_string(),
    }
}

/// Runs `warpc emu ARGS...`; returns the exit status.
pub fn run(argv: &[String], out: &mut dyn std::io::Write, err: &mut dyn std::io::Write) -> i32 {
    match run_inner(argv, out) {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "warpc emu: error: {e}");
            1
        }
    }
}

fn run_inner(argv: &[String], out: &mut dyn std::io::Write) -> Result<(), String> {
    let (mut file, mut kernel, mut grid, mut block, mut shared) = (None, None, (1, 1, 1), (1, 1, 1), 0u32);
    let mut args: Vec<String> = Vec::new();
    let mut i = 0;
    while i < argv.len() {
        let a = argv[i].as_str();
        let mut value = || {
            i += 1;
            argv.get(i)
                .cloned()
                .ok_or_else(|| format!("`{a}` needs a value\n{USAGE}"))
        };
        match a {
            "--kernel" => kernel = Some(value()?),
            "--grid" => grid = dims(&value()?)?,
            "--block" => block = dims(&value()?)?,
            "--shared" => shared = value()?.parse().map_err(|e| format!("bad --shared: {e}"))?,
            "--args" => {
                while i + 1 < argv.len() && !argv[i + 1].starts_with("--") {
                    i += 1;
                    args.push(argv[i].clone());
                }
            }
            "-h" | "--help" => return Err(USAGE.into()),
            _ if file.is_none() && !a.starts_with('-') => file = Some(a.to_string()),
            _ => return Err(format!("unexpected argument `{a}`\n{USAGE}")),
        }
        i += 1;
    }
    let file = file.ok_or_else(|| format!("no PTX file\n{USAGE}"))?;
    let ptx = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let mut emu = Emulator::new(&ptx).map_err(|e| format!("{file}: {e}"))?;
    let kernel = match kernel {
        Some(k) => k,
        None => match emu.kernels().as_slice() {
            [k] => k.to_string(),
            ks => return Err(format!("--kernel is required; kernels: {}", ks.join(", "))),
        },
    };
    let mut launch_args = Vec::new();
    let mut buffers: Vec<(usize, String, DevicePtr, usize)> = Vec::new();
    for (k, a) in args.iter().enumerate() {
        let (kind, rest) = a
            .split_once(':')
            .ok_or_else(|| format!("bad argument `{a}`\n{USAGE}"))?;
        let arg = match kind {
            "u32" | "i32" | "u64" | "i64" | "f32" | "f64" => {
                let b = encode(kind, rest)?;
                match kind {
                    "u32" | "i32" => Arg::U32(u32::from_le_bytes(b.try_into().unwrap())),
                    "f32" => Arg::F32(f32::from_le_bytes(b.try_into().unwrap())),
                    "f64" => Arg::F64(f64::from_le_bytes(b.try_into().unwrap())),
                    _ => Arg::U64(u64::from_le_bytes(b.try_into().unwrap())),
                }
            }
            "buf" | "zeros" => {
                let (t, vals) = rest
                    .split_once(':')
                    .ok_or_else(|| format!("bad buffer argument `{a}`"))?;
                let size = elem_size(t)?;
                let data: Vec<u8> = if kind == "zeros" {
                    vec![0; size * vals.parse::<usize>().map_err(|e| format!("bad count in `{a}`: {e}"))?]
                } else {
                    let mut d = Vec::new();
                    for v in vals.split(',').filter(|v| !v.is_empty()) {
                        d.extend(encode(t, v.trim())?);
                    }
                    d
                };
                let p = emu.alloc(data.len() as u64);
                emu.write(p, &data).map_err(|e| e.to_string())?;
                buffers.push((k, t.to_string(), p, data.len()));
                Arg::Ptr(p)
            }
            "bytes" => {
                let hex = rest.trim_start_matches("0x");
                let bytes = (0..hex.len() / 2)
                    .map(|j| {
                        u8::from_str_radix(&hex[2 * j..2 * j + 2], 16).map_err(|e| format!("bad hex in `{a}`: {e}"))
                    })
                    .collect::<Result<Vec<u8>, _>>()?;
                Arg::Bytes(bytes)
            }
            _ => return Err(format!("bad argument `{a}`\n{USAGE}")),
        };
        launch_args.push(arg);
    }
    let printed = emu
        .launch(&kernel, grid, block, shared, &launch_args)
        .map_err(|e| e.to_string())?;
    let w = |out: &mut dyn std::io::Write, s: String| out.write_all(s.as_bytes()).map_err(|e| e.to_string());
    w(out, printed)?;
    for (k, t, p, len) in buffers {
        let data = emu.read(p, len).map_err(|e| e.to_string())?;
        let size = elem_size(&t)?;
        let vals: Vec<String> = data.chunks(size).map(|c| decode(&t, c)).collect();
        w(out, format!("arg {k} ({t}[{}]): {}\n", vals.len(), vals.join(" ")))?;
    }
    w(out, format!("({} instructions executed)\n", emu.last_steps))?;
    Ok(())
}
