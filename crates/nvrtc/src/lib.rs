//! NVRTC 13's C API over warpc: `libwarpc_nvrtc.so`, whose soname is `libnvrtc.so.13`.
//!
//! Every entry point has the signature and error codes of `nvrtc.h` (CUDA 13.5). A program is a
//! `Box<Mutex<Program>>` handed out as `nvrtcProgram`; the addresses of live programs are kept in
//! a registry, so NULL, destroyed or foreign handles answer `NVRTC_ERROR_INVALID_PROGRAM`
//! instead of being dereferenced. Each program compiles in its own salsa database (with the
//! persistent per-function cache the CLI uses), so any number of programs compile concurrently
//! from any number of threads. Every entry point runs inside `catch_unwind`: a panic becomes
//! `NVRTC_ERROR_INTERNAL_ERROR`, never an unwind across the C boundary.
//!
//! `unsafe` is confined to this file: reading the caller's C strings and arrays, writing the
//! caller's out-parameters and buffers, and turning a registered handle back into its program.
//! Each block states what it relies on, which is what `nvrtc.h` asks of callers.
//!
//! Not produced: LTO IR, OptiX IR, Tile IR (their getters answer size 0, as NVRTC does for a
//! compilation that did not request them; requesting them with `-dlto` etc. fails as an invalid
//! option), precompiled headers (`nvrtcGetPCHCreateStatus` answers
//! `NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED`). `nvrtcGetTypeName` is an inline C++ function of
//! `nvrtc.h`, not a symbol of the library; it works unchanged with this one.

#![allow(non_snake_case)]
// The entry points are `unsafe extern "C"`: their callers' obligations are those `nvrtc.h`
// states for each argument (valid or NULL pointers, arrays of the given lengths, buffers of the
// sizes the `...Size` calls returned, handles from nvrtcCreateProgram).
#![allow(clippy::missing_safety_doc)]

mod identity;
pub mod program;
mod result_cache;

use std::collections::HashSet;
use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard, OnceLock};

pub use program::Program;

/// `nvrtcResult`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Success = 0,
    OutOfMemory = 1,
    ProgramCreationFailure = 2,
    InvalidInput = 3,
    InvalidProgram = 4,
    InvalidOption = 5,
    Compilation = 6,
    BuiltinOperationFailure = 7,
    NoNameExpressionsAfterCompilation = 8,
    NoLoweredNamesBeforeCompilation = 9,
    NameExpressionNotValid = 10,
    InternalError = 11,
    TimeFileWriteFailed = 12,
    NoPchCreateAttempted = 13,
    PchCreateHeapExhausted = 14,
    PchCreate = 15,
    Cancelled = 16,
    TimeTraceFileWriteFailed = 17,
    Busy = 18,
}

/// `nvrtcProgram`.
pub type NvrtcProgram = *mut c_void;

type Cell = Mutex<Program>;

/// The addresses of the live programs.
fn registry() -> MutexGuard<'static, HashSet<usize>> {
    static LIVE: OnceLock<Mutex<HashSet<usize>>> = OnceLock::new();
    LIVE.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Runs `f`, turning a panic into `NVRTC_ERROR_INTERNAL_ERROR`.
fn guarded(f: impl FnOnce() -> Status) -> Status {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(Status::InternalError)
}

/// Runs `f` on the program behind `prog`, or answers `NVRTC_ERROR_INVALID_PROGRAM`.
fn with_program(prog: NvrtcProgram, f: impl FnOnce(&mut Program) -> Status) -> Status {
    guarded(|| {
        if prog.is_null() || !registry().contains(&(prog as usize)) {
            return Status::InvalidProgram;
        }
        // SAFETY: registered addresses come from `Box::into_raw` in nvrtcCreateProgram and are
        // removed before nvrtcDestroyProgram frees them; as with NVRTC, a caller must not destroy
        // a program while another thread still uses it.
        let cell: &Cell = unsafe { &*(prog as *const Cell) };
        let mut program = cell.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut program)
    })
}

/// A caller's C string, lossily as UTF-8.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string.
unsafe fn c_str(p: *const c_char) -> Option<String> {
    // SAFETY: the caller's guarantee.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

/// Writes `value` through a caller's out-pointer, or answers `NVRTC_ERROR_INVALID_INPUT`.
///
/// # Safety
/// `out` is NULL or valid for one write of `T`.
unsafe fn put<T>(out: *mut T, value: T) -> Status {
    if out.is_null() {
        return Status::InvalidInput;
    }
    // SAFETY: non-null and, by the caller's guarantee, writable.
    unsafe { out.write(value) };
    Status::Success
}

/// Copies `bytes` into a caller's buffer (sized by the matching `...Size` call).
///
/// # Safety
/// `out` is NULL or valid for `bytes.len()` bytes of writes.
unsafe fn copy_out(out: *mut c_char, bytes: &[u8]) -> Status {
    if out.is_null() {
        return Status::InvalidInput;
    }
    // SAFETY: the caller's guarantee; the regions cannot overlap (ours is owned by the program).
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), out.cast::<u8>(), bytes.len()) };
    Status::Success
}

