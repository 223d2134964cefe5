import Flipbook
import FlipbookFormats
import FlipbookLock
import FlipbookModel
import FlipbookRender
import Foundation

/// A `.lock` file as `flipbook verify` reads it (`SequenceLock(parsing:path:)`); when it reads,
/// what a lock promises is checked: it writes back as text that reads as the same lock, and it
/// matches itself. Then the op lines of its first frames are read back into display lists as
/// `verify --review` does (`SequenceLock.displayOps`: nesting, every number of every op) and
/// those without images are drawn on the scene's 100 × 100 pt canvas.
func fuzzLockFile(_ bytes: UnsafeRawBufferPointer) {
    guard let lock = try? SequenceLock(parsing: String(decoding: bytes, as: UTF8.self), path: "fuzz.lock") else { return }
    let again: SequenceLock
    do { again = try SequenceLock(parsing: lock.text, path: "fuzz.lock") } catch {
        preconditionFailure("a lock's own text is refused: \(error)")
    }
    precondition(again == lock, "a lock's text reads back as another lock")
    precondition(lock.differences(to: lock).isEmpty, "a lock differs from itself")
    let rasterizer = FrameRasterizer(images: try! ImageStore(sources: [], threads: 1))
    // The first frames, up to 20 000 op lines: enough for every kind of line, cheap per input.
    var lines = 0
    for frame in lock.frames.prefix(8) {
        lines += frame.ops.count
        guard lines <= 20_000, let (ops, _) = try? SequenceLock.displayOps(frame.ops) else { break }
        precondition(DisplayOp.nestingDepth(of: ops) <= DisplayOp.maximumNestingDepth, "a lock's ops nest deeper than the limit")
        guard !drawsImages(ops) else { continue }
        _ = rasterizer.render(
            DisplayList(
                device: FuzzScene.device, frameIndex: frame.index, timeSeconds: frame.timeSeconds,
                progress: frame.progress, ops: ops))
    }
}

/// A render folder's `timeline.json` as `flipbook review` and `flipbook merge` read it
/// (`TimelineFile`); when it reads, what the reader promises is checked — every frame at its
/// place, every time finite and in range — and the review page's data is made of it
/// (`checkPageData`).
func fuzzTimelineFile(_ bytes: UnsafeRawBufferPointer) {
    guard let timeline = try? TimelineFile(bytes: [UInt8](bytes), path: "timeline.json") else { return }
    precondition((1...TimelineFile.maximumFrameCount).contains(timeline.frames.count), "\(timeline.frames.count) frames")
    for (position, frame) in timeline.frames.enumerated() {
        precondition(
            frame.index == position && frame.timeSeconds.isFinite && (0...TimelineFile.maximumSeconds).contains(frame.timeSeconds)
                && frame.progress.isFinite, "frame \(position): \(frame)")
        _ = RenderOutputNames.frameFileName(index: frame.index, frameCount: timeline.frames.count)
    }
    precondition(timeline.framesPerSecond.isFinite && timeline.framesPerSecond > 0, "fps \(timeline.framesPerSecond)")
    checkPageData(
        ReviewPageData(
            title: timeline.preset ?? "fuzz", sideLabels: ["fuzz"],
            frames: timeline.frames.map {
                ReviewPageData.Frame(index: $0.index, timeSeconds: $0.timeSeconds, progress: $0.progress, phase: $0.phase)
            }, framesPerSecond: timeline.framesPerSecond, facts: timeline.facts, rerecordCommand: nil))
}

/// A review page's data made of the bytes: the title, side labels, facts, `--rerecord` text,
/// and per frame a phase, changes, times, progress and scores (any 64-bit pattern, NaN and
/// infinities too), each text a run of the bytes up to the next 0 byte. `checkPageData` must hold
/// whatever the texts are.
func fuzzReviewPageData(_ bytes: UnsafeRawBufferPointer) {
    var texts = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }.makeIterator()
    var numbers = stride(from: 0, to: bytes.count - 7, by: 8).map { bytes.loadUnaligned(fromByteOffset: $0, as: Double.self) }
        .makeIterator()
    let title = texts.next() ?? ""
    let labels = [texts.next() ?? "", texts.next() ?? ""]
    let facts = [(texts.next() ?? "", texts.next() ?? "")]
    let rerecord = texts.next()
    var frames: [ReviewPageData.Frame] = []
    while let phase = texts.next(), frames.count < 1000 {
        let score = numbers.next() ?? 0
        frames.append(
            ReviewPageData.Frame(
                index: frames.count, timeSeconds: numbers.next() ?? 0, progress: numbers.next() ?? 0,
                phase: phase.isEmpty ? nil : phase,
                scores: (score, score, score, Int(truncatingIfNeeded: score.bitPattern)), changes: [phase]))
    }
    checkPageData(
        ReviewPageData(
            title: title, sideLabels: labels, frames: frames, framesPerSecond: numbers.next() ?? 60, facts: facts,
            rerecordCommand: rerecord))
}

/// What the page's script element holds is safe there and means what was put in: no `<` (so no
/// `</script` or `<!--` can end or confuse the element) and no U+2028 or U+2029, and the strict
/// JSON reader reads it back with every text as given.
private func checkPageData(_ data: ReviewPageData) {
    let json = data.json
    precondition(
        !json.unicodeScalars.contains { $0 == "<" || $0 == "\u{2028}" || $0 == "\u{2029}" }, "the page data holds '<' or a separator")
    let parsed: JSONValue
    do { parsed = try JSONValue.parse(Array(json.utf8), maximumValueCount: .max) } catch {
        preconditionFailure("the page data is not JSON: \(error)")
    }
    let members = parsed.members!
    precondition(members["title"]?.stringValue == data.title, "the title reads back otherwise")
    precondition(members["rerecord"]?.stringValue == data.rerecordCommand, "the re-record command reads back otherwise")
    precondition(
        members["sides"]?.elements?.map { $0.members?["label"]?.stringValue } == data.sideLabels, "a side's label reads back otherwise")
    precondition(
        members["facts"]?.elements?.map { $0.elements?.map(\.stringValue) } == data.facts.map { [$0.0, $0.1] },
        "a fact reads back otherwise")
    let frames = members["frames"]!.elements!
    precondition(frames.count == data.frames.count && members["files"]?.elements?.count == data.frames.count, "frames or files are lost")
    for (frame, item) in zip(data.frames, frames) {
        let fields = item.members!
        precondition(fields["phase"]?.stringValue == frame.phase, "a phase reads back otherwise")
        precondition((fields["changes"]?.elements?.map(\.stringValue) ?? []) == frame.changes, "a change reads back otherwise")
    }
}

/// True when `ops` (or a group in them) draw an image file: the harness has none to draw.
private func drawsImages(_ ops: [DisplayOp]) -> Bool {
    var pending = [ops]
    while let list = pending.popLast() {
        for op in list {
            switch op {
            case .image, .transformedImage, .projected(.image(_, _, _), _, _, _): return true
            default: if let children = op.children { pending.append(children) }
            }
        }
    }
    return false
}
