public import Foundation

/// Foundation's timer, on the recording's clock: a scheduled timer fires `timeInterval` after it
/// was made, a repeating one every `timeInterval` after that (from its scheduled times, so it
/// does not drift, as Foundation's), until `invalidate()`. Outside a recording it runs on
/// Foundation's main run loop. A repeating timer still running when nothing else is left makes
/// the recording fail (`RecordingError.workStillScheduled`, naming where it was made).
/// Sendable, as Foundation's is; `@unchecked` because `NSObject` is not Sendable and the
/// compiler cannot see that its `var`s change only on the main actor (scheduling, firing and
/// `invalidate()` happen where UIKit code runs).
public final class Timer: NSObject, @unchecked Sendable {
    /// Seconds between fires (at least 0.1 ms, as Foundation makes a zero or negative interval).
    public let timeInterval: TimeInterval
    /// Whether it fires again after each fire.
    public let repeats: Bool
    /// The object given at creation.
    public let userInfo: Any?
    /// Kept (the recording fires timers on time).
    public var tolerance: TimeInterval = 0
    /// False once invalidated (or once a non-repeating timer has fired).
    public private(set) var isValid = true
    private let action: MainActorWork<Timer>
    private let madeAt: String
    /// Seconds on the clock of its first fire (set at creation, as Foundation's fire date).
    private var firstFireSeconds: Double
    /// The Foundation timer running it outside a recording.
    private var foundationTimer: Foundation.Timer?

    /// Foundation's smallest interval: a zero or negative one becomes 0.1 ms ("If ti is less than
    /// or equal to 0.0, this method chooses the nonnegative value of 0.1 milliseconds instead").
    static let minimumIntervalSeconds = 0.0001

    private init(interval: TimeInterval, repeats: Bool, userInfo: Any?, file: StaticString, line: UInt, action: MainActorWork<Timer>) {
        timeInterval = interval > 0 ? interval : Timer.minimumIntervalSeconds
        self.repeats = repeats
        self.userInfo = userInfo
        self.action = action
        madeAt = "\(file):\(line)"
        firstFireSeconds = (Recorder.inRecording { $0.clockSeconds } ?? 0) + (interval > 0 ? interval : Timer.minimumIntervalSeconds)
        super.init()
    }

    /// A timer calling `block`, not yet scheduled: add it to `RunLoop.main`.
    public convenience init(
        timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @MainActor (Timer) -> Void,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(interval: interval, repeats: repeats, userInfo: nil, file: file, line: line, action: MainActorWork(run: block))
    }

    /// A timer sending `selector` to `target` with the timer as argument, not yet scheduled. The
    /// timer keeps its target until invalidated, as Foundation's.
    public convenience init(
        timeInterval interval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        // Reached only on the main actor, where the timer fires (the type cannot say so).
        nonisolated(unsafe) let target = target as AnyObject
        self.init(
            interval: interval, repeats: repeats, userInfo: userInfo, file: file, line: line,
            action: MainActorWork { timer in
                sendAction(selector, to: target, from: timer, event: nil)
            })
    }

    /// A timer calling `block`, scheduled on the main run loop.
    @discardableResult
    public class func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @MainActor (Timer) -> Void,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block, file: file, line: line)
        timer.schedule()
        return timer
    }

    /// A timer sending `selector` to `target`, scheduled on the main run loop.
    @discardableResult
    public class func scheduledTimer(
        timeInterval interval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Timer {
        let timer = Timer(
            timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats, file: file, line: line)
        timer.schedule()
        return timer
    }

    /// Fires it now; a non-repeating timer is then invalidated, a repeating one keeps its schedule.
    public func fire() {
        guard isValid else { return }
        MainActor.assumeIsolated { action.run(self) }
        if !repeats { invalidate() }
    }

    /// Stops it: it never fires again.
    public func invalidate() {
        isValid = false
        foundationTimer?.invalidate()
        foundationTimer = nil
        let key = key
        _ = Recorder.inRecording { $0.unschedule { $0 == key } }
    }

    private var key: AnyHashable { ObjectIdentifier(self) }

    /// What errors call it.
    private var name: String { "\(repeats ? "a repeating Timer" : "a Timer") (every \(timeInterval) s) made at \(madeAt)" }

    private var scheduled = false

    /// Puts it on the main run loop (once).
    func schedule() {
        guard isValid, !scheduled else { return }
        scheduled = true
        let inRecording: Bool? = Recorder.inRecording { recorder in
            scheduleFire(recorder, atSeconds: max(firstFireSeconds, recorder.clockSeconds))
            return true
        }
        guard inRecording == nil else { return }
        let action = action
        let timer = Foundation.Timer(timeInterval: timeInterval, repeats: repeats) { [weak self] _ in
            guard let self else { return }
            MainActor.assumeIsolated { action.run(self) }
            if !self.repeats { self.isValid = false }
        }
        foundationTimer = timer
        RunLoop.main.foundation.add(timer, forMode: .common)
    }

    @MainActor private func scheduleFire(_ recorder: Recorder, atSeconds seconds: Double) {
        recorder.scheduleRunLoopWork(atSeconds: seconds, what: name, repeating: repeats, key: key) { [self] in
            guard isValid else { return }
            action.run(self)
            if repeats { if isValid { scheduleFire(recorder, atSeconds: seconds + timeInterval) } } else { isValid = false }
        }
    }
}

/// The main run loop, where timers and display links are added. There is one: `current` is `main`
/// (UIKit code runs on the main thread).
public final class RunLoop: Sendable {
    /// The main thread's run loop.
    public static let main = RunLoop()
    /// The main run loop (recordings run on the main thread).
    public class var current: RunLoop { main }

    var foundation: Foundation.RunLoop { Foundation.RunLoop.main }

    /// Schedules `timer` (every mode is the same here: the recording has no scroll tracking).
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) { timer.schedule() }

    /// A run-loop mode (kept: every mode fires).
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `NSDefaultRunLoopMode`.
        public static let `default` = Mode(rawValue: "kCFRunLoopDefaultMode")
        /// `NSRunLoopCommonModes`.
        public static let common = Mode(rawValue: "kCFRunLoopCommonModes")
        /// UIKit's mode while a scroll view tracks a touch.
        public static let tracking = Mode(rawValue: "UITrackingRunLoopMode")
    }
}
