//! The interpreter: one kernel launch.
//!
//! Execution model: CTAs run one after another; inside a CTA every thread has its own call stack
//! and program counter (independent thread scheduling). A thread runs until it reaches a barrier
//! (`bar.sync`/`barrier.sync`), a warp collective (`shfl.sync`, `vote.sync`, `match.sync`,
//! `redux.sync`, `bar.warp.sync`) or exits. Then the scheduler resolves warp collectives whose
//! member mask is fully waiting (exited lanes do not participate), and when every live thread of
//! the CTA waits at a barrier, releases the barrier. Nothing runnable and nothing resolvable is a
//! deadlock error; every launch has a step limit so a hang is an error too.
//!
//! Registers hold 64-bit patterns; every instruction reads its operands masked to its type width
//! and writes zero- or sign-extended values. Memory is byte-addressed little-endian; generic
//! addresses of shared/local/const/param memory live in tagged windows (see [`crate::module`]), so
//! `cvta` is an add/subtract of the window base.

use crate::float::*;
use crate::module::*;
use crate::parse::Space;
use crate::printf;
use crate::wmma;

pub struct Frame {
    pub func: u32,
    pub pc: u32,
    pub regs: Vec<u64>,
    pub local_base: u64,
    pub inp: Vec<u8>,
    pub ret: Vec<u8>,
    pub cpar: Vec<u8>,
    /// Offset in the caller's call-site param area that receives the return value.
    pub ret_to: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Run,
    Bar,
    Warp,
    Done,
}

pub struct Thread {
    pub frames: Vec<Frame>,
    pub status: Status,
    pub cc: u64,
    pub local: Vec<u8>,
    pub local_sp: u64,
    pub tid: [u32; 3],
    pub linear: u32,
}

/// A device-side kernel launch (dynamic parallelism): the kernel, its configuration, the
/// contents of its parameter buffer when it was launched, and the stream handle.
#[derive(Debug, Clone)]
pub struct DevLaunch {
    pub func: u32,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared: u32,
    pub params: Vec<u8>,
    pub stream: u64,
}

/// `cudaStreamTailLaunch`: the launch runs after the launching grid and all its other work.
pub const STREAM_TAIL_LAUNCH: u64 = 3;

/// The device runtime state of the grid being run.
#[derive(Debug, Default)]
pub struct Cdp {
    /// Parameter buffers handed out: their address and launch configuration (no parameters yet).
    pub buffers: Vec<(u64, DevLaunch)>,
    /// The grid's launches, in the order they were made.
    pub launches: Vec<DevLaunch>,
    /// Threads' last errors (`cudaGetLastError`), by block and thread; absent: `cudaSuccess`.
    pub errors: Vec<(ThreadKey, u32)>,
}

/// A thread of a grid: its block and thread index.
pub type ThreadKey = ([u32; 3], [u32; 3]);

/// `cudaErrorInvalidConfiguration`.
const CUDA_ERROR_INVALID_CONFIGURATION: u32 = 9;

/// Launch-wide context.
pub struct Cx<'a> {
    pub m: &'a Module,
    pub global: &'a mut Vec<u8>,
    pub ranges: &'a mut Vec<(u64, u64)>,
    pub cmem: &'a [u8],
    pub out: &'a mut String,
    pub steps: u64,
    pub limit: u64,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub ctaid: [u32; 3],
    pub dyn_smem: u64,
    pub shared: Vec<u8>,
    /// Live lanes of the warp of the thread being run (for `activemask`).
    pub alive: u32,
    /// The `wmma` fragment layout (see [`crate::wmma`]).
    pub wmma_layout: u32,
    /// Arrays, texture and surface objects.
    pub tex: &'a mut crate::tex::Units,
    /// Device-side launches.
    pub cdp: Cdp,
}

type R<T> = Result<T, String>;

const LOCAL_LIMIT: u64 = 1 << 20;

#[inline]
pub fn mask(v: u64, bits: u32) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

#[inline]
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let s = 64 - bits;
        ((v << s) as i64) >> s
    }
}

fn ext(v: u64, ty: Ty) -> u64 {
    if ty.signed() {
        sext(v, ty.bits) as u64
    } else {
        mask(v, ty.bits)
    }
}

enum Region {
    Global(usize),
    Shared(usize),
    Local(usize),
    Const(usize),
    PIn(usize),
    PRet(usize),
    PLoc(usize),
}

fn space_name(s: Option<Space>) -> &'static str {
    match s {
        None => "generic",
        Some(Space::Global) => "global",
        Some(Space::Shared) => "shared",
        Some(Space::Local) => "local",
        Some(Space::Const) => "const",
        Some(Space::Param) => "param",
    }
}

impl Cx<'_> {
    fn region(&self, t: &Thread, space: Option<Space>, addr: u64, size: u64) -> R<Region> {
        let fr = t.frames.last().unwrap();
        let chk = |off: u64, len: usize| -> Option<usize> {
            if off.checked_add(size).is_some_and(|e| e <= len as u64) {
                Some(off as usize)
            } else {
                None
            }
        };
        let bad = || {
            format!(
                "out-of-bounds {} access of {size} bytes at address {addr:#x}",
                space_name(space)
            )
        };
        let param = |addr: u64| -> Option<Region> {
            if (P_IN..P_IN + WIN_SIZE).contains(&addr) {
                chk(addr - P_IN, fr.inp.len()).map(Region::PIn)
            } else if (P_RET..P_RET + WIN_SIZE).contains(&addr) {
                chk(addr - P_RET, fr.ret.len()).map(Region::PRet)
            } else if (P_LOC..P_LOC + WIN_SIZE).contains(&addr) {
                chk(addr - P_LOC, fr.cpar.len()).map(Region::PLoc)
            } else {
                None
            }
        };
        let ranges = &self.ranges[..];
        let gchk = |addr: u64| -> Option<usize> {
            let o = addr.checked_sub(G_BASE)?;
            let k = ranges.partition_point(|r| r.0 <= o);
            let (_, e) = ranges[k.checked_sub(1)?];
            if o + size <= e {
                Some(o as usize)
            } else {
                None
            }
        };
        let r = match space {
            Some(Space::Global) => gchk(addr).map(Region::Global),
            Some(Space::Shared) => chk(addr, self.shared.len()).map(Region::Shared),
            Some(Space::Local) => chk(addr, t.local.len()).map(Region::Local),
            Some(Space::Const) => chk(addr, self.cmem.len()).map(Region::Const),
            Some(Space::Param) => param(addr),
            None => {
                if addr >= G_BASE && addr < G_BASE + self.global.len() as u64 {
                    gchk(addr).map(Region::Global)
                } else if (S_WIN..S_WIN + WIN_SIZE).contains(&addr) {
                    chk(addr - S_WIN, self.shared.len()).map(Region::Shared)
                } else if (L_WIN..L_WIN + WIN_SIZE).contains(&addr) {
                    chk(addr - L_WIN, t.local.len()).map(Region::Local)
                } else if (C_WIN..C_WIN + WIN_SIZE).contains(&addr) {
                    chk(addr - C_WIN, self.cmem.len()).map(Region::Const)
                } else {
                    param(addr)
                }
            }
        };
        r.ok_or_else(bad)
    }

    fn load(&self, t: &Thread, space: Option<Space>, addr: u64, size: u64) -> R<u64> {
        let fr = t.frames.last().unwrap();
        let n = size as usize;
        let mut b = [0u8; 8];
        let src: &[u8] = match self.region(t, space, addr, size)? {
            Region::Global(o) => &self.global[o..o + n],
            Region::Shared(o) => &self.shared[o..o + n],
            Region::Local(o) => &t.local[o..o + n],
            Region::Const(o) => &self.cmem[o..o + n],
            Region::PIn(o) => &fr.inp[o..o + n],
            Region::PRet(o) => &fr.ret[o..o + n],
            Region::PLoc(o) => &fr.cpar[o..o + n],
        };
        b[..n].copy_from_slice(src);
        Ok(u64::from_le_bytes(b))
    }

    fn store(&mut self, t: &mut Thread, space: Option<Space>, addr: u64, size: u64, v: u64) -> R<()> {
        let n = size as usize;
        let bytes = v.to_le_bytes();
        let reg = self.region(t, space, addr, size)?;
        let fr = t.frames.last_mut().unwrap();
        let dst: &mut [u8] = match reg {
            Region::Global(o) => &mut self.global[o..o + n],
            Region::Shared(o) => &mut self.shared[o..o + n],
            Region::Local(o) => &mut t.local[o..o + n],
            Region::Const(_) => return Err(format!("store to constant memory at {addr:#x}")),
            Region::PIn(o) => &mut fr.inp[o..o + n],
            Region::PRet(o) => &mut fr.ret[o..o + n],
            Region::PLoc(o) => &mut fr.cpar[o..o + n],
        };
        dst.copy_from_slice(&bytes[..n]);
        Ok(())
    }

    /// Reads a NUL-terminated string at a generic address (for vprintf).
    pub fn read_cstr(&self, t: &Thread, mut addr: u64) -> R<Vec<u8>> {
        let mut s = Vec::new();
        loop {
            let c = self.load(t, None, addr, 1)? as u8;
            if c == 0 {
                return Ok(s);
            }
            s.push(c);
            addr += 1;
            if s.len() > 1 << 16 {
                return Err("unterminated string".into());
            }
        }
    }

    pub fn load_generic(&self, t: &Thread, addr: u64, size: u64) -> R<u64> {
        self.load(t, None, addr, size)
    }

    fn sreg(&self, t: &Thread, s: Sreg) -> u64 {
        let nthreads = self.block[0] * self.block[1] * self.block[2];
        let lane = t.linear % 32;
        match s {
            Sreg::Tid(d) => t.tid[d as usize] as u64,
            Sreg::Ntid(d) => self.block[d as usize] as u64,
            Sreg::Ctaid(d) => self.ctaid[d as usize] as u64,
            Sreg::Nctaid(d) => self.grid[d as usize] as u64,
            Sreg::Laneid => lane as u64,
            Sreg::Warpid => (t.linear / 32) as u64,
            Sreg::Nwarpid => nthreads.div_ceil(32) as u64,
            Sreg::Smid | Sreg::Gridid => 0,
            Sreg::Nsmid => 1,
            Sreg::Clock => self.steps & 0xffff_ffff,
            Sreg::Clock64 | Sreg::Globaltimer => self.steps,
            Sreg::LanemaskEq => 1 << lane,
            Sreg::LanemaskLt => (1u64 << lane) - 1,
            Sreg::LanemaskLe => (1u64 << (lane + 1)) - 1,
            Sreg::LanemaskGt => mask(!((1u64 << (lane + 1)) - 1), 32),
            Sreg::LanemaskGe => mask(!((1u64 << lane) - 1), 32),
            Sreg::DynSmem => self.dyn_smem,
            Sreg::TotalSmem => self.shared.len() as u64,
        }
    }

    fn sym_addr(t: &Thread, s: Sym) -> u64 {
        match s {
            Sym::Global(a) => a,
            Sym::Shared(o) | Sym::Const(o) => o,
            Sym::Local(o) => t.frames.last().unwrap().local_base + o,
            Sym::ParamIn(o) => P_IN + o,
            Sym::ParamRet(o) => P_RET + o,
            Sym::ParamLoc(o) => P_LOC + o,
        }
    }

    fn val(&self, t: &Thread, o: &Opnd) -> R<u64> {
        Ok(match o {
            Opnd::Reg(r) => t.frames.last().unwrap().regs[*r as usize],
            Opnd::Imm(v) => *v,
            Opnd::Sreg(s) => self.sreg(t, *s),
            Opnd::Sym(s, off) => Self::sym_addr(t, *s).wrapping_add(*off as u64),
            Opnd::Addr(..) => self.addr(t, o)?,
            Opnd::Func(f) => F_WIN + *f as u64,
            o => return Err(format!("unexpected operand {o:?}")),
        })
    }

    fn addr(&self, t: &Thread, o: &Opnd) -> R<u64> {
        match o {
            Opnd::Addr(b, off) => {
                let base = match b {
                    AddrBase::None => 0,
                    AddrBase::Reg(r) => t.frames.last().unwrap().regs[*r as usize],
                    AddrBase::Sym(s) => Self::sym_addr(t, *s),
                };
                Ok(base.wrapping_add(*off as u64))
            }
            o => Err(format!("expected an address operand, found {o:?}")),
        }
    }
}

