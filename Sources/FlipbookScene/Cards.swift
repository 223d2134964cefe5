import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster

/// The card app of seed 001: a horizontal carousel of cards under the navigation bar and a
/// detail screen (top image, title view, comment list), in window points (DESIGN §2;
/// docs/PRESETS.md has every number and why).
@_spi(Scenes) public struct CardScene: Hashable, Sendable {
    /// The cards, left to right.
    @_spi(Scenes) public let cards: [Card]

    /// The carousel's navigation item.
    @_spi(Scenes) public static let carouselItem = NavigationItem(title: "Featured")
    /// The detail's navigation item: the card's title, back to "Featured".
    @_spi(Scenes) public func detailItem(_ index: Int) -> NavigationItem {
        NavigationItem(title: "", backTitle: CardScene.carouselItem.title)
    }
    /// The bar from the carousel to card `index`'s detail at `progress`.
    func bar(towardsDetail index: Int, progress: Double) -> Layer {
        NavigationBar.layer(device: device, from: CardScene.carouselItem, to: detailItem(index), progress: progress)
    }
    /// The screen.
    @_spi(Scenes) public let device: Device

    /// DESIGN's margin `m`: the top image starts 1.5·m above the screen; the condensed title is m tall.
    @_spi(Scenes) public static let marginPoints: Double = 20
    /// DESIGN's `T`: the top image's bottom and the title view's top in the detail screen.
    @_spi(Scenes) public static let topImageBottomPoints: Double = 300
    /// DESIGN's `K`: the title view's height, on the card and in the detail screen.
    @_spi(Scenes) public static let titleHeightPoints: Double = 80
    /// Space between neighbouring cards.
    @_spi(Scenes) public static let cardSpacingPoints: Double = 15
    /// The card's corner radius (a common card look; the detail has square corners).
    @_spi(Scenes) public static let cardCornerRadiusPoints: Double = 10
    /// The title view's inset for every text line (UIKit's 15 pt table margin).
    @_spi(Scenes) public static let textInsetPoints: Double = 15
    /// Height of one comment row in the detail's list.
    @_spi(Scenes) public static let commentRowHeightPoints: Double = 52
    /// The condensed title's alpha after the follow-up (DESIGN §2).
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

    /// A title view: white, clipped, with the title, "N comments" and the stars, left-aligned at a
    /// 15 pt inset (no text measuring needed). The title's baseline sits 24 pt down, or 5 pt above
    /// the bottom once the view is shorter (the condensed 20 pt bar keeps the title readable).
    @_spi(Scenes) public func titleView(_ index: Int, frame: Rect) -> Layer {
        let card = cards[index], inset = CardScene.textInsetPoints
        var view = Layer(name: "title view", frame: frame)
        view.backgroundColor = .white
        view.clipsToBounds = true
        func line(_ name: String, _ text: String, size: Double, baseline: Double, color: StraightColor) -> Layer {
            var label = Layer(name: name, frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
            label.text = TextContent(string: text, sizePoints: size, baselineOrigin: Point(x: inset, y: baseline), color: color)
            return label
        }
        view.sublayers = [
            line("title", card.title, size: 16, baseline: min(24, frame.height - 5), color: CardScene.titleColor),
            line("comment count", card.commentLine, size: 13, baseline: 46, color: CardScene.secondaryTextColor),
            line("rating", card.stars, size: 15, baseline: 68, color: CardScene.starColor),
        ]
        return view
    }

    /// An image view showing card `index`'s cover, stretched (scaleToFill), optionally rounded.
    func coverImage(_ index: Int, frame: Rect, cornerRadius: Double = 0) -> Layer {
        var image = Layer(name: "cover", frame: frame)
        image.imageSource = cards[index].imagePath
        image.contentMode = .scaleToFill
        image.clipsToBounds = cornerRadius > 0
        image.cornerRadius = cornerRadius
        return image
    }

    /// A white rounded card background (what the card-background snapshot shows).
    func cardBackground(frame: Rect, cornerRadius: Double) -> Layer {
        var background = Layer(name: "card background", frame: frame)
        background.backgroundColor = .white
        background.cornerRadius = cornerRadius
        return background
    }

    /// The carousel screen centred on card `centred`; `hiddenIndex`'s card is hidden (its
    /// snapshots are moving).
    @_spi(Scenes) public func carousel(centred: Int, hiddenIndex: Int? = nil) -> Layer {
        var carousel = Layer(name: "carousel", frame: device.contentArea)
        carousel.backgroundColor = CardScene.carouselColor
        carousel.clipsToBounds = true
        carousel.boundsOrigin = Point(x: 0, y: device.topBarHeightPoints)  // children in window points
        carousel.sublayers = cards.indices.map { index in
            let frame = cardFrame(index, centred: centred)
            var card = cardBackground(frame: frame, cornerRadius: CardScene.cardCornerRadiusPoints)
            card.name = "card \(index)"
            card.clipsToBounds = true
            card.isHidden = index == hiddenIndex
            let local = { (rect: Rect) in rect.offsetBy(dx: -frame.x, dy: -frame.y) }
            card.sublayers = [coverImage(index, frame: local(coverFrame(index, centred: centred))),
                              titleView(index, frame: local(cardTitleFrame(index, centred: centred)))]
            return card
        }
        return carousel
    }

    /// The detail screen of card `index` with the follow-up at `followUp` (0 = before, 1 = after);
    /// `partsHidden` hides the top image and the title view (their snapshots are moving).
    @_spi(Scenes) public func detail(_ index: Int, followUp: Double, partsHidden: Bool = false) -> Layer {
        var detail = Layer(name: "card detail", frame: device.bounds)
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
        var title = titleView(index, frame: detailTitleFrame(followUp: followUp))
        title.opacity = .interpolate(from: 1, to: CardScene.condensedTitleAlpha, progress: followUp)
        detail.sublayers = [coverImage(index, frame: topImageFrame).with(hidden: partsHidden), list, title.with(hidden: partsHidden)]
        return detail
    }

    /// The follow-up's progress `secondsAfterTiming` into it: easeInEaseOut over 0.3 s, 0 before, 1 after.
    @_spi(Scenes) public static func followUpProgress(secondsAfterTiming seconds: Double) -> Double {
        let fraction = seconds / followUpTiming.durationSeconds
        if !(fraction > 0) { return 0 }
        if fraction >= 1 { return 1 }
        return followUpTiming.curve.progress(atFraction: fraction)
    }

    /// The window during the card move: carousel (the card hidden), card-background snapshot,
    /// the detail at `detailOpacity` with its image and title hidden, cover and title snapshots.
    /// `progress` 0 is the card, 1 the detail (`titleEnd`/`titleEndAlpha` its title view).
    func movingWindow(_ index: Int, progress: Double, detailOpacity: Double, detailFollowUp: Double) -> Layer {
        let radius = Double.interpolate(from: CardScene.cardCornerRadiusPoints, to: 0, progress: progress)
        let background = cardBackground(frame: .interpolate(from: cardFrame(index, centred: index), to: device.bounds, progress: progress),
                                         cornerRadius: radius)
        let cover = coverImage(index, frame: .interpolate(from: coverFrame(index, centred: index), to: topImageFrame, progress: progress),
                               cornerRadius: radius)
        let titleTarget = detailTitleFrame(followUp: detailFollowUp)
        var title = titleView(index, frame: .interpolate(from: cardTitleFrame(index, centred: index), to: titleTarget, progress: progress))
        let alphaTarget = Double.interpolate(from: 1, to: CardScene.condensedTitleAlpha, progress: detailFollowUp)
        title.opacity = .interpolate(from: 1, to: alphaTarget, progress: progress)
        let detail = self.detail(index, followUp: detailFollowUp, partsHidden: true).with(opacity: detailOpacity)
        return PhotoBrowserScene.window(device: device, container: [carousel(centred: index, hiddenIndex: index), background, detail, cover, title],
                                        bar: bar(towardsDetail: index, progress: progress))
    }
}

/// Card push (seed 001): the card's background, cover and title view move to the detail's
/// bounds, top image and title view while the detail fades in (the main timing, easeInEaseOut
/// 0.5 s); then a fixed 0.3 s follow-up condenses the title view to `(0, T − m, W, m)` at alpha
/// 0.9 and slides the list up under it.
@_spi(Scenes) public struct CardPush: Transition {
    /// The scene.
    @_spi(Scenes) public let scene: CardScene
    /// The tapped card (centred in the carousel).
    @_spi(Scenes) public let index: Int

