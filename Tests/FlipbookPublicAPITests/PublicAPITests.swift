import Foundation
import XCTest
import Flipbook
import FlipbookTesting

/// Builds and renders a transition through the products alone (`import Flipbook`,
/// `import FlipbookTesting`), as a package that depends on Flipbook would; the same code is the
/// compiled example in docs/TRANSITIONS.md ("In Swift").
final class PublicAPITests: XCTestCase {
    /// A 120×200 pt screen at @1x: a photo card that grows to full width while its corners go
    /// from 16 pt to 0, over a title that fades out, on a 0.5 s ease-out.
    static func cardTransition() -> Transition {
        let device = Device(name: "small", sizePoints: Size(width: 120, height: 200), scale: 1)
        var window = Layer(name: "window", frame: device.bounds)
        window.backgroundColor = StraightColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        var title = Layer(name: "title", frame: Rect(x: 10, y: 10, width: 100, height: 24))
        title.backgroundColor = StraightColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        var card = Layer(name: "card", frame: Rect(x: 10, y: 50, width: 100, height: 80))
        card.imageSource = Samples.path("photos/coffee.jpg")
        card.contentMode = .scaleAspectFill
        card.clipsToBounds = true
        card.cornerRadius = 16
        window.sublayers = [title, card]
        let grow = Animation(name: "grow", target: "card",
                             to: LayerPatch(frame: Rect(x: 0, y: 40, width: 120, height: 160), cornerRadius: 0))
        let fade = Animation(target: "title", to: LayerPatch(opacity: 0))
        return Transition(name: "card-grow", device: device, window: window, animations: [grow, fade],
                          timing: Timing(curve: .bezier(.easeOut), durationSeconds: 0.5))
    }

    func testATransitionBuiltInCodeRendersThroughTheProductsAlone() throws {
        var settings = RenderSettings(transition: Self.cardTransition())
        settings.framesPerSecond = 10
        settings.fontPath = nil
        // The fixture fonts, never the host's: the goldens must not depend on what is installed.
        settings.fontDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fonts").path
        let job = try RenderJob(settings: settings)
        // 0.5 s at 10 fps: frames 0…5.
        XCTAssertEqual(job.sequence.count, 6)
        XCTAssertEqual(job.device.pixelSize.width, 120)
        // Halfway in time, the card is between its rects (ease-out: past half way in space).
        let middle = try job.displayList(frameIndex: 2)
        XCTAssertEqual(middle.timeSeconds, 0.2, accuracy: 1e-12)
        assertGolden(try job.renderFrame(2), named: "card-grow-frame-2")
        assertGolden(try job.renderFrame(5), named: "card-grow-last")
    }

    /// The file's words in Swift: named colours, and a scale alone (as `--scale`) for any source.
    func testColoursByNameAndAScaleAlone() throws {
        XCTAssertEqual(StraightColor(named: "systemBlue"), StraightColor(red: 0, green: 122.0 / 255, blue: 1))
        XCTAssertEqual(StraightColor(named: "systemGroupedBackground"), StraightColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255))
        XCTAssertEqual(StraightColor(named: "systemGroupedBackground", appearance: .dark), .black)
        XCTAssertNil(StraightColor(named: "systemGroupedBackgrund"))
        XCTAssertTrue(StraightColor.names.contains("groupTableViewBackground"))

        var settings = RenderSettings(transition: Self.cardTransition())
        settings.framesPerSecond = 10
        settings.scale = 2
        let value = try RenderJob(settings: settings)
        XCTAssertEqual(value.device.pixelSize.width, 240, "the value's 120-point device at @2x")
        XCTAssertEqual(value.device.name, "small")

        var file = RenderSettings(transitionFile: Samples.path("transitions/card-expand.json"))
        file.scale = 1
        let fileJob = try RenderJob(settings: file)
        XCTAssertEqual(fileJob.device.pixelSize.width, 375, "the file's iphone8 at @1x")
        XCTAssertEqual(fileJob.device.sizePoints.height, 667)

        var preset = RenderSettings(preset: .push)
        preset.scale = 1
        XCTAssertEqual(try RenderJob(settings: preset).device.pixelSize.height, 667)
    }
}
