import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster

/// What a screen shows in the navigation bar: a centred title, on pushed screens a back button
/// (chevron and label) naming the screen below, and plain bar button items at either side.
package struct NavigationItem: Hashable, Sendable {
    /// The centred title ("" for none).
    package var title: String
    /// The back button's label; nil on a root screen. UIKit shows the previous screen's title, or
    /// "Back" when it has none.
    package var backTitle: String?
    /// A plain bar button item at the left (`leftBarButtonItem`); it replaces the back button.
    package var leftButton: String?
    /// A plain bar button item at the right (`rightBarButtonItem`).
    package var rightButton: String?

    /// Creates an item.
    package init(title: String, backTitle: String? = nil, leftButton: String? = nil, rightButton: String? = nil) {
        self.title = title; self.backTitle = backTitle; self.leftButton = leftButton; self.rightButton = rightButton
    }

    /// The back button's label a screen pushed on top of this one shows: this title, or "Back"
    /// when it is empty (UIKit's default).
    package var titleForBackButton: String { title.isEmpty ? "Back" : title }
}

/// How a navigation bar animates its items in a push or pop (docs/CHROME.md).
package enum BarItemAnimation: String, Hashable, Sendable {
    /// UIKit's own push and pop: the old title slides towards the back button's place while the
    /// new back label slides there from the title's place, leading edge on leading edge, the two
    /// cross-fading into one word; the new title comes in from the right (the reverse on a pop).
    case shift
    /// A push or pop by a custom animator (`UINavigationControllerDelegate`): every item fades
    /// out or in where it is, nothing slides.
    case crossFade
}

/// Which way a navigation bar transition goes.
package enum NavigationOperation: String, Hashable, Sendable {
    /// A screen is pushed: the new title comes in from the right.
    case push
    /// The top screen is popped: its title leaves to the right.
    case pop
}

