import Foundation

/// A piece a system control draws itself with (a switch's track and thumb, a slider's tracks):
/// a plain view that takes no touches, so that hit-testing finds the control, as on iOS, where
/// these are the control's private subviews.
final class ControlPartView: UIView {
    /// A part with `color`, rounded by `cornerRadiusPoints`.
    init(color: UIColor?, cornerRadiusPoints: CGFloat = 0) {
        super.init(frame: .zero)
        backgroundColor = color
        layer.cornerRadius = cornerRadiusPoints
        isUserInteractionEnabled = false
    }
    /// Not supported.
    required init?(coder: NSCoder) { nil }

    /// Gives the part the soft drop shadow iOS puts under a switch's or slider's white thumb and
    /// a segmented control's selected segment. Apple does not publish it; black at 15 % opacity,
    /// 3 pt down, 4 pt blur radius matches the thumb's shadow in iOS 13+ screenshots at @1x.
    func addThumbShadow() {
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.15
        layer.shadowOffset = CGSize(width: 0, height: 3)
        layer.shadowRadius = 4
    }
}

extension UIColor {
    /// `secondarySystemFill` in the light appearance (Apple, "UI element colors": 120, 120, 128
    /// at 16 %): the off track of a switch.
    static var controlOffTrack: UIColor { UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16) }
    /// `tertiarySystemFill` in the light appearance (118, 118, 128 at 12 %): a segmented
    /// control's background.
    static var controlGroove: UIColor { UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12) }
}
