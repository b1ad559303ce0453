import Testing

@testable import FSMCompiler

/// The questions region dispatch asks of the code model before it is rendered
/// (SwiftCode+Flow.swift): what a statement reads and sets, whether it always leaves the
/// function, and the statements with decided flag tests folded and unread flags taken out.
/// Each is what keeps generated Swift free of "never executed", "never read" and "always
/// true" warnings, so each is pinned here on small trees, apart from the goldens.
@Suite struct SwiftCodeFlowTests {
    typealias Statement = SwiftStatement
    typealias Expression = SwiftExpression

    static func set(_ flag: String) -> Statement { .assignment(.identifier(flag), .identifier("true")) }
    static func call(_ name: String) -> Statement { .expression(.call(.identifier(name), [])) }
    static var exit: Statement { .returnStatement(.identifier("outcome")) }

    /// Names are compared as names: a member's base is read, its member is not a variable,
    /// and a type names none.
    @Test func mentionsComparesNamesThroughMembersAndNestedStatements() {
        #expect(Expression.member(.identifier("mediaNow"), "volume").mentions("mediaNow"))
        #expect(!Expression.member(.identifier("mediaNow"), "volume").mentions("volume"))
        #expect(Expression.member(.member(.identifier("source"), "channels"), "left").mentions("source"))
        #expect(!Expression.identifier("mediaNowAfter").mentions("mediaNow"))
        #expect(!Expression.typeName("PlayerState.Media").mentions("Media"))
        #expect(!Expression.call(.typeName("PlayerState.Media"), []).mentions("PlayerState"))
        #expect(Expression.equal(.member(.identifier("$0"), "description"), .identifier("text")).mentions("text"))
        #expect(Expression.not(.identifier("handled")).mentions("handled"))
        #expect(Expression.call(.identifier("f"), [SwiftArgument(.identifier("x"))]).mentions("x"))
        let nested = Statement.ifStatement(
            [.identifier("a")], body: [.switchStatement(SwiftSwitch(subject: .identifier("s"), cases: []))])
        #expect(nested.mentions("a") && nested.mentions("s") && !nested.mentions("t"))
        #expect(!Statement.comment("handled").mentions("handled"))
    }

    @Test func assignsLooksIntoBranchesButNotConditions() {
        let statement = Statement.ifElse([.identifier("x")], body: [Self.set("a")], elseBody: [Self.call("f")])
        #expect(statement.assigns("a"))
        #expect(!statement.assigns("x"))
        #expect(Statement.assignment(.member(.identifier("now"), "volume"), .identifier("v")).assigns("now"))
        let onlyWritten = Statement.assignment(.identifier("flag"), .identifier("true"))
        #expect(!onlyWritten.mentionsOutsideAssignments("flag"))
        #expect(Statement.ifStatement([.identifier("flag")], body: []).mentionsOutsideAssignments("flag"))
    }

    @Test func alwaysExitsOnlyWhenEveryPathLeaves() {
        #expect(Self.exit.alwaysExits)
        #expect(Statement.ifElse([.identifier("c")], body: [Self.exit], elseBody: [Self.exit]).alwaysExits)
        #expect(!Statement.ifElse([.identifier("c")], body: [Self.exit], elseBody: [Self.call("f")]).alwaysExits)
        #expect(!Statement.ifStatement([.identifier("c")], body: [Self.exit]).alwaysExits)
        let both = SwiftSwitch(
            subject: .identifier("e"),
            cases: [
                SwiftCase(patterns: [.enumCase("a")], body: [Self.exit]), SwiftCase(patterns: [], body: [Self.exit]),
            ])
        #expect(Statement.switchStatement(both).alwaysExits)
        #expect(!Statement.switchStatement(SwiftSwitch(subject: .identifier("e"), cases: [])).alwaysExits)
    }

