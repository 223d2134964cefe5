// The Linux target's own file: `App/GalleryApp` (what the iOS target compiles) reaches this
// module through the UIKitSources plugin, configured by uikit-sources.json beside this file.
// This line makes UIKit visible in every file of the module, as an umbrella header does, and to
// the tests that import it.
@_exported import UIKit
