// swift-format-ignore-file
// "Using a machine" quotes this file's examples verbatim, with their comments aligned as a
// reader sees them; the formatter would realign them.
import FSMRuntime
import Observation
import Testing

/// `canHandle(_:)` and `State.handledEvents` against what `handle` does: for every state,
/// event and predicate value of machines with predicates, superstates, overrides,
/// conditions, values and timers, `canHandle` is true exactly where `handle` does not
/// return `.unhandled`, and `handledEvents` lists the events `canHandle` accepts for some
/// predicate values.
@Suite struct HandledEventsTests {
    /// Predicates, an override, a superstate's rows, and a condition whose false answer
    /// still counts as handled (the override row takes the event).
    @Test func enforcedTurnstileAgreesWithHandle() {
        for state in EnforcedTurnstileState.allCases {
            var someValues: Set<EnforcedTurnstileEvent> = []
            for event in EnforcedTurnstileEvent.allCases {
                for enforcement in EnforcedTurnstileEnforcement.allCases {
                    for reward in EnforcedTurnstileReward.allCases {
                        let machine = EnforcedTurnstile(actions: EnforcedLog(), state: state)
                        let expected = machine.canHandle(event, enforcement: enforcement, reward: reward)
                        let outcome = machine.handle(event, enforcement: enforcement, reward: reward)
                        #expect(expected == !outcome.isUnhandled, "\(state) \(event) \(enforcement) \(reward): \(outcome)")
                        if expected { someValues.insert(event) }
                    }
                }
            }
            #expect(state.handledEvents == EnforcedTurnstileEvent.allCases.filter(someValues.contains), "\(state)")
        }
        // Alarming passes only under strong enforcement (the superstate's row), and never
        // takes a coin.
        let alarming = EnforcedTurnstile(actions: EnforcedLog(), state: .alarming)
        #expect(alarming.canHandle(.pass, enforcement: .strong, reward: .positive))
        #expect(!alarming.canHandle(.pass, enforcement: .weak, reward: .positive))
        #expect(!alarming.canHandle(.coin, enforcement: .weak, reward: .positive))
        #expect(EnforcedTurnstileState.alarming.handledEvents == [.reset, .pass])
    }

    /// The turnstile: what "Using a machine" shows ("Which events it handles now").
    @Test func theTurnstileOffersWhatItsStateHandles() {
        let turnstile = Turnstile(actions: Gate(), state: .alarming)
        #expect(turnstile.canHandle(.reset))               // Alarming's superstate, Resetable, has a row
        #expect(!turnstile.canHandle(.coin))               // neither Alarming nor Resetable has one
        #expect(TurnstileState.alarming.handledEvents == [.reset])
        #expect(TurnstileState.locked.handledEvents == [.reset, .coin, .pass])
    }

    /// A row whose condition is false counts as handled: `handle` rejects the event.
    @Test func aConditionalRowCountsThoughItsConditionRejects() {
        var log = KeywordLog()
        log.condition = false
        let machine = Keywords(actions: log, state: .`self`)
        #expect(machine.canHandle(.return, kind: .class))
        #expect(machine.handle(.return, kind: .class) == .rejected(in: .`self`))
        for state in KeywordsState.allCases {
            for event in KeywordsEvent.allCases {
                for kind in KeywordsKind.allCases {
                    let machine = Keywords(actions: log, state: state)
                    let expected = machine.canHandle(event, kind: kind)
                    #expect(expected == !machine.handle(event, kind: kind).isUnhandled, "\(state) \(event) \(kind)")
                }
            }
        }
        #expect(KeywordsState.default.handledEvents == [.`init`, ._2nd])
        #expect(KeywordsState.`self`.handledEvents == [.`init`, .return])
    }

    /// A statechart's states answer with their superstates' rows.
    @Test func statechartStatesAnswerWithTheirSuperstatesRows() {
        for state in PlayerState.allCases {
            for event in PlayerEvent.allCases {
                let machine = Player(actions: PlayerLog(), state: state)
                let expected = machine.canHandle(event)
                #expect(expected == !machine.handle(event).isUnhandled, "\(state) \(event)")
                #expect(state.handledEvents.contains(event) == expected)
            }
        }
        #expect(PlayerState.stopped.handledEvents == [.power, .eject, .play])
    }

    /// An async machine with predicates and values: `canHandle` takes the event's name,
    /// whose values it does not need, and runs nothing.
    @Test func anAsyncMachineWithValuesAnswersByEventName() async {
        for state in UploaderState.allCases {
            for name in UploaderEventName.allCases {
                for network in UploaderNetwork.allCases {
                    let log = UploadLog()
                    let machine = Uploader(actions: RecordingUploaderActions(log: log), state: state)
                    let expected = machine.canHandle(name, network: network)
                    #expect(log.lines.isEmpty)
                    let event: UploaderEvent = switch name {
                    case .start: .start
                    case .finished: .finished(bytes: 1)
                    }
                    let outcome = await machine.handle(event, network: network)
                    #expect(expected == !outcome.isUnhandled, "\(state) \(name) \(network)")
                }
            }
        }
        #expect(UploaderState.done.handledEvents == [.start])
    }

    /// Timers are not events the app sends: `handledEvents` leaves them out, whatever
    /// `after` rows the state has.
    @MainActor @Test func timersAreNotAmongTheHandledEvents() {
        #expect(TimedPlayerState.paused.handledEvents == [.stop, .play])
        let player = TimedPlayer(actions: TimedPlayerRecorder(log: TimedPlayerLog()), state: .paused, timers: ManualTimers())
        #expect(player.canHandle(.play) && !player.canHandle(.pause))
    }

    /// An observable machine's `canHandle` reads its state as observers see it: a view
    /// that enables a button from it is told when the answer may change.
    @Test func canHandleIsObserved() {
        let machine = ObservedTurnstile(actions: SilentObservedTurnstileActions())
        let changes = ChangeCounter()
        withObservationTracking { _ = machine.canHandle(.coin) } onChange: { changes.increment() }
        machine.coin()
        #expect(changes.value == 1)
    }
}

extension Outcome {
    var isUnhandled: Bool {
        if case .unhandled = self { return true }
        return false
    }
}
