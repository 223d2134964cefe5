public import Foundation

/// A rectangle in a view that constraints position like a view, without drawing
/// (`UILayoutGuide`): spacers, groups, and the view's safe-area and margins guides.
@MainActor
open class UILayoutGuide: NSObject, LayoutAnchorProviding {
    /// The view it belongs to (`addLayoutGuide`).
    open internal(set) weak var owningView: UIView?
    /// A name shown in conflict reports.
    open var identifier = ""
    /// Which of the owning view's insets the guide follows (nil: positioned by constraints).
    var inset: SystemInset?
    /// The insets a system guide follows.
    enum SystemInset { case safeArea, margins, readable }

    /// A guide; add it to a view with `addLayoutGuide(_:)`.
    public override init() { super.init() }

    /// The widest a `readableContentGuide` gets, in points: 672, iOS's readable width at the
    /// default text size (a value measured on iOS, not documented by Apple; it depends on
    /// Dynamic Type there, not here). Wider than any phone's margins area in portrait.
    static let readableWidthPoints: CGFloat = 672

    /// Its frame in the owning view's coordinates, from the last layout pass.
    open internal(set) var layoutFrame: CGRect = .zero

    var layoutView: UIView? { owningView }
    var layoutName: String { "UILayoutGuide:'\(identifier)'" }