fn set(t: &mut Thread, o: &Opnd, v: u64) -> R<()> {
    match o {
        Opnd::Reg(r) => {
            t.frames.last_mut().unwrap().regs[*r as usize] = v;
            Ok(())
        }
        Opnd::Sink => Ok(()),
        o => Err(format!("bad destination operand {o:?}")),
    }
}

/// Why [`run_thread`] stopped.
pub enum Stop {
    Yield,
}

/// Runs one thread until it blocks or finishes.
pub fn run_thread(cx: &mut Cx, t: &mut Thread) -> R<()> {
    while t.status == Status::Run {
        cx.steps += 1;
        if cx.steps > cx.limit {
            return Err(format!("step limit of {} instructions exceeded (hang?)", cx.limit));
        }
        let fr = t.frames.last().unwrap();
        let func = &cx.m.funcs[fr.func as usize];
        let Some(inst) = func.insts.get(fr.pc as usize) else {
            return Err(format!("fell off the end of function `{}`", func.name));
        };
        if let Some((g, neg)) = inst.guard {
            let p = fr.regs[g as usize] & 1 != 0;
            if p == neg {
                t.frames.last_mut().unwrap().pc += 1;
                continue;
            }
        }
        exec(cx, t, inst).map_err(|e| format!("{e} (instruction `{}`, line {})", inst.text, inst.line))?;
    }
    Ok(())
}

fn advance(t: &mut Thread) {
    t.frames.last_mut().unwrap().pc += 1;
}

fn f32b(v: u64) -> f32 {
    f32::from_bits(v as u32)
}
fn f64b(v: u64) -> f64 {
    f64::from_bits(v)
}

fn fbin32(m: &Mods, a: u64, b: u64, f: impl Fn(f32, f32) -> f32) -> u64 {
    let (a, b) = if m.ftz {
        (ftz32(f32b(a)), ftz32(f32b(b)))
    } else {
        (f32b(a), f32b(b))
    };
    fin32(m, f(a, b))
}
fn fin32(m: &Mods, r: f32) -> u64 {
    let mut r = if m.ftz { ftz32(r) } else { r };
    if m.sat {
        r = sat32(r);
    }
    canon32(r) as u64
}
fn fin64(m: &Mods, r: f64) -> u64 {
    let r = if m.sat { sat64(r) } else { r };
    canon64(r)
}

