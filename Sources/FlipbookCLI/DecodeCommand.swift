import Flipbook
import FlipbookCodecs
import FlipbookFiles
import FlipbookGeometry
import FlipbookRaster
import FlipbookSupport

/// `flipbook decode IN --out OUT.png [--max-pixels N] [--max-file-megabytes N]`: decodes a PNG or JPEG (EXIF-oriented)
/// and writes it as an 8-bit RGBA PNG with straight alpha; prints `WIDTHxHEIGHT`.
enum DecodeCommand: Command {
    static let name = "decode"
    static let summary = "decode a PNG or JPEG (EXIF-oriented) and write it as an RGBA PNG"
    static let help = """
        Usage: flipbook decode IN --out OUT.png [--max-pixels N] [--max-file-megabytes N]

        Decodes IN (PNG or JPEG, recognised by its first bytes; the JPEG EXIF orientation is
        applied; a bundled photo as sample:NAME, see `flipbook samples`) and writes OUT.png as an
        8-bit RGBA PNG with straight alpha. The file is written to a temporary sibling and renamed,
        so a failure leaves no partial file.
        Prints the upright size as WIDTHxHEIGHT.

        Options:
        \(OptionSpec.helpLines(options))

        """

    /// Every option, in help order.
    static let options: [OptionSpec] = [
        .option("out", "OUT.png", "the PNG to write (required)"),
        .option("max-pixels", "N", "refuse images with more than N pixels (default 100000000)"),
        .option("max-file-megabytes", "N", "refuse files larger than N MiB (default 256; docs/LIMITS.md)")
    ]

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, options: options)
        try parsed.expectPositionals(["IN"])
        guard let output = parsed.string("out"), !output.isEmpty else { throw UsageError("missing --out OUT.png") }
        // The point is the RGBA PNG (straight alpha, every bit kept): no other format by accident.
        guard ImageFileFormat(path: output) == .png else {
            throw UsageError("--out must name a .png file, not \(InputText.singleQuoted(output))")
        }
        let maxPixels = try parsed.int("max-pixels", default: DecodeLimits.default.maxPixels, in: 1...Int.max)!
        let maxFileBytes = try parsed.int("max-file-megabytes", default: DecodeLimits.default.maxFileBytes >> 20, in: 1...65_536)! << 20
        let input = try Arguments.resolveSample(parsed.positionals[0], option: "IN")
        try OutputChecks.check([OutputChecks.Output(path: output)], against: [OutputOverlap.Input(input)])
        let image = try ImageDecoder.decode(
            fileAtPath: input, limits: DecodeLimits(maxPixels: maxPixels, maxFileBytes: maxFileBytes),
            warn: { printError("warning: \($0)") })
        try PNGEncoder.write(image, toPath: output, options: PNGEncodeOptions(channels: .rgba))
        print("\(image.width)x\(image.height)")
        return ExitCode.success
    }
}
