//! The item tree: every top-level declaration in translation-unit order (headers' items where
//! they were included), one [`Item`] per declarator, records and enums with tag names resolved
//! in order, typedefs, and `unsupported` items for C++ constructs.

use super::ctx::{has_reference, Lower, SpecInfo, Tags};
use crate::body::ConstExpr;
use crate::body::{StorageClass, TypeRef};
use crate::item_tree::{FunctionItem, Item, ItemSourceMap, ItemTree, RecordItem, VarItem};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;
use std::sync::Arc;
use warpc_base::{Diagnostic, FileId, TextRange};
use warpc_syntax::ast::{self, AstNode};
use warpc_syntax::{SyntaxNode, TuParse};

/// The name warpc gives an anonymous namespace (Itanium's; mangled `12_GLOBAL__N_1`).
pub const ANON_NAMESPACE: &str = "_GLOBAL__N_1";

/// An item's file, range and name range (`ItemSourceMap::items`).
type ItemRange = (warpc_base::FileId, warpc_base::TextRange, warpc_base::TextRange);

struct ItemsLower {
    /// The items of the prefix this lowering goes on from, shared (before `items`).
    base: Vec<Arc<[Item]>>,
    base_ranges: Vec<Arc<[ItemRange]>>,
    items: Vec<Item>,
    map: ItemSourceMap,
    tags: Tags,
    diags: Vec<Diagnostic>,
    /// Each function definition's node -> its body index. Keyed by the node, not its offset:
    /// the definitions one macro expands to all start at the macro call.
    bodies: FxHashMap<SyntaxNode, u32>,
    /// While lowering a member function: its record (index, qualified name).
    method_ctx: Option<(u32, SmolStr)>,
    /// The components of the names declared so far and how many declarations they cover (see
    /// `known_component`).
    components: (usize, rustc_hash::FxHashSet<SmolStr>),
    /// While lowering a member function: `MethodInfo::member_pos`.
    method_pos: u32,
    /// How many of `tags.pending_methods` have their `member_pos` made absolute.
    methods_placed: usize,
    /// While lowering the declaration of a TEMPLATE_DECL: its head (explicit arguments of an
    /// instantiation or specialization are filled in from the declarator).
    template_head: Option<crate::item_tree::TemplateHead>,
    /// While lowering the inner TEMPLATE_DECL of `template <class T> template <class U> ...`:
    /// the outer head's parameters (an enclosing class template's, for an out-of-class
    /// definition of a member template).
    outer_template_params: Option<Vec<crate::item_tree::TemplateParamItem>>,
    /// While lowering a friend function declared in a class (a namespace-scope function).
    in_friend: Option<SmolStr>,
    /// ... defined in a class template or an explicit specialization: its record.
    in_friend_record: Option<u32>,
}

/// The item-tree lowering state after a preamble's items (the headers its directives include):
/// [`lower_item_tree_after`] lowers the rest of the unit from here, without lowering the
/// headers again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemTreePrefix {
    /// The items in shared segments (a prefix made from another refers to its items).
    items: Vec<Arc<[Item]>>,
    /// Their source ranges (`ItemSourceMap::items`), in the same segments.
    ranges: Vec<Arc<[ItemRange]>>,
    diags: Vec<Diagnostic>,
    records: Vec<crate::item_tree::RecordItem>,
    record_ranges: Vec<(warpc_base::FileId, warpc_base::TextRange)>,
    enums: Vec<crate::item_tree::EnumItem>,
    tags: Vec<(SmolStr, super::ctx::Tag)>,
    typedefs: Vec<SmolStr>,
    alias_templates: Vec<SmolStr>,
    using_dirs: Vec<(SmolStr, SmolStr)>,
    aliases: Vec<(SmolStr, SmolStr)>,
    ns_aliases: Vec<(SmolStr, SmolStr)>,
    inline_namespaces: Vec<(SmolStr, SmolStr)>,
    /// Function definitions of the preamble (the rest's body indices start here).
    fn_defs: u32,
}

/// Lowers the items of a preamble's parse (see [`ItemTreePrefix`]); `None` when the state at its
/// end is not one to go on from (inside a namespace or class, members pending).
pub fn lower_item_tree_prefix(parse: &TuParse) -> Option<ItemTreePrefix> {
    let defs = parse.function_defs();
    let n = defs.len() as u32;
    let bodies = defs.into_iter().enumerate().map(|(i, d)| (d.node, i as u32)).collect();
    let mut st = ItemsLower::new(bodies);
    for (tree, node) in parse.items() {
        st.item(parse, tree, &node, Linkage::Default);
    }
    st.into_prefix(n)
}

/// Lowers the items of a preamble's parse made by `warpc_syntax::parse_preamble_after` from the
/// prelude's parse (with `pre_trees` trees) whose items `prefix` holds: only the items after the
/// prelude are lowered. Equal to [`lower_item_tree_prefix`] over `parse`.
pub fn lower_item_tree_prefix_after(
    prefix: &ItemTreePrefix,
    parse: &TuParse,
    pre_trees: usize,
) -> Option<ItemTreePrefix> {
    let defs = parse.function_defs_skipping(1..pre_trees);
    let n = prefix.fn_defs + defs.len() as u32;
    let mut st = ItemsLower::restore(prefix, defs);
    for (tree, node) in parse.items_skipping(1..pre_trees) {
        st.item(parse, tree, &node, Linkage::Default);
    }
    st.into_prefix(n)
}

/// Lowers the declarations of `parse` (made by `warpc_syntax::parse_after` from the preamble
/// whose items `prefix` holds, with `pre_trees` trees): the preamble's items come from `prefix`,
/// only the rest is lowered. Equal to [`lower_item_tree`] over `parse`.
pub fn lower_item_tree_after(
    prefix: &ItemTreePrefix,
    parse: &TuParse,
    pre_trees: usize,
) -> (ItemTree, ItemSourceMap, Vec<Diagnostic>) {
    let mut st = ItemsLower::restore(prefix, parse.function_defs_skipping(1..pre_trees));
    for (tree, node) in parse.items_skipping(1..pre_trees) {
        st.item(parse, tree, &node, Linkage::Default);
    }
    st.finish()
}

impl ItemsLower {
    /// The lowering state `prefix` holds, going on with the function definitions `defs` (their
    /// body indices after the prefix's).
    fn restore(prefix: &ItemTreePrefix, defs: Vec<warpc_syntax::FnDefRef>) -> ItemsLower {
        let bodies = defs
            .into_iter()
            .enumerate()
            .map(|(i, d)| (d.node, prefix.fn_defs + i as u32))
            .collect();
        let mut st = ItemsLower::new(bodies);
        st.base = prefix.items.clone();
        st.base_ranges = prefix.ranges.clone();
        st.diags = prefix.diags.clone();
        st.tags.records = prefix.records.clone();
        st.tags.record_ranges = prefix.record_ranges.clone();
        st.tags.enums = prefix.enums.clone();
        st.tags.tags = prefix.tags.iter().cloned().collect();
        st.tags.typedefs = prefix.typedefs.iter().cloned().collect();
        st.tags.alias_templates = prefix.alias_templates.iter().cloned().collect();
        for (scope, t) in &prefix.using_dirs {
            st.tags.add_using_dir(scope.clone(), t.clone());
        }
        st.tags.aliases = prefix.aliases.iter().cloned().collect();
        st.tags.ns_aliases = prefix.ns_aliases.iter().cloned().collect();
        st.tags.inline_namespaces = prefix.inline_namespaces.iter().cloned().collect();
        st
    }

