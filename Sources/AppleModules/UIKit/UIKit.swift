// `import UIKit` on Linux: FlipbookUIKit under Apple's module name, so an iOS file compiles
// without `#if` (docs/UIKIT.md).
@_exported import FlipbookUIKit
