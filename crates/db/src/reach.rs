//! Which declarations device code reaches, for deferred diagnostics (clang's model for CUDA):
//! a problem inside a system-header declaration that device code never names is not a
//! diagnostic of the device compile. Real glibc, libstdc++ and toolkit headers hold thousands of
//! host declarations using GNU extensions and C++ that warpc does not implement (asm labels,
//! bit-fields, `wchar_t` functions...), and they must cost nothing.
//!
//! Reaching is by name, over the macro-expanded tokens: the roots are the device-side
//! declarations (`__device__`/`__global__` functions, variables in device memory,
//! `static_assert`s) of user files; everything nested inside a reached declaration is reached;
//! and a reached declaration reaches the declarations its names may denote, by C++'s lookup
//! approximated on names: `w` after `.`/`->` any member named `w`; `q::w` a `w` declared inside
//! some `q` (any `w` when no `q` has one: `q` may be a typedef); an unqualified `w` a `w` of the
//! global namespace, of a scope enclosing the user (namespaces, classes), or of a namespace some
//! `using namespace` names. This over-approximates what the checker resolves (a host
//! declaration sharing a name with a device one is kept), so a construct device code depends on
//! keeps its diagnostic, while the unrelated bulk of libstdc++ is never reached.

use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;
use warpc_base::{FileId, TextRange, TextSize};
use warpc_hir::item_tree::{Item, ItemSourceMap, ItemTree};
use warpc_pp::PpOutput;
use warpc_syntax::{Piece, SyntaxKind};

/// CUDA's builtin variables and the types they have.
const BUILTIN_VARIABLE_TYPES: &[(&str, &str)] = &[
    ("threadIdx", "uint3"),
    ("blockIdx", "uint3"),
    ("blockDim", "dim3"),
    ("gridDim", "dim3"),
];

/// The builtin variables (`warpSize` is a constant).
const BUILTIN_VARIABLES: &[&str] = &["threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"];

/// The device runtime's functions a device-side launch (`k<<<g, b>>>(...)`) calls, which no word
/// of the program names (warpc_hir's `device_launch` looks them up).
const LAUNCH_RUNTIME: &[&str] = &["__cudaCDP2GetParameterBufferV2", "__cudaCDP2LaunchDeviceV2"];

/// How a name is written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Qual {
    /// `w`
    None,
    /// `q::w` (`q` empty for `::w`)
    Scope(SmolStr),
    /// `x.w`, `p->w`
    Member,
    /// The target of a `using namespace a::b;` directive as written (`a::b`, without a leading
    /// `::`), at its `;`: inside a function body, it makes the unqualified names after it in
    /// that item also denote the declarations of that namespace.
    Directive,
}

/// Words of each file: `(offset, identifier, qualification)`, sorted by offset.
type Words = FxHashMap<FileId, Vec<(TextSize, SmolStr, Qual)>>;

/// `#include`s of each file: `(offset of the directive, included file, the range of the included
/// file that inclusion read)`. A declaration spanning an `#include` (`extern "C" { #include ... }`,
/// glibc's `#include <bits/mathcalls.h>` inside a macro context) also holds the included words.
type Includes = FxHashMap<FileId, Vec<(TextSize, FileId, TextRange)>>;

/// Template heads of each file: the offset of the first token after a `template <...>` head
/// (where the declaration it introduces starts) -> the offset of its `template`. A template's
/// item covers only the declaration after the head; the head's words (the defaults of
/// `template <class T, class = std::enable_if_t<...>>`) are the item's too.
type Heads = FxHashMap<FileId, FxHashMap<TextSize, TextSize>>;

/// Per open file while scanning: the file, its text, and the two tokens before the current one.
#[derive(Clone)]
struct Open {
    file: FileId,
    text: std::sync::Arc<str>,
    prev: (SyntaxKind, SmolStr),
    prev2: (SyntaxKind, SmolStr),
    /// The template names of the open `<`s, and of the last one closed (`A<T>::w`).
    angles: Vec<SmolStr>,
    closed: SmolStr,
    /// Start of the last piece read here (an `#include` directive while a file it includes
    /// is open; `None` before the first: a file the preprocessor opens before any piece of
    /// the main file, the prelude and the `-include`s, is in the middle of no declaration),
    /// and the range this inclusion of the file covered.
    last: Option<TextSize>,
    span: Option<TextRange>,
    /// An open template head: the offset of its `template`, and the depth of `<`s and of
    /// parentheses inside it (`template <int N = (1 > 0)>`).
    head: Option<(TextSize, i32, i32)>,
    /// A head just closed (its `template`'s offset), until the token after it.
    head_closed: Option<TextSize>,
    /// The offset of the last `template` read.
    last_template: TextSize,
    /// Inside a `using namespace` directive (until its `;`), and its target so far.
    using_ns: bool,
    using_path: String,
}

impl Open {
    fn new(file: FileId, text: std::sync::Arc<str>) -> Open {
        let none = || (SyntaxKind::EOF, SmolStr::default());
        Open {
            file,
            text,
            prev: none(),
            prev2: none(),
            angles: Vec::new(),
            closed: SmolStr::default(),
            last: None,
            span: None,
            head: None,
            head_closed: None,
            last_template: TextSize::default(),
            using_ns: false,
            using_path: String::new(),
        }
    }
}

/// The identifiers the grammar saw in each file, with how each is qualified and its offset (an
/// expanded token sits at its macro invocation), where each file includes others, and the
/// template heads: made by feeding the preprocessor's pieces in order. A scan of a preamble
/// ([`preamble_words`]) is kept and goes on with the rest of the unit ([`WordIndex::after`]), so an
/// edit below the `#include`s does not rescan every header.
#[derive(Clone, Default)]
pub struct WordScan {
    words: Words,
    includes: Includes,
    heads: Heads,
    stack: Vec<Open>,
    /// How many pieces were fed (a preamble's: where the rest of the unit starts).
    pieces: usize,
}

