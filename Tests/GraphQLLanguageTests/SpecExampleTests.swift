import GraphQLLanguage
import Testing

/// Examples from the grammar sections of the October 2021 spec (sections 2 and 3).
@Suite(.timeLimit(.minutes(5)))
struct SpecExampleTests {
    static let executableExamples = [
        "{ user(id: 4) { name } }",
        "mutation { likeStory(storyID: 12345) { story { likeCount } } }",
        "{ field }",
        "{ id firstName lastName }",
        "{ me { id firstName lastName birthday { month day } friends { name } } }",
        "# `me` could represent the currently logged in viewer.\n{ me { name } }\n# `user` represents one of many users in a graph of data.\n{ user(id: 4) { name } }",
        "{ user(id: 4) { id name profilePic(size: 100) } }",
        "{ user(id: 4) { id name profilePic(width: 100, height: 50) } }",
        "{ picture(width: 200, height: 100) }",
        "{ user(id: 4) { id name smallPic: profilePic(size: 64) bigPic: profilePic(size: 1024) } }",
        "{ zuck: user(id: 4) { id name } }",
        """
        query withFragments { user(id: 4) { friends(first: 10) { ...friendFields } mutualFriends(first: 10) { ...friendFields } } }
        fragment friendFields on User { id name profilePic(size: 50) }
        """,
        """
        query withNestedFragments { user(id: 4) { friends(first: 10) { ...friendFields } } }
        fragment friendFields on User { id name ...standardProfilePic }
        fragment standardProfilePic on User { profilePic(size: 50) }
        """,
        "query FragmentTyping { profiles(handles: [\"zuck\", \"coca-cola\"]) { handle ...userFragment ...pageFragment } }\nfragment userFragment on User { friends { count } }\nfragment pageFragment on Page { likers { count } }",
        "query inlineFragmentTyping { profiles(handles: [\"zuck\", \"coca-cola\"]) { handle ... on User { friends { count } } ... on Page { likers { count } } } }",
        "query inlineFragmentNoType($expandedInfo: Boolean) { user(handle: \"zuck\") { id name ... @include(if: $expandedInfo) { firstName lastName birthday } } }",
        "mutation { sendEmail(message: \"\"\"\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  \"\"\") }",
        "{ nearestThing(location: { lon: 12.43, lat: -53.211 }) }",
        "{ nearestThing(location: { lat: -53.211, lon: 12.43 }) }",
        "query getZuckProfile($devicePicSize: Int) { user(id: 4) { id name profilePic(size: $devicePicSize) } }",
        "query getZuckProfile($devicePicSize: Int = 60) { user(id: 4) { id name profilePic(size: $devicePicSize) } }",
        "query myQuery($someTest: Boolean!) { experimentalField @skip(if: $someTest) }",
        "query ($foo: [[Int!]!] = [[1, 2], [3]], $bar: [String]) { f }",
        "subscription NewMessages { newMessage(roomId: 123) { sender text } }",
    ]

    /// Parses, prints, re-parses and re-prints each example: the printed form is a fixed point.
    @Test(arguments: executableExamples)
    func executableExampleRoundTrips(_ source: String) throws {
        let document = try Parser.parse(source, sourceName: "example.graphql")
        let printed = Self.print(document)
        #expect(Self.print(try Parser.parse(printed, sourceName: "printed.graphql")) == printed)
    }

    static let typeSystemExamples = [
        "\"\"\"\nA simple GraphQL schema which is well described.\n\"\"\"\nschema { query: Query }\n\"\"\"\nRoot type\n\"\"\"\ntype Query { \"\"\"\nTranslates a string\n\"\"\"\ntranslate(\"The original\" fromLanguage: Language \"The target\" toLanguage: Language \"The text\" text: String): String }\n\"\"\"\nThe set of languages supported by `translate`.\n\"\"\"\nenum Language { \"English\" EN \"French\" FR CH }",
        "schema { query: MyQueryRootType mutation: MyMutationRootType }\ntype MyQueryRootType { someField: String }\ntype MyMutationRootType { setSomeField(to: String): String }",
        "scalar Time\nscalar Url\nscalar UUID @specifiedBy(url: \"https://tools.ietf.org/html/rfc4122\")",
        "type Person { name: String age: Int picture: Url relationship: Person }\nscalar Url",
        "type Person { name: String picture(size: Int): Url }\nscalar Url",
        "type ExampleType { oldField: String @deprecated }",
        "interface NamedEntity { name: String }\ninterface ValuedEntity { value: Int }\ntype Person implements NamedEntity { name: String age: Int }\ntype Business implements NamedEntity & ValuedEntity { name: String value: Int employeeCount: Int }",
        "interface Node { id: ID! }\ninterface Resource implements Node { id: ID! url: String }\ninterface Image implements Resource & Node { id: ID! url: String thumbnail: String }",
        "union SearchResult = Photo | Person\ntype Person { name: String age: Int }\ntype Photo { height: Int width: Int }\ntype SearchQuery { firstSearchResult: SearchResult }",
        "union SearchResult =\n  | Photo\n  | Person\ntype Person { name: String }\ntype Photo { height: Int }",
        "enum Direction { NORTH EAST SOUTH WEST }",
        "input Point2D { x: Float y: Float }",
        "directive @example on FIELD_DEFINITION | ARGUMENT_DEFINITION\ntype SomeType { field(arg: Int @example): String @example }",
        "directive @delegateField(name: String!) repeatable on OBJECT | INTERFACE\ntype Book @delegateField(name: \"pageCount\") @delegateField(name: \"author\") { id: ID! }",
        "directive @example on\n  | FIELD\n  | FRAGMENT_SPREAD\n  | INLINE_FRAGMENT",
        "type Story { id: ID! }\nextend type Story { isHiddenLocally: Boolean }",
        "directive @addedDirective on OBJECT | SCHEMA | SCALAR | INTERFACE | UNION | ENUM | INPUT_OBJECT\ntype Query { a: Int }\nextend type Query @addedDirective\nextend schema @addedDirective\nscalar Time\nextend scalar Time @addedDirective\ninterface NamedEntity { name: String }\nextend interface NamedEntity { nickname: String }\nunion SearchResult = Query\nextend union SearchResult = Story\ntype Story { id: ID }\nenum Direction { NORTH }\nextend enum Direction { SOUTH }\ninput Point2D { x: Float }\nextend input Point2D { z: Float }",
    ]

    @Test(arguments: typeSystemExamples)
    func typeSystemExampleBuildsASchema(_ source: String) throws {
        let document = try Parser.parse(source, sourceName: "example.graphqls")
        #expect(!document.typeSystemDefinitions.isEmpty)
        #expect(document.operations.isEmpty)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "{ a ", count: 10_000) + String(repeating: "}", count: 10_000)
        #expect(throws: GraphQLDiagnostic.self) { try Parser.parse(deep, sourceName: "deep.graphql") }
        let deepValue = "{ a(x: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + ") }"
        #expect(throws: GraphQLDiagnostic.self) { try Parser.parse(deepValue, sourceName: "deep.graphql") }
        let deepType = "query Q($a: " + String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000) + ") { a }"
        #expect(throws: GraphQLDiagnostic.self) { try Parser.parse(deepType, sourceName: "deep.graphql") }
    }

    static func print(_ document: Document) -> String {
        (document.operations.map(DocumentPrinter.print) + document.fragments.map(DocumentPrinter.print)).joined(separator: "\n")
    }
}
