//! PTX text -> syntax tree.
//!
//! A small hand-written tokenizer and recursive-descent parser for the subset of PTX (ISA 7.x-9.x)
//! that LLVM 22's NVPTX back end and NVRTC/`nvcc -ptx` 13 emit: module directives (`.version`,
//! `.target`, `.address_size`), variables in every state space with initializers, `.entry` and
//! `.func` declarations/definitions with parameters and return parameters, nested `{ }` blocks,
//! `.reg`/`.local`/`.shared`/`.param` declarations inside bodies, labels, `.branchtargets`, and
//! instructions with guards, vector operands `{a, b}`, address expressions `[%rd1+-4]`, call
//! argument lists `(a, b)`, predicate pairs `%p|%q` and immediates (`0x..`, `0f3F800000`,
//! `0d...`). Debug directives (`.loc`, `.file`, `.section`) are skipped. Names are kept as text;
//! [`crate::module`] resolves them.

use crate::EmuError;

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Ident(String),
    Num(String),
    Str(String),
    Punct(char),
}

fn tokenize(src: &str) -> Result<Vec<(Tok, u32)>, EmuError> {
    let mut out = Vec::new();
    let b = src.as_bytes();
    let mut i = 0;
    let mut line = 1u32;
    // Skip line-oriented debug directives that have no terminating semicolon.
    let mut at_line_start = true;
    while i < b.len() {
        let c = b[i] as char;
        if c == '\n' {
            line += 1;
            i += 1;
            at_line_start = true;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if at_line_start {
            at_line_start = false;
            let rest = &src[i..];
            if rest.starts_with(".loc ")
                || rest.starts_with(".loc\t")
                || rest.starts_with(".file ")
                || rest.starts_with(".file\t")
            {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
        }
        if c == '/' && i + 1 < b.len() && b[i + 1] == b'/' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && i + 1 < b.len() && b[i + 1] == b'*' {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                if b[i] == b'\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 2;
            continue;
        }
        if c == '"' {
            let s = i + 1;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += 1;
            }
            out.push((Tok::Str(src[s..i.min(b.len())].to_string()), line));
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Num(src[s..i].to_string()), line));
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' || c == '$' || c == '%' || c == '.' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'_' | b'$' | b'%' | b'.')) {
                i += 1;
            }
            out.push((Tok::Ident(src[s..i].to_string()), line));
            continue;
        }
        if "{}()[],;:+-@!<>=|".contains(c) {
            out.push((Tok::Punct(c), line));
            i += 1;
            continue;
        }
        return Err(EmuError::Parse {
            line,
            msg: format!("unexpected character `{c}`"),
        });
    }
    Ok(out)
}

/// A raw operand: names are unresolved.
#[derive(Debug, Clone, PartialEq)]
pub enum RawOp {
    /// `%r1`, `%tid.x`, a symbol or label name.
    Name(String),
    /// An integer immediate (two's complement bits) or a `0f`/`0d` float bit pattern.
    Imm(u64),
    /// `[base+off]`; base absent for `[0x100]`.
    Addr(Option<String>, i64),
    /// `{a, b, c, d}`.
    Vec(Vec<RawOp>),
    /// `(a, b)` in `call`.
    List(Vec<RawOp>),
    /// `%p|%q` (setp with two destinations).
    Pair(String, String),
    /// `_`.
    Sink,
    /// `[handle, {coords}]` (texture and surface instructions).
    TexAddr(String, Box<RawOp>),
}

#[derive(Debug, Clone)]
pub struct RawInst {
    pub guard: Option<(String, bool)>,
    pub opcode: String,
    pub ops: Vec<RawOp>,
    pub line: u32,
}

#[derive(Debug, Clone)]
pub enum Stmt {
    Inst(RawInst),
    Label(String),
    /// `name: .branchtargets a, b;`
    BranchTargets(String, Vec<String>),
    /// `name: .callprototype (...) _ (...);` (the signature of an indirect call; not checked).
    Proto(String),
    /// Register names declared without a `%` prefix.
    Reg(Vec<String>),
    /// `.local`/`.shared`/`.param` declaration inside a body.
    Var(VarDecl),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    Global,
    Const,
    Shared,
    Local,
    Param,
}

