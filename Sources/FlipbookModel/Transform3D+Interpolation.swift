import FlipbookGeometry
import FlipbookMotion

// Interpolating whole 4 × 4 matrices as Core Animation does: each matrix decomposed into
// translation, scale, skew, perspective and a rotation quaternion, the parts interpolated (the
// quaternion along the shorter arc) and the matrix put back together. Apple documents only
// that a `transform` animation interpolates between matrices "component-wise" after
// decomposing them (Core Animation Programming Guide, "Animating Layer Content"); the
// decomposition here is the one the CSS Transforms Module Level 2 specifies for `matrix3d()`
// ("Interpolation of 3D matrices"), which WebKit's `TransformationMatrix::blend` and Core
// Animation share: a half turn about y animates about y, a whole turn does not animate.

extension Transform3D {
    /// `CATransform3DMakeTranslation(x, y, z)`.
    package static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        var t = identity; t.m[12] = x; t.m[13] = y; t.m[14] = z; return t
    }

    /// True when every entry is finite.
    package var isFinite: Bool { m.allSatisfy(\.isFinite) }

    /// The 4 × 4 determinant (cofactor expansion along the first row).
    package var determinant: Double {
        func minor(_ column: Int) -> Double {
            let columns = (0..<4).filter { $0 != column }
            func e(_ r: Int, _ c: Int) -> Double { m[r * 4 + columns[c]] }
            return e(1, 0) * (e(2, 1) * e(3, 2) - e(2, 2) * e(3, 1)) - e(1, 1) * (e(2, 0) * e(3, 2) - e(2, 2) * e(3, 0))
                + e(1, 2) * (e(2, 0) * e(3, 1) - e(2, 1) * e(3, 0))
        }
        return m[0] * minor(0) - m[1] * minor(1) + m[2] * minor(2) - m[3] * minor(3)
    }
}

/// A 4 × 4 transform taken apart: `M = [[A, A·v], [t, t·v + w]]` (row vectors) with
/// `A = U · R`, U lower triangular (scales on the diagonal, skews below it as fractions of
/// them) and R a rotation (`quaternion`).
struct DecomposedTransform3D: Equatable {
    var translation: [Double] // t: x, y, z
    var scale: [Double] // sx, sy, sz
    var skew: [Double] // xy, xz, yz: row 2 += xy·row 1; row 3 += xz·row 1 + yz·row 2
    var perspective: [Double] // v: x, y, z, then w
    var quaternion: [Double] // x, y, z, w (unit)

