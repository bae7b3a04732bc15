import HostNames
import Testing

/// Which of curl's variables names the proxy, and which `no_proxy` list is read.
@Suite(.timeLimit(.minutes(5))) struct ProxyVariablesTests {
    @Test func httpsLooksAtItsOwnVariablesThenAllProxy() {
        #expect(ProxyVariables.proxy(https: true, in: ["HTTPS_PROXY": "u", "all_proxy": "a"])?.name == "HTTPS_PROXY")
        #expect(ProxyVariables.proxy(https: true, in: ["https_proxy": "l", "HTTPS_PROXY": "u"])?.value == "l")
        #expect(ProxyVariables.proxy(https: true, in: ["https_proxy": "", "ALL_PROXY": "a"])?.name == "ALL_PROXY")
        #expect(ProxyVariables.proxy(https: true, in: ["http_proxy": "h"]) == nil)
    }

    @Test func httpReadsOnlyTheLowerCaseName() {
        #expect(ProxyVariables.proxy(https: false, in: ["HTTP_PROXY": "u"]) == nil)
        #expect(ProxyVariables.proxy(https: false, in: ["HTTP_PROXY": "u", "all_proxy": "a"])?.name == "all_proxy")
        #expect(ProxyVariables.proxy(https: false, in: ["http_proxy": "h", "all_proxy": "a"])?.value == "h")
    }

    @Test func noProxyFallsBackToTheUpperCaseNameWhenEmpty() {
        #expect(ProxyVariables.noProxy(in: ["no_proxy": "", "NO_PROXY": "a.example"]).entries == ["a.example"])
        #expect(ProxyVariables.noProxy(in: ["no_proxy": "b", "NO_PROXY": "a"]).entries == ["b"])
        #expect(ProxyVariables.noProxy(in: [:]).entries.isEmpty)
    }
}
