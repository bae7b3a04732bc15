import Testing

/// Field, argument and directive rules (spec 5.3, 5.4, 5.7).
@Suite(.timeLimit(.minutes(5)))
struct FieldRuleTests {
    func errors(_ text: String) -> [String] { ValidationFixture.errors(text) }

    @Test func fieldsOnCorrectTypeReportLikeACompiler() {
        let source = "query LaunchDetails($id: ID!) {\n  launch(id: $id) {\n    mission { nmae }\n  }\n}"
        #expect(ValidationFixture.lines([(name: "path/LaunchDetails.graphql", text: source)]) == [
            "path/LaunchDetails.graphql:3:15: error: Cannot query field \"nmae\" on type \"Mission\"."
        ])
        #expect(errors("{ dog { name __typename } }") == [])
        #expect(errors("{ search { id } }") == ["1:12: Cannot query field \"id\" on type \"SearchResult\"."])
    }

    @Test func leafFieldSelections() {
        #expect(errors("{ dog { name } }") == [])
        #expect(errors("{ dog }") == ["1:3: Field \"dog\" of type \"Dog\" must have a selection of subfields. Did you mean \"dog { ... }\"?"])
        #expect(errors("{ dog { name { x } } }") == ["1:14: Field \"name\" must not have a selection since type \"String!\" has no subfields."])
    }

    @Test func fieldsMerge() {
        #expect(errors("{ dog { name name a: name } }") == [])
        // Different object parents may select different fields under one key, but not different shapes.
        #expect(errors("{ search { ... on Launch { x: id } ... on User { x: id y: email } ... on Launch { y: site } } }") == [
            "1:83: Fields \"y\" conflict because they return conflicting types \"String!\" and \"String\". Use different aliases on the fields to fetch both if this was intentional."
        ])
        #expect(errors("{ dog { x: name x: barkVolume } }") == [
            "1:17: Fields \"x\" conflict because \"name\" and \"barkVolume\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
        ])
        #expect(errors("{ launch(id: 1) { id } launch(id: 2) { id } }") == [
            "1:24: Fields \"launch\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."
        ])
        #expect(errors("{ search { ... on Launch { x: site } ... on User { x: trips { id } } } }") == [
            "1:52: Fields \"x\" conflict because they return conflicting types \"String\" and \"[Launch]!\". Use different aliases on the fields to fetch both if this was intentional."
        ])
        #expect(errors("{ dog { ...F x: barkVolume } }\nfragment F on Dog { x: name }").count == 1)
    }

    /// Input objects are unordered: the same members in another order are the same argument.
    @Test func inputObjectArgumentsMergeWhateverTheirMemberOrder() {
        #expect(errors(#"{ search(filter: {text: "a", limit: 1}) { __typename } search(filter: {limit: 1, text: "a"}) { __typename } }"#) == [])
        #expect(errors(#"{ search(filter: {text: "a", limit: 1}) { __typename } search(filter: {limit: 2, text: "a"}) { __typename } }"#) == [
            "1:56: Fields \"search\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."
        ])
    }

    @Test func knownAndUniqueArgumentNames() {
        #expect(errors("{ launch(id: 1) { mission { missionPatch(size: SMALL) } } }") == [])
        #expect(errors("{ launch(id: 1, size: 2) { id } }") == ["1:17: Unknown argument \"size\" on field \"Query.launch\"."])
        #expect(errors("{ launch(id: 1, id: 2) { id } }") == ["1:17: There can be only one argument named \"id\"."])
    }

    @Test func requiredArguments() {
        #expect(errors("{ launches { cursor } }") == [])
        #expect(errors("{ launch { id } }") == ["1:3: Field \"launch\" argument \"id\" of type \"ID!\" is required, but it was not provided."])
        #expect(errors("{ dog @include { name } }") == [
            "1:7: Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided."
        ])
    }

    @Test func valuesOfCorrectType() {
        #expect(errors("{ launches(pageSize: 3, after: \"x\") { cursor } search(filter: {text: \"a\", limit: 2}) { __typename } }") == [])
        #expect(errors("{ launches(pageSize: \"3\") { cursor } }") == ["1:22: Expected value of type \"Int\", found \"3\"."])
        #expect(errors("{ launches(pageSize: 3000000000) { cursor } }") == ["1:22: Expected value of type \"Int\", found 3000000000."])
        #expect(errors("{ launch(id: null) { id } }") == ["1:14: Expected value of type \"ID!\", found null."])
        #expect(errors("{ launch(id: 1) { mission { missionPatch(size: HUGE) } } }") == [
            "1:48: Value \"HUGE\" does not exist in \"PatchSize\" enum."
        ])
        #expect(errors("{ launch(id: 1) { mission { missionPatch(size: \"SMALL\") } } }") == [
            "1:48: Expected value of type \"PatchSize\", found \"SMALL\"."
        ])
        #expect(errors("{ search(filter: {limit: 2, nope: 1}) { __typename } }") == [
            "1:18: Field \"Filter.text\" of required type \"String!\" was not provided.", "1:29: Field \"nope\" is not defined by type \"Filter\".",
        ])
    }

    @Test func knownDirectivesInValidLocationsUniquePerLocation() {
        #expect(errors("query Q($a: Boolean!) { dog @include(if: $a) @skip(if: false) { name } }") == [])
        #expect(errors("{ dog @cached { name } }") == ["1:7: Unknown directive \"@cached\"."])
        #expect(errors("query Q @skip(if: true) { dog { name } }") == ["1:9: Directive \"@skip\" may not be used on QUERY."])
        #expect(errors("{ dog @skip(if: true) @skip(if: false) { name } }") == [
            "1:23: The directive \"@skip\" can only be used once at this location."
        ])
    }
}
