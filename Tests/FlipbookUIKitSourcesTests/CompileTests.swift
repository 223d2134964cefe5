import FlipbookUIKitSources
import Foundation
import XCTest

/// Rewritten files type-checked by the Swift compiler with FlipbookUIKit's `Selector` (its file
/// needs only Foundation): the generated code is valid Swift in the corner cases, and a
/// `#selector` of a missing method is an error at the original file and line.
final class CompileTests: XCTestCase {
    /// FlipbookUIKit's `Selector.swift`, wherever the module keeps it.
    private func selectorSource() throws -> URL {
        let module = repository.appendingPathComponent("Sources/FlipbookUIKit")
        let found = FileManager.default.enumerator(at: module, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.first { $0.lastPathComponent == "Selector.swift" }
        return try XCTUnwrap(found, "Selector.swift in Sources/FlipbookUIKit")
    }

    /// Rewrites `source` (reported as `/original/App.swift`) and type-checks it; returns the
    /// compiler's exit status and messages.
    private func typeCheck(_ source: String) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-sources-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = UIKitSourcesOptions(reportedPath: { "/original/" + $0 })
        let rewritten = try UIKitSourcesRewriter.rewrite([UIKitSourceFile(path: "App.swift", bytes: Array(source.utf8))], options: options)
        let file = folder.appendingPathComponent(rewritten[0].path)
        try Data(rewritten[0].bytes).write(to: file)
        return try runProcess(
            "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "App", try selectorSource().path, file.path])
    }

    func testASelectorOfAMissingMethodIsACompileErrorAtTheOriginalLine() throws {
        let source =
            "import Foundation\n\nfinal class Screen: NSObject {\n    @objc func close() {}\n    lazy var action = #selector(closeAll)\n}\n"
        let result = try typeCheck(source)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("/original/App.swift:5:"), result.output)
        XCTAssertTrue(result.output.contains("closeAll"), result.output)
    }

    func testRewrittenCornerCasesCompile() throws {
        let source = #"""
            import Foundation

            @objc protocol Feed: NSObjectProtocol {
                func reload()
                @objc optional func feed(_ feed: Any, heightForRowAt row: Int) -> Double
                @objc optional func feedWillLoad() throws
            }

            class Base: NSObject, Feed {
                func reload() {}
                @objc func refresh(_ sender: Any?) {}
            }

            final class Sub: Base {
                func feed(_ feed: Any, heightForRowAt row: Int) -> Double { 44 }
                @objc override func refresh(_ sender: Any?) { super.refresh(sender) }
                @objc func refresh(_ sender: Any?, forEvent event: Any) {}
            }

            class Outer: NSObject {
                class Inner: NSObject {
                    @objc func poke() {}
                    private class Hidden: NSObject { @objc func secret() {} }
                    func selectors() -> [Selector] { [#selector(poke), #selector(Outer.Inner.poke), Selector("poke")] }
                }
            }

            class Box<Element>: NSObject {
                @objc func open() {}
                lazy var opener = #selector(open)
            }

            @objc extension Base {
                func extra(_ x: [String: [Int: Set<String>]]) {}
            }

            #if os(iOS)
            final class PhoneOnly: NSObject, Feed { func reload() {}; func feedWillLoad() throws {} }
            #else
            final class Elsewhere: NSObject, Feed { func reload() {}; func feedWillLoad() throws {} }
            #endif

            func use(_ feed: Feed) throws -> Double {
                try feed.feedWillLoad?()
                let h = feed.feed?(0, heightForRowAt: 1) ?? 10
                if let h2 = feed.feed?(0, heightForRowAt: 2) { return h2 }
                let text = "\(#selector(Base.refresh(_:))) \(NSSelectorFromString("refresh:"))"
                _ = (text, /a+"b/)
                return h + (feed.responds(to: #selector(Feed.feed(_:heightForRowAt:))) ? 1 : 0)
            }
            """#
        let result = try typeCheck(source)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertFalse(result.output.contains("warning:"), result.output)
    }
}