#[derive(Debug, Clone)]
pub struct VarDecl {
    pub space: Space,
    pub name: String,
    pub align: u64,
    /// Element size in bytes.
    pub elem: u64,
    /// Total size in bytes (0 for `.extern .shared x[]`).
    pub size: u64,
    pub external: bool,
    pub init: Option<Vec<u8>>,
    /// Addresses in the initializer (`{f, g}`, `generic(x)+8`): (byte offset, symbol, addend),
    /// patched when the module is linked.
    pub relocs: Vec<(u64, String, i64)>,
}

#[derive(Debug, Clone)]
pub struct FuncDecl {
    pub name: String,
    pub is_entry: bool,
    pub rets: Vec<VarDecl>,
    pub params: Vec<VarDecl>,
    pub body: Option<Vec<Stmt>>,
}

#[derive(Debug, Default)]
pub struct Ast {
    pub version: String,
    pub target: String,
    pub vars: Vec<VarDecl>,
    pub funcs: Vec<FuncDecl>,
}

struct P {
    toks: Vec<(Tok, u32)>,
    pos: usize,
}

pub fn type_size(t: &str) -> Option<u64> {
    Some(match t {
        ".b8" | ".u8" | ".s8" | ".pred" => 1,
        ".b16" | ".u16" | ".s16" | ".f16" | ".bf16" => 2,
        ".b32" | ".u32" | ".s32" | ".f32" | ".f16x2" | ".bf16x2" => 4,
        ".b64" | ".u64" | ".s64" | ".f64" => 8,
        ".b128" => 16,
        _ => return None,
    })
}

impl P {
    fn line(&self) -> u32 {
        self.toks.get(self.pos).or(self.toks.last()).map_or(0, |t| t.1)
    }
    fn err<T>(&self, msg: impl Into<String>) -> Result<T, EmuError> {
        Err(EmuError::Parse {
            line: self.line(),
            msg: msg.into(),
        })
    }
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }
    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k).map(|t| &t.0)
    }
    fn next(&mut self) -> Result<Tok, EmuError> {
        let t = self.toks.get(self.pos).map(|t| t.0.clone());
        self.pos += 1;
        match t {
            Some(t) => Ok(t),
            None => self.err("unexpected end of input"),
        }
    }
    fn is_punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }
    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect_punct(&mut self, c: char) -> Result<(), EmuError> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.err(format!("expected `{c}`, found {:?}", self.peek()))
        }
    }
    fn is_ident(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(i)) if i == s)
    }
    fn ident(&mut self) -> Result<String, EmuError> {
        match self.next()? {
            Tok::Ident(s) => Ok(s),
            t => self.err(format!("expected a name, found {t:?}")),
        }
    }
    fn number(&mut self) -> Result<i64, EmuError> {
        let neg = self.eat_punct('-');
        match self.next()? {
            Tok::Num(s) => match parse_int(&s) {
                Some(v) => Ok(if neg { (v as i64).wrapping_neg() } else { v as i64 }),
                None => self.err(format!("bad number `{s}`")),
            },
            t => self.err(format!("expected a number, found {t:?}")),
        }
    }
    fn skip_to_semi(&mut self) -> Result<(), EmuError> {
        while !self.eat_punct(';') {
            self.next()?;
        }
        Ok(())
    }
}

/// Integer literal (decimal, `0x`, octal `0...`, binary `0b`, optional `U` suffix) or float bits.
pub fn parse_int(s: &str) -> Option<u64> {
    let s = s.trim_end_matches(['U', 'u']);
    if let Some(h) = s.strip_prefix("0f").or_else(|| s.strip_prefix("0F")) {
        if h.len() == 8 {
            return u64::from_str_radix(h, 16).ok();
        }
    }
    if let Some(h) = s.strip_prefix("0d").or_else(|| s.strip_prefix("0D")) {
        if h.len() == 16 {
            return u64::from_str_radix(h, 16).ok();
        }
    }
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if let Some(h) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        return u64::from_str_radix(h, 2).ok();
    }
    if s.contains('.') || s.contains('e') || s.contains('E') {
        return s.parse::<f64>().ok().map(f64::to_bits);
    }
    if s.len() > 1 && s.starts_with('0') {
        return u64::from_str_radix(&s[1..], 8).ok();
    }
    s.parse::<u64>().ok()
}

