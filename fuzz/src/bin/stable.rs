//! The stable-Rust fuzz driver: runs warpc's fuzz targets (`src/targets.rs`, the same functions
//! the cargo-fuzz targets call) on mutated corpus inputs for a bounded time.
//!
//! ```text
//! cargo run --release --no-default-features --bin stable -- <preprocess|parse|check|all> \
//!     [--seconds N] [--seed S] [--max-len BYTES] [--slow-ms MS]
//! ```
//!
//! Seeds are every `.cu`/`.h` file under `../testdata` and `../../shared/conformance` plus
//! `corpus/<target>/` when it exists. Inputs are mutated libFuzzer style (no coverage feedback;
//! mutations stack on the previous input half of the time). The driver runs a worker process
//! and supervises it, so that what cannot be caught in-process is still recorded:
//!
//! - a panic: the input goes to `artifacts/<target>/crash-<hash>.cu` (message in `.txt`);
//! - a hard crash (stack overflow, abort): the worker wrote each input to
//!   `artifacts/<target>/.current` before running it; the supervisor saves it as a crash and
//!   starts a new worker;
//! - a hang (one input running past `--hang-s`, default 20): saved as `hang-<hash>.cu`;
//! - a slow input (past `--slow-ms`, default 2000): saved as `slow-<hash>.cu`, not a failure.
//!
//! The exit status is 1 when anything but slow inputs was found.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use warpc_fuzz::targets::{mutate, Rng, Target};

struct Opts {
    targets: Vec<Target>,
    seconds: u64,
    seed: u64,
    max_len: usize,
    slow_ms: u64,
    hang_s: u64,
    worker: bool,
}

fn parse_args() -> Opts {
    let mut args = std::env::args().skip(1);
    let mut o = Opts { targets: Vec::new(), seconds: 60, seed: 1, max_len: 64 << 10, slow_ms: 2000, hang_s: 20, worker: false };
    while let Some(a) = args.next() {
        let mut num = |name: &str| -> u64 {
            args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| usage(&format!("{name} needs a number")))
        };
        match a.as_str() {
            "--seconds" => o.seconds = num("--seconds"),
            "--seed" => o.seed = num("--seed"),
            "--max-len" => o.max_len = num("--max-len") as usize,
            "--slow-ms" => o.slow_ms = num("--slow-ms"),
            "--hang-s" => o.hang_s = num("--hang-s"),
            "--worker" => o.worker = true,
            "all" => o.targets.extend(Target::ALL),
            t => match Target::from_name(t) {
                Some(t) => o.targets.push(t),
                None => usage(&format!("unknown argument {t:?}")),
            },
        }
    }
    if o.targets.is_empty() {
        usage("no target");
    }
    o
}

fn usage(msg: &str) -> ! {
    eprintln!("stable: {msg}\nusage: stable <preprocess|parse|check|all> [--seconds N] [--seed S] [--max-len BYTES] [--slow-ms MS] [--hang-s S]");
    std::process::exit(2)
}

fn fuzz_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn artifacts(t: Target) -> PathBuf {
    let d = fuzz_dir().join("artifacts").join(t.name());
    std::fs::create_dir_all(&d).expect("create artifacts dir");
    d
}

fn collect(dir: &Path, out: &mut Vec<Vec<u8>>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "cu" || e == "h" || e == "cuh") || p.parent().is_some_and(|d| d.ends_with("corpus")) {
            if let Ok(b) = std::fs::read(&p) {
                out.push(b);
            }
        }
    }
}

fn seeds(t: Target) -> Vec<Vec<u8>> {
    let root = fuzz_dir();
    let mut out = Vec::new();
    collect(&root.join("../testdata"), &mut out);
    collect(&root.join("../../shared/conformance"), &mut out);
    collect(&root.join("corpus").join(t.name()), &mut out);
    if out.is_empty() {
        out.push(b"__global__ void k(int *p) { p[threadIdx.x] = 1; }\n".to_vec());
    }
    out
}

fn hash(data: &[u8]) -> String {
    let mut h = DefaultHasher::new();
    data.hash(&mut h);
    format!("{:016x}", h.finish())
}

fn save(t: Target, kind: &str, data: &[u8], note: &str) -> PathBuf {
    let dir = artifacts(t);
    let path = dir.join(format!("{kind}-{}.cu", hash(data)));
    let _ = std::fs::write(&path, data);
    let _ = std::fs::write(path.with_extension("txt"), note);
    path
}

