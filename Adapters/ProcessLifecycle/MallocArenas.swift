#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator tuned for a short-lived command.
package enum MallocArenas {
    /// Makes every thread allocate from the main heap, before any thread but the main one runs.
    ///
    /// By default glibc gives each new thread that allocates an arena of its own (a 64 MiB
    /// reservation grown page by page with `mprotect`): a network command's threads (Swift's
    /// executor, the request's thread, OpenSSL's set-up) made about 95 `mprotect` calls and 60
    /// more page faults for it. One arena, grown with `brk` in 128 KiB steps, is enough for a
    /// process that lives a few milliseconds. `mallopt` is looked up at run time (Glibc's module
    /// does not export `malloc.h`); nothing changes when it is missing.
    package static func useOne() {
        #if canImport(Glibc)
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }  // nil: RTLD_DEFAULT
        _ = unsafeBitCast(symbol, to: MallocOption.self)(-8 /* M_ARENA_MAX */, 1)
        #endif
    }
}
