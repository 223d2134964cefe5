import FlipbookModel
import FlipbookUIKit
import XCTest

/// A data source of `count` plain cells in one section.
private final class Items: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    let count: Int
    private(set) var made = 0
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        made += 1
        return collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// Rows of a table.
private final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "row \(indexPath.row)"
        return cell
    }
}

final class CollectionsTests: XCTestCase {
    /// The modal browser's grid: 3 squares a row, 5 pt gutters, on a 375 × 603 view.
    @MainActor
    private func squareGrid(items: Items) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        let side = (375.0 - 20) / 3
        layout.itemSize = CGSize(width: side, height: side)
        layout.minimumInteritemSpacing = 5
        layout.minimumLineSpacing = 5
        layout.sectionInset = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        let view = UICollectionView(frame: CGRect(x: 0, y: 64, width: 375, height: 603), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = items
        view.delegate = items
        return view
    }

    @MainActor func testFlowLayoutKeepsThreeSquaresARowWithFivePointGutters() async throws {
        let items = Items(count: 16)
        let grid = squareGrid(items: items)
        let side = 355.0 / 3 // 118.33…
        let frame = try XCTUnwrap(grid.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame)
        XCTAssertEqual(frame.minX, 5 + (side + 5), accuracy: 1e-9) // row 1, column 1
        XCTAssertEqual(frame.minY, 5 + (side + 5), accuracy: 1e-9)
        XCTAssertEqual(frame.width, side, accuracy: 1e-12)
        // 16 items: 6 rows; 5 + 6 sides + 5 gaps + 5.
        XCTAssertEqual(grid.collectionViewLayout.collectionViewContentSize.height, 10 + 6 * side + 25, accuracy: 1e-9)
    }

    @MainActor func testCellsExistOnlyForItemsOnScreen() async {
        let items = Items(count: 16)
        let grid = squareGrid(items: items)
        // Rows 0–4 reach 5 + 5·123.33 = 621.7 > 603, so row 4 shows in part; row 5 (items 15) does not.
        XCTAssertEqual(grid.indexPathsForVisibleItems.map(\.item), Array(0..<15))
        XCTAssertNil(grid.cellForItem(at: IndexPath(item: 15, section: 0)))
        XCTAssertNotNil(grid.cellForItem(at: IndexPath(item: 14, section: 0)))
        // Scrolled by 200, row 0 (0…123.3) is gone and row 5 (621.7…740) shows.
        grid.contentOffset = CGPoint(x: 0, y: 200)
        XCTAssertNil(grid.cellForItem(at: IndexPath(item: 0, section: 0)))
        XCTAssertNotNil(grid.cellForItem(at: IndexPath(item: 15, section: 0)))
        // Cells handed back on the way are reused: 15 made at first, then row 5's one from the queue.
        XCTAssertEqual(items.made, 16)
        XCTAssertEqual(grid.subviews.filter { $0 is UICollectionViewCell }.count, grid.visibleCells.count)
    }

    @MainActor func testACellIsPlacedWhereTheLayoutSaysAndConvertCountsTheOffset() async throws {
        let items = Items(count: 16)
        let grid = squareGrid(items: items)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        window.addSubview(grid)
        grid.contentOffset = CGPoint(x: 0, y: 100)
        let cell = try XCTUnwrap(grid.cellForItem(at: IndexPath(item: 4, section: 0)))
        let side = 355.0 / 3
        XCTAssertEqual(cell.frame.minY, 10 + side, accuracy: 1e-9)
        // In the window: 64 (the view's top) + 128.33 − 100.
        XCTAssertEqual(grid.convert(cell.frame, to: window).minY, 64 + 10 + side - 100, accuracy: 1e-9)
    }

    @MainActor func testHorizontalPagingLayoutPutsPageKAtKScreenWidths() async throws {
        // The waterfall app's detail: pages (W − 10) × (H − 64), 10 apart, inset 5 at the sides.
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 365, height: 603)
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        let pager = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 603), collectionViewLayout: layout)
        let items = Items(count: 16)
        pager.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        pager.dataSource = items
        for k in [0, 1, 7, 15] {
            XCTAssertEqual(
                try XCTUnwrap(pager.layoutAttributesForItem(at: IndexPath(item: k, section: 0))).frame,
                CGRect(x: 5 + 375 * Double(k), y: 0, width: 365, height: 603))
        }
        XCTAssertEqual(pager.collectionViewLayout.collectionViewContentSize.width, 16 * 375)
        pager.contentOffset = CGPoint(x: 375 * 7, y: 0)
        XCTAssertEqual(pager.indexPathsForVisibleItems.map(\.item), [7])
    }

    @MainActor func testALineOfOneItemIsCentred() async throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        let items = Items(count: 1)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = items
        XCTAssertEqual(try XCTUnwrap(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame.minX, 137.5)
    }

    /// An animator hides the tapped cell under its flying snapshot: UIKit applies a cell's layout
    /// attributes only when they change, so the cell stays hidden through later layout passes
    /// (and `cellForItem(at:)`), until the layout's own values change.
    @MainActor func testAHiddenCellStaysHiddenThroughLayoutPasses() async throws {
        let items = Items(count: 16)
        let grid = squareGrid(items: items)
        let path = IndexPath(item: 4, section: 0)
        let transition = try Transition.record(device: .iPhone8) { window in
            window.addSubview(grid)
            window.layoutIfNeeded()
            let cell = try XCTUnwrap(grid.cellForItem(at: path))
            cell.accessibilityIdentifier = "tapped"
            cell.isHidden = true
            grid.setNeedsLayout()
            grid.layoutIfNeeded()
            XCTAssertTrue(try XCTUnwrap(grid.cellForItem(at: path)).isHidden)
            UIView.animate(
                withDuration: 0.3, animations: { grid.alpha = 0.5 },
                completion: { _ in
                    // A layout pass runs after the completion too.
                    cell.isHidden = false
                })
        }
        let recorded = try TransitionAnimator(transition)
        XCTAssertTrue(try XCTUnwrap(recorded.layer(named: "tapped", in: recorded.window(atSeconds: 0.15, isFinal: false))).isHidden)
        XCTAssertFalse(try XCTUnwrap(recorded.layer(named: "tapped", in: recorded.window(atSeconds: 0.3, isFinal: true))).isHidden)
    }

    @MainActor func testSelectionIsKeptUntilDeselected() async {
        let items = Items(count: 4)
        let grid = squareGrid(items: items)
        XCTAssertNil(grid.indexPathsForSelectedItems)
        grid.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        XCTAssertEqual(grid.indexPathsForSelectedItems, [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected, true)
        grid.deselectItem(at: IndexPath(item: 2, section: 0), animated: false)
        XCTAssertNil(grid.indexPathsForSelectedItems)
    }

    @MainActor func testTableRowsAndSeparators() async throws {
        let rows = Rows()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 200))
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 52
        table.dataSource = rows
        // 200 / 52: rows 0…3 show (row 3 from 156 to 208).
        XCTAssertEqual(table.visibleCells.count, 4)
        let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 3, section: 0)))
        XCTAssertEqual(cell.frame, CGRect(x: 0, y: 156, width: 375, height: 52))
        XCTAssertEqual(cell.textLabel?.text, "row 3")
        XCTAssertEqual(cell.textLabel?.frame.minX, 15)
        XCTAssertNil(table.cellForRow(at: IndexPath(row: 4, section: 0)))
        XCTAssertEqual(table.contentSize.height, 20 * 52)
        XCTAssertEqual(IndexPath(row: 3, section: 1).section, 1)
    }
}
