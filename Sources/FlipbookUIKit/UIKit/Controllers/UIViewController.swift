import FlipbookMotion
public import Foundation

/// A button of a navigation bar (`UIBarButtonItem`), kept for the bar's layout.
@MainActor
open class UIBarButtonItem: NSObject {
    /// Plain or done (`UIBarButtonItem.Style`).
    public enum Style: Int, Sendable { case plain = 0, bordered = 1, done = 2 }
    /// The system items (`UIBarButtonItem.SystemItem`) used by bars.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search, refresh,
            stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close = 24
    }
    /// The title.
    open var title: String?
    /// The image.
    open var image: UIImage?
    /// The style.
    open var style: Style = .plain
    /// A custom view.
    open var customView: UIView?
    /// The system item, if any.
    public private(set) var systemItem: SystemItem?
    /// The target (kept).
    open weak var target: AnyObject?
    /// The action (kept).
    open var action: Selector?
    /// An item.
    public override init() { super.init() }
    /// A titled item.
    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init(); self.title = title; self.style = style; self.target = target as AnyObject?; self.action = action
    }
    /// An image item.
    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init(); self.image = image; self.style = style; self.target = target as AnyObject?; self.action = action
    }
    /// A system item.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init(); self.systemItem = systemItem; self.target = target as AnyObject?; self.action = action
    }
    /// A custom view item.
    public convenience init(customView: UIView) { self.init(); self.customView = customView }
}

/// What a view controller shows in a navigation bar (`UINavigationItem`).
@MainActor
open class UINavigationItem: NSObject {
    /// The title (the view controller's title when nil).
    open var title: String?
    /// A view in place of the title.
    open var titleView: UIView?
    /// The left button.
    open var leftBarButtonItem: UIBarButtonItem?
    /// The right button.
    open var rightBarButtonItem: UIBarButtonItem?
    /// The left buttons.
    open var leftBarButtonItems: [UIBarButtonItem]?
    /// The right buttons.
    open var rightBarButtonItems: [UIBarButtonItem]?
    /// The back button shown by the next view controller.
    open var backBarButtonItem: UIBarButtonItem?
    /// Hides the back button.
    open var hidesBackButton = false
    /// A navigation item.
    public init(title: String) { self.title = title }
    /// A navigation item.
    public override init() { super.init() }
}

