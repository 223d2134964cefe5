import FlipbookGeometry

/// Which corners of a layer `cornerRadius` rounds (`CALayer.maskedCorners`, a `CACornerMask`):
/// named by the corner's place in the layer's own coordinates (y down, as on iOS), so
/// `minXMinY` is the top-left corner.
public struct CornerMask: OptionSet, Hashable, Sendable {
    /// The mask's bits (`CACornerMask`'s raw values: 1, 2, 4, 8).
    public let rawValue: Int
    /// Creates a mask from `CACornerMask` raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Top-left (`layerMinXMinYCorner`).
    public static let minXMinY = CornerMask(rawValue: 1)
    /// Top-right (`layerMaxXMinYCorner`).
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// Bottom-left (`layerMinXMaxYCorner`).
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// Bottom-right (`layerMaxXMaxYCorner`).
    public static let maxXMaxY = CornerMask(rawValue: 8)
    /// All four corners, Core Animation's default.
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// The corners with their transition-file names, in `CACornerMask`'s bit order.
    public static let named: [(name: String, corner: CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]
}

/// The shape of a rounded corner (`CALayer.cornerCurve`).
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
    /// A quarter circle of the corner radius (`.circular`, Core Animation's default).
    case circular
    /// iOS's "squircle" corner (`.continuous`): the curvature ramps up from the straight edge
    /// instead of jumping, and the curve starts 1.528665 radii before the corner (docs/RASTER.md,
    /// "Corner curves").
    case continuous
}

extension Path {
    /// The continuous corner of radius 1, for the top-right corner, from the top edge to the
    /// right edge, as `(along, across)` distances from the corner point: a point is
    /// `(maxX − along·r, minY + across·r)`. The published reverse-engineering of iOS 7's
    /// `UIBezierPath(roundedRect:cornerRadius:)` (PixelCut, 2013): a cubic leaving the edge
    /// 1.528665 r before the corner, a short straight piece, a cubic round the diagonal and the
    /// mirror image of the first two, made exactly symmetric about the diagonal here (the
    /// published path drops the second straight piece; it is 0.04 r long).
    /// Each entry: (control 1, control 2, end) of a cubic, or a straight piece when the controls are nil.
    static let continuousCorner: [(c1: (Double, Double)?, c2: (Double, Double)?, end: (Double, Double))] = [
        ((1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)),
        (nil, nil, (0.63149399, 0.07491100)),
        ((0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399)),
        (nil, nil, (0.06549600, 0.66993427)),
        ((0, 0.86840689), (0, 1.08849323), (0, 1.52866483)),
    ]

    /// How many radii of straight edge a continuous corner takes (it leaves the edge there).
    public static let continuousCornerExtent = 1.52866483

    /// The outline of a layer's shape: `rect` with the corners in `corners` rounded by
    /// `cornerRadius` along `curve`, the others square, as one clockwise contour (on screen,
    /// y down) starting where the top edge leaves the top-left corner.
    ///
    /// The radius is limited as UIKit limits it: to half the shorter side for circular corners,
    /// to half the shorter side ÷ 1.528665 for continuous ones (so two corners' curves meet at
    /// most in the middle of a side). Curves are flattened within `Path.flatteningTolerancePoints`.
    /// An empty or non-finite rect gives an empty path.
    public init(layerShape rect: Rect, cornerRadius: Double, corners: CornerMask = .all, curve shape: CornerCurve = .circular) {
        self.init()
        guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let radius = Self.limitedCornerRadius(cornerRadius, in: rect, curve: shape)
        for place in Self.cornerFrames(of: rect) {
            guard radius > 0, corners.contains(place.corner) else {
                line(to: place.point)
                continue
            }
            let at = { (along: Double, across: Double) in place.at(along, across, radius: radius) }
            switch shape {
            case .circular:
                // The arc about the corner's centre, from the incoming edge to the outgoing one.
                let centre = at(1, 1)
                let start = angle(of: Point(x: -place.outgoing.x, y: -place.outgoing.y))
                if currentPoint == nil { move(to: at(1, 0)) }
                arc(center: centre, radius: radius, startRadians: start, endRadians: start + Double.pi / 2)
            case .continuous:
                line(to: at(Self.continuousCornerExtent, 0))
                place.walkContinuousCorner(radius: radius, line: { line(to: $0) }, curve: { curve(to: $0, control1: $1, control2: $2) })
            }
        }
        close()
    }

    /// `cornerRadius` limited as UIKit limits it for `rect`: to half the shorter side for circular
    /// corners, to that ÷ 1.528665 for continuous ones (NaN and negative radii are 0).
    static func limitedCornerRadius(_ cornerRadius: Double, in rect: Rect, curve: CornerCurve) -> Double {
        let half = min(rect.width, rect.height) / 2
        let limit = curve == .continuous ? half / continuousCornerExtent : half
        return cornerRadius.isNaN ? 0 : max(0, min(cornerRadius, limit))
    }

    /// A rect's corner in the walk round it (clockwise on screen, from the top-left corner): the
    /// corner point, the unit vector along the incoming edge's direction of travel and the
    /// outgoing one.
    struct CornerFrame {
        let corner: CornerMask, point: Point, incoming: Point, outgoing: Point