fn exec(cx: &mut Cx, t: &mut Thread, i: &Inst) -> R<()> {
    let m = &i.m;
    let ty = m.ty;
    let bits = ty.bits;
    let o = &i.ops;
    macro_rules! v {
        ($k:expr) => {
            cx.val(t, &o[$k])?
        };
    }
    macro_rules! a {
        ($k:expr) => {
            mask(v!($k), bits)
        };
    }
    macro_rules! put {
        ($val:expr) => {{
            let val = $val;
            set(t, &o[0], val)?;
        }};
    }
    if o.is_empty()
        && !matches!(
            i.op,
            Op::Ret | Op::Exit | Op::Trap | Op::Nop | Op::Bar | Op::Call | Op::BarWarp
        )
    {
        return Err("missing operands".into());
    }
    if let Some(signed) = ty.int_x2() {
        // add, min/max{.relu} on .u16x2/.s16x2 (sm_90): each halfword on its own, wrapping
        let relu = m.mode == "relu" && matches!(i.op, Op::Min | Op::Max);
        if !matches!(i.op, Op::Add | Op::Min | Op::Max) || m.sat || !(m.mode.is_empty() || relu) {
            return Err(format!("unsupported packed integer form `{}`", i.text));
        }
        let (x, y) = (v!(1), v!(2));
        let mut r = 0u64;
        for l in [0, 16] {
            let (a, b) = (mask(x >> l, 16), mask(y >> l, 16));
            let (sa, sb) = if signed {
                (sext(a, 16), sext(b, 16))
            } else {
                (a as i64, b as i64)
            };
            let z = match i.op {
                Op::Add => sa + sb,
                Op::Min => sa.min(sb),
                _ => sa.max(sb),
            };
            r |= mask((if relu { z.max(0) } else { z }) as u64, 16) << l;
        }
        put!(r);
        advance(t);
        return Ok(());
    }
    if let Some(h) = ty.half().or(ty.packed()) {
        if matches!(
            i.op,
            Op::Add | Op::Sub | Op::Mul | Op::Fma | Op::Mad | Op::Min | Op::Max | Op::Neg | Op::Abs
        ) {
            let n = if matches!(i.op, Op::Fma | Op::Mad) {
                3
            } else if matches!(i.op, Op::Neg | Op::Abs) {
                1
            } else {
                2
            };
            let mut vals = [0u64; 3];
            for (k, v) in vals.iter_mut().enumerate().take(n) {
                *v = v!(k + 1);
            }
            let lanes = if ty.packed().is_some() { 2 } else { 1 };
            let mut r = 0u64;
            for l in 0..lanes {
                let lane: Vec<u16> = vals[..n].iter().map(|v| (v >> (16 * l)) as u16).collect();
                r |= (half_op(i.op, m, h, &lane) as u64) << (16 * l);
            }
            put!(r);
            advance(t);
            return Ok(());
        }
        if matches!(i.op, Op::Ex2 | Op::Tanh) {
            // ex2/tanh.approx on .f16/.bf16 (and x2 pairs): the exact function rounded once to
            // the 16-bit format, within the documented bounds (relative 2^-9.9 for ex2, absolute
            // 2^-10.987 for tanh)
            let x = v!(1);
            let lanes = if ty.packed().is_some() { 2 } else { 1 };
            let mut r = 0u64;
            for l in 0..lanes {
                let a = half_to_f64((x >> (16 * l)) as u16, h);
                let y = if i.op == Op::Ex2 { a.exp2() } else { a.tanh() };
                r |= (f64_to_half(y, h, Rnd::N) as u64) << (16 * l);
            }
            put!(r);
            advance(t);
            return Ok(());
        }
        if bits == 16 && matches!(i.op, Op::Rcp | Op::Sqrt | Op::Rsqrt | Op::Lg2 | Op::Sin | Op::Cos) {
            return Err(format!("unsupported 16-bit form `{}`", i.text));
        }
    }
    match i.op {
        Op::Add | Op::Sub if ty.float() => {
            let neg = i.op == Op::Sub;
            let r = if bits == 32 {
                if m.rnd == Rnd::N {
                    fbin32(m, a!(1), a!(2), |x, y| if neg { x - y } else { x + y })
                } else {
                    fbin32(m, a!(1), a!(2), |x, y| add32_dir(x, if neg { -y } else { y }, m.rnd))
                }
            } else if bits == 64 {
                let (x, y) = (f64b(a!(1)), f64b(a!(2)));
                let y = if neg { -y } else { y };
                fin64(m, add64_dir(x, y, m.rnd))
            } else {
                return Err(format!("unsupported float width {bits}"));
            };
            put!(r)
        }
        Op::Add | Op::Sub => {
            let (x, y) = (a!(1), a!(2));
            let sub = i.op == Op::Sub;
            let r = if m.sat && ty.signed() {
                let (x, y) = (sext(x, bits) as i128, sext(y, bits) as i128);
                let r = if sub { x - y } else { x + y };
                let (lo, hi) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
                r.clamp(lo, hi) as u64
            } else if sub {
                x.wrapping_sub(y)
            } else {
                x.wrapping_add(y)
            };
            if m.cc {
                t.cc = if sub {
                    (x < y) as u64
                } else {
                    (mask(r, bits) < x) as u64
                };
            }
            put!(mask(r, bits))
        }
        Op::Addc | Op::Subc => {
            let (x, y) = (a!(1), a!(2));
            let c = t.cc;
            let (r, carry) = if i.op == Op::Addc {
                let w = x as u128 + y as u128 + c as u128;
                (mask(w as u64, bits), (w >> bits) & 1)
            } else {
                let w = (x as i128) - (y as i128) - (c as i128);
                (mask(w as u64, bits), (w < 0) as u128)
            };
            if m.cc {
                t.cc = carry as u64;
            }
            put!(r)
        }
        Op::Mul | Op::Mad | Op::Madc if !ty.float() => {
            let (x, y) = (a!(1), a!(2));
            let s = ty.signed();
            let wide = m.mode == "wide";
            let prod: u128 = if s {
                (sext(x, bits) as i128).wrapping_mul(sext(y, bits) as i128) as u128
            } else {
                (x as u128) * (y as u128)
            };
            let r = match m.mode {
                "hi" => (prod >> bits) as u64,
                "wide" => prod as u64,
                _ => prod as u64,
            };
            let rbits = if wide { bits * 2 } else { bits };
            let r = mask(r, rbits);
            if i.op == Op::Mul {
                put!(r)
            } else {
                let c = mask(v!(3), rbits);
                let cin = if i.op == Op::Madc { t.cc } else { 0 };
                let w = r as u128 + c as u128 + cin as u128;
                if m.cc {
                    t.cc = ((w >> rbits) & 1) as u64;
                }
                let res = if m.sat && s {
                    let w = sext(r, rbits) as i128 + sext(c, rbits) as i128;
                    w.clamp(i32::MIN as i128, i32::MAX as i128) as u64
                } else {
                    w as u64
                };
                put!(mask(res, rbits))
            }
        }
        Op::Mul => {
            let r = if bits == 32 {
                if m.rnd == Rnd::N {
                    fbin32(m, a!(1), a!(2), |x, y| x * y)
                } else {
                    fbin32(m, a!(1), a!(2), |x, y| round32(x as f64 * y as f64, 0.0, m.rnd))
                }
            } else {
                fin64(m, mul64_dir(f64b(a!(1)), f64b(a!(2)), m.rnd))
            };
            put!(r)
        }
        Op::Mad | Op::Fma => {
            let r = if bits == 32 {
                let f = |v: u64| if m.ftz { ftz32(f32b(v)) } else { f32b(v) };
                let (x, y, z) = (f(a!(1)), f(a!(2)), f(a!(3)));
                fin32(m, fma32_dir(x, y, z, m.rnd))
            } else {
                let (x, y, z) = (f64b(a!(1)), f64b(a!(2)), f64b(a!(3)));
                fin64(m, fma64_dir(x, y, z, m.rnd))
            };
            put!(r)
        }
        Op::Div | Op::Rem if !ty.float() => {
            let (x, y) = (a!(1), a!(2));
            let div = i.op == Op::Div;
            let r = if ty.signed() {
                let (x, y) = (sext(x, bits), sext(y, bits));
                if y == 0 {
                    if div {
                        u64::MAX
                    } else {
                        x as u64
                    }
                } else if div {
                    x.wrapping_div(y) as u64
                } else {
                    x.wrapping_rem(y) as u64
                }
            } else if y == 0 {
                if div {
                    u64::MAX
                } else {
                    x
                }
            } else if div {
                x / y
            } else {
                x % y
            };
            put!(mask(r, bits))
        }
        Op::Div => {
            let r = if bits == 32 {
                if m.approx {
                    fbin32(m, a!(1), a!(2), div_approx32)
                } else if m.mode2 == "full" {
                    fbin32(m, a!(1), a!(2), |x, y| {
                        Approx::DivFull.apply(x as f64 / y as f64, x as f64 / y as f64) as f32
                    })
                } else if m.rnd == Rnd::N {
                    fbin32(m, a!(1), a!(2), |x, y| x / y)
                } else {
                    fbin32(m, a!(1), a!(2), |x, y| div32_dir(x, y, m.rnd))
                }
            } else {
                fin64(m, div64_dir(f64b(a!(1)), f64b(a!(2)), m.rnd))
            };
            put!(r)
        }
        Op::Min | Op::Max => {
            let max = i.op == Op::Max;
            let (x, y) = (a!(1), a!(2));
            let r = if ty.float() {
                if bits == 32 {
                    fbin32(m, x, y, |x, y| fminmax(x as f64, y as f64, max) as f32)
                } else {
                    canon64(fminmax(f64b(x), f64b(y), max))
                }
            } else if ty.signed() {
                let (a, b) = (sext(x, bits), sext(y, bits));
                mask((if max { a.max(b) } else { a.min(b) }) as u64, bits)
            } else if max {
                x.max(y)
            } else {
                x.min(y)
            };
            put!(r)
        }
        Op::Abs | Op::Neg => {
            let x = a!(1);
            let r = if ty.float() {
                let sign = 1u64 << (bits - 1);
                let x = if m.ftz && bits == 32 {
                    ftz32(f32b(x)).to_bits() as u64
                } else {
                    x
                };
                if i.op == Op::Abs {
                    x & !sign
                } else {
                    x ^ sign
                }
            } else {
                let s = sext(x, bits);
                mask(
                    if i.op == Op::Abs {
                        s.wrapping_abs()
                    } else {
                        s.wrapping_neg()
                    } as u64,
                    bits,
                )
            };
            put!(r)
        }
        Op::And | Op::Or | Op::Xor => {
            let (x, y) = (a!(1), a!(2));
            put!(match i.op {
                Op::And => x & y,
                Op::Or => x | y,
                _ => x ^ y,
            })
        }
        Op::Not => put!(mask(!a!(1), bits)),
        Op::Cnot => put!((a!(1) == 0) as u64),
        Op::Shl | Op::Shr => {
            let x = a!(1);
            let n = mask(v!(2), 32);
            let r = if i.op == Op::Shl {
                if n >= bits as u64 {
                    0
                } else {
                    mask(x << n, bits)
                }
            } else if ty.signed() {
                mask((sext(x, bits) >> n.min(63)) as u64, bits)
            } else if n >= bits as u64 {
                0
            } else {
                x >> n
            };
            put!(r)
        }
        Op::Shf => {
            let (lo, hi) = (mask(v!(1), 32), mask(v!(2), 32));
            let n = mask(v!(3), 32);
            let n = if m.mode2 == "clamp" { n.min(32) } else { n & 31 };
            let w = (hi << 32) | lo;
            let r = if m.mode == "l" { (w << n) >> 32 } else { w >> n };
            put!(mask(r, 32))
        }
        Op::Dp4a | Op::Dp2a => {
            // `m.ty` is a's type, `m.ty2` b's; each byte (dp2a: each half of a) extended as its
            // type says, products summed into c modulo 2^32.
            let (a, b, c) = (mask(v!(1), 32), mask(v!(2), 32), mask(v!(3), 32));
            let ext = |x: u64, bits: u32, signed: bool| -> i64 {
                let x = mask(x, bits);
                if signed && (x >> (bits - 1)) & 1 == 1 {
                    x as i64 - (1i64 << bits)
                } else {
                    x as i64
                }
            };
            let (sa, sb) = (m.ty.signed(), m.ty2.signed());
            let mut acc = c as i64;
            if i.op == Op::Dp4a {
                for k in 0..4 {
                    acc += ext(a >> (8 * k), 8, sa) * ext(b >> (8 * k), 8, sb);
                }
            } else {
                let base = if m.mode == "hi" { 2 } else { 0 };
                for k in 0..2 {
                    acc += ext(a >> (16 * k), 16, sa) * ext(b >> (8 * (base + k)), 8, sb);
                }
            }
            put!(mask(acc as u64, 32))
        }
        Op::Bfe => {
            let x = a!(1);
            let pos = mask(v!(2), 8) as u32;
            let len = mask(v!(3), 8) as u32;
            let r = if len == 0 {
                0
            } else {
                let sbit = if ty.signed() {
                    if pos + len > bits {
                        (x >> (bits - 1)) & 1
                    } else {
                        (x >> (pos + len - 1)) & 1
                    }
                } else {
                    0
                };
                let mut r = 0u64;
                for k in 0..bits {
                    let bit = if k < len && pos + k < bits {
                        (x >> (pos + k)) & 1
                    } else {
                        sbit
                    };
                    r |= bit << k;
                }
                r
            };
            put!(mask(r, bits))
        }
        Op::Bfi => {
            let (f, b) = (a!(1), a!(2));
            let pos = mask(v!(3), 8) as u32;
            let len = mask(v!(4), 8) as u32;
            let mut r = b;
            for k in 0..len {
                if pos + k >= bits {
                    break;
                }
                r = (r & !(1 << (pos + k))) | (((f >> k) & 1) << (pos + k));
            }
            put!(r)
        }
        Op::Brev => put!(mask(a!(1).reverse_bits() >> (64 - bits), bits)),
        Op::Popc => put!(a!(1).count_ones() as u64),
        Op::Clz => put!((a!(1).leading_zeros() - (64 - bits)) as u64),
        Op::Bfind => {
            let x = a!(1);
            let r = if ty.signed() {
                let s = sext(x, bits);
                let y = if s < 0 { !x & mask(u64::MAX, bits) } else { x };
                if y == 0 {
                    None
                } else {
                    Some(63 - y.leading_zeros())
                }
            } else if x == 0 {
                None
            } else {
                Some(63 - x.leading_zeros())
            };
            put!(match r {
                None => 0xffff_ffff,
                Some(p) if m.mode == "shiftamt" => (bits - 1 - p) as u64,
                Some(p) => p as u64,
            })
        }
        Op::Prmt => {
            let (x, y) = (mask(v!(1), 32), mask(v!(2), 32));
            let c = mask(v!(3), 32);
            let bytes = (y << 32) | x;
            if !m.mode.is_empty() {
                // byte indices for d.b0..d.b3 by selector c[1:0] (PTX ISA, prmt modes)
                let s = (c & 3) as usize;
                let idx: [u64; 4] = match m.mode {
                    "f4e" => [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]][s],
                    "b4e" => [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]][s],
                    "rc8" => [[0; 4], [1; 4], [2; 4], [3; 4]][s],
                    "ecl" => [[0, 1, 2, 3], [1, 1, 2, 3], [2, 2, 2, 3], [3, 3, 3, 3]][s],
                    "ecr" => [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 2], [0, 1, 2, 3]][s],
                    "rc16" => [[0, 1, 0, 1], [2, 3, 2, 3], [0, 1, 0, 1], [2, 3, 2, 3]][s],
                    o => return Err(format!("prmt mode .{o} is not supported")),
                };
                let mut r = 0u64;
                for (k, b) in idx.iter().enumerate() {
                    r |= ((bytes >> (8 * b)) & 0xff) << (8 * k);
                }
                put!(r);
                advance(t);
                return Ok(());
            }
            let mut r = 0u64;
            for k in 0..4 {
                let sel = (c >> (4 * k)) & 0xf;
                let mut byte = (bytes >> ((sel & 7) * 8)) & 0xff;
                if sel & 8 != 0 {
                    byte = if byte & 0x80 != 0 { 0xff } else { 0 };
                }
                r |= byte << (8 * k);
            }
            put!(r)
        }
        Op::Lop3 => {
            // bit k of the result is bit (a_k << 2 | b_k << 1 | c_k) of the truth table
            let (a, b, c) = (a!(1), a!(2), a!(3));
            let lut = mask(v!(4), 8);
            let mut r = 0u64;
            for k in 0..bits {
                let idx = ((a >> k) & 1) << 2 | ((b >> k) & 1) << 1 | ((c >> k) & 1);
                r |= ((lut >> idx) & 1) << k;
            }
            put!(r)
        }
        Op::Mul24 | Op::Mad24 => {
            let (x, y) = (a!(1), a!(2));
            let p: i64 = if ty.signed() {
                sext(x, 24) * sext(y, 24)
            } else {
                (mask(x, 24) * mask(y, 24)) as i64
            };
            // .lo: low 32 bits of the 48-bit product; .hi: its high 32 bits
            let r = if m.mode == "hi" { (p >> 16) as u64 } else { p as u64 };
            let r = if i.op == Op::Mad24 {
                if m.sat {
                    (sext(mask(r, 32), 32) + sext(a!(3), 32)).clamp(i32::MIN as i64, i32::MAX as i64) as u64
                } else {
                    r.wrapping_add(a!(3))
                }
            } else {
                r
            };
            put!(mask(r, 32))
        }
        Op::Sad => {
            let (x, y, z) = (a!(1), a!(2), a!(3));
            let d = if ty.signed() {
                sext(x, bits).abs_diff(sext(y, bits))
            } else {
                x.abs_diff(y)
            };
            put!(mask(z.wrapping_add(d), bits))
        }
        Op::Vabsdiff2 | Op::Vabsdiff4 => {
            // per lane |a - b| (a and b of the atype's signedness); `.add`: c plus their sum,
            // else the lanes themselves (all selected: no mask)
            if m.sat || !(m.mode.is_empty() || m.mode == "add") || !m.mode2.is_empty() {
                return Err(format!("unsupported form of `{}`", i.text));
            }
            let w = if i.op == Op::Vabsdiff4 { 8 } else { 16 };
            let (x, y, c) = (mask(v!(1), 32), mask(v!(2), 32), mask(v!(3), 32));
            let (mut lanes, mut sum) = (0u64, 0u64);
            for k in (0..32).step_by(w) {
                let (xa, yb) = (mask(x >> k, w as u32), mask(y >> k, w as u32));
                let d = if m.ty2.signed() {
                    sext(xa, w as u32).abs_diff(sext(yb, w as u32))
                } else {
                    xa.abs_diff(yb)
                };
                lanes |= mask(d, w as u32) << k;
                sum += d;
            }
            put!(if m.mode == "add" {
                mask(c.wrapping_add(sum), 32)
            } else {
                lanes
            })
        }
        Op::Copysign => {
            let sign = 1u64 << (bits - 1);
            let (a, b) = (a!(1), a!(2));
            put!((b & !sign) | (a & sign))
        }
        Op::Rcp | Op::Sqrt | Op::Rsqrt | Op::Ex2 | Op::Lg2 | Op::Sin | Op::Cos | Op::Tanh => {
            let x = a!(1);
            let r = if bits == 32 {
                let x = if m.ftz { ftz32(f32b(x)) } else { f32b(x) };
                let xd = x as f64;
                // approximate forms: the exact result (in f64) with the documented error
                let r = match i.op {
                    Op::Rcp if m.approx => Approx::Rcp.apply(xd, 1.0 / xd) as f32,
                    Op::Rcp => div32_dir(1.0, x, m.rnd),
                    Op::Sqrt if m.approx => Approx::Sqrt.apply(xd, xd.sqrt()) as f32,
                    Op::Sqrt if m.rnd == Rnd::N => x.sqrt(),
                    Op::Sqrt => sqrt32_dir(x, m.rnd),
                    Op::Rsqrt => Approx::Rsqrt.apply(xd, 1.0 / xd.sqrt()) as f32,
                    Op::Ex2 => Approx::Ex2.apply(xd, xd.exp2()) as f32,
                    Op::Lg2 => Approx::Lg2.apply(xd, xd.log2()) as f32,
                    Op::Sin => Approx::Sin.apply(xd, xd.sin()) as f32,
                    Op::Cos => Approx::Cos.apply(xd, xd.cos()) as f32,
                    _ => Approx::Tanh.apply(xd, xd.tanh()) as f32,
                };
                fin32(m, r)
            } else {
                let x = f64b(x);
                let r = match i.op {
                    Op::Rcp => div64_dir(1.0, x, if m.approx { Rnd::N } else { m.rnd }),
                    Op::Sqrt => sqrt64_dir(x, m.rnd),
                    Op::Rsqrt => 1.0 / x.sqrt(),
                    Op::Ex2 => x.exp2(),
                    Op::Lg2 => x.log2(),
                    Op::Sin => x.sin(),
                    Op::Cos => x.cos(),
                    _ => x.tanh(),
                };
                fin64(m, r)
            };
            put!(r)
        }
        Op::Testp => {
            let x = a!(1);
            let f = if bits == 32 { f32b(x) as f64 } else { f64b(x) };
            put!(match m.mode {
                "finite" => f.is_finite(),
                "infinite" => f.is_infinite(),
                "number" => !f.is_nan(),
                "notanumber" => f.is_nan(),
                "normal" => f.is_normal(),
                "subnormal" => f.is_subnormal(),
                other => return Err(format!("testp.{other}")),
            } as u64)
        }
        Op::Cvt if ty.fp8().is_some() => {
            // cvt.rn.satfinite.e4m3x2.f32 d, a, b: d = {a -> upper byte, b -> lower byte};
            // cvt.rn.satfinite.e4m3x2.f16x2 d, a: lane by lane.
            let f = ty.fp8().unwrap();
            let sat = m.mode == "satfinite" || m.mode2 == "satfinite";
            let relu = m.mode == "relu" || m.mode2 == "relu";
            let one = |v: f64| f64_to_fp8(if relu && v < 0.0 { 0.0 } else { v }, f, m.rnd, sat) as u64;
            let src = m.ty2;
            if o.len() == 3 && src.kind == Kind::F && src.bits == 32 {
                let (hi, lo) = (f32b(v!(1)) as f64, f32b(v!(2)) as f64);
                put!((one(hi) << 8) | one(lo))
            } else if let (2, Some(h)) = (o.len(), src.packed()) {
                let x = v!(1);
                let (lo, hi) = (half_to_f64(x as u16, h), half_to_f64((x >> 16) as u16, h));
                put!((one(hi) << 8) | one(lo))
            } else {
                return Err(format!("cvt to .{:?} from this source", ty.kind));
            }
        }
        Op::Cvt if ty.packed().is_some() && m.ty2.fp8().is_some() => {
            // cvt.rn.f16x2.e4m3x2 d, a: exact, byte by byte (the lower byte to the lower half).
            let (f, h) = (m.ty2.fp8().unwrap(), ty.packed().unwrap());
            let x = v!(1);
            let lane = |b: u64| f64_to_half(fp8_to_f64(b as u8, f), h, Rnd::N) as u64;
            let (lo, hi) = (lane(x & 0xff), lane((x >> 8) & 0xff));
            let (lo, hi) = if m.mode == "relu" || m.mode2 == "relu" {
                let z = |v: u64| if v & 0x8000 != 0 && v & 0x7fff <= 0x7c00 { 0 } else { v };
                (z(lo), z(hi))
            } else {
                (lo, hi)
            };
            put!((hi << 16) | lo)
        }
        Op::Cvt if ty.packed().is_some() && o.len() == 3 => {
            // cvt.rn.f16x2.f32 d, a, b: d = {a -> upper half, b -> lower half}
            let mut m1 = m.clone();
            m1.ty = Ty {
                kind: if ty.kind == Kind::F16x2 { Kind::F } else { Kind::Bf },
                bits: 16,
            };
            let hi = cvt(&m1, v!(1))?;
            let lo = cvt(&m1, v!(2))?;
            put!((hi << 16) | lo)
        }
        Op::Cvt => put!(cvt(m, v!(1))?),
        Op::Cvta => {
            let x = v!(1);
            let win = match m.space {
                Some(Space::Shared) => S_WIN,
                Some(Space::Local) => L_WIN,
                Some(Space::Const) => C_WIN,
                _ => 0,
            };
            let r = if m.to { x.wrapping_sub(win) } else { x.wrapping_add(win) };
            put!(mask(r, bits))
        }
        Op::Setp => {
            let (x, y) = (a!(1), a!(2));
            let mut p = compare(m, x, y)?;
            let (mut q, mut has_c) = (!p, false);
            if !m.mode.is_empty() {
                has_c = true;
                let c = cx.val(t, &o[3])? & 1 != 0;
                let f = |a: bool| match m.mode {
                    "and" => a & c,
                    "or" => a | c,
                    _ => a ^ c,
                };
                p = f(p);
                q = f(q);
            }
            let _ = has_c;
            match &o[0] {
                Opnd::Pair(a, b) => {
                    let fr = t.frames.last_mut().unwrap();
                    fr.regs[*a as usize] = p as u64;
                    fr.regs[*b as usize] = q as u64;
                }
                d => set(t, d, p as u64)?,
            }
        }
        Op::Selp => {
            let c = v!(3) & 1 != 0;
            put!(if c { a!(1) } else { a!(2) })
        }
        Op::Mov => match (&o[0], &o[1]) {
            (Opnd::Vec(ds), src) => {
                let x = cx.val(t, src)?;
                let w = bits / ds.len() as u32;
                for (k, d) in ds.iter().enumerate() {
                    set(t, d, mask(x >> (w * k as u32), w))?;
                }
            }
            (d, Opnd::Vec(ss)) => {
                let w = bits / ss.len() as u32;
                let mut r = 0u64;
                for (k, s) in ss.iter().enumerate() {
                    r |= mask(cx.val(t, s)?, w) << (w * k as u32);
                }
                set(t, d, r)?;
            }
            (d, s) => {
                let x = cx.val(t, s)?;
                set(t, d, mask(x, bits.max(1)))?;
            }
        },
        Op::Ld | Op::St => {
            let (ao, vo) = if i.op == Op::Ld { (&o[1], &o[0]) } else { (&o[0], &o[1]) };
            let addr = cx.addr(t, ao)?;
            let esz = ty.bytes();
            let elems: Vec<&Opnd> = match vo {
                Opnd::Vec(v) => v.iter().collect(),
                v => vec![v],
            };
            for (k, e) in elems.into_iter().enumerate() {
                let a = addr.wrapping_add(k as u64 * esz);
                if i.op == Op::Ld {
                    let x = cx.load(t, m.space, a, esz)?;
                    set(t, e, ext(x, ty))?;
                } else {
                    let x = cx.val(t, e)?;
                    cx.store(t, m.space, a, esz, x)?;
                }
            }
        }
        Op::Atom | Op::Red => {
            let (ao, base) = if i.op == Op::Atom { (&o[1], 2) } else { (&o[0], 1) };
            let addr = cx.addr(t, ao)?;
            let sz = ty.bytes();
            let old = cx.load(t, m.space, addr, sz)?;
            let b = a!(base);
            let new = match m.mode {
                "add" if ty.float() => {
                    if bits == 32 {
                        canon32(f32b(old) + f32b(b)) as u64
                    } else {
                        canon64(f64b(old) + f64b(b))
                    }
                }
                "add" => old.wrapping_add(b),
                "min" | "max" => {
                    let gt = if ty.signed() {
                        sext(old, bits) > sext(b, bits)
                    } else {
                        old > b
                    };
                    if (m.mode == "max") == gt {
                        old
                    } else {
                        b
                    }
                }
                "and" => old & b,
                "or" => old | b,
                "xor" => old ^ b,
                "exch" => b,
                "cas" => {
                    if old == b {
                        a!(base + 1)
                    } else {
                        old
                    }
                }
                "inc" => {
                    if old >= b {
                        0
                    } else {
                        old + 1
                    }
                }
                "dec" => {
                    if old == 0 || old > b {
                        b
                    } else {
                        old - 1
                    }
                }
                other => return Err(format!("atomic operation .{other} is not supported")),
            };
            cx.store(t, m.space, addr, sz, mask(new, bits))?;
            if i.op == Op::Atom {
                put!(old)
            }
        }
        Op::Bra => {
            let Opnd::Label(l) = o[0] else {
                return Err("bra without a label".into());
            };
            t.frames.last_mut().unwrap().pc = l;
            return Ok(());
        }
        Op::Brx => {
            let idx = mask(v!(0), 32) as usize;
            let Opnd::Targets(ts) = &o[1] else {
                return Err("brx.idx without a target list".into());
            };
            let Some(&l) = ts.get(idx) else {
                return Err(format!("brx.idx index {idx} out of range"));
            };
            t.frames.last_mut().unwrap().pc = l;
            return Ok(());
        }
        Op::Call => return call(cx, t, i),
        Op::Ret => {
            if t.frames.len() == 1 {
                t.status = Status::Done;
                return Ok(());
            }
            let fr = t.frames.pop().unwrap();
            t.local_sp = fr.local_base;
            let caller = t.frames.last_mut().unwrap();
            if let Some(off) = fr.ret_to {
                let off = off as usize;
                let n = fr.ret.len().min(caller.cpar.len().saturating_sub(off));
                caller.cpar[off..off + n].copy_from_slice(&fr.ret[..n]);
            }
            caller.pc += 1;
            return Ok(());
        }
        Op::Exit => {
            t.status = Status::Done;
            return Ok(());
        }
        Op::Trap => return Err("trap".into()),
        Op::Bar => match m.mode {
            "sync" | "" => {
                t.status = Status::Bar;
                return Ok(());
            }
            "arrive" => {}
            other => return Err(format!("bar.{other} is not supported")),
        },
        Op::BarWarp | Op::Shfl | Op::Vote | Op::Match | Op::Redux => {
            t.status = Status::Warp;
            return Ok(());
        }
        Op::Wmma => {
            let spec = match i.wmma.as_deref() {
                Some(Ok(s)) => s,
                Some(Err(e)) => return Err(e.clone()),
                None => return Err("wmma instruction without a decoded form".into()),
            };
            if let wmma::Kind::Mma { .. } = spec.kind {
                // a warp collective: resolved by `resolve_warp`
                t.status = Status::Warp;
                return Ok(());
            }
            wmma_access(cx, t, spec, o)?;
        }
        Op::Tex => {
            let form = match i.tex.as_deref() {
                Some(Ok(f)) => *f,
                Some(Err(e)) => return Err(e.clone()),
                None => return Err("texture instruction without a decoded form".into()),
            };
            tex_access(cx, t, &form, o)?;
        }
        // The lanes of the warp that have not exited (set by the scheduler per warp).
        Op::Activemask => put!(cx.alive as u64),
        Op::CpAsync => {
            let (dst, src) = (cx.addr(t, &o[0])?, cx.addr(t, &o[1])?);
            let size = cx.val(t, &o[2])?;
            // Bytes past `src-size` are zero-filled.
            let src_size = match o.get(3) {
                Some(s) => cx.val(t, s)?,
                None => size,
            };
            for k in 0..size {
                let b = if k < src_size {
                    cx.load(t, Some(Space::Global), src + k, 1)?
                } else {
                    0
                };
                cx.store(t, Some(Space::Shared), dst + k, 1, b)?;
            }
        }
        Op::Nop => {}
        Op::Unknown => return Err(format!("unsupported instruction `{}`", i.text)),
        _ => return Err(format!("unsupported instruction form `{}`", i.text)),
    }
    advance(t);
    Ok(())
}

