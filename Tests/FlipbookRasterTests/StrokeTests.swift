import FlipbookGeometry
import FlipbookRaster
import XCTest

/// Vector paths filled by both rules and stroked as Core Graphics strokes them, checked against
/// closed forms: covered areas (the alpha sum ÷ 255 at @1x is the area in pixels), the positions
/// of miter tips and cap ends, dash lengths, trims.
final class StrokeTests: XCTestCase {
    private let black = StraightColor(red: 0, green: 0, blue: 0)

    /// The area `draw` covers on a `size`×`size` canvas at @1x, in pixels.
    private func area(_ size: Int = 64, _ draw: (inout Canvas) -> Void) -> Double {
        var canvas = Canvas(widthPixels: size, heightPixels: size, scale: 1)
        draw(&canvas)
        return Double(alphaSum(canvas)) / 255
    }

    private func line(_ from: Point, _ to: Point) -> BezierPath {
        var path = BezierPath()
        path.move(to: from)
        path.addLine(to: to)
        return path
    }

    private func circle(center: Point, radius: Double) -> BezierPath {
        var path = BezierPath()
        path.addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
        return path
    }

    /// The outline of `path` stroked with `style` at a tolerance fine enough (1/1024 px) that
    /// chords and arcs take less than 0.02 px² off a closed form; what is left is the 1/256
    /// quantisation of the edge pixels (up to about 0.004 px² each, more when a shape's
    /// symmetric pixels round alike).
    private func fine(_ path: BezierPath, _ style: StrokeStyle) -> Path {
        Path(stroking: path, style: style, tolerance: 1.0 / 1024)
    }

    func testStrokedCircleCoversItsRing() {
        // π((r + w/2)² − (r − w/2)²) = 2πrw: r = 20, w = 6 → 240π ≈ 754.0 px². The path is Core
        // Graphics' circle of four cubics, up to 2.7·10⁻⁴ r outside the true one (1.1·10⁻⁴ r on
        // average); the band between its offsets is its length × w, ≈ 0.08 px² more.
        let path = circle(center: Point(x: 32, y: 32), radius: 20)
        XCTAssertEqual(area { $0.fill(fine(path, StrokeStyle(lineWidth: 6)), color: black) }, 240 * .pi, accuracy: 0.2)
        // At the canvas's 1/16-pixel tolerance the chords are inscribed: every edge strays at
        // most 1/16 px inward, so the ring lies within a 1/16-px band along its outer edge.
        let drawn = area { $0.stroke(path, style: StrokeStyle(lineWidth: 6), transform: .identity, color: black) }
        XCTAssertEqual(drawn, 240 * .pi, accuracy: 2 * .pi * 23 / 16)
        // @2x through a transform that scales by 2: sixteen times the pixels of the half-size ring.
        var canvas = Canvas(widthPixels: 128, heightPixels: 128, scale: 2)
        canvas.fill(
            Path(
                stroking: circle(center: Point(x: 8, y: 8), radius: 5), style: StrokeStyle(lineWidth: 1.5),
                transform: Transform2D(scaleX: 2, y: 2), tolerance: 1.0 / 2048), color: black)
        XCTAssertEqual(Double(alphaSum(canvas)) / 255, 16 * 2 * .pi * 5 * 1.5, accuracy: 0.3)
        // A radius below the half width is a full disc (the stroke covers the centre): r = 4,
        // w = 20 → a disc of radius 14.
        var disc = Canvas(widthPixels: 64, heightPixels: 64, scale: 1)
        disc.fill(fine(circle(center: Point(x: 32, y: 32), radius: 4), StrokeStyle(lineWidth: 20)), color: black)
        XCTAssertEqual(Double(alphaSum(disc)) / 255, .pi * 14 * 14, accuracy: 0.1)
        XCTAssertEqual(disc.image[32, 32].alpha, 255)
        XCTAssertEqual(disc.image[31, 31].alpha, 255)
    }

