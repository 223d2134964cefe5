import FlipbookOutput

extension RenderJob {
    /// True when `folder` holds output flipbook wrote (a render, an empty shard's timeline or a
    /// merge): its `timeline.json` opens as flipbook writes it, with the fingerprint. Only such
    /// folders are replaced, and only such leftovers of killed runs are swept or restored.
    package static func isRenderFolder(_ folder: String) -> Bool { RenderOutputNames.isFlipbookFolder(folder) }
}
