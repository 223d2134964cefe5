import FlipbookGeometry

/// A clip region: a rect in points, optionally with rounded corners (`CALayer.cornerRadius` with
/// `masksToBounds`). Its edges are anti-aliased by area coverage like a fill's.
public struct Clip: Hashable, Sendable {
    /// The clip rect in points; an empty rect clips everything away.
    public var rect: Rect
    /// Corner radius in points; ≤ 0 (or NaN) means square corners, and it is limited to half
    /// the shorter side when drawing (as iOS does).
    public var cornerRadius: Double

    /// Creates a clip.
    public init(rect: Rect, cornerRadius: Double = 0) { self.rect = rect; self.cornerRadius = cornerRadius }
}

/// An 8-bit coverage mask (e.g. a rasterized glyph): 0 = nothing, 255 = fully covered.
/// Row-major, top row first; drawn with `Canvas.draw(_:atPixelX:y:color:opacity:clip:)`.
public struct CoverageMask: Sendable, Equatable {
    /// Columns, ≥ 0.
    public let width: Int
    /// Rows, ≥ 0.
    public let height: Int
    /// `width · height` coverage values; (x, y) is at `y · width + x`.
    public var coverage: [UInt8]

    /// Creates a mask (`coverage.count` must be `width · height`).
    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height, "coverage count does not match \(width)×\(height)")
        self.width = width; self.height = height; self.coverage = coverage
    }
}
