/// A width×height grid of premultiplied RGBA8 pixels (`PremultipliedPixel.packed`), row-major,
/// top row first, no row padding. Width and height may be 0 (an empty image draws nothing).
public struct PremultipliedImage: Sendable, Equatable {
    /// Columns, ≥ 0.
    public let width: Int
    /// Rows, ≥ 0.
    public let height: Int
    /// `width · height` packed pixels; pixel (x, y) is at `y · width + x`.
    public var pixels: [UInt32]

    /// An image with every pixel set to `fill` (transparent by default).
    public init(width: Int, height: Int, fill: PremultipliedPixel = .transparent) {
        precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
        self.width = width; self.height = height
        pixels = [UInt32](repeating: fill.packed, count: width * height)
    }

    /// An image from its packed pixels (`pixels.count` must be `width · height`; the caller keeps
    /// the premultiplied invariant).
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count does not match \(width)×\(height)")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (both must be in range).
    public subscript(x: Int, y: Int) -> PremultipliedPixel {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            return PremultipliedPixel(packed: pixels[y * width + x])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            pixels[y * width + x] = newValue.packed
        }
    }

    /// True when every pixel has alpha 255 (then the image can be written as RGB).
    public var isOpaque: Bool { pixels.allSatisfy { $0 >> 24 == 0xFF } }
}
