import GraphQLLanguage
import Testing

@Suite(.timeLimit(.minutes(5)))
struct ParserTests {
    @Test func parsesOperationsWithVariablesDefaultsAndDirectives() throws {
        let document = try Parser.parse(
            """
            query LaunchList($pageSize: Int = 20, $after: String, $ids: [ID!]! = ["1"]) @live {
              launches(pageSize: $pageSize, after: $after) @include(if: true) {
                cursor
                first: launches { id }
              }
            }
            """, sourceName: "LaunchList.graphql")
        let operation = try #require(document.operations.first)
        #expect(operation.kind == .query)
        #expect(operation.name?.value == "LaunchList")
        #expect(operation.variableDefinitions.map(\.type.description) == ["Int", "String", "[ID!]!"])
        #expect(operation.variableDefinitions[0].defaultValue?.description == "20")
        #expect(operation.variableDefinitions[1].variable.location == SourceLocation(line: 1, column: 39))
        #expect(operation.directives.map(\.name.value) == ["live"])
        guard case .field(let launches) = operation.selectionSet.selections[0] else { Issue.record("not a field"); return }
        #expect(launches.location == SourceLocation(line: 2, column: 3))
        #expect(launches.arguments.map(\.value.description) == ["$pageSize", "$after"])
        #expect(launches.directives.first?.arguments.first?.value.kind == .boolean(true))
        guard case .field(let aliased) = launches.selectionSet?.selections[1] else { Issue.record("not a field"); return }
        #expect(aliased.responseKey == "first")
        #expect(aliased.name.value == "launches")
    }

    @Test func parsesFragmentsInlineFragmentsAndShorthand() throws {
        let document = try Parser.parse(
            """
            { me { ...UserDetails ... on User { email } ... @skip(if: false) { id } } }
            fragment UserDetails on User { id email }
            """, sourceName: "f.graphql")
        #expect(document.operations.count == 1)
        #expect(document.operations[0].name == nil)
        #expect(document.fragments.map(\.name.value) == ["UserDetails"])
        #expect(document.fragments[0].typeCondition.value == "User")
        guard case .field(let me) = document.operations[0].selectionSet.selections[0] else { Issue.record("not a field"); return }
        let selections = me.selectionSet?.selections ?? []
        guard case .fragmentSpread(let spread) = selections[0], case .inlineFragment(let typed) = selections[1],
            case .inlineFragment(let untyped) = selections[2]
        else { Issue.record("unexpected selections"); return }
        #expect(spread.name.value == "UserDetails")
        #expect(typed.typeCondition?.value == "User")
        #expect(untyped.typeCondition == nil)
        #expect(untyped.directives.map(\.name.value) == ["skip"])
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try Parser.parseValue(#"{a: [1, -2.5e3, "s", """b""", true, null, LARGE, $v], b: {}}"#, sourceName: "v")
        #expect(value.description == #"{a: [1, -2.5e3, "s", "b", true, null, LARGE, $v], b: {}}"#)
        #expect(value.variableNames == ["v"])
        #expect(try Parser.parseType("[[Int!]]!", sourceName: "t") == .nonNull(.list(.list(.nonNull(.named("Int"))))))
    }

    @Test func rejectsVariablesInConstantPositions() {
        #expect(throws: GraphQLDiagnostic.self) { try Parser.parse("query Q($a: Int = $b) { x }", sourceName: "c") }
        #expect(throws: GraphQLDiagnostic.self) { try Parser.parse("type T { f(a: Int = $b): Int }", sourceName: "c") }
    }

    @Test func reportsTheFirstUnexpectedToken() {
        #expect(
            throws: GraphQLDiagnostic(sourceName: "Bad.graphql", location: SourceLocation(line: 2, column: 1), message: "Expected Name, found \"}\".")
        ) { try Parser.parse("query Q { launch {\n} }", sourceName: "Bad.graphql") }
        #expect(
            throws: GraphQLDiagnostic(sourceName: "Bad.graphql", location: SourceLocation(line: 1, column: 10), message: "Unexpected Name \"on\".")
        ) { try Parser.parse("fragment on on T { a }", sourceName: "Bad.graphql") }
        #expect(throws: GraphQLDiagnostic.self) { try Parser.parse("", sourceName: "Empty.graphql") }
        #expect(throws: GraphQLDiagnostic.self) { try Parser.parse("query Q { a", sourceName: "Open.graphql") }
    }

    @Test func neverTrapsOnTruncatedInput() {
        let source = "query Q($a: [Int!]! = [1], $b: In = {x: \"y\"}) @d(a: 1) { f(a: $a) @e { ...F ... on T { g } } } fragment F on T { h }"
        var parsed: [Int] = []
        for length in 0..<source.utf8.count {
            let prefix = String(decoding: source.utf8.prefix(length), as: UTF8.self)
            if (try? Parser.parse(prefix, sourceName: "p")) != nil { parsed.append(length) }
        }
        // Only the prefixes that end just after the complete operation are documents.
        let operationEnd = source.utf8.count - " fragment F on T { h }".utf8.count
        #expect(parsed == [operationEnd, operationEnd + 1])
    }
}
