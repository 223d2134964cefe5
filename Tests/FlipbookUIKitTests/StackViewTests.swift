import FlipbookUIKit
import Foundation
import XCTest

/// `UIStackView`: every distribution and alignment, spacing, custom spacing, margins and hidden
/// views, on a 300 × 50 row of views whose natural sizes the tests set; every expected frame is
/// computed by hand in the comments.
final class StackViewTests: XCTestCase {
    /// A view with a natural size.
    private final class Tag: UIView {
        let natural: CGSize
        init(_ width: CGFloat, _ height: CGFloat) { natural = CGSize(width: width, height: height); super.init(frame: .zero) }
        required init?(coder: NSCoder) { return nil }
        override var intrinsicContentSize: CGSize { natural }
    }

    /// A root with a stack pinned at (10, 20), 300 × 50 unless `sized` is false, holding views
    /// 50, 60 and 70 pt wide, 40 pt tall.
    @MainActor private func makeStack(sized: Bool = true, _ configure: (UIStackView) -> Void) -> (UIView, UIStackView, [UIView]) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let tags = [Tag(50, 40), Tag(60, 40), Tag(70, 40)]
        let stack = UIStackView(arrangedSubviews: tags)
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        configure(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)
        ])
        if sized {
            NSLayoutConstraint.activate([
                stack.widthAnchor.constraint(equalToConstant: 300), stack.heightAnchor.constraint(equalToConstant: 50)
            ])
        }
        root.layoutIfNeeded()
        return (root, stack, tags)
    }

    private func xs(_ views: [UIView]) -> [CGFloat] { MainActor.assumeIsolated { views.map(\.frame.minX) } }
    private func widths(_ views: [UIView]) -> [CGFloat] { MainActor.assumeIsolated { views.map(\.frame.width) } }

    @MainActor func testArrangedSubviewsAreSubviewsLaidOutByConstraints() async {
        let (_, stack, tags) = makeStack { _ in }
        XCTAssertEqual(stack.arrangedSubviews.count, 3)
        XCTAssertTrue(stack.subviews.elementsEqual(tags, by: ===))
        XCTAssertFalse(tags[0].translatesAutoresizingMaskIntoConstraints)
        XCTAssertEqual(stack.axis, .horizontal)
        XCTAssertEqual(stack.frame, CGRect(x: 10, y: 20, width: 300, height: 50))
        stack.removeArrangedSubview(tags[2])
        XCTAssertEqual(stack.arrangedSubviews.count, 2)
        XCTAssertEqual(stack.subviews.count, 3, "still a subview, as in UIKit")
        tags[1].removeFromSuperview()
        XCTAssertEqual(stack.arrangedSubviews.count, 1, "leaving the stack stops arranging it")
    }

    @MainActor func testFillStretchesTheViewThatHugsLeast() async {
        let (_, _, tags) = makeStack { stack in
            stack.spacing = 10
            stack.arrangedSubviews[1].setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
        }
        // 50 + 60 + 70 + 2 × 10 = 200 of 300: the middle one takes the other 100.
        XCTAssertEqual(widths(tags), [50, 160, 70])
        XCTAssertEqual(xs(tags), [0, 60, 230])
        // Alignment fill: as tall as the stack.
        XCTAssertEqual(tags.map { $0.frame.height }, [50, 50, 50])
    }

    @MainActor func testFillEquallyAndCustomSpacing() async {
        let (root, stack, tags) = makeStack { stack in
            stack.distribution = .fillEqually
            stack.spacing = 10
        }
        // (300 − 20) / 3 each.
        let third: CGFloat = 280.0 / 3
        XCTAssertEqual(widths(tags)[0], third, accuracy: 1e-9)
        XCTAssertEqual(xs(tags)[2], 2 * third + 20, accuracy: 1e-9)
        stack.setCustomSpacing(40, after: tags[0])
        XCTAssertEqual(stack.customSpacing(after: tags[0]), 40)
        XCTAssertEqual(stack.customSpacing(after: tags[1]), UIStackView.spacingUseDefault)
        root.layoutIfNeeded()
        // (300 − 50) / 3 each; the second starts after the first's 40.
        XCTAssertEqual(widths(tags)[1], 250.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(xs(tags)[1], 250.0 / 3 + 40, accuracy: 1e-9)
    }

    @MainActor func testFillProportionally() async {
        let (_, _, tags) = makeStack { stack in
            stack.distribution = .fillProportionally
            stack.spacing = 10
        }
        // 280 pt shared 50 : 60 : 70.
        for (width, expected) in zip(widths(tags), [280.0 * 50 / 180, 280.0 * 60 / 180, 280.0 * 70 / 180]) {
            XCTAssertEqual(width, expected, accuracy: 1e-9)
        }
    }

    @MainActor func testEqualSpacingAndEqualCentering() async {
        let (_, _, spaced) = makeStack { $0.distribution = .equalSpacing }
        // Natural widths; (300 − 180) / 2 = 60 between.
        XCTAssertEqual(widths(spaced), [50, 60, 70])
        XCTAssertEqual(xs(spaced), [0, 110, 230])
        let (_, _, centred) = makeStack { $0.distribution = .equalCentering }
        // Centres at 25 and 300 − 35 = 265; the middle one's at 145, so its left edge at 115.
        XCTAssertEqual(xs(centred), [0, 115, 230])
    }

    @MainActor func testAlignmentsAcrossTheAxis() async {
        let expectations: [(UIStackView.Alignment, CGFloat)] = [(.top, 0), (.center, 5), (.bottom, 10), (.firstBaseline, 0)]
        for (alignment, y) in expectations {
            let (_, _, tags) = makeStack { $0.alignment = alignment }
            XCTAssertEqual(tags.map { $0.frame.minY }, [y, y, y], "\(alignment)")
            XCTAssertEqual(tags.map { $0.frame.height }, [40, 40, 40], "\(alignment)")
        }
    }

    @MainActor func testAStackWithoutASizeTakesItsViewsSize() async {
        let (_, stack, _) = makeStack(sized: false) { stack in
            stack.spacing = 8
            stack.alignment = .center
        }
        // 50 + 60 + 70 + 2 × 8 wide, as tall as the tallest.
        XCTAssertEqual(stack.frame, CGRect(x: 10, y: 20, width: 196, height: 40))
        XCTAssertFalse(stack.hasAmbiguousLayout)
    }

    @MainActor func testHiddenViewsCollapseAndMarginsInset() async {
        let (root, stack, tags) = makeStack { stack in
            stack.distribution = .fillEqually
            stack.spacing = 10
            stack.isLayoutMarginsRelativeArrangement = true
            stack.layoutMargins = UIEdgeInsets(top: 5, left: 20, bottom: 5, right: 20)
        }
        // 300 − 40 of margins − 20 of spacing, in three.
        XCTAssertEqual(widths(tags)[0], 80, accuracy: 1e-9)
        XCTAssertEqual(xs(tags), [20, 110, 200])
        XCTAssertEqual(tags.map { $0.frame.minY }, [5, 5, 5])
        tags[1].isHidden = true
        root.layoutIfNeeded()
        // Two left: (260 − 10) / 2; the hidden one is 0 wide at the first one's end.
        XCTAssertEqual(widths(tags), [125, 0, 125])
        XCTAssertEqual(xs(tags), [20, 145, 155])
        XCTAssertEqual(stack.arrangedSubviews.count, 3)
    }

    @MainActor func testAStackLaidOutByItsFrameAlone() async {
        // No constraint anywhere but the stack's own: a stack made with a frame still arranges.
        let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        let a = UIView(), b = UIView()
        stack.addArrangedSubview(a)
        stack.addArrangedSubview(b)
        stack.distribution = .fillEqually
        stack.layoutIfNeeded()
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 0, width: 100, height: 30))
        XCTAssertEqual(b.frame, CGRect(x: 100, y: 0, width: 100, height: 30))
    }

    @MainActor func testAColumn() async {
        let (_, _, tags) = makeStack(sized: false) { stack in
            stack.axis = .vertical
            stack.alignment = .leading
            stack.spacing = 4
        }
        XCTAssertEqual(
            tags.map { $0.frame },
            [
                CGRect(x: 0, y: 0, width: 50, height: 40), CGRect(x: 0, y: 44, width: 60, height: 40),
                CGRect(x: 0, y: 88, width: 70, height: 40)
            ])
    }
}
