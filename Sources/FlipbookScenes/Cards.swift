package import FlipbookGeometry
package import FlipbookModel
package import FlipbookMotion
import FlipbookRaster
package import FlipbookText

/// The card carousel app (docs/REFERENCE-APPS.md): a horizontal carousel of cards under the navigation bar and a
/// detail screen (top image, title view, comment list), in window points (docs/PRESETS.md has
/// every number and why), and the card push and pop built from them.
package struct CardScene: Hashable, Sendable {
    /// The cards, left to right.
    package let cards: [Card]

    /// The carousel's navigation item. (The detail has no navigation bar: it hides it and draws
    /// its own round back button.)
    package static let carouselItem = NavigationItem(title: "Featured")
    /// The screen.
    package let device: Device
    /// The label sizes the layout follows, per card (measured when the scene is made).
    let metrics: [CardTextMetrics]

    /// The margin `m`: the top image starts 1.5·m above the screen; the condensed title is m tall.
    package static let marginPoints: Double = 20
    /// `T`: the top image's bottom and the title view's top in the detail screen.
    package static let topImageBottomPoints: Double = 300
    /// `K`: the title view's height, on the card and in the detail screen.
    package static let titleHeightPoints: Double = 80
    /// Space between neighbouring cards.
    package static let cardSpacingPoints: Double = 15
    /// The card's corner radius (a common card look; the detail has square corners).
    package static let cardCornerRadiusPoints: Double = 10
    /// The title view's inset for every text line (UIKit's 15 pt table margin).
    package static let textInsetPoints: Double = 15
    /// The comment cell's avatar: a circle this wide at the cell's top-left inset.
    package static let avatarSizePoints: Double = 40
    /// The condensed title's alpha after the follow-up (the reference app's value).
    package static let condensedTitleAlpha = 0.9
    /// The follow-up animation: `UIView.animate(withDuration: 0.3)`, whose default curve is easeInEaseOut.
    package static let followUpTiming = (durationSeconds: 0.3, curve: CubicBezier.easeInEaseOut)

    /// The carousel's background (UIKit's grouped-table grey, so the white cards stand out).
    static let carouselColor = StraightColor(white: 0.94)
    /// `UIColor.lightGrayColor` (the card carousel's title), `grayColor` ("N comments"), `darkGrayColor` (comments).
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
    package init(cards: [Card], device: Device, typesetter: Typesetter? = nil) {
        self.cards = cards; self.device = device
        metrics = cards.map { CardTextMetrics(card: $0, device: device, typesetter: typesetter) }
    }

    // MARK: Carousel

    /// Card width: 80% of the screen, rounded to whole points, so the neighbours peek in.
    package var cardWidthPoints: Double { (0.8 * device.width).rounded() }
    /// Cover height: the detail top image's aspect `W : (T + 1.5·m)` at the card's width, so the
    /// cover snapshot scales uniformly into the top image (264 pt on every 0.8·W card).
    package var coverHeightPoints: Double {
        cardWidthPoints * (CardScene.topImageBottomPoints + 1.5 * CardScene.marginPoints) / device.width
    }

    /// Card `index`'s frame on screen when the carousel is centred on card `centred`: the
    /// centred card in the middle of the screen horizontally and of the content area vertically.
    package func cardFrame(_ index: Int, centred: Int) -> Rect {
        let width = cardWidthPoints, height = coverHeightPoints + CardScene.titleHeightPoints
        let x = (device.width - width) / 2 + Double(index - centred) * (width + CardScene.cardSpacingPoints)
        let content = device.contentArea
        return Rect(x: x, y: content.y + (content.height - height) / 2, width: width, height: height)
    }

    /// The cover image's frame on screen (the card's top part).
    package func coverFrame(_ index: Int, centred: Int) -> Rect {
        let card = cardFrame(index, centred: centred)
        return Rect(x: card.x, y: card.y, width: card.width, height: coverHeightPoints)
    }

    /// The card's title view frame on screen (below the cover).
    package func cardTitleFrame(_ index: Int, centred: Int) -> Rect {
        let card = cardFrame(index, centred: centred)
        return Rect(x: card.x, y: card.y + coverHeightPoints, width: card.width, height: CardScene.titleHeightPoints)
    }

    // MARK: Detail

    /// The detail's top image: `(0, −1.5·m, W, T + 1.5·m)`, scaleToFill.
    package var topImageFrame: Rect {
        let m = CardScene.marginPoints
        return Rect(x: 0, y: -1.5 * m, width: device.width, height: CardScene.topImageBottomPoints + 1.5 * m)
    }

    /// The detail's title view: `(0, T, W, K)` before the follow-up, `(0, T − m, W, m)` after.
    package func detailTitleFrame(followUp: Double) -> Rect {
        let t = CardScene.topImageBottomPoints, m = CardScene.marginPoints
        return .interpolate(
            from: Rect(x: 0, y: t, width: device.width, height: CardScene.titleHeightPoints),
            to: Rect(x: 0, y: t - m, width: device.width, height: m), progress: followUp)
    }

    /// The comment list: from the title view's bottom `T + K` to the screen's bottom before the
    /// follow-up; from `T + K − m − 30` (330 pt, the app's constant, 30 pt below the condensed
    /// title) after.
    package func listFrame(followUp: Double) -> Rect {
        let before = CardScene.topImageBottomPoints + CardScene.titleHeightPoints
        let top = Double.interpolate(from: before, to: before - CardScene.marginPoints - 30, progress: followUp)
        return Rect(x: 0, y: top, width: device.width, height: device.height - top)
    }

    // MARK: Layers

    /// A title view named `prefix + "title view"`: white, clipped, laid out as the app's detail:
    /// the title (16 pt light grey, one line ending in "…", natural alignment) 15 pt from the
    /// top and both sides; 10 pt under it "N comments" (14 pt grey) in a 20 pt tall label at the
    /// left inset, and the 70×20 stars 10 pt to its right, centred on it. The labels are named
    /// `prefix + "title"`, `… "comment count"`, `… "rating"` (five "★"/"☆" stars, 14 pt each).
    package func titleView(_ index: Int, frame: Rect, prefix: String) -> Layer {
        let card = cards[index], metric = metrics[index], inset = CardScene.textInsetPoints
        var view = Layer(name: prefix + "title view", frame: frame)
        view.backgroundColor = .white
        view.clipsToBounds = true
        var title = Layer(name: prefix + "title", frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        title.text = TextContent(
            string: card.title, sizePoints: 16, baselineOrigin: Point(x: inset, y: inset + metric.title.baseline),
            color: CardScene.titleColor, alignment: .natural, maxWidthPoints: max(1, frame.width - 2 * inset))
        let countTop = inset + metric.title.height + CardScene.titleSpacingPoints, countHeight = CardScene.commentCountHeightPoints
        var count = Layer(
            name: prefix + "comment count", frame: Rect(x: inset, y: countTop, width: metric.commentCount.width, height: countHeight))
        count.text = TextContent(
            string: card.commentLine, sizePoints: 14,
            baselineOrigin: Point(x: 0, y: (countHeight - metric.commentCount.height) / 2 + metric.commentCount.baseline),
            color: CardScene.secondaryTextColor, alignment: .leading)
        let starWidth = CardScene.starsSizePoints.width / 5
        var rating = Layer(
            name: prefix + "rating",
            frame: Rect(
                x: inset + metric.commentCount.width + CardScene.starsSpacingPoints,
                y: countTop + (countHeight - CardScene.starsSizePoints.height) / 2,
                width: CardScene.starsSizePoints.width, height: CardScene.starsSizePoints.height))
        rating.sublayers = Array(card.stars).enumerated().map { position, star in
            var label = Layer(
                name: prefix + "star \(position)",
                frame: Rect(
                    x: Double(position) * starWidth, y: 0, width: starWidth,
                    height: CardScene.starsSizePoints.height))
            label.text = TextContent(
                string: String(star), sizePoints: CardScene.starSizePoints,
                baselineOrigin: Point(x: 0, y: (CardScene.starsSizePoints.height - metric.star.height) / 2 + metric.star.baseline),
                color: CardScene.starColor, alignment: .centered(widthPoints: starWidth))
            return label
        }
        view.sublayers = [title, count, rating]
        return view
    }

    /// Space between the title's bottom and "N comments" (the app's `offset(10)`).
    static let titleSpacingPoints: Double = 10
    /// The "N comments" label's height (the app's `height = 20`); its text is centred in it.
    static let commentCountHeightPoints: Double = 20
    /// The stars view (the app's `CardStartsView`: 70×20, 10 pt right of "N comments").
    static let starsSizePoints = Size(width: 70, height: 20)
    static let starsSpacingPoints: Double = 10
    /// One star glyph: five 14 pt wide cells fill the 70 pt view; 13 pt keeps Inter's ★ inside its cell.
    static let starSizePoints: Double = 13

    /// The comment rows' frames in the list (the app's self-sizing cell): the avatar 15 pt from
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
    /// it (15 pt), the comment under them (14 pt dark grey, wrapped on as many lines as it needs,
    /// left-aligned even in a right-to-left script: the app sets `NSTextAlignmentLeft`), and a
    /// hairline separator at the bottom from the left inset.
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
            var name = Layer(
                name: "comment \(row) nickname", frame: Rect(x: left, y: inset, width: frame.width - left - inset, height: avatarSize))
            name.text = TextContent(
                string: nickname, sizePoints: 15,
                baselineOrigin: Point(x: 0, y: (avatarSize - nicknameMetric.height) / 2 + nicknameMetric.baseline),
                color: CardScene.nicknameColor, alignment: .natural, maxWidthPoints: max(1, frame.width - left - inset))
            cell.sublayers.append(name)
        }
        var text = Layer(
            name: "comment \(row) text",
            frame: Rect(
                x: inset, y: CardScene.commentTopPoints, width: frame.width - 2 * inset,
                height: metric.height))
        text.text = TextContent(
            string: comment.text, sizePoints: 14, baselineOrigin: Point(x: 0, y: metric.baseline),
            color: CardScene.commentColor, alignment: .leading, maxWidthPoints: max(1, frame.width - 2 * inset),
            numberOfLines: 0, lineBreakMode: .wordWrap)
        cell.sublayers.append(text)
        let hairline = 1 / device.scale
        var separator = Layer(
            name: "separator \(row)", frame: Rect(x: inset, y: frame.maxY - hairline, width: frame.width - inset, height: hairline))
        separator.backgroundColor = CardScene.separatorColor
        return [cell, separator]
    }

    /// Where the push's background snapshot lands and the pop's starts: `(0, T, W, H − T)`, the
    /// app's `CGRectMake(0, 300, ScreenWidth, ScreenHeight - 300)`.
    package var backgroundSnapshotFrame: Rect {
        Rect(x: 0, y: CardScene.topImageBottomPoints, width: device.width, height: device.height - CardScene.topImageBottomPoints)
    }

    /// Where the push's title snapshot lands and the pop's starts: moved to the detail title
    /// view's origin `(0, T)`, still the card's size (the app sets only `frame.origin`).
    package func titleSnapshotFrame(_ index: Int) -> Rect {
        let card = cardTitleFrame(index, centred: index)
        return Rect(x: 0, y: CardScene.topImageBottomPoints, width: card.width, height: card.height)
    }

    /// The detail's back button: 30×30 pt at (15, 27) (the app's constraints).
    package static let backButtonFrame = Rect(x: 15, y: 27, width: 30, height: 30)

    /// The detail's back button (the app's "back" image in a 30 pt button): a round translucent
    /// black plate with a white chevron stroked as a path (2.5 pt, round caps and join), so it
    /// reads over any top image. Layer "back button", shape "back chevron".
    static func backButton() -> Layer {
        var button = Layer(name: "back button", frame: backButtonFrame)
        button.backgroundColor = StraightColor(white: 0, alpha: 0.35)
        button.cornerRadius = backButtonFrame.width / 2
        // The tip at (11.5, 15), the arms 6.5 pt across and up/down: the "<" sits a little right
        // of centre, which reads as centred (its tip is its heaviest part).
        let arm = 6.5
        let line = [Point(x: 11.5 + arm, y: 15 - arm), Point(x: 11.5, y: 15), Point(x: 11.5 + arm, y: 15 + arm)]
        button.shapes = [ChromeShape(name: "back chevron", path: Path(stroking: line, width: 2.5, roundCaps: true), color: .white)]
        return button
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
    package func carousel(centred: Int, hiddenIndex: Int? = nil) -> Layer {
        var carousel = Layer(name: "carousel", frame: device.contentArea)
        carousel.backgroundColor = CardScene.carouselColor
        carousel.clipsToBounds = true
        carousel.boundsOrigin = Point(x: 0, y: device.topBarHeightPoints) // children in window points
        carousel.sublayers = cards.indices.map { index in
            let frame = cardFrame(index, centred: centred)
            var card = cardBackground(frame: frame, cornerRadius: CardScene.cardCornerRadiusPoints, name: "card \(index)")
            card.clipsToBounds = true
            card.isHidden = index == hiddenIndex
            let local = { (rect: Rect) in rect.offsetBy(dx: -frame.x, dy: -frame.y) }
            card.sublayers = [
                coverImage(index, frame: local(coverFrame(index, centred: centred)), name: "card \(index) cover"),
                titleView(index, frame: local(cardTitleFrame(index, centred: centred)), prefix: "card \(index) ")
            ]
            return card
        }
        return carousel
    }

    /// The detail screen of card `index` as after the follow-up (`condensed`) or before it;
    /// `partsHidden` hides the top image, the title view and the comment list (during the push
    /// the app hides all three; its snapshots stand in for the first two).
    /// Layers: "detail", "detail cover", "detail title view", "detail title", …, "comment list",
    /// "back button". The title view does not clip (the app's plain `UIView`), so after the
    /// follow-up its labels run on below its 20 pt; the list, added after it, covers them from 330.
    package func detail(_ index: Int, condensed: Bool, partsHidden: Bool = false) -> Layer {
        let followUp = condensed ? 1.0 : 0.0
        var detail = Layer(name: "detail", frame: device.bounds)
        detail.backgroundColor = .white
        var list = Layer(name: "comment list", frame: listFrame(followUp: followUp))
        list.backgroundColor = .white
        list.clipsToBounds = true
        list.isHidden = partsHidden
        list.sublayers = commentRowFrames(index).enumerated().flatMap { row, frame in commentRow(index, row: row, frame: frame) }
        var title = titleView(index, frame: detailTitleFrame(followUp: followUp), prefix: "detail ")
        title.clipsToBounds = false
        if condensed { title.opacity = CardScene.condensedTitleAlpha }
        detail.sublayers = [
            coverImage(index, frame: topImageFrame, name: "detail cover").with(hidden: partsHidden),
            title.with(hidden: partsHidden), list, CardScene.backButton()
        ]
        return detail
    }
}
