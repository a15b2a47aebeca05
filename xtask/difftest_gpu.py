#!/usr/bin/env python3
"""Differential execution of warpc's PTX against NVRTC's on a real GPU (`cargo xtask difftest --gpu`).

Input: bundles written by the emulator difftest (crates/difftest/tests/difftest/bundle.rs): a
directory per suite with `bundle.json` and `ptx/*.ptx`. For every launch the script loads the
reference (NVRTC) module and warpc's module with the CUDA driver API, runs the kernel on the same
inputs, and compares:

  * warpc vs NVRTC on the GPU: integers bit-exact, floats within the launch's `ulps`;
  * NVRTC on the GPU vs the emulator's outputs recorded in the bundle: bit-exact (within `ulps`)
    unless the module uses approximate instructions (`.approx`, `div.full`) or tensor-core float
    multiply-accumulates (`wmma.mma`, whose internal order and rounding PTX leaves unspecified),
    whose GPU results the emulator does not reproduce bit for bit; those differences are
    reported, not failures.

Launches with arrays, textures and surfaces (`arrays`, `textures`, `surfaces` in the bundle)
create them with the driver API before the launch: cuArray3DCreate (with
CUDA_ARRAY3D_SURFACE_LDST for the arrays of surfaces, CUDA_ARRAY3D_LAYERED for layered ones),
cuMemcpy3D from the host, cuTexObjectCreate (CUDA_RESOURCE_DESC over an array or a buffer as
linear memory; CUDA_TEXTURE_DESC with the address modes, the filter mode, and the flags
CU_TRSF_NORMALIZED_COORDINATES and, for integer formats read as their element type,
CU_TRSF_READ_AS_INTEGER), cuSurfObjectCreate; the arrays are copied back with cuMemcpy3D and
compared like buffers. The emulator's linear filtering (21-bit fixed-point normalized
coordinates, 1/256 fixed-point corner weights, an exact blend rounded once) matched an H100 bit
for bit on the texture formats and modes `linear_filtered` lists; a GPU-vs-emulator difference in
a launch with a texture it is not known to be exact for (3D arrays, 16-bit and signed
normalized formats, ...) is reported, not a failure.

Launches marked `racy` (atomic winners, which thread prints) report differences as warnings.

Only the CUDA driver (libcuda.so.1) is needed, through ctypes: no CuPy or cuda-python.

With `--time N`, each launch whose results are compared is also timed, NVRTC's module and
warpc's, with CUDA events around N back-to-back launches (after one warm-up launch), and a table
of microseconds per launch and warpc/NVRTC ratios (geometric mean per suite) follows. The
launches use the bundle's emulator-sized inputs, so small kernels measure launch latency more
than code quality; kernels that print are not timed.

A driver older than the toolkit that made the PTX cannot JIT it ("Unsupported .version"): then
assemble the modules first, where the toolkit is, with `--assemble sm_XX` (ptxas from
$WARPC_CUDA_DIR/bin or PATH writes `ptx/NAME.sm_XX.cubin` beside each module); on the GPU, a
module with a cubin for the device's architecture is loaded from the cubin (warpc's cubin vs
NVRTC's), any other from its PTX.

A module that launches kernels from device code (dynamic parallelism, `-rdc=true`: calls of the
device runtime's `__cudaCDP2*` entry points) is linked with the device runtime library
(libcudadevrt.a from the toolkit: --cudadevrt PATH, $WARPC_CUDADEVRT, $WARPC_CUDA_DIR/lib,
$CUDA_HOME/lib64) through cuLinkCreate / cuLinkAddData / cuLinkAddFile (CU_JIT_INPUT_LIBRARY) /
cuLinkComplete; `--assemble` links its relocatable cubin (`ptxas -c`) with the device runtime
itself (`nvlink -lcudadevrt`), so the GPU loads an executable cubin.

usage: difftest_gpu.py [--dry-run] [--only SUBSTRING] [--time N] [--cudadevrt PATH] [--dump FILE] BUNDLE...
       difftest_gpu.py --assemble sm_XX BUNDLE...
  BUNDLE: a bundle.json, or a directory searched recursively for bundle.json files
  --dry-run: validate the bundles (files, kernels, parameter sizes, buffers) without a GPU
  --time N: also time every launch, N launches each (NVRTC's PTX and warpc's)
  --dump FILE: write the GPU's outputs of NVRTC's PTX, every launch run, to FILE (JSON lines:
    launch name, index in its bundle, buffers and arrays as hex), to fit emulator models offline
Exit status: 0 all good, 1 failures, 2 bad usage or invalid bundle.
"""

import ctypes
import json
import math
import os
import shutil
import subprocess
import re
import struct
import sys
import tempfile

ELEM = {"u8": (1, "B"), "u16": (2, "H"), "i32": (4, "i"), "u32": (4, "I"), "u64": (8, "Q"),
        "f32": (4, "f"), "f64": (8, "d")}
SCALAR = {"u32": 4, "i32": 4, "u64": 8, "i64": 8, "f32": 4, "f64": 8, "ptr": 8}
# channel formats: (bytes, CUarray_format, integer)
FORMAT = {"u8": (1, 0x01, True), "u16": (2, 0x02, True), "u32": (4, 0x03, True), "s8": (1, 0x08, True),
          "s16": (2, 0x09, True), "s32": (4, 0x0a, True), "f16": (2, 0x10, False), "f32": (4, 0x20, False)}
# an array's contents are compared as elements of this type
FORMAT_ELEM = {"u8": "u8", "s8": "u8", "u16": "u16", "s16": "u16", "f16": "u16", "u32": "u32", "s32": "u32",
               "f32": "f32"}
ADDRESS_MODE = {"wrap": 0, "clamp": 1, "mirror": 2, "border": 3}  # CUaddress_mode
FILTER_MODE = {"point": 0, "linear": 1}  # CUfilter_mode
TYPE_SIZE = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
             "b32": 4, "u32": 4, "s32": 4, "f32": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8}


class BundleError(Exception):
    pass


