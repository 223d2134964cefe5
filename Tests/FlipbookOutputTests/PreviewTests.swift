import Flipbook
import FlipbookCodecs
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import FlipbookText
import Foundation
import XCTest

/// Contact sheets, curve plots and the ffmpeg video path (docs/PREVIEWS.md).
final class PreviewTests: XCTestCase {
    static let font = try! Font(path: Package.path("Tests/Fixtures/fonts/DejaVuSans.ttf"))
    static let pushSpring = Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1), durationSeconds: 0.7)

    // MARK: frame selection

    func testShortSequencesShowEveryFrame() {
        XCTAssertEqual(ContactSheet.selectFrames(count: 43), Array(0..<43))
        XCTAssertEqual(ContactSheet.selectFrames(count: 48), Array(0..<48))
        XCTAssertEqual(ContactSheet.selectFrames(count: 1), [0])
    }

    func testLongSequencesShowEveryKthFrameAndTheLast() {
        // 7 s at 60 fps: 421 frames. k = 8 would give 53 + 1; k = 9 gives 0, 9, … 414 and 420.
        let positions = ContactSheet.selectFrames(count: 421)
        XCTAssertEqual(positions.count, 48)
        XCTAssertEqual(Array(positions.dropLast()), Array(stride(from: 0, through: 414, by: 9)))
        XCTAssertEqual(positions.last, 420)
        // 100 frames: k = 3 reaches 99 exactly, so the last frame is not added twice.
        XCTAssertEqual(ContactSheet.selectFrames(count: 100), Array(stride(from: 0, through: 99, by: 3)))
        XCTAssertEqual(ContactSheet.selectFrames(count: 49, maximum: 48), Array(stride(from: 0, through: 48, by: 2)))
    }

    // MARK: curve plot

    /// Linear over 1 s in a 640×300 pt plot at @2x: area (38, 20, 588, 250) pt; progress range
    /// −0.08…1.08, so progress 1 sits at y = 20 + 250·0.08/1.16 = 37.24 pt = device row 74.
    func testCurvePlotGeometry() {
        let timing = Timing(curve: .bezier(CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)), durationSeconds: 1)
        let frames = Timeline(timing: timing, framesPerSecond: 4).frames
        let plot = CurvePlot(timing: timing, markedFrames: frames)
        let layout = plot.layout(in: Rect(x: 0, y: 0, width: 640, height: 300))
        XCTAssertEqual(layout.plotArea, Rect(x: 38, y: 20, width: 588, height: 250))
        XCTAssertEqual(layout.timeRangeSeconds.upperBound, 1.1, accuracy: 1e-12)
        XCTAssertEqual(layout.progressRange.lowerBound, -0.08, accuracy: 1e-12)
        XCTAssertEqual(layout.progressRange.upperBound, 1.08, accuracy: 1e-12)
        XCTAssertEqual(layout.point(timeSeconds: 0, progress: 1).y, 20 + 250 * 0.08 / 1.16, accuracy: 1e-9)

        let image = plot.render(sizePoints: Size(width: 640, height: 300), scale: 2, font: Self.font)
        XCTAssertEqual(image.width, 1280)
        XCTAssertEqual(image.height, 600)
        // The progress-1 gridline: one grey row (0.82 → 209) at row 74, white two rows away;
        // x at t = 0.2 s, where the curve is far below.
        let gridX = Int(layout.point(timeSeconds: 0.2, progress: 0).x * 2)
        XCTAssertEqual(image[gridX, 74].straight, StraightPixel(red: 209, green: 209, blue: 209, alpha: 255))
        XCTAssertEqual(image[gridX, 72].straight, StraightPixel(red: 255, green: 255, blue: 255, alpha: 255))
        XCTAssertEqual(image[gridX, 76].straight, StraightPixel(red: 255, green: 255, blue: 255, alpha: 255))
        // The curve (2 pt = 4 px wide, blue 0, 115, 217) passes through (t, t) between the dots;
        // 4 pt above and below it is background.
        for t in [0.1, 0.4, 0.6, 0.9] {
            let p = layout.point(timeSeconds: t, progress: t)
            let x = Int(p.x * 2), y = Int(p.y * 2)
            XCTAssertEqual(image[x, y].straight, StraightPixel(red: 0, green: 115, blue: 217, alpha: 255), "curve at t = \(t)")
            XCTAssertEqual(image[x, y - 8].straight.blue, 255, "above the curve at t = \(t)")
            XCTAssertEqual(image[x, y + 8].straight.red, image[x, y + 8].straight.blue, "below the curve at t = \(t)")
        }
        // A dot (orange 242, 115, 26) at each frame: 0, 0.25, 0.5, 0.75, 1 s.
        XCTAssertEqual(frames.count, 5)
        for frame in frames {
            let p = layout.point(timeSeconds: frame.timeSeconds, progress: frame.progress)
            XCTAssertEqual(
                image[Int(p.x * 2), Int(p.y * 2)].straight, StraightPixel(red: 242, green: 115, blue: 26, alpha: 255),
                "dot of frame \(frame.index)")
        }
    }

    func testSpringPlotMakesRoomForTheOvershoot() {
        let layout = CurvePlot(timing: Self.pushSpring, markedFrames: []).layout(in: Rect(x: 0, y: 0, width: 640, height: 300))
        // Peak 1.094988 (TIMING.md): range 0…1.095 plus 8 % of the span on each side.
        XCTAssertEqual(layout.progressRange.upperBound, 1.094988 + 0.08 * 1.094988, accuracy: 1e-4)
        XCTAssertGreaterThan(layout.point(timeSeconds: 0, progress: 1.094988).y, layout.plotArea.minY)
    }

    // MARK: contact sheet

    func testContactSheetLayoutOfThePushAt1x() throws {
        let job = try RenderJob(settings: .small(.push))
        let sheet = job.contactSheet()
        let layout = sheet.layout
        XCTAssertEqual(sheet.shownFrames.map(\.index), Array(0...42))
        XCTAssertEqual(layout.scale, 1)
        // A quarter of 375×667 pt: 93.75×166.75 → 94×167 px.
        XCTAssertEqual([layout.thumbnailWidthPixels, layout.thumbnailHeightPixels], [94, 167])
        XCTAssertEqual([layout.columns, layout.rows], [8, 6])
        XCTAssertEqual(layout.thumbnailRects.count, 43)
        XCTAssertEqual(layout.thumbnailRects[0], Rect(x: 16, y: 60, width: 94, height: 167))
        XCTAssertEqual(layout.thumbnailRects[9], Rect(x: 16 + 106, y: 60 + 193, width: 94, height: 167))
        // 8·94 + 7·12 = 836 pt of grid + 2·16 margins; 6 rows of 193 pt under the 60 pt header,
        // 8 pt, the 260 pt plot, 16 pt margin.
        XCTAssertEqual([layout.widthPixels, layout.heightPixels], [868, 60 + 6 * 193 + 8 + 260 + 16])
        XCTAssertEqual(layout.plotRect, Rect(x: 16, y: 60 + 6 * 193 + 8, width: 836, height: 260))
        XCTAssertEqual(sheet.title, "push — 43 frames")
        XCTAssertEqual(sheet.details, "0.7 s · spring ζ 0.6, v 1 · 60 fps · iphone8 375×667 pt @1x (375×667 px)")
    }

    func testLongSequenceSheetShowsEveryKthFrame() {
        let timeline = Timeline(
            timing: Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1), durationSeconds: 7),
            framesPerSecond: 60)
        let sheet = ContactSheet(timeline: timeline, frames: timeline.frames, presetName: "push", device: .iPhone8)
        XCTAssertEqual(sheet.shownFrames.count, 48)
        XCTAssertEqual(sheet.shownFrames.first?.index, 0)
        XCTAssertEqual(sheet.shownFrames[1].index, 9)
        XCTAssertEqual(sheet.shownFrames.last?.index, 420)
        XCTAssertEqual(sheet.title, "push — 421 frames, 1 in 9 shown plus the last")
        XCTAssertEqual(sheet.layout.scale, 2, "@2x devices get a @2x sheet")
        XCTAssertEqual([sheet.layout.thumbnailWidthPixels, sheet.layout.thumbnailHeightPixels], [188, 334])
    }

    /// The sheet is made in the same run as the frames, is byte-identical with 1 and 2 threads,
    /// and shows each frame's thumbnail in its rect.
    func testContactSheetIsDeterministicAndShowsTheFrames() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.push, select: 2)
        settings.frameRange = 10...15
        var sheets: [Data] = []
        for threads in [1, 2] {
            settings.threads = threads
            let path = directory.appendingPathComponent("sheet\(threads).png").path
            let summary = try RenderJob(settings: settings).write(
                to: directory.appendingPathComponent("out\(threads)").path,
                previews: PreviewOptions(contactSheetPath: path))
            XCTAssertEqual(summary.framesWritten, 6)
            sheets.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertEqual(sheets[0], sheets[1], "the sheet must not depend on the thread count")

        let job = try RenderJob(settings: settings)
        let sheet = job.contactSheet()
        XCTAssertEqual(sheet.title, "push — 43 frames, frames 10–15 rendered")
        let decoded = try ImageDecoder.decode([UInt8](sheets[0]), name: "sheet1.png")
        XCTAssertEqual([decoded.width, decoded.height], [sheet.layout.widthPixels, sheet.layout.heightPixels])
        let rect = sheet.layout.thumbnailRects[3]
        let thumbnail = sheet.thumbnail(of: try job.renderFrame(13))
        for (x, y) in [(0, 0), (47, 83), (93, 166), (20, 120)] {
            XCTAssertEqual(decoded[Int(rect.x) + x, Int(rect.y) + y], thumbnail[x, y], "thumbnail of frame 13 at (\(x), \(y))")
        }
    }

    // MARK: video

    func testMissingFFmpegIsReportedBeforeRendering() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var previews = PreviewOptions(videoPath: directory.appendingPathComponent("push.mp4").path)
        previews.environment = ["PATH": directory.path]
        let out = directory.appendingPathComponent("frames").path
        XCTAssertThrowsError(try RenderJob(settings: .small(.push)).write(to: out, previews: previews)) { error in
            XCTAssertEqual(error as? VideoExportError, .ffmpegNotFound(searchPath: directory.path))
            XCTAssertTrue("\(error)".contains("apt-get install ffmpeg"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing is rendered without ffmpeg")
        XCTAssertThrowsError(try VideoExport.locateFFmpeg(environment: [:]))
        XCTAssertThrowsError(try VideoExport.check(path: "out.webm", environment: [:])) { error in
            XCTAssertEqual(error as? VideoExportError, .unsupportedFormat(path: "out.webm"))
        }
    }

    /// A stand-in ffmpeg that fails: its stderr reaches the error, no video and no frames are left.
    func testFFmpegFailureShowsItsLogAndLeavesNothing() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg").path
        try "#!/bin/sh\ncat > /dev/null\necho 'Unknown encoder libx264' >&2\nexit 3\n".write(
            toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        var settings = RenderSettings.small(.push)
        settings.frameRange = 0...2
        var previews = PreviewOptions(videoPath: directory.appendingPathComponent("push.mp4").path)
        previews.environment = ["PATH": bin.path]
        let out = directory.appendingPathComponent("frames").path
        XCTAssertThrowsError(try RenderJob(settings: settings).write(to: out, previews: previews)) { error in
            guard case let .ffmpegFailed(_, status, log)? = error as? VideoExportError else { return XCTFail("\(error)") }
            XCTAssertEqual(status, 3)
            XCTAssertTrue(log.contains("Unknown encoder libx264"))
            XCTAssertTrue("\(error)".contains("Unknown encoder libx264"))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(left, ["bin"], "no frames, no video, no temporary files")
    }

    func testVideoThroughFFmpeg() throws {
        guard (try? VideoExport.locateFFmpeg()) != nil, (try? ffprobe()) != nil else {
            throw XCTSkip("ffmpeg/ffprobe not on PATH (apt-get install ffmpeg; scripts/test installs it)")
        }
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.push)
        settings.frameRange = 0...9
        for name in ["push.mp4", "push.gif"] {
            let path = directory.appendingPathComponent(name).path
            try RenderJob(settings: settings).write(
                to: directory.appendingPathComponent("frames").path,
                previews: PreviewOptions(videoPath: path))
            let info = try ffprobe(
                "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path)
            // 375×667 is odd: the MP4 is cropped to 374×666 (yuv420p); the GIF keeps the size.
            XCTAssertEqual(info, name.hasSuffix("mp4") ? "h264,374,666,10" : "gif,375,667,10")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(names, ["frames", "push.gif", "push.mp4"], "no temporary files are left")
    }

    func testVideoSizes() {
        // GIFs default to at most 480 px wide; MP4 to full size, even (yuv420p).
        XCTAssertEqual(VideoExport.defaultScale(format: .gif, widthPixels: 750), 0.64)
        XCTAssertTrue(VideoExport.outputSize(format: .gif, widthPixels: 750, heightPixels: 1334, scale: nil) == (480, 854))
        XCTAssertTrue(VideoExport.outputSize(format: .gif, widthPixels: 375, heightPixels: 667, scale: nil) == (375, 667))
        XCTAssertTrue(VideoExport.outputSize(format: .mp4, widthPixels: 750, heightPixels: 1334, scale: nil) == (750, 1334))
        XCTAssertTrue(VideoExport.outputSize(format: .mp4, widthPixels: 375, heightPixels: 667, scale: nil) == (374, 666))
        XCTAssertTrue(VideoExport.outputSize(format: .mp4, widthPixels: 750, heightPixels: 1334, scale: 0.5) == (374, 666))
        XCTAssertTrue(VideoExport.outputSize(format: .gif, widthPixels: 750, heightPixels: 1334, scale: 0.5) == (375, 667))
        XCTAssertTrue(VideoExport.outputSize(format: .gif, widthPixels: 10, heightPixels: 10, scale: 0.05) == (1, 1))
        let gif = VideoExport.arguments(format: .gif, widthPixels: 750, heightPixels: 1334, framesPerSecond: 30, output: "o.gif")
        XCTAssertTrue(gif.contains("[0:v]scale=480:854:flags=area,split[a][b];[a]palettegen[p];[b][p]paletteuse"), "\(gif)")
        let mp4 = VideoExport.arguments(format: .mp4, widthPixels: 375, heightPixels: 667, framesPerSecond: 30, output: "o.mp4")
        XCTAssertTrue(mp4.contains("crop=trunc(iw/2)*2:trunc(ih/2)*2"), "\(mp4)")
        let half = VideoExport.arguments(
            format: .mp4, widthPixels: 750, heightPixels: 1334, framesPerSecond: 30, output: "o.mp4", scale: 0.5)
        XCTAssertTrue(half.contains("scale=374:666:flags=area"), "\(half)")
    }

    /// `render(previews:)` (`--no-frames`): the video (scaled) and the sheet, no frame folder.
    func testVideoWithoutFrames() throws {
        guard (try? VideoExport.locateFFmpeg()) != nil, (try? ffprobe()) != nil else {
            throw XCTSkip("ffmpeg/ffprobe not on PATH (apt-get install ffmpeg; scripts/test installs it)")
        }
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RenderSettings.small(.push)
        settings.frameRange = 0...5
        let gif = directory.appendingPathComponent("push.gif").path
        var previews = PreviewOptions(contactSheetPath: directory.appendingPathComponent("sheet.png").path, videoPath: gif)
        previews.videoScale = 0.5
        let summary = try RenderJob(settings: settings).render(previews: previews)
        XCTAssertEqual(summary.framesWritten, 6)
        XCTAssertEqual(summary.outputDirectory, "")
        let info = try ffprobe(
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", gif)
        XCTAssertEqual(info, "gif,188,334,6") // 375×667 × 0.5, rounded
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["push.gif", "sheet.png"])
    }

    /// Runs ffprobe from PATH, returns its trimmed standard output.
    private func ffprobe(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffprobe"] + (arguments.isEmpty ? ["-version"] : arguments)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
