// swift-tools-version:6.0
// Flipbook: renders iOS view-controller transitions to PNG frame sequences on Linux.
// Module graph (dependencies point down; the targets below declare exactly these), see docs/ARCHITECTURE.md:
//   FlipbookCLI     → Flipbook, FlipbookImageDiff, FlipbookCodecs, FlipbookFiles, FlipbookUIKitSources
//   Flipbook        → the stages below (re-exports what its API uses: `import Flipbook` is enough)
//   FlipbookOutput  → FlipbookModel, FlipbookCodecs, FlipbookText, FlipbookRaster, FlipbookMotion, FlipbookFiles
//   FlipbookRender  → FlipbookModel, FlipbookCodecs, FlipbookText, FlipbookRaster
//   FlipbookFormats → FlipbookScenes, FlipbookModel, FlipbookSamples, FlipbookFiles (+ Geometry, Raster, Motion, Text)
//   FlipbookScenes  → FlipbookModel, FlipbookSamples (+ Geometry, Raster, Motion, Text)
//   UIKit, QuartzCore, CoreGraphics → FlipbookUIKit (Apple's module names, re-exporting it)
//   FlipbookUIKit   → FlipbookScenes, FlipbookModel, FlipbookCodecs (image headers), FlipbookConstraints (Auto Layout) (+ Geometry, Raster, Motion, Text)
//   UIKitSources (plugin) → flipbook-uikit-sources → FlipbookUIKitSources → FlipbookFiles
//   FlipbookModel   → FlipbookMotion, FlipbookRaster, FlipbookText, FlipbookGeometry
//   FlipbookText    → FlipbookGeometry, FlipbookRaster, FlipbookFiles, CFreeType, CHarfBuzz, CFriBidi, CFontconfig, CLineBreaking
//   FlipbookCodecs  → FlipbookGeometry, FlipbookRaster, FlipbookFiles, CImageCodecs (→ CLibPNG, CLibJPEG), CPNGEncoder, CISAL, CLibDeflate
//   FlipbookTesting → Flipbook (sequence goldens), FlipbookImageDiff, FlipbookRender (frame slots), FlipbookCodecs, FlipbookFiles;  FlipbookImageDiff → FlipbookRaster, FlipbookGeometry
//   FlipbookMotion, FlipbookRaster → FlipbookGeometry;  FlipbookGeometry, FlipbookFiles, FlipbookConstraints → (the toolchain only)
//   FlipbookConstraints: the Auto Layout solver (incremental Cassowary simplex) FlipbookUIKit lays out with.
//   FlipbookSamples: Samples/, the bundled manifests, photos and transitions, as resources.
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
    .enableUpcomingFeature("MemberImportVisibility"),
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
        .plugin(name: "UIKitSources", targets: ["UIKitSources"]),
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
        .target(name: "FlipbookGeometry"),
        // Linear constraint systems with UIKit's priorities, solved incrementally (docs/AUTOLAYOUT.md);
        // knows no views, depends on nothing of Flipbook.
        .target(name: "FlipbookConstraints", swiftSettings: strictImports),
        .target(name: "FlipbookRaster", dependencies: ["FlipbookGeometry"], swiftSettings: strictImports),
        .target(name: "FlipbookCodecs", dependencies: ["CImageCodecs", "CPNGEncoder", "CISAL", "CLibDeflate", "FlipbookGeometry", "FlipbookRaster", "FlipbookFiles"],
                swiftSettings: strictImports),
        .target(name: "FlipbookMotion", dependencies: ["FlipbookGeometry"]),
        .target(name: "FlipbookText", dependencies: ["CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CLineBreaking", "FlipbookGeometry", "FlipbookRaster", "FlipbookFiles"],
                swiftSettings: strictImports),
        // The sample manifests and photos (Samples/), as resources; `Samples.photos` etc. find them.
        .target(name: "FlipbookSamples", path: "Samples", exclude: ["UIKit"], sources: ["FlipbookSamples"], resources: sampleResources),
        // The pipeline, one module per stage (docs/ARCHITECTURE.md): the model, the scenes built on
        // it, the file formats that describe both, the renderer, the output writers, and the façade.
        .target(name: "FlipbookModel", dependencies: ["FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText"]),
        .target(name: "FlipbookScenes", dependencies: ["FlipbookModel", "FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText", "FlipbookSamples"]),
        .target(name: "FlipbookFormats", dependencies: ["FlipbookModel", "FlipbookScenes", "FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText", "FlipbookSamples", "FlipbookFiles"]),
        .target(name: "FlipbookRender", dependencies: ["FlipbookModel", "FlipbookGeometry", "FlipbookRaster", "FlipbookCodecs", "FlipbookText"]),
        .target(name: "FlipbookOutput", dependencies: ["FlipbookModel", "FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookCodecs", "FlipbookText", "FlipbookFiles"]),
        .target(name: "Flipbook", dependencies: ["FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookOutput",
                                                 "FlipbookCodecs", "FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText", "FlipbookSamples", "FlipbookFiles",
                                                 "CISAL"]),
        // UIKit's API recorded into the Transition model: Recording/ (the recorder), UIKit/, CoreAnimation/,
        // CoreGraphics/ (the API, by framework), Exports.swift (Foundation, as `import UIKit` brings it).
        .target(name: "FlipbookUIKit", dependencies: ["FlipbookModel", "FlipbookScenes", "FlipbookMotion", "FlipbookGeometry", "FlipbookRaster", "FlipbookCodecs", "FlipbookText",
                                               "FlipbookConstraints"], swiftSettings: strictImports),
        .target(name: "UIKit", dependencies: ["FlipbookUIKit"], path: "Sources/AppleModules/UIKit", swiftSettings: strictImports),
        .target(name: "QuartzCore", dependencies: ["FlipbookUIKit"], path: "Sources/AppleModules/QuartzCore", swiftSettings: strictImports),
        .target(name: "CoreGraphics", dependencies: ["FlipbookUIKit"], path: "Sources/AppleModules/CoreGraphics", swiftSettings: strictImports),
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
        .target(name: "FlipbookTesting", dependencies: ["Flipbook", "FlipbookImageDiff", "FlipbookRender", "FlipbookCodecs", "FlipbookRaster", "FlipbookFiles"]),
        .executableTarget(name: "FlipbookCLI", dependencies: ["Flipbook", "FlipbookRender", "FlipbookImageDiff", "FlipbookCodecs", "FlipbookFiles",
                                                      "FlipbookUIKitSources"]),
        // Benchmarks (scripts/bench runs it in release); not a product.
        .executableTarget(name: "FlipbookBench", dependencies: ["Flipbook", "FlipbookConstraints", "FlipbookCodecs", "FlipbookImageDiff", "FlipbookRaster", "FlipbookMotion", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookOutput", "FlipbookText", "FlipbookFiles"]),
        // The fuzz harnesses (docs/FUZZING.md); not a product. A plain build links them with a
        // replay driver (`flipbook-fuzz --replay`, run by scripts/test, so they always compile);
        // scripts/fuzz builds them with libFuzzer (`--sanitize=fuzzer -DFLIPBOOK_LIBFUZZER`).
        .executableTarget(name: "flipbook-fuzz", dependencies: ["Flipbook", "FlipbookCodecs", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookRaster", "FlipbookFiles"], path: "Fuzz/Harnesses"),

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
        .testTarget(name: "FlipbookRasterTests", dependencies: ["FlipbookRaster", "FlipbookCodecs", "FlipbookTestSupport", "FlipbookTesting"],
                    exclude: ["__Goldens__"]),
        .testTarget(name: "FlipbookCodecsTests", dependencies: ["FlipbookCodecs", "FlipbookFiles", "FlipbookTestSupport", "FlipbookTestSignals"]),
        .testTarget(name: "FlipbookMotionTests", dependencies: ["FlipbookMotion"]),
        // kiwi_oracle.py: the independent solver the generated systems are checked against.
        .testTarget(name: "FlipbookConstraintsTests", dependencies: ["FlipbookConstraints", "FlipbookTestSupport"], exclude: ["kiwi_oracle.py"]),
        .testTarget(name: "FlipbookTextTests", dependencies: ["FlipbookText"]),
        .testTarget(name: "FlipbookSceneTests", dependencies: ["Flipbook", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookOutput", "FlipbookRaster", "FlipbookCodecs", "FlipbookText", "FlipbookMotion", "FlipbookGeometry", "FlipbookFiles"]),
        .testTarget(name: "FlipbookTests", dependencies: ["Flipbook", "FlipbookTesting", "FlipbookTestSupport", "FlipbookUIKit", "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookOutput", "FlipbookRaster", "FlipbookCodecs", "FlipbookText", "FlipbookMotion", "FlipbookGeometry", "FlipbookFiles", "FlipbookTestSignals"], exclude: ["__Goldens__", "__DisplayLists__"]),
        .testTarget(name: "FlipbookUIKitTests", dependencies: ["FlipbookUIKit", "Flipbook", "FlipbookTesting", "FlipbookUIKitSamples", "FlipbookImageDiff", "FlipbookCodecs",
                                                        "FlipbookModel", "FlipbookScenes", "FlipbookFormats", "FlipbookRender", "FlipbookMotion", "FlipbookGeometry", "FlipbookRaster",
                                                        "FlipbookText", "FlipbookTestSignals"]),
        // docs/examples/uikit-consumer's app and test, compiled here as one module so `swift test`
        // checks that the example builds and its goldens pass (the example's own Package.swift
        // builds the same folders as two modules). Its app folder (App/GalleryApp, iOS code)
        // comes through the UIKitSources plugin, as in the example.
        .testTarget(name: "UIKitConsumerExampleTests", dependencies: ["UIKit", "FlipbookUIKit", "Flipbook", "FlipbookTesting"],
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
        .testTarget(name: "FlipbookUIKitSourcesAppTests", dependencies: ["UIKit", "FlipbookUIKit", "FlipbookModel", "Flipbook", "FlipbookMotion",
                                                                  "FlipbookCodecs", "FlipbookRender", "FlipbookRaster", "FlipbookGeometry", "FlipbookText",
                                                                  "FlipbookFormats"],
                    exclude: ["uikit-sources.json"], plugins: ["UIKitSources"]),
        // Uses only the products (`import Flipbook`, `import FlipbookTesting`), as a dependent package would;
        // FlipbookUIKit is built first because its public symbols are held to a baseline here.
        .testTarget(name: "FlipbookPublicAPITests", dependencies: ["Flipbook", "FlipbookTesting", "FlipbookUIKit", "FlipbookTestSignals"],
                    exclude: ["__Goldens__", "__Baselines__"]),
        .testTarget(name: "FlipbookTestingTests", dependencies: ["Flipbook", "FlipbookTesting", "FlipbookImageDiff", "FlipbookTestSupport"], exclude: ["__Goldens__"]),
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
        let targets = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets
            ?? (product as? Product.Plugin)?.targets ?? []
        return !targets.allSatisfy(needed.contains)
    }
}
