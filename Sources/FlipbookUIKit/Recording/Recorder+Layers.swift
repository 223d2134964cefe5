import FlipbookModel
import Foundation

/// The recording's stand-in for a layer no view backs — a `CAShapeLayer` added with
/// `addSublayer`, a layer set as a `mask` — so that it is recorded as views are: its changes,
/// its animations and its stays in the tree. Its `layer` is that layer (whose `owner` stays nil);
/// it has no subviews, and its place in the tree is its layer's (`CALayer.attachedView`).
final class LayerHostView: UIView {
    /// A stand-in for `layer` (whose `owner` stays nil).
    init(hosting layer: CALayer) {
        super.init(frame: .zero)
        self.layer = layer
    }
    /// Not supported.
    required init?(coder: NSCoder) { nil }

    /// The layer's `name`: the recorded layer is named after it when no other has it.
    override var accessibilityIdentifier: String? {
        get { layer.name }
        set { layer.name = newValue }
    }
}

extension CALayer {
    /// The view whose tree this layer hangs from without being a subview's layer: the masked
    /// layer's view for a mask, the superlayer's for a stand-in's layer; nil otherwise.
    var attachedView: UIView? {
        if let maskOwner { return maskOwner.recordingView }
        return hostView != nil ? superlayer?.recordingView : nil
    }

    /// Gives a layer no view backs its stand-in in the recording in progress (once).
    func hostIfFree() {
        guard owner == nil, hostView == nil else { return }
        nonisolated(unsafe) let layer = self
        _ = Recorder.inRecording { $0.host(layer) }
    }

    /// A copy of the layer's drawn properties of its own class (a shape layer's path and stroke
    /// too): what `presentation()` and an animation's from and to values are read from.
    var scratchCopy: CALayer {
        if let shape = self as? CAShapeLayer { return CAShapeLayer(layer: shape) }
        return CALayer(layer: self)
    }
}

extension UIView {
    /// A view whose alpha clips this view and its subviews (`UIView.mask`): not in the view tree,
    /// placed in this view's bounds; its own changes and animations are recorded. Kept alive by
    /// this view, as UIKit does.
    public var mask: UIView? {
        get { layer.maskView }
        set {
            layer.mask = newValue?.layer
            layer.maskView = newValue
        }
    }

    /// The type errors and layer names give: the layer's for a stand-in (`CAShapeLayer`).
    var recordingTypeName: String {
        if let host = self as? LayerHostView { return "\(type(of: host.layer))" }
        return "\(type(of: self))"
    }
}

extension Recorder {
    /// Makes and records `layer`'s stand-in view; the recording keeps it.
    func host(_ layer: CALayer) {
        guard layer.owner == nil, layer.hostView == nil else { return }
        let host = LayerHostView(hosting: layer)
        layer.hostView = host
        // The record may have been made for the view's own first layer, which it no longer has.
        let record = record(for: host)
        record.base = host.animatableState
        record.last = record.base
    }

    /// What a view's node holds in the recorded tree, back to front: its subviews, then the
    /// layers no view backs among its layer's sublayers (a gradient sublayer excepted: it is
    /// drawn as the view's gradient), then its mask's view or stand-in. The builder keeps the
    /// mask apart (`Layer.mask`).
    func recordedChildren(of view: UIView) -> [UIView] {
        var children = view.subviews
        for sublayer in view.layer.sublayers ?? [] where sublayer.owner == nil && !(sublayer is CAGradientLayer) {
            refuseWhatIsNotDrawn(sublayer)
            host(sublayer)
            if let stand = sublayer.hostView { children.append(stand) }
        }
        if let mask = view.layer.mask {
            if mask.owner == nil { refuseWhatIsNotDrawn(mask) }
            host(mask)
            if let maskView = mask.recordingView { children.append(maskView) }
        }
        return children
    }

    /// Fails the recording for a layer no view backs whose drawing Flipbook does not do, naming
    /// it: a text layer's string, a replicator's copies, a transform layer's shared 3-D space, a
    /// layer's `contents` bitmap.
    private func refuseWhatIsNotDrawn(_ layer: CALayer) {
        let name = layer.name.map { "\(type(of: layer)) '\($0)'" } ?? "\(type(of: layer))"
        if layer is CATextLayer {
            fail(.notDrawn(view: name, what: "a CATextLayer's text (use a UILabel)"))
        } else if layer is CAReplicatorLayer {
            fail(.notDrawn(view: name, what: "a CAReplicatorLayer's copies of its sublayers"))
        } else if layer is CATransformLayer {
            fail(.notDrawn(view: name, what: "a CATransformLayer's shared 3-D space (every layer is flattened; use a sublayerTransform)"))
        } else if layer.contents != nil {
            fail(.notDrawn(view: name, what: "the contents (a bitmap) of a layer no view backs (use a UIImageView)"))
        }
    }
}
