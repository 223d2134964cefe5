import FlipbookUIKit
import Foundation
import XCTest

/// Auto Layout on FlipbookUIKit's views: constraints and anchors, guides, autoresizing views,
/// intrinsic sizes and their priorities, conflicts and ambiguity. Every expected frame is
/// computed by hand in the comments.
final class AutoLayoutTests: XCTestCase {
    /// A 375 × 667 root with autoresizing frames, as a view controller's view.
    @MainActor private func makeRoot() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667)) }

    @MainActor private func child(in parent: UIView, _ name: String? = nil) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        view.accessibilityIdentifier = name
        parent.addSubview(view)
        return view
    }

    @MainActor func testAnchorsMakeUIKitsConstraintsAndInstallThemOnTheClosestCommonAncestor() async {
        let root = makeRoot()
        let a = child(in: root), b = child(in: root)
        let c = a.topAnchor.constraint(equalTo: b.bottomAnchor, constant: 8)
        XCTAssertTrue(c.firstItem === a)
        XCTAssertTrue(c.secondItem === b)
        XCTAssertEqual(c.firstAttribute, .top)
        XCTAssertEqual(c.secondAttribute, .bottom)
        XCTAssertEqual(c.relation, .equal)
        XCTAssertEqual(c.multiplier, 1)
        XCTAssertEqual(c.constant, 8)
        XCTAssertEqual(c.priority, .required)
        XCTAssertFalse(c.isActive)
        c.isActive = true
        XCTAssertTrue(root.constraints.contains { $0 === c }, "installed on the common superview")
        let width = a.widthAnchor.constraint(equalToConstant: 10)
        XCTAssertNil(width.secondItem)
        XCTAssertEqual(width.secondAttribute, .notAnAttribute)
        NSLayoutConstraint.activate([width])
        XCTAssertTrue(a.constraints.contains { $0 === width }, "a constraint on one view is installed on it")
        NSLayoutConstraint.deactivate([c, width])
        XCTAssertEqual(root.constraints.count + a.constraints.count, 0)
        let made = NSLayoutConstraint(
            item: a, attribute: .width, relatedBy: .greaterThanOrEqual, toItem: b, attribute: .height,
            multiplier: 0.5, constant: 3)
        root.addConstraint(made)
        XCTAssertTrue(made.isActive)
        root.removeConstraints(root.constraints)
        XCTAssertFalse(made.isActive)
    }

    @MainActor func testEdgesCentresMultipliersAndAutoresizingSiblings() async {
        let root = makeRoot()
        // A sibling laid out by its frame: Auto Layout keeps it there.
        let fixed = UIView(frame: CGRect(x: 10, y: 40, width: 50, height: 50))
        root.addSubview(fixed)
        let a = child(in: root), b = child(in: root), inner = child(in: a)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: fixed.trailingAnchor, constant: 8),
            a.topAnchor.constraint(equalTo: fixed.bottomAnchor, constant: 10),
            a.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            a.heightAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5, constant: 6),
            b.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            b.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: 100),
            b.widthAnchor.constraint(equalToConstant: 60),
            b.heightAnchor.constraint(equalToConstant: 30),
            inner.leftAnchor.constraint(equalTo: a.leftAnchor, constant: 4),
            inner.rightAnchor.constraint(equalTo: a.rightAnchor, constant: -4),
            inner.topAnchor.constraint(equalTo: b.bottomAnchor),
            inner.bottomAnchor.constraint(equalTo: root.bottomAnchor)
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(fixed.frame, CGRect(x: 10, y: 40, width: 50, height: 50))
        // a: x = 60 + 8, y = 90 + 10, width 187.5, height 93.75 + 6.
        XCTAssertEqual(a.frame, CGRect(x: 68, y: 100, width: 187.5, height: 99.75))
        // b: centred at (187.5, 433.5).
        XCTAssertEqual(b.frame, CGRect(x: 157.5, y: 418.5, width: 60, height: 30))
        // inner, in a's coordinates: 4 pt in; from b's bottom (448.5) to the root's bottom.
        XCTAssertEqual(inner.frame, CGRect(x: 4, y: 448.5 - 100, width: 179.5, height: 667 - 448.5))
    }

    @MainActor func testLeadingAndTrailingFollowTheLayoutDirection() async {
        let root = makeRoot()
        let a = child(in: root)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            a.widthAnchor.constraint(equalToConstant: 100),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10)
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(a.frame.minX, 16)
        root.semanticContentAttribute = .forceRightToLeft
        XCTAssertEqual(a.effectiveUserInterfaceLayoutDirection, .rightToLeft)
        root.layoutIfNeeded()
        // Leading is the right edge: 375 − 16 − 100.
        XCTAssertEqual(a.frame.minX, 259)
    }

    @MainActor func testOptionalPrioritiesInequalitiesAndConstantChanges() async {
        let root = makeRoot()
        let a = child(in: root)
        let wish = a.widthAnchor.constraint(equalToConstant: 500)
        wish.priority = .defaultHigh
        let top = a.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            a.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -25),
            wish, top, a.heightAnchor.constraint(equalToConstant: 10)
        ])
        root.layoutIfNeeded()
        // 500 wished at 750; the required ≤ caps it at 375 − 25.
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 20, width: 350, height: 10))
        wish.constant = 120
        top.constant = 44
        XCTAssertEqual(a.frame.width, 350, "not before the next layout pass")
        root.layoutIfNeeded()
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 44, width: 120, height: 10))
        wish.priority = UILayoutPriority(rawValue: 1)
        let stronger = a.widthAnchor.constraint(equalToConstant: 80)
        stronger.priority = .defaultLow + 1
        stronger.isActive = true
        root.layoutIfNeeded()
        XCTAssertEqual(a.frame.width, 80, "251 beats 1")
    }

    @MainActor func testSafeAreaMarginsAndCustomGuides() async {
        let root = makeRoot()
        let a = child(in: root), b = child(in: root)
        let spacer = UILayoutGuide()
        root.addLayoutGuide(spacer)
        XCTAssertTrue(spacer.owningView === root)
        root.layoutMargins = UIEdgeInsets(top: 10, left: 12, bottom: 14, right: 16)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            a.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 100),
            a.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
            spacer.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            spacer.widthAnchor.constraint(equalToConstant: 30),
            spacer.topAnchor.constraint(equalTo: a.topAnchor),
            spacer.heightAnchor.constraint(equalToConstant: 1),
            b.leadingAnchor.constraint(equalTo: spacer.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
            b.heightAnchor.constraint(equalToConstant: 5)
        ])
        root.layoutIfNeeded()
        let safe = root.bounds.inset(by: root.safeAreaInsets)
        XCTAssertEqual(root.safeAreaLayoutGuide.layoutFrame, safe)
        XCTAssertEqual(root.layoutMarginsGuide.layoutFrame, CGRect(x: 12, y: 10, width: 347, height: 643))
        XCTAssertEqual(a.frame, CGRect(x: 12, y: 10, width: 100, height: safe.maxY - 10))
        XCTAssertEqual(spacer.layoutFrame, CGRect(x: 112, y: 10, width: 30, height: 1))
        // b from 142 to 375 − 16.
        XCTAssertEqual(b.frame, CGRect(x: 142, y: 0, width: 217, height: 5))
        XCTAssertEqual(UIView().layoutMargins, UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8), "UIKit's default")
        // The readable-content guide: the margins area on a phone; 672 pt wide, centred, on a wide view.
        let text = child(in: root)
        NSLayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: root.readableContentGuide.leadingAnchor),
            text.trailingAnchor.constraint(equalTo: root.readableContentGuide.trailingAnchor),
            text.topAnchor.constraint(equalTo: root.readableContentGuide.topAnchor),
            text.heightAnchor.constraint(equalToConstant: 1)
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(text.frame, CGRect(x: 12, y: 10, width: 347, height: 1))
        let wide = UIView(frame: CGRect(x: 0, y: 0, width: 1024, height: 100))
        let column = child(in: wide)
        NSLayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: wide.readableContentGuide.leadingAnchor),
            column.trailingAnchor.constraint(equalTo: wide.readableContentGuide.trailingAnchor),
            column.topAnchor.constraint(equalTo: wide.topAnchor), column.heightAnchor.constraint(equalToConstant: 1)
        ])
        wide.layoutIfNeeded()
        // 8 pt margins: 1008 pt inside, 672 of them centred: (1008 − 672) / 2 + 8.
        XCTAssertEqual(column.frame, CGRect(x: 176, y: 0, width: 672, height: 1))
        XCTAssertEqual(root.directionalLayoutMargins, NSDirectionalEdgeInsets(top: 10, leading: 12, bottom: 14, trailing: 16))
        root.semanticContentAttribute = .forceRightToLeft
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        XCTAssertEqual(root.layoutMargins, UIEdgeInsets(top: 1, left: 4, bottom: 3, right: 2), "leading is the right edge")
    }

    @MainActor func testAViewControllersRootViewHasTheSystemMinimumMargins() async {
        let controller = UIViewController()
        controller.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        let insets = controller.view.safeAreaInsets
        XCTAssertEqual(
            controller.view.layoutMargins,
            UIEdgeInsets(top: insets.top, left: insets.left + 16, bottom: insets.bottom, right: insets.right + 16))
        controller.view.frame = CGRect(x: 0, y: 0, width: 414, height: 896)
        XCTAssertEqual(controller.view.layoutMargins.left, controller.view.safeAreaInsets.left + 20)
    }

    /// A view with a natural size the tests set.
    private final class Tag: UIView {
        var natural = CGSize(width: 100, height: 40)
        override var intrinsicContentSize: CGSize { natural }
    }

    @MainActor func testIntrinsicSizesHuggingAndCompressionResistance() async {
        let root = makeRoot()
        let tag = Tag()
        tag.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(tag)
        XCTAssertEqual(tag.contentHuggingPriority(for: .horizontal), .defaultLow)
        XCTAssertEqual(tag.contentCompressionResistancePriority(for: .vertical), .defaultHigh)
        NSLayoutConstraint.activate([
            tag.leadingAnchor.constraint(equalTo: root.leadingAnchor), tag.topAnchor.constraint(equalTo: root.topAnchor)
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(tag.frame, CGRect(x: 0, y: 0, width: 100, height: 40))
        tag.natural = CGSize(width: 150, height: 20)
        root.layoutIfNeeded()
        XCTAssertEqual(tag.frame.width, 100, "not asked again before invalidateIntrinsicContentSize")
        tag.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        XCTAssertEqual(tag.frame.size, CGSize(width: 150, height: 20))
        // A wish at 251 stretches it past its hugging (250) …
        let wide = tag.widthAnchor.constraint(equalToConstant: 200)
        wide.priority = UILayoutPriority(251)
        wide.isActive = true
        root.layoutIfNeeded()
        XCTAssertEqual(tag.frame.width, 200)
        // … one at 249 does not.
        wide.priority = UILayoutPriority(249)
        root.layoutIfNeeded()
        XCTAssertEqual(tag.frame.width, 150)
        // A required cap compresses it; lowering compression resistance lets a 700 wish do so.
        let cap = tag.widthAnchor.constraint(lessThanOrEqualToConstant: 60)
        cap.isActive = true
        root.layoutIfNeeded()
        XCTAssertEqual(tag.frame.width, 60)
        cap.isActive = false
        let squeeze = tag.heightAnchor.constraint(equalToConstant: 5)
        squeeze.priority = UILayoutPriority(700)
        squeeze.isActive = true
        root.layoutIfNeeded()
        XCTAssertEqual(tag.frame.height, 20, "compression resistance 750 beats 700")
        tag.setContentCompressionResistancePriority(UILayoutPriority(600), for: .vertical)
        root.layoutIfNeeded()
        XCTAssertEqual(tag.frame.height, 5)
    }

    @MainActor func testSystemLayoutSizeFittingSolvesTheViewAlone() async {
        let cell = UIView()
        let tag = Tag()
        tag.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(tag)
        NSLayoutConstraint.activate([
            tag.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
            tag.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -10),
            tag.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
            tag.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -12)
        ])
        // 100 + 2 × 10 by 40 + 2 × 12.
        XCTAssertEqual(cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize), CGSize(width: 120, height: 64))
        // The width fixed at 300: the tag stretches (hugging is optional).
        XCTAssertEqual(
            cell.systemLayoutSizeFitting(
                CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel), CGSize(width: 300, height: 64))
    }

    @MainActor func testLayoutSubviewsSeesTheSolvedFramesAndUpdateConstraintsRuns() async {
        final class Panel: UIView {
            let bar = UIView()
            var seen: CGRect?
            var updates = 0
            override func layoutSubviews() { super.layoutSubviews(); seen = bar.frame }
            override func updateConstraints() { updates += 1; super.updateConstraints() }
        }
        let root = makeRoot()
        let panel = Panel()
        panel.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(panel)
        panel.bar.translatesAutoresizingMaskIntoConstraints = false
        panel.addSubview(panel.bar)
        NSLayoutConstraint.activate([
            panel.topAnchor.constraint(equalTo: root.topAnchor), panel.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            panel.leadingAnchor.constraint(equalTo: root.leadingAnchor), panel.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            panel.bar.topAnchor.constraint(equalTo: panel.topAnchor), panel.bar.heightAnchor.constraint(equalToConstant: 44),
            panel.bar.leadingAnchor.constraint(equalTo: panel.leadingAnchor),
            panel.bar.trailingAnchor.constraint(equalTo: panel.trailingAnchor)
        ])
        panel.setNeedsUpdateConstraints()
        root.layoutIfNeeded()
        XCTAssertEqual(panel.seen, CGRect(x: 0, y: 0, width: 375, height: 44))
        XCTAssertEqual(panel.updates, 1)
        XCTAssertFalse(panel.needsUpdateConstraints())
    }

    @MainActor func testLeavingTheSuperviewRemovesTheConstraintsThatNameTheView() async {
        let root = makeRoot()
        let a = child(in: root), b = child(in: a)
        let pin = b.topAnchor.constraint(equalTo: root.topAnchor)
        let own = b.widthAnchor.constraint(equalToConstant: 5)
        NSLayoutConstraint.activate([pin, own])
        a.removeFromSuperview()
        XCTAssertFalse(pin.isActive, "named a view inside the one leaving")
        XCTAssertTrue(own.isActive, "installed on the view itself")
    }

    @MainActor func testConflictsAreLoggedAsUIKitLogsThemAndTheNewestIsBroken() async {
        let root = makeRoot()
        let a = child(in: root, "card")
        let first = a.widthAnchor.constraint(equalToConstant: 100)
        first.identifier = "cardWidth"
        let second = a.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "tooWide"
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10), first, second
        ])
        let before = RecordingWarnings.logged.count
        root.layoutIfNeeded()
        XCTAssertEqual(a.frame.width, 100, "the first stays satisfied")
        let warnings = RecordingWarnings.logged.dropFirst(before)
        XCTAssertEqual(warnings.count, 1)
        let message = warnings.first ?? ""
        XCTAssertTrue(message.hasPrefix("Unable to simultaneously satisfy constraints."), message)
        XCTAssertTrue(message.contains("\"<NSLayoutConstraint 'cardWidth' UIView:'card'.width == 100   (active)>\""), message)
        XCTAssertTrue(
            message.contains(
                "Will attempt to recover by breaking constraint\n<NSLayoutConstraint 'tooWide' UIView:'card'.width == 200   (active)>"),
            message)
        root.layoutIfNeeded()
        XCTAssertEqual(RecordingWarnings.logged.count, before + 1, "logged once, not at every pass")
        second.constant = 300
        root.layoutIfNeeded()
        XCTAssertEqual(RecordingWarnings.logged.count, before + 2, "a changed constraint is reported again")
    }

    @MainActor func testAConflictAmongUIKitsOwnConstraintsIsLoggedOnce() async {
        // An arranged view turned back to autoresizing: its frame's constraints and the stack's
        // contradict each other in every pass, along each axis (10 pt wide and tall against the
        // stack's 300 × 50).
        let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 300, height: 50))
        let view = UIView()
        stack.addArrangedSubview(view)
        view.translatesAutoresizingMaskIntoConstraints = true
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let before = RecordingWarnings.logged.count
        stack.layoutIfNeeded()
        stack.setNeedsLayout()
        stack.layoutIfNeeded()
        XCTAssertEqual(RecordingWarnings.logged.count, before + 2, "one per axis, not one per pass")
        XCTAssertTrue(RecordingWarnings.logged.last?.contains("UISV-alignment") == true, RecordingWarnings.logged.last ?? "")
        XCTAssertTrue(RecordingWarnings.logged.last?.contains("NSAutoresizingMaskLayoutConstraint") == true)
    }

    @MainActor func testCyclesEndAndAmbiguityIsNamed() async {
        let root = makeRoot()
        let a = child(in: root), b = child(in: root), c = child(in: root)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: b.leadingAnchor), b.leadingAnchor.constraint(equalTo: c.leadingAnchor),
            c.leadingAnchor.constraint(equalTo: a.leadingAnchor, constant: 1),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.widthAnchor.constraint(equalToConstant: 10),
            a.heightAnchor.constraint(equalToConstant: 10)
        ])
        let before = RecordingWarnings.logged.count
        root.layoutIfNeeded()
        XCTAssertEqual(RecordingWarnings.logged.count, before + 1, "the cycle's contradiction is reported")
        XCTAssertTrue(a.hasAmbiguousLayout, "its leading edge is pinned only to b, which nothing places")
        XCTAssertTrue(b.hasAmbiguousLayout)
        let d = child(in: root)
        NSLayoutConstraint.activate([
            d.leadingAnchor.constraint(equalTo: root.leadingAnchor), d.topAnchor.constraint(equalTo: root.topAnchor),
            d.widthAnchor.constraint(equalToConstant: 1), d.heightAnchor.constraint(equalToConstant: 1)
        ])
        XCTAssertFalse(d.hasAmbiguousLayout)
    }

    @MainActor func testConstraintsPrintAsUIKitPrintsThem() async {
        let root = makeRoot()
        root.accessibilityIdentifier = "root"
        let a = child(in: root, "card")
        let c = a.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: -4)
        c.priority = .defaultHigh
        XCTAssertEqual(c.description, "<NSLayoutConstraint UIView:'card'.width == 0.5*UIView:'root'.width - 4 @750   (inactive)>")
    }
}

