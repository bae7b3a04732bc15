import CLIArguments
import CommandLineFiles
import Ports
import Presentation
import UseCases

extension RocketReserverCLI {
    /// The note on standard error once a `query` subscription is connected again.
    static let eventsMissedNote = "Reconnected; events published while the connection was down were missed."

    /// `query`: prints the answer's data as JSON (with `--incremental`, each part as a line as it
    /// arrives); the server's errors go to standard error (one line each) and make the status 1. A subscription prints each event's data as one
    /// line of JSON as it arrives, until the server completes it (0, or 1 after its error) or a
    /// signal stops it (0); see ``followEvents(_:output:errors:)``.
    func runQuery(_ command: QueryCommand, documentRunner: any GraphQLDocumentRunner, output: any TextOutput, errors: any TextOutput) async throws -> ExitCode {
        let document = GraphQLSource(name: command.file, text: try UserFile.read(command.file))
        let schema = try command.schemaFile.map { path throws(UserFile.Failure) in GraphQLSource(name: path, text: try UserFile.read(path)) }
        let outcome = try await RunGraphQLDocument(runner: documentRunner).perform(
            document: document, operationName: command.operationName, variables: command.variables, schema: schema,
            forceReload: command.forceReload, incremental: command.incremental
        )
        switch outcome {
        case .answer(let answer): return Self.write(answer, output: output, errors: errors) ? .success : .refused
        case .parts(let parts): return try await Self.writeParts(parts, output: output, errors: errors)
        case .events(let events): return try await followEvents(events, output: output, errors: errors)
        }
    }

    /// `query --json --incremental`: each part of the answer as it arrives, its data so far on
    /// one line (written at once: standard output is unbuffered) and its errors on standard
    /// error; 1 when a part had errors. A failure mid-answer (a lost connection) is thrown after
    /// the lines already written; a reader that went away ends it quietly.
    private static func writeParts(_ parts: LiveStream<GraphQLDocumentAnswer>, output: any TextOutput, errors: any TextOutput) async throws -> ExitCode {
        var status = ExitCode.success
        for try await part in parts {
            if !write(part, output: output, errors: errors) { status = .refused }
            if output.isClosed { return status }
        }
        return status
    }

    /// Writes an answer's data and its errors, each the server's words as one sanitised sentence
    /// (``ServerText/sentence(_:)``: the adapter passes them as the server sent them); `false`
    /// when it had errors.
    private static func write(_ answer: GraphQLDocumentAnswer, output: any TextOutput, errors: any TextOutput) -> Bool {
        if let data = answer.data { output.write(data + "\n") }
        for error in answer.errors { errors.write("\(CommandCatalog.toolName): The server answered with an error: \(ServerText.sentence(error))\n") }
        return answer.errors.isEmpty
    }

    /// A subscription's events, one line each, until the server completes it, the reader of
    /// standard output goes away, or a signal cancels the command (all 0; 1 when the server
    /// ended it with an error). A lost connection is noted on standard error and reconnected,
    /// as `watch` does; the stream's failure (69 when it cannot connect at all) is thrown.
    func followEvents(_ events: LiveStream<LiveUpdate<GraphQLDocumentAnswer>>, output: any TextOutput, errors: any TextOutput) async throws -> ExitCode {
        let notes = environment.notes
        return try await environment.interruptionShield.stoppingOnSignal {
            var status = ExitCode.success
            do {
                for try await update in events {
                    switch update {
                    case .value(let answer):
                        if !Self.write(answer, output: output, errors: errors) { status = .refused }
                        if output.isClosed { return status }
                    case .interrupted(let error):
                        notes.write("\(CommandCatalog.toolName): \(Self.connectionLostNote(error))\n")
                    case .resumed:
                        notes.write("\(CommandCatalog.toolName): \(Self.eventsMissedNote)\n")
                    }
                }
            } catch {
                if Task.isCancelled || error is CancellationError { return status }
                throw error
            }
            return status
        }
    }

    /// `schema`: prints the SDL, or writes it to the `--output` path (``OutputFile`` says how);
    /// a path that could never be written is refused before the schema is fetched.
    func runSchema(to path: String?, documentRunner: any GraphQLDocumentRunner, output: any TextOutput) async throws -> ExitCode {
        if let path { try OutputFile.check(path) }
        let sdl = try await ShowSchema(runner: documentRunner)()
        if let path { try UserFile.write(sdl, to: path, standardOutput: { output.write($0) }) } else { output.write(sdl) }
        return .success
    }
}
