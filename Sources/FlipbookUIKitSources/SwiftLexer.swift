/// One token of Swift source: what the rewriter needs to find declarations, attributes,
/// `#selector` expressions and calls, with its place in the file. Whitespace and comments are
/// not tokens (they stay in the file untouched: the rewriter edits byte ranges).
///
/// A string literal without interpolations is one `string` token; one with interpolations is a
/// `stringStart` (up to and including its first `\(`), the interpolation's own tokens, then
/// `stringMiddle` (`)` up to the next `\(`) … and `stringEnd` (`)` to the closing quote), so
/// code inside an interpolation is rewritten like any other code.
package struct SwiftToken: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A name or keyword (`class`, `foo`, `` `default` ``, `$0`).
        case identifier
        /// A number literal.
        case number
        /// A whole string literal (no interpolation).
        case string
        /// A string literal's opening part, up to its first interpolation's `\(`.
        case stringStart
        /// The text between two interpolations (`)` … `\(`).
        case stringMiddle
        /// A string literal's last part, from its last interpolation's `)`.
        case stringEnd
        /// A regex literal (`/…/`, `#/…/#`).
        case regex
        /// `( ) [ ] { } , : ; . @ \ #` and a backtick alone.
        case punctuation
        /// An operator (`=`, `->`, `??`, `&&`, `...`); a `?` or `!` right after an expression is
        /// a one-character operator of its own (optional chaining, force unwrap).
        case operatorSymbol
        /// `#` and a name: `#selector`, `#if`, `#else`, `#endif`, `#available`, `#sourceLocation` …
        case pound
    }

    package var kind: Kind
    /// Byte offsets of the token in the file's UTF-8 text.
    package var start: Int, end: Int
    /// The token's text, as written.
    package var text: String
    /// 1-based line of the token's first byte.
    package var line: Int
    /// 1-based column of the token's first byte, counted in UTF-8 bytes (as the compiler does).
    package var column: Int
    /// True for the first token of its line.
    package var isFirstOnLine: Bool
    /// True when whitespace, a comment or a line break comes right before the token.
    package var hasSpaceBefore: Bool

    /// An identifier's name without backticks.
    package var name: String {
        kind == .identifier && text.hasPrefix("`") && text.hasSuffix("`") && text.count >= 2 ? String(text.dropFirst().dropLast()) : text
    }

    /// True for the punctuation or operator `symbol`.
    package func isSymbol(_ symbol: String) -> Bool { (kind == .punctuation || kind == .operatorSymbol) && text == symbol }
    /// True for the identifier (or keyword) `word` written without backticks.
    package func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// A place in a source file, for errors: 1-based line and column (UTF-8 bytes).
package struct SourcePlace: Equatable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package init(line: Int, column: Int) { self.line = line; self.column = column }
    package var description: String { "\(line):\(column)" }
}

