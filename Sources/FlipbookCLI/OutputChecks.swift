import Flipbook
import FlipbookFiles

/// The command line's side of `OutputOverlap`: what each command reads, and the outputs that
/// may not lie inside a folder another output replaces as a whole. Checked before anything is
/// written, so a refused command leaves every file as it was.
enum OutputChecks {
    /// One output of a command: a file, or a folder replaced as a whole.
    struct Output {
        var path: String
        var isFolder = false
    }

    /// The files a render job reads (`RenderJob.filesToRead`) and the gesture file `arguments`
    /// name, as inputs.
    static func inputs(of job: RenderJob, _ arguments: Arguments) -> [OutputOverlap.Input] {
        (job.filesToRead + [arguments.string("gesture")].compactMap { $0 }).map { OutputOverlap.Input($0) }
    }

    /// Refuses any of `outputs` that is one of `inputs` or holds one, or lies in an input folder
    /// (`OutputOverlap.check`).
    /// - Throws: `FileError.unwritable` naming the output and the input.
    static func check(_ outputs: [Output], against inputs: [OutputOverlap.Input], allowingSameFolder: Bool = false) throws {
        for output in outputs {
            try OutputOverlap.check(output: output.path, isFolder: output.isFolder, inputs: inputs, allowingSameFolder: allowingSameFolder)
        }
    }

    /// Refuses each of `outputs` that lies inside `page`, a review page folder (`option` names
    /// it, `--review` or `--out`): the page is replaced as a whole, so a file in it would be
    /// deleted by the swap or would make the next page run refuse the folder.
    /// - Throws: `FileError.unwritable` naming the output.
    static func checkOutside(page: String, option: String, _ outputs: [String]) throws {
        for output in outputs where OutputDirectory.isWithin(output, folder: page) {
            throw FileError.unwritable(
                path: output,
                reason: "it is inside the review page folder \(page) (\(option)), which is "
                    + "replaced as a whole (the file would be deleted with it); write it beside the folder")
        }
    }
}
