import FlipbookFormats
package import FlipbookModel
package import FlipbookScenes
package import FlipbookText

extension TransitionPreset {
    /// Builds the transition for these photos and options with `timing` as its main timing
    /// (default: the preset's). The card presets read their own manifest
    /// (`options.cardsManifestPath`) and ignore `photos`; they measure their labels with
    /// `typesetter` (the stars follow the comment count, comment rows are as tall as their text)
    /// and, without one, with rough widths (docs/PRESETS.md).
    /// - Throws: `SceneError` when an index is out of range; `ManifestError` for a bad cards manifest.
    package func makeTransition(
        photos: [ScenePhoto], options: SceneOptions, timing: Timing? = nil,
        typesetter: Typesetter? = nil
    ) throws -> Transition {
        let cards = drawsCards ? try CardManifest(contentsOf: options.cardsManifestPath, sandboxPhotos: options.sandboxPhotos).cards : []
        return try makeTransition(photos: photos, cards: cards, options: options, timing: timing, typesetter: typesetter)
    }
}
