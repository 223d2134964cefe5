import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookTesting
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookOutput
@testable import FlipbookRender

/// Transitions driven by a finger (`RenderSettings.gesture`, `flipbook render pop --gesture FILE`):
/// the frames the percent-driven rules give, their last frames, timeline.json, the command line.
final class InteractiveRenderTests: XCTestCase {
    static func sampleGesture(_ name: String) throws -> Gesture {
        try GestureFile.read(Package.path("Samples/gestures/\(name).json"))
    }

    func job(_ preset: TransitionPreset, gesture: Gesture?, select: Int = 3) throws -> RenderJob {
        var settings = RenderSettings.small(preset, select: select)
        settings.gesture = gesture
        return try RenderJob(settings: settings)
    }

    /// `image` ops (source, rect) anywhere in a display list, in painter's order.
    func images(_ ops: [DisplayOp]) -> [(source: String, rect: Rect)] {
        ops.flatMap { op -> [(source: String, rect: Rect)] in
            switch op {
            case let .image(source, rect, _, _, _): return [(source, rect)]
            case let .group(_, children), let .maskedGroup(_, _, children): return images(children)
            default: return []
            }
        }
    }

    /// The issue's "done when": a cancelled pop ends on the detail screen exactly as before the
    /// gesture — the push's last frame for the same photo, the detail with its own image view, not
    /// the pop's frame 0 with its red-backed snapshot — and a finished one exactly on the pop's
    /// last frame; pixels and display lists, for the three sample gestures. Photo 3 is the
    /// transparent retina.png, where the snapshot's red background would show.
    func testSampleGesturesEndExactlyOnTheDetailOrTheGrid() throws {
        let pop = try job(.pop, gesture: nil), push = try job(.push, gesture: nil)
        let popLast = try pop.renderFrame(pop.sequence.count - 1), detail = try push.renderFrame(push.sequence.count - 1)
        XCTAssertNotEqual(try pop.renderFrame(0).pixels, detail.pixels, "pop's frame 0 shows the snapshot's red through the photo")
        for (name, finishes, frameCount) in [("full-swipe", true, 29), ("half-swipe-cancel", false, 74), ("flick-from-30", true, 53)] {
            let interactive = try job(.pop, gesture: Self.sampleGesture(name))
            XCTAssertEqual(interactive.sequence.count, frameCount, name)
            XCTAssertEqual(interactive.interaction?.timeline.finishes, finishes, name)
            let last = interactive.sequence.count - 1
            let expected = finishes ? popLast : detail
            XCTAssertEqual(try interactive.renderFrame(last).pixels, expected.pixels, "\(name): last frame")
            XCTAssertEqual(
                try interactive.displayList(frameIndex: last).ops,
                finishes
                    ? try pop.displayList(frameIndex: pop.sequence.count - 1).ops
                    : try push.displayList(frameIndex: push.sequence.count - 1).ops, name)
            // Frame 0: the finger has not moved; the pop at t = 0.
            XCTAssertEqual(try interactive.displayList(frameIndex: 0).ops, try pop.displayList(frameIndex: 0).ops, name)
            let phases = interactive.interaction!.frames.map(\.phase)
            let release = interactive.interaction!.timeline.releaseFrameIndex
            XCTAssertEqual(Set(phases[...release]), [.interactive], name)
            XCTAssertEqual(Set(phases[(release + 1)...]), [finishes ? .finishing : .cancelling], name)
        }
    }

    /// Pixel goldens (@1x) of each sample gesture's outcome: the frame at lift-off (the pop
    /// scrubbed to the finger's fraction) and the last frame (the grid, or the detail again for
    /// the cancelled half swipe), with pop --select 3 (the transparent retina.png).
    func testSampleGestureGoldens() throws {
        for name in ["full-swipe", "half-swipe-cancel", "flick-from-30"] {
            let interactive = try job(.pop, gesture: Self.sampleGesture(name))
            let release = interactive.interaction!.timeline.releaseFrameIndex, last = interactive.sequence.count - 1
            let images = try interactive.renderFrames([release, last])
            assertGolden(of: images[0], as: .image, named: "\(name)-release")
            assertGolden(of: images[1], as: .image, named: "\(name)-last")
        }
    }

