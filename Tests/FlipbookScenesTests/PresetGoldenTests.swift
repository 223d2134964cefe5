import Flipbook
import FlipbookFormats
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookScenes
import FlipbookTesting
import XCTest

/// Golden frames of every preset: first, middle (for the springs, the frame nearest the first
/// peak) and last, on an iPhone SE at 0.5× (160×284 px) so references stay small and debug runs
/// fast. References: `__Goldens__/PresetGoldenTests/<preset>-<frame>.png`; record with
/// `FLIPBOOK_RECORD=missing|all swift test --filter PresetGoldenTests` (see docs/GOLDENS.md).
///
/// Exact comparison (tolerance 0): the rasterizer is integer-exact, the spring uses
/// `DeterministicMath`, text uses the fixture font (`RenderSettings.small` sets `labelFontPath`), so
/// any pixel change is a real change to review (docs/GOLDENS.md, "Same bytes on every machine").
final class PresetGoldenTests: XCTestCase {
    func check(_ preset: TransitionPreset, select: Int = 3, returnIndex: Int? = nil, frames: (Int) -> [Int]) throws {
        var settings = RenderSettings.small(preset, select: select, returnIndex: returnIndex)
        settings.scene.device = .iPhoneSE
        settings.scene.device.scale = 0.5
        XCTAssertEqual(settings.sceneFontDirectory, Package.fixtureFonts, "goldens never use the host's fonts")
        let job = try RenderJob(settings: settings)
        let last = job.sequence.count - 1
        let images = try job.renderFrames(frames(last))
        for (index, image) in zip(frames(last), images) {
            assertGolden(of: image, as: .image, named: "\(preset.rawValue)-\(index)")
        }
    }

    /// 0.7 s spring at 60 fps: frame 15 (t = 0.25 s) is nearest the first peak at t ≈ 0.24917 s.
    let springFrames: (Int) -> [Int] = { [0, 15, $0] }
    let bezierFrames: (Int) -> [Int] = { [0, $0 / 2, $0] }

    func testPush() throws { try check(.push, frames: springFrames) }
    func testPop() throws { try check(.pop, returnIndex: 9, frames: springFrames) }
    func testZoomPush() throws { try check(.zoomPush, frames: springFrames) }
    func testZoomPop() throws { try check(.zoomPop, frames: springFrames) } // the zoom browser returns to the selected photo
    func testPresent() throws { try check(.present, frames: bezierFrames) }
    func testDismiss() throws { try check(.dismiss, returnIndex: 15, frames: bezierFrames) } // off screen: to (W/2, H)
    func testFadePresent() throws { try check(.fadePresent, frames: bezierFrames) }
    func testFadeDismiss() throws { try check(.fadeDismiss, frames: bezierFrames) }
    func testCardPush() throws { try check(.cardPush, select: 1, frames: { [0, 15, 30, 40, $0] }) } // move, then follow-up
    func testCardPop() throws { try check(.cardPop, select: 1, frames: bezierFrames) }
}
