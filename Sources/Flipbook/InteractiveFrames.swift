package import FlipbookGeometry
package import FlipbookModel
package import FlipbookMotion
package import FlipbookScenes

/// The frames of a transition driven by a finger (`RenderSettings.gesture`): an
/// `InteractiveTimeline` over the transition's whole duration, and which window each frame shows.
///
/// Frame `k` is the timeline's frame `k` (`k/fps` seconds after touch-down). Its window is the
/// transition evaluated at `fraction × D` seconds, `D` the transition's whole duration as the
/// animator computes it (`TransitionAnimator.durationSeconds`, follow-ups included), as
/// `UIPercentDrivenInteractiveTransition` scrubs the animations (docs/INTERACTIVE.md, rule 2). The
/// last frame is exact: a finished gesture shows the transition's final frame (every animation at
/// its end, the completions applied: `completeTransition(true)`), a cancelled one the transition at
/// t = 0 with its `cancelCompletion` applied (the source screen as it was before the gesture:
/// `completeTransition(false)`; `TransitionAnimator.cancelledWindow()`).
package struct InteractiveFrames: Sendable {
    /// The percent-driven rules sampled at the render's frame rate.
    package let timeline: InteractiveTimeline
    /// Every frame, 0…N (`timeline.frames`).
    package let frames: [InteractiveFrame]

    /// The frames of `gesture` driving a transition of `animator.durationSeconds` on a container
    /// `widthPoints` × `heightPoints` (the device's screen; the gesture's axis picks the extent its
    /// progress is divided by) at `framesPerSecond`.
    package init(gesture: Gesture, animator: TransitionAnimator, widthPoints: Double, heightPoints: Double, framesPerSecond: Double) {
        timeline = InteractiveTimeline(
            gesture: gesture, containerWidthPoints: widthPoints, heightPoints: heightPoints,
            transitionDurationSeconds: animator.durationSeconds, framesPerSecond: framesPerSecond)
        frames = timeline.frames
    }

    /// The sequence's samples: wall-clock time since touch-down, and the fraction as progress
    /// (what `timeline.json` and the contact sheet plot).
    var samples: [FrameSample] {
        frames.map { FrameSample(index: $0.index, timeSeconds: $0.timeSeconds, progress: $0.fraction, rawProgress: $0.fraction) }
    }

    /// The window frame `index` shows (see the type's rules).
    package func window(frame index: Int, animator: TransitionAnimator) -> Layer {
        let frame = frames[index]
        if frame.isFinal {
            return timeline.finishes
                ? animator.window(atSeconds: animator.durationSeconds, isFinal: true)
                : animator.cancelledWindow()
        }
        return animator.window(atSeconds: frame.transitionTimeSeconds, isFinal: false)
    }
}

extension TransitionPreset {
    /// The presets a finger can drive (`--gesture`): those going back, whose interactive form UIKit
    /// apps build (an edge-swipe pop, a pull-down dismiss). A forward transition starts with a tap.
    package static let interactivePresets: [TransitionPreset] = [.pop, .zoomPop, .dismiss, .fadeDismiss, .cardPop]

    /// True for the presets of `interactivePresets`, and for `page`, whose swipe is a finger too
    /// (`SceneOptions.pageGesture`; it follows the paging model, not the percent-driven rules).
    package var acceptsGesture: Bool { self == .page || TransitionPreset.interactivePresets.contains(self) }

    /// The presets that accept a gesture, as a list for messages.
    package static var gesturePresetNames: String {
        (interactivePresets + [.page]).map(\.rawValue).joined(separator: ", ")
    }
}

/// What `timeline.json` records of a `page` render: the swipe's summary (from `PagingTimeline`)
/// and, per frame, the phase, the finger while it is down and the pager's content offset as drawn.
package struct PagingFrames: Sendable {
    /// The paging model of the swipe (its target page, lift-off and settling).
    package let model: PagingTimeline
    /// Per frame of the sequence: dragging or settling (by the frame's time against lift-off).
    package let phases: [PagingPhase]
    /// Per frame: the finger (window points) while it is down, else nil.
    package let fingers: [Point?]
    /// Per frame: the pager's `bounds.origin.x` in points, read from the window the frame draws.
    package let contentOffsetsPoints: [Double]

    /// The record of `sequence`, the frames of a `page` transition driven by `gesture`.
    init(
        gesture: Gesture, transition: Transition, animator: TransitionAnimator, sequence: [FrameSample],
        startPage: Int, pageCount: Int, framesPerSecond: Double
    ) {
        // The same model `PhotoBrowserScene.page` builds the pager's keyframes from (its settling
        // tolerance is half a device pixel).
        model = PagingTimeline(
            gesture: gesture, pageWidthPoints: transition.device.width, pageCount: pageCount, startPage: startPage,
            framesPerSecond: framesPerSecond, settleTolerancePoints: 0.5 / transition.device.scale)
        let release = model.releaseSeconds
        phases = sequence.map { $0.timeSeconds <= release ? .dragging : .settling }
        fingers = sequence.map { $0.timeSeconds <= release ? gesture.location(atSeconds: $0.timeSeconds) : nil }
        let last = sequence.count - 1
        contentOffsetsPoints = sequence.map { sample in
            let window = animator.window(atSeconds: sample.timeSeconds, isFinal: sample.index == last)
            return animator.layer(named: "pager", in: window)?.boundsOrigin.x ?? 0
        }
    }
}
