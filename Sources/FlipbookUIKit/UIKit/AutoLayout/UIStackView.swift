import FlipbookMotion
public import Foundation

/// A view that lines up its arranged subviews in a row or a column (`UIStackView`) by keeping
/// constraints among them, as UIKit's does: the first and last touch the stack's edges (or its
/// margins), neighbours are `spacing` apart (or their custom spacing), the distribution decides
/// their sizes along the axis and the alignment across it. Hidden arranged views collapse to
/// zero length along the axis and drop out of the spacing, so hiding one inside an animation
/// block followed by `layoutIfNeeded()` animates the others closing the gap.
open class UIStackView: UIView {
    /// How arranged views share the length along the axis (`UIStackView.Distribution`).
    public enum Distribution: Int, Sendable {
        /// Lengths from the views' constraints and intrinsic sizes; the one with the lowest
        /// hugging priority stretches, the one with the lowest compression resistance shrinks.
        case fill = 0
        /// Equal lengths.
        case fillEqually = 1
        /// Lengths proportional to the intrinsic lengths.
        case fillProportionally = 2
        /// Intrinsic lengths, equal gaps (at least `spacing`).
        case equalSpacing = 3
        /// Intrinsic lengths, centres equally far apart (gaps at least `spacing`).
        case equalCentering = 4
    }
    /// Where arranged views sit across the axis (`UIStackView.Alignment`).
    public enum Alignment: Int, Sendable {
        /// Filling the stack across the axis.
        case fill = 0
        /// Along the leading edge (vertical stacks) or the top (horizontal stacks: `.top`).
        case leading = 1
        /// First baselines level (horizontal stacks; a vertical stack fills).
        case firstBaseline = 2
        /// Centred.
        case center = 3
        /// Along the trailing edge (vertical stacks) or the bottom (horizontal stacks: `.bottom`).
        case trailing = 4
        /// Last baselines level (horizontal stacks; a vertical stack fills).
        case lastBaseline = 5
        /// The top (horizontal stacks).
        public static let top = Alignment.leading
        /// The bottom (horizontal stacks).
        public static let bottom = Alignment.trailing
    }

    /// The spacing value that means "use `spacing`" in `customSpacing(after:)`.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// The spacing value that means UIKit's standard spacing (8 pt here).
    public static let spacingUseSystem = CGFloat.leastNormalMagnitude

