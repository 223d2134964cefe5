import FlipbookModel

/// What a review page's script reads (docs/REVIEW.md): the title, the sides, the frames with
/// their facts, scores and changes, written as JSON into the page's `<script id="data">`
/// element. Every text in it may come from a pull request — folder names, a timeline's device
/// and phases, a lock's op lines, `--rerecord` — so the JSON is made safe for a script element
/// here, in one place (`scriptSafe`).
package struct ReviewPageData: Sendable {
    /// What the page says about one frame.
    package struct Frame: Sendable {
        package var index: Int
        package var timeSeconds: Double
        package var progress: Double
        package var phase: String?
        /// Two sides: mean, 99th percentile and largest ΔE of this frame; nil with one side.
        package var scores: (mean: Double, p99: Double, max: Double, differingPixels: Int)?
        /// The display-list changes of this frame in words (empty when none or unknown).
        package var changes: [String] = []
        /// On a common time axis of sides whose frame times differ: per side, the index of the
        /// frame it shows here and whether that frame is held (its time is not this one's: the
        /// side ended, or has no frame at this time). Nil when every side shows frame `index`.
        package var sideFrames: [(index: Int, held: Bool)]?

        package init(
            index: Int, timeSeconds: Double, progress: Double, phase: String?,
            scores: (mean: Double, p99: Double, max: Double, differingPixels: Int)? = nil, changes: [String] = []
        ) {
            self.index = index; self.timeSeconds = timeSeconds; self.progress = progress; self.phase = phase
            self.scores = scores; self.changes = changes
        }
    }

    package var title: String
    /// Each side's label, in order; side K's frames are in the folder `sideK`.
    package var sideLabels: [String]
    package var frames: [Frame]
    package var framesPerSecond: Double
    /// `key: value` facts of the whole sequence.
    package var facts: [(String, String)]
    package var rerecordCommand: String?
    /// Each side's own timing curve, overlaid on the page's plot, with two sides or more;
    /// empty: the plot shows `frames`' progress.
    package var curves: [Curve] = []

    /// One side's timing: what the page overlays and where it marks the side's end.
    package struct Curve: Sendable {
        /// The side's label.
        package var label: String
        /// Per frame of the side, in order: its time in seconds and the timing's progress.
        package var points: [(timeSeconds: Double, progress: Double)]
        /// The page position (0-based) from which the side shows its last frame.
        package var endPosition: Int

        package init(label: String, points: [(timeSeconds: Double, progress: Double)], endPosition: Int) {
            self.label = label; self.points = points; self.endPosition = endPosition
        }
    }

    package init(
        title: String, sideLabels: [String], frames: [Frame], framesPerSecond: Double, facts: [(String, String)],
        rerecordCommand: String?, curves: [Curve] = []
    ) {
        self.title = title; self.sideLabels = sideLabels; self.frames = frames; self.framesPerSecond = framesPerSecond
        self.facts = facts; self.rerecordCommand = rerecordCommand; self.curves = curves
    }

    /// The file name of the frame at `position` in each side's folder: `f00042.png`.
    package static func frameName(_ position: Int) -> String {
        let digits = String(position)
        return "f" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// The data as JSON, safe inside a script element (`scriptSafe`).
    package var json: String {
        var out = "{\"title\": \(JSON.string(title)), \"fps\": \(JSON.number(framesPerSecond)), "
        out +=
            "\"sides\": ["
            + sideLabels.enumerated().map { number, label in
                "{\"label\": \(JSON.string(label)), \"folder\": \"side\(number)\"}"
            }.joined(separator: ", ") + "], "
        out += "\"files\": [" + frames.indices.map { JSON.string(Self.frameName($0)) }.joined(separator: ", ") + "], "
        out += "\"facts\": [" + facts.map { "[\(JSON.string($0.0)), \(JSON.string($0.1))]" }.joined(separator: ", ") + "], "
        out += "\"rerecord\": " + (rerecordCommand.map(JSON.string) ?? "null") + ",\n"
        out +=
            "\"curves\": ["
            + curves.map { curve in
                "{\"label\": \(JSON.string(curve.label)), \"end\": \(curve.endPosition), \"points\": ["
                    + curve.points.map { "[\(JSON.number($0.timeSeconds)), \(JSON.number($0.progress))]" }.joined(separator: ", ") + "]}"
            }.joined(separator: ",\n") + "],\n\"frames\": [\n"
        out += frames.map { frame in
            var item =
                "{\"index\": \(frame.index), \"time\": \(JSON.number(frame.timeSeconds)), \"progress\": \(JSON.number(frame.progress))"
            if let phase = frame.phase { item += ", \"phase\": \(JSON.string(phase))" }
            if let scores = frame.scores {
                item +=
                    ", \"mean\": \(JSON.number(scores.mean)), \"p99\": \(JSON.number(scores.p99)), "
                    + "\"max\": \(JSON.number(scores.max)), \"differing\": \(scores.differingPixels)"
            }
            if !frame.changes.isEmpty { item += ", \"changes\": [" + frame.changes.map(JSON.string).joined(separator: ", ") + "]" }
            if let sides = frame.sideFrames {
                item += ", \"sides\": [" + sides.map { "[\($0.index), \($0.held)]" }.joined(separator: ", ") + "]"
            }
            return item + "}"
        }.joined(separator: ",\n")
        out += "\n]}"
        return Self.scriptSafe(out)
    }

    /// JSON text that can sit inside an HTML `<script>` element and still parse as the same
    /// JSON: every `<` written as `\u003c` (so no `</script` ends the element early and no `<!--`
    /// puts the parser in the state where the end tag is not seen: either left the page blank),
    /// and the line and paragraph separators U+2028 and U+2029 as `\u2028`, `\u2029` (line
    /// ends to a JavaScript engine older than ES2019). These characters occur in JSON only
    /// inside strings, where the escape stands for the same character.
    package static func scriptSafe(_ json: String) -> String {
        // 0xE2 leads the UTF-8 of U+2028 and U+2029: most pages have neither it nor "<".
        guard json.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == 0xE2 }) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out.append(contentsOf: "\\u003c".unicodeScalars)
            case "\u{2028}": out.append(contentsOf: "\\u2028".unicodeScalars)
            case "\u{2029}": out.append(contentsOf: "\\u2029".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
