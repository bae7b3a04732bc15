/// A shell the completion scripts are written for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}
