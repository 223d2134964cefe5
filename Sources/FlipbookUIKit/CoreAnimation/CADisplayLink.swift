public import Foundation

/// Core Animation's display link, on the recording's clock: once added to the main run loop it
/// sends its selector to its target at every screen refresh (every 1/60 s, at multiples of 1/60 s
/// of simulated time) until `invalidate()`, with `timestamp` the refresh's time and
/// `targetTimestamp` the next one's. An iPhone drives display links at 60 Hz unless the app's
/// Info.plist sets `CADisableMinimumFrameDurationOnPhone` (Apple, "Optimizing ProMotion refresh
/// rates for iPhone 13 Pro and iPad Pro"), so every device refreshes at 60 Hz here.
/// Outside a recording it never fires (there is no screen). A link still running when nothing
/// else is left makes the recording fail (`RecordingError.workStillScheduled`).
/// Sendable, as Core Animation's is; `@unchecked` because `NSObject` is not Sendable and the
/// compiler cannot see that its `var`s change only on the main actor (added, paused, fired
/// and invalidated where UIKit code runs).
open class CADisplayLink: NSObject, @unchecked Sendable {
    /// Refreshes per second.
    static let refreshesPerSecond = 60
    private let target: AnyObject
    private let selector: Selector
    private let madeAt: String
    private var isAdded = false
    /// False once invalidated.
    private var isValid = true

    /// A link sending `selector` to `target` (with the link as argument); it keeps its target
    /// until invalidated, as Core Animation's does.
    public init(target: Any, selector: Selector, file: StaticString = #fileID, line: UInt = #line) {
        self.target = target as AnyObject
        self.selector = selector
        madeAt = "\(file):\(line)"
        super.init()
    }

    /// The time of the refresh being handled (simulated seconds, as `CACurrentMediaTime()`).
    open private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next refresh this link is called at.
    open private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between screen refreshes: 1/60.
    open var duration: CFTimeInterval { 1 / Double(CADisplayLink.refreshesPerSecond) }
    /// A paused link is not called (it stays scheduled).
    open var isPaused = false
    /// Calls per second wanted; 0 (the default) means every refresh. UIKit calls the link at
    /// the refresh rate's divisor nearest to it (30 → every other refresh).
    open var preferredFramesPerSecond = 0

    /// Refreshes between calls.
    private var refreshesPerCall: Int {
        guard preferredFramesPerSecond > 0 else { return 1 }
        return max(1, Int((Double(CADisplayLink.refreshesPerSecond) / Double(preferredFramesPerSecond)).rounded()))
    }

    /// Starts it: called from the next refresh on.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard isValid, !isAdded else { return }
        isAdded = true
        _ = Recorder.inRecording { recorder in
            // The next refresh strictly after now (a refresh is at k/60 s; the tolerance keeps a
            // time computed as k/60 from counting as before it).
            let next = Int((recorder.clockSeconds * Double(CADisplayLink.refreshesPerSecond) + 1e-9).rounded(.down)) + 1
            scheduleCall(recorder, refresh: next)
        }
    }

    /// Stops calls from this run loop (the same as `invalidate()` here: there is one run loop).
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }

    /// Stops it for good and releases its target.
    open func invalidate() {
        isValid = false
        let key = key
        _ = Recorder.inRecording { $0.unschedule { $0 == key } }
    }

    private var key: AnyHashable { ObjectIdentifier(self) }

    @MainActor private func scheduleCall(_ recorder: Recorder, refresh: Int) {
        let rate = Double(CADisplayLink.refreshesPerSecond)
        recorder.scheduleRunLoopWork(
            atSeconds: Double(refresh) / rate, what: "a CADisplayLink made at \(madeAt)", repeating: true, key: key
        ) { [self] in
            guard isValid else { return }
            let step = refreshesPerCall
            timestamp = Double(refresh) / rate
            targetTimestamp = Double(refresh + step) / rate
            if !isPaused { sendAction(selector, to: target, from: self, event: nil) }
            if isValid { scheduleCall(recorder, refresh: refresh + step) }
        }
    }
}
