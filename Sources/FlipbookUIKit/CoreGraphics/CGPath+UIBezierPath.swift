import Foundation
import FlipbookGeometry
import FlipbookRaster

/// A path in Core Graphics' terms (`CGPath`): the shapes a layer's `shadowPath` takes — a
/// rectangle and a rounded rectangle, with all or some corners rounded. Not `Sendable`, as Core
/// Graphics' `CGPath` is not.
public final class CGPath: Equatable {
    /// The outline in points, as the drawing model fills it.
    let path: Path

    init(_ path: Path) { self.path = path }

    /// A rectangle (`CGPath(rect:transform:)`; a transform is not supported and must be nil).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(roundedRect: rect, cornerWidth: 0, cornerHeight: 0, transform: transform)
    }

    /// A rounded rectangle (`CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`); corners
    /// are circular with the smaller of the two radii.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) {
        precondition(transform == nil, "CGPath transforms are not supported")
        self.init(Path(layerShape: Rect(rect), cornerRadius: Double(min(cornerWidth, cornerHeight))))
    }

    /// Equal outlines.
    public static func == (a: CGPath, b: CGPath) -> Bool { a.path == b.path }
}

/// Which corners of a rectangle are rounded (`UIRectCorner`).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// A set of corners.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top left.
    public static let topLeft = UIRectCorner(rawValue: 1)
    /// Top right.
    public static let topRight = UIRectCorner(rawValue: 2)
    /// Bottom left.
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    /// Bottom right.
    public static let bottomRight = UIRectCorner(rawValue: 8)
    /// All four.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path (`UIBezierPath`) as transition code builds a `shadowPath`: rectangles and rounded
/// rectangles.
open class UIBezierPath: NSObject {
    /// The Core Graphics path.
    public let cgPath: CGPath

    /// A rectangle.
    public init(rect: CGRect) { cgPath = CGPath(rect: rect, transform: nil) }
    /// A rectangle with all four corners rounded. UIKit draws this path's corners with the
    /// continuous curve since iOS 7 (unlike `CGPath`'s and a layer's default circular ones), so
    /// the drawing model's continuous corner is used.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }
    /// A rectangle with some corners rounded (the smaller of the two radii; continuous, as above).
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        // UIRectCorner's bits are CACornerMask's: top left 1, top right 2, bottom left 4, bottom right 8.
        cgPath = CGPath(Path(layerShape: Rect(rect), cornerRadius: Double(min(cornerRadii.width, cornerRadii.height)),
                             corners: CornerMask(rawValue: Int(corners.rawValue)), curve: .continuous))
    }
    /// The bounding box of the outline.
    open var bounds: CGRect {
        let box = cgPath.path.boundingBox ?? Rect(x: 0, y: 0, width: 0, height: 0)
        return CGRect(x: box.x, y: box.y, width: box.width, height: box.height)
    }
}

extension Rect {
    /// A Core Graphics rect in the model's terms.
    init(_ rect: CGRect) { self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height)) }
}
