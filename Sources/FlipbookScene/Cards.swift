import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster
import FlipbookText

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
    /// The label sizes the layout follows, per card (measured when the scene is made).
    let metrics: [CardTextMetrics]

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
    /// The comment cell's avatar: a circle this wide at the cell's top-left inset.
    @_spi(Scenes) public static let avatarSizePoints: Double = 40
    /// The condensed title's alpha after the follow-up (the reference app's value).
    @_spi(Scenes) public static let condensedTitleAlpha = 0.9
    /// The follow-up animation: `UIView.animate(withDuration: 0.3)`, whose default curve is easeInEaseOut.
    @_spi(Scenes) public static let followUpTiming = (durationSeconds: 0.3, curve: CubicBezier.easeInEaseOut)

    /// The carousel's background (UIKit's grouped-table grey, so the white cards stand out).
    static let carouselColor = StraightColor(white: 0.94)
    /// `UIColor.lightGrayColor` (the seed's title), `grayColor` ("N comments"), `darkGrayColor` (comments).
    static let titleColor = StraightColor(white: 2.0 / 3)
    static let secondaryTextColor = StraightColor(white: 0.5)
    static let commentColor = StraightColor(white: 1.0 / 3)
    static let nicknameColor = StraightColor(white: 0.2)
    static let avatarPlaceholderColor = StraightColor(white: 0.85)
    static let starColor = StraightColor(red: 1, green: 0.62, blue: 0)
    static let separatorColor = StraightColor(white: 0.82)

    /// Creates the scene; `typesetter` measures the labels (the stars follow the comment count's
    /// width, comment rows are as tall as their text). Without one, widths and heights are rough
    /// estimates from the primary font's average proportions (`CardTextMetrics.estimate`).
    @_spi(Scenes) public init(cards: [Card], device: Device, typesetter: Typesetter? = nil) {
        self.cards = cards; self.device = device
        metrics = cards.map { CardTextMetrics(card: $0, device: device, typesetter: typesetter) }
    }

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

    /// A title view named `prefix + "title view"`: white, clipped, laid out as seed 001's cell:
    /// the title (16 pt light grey, one line ending in "…", natural alignment) 15 pt from the
    /// top and both sides; 10 pt under it "N comments" (14 pt grey) in a 20 pt tall label at the
    /// left inset, and the 70×20 stars 10 pt to its right, centred on it. The labels are named
    /// `prefix + "title"`, `… "comment count"`, `… "rating"` (five "★"/"☆" stars, 14 pt each).
    @_spi(Scenes) public func titleView(_ index: Int, frame: Rect, prefix: String) -> Layer {
        let card = cards[index], metric = metrics[index], inset = CardScene.textInsetPoints
        var view = Layer(name: prefix + "title view", frame: frame)
        view.backgroundColor = .white
        view.clipsToBounds = true
        var title = Layer(name: prefix + "title", frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        title.text = TextContent(string: card.title, sizePoints: 16, baselineOrigin: Point(x: inset, y: inset + metric.title.baseline),
                                 color: CardScene.titleColor, alignment: .natural, maxWidthPoints: max(1, frame.width - 2 * inset))
        let countTop = inset + metric.title.height + CardScene.titleSpacingPoints, countHeight = CardScene.commentCountHeightPoints
        var count = Layer(name: prefix + "comment count", frame: Rect(x: inset, y: countTop, width: metric.commentCount.width, height: countHeight))
        count.text = TextContent(string: card.commentLine, sizePoints: 14,
                                 baselineOrigin: Point(x: 0, y: (countHeight - metric.commentCount.height) / 2 + metric.commentCount.baseline),
                                 color: CardScene.secondaryTextColor, alignment: .leading)
        let starWidth = CardScene.starsSizePoints.width / 5
        var rating = Layer(name: prefix + "rating", frame: Rect(x: inset + metric.commentCount.width + CardScene.starsSpacingPoints,
                                                              y: countTop + (countHeight - CardScene.starsSizePoints.height) / 2,
                                                              width: CardScene.starsSizePoints.width, height: CardScene.starsSizePoints.height))
        rating.sublayers = Array(card.stars).enumerated().map { position, star in
            var label = Layer(name: prefix + "star \(position)", frame: Rect(x: Double(position) * starWidth, y: 0, width: starWidth,
                                                                           height: CardScene.starsSizePoints.height))
            label.text = TextContent(string: String(star), sizePoints: CardScene.starSizePoints,
                                     baselineOrigin: Point(x: 0, y: (CardScene.starsSizePoints.height - metric.star.height) / 2 + metric.star.baseline),
                                     color: CardScene.starColor, alignment: .centered(widthPoints: starWidth))
            return label
        }
        view.sublayers = [title, count, rating]
        return view
    }

    /// Space between the title's bottom and "N comments" (seed 001: `offset(10)`).
    static let titleSpacingPoints: Double = 10
    /// The "N comments" label's height (seed 001: `height = 20`); its text is centred in it.
    static let commentCountHeightPoints: Double = 20
    /// The stars view (seed 001's `CardStartsView`: 70×20, 10 pt right of "N comments").
    static let starsSizePoints = Size(width: 70, height: 20)
    static let starsSpacingPoints: Double = 10
    /// One star glyph: five 14 pt wide cells fill the 70 pt view; 13 pt keeps Inter's ★ inside its cell.
    static let starSizePoints: Double = 13

    /// The comment rows' frames in the list (seed 001's self-sizing cell): the avatar 15 pt from
    /// the top, the comment 10 pt under it, 15 pt below the comment.
    func commentRowFrames(_ index: Int) -> [Rect] {
        var y = 0.0
        return metrics[index].comments.map { comment in
            let height = CardScene.commentTopPoints + comment.height + CardScene.textInsetPoints
            defer { y += height }
            return Rect(x: 0, y: y, width: device.width, height: height)
        }
    }

    /// The comment's top in its cell: below the avatar (15 + 40) and 10 pt of space.
    static let commentTopPoints = textInsetPoints + avatarSizePoints + 10

    /// Comment row `row` of card `index`: avatar (image or grey circle), nickname centred beside
    /// it (15 pt), the comment under them (14 pt dark grey, wrapped on as many lines as it needs),
    /// and a hairline separator at the bottom from the left inset.
    func commentRow(_ index: Int, row: Int, frame: Rect) -> [Layer] {
        let comment = cards[index].comments[row], metric = metrics[index].comments[row], nicknameMetric = metrics[index].nicknames[row]
        let inset = CardScene.textInsetPoints, avatarSize = CardScene.avatarSizePoints
        var cell = Layer(name: "comment \(row)", frame: frame)
        var avatar = Layer(name: "comment \(row) avatar", frame: Rect(x: inset, y: inset, width: avatarSize, height: avatarSize))
        avatar.cornerRadius = avatarSize / 2
        if let path = comment.avatarPath {
            avatar.imageSource = path
            avatar.contentMode = .scaleAspectFill
            avatar.clipsToBounds = true
        } else {
            avatar.backgroundColor = CardScene.avatarPlaceholderColor
        }
        cell.sublayers = [avatar]
        if let nickname = comment.nickname {
            let left = inset + avatarSize + 10
            var name = Layer(name: "comment \(row) nickname", frame: Rect(x: left, y: inset, width: frame.width - left - inset, height: avatarSize))
            name.text = TextContent(string: nickname, sizePoints: 15,
                                    baselineOrigin: Point(x: 0, y: (avatarSize - nicknameMetric.height) / 2 + nicknameMetric.baseline),
                                    color: CardScene.nicknameColor, alignment: .natural, maxWidthPoints: max(1, frame.width - left - inset))
            cell.sublayers.append(name)
        }
        var text = Layer(name: "comment \(row) text", frame: Rect(x: inset, y: CardScene.commentTopPoints, width: frame.width - 2 * inset,
                                                                height: metric.height))
        text.text = TextContent(string: comment.text, sizePoints: 14, baselineOrigin: Point(x: 0, y: metric.baseline),
                                color: CardScene.commentColor, alignment: .leading, maxWidthPoints: max(1, frame.width - 2 * inset),
                                numberOfLines: 0, lineBreakMode: .wordWrap)
        cell.sublayers.append(text)
        let hairline = 1 / device.scale
        var separator = Layer(name: "separator \(row)", frame: Rect(x: inset, y: frame.maxY - hairline, width: frame.width - inset, height: hairline))
        separator.backgroundColor = CardScene.separatorColor
        return [cell, separator]
    }

    /// Card `index`'s title label offset in the condensed title view: the baseline ends 5 pt
    /// above the 20 pt bar's bottom (15 pt down) instead of 15 pt + the line's ascender (30.5 pt
    /// for Inter's 0.96875 em at 16 pt; lower for a Chinese title, whose line is taller), so the
    /// condensed title stays readable in every script.
    func condensedTitleOffsetPoints(_ index: Int) -> Double {
        (CardScene.marginPoints - 5) - (CardScene.textInsetPoints + metrics[index].title.baseline)
    }

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
        list.sublayers = commentRowFrames(index).enumerated().flatMap { row, frame in commentRow(index, row: row, frame: frame) }
        var title = titleView(index, frame: detailTitleFrame(followUp: followUp), prefix: "detail ")
        if condensed {
            title.opacity = CardScene.condensedTitleAlpha
            title.sublayers[0].frame.origin.y = condensedTitleOffsetPoints(index)
        }
        detail.sublayers = [coverImage(index, frame: topImageFrame, name: "detail cover").with(hidden: partsHidden), list,
                            title.with(hidden: partsHidden)]
        return detail
    }

    /// The follow-up (card-push's completion block): `UIView.animate(withDuration: 0.3)` after
    /// the move, condensing the title view to `(0, T − m, W, m)` at alpha 0.9 and sliding the list up.
    func followUp(_ index: Int, after move: String) -> [Animation] {
        let timing = AnimationTiming(curve: .bezier(CardScene.followUpTiming.curve), durationSeconds: CardScene.followUpTiming.durationSeconds)
        return [
            Animation(target: "detail title view", to: LayerPatch(frame: detailTitleFrame(followUp: 1), opacity: CardScene.condensedTitleAlpha),
                      after: move, timing: timing),
            Animation(target: "detail title", to: LayerPatch(frame: Rect(x: 0, y: condensedTitleOffsetPoints(index), width: device.width,
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
            title.sublayers[0].frame.origin.y = condensedTitleOffsetPoints(index)
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
                              + followUp(index, after: "move"),
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

/// The sizes of a card's labels that its layout depends on (seed 001 sizes its labels with Auto
/// Layout from their text): measured with the typesetter, or estimated without one.
struct CardTextMetrics: Hashable, Sendable {
    /// A label's intrinsic size: width and height, and its first baseline from its top, in points.
    struct Label: Hashable, Sendable {
        var width: Double, height: Double, baseline: Double
    }
    /// The title at 16 pt (one line).
    var title: Label
    /// "N comments" at 14 pt.
    var commentCount: Label
    /// One star at `CardScene.starSizePoints`.
    var star: Label
    /// Each comment's text at 14 pt wrapped in the list's width less the insets.
    var comments: [Label]
    /// Each comment's nickname at 15 pt (zero for none).
    var nicknames: [Label]

    init(card: Card, device: Device, typesetter: Typesetter?) {
        func measure(_ text: String, size: Double, maxWidth: Double? = nil, lines: Int = 1) -> Label {
            guard let typesetter else { return CardTextMetrics.estimate(text, size: size, maxWidth: maxWidth, lines: lines) }
            let layout = typesetter.layout(text, style: TextStyle(sizePoints: size), maxWidthPoints: maxWidth, numberOfLines: lines,
                                           lineBreakMode: lines == 0 ? .wordWrap : .truncateTail)
            return Label(width: layout.widthPoints, height: layout.heightPoints, baseline: layout.lines.first?.baselinePoints ?? 0)
        }
        title = measure(card.title, size: 16)
        commentCount = measure(card.commentLine, size: 14)
        star = measure("★", size: CardScene.starSizePoints)
        let width = max(1, device.width - 2 * CardScene.textInsetPoints)
        comments = card.comments.map { measure($0.text, size: 14, maxWidth: width, lines: 0) }
        nicknames = card.comments.map { measure($0.nickname ?? "", size: 15) }
    }

    /// Without fonts: Inter's proportions (ascender 0.97 em, line 1.21 em) and an average advance
    /// of 0.55 em per character, wrapping by width alone.
    static func estimate(_ text: String, size: Double, maxWidth: Double?, lines: Int) -> Label {
        let width = 0.55 * size * Double(text.count)
        var count = 1.0
        if let maxWidth, lines != 1 { count = max(1, (width / maxWidth).rounded(.up)) }
        if lines > 0 { count = min(count, Double(lines)) }
        return Label(width: maxWidth.map { min($0, width) } ?? width, height: 1.21 * size * count, baseline: 0.97 * size)
    }
}