    func testCapsExtendAsCoreGraphicsDraws() {
        // A line from x = 10 to 30 at y = 20, 6 wide: butt caps end at the end points, square
        // caps 3 beyond, round caps add a half disc at each end.
        let path = line(Point(x: 10, y: 20), Point(x: 30, y: 20))
        let expectations: [(LineCap, Double)] = [(.butt, 120), (.square, 26 * 6), (.round, 120 + 9 * Double.pi)]
        for (cap, expected) in expectations {
            var canvas = Canvas(widthPixels: 48, heightPixels: 40, scale: 1)
            canvas.fill(fine(path, StrokeStyle(lineWidth: 6, lineCap: cap)), color: black)
            XCTAssertEqual(Double(alphaSum(canvas)) / 255, expected, accuracy: cap == .round ? 0.1 : 0, "\(cap)")
            let firstColumn = (0..<48).first { x in canvas.image[x, 20].alpha > 0 }
            let lastColumn = (0..<48).last { x in canvas.image[x, 20].alpha > 0 }
            switch cap {
            case .butt: XCTAssertEqual([firstColumn, lastColumn], [10, 29])
            case .square: XCTAssertEqual([firstColumn, lastColumn], [7, 32])
            case .round: XCTAssertEqual([firstColumn, lastColumn], [7, 32])
            }
            XCTAssertEqual(canvas.image[20, 16].alpha, 0); XCTAssertEqual(canvas.image[20, 17].alpha, 255)
        }
    }

    func testJoinsOfARightAngle() {
        // Two 20-long segments meeting at a right angle, 6 wide: the two bands overlap in the
        // inner 3×3 square; the outer corner adds a 3×3 square (miter), half of it (bevel) or a
        // quarter disc (round).
        var path = BezierPath()
        path.move(to: Point(x: 10, y: 10))
        path.addLine(to: Point(x: 30, y: 10))
        path.addLine(to: Point(x: 30, y: 30))
        let bands = 2 * 20.0 * 6 - 9
        for (join, corner) in [(LineJoin.miter, 9.0), (.bevel, 4.5), (.round, 9 * .pi / 4)] {
            let covered = area { $0.fill(fine(path, StrokeStyle(lineWidth: 6, lineJoin: join)), color: black) }
            XCTAssertEqual(covered, bands + corner, accuracy: join == .miter ? 0 : 0.05, "\(join)")
        }
    }

    func testMiterTipAtTheLimitAndTheBevelPastIt() {
        // Segments meeting at an angle φ: Core Graphics' miter length ÷ line width is 1/sin(φ/2);
        // the tip lies h/sin(φ/2) from the joint on the outer side, h the half width.
        let h = 2.0, joint = Point(x: 50, y: 50)
        for (ratio, limit) in [(9.9, 10.0), (10.1, 10.0), (3.0, 3.0001), (3.0, 2.9999)] {
            let s = 1 / ratio, c = (1 - s * s).squareRoot() // sin and cos of φ/2
            let cosPhi = c * c - s * s, sinPhi = 2 * s * c
            // In along +x, out at φ from the way back: direction (−cos φ, sin φ).
            let v = Point(x: -cosPhi, y: sinPhi)
            var path = BezierPath()
            path.move(to: Point(x: joint.x - 40, y: joint.y))
            path.addLine(to: joint)
            path.addLine(to: Point(x: joint.x + 40 * v.x, y: joint.y + 40 * v.y))
            let outline = Path(stroking: path, style: StrokeStyle(lineWidth: 2 * h, miterLimit: limit), tolerance: 1.0 / 64)
            // The outer edges: y = 50 − h (the first band's far side from the turn) and the second
            // band's edge through joint − h·n(v) along v, n(v) = (−v.y, v.x); they cross at the tip.
            let a = Point(x: joint.x + h * v.y, y: joint.y - h * v.x)
            let t = ((joint.y - h) - a.y) / v.y
            let tip = Point(x: a.x + t * v.x, y: joint.y - h)
            XCTAssertEqual(((tip.x - joint.x) * (tip.x - joint.x) + h * h).squareRoot(), h * ratio, accuracy: 1e-9)
            let vertices = outline.contours.flatMap { $0 }
            let nearest = vertices.map { (($0.x - tip.x) * ($0.x - tip.x) + ($0.y - tip.y) * ($0.y - tip.y)).squareRoot() }.min()!
            // Past the limit a bevel: nothing reaches beyond h along the outer bisector.
            let bisector = Point(x: (tip.x - joint.x) / (h * ratio), y: (tip.y - joint.y) / (h * ratio))
            let reach = vertices.map { ($0.x - joint.x) * bisector.x + ($0.y - joint.y) * bisector.y }.max()!
            if ratio <= limit {
                XCTAssertEqual(nearest, 0, accuracy: 1e-9, "miter tip at ratio \(ratio), limit \(limit)")
                XCTAssertEqual(reach, h * ratio, accuracy: 1e-9)
            } else {
                XCTAssertGreaterThan(nearest, h, "bevel at ratio \(ratio), limit \(limit)")
                XCTAssertLessThanOrEqual(reach, h * 1.000001)
            }
        }
    }

