import FlipbookGeometry
import XCTest

@testable import FlipbookFormats

/// A manifest's field error keeps a setting its problem names apart (`SettingText`), so the
/// command line can print the option that sets it instead of the library's setting name.
final class ManifestErrorFieldTests: XCTestCase {
    func testAFieldProblemNamingASettingKeepsTheSetting() {
        XCTAssertThrowsError(
            try PhotoManifest.fields(of: .object([]), path: "m.json") { root -> Int in
                throw root.fail("outside the manifest's folder (\(field: .sandboxPhotos))")
            }
        ) { error in
            guard case let .invalidField(path, field, problem)? = error as? ManifestError else {
                return XCTFail("not a field error: \(error)")
            }
            XCTAssertEqual(path, "m.json")
            XCTAssertEqual(field, "$")
            XCTAssertEqual(problem, "outside the manifest's folder (\(field: .sandboxPhotos))")
            // A reader that names settings its own way (the CLI: by flag) sees the setting.
            let named = (error as? ManifestError)?.message.text { "<\($0.rawValue)>" }
            XCTAssertEqual(named, "m.json: $: outside the manifest's folder (<sandboxPhotos>)")
        }
    }
}
