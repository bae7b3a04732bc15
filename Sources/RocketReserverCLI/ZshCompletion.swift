/// The zsh completion script (`#compdef`, `_arguments`): commands with their summaries,
/// each command's options with the global ones, and the fixed choices of arguments.
enum ZshCompletion {
    static var script: String {
        let globals = CommandCatalog.globalOptions.map { "    \(spec($0))" }.joined(separator: "\n")
        let commands = CompletionScript.commandWords.map { word -> String in
            let summary = CommandCatalog.visibleCommands.first { $0.name.rawValue == word }?.summary ?? "Show help for a command"
            return "    \(quoted(word + ":" + escaped(summary)))"
        }.joined(separator: "\n")
        let cases = CommandCatalog.visibleCommands.map { command -> String in
            let arguments = command.arguments.enumerated().map { index, argument in
                let action = argument.valueKind == .file ? "_files" : argument.choices.isEmpty ? " " : "(\(argument.choices.joined(separator: " ")))"
                return quoted("\(index + 1):\(escaped(argument.name)):\(action)")
            }
            let specs = (command.options.map(spec) + arguments).joined(separator: " ")
            return "        \(command.name.rawValue)) _arguments -s $globals \(specs) ;;"
        }.joined(separator: "\n")
        return """
        #compdef rocket-reserver
        \(CompletionScript.header(.zsh, install: CompletionScript.installLine(.zsh)))

        _rocket_reserver() {
          local -a globals commands
          globals=(
        \(globals)
          )
          commands=(
        \(commands)
          )
          local curcontext=$curcontext state line
          typeset -A opt_args
          _arguments -C -s $globals '1: :->command' '*:: :->argument' && return
          case $state in
            command) _describe -t commands 'rocket-reserver command' commands ;;
            argument)
              case $line[1] in
        \(cases)
                help) _arguments -s $globals '1:command:(\(CommandCatalog.visibleCommands.map(\.name.rawValue).joined(separator: " ")))' ;;
                *) _arguments -s $globals ;;
              esac ;;
          esac
        }

        if [[ $funcstack[1] == _rocket-reserver ]]; then
          _rocket_reserver "$@"
        else
          compdef _rocket_reserver rocket-reserver
        fi

        """
    }

    /// An `_arguments` spec: `'--page-size=[Launches per page]:N: '`, `'(-h --help)'{-h,--help}'[Show help]'`.
    private static func spec(_ option: OptionSpec) -> String {
        let action = switch option.valueKind {
        case .file: "_files"
        case .text: " "
        }
        let value = option.valueName.map { "=[\(escaped(option.summary))]:\(escaped($0)):\(action)" }
        let tail = value ?? "[\(escaped(option.summary))]"
        guard let short = option.shortName else { return quoted(option.name + tail) }
        return quoted("(\(short) \(option.name))") + "{\(short),\(option.name)}" + quoted(tail)
    }

    /// The text with `_arguments`' special characters escaped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The text in single quotes, safe for any content.
    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
