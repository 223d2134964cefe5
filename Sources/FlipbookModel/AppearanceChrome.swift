import FlipbookRaster

extension Appearance {
    /// The status bar style iOS picks for `.default` in this appearance: dark glyphs in light
    /// mode (`.darkContent`), light glyphs in dark mode (`.lightContent`).
    package var statusBarStyle: StatusBar.Style { self == .light ? .dark : .light }
}

extension NavigationBar {
    /// The bar's colours in `appearance`: light mode is what the presets draw (a 248 grey bar,
    /// a black 30 % hairline, black titles, systemBlue items); dark mode is UIKit's default bar
    /// in dark mode — the bar secondarySystemBackground dark (28, 28, 30), the hairline
    /// `separator`, titles `label` (white), items systemBlue dark (10, 132, 255).
    static func colors(_ appearance: Appearance) -> (bar: StraightColor, hairline: StraightColor, title: StraightColor, tint: StraightColor)
    {
        switch appearance {
        case .light: return (barColor, hairlineColor, .black, tintColor)
        case .dark:
            return (
                SystemColor.named("secondarySystemBackground")!.dark, SystemColor.named("separator")!.dark,
                SystemColor.named("label")!.dark, SystemColor.named("systemBlue")!.dark
            )
        }
    }

    /// The bar's background `color` (the light bar's grey, opaque or — the scroll-edge
    /// appearance — transparent) in `appearance`, transparent where it was; any other colour as it is.
    static func barColor(_ color: StraightColor, in appearance: Appearance) -> StraightColor {
        let target = colors(appearance).bar
        if color == colors(.light).bar { return target }
        if color == scrollEdgeBarColor { return StraightColor(red: target.red, green: target.green, blue: target.blue, alpha: 0) }
        return color
    }

    /// `bar` (a navigation bar's layer tree, as `layer(device:showing:)` and
    /// `transition(device:from:to:operation:)` build it) with its light-mode colours replaced by
    /// those of `appearance`: the bar's background, the hairline, the title, the items' tint and
    /// the back chevron. Unchanged in light mode.
    package static func restyled(_ bar: Layer, for appearance: Appearance) -> Layer {
        guard appearance != .light else { return bar }
        let light = colors(.light), target = colors(appearance)
        func map(_ color: StraightColor) -> StraightColor {
            switch color {
            case light.bar, scrollEdgeBarColor: return barColor(color, in: appearance)
            case light.hairline: return target.hairline
            case light.title: return target.title
            case light.tint: return target.tint
            default: return color
            }
        }
        func restyle(_ layer: inout Layer) {
            layer.backgroundColor = layer.backgroundColor.map(map)
            if let color = layer.text?.color { layer.text?.color = map(color) }
            layer.shapes = layer.shapes.map { ChromeShape(name: $0.name, path: $0.path, color: map($0.color)) }
            for index in layer.sublayers.indices { restyle(&layer.sublayers[index]) }
        }
        var copy = bar
        restyle(&copy)
        return copy
    }
}

extension Transition {
    /// The transition as it looks in `appearance`: the status bar in the appearance's style (when
    /// there is one) and every navigation bar (a layer named `NavigationBar.layerName`) in the
    /// appearance's colours. The app's own content keeps its colours: a preset's views are the
    /// reference app's, with fixed colours. Unchanged in light mode.
    package func applyingAppearance(_ appearance: Appearance) -> Transition {
        guard appearance != .light else { return self }
        var copy = self
        if copy.statusBar != nil { copy.statusBar = appearance.statusBarStyle }
        func restyle(_ layer: inout Layer) {
            if layer.name == NavigationBar.layerName {
                layer = NavigationBar.restyled(layer, for: appearance)
                return
            }
            for index in layer.sublayers.indices { restyle(&layer.sublayers[index]) }
        }
        restyle(&copy.window)
        // The bar's background animated between its appearances (iOS 15's scroll edge) too.
        for index in copy.animations.indices where copy.animations[index].target == NavigationBar.layerName {
            copy.animations[index].to.backgroundColor = copy.animations[index].to.backgroundColor.map {
                NavigationBar.barColor($0, in: appearance)
            }
        }
        return copy
    }
}
