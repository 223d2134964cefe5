import FlipbookModel
import FlipbookUIKit
import XCTest

/// The fixture app's code-only view controllers (Tests/Fixtures/uikit-app/Initialisers), a module
/// apart from FlipbookUIKit: UIKit's designated and required initialisers compile and link as on
/// iOS, the status bar has the device's height, a view drawn into an image shows as a snapshot of
/// it, and an image a recording cannot show is refused by name with its place.
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

    @MainActor func testAViewDrawnIntoAnImageIsShownAsASnapshotOfIt() async throws {
        for legacy in [false, true] {
            let transition = try Transition.record { window in
                let story = StoryViewController(story: "Lighthouse")
                window.rootViewController = story
                window.layoutIfNeeded()
                let image = try XCTUnwrap(legacy ? story.legacyHeaderImage() : story.headerImage())
                XCTAssertEqual(image.size, CGSize(width: 300, height: 44))
                let flying = UIImageView(image: image)
                flying.accessibilityIdentifier = "flying"
                flying.frame = CGRect(x: 0, y: 300, width: 300, height: 44)
                window.addSubview(flying)
            }
            let flying = try XCTUnwrap(TransitionAnimator(transition).layer(named: "flying", in: transition.window))
            XCTAssertEqual(flying.snapshotOf, "header", legacy ? "UIGraphicsBeginImageContextWithOptions" : "UIGraphicsImageRenderer")
            XCTAssertNil(flying.imageSource)
        }
    }

    @MainActor func testAnImageOfTwoViewsIsRefusedByNameWithItsPlace() async throws {
        let line = try fixtureLine(of: "let collage = renderer.image", in: "Initialisers/StoryViewControllers.swift")
        XCTAssertThrowsError(
            try Transition.record { window in
                let story = StoryViewController(story: "Lighthouse")
                window.rootViewController = story
                window.layoutIfNeeded()
                _ = story.collageImage()
            }
        ) { error in
            guard case let .unsupported(api, calledAt, advice)? = error as? RecordingError else { return XCTFail("\(error)") }
            XCTAssertEqual(api, "UIGraphicsImageRenderer.image(actions:) with drawing 2 views into one image")
            XCTAssertEqual(calledAt, "FlipbookUIKitSourcesAppTests/StoryViewControllers.swift:\(line)")
            XCTAssertTrue(advice.contains("snapshotView(afterScreenUpdates:)"), advice)
        }
    }
}
