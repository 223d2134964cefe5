public import Foundation

/// A page control (`UIPageControl`), drawn as the classic iOS dots: one 7 pt dot per page, 16 pt
/// apart centre to centre, centred in the bounds, the current page's dot opaque white and the
/// others white at 30 % (UIKit's defaults are for a dark background; set the tint colours for a
/// light one). A recording's tap right of the dots' centre moves to the next page, left of it to
/// the previous one (Apple's HIG: "tap the leading or trailing edge … to visit the next or
/// previous page"), sending `.valueChanged`.
open class UIPageControl: UIControl {
    /// A dot's diameter and the distance between dots' centres, in points. Apple does not publish
    /// them; 7 pt dots with 9 pt gaps are the classic control's, measured from screenshots.
    static let dotDiameterPoints: CGFloat = 7, dotPitchPoints: CGFloat = 16
    /// The control's height when laid out by its intrinsic size, in points: 37 pt, Interface
    /// Builder's default height for the classic control.
    static let heightPoints: CGFloat = 37

    /// The number of dots (negative counts as 0).
    open var numberOfPages = 0 { didSet { rebuildDots() } }
    /// The page whose dot is highlighted, clamped to the pages; setting it sends no action.
    open var currentPage = 0 { didSet { clampAndColour() } }
    /// Whether a control with one page hides its dot.
    open var hidesForSinglePage = false { didSet { clampAndColour() } }
    /// The other pages' dots; nil draws white at 30 %.
    open var pageIndicatorTintColor: UIColor? { didSet { clampAndColour() } }
    /// The current page's dot; nil draws white.
    open var currentPageIndicatorTintColor: UIColor? { didSet { clampAndColour() } }

    private var dots: [ControlPartView] = []

    /// A control at `frame` with no pages.
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// Not supported.
    public required init?(coder: NSCoder) { nil }

    /// The size the dots for `pageCount` pages take: their row's width, 37 pt high.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let count = CGFloat(max(0, pageCount))
        return CGSize(
            width: count == 0 ? 0 : (count - 1) * UIPageControl.dotPitchPoints + UIPageControl.dotDiameterPoints,
            height: UIPageControl.heightPoints)
    }

    /// `size(forNumberOfPages: numberOfPages)`.
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    /// Centres the row of dots in the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        for (index, dot) in dots.enumerated() { dot.frame = dotFrame(index) }
    }

    /// Dot `index`'s frame, in the control's coordinates.
    func dotFrame(_ index: Int) -> CGRect {
        let row = size(forNumberOfPages: dots.count), diameter = UIPageControl.dotDiameterPoints
        return CGRect(
            x: (bounds.width - row.width) / 2 + CGFloat(index) * UIPageControl.dotPitchPoints,
            y: (bounds.height - diameter) / 2, width: diameter, height: diameter)
    }

    /// A tap right of the centre goes to the next page, left of it to the previous one, with
    /// `.valueChanged` when the page changes.
    package override func fingerTapped(at point: CGPoint) {
        sendActions(for: .touchDown)
        let page = currentPage + (point.x >= bounds.midX ? 1 : -1)
        if page >= 0 && page < numberOfPages {
            currentPage = page
            sendActions(for: .valueChanged)
        }
        sendActions(for: .touchUpInside)
    }

    private func rebuildDots() {
        for dot in dots { dot.removeFromSuperview() }
        dots = (0..<max(0, numberOfPages)).map { _ in
            ControlPartView(color: .white, cornerRadiusPoints: UIPageControl.dotDiameterPoints / 2)
        }
        for dot in dots { addSubview(dot) }
        invalidateIntrinsicContentSize()
        clampAndColour()
        setNeedsLayout()
    }

    private func clampAndColour() {
        let clamped = min(max(currentPage, 0), max(0, numberOfPages - 1))
        if clamped != currentPage { currentPage = clamped; return }
        for (index, dot) in dots.enumerated() {
            dot.backgroundColor =
                index == currentPage
                ? (currentPageIndicatorTintColor ?? .white)
                : (pageIndicatorTintColor ?? UIColor(white: 1, alpha: 0.3))
            dot.isHidden = hidesForSinglePage && numberOfPages == 1
            dot.frame = dotFrame(index)
        }
    }
}
