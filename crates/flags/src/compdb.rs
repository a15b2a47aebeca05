//! `compile_commands.json` (a JSON compilation database, as CMake writes it with
//! `CMAKE_EXPORT_COMPILE_COMMANDS=ON`): find a file's nvcc command line and turn it into warpc
//! flags. Used by `warpc --compdb DIR file.cu` (or `-p DIR`, as clang tools spell it) and meant
//! for the language server ([`flags_for`]).
//!
//! An entry has `directory`, `file`, and either `arguments` (a list) or `command` (one string,
//! split as a shell would). What the device pass does not want is dropped: the compiler itself,
//! the input, `-o FILE` and `-c` (warpc's output is PTX; the build's object file must not be
//! overwritten) and the dependency options (`-M*`, `-MF`, `-MT`, `-MQ`: the build writes its own
//! `.d` files). `--options-file`s are read (relative to `directory`) and relative paths of `-I`,
//! `-isystem`, `-include` and `--options-file` are made absolute against `directory`, so the
//! flags work from any working directory.

use std::path::{Path, PathBuf};

use crate::args::{self, Args};

/// One entry of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileCommand {
    pub directory: PathBuf,
    /// As written in the entry (may be relative to `directory`).
    pub file: PathBuf,
    /// The command line, compiler first.
    pub arguments: Vec<String>,
}

impl CompileCommand {
    /// The entry's file as an absolute, normalised path.
    pub fn absolute_file(&self) -> PathBuf {
        warpc_base::normalize(&self.directory.join(&self.file))
    }
}

/// A loaded `compile_commands.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompilationDatabase {
    pub commands: Vec<CompileCommand>,
}

/// Loads `path/compile_commands.json`, or `path` itself when it names a file.
pub fn load(path: &Path) -> Result<CompilationDatabase, String> {
    let file = if path.is_dir() {
        path.join("compile_commands.json")
    } else {
        path.to_path_buf()
    };
    let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read \"{}\": {e}", file.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", file.display()))
}

/// Parses the text of a compilation database.
pub fn parse(text: &str) -> Result<CompilationDatabase, String> {
    let value = json::parse(text)?;
    let json::Value::Array(items) = value else {
        return Err("expected a JSON array of entries".into());
    };
    let mut commands = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let json::Value::Object(fields) = item else {
            return Err(format!("entry {i}: expected an object"));
        };
        let get = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        let string = |key: &str| match get(key) {
            Some(json::Value::String(s)) => Some(s.clone()),
            _ => None,
        };
        let directory = string("directory").ok_or_else(|| format!("entry {i}: no \"directory\""))?;
        let file = string("file").ok_or_else(|| format!("entry {i}: no \"file\""))?;
        let arguments = match (get("arguments"), string("command")) {
            (Some(json::Value::Array(a)), _) => a
                .iter()
                .map(|v| match v {
                    json::Value::String(s) => Ok(s.clone()),
                    _ => Err(format!("entry {i}: \"arguments\" must hold strings")),
                })
                .collect::<Result<Vec<_>, _>>()?,
            (_, Some(command)) => args::split_response_file(&command),
            _ => return Err(format!("entry {i}: neither \"arguments\" nor \"command\"")),
        };
        commands.push(CompileCommand {
            directory: PathBuf::from(directory),
            file: PathBuf::from(file),
            arguments,
        });
    }
    Ok(CompilationDatabase { commands })
}

impl CompilationDatabase {
    /// The entry for `file` (relative paths are taken from the working directory): the first
    /// whose absolute path is the same, else the first whose canonical path is.
    pub fn entry_for(&self, file: &Path) -> Option<&CompileCommand> {
        let abs = absolute(file);
        if let Some(c) = self.commands.iter().find(|c| c.absolute_file() == abs) {
            return Some(c);
        }
        let canonical = std::fs::canonicalize(file).ok()?;
        self.commands
            .iter()
            .find(|c| std::fs::canonicalize(c.absolute_file()).ok().as_ref() == Some(&canonical))
    }
}

fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        warpc_base::normalize(path)
    } else {
        let cwd = std::env::current_dir().unwrap_or_default();
        warpc_base::normalize(&cwd.join(path))
    }
}

/// Options whose value is a path to make absolute, by every spelling warpc's parser knows.
const PATH_VALUED: &[&str] = &[
    "-I",
    "--include-path",
    "-isystem",
    "--system-include",
    "-include",
    "--pre-include",
    "--options-file",
    "-optf",
];
/// Options dropped with their value.
const DROP_VALUED: &[&str] = &[
    "-o",
    "--output-file",
    "-MF",
    "--dependency-output",
    "-MT",
    "--dependency-target-name",
    "-MQ",
];
/// Options dropped alone.
const DROP_FLAGS: &[&str] = &[
    "-c",
    "--compile",
    "-M",
    "-MM",
    "-MD",
    "-MMD",
    "-MP",
    "--generate-dependencies",
    "--generate-nonsystem-dependencies",
    "--generate-dependencies-with-compile",
    "--generate-nonsystem-dependencies-with-compile",
    "--generate-dependency-targets",
];

