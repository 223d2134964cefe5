import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster
import FlipbookModel

/// What a screen shows in the navigation bar: a centred title, on pushed screens a back button
/// (chevron and label) naming the screen below, and plain bar button items at either side.
package struct NavigationItem: Hashable, Sendable {
    /// The centred title ("" for none).
    public var title: String
    /// The back button's label; nil on a root screen. UIKit shows the previous screen's title, or
    /// "Back" when it has none.
    public var backTitle: String?
    /// A plain bar button item at the left (`leftBarButtonItem`); it replaces the back button.
    public var leftButton: String?
    /// A plain bar button item at the right (`rightBarButtonItem`).
    public var rightButton: String?

    /// Creates an item.
    public init(title: String, backTitle: String? = nil, leftButton: String? = nil, rightButton: String? = nil) {
        self.title = title; self.backTitle = backTitle; self.leftButton = leftButton; self.rightButton = rightButton
    }

    /// The back button's label a screen pushed on top of this one shows: this title, or "Back"
    /// when it is empty (UIKit's default).
    public var titleForBackButton: String { title.isEmpty ? "Back" : title }
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
    static func window(device: Device, container: [Layer], bar: Layer) -> Layer {
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
    public static let layerName = "navigation bar"

    /// The side margin of plain bar button items in points: 16 on 320–375 pt wide phones, 20 on
    /// the 414 pt Plus (UINavigationBar's layout margins, iOS 11–13).
    static func buttonMarginPoints(device: Device) -> Double { device.width >= 414 ? 20 : 16 }

    /// The bar showing `item` (its items layer is named `"bar items"`).
    public static func layer(device: Device, showing item: NavigationItem) -> Layer {
        layer(device: device, items: [itemsLayer(item, device: device, name: "bar items")])
    }

    /// The bar of a push or pop from `from` to `to` (`operation` defaults to push when `to` has a
    /// back button): both screens' items — layers `"bar items (from)"` and `"bar items (to)"`,
    /// each part animated on its own — the animations, over the main duration on the bar's
    /// ease-in-out, and the completion that removes `from`'s items.
    public static func transition(device: Device, from: NavigationItem, to: NavigationItem,
                                  operation: NavigationOperation? = nil) -> (layer: Layer, animations: [Animation], completion: [LayerChange]) {
        let push = (operation ?? (to.backTitle != nil ? .push : .pop)) == .push
        var fromItems = itemsLayer(from, device: device, name: "bar items (from)")
        var toItems = itemsLayer(to, device: device, name: "bar items (to)")
        let width = device.width
        // Slide distances (points, positive = right). A centred title slides by half the screen;
        // the back label travels between its place (26 pt) and the middle of the screen, where a
        // title is (the texts are not measured here: the label's left edge goes to the middle).
        let titleSlide = width / 2
        let backSlide = width / 2 - backTitleInsetPoints
        var animations: [Animation] = []
        func slide(_ layer: String, by dx: Double, in items: inout Layer, outgoing: Bool) {
            guard let index = items.sublayers.firstIndex(where: { $0.name == layer }) else { return }
            let frame = items.sublayers[index].frame
            if outgoing {
                animations.append(Animation(target: layer, to: LayerPatch(frame: frame.offsetBy(dx: dx, dy: 0)), timing: AnimationTiming(curve: curve)))
            } else {
                items.sublayers[index].frame = frame.offsetBy(dx: dx, dy: 0)
                animations.append(Animation(target: layer, to: LayerPatch(frame: frame), timing: AnimationTiming(curve: curve)))
            }
        }
        func fade(_ layer: String, in items: inout Layer, outgoing: Bool) {
            guard let index = items.sublayers.firstIndex(where: { $0.name == layer }) else { return }
            if outgoing {
                animations.append(Animation(target: layer, keyframes: [Keyframe(relativeStart: 0, relativeDuration: fadeShare, to: LayerPatch(opacity: 0), curve: curve)]))
            } else {
                items.sublayers[index].opacity = 0
                animations.append(Animation(target: layer, keyframes: [Keyframe(relativeStart: 1 - fadeShare, relativeDuration: fadeShare, to: LayerPatch(opacity: 1), curve: curve)]))
            }
        }
        let fromName = fromItems.name, toName = toItems.name
        // Titles: push — the old one toward the back button, the new one in from the right; pop —
        // the old one out to the right, the new one from the back button's place.
        slide(fromName + " title", by: push ? -backSlide : titleSlide, in: &fromItems, outgoing: true)
        slide(toName + " title", by: push ? titleSlide : -backSlide, in: &toItems, outgoing: false)
        // Back labels: push — the new one from the middle (where the old title was), the old one
        // off to the left; pop — the old one to the middle, the new one back from the left.
        slide(fromName + " back", by: push ? -titleSlide : backSlide, in: &fromItems, outgoing: true)
        slide(toName + " back", by: push ? backSlide : -titleSlide, in: &toItems, outgoing: false)
        for part in [" title", " back", " left", " right"] {
            fade(fromName + part, in: &fromItems, outgoing: true)
            fade(toName + part, in: &toItems, outgoing: false)
        }
        // The chevron stays where it is when both screens have one; else it fades.
        let chevrons = (fromItems.sublayers.contains { $0.name == fromName + " back chevron" },
                        toItems.sublayers.contains { $0.name == toName + " back chevron" })
        if chevrons.0 && chevrons.1 {
            fromItems.sublayers.removeAll { $0.name == fromName + " back chevron" }
        } else {
            fade(fromName + " back chevron", in: &fromItems, outgoing: true)
            fade(toName + " back chevron", in: &toItems, outgoing: false)
        }
        return (layer(device: device, items: [fromItems, toItems]), animations, [LayerChange(target: fromItems.name, set: LayerPatch(isRemoved: true))])
    }

    /// The bar (its background runs under the status bar, which `StatusBar.layer` draws above
    /// everything), the given items layers and the hairline.
    static func layer(device: Device, items: [Layer]) -> Layer {
        var bar = Layer(name: layerName, frame: Rect(x: 0, y: 0, width: device.width, height: device.topBarHeightPoints))
        bar.backgroundColor = barColor
        bar.sublayers += items
        let hairline = 1 / device.scale  // one device pixel, as UIKit's shadow image
        var line = Layer(name: "bar hairline", frame: Rect(x: 0, y: device.topBarHeightPoints - hairline, width: device.width, height: hairline))
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
        func part(_ suffix: String, _ text: String?, weight: FontWeight = .regular, color: StraightColor = tintColor,
                  x: Double = 0, alignment: TextAlignment = .leading, maxWidth: Double? = nil) {
            guard let text, !text.isEmpty else { return }
            var part = Layer(name: name + suffix, frame: row)
            part.text = TextContent(string: text, sizePoints: titleSizePoints, weight: weight, baselineOrigin: Point(x: x, y: baselinePoints),
                                    color: color, alignment: alignment, maxWidthPoints: maxWidth)
            layer.sublayers.append(part)
        }
        let margin = buttonMarginPoints(device: device)
        // A title too long for the space between two 88 pt bar buttons ends in "…"
        // (UINavigationBar truncates the tail).
        part(" title", item.title, weight: .semibold, color: .black, alignment: .centered(widthPoints: device.width),
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
