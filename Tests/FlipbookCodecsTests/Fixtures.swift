import FlipbookCodecs
import FlipbookRaster
import Foundation
import XCTest

/// Locates Tests/Fixtures from this file (no SwiftPM resources) and compares pixels.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    static func files(in folder: String, suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(folder)).filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// A binary PPM (P6, maxval 255) as opaque packed pixels.
    static func ppm(_ relative: String) throws -> PremultipliedImage {
        let data = try bytes(relative)
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            while data[index] == 0x20 || data[index] == 0x0A || data[index] == 0x0D || data[index] == 0x09 { index += 1 }
            var field = ""
            while !(data[index] == 0x20 || data[index] == 0x0A || data[index] == 0x0D || data[index] == 0x09) {
                field.append(Character(UnicodeScalar(data[index]))); index += 1
            }
            fields.append(field)
        }
        index += 1 // the single whitespace after maxval
        precondition(fields[0] == "P6" && fields[3] == "255")
        let width = Int(fields[1])!, height = Int(fields[2])!
        var pixels = [UInt32](repeating: 0, count: width * height)
        for i in 0..<pixels.count {
            let at = index + i * 3
            pixels[i] = UInt32(data[at]) | UInt32(data[at + 1]) << 8 | UInt32(data[at + 2]) << 16 | 0xFF00_0000
        }
        return PremultipliedImage(width: width, height: height, pixels: pixels)
    }

    /// Straight RGBA values (0…255) → premultiplied packed pixels, rounding as the decoder does.
    static func premultiplied(straight rgba: [Int]) -> [UInt32] {
        var pixels = [UInt32]()
        pixels.reserveCapacity(rgba.count / 4)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = rgba[i + 3]
            func p(_ c: Int) -> UInt32 { UInt32((c * a + 127) / 255) } // round(c·a/255), documented rounding
            pixels.append(p(rgba[i]) | p(rgba[i + 1]) << 8 | p(rgba[i + 2]) << 16 | UInt32(a) << 24)
        }
        return pixels
    }

    /// The largest per-channel difference between two same-sized images.
    static func maxDifference(_ a: PremultipliedImage, _ b: PremultipliedImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for (x, y) in zip(a.pixels, b.pixels) where x != y {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF)))
            }
        }
        return worst
    }

    /// Mean absolute colour difference over every `step`-th pixel (cheap for large photos).
    static func meanDifference(_ a: PremultipliedImage, _ b: PremultipliedImage, step: Int = 7) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0, count = 0
        for i in stride(from: 0, to: a.pixels.count, by: step) {
            let x = a.pixels[i], y = b.pixels[i]
            for shift in stride(from: 0, to: 24, by: 8) {
                total += abs(Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF))
            }
            count += 3
        }
        return Double(total) / Double(count)
    }

    /// The error a throwing call produced, failing the test when it did not throw a CodecError.
    static func codecError<T>(_ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> CodecError? {
        do {
            _ = try body()
            XCTFail("expected a CodecError", file: file, line: line)
        } catch let error as CodecError {
            return error
        } catch {
            XCTFail("expected a CodecError, got \(error)", file: file, line: line)
        }
        return nil
    }
}
