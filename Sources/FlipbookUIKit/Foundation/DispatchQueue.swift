import Dispatch
import Foundation

// Dispatch's main queue and Foundation's timers run on the wall clock; a recording runs on a
// simulated one. These declarations have Dispatch's and Foundation's names and shadow them in a
// file that sees Foundation only through `import UIKit`; the source step writes them
// `FlipbookUIKit.DispatchQueue` … in every file it rewrites, so a file that also imports
// Foundation or Dispatch gets them too (docs/UIKIT.md, "The run loop's clock").

/// A block of main-actor work moved between isolation domains. Only ever run on the main
/// actor: in a recording by the recorder (on the main thread), outside one by the main queue.
/// `@unchecked Sendable`: the compiler cannot see that `run` is only ever called on the main
/// actor (every call site is main-actor isolated or `assumeIsolated`), so what the block
/// captures never runs on another thread.
struct MainActorWork<Argument>: @unchecked Sendable {
    let run: @MainActor (Argument) -> Void
}

/// Dispatch's queue, on the recording's clock: blocks dispatched to `main` run as events of the
/// recording at their deadline, in the order dispatched; blocks dispatched to any other queue
/// make the recording fail (`RecordingError.workOnOtherQueue`, naming the queue and the call's
/// file and line). Outside a recording every queue's blocks run on Dispatch's main queue.
public final class DispatchQueue: Sendable {
    /// The queue as code names it (`DispatchQueue.main`, `DispatchQueue.global(qos: .utility)`).
    public let label: String
    private let isMain: Bool

    private init(label: String, isMain: Bool) { self.label = label; self.isMain = isMain }

    /// The main queue: the recording's clock.
    public static let main = DispatchQueue(label: "DispatchQueue.main", isMain: true)

    /// A global concurrent queue; work dispatched to it fails a recording.
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
        DispatchQueue(label: qos == .default ? "DispatchQueue.global()" : "DispatchQueue.global(qos: .\(qos))", isMain: false)
    }

    /// A queue of the app's own; work dispatched to it fails a recording.
    public convenience init(
        label: String, qos: DispatchQoS = .unspecified, attributes: Dispatch.DispatchQueue.Attributes = [],
        autoreleaseFrequency: Dispatch.DispatchQueue.AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil
    ) {
        self.init(label: "DispatchQueue(label: \"\(label)\")", isMain: false)
    }

    /// Runs `work` after what is running now (at the current simulated time).
    public func async(execute work: @escaping @MainActor () -> Void, file: StaticString = #fileID, line: UInt = #line) {
        enqueue(
            at: nil, what: "a block dispatched to \(label) at \(file):\(line)", key: nil, file: file, line: line, MainActorWork { work() })
    }

    /// Runs the work item after what is running now, unless it is cancelled first.
    public func async(execute item: DispatchWorkItem, file: StaticString = #fileID, line: UInt = #line) {
        enqueue(
            at: nil, what: "a DispatchWorkItem dispatched to \(label) at \(file):\(line)", key: item.key, file: file, line: line,
            MainActorWork { item.perform() })
    }

    /// Runs `work` at `deadline` of the recording's clock (`.now() + 0.3`: 0.3 s from now).
    public func asyncAfter(
        deadline: DispatchTime, execute work: @escaping @MainActor () -> Void,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        enqueue(
            at: deadline.seconds, what: "a block dispatched to \(label) at \(file):\(line)", key: nil, file: file, line: line,
            MainActorWork { work() })
    }

    /// Runs the work item at `deadline`, unless it is cancelled first.
    public func asyncAfter(deadline: DispatchTime, execute item: DispatchWorkItem, file: StaticString = #fileID, line: UInt = #line) {
        enqueue(
            at: deadline.seconds, what: "a DispatchWorkItem dispatched to \(label) at \(file):\(line)", key: item.key, file: file,
            line: line,
            MainActorWork { item.perform() })
    }

    /// Runs `work` at `wallDeadline`: the recording has one clock, so a wall-clock deadline is
    /// the same as a deadline.
    public func asyncAfter(
        wallDeadline: DispatchWallTime, execute work: @escaping @MainActor () -> Void,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        enqueue(
            at: wallDeadline.seconds, what: "a block dispatched to \(label) at \(file):\(line)", key: nil, file: file, line: line,
            MainActorWork { work() })
    }

    /// Runs `work` now and returns its result. On the main queue this deadlocks on iOS (the
    /// caller is the main thread), so it stops the program with that message.
    public func sync<Result>(execute work: () throws -> Result, file: StaticString = #fileID, line: UInt = #line) rethrows -> Result {
        precondition(!isMain || !Thread.isMainThread, "\(file):\(line): DispatchQueue.main.sync from the main thread deadlocks on iOS")
        return try work()
    }

    /// Schedules `work` at `seconds` on the clock (nil: now).
    private func enqueue(at seconds: Double?, what: String, key: AnyHashable?, file: StaticString, line: UInt, _ work: MainActorWork<Void>)
    {
        // A key is an `ObjectIdentifier` (Sendable) in an `AnyHashable` (which Swift cannot tell is).
        nonisolated(unsafe) let key = key
        let scheduled: Bool? = Recorder.inRecording { recorder in
            guard isMain else {
                recorder.fail(.workOnOtherQueue(queue: label, calledAt: "\(file):\(line)"))
                return true
            }
            recorder.scheduleRunLoopWork(atSeconds: seconds ?? recorder.clockSeconds, what: what, key: key) { work.run(()) }
            return true
        }
        guard scheduled == nil else { return }
        // Outside a recording: Dispatch's main queue, on the wall clock.
        let delay = max(0, (seconds ?? 0) - DispatchTime.now().seconds)
        Dispatch.DispatchQueue.main.asyncAfter(deadline: .now() + delay) { MainActor.assumeIsolated { work.run(()) } }
    }
}

