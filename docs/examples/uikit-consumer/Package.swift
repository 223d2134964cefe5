// swift-tools-version:6.0
// An app's transition, golden-tested on Linux. `Sources/GalleryApp` is the folder the iOS app's
// Xcode target compiles too (its files begin `#if canImport(UIKit) import UIKit #else import
// FlipbookUIKit #endif`); on Linux this package compiles it against FlipbookUIKit and the test
// records the real animator into a Flipbook transition and compares frames with goldens.
import PackageDescription

let package = Package(
    name: "GalleryApp",
    dependencies: [
        // This repository, by path (a real app would use its URL and a version).
        .package(name: "Flipbook", path: "../../.."),
    ],
    targets: [
        // The app's animators and the view controllers they touch: shared with the iOS target.
        .target(name: "GalleryApp", dependencies: [.product(name: "FlipbookUIKit", package: "Flipbook")],
                path: "Sources/GalleryApp"),
        .testTarget(name: "GalleryAppTests",
                    dependencies: ["GalleryApp", .product(name: "FlipbookUIKit", package: "Flipbook"),
                                   .product(name: "Flipbook", package: "Flipbook"), .product(name: "FlipbookTesting", package: "Flipbook")],
                    path: "Tests/GalleryAppTests", exclude: ["__Goldens__"]),
    ]
)
