public import FlipbookCodecs

extension RenderSettings {
    /// The per-file limits of this job's decodes: `maxFileBytes`, and the decoder's default pixel limit.
    public var decodeLimits: DecodeLimits { DecodeLimits(maxFileBytes: maxFileBytes) }
}