    /// The state to go on from (`fn_defs` function definitions so far), or `None` when it is
    /// not one (inside a namespace or class, members pending).
    fn into_prefix(self, fn_defs: u32) -> Option<ItemTreePrefix> {
        let ItemsLower {
            mut base,
            mut base_ranges,
            items,
            map,
            tags,
            diags,
            ..
        } = self;
        // Every field of `Tags` is either carried or must be empty here (exhaustive, so that a
        // new field is one or the other: a field dropped here makes the resumed item tree
        // differ from one lowering).
        let Tags {
            records,
            record_ranges,
            enums,
            tags,
            typedefs,
            alias_templates,
            ns,
            keep_global,
            anon_ns,
            abi_ns,
            inline_namespaces,
            using_dirs,
            nominated: _, // rebuilt from `using_dirs` by `restore`
            template_params,
            aliases,
            ns_aliases,
            pending_methods,
            pending_friends,
            pending_record_template,
            pending_record_specialization,
            scope_records,
            record_stack,
            pending_members,
            pending_member_ends,
            method_record,
        } = tags;
        let clean = ns.is_empty()
            && !keep_global
            && abi_ns.is_empty()
            && anon_ns == 0
            && template_params.is_empty()
            && pending_methods.is_empty()
            && pending_friends.is_empty()
            && pending_record_template.is_none()
            && !pending_record_specialization
            && scope_records.is_empty()
            && record_stack.is_empty()
            && pending_members.is_empty()
            && pending_member_ends.is_empty()
            && method_record.is_none();
        if !clean {
            return None;
        }
        if !items.is_empty() {
            base.push(items.into());
            base_ranges.push(map.items.into());
        }
        let sorted = |set: Vec<(SmolStr, SmolStr)>| {
            let mut v = set;
            v.sort();
            v
        };
        let mut tag_list: Vec<(SmolStr, super::ctx::Tag)> = tags.into_iter().collect();
        tag_list.sort_by(|a, b| a.0.cmp(&b.0));
        let mut typedefs: Vec<SmolStr> = typedefs.into_iter().collect();
        typedefs.sort();
        let mut alias_templates: Vec<SmolStr> = alias_templates.into_iter().collect();
        alias_templates.sort();
        Some(ItemTreePrefix {
            items: base,
            ranges: base_ranges,
            diags,
            records,
            record_ranges,
            enums,
            tags: tag_list,
            typedefs,
            alias_templates,
            using_dirs,
            aliases: sorted(aliases.into_iter().collect()),
            ns_aliases: sorted(ns_aliases.into_iter().collect()),
            inline_namespaces: inline_namespaces.into_iter().collect(),
            fn_defs,
        })
    }
}

impl ItemsLower {
    fn new(bodies: FxHashMap<SyntaxNode, u32>) -> ItemsLower {
        ItemsLower {
            base: Vec::new(),
            base_ranges: Vec::new(),
            items: Vec::new(),
            map: ItemSourceMap::default(),
            tags: Tags::default(),
            diags: Vec::new(),
            bodies,
            method_ctx: None,
            components: (usize::MAX, Default::default()),
            method_pos: u32::MAX,
            methods_placed: 0,
            template_head: None,
            outer_template_params: None,
            in_friend: None,
            in_friend_record: None,
        }
    }

    fn finish(self) -> (ItemTree, ItemSourceMap, Vec<Diagnostic>) {
        let ItemsLower {
            base,
            base_ranges,
            items,
            mut map,
            tags,
            diags,
            ..
        } = self;
        map.records = tags.record_ranges;
        let items = if base.is_empty() {
            items
        } else {
            let mut all = Vec::with_capacity(base.iter().map(|s| s.len()).sum::<usize>() + items.len());
            for s in &base {
                all.extend_from_slice(s);
            }
            all.extend(items);
            all
        };
        if !base_ranges.is_empty() {
            let mut all: Vec<ItemRange> = Vec::new();
            for s in &base_ranges {
                all.extend_from_slice(s);
            }
            all.append(&mut map.items);
            map.items = all;
        }
        (
            ItemTree {
                items,
                records: tags.records,
                enums: tags.enums,
                inline_namespaces: tags.inline_namespaces.into_iter().collect(),
            },
            map,
            diags,
        )
    }
}