/// The navigation bar every reference app uses: light grey (also behind the status bar), a
/// one-pixel hairline at the bottom, and the top screen's items: a semibold title, the back
/// button (a vector chevron and a label) and plain bar button items, in the tint colour.
///
/// During a push or pop the bar animates as UINavigationBar does (docs/CHROME.md, "The
/// navigation bar in a push or pop"): over the transition's whole duration on its own
/// ease-in-out, not at the transition's (spring) progress; the old title slides toward the back
/// button's place while fading out, the new title slides in from the right while fading in, the
/// back button's label slides between the title's place and its own, its chevron fades.
/// Outgoing items fade out over the first 80 % of the time and incoming ones fade in over the
/// last 80 %, so two items that cross never show at full strength together (their opacities add
/// up to less than 1).
package enum NavigationBar {
    /// A navigation controller's window: white, the transition container holding `container`
    /// (back to front), the bar on top — the window of every pushed/popped preset.
    package static func window(device: Device, container: [Layer], bar: Layer) -> Layer {
        var window = Layer(name: "window", frame: device.bounds)
        window.backgroundColor = .white
        var containerLayer = Layer(name: "container", frame: device.bounds)
        containerLayer.sublayers = container
        window.sublayers = [containerLayer, bar]
        return window
    }

    /// Light bar grey (UINavigationBar's default translucent white over white reads as ~248).
    static let barColor = StraightColor(white: 248.0 / 255)
    /// The bottom hairline: black at 30% (UIKit's default shadow image).
    static let hairlineColor = StraightColor(white: 0, alpha: 0.3)
    /// UIKit's default tint (systemBlue), for the back button and bar button items.
    static let tintColor = StraightColor(red: 0, green: 122.0 / 255, blue: 1)
    /// Title and bar button size: UINavigationBar's 17 pt (the title semibold).
    static let titleSizePoints = 17.0
    /// The bar below the status bar is 44 pt on every device.
    static let barHeightPoints = 44.0
    /// Baseline of titles and buttons, from the top of the 44 pt row: centres 17 pt text's cap
    /// height (~12.4 pt) vertically.
    static let baselinePoints = 28.0
    /// The share of the duration over which outgoing items fade out (from the start) and incoming
    /// ones fade in (up to the end). Equal, so two crossing items' opacities add up to less than 1
    /// at every instant; 0.8 so they still cross-fade visibly (at half time both are at 0.3 on
    /// the ease-in-out) where 0.6 left the bar nearly blank in the middle.
    static let fadeShare = 0.8
    /// The bar's own curve (UIKit animates bar items with the default ease-in-out, whatever curve
    /// the view controllers' custom animation uses).
    static let curve = TimingCurve.bezier(.easeInEaseOut)

    /// The bar's layer name.
    package static let layerName = "navigation bar"

    /// The side margin of plain bar button items in points: 16 on 320–375 pt wide phones, 20 on
    /// the 414 pt Plus (UINavigationBar's layout margins, iOS 11–13).
    static func buttonMarginPoints(device: Device) -> Double { device.width >= 414 ? 20 : 16 }

    /// The bar showing `item` (its items layer is named `"bar items"`), over a screen whose scroll
    /// view rests at its top when `atScrollEdge` (from iOS 15 such a bar has no background and no
    /// hairline: `scrollEdgeAppearance`).
    package static func layer(device: Device, showing item: NavigationItem, atScrollEdge: Bool = false) -> Layer {
        var bar = layer(device: device, items: [itemsLayer(item, device: device, name: "bar items")])
        if device.era.usesScrollEdgeAppearance && atScrollEdge { setScrollEdgeAppearance(&bar) }
        return bar
    }

    /// The bar's background colour in the scroll-edge appearance: the bar's grey, fully
    /// transparent (so an animation between the two appearances only fades it).
    static let scrollEdgeBarColor = StraightColor(red: barColor.red, green: barColor.green, blue: barColor.blue, alpha: 0)

    /// `bar` in the scroll-edge appearance iOS 15 gives a navigation bar over a scroll view at its
    /// top: no background, no hairline (UIKit's default `scrollEdgeAppearance`: the standard
    /// appearance with a transparent background and no shadow).
    static func setScrollEdgeAppearance(_ bar: inout Layer) {
        bar.backgroundColor = scrollEdgeBarColor
        if let index = bar.sublayers.firstIndex(where: { $0.name == hairlineName }) { bar.sublayers[index].opacity = 0 }
    }

    /// The hairline's layer name.
    static let hairlineName = "bar hairline"

    /// The bar of a push or pop from `from` to `to` (`operation` defaults to push when `to` has a
    /// back button): both screens' items — layers `"bar items (from)"` and `"bar items (to)"`,
    /// each part animated on its own — the animations, over the main duration on the bar's
    /// ease-in-out, and the completion that removes `from`'s items. `animation`: UIKit's own
    /// `.shift`, or a custom animator's `.crossFade` (docs/CHROME.md, "The navigation bar in a push
    /// or pop"). `textWidth` measures a title or back label (points at 17 pt in the weight), so that
    /// the shift moves them leading edge to leading edge; default `estimatedTextWidth`.
    ///
    /// `scrollEdge`: whether each screen's scroll view rests at its top; from iOS 15
    /// (`Device.era`) the bar is transparent without a hairline over such a screen and changes
    /// appearance with the transition, on the bar's curve over the duration, as UIKit animates an
    /// appearance change alongside a push or pop.
    package static func transition(
        device: Device, from: NavigationItem, to: NavigationItem, operation: NavigationOperation? = nil,
        animation: BarItemAnimation = .shift, scrollEdge: (from: Bool, to: Bool) = (false, false),
        textWidth: (String, FontWeight) -> Double = NavigationBar.estimatedTextWidth
    )
        -> (layer: Layer, animations: [Animation], completion: [LayerChange])
    {
        let push = (operation ?? (to.backTitle != nil ? .push : .pop)) == .push
        var fromItems = itemsLayer(from, device: device, name: "bar items (from)")
        var toItems = itemsLayer(to, device: device, name: "bar items (to)")
        let width = device.width
        var animations: [Animation] = []
        func slide(_ layer: String, by dx: Double, in items: inout Layer, outgoing: Bool) {
            guard animation == .shift, dx != 0, let index = items.sublayers.firstIndex(where: { $0.name == layer }) else { return }
            let frame = items.sublayers[index].frame
            if outgoing {
                animations.append(
                    Animation(target: layer, to: LayerPatch(frame: frame.offsetBy(dx: dx, dy: 0)), timing: AnimationTiming(curve: curve)))
            } else {
                items.sublayers[index].frame = frame.offsetBy(dx: dx, dy: 0)
                animations.append(Animation(target: layer, to: LayerPatch(frame: frame), timing: AnimationTiming(curve: curve)))
            }
        }
        /// Fades over `share` of the duration: outgoing parts from the start, incoming ones up to the end.
        func fade(_ layer: String, in items: inout Layer, outgoing: Bool, share: Double = fadeShare) {
            guard let index = items.sublayers.firstIndex(where: { $0.name == layer }) else { return }
            if outgoing {
                animations.append(
                    Animation(
                        target: layer,
                        keyframes: [Keyframe(relativeStart: 0, relativeDuration: share, to: LayerPatch(opacity: 0), curve: curve)]))
            } else {
                items.sublayers[index].opacity = 0
                animations.append(
                    Animation(
                        target: layer,
                        keyframes: [Keyframe(relativeStart: 1 - share, relativeDuration: share, to: LayerPatch(opacity: 1), curve: curve)]))
            }
        }
        let fromName = fromItems.name, toName = toItems.name
        // The leading edge of a centred title (or, for a screen without one, of the back label
        // that names it, centred), and the back label's, 26 pt.
        func titleLeadingEdge(_ item: NavigationItem, backLabel: String?) -> Double {
            let text = item.title.isEmpty ? backLabel ?? "" : item.title
            return (width - textWidth(text, item.title.isEmpty ? .regular : .semibold)) / 2
        }
        if push {
            // The old title to the back label's place, the new back label from the old title's:
            // the same path, so they cross-fade into one word; the new title in from the right;
            // an old back label off to the left.
            let travel = titleLeadingEdge(from, backLabel: to.backTitle) - backTitleInsetPoints
            slide(fromName + " title", by: -travel, in: &fromItems, outgoing: true)
            slide(toName + " back", by: travel, in: &toItems, outgoing: false)
            slide(toName + " title", by: width / 2, in: &toItems, outgoing: false)
            slide(fromName + " back", by: -width / 2, in: &fromItems, outgoing: true)
        } else {
            // The old back label to the new title's place, the new title from the back label's;
            // the old title out to the right; the new screen's own back label in from the left.
            let travel = titleLeadingEdge(to, backLabel: from.backTitle) - backTitleInsetPoints
            slide(fromName + " back", by: travel, in: &fromItems, outgoing: true)
            slide(toName + " title", by: -travel, in: &toItems, outgoing: false)
            slide(fromName + " title", by: width / 2, in: &fromItems, outgoing: true)
            slide(toName + " back", by: -width / 2, in: &toItems, outgoing: false)
        }
        // The title and back label that travel together cross-fade over the whole duration, so
        // the word they share keeps its strength; every other part fades over `fadeShare`.
        let travellers =
            animation == .shift ? (push ? [fromName + " title", toName + " back"] : [fromName + " back", toName + " title"]) : []
        for part in [" title", " back", " left", " right"] {
            fade(fromName + part, in: &fromItems, outgoing: true, share: travellers.contains(fromName + part) ? 1 : fadeShare)
            fade(toName + part, in: &toItems, outgoing: false, share: travellers.contains(toName + part) ? 1 : fadeShare)
        }
        // The chevron stays where it is when both screens have one; else it fades.
        let chevrons = (
            fromItems.sublayers.contains { $0.name == fromName + " back chevron" },
            toItems.sublayers.contains { $0.name == toName + " back chevron" }
        )
        if chevrons.0 && chevrons.1 {
            fromItems.sublayers.removeAll { $0.name == fromName + " back chevron" }
        } else {
            fade(fromName + " back chevron", in: &fromItems, outgoing: true)
            fade(toName + " back chevron", in: &toItems, outgoing: false)
        }
        var bar = layer(device: device, items: [fromItems, toItems])
        if device.era.usesScrollEdgeAppearance {
            if scrollEdge.from { setScrollEdgeAppearance(&bar) }
            if scrollEdge.from != scrollEdge.to {
                let to = scrollEdge.to
                animations.append(
                    Animation(
                        target: bar.name, to: LayerPatch(backgroundColor: to ? scrollEdgeBarColor : barColor),
                        timing: AnimationTiming(curve: curve)))
                animations.append(
                    Animation(target: hairlineName, to: LayerPatch(opacity: to ? 0 : 1), timing: AnimationTiming(curve: curve)))
            }
        }
        return (bar, animations, [LayerChange(target: fromItems.name, set: LayerPatch(isRemoved: true))])
    }

    /// A bar text's width without fonts: 0.55 em a character at 17 pt (FlipbookUIKit's label
    /// estimate; "Photos" 56.1 pt, set in Inter with SF Pro's tracking 55.2 pt semibold).
    package static func estimatedTextWidth(_ text: String, weight: FontWeight) -> Double {
        0.55 * titleSizePoints * Double(text.count)
    }

    /// The bar (its background runs under the status bar, which `StatusBar.layer` draws above
    /// everything), the given items layers and the hairline.
    static func layer(device: Device, items: [Layer]) -> Layer {
        var bar = Layer(name: layerName, frame: Rect(x: 0, y: 0, width: device.width, height: device.topBarHeightPoints))
        bar.backgroundColor = barColor
        bar.sublayers += items
        let hairline = 1 / device.scale // one device pixel, as UIKit's shadow image
        var line = Layer(
            name: hairlineName, frame: Rect(x: 0, y: device.topBarHeightPoints - hairline, width: device.width, height: hairline))
        line.backgroundColor = hairlineColor
        bar.sublayers.append(line)
        return bar
    }

    /// A screen's items in the 44 pt row below the status bar, each part a sublayer the size of
    /// the row (so a part slides by moving its frame): `name + " title"` (semibold, centred on the
    /// screen), `name + " back chevron"` (a vector path) and `name + " back"` (the label at
    /// `backTitleInsetPoints`), `name + " left"` and `name + " right"` (plain bar button items at
    /// the side margins), each present only when the item has it.
    static func itemsLayer(_ item: NavigationItem, device: Device, name: String) -> Layer {
        let top = device.topBarHeightPoints - barHeightPoints
        let row = Rect(x: 0, y: 0, width: device.width, height: barHeightPoints)
        var layer = Layer(name: name, frame: Rect(x: 0, y: top, width: device.width, height: barHeightPoints))
        func part(
            _ suffix: String, _ text: String?, weight: FontWeight = .regular, color: StraightColor = tintColor,
            x: Double = 0, alignment: TextAlignment = .leading, maxWidth: Double? = nil
        ) {
            guard let text, !text.isEmpty else { return }
            var part = Layer(name: name + suffix, frame: row)
            part.text = TextContent(
                string: text, sizePoints: titleSizePoints, weight: weight, baselineOrigin: Point(x: x, y: baselinePoints),
                color: color, alignment: alignment, maxWidthPoints: maxWidth)
            layer.sublayers.append(part)
        }
        let margin = buttonMarginPoints(device: device)
        // A title too long for the space between two 88 pt bar buttons ends in "…"
        // (UINavigationBar truncates the tail).
        part(
            " title", item.title, weight: .semibold, color: .black, alignment: .centered(widthPoints: device.width),
            maxWidth: max(1, device.width - 2 * 88))
        if let left = item.leftButton {
            part(" left", left, x: margin)
        } else if let back = item.backTitle {
            var chevron = Layer(name: name + " back chevron", frame: row)
            chevron.shapes = [backChevron(in: row)]
            layer.sublayers.append(chevron)
            part(" back", back, x: backTitleInsetPoints)
        }
        part(" right", item.rightButton, alignment: .trailing(widthPoints: device.width - margin))
        return layer
    }
}
