// Type Coin or Pass, one per line; Ctrl-D ends.
let turnstile = Turnstile(actions: Gate())
for await line in standardInputLines() {
    if let event = TurnstileEvent(rawValue: line) {
        turnstile.handle(event)
    } else {
        let events = TurnstileEvent.allCases.map(\.rawValue).joined(separator: ", ")
        print("unknown event '\(line)'; the events are \(events)")
    }
}