def find_bundles(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _dirs, files in os.walk(p):
                if "bundle.json" in files:
                    out.append(os.path.join(root, "bundle.json"))
        else:
            out.append(p)
    return sorted(out)


def entry_params(ptx, kernel):
    """Sizes of the parameters of `.entry kernel(...)` in the PTX text, or None."""
    m = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\(([^)]*)\)", ptx)
    if m is None:
        m = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*(\{|\.max|\.min|\.req|$)", ptx, re.M)
        return [] if m else None
    sizes = []
    for p in m.group(1).split(","):
        p = p.strip()
        if not p:
            continue
        arr = re.search(r"\.b8\s+\S+\[(\d+)\]", p)
        if arr:
            sizes.append(int(arr.group(1)))
            continue
        t = re.search(r"\.(b8|u8|s8|b16|u16|s16|f16|bf16|b32|u32|s32|f32|b64|u64|s64|f64)\b", p)
        if t is None:
            raise BundleError("cannot read parameter `%s` of %s" % (p, kernel))
        sizes.append(TYPE_SIZE[t.group(1)])
    return sizes


def load_bundle(path):
    with open(path) as f:
        b = json.load(f)
    if b.get("format") != "warpc-difftest-bundle" or b.get("version") != 1:
        raise BundleError("%s: not a version-1 warpc difftest bundle" % path)
    base = os.path.dirname(os.path.abspath(path))
    b["_base"] = base
    b["_ptx"] = {}
    for m in b["modules"]:
        for key in ("reference", "warpc"):
            rel = m.get(key)
            if rel is None:
                continue
            full = os.path.join(base, rel)
            if not os.path.isfile(full):
                raise BundleError("%s: module file %s is missing" % (path, rel))
            with open(full) as f:
                b["_ptx"][rel] = f.read()
    return b


def cubin_path(b, rel, arch):
    return os.path.join(b["_base"], rel[:-len(".ptx")] + "." + arch + ".cubin")


def needs_device_runtime(ptx):
    """Whether the module launches kernels from device code (the device runtime's entry points)."""
    return re.search(r"\b__cudaCDP2\w+|\bcudaLaunchDeviceV2\b", ptx) is not None


CUDADEVRT = None  # --cudadevrt PATH


def find_cudadevrt():
    """The device runtime library: --cudadevrt, $WARPC_CUDADEVRT, the toolkit's lib directory
    ($WARPC_CUDA_DIR, $CUDA_HOME, /usr/local/cuda)."""
    cands = [CUDADEVRT, os.environ.get("WARPC_CUDADEVRT")]
    for d in (os.environ.get("WARPC_CUDA_DIR"), os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
        if d:
            cands += [os.path.join(d, "lib", "libcudadevrt.a"), os.path.join(d, "lib64", "libcudadevrt.a")]
    return next((c for c in cands if c and os.path.isfile(c)), None)


def assemble(loaded, arch):
    """Writes NAME.ARCH.cubin beside every module's PTX with ptxas (`ptxas -c`, a relocatable
    cubin to link with the device runtime, for a module that launches kernels from device code)."""
    cuda_dir = os.environ.get("WARPC_CUDA_DIR")
    ptxas = os.path.join(cuda_dir, "bin", "ptxas") if cuda_dir else shutil.which("ptxas")
    if not ptxas or not os.path.isfile(ptxas):
        print("difftest_gpu: --assemble needs ptxas ($WARPC_CUDA_DIR/bin/ptxas or on PATH)", file=sys.stderr)
        return 2
    nvlink = os.path.join(os.path.dirname(ptxas), "nvlink")
    n = 0
    for _p, b in loaded:
        for rel in b["_ptx"]:
            src = os.path.join(b["_base"], rel)
            with open(src) as f:
                cdp = needs_device_runtime(f.read())
            out = cubin_path(b, rel, arch)
            steps = [[ptxas, "-arch=" + arch, src, "-o", out]]
            if cdp:
                # A relocatable cubin linked here with the device runtime by nvlink: the GPU
                # loads an executable cubin (a driver older than the toolkit refuses to link
                # the newer toolkit's relocatable objects: CUDA_ERROR_NO_BINARY_FOR_GPU).
                devrt = find_cudadevrt()
                if devrt is None or not os.path.isfile(nvlink):
                    print("difftest_gpu: %s launches kernels from device code: --assemble needs nvlink and "
                          "libcudadevrt.a beside ptxas" % src, file=sys.stderr)
                    return 2
                obj = out + ".o"
                steps = [[ptxas, "-arch=" + arch, "-c", src, "-o", obj],
                         [nvlink, "--arch=" + arch, "-o", out, obj, "-L" + os.path.dirname(devrt), "-lcudadevrt"]]
            for cmd in steps:
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode != 0:
                    print("difftest_gpu: %s failed on %s: %s" % (os.path.basename(cmd[0]), src, r.stderr.strip()),
                          file=sys.stderr)
                    return 1
            if cdp:
                os.remove(out + ".o")
            n += 1
    print("%d module(s) assembled for %s" % (n, arch))
    return 0


def array_levels(a):
    """The shapes of an array's mipmap levels (one for a plain array): the dimensions halved per
    level, at least 1 (the layers or cube faces stay)."""
    out = []
    for lv in range(max(a.get("levels", 1), 1)):
        half = lambda n: max(n >> lv, 1) if n else 0
        d = dict(a, width=half(a["width"]), height=half(a["height"]), levels=1)
        if not (a["layered"] or a.get("cubemap")):
            d["depth"] = half(a["depth"])
        out.append(d)
    return out


def level_bytes(a):
    return (FORMAT[a["format"]][0] * a["channels"] * a["width"] * max(a["height"], 1)
            * max(a["depth"], 1))


def array_bytes(a):
    """The size of an array's data (CUDA's conventions: height 0 = 1D, depth 0 = 1D/2D), its
    mipmap levels one after the other."""
    return sum(level_bytes(l) for l in array_levels(a))


def validate_textures(l, where):
    """Checks a launch's arrays, textures and surfaces."""
    arrays, bufs = l.get("arrays", []), l["buffers"]
    for a in arrays:
        if a["format"] not in FORMAT or a["channels"] not in (1, 2, 4) or a["width"] < 1:
            raise BundleError(where + ": bad array %s" % a["name"])
        if a["layered"] and a["depth"] < 1:
            raise BundleError(where + ": layered array %s without layers" % a["name"])
        if a.get("cubemap") and (a["width"] != a["height"] or a["depth"] < 6 or a["depth"] % 6
                                 or (a["depth"] != 6 and not a["layered"])):
            raise BundleError(where + ": cube map %s is not 6 square faces (per layer)" % a["name"])
        if len(bytes.fromhex(a["data"])) != array_bytes(a):
            raise BundleError(where + ": array %s: data is not %d bytes" % (a["name"], array_bytes(a)))
    for t in l.get("textures", []):
        if "array" in t:
            if not 0 <= t["array"] < len(arrays):
                raise BundleError(where + ": texture over a missing array")
        elif not (0 <= t["buffer"] < len(bufs) and t["format"] in FORMAT and t["channels"] in (1, 2, 4)):
            raise BundleError(where + ": bad texture over linear memory")
        if (len(t["address"]) != 3 or any(m not in ADDRESS_MODE for m in t["address"])
                or t["filter"] not in FILTER_MODE or t["read_mode"] not in ("element", "normalized_float")
                or len(t["border"]) != 4):
            raise BundleError(where + ": bad texture descriptor")
    for k in l.get("surfaces", []):
        if not 0 <= k < len(arrays):
            raise BundleError(where + ": surface over a missing array")
    outs = l["emulator"].get("arrays", [])
    if len(outs) != len(arrays) or any(len(o) != len(a["data"]) for o, a in zip(outs, arrays)):
        raise BundleError(where + ": emulator arrays do not match the arrays")


def validate(b, path):
    """Raises BundleError on any inconsistency; returns the number of launches."""
    mods = b["modules"]
    for k, l in enumerate(b["launches"]):
        where = "%s: launch %d (%s)" % (path, k, l.get("kernel"))
        if not (0 <= l["module"] < len(mods)):
            raise BundleError(where + ": bad module index")
        m = mods[l["module"]]
        for d in (l["grid"], l["block"]):
            if len(d) != 3 or min(d) < 1:
                raise BundleError(where + ": bad launch dimensions")
        if l["block"][0] * l["block"][1] * l["block"][2] > 1024:
            raise BundleError(where + ": more than 1024 threads per block")
        bufs = l["buffers"]
        for buf in bufs:
            if buf["elem"] not in ELEM:
                raise BundleError(where + ": unknown element type " + buf["elem"])
            n = len(buf["data"])
            if n % 2 or (n // 2) % ELEM[buf["elem"]][0]:
                raise BundleError(where + ": buffer %s has a partial element" % buf["name"])
            bytes.fromhex(buf["data"])
        emu = l["emulator"]
        if len(emu["buffers"]) != len(bufs):
            raise BundleError(where + ": emulator outputs do not match the buffers")
        for buf, out in zip(bufs, emu["buffers"]):
            if len(out) != len(buf["data"]):
                raise BundleError(where + ": emulator output of %s has the wrong size" % buf["name"])
        if len(emu["symbols"]) != len(l["symbols"]):
            raise BundleError(where + ": emulator symbols do not match")
        validate_textures(l, where)
        for key in ("reference", "warpc"):
            rel = m.get(key)
            if rel is None:
                continue
            ptx = b["_ptx"][rel]
            sizes = entry_params(ptx, l["kernel"])
            if sizes is None:
                raise BundleError(where + ": no .entry %s in %s" % (l["kernel"], rel))
            if len(sizes) != len(l["args"]):
                raise BundleError(where + ": %s takes %d parameters, %d arguments given"
                                  % (rel, len(sizes), len(l["args"])))
            for i, (a, size) in enumerate(zip(l["args"], sizes)):
                if "buffer" in a:
                    if not (0 <= a["buffer"] < len(bufs)) or size != 8:
                        raise BundleError(where + ": argument %d: bad buffer argument" % i)
                elif "texture" in a or "surface" in a:
                    kind = "texture" if "texture" in a else "surface"
                    if not (0 <= a[kind] < len(l.get(kind + "s", []))) or size != 8:
                        raise BundleError(where + ": argument %d: bad %s object argument" % (i, kind))
                else:
                    n = len(bytes.fromhex(a["data"]))
                    if a["scalar"] != "bytes" and n != SCALAR.get(a["scalar"]):
                        raise BundleError(where + ": argument %d: bad scalar" % i)
                    if n != size:
                        raise BundleError(where + ": argument %d is %d bytes, parameter %d"
                                          % (i, n, size))
            for s in l["symbols"]:
                if not re.search(r"\.global\b[^;]*\b" + re.escape(s) + r"\b", ptx):
                    raise BundleError(where + ": no .global variable %s in %s" % (s, rel))
    return len(b["launches"])


def ulp_key32(bits):
    return bits if bits < 0x80000000 else 0x80000000 - bits


def ulp_key64(bits):
    return bits if bits < (1 << 63) else (1 << 63) - bits


def compare(elem, a, b):
    """(max ulp difference or None for an integer mismatch, description of the worst element)."""
    if a == b:
        return 0, None
    size, code = ELEM[elem]
    n = len(a) // size
    if elem in ("f32", "f64"):
        ia = struct.unpack("<%d%s" % (n, "I" if elem == "f32" else "Q"), a)
        ib = struct.unpack("<%d%s" % (n, "I" if elem == "f32" else "Q"), b)
        fa = struct.unpack("<%d%s" % (n, code), a)
        fb = struct.unpack("<%d%s" % (n, code), b)
        key = ulp_key32 if elem == "f32" else ulp_key64
        worst, what = 0, None
        for k in range(n):
            if fa[k] != fa[k] and fb[k] != fb[k]:
                continue
            d = abs(key(ia[k]) - key(ib[k]))
            if d > worst:
                worst, what = d, "[%d] %r vs %r" % (k, fa[k], fb[k])
        return worst, what
    va = struct.unpack("<%d%s" % (n, code), a)
    vb = struct.unpack("<%d%s" % (n, code), b)
    k = next(i for i in range(n) if va[i] != vb[i])
    return None, "[%d] %r vs %r" % (k, va[k], vb[k])


class ARRAY3D_DESCRIPTOR(ctypes.Structure):
    """CUDA_ARRAY3D_DESCRIPTOR (cuArray3DCreate_v2)."""
    _fields_ = [("Width", ctypes.c_size_t), ("Height", ctypes.c_size_t), ("Depth", ctypes.c_size_t),
                ("Format", ctypes.c_int), ("NumChannels", ctypes.c_uint), ("Flags", ctypes.c_uint)]


CUDA_ARRAY3D_LAYERED = 0x01
CUDA_ARRAY3D_SURFACE_LDST = 0x02
CUDA_ARRAY3D_CUBEMAP = 0x04
CU_MEMORYTYPE_HOST, CU_MEMORYTYPE_DEVICE, CU_MEMORYTYPE_ARRAY = 1, 2, 3


class MEMCPY3D(ctypes.Structure):
    """CUDA_MEMCPY3D (cuMemcpy3D_v2)."""
    _fields_ = [("srcXInBytes", ctypes.c_size_t), ("srcY", ctypes.c_size_t), ("srcZ", ctypes.c_size_t),
                ("srcLOD", ctypes.c_size_t), ("srcMemoryType", ctypes.c_int), ("srcHost", ctypes.c_void_p),
                ("srcDevice", ctypes.c_uint64), ("srcArray", ctypes.c_void_p), ("reserved0", ctypes.c_void_p),
                ("srcPitch", ctypes.c_size_t), ("srcHeight", ctypes.c_size_t),
                ("dstXInBytes", ctypes.c_size_t), ("dstY", ctypes.c_size_t), ("dstZ", ctypes.c_size_t),
                ("dstLOD", ctypes.c_size_t), ("dstMemoryType", ctypes.c_int), ("dstHost", ctypes.c_void_p),
                ("dstDevice", ctypes.c_uint64), ("dstArray", ctypes.c_void_p), ("reserved1", ctypes.c_void_p),
                ("dstPitch", ctypes.c_size_t), ("dstHeight", ctypes.c_size_t),
                ("WidthInBytes", ctypes.c_size_t), ("Height", ctypes.c_size_t), ("Depth", ctypes.c_size_t)]


class RES_ARRAY(ctypes.Structure):
    _fields_ = [("hArray", ctypes.c_void_p)]


class RES_LINEAR(ctypes.Structure):
    _fields_ = [("devPtr", ctypes.c_uint64), ("format", ctypes.c_int), ("numChannels", ctypes.c_uint),
                ("sizeInBytes", ctypes.c_size_t)]


class RES_MIPMAP(ctypes.Structure):
    _fields_ = [("hMipmappedArray", ctypes.c_void_p)]


class RES_UNION(ctypes.Union):
    _fields_ = [("array", RES_ARRAY), ("mipmap", RES_MIPMAP), ("linear", RES_LINEAR),
                ("reserved", ctypes.c_int * 32)]


class RESOURCE_DESC(ctypes.Structure):
    """CUDA_RESOURCE_DESC: resType CU_RESOURCE_TYPE_ARRAY (0), _MIPMAPPED_ARRAY (1) or _LINEAR (2)."""
    _fields_ = [("resType", ctypes.c_int), ("res", RES_UNION), ("flags", ctypes.c_uint)]


class TEXTURE_DESC(ctypes.Structure):
    """CUDA_TEXTURE_DESC."""
    _fields_ = [("addressMode", ctypes.c_int * 3), ("filterMode", ctypes.c_int), ("flags", ctypes.c_uint),
                ("maxAnisotropy", ctypes.c_uint), ("mipmapFilterMode", ctypes.c_int),
                ("mipmapLevelBias", ctypes.c_float), ("minMipmapLevelClamp", ctypes.c_float),
                ("maxMipmapLevelClamp", ctypes.c_float), ("borderColor", ctypes.c_float * 4),
                ("reserved", ctypes.c_int * 12)]


CU_TRSF_READ_AS_INTEGER = 0x01
CU_TRSF_NORMALIZED_COORDINATES = 0x02


class Cuda:
    """The few driver API calls the script needs, through ctypes."""

    def __init__(self):
        try:
            self.lib = ctypes.CDLL("libcuda.so.1")
        except OSError as e:
            raise SystemExit("difftest_gpu: cannot load the CUDA driver (libcuda.so.1): %s" % e)
        self.check(self.lib.cuInit(0), "cuInit")
        dev = ctypes.c_int()
        self.check(self.lib.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
        name = ctypes.create_string_buffer(256)
        self.lib.cuDeviceGetName(name, 256, dev)
        self.name = name.value.decode()
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.check(self.lib.cuDeviceGetAttribute(ctypes.byref(major), 75, dev), "cuDeviceGetAttribute")
        self.check(self.lib.cuDeviceGetAttribute(ctypes.byref(minor), 76, dev), "cuDeviceGetAttribute")
        self.arch = "sm_%d%d" % (major.value, minor.value)
        self.cubins = 0
        self.ctx = ctypes.c_void_p()
        self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(self.ctx), dev), "cuDevicePrimaryCtxRetain")
        self.check(self.lib.cuCtxSetCurrent(self.ctx), "cuCtxSetCurrent")
        self.libc = ctypes.CDLL(None)

    def error(self, code):
        s = ctypes.c_char_p()
        self.lib.cuGetErrorString(code, ctypes.byref(s))
        return "%s (%d)" % (s.value.decode() if s.value else "CUDA error", code)

    def check(self, code, what):
        if code != 0:
            raise RuntimeError("%s: %s" % (what, self.error(code)))

    def load(self, ptx):
        """Loads a module from its PTX text, or from a (path, PTX) pair whose cubin exists. A
        module that launches kernels from device code is linked with the device runtime."""
        if isinstance(ptx, tuple):
            path, ptx = ptx
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    image = f.read()
                # (A module that launches kernels from device code was linked with the device
                # runtime by `--assemble`: its cubin is executable too.)
                mod = ctypes.c_void_p()
                self.check(self.lib.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(image)),
                           "cuModuleLoadData(%s)" % os.path.basename(path))
                self.cubins += 1
                return mod
        if needs_device_runtime(ptx):
            return self.link(ptx.encode() + b"\0", 1, "module.ptx")  # CU_JIT_INPUT_PTX
        mod = ctypes.c_void_p()
        log = ctypes.create_string_buffer(1 << 16)
        opts = (ctypes.c_int * 2)(5, 6)  # CU_JIT_ERROR_LOG_BUFFER, ..._SIZE_BYTES
        vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p).value, 1 << 16)
        code = self.lib.cuModuleLoadDataEx(ctypes.byref(mod), ctypes.c_char_p(ptx.encode() + b"\0"),
                                           2, opts, vals)
        if code != 0:
            raise RuntimeError("cuModuleLoadDataEx: %s: %s" % (self.error(code), log.value.decode(errors="replace")))
        return mod

    def link(self, image, kind, name):
        """Links a module (PTX, or a relocatable cubin from `ptxas -c`) with the device runtime
        (libcudadevrt.a, CU_JIT_INPUT_LIBRARY) through cuLinkCreate/cuLinkAddData/cuLinkAddFile/
        cuLinkComplete and loads the linked image."""
        devrt = find_cudadevrt()
        if devrt is None:
            raise RuntimeError("the module launches kernels from device code and needs the device runtime: "
                               "no libcudadevrt.a ($WARPC_CUDADEVRT, $WARPC_CUDA_DIR/lib, $CUDA_HOME/lib64)")
        log = ctypes.create_string_buffer(1 << 16)
        opts = (ctypes.c_int * 2)(5, 6)  # CU_JIT_ERROR_LOG_BUFFER, ..._SIZE_BYTES
        vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p).value, 1 << 16)
        state = ctypes.c_void_p()
        self.check(self.lib.cuLinkCreate_v2(2, opts, vals, ctypes.byref(state)), "cuLinkCreate")
        try:
            def step(code, what):
                if code != 0:
                    raise RuntimeError("%s: %s: %s" % (what, self.error(code), log.value.decode(errors="replace")))
            step(self.lib.cuLinkAddData_v2(state, kind, ctypes.c_char_p(image), ctypes.c_size_t(len(image)),
                                           name.encode(), 0, None, None), "cuLinkAddData(%s)" % name)
            step(self.lib.cuLinkAddFile_v2(state, 4, devrt.encode(), 0, None, None),
                 "cuLinkAddFile(%s)" % devrt)
            out, size = ctypes.c_void_p(), ctypes.c_size_t()
            step(self.lib.cuLinkComplete(state, ctypes.byref(out), ctypes.byref(size)), "cuLinkComplete")
            mod = ctypes.c_void_p()
            self.check(self.lib.cuModuleLoadData(ctypes.byref(mod), out), "cuModuleLoadData(linked %s)" % name)
            return mod
        finally:
            self.lib.cuLinkDestroy(state)

    def array_copy_levels(self, a, handles, data, to_array):
        """Copies a bundle array's levels (`handles`, one per level) from `data` (bytes) or back;
        returns the bytes read back."""
        out, off = b"", 0
        for lv, h in zip(array_levels(a), handles):
            n = level_bytes(lv)
            host = ctypes.create_string_buffer(data[off:off + n] if to_array else b"", max(n, 1))
            self.array_copy(lv, h, host, to_array)
            out += host.raw[:n]
            off += n
        return out

    def array_copy(self, a, handle, host, to_array):
        """cuMemcpy3D between host memory and the whole of array `a` (a bundle array)."""
        row = FORMAT[a["format"]][0] * a["channels"] * a["width"]
        c = MEMCPY3D()
        host_side, array_side = ("src", "dst") if to_array else ("dst", "src")
        setattr(c, host_side + "MemoryType", CU_MEMORYTYPE_HOST)
        setattr(c, host_side + "Host", ctypes.cast(host, ctypes.c_void_p))
        setattr(c, host_side + "Pitch", row)
        setattr(c, host_side + "Height", max(a["height"], 1))
        setattr(c, array_side + "MemoryType", CU_MEMORYTYPE_ARRAY)
        setattr(c, array_side + "Array", handle)
        c.WidthInBytes, c.Height, c.Depth = row, max(a["height"], 1), max(a["depth"], 1)
        self.check(self.lib.cuMemcpy3D_v2(ctypes.byref(c)), "cuMemcpy3D")

    def make_objects(self, launch, ptrs, objs):
        """Creates the launch's arrays (filled), texture and surface objects; appends
        (destroy function name, handle) to `objs` (the caller destroys them in reverse); returns
        (arrays, texture handles, surface handles)."""
        arrays = []
        surf_arrays = set(launch.get("surfaces", []))
        for k, a in enumerate(launch.get("arrays", [])):
            d = ARRAY3D_DESCRIPTOR(a["width"], a["height"], a["depth"], FORMAT[a["format"]][1], a["channels"],
                                   (CUDA_ARRAY3D_LAYERED if a["layered"] else 0)
                                   | (CUDA_ARRAY3D_CUBEMAP if a.get("cubemap") else 0)
                                   | (CUDA_ARRAY3D_SURFACE_LDST if k in surf_arrays else 0))
            h = ctypes.c_void_p()
            data = bytes.fromhex(a["data"])
            if a.get("levels", 1) > 1:
                # a mipmapped array: its levels are arrays
                self.check(self.lib.cuMipmappedArrayCreate(ctypes.byref(h), ctypes.byref(d),
                                                           ctypes.c_uint(a["levels"])), "cuMipmappedArrayCreate")
                objs.append(("cuMipmappedArrayDestroy", h))
                levels = []
                for lv in range(a["levels"]):
                    lh = ctypes.c_void_p()
                    self.check(self.lib.cuMipmappedArrayGetLevel(ctypes.byref(lh), h, ctypes.c_uint(lv)),
                               "cuMipmappedArrayGetLevel")
                    levels.append(lh)
                self.array_copy_levels(a, levels, data, True)
                arrays.append((h, levels))
                continue
            self.check(self.lib.cuArray3DCreate_v2(ctypes.byref(h), ctypes.byref(d)), "cuArray3DCreate")
            objs.append(("cuArrayDestroy", h))
            self.array_copy_levels(a, [h], data, True)
            arrays.append((h, [h]))
        texs = []
        for t in launch.get("textures", []):
            r = RESOURCE_DESC()
            if "array" in t:
                a = launch["arrays"][t["array"]]
                if a.get("levels", 1) > 1:
                    r.resType = 1
                    r.res.mipmap.hMipmappedArray = arrays[t["array"]][0]
                else:
                    r.resType = 0
                    r.res.array.hArray = arrays[t["array"]][0]
                fmt = a["format"]
            else:
                r.resType = 2
                r.res.linear.devPtr = ptrs[t["buffer"]].value
                r.res.linear.format = FORMAT[t["format"]][1]
                r.res.linear.numChannels = t["channels"]
                r.res.linear.sizeInBytes = len(launch["buffers"][t["buffer"]]["data"]) // 2
                fmt = t["format"]
            d = TEXTURE_DESC()
            for i, m in enumerate(t["address"]):
                d.addressMode[i] = ADDRESS_MODE[m]
            d.filterMode = FILTER_MODE[t["filter"]]
            d.flags = ((CU_TRSF_NORMALIZED_COORDINATES if t["normalized_coords"] else 0)
                       | (CU_TRSF_READ_AS_INTEGER if t["read_mode"] == "element" and FORMAT[fmt][2] else 0))
            for i, c in enumerate(t["border"]):
                d.borderColor[i] = c
            d.mipmapFilterMode = FILTER_MODE[t.get("mipmap_filter", "point")]
            d.mipmapLevelBias = t.get("level_bias", 0.0)
            d.minMipmapLevelClamp = t.get("min_level", 0.0)
            d.maxMipmapLevelClamp = t.get("max_level", 0.0)
            h = ctypes.c_uint64()
            self.check(self.lib.cuTexObjectCreate(ctypes.byref(h), ctypes.byref(r), ctypes.byref(d), None),
                       "cuTexObjectCreate")
            objs.append(("cuTexObjectDestroy", h))
            texs.append(h.value)
        surfs = []
        for k in launch.get("surfaces", []):
            r = RESOURCE_DESC()
            r.resType = 0
            r.res.array.hArray = arrays[k][0]
            h = ctypes.c_uint64()
            self.check(self.lib.cuSurfObjectCreate(ctypes.byref(h), ctypes.byref(r)), "cuSurfObjectCreate")
            objs.append(("cuSurfObjectDestroy", h))
            surfs.append(h.value)
        return arrays, texs, surfs

    def destroy(self, objs):
        for fn, h in reversed(objs):
            getattr(self.lib, fn)(h)
        del objs[:]

    def prepare(self, mod, launch, ptrs, objs):
        """The kernel of `launch` in `mod`, its buffers copied to the device (appended to `ptrs`,
        which the caller frees), its arrays, textures and surfaces (in `objs`, which the caller
        destroys), its parameter array and its arrays' handles; the holders keep the arguments
        alive."""
        fn = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(fn), mod, launch["kernel"].encode()),
                   "cuModuleGetFunction")
        for buf in launch["buffers"]:
            data = bytes.fromhex(buf["data"])
            p = ctypes.c_uint64()
            self.check(self.lib.cuMemAlloc_v2(ctypes.byref(p), ctypes.c_size_t(max(len(data), 1))), "cuMemAlloc")
            ptrs.append(p)
            self.check(self.lib.cuMemcpyHtoD_v2(p, data, ctypes.c_size_t(len(data))), "cuMemcpyHtoD")
        arrays, texs, surfs = self.make_objects(launch, ptrs, objs)
        holders = []
        for a in launch["args"]:
            if "buffer" in a:
                holders.append(ctypes.c_uint64(ptrs[a["buffer"]].value))
            elif "texture" in a:
                holders.append(ctypes.c_uint64(texs[a["texture"]]))
            elif "surface" in a:
                holders.append(ctypes.c_uint64(surfs[a["surface"]]))
            else:
                holders.append(ctypes.create_string_buffer(bytes.fromhex(a["data"]), len(a["data"]) // 2))
        params = (ctypes.c_void_p * max(len(holders), 1))(
            *[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p) for h in holders])
        return fn, params, holders, arrays

    def run(self, ptx, launch):
        """Runs one launch; returns (buffers, symbols, printed, arrays)."""
        mod = self.load(ptx)
        ptrs, objs = [], []
        try:
            fn, params, holders, arrays = self.prepare(mod, launch, ptrs, objs)
            g, b = launch["grid"], launch["block"]
            printed = self.capture_stdout(lambda: (
                self.check(self.lib.cuLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2], launch["shared"],
                                                   None, params, None), "cuLaunchKernel"),
                self.check(self.lib.cuCtxSynchronize(), "kernel execution (cuCtxSynchronize)")))
            outs = []
            for buf, p in zip(launch["buffers"], ptrs):
                n = len(buf["data"]) // 2
                host = ctypes.create_string_buffer(max(n, 1))
                self.check(self.lib.cuMemcpyDtoH_v2(host, p, ctypes.c_size_t(n)), "cuMemcpyDtoH")
                outs.append(host.raw[:n])
            syms = []
            for s in launch["symbols"]:
                p, size = ctypes.c_uint64(), ctypes.c_size_t()
                self.check(self.lib.cuModuleGetGlobal_v2(ctypes.byref(p), ctypes.byref(size), mod, s.encode()),
                           "cuModuleGetGlobal(%s)" % s)
                host = ctypes.create_string_buffer(size.value)
                self.check(self.lib.cuMemcpyDtoH_v2(host, p, size), "cuMemcpyDtoH")
                syms.append(host.raw)
            aouts = []
            for a, (_h, levels) in zip(launch.get("arrays", []), arrays):
                aouts.append(self.array_copy_levels(a, levels, b"", False))
            return outs, syms, printed, aouts
        finally:
            self.destroy(objs)
            for p in ptrs:
                self.lib.cuMemFree_v2(p)
            self.lib.cuModuleUnload(mod)

    def time(self, ptx, launch, reps):
        """Microseconds per launch of `launch` (one warm-up launch, then `reps` timed with events)."""
        mod = self.load(ptx)
        ptrs, objs = [], []
        events = [ctypes.c_void_p(), ctypes.c_void_p()]
        try:
            fn, params, holders, _arrays = self.prepare(mod, launch, ptrs, objs)
            g, b = launch["grid"], launch["block"]

            def go():
                self.check(self.lib.cuLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2], launch["shared"],
                                                   None, params, None), "cuLaunchKernel")
            go()
            self.check(self.lib.cuCtxSynchronize(), "kernel execution (cuCtxSynchronize)")
            for e in events:
                self.check(self.lib.cuEventCreate(ctypes.byref(e), 0), "cuEventCreate")
            self.check(self.lib.cuEventRecord(events[0], None), "cuEventRecord")
            for _ in range(reps):
                go()
            self.check(self.lib.cuEventRecord(events[1], None), "cuEventRecord")
            self.check(self.lib.cuEventSynchronize(events[1]), "kernel execution (cuEventSynchronize)")
            ms = ctypes.c_float()
            self.check(self.lib.cuEventElapsedTime(ctypes.byref(ms), events[0], events[1]), "cuEventElapsedTime")
            return ms.value * 1000.0 / reps
        finally:
            for e in events:
                if e.value:
                    self.lib.cuEventDestroy_v2(e)
            self.destroy(objs)
            for p in ptrs:
                self.lib.cuMemFree_v2(p)
            self.lib.cuModuleUnload(mod)

    def capture_stdout(self, f):
        """Runs f with the process's fd 1 redirected to a file (device printf writes there)."""
        sys.stdout.flush()
        self.libc.fflush(None)
        saved = os.dup(1)
        with tempfile.TemporaryFile() as tmp:
            os.dup2(tmp.fileno(), 1)
            try:
                f()
            finally:
                self.libc.fflush(None)
                os.dup2(saved, 1)
                os.close(saved)
            tmp.seek(0)
            return tmp.read().decode(errors="replace")


