import Foundation

// Type Coin, Pass or Reset, one per line; end with Ctrl-D.
let console = Console(
    perform: { print($0) },
    report: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
if isatty(STDIN_FILENO) == 1 {
    print("Two-coin turnstile, in state \(console.turnstile.state). Type Coin, Pass or Reset; Ctrl-D ends.")
}
while let line = readLine() {
    console.handle(line: line)
}
