import FlipbookMotion
public import Foundation

extension UIView {
    /// Options of `UIView.animate` (`UIView.AnimationOptions`): the curve (bits 16–19) and
    /// transition (bits 20–23) fields, and flags.
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lays out subviews as part of the animation.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Kept.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts from the current presentation value (always so here).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats forever (refused: it never ends).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs forwards, then backwards, then jumps to the end values.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Kept.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Kept.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Kept.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// `transition(from:to:…)` hides and shows instead of removing and adding.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Kept.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        /// Ease in, ease out (0.42, 0, 0.58, 1): the default.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in (0.42, 0, 1, 1).
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out (0, 0, 0.58, 1).
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// No transition.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// Flips (drawn as a cross-dissolve).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Cross-dissolve.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The Bézier of the curve field.
        var curve: CubicBezier {
            switch (rawValue >> 16) & 0xF {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInEaseOut
            }
        }
        var transitionField: UInt { (rawValue >> 20) & 0xF }
    }

    /// A view animation curve (`UIView.AnimationCurve`).
    public enum AnimationCurve: Int, Sendable {
        /// Ease in, ease out.
        case easeInOut = 0
        /// Ease in.
        case easeIn = 1
        /// Ease out.
        case easeOut = 2
        /// Linear.
        case linear = 3

        var bezier: CubicBezier {
            switch self {
            case .easeInOut: return .easeInEaseOut
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            }
        }
    }

    /// Options of `animateKeyframes` (`UIView.KeyframeAnimationOptions`).
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Kept.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Kept.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Kept.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Refused: never ends.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Kept.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// Kept.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// Kept.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Keyframes linear in their time (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Drawn linear.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Drawn linear.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Drawn linear.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// Drawn linear.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    // MARK: UIView.animate

    /// Animates the changes `animations` makes over `duration` seconds after `delay`, with the
    /// options' curve (ease in-out by default); `completion` runs at the end.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(
            duration: duration, delay: delay, curve: .bezier(options.curve), options: options, animations: animations,
            completion: completion)
    }
    /// Animates with the default curve, no delay.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(duration: duration, delay: 0, curve: .bezier(.easeInEaseOut), options: [], animations: animations, completion: completion)
    }
    /// Animates with the default curve, no delay, no completion.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        run(duration: duration, delay: 0, curve: .bezier(.easeInEaseOut), options: [], animations: animations, completion: nil)
    }
    /// Animates on UIKit's duration-based spring: `dampingRatio` 0…1 and `velocity` in whole
    /// distances per second, the spring settling within `duration` (Flipbook's exact spring,
    /// docs/TIMING.md). The options' curve is ignored, as on iOS.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(
            duration: duration, delay: delay, curve: .spring(dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity)),
            options: options, animations: animations, completion: completion)
    }
    /// Animates on a spring given as its perceptual duration and bounce (iOS 17): stiffness
    /// (2π / duration)², damping 4π(1 − bounce) / duration for bounce ≥ 0 (4π / (duration·(1 + bounce))
    /// below 0), mass 1; the animation lasts until the spring settles (`Spring.settlingDurationSeconds`).
    public class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        guard duration > 0 else {
            run(duration: 0, delay: delay, curve: .bezier(.linear), options: options, animations: animations, completion: completion);
            return
        }
        let spring = UISpringTimingParameters.spring(duration: Double(duration), bounce: Double(bounce), initialVelocity: Double(velocity))
        run(
            duration: max(spring.settlingDurationSeconds, Recorder.holdSeconds), delay: delay, curve: .springPhysics(spring),
            options: options, animations: animations, completion: completion)
    }

    static func run(
        duration: TimeInterval, delay: TimeInterval, curve: TimingCurve, options: AnimationOptions,
        animations: @escaping () -> Void, completion: ((Bool) -> Void)?
    ) {
        guard let recorder = Recorder.current else { animations(); completion?(true); return }
        if options.contains(.repeat) {
            recorder.fail(.neverEnds(view: "UIView.animate", reason: "the .repeat option repeats forever"))
            return
        }
        guard duration > 0, duration.isFinite else {
            recorder.animate(timing: nil, delaySeconds: delay, animations: animations, completion: completion)
            return
        }
        let timing = Timing(curve: curve, durationSeconds: Double(duration))
        if options.contains(.autoreverse) {
            // Forwards, then back to the start, then the end values at once (UIKit's
            // autoreverse without repeat).
            recorder.autoreverse(timing: timing, delaySeconds: delay, animations: animations, completion: completion)
            return
        }
        if let spring = timing.spring, !(spring.settlingDurationSeconds.isFinite) {
            recorder.fail(.neverEnds(view: "UIView.animate", reason: "a spring without damping never settles"))
            return
        }
        recorder.animate(timing: timing, delaySeconds: delay, animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with every change applied at once, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        guard let recorder = Recorder.current else { actionsWithoutAnimation(); return }
        recorder.withContext(.immediate, actionsWithoutAnimation)
    }

    /// False inside `performWithoutAnimation`.
    public class var areAnimationsEnabled: Bool {
        guard let recorder = Recorder.current, case .immediate = recorder.context, !recorder.contexts.isEmpty else { return true }
        return false
    }

    /// The duration of the animation block being run (0 outside one).
    public class var inheritedAnimationDuration: TimeInterval {
        guard let recorder = Recorder.current, case let .animated(_, _, timing) = recorder.context else { return 0 }
        return timing.durationSeconds
    }

    // MARK: Keyframes

    /// A keyframe animation: `animations` calls `addKeyframe` for each part; a change made
    /// outside a keyframe animates over the whole duration. Keyframes are linear in their time.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        guard let recorder = Recorder.current else { animations(); completion?(true); return }
        if options.contains(.repeat) {
            recorder.fail(.neverEnds(view: "UIView.animateKeyframes", reason: "the .repeat option repeats forever"))
            return
        }
        guard duration > 0, duration.isFinite else {
            recorder.animate(timing: nil, delaySeconds: delay, animations: animations, completion: completion)
            return
        }
        let timing = Timing(curve: .bezier(.linear), durationSeconds: Double(duration))
        recorder.keyframeDepth += 1
        recorder.animate(timing: timing, delaySeconds: delay, animations: animations, completion: completion)
        recorder.keyframeDepth -= 1
    }

    /// A keyframe of the enclosing `animateKeyframes`: its changes animate linearly from
    /// `frameStartTime` to `frameStartTime + frameDuration` (fractions of the duration).
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        guard let recorder = Recorder.current, case let .animated(group, start, timing) = recorder.context else { animations(); return }
        let length = frameDuration * timing.durationSeconds
        guard length > 0, length.isFinite else {
            recorder.withContext(.immediate, animations)
            return
        }
        let keyframeGroup = recorder.newGroup()
        _ = group
        recorder.withContext(
            .animated(
                group: keyframeGroup, startSeconds: start + frameStartTime * timing.durationSeconds,
                timing: Timing(curve: .bezier(.linear), durationSeconds: length)), animations)
    }

    // MARK: Transitions

    /// A transition of `view`'s content: `animations` changes it; with
    /// `.transitionCrossDissolve` a snapshot of the view as it was fades out above it over
    /// `duration`. Without a transition option the changes apply at once. The flips and curls
    /// are refused in a recording (`RecordingError.unsupported`, naming the option and the call's
    /// file and line); their changes apply at once.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        refuseUndrawnTransition(options, api: "UIView.transition(with:duration:options:animations:completion:)", file: file, line: line)
        guard let recorder = Recorder.current, duration > 0, duration.isFinite, options.transitionField != 0, let parent = view.superview
        else {
            UIView.performWithoutAnimation { animations?() }
            if let completion {
                Recorder.current?.schedule(atSeconds: Recorder.current?.clockSeconds ?? 0, view: view.recordingName) { completion(true) }
                    ?? completion(true)
            }
            return
        }
        let before = view.snapshotView(afterScreenUpdates: false)!
        before.frame = view.frame
        UIView.performWithoutAnimation {
            parent.insertSubview(before, aboveSubview: view)
            animations?()
        }
        recorder.animate(
            timing: Timing(curve: .bezier(options.curve), durationSeconds: Double(duration)), delaySeconds: 0,
            animations: { before.alpha = 0 },
            completion: { finished in
                before.removeFromSuperview(); completion?(finished)
            })
    }

    /// Replaces `fromView` by `toView` in its superview (hides and shows with
    /// `.showHideTransitionViews`); with `.transitionCrossDissolve` `toView` fades in over
    /// `duration`; the flips and curls are refused in a recording, as above.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        refuseUndrawnTransition(options, api: "UIView.transition(from:to:duration:options:completion:)", file: file, line: line)
        let parent = fromView.superview
        UIView.performWithoutAnimation {
            if options.contains(.showHideTransitionViews) {
                toView.isHidden = false
            } else if let parent {
                parent.insertSubview(toView, aboveSubview: fromView)
            }
            if options.transitionField != 0 && duration > 0 { toView.alpha = 0 }
        }
        let finish: (Bool) -> Void = { finished in
            if options.contains(.showHideTransitionViews) { fromView.isHidden = true } else { fromView.removeFromSuperview() }
            completion?(finished)
        }
        guard options.transitionField != 0, duration > 0 else {
            UIView.performWithoutAnimation { finish(true) }
            return
        }
        UIView.animate(withDuration: duration, delay: 0, options: options, animations: { toView.alpha = 1 }, completion: finish)
    }

    /// The names of UIKit's view transitions by their option field (`UIView.AnimationOptions`,
    /// bits 20–22); 5 is the cross-dissolve, which is drawn.
    static let undrawnTransitionNames: [UInt: String] = [
        1: "transitionFlipFromLeft", 2: "transitionFlipFromRight", 3: "transitionCurlUp",
        4: "transitionCurlDown", 6: "transitionFlipFromTop", 7: "transitionFlipFromBottom"
    ]

    /// Fails the recording for a flip or curl: they turn the view in 3-D with its old and new
    /// content on either side (curls bend it), which the model's flat layers do not draw alike.
    private static func refuseUndrawnTransition(_ options: AnimationOptions, api: String, file: StaticString, line: UInt) {
        guard let name = undrawnTransitionNames[options.transitionField], let recorder = Recorder.current else { return }
        recorder.fail(
            .unsupported(
                api: "\(api) with .\(name)", calledAt: "\(file):\(line)",
                advice: "use .transitionCrossDissolve, or turn the view yourself: a CABasicAnimation of "
                    + "transform.rotation.y on a layer whose transform has m34 = -1/500 (docs/UIKIT.md, \"3-D transforms\")"))
    }
}
