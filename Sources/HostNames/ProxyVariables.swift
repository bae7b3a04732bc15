/// curl's proxy variables, read one way: which names the proxy for an endpoint's scheme, and
/// the `no_proxy` list, so that the CLI's route and ``NoProxyList``'s users read the same ones.
///
/// `https_proxy` (else `HTTPS_PROXY`) for https endpoints, `http_proxy` (lower case only, as
/// curl) for http ones, and `all_proxy` (else `ALL_PROXY`) for either when its own is not set;
/// `no_proxy` (else `NO_PROXY`). An empty variable counts as unset.
public enum ProxyVariables {
    /// The variables that may name the proxy, in the order they are looked at.
    public static func names(https: Bool) -> [String] {
        (https ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy"]) + ["all_proxy", "ALL_PROXY"]
    }

    /// The first of ``names(https:)`` set in `environment`, and its value; `nil` for none.
    public static func proxy(https: Bool, in environment: [String: String]) -> (name: String, value: String)? {
        for name in names(https: https) {
            if let value = environment[name], !value.isEmpty { return (name, value) }
        }
        return nil
    }

    /// The hosts `no_proxy` (else `NO_PROXY`) exempts from the proxy.
    public static func noProxy(in environment: [String: String]) -> NoProxyList {
        NoProxyList([environment["no_proxy"], environment["NO_PROXY"]].lazy.compactMap { $0 }.first { !$0.isEmpty } ?? "")
    }
}
