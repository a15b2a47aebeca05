// The warpc VS Code extension: starts `warpc lsp` for CUDA files and adds "Show PTX", a side
// document with the PTX of the function at the cursor (or of the file) that refreshes as the
// source changes.

import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

const PTX_SCHEME = "warpc-ptx";

let client: LanguageClient | undefined;

interface PtxResult {
  ptx: string;
  function: string | null;
  hasErrors: boolean;
}

function settings(): Record<string, unknown> {
  const c = vscode.workspace.getConfiguration("warpc");
  return {
    arch: c.get<string>("arch", ""),
    includeDirs: c.get<string[]>("includeDirs", []),
    defines: c.get<string[]>("defines", []),
    flags: c.get<string[]>("extraFlags", []),
  };
}

function createClient(): LanguageClient {
  const command = vscode.workspace.getConfiguration("warpc").get<string>("server.path", "warpc") || "warpc";
  const serverOptions: ServerOptions = {
    run: { command, args: ["lsp"], transport: TransportKind.stdio },
    debug: { command, args: ["lsp"], transport: TransportKind.stdio },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: "file", language: "cuda-cpp" }],
    initializationOptions: settings(),
    synchronize: { configurationSection: "warpc" },
    outputChannelName: "warpc",
  };
  return new LanguageClient("warpc", "warpc", serverOptions, clientOptions);
}

/// PTX documents: `warpc-ptx:/<source path>.ptx?<source uri>#<line>:<character>` (no fragment:
/// the whole file).
class PtxProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly open = new Map<string, vscode.Uri>();
  private timer: NodeJS.Timeout | undefined;

  static uriFor(source: vscode.Uri, position: vscode.Position | undefined): vscode.Uri {
    const fragment = position ? `${position.line}:${position.character}` : "";
    return vscode.Uri.from({
      scheme: PTX_SCHEME,
      path: source.path + ".ptx",
      query: source.toString(),
      fragment,
    });
  }

  track(uri: vscode.Uri): void {
    this.open.set(uri.toString(), uri);
  }

  /// Refreshes every PTX view of `source`, debounced.
  sourceChanged(source: vscode.Uri): void {
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      for (const uri of this.open.values()) {
        if (uri.query === source.toString()) {
          this.changed.fire(uri);
        }
      }
    }, 300);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    if (!client) {
      return "// warpc: the language server is not running";
    }
    const params: Record<string, unknown> = { textDocument: { uri: uri.query } };
    if (uri.fragment) {
      const [line, character] = uri.fragment.split(":").map((x) => parseInt(x, 10));
      params.position = { line, character };
    }
    try {
      const r = await client.sendRequest<PtxResult>("warpc/ptx", params);
      return r.ptx;
    } catch (e) {
      return `// warpc/ptx failed: ${e}`;
    }
  }
}

async function showPtx(provider: PtxProvider, whole: boolean, uriArg?: string, posArg?: vscode.Position): Promise<void> {
  let source: vscode.Uri | undefined;
  let position: vscode.Position | undefined;
  if (uriArg) {
    source = vscode.Uri.parse(uriArg);
    position = posArg ? new vscode.Position(posArg.line, posArg.character) : undefined;
  } else {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      return;
    }
    source = editor.document.uri;
    position = editor.selection.active;
  }
  const uri = PtxProvider.uriFor(source, whole ? undefined : position);
  provider.track(uri);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(doc, "ptx");
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const provider = new PtxProvider();
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(PTX_SCHEME, provider),
    vscode.workspace.onDidChangeTextDocument((e) => provider.sourceChanged(e.document.uri)),
    vscode.commands.registerCommand("warpc.showPtx", (uri?: string, pos?: vscode.Position) => showPtx(provider, false, uri, pos)),
    vscode.commands.registerCommand("warpc.showModulePtx", () => showPtx(provider, true)),
    vscode.commands.registerCommand("warpc.restartServer", async () => {
      if (client) {
        await client.stop();
      }
      client = createClient();
      await client.start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("warpc.server.path") && client) {
        await vscode.commands.executeCommand("warpc.restartServer");
      }
    }),
  );
  client = createClient();
  await client.start();
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
    client = undefined;
  }
}
