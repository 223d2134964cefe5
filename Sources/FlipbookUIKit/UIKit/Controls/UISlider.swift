public import Foundation

/// A slider (`UISlider`), drawn as iOS 13 and later draw it: a 4 pt rounded track across the
/// bounds' middle, tinted (`minimumTrackTintColor`, the tint colour by default) left of the thumb
/// and light grey right of it, and a 28 pt white round thumb with a soft shadow whose centre runs
/// from 14 pt to width − 14 pt. A recording's drag that starts on the thumb moves it by the
/// finger's horizontal translation, sending `.valueChanged` as it goes (at the end only when
/// `isContinuous` is false).
open class UISlider: UIControl {
    /// The thumb's diameter, in points (UIKit's default thumb image since iOS 7: 28 × 28 pt).
    static let thumbDiameterPoints: CGFloat = 28
    /// The track's thickness, in points (4 pt since iOS 13; 2 pt before).
    static let trackHeightPoints: CGFloat = 4
    /// The smallest touch area of the thumb, in points: Apple's Human Interface Guidelines' minimum
    /// hit target (44 × 44 pt), centred on the thumb.
    static let thumbTouchAreaPoints: CGFloat = 44
    /// How long `setValue(_:animated: true)` takes, in seconds. Apple does not publish it; Core
    /// Animation's default duration (0.25 s) is used.
    static let animationDurationSeconds: TimeInterval = 0.25

    /// The value, within `minimumValue...maximumValue` (clamped when set); setting it moves the
    /// thumb at once and sends no action.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    /// The value at the left end (default 0).
    open var minimumValue: Float = 0 { didSet { setValue(storedValue, animated: false) } }
    /// The value at the right end (default 1).
    open var maximumValue: Float = 1 { didSet { setValue(storedValue, animated: false) } }
    /// Whether a drag sends `.valueChanged` at every move (true) or only at the lift (false).
    open var isContinuous = true
    /// The track left of the thumb; nil draws the tint colour (`systemBlue`), as UIKit.
    open var minimumTrackTintColor: UIColor? { didSet { applyValue() } }
    /// The track right of the thumb; nil draws `systemFill`'s light grey, as UIKit.
    open var maximumTrackTintColor: UIColor? { didSet { applyValue() } }
    /// The thumb; nil draws white, as UIKit.
    open var thumbTintColor: UIColor? { didSet { applyValue() } }

    private var storedValue: Float = 0
    private var dragStart: (value: Float, x: CGFloat)?
    private let maximumTrack = ControlPartView(color: .systemFill, cornerRadiusPoints: UISlider.trackHeightPoints / 2)
    private let minimumTrack = ControlPartView(color: .systemBlue, cornerRadiusPoints: UISlider.trackHeightPoints / 2)
    private let thumb = ControlPartView(color: .white, cornerRadiusPoints: UISlider.thumbDiameterPoints / 2)

    /// A slider at `frame`, value 0 of 0...1.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        thumb.addThumbShadow()
        addSubview(maximumTrack)
        addSubview(minimumTrack)
        addSubview(thumb)
        applyValue()
    }
    /// Not supported.
    public required init?(coder: NSCoder) { nil }

    /// Width: none (set a frame or constraints); height: the thumb's.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UISlider.thumbDiameterPoints) }

    /// Sets the value (clamped); `animated` moves the thumb over `animationDurationSeconds`.
    open func setValue(_ value: Float, animated: Bool) {
        let low = min(minimumValue, maximumValue), high = max(minimumValue, maximumValue)
        storedValue = value.isNaN ? low : min(max(value, low), high)
        if animated {
            UIView.animate(withDuration: UISlider.animationDurationSeconds) { self.applyValue() }
        } else {
            applyValue()
        }
    }

    /// Lays the tracks and thumb out for the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        applyValue()
    }

    /// The thumb's frame for the value, in the slider's coordinates.
    var thumbFrame: CGRect {
        let diameter = UISlider.thumbDiameterPoints, travel = max(0, bounds.width - diameter)
        return CGRect(x: travel * CGFloat(fraction), y: (bounds.height - diameter) / 2, width: diameter, height: diameter)
    }

    /// Where the value lies between the ends, 0...1 (0 when they are equal).
    private var fraction: Float {
        let span = maximumValue - minimumValue
        return span == 0 ? 0 : (storedValue - minimumValue) / span
    }

    /// A drag is the slider's when it goes down on the thumb's touch area.
    package override func tracksDrag(startingAt point: CGPoint) -> Bool {
        let thumb = thumbFrame, grow = max(0, (UISlider.thumbTouchAreaPoints - UISlider.thumbDiameterPoints) / 2)
        return isEnabled && thumb.insetBy(dx: -grow, dy: -grow).contains(point)
    }

    /// Moves the value by the finger's horizontal travel over the thumb's range of travel.
    package override func fingerDragged(_ phase: UIGestureRecognizer.State, at point: CGPoint) {
        switch phase {
        case .began:
            dragStart = (storedValue, point.x)
            isHighlighted = true
            sendActions(for: .touchDown)
        case .changed, .ended:
            guard let start = dragStart else { return }
            let travel = bounds.width - UISlider.thumbDiameterPoints
            let previous = storedValue
            if travel > 0 {
                setValue(start.value + Float((point.x - start.x) / travel) * (maximumValue - minimumValue), animated: false)
            }
            if isContinuous && storedValue != previous { sendActions(for: .valueChanged) }
            if phase == .ended {
                dragStart = nil
                isHighlighted = false
                if !isContinuous { sendActions(for: .valueChanged) }
                sendActions(for: bounds.contains(point) ? .touchUpInside : .touchUpOutside)
            }
        default:
            break
        }
    }

    private func applyValue() {
        let thumbFrame = thumbFrame, trackY = (bounds.height - UISlider.trackHeightPoints) / 2
        maximumTrack.frame = CGRect(x: 0, y: trackY, width: bounds.width, height: UISlider.trackHeightPoints)
        minimumTrack.frame = CGRect(x: 0, y: trackY, width: thumbFrame.midX, height: UISlider.trackHeightPoints)
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemFill
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        thumb.frame = thumbFrame
        thumb.backgroundColor = thumbTintColor ?? .white
    }
}
