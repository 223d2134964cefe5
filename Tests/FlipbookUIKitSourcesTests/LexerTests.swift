import FlipbookUIKitSources
import XCTest

/// The lexer: what is code and what is not (comments, strings, regex literals), with places.
final class LexerTests: XCTestCase {
    private func tokens(_ source: String) throws -> [SwiftToken] { try SwiftLexer.tokens(of: Array(source.utf8)) }
    private func texts(_ source: String) throws -> [String] { try tokens(source).map(\.text) }

    func testCommentsAreNotTokensNestedBlockCommentsIncluded() throws {
        XCTAssertEqual(try texts("a // #selector(b)\n/* c /* #selector(d) */ e */ f /** g */"), ["a", "f"])
        XCTAssertEqual(try texts("x/*a*/y"), ["x", "y"])
        XCTAssertEqual(try tokens("x/*a*/y")[1].hasSpaceBefore, true, "a comment separates like a space")
    }

    func testStringsIncludingMultiLineAndRawAreSingleTokens() throws {
        XCTAssertEqual(try texts(##"let s = "a \"#selector(x)\" // b""##), ["let", "s", "=", ##""a \"#selector(x)\" // b""##])
        let multiLine = "let s = \"\"\"\n  #selector(x) \"quoted\" /* not a comment\n  \"\"\"\nf()"
        XCTAssertEqual(
            try texts(multiLine), ["let", "s", "=", "\"\"\"\n  #selector(x) \"quoted\" /* not a comment\n  \"\"\"", "f", "(", ")"])
        XCTAssertEqual(try tokens(multiLine)[4].line, 4, "lines are counted inside strings")
        XCTAssertEqual(try texts(##"r = #"a "b" \(c)"# + 1"##), ["r", "=", ##"#"a "b" \(c)"#"##, "+", "1"])
        XCTAssertEqual(try texts(###"r = ##"a "# "##"###), ["r", "=", ###"##"a "# "##"###])
    }

    func testInterpolationsAreCodeBetweenStringParts() throws {
        let source = #"print("a\(#selector(f)) b \(g("c\(h)")) d")"#
        let kinds = try tokens(source).map(\.kind)
        XCTAssertEqual(
            try texts(source),
            [
                "print", "(", #""a\("#, "#selector", "(", "f", ")", #") b \("#, "g", "(", #""c\("#, "h",
                #")""#, ")", #") d""#, ")"
            ])
        XCTAssertEqual(kinds[2], .stringStart)
        XCTAssertEqual(kinds[3], .pound)
        XCTAssertEqual(kinds[7], .stringMiddle)
        XCTAssertEqual(kinds[12], .stringEnd)
        XCTAssertEqual(kinds[14], .stringEnd)
        // Raw strings interpolate with `\#(`; a plain `\(` in them is text.
        XCTAssertEqual(try texts(##"#"\(a) \#(b)"#"##), [##"#"\(a) \#("##, "b", ##")"#"##])
    }

    func testRegexLiteralsAndDivision() throws {
        XCTAssertEqual(try texts("let r = /a\"b/"), ["let", "r", "=", "/a\"b/"])
        XCTAssertEqual(try tokens("let r = /a\"b/")[3].kind, .regex)
        XCTAssertEqual(try texts("let r = #/a/\"b/#"), ["let", "r", "=", "#/a/\"b/#"])
        XCTAssertEqual(try texts("x = a / b / c"), ["x", "=", "a", "/", "b", "/", "c"])
        XCTAssertEqual(try texts("x = f(a) / 2 // half"), ["x", "=", "f", "(", "a", ")", "/", "2"])
    }

    func testOptionalChainingMarksBindToTheExpressionBeforeThem() throws {
        XCTAssertEqual(try texts("d?.f?(x)"), ["d", "?", ".", "f", "?", "(", "x", ")"])
        XCTAssertEqual(try texts("a ?? b"), ["a", "??", "b"])
        XCTAssertEqual(try texts("a! != b"), ["a", "!", "!=", "b"])
        XCTAssertEqual(try texts("a!=b"), ["a", "!=", "b"])
        XCTAssertEqual(try texts("x ? y : z"), ["x", "?", "y", ":", "z"])
        XCTAssertEqual(try texts("0..<n"), ["0", "..<", "n"])
        XCTAssertEqual(try texts("1.5e-3 + 0x1Fp+2"), ["1.5e-3", "+", "0x1Fp+2"])
    }

    func testAttributesDirectivesAndBackticks() throws {
        XCTAssertEqual(
            try texts("@objc(tap:) func `default`() #if os(iOS)"),
            ["@", "objc", "(", "tap", ":", ")", "func", "`default`", "(", ")", "#if", "os", "(", "iOS", ")"])
        XCTAssertEqual(try tokens("`default`")[0].name, "default")
        XCTAssertEqual(try tokens("#selector")[0].kind, .pound)
    }

    func testPlacesAreLinesAndUTF8Columns() throws {
        let found = try tokens("let é = 1\n  x")
        XCTAssertEqual(found.map(\.column), [1, 5, 8, 10, 3], "é is two bytes")
        XCTAssertEqual(found.map(\.line), [1, 1, 1, 1, 2])
        XCTAssertEqual(found.map(\.isFirstOnLine), [true, false, false, false, true])
    }

    func testUnterminatedThingsNameTheirPlace() {
        func failure(_ source: String) -> SwiftLexer.Failure? {
            do { _ = try SwiftLexer.tokens(of: Array(source.utf8)); return nil } catch { return error }
        }
        XCTAssertEqual(
            failure("let a = 1\nlet s = \"abc\n"),
            SwiftLexer.Failure(
                place: SourcePlace(line: 2, column: 9),
                reason: "unterminated string literal (a line break before its closing quote)"))
        XCTAssertEqual(
            failure("x /* a /* b */"),
            SwiftLexer.Failure(place: SourcePlace(line: 1, column: 3), reason: "unterminated block comment (/* without its */)"))
        XCTAssertEqual(
            failure("s = \"\"\"\nabc"), SwiftLexer.Failure(place: SourcePlace(line: 1, column: 5), reason: "unterminated string literal"))
        XCTAssertEqual(
            failure("s = \"\\(a"), SwiftLexer.Failure(place: SourcePlace(line: 1, column: 9), reason: "unterminated string interpolation"))
        XCTAssertEqual(
            failure("s = \"\\(a\""), SwiftLexer.Failure(place: SourcePlace(line: 1, column: 9), reason: "unterminated string literal"),
            "the quote inside the interpolation opens a string of its own")
    }
}
