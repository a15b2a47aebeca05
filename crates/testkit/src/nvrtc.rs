//! In-process NVRTC: reference PTX from `libnvrtc.so.13`, loaded with `libloading`.
//!
//! The library is opened once per path and kept for the life of the process (NVRTC holds global
//! state and is documented as thread-safe per program), so many test threads can compile at once.
//! Only the handful of entry points the tests need are bound: create, compile, log, PTX, destroy.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use libloading::Library;

type Program = *mut c_void;
type Status = c_int;

/// What a successful NVRTC compilation returns.
#[derive(Clone, Debug)]
pub struct NvrtcOutput {
    /// The PTX text (without the trailing NUL).
    pub ptx: String,
    /// The program log (warnings); usually empty.
    pub log: String,
    /// Wall-clock time of `nvrtcCompileProgram` alone (not loading, not program creation).
    pub compile_time: Duration,
}

/// The bound NVRTC entry points of one loaded library.
struct Api {
    create: unsafe extern "C" fn(
        *mut Program,
        *const c_char,
        *const c_char,
        c_int,
        *const *const c_char,
        *const *const c_char,
    ) -> Status,
    compile: unsafe extern "C" fn(Program, c_int, *const *const c_char) -> Status,
    log_size: unsafe extern "C" fn(Program, *mut usize) -> Status,
    log: unsafe extern "C" fn(Program, *mut c_char) -> Status,
    ptx_size: unsafe extern "C" fn(Program, *mut usize) -> Status,
    ptx: unsafe extern "C" fn(Program, *mut c_char) -> Status,
    destroy: unsafe extern "C" fn(*mut Program) -> Status,
    error_string: unsafe extern "C" fn(Status) -> *const c_char,
    version: unsafe extern "C" fn(*mut c_int, *mut c_int) -> Status,
    /// Keeps the symbols above valid.
    _library: Library,
}

impl Api {
    fn load(path: &Path) -> Result<Api, String> {
        let err = |e: libloading::Error| format!("cannot load NVRTC from {}: {e}", path.display());
        // SAFETY: libnvrtc is a plain C library without unusual initialisers, and each symbol is
        // given the signature declared in nvrtc.h.
        unsafe {
            let library = Library::new(path).map_err(err)?;
            Ok(Api {
                create: *library.get(b"nvrtcCreateProgram\0").map_err(err)?,
                compile: *library.get(b"nvrtcCompileProgram\0").map_err(err)?,
                log_size: *library.get(b"nvrtcGetProgramLogSize\0").map_err(err)?,
                log: *library.get(b"nvrtcGetProgramLog\0").map_err(err)?,
                ptx_size: *library.get(b"nvrtcGetPTXSize\0").map_err(err)?,
                ptx: *library.get(b"nvrtcGetPTX\0").map_err(err)?,
                destroy: *library.get(b"nvrtcDestroyProgram\0").map_err(err)?,
                error_string: *library.get(b"nvrtcGetErrorString\0").map_err(err)?,
                version: *library.get(b"nvrtcVersion\0").map_err(err)?,
                _library: library,
            })
        }
    }

    fn describe(&self, status: Status) -> String {
        // SAFETY: nvrtcGetErrorString returns a static NUL-terminated string for any value.
        let text = unsafe { (self.error_string)(status) };
        if text.is_null() {
            return format!("NVRTC error {status}");
        }
        // SAFETY: non-null, NUL-terminated, static.
        unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned()
    }

    fn check(&self, status: Status, what: &str) -> Result<(), String> {
        if status == 0 {
            Ok(())
        } else {
            Err(format!("{what} failed: {}", self.describe(status)))
        }
    }
}

/// The API for the library at `path`, loaded on first use and then shared by all threads.
fn api(path: &Path) -> Result<&'static Api, String> {
    static LOADED: OnceLock<Mutex<Vec<(PathBuf, &'static Api)>>> = OnceLock::new();
    let mut loaded = LOADED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some((_, api)) = loaded.iter().find(|(p, _)| p == path) {
        return Ok(api);
    }
    let api: &'static Api = Box::leak(Box::new(Api::load(path)?));
    loaded.push((path.to_path_buf(), api));
    Ok(api)
}

/// Destroys the program when dropped, on every path out of [`compile`].
struct ProgramGuard<'a> {
    api: &'a Api,
    program: Program,
}

