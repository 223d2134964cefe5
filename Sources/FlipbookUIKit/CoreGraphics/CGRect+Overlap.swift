import Foundation

extension CGRect {
    /// Whether the rects share some area: rects that only touch along an edge do not (an item
    /// whose edge meets the visible bounds' edge is off screen, as UIKit counts it).
    func overlaps(_ other: CGRect) -> Bool {
        let a = standardized, b = other.standardized
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