    /// Creates the transition.
    @_spi(Scenes) public init(scene: CardScene, index: Int) { self.scene = scene; self.index = index }

    /// The follow-up's 0.3 s run on after the main timing.
    @_spi(Scenes) public var followUpSeconds: Double { CardScene.followUpTiming.durationSeconds }

    /// The main move only (no follow-up).
    @_spi(Scenes) public func window(progress: Double, completed: Bool) -> Layer {
        window(progress: progress, secondsAfterTiming: 0, completed: completed)
    }

    /// See `Transition.window(progress:secondsAfterTiming:completed:)`: during the main timing
    /// the snapshots move; once `secondsAfterTiming > 0` the detail runs its follow-up.
    @_spi(Scenes) public func window(progress: Double, secondsAfterTiming: Double, completed: Bool) -> Layer {
        if completed || secondsAfterTiming > 0 {
            let followUp = completed ? 1 : CardScene.followUpProgress(secondsAfterTiming: secondsAfterTiming)
            return PhotoBrowserScene.window(device: scene.device, container: [scene.detail(index, followUp: followUp)],
                                            bar: NavigationBar.layer(device: scene.device, from: scene.detailItem(index)))
        }
        return scene.movingWindow(index, progress: progress, detailOpacity: progress, detailFollowUp: 0)
    }
}

/// Card pop (seed 001): the reverse of the push's main move, starting from the detail as the
/// follow-up left it (condensed title at alpha 0.9, list under it): the snapshots move back onto
/// the card shown last while the detail fades out 1 → 0.
@_spi(Scenes) public struct CardPop: Transition {
    /// The scene.
    @_spi(Scenes) public let scene: CardScene
    /// The card returned to (centred in the carousel).
    @_spi(Scenes) public let index: Int

    /// Creates the transition.
    @_spi(Scenes) public init(scene: CardScene, index: Int) { self.scene = scene; self.index = index }

    /// See `Transition.window(progress:completed:)`.
    @_spi(Scenes) public func window(progress: Double, completed: Bool) -> Layer {
        if completed {
            return PhotoBrowserScene.window(device: scene.device, container: [scene.carousel(centred: index)],
                                            bar: NavigationBar.layer(device: scene.device, from: CardScene.carouselItem))
        }
        return scene.movingWindow(index, progress: 1 - progress, detailOpacity: 1 - progress, detailFollowUp: 1)
    }
}
