import Flipbook
import FlipbookCodecs
import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import FlipbookRender
import FlipbookScenes
import XCTest

/// What a job decodes: the largest size each photo is drawn at, and the decoded-pixel budget.
final class DecodeSizeTests: XCTestCase {
    static let pano = Package.path("Samples/photos/petra_pano.jpg") // 2400×960

    /// A grid cell (aspectFill, 124 pt square) and the detail frame (aspectFit in 375×603 pt)
    /// of petra_pano on a 2× device: the cell draws 310×124 pt = 620×248 px, the detail
    /// 375×150 pt = 750×300 px; a spring overshoot (105%) inside a group wins in both axes.
    func testLargestDrawnSizeIsTheMaximumOverOpsAndFrames() {
        var device = Device.iPhone8
        device.scale = 2
        let cell = DisplayOp.image(
            source: "pano", rect: Rect(x: 0, y: 64, width: 124, height: 124), contentMode: .scaleAspectFill, opacity: 1, clip: nil)
        let detail = DisplayOp.image(
            source: "pano", rect: Rect(x: 0, y: 64, width: 375, height: 603), contentMode: .scaleAspectFit, opacity: 1, clip: nil)
        let overshoot = DisplayOp.group(
            opacity: 0.5,
            ops: [
                .image(
                    source: "pano", rect: Rect(x: -9.375, y: 49, width: 393.75, height: 633.15), contentMode: .scaleAspectFit, opacity: 1,
                    clip: nil)
            ])
        let other = DisplayOp.image(
            source: "other", rect: Rect(x: 0, y: 0, width: 10.2, height: 10), contentMode: .scaleToFill, opacity: 1, clip: nil)
        let sizes: [String: (width: Int, height: Int)] = ["pano": (2400, 960), "other": (100, 100)]
        func list(_ ops: [DisplayOp]) -> DisplayList { DisplayList(device: device, frameIndex: 0, timeSeconds: 0, progress: 0, ops: ops) }

        let cellOnly = RenderJob.largestDrawnSizes(in: [list([cell])], imageSizes: sizes)
        XCTAssertEqual(cellOnly["pano"].map { [$0.width, $0.height] }, [620, 248])
        let both = RenderJob.largestDrawnSizes(in: [list([cell]), list([detail, other])], imageSizes: sizes)
        XCTAssertEqual(both["pano"].map { [$0.width, $0.height] }, [750, 300])
        XCTAssertEqual(both["other"].map { [$0.width, $0.height] }, [21, 20]) // 20.4 px rounds up
        let sprung = RenderJob.largestDrawnSizes(in: [list([cell]), list([detail]), list([overshoot])], imageSizes: sizes)
        XCTAssertEqual(sprung["pano"].map { [$0.width, $0.height] }, [788, 315]) // 787.5 × 315
        // The detail needs 750×300 of a 2400×960 JPEG: 1/2 (1/4 would give 600×240).
        let header = ImageHeader(format: .jpeg, width: 2400, height: 960)
        XCTAssertEqual(ImageDecoder.scaleDenominator(for: header, minimumSize: both["pano"]), 2)
        XCTAssertEqual(ImageDecoder.scaleDenominator(for: header, minimumSize: cellOnly["pano"]), 2) // 4 × 620 > 2400
        XCTAssertEqual(ImageDecoder.scaleDenominator(for: header, minimumSize: (300, 120)), 8)
        // The job asks for one pixel more than drawn (the canvas samples a level larger than the
        // drawn size): a 75×50 px cell of a 600×400 JPEG decodes at 1/4 (150×100, sampled 2:1),
        // not 1/8 (75×50, sampled 1:1 at a half-pixel offset, which blurred the goldens).
        let cup = ImageHeader(format: .jpeg, width: 600, height: 400)
        XCTAssertEqual(ImageDecoder.scaleDenominator(for: cup, minimumSize: (75, 50)), 8)
        XCTAssertEqual(ImageDecoder.scaleDenominator(for: cup, minimumSize: (76, 51)), 4)
    }

    func testPlannedDecodeCountsThePyramid() {
        let plan = ImageStore.plan("a.jpg", header: ImageHeader(format: .jpeg, width: 2400, height: 960), minimumSize: (750, 300))
        XCTAssertEqual(
            plan,
            ImageStore.PlannedDecode(
                path: "a.jpg", fileWidth: 2400, fileHeight: 960, decodedWidth: 1200, decodedHeight: 480,
                reduction: 2, pixelsWithPyramid: 768_028)) // 1200×480 + 600×240 + … + 1×1
        let png = ImageStore.plan("b.png", header: ImageHeader(format: .png, width: 1000, height: 1000), minimumSize: (10, 10))
        XCTAssertEqual(png.reduction, 1)
        XCTAssertEqual(png.pixelsWithPyramid, 1_333_459) // 1000² + 500² + 250² + 125² + 63² + … + 1²
        let pyramid = ImagePyramid(PremultipliedImage(width: 1000, height: 1000))
        XCTAssertEqual(pyramid.levels.reduce(0) { $0 + $1.width * $1.height }, 1_333_459)
    }