pub fn parse(src: &str) -> Result<Ast, EmuError> {
    let mut p = P {
        toks: tokenize(src)?,
        pos: 0,
    };
    let mut ast = Ast::default();
    while p.peek().is_some() {
        let t = p.ident()?;
        match t.as_str() {
            ".version" => {
                if let Tok::Num(v) = p.next()? {
                    ast.version = v;
                }
            }
            ".target" => {
                ast.target = p.ident()?;
                while p.eat_punct(',') {
                    p.ident()?;
                }
            }
            ".address_size" => {
                p.number()?;
            }
            ".visible" | ".extern" | ".weak" | ".common" => {
                // Linkage: look at what follows.
                let external = t == ".extern";
                if p.is_ident(".entry") || p.is_ident(".func") {
                    let f = parse_func(&mut p)?;
                    ast.funcs.push(f);
                } else {
                    let sp = p.ident()?;
                    let mut v = parse_var(&mut p, &sp)?;
                    v.external = external;
                    ast.vars.push(v);
                }
            }
            ".entry" | ".func" => {
                p.pos -= 1;
                let f = parse_func(&mut p)?;
                ast.funcs.push(f);
            }
            ".global" | ".const" | ".shared" | ".local" => {
                let v = parse_var(&mut p, &t)?;
                ast.vars.push(v);
            }
            ".pragma" => p.skip_to_semi()?,
            ".section" => {
                // Debug sections: skip the braced body.
                p.ident()?;
                p.expect_punct('{')?;
                let mut depth = 1;
                while depth > 0 {
                    match p.next()? {
                        Tok::Punct('{') => depth += 1,
                        Tok::Punct('}') => depth -= 1,
                        _ => {}
                    }
                }
            }
            other => return p.err(format!("unexpected module directive `{other}`")),
        }
    }
    Ok(ast)
}

fn space_of(s: &str) -> Option<Space> {
    Some(match s {
        ".global" => Space::Global,
        ".const" => Space::Const,
        ".shared" => Space::Shared,
        ".local" => Space::Local,
        ".param" => Space::Param,
        _ => return None,
    })
}

/// After the state space keyword: `[.align N] [.ptr...] .type name[N]... [= init];` (the `;` is
/// consumed only when `want_semi`).
fn parse_var_inner(p: &mut P, space_kw: &str, want_semi: bool) -> Result<VarDecl, EmuError> {
    let space = match space_of(space_kw) {
        Some(s) => s,
        None => return p.err(format!("unknown state space `{space_kw}`")),
    };
    let mut align = 0;
    let mut elem = 0;
    let mut vec = 1;
    // `.ptr [.space] [.align N]` on a kernel parameter: `N` is the pointee's alignment
    let mut ptr = false;
    let name;
    loop {
        let t = p.ident()?;
        match t.as_str() {
            ".align" if ptr => {
                p.number()?;
            }
            ".align" => align = p.number()? as u64,
            ".ptr" => ptr = true,
            ".global" | ".const" | ".shared" | ".local" | ".volatile" => {}
            ".v2" => vec = 2,
            ".v4" => vec = 4,
            ".attribute" => {
                p.expect_punct('(')?;
                while !p.eat_punct(')') {
                    p.next()?;
                }
            }
            _ if t.starts_with('.') => match type_size(&t) {
                Some(s) => elem = s * vec,
                None => return p.err(format!("unknown type `{t}` in declaration")),
            },
            _ => {
                name = t;
                break;
            }
        }
    }
    if align == 0 {
        align = elem.max(1);
    }
    let mut count: u64 = 1;
    let mut unsized_ = false;
    while p.eat_punct('[') {
        if p.eat_punct(']') {
            unsized_ = true;
            continue;
        }
        count *= p.number()? as u64;
        p.expect_punct(']')?;
    }
    let size = if unsized_ { 0 } else { elem * count };
    let mut init = None;
    let mut relocs = Vec::new();
    if p.eat_punct('=') {
        let mut vals = Vec::new();
        parse_init(p, &mut vals)?;
        let mut bytes = Vec::with_capacity(size as usize);
        for (k, v) in vals.into_iter().enumerate() {
            match v {
                Init::Value(v) => bytes.extend_from_slice(&v.to_le_bytes()[..elem as usize]),
                Init::Sym(n, add) => {
                    relocs.push((k as u64 * elem, n, add));
                    bytes.extend_from_slice(&vec![0u8; elem as usize]);
                }
            }
        }
        bytes.resize(size.max(bytes.len() as u64) as usize, 0);
        init = Some(bytes);
    }
    if want_semi {
        p.expect_punct(';')?;
    }
    Ok(VarDecl {
        space,
        name,
        align,
        elem,
        size,
        external: false,
        init,
        relocs,
    })
}

