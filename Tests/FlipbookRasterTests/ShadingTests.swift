import FlipbookGeometry
import FlipbookRaster
import Foundation
import XCTest

/// Shadows, gradients and backdrops checked against values computed here, independently of the
/// rasterizer: the Gaussian's erf profile, gradient stops at exact pixel centres, the tint's
/// source-over.
final class ShadingTests: XCTestCase {
    /// The standard normal CDF, from Foundation's erfc (tests may use libm; the renderer may not).
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// A straight vertical edge's shadow falls off across the edge as 255 · Φ(x / σ): each pixel
    /// within 1.5 % of full scale (the shape error of three boxes, whose variance is exact), the profile symmetric,
    /// and the 16 %–84 % width (2σ for a Gaussian) within 4 % of 2σ.
    func testAShadowEdgeFallsOffAsTheGaussianErf() {
        for sigma in [3.0, 6.0, 12.5] {
            var canvas = Canvas(widthPixels: 240, heightPixels: 4, scale: 1)
            let edge = 120.0
            // Tall enough that the vertical blur changes nothing on these rows.
            let path = Path(roundedRect: Rect(x: edge, y: -1000, width: 2000, height: 3000), cornerRadius: 0)
            canvas.drawShadow(of: path, shadow: Shadow(color: .black, offset: .zero, blurRadiusPoints: sigma))
            var below16 = 0.0, below84 = 0.0
            for x in 0..<240 {
                let expected = 255 * phi((Double(x) + 0.5 - edge) / sigma)
                let alpha = Double(canvas.image[x, 2].alpha)
                XCTAssertEqual(alpha, expected, accuracy: 3.8, "σ \(sigma), x \(x)")
                if alpha < 0.1587 * 255 { below16 = Double(x) + 1 }
                if alpha < 0.8413 * 255 { below84 = Double(x) + 1 }
            }
            XCTAssertEqual(below84 - below16, 2 * sigma, accuracy: max(1, 0.08 * sigma), "σ \(sigma)")
            // Mirror symmetry about the edge: a + b = 255 (± rounding).
            for k in 0..<40 {
                let a = Int(canvas.image[Int(edge) - 1 - k, 1].alpha), b = Int(canvas.image[Int(edge) + k, 1].alpha)
                XCTAssertLessThanOrEqual(abs(a + b - 255), 1, "σ \(sigma), k \(k)")
            }
        }
    }

    /// Radius 0 draws the shape itself, moved by the offset, in the shadow's colour.
    func testAShadowWithoutBlurIsTheShapeMoved() {
        var canvas = Canvas(widthPixels: 20, heightPixels: 20, scale: 2)
        canvas.drawShadow(
            of: Path(roundedRect: Rect(x: 1, y: 1, width: 4, height: 3), cornerRadius: 0),
            shadow: Shadow(color: StraightColor(red: 1, green: 0, blue: 0, alpha: 0.5), offset: Point(x: 2, y: 1), blurRadiusPoints: 0))
        for y in 0..<20 {
            for x in 0..<20 {
                let inside = x >= 6 && x < 14 && y >= 4 && y < 10
                XCTAssertEqual(
                    canvas.image[x, y], inside ? PremultipliedPixel(red: 128, green: 0, blue: 0, alpha: 128) : .transparent, "(\(x), \(y))")
            }
        }
    }

