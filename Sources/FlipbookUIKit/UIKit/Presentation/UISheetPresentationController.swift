import FlipbookModel
public import Foundation

/// What a custom detent's resolver gets (`UISheetPresentationControllerDetentResolutionContext`).
@MainActor
public protocol UISheetPresentationControllerDetentResolutionContext: AnyObject {
    /// The large detent's value: the tallest a detent can be, in points.
    var maximumDetentValue: CGFloat { get }
}

/// The sheet UIKit presents `.pageSheet`, `.formSheet`, `.automatic` and (adapted) `.popover`
/// view controllers in on a phone (`UISheetPresentationController`): a card with rounded top
/// corners resting at one of its detents, the screen dimmed behind it, and — at the large
/// detent — the presenter's view scaled back with rounded corners.
///
/// The numbers and where each comes from are in docs/UIKIT.md ("Sheets"): the large detent's
/// top 10 pt below the status bar, the medium detent half the large one's height, corner
/// radius 10 pt, dimming black at 40 %, the presenter scaled about its centre until its top
/// edge reaches the status bar's bottom, the grabber 36 × 5 pt, 5 pt from the top.
@MainActor
public final class UISheetPresentationController: UIPresentationController {
    /// A height a sheet rests at (`UISheetPresentationController.Detent`).
    @MainActor
    public final class Detent: NSObject {
        /// A detent's name (`UISheetPresentationController.Detent.Identifier`).
        public struct Identifier: RawRepresentable, Hashable, Sendable {
            /// The name.
            public let rawValue: String
            /// An identifier.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// An identifier (as `init(rawValue:)`).
            public init(_ rawValue: String) { self.rawValue = rawValue }
            /// The medium detent's.
            public static let medium = Identifier(rawValue: "com.apple.UIKit.medium")
            /// The large detent's.
            public static let large = Identifier(rawValue: "com.apple.UIKit.large")
        }
        /// Its identifier.
        public let identifier: Identifier
        private let resolver: (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?
        private init(identifier: Identifier, resolver: @escaping (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) {
            self.identifier = identifier; self.resolver = resolver
        }
        /// About half the screen: half the large detent's value.
        public static func medium() -> Detent { Detent(identifier: .medium) { $0.maximumDetentValue / 2 } }
        /// The full height: the large detent's value.
        public static func large() -> Detent { Detent(identifier: .large) { $0.maximumDetentValue } }
        /// A detent of the height `resolver` gives (points above the bottom safe area; nil: inactive).
        public static func custom(
            identifier: Identifier? = nil,
            resolver: @escaping (UISheetPresentationControllerDetentResolutionContext) -> CGFloat?
        ) -> Detent {
            Detent(identifier: identifier ?? Identifier(rawValue: "custom-\(UUID().uuidString)"), resolver: resolver)
        }
        /// Its value in `context`, clamped to 0…`maximumDetentValue` (nil: inactive).
        public func resolvedValue(in context: UISheetPresentationControllerDetentResolutionContext) -> CGFloat? {
            resolver(context).map { min(max($0, 0), context.maximumDetentValue) }
        }
    }

    /// The detents, smallest first when resolved (default: large only).
    public var detents: [Detent] = [.large()] { didSet { layOutSheetIfPresented() } }
    /// The detent it rests at (nil: the smallest); changing it moves the sheet (animated inside `animateChanges`).
    public var selectedDetentIdentifier: Detent.Identifier? { didSet { layOutSheetIfPresented() } }
    /// The largest detent at which the presenter is neither dimmed nor scaled back (nil: dimmed at every detent).
    public var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { layOutSheetIfPresented() } }
    /// Draws the grabber at the sheet's top.
    public var prefersGrabberVisible = false { didSet { layOutSheetIfPresented() } }
    /// The sheet's corner radius in points (nil: the system's 10 pt).
    public var preferredCornerRadius: CGFloat? { didSet { layOutSheetIfPresented() } }
    /// Kept (there is no scrolling of a sheet here).
    public var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Kept (phones in portrait are never compact height).
    public var prefersEdgeAttachedInCompactHeight = false
    /// Kept.
    public var widthFollowsPreferredContentSizeWhenEdgeAttached = false
    /// Kept.
    public var sourceView: UIView?

    private let style: UIModalPresentationStyle
    /// The card the presented view sits in (UIKit's drop-shadow view) and what goes around it.
    private let sheetView = SheetCardView()
    private let grabber = SheetGrabberView()
    private let dimmingView = UIDimmingView()
    private let backdrop = SheetBackdropView()
    /// The presenter's layer values before it was scaled back, restored after the dismissal.
    private var presenterClipped = false, presenterCornerRadius: CGFloat = 0

