package import FlipbookRaster

/// Builds the 3-panel picture of a comparison: reference | amplified difference | actual.
///
/// Each panel is as large as the larger of the two images (the smaller one is padded), panels
/// are `gapPixels` apart, and the whole picture is opaque:
/// - reference and actual panels show the image composited over a light checkerboard, so
///   transparency stays visible; padding and gaps are dark grey (`backgroundGrey`);
/// - the middle panel shows each pixel that differs by more than the tolerance in red, its
///   intensity growing with the difference and scaled so the largest difference is full red;
///   pixels within tolerance are a dimmed grey of the reference (its luminance / 4 + 32), so the
///   picture stays recognisable while red stands out; where only one image has pixels (a size
///   mismatch) the mask is full red.
package enum DiffImage {
    /// Pixels between two panels.
    package static let gapPixels = 4
    /// The grey level (0…255) of gaps and padding.
    package static let backgroundGrey: UInt8 = 48
    /// The lowest red level (0…255) of a differing pixel: far enough above the dimmed grey (at
    /// most 95) that the smallest difference remains visible.
    package static let smallestDifferenceRed: UInt32 = 160

    /// The 3-panel diff of `reference` and `actual`; `tolerance` (0…255) as in `ImageComparison`.
    package static func make(reference: PremultipliedImage, actual: PremultipliedImage, tolerance: Int = 0) -> PremultipliedImage {
        precondition((0...255).contains(tolerance), "tolerance must be 0…255, not \(tolerance)")
        let panelWidth = max(reference.width, actual.width)
        let panelHeight = max(reference.height, actual.height)
        let width = panelWidth * 3 + gapPixels * 2
        let grey = UInt32(backgroundGrey)
        var result = PremultipliedImage(
            width: width, height: panelHeight,
            fill: PremultipliedPixel(packed: opaque(grey, grey, grey)))
        let largest = UInt32(ImageComparison.compare(reference, actual, tolerance: 0).largestDifference)
        result.pixels.withUnsafeMutableBufferPointer { out in
            drawPanel(reference, into: out, stride: width, originX: 0)
            drawPanel(actual, into: out, stride: width, originX: 2 * (panelWidth + gapPixels))
            drawMask(
                reference: reference, actual: actual, tolerance: UInt32(tolerance), largest: largest,
                into: out, stride: width, originX: panelWidth + gapPixels, panelWidth: panelWidth, panelHeight: panelHeight)
        }
        return result
    }

    @inline(__always)
    static func opaque(_ red: UInt32, _ green: UInt32, _ blue: UInt32) -> UInt32 {
        red | green << 8 | blue << 16 | 0xFF00_0000
    }

    /// Draws `image` composited (source-over, exact rounding) over an 8-px checkerboard of
    /// 255/204 grey — the usual editor convention for "transparent here".
    static func drawPanel(_ image: PremultipliedImage, into out: UnsafeMutableBufferPointer<UInt32>, stride: Int, originX: Int) {
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let pixel = source[y &* image.width &+ x]
                    let checker: UInt32 = ((x >> 3) ^ (y >> 3)) & 1 == 0 ? 255 : 204
                    let inverse = 255 &- (pixel >> 24)
                    // D = S + D·(1 − Sa), with (v + 127) / 255 rounding to the nearest integer.
                    let under = (checker &* inverse &+ 127) / 255
                    let red = (pixel & 0xFF) &+ under
                    let green = ((pixel >> 8) & 0xFF) &+ under
                    let blue = ((pixel >> 16) & 0xFF) &+ under
                    out[y &* stride &+ originX &+ x] = opaque(min(red, 255), min(green, 255), min(blue, 255))
                }
            }
        }
    }

    /// Draws the difference mask over the panel at `originX`.
    static func drawMask(
        reference: PremultipliedImage, actual: PremultipliedImage, tolerance: UInt32, largest: UInt32,
        into out: UnsafeMutableBufferPointer<UInt32>, stride: Int, originX: Int,
        panelWidth: Int, panelHeight: Int
    ) {
        let fullRed = opaque(255, 0, 0)
        reference.pixels.withUnsafeBufferPointer { referencePixels in
            actual.pixels.withUnsafeBufferPointer { actualPixels in
                for y in 0..<panelHeight {
                    for x in 0..<panelWidth {
                        let inReference = x < reference.width && y < reference.height
                        let inActual = x < actual.width && y < actual.height
                        let index = y &* stride &+ originX &+ x
                        guard inReference, inActual else {
                            if inReference || inActual { out[index] = fullRed }
                            continue
                        }
                        let a = referencePixels[y &* reference.width &+ x]
                        let b = actualPixels[y &* actual.width &+ x]
                        let difference = ImageComparison.pixelDifference(a, b)
                        if difference > tolerance {
                            // Red ∝ difference: smallestDifferenceRed … 255, the largest → 255.
                            let span = 255 &- smallestDifferenceRed
                            let red = smallestDifferenceRed &+ (difference &* span &+ largest / 2) / largest
                            out[index] = opaque(red, 0, 0)
                        } else {
                            // Rec. 709 luma weights in 1/256 (54 + 183 + 19 = 256), on the
                            // premultiplied values (the reference as seen over black).
                            let luma = (54 &* (a & 0xFF) &+ 183 &* ((a >> 8) & 0xFF) &+ 19 &* ((a >> 16) & 0xFF) &+ 128) >> 8
                            let dim = luma / 4 &+ 32
                            out[index] = opaque(dim, dim, dim)
                        }
                    }
                }
            }
        }
    }
}
