public import Foundation

extension UIControl {
    /// A control's state (`UIControl.State`): a button draws the image of `.normal`.
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw bits, as UIKit's.
        public let rawValue: UInt
        /// A state from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The normal state (no bit set).
        public static let normal = State([])
        /// Highlighted (touched).
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
    }
}

/// A button (`UIButton`) that shows its normal-state image centred at the image's size, as a
/// custom-type button with an image and no title does; titles are not drawn.
open class UIButton: UIControl {
    private var images: [UInt: UIImage] = [:]
    private let imageHolder = UIImageView(frame: .zero)

    /// A button with a frame and no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        imageHolder.contentMode = .center
        addSubview(imageHolder)
    }
    /// Not supported.
    public required init?(coder: NSCoder) { return nil }

    /// Sets the image for `state`; the normal one is drawn (nil draws nothing, as a missing asset).
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        if state == .normal { imageHolder.image = image; invalidateIntrinsicContentSize() }
    }

    /// The normal image's size (a custom button with an image and no title); no intrinsic
    /// size without one.
    open override var intrinsicContentSize: CGSize {
        images[UIControl.State.normal.rawValue]?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image set for `state` (the normal one when none was).
    open func image(for state: UIControl.State) -> UIImage? { images[state.rawValue] ?? images[UIControl.State.normal.rawValue] }

    /// The image view fills the button; the image is centred at its own size.
    open override func layoutSubviews() {
        super.layoutSubviews()
        imageHolder.frame = bounds
    }
}
