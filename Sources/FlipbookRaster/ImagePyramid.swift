import Synchronization

/// An image prepared for drawing at any scale: the original plus 2×2 box-filtered levels.
///
/// Level 0 is `base`; level k+1 averages 2×2 blocks of level k (`(a + b + c + d + 2) >> 2` per
/// channel, which keeps the premultiplied invariant), with the last row/column repeated when a
/// size is odd, so level k has `⌈width / 2^k⌉ × ⌈height / 2^k⌉` pixels and its pixel `j` covers base
/// pixels `[j·2^k, (j+1)·2^k)`. Levels stop at 1×1. A level is built when it is first asked for
/// (`level(_:)`, with the levels above it): a photo decoded near the size it is drawn at never
/// pays for the levels below the one drawn. Levels are a function of the base alone, so the
/// pixels do not depend on which thread builds one or when; safe to use from any number of threads.
///
/// An image decoded smaller than its file (a JPEG reduced in the DCT domain) keeps the file's
/// size as its size in points, so layout (content modes, `center`) does not change; each base
/// pixel then covers `reduction` × `reduction` points.
package final class ImagePyramid: Sendable {
    /// The decoded image (level 0).
    package let base: PremultipliedImage
    /// How many levels there are: level 0 (`base`), then each 2×2 reduction down to 1×1.
    package let levelCount: Int
    /// The levels below 0 built so far (index k − 1 holds level k).
    private let built = Mutex<[PremultipliedImage]>([])
    /// The image's size in points for layout: the full-resolution size (a UIImage of scale 1).
    package let widthPoints: Int, heightPoints: Int
    /// Points per base pixel along each axis: 1, or the decode's scale denominator (2, 4, 8).
    package let reduction: Int

    /// The pyramid of `base` (its levels, about a third of its size again in memory, built as
    /// they are asked for), whose size in points is its size in pixels.
    package convenience init(_ base: PremultipliedImage) {
        self.init(base, widthPoints: base.width, heightPoints: base.height, reduction: 1)
    }

    /// The pyramid of `base`, an image of `widthPoints` × `heightPoints` decoded at
    /// 1/`reduction`: `base` must be `ceil(widthPoints / reduction)` × `ceil(heightPoints / reduction)`
    /// pixels (libjpeg's scaled size).
    package init(_ base: PremultipliedImage, widthPoints: Int, heightPoints: Int, reduction: Int) {
        precondition(reduction >= 1 && reduction & (reduction - 1) == 0, "reduction must be a power of two")
        precondition(
            base.width == (widthPoints + reduction - 1) / reduction
                && base.height == (heightPoints + reduction - 1) / reduction,
            "a \(base.width)x\(base.height) base is not \(widthPoints)x\(heightPoints) reduced by \(reduction)")
        self.base = base
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.reduction = reduction
        var count = 1, width = base.width, height = base.height
        while width > 1 || height > 1, width > 0, height > 0 {
            width = (width + 1) / 2
            height = (height + 1) / 2
            count += 1
        }
        levelCount = count
    }

    /// Level `index` (0 is `base`), built now with the levels above it if no draw needed it yet.
    package func level(_ index: Int) -> PremultipliedImage {
        precondition(index >= 0 && index < levelCount, "level \(index) of a pyramid of \(levelCount)")
        if index == 0 { return base }
        return built.withLock { levels in
            while levels.count < index { levels.append(Self.halve(levels.last ?? base)) }
            return levels[index - 1]
        }
    }

    /// Every level, built now: level 0 (`base`) first, then each 2×2 reduction down to 1×1.
    package var levels: [PremultipliedImage] { (0..<levelCount).map(level) }

    /// Base width in pixels.
    package var width: Int { base.width }
    /// Base height in pixels.
    package var height: Int { base.height }

    /// The 2×2 box reduction of `image`, edges clamped.
    static func halve(_ image: PremultipliedImage) -> PremultipliedImage {
        let w = (image.width + 1) / 2, h = (image.height + 1) / 2
        var out = [UInt32](repeating: 0, count: w * h)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row0 = 2 * y * image.width
                    let row1 = min(2 * y + 1, image.height - 1) * image.width
                    for x in 0..<w {
                        let x0 = 2 * x, x1 = min(2 * x + 1, image.width - 1)
                        let a = src[row0 + x0], b = src[row0 + x1], c = src[row1 + x0], d = src[row1 + x1]
                        let rb = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF) &+ (c & 0x00FF_00FF) &+ (d & 0x00FF_00FF) &+ 0x0002_0002
                        let ga =
                            ((a &>> 8) & 0x00FF_00FF) &+ ((b &>> 8) & 0x00FF_00FF) &+ ((c &>> 8) & 0x00FF_00FF)
                            &+ ((d &>> 8) & 0x00FF_00FF) &+ 0x0002_0002
                        dst[y * w + x] = ((rb &>> 2) & 0x00FF_00FF) | ((ga &<< 6) & 0xFF00_FF00)
                    }
                }
            }
        }
        return PremultipliedImage(width: w, height: h, pixels: out)
    }
}
