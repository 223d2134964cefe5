import FlipbookRaster
import Foundation

// Image-quality measures shared by the test targets: the exact area average that a downscale is
// judged against, and the PSNR between an image and such a reference.

/// Exact (unrounded) colour values of an image: the reference a resampled image is measured against.
public struct ReferenceImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied red, green and blue of each pixel (0…255, fractional), row by row.
    public let rgb: [Double]

    /// The exact area average of `image` resized to `width` × `height`: each reference pixel is the
    /// mean of the source area it covers, source pixels cut by its border weighted by the part
    /// inside (a box filter; for a whole factor, the plain mean of factor × factor pixels).
    public init(areaAverageOf image: PremultipliedImage, width: Int, height: Int) {
        precondition(width > 0 && height > 0 && width <= image.width && height <= image.height)
        let stepX = Double(image.width) / Double(width), stepY = Double(image.height) / Double(height)
        /// The source pixels the destination pixel `index` covers, with the covered fraction of each.
        func spans(_ index: Int, _ step: Double, _ limit: Int) -> [(Int, Double)] {
            let start = Double(index) * step, end = start + step
            return (Int(start)..<min(limit, Int(end.rounded(.up)))).map { ($0, min(end, Double($0 + 1)) - max(start, Double($0))) }
        }
        let columns = (0..<width).map { spans($0, stepX, image.width) }
        var rgb: [Double] = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            let rows = spans(y, stepY, image.height)
            for x in 0..<width {
                var red = 0.0, green = 0.0, blue = 0.0
                for (j, weightY) in rows {
                    for (i, weightX) in columns[x] {
                        let p = image[i, j], weight = weightX * weightY
                        red += Double(p.red) * weight; green += Double(p.green) * weight; blue += Double(p.blue) * weight
                    }
                }
                let area = stepX * stepY
                rgb += [red / area, green / area, blue / area]
            }
        }
        self.width = width; self.height = height; self.rgb = rgb
    }
}

/// PSNR in dB of `image`'s premultiplied RGB against `reference` (same size): `10·log10(255²/MSE)`,
/// +∞ when they are equal.
public func psnr(_ image: PremultipliedImage, against reference: ReferenceImage) -> Double {
    precondition(image.width == reference.width && image.height == reference.height, "PSNR of images of different sizes")
    var squaredError = 0.0
    for y in 0..<image.height {
        for x in 0..<image.width {
            let p = image[x, y], at = (y * image.width + x) * 3
            for (channel, value) in [p.red, p.green, p.blue].enumerated() {
                let difference = Double(value) - reference.rgb[at + channel]
                squaredError += difference * difference
            }
        }
    }
    let mse = squaredError / Double(image.width * image.height * 3)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// PSNR in dB of `image` against the exact area average of `source` at `image`'s size (see
/// `ReferenceImage.init(areaAverageOf:width:height:)`): how well `image` shows `source` reduced.
public func psnr(_ image: PremultipliedImage, againstAreaAverageOf source: PremultipliedImage) -> Double {
    psnr(image, against: ReferenceImage(areaAverageOf: source, width: image.width, height: image.height))
}
