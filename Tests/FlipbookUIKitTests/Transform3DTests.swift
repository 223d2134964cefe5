import FlipbookCodecs
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookRaster
import FlipbookRender
import FlipbookScenes
import FlipbookUIKit
import Foundation
import XCTest

/// Whole `CATransform3D` matrices — a hinge about an edge, a z translation, stacked rotations —
/// recorded as set and drawn with perspective as Core Animation flattens layers. Every expected
/// edge is worked out by hand from the matrix (row vectors, `w = 1 + z · m34` for a layer's
/// plane point at depth z), and compared with the rendered coverage at @1x: a row's coverage
/// summed is the covered length at the row's centre (the edges are straight lines, so the
/// integral over a pixel is the value at its centre).
final class Transform3DTests: XCTestCase {
    /// A tall @1x screen: one pixel per point, room for a near edge that grows.
    private let device = Device(name: "tall", sizePoints: Size(width: 400, height: 900), scale: 1)
    private let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)

    private func render(_ animator: TransitionAnimator, at t: Double, isFinal: Bool = false) -> PremultipliedImage {
        let window = animator.window(atSeconds: t, isFinal: isFinal)
        let ops = DisplayList.ops(flattening: window, screen: animator.transition.device.bounds) { animator.initialLayer(named: $0) }
        let list = DisplayList(device: animator.transition.device, frameIndex: 0, timeSeconds: t, progress: t, ops: ops)
        let image = FrameRasterizer(images: try! ImageStore(sources: [], threads: 1)).render(list)
        // FLIPBOOK_TEST_FRAMES=<folder> writes each frame drawn, to look at.
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_FRAMES"] {
            try? PNGEncoder.write(image, toPath: "\(folder)/transform3d-\(name.filter(\.isLetter).suffix(40))-\(t).png")
        }
        return image
    }

    /// How much of the pixel (x, y) red covers over white: 1 − green / 255.
    private func coverage(_ image: PremultipliedImage, _ x: Int, _ y: Int) -> Double { 1 - Double(image[x, y].green) / 255 }
    private func rowCoverage(_ image: PremultipliedImage, _ y: Int, _ columns: Range<Int>) -> Double {
        columns.reduce(0) { $0 + coverage(image, $1, y) }
    }
    private func columnCoverage(_ image: PremultipliedImage, _ x: Int, _ rows: Range<Int>) -> Double {
        rows.reduce(0) { $0 + coverage(image, x, $1) }
    }

    /// A red layer `frame` in a white window with `transform`, recorded.
    @MainActor private func record(frame: CGRect, transform: CATransform3D, doubleSided: Bool = true) throws -> TransitionAnimator {
        let transition = try Transition.record(device: device) { window in
            window.backgroundColor = .white
            let layer = UIView(frame: frame)
            layer.accessibilityIdentifier = "layer"
            layer.backgroundColor = red
            layer.layer.isDoubleSided = doubleSided
            layer.layer.transform = transform
            window.addSubview(layer)
        }
        return try TransitionAnimator(transition)
    }

    private func perspective(_ distance: CGFloat) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / distance
        return t
    }

    /// The side menu's hinge: `angle` radians about the left edge of a layer `width` wide, m34 = −1/500.
    private func hinge(angle: CGFloat, width: CGFloat) -> CATransform3D {
        var t = perspective(500)
        t = CATransform3DTranslate(t, -width / 2, 0, 0)
        t = CATransform3DRotate(t, angle, 0, 1, 0)
        return CATransform3DTranslate(t, width / 2, 0, 0)
    }

    /// Where a line through `a` and `b` crosses the horizontal y, or the vertical x.
    private func x(onLine a: (Double, Double), _ b: (Double, Double), atY y: Double) -> Double {
        a.0 + (b.0 - a.0) * (y - a.1) / (b.1 - a.1)
    }
    private func y(onLine a: (Double, Double), _ b: (Double, Double), atX x: Double) -> Double {
        a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0)
    }

    @MainActor func testAHingeAboutTheLeftEdgeProjectsItsCornersAsWorkedOutByHand() async throws {
        // A 240 × 600 side menu at (0, 150), turned −30° about its left edge with m34 = −1/500.
        let animator = try record(frame: CGRect(x: 0, y: 150, width: 240, height: 600), transform: hinge(angle: -.pi / 6, width: 240))
        let layer = try XCTUnwrap(animator.initialLayer(named: "layer"))
        XCTAssertNotNil(layer.transform.fullMatrix, "translate · rotate · translate is not the model's components")
        // About the anchor (120, 450): a corner (x, y) moves right by 120, turns — (x'·cos θ, y,
        // −x'·sin θ) — moves left by 120, then w = 1 + z·m34 = 1 − z/500.
        let theta = -Double.pi / 6
        func corner(_ x: Double, _ y: Double) -> (Double, Double) {
            let moved = x + 120, z = -moved * sin(theta), w = 1 - z / 500
            return (120 + (moved * cos(theta) - 120) / w, 450 + y / w)
        }
        let topLeft = corner(-120, -300), topRight = corner(120, -300), bottomLeft = corner(-120, 300), bottomRight = corner(120, 300)
        XCTAssertEqual(topLeft.0, 0, accuracy: 1e-12)
        XCTAssertEqual(topLeft.1, 150, accuracy: 1e-12)
        XCTAssertEqual(topRight.0, 120 + (240 * 0.75.squareRoot() - 120) / 0.76, accuracy: 1e-9) // 235.59: the near edge
        XCTAssertEqual(topRight.1, 450 - 300 / 0.76, accuracy: 1e-9) // 55.26
        let image = render(animator, at: 0)
        // Across the middle row (centre y = 450.5): from the hinge at x = 0 to the near edge.
        XCTAssertEqual(rowCoverage(image, 450, 0..<400), topRight.0, accuracy: 0.5)
        XCTAssertEqual(coverage(image, 0, 450), 1)
        // Down the column whose centre is x = 200.5: the top edge from the top-left corner to the
        // top-right one, the bottom edge likewise.
        let top = y(onLine: topLeft, topRight, atX: 200.5), bottom = y(onLine: bottomLeft, bottomRight, atX: 200.5)
        XCTAssertEqual(450 - columnCoverage(image, 200, 0..<450), top, accuracy: 0.5)
        XCTAssertEqual(450 + columnCoverage(image, 200, 450..<900), bottom, accuracy: 0.5)
    }

    @MainActor func testAZTranslationWithPerspectiveScalesBy500Over600() async throws {
        // tz = −100 then m34 = −1/500: w = 1 + (−100)(−1/500) = 1.2, every point × 500/600
        // about the anchor (the centre, (200, 450)).
        let animator = try record(
            frame: CGRect(x: 100, y: 400, width: 200, height: 100), transform: CATransform3DTranslate(perspective(500), 0, 0, -100))
        XCTAssertNotNil(try XCTUnwrap(animator.initialLayer(named: "layer")).transform.fullMatrix)
        let image = render(animator, at: 0)
        XCTAssertEqual(rowCoverage(image, 450, 0..<400), 200 * 500 / 600, accuracy: 0.5)
        XCTAssertEqual(columnCoverage(image, 200, 0..<900), 100 * 500 / 600, accuracy: 0.5)
        XCTAssertEqual(rowCoverage(image, 450, 0..<200), 200 * 500 / 600 / 2, accuracy: 0.5)
    }

    @MainActor func testStackedRotationsAboutDifferentAxesProjectAsWorkedOutByHand() async throws {
        // Rotate 40° about x, then 30° about y, then m34 = −1/500: not the model's order (z, y, x).
        let ax = 40 * Double.pi / 180, ay = 30 * Double.pi / 180
        let matrix = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeRotation(ax, 1, 0, 0), CATransform3DMakeRotation(ay, 0, 1, 0)),
            perspective(500))
        try checkStackedRotations(matrix, depth: 0)
        // With a z translation between them (tilted, pushed back 80 pt, then turned) no Euler
        // angles and translation compose to it: the matrix is kept whole.
        let pushed = CATransform3DConcat(
            CATransform3DConcat(
                CATransform3DConcat(
                    CATransform3DMakeRotation(ax, 1, 0, 0),
                    CATransform3DMakeTranslation(0, 0, -80)),
                CATransform3DMakeRotation(ay, 0, 1, 0)), perspective(500))
        try checkStackedRotations(pushed, depth: -80)
    }

    /// A 200 × 200 layer centred at (200, 450) under Rx(40°) · T(0, 0, depth) · Ry(30°) · P(500).
    @MainActor private func checkStackedRotations(_ matrix: CATransform3D, depth: Double, line: UInt = #line) throws {
        let ax = 40 * Double.pi / 180, ay = 30 * Double.pi / 180
        let animator = try record(frame: CGRect(x: 100, y: 350, width: 200, height: 200), transform: matrix)
        // Any rotation has Euler angles in the model's order: without the z translation the
        // matrix is read into components; with it, kept whole.
        XCTAssertEqual(try XCTUnwrap(animator.initialLayer(named: "layer")).transform.fullMatrix != nil, depth != 0, line: line)
        // (x, y, 0) about x: (x, y·cos, y·sin); moved by depth along z; then about y:
        // (x·cos + z·sin, y, −x·sin + z·cos); then w = 1 − z/500.
        func corner(_ x: Double, _ y: Double) -> (Double, Double) {
            let y1 = y * cos(ax), z1 = y * sin(ax) + depth
            let x2 = x * cos(ay) + z1 * sin(ay), z2 = -x * sin(ay) + z1 * cos(ay)
            let w = 1 - z2 / 500
            return (200 + x2 / w, 450 + y1 / w)
        }
        let quad = [corner(-100, -100), corner(100, -100), corner(100, 100), corner(-100, 100)]
        /// The quad's extent across the line y (or x) = `at`: where its edges cross it.
        func extent(_ at: Double, vertical: Bool) -> Double {
            var crossings: [Double] = []
            for i in 0..<4 {
                let a = quad[i], b = quad[(i + 1) % 4]
                let (lo, hi) = vertical ? (min(a.0, b.0), max(a.0, b.0)) : (min(a.1, b.1), max(a.1, b.1))
                guard at >= lo, at <= hi, (vertical ? a.0 != b.0 : a.1 != b.1) else { continue }
                crossings.append(vertical ? y(onLine: a, b, atX: at) : x(onLine: a, b, atY: at))
            }
            return crossings.max()! - crossings.min()!
        }
        let image = render(animator, at: 0)
        for row in [400, 450, 500] {
            XCTAssertEqual(
                rowCoverage(image, row, 0..<400), extent(Double(row) + 0.5, vertical: false), accuracy: 0.5, "row \(row)", line: line)
        }
        for column in [150, 200, 250] {
            XCTAssertEqual(
                columnCoverage(image, column, 0..<900), extent(Double(column) + 0.5, vertical: true), accuracy: 0.5, "column \(column)",
                line: line)
        }
    }

    @MainActor func testAParentsSublayerTransformPerspectiveSeesAChildsZTranslation() async throws {
        // The parent's sublayerTransform has the perspective (about its centre, (200, 450)); the
        // child only moves back 100 pt. Its centre (−100, −100) from the parent's and its half
        // size 50 both shrink by 500/600: the child spans 75…158.33 across and 325…408.33 down.
        let transition = try Transition.record(device: device) { window in
            window.backgroundColor = .white
            let parent = UIView(frame: CGRect(x: 50, y: 300, width: 300, height: 300))
            parent.layer.sublayerTransform = self.perspective(500)
            window.addSubview(parent)
            let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            child.accessibilityIdentifier = "child"
            child.backgroundColor = self.red
            child.layer.transform = CATransform3DMakeTranslation(0, 0, -100)
            parent.addSubview(child)
        }
        let animator = try TransitionAnimator(transition)
        XCTAssertNotNil(try XCTUnwrap(animator.initialLayer(named: "child")).transform.fullMatrix)
        let image = render(animator, at: 0)
        XCTAssertEqual(rowCoverage(image, 366, 0..<400), 100 * 500 / 600, accuracy: 0.5)
        XCTAssertEqual(rowCoverage(image, 366, 0..<150), 150 - 75, accuracy: 0.5)
        XCTAssertEqual(columnCoverage(image, 100, 0..<900), 100 * 500 / 600, accuracy: 0.5)
        XCTAssertEqual(columnCoverage(image, 100, 0..<366), 366 - 325, accuracy: 0.5)
    }

    @MainActor func testABackFacingSingleSidedLayerIsHiddenAndADoubleSidedOneShowsItsBack() async throws {
        // Turned −120° about its left edge (at x = 200): past edge-on, it shows its back, mirrored
        // to the left of the hinge (the far edge at 320 + (240·cos 120° − 120)/w with
        // z = 240·sin 120°, w = 1 − z/500).
        let frame = CGRect(x: 200, y: 150, width: 240, height: 600), turned = hinge(angle: -2 * .pi / 3, width: 240)
        let shown = render(try record(frame: frame, transform: turned), at: 0)
        let z = 240 * sin(2 * Double.pi / 3), w = 1 - z / 500
        let farEdge = 320 + (240 * cos(2 * Double.pi / 3) - 120) / w
        XCTAssertEqual(farEdge, -90.74, accuracy: 0.01)
        XCTAssertEqual(rowCoverage(shown, 450, 0..<400), 200, accuracy: 0.5)
        let hidden = render(try record(frame: frame, transform: turned, doubleSided: false), at: 0)
        XCTAssertEqual(rowCoverage(hidden, 450, 0..<400), 0)
    }

    // MARK: Refused, and what is no longer refused

    @MainActor func testANaNOrSingularMatrixIsRefusedNamingTheView() async {
        var nan = CATransform3DIdentity
        nan.m42 = .nan
        var singular = CATransform3DIdentity
        singular.m44 = 0
        for (matrix, reason) in [(nan, "has a NaN or infinite entry"), (singular, "is singular (its determinant is 0)")] {
            XCTAssertThrowsError(
                try Transition.record { window in
                    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                    view.accessibilityIdentifier = "broken"
                    window.addSubview(view)
                    view.layer.transform = matrix
                }
            ) { error in
                XCTAssertEqual(
                    error as? RecordingError, .unrepresentableTransform(view: "UIView 'broken'", property: "transform", reason: reason))
                XCTAssertEqual(
                    (error as? RecordingError)?.description, "UIView 'broken': its layer's transform \(reason), so it cannot be drawn")
            }
        }
    }

    @MainActor func testACATransformLayerIsRefusedByName() async {
        XCTAssertThrowsError(
            try Transition.record { window in
                let stage = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                window.addSubview(stage)
                let cube = CATransformLayer()
                cube.name = "cube"
                stage.layer.addSublayer(cube)
            }
        ) { error in
            XCTAssertEqual(
                error as? RecordingError,
                .notDrawn(
                    view: "CATransformLayer 'cube'",
                    what: "a CATransformLayer's shared 3-D space (every layer is flattened; use a sublayerTransform)"))
        }
    }

    @MainActor func testASkewIsRecordedAsAWholeMatrixAndDrawnSheared() async throws {
        // x' = x + 0.5·y about the centre (200, 450) of a 100 × 100 layer: at the row through the
        // centre the layer spans 150…250, 20 rows lower it is shifted by 10.
        let skew = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
        let animator = try record(frame: CGRect(x: 150, y: 400, width: 100, height: 100), transform: skew)
        XCTAssertNotNil(try XCTUnwrap(animator.initialLayer(named: "layer")).transform.fullMatrix)
        let image = render(animator, at: 0)
        XCTAssertEqual(rowCoverage(image, 470, 0..<400), 100, accuracy: 0.5)
        XCTAssertEqual(rowCoverage(image, 470, 0..<160), 160 - (150 + 0.5 * 20.5), accuracy: 0.5)
    }

    // MARK: Animating whole matrices

    /// A row-major 4 × 4 product, for expected values.
    private func product(_ a: [Double], _ b: [Double]) -> [Double] {
        (0..<16).map { (i: Int) -> Double in
            let row = i / 4, column = i % 4
            var sum = 0.0
            for k in 0..<4 { sum += a[row * 4 + k] * b[k * 4 + column] }
            return sum
        }
    }
    private func rotationY(_ radians: Double) -> [Double] {
        [cos(radians), 0, -sin(radians), 0, 0, 1, 0, 0, sin(radians), 0, cos(radians), 0, 0, 0, 0, 1]
    }
    private func assertEqual(_ a: [Double], _ b: [Double], accuracy: Double = 1e-9, _ message: String = "", line: UInt = #line) {
        for i in 0..<16 { XCTAssertEqual(a[i], b[i], accuracy: accuracy, "m\(i / 4 + 1)\(i % 4 + 1) \(message)", line: line) }
    }

    func testAHingeInterpolatesItsDecomposedRotationAndTranslation() {
        // Identity → T(120)·Ry(60°)·T(−120) (no perspective). Decomposed, the hinge is the
        // rotation Ry(60°) and the translation (120·cos 60° − 120, 0, −120·sin 60°); half way
        // Core Animation draws Ry(30°) moved by half that translation (not the hinge at 30°:
        // its edge drifts, as on iOS when a hinge is animated as a matrix).
        let theta = Double.pi / 3
        var hinge = rotationY(theta)
        hinge[12] = 120 * cos(theta) - 120; hinge[14] = -120 * sin(theta)
        let half = LayerTransform.interpolate(from: .identity, to: LayerTransform(fullMatrix: Transform3D(hinge)), progress: 0.5)
        var expected = rotationY(theta / 2)
        expected[12] = (120 * cos(theta) - 120) / 2; expected[14] = -120 * sin(theta) / 2
        assertEqual(half.matrix3D.m, expected)
        // The ends are the two transforms themselves.
        XCTAssertEqual(
            LayerTransform.interpolate(from: .identity, to: LayerTransform(fullMatrix: Transform3D(hinge)), progress: 1).fullMatrix?.m,
            hinge)
    }

    func testAHalfTurnAboutYInterpolatesAboutY() {
        let turn = LayerTransform(fullMatrix: Transform3D(rotationY(Double.pi)))
        let quarter = LayerTransform.interpolate(from: .identity, to: turn, progress: 0.5).matrix3D.m
        // A quarter turn about y, one way or the other: the y axis stays, x goes to ∓z.
        XCTAssertEqual(quarter[5], 1, accuracy: 1e-12)
        XCTAssertEqual(quarter[0], 0, accuracy: 1e-12)
        XCTAssertEqual(abs(quarter[2]), 1, accuracy: 1e-12)
    }

    func testAPerspectiveAndZTranslationInterpolateAsTheirParts() {
        // T(0, 0, −100)·P(500) has m44 = 1.2; divided by it (the decomposition's first step, a
        // homogeneous matrix draws the same) its parts are scale 1/1.2, translation
        // (0, 0, −100/1.2), perspective (0, 0, −1/500) and w = 1 − (100/1.2)/500 = 1/1.2. Half
        // way from the identity: scale and w (1 + 1/1.2)/2, translation −50/1.2, m34 part
        // −1/1000; put back, m33 = scale, m34 = scale·(−1/1000), m44 = w + (50/1.2)/1000.
        var pushed = Transform3D.identity.m
        pushed[11] = -1.0 / 500; pushed[14] = -100; pushed[15] = 1.2
        let half = LayerTransform.interpolate(from: .identity, to: LayerTransform(fullMatrix: Transform3D(pushed)), progress: 0.5).matrix3D
            .m
        let scale = (1 + 1 / 1.2) / 2
        let expected = [scale, 0, 0, 0, 0, scale, 0, 0, 0, 0, scale, -scale / 1000, 0, 0, -50 / 1.2, scale + 50 / 1.2 / 1000]
        assertEqual(half, expected, accuracy: 1e-12)
        // Drawn: the plane scaled by scale / m44 about the anchor.
        XCTAssertEqual(half[0] / half[15], 0.9565, accuracy: 1e-4)
    }

    func testDecomposingAndRecomposingGivesTheMatrixBack() {
        // Scale, skew, rotation about a slanted axis, translation and perspective together.
        var m = product(
            product([2, 0, 0, 0, 0.3, 0.5, 0, 0, 0.1, -0.2, 1.5, 0, 0, 0, 0, 1], rotationY(0.7)),
            [1, 0, 0, 0, 0, cos(0.4), sin(0.4), 0, 0, -sin(0.4), cos(0.4), 0, 30, -40, 12, 1])
        m = product(m, [1, 0, 0, 0.0004, 0, 1, 0, -0.0003, 0, 0, 1, -0.002, 0, 0, 0, 1])
        // The same matrix on both sides: the components interpolate, the matrix is kept as is.
        let a = LayerTransform(fullMatrix: Transform3D(m))
        XCTAssertEqual(LayerTransform.interpolate(from: a, to: a, progress: 0.5).fullMatrix?.m, m)
        // Through the parts: interpolating with a copy scaled homogeneously (draws the same) by 2.
        let doubled = LayerTransform(fullMatrix: Transform3D(m.map { $0 * 2 }))
        let halfway = LayerTransform.interpolate(from: a, to: doubled, progress: 0.5).matrix3D.m
        assertEqual(halfway, m.map { $0 / m[15] }, accuracy: 1e-9)
    }

    @MainActor func testTransformRotationYAndTranslationZAnimateTheirComponents() async throws {
        let transition = try Transition.record(device: device) { window in
            let pushed = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            pushed.accessibilityIdentifier = "pushed"
            pushed.layer.transform = self.perspective(500)
            window.addSubview(pushed)
            let lift = CABasicAnimation(keyPath: "transform.translation.z")
            lift.fromValue = 0
            lift.toValue = -100
            lift.duration = 1
            lift.timingFunction = CAMediaTimingFunction(name: .linear)
            lift.fillMode = .forwards
            lift.isRemovedOnCompletion = false
            pushed.layer.add(lift, forKey: "lift")
            // On a layer whose transform is a whole matrix, the rotation applies before it.
            let turned = UIView(frame: CGRect(x: 100, y: 300, width: 100, height: 100))
            turned.accessibilityIdentifier = "turned"
            turned.layer.transform = CATransform3DTranslate(self.perspective(500), 0, 0, -100)
            window.addSubview(turned)
            let turn = CABasicAnimation(keyPath: "transform.rotation.y")
            turn.fromValue = 0
            turn.toValue = CGFloat.pi / 2
            turn.duration = 1
            turn.timingFunction = CAMediaTimingFunction(name: .linear)
            turn.fillMode = .forwards
            turn.isRemovedOnCompletion = false
            turned.layer.add(turn, forKey: "turn")
        }
        let animator = try TransitionAnimator(transition)
        let half = animator.window(atSeconds: 0.5, isFinal: false)
        // tz = −50 half way: m43 = −50, m44 = 1 + 50/500.
        let pushed = try XCTUnwrap(animator.layer(named: "pushed", in: half)).transform.matrix3D.m
        XCTAssertEqual(pushed[14], -50, accuracy: 1e-9)
        XCTAssertEqual(pushed[15], 1.1, accuracy: 1e-12)
        var base = Transform3D.identity.m
        base[11] = -1.0 / 500; base[14] = -100; base[15] = 1.2
        let turned = try XCTUnwrap(animator.layer(named: "turned", in: half)).transform.matrix3D.m
        assertEqual(turned, product(rotationY(Double.pi / 4), base), accuracy: 1e-12)
    }

    // MARK: Transition files

    @MainActor private func recordHinge() throws -> Transition {
        try Transition.record(device: device) { window in
            window.backgroundColor = .white
            let menu = UIView(frame: CGRect(x: 0, y: 150, width: 240, height: 600))
            menu.accessibilityIdentifier = "menu"
            menu.backgroundColor = self.red
            menu.layer.transform = self.hinge(angle: .pi / 2, width: 240)
            window.addSubview(menu)
            UIView.animate(withDuration: 0.5) { menu.layer.transform = self.hinge(angle: -.pi / 8, width: 240) }
        }
    }

    @MainActor func testAWholeMatrixExportsAsTransform3DAndReadsBackAsTheSameFrames() async throws {
        let transition = try recordHinge()
        let folder = FileManager.default.temporaryDirectory.path
        let json = TransitionFile.json(for: transition, relativeTo: folder)
        XCTAssertTrue(json.contains("\"transform3D\": ["), json)
        let reread = try TransitionFile(data: Data(json.utf8), path: folder + "/hinge.json").transition(photos: [], options: SceneOptions())
        let original = try TransitionAnimator(transition), copy = try TransitionAnimator(reread)
        for t in [0.0, 0.1, 0.25, 0.4, 0.5] {
            XCTAssertEqual(original.window(atSeconds: t, isFinal: t == 0.5), copy.window(atSeconds: t, isFinal: t == 0.5), "t = \(t)")
        }
        XCTAssertEqual(render(original, at: 0.25).pixels, render(copy, at: 0.25).pixels)

        // Fifteen numbers, or a singular matrix, name the file and the key.
        let matrix = try XCTUnwrap(json.range(of: #""transform3D": \[[^\]]*\]"#, options: .regularExpression))
        for (replacement, message) in [
            ("\"transform3D\": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0]", "expected 16 numbers"),
            ("\"transform3D\": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]", "is singular")
        ] {
            let broken = json.replacingCharacters(in: matrix, with: replacement)
            XCTAssertThrowsError(
                try TransitionFile(data: Data(broken.utf8), path: "/tmp/hinge.json").transition(photos: [], options: SceneOptions())
            ) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("hinge.json") && text.contains("transform3D") && text.contains(message), text)
            }
        }
    }
}
