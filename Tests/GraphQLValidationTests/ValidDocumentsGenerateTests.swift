import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import GraphQLValidation
import Testing
import TestSupport

/// Every document the rules accept is also generated: the generated documents of the oracle
/// test, and each class of valid document the generator once refused (issue 20: anonymous
/// operations, type conditions on a narrower type, `@include`/`@skip`, subscriptions, object
/// literals holding variables). The rule suites' valid documents are generated too, through
/// ``ValidationFixture/errors(_:file:)``.
@Suite(.timeLimit(.minutes(5)))
struct ValidDocumentsGenerateTests {
    @Test func everyValidGeneratedDocumentGenerates() {
        // The oracle test's documents (same seed), judged valid by graphql-core exactly when by us.
        var random = SplitMix64(state: 1_865)
        var valid = 0
        var refused: [String] = []
        for _ in 0..<3_000 {
            let document = DocumentMaker(schema: ValidationFixture.schema).document(&random)
            guard Validator.validate(sources: [(name: "Test.graphql", text: document)], against: ValidationFixture.schema).isEmpty else { continue }
            valid += 1
            let errors = ValidationFixture.generatorErrors(document)
            if !errors.isEmpty { refused.append(errors.joined(separator: "\n") + "\n" + document) }
        }
        #expect(refused.isEmpty, "\(refused.count) of \(valid) valid documents were refused:\n\n\(refused.prefix(10).joined(separator: "\n\n"))")
        #expect(valid > 300)
    }

    static let schema: Schema = {
        let source = ValidationFixture.schemaSource + """

            type Subscription { tripsBooked: Int, launchChanged(id: ID!): Launch, found(filter: Filter): SearchResult }
            interface Named { name: String }
            type Robot implements Node & Named { id: ID! name: String model: String }
            type Alien implements Named { name: String planet: String }
            union Visitor = Robot | Alien | Dog
            extend type Query { visitor: Visitor, named: [Named!]! }
            extend type Dog implements Named
            """
        do { return try Schema.parse(source, sourceName: "schema.graphqls") } catch { fatalError("\(error)") }
    }()

    /// One document per shape, each of the issue's five classes in several forms.
    static let classes: [(name: String, text: String)] = [
        // Anonymous operations, named after their file.
        ("anonymous query", "{ dog { name } }"),
        ("anonymous query keyword", "query { launch(id: 1) { id site } }"),
        ("anonymous with variables", "query ($id: ID!) { launch(id: $id) { id } }"),
        ("anonymous mutation", "mutation { bookTrips(launchIds: [1]) { success } }"),
        ("anonymous with fragment", "{ me { ...U } }\nfragment U on User { email }"),
        ("anonymous subscription", "subscription { tripsBooked }"),
        // Type conditions on a narrower type.
        ("interface member inline", "{ node(id: 1) { id ... on Launch { site } ... on User { email } } }"),
        ("interface member spread", "{ node(id: 1) { ...L } }\nfragment L on Launch { site isBooked }"),
        ("union member inline", "{ search { ... on Launch { id site } ... on User { id email } } }"),
        ("union member spread", "{ search { __typename ...L ...U } }\nfragment L on Launch { id }\nfragment U on User { email }"),
        ("interface from union", "{ search { ... on Node { id } } }"),
        ("interface from union, partial", "{ visitor { ... on Named { name } ... on Robot { model } } }"),
        ("interface from union spread", "{ visitor { ...N } }\nfragment N on Named { name }"),
        ("union from interface", "{ named { name ... on Visitor { ... on Alien { planet } } } }"),
        ("nested conditions", "{ node(id: 1) { ... on Named { ... on Robot { model } } ... on Launch { mission { name } } } }"),
        ("wider condition", "{ launch(id: 1) { ... on Node { id } ...N } }\nfragment N on Node { id }"),
        ("same response key on disjoint types", "{ visitor { ... on Robot { x: model } ... on Alien { x: planet } } }"),
        ("fragment on abstract with conditions", "{ node(id: 1) { ...A } }\nfragment A on Node { id ... on User { trips { id } } }"),
        ("conditions in a list field", "{ me { trips { ... on Node { id } } } named { ... on Dog { barkVolume } } }"),
        // @include/@skip.
        ("include on field", "query ($b: Boolean!) { dog { name @include(if: $b) } }"),
        ("skip on inline fragment", "query ($b: Boolean!) { dog { ... @skip(if: $b) { barkVolume } } }"),
        ("include on spread", "query ($b: Boolean!) { dog { ...D @include(if: $b) } }\nfragment D on Dog { name }"),
        ("skip on narrower spread", "query ($b: Boolean!) { node(id: 1) { ...L @skip(if: $b) } }\nfragment L on Launch { site }"),
        ("both on a field", "query ($a: Boolean!, $b: Boolean!) { dog { name @include(if: $a) @skip(if: $b) } }"),
        ("literal conditions", "{ dog { name @include(if: true) barkVolume @skip(if: false) } }"),
        // Subscriptions.
        ("subscription", "subscription Trips { tripsBooked }"),
        ("subscription with variables", "subscription Changed($id: ID!) { launchChanged(id: $id) { id isBooked } }"),
        ("subscription on a union", "subscription Found { found { ... on Launch { id } ... on User { email } } }"),
        // Object literals holding variables.
        ("object with a variable", "query ($t: String!) { search(filter: {text: $t}) { ... on Launch { id } } }"),
        ("object with variables and constants", "query ($t: String!, $l: Int) { search(filter: {text: $t, limit: $l}) { __typename } }"),
    ]

    @Test(arguments: classes)
    func eachClassOfValidDocumentGenerates(name: String, text: String) {
        let validation = Validator.validate(sources: [(name: "Test.graphql", text: text)], against: Self.schema).map(\.description)
        #expect(validation == [], "\(name): the document should be valid")
        guard validation.isEmpty else { return }
        if case .failure(let errors) = RecordedGeneration.generate(sources: [(name: "Test.graphql", text: text)], schema: Self.schema) {
            Issue.record("\(name): \(errors)")
        }
    }
}
