import FlipbookText
import FlipbookUIKit
import Foundation
import XCTest

/// A cell whose content view pins a multi-line label 12 pt in from every edge.
private final class NoteCell: UITableViewCell {
    let note = UILabel()
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        note.numberOfLines = 0
        note.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(note)
        NSLayoutConstraint.activate([
            note.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
            note.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
            note.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            note.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12)
        ])
    }
    required init?(coder: NSCoder) { return nil }
}

private final class Notes: NSObject, UITableViewDataSource, UITableViewDelegate {
    let texts: [String]
    init(_ texts: [String]) { self.texts = texts }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath) as! NoteCell
        cell.note.text = texts[indexPath.row]
        return cell
    }
}

/// Self-sizing rows (`UITableView.automaticDimension`): a row on screen is as tall as its cell's
/// constraints make it at the table's width; the text heights come from the text engine here.
final class SelfSizingCellTests: XCTestCase {
    @MainActor func testRowsOnScreenAreAsTallAsTheirCellsConstraints() async throws {
        let long = "A note long enough to wrap over more than one line of a table as wide as a phone in portrait"
        let notes = Notes(["Short", long, "Short", "Short"])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 150))
        table.register(NoteCell.self, forCellReuseIdentifier: "note")
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 80
        table.dataSource = notes
        table.layoutIfNeeded()

        let typesetter = try Typesetter(fonts: FontCollection.system())
        func height(_ text: String) -> CGFloat {
            // The label wraps at 375 − 24 pt; its height rounded up to 2 px per point, plus 24 pt.
            let layout = typesetter.layout(
                text, style: TextStyle(sizePoints: 17), maxWidthPoints: 351, numberOfLines: 0, lineBreakMode: .truncateTail)
            return CGFloat((layout.heightPoints * 2 - 1e-9).rounded(.up) / 2) + 24
        }
        let short = height("Short"), tall = height(long)
        XCTAssertGreaterThan(tall, short + 10, "the long note wraps")
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)), CGRect(x: 0, y: 0, width: 375, height: short))
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)), CGRect(x: 0, y: short, width: 375, height: tall))
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame, CGRect(x: 0, y: short, width: 375, height: tall))
        let third = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)) as? NoteCell)
        XCTAssertEqual(third.frame.minY, short + tall)
        XCTAssertEqual(third.note.frame, CGRect(x: 12, y: 12, width: 351, height: short - 24))
        // Row 3 starts below the 150 pt screen: never measured, it keeps the estimate.
        XCTAssertGreaterThan(2 * short + tall, 150)
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 3, section: 0)).height, 80)
        XCTAssertEqual(table.contentSize.height, 2 * short + tall + 80)
    }
}

/// A collection cell 150 pt wide whose height is its tag's: 40 + 10 × the item's index.
private final class TagCell: UICollectionViewCell {
    let tag40 = UIView()
    var height: NSLayoutConstraint!
    override init(frame: CGRect) {
        super.init(frame: frame)
        tag40.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(tag40)
        height = tag40.heightAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([
            tag40.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            tag40.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            tag40.topAnchor.constraint(equalTo: contentView.topAnchor),
            tag40.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            tag40.widthAnchor.constraint(equalToConstant: 150), height
        ])
    }
    required init?(coder: NSCoder) { return nil }
}

private final class Tags: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TagCell
        cell.height.constant = 40 + 10 * CGFloat(indexPath.item)
        return cell
    }
}

/// Self-sizing collection view items (`estimatedItemSize`).
final class SelfSizingItemTests: XCTestCase {
    @MainActor func testItemsOnScreenAreTheSizeTheirCellsConstraintsGive() async throws {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = CGSize(width: 100, height: 100)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        let tags = Tags()
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 150), collectionViewLayout: layout)
        grid.register(TagCell.self, forCellWithReuseIdentifier: "tag")
        grid.dataSource = tags
        grid.layoutIfNeeded()
        // Two 150 pt items a line (150 + 10 + 150 ≤ 320; the 10 pt left over widens the gap):
        // line 1 is items 0 and 1 (40 and 50 tall, the first centred in the 50 pt line), line 2
        // items 2 and 3 from y = 60 (60 and 70 tall); line 3 starts at 140, under 150, so items 4
        // and 5 are measured too (80 and 90 tall).
        XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 0, section: 0))?.frame, CGRect(x: 0, y: 5, width: 150, height: 40))
        XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 1, section: 0))?.frame, CGRect(x: 170, y: 0, width: 150, height: 50))
        XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 3, section: 0))?.frame, CGRect(x: 170, y: 60, width: 150, height: 70))
        XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 5, section: 0))?.frame, CGRect(x: 170, y: 140, width: 150, height: 90))
        XCTAssertEqual(grid.contentSize.height, 230)
    }
}
