import Foundation
import XCTest

/// docs/examples/uikit-consumer as a package of its own. This repository's
/// `UIKitConsumerExampleTests` target compiles its folders and runs its golden test on every
/// `swift test`; these tests check that its `Package.swift` builds those same folders against
/// this repository, and (with `FLIPBOOK_BUILD_EXAMPLES=1`, minutes: a second build of Flipbook)
/// build and test it as a user would.
final class UIKitConsumerSampleTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var example: URL { root.appendingPathComponent("docs/examples/uikit-consumer") }

    func testTheExampleDependsOnThisRepositoryAndBuildsTheFoldersTestedHere() throws {
        let manifest = try String(contentsOf: example.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".package(name: "Flipbook", path: "../../..")"#), "the example depends on this repository by path")
        XCTAssertTrue(manifest.contains(#"path: "Sources/GalleryApp", exclude: ["uikit-sources.json"]"#))
        XCTAssertTrue(manifest.contains(#"plugins: [.plugin(name: "UIKitSources", package: "Flipbook")]"#), "the app folder comes through the plugin")
        XCTAssertTrue(manifest.contains(#"path: "Tests/GalleryAppTests""#))
        let ours = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(ours.contains(#"sources: ["Sources/GalleryApp", "Tests/GalleryAppTests"], plugins: ["UIKitSources"]"#),
                      "this repository compiles the same folders, through the plugin")
        let configuration = try String(contentsOf: example.appendingPathComponent("Sources/GalleryApp/uikit-sources.json"), encoding: .utf8)
        XCTAssertTrue(configuration.contains(#""sources": "../../App/GalleryApp""#))
        for file in ["App/GalleryApp/ZoomAnimator.swift", "Tests/GalleryAppTests/ZoomTransitionTests.swift", "Assets/rocket.jpg"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: example.appendingPathComponent(file).path), file)
        }
    }

    func testTheExamplePackageBuildsAndItsTestPasses() throws {
        guard ProcessInfo.processInfo.environment["FLIPBOOK_BUILD_EXAMPLES"] == "1" else {
            throw XCTSkip("set FLIPBOOK_BUILD_EXAMPLES=1 to build docs/examples/uikit-consumer (a second build of Flipbook, minutes)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "test", "--package-path", example.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let log = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, String(decoding: log.suffix(4000), as: UTF8.self))
    }
}
