/// "Did you mean …?" for near misses: the one matcher for commands, presets, options, curve and
/// device names on the command line and for keys and names in transition, gesture and manifest
/// files. `package`: shared by the package's modules, not part of `import Flipbook`.
package enum Suggestions {
    /// How names are compared: case-insensitive, `_` and `-` ignored (`zoom_push`, `ZoomPush` and
    /// `zoom-push` are the same word).
    package static func key(_ text: String) -> String {
        String(text.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// The candidates closest to `typed` (at most three, in `candidates` order, all equally
    /// close); empty when none is close.
    ///
    /// Close means: equal up to case and separators; or an edit distance (insertions, deletions,
    /// substitutions, swaps of neighbours) of at most 1 for words of up to 3 letters, 2 up to 6,
    /// 3 beyond — `rendr`, `pushh`, `fsp`, `springg`; or `typed` is at least 4 letters, reads as
    /// the candidate with letters left out and is at least half its length (`easeinout` for
    /// `easeInEaseOut`). Among close candidates, those holding every typed letter in order win,
    /// then the smallest distance.
    ///
    /// Linear in the length of the text compared: nothing is suggested for a `typed` longer than
    /// `maximumTypedLength` characters, and a candidate whose length differs from `typed`'s by
    /// more than the distance allowed (and is no abbreviation's length) is skipped before the
    /// edit distance, whose cost is the product of the two lengths.
    package static func nearest(_ typed: String, in candidates: [String]) -> [String] {
        // Each character is at least one UTF-8 byte: a cheap test before reading a long text.
        guard typed.utf8.count <= 4 * maximumTypedLength else { return [] }
        let a = Array(key(typed))
        guard !a.isEmpty, a.count <= maximumTypedLength else { return [] }
        let allowed = a.count <= 3 ? 1 : a.count <= 6 ? 2 : 3
        var scored: [(candidate: String, score: Int)] = []
        for candidate in candidates {
            let b = Array(key(candidate))
            // The edit distance is at least the difference in length; an abbreviation is at most
            // twice as long as what was typed and at least as long.
            let abbreviationLength = a.count >= 4 && b.count >= a.count && b.count <= 2 * a.count
            guard abs(a.count - b.count) <= allowed || abbreviationLength else { continue }
            let distance = editDistance(a, b)
            let onlyLettersLeftOut = isSubsequence(a, of: b)
            let abbreviation = abbreviationLength && onlyLettersLeftOut
            // A candidate that holds every typed letter in order ranks first: `easeinout` means
            // easeInEaseOut (4 letters left out), not easeOut (2 edits, but "in" was typed).
            if distance <= allowed || abbreviation { scored.append((candidate, distance + (onlyLettersLeftOut ? 0 : 1000))) }
        }
        guard let best = scored.map(\.score).min() else { return [] }
        return Array(scored.filter { $0.score == best }.map(\.candidate).prefix(3))
    }

    /// The longest name (in characters, separators left out) that gets a suggestion: far beyond
    /// any command, option, key or layer name a person types; a longer one is no near miss of
    /// a short name, and the edit distance would cost its length times each candidate's.
    package static let maximumTypedLength = 100

    /// "; did you mean 'push'?" or "; did you mean 'easeIn' or 'easeOut'?" (with `prefix`, e.g.
    /// "--"), or "" when there is no suggestion.
    package static func didYouMean(_ typed: String, in candidates: [String], prefix: String = "") -> String {
        let names = nearest(typed, in: candidates).map { InputText.singleQuoted(prefix + $0) }
        guard let last = names.last else { return "" }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
        return "; did you mean \(list)?"
    }

    /// The same suggestion in the style of file errors, which quote JSON strings: ` (did you mean
    /// "spring"?)` or ` (did you mean "easeIn" or "easeOut"?)`, or "" when there is none.
    package static func fileHint(_ typed: String, in candidates: [String]) -> String {
        let names = nearest(typed, in: candidates).map(InputText.quoted)
        guard let last = names.last else { return "" }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
        return " (did you mean \(list)?)"
    }

    /// Optimal-string-alignment distance: Levenshtein plus the swap of two neighbours (`fsp` → `fps` is 1).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// True when every letter of `a` appears in `b` in order.
    static func isSubsequence(_ a: [Character], of b: [Character]) -> Bool {
        var index = b.startIndex
        for letter in a {
            guard let found = b[index...].firstIndex(of: letter) else { return false }
            index = found + 1
        }
        return true
    }
}
