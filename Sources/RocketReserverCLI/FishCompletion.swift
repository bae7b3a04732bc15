/// The fish completion script: commands offered until one is typed, then its options and
/// the fixed choices of its argument; global options everywhere.
enum FishCompletion {
    static var script: String {
        let skipped = CompletionScript.valueOptions.map(\.name).joined(separator: " ")
        var lines = ["complete -c rocket-reserver -f"]
        for command in CommandCatalog.visibleCommands {
            lines.append("complete -c rocket-reserver -n 'not __rocket_reserver_command' -a \(command.name.rawValue) -d \(quoted(command.summary))")
        }
        lines.append("complete -c rocket-reserver -n 'not __rocket_reserver_command' -a help -d 'Show help for a command'")
        lines += CommandCatalog.globalOptions.map { option($0, condition: nil) }
        for command in CommandCatalog.visibleCommands {
            let condition = "__rocket_reserver_using \(command.name.rawValue)"
            lines += command.options.map { option($0, condition: condition) }
            if command.arguments.contains(where: { $0.valueKind == .file }) {
                lines.append("complete -c rocket-reserver -n '\(condition)' -F")
            }
            for argument in command.arguments where !argument.choices.isEmpty {
                lines.append("complete -c rocket-reserver -n '\(condition)' -a \(quoted(argument.choices.joined(separator: " "))) -d \(quoted(argument.summary))")
            }
        }
        let names = CommandCatalog.visibleCommands.map(\.name.rawValue).joined(separator: " ")
        lines.append("complete -c rocket-reserver -n '__rocket_reserver_using help' -a \(quoted(names)) -d 'Command'")
        return """
        \(CompletionScript.header(.fish, install: CompletionScript.installLine(.fish)))

        function __rocket_reserver_command --description 'Prints the rocket-reserver command typed so far'
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

        function __rocket_reserver_using --description 'Whether the rocket-reserver command typed so far is $argv[1]'
            set -l command (__rocket_reserver_command)
            test "$command" = "$argv[1]"
        end

        \(lines.joined(separator: "\n"))

        """
    }

    /// `complete … -l page-size -x -d '…'`, with `-s h` for a short name and `-r -F` for a file.
    private static func option(_ option: OptionSpec, condition: String?) -> String {
        var parts = ["complete -c rocket-reserver"]
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
