//! Linking: syntax tree -> executable module.
//!
//! Lays out the module's variables (global and constant images with their initializers, static
//! shared memory, `.extern .shared` at the end of it), interns registers per function, resolves
//! labels, `.branchtargets`, symbols (global/const/shared/local depot/param), callees, and decodes
//! every opcode into an [`Op`] plus [`Mods`]. An opcode the emulator does not implement decodes to
//! [`Op::Unknown`] and is reported by name when (and only when) it executes.

use std::collections::HashMap;

use crate::parse::{self, Ast, RawInst, RawOp, Space, Stmt, VarDecl};
use crate::EmuError;

/// Start of global memory in the (flat, generic) address space. Global addresses are generic.
pub const G_BASE: u64 = 0x1_0000_0000;
/// Generic windows of the other state spaces: `window + space-relative address`.
pub const S_WIN: u64 = 0x7000_0000_0000;
pub const L_WIN: u64 = 0x7100_0000_0000;
pub const C_WIN: u64 = 0x7200_0000_0000;
/// Param-space addresses are tagged too (incoming params, return buffer, call-site params).
pub const P_IN: u64 = 0x7300_0000_0000;
pub const P_RET: u64 = 0x7400_0000_0000;
pub const P_LOC: u64 = 0x7500_0000_0000;
/// Function "addresses" (`mov.u64 %rd1, f;` then `call %rd1, ...`): window + function index.
pub const F_WIN: u64 = 0x7600_0000_0000;
pub const WIN_SIZE: u64 = 0x0100_0000_0000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    B,
    U,
    S,
    F,
    /// `.bf16` (bits 16).
    Bf,
    /// Packed pairs `.f16x2` / `.bf16x2` (bits 32).
    F16x2,
    Bf16x2,
    /// Packed FP8 pairs `.e4m3x2` / `.e5m2x2` (bits 16).
    E4m3x2,
    E5m2x2,
    /// Packed integer pairs `.u16x2` / `.s16x2` (bits 32).
    U16x2,
    S16x2,
    Pred,
}

/// A scalar type: kind and width in bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ty {
    pub kind: Kind,
    pub bits: u32,
}

