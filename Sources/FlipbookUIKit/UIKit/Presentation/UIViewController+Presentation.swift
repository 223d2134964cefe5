import Foundation

extension UIViewController {
    /// The presentation controller of this view controller: while presented, the one presenting
    /// it; before, the one its `modalPresentationStyle` would use (made on first use, so a
    /// delegate or sheet detents can be set before `present`); nil for `.custom` before it is presented.
    public var presentationController: UIPresentationController? {
        if let existing = presentationControllerStorage,
            presentingViewController != nil || existing.presentationStyle == modalPresentationStyle
        {
            return existing
        }
        presentationControllerStorage = Self.makePresentationController(
            for: self, presenting: presentingViewController, style: modalPresentationStyle)
        return presentationControllerStorage
    }

    /// UIKit's presentation controller for `style` (nil for `.custom`: the delegate's).
    static func makePresentationController(
        for presented: UIViewController, presenting: UIViewController?,
        style: UIModalPresentationStyle
    ) -> UIPresentationController? {
        switch style {
        case .custom: return nil
        case .pageSheet, .formSheet, .automatic:
            return UISheetPresentationController(presented: presented, presenting: presenting, style: style)
        case .popover: return UIPopoverPresentationController(presentedViewController: presented, presenting: presenting)
        default: return SystemPresentationController(presented: presented, presenting: presenting, style: style)
        }
    }

    /// The presentation controller a presentation uses: the delegate's for `.custom`, else the
    /// style's adapted to the phone's compact width; nil (the recording failed, naming it) for a
    /// popover kept as a popover.
    private func resolvedPresentationController(
        for presented: UIViewController, presenter: UIViewController,
        hasCustomAnimator: Bool
    ) -> UIPresentationController? {
        var style = presented.modalPresentationStyle
        // `.automatic` with an animator of the app's own: drawn full screen, as apps written
        // before iOS 13 expect (see docs/UIKIT.md).
        if style == .automatic && hasCustomAnimator { style = .fullScreen }
        if style == .custom {
            let made = presented.transitioningDelegate?.presentationController(forPresented: presented, presenting: presenter, source: self)
            let controller = made ?? SystemPresentationController(presented: presented, presenting: presenter, style: .custom)
            controller.presentingViewController = presenter
            return controller
        }
        var controller =
            presented.presentationControllerStorage.flatMap { $0.presentationStyle == style ? $0 : nil }
            ?? Self.makePresentationController(for: presented, presenting: presenter, style: style)!
        controller.presentingViewController = presenter
        // Every phone in portrait is compact width: the delegate (else the controller) says what to adapt to.
        let adapted = controller.delegate?.adaptivePresentationStyle(for: controller) ?? controller.adaptivePresentationStyle
        if adapted != .none, adapted != style, adapted != .custom, adapted != .popover,
            let replacement = Self.makePresentationController(for: presented, presenting: presenter, style: adapted)
        {
            replacement.delegate = controller.delegate
            controller = replacement
            style = adapted
        }
        if style == .popover {
            Recorder.current?.fail(
                .notDrawn(
                    view: presented.viewIfLoaded?.recordingName ?? "\(type(of: presented))",
                    what:
                        "a popover kept as a popover on a phone (its delegate's adaptivePresentationStyle(for:) returned .none): "
                        + "a popover's bubble and arrow are not drawn; return .pageSheet (the default) or present it with another style"))
            return nil
        }
        return controller
    }

    /// The view controller whose view a `.currentContext`/`.overCurrentContext` presentation
    /// covers: the first, from `self` up its parents, that defines the presentation context.
    private var presentationContextProvider: UIViewController? {
        var current: UIViewController? = self
        while let controller = current {
            if controller.definesPresentationContext { return controller }
            current = controller.parent
        }
        return nil
    }

