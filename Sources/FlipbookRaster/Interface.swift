// INTERFACE STUB — the raster helper replaces this file with real implementations split over
// several files. The public signatures below are the contract other modules code against.
import FlipbookGeometry

/// A straight (not premultiplied) sRGB colour; each component in 0…1.
public struct StraightColor: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public static let black = StraightColor(white: 0)
    public static let white = StraightColor(white: 1)
    public static let clear = StraightColor(white: 0, alpha: 0)
}

/// A premultiplied RGBA8 pixel packed in a `UInt32`: red in the low byte, alpha in the high byte
/// (memory order R, G, B, A on little-endian). Invariant: red, green, blue ≤ alpha.
public struct PremultipliedPixel: Hashable, Sendable {
    public var packed: UInt32
    public init(packed: UInt32) { self.packed = packed }
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(red <= alpha && green <= alpha && blue <= alpha, "premultiplied components exceed alpha")
        packed = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }
    public var red: UInt8 { UInt8(truncatingIfNeeded: packed) }
    public var green: UInt8 { UInt8(truncatingIfNeeded: packed >> 8) }
    public var blue: UInt8 { UInt8(truncatingIfNeeded: packed >> 16) }
    public var alpha: UInt8 { UInt8(truncatingIfNeeded: packed >> 24) }
    public static let transparent = PremultipliedPixel(packed: 0)
}

/// A straight-alpha RGBA8 pixel, as stored in PNG files.
public struct StraightPixel: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

/// A width×height grid of premultiplied pixels, row-major, top row first.
public struct PremultipliedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]
    public init(width: Int, height: Int, fill: PremultipliedPixel = .transparent) {
        self.width = width; self.height = height
        pixels = [UInt32](repeating: fill.packed, count: width * height)
    }
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height)
        self.width = width; self.height = height; self.pixels = pixels
    }
    public subscript(x: Int, y: Int) -> PremultipliedPixel {
        get { PremultipliedPixel(packed: pixels[y * width + x]) }
        set { pixels[y * width + x] = newValue.packed }
    }
    public var isOpaque: Bool { pixels.allSatisfy { $0 >> 24 == 0xFF } }
}

/// How an image fills its view's bounds (UIView.ContentMode).
public enum ContentMode: String, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center
    public func imageRect(imageSize: Size, in bounds: Rect) -> Rect { fatalError("stub") }
}

/// An image prepared for drawing at any scale: the original plus 2×2 box-filtered levels.
public final class ImagePyramid: @unchecked Sendable {
    public let base: PremultipliedImage
    public init(_ base: PremultipliedImage) { self.base = base }
    public var width: Int { base.width }
    public var height: Int { base.height }
}

/// A clip region: a rect in points, optionally with rounded corners.
public struct Clip: Hashable, Sendable {
    public var rect: Rect
    public var cornerRadius: Double
    public init(rect: Rect, cornerRadius: Double = 0) { self.rect = rect; self.cornerRadius = cornerRadius }
}

/// An 8-bit coverage mask (e.g. a rasterized glyph): 0 = nothing, 255 = fully covered.
public struct CoverageMask: Sendable, Equatable {
    public let width: Int, height: Int
    public var coverage: [UInt8]
    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height)
        self.width = width; self.height = height; self.coverage = coverage
    }
}

/// A premultiplied RGBA8 drawing surface addressed in points at `scale` device pixels per point.
public struct Canvas {
    public private(set) var image: PremultipliedImage
    public let scale: Double
    public init(widthPixels: Int, heightPixels: Int, scale: Double, background: PremultipliedPixel = .transparent) {
        image = PremultipliedImage(width: widthPixels, height: heightPixels, fill: background); self.scale = scale
    }
    public mutating func fill(_ rect: Rect, color: StraightColor, opacity: Double = 1, clip: Clip? = nil) { fatalError("stub") }
    public mutating func draw(_ image: ImagePyramid, in rect: Rect, contentMode: ContentMode, opacity: Double = 1, clip: Clip? = nil) { fatalError("stub") }
    public mutating func drawGroup(opacity: Double, bounds: Rect?, _ body: (inout Canvas) -> Void) { fatalError("stub") }
    public mutating func draw(_ mask: CoverageMask, atPixelX x: Int, y: Int, color: StraightColor, opacity: Double = 1, clip: Clip? = nil) { fatalError("stub") }
}