/// `tex`, `tld4`, `suld.b`, `sust.b` for one thread (see [`crate::tex`]).
fn tex_access(cx: &mut Cx, t: &mut Thread, f: &crate::tex::Form, o: &[Opnd]) -> R<()> {
    use crate::tex::{Kind, Resource};
    let (addr, data) = match (f.kind, o) {
        (Kind::Sust, [a, d, ..]) | (_, [d, a, ..]) => (a, d),
        _ => return Err("missing operands".into()),
    };
    let Opnd::List(hc) = addr else {
        return Err("expected a `[handle, {coordinates}]` operand".into());
    };
    let h = cx.val(t, &hc[0])?;
    let coords: Vec<u64> = match &hc[1] {
        Opnd::Vec(v) => v.iter().map(|x| cx.val(t, x)).collect::<R<_>>()?,
        x => vec![cx.val(t, x)?],
    };
    let regs: Vec<&Opnd> = match data {
        Opnd::Vec(v) => v.iter().collect(),
        x => vec![x],
    };
    if regs.len() != f.vec as usize {
        return Err(format!("{} data operands, the instruction moves {}", regs.len(), f.vec));
    }
    // `tex.level`'s level of detail, `tex.grad`'s gradients
    let f32_of = |x: u64| f32::from_bits(x as u32);
    let lod = match (f.kind, o) {
        (Kind::Tex { extra: 1 }, [_, _, l, ..]) => crate::tex::Lod::Level(f32_of(cx.val(t, l)?)),
        (Kind::Tex { extra: 2 }, [_, _, gx, gy, ..]) => {
            let mut g = [[0f32; 3]; 2];
            for (k, op) in [gx, gy].into_iter().enumerate() {
                let vals: Vec<u64> = match op {
                    Opnd::Vec(v) => v.iter().map(|x| cx.val(t, x)).collect::<R<_>>()?,
                    x => vec![cx.val(t, x)?],
                };
                for (j, v) in vals.into_iter().take(3).enumerate() {
                    g[k][j] = f32_of(v);
                }
            }
            crate::tex::Lod::Grad(g[0], g[1])
        }
        (Kind::Tex { extra: 1 | 2 }, _) => return Err("missing level-of-detail operands".into()),
        _ => crate::tex::Lod::None,
    };
    match f.kind {
        Kind::Tex { .. } | Kind::Tld4(_) => {
            let units: &crate::tex::Units = cx.tex;
            let tx = units.texture(h)?;
            let shape = match &tx.res {
                Resource::Array(k) => Some(&units.arrays[*k].desc),
                Resource::Linear { .. } => None,
            };
            let cxr: &Cx = cx;
            let tr: &Thread = t;
            let mut fetch = |k: usize| -> R<Option<[u64; 4]>> {
                match &tx.res {
                    Resource::Array(a) => {
                        let arr = &units.arrays[*a];
                        let es = arr.desc.elem_size();
                        let e = arr.data.get(k * es..(k + 1) * es).ok_or("texel outside the array")?;
                        Ok(Some(crate::tex::unpack(arr.desc.channel, arr.desc.channels, e)))
                    }
                    Resource::Linear {
                        ptr,
                        bytes,
                        channel,
                        channels,
                    } => {
                        let es = channel.size() * *channels as usize;
                        if ((k + 1) * es) as u64 > *bytes {
                            return Ok(None);
                        }
                        let mut b = vec![0u8; es];
                        for (j, x) in b.iter_mut().enumerate() {
                            *x = cxr.load(tr, Some(Space::Global), ptr + (k * es + j) as u64, 1)? as u8;
                        }
                        Ok(Some(crate::tex::unpack(*channel, *channels, &b)))
                    }
                }
            };
            let r = crate::tex::sample(tx, shape, f, &coords, lod, &mut fetch)?;
            for (d, v) in regs.into_iter().zip(r) {
                set(t, d, v)?;
            }
        }
        Kind::Suld | Kind::Sust => {
            let k = cx.tex.surface(h)?;
            let off = crate::tex::surface_offset(&cx.tex.arrays[k].desc, f, &coords)?;
            let sz = (f.bits / 8) as usize;
            if f.kind == Kind::Suld {
                for (j, d) in regs.into_iter().enumerate() {
                    let v = match off {
                        Some(o) => {
                            let mut b = [0u8; 8];
                            b[..sz].copy_from_slice(&cx.tex.arrays[k].data[o + j * sz..o + (j + 1) * sz]);
                            u64::from_le_bytes(b)
                        }
                        None => 0,
                    };
                    set(t, d, v)?;
                }
            } else {
                let vals = regs.iter().map(|r| cx.val(t, r)).collect::<R<Vec<u64>>>()?;
                if let Some(o) = off {
                    let data = &mut cx.tex.arrays[k].data;
                    for (j, v) in vals.into_iter().enumerate() {
                        data[o + j * sz..o + (j + 1) * sz].copy_from_slice(&v.to_le_bytes()[..sz]);
                    }
                }
            }
        }
    }
    Ok(())
}

