import FlipbookModel
import Foundation
import XCTest

@testable import FlipbookUIKit

/// `UIImage(named:)` finding nothing is said, once per name, with where it looked: the app's code
/// rarely checks for nil (the asset catalog has the image on a device), and the frames would
/// show an empty image view without a word.
final class MissingImageTests: XCTestCase {
    @MainActor func testAMissingImageIsReportedWithTheFolderAndTheNamesLookedFor() async throws {
        var notes: [String] = []
        let standardError = Recorder.report
        Recorder.report = { notes.append($0) }
        defer { Recorder.report = standardError }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "missing-image-\(ProcessInfo.processInfo.globallyUniqueString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Transition.record(resources: folder) { window in
            window.addSubview(UIImageView(image: UIImage(named: "hero")))
            window.addSubview(UIImageView(image: UIImage(named: "hero"))) // the same name: said once
            XCTAssertNil(UIImage(named: "photos/raccoon.jpg"))
        }
        XCTAssertEqual(
            notes,
            [
                "FlipbookUIKit: UIImage(named: \"hero\") is nil: no file hero, hero@2x.png, hero@2x.jpg, hero@2x.jpeg, … in \(folder.path) "
                    + "(Transition.record's resources: folder), so the image view draws nothing",
                "FlipbookUIKit: UIImage(named: \"photos/raccoon.jpg\") is nil: no file photos/raccoon.jpg in \(folder.path) "
                    + "(Transition.record's resources: folder), so the image view draws nothing"
            ])
        notes = []
        _ = try Transition.record { window in window.addSubview(UIImageView(image: UIImage(named: "hero"))) }
        XCTAssertEqual(
            notes,
            [
                "FlipbookUIKit: UIImage(named: \"hero\") is nil: Transition.record has no resources: folder to look in, "
                    + "so the image view draws nothing"
            ])
        notes = []
        XCTAssertNil(UIImage(named: "hero"), "outside a recording")
        XCTAssertEqual(notes, [], "nothing is said outside a recording")
    }
}
