// `import CoreGraphics` on Linux: `CGFloat`, `CGPoint`, `CGSize` and `CGRect` are Foundation's,
// `CGAffineTransform`, `CGPath`, `CGColor` … FlipbookUIKit's, which this re-exports
// (docs/UIKIT.md).
@_exported import FlipbookUIKit
