import Foundation
import FlipbookMotion
import FlipbookModel

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
public protocol UITimingCurveProvider: AnyObject {
    /// The kind of curve.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic part.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring part.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing (`UICubicTimingParameters`).
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
        kind = .physical(Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(velocity.dx)))
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

/// A property animator (`UIViewPropertyAnimator`) in simulated time: start, pause, scrub
/// (`fractionComplete`, linear as `scrubsLinearly`), reverse, continue and stop, each recorded
/// at the moment it is called.
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    /// The duration in seconds.
    public let duration: TimeInterval
    /// The delay of the last start.
    open private(set) var delay: TimeInterval = 0
    /// The timing.
    public let timingParameters: UITimingCurveProvider?
    /// Kept.
    open var isInterruptible = true
    /// Kept.
    open var isUserInteractionEnabled = true
    /// Kept.
    open var isManualHitTestingEnabled = false
    /// Scrubbing moves linearly in `fractionComplete` (always so here).
    open var scrubsLinearly = true
    /// Stays active at the end instead of finishing (kept; the animator finishes).
    open var pausesOnCompletion = false
    /// Idle, active or stopped.
    open private(set) var state: UIViewAnimatingState = .inactive
    /// True while running.
    open private(set) var isRunning = false
    /// Run towards the start values.
    open var isReversed = false

    private var animations: [(body: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// What the animations changed: view, property, start and end values.
    private var changes: [(record: ViewRecord, property: AnimatableProperty, from: PropertyValue, to: PropertyValue)] = []
    /// The views' layer values before the animations (restored when finishing at the start).
    private var before: [(view: UIView, layer: CALayer)] = []
    /// When the running segment started, its length and its fraction at the start.
    private var runStartSeconds = 0.0, runDurationSeconds = 0.0, runStartFraction = 0.0, runTiming: Timing?
    private var pausedFraction: CGFloat = 0
    private var generation = 0

    /// An animator with timing parameters.
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration; timingParameters = parameters
        super.init()
    }
    /// An animator with a built-in curve.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }
    /// An animator with a cubic curve.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }
    /// An animator on UIKit's duration-based spring.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }
    /// An animator started at once.
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                                            animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 3)) ?? .easeInOut))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }
    /// Required by `runningPropertyAnimator`'s `Self`.
    public required convenience init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider, _ unused: Void = ()) {
        self.init(duration: duration, timingParameters: parameters)
    }

    private var timing: Timing { (timingParameters ?? UICubicTimingParameters()).timing(duration: max(duration, 1e-3)) }

    /// Progress 0…1: the elapsed share of the time while running; set while paused to scrub.
    open var fractionComplete: CGFloat {
        get {
            guard isRunning, let recorder = Recorder.current, runDurationSeconds > 0 else { return pausedFraction }
            let elapsed = (recorder.clockSeconds - runStartSeconds) / runDurationSeconds
            let share = min(max(elapsed, 0), 1) * (isReversed ? -1 : 1) * (1 - runStartFraction)
            return CGFloat(min(max(runStartFraction + share, 0), 1))
        }
        set {
            guard !isRunning else { return }
            pausedFraction = min(max(newValue, 0), 1)
            if state == .inactive { startRecording(startSeconds: nil) }
            hold { from, to in .interpolate(from, to, progress: Double(self.pausedFraction)) }
        }
    }

    /// Adds animations (run now with the remaining time when already running).
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }
    /// Adds animations that start at `delayFactor` of the duration.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        animations.append((animation, delayFactor))
        if state == .active, let recorder = Recorder.current {
            let remaining = isRunning ? runDurationSeconds - (recorder.clockSeconds - runStartSeconds) : duration * Double(1 - pausedFraction)
            capture(recorder) {
                if remaining > 0 {
                    recorder.withContext(.animated(group: recorder.newGroup(), startSeconds: recorder.clockSeconds, timing: self.timing(remaining)), animation)
                } else {
                    recorder.withContext(.immediate, animation)
                }
            }
        }
    }
    /// Adds a completion, run with the end position.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// Starts now.
    open func startAnimation() { startAnimation(afterDelay: 0) }
    /// Starts after `delay` seconds (continues from where a paused animator is).
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard !isRunning, state != .stopped else { return }
        guard let recorder = Recorder.current else {
            animations.forEach { $0.body() }; finish(.end); return
        }
        self.delay = delay
        if state == .inactive {
            startRecording(startSeconds: recorder.clockSeconds + max(0, delay))
        } else {
            run(from: pausedFraction, timing: timing(duration * Double(isReversed ? pausedFraction : 1 - pausedFraction)), recorder: recorder)
        }
    }

    /// Pauses where it is.
    open func pauseAnimation() {
        guard state != .stopped else { return }
        if state == .inactive { startRecording(startSeconds: nil); return }
        guard isRunning, let recorder = Recorder.current else { return }
        pausedFraction = fractionComplete
        isRunning = false
        generation += 1
        let now = recorder.clockSeconds
        hold { _, _ in nil }
        _ = now
    }

    /// Continues a paused animator with new timing; the remaining time is
    /// `durationFactor × duration × (1 − fractionComplete)` (towards the start when reversed).
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active, !isRunning, let recorder = Recorder.current else { return }
        let left = Double(isReversed ? pausedFraction : 1 - pausedFraction)
        let factor = durationFactor > 0 ? Double(durationFactor) : 1
        let provider = parameters ?? timingParameters ?? UICubicTimingParameters()
        run(from: pausedFraction, timing: provider.timing(duration: max(duration * left * factor, Recorder.holdSeconds)), recorder: recorder)
    }

    /// Stops: the views stay where they are drawn now (`withoutFinishing` true: the animator
    /// becomes inactive, no completion runs) or wait for `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active, let recorder = Recorder.current else { return }
        if isRunning { pausedFraction = fractionComplete }
        isRunning = false
        generation += 1
        hold { _, _ in nil }
        // The model values become what is drawn, as on iOS.
        let now = recorder.clockSeconds
        UIView.performWithoutAnimation {
            for (view, _) in before {
                let layer = recorder.presentationLayer(of: view)
                _ = now
                view.layer.bounds = layer.bounds; view.layer.position = layer.position; view.layer.transform = layer.transform
                view.layer.opacityValue = layer.opacityValue; view.layer.backgroundColor = layer.backgroundColor; view.layer.cornerRadius = layer.cornerRadius
            }
        }
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Finishes a stopped animator at the end, the start or where it is.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        UIView.performWithoutAnimation {
            switch finalPosition {
            case .start: restoreBefore()
            case .end: for (body, _) in animations { body() }
            case .current: break
            }
        }
        finish(finalPosition)
    }

    // MARK: Recording

    private func timing(_ seconds: Double) -> Timing { (timingParameters ?? UICubicTimingParameters()).timing(duration: max(seconds, 1e-3)) }

    /// Runs the animations as the recording's segments from `startSeconds`, or (nil) as a
    /// paused animator at fraction 0.
    private func startRecording(startSeconds: Double?) {
        guard let recorder = Recorder.current else { return }
        state = .active
        let start = startSeconds ?? recorder.clockSeconds
        let timing = self.timing
        // Created paused, the animations are only noted (held at their start right after): a
        // segment of the full duration would make the recording last as if it ran.
        let paused = startSeconds == nil
        capture(recorder) {
            for (body, factor) in animations {
                let offset = paused ? 0 : Double(factor) * timing.durationSeconds
                let length = paused ? Recorder.holdSeconds : timing.durationSeconds - offset
                if length > 0 {
                    let part = Timing(curve: timing.curve, durationSeconds: length)
                    recorder.withContext(.animated(group: recorder.newGroup(), startSeconds: start + offset, timing: part), body)
                } else {
                    recorder.withContext(.immediate, body)
                }
            }
        }
        if recorder.mainTiming == nil { recorder.mainTiming = timing }
        if startSeconds == nil {
            pausedFraction = 0
            hold { from, _ in from }
            return
        }
        isRunning = true
        runStartSeconds = start; runDurationSeconds = timing.durationSeconds; runStartFraction = 0; runTiming = timing
        scheduleEnd(at: start + timing.durationSeconds, recorder: recorder)
    }

    /// Runs every change's value from where it is now towards its end (start when reversed).
    private func run(from fraction: CGFloat, timing: Timing, recorder: Recorder) {
        isRunning = true
        runStartSeconds = recorder.clockSeconds; runDurationSeconds = timing.durationSeconds; runStartFraction = Double(fraction); runTiming = timing
        let group = recorder.newGroup(), now = recorder.clockSeconds
        for change in changes {
            let current = change.record.value(change.property, atSeconds: now)
            recorder.appendSegment(change.record, change.property, startSeconds: now, timing: timing, from: current,
                                   to: isReversed ? change.from : change.to, group: group)
        }
        scheduleEnd(at: now + timing.durationSeconds, recorder: recorder)
    }

    /// Holds every change at a value from now on (`value(from, to)`; nil: where it is drawn now).
    private func hold(_ value: @escaping (PropertyValue, PropertyValue) -> PropertyValue?) {
        guard let recorder = Recorder.current else { return }
        let group = recorder.newGroup(), now = recorder.clockSeconds
        for change in changes {
            let held = value(change.from, change.to) ?? change.record.value(change.property, atSeconds: now)
            recorder.appendSegment(change.record, change.property, startSeconds: now,
                                   timing: Timing(curve: .bezier(.linear), durationSeconds: Recorder.holdSeconds), from: held, to: held, group: group)
        }
    }

    private func scheduleEnd(at seconds: Double, recorder: Recorder) {
        generation += 1
        let expected = generation
        recorder.schedule(atSeconds: seconds, view: changes.first?.record.view.recordingName ?? "UIViewPropertyAnimator") { [self] in
            guard generation == expected else { return }
            isRunning = false
            if isReversed {
                UIView.performWithoutAnimation { restoreBefore() }
                finish(.start)
            } else {
                finish(.end)
            }
        }
    }

    private func finish(_ position: UIViewAnimatingPosition) {
        state = .inactive; isRunning = false
        pausedFraction = position == .end ? 1 : 0
        let list = completions
        for completion in list { completion(position) }
    }

    /// Runs `body`, noting each change it makes and the views' values before it.
    private func capture(_ recorder: Recorder, _ body: () -> Void) {
        let firstOrder = recorder.currentOrder
        let previous = recorder.willChangeObserver
        recorder.willChangeObserver = { [self] view in
            previous?(view)
            if !before.contains(where: { $0.view === view }) { before.append((view, CALayer(layer: view.layer))) }
        }
        body()
        recorder.willChangeObserver = previous
        for record in recorder.records {
            for (property, track) in record.tracks {
                for entry in track.entries where entry.order > firstOrder && entry.timing != nil {
                    if let index = changes.firstIndex(where: { $0.record === record && $0.property == property }) {
                        changes[index].to = entry.to
                    } else {
                        changes.append((record, property, entry.from, entry.to))
                    }
                }
            }
        }
    }

    private func restoreBefore() {
        for (view, layer) in before {
            view.layer.bounds = layer.bounds; view.layer.position = layer.position; view.layer.transform = layer.transform
            view.layer.opacityValue = layer.opacityValue; view.layer.backgroundColor = layer.backgroundColor; view.layer.cornerRadius = layer.cornerRadius
        }
    }
}
