//! `warpc-ptx-emu`: a CPU emulator for PTX.
//!
//! It parses PTX text as LLVM 22's NVPTX back end and NVRTC 13 emit it ([`parse`]), links it into
//! an executable module ([`module`]) and runs kernel launches on the CPU ([`exec`]), so that the
//! PTX that warpc produces can be checked to *compute the right thing* on machines without a GPU:
//! the same kernel compiled by warpc and by NVRTC, run on the same inputs, must produce the same
//! outputs (the differential-execution suite, crate `warpc-difftest` in `crates/difftest`).
//!
//! ```no_run
//! use warpc_ptx_emu::{Arg, Emulator};
//! # fn main() -> Result<(), warpc_ptx_emu::EmuError> {
//! # let ptx = "";
//! let mut emu = Emulator::new(ptx)?;
//! let x = emu.alloc(4 * 256);
//! emu.write(x, &[0u8; 1024])?;
//! let printed = emu.launch("k", (1, 1, 1), (256, 1, 1), 0, &[Arg::Ptr(x), Arg::U32(256)])?;
//! let out = emu.read(x, 1024)?;
//! # Ok(()) }
//! ```
//!
//! Semantics and limits:
//! - Threads are interpreted independently (independent thread scheduling); barriers and warp
//!   collectives are the synchronisation points. Atomics are therefore trivially atomic; memory
//!   ordering instructions (`membar`, `fence`) are no-ops.
//! - Integer arithmetic is exact PTX semantics (wrapping, `.sat`, `.cc` carries, shifts >= width,
//!   division by zero returns all ones for `div` and the dividend for `rem`, as on the hardware).
//! - Floating point: IEEE operations with all rounding modes (see [`float`]), `.ftz`, `.sat`,
//!   canonical NaN results (`0x7fffffff`). The f32 approximate instructions (`rcp/sqrt/rsqrt/ex2/
//!   lg2/sin/cos/tanh.approx`, `div.approx`, `div.full`) are emulated to their documented error
//!   ([`float::Approx`]): the exact result plus a deterministic, smooth error within the PTX ISA's
//!   bound, so a precise function lowered to an approximate instruction is caught by a comparison
//!   with a precise reference; not bit-identical to a GPU.
//! - Texture and surface objects over arrays and linear memory ([`tex`]): `tex`, `tld4`,
//!   `suld.b`, `sust.b` with the hardware's filtering (bit-exact to an H100 where measured) and address modes;
//!   the host creates them with [`Emulator::create_array`], [`Emulator::create_texture`] and
//!   [`Emulator::create_surface`].
//! - `.f16`/`.bf16` scalars and `.f16x2`/`.bf16x2` pairs: `cvt` in every rounding, saturation
//!   and `.relu`/`.satfinite` form (`cvt.rn.f16x2.f32 d, a, b` included),
//!   `add/sub/mul/fma/min/max/neg/abs` and `setp`, computed in f64 and rounded once to the 16-bit
//!   format (canonical NaN `0x7fff`).
//! - FP8 pairs `.e4m3x2`/`.e5m2x2`: `cvt` from two `.f32` or an `.f16x2`/`.bf16x2` (every
//!   rounding, `.satfinite`, `.relu`; NaN gives `0x7f`) and to `.f16x2`/`.bf16x2` (exact).
//! - Warp matrix instructions `wmma.load.{a,b,c}`, `wmma.store.d`, `wmma.mma` for every shape
//!   and type of sm_80 (`.f16`, `.bf16`, `.tf32`, `.f64`, `.s8/.u8`, `.s4/.u4`, `.b1`), with
//!   the fragment layout and arithmetic described in [`wmma`].
//! - `WARP_SZ` reads as 32.
//! - Variable initializers may hold addresses (`.u64 t[2] = {f, g};`, `= generic(x)+4;`):
//!   they are patched when the module is linked (function addresses are opaque handles).
//! - Calls: direct, and indirect through a register (`mov.u64 %rd, f;` gives a function address;
//!   `call (r), %rd, (args), prototype;`), with `.param` marshalling of arguments and results.
//! - Device-side launches (dynamic parallelism, `-rdc=true`): the device runtime calls
//!   `__cudaCDP2GetParameterBufferV2` (a global-memory buffer laid out as the kernel's
//!   parameters), `__cudaCDP2LaunchDeviceV2` and `__cudaCDP2GetLastError`/`PeekAtLastError`
//!   are built in. Child grids run after the launching grid, depth first in launch order, then
//!   its tail launches (`cudaStreamTailLaunch`), as the CUDA 12+ model allows (a grid completes
//!   after its children; nothing in a grid may wait for its children).
//! - Errors: an unknown instruction is reported by name when executed, out-of-bounds accesses with
//!   the block, thread and address, a launch running more than [`Emulator::step_limit`]
//!   instructions (hang) or deadlocking at a barrier is an error.

