// `import QuartzCore` on Linux: Core Animation's names (`CALayer`, `CABasicAnimation`,
// `CATransform3D` …) live in FlipbookUIKit, which this re-exports (docs/UIKIT.md).
@_exported import FlipbookUIKit
