import Flipbook
import Foundation

/// `flipbook samples`: the bundled samples a file option takes as `sample:NAME`.
enum SamplesCommand: Command {
    static let name = "samples"
    static let summary = "list the bundled samples, which file options take as sample:NAME"
    static let help = """
        Usage: flipbook samples [--paths]

        Lists the samples that ship with flipbook: transition files, gesture files, the photo and
        cards manifests and the photos, one per line with what it is. Every option naming a file to
        read (--transition, --manifest, --cards, --gesture) takes one as sample:NAME, from any
        folder, installed or not; so do a transition file's "image" and "manifest".

        Options:
        \(OptionSpec.helpLines(options))

        Examples:
          flipbook samples
          flipbook render --transition sample:card-expand --scale 1 --contact-sheet Output/card-expand.png
          flipbook render pop --select 3 --gesture sample:half-swipe-cancel --scale 1 --no-frames --contact-sheet Output/half.png
        """

    /// Every option, in help order.
    static let options: [OptionSpec] = [
        .flag("paths", "also print where each file is")
    ]

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        try arguments.expectPositionals([])
        if let missing = Samples.missingDescription { throw CommandError(missing) }
        let samples = Samples.all
        let nameWidth = (samples.map { $0.name.count }.max() ?? 0) + Samples.referencePrefix.count + 2
        let kindWidth = (samples.map(\.kind.count).max() ?? 0) + 2
        for sample in samples {
            var line = (Samples.referencePrefix + sample.name).padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            line +=
                arguments.flag("paths")
                ? sample.kind.padding(toLength: kindWidth, withPad: " ", startingAt: 0) + Samples.path(sample.relativePath)
                : sample.kind
            print(line)
        }
        return ExitCode.success
    }
}
