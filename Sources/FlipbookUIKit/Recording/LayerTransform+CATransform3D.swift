import FlipbookGeometry
import FlipbookModel
import Foundation

/// Why a layer's matrix is not drawn (`RecordingError.unrepresentableTransform`'s reason).
struct RefusedTransform: Error, Equatable {
    /// What is wrong, as a phrase ("has a NaN or infinite entry").
    let reason: String
}

extension LayerTransform {
    /// A layer's `CATransform3D` as the model stores it: the components when they express it
    /// exactly (so everything recorded before whole matrices existed records the same), else
    /// the whole matrix (`fullMatrix`). Refused: a matrix with a NaN or infinite entry, and a
    /// singular one (determinant 0: it flattens space onto a plane or a line, so it has no
    /// inverse and no decomposition to animate through). A layer merely seen edge-on, or one
    /// whose corners pass behind the eye, is not refused: its 4 × 4 matrix is invertible, and
    /// the renderer draws nothing for the first and clips the second at the eye's plane, as
    /// the GPU clips Core Animation's layers.
    static func recorded(_ t: CATransform3D) -> Result<LayerTransform, RefusedTransform> {
        // Before the components are tried: a NaN compares as equal to nothing, not as different.
        let matrix = Transform3D(t.rows.flatMap { $0.map { Double($0) == 0 ? 0 : Double($0) } })
        guard matrix.isFinite else { return .failure(RefusedTransform(reason: "has a NaN or infinite entry")) }
        if let exact = LayerTransform(exactly: t) { return .success(exact) }
        guard matrix.determinant != 0 else { return .failure(RefusedTransform(reason: "is singular (its determinant is 0)")) }
        return .success(LayerTransform(fullMatrix: matrix))
    }

    /// A layer's `CATransform3D` (about its anchor point, as the model's transform is) in the
    /// model's components, exactly: nil when no scale, rotation about z, y and x, translation and
    /// perspective compose to the same matrix (a skew, a rotation about a slanted axis, a z
    /// translation, a free-form matrix).
    ///
    /// Only what a flattening layer uses is compared: the rows that map x, y and the
    /// translation (m1·, m2·, m4·). The z row (m3·) moves nothing drawn on the plane z = 0, so
    /// `CATransform3DMakeRotation(a, 0, 1, 0)` with `m34` set afterwards is the orthographic
    /// rotation Core Animation draws for it.
    init?(exactly t: CATransform3D) {
        let m = t.rows.map { $0.map(Double.init) }
        // The plane's reading only when the z row does not turn the layer over: a half turn
        // about y (m11 = m33 = −1) draws as a mirrored half turn about z, but it is a rotation
        // about y to `transform.rotation.y` and to the interpolation of its parts.
        if m[0][2] == 0 && m[1][2] == 0 && m[0][3] == 0 && m[1][3] == 0 && m[3][2] == 0 && m[3][3] == 1 && m[2][3] == 0
            && m[2][0] == 0 && m[2][1] == 0 && m[2][2] > 0
        {
            self.init(affine: m)
        } else {
            guard let made = LayerTransform.decompose3D(m) else { return nil }
            self = made
        }
        // A component that came out as −0 is 0 (exported files and goldens keep the same text).
        func clean(_ v: Double) -> Double { v == 0 ? 0 : v }
        translation = Point(x: clean(translation.x), y: clean(translation.y))
        rotationDegrees = clean(rotationDegrees); rotationXDegrees = clean(rotationXDegrees); rotationYDegrees = clean(rotationYDegrees)
        guard LayerTransform.matches(matrix3D.m, m) else { return nil }
    }

    /// The plane's part: scale, then rotation, then translation.
    private init(affine m: [[Double]]) {
        let a = m[0][0], b = m[0][1], c = m[1][0], d = m[1][1]
        let scaleX = (a * a + b * b).squareRoot()
        let rotation = scaleX == 0 ? 0 : deterministicAtan2(b, a)
        let scaleY = scaleX == 0 ? (c * c + d * d).squareRoot() : (a * d - b * c) / scaleX
        self.init(
            translation: Point(x: m[3][0], y: m[3][1]), rotationDegrees: rotation * 180 / Double.pi,
            scale: Size(width: scaleX, height: scaleY))
    }

