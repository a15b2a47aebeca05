//! The texture unit: texture and surface objects over arrays and linear memory.
//!
//! The host side mirrors the CUDA driver API: an *array* ([`ArrayDesc`]: width, height, depth or
//! layers, channel format and count) holds texels row-major (`x` fastest, then `y`, then the
//! slice or layer); a *texture object* reads an array or a range of global memory
//! ([`Resource`]) with a [`TexDesc`] (address mode per dimension, filter mode, normalized
//! coordinates, read mode, border color); a *surface object* reads and writes an array. A
//! kernel receives an object as an opaque 64-bit handle ([`TEX_HANDLE`], [`SURF_HANDLE`]).
//!
//! Sampling (`tex`, `tld4`) follows the CUDA programming guide's "Texture Fetching" appendix and
//! the PTX ISA:
//! - normalized coordinates are truncated to fixed point with 21 fractional bits (toward minus
//!   infinity), then scaled by the size (`u = x * N`); unnormalized ones are texel coordinates.
//!   Integer coordinates (`tex.*.s32`) address texels directly, without filtering.
//! - nearest-point filtering reads texel `floor(u)`; linear filtering reads `i = floor(u - 0.5)`
//!   and `i + 1` with the weight `a = frac(u - 0.5)` held, as the hardware does, in 9-bit fixed
//!   point with 8 fractional bits (rounded to the nearest 1/256, ties up), and blends
//!   `(1 - a) * T[i] + a * T[i + 1]` per dimension (computed exactly, rounded once to f32 to
//!   nearest with ties away from zero ([`round_f32_ties_away`]); for a half-float texture, to a
//!   half, ties away from zero). In 2D the four corners' weights are multiples of 1/256 too:
//!   `a * b` is rounded to 1/256 ([`corner_weights`]). 8- and 16-bit unsigned formats read as
//!   normalized floats blend in 16-bit units (an 8-bit texel `r` is `257 r`), the blend rounded
//!   to a whole unit (ties up), then divided by 65535 (measured on an H100, u8 x 4, bit-exact;
//!   signed formats blend their float values, not measured).
//!   Measured on an H100: point sampling, integer textures, linear-memory fetches, `tld4` and
//!   surfaces through the difftest's texture kernels; linear filtering from 378,880 raw samples
//!   of ramps (1D and 2D arrays of 13 to 1024 texels, normalized and unnormalized coordinates,
//!   clamp and border, f32 and f16), and random f32 images with clamp, mirror, border and
//!   wrap (session 18's difftest), all bit-exact with this model.
//! - address modes apply to texel indices: clamp to `[0, N - 1]`, wrap (`i mod N`), mirror
//!   (`i mod 2N`, reflected), border (an index outside gives the border color). Wrap and mirror
//!   need normalized coordinates; with unnormalized ones they act as clamp.
//! - the read mode: element type (integer formats give integers: `tex.*.s32/.u32`), or
//!   normalized float (8- and 16-bit integers scaled to `[0, 1]` / `[-1, 1]`). Components the
//!   format lacks read as 0, the fourth too, and the border color gives only the format's
//!   components (both measured on an H100).
//! - mipmapped arrays ([`ArrayDesc::levels`]): `tex.level`'s level of detail, or `tex.grad`'s
//!   (log2 of the longer gradient in texels of level 0, isotropic), plus the texture's bias,
//!   clamped to its `[min_level, max_level]` and the last level, picks the nearest level
//!   (mipmap filter point, ties up) or blends the two around it with the fraction truncated to
//!   1/256 (linear); each level is sampled at its own size. A `tex` without a level reads level
//!   0; over a plain array every level of detail reads it. Measured on an H100 (`tex.level`):
//!   point mipmap filtering with linear texel filtering and linear mipmap filtering with point
//!   texel filtering are bit-exact; so is linear with linear (trilinear), whose eight corner
//!   weights are 1/256 multiples: each level's weight (`1 - f`, `f`) splits along `x`, then
//!   along `y`, rounding each product ([`corner_weights`] with `m < 256`).
//! - cube maps (`tex.cube`, `tex.acube` over an array with [`ArrayDesc::cubemap`]): the
//!   direction's largest component picks the face, the others the point in it
//!   ([`cube_face`], the programming guide's table), read like a normalized 2D coordinate
//!   of the face with the texture's address modes (no filtering across the faces' edges: with
//!   wrap, a linear sample at an edge blends the face's opposite edge). Measured on an H100
//!   (point and linear, wrap, a plain and a layered cube map), bit-exact.
//! - `tex.1d.*.s32` over linear memory (`tex1Dfetch`) reads element `x`; outside the range
//!   it reads zeros.
//!
//! Surfaces (`suld.b`, `sust.b`): the `x` coordinate is in bytes, `y`/`z` in elements; the
//! access is `vec * size` bytes. Out of range, `.trap` is an error, `.clamp` accesses the nearest
//! element in range, `.zero` loads zeros and drops stores.

use crate::float::{half_to_f64, Half};

/// A channel's data type (`CU_AD_FORMAT_*` / `cudaChannelFormatKind` with its size).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    U8,
    S8,
    U16,
    S16,
    U32,
    S32,
    F16,
    F32,
}

impl Channel {
    pub fn size(self) -> usize {
        match self {
            Channel::U8 | Channel::S8 => 1,
            Channel::U16 | Channel::S16 | Channel::F16 => 2,
            Channel::U32 | Channel::S32 | Channel::F32 => 4,
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Channel::F16 | Channel::F32)
    }
}

/// `CUaddress_mode` / `cudaTextureAddressMode` (same numbering: wrap 0, clamp 1, mirror 2,
/// border 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Address {
    Wrap,
    Clamp,
    Mirror,
    Border,
}

/// `CUfilter_mode` / `cudaTextureFilterMode` (point 0, linear 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Point,
    Linear,
}

/// An array's shape and format, with CUDA's conventions: `height == 0` is 1D, `depth == 0` is
/// 1D or 2D; a layered array has `depth` layers. A cube map (`CUDA_ARRAY3D_CUBEMAP`) has
/// `width == height` and `depth == 6` faces (+x, -x, +y, -y, +z, -z), or `6 * layers` when it is
/// also layered; its faces are held like the layers of a layered 2D array.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrayDesc {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub layered: bool,
    pub cubemap: bool,
    /// Mipmap levels (`cuMipmappedArrayCreate`; 0 or 1: a plain array). Level `l` is the
    /// array's dimensions halved `l` times (at least 1; not the layer or face count); the data
    /// holds the levels one after the other.
    pub levels: u32,
    pub channel: Channel,
    /// 1, 2 or 4.
    pub channels: u32,
}

