//! Type-check cases: every `testdata/check/*.cu` is compiled for sm_90 and its diagnostics
//! (nvcc format, file name only) must equal the snapshot beside it (`*.diag`; "ok" when the
//! file compiles). A first line `// ARGS: <flags>` replaces `-arch=sm_90` (for target-dependent
//! cases). `UPDATE_EXPECT=1` rewrites the snapshots.

mod common;

use common::compile_file;

#[test]
fn check_cases_match_their_snapshots() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/check");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "expected type-check cases in {}", dir.display());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let arch = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// ARGS:"))
            .map_or("-arch=sm_90".to_string(), |a| a.trim().to_string());
        let compiled = compile_file(path, &format!("{arch} --diag-format=nvcc"));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // Keep snapshots independent of where the repository is: drop the directory part.
        let mut actual: String = compiled
            .nvcc_diags
            .lines()
            .map(|l| match l.find(&format!("{name}(")) {
                Some(i) => format!("{}\n", &l[i..]),
                None => format!("{l}\n"),
            })
            .collect();
        if compiled.outcome.output.is_some() && actual.is_empty() {
            actual = "ok\n".to_string();
        }
        let snap = path.with_extension("diag");
        if update {
            std::fs::write(&snap, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&snap).unwrap_or_default();
        if expected != actual {
            failures.push(format!("{name}:\n--- expected ---\n{expected}--- actual ---\n{actual}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(run with UPDATE_EXPECT=1 to accept)",
        failures.join("\n")
    );
}

/// A use of each SM-gated builtin of `warpc_base::sm_gate::SM_GATED` (the statement goes into a
/// kernel with `unsigned *p`).
fn gated_use(name: &str, args: Option<&str>) -> String {
    match (name, args) {
        ("__nanosleep", _) => "__nanosleep(1);".into(),
        ("__match_all_sync", _) => "int q; p[0] = __match_all_sync(~0u, p[1], &q) + q;".into(),
        ("__match_any_sync", _) => "p[0] = __match_any_sync(~0u, p[1]);".into(),
        (n, _) if n.starts_with("__reduce_") => format!("p[0] = {n}(~0u, p[1]);"),
        ("atomicCAS", Some(_)) => {
            "unsigned short *s = (unsigned short *)p; s[0] = atomicCAS(s, (unsigned short)0, (unsigned short)1);".into()
        }
        ("atomicAdd", Some("(float2 *, float2)")) => "atomicAdd((float2 *)p, make_float2(1.0f, 2.0f));".into(),
        ("atomicAdd", Some("(float4 *, float4)")) => {
            "atomicAdd((float4 *)p, make_float4(1.0f, 2.0f, 3.0f, 4.0f));".into()
        }
        ("__isClusterShared", _) => "p[0] = __isClusterShared(p);".into(),
        ("__clusterDim" | "__clusterRelativeBlockIdx" | "__clusterGridDimInClusters" | "__clusterIdx", _) => {
            format!("p[0] = {name}().x + {name}().y + {name}().z;")
        }
        ("__cluster_barrier_arrive" | "__cluster_barrier_wait", _) => format!("{name}();"),
        (n, _) if n.starts_with("__cluster") => format!("p[0] = {n}();"),
        _ => panic!("no test use for the SM-gated builtin {name} {args:?}: add one to gated_use"),
    }
}

/// Every entry of the SM-gate table, just below its SM (nvcc's "undefined" or "no instance"
/// error, plus warpc's note) and at it (compiles; ptxas accepts the PTX where ptxas still
/// supports the SM, i.e. from sm_75 on). This keeps the header guards and the table in step.
#[test]
fn sm_gated_builtins_below_and_at_their_sm() {
    let dir = std::env::temp_dir().join(format!("warpc-sm-gates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let below_of = |min: u32| match min {
        70 => 60,
        80 => 75,
        90 => 80,
        m => m - 10,
    };
    let mut failures = Vec::new();
    for (i, g) in warpc_base::sm_gate::SM_GATED.iter().enumerate() {
        let src = format!("__global__ void k(unsigned *p) {{ {} }}\n", gated_use(g.name, g.args));
        let path = dir.join(format!("gate{i}.cu"));
        std::fs::write(&path, &src).unwrap();
        let what = format!("{}{}", g.name, g.args.unwrap_or(""));
        // Below the minimum SM.
        let below = below_of(g.min_sm);
        let c = compile_file(&path, &format!("-arch=sm_{below}"));
        let error = if g.args.is_some() {
            format!(
                "error: no instance of overloaded function \"{}\" matches the argument list",
                g.name
            )
        } else {
            format!("error: identifier \"{}\" is undefined", g.name)
        };
        let note = format!("\"{what}\" requires sm_{} or newer; the target is sm_{below}", g.min_sm);
        if c.outcome.output.is_some() || !c.nvcc_diags.contains(&error) || !c.human_diags.contains(&note) {
            failures.push(format!(
                "{what} at sm_{below}: expected `{error}` and the note `{note}`, got:\n{}",
                c.human_diags
            ));
        }
        // At the minimum SM (and at sm_75 for the sm_70 builtins, the oldest SM ptxas knows).
        for sm in [g.min_sm, g.min_sm.max(75)] {
            let c = compile_file(&path, &format!("-arch=sm_{sm} -o -"));
            if !g.allows(sm) {
                // The SM has it but warpc's PTX ISA version for that SM does not (`__nanosleep`
                // at sm_70): a located `unsupported` error, never an LLVM abort.
                let p = g.min_ptx.unwrap_or(0);
                let msg = format!("unsupported: \"{}\" needs PTX ISA {}.{}", g.name, p / 10, p % 10);
                if c.outcome.output.is_some() || !c.nvcc_diags.contains(&msg) {
                    failures.push(format!("{what} at sm_{sm}: expected `{msg}`, got:\n{}", c.human_diags));
                }
                continue;
            }
            match &c.outcome.output {
                None => failures.push(format!("{what} at sm_{sm}: did not compile:\n{}", c.human_diags)),
                Some(ptx) if sm >= 75 => {
                    if let Err(e) = common::oracles().ptxas(ptx, &format!("sm_{sm}")) {
                        failures.push(format!("{what} at sm_{sm}: ptxas rejected the PTX: {e}"));
                    }
                }
                Some(_) => {}
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// CUDA builtins warpc knows but does not implement are `unsupported` errors at every SM.
#[test]
fn unsupported_builtins_say_so() {
    let dir = std::env::temp_dir().join(format!("warpc-unsupported-builtins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("u.cu");
    for (name, why) in warpc_base::sm_gate::UNSUPPORTED_BUILTINS {
        std::fs::write(&path, format!("__global__ void k(int *p) {{ {name}(p); }}\n")).unwrap();
        let c = compile_file(&path, "-arch=sm_90");
        let msg = format!("u.cu(1): error: unsupported: CUDA builtin \"{name}\" ({why})");
        assert!(
            c.outcome.output.is_none() && c.nvcc_diags.contains(&msg),
            "{name}: {}",
            c.nvcc_diags
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The cases whose snapshot equals nvcc's own diagnostics line for line (error and warning
/// lines, nvcc's warning numbers dropped). The others differ on purpose (warpc reports more at
/// once, or uses EDG's preprocessor wording where nvcc uses gcc's) or nvcc gives up earlier.
const SAME_AS_NVCC: &[&str] = &[
    "align_attributes.cu",
    "arch_sm75.cu",
    "arch_sm80.cu",
    "bit_field_errors.cu",
    "cascade_bad_declaration.cu",
    "cascade_syntax.cu",
    "cdp_launch_errors.cu",
    "cluster_dims_errors.cu",
    "conversions.cu",
    "cuda_rules.cu",
    "cxx17_errors.cu",
    "cxx_alias_unknown_member.cu",
    "cxx_auto_errors.cu",
    "cxx_constexpr_device_reads.cu",
    "cxx_constexpr_objects_errors.cu",
    "cxx_ctad_errors.cu",
    "cxx_decltype_auto_errors.cu",
    "cxx_fn_specialization_errors.cu",
    "cxx_fold_errors.cu",
    "cxx_lambda_const_call.cu",
    "cxx_lazy_members_used.cu",
    "cxx_namespaces.cu",
    "cxx_nested_in_templates_errors.cu",
    "cxx_paren_template_args.cu",
    "cxx_rvalue_ref_errors.cu",
    "cxx_template_decl_errors.cu",
    "cxx_template_template_errors.cu",
    "cxx_variadic_class_errors.cu",
    "declare_before_use.cu",
    "inline_asm.cu",
    "launch_deduction_fails.cu",
    "macro_stringize.cu",
    "nttp_pointer_errors.cu",
    "overloads.cu",
    "pointer_errors.cu",
    "type_mismatches.cu",
];

/// Runs `nvcc -ptx` on each [`SAME_AS_NVCC`] case (in parallel) and compares its error and
/// warning lines with the snapshot: the wording and the lines are nvcc's, checked against nvcc.
#[test]
fn snapshots_equal_nvcc_where_listed() {
    let Some(oracles) = warpc_testkit::Oracles::find() else {
        panic!("the NVIDIA oracles are missing: run `cargo xtask setup` (or set WARPC_CUDA_DIR)");
    };
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/check");
    let lines = |text: &str, name: &str| -> Vec<String> {
        let mut v: Vec<String> = text
            .lines()
            .filter_map(|l| l.find(&format!("{name}(")).map(|i| &l[i..]))
            .filter(|l| l.contains("): error: ") || l.contains("): warning"))
            .map(|l| {
                // nvcc: `warning #549-D:`; warpc: `warning:`.
                let l = l.trim_end();
                match (l.find(": warning #"), l.find("-D: ")) {
                    (Some(a), Some(b)) if b > a => format!("{}: warning: {}", &l[..a], &l[b + 4..]),
                    _ => l.to_string(),
                }
            })
            .collect();
        v.sort();
        v
    };
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = SAME_AS_NVCC
            .iter()
            .map(|name| {
                let (dir, oracles, lines) = (&dir, &oracles, &lines);
                s.spawn(move || {
                    let path = dir.join(name);
                    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let arch = text
                        .lines()
                        .next()
                        .and_then(|l| l.strip_prefix("// ARGS:"))
                        .map_or("-arch=sm_90", str::trim);
                    let out = oracles
                        .command(&oracles.nvcc)
                        .current_dir(dir)
                        .args(["-ptx", "-o", "/dev/null"])
                        .args(arch.split_whitespace())
                        .arg(name)
                        .output()
                        .expect("run nvcc");
                    let theirs = lines(
                        &(String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)),
                        name,
                    );
                    let snap = std::fs::read_to_string(path.with_extension("diag")).unwrap_or_default();
                    let ours = lines(&snap, name);
                    (ours != theirs).then(|| {
                        format!(
                            "{name}:\n--- warpc (snapshot) ---\n{}\n--- nvcc ---\n{}",
                            ours.join("\n"),
                            theirs.join("\n")
                        )
                    })
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
