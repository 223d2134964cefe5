import Flipbook
import FlipbookRender
import Foundation

/// A transition file end to end short of pixels: parse, decode (layers, generators, animations),
/// compile the animator, evaluate at 0, D/2 and D and the final frame, flatten each to display
/// ops with text set (the fixture fonts). Errors are fine; crashes, traps and hangs are findings.
func fuzzTransitionFile(_ bytes: UnsafeRawBufferPointer) {
    guard let (transition, animator) = compile(Data(bytes)) else { return }
    let typesetter = Typesetter(fonts: FuzzScene.fonts)
    let end = animator.durationSeconds
    for (t, isFinal) in [(0, false), (end / 2, false), (end, false), (end, true)] {
        _ = displayList(transition, animator, typesetter, seconds: t, isFinal: isFinal)
    }
}

/// A transition file rendered: what `transition` does, then three frames (the first, the
/// middle and the final one at 10 fps) drawn by `FrameRasterizer` on the scene's 100 × 100 pt
/// @1x canvas, which replaces the file's device (`--device`), with the display list written as
/// `inspect` writes it. The canvas bounds the pixels, so a finding is the file's doing.
func fuzzTransitionRender(_ bytes: UnsafeRawBufferPointer) {
    render(Data(bytes))
}

/// A transition file made by `TransitionFileGenerator` from the bytes (always valid JSON, mostly
/// a valid file), then rendered as `fuzzTransitionRender` does.
func fuzzGeneratedTransition(_ bytes: UnsafeRawBufferPointer) {
    render(Data(TransitionFileGenerator.file(from: bytes).utf8))
}

/// Parses, decodes with the scene's photos and device, and compiles; nil when the file is refused
/// (with `FLIPBOOK_FUZZ_VERBOSE=1`, the reason goes to standard error: are the seeds accepted?).
private func compile(_ data: Data) -> (Transition, TransitionAnimator)? {
    do {
        let file = try TransitionFile(data: data, path: FuzzScene.transitionPath)
        let transition = try file.transition(
            photos: FuzzScene.photos, options: SceneOptions(), device: FuzzScene.device,
            checkImage: FuzzScene.checkImage)
        return (transition, try TransitionAnimator(transition))
    } catch {
        if FuzzScene.verbose { FileHandle.standardError.write(Data("refused: \(String("\(error)".prefix(300)))\n".utf8)) }
        return nil
    }
}

private func displayList(
    _ transition: Transition, _ animator: TransitionAnimator, _ typesetter: Typesetter,
    seconds: Double, isFinal: Bool
) -> DisplayList {
    let window = animator.window(atSeconds: seconds, isFinal: isFinal)
    let ops = DisplayList.ops(
        flattening: window, screen: transition.device.bounds, typesetter: typesetter,
        snapshotSource: { animator.initialLayer(named: $0) })
    return DisplayList(device: transition.device, frameIndex: 0, timeSeconds: seconds, progress: 0, ops: ops)
}

private func render(_ data: Data) {
    guard let (transition, animator) = compile(data) else { return }
    let typesetter = Typesetter(fonts: FuzzScene.fonts)
    let frames = animator.frames(framesPerSecond: 10)
    let rasterizer = FrameRasterizer(images: FuzzScene.images)
    for sample in [frames[0], frames[frames.count / 2], frames[frames.count - 1]] {
        var list = displayList(transition, animator, typesetter, seconds: sample.timeSeconds, isFinal: sample.index == frames.count - 1)
        list.frameIndex = sample.index
        _ = list.json
        let image = rasterizer.render(list)
        precondition(image.width == 100 && image.height == 100, "the fuzz canvas is 100 × 100 px")
    }
}
