public import Foundation

/// Which corners `cornerRadius` rounds (`CACornerMask`).
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The mask's bits.
    public let rawValue: UInt
    /// A mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top left (in a y-down layer).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// Top right.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// Bottom left.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// Bottom right.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// The shape of rounded corners (`CALayerCornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name.
    public let rawValue: String
    /// A curve.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous ("squircle") corners.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// A layer (`CALayer`). A view's layer holds what the view draws: geometry, opacity, colour,
/// corners, border, shadow, the 3-D transform, a `mask`; docs/UIKIT.md lists what is recorded
/// (and `zPosition`, which is kept but not drawn). A layer no view backs — added with
/// `addSublayer` or set as a `mask` — is recorded as a layer of its own.
///
/// Not main-actor isolated, as in Apple's SDK; a layer that draws for a view belongs to that
/// view, so it is changed where the view is, on the main actor (off it, such a change traps).
open class CALayer: NSObject {
    /// The view this layer backs, if any (only views' layers are recorded).
    weak var owner: UIView?

    /// The layer's own coordinate space: origin (a scroll offset) and size, in points.
    open var bounds: CGRect = .zero {
        willSet { willChange() }
        didSet { didChange(); if oldValue.size != bounds.size { ownerNeedsLayout() } }
    }
    /// Where `anchorPoint` sits in the superlayer's coordinates (`UIView.center`).
    open var position: CGPoint = .zero {
        willSet { willChange() }
        didSet { didChange() }
    }
    /// The point, in unit coordinates of the bounds, that `position` places and transforms turn about.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The transform about the anchor point.
    open var transform = CATransform3D.identity {
        willSet { willChange() }
        didSet { didChange() }
    }
    /// Opacity 0…1 (`UIView.alpha`).
    open var opacity: Float {
        get { Float(opacityValue) }
        set { opacityValue = CGFloat(newValue) }
    }
    /// The opacity at full precision (`UIView.alpha` keeps its CGFloat).
    var opacityValue: CGFloat = 1 {
        willSet { willChange() }
        didSet { didChange() }
    }
    /// Background colour.
    open var backgroundColor: CGColor? {
        willSet { willChange() }
        didSet { didChange() }
    }
    /// Corner radius in points.
    open var cornerRadius: CGFloat = 0 {
        willSet { willChange() }
        didSet { didChange() }
    }
    /// Clip sublayers to the (rounded) bounds.
    open var masksToBounds = false
    /// Not drawn, nor its sublayers.
    open var isHidden = false
    /// Which corners are rounded (set at once).
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// The corner shape (set at once).
    open var cornerCurve: CALayerCornerCurve = .circular
    /// Border width in points, inside the bounds above the content.
    open var borderWidth: CGFloat = 0 {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Border colour; opaque black by default.
    open var borderColor: CGColor? = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Shadow colour; opaque black by default.
    open var shadowColor: CGColor? = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Shadow opacity 0…1; 0 (no shadow) by default.
    open var shadowOpacity: Float = 0 {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Shadow offset; (0, −3) by default.
    open var shadowOffset = CGSize(width: 0, height: -3) {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Shadow blur radius (the Gaussian's standard deviation, points); 3 by default.
    open var shadowRadius: CGFloat = 3 {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// The shadow's shape in the layer's points (nil: the layer's own alpha); set at once.
    open var shadowPath: CGPath?
    /// The transform the sublayers are seen through, about the anchor point (a shared perspective).
    open var sublayerTransform = CATransform3D.identity {
        willSet { willChange() }
        didSet { didChangeAtOnce() }
    }
    /// Depth order among siblings (kept; drawing follows the sublayer order).
    open var zPosition: CGFloat = 0
    /// Whether the back of a turned layer is drawn (set at once).
    open var isDoubleSided = true
    /// Kept for API compatibility.
    open var shouldRasterize = false
    /// Kept for API compatibility.
    open var rasterizationScale: CGFloat = 1
    /// Kept for API compatibility.
    open var contentsScale: CGFloat = 1
    /// Kept for API compatibility.
    open var allowsEdgeAntialiasing = false
    /// The layer's content (kept; a view's image is drawn from its image view).
    open var contents: Any?
    /// A name.
    open var name: String?
    /// The layer whose alpha clips this one, its content and sublayers (in this layer's
    /// coordinates; not drawn itself). Recorded with its own changes and animations (a shape
    /// layer whose path animates: the circular reveal).
    open var mask: CALayer? {
        willSet { willChange() }
        didSet {
            if oldValue !== mask { oldValue?.maskOwner = nil }
            // `UIView.mask` sets its view again after this.
            maskView = nil
            mask?.removeFromSuperlayer()
            mask?.maskOwner = self
            mask?.hasBeenMask = true
            mask?.hostIfFree()
            didChangeAtOnce()
        }
    }
    /// The layer this one masks, if it is a mask.
    weak var maskOwner: CALayer?
    /// True once the layer has been a mask: the recording puts it in its layer's `mask`.
    var hasBeenMask = false
    /// The view whose layer is `mask`, when set through `UIView.mask` (kept alive here, as UIKit does).
    var maskView: UIView?
    /// The recording's stand-in view for a layer no view backs (`LayerHostView`), once it is in a
    /// recorded tree; the recording keeps it.
    weak var hostView: UIView?
    /// The view whose record holds this layer's properties: the view it backs, else its stand-in.
    var recordingView: UIView? { owner ?? hostView }
    /// Sublayers, back to front (a view's are its subviews' layers).
    open internal(set) var sublayers: [CALayer]?
    /// The superlayer.
    open internal(set) weak var superlayer: CALayer?

    private var animationsByKey: [(key: String, animation: CAAnimation)] = []

    /// A layer.
    public required override init() { super.init() }
    /// A copy of `layer`'s properties (what `presentation()` returns).
    public init(layer: Any) {
        super.init()
        guard let layer = layer as? CALayer else { return }
        bounds = layer.bounds; position = layer.position; anchorPoint = layer.anchorPoint; transform = layer.transform
        opacityValue = layer.opacityValue; backgroundColor = layer.backgroundColor; cornerRadius = layer.cornerRadius
        masksToBounds = layer.masksToBounds; isHidden = layer.isHidden; zPosition = layer.zPosition
        maskedCorners = layer.maskedCorners; cornerCurve = layer.cornerCurve; isDoubleSided = layer.isDoubleSided
        borderWidth = layer.borderWidth; borderColor = layer.borderColor; sublayerTransform = layer.sublayerTransform
        shadowColor = layer.shadowColor; shadowOpacity = layer.shadowOpacity; shadowOffset = layer.shadowOffset;
        shadowRadius = layer.shadowRadius
        shadowPath = layer.shadowPath
    }

    /// The frame in the superlayer's coordinates: the bounding box of the transformed bounds.
    open var frame: CGRect {
        get { LayerGeometry(self).frame }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// The affine part of `transform`.
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// Sets `transform` to an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// Adds a sublayer on top (a layer no view backs is recorded as a layer of its own, drawn
    /// above the view's subviews).
    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayers?.count ?? 0)) }
    /// Inserts a sublayer at an index.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        // A gradient layer added to a view's layer changes what the view draws; any other layer
        // no view backs is recorded as a layer of its own.
        let changesDrawing = layer is CAGradientLayer && layer.owner == nil
        if !(layer is CAGradientLayer) { layer.hostIfFree() }
        if changesDrawing { willChange() }
        defer { if changesDrawing { didChangeAtOnce() } }
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }
    /// Takes the layer out of its superlayer.
    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        let changesDrawing = self is CAGradientLayer && owner == nil
        if changesDrawing { parent.willChange() }
        parent.sublayers?.removeAll { $0 === self }
        superlayer = nil
        if changesDrawing { parent.didChangeAtOnce() }
    }

    /// Runs an explicit animation (`CABasicAnimation`, `CASpringAnimation`, `CAKeyframeAnimation`,
    /// `CAAnimationGroup`, `CATransition`) on this layer from its `beginTime` (or now) in
    /// simulated time, replacing the one for the same key; recorded when the layer backs a view
    /// (docs/UIKIT.md, "Core Animation's explicit animations").
    open func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy() as! CAAnimation
        // A new animation for a key replaces the old one, which stops unfinished.
        if let key, let old = animation(forKey: key) { remove(old) }
        animationsByKey.removeAll { $0.key == (key ?? "") && key != nil }
        animationsByKey.append((key ?? "", copy))
        // The copy is this layer's own, and the recorder keeps it on the main actor, where the
        // layer is used too: nothing else holds either, which the types cannot say.
        nonisolated(unsafe) let layer = self, animation = copy
        withRecorder { $0.addLayerAnimation(animation, to: layer) }
    }
    /// The animation added for `key`.
    open func animation(forKey key: String) -> CAAnimation? { animationsByKey.first { $0.key == key }?.animation }
    /// The keys of the animations added.
    open func animationKeys() -> [String]? { animationsByKey.isEmpty ? nil : animationsByKey.map(\.key) }
    /// Takes an animation off now: the layer shows its model value again and the delegate
    /// hears `animationDidStop(_:finished: false)` (or `true` once it had ended).
    open func removeAnimation(forKey key: String) {
        guard let found = animation(forKey: key) else { return }
        animationsByKey.removeAll { $0.key == key }
        remove(found)
    }
    /// Takes every animation off now (each as `removeAnimation(forKey:)`).
    open func removeAllAnimations() {
        let all = animationsByKey.map(\.animation)
        animationsByKey.removeAll()
        all.forEach(remove)
    }
    private func remove(_ animation: CAAnimation) {
        nonisolated(unsafe) let animation = animation
        withRecorder { _ in animation.recordedRemoval?() }
    }

