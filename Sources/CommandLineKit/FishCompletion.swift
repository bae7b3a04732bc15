/// The fish completion script: commands offered until one is typed, then its options and
/// the fixed choices of its argument; global options everywhere.
enum FishCompletion {
    static func script(_ tool: ToolSpec) -> String {
        let name = tool.name, function = tool.identifier
        let skipped = CompletionScript.valueOptions(tool).map(\.name).joined(separator: " ")
        var lines = ["complete -c \(name) -f"]
        for command in tool.visibleCommands {
            lines.append("complete -c \(name) -n 'not __\(function)_command' -a \(command.name) -d \(quoted(command.summary))")
        }
        lines.append("complete -c \(name) -n 'not __\(function)_command' -a help -d 'Show help for a command'")
        lines += tool.globalOptions.map { option($0, condition: nil, tool: tool) }
        for command in tool.visibleCommands {
            let condition = "__\(function)_using \(command.name)"
            lines += command.options.map { option($0, condition: condition, tool: tool) }
            if command.arguments.contains(where: { $0.valueKind == .file }) {
                lines.append("complete -c \(name) -n '\(condition)' -F")
            }
            for argument in command.arguments where !argument.choices.isEmpty {
                lines.append("complete -c \(name) -n '\(condition)' -a \(quoted(argument.choices.joined(separator: " "))) -d \(quoted(argument.summary))")
            }
        }
        let names = tool.visibleCommands.map(\.name).joined(separator: " ")
        lines.append("complete -c \(name) -n '__\(function)_using help' -a \(quoted(names)) -d 'Command'")
        return """
        \(CompletionScript.header(.fish, tool))

        function __\(function)_command --description 'Prints the \(name) command typed so far'
            set -l tokens (commandline -opc)
            set -e tokens[1]
            set -l skip 0
            for token in $tokens
                if test $skip -eq 1
                    set skip 0
                    continue
                end
                switch $token
                    case \(skipped)
                        set skip 1
                    case '-*'
                    case '*'
                        echo $token
                        return 0
                end
            end
            return 1
        end

        function __\(function)_using --description 'Whether the \(name) command typed so far is $argv[1]'
            set -l command (__\(function)_command)
            test "$command" = "$argv[1]"
        end

        \(lines.joined(separator: "\n"))

        """
    }

    /// `complete … -l page-size -x -d '…'`, with `-s h` for a short name and `-r -F` for a file.
    private static func option(_ option: OptionSpec, condition: String?, tool: ToolSpec) -> String {
        var parts = ["complete -c \(tool.name)"]
        if let condition { parts.append("-n '\(condition)'") }
        if let short = option.shortName { parts.append("-s \(short.dropFirst())") }
        parts.append("-l \(option.name.dropFirst(2))")
        if option.takesValue {
            switch option.valueKind {
            case .file: parts.append("-r -F")
            case .text: parts.append("-x")
            }
        }
        parts.append("-d \(quoted(option.summary))")
        return parts.joined(separator: " ")
    }

    /// The text in fish's single quotes (only `\` and `'` are special there).
    private static func quoted(_ text: String) -> String {
        var result = "'"
        for character in text {
            if character == "\\" || character == "'" { result.append("\\") }
            result.append(character)
        }
        return result + "'"
    }
}
