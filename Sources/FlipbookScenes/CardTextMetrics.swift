import FlipbookModel
import FlipbookText

/// The sizes of a card's labels that its layout depends on (the card carousel sizes its labels with Auto
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
            let layout = typesetter.layout(
                text, style: TextStyle(sizePoints: size), maxWidthPoints: maxWidth, numberOfLines: lines,
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
