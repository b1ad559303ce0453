#!/usr/bin/env python3
"""Drives the real `fsmc lsp` process as an editor would, over its pipes, with a client of
its own (the standard library only): initialize, didOpen of a machine with an error,
didChange that fixes it, definition, references, rename, hover, formatting (compared with
what `fsmc format` prints), a malformed message, a crash of fsmc on a document (made by
FSMC_LSP_TEST_TRAP, which the worker process honours), shutdown and exit.

usage: python3 .ci/lsp-end-to-end.py PATH/TO/fsmc
Exits 0 when every answer is the expected one; otherwise prints what differed and exits 1.
"""
import json
import os
import select
import subprocess
import sys
import time

FSMC = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/fsmc"
URI = "file:///tmp/fsmc-lsp-e2e/Turnstile.sm"
# 'Unlockd' on line 6 is an undefined state; the change fixes it.
BROKEN = """FSM: Turnstile
Initial: Locked
{
  (Resetable) { Reset Locked - }
  Locked : Resetable <lock {
    Coin  Unlockd  -
    Pass  Locked   alarm
  }
  Unlocked : Resetable <unlock {
    Coin -  thankyou
    Pass Locked -
  }
}
"""
TIMEOUT = 20.0
# A document that contains this makes fsmc's worker call fatalError (a test-only trap).
TRAP = "# fsmc-e2e: crash here"
CRASH_URI = "file:///tmp/fsmc-lsp-e2e/Crash.sm"


