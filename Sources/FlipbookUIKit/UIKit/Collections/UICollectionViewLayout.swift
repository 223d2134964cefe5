public import Foundation

/// UIKit's `UICollectionViewLayoutAttributes`: where a cell goes.
@MainActor
open class UICollectionViewLayoutAttributes: NSObject {
    /// The item's index path.
    open var indexPath: IndexPath
    /// The cell's frame in the collection view's content coordinates.
    open var frame: CGRect = .zero
    /// The frame's centre (setting it moves the frame).
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The frame's size (setting it keeps the centre).
    open var size: CGSize {
        get { frame.size }
        set {
            let c = center;
            frame = CGRect(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2, width: newValue.width, height: newValue.height)
        }
    }
    /// The cell's opacity.
    open var alpha: CGFloat = 1
    /// Whether the cell is hidden.
    open var isHidden = false
    /// The cell's stacking order among cells (higher on top).
    open var zIndex = 0
    /// The cell's transform.
    open var transform: CGAffineTransform = .identity

    /// Attributes for the cell at `indexPath`.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        super.init()
    }
}

/// UIKit's `UICollectionViewLayout`: subclass it and override `prepare()`,
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`. The collection view calls `prepare()` before it first needs
/// attributes and again after `invalidateLayout()` (or `reloadData()`).
@MainActor
open class UICollectionViewLayout: NSObject {
    weak var attachedCollectionView: UICollectionView?
    var needsPrepare = true

    /// Creates a layout.
    public override init() { super.init() }

    /// The collection view using this layout.
    open var collectionView: UICollectionView? { attachedCollectionView }

    /// Computes the layout; called before attributes are asked for.
    open func prepare() {}

    /// The size of the whole content.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element that intersects `rect` (content coordinates).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of one item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether a change of the bounds (a scroll) needs a new layout.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Marks the layout stale: `prepare()` runs again before attributes are next needed.
    open func invalidateLayout() {
        needsPrepare = true
        attachedCollectionView?.setNeedsLayout()
    }
}

/// UIKit's `UICollectionViewFlowLayout`: items in lines (rows when scrolling vertically, columns
/// when scrolling horizontally), `minimumInteritemSpacing` apart within a line and
/// `minimumLineSpacing` between lines, inside `sectionInset`. As UIKit does, a line's extra room
/// is shared out between its items (the first and last touch the insets), and a line with one
/// item centres it. Sizes, spacings and insets come from the delegate's
/// `UICollectionViewDelegateFlowLayout` methods, which default to these properties.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The default item size (50×50, UIKit's).
    open var itemSize = CGSize(width: 50, height: 50)
    /// Space between lines (10, UIKit's default).
    open var minimumLineSpacing: CGFloat = 10
    /// Least space between items of a line (10, UIKit's default).
    open var minimumInteritemSpacing: CGFloat = 10
    /// Space around each section's items.
    open var sectionInset: UIEdgeInsets = .zero
    /// Which way the content scrolls.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// Non-zero: items size themselves. An item on screen whose cell's content view holds
    /// constraints is as large as `systemLayoutSizeFitting` makes the content view (pulled
    /// weakly towards this size); items not shown yet are this size (`automaticSize`: `itemSize`).
    open var estimatedItemSize: CGSize = .zero {
        didSet { if estimatedItemSize != oldValue { measuredItemSizes = [:]; invalidateLayout() } }
    }
    /// `estimatedItemSize` meaning "estimate it yourself" (here: `itemSize` until measured).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
    /// Sizes of self-sizing items measured on screen.
    var measuredItemSizes: [IndexPath: CGSize] = [:]
    /// Whether items size themselves (`estimatedItemSize` is set).
    var isSelfSizing: Bool { estimatedItemSize != .zero }

    private var attributes: [UICollectionViewLayoutAttributes] = []
    private var contentSize: CGSize = .zero

    /// Creates a flow layout with UIKit's defaults.
    public override init() { super.init() }

    /// A tolerance for "fits in the line": (W − 4·5)/3 three times plus two gutters is the width
    /// again only up to rounding, and such grids must keep three to a row.
    static let fitTolerancePoints: CGFloat = 1e-6

    open override func prepare() {
        attributes = []
        guard let collectionView = collectionView else { contentSize = .zero; return }
        let vertical = scrollDirection == .vertical
        let flowDelegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        let bounds = collectionView.bounds.size
        // Along the line (across the scrolling) and across lines (along the scrolling).
        var lineStart: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let inset = flowDelegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing =
                flowDelegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let itemSpacing =
                flowDelegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? minimumInteritemSpacing
            let leading = vertical ? inset.left : inset.top
            let available = (vertical ? bounds.width - inset.left - inset.right : bounds.height - inset.top - inset.bottom)
            lineStart += vertical ? inset.top : inset.left
            let count = collectionView.numberOfItems(inSection: section)
            var sizes: [CGSize] = []
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                if isSelfSizing {
                    sizes.append(measuredItemSizes[path] ?? (estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize))
                } else {
                    sizes.append(flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: path) ?? itemSize)
                }
            }
            var item = 0
            var firstLine = true
            while item < count {
                if !firstLine { lineStart += lineSpacing }
                firstLine = false
                // Fill a line.
                var end = item, used: CGFloat = 0
                while end < count {
                    let length = vertical ? sizes[end].width : sizes[end].height
                    let next = used + (end > item ? itemSpacing : 0) + length
                    if end > item && next > available + UICollectionViewFlowLayout.fitTolerancePoints { break }
                    used = next
                    end += 1
                }
                let members = item..<end
                let total = members.reduce(CGFloat(0)) { $0 + (vertical ? sizes[$1].width : sizes[$1].height) }
                let depth = members.map { vertical ? sizes[$0].height : sizes[$0].width }.max() ?? 0
                let gap = members.count > 1 ? max(itemSpacing, (available - total) / CGFloat(members.count - 1)) : 0
                var along = members.count == 1 ? leading + (available - total) / 2 : leading
                for index in members {
                    let size = sizes[index]
                    let length = vertical ? size.width : size.height
                    let thickness = vertical ? size.height : size.width
                    // Items shorter than the line are centred across it, as UIKit does.
                    let across = lineStart + (depth - thickness) / 2
                    let attribute = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: index, section: section))
                    attribute.frame =
                        vertical
                        ? CGRect(x: along, y: across, width: size.width, height: size.height)
                        : CGRect(x: across, y: along, width: size.width, height: size.height)
                    attributes.append(attribute)
                    along += length + gap
                }
                lineStart += depth
                item = end
            }
            lineStart += vertical ? inset.bottom : inset.right
        }
        contentSize = vertical ? CGSize(width: bounds.width, height: lineStart) : CGSize(width: lineStart, height: bounds.height)
    }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes.filter { $0.frame.overlaps(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.indexPath == indexPath }
    }
}

/// UIKit's `UICollectionViewDelegateFlowLayout`; each method defaults to the layout's property.
@MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// An item's size.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    /// A section's inset.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    ) -> UIEdgeInsets
    /// A section's line spacing.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    /// A section's item spacing.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    ) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
}
