/// The bash completion script: commands, their options and the global ones, and the fixed
/// choices of arguments; an option's value is never completed as a command, and a file
/// name is completed whole, whatever characters it has.
enum BashCompletion {
    static func script(_ tool: ToolSpec) -> String {
        let name = tool.name, function = tool.identifier
        let globals = tool.globalOptions.flatMap(CompletionScript.names).joined(separator: " ")
        let valueNames = CompletionScript.valueOptions(tool).map(\.name).joined(separator: "|")
        let fileNames = CompletionScript.valueOptions(tool).filter { $0.valueKind == .file }.map(\.name)
        var cases = tool.visibleCommands.map { spec in
            let words = spec.arguments.flatMap(\.choices) + spec.options.flatMap(CompletionScript.names)
            return "        \(spec.name)) words=\"\((words + ["$globals"]).joined(separator: " "))\" ;;"
        }
        cases.insert("        '') words=\"\(CompletionScript.commandWords(tool).joined(separator: " ")) $globals\" ;;", at: 0)
        cases.append("        help) words=\"\(tool.visibleCommands.map(\.name).joined(separator: " "))\" ;;")
        cases.append("        *) words=$globals ;;")
        let fileCommands = tool.visibleCommands.filter { $0.arguments.contains { $0.valueKind == .file } }.map(\.name)
        let fileArguments = fileCommands.isEmpty ? "" : """

            case $command in
                \(fileCommands.joined(separator: "|"))) if [[ $cur != -* ]]; then _\(function)_files "$cur"; return 0; fi ;;
            esac
        """
        let fileCase = fileNames.isEmpty ? "" : "\n        \(fileNames.joined(separator: "|"))) _\(function)_files \"$cur\"; return 0 ;;"
        return """
        \(CompletionScript.header(.bash, tool))
        # File names, one per line, whatever they hold (spaces, quotes, *, a leading -): the word
        # typed so far is unquoted first, and bash quotes the names it inserts (-o filenames).
        _\(function)_files() {
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
        _\(function)() {
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
        complete -F _\(function) \(name)

        """
    }
}
