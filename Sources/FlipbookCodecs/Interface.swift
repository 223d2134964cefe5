// INTERFACE STUB — the codecs helper replaces this file. The public signatures are the contract.
import FlipbookRaster

public enum ImageFormat: String, Sendable { case png, jpeg }

public struct DecodeLimits: Sendable, Hashable {
    public var maxPixels: Int
    public init(maxPixels: Int = 100_000_000) { self.maxPixels = maxPixels }
    public static let `default` = DecodeLimits()
}

public struct ImageHeader: Sendable, Hashable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
}

public enum CodecError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    public var description: String { "stub" }
}

public enum ImageDecoder {
    public static func decode(fileAtPath path: String, limits: DecodeLimits = .default) throws -> PremultipliedImage { fatalError("stub") }
    public static func decode(_ bytes: [UInt8], name: String, limits: DecodeLimits = .default) throws -> PremultipliedImage { fatalError("stub") }
    public static func readHeader(fileAtPath path: String) throws -> ImageHeader { fatalError("stub") }
}

public struct PNGEncodeOptions: Sendable, Hashable {
    public var compressionLevel: Int
    public init(compressionLevel: Int = 1) { self.compressionLevel = compressionLevel }
    public static let `default` = PNGEncodeOptions()
}

public enum PNGEncoder {
    public static func encode(_ image: PremultipliedImage, options: PNGEncodeOptions = .default) throws -> [UInt8] { fatalError("stub") }
}
