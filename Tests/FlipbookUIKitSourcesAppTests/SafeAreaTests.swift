import FlipbookModel
import FlipbookUIKit
import XCTest

/// Safe areas with each device's values (the model's `Device` data, docs/DEVICES.md): the
/// fixture's screen (Tests/Fixtures/uikit-app/SafeArea) lays its banner and toolbar out from
/// `safeAreaInsets`, with `additionalSafeAreaInsets` for its own toolbar. (Insets are read inside
/// the recording: outside one there is no device, and the window's are zero.)
final class SafeAreaTests: XCTestCase {
    /// (device, status bar / sensor top inset, home indicator bottom inset) as iOS reports them.
    private let devices: [(Device, CGFloat, CGFloat)] = [
        (.iPhone8, 20, 0), (.iPhoneX, 44, 34), (Device(named: "iphone13")!, 47, 34), (Device(named: "iphone15pro")!, 59, 34),
        (Device(named: "iphone16pro")!, 62, 34)
    ]

    @MainActor func testAFullScreenScreensSafeAreaIsTheDevicesPlusItsOwnToolbar() async throws {
        for (device, top, bottom) in devices {
            let screen = ToolbarViewController()
            var windowInsets = UIEdgeInsets.zero, adjusted = UIEdgeInsets.zero
            let transition = try Transition.record(device: device) { window in
                window.rootViewController = screen
                window.layoutIfNeeded()
                windowInsets = window.safeAreaInsets
                adjusted = screen.scrollView.adjustedContentInset
            }
            XCTAssertEqual(windowInsets, UIEdgeInsets(top: top, left: 0, bottom: bottom, right: 0), device.name)
            let expected = UIEdgeInsets(top: top, left: 0, bottom: bottom + ToolbarViewController.toolbarHeight, right: 0)
            XCTAssertEqual(screen.safeAreaChanges.last, expected, device.name)
            let toolbar = try XCTUnwrap(TransitionAnimator(transition).layer(named: "toolbar", in: transition.window))
            XCTAssertEqual(toolbar.frame.y, device.height - Double(bottom) - 49, accuracy: 1e-9, device.name)
            // The scroll view fills the screen: its content keeps clear of both ends.
            XCTAssertEqual(adjusted, expected, device.name)
        }
    }

    @MainActor func testUnderANavigationBarTheScreensSafeAreaStartsBelowIt() async throws {
        for (device, _, bottom) in devices {
            let screen = ToolbarViewController()
            var insets = UIEdgeInsets.zero
            let transition = try Transition.record(device: device) { window in
                window.rootViewController = UINavigationController(rootViewController: screen)
                window.layoutIfNeeded()
                insets = screen.view.safeAreaInsets
            }
            // The bar ends at the status bar (or the sensor's safe area) plus 44 pt.
            XCTAssertEqual(insets.top, CGFloat(device.topBarHeightPoints), device.name)
            let banner = try XCTUnwrap(TransitionAnimator(transition).layer(named: "banner", in: transition.window))
            XCTAssertEqual(banner.frame.y, device.topBarHeightPoints, accuracy: 1e-9, device.name)
            XCTAssertEqual(insets.bottom, bottom + ToolbarViewController.toolbarHeight, device.name)
        }
    }

    @MainActor func testASubviewsSafeAreaIsWhatItOverlapsOfItsSuperviews() async throws {
        var insets = UIEdgeInsets.zero
        _ = try Transition.record(device: .iPhoneX) { window in
            let root = UIViewController()
            window.rootViewController = root
            // 20 pt down from the top, 10 pt above the bottom: it overlaps 24 pt of the 44 pt top
            // inset and 24 pt of the 34 pt home-indicator inset.
            let card = UIView(frame: CGRect(x: 0, y: 20, width: 375, height: 782))
            root.view.addSubview(card)
            window.layoutIfNeeded()
            insets = card.safeAreaInsets
        }
        XCTAssertEqual(insets, UIEdgeInsets(top: 24, left: 0, bottom: 24, right: 0))
    }
}