class FakeCuda:
    """Stands in for the GPU in --dry-run: every module "computes" the emulator's recorded
    outputs, which exercises the comparison and reporting code without a device."""

    name = "dry run (emulator outputs)"

    def run(self, ptx, launch):
        emu = launch["emulator"]
        return ([bytes.fromhex(b) for b in emu["buffers"]], [bytes.fromhex(b) for b in emu["symbols"]],
                emu["printed"], [bytes.fromhex(b) for b in emu.get("arrays", [])])


def module(cuda, b, rel):
    """What `cuda.run` loads for module `rel`: its cubin for the device when one was assembled."""
    arch = getattr(cuda, "arch", None)
    if arch is None:
        return b["_ptx"][rel]
    return (cubin_path(b, rel, arch), b["_ptx"][rel])


def uses_approx(ptx):
    return re.search(r"\.approx\b|\bdiv\.full\b", ptx) is not None


def linear_filtered(launch):
    """Whether the launch samples a texture where the emulator's model (crates/ptx-emu/src/tex.rs)
    is not known to be bit-exact. Measured bit-exact on an H100 (sessions 14 to 19): point
    sampling; linear filtering of 1D f32 and f16 arrays (clamp, border) and of 2D f32 arrays
    (clamp, wrap, mirror, border, layered), 2D u8 x 4 read as normalized floats (clamp); cube maps
    (f32, wrap, point and linear, plain and layered) and mipmapped 2D f32 arrays (every pairing of
    point and linear texel and mipmap filters). Not measured: 3D arrays, 2D f16, 16-bit and signed
    normalized formats, and mipmapped or cube arrays of other formats."""
    for t in launch.get("textures", []):
        arr = launch["arrays"][t["array"]] if "array" in t else None
        if arr is None:
            continue  # linear memory: tex1Dfetch reads elements
        fmt = arr["format"]
        special = arr.get("cubemap") or arr.get("levels", 1) > 1
        if t["filter"] != "linear" and not special:
            continue
        three_d = arr["depth"] > 0 and not (arr["layered"] or arr.get("cubemap"))
        two_d = arr["height"] > 0
        measured = fmt == "f32" or (fmt == "f16" and not two_d and not special) or (
            fmt == "u8" and t.get("read_mode") == "normalized_float" and not special)
        if three_d or not measured:
            return True
    return False


