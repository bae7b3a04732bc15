// The composition root: reads the process environment, plugs the real adapters into the CLI,
// runs one command and exits with its status.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RocketReserverCLI
import StdoutPresenters

let standardOutput = StandardOutput()
let standardError = StandardError()
let variables = ProcessEnvironment.current()
let environment = CLIEnvironment(
    variables: variables,
    standardOutput: standardOutput,
    standardError: standardError,
    outputIsTerminal: isatty(STDOUT_FILENO) == 1,
    homeDirectory: NSHomeDirectory(),
    makeServices: { configuration in
        await AdapterAssembly(configuration: configuration, output: standardOutput, warnings: standardError, variables: variables).services()
    }
)
let status = await RocketReserverCLI(environment: environment).run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
