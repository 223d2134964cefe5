import FlipbookGeometry
import FlipbookModel
import FlipbookSupport
import Foundation

/// How one frame of a sequence differs from its lock.
package struct SequenceFrameDifference: Sendable, Equatable {
    /// What changed.
    package enum Kind: String, Sendable {
        /// The display list changed (and usually the pixels with it): geometry, colour, opacity,
        /// text, or the frame's index, time or progress.
        case geometry
        /// The display list is the same but the pixels are not: the rasterizer, a decoder or a
        /// font library changed.
        case pixels
        /// The frame is in only one of the two sequences.
        case missing
    }

    /// The frame's index.
    package var index: Int
    /// What changed.
    package var kind: Kind
    /// The changes in words, e.g. `op 3 image $MANIFEST/a.jpg: rect.y 331 → 333`.
    package var changes: [String]
}

extension SequenceLock {
    /// The frames of `actual` that differ from this (expected) lock, in order; empty when every
    /// frame has the same display list and pixel hash. Locks of different formats differ in
    /// every frame (their hashes cannot be compared): make `actual` in this lock's `format`.
    /// `layerNames` (`RenderJob.layerNamesOfLockLines` of the render `actual` was made from)
    /// names the layer of each changed op, for the first `namedFrames` frames whose ops changed.
    package func differences(
        to actual: SequenceLock, layerNames: ((Int) -> [String: String])? = nil,
        namedFrames: Int = 20
    ) -> [SequenceFrameDifference] {
        var result: [SequenceFrameDifference] = []
        var named = 0
        let count = max(frames.count, actual.frames.count)
        for position in 0..<count {
            guard position < frames.count, position < actual.frames.count else {
                let index = position < frames.count ? frames[position].index : actual.frames[position].index
                let side = position < frames.count ? "only in the lock" : "only in the new render"
                result.append(SequenceFrameDifference(index: index, kind: .missing, changes: ["frame \(index) is \(side)"]))
                continue
            }
            let expected = frames[position], got = actual.frames[position]
            // The frame's place on the timeline is part of its display list (listed after the
            // ops, which say more when both changed, as with another spring).
            var timing: [String] = []
            if expected.index != got.index { timing.append("index \(expected.index) → \(got.index)") }
            if expected.timeSeconds != got.timeSeconds {
                timing.append("time " + Self.readable(JSON.number(expected.timeSeconds), JSON.number(got.timeSeconds)))
            }
            if expected.progress != got.progress {
                timing.append("progress " + Self.readable(JSON.number(expected.progress), JSON.number(got.progress)))
            }
            if expected.ops != got.ops || !timing.isEmpty {
                var names: [String: String] = [:]
                if expected.ops != got.ops, named < namedFrames, let layerNames {
                    names = layerNames(got.index)
                    named += 1
                }
                result.append(
                    SequenceFrameDifference(
                        index: got.index, kind: .geometry,
                        changes: (expected.ops == got.ops ? [] : Self.describe(from: expected.ops, to: got.ops, layerNames: names)) + timing
                    ))
            } else if format != actual.format {
                // Hashes of two formats say nothing about each other: never call them equal.
                result.append(
                    SequenceFrameDifference(
                        index: got.index, kind: .pixels,
                        changes: [
                            "same display list; pixel hashes of lock formats \(format) and \(actual.format) cannot be compared "
                                + "(make the new lock with format \(format))"
                        ]))
            } else if expected.pixelHash != got.pixelHash {
                result.append(
                    SequenceFrameDifference(
                        index: got.index, kind: .pixels,
                        changes: [
                            "same display list, other pixels (hash \(Self.hex(expected.pixelHash)) → \(Self.hex(got.pixelHash)))"
                        ]))
            }
        }
        return result
    }