/// A view controller (`UIViewController`): its view loaded on first use (`loadView`, then
/// `viewDidLoad`), the appearance calls in UIKit's order around transitions, presentation and
/// navigation.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// The title.
    open var title: String?
    /// What the navigation bar shows for it.
    open private(set) lazy var navigationItem: UINavigationItem = UINavigationItem()
    /// The parent (a navigation controller).
    open internal(set) weak var parent: UIViewController?
    /// The children.
    open internal(set) var children: [UIViewController] = []
    /// The view controller that presented this one.
    open internal(set) weak var presentingViewController: UIViewController?
    /// The view controller this one presented.
    open internal(set) var presentedViewController: UIViewController?
    /// The presentation's delegate (a weak reference, as UIKit).
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// How it is presented (`.automatic`: a sheet, as on iOS 13 and later, unless the
    /// transitioning delegate gives an animator: then full screen).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The presentation controller made for it (its style's, created on first use).
    var presentationControllerStorage: UIPresentationController?
    /// The transition it is in, as its `transitionCoordinator`.
    weak var activeTransition: TransitionContext?
    /// UIKit's own transition when no animator is given.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Whether a `.currentContext` or `.overCurrentContext` presentation from it or its
    /// children covers its view (else the whole screen).
    open var definesPresentationContext = false
    /// Kept.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Kept.
    open var prefersStatusBarHidden: Bool { false }
    /// Kept.
    open var hidesBottomBarWhenPushed = false
    /// Kept.
    open var extendedLayoutIncludesOpaqueBars = false
    /// Kept.
    open var edgesForExtendedLayout: UIRectEdge = .all
    /// Kept: the preferred size in a container.
    open var preferredContentSize: CGSize = .zero
    /// True during its presentation.
    open internal(set) var isBeingPresented = false
    /// True during its dismissal.
    open internal(set) var isBeingDismissed = false
    /// True while pushed.
    open internal(set) var isMovingToParent = false
    /// True while popped.
    open internal(set) var isMovingFromParent = false
    /// The container view of its presentation.
    var presentationContainer: UIView?

    /// A view controller: UIKit's designated initialiser, which code-only subclasses call as
    /// `super.init(nibName: nil, bundle: nil)` and may override. The nib's name and bundle are
    /// kept (`nibName`, `nibBundle`); no nib is loaded: there are no nibs on Linux, build the
    /// view in `loadView` or `viewDidLoad`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }
    /// `init(nibName: nil, bundle: nil)`, as UIKit's `init()` is.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }
    /// UIKit's required initialiser from an archive (a storyboard): there are no archives on
    /// Linux, so it fails (nil). Subclasses declare it, as on iOS (`fatalError` or `nil` in it).
    public required init?(coder: NSCoder) { return nil }
    /// Insets added to the root view's safe area (a custom bar or toolbar of the app's own);
    /// changing it lays the view out again.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if isViewLoaded { view.setNeedsLayout() } }
    }
    /// Called when the root view's `safeAreaInsets` changed, before its layout.
    open func viewSafeAreaInsetsDidChange() {}
    /// The nib name given to `init(nibName:bundle:)` (kept; nothing is loaded from it).
    public let nibName: String?
    /// The bundle given to `init(nibName:bundle:)` (kept).
    public let nibBundle: Bundle?

    /// The view, loaded on first use.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
                loadedView?.viewController = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }
    /// The view if loaded.
    open var viewIfLoaded: UIView? { loadedView }
    /// True once loaded.
    open var isViewLoaded: Bool { loadedView != nil }
    /// Creates the view (a plain view the size of the screen by default).
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    /// Loads the view now.
    open func loadViewIfNeeded() { _ = view }
    /// After the view was loaded.
    open func viewDidLoad() {}
    /// Before the view appears.
    open func viewWillAppear(_ animated: Bool) {}
    /// After the view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// Before the view disappears.
    open func viewWillDisappear(_ animated: Bool) {}
    /// After the view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// After the view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// Kept.
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// The next responder: the view's superview.
    open override var next: UIResponder? { loadedView?.superview }

    /// The navigation controller it is in.
    open var navigationController: UINavigationController? {
        var current: UIViewController? = self
        while let controller = current {
            if let navigation = controller as? UINavigationController, navigation !== self { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// Adds a child.
    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }
    /// Leaves the parent.
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }
    /// Before moving to a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// After moving to a parent.
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation

    /// Presents `viewControllerToPresent` with its presentation controller (its style's, or the
    /// transitioning delegate's for `.custom`) and animator (the delegate's, else UIKit's own
    /// transition for the style); see docs/UIKIT.md ("Presentations").
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresentation(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the view controller this one presented (or this one, when it was presented).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    // MARK: Appearance of a custom container's children

    /// Where `beginAppearanceTransition` left the view: appearing (true), disappearing (false).
    private var appearanceTransition: Bool?

    /// Tells the view controller that its view is about to appear (`isAppearing`) or disappear:
    /// calls `viewWillAppear` or `viewWillDisappear`. A custom container calls it around the
    /// animation that shows or hides a child, then `endAppearanceTransition()`.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        appearanceTransition = isAppearing
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
    }

    /// Ends what `beginAppearanceTransition` began: calls `viewDidAppear` or `viewDidDisappear`
    /// (nothing when no transition began).
    open func endAppearanceTransition() {
        guard let isAppearing = appearanceTransition else { return }
        appearanceTransition = nil
        if isAppearing { viewDidAppear(false) } else { viewDidDisappear(false) }
    }

    /// Whether UIKit forwards appearance calls to children (kept; a container that says false
    /// calls `beginAppearanceTransition`/`endAppearanceTransition` itself).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// `viewWillAppear` then `viewDidAppear`, as when the window shows its root view controller
    /// (both at once here: a recording's body runs after the window is on screen).
    func appear(_ animated: Bool) {
        viewWillAppear(animated)
        viewDidAppear(animated)
    }

    /// UIKit's own modal transitions: cover vertical slides the presented view up from below
    /// the screen (down to dismiss), cross-dissolve fades it; 0.5 s, ease in-out (see docs/UIKIT.md).
    static func defaultModal(_ context: TransitionContext, presenting: Bool, style: UIModalTransitionStyle) {
        let duration = 0.5
        let container = context.containerView
        if presenting {
            guard let toView = context.view(forKey: .to) ?? context.viewController(forKey: .to)?.view else { return }
            let final = container.bounds
            UIView.performWithoutAnimation {
                container.addSubview(toView)
                if style == .coverVertical {
                    toView.frame = final.offsetBy(dx: 0, dy: final.height)
                } else {
                    toView.frame = final; toView.alpha = 0
                }
            }
            UIView.animate(
                withDuration: duration, delay: 0, options: .curveEaseInOut,
                animations: {
                    toView.frame = final; toView.alpha = 1
                }, completion: { _ in context.completeTransition(true) })
        } else {
            guard let fromView = context.viewController(forKey: .from)?.view else { return }
            UIView.animate(
                withDuration: duration, delay: 0, options: .curveEaseInOut,
                animations: {
                    if style == .coverVertical {
                        fromView.frame = container.bounds.offsetBy(dx: 0, dy: container.bounds.height)
                    } else {
                        fromView.alpha = 0
                    }
                }, completion: { _ in context.completeTransition(true) })
        }
    }
}

/// Kept: status bar styles (`UIStatusBarStyle`).
public enum UIStatusBarStyle: Int, Sendable { case `default` = 0, lightContent = 1, darkContent = 3 }

/// Edges of a rectangle (`UIRectEdge`).
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Edges.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Top, left, bottom, right.
    public static let top = UIRectEdge(rawValue: 1), left = UIRectEdge(rawValue: 2), bottom = UIRectEdge(rawValue: 4),
        right = UIRectEdge(rawValue: 8)
    /// All four.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}
