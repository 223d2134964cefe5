public import FlipbookGeometry
import FlipbookMotion

/// A 4 × 4 matrix in `CATransform3D`'s layout and convention: row vectors, a point `p` maps to
/// `p · M`, entries `m11 … m44` stored row-major, and `concatenating(t)` applies `self` first
/// (`CATransform3DConcat(self, t)`).
package struct Transform3D: Hashable, Sendable {
    /// `m11, m12, m13, m14, m21, …, m44`.
    package var m: [Double]

    package init(_ m: [Double]) { self.m = m }

    package static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// `CATransform3DMakeTranslation(x, y, 0)`.
    package static func translation(_ x: Double, _ y: Double) -> Transform3D {
        var t = identity; t.m[12] = x; t.m[13] = y; return t
    }

    /// `CATransform3DMakeScale(x, y, 1)`.
    package static func scale(_ x: Double, _ y: Double) -> Transform3D {
        var t = identity; t.m[0] = x; t.m[5] = y; return t
    }

    /// `CATransform3DMakeRotation(θ, axis)` for the unit axes: axis 0 = x, 1 = y, 2 = z (the
    /// right-handed rotation of the axis; about z it is `CGAffineTransform(rotationAngle:)`).
    package static func rotation(cosine c: Double, sine s: Double, axis: Int) -> Transform3D {
        var t = identity
        switch axis {
        case 0: t.m[5] = c; t.m[6] = s; t.m[9] = -s; t.m[10] = c
        case 1: t.m[0] = c; t.m[2] = -s; t.m[8] = s; t.m[10] = c
        default: t.m[0] = c; t.m[1] = s; t.m[4] = -s; t.m[5] = c
        }
        return t
    }

    /// The identity with `m34 = −1 / distance` (no perspective for 0 or a non-finite distance).
    package static func perspective(distance: Double) -> Transform3D {
        var t = identity
        if distance != 0, distance.isFinite { t.m[11] = -1 / distance }
        return t
    }

    /// `self` then `other`.
    package func concatenating(_ other: Transform3D) -> Transform3D {
        var out = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += m[row * 4 + k] * other.m[k * 4 + column] }
                out[row * 4 + column] = sum
            }
        }
        return Transform3D(out)
    }

    /// The map of the plane z = 0 into the parent's plane, flattened as a layer (not a
    /// `CATransformLayer`) flattens its sublayers: `(x, y, 0, 1) · M` with the z output dropped
    /// and w kept — rows 1, 2, 4 and columns 1, 2, 4 of M, as a column-vector homography.
    package var flattened: Homography {
        Homography([m[0], m[4], m[12], m[1], m[5], m[13], m[3], m[7], m[15]])
    }
}

extension LayerTransform {
    /// True when the transform turns the layer out of its plane or has perspective.
    package var is3D: Bool {
        rotationXDegrees != 0 || rotationYDegrees != 0 || perspectiveDistancePoints != 0 || translationZPoints != 0
            || fullMatrix != nil
    }

    /// A transform that is the whole matrix `m` (`CATransform3D`'s entries m11…m44, row-major).
    package init(fullMatrix m: Transform3D) {
        self.init()
        fullMatrix = m
    }

    /// The transform as a `CATransform3D`, about the origin (the flattener moves it to the
    /// anchor point). Points go through scale, rotation about z, about y, about x, translation,
    /// then perspective — the matrix Core Animation builds from
    ///
    ///     var t = CATransform3DIdentity
    ///     t.m34 = -1 / perspective
    ///     t = CATransform3DTranslate(t, tx, ty, tz)
    ///     t = CATransform3DRotate(t, rotateX, 1, 0, 0)
    ///     t = CATransform3DRotate(t, rotateY, 0, 1, 0)
    ///     t = CATransform3DRotate(t, rotate, 0, 0, 1)
    ///     t = CATransform3DScale(t, sx, sy, 1)
    ///
    /// (each `CATransform3DRotate(t, …)` is `rotation · t`: the operation written last applies
    /// first). Without rotateX, rotateY and perspective it is `affineTransform`. A `fullMatrix`
    /// applies after all of these.
    package var matrix3D: Transform3D {
        func rotation(_ degrees: Double, axis: Int) -> Transform3D {
            let (c, s) = LayerTransform.cosineAndSine(degrees: degrees)
            return .rotation(cosine: c, sine: s, axis: axis)
        }
        var components = LayerTransform(translation: translation, rotationDegrees: rotationDegrees, scale: scale)
        (components.rotationXDegrees, components.rotationYDegrees) = (rotationXDegrees, rotationYDegrees)
        (components.perspectiveDistancePoints, components.translationZPoints) = (perspectiveDistancePoints, translationZPoints)
        let made = Transform3D.scale(scale.width, scale.height)
            .concatenating(rotation(rotationDegrees, axis: 2))
            .concatenating(rotation(rotationYDegrees, axis: 1))
            .concatenating(rotation(rotationXDegrees, axis: 0))
            .concatenating(.translation(translation.x, translation.y, translationZPoints))
            .concatenating(.perspective(distance: perspectiveDistancePoints))
        guard let fullMatrix else { return made }
        // The components alone are the identity for a recorded matrix: the matrix itself, exactly.
        return components == .identity ? fullMatrix : made.concatenating(fullMatrix)
    }

    /// The 3-D components interpolated: the angles linearly, the perspective as its `m34`
    /// (`−1/d`, linear in the matrix entry as Core Animation interpolates it; no perspective is
    /// m34 = 0, so a transform without one can animate to one).
    mutating func interpolate3D(from a: LayerTransform, to b: LayerTransform, progress p: Double) {
        rotationXDegrees = .interpolate(from: a.rotationXDegrees, to: b.rotationXDegrees, progress: p)
        rotationYDegrees = .interpolate(from: a.rotationYDegrees, to: b.rotationYDegrees, progress: p)
        translationZPoints = .interpolate(from: a.translationZPoints, to: b.translationZPoints, progress: p)
        func m34(_ t: LayerTransform) -> Double { t.perspectiveDistancePoints == 0 ? 0 : -1 / t.perspectiveDistancePoints }
        let value = Double.interpolate(from: m34(a), to: m34(b), progress: p)
        perspectiveDistancePoints = value == 0 ? 0 : -1 / value
    }
}

extension Layer {
    /// The anchor point in the parent's coordinates (`CALayer.position`): the frame's origin plus
    /// `anchorPoint` times its size.
    public var position: Point {
        Point(x: frame.x + anchorPoint.x * frame.width, y: frame.y + anchorPoint.y * frame.height)
    }

    /// The map from this layer's plane (bounds coordinates from 0) into its parent's, with its 3-D
    /// transform about the anchor point: `T(−anchor · size) · transform · T(position)` in
    /// `CATransform3D` order, flattened into the parent's plane.
    package var planeToParent: Homography { planeMatrix.flattened }

    /// `planeToParent` before it is flattened: the layer's plane into its parent's space.
    package var planeMatrix: Transform3D {
        let anchor = Point(x: anchorPoint.x * frame.width, y: anchorPoint.y * frame.height)
        return Transform3D.translation(-anchor.x, -anchor.y)
            .concatenating(transform.matrix3D)
            .concatenating(.translation(position.x, position.y))
    }
}