    /// The changes from one frame's ops to another's in words, op by op when the counts match.
    /// `layerNames` (trimmed line of `new` → layer name) adds the layer that draws an op:
    /// `op 5 image "$RESOURCES/a.jpg" of 'UIImageView #22': rect.y 331 → 333`.
    package static func describe(from old: [String], to new: [String], layerNames: [String: String] = [:]) -> [String] {
        func of(_ line: String) -> String {
            layerNames[String(line.drop { $0 == " " })].map { " of " + InputText.singleQuoted($0) } ?? ""
        }
        guard old.count == new.count else {
            var lines = ["\(old.count) ops → \(new.count) ops"]
            let oldSet = Set(old), newSet = Set(new)
            for line in old where !newSet.contains(line) {
                lines.append("removed: " + InputText.excerpt(line.trimmingCharacters(in: .whitespaces)))
            }
            for line in new where !oldSet.contains(line) {
                lines.append("added: " + InputText.excerpt(line.trimmingCharacters(in: .whitespaces)) + of(line))
            }
            return Array(lines.prefix(12))
        }
        var lines: [String] = []
        for (position, (a, b)) in zip(old, new).enumerated() where a != b {
            lines.append("op \(position) \(name(of: b))\(of(b)): " + fieldChanges(a, b).joined(separator: ", "))
        }
        return lines
    }

    /// The op's kind and its quoted name, if any (`image "$MANIFEST/a.jpg"`), as a message shows
    /// input (`InputText`).
    static func name(of line: String) -> String {
        let parts = tokens(line)
        guard let kind = parts.first else { return "" }
        if parts.count > 1, parts[1].hasPrefix("\"") { return InputText.excerpt(kind) + " " + InputText.excerpt(parts[1]) }
        return InputText.excerpt(kind)
    }

    static func tokens(_ line: String) -> [String] {
        line.split(separator: " ").map(String.init)
    }

    /// Component names of the comma lists, for `rect.y 331 → 333`.
    static let componentNames: [String: [String]] = [
        "rect": ["x", "y", "width", "height"], "clip": ["x", "y", "width", "height"],
        "clipCornerRect": ["x", "y", "width", "height"], "mask.rect": ["x", "y", "width", "height"],
        "color": ["red", "green", "blue", "alpha"], "origin": ["x", "y"],
        "transform": ["a", "b", "c", "d", "tx", "ty"], "mask.transform": ["a", "b", "c", "d", "tx", "ty"]
    ]

    /// `old → new`, numbers rounded to 3 decimals unless that would hide the change
    /// (`331.027 → 282.909`, `0.4 → 0.5`, `1 → 1.0000000000000002`); other text as a message
    /// shows input (`InputText`: a lock's values may hold anything).
    static func readable(_ old: String, _ new: String) -> String {
        guard let a = Double(old), let b = Double(new) else { return "\(InputText.excerpt(old)) → \(InputText.excerpt(new))" }
        let shortA = JSON.number((a * 1000).rounded() / 1000), shortB = JSON.number((b * 1000).rounded() / 1000)
        return shortA == shortB ? "\(old) → \(new)" : "\(shortA) → \(shortB)"
    }

    /// `key old → new` for every field that differs, comma lists component by component; text
    /// from the lines is shown as a message shows input (`InputText`).
    package static func fieldChanges(_ old: String, _ new: String) -> [String] {
        let shown = { (text: String) in InputText.excerpt(text) }
        func fields(_ line: String) -> (head: [String], values: [(String, String)]) {
            var head: [String] = [], values: [(String, String)] = []
            for token in tokens(line) {
                if let equals = token.firstIndex(of: "="), !token.hasPrefix("\"") {
                    values.append((String(token[..<equals]), String(token[token.index(after: equals)...])))
                } else {
                    head.append(token)
                }
            }
            return (head, values)
        }
        let a = fields(old), b = fields(new)
        var changes: [String] = []
        if a.head != b.head { changes.append("\(shown(a.head.joined(separator: " "))) → \(shown(b.head.joined(separator: " ")))") }
        let oldValues = Dictionary(a.values, uniquingKeysWith: { first, _ in first })
        let newValues = Dictionary(b.values, uniquingKeysWith: { first, _ in first })
        for (key, value) in b.values where oldValues[key] != value {
            guard let before = oldValues[key] else { changes.append("\(shown(key)) (none) → \(shown(value))"); continue }
            let x = before.split(separator: ","), y = value.split(separator: ",")
            if x.count == y.count, x.count > 1 {
                let names = componentNames[key] ?? (0..<x.count).map { "\($0)" }
                for (component, (p, q)) in zip(names, zip(x, y)) where p != q {
                    changes.append("\(shown(key)).\(shown(component)) \(readable(String(p), String(q)))")
                }
            } else {
                changes.append("\(shown(key)) \(readable(before, value))")
            }
        }
        for (key, value) in a.values where newValues[key] == nil { changes.append("\(shown(key)) \(shown(value)) → (none)") }
        return changes
    }
}
