import Foundation
import GraphQLCodegen
import GraphQLLanguage

/// The generated Swift of many valid documents over one schema, as the files of one module:
/// the schema's `SchemaTypes.graphql.swift` and one file per document, a document's
/// operations and fragments renamed (``DocumentRenamer``) when an earlier document defines
/// one of its names, so that no two documents declare the same type. What a target with all these `.graphql` files would get from the plugin.
struct GeneratedBatch {
    /// A document of the batch: where it comes from, as written, and as generated.
    struct Entry {
        let label: String
        let original: String
        let renamed: String
    }

    let name: String
    /// The generated files by name: `SchemaTypes.graphql.swift` and `DocumentN.graphql.swift`.
    private(set) var files: [String: String] = [:]
    /// The document each `DocumentN.graphql.swift` was generated from.
    private(set) var entries: [String: Entry] = [:]
    /// Documents that could not be renamed or generated, each with the document.
    private(set) var refusals: [String] = []

    /// A batch of single-file documents.
    init(name: String, schema: Schema, documents: [(label: String, text: String)]) {
        self.init(name: name, schema: schema, sourceSets: documents.map { (label: $0.label, texts: [$0.text]) })
    }

    /// A batch of documents, each one or more files generated together (fragments shared between them).
    init(name: String, schema: Schema, sourceSets: [(label: String, texts: [String])]) {
        self.name = name
        switch CodeGenerator.generate(sources: [], schema: schema) {
        case .success(let schemaFiles): for file in schemaFiles { files[file.name] = file.contents }
        case .failure(let errors): refusals.append("\(name): the schema's types did not generate: \(errors)")
        }
        var definedNames: [String: String] = [:]
        for (index, document) in sourceSets.enumerated() {
            let original = document.texts.joined(separator: "\n# next file\n")
            // One file is DocumentN; several are DocumentNf0, DocumentNf1, …
            let sourceNames = document.texts.indices.map { "Document\(index)" + (document.texts.count == 1 ? "" : "f\($0)") + ".graphql" }
            do {
                // Names are kept unless an earlier document took one: a clash within a document stays as written.
                let asWritten = try document.texts.map { try DocumentRenamer.rename($0, suffix: "") }
                let clashes = asWritten.contains { $0.names.contains { definedNames[$0] != nil } }
                let renamed = clashes ? try document.texts.map { try DocumentRenamer.rename($0, suffix: "_\(index)") } : asWritten
                for definedName in renamed.flatMap(\.names) {
                    if let other = definedNames[definedName] { refusals.append("\(document.label): \(definedName) is also defined by \(other)") }
                    definedNames[definedName] = document.label
                }
                let renamedText = renamed.map(\.text).joined(separator: "\n# next file\n")
                switch CodeGenerator.generate(sources: zip(sourceNames, renamed).map { (name: $0, text: $1.text) }, schema: schema) {
                case .failure(let errors):
                    refusals.append("\(document.label): not generated: \(errors)\n\(original)")
                case .success(let generated):
                    for file in generated where file.name != CodeGenerator.schemaTypesFileName {
                        files[file.name] = file.contents
                        entries[file.name] = Entry(label: document.label, original: original, renamed: renamedText)
                    }
                }
            } catch {
                refusals.append("\(document.label): not renamed: \(error)")
            }
        }
    }

    /// Writes the files into `folder` and returns their paths, sorted by name.
    func write(into folder: URL) throws -> [URL] {
        try files.keys.sorted().map { fileName in
            let url = folder.appendingPathComponent(fileName)
            try Data((files[fileName] ?? "").utf8).write(to: url)
            return url
        }
    }

    /// One report per file the compiler complained about: the document (as written and as
    /// renamed), each diagnostic and the generated line it points at.
    func failures(_ diagnostics: [SwiftTypeChecker.Diagnostic]) -> [String] {
        let byFile = Dictionary(grouping: diagnostics) { URL(fileURLWithPath: $0.file).lastPathComponent }
        return byFile.keys.sorted().map { fileName in
            let lines = (files[fileName] ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            let shown = (byFile[fileName] ?? []).prefix(10).map { diagnostic in
                let source = diagnostic.line >= 1 && diagnostic.line <= lines.count ? lines[diagnostic.line - 1].trimmingCharacters(in: .whitespaces) : ""
                return "\(diagnostic)\n    \(source)"
            }
            guard let entry = entries[fileName] else {
                return "\(name), \(fileName):\n" + shown.joined(separator: "\n")
            }
            return "\(name), \(entry.label) (\(fileName)):\n\(entry.original)\nrenamed:\n\(entry.renamed)\n" + shown.joined(separator: "\n")
        }
    }
}
