// `import UIKit` brings Foundation with it (CGRect, NSObject, IndexPath, TimeInterval, URL…), so
// a file that imports only UIKit — or, on Linux, only FlipbookUIKit — must see Foundation too.
@_exported import Foundation