/// Lowers the declarations of a parsed translation unit.
pub fn lower_item_tree(parse: &TuParse) -> (ItemTree, ItemSourceMap, Vec<Diagnostic>) {
    let bodies = parse
        .function_defs()
        .iter()
        .enumerate()
        .map(|(i, d)| (d.node.clone(), i as u32))
        .collect();
    let mut st = ItemsLower::new(bodies);
    for (tree, node) in parse.items() {
        st.item(parse, tree, &node, Linkage::Default);
    }
    st.finish()
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Linkage {
    Default,
    /// Inside `extern "C" { }`.
    CBlock,
    /// `extern "C" declaration` (treated as if it had `extern` for variables).
    CDirect,
}

impl ItemsLower {
    fn item(&mut self, parse: &TuParse, tree: usize, node: &SyntaxNode, linkage: Linkage) {
        let Some(item) = ast::Item::cast(node.clone()) else {
            return;
        };
        let ft = &parse.trees[tree];
        let file = ft.file;
        match item {
            ast::Item::FunctionDef(f) => {
                self.function_def(parse, tree, &f, linkage);
                self.drain_methods(parse, tree);
            }
            ast::Item::Declaration(d) => {
                self.declaration(parse, tree, &d, linkage);
                self.drain_methods(parse, tree);
            }
            ast::Item::LinkageSpec(l) => {
                let abi = l.abi().map(|t| ft.expansions.token_text(&t)).unwrap_or_default();
                let r = ft.expansions.node_range(l.syntax());
                let linkage = match abi.as_str() {
                    "\"C\"" => {
                        if l.syntax()
                            .children()
                            .any(|n| n.kind() == warpc_syntax::SyntaxKind::DECL_LIST)
                        {
                            Linkage::CBlock
                        } else {
                            Linkage::CDirect
                        }
                    }
                    "\"C++\"" => Linkage::Default,
                    _ => {
                        self.diags.push(Diagnostic::unsupported(
                            format!("linkage specification {abi}"),
                            warpc_base::FileRange { file, range: r },
                        ));
                        Linkage::Default
                    }
                };
                match l
                    .syntax()
                    .children()
                    .find(|n| n.kind() == warpc_syntax::SyntaxKind::DECL_LIST)
                {
                    // A block: its items and those of headers included inside it.
                    Some(list) => {
                        for (t, inner) in parse.list_items(tree, &list) {
                            self.item(parse, t, &inner, linkage);
                        }
                    }
                    None => {
                        for inner in l.items() {
                            self.item(parse, tree, inner.syntax(), linkage);
                        }
                    }
                }
            }
            ast::Item::EmptyDecl(_) | ast::Item::PragmaStmt(_) | ast::Item::ErrorNode(_) => {}
            ast::Item::TemplateDecl(t) => self.template_decl(parse, tree, node, &t, linkage),
            ast::Item::NamespaceDef(n) => {
                let names: Vec<SmolStr> = n
                    .syntax()
                    .children()
                    .filter(|c| c.kind() == warpc_syntax::SyntaxKind::NAME)
                    .filter_map(|c| c.first_token().map(|t| SmolStr::new(ft.expansions.token_text(&t))))
                    .collect();
                let toks: Vec<(warpc_syntax::SyntaxKind, SmolStr)> = n
                    .syntax()
                    .children_with_tokens()
                    .filter_map(|t| t.into_token())
                    .filter(|t| !t.kind().is_trivia())
                    .map(|t| (t.kind(), SmolStr::new(ft.expansions.token_text(&t))))
                    .collect();
                if let (Some(eq), [alias]) = (
                    toks.iter().position(|t| t.0 == warpc_syntax::SyntaxKind::EQ),
                    names.as_slice(),
                ) {
                    // `namespace cg = cooperative_groups;`
                    let target: String = toks[eq + 1..]
                        .iter()
                        .filter(|t| matches!(t.0, warpc_syntax::SyntaxKind::IDENT | warpc_syntax::SyntaxKind::COLON2))
                        .map(|t| t.1.as_str())
                        .collect::<String>();
                    let target = SmolStr::new(target.trim_start_matches("::"));
                    let target = self.tags.ns_aliases.get(&target).cloned().unwrap_or(target);
                    let name = self.tags.qualify(alias);
                    self.tags.ns_aliases.insert(alias.clone(), target.clone());
                    let r = ft.expansions.node_range(node);
                    self.push(Item::NamespaceAlias { name, target }, ft.file, r, r);
                    return;
                }
                let Some(list) = n.decl_list() else {
                    self.unsupported_item(parse, tree, node, "namespace without a body");
                    return;
                };
                let anon = names.is_empty();
                if anon {
                    // `namespace { ... }`: a namespace with a reserved name (Itanium's
                    // `_GLOBAL__N_1`; nvcc adds a hash of the file's path) whose members are
                    // visible in the enclosing one, with internal linkage.
                    let q = self.tags.qualify(&SmolStr::new(ANON_NAMESPACE));
                    let scope = SmolStr::new(self.tags.ns.join("::"));
                    if !self.tags.using_dirs.iter().any(|(_, d)| *d == q) {
                        self.tags.add_using_dir(scope.clone(), q.clone());
                        let r = ft.expansions.node_range(node);
                        self.push(
                            Item::UsingNamespace { target: q, scope },
                            ft.file,
                            TextRange::empty(r.start()),
                            TextRange::empty(r.start()),
                        );
                    }
                    self.tags.anon_ns += 1;
                }
                let depth = self.tags.ns.len();
                let abi_depth = self.tags.abi_ns.len();
                // `inline namespace v1 { ... }`: its members are members of the enclosing
                // namespace; only the ABI names it.
                let inline = n
                    .syntax()
                    .children_with_tokens()
                    .any(|t| t.kind() == warpc_syntax::SyntaxKind::INLINE_KW);
                if anon {
                    self.tags.ns.push(SmolStr::new(ANON_NAMESPACE));
                    self.tags.abi_ns.push(SmolStr::new(ANON_NAMESPACE));
                } else if inline {
                    self.tags.abi_ns.extend(names);
                } else {
                    self.tags.ns.extend(names.iter().cloned());
                    self.tags.abi_ns.extend(names);
                }
                if self.tags.abi_ns != self.tags.ns {
                    let named = SmolStr::new(self.tags.ns.join("::"));
                    let abi = SmolStr::new(self.tags.abi_ns.join("::"));
                    // (The first declaration inside an inline namespace decides for a
                    // namespace also used outside it.)
                    self.tags.inline_namespaces.entry(named).or_insert(abi);
                }
                for (t, inner) in parse.list_items(tree, list.syntax()) {
                    self.item(parse, t, &inner, linkage);
                }
                self.tags.ns.truncate(depth);
                self.tags.abi_ns.truncate(abi_depth);
                if anon {
                    self.tags.anon_ns -= 1;
                }
            }
            ast::Item::UsingDecl(u) => self.using_decl(parse, tree, node, &u),
            ast::Item::StaticAssertDecl(sa) => {
                let ft = &parse.trees[tree];
                let mut diags = std::mem::take(&mut self.diags);
                let mut lw = Lower::new(&ft.expansions, ft.file, &mut diags, Some(&mut self.tags));
                let r = lw.range(node);
                let (cond, message) = lw.static_assert_args(&sa);
                self.diags = diags;
                let scope = (!self.tags.ns.is_empty()).then(|| SmolStr::new(self.tags.ns.join("::")));
                self.push(Item::StaticAssert { cond, message, scope }, ft.file, r, r);
            }
            ast::Item::AsmStmt(_) => self.unsupported_item(parse, tree, node, "file-scope asm"),
        }
    }

    /// `template <class T> using complex = thrust::complex<T>;` at namespace scope with nothing
    /// named `thrust` declared: the non-dependent qualifier is looked up where the alias template
    /// is defined, so nvcc reports `identifier "thrust" is undefined` even if nothing uses the
    /// alias. Conservative: the leading qualifier counts as declared when it is one of the
    /// template parameters or a component of any name (class, enumeration, typedef, alias
    /// template, using-declaration, namespace alias, enclosing namespace) declared so far.
    fn undeclared_alias_qualifier(&mut self, ft: &warpc_syntax::FileTree, u: &ast::UsingDecl) {
        use warpc_syntax::SyntaxKind as K;
        let Some(tn) = u.syntax().children().find(|c| c.kind() == K::TYPE_NAME) else {
            return;
        };
        let mut toks = tn
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| !t.kind().is_trivia())
            .skip_while(|t| matches!(t.kind(), K::TYPENAME_KW | K::CONST_KW | K::VOLATILE_KW))
            .peekable();
        let global = toks.next_if(|t| t.kind() == K::COLON2).is_some();
        let (Some(first), Some(sep)) = (toks.next(), toks.next()) else {
            return;
        };
        if first.kind() != K::IDENT || sep.kind() != K::COLON2 {
            return;
        }
        let x = SmolStr::new(ft.expansions.token_text(&first));
        if self.tags.template_params.contains(&x)
            || self.tags.ns.contains(&x)
            || self.tags.ns_aliases.contains_key(&x)
            || self.known_component(&x)
        {
            return;
        }
        let range = ft.expansions.source_range(&first);
        self.diags.push(Diagnostic::error(
            "undefined-identifier",
            if global {
                format!("the global scope has no \"{x}\"")
            } else {
                format!("identifier \"{x}\" is undefined")
            },
            warpc_base::FileRange { file: ft.file, range },
        ));
    }

    /// Whether `x` is a component of a name declared so far (see
    /// [`Self::undeclared_alias_qualifier`]); the set is rebuilt only on a miss after
    /// declarations were added.
    fn known_component(&mut self, x: &SmolStr) -> bool {
        let t = &self.tags;
        let size = t.tags.len()
            + t.typedefs.len()
            + t.alias_templates.len()
            + t.aliases.len()
            + t.ns_aliases.len()
            + t.inline_namespaces.len()
            + t.using_dirs.len();
        if self.components.1.contains(x) {
            return true;
        }
        if self.components.0 == size {
            return false;
        }
        let mut set = rustc_hash::FxHashSet::default();
        let mut add = |name: &str| {
            for c in name.split("::").filter(|c| !c.is_empty()) {
                if !set.contains(c) {
                    set.insert(SmolStr::new(c));
                }
            }
        };
        for k in t.tags.keys().chain(t.typedefs.iter()).chain(t.alias_templates.iter()) {
            add(k);
        }
        for (k, v) in t.aliases.iter().chain(t.ns_aliases.iter()) {
            add(k);
            add(v);
        }
        for (k, v) in t.inline_namespaces.iter() {
            add(k);
            add(v);
        }
        for (k, v) in t.using_dirs.iter() {
            add(k);
            add(v);
        }
        self.components = (size, set);
        self.components.1.contains(x)
    }

    /// `using namespace A::B;` and `using A::B::name;` at global scope.
    fn using_decl(&mut self, parse: &TuParse, tree: usize, node: &SyntaxNode, u: &ast::UsingDecl) {
        use warpc_syntax::SyntaxKind as K;
        let ft = &parse.trees[tree];
        let toks: Vec<_> = u
            .syntax()
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| !t.kind().is_trivia())
            .map(|t| (t.kind(), SmolStr::new(ft.expansions.token_text(&t))))
            .collect();
        if u.syntax().children().any(|c| c.kind() == K::TYPE_NAME) {
            // `using name = type;`: a typedef.
            let mut diags = std::mem::take(&mut self.diags);
            let mut lw = Lower::new(&ft.expansions, ft.file, &mut diags, Some(&mut self.tags));
            let alias = lw.alias_decl_defining(u, true);
            self.diags = diags;
            let r = ft.expansions.node_range(node);
            if let Some((name, ty, specs)) = alias {
                if let Some(specs) = &specs {
                    self.push_type_items(specs, ft.file, r);
                }
                let name = self.tags.qualify(&name);
                self.tags.typedefs.insert(name.clone());
                self.push(Item::Typedef { name, ty }, ft.file, r, r);
            }
            return;
        }
        let mut i = 1; // after `using`
        let directive = toks.get(i).is_some_and(|t| t.0 == K::NAMESPACE_KW);
        if directive {
            i += 1;
        }
        let rooted = toks.get(i).is_some_and(|t| t.0 == K::COLON2);
        if rooted {
            i += 1;
        }
        let (parts, j) = super::qualified_parts(&toks, i);
        i = j;
        let well_formed = toks.get(i).is_some_and(|t| t.0 == K::SEMICOLON) && !parts.is_empty();
        // `using ::name;` inside a namespace names a global.
        let global_name = !directive && parts.len() == 1 && rooted && !self.tags.ns.is_empty();
        if !well_formed || (!directive && parts.len() < 2 && !global_name) {
            self.unsupported_item(parse, tree, node, "using declarations");
            return;
        }
        let r = ft.expansions.node_range(node);
        let written = parts.join("::");
        // A namespace alias as the first component (`using namespace cg;`).
        let target = match written.split_once("::") {
            Some((first, rest)) => match self.tags.ns_aliases.get(first) {
                Some(t) => SmolStr::new(format!("{t}::{rest}")),
                None => SmolStr::new(&written),
            },
            None => self
                .tags
                .ns_aliases
                .get(written.as_str())
                .cloned()
                .unwrap_or_else(|| SmolStr::new(&written)),
        };
        let scope = SmolStr::new(self.tags.ns.join("::"));
        if directive {
            // The namespace name is looked up like any name (`using namespace detail;` inside
            // `lib` names `lib::detail`, or one found through an earlier directive): every
            // candidate is tried (one that is not a namespace contributes nothing).
            let mut targets = if rooted {
                vec![target.clone()]
            } else {
                self.tags.candidates(&target)
            };
            let mut seen = rustc_hash::FxHashSet::default();
            targets.retain(|t| seen.insert(t.clone()));
            for t in targets {
                self.tags.add_using_dir(scope.clone(), t.clone());
                self.push(
                    Item::UsingNamespace {
                        target: t,
                        scope: scope.clone(),
                    },
                    ft.file,
                    r,
                    r,
                );
            }
        } else {
            let name = self.tags.qualify(&SmolStr::new(parts.last().unwrap()));
            self.tags.aliases.insert(name.clone(), target.clone());
            self.push(Item::UsingDecl { name, target }, ft.file, r, r);
        }
    }

    /// `template <params> function`, `template <> function<args>` and
    /// `template function<args>(...);`. Class templates are not supported yet.
    fn template_decl(
        &mut self,
        parse: &TuParse,
        tree: usize,
        node: &SyntaxNode,
        t: &ast::TemplateDecl,
        linkage: Linkage,
    ) {
        // The template's parameters are in scope until its declaration ends (see
        // `Tags::template_params`; the body below adds them).
        let depth = self.tags.template_params.len();
        self.template_decl_scoped(parse, tree, node, t, linkage);
        self.tags.template_params.truncate(depth);
    }

    fn template_decl_scoped(
        &mut self,
        parse: &TuParse,
        tree: usize,
        node: &SyntaxNode,
        t: &ast::TemplateDecl,
        linkage: Linkage,
    ) {
        use crate::item_tree::TemplateHead;
        use warpc_syntax::SyntaxKind as K;
        let ft = &parse.trees[tree];
        let file = ft.file;
        if t.syntax().children_with_tokens().any(|c| c.kind() == K::EXTERN_KW) {
            // `extern template class S<int>;`: an explicit instantiation declaration promises an
            // instantiation elsewhere and instantiates nothing here.
            return;
        }
        let inner = t.item();
        let is_function = match &inner {
            Some(ast::Item::FunctionDef(_)) => true,
            Some(ast::Item::Declaration(d)) => {
                d.init_declarators()
                    .any(|id| id.declarator().and_then(|d| d.own_function()).is_some())
                    && d.decl_specs().and_then(|s| s.record_spec()).is_none()
            }
            _ => false,
        };
        let is_alias =
            matches!(&inner, Some(ast::Item::UsingDecl(u)) if u.syntax().children().any(|c| c.kind() == K::TYPE_NAME));
        let is_class = match &inner {
            Some(ast::Item::Declaration(d)) => {
                // A definition, or a declaration `template <class T> struct Traits;`.
                d.init_declarators().next().is_none() && d.decl_specs().and_then(|s| s.record_spec()).is_some()
            }
            _ => false,
        };
        // `template <class T> const int S<T>::N;`: the definition of a static data member of a
        // class template whose initializer is in the class (nothing to declare here).
        // `template <class T> extern F<T> v;` and its specializations `extern F<T*> v<T*>;`:
        // a variable template declared without an initializer (CCCL's `declval`), usable in
        // unevaluated operands only.
        let is_extern = match &inner {
            Some(ast::Item::Declaration(d)) if !is_function && !is_class => d
                .decl_specs()
                .is_some_and(|s| s.syntax().children_with_tokens().any(|c| c.kind() == K::EXTERN_KW)),
            _ => false,
        };
        let member_def = match &inner {
            Some(ast::Item::Declaration(d)) if !is_function && !is_class && !is_extern => {
                let inits: Vec<_> = d.init_declarators().collect();
                !inits.is_empty()
                    && inits.iter().all(|id| {
                        !id.has_eq()
                            && id
                                .declarator()
                                .and_then(|d| d.syntax().descendants().find(|n| n.kind() == K::NAME))
                                .is_some_and(|n| n.children().any(|c| c.kind() == K::TEMPLATE_ARGS))
                    })
            }
            _ => false,
        };
        if member_def {
            return;
        }
        // `template <class T> constexpr bool is_x_v = init;`: a variable template.
        let is_var = match &inner {
            Some(ast::Item::Declaration(d)) if !is_function && !is_class && !is_alias => {
                let inits: Vec<_> = d.init_declarators().collect();
                inits.len() == 1 && (inits[0].initializer().is_some() || is_extern)
            }
            _ => false,
        };
        if let (Some(ast::Item::TemplateDecl(inner_t)), None) = (&inner, &self.outer_template_params) {
            // `template <class T> template <class U> R S<T>::f(U) {...}`: the definition of a
            // member template of a class template (the outer head is the class's).
            let member_def = matches!(inner_t.item(), Some(ast::Item::FunctionDef(_)));
            let pn = t.syntax().children().find(|n| n.kind() == K::TEMPLATE_PARAMS);
            if let (true, Some(pn)) = (member_def, pn) {
                let mut diags = std::mem::take(&mut self.diags);
                let mut lw = Lower::new(&ft.expansions, file, &mut diags, Some(&mut self.tags));
                let (params, bad) = template_param_list(&mut lw, &pn);
                self.diags = diags;
                if !bad && !params.is_empty() {
                    self.tags
                        .template_params
                        .extend(params.iter().filter_map(|p| p.name.clone()));
                    self.outer_template_params = Some(params);
                    let inner_node = inner_t.syntax().clone();
                    self.template_decl_scoped(parse, tree, &inner_node, inner_t, linkage);
                    if self.outer_template_params.take().is_some() {
                        // Not the definition of a member of a class template.
                        self.unsupported_item(parse, tree, node, "templates of this kind");
                    }
                    return;
                }
            }
        }
        if !is_function && !is_class && !is_alias && !is_var {
            self.unsupported_item(parse, tree, node, "templates of this kind");
            return;
        }
        let params_node = t.syntax().children().find(|n| n.kind() == K::TEMPLATE_PARAMS);
        let head = match params_node {
            None => TemplateHead::Instantiation(Vec::new()),
            Some(pn) => {
                let mut diags = std::mem::take(&mut self.diags);
                let mut lw = Lower::new(&ft.expansions, file, &mut diags, Some(&mut self.tags));
                let (params, bad) = template_param_list(&mut lw, &pn);
                self.diags = diags;
                self.tags
                    .template_params
                    .extend(params.iter().filter_map(|p| p.name.clone()));
                if bad {
                    // Variadic templates are kept: an instantiation reports them.
                    self.unsupported_item(parse, tree, node, "template parameters of this kind");
                    return;
                }
                if is_var {
                    let Some(ast::Item::Declaration(d)) = &inner else {
                        return;
                    };
                    let mut diags = std::mem::take(&mut self.diags);
                    let mut lw = Lower::new(&ft.expansions, file, &mut diags, Some(&mut self.tags));
                    let specs = lw.specs(d.decl_specs().as_ref(), false);
                    let id = d.init_declarators().next();
                    let declared = lw.declarator(specs.ty(), id.as_ref().and_then(|i| i.declarator()));
                    let init = id.as_ref().and_then(|i| i.initializer()).map(|e| lw.const_expr(&e));
                    // `v<int>`, `v<T*>`: the arguments of a specialization.
                    let spec = id
                        .as_ref()
                        .and_then(|i| i.declarator())
                        .and_then(|d| d.syntax().descendants().find(|n| n.kind() == K::NAME))
                        .and_then(|n| n.children().find_map(ast::TemplateArgs::cast))
                        .map(|ta| lw.template_args(&ta));
                    self.diags = diags;
                    let r = ft.expansions.node_range(node);
                    // `template <class T> const int C<T>::m = ...;`: the template arguments are
                    // the class's, not a variable template's.
                    let class_member = id
                        .as_ref()
                        .and_then(|i| i.declarator())
                        .and_then(|d| d.syntax().descendants().find(|n| n.kind() == K::NAME))
                        .is_some_and(|n| qualifier_has_template_args(&n.text().to_string()));
                    if class_member && init.is_some() {
                        if !specs.is_constexpr && !specs.quals.contains(crate::body::Quals::CONST) {
                            // A host variable: device code cannot use it, nvcc compiles it for
                            // the host only.
                            return;
                        }
                        self.unsupported_item(
                            parse,
                            tree,
                            node,
                            "a static data member of a class template defined outside its class with an initializer (initialize it in the class)",
                        );
                        return;
                    }
                    match (declared.name, init) {
                        (Some(name), Some(init))
                            if specs.is_constexpr || specs.quals.contains(crate::body::Quals::CONST) =>
                        {
                            let name = self.tags.qualify(&name);
                            let ty = super::ctx::qualify(crate::body::Quals::CONST, declared.ty);
                            self.push(
                                Item::VarTemplate {
                                    name,
                                    params,
                                    ty,
                                    init,
                                    spec,
                                },
                                file,
                                r,
                                r,
                            );
                        }
                        (Some(name), None) if is_extern => {
                            let name = self.tags.qualify(&name);
                            // No initializer: a `Missing` one that is never evaluated.
                            let init = crate::body::ConstExpr {
                                exprs: vec![crate::body::Expr::Missing],
                                types: Vec::new(),
                                root: crate::body::ExprId(0),
                            };
                            self.push(
                                Item::VarTemplate {
                                    name,
                                    params,
                                    ty: declared.ty,
                                    init,
                                    spec,
                                },
                                file,
                                r,
                                r,
                            );
                        }
                        _ => self.unsupported_item(parse, tree, node, "variable templates that are not constexpr"),
                    }
                    return;
                }
                if is_alias {
                    let Some(ast::Item::UsingDecl(u)) = &inner else { return };
                    let mut diags = std::mem::take(&mut self.diags);
                    self.tags.keep_global = true;
                    let mut lw = Lower::new(&ft.expansions, file, &mut diags, Some(&mut self.tags));
                    let alias = lw.alias_decl(u);
                    self.tags.keep_global = false;
                    self.diags = diags;
                    if self.method_ctx.is_none() && self.tags.scope_records.is_empty() {
                        self.undeclared_alias_qualifier(ft, u);
                    }
                    let r = ft.expansions.node_range(node);
                    match alias {
                        Some((name, ty)) if !params.is_empty() && !params.iter().rev().skip(1).any(|p| p.pack) => {
                            let name = self.tags.qualify(&name);
                            self.tags.alias_templates.insert(name.clone());
                            let member_of = self.method_ctx.as_ref().map(|(rec, _)| *rec);
                            self.push(
                                Item::AliasTemplate {
                                    name,
                                    params,
                                    ty,
                                    member_of,
                                },
                                file,
                                r,
                                r,
                            );
                        }
                        _ => self.unsupported_item(parse, tree, node, "alias templates of this kind"),
                    }
                    return;
                }
                if is_class {
                    if params.is_empty() {
                        self.tags.pending_record_specialization = true;
                    } else {
                        self.tags.pending_record_template = Some(params);
                    }
                    if let Some(ast::Item::Declaration(d)) = &inner {
                        self.declaration(parse, tree, d, linkage);
                    }
                    self.tags.pending_record_template = None;
                    self.tags.pending_record_specialization = false;
                    self.drain_methods(parse, tree);
                    return;
                }
                if params.is_empty() {
                    TemplateHead::Specialization(Vec::new())
                } else {
                    TemplateHead::Params(params)
                }
            }
        };
        if is_class {
            self.unsupported_item(parse, tree, node, "explicit instantiations of class templates");
            return;
        }
        self.template_head = Some(head);
        match inner {
            Some(ast::Item::FunctionDef(f)) => self.function_def(parse, tree, &f, linkage),
            Some(ast::Item::Declaration(d)) => self.declaration(parse, tree, &d, linkage),
            _ => {}
        }
        self.template_head = None;
        self.drain_methods(parse, tree);
    }

    /// The template head for a function declarator being lowered: explicit arguments of an
    /// instantiation or specialization come from the declarator's name (`f<float, 4>`).
    fn take_template_head(
        &mut self,
        lw: &mut Lower<'_>,
        d: Option<ast::Declarator>,
    ) -> Option<crate::item_tree::TemplateHead> {
        use crate::item_tree::TemplateHead;
        let head = self.template_head.take()?;
        let args = || {
            d.as_ref()?
                .syntax()
                .descendants()
                .find(|n| n.kind() == warpc_syntax::SyntaxKind::NAME)?
                .children()
                .find_map(ast::TemplateArgs::cast)
        };
        Some(match head {
            TemplateHead::Params(p) => TemplateHead::Params(p),
            TemplateHead::Instantiation(_) => {
                TemplateHead::Instantiation(args().map(|a| lw.template_args(&a)).unwrap_or_default())
            }
            TemplateHead::Specialization(_) => {
                TemplateHead::Specialization(args().map(|a| lw.template_args(&a)).unwrap_or_default())
            }
        })
    }

    /// Lowers the member functions of the records the last item defined, as items after it,
    /// with names qualified by the record (`geo::vec3::dot`).
    fn drain_methods(&mut self, parse: &TuParse, tree: usize) {
        while !self.tags.pending_methods.is_empty() || !self.tags.pending_friends.is_empty() {
            let pending = std::mem::take(&mut self.tags.pending_methods);
            self.methods_placed = 0;
            for (node, record, record_name, pos) in pending {
                let saved_pos = std::mem::replace(&mut self.method_pos, pos);
                let saved_ns =
                    std::mem::replace(&mut self.tags.ns, record_name.split("::").map(SmolStr::new).collect());
                let saved_ctx = self.method_ctx.replace((record, record_name));
                if let Some(f) = ast::FunctionDef::cast(node.clone()) {
                    self.function_def(parse, tree, &f, Linkage::Default);
                } else if let Some(t) = ast::TemplateDecl::cast(node.clone()) {
                    let saved_record = self.tags.method_record.replace(record);
                    self.template_decl(parse, tree, &node, &t, Linkage::Default);
                    self.tags.method_record = saved_record;
                } else if let Some(d) = ast::Declaration::cast(node) {
                    self.declaration(parse, tree, &d, Linkage::Default);
                }
                self.method_ctx = saved_ctx;
                self.method_pos = saved_pos;
                self.tags.ns = saved_ns;
            }
            // Friend functions declared in a class: namespace-scope functions (found by
            // ordinary lookup too: warpc does not hide them until a namespace declaration),
            // with the class's member names in scope.
            let friends = std::mem::take(&mut self.tags.pending_friends);
            for (node, class, ns, rec) in friends {
                let saved_ns = std::mem::replace(&mut self.tags.ns, ns);
                let saved_scope = std::mem::replace(&mut self.tags.scope_records, class_prefixes(&class));
                let saved_ctx = self.method_ctx.take();
                self.in_friend = Some(class.clone());
                self.in_friend_record = rec;
                if let Some(f) = ast::FunctionDef::cast(node.clone()) {
                    self.function_def(parse, tree, &f, Linkage::Default);
                } else if let Some(t) = ast::TemplateDecl::cast(node.clone()) {
                    // A friend function template of a class: a template of the namespace.
                    self.template_decl(parse, tree, &node, &t, Linkage::Default);
                } else if let Some(d) = ast::Declaration::cast(node) {
                    self.declaration(parse, tree, &d, Linkage::Default);
                }
                self.in_friend = None;
                self.in_friend_record = None;
                self.method_ctx = saved_ctx;
                self.tags.scope_records = saved_scope;
                self.tags.ns = saved_ns;
            }
        }
    }

    /// The member-function facts of a declaration named `name` (unqualified) in the current
    /// method context, or of an out-of-class definition `A::f` of a known class.
    fn method_info(
        &mut self,
        name: &SmolStr,
        specs: &super::ctx::SpecInfo,
        own_fn: Option<&ast::FunctionDeclarator>,
    ) -> Option<(crate::item_tree::MethodInfo, SmolStr)> {
        use crate::item_tree::{MethodInfo, MethodKind};
        let (record, record_name, member) = match &self.method_ctx {
            Some((r, rn)) => (*r, rn.clone(), name.clone()),
            None => {
                let (prefix, last) = name.rsplit_once("::")?;
                match self.tags.find_tag(prefix) {
                    Some((q, super::ctx::Tag::Record { def: Some(idx), .. })) => (idx, q, SmolStr::new(last)),
                    _ => return None,
                }
            }
        };
        let simple = record_name.rsplit("::").next().unwrap_or(&record_name);
        let kind = if member == simple {
            MethodKind::Constructor
        } else if member.strip_prefix('~') == Some(simple) {
            MethodKind::Destructor
        } else {
            MethodKind::Normal
        };
        let info = MethodInfo {
            record,
            kind,
            is_const: own_fn.is_some_and(|f| f.is_const()),
            is_volatile: own_fn.is_some_and(|f| f.is_volatile()),
            ref_qual: own_fn.and_then(|f| f.ref_qualifier()),
            is_static: specs.storage == StorageClass::Static,
            member_pos: if self.method_ctx.is_some() {
                self.method_pos
            } else {
                u32::MAX
            },
        };
        Some((info, SmolStr::new(format!("{record_name}::{member}"))))
    }

    fn unsupported_item(&mut self, parse: &TuParse, tree: usize, node: &SyntaxNode, what: &str) {
        let ft = &parse.trees[tree];
        let r = ft.expansions.node_range(node);
        self.diags.push(Diagnostic::unsupported(
            what,
            warpc_base::FileRange {
                file: ft.file,
                range: r,
            },
        ));
        self.push(Item::Unsupported, ft.file, r, TextRange::empty(r.start()));
    }

    fn push(&mut self, item: Item, file: FileId, range: TextRange, name: TextRange) {
        self.items.push(item);
        self.map.items.push((file, range, name));
    }

    /// Items for the records and enums that specifiers define.
    fn push_type_items(&mut self, specs: &SpecInfo, file: FileId, range: TextRange) {
        for &r in &specs.defined_records {
            let rr = self.tags.record_ranges.get(r as usize).map_or(range, |x| x.1);
            self.push(Item::Record(r), file, rr, rr);
        }
        for &e in &specs.defined_enums {
            self.push(Item::Enum(e), file, range, range);
        }
        let first = self.base.iter().map(|b| b.len()).sum::<usize>() + self.items.len();
        for (r, end) in std::mem::take(&mut self.tags.pending_member_ends) {
            if let Some(rec) = self.tags.records.get_mut(r as usize) {
                rec.member_end = (first + end as usize) as u32;
            }
        }
        for m in self.tags.pending_methods.iter_mut().skip(self.methods_placed) {
            m.3 = m.3.saturating_add(first as u32);
        }
        self.methods_placed = self.tags.pending_methods.len();
        for (item, f, r) in std::mem::take(&mut self.tags.pending_members) {
            self.push(item, f, r, r);
        }
    }

    fn function_def(&mut self, parse: &TuParse, tree: usize, f: &ast::FunctionDef, linkage: Linkage) {
        let ft = &parse.trees[tree];
        let file = ft.file;
        let mut diags = std::mem::take(&mut self.diags);
        let mut lw = Lower::new(&ft.expansions, file, &mut diags, Some(&mut self.tags));
        let range = lw.range(f.syntax());
        let mut specs = lw.specs(f.decl_specs().as_ref(), true);
        for attr in f.attributes() {
            lw.attribute(&attr, &mut specs, false);
        }
        // `T Outer::In::f(In a)`: names after the qualified declarator-id are looked up in the
        // class (`In` is `Outer::In`).
        let class_scope = f
            .declarator()
            .and_then(|d| d.name())
            .and_then(|n| lw.name_text(&n))
            .and_then(|n| n.rsplit_once("::").map(|(p, _)| SmolStr::new(p)))
            .and_then(|p| match lw.tags.as_ref().and_then(|t| t.find_tag(&p)) {
                Some((q, super::ctx::Tag::Record { .. })) => Some(q),
                _ => None,
            });
        let scoped = class_scope.is_some() && lw.tags.as_ref().is_some_and(|t| t.scope_records.is_empty());
        if let (true, Some(c), Some(t)) = (scoped, &class_scope, lw.tags.as_mut()) {
            t.scope_records.extend(class_prefixes(c));
        }
        let declared = lw.declarator(specs.ty(), f.declarator());
        let params = declared
            .own_fn
            .as_ref()
            .and_then(|d| d.param_list())
            .map(|pl| lw.param_list(&pl));
        if let (true, Some(t)) = (scoped, lw.tags.as_mut()) {
            t.scope_records.clear();
        }
        let mut unsupported = specs.unsupported.map(|(w, r)| (w.to_owned(), r));
        let method = declared
            .name
            .as_ref()
            .and_then(|n| self.method_info(n, &specs, declared.own_fn.as_ref()));
        let nested_in_template = |m: &crate::item_tree::MethodInfo| {
            self.tags
                .records
                .get(m.record as usize)
                .is_some_and(|r| r.member_of_template.is_some())
        };
        if self.method_ctx.is_none() && method.as_ref().is_some_and(|(m, _)| nested_in_template(m)) {
            unsupported.get_or_insert((
                "out-of-class definitions of members of classes nested in class templates".to_owned(),
                range,
            ));
        }
        let mut lw = Lower::new(&ft.expansions, file, &mut diags, Some(&mut self.tags));
        // `X<T>::X(...)`, `X<char>::~X()`, `X<T>::In::In(...)`: constructors and destructors
        // of classes the item tree does not resolve (members of class template specializations).
        let ctor_like = declared.name.as_ref().is_some_and(|n| {
            let parts: Vec<&str> = n.split("::").collect();
            parts.len() >= 2 && parts[parts.len() - 1].trim_start_matches('~') == parts[parts.len() - 2]
        });
        if ctor_like && method.is_none() {
            unsupported.get_or_insert((
                "constructors and destructors of class template specializations defined outside the class".to_owned(),
                range,
            ));
        }
        let no_type_ok = ctor_like
            || method
                .as_ref()
                .is_some_and(|(m, n)| m.kind != crate::item_tree::MethodKind::Normal || is_conversion_name(n));
        if !specs.has_type && unsupported.is_none() && !no_type_ok {
            lw.error(
                "syntax",
                "this declaration has no storage class or type specifier",
                range,
            );
        }
        if !matches!(declared.ty, TypeRef::Function { .. }) && has_reference(&declared.ty) {
            unsupported.get_or_insert(("references".to_owned(), range));
        }
        if let Some(ar) = specs.align {
            lw.warning("unsupported", "alignment attributes on functions are ignored", ar);
        }
        let noexcept = lw.noexcept_spec(declared.own_fn.as_ref());
        self.diags = diags;
        self.push_type_items(&specs, file, range);
        let name_range = declared.name_range.unwrap_or(TextRange::empty(range.start()));
        if let Some((what, r)) = unsupported {
            self.diags
                .push(Diagnostic::unsupported(what, warpc_base::FileRange { file, range: r }));
            self.push(Item::Unsupported, file, range, name_range);
            return;
        }
        let (TypeRef::Function { ret, variadic, .. }, Some(name)) = (declared.ty, declared.name) else {
            self.push(Item::Unsupported, file, range, name_range);
            return;
        };
        let (params, _) = params.unwrap_or_default();
        let mut attrs = specs.attrs;
        attrs.noexcept = noexcept;
        attrs.extern_c = linkage != Linkage::Default;
        attrs.is_static = specs.storage == StorageClass::Static || self.tags.anon_ns > 0;
        attrs.is_extern = specs.storage == StorageClass::Extern;
        if self.tags.anon_ns > 0 && attrs.global {
            let msg = "the PTX name of a __global__ function in an anonymous namespace differs from nvcc's (nvcc's includes a hash of the file's path): host code compiled by nvcc cannot launch it";
            let at = warpc_base::FileRange {
                file,
                range: name_range,
            };
            self.diags.push(Diagnostic::new(
                warpc_base::Severity::Warning,
                "anonymous-namespace-kernel",
                msg,
                Some(at),
            ));
        }
        let body_index = self.bodies.get(f.syntax()).copied();
        let (name, ret, method) = match method {
            Some((info, qname)) => {
                attrs.is_static = false;
                // A member function defined in its class is implicitly inline.
                attrs.inline |= self.method_ctx.is_some();
                let ret = if info.kind == crate::item_tree::MethodKind::Normal {
                    *ret
                } else {
                    TypeRef::Builtin(crate::body::BuiltinType::Void)
                };
                (qname, ret, Some(info))
            }
            None => {
                // A friend function defined in its class is implicitly inline.
                attrs.inline |= self.in_friend.is_some();
                attrs.friend_of = self.in_friend.clone();
                attrs.friend_record = self.in_friend_record;
                (self.tags.qualify(&name), *ret, None)
            }
        };
        let mut diags = std::mem::take(&mut self.diags);
        let exp = &parse.trees[tree].expansions;
        let template = {
            let mut tags = std::mem::take(&mut self.tags);
            let mut lw = Lower::new(exp, file, &mut diags, Some(&mut tags));
            let t = self.take_template_head(&mut lw, f.declarator());
            self.tags = tags;
            t
        };
        self.diags = diags;
        // An out-of-class definition of a member of a class template: the (outer) head is the
        // class's when the qualifier names the class with exactly its parameters (`S<T>::`).
        let mut template = template;
        let mut class_params = None;
        let class_template = method
            .as_ref()
            .filter(|_| self.method_ctx.is_none())
            .and_then(|m| self.tags.records.get(m.record as usize))
            .filter(|r| r.specialization.is_none())
            .and_then(|r| r.template.as_ref());
        if let Some(written) = class_template {
            let qualifier_args = qualifier_template_args(exp, f.declarator());
            let names = |ps: &[crate::item_tree::TemplateParamItem]| -> Option<Vec<SmolStr>> {
                ps.iter().map(|p| p.name.clone()).collect()
            };
            let matches = |ps: &[crate::item_tree::TemplateParamItem]| {
                ps.len() == written.len() && names(ps).is_some_and(|n| Some(n) == qualifier_args)
            };
            match (self.outer_template_params.take(), &template) {
                (Some(outer), _) if matches(&outer) => class_params = Some(outer),
                (Some(outer), _) => self.outer_template_params = Some(outer),
                (None, Some(crate::item_tree::TemplateHead::Params(ps))) if matches(ps) => {
                    class_params = Some(ps.clone());
                    template = None;
                }
                _ => {}
            }
        }
        if self.outer_template_params.is_some() {
            // The caller reports it.
            return;
        }
        let item = FunctionItem {
            name,
            ret,
            params,
            variadic,
            attrs,
            has_body: true,
            body_index,
            method,
            template,
            class_params,
        };
        self.push(Item::Function(item), file, range, name_range);
    }

    fn declaration(&mut self, parse: &TuParse, tree: usize, d: &ast::Declaration, linkage: Linkage) {
        let ft = &parse.trees[tree];
        let file = ft.file;
        let mut diags = std::mem::take(&mut self.diags);
        let mut new_items: Vec<(Item, TextRange, TextRange)> = Vec::new();
        let anon = self.tags.anon_ns > 0;
        let mut lw = Lower::new(&ft.expansions, file, &mut diags, Some(&mut self.tags));
        let range = lw.range(d.syntax());
        let specs = lw.specs(d.decl_specs().as_ref(), true);
        let inits: Vec<_> = d.init_declarators().collect();
        // A deduction guide `S(A, B) -> S<A, B>;` (no type, a function declarator with a
        // trailing return type): nothing to declare.
        let guide = |i: &ast::InitDeclarator| matches!(i.declarator(), Some(ast::Declarator::FunctionDeclarator(f)) if f.trailing_return().is_some());
        if !specs.has_type && inits.len() == 1 && guide(&inits[0]) {
            let init = &inits[0];
            let declared = lw.declarator(TypeRef::Auto, init.declarator());
            let head = self.template_head.take();
            if let (Some(name), TypeRef::Function { ret, variadic, .. }) = (declared.name.clone(), declared.ty) {
                let name = lw.tags.as_ref().map_or(name.clone(), |t| t.qualify(&name));
                let name_range = declared.name_range.unwrap_or(range);
                let (params, _) = match declared.own_fn.as_ref().and_then(|f| f.param_list()) {
                    Some(pl) => lw.param_list(&pl),
                    None => (Vec::new(), false),
                };
                let template = match head {
                    Some(h @ crate::item_tree::TemplateHead::Params(_)) => Some(h),
                    _ => None,
                };
                let item = FunctionItem {
                    name,
                    ret: *ret,
                    params,
                    variadic,
                    attrs: Default::default(),
                    has_body: false,
                    body_index: None,
                    method: None,
                    template,
                    class_params: None,
                };
                new_items.push((Item::DeductionGuide(item), range, name_range));
            }
            self.diags = diags;
            for (item, r, n) in new_items {
                self.push(item, file, r, n);
            }
            return;
        }
        let method_ctx = self.method_ctx.clone();
        let mut forward: Option<RecordItem> = None;
        if inits.is_empty() {
            if let (Some((kind, name, _)), true) = (&specs.record_ref, specs.defined_records.is_empty()) {
                forward = Some(RecordItem {
                    kind: *kind,
                    name: name.clone(),
                    fields: None,
                    align: None,
                    template: None,
                    specialization: None,
                    bases: Vec::new(),
                    restricted_data: false,
                    restricted: Vec::new(),
                    base_access: Vec::new(),
                    friends: Vec::new(),
                    nested: false,
                    member_of_template: None,
                    member_end: 0,
                    usings: Vec::new(),
                    is_final: false,
                });
            }
        } else if !specs.has_type && specs.unsupported.is_none() && method_ctx.is_none() {
            // `X<char>::~X();`: a destructor or constructor of a specialization.
            let ctor_like = inits.iter().all(|i| {
                i.declarator()
                    .and_then(|d| d.name())
                    .and_then(|n| lw.name_text(&n))
                    .is_some_and(|n| {
                        let parts: Vec<&str> = n.split("::").collect();
                        parts.len() >= 2 && parts[parts.len() - 1].trim_start_matches('~') == parts[parts.len() - 2]
                    })
            });
            if ctor_like {
                lw.unsupported(
                    "constructors and destructors of class template specializations declared outside the class",
                    range,
                );
                self.diags = diags;
                return;
            }
            lw.error(
                "syntax",
                "this declaration has no storage class or type specifier",
                range,
            );
        }
        for init in &inits {
            let ir = lw.range(init.syntax());
            let declared = lw.declarator(specs.ty(), init.declarator());
            let Some(name) = declared.name.clone() else { continue };
            let name = lw.tags.as_ref().map_or(name.clone(), |t| t.qualify(&name));
            let name_range = declared.name_range.unwrap_or(ir);
            let mut entity_specs = specs.clone();
            for attr in init.attributes() {
                lw.attribute(&attr, &mut entity_specs, false);
            }
            if let Some((what, r)) = specs.unsupported {
                lw.unsupported(what, r);
                new_items.push((Item::Unsupported, range, name_range));
                continue;
            }
            if init.has_asm_label() {
                lw.unsupported("asm labels", ir);
            }
            if !matches!(declared.ty, TypeRef::Function { .. }) && has_reference(&declared.ty) {
                lw.unsupported("references", ir);
                new_items.push((Item::Unsupported, range, name_range));
                continue;
            }
            if specs.storage == StorageClass::Typedef {
                if let Some(ar) = entity_specs.align {
                    lw.unsupported("alignment attributes on typedefs", ar);
                }
                if init.has_eq() {
                    lw.error("syntax", "a typedef may not have an initializer", ir);
                }
                if let Some(tags) = lw.tags.as_mut() {
                    tags.typedefs.insert(name.clone());
                }
                new_items.push((Item::Typedef { name, ty: declared.ty }, range, name_range));
                continue;
            }
            let is_fn = matches!(declared.ty, TypeRef::Function { .. });
            if let (Some(ar), true) = (entity_specs.align, is_fn) {
                lw.warning("unsupported", "alignment attributes on functions are ignored", ar);
            }
            let align: Vec<ConstExpr> = if is_fn {
                Vec::new()
            } else {
                entity_specs.align_exprs.iter().map(|e| lw.align_const(e)).collect()
            };
            if let TypeRef::Function { ret, variadic, .. } = declared.ty {
                let (params, _) = match declared.own_fn.as_ref().and_then(|f| f.param_list()) {
                    Some(pl) => lw.param_list(&pl),
                    None => (Vec::new(), false),
                };
                let (defaulted, deleted) = (init.is_defaulted(), init.is_deleted());
                if init.has_eq() && !defaulted && !deleted {
                    lw.error("syntax", "a function may not have an initializer", ir);
                }
                let mut attrs = entity_specs.attrs;
                attrs.defaulted = defaulted;
                attrs.deleted = deleted;
                attrs.noexcept = lw.noexcept_spec(declared.own_fn.as_ref());
                attrs.extern_c = linkage != Linkage::Default;
                attrs.is_static = specs.storage == StorageClass::Static || anon;
                attrs.is_extern = specs.storage == StorageClass::Extern;
                let mut ret = *ret;
                let mut method = None;
                if let Some((rec, rn)) = &method_ctx {
                    use crate::item_tree::{MethodInfo, MethodKind};
                    let member = declared.name.clone().unwrap_or_default();
                    let simple = rn.rsplit("::").next().unwrap_or(rn);
                    let kind = if member == simple {
                        MethodKind::Constructor
                    } else if member.strip_prefix('~') == Some(simple) {
                        MethodKind::Destructor
                    } else {
                        MethodKind::Normal
                    };
                    if kind != MethodKind::Normal {
                        ret = TypeRef::Builtin(crate::body::BuiltinType::Void);
                    }
                    attrs.is_static = false;
                    let is_const = declared.own_fn.as_ref().is_some_and(|f| f.is_const());
                    method = Some(MethodInfo {
                        record: *rec,
                        kind,
                        is_const,
                        is_volatile: declared.own_fn.as_ref().is_some_and(|f| f.is_volatile()),
                        ref_qual: declared.own_fn.as_ref().and_then(|f| f.ref_qualifier()),
                        is_static: specs.storage == StorageClass::Static,
                        member_pos: self.method_pos,
                    });
                }
                let template = self.template_head.take().map(|h| {
                    use crate::item_tree::TemplateHead;
                    let args = init
                        .declarator()
                        .and_then(|d| {
                            d.syntax()
                                .descendants()
                                .find(|n| n.kind() == warpc_syntax::SyntaxKind::NAME)
                        })
                        .and_then(|n| n.children().find_map(ast::TemplateArgs::cast))
                        .map(|a| lw.template_args(&a))
                        .unwrap_or_default();
                    match h {
                        TemplateHead::Params(p) => TemplateHead::Params(p),
                        TemplateHead::Instantiation(_) => TemplateHead::Instantiation(args),
                        TemplateHead::Specialization(_) => TemplateHead::Specialization(args),
                    }
                });
                let item = FunctionItem {
                    name,
                    ret,
                    params,
                    variadic,
                    attrs,
                    has_body: false,
                    body_index: None,
                    method,
                    template,
                    class_params: None,
                };
                new_items.push((Item::Function(item), range, name_range));
                continue;
            }
            let init_value = match (init.initializer(), init.paren_args()) {
                (Some(e), _) => Some(lw.global_init(&e, ir)),
                (None, Some(al)) => Some(lw.global_paren_init(&al, ir)),
                (None, None) => None,
            };
            let storage = match specs.storage {
                StorageClass::None if linkage == Linkage::CDirect && init_value.is_none() => StorageClass::Extern,
                StorageClass::None if anon => StorageClass::Static,
                s => s,
            };
            let ty = if specs.is_constexpr {
                super::ctx::qualify(crate::body::Quals::CONST, declared.ty)
            } else {
                declared.ty
            };
            let item = VarItem {
                name,
                ty,
                storage,
                space: specs.space,
                extern_c: linkage != Linkage::Default,
                init: init_value,
                member_of: None,
                align,
                is_constexpr: specs.is_constexpr,
            };
            new_items.push((Item::Var(item), range, name_range));
        }
        self.diags = diags;
        self.push_type_items(&specs, file, range);
        if let Some(rec) = forward {
            let idx = self.tags.records.len() as u32;
            self.tags.records.push(rec);
            self.tags.record_ranges.push((file, range));
            self.push(Item::Record(idx), file, range, range);
        }
        for (item, r, n) in new_items {
            self.push(item, file, r, n);
        }
    }
}