impl ArrayDesc {
    pub fn elem_size(&self) -> usize {
        self.channel.size() * self.channels as usize
    }
    /// The number of coordinate dimensions (1 to 3; the layer index is not one; a cube map's
    /// faces are 2D).
    pub fn dims(&self) -> usize {
        1 + (self.height > 0) as usize + (self.depth > 0 && !self.slices()) as usize
    }
    /// Whether `depth` counts 2D slices (layers or cube faces) rather than a third dimension.
    fn slices(&self) -> bool {
        self.layered || self.cubemap
    }
    /// The size of each coordinate dimension.
    pub fn extent(&self) -> [u32; 3] {
        [
            self.width,
            self.height.max(1),
            if self.slices() { 1 } else { self.depth.max(1) },
        ]
    }
    /// The number of layers (of a cube map: faces).
    pub fn layers(&self) -> u32 {
        if self.slices() {
            self.depth.max(1)
        } else {
            1
        }
    }
    /// Whether the descriptor is a valid cube map: square faces, 6 of them (6 per layer).
    pub fn valid_cubemap(&self) -> bool {
        self.width == self.height
            && self.depth > 0
            && if self.layered {
                self.depth.is_multiple_of(6)
            } else {
                self.depth == 6
            }
    }
    pub fn bytes(&self) -> usize {
        self.elem_size() * self.level_offset(self.num_levels())
    }
    pub fn num_levels(&self) -> u32 {
        self.levels.max(1)
    }
    /// The shape of mipmap level `l` (a plain array).
    pub fn level(&self, l: u32) -> ArrayDesc {
        let half = |n: u32| if n == 0 { 0 } else { (n >> l).max(1) };
        ArrayDesc {
            width: half(self.width),
            height: half(self.height),
            depth: if self.slices() { self.depth } else { half(self.depth) },
            levels: 1,
            ..self.clone()
        }
    }
    /// The number of elements before mipmap level `l`.
    pub fn level_offset(&self, l: u32) -> usize {
        (0..l)
            .map(|k| {
                let a = self.level(k);
                let [w, h, d] = a.extent();
                w as usize * h as usize * d as usize * a.layers() as usize
            })
            .sum()
    }
    /// The element index of texel `(x, y, z)` in `layer` (all in range).
    fn index(&self, c: [u32; 3], layer: u32) -> usize {
        let [w, h, d] = self.extent();
        (((layer as usize * d as usize + c[2] as usize) * h as usize + c[1] as usize) * w as usize) + c[0] as usize
    }
}

/// How a texture object samples (`CUDA_TEXTURE_DESC` / `cudaTextureDesc`).
#[derive(Debug, Clone, PartialEq)]
pub struct TexDesc {
    pub address: [Address; 3],
    pub filter: Filter,
    pub normalized_coords: bool,
    /// `cudaReadModeNormalizedFloat` (else the element type).
    pub normalized_float: bool,
    pub border: [f32; 4],
    /// Mipmapped arrays: how levels blend (point: the nearest level; linear: the two around
    /// the level of detail), the bias added to the level of detail and its clamps.
    pub mipmap_filter: Filter,
    pub level_bias: f32,
    pub min_level: f32,
    pub max_level: f32,
}

impl Default for TexDesc {
    /// A zero-filled descriptor (`memset(&td, 0, sizeof td)`): wrap, point, unnormalized
    /// coordinates, element type.
    fn default() -> TexDesc {
        TexDesc {
            address: [Address::Wrap; 3],
            filter: Filter::Point,
            normalized_coords: false,
            normalized_float: false,
            border: [0.0; 4],
            mipmap_filter: Filter::Point,
            level_bias: 0.0,
            min_level: 0.0,
            max_level: 0.0,
        }
    }
}

/// The level-of-detail operands of a `tex`: none, `tex.level`'s level, `tex.grad`'s gradients
/// (of the coordinates along x and along y).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Lod {
    None,
    Level(f32),
    Grad([f32; 3], [f32; 3]),
}

/// What a texture object reads.
#[derive(Debug, Clone, PartialEq)]
pub enum Resource {
    /// An array made by [`crate::Emulator::create_array`].
    Array(usize),
    /// `bytes` of global memory at `ptr`, elements of `channels` channels.
    Linear {
        ptr: u64,
        bytes: u64,
        channel: Channel,
        channels: u32,
    },
}

pub struct Array {
    pub desc: ArrayDesc,
    pub data: Vec<u8>,
}

pub struct Texture {
    pub res: Resource,
    pub desc: TexDesc,
}

/// The arrays, texture objects and surface objects of an emulator.
#[derive(Default)]
pub struct Units {
    pub arrays: Vec<Array>,
    pub textures: Vec<Texture>,
    /// Surface objects: their arrays.
    pub surfaces: Vec<usize>,
}

/// Texture object `k`'s handle is `TEX_HANDLE + k`, surface object `k`'s `SURF_HANDLE + k`.
pub const TEX_HANDLE: u64 = 0x7e00_0000_0000;
pub const SURF_HANDLE: u64 = 0x5e00_0000_0000;

