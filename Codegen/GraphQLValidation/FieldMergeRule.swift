import GraphQLLanguage

/// OverlappingFieldsCanBeMerged: fields with the same response key, gathered through
/// fragments and inline fragments, must be the same field with the same arguments (unless
/// their parents are different object types) and must have the same response shape.
///
/// The work is bounded by the document, not by how often its fragments are spread:
/// - a field reached again (through another spread of the same fragment) is gathered once
///   per check, so fragments that each spread the next twice do not double the work per level;
/// - a group of selection sets checked once is not checked again (the same diagnostics would
///   come out, and they are deduplicated anyway), as graphql-js caches compared fragment pairs;
/// - the fields of one response key are compared in linear time, not pair by pair
///   (``FieldConflictSearch``), so one field repeated 20,000 times costs 20,000 steps;
/// - past ``maximumGatheredFields`` gathered fields in all, the check stops with a sentence.
enum FieldMergeRule {
    /// A field as it appears in a selection set, with the type it is selected on.
    struct GatheredField {
        let field: Field
        let parent: SchemaType
        let definition: SchemaField?
        let sourceName: String
    }

    /// One selection set selected on one type: what a check is made of.
    private struct SetIdentity: Hashable {
        let sourceName: String
        let location: SourceLocation
        let parent: String
    }

    /// One field node selected on one type.
    private struct FieldIdentity: Hashable {
        let sourceName: String
        let location: SourceLocation
        let parent: String
    }

    /// A group of selection sets checked together, and whether their parents exclude each other.
    private struct CheckIdentity: Hashable {
        let sets: [SetIdentity]
        let exclusive: Bool
    }

    /// The most fields gathered over the whole check before it gives up.
    static let maximumGatheredFields = 2_000_000

    /// What one run of the rule keeps: the groups already checked and the work left.
    private struct Run {
        var checked: Set<CheckIdentity> = []
        var budget = maximumGatheredFields
        var exhausted = false
    }

    static func check(_ context: inout ValidationContext) {
        var run = Run()
        for operation in context.operations {
            guard let root = context.schema.rootType(for: operation.definition.kind) else { continue }
            checkSet([(operation.definition.selectionSet, root, operation.sourceName)], exclusive: false, depth: 1, run: &run, context: &context)
        }
        for fragment in context.fragments {
            guard let type = context.schema.types[fragment.definition.typeCondition.value], type.isComposite else { continue }
            checkSet([(fragment.definition.selectionSet, type, fragment.sourceName)], exclusive: false, depth: 1, run: &run, context: &context)
        }
        if run.exhausted,
            let (location, sourceName) = context.operations.first.map({ ($0.definition.location, $0.sourceName) })
                ?? context.fragments.first.map({ ($0.definition.location, $0.sourceName) })
        {
            context.report(
                "The document is too complex to check for conflicting fields: its fragments expand to more than \(maximumGatheredFields) fields.",
                at: location, in: sourceName
            )
        }
        var seen: Set<GraphQLDiagnostic> = []
        context.diagnostics = context.diagnostics.filter { seen.insert($0).inserted }
    }

    /// Checks the fields of several selection sets (of merged fields) against each other, then recurses.
    ///
    /// Fragments are expanded once per check: a fragment spread again (or spreading itself) adds
    /// no field, and a group of sets already checked ends the walk, so fragment cycles (reported
    /// by another rule) end it too. `depth` stops the walk of a cycle through fields early.
    private static func checkSet(
        _ sets: [(SelectionSet, SchemaType, String)], exclusive: Bool, depth: Int, run: inout Run, context: inout ValidationContext
    ) {
        guard !run.exhausted, depth <= ExpandedDepthRule.maximumDepth else { return }
        var identities: [SetIdentity] = []
        var unique: [(SelectionSet, SchemaType, String)] = []
        var seenSets: Set<SetIdentity> = []
        for set in sets {
            let identity = SetIdentity(sourceName: set.2, location: set.0.location, parent: set.1.name)
            guard seenSets.insert(identity).inserted else { continue }
            identities.append(identity)
            unique.append(set)
        }
        guard run.checked.insert(CheckIdentity(sets: identities, exclusive: exclusive)).inserted else { return }
        var gathering = Gathering()
        for (selectionSet, parent, sourceName) in unique {
            gather(selectionSet, parent: parent, sourceName: sourceName, into: &gathering, run: &run, context: context)
            if run.exhausted { return }
        }
        for key in gathering.keys {
            guard let fields = gathering.byKey[key] else { continue }
            if fields.count > 1, let (first, second) = FieldConflictSearch.firstConflict(in: fields, exclusive: exclusive, schema: context.schema),
                let reason = conflict(fields[first], fields[second], exclusive: exclusive, schema: context.schema)
            {
                context.report(
                    "Fields \"\(key)\" conflict because \(reason). Use different aliases on the fields to fetch both if this was intentional.",
                    at: fields[second].field.location, in: fields[second].sourceName
                )
            }
            let subsets = fields.compactMap { gathered -> (SelectionSet, SchemaType, String)? in
                guard let selectionSet = gathered.field.selectionSet, let definition = gathered.definition,
                    let type = context.schema.type(of: definition.type), type.isComposite
                else { return nil }
                return (selectionSet, type, gathered.sourceName)
            }
            let childExclusive = exclusive || Set(fields.map(\.parent.name)).count > 1 && fields.allSatisfy { $0.parent.kind == .object }
            if !subsets.isEmpty { checkSet(subsets, exclusive: childExclusive, depth: depth + 1, run: &run, context: &context) }
            if run.exhausted { return }
        }
    }

