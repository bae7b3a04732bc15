import Foundation
import Testing
import TestSupport

/// The checks every fault shares: exit status, a short plain message, no output, no token,
/// and local state left alone.
enum FaultExpectations {
    /// What a failed command may change in the home folder.
    enum Allowance {
        /// The server rejected the token: the credential file may be gone (not altered).
        case tokenMayBeForgotten
        /// A mutation's outcome is unknown: the cache may change (the touched entry dropped).
        case cacheMayChange
    }

    /// Checks a failure: status in `statuses`, nothing on stdout, one or two sentences on
    /// stderr with the tool's prefix and no token, and the home as before but for `allowing`.
    static func expectCleanFailure(
        _ result: ProcessResult,
        status statuses: Set<Int32>,
        session: FaultSession,
        before: [String: Data],
        allowing: Set<Allowance> = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(statuses.contains(result.status), "exit \(result.status), stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout.prefix(300))", sourceLocation: sourceLocation)
        expectPlainMessage(result.stderr, sourceLocation: sourceLocation)
        expectNoToken(result, session: session, sourceLocation: sourceLocation)
        expectState(of: session, before: before, allowing: allowing, sourceLocation: sourceLocation)
    }

    /// One or two plain sentences on one or two lines, prefixed `rocket-reserver: `.
    static func expectPlainMessage(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(stderr.hasPrefix("rocket-reserver: "), "stderr: \(stderr)", sourceLocation: sourceLocation)
        #expect((1...2).contains(lines.count), "stderr has \(lines.count) lines: \(stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect((1...2).contains(sentenceCount(stderr)), "stderr is not one or two sentences: \(stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect(stderr.count < 500, "stderr is \(stderr.count) characters long", sourceLocation: sourceLocation)
        for sign in ["Fatal error", "Stack dump", "backtrace", "Swift runtime", "GraphQLClientError(", "URLError"] {
            #expect(!stderr.contains(sign), "stderr looks like a crash or a dump: \(stderr.prefix(500))", sourceLocation: sourceLocation)
        }
    }

    /// Neither output stream holds the session's token.
    static func expectNoToken(_ result: ProcessResult, session: FaultSession, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.stdout.contains(session.token), "the token is on stdout", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains(session.token), "the token is on stderr", sourceLocation: sourceLocation)
    }

    /// The home is byte-identical to `before`, except for what `allowing` permits; no file
    /// but the credential holds the token, and no file name does.
    static func expectState(
        of session: FaultSession,
        before: [String: Data],
        allowing: Set<Allowance> = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let after = session.home.snapshot()
        let credentialsBefore = session.credentialFiles(before), credentialsAfter = session.credentialFiles(after)
        if allowing.contains(.tokenMayBeForgotten) {
            #expect(credentialsAfter == credentialsBefore || credentialsAfter.isEmpty,
                    "the credential changed: \(credentialsBefore.keys.sorted()) → \(credentialsAfter.keys.sorted())",
                    sourceLocation: sourceLocation)
        } else {
            #expect(credentialsAfter == credentialsBefore,
                    "the credential changed: \(credentialsBefore.keys.sorted()) → \(credentialsAfter.keys.sorted())",
                    sourceLocation: sourceLocation)
        }
        let othersBefore = before.filter { !$0.key.hasPrefix("/credentials/") }
        let othersAfter = after.filter { !$0.key.hasPrefix("/credentials/") }
        if allowing.contains(.cacheMayChange) {
            let outsideCache = { (files: [String: Data]) in files.filter { !$0.key.hasPrefix("/cache/") } }
            #expect(outsideCache(othersAfter) == outsideCache(othersBefore), "files outside the cache changed", sourceLocation: sourceLocation)
        } else {
            #expect(othersAfter == othersBefore, "the cache changed: \(describe(othersBefore, othersAfter))", sourceLocation: sourceLocation)
        }
        let holders = after.filter { path, bytes in
            path.contains(session.token) || (!path.hasPrefix("/credentials/") && bytes.range(of: Data(session.token.utf8)) != nil)
        }
        #expect(holders.isEmpty, "the token is in \(holders.keys.sorted())", sourceLocation: sourceLocation)
    }

    /// Which files appeared, vanished or changed.
    static func describe(_ before: [String: Data], _ after: [String: Data]) -> String {
        let added = Set(after.keys).subtracting(before.keys).sorted()
        let removed = Set(before.keys).subtracting(after.keys).sorted()
        let changed = before.keys.filter { after[$0] != nil && after[$0] != before[$0] }.sorted()
        return "added \(added), removed \(removed), changed \(changed)"
    }

    /// Sentences: runs of text ending in `.`, `!` or `?` followed by white space or the end.
    static func sentenceCount(_ text: String) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var count = 0
        var index = trimmed.startIndex
        while index < trimmed.endIndex {
            let next = trimmed.index(after: index)
            if ".!?".contains(trimmed[index]), next == trimmed.endIndex || trimmed[next].isWhitespace {
                count += 1
            }
            index = next
        }
        if let last = trimmed.last, !".!?".contains(last) { count += 1 }
        return count
    }
}