pub mod exec;
pub mod float;
pub mod module;
pub mod parse;
pub mod printf;
pub mod tex;
pub mod wmma;

use std::fmt;

use exec::{Cx, Frame, Status, Thread};
use module::{Module, Sym, G_BASE};

/// Anything that can go wrong: parse errors, unsupported constructs, runtime faults.
#[derive(Debug, Clone, PartialEq)]
pub enum EmuError {
    Parse {
        line: u32,
        msg: String,
    },
    Unsupported(String),
    Api(String),
    Runtime {
        kernel: String,
        block: (u32, u32, u32),
        thread: (u32, u32, u32),
        msg: String,
    },
    Launch {
        kernel: String,
        block: (u32, u32, u32),
        msg: String,
    },
}

impl fmt::Display for EmuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmuError::Parse { line, msg } => write!(f, "PTX line {line}: {msg}"),
            EmuError::Unsupported(m) => write!(f, "unsupported: {m}"),
            EmuError::Api(m) => write!(f, "{m}"),
            EmuError::Runtime {
                kernel,
                block,
                thread,
                msg,
            } => {
                write!(f, "kernel `{kernel}`, block {block:?}, thread {thread:?}: {msg}")
            }
            EmuError::Launch { kernel, block, msg } => {
                write!(f, "kernel `{kernel}`, block {block:?}: {msg}")
            }
        }
    }
}

impl std::error::Error for EmuError {}

/// A device pointer (a global-space address).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DevicePtr(pub u64);

impl DevicePtr {
    pub fn offset(self, bytes: u64) -> DevicePtr {
        DevicePtr(self.0 + bytes)
    }
}

/// A kernel argument, packed into the kernel's `.param` space with the parameter's layout.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    U32(u32),
    I32(i32),
    U64(u64),
    I64(i64),
    F32(f32),
    F64(f64),
    Ptr(DevicePtr),
    /// A struct passed by value: its bytes.
    Bytes(Vec<u8>),
}

impl Arg {
    fn bytes(&self) -> Vec<u8> {
        match self {
            Arg::U32(v) => v.to_le_bytes().to_vec(),
            Arg::I32(v) => v.to_le_bytes().to_vec(),
            Arg::U64(v) => v.to_le_bytes().to_vec(),
            Arg::I64(v) => v.to_le_bytes().to_vec(),
            Arg::F32(v) => v.to_le_bytes().to_vec(),
            Arg::F64(v) => v.to_le_bytes().to_vec(),
            Arg::Ptr(p) => p.0.to_le_bytes().to_vec(),
            Arg::Bytes(b) => b.clone(),
        }
    }
}

/// A loaded PTX module with its device memory.
pub struct Emulator {
    module: Module,
    global: Vec<u8>,
    /// Valid global ranges (offsets into `global`): the module's variables and each allocation,
    /// sorted; accesses outside them are out of bounds even when inside `global`.
    ranges: Vec<(u64, u64)>,
    cmem: Vec<u8>,
    /// Instructions one launch may execute before it is reported as a hang.
    pub step_limit: u64,
    /// Total instructions executed by the last launch.
    pub last_steps: u64,
    /// The `wmma` fragment layout (0 or 1; see [`wmma`]): PTX leaves it unspecified, so a
    /// kernel's results must not depend on it.
    pub wmma_layout: u32,
    tex: tex::Units,
}

impl Emulator {
    /// Parses and links PTX text.
    pub fn new(ptx: &str) -> Result<Emulator, EmuError> {
        let module = module::link(parse::parse(ptx)?)?;
        let global = module.global_image.clone();
        let cmem = module.const_image.clone();
        let ranges = vec![(0, global.len() as u64)];
        Ok(Emulator {
            module,
            global,
            ranges,
            cmem,
            step_limit: 200_000_000,
            last_steps: 0,
            wmma_layout: 0,
            tex: tex::Units::default(),
        })
    }

    pub fn module(&self) -> &Module {
        &self.module
    }

    /// Names of the module's `.entry` functions.
    pub fn kernels(&self) -> Vec<&str> {
        self.module
            .funcs
            .iter()
            .filter(|f| f.is_entry && f.defined)
            .map(|f| f.name.as_str())
            .collect()
    }

