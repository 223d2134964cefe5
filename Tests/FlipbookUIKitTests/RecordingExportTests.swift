import Flipbook
import FlipbookModel
import FlipbookUIKit
import Foundation
import XCTest

/// A recording exported to a transition file renders the same pixels from the file, without
/// `--device`: the file names the phone it was recorded on, even at a scale of the test's own.
final class RecordingExportTests: XCTestCase {
    @MainActor func testARecordingOnADynamicIslandPhoneAtOneXExportsItsPhone() async throws {
        var device = try XCTUnwrap(Device(named: "iphone15pro"))
        device.scale = 1 // small goldens, as a test records them
        let transition = try Transition.record(device: device) { window in
            window.backgroundColor = .white
            let card = UIView(frame: CGRect(x: 20, y: 120, width: 200, height: 120))
            card.backgroundColor = .systemBlue
            window.addSubview(card)
            UIView.animate(withDuration: 0.2) { card.center.y = 400 }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recording-export-\(ProcessInfo.processInfo.globallyUniqueString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("card.json")
        let json = TransitionFile.json(for: transition, relativeTo: folder.path)
        XCTAssertTrue(json.contains(#""device": {"name": "iphone15pro", "scale": 1}"#), json)
        try json.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try RenderJob(settings: RenderSettings(transitionFile: file.path))
        let direct = try RenderJob(settings: RenderSettings(transition: transition))
        XCTAssertEqual(fromFile.device, direct.device)
        // The first frame holds the status bar with the Dynamic Island's ears; the same pixels.
        XCTAssertEqual(try fromFile.renderFrame(0).pixels, try direct.renderFrame(0).pixels)
    }
}
