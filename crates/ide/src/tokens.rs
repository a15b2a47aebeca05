//! Semantic tokens: every identifier of a file classified by what it resolves to, with CUDA
//! modifiers (`__global__`/`__device__`/`__host__` functions, `__shared__`/`__constant__`
//! variables), plus macros, comments, inactive regions, literals and keywords.

use rustc_hash::FxHashMap;
use warpc_base::{FileId, TextRange};
use warpc_db::{Compilation, Database};
use warpc_hir::ty::{ExecSpace, VarSpace};
use warpc_syntax::{NodeOrToken, SyntaxKind::*, SyntaxNode, SyntaxToken, WalkEvent};

use crate::resolve::{self, Def};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TokenType {
    Namespace,
    Type,
    Struct,
    Enum,
    EnumMember,
    Parameter,
    Variable,
    Property,
    Function,
    Macro,
    Keyword,
    Comment,
    String,
    Number,
}

impl TokenType {
    pub const ALL: &'static [TokenType] = &[
        TokenType::Namespace,
        TokenType::Type,
        TokenType::Struct,
        TokenType::Enum,
        TokenType::EnumMember,
        TokenType::Parameter,
        TokenType::Variable,
        TokenType::Property,
        TokenType::Function,
        TokenType::Macro,
        TokenType::Keyword,
        TokenType::Comment,
        TokenType::String,
        TokenType::Number,
    ];

    /// The LSP name.
    pub fn name(self) -> &'static str {
        match self {
            TokenType::Namespace => "namespace",
            TokenType::Type => "type",
            TokenType::Struct => "struct",
            TokenType::Enum => "enum",
            TokenType::EnumMember => "enumMember",
            TokenType::Parameter => "parameter",
            TokenType::Variable => "variable",
            TokenType::Property => "property",
            TokenType::Function => "function",
            TokenType::Macro => "macro",
            TokenType::Keyword => "keyword",
            TokenType::Comment => "comment",
            TokenType::String => "string",
            TokenType::Number => "number",
        }
    }
}

/// Modifier bits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TokenModifier {
    Declaration = 0,
    Readonly = 1,
    DefaultLibrary = 2,
    /// `__global__` function (kernel).
    Global = 3,
    /// `__device__` function or variable.
    Device = 4,
    /// `__host__` function.
    Host = 5,
    /// `__shared__` variable.
    Shared = 6,
    /// `__constant__` variable.
    Constant = 7,
}

impl TokenModifier {
    pub const ALL: &'static [TokenModifier] = &[
        TokenModifier::Declaration,
        TokenModifier::Readonly,
        TokenModifier::DefaultLibrary,
        TokenModifier::Global,
        TokenModifier::Device,
        TokenModifier::Host,
        TokenModifier::Shared,
        TokenModifier::Constant,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TokenModifier::Declaration => "declaration",
            TokenModifier::Readonly => "readonly",
            TokenModifier::DefaultLibrary => "defaultLibrary",
            TokenModifier::Global => "global",
            TokenModifier::Device => "device",
            TokenModifier::Host => "host",
            TokenModifier::Shared => "shared",
            TokenModifier::Constant => "constant",
        }
    }

    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemanticToken {
    pub range: TextRange,
    pub ty: TokenType,
    /// [`TokenModifier`] bits.
    pub modifiers: u32,
}

fn fn_mods(space: ExecSpace) -> u32 {
    match space {
        ExecSpace::Global => TokenModifier::Global.bit(),
        ExecSpace::Device => TokenModifier::Device.bit(),
        ExecSpace::Host => TokenModifier::Host.bit(),
        ExecSpace::HostDevice => TokenModifier::Host.bit() | TokenModifier::Device.bit(),
    }
}

fn var_mods(space: VarSpace) -> u32 {
    match space {
        VarSpace::Global => TokenModifier::Device.bit(),
        VarSpace::Constant => TokenModifier::Constant.bit() | TokenModifier::Readonly.bit(),
        VarSpace::Shared | VarSpace::ExternShared => TokenModifier::Shared.bit(),
        VarSpace::Host => 0,
    }
}