    func testBudgetFailsBeforeDecodingAndNamesTheLargestFiles() throws {
        let retina = Package.path("Samples/photos/retina.png"), coffee = Package.path("Samples/photos/coffee.jpg")
        let astronaut = Package.path("Samples/photos/astronaut.png")
        XCTAssertThrowsError(
            try ImageStore(
                sources: [Self.pano, retina, coffee, astronaut], minimumSizes: [Self.pano: (300, 120)],
                pixelBudget: 2_000_000, threads: 1)
        ) { error in
            // Full decodes (PNGs, and a JPEG without a drawn size) with their pyramids, each level
            // half the previous one rounded up: 1000² + 500² + 250² + … + 1 = 1 333 459;
            // 512² + 256² + … + 1 = 349 525; 600×400 + 300×200 + … + 1×1 = 320 046. The pano is
            // decoded at 1/8 for its 300×120 minimum: 300×120 + 150×60 + … + 1×1 = 48 028; being
            // progressive, it holds every coefficient while decoding: 4:2:0, Y 300×120 blocks, Cb
            // and Cr 150×60 each = 54 000 blocks of 128 bytes = 1 728 000 pixels of 4 bytes.
            let largest = [
                ImageStore.PlannedDecode(
                    path: Self.pano, fileWidth: 2400, fileHeight: 960, decodedWidth: 300, decodedHeight: 120,
                    reduction: 8, pixelsWithPyramid: 48_028, workingPixels: 1_728_000),
                ImageStore.PlannedDecode(
                    path: retina, fileWidth: 1000, fileHeight: 1000, decodedWidth: 1000, decodedHeight: 1000,
                    reduction: 1, pixelsWithPyramid: 1_333_459),
                ImageStore.PlannedDecode(
                    path: astronaut, fileWidth: 512, fileHeight: 512, decodedWidth: 512, decodedHeight: 512,
                    reduction: 1, pixelsWithPyramid: 349_525)
            ]
            XCTAssertEqual(error as? ImageStoreError, .overBudget(totalPixels: 3_779_058, budgetPixels: 2_000_000, largest: largest))
            XCTAssertEqual(
                "\(error)",
                "the images of this job need 3.8 megapixels decoded (with their pyramids), more than the budget of "
                    + "2.0 megapixels (RenderSettings.decodedPixelBudget); largest: \(Self.pano) (2400x960 "
                    + "decoded at 1/8 = 300x120, 0.0 MP + 1.7 MP of progressive coefficients), \(retina) (1000x1000, 1.3 MP), "
                    + "\(astronaut) (512x512, 0.3 MP); use smaller images (a frame never "
                    + "needs more than the device's pixel size; JPEGs are decoded reduced when they are at least twice that)")
        }
        // Within the budget, the reduced decode is drawn with the file's size.
        let store = try ImageStore(sources: [Self.pano], minimumSizes: [Self.pano: (300, 120)], pixelBudget: 2_000_000, threads: 1)
        let pyramid = try XCTUnwrap(store[Self.pano])
        XCTAssertEqual(
            [pyramid.width, pyramid.height, pyramid.widthPoints, pyramid.heightPoints, pyramid.reduction], [300, 120, 2400, 960, 8])
    }

    /// Headers the job already read are not read again (metadata is read once per file per
    /// job): a header given for a file that does not exist is planned without touching it.
    func testGivenHeadersAreNotReadAgain() throws {
        let ghost = "/nonexistent/ghost.jpg"
        XCTAssertThrowsError(
            try ImageStore(
                sources: [ghost], headers: [ghost: ImageHeader(format: .jpeg, width: 4000, height: 3000)],
                pixelBudget: 1_000_000, threads: 1)
        ) { error in
            guard case let .overBudget(_, _, largest)? = error as? ImageStoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(largest.map(\.path), [ghost])
        }
    }

    func testJobOverBudgetFailsWithTheStoreError() throws {
        var settings = RenderSettings.small(.push, select: 3)
        settings.decodedPixelBudget = 1_000_000
        let job = try RenderJob(settings: settings)
        XCTAssertThrowsError(try job.renderFrame(0)) { error in
            guard case let .overBudget(_, budget, largest)? = error as? ImageStoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(budget, 1_000_000)
            XCTAssertEqual(largest.count, 3)
            XCTAssertTrue(largest[0].budgetPixels >= largest[1].budgetPixels)
        }
    }
}
