import FlipbookGeometry
import FlipbookRaster

extension StatusBar {
    /// The relative luminance (linear, 0…1) below which the backdrop counts as dark and the home
    /// indicator turns white: 0.184, CIE L* = 50, the perceptual middle grey. iOS's home
    /// affordance sorts its backdrop into dark or light the same way (it reports a
    /// "background luminance" of dark or light and draws itself in the opposite tone) but does
    /// not publish its threshold; mid-grey is the neutral choice (docs/CHROME.md).
    package static let homeIndicatorDarkBackdropLuminance = 0.184

    /// `ops` (a frame's display list, the status bar last) with the home indicator drawn in the
    /// colour iOS gives it over what lies under it: white over a dark backdrop, black over a light
    /// one (`homeIndicatorDarkBackdropLuminance`), whatever the status bar's style. The
    /// indicator is the last `path` op whose path is `homeIndicator(device:)`'s; a moved or
    /// hidden indicator, or a device without one, leaves `ops` as they are.
    ///
    /// The backdrop is the mean luminance of a 17×5 grid of points over the pill grown by 4 pt on
    /// every side, each point the colour the ops below the indicator composite to there (over
    /// black, the screen behind the window): fills and rounded shapes (their rect, clips and
    /// opacities, groups with their opacity). Images, text and other paths are not read — the
    /// display list names an image's file, not its pixels — so over a photo the indicator follows
    /// what lies under the photo.
    package static func adaptingHomeIndicator(_ ops: [DisplayOp], device: Device) -> [DisplayOp] {
        guard let tone = homeIndicatorTargetTone(ops, device: device) else { return ops }
        return homeIndicator(ops, device: device, tone: tone)
    }

    /// Seconds iOS takes to fade the home indicator from one tone to the other once the
    /// luminance under it has crossed over: SpringBoard's home-grabber settings
    /// (`SBFHomeGrabberSettings`, `lumaResponseAnimationSettings`) default to a 3 s linear
    /// animation (0.5 s with iOS 26's redesign; Flipbook draws the iOS 11–13 chrome), applied
    /// additively (`_animateToStyle:disallowAdditive:`), as UIKit animations are by default.
    package static let homeIndicatorToneFadeSeconds = 3.0

    /// The tone the home indicator heads for over `ops` (a frame's display list, the status bar
    /// last): 1 (white) over a dark backdrop, 0 (black) over a light one; nil when the frame
    /// draws no indicator where `homeIndicator(device:)` puts it.
    package static func homeIndicatorTargetTone(_ ops: [DisplayOp], device: Device) -> Double? {
        guard let index = homeIndicatorIndex(ops, device: device), let home = homeIndicator(device: device) else { return nil }
        let pill = home.path.boundingBox ?? .zero
        let luminance = backdropLuminance(under: pill.insetBy(dx: -4, dy: -4), ops: ops[..<index])
        return luminance < homeIndicatorDarkBackdropLuminance ? 1 : 0
    }

    /// `ops` with the home indicator drawn in the grey `tone` (0 black … 1 white).
    package static func homeIndicator(_ ops: [DisplayOp], device: Device, tone: Double) -> [DisplayOp] {
        guard let index = homeIndicatorIndex(ops, device: device), case let .path(path, _, opacity, clip) = ops[index] else { return ops }
        var adapted = ops
        adapted[index] = .path(path, color: StraightColor(white: min(max(tone, 0), 1), alpha: 1), opacity: opacity, clip: clip)
        return adapted
    }

    /// The indicator's tone at each of `times` (seconds, increasing) when it heads for
    /// `targets[k]` from `times[k]` on: every change of target starts a linear fade of
    /// `fadeSeconds` from then, and the fades add up (UIKit's additive animations), so the tone
    /// is `targets[0] + Σ Δᵢ · min(1, (t − tᵢ) / fadeSeconds)` over the changes Δᵢ at tᵢ — the
    /// target averaged over the last `fadeSeconds`. Before the first time the indicator rests at
    /// `toneBefore` — the tone of the screen shown before the transition — or, when that is nil,
    /// at `targets[0]` (the screen before looked like the first frame); a change is seen at the
    /// frame that shows it, so that frame still has the old tone.
    package static func fadedHomeIndicatorTones(
        targets: [Double], times: [Double], fadeSeconds: Double,
        toneBefore: Double? = nil
    ) -> [Double] {
        precondition(targets.count == times.count && fadeSeconds > 0)
        guard let firstTarget = targets.first else { return [] }
        let first = toneBefore ?? firstTarget
        var changes: [(time: Double, step: Double)] = []
        var tones: [Double] = []
        tones.reserveCapacity(targets.count)
        for (k, target) in targets.enumerated() {
            let previous = k == 0 ? first : targets[k - 1]
            if target != previous { changes.append((times[k], target - previous)) }
            var tone = first
            for change in changes { tone += change.step * min(1, max(0, (times[k] - change.time) / fadeSeconds)) }
            tones.append(tone)
        }
        return tones
    }