    /// The layer as drawn now in simulated time (the recorded animations evaluated).
    open func presentation() -> Self? {
        guard let view = recordingView else { return self }
        // A new layer that only this call holds, made on the main actor where the view is.
        nonisolated(unsafe) var presented: CALayer?
        MainActor.assumeIsolated { presented = Recorder.current?.presentationLayer(of: view) }
        guard let presented else { return self }
        return presented as? Self
    }
    /// The model layer (this one).
    open func model() -> Self { self }

    /// Marks the layer's view for layout.
    open func setNeedsLayout() { ownerNeedsLayout() }
    /// Lays the layer's view out now if needed.
    open func layoutIfNeeded() {
        guard let owner else { return }
        MainActor.assumeIsolated { owner.layoutIfNeeded() }
    }

    private func ownerNeedsLayout() {
        guard let owner else { return }
        MainActor.assumeIsolated { owner.setNeedsLayout() }
    }

    /// `point` in this layer's coordinates mapped to `layer`'s (nil: the root's).
    open func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        LayerGeometry.convert(point, from: self, to: layer)
    }
    /// `point` in `layer`'s coordinates mapped to this layer's.
    open func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        LayerGeometry.convert(point, from: layer, to: self)
    }
    /// The bounding box of `rect` mapped to `layer`'s coordinates.
    open func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect { LayerGeometry.convert(rect, from: self, to: layer) }
    /// The bounding box of `rect` in `layer`'s coordinates mapped to this layer's.
    open func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect { LayerGeometry.convert(rect, from: layer, to: self) }

    /// The view whose drawing this layer's properties change: its own, or for a layer that
    /// backs no view (a `CAGradientLayer` filling a view), its superlayer's.
    private var recordedView: UIView? { owner ?? hostView ?? superlayer?.owner }

    /// Runs `body` with the recording in progress, if any: on the main actor, where recordings
    /// run. A layer that draws for a view is the view's, so reaching it off the main actor traps
    /// (`MainActor.assumeIsolated`); any other layer off it reaches no recording.
    private func withRecorder(_ body: @MainActor (Recorder) -> Void) {
        if recordedView != nil {
            MainActor.assumeIsolated { Recorder.current.map(body) }
        } else {
            _ = Recorder.inRecording(body)
        }
    }

    func willChange() {
        guard let view = recordedView else { return }
        withRecorder { $0.willChange(view) }
    }
    func didChange() {
        guard let view = recordedView else { return }
        withRecorder { $0.didChange(view) }
    }
    /// A change UIView's animation blocks do not animate (a layer-only property): applied at
    /// once even inside a block, as on iOS.
    func didChangeAtOnce() {
        guard let view = recordedView else { return }
        withRecorder { recorder in recorder.withContext(.immediate) { recorder.didChange(view) } }
    }
}

