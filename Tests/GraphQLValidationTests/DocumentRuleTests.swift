import Testing

/// Operation- and fragment-level rules (spec 5.1, 5.2, 5.5).
@Suite(.timeLimit(.minutes(5)))
struct DocumentRuleTests {
    func errors(_ text: String) -> [String] { ValidationFixture.errors(text) }

    @Test func executableDefinitions() {
        #expect(errors("query Q { dog { name } }") == [])
        #expect(errors("query Q { dog { name } }\ntype Cat { x: Int }") == ["2:1: The \"Cat\" definition is not executable."])
    }

    @Test func operationNameUniqueness() {
        #expect(errors("query A { dog { name } }\nquery B { dog { name } }") == [])
        #expect(errors("query A { dog { name } }\nmutation A { bookTrips(launchIds: []) { success } }") == [
            "2:10: There can be only one operation named \"A\"."
        ])
    }

    @Test func loneAnonymousOperation() {
        #expect(errors("{ dog { name } }") == [])
        #expect(errors("{ dog { name } }\nquery B { dog { name } }") == ["1:1: This anonymous operation must be the only defined operation."])
        // Each file is a document of its own: an anonymous operation beside other files' operations is fine.
        #expect(ValidationFixture.lines([(name: "A.graphql", text: "{ dog { name } }"), (name: "B.graphql", text: "query B { dog { name } }")]) == [])
    }

    @Test func uniqueFragmentNames() {
        #expect(errors("{ dog { ...F } }\nfragment F on Dog { name }") == [])
        #expect(errors("{ dog { ...F } }\nfragment F on Dog { name }\nfragment F on Dog { name }") == [
            "3:10: There can be only one fragment named \"F\"."
        ])
    }

    @Test func knownFragmentNames() {
        #expect(errors("{ dog { ...Missing } }") == ["1:12: Unknown fragment \"Missing\"."])
    }

    @Test func noUnusedFragments() {
        #expect(errors("{ dog { name } }\nfragment F on Dog { name }") == ["2:1: Fragment \"F\" is never used."])
    }

    @Test func noFragmentCycles() {
        #expect(errors("{ dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { name }") == [])
        #expect(errors("{ dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { ...A }") == [
            "2:21: Cannot spread fragment \"A\" within itself via \"B\"."
        ])
        #expect(errors("{ dog { ...A } }\nfragment A on Dog { name ...A }") == ["2:26: Cannot spread fragment \"A\" within itself."])
    }

    @Test func fragmentsOnCompositeTypes() {
        #expect(errors("{ dog { ...F ... on Dog { name } } }\nfragment F on Dog { name }") == [])
        #expect(errors("{ dog { ...F } }\nfragment F on String { length }") == [
            "2:15: Fragment \"F\" cannot condition on non composite type \"String\"."
        ])
        #expect(errors("{ dog { ... on Boolean { x } } }") == ["1:16: Fragment cannot condition on non composite type \"Boolean\"."])
    }

    @Test func knownTypeNames() {
        #expect(errors("{ dog { ... on Cat { name } } }") == ["1:16: Unknown type \"Cat\"."])
        #expect(errors("query Q($a: Cat) { launch(id: $a) { id } }").contains("1:9: Unknown type \"Cat\"."))
    }

    @Test func possibleFragmentSpreads() {
        #expect(errors("{ search { ... on Launch { id } ... on User { email } } node(id: 1) { ... on User { id } } }") == [])
        #expect(errors("{ dog { ...L } }\nfragment L on Launch { id }") == [
            "1:9: Fragment \"L\" cannot be spread here as objects of type \"Dog\" can never be of type \"Launch\"."
        ])
        #expect(errors("{ me { ... on SearchResult { ... on Dog { name } } } }") == [
            "1:30: Fragment cannot be spread here as objects of type \"SearchResult\" can never be of type \"Dog\"."
        ])
    }
}

/// Rules that follow fragments must stop at cycles (reported once) instead of recursing forever.
@Suite(.timeLimit(.minutes(5)))
struct FragmentCycleSafetyTests {
    @Test func cyclesInsideFieldsEndTheWalk() {
        let errors = ValidationFixture.errors("{ me { ...A } }\nfragment A on User { trips { ...B } }\nfragment B on Launch { id mission { name } ... on Launch { ...C } }\nfragment C on Launch { id ...B }")
        #expect(errors == ["3:60: Cannot spread fragment \"B\" within itself via \"C\"."])
        // Through a field whose type is the fragment's own type: each level would expand it again.
        let throughField = ValidationFixture.errors("{ __schema { types { ...T } } }\nfragment T on __Type { name ofType { ...T } }")
        #expect(throughField == ["2:38: Cannot spread fragment \"T\" within itself."])
    }
}
