package import FlipbookGeometry

/// What a paging scroll view is doing in a frame.
package enum PagingPhase: String, Sendable, Hashable, Codable {
    /// The finger is down: the content follows it (rubber-banded past the first and last page).
    case dragging
    /// After lift-off: the content settles on the target page.
    case settling
}

/// One output frame of a `PagingTimeline`.
package struct PagingFrame: Sendable, Hashable {
    /// Frame number, 0…`PagingTimeline.lastFrameIndex`.
    package var index: Int
    /// Seconds since touch-down, `index / fps`.
    package var timeSeconds: Double
    /// Dragging or settling.
    package var phase: PagingPhase
    /// Where the finger is (window points) while it is down; nil after lift-off.
    package var finger: Point?
    /// The scroll view's horizontal content offset (`bounds.origin.x`) in points; exactly the target
    /// page's offset in the last frame.
    package var contentOffsetPoints: Double

    /// Creates a frame.
    package init(index: Int, timeSeconds: Double, phase: PagingPhase, finger: Point?, contentOffsetPoints: Double) {
        self.index = index; self.timeSeconds = timeSeconds; self.phase = phase; self.finger = finger
        self.contentOffsetPoints = contentOffsetPoints
    }
}

/// A horizontal swipe in a paging `UIScrollView` (the detail view's photo pager), sampled at a
/// frame rate. UIKit does not publish its paging physics; this is the model of docs/INTERACTIVE.md
/// ("Paging"), with its sources:
///
/// - **Dragging**: offset = `page·width − translation.x`; past the first or last page the excess
///   is rubber-banded, `(1 − 1/(x·0.55/width + 1))·width` (the formula and constant 0.55 UIScrollView
///   is known to use).
/// - **Target page**: with the content's velocity at lift-off (`−Gesture.releaseVelocity.x`) above
///   `flingVelocity` (50 pt/s, Flutter's `kMinFlingVelocity`) the next page in that direction from the
///   release offset; otherwise the nearest page; never more than one page from the start page (a
///   paging scroll view moves one page a swipe), within the pages.
/// - **Settling**: the spring Flutter's iOS scroll physics settle pages with
///   (`SpringDescription.withDampingRatio(mass: 0.5, stiffness: 100, ratio: 1.1)`: ω0 = √200 rad/s,
///   slightly over-damped), from the release offset and velocity to the page; it ends when the offset
///   stays within `settleTolerancePoints` of the page.
package struct PagingTimeline: Sendable {
    /// The finger.
    package let gesture: Gesture
    /// Page width in points (the scroll view's width).
    package let pageWidthPoints: Double
    /// Number of pages (≥ 1).
    package let pageCount: Int
    /// The page shown at touch-down (0-based).
    package let startPage: Int
    /// Frames per second (> 0).
    package let framesPerSecond: Double
    /// How close to the page the settling ends, in points (half a device pixel: `0.5 / scale`).
    package let settleTolerancePoints: Double

    /// UIScrollView's rubber-band constant.
    package static let rubberBandConstant = 0.55
    /// Content velocity above which a lift-off flings to the next page, points per second.
    package static let flingVelocity = 50.0
    /// The settling spring's mass, stiffness and damping ratio (Flutter's default scroll spring).
    package static let springMass = 0.5, springStiffness = 100.0, springDampingRatio = 1.1
    /// How long the settling is examined, seconds: the spring's slower decay rate is
    /// `ω0(ζ − √(ζ² − 1))` ≈ 9.1/s, so even 2 000 pt at 10 000 pt/s are within 0.1 pt after about 1.5 s.
    package static let maximumSettleSeconds = 4.0

    /// Creates a timeline; traps on a width, tolerance or fps that is not finite and > 0, or a start
    /// page outside `0..<pageCount`.
    package init(
        gesture: Gesture, pageWidthPoints: Double, pageCount: Int, startPage: Int, framesPerSecond: Double,
        settleTolerancePoints: Double
    ) {
        precondition(pageWidthPoints.isFinite && pageWidthPoints > 0, "page width must be finite and > 0")
        precondition(pageCount >= 1 && (0..<pageCount).contains(startPage), "start page \(startPage) outside 0..<\(pageCount)")
        precondition(framesPerSecond.isFinite && framesPerSecond > 0, "fps must be finite and > 0")
        precondition(settleTolerancePoints.isFinite && settleTolerancePoints > 0, "tolerance must be finite and > 0")
        self.gesture = gesture; self.pageWidthPoints = pageWidthPoints; self.pageCount = pageCount
        self.startPage = startPage; self.framesPerSecond = framesPerSecond; self.settleTolerancePoints = settleTolerancePoints
        settleSeconds = measureSettleSeconds()
    }

    /// `(1 − 1/(x·c/d + 1))·d`: how far content pulled `x` points past an edge moves (c = 0.55).
    package static func rubberBand(_ xPoints: Double, dimensionPoints d: Double) -> Double {
        (1 - 1 / (xPoints * rubberBandConstant / d + 1)) * d
    }

    /// Largest content offset, points (the last page).
    package var maximumOffsetPoints: Double { Double(pageCount - 1) * pageWidthPoints }

    /// The content offset while dragging, for a finger translation (rubber-banded past the ends).
    package func draggedOffset(translationXPoints: Double) -> Double {
        let raw = Double(startPage) * pageWidthPoints - translationXPoints
        if raw < 0 { return -Self.rubberBand(-raw, dimensionPoints: pageWidthPoints) }
        if raw > maximumOffsetPoints {
            return maximumOffsetPoints + Self.rubberBand(raw - maximumOffsetPoints, dimensionPoints: pageWidthPoints)
        }
        return raw
    }

    /// Seconds from touch-down to lift-off.
    package var releaseSeconds: Double { gesture.durationSeconds }
    /// The content offset at lift-off.
    package var releaseOffsetPoints: Double { draggedOffset(translationXPoints: gesture.translation(atSeconds: releaseSeconds).x) }
    /// The content's velocity at lift-off (the finger's, reversed), points per second.
    package var releaseVelocityPointsPerSecond: Double { -gesture.releaseVelocity.x }

    /// The page the scroll view settles on.
    package var targetPage: Int {
        let position = releaseOffsetPoints / pageWidthPoints
        let velocity = releaseVelocityPointsPerSecond
        var page: Double
        if velocity > Self.flingVelocity {
            page = position.rounded(.down) + 1
        } else if velocity < -Self.flingVelocity {
            page = position.rounded(.up) - 1
        } else {
            page = position.rounded()
        }
        page = min(max(page, Double(startPage - 1)), Double(startPage + 1))
        page = min(max(page, 0), Double(pageCount - 1))
        return Int(page)
    }

    /// The target page's content offset, points.
    package var targetOffsetPoints: Double { Double(targetPage) * pageWidthPoints }

    /// The settling spring's (mass, stiffness, damping), damping from the ratio: `c = 2ζ√(km)`.
    static var springCoefficients: (mass: Double, stiffness: Double, damping: Double) {
        (springMass, springStiffness, 2 * springDampingRatio * (springStiffness * springMass).squareRoot())
    }

    /// Offset from the target `s` seconds after lift-off: `x(s) = d₀·X₁(s) + v₀·X₂(s)`, where `X₁`
    /// starts at 1 at rest and `X₂` at 0 with unit velocity (both from `Spring`'s closed form).
    package func settleDisplacement(afterReleaseSeconds s: Double) -> Double {
        let c = Self.springCoefficients
        let still = Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping, initialVelocity: 0)
        let pushed = Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping, initialVelocity: 1)
        let unitDisplacement = 1 - still.value(atSeconds: s)
        // x for (x0 = 1, x0' = −1) is X₁ − X₂, i.e. 1 − pushed.value, so X₂ = pushed.value − still.value.
        let unitVelocity = pushed.value(atSeconds: s) - still.value(atSeconds: s)
        return (releaseOffsetPoints - targetOffsetPoints) * unitDisplacement + releaseVelocityPointsPerSecond * unitVelocity
    }

    /// Seconds the settling takes: the first millisecond after which the offset stays within
    /// `settleTolerancePoints` of the page (checked every millisecond up to `maximumSettleSeconds`).
    package private(set) var settleSeconds = 0.0

    private func measureSettleSeconds() -> Double {
        let steps = Int(Self.maximumSettleSeconds * 1000)
        var lastOutside = -1
        for step in 0...steps where abs(settleDisplacement(afterReleaseSeconds: Double(step) / 1000)) > settleTolerancePoints {
            lastOutside = step
        }
        return Double(lastOutside + 1) / 1000
    }

    /// The last frame at or before lift-off.
    package var releaseFrameIndex: Int {
        Timeline.lastFrame(atOrBefore: releaseSeconds, framesPerSecond: framesPerSecond)
    }

    /// `N`, the index of the last frame: `max(round((release + settle)·fps), r + 1)`.
    package var lastFrameIndex: Int {
        max(Int(((releaseSeconds + settleSeconds) * framesPerSecond).rounded()), releaseFrameIndex + 1)
    }

    /// Number of frames, `N + 1`.
    package var frameCount: Int { lastFrameIndex + 1 }

    /// The content offset in points `seconds` after touch-down: dragged while the finger is down,
    /// then settling towards the target page (at any time, not only on frames).
    package func contentOffsetPoints(atSeconds seconds: Double) -> Double {
        seconds <= releaseSeconds
            ? draggedOffset(translationXPoints: gesture.translation(atSeconds: seconds).x)
            : targetOffsetPoints + settleDisplacement(afterReleaseSeconds: seconds - releaseSeconds)
    }

    /// Frame `index` (0…N); the last shows the target page exactly.
    package func frame(_ index: Int) -> PagingFrame {
        precondition(index >= 0 && index <= lastFrameIndex, "frame \(index) is outside 0…\(lastFrameIndex)")
        let t = Double(index) / framesPerSecond
        if index <= releaseFrameIndex {
            return PagingFrame(
                index: index, timeSeconds: t, phase: .dragging, finger: gesture.location(atSeconds: t),
                contentOffsetPoints: draggedOffset(translationXPoints: gesture.translation(atSeconds: t).x))
        }
        let offset = index == lastFrameIndex ? targetOffsetPoints : contentOffsetPoints(atSeconds: t)
        return PagingFrame(index: index, timeSeconds: t, phase: .settling, finger: nil, contentOffsetPoints: offset)
    }

    /// Every frame, 0…N.
    package var frames: [PagingFrame] { (0...lastFrameIndex).map(frame) }
}
