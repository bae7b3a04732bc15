import Ports
import Presentation
import UseCases

extension RocketReserverCLI {
    /// `query`: prints the answer's data as JSON; the server's errors go to standard error
    /// (one line each) and make the status 1.
    func runQuery(_ command: QueryCommand, console: any GraphQLConsole, output: any TextOutput, errors: any TextOutput) async throws -> ExitCode {
        let document = GraphQLSource(name: command.file, text: try UserFile.read(command.file))
        let schema = try command.schemaFile.map { path throws(UserFile.Failure) in GraphQLSource(name: path, text: try UserFile.read(path)) }
        let answer = try await RunGraphQLDocument(console: console)(
            document: document, operationName: command.operationName, variables: command.variables, schema: schema,
            forceReload: command.forceReload
        )
        if let data = answer.data { output.write(data + "\n") }
        for error in answer.errors { errors.write("rocket-reserver: The server answered with an error: \(error)\n") }
        return answer.errors.isEmpty ? .success : .refused
    }

    /// `schema`: prints the SDL, or writes it to the `--output` path (``OutputFile`` says how);
    /// a path that could never be written is refused before the schema is fetched.
    func runSchema(to path: String?, console: any GraphQLConsole, output: any TextOutput) async throws -> ExitCode {
        if let path { try OutputFile.check(path) }
        let sdl = try await ShowSchema(console: console)()
        if let path { try UserFile.write(sdl, to: path, standardOutput: output) } else { output.write(sdl) }
        return .success
    }
}