def outputs(launch, result):
    """(name, element type, GPU/emulator bytes) of a launch's buffers, then its arrays."""
    out = [(b["name"], b["elem"], got) for b, got in zip(launch["buffers"], result[0])]
    out += [(a["name"], FORMAT_ELEM[a["format"]], got) for a, got in zip(launch.get("arrays", []), result[3])]
    return out


def uses_float_mma(ptx):
    """Whether the module runs a tensor-core multiply-accumulate on floats (`wmma.mma`/`mma` with
    f16, bf16, tf32 or f32 operands): the PTX ISA leaves the order and the intermediate rounding
    of its sum unspecified, and the emulator sums exactly and rounds once, so the hardware can
    differ from the emulator in the last bits (warpc vs NVRTC on the GPU stays exact)."""
    return re.search(r"\b(wmma\.)?mma\.sync\.\S*\.(f16|f32|bf16|tf32)\b", ptx) is not None


def ptxas_may_contract(ptx):
    """Whether ptxas may fuse a product into an addition or subtraction (both without a rounding
    modifier, as nvcc emits `a*b - c` and as cuda_fp16.hpp's `__hmul`/`__hadd` asm is written,
    f16 and bf16 too): the GPU then computes an fma the emulator does not."""
    kinds = r"(f32|f64|f16|f16x2|bf16|bf16x2)"
    return (re.search(r"\bmul(\.ftz)?\." + kinds + r"\b", ptx) is not None
            and re.search(r"\b(add|sub)(\.ftz)?\." + kinds + r"\b", ptx) is not None)


