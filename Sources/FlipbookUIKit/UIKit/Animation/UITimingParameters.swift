import FlipbookModel
import FlipbookMotion
public import Foundation

/// The kinds of timing curve (`UITimingCurveType`).
public enum UITimingCurveType: Int, Sendable {
    /// A built-in curve.
    case builtin = 0
    /// A cubic Bézier.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// A cubic and a spring (the spring is used).
    case composed = 3
}

/// Timing of a property animator (`UITimingCurveProvider`).
@MainActor
public protocol UITimingCurveProvider: AnyObject {
    /// The kind of curve.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic part.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring part.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing (`UICubicTimingParameters`).
@MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The built-in curve, when made from one.
    public let animationCurve: UIView.AnimationCurve
    /// The control points (the ends are (0, 0) and (1, 1)).
    public let controlPoint1: CGPoint, controlPoint2: CGPoint

    /// Ease in-out.
    public override convenience init() { self.init(animationCurve: .easeInOut) }
    /// A built-in curve.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let bezier = curve.bezier
        controlPoint1 = CGPoint(x: bezier.x1, y: bezier.y1); controlPoint2 = CGPoint(x: bezier.x2, y: bezier.y2)
    }
    /// A custom curve.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut; controlPoint1 = point1; controlPoint2 = point2
    }
    /// `.cubic` (`.builtin` for a built-in curve).
    open var timingCurveType: UITimingCurveType { .cubic }
    /// Itself.
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    /// nil.
    open var springTimingParameters: UISpringTimingParameters? { nil }

    var bezier: CubicBezier {
        CubicBezier(x1: Double(controlPoint1.x), y1: Double(controlPoint1.y), x2: Double(controlPoint2.x), y2: Double(controlPoint2.y))
    }
}

/// A spring timing (`UISpringTimingParameters`): a damping ratio over the animator's duration,
/// or a physical spring (mass, stiffness, damping) that lasts until it settles.
@MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    enum Kind { case ratio(Double), physical(Spring) }
    let kind: Kind
    /// The initial velocity (`dx` is used, as UIKit does for one-dimensional properties).
    public let initialVelocity: CGVector

    /// UIKit's default spring: mass 3, stiffness 1000, damping 500.
    public override init() {
        kind = .physical(Spring(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0)); initialVelocity = .zero
    }
    /// A damping ratio over the animator's duration, at rest at the start.
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: .zero) }
    /// A damping ratio over the animator's duration.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        kind = .ratio(Double(ratio)); initialVelocity = velocity
    }
    /// A physical spring; the animator's duration is ignored (the animation lasts until it settles).
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        kind = .physical(
            Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(velocity.dx)))
        initialVelocity = velocity
    }
    /// A spring from its perceptual duration and bounce (iOS 17), as `UIView.animate(springDuration:bounce:…)`.
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = .zero) {
        kind = .physical(UISpringTimingParameters.spring(duration: duration, bounce: Double(bounce), initialVelocity: Double(velocity.dx)))
        initialVelocity = velocity
    }

    /// The spring of a perceptual duration and bounce: stiffness (2π/d)², damping 4π(1 − b)/d
    /// (b ≥ 0) or 4π/(d(1 + b)) (b < 0), mass 1 (SwiftUI's and UIKit's published mapping).
    static func spring(duration: Double, bounce: Double, initialVelocity: Double) -> Spring {
        let d = max(duration, 0.01), b = min(max(bounce, -1 + 1e-6), 1)
        let stiffness = (2 * Double.pi / d) * (2 * Double.pi / d)
        let damping = b >= 0 ? 4 * Double.pi * (1 - b) / d : 4 * Double.pi / (d * (1 + b))
        return Spring(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// `.spring`.
    open var timingCurveType: UITimingCurveType { .spring }
    /// nil.
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    /// Itself.
    open var springTimingParameters: UISpringTimingParameters? { self }

    /// The timing over `duration` seconds (a physical spring: its settling time).
    func timing(duration: Double) -> Timing {
        switch kind {
        case let .ratio(ratio):
            return Timing(curve: .spring(dampingRatio: ratio, initialVelocity: Double(initialVelocity.dx)), durationSeconds: duration)
        case let .physical(spring):
            return Timing(curve: .springPhysics(spring), durationSeconds: max(spring.settlingDurationSeconds, Recorder.holdSeconds))
        }
    }
}

extension UITimingCurveProvider {
    func timing(duration: Double) -> Timing {
        if let spring = springTimingParameters { return spring.timing(duration: duration) }
        return Timing(curve: .bezier(cubicTimingParameters?.bezier ?? .easeInEaseOut), durationSeconds: duration)
    }
}