enum Init {
    Value(u64),
    /// The address of a symbol plus an addend.
    Sym(String, i64),
}

fn parse_init(p: &mut P, out: &mut Vec<Init>) -> Result<(), EmuError> {
    if p.eat_punct('{') {
        if !p.eat_punct('}') {
            loop {
                parse_init(p, out)?;
                if p.eat_punct('}') {
                    break;
                }
                p.expect_punct(',')?;
            }
        }
        return Ok(());
    }
    match p.peek() {
        Some(Tok::Ident(_)) => {
            // `name`, `generic(name)`, either `+ offset`
            let mut n = p.ident()?;
            if n == "generic" && p.eat_punct('(') {
                n = p.ident()?;
                p.expect_punct(')')?;
            }
            let mut add = 0i64;
            while p.is_punct('+') || p.is_punct('-') {
                let neg = p.eat_punct('-');
                if !neg {
                    p.expect_punct('+')?;
                }
                let v = p.number()?;
                add = if neg { add.wrapping_sub(v) } else { add.wrapping_add(v) };
            }
            out.push(Init::Sym(n, add));
            Ok(())
        }
        _ => {
            out.push(Init::Value(p.number()? as u64));
            Ok(())
        }
    }
}

fn parse_var(p: &mut P, space_kw: &str) -> Result<VarDecl, EmuError> {
    parse_var_inner(p, space_kw, true)
}

fn parse_params(p: &mut P) -> Result<Vec<VarDecl>, EmuError> {
    let mut v = Vec::new();
    p.expect_punct('(')?;
    if p.eat_punct(')') {
        return Ok(v);
    }
    loop {
        let sp = p.ident()?;
        v.push(parse_var_inner(p, &sp, false)?);
        if p.eat_punct(')') {
            break;
        }
        p.expect_punct(',')?;
    }
    Ok(v)
}

fn parse_func(p: &mut P) -> Result<FuncDecl, EmuError> {
    let kind = p.ident()?;
    let is_entry = kind == ".entry";
    let mut rets = Vec::new();
    if p.is_punct('(') {
        rets = parse_params(p)?;
    }
    let name = p.ident()?;
    let mut params = Vec::new();
    if p.is_punct('(') {
        params = parse_params(p)?;
    }
    // Performance directives.
    loop {
        match p.peek() {
            Some(Tok::Ident(d)) if d.starts_with('.') => {
                let d = d.clone();
                p.pos += 1;
                if d == ".pragma" {
                    p.skip_to_semi()?;
                    continue;
                }
                // numbers separated by commas
                while matches!(p.peek(), Some(Tok::Num(_))) {
                    p.pos += 1;
                    if !p.eat_punct(',') {
                        break;
                    }
                }
            }
            _ => break,
        }
    }
    if p.eat_punct(';') {
        return Ok(FuncDecl {
            name,
            is_entry,
            rets,
            params,
            body: None,
        });
    }
    p.expect_punct('{')?;
    let mut body = Vec::new();
    let mut depth = 1;
    while depth > 0 {
        let line = p.line();
        match p.next()? {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => depth -= 1,
            Tok::Punct('@') => {
                let neg = p.eat_punct('!');
                let g = p.ident()?;
                let mut i = parse_inst(p, line)?;
                i.guard = Some((g, neg));
                body.push(Stmt::Inst(i));
            }
            Tok::Ident(t) => {
                if p.is_punct(':') {
                    p.pos += 1;
                    if p.is_ident(".branchtargets") {
                        p.pos += 1;
                        let mut ts = vec![p.ident()?];
                        while p.eat_punct(',') {
                            ts.push(p.ident()?);
                        }
                        p.expect_punct(';')?;
                        body.push(Stmt::BranchTargets(t, ts));
                    } else if p.is_ident(".callprototype") {
                        p.skip_to_semi()?;
                        body.push(Stmt::Proto(t));
                    } else {
                        body.push(Stmt::Label(t));
                    }
                    continue;
                }
                match t.as_str() {
                    ".reg" => {
                        // `.reg .b32 %r<36>;`, `.reg .b32 a, b;`: names without `%` are recorded so
                        // that they resolve as registers (inline asm from libdevice uses `tmp`).
                        let mut names = Vec::new();
                        while !p.eat_punct(';') {
                            if let Tok::Ident(n) = p.next()? {
                                if !n.starts_with('.') && !n.starts_with('%') {
                                    names.push(n);
                                }
                            }
                        }
                        body.push(Stmt::Reg(names));
                    }
                    ".pragma" => p.skip_to_semi()?,
                    ".local" | ".shared" | ".param" | ".global" | ".const" => {
                        body.push(Stmt::Var(parse_var(p, &t)?));
                    }
                    _ if t.starts_with('.') => return p.err(format!("unexpected directive `{t}` in function body")),
                    _ => {
                        p.pos -= 1;
                        body.push(Stmt::Inst(parse_inst(p, line)?));
                    }
                }
            }
            t => return p.err(format!("unexpected token {t:?} in function body")),
        }
    }
    Ok(FuncDecl {
        name,
        is_entry,
        rets,
        params,
        body: Some(body),
    })
}

