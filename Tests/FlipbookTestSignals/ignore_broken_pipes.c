#include <signal.h>
#include "FlipbookTestSignals.h"

static int broken_pipes_ignored = 0;

// A constructor, not a Swift helper: it runs when the test bundle is loaded, whatever test a
// filter selects and before any test starts a process (Swift globals are initialised lazily, on
// first use). SIGPIPE's default action would end the test process the first time anything in it
// — a test, a helper, the library under test, XCTest's own output — writes to a pipe whose reader
// has gone; ignored, that write fails with EPIPE and the test that made it reports it.
__attribute__((constructor)) static void flipbook_test_ignore_broken_pipes(void) {
    broken_pipes_ignored = signal(SIGPIPE, SIG_IGN) != SIG_ERR;
}

int flipbook_test_broken_pipes_ignored(void) {
    return broken_pipes_ignored;
}