/// Splits Swift source into `SwiftToken`s: comments (nested block comments too), string literals
/// (multi-line, raw `#"…"#`, interpolations `\(…)` and `\#(…)` lexed as code), regex literals,
/// attributes' `@`, `#` directives. It knows no grammar beyond what telling those apart needs.
package struct SwiftLexer {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStartOffset = 0
    private var tokens: [SwiftToken] = []
    private var pendingFirstOnLine = true
    private var pendingSpace = true

    /// The tokens of `source` (UTF-8).
    /// - Throws: `SwiftLexer.Failure` with the place of an unterminated string, comment,
    ///   interpolation or raw identifier.
    package static func tokens(of source: [UInt8]) throws(Failure) -> [SwiftToken] {
        var lexer = SwiftLexer(bytes: source)
        // A `#!` line (a script) is not Swift.
        if source.starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")]) {
            while lexer.offset < source.count, source[lexer.offset] != newline { lexer.offset += 1 }
        }
        try lexer.lexTokens(insideInterpolation: false)
        return lexer.tokens
    }

    /// What the lexer cannot read, and where.
    package struct Failure: Error, Equatable {
        package var place: SourcePlace
        package var reason: String
        package init(place: SourcePlace, reason: String) { self.place = place; self.reason = reason }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Characters

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
    private var current: UInt8? { byte(at: offset) }
    private func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == underscore || byte >= 0x80
    }
    private func isIdentifierBody(_ byte: UInt8) -> Bool { isIdentifierHead(byte) || isDigit(byte) }
    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private func isOperatorCharacter(_ byte: UInt8) -> Bool { operatorCharacters.contains(byte) }
    private var place: SourcePlace { SourcePlace(line: line, column: offset - lineStartOffset + 1) }

    private func failure(_ reason: String, at place: SourcePlace) -> Failure { Failure(place: place, reason: reason) }

    /// Moves past one byte, counting lines.
    private mutating func advance() {
        if bytes[offset] == newline { line += 1; lineStartOffset = offset + 1 }
        offset += 1
    }

    private mutating func emit(_ kind: SwiftToken.Kind, from start: Int, line startLine: Int, column: Int) {
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        tokens.append(
            SwiftToken(
                kind: kind, start: start, end: offset, text: text, line: startLine, column: column,
                isFirstOnLine: pendingFirstOnLine, hasSpaceBefore: pendingSpace))
        pendingFirstOnLine = false
        pendingSpace = false
    }

    // MARK: Tokens

    /// Lexes until the end of the file, or, inside an interpolation, until its closing `)`
    /// (left for the string to consume).
    private mutating func lexTokens(insideInterpolation: Bool) throws(Failure) {
        var depth = 0
        while true {
            try skipTrivia()
            guard let byte = current else {
                if insideInterpolation { throw failure("unterminated string interpolation", at: place) }
                return
            }
            if insideInterpolation {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    if depth == 0 { return }
                    depth -= 1
                }
            }
            try lexToken()
        }
    }

    /// Skips whitespace and comments, noting line breaks and spaces for the next token.
    private mutating func skipTrivia() throws(Failure) {
        while let byte = current {
            if byte == newline {
                advance()
                pendingFirstOnLine = true
                pendingSpace = true
            } else if byte == space || byte == tab || byte == carriageReturn || byte == 0x0B || byte == 0x0C || byte == 0 {
                advance()
                pendingSpace = true
            } else if byte == slash, self.byte(at: offset + 1) == slash {
                while let next = current, next != newline { advance() }
                pendingSpace = true
            } else if byte == slash, self.byte(at: offset + 1) == star {
                try skipBlockComment()
                pendingSpace = true
            } else {
                return
            }
        }
    }

    private mutating func skipBlockComment() throws(Failure) {
        let start = place
        var depth = 0
        while offset < bytes.count {
            if bytes[offset] == slash, byte(at: offset + 1) == star {
                depth += 1; advance(); advance()
            } else if bytes[offset] == star, byte(at: offset + 1) == slash {
                depth -= 1; advance(); advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
        throw failure("unterminated block comment (/* without its */)", at: start)
    }

    private mutating func lexToken() throws(Failure) {
        let start = offset, startLine = line, column = offset - lineStartOffset + 1
        let byte = bytes[offset]
        let previous = tokens.last
        let leftBound = !pendingSpace && previous != nil

        if byte == quote {
            try lexString(hashes: 0, from: start, line: startLine, column: column)
        } else if byte == hash {
            var hashes = 0
            while self.byte(at: offset + hashes) == hash { hashes += 1 }
            let after = self.byte(at: offset + hashes)
            if after == quote {
                offset += hashes
                try lexString(hashes: hashes, from: start, line: startLine, column: column)
            } else if after == slash {
                try lexExtendedRegex(hashes: hashes, from: start, line: startLine, column: column)
            } else if hashes == 1, let after, isIdentifierHead(after) {
                advance()
                while let next = current, isIdentifierBody(next) { advance() }
                emit(.pound, from: start, line: startLine, column: column)
            } else {
                advance()
                emit(.punctuation, from: start, line: startLine, column: column)
            }
        } else if byte == backtick {
            advance()
            while let next = current, next != backtick, next != newline { advance() }
            guard current == backtick else {
                throw failure(
                    "unterminated `identifier` (a backtick without its closing one)", at: SourcePlace(line: startLine, column: column))
            }
            advance()
            emit(.identifier, from: start, line: startLine, column: column)
        } else if byte == dollar || isIdentifierHead(byte) {
            advance()
            while let next = current, isIdentifierBody(next) || next == dollar { advance() }
            emit(.identifier, from: start, line: startLine, column: column)
        } else if isDigit(byte) {
            lexNumber()
            emit(.number, from: start, line: startLine, column: column)
        } else if byte == slash, startsBareRegex(after: previous) {
            lexBareRegex()
            emit(.regex, from: start, line: startLine, column: column)
        } else if byte == dot {
            advance()
            if current == dot {
                while let next = current, next == dot || isOperatorCharacter(next) { advance() }
                emit(.operatorSymbol, from: start, line: startLine, column: column)
            } else {
                emit(.punctuation, from: start, line: startLine, column: column)
            }
        } else if (byte == question || byte == exclamation) && leftBound && !(byte == exclamation && self.byte(at: offset + 1) == equals) {
            // Optional chaining and force unwrap bind to the expression before them.
            advance()
            emit(.operatorSymbol, from: start, line: startLine, column: column)
        } else if isOperatorCharacter(byte) {
            advance()
            while let next = current, isOperatorCharacter(next) {
                // A comment starts a new thing even right after an operator (`a +// note`).
                if next == slash, let after = self.byte(at: offset + 1), after == slash || after == star { break }
                advance()
            }
            emit(.operatorSymbol, from: start, line: startLine, column: column)
        } else {
            advance()
            emit(.punctuation, from: start, line: startLine, column: column)
        }
    }

    private mutating func lexNumber() {
        while let next = current {
            if isIdentifierBody(next) {
                let wasExponent =
                    next == UInt8(ascii: "e") || next == UInt8(ascii: "E") || next == UInt8(ascii: "p") || next == UInt8(ascii: "P")
                advance()
                // `1e-3`, `0x1p+4`: the exponent's sign belongs to the number.
                if wasExponent, let sign = current, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+"),
                    let digit = byte(at: offset + 1), isDigit(digit)
                {
                    advance()
                }
            } else if next == dot, let after = byte(at: offset + 1), isDigit(after) {
                advance()
            } else {
                return
            }
        }
    }

    // MARK: Strings

    /// Lexes a string literal whose opening `#`s (`hashes` of them) are already consumed; the
    /// offset is at its first quote.
    private mutating func lexString(hashes: Int, from start: Int, line startLine: Int, column: Int) throws(Failure) {
        let opening = SourcePlace(line: startLine, column: column)
        let multiline = byte(at: offset + 1) == quote && byte(at: offset + 2) == quote
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        var partStart = start, partLine = startLine, partColumn = column
        var sawInterpolation = false
        while true {
            guard let byte = current else { throw failure("unterminated string literal", at: opening) }
            if byte == newline && !multiline {
                throw failure("unterminated string literal (a line break before its closing quote)", at: opening)
            }
            if byte == backslash && hasHashes(hashes, at: offset + 1) {
                let escapeEnd = offset + 1 + hashes
                if self.byte(at: escapeEnd) == UInt8(ascii: "(") {
                    // An interpolation: the string part ends after `\(`, then code.
                    while offset <= escapeEnd { advance() }
                    emit(sawInterpolation ? .stringMiddle : .stringStart, from: partStart, line: partLine, column: partColumn)
                    sawInterpolation = true
                    try lexTokens(insideInterpolation: true)
                    try skipTrivia()
                    partStart = offset; partLine = line; partColumn = offset - lineStartOffset + 1
                    advance() // the interpolation's `)`
                    continue
                }
                // Any other escape: skip the backslash, its hashes and the escaped character.
                while offset < escapeEnd { advance() }
                if current != nil { advance() }
                continue
            }
            if byte == quote {
                let closes = multiline ? (self.byte(at: offset + 1) == quote && self.byte(at: offset + 2) == quote) : true
                let quoteCount = multiline ? 3 : 1
                if closes && hasHashes(hashes, at: offset + quoteCount) {
                    for _ in 0..<(quoteCount + hashes) { advance() }
                    emit(sawInterpolation ? .stringEnd : .string, from: partStart, line: partLine, column: partColumn)
                    return
                }
            }
            advance()
        }
    }

    private func hasHashes(_ count: Int, at index: Int) -> Bool {
        (0..<count).allSatisfy { byte(at: index + $0) == hash }
    }

    // MARK: Regex literals

    /// `#/…/#` (possibly multi-line), the offset at its first `#`.
    private mutating func lexExtendedRegex(hashes: Int, from start: Int, line startLine: Int, column: Int) throws(Failure) {
        let opening = SourcePlace(line: startLine, column: column)
        for _ in 0...hashes { advance() }
        while true {
            guard let byte = current else { throw failure("unterminated regex literal", at: opening) }
            if byte == backslash { advance(); if current != nil { advance() }; continue }
            if byte == slash && hasHashes(hashes, at: offset + 1) {
                for _ in 0...hashes { advance() }
                emit(.regex, from: start, line: startLine, column: column)
                return
            }
            advance()
        }
    }

    /// Whether a `/` here starts a bare regex literal (`/a+b/`) rather than a division: only
    /// where an expression may start (not after a value), not followed by a space, and closed
    /// by another `/` on the same line.
    private func startsBareRegex(after previous: SwiftToken?) -> Bool {
        guard let next = byte(at: offset + 1), next != space, next != tab, next != newline, next != slash, next != star,
            next != equals
        else { return false }
        if let previous {
            switch previous.kind {
            case .identifier:
                guard expressionStartKeywords.contains(previous.text) else { return false }
            case .number, .string, .stringEnd, .regex:
                return false
            case .punctuation:
                if [")", "]", "}", "`", "."].contains(previous.text) { return false }
            case .operatorSymbol:
                // `x! / 2`, `x? / 2` end an expression.
                if (previous.text == "?" || previous.text == "!") && !pendingSpace { return false }
            case .stringStart, .stringMiddle, .pound:
                break
            }
        }
        var index = offset + 1, inClass = false
        while let byte = byte(at: index), byte != newline {
            if byte == backslash { index += 2; continue }
            if byte == UInt8(ascii: "[") { inClass = true } else if byte == UInt8(ascii: "]") { inClass = false }
            if byte == slash && !inClass { return byte != space }
            index += 1
        }
        return false
    }

    private mutating func lexBareRegex() {
        advance()
        var inClass = false
        while let byte = current, byte != newline {
            if byte == backslash { advance(); if current != nil && current != newline { advance() }; continue }
            if byte == UInt8(ascii: "[") { inClass = true } else if byte == UInt8(ascii: "]") { inClass = false }
            advance()
            if byte == slash && !inClass { return }
        }
    }
}

/// Keywords after which an expression starts (so `/` there opens a regex literal).
private let expressionStartKeywords: Set<String> = [
    "return", "in", "case", "if", "guard", "while", "where", "throw", "try", "await",
    "else", "repeat", "switch", "let", "var", "is", "as"
]
private let operatorCharacters: Set<UInt8> = Set("/=-+!*%<>&|^~?".utf8)
private let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
private let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
private let backslash = UInt8(ascii: "\\"), backtick = UInt8(ascii: "`"), dollar = UInt8(ascii: "$"), dot = UInt8(ascii: ".")
private let question = UInt8(ascii: "?"), exclamation = UInt8(ascii: "!"), equals = UInt8(ascii: "="), underscore = UInt8(ascii: "_")