/// Runs inputs for one target until the deadline (worker process).
fn work(t: Target, o: &Opts) -> u64 {
    let corpus = seeds(t);
    let current = artifacts(t).join(".current");
    let started = Instant::now();
    let deadline = started + Duration::from_secs(o.seconds);
    let mut rng = Rng::new(o.seed ^ (t as u64) << 32);
    let mut last: Vec<u8> = Vec::new();
    let (mut runs, mut failures, mut slow) = (0u64, 0u64, 0u64);
    // Watchdog: the start time of the running input (ms since `started`, 0 when idle).
    let running_since = Arc::new(AtomicU64::new(0));
    {
        let running_since = running_since.clone();
        let hang = o.hang_s * 1000;
        let current = current.clone();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(250));
            let since = running_since.load(Ordering::Relaxed);
            let now = started.elapsed().as_millis() as u64 + 1;
            if since != 0 && now.saturating_sub(since) > hang {
                let data = std::fs::read(&current).unwrap_or_default();
                let p = save(t, "hang", &data, &format!("{} ran for more than {} s", t.name(), hang / 1000));
                eprintln!("[{}] HANG: {}", t.name(), p.display());
                std::process::exit(3);
            }
        });
    }
    std::panic::set_hook(Box::new(|_| {}));
    while Instant::now() < deadline {
        let base: &[u8] = if !last.is_empty() && rng.below(2) == 0 { &last } else { &corpus[rng.below(corpus.len())] };
        let input = mutate(base, &corpus, &mut rng, o.max_len);
        let _ = std::fs::write(&current, &input);
        let t0 = Instant::now();
        running_since.store(started.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
        let res = catch_unwind(AssertUnwindSafe(|| t.run(&input)));
        running_since.store(0, Ordering::Relaxed);
        let took = t0.elapsed();
        runs += 1;
        match res {
            Ok(()) => {}
            Err(p) => {
                failures += 1;
                let msg = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
                let path = save(t, "crash", &input, &format!("panic: {msg}\n"));
                eprintln!("[{}] CRASH ({msg}): {}", t.name(), path.display());
            }
        }
        if took > Duration::from_millis(o.slow_ms) {
            slow += 1;
            let path = save(t, "slow", &input, &format!("{} took {took:?}\n", t.name()));
            eprintln!("[{}] slow ({took:?}): {}", t.name(), path.display());
        }
        // Stack mutations on inputs that still look like programs; restart from seeds sometimes.
        last = if input.len() < o.max_len / 2 && rng.below(8) != 0 { input } else { Vec::new() };
    }
    let _ = std::fs::remove_file(&current);
    eprintln!(
        "[{}] {runs} inputs in {:.0?} ({:.0}/s), {failures} crashes, {slow} slow",
        t.name(),
        started.elapsed(),
        runs as f64 / started.elapsed().as_secs_f64().max(1e-9)
    );
    failures
}

fn main() {
    let o = parse_args();
    if o.worker {
        let failures: u64 = o.targets.iter().map(|&t| work(t, &o)).sum();
        std::process::exit(i32::from(failures > 0));
    }
    // Supervisor: one worker process per target at a time; a worker that dies abnormally
    // leaves its current input behind, which becomes a crash artifact, and a new worker with
    // another seed continues until the target's time is used up.
    let exe = std::env::current_exe().expect("current exe");
    let mut found = false;
    for &t in &o.targets {
        let deadline = Instant::now() + Duration::from_secs(o.seconds);
        let mut seed = o.seed;
        while Instant::now() + Duration::from_secs(1) < deadline {
            let left = deadline.saturating_duration_since(Instant::now()).as_secs().max(1);
            let status = Command::new(&exe)
                .args([t.name(), "--worker", "--seconds", &left.to_string(), "--seed", &seed.to_string()])
                .args(["--max-len", &o.max_len.to_string(), "--slow-ms", &o.slow_ms.to_string(), "--hang-s", &o.hang_s.to_string()])
                .status()
                .expect("start worker");
            match status.code() {
                Some(0) => break,
                Some(1) => {
                    found = true;
                    break;
                }
                Some(3) => found = true, // hang, recorded by the worker
                _ => {
                    found = true;
                    let data = std::fs::read(artifacts(t).join(".current")).unwrap_or_default();
                    let p = save(t, "crash", &data, &format!("worker died: {status}\n"));
                    eprintln!("[{}] CRASH (worker died: {status}): {}", t.name(), p.display());
                }
            }
            seed = seed.wrapping_add(0x1000);
        }
    }
    std::process::exit(i32::from(found));
}
