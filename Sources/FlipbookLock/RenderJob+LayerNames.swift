package import Flipbook
import FlipbookModel

extension RenderJob {
    /// For the lock lines of frame `index` (`DisplayList.lockLines`, leading spaces trimmed), the
    /// name of the layer that draws each — a view's name in a recording (its accessibility
    /// identifier, else its type and a number), a layer's in a transition file — so that a
    /// changed op is named in the terms of the code that made it. Each layer of the frame's
    /// window is hidden in turn; a line that goes with it is the deepest such layer's. A line
    /// no one layer draws (the home indicator's tone) has none. Costs a flattening per layer:
    /// for the frames a failing check shows, not for every frame. Empty for an index outside
    /// the sequence.
    package func layerNamesOfLockLines(frameIndex index: Int) -> [String: String] {
        guard let sample = sequence.first(where: { $0.index == index }) else { return [:] }
        let isFinal = sample.index == sequence.count - 1
        let window =
            interaction?.window(frame: sample.index, animator: animator)
            ?? animator.window(atSeconds: sample.timeSeconds, isFinal: isFinal)
        let namer = SequenceLock.sourceNamer(for: settings)
        func lineCounts(_ root: Layer) -> [String: Int] {
            let list = DisplayList(
                device: device, frameIndex: index, timeSeconds: sample.timeSeconds, progress: sample.progress,
                ops: animator.displayOps(flattening: root, typesetter: typesetter))
            var counts: [String: Int] = [:]
            for line in list.lockLines(source: namer) { counts[String(line.drop { $0 == " " }), default: 0] += 1 }
            return counts
        }
        func hiding(_ layer: Layer, at path: ArraySlice<Int>) -> Layer {
            var copy = layer
            if let first = path.first {
                copy.sublayers[first] = hiding(layer.sublayers[first], at: path.dropFirst())
            } else {
                copy.isHidden = true
            }
            return copy
        }
        let all = lineCounts(window)
        var names: [String: (name: String, depth: Int)] = [:]
        func visit(_ layer: Layer, path: [Int]) {
            guard !layer.isHidden else { return }
            if !path.isEmpty {
                let left = lineCounts(hiding(window, at: path[...]))
                for (line, count) in all where left[line, default: 0] < count && names[line].map({ $0.depth < path.count }) ?? true {
                    names[line] = (layer.name, path.count)
                }
            }
            for (position, child) in layer.sublayers.enumerated() { visit(child, path: path + [position]) }
        }
        visit(window, path: [])
        return names.mapValues(\.name)
    }
}
