import Foundation
import XCTest
import Flipbook
import FlipbookTesting
import FlipbookModel
import FlipbookScenes
import FlipbookFormats

/// Display-list goldens of every preset: what is drawn where, as the JSON `flipbook inspect
/// PRESET --frame K` prints (one op per line), at the frames the image goldens show (first, middle
/// or the spring's first peak, last; card-push also during its follow-up), iPhone 8 at 1×.
/// A geometry change shows here as a readable line diff before it shows as pixels.
///
/// References: `__DisplayLists__/<preset>-<frame>.json`, compared as text. Image paths are
/// written relative to the package (`$PACKAGE/Samples/…`) so the files hold on every clone.
/// Record with `FLIPBOOK_RECORD=missing|failed|all` like the image goldens (docs/GOLDENS.md); a
/// run that writes a reference fails, naming it.
final class DisplayListGoldenTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__DisplayLists__")

    /// The frames and options of each preset, as in PresetGoldenTests.
    static let cases: [(preset: TransitionPreset, select: Int, returnIndex: Int?, frames: (Int) -> [Int])] = [
        (.push, 3, nil, { [0, 15, $0] }), (.pop, 3, 9, { [0, 15, $0] }),
        (.zoomPush, 3, nil, { [0, 15, $0] }), (.zoomPop, 3, nil, { [0, 15, $0] }),
        (.present, 3, nil, { [0, $0 / 2, $0] }), (.dismiss, 3, 15, { [0, $0 / 2, $0] }),
        (.fadePresent, 3, nil, { [0, $0 / 2, $0] }), (.fadeDismiss, 3, nil, { [0, $0 / 2, $0] }),
        (.cardPush, 1, nil, { [0, 15, 30, 40, $0] }), (.cardPop, 1, nil, { [0, $0 / 2, $0] }),
    ]

    func testEveryPreset() throws {
        let mode = try GoldenRecordMode.fromEnvironment()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        for entry in DisplayListGoldenTests.cases {
            let job = try RenderJob(settings: .small(entry.preset, select: entry.select, returnIndex: entry.returnIndex))
            for frame in entry.frames(job.sequence.count - 1) {
                let json = try job.displayList(frameIndex: frame).json.replacingOccurrences(of: root, with: "$PACKAGE")
                try check(json, named: "\(entry.preset.rawValue)-\(frame).json", mode: mode)
            }
        }
    }

    func check(_ actual: String, named name: String, mode: GoldenRecordMode) throws {
        let url = DisplayListGoldenTests.directory.appendingPathComponent(name)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if expected == actual && mode != .all { return }
        let write = mode == .all || (expected == nil && mode != .never) || (expected != nil && mode == .failed)
        if write {
            try FileManager.default.createDirectory(at: DisplayListGoldenTests.directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            XCTFail("\(name): reference written (FLIPBOOK_RECORD=\(mode.rawValue)); review it and run again")
            return
        }
        guard let expected else {
            XCTFail("\(name): no reference (record with FLIPBOOK_RECORD=missing)")
            return
        }
        XCTFail("\(name) differs from the reference (- expected, + actual):\n" + LineDiff.render(expected: expected, actual: actual))
    }
}

/// A short line diff for failure messages: the changed block between the common first and last
/// lines, with two lines of context, at most `limit` lines each side.
enum LineDiff {
    static func render(expected: String, actual: String, limit: Int = 40) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let context = 2
        var out = "@@ line \(prefix + 1) @@\n"
        for line in a[max(0, prefix - context)..<prefix] { out += "  \(line)\n" }
        let removed = a[prefix..<(a.count - suffix)], added = b[prefix..<(b.count - suffix)]
        for line in removed.prefix(limit) { out += "- \(line)\n" }
        if removed.count > limit { out += "- … \(removed.count - limit) more\n" }
        for line in added.prefix(limit) { out += "+ \(line)\n" }
        if added.count > limit { out += "+ … \(added.count - limit) more\n" }
        for line in a[(a.count - suffix)..<min(a.count, a.count - suffix + context)] { out += "  \(line)\n" }
        return out
    }
}