    /// A group's shadow is its alpha blurred: a group holding one opaque rect casts the same
    /// shadow as that rect's path, and the group is drawn over it unchanged.
    func testAGroupCastsTheShadowOfItsAlpha() {
        let rect = Rect(x: 20, y: 15, width: 30, height: 20)
        let shadow = Shadow(color: StraightColor(white: 0, alpha: 0.4), offset: Point(x: 3, y: 5), blurRadiusPoints: 4)
        var byPath = Canvas(
            widthPixels: 80, heightPixels: 60, scale: 1, background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        byPath.drawShadow(of: Path(roundedRect: rect, cornerRadius: 0), shadow: shadow)
        byPath.fill(rect, color: .white)
        var byGroup = Canvas(
            widthPixels: 80, heightPixels: 60, scale: 1, background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        byGroup.drawShadowedGroup(shadow: shadow, opacity: 1, bounds: rect, clip: nil) { $0.fill(rect, color: .white) }
        XCTAssertEqual(byGroup.image, byPath.image)
        XCTAssertLessThan(byPath.image[35, 41].red, 235, "the shadow shows below the rect")
    }

    /// The blur is deterministic, keeps a plane's total (to rounding) and spreads an impulse
    /// symmetrically; σ under a tenth of a pixel changes nothing.
    func testTheBoxBlurIsSymmetricAndKeepsTheTotal() {
        var plane = [Int32](repeating: 0, count: 41 * 41)
        plane[20 * 41 + 20] = 256 * 255
        GaussianBlur.blur(&plane, width: 41, height: 41, sigmaPixels: 3, edge: .transparent)
        for y in 0..<41 {
            for x in 0..<41 {
                // Rows are blurred before columns, so a transposition may differ by one rounding.
                XCTAssertLessThanOrEqual(abs(plane[y * 41 + x] - plane[x * 41 + y]), 1, "transposed (\(x), \(y))")
                XCTAssertEqual(plane[y * 41 + x], plane[y * 41 + (40 - x)], "mirrored (\(x), \(y))")
            }
        }
        XCTAssertEqual(Double(plane.reduce(0, +)), 256 * 255, accuracy: 256 * 255 * 0.01)
        // σ = 3: each pass needs variance 3; the plain box of radius 2 has 2, so r = 2 and
        // α = 5 · (3 − 2) / (2 · (9 − 3)) = 5/12 ≈ 107/256. The extended box's variance,
        // (Σ k² over −2…2 + 2α · 3²) / (5 + 2α), is then 3 (to α's 1/256 rounding).
        let box = GaussianBlur.box(sigmaPixels: 3)
        XCTAssertEqual(box, GaussianBlur.Box(radius: 2, endWeight: 107))
        let alpha = 107.0 / 256
        XCTAssertEqual((10.0 + 2 * alpha * 9) / (5 + 2 * alpha), 3, accuracy: 0.005)
        var sharp = [Int32](repeating: 7, count: 9)
        sharp[4] = 99
        GaussianBlur.blur(&sharp, width: 3, height: 3, sigmaPixels: 0.1, edge: .clamp)
        XCTAssertEqual(sharp[4], 99)
    }

    /// Stops land on exact pixel centres: the colours there are the stops' bytes, and between
    /// them the straight components interpolate linearly.
    func testGradientStopsAtExactPixels() {
        var canvas = Canvas(widthPixels: 11, heightPixels: 1, scale: 1)
        // Pixel i's centre is x = i + 0.5; the gradient runs from x = 0.5 to x = 10.5, so t = i / 10.
        let gradient = Gradient(
            colors: [
                StraightColor(red: 1, green: 0, blue: 0), StraightColor(red: 0, green: 1, blue: 0), StraightColor(red: 0, green: 0, blue: 1)
            ],
            locations: [0, 0.5, 1], startPoint: Point(x: 0.5 / 11, y: 0.5), endPoint: Point(x: 10.5 / 11, y: 0.5))
        canvas.fill(gradient, in: Rect(x: 0, y: 0, width: 11, height: 1), cornerRadius: 0, transform: .identity)
        XCTAssertEqual(canvas.image[0, 0], PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(canvas.image[5, 0], PremultipliedPixel(red: 0, green: 255, blue: 0, alpha: 255))
        XCTAssertEqual(canvas.image[10, 0], PremultipliedPixel(red: 0, green: 0, blue: 255, alpha: 255))
        // t = 0.2: 60 % red, 40 % green: round(0.6 · 255) = 153, round(0.4 · 255) = 102.
        XCTAssertEqual(canvas.image[2, 0], PremultipliedPixel(red: 153, green: 102, blue: 0, alpha: 255))
        XCTAssertEqual(canvas.image[8, 0], PremultipliedPixel(red: 0, green: 102, blue: 153, alpha: 255))
    }

    /// Interpolation is in straight colour, as CAGradientLayer's: half way from opaque white to
    /// transparent black is 50 % grey at 50 % alpha (premultiplied 64, 128), not translucent white.
    func testGradientsInterpolateStraightColours() {
        var canvas = Canvas(widthPixels: 3, heightPixels: 1, scale: 1)
        let gradient = Gradient(colors: [.white, .clear], startPoint: Point(x: 0.5 / 3, y: 0), endPoint: Point(x: 2.5 / 3, y: 0))
        canvas.fill(gradient, in: Rect(x: 0, y: 0, width: 3, height: 1), cornerRadius: 0, transform: .identity)
        XCTAssertEqual(canvas.image[1, 0], PremultipliedPixel(red: 64, green: 64, blue: 64, alpha: 128))
        XCTAssertEqual(canvas.image[0, 0], PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
        XCTAssertEqual(canvas.image[2, 0], .transparent)
    }

    /// Radial: the parameter is the elliptical distance from the start point over the radii;
    /// conic: the clockwise angle from the end point's direction, over a turn (checked against
    /// Foundation's atan2).
    func testRadialAndConicParameters() {
        let size = Size(width: 100, height: 50)
        let radial = Gradient(colors: [.black, .white], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1), kind: .radial)
        XCTAssertEqual(radial.parameter(at: Point(x: 50, y: 25), size: size), 0)
        XCTAssertEqual(radial.parameter(at: Point(x: 100, y: 25), size: size), 1, accuracy: 1e-15)
        XCTAssertEqual(radial.parameter(at: Point(x: 50, y: 50), size: size), 1, accuracy: 1e-15)
        XCTAssertEqual(radial.parameter(at: Point(x: 75, y: 37.5), size: size), 0.5.squareRoot(), accuracy: 1e-15)
        let conic = Gradient(colors: [.black, .white], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5), kind: .conic)
        for k in 0..<360 {
            let angle = Double(k) * Double.pi / 180
            let point = Point(x: 50 + 20 * cos(angle), y: 25 + 20 * sin(angle))
            let expected = atan2(point.y - 25, point.x - 50)
            let turn = (expected < 0 ? expected + 2 * Double.pi : expected) / (2 * Double.pi)
            let value = conic.parameter(at: point, size: size)
            XCTAssertEqual(min(abs(value - turn), 1 - abs(value - turn)), 0, accuracy: 1e-12, "\(k)°")
        }
    }

    /// A backdrop tints source-over what is under it; a blur over a uniform screen leaves it
    /// uniform to its edges (the edge pixels extend the picture: no dark fringe).
    func testABackdropBlursWithoutFringesAndTints() {
        let white = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)
        var canvas = Canvas(widthPixels: 30, heightPixels: 20, scale: 1, background: white)
        canvas.applyBackdrop(
            BackdropFilter(blurRadiusPoints: 8, saturation: 1.8, tint: .clear),
            to: Path(roundedRect: Rect(x: 0, y: 0, width: 30, height: 20), cornerRadius: 0))
        XCTAssertTrue(canvas.image.pixels.allSatisfy { $0 == white.packed })
        canvas.applyBackdrop(
            BackdropFilter(blurRadiusPoints: 0, saturation: 1, tint: StraightColor(red: 1, green: 0, blue: 0, alpha: 0.5)),
            to: Path(roundedRect: Rect(x: 10, y: 0, width: 10, height: 20), cornerRadius: 0))
        // Red at 50 % (128) over white: 128 + 255 · 127 / 255 = 255 red, 127 green and blue.
        XCTAssertEqual(canvas.image[15, 10], PremultipliedPixel(red: 255, green: 127, blue: 127, alpha: 255))
        XCTAssertEqual(canvas.image[5, 10], white)
        // Saturation 2 doubles a grey-free colour's distance from its luma (clamped to the range).
        var colour = Canvas(
            widthPixels: 4, heightPixels: 4, scale: 1, background: PremultipliedPixel(red: 100, green: 150, blue: 200, alpha: 255))
        colour.applyBackdrop(
            BackdropFilter(blurRadiusPoints: 0, saturation: 2, tint: .clear),
            to: Path(roundedRect: Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0))
        let luma = 0.2126 * 100 + 0.7152 * 150 + 0.0722 * 200
        let expected = [100.0, 150, 200].map { UInt8(max(0, min(255, (luma + 2 * ($0 - luma)).rounded()))) }
        let pixel = colour.image[1, 1]
        XCTAssertEqual([pixel.red, pixel.green, pixel.blue].map(Int.init), expected.map(Int.init).map { $0 }, accuracy: 1)
    }
}

private func XCTAssertEqual(_ a: [Int], _ b: [Int], accuracy: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertLessThanOrEqual(abs(x - y), accuracy, "\(a) vs \(b)", file: file, line: line) }
}
