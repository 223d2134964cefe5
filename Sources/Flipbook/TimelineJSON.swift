import FlipbookModel
import FlipbookMotion
import Foundation

/// `timeline.json`: the timing of a rendered sequence .
enum TimelineJSON {
    /// fps, duration, curve parameters, device, and per frame: index, time, progress. `frames`
    /// is the whole sequence: a follow-up animation (`followUpSeconds` > 0, written as
    /// `followUp`) adds frames after the timing's duration. `fingerprint` is
    /// `RenderJob.fingerprint()` (nil: left out, as when the fingerprint itself is computed).
    ///
    /// With `interaction` (a gesture-driven render), `progress` is the fraction complete, an
    /// `interactive` object records the lift-off (time, frame, fraction, velocity, the decision,
    /// the completion) and every frame its `phase` and, while the finger is down, `finger` [x, y].
    ///
    /// With `paging` (a `page` render), a `paging` object records the swipe (start and target
    /// page, lift-off, velocity, settling) and every frame its `phase` (`dragging`, `settling`),
    /// `finger` while down and the pager's `contentOffset` in points.
    package static func render(
        timeline: Timeline, frames: [FrameSample], followUpSeconds: Double, preset: String, device: Device,
        interaction: InteractiveFrames? = nil, paging: PagingFrames? = nil, fingerprint: String? = nil
    ) -> String {
        let timing = timeline.timing
        var out = "{\n  \"preset\": \(JSON.string(preset)),\n"
        if let fingerprint { out += "  \"fingerprint\": \(JSON.string(fingerprint)),\n" }
        out += "  \"fps\": \(JSON.number(timeline.framesPerSecond)),\n"
        out += "  \"duration\": \(JSON.number(timing.durationSeconds)),\n"
        out += "  \"curve\": \(curve(timing)),\n"
        let pixels = device.pixelSize
        out +=
            "  \"device\": {\"name\": \(JSON.string(device.name)), \"width\": \(JSON.number(device.width)), "
            + "\"height\": \(JSON.number(device.height)), \"scale\": \(JSON.number(device.scale)), "
            + "\"pixelWidth\": \(pixels.width), \"pixelHeight\": \(pixels.height)},\n"
        if followUpSeconds > 0 { out += "  \"followUp\": \(JSON.number(followUpSeconds)),\n" }
        if let interaction { out += "  \"interactive\": \(interactive(interaction.timeline)),\n" }
        if let paging { out += "  \"paging\": \(self.paging(paging.model)),\n" }
        out += "  \"frameCount\": \(frames.count),\n  \"frames\": [\n"
        for (position, frame) in frames.enumerated() {
            out +=
                "    {\"index\": \(frame.index), \"time\": \(JSON.number(frame.timeSeconds)), \"progress\": \(JSON.number(frame.progress))"
            if let step = interaction?.frames[frame.index] {
                out += ", \"phase\": \"\(step.phase.rawValue)\""
                if let finger = step.finger { out += ", \"finger\": [\(JSON.number(finger.x)), \(JSON.number(finger.y))]" }
                out += ", \"transitionTime\": \(JSON.number(step.transitionTimeSeconds))"
            }
            if let paging {
                out += ", \"phase\": \"\(paging.phases[frame.index].rawValue)\""
                if let finger = paging.fingers[frame.index] { out += ", \"finger\": [\(JSON.number(finger.x)), \(JSON.number(finger.y))]" }
                out += ", \"contentOffset\": \(JSON.number(paging.contentOffsetsPoints[frame.index]))"
            }
            out += "}"
            out += position == frames.count - 1 ? "\n" : ",\n"
        }
        return out + "  ]\n}\n"
    }

    /// The lift-off and what follows it: `release` (seconds after touch-down), `releaseFrame` (the
    /// last frame with the finger down), `releaseFraction`, `releaseVelocity` (points per second,
    /// positive towards completion), `decision` (`finish` or `cancel`), `completionSpeed`,
    /// `completionCurve`, `completionDuration` (seconds), `transitionDuration` (D, seconds); for a
    /// gesture whose axis is not x (or that gives its own length) first `axis` and `length` (points).
    static func interactive(_ timeline: InteractiveTimeline) -> String {
        let gesture = timeline.gesture
        let axis =
            gesture.axis == .x && gesture.lengthPoints == nil
            ? ""
            : "\"axis\": \"\(gesture.axis.text)\", \"length\": \(JSON.number(timeline.lengthPoints)), "
        return "{" + axis + "\"release\": \(JSON.number(timeline.releaseSeconds)), \"releaseFrame\": \(timeline.releaseFrameIndex), "
            + "\"releaseFraction\": \(JSON.number(timeline.releaseFraction)), "
            + "\"releaseVelocity\": \(JSON.number(timeline.releaseVelocityPointsPerSecond)), "
            + "\"decision\": \"\(timeline.finishes ? "finish" : "cancel")\", "
            + "\"finishVelocity\": \(JSON.number(gesture.finishVelocityPointsPerSecond)), "
            + "\"completionSpeed\": \(JSON.number(gesture.completionSpeed)), \"completionCurve\": \"\(gesture.completionCurve.rawValue)\", "
            + "\"completionDuration\": \(JSON.number(timeline.completionDurationSeconds)), "
            + "\"transitionDuration\": \(JSON.number(timeline.transitionDurationSeconds)), \"samples\": \(gesture.samples.count)}"
    }

    /// The swipe of a `page` render: `startPage`, `targetPage`, `release` (seconds after
    /// touch-down), `releaseOffset` and `releaseVelocity` (the content's, points and points per
    /// second), `settle` (seconds from lift-off until the offset stays within half a pixel).
    static func paging(_ model: PagingTimeline) -> String {
        "{\"startPage\": \(model.startPage), \"targetPage\": \(model.targetPage), "
            + "\"release\": \(JSON.number(model.releaseSeconds)), \"releaseOffset\": \(JSON.number(model.releaseOffsetPoints)), "
            + "\"releaseVelocity\": \(JSON.number(model.releaseVelocityPointsPerSecond)), \"settle\": \(JSON.number(model.settleSeconds)), "
            + "\"samples\": \(model.gesture.samples.count)}"
    }

    /// The timing's parameters (`Timing.parameters`), keys sorted so the file is stable.
    /// JSONEncoder fails only on a non-finite number, which a timing cannot hold (curves and
    /// durations are validated when read: `TimingRequest`, `TimingCurve.parse`), so a failure is
    /// a programmer error and traps rather than writing `{}` into the file.
    static func curve(_ timing: Timing) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(timing.parameters), as: UTF8.self)
        } catch {
            preconditionFailure("the timing \(timing) cannot be written as JSON: \(error)")
        }
    }
}