        /// The point `along` radii back along the incoming edge and `across` radii along the
        /// outgoing one from the corner point (the corner tables' coordinates).
        func at(_ along: Double, _ across: Double, radius: Double) -> Point {
            Point(x: point.x - along * radius * incoming.x + across * radius * outgoing.x,
                  y: point.y - along * radius * incoming.y + across * radius * outgoing.y)
        }

        /// Calls `line` and `curve` (end, control 1, control 2) with the pieces of the continuous
        /// corner of `radius` here, from where it leaves the incoming edge (which the caller has
        /// reached) to the outgoing edge.
        func walkContinuousCorner(radius: Double, line: (Point) -> Void, curve: (Point, Point, Point) -> Void) {
            for piece in Path.continuousCorner {
                let end = at(piece.end.0, piece.end.1, radius: radius)
                if let c1 = piece.c1, let c2 = piece.c2 {
                    curve(end, at(c1.0, c1.1, radius: radius), at(c2.0, c2.1, radius: radius))
                } else {
                    line(end)
                }
            }
        }
    }

    /// The four corners of `rect` clockwise on screen from the top-left one.
    static func cornerFrames(of rect: Rect) -> [CornerFrame] {
        [CornerFrame(corner: .minXMinY, point: Point(x: rect.minX, y: rect.minY), incoming: Point(x: 0, y: -1), outgoing: Point(x: 1, y: 0)),
         CornerFrame(corner: .maxXMinY, point: Point(x: rect.maxX, y: rect.minY), incoming: Point(x: 1, y: 0), outgoing: Point(x: 0, y: 1)),
         CornerFrame(corner: .maxXMaxY, point: Point(x: rect.maxX, y: rect.maxY), incoming: Point(x: 0, y: 1), outgoing: Point(x: -1, y: 0)),
         CornerFrame(corner: .minXMaxY, point: Point(x: rect.minX, y: rect.maxY), incoming: Point(x: -1, y: 0), outgoing: Point(x: 0, y: -1))]
    }

    /// The band a border of `width` fills inside a layer's shape (Core Animation draws the
    /// border inset from the bounds): the shape, and inside it the shape of the rect inset by
    /// `width` with the radius less `width`, wound the other way (non-zero: the band only).
    public init(layerBorder rect: Rect, width: Double, cornerRadius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular) {
        self.init(layerShape: rect, cornerRadius: cornerRadius, corners: corners, curve: curve)
        let inner = rect.insetBy(dx: width, dy: width)
        guard width > 0, !inner.isEmpty else { return }
        let hole = Path(layerShape: inner, cornerRadius: cornerRadius - width, corners: corners, curve: curve)
        self = Path(contours: contours + hole.contours.map { Array($0.reversed()) })
    }

    /// Every vertex mapped through `projection` (a layer's plane under a 3-D transform), each
    /// contour first cut where it passes behind the eye (`Homography.project`).
    public func projected(_ projection: Homography) -> Path {
        Path(contours: contours.map { projection.project($0) }, fillRule: fillRule)
    }
}

/// The screen angle of a direction (0 along +x, growing toward +y) for the axis directions only.
private func angle(of direction: Point) -> Double {
    if direction.x > 0 { return 0 }
    if direction.y > 0 { return Double.pi / 2 }
    if direction.x < 0 { return Double.pi }
    return -Double.pi / 2
}

extension BezierPath {
    /// A closed rounded rect as `UIBezierPath` builds one (`init(roundedRect:cornerRadius:)`,
    /// `init(roundedRect:byRoundingCorners:cornerRadii:)`, continuous corners) or as a layer's
    /// outline is (`curve: .circular`): the corners in `corners` rounded by `cornerRadius`, limited
    /// as `Path(layerShape:…)` limits it, the others square.
    ///
    /// Elements: a move to where the top edge leaves the top-left corner, then for the top-right,
    /// bottom-right, bottom-left and top-left corners a line to where the corner starts and its
    /// curve — one cubic for a circular corner (the quarter-circle cubic), the continuous
    /// corner's cubic, line, cubic, line, cubic (docs/RASTER.md, "Corner curves") — or a line to
    /// a square corner, then a close. The same rect and corners always give the same structure,
    /// so two such paths interpolate. An empty or non-finite rect adds nothing.
    package mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double, corners: CornerMask = .all, curve: CornerCurve) {
        guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let radius = Path.limitedCornerRadius(cornerRadius, in: rect, curve: curve)
        let frames = Path.cornerFrames(of: rect)
        let extent = curve == .continuous ? Path.continuousCornerExtent : 1
        func rounded(_ frame: Path.CornerFrame) -> Bool { radius > 0 && corners.contains(frame.corner) }
        let first = frames[0]
        move(to: rounded(first) ? first.at(0, extent, radius: radius) : first.point)
        for frame in frames.dropFirst() + [first] {
            guard rounded(frame) else {
                addLine(to: frame.point)
                continue
            }
            let at = { (along: Double, across: Double) in frame.at(along, across, radius: radius) }
            addLine(to: at(extent, 0))
            switch curve {
            case .circular:
                let k = Self.quarterCircleControl
                addCurve(to: at(0, 1), control1: at(1 - k, 0), control2: at(0, 1 - k))
            case .continuous:
                frame.walkContinuousCorner(radius: radius, line: { addLine(to: $0) },
                                           curve: { addCurve(to: $0, control1: $1, control2: $2) })
            }
        }
        closeSubpath()
    }
}
