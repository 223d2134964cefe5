/// How a piece of text is set: the size and weight of the UI font (fallback fonts for other
/// scripts follow the same size and the nearest weight they have).
package struct TextStyle: Hashable, Sendable {
    /// Font size in points (UIFont.pointSize), > 0 and finite.
    package var sizePoints: Double
    /// Font weight; default `.regular`.
    package var weight: Weight

    /// Creates a style; the size must be finite and > 0 (a programmer error otherwise).
    package init(sizePoints: Double, weight: Weight = .regular) {
        precondition(sizePoints.isFinite && sizePoints > 0, "text size must be finite and > 0, got \(sizePoints)")
        self.sizePoints = sizePoints; self.weight = weight
    }

    /// A weight of the UI font, named as UIFont.Weight; raw values are OpenType/CSS weights
    /// (SF Pro's nine weights, Ultralight 100 to Black 900).
    package enum Weight: Int, Sendable, Hashable, CaseIterable, Codable {
        /// UIFont.Weight.ultraLight (100).
        case ultraLight = 100
        /// UIFont.Weight.thin (200).
        case thin = 200
        /// UIFont.Weight.light (300).
        case light = 300
        /// UIFont.Weight.regular (400): body text, comments.
        case regular = 400
        /// UIFont.Weight.medium (500).
        case medium = 500
        /// UIFont.Weight.semibold (600): navigation bar titles.
        case semibold = 600
        /// UIFont.Weight.bold (700).
        case bold = 700
        /// UIFont.Weight.heavy (800).
        case heavy = 800
        /// UIFont.Weight.black (900).
        case black = 900

        /// "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black".
        package var name: String {
            switch self {
            case .ultraLight: return "ultraLight"
            case .thin: return "thin"
            case .light: return "light"
            case .regular: return "regular"
            case .medium: return "medium"
            case .semibold: return "semibold"
            case .bold: return "bold"
            case .heavy: return "heavy"
            case .black: return "black"
            }
        }

        /// The weight among `available` (OpenType weights a family has) that this weight is
        /// drawn with, by the CSS Fonts rule for a weight a family lacks (CSS Fonts Level 4,
        /// "font-weight" matching): itself if there; for 400, 500 then lighter (nearest first) then
        /// heavier; for 500, 400 then lighter then heavier; below 400, lighter then heavier;
        /// above 500, heavier (nearest first) then lighter. nil when `available` is empty.
        package func matched(in available: [Int]) -> Int? {
            let wanted = rawValue
            if available.contains(wanted) { return wanted }
            let lighter = available.filter { $0 < wanted }.sorted(by: >), heavier = available.filter { $0 > wanted }.sorted()
            switch wanted {
            case 400:
                return (available.contains(500) ? 500 : nil) ?? lighter.first ?? heavier.first
            case 500:
                return (available.contains(400) ? 400 : nil) ?? lighter.first ?? heavier.first
            case ..<400:
                return lighter.first ?? heavier.first
            default:
                return heavier.first ?? lighter.first
            }
        }
    }
}

extension TextLayout {
    /// Horizontal alignment of lines in the layout box (NSTextAlignment).
    package enum Alignment: String, Sendable, Hashable, CaseIterable, Codable {
        /// Lines start at the left edge.
        case left
        /// Lines are centred.
        case center
        /// Lines end at the right edge.
        case right
        /// Left for a left-to-right paragraph, right for a right-to-left one (decided per paragraph
        /// by its first strong character, Unicode bidi rules P2–P3).
        case natural
    }

    /// What happens to text that does not fit (the top-level `LineBreakMode`).
    package typealias LineBreakMode = FlipbookText.LineBreakMode
}

/// What happens to text that does not fit (NSLineBreakMode); a text layer's `lineBreakMode`.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Wrap at word boundaries (UAX #14); text beyond `numberOfLines` is dropped without "…".
    case wordWrap
    /// Wrap at any character (grapheme cluster) boundary.
    case charWrap
    /// Wrap at words; the last line is cut off at the box edge (no "…").
    case clip
    /// Wrap at words; the last line keeps its end and starts with "…".
    case truncateHead
    /// Wrap at words; the last line ends with "…" (UILabel's default).
    case truncateTail
    /// Wrap at words; the last line keeps its start and end with "…" in the middle.
    case truncateMiddle
}
