public import Foundation

/// UIKit's `UIScrollView` as transitions see it: the content offset is the bounds' origin (so the
/// recorder draws the content shifted, and `convert` counts it), the content size, paging, and a
/// delegate. Scrolling by a finger is not simulated; set `contentOffset` (or call
/// `setContentOffset(_:animated:)`) to where the finger left it.
open class UIScrollView: UIView {
    /// The point of the content shown at the view's top-left: `bounds.origin`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            setNeedsLayout()
            KeyValueObservations.viewChanged(self)
            delegate?.scrollViewDidScroll(self)
        }
    }
    /// The size of the scrolled content, in points.
    open var contentSize: CGSize = .zero { didSet { KeyValueObservations.viewChanged(self) } }
    /// Extra space around the content (recorded; scrolling limits are not simulated).
    open var contentInset: UIEdgeInsets = .zero
    /// How the safe area adds to `contentInset` in `adjustedContentInset`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// `.scrollableAxes`, and top and bottom always for a scroll view that is the root view
        /// (or its first subview) of a view controller inside a navigation controller (UIKit's
        /// default; `UIScrollView.h`: "for backward compatibility will also adjust the top &
        /// bottom contentInset when the scroll view is owned by a view controller … inside a
        /// navigation controller, regardless of whether the scroll view is scrollable").
        case automatic = 0
        /// The safe area on the axes the content scrolls along (wider or taller than the view).
        case scrollableAxes = 1
        /// Never.
        case never = 2
        /// Every edge.
        case always = 3
    }
    /// `.automatic` by default, as UIKit.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// `contentInset` plus the safe area's insets the behavior takes, computed as UIKit does. A
    /// layout pass that finds it changed moves a scroll view resting at the old top (or left)
    /// edge — `contentOffset` at minus the old inset — to minus the new one, as UIKit does: a
    /// scroll view under a navigation bar starts at `contentOffset.y = -adjustedContentInset.top`,
    /// its content below the bar.
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        let vertical: Bool, horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: return contentInset
        case .always: vertical = true; horizontal = true
        case .scrollableAxes:
            vertical = contentSize.height > bounds.height; horizontal = contentSize.width > bounds.width
        case .automatic:
            let owner = viewController ?? superview?.viewController.flatMap { $0.view.subviews.first === self ? $0 : nil }
            let isControllersContent = owner?.navigationController != nil
            vertical = contentSize.height > bounds.height || isControllersContent; horizontal = contentSize.width > bounds.width
        }
        return UIEdgeInsets(
            top: contentInset.top + (vertical ? safe.top : 0), left: contentInset.left + (horizontal ? safe.left : 0),
            bottom: contentInset.bottom + (vertical ? safe.bottom : 0), right: contentInset.right + (horizontal ? safe.right : 0))
    }
    /// The `adjustedContentInset` the last layout pass saw (zero before the first).
    private var adjustedContentInsetSeen = UIEdgeInsets.zero

    /// Called when `adjustedContentInset` changed, at the layout pass that saw it (UIKit's hook).
    open func adjustedContentInsetDidChange() {}

    /// At a layout pass in a window: when `adjustedContentInset` changed, keeps a view resting at
    /// the old top or left edge at the new one (UIKit's behaviour) and tells the view.
    func followAdjustedContentInset() {
        guard window != nil else { return }
        let adjusted = adjustedContentInset, old = adjustedContentInsetSeen
        guard adjusted != old else { return }
        adjustedContentInsetSeen = adjusted
        var offset = contentOffset
        if offset.y == -old.top { offset.y = -adjusted.top }
        if offset.x == -old.left { offset.x = -adjusted.left }
        contentOffset = offset
        adjustedContentInsetDidChange()
    }

    /// Whether the view stops on multiples of its width (recorded; see `contentOffset`).
    open var isPagingEnabled = false
    /// Whether the view scrolls at all (recorded).
    open var isScrollEnabled = true
    /// Rubber-banding past the ends (recorded).
    open var bounces = true
    /// Recorded; scroll indicators are not drawn (they show only while scrolling).
    open var showsVerticalScrollIndicator = true
    /// Recorded; scroll indicators are not drawn (they show only while scrolling).
    open var showsHorizontalScrollIndicator = true
    /// Recorded.
    open var alwaysBounceVertical = false
    /// Recorded.
    open var alwaysBounceHorizontal = false
    /// Told when the offset changes. A collection or table view's delegate is this property too
    /// (its protocol refines `UIScrollViewDelegate`).
    open weak var delegate: UIScrollViewDelegate?

    /// Creates a scroll view; it clips its content, as UIKit's does.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    /// Not supported: there are no archives on Linux.
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported by FlipbookUIKit") }

    /// Sets the offset; `animated: true` animates it as a 0.3 s ease-in-out change of the bounds.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        if animated {
            UIView.animate(withDuration: 0.3) { self.contentOffset = contentOffset }
        } else {
            self.contentOffset = contentOffset
        }
    }
}

/// UIKit's `UIScrollViewDelegate`; every method is optional (empty by default).
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The offset changed.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A fling came to rest (call it yourself after setting the offset a swipe would reach).
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// The finger lifted.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
}
