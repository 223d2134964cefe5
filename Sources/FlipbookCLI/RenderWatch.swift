import Flipbook
import FlipbookRender
import FlipbookSupport
import Foundation

/// `flipbook render … --watch`: renders, then re-renders whenever a file the render read changes
/// (the transition file, the photo and cards manifests, the gesture file, every image a frame
/// draws), until Ctrl-C. A round that fails prints its one-line error and the loop keeps
/// watching; its output is left as the last good round wrote it (every output is replaced
/// atomically). The fonts are loaded once, each photo decoded again only when its file changed.
final class RenderWatch {
    /// The round being rendered, from 1.
    private(set) var round = 0
    /// The last job's fonts, given to the next.
    var fonts: RenderFonts?
    /// Decoded photos, kept between rounds: a photo is decoded again only when its file changed.
    let decodedImages = DecodedImageCache()
    /// The files the last job that got as far as reading its inputs read.
    var inputFiles: Set<String> = []

    /// How often the files are checked: a re-render starts within a third of a second of a save,
    /// and 3 `stat` calls a second per file cost nothing.
    static let pollSeconds = 0.3

    /// The environment variable that, like the hidden `--watch-rounds N`, ends the loop after N
    /// rounds (for tests and scripts).
    static let roundsVariable = "FLIPBOOK_WATCH_ROUNDS"

    /// Runs the loop; returns only after `--watch-rounds` rounds (the last round's status).
    /// A signal ends it through `Termination` (Ctrl-C: exit 130, SIGTERM: 143), removing a
    /// half-written output.
    static func run(_ arguments: Arguments) throws -> Int32 {
        for option in ["print-ranges", "shards"] where arguments.given(option) {
            throw UsageError("--watch re-renders; --\(option) renders nothing")
        }
        var limit = try arguments.int("watch-rounds", in: 1...1_000_000)
        if limit == nil, let text = ProcessInfo.processInfo.environment[roundsVariable] {
            guard let rounds = Int(text), rounds >= 1 else {
                throw UsageError("\(roundsVariable) must be a whole number of rounds, 1 or more, not \(InputText.singleQuoted(text))")
            }
            limit = rounds
        }
        let watch = RenderWatch()
        let named = Set(SceneArguments.fileOptionNames.compactMap { arguments.string($0) })
        while true {
            watch.round += 1
            let before = named.union(watch.inputFiles).reduce(into: [String: FileStamp]()) { $0[$1] = FileStamp(path: $1) }
            var status = ExitCode.success
            do {
                status = try RenderCommand.render(arguments, watch: watch)
            } catch let error as UsageError where watch.round == 1 {
                throw error // the command line itself is wrong: editing a file will not fix it
            } catch let error as InapplicableOption where watch.round == 1 {
                throw error
            } catch {
                printError("error: \(SettingFlags.describe(error))")
                status = ExitCode.failure
            }
            fflush(nil) // every output stream; naming the `stdout` global is not concurrency-safe
            if let limit, watch.round >= limit { return status }
            // A file read before keeps its stamp from before the round, so a save during the
            // render starts the next round at once; a file first read this round is stamped now.
            var stamps: [String: FileStamp] = [:]
            for file in named.union(watch.inputFiles) { stamps[file] = before[file] ?? FileStamp(path: file) }
            if watch.round == 1 {
                printError(
                    "watching \(stamps.count) file\(stamps.count == 1 ? "" : "s") (the transition, manifests, gesture and images); "
                        + "saving one renders again; Ctrl-C ends")
            }
            while stamps.allSatisfy({ FileStamp(path: $0.key) == $0.value }) {
                Thread.sleep(forTimeInterval: pollSeconds)
            }
        }
    }
}

/// What `stat` says of a file, to notice a save: size, modification time to the nanosecond, and
/// the inode (an editor that saves by renaming a new file into place); all -1 for a missing file.
struct FileStamp: Equatable {
    var size: Int64 = -1, seconds: Int = -1, nanoseconds: Int = -1, inode: UInt64 = 0

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        size = Int64(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