/// A point on the main queue's clock: in a recording, simulated seconds since its start; outside
/// one, the system's uptime (as Dispatch's). `.now() + 0.3` is 0.3 s later.
public struct DispatchTime: Comparable, Hashable, Sendable {
    /// Nanoseconds on the clock (Dispatch's unit; seconds are rounded to it as Dispatch does).
    public let uptimeNanoseconds: UInt64

    /// The time `uptimeNanoseconds` on the clock.
    public init(uptimeNanoseconds: UInt64) { self.uptimeNanoseconds = uptimeNanoseconds }

    /// Now: the recording's simulated time, or the system's uptime outside a recording.
    public static func now() -> DispatchTime {
        if let seconds = Recorder.inRecording({ $0.clockSeconds }) { return DispatchTime(seconds: seconds) }
        return DispatchTime(uptimeNanoseconds: Dispatch.DispatchTime.now().uptimeNanoseconds)
    }

    /// A time later than any deadline a recording reaches.
    public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)

    init(seconds: Double) { uptimeNanoseconds = UInt64(max(0, (seconds * 1e9).rounded())) }

    /// Seconds on the clock.
    var seconds: Double { Double(uptimeNanoseconds) / 1e9 }

    public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool { lhs.uptimeNanoseconds < rhs.uptimeNanoseconds }
    /// `seconds` later.
    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds + seconds) }
    /// `seconds` earlier (not before the clock's start).
    public static func - (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds - seconds) }
    /// `interval` later (`.milliseconds(300)`).
    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds + interval.seconds)
    }
    /// `interval` earlier.
    public static func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds - interval.seconds)
    }
}

/// Dispatch's wall-clock time: a recording has one clock, so this is `DispatchTime`'s.
public struct DispatchWallTime: Comparable, Hashable, Sendable {
    let time: DispatchTime
    /// Now on the recording's clock.
    public static func now() -> DispatchWallTime { DispatchWallTime(time: .now()) }
    var seconds: Double { time.seconds }
    public static func < (lhs: DispatchWallTime, rhs: DispatchWallTime) -> Bool { lhs.time < rhs.time }
    /// `seconds` later.
    public static func + (time: DispatchWallTime, seconds: Double) -> DispatchWallTime { DispatchWallTime(time: time.time + seconds) }
    /// `interval` later.
    public static func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
        DispatchWallTime(time: time.time + interval)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is infinite).
    var seconds: Double {
        switch self {
        case let .seconds(value): return Double(value)
        case let .milliseconds(value): return Double(value) / 1e3
        case let .microseconds(value): return Double(value) / 1e6
        case let .nanoseconds(value): return Double(value) / 1e9
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}

/// Dispatch's work item: a block that can be dispatched and cancelled before it runs
/// (`cancel()` takes it off the recording's clock). Sendable, as Dispatch's is; `@unchecked`
/// because the compiler cannot see that `isCancelled` is read and written only on the main
/// actor (where recordings run and where its block is performed).
public final class DispatchWorkItem: @unchecked Sendable {
    private let block: MainActorWork<Void>
    /// Whether `cancel()` was called.
    public private(set) var isCancelled = false

    /// A work item running `block` (main-actor work, as the main queue runs it).
    public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], block: @escaping @MainActor () -> Void) {
        self.block = MainActorWork { block() }
    }

    var key: AnyHashable { ObjectIdentifier(self) }

    /// Runs the block now unless cancelled (on the main actor).
    public func perform() {
        guard !isCancelled else { return }
        MainActor.assumeIsolated { block.run(()) }
    }

    /// Cancels it: once dispatched it does not run.
    public func cancel() {
        isCancelled = true
        let key = key
        _ = Recorder.inRecording { $0.unschedule { $0 == key } }
    }
}
