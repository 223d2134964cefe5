import Flipbook
import FlipbookTesting
import Foundation
import Synchronization
import XCTest

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
        let grow = Animation(
            name: "grow", target: "card",
            to: LayerPatch(frame: Rect(x: 0, y: 40, width: 120, height: 160), cornerRadius: 0))
        let fade = Animation(target: "title", to: LayerPatch(opacity: 0))
        return Transition(
            name: "card-grow", device: device, window: window, animations: [grow, fade],
            timing: Timing(curve: .bezier(.easeOut), durationSeconds: 0.5))
    }

    /// The card transition at 10 fps with the fixture fonts, never the host's: the goldens must
    /// not depend on what is installed. (The test below spells it out: docs/TRANSITIONS.md shows
    /// that test's lines, and TransitionSchemaTests checks they are the same.)
    static func cardSettings() -> RenderSettings {
        var settings = RenderSettings(transition: cardTransition())
        settings.framesPerSecond = 10
        settings.labelFontPath = nil
        settings.sceneFontDirectory =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fonts").path
        return settings
    }

    func testATransitionBuiltInCodeRendersThroughTheProductsAlone() throws {
        var settings = RenderSettings(transition: Self.cardTransition())
        settings.framesPerSecond = 10
        settings.labelFontPath = nil
        // The fixture fonts, never the host's: the goldens must not depend on what is installed.
        settings.sceneFontDirectory =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fonts").path
        let job = try RenderJob(settings: settings)
        // 0.5 s at 10 fps: frames 0…5.
        XCTAssertEqual(job.sequence.count, 6)
        XCTAssertEqual(job.device.pixelSize.width, 120)
        // Halfway in time, the card is between its rects (ease-out: past half way in space).
        let middle = try job.displayList(frameIndex: 2)
        XCTAssertEqual(middle.timeSeconds, 0.2, accuracy: 1e-12)
        assertGolden(of: try job.renderFrame(2), as: .image, named: "card-grow-frame-2")
        assertGolden(of: try job.renderFrame(5), as: .image, named: "card-grow-last")
    }

    /// An awaited render with labelled progress, on another device than the value's, as a
    /// consumer writes them.
    func testAnAwaitedRenderReportsLabelledProgressOnAnOverriddenDevice() async throws {
        var settings = Self.cardSettings()
        settings.deviceOverride = Device(name: "wide", sizePoints: Size(width: 160, height: 200), scale: 1)
        let job = try RenderJob(settings: settings)
        XCTAssertEqual(job.device.pixelSize.width, 160)
        let seen = Mutex<[RenderProgress]>([])
        let summary = try await job.render(progress: { progress in seen.withLock { $0.append(progress) } })
        XCTAssertEqual(summary.framesWritten, 6)
        XCTAssertEqual(seen.withLock { $0.map(\.completedFrames) }, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(seen.withLock { $0.last }, RenderProgress(completedFrames: 6, totalFrames: 6))
        XCTAssertEqual(seen.withLock { $0.last?.fractionCompleted }, 1)
    }

    /// The file's words in Swift: named colours, and a scale alone (as `--scale`) for any source.
    func testColoursByNameAndAScaleAlone() throws {
        XCTAssertEqual(StraightColor(named: "systemBlue"), StraightColor(red: 0, green: 122.0 / 255, blue: 1))
        XCTAssertEqual(
            StraightColor(named: "systemGroupedBackground"), StraightColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255))
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

    /// Core Animation's layer properties in Swift: a door hinged on its left edge (anchorPoint)
    /// swings 60° open in perspective, its free corners rounded (maskedCorners, continuous) and
    /// bordered.
    func testCoreAnimationLayerPropertiesInSwift() throws {
        let device = Device(name: "small", sizePoints: Size(width: 120, height: 200), scale: 1)
        var window = Layer(name: "window", frame: device.bounds)
        window.backgroundColor = StraightColor(red: 0.2, green: 0.2, blue: 0.22, alpha: 1)
        var door = Layer(name: "door", frame: Rect(x: 30, y: 50, width: 60, height: 100))
        door.backgroundColor = StraightColor(red: 0.9, green: 0.7, blue: 0.3, alpha: 1)
        door.anchorPoint = Point(x: 0, y: 0.5)
        door.cornerRadius = 10
        door.maskedCorners = [.maxXMinY, .maxXMaxY]
        door.cornerCurve = .continuous
        door.borderWidth = 2
        door.borderColor = StraightColor(red: 0.4, green: 0.25, blue: 0.1, alpha: 1)
        door.isDoubleSided = false
        door.transform.perspectiveDistancePoints = 300
        window.sublayers = [door]
        var open = door.transform
        open.rotationYDegrees = 60
        let swing = Animation(target: "door", to: LayerPatch(transform: open))
        let transition = Transition(
            name: "door", device: device, window: window, animations: [swing],
            timing: Timing(curve: .bezier(.easeOut), durationSeconds: 0.5))
        XCTAssertEqual(door.position, Point(x: 30, y: 100), "the hinge: the frame's origin plus anchorPoint × size")
        var settings = RenderSettings(transition: transition)
        settings.framesPerSecond = 10
        let job = try RenderJob(settings: settings)
        let last = try job.renderFrame(5)
        // The hinge edge stays at x = 30; the free edge swings to 30 + 60·cos60°/(1 + 60·sin60°/300).
        XCTAssertEqual(last[36, 100].red, 230, "inside, next to the hinge: the door's colour")
        XCTAssertEqual(last[29, 100].red, 51, "left of the hinge: the window")
        XCTAssertEqual(last[70, 100].red, 51, "beyond the free edge (x ≈ 55.5): the window")
        assertGolden(of: last, as: .image, named: "door-open")
    }
}

/// The strategies through the products alone: a whole sequence as a lock, one frame's display
/// list as JSON, the last frame as an image, in one `withGoldens` scope.
final class PublicStrategyTests: XCTestCase {
    func testStrategiesAndWithGoldensThroughTheProductsAlone() throws {
        let job = try RenderJob(settings: PublicAPITests.cardSettings())
        // Photo and font paths relative to the package, so the display list holds on every clone.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .path
        // Recording writes only what is missing, whatever FLIPBOOK_RECORD says (CI still wins).
        try withGoldens(record: .missing) {
            assertGolden(of: job, as: .sequence, named: "card-grow")
            assertGolden(
                of: try job.displayList(frameIndex: 2),
                as: .displayList(replacing: [(Samples.directory, "$SAMPLES"), (package, "$PACKAGE")]),
                named: "card-grow-2")
            assertGolden(of: try job.renderFrame(5), as: .image, named: "card-grow-last")
        }
    }
}
