public import FlipbookGeometry
public import FlipbookRender
import FlipbookSamples
import FlipbookScenes
public import Foundation

/// Render-level mistakes; each names the setting (`SettingField`: the command line names its option).
public enum RenderError: SettingNamingError, Equatable {
    /// `RenderSettings.frameRange` outside the sequence.
    case frameRangeOutOfBounds(range: ClosedRange<Int>, frameCount: Int)
    /// A frame index (`displayList(frameIndex:)`) outside the sequence.
    case frameOutOfBounds(index: Int, frameCount: Int)
    /// An output that cannot be made as asked (e.g. a sheet whose extension is not an image
    /// format); file-system failures are `FileError`s.
    case output(path: String, reason: String)
    /// A gesture given to a preset a finger does not drive (a forward transition).
    case gestureNotAccepted(preset: String)
    /// The transition's name is not a plain file name (`OutputName.problem(with:)` says why).
    case transitionName(problem: String)

    /// A one-line explanation; `message` keeps its settings apart.
    public var message: SettingText {
        switch self {
        case let .frameRangeOutOfBounds(range, count):
            return
                "\(field: .frameRange) \(range.lowerBound)-\(range.upperBound) is outside the sequence: it has \(count) frames (0-\(count - 1))"
        case let .frameOutOfBounds(index, count):
            return "\(field: .frameIndex) \(index) is outside the sequence: it has \(count) frames (0-\(count - 1))"
        case let .output(path, reason):
            return "\(path): cannot write the output: \(reason)"
        case let .transitionName(problem):
            return "the transition's name must be a plain file name (it names the outputs, e.g. Output/NAME), but \(problem)"
        case let .gestureNotAccepted(preset):
            return "\(preset) is not driven by a finger: a gesture (\(field: .gesture)) drives the transitions going back and page ("
                + "\(TransitionPreset.gesturePresetNames)) and transition files"
        }
    }
}

extension RenderError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}

/// What a job throws when its images would need more decoded pixels than
/// `RenderSettings.decodedPixelBudget` (the renderer's type, named here so that `import Flipbook`
/// can catch it and read the files it lists).
public typealias ImageStoreError = FlipbookRender.ImageStoreError
/// One image's planned decode (file and decoded size, pixels with the pyramid), as
/// `ImageStoreError.overBudget` lists the largest.
public typealias PlannedDecode = FlipbookRender.PlannedDecode