    /// The parts of `t`, or nil when it has none (a singular linear part, m44 = 0).
    init?(_ t: Transform3D) {
        guard t.m[15] != 0, t.isFinite else { return nil }
        // The matrix is homogeneous: dividing by m44 draws the same.
        let m = t.m.map { $0 / t.m[15] }
        let rows = (0..<3).map { r in (0..<3).map { m[r * 4 + $0] } }
        translation = [m[12], m[13], m[14]]
        // v solves A·v = (m14, m24, m34); w = m44 − t·v.
        guard let v = DecomposedTransform3D.solve(rows, [m[3], m[7], m[11]]) else { return nil }
        perspective = v + [m[15] - (translation[0] * v[0] + translation[1] * v[1] + translation[2] * v[2])]
        // Gram–Schmidt on the rows of A.
        var u0 = rows[0], u1 = rows[1], u2 = rows[2]
        let sx = length(u0); guard sx > 0 else { return nil }
        u0 = u0.map { $0 / sx }
        let k01 = dot(u0, u1); u1 = combine(u1, u0, -k01)
        let sy = length(u1); guard sy > 0 else { return nil }
        u1 = u1.map { $0 / sy }
        let k02 = dot(u0, u2), k12 = dot(u1, u2)
        u2 = combine(combine(u2, u0, -k02), u1, -k12)
        let sz = length(u2); guard sz > 0 else { return nil }
        u2 = u2.map { $0 / sz }
        scale = [sx, sy, sz]
        skew = [k01 / sy, k02 / sz, k12 / sz]
        // A mirror: the rotation's rows and the scales negated together (the skews, fractions
        // of the scales, are unchanged).
        if dot(u0, cross(u1, u2)) < 0 {
            scale = scale.map { -$0 }
            (u0, u1, u2) = (u0.map { -$0 }, u1.map { -$0 }, u2.map { -$0 })
        }
        // The rotation as a column-vector matrix R = (rows u0 u1 u2)ᵀ, R[i][j] = u_j[i], to a
        // quaternion: the largest of 4w², 4x², 4y², 4z² from the diagonal by a square root, the
        // others from the off-diagonal sums and differences divided by it (Shepperd's method:
        // no cancellation for any rotation, a half turn included).
        func r(_ i: Int, _ j: Int) -> Double { [u0, u1, u2][j][i] }
        let trace = r(0, 0) + r(1, 1) + r(2, 2)
        let x, y, z, w: Double
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            (x, y, z, w) = ((r(2, 1) - r(1, 2)) / s, (r(0, 2) - r(2, 0)) / s, (r(1, 0) - r(0, 1)) / s, s / 4)
        } else if r(0, 0) >= r(1, 1), r(0, 0) >= r(2, 2) {
            let s = max(1 + r(0, 0) - r(1, 1) - r(2, 2), 0).squareRoot() * 2
            (x, y, z, w) = (s / 4, (r(0, 1) + r(1, 0)) / s, (r(0, 2) + r(2, 0)) / s, (r(2, 1) - r(1, 2)) / s)
        } else if r(1, 1) >= r(2, 2) {
            let s = max(1 + r(1, 1) - r(0, 0) - r(2, 2), 0).squareRoot() * 2
            (x, y, z, w) = ((r(0, 1) + r(1, 0)) / s, s / 4, (r(1, 2) + r(2, 1)) / s, (r(0, 2) - r(2, 0)) / s)
        } else {
            let s = max(1 + r(2, 2) - r(0, 0) - r(1, 1), 0).squareRoot() * 2
            (x, y, z, w) = ((r(0, 2) + r(2, 0)) / s, (r(1, 2) + r(2, 1)) / s, s / 4, (r(1, 0) - r(0, 1)) / s)
        }
        let norm = (x * x + y * y + z * z + w * w).squareRoot()
        quaternion = [x / norm, y / norm, z / norm, w / norm]
    }

    /// The matrix the parts make.
    var matrix: Transform3D {
        let q = quaternion
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        // Row i of the rotation (row vectors) is column i of the column-vector matrix.
        let u0 = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)]
        let u1 = [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)]
        let u2 = [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)]
        let a0 = u0.map { $0 * scale[0] }
        let a1 = combine(u1, u0, skew[0]).map { $0 * scale[1] }
        let a2 = combine(combine(u2, u0, skew[1]), u1, skew[2]).map { $0 * scale[2] }
        let v = Array(perspective[0..<3]), t = translation
        let m44 = perspective[3] + dot(t, v)
        return Transform3D(a0 + [dot(a0, v)] + a1 + [dot(a1, v)] + a2 + [dot(a2, v)] + t + [m44])
    }

    /// The parts interpolated: all linearly but the rotation, slerped along the shorter arc.
    static func interpolate(from a: Self, to b: Self, progress p: Double) -> Self {
        func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { .interpolate(from: $0, to: $1, progress: p) } }
        var result = a
        result.translation = lerp(a.translation, b.translation)
        result.scale = lerp(a.scale, b.scale)
        result.skew = lerp(a.skew, b.skew)
        result.perspective = lerp(a.perspective, b.perspective)
        var qa = a.quaternion
        var cosine = dot(qa, b.quaternion)
        if cosine < 0 { qa = qa.map { -$0 }; cosine = -cosine }
        let weights: (Double, Double)
        if cosine > 0.9995 {
            // Nearly the same rotation: a straight line, normalized below (the arc's length
            // is under 2° here, where the two differ by under 1e-4).
            weights = (1 - p, p)
        } else {
            let angle = deterministicAtan2((1 - cosine * cosine).squareRoot(), cosine)
            let sine = DeterministicMath.sin(angle)
            weights = (DeterministicMath.sin((1 - p) * angle) / sine, DeterministicMath.sin(p * angle) / sine)
        }
        let q = zip(qa, b.quaternion).map { weights.0 * $0 + weights.1 * $1 }
        let norm = (q.reduce(0) { $0 + $1 * $1 }).squareRoot()
        result.quaternion = q.map { $0 / norm }
        return result
    }

    /// x with A·x = b (A given by rows), by Cramer's rule; nil when A is singular.
    private static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        func det(_ r: [[Double]]) -> Double {
            r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1]) - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
                + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0])
        }
        let d = det(a)
        guard d != 0, d.isFinite else { return nil }
        return (0..<3).map { column in det(a.indices.map { r in (0..<3).map { $0 == column ? b[r] : a[r][$0] } }) / d }
    }
}

private func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
private func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
private func combine(_ a: [Double], _ b: [Double], _ k: Double) -> [Double] { zip(a, b).map { $0 + k * $1 } }
private func cross(_ a: [Double], _ b: [Double]) -> [Double] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

extension LayerTransform {
    /// Two transforms of which at least one carries a `fullMatrix` (or two different ones):
    /// their matrices decomposed and interpolated (`DecomposedTransform3D`). A matrix without
    /// parts (singular) jumps half way, as CSS specifies for one that cannot be decomposed.
    /// The ends are the two transforms themselves.
    static func interpolateMatrices(from a: LayerTransform, to b: LayerTransform, progress p: Double) -> LayerTransform {
        if p == 0 { return a }
        if p == 1 { return b }
        guard let from = DecomposedTransform3D(a.matrix3D), let to = DecomposedTransform3D(b.matrix3D) else { return p < 0.5 ? a : b }
        return LayerTransform(fullMatrix: DecomposedTransform3D.interpolate(from: from, to: to, progress: p).matrix)
    }
}
