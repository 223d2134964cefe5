public import Foundation

/// A segmented control (`UISegmentedControl`), drawn as iOS 13 and later draw it: equal
/// segments on a light grey rounded groove, the selected one a white rounded plate with a soft
/// shadow 2 pt inside the groove, titles in the 13 pt system font (semibold when selected).
/// A recording's tap picks the segment under it (sliding the plate there) and sends
/// `.valueChanged` when the selection changes. Image segments are drawn centred at the image's size.
open class UISegmentedControl: UIControl {
    /// No segment is selected.
    public static let noSegment = -1
    /// The control's height, in points: the height UIKit's control reports
    /// (`intrinsicContentSize`) since iOS 13's redesign (28 pt before).
    static let heightPoints: CGFloat = 32
    /// The groove's corner radius and the selected plate's inset and radius, in points (Apple does
    /// not publish them; 9, 2 and 7 match iOS 13+ screenshots at @1x).
    static let grooveCornerRadiusPoints: CGFloat = 9, plateInsetPoints: CGFloat = 2, plateCornerRadiusPoints: CGFloat = 7
    /// The titles' point size: 13 pt, the font of UIKit's default title attributes since iOS 13.
    static let titleFontSizePoints: CGFloat = 13
    /// How long the selected plate takes to slide after a tap, in seconds. Apple does not publish
    /// it; Core Animation's default duration (0.25 s) is used.
    static let slideDurationSeconds: TimeInterval = 0.25

    private enum Content { case title(String), image(UIImage) }
    private var contents: [Content] = []
    private var contentViews: [UIView] = []
    private var enabledSegments: [Bool] = []
    private let groove = ControlPartView(color: .controlGroove, cornerRadiusPoints: UISegmentedControl.grooveCornerRadiusPoints)
    private let plate = ControlPartView(color: .white, cornerRadiusPoints: UISegmentedControl.plateCornerRadiusPoints)