    /// Allocates zeroed global memory (256-byte aligned, followed by an unallocated guard gap so
    /// that overruns are reported).
    pub fn alloc(&mut self, bytes: u64) -> DevicePtr {
        let off = self.global.len() as u64;
        let size = bytes.div_ceil(256) * 256 + 256;
        self.global.resize((off + size) as usize, 0);
        self.ranges.push((off, off + bytes));
        DevicePtr(G_BASE + off)
    }

    fn range(&self, p: DevicePtr, len: usize) -> Result<usize, EmuError> {
        let off =
            p.0.checked_sub(G_BASE)
                .ok_or_else(|| EmuError::Api(format!("bad device pointer {:#x}", p.0)))? as usize;
        if !self
            .ranges
            .iter()
            .any(|&(s, e)| off as u64 >= s && (off + len) as u64 <= e)
        {
            return Err(EmuError::Api(format!(
                "access of {len} bytes at {:#x} is out of bounds",
                p.0
            )));
        }
        Ok(off)
    }

    pub fn write(&mut self, p: DevicePtr, data: &[u8]) -> Result<(), EmuError> {
        let off = self.range(p, data.len())?;
        self.global[off..off + data.len()].copy_from_slice(data);
        Ok(())
    }

    pub fn read(&self, p: DevicePtr, len: usize) -> Result<Vec<u8>, EmuError> {
        let off = self.range(p, len)?;
        Ok(self.global[off..off + len].to_vec())
    }

    /// The address of a `.global` variable.
    pub fn symbol(&self, name: &str) -> Option<DevicePtr> {
        match self.module.symbols.get(name) {
            Some(Sym::Global(a)) => Some(DevicePtr(*a)),
            _ => None,
        }
    }

    /// Reads a `.global` or `.const` variable's bytes.
    pub fn read_symbol(&self, name: &str) -> Result<Vec<u8>, EmuError> {
        let size = *self
            .module
            .symbol_sizes
            .get(name)
            .ok_or_else(|| EmuError::Api(format!("no symbol `{name}`")))? as usize;
        match self.module.symbols.get(name) {
            Some(Sym::Global(a)) => self.read(DevicePtr(*a), size),
            Some(Sym::Const(o)) => Ok(self.cmem[*o as usize..*o as usize + size].to_vec()),
            _ => Err(EmuError::Api(format!("`{name}` is not a global or constant variable"))),
        }
    }

    /// Writes a `.global` or `.const` variable (like `cudaMemcpyToSymbol`).
    pub fn write_symbol(&mut self, name: &str, data: &[u8]) -> Result<(), EmuError> {
        let size = *self
            .module
            .symbol_sizes
            .get(name)
            .ok_or_else(|| EmuError::Api(format!("no symbol `{name}`")))? as usize;
        if data.len() > size {
            return Err(EmuError::Api(format!(
                "{} bytes do not fit in `{name}` ({size} bytes)",
                data.len()
            )));
        }
        match self.module.symbols.get(name) {
            Some(Sym::Global(a)) => self.write(DevicePtr(*a), data),
            Some(Sym::Const(o)) => {
                self.cmem[*o as usize..*o as usize + data.len()].copy_from_slice(data);
                Ok(())
            }
            _ => Err(EmuError::Api(format!("`{name}` is not a global or constant variable"))),
        }
    }

    /// Creates an array (like `cuArrayCreate`/`cuArray3DCreate` and a copy of `data` into it,
    /// row-major, `x` fastest); returns its index for [`tex::Resource::Array`] and
    /// [`Emulator::create_surface`].
    pub fn create_array(&mut self, desc: tex::ArrayDesc, data: &[u8]) -> Result<usize, EmuError> {
        if desc.width == 0
            || !matches!(desc.channels, 1 | 2 | 4)
            || (desc.layered && desc.depth == 0)
            || (desc.cubemap && !desc.valid_cubemap())
        {
            return Err(EmuError::Api(format!("invalid array descriptor {desc:?}")));
        }
        if data.len() != desc.bytes() {
            return Err(EmuError::Api(format!(
                "{} bytes given for an array of {} bytes",
                data.len(),
                desc.bytes()
            )));
        }
        self.tex.arrays.push(tex::Array {
            desc,
            data: data.to_vec(),
        });
        Ok(self.tex.arrays.len() - 1)
    }

