import FlipbookModel
import FlipbookMotion
public import Foundation

/// The bar at the top of a navigation controller (`UINavigationBar`), drawn as the presets
/// draw it (`NavigationBar` in FlipbookScene: 248 grey under the status bar, a hairline, the
/// top screen's semibold title, back button and bar button item titles in the tint colour), and
/// animated as they animate it during each push or pop of a recording.
open class UINavigationBar: UIView {
    /// Kept; an opaque bar (false) puts the screens below it.
    open var isTranslucent = true
    /// Kept.
    open var prefersLargeTitles = false
    /// Kept (the bar is drawn in the presets' grey).
    open var barTintColor: UIColor?
    /// The items shown, and the push or pop transitions of the bar (start, duration, items).
    var shownItem = NavigationItem(title: "")
    var itemTransitions:
        [(
            startSeconds: Double, durationSeconds: Double, from: NavigationItem, to: NavigationItem, operation: NavigationOperation,
            animation: BarItemAnimation, scrollEdge: (from: Bool, to: Bool)
        )] = []
    /// Whether the shown screen's scroll view rests at its top (the bar's scroll-edge appearance
    /// from iOS 15, `Device.era`).
    var shownAtScrollEdge = false
    /// A bar.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        accessibilityIdentifier = NavigationBar.layerName
    }
    /// Not supported.
    public required init?(coder: NSCoder) { return nil }
}

/// A navigation stack (`UINavigationController`): push and pop through its delegate's animator
/// and interaction controller, or UIKit's own slide when there is none.
open class UINavigationController: UIViewController {
    /// What a navigation transition does (`UINavigationController.Operation`).
    public enum Operation: Int, Sendable {
        /// Nothing.
        case none = 0
        /// A push.
        case push = 1
        /// A pop.
        case pop = 2
    }

    /// The stack, bottom first.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    /// The stack, bottom first (what `viewControllers` reads).
    private var stack: [UIViewController] = []
    /// The delegate giving animators (a weak reference, as UIKit).
    open weak var delegate: UINavigationControllerDelegate?
    /// The bar.
    public let navigationBar: UINavigationBar
    /// True when the bar is hidden.
    open private(set) var isNavigationBarHidden = false
    /// The view the child views are in (the transitions' container).
    let wrapper = UIView(frame: .zero)