    /// The screen each going-back preset starts from, as its forward preset leaves it.
    static let forwardPreset: [TransitionPreset: TransitionPreset] = [
        .pop: .push, .zoomPop: .zoomPush, .dismiss: .present, .fadeDismiss: .fadePresent, .cardPop: .cardPush
    ]

    /// Every going-back preset with a synthesised swipe: a full swipe finishes on the preset's
    /// last frame; a slow short one cancels back to the screen before the gesture — the forward
    /// preset's last frame (display lists), not the transition's frame 0 with its temporary views.
    func testEveryBackwardPresetFinishesOrCancelsExactly() throws {
        let full = try Gesture.pan(from: Point(x: 0, y: 333), toXPoints: 375, durationSeconds: 0.5)
        let short = try Gesture.pan(from: Point(x: 0, y: 333), toXPoints: 100, durationSeconds: 0.5, releaseVelocity: 10)
        XCTAssertEqual(Set(Self.forwardPreset.keys), Set(TransitionPreset.interactivePresets))
        for preset in TransitionPreset.interactivePresets {
            let plain = try job(preset, gesture: nil, select: 1), forward = try job(Self.forwardPreset[preset]!, gesture: nil, select: 1)
            let finished = try job(preset, gesture: full, select: 1), cancelled = try job(preset, gesture: short, select: 1)
            XCTAssertEqual(
                try finished.displayList(frameIndex: finished.sequence.count - 1).ops,
                try plain.displayList(frameIndex: plain.sequence.count - 1).ops, "\(preset)")
            let before = try forward.displayList(frameIndex: forward.sequence.count - 1).ops
            XCTAssertEqual(try cancelled.displayList(frameIndex: cancelled.sequence.count - 1).ops, before, "\(preset)")
            XCTAssertNotEqual(try plain.displayList(frameIndex: 0).ops, before, "\(preset): frame 0 has the temporary views")
            XCTAssertEqual(cancelled.interaction?.frames.last?.phase, .cancelling, "\(preset)")
        }
    }

    /// A frame at fraction f shows the transition at time f·D, not at progress f: a constant-speed
    /// swipe of the whole 375 pt width in 0.5 s is at x = 187.5 (f = 0.5) at frame 15 (0.25 s), so
    /// the pop (D = 0.7 s) is drawn as at 0.35 s, the non-interactive pop's frame 21 (half the time
    /// of a spring is not half the way).
    func testAFractionShowsTheTransitionAtThatTime() throws {
        let swipe = try Gesture.pan(from: Point(x: 0, y: 333), toXPoints: 375, durationSeconds: 0.5)
        let interactive = try job(.pop, gesture: swipe), pop = try job(.pop, gesture: nil)
        let frame = interactive.interaction!.frames[15]
        XCTAssertEqual(frame.fraction, 0.5, accuracy: 1e-12)
        XCTAssertEqual(frame.transitionTimeSeconds, 0.35, accuracy: 1e-12)
        XCTAssertEqual(frame.finger!.x, 187.5, accuracy: 1e-9)
        let got = images(try interactive.displayList(frameIndex: 15).ops).last!
        let want = images(try pop.displayList(frameIndex: 21).ops).last!
        XCTAssertEqual(got.source, want.source)
        for (a, b) in [(got.rect.minX, want.rect.minX), (got.rect.minY, want.rect.minY), (got.rect.width, want.rect.width)] {
            XCTAssertEqual(a, b, accuracy: 1e-6)
        }
    }

