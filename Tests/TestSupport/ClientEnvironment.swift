/// A clean environment for running the CLI: state in a private folder, no colour, nothing
/// inherited from the developer's shell except `PATH`.
public enum ClientEnvironment {
    public static func make(home: TemporaryDirectory, endpoint: String? = nil, extra: [String: String] = [:]) -> [String: String] {
        var variables = [
            "ROCKET_RESERVER_HOME": home.url.path,
            "HOME": home.url.path,
            "PATH": "/usr/bin:/bin",
            "NO_COLOR": "1",
        ]
        if let endpoint { variables["ROCKET_RESERVER_ENDPOINT"] = endpoint }
        return variables.merging(extra) { _, new in new }
    }
}
