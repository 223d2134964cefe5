public import Foundation

/// What a presentation asks of an app about adapting (`UIAdaptivePresentationControllerDelegate`);
/// every method optional.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    /// The style to present with on a compact-width screen (every phone here, in portrait);
    /// `.none` keeps the presentation's own style.
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    /// Kept: called before a sheet is dismissed by a swipe (there are no swipes on a sheet here).
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    /// The presentation controller's own adaptive style.
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
        controller.adaptivePresentationStyle
    }
    /// Does nothing.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

/// Manages a presentation (`UIPresentationController`): where the presented view goes in the
/// container (`frameOfPresentedViewInContainerView`), the views it adds around it (a dimming
/// view), and its four transition calls. Subclass it and return it from the transitioning
/// delegate's `presentationController(forPresented:presenting:source:)` for a `.custom`
/// presentation; UIKit's own styles use built-in ones (a sheet for `.pageSheet`, `.formSheet`,
/// `.automatic` and an adapted `.popover`).
///
/// Calls, in UIKit's order: `containerViewWillLayoutSubviews`/`DidLayoutSubviews` once the
/// container is in the window, `presentationTransitionWillBegin` (the presented view controller's
/// `transitionCoordinator` is set: animate alongside there), the animator, then
/// `presentationTransitionDidEnd(_:)` and the layout calls again once it completes; the same
/// with `dismissalTransition…` for the dismissal. Layout calls are not repeated during the
/// animation (an app that sets the presented frame there would cut its animator short).
@MainActor
open class UIPresentationController: NSObject {
    /// The view controller presented.
    public let presentedViewController: UIViewController
    /// The view controller presenting it (the navigation controller when a child presents).
    public internal(set) var presentingViewController: UIViewController
    /// The view the presentation happens in: the window's size, above the presenter's view;
    /// nil until the presentation starts.
    open internal(set) var containerView: UIView?
    /// The adaptation's delegate.
    open weak var delegate: UIAdaptivePresentationControllerDelegate?
    /// The style this controller presents with.
    open var presentationStyle: UIModalPresentationStyle { .custom }

    /// A presentation controller for `presentedViewController` presented by `presentingViewController`
    /// (nil: decided when the presentation starts, as UIKit does).
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
        super.init()
    }

    /// The view animated into place: the presented view controller's view (override to wrap it).
    open var presentedView: UIView? { presentedViewController.view }
    /// Where the presented view ends, in the container: the container's bounds by default.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? UIScreen.main.bounds }
    /// Whether the presenter's view leaves the window once presented (false by default, as UIKit's).
    open var shouldRemovePresentersView: Bool { false }
    /// Whether the presentation covers the whole screen (true by default; kept: this
    /// recording's container is the window's size either way).
    open var shouldPresentInFullscreen: Bool { true }
    /// The style to adapt to on a compact-width screen (`.none` by default: no adaptation).
    open var adaptivePresentationStyle: UIModalPresentationStyle { .none }
    /// Its content's preferred size (the presented view controller's `preferredContentSize`).
    open var preferredContentSize: CGSize { presentedViewController.preferredContentSize }

    /// Before the container lays out its subviews.
    open func containerViewWillLayoutSubviews() {}
    /// After the container laid out its subviews.
    open func containerViewDidLayoutSubviews() {}
    /// Before the presentation's animator runs: add views, animate alongside it.
    open func presentationTransitionWillBegin() {}
    /// After the presentation completed (`completed`) or was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// Before the dismissal's animator runs.
    open func dismissalTransitionWillBegin() {}
    /// After the dismissal completed (`completed`) or was cancelled.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// A child's preferred content size changed (kept: nothing is laid out again).
    open func preferredContentSizeDidChange(forChildContentContainer container: AnyObject) {}

    /// The built-in transition when the transitioning delegate gives no animator (nil: UIKit's
    /// modal transition style).
    func systemAnimator(presenting: Bool) -> UIViewControllerAnimatedTransitioning? { nil }

    /// The container's two layout calls, as one layout pass of it.
    func layOutContainer() {
        containerViewWillLayoutSubviews()
        containerViewDidLayoutSubviews()
    }
}

/// UIKit's presentation controller of a style without one of its own (`.fullScreen`,
/// `.overFullScreen`, `.currentContext`, `.overCurrentContext`, and `.custom` when the delegate
/// gives none): the presented view fills the container.
@MainActor
final class SystemPresentationController: UIPresentationController {
    let style: UIModalPresentationStyle
    init(presented: UIViewController, presenting: UIViewController?, style: UIModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }
    override var presentationStyle: UIModalPresentationStyle { style }
    override var shouldRemovePresentersView: Bool { style == .fullScreen || style == .currentContext }
}

/// A popover's presentation controller (`UIPopoverPresentationController`): where it points is
/// kept; on a phone (compact width) a popover adapts to a sheet, drawn as one, unless the
/// delegate's `adaptivePresentationStyle(for:)` says `.none` — then the recording fails naming
/// the popover, as a popover's bubble and arrow are not drawn.
@MainActor
public final class UIPopoverPresentationController: UIPresentationController {
    /// Kept: the view it points at.
    public var sourceView: UIView?
    /// Kept: the rectangle it points at, in `sourceView`.
    public var sourceRect: CGRect = .zero
    /// Kept: the bar button it points at.
    public var barButtonItem: UIBarButtonItem?
    /// Kept: the arrow's allowed directions.
    public var permittedArrowDirections: UIPopoverArrowDirection = .any
    /// Kept.
    public var backgroundColor: UIColor?
    public override var presentationStyle: UIModalPresentationStyle { .popover }
    /// A sheet on compact width, as UIKit's.
    public override var adaptivePresentationStyle: UIModalPresentationStyle { .pageSheet }
}

/// Directions of a popover's arrow (`UIPopoverArrowDirection`), kept.
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Directions.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Up, down, left, right.
    public static let up = UIPopoverArrowDirection(rawValue: 1), down = UIPopoverArrowDirection(rawValue: 2),
        left = UIPopoverArrowDirection(rawValue: 4), right = UIPopoverArrowDirection(rawValue: 8)
    /// Any direction.
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
}
