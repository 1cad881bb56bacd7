// A minimal client for the flinkddl language server: it starts `flinkddl lsp` on stdio for Flink
// SQL documents (and, if asked, for every SQL document). All the work is in the server.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("flinkddl");
  const command = config.get("path", "flinkddl");
  const documentSelector = [{ language: "flinksql" }];
  if (config.get("plainSqlFiles", false)) {
    documentSelector.push({ language: "sql" });
  }
  const run = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "flinkddl",
    "flinkddl",
    { run, debug: run },
    { documentSelector }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
