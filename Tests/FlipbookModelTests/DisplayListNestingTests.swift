import FlipbookGeometry
import FlipbookModel
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

/// Display lists nest at most `DisplayOp.maximumNestingDepth` groups deep: every walk of a list
/// (drawing, bounds, the lock and JSON writers, synthesised equality) recurses once a level.
final class DisplayListNestingTests: XCTestCase {
    private func fill(_ x: Double) -> DisplayOp {
        .fill(rect: Rect(x: x, y: 0, width: 1, height: 1), color: StraightColor(red: 1, green: 0, blue: 0), opacity: 1, clip: nil)
    }

    /// A chain of `depth` groups of opacity ½, each holding a fill at x = its depth and the next.
    private func chain(_ depth: Int) -> [DisplayOp] {
        var ops: [DisplayOp] = [fill(Double(depth))]
        for level in stride(from: depth - 1, through: 0, by: -1) { ops = [fill(Double(level)), .group(opacity: 0.5, ops: ops)] }
        return ops
    }

    /// Groups past the limit are dissolved into their ops, in order, each with the opacities
    /// of the dissolved groups multiplied in: in a chain of 300, the fill inside k groups
    /// (k > 256) is drawn at ½^(k − 256) inside the 256 kept groups (whose own ½ they keep).
    func testGroupsPastTheLimitAreDissolvedInOrderWithTheirOpacities() {
        let limited = DisplayOp.limitingNesting(chain(300))
        XCTAssertEqual(DisplayOp.nestingDepth(of: chain(300)), 300)
        XCTAssertEqual(DisplayOp.nestingDepth(of: limited), 256)
        var ops = limited
        for level in 0..<256 {
            XCTAssertEqual(ops.first, fill(Double(level)))
            guard case let .group(opacity, children) = ops.last, ops.count == 2 else { return XCTFail("level \(level): \(ops.count) ops") }
            XCTAssertEqual(opacity, 0.5)
            ops = children
        }
        XCTAssertEqual(ops.count, 300 - 256 + 1, "the fill at 256 and the 44 dissolved groups' fills, one list")
        for (offset, op) in ops.enumerated() {
            guard case let .fill(rect, _, opacity, _) = op else { return XCTFail("\(op)") }
            XCTAssertEqual(rect.x, Double(256 + offset))
            XCTAssertEqual(opacity, pow(0.5, Double(offset)), "inside \(offset) dissolved groups")
        }
        // Within the limit, a list is returned as it was.
        XCTAssertEqual(DisplayOp.limitingNesting(chain(256)), chain(256))
    }

    /// A shadowed or masked group past the limit loses its shadow or mask, as a group past the
    /// rasterizer's buffer budget does; the ops around it keep their order.
    func testMasksAndShadowsPastTheLimitAreLeftOut() {
        let mask = ClipShape(rect: Rect(x: 0, y: 0, width: 5, height: 5), cornerRadius: 0, transform: .identity)
        let shadow = Shadow(color: StraightColor(red: 0, green: 0, blue: 0), offset: Point(x: 0, y: 2), blurRadiusPoints: 3)
        var inner: [DisplayOp] = [fill(9)]
        inner = [
            .maskedGroup(
                opacity: 0.5, mask: mask, ops: [fill(7), .shadowedGroup(opacity: 0.5, shadow: shadow, clip: nil, ops: inner), fill(8)])
        ]
        let limited = DisplayOp.limitingNesting([fill(0), .group(opacity: 1, ops: inner), fill(1)], to: 1)
        XCTAssertEqual(
            limited,
            [
                fill(0),
                .group(
                    opacity: 1,
                    ops: [
                        fill(7).multiplyingOpacity(by: 0.5), fill(9).multiplyingOpacity(by: 0.25),
                        fill(8).multiplyingOpacity(by: 0.5)
                    ]), fill(1)
            ])
    }

    /// A transition file within the JSON reader's 512 levels: a chain of 254 layers, each faded
    /// and alternately rotated with a clip or shadowed, with a snapshot of another such chain at
    /// its end, nests about a thousand groups deep. It overflowed the stack of a debug
    /// `flipbook render` (in the display list's synthesised equality). Now its display lists
    /// nest 256 deep, it renders and its lock verifies.
    func testTheDeepestTransitionFileRendersAndLocks() throws {
        let scratch = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        func chain(_ prefix: String, _ depth: Int, tail: String = "") -> String {
            var json = tail
            for level in stride(from: depth, through: 0, by: -1) {
                let shading =
                    level % 2 == 0
                    ? "\"transform\": {\"rotate\": 1}, \"clipsToBounds\": true" : "\"shadowOpacity\": 0.5, \"shadowRadius\": 2"
                json =
                    "{\"name\": \"\(prefix)\(level)\", \"frame\": [1, 1, 300, 500], \"opacity\": 0.9, \"backgroundColor\": [1, 0, 0, 0.2], "
                    + shading + (json.isEmpty ? "" : ", \"sublayers\": [\(json)]") + "}"
            }
            return json
        }
        let snapshot = #"{"name": "snap", "frame": [0, 0, 300, 500], "snapshotOf": "b0"}"#
        let file = scratch.appendingPathComponent("deepest.json").path
        try
            ("{\"name\": \"deepest\", \"device\": \"iphone8\", \"timing\": {\"curve\": \"linear\", \"duration\": 0.1}, \"layers\": ["
            + chain("b", 253) + ", " + chain("a", 253, tail: snapshot) + "]}").write(toFile: file, atomically: true, encoding: .utf8)
        let lock = scratch.appendingPathComponent("deepest.lock").path
        let common = ["--transition", file, "--scale", "1", "--fps", "10", "--threads", "2", "--font", Package.fixtureFont]
        let made = try runFlipbook(["lock"] + common + ["--out", lock])
        XCTAssertEqual(made.status, 0, String(made.stderr.suffix(800)))
        let text = try String(contentsOfFile: lock, encoding: .utf8)
        let deepest = text.split(separator: "\n").filter { $0.hasPrefix("  + ") || $0.hasPrefix("  ~ ") }
            .map { $0.dropFirst(4).prefix { $0 == " " }.count / 2 }.max()
        XCTAssertEqual(deepest, 256)
        let verified = try runFlipbook(["verify", lock, "--threads", "2"])
        XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr.suffix(800))
        let rendered = try runFlipbook(["render"] + common + ["--progress", "none", "--out", scratch.appendingPathComponent("out").path])
        XCTAssertEqual(rendered.status, 0, String(rendered.stderr.suffix(800)))
    }
}
