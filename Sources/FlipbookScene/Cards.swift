import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster

/// The card app of seed 001: a horizontal carousel of cards under the navigation bar and a
/// detail screen (top image, title view, comment list), in window points (docs/PRESETS.md has
/// every number and why), and the card push and pop built from them.
@_spi(Scenes) public struct CardScene: Hashable, Sendable {
    /// The cards, left to right.
    @_spi(Scenes) public let cards: [Card]

    /// The carousel's navigation item.
    @_spi(Scenes) public static let carouselItem = NavigationItem(title: "Featured")
    /// The detail's navigation item: the card's title, back to "Featured".
    @_spi(Scenes) public func detailItem(_ index: Int) -> NavigationItem {
        NavigationItem(title: "", backTitle: CardScene.carouselItem.title)
    }
    /// The screen.
    @_spi(Scenes) public let device: Device

    /// The margin `m`: the top image starts 1.5·m above the screen; the condensed title is m tall.
    @_spi(Scenes) public static let marginPoints: Double = 20
    /// `T`: the top image's bottom and the title view's top in the detail screen.
    @_spi(Scenes) public static let topImageBottomPoints: Double = 300
    /// `K`: the title view's height, on the card and in the detail screen.
    @_spi(Scenes) public static let titleHeightPoints: Double = 80
    /// Space between neighbouring cards.
    @_spi(Scenes) public static let cardSpacingPoints: Double = 15
    /// The card's corner radius (a common card look; the detail has square corners).
    @_spi(Scenes) public static let cardCornerRadiusPoints: Double = 10
    /// The title view's inset for every text line (UIKit's 15 pt table margin).
    @_spi(Scenes) public static let textInsetPoints: Double = 15
    /// Height of one comment row in the detail's list.
    @_spi(Scenes) public static let commentRowHeightPoints: Double = 52
    /// The condensed title's alpha after the follow-up (the reference app's value).
    @_spi(Scenes) public static let condensedTitleAlpha = 0.9
    /// The follow-up animation: `UIView.animate(withDuration: 0.3)`, whose default curve is easeInEaseOut.
    @_spi(Scenes) public static let followUpTiming = (durationSeconds: 0.3, curve: CubicBezier.easeInEaseOut)

    /// The carousel's background (UIKit's grouped-table grey, so the white cards stand out).
    static let carouselColor = StraightColor(white: 0.94)
    static let titleColor = StraightColor.black
    static let secondaryTextColor = StraightColor(white: 0.45)
    static let starColor = StraightColor(red: 1, green: 0.62, blue: 0)
    static let separatorColor = StraightColor(white: 0.82)

    /// Creates the scene.
    @_spi(Scenes) public init(cards: [Card], device: Device) { self.cards = cards; self.device = device }

    // MARK: Carousel

    /// Card width: 80% of the screen, rounded to whole points, so the neighbours peek in.
    @_spi(Scenes) public var cardWidthPoints: Double { (0.8 * device.width).rounded() }
    /// Cover height: the detail top image's aspect `W : (T + 1.5·m)` at the card's width, so the
    /// cover snapshot scales uniformly into the top image (264 pt on every 0.8·W card).
    @_spi(Scenes) public var coverHeightPoints: Double {
        cardWidthPoints * (CardScene.topImageBottomPoints + 1.5 * CardScene.marginPoints) / device.width
    }

    /// Card `index`'s frame on screen when the carousel is centred on card `centred`: the
    /// centred card in the middle of the screen horizontally and of the content area vertically.
    @_spi(Scenes) public func cardFrame(_ index: Int, centred: Int) -> Rect {
        let width = cardWidthPoints, height = coverHeightPoints + CardScene.titleHeightPoints
        let x = (device.width - width) / 2 + Double(index - centred) * (width + CardScene.cardSpacingPoints)
        let content = device.contentArea
        return Rect(x: x, y: content.y + (content.height - height) / 2, width: width, height: height)
    }

    /// The cover image's frame on screen (the card's top part).
    @_spi(Scenes) public func coverFrame(_ index: Int, centred: Int) -> Rect {
        let card = cardFrame(index, centred: centred)
        return Rect(x: card.x, y: card.y, width: card.width, height: coverHeightPoints)
    }

