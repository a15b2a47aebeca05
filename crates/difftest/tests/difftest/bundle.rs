//! The bundle `cargo xtask difftest --gpu` runs on a real GPU (`xtask/difftest_gpu.py`): per
//! suite a directory with the PTX modules (`ptx/*.ptx`) and `bundle.json`:
//!
//! ```text
//! { "format": "warpc-difftest-bundle", "version": 1, "suite": "c",
//!   "modules": [ { "file": "01_saxpy.cu", "arch": "sm_90",
//!                  "reference": "ptx/01_saxpy.nvrtc.ptx", "warpc": "ptx/01_saxpy.warpc.ptx" | null } ],
//!   "launches": [ { "module": 0, "kernel": "saxpy", "grid": [8,1,1], "block": [128,1,1],
//!                   "shared": 0, "ulps": 0, "racy": null | "why results vary between runs",
//!                   "buffers": [ { "name": "x", "elem": "f32", "data": "<hex>" } ],
//!                   "arrays": [ { "name": "img", "width": 8, "height": 4, "depth": 0, "layered": false,
//!                                 "cubemap": false, "levels": 1, "format": "f32", "channels": 1, "data": "<hex>" } ],
//!                   "textures": [ { "array": 0 } | { "buffer": 1, "format": "f32", "channels": 4 }
//!                                 + { "address": ["clamp", "wrap", "mirror" | "border"], "filter": "point" | "linear",
//!                                     "normalized_coords": true, "read_mode": "element" | "normalized_float",
//!                                     "border": [0.0, 0.0, 0.0, 0.0], "mipmap_filter": "point" | "linear",
//!                                     "level_bias": 0.0, "min_level": 0.0, "max_level": 0.0 } ],
//!                   "surfaces": [ 0 ],
//!                   "args": [ { "buffer": 0 } | { "scalar": "i32", "data": "<hex>" } | { "texture": 0 } | { "surface": 0 } ],
//!                   "symbols": [ "counter" ],
//!                   "emulator": { "buffers": ["<hex>"], "arrays": ["<hex>"], "symbols": ["<hex>"], "printed": "..." } } ] }
//! ```
//!
//! Arrays follow CUDA's conventions (`height` 0: 1D; `depth` 0: 1D or 2D; `layered`: `depth`
//! layers; `cubemap`: 6 square faces, or 6 per layer when also layered; `levels` > 1: a
//! mipmapped array, level `l` of the dimensions halved `l` times, at least 1), their data
//! row-major, level after level; textures and surfaces are created on them (textures also on
//! buffers, as linear memory) before the launch, and the arrays are compared after it.
//!
//! `emulator` holds what the reference PTX computed in the emulator, so the GPU run also checks
//! the emulator against the hardware. Scalars and struct-by-value arguments are raw
//! little-endian bytes (`scalar` is `u32 i32 u64 i64 f32 f64 ptr` or `bytes`).
//!
//! The bundle goes to `$WARPC_DIFFTEST_EXPORT/<suite>` when that is set, else under the target
//! directory; [`Bundle::finish`] validates it with `python3 xtask/difftest_gpu.py --dry-run`.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use super::*;

pub struct Bundle {
    suite: String,
    dir: PathBuf,
    files: Vec<(String, String)>,
    modules: Vec<String>,
    launches: Vec<String>,
}

pub fn hex(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len() * 2);
    for x in b {
        write!(s, "{x:02x}").unwrap();
    }
    s
}

/// A JSON string literal.
pub fn jstr(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => write!(o, "\\u{:04x}", c as u32).unwrap(),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// A channel format's name in the bundle (`u8 s8 u16 s16 u32 s32 f16 f32`).
fn channel_name(c: tex::Channel) -> &'static str {
    match c {
        tex::Channel::U8 => "u8",
        tex::Channel::S8 => "s8",
        tex::Channel::U16 => "u16",
        tex::Channel::S16 => "s16",
        tex::Channel::U32 => "u32",
        tex::Channel::S32 => "s32",
        tex::Channel::F16 => "f16",
        tex::Channel::F32 => "f32",
    }
}

fn dims(d: (u32, u32, u32)) -> String {
    format!("[{}, {}, {}]", d.0, d.1, d.2)
}

