import FlipbookModel
import FlipbookUIKit
import XCTest

/// A scroll view's start offset follows `adjustedContentInset`, as UIKit moves a scroll view
/// resting at its top when the inset changes: under a navigation bar its content starts below
/// the bar (`contentOffset.y = -adjustedContentInset.top`). The fixture's screen
/// (Tests/Fixtures/uikit-app/SafeArea) has a scroll view of two screens' content as its first subview.
final class ScrollStartOffsetTests: XCTestCase {
    @MainActor func testUnderANavigationBarTheScrollViewStartsBelowTheBar() async throws {
        // The bar's bottom: 64 pt on the iPhone 8 (20 status + 44 bar), 88 on the X (44 + 44).
        for (device, barBottom) in [(Device.iPhone8, 64.0), (Device.iPhoneX, 88.0)] {
            let screen = ToolbarViewController()
            var offset = CGPoint.zero, adjusted = UIEdgeInsets.zero
            let transition = try Transition.record(device: device) { window in
                window.rootViewController = UINavigationController(rootViewController: screen)
                window.layoutIfNeeded()
                offset = screen.scrollView.contentOffset
                adjusted = screen.scrollView.adjustedContentInset
            }
            XCTAssertEqual(adjusted.top, CGFloat(barBottom), device.name)
            XCTAssertEqual(offset, CGPoint(x: 0, y: -barBottom), device.name)
            // Drawn so: the scroll view's layer shows its content from −barBottom.
            let animator = try TransitionAnimator(transition)
            let layer = try XCTUnwrap(animator.layer(named: "scroll", in: transition.window), device.name)
            XCTAssertEqual(layer.boundsOrigin.y, -barBottom, accuracy: 1e-9, device.name)
        }
    }

    @MainActor func testOutsideANavigationControllerAContentThatDoesNotScrollIsNotAdjusted() async throws {
        // UIScrollView.h: `.automatic` adjusts top and bottom regardless of scrolling only inside
        // a navigation controller; otherwise it is `.scrollableAxes`.
        let screen = UIViewController()
        let pager = UIScrollView()
        var offset = CGPoint(x: 1, y: 1), adjusted = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        _ = try Transition.record(device: .iPhoneX) { window in
            window.rootViewController = screen
            pager.frame = screen.view.bounds
            pager.contentSize = CGSize(width: screen.view.bounds.width * 3, height: screen.view.bounds.height)
            screen.view.addSubview(pager)
            window.layoutIfNeeded()
            offset = pager.contentOffset
            adjusted = pager.adjustedContentInset
        }
        XCTAssertEqual(adjusted, .zero, "scrolls sideways only; the X's left and right insets are 0 in portrait")
        XCTAssertEqual(offset, .zero)
    }

    @MainActor func testAnOffsetTheAppSetAwayFromTheTopIsKept() async throws {
        let screen = ToolbarViewController()
        var offset = CGPoint.zero
        _ = try Transition.record(device: .iPhone8) { window in
            window.rootViewController = UINavigationController(rootViewController: screen)
            screen.loadViewIfNeeded()
            screen.scrollView.contentOffset = CGPoint(x: 0, y: 300)
            window.layoutIfNeeded()
            offset = screen.scrollView.contentOffset
        }
        XCTAssertEqual(offset, CGPoint(x: 0, y: 300), "not resting at the top: UIKit leaves it")
    }
}