    func testDashedLinesPaintTheirOnLengths() {
        // A 100-long line 4 wide on whole pixels, butt caps: the covered area is 4 × the painted length.
        let path = line(Point(x: 2, y: 10), Point(x: 102, y: 10))
        func painted(_ pattern: [Double], phase: Double = 0) -> Double {
            var canvas = Canvas(widthPixels: 110, heightPixels: 20, scale: 1)
            canvas.stroke(
                path, style: StrokeStyle(lineWidth: 4, dashPattern: pattern, dashPhase: phase), transform: .identity, color: black)
            return Double(alphaSum(canvas)) / 255 / 4
        }
        // [10, 5]: dashes at 0, 15, …, 90 → 7 × 10.
        XCTAssertEqual(painted([10, 5]), 70)
        // Phase 3: 7 of the first dash, then dashes at 12, 27, 42, 57, 72, 87 (the last to 97).
        XCTAssertEqual(painted([10, 5], phase: 3), 7 + 6 * 10)
        // A negative phase starts before the pattern: −3 ≡ 12, so 3 of the gap first, then
        // dashes at 3, 18, …, 78 and 93 (to the end at 100).
        XCTAssertEqual(painted([10, 5], phase: -3), 6 * 10 + 7)
        // An odd count repeats: [10] is [10, 10] → dashes at 0, 20, 40, 60, 80.
        XCTAssertEqual(painted([10]), 50)
        // Invalid patterns are solid.
        XCTAssertEqual(painted([10, -5]), 100)
        XCTAssertEqual(painted([0, 0]), 100)
        // A pattern that would make more than maximumDashes dashes is not applied.
        XCTAssertEqual(painted([0.001, 0.001]), 100)
    }

