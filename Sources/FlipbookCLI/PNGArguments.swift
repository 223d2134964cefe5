import Flipbook
import FlipbookCodecs
import FlipbookGeometry
import FlipbookSupport

/// `render`'s PNG writer options (`--png-writer`, `--png-level`, `--png-filter`).
enum PNGArguments {
    /// The PNG writer's options, in help order.
    static let options: [OptionSpec] = [
        .option(
            "png-writer", "W",
            """
            flipbook (default: Flipbook's own one-pass SIMD encoder, the same
            bytes on every CPU, files ~18% smaller than libpng level 1's), isal
            (Swift row filters + Intel ISA-L, ~2x flipbook's time), libdeflate
            (~2.3x slower than isal, each file no larger than libpng's) or libpng
            (the writer used before the others)
            """),
        .option(
            "png-level", "N",
            """
            compression level, each library's own: 0 (stored) or 1 with flipbook,
            0-3 with isal (0 is its fastest, not stored), 0 (stored) to 12 with
            libdeflate, 0-9 with libpng; default 1 for all (see docs/CODECS.md)
            """),
        .option(
            "png-filter", "F",
            """
            none | sub | up | average | paeth | adaptive (default: paeth with
            flipbook and libpng, average with isal and libdeflate)
            """)
    ]

    /// The encoder options the arguments give (defaults for the chosen writer otherwise).
    static func encodeOptions(_ arguments: Arguments) throws -> PNGEncodeOptions {
        if let problem = PNGWriter.environmentProblem { throw UsageError(problem) }
        var writer = PNGWriter.default
        if let name = arguments.string("png-writer") {
            guard let chosen = PNGWriter(rawValue: name) else {
                throw UsageError("--png-writer must be \(PNGWriter.nameList), not \(InputText.singleQuoted(name))")
            }
            writer = chosen
        }
        var filter: PNGFilter?
        if let name = arguments.string("png-filter") {
            guard let chosen = PNGFilter(rawValue: name) else {
                throw UsageError(
                    "--png-filter must be one of \(PNGFilter.allCases.map(\.rawValue).joined(separator: ", ")), not \(InputText.singleQuoted(name))"
                )
            }
            filter = chosen
        }
        let levels = writer.compressionLevels
        let level = try arguments.int("png-level", in: PNGWriter.libdeflate.compressionLevels)
        if let level, !levels.contains(level) {
            throw UsageError(
                "--png-level must be between \(levels.lowerBound) and \(levels.upperBound) with --png-writer \(writer.rawValue), not \(level)"
            )
        }
        return PNGEncodeOptions(writer: writer, compressionLevel: level, filter: filter)
    }
}