    /// A stack with one view controller (designated, as UIKit's: a subclass may override it).
    public init(rootViewController: UIViewController) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(nibName: nil, bundle: nil)
        stack = [rootViewController]
        addChild(rootViewController)
    }
    /// An empty stack (`init()` is this with no nib).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    /// Not supported.
    public required init?(coder: NSCoder) { return nil }

    /// The top of the stack.
    open var topViewController: UIViewController? { viewControllers.last }
    /// The presented view controller, else the top.
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

    /// The wrapper with the top view controller's view, and the bar above.
    open override func loadView() {
        let bounds = UIScreen.main.bounds
        let root = UIView(frame: bounds)
        root.backgroundColor = .white
        wrapper.frame = root.bounds
        root.addSubview(wrapper)
        navigationBar.frame = CGRect(x: 0, y: 0, width: bounds.width, height: CGFloat(Recorder.current?.device.topBarHeightPoints ?? 64))
        root.addSubview(navigationBar)
        if let pop = interactivePopGestureRecognizer { root.addGestureRecognizer(pop) }
        view = root
        if let top = topViewController {
            top.view.frame = contentFrame(for: top)
            wrapper.addSubview(top.view)
            updateBar()
        }
    }

    /// Where a child's view goes: the whole screen under a translucent bar (iOS 7's extended
    /// layout), below the bar (status bar + 44 pt) when the bar is opaque (unless the child's
    /// `extendedLayoutIncludesOpaqueBars`) or the child's `edgesForExtendedLayout` leaves out
    /// the top, the whole screen when the bar is hidden.
    func contentFrame(for controller: UIViewController) -> CGRect {
        let bounds = wrapper.bounds
        let extendsUnderBar =
            controller.edgesForExtendedLayout.contains(.top) && (navigationBar.isTranslucent || controller.extendedLayoutIncludesOpaqueBars)
        guard !isNavigationBarHidden, !extendsUnderBar else { return bounds }
        let bar = CGFloat(Recorder.current?.device.topBarHeightPoints ?? Double(navigationBar.frame.height))
        return CGRect(x: bounds.minX, y: bounds.minY + bar, width: bounds.width, height: bounds.height - bar)
    }

    /// The top view controller appears with the navigation controller.
    override func appear(_ animated: Bool) {
        viewWillAppear(animated); topViewController?.viewWillAppear(animated)
        viewDidAppear(animated); topViewController?.viewDidAppear(animated)
    }

    /// Shows or hides the bar. Animated during a push or pop (called from `viewWillAppear`, as
    /// apps do), the bar slides up off the screen or back down alongside the transition, over
    /// its duration on ease in-out (UIKit runs it in the transition coordinator's animation);
    /// otherwise at once.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != isNavigationBarHidden else { return }
        isNavigationBarHidden = hidden
        let shown = CGRect(x: 0, y: 0, width: navigationBar.frame.width, height: navigationBar.frame.height)
        let away = shown.offsetBy(dx: 0, dy: -shown.height)
        guard animated, let seconds = transitionSeconds, seconds > 0, isViewLoaded else {
            UIView.performWithoutAnimation { navigationBar.frame = shown }
            navigationBar.isHidden = hidden
            return
        }
        let bar = navigationBar
        UIView.performWithoutAnimation {
            bar.isHidden = false
            bar.frame = hidden ? shown : away
        }
        UIView.animate(
            withDuration: seconds, delay: 0, options: .curveEaseInOut,
            animations: {
                bar.frame = hidden ? away : shown
            },
            completion: { [weak self] _ in
                guard let self, self.isNavigationBarHidden == hidden else { return }
                bar.isHidden = hidden
                if hidden { bar.frame = shown }
            })
    }
    /// The running push or pop's duration (set while its view controllers' appearance calls run).
    private var transitionSeconds: TimeInterval?
    /// Shows or hides the bar.
    open var navigationBarHidden: Bool {
        get { isNavigationBarHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    private func updateBar() {
        if let top = topViewController {
            navigationBar.shownItem = barItem(for: top)
            navigationBar.shownAtScrollEdge = isAtScrollEdge(top)
        }
    }

    /// Whether `controller`'s content rests at its top under the bar, as UIKit decides which
    /// appearance the bar takes: its first scroll view (its view or the first found going down
    /// its subviews, level by level) has no vertical offset, or it has none (iOS 15 uses the
    /// scroll-edge appearance on a screen without a scroll view too).
    func isAtScrollEdge(_ controller: UIViewController) -> Bool {
        var level = [controller.view!]
        while !level.isEmpty {
            if let scroll = level.first(where: { $0 is UIScrollView }) as? UIScrollView { return scroll.contentOffset.y <= 0 }
            level = level.flatMap(\.subviews)
        }
        return true
    }

    /// The bar's items for a view controller of the stack: its title, the back button titled
    /// after the one below (unless hidden or replaced by a left item), its bar button items.
    func barItem(for controller: UIViewController) -> NavigationItem {
        let item = controller.navigationItem
        var back: String?
        if let index = viewControllers.firstIndex(where: { $0 === controller }), index > 0, !item.hidesBackButton,
            item.leftBarButtonItem == nil
        {
            let below = viewControllers[index - 1]
            let title = below.navigationItem.backBarButtonItem?.title ?? below.navigationItem.title ?? below.title ?? ""
            back = title.isEmpty ? "Back" : title
        }
        func title(_ button: UIBarButtonItem?) -> String? {
            guard let button else { return nil }
            if let title = button.title { return title }
            switch button.systemItem {
            case .done?: return "Done"
            case .cancel?: return "Cancel"
            case .edit?: return "Edit"
            case .save?: return "Save"
            case .add?: return "+"
            case .close?: return "Close"
            default: return nil
            }
        }
        return NavigationItem(
            title: item.title ?? controller.title ?? "", backTitle: back,
            leftButton: title(item.leftBarButtonItem ?? item.leftBarButtonItems?.first),
            rightButton: title(item.rightBarButtonItem ?? item.rightBarButtonItems?.first))
    }

    // MARK: The system's interactive pop

    /// The left-edge pan that pops the top view controller as the finger moves (UIKit's
    /// interactive pop): a `UIScreenEdgePanGestureRecognizer` on the navigation controller's view,
    /// which a recording's `Finger.pan` from the left edge drives. It runs UIKit's own slide,
    /// held at the finger's share of the width, when the delegate gives no animator (with one, it
    /// starts an ordinary animated pop, as UIKit does); released, the pop finishes past half the
    /// width or when flicked right faster than `popFlickPointsPerSecond`, else it is cancelled.
    /// Its `delegate` and `isEnabled` are the app's to set, as on iOS.
    public private(set) lazy var interactivePopGestureRecognizer: UIGestureRecognizer? = {
        let edgePan = UIScreenEdgePanGestureRecognizer(
            target: self, action: Selector(UINavigationController.handleInteractivePop(_:), name: "handleNavigationTransition:"))
        edgePan.edges = .left
        return edgePan
    }()

    /// The release speed (points per second, rightwards) that finishes a short interactive pop.
    /// UIKit does not publish its rule; a quick flick of the thumb is several hundred pt/s.
    static let popFlickPointsPerSecond: CGFloat = 500

    /// The interaction driving a pop started by the edge pan, and the slide it drives.
    private var popInteraction: UIPercentDrivenInteractiveTransition?
    private var systemSlide: SystemSlideAnimator?

    private func handleInteractivePop(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        let width = max(view.bounds.width, 1)
        let share = max(0, min(1, recognizer.translation(in: view).x / width))
        switch recognizer.state {
        case .began:
            guard stack.count > 1, popInteraction == nil else { return }
            popInteraction = UIPercentDrivenInteractiveTransition()
            popViewController(animated: true)
            popInteraction?.update(share)
        case .changed:
            popInteraction?.update(share)
        case .ended, .cancelled, .failed:
            guard let interaction = popInteraction else { return }
            popInteraction = nil
            let velocity = recognizer.velocity(in: view).x
            if recognizer.state == .ended && velocity >= 0 && (share > 0.5 || velocity > UINavigationController.popFlickPointsPerSecond) {
                interaction.finish()
            } else {
                interaction.cancel()
            }
        default:
            break
        }
    }

    /// Pushes `viewController`: the delegate's animator (or UIKit's slide) moves it in.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard let from = topViewController, isViewLoaded, view.window != nil else {
            stack.append(viewController); addChild(viewController); return
        }
        stack.append(viewController)
        addChild(viewController)
        viewController.isMovingToParent = true
        transition(.push, from: from, to: viewController, animated: animated) { [self] completed in
            viewController.isMovingToParent = false
            if !completed {
                stack.removeAll { $0 === viewController }
                viewController.removeFromParent()
            }
        }
    }

    /// Pops the top view controller.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1 else { return nil }
        let from = viewControllers[viewControllers.count - 1], to = viewControllers[viewControllers.count - 2]
        guard isViewLoaded, view.window != nil else { stack.removeLast(); from.removeFromParent(); return from }
        let fromItem = barItem(for: from)
        stack.removeLast()
        from.isMovingFromParent = true
        transition(.pop, from: from, to: to, fromItem: fromItem, animated: animated) { [self] completed in
            from.isMovingFromParent = false
            if completed { from.removeFromParent() } else { stack.append(from) }
        }
        return from
    }

    /// Pops to the root.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard viewControllers.count > 1 else { return nil }
        let popped = Array(viewControllers.dropFirst())
        if popped.count > 1 { stack.removeSubrange(1..<(stack.count - 1)) }
        _ = popViewController(animated: animated)
        return popped
    }

    /// Replaces the stack. Animated, with a new top and the navigation controller on screen, it
    /// runs a transition as UIKit does: a pop when the new top was in the old stack, else a push,
    /// with the delegate's animator (or UIKit's slide) and the appearance calls; the view
    /// controllers left out leave when it completes. Otherwise at once.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let old = topViewController, oldStack = stack
        let leaving = oldStack.filter { controller in !viewControllers.contains { $0 === controller } }
        if animated, isViewLoaded, view.window != nil, let from = old, let to = viewControllers.last, to !== from {
            let operation: Operation = oldStack.contains { $0 === to } ? .pop : .push
            let fromItem = barItem(for: from)
            stack = viewControllers
            viewControllers.forEach { if $0.parent !== self { addChild($0) } }
            if operation == .push { to.isMovingToParent = true } else { from.isMovingFromParent = true }
            transition(operation, from: from, to: to, fromItem: fromItem, animated: true) { [self] completed in
                to.isMovingToParent = false; from.isMovingFromParent = false
                if completed {
                    leaving.forEach { $0.removeFromParent() }
                } else {
                    viewControllers.forEach { controller in
                        if !oldStack.contains(where: { $0 === controller }) { controller.removeFromParent() }
                    }
                    stack = oldStack
                }
            }
            return
        }
        stack = viewControllers
        viewControllers.forEach { if $0.parent !== self { addChild($0) } }
        leaving.forEach { $0.removeFromParent() }
        guard isViewLoaded, let top = topViewController, top !== old else { return }
        UIView.performWithoutAnimation {
            old?.view.removeFromSuperview()
            top.view.frame = contentFrame(for: top)
            wrapper.addSubview(top.view)
        }
        updateBar()
    }

    private func transition(
        _ operation: Operation, from: UIViewController, to: UIViewController, fromItem: NavigationItem? = nil, animated: Bool,
        done: @escaping (Bool) -> Void
    ) {
        let delegateAnimator = animated ? delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to) : nil
        var animator = delegateAnimator
        var interaction = animator.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        if animated, operation == .pop, let popInteraction, delegateAnimator == nil {
            // The system's edge pan drives UIKit's own slide.
            let slide = SystemSlideAnimator(operation: .pop)
            systemSlide = slide // the interaction holds its animator weakly, as UIKit's does
            animator = slide
            interaction = popInteraction
        }
        to.loadViewIfNeeded()
        let context = TransitionContext(
            container: wrapper, from: from, to: to, toFinalFrame: contentFrame(for: to), fromFinalFrame: .zero,
            style: .fullScreen)
        delegate?.navigationController(self, willShow: to, animated: animated)
        let seconds = animated ? animator?.transitionDuration(using: context) ?? UINavigationController.defaultTransitionSeconds : 0
        if animated, let recorder = Recorder.current {
            // The bar animates over the transition's duration, as UINavigationBar does: shifting its
            // items in UIKit's own push and pop, cross-fading them in place under a custom animator.
            let fromItem = fromItem ?? barItem(for: from)
            let toItem = barItem(for: to)
            if seconds > 0 {
                navigationBar.itemTransitions.append(
                    (
                        recorder.clockSeconds, Double(seconds), fromItem, toItem, operation == .push ? .push : .pop,
                        delegateAnimator == nil ? .shift : .crossFade, (isAtScrollEdge(from), isAtScrollEdge(to))
                    ))
            }
        }
        context.onComplete = { [self] didComplete in
            if didComplete {
                from.view.removeFromSuperview()
                if to.view.superview !== wrapper { wrapper.addSubview(to.view) }
                // UIKit lays the new top view out in its content frame once the transition has
                // completed, whatever frame the animator left it at (an animator that never set
                // `finalFrame(for:)` sees its view jump under an opaque bar).
                to.view.frame = contentFrame(for: to)
                from.viewDidDisappear(animated); to.viewDidAppear(animated)
                updateBar()
                delegate?.navigationController(self, didShow: to, animated: animated)
            } else {
                to.view.removeFromSuperview()
                if from.view.superview !== wrapper { wrapper.addSubview(from.view) }
                // A cancelled (interactive) transition: the incoming screen disappears and the
                // outgoing one appears again, each with its will and did call, as UIKit does.
                to.viewWillDisappear(animated); to.viewDidDisappear(animated)
                from.viewWillAppear(animated); from.viewDidAppear(animated)
            }
            done(didComplete)
            animator?.animationEnded(didComplete)
            systemSlide = nil
        }
        transitionSeconds = seconds
        from.viewWillDisappear(animated); to.viewWillAppear(animated)
        transitionSeconds = nil
        context.run(animator: animator, interaction: interaction, animated: animated) { context in
            context.useSystemDuration(UINavigationController.defaultTransitionSeconds)
            UINavigationController.defaultSlide(context, operation: operation)
        }
    }

    /// How long UIKit's own push and pop take. Apple publishes neither this nor the curve; 0.5 s
    /// is what frame-by-frame screen recordings of a system push measure, and what libraries
    /// that imitate the system pop use (docs/UIKIT.md, "UIKit's own push").
    static let defaultTransitionSeconds: TimeInterval = 0.5
    /// The system push's curve as measured from those recordings: a cubic Bézier with control
    /// points (0.25, 1) and (0.25, 1) — a fast start that eases into place, no overshoot.
    static let defaultTransitionCurve = CubicBezier(x1: 0.25, y1: 1, x2: 0.25, y2: 1)

    /// The dimming UIKit's own transition lays over the view below the sliding one: black at
    /// 10 %, over the outgoing view as a push covers it, lifting off the incoming one as a pop
    /// uncovers it. Apple does not publish it (its `_UIParallaxDimmingView` has a dimming colour
    /// and a left-edge fade image); 10 % is what SloppySwiper's `SSWAnimator`, which re-creates
    /// the system pop, uses ("in the default transition the view controller below is a little
    /// dimmer than the frontmost one").
    static let defaultDimmingAlpha: CGFloat = 0.1
    /// The shadow on the sliding view's left edge, as the same `SSWAnimator` draws it: a
    /// `shadowPath` 4 pt wide just left of the view (running 20 pt past its top and bottom, so its
    /// ends are not rounded) at `shadowOpacity` 0.2 with Core Animation's default radius (3) and
    /// offset (0, −3): a soft gradient some 10 pt wide.
    static let defaultEdgeShadowWidth: CGFloat = 4
    static let defaultEdgeShadowOpacity: Float = 0.2

    /// UIKit's own push and pop: the incoming view slides over from the right edge (back to it
    /// on a pop) while the other moves a third of the width the other way, over
    /// `defaultTransitionSeconds` on `defaultTransitionCurve`; the view below is dimmed
    /// (`defaultDimmingAlpha`, more as it is covered) and the sliding view casts a shadow from its
    /// left edge (`defaultEdgeShadowOpacity`).
    /// `curve` is UIKit's own unless given: the system's interactive pop runs linearly, so the
    /// screen follows the finger (as libraries that re-create it do: SloppySwiper's animator
    /// switches to a linear curve when interactive).
    static func defaultSlide(_ context: TransitionContext, operation: Operation, curve: CubicBezier = defaultTransitionCurve) {
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to),
            let toController = context.viewController(forKey: .to)
        else { context.completeTransition(true); return }
        let container = context.containerView, width = container.bounds.width
        let final = context.finalFrame(for: toController), start = fromView.frame
        let sliding = operation == .push ? toView : fromView, below = operation == .push ? fromView : toView
        let dimming = UIView(frame: container.bounds)
        let saved = (path: sliding.layer.shadowPath, opacity: sliding.layer.shadowOpacity)
        UIView.performWithoutAnimation {
            toView.frame = final.offsetBy(dx: operation == .push ? width : -width / 3, dy: 0)
            if operation == .push { container.addSubview(toView) } else { container.insertSubview(toView, belowSubview: fromView) }
            dimming.backgroundColor = UIColor(white: 0, alpha: defaultDimmingAlpha)
            dimming.alpha = operation == .push ? 0 : 1
            container.insertSubview(dimming, aboveSubview: below)
            let shadowHeight = sliding.bounds.height + 40
            sliding.layer.shadowPath = CGPath(
                rect: CGRect(x: -defaultEdgeShadowWidth, y: -20, width: defaultEdgeShadowWidth, height: shadowHeight),
                transform: nil)
            sliding.layer.shadowOpacity = defaultEdgeShadowOpacity
        }
        UIView.run(
            duration: defaultTransitionSeconds, delay: 0, curve: .bezier(curve), options: [],
            animations: {
                toView.frame = final
                fromView.frame = start.offsetBy(dx: operation == .push ? -width / 3 : width, dy: 0)
                dimming.alpha = operation == .push ? 1 : 0
            },
            completion: { _ in
                UIView.performWithoutAnimation {
                    fromView.frame = start
                    dimming.removeFromSuperview()
                    sliding.layer.shadowPath = saved.path
                    sliding.layer.shadowOpacity = saved.opacity
                }
                context.completeTransition(!context.transitionWasCancelled)
            })
    }
}

/// A navigation controller's delegate (`UINavigationControllerDelegate`); every method optional.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// The animator of a push or pop (nil: UIKit's own).
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller of an animator (nil: not interactive).
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning?
    /// Before a view controller is shown.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// After a view controller was shown.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    /// nil: UIKit's own transition.
    public func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { nil }
    /// nil: not interactive.
    public func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { nil }
    /// Does nothing.
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}
    /// Does nothing.
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

/// UIKit's own slide as an animator, so an interaction controller can drive it (the system's
/// interactive pop).
@MainActor
final class SystemSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation
    init(operation: UINavigationController.Operation) { self.operation = operation }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        UINavigationController.defaultTransitionSeconds
    }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext else { return }
        UINavigationController.defaultSlide(context, operation: operation, curve: .linear)
    }
}
