import Flipbook
import FlipbookTesting
import Testing
// The example of docs/GOLDENS.md, compiled and run as part of the test suite. Its references
// are committed in __Goldens__/BadgeGoldenTests/.
import XCTest

/// A 48×32 badge: a system-blue bar on white. Any PremultipliedImage will do: a frame from
/// `RenderJob.renderFrame(_:)`, a decoded PNG, an image you drew on a `Canvas`.
func makeBadge() -> PremultipliedImage {
    let white = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)
    let blue = PremultipliedPixel(red: 0, green: 122, blue: 255, alpha: 255)
    var image = PremultipliedImage(width: 48, height: 32, fill: white)
    for y in 8..<24 {
        for x in 8..<40 { image[x, y] = blue }
    }
    return image
}

// XCTest
final class BadgeGoldenTests: XCTestCase {
    func testBadge() {
        assertGolden(of: makeBadge(), as: .image, named: "badge")
    }

    func testBadgeWithTolerance() {
        // Up to 2 levels per channel, and 0.1% of the pixels may differ by more.
        assertGolden(of: makeBadge(), as: .image(tolerance: 2, maxDifferingFraction: 0.001), named: "badge")
    }
}

// Swift Testing: the same assertion, which reports through the framework that runs it
@Test func badgeMatchesItsGolden() {
    assertGolden(of: makeBadge(), as: .image, named: "badge")
}

// Swift Testing, the record mode set for the whole test by a trait
@Test(.goldens(record: .never)) func badgeIsCheckedNeverRecorded() {
    assertGolden(of: makeBadge(), as: .image, named: "badge")
}

// Any framework, through the check itself
@Test func badgeMatchesItsGoldenViaVerify() {
    let result = verifyGolden(of: makeBadge(), as: .image, named: "badge")
    #expect(result.passed, "\(result.message)")
}
