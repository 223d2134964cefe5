// Pixel-exact goldens for vector paths: caps × joins, dashes and trims, fill rules. References
// are committed in __Goldens__/VectorGoldenTests/; record with FLIPBOOK_RECORD=failed and look at them.
import FlipbookGeometry
import FlipbookRaster
import FlipbookTesting
import XCTest

/// FlipbookTesting brings Foundation, whose own `Transform2D` would make the name ambiguous.
private typealias Transform2D = FlipbookGeometry.Transform2D

final class VectorGoldenTests: XCTestCase {
    private let white = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)
    private let blue = StraightColor(red: 0, green: 0.48, blue: 1)
    private let ink = StraightColor(red: 0.1, green: 0.1, blue: 0.15)

    func testCapsAndJoins() {
        // Columns: butt, round, square caps; rows: miter, round, bevel joins, all with a miter
        // limit of 4. Each cell strokes one zigzag 6 pt wide (translucent, so an overlap blended
        // twice would show) over its centre line: a right angle (a miter √2 half widths long),
        // then 35° between the segments (1/sin 17.5° = 3.3, within the limit), then 20°
        // (1/sin 10° = 5.8, past it: a bevel in the miter row too).
        var canvas = Canvas(widthPixels: 144, heightPixels: 132, scale: 1, background: white)
        let back = Point(x: -14 / 24.413111231467404, y: 20 / 24.413111231467404) // from D toward C
        let (c20, s20) = (0.9396926207859084, 0.3420201433256687) // cos 20°, sin 20°
        let out = Point(x: back.x * c20 + back.y * s20, y: -back.x * s20 + back.y * c20) // turned −20°: right of C
        for (row, join) in [LineJoin.miter, .round, .bevel].enumerated() {
            for (column, cap) in [LineCap.butt, .round, .square].enumerated() {
                let x = Double(column * 48), y = Double(row * 44)
                var path = BezierPath()
                path.move(to: Point(x: x + 8, y: y + 9))
                path.addLine(to: Point(x: x + 22, y: y + 9))
                path.addLine(to: Point(x: x + 22, y: y + 31))
                path.addLine(to: Point(x: x + 36, y: y + 11))
                path.addLine(to: Point(x: x + 36 + 20 * out.x, y: y + 11 + 20 * out.y))
                canvas.stroke(
                    path, style: StrokeStyle(lineWidth: 6, lineCap: cap, lineJoin: join, miterLimit: 4), transform: .identity,
                    color: blue, opacity: 0.6)
                canvas.stroke(path, style: StrokeStyle(lineWidth: 1), transform: .identity, color: ink)
            }
        }
        assertGolden(of: canvas.image, as: .image, named: "caps-and-joins")
    }

    func testDashesAndTrims() {
        var canvas = Canvas(widthPixels: 128, heightPixels: 96, scale: 1, background: white)
        func line(_ y: Double) -> BezierPath {
            var path = BezierPath()
            path.move(to: Point(x: 6, y: y))
            path.addLine(to: Point(x: 70, y: y))
            return path
        }
        // [8, 4] butt; the same with phase 6; dots ([0, 8], round caps); [12, 4, 2, 4] square caps.
        canvas.stroke(line(8), style: StrokeStyle(lineWidth: 4, dashPattern: [8, 4]), transform: .identity, color: ink)
        canvas.stroke(line(20), style: StrokeStyle(lineWidth: 4, dashPattern: [8, 4], dashPhase: 6), transform: .identity, color: ink)
        canvas.stroke(line(32), style: StrokeStyle(lineWidth: 5, lineCap: .round, dashPattern: [0, 8]), transform: .identity, color: blue)
        canvas.stroke(
            line(44), style: StrokeStyle(lineWidth: 3, lineCap: .square, dashPattern: [12, 4, 2, 4]), transform: .identity, color: ink)
        // A dashed circle with round caps, and a progress ring trimmed to 0.1…0.7 with round caps
        // (from 3 o'clock clockwise: it starts below the right and ends above the left).
        var circle = BezierPath()
        circle.addEllipse(in: Rect(x: 80, y: 6, width: 40, height: 40))
        canvas.stroke(circle, style: StrokeStyle(lineWidth: 3, lineCap: .round, dashPattern: [7, 5]), transform: .identity, color: blue)
        var ring = BezierPath()
        ring.addEllipse(in: Rect(x: 84, y: 54, width: 36, height: 36))
        canvas.stroke(ring, style: StrokeStyle(lineWidth: 2), transform: .identity, color: StraightColor(white: 0.85))
        canvas.stroke(
            ring, style: StrokeStyle(lineWidth: 6, lineCap: .round, strokeStart: 0.1, strokeEnd: 0.7), transform: .identity, color: blue)
        // A continuous rounded rect ("marching ants") turned 10°, and a quarter circle (an arc
        // from 9 to 12 o'clock) with a miter-joined tail.
        var card = BezierPath()
        card.addRoundedRect(Rect(x: 0, y: 0, width: 38, height: 26), cornerRadius: 8, curve: .continuous)
        let turn = Transform2D(rotationCosine: 0.984807753012208, sine: 0.17364817766693033) // 10°
        canvas.stroke(
            card, style: StrokeStyle(lineWidth: 2, dashPattern: [5, 3], dashPhase: 2),
            transform: turn.concatenating(Transform2D(translationX: 12, y: 56)), color: ink)
        var hook = BezierPath()
        hook.addArc(center: Point(x: 62, y: 78), radius: 10, startRadians: .pi, endRadians: 1.5 * .pi, clockwiseOnScreen: true)
        hook.addLine(to: Point(x: 74, y: 92))
        canvas.stroke(hook, style: StrokeStyle(lineWidth: 4), transform: .identity, color: blue, opacity: 0.8)
        assertGolden(of: canvas.image, as: .image, named: "dashes-and-trims")
    }

    func testFillRules() {
        // A star drawn as one crossing contour (non-zero left, even-odd middle) and two
        // overlapping circles wound the same way (non-zero above, even-odd below).
        var canvas = Canvas(widthPixels: 160, heightPixels: 56, scale: 1, background: white)
        var star = BezierPath()
        let points = [(0.0, -1.0), (0.5878, 0.809), (-0.9511, -0.309), (0.9511, -0.309), (-0.5878, 0.809)]
        for (index, (x, y)) in points.enumerated() {
            let p = Point(x: 26 * x, y: 26 * y)
            if index == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        var circles = BezierPath()
        circles.addEllipse(in: Rect(x: -12, y: -12, width: 24, height: 24))
        circles.addEllipse(in: Rect(x: -2, y: -8, width: 16, height: 16))
        canvas.fill(star, rule: .nonZero, transform: Transform2D(translationX: 28, y: 29), color: blue)
        canvas.fill(star, rule: .evenOdd, transform: Transform2D(translationX: 84, y: 29), color: blue)
        canvas.fill(circles, rule: .nonZero, transform: Transform2D(translationX: 132, y: 14), color: ink)
        canvas.fill(circles, rule: .evenOdd, transform: Transform2D(translationX: 132, y: 42), color: ink)
        assertGolden(of: canvas.image, as: .image, named: "fill-rules")
    }
}