    /// The gap between the status bar and the large sheet's top: 10 pt (see docs/UIKIT.md).
    static let largeTopGapPoints: CGFloat = 10
    /// The system corner radius of a sheet and of the presenter behind it: 10 pt.
    static let systemCornerRadiusPoints: CGFloat = 10
    /// The dimming's alpha at a dimmed detent (black at 40 %).
    static let dimmingAlpha: CGFloat = 0.4
    /// UIKit's modal transition time, used for the sheet's presentation, dismissal and detent
    /// changes: 0.5 s ease in-out (as cover vertical, docs/UIKIT.md).
    static let animationSeconds: TimeInterval = 0.5

    init(presented: UIViewController, presenting: UIViewController?, style: UIModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }

    public override var presentationStyle: UIModalPresentationStyle { style }
    public override var presentedView: UIView? { sheetView }
    public override var shouldPresentInFullscreen: Bool { false }
    public override var frameOfPresentedViewInContainerView: CGRect { layout.sheetFrame }

    /// Changes detents (or the selected one) with the system's animation.
    public func animateChanges(_ changes: () -> Void) {
        // The block runs before `animate` returns: it does not escape.
        withoutActuallyEscaping(changes) { changes in
            UIView.animate(withDuration: Self.animationSeconds, delay: 0, options: [.curveEaseInOut], animations: changes)
        }
    }
    /// Resolves the detents again (custom resolvers are asked at each layout here).
    public func invalidateDetents() { layOutSheetIfPresented() }

    // MARK: Geometry

    /// The sheet's geometry in the container at the selected detent.
    struct Layout: Equatable {
        var sheetFrame: CGRect
        var dimmed: Bool
        var presenterScale: CGFloat
        var cornerRadius: CGFloat
    }

    private final class ResolutionContext: UISheetPresentationControllerDetentResolutionContext {
        let maximumDetentValue: CGFloat
        init(maximumDetentValue: CGFloat) { self.maximumDetentValue = maximumDetentValue }
    }

    /// The screen's bounds and its safe-area top and bottom, in points.
    private var screen: (bounds: CGRect, top: CGFloat, bottom: CGFloat) {
        let bounds = containerView?.bounds ?? UIScreen.main.bounds
        let insets = Recorder.current?.device.safeAreaInsets
        return (bounds, CGFloat(insets?.top ?? 0), CGFloat(insets?.bottom ?? 0))
    }

    /// The large detent's value: from 10 pt below the status bar down to the bottom safe area.
    var maximumDetentValue: CGFloat {
        let screen = self.screen
        return screen.bounds.height - screen.top - Self.largeTopGapPoints - screen.bottom
    }

    /// Each active detent's value, smallest first.
    func resolvedDetents() -> [(identifier: Detent.Identifier, value: CGFloat)] {
        let context = ResolutionContext(maximumDetentValue: maximumDetentValue)
        let list = detents.isEmpty ? [.large()] : detents
        return list.compactMap { detent in detent.resolvedValue(in: context).map { (detent.identifier, $0) } }.sorted {
            $0.value < $1.value
        }
    }

    var layout: Layout {
        let screen = self.screen, resolved = resolvedDetents()
        let maximum = maximumDetentValue
        let selected = resolved.first { $0.identifier == selectedDetentIdentifier } ?? resolved.first ?? (.large, maximum)
        let undimmedUpTo = resolved.first { $0.identifier == largestUndimmedDetentIdentifier }?.value ?? -1
        let dimmed = selected.value > undimmedUpTo
        let frame = CGRect(
            x: 0, y: screen.bounds.height - screen.bottom - selected.value, width: screen.bounds.width,
            height: selected.value + screen.bottom)
        // Scaled about its centre until its top edge is at the status bar's bottom: H/2·(1 − s) = top.
        let scaledBack = dimmed && selected.value >= maximum
        let scale = scaledBack && screen.bounds.height > 0 ? 1 - 2 * screen.top / screen.bounds.height : 1
        return Layout(
            sheetFrame: frame, dimmed: dimmed, presenterScale: scale,
            cornerRadius: preferredCornerRadius ?? Self.systemCornerRadiusPoints)
    }

    // MARK: Presentation

    private var presenterView: UIView? { presentingViewController.viewIfLoaded }

