// INTERFACE STUB — the motion helper replaces this file. The public signatures are the contract.
import FlipbookGeometry

public struct Spring: Sendable, Hashable {
    public var mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) { fatalError("stub") }
    public func value(atSeconds t: Double) -> Double { fatalError("stub") }
}

public struct CubicBezier: Sendable, Hashable {
    public var x1: Double, y1: Double, x2: Double, y2: Double
    public init(x1: Double, y1: Double, x2: Double, y2: Double) { self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2 }
    public static let easeInEaseOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    public func progress(atFraction x: Double) -> Double { fatalError("stub") }
}

public enum TimingCurve: Sendable, Hashable {
    case spring(dampingRatio: Double, initialVelocity: Double)
    case springPhysics(Spring)
    case bezier(CubicBezier)
}

public struct Timing: Sendable, Hashable {
    public var curve: TimingCurve
    public var durationSeconds: Double
    public init(curve: TimingCurve, durationSeconds: Double) { self.curve = curve; self.durationSeconds = durationSeconds }
    public func rawProgress(atSeconds t: Double) -> Double { fatalError("stub") }
    public func progress(atSeconds t: Double) -> Double { fatalError("stub") }
}

public struct FrameSample: Sendable, Hashable {
    public var index: Int, timeSeconds: Double, progress: Double
}

public struct Timeline: Sendable {
    public var timing: Timing
    public var framesPerSecond: Double
    public init(timing: Timing, framesPerSecond: Double) { self.timing = timing; self.framesPerSecond = framesPerSecond }
    public var frames: [FrameSample] { fatalError("stub") }
}

public protocol Interpolatable { static func interpolate(from a: Self, to b: Self, progress: Double) -> Self }
extension Double: Interpolatable {
    public static func interpolate(from a: Double, to b: Double, progress: Double) -> Double { a + (b - a) * progress }
}
extension Point: Interpolatable {
    public static func interpolate(from a: Point, to b: Point, progress p: Double) -> Point {
        Point(x: .interpolate(from: a.x, to: b.x, progress: p), y: .interpolate(from: a.y, to: b.y, progress: p))
    }
}
extension Size: Interpolatable {
    public static func interpolate(from a: Size, to b: Size, progress p: Double) -> Size {
        Size(width: .interpolate(from: a.width, to: b.width, progress: p), height: .interpolate(from: a.height, to: b.height, progress: p))
    }
}
extension Rect: Interpolatable {
    public static func interpolate(from a: Rect, to b: Rect, progress p: Double) -> Rect {
        Rect(origin: .interpolate(from: a.origin, to: b.origin, progress: p), size: .interpolate(from: a.size, to: b.size, progress: p))
    }
}
