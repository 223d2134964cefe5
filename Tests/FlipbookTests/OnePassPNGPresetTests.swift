import Flipbook
import FlipbookCodecs
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookScenes
import XCTest

/// The `flipbook` PNG writer on rendered frames of every preset (the photo choices of
/// scripts/render, @1x): each file decodes with libpng to exactly the frame, every code path the
/// CPU has writes the same bytes, and the files against libpng's level 1 with the Up filter (the
/// floor the benchmarks compare with): push's no larger in total and none by more than 2 % (what
/// made the writer the default), every preset's together no larger. One kind of frame is larger:
/// a grayscale photo stored as RGB (dismiss's cameraman) repeats each filtered byte three times,
/// which zlib's matches at any distance catch and this coder, with runs and copies of the row
/// above only, does not — up to 1.25×.
final class OnePassPNGPresetTests: XCTestCase {
    func testEveryPresetsFramesRoundTripOnEveryCodePath() throws {
        let paths = OnePassCodePath.allCases.filter(\.isAvailable)
        let encoders = paths.map { path -> PNGFrameEncoder in
            let encoder = PNGFrameEncoder(options: PNGEncodeOptions(writer: .flipbook))
            XCTAssertTrue(encoder.useCodePath(path))
            return encoder
        }
        let floor = PNGFrameEncoder(options: PNGEncodeOptions(writer: .libpng, compressionLevel: 1, filter: .up))
        var total = 0, floorTotal = 0, frames = 0, pushTotal = 0, pushFloorTotal = 0
        for (preset, select, returnIndex) in TestScenes.everyPreset {
            let job = try RenderJob(settings: .small(preset, select: select, returnIndex: returnIndex))
            let last = job.sequence.count - 1
            let indices = Array(stride(from: 0, to: last, by: 8)) + [last]
            for (index, image) in zip(indices, try job.renderFrames(indices)) {
                let what = "\(preset.rawValue) frame \(index)"
                let files = try encoders.map { try $0.encode(image) }
                for (path, file) in zip(paths, files) { XCTAssertEqual(file, files[0], "\(what): \(path) against \(paths[0])") }
                XCTAssertEqual(try ImageDecoder.decode(files[0], name: "\(what).png"), image, what)
                let floorBytes = try floor.encode(image).count
                let bound = preset == .push ? 1.02 : 1.25
                XCTAssertLessThanOrEqual(
                    Double(files[0].count), bound * Double(floorBytes), "\(what): \(files[0].count) bytes, libpng \(floorBytes)")
                if preset == .push { pushTotal += files[0].count; pushFloorTotal += floorBytes }
                total += files[0].count
                floorTotal += floorBytes
                frames += 1
            }
        }
        XCTAssertGreaterThan(frames, 60)
        XCTAssertLessThanOrEqual(total, floorTotal, "\(frames) frames: \(total) bytes, libpng level 1 Up \(floorTotal)")
        XCTAssertLessThanOrEqual(pushTotal, pushFloorTotal, "push: \(pushTotal) bytes, libpng level 1 Up \(pushFloorTotal)")
    }
}
