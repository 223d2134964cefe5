/// The names a render writes into its output folder (frames: `ShardMerge.frameFileName`), which
/// alone make a folder replaceable by the next render (`OutputDirectory.replace(_:keeping:_:)`
/// also requires each to be a regular file).
enum RenderOutputNames {
    /// The timeline file's name.
    static let timeline = "timeline.json"

    /// True for the names a render writes: `frame_NNNN.png` (4 or more digits) and `timeline.json`.
    static func isRenderOutput(_ name: String) -> Bool {
        if name == timeline { return true }
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst("frame_".count).dropLast(".png".count)
        return digits.count >= 4 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }
}
