// swift-tools-version:5.10
// Flipbook: renders iOS view-controller transitions to PNG frame sequences on Linux.
// Module graph (dependencies point down), see docs/ARCHITECTURE.md:
//   FlipbookCLI → Flipbook → FlipbookScene → FlipbookMotion, FlipbookText, FlipbookRaster → FlipbookGeometry
//                         → FlipbookCodecs → CImageCodecs → CLibPNG, CLibJPEG; CLibDeflate
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookGeometry", targets: ["FlipbookGeometry"]),
        .library(name: "FlipbookRaster", targets: ["FlipbookRaster"]),
        .library(name: "FlipbookCodecs", targets: ["FlipbookCodecs"]),
        .library(name: "FlipbookMotion", targets: ["FlipbookMotion"]),
        .library(name: "FlipbookText", targets: ["FlipbookText"]),
        .library(name: "FlipbookScene", targets: ["FlipbookScene"]),
        .library(name: "FlipbookImageDiff", targets: ["FlipbookImageDiff"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
    ],
    targets: [
        // System libraries, found through pkg-config; apt names them for a friendlier error.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // The default PNG writer's compressor (zlib streams, CRC-32).
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // The only code that calls setjmp/longjmp. Symbols are prefixed `fbc_`.
        .target(name: "CImageCodecs", dependencies: ["CLibPNG", "CLibJPEG"]),

        .target(name: "FlipbookGeometry"),
        .target(name: "FlipbookRaster", dependencies: ["FlipbookGeometry"]),
        .target(name: "FlipbookCodecs", dependencies: ["CImageCodecs", "CLibDeflate", "FlipbookRaster"]),
        .target(name: "FlipbookMotion", dependencies: ["FlipbookGeometry"]),
        .target(name: "FlipbookText", dependencies: ["CFreeType", "FlipbookRaster"]),
        .target(name: "FlipbookScene", dependencies: ["FlipbookGeometry", "FlipbookRaster", "FlipbookMotion", "FlipbookText"]),
        .target(name: "Flipbook", dependencies: ["FlipbookScene", "FlipbookCodecs", "FlipbookRaster", "FlipbookMotion", "FlipbookText"]),
        // Pixel comparison and diff pictures, without any test framework (the CLI links it).
        .target(name: "FlipbookImageDiff", dependencies: ["FlipbookRaster"]),
        .target(name: "FlipbookTesting", dependencies: ["FlipbookImageDiff", "FlipbookCodecs", "FlipbookRaster"]),
        .executableTarget(name: "FlipbookCLI", dependencies: ["Flipbook", "FlipbookImageDiff"]),
        // Benchmarks (scripts/bench runs it in release); not a product.
        .executableTarget(name: "FlipbookBench", dependencies: ["Flipbook", "FlipbookCodecs", "FlipbookRaster", "FlipbookMotion", "FlipbookScene", "FlipbookText"]),

        .testTarget(name: "FlipbookGeometryTests", dependencies: ["FlipbookGeometry"]),
        .testTarget(name: "FlipbookRasterTests", dependencies: ["FlipbookRaster", "FlipbookCodecs"]),
        .testTarget(name: "FlipbookCodecsTests", dependencies: ["FlipbookCodecs"]),
        .testTarget(name: "FlipbookMotionTests", dependencies: ["FlipbookMotion"]),
        .testTarget(name: "FlipbookTextTests", dependencies: ["FlipbookText"]),
        .testTarget(name: "FlipbookSceneTests", dependencies: ["FlipbookScene"]),
        .testTarget(name: "FlipbookTests", dependencies: ["Flipbook", "FlipbookTesting"], exclude: ["__Goldens__"]),
        .testTarget(name: "FlipbookTestingTests", dependencies: ["FlipbookTesting", "FlipbookImageDiff"], exclude: ["__Goldens__"]),
    ]
)