/// Reads `--options-file`s (relative to `dir`) in place, recursively.
fn expand_options_files(words: &[String], dir: &Path, depth: u32, out: &mut Vec<String>) -> Result<(), String> {
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        i += 1;
        let files = match w.split_once('=') {
            Some(("--options-file" | "-optf", v)) => v.to_string(),
            _ if w == "--options-file" || w == "-optf" => match words.get(i) {
                Some(v) => {
                    i += 1;
                    v.clone()
                }
                None => return Err(format!("option '{w}' expects a value")),
            },
            _ => {
                out.push(w.clone());
                continue;
            }
        };
        if depth >= 16 {
            return Err("--options-file nested too deeply".into());
        }
        for f in files.split(',').filter(|f| !f.is_empty()) {
            let path = dir.join(f);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read options file \"{}\": {e}", path.display()))?;
            expand_options_files(&args::split_response_file(&text), dir, depth + 1, out)?;
        }
    }
    Ok(())
}

/// The warpc flags of an entry: its command line without the compiler, the input, the output
/// and the dependency options, option files read and paths made absolute (see the module
/// documentation). The input is not included.
pub fn device_argv(cmd: &CompileCommand) -> Result<Vec<String>, String> {
    let dir = &cmd.directory;
    let mut words = Vec::new();
    expand_options_files(cmd.arguments.get(1..).unwrap_or(&[]), dir, 0, &mut words)?;
    let input_abs = cmd.absolute_file();
    let abs = |p: &str| -> String {
        if p.is_empty() || Path::new(p).is_absolute() {
            p.to_string()
        } else {
            warpc_base::normalize(&dir.join(p)).display().to_string()
        }
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        i += 1;
        if DROP_FLAGS.contains(&w.as_str()) {
            continue;
        }
        if DROP_VALUED.contains(&w.as_str()) {
            i += 1;
            continue;
        }
        if let Some((flag, _)) = w.split_once('=') {
            if DROP_VALUED.contains(&flag) {
                continue;
            }
            if PATH_VALUED.contains(&flag) {
                let v = &w[flag.len() + 1..];
                out.push(format!("{flag}={}", abs(v)));
                continue;
            }
        }
        if PATH_VALUED.contains(&w.as_str()) {
            out.push(w.clone());
            if let Some(v) = words.get(i) {
                out.push(abs(v));
                i += 1;
            }
            continue;
        }
        // Glued forms: `-Ipath`, `-ofile.o`.
        if let Some(p) = w.strip_prefix("-I").filter(|p| !p.is_empty()) {
            out.push(format!("-I{}", abs(p)));
            continue;
        }
        if w.starts_with("-o") && w.len() > 2 && !w.starts_with("-odir") && !w.starts_with("-optf") {
            continue;
        }
        if !w.starts_with('-') && warpc_base::normalize(&dir.join(w)) == input_abs {
            continue;
        }
        out.push(w.clone());
    }
    Ok(out)
}

/// The flags `compile_commands.json` in `compdb` (a directory or the file itself) gives `file`,
/// parsed as warpc parses its command line, with `file` as the input: `Ok(None)` when the
/// database has no entry for it. For the CLI's `--compdb` and the language server.
pub fn flags_for(compdb: &Path, file: &Path) -> Result<Option<Args>, String> {
    let db = load(compdb)?;
    let Some(cmd) = db.entry_for(file) else { return Ok(None) };
    let mut argv = device_argv(cmd)?;
    argv.push(file.display().to_string());
    args::parse(&argv).map(Some)
}

/// A small JSON reader: enough for compilation databases (objects, arrays, strings with every
/// escape, numbers, literals).
pub mod json {
    #[derive(Clone, Debug, PartialEq)]
    pub enum Value {
        Null,
        Bool(bool),
        Number(f64),
        String(String),
        Array(Vec<Value>),
        Object(Vec<(String, Value)>),
    }

    pub fn parse(text: &str) -> Result<Value, String> {
        let mut p = Parser {
            s: text.as_bytes(),
            i: 0,
            depth: 0,
        };
        p.ws();
        let v = p.value()?;
        p.ws();
        if p.i != p.s.len() {
            return Err(p.err("trailing characters"));
        }
        Ok(v)
    }

