/// Quotes a value so that it can be pasted into a POSIX shell command line as one word.
enum ShellWord {
    /// The value as is when it is made of safe characters only, otherwise in single quotes.
    static func quoted(_ value: String) -> String {
        let safe = !value.isEmpty && value.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.:/=+,@%".unicodeScalars.contains(scalar))
        }
        if safe { return value }
        return "'" + value.replacing("'", with: #"'\''"#) + "'"
    }
}
