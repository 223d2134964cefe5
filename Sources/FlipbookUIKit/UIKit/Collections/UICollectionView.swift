public import Foundation

/// UIKit's `UICollectionViewCell`: a view with a `contentView` for your subviews. The collection
/// view makes registered cell classes with `init()` (that is `init(frame: .zero)`, which your
/// subclass's `override init(frame:)` answers), as UIKit makes them with `initWithFrame:`.
open class UICollectionViewCell: UIView {
    /// Where subviews go; it fills the cell.
    public let contentView = UIView()
    /// The identifier the cell was registered with.
    open internal(set) var reuseIdentifier: String?
    /// Whether the cell's item is selected.
    open var isSelected = false
    /// Whether the cell is highlighted (recorded).
    open var isHighlighted = false
    /// The layout values last applied to the cell (nil for a cell just dequeued).
    struct AppliedAttributes: Equatable {
        var alpha: CGFloat
        var isHidden: Bool
        var transform: CGAffineTransform
    }
    var appliedAttributes: AppliedAttributes?

    /// Creates a cell.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    /// Makes a registered cell class (UIKit's `initWithFrame:` with a zero frame).
    public required convenience init() { self.init(frame: .zero) }

    /// Not supported: there are no archives on Linux.
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported by FlipbookUIKit") }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    /// Called before the cell is handed out again by `dequeueReusableCell`.
    open func prepareForReuse() {}

    /// Takes the layout's attributes: frame, alpha, hidden, transform.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}

/// UIKit's `UICollectionViewDataSource`; `numberOfSections(in:)` defaults to 1.
@MainActor
public protocol UICollectionViewDataSource: AnyObject {
    /// Items in a section.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for an item: dequeue it with `dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// Sections (default 1).
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// UIKit's `UICollectionViewDelegate` (a scroll view delegate too); every method is optional.
@MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// The user tapped an item (call it yourself, after `selectItem(at:animated:scrollPosition:)`, to simulate a tap).
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// An item was deselected.
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// A cell is about to be shown.
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
    }
}

/// UIKit's `UICollectionView`: cells placed by a layout, made by a data source. Cells exist for
/// the items whose frames intersect the visible bounds (`contentOffset` and the view's size);
/// they are brought up to date whenever the view lays out and whenever `cellForItem(at:)`,
/// `visibleCells` or `indexPathsForVisibleItems` is asked, so an animator sees the cells the
/// screen shows.
open class UICollectionView: UIScrollView {
    /// The scrolling direction of a flow layout.
    public enum ScrollDirection: Int, Sendable {
        /// Lines are rows; the content scrolls up and down.
        case vertical
        /// Lines are columns; the content scrolls sideways.
        case horizontal
    }

    /// Where `scrollToItem(at:at:animated:)` puts the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout; setting it lays the items out again.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.attachedCollectionView = nil
            collectionViewLayout.attachedCollectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    /// Makes the cells.
    open weak var dataSource: UICollectionViewDataSource? {
        didSet { reloadData() }
    }
    /// Whether items can be selected.
    open var allowsSelection = true
    /// Whether several items can be selected.
    open var allowsMultipleSelection = false
    /// A view behind the cells (recorded).
    open var backgroundView: UIView?

    private var registeredClasses: [String: UICollectionViewCell.Type] = [:]
    private var reusableCells: [String: [UICollectionViewCell]] = [:]
    private var shownCells: [IndexPath: UICollectionViewCell] = [:]
    private var selectedItems: [IndexPath] = []
    private var counts: [Int]?
    private var isUpdatingCells = false

