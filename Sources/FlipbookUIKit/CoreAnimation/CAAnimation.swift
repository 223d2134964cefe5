import FlipbookMotion
public import Foundation

/// A timing curve (`CAMediaTimingFunction`): a cubic Bézier from (0, 0) to (1, 1).
open class CAMediaTimingFunction: NSObject {
    let bezier: CubicBezier
    /// A named curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(bezier: .linear)
        case .easeIn: self.init(bezier: .easeIn)
        case .easeOut: self.init(bezier: .easeOut)
        case .easeInEaseOut: self.init(bezier: .easeInEaseOut)
        default: self.init(bezier: .default)
        }
    }
    /// A curve with two control points.
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(bezier: CubicBezier(x1: Double(c1x), y1: Double(c1y), x2: Double(c2x), y2: Double(c2y)))
    }
    init(bezier: CubicBezier) { self.bezier = bezier }
}

/// Names of the built-in timing functions (`CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Linear.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Ease in.
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ease out.
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Ease in, ease out.
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// Core Animation's default (0.25, 0.1, 0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// What a layer shows once an animation is over (`CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A fill mode.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The model value after the end (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The end value stays.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The start value shows before a delayed start.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// An animation's delegate (`CAAnimationDelegate`); both methods optional.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation started.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended (at its end in simulated time).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// An explicit animation (`CAAnimation`).
open class CAAnimation: NSObject, NSCopying {
    /// Seconds; 0 means 0.25, Core Animation's default.
    open var duration: CFTimeInterval = 0
    /// Start in the recording's clock, seconds (`CACurrentMediaTime() + delay`; 0, or a time
    /// already past, for now). In a group: seconds after the group's start.
    open var beginTime: CFTimeInterval = 0
    /// The curve (linear when nil).
    open var timingFunction: CAMediaTimingFunction?
    /// Whether the animation is forgotten at its end (true: the layer shows its model value
    /// again, whatever `fillMode` says).
    open var isRemovedOnCompletion = true
    /// What shows outside the active time: `.forwards` keeps the end value only while the
    /// animation stays on the layer (`isRemovedOnCompletion = false`); `.backwards` shows the
    /// start value before a later `beginTime`.
    open var fillMode: CAMediaTimingFillMode = .removed
    /// Iterations, fractions allowed (0: one). An infinite count is refused: a recording ends.
    open var repeatCount: Float = 0
    /// Seconds of repetition instead of a count (0: none); infinite is refused.
    open var repeatDuration: CFTimeInterval = 0
    /// Each iteration plays forwards, then backwards (doubling the active time).
    open var autoreverses = false
    /// Local time per recording second (2: twice as fast); 0 or less is refused.
    open var speed: Float = 1
    /// Seconds of the animation's own time already past at its start (it starts partway).
    open var timeOffset: CFTimeInterval = 0
    /// Told when the animation starts and stops (a strong reference, as Core Animation keeps).
    open var delegate: CAAnimationDelegate?

    /// Takes the recorded animation off its layer now (set by the recording while it runs, or
    /// while it fills forwards).
    var recordedRemoval: (@MainActor () -> Void)?

    /// An animation.
    public required override init() { super.init() }
    /// A new animation.
    public class func animation() -> Self { Self() }
    /// A copy (a layer adds a copy, as Core Animation does).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = Self()
        copy.duration = duration; copy.beginTime = beginTime; copy.timingFunction = timingFunction
        copy.isRemovedOnCompletion = isRemovedOnCompletion; copy.fillMode = fillMode; copy.repeatCount = repeatCount
        copy.autoreverses = autoreverses; copy.speed = speed; copy.delegate = delegate
        copy.repeatDuration = repeatDuration; copy.timeOffset = timeOffset
        copyProperties(to: copy)
        return copy
    }
    func copyProperties(to copy: CAAnimation) {}
}

/// An animation of one key path (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    /// The animated property: opacity, position(.x/.y), bounds(.size), cornerRadius,
    /// backgroundColor, transform, transform.scale(.x/.y), transform.rotation(.z),
    /// transform.translation(.x/.y).
    open var keyPath: String?
    /// The values are added to the model value (numbers, points, sizes and `transform.…`
    /// components).
    open var isAdditive = false
    /// Kept.
    open var isCumulative = false
    /// An animation of `path`.
    public convenience init(keyPath path: String?) { self.init(); keyPath = path }
    override func copyProperties(to copy: CAAnimation) {
        (copy as? CAPropertyAnimation)?.keyPath = keyPath
        (copy as? CAPropertyAnimation)?.isAdditive = isAdditive
    }
}

