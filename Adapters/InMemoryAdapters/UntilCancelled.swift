/// Suspends the current task until it is cancelled: how an in-memory live feed stays
/// connected while its consumer iterates.
func untilCancelled() async {
    let (never, end) = AsyncStream.makeStream(of: Void.self)
    await withTaskCancellationHandler {
        for await _ in never {}
    } onCancel: {
        end.finish()
    }
}