/// `wmma.load` / `wmma.store` for one lane: moves the slots of its fragment (see [`wmma`]).
fn wmma_access(cx: &mut Cx, t: &mut Thread, spec: &wmma::Spec, o: &[Opnd]) -> R<()> {
    let (rows, cols, per) = wmma::access_geometry(spec)?;
    let load = matches!(spec.kind, wmma::Kind::Load(_));
    let (frag, addr) = if load { (&o[0], &o[1]) } else { (&o[1], &o[0]) };
    let Opnd::Vec(regs) = frag else {
        return Err("wmma: the fragment operand is not a vector {..}".into());
    };
    let want = wmma::nregs(spec.el, per);
    if regs.len() != want {
        return Err(format!(
            "wmma: the fragment has {} registers, this shape and type needs {want}",
            regs.len()
        ));
    }
    let base = cx.addr(t, addr)?;
    let ldm = match o.get(2) {
        Some(x) => mask(cx.val(t, x)?, 32),
        None => wmma::default_stride(spec, rows, cols),
    };
    let lane = t.linear % 32;
    let bits = spec.el.bits();
    let layout = cx.wmma_layout;
    let elem_addr = |e: u32| {
        let j = wmma::slot_elem(layout, lane, e, per, rows * cols);
        let bit = wmma::elem_bit_offset(spec, j, cols, ldm);
        (base.wrapping_add(bit / 8), bit % 8)
    };
    if load {
        let mut elems = Vec::with_capacity(per as usize);
        for e in 0..per {
            let (a, sh) = elem_addr(e);
            elems.push(if bits >= 8 {
                cx.load(t, spec.space, a, bits as u64 / 8)?
            } else {
                (cx.load(t, spec.space, a, 1)? >> sh) & ((1 << bits) - 1)
            });
        }
        for (d, v) in regs.iter().zip(wmma::pack(spec.el, &elems)) {
            set(t, d, v)?;
        }
    } else {
        let vals = regs.iter().map(|r| cx.val(t, r)).collect::<R<Vec<u64>>>()?;
        for (e, v) in wmma::unpack(spec.el, &vals).into_iter().enumerate() {
            let (a, _) = elem_addr(e as u32);
            cx.store(t, spec.space, a, bits as u64 / 8, v)?;
        }
    }
    Ok(())
}

