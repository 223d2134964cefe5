import Foundation
import XCTest

/// Keeps the host's libm out of the package: no Swift file under Sources calls a C math function
/// whose last bit varies between C libraries (exp, log, pow, sin, atan2, hypot, …); they go through
/// `DeterministicMath`. `squareRoot()`, `rounded()` and the basic operations are exactly rounded
/// by IEEE 754 and stay allowed.
final class NoHostMathTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static let names =
        "exp|exp2|expm1|log|log2|log10|log1p|pow|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh"
        + "|asinh|acosh|atanh|cbrt|hypot|erf|erfc|lgamma|tgamma"

    /// The libm calls on one line of Swift (comments removed): unqualified calls, not declarations
    /// (`func exp(`), not other types' members (`DeterministicMath.exp(`), and module-qualified ones
    /// (`Foundation.exp(`).
    static func libmCalls(in line: String) -> [String] {
        let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        return patterns.flatMap { regex in
            regex.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { (code as NSString).substring(with: $0.range) }
        }
    }

    static let patterns = ["(?<![\\w.])(?<!func )(\(names))[fl]?\\s*\\(", "\\b(?:Foundation|Glibc|Darwin|Musl)\\.(\(names))[fl]?\\s*\\("]
        .map { try! NSRegularExpression(pattern: $0) }

    func testTheMatcher() {
        XCTAssertEqual(Self.libmCalls(in: "let d = exp(-a * t) + sinf(x)"), ["exp(", "sinf("])
        XCTAssertEqual(Self.libmCalls(in: "let d = Foundation.cos (x)"), ["Foundation.cos ("])
        XCTAssertEqual(Self.libmCalls(in: "let d = DeterministicMath.exp(x); public static func log(_ x: Double)"), [])
        XCTAssertEqual(Self.libmCalls(in: "let s = x.squareRoot() // and not exp(x)"), [])
        XCTAssertEqual(Self.libmCalls(in: "case ffmpegFailed(path: String, log: String); expected(1)"), [])
    }

    func testNoSourceCallsTheHostLibm() throws {
        let files = try XCTUnwrap(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 40, "found the sources")
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                for call in Self.libmCalls(in: line) {
                    XCTFail(
                        "\(file.path):\(number + 1) calls the C library's \(call)…): its last bit differs between "
                            + "machines; use DeterministicMath (docs/TIMING.md)")
                }
            }
        }
    }
}
