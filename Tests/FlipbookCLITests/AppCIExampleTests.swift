import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// docs/examples/app-ci: the GitHub Actions workflow of an app package that depends on Flipbook
/// (`goldens.yml`), its Dockerfile, and docs/APP-CI.md, which walks through them.
///
/// `testTheWorkflowAndTheDockerfileAgree` reads the files (every run). With
/// `FLIPBOOK_BUILD_EXAMPLES=1` (a second build of Flipbook, inside the app: minutes),
/// `testTheWorkflowsStepsRunOnAPullRequestThatChangesTheAnimation` runs the workflow's `run:`
/// steps in order, as the runner would, in a clean folder outside this repository: a clone of
/// docs/examples/uikit-consumer whose pull request changes its animator's spring without
/// re-recording. The mapping of what GitHub provides to local values (docs/APP-CI.md, "How this
/// example is tested"):
///
/// - `actions/checkout`: a git clone of a local origin whose `main` is the example (depending on
///   this checkout by path) and whose `pull-request` branch changes the spring; the clone is at
///   the pull request's commit, with `origin/main` beside it.
/// - `actions/cache` of `.build`: restored from and saved to `$TMPDIR/flipbook-app-ci/cache`; the
///   package is always at `$TMPDIR/flipbook-app-ci/GalleryApp`, as a runner's workspace is
///   always at one path, so a second run builds only what changed.
/// - `actions/upload-artifact` and `actions/github-script`: not run; checked by name and inputs.
/// - `${{ github.base_ref }}` → `main`, `${{ runner.temp }}` and `RUNNER_TEMP` → a temporary
///   folder, `GITHUB_STEP_SUMMARY` → a file in it, `CI=true`, `HOME` → a temporary folder (the
///   steps' `git config --global` stays there), and `apt-get` → a stand-in on `PATH` that checks
///   each package it is asked to install is installed (`dpkg-query`) and does nothing for
///   `update` (the test neither needs the network nor changes the machine).
/// - `if:`: no condition runs while no step has failed; `failure()` after one has;
///   `failure() && steps.test.outcome == 'failure'` after the step `test` has. Any other
///   expression, or a `${{ }}` left in a `run:`, fails the test.
final class AppCIExampleTests: XCTestCase {
    private let example = Package.root.appendingPathComponent("docs/examples/app-ci")

