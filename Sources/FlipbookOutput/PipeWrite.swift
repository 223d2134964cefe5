#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a pipe whose reader may be gone (a crashed ffmpeg) without the SIGPIPE that would
/// end the process: the signal is the caller's business, so the library changes no process-wide
/// disposition (the `flipbook` command ignores SIGPIPE itself, at start-up).
enum PipeWrite {
    /// `write(2)` of `count` bytes from `bytes` to `fd`; a closed reader shows as -1 with `errno`
    /// EPIPE (or as a short count, when it closed mid-write), never as a signal. On Linux SIGPIPE
    /// is blocked for this thread during the write and a SIGPIPE the write raised is taken off the
    /// pending set before the mask is restored (a write on a pipe raises it for the writing
    /// thread); on Darwin the descriptor is marked `F_SETNOSIGPIPE`.
    static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            var pipeSignal = sigset_t(), previous = sigset_t(), pending = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            sigpending(&pending)
            let wasPending = sigismember(&pending, SIGPIPE) == 1
            let written = Glibc.write(fd, bytes, count)
            let writeError = errno
            // Not only on -1/EPIPE: a reader that closes while a large write waits for room makes the
            // write return the bytes it did copy, and the kernel raises SIGPIPE all the same.
            sigpending(&pending)
            if !wasPending, sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            errno = writeError
            return written
        #else
            _ = fcntl(fd, F_SETNOSIGPIPE, 1)
            return Darwin.write(fd, bytes, count)
        #endif
    }
}