impl Ty {
    pub const NONE: Ty = Ty { kind: Kind::B, bits: 0 };
    fn parse(s: &str) -> Option<Ty> {
        let special = |kind, bits| Some(Ty { kind, bits });
        match s {
            "bf16" => return special(Kind::Bf, 16),
            "f16x2" => return special(Kind::F16x2, 32),
            "bf16x2" => return special(Kind::Bf16x2, 32),
            "e4m3x2" => return special(Kind::E4m3x2, 16),
            "e5m2x2" => return special(Kind::E5m2x2, 16),
            "u16x2" => return special(Kind::U16x2, 32),
            "s16x2" => return special(Kind::S16x2, 32),
            _ => {}
        }
        let (k, b) = s.split_at(1);
        let kind = match k {
            "b" => Kind::B,
            "u" => Kind::U,
            "s" => Kind::S,
            "f" => Kind::F,
            _ => {
                return if s == "pred" {
                    Some(Ty {
                        kind: Kind::Pred,
                        bits: 1,
                    })
                } else {
                    None
                }
            }
        };
        let bits: u32 = b.parse().ok()?;
        if !matches!(bits, 8 | 16 | 32 | 64 | 128) {
            return None;
        }
        Some(Ty { kind, bits })
    }
    pub fn bytes(self) -> u64 {
        (self.bits as u64).div_ceil(8)
    }
    pub fn signed(self) -> bool {
        self.kind == Kind::S
    }
    pub fn float(self) -> bool {
        matches!(self.kind, Kind::F | Kind::Bf)
    }
    /// The format of a scalar 16-bit float type.
    pub fn half(self) -> Option<crate::float::Half> {
        match (self.kind, self.bits) {
            (Kind::F, 16) => Some(crate::float::Half::F16),
            (Kind::Bf, _) => Some(crate::float::Half::Bf16),
            _ => None,
        }
    }
    /// The lane format of a packed FP8 type (`.e4m3x2`, `.e5m2x2`).
    pub fn fp8(self) -> Option<crate::float::Fp8> {
        match self.kind {
            Kind::E4m3x2 => Some(crate::float::Fp8::E4m3),
            Kind::E5m2x2 => Some(crate::float::Fp8::E5m2),
            _ => None,
        }
    }
    /// Whether the lanes of a packed `.u16x2`/`.s16x2` type are signed (`None` for other types).
    pub fn int_x2(self) -> Option<bool> {
        match self.kind {
            Kind::U16x2 => Some(false),
            Kind::S16x2 => Some(true),
            _ => None,
        }
    }
    /// The lane format of a packed `.f16x2`/`.bf16x2` type.
    pub fn packed(self) -> Option<crate::float::Half> {
        match self.kind {
            Kind::F16x2 => Some(crate::float::Half::F16),
            Kind::Bf16x2 => Some(crate::float::Half::Bf16),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Mad,
    Fma,
    Div,
    Rem,
    Min,
    Max,
    Abs,
    Neg,
    And,
    Or,
    Xor,
    Not,
    Cnot,
    Shl,
    Shr,
    Shf,
    /// `dp4a.atype.btype` / `dp2a.{lo,hi}.atype.btype` (sm_61): integer dot products.
    Dp4a,
    Dp2a,
    Bfe,
    Bfi,
    Brev,
    Popc,
    Clz,
    Bfind,
    Prmt,
    Copysign,
    Rcp,
    Sqrt,
    Rsqrt,
    Ex2,
    Lg2,
    Sin,
    Cos,
    Tanh,
    Cvt,
    Cvta,
    Setp,
    Selp,
    Mov,
    Ld,
    St,
    Bra,
    Brx,
    Call,
    Ret,
    Exit,
    Bar,
    BarWarp,
    Nop,
    Shfl,
    Vote,
    Activemask,
    Match,
    Redux,
    Atom,
    Red,
    Trap,
    Addc,
    Subc,
    Madc,
    Testp,
    Lop3,
    Mul24,
    Mad24,
    Sad,
    /// `vabsdiff2` / `vabsdiff4` (SIMD video: per-halfword / per-byte absolute differences,
    /// merged or summed with `.add`); no lane selectors, masks or saturation.
    Vabsdiff2,
    Vabsdiff4,
    /// `wmma.load/store/mma`: decoded into [`Inst::wmma`].
    Wmma,
    /// `tex`, `tld4`, `suld.b`, `sust.b`: decoded into [`Inst::tex`].
    Tex,
    /// `cp.async.{ca,cg}.shared.global [dst], [src], size(, src-size)`: done at once (so
    /// `cp.async.commit_group` and `cp.async.wait_group`/`wait_all` have nothing to wait for).
    CpAsync,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rnd {
    #[default]
    N,
    Z,
    M,
    P,
}

/// Decoded opcode modifiers.
#[derive(Debug, Clone)]
pub struct Mods {
    /// The instruction type (the last type suffix; for `cvt` the destination type).
    pub ty: Ty,
    /// `cvt`: the source type. `setp` with a bool op: n/a.
    pub ty2: Ty,
    pub cmp: &'static str,
    pub rnd: Rnd,
    /// `.rni/.rzi/.rmi/.rpi`: round to an integral value.
    pub rnd_int: bool,
    pub has_rnd: bool,
    pub ftz: bool,
    pub sat: bool,
    pub approx: bool,
    pub cc: bool,
    pub to: bool,
    pub space: Option<Space>,
    pub vec: u32,
    /// `hi`/`lo`/`wide` (mul/mad), `up/down/bfly/idx` (shfl), `ballot/any/all/uni` (vote),
    /// atomic operation, bool op of setp (`and/or/xor`), `l`/`r` and `wrap`/`clamp` of shf...
    pub mode: &'static str,
    pub mode2: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sreg {
    Tid(u8),
    Ntid(u8),
    Ctaid(u8),
    Nctaid(u8),
    Laneid,
    Warpid,
    Nwarpid,
    Smid,
    Nsmid,
    Gridid,
    Clock,
    Clock64,
    LanemaskEq,
    LanemaskLt,
    LanemaskLe,
    LanemaskGt,
    LanemaskGe,
    Globaltimer,
    DynSmem,
    TotalSmem,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sym {
    /// Absolute generic/global address.
    Global(u64),
    Shared(u64),
    Const(u64),
    /// Offset in the current frame's local depot.
    Local(u64),
    ParamIn(u64),
    ParamRet(u64),
    ParamLoc(u64),
}

#[derive(Debug, Clone)]
pub enum Opnd {
    Reg(u32),
    Imm(u64),
    Sreg(Sreg),
    Sym(Sym, i64),
    Addr(AddrBase, i64),
    Vec(Vec<Opnd>),
    Sink,
    Label(u32),
    Func(u32),
    Targets(Vec<u32>),
    List(Vec<Opnd>),
    Pair(u32, u32),
}

#[derive(Debug, Clone)]
pub enum AddrBase {
    None,
    Reg(u32),
    Sym(Sym),
}

#[derive(Debug, Clone)]
pub struct Inst {
    pub guard: Option<(u32, bool)>,
    pub op: Op,
    pub m: Mods,
    pub ops: Vec<Opnd>,
    /// The opcode as written, for messages.
    pub text: String,
    pub line: u32,
    /// A `wmma` instruction's shape, types and layouts (or why the form is unsupported, reported
    /// when it executes).
    pub wmma: Option<Box<Result<crate::wmma::Spec, String>>>,
    /// A texture or surface instruction's form (or why it is unsupported).
    pub tex: Option<Box<Result<crate::tex::Form, String>>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    Vprintf,
    /// The device runtime's `cudaGetParameterBufferV2(kernel, grid, block, shared bytes)`
    /// (`__cudaCDP2GetParameterBufferV2`): a parameter buffer for a device-side launch.
    CdpParamBuffer,
    /// `cudaLaunchDeviceV2(buffer, stream)` (`__cudaCDP2LaunchDeviceV2`).
    CdpLaunch,
    /// `cudaGetLastError()` / `cudaPeekAtLastError()` in device code.
    CdpLastError(bool),
    /// The device heap's `malloc(n)`: fresh global memory (a bump allocator per launch).
    Malloc,
    /// `free(p)`: nothing (the launch's heap goes with it).
    Free,
}

impl Builtin {
    /// The builtin an external function of this name is.
    pub fn by_name(name: &str) -> Option<Builtin> {
        Some(match name {
            "vprintf" => Builtin::Vprintf,
            "__cudaCDP2GetParameterBufferV2" | "cudaGetParameterBufferV2" => Builtin::CdpParamBuffer,
            "__cudaCDP2LaunchDeviceV2" | "cudaLaunchDeviceV2" => Builtin::CdpLaunch,
            "__cudaCDP2GetLastError" | "cudaGetLastError" => Builtin::CdpLastError(true),
            "__cudaCDP2PeekAtLastError" | "cudaPeekAtLastError" => Builtin::CdpLastError(false),
            "malloc" => Builtin::Malloc,
            "free" => Builtin::Free,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone)]
pub struct Func {
    pub name: String,
    pub is_entry: bool,
    /// (offset, size) of each parameter in the incoming param area.
    pub params: Vec<(u64, u64)>,
    pub param_size: u64,
    pub rets: Vec<(u64, u64)>,
    pub ret_size: u64,
    pub nregs: u32,
    pub local_size: u64,
    pub cparam_size: u64,
    pub insts: Vec<Inst>,
    pub builtin: Option<Builtin>,
    pub defined: bool,
}

#[derive(Debug, Clone)]
pub struct Module {
    pub version: String,
    pub target: String,
    pub global_image: Vec<u8>,
    pub const_image: Vec<u8>,
    pub shared_static: u64,
    pub funcs: Vec<Func>,
    pub func_index: HashMap<String, u32>,
    pub symbols: HashMap<String, Sym>,
    pub symbol_sizes: HashMap<String, u64>,
}

fn align_up(v: u64, a: u64) -> u64 {
    v.div_ceil(a.max(1)) * a.max(1)
}

fn layout(decls: &[VarDecl]) -> (Vec<(u64, u64)>, u64) {
    let mut off = 0;
    let mut v = Vec::new();
    for d in decls {
        off = align_up(off, d.align);
        v.push((off, d.size));
        off += d.size;
    }
    (v, off)
}

pub fn link(ast: Ast) -> Result<Module, EmuError> {
    let mut m = Module {
        version: ast.version,
        target: ast.target,
        global_image: Vec::new(),
        const_image: Vec::new(),
        shared_static: 0,
        funcs: Vec::new(),
        func_index: HashMap::new(),
        symbols: HashMap::new(),
        symbol_sizes: HashMap::new(),
    };
    // Module variables, plus function-scope .shared/.global/.const (nvcc puts shared arrays in
    // the entry body; their names are unique).
    let mut vars: Vec<VarDecl> = ast.vars.clone();
    for f in &ast.funcs {
        for s in f.body.iter().flatten() {
            if let Stmt::Var(v) = s {
                if matches!(v.space, Space::Shared | Space::Global | Space::Const) {
                    vars.push(v.clone());
                }
            }
        }
    }
    let mut extern_shared = Vec::new();
    for v in &vars {
        match v.space {
            Space::Global => {
                let off = align_up(m.global_image.len() as u64, v.align.max(8));
                m.global_image.resize(off as usize, 0);
                let mut bytes = v.init.clone().unwrap_or_default();
                bytes.resize(v.size as usize, 0);
                m.global_image.extend_from_slice(&bytes);
                m.symbols.insert(v.name.clone(), Sym::Global(G_BASE + off));
            }
            Space::Const => {
                let off = align_up(m.const_image.len() as u64, v.align.max(8));
                m.const_image.resize(off as usize, 0);
                let mut bytes = v.init.clone().unwrap_or_default();
                bytes.resize(v.size as usize, 0);
                m.const_image.extend_from_slice(&bytes);
                m.symbols.insert(v.name.clone(), Sym::Const(off));
            }
            Space::Shared => {
                if v.size == 0 {
                    extern_shared.push(v.name.clone());
                    continue;
                }
                let off = align_up(m.shared_static, v.align);
                m.shared_static = off + v.size;
                m.symbols.insert(v.name.clone(), Sym::Shared(off));
            }
            Space::Local | Space::Param => {
                return Err(EmuError::Unsupported(format!(
                    "module-scope variable `{}` in this state space",
                    v.name
                )))
            }
        }
        m.symbol_sizes.insert(v.name.clone(), v.size);
    }
    m.shared_static = align_up(m.shared_static, 16);
    for n in extern_shared {
        m.symbols.insert(n, Sym::Shared(m.shared_static));
    }
    m.global_image
        .resize(align_up(m.global_image.len() as u64, 256) as usize, 0);
    // Functions: index first (calls may be forward).
    for f in &ast.funcs {
        let idx = match m.func_index.get(&f.name) {
            Some(&i) => i,
            None => {
                let i = m.funcs.len() as u32;
                let (params, param_size) = layout(&f.params);
                let (rets, ret_size) = layout(&f.rets);
                m.funcs.push(Func {
                    name: f.name.clone(),
                    is_entry: f.is_entry,
                    params,
                    param_size,
                    rets,
                    ret_size,
                    nregs: 0,
                    local_size: 0,
                    cparam_size: 0,
                    insts: Vec::new(),
                    builtin: Builtin::by_name(&f.name),
                    defined: false,
                });
                m.func_index.insert(f.name.clone(), i);
                i
            }
        };
        let _ = idx;
    }
    // Addresses in initializers: globals, constants, shared variables (generic addresses)
    // and functions.
    for v in &vars {
        for (off, name, add) in &v.relocs {
            let addr = match (m.symbols.get(name), m.func_index.get(name)) {
                (Some(Sym::Global(a)), _) => *a,
                (Some(Sym::Const(o)), _) => C_WIN + o,
                (Some(Sym::Shared(o)), _) => S_WIN + o,
                (_, Some(&f)) => F_WIN + f as u64,
                _ => {
                    return Err(EmuError::Unsupported(format!(
                        "initializer of `{}` refers to `{name}`, which is not a variable or function of the module",
                        v.name
                    )))
                }
            }
            .wrapping_add(*add as u64);
            let (image, base) = match m.symbols.get(&v.name) {
                Some(Sym::Global(a)) => (&mut m.global_image, a - G_BASE),
                Some(Sym::Const(o)) => (&mut m.const_image, *o),
                _ => continue,
            };
            let at = (base + off) as usize;
            let n = (v.elem as usize).min(8);
            image[at..at + n].copy_from_slice(&addr.to_le_bytes()[..n]);
        }
    }
    for f in &ast.funcs {
        let Some(body) = &f.body else { continue };
        let idx = m.func_index[&f.name] as usize;
        let func = link_func(&m, f, body)?;
        m.funcs[idx] = func;
    }
    Ok(m)
}

struct FnCx<'a> {
    m: &'a Module,
    regs: HashMap<String, u32>,
    labels: HashMap<String, u32>,
    targets: HashMap<String, Vec<String>>,
    names: HashMap<String, Sym>,
    plain_regs: std::collections::HashSet<String>,
    /// `.callprototype` labels (the last operand of an indirect call).
    protos: std::collections::HashSet<String>,
}

fn sreg(name: &str) -> Option<Sreg> {
    let dim = |s: &str| match s {
        "x" => Some(0u8),
        "y" => Some(1),
        "z" => Some(2),
        _ => None,
    };
    if let Some((a, b)) = name.split_once('.') {
        let d = dim(b)?;
        return Some(match a {
            "%tid" => Sreg::Tid(d),
            "%ntid" => Sreg::Ntid(d),
            "%ctaid" => Sreg::Ctaid(d),
            "%nctaid" => Sreg::Nctaid(d),
            _ => return None,
        });
    }
    Some(match name {
        "%laneid" => Sreg::Laneid,
        "%warpid" => Sreg::Warpid,
        "%nwarpid" => Sreg::Nwarpid,
        "%smid" => Sreg::Smid,
        "%nsmid" => Sreg::Nsmid,
        "%gridid" => Sreg::Gridid,
        "%clock" => Sreg::Clock,
        "%clock64" => Sreg::Clock64,
        "%lanemask_eq" => Sreg::LanemaskEq,
        "%lanemask_lt" => Sreg::LanemaskLt,
        "%lanemask_le" => Sreg::LanemaskLe,
        "%lanemask_gt" => Sreg::LanemaskGt,
        "%lanemask_ge" => Sreg::LanemaskGe,
        "%globaltimer" => Sreg::Globaltimer,
        "%dynamic_smem_size" => Sreg::DynSmem,
        "%total_smem_size" => Sreg::TotalSmem,
        _ => return None,
    })
}

impl FnCx<'_> {
    fn reg(&mut self, n: &str) -> u32 {
        let l = self.regs.len() as u32;
        *self.regs.entry(n.to_string()).or_insert(l)
    }
    fn name(&mut self, n: &str, line: u32) -> Result<Opnd, EmuError> {
        if n.starts_with('%') || self.plain_regs.contains(n) {
            if let Some(s) = sreg(n) {
                return Ok(Opnd::Sreg(s));
            }
            return Ok(Opnd::Reg(self.reg(n)));
        }
        if let Some(&s) = self.names.get(n) {
            return Ok(Opnd::Sym(s, 0));
        }
        if self.protos.contains(n) {
            return Ok(Opnd::Sink);
        }
        if let Some(&l) = self.labels.get(n) {
            return Ok(Opnd::Label(l));
        }
        if let Some(t) = self.targets.get(n) {
            let mut v = Vec::new();
            for t in t {
                match self.labels.get(t) {
                    Some(&l) => v.push(l),
                    None => {
                        return Err(EmuError::Parse {
                            line,
                            msg: format!("unknown label `{t}`"),
                        })
                    }
                }
            }
            return Ok(Opnd::Targets(v));
        }
        if let Some(&s) = self.m.symbols.get(n) {
            return Ok(Opnd::Sym(s, 0));
        }
        if let Some(&f) = self.m.func_index.get(n) {
            return Ok(Opnd::Func(f));
        }
        if n == "WARP_SZ" {
            // PTX's predefined constant (the warp size), as `cuda_fp16.h`'s shuffles read it.
            return Ok(Opnd::Imm(32));
        }
        Err(EmuError::Parse {
            line,
            msg: format!("unknown name `{n}`"),
        })
    }
    fn operand(&mut self, o: &RawOp, line: u32) -> Result<Opnd, EmuError> {
        Ok(match o {
            RawOp::Name(n) => self.name(n, line)?,
            RawOp::Imm(v) => Opnd::Imm(*v),
            RawOp::Sink => Opnd::Sink,
            RawOp::Pair(a, b) => Opnd::Pair(self.reg(a), self.reg(b)),
            RawOp::Vec(v) => Opnd::Vec(v.iter().map(|o| self.operand(o, line)).collect::<Result<_, _>>()?),
            RawOp::List(v) => {
                // `sym+off` (mov source) is encoded as [Name, Imm].
                if let [RawOp::Name(n), RawOp::Imm(off)] = v.as_slice() {
                    if let Opnd::Sym(s, _) = self.name(n, line)? {
                        return Ok(Opnd::Sym(s, *off as i64));
                    }
                }
                Opnd::List(v.iter().map(|o| self.operand(o, line)).collect::<Result<_, _>>()?)
            }
            // a texture/surface address: [handle, coordinates]
            RawOp::TexAddr(h, c) => Opnd::List(vec![self.name(h, line)?, self.operand(c, line)?]),
            RawOp::Addr(base, off) => {
                let b = match base {
                    None => AddrBase::None,
                    Some(n) => match self.name(n, line)? {
                        Opnd::Reg(r) => AddrBase::Reg(r),
                        Opnd::Sym(s, _) => AddrBase::Sym(s),
                        _ => {
                            return Err(EmuError::Parse {
                                line,
                                msg: format!("bad address base `{n}`"),
                            })
                        }
                    },
                };
                Opnd::Addr(b, *off)
            }
        })
    }
}

fn link_func(m: &Module, f: &parse::FuncDecl, body: &[Stmt]) -> Result<Func, EmuError> {
    let idx = m.func_index[&f.name] as usize;
    let mut func = m.funcs[idx].clone();
    func.defined = true;
    let mut cx = FnCx {
        m,
        regs: HashMap::new(),
        labels: HashMap::new(),
        targets: HashMap::new(),
        names: HashMap::new(),
        plain_regs: Default::default(),
        protos: Default::default(),
    };
    for (d, &(off, _)) in f.params.iter().zip(&func.params) {
        cx.names.insert(d.name.clone(), Sym::ParamIn(off));
    }
    for (d, &(off, _)) in f.rets.iter().zip(&func.rets) {
        cx.names.insert(d.name.clone(), Sym::ParamRet(off));
    }
    // Pass 1: labels and branch targets.
    let mut n = 0u32;
    for s in body {
        match s {
            Stmt::Inst(_) => n += 1,
            Stmt::Label(l) => {
                cx.labels.insert(l.clone(), n);
            }
            Stmt::BranchTargets(l, ts) => {
                cx.targets.insert(l.clone(), ts.clone());
            }
            Stmt::Proto(l) => {
                cx.protos.insert(l.clone());
            }
            Stmt::Var(_) | Stmt::Reg(_) => {}
        }
    }
    // Pass 2: declarations (in order) and instructions.
    let mut local = 0u64;
    let mut cparam = 0u64;
    for s in body {
        match s {
            Stmt::Var(v) => match v.space {
                Space::Local => {
                    let off = align_up(local, v.align);
                    local = off + v.size;
                    cx.names.insert(v.name.clone(), Sym::Local(off));
                }
                Space::Param => {
                    let off = align_up(cparam, v.align);
                    cparam = off + v.size;
                    cx.names.insert(v.name.clone(), Sym::ParamLoc(off));
                }
                _ => {}
            },
            Stmt::Reg(names) => {
                for n in names {
                    cx.plain_regs.insert(n.clone());
                }
            }
            Stmt::Inst(i) => {
                let inst = decode(&mut cx, i)?;
                func.insts.push(inst);
            }
            _ => {}
        }
    }
    func.local_size = align_up(local, 16);
    func.cparam_size = cparam;
    func.nregs = cx.regs.len() as u32;
    Ok(func)
}

fn decode(cx: &mut FnCx, i: &RawInst) -> Result<Inst, EmuError> {
    let guard = i.guard.as_ref().map(|(g, neg)| (cx.reg(g), *neg));
    let ops = i
        .ops
        .iter()
        .map(|o| cx.operand(o, i.line))
        .collect::<Result<Vec<_>, _>>()?;
    let (op, m) = decode_opcode(&i.opcode);
    let wmma = (op == Op::Wmma).then(|| Box::new(crate::wmma::parse(&i.opcode)));
    let tex = (op == Op::Tex).then(|| Box::new(crate::tex::parse(&i.opcode)));
    Ok(Inst {
        guard,
        op,
        m,
        ops,
        text: i.opcode.clone(),
        line: i.line,
        wmma,
        tex,
    })
}

fn leak(s: &str) -> &'static str {
    // Modifier vocabulary is small and fixed; map to static strings.
    const KNOWN: &[&str] = &[
        "hi",
        "lo",
        "wide",
        "up",
        "down",
        "bfly",
        "idx",
        "ballot",
        "any",
        "all",
        "uni",
        "add",
        "min",
        "max",
        "and",
        "or",
        "xor",
        "exch",
        "cas",
        "inc",
        "dec",
        "l",
        "r",
        "wrap",
        "clamp",
        "shiftamt",
        "eq",
        "ne",
        "lt",
        "le",
        "gt",
        "ge",
        "lo",
        "ls",
        "hs",
        "equ",
        "neu",
        "ltu",
        "leu",
        "gtu",
        "geu",
        "num",
        "nan",
        "f4e",
        "b4e",
        "rc8",
        "ecl",
        "ecr",
        "rc16",
        "full",
        "popc",
        "finite",
        "infinite",
        "number",
        "notanumber",
        "normal",
        "subnormal",
        "sync",
        "relu",
        "satfinite",
        "arrive",
        "red",
        "warp",
    ];
    KNOWN.iter().find(|k| **k == s).copied().unwrap_or("?")
}

pub fn decode_opcode(text: &str) -> (Op, Mods) {
    let mut parts = text.split('.');
    let base = parts.next().unwrap_or("");
    let mut m = Mods {
        ty: Ty::NONE,
        ty2: Ty::NONE,
        cmp: "",
        rnd: Rnd::N,
        rnd_int: false,
        has_rnd: false,
        ftz: false,
        sat: false,
        approx: false,
        cc: false,
        to: false,
        space: None,
        vec: 1,
        mode: "",
        mode2: "",
    };
    let op = match base {
        "add" => Op::Add,
        "sub" => Op::Sub,
        "mul" => Op::Mul,
        "mad" => Op::Mad,
        "fma" => Op::Fma,
        "div" => Op::Div,
        "rem" => Op::Rem,
        "min" => Op::Min,
        "max" => Op::Max,
        "abs" => Op::Abs,
        "neg" => Op::Neg,
        "and" => Op::And,
        "or" => Op::Or,
        "xor" => Op::Xor,
        "not" => Op::Not,
        "cnot" => Op::Cnot,
        "shl" => Op::Shl,
        "shr" => Op::Shr,
        "shf" => Op::Shf,
        "dp4a" => Op::Dp4a,
        "dp2a" => Op::Dp2a,
        "bfe" => Op::Bfe,
        "bfi" => Op::Bfi,
        "brev" => Op::Brev,
        "popc" => Op::Popc,
        "clz" => Op::Clz,
        "bfind" => Op::Bfind,
        "prmt" => Op::Prmt,
        "copysign" => Op::Copysign,
        "rcp" => Op::Rcp,
        "sqrt" => Op::Sqrt,
        "rsqrt" => Op::Rsqrt,
        "ex2" => Op::Ex2,
        "lg2" => Op::Lg2,
        "sin" => Op::Sin,
        "cos" => Op::Cos,
        "tanh" => Op::Tanh,
        "cvt" => Op::Cvt,
        "cvta" => Op::Cvta,
        "setp" => Op::Setp,
        "selp" => Op::Selp,
        "mov" => Op::Mov,
        "ld" | "ldu" => Op::Ld,
        "st" => Op::St,
        "bra" => Op::Bra,
        "brx" => Op::Brx,
        "call" => Op::Call,
        "ret" => Op::Ret,
        "exit" => Op::Exit,
        "bar" | "barrier" => Op::Bar,
        "membar" | "fence" | "prefetch" | "prefetchu" | "nanosleep" | "discard" | "applypriority" => Op::Nop,
        "shfl" => Op::Shfl,
        "vote" => Op::Vote,
        "activemask" => Op::Activemask,
        "match" => Op::Match,
        "redux" => Op::Redux,
        "atom" => Op::Atom,
        "red" => Op::Red,
        "trap" => Op::Trap,
        "addc" => Op::Addc,
        "subc" => Op::Subc,
        "madc" => Op::Madc,
        "testp" => Op::Testp,
        "lop3" => Op::Lop3,
        "mul24" => Op::Mul24,
        "mad24" => Op::Mad24,
        "sad" => Op::Sad,
        "cp" if text.starts_with("cp.async.") && !text.contains(".bulk") => {
            if ["commit_group", "wait_group", "wait_all"]
                .iter()
                .any(|w| text.contains(w))
            {
                return (Op::Nop, m);
            } else if text.contains(".shared") && text.contains(".global") && !text.contains("cache_hint") {
                // (Its modifiers are not the arithmetic ones the loop below knows.)
                return (Op::CpAsync, m);
            } else {
                Op::Unknown
            }
        }
        "vabsdiff2" => Op::Vabsdiff2,
        "vabsdiff4" => Op::Vabsdiff4,
        "wmma" => return (Op::Wmma, m),
        "tex" | "tld4" | "suld" | "sust" => return (Op::Tex, m),
        _ => Op::Unknown,
    };
    let mut tys = Vec::new();
    for p in parts {
        if let Some(t) = Ty::parse(p) {
            tys.push(t);
            continue;
        }
        match p {
            "rn" | "rz" | "rm" | "rp" | "rni" | "rzi" | "rmi" | "rpi" => {
                m.has_rnd = true;
                m.rnd_int = p.len() == 3;
                m.rnd = match &p[..2] {
                    "rz" => Rnd::Z,
                    "rm" => Rnd::M,
                    "rp" => Rnd::P,
                    _ => Rnd::N,
                };
            }
            "ftz" => m.ftz = true,
            "sat" => m.sat = true,
            "approx" => m.approx = true,
            "full" => m.mode2 = "full",
            "cc" => m.cc = true,
            "to" => m.to = true,
            "global" => m.space = Some(Space::Global),
            "shared" | "shared::cta" => m.space = Some(Space::Shared),
            "local" => m.space = Some(Space::Local),
            "const" => m.space = Some(Space::Const),
            "param" => m.space = Some(Space::Param),
            "v2" => m.vec = 2,
            "v4" => m.vec = 4,
            "v8" => m.vec = 8,
            // cache, ordering, scope and convergence qualifiers do not change sequential semantics
            "nc"
            | "ca"
            | "cg"
            | "cs"
            | "lu"
            | "cv"
            | "wb"
            | "wt"
            | "volatile"
            | "relaxed"
            | "acquire"
            | "release"
            | "acq_rel"
            | "sc"
            | "gpu"
            | "cta"
            | "sys"
            | "cluster"
            | "aligned"
            | "uni"
            | "gl"
            | "weak"
            | "mmio"
            | "noftz"
            | "L1::no_allocate"
            | "L2::64B"
            | "L2::128B"
            | "L2::256B"
            | "L1::evict_last"
            | "L1::evict_first"
            | "L1::evict_normal"
            | "L1::evict_unchanged"
            | "L2::evict_last"
            | "L2::evict_first"
            | "L2::evict_normal"
            | "L2::cache_hint"
                if !(base == "vote" && p == "uni") =>
            {
                if p == "uni" && base == "bra" {
                    // bra.uni
                }
            }
            "sync" if matches!(base, "bar" | "barrier") => {
                if m.mode.is_empty() {
                    m.mode = "sync";
                }
            }
            "arrive" | "red" if matches!(base, "bar" | "barrier") => m.mode = leak(p),
            "warp" if base == "bar" => m.mode = "warp",
            "sync" => {}
            "and" | "or" | "xor" if base == "setp" => m.mode = leak(p),
            "eq" | "ne" | "lt" | "le" | "gt" | "ge" | "lo" | "ls" | "hi" | "hs" | "equ" | "neu" | "ltu" | "leu"
            | "gtu" | "geu" | "num" | "nan"
                if base == "setp" =>
            {
                m.cmp = match p {
                    "hi" => "hi",
                    "lo" => "lo",
                    _ => leak(p),
                };
            }
            "hi" | "lo" | "wide" => m.mode = leak(p),
            _ if !leak(p).starts_with('?') => {
                if m.mode.is_empty() {
                    m.mode = leak(p);
                } else {
                    m.mode2 = leak(p);
                }
            }
            _ => {
                return (Op::Unknown, m);
            }
        }
    }
    if let Some(&t) = tys.last() {
        m.ty = t;
    }
    if tys.len() >= 2 {
        // cvt.dst.src, bfind? no; mul.wide etc have one type.
        m.ty = tys[0];
        m.ty2 = tys[1];
    }
    if matches!(op, Op::Vabsdiff2 | Op::Vabsdiff4) && (tys.len() != 3 || tys[1] != tys[2]) {
        // .dtype.atype.btype, with the same signedness for a and b
        return (Op::Unknown, m);
    }
    if op == Op::Bar && base == "bar" && m.mode == "warp" {
        return (Op::BarWarp, m);
    }
    (op, m)
}
