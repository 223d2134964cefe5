import Foundation
import XCTest

/// Tests/Fixtures/uikit-plugin-consumer, a package of its own that depends on this repository
/// and applies the UIKitSources plugin to its iOS folder, built with `swift build` as an app's
/// package is: the plugin product resolves, its tool builds for the host, the configuration's
/// `exclude` and `addImports` apply, and the rewritten files (an optional protocol method
/// across files) compile and run. The package uses only the plugin, so the build compiles the
/// rewriter's small tool and not Flipbook (about 20 s of CPU on a fresh folder); it is kept in
/// this repository's `.build` so later runs are incremental.
final class PluginConsumerTests: XCTestCase {
    func testAPackageUsingThePluginBuildsAndRunsTheRewrittenFiles() throws {
        let package = repository.appendingPathComponent("Tests/Fixtures/uikit-plugin-consumer").path
        let scratch = repository.appendingPathComponent(".build/uikit-plugin-consumer").path
        let build = try runProcess("/usr/bin/env", ["swift", "build", "--package-path", package, "--scratch-path", scratch])
        XCTAssertEqual(build.status, 0, String(build.output.suffix(4000)))
        XCTAssertFalse(build.output.contains("warning:"), build.output)
        let counter = try runProcess(scratch + "/debug/Counter", [])
        XCTAssertEqual(counter.status, 0, counter.output)
        // Implemented by Listener: its answer; DeafListener and no delegate: nil, so `??`'s.
        XCTAssertEqual(counter.output, "heard 1\nnobody heard 2\nnobody heard 3\n")
    }
}