    /// The leading edge.
    public var leadingAnchor: NSLayoutXAxisAnchor { xAnchor(.leading) }
    /// The trailing edge.
    public var trailingAnchor: NSLayoutXAxisAnchor { xAnchor(.trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { xAnchor(.left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { xAnchor(.right) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { yAnchor(.top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { yAnchor(.bottom) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { dimension(.width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { dimension(.height) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { xAnchor(.centerX) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { yAnchor(.centerY) }
}

/// Insets by leading and trailing edge (`NSDirectionalEdgeInsets`), in points.
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    /// Insets in points.
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// Zero insets.
    public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }
    /// Insets.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// Zero insets.
    public static let zero = NSDirectionalEdgeInsets()

    init(_ insets: UIEdgeInsets, rightToLeft: Bool) {
        self.init(
            top: insets.top, leading: rightToLeft ? insets.right : insets.left, bottom: insets.bottom,
            trailing: rightToLeft ? insets.left : insets.right)
    }
    func edgeInsets(rightToLeft: Bool) -> UIEdgeInsets {
        UIEdgeInsets(top: top, left: rightToLeft ? trailing : leading, bottom: bottom, right: rightToLeft ? leading : trailing)
    }
}

/// Which way leading and trailing point (`UISemanticContentAttribute`).
public enum UISemanticContentAttribute: Int, Sendable {
    /// The app's direction (left to right here).
    case unspecified = 0
    /// Kept; follows the app's direction.
    case playback = 1, spatial = 2
    /// Always left to right.
    case forceLeftToRight = 3
    /// Always right to left.
    case forceRightToLeft = 4
}

/// Left to right or right to left (`UIUserInterfaceLayoutDirection`).
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// Leading is left, or right.
    case leftToRight = 0, rightToLeft = 1
}

/// What Auto Layout keeps per view: the constraints installed on it, its guides, its size
/// priorities and direction.
@MainActor
final class ViewLayoutState {
    var installedConstraints: [NSLayoutConstraint] = []
    var layoutGuides: [UILayoutGuide] = []
    var safeAreaGuide: UILayoutGuide?
    var marginsGuide: UILayoutGuide?
    var readableGuide: UILayoutGuide?
    /// The view's safe-area, margins and readable-content guides made so far.
    var systemGuides: [UILayoutGuide] { [safeAreaGuide, marginsGuide, readableGuide].compactMap { $0 } }
    /// UIKit's defaults for views made in code: hugging 250, compression resistance 750 in both
    /// axes (Apple, "Auto Layout Guide: Views with Intrinsic Content Size"; Interface Builder
    /// gives labels and image views 251 hugging instead).
    var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    var compressionResistance: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    /// The solver and its variables from this view's last layout pass as the root of a tree.
    var lastSolve: LayoutSolve?
    /// `layoutMargins` once set.
    var layoutMargins: UIEdgeInsets?
    var needsUpdateConstraints = false
    /// `intrinsicContentSize` as last asked, until `invalidateIntrinsicContentSize` (UIKit asks
    /// again only then).
    var intrinsicSize: CGSize?
    /// Hidden (for layout) inside a stack view, drawn until the animation that hid it ends.
    var hidesAfterAnimation = false
}

extension UIView {
    /// UIKit's default margins (Apple, `UIView.layoutMargins`): 8 pt on each side; a view
    /// controller's root view gets its `systemMinimumLayoutMargins` (0 top and bottom, 16 pt
    /// left and right, 20 pt on screens 414 pt wide or wider) outside the safe area.
    var defaultLayoutMargins: UIEdgeInsets {
        guard viewController != nil else { return UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
        let side: CGFloat = bounds.width >= 414 ? 20 : 16
        let safe = safeAreaInsets
        return UIEdgeInsets(top: safe.top, left: safe.left + side, bottom: safe.bottom, right: safe.right + side)
    }

    // MARK: Constraints

    /// The constraints installed on this view (those whose items' closest common ancestor it is,
    /// or added with `addConstraint`).
    public var constraints: [NSLayoutConstraint] { layoutState.installedConstraints }
    /// Installs and activates `constraint` on this view.
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.install(on: self) }
    /// Installs and activates each constraint on this view.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for constraint in constraints { addConstraint(constraint) } }
    /// Deactivates `constraint` if it is installed on this view.
    public func removeConstraint(_ constraint: NSLayoutConstraint) { if constraint.container === self { constraint.uninstall() } }
    /// Deactivates each constraint installed on this view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for constraint in constraints { removeConstraint(constraint) } }

    // MARK: Guides

    /// The guides added to this view.
    public var layoutGuides: [UILayoutGuide] { layoutState.layoutGuides }
    /// Adds `layoutGuide` to this view; its frame is in this view's coordinates.
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        layoutState.layoutGuides.append(layoutGuide)
    }
    /// Removes `layoutGuide` (constraints naming it stop applying).
    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutState.layoutGuides.removeAll { $0 === layoutGuide }
        if layoutGuide.owningView === self { layoutGuide.owningView = nil }
        LayoutEngine.invalidate(self)
    }
    /// The area inside `safeAreaInsets` (`safeAreaLayoutGuide`).
    public var safeAreaLayoutGuide: UILayoutGuide { systemGuide(.safeArea) }
    /// The area inside `layoutMargins` (`layoutMarginsGuide`).
    public var layoutMarginsGuide: UILayoutGuide { systemGuide(.margins) }
    /// The margins area, at most `readableWidthPoints` wide and centred in it
    /// (`readableContentGuide`); on a phone in portrait, the margins area itself.
    public var readableContentGuide: UILayoutGuide { systemGuide(.readable) }

    private func systemGuide(_ inset: UILayoutGuide.SystemInset) -> UILayoutGuide {
        let existing: UILayoutGuide? =
            switch inset {
            case .safeArea: layoutState.safeAreaGuide
            case .margins: layoutState.marginsGuide
            case .readable: layoutState.readableGuide
            }
        if let existing { return existing }
        let guide = UILayoutGuide()
        guide.inset = inset
        guide.owningView = self
        switch inset {
        case .safeArea: guide.identifier = "UIViewSafeAreaLayoutGuide"; layoutState.safeAreaGuide = guide
        case .margins: guide.identifier = "UIViewLayoutMarginsGuide"; layoutState.marginsGuide = guide
        case .readable: guide.identifier = "UIViewReadableContentGuide"; layoutState.readableGuide = guide
        }
        return guide
    }

    // MARK: Sizes

    /// How strongly the view resists growing beyond its intrinsic size along `axis` (250 by default).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { layoutState.hugging[axis.rawValue] }
    /// Sets the hugging priority along `axis`.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.hugging[axis.rawValue] = priority
        LayoutEngine.invalidate(self)
    }
    /// How strongly the view resists shrinking below its intrinsic size along `axis` (750 by default).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.compressionResistance[axis.rawValue]
    }
    /// Sets the compression resistance priority along `axis`.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.compressionResistance[axis.rawValue] = priority
        LayoutEngine.invalidate(self)
    }
    /// Asks for `intrinsicContentSize` again at the next layout pass.
    public func invalidateIntrinsicContentSize() {
        layoutState.intrinsicSize = nil
        LayoutEngine.invalidate(self)
    }

    /// The smallest size (0 × 0) `systemLayoutSizeFitting` can aim for.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size `systemLayoutSizeFitting` can aim for.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)

    /// The size the view's constraints give it nearest `targetSize`, each dimension pulled
    /// towards its target at the fitting priority (`fittingSizeLevel`, 50, by default: weaker
    /// than hugging and compression, so intrinsic sizes win).
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }
    // MARK: Direction and ambiguity

    /// Which way leading and trailing point for this view (unspecified: the app's, left to right).
    public var semanticContentAttribute: UISemanticContentAttribute {
        get { layoutState.semanticContentAttribute }
        set { layoutState.semanticContentAttribute = newValue; LayoutEngine.invalidate(self) }
    }
    /// The direction leading and trailing follow: forced by this view or the nearest ancestor
    /// that forces one, else left to right.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        var view: UIView? = self
        while let current = view {
            switch current.layoutState.semanticContentAttribute {
            case .forceRightToLeft: return .rightToLeft
            case .forceLeftToRight: return .leftToRight
            default: view = current.superview
            }
        }
        return .leftToRight
    }
    /// Whether the constraints leave the view's frame open (another layout satisfies them as
    /// well): asked of the solver of the last layout pass.
    public var hasAmbiguousLayout: Bool { LayoutEngine.hasAmbiguousLayout(self) }
    /// Kept for API compatibility (no debugger here).
    public func exerciseAmbiguityInLayout() {}

    // MARK: Constraint-based layout passes

    /// Calls `updateConstraints` on this view and its subviews that asked for it.
    public func updateConstraintsIfNeeded() {
        for subview in subviews { subview.updateConstraintsIfNeeded() }
        if layoutState.needsUpdateConstraints {
            layoutState.needsUpdateConstraints = false
            updateConstraints()
        }
    }
    /// Whether the view needs `updateConstraints`.
    public func needsUpdateConstraints() -> Bool { layoutState.needsUpdateConstraints }
}
