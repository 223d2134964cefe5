public import Foundation

/// UIKit's `UITableViewCell` with its default styles: `.default` (image and one label),
/// `.subtitle` (a label and a smaller grey one under it), `.value1` (a label and a grey one at
/// the right) and `.value2` (a small blue label and a label beside it). Labels are laid out with
/// UIKit's metrics on an iPhone: 15 pt side inset, 17 pt text, 12 pt subtitles.
open class UITableViewCell: UIView {
    /// The default cell styles.
    public enum CellStyle: Int, Sendable {
        /// An image view on the left and a label.
        case `default`
        /// A label and a grey label to its right.
        case value1
        /// A small blue label and a label beside it.
        case value2
        /// A label and a smaller grey label under it.
        case subtitle
    }

    /// Separator styles.
    public enum SeparatorStyle: Int, Sendable {
        /// No separators.
        case none
        /// One-pixel lines.
        case singleLine
        /// Drawn as `singleLine` (UIKit no longer etches).
        case singleLineEtched
    }

    /// The cell's style.
    public let style: CellStyle
    /// The identifier the cell was made with.
    open internal(set) var reuseIdentifier: String?
    /// Where custom subviews go.
    public let contentView = UIView()
    private let mainLabel = UILabel()
    private let secondaryLabel = UILabel()
    private let leadingImageView = UIImageView()
    /// The main label.
    open var textLabel: UILabel? { mainLabel }
    /// The secondary label (nil in the `.default` style, as UIKit).
    open var detailTextLabel: UILabel? { style == .default ? nil : secondaryLabel }
    /// The image view on the left.
    open var imageView: UIImageView? { leadingImageView }
    /// The left inset of the separator under the cell.
    open var separatorInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0)

    /// A cell in a style.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = UIColor.white
        addSubview(contentView)
        mainLabel.font = UIFont.systemFont(ofSize: style == .value2 ? 12 : 17)
        mainLabel.textColor = style == .value2 ? UIColor.systemBlue : UIColor.black
        secondaryLabel.font = UIFont.systemFont(ofSize: style == .subtitle ? 12 : 17)
        secondaryLabel.textColor = style == .value2 ? UIColor.black : UIColor.gray
        contentView.addSubview(leadingImageView)
        contentView.addSubview(mainLabel)
        contentView.addSubview(secondaryLabel)
    }

    /// A `.default` cell (what `register(_:forCellReuseIdentifier:)` makes).
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Makes a registered cell class.
    public required convenience init() { self.init(style: .default, reuseIdentifier: nil) }

    /// Not supported: there are no archives on Linux.
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported by FlipbookUIKit") }

    /// Called before the cell is handed out again.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        let inset: CGFloat = 15, height = bounds.height
        var left = inset
        if leadingImageView.image != nil, style != .value2 {
            // A square image the cell's height less 4 pt, then 15 pt to the text.
            let side = max(0, height - 4)
            leadingImageView.frame = CGRect(x: inset, y: 2, width: side, height: side)
            left += side + inset
        } else {
            leadingImageView.frame = .zero
        }
        let width = max(0, bounds.width - left - inset)
        switch style {
        case .default:
            mainLabel.frame = CGRect(x: left, y: 0, width: width, height: height)
            secondaryLabel.frame = .zero
        case .subtitle:
            // 20.5 + 14.5 pt lines, centred as a pair (UIKit's 17/12 pt fonts).
            let top = (height - 35) / 2
            mainLabel.frame = CGRect(x: left, y: top, width: width, height: 20.5)
            secondaryLabel.frame = CGRect(x: left, y: top + 20.5, width: width, height: 14.5)
        case .value1:
            mainLabel.frame = CGRect(x: left, y: 0, width: width / 2, height: height)
            secondaryLabel.frame = CGRect(x: left + width / 2, y: 0, width: width / 2, height: height)
            secondaryLabel.textAlignment = .right
        case .value2:
            // UIKit's value2 puts the small label in a fixed column about a quarter of the width.
            let column = (bounds.width * 0.24).rounded()
            mainLabel.frame = CGRect(x: left, y: 0, width: column - left, height: height)
            mainLabel.textAlignment = .right
            secondaryLabel.frame = CGRect(x: column + 6, y: 0, width: max(0, bounds.width - column - 6 - inset), height: height)
        }
    }
}