impl WordScan {
    /// A scan whose main file is `main` (its pieces come first, without an `EnterFile`).
    fn new(main: Option<FileId>, text: &dyn Fn(FileId) -> std::sync::Arc<str>) -> WordScan {
        WordScan {
            stack: main.map(|m| Open::new(m, text(m))).into_iter().collect(),
            ..WordScan::default()
        }
    }

    fn feed<'p>(&mut self, pieces: impl Iterator<Item = &'p Piece>, text: &dyn Fn(FileId) -> std::sync::Arc<str>) {
        let WordScan {
            words: out,
            includes,
            heads,
            stack,
            pieces: fed,
        } = self;
        for piece in pieces {
            *fed += 1;
            let (kind, spelling, at) = match piece {
                Piece::EnterFile { file } => {
                    stack.push(Open::new(*file, text(*file)));
                    continue;
                }
                Piece::LeaveFile => {
                    if let Some(left) = stack.pop() {
                        if let (Some(includer), Some(span)) = (stack.last(), left.span) {
                            if let Some(at) = includer.last {
                                includes.entry(includer.file).or_default().push((at, left.file, span));
                            }
                        }
                    }
                    continue;
                }
                Piece::Token { kind, range } => {
                    let Some(open) = stack.last() else { continue };
                    let spelling = if *kind == SyntaxKind::IDENT {
                        open.text
                            .get(std::ops::Range::<usize>::from(*range))
                            .map(SmolStr::new)
                            .unwrap_or_default()
                    } else {
                        SmolStr::default()
                    };
                    (*kind, spelling, range.start())
                }
                Piece::Expanded { kind, text, call } => {
                    let spelling = if *kind == SyntaxKind::IDENT {
                        text.clone()
                    } else {
                        SmolStr::default()
                    };
                    (*kind, spelling, call.start())
                }
                Piece::Trivia { range, .. } => {
                    if let Some(open) = stack.last_mut() {
                        open.last = Some(range.start());
                        open.span = Some(open.span.map_or(*range, |s| s.cover(*range)));
                    }
                    continue;
                }
            };
            let Some(open) = stack.last_mut() else { continue };
            open.last = Some(at);
            let here = TextRange::empty(at);
            open.span = Some(open.span.map_or(here, |s| s.cover(here)));
            if let Some(start) = open.head_closed.take() {
                heads.entry(open.file).or_default().insert(at, start);
            }
            match (&mut open.head, kind) {
                // `template <`: a head (`x.template f<T>` and `extern template class S<int>;` have
                // none; a template template parameter's is inside the head).
                (None, SyntaxKind::LT) if open.prev.0 == SyntaxKind::TEMPLATE_KW => {
                    open.head = Some((open.last_template, 1, 0));
                }
                (Some((start, angles, parens)), _) => {
                    match kind {
                        SyntaxKind::L_PAREN => *parens += 1,
                        SyntaxKind::R_PAREN => *parens -= 1,
                        SyntaxKind::LT if *parens <= 0 => *angles += 1,
                        SyntaxKind::GT if *parens <= 0 => *angles -= 1,
                        SyntaxKind::SHR if *parens <= 0 => *angles -= 2,
                        _ => {}
                    }
                    if *angles <= 0 {
                        open.head_closed = Some(*start);
                        open.head = None;
                    } else if matches!(kind, SyntaxKind::SEMICOLON | SyntaxKind::L_CURLY | SyntaxKind::R_CURLY) {
                        // Not a head after all (error recovery).
                        open.head = None;
                    }
                }
                _ => {}
            }
            if kind == SyntaxKind::TEMPLATE_KW {
                open.last_template = at;
            }
            if kind == SyntaxKind::NAMESPACE_KW && open.prev.0 == SyntaxKind::USING_KW {
                open.using_ns = true;
                open.using_path.clear();
            } else if open.using_ns && matches!(kind, SyntaxKind::SEMICOLON | SyntaxKind::L_CURLY | SyntaxKind::R_CURLY)
            {
                open.using_ns = false;
                if kind == SyntaxKind::SEMICOLON && open.prev.0 == SyntaxKind::IDENT {
                    let target = open.using_path.trim_start_matches("::");
                    out.entry(open.file)
                        .or_default()
                        .push((at, SmolStr::new(target), Qual::Directive));
                }
            } else if open.using_ns {
                match kind {
                    SyntaxKind::IDENT => open.using_path.push_str(&spelling),
                    SyntaxKind::COLON2 => open.using_path.push_str("::"),
                    _ => {}
                }
            }
            if kind == SyntaxKind::IDENT {
                let qual = match open.prev.0 {
                    SyntaxKind::DOT | SyntaxKind::ARROW => Qual::Member,
                    SyntaxKind::COLON2 if open.prev2.0 == SyntaxKind::IDENT => Qual::Scope(open.prev2.1.clone()),
                    SyntaxKind::COLON2 if matches!(open.prev2.0, SyntaxKind::GT | SyntaxKind::SHR) => {
                        Qual::Scope(open.closed.clone())
                    }
                    // `A<T>::w`, `::w`: some scope.
                    SyntaxKind::COLON2 => Qual::Scope(SmolStr::default()),
                    _ => Qual::None,
                };
                out.entry(open.file).or_default().push((at, spelling.clone(), qual));
            }
            match kind {
                SyntaxKind::LT => open.angles.push(if open.prev.0 == SyntaxKind::IDENT {
                    open.prev.1.clone()
                } else {
                    SmolStr::default()
                }),
                SyntaxKind::GT => open.closed = open.angles.pop().unwrap_or_default(),
                SyntaxKind::SHR => {
                    open.angles.pop();
                    open.closed = open.angles.pop().unwrap_or_default();
                }
                SyntaxKind::SEMICOLON | SyntaxKind::L_CURLY | SyntaxKind::R_CURLY => open.angles.clear(),
                _ => {}
            }
            open.prev2 = std::mem::replace(&mut open.prev, (kind, spelling));
        }
    }

    /// Sorts each file's words by offset (an `#include` in the middle of a file interleaves).
    fn finish(mut self) -> WordScan {
        for words in self.words.values_mut() {
            words.sort_by_key(|(at, _, _)| *at);
        }
        self
    }
}