    func testZeroLengthDashesAreDotsWithRoundAndSquareCaps() {
        // [0, 10] on a 40-long line: dots at 0, 10, 20, 30, 40.
        let path = line(Point(x: 5, y: 10), Point(x: 45, y: 10))
        let round = area { $0.fill(fine(path, StrokeStyle(lineWidth: 6, lineCap: .round, dashPattern: [0, 10])), color: black) }
        XCTAssertEqual(round, 5 * 9 * .pi, accuracy: 5 * 0.1)
        let square = area {
            $0.stroke(path, style: StrokeStyle(lineWidth: 6, lineCap: .square, dashPattern: [0, 10]), transform: .identity, color: black)
        }
        XCTAssertEqual(square, 5 * 36)
        let butt = area { $0.stroke(path, style: StrokeStyle(lineWidth: 6, dashPattern: [0, 10]), transform: .identity, color: black) }
        XCTAssertEqual(butt, 0)
        // A closed subpath does not draw its start's dot twice: a 40-perimeter square, 4 dots.
        var square40 = BezierPath()
        square40.addRect(Rect(x: 20, y: 20, width: 10, height: 10))
        var canvas = Canvas(widthPixels: 64, heightPixels: 64, scale: 1)
        canvas.stroke(
            square40, style: StrokeStyle(lineWidth: 4, lineCap: .square, dashPattern: [0, 10]), transform: .identity, color: black)
        XCTAssertEqual(Double(alphaSum(canvas)) / 255, 4 * 16)
        // A lone point with a segment of length 0 is a dot too (a move and a line to itself).
        let dot = area {
            $0.fill(fine(line(Point(x: 20, y: 20), Point(x: 20, y: 20)), StrokeStyle(lineWidth: 10, lineCap: .round)), color: black)
        }
        XCTAssertEqual(dot, 25 * .pi, accuracy: 0.1)
    }

    func testTrimAtAQuarterOfACircle() {
        // UIBezierPath(ovalIn:) starts at 3 o'clock and runs clockwise on screen: strokeEnd 0.25
        // is the quarter down to 6 o'clock; 0.25…0.5 the next one to 9 o'clock.
        let path = circle(center: Point(x: 32, y: 32), radius: 20)
        let quarterRing = Double.pi * (22 * 22 - 18 * 18) / 4
        for (start, end, inside, outside) in [
            (0.0, 0.25, Point(x: 1, y: 1), Point(x: -1, y: 1)),
            (0.25, 0.5, Point(x: -1, y: 1), Point(x: -1, y: -1))
        ] {
            var canvas = Canvas(widthPixels: 64, heightPixels: 64, scale: 1)
            canvas.fill(fine(path, StrokeStyle(lineWidth: 4, strokeStart: start, strokeEnd: end)), color: black)
            XCTAssertEqual(Double(alphaSum(canvas)) / 255, quarterRing, accuracy: 0.05)
            let d = 20 / 2.0.squareRoot()
            XCTAssertEqual(canvas.image[Int(32 + inside.x * d), Int(32 + inside.y * d)].alpha, 255)
            XCTAssertEqual(canvas.image[Int(32 + outside.x * d), Int(32 + outside.y * d)].alpha, 0)
        }
        // The cut ends are square across the ring: the trimmed quarter ends on x = 32 exactly.
        var canvas = Canvas(widthPixels: 64, heightPixels: 64, scale: 1)
        canvas.stroke(path, style: StrokeStyle(lineWidth: 4, strokeEnd: 0.25), transform: .identity, color: black)
        XCTAssertEqual(canvas.image[32, 52].alpha, 255); XCTAssertEqual(canvas.image[31, 52].alpha, 0)
        // Nothing when strokeEnd is not above strokeStart.
        XCTAssertTrue(Path(stroking: path, style: StrokeStyle(strokeStart: 0.5, strokeEnd: 0.5), tolerance: 0.1).isEmpty)
    }

    func testTrimRunsAcrossSubpaths() {
        // Two 20-long lines: 0.25…0.75 of the 40 is the second half of the first and the first
        // half of the second.
        var path = line(Point(x: 10, y: 10), Point(x: 30, y: 10))
        path.move(to: Point(x: 10, y: 30))
        path.addLine(to: Point(x: 30, y: 30))
        var canvas = Canvas(widthPixels: 40, heightPixels: 40, scale: 1)
        canvas.stroke(path, style: StrokeStyle(lineWidth: 4, strokeStart: 0.25, strokeEnd: 0.75), transform: .identity, color: black)
        XCTAssertEqual(alphaSum(canvas), 2 * 10 * 4 * 255)
        XCTAssertEqual(canvas.image[19, 10].alpha, 0); XCTAssertEqual(canvas.image[20, 10].alpha, 255)
        XCTAssertEqual(canvas.image[19, 30].alpha, 255); XCTAssertEqual(canvas.image[20, 30].alpha, 0)
    }