    /// timeline.json: the lift-off, the decision, and per frame the phase, the finger while down
    /// and the fraction as progress; a shard (`--frames`) of an interactive render matches the
    /// whole render's timeline.
    func testTimelineRecordsTheFingerThePhaseAndTheDecision() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.pop, select: 3)
        settings.gesture = try Self.sampleGesture("half-swipe-cancel")
        settings.frameRange = 70...73
        let summary = try RenderJob(settings: settings).write(to: directory.path)
        XCTAssertEqual(summary.framesWritten, 4)
        XCTAssertEqual(summary.totalFrames, 74)
        let data = try Data(contentsOf: directory.appendingPathComponent("timeline.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let interactive = try XCTUnwrap(json["interactive"] as? [String: Any])
        XCTAssertEqual(interactive["decision"] as? String, "cancel")
        XCTAssertEqual(interactive["release"] as? Double, 0.9)
        XCTAssertEqual(interactive["releaseFrame"] as? Int, 54)
        XCTAssertEqual(interactive["releaseFraction"] as! Double, 0.448, accuracy: 1e-12)
        XCTAssertEqual(interactive["transitionDuration"] as? Double, 0.7)
        let frames = try XCTUnwrap(json["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 74)
        XCTAssertEqual(frames[0]["phase"] as? String, "interactive")
        XCTAssertEqual(frames[0]["finger"] as? [Double], [3, 420])
        XCTAssertEqual(frames[54]["phase"] as? String, "interactive")
        XCTAssertNil(frames[55]["finger"])
        XCTAssertEqual(frames[55]["phase"] as? String, "cancelling")
        XCTAssertEqual(frames[73]["progress"] as? Double, 0)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }.sorted(),
            ["frame_0070.png", "frame_0071.png", "frame_0072.png", "frame_0073.png"])
    }

    /// A transition file takes a gesture too: the pop exported to a file and driven by the flick
    /// gives the preset's frames (same fractions, same images in the same places at the last frame).
    func testATransitionFileIsDrivenLikeThePreset() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gesture = try Self.sampleGesture("flick-from-30")
        let preset = try job(.pop, gesture: gesture)
        let file = directory.appendingPathComponent("pop.json").path
        try TransitionFile.json(for: preset.transition, relativeTo: directory.path).write(toFile: file, atomically: true, encoding: .utf8)
        var settings = RenderSettings(transitionFile: file)
        settings.labelFontPath = Package.fixtureFont
        settings.gesture = gesture
        let fromFile = try RenderJob(settings: settings)
        XCTAssertEqual(fromFile.sequence, preset.sequence)
        XCTAssertEqual(fromFile.interaction?.frames, preset.interaction?.frames)
        for index in [10, 30, 52] {
            let a = images(try fromFile.displayList(frameIndex: index).ops), b = images(try preset.displayList(frameIndex: index).ops)
            XCTAssertEqual(a.map(\.rect), b.map(\.rect), "frame \(index)")
            XCTAssertEqual(
                a.map { URL(fileURLWithPath: $0.source).lastPathComponent }, b.map { URL(fileURLWithPath: $0.source).lastPathComponent })
        }
        // Cancelled: the exported file carries the pop's cancel completion.
        settings.gesture = try Self.sampleGesture("half-swipe-cancel")
        let cancelledFile = try RenderJob(settings: settings), cancelledPreset = try job(.pop, gesture: settings.gesture)
        let last = cancelledPreset.sequence.count - 1
        XCTAssertEqual(cancelledFile.sequence.count, cancelledPreset.sequence.count)
        XCTAssertEqual(
            images(try cancelledFile.displayList(frameIndex: last).ops).map(\.rect),
            images(try cancelledPreset.displayList(frameIndex: last).ops).map(\.rect))
        XCTAssertEqual(images(try cancelledPreset.displayList(frameIndex: last).ops).count, 1, "the detail's image view alone")
    }

    /// Samples/transitions/swipe-back.json, a transition file written for a finger: a half swipe
    /// let go cancels onto the detail alone (its `cancelCompletion` removes the grid, shadow and
    /// dimming: same pixels as frame 0, no grid in the display list); a full swipe finishes on
    /// the file's last frame.
    func testTheSwipeBackSampleCancelsOntoTheDetailAlone() throws {
        func job(_ gesture: Gesture?) throws -> RenderJob {
            var settings = RenderSettings(transitionFile: Package.path("Samples/transitions/swipe-back.json"))
            settings.labelFontPath = Package.fixtureFont
            settings.sceneFontDirectory = Package.fixtureFonts
            settings.scene.device = .iPhone8
            settings.scene.device.scale = 1
            settings.deviceOverride = settings.scene.device
            settings.gesture = gesture
            return try RenderJob(settings: settings)
        }
        let plain = try job(nil)
        let cancelled = try job(Self.sampleGesture("half-swipe-cancel"))
        XCTAssertEqual(cancelled.interaction?.timeline.finishes, false)
        let last = cancelled.sequence.count - 1
        XCTAssertEqual(try cancelled.renderFrame(last).pixels, try plain.renderFrame(0).pixels)
        let sources = images(try cancelled.displayList(frameIndex: last).ops).map { URL(fileURLWithPath: $0.source).lastPathComponent }
        XCTAssertEqual(sources, ["retina.png"], "the detail's photo alone: the grid was removed")
        XCTAssertGreaterThan(images(try plain.displayList(frameIndex: 0).ops).count, 1, "frame 0 still has the grid under the detail")
        let finished = try job(Self.sampleGesture("full-swipe"))
        XCTAssertEqual(
            try finished.displayList(frameIndex: finished.sequence.count - 1).ops,
            try plain.displayList(frameIndex: plain.sequence.count - 1).ops)
    }

    func testForwardPresetsRefuseAGesture() throws {
        var settings = RenderSettings.small(.push)
        settings.gesture = try Self.sampleGesture("full-swipe")
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual(error as? RenderError, .gestureNotAccepted(preset: "push"))
        }
    }

    // MARK: - Command line

    func testCommandLineErrors() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let bad = directory.appendingPathComponent("bad.json").path
        try Data(#"{"samples": [[0, 0, 300], [0.1, 50, 300]], "completionCurve": "spring"}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let run = try runFlipbook(["render", "pop", "--gesture", bad, "--out", out, "--scale", "1"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("error: \(bad): $.completionCurve: unknown value \"spring\""), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")

        let push = try runFlipbook(["render", "push", "--gesture", Package.path("Samples/gestures/full-swipe.json")])
        XCTAssertEqual(push.status, 64)
        XCTAssertEqual(
            push.errorLines.first,
            "error: --gesture does not apply to push (only to pop, zoom-pop, dismiss, fade-dismiss, "
                + "card-pop, page and transition files: a finger drives the transitions going back and the paging)")
        let both = try runFlipbook(["render", "pop", "--gesture", bad, "--pan-to", "100"])
        XCTAssertEqual(both.errorLines.first, "error: --gesture and --pan-to both describe the finger; give one")
        let half = try runFlipbook(["render", "pop", "--pan-to", "100"])
        XCTAssertEqual(half.status, 64)
        XCTAssertEqual(
            half.errorLines.first,
            "error: a synthesised pan needs --pan-to X and --pan-duration S (and optionally --release-velocity V)")
    }

    /// `--pan-to … --pan-duration … --release-velocity …` from the command line: the quick flick from
    /// 30 % of docs/INTERACTIVE.md (finish, 48 frames), inspected at its last frame.
    func testSynthesisedPanFromTheCommandLine() throws {
        let run = try runFlipbook([
            "inspect", "pop", "--select", "3", "--pan-to", "112.5", "--pan-duration", "0.3",
            "--release-velocity", "1500", "--scale", "1", "--frame", "47"
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"progress\": 1"), String(run.stdout.prefix(300)))
        let past = try runFlipbook([
            "inspect", "pop", "--pan-to", "112.5", "--pan-duration", "0.3", "--release-velocity", "1500",
            "--frame", "48"
        ])
        XCTAssertEqual(past.status, 1)
        XCTAssertEqual(past.errorLines.first, "error: --frame 48 is outside the sequence: it has 48 frames (0-47)")
    }
}