/// Whether a (qualified) function name names a conversion function (`S::operator float`).
/// The conversion type may itself be qualified (`operator ::ns::size_t`), so the name is
/// searched for a component that starts with `operator `.
/// The member's own name in a qualified function name: the last component, or for a
/// conversion function the whole `operator T` (`al<16>::operator ns::size_t` is
/// `operator ns::size_t`, not `size_t`).
pub(crate) fn member_name(name: &str) -> &str {
    if name.starts_with("operator ") {
        return name;
    }
    if let Some(i) = name.find("::operator ") {
        return &name[i + 2..];
    }
    name.rsplit("::").next().unwrap_or(name)
}

pub(crate) fn is_conversion_name(name: &str) -> bool {
    let mut rest = name;
    loop {
        if let Some(ty) = rest.strip_prefix("operator ") {
            return !matches!(ty.split_whitespace().next(), Some("new" | "delete"));
        }
        match rest.split_once("::") {
            Some((_, r)) => rest = r,
            None => return false,
        }
    }
}

/// The enclosing classes of the class `Outer::In` as lowering's scope stack (outermost first):
/// `["Outer", "Outer::In"]`; namespace components are not classes but harmless there.
fn class_prefixes(class: &str) -> Vec<SmolStr> {
    let parts: Vec<&str> = class.split("::").collect();
    (1..=parts.len()).map(|k| SmolStr::new(parts[..k].join("::"))).collect()
}

