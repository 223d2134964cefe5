public import Foundation

/// Something that converts points and rectangles between coordinate spaces (`UICoordinateSpace`).
@MainActor
public protocol UICoordinateSpace: AnyObject {
    /// The space's bounds.
    var bounds: CGRect { get }
    /// `point` in this space mapped to `coordinateSpace`.
    func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint
    /// `point` in `coordinateSpace` mapped to this space.
    func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint
    /// `rect` in this space mapped to `coordinateSpace`.
    func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect
    /// `rect` in `coordinateSpace` mapped to this space.
    func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect
}

/// The root of UIKit's responder chain (`UIResponder`).
@MainActor
open class UIResponder: NSObject {
    /// A responder.
    public override init() { super.init() }
    /// The next responder (a view's superview or view controller).
    open var next: UIResponder? { nil }
}

/// A view (`UIView`), backed by a `CALayer` that holds its geometry. Inside a recording
/// (`Transition.record`) every change of a view in the window is recorded: at once outside an
/// animation block, animated inside one (docs/UIKIT.md).
open class UIView: UIResponder, UICoordinateSpace {
    /// How a view's content fills its bounds (`UIView.ContentMode`).
    public enum ContentMode: Int, Sendable {
        /// Stretched (the default).
        case scaleToFill = 0
        /// Fitted inside, centred.
        case scaleAspectFit = 1
        /// Covering, centred.
        case scaleAspectFill = 2
        /// Redrawn on resize; drawn as `scaleToFill`.
        case redraw = 3
        /// Centred, unscaled.
        case center = 4
        /// Edge-aligned modes, unscaled; drawn centred.
        case top = 5, bottom = 6, left = 7, right = 8, topLeft = 9, topRight = 10, bottomLeft = 11, bottomRight = 12
    }

    /// Which sizes follow the superview's (`UIView.AutoresizingMask`); applied when the
    /// superview's bounds size changes.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        /// The mask's bits.
        public let rawValue: UInt
        /// A mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Flexible margins and sizes.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The backing layer (replaced only by a recording's stand-in for a layer no view backs,
    /// `LayerHostView`).
    public internal(set) var layer: CALayer
    /// The class of the backing layer (`CALayer`).
    open class var layerClass: AnyClass { CALayer.self }
    /// The subviews, back to front.
    open private(set) var subviews: [UIView] = []
    /// The superview.
    open private(set) weak var superview: UIView?
    /// The view controller whose view this is.
    weak var viewController: UIViewController?
    var needsLayout = true
    /// Auto Layout's state: installed constraints, guides, size priorities (UIKit/AutoLayout).
    lazy var layoutState = ViewLayoutState()

    /// A view with a frame.
    public init(frame: CGRect) {
        layer = (Self.layerClass as? CALayer.Type)?.init() ?? CALayer()
        super.init()
        layer.owner = self
        layer.frame = frame
    }
    /// A view with a zero frame.
    public convenience override init() { self.init(frame: .zero) }
    /// Not supported: there are no storyboards on Linux.
    public required init?(coder: NSCoder) { return nil }

    /// The next responder: the view controller, else the superview.
    open override var next: UIResponder? { viewController ?? superview }

    // MARK: Geometry