/// A layer's geometry: its mapping to the superlayer's coordinates.
struct LayerGeometry {
    var bounds: CGRect, position: CGPoint, anchorPoint: CGPoint, transform: CATransform3D

    init(_ layer: CALayer) {
        bounds = layer.bounds; position = layer.position; anchorPoint = layer.anchorPoint; transform = layer.transform
    }

    /// The anchor point in the layer's own (bounds) coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The frame before the transform, in the superlayer's coordinates.
    var untransformedFrame: CGRect {
        CGRect(
            x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
            width: bounds.width, height: bounds.height)
    }

    /// A point in the layer's coordinates in the superlayer's: about the anchor, through the
    /// whole 4×4 transform (z = 0, divided by w, so perspective moves points as on screen).
    func toSuperlayer(_ p: CGPoint) -> CGPoint {
        let a = anchorInBounds, x = p.x - a.x, y = p.y - a.y, t = transform
        let w = x * t.m14 + y * t.m24 + t.m44
        let scale: CGFloat = w == 0 ? 1 : 1 / w
        return CGPoint(x: position.x + (x * t.m11 + y * t.m21 + t.m41) * scale, y: position.y + (x * t.m12 + y * t.m22 + t.m42) * scale)
    }

    /// The inverse of `toSuperlayer` (through the inverted transform).
    func fromSuperlayer(_ q: CGPoint) -> CGPoint {
        var inverse = self
        inverse.transform = CATransform3DInvert(transform)
        let a = anchorInBounds, x = q.x - position.x, y = q.y - position.y, t = inverse.transform
        let w = x * t.m14 + y * t.m24 + t.m44
        let scale: CGFloat = w == 0 ? 1 : 1 / w
        return CGPoint(x: a.x + (x * t.m11 + y * t.m21 + t.m41) * scale, y: a.y + (x * t.m12 + y * t.m22 + t.m42) * scale)
    }

