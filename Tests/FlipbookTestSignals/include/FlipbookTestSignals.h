#ifndef FLIPBOOK_TEST_SIGNALS_H
#define FLIPBOOK_TEST_SIGNALS_H

/// 1 when the test bundle set SIGPIPE to be ignored as it was loaded, before any test ran: a
/// child process that exits before reading what a test writes to it makes that write fail with
/// EPIPE instead of ending the whole test process. The test targets that start processes depend
/// on this target; linking it is what runs the constructor.
int flipbook_test_broken_pipes_ignored(void);

#endif
