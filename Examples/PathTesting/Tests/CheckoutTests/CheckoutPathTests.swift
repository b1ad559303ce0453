import Checkout
import Foundation
import Testing

/// The bank of a test: it accepts a card when the step says so.
final class ScriptedBank {
    var accepts = false
}

/// Sends one step of a path to the app's model, with the values and answers it needs.
func send(_ step: CheckoutPaths.Step, to model: CheckoutModel, bank: ScriptedBank) {
    bank.accepts = step.conditions["isCardAccepted"] ?? false
    switch step.event {
    case "Add": model.add("book")
    case "Pay": model.pay(by: step.predicates["Payment"] == "cash" ? .cash : .card)
    case "Cancel": model.cancel()
    case "Retry": model.retry()
    case "Done": model.done()
    default: Issue.record("the model has no way to send '\(step.event)'")
    }
}

/// Every row of Checkout.sm, taken through the app's own type: one test case per path.
@Test(arguments: CheckoutPaths.transitionCover)
func checkoutFollows(_ path: CheckoutPaths.Path) {
    let bank = ScriptedBank()
    let model = CheckoutModel(bank: { bank.accepts })
    for step in path.steps {
        send(step, to: model, bank: bank)
        #expect(model.screen == step.expected, "after \(step)")
    }
}

/// What the model does along the paths, beyond the screen: a declined card takes no money.
@Test(arguments: CheckoutPaths.transitionCover.filter { $0.goal.hasPrefix("Declined") })
func declinedCardsTakeNoMoney(_ path: CheckoutPaths.Path) {
    let bank = ScriptedBank()
    let model = CheckoutModel(bank: { bank.accepts })
    for step in path.steps { send(step, to: model, bank: bank) }
    #expect(model.payments.isEmpty)
}

/// All the paths in one run, recorded by the trace hook; with CHECKOUT_TRACE set, the
/// record is written there for `fsmc coverage Checkout.sm RECORD` (CI expects no row left).
@Test func recordOfEveryPath() throws {
    var lines: [String] = []
    for path in CheckoutPaths.transitionCover {
        let bank = ScriptedBank()
        let model = CheckoutModel(bank: { bank.accepts })
        for step in path.steps { send(step, to: model, bank: bank) }
        lines += model.record.lines
    }
    #expect(lines.count == CheckoutPaths.transitionCover.map(\.steps.count).reduce(0, +))
    if let path = ProcessInfo.processInfo.environment["CHECKOUT_TRACE"] {
        try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
    }
}