#[no_mangle]
pub extern "C" fn nvrtcGetErrorString(result: c_int) -> *const c_char {
    // Taken as a C int: any value may arrive, and an out-of-range enum would be undefined.
    let text: &'static CStr = match result {
        0 => c"NVRTC_SUCCESS",
        1 => c"NVRTC_ERROR_OUT_OF_MEMORY",
        2 => c"NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
        3 => c"NVRTC_ERROR_INVALID_INPUT",
        4 => c"NVRTC_ERROR_INVALID_PROGRAM",
        5 => c"NVRTC_ERROR_INVALID_OPTION",
        6 => c"NVRTC_ERROR_COMPILATION",
        7 => c"NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
        8 => c"NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
        9 => c"NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
        10 => c"NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
        11 => c"NVRTC_ERROR_INTERNAL_ERROR",
        12 => c"NVRTC_ERROR_TIME_FILE_WRITE_FAILED",
        13 => c"NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED",
        14 => c"NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED",
        15 => c"NVRTC_ERROR_PCH_CREATE",
        16 => c"NVRTC_ERROR_CANCELLED",
        17 => c"NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED",
        18 => c"NVRTC_ERROR_BUSY",
        _ => c"NVRTC_ERROR unknown",
    };
    text.as_ptr()
}