/// UIKit's `UITableViewDataSource`; `numberOfSections(in:)` defaults to 1.
@MainActor
public protocol UITableViewDataSource: AnyObject {
    /// Rows in a section.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell of a row.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// Sections (default 1).
    func numberOfSections(in tableView: UITableView) -> Int
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
}

/// UIKit's `UITableViewDelegate` (a scroll view delegate too); every method is optional.
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// A row's height (default: the table's `rowHeight`).
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A row was tapped.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

/// UIKit's `UITableView` (plain style): rows stacked at their heights with one-pixel separators,
/// cells for the rows on screen, made by the data source.
open class UITableView: UIScrollView {
    /// Table styles.
    public enum Style: Int, Sendable {
        /// Rows edge to edge.
        case plain
        /// Recorded; drawn as `plain`.
        case grouped
    }

    /// `rowHeight` meaning "as tall as the content": a row on screen whose cell's content view
    /// holds constraints is as tall as they make it at the table's width (`systemLayoutSizeFitting`);
    /// other rows are `estimatedRowHeight` tall.
    public static let automaticDimension: CGFloat = -1

    /// The style.
    public let style: Style
    /// Makes the cells.
    open weak var dataSource: UITableViewDataSource? {
        didSet { reloadData() }
    }
    /// Row height in points (44, UIKit's default).
    open var rowHeight: CGFloat = 44
    /// The height of `automaticDimension` rows not measured yet (off screen, or without constraints).
    open var estimatedRowHeight: CGFloat = 44
    /// Separator lines between rows.
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine
    /// The separators' colour (UIKit's light grey).
    open var separatorColor: UIColor? = UIColor(white: 0.78, alpha: 1)

    private var registered: [String: UITableViewCell.Type] = [:]
    private var reusable: [String: [UITableViewCell]] = [:]
    private var shown: [IndexPath: UITableViewCell] = [:]
    private var separators: [UIView] = []
    private var isUpdating = false
    /// Heights of self-sizing rows, measured when they were on screen.
    private var measuredHeights: [IndexPath: CGFloat] = [:]

    /// A plain table.
    public override init(frame: CGRect) {
        style = .plain
        super.init(frame: frame)
        backgroundColor = UIColor.white
    }