    /// The card's title view frame on screen (below the cover).
    @_spi(Scenes) public func cardTitleFrame(_ index: Int, centred: Int) -> Rect {
        let card = cardFrame(index, centred: centred)
        return Rect(x: card.x, y: card.y + coverHeightPoints, width: card.width, height: CardScene.titleHeightPoints)
    }

    // MARK: Detail

    /// The detail's top image: `(0, −1.5·m, W, T + 1.5·m)`, scaleToFill.
    @_spi(Scenes) public var topImageFrame: Rect {
        let m = CardScene.marginPoints
        return Rect(x: 0, y: -1.5 * m, width: device.width, height: CardScene.topImageBottomPoints + 1.5 * m)
    }

    /// The detail's title view: `(0, T, W, K)` before the follow-up, `(0, T − m, W, m)` after.
    @_spi(Scenes) public func detailTitleFrame(followUp: Double) -> Rect {
        let t = CardScene.topImageBottomPoints, m = CardScene.marginPoints
        return .interpolate(from: Rect(x: 0, y: t, width: device.width, height: CardScene.titleHeightPoints),
                            to: Rect(x: 0, y: t - m, width: device.width, height: m), progress: followUp)
    }

    /// The comment list: from the title view's bottom `T + K` to the screen's bottom before the
    /// follow-up; from `T` (right under the condensed title) after.
    @_spi(Scenes) public func listFrame(followUp: Double) -> Rect {
        let top = Double.interpolate(from: CardScene.topImageBottomPoints + CardScene.titleHeightPoints,
                                     to: CardScene.topImageBottomPoints, progress: followUp)
        return Rect(x: 0, y: top, width: device.width, height: device.height - top)
    }

    // MARK: Layers

