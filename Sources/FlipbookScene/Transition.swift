import FlipbookGeometry
import FlipbookMotion

/// A photo as scenes see it: the file to draw and its upright size in pixels.
public struct ScenePhoto: Hashable, Sendable {
    /// The image file, named as in the manifest (resolved against the current directory).
    public var source: String
    /// Upright size in pixels; only its aspect ratio matters for layout.
    public var sizePixels: Size

    /// Creates a photo.
    public init(source: String, sizePixels: Size) { self.source = source; self.sizePixels = sizePixels }
}

/// What the user chose about the scene (the command line's scene options).
public struct SceneOptions: Hashable, Sendable {
    /// The screen.
    public var device: Device = .iPhone8
    /// Waterfall columns (at least 2).
    public var columns = 3
    /// The photo tapped (push, present) — 0-based index into the manifest.
    public var selectedIndex = 0
    /// The photo shown last in the detail view when going back (pop, dismiss); nil = the selected one.
    public var returnIndex: Int?
    /// The modal thumbnail grid's scroll offset in points (this app has no return positioning).
    public var scrollPoints: Double = 0

    /// Options with every default.
    public init() {}

    /// The photo the backward transitions return to.
    public var effectiveReturnIndex: Int { returnIndex ?? selectedIndex }
}

/// A transition's picture as a function of progress: the window's layer tree.
public protocol Transition: Sendable {
    /// The window (the whole screen) at `progress` (0 = start, 1 = end; a spring overshoots).
    /// `completed` is true for the final frame, which shows the destination screen as it is
    /// after the transition, without the transition's temporary views.
    func window(progress: Double, completed: Bool) -> Layer
}

/// Invalid scene options; each case names the option.
public enum SceneError: Error, CustomStringConvertible, Equatable {
    /// A photo index outside the manifest.
    case indexOutOfRange(option: String, index: Int, count: Int)
    /// A preset that this build does not render yet.
    case unsupportedPreset(name: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case let .indexOutOfRange(option, index, count):
            return "\(option) \(index) is out of range: the manifest has \(count) photo\(count == 1 ? "" : "s") (0…\(count - 1))"
        case let .unsupportedPreset(name):
            return "preset '\(name)' is not available in this build"
        }
    }
}

/// The built-in transitions, reproducing the reference apps (DESIGN §4).
public enum TransitionPreset: String, CaseIterable, Sendable {
    /// Waterfall grid → detail: the photo flies on a spring while the detail fades in.
    case push
    /// Detail → waterfall grid (return-positioned): the photo flies back, the detail fades out.
    case pop

    /// One line for `flipbook list`: what moves.
    public var summary: String {
        switch self {
        case .push: return "waterfall grid → detail: the photo's snapshot flies from its cell to the aspect-fit detail frame; detail fades in over black"
        case .pop: return "detail → waterfall grid (scrolled to reveal the photo): snapshot flies back onto its cell; detail fades out"
        }
    }

    /// The reference app's timing: UIKit spring, damping 0.6, initial velocity 1.0, 0.7 s.
    public var defaultTiming: Timing {
        switch self {
        case .push, .pop:
            return Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1.0), durationSeconds: 0.7)
        }
    }

    /// Builds the transition for these photos and options.
    /// - Throws: `SceneError` when an index is out of range.
    public func makeTransition(photos: [ScenePhoto], options: SceneOptions) throws -> Transition {
        try check(options.selectedIndex, option: "--select", count: photos.count)
        try check(options.effectiveReturnIndex, option: "--return", count: photos.count)
        let browser = PhotoBrowserScene(photos: photos, device: options.device, columns: options.columns)
        switch self {
        case .push: return PhotoBrowserPush(scene: browser, index: options.selectedIndex)
        case .pop: return PhotoBrowserPop(scene: browser, index: options.effectiveReturnIndex)
        }
    }

    private func check(_ index: Int, option: String, count: Int) throws {
        guard (0..<count).contains(index) else { throw SceneError.indexOutOfRange(option: option, index: index, count: count) }
    }
}