    func performPresentation(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        var presenter = navigationController ?? self
        if let presented = presenter.presentedViewController, presented !== viewControllerToPresent {
            presented.present(viewControllerToPresent, animated: flag, completion: completion)
            return
        }
        let presented = viewControllerToPresent
        let style = presented.modalPresentationStyle
        if style == .currentContext || style == .overCurrentContext, let provider = presentationContextProvider { presenter = provider }
        guard let window = presenter.view.window else {
            presenter.presentedViewController = presented
            presented.presentingViewController = presenter
            completion?()
            return
        }
        // UIKit loads the presented view before it asks for an animator: a transitioning
        // delegate set in `viewDidLoad` is the one used.
        presented.loadViewIfNeeded()
        let animator =
            flag ? presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenter, source: self) : nil
        guard let controller = resolvedPresentationController(for: presented, presenter: presenter, hasCustomAnimator: animator != nil)
        else { return }
        presented.presentationControllerStorage = controller
        presented.presentingViewController = presenter
        presenter.presentedViewController = presented
        presented.isBeingPresented = true
        let fullScreen = controller.shouldRemovePresentersView
        // The container covers the screen, or the context's view for a current-context style.
        let usesContext = (style == .currentContext || style == .overCurrentContext) && presenter.definesPresentationContext
        let containerFrame = usesContext ? presenter.view.convert(presenter.view.bounds, to: window) : window.bounds
        let container = UIView(frame: containerFrame)
        presented.presentationContainer = container
        controller.containerView = container
        UIView.performWithoutAnimation {
            window.addSubview(container)
            controller.layOutContainer()
        }
        let interaction = animator.flatMap { presented.transitioningDelegate?.interactionControllerForPresentation(using: $0) }
        let finalFrame = controller.frameOfPresentedViewInContainerView
        let presentedView = controller.presentedView ?? presented.view!
        let context = TransitionContext(
            container: container, from: presenter, to: presented, fromViewGiven: fullScreen,
            toView: presentedView, toFinalFrame: finalFrame,
            fromFinalFrame: fullScreen ? .zero : presenter.view.frame, style: controller.presentationStyle)
        UIView.performWithoutAnimation {
            if presentedView === presented.view { presented.view.frame = finalFrame }
            controller.presentationTransitionWillBegin()
        }
        let systemAnimator = controller.systemAnimator(presenting: true)
        context.onComplete = { didComplete in
            controller.presentationTransitionDidEnd(didComplete)
            if didComplete {
                if fullScreen { presenter.view.removeFromSuperview() }
                controller.layOutContainer()
                presented.isBeingPresented = false
                presented.viewDidAppear(flag)
                if fullScreen { presenter.viewDidDisappear(flag) }
            } else {
                presentedView.removeFromSuperview(); container.removeFromSuperview()
                presenter.presentedViewController = nil; presented.presentingViewController = nil
                presented.isBeingPresented = false
                // Cancelled: the appearance calls are undone, as UIKit does after an interactive cancel.
                presented.viewWillDisappear(flag); presented.viewDidDisappear(flag)
                if fullScreen { presenter.viewWillAppear(flag); presenter.viewDidAppear(flag) }
            }
            (animator ?? systemAnimator)?.animationEnded(didComplete)
            if didComplete { completion?() }
        }
        if fullScreen { presenter.viewWillDisappear(flag) }
        presented.viewWillAppear(flag)
        context.run(
            animator: animator ?? (flag ? systemAnimator : nil), interaction: interaction, animated: flag,
            fallback: { context in
                context.useSystemDuration(0.5)
                UIViewController.defaultModal(context, presenting: true, style: presented.modalTransitionStyle)
            })
    }

    func performDismissal(animated flag: Bool, completion: (() -> Void)?) {
        let presented: UIViewController, presenter: UIViewController
        if let child = (navigationController ?? self).presentedViewController {
            presented = child; presenter = child.presentingViewController ?? navigationController ?? self
        } else if let parentPresenter = (navigationController ?? self).presentingViewController {
            presented = navigationController ?? self; presenter = parentPresenter
        } else {
            completion?(); return
        }
        guard let container = presented.presentationContainer, let window = container.window,
            let controller = presented.presentationControllerStorage
        else {
            presenter.presentedViewController = nil; presented.presentingViewController = nil
            completion?(); return
        }
        let fullScreen = controller.shouldRemovePresentersView
        let presentedView = controller.presentedView ?? presented.view!
        presented.isBeingDismissed = true
        if fullScreen {
            UIView.performWithoutAnimation {
                presenter.view.frame = window.bounds
                window.insertSubview(presenter.view, belowSubview: container)
            }
        }
        let animator = flag ? presented.transitioningDelegate?.animationController(forDismissed: presented) : nil
        let interaction = animator.flatMap { presented.transitioningDelegate?.interactionControllerForDismissal(using: $0) }
        let context = TransitionContext(
            container: container, from: presented, to: presenter, toViewGiven: fullScreen,
            fromView: presentedView, toFinalFrame: window.bounds, fromFinalFrame: .zero,
            style: controller.presentationStyle)
        UIView.performWithoutAnimation { controller.dismissalTransitionWillBegin() }
        let systemAnimator = controller.systemAnimator(presenting: false)
        context.onComplete = { didComplete in
            controller.dismissalTransitionDidEnd(didComplete)
            if didComplete {
                presentedView.removeFromSuperview()
                container.removeFromSuperview()
                presenter.presentedViewController = nil; presented.presentingViewController = nil
                presented.presentationContainer = nil
                controller.containerView = nil
                // The controller holds the presented view controller: let both go.
                presented.presentationControllerStorage = nil
                presented.isBeingDismissed = false
                presented.viewDidDisappear(flag)
                if fullScreen { presenter.viewDidAppear(flag) }
            } else {
                if fullScreen { presenter.view.removeFromSuperview() }
                presented.isBeingDismissed = false
                // Cancelled: the presenter disappears again and the presented view reappears.
                if fullScreen { presenter.viewWillDisappear(flag); presenter.viewDidDisappear(flag) }
                presented.viewWillAppear(flag); presented.viewDidAppear(flag)
            }
            (animator ?? systemAnimator)?.animationEnded(didComplete)
            if didComplete { completion?() }
        }
        presented.viewWillDisappear(flag)
        if fullScreen { presenter.viewWillAppear(flag) }
        context.run(
            animator: animator ?? (flag ? systemAnimator : nil), interaction: interaction, animated: flag,
            fallback: { context in
                context.useSystemDuration(0.5)
                UIViewController.defaultModal(context, presenting: false, style: presented.modalTransitionStyle)
            })
    }
}
