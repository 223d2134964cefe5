import FlipbookText
import Foundation
import Synchronization
import XCTest

/// Line breaking, truncation, alignment and line metrics of the typesetter (fixture fonts).
final class LayoutTests: XCTestCase {
    let typesetter = fixtureTypesetter
    let body = TextStyle(sizePoints: 17)
    /// Inter's line height at 17 pt: (ascender 2728 + descender 680) / 2816 em, no line gap.
    let interLine = 17.0 * (2728 + 680) / 2816

    func width(_ text: String, _ style: TextStyle? = nil) -> Double {
        typesetter.layout(text, style: style ?? body).widthPoints
    }

    func testWordWrappingAtUAX14Opportunities() {
        let text = "The quick brown fox jumps over the lazy dog again and again"
        let layout = typesetter.layout(text, style: body, maxWidthPoints: 150, numberOfLines: 0)
        // (Widths with SF Pro's tracking at 17 pt, −0.43 pt a glyph: "and" fits on the third line.)
        XCTAssertEqual(layout.lines.map(\.text), ["The quick brown", "fox jumps over the", "lazy dog again and", "again"])
        XCTAssertFalse(layout.isTruncated)
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
            XCTAssertLessThanOrEqual(line.widthPoints, 150)
            // Greedy: the next word would not have fitted.
            let nextWord = next.text.split(separator: " ").first!
            XCTAssertGreaterThan(width(line.text + " " + nextWord), 150, line.text)
        }
        // Line boxes stack by Inter's metrics.
        XCTAssertEqual(layout.heightPoints, 4 * interLine, accuracy: 1e-9)
        for (index, line) in layout.lines.enumerated() {
            XCTAssertEqual(line.baselinePoints, Double(index) * interLine + 17.0 * 2728 / 2816, accuracy: 1e-9)
        }
        XCTAssertEqual(layout.widthPoints, layout.lines.map(\.widthPoints).max()!)
        XCTAssertEqual(layout.boxWidthPoints, 150)
    }

    /// SF Pro's size-specific tracking, Apple's HIG table ("Typography" → "Tracking values", SF
    /// Pro, in points), applied to the runs set in the stand-in family: every glyph advances by
    /// HarfBuzz's advance plus the tracking; fallback fonts' runs are not tracked.
    func testTheStandInFaceGetsSFProsTracking() throws {
        for (size, tracking) in [
            (6.0, 0.24), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15), (15, -0.23), (16, -0.31), (17, -0.43),
            (20, -0.45), (22, -0.26), (28, 0.38), (34, 0.40), (48, 0.35), (80, 0), (120, 0)
        ] {
            XCTAssertEqual(SystemFontTracking.trackingPoints(sizePoints: size), tracking, accuracy: 1e-12, "\(size) pt")
        }
        // Between listed sizes the straight line; below 6 pt the 6 pt value shrinks with the size.
        XCTAssertEqual(SystemFontTracking.trackingPoints(sizePoints: 17.5), -0.435, accuracy: 1e-12)
        XCTAssertEqual(SystemFontTracking.trackingPoints(sizePoints: 3), 0.12, accuracy: 1e-12)
        XCTAssertEqual(SystemFontTracking.trackingPoints(sizePoints: 55), 0.31, accuracy: 1e-12)
        let semibold = TextStyle(sizePoints: 17, weight: .semibold)
        let untracked = typesetter.fonts.primary(.semibold).shapeRun("Browzer", sizePoints: 17).glyphs.map(\.advance).reduce(0, +)
        XCTAssertEqual(typesetter.layout("Browzer", style: semibold).widthPoints, untracked + 7 * -0.43, accuracy: 1e-9)
        let caption = TextStyle(sizePoints: 11)
        let plainCaption = typesetter.fonts.primary(.regular).shapeRun("9:41", sizePoints: 11).glyphs.map(\.advance).reduce(0, +)
        XCTAssertEqual(typesetter.layout("9:41", style: caption).widthPoints, plainCaption + 4 * 0.06, accuracy: 1e-9)
        // Chinese falls back to Noto Sans CJK: not tracked.
        let run = try XCTUnwrap(typesetter.layout("你好", style: body).lines.first?.runs.first)
        XCTAssertNotEqual(run.font.familyName, FontCollection.primaryFamily)
        XCTAssertEqual(run.glyphs.map(\.advance).reduce(0, +), 2 * 17, accuracy: 1e-9, "two full-width ideographs")
    }

    func testHyphenAndChineseBreakOpportunities() {
        // UAX #14: a break after a hyphen; between Han characters, but never before "，" or "。".
        let hyphen = typesetter.layout("state-of-the-art", style: body, maxWidthPoints: 60, numberOfLines: 0)
        XCTAssertEqual(hyphen.lines.map(\.text), ["state-", "of-the-", "art"])
        XCTAssertGreaterThan(width("state-of-"), 60)
        let chinese = typesetter.layout("你好，世界！今天的天气真好。", style: body, maxWidthPoints: 17 * 2.5, numberOfLines: 0)
        XCTAssertEqual(chinese.lines.map(\.text), ["你", "好，", "世", "界！", "今天", "的天", "气真", "好。"])
        XCTAssertTrue(chinese.lines.allSatisfy { $0.widthPoints <= 17 * 2.5 })
        // Lines holding CJK are taller: Noto Sans CJK's ascender 1.16 em and descender 0.288 em.
        XCTAssertEqual(chinese.lines[0].heightPoints, 17 * (1.16 + 0.288), accuracy: 1e-9)
    }

    func testLongWordBreaksBetweenCharacters() {
        let layout = typesetter.layout("Supercalifragilistic", style: body, maxWidthPoints: 60, numberOfLines: 0)
        XCTAssertGreaterThan(layout.lines.count, 1)
        XCTAssertEqual(layout.lines.map(\.text).joined(), "Supercalifragilistic")
        XCTAssertTrue(layout.lines.allSatisfy { $0.widthPoints <= 60 })
        // An emoji sequence is never split, even when it alone is wider than the line.
        let emoji = typesetter.layout("👨‍👩‍👧👨‍👩‍👧", style: body, maxWidthPoints: 5, numberOfLines: 0)
        XCTAssertEqual(emoji.lines.map(\.text), ["👨‍👩‍👧", "👨‍👩‍👧"])
    }

    func testLongParagraphsAreSetInNearLinearTime() {
        // One 4,000-letter word at one glyph per line measured the rest of the paragraph for
        // every line (23 s in a release build); a paragraph of 3,000 words at 300 pt did too.
        let start = ContinuousClock.now
        let word = typesetter.layout(String(repeating: "a", count: 4000), style: body, maxWidthPoints: 1, numberOfLines: 0)
        XCTAssertEqual(word.lines.count, 4000)
        XCTAssertTrue(word.lines.allSatisfy { $0.text == "a" })
        let words = (0..<3000).map { String(repeating: "word", count: 1 + $0 % 3) }.joined(separator: " ")
        let paragraph = typesetter.layout(words, style: body, maxWidthPoints: 300, numberOfLines: 0)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(20))
        // Greedy, as for a short paragraph: every line fits and the next word would not have.
        XCTAssertEqual(paragraph.lines.map(\.text).joined(separator: " "), words)
        for (line, next) in zip(paragraph.lines, paragraph.lines.dropFirst()) {
            XCTAssertLessThanOrEqual(line.widthPoints, 300)
            XCTAssertGreaterThan(width(line.text + " " + next.text.split(separator: " ").first!), 300, line.text)
        }
    }

    func testWarningsAboutMissingCharactersAreFewAndShort() {
        // 2,002 characters no font has (2,000 unassigned ones, ESC and BEL): 8 warnings naming one each and
        // one for the rest, each quoting at most 80 characters of the label.
        let setter = Typesetter(fonts: fixtureTypesetter.fonts)
        let text = String(String.UnicodeScalarView((0..<2000).map { Unicode.Scalar(0x40000 + $0)! }))
        _ = setter.layout("\u{1B}]0;x\u{7}" + text, style: body, maxWidthPoints: 200, numberOfLines: 0)
        let warnings = setter.warnings
        XCTAssertEqual(warnings.count, 9)
        XCTAssertTrue(warnings.last!.hasPrefix("no font has 1994 more characters in \"\\u001b]0;x\\u0007"), warnings.last!)
        XCTAssertTrue(warnings.allSatisfy { $0.unicodeScalars.count < 250 && !$0.unicodeScalars.contains("\u{1B}") })
    }

    func testTruncationModes() {
        let title = "A very long title that does not fit"
        let expected: [TextLayout.LineBreakMode: String] = [
            .truncateTail: "A very long title t…", .truncateHead: "…e that does not fit", .truncateMiddle: "A very lon…s not fit"
        ]
        for (mode, text) in expected {
            let layout = typesetter.layout(title, style: body, maxWidthPoints: 150, lineBreakMode: mode)
            XCTAssertEqual(layout.text, text, "\(mode)")
            XCTAssertTrue(layout.isTruncated)
            XCTAssertLessThanOrEqual(layout.widthPoints, 150)
            XCTAssertEqual(layout.widthPoints, width(text), accuracy: 1e-9)
        }
        // One more character would not fit.
        XCTAssertGreaterThan(width("A very long title th…"), 150)
        XCTAssertGreaterThan(width("…le that does not fit"), 150)
        // Text that fits is left alone.
        let short = typesetter.layout("Short", style: body, maxWidthPoints: 150)
        XCTAssertEqual(short.text, "Short")
        XCTAssertFalse(short.isTruncated)
        // Clip keeps the whole line (the caller clips to the label's bounds).
        XCTAssertEqual(typesetter.layout(title, style: body, maxWidthPoints: 150, lineBreakMode: .clip).text, title)
    }

    func testRightToLeftTailTruncationEndsOnTheLeft() {
        let layout = typesetter.layout("غروب الشمس في القاهرة", style: body, maxWidthPoints: 100)
        XCTAssertTrue(layout.text.hasSuffix("…"))
        XCTAssertTrue(layout.text.hasPrefix("غروب"))
        let line = layout.lines[0]
        XCTAssertEqual(line.xPoints + line.widthPoints, 100, accuracy: 1e-9, "natural alignment: right")
        // The ellipsis is the leftmost glyph, drawn by Inter (the Arabic font has none).
        XCTAssertEqual(line.runs.first?.text, "…")
        XCTAssertEqual(line.runs.first?.font.familyName, "Inter")
    }

    func testNumberOfLines() {
        let text = "The quick brown fox jumps over the lazy dog again and again"
        let two = typesetter.layout(text, style: body, maxWidthPoints: 150, numberOfLines: 2)
        XCTAssertEqual(two.lines.map(\.text), ["The quick brown", "fox jumps over th…"])
        XCTAssertLessThanOrEqual(two.lines[1].widthPoints, 150)
        XCTAssertTrue(two.isTruncated)
        XCTAssertEqual(two.heightPoints, 2 * interLine, accuracy: 1e-9)
        // Word wrapping drops the rest without an ellipsis.
        let wrapped = typesetter.layout(text, style: body, maxWidthPoints: 150, numberOfLines: 2, lineBreakMode: .wordWrap)
        XCTAssertEqual(wrapped.lines.map(\.text), ["The quick brown", "fox jumps over the"])
        XCTAssertTrue(wrapped.isTruncated)
        // Hard line breaks make paragraphs; the limit counts lines across them.
        let paragraphs = typesetter.layout("one\ntwo\r\nthree", style: body, numberOfLines: 0)
        XCTAssertEqual(paragraphs.lines.map(\.text), ["one", "two", "three"])
        let limited = typesetter.layout("one\ntwo\nthree", style: body, numberOfLines: 2)
        XCTAssertEqual(limited.lines.map(\.text), ["one", "two…"])
        XCTAssertEqual(typesetter.layout("", style: body).heightPoints, interLine, accuracy: 1e-9, "an empty label is one line high")
    }

    func testAlignment() {
        let widthOfHello = width("Hello")
        for (alignment, x) in [
            (TextLayout.Alignment.left, 0.0), (.center, (200 - widthOfHello) / 2), (.right, 200 - widthOfHello), (.natural, 0)
        ] {
            let layout = typesetter.layout("Hello", style: body, maxWidthPoints: 200, alignment: alignment)
            XCTAssertEqual(layout.lines[0].xPoints, x, accuracy: 1e-9, "\(alignment)")
            XCTAssertEqual(layout.lines[0].runs[0].glyphs[0].x, x, accuracy: 1e-9)
        }
        // Without a maximum width, lines align in the widest line.
        let layout = typesetter.layout("Hi\nHello", style: body, numberOfLines: 0, alignment: .right)
        XCTAssertEqual(layout.lines[0].xPoints + layout.lines[0].widthPoints, widthOfHello, accuracy: 1e-9)
    }

    func testTrailingSpacesDoNotCount() {
        XCTAssertEqual(width("Hello   "), width("Hello"))
    }

    func testLayoutIsTheSameOnAnyThread() {
        let texts = ["你好，世界！今天的天气真好", "Hello مرحبا world", "नमस्ते दुनिया 👍🏽", "A very long title that does not fit"]
        let reference = texts.map {
            Typesetter(fonts: fixtureTypesetter.fonts).layout($0, style: body, maxWidthPoints: 120, numberOfLines: 0)
        }
        let fresh = Typesetter(fonts: fixtureTypesetter.fonts)
        let results = ResultBox(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            results.set(
                index, fresh.layout(texts[index % texts.count], style: TextStyle(sizePoints: 17), maxWidthPoints: 120, numberOfLines: 0))
        }
        for index in 0..<16 { XCTAssertEqual(results.get(index), reference[index % texts.count]) }
    }

    func testFallbackFacesOpenOnlyWhenACharacterNeedsThem() throws {
        let fonts = try FontCollection(directory: fixtureFontDirectory)
        let typesetter = Typesetter(fonts: fonts)
        XCTAssertEqual(fonts.openedFamilies, ["Inter", "Inter", "Inter"])
        _ = typesetter.layout("Photos · 12 items", style: body, maxWidthPoints: 200, numberOfLines: 0)
        XCTAssertEqual(fonts.openedFamilies, ["Inter", "Inter", "Inter"])
        // Thai is the fourth fallback: the three before it are opened on the way, the emoji font not.
        _ = typesetter.layout("สวัสดี", style: body, maxWidthPoints: 200, numberOfLines: 0)
        XCTAssertEqual(
            fonts.openedFamilies,
            [
                "Inter", "Inter", "Inter", "Noto Sans Arabic UI", "Noto Sans CJK SC",
                "Noto Sans Devanagari UI", "Noto Sans Thai UI"
            ])
        // An emoji-presentation cluster asks the emoji family first.
        let emoji = try FontCollection(directory: fixtureFontDirectory)
        _ = Typesetter(fonts: emoji).layout("👍", style: body, maxWidthPoints: 200, numberOfLines: 0)
        XCTAssertEqual(emoji.openedFamilies, ["Inter", "Inter", "Inter", "Noto Color Emoji"])
    }

    func testFontCollectionErrors() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("FlipbookTextTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        XCTAssertThrowsError(try FontCollection(directory: empty.path)) { error in
            XCTAssertEqual(error as? FontError, .familyNotFound(family: "Inter", source: empty.path))
            XCTAssertEqual(
                "\(error)",
                "the UI font Inter was not found (searched: \(empty.path)); install it with "
                    + "`apt-get install fonts-inter` (scripts/setup does) or pass a font directory holding it")
        }
        let missing = empty.appendingPathComponent("nope").path
        XCTAssertThrowsError(try FontCollection(directory: missing)) { XCTAssertEqual($0 as? FontError, .notFound(path: missing)) }
        // A face index the collection does not have.
        let collection = fixtureFontDirectory + "/NotoSansCJK-Regular-subset.ttc"
        XCTAssertThrowsError(try Font(path: collection, faceIndex: 5)) { error in
            XCTAssertEqual("\(error)", "\(collection): font cannot be used: face index 5 does not exist (the collection has 2 faces)")
        }
        XCTAssertEqual(try Font(path: collection, faceIndex: 1).familyName, "Noto Sans CJK SC")
    }
}

/// Results written from concurrent iterations.
final class ResultBox: Sendable {
    private let values: Mutex<[TextLayout?]>
    init(count: Int) { values = Mutex(Array(repeating: nil, count: count)) }
    func set(_ index: Int, _ value: TextLayout) { values.withLock { $0[index] = value } }
    func get(_ index: Int) -> TextLayout? { values.withLock { $0[index] } }
}