/// The visual format language (`constraints(withVisualFormat:options:metrics:views:)`).
final class VisualFormatTests: XCTestCase {
    @MainActor func testRowsColumnsStandardSpacingMetricsAndAlignment() async {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let avatar = UIView(), name = UIView(), badge = UIView()
        for view in [avatar, name, badge] { view.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(view) }
        let views = ["avatar": avatar, "name": name, "badge": badge]
        var constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-inset-[avatar(40)]-[name(>=100@750)]-12-[badge(==avatar)]-|",
            options: .alignAllCenterY, metrics: ["inset": 16], views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:|-(100)-[avatar(40)]", metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:[name(20)]", metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:[badge(30)]", metrics: nil, views: views)
        NSLayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        // 16 in, 40 wide; 8 (standard) to name; name stretches to leave 12 + 40 + 20 (standard to the edge).
        XCTAssertEqual(avatar.frame, CGRect(x: 16, y: 100, width: 40, height: 40))
        XCTAssertEqual(name.frame, CGRect(x: 64, y: 110, width: 375 - 20 - 40 - 12 - 64, height: 20))
        XCTAssertEqual(badge.frame, CGRect(x: 375 - 20 - 40, y: 105, width: 40, height: 30))
        // Flush views and zero-spacing edges.
        let a = UIView(), b = UIView()
        for view in [a, b] { view.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(view) }
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(
                withVisualFormat: "H:|[a][b(==a)]|", options: [.alignAllTop, .alignAllBottom],
                metrics: nil, views: ["a": a, "b": b])
                + NSLayoutConstraint.constraints(withVisualFormat: "V:[a(10)]|", metrics: nil, views: ["a": a]))
        root.layoutIfNeeded()
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 657, width: 187.5, height: 10))
        XCTAssertEqual(b.frame, CGRect(x: 187.5, y: 657, width: 187.5, height: 10))
    }
}
