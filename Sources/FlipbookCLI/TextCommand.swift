import FlipbookCodecs
import FlipbookFiles
import FlipbookGeometry
import FlipbookRaster
import FlipbookSupport
import FlipbookText
import Foundation

/// `flipbook text STRING [options]`: sets a string as a UILabel would and prints which font drew
/// each run; with `--out`, draws it into a PNG.
enum TextCommand: Command {
    static let name = "text"
    static let summary = "lay out a string like a UILabel: fonts per run, lines; optionally a PNG"
    static let help = """
        Usage: flipbook text STRING [--size PT] [--weight W] [--width PT] [--lines N] [--mode M]
                                   [--align A] [--scene-fonts DIR] [--out OUT.png] [--scale S]

        Lays STRING out with the UI font (Inter) and its fallbacks (docs/TEXT.md) and prints one
        line per laid-out line and per run: the run's text, direction, font family, file#face and
        glyph count. Characters no font has are reported on stderr as warnings.

        Options:
        \(OptionSpec.helpLines(options))

        """

    /// Every option, in help order.
    static let options: [OptionSpec] = [
        .option("size", "PT", "font size in points, 1–500 (default 17)"),
        .option(
            "weight", "W",
            """
            ultraLight, thin, light, regular, medium, semibold, bold, heavy or black
            (default regular; a weight the font lacks takes its nearest face, docs/TEXT.md)
            """),
        .option("width", "PT", "maximum line width in points (default: none, one line per paragraph)"),
        .option("lines", "N", "most lines, 0 = no limit (default 1, as UILabel)"),
        .option(
            "mode", "M",
            """
            wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle
            (default truncateTail)
            """),
        .option("align", "A", "left, center, right, natural (default natural)"),
        .option(
            "scene-fonts", "DIR",
            """
            use only the fonts in DIR (default: the system's, through fontconfig;
            formerly --fonts, still accepted)
            """, formerNames: ["fonts"]),
        .option("out", "OUT.png", "also draw the text, black on white, into OUT.png"),
        .option("scale", "S", "device pixels per point for --out, 1–4 (default 2)")
    ]

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, options: options)
        try parsed.expectPositionals(["STRING"])
        let size = try parsed.double("size", default: 17, in: 1...500)!
        let weight = try choice(parsed, "weight", TextStyle.Weight.allCases.map { ($0.name, $0) }, default: .regular)
        let width = try parsed.double("width", in: 1...100_000)
        let lines = try parsed.int("lines", default: 1, in: 0...10_000)!
        let mode = try choice(parsed, "mode", TextLayout.LineBreakMode.allCases.map { ($0.rawValue, $0) }, default: .truncateTail)
        let alignment = try choice(parsed, "align", TextLayout.Alignment.allCases.map { ($0.rawValue, $0) }, default: .natural)
        let scale = try parsed.double("scale", default: 2, in: 1...4)!

        if let output = parsed.string("out") {
            // The fonts folder is read whole: the picture may not be written into it.
            try OutputChecks.check(
                [OutputChecks.Output(path: output)],
                against: [parsed.string("scene-fonts")].compactMap { $0.map { OutputOverlap.Input($0, isFolder: true) } })
        }
        let fonts = try parsed.string("scene-fonts").map(FontCollection.init(directory:)) ?? FontCollection.system()
        let typesetter = Typesetter(fonts: fonts) { printError("warning: \($0)") }
        let layout = typesetter.layout(
            parsed.positionals[0], style: TextStyle(sizePoints: size, weight: weight),
            maxWidthPoints: width, numberOfLines: lines, lineBreakMode: mode, alignment: alignment)
        print(
            String(
                format: "%.2fx%.2f pt, %d line%@%@", layout.widthPoints, layout.heightPoints, layout.lines.count,
                layout.lines.count == 1 ? "" : "s", layout.isTruncated ? ", truncated" : ""))
        for line in layout.lines {
            print(
                "line \"\(line.text)\" x \(String(format: "%.2f", line.xPoints)) baseline \(String(format: "%.2f", line.baselinePoints))"
                    + (line.isRightToLeft ? " rtl" : ""))
            for run in line.runs {
                print(
                    "  run \"\(run.text)\" \(run.isRightToLeft ? "rtl" : "ltr") \(run.font.familyName) "
                        + "\(run.font.styleName) \(run.font.location) \(run.glyphs.count) glyphs")
            }
        }
        if let output = parsed.string("out") {
            let margin = 8.0
            let widthPixels = Int(((width ?? layout.widthPoints) + 2 * margin) * scale) + 1
            let heightPixels = Int((layout.heightPoints + 2 * margin) * scale) + 1
            guard widthPixels * heightPixels <= 64_000_000 else { throw UsageError("--out: the picture would exceed 64 megapixels") }
            var canvas = Canvas(
                widthPixels: widthPixels, heightPixels: heightPixels, scale: scale,
                background: PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255))
            canvas.draw(layout, at: Point(x: margin, y: margin), color: StraightColor(white: 0))
            try PNGEncoder.write(canvas.image, toPath: output)
        }
        return ExitCode.success
    }

    /// `--name` as one of `choices` (by name), or `defaultValue` when absent.
    private static func choice<T>(_ parsed: Arguments, _ name: String, _ choices: [(String, T)], default defaultValue: T) throws -> T {
        guard let text = parsed.string(name) else { return defaultValue }
        guard let match = choices.first(where: { $0.0 == text }) else {
            throw UsageError("--\(name) must be one of \(choices.map(\.0).joined(separator: ", ")), not \(InputText.singleQuoted(text))")
        }
        return match.1
    }
}
