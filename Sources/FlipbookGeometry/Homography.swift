/// A 2-D projective map (a 3 × 3 homography): where a layer's plane lands on the screen under a
/// 3-D transform with perspective, once Core Animation flattens it into its parent's plane.
///
/// A point `(x, y)` maps to `((m00·x + m01·y + m02) / w, (m10·x + m11·y + m12) / w)` with
/// `w = m20·x + m21·y + m22` (column vectors: `m` rows are the outputs x, y, w). An affine
/// transform is the case `m20 = m21 = 0`, `m22 = 1`. `concatenating(t)` applies `self` first,
/// then `t`, as `Transform2D.concatenating` does.
package struct Homography: Hashable, Sendable {
    /// The nine entries, row-major: `[m00, m01, m02, m10, m11, m12, m20, m21, m22]`.
    package var m: [Double]

    /// Creates a map from its nine entries, row-major.
    package init(_ entries: [Double]) {
        precondition(entries.count == 9, "a homography has 9 entries")
        m = entries
    }

    /// The affine transform `t` as a homography.
    package init(_ t: Transform2D) { m = [t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1] }

    /// The identity.
    package static let identity = Homography(.identity)

    /// True when the map is affine (no perspective row), so `affine` gives it exactly.
    package var isAffine: Bool { m[6] == 0 && m[7] == 0 && m[8] == 1 }

    /// The affine transform when `isAffine` (the perspective row ignored otherwise).
    package var affine: Transform2D { Transform2D(a: m[0], b: m[3], c: m[1], d: m[4], tx: m[2], ty: m[5]) }

    /// `self` followed by `other`.
    package func concatenating(_ other: Homography) -> Homography {
        let a = m, b = other.m
        var out = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                out[row * 3 + column] = b[row * 3] * a[column] + b[row * 3 + 1] * a[3 + column] + b[row * 3 + 2] * a[6 + column]
            }
        }
        return Homography(out)
    }

    /// The homogeneous image `(x', y', w)` of a point (before the division by `w`).
    package func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (m[0] * p.x + m[1] * p.y + m[2], m[3] * p.x + m[4] * p.y + m[5], m[6] * p.x + m[7] * p.y + m[8])
    }

    /// The image of a point (non-finite where `w` is 0, i.e. on the eye's plane).
    package func apply(to p: Point) -> Point {
        let (x, y, w) = homogeneous(p)
        return Point(x: x / w, y: y / w)
    }

    /// The determinant of the matrix.
    package var determinant: Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    /// The inverse, or nil when the map is singular or not finite.
    package func inverted() -> Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = [
            (m[4] * m[8] - m[5] * m[7]) / det, (m[2] * m[7] - m[1] * m[8]) / det, (m[1] * m[5] - m[2] * m[4]) / det,
            (m[5] * m[6] - m[3] * m[8]) / det, (m[0] * m[8] - m[2] * m[6]) / det, (m[2] * m[3] - m[0] * m[5]) / det,
            (m[3] * m[7] - m[4] * m[6]) / det, (m[1] * m[6] - m[0] * m[7]) / det, (m[0] * m[4] - m[1] * m[3]) / det
        ]
        guard inverse.allSatisfy(\.isFinite) else { return nil }
        return Homography(inverse)
    }

    /// True when the map turns the plane over at `p`: the sign of its Jacobian determinant there
    /// (`det(m) / w³`) is negative, i.e. the layer shows its back (Core Animation's
    /// `isDoubleSided` test) or is mirrored.
    package func isReversed(at p: Point) -> Bool {
        let w = homogeneous(p).w
        return determinant * w < 0 // sign(det / w³) = sign(det · w)
    }

    /// The outline `polygon` (vertices in the source plane, closed) mapped to the screen, cut
    /// first where it passes behind the eye: the part with `w ≥ minimumW` is kept (Sutherland–
    /// Hodgman against the plane `w = minimumW`, in homogeneous coordinates, so an edge crossing
    /// it is cut at the exact point), then divided through.
    package func project(_ polygon: [Point], minimumW: Double = 1e-6) -> [Point] {
        let points = polygon.map { homogeneous($0) }
        guard points.contains(where: { $0.w < minimumW }) else { return points.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) } }
        var kept: [(x: Double, y: Double, w: Double)] = []
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            if p.w >= minimumW { kept.append(p) }
            if (p.w >= minimumW) != (q.w >= minimumW) {
                let t = (minimumW - p.w) / (q.w - p.w)
                kept.append((p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t, minimumW))
            }
        }
        return kept.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
    }

    /// The linear part of the map near `p` (its Jacobian: how a small step at `p` moves on the
    /// screen), as an affine transform without translation.
    package func jacobian(at p: Point) -> Transform2D {
        let (x, y, w) = homogeneous(p)
        let X = x / w, Y = y / w
        return Transform2D(
            a: (m[0] - X * m[6]) / w, b: (m[3] - Y * m[6]) / w,
            c: (m[1] - X * m[7]) / w, d: (m[4] - Y * m[7]) / w, tx: 0, ty: 0)
    }
}
