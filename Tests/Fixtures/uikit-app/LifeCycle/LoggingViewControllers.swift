//
//  LoggingViewControllers.swift
//  Screens that log their life cycle, a sheet that makes itself its transitioning delegate in
//  viewDidLoad, and a navigation delegate with a fade animator and an interaction controller.
//
import UIKit

/// The appearance calls, in the order they came.
@MainActor
final class AppearanceLog {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

class LoggingViewController: UIViewController {
    let name: String
    let log: AppearanceLog

    init(name: String, log: AppearanceLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = name
        view.backgroundColor = .white
        log.add("\(name) viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.add("\(name) viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.add("\(name) viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        log.add("\(name) viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        log.add("\(name) viewDidDisappear")
    }
}

/// A sheet that slides up over 0.3 s with its own animator, chosen in viewDidLoad.
final class SlideUpSheetViewController: LoggingViewController, UIViewControllerTransitioningDelegate, UIViewControllerAnimatedTransitioning {
    static let slideDuration: TimeInterval = 0.3

    override func viewDidLoad() {
        super.viewDidLoad()
        transitioningDelegate = self
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.slideDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toView = transitionContext.view(forKey: .to) else { return }
        let container = transitionContext.containerView
        toView.frame = container.bounds.offsetBy(dx: 0, dy: container.bounds.height)
        container.addSubview(toView)
        UIView.animate(withDuration: Self.slideDuration, animations: {
            toView.frame = container.bounds
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// Fades between screens over 0.25 s; pops interactively when `interaction` is set.
final class FadeNavigationDelegate: NSObject, UINavigationControllerDelegate, UIViewControllerAnimatedTransitioning {
    static let fadeDuration: TimeInterval = 0.25
    var interaction: UIPercentDrivenInteractiveTransition?

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.fadeDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toView = transitionContext.view(forKey: .to), let toController = transitionContext.viewController(forKey: .to) else { return }
        toView.frame = transitionContext.finalFrame(for: toController)
        toView.alpha = 0
        transitionContext.containerView.addSubview(toView)
        UIView.animate(withDuration: Self.fadeDuration, animations: {
            toView.alpha = 1
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// A custom container that shows one child at a time and forwards the appearance calls itself.
final class SwitcherViewController: UIViewController {
    private(set) var current: UIViewController?

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    func show(_ child: UIViewController, duration: TimeInterval) {
        let old = current
        addChild(child)
        child.view.frame = view.bounds
        child.beginAppearanceTransition(true, animated: true)
        old?.beginAppearanceTransition(false, animated: true)
        old?.willMove(toParent: nil)
        if let old {
            UIView.transition(from: old.view, to: child.view, duration: duration, options: .transitionCrossDissolve) { _ in
                child.endAppearanceTransition()
                old.endAppearanceTransition()
                old.removeFromParent()
                child.didMove(toParent: self)
            }
        } else {
            view.addSubview(child.view)
            child.endAppearanceTransition()
            child.didMove(toParent: self)
        }
        current = child
    }
}