/// Modifiers from the specifier keywords of the declaration owning a local's name.
fn local_decl_mods(name_tok_range: TextRange, func: &SyntaxNode) -> u32 {
    let Some(tok) = func.covering_element(name_tok_range).into_token() else {
        return 0;
    };
    let Some(decl) = tok.parent_ancestors().find(|a| matches!(a.kind(), DECLARATION | PARAM)) else {
        return 0;
    };
    let Some(specs) = decl.children().find(|c| c.kind() == DECL_SPECS) else {
        return 0;
    };
    let mut m = 0;
    for t in specs.children_with_tokens().filter_map(|e| e.into_token()) {
        m |= match t.kind() {
            SHARED_KW => TokenModifier::Shared.bit(),
            CONSTANT_KW => TokenModifier::Constant.bit(),
            CONST_KW | CONSTEXPR_KW => TokenModifier::Readonly.bit(),
            _ => 0,
        };
    }
    m
}

fn classify(db: &Database, comp: Compilation, def: &Def) -> (TokenType, u32) {
    let defs = warpc_db::def_map(db, comp);
    match def {
        Def::Local(l) => {
            let ty = if l.param.is_some() {
                TokenType::Parameter
            } else {
                TokenType::Variable
            };
            (ty, local_decl_mods(l.name_range, &l.func))
        }
        Def::Function(fs) => {
            let d = defs.function(fs[0]);
            let mut m = fn_mods(d.space);
            if fs.iter().any(|&f| {
                let item = defs.function(f).item;
                warpc_db::item_tree_with_source_map(db, comp)
                    .source_map
                    .items
                    .get(item as usize)
                    .is_some_and(|&(file, _, _)| crate::is_builtin(db, file))
            }) {
                m |= TokenModifier::DefaultLibrary.bit();
            }
            (TokenType::Function, m)
        }
        Def::Global(g) => {
            let d = defs.global(*g);
            let mut m = var_mods(d.space);
            if d.ty.is_const() {
                m |= TokenModifier::Readonly.bit();
            }
            (TokenType::Variable, m)
        }
        Def::Enumerator { .. } => (TokenType::EnumMember, TokenModifier::Readonly.bit()),
        Def::Type { name } => match resolve::named_type(defs, name) {
            Some(t) if resolve::record_id(&t).is_some() && !defs.typedefs.contains_key(name.as_str()) => {
                (TokenType::Struct, 0)
            }
            _ => (TokenType::Type, 0),
        },
        Def::Field { .. } => (TokenType::Property, 0),
        Def::Macro(_) => (TokenType::Macro, 0),
        Def::BuiltinVar(_) => (
            TokenType::Variable,
            TokenModifier::DefaultLibrary.bit() | TokenModifier::Readonly.bit(),
        ),
    }
}

