import FlipbookCodecs
import FlipbookPipelineTestSupport
import FlipbookRaster
import Foundation
import XCTest

@testable import Flipbook
@testable import FlipbookLock

/// Review pages, `.lock` files and `--markdown` summaries are made for pull requests, and a lock
/// or a frame folder in a pull request is input that CI processes with its secrets and artefact
/// uploads. Run as CI runs them: nothing is read, written or echoed that the user did not ask for.
final class HostileReviewTests: ScratchFolderTestCase {
    /// A small push: iPhone SE at 1×, 10 fps (8 frames).
    static let small = TestScenes.smallPush

    /// Runs `flipbook` in the scratch folder (so relative names stay short in messages).
    func flipbook(_ arguments: [String], environment: [String: String?] = [:]) throws -> FlipbookRun {
        try runFlipbook(arguments, in: directory, environment: environment, timeoutSeconds: 300)
    }

    /// Renders the small push into the scratch folder's `name`.
    @discardableResult
    func rendered(_ name: String, _ extra: [String] = []) throws -> String {
        let run = try flipbook(["render"] + Self.small + extra + ["--out", name, "--progress", "none"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return name
    }

    /// Locks the small push (with `extra` options) as the scratch folder's `name`.
    @discardableResult
    func locked(_ name: String, _ extra: [String] = []) throws -> String {
        let run = try flipbook(["lock"] + Self.small + extra + ["--out", name])
        XCTAssertEqual(run.status, 0, run.stderr)
        return name
    }

    /// Copies the scratch folder's `source` folder to `target`.
    func copyFolder(_ source: String, to target: String) throws {
        try FileManager.default.copyItem(atPath: path(source), toPath: path(target))
    }

    /// Every entry under `folder` (relative, sorted; links not followed), or nil when it is missing.
    func tree(_ folder: String) -> [String]? {
        guard FileManager.default.fileExists(atPath: path(folder)) else { return nil }
        let enumerator = FileManager.default.enumerator(atPath: path(folder))
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    /// The bytes of each of the scratch folder's `names` (nil for a folder).
    func fileContents(_ names: [String]) throws -> [Data?] {
        try names.map { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path(name), isDirectory: &isFolder)
            return isFolder.boolValue ? nil : try Data(contentsOf: URL(fileURLWithPath: path(name)))
        }
    }

    /// The `key: value` facts of the page in `folder` (its embedded data).
    func pageFacts(_ folder: String) throws -> [String: String] {
        let html = try String(contentsOfFile: path(folder + "/index.html"), encoding: .utf8)
        let start = try XCTUnwrap(html.range(of: #"<script id="data" type="application/json">"#)).upperBound
        let end = try XCTUnwrap(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let data = try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any]
        let facts = try XCTUnwrap(data?["facts"] as? [[String]])
        return Dictionary(facts.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    }

    /// A one-photo manifest `m/photos.json` naming `m/photos/p.png` (64×64), for locks whose
    /// `$MANIFEST` is a folder the test controls.
    func oneLocalPhotoManifest() throws -> String {
        try FileManager.default.createDirectory(atPath: path("m/photos"), withIntermediateDirectories: true)
        try writePNG(path("m/photos/p.png"), width: 64, height: 64)
        try #"{"content": [{"url": "photos/p.png", "width": 64, "height": 64}]}"#.write(
            toFile: path("m/photos.json"), atomically: true, encoding: .utf8)
        return "m/photos.json"
    }

    func writePNG(_ file: String, width: Int, height: Int) throws {
        let image = PremultipliedImage(width: width, height: height, pixels: [UInt32](repeating: 0xFF40_80C0, count: width * height))
        try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: file))
    }

    /// The lock's text with every `old` replaced by `new`, written as `name`.
    func rewrite(_ lock: String, _ old: String, _ new: String, as name: String) throws -> String {
        let text = try String(contentsOfFile: path(lock), encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(lock) holds \(old)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path(name), atomically: true, encoding: .utf8)
        return name
    }

    // MARK: Reading

    /// Before: `review DIR` copied a symbolic or hard link named `frame_0003.png` — any file the
    /// user can read, a key — into the page. Frames are read as `merge` reads them: regular
    /// files of their own, through `InputFile`.
    func testReviewReadsOnlyTheFoldersOwnFrames() throws {
        try rendered("a")
        try "-----BEGIN OPENSSH PRIVATE KEY-----".write(toFile: path("secret"), atomically: true, encoding: .utf8)
        try copyFolder("a", to: "symbolic")
        try FileManager.default.removeItem(atPath: path("symbolic/frame_0003.png"))
        try FileManager.default.createSymbolicLink(atPath: path("symbolic/frame_0003.png"), withDestinationPath: path("secret"))
        try copyFolder("a", to: "hard")
        try FileManager.default.removeItem(atPath: path("hard/frame_0003.png"))
        try FileManager.default.linkItem(atPath: path("secret"), toPath: path("hard/frame_0003.png"))
        try copyFolder("a", to: "timeline")
        try FileManager.default.removeItem(atPath: path("timeline/timeline.json"))
        try FileManager.default.createSymbolicLink(atPath: path("timeline/timeline.json"), withDestinationPath: path("a/timeline.json"))

        let expected = [
            "symbolic": "error: symbolic/frame_0003.png: it is a symbolic link, not a regular file",
            "hard": "error: hard/frame_0003.png: it has 2 names (hard links), so it may be a file from elsewhere",
            "timeline": "error: timeline/timeline.json: cannot read the file: it is a symbolic link, not a regular file"
        ]
        for (folder, message) in expected {
            for folders in [[folder], ["a", folder]] {
                let run = try flipbook(["review"] + folders + ["--out", "page"])
                XCTAssertEqual(run.status, 2, "\(folders): \(run.stdout)")
                XCTAssertEqual(run.errorLines, [message], "\(folders)")
                XCTAssertNil(tree("page"), "\(folders): no page")
            }
        }
    }

    /// Before: `verify --review` drew any image a lock names — an absolute path, `$MANIFEST/..` —
    /// into the page, under `--sandbox-photos` too, and its error told a missing file from one
    /// that is not an image. A lock's images are read only inside its folders, and the error is
    /// the same whatever lies outside.
    func testVerifyReviewDrawsALocksImagesOnlyInsideItsFolders() throws {
        let manifest = try oneLocalPhotoManifest()
        try FileManager.default.createDirectory(atPath: path("outside"), withIntermediateDirectories: true)
        try writePNG(path("outside/secret.png"), width: 64, height: 64)
        try "not an image".write(toFile: path("outside/notes.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("m/photos/link.png"), withDestinationPath: path("outside/secret.png"))
        try locked("g.lock", ["--manifest", manifest])
        let original = "\"$MANIFEST/photos/p.png\""

        func reference(_ name: String, _ extra: [String] = []) throws -> (sides: [String], fact: String) {
            let lock = try rewrite("g.lock", original, "\"\(name)\"", as: "evil.lock")
            try? FileManager.default.removeItem(atPath: path("page"))
            let run = try flipbook(["verify", lock, "--review", "page"] + extra)
            XCTAssertEqual(run.status, 1, "\(name): \(run.stderr)")
            let sides = (tree("page") ?? []).filter { !$0.contains("/") && $0.hasPrefix("side") }
            return (sides, try pageFacts("page")["reference"] ?? "")
        }
        func refusal(_ name: String) -> String {
            "not drawn: the lock names the image \"\(name)\", which is not inside its folders ($MANIFEST, $SAMPLES): a lock's image "
                + "is a path below one of them without '.' or '..', resolving there, links followed, when photos are sandboxed (--sandbox-photos)"
        }
        // The same words whether the file outside exists, is an image or not.
        for name in [path("outside/secret.png"), path("outside/missing.png")] {
            let (sides, fact) = try reference(name)
            XCTAssertEqual(sides, ["side0"], "\(name): only the current render is shown")
            XCTAssertEqual(fact, refusal(name), name)
        }
        let sandboxed = try reference("$MANIFEST/photos/link.png", ["--sandbox-photos"])
        XCTAssertEqual(sandboxed.sides, ["side0"])
        XCTAssertEqual(sandboxed.fact, refusal("$MANIFEST/photos/link.png"))
        // The lock's own images still draw when sandboxed.
        try? FileManager.default.removeItem(atPath: path("page"))
        let run = try flipbook(["verify", "g.lock", "--damping", "0.8", "--review", "page", "--sandbox-photos"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try pageFacts("page")["reference"], "the lock's display lists, drawn by the current code")

        // Every way out of the roots, as the reader resolves names (no render needed).
        var settings = RenderSettings(preset: .push)
        settings.manifestPath = path(manifest)
        let folder = path("m")
        for sandbox in [false, true] {
            settings.scene.sandboxPhotos = sandbox
            let resolve = SequenceLock.sourceResolver(for: settings)
            XCTAssertEqual(resolve("$MANIFEST/photos/p.png"), folder + "/photos/p.png")
            XCTAssertEqual(resolve("$SAMPLES/photos/coffee.jpg").map { URL(fileURLWithPath: $0).lastPathComponent }, "coffee.jpg")
            XCTAssertEqual(
                resolve("$MANIFEST/photos/link.png"), sandbox ? nil : folder + "/photos/link.png",
                "a link leaving the folder is followed only without --sandbox-photos")
            for name in [
                path("outside/secret.png"), "$MANIFEST/../outside/secret.png", "$MANIFEST/photos/../../outside/secret.png",
                "$MANIFEST/photos/./p.png", "$MANIFEST//photos/p.png", "$MANIFEST/", "$MANIFEST", "photos/p.png",
                "$TRANSITION/photos/p.png", "$MANIFESTX/photos/p.png", "~/photos/p.png", "file:///etc/passwd"
            ] {
                XCTAssertNil(resolve(name), "\(name), sandbox \(sandbox)")
            }
        }
    }

    // MARK: Scratch space

    /// Before: `verify --review` wrote through `$TMPDIR/flipbook-verify-PID` (predictable, made
    /// with the umask's mode, reused when it existed) and SIGTERM left it behind with the
    /// frames; `compare --review` left `flipbook-compare-*`. Scratch folders are private
    /// (mkdtemp: new, 0700, unpredictable) and a signal removes them as it does render temporaries.
    func testScratchFoldersArePrivateAndASignalRemovesThem() throws {
        let long = ["--scale", "1", "--device", "se", "--fps", "60", "--duration", "1", "--threads", "1", "--font", Package.fixtureFont]
        let lock = path("long.lock")
        XCTAssertEqual(try flipbook(["lock", "push"] + long + ["--out", lock]).status, 0)
        let commands: [(prefix: String, arguments: [String])] = [
            ("flipbook-verify-", ["verify", lock, "--damping", "0.8", "--review", path("verify-page")]),
            (
                "flipbook-compare-",
                ["compare", "push", "--vary", "damping=0.6,0.8"] + long
                    + ["--out", path("sheet.png"), "--review", path("compare-page"), "--progress", "none"]
            )
        ]
        for (prefix, arguments) in commands {
            let scratch = path("tmp-" + arguments[0])
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            let process = try startFlipbook(arguments, in: directory, environment: ["TMPDIR": scratch])
            var seen: (name: String, mode: mode_t)?
            let started = Date()
            while seen == nil, process.isRunning, Date().timeIntervalSince(started) < 240 {
                if let name = try FileManager.default.contentsOfDirectory(atPath: scratch).first,
                    ((try? FileManager.default.contentsOfDirectory(atPath: scratch + "/" + name).count) ?? 0) > 0
                {
                    var info = stat()
                    if lstat(scratch + "/" + name, &info) == 0 { seen = (name, info.st_mode) }
                }
                usleep(5_000)
            }
            let entry = try XCTUnwrap(seen, "\(arguments[0]): the scratch folder was seen while flipbook wrote into it")
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 143, arguments[0])
            XCTAssertTrue(entry.name.hasPrefix(prefix), entry.name)
            XCTAssertNotEqual(entry.name, prefix + "\(process.processIdentifier)", "the name is not predictable from the process id")
            XCTAssertEqual(entry.mode & 0o7777, 0o700, "\(entry.name): only its owner may enter it")
            XCTAssertEqual(entry.mode & S_IFMT, S_IFDIR)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "\(arguments[0]): nothing is left")
        }
    }

    // MARK: Markdown

    /// The parts of a Markdown line outside its code spans (CommonMark: a run of N backticks up
    /// to the next run of exactly N), backslash escapes dropped: what a renderer reads as markup.
    static func outsideCodeSpans(_ line: String) -> String {
        let characters = Array(line)
        var result = "", index = 0
        func run(at start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end] == "`" { end += 1 }
            return end - start
        }
        while index < characters.count {
            if characters[index] == "`" {
                let length = run(at: index)
                var search = index + length, closing: Int?
                while search < characters.count {
                    if characters[search] == "`" {
                        let other = run(at: search)
                        if other == length { closing = search; break }
                        search += other
                    } else {
                        search += 1
                    }
                }
                guard let closing else { result += String(repeating: "`", count: length); index += length; continue }
                result += "C"
                index = closing + length
            } else if characters[index] == "\\", index + 1 < characters.count {
                index += 2
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    /// The cells of a GitHub table row: split at every `|` not escaped by a backslash.
    static func cellCount(_ row: String) -> Int {
        var count = 0, previous: Character = " "
        for character in row {
            if character == "|" && previous != "\\" { count += 1 }
            previous = character
        }
        return count - 1
    }

    /// Before: folder names and lock ops went into the pull-request summary raw: `<img>`, images
    /// and links rendered, and a name with backticks closed its code span. Every input is a code
    /// span longer than any backtick run in it, and table cells stay three.
    func testMarkdownSummariesShowInputsAsText() throws {
        try rendered("ref")
        let hostile = "act`` <img src=x> ![i](http:x) | y"
        try copyFolder("ref", to: hostile)
        let review = try flipbook(["review", "ref", hostile, "--out", "page", "--markdown", "review.md"])
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertEqual(
            try String(contentsOfFile: path("review.md"), encoding: .utf8),
            "### ✅ ```act`` <img src=x> ![i](http:x) | y``` matches `ref`: all 8 frames identical\n")

        try locked("g.lock")
        let name = "$MANIFEST/photos/x``|<img/src=y>![i](http:z).jpg"
        let evil = try rewrite("g.lock", "\"$MANIFEST/photos/coffee.jpg\"", "\"\(name)\"", as: "evil.lock")
        let verify = try flipbook(["verify", evil, "--markdown", "verify.md"])
        XCTAssertEqual(verify.status, 1, verify.stderr)
        let markdown = try String(contentsOfFile: path("verify.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("x``\\|<img/src=y>"), "the name is shown: \(markdown)")
        let lines = markdown.split(separator: "\n").map(String.init)
        for line in lines where !line.hasPrefix("```") {
            let outside = Self.outsideCodeSpans(line)
            for markup in ["<", "![", "](", "`"] where !(line.hasPrefix("flipbook lock")) {
                XCTAssertFalse(outside.contains(markup), "\(markup) outside a code span in: \(line)")
            }
        }
        let rows = lines.filter { $0.hasPrefix("| ") }
        XCTAssertGreaterThan(rows.count, 2)
        for row in rows { XCTAssertEqual(Self.cellCount(row), 3, row) }
    }

    // MARK: Echoed input

    /// Before: a lock's ESC and BEL (a terminal title, a clipboard write) reached the terminal
    /// raw, in verify's change list and its errors, and a long name was printed whole. Every
    /// echoed input is cut to 80 scalars with its controls escaped (`InputText`).
    func testVerifyEchoesALocksTextCutAndWithoutControls() throws {
        try locked("g.lock")
        let name = "$MANIFEST/\u{1B}]0;pwned\u{07}" + String(repeating: "x", count: 2000) + ".jpg"
        let evil = try rewrite("g.lock", "\"$MANIFEST/photos/coffee.jpg\"", "\"\(name)\"", as: "evil.lock")
        let run = try flipbook(["verify", evil])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\\u001b]0;pwned\\u0007xxx"), run.stdout)
        XCTAssertFalse(run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character is printed")
        for line in run.stdout.split(separator: "\n") where !line.hasPrefix("If the change is intended") {
            XCTAssertLessThan(line.unicodeScalars.count, 400, String(line.prefix(200)))
        }

        let broken = [
            "flipbook-lock 2\nname: x\n\u{1B}]0;t\u{07}\n": "error: broken.lock:3: unexpected line '\\u001b]0;t\\u0007'",
            "flipbook-lock 2\nname: x\nargument: push\nargument: --manifest\nargument: m/\u{1B}[31mred\nframe 0 time=0 progress=0 pixels=0000000000000000\n":
                "error: m/\\u001b[31mred: the lock's --manifest file cannot be used; what is wrong with it is not shown, since a lock "
                + "may come from someone else and the message could quote the file (run `flipbook render` with the lock's arguments to see it)"
        ]
        for (text, message) in broken {
            try text.write(toFile: path("broken.lock"), atomically: true, encoding: .utf8)
            let run = try flipbook(["verify", "broken.lock"])
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.errorLines.first, message)
            XCTAssertFalse(run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, run.stderr)
        }
    }

    // MARK: Page folders

    /// Before: a page folder was replaced when its entries were named `side*` or `*.png` (so
    /// anything inside `side0/`, `side-by-side.png`, `mine.png` was deleted), or whenever its
    /// `index.html` carried the generator tag. A page run records what it wrote; a folder is
    /// replaced only when it holds exactly that.
    func testAPageFolderIsReplacedOnlyWhenItHoldsExactlyWhatAPageRunWrote() throws {
        try rendered("a")
        for round in 1...2 {
            let run = try flipbook(["review", "a", "--out", "page"])
            XCTAssertEqual(run.status, 0, "round \(round): \(run.stderr)")
        }
        let written = try XCTUnwrap(tree("page"))
        XCTAssertEqual(written.first, ".flipbook-page")
        let html = try Data(contentsOf: URL(fileURLWithPath: path("page/index.html")))
        let changes: [(name: String, make: () throws -> Void, undo: () throws -> Void)] = [
            (
                "side0/notes.txt", { try "mine".write(toFile: self.path("page/side0/notes.txt"), atomically: true, encoding: .utf8) },
                { try FileManager.default.removeItem(atPath: self.path("page/side0/notes.txt")) }
            ),
            (
                "side-by-side.png", { try "mine".write(toFile: self.path("page/side-by-side.png"), atomically: true, encoding: .utf8) },
                { try FileManager.default.removeItem(atPath: self.path("page/side-by-side.png")) }
            ),
            (
                "sidecar", { try "mine".write(toFile: self.path("page/sidecar"), atomically: true, encoding: .utf8) },
                { try FileManager.default.removeItem(atPath: self.path("page/sidecar")) }
            ),
            (
                "index.html", { try (html + Data("<!-- my notes -->".utf8)).write(to: URL(fileURLWithPath: self.path("page/index.html"))) },
                { try html.write(to: URL(fileURLWithPath: self.path("page/index.html"))) }
            ),
            (
                "side0/f00002.png", { try "mine".write(toFile: self.path("page/side0/f00002.png"), atomically: false, encoding: .utf8) },
                {
                    try FileManager.default.copyItem(atPath: self.path("a/frame_0002.png"), toPath: self.path("page/side0/x"))
                    try FileManager.default.removeItem(atPath: self.path("page/side0/f00002.png"))
                    try FileManager.default.moveItem(atPath: self.path("page/side0/x"), toPath: self.path("page/side0/f00002.png"))
                }
            )
        ]
        for change in changes {
            try change.make()
            let before = tree("page")
            let run = try flipbook(["review", "a", "--out", "page"])
            XCTAssertEqual(run.status, 2, change.name)
            XCTAssertEqual(
                run.errorLines,
                [
                    "error: page: cannot write the output: exists and holds '\(change.name)', which flipbook did not "
                        + "write there (the page's .flipbook-page does not list it, or not at that size), so it would be "
                        + "deleted; name a new or empty folder, or move it away first"
                ], change.name)
            XCTAssertEqual(tree("page"), before, "\(change.name): the folder is as it was")
            try change.undo()
            XCTAssertEqual(try flipbook(["review", "a", "--out", "page"]).status, 0, "\(change.name) undone: the page is flipbook's again")
        }
        // A folder of the user's whose index.html merely carries the generator tag.
        try FileManager.default.createDirectory(atPath: path("site"), withIntermediateDirectories: true)
        try html.write(to: URL(fileURLWithPath: path("site/index.html")))
        try "mine".write(toFile: path("site/photo.png"), atomically: true, encoding: .utf8)
        let site = try flipbook(["review", "a", "--out", "site"])
        XCTAssertEqual(site.status, 2)
        XCTAssertEqual(
            site.errorLines,
            [
                "error: site: cannot write the output: exists and is not a review page flipbook wrote (it has no "
                    + ".flipbook-page listing the page's files), so its contents would be deleted; name a new or "
                    + "empty folder, or delete it first"
            ])
        XCTAssertEqual(tree("site"), ["index.html", "photo.png"])
    }

    /// Before: `compare --out PAGE/sheet.png --review PAGE` exited 0 and reported the sheet,
    /// which the page's swap then deleted. An output inside the page folder is refused before
    /// anything is rendered, for every command writing a page and another file.
    func testOutputsInsideThePageFolderAreRefused() throws {
        try rendered("a")
        try locked("g.lock")
        let runs: [(arguments: [String], output: String, option: String, status: Int32)] = [
            (
                ["compare", "push", "--vary", "damping=0.6,0.8"] + Self.small.dropFirst() + ["--out", "page/sheet.png", "--review", "page"],
                "page/sheet.png", "--review", 1
            ),
            (
                ["compare", "push", "--vary", "damping=0.6,0.8"] + Self.small.dropFirst() + ["--video", "page/v.apng", "--review", "page"],
                "page/v.apng", "--review", 1
            ),
            (["review", "a", "--out", "page", "--markdown", "page/summary.md"], "page/summary.md", "--out", 2),
            (
                ["verify", "g.lock", "--damping", "0.8", "--review", "page", "--markdown", "page/summary.md"], "page/summary.md",
                "--review", 2
            )
        ]
        for (arguments, output, option, status) in runs {
            let run = try flipbook(arguments)
            XCTAssertEqual(run.status, status, "\(arguments): \(run.stdout)")
            XCTAssertEqual(
                run.errorLines,
                [
                    "error: \(output): cannot write the output: it is inside the review page folder page (\(option)), "
                        + "which is replaced as a whole (the file would be deleted with it); write it beside the folder"
                ])
            XCTAssertNil(tree("page"), "\(arguments): nothing is written")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("Output")), "\(arguments)")
        }
    }

    /// Before: `verify g.lock --markdown g.lock` replaced the lock, `review --markdown
    /// B/frame_0000.png` an input frame, `merge --out S1/merged` spoiled the shard S1. No output
    /// may be an input (the same file, links followed), lie inside an input folder, or hold an input.
    func testNoOutputIsOneOfTheInputs() throws {
        try rendered("a")
        try locked("g.lock")
        let manifest = try oneLocalPhotoManifest()
        try rendered("s1", ["--shard", "1/2"])
        try rendered("s2", ["--shard", "2/2"])
        try FileManager.default.copyItem(atPath: path("a/frame_0000.png"), toPath: path("x.png"))
        try FileManager.default.copyItem(atPath: path("a/frame_0001.png"), toPath: path("y.png"))
        try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: path("x.png"))
        try FileManager.default.createDirectory(atPath: path("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Package.fixtureFont, toPath: path("fonts/DejaVuSans.ttf"))
        let before = try XCTUnwrap(tree("."))
        let contents = try fileContents(before)
        let same = "(the same file); name another output"
        let runs: [(arguments: [String], status: Int32, message: String)] = [
            (["verify", "g.lock", "--markdown", "g.lock"], 2, "g.lock: cannot write the output: it is the input g.lock \(same)"),
            (
                ["verify", "g.lock", "--damping", "0.8", "--review", "page", "--markdown", "./g.lock"], 2,
                "./g.lock: cannot write the output: it is the input g.lock \(same)"
            ),
            (
                ["review", "a", "--out", "page", "--markdown", "a/frame_0000.png"], 2,
                "a/frame_0000.png: cannot write the output: it is inside the input folder a, whose contents are read as the input; write it elsewhere"
            ),
            (
                ["review", "a", "--out", "a/page"], 2,
                "a/page: cannot write the output: it is inside the input folder a, whose contents are read as the input; write it elsewhere"
            ),
            (
                ["review", "a/", "--out", "."], 2,
                ".: cannot write the output: it would hold the input a/, and the folder is replaced as a whole; name another folder"
            ),
            (
                ["merge", "s1", "s2", "--out", "s1/merged"], 1,
                "s1/merged: cannot write the output: it is inside the input folder s1, whose contents are read as the input; write it elsewhere"
            ),
            (["diff", "x.png", "y.png", "--out", "link.png"], 2, "link.png: cannot write the output: it is the input x.png \(same)"),
            (["decode", "x.png", "--out", "x.png"], 1, "x.png: cannot write the output: it is the input x.png \(same)"),
            (
                ["render"] + Self.small + ["--manifest", manifest, "--contact-sheet", "m/photos/p.png", "--no-frames"], 1,
                "m/photos/p.png: cannot write the output: it is the input m/photos/p.png \(same)"
            ),
            (
                ["export-transition", "push", "--manifest", manifest, "--out", manifest], 1,
                "m/photos.json: cannot write the output: it is the input m/photos.json \(same)"
            ),
            (
                ["curve", "--plot", "x.png", "--label-font", "link.png"], 1,
                "x.png: cannot write the output: it is the input link.png \(same)"
            ),
            (
                ["text", "Hi", "--scene-fonts", "fonts", "--out", "fonts/hi.png"], 1,
                "fonts/hi.png: cannot write the output: it is inside the input folder fonts, whose contents are read as the input; write it elsewhere"
            ),
            (["verify", "g.lock", "--markdown", "m/../g.lock"], 2, "m/../g.lock: cannot write the output: it is the input g.lock \(same)"),
            (
                ["verify", "g.lock", "--markdown", "new/../g.lock"], 2,
                "new/../g.lock: cannot write the output: it is the input g.lock \(same)"
            )
        ]
        for (arguments, status, message) in runs {
            let run = try flipbook(arguments + (arguments[0] == "render" ? ["--progress", "none"] : []))
            XCTAssertEqual(run.status, status, "\(arguments): \(run.stdout)")
            XCTAssertEqual(run.errorLines, ["error: " + message], "\(arguments)")
            XCTAssertEqual(tree("."), before, "\(arguments): nothing is written")
            XCTAssertEqual(try fileContents(before), contents, "\(arguments): every file is as it was")
        }
        // Rewriting a shard in place stays allowed (it is read first), as docs/SHARDING.md says.
        let merge = try flipbook(["merge", "s1", "s2", "--out", "s1"])
        XCTAssertEqual(merge.status, 0, merge.stderr)
    }

    // MARK: Messages

    /// Before: `RenderSettings.framesPerSecond` in a command-line error, `(RenderSettings.decodedPixelBudget)`
    /// on a verify page, and a file a lock names (`--transition /etc/shadow`) shown by its
    /// first character in the JSON error. Errors name the options, and say nothing of the
    /// contents of a file the lock names.
    func testErrorsNameOptionsAndNeverQuoteAFileALockNames() throws {
        let apng = try flipbook(["render"] + Self.small + ["--fps", "240", "--duration", "60", "--video", "x.apng", "--progress", "none"])
        XCTAssertEqual(apng.status, 1)
        XCTAssertEqual(
            apng.errorLines.last,
            "error: x.apng: a 320x568 video is too large: an animated PNG holds at most 1000 frames, not 14401; "
                + "use a lower --fps, a shorter --duration or fewer --frames")

        try "ssh-rsa AAAAB3NzaC1yc2E".write(toFile: path("key"), atomically: true, encoding: .utf8)
        for (option, preset) in [("--transition", nil), ("--manifest", "push"), ("--cards", "card-push"), ("--label-font", "push")]
            as [(String, String?)]
        {
            let arguments = [preset].compactMap { $0 } + [option, path("key")]
            let text =
                "flipbook-lock 2\nname: x\n" + arguments.map { "argument: \($0)\n" }.joined()
                + "frame 0 time=0 progress=0 pixels=0000000000000000\n"
            try text.write(toFile: path("named.lock"), atomically: true, encoding: .utf8)
            let run = try flipbook(["verify", "named.lock"])
            XCTAssertEqual(run.status, 2, option)
            XCTAssertEqual(
                run.errorLines,
                [
                    "error: \(path("key")): the lock's \(option) file cannot be used; what is wrong with it is not "
                        + "shown, since a lock may come from someone else and the message could quote the file "
                        + "(run `flipbook render` with the lock's arguments to see it)"
                ], option)
            // Given on the command line, the file is the user's choice: the whole error.
            let given = try flipbook(["verify", "named.lock", option, path("key")])
            XCTAssertTrue(given.stderr.contains("'s'") || given.stderr.contains("font"), "\(option): \(given.stderr)")
        }

        // A lock side needing more decoded pixels than the budget says so in the option's words.
        let manifest = try oneLocalPhotoManifest()
        try writePNG(path("m/big.png"), width: 2500, height: 2500)
        try locked("g.lock", ["--manifest", manifest])
        let big = try rewrite("g.lock", "\"$MANIFEST/photos/p.png\"", "\"$MANIFEST/big.png\"", as: "big.lock")
        let run = try flipbook(["verify", big, "--review", "page", "--max-decoded-megapixels", "4"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let fact = try XCTUnwrap(try pageFacts("page")["reference"])
        XCTAssertTrue(fact.hasPrefix("not drawn: the images of this job need 8.3 megapixels decoded"), fact)
        XCTAssertTrue(fact.contains("(--max-decoded-megapixels)"), fact)
        XCTAssertFalse(fact.contains("RenderSettings"), fact)
    }
}
