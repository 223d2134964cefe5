import Foundation

/// A control (`UIControl`): its state and the target–action pairs it keeps. There are no touches
/// in a recording, so actions are kept, never sent.
open class UIControl: UIView {
    /// A control's state (`UIControl.State`).
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates a state from raw bits.
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

    /// The events a control sends actions for (`UIControl.Event`).
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates an event mask from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch lifted inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
    }

    /// Kept.
    open var isEnabled = true
    /// Kept.
    open var isSelected = false
    /// Kept.
    open var isHighlighted = false
    /// The target–action pairs added, with their events (kept, never sent).
    private(set) var actions: [(target: AnyObject?, action: Selector, events: Event)] = []

    /// Keeps `action` of `target` for `events` (nothing sends it: a recording has no touches).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        actions.append((target as AnyObject?, action, controlEvents))
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
        if state == .normal { imageHolder.image = image }
    }

    /// The image set for `state` (the normal one when none was).
    open func image(for state: UIControl.State) -> UIImage? { images[state.rawValue] ?? images[UIControl.State.normal.rawValue] }

    /// The image view fills the button; the image is centred at its own size.
    open override func layoutSubviews() {
        super.layoutSubviews()
        imageHolder.frame = bounds
    }
}