def run_bundle(cuda, b, path, only):
    failures, warnings, rows = [], [], []
    equal = launches = 0
    for l in b["launches"]:
        m = b["modules"][l["module"]]
        name = "%s/%s::%s" % (b["suite"], m["file"], l["kernel"])
        if only and only not in name:
            continue
        launches += 1
        ref_ptx = b["_ptx"][m["reference"]]
        try:
            ref = cuda.run(module(cuda, b, m["reference"]), l)
        except RuntimeError as e:
            failures.append("%s: NVRTC's PTX: %s" % (name, e))
            rows.append((name, "ERROR", "-", "-"))
            continue
        if DUMP is not None:
            DUMP.append({"launch": name, "index": b["launches"].index(l),
                         "buffers": [bytes(x).hex() for x in ref[0]],
                         "arrays": [bytes(x).hex() for x in ref[3]]})
        racy = l.get("racy")
        # the emulator against the hardware, on NVRTC's PTX
        approx = uses_approx(ref_ptx) or linear_filtered(l)
        contract = ptxas_may_contract(ref_ptx)
        mma = uses_float_mma(ref_ptx)
        emu_verdict = "equal"
        emu_out = (l["emulator"]["buffers"], None, None, l["emulator"].get("arrays", []))
        for (bname, elem, got), (_n, _e, want) in zip(outputs(l, ref), outputs(l, emu_out)):
            d, what = compare(elem, got, bytes.fromhex(want))
            if d is None or d > l["ulps"]:
                msg = "%s: %s: GPU vs emulator %s %s" % (name, bname, "differs" if d is None else "%d ulps" % d, what)
                if racy or approx or mma or contract:
                    emu_verdict = "differs (%s)" % ("racy" if racy else "approx" if approx
                                                    else "tensor-core sum" if mma else "ptxas fma")
                    warnings.append(msg + (" [racy: %s]" % racy if racy else " [approximate instructions or texture filtering]" if approx
                                           else " [tensor-core float accumulation: order and rounding unspecified]"
                                           if mma else " [ptxas contracts mul and add/sub]"))
                else:
                    emu_verdict = "MISMATCH"
                    failures.append(msg + " (an emulator bug?)")
        for s, got, want in zip(l["symbols"], ref[1], l["emulator"]["symbols"]):
            if got != bytes.fromhex(want):
                (warnings if racy else failures).append("%s: variable %s: GPU vs emulator differ" % (name, s))
        if sorted(ref[2].splitlines()) != sorted(l["emulator"]["printed"].splitlines()):
            (warnings if racy else failures).append("%s: printf: GPU %r vs emulator %r" % (name, ref[2][:200], l["emulator"]["printed"][:200]))
        if m.get("warpc") is None:
            rows.append((name, "(warpc n/a)", "-", emu_verdict))
            continue
        try:
            w = cuda.run(module(cuda, b, m["warpc"]), l)
        except RuntimeError as e:
            failures.append("%s: warpc's PTX: %s" % (name, e))
            rows.append((name, "ERROR", "-", emu_verdict))
            continue
        verdict, worst = "equal", 0
        for (bname, elem, got), (_n, _e, want) in zip(outputs(l, w), outputs(l, ref)):
            d, what = compare(elem, got, want)
            if d is None or d > l["ulps"]:
                msg = "%s: %s: warpc vs NVRTC %s %s" % (name, bname, "differ" if d is None else "%d ulps" % d, what)
                if racy:
                    warnings.append(msg + " [racy: %s]" % racy)
                    verdict = "differs (racy)"
                else:
                    failures.append(msg)
                    verdict = "MISMATCH"
            elif d and verdict == "equal":
                verdict = "within tolerance"
            worst = max(worst, d or 0)
        for s, got, want in zip(l["symbols"], w[1], ref[1]):
            if got != want:
                (warnings if racy else failures).append("%s: variable %s: warpc vs NVRTC differ" % (name, s))
        if sorted(w[2].splitlines()) != sorted(ref[2].splitlines()):
            (warnings if racy else failures).append("%s: printf: warpc %r vs NVRTC %r" % (name, w[2][:200], ref[2][:200]))
        if verdict == "equal":
            equal += 1
        rows.append((name, verdict, str(worst), emu_verdict))
    return rows, failures, warnings, equal, launches