    @Test func flagsSetOnEveryPathMeetBranchesThatGoOn() {
        let everyPath = Statement.ifElse(
            [.identifier("c")], body: [Self.set("a"), Self.set("b")], elseBody: [Self.set("a")])
        #expect(everyPath.flagsSetOnEveryPath == ["a"])
        #expect(everyPath.flagsSetOnSomePath == ["a", "b"])
        // A branch that leaves the function sets anything: only the others count.
        let leaving = Statement.ifElse([.identifier("c")], body: [Self.exit], elseBody: [Self.set("b")])
        #expect(leaving.flagsSetOnEveryPath == ["b"])
        #expect(Statement.ifStatement([.identifier("c")], body: [Self.set("a")]).flagsSetOnEveryPath.isEmpty)
    }

    @Test func foldingDecidesTestsOfFlagsAndDropsWhatFollowsAnExit() {
        let statements: [Statement] = [
            Self.set("mediaHandled"),
            .ifStatement([.identifier("mediaHandled")], body: [Self.call("kept")]),
            .ifStatement([.not(.identifier("mediaHandled"))], body: [Self.call("dropped")]),
            .ifElse([.identifier("otherHandled")], body: [Self.call("then")], elseBody: [Self.call("otherwise")]),
            Self.exit,
            Self.call("neverRuns"),
        ]
        let folded = Statement.folding(statements, setFlags: [], unsetFlags: ["otherHandled"])
        #expect(
            folded == [
                Self.set("mediaHandled"), Self.call("kept"), Self.call("otherwise"), Self.exit,
            ])
    }

    @Test func removingAssignmentsTakesOutUnreadFlags() {
        let declaration = Statement.declaration(
            isVariable: true, name: "handled", type: nil, value: .identifier("false"))
        #expect(declaration.declaredFlags == ["handled"])
        #expect(declaration.removingAssignments(to: ["handled"]) == nil)
        // An `if` on flags that did nothing else goes; one that does something stays.
        #expect(
            Statement.ifStatement([.identifier("x")], body: [Self.set("handled")]).removingAssignments(to: ["handled"])
                == nil)
        #expect(
            Statement.ifStatement([.identifier("x")], body: [Self.set("handled"), Self.call("f")])
                .removingAssignments(to: ["handled"]) == .ifStatement([.identifier("x")], body: [Self.call("f")]))
        // An empty then-branch turns the test around.
        #expect(
            Statement.ifElse([.identifier("x")], body: [Self.set("handled")], elseBody: [Self.call("g")])
                .removingAssignments(to: ["handled"]) == .ifStatement([.not(.identifier("x"))], body: [Self.call("g")]))
        // A switch case left with nothing breaks.
        let emptied = Statement.switchStatement(
            SwiftSwitch(
                subject: .identifier("e"), cases: [SwiftCase(patterns: [.enumCase("a")], body: [Self.set("handled")])]))
        #expect(
            emptied.removingAssignments(to: ["handled"])
                == .switchStatement(
                    SwiftSwitch(
                        subject: .identifier("e"),
                        cases: [SwiftCase(patterns: [.enumCase("a")], body: [.breakStatement])]
                    )))
    }

    @Test func negationDoesNotStackOrNegateLiterals() {
        #expect(Expression.identifier("true").negated == .identifier("false"))
        #expect(Expression.not(.identifier("x")).negated == .identifier("x"))
        #expect(Expression.identifier("x").negated == .not(.identifier("x")))
    }

    /// An identifier holds one name, a keyword or a number; the renderer checks it in debug
    /// builds, so that compound text cannot hide a name from `mentions`.
    @Test func anIdentifierIsOneName() {
        for text in ["state", "_x", "$0", "`default`", "true", "100", "1.5", "mediaNow2"] {
            #expect(Renderer.isOneName(text), "\(text)")
        }
        for text in ["self.actions", "Swift.String", "A<B>", "", "a b", "f()", "`a`b`"] {
            #expect(!Renderer.isOneName(text), "\(text)")
        }
    }
}
