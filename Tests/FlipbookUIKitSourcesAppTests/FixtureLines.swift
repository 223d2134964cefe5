import Foundation
import XCTest

/// The fixture app's folder (Tests/Fixtures/uikit-app), whose files the plugin rewrites.
let fixtureApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/uikit-app")

/// The 1-based line of the first line of the fixture `file` (relative to the app's folder)
/// containing `text`: where errors and selectors made there must say they were made.
func fixtureLine(of text: String, in file: String) throws -> Int {
    let lines = try String(contentsOf: fixtureApp.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
    return try XCTUnwrap(lines.firstIndex { $0.contains(text) }, "\(text) in \(file)") + 1
}
