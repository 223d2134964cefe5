package import FlipbookGeometry
package import FlipbookRaster

extension NavigationBar {
    /// The back indicator's box in a 44 pt bar: 12.5×21 pt (UIKit's iOS 7–12 back indicator
    /// image), 8 pt from the bar's left edge and centred vertically.
    package static let backChevronSizePoints = Size(width: 12.5, height: 21)
    /// Where the back button's title starts, from the bar's left edge: after the chevron and a
    /// 5.5 pt gap, at 26 pt.
    package static let backTitleInsetPoints = 26.0
    /// The chevron's line width in points.
    static let backChevronLineWidthPoints = 3.0

    /// UIKit's back chevron ("<") in a navigation bar whose 44 pt item row is `bar` (screen
    /// points): two 3 pt strokes with round caps and a round join, filling a 12.5×21 box at
    /// (bar.x + 8, bar.midY − 10.5), drawn in `color` (nil: the bar's tint, systemBlue).
    package static func backChevron(in bar: Rect, color: StraightColor? = nil) -> ChromeShape {
        let box = Rect(
            x: bar.minX + 8, y: bar.midY - backChevronSizePoints.height / 2,
            width: backChevronSizePoints.width, height: backChevronSizePoints.height)
        // The stroke's centre line, inset by half the line width so the round ends touch the box.
        let inset = backChevronLineWidthPoints / 2
        let line = [
            Point(x: box.maxX - inset, y: box.minY + inset), Point(x: box.minX + inset, y: box.midY),
            Point(x: box.maxX - inset, y: box.maxY - inset)
        ]
        return ChromeShape(
            name: "back chevron", path: Path(stroking: line, width: backChevronLineWidthPoints, roundCaps: true),
            color: color ?? tintColor)
    }
}