/// The parameters of a TEMPLATE_PARAMS node (recursively for template template parameters) and
/// whether some parameter could not be lowered.
fn template_param_list(lw: &mut Lower<'_>, pn: &SyntaxNode) -> (Vec<crate::item_tree::TemplateParamItem>, bool) {
    use crate::item_tree::{TemplateParamItem, TemplateParamKind};
    use warpc_syntax::SyntaxKind as K;
    let mut params = Vec::new();
    let mut bad = false;
    for c in pn.children() {
        match c.kind() {
            K::TYPE_PARAM => {
                let inner = c.children().find(|n| n.kind() == K::TEMPLATE_PARAMS);
                let tp = ast::TypeParam::cast(c).expect("kind checked");
                let name = tp.name().and_then(|n| lw.name_text(&n));
                let default = tp.default().map(|d| lw.type_name(&d));
                let kind = match inner {
                    Some(inner) => {
                        let (ps, b) = template_param_list(lw, &inner);
                        bad |= b;
                        TemplateParamKind::Template { params: ps, default }
                    }
                    None => TemplateParamKind::Type { default },
                };
                params.push(TemplateParamItem {
                    name,
                    kind,
                    pack: tp.is_pack(),
                });
            }
            K::PARAM => {
                let p = ast::Param::cast(c.clone()).expect("kind checked");
                let specs = lw.specs(p.decl_specs().as_ref(), false);
                let declared = lw.declarator(specs.ty(), p.declarator());
                let default = c
                    .children()
                    .filter_map(ast::Expr::cast)
                    .last()
                    .filter(|_| c.children_with_tokens().any(|e| e.kind() == K::EQ))
                    .map(|e| lw.const_expr(&e));
                // `int... N`, or inside the declarator before its name (`int (*... F)(int)`);
                // not a function type's own `...` (`void (*F)(int, ...)`).
                let pack = c.children_with_tokens().any(|e| e.kind() == K::ELLIPSIS)
                    || p.declarator().is_some_and(|d| {
                        d.syntax()
                            .descendants_with_tokens()
                            .filter_map(|e| e.into_token())
                            .filter(|t| t.kind() == K::ELLIPSIS)
                            .any(|t| {
                                std::iter::successors(t.next_token(), |n| n.next_token())
                                    .find(|n| !n.kind().is_trivia())
                                    .is_some_and(|n| n.kind() == K::IDENT)
                            })
                    });
                params.push(TemplateParamItem {
                    name: declared.name,
                    kind: TemplateParamKind::Value {
                        ty: declared.ty,
                        default,
                    },
                    pack,
                });
            }
            K::ERROR => bad = true,
            _ => {}
        }
    }
    (params, bad)
}

