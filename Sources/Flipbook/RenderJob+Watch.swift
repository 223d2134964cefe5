import FlipbookModel
import FlipbookText

/// The fonts a job loaded, handed to the next job of a watch loop (`RenderSettings.reusedFonts`)
/// so a re-render does not locate and parse them again.
package struct RenderFonts: Sendable {
    /// The settings they were loaded for: a job reuses them only when its own are the same.
    let labelFontPath: String?, sceneFontDirectory: String?
    /// The contact sheet's label font.
    let font: Font
    /// The scene text's fonts (each job gets its own `Typesetter` over them, so warnings are per job).
    let sceneFonts: FontCollection
}

extension RenderJob {
    /// This job's fonts, for the next job of a watch loop.
    package var loadedFonts: RenderFonts {
        RenderFonts(
            labelFontPath: settings.labelFontPath, sceneFontDirectory: settings.sceneFontDirectory, font: font, sceneFonts: typesetter.fonts
        )
    }

    /// The files this job reads — the transition file, the photo and cards manifests, the label
    /// font and every image its frames draw — for the check that no output is one of them
    /// (`OutputOverlap`). Unlike `inputFiles`, no display list is made again.
    package var filesToRead: [String] {
        var files = Set(filesRead).union(imageHeaders.keys).union(sequenceImages.sources)
        if let font = settings.labelFontPath { files.insert(font) }
        return files.sorted()
    }

    /// Every file the job reads: the transition file, the photo and cards manifests, and every
    /// image any frame of the sequence draws (a gesture file is read by the caller). A watch
    /// loop re-renders when one of them changes.
    package var inputFiles: Set<String> {
        var files = Set(filesRead).union(imageHeaders.keys)
        for sample in sequence { files.formUnion(DisplayList.imageSources(in: displayList(frame: sample).ops)) }
        return files
    }
}
