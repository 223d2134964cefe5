import FlipbookGeometry
import FlipbookModel
import FlipbookText
public import Foundation

/// A view that draws an image (`UIImageView`), fitted as `contentMode` says.
open class UIImageView: UIView {
    /// The image drawn; its point size is the view's intrinsic size.
    open var image: UIImage? { didSet { if image !== oldValue { invalidateIntrinsicContentSize() } } }
    /// Kept for API compatibility.
    open var highlightedImage: UIImage?
    /// Kept for API compatibility.
    open var isHighlighted = false

    /// An image view the size of `image` (zero without one).
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }
    /// An image view with a frame and no image.
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// Not supported.
    public required init?(coder: NSCoder) { return nil }
    /// The image's size.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}

/// Text alignment (`NSTextAlignment`).
public enum NSTextAlignment: Int, Sendable {
    /// Left.
    case left = 0
    /// Centred.
    case center = 1
    /// Right.
    case right = 2
    /// Both edges (drawn natural).
    case justified = 3
    /// By the writing direction (the default).
    case natural = 4
}

/// How lines break and end (`NSLineBreakMode`).
public enum NSLineBreakMode: Int, Sendable {
    /// Words (drawn as word wrapping).
    case byWordWrapping = 0
    /// Characters (drawn as word wrapping).
    case byCharWrapping = 1
    /// Clipped (drawn truncated at the tail).
    case byClipping = 2
    /// "…" at the start (drawn at the tail).
    case byTruncatingHead = 3
    /// "…" at the end (the default).
    case byTruncatingTail = 4
    /// "…" in the middle (drawn at the tail).
    case byTruncatingMiddle = 5
}

/// A label (`UILabel`): text in one or more lines, centred vertically in its bounds as UIKit does.
open class UILabel: UIView {
    /// The text.
    open var text: String? { didSet { if text != oldValue { invalidateIntrinsicContentSize() } } }
    /// The font (17 pt system by default).
    open var font: UIFont! = .systemFont(ofSize: 17) { didSet { invalidateIntrinsicContentSize() } }
    /// The text colour (black by default).
    open var textColor: UIColor! = .black
    /// Alignment (natural by default).
    open var textAlignment: NSTextAlignment = .natural
    /// The most lines, 0 = no limit (1 by default).
    open var numberOfLines = 1 { didSet { if numberOfLines != oldValue { invalidateIntrinsicContentSize() } } }
    /// How lines end (truncating the tail by default).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The width a multi-line label wraps at for its intrinsic size, in points; 0 (the
    /// default): the width Auto Layout gives it.
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } } }
    /// The width the last layout pass gave a multi-line label (its automatic wrap width).
    var automaticMaxLayoutWidth: CGFloat?
    /// Kept for API compatibility.
    open var adjustsFontSizeToFitWidth = false

    /// A label with a frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
    /// Not supported.
    public required init?(coder: NSCoder) { return nil }

    /// The text's size as the text engine sets it (the renderer's default fonts), wrapped at
    /// `preferredMaxLayoutWidth` (or the width Auto Layout gave a multi-line label), rounded up
    /// to pixels; without fonts, an estimate (0.55 em per character, 1.21 em per line).
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return .zero }
        if let measured = measuredIntrinsicSize { return measured }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let widest = lines.map(\.count).max() ?? 0
        return CGSize(
            width: (0.55 * Double(font.pointSize) * Double(widest)).rounded(.up),
            height: (font.lineHeightPoints * Double(numberOfLines == 0 ? lines.count : min(lines.count, numberOfLines))).rounded(.up))
    }
    /// The intrinsic size, no wider than `size.width`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let natural = intrinsicContentSize
        return CGSize(width: size.width > 0 ? min(natural.width, size.width) : natural.width, height: natural.height)
    }

    /// The model's text, laid out in the current bounds: lines wrap in the bounds' width and are
    /// centred vertically (an estimate of the line count with the same proportions as
    /// `intrinsicContentSize`).
    var textContent: TextContent? {
        guard let text, !text.isEmpty else { return nil }
        let width = Double(bounds.width)
        let alignment: TextAlignment
        switch textAlignment {
        case .left: alignment = .leading
        case .center: alignment = .centered(widthPoints: width)
        case .right: alignment = .trailing(widthPoints: width)
        case .justified, .natural: alignment = .natural
        }
        let baseline: Double
        if let measured = measuredText(maxWidthPoints: width > 0 && numberOfLines != 1 ? width : nil), let first = measured.lines.first {
            // The text engine's block, centred vertically.
            baseline = (Double(bounds.height) - measured.heightPoints) / 2 + first.baselinePoints
        } else {
            let estimatedWidth = 0.55 * Double(font.pointSize) * Double(text.count)
            var lines = numberOfLines == 1 || width <= 0 ? 1.0 : max(1, (estimatedWidth / width).rounded(.up))
            if numberOfLines > 0 { lines = min(lines, Double(numberOfLines)) }
            let height = font.lineHeightPoints * lines
            baseline = (Double(bounds.height) - height) / 2 + font.ascenderPoints
        }
        let breakMode: TextLayout.LineBreakMode =
            lineBreakMode == .byWordWrapping || lineBreakMode == .byCharWrapping ? .wordWrap : .truncateTail
        let color = (textColor ?? .black).straightColor
        return TextContent(
            string: text, sizePoints: Double(font.pointSize), weight: font.modelWeight,
            baselineOrigin: .init(x: 0, y: baseline), color: color, alignment: alignment,
            maxWidthPoints: width > 0 ? width : nil, numberOfLines: numberOfLines, lineBreakMode: breakMode)
    }
}

