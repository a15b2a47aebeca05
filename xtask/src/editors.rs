//! Editor integrations, run by `cargo xtask test`: builds, lints and packages the VS Code
//! extension (`editors/code`: `npm ci`, `npm run compile`, `npm run lint`, `npm run package`,
//! which writes `editors/code/warpc.vsix`), then runs the real-client test: headless Neovim's
//! built-in LSP client against `warpc lsp` (`editors/nvim/lsp_test.lua`).
//!
//! Missing tools are installed with apt (`nodejs npm`, `neovim`), through `sudo` unless we are
//! root, as `setup` does. `$WARPC` selects the warpc binary for the Neovim test (default: a
//! release build).

use std::path::Path;
use std::process::{Command, Stdio};

use std::time::Duration;

use crate::util::{build_warpc, run_checked_within, Ctx, Result};

/// The longest an npm step may take (`npm ci` downloads packages) before it is killed.
const NPM_LIMIT: Duration = Duration::from_secs(900);
/// The longest the headless Neovim test may take (it normally takes seconds).
const NEOVIM_LIMIT: Duration = Duration::from_secs(180);

pub fn run(ctx: &Ctx) -> Result<()> {
    vscode_extension(ctx)?;
    neovim_test(ctx)
}

fn works(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

use crate::setup::apt_install;

fn npm(dir: &Path, args: &[&str]) -> Result<()> {
    println!("editors: npm {}", args.join(" "));
    let mut command = Command::new("npm");
    command.args(args).current_dir(dir);
    run_checked_within(&mut command, &format!("npm {}", args.join(" ")), NPM_LIMIT)
}

fn vscode_extension(ctx: &Ctx) -> Result<()> {
    if !works("npm", &["--version"]) || !works("node", &["--version"]) {
        apt_install(&["nodejs", "npm"])?;
    }
    let dir = ctx.root.join("editors/code");
    npm(&dir, &["ci", "--no-audit", "--no-fund"])?;
    npm(&dir, &["run", "compile"])?;
    npm(&dir, &["run", "lint"])?;
    let vsix = dir.join("warpc.vsix");
    let _ = std::fs::remove_file(&vsix);
    npm(&dir, &["run", "package"])?;
    if !vsix.is_file() {
        return Err(format!("npm run package did not write {}", vsix.display()));
    }
    println!("editors: {} ok", vsix.display());
    Ok(())
}

fn neovim_test(ctx: &Ctx) -> Result<()> {
    if !works("nvim", &["--version"]) {
        apt_install(&["neovim"])?;
    }
    let warpc = match std::env::var_os("WARPC") {
        Some(p) => p.into(),
        None => build_warpc(ctx)?,
    };
    let script = ctx.root.join("editors/nvim/lsp_test.lua");
    println!("editors: nvim --headless lsp_test.lua ({})", warpc.display());
    let mut command = Command::new("nvim");
    command
        .args(["--headless", "--clean", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("WARPC", &warpc)
        .env("WARPC_CUDA_DIR", &ctx.cuda_dir)
        .current_dir(&ctx.root)
        .stdin(Stdio::null());
    run_checked_within(&mut command, "the Neovim LSP test", NEOVIM_LIMIT)
}
