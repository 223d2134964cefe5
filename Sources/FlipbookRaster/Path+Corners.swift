package import FlipbookGeometry

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
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY)
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
    /// `(maxX − along·r, minY + across·r)`. UIKit's `UIBezierPath(roundedRect:cornerRadius:)`
    /// as iOS 14–17 prints its `CGPath` (published element by element in ChouTiUI's
    /// `NSBezierPath+RoundedRect.swift`, Honghao Zhang, dumped on iOS 14.2 and 15, checked on 16
    /// and 17.5): a cubic leaving the edge 1.528665 r before the corner, a cubic round the
    /// diagonal and its mirror image (the printed path also has zero-length lines between them).
    /// Each entry: (control 1, control 2, end) of a cubic.
    static let continuousCorner: [(c1: (Double, Double), c2: (Double, Double), end: (Double, Double))] = [
        ((1.08849296, 0), (0.86840694, 0), (0.63149379, 0.07491139)),
        ((0.37282383, 0.16905956), (0.16905956, 0.37282383), (0.07491139, 0.63149379)),
        ((0, 0.86840694), (0, 1.08849296), (0, 1.528665))
    ]

    /// How many radii of straight edge a continuous corner takes (it leaves the edge there).
    package static let continuousCornerExtent = 1.528665

    /// Where UIKit's continuous rounded rect changes shape: a side no longer than this many radii
    /// (`2 × 1.528665`, two corners' extents) has no room for two corners.
    package static let continuousCornerBreakRatio = 2 * continuousCornerExtent

    /// The two corners of a side too short for two continuous corners (UIKit's path when one
    /// side of the rect is at most `continuousCornerBreakRatio` radii and the other longer), in
    /// units of the limited radius `ρ = short side / (2 × 1.528665)`, as printed on iOS 17.5
    /// (ChouTiUI, above): the corner entered from the long side leaves it `1.528665 r` before the
    /// corner (the radius asked for) and meets the short side `1.452232 ρ` from the corner, a
    /// straight piece running on to the short side's middle; the corner entered from the short
    /// side is that one's mirror image, except that it reaches the long side `2.308154 ρ` from
    /// the corner. Its outline stays within 0.82 % of the short side of the capsule (0.49 pt on a
    /// 60 pt tall pill), measured on the Béziers.
    static let shortSideEntryCorner: [(c1: (Double, Double), c2: (Double, Double), end: (Double, Double))] = [
        ((1.63527821, 0), (1.29884046, 0), (0.93667966, 0.11451440)),
        ((0.37430551, 0.31920185), (0, 0.85376552), (0, 1.45223159))
    ]
    /// `shortSideEntryCorner` entered from the short side (its mirror image).
    static let shortSideExitCorner: [(c1: (Double, Double), c2: (Double, Double), end: (Double, Double))] = [
        ((0.85376552, 0), (0.31920185, 0.37430551), (0.11451440, 0.93667966)),
        ((0, 1.29884046), (0, 1.63527821), (0, 2.30815370))
    ]

    /// The shape UIKit gives a continuous rounded rect of `rect` and `cornerRadius` (ChouTiUI's
    /// dumps, above): separate corners while both sides are longer than the break ratio × the
    /// radius; a capsule (half circles of half the shorter side) when neither is; in between, the
    /// corners of the short sides meeting in their middles.
    enum ContinuousShape: Equatable {
        case corners
        case shortSides
        case capsule
    }

    static func continuousShape(of rect: Rect, cornerRadius: Double) -> ContinuousShape {
        let limit = continuousCornerBreakRatio * cornerRadius
        switch (rect.width > limit, rect.height > limit) {
        case (true, true): return .corners
        case (false, false): return .capsule
        default: return .shortSides
        }
    }

    /// The pieces of a continuous outline, corner by corner in `cornerFrames` order, in points
    /// and in each corner's `(along, across)` frame: a straight piece to where the corner leaves
    /// its incoming edge (`entry`), then cubics to where it reaches the outgoing one; nil for a
    /// square corner. A capsule is nil here (its corners are circular). Only a rect with every
    /// corner rounded changes shape with the radius, as UIKit's `roundedRect:cornerRadius:`
    /// does; corners of a partial mask are limited to half the shorter side ÷ 1.528665.
    static func continuousCorners(of rect: Rect, cornerRadius: Double, corners: CornerMask)
        -> [(entry: (Double, Double), cubics: [(c1: (Double, Double), c2: (Double, Double), end: (Double, Double))])?]?
    {
        let frames = cornerFrames(of: rect)
        let radius = cornerRadius.isNaN ? 0 : max(0, cornerRadius)
        func scaled(_ table: [(c1: (Double, Double), c2: (Double, Double), end: (Double, Double))], by r: Double)
            -> [(c1: (Double, Double), c2: (Double, Double), end: (Double, Double))]
        {
            table.map { ((r * $0.c1.0, r * $0.c1.1), (r * $0.c2.0, r * $0.c2.1), (r * $0.end.0, r * $0.end.1)) }
        }
        guard corners == .all, radius > 0, continuousShape(of: rect, cornerRadius: radius) != .corners else {
            let limited = limitedCornerRadius(radius, in: rect, curve: .continuous)
            return frames.map { frame in
                guard limited > 0, corners.contains(frame.corner) else { return nil }
                return ((continuousCornerExtent * limited, 0), scaled(continuousCorner, by: limited))
            }
        }
        if continuousShape(of: rect, cornerRadius: radius) == .capsule { return nil }
        let rho = min(rect.width, rect.height) / continuousCornerBreakRatio
        let wide = rect.width > rect.height
        return frames.map { frame in
            // The top-right and bottom-left corners are entered along a horizontal edge.
            let enteredHorizontally = frame.corner == .maxXMinY || frame.corner == .minXMaxY
            if enteredHorizontally == wide {
                return ((continuousCornerExtent * radius, 0), scaled(shortSideEntryCorner, by: rho))
            }
            return ((shortSideEntryCorner[1].end.1 * rho, 0), scaled(shortSideExitCorner, by: rho))
        }
    }

    /// The outline of a layer's shape: `rect` with the corners in `corners` rounded by
    /// `cornerRadius` along `curve`, the others square, as one clockwise contour (on screen,
    /// y down) starting where the left or top edge leaves the top-left corner.
    ///
    /// Circular corners are limited to half the shorter side. Continuous ones follow UIKit's
    /// continuous rounded rect across the whole range of radii (`continuousShape`): up to the
    /// shorter side ÷ 3.05733 separate corners, beyond that the short sides' corners meet in
    /// their middles, and with no side longer than 3.05733 radii a capsule (so `cornerRadius =
    /// h/2` on a square or a short pill is a capsule, and on a long pill within 0.82 % of its
    /// height of one). Curves are flattened within `Path.flatteningTolerancePoints`. An empty or
    /// non-finite rect gives an empty path.
    package init(layerShape rect: Rect, cornerRadius: Double, corners: CornerMask = .all, curve shape: CornerCurve = .circular) {
        self.init()
        guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        if shape == .continuous, let pieces = Self.continuousOutline(of: rect, cornerRadius: cornerRadius, corners: corners) {
            for piece in pieces.joined() {
                switch piece {
                case let .line(end): line(to: end)
                case let .cubic(end, control1, control2): curve(to: end, control1: control1, control2: control2)
                }
            }
            close()
            return
        }
        // Circular corners, or a continuous capsule: half circles of half the shorter side.
        let radius =
            shape == .continuous ? min(rect.width, rect.height) / 2 : Self.limitedCornerRadius(cornerRadius, in: rect, curve: shape)
        for place in Self.cornerFrames(of: rect) {
            guard radius > 0, corners.contains(place.corner) else {
                line(to: place.point)
                continue
            }
            let at = { (along: Double, across: Double) in place.at(along, across, radius: radius) }
            // The arc about the corner's centre, from the incoming edge to the outgoing one.
            let centre = at(1, 1)
            let start = angle(of: Point(x: -place.outgoing.x, y: -place.outgoing.y))
            if currentPoint == nil { move(to: at(1, 0)) }
            arc(center: centre, radius: radius, startRadians: start, endRadians: start + Double.pi / 2)
        }
        close()
    }

    /// A piece of an outline in points: a straight line or a cubic to `end`.
    enum OutlinePiece {
        case line(Point)
        case cubic(Point, control1: Point, control2: Point)
    }

    /// The continuous outline of `rect` (`continuousCorners`) as pieces in points, one list per
    /// corner in `cornerFrames` order: a line to where the corner starts and its cubics, or a line
    /// to a square corner; nil for a capsule.
    static func continuousOutline(of rect: Rect, cornerRadius: Double, corners: CornerMask) -> [[OutlinePiece]]? {
        guard let pieces = continuousCorners(of: rect, cornerRadius: cornerRadius, corners: corners) else { return nil }
        return zip(cornerFrames(of: rect), pieces).map { frame, corner -> [OutlinePiece] in
            guard let corner else { return [.line(frame.point)] }
            func at(_ point: (Double, Double)) -> Point { frame.at(point.0, point.1, radius: 1) }
            return [.line(at(corner.entry))] + corner.cubics.map { .cubic(at($0.end), control1: at($0.c1), control2: at($0.c2)) }
        }
    }

    /// Where a piece ends.
    static func end(of piece: OutlinePiece) -> Point {
        switch piece {
        case let .line(end), let .cubic(end, _, _): return end
        }
    }

    /// `cornerRadius` limited as UIKit limits it for `rect`: to half the shorter side for circular
    /// corners, to that ÷ 1.528665 for the separate continuous corners (NaN and negative radii are 0).
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
            Point(
                x: point.x - along * radius * incoming.x + across * radius * outgoing.x,
                y: point.y - along * radius * incoming.y + across * radius * outgoing.y)
        }
    }

    /// The four corners of `rect` clockwise on screen from the top-left one.
    static func cornerFrames(of rect: Rect) -> [CornerFrame] {
        [
            CornerFrame(
                corner: .minXMinY, point: Point(x: rect.minX, y: rect.minY), incoming: Point(x: 0, y: -1), outgoing: Point(x: 1, y: 0)),
            CornerFrame(
                corner: .maxXMinY, point: Point(x: rect.maxX, y: rect.minY), incoming: Point(x: 1, y: 0), outgoing: Point(x: 0, y: 1)),
            CornerFrame(
                corner: .maxXMaxY, point: Point(x: rect.maxX, y: rect.maxY), incoming: Point(x: 0, y: 1), outgoing: Point(x: -1, y: 0)),
            CornerFrame(
                corner: .minXMaxY, point: Point(x: rect.minX, y: rect.maxY), incoming: Point(x: -1, y: 0), outgoing: Point(x: 0, y: -1))
        ]
    }

    /// The band a border of `width` fills inside a layer's shape (Core Animation draws the
    /// border inset from the bounds): the shape, and inside it the shape of the rect inset by
    /// `width` with the radius less `width`, wound the other way (non-zero: the band only).
    package init(layerBorder rect: Rect, width: Double, cornerRadius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular) {
        self.init(layerShape: rect, cornerRadius: cornerRadius, corners: corners, curve: curve)
        let inner = rect.insetBy(dx: width, dy: width)
        guard width > 0, !inner.isEmpty else { return }
        let hole = Path(layerShape: inner, cornerRadius: cornerRadius - width, corners: corners, curve: curve)
        self = Path(contours: contours + hole.contours.map { Array($0.reversed()) })
    }

    /// Every vertex mapped through `projection` (a layer's plane under a 3-D transform), each
    /// contour first cut where it passes behind the eye (`Homography.project`).
    package func projected(_ projection: Homography) -> Path {
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
    /// `init(roundedRect:byRoundingCorners:cornerRadii:)`, continuous corners, across the whole
    /// range of radii as `Path(layerShape:…)` describes) or as a layer's outline is
    /// (`curve: .circular`): the corners in `corners` rounded by `cornerRadius`, the others square.
    ///
    /// Elements, circular: a move to where the top edge leaves the top-left corner, then for the
    /// top-right, bottom-right, bottom-left and top-left corners a line to where the corner
    /// starts and the quarter-circle cubic (a continuous capsule's corners are circular), or a
    /// line to a square corner, then a close. Continuous, as UIKit prints it: a move to where the
    /// top-left corner meets the top edge, then for the top-right, bottom-right, bottom-left and
    /// top-left corners a line to where it starts and its three cubics (two for a corner of a
    /// short side), or a line to a square corner, then a close. The same rect, radius class and
    /// corners always give the same structure, so two such paths interpolate. An empty or
    /// non-finite rect adds nothing.
    package mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double, corners: CornerMask = .all, curve: CornerCurve) {
        guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let frames = Path.cornerFrames(of: rect)
        if curve == .continuous, let pieces = Path.continuousOutline(of: rect, cornerRadius: cornerRadius, corners: corners),
            let start = pieces[0].last.map(Path.end(of:))
        {
            // As UIKit's printed paths: from where the top-left corner meets the top edge, round
            // the top-right, bottom-right, bottom-left and top-left corners.
            move(to: start)
            for piece in (pieces.dropFirst() + [pieces[0]]).joined() {
                switch piece {
                case let .line(end): addLine(to: end)
                case let .cubic(end, control1, control2): addCurve(to: end, control1: control1, control2: control2)
                }
            }
            closeSubpath()
            return
        }
        let radius =
            curve == .continuous ? min(rect.width, rect.height) / 2 : Path.limitedCornerRadius(cornerRadius, in: rect, curve: curve)
        func rounded(_ frame: Path.CornerFrame) -> Bool { radius > 0 && corners.contains(frame.corner) }
        let first = frames[0]
        move(to: rounded(first) ? first.at(0, 1, radius: radius) : first.point)
        for frame in frames.dropFirst() + [first] {
            guard rounded(frame) else {
                addLine(to: frame.point)
                continue
            }
            let at = { (along: Double, across: Double) in frame.at(along, across, radius: radius) }
            addLine(to: at(1, 0))
            let k = Self.quarterCircleControl
            addCurve(to: at(0, 1), control1: at(1 - k, 0), control2: at(0, 1 - k))
        }
        closeSubpath()
    }
}