/// The `wmma.mma` of a warp whose 32 lanes all wait at it.
fn wmma_warp(cx: &mut Cx, threads: &mut [Thread], alive: u32) -> R<()> {
    let at = |t: &Thread| {
        let fr = t.frames.last().unwrap();
        (fr.func, fr.pc)
    };
    let first = at(&threads[0]);
    let inst = &cx.m.funcs[first.0 as usize].insts[first.1 as usize];
    let err = |e: String| format!("{e} (instruction `{}`, line {})", inst.text, inst.line);
    if threads.len() != 32 || alive != u32::MAX {
        return Err(err(format!(
            "wmma.mma.sync.aligned needs all 32 lanes of the warp; {} of them are live",
            alive.count_ones()
        )));
    }
    if threads.iter().any(|t| at(t) != first) {
        return Err(err(
            "the lanes of the warp wait at different instructions (wmma.mma.sync.aligned must be executed by the whole warp together)".into(),
        ));
    }
    let spec = match inst.wmma.as_deref() {
        Some(Ok(s)) => s,
        Some(Err(e)) => return Err(err(e.clone())),
        None => return Err(err("wmma instruction without a decoded form".into())),
    };
    let vec = |t: &Thread, k: usize| -> R<Vec<u64>> {
        match inst.ops.get(k) {
            Some(Opnd::Vec(v)) => v.iter().map(|r| cx.val(t, r)).collect(),
            _ => Err(format!("wmma.mma: operand {k} is not a vector {{..}}")),
        }
    };
    let frags = threads
        .iter()
        .map(|t| Ok([vec(t, 1)?, vec(t, 2)?, vec(t, 3)?]))
        .collect::<R<Vec<_>>>()
        .map_err(err)?;
    let d = wmma::mma(spec, cx.wmma_layout, &frags).map_err(err)?;
    let Some(Opnd::Vec(dst)) = inst.ops.first() else {
        return Err(err("wmma.mma: the destination is not a vector {..}".into()));
    };
    for (t, regs) in threads.iter_mut().zip(d) {
        if regs.len() != dst.len() {
            return Err(err(format!(
                "wmma.mma: the destination has {} registers, the fragment needs {}",
                dst.len(),
                regs.len()
            )));
        }
        for (r, v) in dst.iter().zip(regs) {
            set(t, r, v).map_err(err)?;
        }
    }
    Ok(())
}

/// One lane of a 16-bit float operation: computed exactly (or once rounded) in f64, then
/// rounded to the format with the instruction's rounding mode, `.ftz` and `.sat`.
fn half_op(op: Op, m: &Mods, h: Half, x: &[u16]) -> u16 {
    let sign = 0x8000u16;
    match op {
        Op::Neg => return x[0] ^ sign,
        Op::Abs => return x[0] & !sign,
        _ => {}
    }
    let ftz = |v: f64| {
        // subnormal in the 16-bit format: below its smallest normal
        let min_normal = match h {
            Half::F16 => 2f64.powi(-14),
            Half::Bf16 => 2f64.powi(-126),
        };
        if m.ftz && v != 0.0 && v.abs() < min_normal {
            0.0f64.copysign(v)
        } else {
            v
        }
    };
    let v: Vec<f64> = x.iter().map(|&b| ftz(half_to_f64(b, h))).collect();
    let r = match op {
        Op::Add => v[0] + v[1],
        Op::Sub => v[0] - v[1],
        Op::Mul => v[0] * v[1],
        Op::Fma | Op::Mad => v[0].mul_add(v[1], v[2]),
        Op::Min | Op::Max => {
            if v[0].is_nan() && v[1].is_nan() {
                f64::NAN
            } else {
                fminmax(v[0], v[1], op == Op::Max)
            }
        }
        _ => unreachable!(),
    };
    let r = if m.sat { sat64(r) } else { r };
    let b = f64_to_half(r, h, m.rnd);
    let back = half_to_f64(b, h);
    if m.ftz && back.is_finite() && ftz(back) != back {
        b & sign
    } else {
        b
    }
}

fn compare(m: &Mods, x: u64, y: u64) -> R<bool> {
    let ty = m.ty;
    if let Some(h) = ty.half() {
        let (a, b) = (half_to_f64(x as u16, h), half_to_f64(y as u16, h));
        let mut m2 = m.clone();
        m2.ty = Ty {
            kind: Kind::F,
            bits: 64,
        };
        m2.ftz = false;
        return compare(&m2, a.to_bits(), b.to_bits());
    }
    if ty.float() {
        let (a, b) = if ty.bits == 32 {
            let f = |v| if m.ftz { ftz32(f32b(v)) } else { f32b(v) };
            (f(x) as f64, f(y) as f64)
        } else {
            (f64b(x), f64b(y))
        };
        let un = a.is_nan() || b.is_nan();
        return Ok(match m.cmp {
            "eq" => a == b,
            "ne" => !un && a != b,
            "lt" => a < b,
            "le" => a <= b,
            "gt" => a > b,
            "ge" => a >= b,
            "equ" => un || a == b,
            "neu" => un || a != b,
            "ltu" => un || a < b,
            "leu" => un || a <= b,
            "gtu" => un || a > b,
            "geu" => un || a >= b,
            "num" => !un,
            "nan" => un,
            c => return Err(format!("setp comparison .{c} on floats")),
        });
    }
    let bits = ty.bits;
    let (sa, sb) = (sext(x, bits), sext(y, bits));
    let s = ty.signed();
    Ok(match m.cmp {
        "eq" => x == y,
        "ne" => x != y,
        "lt" if s => sa < sb,
        "le" if s => sa <= sb,
        "gt" if s => sa > sb,
        "ge" if s => sa >= sb,
        "lt" | "lo" => x < y,
        "le" | "ls" => x <= y,
        "gt" | "hi" => x > y,
        "ge" | "hs" => x >= y,
        c => return Err(format!("setp comparison .{c} on integers")),
    })
}

fn round_int(x: f64, m: &Mods) -> f64 {
    match m.rnd {
        Rnd::N => x.round_ties_even(),
        Rnd::Z => x.trunc(),
        Rnd::M => x.floor(),
        Rnd::P => x.ceil(),
    }
}

