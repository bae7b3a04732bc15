/// The zsh completion script (`#compdef`, `_arguments`): commands with their summaries,
/// each command's options with the global ones, and the fixed choices of arguments.
enum ZshCompletion {
    static func script(_ tool: ToolSpec) -> String {
        let name = tool.name, function = tool.identifier
        let globals = tool.globalOptions.map { "    \(spec($0))" }.joined(separator: "\n")
        let commands = CompletionScript.commandWords(tool).map { word -> String in
            let summary = tool.visibleCommands.first { $0.name == word }?.summary ?? "Show help for a command"
            return "    \(quoted(word + ":" + escaped(summary)))"
        }.joined(separator: "\n")
        let cases = tool.visibleCommands.map { command -> String in
            let arguments = command.arguments.enumerated().map { index, argument in
                let action = argument.valueKind == .file ? "_files" : argument.choices.isEmpty ? " " : "(\(argument.choices.joined(separator: " ")))"
                return quoted("\(index + 1):\(escaped(argument.name)):\(action)")
            }
            let specs = (command.options.map(spec) + arguments).joined(separator: " ")
            return "        \(command.name)) _arguments -s $globals \(specs) ;;"
        }.joined(separator: "\n")
        return """
        #compdef \(name)
        \(CompletionScript.header(.zsh, tool))

        _\(function)() {
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
            command) _describe -t commands '\(name) command' commands ;;
            argument)
              case $line[1] in
        \(cases)
                help) _arguments -s $globals '1:command:(\(tool.visibleCommands.map(\.name).joined(separator: " ")))' ;;
                *) _arguments -s $globals ;;
              esac ;;
          esac
        }

        if [[ $funcstack[1] == _\(name) ]]; then
          _\(function) "$@"
        else
          compdef _\(function) \(name)
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
