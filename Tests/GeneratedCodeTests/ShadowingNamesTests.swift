import FSMRuntime
import FSMTestSupport
import Testing

/// Records what the `Shadows` machine runs.
struct ShadowsLog: ShadowsActions {
    var log: [String] = []
    mutating func go() { log.append("go") }
    mutating func queue() { log.append("queue") }
    mutating func back() { log.append("back") }
}

/// Names the generator uses for itself do not constrain the user's names: predicate types
/// named like its locals and private members, and an event named like its queue, compile
/// (this file's target builds with warnings as errors) and dispatch as written.
@Suite struct ShadowingNamesTests {
    @Test func predicateParametersNamedLikeTheGeneratedCodeKeepTheirLabels() {
        let machine = Shadows(actions: ShadowsLog())
        let unmatched = machine.go(
            event: .e, from: .h, code: .i, handle: .k, handleEvent: .m, dispatch: .o,
            handleInS: .q, handling: .s, queued: .u, enqueue: .w,
            handleWaitingEvents: .y, unhandled: .a, eventQueue: .c)
        #expect(unmatched == .unhandled(in: .s))
        let matched = machine.go(
            event: .e, from: .g, code: .i, handle: .k, handleEvent: .m, dispatch: .o,
            handleInS: .q, handling: .s, queued: .u, enqueue: .w,
            handleWaitingEvents: .y, unhandled: .a, eventQueue: .c)
        #expect(matched == .transitioned(from: .s, to: .t))
        machine.handle(
            .back, event: .f, from: .h, code: .j, handle: .l, handleEvent: .n, dispatch: .p,
            handleInS: .r, handling: .t, queued: .v, enqueue: .x, handleWaitingEvents: .z,
            unhandled: .b, eventQueue: .d)
        // No row of EventQueue looks at a predicate: its method takes none.
        #expect(machine.eventQueue() == .transitioned(from: .s, to: .t))
        #expect(machine.actions.log == ["go", "back", "queue"])
    }
}

/// Does nothing: the `Unfinished` machine has no rows yet.
struct UnfinishedLog: UnfinishedActions {
    mutating func reset() {}
}

/// A machine whose states have no rows yet compiles, with an event type that has no cases.
@Suite struct UnfinishedMachineTests {
    @Test func aMachineWithoutEventsCompilesAndStaysWhereItIs() {
        let machine = Unfinished(actions: UnfinishedLog())
        #expect(machine.state == .idle)
        #expect(UnfinishedEvent.allCases.isEmpty)
        #expect(UnfinishedState.allCases.map(\.description) == ["Idle"])
    }
}
