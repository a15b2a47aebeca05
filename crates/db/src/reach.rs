//! Which declarations device code reaches, for deferred diagnostics (clang's model for CUDA):
//! a problem inside a system-header declaration that device code never names is not a
//! diagnostic of the device compile. Real glibc, libstdc++ and toolkit headers hold thousands of
//! host declarations using GNU extensions and C++ that warpc does not implement (asm labels,
//! bit-fields, `wchar_t` functions...), and they must cost nothing.
//!
//! Reaching is by name, over the macro-expanded tokens: the roots are the device-side
//! declarations (`__device__`/`__global__` functions, variables in device memory) of user files;
//! a declaration is reached when a reached one spells its name (its last `::` component, or
//! one of its enumerators), and everything nested inside a reached declaration is reached.
//! This over-approximates (a host struct sharing a name with a device one is kept), never
//! under-approximates what the checker resolves, so a construct device code depends on keeps
//! its diagnostic.

use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;
use warpc_base::{FileId, TextRange, TextSize};
use warpc_hir::item_tree::{Item, ItemSourceMap, ItemTree};
use warpc_pp::PpOutput;
use warpc_syntax::{Piece, SyntaxKind};

/// The identifiers the grammar saw in each file, with their offsets (an expanded token sits at
/// its macro invocation), in file order.
fn words_by_file(pp: &PpOutput, text: &dyn Fn(FileId) -> std::sync::Arc<str>) -> FxHashMap<FileId, Vec<(TextSize, SmolStr)>> {
    let mut out: FxHashMap<FileId, Vec<(TextSize, SmolStr)>> = FxHashMap::default();
    let mut stack: Vec<(FileId, std::sync::Arc<str>)> = Vec::new();
    for piece in &pp.pieces {
        match piece {
            Piece::EnterFile { file } => stack.push((*file, text(*file))),
            Piece::LeaveFile => {
                stack.pop();
            }
            Piece::Token { kind: SyntaxKind::IDENT, range } => {
                if let Some((file, t)) = stack.last() {
                    if let Some(w) = t.get(std::ops::Range::<usize>::from(*range)) {
                        out.entry(*file).or_default().push((range.start(), SmolStr::new(w)));
                    }
                }
            }
            Piece::Expanded { kind: SyntaxKind::IDENT, text, call } => {
                if let Some((file, _)) = stack.last() {
                    out.entry(*file).or_default().push((call.start(), text.clone()));
                }
            }
            _ => {}
        }
    }
    for words in out.values_mut() {
        words.sort_by_key(|(at, _)| *at);
    }
    out
}

/// The names an item declares (empty for items without one).
fn names(tree: &ItemTree, item: &Item) -> Vec<SmolStr> {
    let last = |n: &str| SmolStr::new(n.rsplit("::").next().unwrap_or(n));
    match item {
        Item::Function(f) => vec![last(&f.name)],
        Item::Var(v) => vec![last(&v.name)],
        Item::Typedef { name, .. }
        | Item::MemberTypedef { name, .. }
        | Item::AliasTemplate { name, .. }
        | Item::VarTemplate { name, .. }
        | Item::UsingDecl { name, .. }
        | Item::NamespaceAlias { name, .. } => vec![last(name)],
        Item::Record(r) => tree.records.get(*r as usize).and_then(|r| r.name.as_deref()).map(last).into_iter().collect(),
        Item::Enum(e) => tree
            .enums
            .get(*e as usize)
            .map(|e| e.name.iter().map(|n| last(n)).chain(e.enumerators.iter().map(|(n, _)| last(n))).collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Whether each item of `tree` is reached from device code (see the module comment).
/// `is_root_file`: files whose device-side declarations are roots (the user's, not system
/// headers: a `__device__` function of a toolkit header is reached only when used).
pub fn reached_items(
    pp: &PpOutput,
    tree: &ItemTree,
    source_map: &ItemSourceMap,
    text: &dyn Fn(FileId) -> std::sync::Arc<str>,
    is_root_file: &dyn Fn(FileId) -> bool,
) -> Vec<bool> {
    let words = words_by_file(pp, text);
    let n = tree.items.len().min(source_map.items.len());
    let mut by_name: FxHashMap<SmolStr, Vec<usize>> = FxHashMap::default();
    for i in 0..n {
        for name in names(tree, &tree.items[i]) {
            by_name.entry(name).or_default().push(i);
        }
    }
    // Items of each file sorted by start, to find the ones nested in a reached item.
    let mut by_file: FxHashMap<FileId, Vec<(TextRange, usize)>> = FxHashMap::default();
    for (i, &(file, range, _)) in source_map.items.iter().enumerate().take(n) {
        by_file.entry(file).or_default().push((range, i));
    }
    for list in by_file.values_mut() {
        list.sort_by_key(|(r, i)| (r.start(), std::cmp::Reverse(r.end()), *i));
    }
    let mut reached = vec![false; n];
    let mut work: Vec<usize> = Vec::new();
    for i in 0..n {
        let root = match &tree.items[i] {
            Item::Function(f) => f.attrs.device || f.attrs.global,
            Item::Var(v) => v.space != warpc_hir::body::MemorySpace::Default,
            Item::StaticAssert { .. } => true,
            _ => false,
        };
        if root && is_root_file(source_map.items[i].0) {
            reached[i] = true;
            work.push(i);
        }
    }
    let mut seen_words: FxHashSet<SmolStr> = FxHashSet::default();
    while let Some(i) = work.pop() {
        let (file, range, _) = source_map.items[i];
        // Nested items (members, the record of a typedef) come with their container.
        if let Some(list) = by_file.get(&file) {
            let from = list.partition_point(|(r, _)| r.start() < range.start());
            for &(r, j) in &list[from..] {
                if r.start() >= range.end() {
                    break;
                }
                if range.contains_range(r) && !reached[j] {
                    reached[j] = true;
                    work.push(j);
                }
            }
        }
        let Some(ws) = words.get(&file) else { continue };
        let from = ws.partition_point(|(at, _)| *at < range.start());
        for (at, w) in &ws[from..] {
            if *at >= range.end() {
                break;
            }
            if !seen_words.insert(w.clone()) {
                continue;
            }
            for &j in by_name.get(w).map(Vec::as_slice).unwrap_or(&[]) {
                if !reached[j] {
                    reached[j] = true;
                    work.push(j);
                }
            }
        }
    }
    reached
}
