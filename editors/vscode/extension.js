// A minimal client for the flinkddl language server: it starts `flinkddl lsp` on stdio for Flink
// SQL documents (and, if asked, for every SQL document). All the work is in the server.
//
// VS Code activates it for Flink SQL files (the `flinksql` language it contributes) and in
// workspaces with a flinkddl.toml, never merely because a `.sql` file is open.
const fs = require("fs");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

// The binary a platform's .vsix carries (bin/, put there by the release workflow), unless
// `flinkddl.path` names another; the universal .vsix has none and runs `flinkddl` from the PATH.
function serverCommand(config, extensionPath) {
  const configured = config.inspect("path");
  const set = configured && (configured.globalValue || configured.workspaceValue || configured.workspaceFolderValue);
  if (set) {
    return set;
  }
  const bundled = path.join(extensionPath, "bin", process.platform === "win32" ? "flinkddl.exe" : "flinkddl");
  return fs.existsSync(bundled) ? bundled : "flinkddl";
}

let extensionPath = "";

function start() {
  const config = vscode.workspace.getConfiguration("flinkddl");
  const command = serverCommand(config, extensionPath);
  const documentSelector = [{ language: "flinksql" }];
  if (config.get("plainSqlFiles", false)) {
    documentSelector.push({ language: "sql" });
  }
  const run = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient("flinkddl", "flinkddl", { run, debug: run }, { documentSelector });
  return client.start();
}

async function restart() {
  if (client) {
    await client.stop();
  }
  return start();
}

function activate(context) {
  extensionPath = context.extensionPath;
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("flinkddl")) {
        restart();
      }
    }),
    { dispose: () => (client ? client.stop() : undefined) }
  );
  return start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, serverCommand };
