import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import GraphQLValidation

/// A small schema with every kind of type, and a helper that validates a document against it.
enum ValidationFixture {
    static let schemaSource = """
        type Query {
          launch(id: ID!): Launch
          launches(pageSize: Int = 20, after: String): LaunchConnection!
          me: User
          node(id: ID!): Node
          search(filter: Filter): [SearchResult!]!
          dog: Dog
        }
        type Mutation { bookTrips(launchIds: [ID]!): TripUpdateResponse! }
        type TripUpdateResponse { success: Boolean! message: String }
        type LaunchConnection { cursor: String! hasMore: Boolean! launches: [Launch]! }
        interface Node { id: ID! }
        type Launch implements Node { id: ID! site: String mission: Mission isBooked: Boolean! }
        type Mission { name: String missionPatch(size: PatchSize): String }
        type User implements Node { id: ID! email: String! trips: [Launch]! }
        type Dog { name: String! barkVolume: Int }
        union SearchResult = Launch | User
        enum PatchSize { SMALL LARGE }
        input Filter { text: String!, limit: Int = 10 }
        """

    static let schema: Schema = {
        do { return try Schema.parse(schemaSource, sourceName: "schema.graphqls") } catch { fatalError("fixture schema: \(error)") }
    }()

    /// The most text a valid document may have for ``errors(_:file:)`` to generate it too (the
    /// hostile suites' documents are larger: their bounds are the generator's own tests).
    static let generatedSize = 20_000

    /// The diagnostics for `text` as `line:column: message`, or the syntax error.
    ///
    /// A valid document (up to ``generatedSize`` bytes) is also generated: every document the
    /// rules accept must generate, so the generator's refusals come back here as
    /// `generator: line:column: message` and fail the test that expected none.
    /// Against `schema` when given: the suites with a schema of their own check their documents so.
    static func errors(_ text: String, file: String = "Test.graphql", against schema: Schema = ValidationFixture.schema) -> [String] {
        let errors = Validator.validate(sources: [(name: file, text: text)], against: schema).map { "\($0.location): \($0.message)" }
        guard errors.isEmpty, text.utf8.count <= generatedSize else { return errors }
        return generatorErrors(text, file: file, against: schema)
    }

    /// What the generator refuses in a valid document, as `generator: line:column: message`.
    static func generatorErrors(_ text: String, file: String = "Test.graphql", against schema: Schema = ValidationFixture.schema) -> [String] {
        switch RecordedGeneration.generate(sources: [(name: file, text: text)], schema: schema) {
        case .success: []
        case .failure(let errors): errors.diagnostics.map { "generator: \($0.location): \($0.message)" }
        }
    }

    /// The full compiler-style lines.
    static func lines(_ sources: [(name: String, text: String)]) -> [String] {
        Validator.validate(sources: sources, against: schema).map(\.description)
    }
}