impl Units {
    pub fn texture(&self, h: u64) -> Result<&Texture, String> {
        h.checked_sub(TEX_HANDLE)
            .and_then(|k| self.textures.get(k as usize))
            .ok_or_else(|| format!("{h:#x} is not a texture object"))
    }
    pub fn surface(&self, h: u64) -> Result<usize, String> {
        h.checked_sub(SURF_HANDLE)
            .and_then(|k| self.surfaces.get(k as usize).copied())
            .ok_or_else(|| format!("{h:#x} is not a surface object"))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Geom {
    D1,
    D2,
    D3,
    A1,
    A2,
    Cube,
    ACube,
}

impl Geom {
    fn parse(s: &str) -> Option<Geom> {
        Some(match s {
            "1d" => Geom::D1,
            "2d" => Geom::D2,
            "3d" => Geom::D3,
            "a1d" => Geom::A1,
            "a2d" => Geom::A2,
            "cube" => Geom::Cube,
            "acube" => Geom::ACube,
            _ => return None,
        })
    }
    pub fn dims(self) -> usize {
        match self {
            Geom::D1 | Geom::A1 => 1,
            Geom::D2 | Geom::A2 => 2,
            Geom::D3 | Geom::Cube | Geom::ACube => 3,
        }
    }
    pub fn layered(self) -> bool {
        matches!(self, Geom::A1 | Geom::A2 | Geom::ACube)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `tex`, `tex.level` (`lod` operand), `tex.grad` (two gradient operands).
    Tex {
        extra: u32,
    },
    /// `tld4.{r,g,b,a}`: the component.
    Tld4(u32),
    Suld,
    Sust,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Oob {
    Trap,
    Clamp,
    Zero,
}

/// A decoded `tex`/`tld4`/`suld.b`/`sust.b` opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Form {
    pub kind: Kind,
    pub geom: Geom,
    pub vec: u32,
    /// `tex`/`tld4`: the result type, `'f'` (.f32), `'s'` (.s32) or `'u'` (.u32). Surfaces: `'b'`.
    pub dty: char,
    /// Surfaces: the component size in bits (8, 16, 32, 64).
    pub bits: u32,
    /// `tex`: integer coordinates (`.s32`).
    pub int_coords: bool,
    pub oob: Oob,
}

/// Decodes the opcode text (`tex.2d.v4.f32.f32`, `suld.b.2d.v2.b16.trap`, ...).
pub fn parse(op: &str) -> Result<Form, String> {
    let bad = || format!("unsupported texture/surface instruction form `{op}`");
    let parts: Vec<&str> = op.split('.').collect();
    let mut f = Form {
        kind: Kind::Tex { extra: 0 },
        geom: Geom::D1,
        vec: 1,
        dty: 'b',
        bits: 0,
        int_coords: false,
        oob: Oob::Trap,
    };
    let mut rest = &parts[1..];
    match parts[0] {
        "tex" => {
            while let Some(&m) = rest.first() {
                match m {
                    "level" => f.kind = Kind::Tex { extra: 1 },
                    "grad" => f.kind = Kind::Tex { extra: 2 },
                    "base" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        "tld4" => {
            let c = rest.first().ok_or_else(bad)?;
            f.kind = Kind::Tld4(["r", "g", "b", "a"].iter().position(|x| x == c).ok_or_else(bad)? as u32);
            rest = &rest[1..];
        }
        "suld" | "sust" => {
            f.kind = if parts[0] == "suld" { Kind::Suld } else { Kind::Sust };
            if rest.first() != Some(&"b") {
                return Err(format!(
                    "unsupported: `{op}` (only the unformatted `.b` surface accesses are emulated)"
                ));
            }
            rest = &rest[1..];
        }
        _ => return Err(bad()),
    }
    f.geom = rest.first().and_then(|g| Geom::parse(g)).ok_or_else(bad)?;
    rest = &rest[1..];
    let mut tys = Vec::new();
    for &m in rest {
        match m {
            "v2" => f.vec = 2,
            "v4" => f.vec = 4,
            "trap" => f.oob = Oob::Trap,
            "clamp" => f.oob = Oob::Clamp,
            "zero" => f.oob = Oob::Zero,
            "f32" | "s32" | "u32" | "b8" | "b16" | "b32" | "b64" => tys.push(m),
            _ => return Err(bad()),
        }
    }
    match f.kind {
        Kind::Tex { .. } | Kind::Tld4(_) => {
            let [d, c] = tys[..] else { return Err(bad()) };
            if f.vec != 4 || d.starts_with('b') || !matches!(c, "f32" | "s32") {
                return Err(bad());
            }
            f.dty = d.chars().next().unwrap();
            f.int_coords = c == "s32";
            if matches!(f.kind, Kind::Tld4(_)) && (f.int_coords || f.geom != Geom::D2 && f.geom != Geom::A2) {
                return Err(bad());
            }
        }
        Kind::Suld | Kind::Sust => {
            let [b] = tys[..] else { return Err(bad()) };
            f.bits = b[1..].parse().map_err(|_| bad())?;
            if !b.starts_with('b') || matches!(f.geom, Geom::Cube | Geom::ACube) {
                return Err(bad());
            }
        }
    }
    Ok(f)
}

/// The raw channel values (zero-extended) of one element of `elem` bytes.
pub fn unpack(ch: Channel, channels: u32, elem: &[u8]) -> [u64; 4] {
    let mut v = [0u64; 4];
    let s = ch.size();
    for (k, x) in v.iter_mut().enumerate().take(channels as usize) {
        let mut b = [0u8; 8];
        b[..s].copy_from_slice(&elem[k * s..(k + 1) * s]);
        *x = u64::from_le_bytes(b);
    }
    v
}

/// A channel's value as read: (as a float, as a 32-bit integer result).
fn channel_value(ch: Channel, raw: u64, normalized_float: bool) -> (f64, u64) {
    let sx = |bits: u32| ((raw << (64 - bits)) as i64 >> (64 - bits)) as f64;
    let f = match ch {
        Channel::F32 => f32::from_bits(raw as u32) as f64,
        Channel::F16 => half_to_f64(raw as u16, Half::F16),
        Channel::U8 if normalized_float => raw as f64 / 255.0,
        Channel::S8 if normalized_float => (sx(8) / 127.0).max(-1.0),
        Channel::U16 if normalized_float => raw as f64 / 65535.0,
        Channel::S16 if normalized_float => (sx(16) / 32767.0).max(-1.0),
        Channel::S8 => sx(8),
        Channel::S16 => sx(16),
        Channel::S32 => sx(32),
        Channel::U8 | Channel::U16 | Channel::U32 => raw as f64,
    };
    let i = match ch {
        Channel::S8 => sx(8) as i64 as u64,
        Channel::S16 => sx(16) as i64 as u64,
        _ => raw,
    } & 0xffff_ffff;
    (f, i)
}

/// The texel index `i` of a dimension of size `n` under `mode`, or `None` for the border.
fn address(i: i64, n: u32, mode: Address, normalized: bool) -> Option<u32> {
    let n = n as i64;
    let mode = match mode {
        Address::Wrap | Address::Mirror if !normalized => Address::Clamp,
        m => m,
    };
    Some(match mode {
        Address::Clamp => i.clamp(0, n - 1),
        Address::Border if !(0..n).contains(&i) => return None,
        Address::Border => i,
        Address::Wrap => i.rem_euclid(n),
        Address::Mirror => {
            let m = i.rem_euclid(2 * n);
            if m < n {
                m
            } else {
                2 * n - 1 - m
            }
        }
    } as u32)
}

/// The first `dims` coordinates as signed 32-bit integers (the others 0).
fn int_coords(cs: &[u64], dims: usize) -> [i64; 3] {
    let mut c = [0i64; 3];
    for (k, x) in c.iter_mut().enumerate().take(dims) {
        *x = cs.get(k).copied().unwrap_or(0) as u32 as i32 as i64;
    }
    c
}

/// The 1.8 fixed-point weight of a linear-filter coordinate's fraction: rounded to the nearest
/// 1/256, ties up.
pub fn weight(frac: f64) -> f64 {
    weight_256(frac) as f64 / 256.0
}

/// [`weight`] in units of 1/256 (0 to 256).
pub fn weight_256(frac: f64) -> u32 {
    (frac * 256.0 + 0.5).floor() as u32
}

/// The weights of a linear filter's `2^dims` corners (corner bit `k` set: texel `i_k + 1` in
/// dimension `k`) from the per-dimension weights `w` (units of 1/256), for a level whose own
/// weight is `m` (units of 1/256: 256 without mipmaps or for a single level, `256 - f` and `f`
/// for the two levels of a linear mipmap filter with level fraction `f`).
///
/// 1D: `m - am`, `am`, with `am = a * m` rounded to the nearest 1/256 (ties up). 2D: like the
/// hardware, every corner weight is itself a multiple of 1/256 and the four sum to `m`: `m`
/// splits along `x` into `m0 = m - am` and `am`, then each part along `y`: the `(i+1, j+1)`
/// corner gets `am * b` rounded to the nearest 1/256 (ties up), the `(i, j+1)` corner
/// `m0 * b` rounded to the nearest (ties down), and the `j` corners the rests. With `m = 256`
/// this is `a * b` rounded and `a - ab`, `b - ab`, `1 - a - b + ab`. (The exact products
/// `(1 - a)(1 - b)`, ... differ from the H100 by up to half a 1/256 step of the cross term
/// `T[i,j] - T[i+1,j] - T[i,j+1] + T[i+1,j+1]`, which ramps cannot show: measured on samples
/// of random f32 images with clamp, mirror, border and a layered array, and on trilinear
/// samples of a mipmapped array (`m < 256`, where splitting `m` along `y` first, or rounding
/// `a * b * m` at once, misses one sample in ten), bit-exact.) The `x` split's ties and the
/// `(i+1, j+1)` corner's ties are not measured (rounded up here). 3D: each `z` slice's 2D
/// weights times the `z` weight, exactly (not measured).
pub fn corner_weights(dims: usize, w: [u32; 3], m: u32) -> [f64; 8] {
    // n / 256 to the nearest integer, ties up or down
    let up = |n: u32| (n + 128) / 256;
    let down = |n: u32| (n + 127) / 256;
    let mut out = [0f64; 8];
    let (a, b) = (w[0], if dims >= 2 { w[1] } else { 0 });
    let am = up(a * m);
    let m0 = m - am;
    let plane = if dims >= 2 {
        let (w11, w01) = (up(am * b), down(m0 * b));
        [m0 - w01, am - w11, w01, w11]
    } else {
        [m0, am, 0, 0]
    };
    let (c, slices) = if dims == 3 { (w[2], 2) } else { (0, 1) };
    for z in 0..slices {
        let wz = if z == 0 { 256 - c } else { c };
        for (k, &p) in plane.iter().enumerate() {
            let scale = if dims == 3 { wz as f64 / 65536.0 } else { 1.0 / 256.0 };
            out[z * 4 + k] = p as f64 * scale;
        }
    }
    out
}

/// What a `tex`/`tld4` returns: four 32-bit results of type `form.dty`.
///
/// `coords` are the coordinate operand's raw values (the layer first for layered geometries);
/// `fetch(element index)` reads one element's raw channel values (`None`: out of a linear
/// resource's range).
pub fn sample(
    tex: &Texture,
    shape: Option<&ArrayDesc>,
    form: &Form,
    coords: &[u64],
    lod: Lod,
    fetch: &mut dyn FnMut(usize) -> Result<Option<[u64; 4]>, String>,
) -> Result<[u64; 4], String> {
    let (ch, channels) = match (&tex.res, shape) {
        (Resource::Array(_), Some(a)) => (a.channel, a.channels),
        (Resource::Linear { channel, channels, .. }, _) => (*channel, *channels),
        _ => return Err("texture without an array".into()),
    };
    let nf = tex.desc.normalized_float && !ch.is_float();
    if nf && matches!(ch, Channel::U32 | Channel::S32) {
        return Err("cudaReadModeNormalizedFloat on a 32-bit integer format".into());
    }
    let float_result = ch.is_float() || nf;
    if float_result != (form.dty == 'f') {
        return Err(format!(
            "the texture returns {} (format {ch:?}{}), the instruction reads `.{}32`",
            if float_result { "floats" } else { "integers" },
            if nf { ", normalized float" } else { "" },
            form.dty
        ));
    }
    // the texel value of each channel, as floats and integers; `None` = border color
    let value = |raw: Option<[u64; 4]>| -> ([f64; 4], [u64; 4]) {
        let mut f = [0.0; 4];
        let mut i = [0; 4];
        match raw {
            Some(raw) => {
                for k in 0..channels as usize {
                    (f[k], i[k]) = channel_value(ch, raw[k], nf);
                }
            }
            None => {
                for k in 0..channels as usize {
                    f[k] = tex.desc.border[k] as f64;
                    i[k] = (tex.desc.border[k] as i64 as u64) & 0xffff_ffff;
                }
            }
        }
        (f, i)
    };
    let out = |f: [f64; 4], i: [u64; 4]| -> [u64; 4] {
        if float_result {
            f.map(|x| (x as f32).to_bits() as u64)
        } else {
            i
        }
    };
    let Some(a) = shape else {
        // linear memory: tex1Dfetch, an integer element index
        if form.geom != Geom::D1 || !form.int_coords {
            return Err(format!(
                "a texture over linear memory takes `tex.1d` with integer coordinates, not `{:?}`",
                form.geom
            ));
        }
        let x = coords.first().copied().unwrap_or(0) as u32 as i32;
        let raw = if x < 0 { None } else { fetch(x as usize)? };
        return Ok(match raw {
            Some(r) => {
                let (f, i) = value(Some(r));
                out(f, i)
            }
            None => [0; 4],
        });
    };
    let cube = matches!(form.geom, Geom::Cube | Geom::ACube);
    if cube != a.cubemap || form.geom.layered() != a.layered || (!cube && form.geom.dims() != a.dims()) {
        return Err(format!(
            "`{:?}` access to a texture over a {}{}D{} array",
            form.geom,
            if a.cubemap { "cube map " } else { "" },
            a.dims(),
            if a.layered { " layered" } else { "" }
        ));
    }
    let (mut layer, cs) = if form.geom.layered() {
        let l = coords.first().copied().unwrap_or(0) as u32 as i32;
        let n = a.layers() / if cube { 6 } else { 1 };
        (l.clamp(0, n as i32 - 1) as u32, &coords[1..])
    } else {
        (0, coords)
    };
    let dims = a.dims();
    let mut d = tex.desc.clone();
    // a cube map: the face and the normalized coordinates in it, clamped to the face
    let mut cube_uv = None;
    if cube {
        if form.int_coords {
            return Err("a cube map takes float coordinates".into());
        }
        let v = [0, 1, 2].map(|k| f32::from_bits(cs.get(k).copied().unwrap_or(0) as u32) as f64);
        let (face, s, t) = cube_face(v);
        layer = layer * 6 + face;
        cube_uv = Some([s, t]);
        // the texture's address modes apply within the face: an H100 does not filter across
        // the faces' edges (measured with wrap)
        d.normalized_coords = true;
    }
    let d = &d;
    // the mipmap levels read and the weight of the second (1/256)
    let levels = a.num_levels();
    let (lv0, lv1, wl) = if levels <= 1 || form.int_coords || matches!(form.kind, Kind::Tld4(_)) {
        (0, 0, 0)
    } else {
        let ext0 = a.extent();
        let lod = match lod {
            Lod::None => 0.0,
            Lod::Level(l) => l as f64,
            Lod::Grad(dx, dy) => {
                // the isotropic level of detail: log2 of the longer gradient in texels
                let len = |g: [f32; 3]| {
                    (0..dims)
                        .map(|k| {
                            let t = g[k] as f64 * if d.normalized_coords { ext0[k] as f64 } else { 1.0 };
                            t * t
                        })
                        .sum::<f64>()
                        .sqrt()
                };
                len(dx).max(len(dy)).log2()
            }
        };
        let hi = (d.max_level as f64).min((levels - 1) as f64);
        let lod = (lod + d.level_bias as f64).min(hi).max(d.min_level as f64).max(0.0);
        let lod = if lod.is_nan() { 0.0 } else { lod };
        match d.mipmap_filter {
            Filter::Point => {
                let l = ((lod + 0.5).floor() as u32).min(levels - 1);
                (l, l, 0)
            }
            Filter::Linear => {
                // the fraction truncated to 8 bits (measured on an H100)
                let l = lod.floor() as u32;
                let w = ((lod - lod.floor()) * 256.0).floor() as u32;
                if w == 256 {
                    (l + 1, l + 1, 0)
                } else {
                    (l, (l + 1).min(levels - 1), w)
                }
            }
        }
    };
    if wl != 0 && !float_result {
        return Err("linear mipmap filtering of a texture that returns integers".into());
    }
    // one level's sample: the texel values (point sampling) or the filtered values before
    // rounding, weighted by the level's weight `m` (1/256), the integer results, and the raw
    // result of a `tld4`
    let mut at_level = |lv: u32, m: u32| -> Result<LevelSample, String> {
        let la = a.level(lv);
        let ext = la.extent();
        let off = a.level_offset(lv);
        let mut texel = |c: [i64; 3]| -> Result<Option<[u64; 4]>, String> {
            let mut idx = [0u32; 3];
            for k in 0..dims {
                match address(c[k], ext[k], d.address[k], d.normalized_coords) {
                    Some(i) => idx[k] = i,
                    None => return Ok(None),
                }
            }
            fetch(off + la.index(idx, layer))
        };
        if form.int_coords {
            let c = int_coords(cs, dims);
            let (f, i) = value(texel(c)?);
            return Ok((f.map(|x| vec![x]), i, None));
        }
        let mut u = [0f64; 3];
        for k in 0..dims {
            let x = match cube_uv {
                Some(st) => st[k],
                None => f32::from_bits(cs.get(k).copied().unwrap_or(0) as u32) as f64,
            };
            u[k] = if d.normalized_coords {
                normalized_fixed_point(x) * ext[k] as f64
            } else {
                x
            };
            if !u[k].is_finite() {
                u[k] = 0.0;
            }
        }
        let linear = d.filter == Filter::Linear || matches!(form.kind, Kind::Tld4(_));
        if !linear {
            let c = [u[0].floor() as i64, u[1].floor() as i64, u[2].floor() as i64];
            let (f, i) = value(texel(c)?);
            return Ok((f.map(|x| vec![x]), i, None));
        }
        if !float_result && !matches!(form.kind, Kind::Tld4(_)) {
            return Err("linear filtering of a texture that returns integers".into());
        }
        let mut base = [0i64; 3];
        let mut w = [0u32; 3];
        for k in 0..dims {
            let b = u[k] - 0.5;
            base[k] = b.floor() as i64;
            w[k] = weight_256(b - b.floor());
        }
        if let Kind::Tld4(comp) = form.kind {
            // the 2x2 footprint's texels: (i, j+1), (i+1, j+1), (i+1, j), (i, j)
            let mut r = [0u64; 4];
            for (k, (dx, dy)) in [(0, 1), (1, 1), (1, 0), (0, 0)].into_iter().enumerate() {
                let (f, i) = value(texel([base[0] + dx, base[1] + dy, 0])?);
                r[k] = if float_result {
                    (f[comp as usize] as f32).to_bits() as u64
                } else {
                    i[comp as usize]
                };
            }
            return Ok((Default::default(), [0; 4], Some(r)));
        }
        let corners = corner_weights(dims, w, m);
        // 8- and 16-bit unsigned normalized formats blend in 16-bit units (an 8-bit texel `r`
        // is `257 r / 65535`), rounded to a whole unit (ties up)
        let unorm16 = nf && matches!(ch, Channel::U8 | Channel::U16);
        let mut acc: [Vec<f64>; 4] = Default::default();
        let mut units = [0f64; 4];
        for (corner, &wt) in corners.iter().enumerate().take(1 << dims) {
            if wt == 0.0 {
                continue;
            }
            let mut c = base;
            for (k, x) in c.iter_mut().enumerate().take(dims) {
                *x += (corner >> k & 1) as i64;
            }
            let raw = texel(c)?;
            if unorm16 {
                for (k, u) in units.iter_mut().enumerate().take(channels as usize) {
                    let v = match raw {
                        Some(r) if ch == Channel::U8 => (r[k] & 0xff) as f64 * 257.0,
                        Some(r) => (r[k] & 0xffff) as f64,
                        None => tex.desc.border[k] as f64 * 65535.0,
                    };
                    *u += wt * v;
                }
                continue;
            }
            let (f, _) = value(raw);
            for k in 0..4 {
                grow(&mut acc[k], wt * f[k]);
            }
        }
        if unorm16 {
            for k in 0..4 {
                acc[k] = vec![(units[k] + 0.5).floor() / 65535.0];
            }
        }
        Ok((acc, [0; 4], None))
    };
    let linear = d.filter == Filter::Linear && !form.int_coords;
    let (mut f, i, raw) = at_level(lv0, if linear { 256 - wl } else { 256 })?;
    if let Some(r) = raw {
        return Ok(r);
    }
    if wl != 0 && linear {
        // trilinear: each level's corner weights already carry the level's weight (the eight
        // weights are 1/256 multiples summing to 1: [`corner_weights`]); the two exact sums add
        let (f1, _, _) = at_level(lv1, wl)?;
        for k in 0..4 {
            for &c in &f1[k] {
                grow(&mut f[k], c);
            }
        }
    } else if wl != 0 {
        // linear mipmap filtering of point samples: the two levels' texels blend with the level
        // of detail's fraction in 1.8 fixed point (computed exactly, like the texel blend)
        let (f1, _, _) = at_level(lv1, 256)?;
        for k in 0..4 {
            let mut e = Vec::new();
            for (x, s) in [(&f[k], 256 - wl), (&f1[k], wl)] {
                for &c in x {
                    // c * s exactly (two products), then / 256
                    let p = c * s as f64;
                    grow(&mut e, p / 256.0);
                    grow(&mut e, c.mul_add(s as f64, -p) / 256.0);
                }
            }
            f[k] = e;
        }
    }
    if ch == Channel::F16 && (d.filter == Filter::Linear || wl != 0) && !form.int_coords {
        // a half texture's filtered value is a half (measured on an H100)
        let h = f.map(|e| round_half_away(e.iter().sum()));
        return Ok(out(h, i));
    }
    if float_result {
        // the filtered value rounds to f32 with ties away from zero (measured on an H100)
        return Ok(f.map(|e| round_f32_ties_away(&e).to_bits() as u64));
    }
    Ok(out(f.map(|e| e.iter().sum()), i))
}

/// One mipmap level's sample: the texel values (point sampling) or the filtered values before
/// rounding (each channel exactly, as a sum of f64s: [`grow`]), the integer results, and the
/// raw result of a `tld4`.
type LevelSample = ([Vec<f64>; 4], [u64; 4], Option<[u64; 4]>);

fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// Adds `b` to the exact sum `e` (Shewchuk's nonoverlapping expansion, components in increasing
/// magnitude, zeros dropped). A non-finite value makes the sum a single non-finite component.
pub fn grow(e: &mut Vec<f64>, b: f64) {
    if !b.is_finite() || e.iter().any(|x| !x.is_finite()) {
        let s = e.iter().sum::<f64>() + b;
        *e = vec![s];
        return;
    }
    let mut q = b;
    let mut out = Vec::with_capacity(e.len() + 1);
    for &x in e.iter() {
        let (s, h) = two_sum(q, x);
        if h != 0.0 {
            out.push(h);
        }
        q = s;
    }
    if q != 0.0 || out.is_empty() {
        out.push(q);
    }
    *e = out;
}

/// The sign of the exact sum `e - m` (-1, 0 or 1).
fn sign_minus(e: &[f64], m: f64) -> i32 {
    let mut d = e.to_vec();
    grow(&mut d, -m);
    match d.iter().rev().find(|x| **x != 0.0) {
        Some(x) if *x > 0.0 => 1,
        Some(_) => -1,
        None => 0,
    }
}

/// The exact sum `e` rounded to f32, to nearest with ties away from zero.
pub fn round_f32_ties_away(e: &[f64]) -> f32 {
    let approx: f64 = e.iter().sum();
    let mut f = approx as f32;
    if !f.is_finite() || e.len() <= 1 && f as f64 == approx {
        return f;
    }
    let step = |f: f32, up: bool| -> f32 {
        if f == 0.0 {
            let t = f32::from_bits(1);
            return if up { t } else { -t };
        }
        let b = f.to_bits();
        f32::from_bits(if (f > 0.0) == up { b + 1 } else { b - 1 })
    };
    for _ in 0..4 {
        let (up, dn) = (step(f, true), step(f, false));
        if up.is_finite() {
            let mid = (f as f64 + up as f64) / 2.0;
            let s = sign_minus(e, mid);
            if s > 0 || s == 0 && mid > 0.0 {
                f = up;
                continue;
            }
        }
        if dn.is_finite() {
            let mid = (f as f64 + dn as f64) / 2.0;
            let s = sign_minus(e, mid);
            if s < 0 || s == 0 && mid < 0.0 {
                f = dn;
                continue;
            }
        }
        break;
    }
    f
}

/// A cube map's face (0 to 5: +x, -x, +y, -y, +z, -z) for the direction `v`, and the
/// normalized coordinates in it: the CUDA programming guide's table ("Cubemap Textures"): the
/// face of the component `m` of largest magnitude (ties: x before y before z, not measured),
/// `s` and `t` from the others, read at `((s / |m| + 1) / 2, (t / |m| + 1) / 2)`.
pub fn cube_face(v: [f64; 3]) -> (u32, f64, f64) {
    let [x, y, z] = v;
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    let (face, m, s, t) = if ax >= ay && ax >= az {
        if x >= 0.0 {
            (0, ax, -z, -y)
        } else {
            (1, ax, z, -y)
        }
    } else if ay >= az {
        if y >= 0.0 {
            (2, ay, x, z)
        } else {
            (3, ay, x, -z)
        }
    } else if z >= 0.0 {
        (4, az, x, -y)
    } else {
        (5, az, -x, -y)
    };
    (face, (s / m + 1.0) / 2.0, (t / m + 1.0) / 2.0)
}

/// A normalized coordinate as the texture unit holds it: fixed point with 21 fractional bits,
/// truncated (toward minus infinity).
pub fn normalized_fixed_point(x: f64) -> f64 {
    const SCALE: f64 = (1u64 << 21) as f64;
    (x * SCALE).floor() / SCALE
}

/// `v` rounded to half precision, ties away from zero (overflow to infinity).
fn round_half_away(v: f64) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let e = v.abs().log2().floor().max(-14.0);
    let ulp = (e - 10.0).exp2();
    let r = (v.abs() / ulp + 0.5).floor() * ulp;
    if r > 65504.0 {
        return f64::INFINITY.copysign(v);
    }
    r.copysign(v)
}

/// A surface access's element: the byte offset in the array's data, or `None` (`.zero` out of
/// range). `coords`: the raw coordinate values (the layer first for layered geometries; `x` in
/// bytes).
pub fn surface_offset(a: &ArrayDesc, form: &Form, coords: &[u64]) -> Result<Option<usize>, String> {
    if form.geom.layered() != a.slices() || form.geom.dims() != a.dims() {
        return Err(format!(
            "`{:?}` access to a surface over a {}D{} array",
            form.geom,
            a.dims(),
            if a.layered { " layered" } else { "" }
        ));
    }
    let (mut layer, cs) = if form.geom.layered() {
        (coords.first().copied().unwrap_or(0) as u32 as i32 as i64, &coords[1..])
    } else {
        (0, coords)
    };
    let size = (form.vec * form.bits / 8) as i64;
    let ext = a.extent();
    let row = ext[0] as i64 * a.elem_size() as i64;
    let mut c = int_coords(cs, a.dims());
    if c[0] % size != 0 {
        return Err(format!(
            "misaligned surface access: x = {} bytes for a {size}-byte access",
            c[0]
        ));
    }
    let lim = [row - size, ext[1] as i64 - 1, ext[2] as i64 - 1];
    let inside = (0..3).all(|k| (0..=lim[k]).contains(&c[k])) && (0..a.layers() as i64).contains(&layer);
    if !inside {
        match form.oob {
            Oob::Trap => {
                return Err(format!(
                    "surface access out of range: x = {} bytes, y = {}, z = {}, layer {layer} (array {}x{}x{} of {}-byte elements)",
                    c[0],
                    c[1],
                    c[2],
                    ext[0],
                    ext[1],
                    ext[2],
                    a.elem_size()
                ))
            }
            Oob::Zero => return Ok(None),
            Oob::Clamp => {
                for k in 0..3 {
                    c[k] = c[k].clamp(0, lim[k].max(0));
                }
                c[0] -= c[0] % size;
                layer = layer.clamp(0, a.layers() as i64 - 1);
            }
        }
    }
    let elem = a.index([0, c[1] as u32, c[2] as u32], layer as u32);
    Ok(Some(elem * a.elem_size() + c[0] as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tex2d(w: u32, h: u32, filter: Filter, mode: Address, norm: bool) -> (Texture, ArrayDesc) {
        let a = ArrayDesc {
            width: w,
            height: h,
            depth: 0,
            layered: false,
            cubemap: false,
            levels: 0,
            channel: Channel::F32,
            channels: 1,
        };
        let t = Texture {
            res: Resource::Array(0),
            desc: TexDesc {
                address: [mode; 3],
                filter,
                normalized_coords: norm,
                normalized_float: false,
                border: [-1.0, 0.0, 0.0, 0.0],
                ..TexDesc::default()
            },
        };
        (t, a)
    }

    /// An H100 sample of a linear-filtered, clamped 2 x 2 f32 texture (`texels` as bits) read
    /// where the weights are `wa`, `wb` (in 1/256): the emulator gives the same bits, `want`.
    fn assert_bilinear_sample(wa: u32, wb: u32, texels: [u32; 4], want: u32) {
        let data = texels.map(f32::from_bits);
        let (t, a) = tex2d(2, 2, Filter::Linear, Address::Clamp, false);
        let (x, y) = (0.5 + wa as f32 / 256.0, 0.5 + wb as f32 / 256.0);
        assert_eq!(run(&t, &a, &data, x, y).to_bits(), want, "weights {wa}, {wb}");
    }

    fn run(t: &Texture, a: &ArrayDesc, data: &[f32], x: f32, y: f32) -> f32 {
        let form = parse("tex.2d.v4.f32.f32").unwrap();
        let coords = [x.to_bits() as u64, y.to_bits() as u64];
        let r = sample(t, Some(a), &form, &coords, Lod::None, &mut |k| {
            Ok(Some([data[k].to_bits() as u64, 0, 0, 0]))
        })
        .unwrap();
        f32::from_bits(r[0] as u32)
    }

    #[test]
    fn forms() {
        let f = parse("suld.b.2d.v2.b16.clamp").unwrap();
        assert_eq!(
            (f.kind, f.geom, f.vec, f.bits, f.oob),
            (Kind::Suld, Geom::D2, 2, 16, Oob::Clamp)
        );
        let f = parse("tex.level.2d.v4.u32.f32").unwrap();
        assert_eq!((f.kind, f.dty, f.int_coords), (Kind::Tex { extra: 1 }, 'u', false));
        assert_eq!(parse("tld4.g.2d.v4.f32.f32").unwrap().kind, Kind::Tld4(1));
        assert!(parse("suld.p.2d.v4.f32.trap").unwrap_err().contains("unsupported"));
        assert!(parse("tex.2d.v2.f32.f32").is_err());
    }

    #[test]
    fn point_and_address_modes() {
        let data: Vec<f32> = (0..12).map(|k| k as f32).collect(); // 4 x 3
        let (t, a) = tex2d(4, 3, Filter::Point, Address::Clamp, false);
        assert_eq!(run(&t, &a, &data, 1.9, 2.2), 9.0);
        assert_eq!(run(&t, &a, &data, -5.0, 7.0), 8.0);
        let (t, a) = tex2d(4, 3, Filter::Point, Address::Wrap, true);
        // u = 1.3 * 4 = 5.2 -> texel 5 mod 4 = 1; v = -0.1 * 3 = -0.3 -> -1 mod 3 = 2
        assert_eq!(run(&t, &a, &data, 1.3, -0.1), 9.0);
        let (t, a) = tex2d(4, 3, Filter::Point, Address::Mirror, true);
        // u = 1.3 * 4 = 5.2 -> 5 mod 8 = 5 -> 2; v = -0.1 * 3 -> -1 mod 6 = 5 -> 0
        assert_eq!(run(&t, &a, &data, 1.3, -0.1), 2.0);
        let (t, a) = tex2d(4, 3, Filter::Point, Address::Border, false);
        assert_eq!(run(&t, &a, &data, 4.0, 0.0), -1.0);
        assert_eq!(run(&t, &a, &data, 3.99, 0.0), 3.0);
    }

    #[test]
    fn linear_weights_are_1_8_fixed_point() {
        let data = [0.0f32, 1.0]; // 2 x 1
        let (t, a) = tex2d(2, 1, Filter::Linear, Address::Clamp, false);
        // u - 0.5 = 0.3: weight round(0.3 * 256) / 256 = 77 / 256
        assert_eq!(run(&t, &a, &data, 0.8, 0.5), 77.0 / 256.0);
        // the texel centers read the texels exactly, and clamp holds the edges
        assert_eq!(run(&t, &a, &data, 1.5, 0.5), 1.0);
        assert_eq!(run(&t, &a, &data, 9.0, 0.5), 1.0);
        assert_eq!(run(&t, &a, &data, 0.0, 0.5), 0.0);
        // bilinear: the four corners' weights multiply
        let data = [0.0f32, 1.0, 2.0, 3.0]; // 2 x 2
        let (t, a) = tex2d(2, 2, Filter::Linear, Address::Clamp, false);
        assert_eq!(run(&t, &a, &data, 1.0, 1.25), 0.5 + 2.0 * 0.75);
    }

    #[test]
    fn linear_filtering_matches_h100_samples() {
        // Raw samples from an H100 (tex.2d over ramps, linear filtering, clamp): a normalized
        // coordinate is truncated to 21 fractional bits before it is scaled (scaling the f32
        // value exactly would give 16.5546875, 970.44140625 and 91.40234375 here).
        let data: Vec<f32> = (0..1000).map(|k| k as f32).collect();
        let (t, a) = tex2d(1000, 1, Filter::Linear, Address::Clamp, true);
        for (x, want) in [
            (f32::from_bits(0x3c8bb243), 4237.0 / 256.0),
            (f32::from_bits(0x3f788f7e), 970.4375),
            (f32::from_bits(0x3dbc367c), 23398.0 / 256.0),
        ] {
            assert_eq!(run(&t, &a, &data, x, 0.5), want, "x = {x:e}");
        }
        let data: Vec<f32> = (0..7 * 13).map(|k| (k % 13 + 32 * (k / 13)) as f32).collect();
        let (t, a) = tex2d(13, 7, Filter::Linear, Address::Clamp, true);
        for (x, y, want) in [
            (0x3f0f40d4, 0x3f2f012e, 36838.0 / 256.0),
            (0x3ef70bdf, 0x3e4e40e1, 8934.0 / 256.0),
            (0x3eee3492, 0x3e8fcf9d, 52.421875),
        ] {
            assert_eq!(run(&t, &a, &data, f32::from_bits(x), f32::from_bits(y)), want);
        }
        // A half texture's filtered value is rounded to a half, ties away from zero:
        // 99.53125 (texels 99 and 100, weight 136/256) reads 99.5625.
        let (t, mut a) = tex2d(256, 1, Filter::Linear, Address::Clamp, false);
        a.channel = Channel::F16;
        let form = parse("tex.2d.v4.f32.f32").unwrap();
        let r = sample(
            &t,
            Some(&a),
            &form,
            &[100.03f32.to_bits() as u64, 0.5f32.to_bits() as u64],
            Lod::None,
            &mut |k| {
                Ok(Some([
                    crate::float::f64_to_half(k as f64, Half::F16, crate::module::Rnd::N) as u64,
                    0,
                    0,
                    0,
                ]))
            },
        )
        .unwrap();
        assert_eq!(f32::from_bits(r[0] as u32), 99.5625);
    }

    #[test]
    fn bilinear_cross_term_is_1_8_fixed_point() {
        // H100 samples of random f32 images (session 18's run of difftest/textures.cu: clamp,
        // mirror, border, a layered array), each as a 2 x 2 image and the weights (in 1/256) of
        // its coordinates: the blend's `a * b` is rounded to 1/256 (138 * 244 / 256 = 131.53
        // reads 132), the other corners' weights follow from it.
        for (wa, wb, texels, want) in [
            (
                138u32,
                244u32,
                [0xbea4cab0u32, 0x3f123fdc, 0x3ecc6430, 0xbf544434],
                0xbe7cf885u32,
            ),
            (187, 36, [0x3f2d32d4, 0xbeec9df8, 0x3fb32dc8, 0x3f47db8c], 0xba445720),
            (183, 93, [0x3f7c9194, 0xbf691290, 0xbea4cab0, 0x3f123fdc], 0xbe007e33),
            (213, 13, [0x3fcf5931, 0x3d8b1d70, 0x410a1d02, 0x3fc03942], 0x3ee3d78a),
        ] {
            assert_bilinear_sample(wa, wb, texels, want);
        }
        assert_eq!(corner_weights(2, [138, 244, 0], 256)[3], 132.0 / 256.0);
        assert_eq!(
            corner_weights(2, [128, 1, 0], 256)[3],
            1.0 / 256.0,
            "ties up (not measured)"
        );
        let w = corner_weights(3, [10, 20, 30], 256);
        assert_eq!(w.iter().sum::<f64>(), 1.0);
    }

    #[test]
    fn trilinear_corner_weights_split_x_then_y() {
        // H100 trilinear samples (session 18's difftest/textures_mip.cu, linear filter with a
        // linear mipmap filter, mirror): a level's weight `m` splits along x, then each part
        // along y; the (i, j+1) corner's ties round down (the last two, 4.5 and 42.5). Each
        // was the only weight set, in 1/256, that gives the GPU's f32 result.
        for (a, b, m, want) in [
            (42, 2, 95, [78, 16, 1, 0]),
            (213, 65, 161, [20, 100, 7, 34]),
            (247, 146, 219, [3, 91, 5, 120]),
            (107, 129, 16, [4, 3, 5, 4]),
            (87, 130, 240, [78, 40, 80, 42]),
            (215, 48, 150, [20, 102, 4, 24]),
            (152, 136, 198, [38, 55, 42, 63]),
        ] {
            let w = corner_weights(2, [a, b, 0], m);
            assert_eq!(
                w[..4].iter().map(|x| (x * 256.0) as u32).collect::<Vec<_>>(),
                want,
                "a {a} b {b} m {m}"
            );
        }
        assert_eq!(corner_weights(1, [100, 0, 0], 128)[..2], [78.0 / 256.0, 50.0 / 256.0]);
    }

    #[test]
    fn filtered_f32_rounds_ties_away_from_zero() {
        // H100 samples (session 18's difftest/textures.cu sample2d launches) whose exact blend
        // lies halfway between two f32s: the hardware rounds away from zero (round to nearest
        // even would give 0x3e8211b2 and 0xbe78ba3e)
        for (wa, wb, texels, want) in [
            (
                48u32,
                226u32,
                [0x3e61d5f0u32, 0x3ecc6430, 0x3e61d5f0, 0x3ecc6430],
                0x3e8211b3u32,
            ),
            (198, 93, [0x3f2d32d4, 0xbeec9df8, 0x3f7c9194, 0xbf30b8cc], 0xbe78ba3f),
        ] {
            assert_bilinear_sample(wa, wb, texels, want);
        }
        assert_eq!(round_f32_ties_away(&[1.0, 2f64.powi(-24)]), 1.0 + 2f32.powi(-23));
        assert_eq!(round_f32_ties_away(&[-1.0, -(2f64.powi(-24))]), -1.0 - 2f32.powi(-23));
        let mut e = Vec::new();
        for x in [1.0, 2f64.powi(-24), -(2f64.powi(-80))] {
            grow(&mut e, x);
        }
        assert_eq!(round_f32_ties_away(&e), 1.0, "below the halfway point");
    }

    #[test]
    fn unorm8_blends_in_16_bit_units() {
        // an H100's u8 x 4 texture read as normalized floats with linear filtering: the texels
        // are 16-bit units (257 r), the blend rounds to a unit, then / 65535. Texels 187 and 195
        // (channel 0), 15 and 83 (channel 1) at weights 108, 120 (in 1/256): 49022.75 and
        // 12046.875 units read 49023 / 65535 and 12047 / 65535 (the exact blend / 255 would
        // give 0x3f3f7f7f and 0x3e3c3c3c)
        let a = ArrayDesc {
            width: 2,
            height: 2,
            depth: 0,
            layered: false,
            cubemap: false,
            levels: 0,
            channel: Channel::U8,
            channels: 4,
        };
        let t = Texture {
            res: Resource::Array(0),
            desc: TexDesc {
                address: [Address::Clamp; 3],
                filter: Filter::Linear,
                normalized_coords: false,
                normalized_float: true,
                ..TexDesc::default()
            },
        };
        let texels: [[u64; 4]; 4] = [[187, 15, 0, 0], [187, 15, 0, 0], [195, 83, 0, 0], [195, 83, 0, 0]];
        let form = parse("tex.2d.v4.f32.f32").unwrap();
        let (x, y) = (0.5f32 + 108.0 / 256.0, 0.5f32 + 120.0 / 256.0);
        let r = sample(
            &t,
            Some(&a),
            &form,
            &[x.to_bits() as u64, y.to_bits() as u64],
            Lod::None,
            &mut |k| Ok(Some(texels[k])),
        )
        .unwrap();
        assert_eq!((r[0] as u32, r[1] as u32), (0x3f3f7fbf, 0x3e3c3cbc));
        assert_eq!(r[0] as u32, ((49023.0f64 / 65535.0) as f32).to_bits());
        assert_eq!(r[1] as u32, ((12047.0f64 / 65535.0) as f32).to_bits());
    }

    #[test]
    fn mipmap_levels() {
        // 4 x 2, 2 x 1, 1 x 1: the levels read 0, 10, 20
        let (mut t, mut a) = tex2d(4, 2, Filter::Point, Address::Clamp, true);
        a.levels = 3;
        assert_eq!((a.level(1).width, a.level(1).height, a.level(2).height), (2, 1, 1));
        assert_eq!((a.level_offset(2), a.bytes()), (10, 44));
        let data: Vec<f32> = (0..11)
            .map(|k| [0.0, 10.0, 20.0][(k >= 8) as usize + (k >= 10) as usize])
            .collect();
        t.desc.max_level = 2.0;
        let at = |t: &Texture, op: &str, lod: Lod| {
            let form = parse(op).unwrap();
            let coords = [0.3f32.to_bits() as u64, 0.6f32.to_bits() as u64];
            let r = sample(t, Some(&a), &form, &coords, lod, &mut |k| {
                Ok(Some([data[k].to_bits() as u64, 0, 0, 0]))
            })
            .unwrap();
            f32::from_bits(r[0] as u32)
        };
        let level = "tex.level.2d.v4.f32.f32";
        assert_eq!(at(&t, level, Lod::Level(0.4)), 0.0);
        assert_eq!(at(&t, level, Lod::Level(0.6)), 10.0);
        assert_eq!(at(&t, level, Lod::Level(7.0)), 20.0, "clamped to the last level");
        assert_eq!(
            at(&t, "tex.2d.v4.f32.f32", Lod::None),
            0.0,
            "tex without a level reads level 0"
        );
        // gradients of 0.5 (normalized) along x: 2 texels of level 0, level 1
        let grad = "tex.grad.2d.v4.f32.f32";
        assert_eq!(at(&t, grad, Lod::Grad([0.5, 0.0, 0.0], [0.0, 0.1, 0.0])), 10.0);
        t.desc.mipmap_filter = Filter::Linear;
        assert_eq!(at(&t, level, Lod::Level(1.25)), 12.5);
        // the fraction truncates to 1/256 (an H100: 0.999 * 256 = 255.7 blends 255 / 256)
        assert_eq!(at(&t, level, Lod::Level(1.999)), 10.0 + 10.0 * 255.0 / 256.0);
        t.desc.level_bias = -1.0;
        assert_eq!(at(&t, level, Lod::Level(1.25)), 2.5);
        t.desc.max_level = 0.0;
        assert_eq!(at(&t, level, Lod::Level(3.0)), 0.0, "the max level clamp");
    }

    #[test]
    fn cube_map_wraps_within_the_face() {
        // a 2 x 2 cube map (face f's texels 10 f + 1 .. 10 f + 4), wrap, linear: at s = 0.995 on
        // face +x the blend's second column wraps to the face's first (as on an H100), not to
        // the neighbouring face
        let a = ArrayDesc {
            width: 2,
            height: 2,
            depth: 6,
            layered: false,
            cubemap: true,
            levels: 0,
            channel: Channel::F32,
            channels: 1,
        };
        let t = Texture {
            res: Resource::Array(0),
            desc: TexDesc {
                address: [Address::Wrap; 3],
                filter: Filter::Linear,
                normalized_coords: true,
                ..TexDesc::default()
            },
        };
        let form = parse("tex.cube.v4.f32.f32").unwrap();
        // +x, s = -z = 0.99, t = -y = 0: u = 1.99 (base 1, weight 125), v = 1 (base 0, 128)
        let dir = [1.0f32, 0.0, -0.99, 0.0].map(|v| v.to_bits() as u64);
        let r = sample(&t, Some(&a), &form, &dir, Lod::None, &mut |k| {
            let (f, i) = (k / 4, k % 4);
            Ok(Some([((10 * f + i + 1) as f32).to_bits() as u64, 0, 0, 0]))
        })
        .unwrap();
        // texels (1, 0) = 2, (0, 0) = 1, (1, 1) = 4, (0, 1) = 3
        let (wa, wb, ab) = (125.0, 128.0, ((125 * 128 + 128) / 256) as f64);
        let want = ((256.0 + ab - wa - wb) * 2.0 + (wa - ab) * 1.0 + (wb - ab) * 4.0 + ab * 3.0) / 256.0;
        assert_eq!(f32::from_bits(r[0] as u32), want as f32);
    }

    #[test]
    fn cube_faces() {
        assert_eq!(cube_face([1.0, 0.5, -0.25]), (0, 0.625, 0.25));
        assert_eq!(cube_face([-2.0, 0.5, -1.0]), (1, 0.25, 0.375));
        assert_eq!(cube_face([0.5, 1.0, -0.5]), (2, 0.75, 0.25));
        assert_eq!(cube_face([0.5, -1.0, -0.5]), (3, 0.75, 0.75));
        assert_eq!(cube_face([0.5, 0.25, 1.0]), (4, 0.75, 0.375));
        assert_eq!(cube_face([0.5, 0.25, -1.0]), (5, 0.25, 0.375));
    }

    #[test]
    fn surface_bounds() {
        let a = ArrayDesc {
            width: 3,
            height: 2,
            depth: 0,
            layered: false,
            cubemap: false,
            levels: 0,
            channel: Channel::F32,
            channels: 1,
        };
        let mut f = parse("suld.b.2d.b32.trap").unwrap();
        assert_eq!(surface_offset(&a, &f, &[8, 1]).unwrap(), Some(20));
        assert!(surface_offset(&a, &f, &[12, 1]).unwrap_err().contains("out of range"));
        assert!(surface_offset(&a, &f, &[2, 0]).unwrap_err().contains("misaligned"));
        f.oob = Oob::Zero;
        assert_eq!(surface_offset(&a, &f, &[12, 1]).unwrap(), None);
        f.oob = Oob::Clamp;
        assert_eq!(surface_offset(&a, &f, &[400, -3i64 as u64]).unwrap(), Some(8));
    }
}