impl Drop for ProgramGuard<'_> {
    fn drop(&mut self) {
        // SAFETY: the program was created by this API and is destroyed exactly once.
        unsafe { (self.api.destroy)(&mut self.program) };
    }
}

fn c_string(s: &str, what: &str) -> Result<CString, String> {
    CString::new(s).map_err(|_| format!("{what} contains a NUL byte"))
}

/// NVRTC's version as `(major, minor)`.
pub(crate) fn version(library: &Path) -> Result<(i32, i32), String> {
    let api = api(library)?;
    let (mut major, mut minor) = (0, 0);
    // SAFETY: two valid out-pointers.
    api.check(unsafe { (api.version)(&mut major, &mut minor) }, "nvrtcVersion")?;
    Ok((major, minor))
}

/// Compiles `source` (called `name` in diagnostics) with `options`; `headers` are
/// `(include name, contents)` pairs NVRTC resolves `#include`s against before its own.
pub(crate) fn compile(
    library: &Path,
    source: &str,
    name: &str,
    options: &[&str],
    headers: &[(&str, &str)],
) -> Result<NvrtcOutput, String> {
    let api = api(library)?;
    let c_source = c_string(source, "source")?;
    let c_name = c_string(name, "program name")?;
    let c_options = options
        .iter()
        .map(|o| c_string(o, "option"))
        .collect::<Result<Vec<_>, _>>()?;
    let c_header_names = headers
        .iter()
        .map(|(n, _)| c_string(n, "header name"))
        .collect::<Result<Vec<_>, _>>()?;
    let c_header_texts = headers
        .iter()
        .map(|(_, t)| c_string(t, "header"))
        .collect::<Result<Vec<_>, _>>()?;
    let option_ptrs: Vec<*const c_char> = c_options.iter().map(|o| o.as_ptr()).collect();
    let header_name_ptrs: Vec<*const c_char> = c_header_names.iter().map(|o| o.as_ptr()).collect();
    let header_text_ptrs: Vec<*const c_char> = c_header_texts.iter().map(|o| o.as_ptr()).collect();
    let count = |n: usize| c_int::try_from(n).map_err(|_| "too many options or headers".to_string());

    let mut program: Program = std::ptr::null_mut();
    // SAFETY: all pointers reference live NUL-terminated strings; the arrays have the given length.
    let status = unsafe {
        (api.create)(
            &mut program,
            c_source.as_ptr(),
            c_name.as_ptr(),
            count(headers.len())?,
            if headers.is_empty() {
                std::ptr::null()
            } else {
                header_text_ptrs.as_ptr()
            },
            if headers.is_empty() {
                std::ptr::null()
            } else {
                header_name_ptrs.as_ptr()
            },
        )
    };
    api.check(status, "nvrtcCreateProgram")?;
    let guard = ProgramGuard { api, program };

    let start = Instant::now();
    // SAFETY: live program; option array of the given length.
    let status = unsafe { (api.compile)(guard.program, count(options.len())?, option_ptrs.as_ptr()) };
    let compile_time = start.elapsed();
    let log = read_buffer(api, guard.program, api.log_size, api.log, "log")?;
    if status != 0 {
        let log = log.trim_end();
        return Err(format!(
            "NVRTC failed to compile {name} ({}):\n{log}",
            api.describe(status)
        ));
    }
    let ptx = read_buffer(api, guard.program, api.ptx_size, api.ptx, "PTX")?;
    Ok(NvrtcOutput { ptx, log, compile_time })
}

/// Reads a size-then-contents NVRTC buffer (log or PTX) as a string without its trailing NUL.
fn read_buffer(
    api: &Api,
    program: Program,
    size_fn: unsafe extern "C" fn(Program, *mut usize) -> Status,
    read_fn: unsafe extern "C" fn(Program, *mut c_char) -> Status,
    what: &str,
) -> Result<String, String> {
    let mut size = 0usize;
    // SAFETY: live program, valid out-pointer.
    api.check(unsafe { size_fn(program, &mut size) }, what)?;
    let mut buffer = vec![0u8; size.max(1)];
    // SAFETY: the buffer holds `size` bytes as NVRTC asked for.
    api.check(unsafe { read_fn(program, buffer.as_mut_ptr().cast()) }, what)?;
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    buffer.truncate(end);
    Ok(String::from_utf8_lossy(&buffer).into_owned())
}