    /// Where the home indicator is in `ops`: the last `path` op whose path is
    /// `homeIndicator(device:)`'s.
    static func homeIndicatorIndex(_ ops: [DisplayOp], device: Device) -> Int? {
        guard let home = homeIndicator(device: device) else { return nil }
        return ops.lastIndex(where: { if case let .path(path, _, _, _) = $0 { return path == home.path } else { return false } })
    }

    /// The mean relative luminance of `ops` composited over black, sampled on a 17×5 grid of
    /// points spread over `area` (cell centres).
    static func backdropLuminance(under area: Rect, ops: ArraySlice<DisplayOp>) -> Double {
        let columns = 17, rows = 5
        var total = 0.0
        for row in 0..<rows {
            for column in 0..<columns {
                let point = Point(
                    x: area.x + (Double(column) + 0.5) * area.width / Double(columns),
                    y: area.y + (Double(row) + 0.5) * area.height / Double(rows))
                let colour = composite(Array(ops), at: point)
                // Over black: the premultiplied components are the colour.
                total += relativeLuminance(red: colour.red, green: colour.green, blue: colour.blue)
            }
        }
        return total / Double(columns * rows)
    }

    /// Premultiplied RGBA at `point` of `ops` drawn back to front onto transparent.
    static func composite(_ ops: [DisplayOp], at point: Point) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        var result = (red: 0.0, green: 0.0, blue: 0.0, alpha: 0.0)
        func over(_ source: (red: Double, green: Double, blue: Double, alpha: Double)) {
            let keep = 1 - source.alpha
            result = (
                source.red + result.red * keep, source.green + result.green * keep,
                source.blue + result.blue * keep, source.alpha + result.alpha * keep
            )
        }
        func solid(_ color: StraightColor, _ opacity: Double) -> (red: Double, green: Double, blue: Double, alpha: Double) {
            let alpha = min(max(color.alpha, 0), 1) * clampOpacity(opacity)
            return (min(max(color.red, 0), 1) * alpha, min(max(color.green, 0), 1) * alpha, min(max(color.blue, 0), 1) * alpha, alpha)
        }
        func inside(_ clip: Clip?) -> Bool {
            guard let clip else { return true }
            return clip.rect.contains(point) && (clip.cornerRect?.contains(point) ?? true)
        }
        for op in ops {
            switch op {
            case let .fill(rect, color, opacity, clip):
                if rect.contains(point), inside(clip) { over(solid(color, opacity)) }
            case let .shape(shape, color, opacity, clip):
                if let local = shape.transform.inverted()?.apply(to: point), shape.rect.contains(local), inside(clip) {
                    over(solid(color, opacity))
                }
            case let .group(opacity, children):
                let group = composite(children, at: point), factor = clampOpacity(opacity)
                over((group.red * factor, group.green * factor, group.blue * factor, group.alpha * factor))
            case let .maskedGroup(opacity, mask, children):
                if let local = mask.transform.inverted()?.apply(to: point), mask.rect.contains(local) {
                    let group = composite(children, at: point), factor = clampOpacity(opacity)
                    over((group.red * factor, group.green * factor, group.blue * factor, group.alpha * factor))
                }
            case let .pathMaskedGroup(opacity, _, children), let .shadowedGroup(opacity, _, _, children),
                let .layerMaskedGroup(opacity, _, children):
                // The mask and the shadow are left out: a sheet's rounded top corners or a card's
                // shadow barely touch the strip the indicator sits on.
                let group = composite(children, at: point), factor = clampOpacity(opacity)
                over((group.red * factor, group.green * factor, group.blue * factor, group.alpha * factor))
            case .image, .transformedImage, .text, .transformedText, .path, .projected, .shadow, .gradient, .backdrop, .vector:
                continue
            }
        }
        return result
    }

    /// Rec. 709 relative luminance of an sRGB colour (components 0…1, gamma-encoded): each
    /// component linearised by the sRGB transfer function, weighted 0.2126, 0.7152, 0.0722.
    static func relativeLuminance(red: Double, green: Double, blue: Double) -> Double {
        func linear(_ value: Double) -> Double {
            let v = min(max(value, 0), 1)
            // x^2.4 through exp and log without libm, so every machine decides alike.
            return v <= 0.04045 ? v / 12.92 : DeterministicMath.exp(2.4 * DeterministicMath.log((v + 0.055) / 1.055))
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}
