import FlipbookModel
import FlipbookUIKit
import XCTest

/// The fixture app's code-only view controllers (Tests/Fixtures/uikit-app/Initialisers), a module
/// apart from FlipbookUIKit: UIKit's designated and required initialisers compile and link as on
/// iOS, the status bar has the device's height, and drawing a view into an image is refused by
/// name with its place.
final class InitialiserTests: XCTestCase {
    @MainActor func testCustomAndOverriddenInitialisersRunThroughInitNibNameBundle() async throws {
        let story = StoryViewController(story: "Lighthouse")
        XCTAssertEqual(story.title, "Lighthouse")
        XCTAssertNil(story.nibName)
        XCTAssertTrue(SettingsViewController().configured, "init() is init(nibName: nil, bundle: nil), which the subclass overrides")
        XCTAssertTrue(SettingsViewController(nibName: "Settings", bundle: nil).configured)
        XCTAssertEqual(SettingsViewController(nibName: "Settings", bundle: nil).nibName, "Settings")
        let navigation = StoryNavigationController(rootViewController: story)
        XCTAssertEqual(navigation.rootStory, "Lighthouse")
        XCTAssertEqual(navigation.viewControllers.count, 1)
        XCTAssertEqual(navigation.drift, CGVector(dx: 0.0, dy: 12.0))
    }

    @MainActor func testTheStatusBarHasTheDevicesHeight() async throws {
        // Device data (docs/DEVICES.md): 20 pt on a home-button phone, 47 on the iPhone 13,
        // 54 on the iPhone 15 Pro (whose safe area starts at 59).
        for (device, height) in [(Device.iPhone8, 20.0), (Device(named: "iphone13")!, 47), (Device(named: "iphone15pro")!, 54)] {
            let story = StoryViewController(story: "Lighthouse")
            var statusBar = CGRect.zero
            let transition = try Transition.record(device: device) { window in
                window.rootViewController = story
                window.layoutIfNeeded()
                statusBar = UIApplication.shared.statusBarFrame
            }
            XCTAssertEqual(statusBar, CGRect(x: 0, y: 0, width: device.width, height: height), device.name)
            XCTAssertEqual(story.headerTop, CGFloat(height), device.name)
            let header = try XCTUnwrap(TransitionAnimator(transition).layer(named: "header", in: transition.window))
            XCTAssertEqual([header.frame.x, header.frame.y, header.frame.width, header.frame.height], [10, height, 300, 44], device.name)
        }
    }

    @MainActor func testDrawingAViewIntoAnImageIsRefusedByNameWithItsPlace() async throws {
        let line = try fixtureLine(of: "renderer.image", in: "Initialisers/StoryViewControllers.swift")
        XCTAssertThrowsError(try Transition.record { window in
            let story = StoryViewController(story: "Lighthouse")
            window.rootViewController = story
            window.layoutIfNeeded()
            _ = story.headerImage()
        }) { error in
            guard case let .unsupported(api, calledAt, advice)? = error as? RecordingError else { return XCTFail("\(error)") }
            XCTAssertEqual(api, "UIGraphicsImageRenderer.image(actions:)")
            XCTAssertEqual(calledAt, "FlipbookUIKitSourcesAppTests/StoryViewControllers.swift:\(line)")
            XCTAssertTrue(advice.contains("snapshotView(afterScreenUpdates:)"), advice)
        }
    }
}
