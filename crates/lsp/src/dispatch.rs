//! Request handlers: each runs on a worker thread over a snapshot and returns the JSON result.
//! A cancelled snapshot gives [`Error::Cancelled`] (the main loop retries or answers
//! `RequestCanceled`).

use lsp_server::{ErrorCode, Request};
use lsp_types as lsp;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use warpc_base::FileId;
use warpc_ide::{Analysis, FilePosition, LineIndex};

use crate::convert;
use crate::server::Ctx;

pub(crate) enum Error {
    Cancelled(salsa::Cancelled),
    Failed(ErrorCode, String),
}

impl From<salsa::Cancelled> for Error {
    fn from(c: salsa::Cancelled) -> Self {
        Error::Cancelled(c)
    }
}

type Result<T> = std::result::Result<T, Error>;

fn params<P: DeserializeOwned>(req: &Request) -> Result<P> {
    serde_json::from_value(req.params.clone())
        .map_err(|e| Error::Failed(ErrorCode::InvalidParams, format!("{}: {e}", req.method)))
}

fn file(snap: &Analysis, ctx: &Ctx, uri: &lsp::Uri) -> Result<FileId> {
    let path = ctx
        .paths
        .path(uri)
        .ok_or_else(|| Error::Failed(ErrorCode::InvalidParams, format!("not a file URI: {}", uri.as_str())))?;
    snap.file_id(&path)
        .ok_or_else(|| Error::Failed(ErrorCode::InvalidParams, format!("unknown file: {}", uri.as_str())))
}

fn position(snap: &Analysis, ctx: &Ctx, p: &lsp::TextDocumentPositionParams) -> Result<(FilePosition, LineIndex)> {
    let file = file(snap, ctx, &p.text_document.uri)?;
    let index = snap.line_index(file);
    Ok((
        FilePosition {
            file,
            offset: convert::offset(&index, p.position),
        },
        index,
    ))
}

fn location(snap: &Analysis, ctx: &Ctx, file: FileId, range: warpc_base::TextRange) -> lsp::Location {
    let index = snap.line_index(file);
    lsp::Location {
        uri: ctx.paths.uri(&snap.path(file)),
        range: convert::range(&index, range),
    }
}

fn to_value<T: serde::Serialize>(v: T) -> Result<Value> {
    serde_json::to_value(v).map_err(|e| Error::Failed(ErrorCode::InternalError, e.to_string()))
}

/// `warpc/ptx` parameters: the document and, optionally, a position inside a function.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct PtxParams {
    text_document: lsp::TextDocumentIdentifier,
    position: Option<lsp::Position>,
}