    /// A table in a style.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = UIColor.white
    }

    /// Not supported: there are no archives on Linux.
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported by FlipbookUIKit") }

    /// Registers the class `dequeueReusableCell(withIdentifier:for:)` makes.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass = cellClass else { registered[identifier] = nil; return }
        guard let type = cellClass as? UITableViewCell.Type else {
            preconditionFailure("register(_:forCellReuseIdentifier:): \(cellClass) is not a UITableViewCell subclass")
        }
        registered[identifier] = type
    }

    /// A reused cell or a new one of the registered class.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        preconditionFailure("could not dequeue a cell with identifier \(identifier): register a class for it first")
    }

    /// A reused cell, a new one of the registered class, or nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var queue = reusable[identifier], !queue.isEmpty {
            let cell = queue.removeLast()
            reusable[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        guard let type = registered[identifier] else { return nil }
        let cell = type.init()
        cell.reuseIdentifier = identifier
        return cell
    }

    /// Forgets every cell and asks the data source again.
    open func reloadData() {
        for (_, cell) in shown { cell.removeFromSuperview(); reusable[cell.reuseIdentifier ?? "", default: []].append(cell) }
        shown = [:]
        measuredHeights = [:]
        setNeedsLayout()
    }

    /// The cell shown for a row, or nil when it is off screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        updateVisibleRows()
        return shown[indexPath]
    }

    /// The cells on screen, top to bottom.
    open var visibleCells: [UITableViewCell] {
        updateVisibleRows()
        return shown.keys.sorted().compactMap { shown[$0] }
    }

    /// A row's rect in the table's content coordinates.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        rowFrames().first { $0.path == indexPath }?.frame ?? .zero
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateVisibleRows()
    }

    private func rowFrames() -> [(path: IndexPath, frame: CGRect, isSelfSizing: Bool)] {
        guard let dataSource = dataSource else { return [] }
        let tableDelegate = delegate as? UITableViewDelegate
        var frames: [(IndexPath, CGRect, Bool)] = []
        var y: CGFloat = 0
        for section in 0..<max(0, dataSource.numberOfSections(in: self)) {
            for row in 0..<max(0, dataSource.tableView(self, numberOfRowsInSection: section)) {
                let path = IndexPath(row: row, section: section)
                var height = tableDelegate?.tableView(self, heightForRowAt: path) ?? rowHeight
                let isSelfSizing = height == UITableView.automaticDimension
                if isSelfSizing { height = measuredHeights[path] ?? estimatedRowHeight }
                frames.append((path, CGRect(x: 0, y: y, width: bounds.width, height: height), isSelfSizing))
                y += height
            }
        }
        contentSize = CGSize(width: bounds.width, height: y)
        return frames
    }

    private func updateVisibleRows() {
        guard !isUpdating, dataSource != nil else { return }
        isUpdating = true
        defer { isUpdating = false }
        // A self-sizing row measured at another height than it was placed with moves the rows
        // after it: place them again (measured heights are kept, so this settles; bounded).
        for _ in 0..<4 where placeVisibleRows() {}
    }

    /// Places the rows on screen; true when a self-sizing row turned out another height.
    private func placeVisibleRows() -> Bool {
        guard let dataSource = dataSource else { return false }
        var remeasured = false
        let visible = bounds
        let rows = rowFrames().filter { $0.frame.overlaps(visible) }
        let paths = Set(rows.map(\.path))
        for (path, cell) in shown where !paths.contains(path) {
            shown[path] = nil
            cell.removeFromSuperview()
            reusable[cell.reuseIdentifier ?? "", default: []].append(cell)
        }
        for separator in separators { separator.removeFromSuperview() }
        separators = []
        let hairline = 1 / UIScreen.main.scale
        for row in rows {
            let cell: UITableViewCell
            if let existing = shown[row.path] {
                cell = existing
                cell.frame = row.frame
            } else {
                cell = dataSource.tableView(self, cellForRowAt: row.path)
                // A new row appears in place, never animated (see UICollectionView).
                UIView.performWithoutAnimation {
                    addSubview(cell)
                    cell.frame = row.frame
                }
                shown[row.path] = cell
            }
            if row.isSelfSizing, LayoutEngine.hasConstraints(cell.contentView) {
                let fitted = cell.contentView.systemLayoutSizeFitting(
                    CGSize(width: bounds.width, height: 0), withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel
                ).height
                if measuredHeights[row.path] != fitted {
                    measuredHeights[row.path] = fitted
                    remeasured = remeasured || fitted != row.frame.height
                }
            }
            cell.setNeedsLayout()
            cell.layoutIfNeeded()
            if separatorStyle != .none {
                // UIKit draws the line inside the bottom of the row, from the cell's separator inset.
                let line = UIView(
                    frame: CGRect(
                        x: cell.separatorInset.left, y: row.frame.maxY - hairline,
                        width: max(0, bounds.width - cell.separatorInset.left - cell.separatorInset.right), height: hairline))
                line.backgroundColor = separatorColor
                UIView.performWithoutAnimation { addSubview(line) }
                separators.append(line)
            }
        }
        return remeasured
    }
}
