import Foundation
import FlipbookGeometry
@_spi(Scenes) import FlipbookScene

/// Four photos (one wide, one tall, two square) for `{"photo": N}`, grids and `cellOf`.
private let fuzzPhotos = [Size(width: 600, height: 400), Size(width: 400, height: 900), Size(width: 500, height: 500), Size(width: 1, height: 1)]
    .enumerated().map { ScenePhoto(source: "/fuzz/p\($0.offset).jpg", sizePixels: $0.element) }

/// A transition file end to end short of pixels: parse, decode (layers, generators, animations),
/// compile the animator, evaluate three times and the final frame, flatten each to display ops.
/// Errors are fine; crashes, traps and hangs are findings.
func fuzzTransitionFile(_ bytes: UnsafeRawBufferPointer) {
    guard let file = try? TransitionFile(data: Data(bytes), path: "/fuzz/t.json"),
          let transition = try? file.transition(photos: fuzzPhotos, options: SceneOptions()),
          let animator = try? TransitionAnimator(transition) else { return }
    let end = animator.durationSeconds
    for (t, isFinal) in [(0, false), (end / 2, false), (end, false), (end, true)] {
        let window = animator.window(atSeconds: t, isFinal: isFinal)
        _ = DisplayList.ops(flattening: window, screen: transition.device.bounds, measure: { text, size in Double(text.count) * size / 2 },
                            snapshotSource: { animator.initialLayer(named: $0) })
    }
}
