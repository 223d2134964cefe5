import FlipbookFormats
import FlipbookModel
import FlipbookScenes
import Foundation

/// Both manifest readers (photos and cards) on the same bytes: JSON unless they look like a
/// property list (`<` or `bplist`), as a file would be read.
func fuzzManifestJSON(_ bytes: UnsafeRawBufferPointer) {
    let data = Data(bytes)
    _ = try? PhotoManifest(data: data, path: "fuzz.json", baseDirectory: "/fuzz")
    _ = try? CardManifest(data: data, path: "fuzz.json", baseDirectory: "/fuzz")
}

/// The property-list path: inputs that do not start like a plist get the binary signature
/// `bplist00` in front, so the fuzzer spends its time in the plist readers.
func fuzzManifestPlist(_ bytes: UnsafeRawBufferPointer) {
    var data = Data(bytes)
    if !(data.starts(with: Array("bplist".utf8)) || data.first == UInt8(ascii: "<")) {
        data = Data("bplist00".utf8) + data
    }
    _ = try? PhotoManifest(data: data, path: "fuzz.plist", baseDirectory: "/fuzz")
    _ = try? CardManifest(data: data, path: "fuzz.plist", baseDirectory: "/fuzz")
}
