import Foundation
import XCTest

/// docs/examples/uikit-consumer as a package of its own. This repository's
/// `UIKitConsumerExampleTests` target compiles its folders and runs its golden test on every
/// `swift test`; these tests check that its `Package.swift` builds those same folders against
/// this repository, and (with `FLIPBOOK_BUILD_EXAMPLES=1`, minutes: a second build of Flipbook)
/// build and test a copy of it at another path as a user's CI would.
final class UIKitConsumerSampleTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var example: URL { root.appendingPathComponent("docs/examples/uikit-consumer") }

    func testTheExampleDependsOnThisRepositoryAndBuildsTheFoldersTestedHere() throws {
        let manifest = try String(contentsOf: example.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".package(name: "Flipbook", path: "../../..")"#), "the example depends on this repository by path")
        XCTAssertTrue(manifest.contains(#"path: "Sources/GalleryApp", exclude: ["uikit-sources.json"]"#))
        XCTAssertTrue(
            manifest.contains(#"plugins: [.plugin(name: "UIKitSources", package: "Flipbook")]"#), "the app folder comes through the plugin")
        XCTAssertTrue(manifest.contains(#"path: "Tests/GalleryAppTests""#))
        let ours = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(
            ours.contains(#"sources: ["Sources/GalleryApp", "Tests/GalleryAppTests"], plugins: ["UIKitSources"]"#),
            "this repository compiles the same folders, through the plugin")
        let configuration = try String(contentsOf: example.appendingPathComponent("Sources/GalleryApp/uikit-sources.json"), encoding: .utf8)
        XCTAssertTrue(configuration.contains(#""sources": "../../App/GalleryApp""#))
        for file in ["App/GalleryApp/ZoomAnimator.swift", "Tests/GalleryAppTests/ZoomTransitionTests.swift", "Assets/rocket.jpg"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: example.appendingPathComponent(file).path), file)
        }
    }

    /// The example as a user has it: its folder copied to another path (as a CI runner checks an
    /// app out elsewhere than the laptop that recorded its goldens), depending on this
    /// repository where it is; `swift test` there builds it and verifies its goldens — the
    /// sequence lock too, whose images are named from the `resources:` folder — recording none
    /// (`CI` is set).
    func testTheExamplePackageBuildsAndPassesInACopyAtAnotherPath() throws {
        guard ProcessInfo.processInfo.environment["FLIPBOOK_BUILD_EXAMPLES"] == "1" else {
            throw XCTSkip("set FLIPBOOK_BUILD_EXAMPLES=1 to build docs/examples/uikit-consumer (a second build of Flipbook, minutes)")
        }
        let checkout = FileManager.default.temporaryDirectory.appendingPathComponent(
            "consumer-\(ProcessInfo.processInfo.globallyUniqueString)")
        defer { try? FileManager.default.removeItem(at: checkout) }
        let copy = checkout.appendingPathComponent("work/GalleryApp")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: example, to: copy)
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(".build"))
        let manifest = copy.appendingPathComponent("Package.swift")
        let original = try String(contentsOf: manifest, encoding: .utf8)
        let moved = original.replacingOccurrences(of: #"path: "../../..")"#, with: "path: \"\(root.path)\")")
        XCTAssertNotEqual(moved, original, "the copy depends on this repository by its path")
        try moved.write(to: manifest, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "test", "--package-path", copy.path]
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "1"
        environment["FLIPBOOK_RECORD"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let log = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: log, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, String(text.suffix(4000)))
        XCTAssertTrue(text.contains("testPushSequence' passed"), String(text.suffix(4000)))
    }
}
