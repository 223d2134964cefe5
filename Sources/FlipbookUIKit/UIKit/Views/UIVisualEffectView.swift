import FlipbookModel
public import Foundation

/// An effect a `UIVisualEffectView` applies (`UIVisualEffect`).
@MainActor
open class UIVisualEffect: NSObject {}

/// A blur of what is under the view (`UIBlurEffect`).
open class UIBlurEffect: UIVisualEffect {
    /// The blur styles (`UIBlurEffect.Style`), with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// Lighter than the content under it.
        case extraLight = 0
        /// About as light as the content.
        case light = 1
        /// Darker than the content.
        case dark = 2
        /// Follows the appearance (iOS 10).
        case regular = 4
        /// Follows the appearance, more opaque (iOS 10).
        case prominent = 5
        /// The adaptive materials (iOS 13), thinnest to thickest, then the bars' chrome.
        case systemUltraThinMaterial = 6, systemThinMaterial = 7, systemMaterial = 8, systemThickMaterial = 9, systemChromeMaterial = 10
        /// The light materials.
        case systemUltraThinMaterialLight = 11, systemThinMaterialLight = 12, systemMaterialLight = 13, systemThickMaterialLight = 14,
            systemChromeMaterialLight = 15
        /// The dark materials.
        case systemUltraThinMaterialDark = 16, systemThinMaterialDark = 17, systemMaterialDark = 18, systemThickMaterialDark = 19,
            systemChromeMaterialDark = 20
    }

    /// The style.
    public let style: Style
    /// A blur of a style.
    public init(style: Style) { self.style = style; super.init() }

    /// The model's effect (every UIKit style has a model style of the same name).
    var modelEffect: BlurEffect {
        BlurEffect(style: BlurStyle(rawValue: String(describing: style)) ?? .systemMaterial)
    }
}

/// A view that blurs what is under it (`UIVisualEffectView`): `effect` set from nil to a blur
/// inside `UIView.animate` grows the blur in, as on iOS; subviews go in `contentView`.
open class UIVisualEffectView: UIView {
    /// The effect (nil: none); animatable inside an animation block.
    open var effect: UIVisualEffect? {
        willSet { layer.willChange() }
        didSet { layer.didChange() }
    }
    /// The view to add subviews to (drawn above the blur, filling the view).
    public let contentView = UIView(frame: .zero)

    /// A view with an effect.
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
    /// A view with a frame and no effect.
    public override convenience init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }
    /// Not supported.
    public required init?(coder: NSCoder) { return nil }

    /// The content view fills the view.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    /// The effect in the model's terms (none for nil or an effect other than a blur).
    var blurEffect: BlurEffect { (effect as? UIBlurEffect)?.modelEffect ?? .none }
}
