import FlipbookModel
import FlipbookText
import FlipbookUIKit
import Foundation
import XCTest

/// Natural sizes Auto Layout reads: a label's from the text engine the renderer draws it with
/// (set here directly with the engine, not through the label), an image view's and an image
/// button's from the image's point size; animations of constraint changes starting from what is
/// drawn.
final class IntrinsicSizeTests: XCTestCase {
    private static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Samples/photos").standardizedFileURL

    /// The engine's layout of `text`, as the renderer sets a label.
    private func engineLayout(
        _ text: String, size: Double, weight: TextStyle.Weight = .regular, maxWidth: Double? = nil,
        lines: Int = 1
    ) throws -> TextLayout {
        try Typesetter(fonts: FontCollection.system()).layout(
            text, style: TextStyle(sizePoints: size, weight: weight),
            maxWidthPoints: maxWidth, numberOfLines: lines, lineBreakMode: .truncateTail)
    }

    /// Rounded up to the iPhone 8's 2 px per point, as UIKit rounds label sizes.
    private func pixelCeil(_ value: Double) -> CGFloat { CGFloat((value * 2 - 1e-9).rounded(.up) / 2) }

    @MainActor func testALabelsSizeIsTheTextEnginesLines() async throws {
        let label = UILabel()
        label.text = "Apps We Love"
        label.font = .boldSystemFont(ofSize: 28)
        let one = try engineLayout("Apps We Love", size: 28, weight: .bold)
        XCTAssertEqual(one.lines.count, 1)
        XCTAssertEqual(label.intrinsicContentSize, CGSize(width: pixelCeil(one.widthPoints), height: pixelCeil(one.heightPoints)))

        let story = "A long caption that has to wrap over several lines in a narrow column"
        label.text = story
        label.font = .systemFont(ofSize: 15)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 120
        let wrapped = try engineLayout(story, size: 15, maxWidth: 120, lines: 0)
        XCTAssertGreaterThan(wrapped.lines.count, 3)
        XCTAssertEqual(label.intrinsicContentSize, CGSize(width: pixelCeil(wrapped.widthPoints), height: pixelCeil(wrapped.heightPoints)))
        label.numberOfLines = 2
        let two = try engineLayout(story, size: 15, maxWidth: 120, lines: 2)
        XCTAssertEqual(two.lines.count, 2)
        XCTAssertEqual(label.intrinsicContentSize.height, pixelCeil(two.heightPoints))
    }

    @MainActor func testAMultiLineLabelWrapsAtTheWidthItIsGiven() async throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let label = UILabel()
        let story = "A long caption that has to wrap over several lines in a narrow column"
        label.text = story
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.widthAnchor.constraint(equalToConstant: 150),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 40)
        ])
        root.layoutIfNeeded()
        // No preferredMaxLayoutWidth: wrapped at the 150 pt Auto Layout gave it (UIKit's second pass).
        let wrapped = try engineLayout(story, size: 17, maxWidth: 150, lines: 0)
        XCTAssertEqual(label.frame, CGRect(x: 20, y: 40, width: 150, height: pixelCeil(wrapped.heightPoints)))
    }

    @MainActor func testFittingAViewWithAMultiLineLabelWrapsItAtTheFittedWidth() async throws {
        let content = UIView()
        let label = UILabel()
        let story = "A long caption that has to wrap over several lines in a narrow column"
        label.text = story
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: content.topAnchor, constant: 16),
            label.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -16)
        ])
        let fitted = content.systemLayoutSizeFitting(
            CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        // Wrapped at 200 − 32 pt, plus 16 pt above and below.
        let wrapped = try engineLayout(story, size: 17, maxWidth: 168, lines: 0)
        XCTAssertGreaterThan(wrapped.lines.count, 1)
        XCTAssertEqual(fitted, CGSize(width: 200, height: pixelCeil(wrapped.heightPoints) + 32))
    }

    @MainActor func testImageViewsAndImageButtonsAreTheirImagesSize() async throws {
        let photo = try XCTUnwrap(UIImage(contentsOfFile: Self.photos.appendingPathComponent("arches.jpg").path))
        let imageView = UIImageView()
        XCTAssertEqual(imageView.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        imageView.image = photo
        XCTAssertEqual(imageView.intrinsicContentSize, CGSize(width: 720, height: 477), "the file's 720 × 477 px at 1×")
        let button = UIButton(frame: .zero)
        button.setImage(photo, for: .normal)
        XCTAssertEqual(button.intrinsicContentSize, CGSize(width: 720, height: 477))

        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        imageView.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(imageView)
        // Pinned to the width, aspect kept by a multiplier; the intrinsic height gives way (750 < 1000).
        NSLayoutConstraint.activate([
            imageView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            imageView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            imageView.topAnchor.constraint(equalTo: root.topAnchor),
            imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor, multiplier: 477.0 / 720.0)
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(imageView.frame.width, 375)
        XCTAssertEqual(imageView.frame.height, 375 * 477.0 / 720.0, accuracy: 1e-9)
    }

    @MainActor func testAConstraintChangedMidAnimationStartsFromWhatIsDrawn() async throws {
        var bar: UIView!
        let transition = try Transition.record(device: .iPhone8) { window in
            let root = UIViewController()
            window.rootViewController = root
            bar = UIView()
            bar.accessibilityIdentifier = "bar"
            bar.translatesAutoresizingMaskIntoConstraints = false
            root.view.addSubview(bar)
            let top = bar.topAnchor.constraint(equalTo: root.view.topAnchor)
            NSLayoutConstraint.activate([
                top, bar.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                bar.widthAnchor.constraint(equalToConstant: 100), bar.heightAnchor.constraint(equalToConstant: 10)
            ])
            root.view.layoutIfNeeded()
            top.constant = 400
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { root.view.layoutIfNeeded() })
            // Half-way (y = 200), back up to 0 over 1 s, linearly from where it is.
            UIView.animate(
                withDuration: 0.5, delay: 0, options: .curveLinear, animations: { bar.alpha = 0.5 },
                completion: { _ in
                    top.constant = 0
                    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { root.view.layoutIfNeeded() })
                })
        }
        let animator = try TransitionAnimator(transition)
        func y(_ t: Double) -> Double? { animator.layer(named: "bar", in: animator.window(atSeconds: t, isFinal: false))?.frame.y }
        XCTAssertEqual(try XCTUnwrap(y(0.25)), 100, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(y(0.5)), 200, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(y(1.0)), 100, accuracy: 1e-9, "200 → 0 from the presentation value, half-way")
        XCTAssertEqual(
            try XCTUnwrap(animator.layer(named: "bar", in: animator.window(atSeconds: 1.5, isFinal: true))?.frame.y), 0, accuracy: 1e-9)
    }
}