    /// Creates a collection view with a layout.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.attachedCollectionView = self
    }

    /// Not supported: there are no archives on Linux.
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported by FlipbookUIKit") }

    // MARK: Cells

    /// Registers the class that `dequeueReusableCell(withReuseIdentifier:for:)` makes for `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass = cellClass else { registeredClasses[identifier] = nil; return }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            preconditionFailure("register(_:forCellWithReuseIdentifier:): \(cellClass) is not a UICollectionViewCell subclass")
        }
        registeredClasses[identifier] = type
    }

    /// A cell for `indexPath`: a reused one or a new one of the registered class, already placed
    /// where the layout puts the item (so its `frame` is right inside `cellForItemAt`).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let cell: UICollectionViewCell
        if var queue = reusableCells[identifier], !queue.isEmpty {
            cell = queue.removeLast()
            reusableCells[identifier] = queue
            cell.appliedAttributes = nil
            cell.prepareForReuse()
        } else {
            guard let type = registeredClasses[identifier] else {
                preconditionFailure("could not dequeue a cell with identifier \(identifier): register a class for it first")
            }
            cell = type.init()
            cell.reuseIdentifier = identifier
        }
        if let attributes = layoutAttributesForItem(at: indexPath) {
            // Not in the window yet: its first frame is never an animation.
            UIView.performWithoutAnimation { place(cell, attributes) }
        }
        return cell
    }

    /// Sections, as the data source says.
    open var numberOfSections: Int { itemCounts.count }

    /// Items in `section`, as the data source says.
    open func numberOfItems(inSection section: Int) -> Int {
        let counts = itemCounts
        return counts.indices.contains(section) ? counts[section] : 0
    }

    private var itemCounts: [Int] {
        if let counts { return counts }
        guard let dataSource = dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        let fresh = (0..<max(0, sections)).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
        counts = fresh
        return fresh
    }

    /// Forgets every cell and asks the data source again.
    open func reloadData() {
        for (_, cell) in shownCells { enqueue(cell) }
        shownCells = [:]
        counts = nil
        selectedItems = []
        (collectionViewLayout as? UICollectionViewFlowLayout)?.measuredItemSizes = [:]
        collectionViewLayout.needsPrepare = true
        setNeedsLayout()
    }

    /// The cell shown for `indexPath`, or nil when the item is not on screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        updateVisibleCells()
        return shownCells[indexPath]
    }

    /// The cells on screen, in item order.
    open var visibleCells: [UICollectionViewCell] {
        updateVisibleCells()
        return shownCells.keys.sorted().compactMap { shownCells[$0] }
    }

    /// The index paths of the cells on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        updateVisibleCells()
        return shownCells.keys.sorted()
    }

    /// The index path of a cell on screen.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        updateVisibleCells()
        return shownCells.first { $0.value === cell }?.key
    }

    /// The layout's attributes of an item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
            ?? collectionViewLayout.layoutAttributesForElements(
                in: CGRect(origin: .zero, size: collectionViewLayout.collectionViewContentSize))?
            .first { $0.indexPath == indexPath }
    }

    // MARK: Selection

    /// The selected items, or nil when none is.
    open var indexPathsForSelectedItems: [IndexPath]? { selectedItems.isEmpty ? nil : selectedItems }

    /// Selects an item (without telling the delegate, as UIKit) and scrolls to it if asked.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath = indexPath else { selectedItems = []; return }
        if !allowsMultipleSelection { selectedItems = [] }
        if !selectedItems.contains(indexPath) { selectedItems.append(indexPath) }
        shownCells[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedItems.removeAll { $0 == indexPath }
        shownCells[indexPath]?.isSelected = false
    }

    /// Scrolls so the item sits at `scrollPosition` (not past the content's ends).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let size = bounds.size, content = collectionViewLayout.collectionViewContentSize
        var offset = contentOffset
        if scrollPosition.contains(.top) { offset.y = frame.minY }
        if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - size.height / 2 }
        if scrollPosition.contains(.bottom) { offset.y = frame.maxY - size.height }
        if scrollPosition.contains(.left) { offset.x = frame.minX }
        if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - size.width / 2 }
        if scrollPosition.contains(.right) { offset.x = frame.maxX - size.width }
        offset.x = max(0, min(offset.x, content.width - size.width))
        offset.y = max(0, min(offset.y, content.height - size.height))
        setContentOffset(offset, animated: animated)
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateVisibleCells()
    }

    private func prepareLayoutIfNeeded() {
        let layout = collectionViewLayout
        layout.attachedCollectionView = self
        if layout.needsPrepare {
            layout.needsPrepare = false
            layout.prepare()
            contentSize = layout.collectionViewContentSize
        }
    }

    /// Brings the shown cells in line with the visible bounds: new items get cells from the data
    /// source, items scrolled away give theirs back for reuse.
    func updateVisibleCells() {
        guard !isUpdatingCells, dataSource != nil else { return }
        isUpdatingCells = true
        defer { isUpdatingCells = false }
        // A self-sizing item measured at another size than it was placed with moves the others:
        // lay out again (measured sizes are kept, so this settles; bounded).
        for _ in 0..<4 where placeVisibleCells() {}
    }

    /// Places the cells on screen; true when a self-sizing item turned out another size.
    private func placeVisibleCells() -> Bool {
        var remeasured = false
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) && lastLaidOutBounds != bounds {
            collectionViewLayout.needsPrepare = true
        }
        lastLaidOutBounds = bounds
        prepareLayoutIfNeeded()
        let visible = bounds
        let all: [UICollectionViewLayoutAttributes] = collectionViewLayout.layoutAttributesForElements(in: visible) ?? []
        let wanted =
            all
            .filter { $0.frame.overlaps(visible) && numberOfItems(inSection: $0.indexPath.section) > $0.indexPath.item }
        let wantedPaths = Set(wanted.map(\.indexPath))
        for (path, cell) in shownCells where !wantedPaths.contains(path) {
            shownCells[path] = nil
            enqueue(cell)
        }
        for attributes in wanted.sorted(by: { ($0.zIndex, $0.indexPath) < ($1.zIndex, $1.indexPath) }) {
            if let cell = shownCells[attributes.indexPath] {
                place(cell, attributes)
                continue
            }
            guard let dataSource = dataSource else { break }
            let cell = dataSource.collectionView(self, cellForItemAt: attributes.indexPath)
            // A new cell appears in place, never animated from somewhere (as UIKit applies a cell's
            // first attributes), even when a layout pass runs inside an animation block.
            UIView.performWithoutAnimation {
                // Cells go under the collection view's other subviews (a patch an animator adds stays on top).
                let firstOther = subviews.firstIndex { !($0 is UICollectionViewCell) && $0 !== backgroundView } ?? subviews.count
                insertSubview(cell, at: firstOther)
                place(cell, attributes)
            }
            cell.isSelected = selectedItems.contains(attributes.indexPath)
            (delegate as? UICollectionViewDelegate)?.collectionView(self, willDisplay: cell, forItemAt: attributes.indexPath)
            shownCells[attributes.indexPath] = cell
        }
        // Self-sizing items: the size the cell's constraints give its content view.
        if let flow = collectionViewLayout as? UICollectionViewFlowLayout, flow.isSelfSizing {
            for attributes in wanted {
                guard let cell = shownCells[attributes.indexPath], LayoutEngine.hasConstraints(cell.contentView) else { continue }
                let fitted = cell.contentView.systemLayoutSizeFitting(attributes.frame.size)
                guard flow.measuredItemSizes[attributes.indexPath] != fitted else { continue }
                flow.measuredItemSizes[attributes.indexPath] = fitted
                if fitted != attributes.frame.size { remeasured = true; flow.needsPrepare = true }
            }
        }
        return remeasured
    }

    private var lastLaidOutBounds: CGRect?

    /// Puts a shown cell where its attributes say. Its `alpha`, `isHidden` and `transform` are
    /// set only when the attributes' values differ from those last applied to it (or it was just
    /// dequeued), as UIKit applies attributes only when they change: an animator's
    /// `cell.isHidden = true` stays through later layout passes until the layout says otherwise.
    private func place(_ cell: UICollectionViewCell, _ attributes: UICollectionViewLayoutAttributes) {
        cell.frame = attributes.frame
        let applied = UICollectionViewCell.AppliedAttributes(
            alpha: attributes.alpha, isHidden: attributes.isHidden, transform: attributes.transform)
        let last = cell.appliedAttributes
        if last?.alpha != applied.alpha { cell.alpha = applied.alpha }
        if last?.isHidden != applied.isHidden { cell.isHidden = applied.isHidden }
        if last?.transform != applied.transform, last != nil || applied.transform != .identity { cell.transform = applied.transform }
        cell.appliedAttributes = applied
        cell.apply(attributes)
        cell.setNeedsLayout()
        cell.layoutIfNeeded()
    }

    private func enqueue(_ cell: UICollectionViewCell) {
        cell.removeFromSuperview()
        reusableCells[cell.reuseIdentifier ?? "", default: []].append(cell)
    }
}
