public import Foundation

/// A switch (`UISwitch`), drawn as iOS 13 and later draw it: a 51 × 31 pt capsule track, the off
/// track light grey, the on track `onTintColor` (green by default), and a 27 pt white thumb with
/// a soft shadow, 2 pt inside the track, on the left when off and on the right when on. A
/// recording's tap toggles it with an animation and sends `.valueChanged`.
open class UISwitch: UIControl {
    /// The switch's fixed size, in points: Apple's documentation of `UISwitch.init(frame:)` says
    /// the rectangle's size is ignored; 51 × 31 pt is the size UIKit's switch reports
    /// (`intrinsicContentSize`, `sizeThatFits`) since iOS 7.
    static let sizePoints = CGSize(width: 51, height: 31)
    /// How far the thumb sits inside the track on every side, in points (a 27 pt thumb in the
    /// 31 pt track, from iOS 13+ screenshots at @1x).
    static let thumbInsetPoints: CGFloat = 2
    /// How long `setOn(_:animated: true)` and a tap take to move the thumb, in seconds. Apple does
    /// not publish the switch's; Core Animation's default duration (0.25 s,
    /// `CATransaction.animationDuration()`) is used.
    static let toggleDurationSeconds: TimeInterval = 0.25

    /// Whether the switch is on; setting it moves the thumb at once and sends no action.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    /// The on track's colour; nil draws `UIColor.systemGreen`, as UIKit.
    open var onTintColor: UIColor? { didSet { applyState() } }
    /// The thumb's colour; nil draws white, as UIKit.
    open var thumbTintColor: UIColor? { didSet { applyState() } }
    /// Kept: iOS 13+ draws no off-state outline, so the colour of one is not used.
    open var offTintColor: UIColor?

    private var on = false
    private let track = ControlPartView(color: .controlOffTrack, cornerRadiusPoints: UISwitch.sizePoints.height / 2)
    private let thumb = ControlPartView(color: .white, cornerRadiusPoints: UISwitch.sizePoints.height / 2 - UISwitch.thumbInsetPoints)

    /// A switch at `frame`'s origin, off; the size is always `sizePoints`, as UIKit.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.sizePoints))
        thumb.addThumbShadow()
        addSubview(track)
        addSubview(thumb)
        applyState()
    }
    /// Not supported.
    public required init?(coder: NSCoder) { nil }

    /// The frame keeps the switch's fixed size whatever size is set (UIKit ignores it too).
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UISwitch.sizePoints) }
    }

    /// 51 × 31 pt.
    open override var intrinsicContentSize: CGSize { UISwitch.sizePoints }

    /// Turns the switch on or off, moving the thumb and changing the track's colour over
    /// `toggleDurationSeconds` when `animated`; sends no action (UIKit sends `.valueChanged` only
    /// for the user's touch).
    open func setOn(_ on: Bool, animated: Bool) {
        self.on = on
        if animated {
            UIView.animate(
                withDuration: UISwitch.toggleDurationSeconds, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState],
                animations: { self.applyState() })
        } else {
            applyState()
        }
    }

    /// A tap flips the switch (animated), then sends `.valueChanged` and `.touchUpInside`.
    package override func fingerTapped(at point: CGPoint) {
        sendActions(for: .touchDown)
        setOn(!on, animated: true)
        sendActions(for: .valueChanged)
        sendActions(for: .touchUpInside)
    }

    /// The thumb's frame for the current value, in the switch's coordinates.
    var thumbFrame: CGRect {
        let inset = UISwitch.thumbInsetPoints, diameter = UISwitch.sizePoints.height - 2 * inset
        return CGRect(x: on ? UISwitch.sizePoints.width - inset - diameter : inset, y: inset, width: diameter, height: diameter)
    }

    private func applyState() {
        track.frame = CGRect(origin: .zero, size: UISwitch.sizePoints)
        track.backgroundColor = on ? (onTintColor ?? .systemGreen) : .controlOffTrack
        thumb.frame = thumbFrame
        thumb.backgroundColor = thumbTintColor ?? .white
    }
}
