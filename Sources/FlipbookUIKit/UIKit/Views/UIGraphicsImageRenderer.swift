import Foundation

// Drawing views into images. A recording records views, not pixels: an image drawn from a view
// would have to be rendered while recording, which Flipbook does only after it. So these calls
// fail the recording with `RecordingError.unsupported`, naming the call and its file and line,
// and advising `snapshotView(afterScreenUpdates:)`, which gives the same picture as a view.

/// What every refused drawing call advises.
let imageSnapshotAdvice = "take a snapshot view instead (view.snapshotView(afterScreenUpdates:)), which draws the view as it is, "
    + "and animate that view where the code animates an image view showing the image"

/// Fails the recording in progress (if any) for `api` called at `file`:`line`.
func refuseDrawing(_ api: String, file: StaticString, line: UInt) {
    _ = Recorder.inRecording { $0.fail(.unsupported(api: api, calledAt: "\(file):\(line)", advice: imageSnapshotAdvice)) }
}

/// A Core Graphics drawing context (opaque: nothing draws into it here).
public final class CGContext: @unchecked Sendable {
    init() {}
}

/// Options of an image renderer (kept).
public final class UIGraphicsImageRendererFormat: @unchecked Sendable {
    /// Pixels per point (the screen's by default).
    public var scale: CGFloat = 0
    /// Whether the image is opaque.
    public var opaque = false
    /// A format with the defaults.
    public init() {}
    /// A format with the defaults.
    public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context an image renderer's drawing block gets.
public final class UIGraphicsImageRendererContext: @unchecked Sendable {
    /// The drawing context.
    public let cgContext = CGContext()
    let size: CGSize
    init(size: CGSize) { self.size = size }
    /// The image drawn so far: an empty image of the renderer's size.
    public var currentImage: UIImage { UIImage(emptyOfSize: size, scale: 1) }
}

/// Draws into an image (`UIGraphicsImageRenderer`): refused in a recording, naming the call's file
/// and line (see above); outside one its images are empty.
open class UIGraphicsImageRenderer: NSObject, @unchecked Sendable {
    private let size: CGSize
    private let format: UIGraphicsImageRendererFormat

    /// A renderer of images `size` points large.
    public init(size: CGSize, format: UIGraphicsImageRendererFormat = .default()) { self.size = size; self.format = format }
    /// A renderer of images of `bounds`' size.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) { size = bounds.size; self.format = format }

    /// Runs `actions` and returns the image: refused in a recording.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void, file: StaticString = #fileID, line: UInt = #line) -> UIImage {
        refuseDrawing("UIGraphicsImageRenderer.image(actions:)", file: file, line: line)
        let context = UIGraphicsImageRendererContext(size: size)
        actions(context)
        return context.currentImage
    }
}

/// The image contexts `UIGraphicsBeginImageContextWithOptions` opened, innermost last.
nonisolated(unsafe) private var openImageContextSizes: [CGSize] = []

/// Opens an image context: refused in a recording (see above).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat,
                                                   file: StaticString = #fileID, line: UInt = #line) {
    refuseDrawing("UIGraphicsBeginImageContextWithOptions", file: file, line: line)
    openImageContextSizes.append(size)
}

/// Opens an image context: refused in a recording (see above).
public func UIGraphicsBeginImageContext(_ size: CGSize, file: StaticString = #fileID, line: UInt = #line) {
    refuseDrawing("UIGraphicsBeginImageContext", file: file, line: line)
    openImageContextSizes.append(size)
}

/// The open image context's image: an empty image of its size (nil when none is open).
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    openImageContextSizes.last.map { UIImage(emptyOfSize: $0, scale: 1) }
}

/// The open image context's drawing context (nil when none is open).
public func UIGraphicsGetCurrentContext() -> CGContext? { openImageContextSizes.isEmpty ? nil : CGContext() }

/// Closes the innermost image context.
public func UIGraphicsEndImageContext() { _ = openImageContextSizes.popLast() }

extension UIView {
    /// Draws the view into the current image context: refused in a recording (see above).
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool, file: StaticString = #fileID, line: UInt = #line) -> Bool {
        refuseDrawing("drawHierarchy(in:afterScreenUpdates:)", file: file, line: line)
        return false
    }
}

extension CALayer {
    /// Draws the layer into `context`: refused in a recording (see above).
    public func render(in context: CGContext, file: StaticString = #fileID, line: UInt = #line) {
        refuseDrawing("CALayer.render(in:)", file: file, line: line)
    }
}

extension UIImage {
    /// Draws the image into the current image context (nothing is drawn: image contexts are
    /// refused in a recording).
    public func draw(in rect: CGRect) {}
    /// Draws the image at `point` into the current image context (as `draw(in:)`).
    public func draw(at point: CGPoint) {}
}