    public override func presentationTransitionWillBegin() {
        guard let container = containerView, let window = container.window else { return }
        let layout = self.layout
        UIView.performWithoutAnimation {
            backdrop.frame = window.bounds
            backdrop.backgroundColor = .black
            window.insertSubview(backdrop, at: 0)
            dimmingView.frame = container.bounds
            dimmingView.backgroundColor = .black
            dimmingView.alpha = 0
            container.insertSubview(dimmingView, at: 0)
            sheetView.frame = layout.sheetFrame
            sheetView.clipsToBounds = true
            sheetView.layer.cornerRadius = layout.cornerRadius
            sheetView.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            let content = presentedViewController.view!
            content.frame = sheetView.bounds
            sheetView.addSubview(content)
            grabber.backgroundColor = UIColor(red: 60 / 255.0, green: 60 / 255.0, blue: 67 / 255.0, alpha: 0.3)
            grabber.layer.cornerRadius = 2.5
            layOutGrabber()
            if let presenter = presenterView {
                presenterClipped = presenter.clipsToBounds; presenterCornerRadius = presenter.layer.cornerRadius
                presenter.clipsToBounds = true
            }
        }
        presentedViewController.transitionCoordinator?.animate(
            alongsideTransition: { [self] _ in applyBehindSheet(layout) }, completion: nil)
    }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { removeViewsBehindSheet() }
    }

    public override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(
            alongsideTransition: { [self] _ in
                dimmingView.alpha = 0
                presenterView?.transform = .identity
                presenterView?.layer.cornerRadius = presenterCornerRadius
            }, completion: nil)
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { removeViewsBehindSheet() } else { applyBehindSheet(layout) }
    }

    private func removeViewsBehindSheet() {
        backdrop.removeFromSuperview()
        dimmingView.removeFromSuperview()
        presenterView?.clipsToBounds = presenterClipped
    }

    /// The dimming and the presenter for `layout`.
    private func applyBehindSheet(_ layout: Layout) {
        dimmingView.alpha = layout.dimmed ? Self.dimmingAlpha : 0
        guard let presenter = presenterView else { return }
        let scaled = layout.presenterScale < 1
        presenter.transform = scaled ? CGAffineTransform(scaleX: layout.presenterScale, y: layout.presenterScale) : .identity
        presenter.layer.cornerRadius = scaled ? Self.systemCornerRadiusPoints : presenterCornerRadius
    }

    private func layOutGrabber() {
        if prefersGrabberVisible {
            // 36 × 5 pt, centred, 5 pt below the sheet's top.
            grabber.frame = CGRect(x: (sheetView.bounds.width - 36) / 2, y: 5, width: 36, height: 5)
            if grabber.superview !== sheetView { sheetView.addSubview(grabber) }
        } else if grabber.superview != nil {
            grabber.removeFromSuperview()
        }
    }

    /// Moves the presented sheet to the selected detent (animated when called in an animation block).
    private func layOutSheetIfPresented() {
        guard containerView != nil, sheetView.superview != nil, !presentedViewController.isBeingDismissed else { return }
        let layout = self.layout
        sheetView.frame = layout.sheetFrame
        sheetView.layer.cornerRadius = layout.cornerRadius
        presentedViewController.viewIfLoaded?.frame = CGRect(origin: .zero, size: layout.sheetFrame.size)
        layOutGrabber()
        applyBehindSheet(layout)
    }

    override func systemAnimator(presenting: Bool) -> UIViewControllerAnimatedTransitioning? {
        SheetTransitionAnimator(presenting: presenting)
    }
}

/// The sheet's own transition: the card slides up from below the screen to its detent (down
/// and off to dismiss), 0.5 s ease in-out.
@MainActor
final class SheetTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        UISheetPresentationController.animationSeconds
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let key: UITransitionContextViewKey = presenting ? .to : .from
        guard let card = transitionContext.view(forKey: key) else { return transitionContext.completeTransition(true) }
        let below = card.frame.offsetBy(dx: 0, dy: container.bounds.height - card.frame.minY)
        if presenting {
            let final = transitionContext.viewController(forKey: .to).map { transitionContext.finalFrame(for: $0) } ?? card.frame
            UIView.performWithoutAnimation {
                container.addSubview(card)
                card.frame = final.offsetBy(dx: 0, dy: container.bounds.height - final.minY)
            }
            UIView.animate(
                withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseInOut],
                animations: { card.frame = final },
                completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
        } else {
            UIView.animate(
                withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseInOut],
                animations: { card.frame = below },
                completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
        }
    }
}

/// The card a sheet's content sits in (UIKit's drop-shadow view).
final class SheetCardView: UIView {}
/// The sheet's grabber.
final class SheetGrabberView: UIView {}
/// The black behind a presenter scaled back.
final class SheetBackdropView: UIView {}
/// The dimming view between a sheet and the presenter (UIKit's `UIDimmingView`).
final class UIDimmingView: UIView {}

extension UIViewController {
    /// The sheet this view controller is presented in, when its style is a sheet on a phone
    /// (`.pageSheet`, `.formSheet`, `.automatic`); nil otherwise.
    public var sheetPresentationController: UISheetPresentationController? {
        presentationController as? UISheetPresentationController
    }
    /// Its popover presentation controller when its style is `.popover`; nil otherwise.
    public var popoverPresentationController: UIPopoverPresentationController? {
        presentationController as? UIPopoverPresentationController
    }
}
