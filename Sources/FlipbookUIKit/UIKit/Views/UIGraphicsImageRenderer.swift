public import Foundation

// Drawing views into images. A recording records views, not pixels, so an image drawn from one
// view (`view.layer.render(in:)` or `view.drawHierarchy(in:afterScreenUpdates:)` inside an image
// renderer or image context) becomes an image that shows that view as it was then: an image
// view showing it is drawn as a snapshot of the view, as `snapshotView(afterScreenUpdates:)` is.
// Anything else drawn into an image (two views, a file's image, a layer of no view) fails the
// recording with `RecordingError.unsupported`, naming the call's file and line.

/// What is drawn into one open image context. `@unchecked Sendable` (so `CGContext` and the
/// images made from it can be, as Apple's are): the compiler cannot see that `views` and
/// `unsupported` are appended to only on the main actor, inside the drawing block or between
/// `UIGraphicsBeginImageContext` and its end.
final class ImageDrawing: @unchecked Sendable {
    let size: CGSize
    /// The views drawn, in order.
    var views: [UIView] = []
    /// Drawing calls that cannot be recorded, by name.
    var unsupported: [String] = []
    init(size: CGSize) { self.size = size }

    /// The image this drawing makes; `api`, `file`, `line` name the call that asked for it when
    /// the drawing cannot be recorded (the recording then fails).
    func image(api: String, file: StaticString, line: UInt) -> UIImage {
        let problem = unsupported.first ?? (views.count > 1 ? "drawing \(views.count) views into one image" : nil)
        if let problem {
            _ = Recorder.inRecording {
                $0.fail(.unsupported(api: "\(api) with \(problem)", calledAt: "\(file):\(line)", advice: imageSnapshotAdvice))
            }
            return UIImage(emptyOfSize: size, scale: 1)
        }
        guard let view = views.first else { return UIImage(emptyOfSize: size, scale: 1) }
        let moment = MainActor.assumeIsolated { Recorder.current?.momentCount ?? 0 }
        return UIImage(emptyOfSize: size, scale: 1, source: SnapshotSource(view: view, takenAtMoment: moment))
    }
}

/// What every refused drawing advises.
let imageSnapshotAdvice =
    "draw one view into the image (its layer's render(in:) or drawHierarchy), "
    + "or take a snapshot view instead (view.snapshotView(afterScreenUpdates:)) and animate that view"

/// The image contexts open (renderers' and `UIGraphicsBeginImageContextWithOptions`'s),
/// innermost last. Drawing happens on the main thread, as UIKit code does.
nonisolated(unsafe) private var openImageDrawings: [ImageDrawing] = []

/// A Core Graphics drawing context: what is drawn into it is kept for the image it makes.
public final class CGContext: Sendable {
    let drawing: ImageDrawing
    init(drawing: ImageDrawing) { self.drawing = drawing }
}

/// Options of an image renderer (kept). Sendable, as UIKit's is; `@unchecked` because the
/// compiler cannot see that its two `var`s are set only on the main actor, before drawing.
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
public final class UIGraphicsImageRendererContext: Sendable {
    /// The drawing context.
    public let cgContext: CGContext
    init(drawing: ImageDrawing) { cgContext = CGContext(drawing: drawing) }
    /// The image drawn so far.
    public var currentImage: UIImage { cgContext.drawing.image(api: "currentImage", file: #fileID, line: #line) }
}

/// Draws into an image (`UIGraphicsImageRenderer`): see above for what an image can show.
/// Sendable, as UIKit's is; `@unchecked` only because `NSObject` is not: every stored property
/// is a `let` of a Sendable type.
open class UIGraphicsImageRenderer: NSObject, @unchecked Sendable {
    private let size: CGSize

    /// A renderer of images `size` points large.
    public init(size: CGSize, format: UIGraphicsImageRendererFormat = .default()) { self.size = size }
    /// A renderer of images of `bounds`' size.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) { size = bounds.size }

    /// Runs `actions` and returns the image they drew.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void, file: StaticString = #fileID, line: UInt = #line) -> UIImage {
        let drawing = ImageDrawing(size: size)
        openImageDrawings.append(drawing)
        actions(UIGraphicsImageRendererContext(drawing: drawing))
        openImageDrawings.removeAll { $0 === drawing }
        return drawing.image(api: "UIGraphicsImageRenderer.image(actions:)", file: file, line: line)
    }
}

/// Opens an image context `size` points large.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    openImageDrawings.append(ImageDrawing(size: size))
}

/// Opens an image context `size` points large.
public func UIGraphicsBeginImageContext(_ size: CGSize) { openImageDrawings.append(ImageDrawing(size: size)) }

/// The open image context's image (nil when none is open).
public func UIGraphicsGetImageFromCurrentImageContext(file: StaticString = #fileID, line: UInt = #line) -> UIImage? {
    openImageDrawings.last?.image(api: "UIGraphicsGetImageFromCurrentImageContext", file: file, line: line)
}

/// The open image context's drawing context (nil when none is open).
public func UIGraphicsGetCurrentContext() -> CGContext? { openImageDrawings.last.map(CGContext.init) }

/// Closes the innermost image context.
public func UIGraphicsEndImageContext() { _ = openImageDrawings.popLast() }

/// Adds `view` to what the current image context shows; false when none is open.
func drawIntoCurrentImage(_ view: UIView) -> Bool {
    guard let drawing = openImageDrawings.last else { return false }
    drawing.views.append(view)
    return true
}

extension CALayer {
    /// Draws the layer into `context`: the image shows the layer's view (a layer of no view
    /// cannot be recorded).
    public func render(in context: CGContext) {
        if let view = owner {
            context.drawing.views.append(view)
        } else {
            context.drawing.unsupported.append("CALayer.render(in:) of a layer of no view")
        }
    }
}

extension UIImage {
    /// Draws the image into the current image context: an image of a view draws that view;
    /// a file's image cannot be recorded there.
    public func draw(in rect: CGRect) {
        guard let drawing = openImageDrawings.last else { return }
        if let source = snapshotSource {
            drawing.views.append(source.view)
        } else if !path.isEmpty {
            drawing.unsupported.append("UIImage.draw of \(path)")
        }
    }
    /// Draws the image at `point` (as `draw(in:)`).
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}