impl Bundle {
    pub fn new(suite: &str) -> Bundle {
        let base = match std::env::var_os("WARPC_DIFFTEST_EXPORT") {
            Some(d) if !d.is_empty() => PathBuf::from(d),
            _ => PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("difftest-bundle"),
        };
        Bundle {
            suite: suite.to_string(),
            dir: base.join(suite),
            files: Vec::new(),
            modules: Vec::new(),
            launches: Vec::new(),
        }
    }

    /// Adds a source file's modules; returns its index.
    pub fn module(&mut self, file: &str, arch: &str, reference: &str, warpc: Option<&str>) -> usize {
        let stem = file.trim_end_matches(".cu");
        let rpath = format!("ptx/{stem}.nvrtc.ptx");
        self.files.push((rpath.clone(), reference.to_string()));
        let wpath = match warpc {
            Some(w) => {
                let p = format!("ptx/{stem}.warpc.ptx");
                self.files.push((p.clone(), w.to_string()));
                jstr(&p)
            }
            None => "null".to_string(),
        };
        self.modules.push(format!(
            "{{\"file\": {}, \"arch\": {}, \"reference\": {}, \"warpc\": {wpath}}}",
            jstr(file),
            jstr(arch),
            jstr(&rpath)
        ));
        self.modules.len() - 1
    }

    pub fn launch(&mut self, module: usize, s: &Spec, emu: &RunOut) {
        let bufs: Vec<String> = s
            .bufs
            .iter()
            .map(|b| {
                format!(
                    "{{\"name\": {}, \"elem\": \"{}\", \"data\": \"{}\"}}",
                    jstr(b.name),
                    b.elem.name(),
                    hex(&b.data)
                )
            })
            .collect();
        let args: Vec<String> = s
            .args
            .iter()
            .map(|a| match a {
                A::Buf(k) => format!("{{\"buffer\": {k}}}"),
                A::Tex(k) => format!("{{\"texture\": {k}}}"),
                A::Surf(k) => format!("{{\"surface\": {k}}}"),
                A::S(a) => {
                    let (t, b): (&str, Vec<u8>) = match a {
                        Arg::U32(v) => ("u32", v.to_le_bytes().to_vec()),
                        Arg::I32(v) => ("i32", v.to_le_bytes().to_vec()),
                        Arg::U64(v) => ("u64", v.to_le_bytes().to_vec()),
                        Arg::I64(v) => ("i64", v.to_le_bytes().to_vec()),
                        Arg::F32(v) => ("f32", v.to_le_bytes().to_vec()),
                        Arg::F64(v) => ("f64", v.to_le_bytes().to_vec()),
                        Arg::Ptr(p) => ("ptr", p.0.to_le_bytes().to_vec()),
                        Arg::Bytes(b) => ("bytes", b.clone()),
                    };
                    format!("{{\"scalar\": \"{t}\", \"data\": \"{}\"}}", hex(&b))
                }
            })
            .collect();
        let syms: Vec<String> = s.symbols.iter().map(|n| jstr(n)).collect();
        let arrays: Vec<String> = s
            .arrays
            .iter()
            .map(|a| {
                let d = &a.desc;
                format!(
                    "{{\"name\": {}, \"width\": {}, \"height\": {}, \"depth\": {}, \"layered\": {}, \"cubemap\": {}, \"levels\": {}, \"format\": \"{}\", \"channels\": {}, \"data\": \"{}\"}}",
                    jstr(a.name),
                    d.width,
                    d.height,
                    d.depth,
                    d.layered,
                    d.cubemap,
                    d.num_levels(),
                    channel_name(d.channel),
                    d.channels,
                    hex(&a.data)
                )
            })
            .collect();
        let textures: Vec<String> = s
            .textures
            .iter()
            .map(|t| {
                let res = match t.res {
                    TexRes::Array(k) => format!("\"array\": {k}"),
                    TexRes::Buf { buf, channel, channels } => format!(
                        "\"buffer\": {buf}, \"format\": \"{}\", \"channels\": {channels}",
                        channel_name(channel)
                    ),
                };
                let d = &t.desc;
                let modes: Vec<String> = d
                    .address
                    .iter()
                    .map(|m| {
                        format!(
                            "\"{}\"",
                            match m {
                                tex::Address::Wrap => "wrap",
                                tex::Address::Clamp => "clamp",
                                tex::Address::Mirror => "mirror",
                                tex::Address::Border => "border",
                            }
                        )
                    })
                    .collect();
                let border: Vec<String> = d.border.iter().map(|b| format!("{b:?}")).collect();
                format!(
                    "{{{res}, \"address\": [{}], \"filter\": \"{}\", \"normalized_coords\": {}, \"read_mode\": \"{}\", \"border\": [{}], \"mipmap_filter\": \"{}\", \"level_bias\": {:?}, \"min_level\": {:?}, \"max_level\": {:?}}}",
                    modes.join(", "),
                    if d.filter == tex::Filter::Linear { "linear" } else { "point" },
                    d.normalized_coords,
                    if d.normalized_float { "normalized_float" } else { "element" },
                    border.join(", "),
                    if d.mipmap_filter == tex::Filter::Linear { "linear" } else { "point" },
                    d.level_bias,
                    d.min_level,
                    d.max_level
                )
            })
            .collect();
        let surfaces: Vec<String> = s.surfaces.iter().map(|k| k.to_string()).collect();
        let earrays: Vec<String> = emu.arrays.iter().map(|b| format!("\"{}\"", hex(b))).collect();
        let ebufs: Vec<String> = emu.bufs.iter().map(|b| format!("\"{}\"", hex(b))).collect();
        let esyms: Vec<String> = emu.symbols.iter().map(|b| format!("\"{}\"", hex(b))).collect();
        self.launches.push(format!(
            "{{\"module\": {module}, \"kernel\": {}, \"grid\": {}, \"block\": {}, \"shared\": {}, \"ulps\": {}, \"racy\": {},\n  \"buffers\": [{}],\n  \"arrays\": [{}], \"textures\": [{}], \"surfaces\": [{}],\n  \"args\": [{}], \"symbols\": [{}],\n  \"emulator\": {{\"buffers\": [{}], \"arrays\": [{}], \"symbols\": [{}], \"printed\": {}}}}}",
            jstr(s.kernel),
            dims(s.grid),
            dims(s.block),
            s.shared,
            s.ulps,
            s.racy.map_or("null".to_string(), jstr),
            bufs.join(", "),
            arrays.join(", "),
            textures.join(", "),
            surfaces.join(", "),
            args.join(", "),
            syms.join(", "),
            ebufs.join(", "),
            earrays.join(", "),
            esyms.join(", "),
            jstr(&emu.printed)
        ));
    }