/// The app's window (`UIWindow`): the root of the recorded view tree.
open class UIWindow: UIView {
    /// The root view controller; setting it puts its view in the window, filling it.
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let controller = rootViewController else { return }
            controller.view.frame = bounds
            addSubview(controller.view)
            if isKeyWindow { controller.appear(false) }
        }
    }
    /// True after `makeKeyAndVisible()`.
    open private(set) var isKeyWindow = false
    /// Kept for API compatibility.
    open var windowLevel: CGFloat = 0

    /// A window with a frame.
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// Not supported.
    public required init?(coder: NSCoder) { return nil }
    /// Makes the window key.
    open func makeKeyAndVisible() {
        let wasKey = isKeyWindow
        isKeyWindow = true; isHidden = false
        if !wasKey { rootViewController?.appear(false) }
    }
    /// Makes the window key.
    open func makeKey() { isKeyWindow = true }
}

/// The screen (`UIScreen`): the recording's device.
@MainActor
open class UIScreen: NSObject {
    let device: Device
    init(device: Device) { self.device = device }
    /// The screen of the current recording (an iPhone 8 outside one).
    open class var main: UIScreen { UIScreen(device: Recorder.current?.device ?? .iPhone8) }
    /// The screen's bounds in points.
    open var bounds: CGRect { CGRect(x: 0, y: 0, width: device.width, height: device.height) }
    /// Device pixels per point.
    open var scale: CGFloat { CGFloat(device.scale) }
    /// Device pixels per point.
    open var nativeScale: CGFloat { CGFloat(device.scale) }
}

/// The app (`UIApplication`): gives the recording's window.
open class UIApplication: UIResponder {
    /// The app object.
    open class var shared: UIApplication { UIApplication() }
    /// The recording's window (nil outside a recording).
    open var keyWindow: UIWindow? { Recorder.current?.window }
    /// The recording's window.
    open var windows: [UIWindow] { Recorder.current?.window.map { [$0] } ?? [] }
    /// Kept for API compatibility.
    open func beginIgnoringInteractionEvents() {}
    /// Kept for API compatibility.
    open func endIgnoringInteractionEvents() {}
}
