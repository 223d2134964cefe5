import FlipbookModel
import FlipbookText
import Foundation

extension UILabel {
    /// The text engine labels are measured with: the fonts a render uses by default (the
    /// system's collection, Inter first), made once; nil when no font is found (labels then
    /// fall back to an estimate).
    static let measuringTypesetter: Typesetter? = try? Typesetter(fonts: FontCollection.system())

    /// How the engine wraps and ends this label's lines (word wrapping or a truncated tail, as
    /// the renderer draws it).
    var engineLineBreakMode: TextLayout.LineBreakMode {
        lineBreakMode == .byWordWrapping || lineBreakMode == .byCharWrapping ? .wordWrap : .truncateTail
    }

    /// The text set as the renderer sets it, wrapped at `maxWidthPoints` (nil: one line per
    /// paragraph) into at most `numberOfLines` lines.
    func measuredText(maxWidthPoints: Double?) -> TextLayout? {
        guard let text, !text.isEmpty, let typesetter = UILabel.measuringTypesetter, font.pointSize > 0 else { return nil }
        let width = maxWidthPoints.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        return typesetter.layout(
            text, style: TextStyle(sizePoints: Double(font.pointSize), weight: font.modelWeight.textWeight),
            maxWidthPoints: width, numberOfLines: numberOfLines, lineBreakMode: engineLineBreakMode)
    }

    /// The width a multi-line label wraps at for its intrinsic size: `preferredMaxLayoutWidth`
    /// when set, else the width the last layout pass gave it (UIKit's automatic preferred
    /// width); single-line labels never wrap.
    var intrinsicWrapWidth: Double? {
        if preferredMaxLayoutWidth > 0 { return Double(preferredMaxLayoutWidth) }
        guard numberOfLines != 1 else { return nil }
        return automaticMaxLayoutWidth.map(Double.init)
    }

    /// The text's size from the text engine, each side rounded up to the screen's pixels as
    /// UIKit rounds label sizes; nil without text (or fonts).
    var measuredIntrinsicSize: CGSize? {
        guard let layout = measuredText(maxWidthPoints: intrinsicWrapWidth) else { return nil }
        let scale = Double(UIScreen.main.scale)
        func pixelCeil(_ value: Double) -> CGFloat { CGFloat((value * scale - 1e-9).rounded(.up) / scale) }
        return CGSize(width: pixelCeil(layout.widthPoints), height: pixelCeil(layout.heightPoints))
    }

    /// Where the first and last baselines sit relative to the label's vertical centre (the
    /// text block is centred vertically), in points.
    var baselineOffsets: (first: Double, last: Double)? {
        guard let layout = measuredText(maxWidthPoints: intrinsicWrapWidth), let first = layout.lines.first, let last = layout.lines.last
        else {
            return nil
        }
        let top = -0.5 * layout.heightPoints
        return (top + first.baselinePoints, top + last.baselinePoints)
    }
}
