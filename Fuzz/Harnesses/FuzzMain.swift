// Flipbook's libFuzzer harnesses (built and run by `scripts/fuzz`, see docs/FUZZING.md).
//
// `FLIPBOOK_FUZZ_TARGET=NAME flipbook-fuzz [libFuzzer flags] [corpus folders]` fuzzes one
// target; `flipbook-fuzz --list` prints each target with its seed folders and files (relative to
// the repository). libFuzzer's own main() runs: this file provides its two entry points.
// To add a target: write `Fuzz/Harnesses/<Name>.swift` with a `(UnsafeRawBufferPointer) -> Void`
// function that feeds the bytes to the parser (errors are fine, crashes and hangs are findings),
// and add one line to `targets` below.
import Foundation

/// A fuzz target: its name, the function given every input, and the seeds (folders or files,
/// relative to the repository; a folder contributes every file in it, not recursively).
struct FuzzTarget {
    let name: String
    let run: (UnsafeRawBufferPointer) -> Void
    let seeds: [String]
}

let targets: [FuzzTarget] = [
    FuzzTarget(name: "png", run: fuzzPNG, seeds: ["Tests/Fixtures/pngsuite", "Tests/Fixtures/hostile", "Samples/photos"]),
    FuzzTarget(name: "jpeg", run: fuzzJPEG, seeds: ["Tests/Fixtures/jpeg/libjpeg-turbo", "Tests/Fixtures/jpeg/jpeg-decoder",
                                                    "Tests/Fixtures/jpeg/pillow", "Tests/Fixtures/jpeg/extra",
                                                    "Tests/Fixtures/exif-orientation", "Tests/Fixtures/hostile"]),
    FuzzTarget(name: "manifest-json", run: fuzzManifestJSON, seeds: ["Samples/photos.json", "Samples/cards.json",
                                                                     "Samples/cards-i18n.json", "Tests/Fixtures/manifests"]),
    FuzzTarget(name: "manifest-plist", run: fuzzManifestPlist, seeds: ["Tests/Fixtures/manifests", "Tests/Fixtures/hostile/plist-set-crash.plist",
                                                                       "Tests/Fixtures/hostile/plist-leak.plist"]),
    FuzzTarget(name: "transition", run: fuzzTransitionFile, seeds: ["Samples/transitions"]),
]

/// The target named by `FLIPBOOK_FUZZ_TARGET`, chosen once in `LLVMFuzzerInitialize`.
nonisolated(unsafe) var selected: FuzzTarget?

/// libFuzzer calls this once before parsing its flags: `--list` prints the targets; otherwise
/// `FLIPBOOK_FUZZ_TARGET` must name one.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    if argc.pointee >= 2, let first = argv.pointee?[1], String(cString: first) == "--list" {
        for target in targets { print(([target.name] + target.seeds).joined(separator: " ")) }
        exit(0)
    }
    let name = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_TARGET"] ?? ""
    guard let target = targets.first(where: { $0.name == name }) else {
        let names = targets.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("flipbook-fuzz: set FLIPBOOK_FUZZ_TARGET to one of \(names) (not '\(name)')\n".utf8))
        exit(64)
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
