public import FlipbookGeometry

/// How an image fills its view's bounds (UIView.ContentMode).
public enum ContentMode: String, Sendable, CaseIterable {
    /// Stretched to the bounds (UIKit's default for UIImageView).
    case scaleToFill
    /// Scaled uniformly to fit inside the bounds, centred (letterboxed).
    case scaleAspectFit
    /// Scaled uniformly to cover the bounds, centred; overflows unless the caller clips.
    case scaleAspectFill
    /// Unscaled, centred on the bounds.
    case center

    /// Where an image of `imageSize` (points) is drawn for view `bounds` (points), as UIKit lays
    /// it out. Empty bounds or an empty image give an empty rect (nothing is drawn).
    public func imageRect(imageSize: Size, in bounds: Rect) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0, !bounds.isEmpty else {
            return Rect(origin: bounds.origin, size: .zero)
        }
        let scale: Double
        switch self {
        case .scaleToFill: return bounds
        case .scaleAspectFit: scale = min(bounds.width / imageSize.width, bounds.height / imageSize.height)
        case .scaleAspectFill: scale = max(bounds.width / imageSize.width, bounds.height / imageSize.height)
        case .center: scale = 1
        }
        let width = imageSize.width * scale, height = imageSize.height * scale
        return Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
    }
}
