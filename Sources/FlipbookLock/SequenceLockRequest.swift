package import Flipbook
import FlipbookFiles
import FlipbookFormats
import FlipbookModel
import FlipbookScenes
import Foundation

/// A sequence lock made by another process: FlipbookTesting, compiled without optimisation in
/// a consumer's debug `swift test`, hands a job's drawing to an optimised `flipbook`
/// (`flipbook golden-worker REQUEST`), which makes the same lock, byte for byte, at release speed.
///
/// The request is a folder of two files: the job's transition as a transition file
/// (`TransitionFile.json`, which reads back as the same transition) and `request.json`, the
/// settings that decide the lock besides the transition. The worker writes the lock's text to
/// `lock` in the same folder. Only a job built from a `Transition` value (a recording, a
/// transition built in code) without a gesture is sent, and only when its transition reads back
/// equal: the worker then builds the job from the same values (`RenderSettings(transition:)`),
/// so its lock names images as the test's does (`$RESOURCES/…`). Anything else is drawn in the
/// test's own process.
package struct SequenceLockRequest: Codable, Sendable, Equatable {
    /// The request format both sides speak; a worker refuses any other (`mismatchedProtocol`).
    /// Raise it with any change to the request or to what the worker does with it.
    package static let currentProtocol = 1

    package var protocolVersion: Int
    /// The lock format to write (`SequenceLock.formats`).
    package var format: Int
    /// The folder `Transition.record(resources:)` found the images in (`$RESOURCES`).
    package var resourcesFolderPath: String?
    /// True when the window has no background colour: a transition file writes that as a clear
    /// `background`, which reads back as a colour (a recording's window has none).
    package var windowHasNoBackground: Bool
    /// `RenderSettings.framesPerSecond`, as its bit pattern: a `Double` crosses unrounded.
    package var framesPerSecondBits: UInt64
    /// `RenderSettings.frameRange`'s bounds, inclusive.
    package var firstFrame: Int?, lastFrame: Int?
    package var threads: Int
    package var fontDirectory: String?, fontPath: String?
    /// The manifest folder is one of the lock's roots (`$MANIFEST`).
    package var manifestPath: String
    package var decodedPixelBudget: Int
    package var maxFileBytes: Int

    /// The transition file's name in a request folder.
    package static let transitionFileName = "transition.json"
    /// The request's name in a request folder.
    package static let requestFileName = "request.json"
    /// The lock's name in a request folder, written by the worker.
    package static let lockFileName = "lock"
    /// The file a worker writes the job's error to, as `"\(error)"` describes it.
    package static let errorFileName = "error"

    /// Writes the request for `job`'s lock in `format` into `folder` (which exists), or returns
    /// why the job is drawn in-process instead (nil: written).
    package static func write(job: RenderJob, format: Int, into folder: String) throws -> String? {
        let settings = job.settings
        guard case let .transition(given) = settings.source else {
            return "only a job of a Transition value (a recording) is sent to the worker, not a preset or a transition file"
        }
        guard settings.gesture == nil else { return "a job with a gesture is drawn in-process" }
        // The job's own transition: the settings' timing, device and scale are in it already.
        let transition = job.transition
        let file = URL(fileURLWithPath: folder).appendingPathComponent(transitionFileName).path
        let text = TransitionFile.json(for: transition, relativeTo: folder)
        do {
            guard
                try Self.transition(
                    fileText: text, path: file, resourcesFolderPath: transition.resourcesFolderPath,
                    windowHasNoBackground: transition.window.backgroundColor == nil) == transition
            else {
                return "its transition does not read back from a transition file as the same value"
            }
        } catch {
            return "its transition cannot be written as a transition file (\(error))"
        }
        try OutputFile.write(Array(text.utf8), to: file)
        let request = SequenceLockRequest(
            protocolVersion: currentProtocol, format: format, resourcesFolderPath: given.resourcesFolderPath,
            windowHasNoBackground: transition.window.backgroundColor == nil,
            framesPerSecondBits: settings.framesPerSecond.bitPattern,
            firstFrame: settings.frameRange?.lowerBound, lastFrame: settings.frameRange?.upperBound, threads: settings.threads,
            fontDirectory: settings.sceneFontDirectory, fontPath: settings.labelFontPath, manifestPath: settings.manifestPath,
            decodedPixelBudget: settings.decodedPixelBudget, maxFileBytes: settings.maxFileBytes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try OutputFile.write(
            Array(try encoder.encode(request)), to: URL(fileURLWithPath: folder).appendingPathComponent(requestFileName).path)
        return nil
    }

    /// A transition file's text read back as a transition, with what a transition file does not
    /// hold: the recording's resources folder, a window without a background colour.
    static func transition(fileText: String, path: String, resourcesFolderPath: String?, windowHasNoBackground: Bool) throws -> Transition {
        let file = try TransitionFile(data: Data(fileText.utf8), path: path)
        guard !file.usesPhotos else { throw SequenceLockRequestError.unreadable(path: path, reason: "it refers to manifest photos") }
        var transition = try file.transition(photos: [], options: SceneOptions())
        transition.resourcesFolderPath = resourcesFolderPath
        if windowHasNoBackground { transition.window.backgroundColor = nil }
        return transition
    }

    /// The worker's side: reads the request in `folder`, makes the lock and writes it to `lock`.
    /// - Throws: `SequenceLockRequestError` for a request it cannot read or of another protocol;
    ///   the job's and the lock's own errors as they are (the test reports them as its own).
    package static func run(folder: String) throws {
        let base = URL(fileURLWithPath: folder)
        let requestPath = base.appendingPathComponent(requestFileName).path
        let request: SequenceLockRequest
        do {
            let bytes = try InputFile.read(requestPath, maximumBytes: 1 << 20)
            let version = try JSONDecoder().decode(ProtocolOnly.self, from: Data(bytes)).protocolVersion
            guard version == currentProtocol else {
                throw SequenceLockRequestError.mismatchedProtocol(request: version, worker: currentProtocol)
            }
            request = try JSONDecoder().decode(SequenceLockRequest.self, from: Data(bytes))
        } catch let error as SequenceLockRequestError {
            throw error
        } catch {
            throw SequenceLockRequestError.unreadable(path: requestPath, reason: "\(error)")
        }
        guard SequenceLock.formats.contains(request.format) else {
            throw SequenceLockRequestError.unreadable(
                path: requestPath, reason: "lock format \(request.format) is not one of \(SequenceLock.formats)")
        }
        let filePath = base.appendingPathComponent(transitionFileName).path
        let text = String(decoding: try InputFile.read(filePath, maximumBytes: TransitionFile.maximumBytes), as: UTF8.self)
        var settings = RenderSettings(
            transition: try transition(
                fileText: text, path: filePath, resourcesFolderPath: request.resourcesFolderPath,
                windowHasNoBackground: request.windowHasNoBackground))
        settings.framesPerSecond = Double(bitPattern: request.framesPerSecondBits)
        if let first = request.firstFrame, let last = request.lastFrame, first <= last { settings.frameRange = first...last }
        settings.threads = max(1, request.threads)
        settings.sceneFontDirectory = request.fontDirectory
        settings.labelFontPath = request.fontPath
        settings.manifestPath = request.manifestPath
        settings.decodedPixelBudget = request.decodedPixelBudget
        settings.maxFileBytes = request.maxFileBytes
        let lock = try SequenceLock.make(job: try RenderJob(settings: settings), format: request.format)
        try OutputFile.write(Array(lock.text.utf8), to: base.appendingPathComponent(lockFileName).path)
    }

    /// The one field read before the rest, so another protocol's request is named as such.
    private struct ProtocolOnly: Decodable { var protocolVersion: Int }
}

/// A worker request that cannot be carried out.
package enum SequenceLockRequestError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// The request was written by a FlipbookTesting of another protocol: the worker `flipbook`
    /// was built from another Flipbook.
    case mismatchedProtocol(request: Int, worker: Int)
    /// A request file that is not one.
    case unreadable(path: String, reason: String)

    /// One line naming the problem and what to do.
    package var description: String {
        switch self {
        case let .mismatchedProtocol(request, worker):
            return "the test's FlipbookTesting speaks golden-worker protocol \(request), this flipbook speaks \(worker): "
                + "build the worker from the same Flipbook checkout as the tests (docs/GOLDENS.md, \"Debug builds\")"
        case let .unreadable(path, reason):
            return "\(path): not a golden-worker request: \(reason)"
        }
    }

    package var errorDescription: String? { description }
}
