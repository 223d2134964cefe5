import FlipbookPipelineTestSupport
import Foundation
import XCTest

/// docs/examples/: the GitHub Actions workflow and the Kubernetes Indexed Job are valid YAML, are
/// consistent (shard counts), and their render and merge commands, run here as the runner would
/// run them (with a small OPTIONS), produce merged folders identical to unsharded renders.
final class ExampleWorkflowTests: XCTestCase {
    /// Runs `script` with bash in `directory`; `flipbook` is on PATH.
    func sh(_ script: String, in directory: URL, environment: [String: String]) throws {
        var variables = ProcessInfo.processInfo.environment
        variables["PATH"] = flipbookExecutable.deletingLastPathComponent().path + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
        for (name, value) in environment { variables[name] = value }
        let run = try runShell(script, shell: "/bin/bash", options: ["-e"], in: directory, environment: variables)
        XCTAssertEqual(run.status, 0, "\(script)\n\(run.stderr)")
    }

    /// The folders' files are the same bytes.
    func assertSameRender(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: b).sorted(), names, file: file, line: line)
        XCTAssertGreaterThan(names.count, 1, file: file, line: line)
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: a + "/" + name), FileManager.default.contents(atPath: b + "/" + name),
                "\(a)/\(name)", file: file, line: line)
        }
    }

    /// The small render the tests substitute for the examples' long one (push: 5 frames).
    let smallOptions = "--select 3 --scale 1 --fps 5"

    func testTheGitHubActionsWorkflow() throws {
        let workflow = try XCTUnwrap(loadYAML(Package.path("docs/examples/github-actions-sharded-render.yml")).first)
        let env = try XCTUnwrap(workflow["env"] as? [String: Any])
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: [String: Any]])
        XCTAssertEqual(Set(jobs.keys), ["build", "render", "merge", "compare"])
        XCTAssertNotNil(workflow["on"] ?? workflow["True"], "a trigger (PyYAML reads the key `on` as true)")
        let matrix = try XCTUnwrap((jobs["render"]?["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        let shards = try XCTUnwrap(matrix["shard"] as? [Int])
        let dampings = try XCTUnwrap(matrix["damping"] as? [String])
        XCTAssertEqual(shards, Array(1...shards.count))
        XCTAssertEqual("\(env["SHARDS"] ?? "")", "\(shards.count)", "SHARDS equals the shard matrix")
        XCTAssertEqual(jobs["merge"]?["needs"] as? String, "render")
        XCTAssertEqual(jobs["render"]?["needs"] as? String, "build")
        func run(_ job: String, named prefix: String) throws -> String {
            let steps = try XCTUnwrap(jobs[job]?["steps"] as? [[String: Any]])
            return try XCTUnwrap(steps.first { ($0["name"] as? String)?.hasPrefix(prefix) == true }?["run"] as? String, "\(job): \(prefix)")
        }
        // The runtime packages: the Dockerfile's, and the runtime counterpart of every library
        // scripts/setup installs for building.
        let packages = Set("\(env["RUNTIME_PACKAGES"] ?? "")".split(separator: " ").map(String.init))
        let dockerfile = try String(contentsOfFile: Package.path("docs/examples/Dockerfile"), encoding: .utf8)
        let dockerPackages = dockerfile.components(separatedBy: "--no-install-recommends")[1].components(separatedBy: "&&")[0]
            .replacingOccurrences(of: "\\", with: " ").split(whereSeparator: \.isWhitespace).map(String.init)
        XCTAssertEqual(packages, Set(dockerPackages))
        for library in ["libpng16-16", "libjpeg62-turbo", "libfreetype6", "libharfbuzz0b", "libfribidi0", "libfontconfig1", "libicu72"] {
            XCTAssertTrue(packages.contains(library), library)
        }
        let setup = try String(contentsOfFile: Package.path("scripts/setup"), encoding: .utf8)
        for font in setup.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" }) where font.hasPrefix("fonts-") {
            XCTAssertTrue(packages.contains(String(font)), "\(font) from scripts/setup is installed at run time")
        }
        let compareStep = try run("compare", named: "One sheet")
        XCTAssertTrue(compareStep.contains("--vary damping=\(dampings.joined(separator: ","))"), "compare lists the matrix's dampings")

        // The runner's working directory, with the artifact's flipbook (here a link to the build).
        let work = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("flipbook"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("flipbook/flipbook").path,
            withDestinationPath: flipbookExecutable.path)
        let variables = ["PRESET": "\(env["PRESET"]!)", "OPTIONS": smallOptions, "SHARDS": "\(shards.count)"]
        let render = try run("render", named: "Render shard")
        // One variant of the matrix, all its shards, shows the commands work and keeps the test short.
        let tested = [dampings.first!]
        for damping in tested {
            for shard in shards {
                let script = render.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
                    .replacingOccurrences(of: "${{ matrix.damping }}", with: damping)
                try sh(script, in: work, environment: variables)
            }
        }
        // download-artifact with merge-multiple leaves the shards where the render steps wrote them.
        try sh(try run("merge", named: "Merge"), in: work, environment: variables)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("Output").path).sorted(),
            tested.map { "\(variables["PRESET"]!)-damping-\($0)" })
        try sh(compareStep, in: work, environment: variables.merging(["OPTIONS": smallOptions + " --sheet-frames 2"]) { $1 })
        let preset = variables["PRESET"]!
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("Output/\(preset)-compare.jpg").path))
        for damping in tested {
            let whole = work.appendingPathComponent("whole-\(damping)").path
            try sh(
                "flipbook render \(preset) \(smallOptions) --damping \(damping) --out \(whole) --progress none", in: work, environment: [:])
            try assertSameRender(work.appendingPathComponent("Output/\(preset)-damping-\(damping)").path, whole)
        }
    }

    func testTheKubernetesIndexedJob() throws {
        let documents = try loadYAML(Package.path("docs/examples/kubernetes-indexed-job.yaml"))
        XCTAssertEqual(documents.map { $0["kind"] as? String }, ["PersistentVolumeClaim", "Job", "Job"])
        func container(_ document: [String: Any]) throws -> [String: Any] {
            let spec = try XCTUnwrap(document["spec"] as? [String: Any])
            let template = try XCTUnwrap((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
            XCTAssertEqual(template["restartPolicy"] as? String, "Never")
            return try XCTUnwrap((template["containers"] as? [[String: Any]])?.first)
        }
        func environment(_ container: [String: Any]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: ((container["env"] as? [[String: Any]]) ?? []).map { ("\($0["name"]!)", "\($0["value"]!)") })
        }
        let renderSpec = try XCTUnwrap(documents[1]["spec"] as? [String: Any])
        XCTAssertEqual(renderSpec["completionMode"] as? String, "Indexed")
        let completions = try XCTUnwrap(renderSpec["completions"] as? Int)
        XCTAssertEqual(renderSpec["parallelism"] as? Int, completions)
        let render = try container(documents[1]), merge = try container(documents[2])
        var variables = environment(render)
        XCTAssertEqual(variables["SHARDS"], "\(completions)", "SHARDS equals completions")
        XCTAssertEqual(environment(merge)["SHARDS"], "\(completions)")
        XCTAssertEqual(environment(merge)["PRESET"], variables["PRESET"])
        let claim = (documents[0]["metadata"] as? [String: Any])?["name"] as? String
        for document in documents.dropFirst() {
            let volumes = ((document["spec"] as? [String: Any])?["template"] as? [String: Any]).flatMap {
                ($0["spec"] as? [String: Any])?["volumes"] as? [[String: Any]]
            }
            XCTAssertEqual((volumes?.first?["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String, claim)
        }

        // Each pod's command, with the volume at a temporary folder, then the merge's.
        let volume = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: volume) }
        // A short preset here: fade-present at 10 fps, 4 frames over 4 pods.
        variables["OPTIONS"] = "--scale 1 --fps 10"
        variables["PRESET"] = "fade-present"
        var mergeVariables = environment(merge)
        mergeVariables["PRESET"] = "fade-present"
        let renderScript = try XCTUnwrap((render["args"] as? [String])?.first).replacingOccurrences(of: "/shards", with: volume.path)
        for index in 0..<completions {
            var pod = variables
            pod["JOB_COMPLETION_INDEX"] = "\(index)"
            try sh(renderScript, in: volume, environment: pod)
        }
        let mergeScript = try XCTUnwrap((merge["args"] as? [String])?.first).replacingOccurrences(of: "/shards", with: volume.path)
        try sh(mergeScript, in: volume, environment: mergeVariables)
        let preset = variables["PRESET"]!
        let whole = volume.appendingPathComponent("whole").path
        try sh("flipbook render \(preset) \(variables["OPTIONS"]!) --out \(whole) --progress none", in: volume, environment: [:])
        try assertSameRender(volume.appendingPathComponent("\(preset)/merged").path, whole)
    }
}