    /// The fields of one check by response key, each field node (on one parent type) once.
    private struct Gathering {
        var byKey: [String: [GatheredField]] = [:]
        var keys: [String] = []
        var seenFields: Set<FieldIdentity> = []
        var expandedFragments: Set<String> = []
    }

    private static func gather(
        _ selectionSet: SelectionSet, parent: SchemaType, sourceName: String, into gathering: inout Gathering, run: inout Run,
        context: ValidationContext
    ) {
        for selection in selectionSet.selections {
            run.budget -= 1
            if run.budget < 0 {
                run.exhausted = true
                return
            }
            switch selection {
            case .field(let field):
                guard gathering.seenFields.insert(FieldIdentity(sourceName: sourceName, location: field.location, parent: parent.name)).inserted
                else { continue }
                if gathering.byKey[field.responseKey] == nil { gathering.keys.append(field.responseKey) }
                gathering.byKey[field.responseKey, default: []].append(
                    GatheredField(field: field, parent: parent, definition: context.schema.field(named: field.name.value, on: parent), sourceName: sourceName)
                )
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.flatMap { context.schema.types[$0.value] } ?? parent
                gather(fragment.selectionSet, parent: type, sourceName: sourceName, into: &gathering, run: &run, context: context)
            case .fragmentSpread(let spread):
                guard gathering.expandedFragments.insert(spread.name.value).inserted, let fragment = context.fragmentsByName[spread.name.value],
                    let type = context.schema.types[fragment.definition.typeCondition.value]
                else { continue }
                gather(fragment.definition.selectionSet, parent: type, sourceName: fragment.sourceName, into: &gathering, run: &run, context: context)
            }
            if run.exhausted { return }
        }
    }

    static func conflict(_ first: GatheredField, _ second: GatheredField, exclusive: Bool, schema: Schema) -> String? {
        let mutuallyExclusive = exclusive || (first.parent.name != second.parent.name && first.parent.kind == .object && second.parent.kind == .object)
        if !mutuallyExclusive {
            if first.field.name.value != second.field.name.value {
                return "\"\(first.field.name.value)\" and \"\(second.field.name.value)\" are different fields"
            }
            if argumentText(first.field) != argumentText(second.field) { return "they have differing arguments" }
        }
        if let firstType = first.definition?.type, let secondType = second.definition?.type, typesConflict(firstType, secondType, schema) {
            return "they return conflicting types \"\(firstType)\" and \"\(secondType)\""
        }
        return nil
    }

    static func argumentText(_ field: Field) -> [String] {
        field.arguments.map { "\($0.name.value): \(canonicalText($0.value))" }.sorted()
    }

    /// A value's text with input object members sorted by name, since input objects are
    /// unordered: `{a: 1, b: 2}` and `{b: 2, a: 1}` are the same argument. (Nesting is bounded
    /// by the parser's depth limit.)
    static func canonicalText(_ value: Value) -> String {
        switch value.kind {
        case .object(let fields): "{" + fields.map { "\($0.name.value): \(canonicalText($0.value))" }.sorted().joined(separator: ", ") + "}"
        case .list(let values): "[" + values.map(canonicalText).joined(separator: ", ") + "]"
        default: value.description
        }
    }

    /// The spec's SameResponseShape at one level: lists and non-null must match, and leaf
    /// types must be equal (composite types are compared through their subfields).
    static func typesConflict(_ first: TypeReference, _ second: TypeReference, _ schema: Schema) -> Bool {
        switch (first, second) {
        case (.nonNull(let a), .nonNull(let b)), (.list(let a), .list(let b)): typesConflict(a, b, schema)
        case (.nonNull, _), (_, .nonNull), (.list, _), (_, .list): true
        case (.named(let a), .named(let b)): a != b && (schema.types[a]?.isLeaf != false || schema.types[b]?.isLeaf != false)
        }
    }
}
