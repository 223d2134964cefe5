package import FlipbookGeometry

/// What a gesture's progress measures: the finger's translation projected on a direction, divided
/// by a length (`Gesture.axis`, `Gesture.lengthPoints`; docs/INTERACTIVE.md, "Gesture axis").
///
/// An edge-swipe pop moves along `x` (the default, as every gesture before axes existed); a sheet
/// pulled down to dismiss it along `y` (window y points down); a sheet pushed up along `negativeY`.
/// `direction` takes any vector (normalised): a diagonal drag of a zoom-out dismiss.
public enum GestureAxis: Sendable, Hashable {
    /// Rightwards (+x): an edge-swipe pop.
    case x
    /// Leftwards (−x): a swipe-back in a right-to-left layout.
    case negativeX
    /// Downwards (+y): a sheet or a photo pulled down to dismiss it.
    case y
    /// Upwards (−y): a card pushed up.
    case negativeY
    /// Along the vector `(dx, dy)` in window points (x right, y down); only its direction counts.
    case direction(dx: Double, dy: Double)

    /// The names a gesture file's `"axis"` accepts (an `[dx, dy]` array is the fifth form).
    public static let names: [String: GestureAxis] = ["x": .x, "-x": .negativeX, "y": .y, "-y": .negativeY]

    /// Why a direction vector cannot be an axis.
    package static func problem(dx: Double, dy: Double) -> String? {
        guard dx.isFinite, dy.isFinite else { return "the direction must be two finite numbers" }
        // The squared length must not underflow to 0 or overflow: the unit vector divides by it.
        let squared = dx * dx + dy * dy
        guard squared > 0, squared.isFinite, squared.squareRoot() >= 1e-6 else {
            return "the direction [\(plain(dx)), \(plain(dy))] has no length (or is too short to normalise); give e.g. [0, 1] for down"
        }
        return nil
    }

    /// The unit vector along the axis, in window coordinates. Traps for a direction `problem` refuses.
    package var unitVector: Point {
        switch self {
        case .x: return Point(x: 1, y: 0)
        case .negativeX: return Point(x: -1, y: 0)
        case .y: return Point(x: 0, y: 1)
        case .negativeY: return Point(x: 0, y: -1)
        case let .direction(dx, dy):
            precondition(GestureAxis.problem(dx: dx, dy: dy) == nil, "bad gesture direction (\(dx), \(dy))")
            let length = (dx * dx + dy * dy).squareRoot()
            return Point(x: dx / length, y: dy / length)
        }
    }

    /// The component of `vector` along the axis (the dot product with `unitVector`): a translation
    /// in points or a velocity in points per second, positive towards completion. For `x` it is
    /// exactly `vector.x`, so gestures along x behave bit for bit as before axes existed.
    package func along(_ vector: Point) -> Double {
        switch self {
        case .x: return vector.x
        case .negativeX: return -vector.x
        case .y: return vector.y
        case .negativeY: return -vector.y
        case .direction:
            let u = unitVector
            return vector.x * u.x + vector.y * u.y
        }
    }

    /// The size of `vector`'s component across the axis (≥ 0, the same units).
    package func across(_ vector: Point) -> Double {
        let u = unitVector
        return abs(vector.x * u.y - vector.y * u.x)
    }

    /// The length a full progress takes when the gesture gives none: the container's extent along
    /// the axis, `|uₓ|·width + |u_y|·height` — the width for x (a swipe across the screen), the
    /// height for y (a sheet pulled down the whole screen).
    package func defaultLengthPoints(containerWidthPoints width: Double, heightPoints height: Double) -> Double {
        switch self {
        case .x, .negativeX: return width
        case .y, .negativeY: return height
        case .direction:
            let u = unitVector
            return abs(u.x) * width + abs(u.y) * height
        }
    }

    /// The axis as a gesture file writes it: `x`, `-x`, `y`, `-y` or `[dx, dy]`.
    public var text: String {
        switch self {
        case .x: return "x"
        case .negativeX: return "-x"
        case .y: return "y"
        case .negativeY: return "-y"
        case let .direction(dx, dy): return "[\(plain(dx)), \(plain(dy))]"
        }
    }
}

extension Gesture {
    /// The length progress is divided by for a container `size`: the gesture's own
    /// `lengthPoints`, else the container's extent along the axis.
    package func progressLengthPoints(containerWidthPoints width: Double, heightPoints height: Double) -> Double {
        lengthPoints ?? axis.defaultLengthPoints(containerWidthPoints: width, heightPoints: height)
    }

    /// A warning when the finger moves mostly across the axis and never reaches any progress along
    /// it — a vertical drag driving an `x` gesture stays at fraction 0 the whole way, and the
    /// render would show a flat line without saying why. Nil when the gesture drives its axis
    /// (some sample's translation along it is positive) or barely moves (under 10 pt across).
    package var acrossAxisWarning: String? {
        let start = samples[0].location
        var maximumAlong = -Double.infinity, maximumAcross = 0.0
        var best = Point(x: 0, y: 0)
        for sample in samples {
            let offset = Point(x: sample.location.x - start.x, y: sample.location.y - start.y)
            maximumAlong = max(maximumAlong, axis.along(offset))
            let across = axis.across(offset)
            if across > maximumAcross { maximumAcross = across; best = offset }
        }
        // 10 pt: UIPanGestureRecognizer's own slop is about that; less is a tap, not a drag.
        guard maximumAlong <= 0, maximumAcross >= 10 else { return nil }
        let suggestion: String
        if abs(best.y) >= abs(best.x) { suggestion = best.y > 0 ? "y" : "-y" } else { suggestion = best.x > 0 ? "x" : "-x" }
        return "the finger moves \(plain((maximumAcross * 10).rounded() / 10)) pt across the gesture's axis \(axis.text) "
            + "and never along it, so the transition stays at fraction 0; set \"axis\": \"\(suggestion)\" in the gesture file"
    }
}
