public import Foundation

/// How a keyframe animation moves between its values (`CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A mode.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight from value to value, each over its `keyTimes` interval (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value shown, unchanged, over its interval; no interpolation.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Constant speed: the intervals are in proportion to the distances between values
    /// (`keyTimes` and `timingFunctions` ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth curve through the values (Catmull-Rom: a Kochanek–Bartels spline with zero
    /// tension, continuity and bias).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// `cubic` at constant speed.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a `path` turns with it (`CAAnimationRotationMode`).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A mode.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Rotated to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Rotated to the tangent plus a half turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// A key path through several values (`CAKeyframeAnimation`).
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The values, in order (numbers, points, sizes, rects, colours, `CATransform3D`s, paths).
    open var values: [Any]?
    /// A path the layer's `position` follows instead of `values` (each element but the first
    /// move is one keyframe interval).
    open var path: CGPath?
    /// When each value is reached, fractions 0…1 of the duration, ascending from 0 to 1
    /// (nil: evenly spaced; `.discrete` takes one more than `values`, or as many).
    open var keyTimes: [NSNumber]?
    /// Per interval, its curve (one fewer than the values; nil: linear).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values are interpolated.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Whether a layer on a `path` turns with it (nil: it does not).
    open var rotationMode: CAAnimationRotationMode?
    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CAKeyframeAnimation else { return }
        copy.values = values; copy.path = path; copy.keyTimes = keyTimes; copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode; copy.rotationMode = rotationMode
    }
}

/// Animations run together (`CAAnimationGroup`): each child's `beginTime` counts from the
/// group's start, and the group's `duration` cuts them off.
open class CAAnimationGroup: CAAnimation {
    /// The children (their delegates are not told; the group's is).
    open var animations: [CAAnimation]?
    override func copyProperties(to copy: CAAnimation) {
        (copy as? CAAnimationGroup)?.animations = animations?.map { $0.copy() as! CAAnimation }
    }
}