    /// A title view named `prefix + "title view"`: white, clipped, with the title, "N comments"
    /// and the stars, left-aligned at a 15 pt inset (no text measuring needed), baselines 24, 46
    /// and 68 pt down. The labels are named `prefix + "title"`, `… "comment count"`, `… "rating"`.
    @_spi(Scenes) public func titleView(_ index: Int, frame: Rect, prefix: String) -> Layer {
        let card = cards[index], inset = CardScene.textInsetPoints
        var view = Layer(name: prefix + "title view", frame: frame)
        view.backgroundColor = .white
        view.clipsToBounds = true
        func line(_ name: String, _ text: String, size: Double, baseline: Double, color: StraightColor) -> Layer {
            var label = Layer(name: prefix + name, frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
            label.text = TextContent(string: text, sizePoints: size, baselineOrigin: Point(x: inset, y: baseline), color: color)
            return label
        }
        view.sublayers = [
            line("title", card.title, size: 16, baseline: 24, color: CardScene.titleColor),
            line("comment count", card.commentLine, size: 13, baseline: 46, color: CardScene.secondaryTextColor),
            line("rating", card.stars, size: 15, baseline: 68, color: CardScene.starColor),
        ]
        return view
    }

    /// The title label's offset in the condensed title view: its baseline ends 5 pt above the
    /// 20 pt bar's bottom (15 pt down) instead of 24 pt, so the condensed title stays readable.
    static let condensedTitleOffsetPoints = min(24, marginPoints - 5) - 24

    /// An image view named `name` showing card `index`'s cover, stretched (scaleToFill), optionally rounded.
    func coverImage(_ index: Int, frame: Rect, cornerRadius: Double = 0, name: String) -> Layer {
        var image = Layer(name: name, frame: frame)
        image.imageSource = cards[index].imagePath
        image.contentMode = .scaleToFill
        image.clipsToBounds = cornerRadius > 0
        image.cornerRadius = cornerRadius
        return image
    }

    /// A white rounded card background (what the card-background snapshot shows).
    func cardBackground(frame: Rect, cornerRadius: Double, name: String) -> Layer {
        var background = Layer(name: name, frame: frame)
        background.backgroundColor = .white
        background.cornerRadius = cornerRadius
        return background
    }

    /// The carousel screen centred on card `centred`; `hiddenIndex`'s card is hidden (its
    /// snapshots are moving). Cards are named "card 0", …; their parts "card 0 cover", ….
    @_spi(Scenes) public func carousel(centred: Int, hiddenIndex: Int? = nil) -> Layer {
        var carousel = Layer(name: "carousel", frame: device.contentArea)
        carousel.backgroundColor = CardScene.carouselColor
        carousel.clipsToBounds = true
        carousel.boundsOrigin = Point(x: 0, y: device.topBarHeightPoints)  // children in window points
        carousel.sublayers = cards.indices.map { index in
            let frame = cardFrame(index, centred: centred)
            var card = cardBackground(frame: frame, cornerRadius: CardScene.cardCornerRadiusPoints, name: "card \(index)")
            card.clipsToBounds = true
            card.isHidden = index == hiddenIndex
            let local = { (rect: Rect) in rect.offsetBy(dx: -frame.x, dy: -frame.y) }
            card.sublayers = [coverImage(index, frame: local(coverFrame(index, centred: centred)), name: "card \(index) cover"),
                              titleView(index, frame: local(cardTitleFrame(index, centred: centred)), prefix: "card \(index) ")]
            return card
        }
        return carousel
    }

    /// The detail screen of card `index` as after the follow-up (`condensed`) or before it;
    /// `partsHidden` hides the top image and the title view (their snapshots are moving).
    /// Layers: "detail", "detail cover", "comment list", "detail title view", "detail title", ….
    @_spi(Scenes) public func detail(_ index: Int, condensed: Bool, partsHidden: Bool = false) -> Layer {
        let followUp = condensed ? 1.0 : 0.0
        var detail = Layer(name: "detail", frame: device.bounds)
        detail.backgroundColor = .white
        var list = Layer(name: "comment list", frame: listFrame(followUp: followUp))
        list.backgroundColor = .white
        list.clipsToBounds = true
        let rowHeight = CardScene.commentRowHeightPoints, hairline = 1 / device.scale
        list.sublayers = cards[index].comments.enumerated().flatMap { row, comment -> [Layer] in
            let y = Double(row) * rowHeight
            var text = Layer(name: "comment \(row)", frame: Rect(x: 0, y: y, width: device.width, height: rowHeight))
            text.text = TextContent(string: comment, sizePoints: 14, baselineOrigin: Point(x: CardScene.textInsetPoints, y: 31),
                                    color: StraightColor(white: 0.2))
            var separator = Layer(name: "separator \(row)", frame: Rect(x: CardScene.textInsetPoints, y: y + rowHeight - hairline,
                                                                      width: device.width - CardScene.textInsetPoints, height: hairline))
            separator.backgroundColor = CardScene.separatorColor
            return [text, separator]
        }
        var title = titleView(index, frame: detailTitleFrame(followUp: followUp), prefix: "detail ")
        if condensed {
            title.opacity = CardScene.condensedTitleAlpha
            title.sublayers[0].frame.origin.y = CardScene.condensedTitleOffsetPoints
        }
        detail.sublayers = [coverImage(index, frame: topImageFrame, name: "detail cover").with(hidden: partsHidden), list,
                            title.with(hidden: partsHidden)]
        return detail
    }

    /// The follow-up (card-push's completion block): `UIView.animate(withDuration: 0.3)` after
    /// the move, condensing the title view to `(0, T − m, W, m)` at alpha 0.9 and sliding the list up.
    func followUp(after move: String) -> [Animation] {
        let timing = AnimationTiming(curve: .bezier(CardScene.followUpTiming.curve), durationSeconds: CardScene.followUpTiming.durationSeconds)
        return [
            Animation(target: "detail title view", to: LayerPatch(frame: detailTitleFrame(followUp: 1), opacity: CardScene.condensedTitleAlpha),
                      after: move, timing: timing),
            Animation(target: "detail title", to: LayerPatch(frame: Rect(x: 0, y: CardScene.condensedTitleOffsetPoints, width: device.width,
                                                                        height: CardScene.titleHeightPoints)),
                      after: move, timing: timing),
            Animation(target: "comment list", to: LayerPatch(frame: listFrame(followUp: 1)), after: move, timing: timing),
        ]
    }

    /// The window during the card move: carousel (the card hidden), card-background snapshot,
    /// the detail with its image and title hidden, cover and title snapshots, all at the card
    /// (`atCard`) or at the detail, and the bar between the two screens' items.
    func movingWindow(_ index: Int, atCard: Bool, detail: Layer, bar: Layer) -> Layer {
        let radius = atCard ? CardScene.cardCornerRadiusPoints : 0
        let background = cardBackground(frame: atCard ? cardFrame(index, centred: index) : device.bounds, cornerRadius: radius,
                                        name: "snapshot card background")
        var cover = coverImage(index, frame: atCard ? coverFrame(index, centred: index) : topImageFrame, cornerRadius: radius,
                               name: "snapshot cover")
        // The cover's corners animate (10 ↔ 0): it clips to them in both directions, also when
        // it starts square (pop).
        cover.clipsToBounds = true
        var title = titleView(index, frame: atCard ? cardTitleFrame(index, centred: index) : detailTitleFrame(followUp: 1), prefix: "snapshot ")
        if !atCard {
            title.opacity = CardScene.condensedTitleAlpha
            title.sublayers[0].frame.origin.y = CardScene.condensedTitleOffsetPoints
        }
        return PhotoBrowserScene.window(device: device, container: [carousel(centred: index, hiddenIndex: index), background, detail, cover, title],
                                        bar: bar)
    }

    /// The snapshots' moves to the detail (`toCard` false) or back onto the card.
    func snapshotMoves(_ index: Int, toCard: Bool, name: String?) -> [Animation] {
        let radius = toCard ? CardScene.cardCornerRadiusPoints : 0
        var moves = [
            Animation(name: name, target: "snapshot card background",
                      to: LayerPatch(frame: toCard ? cardFrame(index, centred: index) : device.bounds, cornerRadius: radius)),
            Animation(target: "snapshot cover", to: LayerPatch(frame: toCard ? coverFrame(index, centred: index) : topImageFrame, cornerRadius: radius)),
            Animation(target: "snapshot title view", to: LayerPatch(frame: toCard ? cardTitleFrame(index, centred: index) : detailTitleFrame(followUp: 0))),
        ]
        if toCard {
            moves.append(Animation(target: "snapshot title view", to: LayerPatch(opacity: 1)))
            moves.append(Animation(target: "snapshot title", to: LayerPatch(frame: Rect(x: 0, y: 0, width: device.width, height: CardScene.titleHeightPoints))))
        }
        return moves
    }

    /// Card push (seed 001): the card's background, cover and title view move to the detail's
    /// bounds, top image and title view while the detail fades in (the main timing, easeInEaseOut
    /// 0.5 s); its completion swaps the snapshots for the detail's own views and runs a 0.3 s
    /// follow-up that condenses the title view and slides the list up under it.
    @_spi(Scenes) public func push(_ index: Int, name: String, timing: Timing) -> Transition {
        let bar = NavigationBar.transition(device: device, from: CardScene.carouselItem, to: detailItem(index))
        let detail = self.detail(index, condensed: false, partsHidden: true).with(opacity: 0)
        let swap = ["carousel", "snapshot card background", "snapshot cover", "snapshot title view"].map {
            LayerChange(target: $0, set: LayerPatch(isRemoved: true))
        } + ["detail cover", "detail title view"].map { LayerChange(target: $0, set: LayerPatch(isHidden: false)) }
        var moves = snapshotMoves(index, toCard: false, name: "move")
        moves[0].completion = swap + bar.completion
        return Transition(name: name, device: device, window: movingWindow(index, atCard: true, detail: detail, bar: bar.layer),
                          animations: moves + [Animation(target: "detail", to: LayerPatch(opacity: 1))] + bar.animations
                              + followUp(after: "move"),
                          timing: timing)
    }

    /// Card pop (seed 001): the reverse of the push's main move, starting from the detail as the
    /// follow-up left it (condensed title at alpha 0.9, list under it): the snapshots move back
    /// onto the card shown last while the detail fades out 1 → 0. Completion: the carousel alone.
    @_spi(Scenes) public func pop(_ index: Int, name: String, timing: Timing) -> Transition {
        let bar = NavigationBar.transition(device: device, from: detailItem(index), to: CardScene.carouselItem)
        let detail = self.detail(index, condensed: true, partsHidden: true)
        let remove = ["detail", "snapshot card background", "snapshot cover", "snapshot title view"].map {
            LayerChange(target: $0, set: LayerPatch(isRemoved: true))
        }
        return Transition(name: name, device: device, window: movingWindow(index, atCard: false, detail: detail, bar: bar.layer),
                          animations: snapshotMoves(index, toCard: true, name: nil) + [Animation(target: "detail", to: LayerPatch(opacity: 0))]
                              + bar.animations,
                          completion: remove + [LayerChange(target: "card \(index)", set: LayerPatch(isHidden: false))] + bar.completion,
                          timing: timing)
    }
}