fn parse_inst(p: &mut P, line: u32) -> Result<RawInst, EmuError> {
    let opcode = p.ident()?;
    let mut ops = Vec::new();
    if !p.eat_punct(';') {
        loop {
            ops.push(parse_operand(p)?);
            if p.eat_punct(';') {
                break;
            }
            p.expect_punct(',')?;
        }
    }
    Ok(RawInst {
        guard: None,
        opcode,
        ops,
        line,
    })
}

fn parse_operand(p: &mut P) -> Result<RawOp, EmuError> {
    if p.eat_punct('[') {
        let mut base = None;
        let mut off: i64 = 0;
        match p.peek() {
            Some(Tok::Ident(_)) => base = Some(p.ident()?),
            _ => off = p.number()?,
        }
        // `[handle, {coords}]` of tex/tld4/suld/sust
        if let (Some(h), true) = (&base, p.eat_punct(',')) {
            let coords = parse_operand(p)?;
            p.expect_punct(']')?;
            return Ok(RawOp::TexAddr(h.clone(), Box::new(coords)));
        }
        while !p.eat_punct(']') {
            if p.eat_punct('+') {
                off = off.wrapping_add(p.number()?);
            } else if p.eat_punct('-') {
                off = off.wrapping_sub(p.number()?);
            } else {
                return p.err("bad address expression");
            }
        }
        return Ok(RawOp::Addr(base, off));
    }
    if p.eat_punct('{') {
        let mut v = Vec::new();
        loop {
            v.push(parse_operand(p)?);
            if p.eat_punct('}') {
                break;
            }
            p.expect_punct(',')?;
        }
        return Ok(RawOp::Vec(v));
    }
    if p.eat_punct('(') {
        let mut v = Vec::new();
        if !p.eat_punct(')') {
            loop {
                v.push(parse_operand(p)?);
                if p.eat_punct(')') {
                    break;
                }
                p.expect_punct(',')?;
            }
        }
        return Ok(RawOp::List(v));
    }
    match p.peek() {
        Some(Tok::Ident(_)) => {
            let n = p.ident()?;
            if n == "_" {
                return Ok(RawOp::Sink);
            }
            if p.is_punct('|') {
                p.pos += 1;
                let m = p.ident()?;
                return Ok(RawOp::Pair(n, m));
            }
            // `sym+4` as a mov source
            if p.is_punct('+') && matches!(p.peek_at(1), Some(Tok::Num(_))) {
                p.pos += 1;
                let off = p.number()?;
                return Ok(RawOp::Addr(Some(n), off).into_symoff());
            }
            Ok(RawOp::Name(n))
        }
        _ => Ok(RawOp::Imm(p.number()? as u64)),
    }
}

impl RawOp {
    fn into_symoff(self) -> RawOp {
        // Represented as a List with a marker: Name + Imm offset; kept as Addr for simplicity.
        match self {
            RawOp::Addr(Some(n), off) => RawOp::List(vec![RawOp::Name(n), RawOp::Imm(off as u64)]),
            o => o,
        }
    }
}