    /// The views lined up, in order (each also a subview).
    open private(set) var arrangedSubviews: [UIView] = []
    /// Row (`.horizontal`, the default) or column.
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { LayoutEngine.invalidate(self) } }
    /// How lengths along the axis are shared (`.fill` by default).
    open var distribution: Distribution = .fill { didSet { LayoutEngine.invalidate(self) } }
    /// Where views sit across the axis (`.fill` by default).
    open var alignment: Alignment = .fill { didSet { LayoutEngine.invalidate(self) } }
    /// The gap between neighbours, in points (0 by default; negative overlaps).
    open var spacing: CGFloat = 0 { didSet { LayoutEngine.invalidate(self) } }
    /// Whether the views line up inside the layout margins instead of the bounds.
    open var isLayoutMarginsRelativeArrangement = false { didSet { LayoutEngine.invalidate(self) } }
    /// Kept: baselines are measured from the top.
    open var isBaselineRelativeArrangement = false
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    /// A horizontal stack with a frame.
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// A horizontal stack of `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }
    /// Not supported.
    public required init?(coder: NSCoder) { return nil }

    /// Appends `view` to the arranged views (and the subviews); its
    /// `translatesAutoresizingMaskIntoConstraints` becomes false, as in UIKit.
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }
    /// Inserts `view` among the arranged views at `stackIndex`.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        LayoutEngine.invalidate(self)
    }
    /// Stops arranging `view` (it stays a subview, as in UIKit).
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        LayoutEngine.invalidate(self)
    }
    /// A removed subview stops being arranged too.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) { removeArrangedSubview(subview) }
    }
    /// Sets the gap after `arrangedSubview` (`spacingUseDefault`: back to `spacing`).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == UIStackView.spacingUseDefault ? nil : spacing
        LayoutEngine.invalidate(self)
    }
    /// The gap after `arrangedSubview` (`spacingUseDefault` when it has none of its own).
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    /// The gap after `view`, in points.
    private func gap(after view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == UIStackView.spacingUseSystem ? LayoutEngine.systemSpacingPoints : value
    }

    /// Hands the stack's constraints to `solve` (named as UIKit names them: `UISV-spacing` …).
    func addArrangementConstraints(to solve: LayoutSolve) {
        let arranged = arrangedSubviews.filter { $0.superview === self }
        guard !arranged.isEmpty else { return }
        let horizontal = axis == .horizontal
        let margins = isLayoutMarginsRelativeArrangement
        // Along the axis: start, end, length; across it: start, end, centre, length.
        let (start, end, length): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let (boxStart, boxEnd): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            horizontal
            ? (margins ? .leadingMargin : .leading, margins ? .trailingMargin : .trailing)
            : (margins ? .topMargin : .top, margins ? .bottomMargin : .bottom)
        let (crossStart, crossEnd, crossCentre):
            (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
                horizontal ? (.top, .bottom, .centerY) : (.leading, .trailing, .centerX)
        let (boxCrossStart, boxCrossEnd, boxCrossCentre):
            (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
                horizontal
                ? (margins ? .topMargin : .top, margins ? .bottomMargin : .bottom, margins ? .centerYWithinMargins : .centerY)
                : (
                    margins ? .leadingMargin : .leading, margins ? .trailingMargin : .trailing,
                    margins ? .centerXWithinMargins : .centerX
                )
        func add(_ relation: LayoutRelation, _ name: String) { solve.addSystem(relation, in: self, name: "<\(name) \(layoutName)>") }

        let visible = arranged.filter { !$0.isHidden }
        // Hidden views: zero length, at the end of the visible view before them.
        var previous: UIView?
        for view in arranged {
            if view.isHidden {
                add(LayoutRelation(first: view, firstAttribute: length), "UISV-hiding \(view.layoutName)")
                if let previous {
                    add(
                        LayoutRelation(first: view, firstAttribute: start, second: previous, secondAttribute: end),
                        "UISV-hiding \(view.layoutName)")
                } else {
                    add(
                        LayoutRelation(first: view, firstAttribute: start, second: self, secondAttribute: boxStart),
                        "UISV-hiding \(view.layoutName)")
                }
            } else {
                previous = view
            }
        }
        if let first = visible.first, let last = visible.last {
            add(LayoutRelation(first: first, firstAttribute: start, second: self, secondAttribute: boxStart), "UISV-canvas-connection")
            add(LayoutRelation(first: self, firstAttribute: boxEnd, second: last, secondAttribute: end), "UISV-canvas-connection")
        }
        for (a, b) in zip(visible, visible.dropFirst()) {
            let gap = gap(after: a)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                add(LayoutRelation(first: b, firstAttribute: start, second: a, secondAttribute: end, constant: gap), "UISV-spacing")
            case .equalSpacing, .equalCentering:
                add(
                    LayoutRelation(
                        first: b, firstAttribute: start, relation: .greaterThanOrEqual, second: a, secondAttribute: end, constant: gap),
                    "UISV-spacing")
            }
        }
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in visible.dropFirst() {
                add(LayoutRelation(first: view, firstAttribute: length, second: visible[0], secondAttribute: length), "UISV-fill-equally")
            }
        case .fillProportionally:
            // Lengths in the ratio of the intrinsic lengths (views without one count as equal).
            let intrinsic = visible.map { view -> CGFloat in
                let size = view.intrinsicContentSize
                let value = horizontal ? size.width : size.height
                return value > 0 ? value : 1
            }
            for (index, view) in visible.enumerated().dropFirst() {
                add(
                    LayoutRelation(
                        first: view, firstAttribute: length, second: visible[0], secondAttribute: length,
                        multiplier: intrinsic[index] / intrinsic[0], priority: UILayoutPriority(999)), "UISV-fill-proportionally")
            }
        case .equalSpacing:
            // Every gap as long as the first: a guide per gap would say the same.
            for index in visible.indices.dropFirst(2) {
                let gaps = (visible[index - 1], visible[index]), firstGaps = (visible[0], visible[1])
                solve.addEqualDistances(
                    from: (firstGaps.0, end), to: (firstGaps.1, start), equalTo: (gaps.0, end), (gaps.1, start),
                    in: self, name: "<UISV-distributing-edge \(layoutName)>")
            }
        case .equalCentering:
            let centre: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
            for index in visible.indices.dropFirst(2) {
                solve.addEqualDistances(
                    from: (visible[0], centre), to: (visible[1], centre), equalTo: (visible[index - 1], centre),
                    (visible[index], centre), in: self, name: "<UISV-distributing-edge \(layoutName)>")
            }
        }
        // Across the axis.
        let baseline: NSLayoutConstraint.Attribute? =
            horizontal && alignment == .firstBaseline
            ? .firstBaseline
            : horizontal && alignment == .lastBaseline ? .lastBaseline : nil
        for view in arranged {
            let effective: Alignment = !horizontal && (alignment == .firstBaseline || alignment == .lastBaseline) ? .fill : alignment
            switch effective {
            case .fill:
                add(LayoutRelation(first: view, firstAttribute: crossStart, second: self, secondAttribute: boxCrossStart), "UISV-alignment")
                add(LayoutRelation(first: view, firstAttribute: crossEnd, second: self, secondAttribute: boxCrossEnd), "UISV-alignment")
            case .leading:
                add(LayoutRelation(first: view, firstAttribute: crossStart, second: self, secondAttribute: boxCrossStart), "UISV-alignment")
                add(
                    LayoutRelation(
                        first: view, firstAttribute: crossEnd, relation: .lessThanOrEqual, second: self, secondAttribute: boxCrossEnd),
                    "UISV-spanning-boundary")
            case .trailing:
                add(LayoutRelation(first: view, firstAttribute: crossEnd, second: self, secondAttribute: boxCrossEnd), "UISV-alignment")
                add(
                    LayoutRelation(
                        first: view, firstAttribute: crossStart, relation: .greaterThanOrEqual, second: self, secondAttribute: boxCrossStart
                    ),
                    "UISV-spanning-boundary")
            case .center:
                add(
                    LayoutRelation(first: view, firstAttribute: crossCentre, second: self, secondAttribute: boxCrossCentre),
                    "UISV-alignment")
                add(
                    LayoutRelation(
                        first: view, firstAttribute: crossStart, relation: .greaterThanOrEqual, second: self, secondAttribute: boxCrossStart
                    ),
                    "UISV-spanning-boundary")
            case .firstBaseline, .lastBaseline:
                if let baseline, view !== arranged[0] {
                    add(
                        LayoutRelation(first: view, firstAttribute: baseline, second: arranged[0], secondAttribute: baseline),
                        "UISV-alignment")
                }
                add(
                    LayoutRelation(
                        first: view, firstAttribute: crossStart, relation: .greaterThanOrEqual, second: self, secondAttribute: boxCrossStart
                    ),
                    "UISV-spanning-boundary")
                add(
                    LayoutRelation(
                        first: view, firstAttribute: crossEnd, relation: .lessThanOrEqual, second: self, secondAttribute: boxCrossEnd),
                    "UISV-spanning-boundary")
            }
        }
        // Not filling across: the stack hugs its largest view when nothing else sizes it
        // (UIKit's weak "canvas fit" wish).
        if alignment != .fill {
            add(
                LayoutRelation(first: self, firstAttribute: horizontal ? .height : .width, priority: UILayoutPriority(1)), "UISV-canvas-fit"
            )
        }
    }
}

extension LayoutEngine {
    /// `view.isHidden = hidden`: for an arranged view of a stack view hidden inside an animation
    /// block, the view counts as hidden for layout at once (it collapses with the animation) and
    /// its layer hides when the animation ends; returns true then. False: set the layer.
    static func hidesAfterAnimation(_ view: UIView, _ hidden: Bool) -> Bool {
        guard hidden else {
            if view.layoutState.hidesAfterAnimation { view.layoutState.hidesAfterAnimation = false; invalidate(view) }
            return false
        }
        guard let stack = view.superview as? UIStackView, stack.arrangedSubviews.contains(where: { $0 === view }), !view.layer.isHidden,
            let recorder = Recorder.current, case let .animated(_, start, timing) = recorder.context
        else { return false }
        view.layoutState.hidesAfterAnimation = true
        invalidate(view)
        recorder.schedule(atSeconds: start + timing.durationSeconds, view: view.recordingName) {
            guard view.layoutState.hidesAfterAnimation else { return }
            view.layoutState.hidesAfterAnimation = false
            view.layer.isHidden = true
        }
        return true
    }
}