class Client:
    def __init__(self):
        environment = dict(os.environ, FSMC_LSP_TEST_TRAP=TRAP)
        self.process = subprocess.Popen([FSMC, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment,
                                        stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.next_id = 0

    def write(self, raw):
        self.process.stdin.write(raw)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read_message(self, deadline):
        while True:
            header_end = self.buffer.find(b"\r\n\r\n")
            if header_end >= 0:
                headers = self.buffer[:header_end].decode()
                length = None
                for line in headers.split("\r\n"):
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    fail("a message without Content-Length: %r" % headers)
                start = header_end + 4
                if len(self.buffer) - start >= length:
                    body = self.buffer[start:start + length]
                    self.buffer = self.buffer[start + length:]
                    return json.loads(body)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                fail("no answer within %.0f s" % TIMEOUT)
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    fail("the server closed its output (exit status %s)" % self.process.poll())
                self.buffer += chunk

    def wait(self, predicate):
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self.read_message(deadline)
            if predicate(message):
                return message


def fail(message):
    print("lsp end-to-end: FAILED: " + message)
    sys.exit(1)


def expect(what, actual, expected):
    if actual != expected:
        fail("%s:\n  expected %r\n  got      %r" % (what, expected, actual))
    print("ok: " + what)


def span(line, character, end_line, end_character):
    return {"start": {"line": line, "character": character}, "end": {"line": end_line, "character": end_character}}


def main():
    client = Client()
    answer = client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    capabilities = answer["result"]["capabilities"]
    expect("initialize: incremental sync", capabilities["textDocumentSync"]["change"], 2)
    expect("initialize: definition, rename, formatting",
           [capabilities["definitionProvider"], "renameProvider" in capabilities, capabilities["documentFormattingProvider"]],
           [True, True, True])
    client.notify("initialized", {})

    client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "sm", "version": 1, "text": BROKEN}})
    published = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")["params"]
    errors = [(d["code"], d["severity"], d["range"]) for d in published["diagnostics"]]
    # ('Unlocked' is then unreachable: a warning at its spec.)
    expect("didOpen: the undefined state is an error at its name",
           errors, [("undefinedState", 1, span(5, 10, 5, 17)), ("unreachableState", 2, span(8, 2, 8, 10))])

    # The fix, as an incremental change: 'Unlockd' becomes 'Unlocked'.
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": span(5, 10, 5, 17), "text": "Unlocked"}]})
    published = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")["params"]
    expect("didChange: no diagnostics left", (published["version"], published["diagnostics"]), (2, []))

    # 'Unlocked' in 'Coin  Unlocked  -' goes to the state's spec on line 9.
    answer = client.request("textDocument/definition", {"textDocument": {"uri": URI}, "position": {"line": 5, "character": 12}})
    expect("definition of a next state", answer["result"], {"uri": URI, "range": span(8, 2, 8, 10)})

    answer = client.request("textDocument/references", {
        "textDocument": {"uri": URI}, "position": {"line": 1, "character": 10}, "context": {"includeDeclaration": True}})
    expect("references of 'Locked'", sorted(r["range"]["start"]["line"] for r in answer["result"]), [1, 3, 4, 6, 10])

    answer = client.request("textDocument/rename", {
        "textDocument": {"uri": URI}, "position": {"line": 4, "character": 3}, "newName": "Closed"})
    edits = answer["result"]["changes"][URI]
    expect("rename 'Locked' to 'Closed': every occurrence",
           sorted((e["range"]["start"]["line"], e["range"]["start"]["character"], e["newText"]) for e in edits),
           [(1, 9, "Closed"), (3, 22, "Closed"), (4, 2, "Closed"), (6, 10, "Closed"), (10, 9, "Closed")])

    answer = client.request("textDocument/rename", {
        "textDocument": {"uri": URI}, "position": {"line": 4, "character": 3}, "newName": "Unlocked"})
    expect("rename onto an existing state is refused", answer.get("error", {}).get("code"), -32803)

    answer = client.request("textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 4, "character": 3}})
    value = answer["result"]["contents"]["value"]
    expect("hover of 'Locked' shows its table rows", "Locked Coin -> Unlocked {unlock}" in value, True)

    # Formatting must give what `fsmc format -` prints for the same text.
    fixed = BROKEN.replace("Unlockd", "Unlocked")
    formatted = subprocess.run([FSMC, "format", "-"], input=fixed.encode(), capture_output=True, check=True).stdout.decode()
    answer = client.request("textDocument/formatting", {"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": True}})
    edits = answer["result"]
    expect("formatting: one edit with fsmc format's text", [e["newText"] for e in edits], [formatted])

    # Garbage: a header without a length, then JSON that is not JSON. Each gets an error; the server goes on.
    client.write(b"Garbage: yes\r\n\r\n")
    answer = client.wait(lambda m: "error" in m)
    expect("a header block without Content-Length is answered with a parse error", answer["error"]["code"], -32700)
    client.write(b"Content-Length: 5\r\n\r\n{nope")
    answer = client.wait(lambda m: "error" in m)
    expect("content that is not JSON is answered with a parse error", answer["error"]["code"], -32700)
    answer = client.request("textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 6, "character": 4}})
    expect("the server still answers after garbage", "Pass" in answer["result"]["contents"]["value"], True)

    # A crash of fsmc on a document: the request in flight (or, once fsmc knows the text
    # crashes it, any request about it) gets an error, the document one diagnostic saying
    # so, and the other document is still served; a change makes it a document like others.
    client.notify("textDocument/didOpen", {"textDocument": {"uri": CRASH_URI, "languageId": "sm", "version": 1,
                                                            "text": fixed + TRAP + "\n"}})
    answer = client.request("textDocument/documentSymbol", {"textDocument": {"uri": CRASH_URI}})
    expect("a request about a document fsmc crashes on is answered with an error",
           answer.get("error", {}).get("code") in (-32603, -32803), True)
    published = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == CRASH_URI)["params"]
    expect("the document fsmc crashes on has one diagnostic that says so",
           (published["version"], [d["code"] for d in published["diagnostics"]]), (1, ["crash"]))
    answer = client.request("textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 6, "character": 4}})
    expect("the other document is still served after the crash", "Pass" in answer["result"]["contents"]["value"], True)
    client.notify("textDocument/didChange", {"textDocument": {"uri": CRASH_URI, "version": 2},
                                             "contentChanges": [{"text": BROKEN}]})
    published = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == CRASH_URI)["params"]
    expect("changed, that document gets its diagnostics",
           (published["version"], [d["code"] for d in published["diagnostics"]]), (2, ["undefinedState", "unreachableState"]))
    answer = client.request("textDocument/definition", {"textDocument": {"uri": CRASH_URI},
                                                        "position": {"line": 1, "character": 10}})
    expect("and its requests are answered", answer["result"]["range"], span(4, 2, 4, 8))

    answer = client.request("shutdown", None)
    expect("shutdown", ("result" in answer, answer.get("result")), (True, None))
    client.notify("exit", None)
    try:
        status = client.process.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        client.process.kill()
        fail("the server did not exit after 'exit'")
    expect("exit status after shutdown and exit", status, 0)
    print("lsp end-to-end: passed")


main()
