import FlipbookModel
import FlipbookUIKit
import Foundation
import XCTest

/// An animator written as Swift 6 code for iOS: it fades the presented view in from a block it
/// dispatches to the main queue. UIKit's transitioning protocols are main-actor isolated, on iOS
/// and here, so `toView` belongs to the main actor and the block (which Dispatch runs on the main
/// queue) may use it; without that isolation Swift 6 refuses the block ("sending 'toView' risks
/// causing data races"). That this file compiles is the test.
final class DelayedFadeInAnimator: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toController = transitionContext.viewController(forKey: .to),
            let toView = transitionContext.view(forKey: .to)
        else { return }
        toView.frame = transitionContext.finalFrame(for: toController).offsetBy(dx: 0, dy: 40)
        toView.alpha = 0
        transitionContext.containerView.addSubview(toView)
        // `FlipbookUIKit.`: this file is not rewritten by the source step (which writes it so in an
        // app's files) and imports Foundation through XCTest, where the bare name is ambiguous.
        FlipbookUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
            UIView.animate(withDuration: 0.3) { toView.alpha = 1 }
        }
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext),
            animations: {
                toView.frame = transitionContext.finalFrame(for: toController)
            },
            completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController,
        source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { self }
}

/// UIKit is main-actor isolated here as on iOS: app code written for Swift 6 on iOS compiles and
/// records, and the Linux test runner runs the tests that record.
final class MainActorIsolationTests: XCTestCase {
    @MainActor func testAnAnimatorThatDispatchesToTheMainQueueRecords() async throws {
        let animator = DelayedFadeInAnimator()
        let transition = try Transition.record { window in
            let root = UIViewController()
            window.rootViewController = root
            window.layoutIfNeeded()
            let detail = UIViewController()
            detail.view.accessibilityIdentifier = "detail"
            detail.modalPresentationStyle = .custom
            detail.transitioningDelegate = animator
            root.present(detail, animated: true, completion: nil)
        }
        let recorded = try TransitionAnimator(transition)
        XCTAssertEqual(recorded.durationSeconds, 0.5)
        let final = recorded.window(atSeconds: recorded.durationSeconds, isFinal: true)
        let detail = try XCTUnwrap(recorded.layer(named: "detail", in: final))
        XCTAssertEqual(detail.frame.y, 0, "the slide up, from 40 pt below")
        // The block dispatched to the main queue runs on the recording's clock at 0.2 s: its
        // 0.3 s fade (ease in-out, half-way at its middle by symmetry) ends with the slide.
        XCTAssertEqual(detail.opacity, 1)
        let middle = try XCTUnwrap(recorded.layer(named: "detail", in: recorded.window(atSeconds: 0.35, isFinal: false)))
        XCTAssertEqual(middle.opacity, 0.5, accuracy: 1e-9)
        let before = try XCTUnwrap(recorded.layer(named: "detail", in: recorded.window(atSeconds: 0.2, isFinal: false)))
        XCTAssertEqual(before.opacity, 0)
    }

    /// swift-corelibs-xctest aborts the whole test process at a synchronous test method that is
    /// `@MainActor`, itself or through its class (it cannot call the isolated method as a plain
    /// one): the tests of this package and of the example mark methods `@MainActor … async`, and
    /// never a class, to which a synchronous test could be added later.
    func testNoTestIsMainActorIsolatedInAWayLinuxXCTestCannotRun() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folders = ["Tests", "docs/examples"].map { root.appendingPathComponent($0) }
        let isolatedClass = try NSRegularExpression(pattern: #"@MainActor\s+(?:(?:final|public|open)\s+)*class\s+\w+\s*:\s*XCTestCase"#)
        let isolatedMethod = try NSRegularExpression(
            pattern: #"@MainActor\s+(?:(?:public|private|internal)\s+)?func\s+(test\w*)\s*\(\s*\)\s*(?:throws\s*)?\{"#)
        var checked = 0, offenders: [String] = []
        for folder in folders {
            let files =
                FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files where !file.contains(".build/") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let range = NSRange(text.startIndex..., in: text)
                for match in isolatedClass.matches(in: text, range: range) + isolatedMethod.matches(in: text, range: range) {
                    offenders.append("\(file): \(Range(match.range, in: text).map { text[$0] } ?? "")")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100, "the test files were found")
        XCTAssertEqual(offenders, [], "mark the test methods `@MainActor … async`, not the class, and never a synchronous one")
    }
}