fn cvt(m: &Mods, x: u64) -> R<u64> {
    let (d, s) = (m.ty, m.ty2);
    let x = mask(x, s.bits);
    if let Some(h) = s.half() {
        // a 16-bit source is exact in f64: convert from that
        let v = half_to_f64(x as u16, h);
        if d.half().is_none() {
            let mut m2 = m.clone();
            m2.ty2 = Ty {
                kind: Kind::F,
                bits: 64,
            };
            if d.float() && !m.rnd_int {
                // widening: exact
                return Ok(if d.bits == 32 { fin32(m, v as f32) } else { fin64(m, v) });
            }
            return cvt(&m2, v.to_bits());
        }
    }
    if let Some(h) = d.half() {
        let v = if let Some(hs) = s.half() {
            half_to_f64(x as u16, hs)
        } else if s.float() {
            if s.bits == 32 {
                let f = f32b(x);
                (if m.ftz { ftz32(f) } else { f }) as f64
            } else {
                f64b(x)
            }
        } else if s.signed() {
            sext(x, s.bits) as f64
        } else {
            x as f64
        };
        let v = if m.rnd_int { round_int(v, m) } else { v };
        let v = if m.sat { sat64(v) } else { v };
        // .relu clamps negative results to +0 (NaN stays NaN)
        let v = if m.mode == "relu" && v < 0.0 { 0.0 } else { v };
        let r = f64_to_half(v, h, m.rnd);
        if m.mode == "satfinite" || m.mode2 == "satfinite" {
            // clamp infinities to the largest finite value of the format
            let max = match h {
                Half::F16 => 0x7bffu16,
                Half::Bf16 => 0x7f7f,
            };
            if r & 0x7fff > max && r & 0x7fff != Half::CANONICAL_NAN {
                return Ok(((r & 0x8000) | max) as u64);
            }
        }
        return Ok(r as u64);
    }
    match (d.float(), s.float()) {
        (false, false) => {
            let v = ext(x, s);
            if m.sat {
                let (lo, hi): (i128, i128) = if d.signed() {
                    (-(1i128 << (d.bits - 1)), (1i128 << (d.bits - 1)) - 1)
                } else {
                    (0, (1i128 << d.bits) - 1)
                };
                let w = if s.signed() { v as i64 as i128 } else { v as i128 };
                return Ok(mask(w.clamp(lo, hi) as u64, d.bits));
            }
            Ok(mask(v, d.bits))
        }
        (false, true) => {
            let f = if s.bits == 32 {
                let f = f32b(x);
                (if m.ftz { ftz32(f) } else { f }) as f64
            } else {
                f64b(x)
            };
            let r = round_int(f, m);
            let v: u64 = match (d.signed(), d.bits) {
                // NaN to a 64-bit integer is 0x8000000000000000 on the hardware (measured on an
                // H100 for `cvt.rmi.s64.f32`; CUDA's `__float2ll_*`/`__float2ull_*` document the
                // same), where a 32-bit destination gets 0
                (_, 64) if r.is_nan() => 1 << 63,
                (true, 64) => (r as i64) as u64,
                (false, 64) => r as u64,
                (true, b) => {
                    if r.is_nan() {
                        0
                    } else {
                        let lim = (1i64 << (b - 1)) as f64;
                        (r.clamp(-lim, lim - 1.0) as i64) as u64
                    }
                }
                (false, b) => {
                    if r.is_nan() {
                        0
                    } else {
                        r.clamp(0.0, ((1u64 << b) - 1) as f64) as u64
                    }
                }
            };
            Ok(mask(v, d.bits))
        }
        (true, false) => {
            let v = ext(x, s);
            let (hi, lo) = if s.signed() {
                let h = v as i64 as f64;
                (h, ((v as i64 as i128) - (h as i128)) as f64)
            } else {
                let h = v as f64;
                (h, ((v as i128) - (h as i128)) as f64)
            };
            Ok(if d.bits == 32 {
                let r = if s.signed() { v as i64 as f32 } else { v as f32 };
                let r = if m.rnd == Rnd::N { r } else { round32(hi, lo, m.rnd) };
                fin32(m, r)
            } else {
                round64(hi, lo, m.rnd).to_bits()
            })
        }
        (true, true) => {
            if d.bits == 64 && s.bits == 32 {
                let f = f32b(x);
                let f = if m.ftz { ftz32(f) } else { f };
                let r = if m.rnd_int { round_int(f as f64, m) } else { f as f64 };
                return Ok(if m.sat { sat64(r).to_bits() } else { canon64(r) });
            }
            if d.bits == 32 && s.bits == 64 {
                let f = f64b(x);
                let r = if m.rnd_int {
                    round_int(f, m) as f32
                } else if m.rnd == Rnd::N {
                    f as f32
                } else {
                    round32(f, 0.0, m.rnd)
                };
                return Ok(fin32(m, r));
            }
            if d.bits == 32 {
                let f = f32b(x);
                let f = if m.ftz { ftz32(f) } else { f };
                let r = if m.rnd_int { round_int(f as f64, m) as f32 } else { f };
                Ok(fin32(m, r))
            } else {
                let f = f64b(x);
                let r = if m.rnd_int { round_int(f, m) } else { f };
                Ok(fin64(m, r))
            }
        }
    }
}

fn call(cx: &mut Cx, t: &mut Thread, i: &Inst) -> R<()> {
    let mut rets: &[Opnd] = &[];
    let mut args: &[Opnd] = &[];
    let mut callee = None;
    for op in &i.ops {
        match op {
            Opnd::List(l) if callee.is_none() => rets = l,
            Opnd::List(l) => args = l,
            Opnd::Func(f) => callee = Some(*f),
            // indirect call: `call (ret), %rd1, (args), prototype;`
            Opnd::Reg(r) if callee.is_none() => {
                let a = t.frames.last().unwrap().regs[*r as usize];
                let f = a.wrapping_sub(F_WIN);
                if f >= cx.m.funcs.len() as u64 {
                    return Err(format!(
                        "indirect call through {a:#x}, which is not the address of a function"
                    ));
                }
                callee = Some(f as u32);
            }
            _ => {}
        }
    }
    let f = callee.ok_or("call without a callee")?;
    let func = &cx.m.funcs[f as usize];
    let ploc = |o: &Opnd| -> R<u64> {
        match o {
            Opnd::Sym(Sym::ParamLoc(off), _) => Ok(*off),
            o => Err(format!("call argument must be a .param variable, found {o:?}")),
        }
    };
    let ret_to = rets.first().map(ploc).transpose()?;
    if let Some(b) = func.builtin {
        match b {
            Builtin::Vprintf => {
                let caller = t.frames.last().unwrap();
                let rd = |k: usize| -> R<u64> {
                    let off = ploc(&args[k])? as usize;
                    let mut b = [0u8; 8];
                    b.copy_from_slice(&caller.cpar[off..off + 8]);
                    Ok(u64::from_le_bytes(b))
                };
                if args.len() != 2 {
                    return Err("vprintf expects two arguments".into());
                }
                let (fmt, buf) = (rd(0)?, rd(1)?);
                let fmt = cx.read_cstr(t, fmt)?;
                let s = printf::format(
                    &fmt,
                    |off, size| cx.load_generic(t, buf + off, size),
                    |a| cx.read_cstr(t, a),
                )?;
                cx.out.push_str(&s);
                if let Some(off) = ret_to {
                    let n = s.len() as u32;
                    t.frames.last_mut().unwrap().cpar[off as usize..off as usize + 4].copy_from_slice(&n.to_le_bytes());
                }
            }
            Builtin::CdpParamBuffer
            | Builtin::CdpLaunch
            | Builtin::CdpLastError(_)
            | Builtin::Malloc
            | Builtin::Free => {
                let caller = t.frames.last().unwrap();
                let mut words = Vec::new();
                for (k, a) in args.iter().enumerate() {
                    let size = func.params.get(k).map_or(0, |p| p.1) as usize;
                    let off = ploc(a)? as usize;
                    let b = caller
                        .cpar
                        .get(off..off + size)
                        .ok_or_else(|| format!("bad argument {k} in a call to `{}`", func.name))?;
                    words.push(b.to_vec());
                }
                let r = device_runtime(cx, t, b, &words).map_err(|e| format!("{}: {e}", func.name))?;
                if let Some(off) = ret_to {
                    let n = func.ret_size.min(8) as usize;
                    let fr = t.frames.last_mut().unwrap();
                    let dst = fr
                        .cpar
                        .get_mut(off as usize..off as usize + n)
                        .ok_or("bad return parameter")?;
                    dst.copy_from_slice(&r.to_le_bytes()[..n]);
                }
            }
        }
        advance(t);
        return Ok(());
    }
    if !func.defined {
        return Err(format!("call to undefined function `{}`", func.name));
    }
    let caller = t.frames.last().unwrap();
    let mut inp = vec![0u8; func.param_size as usize];
    for (k, &(off, size)) in func.params.iter().enumerate() {
        let Some(a) = args.get(k) else {
            return Err(format!("too few arguments in call to `{}`", func.name));
        };
        let src = ploc(a)? as usize;
        let n = (size as usize).min(caller.cpar.len().saturating_sub(src));
        inp[off as usize..off as usize + n].copy_from_slice(&caller.cpar[src..src + n]);
    }
    let base = t.local_sp;
    t.local_sp += func.local_size;
    if t.local_sp > LOCAL_LIMIT {
        return Err("local memory stack overflow (recursion too deep?)".into());
    }
    if t.local.len() < t.local_sp as usize {
        t.local.resize(t.local_sp as usize, 0);
    }
    t.frames.push(Frame {
        func: f,
        pc: 0,
        regs: vec![0; func.nregs as usize],
        local_base: base,
        inp,
        ret: vec![0; func.ret_size as usize],
        cpar: vec![0; func.cparam_size as usize],
        ret_to,
    });
    Ok(())
}