    func testClosedSubpathJoinsAtItsStart() {
        // A 20-square stroked 4 wide with miter joins: closed, its start corner is mitred like the
        // others (24² − 16² = 320); drawn back to the start without a close, the start has two butt
        // ends and misses the 2×2 corner.
        var closed = BezierPath()
        closed.addRect(Rect(x: 10, y: 10, width: 20, height: 20))
        var open = BezierPath()
        open.addLines(between: [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30), Point(x: 10, y: 30), Point(x: 10, y: 10)])
        XCTAssertEqual(area { $0.stroke(closed, style: StrokeStyle(lineWidth: 4), transform: .identity, color: black) }, 320)
        XCTAssertEqual(area { $0.stroke(open, style: StrokeStyle(lineWidth: 4), transform: .identity, color: black) }, 316)
    }

    func testStrokesAreInTheLayersSpace() {
        // A vertical line 2 wide under a 2:1 horizontal stretch is 4 pixels wide (Core Graphics
        // strokes in user space), and a dash length stretches with the path.
        let path = line(Point(x: 10, y: 5), Point(x: 10, y: 25))
        let stretched = area { $0.stroke(path, style: StrokeStyle(lineWidth: 2), transform: Transform2D(scaleX: 2, y: 1), color: black) }
        XCTAssertEqual(stretched, 4 * 20)
        // Turned 90°: the same line lies along x, from x = −5 … −25 moved by 30.
        let turned = Transform2D(rotationCosine: 0, sine: 1).concatenating(Transform2D(translationX: 30, y: 0))
        var canvas = Canvas(widthPixels: 40, heightPixels: 20, scale: 1)
        canvas.stroke(path, style: StrokeStyle(lineWidth: 2, dashPattern: [5]), transform: turned, color: black)
        XCTAssertEqual(alphaSum(canvas), 2 * 10 * 255)
        XCTAssertEqual(canvas.image[24, 10].alpha, 255); XCTAssertEqual(canvas.image[19, 10].alpha, 0)
        // Deterministic: the same outline twice, bit for bit.
        let style = StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round, dashPattern: [4, 2, 0, 2], dashPhase: 1)
        let c = circle(center: Point(x: 20, y: 20), radius: 9)
        XCTAssertEqual(
            Path(stroking: c, style: style, transform: turned, tolerance: 1.0 / 64),
            Path(stroking: c, style: style, transform: turned, tolerance: 1.0 / 64))
    }

    func testEvenOddAndNonZeroOnAStar() {
        // A pentagram drawn as one self-crossing contour: the non-zero rule fills the whole star,
        // the even-odd rule leaves its inner pentagon (winding 2) empty. R = 28: the inner
        // vertices lie at ρ = R·cos 72° / cos 36°; the star is 5Rρ·sin 36°, the pentagon (5/2)ρ²·sin 72°.
        let R = 28.0, centre = Point(x: 32, y: 32)
        var star = BezierPath()
        for k in 0..<5 {
            let angle = -Double.pi / 2 + Double(2 * k) * 2 * .pi / 5
            let p = Point(x: centre.x + R * cos(angle), y: centre.y + R * sin(angle))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        let rho = R * cos(0.4 * .pi) / cos(0.2 * .pi)
        let starArea = 5 * R * rho * sin(0.2 * .pi), pentagon = 2.5 * rho * rho * sin(0.4 * .pi)
        var nonZero = Canvas(widthPixels: 64, heightPixels: 64, scale: 1)
        nonZero.fill(star, rule: .nonZero, transform: .identity, color: black)
        var evenOdd = Canvas(widthPixels: 64, heightPixels: 64, scale: 1)
        evenOdd.fill(star, rule: .evenOdd, transform: .identity, color: black)
        // Each of the five pixels where two edges cross may be off by up to about ⅓ (coverage is
        // accumulated edge by edge: docs/RASTER.md); every other pixel is exact.
        XCTAssertEqual(Double(alphaSum(nonZero)) / 255, starArea, accuracy: 5.0 / 3)
        XCTAssertEqual(Double(alphaSum(evenOdd)) / 255, starArea - pentagon, accuracy: 5.0 / 3)
        XCTAssertEqual(nonZero.image[32, 32].alpha, 255)
        XCTAssertEqual(evenOdd.image[32, 32].alpha, 0)
        // As a mask (a shape layer masking a group): the same rule decides.
        var masked = Canvas(widthPixels: 64, heightPixels: 64, scale: 1)
        masked.drawGroup(opacity: 1, bounds: nil, mask: masked.outline(filling: star, rule: .evenOdd, transform: .identity)) { layer in
            layer.fill(Rect(x: 0, y: 0, width: 64, height: 64), color: black)
        }
        XCTAssertEqual(masked.image.pixels, evenOdd.image.pixels)
        // Two rects wound the same way: non-zero fills their overlap, even-odd cuts it out.
        var two = BezierPath()
        two.addRect(Rect(x: 0, y: 0, width: 20, height: 10))
        two.addRect(Rect(x: 10, y: 0, width: 20, height: 10))
        XCTAssertEqual(area { $0.fill(two, rule: .nonZero, transform: .identity, color: black) }, 300)
        XCTAssertEqual(area { $0.fill(two, rule: .evenOdd, transform: .identity, color: black) }, 200)
    }

    func testShapeMasksRevealACircle() {
        // A circular reveal: a full-canvas group masked by a circle of radius 12 shows π·12²;
        // masked by a circle of radius 6 stroked 12 wide (the other way apps write it) the same.
        func revealed(_ mask: (Canvas) -> Path) -> Double {
            area { canvas in
                canvas.drawGroup(opacity: 1, bounds: nil, mask: mask(canvas)) { layer in
                    layer.fill(Rect(x: 0, y: 0, width: 64, height: 64), color: black)
                }
            }
        }
        let filled = revealed { $0.outline(filling: self.circle(center: Point(x: 32, y: 32), radius: 12), transform: .identity) }
        let stroked = revealed {
            $0.outline(
                stroking: self.circle(center: Point(x: 32, y: 32), radius: 6), style: StrokeStyle(lineWidth: 12),
                transform: .identity)
        }
        // Within the 1/16-px chords (≤ 2π·12/16 px²).
        XCTAssertEqual(filled, 144 * .pi, accuracy: 2 * .pi * 12 / 16)
        XCTAssertEqual(stroked, 144 * .pi, accuracy: 2 * .pi * 12 / 16)
    }

    func testRoundedRectsAsUIKitBuildsThem() {
        // UIBezierPath(roundedRect:cornerRadius:) has continuous corners: the same outline as a
        // layer's continuous shape, 0.225297 r² off each corner (docs/RASTER.md, "Corner curves");
        // circular corners take (1 − π/4) r².
        let rect = Rect(x: 4, y: 4, width: 40, height: 30)
        for curve in CornerCurve.allCases {
            var path = BezierPath()
            path.addRoundedRect(rect, cornerRadius: 8, curve: curve)
            let perCorner = curve == .continuous ? 0.225297 : 1 - Double.pi / 4
            let drawn = area { $0.fill(Path(filling: path, tolerance: 1.0 / 1024), color: black) }
            XCTAssertEqual(drawn, 1200 - 4 * perCorner * 64, accuracy: 0.05, "\(curve)")
            let layer = area { $0.fill(Path(layerShape: rect, cornerRadius: 8, curve: curve), color: black) }
            // The layer's outline is flattened within 1/64 pt: its chords take up to about
            // (2/3)·(1/64)·(the corners' length, 4·(π/2)·8) ≈ 0.52 px² off.
            XCTAssertEqual(drawn, layer, accuracy: 0.6, "\(curve): as a layer's outline")
            XCTAssertEqual(path.kinds.count, curve == .continuous ? 2 + 4 * 4 : 2 + 4 * 2)
        }
        // Two radii with separate corners give the same structure (the path interpolates), some
        // square corners another; past 30 / 3.0573 = 9.81 the short sides' corners meet in their
        // middles (two cubics a corner, UIKit's path), another structure again.
        var small = BezierPath(), large = BezierPath(), mixed = BezierPath(), meeting = BezierPath()
        small.addRoundedRect(rect, cornerRadius: 2, curve: .continuous)
        large.addRoundedRect(rect, cornerRadius: 9.8, curve: .continuous)
        mixed.addRoundedRect(rect, cornerRadius: 12, corners: [.minXMinY], curve: .continuous)
        meeting.addRoundedRect(rect, cornerRadius: 12, curve: .continuous)
        XCTAssertTrue(small.hasSameStructure(as: large))
        XCTAssertFalse(small.hasSameStructure(as: mixed))
        XCTAssertFalse(small.hasSameStructure(as: meeting))
        XCTAssertEqual(mixed.kinds.count, 2 + 4 + 3)
        XCTAssertEqual(meeting.kinds.count, 2 + 4 * 3)
    }

    func testHostileCoordinatesDrawNothingAndDoNotTrap() {
        var canvas = Canvas(widthPixels: 16, heightPixels: 16, scale: 1)
        for bad in [Double.nan, .infinity, -1e308, 1e308] {
            var path = BezierPath()
            path.move(to: Point(x: 1, y: 1))
            path.addCurve(to: Point(x: bad, y: 4), control1: Point(x: 3, y: bad), control2: Point(x: 5, y: 5))
            path.addLine(to: Point(x: 8, y: 8))
            path.addArc(center: Point(x: bad, y: 2), radius: bad, startRadians: bad, endRadians: 1, clockwiseOnScreen: true)
            canvas.fill(path, transform: .identity, color: black)
            for cap in LineCap.allCases {
                for join in LineJoin.allCases {
                    canvas.stroke(
                        path, style: StrokeStyle(lineWidth: 3, lineCap: cap, lineJoin: join, dashPattern: [2, 1]),
                        transform: .identity, color: black)
                }
            }
            canvas.stroke(path, style: StrokeStyle(lineWidth: bad), transform: .identity, color: black)
            canvas.stroke(path, style: StrokeStyle(lineWidth: 2), transform: Transform2D(scaleX: bad, y: 1), color: black)
        }
    }

    func testStrokeCostsAreBounded() {
        // 20 000 right-angle corners with round joins at a huge width: the round vertices share
        // StrokeStyle.maximumRoundVertices (8 chords per turn at the least).
        var zigzag = BezierPath()
        zigzag.move(to: .zero)
        for k in 1...20_000 { zigzag.addLine(to: Point(x: Double(k), y: Double(k % 2))) }
        let wide = Path(stroking: zigzag, style: StrokeStyle(lineWidth: 10_000, lineJoin: .round), tolerance: 1.0 / 64)
        let vertices = wide.contours.reduce(0) { $0 + $1.count }
        XCTAssertLessThanOrEqual(vertices, StrokeStyle.maximumRoundVertices + 10 * 20_000)
        // One join at that width: at most maximumRoundChords per turn (a right angle: a quarter).
        let corner = Path(
            stroking: line(.zero, Point(x: 10, y: 0)).appendingLine(to: Point(x: 10, y: 10)),
            style: StrokeStyle(lineWidth: 10_000, lineJoin: .round), tolerance: 1.0 / 64)
        XCTAssertLessThanOrEqual(corner.contours.map(\.count).max()!, StrokeStyle.maximumRoundChords / 4 + 3)
    }
}

private extension BezierPath {
    func appendingLine(to point: Point) -> BezierPath {
        var path = self
        path.addLine(to: point)
        return path
    }
}
