import FlipbookFiles
import FlipbookModel
import FlipbookOutput
import Foundation

extension RenderJob {
    /// A digest of everything that decides the pixels of the whole sequence, recorded in
    /// `timeline.json` so `flipbook merge` can tell shards of one timeline from shards of another.
    ///
    /// It covers the preset, the frame count and every frame's time and progress, the timing's
    /// parameters, the device, the PNG options, each frame's display list (so the manifest's
    /// layout, the scene options and the text), the bytes of every image file drawn (in order of
    /// first use) and of the font file. It leaves out what does not change the pixels: worker
    /// threads, the frame range, and where the files are (shards rendered in different folders
    /// or on different machines match). 16 hex digits of a 64-bit FNV-style digest (`FingerprintDigest`): it
    /// detects mistakes, it is not a security measure.
    /// - Throws: `ShardError.unreadable` when an input file cannot be read.
    package func fingerprint() throws -> String {
        var hash = FingerprintDigest()
        hash.add("flipbook-timeline-1\n")
        hash.add(
            TimelineJSON.render(
                timeline: timeline, frames: sequence, followUpSeconds: followUpSeconds,
                preset: transition.name, device: device, interaction: interaction, paging: paging, fingerprint: nil))
        hash.add("\(settings.pngOptions)\n")
        // In order of first use over the sequence (found as the job was made).
        let sources = sequenceImages.sources
        // Display lists name files by path; put a position in their place, the bytes below.
        // (Renamed in the ops, not by replacing text in the JSON: 43 lists × 14 paths of string
        // replacement took ~0.1 s, a tenth of a whole push job.) One list at a time, none kept.
        let placeholders = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($1, "#\($0)") })
        for sample in sequence {
            var list = keptOrNewDisplayList(frame: sample)
            list.ops = list.ops.map { RenderJob.renamingSources($0, placeholders) }
            hash.add(list.json)
        }
        for (position, source) in sources.enumerated() {
            hash.add("#\(position)\n")
            try hash.add(contentsOf: source, maximumBytes: settings.maxFileBytes)
        }
        hash.add("font \(font.familyName) \(font.styleName)\n")
        try hash.add(contentsOf: font.path)
        return hash.hex
    }

    /// `op` with each image source replaced by its entry in `names` (sources without one kept).
    static func renamingSources(_ op: DisplayOp, _ names: [String: String]) -> DisplayOp {
        DisplayList.mappingImageSources([op]) { names[$0] ?? $0 }[0]
    }

    /// Writes only `timeline.json` into `directory` (replaced atomically): the output of an empty
    /// shard, so a merge sees which timeline it belongs to.
    package func writeTimelineOnly(to directory: String) throws {
        let json = try timelineJSON()
        try OutputDirectory.replace(directory, keeping: RenderOutputNames.isRenderOutput, ownedIf: RenderOutputNames.isFlipbookFolder) {
            temporary in
            try OutputFile.create(
                Array(json.utf8), at: temporary + "/" + RenderOutputNames.timeline,
                reportingAs: (directory as NSString).appendingPathComponent(RenderOutputNames.timeline))
        }
    }

    /// The `timeline.json` of the whole sequence, with the fingerprint.
    func timelineJSON() throws -> String {
        TimelineJSON.render(
            timeline: timeline, frames: sequence, followUpSeconds: followUpSeconds,
            preset: transition.name, device: device, interaction: interaction, paging: paging, fingerprint: try fingerprint())
    }
}

/// A 64-bit digest for fingerprints: FNV-1a's constants applied to 8-byte little-endian words,
/// with an xor-shift after each multiply so high bits reach the low ones (8 times fewer steps
/// than byte-wise FNV-1a, which matters in debug builds). Deterministic on every machine; it
/// detects mistakes, it is not cryptographic.
struct FingerprintDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            value = (value ^ word) &* FingerprintDigest.prime
            value ^= value >> 29
            index += 8
        }
        while index < bytes.count {
            value = (value ^ UInt64(bytes[index])) &* FingerprintDigest.prime
            index += 1
        }
        // The length, so "ab" + "c" and "a" + "bc" differ.
        value = (value ^ UInt64(bytes.count)) &* FingerprintDigest.prime
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Adds a file's bytes, read in 1 MiB pieces (`InputFile`: a regular file within the size limit).
    mutating func add(contentsOf path: String, maximumBytes: Int = InputFile.defaultMaximumBytes) throws {
        do {
            try InputFile.read(path, maximumBytes: maximumBytes) { add($0) }
        } catch let error as FileError {
            throw ShardError.unreadable(path: path, reason: "cannot read it to fingerprint the timeline (\(error.reason))")
        }
    }

    /// 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