    /// The selected segment's index, or `noSegment`; setting it moves the plate at once and sends
    /// no action (as UIKit).
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex < UISegmentedControl.noSegment || selectedSegmentIndex >= contents.count {
                selectedSegmentIndex = UISegmentedControl.noSegment
            }
            applySelection()
        }
    }
    /// The selected plate's colour; nil draws white, as UIKit in the light appearance.
    open var selectedSegmentTintColor: UIColor? { didSet { applySelection() } }
    /// Kept: a momentary control's tap sends `.valueChanged` and leaves no segment selected.
    open var isMomentary = false
    /// Kept (segments are always equal here).
    open var apportionsSegmentWidthsByContent = false
    /// The number of segments.
    open var numberOfSegments: Int { contents.count }

    /// A control with a segment per item (`String` titles, `UIImage` images), none selected.
    /// - Precondition: each item is a `String` or a `UIImage` (UIKit raises for anything else).
    public init(items: [Any]?) {
        super.init(frame: .zero)
        addSubview(groove)
        addSubview(plate)
        plate.addThumbShadow()
        for item in items ?? [] {
            if let title = item as? String {
                insert(.title(title), at: contents.count)
            } else if let image = item as? UIImage {
                insert(.image(image), at: contents.count)
            } else {
                preconditionFailure("UISegmentedControl items must be String or UIImage, got \(type(of: item))")
            }
        }
        applySelection()
    }
    /// An empty control at `frame`.
    public override convenience init(frame: CGRect) {
        self.init(items: nil)
        self.frame = frame
    }
    /// Not supported.
    public required init?(coder: NSCoder) { nil }

    /// Adds a titled segment at `segment` (clamped to the count); `animated` is not animated.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(.title(title ?? ""), at: min(max(segment, 0), contents.count))
    }
    /// Adds an image segment at `segment` (clamped to the count); `animated` is not animated.
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(image.map(Content.image) ?? .title(""), at: min(max(segment, 0), contents.count))
    }
    /// Removes the segment at `segment` (nothing when out of range).
    open func removeSegment(at segment: Int, animated: Bool) {
        guard contents.indices.contains(segment) else { return }
        contents.remove(at: segment)
        enabledSegments.remove(at: segment)
        contentViews.remove(at: segment).removeFromSuperview()
        if selectedSegmentIndex >= contents.count { selectedSegmentIndex = UISegmentedControl.noSegment }
        setNeedsLayout()
    }
    /// Removes every segment.
    open func removeAllSegments() {
        while !contents.isEmpty { removeSegment(at: contents.count - 1, animated: false) }
    }
    /// Changes a segment's title.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard contents.indices.contains(segment) else { return }
        contents[segment] = .title(title ?? "")
        (contentViews[segment] as? UILabel)?.text = title
    }
    /// A segment's title (nil for an image segment).
    open func titleForSegment(at segment: Int) -> String? {
        guard contents.indices.contains(segment), case let .title(title) = contents[segment] else { return nil }
        return title
    }
    /// Kept: a disabled segment ignores taps.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        if enabledSegments.indices.contains(segment) { enabledSegments[segment] = enabled }
    }
    /// Whether a segment takes taps.
    open func isEnabledForSegment(at segment: Int) -> Bool { enabledSegments.indices.contains(segment) ? enabledSegments[segment] : false }

    /// Width: none (set a frame or constraints); height 32 pt.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UISegmentedControl.heightPoints) }

    /// Lays out the groove, the plate and the segments' titles in equal widths.
    open override func layoutSubviews() {
        super.layoutSubviews()
        groove.frame = bounds
        for (index, view) in contentViews.enumerated() { view.frame = segmentFrame(index) }
        applySelection()
    }

    /// A tap picks the enabled segment under it; `.valueChanged` when the selection changes (or
    /// always, for a momentary control), the plate sliding over `slideDurationSeconds`.
    package override func fingerTapped(at point: CGPoint) {
        sendActions(for: .touchDown)
        let width = segmentWidthPoints
        if width > 0 {
            let index = min(max(Int((point.x / width).rounded(.down)), 0), contents.count - 1)
            if isEnabledForSegment(at: index), index != selectedSegmentIndex || isMomentary {
                UIView.animate(withDuration: UISegmentedControl.slideDurationSeconds) { self.selectedSegmentIndex = index }
                sendActions(for: .valueChanged)
                if isMomentary { selectedSegmentIndex = UISegmentedControl.noSegment }
            }
        }
        sendActions(for: .touchUpInside)
    }

    /// Each segment's width, in points: the bounds' width shared equally.
    var segmentWidthPoints: CGFloat { contents.isEmpty ? 0 : bounds.width / CGFloat(contents.count) }

    /// Segment `index`'s frame, in the control's coordinates.
    func segmentFrame(_ index: Int) -> CGRect {
        CGRect(x: CGFloat(index) * segmentWidthPoints, y: 0, width: segmentWidthPoints, height: bounds.height)
    }

    private func insert(_ content: Content, at index: Int) {
        let view: UIView
        switch content {
        case let .title(title):
            let label = UILabel(frame: .zero)
            label.text = title
            label.textAlignment = .center
            label.textColor = .label
            view = label
        case let .image(image):
            let imageView = UIImageView(image: image)
            imageView.contentMode = .center
            view = imageView
        }
        view.isUserInteractionEnabled = false
        contents.insert(content, at: index)
        enabledSegments.insert(true, at: index)
        contentViews.insert(view, at: index)
        addSubview(view)
        if selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
        setNeedsLayout()
    }

    private func applySelection() {
        let selected = selectedSegmentIndex
        plate.isHidden = selected == UISegmentedControl.noSegment
        plate.backgroundColor = selectedSegmentTintColor ?? .white
        if selected != UISegmentedControl.noSegment {
            plate.frame = segmentFrame(selected).insetBy(dx: UISegmentedControl.plateInsetPoints, dy: UISegmentedControl.plateInsetPoints)
        }
        for (index, view) in contentViews.enumerated() {
            (view as? UILabel)?.font = .systemFont(
                ofSize: UISegmentedControl.titleFontSizePoints, weight: index == selected ? .semibold : .regular)
        }
    }
}
