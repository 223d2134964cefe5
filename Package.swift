// swift-tools-version:6.0
// Flipbook: renders iOS view-controller transitions to PNG frame sequences on Linux.
// Module graph (dependencies point down; the targets below declare exactly these, and
// ModuleGraphDocsTests holds this comment and docs/ARCHITECTURE.md's module table to them; a
// name without its Flipbook prefix is the Flipbook module, text in parentheses is commentary):
//   FlipbookCLI     → Flipbook, Lock, Render (the parallel loop, the watch cache), ImageDiff, Codecs, Files, FlipbookUIKitSources, Model, Scenes, Formats, Geometry, Motion, Raster, Text, Support
//   FlipbookBench   → Flipbook, Lock, Constraints, Codecs, ImageDiff, Raster, Motion, Model, Scenes, Formats, Render, Output, Text, Files
//   flipbook-fuzz   → Flipbook, Lock, Codecs, Model, Scenes, Formats, Render, Raster, Files
//   FlipbookTesting → Flipbook, Lock (sequence goldens), ImageDiff, Render (frame slots), Codecs, Raster, Files
//   FlipbookLock    → Flipbook, Model, Scenes, Formats, Render, Codecs (CRC-64), Geometry, Raster, Text, Files, Support
//   Flipbook        → Model, Scenes, Formats, Render, Output, Codecs, Geometry, Raster, Motion, Text, Samples, Files, Support (re-exports what its API uses: `import Flipbook` is enough)
//   Output          → Model, Geometry, Raster, Motion, Codecs, Text, Files, Support
//   Render          → Model, Geometry, Raster, Codecs, Text, Support
//   Formats         → Model, Geometry, Raster, Motion, Text, Samples, Files, Codecs (the photo library reads image headers), Support
//   Scenes          → Model, Geometry, Raster, Motion, Text (Formats and Scenes side by side on Model)
//   UIKit, QuartzCore, CoreGraphics → FlipbookUIKit (Apple's module names, re-exporting it)
//   FlipbookUIKitSamples → FlipbookUIKit
//   FlipbookUIKit   → Model, Motion, Geometry, Raster, Codecs (image headers), Text, Constraints (Auto Layout), Support
//   flipbook-uikit-sources (run by the UIKitSources plugin) → FlipbookUIKitSources → Files
//   Model           → Geometry, Raster, Motion, Text, Samples (the default cards manifest), Support
//   Text            → CFreeType, CHarfBuzz, CFriBidi, CFontconfig, CLineBreaking, Geometry, Raster, Files, Support;  CLineBreaking → CICU
//   Codecs          → CImageCodecs, CPNGEncoder, CISAL, CLibDeflate, Geometry, Raster, Files;  CImageCodecs → CLibPNG, CLibJPEG
//   ImageDiff       → Raster, Geometry;  Motion → Geometry, Support;  Raster → Geometry
//   FlipbookTestSupport → Raster, FlipbookTestSignals
//   FlipbookPipelineTestSupport → Flipbook, Model, Scenes, Formats, Geometry, Text, FlipbookTestSignals
//   Geometry, Files, Constraints, Samples, Support, CPNGEncoder, FlipbookTestSignals → (the toolchain only)
//   CLibPNG, CLibJPEG, CFreeType, CISAL, CLibDeflate, CHarfBuzz, CFriBidi, CFontconfig, CICU → (system libraries, through pkg-config)
//   FlipbookSupport: text helpers every stage shares (InputText, NumberText, Suggestions, decimal text), package only.
//   FlipbookConstraints: the Auto Layout solver (incremental Cassowary simplex) FlipbookUIKit lays out with.
//   FlipbookSamples: Samples/, the bundled manifests, photos and transitions, as resources.
//   FlipbookLock: the sequence lock format, shared by the CLI (lock, verify) and FlipbookTesting; not a product.
import Foundation
import PackageDescription