    /// Writes the bundle and validates it with the GPU script's `--dry-run`.
    pub fn finish(&self) -> Result<PathBuf, String> {
        let _ = std::fs::remove_dir_all(&self.dir);
        std::fs::create_dir_all(self.dir.join("ptx")).map_err(|e| e.to_string())?;
        for (p, text) in &self.files {
            std::fs::write(self.dir.join(p), text).map_err(|e| e.to_string())?;
        }
        let json = format!(
            "{{\"format\": \"warpc-difftest-bundle\", \"version\": 1, \"suite\": {},\n\"modules\": [\n{}\n],\n\"launches\": [\n{}\n]}}\n",
            jstr(&self.suite),
            self.modules.join(",\n"),
            self.launches.join(",\n")
        );
        let path = self.dir.join("bundle.json");
        std::fs::write(&path, json).map_err(|e| e.to_string())?;
        let script = repo_root().join("xtask/difftest_gpu.py");
        let out = Command::new("python3")
            .arg(&script)
            .arg("--dry-run")
            .arg(&path)
            .output()
            .map_err(|e| {
                format!(
                    "cannot run python3 (needed to validate the GPU bundle with {}): {e}",
                    script.display()
                )
            })?;
        if !out.status.success() {
            return Err(format!(
                "{} --dry-run {} failed:\n{}{}",
                script.display(),
                path.display(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        println!(
            "{}: GPU bundle {} ({})",
            self.suite,
            path.display(),
            String::from_utf8_lossy(&out.stdout).trim()
        );
        Ok(path)
    }
}
