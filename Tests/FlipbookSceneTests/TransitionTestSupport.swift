import XCTest
import FlipbookGeometry
import FlipbookMotion
@_spi(Scenes) import FlipbookScene

/// A linear one-second main timing: time t is progress t, so a test of a preset at progress p
/// evaluates the transition at p seconds.
let linearSecond = Timing(curve: .bezier(.linear), durationSeconds: 1)

/// `transition`'s window at `t` seconds (`isFinal`: the final frame, completions applied),
/// without the status bar on top unless `withStatusBar` (scene tests look at the presets' own
/// layers; the status bar is tested by StatusBarTests and StatusBarDisplayListTests).
func window(_ transition: Transition, at t: Double, isFinal: Bool = false, withStatusBar: Bool = false,
            file: StaticString = #filePath, line: UInt = #line) -> Layer {
    do {
        var window = try TransitionAnimator(transition).window(atSeconds: t, isFinal: isFinal)
        if !withStatusBar { window.sublayers.removeAll { $0.name == StatusBar.layerName } }
        return window
    } catch {
        XCTFail("\(error)", file: file, line: line)
        return transition.window
    }
}

/// The layer called `name` in the tree under `root` (depth first), if any.
func layer(named name: String, in root: Layer) -> Layer? {
    if root.name == name { return root }
    for sublayer in root.sublayers {
        if let found = layer(named: name, in: sublayer) { return found }
    }
    return nil
}

/// The frame, in window points, of the layer called `name` at `t` (translations of its
/// ancestors and their scroll offsets added; transforms are identity in the presets).
func windowFrame(of name: String, in transition: Transition, at t: Double, file: StaticString = #filePath, line: UInt = #line) -> Rect? {
    func search(_ layer: Layer, origin: Point) -> Rect? {
        let frame = layer.frame.offsetBy(dx: origin.x, dy: origin.y)
        if layer.name == name { return frame }
        let inner = Point(x: frame.x - layer.boundsOrigin.x, y: frame.y - layer.boundsOrigin.y)
        for sublayer in layer.sublayers {
            if let found = search(sublayer, origin: inner) { return found }
        }
        return nil
    }
    return search(window(transition, at: t, file: file, line: line), origin: Point(x: -0.0, y: 0))
}