impl std::fmt::Debug for WordScan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WordScan({} files)", self.words.len())
    }
}

/// Scans a preamble's pieces ([`warpc_pp::Preamble`]), whose main file is `main`, to go on from.
pub fn preamble_words(
    pieces: &warpc_syntax::Pieces,
    main: FileId,
    text: &dyn Fn(FileId) -> std::sync::Arc<str>,
) -> std::sync::Arc<WordScan> {
    let mut scan = WordScan::new(Some(main), text);
    scan.feed(pieces.iter(), text);
    std::sync::Arc::new(scan.finish())
}

/// The words, includes and template heads of a whole unit: a preamble's scan, shared, with the
/// files the rest of the unit added to (the main file always) scanned again on top.
pub struct WordIndex {
    base: std::sync::Arc<WordScan>,
    over: WordScan,
}

impl WordIndex {
    /// The whole unit scanned in one go.
    pub fn scan(pp: &PpOutput, text: &dyn Fn(FileId) -> std::sync::Arc<str>) -> WordIndex {
        let mut over = WordScan::new(pp.included_files.first().copied(), text);
        over.feed(pp.pieces.iter(), text);
        WordIndex {
            base: Default::default(),
            over: over.finish(),
        }
    }

    /// The unit `pp`, whose first pieces are the preamble `base` scanned; `None` when the
    /// preamble's scan cannot go on (its main file is not this unit's, or it ended inside an
    /// included file).
    pub fn after(
        base: std::sync::Arc<WordScan>,
        pp: &PpOutput,
        text: &dyn Fn(FileId) -> std::sync::Arc<str>,
    ) -> Option<WordIndex> {
        let [main] = base.stack.as_slice() else { return None };
        if pp.included_files.first() != Some(&main.file) {
            return None;
        }
        let mut main = main.clone();
        // The main file's text is today's (the preamble's part of it is unchanged).
        main.text = text(main.file);
        let mut over = WordScan {
            stack: vec![main.clone()],
            ..WordScan::default()
        };
        // The main file's entries go on from the preamble's; so do those of a header the
        // rest includes again (without a guard).
        let rest = pp.pieces.suffix(base.pieces);
        let mut files = vec![main.file];
        files.extend(rest.iter().filter_map(|p| match p {
            Piece::EnterFile { file } => Some(*file),
            _ => None,
        }));
        for file in files {
            if over.words.contains_key(&file) || over.includes.contains_key(&file) || over.heads.contains_key(&file) {
                continue;
            }
            over.words
                .insert(file, base.words.get(&file).cloned().unwrap_or_default());
            over.includes
                .insert(file, base.includes.get(&file).cloned().unwrap_or_default());
            over.heads
                .insert(file, base.heads.get(&file).cloned().unwrap_or_default());
        }
        over.feed(rest.iter(), text);
        Some(WordIndex {
            base,
            over: over.finish(),
        })
    }

    fn words(&self, file: FileId) -> Option<&Vec<(TextSize, SmolStr, Qual)>> {
        self.over.words.get(&file).or_else(|| self.base.words.get(&file))
    }

    fn includes(&self, file: FileId) -> &[(TextSize, FileId, TextRange)] {
        self.over
            .includes
            .get(&file)
            .or_else(|| self.base.includes.get(&file))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    fn heads(&self, file: FileId) -> Option<&FxHashMap<TextSize, TextSize>> {
        self.over.heads.get(&file).or_else(|| self.base.heads.get(&file))
    }
}

/// The words of items that name some declaration, with what each included file contributes
/// collected once: an item spanning an `#include` (`extern "C" { #include ... }`, or error
/// recovery's declaration that swallowed the rest of a broken file) holds every word of the
/// included file, and several such items must not each walk a whole header again.
/// A word as written: its spelling and qualification.
type Word = (SmolStr, Qual);

/// The kept words of an included file's span, each once.
type IncludedWords = std::cell::RefCell<FxHashMap<(FileId, TextRange), std::rc::Rc<[Word]>>>;

struct WordCollector<'a> {
    index: &'a WordIndex,
    /// Whether a word names some declaration (or is a builtin variable), and what to record.
    keep: &'a dyn Fn(&SmolStr, &Qual, &mut Vec<Word>),
    included: IncludedWords,
}

impl WordCollector<'_> {
    /// Appends the kept words of `range` in `file` and of the files included there to `out`.
    fn collect(&self, file: FileId, range: TextRange, depth: u32, out: &mut Vec<(SmolStr, Qual)>) {
        if let Some(ws) = self.index.words(file) {
            let from = ws.partition_point(|(at, _, _)| *at < range.start());
            for (at, w, qual) in &ws[from..] {
                if *at >= range.end() {
                    break;
                }
                (self.keep)(w, qual, out);
            }
        }
        if depth >= 64 {
            return;
        }
        for &(at, included, span) in self.index.includes(file) {
            if range.contains(at) {
                // Past the range's end is exclusive; the covered span includes its last token.
                let span = TextRange::new(span.start(), span.end() + TextSize::from(1));
                let cached = self.included.borrow().get(&(included, span)).cloned();
                let words = match cached {
                    Some(words) => words,
                    None => {
                        let mut inner = Vec::new();
                        self.collect(included, span, depth + 1, &mut inner);
                        let mut once = FxHashSet::default();
                        inner.retain(|w| once.insert(w.clone()));
                        let words: std::rc::Rc<[(SmolStr, Qual)]> = inner.into();
                        self.included.borrow_mut().insert((included, span), words.clone());
                        words
                    }
                };
                out.extend(words.iter().cloned());
            }
        }
    }
}

