/// What one type condition (`... on Launch`, a fragment on `Launch`) selects inside a
/// selection on a wider type, for the object types it and every enclosing condition allow.
package struct TypePart: Sendable {
    /// The type condition's name as written.
    package let condition: String
    /// The object types the fields are selected on: never empty, never all of the enclosing type's.
    package let possibleTypes: Set<String>
    /// The fields selected under the condition (on the condition's type), without parts.
    package var selection: MergedSelection

    /// Parts with the same condition and object types merge.
    package var key: String { condition + " " + possibleTypes.sorted().joined(separator: " ") }
}

/// A model's typed accessor (`asLaunch`): for objects of ``possibleTypes``, everything they
/// are selected, the enclosing selection's fields and every condition they meet merged.
package struct TypeCase: Sendable {
    package let condition: String
    package let possibleTypes: Set<String>
    package let selection: MergedSelection
}

/// What the client selects on objects of ``possibleTypes``: the enclosing selection's fields
/// and every part for these types, merged.
package struct ObjectCase: Sendable {
    package let possibleTypes: Set<String>
    package let selection: MergedSelection
}