    struct Parser<'a> {
        s: &'a [u8],
        i: usize,
        depth: u32,
    }

    impl Parser<'_> {
        fn err(&self, what: &str) -> String {
            let line = self.s[..self.i.min(self.s.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            format!("invalid JSON at line {line}: {what}")
        }
        fn ws(&mut self) {
            while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
                self.i += 1;
            }
        }
        fn eat(&mut self, b: u8) -> bool {
            if self.s.get(self.i) == Some(&b) {
                self.i += 1;
                true
            } else {
                false
            }
        }
        fn value(&mut self) -> Result<Value, String> {
            self.depth += 1;
            if self.depth > 256 {
                return Err(self.err("nested too deeply"));
            }
            let v = match self.s.get(self.i) {
                Some(b'{') => {
                    self.i += 1;
                    let mut fields = Vec::new();
                    self.ws();
                    if !self.eat(b'}') {
                        loop {
                            self.ws();
                            let k = self.string()?;
                            self.ws();
                            if !self.eat(b':') {
                                return Err(self.err("expected ':'"));
                            }
                            self.ws();
                            let v = self.value()?;
                            fields.push((k, v));
                            self.ws();
                            if self.eat(b',') {
                                continue;
                            }
                            if self.eat(b'}') {
                                break;
                            }
                            return Err(self.err("expected ',' or '}'"));
                        }
                    }
                    Value::Object(fields)
                }
                Some(b'[') => {
                    self.i += 1;
                    let mut items = Vec::new();
                    self.ws();
                    if !self.eat(b']') {
                        loop {
                            self.ws();
                            items.push(self.value()?);
                            self.ws();
                            if self.eat(b',') {
                                continue;
                            }
                            if self.eat(b']') {
                                break;
                            }
                            return Err(self.err("expected ',' or ']'"));
                        }
                    }
                    Value::Array(items)
                }
                Some(b'"') => Value::String(self.string()?),
                Some(b't') if self.s[self.i..].starts_with(b"true") => {
                    self.i += 4;
                    Value::Bool(true)
                }
                Some(b'f') if self.s[self.i..].starts_with(b"false") => {
                    self.i += 5;
                    Value::Bool(false)
                }
                Some(b'n') if self.s[self.i..].starts_with(b"null") => {
                    self.i += 4;
                    Value::Null
                }
                Some(b'-' | b'0'..=b'9') => {
                    let start = self.i;
                    while self.i < self.s.len()
                        && matches!(self.s[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    {
                        self.i += 1;
                    }
                    let t = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
                    Value::Number(t.parse().map_err(|_| self.err("bad number"))?)
                }
                _ => return Err(self.err("expected a value")),
            };
            self.depth -= 1;
            Ok(v)
        }
        fn hex4(&mut self) -> Result<u32, String> {
            let h = self
                .s
                .get(self.i..self.i + 4)
                .ok_or_else(|| self.err("short \\u escape"))?;
            let v = u32::from_str_radix(std::str::from_utf8(h).unwrap_or("x"), 16)
                .map_err(|_| self.err("bad \\u escape"))?;
            self.i += 4;
            Ok(v)
        }
        fn string(&mut self) -> Result<String, String> {
            if !self.eat(b'"') {
                return Err(self.err("expected a string"));
            }
            let mut out: Vec<u8> = Vec::new();
            loop {
                let Some(&b) = self.s.get(self.i) else {
                    return Err(self.err("unterminated string"));
                };
                self.i += 1;
                match b {
                    b'"' => break,
                    b'\\' => {
                        let Some(&e) = self.s.get(self.i) else {
                            return Err(self.err("unterminated string"));
                        };
                        self.i += 1;
                        let c = match e {
                            b'"' => '"',
                            b'\\' => '\\',
                            b'/' => '/',
                            b'b' => '\u{8}',
                            b'f' => '\u{c}',
                            b'n' => '\n',
                            b'r' => '\r',
                            b't' => '\t',
                            b'u' => {
                                let hi = self.hex4()?;
                                let cp = if (0xD800..0xDC00).contains(&hi) && self.s[self.i..].starts_with(b"\\u") {
                                    self.i += 2;
                                    let lo = self.hex4()?;
                                    0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF)
                                } else {
                                    hi
                                };
                                char::from_u32(cp).unwrap_or('\u{FFFD}')
                            }
                            _ => return Err(self.err("bad escape")),
                        };
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                    b => out.push(b),
                }
            }
            Ok(String::from_utf8_lossy(&out).into_owned())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_reader() {
        let v = json::parse(r#"[{"a": "x\"y\u00e9\n", "b": [1, -2.5e3, true, false, null], "c": {}}]"#).unwrap();
        let json::Value::Array(items) = v else { panic!() };
        let json::Value::Object(f) = &items[0] else { panic!() };
        assert_eq!(f[0], ("a".to_string(), json::Value::String("x\"y\u{e9}\n".into())));
        assert!(json::parse("[1,").is_err());
        assert!(json::parse("{\"a\" 1}").is_err());
        assert!(json::parse(&"[".repeat(10000)).is_err());
    }
}
