import GraphQLDocuments
import GraphQLPlanning
import PlannedDocuments

/// The document the client sends for a planned operation, for the persisted query manifest.
///
/// Not a second renderer: the plan becomes the client's operation model through the mapping
/// `query` uses (``PlannedOperation``), and the model renders its own text
/// (GraphQLDocuments' `DocumentRenderer`), so the manifest lists exactly what goes on the
/// wire. `PersistedQueryManifestTests` checks the two agree for every operation the tutorial's
/// API generates.
enum ClientDocumentText {
    static func render(keyword: String, name: String, variables: [(name: String, type: String)], fields: [ClientFieldPlan]) -> String {
        let selections = fields.map(PlannedOperation.field)
        switch keyword {
        case "subscription":
            return GraphQLSubscriptionOperation(name: name, variableList: variables, selections: selections).document
        case "mutation":
            return GraphQLOperation(.mutation, name: name, variableList: variables, selections: selections).document
        default:
            return GraphQLOperation(.query, name: name, variableList: variables, selections: selections).document
        }
    }
}
