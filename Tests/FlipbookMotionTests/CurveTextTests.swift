import FlipbookMotion
import FlipbookSupport
import XCTest

/// Curve and option text that was accepted although it should not be: hex, `inf`,
/// `nan`, underscores and empty values (docs/LIMITS.md, "Rendering").
final class CurveTextTests: XCTestCase {
    func testDecimalTextAcceptsPlainNumbersOnly() {
        let accepted: [(String, Double)] = [
            ("5", 5), ("-0.25", -0.25), ("+3", 3), (".5", 0.5), ("2.", 2), ("1e-3", 0.001),
            ("2E+6", 2_000_000), ("0", 0), ("007", 7)
        ]
        for (text, value) in accepted { XCTAssertEqual(Double(decimalText: text), value, text) }
        // Double("0x10") is 16, Double("inf") is infinity: all of these were accepted before.
        for text in [
            "0x10", "0X1p4", "inf", "-infinity", "nan", "1_000", " 5", "5 ", "", "+", "-", ".", "e5", "1e", "1e+",
            "1.2.3", "1e400", "٣", "5\u{0}"
        ] {
            XCTAssertNil(Double(decimalText: text), text)
        }
    }

    /// Facts people read (a duration, a damping ratio) lose the last bits arithmetic leaves:
    /// four decimals, then the shortest form; the expected texts are written by hand.
    func testFactTextRoundsToFourDecimals() {
        let cases: [(Double, String)] = [
            (0.7000000000000001, "0.7"), (0.1 + 0.2, "0.3"), (0.9882741045832352, "0.9883"),
            (1.0 / 3.0, "0.3333"), (2.0 / 3.0, "0.6667"), (60, "60"), (59.94, "59.94"), (-0.25, "-0.25"),
            (0.6 * 3, "1.8"), (0.00004, "4e-05"), (-0.0, "0"), (0, "0"),
            (123_456.78916, "123456.7892"), (1e12, "1000000000000"), (1e300, "1e+300"),
            (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan")
        ]
        for (value, text) in cases { XCTAssertEqual(value.factText, text, "\(value)") }
    }

    func testCurveParametersMustBeDecimal() {
        XCTAssertThrowsError(try TimingCurve.parse("bezier:0x1,0,1,1")) { error in
            XCTAssertEqual(error as? TimingCurveParseError, .notANumber(curve: "bezier:0x1,0,1,1", parameter: "x1", text: "0x1"))
        }
        XCTAssertThrowsError(try TimingCurve.parse("spring-physics:1,inf,10,0"))
    }

    /// Before: accepted, and every frame's progress was NaN (`"progress": null` in timeline.json).
    func testCurvesWhoseProgressOverflowsAreRefused() {
        for text in [
            "bezier:0,-1e308,1,1e308", "bezier:0.5,1e308,0.5,1", "spring-physics:1,1e300,1e300,1e300",
            "spring-physics:1e-300,1e300,1,0"
        ] {
            XCTAssertThrowsError(try TimingCurve.parse(text), text) { error in
                XCTAssertEqual(error as? TimingCurveParseError, .notFinite(curve: text), text)
                XCTAssertEqual(
                    "\(error)", "curve '\(text)': its progress is not a finite number over the duration (the parameters are too large)")
            }
        }
        // Large but representable: accepted, and finite everywhere.
        let big = try? TimingCurve.parse("bezier:0,-1e300,1,1e300")
        XCTAssertNotNil(big)
        if case .bezier(let bezier)? = big {
            for step in 0...100 { XCTAssertTrue(bezier.progress(atFraction: Double(step) / 100).isFinite) }
        }
        XCTAssertNotNil(try? TimingCurve.parse("spring-physics:1,100,10,0"))
        XCTAssertNotNil(try? TimingCurve.parse("bezier:0.3,-0.5,0.7,1.6"))
    }
}