/// Every entry of `Samples/` but its Swift source folders (FlipbookSamples, UIKit), copied as resources of FlipbookSamples so
/// the samples ship with the package; a new sample file or folder (e.g. `transitions/`) comes along
/// without editing this list.
let sampleResources: [Resource] = {
    let samples = Context.packageDirectory + "/Samples"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? []
    return entries.filter { !$0.hasPrefix(".") && $0 != "FlipbookSamples" && $0 != "UIKit" }.sorted().map { Resource.copy($0) }
}()

/// Imports that tell the truth: a module's imports are internal unless written `public import` /
/// `package import` (so a public signature cannot lean on a module it does not declare), and a
/// member is visible only where its own module is imported (no reaching a type's extension through
/// some other file's import). Every source module opts in.
let strictImports: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility")
]

let package = Package(
    name: "Flipbook",
    products: [
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        // `import Flipbook` re-exports what a user needs (Sources/Flipbook/Exports.swift); the other
        // modules are internal structure, not products.
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
        // UIKit's, Core Animation's and Core Graphics' names on Linux: an app's animator compiles
        // unchanged and what it animates is recorded into a `Transition` (docs/UIKIT.md).
        .library(name: "FlipbookUIKit", targets: ["FlipbookUIKit"]),
        // Apple's module names for FlipbookUIKit, so `import UIKit`, `import QuartzCore` and
        // `import CoreGraphics` compile on Linux unchanged (no toolchain module has these names
        // on Linux).
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        // Rewrites an app's iOS source folder for its Linux target at build time (`@objc`,
        // `#selector`, `@objc optional` …; docs/UIKIT.md, "Objective-C syntax").
        .plugin(name: "UIKitSources", targets: ["UIKitSources"])
    ],
    targets: [
        // System libraries, found through pkg-config; apt names them for a friendlier error.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // The PNG writers' compressors (zlib streams, CRC-32): Intel ISA-L's igzip (the default
        // writer) and libdeflate.
        .systemLibrary(name: "CISAL", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Text: shaping, bidi, font matching, UAX #14 line breaks (see docs/TEXT.md).
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // UAX #14 line breaking through ICU, in C: Swift must not import ICU's headers.
        .target(name: "CLineBreaking", dependencies: ["CICU"]),
        // The only code that calls setjmp/longjmp. Symbols are prefixed `fbc_`.
        .target(name: "CImageCodecs", dependencies: ["CLibPNG", "CLibJPEG"]),
        // Flipbook's own PNG encoder (the `flipbook` writer): one pass, SIMD kernels chosen at run
        // time, its own deflate. Symbols are prefixed `fpe_`; no library needed.
        .target(name: "CPNGEncoder"),

        // Bounded input reads, atomic output files and folders, clean-up on signals.
        .target(name: "FlipbookFiles", swiftSettings: strictImports),
        // Text helpers every stage shares (how input is quoted back in messages, how numbers are
        // written, "did you mean", plain decimal parsing): `package` only, the bottom of the graph.
        .target(name: "FlipbookSupport", swiftSettings: strictImports),
        .target(name: "FlipbookGeometry", swiftSettings: strictImports),
        // Linear constraint systems with UIKit's priorities, solved incrementally (docs/AUTOLAYOUT.md);
        // knows no views, depends on nothing of Flipbook.
        .target(name: "FlipbookConstraints", swiftSettings: strictImports),
        .target(name: "FlipbookRaster", dependencies: ["FlipbookGeometry"], swiftSettings: strictImports),
        .target(
            name: "FlipbookCodecs",
            dependencies: ["CImageCodecs", "CPNGEncoder", "CISAL", "CLibDeflate", "FlipbookGeometry", "FlipbookRaster", "FlipbookFiles"],
            swiftSettings: strictImports),
        .target(name: "FlipbookMotion", dependencies: ["FlipbookGeometry", "FlipbookSupport"], swiftSettings: strictImports),
        .target(
            name: "FlipbookText",
            dependencies: [
                "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CLineBreaking", "FlipbookGeometry", "FlipbookRaster", "FlipbookFiles",
                "FlipbookSupport"
            ],
            swiftSettings: strictImports),
        // The sample manifests and photos (Samples/), as resources; `Samples.photos` etc. find them.
        .target(
            name: "FlipbookSamples", path: "Samples", exclude: ["UIKit"], sources: ["FlipbookSamples"], resources: sampleResources,
            swiftSettings: strictImports),
        // The pipeline, one module per stage (docs/ARCHITECTURE.md): the model, the scenes built on
        // it, the file formats that describe both, the renderer, the output writers, and the façade.
        .target(
            name: "FlipbookModel",
            dependencies: ["FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText", "FlipbookSamples", "FlipbookSupport"],
            swiftSettings: strictImports),
        .target(
            name: "FlipbookScenes", dependencies: ["FlipbookModel", "FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText"],
            swiftSettings: strictImports),
        .target(
            name: "FlipbookFormats",
            dependencies: [
                "FlipbookModel", "FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText", "FlipbookSamples", "FlipbookFiles",
                "FlipbookCodecs", "FlipbookSupport"
            ],
            swiftSettings: strictImports),
        .target(
            name: "FlipbookRender",
            dependencies: ["FlipbookModel", "FlipbookGeometry", "FlipbookRaster", "FlipbookCodecs", "FlipbookText", "FlipbookSupport"],
            swiftSettings: strictImports),
        .target(
            name: "FlipbookOutput",
            dependencies: [
                "FlipbookModel", "FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookCodecs", "FlipbookText", "FlipbookFiles",
                "FlipbookSupport"
            ],
            swiftSettings: strictImports),
        .target(
            name: "Flipbook",
            dependencies: [
                "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookOutput",
                "FlipbookCodecs", "FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText", "FlipbookSamples",
                "FlipbookFiles",
                "FlipbookSupport"
            ],
            swiftSettings: strictImports),
        // The sequence lock format (`.lock` files: display lists and pixel hashes per frame), made from
        // a render job; shared by the CLI (`lock`, `verify`) and FlipbookTesting (`.sequence`). Not a product.
        .target(
            name: "FlipbookLock",
            dependencies: [
                "Flipbook", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender",
                "FlipbookCodecs", "FlipbookGeometry", "FlipbookRaster", "FlipbookText", "FlipbookFiles", "FlipbookSupport"
            ],
            swiftSettings: strictImports),
        // UIKit's API recorded into the Transition model: Recording/ (the recorder), UIKit/, CoreAnimation/,
        // CoreGraphics/ (the API, by framework), Exports.swift (Foundation, as `import UIKit` brings it).
        .target(
            name: "FlipbookUIKit",
            dependencies: [
                "FlipbookModel", "FlipbookMotion", "FlipbookGeometry", "FlipbookRaster", "FlipbookCodecs", "FlipbookText",
                "FlipbookConstraints", "FlipbookSupport"
            ], swiftSettings: strictImports),
        .target(name: "UIKit", dependencies: ["FlipbookUIKit"], path: "Sources/AppleModules/UIKit", swiftSettings: strictImports),
        .target(name: "QuartzCore", dependencies: ["FlipbookUIKit"], path: "Sources/AppleModules/QuartzCore", swiftSettings: strictImports),
        .target(
            name: "CoreGraphics", dependencies: ["FlipbookUIKit"], path: "Sources/AppleModules/CoreGraphics", swiftSettings: strictImports),
        // The source step for iOS code on Linux: a Swift lexer and the rewriter (`flipbook
        // uikit-sources`), and the same as a small tool for the build-tool plugin.
        .target(name: "FlipbookUIKitSources", dependencies: ["FlipbookFiles"], swiftSettings: strictImports),
        .executableTarget(name: "flipbook-uikit-sources", dependencies: ["FlipbookUIKitSources"], swiftSettings: strictImports),
        .plugin(name: "UIKitSources", capability: .buildTool(), dependencies: ["flipbook-uikit-sources"]),
        // The reference apps' UIKit code (Samples/UIKit), compiled against FlipbookUIKit as it would
        // be against UIKit on iOS; the UIKit sample tests record and compare them (docs/UIKIT.md).
        .target(name: "FlipbookUIKitSamples", dependencies: ["FlipbookUIKit"], path: "Samples/UIKit"),
        // Pixel comparison and diff pictures, without any test framework (the CLI links it).
        .target(name: "FlipbookImageDiff", dependencies: ["FlipbookRaster", "FlipbookGeometry"], swiftSettings: strictImports),
        .target(
            name: "FlipbookTesting",
            dependencies: [
                "Flipbook", "FlipbookLock", "FlipbookImageDiff", "FlipbookRender", "FlipbookCodecs", "FlipbookRaster", "FlipbookFiles"
            ], swiftSettings: strictImports),
        .executableTarget(
            name: "FlipbookCLI",
            dependencies: [
                "Flipbook", "FlipbookLock", "FlipbookRender", "FlipbookImageDiff", "FlipbookCodecs", "FlipbookFiles",
                "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookGeometry", "FlipbookMotion", "FlipbookRaster",
                "FlipbookText",
                "FlipbookUIKitSources", "FlipbookSupport"
            ],
            swiftSettings: strictImports),
        // Benchmarks (scripts/bench runs it in release); not a product.
        .executableTarget(
            name: "FlipbookBench",
            dependencies: [
                "Flipbook", "FlipbookLock", "FlipbookConstraints", "FlipbookCodecs", "FlipbookImageDiff", "FlipbookRaster",
                "FlipbookMotion", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookOutput", "FlipbookText",
                "FlipbookFiles"
            ]),
        // The fuzz harnesses (docs/FUZZING.md); not a product. A plain build links them with a
        // replay driver (`flipbook-fuzz --replay`, run by scripts/test, so they always compile);
        // scripts/fuzz builds them with libFuzzer (`--sanitize=fuzzer -DFLIPBOOK_LIBFUZZER`).
        .executableTarget(
            name: "flipbook-fuzz",
            dependencies: [
                "Flipbook", "FlipbookLock", "FlipbookCodecs", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender",
                "FlipbookRaster", "FlipbookFiles"
            ], path: "Fuzz/Harnesses"),

        // Helpers shared by the test targets (PSNR against an exact area average, a seeded random
        // generator); not a product.
        .target(name: "FlipbookTestSupport", dependencies: ["FlipbookRaster", "FlipbookTestSignals"], path: "Tests/FlipbookTestSupport"),
        // Ignores SIGPIPE as the test bundle loads (a C constructor), so a child that exits before
        // reading what a test writes to it fails that write instead of ending the test process;
        // every test target that starts processes depends on it (FlipbookTestSupport too: its
        // Python helper starts one).
        .target(name: "FlipbookTestSignals", path: "Tests/FlipbookTestSignals"),
        .testTarget(name: "FlipbookFilesTests", dependencies: ["FlipbookFiles", "FlipbookTestSignals"]),
        .testTarget(name: "FlipbookGeometryTests", dependencies: ["FlipbookGeometry", "FlipbookTestSupport"]),
        .testTarget(
            name: "FlipbookRasterTests", dependencies: ["FlipbookRaster", "FlipbookCodecs", "FlipbookTestSupport", "FlipbookTesting"],
            exclude: ["__Goldens__"]),
        .testTarget(
            name: "FlipbookCodecsTests", dependencies: ["FlipbookCodecs", "FlipbookFiles", "FlipbookTestSupport", "FlipbookTestSignals"]),
        .testTarget(name: "FlipbookMotionTests", dependencies: ["FlipbookMotion", "FlipbookSupport"]),
        // kiwi_oracle.py: the independent solver the generated systems are checked against.
        .testTarget(
            name: "FlipbookConstraintsTests", dependencies: ["FlipbookConstraints", "FlipbookTestSupport"], exclude: ["kiwi_oracle.py"]),
        .testTarget(name: "FlipbookTextTests", dependencies: ["FlipbookText"]),
        // The helpers the pipeline's test targets share: the package's paths, test render
        // settings, a scratch-folder test case, running `flipbook` as a child, and the transition
        // helpers (a window or its draw ops at a time). Kept apart from FlipbookTestSupport so the
        // leaf modules' tests do not build the pipeline.
        .target(
            name: "FlipbookPipelineTestSupport",
            dependencies: [
                "Flipbook", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookText", "FlipbookGeometry",
                "FlipbookTestSignals"
            ],
            path: "Tests/FlipbookPipelineTestSupport"),
        // One test target per pipeline stage (its goldens in `__Goldens__` beside its tests), then
        // the façade's (jobs end to end) and the command line's (`flipbook` run as a user runs it).
        .testTarget(
            name: "FlipbookModelTests",
            dependencies: [
                "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookGeometry", "FlipbookMotion", "FlipbookRaster",
                "FlipbookPipelineTestSupport"
            ]),
        .testTarget(
            name: "FlipbookScenesTests",
            dependencies: [
                "FlipbookScenes", "FlipbookModel", "FlipbookFormats", "Flipbook", "FlipbookTesting", "FlipbookGeometry",
                "FlipbookMotion", "FlipbookRaster", "FlipbookText", "FlipbookPipelineTestSupport"
            ],
            exclude: ["__Goldens__"]),
        .testTarget(
            name: "FlipbookFormatsTests",
            dependencies: [
                "FlipbookFormats", "FlipbookModel", "FlipbookScenes", "Flipbook", "FlipbookRender", "FlipbookOutput",
                "FlipbookTesting", "FlipbookGeometry", "FlipbookMotion", "FlipbookRaster", "FlipbookPipelineTestSupport"
            ],
            exclude: ["__Goldens__", "__DisplayLists__"]),
        .testTarget(
            name: "FlipbookRenderTests",
            dependencies: [
                "FlipbookRender", "FlipbookLock", "Flipbook", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookOutput",
                "FlipbookCodecs", "FlipbookTesting", "FlipbookGeometry", "FlipbookRaster", "FlipbookText",
                "FlipbookTestSupport", "FlipbookPipelineTestSupport"
            ],
            exclude: ["__Goldens__"]),
        .testTarget(
            name: "FlipbookOutputTests",
            dependencies: [
                "FlipbookOutput", "Flipbook", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender",
                "FlipbookCodecs", "FlipbookGeometry", "FlipbookMotion", "FlipbookRaster", "FlipbookText",
                "FlipbookPipelineTestSupport"
            ]),
        // The sequence lock format: display lists as text, pixel hashes, differences in words, a
        // lock's frames drawn back.
        .testTarget(
            name: "FlipbookLockTests",
            dependencies: [
                "FlipbookLock", "Flipbook", "FlipbookRender", "FlipbookOutput", "FlipbookModel", "FlipbookScenes",
                "FlipbookFormats", "FlipbookGeometry", "FlipbookRaster", "FlipbookTesting", "FlipbookPipelineTestSupport"
            ]),
        .testTarget(
            name: "FlipbookTests",
            dependencies: [
                "Flipbook", "FlipbookLock", "FlipbookTesting", "FlipbookTestSupport", "FlipbookUIKit", "FlipbookModel", "FlipbookScenes",
                "FlipbookFormats", "FlipbookRender", "FlipbookOutput", "FlipbookRaster", "FlipbookCodecs", "FlipbookText", "FlipbookMotion",
                "FlipbookGeometry", "FlipbookFiles", "FlipbookPipelineTestSupport"
            ], exclude: ["__Goldens__"]),
        // `flipbook` as a user runs it (the tests start the built executable): usage, help and
        // the documented commands, output safety, locks, review pages, shards.
        .testTarget(
            name: "FlipbookCLITests",
            dependencies: [
                "Flipbook", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookOutput",
                "FlipbookCodecs", "FlipbookRaster", "FlipbookTestSignals", "FlipbookPipelineTestSupport"
            ]),
        .testTarget(
            name: "FlipbookUIKitTests",
            dependencies: [
                "FlipbookUIKit", "Flipbook", "FlipbookLock", "FlipbookTesting", "FlipbookUIKitSamples", "FlipbookImageDiff",
                "FlipbookCodecs",
                "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookMotion", "FlipbookGeometry",
                "FlipbookRaster",
                "FlipbookText", "FlipbookTestSignals"
            ]),
        // docs/examples/uikit-consumer's app and test, compiled here as one module so `swift test`
        // checks that the example builds and its goldens pass (the example's own Package.swift
        // builds the same folders as two modules). Its app folder (App/GalleryApp, iOS code)
        // comes through the UIKitSources plugin, as in the example.
        .testTarget(
            name: "UIKitConsumerExampleTests", dependencies: ["UIKit", "FlipbookUIKit", "Flipbook", "FlipbookTesting"],
            path: "docs/examples/uikit-consumer",
            exclude: ["Package.swift", "Assets", "App", "Tests/GalleryAppTests/__Goldens__", "Sources/GalleryApp/uikit-sources.json"],
            sources: ["Sources/GalleryApp", "Tests/GalleryAppTests"], plugins: ["UIKitSources"]),
        // The rewriter's lexer and corner cases.
        .testTarget(name: "FlipbookUIKitSourcesTests", dependencies: ["FlipbookUIKitSources", "FlipbookFiles", "FlipbookTestSignals"]),
        // An iOS app's files (Tests/Fixtures/uikit-app: `@objc`, `#selector`, `@objc optional`,
        // IB attributes, an umbrella-header file) rewritten by the UIKitSources plugin at build
        // time, compiled here, and their handlers run by the tests.
        // Its AutoLayout folder: an App Store–style card and a bottom sheet, laid out with
        // anchors only, recorded and rendered; its Transitions folder: a circular reveal and a
        // bubble (shape-layer and view masks), a hinge side menu, a page turn and a card flip
        // (3-D transforms), recorded and rendered.
        .testTarget(
            name: "FlipbookUIKitSourcesAppTests",
            dependencies: [
                "UIKit", "FlipbookUIKit", "FlipbookModel", "Flipbook", "FlipbookMotion",
                "FlipbookCodecs", "FlipbookRender", "FlipbookRaster", "FlipbookGeometry", "FlipbookText",
                "FlipbookFormats"
            ],
            exclude: ["uikit-sources.json"], plugins: ["UIKitSources"]),
        // Uses only the products (`import Flipbook`, `import FlipbookTesting`), as a dependent package would;
        // FlipbookUIKit is built first because its public symbols are held to a baseline here.
        .testTarget(
            name: "FlipbookPublicAPITests", dependencies: ["Flipbook", "FlipbookTesting", "FlipbookUIKit", "FlipbookTestSignals"],
            exclude: ["__Goldens__", "__Baselines__"]),
        .testTarget(
            name: "FlipbookTestingTests", dependencies: ["Flipbook", "FlipbookTesting", "FlipbookImageDiff", "FlipbookTestSupport"],
            exclude: ["__Goldens__"])
    ]
)

// scripts/sanitize builds only the test targets it runs (FLIPBOOK_TEST_TARGETS=A,B,…) and what
// they depend on: its sanitizer builds are debug builds of their own, and the suites it skips
// (the UIKit recordings, the consumer example, the CLI and tools) are much of their compile time.
// Unset, as in every other build, the manifest is exactly as declared above.
if let keptTests = Context.environment["FLIPBOOK_TEST_TARGETS"]?.split(separator: ",").map(String.init) {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var needed = Set<String>()
    var pending = keptTests
    while let name = pending.popLast() {
        guard let target = byName[name] else { fatalError("FLIPBOOK_TEST_TARGETS names '\(name)', which is not a target") }
        guard needed.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case let .targetItem(name, _), let .byNameItem(name, _): pending.append(name)
            case .productItem: break
            @unknown default: break
            }
        }
        for usage in target.plugins ?? [] {
            if case let .plugin(name, nil) = usage { pending.append(name) }
        }
    }
    package.targets.removeAll { !needed.contains($0.name) }
    package.products.removeAll { product in
        let targets =
            (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets
            ?? (product as? Product.Plugin)?.targets ?? []
        return !targets.allSatisfy(needed.contains)
    }
}