/// A device runtime call (dynamic parallelism, CDP2) with its arguments' bytes; returns the
/// result. A parameter buffer is global memory sized for the kernel's parameters; a launch
/// records the kernel, its configuration and the buffer's contents, run by
/// [`crate::Emulator::launch`] after the launching grid.
fn device_runtime(cx: &mut Cx, t: &Thread, b: Builtin, args: &[Vec<u8>]) -> R<u64> {
    let u32s = |b: &[u8]| -> Vec<u32> {
        b.chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    let u64_at = |k: usize| -> R<u64> {
        let b = args.get(k).filter(|b| b.len() == 8).ok_or("bad arguments")?;
        Ok(u64::from_le_bytes(b[..].try_into().unwrap()))
    };
    let key = (cx.ctaid, t.tid);
    match b {
        Builtin::Malloc => Ok(cx.alloc(u64_at(0)?.max(1))),
        Builtin::Free => Ok(0),
        Builtin::CdpParamBuffer => {
            let f = u64_at(0)?.wrapping_sub(F_WIN);
            let kernel =
                cx.m.funcs
                    .get(f as usize)
                    .filter(|k| k.is_entry && k.defined)
                    .ok_or_else(|| {
                        format!(
                            "{:#x} is not the address of a kernel in this module",
                            u64_at(0).unwrap_or(0)
                        )
                    })?;
            let (grid, block) = match (args.get(1).map(|b| u32s(b)), args.get(2).map(|b| u32s(b))) {
                (Some(g), Some(b)) if g.len() == 3 && b.len() == 3 => ([g[0], g[1], g[2]], [b[0], b[1], b[2]]),
                _ => return Err("bad grid or block dimensions".into()),
            };
            let shared = args
                .get(3)
                .map(|b| u32s(b))
                .and_then(|v| v.first().copied())
                .unwrap_or(0);
            let addr = cx.alloc(kernel.param_size.max(1));
            let config = DevLaunch {
                func: f as u32,
                grid,
                block,
                shared,
                params: Vec::new(),
                stream: 0,
            };
            cx.cdp.buffers.push((addr, config));
            Ok(addr)
        }
        Builtin::CdpLaunch => {
            let buf = u64_at(0)?;
            let stream = u64_at(1)?;
            let (addr, mut l) = cx
                .cdp
                .buffers
                .iter()
                .find(|b| b.0 == buf)
                .cloned()
                .ok_or_else(|| format!("{buf:#x} is not a parameter buffer from cudaGetParameterBuffer"))?;
            let threads = l.block.iter().map(|&d| d as u64).product::<u64>();
            if threads == 0 || threads > 1024 || l.grid.contains(&0) {
                cx.cdp.errors.retain(|e| e.0 != key);
                cx.cdp.errors.push((key, CUDA_ERROR_INVALID_CONFIGURATION));
                return Ok(CUDA_ERROR_INVALID_CONFIGURATION as u64);
            }
            let off = (addr - G_BASE) as usize;
            let size = cx.m.funcs[l.func as usize].param_size as usize;
            l.params = cx.global[off..off + size].to_vec();
            l.stream = stream;
            cx.cdp.launches.push(l);
            Ok(0)
        }
        Builtin::CdpLastError(reset) => {
            let e = cx.cdp.errors.iter().find(|e| e.0 == key).map_or(0, |e| e.1);
            if reset {
                cx.cdp.errors.retain(|e| e.0 != key);
            }
            Ok(e as u64)
        }
        Builtin::Vprintf => Err("not a device runtime call".into()),
    }
}

impl Cx<'_> {
    /// Allocates zeroed global memory during a launch (as `Emulator::alloc`).
    fn alloc(&mut self, bytes: u64) -> u64 {
        let off = self.global.len() as u64;
        let size = bytes.div_ceil(256) * 256 + 256;
        self.global.resize((off + size) as usize, 0);
        self.ranges.push((off, off + bytes));
        G_BASE + off
    }
}

/// Resolves the warp collectives of one warp whose member masks are fully waiting. Returns
/// whether any thread was released.
pub fn resolve_warp(cx: &mut Cx, threads: &mut [Thread]) -> R<bool> {
    let n = threads.len();
    let mut alive = 0u32;
    let mut waiting = 0u32;
    for (l, t) in threads.iter().enumerate() {
        if t.status != Status::Done {
            alive |= 1 << l;
        }
        if t.status == Status::Warp {
            waiting |= 1 << l;
        }
    }
    if waiting == 0 {
        return Ok(false);
    }
    // member mask of each waiting lane
    let mut ready = 0u32;
    let mut members = [0u32; 32];
    let mut srcval = [0u64; 32];
    let mut pred = [false; 32];
    for l in 0..n {
        if waiting & (1 << l) == 0 {
            continue;
        }
        let t = &threads[l];
        let fr = t.frames.last().unwrap();
        let inst = &cx.m.funcs[fr.func as usize].insts[fr.pc as usize];
        let mo = match inst.op {
            Op::BarWarp => inst.ops.first(),
            Op::Shfl => inst.ops.get(4),
            // the whole warp
            Op::Wmma => None,
            _ => inst.ops.get(2),
        };
        let mk = match mo {
            Some(o) => cx.val(t, o)? as u32,
            None => u32::MAX,
        };
        let req = mk & alive;
        members[l] = req;
        if req & !waiting == 0 {
            ready |= 1 << l;
            match inst.op {
                Op::Shfl | Op::Match | Op::Redux => srcval[l] = mask(cx.val(t, &inst.ops[1])?, inst.m.ty.bits),
                Op::Vote => pred[l] = cx.val(t, &inst.ops[1])? & 1 != 0,
                _ => {}
            }
        }
    }
    if ready == 0 {
        return Ok(false);
    }
    let at_wmma = |t: &Thread| {
        let fr = t.frames.last().unwrap();
        cx.m.funcs[fr.func as usize].insts[fr.pc as usize].op == Op::Wmma
    };
    if (0..n).any(|l| ready & (1 << l) != 0 && at_wmma(&threads[l])) {
        wmma_warp(cx, threads, alive)?;
    }
    for l in 0..n {
        if ready & (1 << l) == 0 {
            continue;
        }
        let t = &mut threads[l];
        let fr = t.frames.last().unwrap();
        let inst = &cx.m.funcs[fr.func as usize].insts[fr.pc as usize];
        let mem = members[l];
        let m = &inst.m;
        let err = |e: String| format!("{e} (instruction `{}`, line {})", inst.text, inst.line);
        match inst.op {
            Op::Shfl => {
                let b = (cx.val(t, &inst.ops[2]).map_err(err)? & 0x1f) as i32;
                let c = cx.val(t, &inst.ops[3]).map_err(err)? as u32;
                let seg = ((c >> 8) & 0x1f) as i32;
                let cval = (c & 0x1f) as i32;
                let lane = l as i32;
                let max_lane = (lane & seg) | (cval & !seg);
                let min_lane = lane & seg;
                let (j, pv) = match m.mode {
                    "up" => (lane - b, lane - b >= max_lane),
                    "down" => (lane + b, lane + b <= max_lane),
                    "bfly" => (lane ^ b, (lane ^ b) <= max_lane),
                    "idx" => {
                        let j = min_lane | (b & !seg);
                        (j, j <= max_lane)
                    }
                    o => return Err(err(format!("shfl mode .{o}"))),
                };
                let src = if pv { j } else { lane };
                let v = if src >= 0 && (src as usize) < n && mem & (1 << src) != 0 {
                    srcval[src as usize]
                } else {
                    srcval[l]
                };
                match &inst.ops[0] {
                    Opnd::Pair(d, p) => {
                        let fr = t.frames.last_mut().unwrap();
                        fr.regs[*d as usize] = v;
                        fr.regs[*p as usize] = pv as u64;
                    }
                    d => set(t, d, v).map_err(err)?,
                }
            }
            Op::Vote => {
                let mut ballot = 0u32;
                for (k, &p) in pred.iter().enumerate().take(n) {
                    if mem & (1 << k) != 0 && p {
                        ballot |= 1 << k;
                    }
                }
                let r = match m.mode {
                    "ballot" => ballot as u64,
                    "any" => (ballot != 0) as u64,
                    "all" => (ballot == mem) as u64,
                    "uni" => (ballot == 0 || ballot == mem) as u64,
                    o => return Err(err(format!("vote mode .{o}"))),
                };
                set(t, &inst.ops[0], r).map_err(err)?;
            }
            Op::Match => {
                let mut r = 0u32;
                let mut all = true;
                for k in 0..n {
                    if mem & (1 << k) != 0 {
                        if srcval[k] == srcval[l] {
                            r |= 1 << k;
                        } else {
                            all = false;
                        }
                    }
                }
                let v = if m.mode == "all" {
                    if all {
                        mem
                    } else {
                        0
                    }
                } else {
                    r
                };
                match &inst.ops[0] {
                    // `match.all.sync.b32 d|p, ...`: p is true when all lanes matched.
                    Opnd::Pair(d, p) if m.mode == "all" => {
                        let fr = t.frames.last_mut().unwrap();
                        fr.regs[*d as usize] = v as u64;
                        fr.regs[*p as usize] = all as u64;
                    }
                    d => set(t, d, v as u64).map_err(err)?,
                }
            }
            Op::Redux => {
                let bits = m.ty.bits;
                let mut acc: Option<u64> = None;
                for (k, &x) in srcval.iter().enumerate().take(n) {
                    if mem & (1 << k) == 0 {
                        continue;
                    }
                    acc = Some(match acc {
                        None => x,
                        Some(a) => match m.mode {
                            "add" => mask(a.wrapping_add(x), bits),
                            "and" => a & x,
                            "or" => a | x,
                            "xor" => a ^ x,
                            "min" if m.ty.signed() => mask(sext(a, bits).min(sext(x, bits)) as u64, bits),
                            "max" if m.ty.signed() => mask(sext(a, bits).max(sext(x, bits)) as u64, bits),
                            "min" => a.min(x),
                            "max" => a.max(x),
                            o => return Err(err(format!("redux mode .{o}"))),
                        },
                    });
                }
                set(t, &inst.ops[0], acc.unwrap_or(0)).map_err(err)?;
            }
            _ => {}
        }
        t.status = Status::Run;
        advance(t);
    }
    Ok(true)
}
