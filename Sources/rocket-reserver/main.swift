// The composition root: reads the process environment, plugs the real adapters into the CLI,
// runs one command and exits with its status.
import Glibc
import CLIArguments
import CLIConfiguration
import ProcessLifecycle
import RocketReserverCLI
import SingleThreadRuntime
import TerminalKit
import TerminalPresenters
import SystemErrorText

MallocArenas.useOne()
TerminationSignals.install()
let standardOutput = StandardOutput()
let standardError = StandardError()
// Hints and notes about the results, silent once the results could not be written.
let resultNotes = ResultNotes(notes: standardError, about: standardOutput)
let variables = ProcessEnvironment.current()
// `launches --all` reports its pages on standard error when that is a terminal; the line is
// erased at the end, on errors, and on Ctrl-C.
let progress = isatty(STDERR_FILENO) == 1 ? ProgressLine(output: standardError) : nil
if let progress { TerminationSignals.beforeExit { progress.clear() } }
let arguments = Array(CommandLine.arguments.dropFirst())
// One command, one thread: the command's async code and its cache run on the main thread, and
// only a request's blocking I/O gets a thread of its own (no pool, no Dispatch timer threads).
// A signal during a change cancels the command's task (see TerminationSignals).
var status = CurrentThreadExecutor.run { executor in
    let environment = CLIEnvironment(
        variables: variables,
        standardOutput: standardOutput,
        standardError: standardError,
        notes: resultNotes,
        outputIsTerminal: isatty(STDOUT_FILENO) == 1,
        terminalWidth: TerminalSize.columns(of: STDOUT_FILENO),
        // Used only when HOME is not an absolute path: the password database is not read otherwise.
        homeDirectory: variables["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? ProcessEnvironment.homeFromPasswordDatabase(),
        interruptionShield: SignalShield(),
        makeTerminal: {
            // The app needs a terminal at both ends; the renderer decides on colour (NO_COLOR).
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
            let terminal = TerminalDevice(input: STDIN_FILENO, output: STDOUT_FILENO)
            // SIGTERM, SIGHUP and SIGINT end the process on the signal thread: give the terminal back first.
            TerminationSignals.beforeExit { terminal.stop() }
            return terminal
        },
        makeServices: { configuration in
            await AdapterAssembly(
                configuration: configuration, output: standardOutput, warnings: standardError, notes: resultNotes, progress: progress,
                executor: executor
            ).services()
        }
    )
    let command = Task(executorPreference: executor) { await RocketReserverCLI(environment: environment).run(arguments) }
    TerminationSignals.cancelsCommand { command.cancel() }
    return await command.value
}
// Interrupted during a change: the command has wound down (and said what is unknown); end by the signal.
TerminationSignals.endIfInterrupted()
// Output that could not be written (a full disk, an I/O error) is lost: say so. A reader that
// closed the pipe (`| head -1`) is not an error.
if let code = standardOutput.failure, status == .success || status == .refused {
    standardError.write("\(RocketReserverCLI.toolName): The output could not be written (\(SystemErrorText.describe(code))).\n")
    status = .ioError
}
exit(status.rawValue)