    /// `S · Rz · Ry · Rx · T · P` (the model's order, `matrix3D`) read back from the matrix: the
    /// x and y rows are the scales times the first two rows of the rotation, its third row their
    /// cross product; the Euler angles of `Rz · Ry · Rx` from it (of the two solutions, the one
    /// with the smaller angles: a half turn about y reads as rotateY 180°, not rotateX and
    /// rotate 180°); the perspective from m34 (or m14, m24 when the layer is edge-on).
    private static func decompose3D(_ m: [[Double]]) -> LayerTransform? {
        let row0 = Array(m[0][0..<3]), row1 = Array(m[1][0..<3])
        let sx = length(row0)
        guard sx > 0 else { return nil }
        let r0 = row0.map { $0 / sx }
        let sy = length(row1)
        guard sy > 0 else { return nil }
        // No Gram–Schmidt: a skew must fail the final comparison, not be hidden. A mirror reads
        // as a half turn about x (the same drawing).
        let r1 = row1.map { $0 / sy }
        let r2 = cross(r0, r1)
        let sb = r2[0], cb = (r2[1] * r2[1] + r2[2] * r2[2]).squareRoot()
        var candidates: [(x: Double, y: Double, z: Double)] = []
        if cb > 1e-12 {
            let beta = deterministicAtan2(sb, cb)
            candidates.append((deterministicAtan2(-r2[1], r2[2]), beta, deterministicAtan2(-r1[0], r0[0])))
            candidates.append(
                (deterministicAtan2(r2[1], -r2[2]), (beta > 0 ? Double.pi : -Double.pi) - beta, deterministicAtan2(r1[0], -r0[0])))
        } else {
            // Edge-on about y (β = ±90°): only α + γ or α − γ is defined; α = 0.
            candidates.append((0, sb > 0 ? Double.pi / 2 : -Double.pi / 2, deterministicAtan2(r0[1], r1[1])))
        }
        let best = candidates.min { abs($0.x) + abs($0.y) + abs($0.z) < abs($1.x) + abs($1.y) + abs($1.z) }!
        var made = LayerTransform(
            translation: Point(x: m[3][0], y: m[3][1]), rotationDegrees: best.z * 180 / Double.pi,
            scale: Size(width: sx, height: sy))
        made.rotationXDegrees = best.x * 180 / Double.pi
        made.rotationYDegrees = best.y * 180 / Double.pi
        // m14 = sx·r0z·p, m24 = sy·r1z·p, m34 = r2z·p with p = −1/d.
        var p = 0.0
        if abs(r2[2]) > 1e-9 { p = m[2][3] / r2[2] }
        if !LayerTransform.matchesPerspective(p, sx * r0[2], sy * r1[2], m) {
            if abs(r0[2]) > 1e-9 { p = m[0][3] / (sx * r0[2]) } else if abs(r1[2]) > 1e-9 { p = m[1][3] / (sy * r1[2]) }
        }
        made.perspectiveDistancePoints = p == 0 ? 0 : -1 / p
        return made
    }

    private static func matchesPerspective(_ p: Double, _ a: Double, _ b: Double, _ m: [[Double]]) -> Bool {
        abs(a * p - m[0][3]) <= 1e-9 && abs(b * p - m[1][3]) <= 1e-9
    }

    /// Rows 1, 2 and 4 of the two matrices equal within rounding (1e-9 of the entries' scale).
    private static func matches(_ model: [Double], _ m: [[Double]]) -> Bool {
        for row in [0, 1, 3] {
            for column in 0..<4 {
                let a = model[row * 4 + column], b = m[row][column]
                if abs(a - b) > 1e-9 * max(1, abs(a), abs(b)) { return false }
            }
        }
        return true
    }

    private static func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
    private static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }

    /// The model's transform as a `CATransform3D` about the anchor point: the plane's matrix
    /// built as `init(exactly:)` reads it for a flat transform, `matrix3D` for a 3-D one.
    var caTransform: CATransform3D {
        if !is3D {
            let radians = rotationDegrees * Double.pi / 180
            let (cosine, sine) = exactCosineAndSine(radians)
            return CATransform3DMakeAffineTransform(
                CGAffineTransform(
                    a: cosine * scale.width, b: sine * scale.width, c: -sine * scale.height,
                    d: cosine * scale.height, tx: translation.x, ty: translation.y))
        }
        let m = matrix3D.m.map { CGFloat($0) }
        return CATransform3D(rows: [Array(m[0..<4]), Array(m[4..<8]), Array(m[8..<12]), Array(m[12..<16])])
    }
}
