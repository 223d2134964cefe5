import Flipbook
import FlipbookFiles
import FlipbookLock
import Foundation

/// `flipbook golden-worker FOLDER`: makes the sequence lock a test's FlipbookTesting asks for
/// (`SequenceLockRequest`), at this build's speed. Not a user's command, so not in `commands`:
/// FlipbookTesting runs it when `FLIPBOOK_WORKER` names this executable (docs/GOLDENS.md).
///
/// Exit status: 0 the lock is written; 1 the job or the lock failed, and the folder's `error`
/// file holds the error exactly as the test's own process would have described it (the test
/// reports it as its own; standard error may hold a library's chatter too); 2 the request is of another protocol or unreadable (standard error says which);
/// 64 no folder given.
enum GoldenWorker {
    static let usage = "usage: flipbook golden-worker FOLDER (run by FlipbookTesting, docs/GOLDENS.md)"

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else {
            printError(usage)
            return ExitCode.usage
        }
        do {
            try SequenceLockRequest.run(folder: arguments[0])
            return ExitCode.success
        } catch let error as SequenceLockRequestError {
            printError("\(error)")
            return 2
        } catch {
            let text = "\(error)"
            printError(text)
            let file = URL(fileURLWithPath: arguments[0]).appendingPathComponent(SequenceLockRequest.errorFileName).path
            guard (try? OutputFile.write(Array(text.utf8), to: file)) != nil else { return 2 }
            return 1
        }
    }
}