    /// An array's contents.
    pub fn read_array(&self, array: usize) -> Result<Vec<u8>, EmuError> {
        self.tex
            .arrays
            .get(array)
            .map(|a| a.data.clone())
            .ok_or_else(|| EmuError::Api(format!("no array {array}")))
    }

    /// Creates a texture object (like `cuTexObjectCreate`); returns its handle, the kernel
    /// argument.
    pub fn create_texture(&mut self, res: tex::Resource, desc: tex::TexDesc) -> Result<u64, EmuError> {
        match &res {
            tex::Resource::Array(k) if *k >= self.tex.arrays.len() => {
                return Err(EmuError::Api(format!("no array {k}")));
            }
            tex::Resource::Linear { ptr, bytes, .. } => {
                self.range(DevicePtr(*ptr), *bytes as usize)?;
            }
            _ => {}
        }
        self.tex.textures.push(tex::Texture { res, desc });
        Ok(tex::TEX_HANDLE + self.tex.textures.len() as u64 - 1)
    }

    /// Creates a surface object over an array (like `cuSurfObjectCreate`); returns its handle.
    pub fn create_surface(&mut self, array: usize) -> Result<u64, EmuError> {
        match self.tex.arrays.get(array) {
            None => return Err(EmuError::Api(format!("no array {array}"))),
            Some(a) if a.desc.num_levels() > 1 => {
                return Err(EmuError::Api(format!(
                    "a surface over mipmapped array {array} (a surface takes one level)"
                )))
            }
            _ => {}
        }
        self.tex.surfaces.push(array);
        Ok(tex::SURF_HANDLE + self.tex.surfaces.len() as u64 - 1)
    }

    /// Runs `kernel` over `grid` x `block` threads with `shared_bytes` of dynamic shared memory.
    /// Returns what the kernel printed.
    pub fn launch(
        &mut self,
        kernel: &str,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        shared_bytes: u32,
        args: &[Arg],
    ) -> Result<String, EmuError> {
        let api = |m: String| EmuError::Api(m);
        let &fi = self
            .module
            .func_index
            .get(kernel)
            .ok_or_else(|| api(format!("no kernel `{kernel}`")))?;
        let func = &self.module.funcs[fi as usize];
        if !func.is_entry || !func.defined {
            return Err(api(format!(
                "`{kernel}` is not a kernel (.entry) defined in this module"
            )));
        }
        if args.len() != func.params.len() {
            return Err(api(format!(
                "kernel `{kernel}` takes {} arguments, {} given",
                func.params.len(),
                args.len()
            )));
        }
        let mut params = vec![0u8; func.param_size as usize];
        for (k, (a, &(off, size))) in args.iter().zip(&func.params).enumerate() {
            let b = a.bytes();
            if b.len() as u64 != size {
                return Err(api(format!(
                    "argument {k} of `{kernel}` is {} bytes, the parameter is {size}",
                    b.len()
                )));
            }
            params[off as usize..(off + size) as usize].copy_from_slice(&b);
        }
        let nthreads = block.0 as u64 * block.1 as u64 * block.2 as u64;
        if nthreads == 0 || nthreads > 1024 || grid.0 == 0 || grid.1 == 0 || grid.2 == 0 {
            return Err(api(format!(
                "invalid launch configuration grid {grid:?} block {block:?}"
            )));
        }
        let mut out = String::new();
        self.last_steps = 0;
        self.run_grid(
            exec::DevLaunch {
                func: fi,
                grid: [grid.0, grid.1, grid.2],
                block: [block.0, block.1, block.2],
                shared: shared_bytes,
                params,
                stream: 0,
            },
            0,
            &mut out,
        )?;
        Ok(out)
    }