/// `flipbook render page --select A --to B`: the detail view's pager follows `PagingTimeline`.
final class PagingRenderTests: XCTestCase {
    /// (x of the first image op showing `source`) in frame `index`.
    func imageX(_ job: RenderJob, frame index: Int, source: String) throws -> Double? {
        func find(_ ops: [DisplayOp]) -> Double? {
            for op in ops {
                switch op {
                case let .image(s, rect, _, _, _) where s == source: return rect.minX
                case let .group(_, children), let .maskedGroup(_, _, children): if let x = find(children) { return x }
                default: continue
                }
            }
            return nil
        }
        return find(try job.displayList(frameIndex: index).ops)
    }

    /// The default swipe from photo 3 to 4 on an iPhone 8 (375 pt): in every frame the pager is
    /// scrolled by the model's content offset (sampled at 60 fps on its own), so photo 4's image
    /// is `1500 − offset` points right of where it rests; the last frame rests on page 4, from
    /// which `pop --select 3 --return 4` starts, the photo 32 pt higher, as in the app.
    func testPageFollowsThePagingModelAndEndsWherePopStarts() throws {
        var settings = RenderSettings.small(.page, select: 3)
        settings.scene.pageTarget = 4
        let job = try RenderJob(settings: settings)
        let swipe = PhotoBrowserScene.pageSwipe(from: 3, to: 4, device: settings.scene.device)
        let model = PagingTimeline(
            gesture: swipe, pageWidthPoints: 375, pageCount: 16, startPage: 3, framesPerSecond: 60,
            settleTolerancePoints: 0.5)
        XCTAssertEqual(model.targetPage, 4)
        XCTAssertEqual(job.sequence.count, model.frameCount)
        let source = Package.path("Samples/photos/petra_portrait.jpg")
        let last = job.sequence.count - 1
        let rest = try XCTUnwrap(try imageX(job, frame: last, source: source))
        XCTAssertEqual(rest, 5, accuracy: 1e-9) // 1200×1800 fitted to the 365×603 page: as wide as the page
        XCTAssertNil(try imageX(job, frame: 0, source: source), "off screen before the finger moves: not drawn")
        for index in [5, 10, 15, 20, 30, 40, last - 1] {
            let x = try XCTUnwrap(try imageX(job, frame: index, source: source), "frame \(index)")
            XCTAssertEqual(x - rest, 1500 - model.frame(index).contentOffsetPoints, accuracy: 1e-6, "frame \(index)")
        }
        XCTAssertEqual(model.frame(0).contentOffsetPoints, 1125)

        // The pop after the swipe, `pop --select 3 --return 4`: the app lays its temporary image
        // view out again once the swipe has settled, in the view as laid out below the bar
        // (603 pt, less its hard-coded 64), so pop's frame 0 shows photo 4 32 pt above where page
        // left it — the jump the app shows: 1200×1800 fitted to 365 wide is 547.5 tall, at
        // y = 64 + (603 − 547.5)/2 = 91.75 in the page and 64 + (603 − 64 − 547.5)/2 = 59.75 in
        // pop's first frame. The bars are the same.
        let pop = try RenderJob(settings: .small(.pop, select: 3, returnIndex: 4))
        // The topmost image of photo 4 (pop's flying snapshot lies above the grid's cell).
        func rect(_ job: RenderJob, _ frame: Int) throws -> Rect? {
            func find(_ ops: [DisplayOp]) -> [Rect] {
                ops.flatMap { op -> [Rect] in
                    switch op {
                    case let .image(s, rect, _, _, _) where s == source: return [rect]
                    case let .group(_, children), let .maskedGroup(_, _, children): return find(children)
                    default: return []
                    }
                }
            }
            return find(try job.displayList(frameIndex: frame).ops).last
        }
        for (found, expected) in [
            (try rect(job, last), Rect(x: 5, y: 91.75, width: 365, height: 547.5)),
            (try rect(pop, 0), Rect(x: 5, y: 59.75, width: 365, height: 547.5))
        ] {
            let found = try XCTUnwrap(found)
            for (a, b) in [
                (found.minX, expected.minX), (found.minY, expected.minY), (found.width, expected.width), (found.height, expected.height)
            ] {
                XCTAssertEqual(a, b, accuracy: 1e-9)
            }
        }
        let a = try job.renderFrame(last), b = try pop.renderFrame(0)
        let barPixels = 64 * a.width
        XCTAssertEqual(Array(a.pixels[..<barPixels]), Array(b.pixels[..<barPixels]), "the bars")
    }