    /// The frame UIKit reports: the bounding box of the transformed bounds.
    var frame: CGRect {
        if CATransform3DIsIdentity(transform) { return untransformedFrame }
        let corners = [
            CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
            CGPoint(x: bounds.minX, y: bounds.maxY), CGPoint(x: bounds.maxX, y: bounds.maxY)
        ].map(toSuperlayer)
        return boundingBox(corners)
    }

    private static func ancestors(_ layer: CALayer) -> [CALayer] {
        var chain = [layer], current = layer
        while let parent = current.superlayer { chain.append(parent); current = parent }
        return chain
    }

    /// `point` from `source`'s coordinates to `target`'s (nil: the root of the other's tree).
    static func convert(_ point: CGPoint, from source: CALayer?, to target: CALayer?) -> CGPoint {
        var p = point
        if let source { for layer in ancestors(source).dropLast() { p = LayerGeometry(layer).toSuperlayer(p) } }
        if let target { for layer in ancestors(target).dropLast().reversed() { p = LayerGeometry(layer).fromSuperlayer(p) } }
        return p
    }

    static func convert(_ rect: CGRect, from source: CALayer?, to target: CALayer?) -> CGRect {
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)
        ]
        return boundingBox(corners.map { convert($0, from: source, to: target) })
    }
}

func boundingBox(_ points: [CGPoint]) -> CGRect {
    let xs = points.map(\.x), ys = points.map(\.y)
    let minX = xs.min()!, minY = ys.min()!
    return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
}
