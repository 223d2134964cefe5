import CLineBreaking
import FlipbookSupport
import Foundation

/// Sets text the way UILabel does: itemizes it (paragraphs, bidi runs, scripts), picks a font
/// for every grapheme cluster from a `FontCollection`, shapes runs with HarfBuzz, breaks lines
/// at UAX #14 opportunities (ICU), truncates with "…" and aligns. See docs/TEXT.md.
///
/// Thread-safe; layouts are cached by request, and every layout is a pure function of its
/// request and the font files, so the same text lays out the same on any thread.
/// `@unchecked Sendable`: the compiler cannot see that `lock` guards the cache and the warnings
/// (the fonts are thread-safe `FontCollection`s).
package final class Typesetter: @unchecked Sendable {
    /// The fonts text is set in.
    package let fonts: FontCollection
    private let warningHandler: (@Sendable (String) -> Void)?
    private let lock = NSLock()
    private var reported: Set<String> = []
    private var warningLog: [String] = []
    private var cache: [Request: TextLayout] = [:]
    /// Layouts kept before the cache is emptied (text rarely changes between frames; this bounds
    /// memory when it does, e.g. a counter).
    private static let cacheLimit = 2048
    /// Characters no font has that are named one by one in warnings, per layout.
    static let missingScalarsReported = 8

    private struct Request: Hashable {
        var text: String, style: TextStyle, maxWidth: Double?, lines: Int
        var mode: TextLayout.LineBreakMode, alignment: TextLayout.Alignment
    }

    /// A typesetter over `fonts`; `warningHandler` receives each warning once (e.g. a character
    /// no font has), as one line without a "warning:" prefix.
    package init(fonts: FontCollection, warningHandler: (@Sendable (String) -> Void)? = nil) {
        self.fonts = fonts
        self.warningHandler = warningHandler
    }

    /// Every warning reported so far, in order, each once.
    package var warnings: [String] {
        lock.lock()
        defer { lock.unlock() }
        return warningLog
    }

    /// Lays out `text` in `style`.
    ///
    /// - Parameters:
    ///   - maxWidthPoints: the width lines wrap or truncate at; nil = unlimited (one line per
    ///     paragraph). Must be > 0 when given.
    ///   - numberOfLines: the most lines shown, 0 = no limit (UILabel's default is 1).
    ///   - lineBreakMode: how lines wrap and how the last one ends when text is left over.
    ///   - alignment: where lines sit in the box (`maxWidthPoints`, else the widest line).
    /// Hard line breaks (LF, CR LF, CR, U+2028, U+2029, U+0085) start new paragraphs.
    package func layout(
        _ text: String, style: TextStyle, maxWidthPoints: Double? = nil, numberOfLines: Int = 1,
        lineBreakMode: TextLayout.LineBreakMode = .truncateTail,
        alignment: TextLayout.Alignment = .natural
    ) -> TextLayout {
        precondition(maxWidthPoints.map { $0 > 0 && !$0.isNaN } ?? true, "maxWidthPoints must be > 0, got \(maxWidthPoints!)")
        precondition(numberOfLines >= 0, "numberOfLines must be ≥ 0, got \(numberOfLines)")
        let request = Request(
            text: text, style: style, maxWidth: maxWidthPoints, lines: numberOfLines,
            mode: lineBreakMode, alignment: alignment)
        lock.lock()
        if let cached = cache[request] { lock.unlock(); return cached }
        lock.unlock()
        var setter = LineSetter(typesetter: self, request: request)
        let result = setter.run()
        // One warning per character, for the first few: a label of thousands of unassigned
        // characters gives a dozen lines, not thousands.
        for scalar in result.missingScalars.prefix(Self.missingScalarsReported) {
            warn(
                "no font has U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)) "
                    + "in \(InputText.quoted(text)); it is drawn as the .notdef box of \(fonts.primary(style.weight).familyName)")
        }
        if result.missingScalars.count > Self.missingScalarsReported {
            warn(
                "no font has \(result.missingScalars.count - Self.missingScalarsReported) more characters "
                    + "in \(InputText.quoted(text)); they are drawn as .notdef boxes")
        }
        lock.lock()
        defer { lock.unlock() }
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[request] = result
        return result
    }

    /// Reports `message` once per typesetter.
    private func warn(_ message: String) {
        lock.lock()
        let isNew = reported.insert(message).inserted
        if isNew { warningLog.append(message) }
        lock.unlock()
        if isNew { warningHandler?(message) }
    }

    /// The state of one layout: paragraphs, lines so far, the line limit.
    private struct LineSetter {
        let typesetter: Typesetter
        let request: Request
        var lines: [(shaped: ShapedLine, text: String, rightToLeft: Bool)] = []
        var truncated = false

        init(typesetter: Typesetter, request: Request) { self.typesetter = typesetter; self.request = request }

        var maxWidth: Double { request.maxWidth ?? .infinity }
        var style: TextStyle { request.style }

        mutating func run() -> TextLayout {
            let paragraphs = Typesetter.paragraphs(request.text)
            for (index, paragraph) in paragraphs.enumerated() {
                let limitReached = request.lines > 0 && lines.count >= request.lines
                if limitReached { truncated = true; break }
                let analysed = AnalysedText(paragraph)
                setParagraph(analysed, followedByMore: index + 1 < paragraphs.count)
            }
            if request.lines > 0, lines.count > request.lines {
                lines.removeLast(lines.count - request.lines)
                truncated = true
            }
            return assemble()
        }

        /// Breaks one paragraph into lines (greedy, as TextKit does), truncating the last allowed one.
        mutating func setParagraph(_ text: AnalysedText, followedByMore: Bool) {
            let count = text.scalars.count
            if count == 0 {
                lines.append((ShapedLine(runs: [], widthPoints: 0, fonts: [], missingScalars: []), "", text.isRightToLeft))
                return
            }
            let clusters = Array(text.clusterBoundaries.dropFirst())
            let opportunities = request.mode == .charWrap ? clusters : Typesetter.lineBreakOpportunities(text)
            var start = 0
            while start < count {
                let isLastAllowed = request.lines > 0 && lines.count == request.lines - 1
                if isLastAllowed, [.truncateHead, .truncateTail, .truncateMiddle, .clip].contains(request.mode) {
                    setLastLine(text, from: start, moreFollows: followedByMore)
                    return
                }
                let end = lineEnd(text, from: start, opportunities: opportunities, clusters: clusters)
                appendLine(text, start..<end)
                start = end
                if isLastAllowed && start < count { truncated = true; return }
            }
        }

        /// The end of the line starting at `start`: the furthest break opportunity whose line
        /// (trailing spaces excluded) fits; a word wider than the line breaks between
        /// grapheme clusters (at least one cluster per line). `clusters` are the paragraph's
        /// cluster boundaries after 0; `opportunities` are among them.
        ///
        /// Only candidates up to `measuringLimit` are measured: none beyond it can fit, and
        /// measuring from every line to the paragraph's end made setting a paragraph quadratic
        /// (4 KB of one word at one glyph per line: 23 s). When the rest of the paragraph is
        /// within the limit, the candidates and the searches are exactly those of measuring all.
        func lineEnd(_ text: AnalysedText, from start: Int, opportunities: [Int], clusters: [Int]) -> Int {
            let following = clusters[Typesetter.firstIndex(in: clusters, above: start)...]
            guard maxWidth.isFinite else { return opportunities[opportunities.count - 1] }
            let limit = measuringLimit(text, from: start, following: following)
            let candidates = opportunities[
                Typesetter.firstIndex(in: opportunities, above: start)..<Typesetter.firstIndex(in: opportunities, above: limit)]
            if let last = candidates.last, width(text, start..<last) <= maxWidth { return last }
            if let best = largestFitting(candidates, { width(text, start..<$0) }) { return best }
            let clusterCandidates = following[..<Typesetter.firstIndex(in: clusters, above: limit)]
            return largestFitting(clusterCandidates, { width(text, start..<$0) }) ?? following[following.startIndex]
        }

        /// How much wider than `maxWidth` a measured stretch must be before nothing longer is
        /// measured. Widths grow with the end except for small effects (kerning, an Arabic
        /// letter's final form being narrower than its medial one): a stretch this much wider
        /// than the line cannot become a fitting line by growing.
        static let measuringFactor = 4.0

        /// A cluster boundary beyond which no line from `start` fits: the first of `following`
        /// at 1, 2, 4, 8, … clusters whose stretch is wider than `measuringFactor` × `maxWidth`,
        /// else the paragraph's end. Costs widths of at most twice the returned stretch, in all
        /// O(L) for a line of L clusters.
        func measuringLimit(_ text: AnalysedText, from start: Int, following: ArraySlice<Int>) -> Int {
            var offset = 0
            while following.startIndex + offset < following.endIndex - 1 {
                let end = following[following.startIndex + offset]
                if width(text, start..<end) > Self.measuringFactor * maxWidth { return end }
                offset = 2 * offset + 1
            }
            return following[following.endIndex - 1]
        }

        /// The largest candidate whose width fits, by binary search (widths grow with the end).
        func largestFitting(_ candidates: ArraySlice<Int>, _ widthOf: (Int) -> Double) -> Int? {
            var low = candidates.startIndex, high = candidates.endIndex - 1, best: Int?
            while low <= high {
                let middle = (low + high) / 2
                if widthOf(candidates[middle]) <= maxWidth { best = candidates[middle]; low = middle + 1 } else { high = middle - 1 }
            }
            return best
        }

        /// The shaped width of `range` without its trailing whitespace.
        func width(_ text: AnalysedText, _ range: Range<Int>) -> Double {
            typesetter.shapeLine(text[Typesetter.trimmingTrailingSpaces(text, range)], style: style).widthPoints
        }

        mutating func appendLine(_ text: AnalysedText, _ range: Range<Int>) {
            let trimmed = text[Typesetter.trimmingTrailingSpaces(text, range)]
            lines.append((typesetter.shapeLine(trimmed, style: style), Typesetter.string(trimmed.scalars), text.isRightToLeft))
        }

        /// The last allowed line: the rest of the paragraph, truncated by the mode when it does
        /// not fit or more text follows.
        mutating func setLastLine(_ text: AnalysedText, from start: Int, moreFollows: Bool) {
            let rest = Typesetter.trimmingTrailingSpaces(text, start..<text.scalars.count)
            let whole = text[rest]
            let shaped = typesetter.shapeLine(whole, style: style)
            if request.mode == .clip || (shaped.widthPoints <= maxWidth && !moreFollows) {
                lines.append((shaped, Typesetter.string(whole.scalars), text.isRightToLeft))
                truncated = truncated || moreFollows
                return
            }
            truncated = true
            let clusters = Array(whole.clusterBoundaries.dropLast()) // cluster starts, relative to `rest`
            let count = clusters.count
            // Keep `kept` clusters: from the start (tail mode), the end (head) or both halves (middle).
            let mode = request.mode
            let build: (Int) -> AnalysedText = { kept in
                let headCount: Int, tailCount: Int
                switch mode {
                case .truncateHead: headCount = 0; tailCount = kept
                case .truncateMiddle: headCount = (kept + 1) / 2; tailCount = kept / 2
                default: headCount = kept; tailCount = 0
                }
                let headEnd = headCount < count ? clusters[headCount] : whole.scalars.count
                let tailStart = tailCount == 0 ? whole.scalars.count : clusters[count - tailCount]
                return Typesetter.ellipsized(whole, head: 0..<headEnd, tail: tailStart..<whole.scalars.count)
            }
            let keptCounts = Array(0...max(0, moreFollows ? count : count - 1))
            let typesetter = self.typesetter, style = self.style
            let kept = largestFitting(keptCounts[...], { typesetter.shapeLine(build($0), style: style).widthPoints }) ?? 0
            let line = build(kept)
            lines.append((typesetter.shapeLine(line, style: style), Typesetter.string(line.scalars), text.isRightToLeft))
        }

        /// Stacks the lines: heights from the fonts' metrics, x from the alignment.
        func assemble() -> TextLayout {
            let primary = typesetter.fonts.primary(style.weight).lineMetrics(sizePoints: style.sizePoints)
            let leading = max(0, primary.lineHeightPoints - primary.ascenderPoints + primary.descenderPoints)
            let widest = lines.map(\.shaped.widthPoints).max() ?? 0
            let box = request.maxWidth ?? widest
            var top = 0.0
            var result: [TextLayout.Line] = []
            var missing: [Unicode.Scalar] = [], seen = Set<Unicode.Scalar>()
            for (index, line) in lines.enumerated() {
                var ascent = primary.ascenderPoints, descent = -primary.descenderPoints
                for font in line.shaped.fonts {
                    let metrics = font.lineMetrics(sizePoints: style.sizePoints)
                    ascent = max(ascent, metrics.ascenderPoints)
                    descent = max(descent, -metrics.descenderPoints)
                }
                if index > 0 { top += leading }
                let baseline = top + ascent
                let x: Double
                switch request.alignment {
                case .left: x = 0
                case .right: x = box - line.shaped.widthPoints
                case .center: x = (box - line.shaped.widthPoints) / 2
                case .natural: x = line.rightToLeft ? box - line.shaped.widthPoints : 0
                }
                let runs = line.shaped.runs.map { $0.offset(x: x, y: baseline) }
                result.append(
                    TextLayout.Line(
                        runs: runs, text: line.text, xPoints: x, widthPoints: line.shaped.widthPoints,
                        baselinePoints: baseline, ascentPoints: ascent, descentPoints: descent,
                        isRightToLeft: line.rightToLeft))
                top = baseline + descent
                for scalar in line.shaped.missingScalars where seen.insert(scalar).inserted { missing.append(scalar) }
            }
            return TextLayout(
                lines: result, widthPoints: widest, heightPoints: top, boxWidthPoints: box,
                isTruncated: truncated, missingScalars: missing)
        }
    }

    /// The position of the first element of the ascending `values` above `value` (`endIndex`
    /// when none is), by binary search.
    static func firstIndex(in values: [Int], above value: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] > value { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Splits at hard line breaks: CR LF, LF, CR, NEL, LS, PS (UAX #14 classes BK, CR, LF, NL).
    static func paragraphs(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { character in
            character == "\n" || character == "\r\n" || character == "\r" || character == "\u{85}"
                || character == "\u{2028}" || character == "\u{2029}" || character == "\u{0B}" || character == "\u{0C}"
        }
    }

    /// `range` without trailing whitespace (the spaces at a line's end hang past the edge, as in UIKit).
    static func trimmingTrailingSpaces(_ text: AnalysedText, _ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, text.scalars[end - 1].properties.isWhitespace, text.clusterStarts[end - 1] { end -= 1 }
        return range.lowerBound..<end
    }

    /// head + "…" + tail of `text` (spaces next to the ellipsis removed), re-analysed for bidi
    /// with the paragraph's direction: a truncated line is a new string, as in CoreText.
    static func ellipsized(_ text: AnalysedText, head: Range<Int>, tail: Range<Int>) -> AnalysedText {
        var headEnd = head.upperBound
        while headEnd > head.lowerBound, text.scalars[headEnd - 1].properties.isWhitespace, text.clusterStarts[headEnd - 1] { headEnd -= 1 }
        var tailStart = tail.lowerBound
        while tailStart < tail.upperBound, text.scalars[tailStart].properties.isWhitespace,
            tailStart + 1 == text.scalars.count || text.clusterStarts[tailStart + 1]
        { tailStart += 1 }
        let scalars = Array(text.scalars[head.lowerBound..<headEnd]) + ["\u{2026}"] + Array(text.scalars[tailStart..<tail.upperBound])
        let starts = Array(text.clusterStarts[head.lowerBound..<headEnd]) + [true] + Array(text.clusterStarts[tailStart..<tail.upperBound])
        return AnalysedText(scalars: scalars, clusterStarts: starts, rightToLeft: text.isRightToLeft)
    }

    /// Line-break opportunities (UAX #14, ICU's line break iterator, root locale) as scalar
    /// indices a line may end before, ascending, ending with the text's length; only those on
    /// grapheme cluster boundaries are kept (so an emoji sequence never splits).
    static func lineBreakOpportunities(_ text: AnalysedText) -> [Int] {
        var utf16: [UInt16] = []
        var scalarAtUTF16: [Int] = []
        for (index, scalar) in text.scalars.enumerated() {
            for unit in UTF16.encode(scalar)! {
                utf16.append(unit)
                scalarAtUTF16.append(index)
            }
        }
        scalarAtUTF16.append(text.scalars.count)
        var boundaries = [Int32](repeating: 0, count: utf16.count + 1)
        let found = fb_line_break_opportunities(utf16, Int32(utf16.count), "", &boundaries, Int32(boundaries.count), nil)
        // ICU without its data cannot break lines: then break after spaces, which still wraps
        // Latin text (the text is drawn either way).
        guard found >= 0 else { return spaceOpportunities(text) }
        var result: [Int] = []
        for boundary in boundaries.prefix(Int(found)) {
            let index = scalarAtUTF16[Int(boundary)]
            if index == text.scalars.count || text.clusterStarts[index], result.last != index, index > 0 { result.append(index) }
        }
        if result.last != text.scalars.count { result.append(text.scalars.count) }
        return result
    }

    /// Fallback break opportunities after whitespace.
    private static func spaceOpportunities(_ text: AnalysedText) -> [Int] {
        let count = text.scalars.count
        return (1..<count).filter {
            text.clusterStarts[$0] && text.scalars[$0 - 1].properties.isWhitespace
                && !text.scalars[$0].properties.isWhitespace
        } + [count]
    }

    static func string(_ scalars: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}

extension GlyphRun {
    /// The run moved by (x, y) points.
    func offset(x dx: Double, y dy: Double) -> GlyphRun {
        GlyphRun(
            font: font, sizePoints: sizePoints, isRightToLeft: isRightToLeft, text: text,
            glyphs: glyphs.map { Glyph(id: $0.id, x: $0.x + dx, y: $0.y + dy, advance: $0.advance) })
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
