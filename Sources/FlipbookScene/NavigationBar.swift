import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster

/// What a screen shows in the navigation bar: a centred title and, on pushed screens, a back
/// button ("‹ Photos") naming the screen below.
public struct NavigationItem: Hashable, Sendable {
    /// The centred title.
    public var title: String
    /// The back button's label; nil on a root screen.
    public var backTitle: String?

    /// Creates an item.
    public init(title: String, backTitle: String? = nil) { self.title = title; self.backTitle = backTitle }
}

/// The navigation bar every reference app uses: light grey (also behind the status bar), a
/// one-pixel hairline at the bottom, and the top screen's items. During a push or pop the two screens' items
/// cross-fade with the transition's progress (UIKit also slides them; a fade reads the same at
/// these sizes and keeps the bar static).
public enum NavigationBar {
    /// Light bar grey (UINavigationBar's default translucent white over white reads as ~248).
    static let barColor = StraightColor(white: 248.0 / 255)
    /// The bottom hairline: black at 30% (UIKit's default shadow image).
    static let hairlineColor = StraightColor(white: 0, alpha: 0.3)
    /// UIKit's default tint (systemBlue), for the back button.
    static let tintColor = StraightColor(red: 0, green: 122.0 / 255, blue: 1)
    /// Title size: UINavigationBar's 17 pt.
    static let titleSizePoints = 17.0
    /// The bar below the status bar is 44 pt on every device.
    static let barHeightPoints = 44.0

    /// The bar's layer name.
    public static let layerName = "navigation bar"

    /// The bar showing `item` (its items layer is named `"bar items: " + item.title`).
    public static func layer(device: Device, showing item: NavigationItem) -> Layer {
        layer(device: device, items: [itemsLayer(item, device: device, name: "bar items")])
    }

    /// The bar of a push or pop from `from` to `to`: both screens' items, `to`'s transparent,
    /// and the animations that cross-fade them with the transition's main timing. (UIKit also
    /// slides the titles; a fade reads the same at these sizes.) Items layers are named
    /// `"bar items (from)"` and `"bar items (to)"`.
    public static func transition(device: Device, from: NavigationItem, to: NavigationItem) -> (layer: Layer, animations: [Animation], completion: [LayerChange]) {
        let fromItems = itemsLayer(from, device: device, name: "bar items (from)")
        let toItems = itemsLayer(to, device: device, name: "bar items (to)").with(opacity: 0)
        let animations = [
            Animation(target: fromItems.name, to: LayerPatch(opacity: 0)),
            Animation(target: toItems.name, to: LayerPatch(opacity: 1)),
        ]
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

    /// A screen's title and back button in the 44 pt bar below the status bar; sublayers are
    /// named `name + " title"` and `name + " back"`.
    static func itemsLayer(_ item: NavigationItem, device: Device, name: String) -> Layer {
        let top = device.topBarHeightPoints - barHeightPoints
        var layer = Layer(name: name, frame: Rect(x: 0, y: top, width: device.width, height: barHeightPoints))
        // Baseline 28 pt into the 44 pt bar centres 17 pt cap height (~12.4 pt) vertically.
        let baseline = 28.0
        var title = Layer(name: name + " title", frame: layer.frame.offsetBy(dx: 0, dy: -top))
        title.text = TextContent(string: item.title, sizePoints: titleSizePoints, baselineOrigin: Point(x: 0, y: baseline),
                                 color: .black, alignment: .centered(widthPoints: device.width))
        layer.sublayers = [title]
        if let back = item.backTitle {
            var button = Layer(name: name + " back", frame: Rect(x: 8, y: 0, width: device.width / 3, height: barHeightPoints))
            button.text = TextContent(string: "‹ " + back, sizePoints: titleSizePoints, baselineOrigin: Point(x: 0, y: baseline), color: tintColor)
            layer.sublayers.append(button)
        }
        return layer
    }
}