    /// Runs one grid, then the grids it launched from device code (dynamic parallelism) as the
    /// CUDA programming guide allows: a child grid may run any time after its launch and
    /// completes before its parent grid is complete, a tail launch (`cudaStreamTailLaunch`)
    /// runs after the grid that made it and all that grid's other work. The emulator runs the
    /// children (with their own children) after the whole parent grid, in launch order, then
    /// the tail launches in launch order. A parent that waits for a child's results inside the
    /// grid (a spin on memory) deadlocks as a hang, which CUDA does not guarantee to work either.
    fn run_grid(&mut self, l: exec::DevLaunch, depth: u32, out: &mut String) -> Result<(), EmuError> {
        let kernel = self.module.funcs[l.func as usize].name.clone();
        if depth > 24 {
            return Err(EmuError::Launch {
                kernel,
                block: (0, 0, 0),
                msg: "device-side launches nested deeper than 24 levels".into(),
            });
        }
        let shared_size = (self.module.shared_static + l.shared as u64) as usize;
        let mut cx = Cx {
            m: &self.module,
            global: &mut self.global,
            ranges: &mut self.ranges,
            cmem: &self.cmem,
            out: &mut *out,
            steps: 0,
            limit: self.step_limit.saturating_sub(self.last_steps),
            grid: l.grid,
            block: l.block,
            ctaid: [0; 3],
            dyn_smem: l.shared as u64,
            shared: Vec::new(),
            alive: 0,
            wmma_layout: self.wmma_layout,
            tex: &mut self.tex,
            cdp: exec::Cdp::default(),
        };
        for bz in 0..l.grid[2] {
            for by in 0..l.grid[1] {
                for bx in 0..l.grid[0] {
                    cx.ctaid = [bx, by, bz];
                    cx.shared = vec![0; shared_size];
                    run_cta(&mut cx, l.func, &l.params, &kernel)?;
                }
            }
        }
        let launches = std::mem::take(&mut cx.cdp.launches);
        self.last_steps += cx.steps;
        let (tail, now): (Vec<_>, Vec<_>) = launches.into_iter().partition(|c| c.stream == exec::STREAM_TAIL_LAUNCH);
        for c in now.into_iter().chain(tail) {
            self.run_grid(c, depth + 1, out)?;
        }
        Ok(())
    }
}

fn run_cta(cx: &mut Cx, fi: u32, params: &[u8], kernel: &str) -> Result<(), EmuError> {
    let func = &cx.m.funcs[fi as usize];
    let [bx, by, bz] = cx.block;
    let mut threads = Vec::with_capacity((bx * by * bz) as usize);
    for z in 0..bz {
        for y in 0..by {
            for x in 0..bx {
                let linear = x + y * bx + z * bx * by;
                threads.push(Thread {
                    frames: vec![Frame {
                        func: fi,
                        pc: 0,
                        regs: vec![0; func.nregs as usize],
                        local_base: 0,
                        inp: params.to_vec(),
                        ret: Vec::new(),
                        cpar: vec![0; func.cparam_size as usize],
                        ret_to: None,
                    }],
                    status: Status::Run,
                    cc: 0,
                    local: vec![0; func.local_size as usize],
                    local_sp: func.local_size,
                    tid: [x, y, z],
                    linear,
                });
            }
        }
    }
    let block = (cx.ctaid[0], cx.ctaid[1], cx.ctaid[2]);
    let kname = kernel.to_string();
    loop {
        let n = threads.len();
        for w in 0..n.div_ceil(32) {
            let lanes = &mut threads[w * 32..((w + 1) * 32).min(n)];
            for l in 0..lanes.len() {
                if lanes[l].status != Status::Run {
                    continue;
                }
                cx.alive = lanes
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.status != Status::Done)
                    .fold(0, |a, (k, _)| a | 1 << k);
                let t = &mut lanes[l];
                exec::run_thread(cx, t).map_err(|msg| EmuError::Runtime {
                    kernel: kname.clone(),
                    block,
                    thread: (t.tid[0], t.tid[1], t.tid[2]),
                    msg,
                })?;
            }
        }
        let mut progress = false;
        for w in 0..threads.len().div_ceil(32) {
            let end = ((w + 1) * 32).min(threads.len());
            progress |= exec::resolve_warp(cx, &mut threads[w * 32..end]).map_err(|msg| EmuError::Launch {
                kernel: kname.clone(),
                block,
                msg,
            })?;
        }
        if progress {
            continue;
        }
        if threads.iter().all(|t| t.status == Status::Done) {
            return Ok(());
        }
        if threads.iter().all(|t| matches!(t.status, Status::Done | Status::Bar)) {
            for t in threads.iter_mut().filter(|t| t.status == Status::Bar) {
                t.status = Status::Run;
                t.frames.last_mut().unwrap().pc += 1;
            }
            continue;
        }
        let stuck: Vec<String> = threads
            .iter()
            .filter(|t| t.status != Status::Done)
            .take(4)
            .map(|t| {
                format!(
                    "thread {:?} {:?} at pc {}",
                    t.tid,
                    t.status,
                    t.frames.last().unwrap().pc
                )
            })
            .collect();
        return Err(EmuError::Launch {
            kernel: kname,
            block,
            msg: format!(
                "deadlock: threads wait at barriers/warp collectives that cannot complete ({})",
                stuck.join(", ")
            ),
        });
    }
}
