// Pixel-exact goldens for drawing under affine transforms. References are committed in
// __Goldens__/TransformGoldenTests/; record with FLIPBOOK_RECORD=failed and look at them.
import FlipbookGeometry
import FlipbookRaster
import FlipbookTesting
import XCTest

/// FlipbookTesting brings Foundation, whose own `Transform2D` would make the name ambiguous.
private typealias Transform2D = FlipbookGeometry.Transform2D

/// A rotation by the angle whose cosine is `cos` (sine ≥ 0, from sqrt: no libm in goldens).
private func rotation(cos: Double) -> Transform2D {
    Transform2D(rotationCosine: cos, sine: (1 - cos * cos).squareRoot())
}

/// `transform` applied about the centre of `rect`, which then lands on `centre`.
private func about(_ rect: Rect, _ transform: Transform2D, centre: Point) -> Transform2D {
    Transform2D(translationX: -rect.midX, y: -rect.midY).concatenating(transform)
        .concatenating(Transform2D(translationX: centre.x, y: centre.y))
}

/// A 48×32 opaque card: a diagonal gradient, a dark 1-pixel border and an orange "F" (which
/// shows any flip or turn).
private func letterCard() -> PremultipliedImage {
    var image = PremultipliedImage(width: 48, height: 32)
    for y in 0..<32 {
        for x in 0..<48 {
            var pixel = PremultipliedPixel(red: UInt8(40 + 3 * x), green: UInt8(90 + 4 * y), blue: 220, alpha: 255)
            let letter =
                (x >= 14 && x < 20 && y >= 5 && y < 27) || (x >= 14 && x < 34 && y >= 5 && y < 10)
                || (x >= 14 && x < 29 && y >= 14 && y < 18)
            if letter { pixel = PremultipliedPixel(red: 255, green: 140, blue: 0, alpha: 255) }
            if x == 0 || y == 0 || x == 47 || y == 31 { pixel = PremultipliedPixel(red: 20, green: 30, blue: 60, alpha: 255) }
            image[x, y] = pixel
        }
    }
    return image
}

final class TransformGoldenTests: XCTestCase {
    private let white = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)

    func testImageRotatedThirtyDegrees() {
        // 48×32 pixels drawn 30×20 points at @2x (×1.25) turned 30° clockwise about its centre.
        var canvas = Canvas(widthPixels: 96, heightPixels: 80, scale: 2, background: white)
        let rect = Rect(x: 0, y: 0, width: 30, height: 20)
        canvas.draw(
            ImagePyramid(letterCard()), in: rect, contentMode: .scaleToFill,
            transform: about(rect, rotation(cos: 0.75.squareRoot()), centre: Point(x: 24, y: 20)))
        assertGolden(of: canvas.image, as: .image, named: "image-rotated-30")
    }

    func testRoundedFillRotatedAndClipped() {
        // A rounded rect turned −(3-4-5 angle) about its centre, cut by a square clip at x = 38
        // points; a second one stretched 2:1 (elliptical corners) and turned 45°, at ¾ opacity.
        var canvas = Canvas(widthPixels: 96, heightPixels: 80, scale: 2, background: white)
        let card = Rect(x: 0, y: 0, width: 30, height: 18)
        canvas.fill(
            card, cornerRadius: 6, transform: about(card, Transform2D(rotationCosine: 0.8, sine: -0.6), centre: Point(x: 26, y: 22)),
            color: StraightColor(red: 0, green: 0.48, blue: 1), clip: Clip(rect: Rect(x: 0, y: 0, width: 38, height: 40)))
        let chip = Rect(x: 0, y: 0, width: 8, height: 5)
        let stretchTurn = Transform2D(scaleX: 2, y: 1).concatenating(rotation(cos: 0.5.squareRoot()))
        canvas.fill(
            chip, cornerRadius: 2, transform: about(chip, stretchTurn, centre: Point(x: 36, y: 31)),
            color: StraightColor(red: 1, green: 0.23, blue: 0.19), opacity: 0.75)
        assertGolden(of: canvas.image, as: .image, named: "rounded-fill-rotated")
    }

    func testGroupMaskedByARotatedRoundedRect() {
        // A group (image filled over the whole mask plus a bar) at 85% opacity, masked by a
        // rounded rect turned 15° (cos 15° = √((1 + cos 30°) / 2)), over a grey stripe.
        var canvas = Canvas(widthPixels: 96, heightPixels: 80, scale: 2, background: white)
        canvas.fill(Rect(x: 0, y: 17, width: 48, height: 6), color: StraightColor(white: 0.6))
        let window = Rect(x: 0, y: 0, width: 32, height: 22)
        let cos15 = ((1 + 0.75.squareRoot()) / 2).squareRoot()
        let mask = Path(roundedRect: window, cornerRadius: 7, transform: about(window, rotation(cos: cos15), centre: Point(x: 24, y: 20)))
        canvas.drawGroup(opacity: 0.85, bounds: nil, mask: mask) { layer in
            layer.draw(ImagePyramid(letterCard()), in: Rect(x: 4, y: 2, width: 40, height: 36), contentMode: .scaleAspectFill)
            layer.fill(Rect(x: 0, y: 28, width: 48, height: 4), color: StraightColor(red: 0.2, green: 0.8, blue: 0.3))
        }
        assertGolden(of: canvas.image, as: .image, named: "group-masked-rotated")
    }

    func testFlippedImages() {
        // Left: mirrored (scale −1, 1), aspect-fill in a square, clipped to a rounded rect.
        // Right: upside down and squashed (scale 1, −0.5), aspect-fit.
        var canvas = Canvas(widthPixels: 96, heightPixels: 80, scale: 2, background: white)
        let square = Rect(x: 0, y: 0, width: 20, height: 20)
        let mirror = about(square, Transform2D(scaleX: -1, y: 1), centre: Point(x: 13, y: 20))
        canvas.draw(
            ImagePyramid(letterCard()), in: square, contentMode: .scaleAspectFill, transform: mirror,
            clip: Clip(rect: Rect(x: 3, y: 10, width: 20, height: 20), cornerRadius: 5))
        let box = Rect(x: 0, y: 0, width: 18, height: 30)
        canvas.draw(
            ImagePyramid(letterCard()), in: box, contentMode: .scaleAspectFit,
            transform: about(box, Transform2D(scaleX: 1, y: -0.5), centre: Point(x: 36, y: 20)))
        assertGolden(of: canvas.image, as: .image, named: "image-flipped")
    }
}
