package import FlipbookGeometry

/// A clip region: a rect in points, optionally with rounded corners (`CALayer.cornerRadius` with
/// `masksToBounds`). Its edges are anti-aliased by area coverage like a fill's.
///
/// The region is `rect` ∩ the rounded rect `cornerRect ?? rect` with `cornerRadius`. A nested
/// clip keeps the real shape of a rounded layer that is cut by an enclosing square clip: `rect`
/// is the intersection of all the enclosing clip rects (the square cut), `cornerRect` the rounded
/// layer's own rect, so a card that runs past the screen edge is cut straight at the edge and
/// stays round where its own corners are visible.
package struct Clip: Hashable, Sendable {
    /// The square cut in points: the region never extends outside it; an empty rect clips
    /// everything away.
    package var rect: Rect
    /// Corner radius in points; ≤ 0 (or NaN) means square corners. It is limited to half the
    /// shorter side of the rect whose corners are rounded (`cornerRect ?? rect`) when drawing,
    /// as iOS does.
    package var cornerRadius: Double
    /// The rect (points) whose corners are rounded, or nil for `rect`'s own corners. The region
    /// is `rect ∩ cornerRect` with `cornerRect`'s corners rounded, so a `cornerRect` equal to
    /// `rect` clips exactly like nil.
    package var cornerRect: Rect?

    /// Creates a clip: `rect` ∩ the rounded rect `cornerRect ?? rect` with `cornerRadius` (points).
    package init(rect: Rect, cornerRadius: Double = 0, cornerRect: Rect? = nil) {
        self.rect = rect; self.cornerRadius = cornerRadius; self.cornerRect = cornerRect
    }
}

/// An 8-bit coverage mask (e.g. a rasterized glyph): 0 = nothing, 255 = fully covered.
/// Row-major, top row first; drawn with `Canvas.draw(_:atPixelX:y:color:opacity:clip:)`.
package struct CoverageMask: Sendable, Equatable {
    /// Columns, ≥ 0.
    package let width: Int
    /// Rows, ≥ 0.
    package let height: Int
    /// `width · height` coverage values; (x, y) is at `y · width + x`.
    package var coverage: [UInt8]

    /// Creates a mask (`coverage.count` must be `width · height`).
    package init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height, "coverage count does not match \(width)×\(height)")
        self.width = width; self.height = height; self.coverage = coverage
    }
}
