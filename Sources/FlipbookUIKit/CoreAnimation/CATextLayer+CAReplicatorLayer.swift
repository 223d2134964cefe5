public import Foundation

/// A layer that draws a string (`CATextLayer`): its properties are kept so app code compiles,
/// but its text is not drawn, so a recording that puts one in the window's tree fails naming it
/// (`RecordingError.notDrawn`): draw text with a `UILabel`.
open class CATextLayer: CALayer {
    /// The text (`String` or `NSAttributedString`).
    open var string: Any?
    /// The font size in points; 36 by default, as Core Animation's.
    open var fontSize: CGFloat = 36
    /// The text colour; opaque white by default.
    open var foregroundColor: CGColor? = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
    /// Wraps to the bounds.
    open var isWrapped = false

    /// A text layer.
    public required init() { super.init() }
    /// A copy of `layer`'s properties.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let layer = layer as? CATextLayer else { return }
        string = layer.string; fontSize = layer.fontSize; foregroundColor = layer.foregroundColor; isWrapped = layer.isWrapped
    }
}

/// A layer that draws its sublayers several times (`CAReplicatorLayer`): its properties are kept
/// so app code compiles, but the copies are not drawn, so a recording that puts one in the
/// window's tree fails naming it (`RecordingError.notDrawn`).
open class CAReplicatorLayer: CALayer {
    /// How many copies of the sublayers are drawn; 1 by default.
    open var instanceCount = 1
    /// The transform from one copy to the next.
    open var instanceTransform = CATransform3D.identity
    /// The delay from one copy's animations to the next's, in seconds.
    open var instanceDelay: CFTimeInterval = 0

    /// A replicator layer.
    public required init() { super.init() }
    /// A copy of `layer`'s properties.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let layer = layer as? CAReplicatorLayer else { return }
        instanceCount = layer.instanceCount; instanceTransform = layer.instanceTransform; instanceDelay = layer.instanceDelay
    }
}
