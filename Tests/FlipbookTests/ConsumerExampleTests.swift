import Flipbook // alone: RenderJob, RenderSettings, Timing, Device, Samples …
import FlipbookPipelineTestSupport
import FlipbookTesting
import XCTest

/// The consumer example of docs/GOLDENS.md, compiled and run here: a test that sets the
/// manifest, device, timing and font, and finds its own fixtures through `#filePath` (in the
/// guide they sit in `Fixtures/` beside the test file; here in `Tests/Fixtures/`).
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

final class ConsumerExampleTests: XCTestCase {
    func testPushOnAnSEWithAStifferSpring() throws {
        var settings = RenderSettings(preset: .push)
        settings.manifestPath = fixtures.appendingPathComponent("consumer/photos.json").path
        settings.labelFontPath = fixtures.appendingPathComponent("fonts/DejaVuSans.ttf").path
        settings.sceneFontDirectory = fixtures.appendingPathComponent("fonts").path
        settings.scene.device = .iPhoneSE
        settings.scene.device.scale = 1 // small references, fast tests
        settings.scene.selectedIndex = 1
        settings.timing = Timing(curve: .spring(dampingRatio: 0.8, initialVelocity: 0), durationSeconds: 0.5)
        settings.framesPerSecond = 30
        let job = try RenderJob(settings: settings)
        XCTAssertEqual(job.sequence.count, 16)
        assertGolden(of: try job.renderFrame(6), as: .image, named: "push-se-6")
    }

    func testTheBundledSamples() throws {
        var settings = RenderSettings(preset: .dismiss) // the manifest is Samples.photos
        settings.scene.device.scale = 1
        settings.scene.returnIndex = 15
        // The fixture fonts, not the host's: the bar's "Clear" and "Add" are text.
        settings.labelFontPath = Package.fixtureFont
        settings.sceneFontDirectory = Package.fixtureFonts
        let job = try RenderJob(settings: settings)
        assertGolden(of: try job.renderFrame(45), as: .image, named: "dismiss-45")
    }
}
