import FlipbookFormats
import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRaster
import FlipbookScenes
import FlipbookText
import Foundation
import XCTest

/// A linear one-second main timing: time t is progress t, so a test of a preset at progress p
/// evaluates the transition at p seconds.
package let linearSecond = Timing(curve: .bezier(.linear), durationSeconds: 1)

/// The fixture fonts' typesetter (Inter and the Noto subsets of Tests/Fixtures/fonts): card
/// layouts measure their labels with it, and the ops helpers below set text with it.
package let fixtureTypesetter: Typesetter = {
    let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fonts").path
    return Typesetter(fonts: try! FontCollection(directory: fonts))
}()

/// The description of the error that decoding the transition file text `json` (named "t.json",
/// without photos) throws; fails the test when none is thrown.
package func transitionFileError(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
        _ = try TransitionFile(data: Data(json.utf8), path: "t.json").transition(photos: [], options: SceneOptions())
        XCTFail("no error for \(json)", file: file, line: line)
        return ""
    } catch {
        return "\(error)"
    }
}

/// `transition`'s window at `t` seconds (`isFinal`: the final frame, every animation finished and
/// the completions applied), without the status bar on top unless `withStatusBar` (scene tests
/// look at the presets' own layers; the status bar is tested by StatusBarTests and
/// StatusBarDisplayListTests).
/// - Throws: `TransitionError` when the transition does not compile.
package func window(_ transition: Transition, at t: Double, isFinal: Bool = false, withStatusBar: Bool = false) throws -> Layer {
    window(try TransitionAnimator(transition), at: t, isFinal: isFinal, withStatusBar: withStatusBar)
}

private func window(_ animator: TransitionAnimator, at t: Double, isFinal: Bool, withStatusBar: Bool) -> Layer {
    var window = animator.window(atSeconds: t, isFinal: isFinal)
    if !withStatusBar { window.sublayers.removeAll { $0.name == StatusBar.layerName } }
    return window
}

/// Draw ops with their groups opened: each op with the opacity of its enclosing groups multiplied in.
package typealias DrawnOps = [(op: DisplayOp, groupOpacity: Double)]

/// What `transition` draws at `t` seconds, as the render job flattens it: on the transition's
/// screen, text set with the fixture fonts, snapshot layers showing their sources as they are at
/// t = 0; the status bar left out unless `withStatusBar` (see `window(_:at:isFinal:withStatusBar:)`).
/// - Throws: `TransitionError` when the transition does not compile.
package func ops(_ transition: Transition, at t: Double, isFinal: Bool = false, withStatusBar: Bool = false) throws -> DrawnOps {
    opened(try displayOps(transition, at: t, isFinal: isFinal, withStatusBar: withStatusBar))
}

/// `ops(_:at:isFinal:withStatusBar:)` with the groups left closed: the display list as the renderer
/// gets it, through the flattening call `RenderJob.displayList` makes (not a copy of it).
/// - Throws: `TransitionError` when the transition does not compile.
package func displayOps(_ transition: Transition, at t: Double, isFinal: Bool = false, withStatusBar: Bool = false) throws -> [DisplayOp] {
    let animator = try TransitionAnimator(transition)
    return animator.displayOps(
        flattening: window(animator, at: t, isFinal: isFinal, withStatusBar: withStatusBar), typesetter: fixtureTypesetter)
}

/// What a screen (a layer tree outside any transition, so without snapshots) draws on `device`,
/// text set with the fixture fonts.
package func displayOps(screen: Layer, device: Device = .iPhone8) -> [DisplayOp] {
    DisplayList.ops(flattening: screen, screen: device.bounds, typesetter: fixtureTypesetter)
}

/// `displayOps(screen:device:)` with the groups opened.
package func ops(screen: Layer, device: Device = .iPhone8) -> DrawnOps {
    opened(displayOps(screen: screen, device: device))
}

private func opened(_ ops: [DisplayOp], groupOpacity outer: Double = 1) -> DrawnOps {
    ops.flatMap { op -> DrawnOps in
        if case let .group(opacity, children) = op { return opened(children, groupOpacity: outer * opacity) }
        return [(op, outer)]
    }
}

/// The image ops drawing `source`, in painter's order, with their group-multiplied opacity.
package func imageOps(_ ops: DrawnOps, source: String) -> [(rect: Rect, mode: ContentMode, opacity: Double, clip: Clip?)] {
    ops.compactMap { entry in
        guard case let .image(opSource, rect, mode, opacity, clip) = entry.op, opSource == source else { return nil }
        return (rect, mode, opacity * entry.groupOpacity, clip)
    }
}

/// The text ops setting `string`, in painter's order: the left end of the first baseline, the
/// first run's size in points, the group-multiplied opacity and the clip.
package func textOps(_ ops: DrawnOps, _ string: String) -> [(origin: Point, size: Double, opacity: Double, clip: Clip?)] {
    ops.compactMap { entry in
        guard case let .text(layout, origin, _, opacity, clip) = entry.op, layout.text == string, let line = layout.lines.first else {
            return nil
        }
        return (Point(x: origin.x, y: origin.y + line.baselinePoints), line.runs.first?.sizePoints ?? 0, opacity * entry.groupOpacity, clip)
    }
}

/// The layer called `name` in the tree under `root` (depth first), if any.
package func layer(named name: String, in root: Layer) -> Layer? {
    if root.name == name { return root }
    for sublayer in root.sublayers {
        if let found = layer(named: name, in: sublayer) { return found }
    }
    return nil
}

/// The frame, in window points, of the layer called `name` in `window` (translations of its
/// ancestors and their scroll offsets added; transforms are identity in the presets).
package func windowFrame(of name: String, in window: Layer) -> Rect? {
    func search(_ layer: Layer, origin: Point) -> Rect? {
        let frame = layer.frame.offsetBy(dx: origin.x, dy: origin.y)
        if layer.name == name { return frame }
        let inner = Point(x: frame.x - layer.boundsOrigin.x, y: frame.y - layer.boundsOrigin.y)
        for sublayer in layer.sublayers {
            if let found = search(sublayer, origin: inner) { return found }
        }
        return nil
    }
    return search(window, origin: Point(x: 0, y: 0))
}

/// `actual` equals `expected` within `accuracy` in each of x, y, width and height.
package func assertRect(_ actual: Rect?, _ expected: Rect, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    guard let actual else { return XCTFail("no rect, expected \(expected)", file: file, line: line) }
    for (a, e) in zip([actual.x, actual.y, actual.width, actual.height], [expected.x, expected.y, expected.width, expected.height]) {
        XCTAssertEqual(a, e, accuracy: accuracy, "\(actual) != \(expected)", file: file, line: line)
    }
}
