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
        let half = min(rect.width, rect.height) / 2
        let limit = shape == .continuous ? half / Self.continuousCornerExtent : half
        let radius = cornerRadius.isNaN ? 0 : max(0, min(cornerRadius, limit))
        // Corners clockwise: the corner point, the unit vector along the incoming edge's
        // direction of travel ("along" runs back against it) and the outgoing one.
        let places: [(corner: CornerMask, point: Point, incoming: Point, outgoing: Point)] = [
            (.minXMinY, Point(x: rect.minX, y: rect.minY), Point(x: 0, y: -1), Point(x: 1, y: 0)),
            (.maxXMinY, Point(x: rect.maxX, y: rect.minY), Point(x: 1, y: 0), Point(x: 0, y: 1)),
            (.maxXMaxY, Point(x: rect.maxX, y: rect.maxY), Point(x: 0, y: 1), Point(x: -1, y: 0)),
            (.minXMaxY, Point(x: rect.minX, y: rect.maxY), Point(x: -1, y: 0), Point(x: 0, y: -1)),
        ]
        for place in places {
            let p = place.point, i = place.incoming, o = place.outgoing
            // (along, across) → the corner point − along·r·incoming + across·r·outgoing.
            func at(_ along: Double, _ across: Double) -> Point {
                Point(x: p.x - along * radius * i.x + across * radius * o.x, y: p.y - along * radius * i.y + across * radius * o.y)
            }
            guard radius > 0, corners.contains(place.corner) else {
                line(to: p)
                continue
            }
            switch shape {
            case .circular:
                // The arc about the corner's centre, from the incoming edge to the outgoing one.
                let centre = at(1, 1)
                let start = angle(of: Point(x: -o.x, y: -o.y))
                if currentPoint == nil { move(to: at(1, 0)) }
                arc(center: centre, radius: radius, startRadians: start, endRadians: start + Double.pi / 2)
            case .continuous:
                line(to: at(Self.continuousCornerExtent, 0))
                for piece in Self.continuousCorner {
                    let end = at(piece.end.0, piece.end.1)
                    if let c1 = piece.c1, let c2 = piece.c2 {
                        curve(to: end, control1: at(c1.0, c1.1), control2: at(c2.0, c2.1))
                    } else {
                        line(to: end)
                    }
                }
            }
        }
        close()
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
        Path(contours: contours.map { projection.project($0) })
    }
}

/// The screen angle of a direction (0 along +x, growing toward +y) for the axis directions only.
private func angle(of direction: Point) -> Double {
    if direction.x > 0 { return 0 }
    if direction.y > 0 { return Double.pi / 2 }
    if direction.x < 0 { return Double.pi }
    return -Double.pi / 2
}