pub(crate) fn handle(snap: &Analysis, ctx: &Ctx, req: &Request) -> Result<Value> {
    match req.method.as_str() {
        "textDocument/hover" => {
            let p: lsp::HoverParams = params(req)?;
            let (pos, index) = position(snap, ctx, &p.text_document_position_params)?;
            let Some(h) = snap.hover(pos)? else {
                return Ok(Value::Null);
            };
            to_value(lsp::Hover {
                contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                    kind: lsp::MarkupKind::Markdown,
                    value: h.markdown,
                }),
                range: Some(convert::range(&index, h.range)),
            })
        }
        "textDocument/definition" | "textDocument/declaration" => {
            let p: lsp::GotoDefinitionParams = params(req)?;
            let (pos, _) = position(snap, ctx, &p.text_document_position_params)?;
            let targets = if req.method.ends_with("declaration") {
                snap.goto_declaration(pos)?
            } else {
                snap.goto_definition(pos)?
            };
            let locs: Vec<lsp::Location> = targets
                .iter()
                .map(|t| location(snap, ctx, t.file, t.focus_range))
                .collect();
            to_value(locs)
        }
        "textDocument/references" => {
            let p: lsp::ReferenceParams = params(req)?;
            let (pos, _) = position(snap, ctx, &p.text_document_position)?;
            let refs = snap.references(pos, p.context.include_declaration)?;
            to_value(
                refs.iter()
                    .map(|r| location(snap, ctx, r.file, r.range))
                    .collect::<Vec<_>>(),
            )
        }
        "textDocument/documentHighlight" => {
            let p: lsp::DocumentHighlightParams = params(req)?;
            let (pos, index) = position(snap, ctx, &p.text_document_position_params)?;
            let refs = snap.references(pos, true)?;
            let out: Vec<lsp::DocumentHighlight> = refs
                .iter()
                .filter(|r| r.file == pos.file)
                .map(|r| lsp::DocumentHighlight {
                    range: convert::range(&index, r.range),
                    kind: None,
                })
                .collect();
            to_value(out)
        }
        "textDocument/codeAction" => {
            // The fixes of the front end's diagnostics (memoized) whose range meets the request's.
            let p: lsp::CodeActionParams = params(req)?;
            let file = file(snap, ctx, &p.text_document.uri)?;
            let index = snap.line_index(file);
            let want = convert::text_range(&index, p.range);
            let mut actions: Vec<lsp::CodeActionOrCommand> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for (main, _) in snap.compilations() {
                for (f, diags) in snap.frontend_diagnostics(main)? {
                    for d in diags.iter().filter(|_| f == file) {
                        let Some(fix) = &d.fix else { continue };
                        let meets = fix.range.range.start() <= want.end() && want.start() <= fix.range.range.end();
                        if fix.range.file != file || !meets || !seen.insert((fix.range.range, fix.replacement.clone()))
                        {
                            continue;
                        }
                        #[allow(clippy::mutable_key_type)] // lsp-types' own map type
                        let mut changes = std::collections::HashMap::new();
                        let edit = lsp::TextEdit {
                            range: convert::range(&index, fix.range.range),
                            new_text: fix.replacement.clone(),
                        };
                        changes.insert(p.text_document.uri.clone(), vec![edit]);
                        actions.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                            title: fix.title.clone(),
                            kind: Some(lsp::CodeActionKind::QUICKFIX),
                            diagnostics: Some(vec![convert::diagnostic(&index, d)]),
                            edit: Some(lsp::WorkspaceEdit {
                                changes: Some(changes),
                                ..Default::default()
                            }),
                            is_preferred: Some(true),
                            ..Default::default()
                        }));
                    }
                }
            }
            to_value(actions)
        }
        "textDocument/prepareRename" => {
            let p: lsp::TextDocumentPositionParams = params(req)?;
            let (pos, index) = position(snap, ctx, &p)?;
            match snap.prepare_rename(pos)? {
                Ok(r) => to_value(convert::range(&index, r.range)),
                Err(msg) => Err(Error::Failed(ErrorCode::InvalidRequest, msg)),
            }
        }
        "textDocument/rename" => {
            let p: lsp::RenameParams = params(req)?;
            let (pos, _) = position(snap, ctx, &p.text_document_position)?;
            match snap.rename(pos, &p.new_name)? {
                Ok(change) => {
                    #[allow(clippy::mutable_key_type)] // lsp-types' own map type
                    let mut changes = std::collections::HashMap::new();
                    for (file, edits) in change.edits {
                        let index = snap.line_index(file);
                        let edits: Vec<lsp::TextEdit> = edits
                            .into_iter()
                            .map(|(r, t)| lsp::TextEdit {
                                range: convert::range(&index, r),
                                new_text: t,
                            })
                            .collect();
                        changes.insert(ctx.paths.uri(&snap.path(file)), edits);
                    }
                    to_value(lsp::WorkspaceEdit {
                        changes: Some(changes),
                        ..Default::default()
                    })
                }
                Err(msg) => Err(Error::Failed(ErrorCode::InvalidRequest, msg)),
            }
        }
        "textDocument/documentSymbol" => {
            let p: lsp::DocumentSymbolParams = params(req)?;
            let file = file(snap, ctx, &p.text_document.uri)?;
            let index = snap.line_index(file);
            #[allow(deprecated)]
            fn conv(index: &LineIndex, s: warpc_ide::Symbol) -> lsp::DocumentSymbol {
                lsp::DocumentSymbol {
                    name: s.name,
                    detail: s.detail,
                    kind: convert::symbol_kind(s.kind),
                    tags: None,
                    deprecated: None,
                    range: convert::range(index, s.full_range),
                    selection_range: convert::range(index, s.focus_range),
                    children: if s.children.is_empty() {
                        None
                    } else {
                        Some(s.children.into_iter().map(|c| conv(index, c)).collect())
                    },
                }
            }
            let syms: Vec<lsp::DocumentSymbol> = snap
                .document_symbols(file)?
                .into_iter()
                .map(|s| conv(&index, s))
                .collect();
            to_value(syms)
        }
        "workspace/symbol" => {
            let p: lsp::WorkspaceSymbolParams = params(req)?;
            let syms = snap.workspace_symbols(&p.query)?;
            #[allow(deprecated)]
            let out: Vec<lsp::SymbolInformation> = syms
                .into_iter()
                .take(512)
                .map(|s| lsp::SymbolInformation {
                    name: s.name,
                    kind: convert::symbol_kind(s.kind),
                    tags: None,
                    deprecated: None,
                    location: location(snap, ctx, s.file, s.focus_range),
                    container_name: s.detail,
                })
                .collect();
            to_value(out)
        }
        "textDocument/completion" => {
            let p: lsp::CompletionParams = params(req)?;
            let (pos, _) = position(snap, ctx, &p.text_document_position)?;
            let items: Vec<lsp::CompletionItem> = snap
                .completions(pos)?
                .into_iter()
                .map(|c| lsp::CompletionItem {
                    label: c.label,
                    kind: Some(convert::completion_kind(c.kind)),
                    detail: c.detail,
                    documentation: c.documentation.map(|d| {
                        lsp::Documentation::MarkupContent(lsp::MarkupContent {
                            kind: lsp::MarkupKind::Markdown,
                            value: d,
                        })
                    }),
                    ..Default::default()
                })
                .collect();
            to_value(lsp::CompletionResponse::Array(items))
        }
        "textDocument/signatureHelp" => {
            let p: lsp::SignatureHelpParams = params(req)?;
            let (pos, _) = position(snap, ctx, &p.text_document_position_params)?;
            let Some(h) = snap.signature_help(pos)? else {
                return Ok(Value::Null);
            };
            to_value(lsp::SignatureHelp {
                signatures: h
                    .signatures
                    .into_iter()
                    .map(|s| lsp::SignatureInformation {
                        label: s.label,
                        documentation: s.documentation.map(lsp::Documentation::String),
                        parameters: Some(
                            s.params
                                .into_iter()
                                .map(|p| lsp::ParameterInformation {
                                    label: lsp::ParameterLabel::Simple(p.label),
                                    documentation: None,
                                })
                                .collect(),
                        ),
                        active_parameter: None,
                    })
                    .collect(),
                active_signature: Some(h.active_signature),
                active_parameter: Some(h.active_param),
            })
        }
        "textDocument/semanticTokens/full" => {
            let p: lsp::SemanticTokensParams = params(req)?;
            let file = file(snap, ctx, &p.text_document.uri)?;
            let index = snap.line_index(file);
            let text = snap.file_text(file);
            let toks = snap.semantic_tokens(file)?;
            to_value(lsp::SemanticTokens {
                result_id: None,
                data: convert::semantic_tokens(&index, &text, &toks),
            })
        }
        "textDocument/foldingRange" => {
            let p: lsp::FoldingRangeParams = params(req)?;
            let file = file(snap, ctx, &p.text_document.uri)?;
            let index = snap.line_index(file);
            let folds: Vec<lsp::FoldingRange> = snap
                .folding_ranges(file)?
                .into_iter()
                .map(|f| {
                    let r = convert::range(&index, f.range);
                    lsp::FoldingRange {
                        start_line: r.start.line,
                        start_character: None,
                        end_line: r.end.line,
                        end_character: None,
                        kind: Some(match f.kind {
                            warpc_ide::FoldKind::Comment => lsp::FoldingRangeKind::Comment,
                            warpc_ide::FoldKind::Inactive | warpc_ide::FoldKind::Region => {
                                lsp::FoldingRangeKind::Region
                            }
                        }),
                        collapsed_text: None,
                    }
                })
                .filter(|f| f.end_line > f.start_line)
                .collect();
            to_value(folds)
        }
        "textDocument/selectionRange" => {
            let p: lsp::SelectionRangeParams = params(req)?;
            let file = file(snap, ctx, &p.text_document.uri)?;
            let index = snap.line_index(file);
            let mut out = Vec::new();
            for pos in p.positions {
                let ranges = snap.selection_ranges(file, convert::offset(&index, pos))?;
                let mut sel: Option<lsp::SelectionRange> = None;
                for r in ranges.into_iter().rev() {
                    sel = Some(lsp::SelectionRange {
                        range: convert::range(&index, r),
                        parent: sel.map(Box::new),
                    });
                }
                out.push(sel.unwrap_or(lsp::SelectionRange {
                    range: lsp::Range { start: pos, end: pos },
                    parent: None,
                }));
            }
            to_value(out)
        }
        "textDocument/inlayHint" => {
            let p: lsp::InlayHintParams = params(req)?;
            let file = file(snap, ctx, &p.text_document.uri)?;
            let index = snap.line_index(file);
            let range = convert::text_range(&index, p.range);
            let hints: Vec<lsp::InlayHint> = snap
                .inlay_hints(file, Some(range))?
                .into_iter()
                .map(|h| lsp::InlayHint {
                    position: convert::position(&index, h.offset),
                    label: lsp::InlayHintLabel::String(h.label),
                    kind: Some(match h.kind {
                        warpc_ide::InlayKind::Type => lsp::InlayHintKind::TYPE,
                        warpc_ide::InlayKind::Parameter => lsp::InlayHintKind::PARAMETER,
                    }),
                    text_edits: None,
                    tooltip: None,
                    padding_left: None,
                    padding_right: Some(h.kind == warpc_ide::InlayKind::Parameter),
                    data: None,
                })
                .collect();
            to_value(hints)
        }
        "textDocument/codeLens" => {
            let p: lsp::CodeLensParams = params(req)?;
            let file = file(snap, ctx, &p.text_document.uri)?;
            let index = snap.line_index(file);
            let kernels = snap.kernels(file)?;
            let mut stats = std::collections::HashMap::new();
            let mut arch = String::from("sm_75");
            if let (Some(ptxas), false) = (&ctx.ptxas, kernels.is_empty()) {
                let ptx = snap.ptx(file, None)?;
                if !ptx.has_errors {
                    arch = snap.options(file)?.map(|o| o.arch.name()).unwrap_or(arch);
                    stats = ctx.ptxas_cache.stats(ptxas, &arch, &ptx.ptx);
                }
            }
            let lenses: Vec<lsp::CodeLens> = kernels
                .into_iter()
                .map(|k| {
                    let range = convert::range(&index, k.name_range);
                    let title = match stats.get(&k.link_name) {
                        Some(s) => format!(
                            "{arch}: {} registers, {} B spill stores, {} B spill loads · Show PTX",
                            s.registers, s.spill_stores, s.spill_loads
                        ),
                        None => "Show PTX".to_string(),
                    };
                    lsp::CodeLens {
                        range,
                        command: Some(lsp::Command {
                            title,
                            command: "warpc.showPtx".into(),
                            arguments: Some(vec![json!(p.text_document.uri.as_str()), json!(range.start)]),
                        }),
                        data: None,
                    }
                })
                .collect();
            to_value(lenses)
        }
        "warpc/ptx" => {
            let p: PtxParams = serde_json::from_value(req.params.clone())
                .map_err(|e| Error::Failed(ErrorCode::InvalidParams, format!("warpc/ptx: {e}")))?;
            let file = file(snap, ctx, &p.text_document.uri)?;
            let index = snap.line_index(file);
            let r = snap.ptx(file, p.position.map(|pos| convert::offset(&index, pos)))?;
            Ok(json!({ "ptx": r.ptx, "function": r.function, "hasErrors": r.has_errors }))
        }
        "warpc/panic" if std::env::var_os("WARPC_LSP_TEST").is_some() => panic!("test panic"),
        m => Err(Error::Failed(ErrorCode::MethodNotFound, format!("unknown request {m}"))),
    }
}
