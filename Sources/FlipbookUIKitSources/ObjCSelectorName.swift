/// The Objective-C selector Swift gives a method, from its Swift name, when no `@objc(name)`
/// says otherwise: `tap()` → `tap`, `handlePan(_:)` → `handlePan:`, `tap(sender:)` →
/// `tapWithSender:`, `move(to:)` → `moveTo:` (no "With" before a preposition, nor after a base
/// name ending in one: `scrollTo(index:)` → `scrollToIndex:`), `tableView(_:didSelectRowAt:)` →
/// `tableView:didSelectRowAt:`. This is the rule the Swift compiler applies to `@objc` methods
/// (its "With" rule and its list of English prepositions).
package enum ObjCSelectorName {
    /// The selector of a method named `base` with argument `labels` (`_` for none).
    package static func method(base: String, labels: [String]) -> String {
        guard let first = labels.first else { return base }
        var firstPiece = base
        if first != "_" {
            if !isPreposition(firstWord(of: first)) && !isPreposition(lastWord(of: base)) { firstPiece += "With" }
            firstPiece += capitalized(first)
        }
        return firstPiece + ":" + labels.dropFirst().map { ($0 == "_" ? "" : $0) + ":" }.joined()
    }

    /// A property's getter selector: its name.
    package static func getter(property: String) -> String { property }

    /// A property's setter selector: `setName:`.
    package static func setter(property: String) -> String { "set" + capitalized(property) + ":" }

    private static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// Camel-case words: `didSelectRowAt` → did, Select, Row, At; `URLForKey` → URL, For, Key.
    static func words(of identifier: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(identifier)
        for (index, character) in characters.enumerated() {
            if character == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let startsWord =
                character.isUppercase && !current.isEmpty
                && (!(characters[index - 1].isUppercase) || (index + 1 < characters.count && characters[index + 1].isLowercase))
            if startsWord { words.append(current); current = "" }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func firstWord(of identifier: String) -> String { words(of: identifier).first ?? "" }
    private static func lastWord(of identifier: String) -> String { words(of: identifier).last ?? "" }

    private static func isPreposition(_ word: String) -> Bool { prepositions.contains(word.lowercased()) }

    /// The English prepositions Swift's naming rules recognise.
    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from", "given", "in",
        "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to", "until", "using", "via",
        "when", "with", "within"
    ]
}