pub(crate) fn semantic_tokens(db: &Database, comp: Compilation, file: FileId) -> Vec<SemanticToken> {
    let parse = warpc_db::parse(db, comp);
    let mut out = Vec::new();
    // Namespace-scope names resolve the same everywhere: cache them.
    let mut global_cache: FxHashMap<String, Option<(TokenType, u32)>> = FxHashMap::default();
    for tree in resolve::trees_of(parse, file) {
        let root = parse.tree(tree);
        // Locals in scope while inside a function definition: one linear walk (a scope per
        // block and `for`), so highlighting a large file does not re-resolve every name.
        let mut scopes: Vec<Vec<(String, (TokenType, u32))>> = Vec::new();
        let mut fn_depth = 0usize;
        for event in root.preorder_with_tokens() {
            let el = match event {
                WalkEvent::Enter(el) => el,
                WalkEvent::Leave(el) => {
                    if let Some(n) = el.as_node() {
                        match n.kind() {
                            BLOCK_STMT | FOR_STMT if fn_depth > 0 => {
                                scopes.pop();
                            }
                            FUNCTION_DEF if fn_depth > 0 => {
                                fn_depth -= 1;
                                scopes.pop();
                            }
                            _ => {}
                        }
                    }
                    continue;
                }
            };
            let tok = match el {
                NodeOrToken::Node(n) => {
                    match n.kind() {
                        FUNCTION_DEF => {
                            fn_depth += 1;
                            scopes.push(Vec::new());
                        }
                        BLOCK_STMT | FOR_STMT if fn_depth > 0 => scopes.push(Vec::new()),
                        _ => {}
                    }
                    continue;
                }
                NodeOrToken::Token(t) => t,
            };
            if tok.text().is_empty() {
                continue;
            }
            let range = tok.text_range();
            let simple = match tok.kind() {
                COMMENT | INACTIVE => Some(TokenType::Comment),
                STRING_LIT => Some(TokenType::String),
                INT_NUMBER | FLOAT_NUMBER | CHAR_LIT => Some(TokenType::Number),
                k if k.is_keyword() => Some(TokenType::Keyword),
                _ => None,
            };
            if let Some(ty) = simple {
                out.push(SemanticToken {
                    range,
                    ty,
                    modifiers: 0,
                });
                continue;
            }
            if tok.kind() == MACRO_CALL {
                let n = tok
                    .text()
                    .bytes()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
                    .count();
                if n > 0 {
                    out.push(SemanticToken {
                        range: TextRange::at(range.start(), (n as u32).into()),
                        ty: TokenType::Macro,
                        modifiers: 0,
                    });
                }
                continue;
            }
            if tok.kind() != IDENT {
                continue;
            }
            if fn_depth > 0 {
                if let Some(t) = local_token(&tok, &mut scopes) {
                    out.push(t);
                    continue;
                }
            }
            if let Some(t) = ident_token(db, comp, file, tree, &tok, &mut global_cache) {
                out.push(t);
            }
        }
    }
    for m in crate::macros::file_macros(db, warpc_db::Db::source(db, file)) {
        out.push(SemanticToken {
            range: m.name_range,
            ty: TokenType::Macro,
            modifiers: TokenModifier::Declaration.bit(),
        });
    }
    out.sort_by_key(|t| t.range.start());
    out
}

/// Inside a function: a parameter or local declaration (recorded in the innermost scope), or a
/// use of a local in scope. `None` for anything else (members, globals, types).
fn local_token(tok: &SyntaxToken, scopes: &mut [Vec<(String, (TokenType, u32))>]) -> Option<SemanticToken> {
    let parent = tok.parent()?;
    let range = tok.text_range();
    match parent.kind() {
        NAME => {
            let owner = parent.ancestors().find(|a| {
                matches!(
                    a.kind(),
                    PARAM | INIT_DECLARATOR | FUNCTION_DEF | RECORD_SPEC | ENUMERATOR
                )
            })?;
            let (ty, decl) = match owner.kind() {
                // A parameter of the function being defined (not of a function pointer type).
                PARAM
                    if owner.ancestors().skip(1).all(|a| a.kind() != PARAM)
                        && owner.ancestors().all(|a| a.kind() != BLOCK_STMT) =>
                {
                    (TokenType::Parameter, owner)
                }
                INIT_DECLARATOR
                    if owner.ancestors().any(|a| a.kind() == BLOCK_STMT)
                        && owner.ancestors().all(|a| a.kind() != FIELD_LIST) =>
                {
                    (TokenType::Variable, owner.parent()?)
                }
                _ => return None,
            };
            let mut mods = TokenModifier::Declaration.bit();
            if let Some(specs) = decl.children().find(|c| c.kind() == DECL_SPECS) {
                for t in specs.children_with_tokens().filter_map(|e| e.into_token()) {
                    mods |= match t.kind() {
                        SHARED_KW => TokenModifier::Shared.bit(),
                        CONSTANT_KW => TokenModifier::Constant.bit(),
                        CONST_KW | CONSTEXPR_KW => TokenModifier::Readonly.bit(),
                        _ => 0,
                    };
                }
            }
            // Parameters belong to the function's scope (the outermost of this function).
            let scope = if ty == TokenType::Parameter {
                scopes.iter_mut().rev().find(|_| true)?
            } else {
                scopes.last_mut()?
            };
            scope.push((tok.text().to_string(), (ty, mods & !TokenModifier::Declaration.bit())));
            Some(SemanticToken {
                range,
                ty,
                modifiers: mods,
            })
        }
        NAME_REF => {
            let is_member = parent
                .parent()
                .is_some_and(|g| g.kind() == MEMBER_EXPR && g.children().nth(1).as_ref() == Some(&parent));
            if is_member || parent.children_with_tokens().any(|e| e.kind() == COLON2) {
                return None;
            }
            let name = tok.text();
            let (ty, mods) = scopes
                .iter()
                .rev()
                .flat_map(|s| s.iter().rev())
                .find(|(n, _)| n == name)?
                .1;
            Some(SemanticToken {
                range,
                ty,
                modifiers: mods,
            })
        }
        _ => None,
    }
}

