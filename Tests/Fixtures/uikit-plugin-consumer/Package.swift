// swift-tools-version:6.0
// A package using Flipbook's UIKitSources build-tool plugin as an app would, built by
// `UIKitSourcesPluginTests`: `iOS/` is iOS code (@objc protocols with optional methods, @objc
// dynamic, IB attributes); the `Counter` executable compiles it rewritten. It uses only the
// plugin (not the UIKit module), so building it builds the rewriter's small tool, not Flipbook.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    dependencies: [.package(name: "Flipbook", path: "../../..")],
    targets: [
        .executableTarget(name: "Counter", path: "Sources/Counter", exclude: ["uikit-sources.json"],
                          plugins: [.plugin(name: "UIKitSources", package: "Flipbook")]),
    ]
)
