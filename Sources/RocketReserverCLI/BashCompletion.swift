/// The bash completion script: commands, their options and the global ones, and the fixed
/// choices of arguments; an option's value is never completed as a command, and a file
/// name is completed whole, whatever characters it has.
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
        let fileCommands = CommandCatalog.visibleCommands.filter { $0.arguments.contains { $0.valueKind == .file } }.map(\.name.rawValue)
        let fileArguments = fileCommands.isEmpty ? "" : """

            case $command in
                \(fileCommands.joined(separator: "|"))) if [[ $cur != -* ]]; then _rocket_reserver_files "$cur"; return 0; fi ;;
            esac
        """
        let fileCase = fileNames.isEmpty ? "" : "\n        \(fileNames.joined(separator: "|"))) _rocket_reserver_files \"$cur\"; return 0 ;;"
        return """
        \(CompletionScript.header(.bash, install: CompletionScript.installLine(.bash)))
        # File names, one per line, whatever they hold (spaces, quotes, *, a leading -): the word
        # typed so far is unquoted first, and bash quotes the names it inserts (-o filenames).
        _rocket_reserver_files() {
            local word=$1 typed="" quote="" c i line
            for (( i = 0; i < ${#word}; i++ )); do
                c=${word:i:1}
                if [[ $quote == "'" ]]; then
                    if [[ $c == "'" ]]; then quote=""; else typed+=$c; fi
                elif [[ $c == "\\\\" ]] && (( i + 1 < ${#word} )); then
                    if [[ $quote == '"' && ${word:i+1:1} != [\\\\\\"\\$\\`] ]]; then typed+=$c; fi
                    (( i += 1 )); typed+=${word:i:1}
                elif [[ $c == "'" && -z $quote ]]; then quote="'"
                elif [[ $c == '"' ]]; then if [[ -z $quote ]]; then quote='"'; else quote=""; fi
                else typed+=$c
                fi
            done
            compopt -o filenames 2>/dev/null
            COMPREPLY=()
            while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$typed")
        }
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
            done\(fileArguments)
            local words
            case $command in
        \(cases.joined(separator: "\n"))
            esac
            COMPREPLY=()
            while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -W "$words" -- "$cur")
        }
        complete -F _rocket_reserver rocket-reserver

        """
    }
}