fn ident_token(
    db: &Database,
    comp: Compilation,
    file: FileId,
    tree: usize,
    tok: &SyntaxToken,
    cache: &mut FxHashMap<String, Option<(TokenType, u32)>>,
) -> Option<SemanticToken> {
    let range = tok.text_range();
    let parent = tok.parent()?;
    let name = tok.text().to_string();
    let declaration = parent.kind() == NAME;
    let is_member = parent.kind() == NAME_REF
        && parent
            .parent()
            .is_some_and(|g| g.kind() == MEMBER_EXPR && g.children().nth(1).as_ref() == Some(&parent));
    let local_context = parent.ancestors().any(|a| a.kind() == BLOCK_STMT || a.kind() == PARAM);
    let (ty, mut mods) = if is_member
        || (declaration && parent.ancestors().any(|a| a.kind() == FIELD_LIST) && !local_context)
    {
        if declaration && parent.ancestors().any(|a| a.kind() == FUNCTION_DEF) {
            (TokenType::Function, 0)
        } else {
            (TokenType::Property, 0)
        }
    } else if parent.kind() == NAMESPACE_DEF || parent.parent().is_some_and(|p| p.kind() == NAMESPACE_DEF) {
        (TokenType::Namespace, 0)
    } else if local_context || declaration {
        // Locals first (cheap walk); otherwise the full resolution at this token.
        match resolve::resolve_local(file, tok, &name)
            .filter(|_| !declaration || parent.ancestors().any(|a| a.kind() == BLOCK_STMT || a.kind() == PARAM))
        {
            Some(l) if !declaration || l.name_range == range || l.param.is_some() => classify(db, comp, &Def::Local(l)),
            _ if declaration && parent.ancestors().any(|a| a.kind() == BLOCK_STMT) => {
                let func = parent.ancestors().find(|a| a.kind() == FUNCTION_DEF)?;
                classify(
                    db,
                    comp,
                    &Def::Local(resolve::LocalDef {
                        name: name.clone().into(),
                        file,
                        name_range: range,
                        func,
                        param: None,
                    }),
                )
            }
            _ if parent.kind() == NAME_REF => {
                let key = resolve::name_ref_text(warpc_db::parse(db, comp), tree, &parent).to_string();
                let hit = cache.entry(key).or_insert_with(|| {
                    resolve::def_at(db, comp, file, range.start()).map(|(d, _)| classify(db, comp, &d))
                });
                (*hit)?
            }
            _ => {
                let (def, _) = resolve::def_at(db, comp, file, range.start())?;
                classify(db, comp, &def)
            }
        }
    } else {
        let key = resolve::name_ref_text(warpc_db::parse(db, comp), tree, &parent);
        let key = if key.is_empty() { name.clone() } else { key.to_string() };
        let hit = cache
            .entry(key)
            .or_insert_with(|| resolve::def_at(db, comp, file, range.start()).map(|(d, _)| classify(db, comp, &d)));
        (*hit)?
    };
    if declaration {
        mods |= TokenModifier::Declaration.bit();
    }
    Some(SemanticToken {
        range,
        ty,
        modifiers: mods,
    })
}