/// The NVRTC version this library implements: 13.5.
#[no_mangle]
pub unsafe extern "C" fn nvrtcVersion(major: *mut c_int, minor: *mut c_int) -> Status {
    guarded(|| {
        if major.is_null() || minor.is_null() {
            return Status::InvalidInput;
        }
        // SAFETY: both non-null; `nvrtc.h` asks for writable ints.
        unsafe {
            put(major, 13);
            put(minor, 5)
        }
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetNumSupportedArchs(num_archs: *mut c_int) -> Status {
    // SAFETY: NULL or a writable int.
    guarded(|| unsafe { put(num_archs, warpc_driver::args::NVRTC_ARCHS.len() as c_int) })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetSupportedArchs(supported_archs: *mut c_int) -> Status {
    guarded(|| {
        if supported_archs.is_null() {
            return Status::InvalidInput;
        }
        let archs = warpc_driver::args::NVRTC_ARCHS;
        // SAFETY: `nvrtc.h`: the array holds nvrtcGetNumSupportedArchs ints.
        unsafe { std::ptr::copy_nonoverlapping(archs.as_ptr(), supported_archs, archs.len()) };
        Status::Success
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcCreateProgram(
    prog: *mut NvrtcProgram,
    src: *const c_char,
    name: *const c_char,
    num_headers: c_int,
    headers: *const *const c_char,
    include_names: *const *const c_char,
) -> Status {
    guarded(|| {
        if prog.is_null() {
            return Status::InvalidProgram;
        }
        if src.is_null() || num_headers < 0 || (num_headers > 0 && (headers.is_null() || include_names.is_null())) {
            return Status::InvalidInput;
        }
        // SAFETY: `src` is a NUL-terminated string; `name` NULL or one.
        let (source, name) = unsafe { (c_str(src).unwrap_or_default(), c_str(name)) };
        let mut hs = Vec::with_capacity(num_headers as usize);
        for i in 0..num_headers as usize {
            // SAFETY: both arrays hold `num_headers` pointers (checked non-NULL above).
            let (text, include) = unsafe { (*headers.add(i), *include_names.add(i)) };
            // SAFETY: each is NULL or a NUL-terminated string.
            let (Some(text), Some(include)) = (unsafe { c_str(text) }, unsafe { c_str(include) }) else {
                return Status::InvalidInput;
            };
            hs.push((include, text));
        }
        let raw = Box::into_raw(Box::new(Mutex::new(Program::new(source, name, hs))));
        registry().insert(raw as usize);
        // SAFETY: non-null, writable (`nvrtc.h`).
        unsafe { put(prog, raw.cast::<c_void>()) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcDestroyProgram(prog: *mut NvrtcProgram) -> Status {
    guarded(|| {
        if prog.is_null() {
            return Status::InvalidProgram;
        }
        // SAFETY: non-null, points to a handle (`nvrtc.h`).
        let handle = unsafe { *prog };
        if handle.is_null() || !registry().remove(&(handle as usize)) {
            return Status::InvalidProgram;
        }
        // SAFETY: the handle was registered, so it came from `Box::into_raw` and is freed once.
        drop(unsafe { Box::from_raw(handle as *mut Cell) });
        // SAFETY: as above.
        unsafe { prog.write(std::ptr::null_mut()) };
        Status::Success
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcCompileProgram(
    prog: NvrtcProgram,
    num_options: c_int,
    options: *const *const c_char,
) -> Status {
    with_program(prog, |p| {
        if num_options < 0 || (num_options > 0 && options.is_null()) {
            return Status::InvalidInput;
        }
        let mut opts = Vec::with_capacity(num_options as usize);
        for i in 0..num_options as usize {
            // SAFETY: `options` holds `num_options` pointers, each NULL or a C string.
            match unsafe { c_str(*options.add(i)) } {
                Some(o) => opts.push(o),
                None => return Status::InvalidInput,
            }
        }
        p.compile(&opts)
    })
}

/// A size getter: `size` is the length of `bytes(program)`.
fn size_of(prog: NvrtcProgram, size: *mut usize, bytes: impl FnOnce(&mut Program) -> Result<usize, Status>) -> Status {
    with_program(prog, |p| {
        if size.is_null() {
            return Status::InvalidInput;
        }
        match bytes(p) {
            // SAFETY: non-null, writable (`nvrtc.h`).
            Ok(n) => unsafe { put(size, n) },
            Err(s) => s,
        }
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetPTXSize(prog: NvrtcProgram, size: *mut usize) -> Status {
    size_of(prog, size, |p| {
        if p.compiled {
            Ok(p.output.ptx.len().max(1))
        } else {
            Err(Status::InvalidProgram)
        }
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetPTX(prog: NvrtcProgram, ptx: *mut c_char) -> Status {
    with_program(prog, |p| {
        if !p.compiled {
            return Status::InvalidProgram;
        }
        let bytes: &[u8] = if p.output.ptx.is_empty() { &[0] } else { &p.output.ptx };
        // SAFETY: the buffer holds nvrtcGetPTXSize bytes (`nvrtc.h`).
        unsafe { copy_out(ptx, bytes) }
    })
}

/// The CUBIN's length, or why there is none (the reason is in the log).
fn cubin_len(p: &mut Program) -> Result<usize, Status> {
    if !p.compiled {
        return Err(Status::InvalidProgram);
    }
    if p.output.ptx.is_empty() {
        return Ok(0);
    }
    match p.cubin() {
        Ok(bytes) => Ok(bytes.map_or(0, <[u8]>::len)),
        Err(_) => Err(Status::BuiltinOperationFailure),
    }
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetCUBINSize(prog: NvrtcProgram, size: *mut usize) -> Status {
    size_of(prog, size, cubin_len)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetCUBIN(prog: NvrtcProgram, cubin: *mut c_char) -> Status {
    with_program(prog, |p| {
        if let Err(s) = cubin_len(p) {
            return s;
        }
        match p.cubin() {
            // SAFETY: the buffer holds nvrtcGetCUBINSize bytes (`nvrtc.h`).
            Ok(Some(bytes)) => unsafe { copy_out(cubin, bytes) },
            Ok(None) => Status::Success,
            Err(_) => Status::BuiltinOperationFailure,
        }
    })
}

/// LTO IR, OptiX IR and Tile IR are never produced (requesting them is an invalid option): size 0.
fn no_ir_size(prog: NvrtcProgram, size: *mut usize) -> Status {
    size_of(
        prog,
        size,
        |p| {
            if p.compiled {
                Ok(0)
            } else {
                Err(Status::InvalidProgram)
            }
        },
    )
}

fn no_ir(prog: NvrtcProgram, out: *mut c_char) -> Status {
    with_program(prog, |p| {
        if !p.compiled {
            Status::InvalidProgram
        } else if out.is_null() {
            Status::InvalidInput
        } else {
            Status::Success
        }
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetLTOIRSize(prog: NvrtcProgram, size: *mut usize) -> Status {
    no_ir_size(prog, size)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetLTOIR(prog: NvrtcProgram, out: *mut c_char) -> Status {
    no_ir(prog, out)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetOptiXIRSize(prog: NvrtcProgram, size: *mut usize) -> Status {
    no_ir_size(prog, size)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetOptiXIR(prog: NvrtcProgram, out: *mut c_char) -> Status {
    no_ir(prog, out)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetTileIRSize(prog: NvrtcProgram, size: *mut usize) -> Status {
    no_ir_size(prog, size)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetTileIR(prog: NvrtcProgram, out: *mut c_char) -> Status {
    no_ir(prog, out)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetProgramLogSize(prog: NvrtcProgram, size: *mut usize) -> Status {
    size_of(prog, size, |p| Ok(p.log.len()))
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetProgramLog(prog: NvrtcProgram, log: *mut c_char) -> Status {
    // SAFETY: the buffer holds nvrtcGetProgramLogSize bytes (`nvrtc.h`).
    with_program(prog, |p| unsafe { copy_out(log, &p.log) })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcAddNameExpression(prog: NvrtcProgram, name_expression: *const c_char) -> Status {
    with_program(prog, |p| {
        // SAFETY: NULL or a NUL-terminated string.
        let Some(expr) = (unsafe { c_str(name_expression) }) else {
            return Status::InvalidInput;
        };
        if p.compiled {
            return Status::NoNameExpressionsAfterCompilation;
        }
        if !p.name_exprs.iter().any(|(e, _)| *e == expr) {
            p.name_exprs.push((expr, None));
        }
        Status::Success
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetLoweredName(
    prog: NvrtcProgram,
    name_expression: *const c_char,
    lowered_name: *mut *const c_char,
) -> Status {
    with_program(prog, |p| {
        // SAFETY: NULL or a NUL-terminated string.
        let Some(expr) = (unsafe { c_str(name_expression) }) else {
            return Status::InvalidInput;
        };
        if lowered_name.is_null() {
            return Status::InvalidInput;
        }
        if !p.compiled {
            return Status::NoLoweredNamesBeforeCompilation;
        }
        match p.name_exprs.iter().find(|(e, _)| *e == expr) {
            // SAFETY: non-null, writable; the string lives as long as the program (`nvrtc.h`).
            Some((_, Some(lowered))) => unsafe { put(lowered_name, lowered.as_ptr()) },
            _ => Status::NameExpressionNotValid,
        }
    })
}

/// Precompiled headers are not created: the heap size is accepted and reported back.
static PCH_HEAP: Mutex<usize> = Mutex::new(1 << 28);

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetPCHHeapSize(ret: *mut usize) -> Status {
    // SAFETY: NULL or a writable size_t.
    guarded(|| unsafe { put(ret, *PCH_HEAP.lock().unwrap_or_else(|e| e.into_inner())) })
}

#[no_mangle]
pub extern "C" fn nvrtcSetPCHHeapSize(size: usize) -> Status {
    guarded(|| {
        *PCH_HEAP.lock().unwrap_or_else(|e| e.into_inner()) = size;
        Status::Success
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetPCHCreateStatus(prog: NvrtcProgram) -> Status {
    with_program(prog, |_| Status::NoPchCreateAttempted)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetPCHHeapSizeRequired(prog: NvrtcProgram, size: *mut usize) -> Status {
    with_program(prog, |_| {
        if size.is_null() {
            Status::InvalidInput
        } else {
            Status::NoPchCreateAttempted
        }
    })
}

/// The callback is accepted and never called: a warpc compilation is not cancelled midway.
#[no_mangle]
pub unsafe extern "C" fn nvrtcSetFlowCallback(
    prog: NvrtcProgram,
    callback: Option<extern "C" fn(*mut c_void, *mut c_void) -> c_int>,
    _payload: *mut c_void,
) -> Status {
    with_program(prog, |_| {
        if callback.is_none() {
            Status::InvalidInput
        } else {
            Status::Success
        }
    })
}

/// NVRTC's bundled CUDA headers: warpc bundles none (its own headers are built in).
#[no_mangle]
pub unsafe extern "C" fn nvrtcInstallBundledHeaders(
    _path: *const c_char,
    _flags: c_uint,
    error_log: *mut *const c_char,
) -> Status {
    no_bundled_headers(error_log)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcRemoveBundledHeaders(_path: *const c_char, error_log: *mut *const c_char) -> Status {
    no_bundled_headers(error_log)
}

/// `nvrtcBundledHeadersInfo`.
#[repr(C)]
pub struct BundledHeadersInfo {
    pub available: c_int,
    pub compressed_size: usize,
    pub uncompressed_size: usize,
    pub cuda_version_major: c_int,
    pub cuda_version_minor: c_int,
    pub num_files: c_uint,
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetBundledHeadersInfo(
    info: *mut BundledHeadersInfo,
    error_log: *mut *const c_char,
) -> Status {
    guarded(|| {
        let none = BundledHeadersInfo {
            available: 0,
            compressed_size: 0,
            uncompressed_size: 0,
            cuda_version_major: 13,
            cuda_version_minor: 5,
            num_files: 0,
        };
        if !error_log.is_null() {
            // SAFETY: non-null, writable.
            unsafe { error_log.write(std::ptr::null()) };
        }
        // SAFETY: NULL or a writable struct.
        unsafe { put(info, none) }
    })
}

fn no_bundled_headers(error_log: *mut *const c_char) -> Status {
    guarded(|| {
        if !error_log.is_null() {
            let text: &'static CStr = c"warpc's NVRTC has no bundled headers to install or remove";
            // SAFETY: non-null, writable; the string is static.
            unsafe { error_log.write(text.as_ptr()) };
        }
        Status::BuiltinOperationFailure
    })
}
