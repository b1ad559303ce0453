// Starts `fsmc lsp` for .sm files: diagnostics as you type, quick fixes, formatting, go to
// definition, references, rename, hover, completion, the outline and semantic highlighting.
// The TextMate grammar (syntaxes/) still colours the file before and besides the server.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const configuration = vscode.workspace.getConfiguration('fsmc');
  const command = configuration.get('path') || 'fsmc';
  const args = (configuration.get('arguments') || []).concat(['lsp']);
  // stdio is the default transport of an executable server: fsmc reads standard input and
  // writes standard output.
  const serverOptions = { command, args };
  const clientOptions = {
    documentSelector: [{ language: 'sm' }],
    outputChannelName: 'fsmc language server',
  };
  client = new LanguageClient('fsmc', 'fsmc language server', serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.commands.registerCommand('fsmc.restartServer', () => client.restart()));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
