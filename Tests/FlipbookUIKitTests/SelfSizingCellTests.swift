import Foundation
import XCTest
import FlipbookUIKit
import FlipbookText

/// A cell whose content view pins a multi-line label 12 pt in from every edge.
private final class NoteCell: UITableViewCell {
    let note = UILabel()
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        note.numberOfLines = 0
        note.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(note)
        NSLayoutConstraint.activate([note.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
                                     note.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
                                     note.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
                                     note.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12)])
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
            let layout = typesetter.layout(text, style: TextStyle(sizePoints: 17), maxWidthPoints: 351, numberOfLines: 0, lineBreakMode: .truncateTail)
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