    /// timeline.json of a page render: the swipe (pages, lift-off, velocity, settling) and per
    /// frame the phase, the finger while down and the pager's offset as drawn — the model's offset
    /// at 60 fps (a divisor of the pager's 120 keyframes per second). A shard writes the whole
    /// sequence's record.
    func testPageTimelineRecordsTheSwipe() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.page, select: 3)
        settings.scene.pageTarget = 4
        settings.frameRange = 0...1
        _ = try RenderJob(settings: settings).write(to: directory.path)
        let data = try Data(contentsOf: directory.appendingPathComponent("timeline.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paging = try XCTUnwrap(json["paging"] as? [String: Any])
        XCTAssertEqual(paging["startPage"] as? Int, 3)
        XCTAssertEqual(paging["targetPage"] as? Int, 4)
        XCTAssertEqual(paging["release"] as? Double, 0.25)
        XCTAssertEqual(paging["releaseOffset"] as? Double, 1275) // 3·375 + 0.4·375
        XCTAssertEqual(paging["releaseVelocity"] as! Double, 600, accuracy: 1e-9)
        let swipe = PhotoBrowserScene.pageSwipe(from: 3, to: 4, device: settings.scene.device)
        let model = PagingTimeline(
            gesture: swipe, pageWidthPoints: 375, pageCount: 16, startPage: 3, framesPerSecond: 60,
            settleTolerancePoints: 0.5)
        XCTAssertEqual(paging["settle"] as? Double, model.settleSeconds)
        let frames = try XCTUnwrap(json["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, model.frameCount)
        for (index, frame) in frames.enumerated() {
            let expected = model.frame(index)
            XCTAssertEqual(frame["phase"] as? String, expected.phase.rawValue, "frame \(index)")
            XCTAssertEqual(frame["finger"] as? [Double], expected.finger.map { [$0.x, $0.y] }, "frame \(index)")
            XCTAssertEqual(frame["contentOffset"] as! Double, expected.contentOffsetPoints, accuracy: 1e-6, "frame \(index)")
        }
        XCTAssertEqual(frames[0]["contentOffset"] as? Double, 1125)
        XCTAssertEqual(frames.last?["contentOffset"] as? Double, 1500)
        XCTAssertEqual(frames[15]["phase"] as? String, "dragging")
        XCTAssertEqual(frames[16]["phase"] as? String, "settling")
    }

    /// The contact sheet of a page render plots the pages moved (0 → 1 towards --to, 0 → −1
    /// backwards) with the lift-off marked and labelled with the page it settles on; the dots sit
    /// on the curve and the last one exactly on the page.
    func testPageSheetPlotsPagesMoved() throws {
        for (target, end) in [(4, 1.0), (2, -1.0)] {
            var settings = RenderSettings.small(.page, select: 3)
            settings.scene.pageTarget = target
            let job = try RenderJob(settings: settings)
            let sheet = job.contactSheet(maximumThumbnails: 16)
            var plot = CurvePlot(timing: job.timeline.timing, markedFrames: sheet.shownFrames, interaction: sheet.interaction)
            plot.paging = sheet.paging
            let finger = try XCTUnwrap(plot.finger)
            XCTAssertEqual(finger.value(0), 0)
            XCTAssertEqual(finger.value(0.25), 0.4 * end, accuracy: 1e-9, "40 % of the width at lift-off")
            XCTAssertEqual(finger.releaseSeconds, 0.25)
            XCTAssertTrue(finger.label.hasSuffix("→ page \(target)"), finger.label)
            XCTAssertEqual(finger.frameValue(job.sequence.last!), end)
            XCTAssertEqual(finger.value(finger.endSeconds), end, accuracy: 0.5 / 375, "settled within half a pixel")
            XCTAssertTrue(sheet.details.hasPrefix("a finger on the pager"), sheet.details)
        }
    }

    func testPageErrors() throws {
        var settings = RenderSettings.small(.page, select: 3)
        settings.scene.pageTarget = 5
        XCTAssertThrowsError(try RenderJob(settings: settings)) { error in
            XCTAssertEqual(error as? SceneError, .pageNotAdjacent(from: 3, to: 5))
        }
        let run = try runFlipbook(["render", "page", "--select", "3", "--curve", "linear"])
        XCTAssertEqual(run.status, 64)
        XCTAssertEqual(
            run.errorLines.first,
            "error: --curve does not apply to page: it follows the finger and the scroll view's physics "
                + "(change the finger with --gesture or --pan-to)")
        let to = try runFlipbook(["render", "pop", "--to", "3"])
        XCTAssertEqual(to.status, 64)
        XCTAssertEqual(to.errorLines.first, "error: --to does not apply to pop (only to page)")
    }
}
