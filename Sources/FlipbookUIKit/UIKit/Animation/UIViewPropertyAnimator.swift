import FlipbookModel
import FlipbookMotion
public import Foundation

/// A property animator (`UIViewPropertyAnimator`) in simulated time: start, pause, scrub
/// (`fractionComplete`, linear as `scrubsLinearly`), reverse, continue and stop, each recorded
/// at the moment it is called.
@MainActor
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
    /// Scrubbing moves linearly in `fractionComplete` (true, the default); false: a scrubbed
    /// fraction is taken through the timing curve, as the running animation would be at that share of its time.
    open var scrubsLinearly = true
    /// Stays active and paused at the end (or the start, reversed) instead of finishing: no
    /// completion runs until it is stopped and finished, or continued the other way.
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
    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil
    ) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }
    /// An animator on UIKit's duration-based spring.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }
    /// An animator started at once.
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void,
        completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> Self {
        let animator = Self(
            duration: duration,
            timingParameters: UICubicTimingParameters(
                animationCurve: UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 3)) ?? .easeInOut))
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
            let timing = self.timing
            let progress =
                scrubsLinearly ? Double(pausedFraction) : timing.progress(atSeconds: Double(pausedFraction) * timing.durationSeconds)
            hold { from, to in .interpolate(from, to, progress: progress) }
        }
    }

    /// Adds animations (run now with the remaining time when already running).
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }
    /// Adds animations that start at `delayFactor` of the duration.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        animations.append((animation, delayFactor))
        if state == .active, let recorder = Recorder.current {
            let remaining =
                isRunning ? runDurationSeconds - (recorder.clockSeconds - runStartSeconds) : duration * Double(1 - pausedFraction)
            capture(recorder) {
                if remaining > 0 {
                    recorder.withContext(
                        .animated(group: recorder.newGroup(), startSeconds: recorder.clockSeconds, timing: self.timing(remaining)),
                        animation)
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
            run(
                from: pausedFraction, timing: timing(duration * Double(isReversed ? pausedFraction : 1 - pausedFraction)),
                recorder: recorder)
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
        run(
            from: pausedFraction, timing: provider.timing(duration: max(duration * left * factor, Recorder.holdSeconds)), recorder: recorder
        )
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
                view.layer.opacityValue = layer.opacityValue; view.layer.backgroundColor = layer.backgroundColor;
                view.layer.cornerRadius = layer.cornerRadius
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
        // The hold `stopAnimation` left would outlast the new values: hold those instead.
        switch finalPosition {
        case .start: hold { from, _ in from }
        case .end: hold { _, to in to }
        case .current: break
        }
        finish(finalPosition)
    }

    // MARK: Recording

    private func timing(_ seconds: Double) -> Timing {
        (timingParameters ?? UICubicTimingParameters()).timing(duration: max(seconds, 1e-3))
    }

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
        runStartSeconds = recorder.clockSeconds; runDurationSeconds = timing.durationSeconds; runStartFraction = Double(fraction);
        runTiming = timing
        let group = recorder.newGroup(), now = recorder.clockSeconds
        for change in changes {
            let current = change.record.value(change.property, atSeconds: now)
            recorder.appendSegment(
                change.record, change.property, startSeconds: now, timing: timing, from: current,
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
            recorder.appendSegment(
                change.record, change.property, startSeconds: now,
                timing: Timing(curve: .bezier(.linear), durationSeconds: Recorder.holdSeconds), from: held, to: held, group: group)
        }
    }

    private func scheduleEnd(at seconds: Double, recorder: Recorder) {
        generation += 1
        let expected = generation
        recorder.schedule(atSeconds: seconds, view: changes.first?.record.view.recordingName ?? "UIViewPropertyAnimator") { [self] in
            guard generation == expected else { return }
            isRunning = false
            if pausesOnCompletion {
                pausedFraction = isReversed ? 0 : 1
                return
            }
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
            view.layer.opacityValue = layer.opacityValue; view.layer.backgroundColor = layer.backgroundColor;
            view.layer.cornerRadius = layer.cornerRadius
        }
    }
}
