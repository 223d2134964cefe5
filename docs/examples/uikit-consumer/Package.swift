// swift-tools-version:6.0
// An app's transition, golden-tested on Linux. `App/GalleryApp` is the folder the iOS app's Xcode
// target compiles, plain iOS code (`import UIKit`, `@objc`, `#selector`); on Linux the
// UIKitSources plugin rewrites it at build time into the `GalleryApp` target
// (Sources/GalleryApp/uikit-sources.json names the folder), which compiles against Flipbook's
// `UIKit` module, and the test records the real animator into a Flipbook transition and compares
// frames with goldens.
import PackageDescription

let package = Package(
    name: "GalleryApp",
    dependencies: [
        // This repository, by path (a real app would use its URL and a version).
        .package(name: "Flipbook", path: "../../..")
    ],
    targets: [
        // The app's animators and the view controllers they touch: App/GalleryApp, rewritten.
        .target(
            name: "GalleryApp", dependencies: [.product(name: "UIKit", package: "Flipbook")],
            path: "Sources/GalleryApp", exclude: ["uikit-sources.json"],
            plugins: [.plugin(name: "UIKitSources", package: "Flipbook")]),
        .testTarget(
            name: "GalleryAppTests",
            dependencies: [
                "GalleryApp", .product(name: "FlipbookUIKit", package: "Flipbook"),
                .product(name: "Flipbook", package: "Flipbook"), .product(name: "FlipbookTesting", package: "Flipbook")
            ],
            path: "Tests/GalleryAppTests", exclude: ["__Goldens__"])
    ]
)