def time_bundle(cuda, b, only, reps):
    """Rows (launch, NVRTC us, warpc us, ratio) for every launch with both modules."""
    rows = []
    for l in b["launches"]:
        m = b["modules"][l["module"]]
        name = "%s/%s::%s" % (b["suite"], m["file"], l["kernel"])
        if (only and only not in name) or m.get("warpc") is None:
            continue
        ref_ptx, w_ptx = b["_ptx"][m["reference"]], b["_ptx"][m["warpc"]]
        if "vprintf" in ref_ptx or "vprintf" in w_ptx:
            continue
        try:
            t_ref = cuda.time(module(cuda, b, m["reference"]), l, reps)
            t_w = cuda.time(module(cuda, b, m["warpc"]), l, reps)
        except RuntimeError as e:
            rows.append((name, "ERROR", str(e)[:40], "-"))
            continue
        rows.append((name, "%.2f" % t_ref, "%.2f" % t_w, "%.3f" % (t_w / t_ref if t_ref > 0 else float("nan"))))
    return rows


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


DUMP = None


def main(argv):
    global CUDADEVRT, DUMP
    dump_path = None
    dry = False
    only = None
    reps = 0
    arch = None
    paths = []
    it = iter(argv)
    for a in it:
        if a == "--dry-run":
            dry = True
        elif a == "--only":
            only = next(it, None)
        elif a == "--dump":
            dump_path = next(it, None)
            if not dump_path:
                print("difftest_gpu: --dump needs a file", file=sys.stderr)
                return 2
            DUMP = []
        elif a == "--assemble":
            arch = next(it, None)
            if not arch or not re.match(r"^sm_\d+[af]?$", arch):
                print("difftest_gpu: --assemble needs an architecture (sm_90)", file=sys.stderr)
                return 2
        elif a == "--cudadevrt":
            CUDADEVRT = next(it, None)
            if not CUDADEVRT or not os.path.isfile(CUDADEVRT):
                print("difftest_gpu: --cudadevrt needs the path of libcudadevrt.a", file=sys.stderr)
                return 2
        elif a == "--time":
            try:
                reps = int(next(it, ""))
            except ValueError:
                print("difftest_gpu: --time needs a number of launches", file=sys.stderr)
                return 2
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif a.startswith("-"):
            print("difftest_gpu: unknown option %s" % a, file=sys.stderr)
            return 2
        else:
            paths.append(a)
    bundles = find_bundles(paths)
    if not bundles:
        print("difftest_gpu: no bundle given (or none found): run `cargo xtask difftest --export DIR` first",
              file=sys.stderr)
        return 2
    loaded = []
    total = 0
    try:
        for p in bundles:
            b = load_bundle(p)
            total += validate(b, p)
            loaded.append((p, b))
    except (BundleError, KeyError, ValueError, TypeError) as e:
        print("difftest_gpu: invalid bundle: %s" % e, file=sys.stderr)
        return 2
    if arch:
        return assemble(loaded, arch)
    if dry:
        fake = FakeCuda()
        for p, b in loaded:
            rows, failures, _warnings, _equal, _n = run_bundle(fake, b, p, only)
            if failures:
                print("difftest_gpu: dry run of %s: %s" % (p, "; ".join(failures)), file=sys.stderr)
                return 2
        print("%d bundle(s), %d modules, %d launches: valid" % (
            len(loaded), sum(len(b["modules"]) for _, b in loaded), total))
        return 0
    cuda = Cuda()
    print("difftest on %s" % cuda.name)
    all_fail, all_warn = [], []
    n_equal = n_launch = 0
    for p, b in loaded:
        rows, failures, warnings, equal, launches = run_bundle(cuda, b, p, only)
        print("== %s (%s)" % (b["suite"], p))
        print("%-56s %-17s %5s  %s" % ("launch", "warpc vs nvrtc", "ulps", "GPU vs emulator"))
        for r in rows:
            print("%-56s %-17s %5s  %s" % r)
        all_fail += failures
        all_warn += warnings
        n_equal += equal
        n_launch += launches
    print("%d launches, %d bit-identical (warpc vs NVRTC on the GPU), %d failure(s), %d warning(s); "
          "%d module loads from %s cubins, the others from PTX"
          % (n_launch, n_equal, len(all_fail), len(all_warn), cuda.cubins, cuda.arch))
    if dump_path:
        with open(dump_path, "w") as f:
            for record in DUMP:
                f.write(json.dumps(record) + "\n")
        print("%d launches' GPU outputs written to %s" % (len(DUMP), dump_path))
    if reps > 0:
        print("== kernel time, microseconds per launch (%d launches after a warm-up; emulator-sized inputs)" % reps)
        print("%-56s %10s %10s %8s" % ("launch", "NVRTC us", "warpc us", "ratio"))
        for p, b in loaded:
            rows = time_bundle(cuda, b, only, reps)
            for r in rows:
                print("%-56s %10s %10s %8s" % r)
            ratios = [float(r[3]) for r in rows if r[1] != "ERROR"]
            if ratios:
                print("%-56s %10s %10s %8.3f" % ("%s: geomean of %d" % (b["suite"], len(ratios)), "", "", geomean(ratios)))
    for w in all_warn:
        print("warning: " + w)
    for f in all_fail:
        print("FAIL: " + f)
    return 1 if all_fail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
