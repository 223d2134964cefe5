import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// `flipbook curve --notations` prints a spring in every tool's notation, each line a `--curve`
/// value: every value it prints must be one flipbook accepts (it printed `bounce: 1`, which
/// `--curve` refuses), or a dash.
final class CurveNotationCommandTests: XCTestCase {
    /// The notation texts of a `--notations` table (the dashes left out).
    func printedNotations(_ table: String) -> [String] {
        let call = try! NSRegularExpression(pattern: #"  ((?:spring|interpolatingSpring|origami|framer|figma)\([^()]*\))(  \(.*\))?$"#)
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let text = String(line)
            guard let match = call.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let range = Range(match.range(at: 1), in: text)
            else { return nil }
            return String(text[range])
        }
    }

    func testEveryPrintedNotationIsAcceptedBack() throws {
        // Springs at the edges of each notation: nearly undamped (bounce rounds to 1), critically
        // and over-damped, tiny and huge constants, the largest velocities.
        let springs: [[String]] = [
            [],
            ["--curve", "spring(mass: 1, stiffness: 100, damping: 0.00001)"],
            ["--curve", "spring(duration: 0.5, bounce: 0.9999999)"],
            ["--curve", "spring(duration: 0.5, bounce: 0.0000001)"],
            ["--curve", "framer(visualDuration: 0.3, bounce: 0.9999996)"],
            ["--curve", "spring(mass: 1, stiffness: 100, damping: 20)"],
            ["--curve", "spring(mass: 1, stiffness: 100, damping: 2000)"],
            ["--curve", "spring(mass: 0.001, stiffness: 1000000, damping: 0.0001, initialVelocity: 100)"],
            ["--curve", "spring(response: 100, dampingFraction: 0.0000001)"],
            ["--curve", "origami(bounciness: 42, speed: 0.1)"],
            ["--curve", "origami(tension: -23.5, friction: 0.01)"],
            ["--curve", "spring", "--damping", "0.0000001", "--velocity", "100"],
            ["--curve", "spring", "--damping", "0.9999999", "--velocity", "-100"],
            ["--curve", "spring-physics:1,100,10,0"]
        ]
        var checked = 0
        for spring in springs {
            let arguments = spring + ["--duration", "1"]
            let table = try runFlipbook(["curve"] + arguments + ["--notations"])
            XCTAssertEqual(table.status, 0, "\(arguments): \(table.stderr)")
            let notations = printedNotations(table.stdout)
            XCTAssertGreaterThanOrEqual(notations.count, 4, table.stdout)
            for text in notations {
                // UIKit's notation carries the animation's duration, so it is given alone; the
                // others are paces, given with the duration the table was printed with.
                let duration = text.contains("dampingRatio:") ? [] : ["--duration", "1"]
                let back = try runFlipbook(["curve", "--curve", text] + duration)
                XCTAssertEqual(back.status, 0, "\(arguments) printed '\(text)', which flipbook refuses: \(back.stderr)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 80)
    }
}
