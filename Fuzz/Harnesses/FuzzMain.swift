// Flipbook's fuzz harnesses (docs/FUZZING.md).
//
// Built two ways from the same sources:
// - by every `swift build`, with the small replay driver at the bottom of this file as `main`:
//   `flipbook-fuzz --replay` runs every target once on each of its seeds (`scripts/test` does, so
//   a harness that no longer compiles or trips on a sample fails the suite), and
//   `flipbook-fuzz TARGET FILE…` runs one target on files (a finding, without the sanitizers);
// - by `scripts/fuzz`, with libFuzzer (`--sanitize=fuzzer`, `-DFLIPBOOK_LIBFUZZER`): libFuzzer's
//   main() runs and calls the two entry points below;
//   `FLIPBOOK_FUZZ_TARGET=NAME flipbook-fuzz [libFuzzer flags] [corpus folders]` fuzzes one target.
// In both, `flipbook-fuzz --list` prints each target with its seeds, and
// `flipbook-fuzz --export-presets DIR` writes every preset as a transition file over the fuzz
// scene's photos (seeds for the transition targets).
// To add a target: a `(UnsafeRawBufferPointer) -> Void` function that feeds the bytes to the
// parser (errors are fine, crashes and hangs are findings), and one line in `targets` below.
import Flipbook
import Foundation

/// A fuzz target: its name, the function given every input, and the seeds: folders or files
/// relative to the repository (a folder contributes every file in it, not recursively), or
/// `@presets` for the exported presets.
struct FuzzTarget {
    let name: String
    let run: (UnsafeRawBufferPointer) -> Void
    let seeds: [String]
}

/// Seeds of the three transition targets: the samples, the exported presets, the fixtures.
private let transitionSeeds = ["Samples/transitions", "@presets", "Tests/Fixtures/fuzz/transitions"]

/// Computed, not stored: a global holding closures would be shared mutable state to Swift 6.
var targets: [FuzzTarget] {
    [
        FuzzTarget(name: "png", run: fuzzPNG, seeds: ["Tests/Fixtures/pngsuite", "Tests/Fixtures/hostile", "Samples/photos"]),
        FuzzTarget(
            name: "jpeg", run: fuzzJPEG,
            seeds: [
                "Tests/Fixtures/jpeg/libjpeg-turbo", "Tests/Fixtures/jpeg/jpeg-decoder",
                "Tests/Fixtures/jpeg/pillow", "Tests/Fixtures/jpeg/extra",
                "Tests/Fixtures/exif-orientation", "Tests/Fixtures/hostile"
            ]),
        FuzzTarget(name: "png-encode", run: fuzzPNGEncoder, seeds: ["Tests/Fixtures/fuzz/png-encode"]),
        FuzzTarget(
            name: "manifest-json", run: fuzzManifestJSON,
            seeds: [
                "Samples/photos.json", "Samples/cards.json",
                "Samples/cards-i18n.json", "Tests/Fixtures/manifests"
            ]),
        FuzzTarget(
            name: "manifest-plist", run: fuzzManifestPlist,
            seeds: [
                "Tests/Fixtures/manifests", "Tests/Fixtures/hostile/plist-set-crash.plist",
                "Tests/Fixtures/hostile/plist-leak.plist"
            ]),
        FuzzTarget(name: "transition", run: fuzzTransitionFile, seeds: transitionSeeds),
        FuzzTarget(name: "transition-render", run: fuzzTransitionRender, seeds: transitionSeeds),
        FuzzTarget(name: "transition-generated", run: fuzzGeneratedTransition, seeds: ["Fuzz/Seeds/generated"]),
        FuzzTarget(name: "gesture", run: fuzzGestureFile, seeds: ["Samples/gestures", "Tests/Fixtures/fuzz/gestures"]),
        FuzzTarget(name: "lock", run: fuzzLockFile, seeds: ["Tests/Fixtures/fuzz/locks"]),
        FuzzTarget(name: "timeline", run: fuzzTimelineFile, seeds: ["Tests/Fixtures/fuzz/timelines"]),
        FuzzTarget(name: "review-data", run: fuzzReviewPageData, seeds: ["Tests/Fixtures/fuzz/review-data"])
    ]
}

/// Handles `--list` and `--export-presets DIR` (true: handled, exit).
private func handleCommand(_ arguments: [String]) -> Bool {
    guard let first = arguments.first else { return false }
    switch first {
    case "--list":
        for target in targets { print(([target.name] + target.seeds).joined(separator: " ")) }
    case "--export-presets":
        guard arguments.count == 2 else { fail("usage: flipbook-fuzz --export-presets DIR", code: 64) }
        do { try exportPresets(to: arguments[1]) } catch { fail("flipbook-fuzz: \(error)", code: 1) }
    default:
        return false
    }
    return true
}

private func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

