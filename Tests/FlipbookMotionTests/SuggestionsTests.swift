import FlipbookGeometry
import FlipbookSupport
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

    func testLongNamesCostLinearTimeAndGetNoSuggestion() {
        // A 20,000-letter name against one a letter longer was 4·10⁸ steps of edit distance.
        let long = String(repeating: "b", count: 20_000)
        let start = ContinuousClock.now
        XCTAssertEqual(Suggestions.nearest(long, in: [long + "c", "box"]), [])
        XCTAssertEqual(Suggestions.nearest("bxo", in: [long, long + "x", "box"]), ["box"])
        XCTAssertEqual(Suggestions.fileHint(String(repeating: "é", count: 4_000_000), in: ["opacity"]), "")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
        // Up to the limit a near miss is still found; beyond it, not.
        let name = String(repeating: "layer", count: Suggestions.maximumTypedLength / 5)
        XCTAssertEqual(Suggestions.nearest(name + "x", in: [name]), [])
        XCTAssertEqual(Suggestions.nearest(String(name.dropLast()) + "x", in: [name]), [name])
        // Lengths far apart are skipped, abbreviations kept.
        XCTAssertEqual(Suggestions.nearest("pushhhhh", in: ["push"]), [])
        XCTAssertEqual(Suggestions.nearest("easeinout", in: ["easeInEaseOut"]), ["easeInEaseOut"])
    }

    func testSuggestedNamesFromAFileAreQuotedSafely() {
        XCTAssertEqual(Suggestions.fileHint("bo\u{1B}]0;x\u{7}", in: ["box\u{1B}]0;x\u{7}"]), #" (did you mean "box\u001b]0;x\u0007"?)"#)
    }

    func testInputTextEscapesControlsAndCutsAtEightyScalars() {
        XCTAssertEqual(InputText.excerpt("card 2 — 写真 📷 \"x\""), "card 2 — 写真 📷 \"x\"")
        XCTAssertEqual(InputText.excerpt("a\u{1B}[2Jb\u{7}\n\t\r\u{7F}\u{9B}\u{202E}"), #"a\u001b[2Jb\u0007\n\t\r\u007f\u009b\u202e"#)
        XCTAssertEqual(InputText.quoted("box"), "\"box\"")
        XCTAssertEqual(InputText.singleQuoted("pussh"), "'pussh'")
        let eightMegabytes = String(repeating: "k", count: 8_000_000)
        let start = ContinuousClock.now
        XCTAssertEqual(InputText.excerpt(eightMegabytes), String(repeating: "k", count: 80) + "…")
        XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(100))
        XCTAssertEqual(InputText.excerpt(String(repeating: "k", count: 80)), String(repeating: "k", count: 80))
        // A character of a million combining marks is cut too: the count is of scalars.
        XCTAssertEqual(InputText.excerpt("e" + String(repeating: "\u{301}", count: 1_000_000)).unicodeScalars.count, 81)
    }
}