/// The names an item declares, each with its scope (`ns::Rec` for `ns::Rec::f`; empty at
/// global scope). Enumerators of an unscoped enum live in the enum's scope.
fn names(tree: &ItemTree, item: &Item) -> Vec<(SmolStr, SmolStr)> {
    let split = |n: &str| match n.rsplit_once("::") {
        Some((scope, last)) => (SmolStr::new(scope), SmolStr::new(last)),
        None => (SmolStr::default(), SmolStr::new(n)),
    };
    match item {
        Item::Function(f) | Item::DeductionGuide(f) => vec![split(&f.name)],
        Item::Var(v) => vec![split(&v.name)],
        Item::Typedef { name, .. }
        | Item::MemberTypedef { name, .. }
        | Item::AliasTemplate { name, .. }
        | Item::VarTemplate { name, .. }
        | Item::UsingDecl { name, .. }
        | Item::NamespaceAlias { name, .. } => vec![split(name)],
        Item::Record(r) => tree
            .records
            .get(*r as usize)
            .and_then(|r| r.name.as_deref())
            .map(split)
            .into_iter()
            .collect(),
        Item::Enum(e) => tree
            .enums
            .get(*e as usize)
            .map(|e| {
                let named = e.name.as_deref().map(split);
                let scope = named.as_ref().map(|(s, _)| s.clone()).unwrap_or_default();
                named
                    .into_iter()
                    .chain(e.enumerators.iter().map(|(n, _)| match n.rsplit_once("::") {
                        Some(_) => split(n),
                        None => (scope.clone(), n.clone()),
                    }))
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The scope an item is declared in, for unqualified lookups from inside it.
fn own_scope(tree: &ItemTree, item: &Item) -> SmolStr {
    let full = match item {
        Item::Function(f) | Item::DeductionGuide(f) => f.name.clone(),
        Item::Var(v) => v.name.clone(),
        Item::Record(r) => tree
            .records
            .get(*r as usize)
            .and_then(|r| r.name.clone())
            .map(|n| SmolStr::new(format!("{n}::_")))
            .unwrap_or_default(),
        _ => names(tree, item)
            .first()
            .map(|(s, _)| SmolStr::new(format!("{s}::_")))
            .unwrap_or_default(),
    };
    full.rsplit_once("::").map(|(s, _)| SmolStr::new(s)).unwrap_or_default()
}

/// Whether `scope` is `inner` or encloses it (`a` encloses `a::b`; the global scope encloses all).
fn encloses(scope: &str, inner: &str) -> bool {
    scope.is_empty() || inner == scope || inner.strip_prefix(scope).is_some_and(|r| r.starts_with("::"))
}

/// The declarations of an item tree by name, for [`reached_items`]: built from the item tree and
/// the items' files only (not their ranges), so that it is not rebuilt while an edit changes
/// neither (the language server's edits inside function bodies).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReachNames {
    /// Declarations by their last name component: (scope, item). Operator functions are named
    /// by the operators written, not by their names: they are reached with anything of their
    /// scope ([`ReachNames::operators`]); global operators of the user's files and warpc's
    /// headers too; other files' global operators come with the classes they name
    /// ([`ReachNames::other_global_operators`]; libstdc++'s would come with every global name).
    by_name: FxHashMap<SmolStr, Vec<(SmolStr, usize)>>,
    operators: FxHashMap<SmolStr, Vec<usize>>,
    /// The other global operators (a toolkit header's `__half operator*(const __half &, ...)`).
    other_global_operators: Vec<usize>,
    /// The namespaces `using namespace` directives name.
    using_targets: Vec<SmolStr>,
}

impl ReachNames {
    /// The index of `tree`, whose item `i` comes from file `files[i]`.
    pub fn new(tree: &ItemTree, files: &[FileId], global_operators_file: &dyn Fn(FileId) -> bool) -> ReachNames {
        let mut by_name: FxHashMap<SmolStr, Vec<(SmolStr, usize)>> = FxHashMap::default();
        let mut operators: FxHashMap<SmolStr, Vec<usize>> = FxHashMap::default();
        let mut other_global_operators: Vec<usize> = Vec::new();
        for (i, (item, &file)) in tree.items.iter().zip(files).enumerate() {
            for (scope, name) in names(tree, item) {
                let is_operator = name.strip_prefix("operator").is_some_and(|rest| !rest.is_empty());
                if is_operator && (!scope.is_empty() || global_operators_file(file)) {
                    operators.entry(scope.clone()).or_default().push(i);
                } else if is_operator {
                    other_global_operators.push(i);
                }
                // A scope that is not a chain of identifiers (`}::,`, `typedef`) is what error
                // recovery made of a construct the parser did not understand: nothing names it.
                let sane = scope.is_empty()
                    || scope.split("::").all(|c| {
                        c.chars().next().is_some_and(|ch| ch.is_alphabetic() || ch == '_')
                            && c.chars().all(|ch| ch.is_alphanumeric() || ch == '_')
                            && SyntaxKind::from_keyword(c).is_none()
                    });
                if sane {
                    by_name.entry(name).or_default().push((scope, i));
                }
            }
        }
        let using_targets: Vec<SmolStr> = tree
            .items
            .iter()
            .filter_map(|it| match it {
                Item::UsingNamespace { target, .. } => Some(target.clone()),
                _ => None,
            })
            .collect();
        ReachNames {
            by_name,
            operators,
            other_global_operators,
            using_targets,
        }
    }
}

/// Which items of `tree` are resolved for the device compile: reached from device code (see the
/// module comment), or user declarations that are not host code in disguise (below).
/// `names_index`: the tree's [`ReachNames`].
/// `is_root_file`: files whose device-side declarations are roots (the user's, not system
/// headers: a `__device__` function of a toolkit header is reached only when used).
/// `extra_roots`: items reached whatever their file (the system-header host functions whose
/// kernel launches are followed).
pub fn reached_items(
    index: &WordIndex,
    tree: &ItemTree,
    source_map: &ItemSourceMap,
    names_index: &ReachNames,
    is_root_file: &dyn Fn(FileId) -> bool,
    kept_whole_file: &dyn Fn(FileId) -> bool,
    extra_roots: &[u32],
) -> Reach {
    let n = tree.items.len().min(source_map.items.len());
    let ReachNames {
        by_name,
        operators,
        other_global_operators,
        using_targets,
    } = names_index;
    // Items of each file sorted by start, to find the ones nested in a reached item.
    let mut by_file: FxHashMap<FileId, Vec<(TextRange, usize)>> = FxHashMap::default();
    for (i, &(file, range, _)) in source_map.items.iter().enumerate().take(n) {
        by_file.entry(file).or_default().push((range, i));
    }
    for list in by_file.values_mut() {
        list.sort_by_key(|(r, i)| (r.start(), std::cmp::Reverse(r.end()), *i));
    }
    let mut reached = vec![false; n];
    let mut direct = vec![false; n];
    let mut work: Vec<usize> = Vec::new();
    // `WARPC_REACH_TRACE=1`: print why each declaration is reached (stderr).
    let trace = std::env::var_os("WARPC_REACH_TRACE").is_some();
    let describe = |i: usize| {
        let name = names(tree, &tree.items[i])
            .first()
            .map(|(s, n)| format!("{s}::{n}"))
            .unwrap_or_else(|| format!("#{i}"));
        let (file, range, _) = source_map.items[i];
        format!("{name} [{:?}@{:?}]", file, range.start())
    };
    let extra: FxHashSet<u32> = extra_roots.iter().copied().collect();
    for (i, (item, reached_i)) in tree.items.iter().zip(reached.iter_mut()).enumerate() {
        let root = match item {
            Item::Function(f) => f.attrs.device || f.attrs.global,
            Item::Var(v) => v.space != warpc_hir::body::MemorySpace::Default,
            Item::StaticAssert { .. } => true,
            _ => false,
        };
        let launch_runtime = matches!(item, Item::Function(f) if LAUNCH_RUNTIME.contains(&f.name.as_str()));
        // And the system-header host functions the user's host code reaches that may launch
        // kernel templates: read for launches (`host_launch`), their names must resolve.
        let host_root = extra.contains(&(i as u32));
        if (root && is_root_file(source_map.items[i].0)) || launch_runtime || host_root {
            *reached_i = true;
            work.push(i);
        }
    }
    let keep = |w: &SmolStr, q: &Qual, out: &mut Vec<(SmolStr, Qual)>| {
        if by_name.contains_key(w) || *q == Qual::Directive {
            out.push((w.clone(), q.clone()));
        }
        // The builtin variables are the compiler's, their types the prelude's.
        if let Some((_, ty)) = BUILTIN_VARIABLE_TYPES.iter().find(|(v, _)| *v == w.as_str()) {
            out.push((SmolStr::new(ty), Qual::None));
        }
    };
    let collector = WordCollector {
        index,
        keep: &keep,
        included: Default::default(),
    };
    // The words of item `i` that name some declaration.
    let item_words = |i: usize| -> Vec<(SmolStr, Qual)> {
        let (file, mut range, _) = source_map.items[i];
        // With the template heads before it (`template <class T> template <class U>`).
        if let Some(hs) = index.heads(file) {
            let mut steps = 0;
            while let Some(&start) = hs.get(&range.start()) {
                if start >= range.start() || steps == 16 {
                    break;
                }
                range = TextRange::new(start, range.end());
                steps += 1;
            }
        }
        let mut out = Vec::new();
        collector.collect(file, range, 0, &mut out);
        out
    };
    let is_class = |j: usize| matches!(tree.items[j], Item::Record(_));
    let mut class_operators: FxHashMap<SmolStr, Vec<usize>> = FxHashMap::default();
    for &j in other_global_operators {
        for (w, q) in item_words(j) {
            let names_class = by_name.get(&w).is_some_and(|c| c.iter().any(|&(_, k)| is_class(k)));
            if q == Qual::None && names_class {
                let list = class_operators.entry(w).or_default();
                if list.last() != Some(&j) {
                    list.push(j);
                }
            }
        }
    }
    // The declarations word `w` written in item `i` (whose scope is `user_scope`, with the
    // block-scope `using namespace` directives `dirs`: their targets as written) may denote.
    let lookup = |i: usize, user_scope: &str, dirs: &[SmolStr], w: &SmolStr, qual: &Qual| -> Vec<usize> {
        let Some(candidates) = by_name.get(w) else {
            return Vec::new();
        };
        let matches = |scope: &SmolStr| match qual {
            Qual::Member => !scope.is_empty(),
            Qual::Scope(q) if q.is_empty() => true,
            Qual::Scope(q) => scope.split("::").any(|c| c == q.as_str()),
            Qual::None => {
                encloses(scope, user_scope)
                    || using_targets.iter().any(|t| encloses(t, scope))
                    || dirs.iter().any(|d| directive_reaches(d, user_scope, scope))
            }
            Qual::Directive => false,
        };
        let mut found: Vec<(&SmolStr, usize)> = candidates
            .iter()
            .filter(|(s, _)| matches(s))
            .map(|(s, j)| (s, *j))
            .collect();
        if *qual == Qual::None {
            // Ordinary lookup finds only declarations before the user (then every declaration
            // of that entity).
            let earlier: FxHashSet<&SmolStr> = found.iter().filter(|&&(_, j)| j < i).map(|&(s, _)| s).collect();
            found.retain(|(s, _)| earlier.contains(s));
        }
        if found.is_empty() && matches!(qual, Qual::Scope(_)) {
            // `q` may name a typedef or a base class: any declaration of that name.
            return candidates.iter().map(|&(_, j)| j).collect();
        }
        found.into_iter().map(|(_, j)| j).collect()
    };
    // Qualified and member words already followed.
    let mut seen: FxHashSet<(SmolStr, Qual)> = FxHashSet::default();
    let mut words_followed: FxHashMap<(FileId, TextRange, SmolStr), usize> = FxHashMap::default();
    while let Some(i) = work.pop() {
        let (file, range, _) = source_map.items[i];
        // A file resolved whole (warpc's prelude) needs no reaching, and what its declarations
        // name is its own: following them would walk the whole prelude on every compile.
        if kept_whole_file(file) {
            continue;
        }
        // Nested items (members, the record of a typedef) come with their container.
        if let Some(list) = by_file.get(&file) {
            let from = list.partition_point(|(r, _)| r.start() < range.start());
            for &(r, j) in &list[from..] {
                if r.start() >= range.end() {
                    break;
                }
                // Strictly inside: declarations of a header included in the middle of a
                // declaration all sit at the `#include` and are not each other's members.
                if range.contains_range(r) && r != range && !reached[j] {
                    reached[j] = true;
                    work.push(j);
                }
            }
        }
        let user_scope = own_scope(tree, &tree.items[i]);
        let class_ops = match names(tree, &tree.items[i]).first() {
            Some((_, n)) if is_class(i) => class_operators.get(n).map(Vec::as_slice).unwrap_or(&[]),
            _ => &[],
        };
        for &j in operators
            .get(&user_scope)
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .chain(class_ops)
        {
            if !reached[j] {
                reached[j] = true;
                work.push(j);
            }
        }
        // Items with the same source range and scope hold the same words: the declarations of
        // a header included inside a declaration all sit at the `#include` (error recovery can
        // put thousands there). Their words are followed once, for the latest of them (ordinary
        // lookup from a later item finds a superset).
        match words_followed.get(&(file, range, user_scope.clone())) {
            Some(&k) if k >= i => continue,
            _ => {
                words_followed.insert((file, range, user_scope.clone()), i);
            }
        }
        // Each word once per item (a large item repeats its names many times).
        let mut this_item: FxHashSet<(SmolStr, Qual)> = FxHashSet::default();
        let words = item_words(i);
        let dirs = directive_targets(&words);
        for (w, qual) in words {
            if qual == Qual::Directive || !this_item.insert((w.clone(), qual.clone())) {
                continue;
            }
            // Qualified and member names are looked up in any order (dependent names of templates
            // are found at instantiation), so each is followed once.
            if qual != Qual::None && !seen.insert((w.clone(), qual.clone())) {
                continue;
            }
            for j in lookup(i, &user_scope, &dirs, &w, &qual) {
                if is_root_file(source_map.items[i].0) {
                    direct[j] = true;
                }
                if !reached[j] {
                    if trace {
                        eprintln!("reach: {} -> {} ({w} {qual:?})", describe(i), describe(j));
                    }
                    reached[j] = true;
                    work.push(j);
                }
            }
        }
    }
    // A user declaration device code does not reach is still checked as nvcc checks it, unless
    // it is host code in all but name: it names (directly or through other such declarations)
    // a system-header declaration that device code does not reach (`struct Opts { std::map<...>
    // m; }`). Those are left out like the system headers' own.
    // Each unreached user declaration with the unreached declarations it names (looked up once).
    let unreached_user: Vec<(usize, Vec<usize>)> = (0..n)
        .filter(|&i| !reached[i] && is_root_file(source_map.items[i].0))
        .map(|i| {
            let words: FxHashSet<(SmolStr, Qual)> = item_words(i).into_iter().collect();
            let dirs = directive_targets(&words.iter().cloned().collect::<Vec<_>>());
            let user_scope = own_scope(tree, &tree.items[i]);
            let mut named: Vec<usize> = words
                .iter()
                .flat_map(|(w, qual)| lookup(i, &user_scope, &dirs, w, qual))
                .filter(|&j| !reached[j])
                .collect();
            named.sort_unstable();
            named.dedup();
            (i, named)
        })
        .collect();
    let mut host_only = vec![false; n];
    loop {
        let mut changed = false;
        for (i, named) in &unreached_user {
            if !host_only[*i]
                && named
                    .iter()
                    .any(|&j| host_only[j] || !is_root_file(source_map.items[j].0))
            {
                host_only[*i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let keep = (0..n)
        .map(|i| reached[i] || (is_root_file(source_map.items[i].0) && !host_only[i]))
        .collect();
    Reach { keep, direct }
}

/// The targets (as written) of the `using namespace` directives among an item's words (those in
/// its function body: a namespace-scope directive is an item of its own, in
/// [`ReachNames::using_targets`]), for [`directive_reaches`].
fn directive_targets(words: &[(SmolStr, Qual)]) -> Vec<SmolStr> {
    let mut dirs: Vec<SmolStr> = Vec::new();
    for (w, q) in words {
        if *q == Qual::Directive && !dirs.contains(w) {
            dirs.push(w.clone());
        }
    }
    dirs
}

/// Whether a block-scope `using namespace target;` written in scope `user_scope` may make a
/// declaration of namespace `scope` visible: `target` names `P::target` for some enclosing scope
/// `P` of the user (`using namespace detail;` in `cub::ThreadReduce` is `cub::detail` or
/// `::detail`), and the declaration's scope is that namespace, written with inline namespaces
/// anywhere after its first component (`cub::_V_300500_SM_800::detail`) and possibly nested in
/// it (`cuda::std::__4` for `using namespace cuda::std;`). An over-approximation, as the rest of
/// reaching is, but anchored at the global scope: `using namespace cub::detail;` does not reach
/// `thrust::detail` (matching the last name alone reached every `detail` namespace of CCCL).
fn directive_reaches(target: &str, user_scope: &str, scope: &str) -> bool {
    if target.is_empty() {
        return false;
    }
    let target: Vec<&str> = target.split("::").collect();
    let user: Vec<&str> = if user_scope.is_empty() {
        Vec::new()
    } else {
        user_scope.split("::").collect()
    };
    let scope: Vec<&str> = if scope.is_empty() {
        Vec::new()
    } else {
        scope.split("::").collect()
    };
    (0..=user.len()).any(|p| {
        let mut want = user[..p].iter().chain(target.iter());
        let Some(first) = want.next() else { return false };
        if scope.first() != Some(first) {
            return false;
        }
        let mut rest = scope[1..].iter();
        want.all(|w| rest.any(|c| c == w))
    })
}

/// What [`reached_items`] found, per item of the item tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Resolved by the def map: reached from device code, or a user declaration that is not
    /// host code in disguise.
    pub keep: Vec<bool>,
    /// Named by a user file's reached declaration itself (not only through other system
    /// declarations): a system-header problem here is one the user's device code runs into.
    pub direct: Vec<bool>,
}

/// `tree` with the items device code does not reach replaced by [`Item::Unsupported`] (indices
/// unchanged): what the def map resolves. `using` directives, declarations and namespace aliases
/// are kept (they only steer lookup), and so are warpc's builtin headers. A system header's declaration of a function warpc's
/// prelude already declares with the same parameters (glibc's `sqrtf`, libstdc++'s
/// `std::sqrt(float)`, `__assert_fail`) is dropped as well: as nvcc merges a host library's
/// redeclaration into the CUDA headers' `__host__ __device__` declaration, the prelude's device
/// definition stands. So is a system header's declaration of a builtin variable (the toolkit's
/// `threadIdx`...): the compiler's stands.
pub fn device_item_tree(
    tree: &ItemTree,
    reached: &[bool],
    files: &[FileId],
    is_builtin_file: &dyn Fn(FileId) -> bool,
    is_system_file: &dyn Fn(FileId) -> bool,
    is_kept_whole: &dyn Fn(FileId) -> bool,
) -> ItemTree {
    let file_of = |i: usize| files.get(i).copied();
    // the prelude's non-template functions by name: their parameter types and variadicness
    let mut prelude: FxHashMap<&str, Vec<(&[warpc_hir::item_tree::Param], bool)>> = FxHashMap::default();
    for (i, item) in tree.items.iter().enumerate() {
        if let (Item::Function(f), Some(file)) = (item, file_of(i)) {
            if f.template.is_none() && is_builtin_file(file) {
                prelude
                    .entry(f.name.as_str())
                    .or_default()
                    .push((&f.params, f.variadic));
            }
        }
    }
    let same_params = |a: &[warpc_hir::item_tree::Param], b: &[warpc_hir::item_tree::Param]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.ty == y.ty)
    };
    // Only the kept items are cloned (most of a real header's are not reached).
    let items = tree
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let redeclares_prelude = match (item, file_of(i)) {
                (Item::Function(f), Some(file))
                    if f.template.is_none() && is_system_file(file) && !is_builtin_file(file) =>
                {
                    prelude
                        .get(f.name.as_str())
                        .is_some_and(|sigs| sigs.iter().any(|(p, v)| same_params(p, &f.params) && *v == f.variadic))
                }
                // The toolkit's declarations of the builtin variables (device_launch_parameters.h's
                // `uint3 __device_builtin__ threadIdx;`, an `extern const` host variable outside
                // NVRTC): the compiler's builtin variable stands, as in cicc.
                (Item::Var(v), Some(file)) => is_system_file(file) && BUILTIN_VARIABLES.contains(&v.name.as_str()),
                _ => false,
            };
            // warpc's own headers (the prelude: the device runtime API) are kept whole: the
            // language server completes, hovers and signs their functions whether or not the
            // code uses them; except those `is_kept_whole` leaves to demand.
            let keep = reached.get(i).copied().unwrap_or(true)
                || file_of(i).is_some_and(is_kept_whole)
                || matches!(
                    item,
                    Item::UsingNamespace { .. } | Item::UsingDecl { .. } | Item::NamespaceAlias { .. }
                );
            if !keep || redeclares_prelude {
                Item::Unsupported
            } else {
                item.clone()
            }
        })
        .collect();
    ItemTree {
        items,
        records: tree.records.clone(),
        enums: tree.enums.clone(),
        inline_namespaces: tree.inline_namespaces.clone(),
    }
}

/// The system-header host function definitions whose last name component is in `called`, by full
/// name (overloads together), with their files.
pub fn called_system_functions(
    tree: &ItemTree,
    source_map: &ItemSourceMap,
    is_system_file: &dyn Fn(FileId) -> bool,
    called: &FxHashSet<SmolStr>,
) -> std::collections::BTreeMap<SmolStr, Vec<FileId>> {
    let n = tree.items.len().min(source_map.items.len());
    let mut groups: std::collections::BTreeMap<SmolStr, Vec<FileId>> = std::collections::BTreeMap::new();
    for i in 0..n {
        if let Item::Function(f) = &tree.items[i] {
            let last = f.name.rsplit("::").next().unwrap_or(&f.name);
            // Only definitions: a function compiled elsewhere (a library's) instantiates no
            // kernel template of this translation unit.
            let host = f.attrs.host || !f.attrs.device;
            if is_system_file(source_map.items[i].0) && f.has_body && !f.attrs.global && host && called.contains(last) {
                groups.entry(f.name.clone()).or_default().push(source_map.items[i].0);
            }
        }
    }
    groups
}

/// Host dispatch in system headers: the system headers whose host functions may launch kernel
/// template instances ([`LaunchingFiles::functions`]: of those whose last name component is
/// in `called`, what the user's host code calls, the full names of those; warpc_hir's
/// `host_launch` follows their calls).
///
/// The criterion is the include graph: a header-only library's host function can launch an
/// instance of a `__global__` function template only if the template is declared in a file its
/// definition's file includes (directly or not; thrust's `reduce.h` reaches CUB's reduction kernels
/// through `detail/reduce.inl`, the system dispatch headers and `cub/device/dispatch/...`).
/// libstdc++, libcu++ and the runtime API headers include no kernel template, so their functions
/// (`printf`, `std::sort`, `cudaMalloc`) never count. Name reach (as [`reached_items`] does)
/// was tried and does not discriminate: through member and `std::` names, every function of a
/// TU including thrust reaches a kernel. The edges are the `#include`s the preprocessor
/// followed (computed includes too) and every `#include <...>`/`"..."` written in a system
/// header's text (a guarded header included again is not re-entered, but the edge stands),
/// resolved to the files of the translation unit that end with the written path. The search
/// is skipped when the system headers declare no kernel template or `called` names none of
/// their host functions: ordinary programs pay nothing.
///
/// Each file maps to the included file it reaches a kernel template through.
#[derive(Clone, Debug, Default)]
pub struct LaunchingFiles {
    files: FxHashMap<FileId, Option<FileId>>,
}

impl LaunchingFiles {
    /// Whether `file`'s host functions may launch kernel templates.
    pub fn contains(&self, file: FileId) -> bool {
        self.files.contains_key(&file)
    }

    /// Of the system-header host functions whose last name component is in `called`, the full
    /// names of those defined in a launching file.
    pub fn functions(
        &self,
        tree: &ItemTree,
        source_map: &ItemSourceMap,
        is_system_file: &dyn Fn(FileId) -> bool,
        called: &FxHashSet<SmolStr>,
        path: &dyn Fn(FileId) -> std::path::PathBuf,
    ) -> Vec<SmolStr> {
        if self.files.is_empty() {
            return Vec::new();
        }
        let groups = called_system_functions(tree, source_map, is_system_file, called);
        let launching = &self.files;
        // `WARPC_REACH_TRACE=1`: print the include chain of each launcher (stderr).
        let trace = std::env::var_os("WARPC_REACH_TRACE").is_some();
        groups
            .into_iter()
            .filter(|(name, files)| {
                let Some(&f) = files.iter().find(|f| launching.contains_key(f)) else {
                    return false;
                };
                if trace {
                    eprintln!("launcher: {name}");
                    let mut at = Some(f);
                    while let Some(x) = at {
                        eprintln!("  {}", path(x).display());
                        at = launching.get(&x).copied().flatten();
                    }
                }
                true
            })
            .map(|(name, _)| name)
            .collect()
    }

    /// The launching files of the translation unit `pp` (none when its system headers declare no
    /// kernel template).
    pub fn find(
        pp: &PpOutput,
        tree: &ItemTree,
        source_map: &ItemSourceMap,
        text: &dyn Fn(FileId) -> std::sync::Arc<str>,
        path: &dyn Fn(FileId) -> std::path::PathBuf,
        is_system_file: &dyn Fn(FileId) -> bool,
    ) -> LaunchingFiles {
        let n = tree.items.len().min(source_map.items.len());
        let system = |i: usize| is_system_file(source_map.items[i].0);
        let kernel_files: FxHashSet<FileId> = (0..n)
            .filter(|&i| {
                system(i)
                    && matches!(&tree.items[i], Item::Function(f)
                    if f.attrs.global && matches!(f.template, Some(warpc_hir::item_tree::TemplateHead::Params(_))))
            })
            .map(|i| source_map.items[i].0)
            .collect();
        if kernel_files.is_empty() {
            return LaunchingFiles::default();
        }
        find_launching_files(pp, kernel_files, path, text, is_system_file)
    }
}

fn find_launching_files(
    pp: &PpOutput,
    kernel_files: FxHashSet<FileId>,
    path: &dyn Fn(FileId) -> std::path::PathBuf,
    text: &dyn Fn(FileId) -> std::sync::Arc<str>,
    is_system_file: &dyn Fn(FileId) -> bool,
) -> LaunchingFiles {
    // Included file -> the files including it.
    let mut includers: FxHashMap<FileId, FxHashSet<FileId>> = FxHashMap::default();
    let mut stack: Vec<FileId> = pp.included_files.first().copied().into_iter().collect();
    for piece in &pp.pieces {
        match piece {
            Piece::EnterFile { file } => {
                if let Some(&top) = stack.last() {
                    includers.entry(*file).or_default().insert(top);
                }
                stack.push(*file);
            }
            Piece::LeaveFile => {
                stack.pop();
            }
            _ => {}
        }
    }
    let mut by_file_name: FxHashMap<std::ffi::OsString, Vec<(FileId, std::path::PathBuf)>> = FxHashMap::default();
    for &f in &pp.included_files {
        let p = path(f);
        if let Some(name) = p.file_name() {
            by_file_name
                .entry(name.to_os_string())
                .or_default()
                .push((f, p.clone()));
        }
    }
    for &f in pp.included_files.iter().filter(|&&f| is_system_file(f)) {
        let t = text(f);
        for line in t.lines() {
            let Some(rest) = line.trim_start().strip_prefix('#') else {
                continue;
            };
            let rest = rest.trim_start();
            let Some(rest) = rest
                .strip_prefix("include_next")
                .or_else(|| rest.strip_prefix("include"))
            else {
                continue;
            };
            let rest = rest.trim_start();
            let written = match rest.chars().next() {
                Some('<') => rest[1..].split('>').next(),
                Some('"') => rest[1..].split('"').next(),
                _ => None,
            };
            let Some(written) = written.map(std::path::Path::new) else {
                continue;
            };
            let Some(name) = written.file_name() else { continue };
            // `..` components: compare what follows the last of them.
            let parts: Vec<std::path::Component> = written.components().collect();
            let from = parts
                .iter()
                .rposition(|c| *c == std::path::Component::ParentDir)
                .map_or(0, |k| k + 1);
            let tail: std::path::PathBuf = parts[from..]
                .iter()
                .filter(|c| **c != std::path::Component::CurDir)
                .collect();
            for (g, p) in by_file_name.get(name).map(Vec::as_slice).unwrap_or(&[]) {
                if *g != f && p.ends_with(&tail) {
                    includers.entry(*g).or_default().insert(f);
                }
            }
        }
    }
    // The files that include a kernel template's file.
    // (file -> the included file it reaches a kernel template through).
    let mut launching: FxHashMap<FileId, Option<FileId>> = kernel_files.iter().map(|&f| (f, None)).collect();
    let mut work: Vec<FileId> = kernel_files.into_iter().collect();
    work.sort_unstable_by_key(|f| std::cmp::Reverse(f.0));
    while let Some(f) = work.pop() {
        let mut gs: Vec<FileId> = includers.get(&f).into_iter().flatten().copied().collect();
        gs.sort_unstable_by_key(|g| g.0);
        for g in gs {
            if let std::collections::hash_map::Entry::Vacant(e) = launching.entry(g) {
                e.insert(Some(f));
                work.push(g);
            }
        }
    }
    LaunchingFiles { files: launching }
}
