import XCTest
@testable import FlipbookMotion

/// The one "did you mean" matcher, for the command line and for files.
final class SuggestionsTests: XCTestCase {
    func testNearMissesAndTheirStyles() {
        XCTAssertEqual(Suggestions.nearest("springg", in: ["spring", "linear"]), ["spring"])
        XCTAssertEqual(Suggestions.nearest("zoom_push", in: ["push", "zoom-push"]), ["zoom-push"])
        XCTAssertEqual(Suggestions.nearest("easeinout", in: ["easeIn", "easeOut", "easeInEaseOut"]), ["easeInEaseOut"])
        XCTAssertEqual(Suggestions.nearest("fsp", in: ["fps", "out"]), ["fps"])
        XCTAssertEqual(Suggestions.nearest("bounce", in: ["spring", "linear"]), [])
        XCTAssertEqual(Suggestions.didYouMean("pushh", in: ["push", "pop"]), "; did you mean 'push'?")
        XCTAssertEqual(Suggestions.didYouMean("fsp", in: ["fps"], prefix: "--"), "; did you mean '--fps'?")
        XCTAssertEqual(Suggestions.fileHint("cornerRadious", in: ["opacity", "cornerRadius"]), #" (did you mean "cornerRadius"?)"#)
        XCTAssertEqual(Suggestions.fileHint("easeIt", in: ["easeIn", "easeOut"]), #" (did you mean "easeIn"?)"#)
        XCTAssertEqual(Suggestions.fileHint("pap", in: ["pop", "pip", "push"]), #" (did you mean "pop" or "pip"?)"#)
        XCTAssertEqual(Suggestions.fileHint("zzz", in: ["opacity"]), "")
    }
}
