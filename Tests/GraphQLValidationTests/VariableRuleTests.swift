import Testing

/// Variable rules (spec 5.8) and operations spread over several files.
@Suite(.timeLimit(.minutes(5)))
struct VariableRuleTests {
    func errors(_ text: String) -> [String] { ValidationFixture.errors(text) }

    @Test func uniqueVariableNames() {
        #expect(errors("query Q($a: ID!, $a: ID!) { launch(id: $a) { id } }") == ["1:18: There can be only one variable named \"$a\"."])
    }

    @Test func variablesAreInputTypes() {
        #expect(errors("query Q($f: Filter, $s: PatchSize) { search(filter: $f) { __typename } launch(id: 1) { mission { missionPatch(size: $s) } } }") == [])
        #expect(errors("query Q($d: Dog) { dog { name } }").first == "1:9: Variable \"$d\" cannot be non-input type \"Dog\".")
    }

    @Test func variableDefaultsHaveTheRightType() {
        #expect(errors("query Q($n: Int = 3) { launches(pageSize: $n) { cursor } }") == [])
        #expect(errors("query Q($n: Int = \"3\") { launches(pageSize: $n) { cursor } }") == ["1:19: Expected value of type \"Int\", found \"3\"."])
    }

    @Test func noUndefinedVariables() {
        #expect(errors("query Q { launch(id: $id) { id } }") == ["1:22: Variable \"$id\" is not defined by operation \"Q\"."])
        #expect(errors("query Q { launch(id: 1) { ...F } }\nfragment F on Launch { mission { missionPatch(size: $s) } }") == [
            "2:53: Variable \"$s\" is not defined by operation \"Q\"."
        ])
    }

    @Test func noUnusedVariables() {
        #expect(errors("query Q($s: PatchSize) { launch(id: 1) { ...F } }\nfragment F on Launch { mission { missionPatch(size: $s) } }") == [])
        #expect(errors("query Q($id: ID!, $extra: Int) { launch(id: $id) { id } }") == ["1:19: Variable \"$extra\" is never used in operation \"Q\"."])
    }

    @Test func variablesInAllowedPosition() {
        #expect(errors("mutation B($id: ID!) { bookTrips(launchIds: [$id]) { success } }") == [])
        #expect(errors("query Q($id: ID = 1) { launch(id: $id) { id } }") == [])
        #expect(errors("query Q($n: Int) { launches(pageSize: $n) { cursor } }") == [])
        #expect(errors("query Q($id: ID) { launch(id: $id) { id } }") == [
            "1:31: Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\"."
        ])
        #expect(errors("query Q($id: String!) { launch(id: $id) { id } }") == [
            "1:36: Variable \"$id\" of type \"String!\" used in position expecting type \"ID!\"."
        ])
        #expect(errors("mutation B($ids: ID!) { bookTrips(launchIds: $ids) { success } }") == [
            "1:46: Variable \"$ids\" of type \"ID!\" used in position expecting type \"[ID]!\"."
        ])
    }

    @Test func fragmentsMayLiveInOtherFiles() {
        let lines = ValidationFixture.lines([
            (name: "Ops/MyTrips.graphql", text: "query MyTrips { me { trips { ...LaunchTile } } }"),
            (name: "Ops/LaunchTile.graphql", text: "fragment LaunchTile on Launch {\n  id\n  sight\n}"),
        ])
        #expect(lines == ["Ops/LaunchTile.graphql:3:3: error: Cannot query field \"sight\" on type \"Launch\"."])
    }

    @Test func syntaxErrorsAreDiagnosticsToo() {
        #expect(ValidationFixture.lines([(name: "A.graphql", text: "query A {\n  dog {\n}")]) == [
            "A.graphql:3:1: error: Expected Name, found \"}\"."
        ])
    }
}

/// The introspection meta-fields and types (spec section 4).
@Suite(.timeLimit(.minutes(5)))
struct IntrospectionRuleTests {
    func errors(_ text: String) -> [String] { ValidationFixture.errors(text) }

    @Test func introspectionQueriesValidate() {
        #expect(errors("""
            query IntrospectionQuery {
              __schema {
                queryType { name } mutationType { name }
                types { kind name description fields(includeDeprecated: true) { name args { name type { kind name ofType { kind name } } defaultValue } type { name } isDeprecated deprecationReason } enumValues(includeDeprecated: true) { name } possibleTypes { name } }
                directives { name locations isRepeatable args { name } }
              }
              __type(name: "Launch") { name kind }
            }
            """) == [])
    }

    @Test func metaFieldsOnlyWhereTheSpecAllowsThem() {
        #expect(errors("{ dog { __schema { description } } }") == ["1:9: Cannot query field \"__schema\" on type \"Dog\"."])
        #expect(errors("{ __type { name } }") == ["1:3: Field \"__type\" argument \"name\" of type \"String!\" is required, but it was not provided."])
        #expect(errors("{ __schema { types { nope } } }") == ["1:22: Cannot query field \"nope\" on type \"__Type\"."])
    }
}
