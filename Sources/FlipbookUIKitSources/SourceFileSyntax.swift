import Foundation

/// What the rewriter needs to know about one file's declarations, found from its tokens: the
/// type declarations and extensions with their bodies, inheritance lists and `#if` conditions,
/// the functions declared directly in type bodies with their parameters, and the imports.
/// It is not a Swift parser: it recognises declaration heads (attributes, modifiers, a keyword,
/// a name …) and matches brackets; everything else is skipped.
package struct SourceFileSyntax {
    /// The file's path relative to the folder being rewritten (`Screens/Gallery.swift`).
    package let path: String
    package let bytes: [UInt8]
    package let tokens: [SwiftToken]
    /// For each bracket token, the index of its partner: `(`↔`)`, `[`↔`]`, `{`↔`}`, and a
    /// string part opening an interpolation ↔ the part closing it.
    package private(set) var partner: [Int: Int] = [:]
    package private(set) var types: [TypeDeclaration] = []
    package private(set) var functions: [FunctionDeclaration] = []
    /// Every `@name` attribute of the file, wherever it is.
    package private(set) var attributes: [Attribute] = []
    /// Modifier keywords in declaration position (`dynamic`, `optional`, `private` …).
    package private(set) var modifiers: [Modifier] = []
    /// Properties and subscripts declared `optional` (requirements the rewriter refuses).
    package private(set) var optionalNonMethods: [Int] = []
    /// The first name of every imported module (`import UIKit.UIView` → `UIKit`).
    package private(set) var importedModules: Set<String> = []

    /// A type declaration or an extension.
    package struct TypeDeclaration {
        package enum Kind: String { case `class`, `struct`, `enum`, `protocol`, `extension`, actor }
        package var kind: Kind
        /// The declared name, or an extension's extended type as written without generic
        /// arguments (`Outer.Inner`).
        package var name: String
        /// The name from the top level: enclosing types' names and this one, dot-separated.
        package var qualifiedName: String
        /// The inheritance clause's entries, each without generic arguments, `any` or attributes
        /// (`UIViewController`, `CardDelegate`, `Module.Protocol`).
        package var inherited: [String]
        /// Declared with generic parameters (its extensions may add none).
        package var isGeneric: Bool
        /// Declared inside a function, closure or accessor.
        package var isLocal: Bool
        /// Declared `private` or `fileprivate`.
        package var isFilePrivate: Bool
        /// Its attributes' names (`objcMembers`, `objc`, `IBDesignable`).
        package var attributeNames: [String]
        /// Its modifiers (`public`, `final`, `private` …).
        package var modifierNames: [String]
        /// The index of its keyword, `{` and `}` tokens.
        package var keywordIndex: Int, bodyOpen: Int, bodyClose: Int
        /// The `#if` conditions it is declared under, outermost first.
        package var conditions: [String]
        /// The type declaration whose body holds this one.
        package var enclosingType: Int?
    }

    /// A function declared directly in a type or extension body (not a local function).
    package struct FunctionDeclaration {
        /// The base name (`handlePan`).
        package var name: String
        /// The argument labels, `_` for none.
        package var labels: [String]
        /// Each parameter's type as written (`UIPanGestureRecognizer`, `inout Int`, `Int...`).
        package var parameterTypes: [String]
        /// Each parameter's text from its label to its type (no default value).
        package var parameterTexts: [String]
        /// The return type as written, nil for none.
        package var returnType: String?
        package var isAsync: Bool, throwsErrors: Bool, isGeneric: Bool
        /// The attributes written before it (`objc`, `IBAction` …) with their arguments.
        package var attributes: [Attribute]
        /// The modifiers written before it.
        package var modifiers: [Modifier]
        /// The index of the type declaration whose body declares it.
        package var owner: Int
        /// The index of its `func` token, and of the first token of its attributes and modifiers.
        package var keywordIndex: Int, startIndex: Int
        /// The index of the last token of its declaration (the body's `}`, or the signature's end).
        package var endIndex: Int
        package var conditions: [String]
        /// `name(label:label:)`.
        package var fullName: String { name + "(" + labels.map { $0 + ":" }.joined() + ")" }
        package func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
        package func hasModifier(_ name: String) -> Bool { modifiers.contains { $0.text == name } }
    }

    /// `@name` or `@name(arguments)`.
    package struct Attribute {
        package var name: String
        /// The text between the parentheses, nil without them.
        package var arguments: String?
        /// Token indexes of the `@` and of the last token (the name or the `)`).
        package var startIndex: Int, endIndex: Int
    }

    /// A declaration modifier (`private`, `private(set)`, `dynamic`, `optional` …).
    package struct Modifier {
        /// The keyword (`private` for `private(set)`).
        package var text: String
        package var startIndex: Int, endIndex: Int
    }

    /// What the scanner cannot make sense of.
    package struct Failure: Error {
        package var place: SourcePlace
        package var reason: String
    }

    /// Scans `bytes`, the file at `path`.
    /// - Throws: `SwiftLexer.Failure` or `SourceFileSyntax.Failure` (unbalanced brackets, a
    ///   type without a body, an unterminated `#if`).
    package init(path: String, bytes: [UInt8]) throws {
        self.path = path
        self.bytes = bytes
        tokens = try SwiftLexer.tokens(of: bytes)
        try matchBrackets()
        try scanDeclarations()
    }

    // MARK: Queries

    /// The source text from token `first` through token `last`, as written.
    package func text(_ first: Int, _ last: Int) -> String {
        guard first <= last else { return "" }
        return String(decoding: bytes[tokens[first].start..<tokens[last].end], as: UTF8.self)
    }

    /// The innermost type or extension whose body contains token `index`.
    package func enclosingType(of index: Int) -> Int? {
        var best: Int?
        for (typeIndex, type) in types.enumerated() where type.bodyOpen < index && index < type.bodyClose {
            if best.map({ types[$0].bodyOpen < type.bodyOpen }) ?? true { best = typeIndex }
        }
        return best
    }

    /// The selectors made from strings: for each `Selector(…)` or `NSSelectorFromString(…)` call
    /// with an unlabelled first argument, the index of its closing parenthesis.
    package var stringSelectorCalls: [Int] {
        tokens.indices.compactMap { index in
            guard tokens[index].isWord("Selector") || tokens[index].isWord("NSSelectorFromString"), index + 1 < tokens.count,
                tokens[index + 1].isSymbol("("), !tokens[index + 1].hasSpaceBefore, let close = partner[index + 1], close > index + 2
            else { return nil }
            if index > 0, tokens[index - 1].isSymbol(".") || tokens[index - 1].isWord("func") { return nil }
            // `Selector(stringLiteral:)` and other labelled forms are not names to look up.
            if tokens[index + 2].kind == .identifier, tokens[index + 3].isSymbol(":") { return nil }
            return close
        }
    }

    /// The place of token `index`.
    package func place(of index: Int) -> SourcePlace { SourcePlace(line: tokens[index].line, column: tokens[index].column) }

    // MARK: Brackets

    private mutating func matchBrackets() throws {
        var stack: [Int] = []
        let closers: [String: String] = [")": "(", "]": "[", "}": "{"]
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .punctuation where ["(", "[", "{"].contains(token.text):
                stack.append(index)
            case .punctuation where closers[token.text] != nil:
                guard let open = stack.last, tokens[open].kind == .punctuation, tokens[open].text == closers[token.text] else {
                    throw Failure(place: place(of: index), reason: "'\(token.text)' does not close anything opened before it")
                }
                stack.removeLast()
                partner[open] = index; partner[index] = open
            case .stringStart:
                stack.append(index)
            case .stringMiddle, .stringEnd:
                guard let open = stack.last, tokens[open].kind == .stringStart || tokens[open].kind == .stringMiddle else {
                    throw Failure(place: place(of: index), reason: "a string interpolation's brackets do not match")
                }
                stack.removeLast()
                partner[open] = index; partner[index] = open
                if token.kind == .stringMiddle { stack.append(index) }
            default:
                break
            }
        }
        if let open = stack.last {
            throw Failure(place: place(of: open), reason: "'\(tokens[open].text)' is never closed")
        }
    }

    // MARK: Declarations

    private struct Frame { var type: Int? }
    private struct ConditionGroup { var earlier: [String]; var current: String }

    private mutating func scanDeclarations() throws {
        var frames: [Frame] = []
        var conditionGroups: [ConditionGroup] = []
        var prefixAttributes: [Attribute] = [], prefixModifiers: [Modifier] = [], prefixStart: Int?, prefixEnd: Int?
        var pendingBodies: [Int: Int] = [:] // `{` index → type declaration index
        var index = 0
        func clearPrefix() { prefixAttributes = []; prefixModifiers = []; prefixStart = nil; prefixEnd = nil }
        /// Where a declaration may start: a line's start, after `{`, `}`, `;`, or after its own
        /// attributes and modifiers (so `case dynamic` or `x = optional` is no modifier).
        func startsDeclaration(_ index: Int) -> Bool {
            index == 0 || tokens[index].isFirstOnLine || prefixEnd == index - 1
                || ["{", "}", ";"].contains { tokens[index - 1].isSymbol($0) }
        }
        var conditions: [String] { conditionGroups.map(\.current) }

        while index < tokens.count {
            let token = tokens[index]
            // `#if` conditions: the rest of the directive's line.
            if token.kind == .pound, ["#if", "#elseif", "#else", "#endif"].contains(token.text) {
                var end = index + 1
                while end < tokens.count, !tokens[end].isFirstOnLine { end += 1 }
                let condition = end > index + 1 ? text(index + 1, end - 1) : ""
                switch token.text {
                case "#if":
                    conditionGroups.append(ConditionGroup(earlier: [condition], current: condition))
                case "#elseif", "#else":
                    guard var group = conditionGroups.popLast() else {
                        throw Failure(place: place(of: index), reason: "\(token.text) without #if")
                    }
                    let negated = group.earlier.map { "!(\($0))" }.joined(separator: " && ")
                    group.current = token.text == "#else" ? negated : negated + " && (\(condition))"
                    group.earlier.append(condition)
                    conditionGroups.append(group)
                default:
                    guard conditionGroups.popLast() != nil else { throw Failure(place: place(of: index), reason: "#endif without #if") }
                }
                index = end
                continue
            }
            if token.isSymbol("@"), index + 1 < tokens.count, tokens[index + 1].kind == .identifier, !tokens[index + 1].hasSpaceBefore {
                var end = index + 1
                var arguments: String?
                if end + 1 < tokens.count, tokens[end + 1].isSymbol("("), !tokens[end + 1].hasSpaceBefore, let close = partner[end + 1] {
                    arguments = text(end + 2, close - 1)
                    end = close
                }
                let attribute = Attribute(name: tokens[index + 1].text, arguments: arguments, startIndex: index, endIndex: end)
                attributes.append(attribute)
                prefixAttributes.append(attribute)
                if prefixStart == nil { prefixStart = index }
                prefixEnd = end
                index = end + 1
                continue
            }
            if token.kind == .identifier, startsDeclaration(index), let modifierEnd = modifierEnd(at: index) {
                let modifier = Modifier(text: token.text, startIndex: index, endIndex: modifierEnd)
                modifiers.append(modifier)
                prefixModifiers.append(modifier)
                if prefixStart == nil { prefixStart = index }
                prefixEnd = modifierEnd
                index = modifierEnd + 1
                continue
            }
            if token.kind == .identifier, index == 0 || !tokens[index - 1].isSymbol(".") {
                switch token.text {
                case "func":
                    if let owner = frames.last?.type {
                        let function = try scanFunction(
                            at: index, owner: owner, attributes: prefixAttributes, modifiers: prefixModifiers,
                            start: prefixStart ?? index, conditions: conditions)
                        functions.append(function)
                    }
                    clearPrefix()
                    index += 1
                    continue
                case "class", "struct", "enum", "protocol", "extension", "actor":
                    if isTypeKeyword(at: index) {
                        // Local: inside a function, closure or accessor, or inside a local type.
                        let innermostType = frames.last?.type
                        let isLocal = !frames.isEmpty && (innermostType.map { types[$0].isLocal } ?? true)
                        let declaration = try scanTypeHead(
                            at: index, attributes: prefixAttributes, modifiers: prefixModifiers,
                            conditions: conditions, enclosing: innermostType, isLocal: isLocal)
                        types.append(declaration)
                        pendingBodies[declaration.bodyOpen] = types.count - 1
                        clearPrefix()
                        index = declaration.bodyOpen
                        continue
                    }
                case "var", "let", "subscript", "init":
                    if prefixModifiers.contains(where: { $0.text == "optional" }), token.text != "let" {
                        optionalNonMethods.append(index)
                    }
                case "import":
                    var next = index + 1
                    if next < tokens.count,
                        ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].contains(tokens[next].text)
                    {
                        next += 1
                    }
                    if next < tokens.count, tokens[next].kind == .identifier { importedModules.insert(tokens[next].name) }
                default:
                    break
                }
            }
            if token.isSymbol("{") {
                frames.append(Frame(type: pendingBodies[index]))
            } else if token.isSymbol("}") {
                if let frame = frames.popLast(), let type = frame.type { types[type].bodyClose = index }
            }
            clearPrefix()
            index += 1
        }
        if let open = conditionGroups.first {
            throw Failure(
                place: SourcePlace(line: tokens.last?.line ?? 1, column: 1), reason: "#if \(open.earlier[0]) is never closed by #endif")
        }
    }

    /// The last token of a declaration modifier starting at `index` (`private(set)` ends at
    /// `)`), or nil when the word is not a modifier here (`dynamic` as a variable's name).
    private func modifierEnd(at index: Int) -> Int? {
        let word = tokens[index].text
        guard declarationModifiers.contains(word) || word == "class" else { return nil }
        if index > 0, tokens[index - 1].isSymbol(".") { return nil }
        var end = index
        if ["private", "fileprivate", "internal", "public", "package", "open", "unowned", "nonisolated"].contains(word),
            index + 1 < tokens.count, tokens[index + 1].isSymbol("("), let close = partner[index + 1]
        {
            end = close
        }
        guard end + 1 < tokens.count else { return nil }
        let next = tokens[end + 1]
        if next.isSymbol("@") { return word == "class" ? nil : end }
        guard next.kind == .identifier else { return nil }
        // `class Foo` declares a type; `class func`, `class var` are modifiers.
        if word == "class" { return declarationKeywords.contains(next.text) || declarationModifiers.contains(next.text) ? end : nil }
        return declarationKeywords.contains(next.text) || declarationModifiers.contains(next.text) || next.text == "class" ? end : nil
    }

    private func isTypeKeyword(at index: Int) -> Bool {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return false }
        let next = tokens[index + 1].text
        if tokens[index].text == "extension" { return true }
        return !declarationKeywords.contains(next) && !declarationModifiers.contains(next)
    }

    /// Skips `<…>` starting at `index` (an operator token beginning with `<`); returns the index
    /// after the closing `>`.
    private func skipAngleBrackets(from index: Int) -> Int {
        var depth = 0, cursor = index
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.kind == .operatorSymbol {
                let text = token.text.replacingOccurrences(of: "->", with: "")
                for character in text {
                    if character == "<" { depth += 1 } else if character == ">" { depth -= 1 }
                }
                if depth <= 0 { return cursor + 1 }
            } else if let close = partner[cursor], token.isSymbol("(") || token.isSymbol("[") {
                cursor = close
            } else if token.isSymbol("{") || token.isSymbol("}") {
                return cursor
            }
            cursor += 1
        }
        return cursor
    }

    private mutating func scanTypeHead(
        at index: Int, attributes: [Attribute], modifiers: [Modifier], conditions: [String],
        enclosing: Int?, isLocal: Bool
    ) throws -> TypeDeclaration {
        let kind = TypeDeclaration.Kind(rawValue: tokens[index].text)!
        var cursor = index + 1
        var nameParts: [String] = []
        var isGeneric = false
        // The name, or for an extension a dotted path (`Outer.Inner`, `Array<Int>`).
        while cursor < tokens.count, tokens[cursor].kind == .identifier {
            nameParts.append(tokens[cursor].name)
            cursor += 1
            if cursor < tokens.count, tokens[cursor].kind == .operatorSymbol, tokens[cursor].text.hasPrefix("<") {
                if kind != .extension { isGeneric = true }
                cursor = skipAngleBrackets(from: cursor)
            }
            guard kind == .extension, cursor + 1 < tokens.count, tokens[cursor].isSymbol("."), tokens[cursor + 1].kind == .identifier else {
                break
            }
            cursor += 1
        }
        let name = nameParts.joined(separator: ".")
        var inherited: [String] = []
        if cursor < tokens.count, tokens[cursor].isSymbol(":") {
            cursor += 1
            var entry: [String] = []
            while cursor < tokens.count, !tokens[cursor].isSymbol("{"), !tokens[cursor].isWord("where") {
                let token = tokens[cursor]
                if token.isSymbol(",") {
                    if !entry.isEmpty { inherited.append(entry.joined()) }
                    entry = []
                } else if token.kind == .operatorSymbol, token.text.hasPrefix("<") {
                    cursor = skipAngleBrackets(from: cursor)
                    continue
                } else if token.isSymbol("@"), cursor + 1 < tokens.count {
                    cursor += 2 // `@unchecked Sendable`, `@preconcurrency P`
                    continue
                } else if !(token.isWord("any") || token.isWord("some")) {
                    entry.append(token.kind == .identifier ? token.name : token.text)
                }
                cursor += 1
            }
            if !entry.isEmpty { inherited.append(entry.joined()) }
        }
        while cursor < tokens.count, !tokens[cursor].isSymbol("{") {
            if tokens[cursor].isSymbol("}") || tokens[cursor].isSymbol(";") { break }
            if let close = partner[cursor], tokens[cursor].isSymbol("(") || tokens[cursor].isSymbol("[") { cursor = close }
            cursor += 1
        }
        guard cursor < tokens.count, tokens[cursor].isSymbol("{"), let close = partner[cursor] else {
            throw Failure(place: place(of: index), reason: "cannot find the body ('{') of \(kind.rawValue) \(name)")
        }
        let outerName = enclosing.map { types[$0].qualifiedName + "." } ?? ""
        return TypeDeclaration(
            kind: kind, name: name, qualifiedName: kind == .extension ? name : outerName + name,
            inherited: inherited, isGeneric: isGeneric, isLocal: isLocal,
            isFilePrivate: modifiers.contains { $0.text == "private" || $0.text == "fileprivate" },
            attributeNames: attributes.map(\.name), modifierNames: modifiers.map(\.text), keywordIndex: index, bodyOpen: cursor,
            bodyClose: close,
            conditions: conditions, enclosingType: enclosing)
    }

    private func scanFunction(
        at index: Int, owner: Int, attributes: [Attribute], modifiers: [Modifier], start: Int,
        conditions: [String]
    ) throws -> FunctionDeclaration {
        guard index + 1 < tokens.count else { throw Failure(place: place(of: index), reason: "a function without a name") }
        let name = tokens[index + 1].name
        var cursor = index + 2
        var isGeneric = false
        if cursor < tokens.count, tokens[cursor].kind == .operatorSymbol, tokens[cursor].text.hasPrefix("<") {
            isGeneric = true
            cursor = skipAngleBrackets(from: cursor)
        }
        guard cursor < tokens.count, tokens[cursor].isSymbol("("), let close = partner[cursor] else {
            throw Failure(place: place(of: index), reason: "cannot find the parameters of func \(name)")
        }
        var labels: [String] = [], types: [String] = [], texts: [String] = []
        for (first, last) in splitArguments(open: cursor, close: close) {
            // `label name: Type = default`, `name: Type`, `_ name: Type`.
            guard let colon = (first...last).first(where: { tokens[$0].isSymbol(":") }) else {
                throw Failure(place: place(of: first), reason: "cannot read a parameter of func \(name)")
            }
            labels.append(tokens[first].name)
            var typeEnd = last
            if let equals = (colon...last).first(where: { tokens[$0].isSymbol("=") }) { typeEnd = equals - 1 }
            types.append(text(colon + 1, typeEnd))
            texts.append(text(first, typeEnd))
        }
        cursor = close + 1
        var isAsync = false, throwsErrors = false, returnType: String?
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.isWord("async") || token.isWord("reasync") {
                isAsync = true; cursor += 1
            } else if token.isWord("throws") || token.isWord("rethrows") {
                throwsErrors = true
                cursor += 1
                if cursor < tokens.count, tokens[cursor].isSymbol("("), let typed = partner[cursor] { cursor = typed + 1 }
            } else {
                break
            }
        }
        var end = cursor - 1
        if cursor < tokens.count, tokens[cursor].isSymbol("->") {
            let first = cursor + 1
            cursor = first
            while cursor < tokens.count {
                let token = tokens[cursor]
                if cursor > first && token.isFirstOnLine { break }
                if token.isSymbol("{") || token.isSymbol("}") || token.isSymbol(";") || token.isSymbol("=") || token.isWord("where") {
                    break
                }
                if let close = partner[cursor], token.isSymbol("(") || token.isSymbol("[") { cursor = close + 1; continue }
                if token.kind == .operatorSymbol, token.text.hasPrefix("<") { cursor = skipAngleBrackets(from: cursor); continue }
                cursor += 1
            }
            returnType = text(first, cursor - 1)
            end = cursor - 1
        }
        if cursor < tokens.count, tokens[cursor].isWord("where") {
            while cursor < tokens.count, !tokens[cursor].isSymbol("{"), !tokens[cursor].isFirstOnLine || tokens[cursor].isWord("where") {
                cursor += 1
            }
            end = cursor - 1
        }
        if cursor < tokens.count, tokens[cursor].isSymbol("{"), let bodyClose = partner[cursor] { end = bodyClose }
        return FunctionDeclaration(
            name: name, labels: labels, parameterTypes: types, parameterTexts: texts, returnType: returnType,
            isAsync: isAsync, throwsErrors: throwsErrors, isGeneric: isGeneric, attributes: attributes,
            modifiers: modifiers, owner: owner, keywordIndex: index, startIndex: start, endIndex: end,
            conditions: conditions)
    }

    /// The arguments between brackets `open` and `close`, as token index ranges, split at the
    /// commas between them (not those inside nested brackets).
    package func splitArguments(open: Int, close: Int) -> [(first: Int, last: Int)] {
        var result: [(Int, Int)] = []
        var first = open + 1, cursor = open + 1
        while cursor < close {
            if tokens[cursor].isSymbol(",") {
                if first < cursor { result.append((first, cursor - 1)) }
                first = cursor + 1
            } else if let partnerIndex = partner[cursor], partnerIndex > cursor {
                cursor = partnerIndex
            } else if tokens[cursor].kind == .operatorSymbol, tokens[cursor].text.hasPrefix("<"), looksLikeGenericArguments(at: cursor) {
                cursor = skipAngleBrackets(from: cursor) - 1
            }
            cursor += 1
        }
        if first < close { result.append((first, close - 1)) }
        return result
    }

    /// `Dictionary<String, Int>` in a parameter list: `<` right after a name with no space.
    private func looksLikeGenericArguments(at index: Int) -> Bool {
        index > 0 && tokens[index - 1].kind == .identifier && !tokens[index].hasSpaceBefore && tokens[index].text == "<"
    }
}

/// Keywords that start a declaration.
package let declarationKeywords: Set<String> = [
    "func", "var", "let", "init", "deinit", "subscript", "typealias", "associatedtype", "case",
    "import", "struct", "enum", "protocol", "extension", "actor", "operator",
    "precedencegroup", "macro"
]
/// Modifiers that may come before a declaration keyword.
package let declarationModifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "final", "static",
    "override", "required", "convenience", "mutating", "nonmutating", "lazy", "weak",
    "unowned", "optional", "dynamic", "indirect", "prefix", "postfix", "infix",
    "nonisolated", "distributed", "consuming", "borrowing", "__consuming"
]
