/// The bash completion script: commands, their options and the global ones, and the fixed
/// choices of arguments; an option's value is never completed as a command.
enum BashCompletion {
    static var script: String {
        let globals = CommandCatalog.globalOptions.flatMap(CompletionScript.names).joined(separator: " ")
        let valueNames = CompletionScript.valueOptions.map(\.name).joined(separator: "|")
        let fileNames = CompletionScript.valueOptions.filter { $0.valueKind == .file }.map(\.name)
        var cases = CommandCatalog.visibleCommands.map { spec in
            let words = spec.arguments.flatMap(\.choices) + spec.options.flatMap(CompletionScript.names)
            return "        \(spec.name.rawValue)) words=\"\((words + ["$globals"]).joined(separator: " "))\" ;;"
        }
        cases.insert("        '') words=\"\(CompletionScript.commandWords.joined(separator: " ")) $globals\" ;;", at: 0)
        cases.append("        help) words=\"\(CommandCatalog.visibleCommands.map(\.name.rawValue).joined(separator: " "))\" ;;")
        cases.append("        *) words=$globals ;;")
        let fileCase = fileNames.isEmpty ? "" : "\n        \(fileNames.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return 0 ;;"
        return """
        \(CompletionScript.header(.bash, install: CompletionScript.installLine(.bash)))
        _rocket_reserver() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev="" option=""
            if (( COMP_CWORD > 0 )); then prev=${COMP_WORDS[COMP_CWORD-1]}; fi
            option=$prev
            if [[ $cur == "=" ]]; then cur=""; option=$prev
            elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then option=${COMP_WORDS[COMP_CWORD-2]}
            fi
            local globals="\(globals)"
            case $option in\(fileCase)
                \(valueNames)) COMPREPLY=(); return 0 ;;
            esac
            local command="" word i
            for (( i = 1; i < COMP_CWORD; i++ )); do
                word=${COMP_WORDS[i]}
                case $word in
                    \(valueNames))
                        if [[ ${COMP_WORDS[i+1]} == "=" ]]; then (( i += 2 )); else (( i += 1 )); fi ;;
                    -*|=) ;;
                    *) command=$word; break ;;
                esac
            done
            local words
            case $command in
        \(cases.joined(separator: "\n"))
            esac
            COMPREPLY=($(compgen -W "$words" -- "$cur"))
        }
        complete -F _rocket_reserver rocket-reserver

        """
    }
}