/// Every preset as a transition file over the fuzz scene's photos (`FuzzScene`), its image
/// paths relative to the scene's transition folder, written to `directory/PRESET.json`.
/// The card presets read the bundled cards manifest, whose photos are rewritten to the scene's.
func exportPresets(to directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let typesetter = Typesetter(fonts: FuzzScene.fonts)
    var options = SceneOptions()
    options.selectedIndex = 3
    let folder = (FuzzScene.transitionPath as NSString).deletingLastPathComponent
    for preset in TransitionPreset.allCases {
        let transition = try preset.makeTransition(photos: FuzzScene.photos, options: options, typesetter: typesetter)
        var json = TransitionFile.json(for: transition, relativeTo: folder)
        // Image files outside the scene (the cards' photos) become the scene's, in turn.
        let pattern = try NSRegularExpression(pattern: #""image": "(?!\.\./photos/p)[^"]*""#)
        var photo = 0
        while let match = pattern.firstMatch(in: json, range: NSRange(json.startIndex..., in: json)),
            let range = Range(match.range, in: json)
        {
            json.replaceSubrange(range, with: "\"image\": \"../photos/p\(photo % FuzzScene.photoPaths.count).png\"")
            photo += 1
        }
        try Data(json.utf8).write(to: URL(fileURLWithPath: directory + "/" + preset.rawValue + ".json"))
    }
}

#if FLIPBOOK_LIBFUZZER
    /// The target named by `FLIPBOOK_FUZZ_TARGET`, chosen once in `LLVMFuzzerInitialize`.
    nonisolated(unsafe) var selected: FuzzTarget?

    /// libFuzzer calls this once before parsing its flags: `--list` and `--export-presets` run and
    /// exit; otherwise `FLIPBOOK_FUZZ_TARGET` must name a target.
    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> Int32 {
        let arguments = (1..<Int(argc.pointee)).compactMap { argv.pointee?[$0].map { String(cString: $0) } }
        if handleCommand(arguments) { exit(0) }
        let name = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_TARGET"] ?? ""
        guard let target = targets.first(where: { $0.name == name }) else {
            fail(
                "flipbook-fuzz: set FLIPBOOK_FUZZ_TARGET to one of \(targets.map(\.name).joined(separator: ", ")) (not '\(name)')", code: 64
            )
        }
        selected = target
        return 0
    }

    /// libFuzzer calls this for every input.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        selected!.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }
#else
    /// The replay driver of a plain build (no libFuzzer, no sanitizers).
    @main
    enum ReplayDriver {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if handleCommand(arguments) { return }
            if arguments == ["--replay"] { replaySeeds(); return }
            if arguments.count == 2, arguments[0] == "--print-generated" {
                // The transition file the generator makes of an input (a finding becomes this fixture).
                let bytes =
                    PseudoRandomInput(path: arguments[1])?.bytes ?? FileManager.default.contents(atPath: arguments[1]).map { [UInt8]($0) }
                guard let bytes else { fail("flipbook-fuzz: cannot read \(arguments[1])", code: 1) }
                print(bytes.withUnsafeBytes(TransitionFileGenerator.file(from:)))
                return
            }
            guard arguments.count >= 2, let target = targets.first(where: { $0.name == arguments[0] }) else {
                fail(
                    "usage: flipbook-fuzz --list | --replay | --export-presets DIR | --print-generated INPUT | TARGET FILE-OR-FOLDER-OR-@random:SEED…\n"
                        + "targets: \(targets.map(\.name).joined(separator: ", "))", code: 64)
            }
            for path in arguments.dropFirst() { replay(target, PseudoRandomInput(path: path) != nil ? [path] : files(in: path)) }
        }

        /// Every target on each of its seeds, then `transition-generated` on 300 inputs of a fixed
        /// pseudo-random sequence as well; prints one line per target.
        static func replaySeeds() {
            let exported = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fuzz-presets-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: exported) }
            do { try exportPresets(to: exported) } catch { fail("flipbook-fuzz: exporting the presets: \(error)", code: 1) }
            for target in targets {
                var inputs = target.seeds.flatMap { $0 == "@presets" ? files(in: exported) : files(in: $0) }
                if target.name == "transition-generated" {
                    inputs.append(contentsOf: (0..<300).map { PseudoRandomInput(seed: UInt64($0)) }.map(\.path))
                }
                let start = Date()
                replay(target, inputs)
                print(String(format: "flipbook-fuzz: %@: %d inputs, %.1f s", target.name, inputs.count, Date().timeIntervalSince(start)))
            }
        }

        static func replay(_ target: FuzzTarget, _ inputs: [String]) {
            for path in inputs {
                let bytes: [UInt8]
                if let generated = PseudoRandomInput(path: path) {
                    bytes = generated.bytes
                } else {
                    guard let data = FileManager.default.contents(atPath: path) else { fail("flipbook-fuzz: cannot read \(path)", code: 1) }
                    // As scripts/fuzz runs libFuzzer: inputs are cut at 64 KiB.
                    bytes = [UInt8](data.prefix(65536))
                }
                bytes.withUnsafeBytes { target.run($0) }
            }
        }

        /// A file, or the files of a folder (not recursively, as libFuzzer reads a corpus), sorted.
        static func files(in path: String) -> [String] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
            guard isFolder.boolValue else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.sorted().map { path + "/" + $0 }.filter {
                var sub: ObjCBool = false
                return FileManager.default.fileExists(atPath: $0, isDirectory: &sub) && !sub.boolValue
            }
        }
    }

    /// A replay input named `@random:SEED`: 16–4096 bytes of a SplitMix64 sequence, so the replay
    /// feeds the generator the same bytes on every machine.
    struct PseudoRandomInput {
        let seed: UInt64
        init(seed: UInt64) { self.seed = seed }
        init?(path: String) {
            guard path.hasPrefix("@random:"), let seed = UInt64(path.dropFirst(8)) else { return nil }
            self.seed = seed
        }
        var path: String { "@random:\(seed)" }
        var bytes: [UInt8] {
            var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
            func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            let count = 16 + Int(next() % 4081)
            return (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
        }
    }
#endif
