import Flipbook
import FlipbookCodecs
import FlipbookRender
import Foundation

/// What the transition harnesses render with, made once per process: the sixteen small photo
/// files of `Tests/Fixtures/fuzz/photos/` (so `{"photo": 14}` in the samples resolves), the path a
/// fuzzed file "lives" at (`Tests/Fixtures/fuzz/transitions/fuzz.json`: its `../photos.json` and
/// `../photos/pN.png` exist), the fixture fonts, and the decoded photos. Paths are relative to
/// the repository, where `scripts/fuzz` and `scripts/test` run; `FuzzFindingTests` renders the
/// findings over the same files.
enum FuzzScene {
    /// The scene's folder.
    static let folder = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/fuzz"
    /// The path fuzzed transition files are given: relative paths resolve against its folder.
    static let transitionPath = folder + "/transitions/fuzz.json"
    /// The photo files, `folder/photos/pN.png`: 1×1 to 90×60 px, so a decoded set costs under
    /// 40 KB and an `image` op under any transform stays cheap.
    static let photoPaths = (0..<16).map { "\(folder)/photos/p\($0).png" }

    /// `FLIPBOOK_FUZZ_VERBOSE=1`: harnesses say why they decline an input.
    static let verbose = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_VERBOSE"] == "1"

    /// The photos `{"photo": N}`, waterfall grids and `cellOf` refer to, with their files' sizes.
    static let photos: [ScenePhoto] = photoPaths.map { path in
        guard let header = try? ImageDecoder.readHeader(fileAtPath: path, limits: DecodeLimits()) else {
            fatalError("flipbook-fuzz: \(path) is missing: run from the repository")
        }
        return ScenePhoto(source: path, sizePixels: Size(width: Double(header.width), height: Double(header.height)))
    }

    /// The canvas every rendered frame gets: 100 × 100 points at 1× (40 KB). Memory and time a
    /// finding needs come from the file, not from a large screen.
    static let device = Device(name: "fuzz", sizePoints: Size(width: 100, height: 100), scale: 1, topBarHeightPoints: 20)

    /// The fixture fonts (`Tests/Fixtures/fonts`): text findings never depend on the host's fonts.
    static let fonts: FontCollection = {
        guard let fonts = try? FontCollection(directory: "Tests/Fixtures/fonts") else {
            fatalError("flipbook-fuzz: no fonts in Tests/Fixtures/fonts: run from the repository")
        }
        return fonts
    }()

    /// The photos, decoded once at full size.
    static let images: ImageStore = {
        do {
            return try ImageStore(sources: Set(photos.map(\.source)), threads: 1)
        } catch {
            fatalError("flipbook-fuzz: cannot decode the scene's photos: \(error)")
        }
    }()

    /// Image files a fuzzed transition file may name: only the scene's photos, so a finding never
    /// depends on what else is on disk (and the fuzzer cannot make the harness read `/dev/zero`).
    static func checkImage(_ source: String) throws {
        guard photoPaths.contains(source) else { throw FuzzRefusal.imageOutsideTheScene }
    }
}

/// Why a harness declines an input (never a finding).
enum FuzzRefusal: Error {
    /// A transition file names an image file other than the scene's photos.
    case imageOutsideTheScene
}
