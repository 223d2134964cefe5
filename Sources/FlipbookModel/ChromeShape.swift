package import FlipbookRaster

/// One filled glyph of the system chrome (a status bar icon, the home indicator, the back
/// chevron): a path in screen points, filled with the non-zero rule in `color`.
///
/// `color` carries its own alpha: iOS draws parts of some glyphs translucent (the battery's
/// outline at 35 %), which is not a layer opacity.
package struct ChromeShape: Hashable, Sendable {
    /// What it is, for tests and inspection (`"battery level"`, `"wifi"`, …).
    package var name: String
    /// The outline, in points: screen points from `StatusBar`, a layer's own points in `Layer.shapes`.
    package var path: Path
    /// Straight colour, alpha included.
    package var color: StraightColor

    /// Creates a shape.
    package init(name: String, path: Path, color: StraightColor) {
        self.name = name; self.path = path; self.color = color
    }
}

extension Canvas {
    /// Fills each shape in order (later on top), multiplied by `opacity`, inside `clip`.
    package mutating func fill(_ shapes: [ChromeShape], opacity: Double = 1, clip: Clip? = nil) {
        for shape in shapes { fill(shape.path, color: shape.color, opacity: opacity, clip: clip) }
    }
}