    /// The frame in the superview's coordinates (the bounding box when transformed).
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue; KeyValueObservations.viewChanged(self) }
    }
    /// The view's own coordinate space (origin: a scroll offset).
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue; KeyValueObservations.viewChanged(self) }
    }
    /// The centre in the superview's coordinates (`layer.position`).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue; KeyValueObservations.viewChanged(self) }
    }
    /// The 2-D transform about the centre (the affine part of `layer.transform`).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue); KeyValueObservations.viewChanged(self) }
    }
    /// The 3-D transform (`layer.transform`).
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
    /// Opacity 0…1 (`layer.opacity`).
    open var alpha: CGFloat {
        get { layer.opacityValue }
        set { layer.opacityValue = newValue; KeyValueObservations.viewChanged(self) }
    }
    /// Hidden views and their subviews are not drawn. A stack view's arranged view hidden
    /// inside an animation block stays drawn until the animation ends, collapsing meanwhile,
    /// as in UIKit.
    open var isHidden: Bool {
        get { layoutState.hidesAfterAnimation || layer.isHidden }
        set {
            if !LayoutEngine.hidesAfterAnimation(self, newValue) { layer.isHidden = newValue }
            KeyValueObservations.viewChanged(self)
        }
    }
    /// True when drawn opaque (kept).
    open var isOpaque = true
    /// The background colour (`layer.backgroundColor`).
    open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.cgColor; KeyValueObservations.viewChanged(self) }
    }
    /// Clip subviews to the bounds (`layer.masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// How content fills the bounds (an image view's image).
    open var contentMode: ContentMode = .scaleToFill
    /// A number to find the view by (`viewWithTag`).
    open var tag = 0
    /// A name; recorded layers are named by it.
    open var accessibilityIdentifier: String?
    /// Whether touches reach the view and its subviews (`hitTest(_:with:)` skips it when false).
    open var isUserInteractionEnabled = true
    /// Kept for API compatibility.
    open var tintColor: UIColor! = .systemBlue
    /// True (the default): Auto Layout holds the view at the frame it is given. False: its
    /// frame comes from its constraints at each layout pass (docs/UIKIT.md, "Auto Layout").
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { LayoutEngine.invalidate(self) } }
    }
    /// How the view follows its superview's size.
    open var autoresizingMask: AutoresizingMask = []
    /// Kept for API compatibility.
    open var autoresizesSubviews = true
    /// The insets of `layoutMarginsGuide`: 8 pt on each side by default, and for a view
    /// controller's root view the safe area plus the system minimum margins (see
    /// `defaultLayoutMargins`) until set.
    open var layoutMargins: UIEdgeInsets {
        get { layoutState.layoutMargins ?? defaultLayoutMargins }
        set { layoutState.layoutMargins = newValue; LayoutEngine.invalidate(self) }
    }
    /// `layoutMargins` by leading and trailing edge (leading is left, or right in a
    /// right-to-left layout).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(layoutMargins, rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft) }
        set { layoutMargins = newValue.edgeInsets(rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft) }
    }
    /// The part of the view that bars, the status bar, the sensor housing and the home indicator
    /// cover, as insets of its bounds: the device's insets for the window (docs/DEVICES.md); for
    /// other views, how far their superview's safe area lies inside their bounds, plus, for a
    /// view controller's root view, the navigation bar above it and the controller's
    /// `additionalSafeAreaInsets` (UIKit's rules, docs/UIKIT.md, "Safe areas").
    open var safeAreaInsets: UIEdgeInsets { computedSafeAreaInsets }
    /// Called when `safeAreaInsets` changed, at the next layout pass (before `layoutSubviews`).
    open func viewSafeAreaInsetsDidChange() {}
    /// The insets the last layout pass saw (nil before the first).
    var safeAreaInsetsSeen: UIEdgeInsets?
    /// The recognizers attached; a recording's fingers (`Finger`) are delivered to them.
    open var gestureRecognizers: [UIGestureRecognizer]?

    /// The deepest view under `point` (in this view's coordinates) that takes touches, as UIKit
    /// finds it: nil when this view is hidden, has `isUserInteractionEnabled` false, an alpha
    /// under 0.01, or `point(inside:with:)` is false; otherwise the first subview, from the
    /// frontmost, whose `hitTest` finds one, else this view. Override it (or `point(inside:with:)`)
    /// to change where touches go, as on iOS.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) is inside its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }
    /// Attaches a recognizer.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizers = (gestureRecognizers ?? []) + [gestureRecognizer]
        gestureRecognizer.view = self
    }
    /// Detaches a recognizer.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizers?.removeAll { $0 === gestureRecognizer }
    }

    /// The window the view is in, if any.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    // MARK: The subview tree

    /// Adds `view` on top of the subviews (moving it from its old superview).
    open func addSubview(_ view: UIView) { insert(view, at: subviews.count) }
    /// Inserts `view` at `index` of the subviews.
    open func insertSubview(_ view: UIView, at index: Int) { insert(view, at: index) }
    /// Inserts `view` just above `siblingSubview` (on top when it is not a subview).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        insert(
            view, at: subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? subviews.count, relativeTo: siblingSubview,
            above: true)
    }
    /// Inserts `view` just below `siblingSubview` (on top when it is not a subview).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insert(view, at: subviews.firstIndex { $0 === siblingSubview } ?? subviews.count, relativeTo: siblingSubview, above: false)
    }
    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { willMove(toWindow: nil) }
        parent.subviews.removeAll { $0 === self }
        LayoutEngine.removeConstraints(leaving: self, from: parent)
        layer.removeFromSuperlayer()
        superview = nil
        didMoveToSuperview()
        if oldWindow != nil { didMoveToWindow() }
    }
    /// Moves `view` to the top of the subviews.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: subviews.count)
    }
    /// Moves `view` to the bottom of the subviews.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: 0)
    }
    /// Swaps two subviews.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        layer.sublayers = subviews.map(\.layer) + (layer.sublayers ?? []).filter { $0.owner == nil }
    }

    private func insert(_ view: UIView, at index: Int, relativeTo sibling: UIView? = nil, above: Bool = false) {
        precondition(view !== self, "a view cannot be its own subview")
        if view.superview === self {
            // Reordering keeps the window; no move notifications.
            subviews.removeAll { $0 === view }
            var target = min(max(index, 0), subviews.count)
            if let sibling, let position = subviews.firstIndex(where: { $0 === sibling }) { target = above ? position + 1 : position }
            subviews.insert(view, at: target)
            syncSublayers()
            return
        }
        let newWindow = window
        let movesWindow = view.window !== newWindow
        view.willMove(toSuperview: self)
        if movesWindow { view.willMove(toWindow: newWindow) }
        if let old = view.superview {
            old.willRemoveSubview(view)
            old.subviews.removeAll { $0 === view }
            LayoutEngine.removeConstraints(leaving: view, from: old)
            old.syncSublayers()
        }
        var target = min(max(index, 0), subviews.count)
        if let sibling, let position = subviews.firstIndex(where: { $0 === sibling }) { target = above ? position + 1 : position }
        subviews.insert(view, at: target)
        view.superview = self
        syncSublayers()
        view.didMoveToSuperview()
        if movesWindow { view.didMoveToWindow() }
        didAddSubview(view)
        setNeedsLayout()
    }

    private func syncSublayers() {
        let others = (layer.sublayers ?? []).filter { $0.owner == nil }
        for view in subviews { view.layer.superlayer = layer }
        layer.sublayers = subviews.map(\.layer) + others
    }

    /// Called when a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the view moves to another superview.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to another superview.
    open func didMoveToSuperview() {}
    /// Called before the view moves to another window.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view moved to another window.
    open func didMoveToWindow() {}

    /// True when the view is `view` or inside it.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            // A mask's view, or a layer's stand-in, is in the tree of the layer it belongs to.
            current = candidate.superview ?? candidate.layer.attachedView
        }
        return false
    }
    /// The first view with `tag`, searching this view, then its subviews depth first.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews { if let found = subview.viewWithTag(tag) { return found } }
        return nil
    }

    // MARK: Coordinates

    /// `point` in this view's coordinates mapped to `view`'s (nil: the window's).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer) }
    /// `point` in `view`'s coordinates (nil: the window's) mapped to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer) }
    /// The bounding box of `rect` mapped to `view`'s coordinates (nil: the window's).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: view?.layer) }
    /// The bounding box of `rect` in `view`'s coordinates (nil: the window's) mapped to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: view?.layer) }
    /// `point` mapped to another coordinate space (a view).
    open func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint { convert(point, to: coordinateSpace as? UIView) }
    /// `point` in another coordinate space (a view) mapped to this view.
    open func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint {
        convert(point, from: coordinateSpace as? UIView)
    }
    /// `rect` mapped to another coordinate space (a view).
    open func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect { convert(rect, to: coordinateSpace as? UIView) }
    /// `rect` in another coordinate space (a view) mapped to this view.
    open func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect { convert(rect, from: coordinateSpace as? UIView) }

    // MARK: Layout

    /// Lays out subviews; override to set their frames (the default applies autoresizing masks).
    open func layoutSubviews() {}
    /// Marks the view for layout at the next `layoutIfNeeded` or at the end of the current
    /// simulated moment.
    open func setNeedsLayout() { needsLayout = true }
    /// Lays out this view and its subviews now if marked; inside an animation block the frames
    /// it sets animate.
    open func layoutIfNeeded() {
        LayoutEngine.prepareLayout(from: self)
        layOutSubtree()
    }

    /// The layout pass of this view (if marked), then of its subviews: Auto Layout's solved
    /// frames are set on the subviews before `layoutSubviews` runs.
    private func layOutSubtree() {
        noteSafeAreaInsets()
        (self as? UIScrollView)?.followAdjustedContentInset()
        if needsLayout {
            needsLayout = false
            viewController?.viewWillLayoutSubviews()
            LayoutEngine.applySolvedFrames(toSubviewsOf: self)
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for subview in subviews { subview.layOutSubtree() }
    }
    /// The size the view's constraints give it nearest `targetSize`, each dimension pulled
    /// towards its target at its priority (`.required` fixes it).
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        LayoutEngine.fittingSize(of: self, target: targetSize, priorities: (horizontalFittingPriority, verticalFittingPriority))
    }

    /// Kept: constraints apply as they change; `updateConstraints` is called by
    /// `updateConstraintsIfNeeded` when `setNeedsUpdateConstraints` asked for it.
    open func updateConstraints() {}
    /// Asks for `updateConstraints` before the next layout pass.
    open func setNeedsUpdateConstraints() { layoutState.needsUpdateConstraints = true; LayoutEngine.invalidate(self) }
    /// False: views say so themselves by adding constraints.
    open class var requiresConstraintBasedLayout: Bool { false }
    /// The size the view would like in `size` (its current size by default).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits` its current size.
    open func sizeToFit() { bounds.size = sizeThatFits(bounds.size) }
    /// The natural size; `noIntrinsicMetric` (−1) in both dimensions by default.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// −1: no natural size in a dimension.
    public static let noIntrinsicMetric: CGFloat = -1
    /// Kept for API compatibility (no drawing pass).
    open func setNeedsDisplay() {}

    // MARK: Snapshots

    /// A view that shows this view's content and subviews (`snapshotView(afterScreenUpdates:)`),
    /// the size of its bounds. The recording draws the view as it is at the start of the
    /// transition; a view that is never in the window gives an empty snapshot, as on iOS.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let snapshot = UISnapshotView(source: self, rect: bounds, capInsets: .zero)
        snapshot.frame = CGRect(origin: .zero, size: bounds.size)
        return snapshot
    }
    /// A snapshot of the part `rect` of this view's bounds (`resizableSnapshotView(from:…)`):
    /// the source drawn clipped to `rect`, stretched with the snapshot's size. Cap insets are
    /// kept (the whole part stretches).
    open func resizableSnapshotView(from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets)
        -> UIView?
    {
        let snapshot = UISnapshotView(source: self, rect: rect, capInsets: capInsets)
        snapshot.frame = CGRect(origin: .zero, size: rect.size)
        return snapshot
    }
    /// Draws the view into the current image context (an image renderer's): the image shows
    /// this view (docs/UIKIT.md, the symbol table's "drawing views into images"). False when no
    /// context is open.
    @discardableResult
    open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool { drawIntoCurrentImage(self) }

    /// "<UIView: frame = …>", as UIKit prints views; "<UIView>" off the main actor, where the
    /// view's state cannot be read (`description` is NSObject's, not isolated).
    open override var description: String {
        guard Thread.isMainThread else { return "<\(type(of: self))>" }
        return MainActor.assumeIsolated {
            "<\(type(of: self)): frame = \(frame)\(tag != 0 ? "; tag = \(tag)" : "")\(accessibilityIdentifier.map { "; identifier = \($0)" } ?? "")>"
        }
    }

    /// How errors name the view: its type and its accessibility identifier or tag.
    var recordingName: String {
        if let identifier = accessibilityIdentifier { return "\(recordingTypeName) '\(identifier)'" }
        return tag != 0 ? "\(recordingTypeName) (tag \(tag))" : recordingTypeName
    }
}

/// The view `snapshotView(afterScreenUpdates:)` returns: it draws another view's layer tree.
final class UISnapshotView: UIView {
    /// The view shown.
    let source: UIView
    /// The part of the source's bounds shown.
    let sourceRect: CGRect
    /// Cap insets of a resizable snapshot (kept).
    let capInsets: UIEdgeInsets
    /// The moment the snapshot was taken (the recorder's snapshot count).
    var takenAtMoment = 0
    /// The source's bounds when the snapshot was taken.
    let sourceBounds: CGRect
    /// The source's tree as it was drawn (its static state and each view's animatable values
    /// then, by record index), drawn instead of the source (a `CATransition`'s old content);
    /// nil: the source as it is at the start.
    var frozenContent: (node: Recorder.TreeNode, values: [Int: AnimatableState])?

    init(source: UIView, rect: CGRect, capInsets: UIEdgeInsets) {
        self.source = source; sourceRect = rect; self.capInsets = capInsets; sourceBounds = source.bounds
        super.init(frame: .zero)
        takenAtMoment = Recorder.current?.momentCount ?? 0
    }
    required init?(coder: NSCoder) { return nil }
}