    private func workflow() throws -> (workflow: [String: Any], steps: [[String: Any]]) {
        let workflow = try XCTUnwrap(loadYAML(example.appendingPathComponent("goldens.yml").path).first)
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: [String: Any]])
        XCTAssertEqual(Array(jobs.keys), ["goldens"])
        return (workflow, try XCTUnwrap(jobs["goldens"]?["steps"] as? [[String: Any]]))
    }

    /// The packages of `scripts/setup`'s `required=(…)` list.
    private func setupPackages() throws -> [String] {
        let setup = try String(contentsOfFile: Package.path("scripts/setup"), encoding: .utf8)
        let list = try XCTUnwrap(setup.components(separatedBy: "required=(").dropFirst().first?.components(separatedBy: ")").first)
        return list.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The words after `--no-install-recommends` up to the end of the command (`&&` or the end).
    private func installedPackages(_ text: String) throws -> [String] {
        let after = try XCTUnwrap(text.components(separatedBy: "--no-install-recommends").dropFirst().first)
        return after.components(separatedBy: "&&")[0].replacingOccurrences(of: "\\", with: " ")
            .split(whereSeparator: \.isWhitespace).map(String.init)
    }

    func testTheWorkflowAndTheDockerfileAgree() throws {
        let (workflow, steps) = try workflow()
        XCTAssertNotNil(workflow["on"] ?? workflow["True"], "a trigger (PyYAML reads the key `on` as true)")
        let job = try XCTUnwrap((workflow["jobs"] as? [String: [String: Any]])?["goldens"])
        let dockerfile = try String(contentsOf: example.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let image = try XCTUnwrap(job["container"] as? String)
        XCTAssertTrue(dockerfile.contains("\nFROM \(image)\n"), "the Dockerfile starts from the workflow's container, \(image)")
        XCTAssertTrue(image.hasPrefix("swift:") && image.hasSuffix("-bookworm"), "Debian 12 with Swift, as docs/examples/Dockerfile")
        let packages = try setupPackages()
        XCTAssertGreaterThan(packages.count, 10)
        let install = try XCTUnwrap(
            steps.first { $0["name"] as? String == "Install the system packages Flipbook builds with" }?["run"] as? String)
        XCTAssertEqual(try installedPackages(install), packages, "the workflow installs scripts/setup's packages")
        XCTAssertEqual(try installedPackages(dockerfile), packages, "the Dockerfile installs scripts/setup's packages")
        // The Dockerfile builds and tests with the workflow's commands.
        let runs = steps.compactMap { $0["run"] as? String }.joined(separator: "\n")
        for command in ["swift build --build-tests", "swift build --product flipbook"] {
            XCTAssertTrue(runs.contains(command) && dockerfile.contains(command), command)
        }
        XCTAssertTrue(dockerfile.contains(#"CMD ["swift", "test", "--skip-build"]"#))

        // The actions that are not run here, by name and inputs.
        func action(_ uses: String) -> [[String: Any]] { steps.filter { ($0["uses"] as? String) == uses } }
        XCTAssertEqual(
            (action("actions/checkout@v4").first?["with"] as? [String: Any])?["fetch-depth"] as? Int, 0,
            "the whole history: the review step checks out the base branch")
        let cache = try XCTUnwrap(action("actions/cache@v4").first?["with"] as? [String: Any])
        XCTAssertEqual(cache["path"] as? String, ".build")
        XCTAssertTrue((cache["key"] as? String)?.contains("hashFiles('Package.swift', 'Package.resolved')") == true)
        let uploads = action("actions/upload-artifact@v4")
        XCTAssertEqual(uploads.map { ($0["with"] as? [String: Any])?["name"] as? String }, ["goldens", "review"])
        XCTAssertEqual(
            uploads.map { ($0["with"] as? [String: Any])?["path"] as? String },
            ["${{ runner.temp }}/goldens", "${{ runner.temp }}/review"])
        XCTAssertEqual(uploads.map { $0["if"] as? String }, ["failure()", "failure()"], "uploaded only when something failed")
        let comment = try XCTUnwrap(action("actions/github-script@v7").first)
        XCTAssertEqual(comment["if"] as? String, "failure() && github.event_name == 'pull_request'")
        let script = try XCTUnwrap((comment["with"] as? [String: Any])?["script"] as? String)
        XCTAssertTrue(script.contains("process.env.RUNNER_TEMP + '/review/summary.md'"), "posts the summary the review step writes")
        XCTAssertTrue(script.contains("github.rest.issues.createComment"))
        XCTAssertEqual(steps.count, 9, "checkout, install, cache, build, test, review, two uploads, comment")

        // The test step: the failing checks' pictures go where the upload finds them.
        let test = try XCTUnwrap(steps.first { $0["id"] as? String == "test" }?["run"] as? String)
        XCTAssertTrue(test.contains(#"FLIPBOOK_ARTIFACTS="$RUNNER_TEMP/goldens" swift test"#), test)
        // The review step filters on the example's frame-writing test.
        let tests = try String(
            contentsOfFile: Package.path("docs/examples/uikit-consumer/Tests/GalleryAppTests/ZoomTransitionTests.swift"), encoding: .utf8)
        XCTAssertTrue(tests.contains("func testReviewFrames() async throws") && tests.contains(#"environment["REVIEW_FRAMES"]"#))
    }

    /// The page is found where a newcomer looks first: the README's first screen (40 lines).
    func testTheREADMEsFirstScreenLinksThePage() throws {
        let firstScreen = try String(contentsOfFile: Package.path("README.md"), encoding: .utf8).components(separatedBy: "\n").prefix(40)
        XCTAssertTrue(firstScreen.contains { $0.contains("[docs/APP-CI.md](docs/APP-CI.md)") })
        let page = try String(contentsOfFile: Package.path("docs/APP-CI.md"), encoding: .utf8)
        XCTAssertTrue(page.contains("(examples/app-ci/goldens.yml)") && page.contains("(examples/app-ci/Dockerfile)"))
    }

    // MARK: - The steps, run

    /// One step's result: its exit status and what it printed (stdout and stderr together).
    private struct StepRun { var status: Int32; var log: String }

    private func bash(_ script: String, in folder: URL, environment: [String: String]) throws -> StepRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", script] // GitHub's default `run:` shell: bash -e
        process.currentDirectoryURL = folder
        process.environment = environment
        let log = folder.deletingLastPathComponent().appendingPathComponent("step-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        defer { try? FileManager.default.removeItem(at: log) }
        return StepRun(status: process.terminationStatus, log: try String(contentsOf: log, encoding: .utf8))
    }

    /// Runs every step of the workflow in `package` as the runner would (see the class comment),
    /// and returns each step's name (or `uses`) with its result; nil for a step not run.
    private func runWorkflow(in package: URL, runnerTemp: URL, environment: [String: String]) throws -> [(String, StepRun?)] {
        let (_, steps) = try workflow()
        var results: [(String, StepRun?)] = []
        var failed = false, testFailed = false
        for step in steps {
            let name = (step["name"] as? String) ?? (step["uses"] as? String) ?? "?"
            let condition = step["if"] as? String
            let runs: Bool
            switch condition {
            case nil: runs = !failed
            case "failure()", "failure() && github.event_name == 'pull_request'": runs = failed
            case "failure() && steps.test.outcome == 'failure'": runs = testFailed
            default: XCTFail("\(name): an `if:` this test does not know: \(condition!)"); runs = false
            }
            guard runs, var script = step["run"] as? String else { results.append((name, nil)); continue }
            var variables = environment
            for (key, value) in (step["env"] as? [String: String]) ?? [:] {
                variables[key] = value.replacingOccurrences(of: "${{ github.base_ref }}", with: "main")
                    .replacingOccurrences(of: "${{ runner.temp }}", with: runnerTemp.path)
            }
            script = script.replacingOccurrences(of: "${{ runner.temp }}", with: runnerTemp.path)
            XCTAssertFalse(
                script.contains("${{") || variables.values.contains { $0.contains("${{") }, "\(name): an expression this test does not map")
            let result = try bash(script, in: package, environment: variables)
            results.append((name, result))
            if result.status != 0 {
                failed = true
                if step["id"] as? String == "test" { testFailed = true }
            }
        }
        return results
    }

    private func git(_ arguments: String, in folder: URL, environment: [String: String]) throws {
        let run = try bash("git " + arguments, in: folder, environment: environment)
        XCTAssertEqual(run.status, 0, "git \(arguments): \(run.log)")
    }

    func testTheWorkflowsStepsRunOnAPullRequestThatChangesTheAnimation() throws {
        guard ProcessInfo.processInfo.environment["FLIPBOOK_BUILD_EXAMPLES"] == "1" else {
            throw XCTSkip(
                "set FLIPBOOK_BUILD_EXAMPLES=1 to run docs/examples/app-ci's steps (builds the example app and Flipbook again: minutes)")
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-app-ci")
        let package = base.appendingPathComponent("GalleryApp"), cache = base.appendingPathComponent("cache")
        // The folders of the last run stay until the next one, for a look at what it wrote.
        let origin = base.appendingPathComponent("origin"), runnerTemp = base.appendingPathComponent("runner-temp")
        let home = base.appendingPathComponent("home"), tools = base.appendingPathComponent("tools")
        for folder in [package, origin, runnerTemp, home, tools] { try? FileManager.default.removeItem(at: folder) }
        for folder in [origin, runnerTemp, home, tools] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        // apt-get: checks, installs nothing.
        let aptGet = tools.appendingPathComponent("apt-get")
        try """
        #!/bin/bash
        [ "$1" = update ] && exit 0
        for word in "$@"; do
          case "$word" in -*|install) continue ;; esac
          dpkg-query -W -f='${Status}' "$word" 2>/dev/null | grep -q "install ok installed" || { echo "apt-get stand-in: $word is not installed" >&2; exit 100; }
        done
        """.write(to: aptGet, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: aptGet.path)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = tools.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home.path
        environment["CI"] = "true"
        environment["RUNNER_TEMP"] = runnerTemp.path
        environment["GITHUB_STEP_SUMMARY"] = runnerTemp.appendingPathComponent("step-summary.md").path
        for name in ["FLIPBOOK_RECORD", "FLIPBOOK_ARTIFACTS", "FLIPBOOK_GOLDENS_DIR", "REVIEW_FRAMES"] { environment[name] = nil }
        let gitIdentity = "-c user.name=app-ci -c user.email=app-ci@example.invalid"

        // The app's repository: main is the example; the pull request makes the spring bouncier.
        let exampleFiles = try FileManager.default.contentsOfDirectory(atPath: Package.path("docs/examples/uikit-consumer")).filter {
            $0 != ".build"
        }
        for file in exampleFiles {
            try FileManager.default.copyItem(
                at: Package.root.appendingPathComponent("docs/examples/uikit-consumer/" + file),
                to: origin.appendingPathComponent(file))
        }
        let manifest = origin.appendingPathComponent("Package.swift")
        let dependency = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: #"path: "../../..")"#, with: "path: \"\(Package.root.path)\")")
        XCTAssertTrue(dependency.contains(Package.root.path))
        try dependency.write(to: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: origin.appendingPathComponent(".github/workflows"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: example.appendingPathComponent("goldens.yml"), to: origin.appendingPathComponent(".github/workflows/goldens.yml"))
        try ".build/\n".write(to: origin.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        try git("init -q -b main . && git add -A && git \(gitIdentity) commit -q -m app", in: origin, environment: environment)
        let animator = origin.appendingPathComponent("App/GalleryApp/ZoomAnimator.swift")
        let spring = try String(contentsOf: animator, encoding: .utf8)
        XCTAssertTrue(spring.contains("usingSpringWithDamping: 0.8,"))
        try git("checkout -q -b pull-request", in: origin, environment: environment)
        try spring.replacingOccurrences(of: "usingSpringWithDamping: 0.8,", with: "usingSpringWithDamping: 0.6,")
            .write(to: animator, atomically: true, encoding: .utf8)
        try git("\(gitIdentity) commit -q -am 'A bouncier zoom'", in: origin, environment: environment)

        // actions/checkout, then actions/cache's restore.
        try git("clone -q --branch pull-request \(origin.path) \(package.path)", in: base, environment: environment)
        if FileManager.default.fileExists(atPath: cache.path) {
            try FileManager.default.moveItem(at: cache, to: package.appendingPathComponent(".build"))
        }
        defer {
            // actions/cache's save (here whatever the outcome, so the next run is incremental).
            let build = package.appendingPathComponent(".build")
            if FileManager.default.fileExists(atPath: build.path) {
                try? FileManager.default.removeItem(at: cache)
                try? FileManager.default.moveItem(at: build, to: cache)
            }
        }

        let results = try runWorkflow(in: package, runnerTemp: runnerTemp, environment: environment)
        let byName = Dictionary(results.map { ($0.0, $0.1) }, uniquingKeysWith: { $1 })
        func log(_ name: String) -> String { String((byName[name]??.log ?? "(not run)").suffix(6000)) }
        XCTAssertEqual(
            byName["Install the system packages Flipbook builds with"]??.status, 0, log("Install the system packages Flipbook builds with"))
        XCTAssertEqual(
            byName["Build the app, its tests and the flipbook command"]??.status, 0,
            log("Build the app, its tests and the flipbook command"))
        XCTAssertNotEqual(byName["Test"]??.status, 0, "the pull request changes the animation: its goldens fail. " + log("Test"))
        XCTAssertTrue(log("Test").contains("zoom-push"), log("Test"))
        XCTAssertEqual(byName["Review the failed goldens"]??.status, 0, log("Review the failed goldens"))
        for action in [
            "actions/checkout@v4", "Cache the build", "Upload the failed goldens", "Upload the review pages",
            "Post the summary on the pull request"
        ] {
            XCTAssertTrue(byName.keys.contains(action), action)
            XCTAssertNil(byName[action] ?? nil, "\(action) is an action: not run here")
        }

        // What the uploads and the comment would carry.
        let goldens = runnerTemp.appendingPathComponent("goldens/ZoomTransitionTests")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: goldens.path)
        XCTAssertTrue(pictures.contains("zoom-push.reference.lock") && pictures.contains("zoom-push.actual.lock"), "\(pictures)")
        XCTAssertTrue(pictures.contains("zoom-push-12.diff.png"), "frame 12 moved with the bouncier spring: \(pictures)")
        let page = runnerTemp.appendingPathComponent("review/zoom-push")
        XCTAssertTrue(FileManager.default.fileExists(atPath: page.appendingPathComponent("index.html").path))
        for side in ["reference", "actual"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: runnerTemp.appendingPathComponent("\(side)/zoom-push/timeline.json").path), side)
        }
        // Both sides were drawn from their own code: the first frames agree, the 12th does not.
        let reference = runnerTemp.appendingPathComponent("reference/zoom-push"),
            actual = runnerTemp.appendingPathComponent("actual/zoom-push")
        XCTAssertTrue(
            FileManager.default.contentsEqual(
                atPath: reference.appendingPathComponent("frame_0000.png").path,
                andPath: actual.appendingPathComponent("frame_0000.png").path))
        XCTAssertFalse(
            FileManager.default.contentsEqual(
                atPath: reference.appendingPathComponent("frame_0003.png").path,
                andPath: actual.appendingPathComponent("frame_0003.png").path))
        let summary = try String(contentsOf: runnerTemp.appendingPathComponent("review/summary.md"), encoding: .utf8)
        XCTAssertTrue(summary.contains("- `ZoomTransitionTests/zoom-push-12.png`"), summary)
        XCTAssertTrue(summary.contains("### zoom-push\n"), summary)
        XCTAssertTrue(summary.contains("`actual/zoom-push` differs from `reference/zoom-push`: 8 of 14 frames"), summary)
        XCTAssertTrue(summary.contains("Review page: `review/zoom-push/index.html`"), summary)
        XCTAssertEqual(try String(contentsOfFile: environment["GITHUB_STEP_SUMMARY"]!, encoding: .utf8), summary)
        var head = try bash("git rev-parse --abbrev-ref HEAD && git status --porcelain", in: package, environment: environment)
        XCTAssertEqual(head.log, "HEAD\n", "the review step leaves the pull request's code checked out, nothing changed")

        // Accepting the change (docs/APP-CI.md): re-record, commit, and the workflow is green.
        var record = environment
        record["CI"] = nil
        record["FLIPBOOK_RECORD"] = "failed"
        let recorded = try bash("swift test", in: package, environment: record)
        XCTAssertNotEqual(recorded.status, 0, "a run that records fails, saying so")
        head = try bash("git status --porcelain", in: package, environment: environment)
        XCTAssertTrue(head.log.contains("zoom-push.lock") && head.log.contains("zoom-push-12.png"), head.log)
        try git("\(gitIdentity) commit -q -am 'Re-record the zoom goldens'", in: package, environment: environment)
        // A new job: its own temporary folder (the first one's stays for a look at its pictures).
        let secondTemp = base.appendingPathComponent("runner-temp-2")
        try? FileManager.default.removeItem(at: secondTemp)
        try FileManager.default.createDirectory(at: secondTemp, withIntermediateDirectories: true)
        var second = environment
        second["RUNNER_TEMP"] = secondTemp.path
        second["GITHUB_STEP_SUMMARY"] = secondTemp.appendingPathComponent("step-summary.md").path
        let green = try runWorkflow(in: package, runnerTemp: secondTemp, environment: second)
        let greenByName = Dictionary(green.map { ($0.0, $0.1) }, uniquingKeysWith: { $1 })
        XCTAssertEqual(greenByName["Test"]??.status, 0, String((greenByName["Test"]??.log ?? "").suffix(6000)))
        XCTAssertNil(greenByName["Review the failed goldens"] ?? nil, "nothing failed: no review")
    }
}