/// The names a declarator's qualifier passes as template arguments (`T`, `U` of `S<T, U>::f`;
/// a pack expansion `Ts...` gives `Ts`); `None` when the qualifier has no template arguments
/// or an argument is not a plain name.
fn qualifier_template_args(exp: &warpc_syntax::Expansions, d: Option<ast::Declarator>) -> Option<Vec<SmolStr>> {
    use warpc_syntax::SyntaxKind as K;
    let name = d?.syntax().descendants().find(|n| n.kind() == K::NAME)?;
    let args = name.children().find(|n| n.kind() == K::TEMPLATE_ARGS)?;
    let mut out = Vec::new();
    for a in args.children() {
        let toks: Vec<_> = a
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| !t.kind().is_trivia())
            .collect();
        match toks.as_slice() {
            [t] if t.kind() == K::IDENT => out.push(SmolStr::new(exp.token_text(t))),
            [t, e] if t.kind() == K::IDENT && e.kind() == K::ELLIPSIS => out.push(SmolStr::new(exp.token_text(t))),
            _ => return None,
        }
    }
    Some(out)
}

/// Whether a declarator's name `C<T>::m` is qualified by a template-id: its last `::` outside
/// angle brackets follows a `<` (`v<ns::E>` and `ns::v<int>` are not).
fn qualifier_has_template_args(name: &str) -> bool {
    let mut depth = 0i32;
    let mut last_sep = None;
    let bytes = name.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b':' if depth == 0 && bytes.get(i + 1) == Some(&b':') => last_sep = Some(i),
            _ => {}
        }
    }
    last_sep.is_some_and(|at| name[..at].contains('<'))
}

#[cfg(test)]
mod qualifier_tests {
    #[test]
    fn qualifier_has_template_args() {
        assert!(super::qualifier_has_template_args("Y<T>::c"));
        assert!(super::qualifier_has_template_args("ns::Y<T, 2>::c"));
        assert!(!super::qualifier_has_template_args("v<ns::E::a>"));
        assert!(!super::qualifier_has_template_args("ns::v<int>"));
        assert!(!super::qualifier_has_template_args("ns::v"));
    }
}
