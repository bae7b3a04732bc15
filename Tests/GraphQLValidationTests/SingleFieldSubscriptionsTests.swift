import GraphQLCodegen
import GraphQLLanguage
import GraphQLValidation
import Testing

/// SingleFieldSubscriptions (spec 5.2.3.1): one root field, not an introspection field, and no
/// `@skip`/`@include` at the top level; fragments count, and are followed once.
@Suite("Single root field subscriptions", .timeLimit(.minutes(5)))
struct SingleFieldSubscriptionsTests {
    static let schema: Schema = {
        let source = """
            type Query { a: Int }
            type Subscription { tripsBooked: Int, other: Int }
            """
        do { return try Schema.parse(source, sourceName: "schema.graphqls") } catch { fatalError("fixture schema: \(error)") }
    }()

    /// The diagnostics, or for a valid document what the generator refuses (`generator: …`).
    static func errors(_ text: String) -> [String] { ValidationFixture.errors(text, file: "T.graphql", against: schema) }

    @Test(arguments: [
        "subscription S { tripsBooked }", "subscription S { tripsBooked tripsBooked }", "subscription S { ...F }\nfragment F on Subscription { tripsBooked }",
        "subscription S { ... on Subscription { tripsBooked } tripsBooked }", "subscription S { ... { tripsBooked } }",
        "subscription S { ...F ...F }\nfragment F on Subscription { tripsBooked }", "{ a __typename }",
    ])
    func oneRootFieldIsValid(_ document: String) {
        #expect(Self.errors(document) == [])
    }

    @Test func twoRootFieldsAreRefusedAtTheSecond() {
        #expect(Self.errors("subscription S { tripsBooked other }") == [#"1:30: Subscription "S" must select only one top level field."#])
        #expect(Self.errors("subscription { tripsBooked b: tripsBooked }") == ["1:28: Anonymous Subscription must select only one top level field."])
        #expect(Self.errors("subscription S { tripsBooked ...F }\nfragment F on Subscription { other }") == [
            #"2:30: Subscription "S" must select only one top level field."#
        ])
    }

    @Test func anIntrospectionRootFieldIsRefused() {
        #expect(Self.errors("subscription S { __typename }") == [#"1:18: Subscription "S" must not select an introspection top level field."#])
    }

    @Test func skipAndIncludeAtTheTopLevelAreRefused() {
        #expect(Self.errors("subscription S($b: Boolean!) { tripsBooked @skip(if: $b) }") == [
            #"1:44: Subscription "S" must not use `@skip` or `@include` directives in the top level selection."#
        ])
        #expect(Self.errors("subscription S($b: Boolean!) { ...F @include(if: $b) }\nfragment F on Subscription { tripsBooked }") == [
            #"1:37: Subscription "S" must not use `@skip` or `@include` directives in the top level selection."#
        ])
    }

    @Test func aCycleOfFragmentsEndsTheWalk() {
        let errors = Self.errors("subscription S { ...A }\nfragment A on Subscription { tripsBooked ...B }\nfragment B on Subscription { ...A }")
        #expect(errors.contains { $0.contains("Cannot spread fragment") })
        #expect(!errors.contains { $0.contains("top level field") })
    }
}
