//! `-M`, `-MM`, `-MD`, `-MMD`, `-MF`, `-MT`, `-MP`: make-format dependency output, as nvcc
//! writes it.
//!
//! nvcc's format (checked against nvcc 13.5, `testdata/program/deps/`): one rule
//! `TARGET : MAIN \` with each further dependency on its own line indented by four spaces and
//! ended by ` \`, except the last; spaces in file names are escaped as `\ `, the target is
//! written as given; with `-MP`, a blank line and `DEP:` for every dependency but the main file.
//! Files are spelled as they were found (the includer's directory or the `-I` directory joined
//! with the spelled name), in first-inclusion order.
//!
//! warpc's builtin headers (`<warpc>/...`) are part of the compiler, not files make can check,
//! so they are never listed; `-MM`/`-MMD` also leave out headers found in `-isystem`
//! directories, as nvcc leaves out system headers.
//!
//! Targets and files: `-M` writes to `-MF`, else `-o`, else stdout, with the target
//! `<stem>.o`; `-MD` compiles as usual and writes to `-MF`, else the output's name with its
//! extension replaced by `.d`, with the output file as the target. `-MT` replaces the target.

use std::path::Path;

use warpc_db::{Compilation, Database, BUILTIN_DIR};

use crate::args::{Args, DepsMode};

/// Escapes a dependency for a make rule as nvcc does (spaces only).
fn escape(path: &str) -> String {
    path.replace(' ', "\\ ")
}

/// The rule text: `target : deps[0] \` then the rest, four-space indented; with `phony`, an
/// empty rule for each dependency after the first.
pub fn make_rule(target: &str, deps: &[String], phony: bool) -> String {
    let mut out = format!("{target} :");
    for (i, dep) in deps.iter().enumerate() {
        if i == 0 {
            out.push(' ');
        } else {
            out.push_str(" \\\n    ");
        }
        out.push_str(&escape(dep));
    }
    out.push('\n');
    if phony {
        for dep in deps.iter().skip(1) {
            out.push_str(&format!("\n{}:\n", escape(dep)));
        }
    }
    out
}

/// The files the translation unit read, main file first, in first-inclusion order: without
/// warpc's builtin headers, and for `-MM`/`-MMD` without system headers (`-isystem`, the toolkit's
/// and the host compiler's folders).
pub fn dependencies(db: &Database, comp: Compilation, skip_system: bool) -> Vec<String> {
    let pp = warpc_db::preprocess(db, comp);
    let mut out = Vec::new();
    for &file in &pp.included_files {
        let path = db.path(file);
        if path.starts_with(BUILTIN_DIR) {
            continue;
        }
        if skip_system && !out.is_empty() && warpc_db::system_files(db, comp).contains(&file) {
            continue;
        }
        let s = path.display().to_string();
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// `<stem>.o` for `-M`; the output file for `-MD`.
pub fn default_target(args: &Args, input: &str, output: &str, mode: DepsMode) -> String {
    if let Some(t) = &args.dep_target {
        return t.clone();
    }
    if mode.only || output == "-" {
        let stem = Path::new(input)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or("out".into());
        return format!("{stem}.o");
    }
    output.to_string()
}

/// Where the dependencies go: a file name, or `-` for stdout.
pub fn dep_output(args: &Args, input: &str, output: &str, mode: DepsMode) -> String {
    if let Some(f) = &args.dep_file {
        return f.clone();
    }
    if mode.only {
        return args.output.clone().unwrap_or_else(|| "-".into());
    }
    if output == "-" {
        let stem = Path::new(input)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or("out".into());
        return format!("{stem}.d");
    }
    Path::new(output).with_extension("d").display().to_string()
}

/// Computes and writes the dependency rule for `args.deps`. `output` is the compiled output's
/// path (used for `-MD`'s target and file name).
pub fn write_dependencies(
    db: &Database,
    comp: Compilation,
    args: &Args,
    input: &str,
    output: &str,
    stdout: &mut dyn std::io::Write,
) -> Result<(), String> {
    let Some(mode) = args.deps else { return Ok(()) };
    let deps = dependencies(db, comp, mode.skip_system);
    let rule = make_rule(&default_target(args, input, output, mode), &deps, args.dep_phony);
    let to = dep_output(args, input, output, mode);
    if to == "-" {
        stdout.write_all(rule.as_bytes()).map_err(|e| e.to_string())
    } else {
        std::fs::write(&to, rule).map_err(|e| format!("could not open output file \"{to}\": {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_format() {
        let deps = vec!["y.cu".to_string(), "inc/a.h".to_string(), "sp ace.h".to_string()];
        assert_eq!(
            make_rule("y.o", &deps, false),
            "y.o : y.cu \\\n    inc/a.h \\\n    sp\\ ace.h\n"
        );
        assert_eq!(
            make_rule("a b.o", &deps, true),
            "a b.o : y.cu \\\n    inc/a.h \\\n    sp\\ ace.h\n\ninc/a.h:\n\nsp\\ ace.h:\n"
        );
        assert_eq!(make_rule("y.o", &deps[..1], false), "y.o : y.cu\n");
    }
}
