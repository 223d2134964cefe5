import FlipbookRaster
import Foundation

/// Packs a premultiplied RGBA8 pixel (red in the low byte).
func packed(_ red: UInt32, _ green: UInt32, _ blue: UInt32, _ alpha: UInt32) -> UInt32 {
    red | green << 8 | blue << 16 | alpha << 24
}

/// An image of one colour.
func solidImage(width: Int, height: Int, _ pixel: UInt32) -> PremultipliedImage {
    PremultipliedImage(width: width, height: height, pixels: [UInt32](repeating: pixel, count: width * height))
}

/// An opaque image whose pixels all differ: red grows along x, green along y.
func gradientImage(width: Int, height: Int) -> PremultipliedImage {
    var pixels: [UInt32] = []
    for y in 0..<height {
        for x in 0..<width {
            pixels.append(packed(UInt32(x * 255 / max(width - 1, 1)), UInt32(y * 255 / max(height - 1, 1)), 128, 255))
        }
    }
    return PremultipliedImage(width: width, height: height, pixels: pixels)
}

/// A fresh, empty scratch folder under the temporary directory.
func makeScratchDirectory() throws -> String {
    let path = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("flipbook-testing-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Every regular file below `directory`, as paths relative to it, sorted.
func filesBelow(_ directory: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
            files.append(relative)
        }
    }
    return files.sorted()
}