/// From one value to another (`CABasicAnimation`): `fromValue` (default: the current
/// presentation value) to `toValue` (default: the model value).
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value (a number, `CGPoint`, `CGSize`, `CGRect`, `CATransform3D` or `CGColor`).
    open var fromValue: Any?
    /// The end value.
    open var toValue: Any?
    /// Added to the start value (the end is `fromValue + byValue` when `toValue` is nil; the
    /// start is `toValue − byValue` when `fromValue` is nil): numbers, points, sizes, rects.
    open var byValue: Any?
    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CABasicAnimation else { return }
        copy.fromValue = fromValue; copy.toValue = toValue; copy.byValue = byValue
    }
}

/// A spring (`CASpringAnimation`): Flipbook's exact physical spring; its `duration` cuts it off
/// (default: its `settlingDuration`).
open class CASpringAnimation: CABasicAnimation {
    /// Mass (1).
    open var mass: CGFloat = 1
    /// Stiffness (100).
    open var stiffness: CGFloat = 100
    /// Damping (10).
    open var damping: CGFloat = 10
    /// Initial velocity, in whole distances per second (0).
    open var initialVelocity: CGFloat = 0
    /// Seconds until the spring stays within 0.1 % of its end.
    open var settlingDuration: CFTimeInterval {
        spring.settlingDurationSeconds
    }
    var spring: Spring {
        Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity))
    }
    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CASpringAnimation else { return }
        copy.mass = mass; copy.stiffness = stiffness; copy.damping = damping; copy.initialVelocity = initialVelocity
    }
}

/// Core Animation's time type, where Foundation lacks it.
public typealias CFTimeInterval = Double

/// Core Animation's clock: the recording's simulated time in seconds (0 outside one, and off
/// the main actor, where no recording runs).
public func CACurrentMediaTime() -> CFTimeInterval { Recorder.inRecording { $0.clockSeconds } ?? 0 }

/// Groups changes (`CATransaction`): its completion block runs when the animations added
/// inside have ended (explicit `CAAnimation`s and `UIView` animations); animations added with no
/// duration or timing function take the transaction's (0.25 s and linear unless set), a nested
/// transaction starting with its parent's. `setDisableActions(true)` is the default for layers
/// here (no implicit animations). Not isolated, as in Apple's SDK; a transaction is recorded when
/// it is made on the main actor, where recordings run (off it, it groups nothing).
open class CATransaction: NSObject {
    /// Begins a transaction.
    public class func begin() {
        _ = Recorder.inRecording { recorder in
            recorder.transactionSettings.append(recorder.currentTransaction)
            recorder.transactionDepth += 1
        }
    }
    /// Ends it; the completion block runs at the end of its animations.
    public class func commit() {
        _ = Recorder.inRecording { recorder in
            guard recorder.transactionDepth > 0 else { return }
            recorder.transactionDepth -= 1
            recorder.transactionSettings.removeLast()
            if recorder.transactionDepth == 0, let block = recorder.transactionCompletion {
                recorder.transactionCompletion = nil
                recorder.schedule(atSeconds: recorder.transactionEndSeconds, view: "CATransaction") { block() }
                recorder.transactionEndSeconds = 0
            }
        }
    }
    /// The block run when the transaction's animations end.
    public class func setCompletionBlock(_ block: (() -> Void)?) {
        // The block runs where Core Animation runs completion blocks, on the main actor; it was
        // made on it too (a transaction is recorded only there), which the type cannot say.
        nonisolated(unsafe) let block = block
        _ = Recorder.inRecording { $0.transactionCompletion = block }
    }
    /// Kept (layer changes are never implicitly animated here).
    public class func setDisableActions(_ flag: Bool) { _ = Recorder.inRecording { $0.currentTransaction.disablesActions = flag } }
    /// What `setDisableActions` set (false by default).
    public class func disableActions() -> Bool { Recorder.inRecording { $0.currentTransaction.disablesActions } ?? false }
    /// The duration, in seconds, of animations added inside with none of their own.
    public class func setAnimationDuration(_ dur: CFTimeInterval) {
        _ = Recorder.inRecording { $0.currentTransaction.durationSeconds = Double(dur) }
    }
    /// The duration animations without one get (0.25 s by default).
    public class func animationDuration() -> CFTimeInterval { Recorder.inRecording { $0.currentTransaction.durationSeconds } ?? 0.25 }
    /// The timing function of animations added inside with none of their own.
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        nonisolated(unsafe) let function = function
        _ = Recorder.inRecording { $0.currentTransaction.timingFunction = function }
    }
}
