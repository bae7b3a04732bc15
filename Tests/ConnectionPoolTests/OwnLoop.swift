import SocketEventLoop

/// Runs `body` with an event loop of the test's own, shut down afterwards whatever `body` did,
/// so that no test leaves a thread or descriptors behind.
func withOwnLoop<T>(_ body: (EventLoop) async throws -> T) async rethrows -> T {
    let loop = EventLoop()
    do {
        let result = try await body(loop)
        await loop.shutdown()
        return result
    } catch {
        await loop.shutdown()
        throw error
    }
}
