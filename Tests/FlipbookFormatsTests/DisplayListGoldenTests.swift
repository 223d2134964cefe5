import Flipbook
import FlipbookFormats
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookScenes
import FlipbookTesting
import Foundation
import XCTest

/// Display-list goldens of every preset: what is drawn where, as the JSON `flipbook inspect
/// PRESET --frame K` prints (one op per line), at the frames the image goldens show (first, middle
/// or the spring's first peak, last; card-push also during its follow-up), iPhone 8 at 1×.
/// A geometry change shows here as a readable line diff before it shows as pixels.
///
/// References: `__DisplayLists__/DisplayListGoldenTests/<preset>-<frame>.json`, checked by
/// FlipbookTesting's `.displayList` strategy (a mismatch names the changed fields,
/// `op 16 image "…": rect.y 331 → 333`). Image paths are written relative to the package
/// (`$PACKAGE/Samples/…`) so the files hold on every clone. Record with
/// `FLIPBOOK_RECORD=missing|failed|all` or `withGoldens(record:)` like the image goldens
/// (docs/GOLDENS.md); a run that writes a reference fails, naming it.
final class DisplayListGoldenTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__DisplayLists__")

    /// The frames and options of each preset, as in PresetGoldenTests.
    static let cases: [(preset: TransitionPreset, select: Int, returnIndex: Int?, frames: @Sendable (Int) -> [Int])] = [
        (.push, 3, nil, { [0, 15, $0] }), (.pop, 3, 9, { [0, 15, $0] }),
        (.zoomPush, 3, nil, { [0, 15, $0] }), (.zoomPop, 3, nil, { [0, 15, $0] }),
        (.present, 3, nil, { [0, $0 / 2, $0] }), (.dismiss, 3, 15, { [0, $0 / 2, $0] }),
        (.fadePresent, 3, nil, { [0, $0 / 2, $0] }), (.fadeDismiss, 3, nil, { [0, $0 / 2, $0] }),
        (.cardPush, 1, nil, { [0, 15, 30, 40, $0] }), (.cardPop, 1, nil, { [0, $0 / 2, $0] })
    ]

    func testEveryPreset() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        // The card presets draw the bundled cards, from SwiftPM's resource bundle beside the
        // build's products; their references were recorded in a debug build at the default
        // build path, so that folder is written as it was there: the references hold in a
        // release build (scripts/test) and at any --build-path.
        let bundle = (Samples.path("cards.json") as NSString).deletingLastPathComponent
        let strategy = GoldenStrategy<DisplayList>.displayList(replacing: [
            (bundle, "$PACKAGE/.build/x86_64-unknown-linux-gnu/debug/Flipbook_FlipbookSamples.resources"), (root, "$PACKAGE")
        ])
        for entry in DisplayListGoldenTests.cases {
            let job = try RenderJob(settings: .small(entry.preset, select: entry.select, returnIndex: entry.returnIndex))
            for frame in entry.frames(job.sequence.count - 1) {
                assertGolden(
                    of: try job.displayList(frameIndex: frame), as: strategy, named: "\(entry.preset.rawValue)-\(frame)",
                    goldensDirectory: DisplayListGoldenTests.directory.path)
            }
        }
    }
}
