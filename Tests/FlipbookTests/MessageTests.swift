import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// Numbers in messages read differently when they differ.
final class MessageTests: XCTestCase {
    func testMegapixelsGetTheDigitsThatMakeThemDiffer() {
        XCTAssertEqual(ImageStoreError.megapixels(500_000_000, 400_000_000).0, "500.0")
        XCTAssertEqual(ImageStoreError.megapixels(400_000_001, 400_000_000).0, "400.000001")
        XCTAssertEqual(ImageStoreError.megapixels(400_040_000, 400_000_000).1, "400.00")
        let error = ImageStoreError.overBudget(totalPixels: 400_000_001, budgetPixels: 400_000_000, largest: [])
        XCTAssertTrue(
            "\(error)".hasPrefix(
                "the images of this job need 400.000001 megapixels decoded (with their pyramids), more than the budget of 400.000000 megapixels"
            ), "\(error)")
    }
}
