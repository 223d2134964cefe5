import FlipbookUIKitSources
import XCTest

/// The rewriter's corner cases, on small folders written here. Expected texts are what the
/// documentation promises for each construct (attributes blanked in place, `#selector` as
/// `Selector(Type.method(labels), name: "objcName")`, …), not output recorded from a run.
final class RewriterTests: XCTestCase {
    private let root = "/app"

    /// Rewrites `files` (relative path → text); returns output path → text.
    private func rewrite(_ files: [(String, String)], addedImports: [String] = []) throws -> [String: String] {
        let options = UIKitSourcesOptions(addedImports: addedImports, reportedPath: { "/app/" + $0 })
        let output = try UIKitSourcesRewriter.rewrite(files.map { UIKitSourceFile(path: $0.0, bytes: Array($0.1.utf8)) }, options: options)
        return Dictionary(uniqueKeysWithValues: output.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    /// The rewritten body of a single file: without its `#sourceLocation` line and the generated part.
    private func body(_ source: String, file: String = "A.swift") throws -> String {
        let output = try XCTUnwrap(rewrite([(file, source)])[file.replacingOccurrences(of: ".swift", with: ".linux.swift")], "rewritten")
        let lines = output.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "#sourceLocation(file: \"/app/\(file)\", line: 1)")
        let end = lines.firstIndex(of: "#sourceLocation()") ?? lines.count
        return lines[1..<end].joined(separator: "\n")
    }

    /// `source` with each replacement made in turn (its first occurrence); a nil replacement
    /// blanks the text: spaces of its length, line breaks kept.
    private func applying(_ source: String, _ replacements: [(String, String?)]) -> String {
        var result = source
        for (text, replacement) in replacements {
            guard let range = result.range(of: text) else { XCTFail("no \(text)"); continue }
            result.replaceSubrange(range, with: replacement ?? String(text.map { $0 == "\n" ? "\n" : " " }))
        }
        return result
    }

    private func failure(_ files: [(String, String)]) -> String? {
        do { _ = try rewrite(files); return nil } catch { return "\(error)" }
    }

    func testAFileWithoutObjectiveCSyntaxPassesThroughByteForByte() throws {
        let source =
            "import UIKit\n\n// @objc in a comment, \"#selector(x)\" in a string\nfinal class A: UIView { let dynamic = 1 }\n"
            + "enum Binding {\n    case dynamic\n    case optional\n    static let fixed = Binding.dynamic\n}\n"
        XCTAssertEqual(try rewrite([("Sub/A.swift", source)]), ["Sub/A.swift": source])
        // The added import is the only change then, before the original line 1.
        XCTAssertEqual(
            try rewrite([("A.swift", source)], addedImports: ["UIKit", "QuartzCore"])["A.linux.swift"],
            "import QuartzCore\n#sourceLocation(file: \"/app/A.swift\", line: 1)\n" + source)
    }

    func testRunLoopTypesAreQualifiedWithFlipbookUIKitWhereverTheyNameFoundationsTypes() throws {
        let source = """
            import Foundation
            import UIKit
            final class Fader {
                var timer: Timer?
                let item = DispatchWorkItem { }
                func start(_ view: UIView) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { view.alpha = 0 }
                    let later: DispatchTime = DispatchTime.now() + .milliseconds(300)
                    timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in }
                    RunLoop.main.add(Foundation.Timer(timeInterval: 1, repeats: false) { _ in }, forMode: .common)
                    _ = (later, DispatchWallTime.now(), "Timer", self.Timer)
                }
                let Timer = 1
            }
            """
        // Every use but the member ones (`Foundation.Timer`, `self.Timer`), a declared name and the string.
        XCTAssertEqual(
            try body(source),
            source
                .replacingOccurrences(of: "var timer: Timer?", with: "var timer: FlipbookUIKit.Timer?")
                .replacingOccurrences(of: "= DispatchWorkItem", with: "= FlipbookUIKit.DispatchWorkItem")
                .replacingOccurrences(of: "        DispatchQueue.main", with: "        FlipbookUIKit.DispatchQueue.main")
                .replacingOccurrences(
                    of: "DispatchTime = DispatchTime.now()", with: "FlipbookUIKit.DispatchTime = FlipbookUIKit.DispatchTime.now()"
                )
                .replacingOccurrences(of: "timer = Timer.", with: "timer = FlipbookUIKit.Timer.")
                .replacingOccurrences(of: "        RunLoop.main", with: "        FlipbookUIKit.RunLoop.main")
                .replacingOccurrences(of: "DispatchWallTime.now()", with: "FlipbookUIKit.DispatchWallTime.now()"))
        // A folder declaring its own `Timer` keeps it.
        let own = "final class Timer {}\nlet t = Timer()\n"
        XCTAssertEqual(try rewrite([("T.swift", own)]), ["T.swift": own])
    }

    func testAttributesAndDynamicAreBlankedInPlace() throws {
        let source = """
            @objcMembers @IBDesignable final class Card: UIView {
                @IBOutlet weak var label: UILabel!
                @IBInspectable var radius: CGFloat = 0
                @objc dynamic var progress = 0.0
                let dynamic = "dynamic"
                @objc(flipWithAnimation:
                      completion:) func flip(animated: Bool, completion: Any?) {}
                @IBAction private func tapped(_ sender: Any) { print(self.dynamic) }
            }
            """
        XCTAssertEqual(
            try body(source),
            applying(
                source,
                [
                    ("@objcMembers", nil), ("@IBDesignable", nil), ("@IBOutlet", nil), ("@IBInspectable", nil), ("@objc", nil),
                    ("dynamic var", "        var"),
                    ("@objc(flipWithAnimation:\n          completion:)", nil), ("@IBAction", nil)
                ]))
    }

    func testSelectorsBecomeMethodReferencesWithTheirObjectiveCNames() throws {
        let source = """
            class Screen: UIViewController {
                let a = #selector(close)
                let b = #selector(handlePan(_:))
                let c = #selector(Screen.move(to:))
                let d = #selector(self.tap(sender:))
                let e = #selector(scrollTo(index:))
                let f = #selector(getter: Screen.progress)
                let g = #selector(setter: progress)
                let h = #selector(pick(_:) as (Int) -> Void)
                let i = #selector(Other.done)
                let j = #selector(renamed)
                let k = #selector(layoutSubviews)
                @objc func close() {}
                @objc func handlePan(_ pan: UIPanGestureRecognizer) {}
                @objc(renamedAction:) func renamed(_ x: Int) {}
            }
            extension Outer.Inner {
                func setUp() { _ = #selector(run) }
            }
            """
        XCTAssertEqual(
            try body(source),
            applying(
                source,
                [
                    ("#selector(close)", #"Selector(Screen.close, name: "close")"#),
                    ("#selector(handlePan(_:))", #"Selector(Screen.handlePan(_:), name: "handlePan:")"#),
                    ("#selector(Screen.move(to:))", #"Selector(Screen.move(to:), name: "moveTo:")"#),
                    ("#selector(self.tap(sender:))", #"Selector(Screen.tap(sender:), name: "tapWithSender:")"#),
                    ("#selector(scrollTo(index:))", #"Selector(Screen.scrollTo(index:), name: "scrollToIndex:")"#),
                    ("#selector(getter: Screen.progress)", #"Selector(getter: \Screen.progress, name: "progress")"#),
                    ("#selector(setter: progress)", #"Selector(setter: \Screen.progress, name: "setProgress:")"#),
                    ("#selector(pick(_:) as (Int) -> Void)", #"Selector(Screen.pick(_:) as (Screen) -> (Int) -> Void, name: "pick:")"#),
                    ("#selector(Other.done)", #"Selector(Other.done, name: "done")"#),
                    ("#selector(renamed)", #"Selector(Screen.renamed, name: "renamedAction:")"#),
                    ("#selector(layoutSubviews)", #"Selector(Screen.layoutSubviews, name: "layoutSubviews")"#),
                    ("@objc", nil), ("@objc", nil), ("@objc(renamedAction:)", nil),
                    ("#selector(run)", #"Selector(Outer.Inner.run, name: "run")"#)
                ]))
    }

    func testSelectorsInStringsCommentsAndInterpolations() throws {
        let source = """
            class A {
                // #selector(a) stays a comment
                let text = "#selector(a)" + #"\\(#selector(a))"#
                let shown = "\\(#selector(a)) and \\("\\(#selector(b(_:)))")"
                /* nested /* #selector(c) */ */ @objc func a() {}
            }
            """
        XCTAssertEqual(
            try body(source),
            applying(
                source,
                [
                    ("\\(#selector(a)) and", #"\(Selector(A.a, name: "a")) and"#),
                    ("#selector(b(_:))", #"Selector(A.b(_:), name: "b:")"#),
                    ("*/ @objc", "*/      ")
                ]))
    }

    func testWhatCannotBeRewrittenIsRefusedWithFileLineAndColumn() {
        XCTAssertEqual(
            failure([("A.swift", "let s = #selector(tap)\n")]),
            "/app/A.swift:1:9: #selector(tap) is outside a class, so its method's type is unknown; write #selector(Type.tap)")
        XCTAssertEqual(
            failure([("A.swift", "class A {\n  let s = #selector(view.layoutSubviews)\n}")]),
            "/app/A.swift:2:11: #selector(view.layoutSubviews) names a method through the value 'view'; name its type instead (#selector(TypeName.layoutSubviews))"
        )
        XCTAssertEqual(
            failure([("A.swift", "class A {\n  @objc static func make() {}\n  let s = #selector(A.make)\n}")]),
            "/app/A.swift:3:11: #selector(A.make) names a static method; only instance methods can be rewritten")
        XCTAssertEqual(
            failure([("A.swift", "@objc protocol P {\n    @objc optional var title: String { get }\n}")]),
            "/app/A.swift:2:20: an optional property, subscript or initializer requirement cannot be rewritten; "
                + "make it an optional method (`@objc optional func`), whose calls `x.name?(…)` are rewritten")
        XCTAssertEqual(failure([("A.swift", "let a = 1\n/* open")]), "/app/A.swift:2:1: unterminated block comment (/* without its */)")
        XCTAssertEqual(failure([("A.swift", "#if os(iOS)\nlet a = 1\n")]), "/app/A.swift:2:1: #if os(iOS) is never closed by #endif")
        XCTAssertEqual(failure([("A.swift", "class A { func f() { )")]), "/app/A.swift:1:22: ')' does not close anything opened before it")
        XCTAssertEqual(
            failure([("A.swift", "class A { @objc func f() {} }"), ("A.linux.swift", "")]),
            "/app/A.swift:1:1: rewritten, it is written as A.linux.swift, which is a file of the folder too; rename one of them")
    }

    func testObjCProtocolsStayClassBound() throws {
        XCTAssertEqual(
            try body("@objc protocol P { func a() }\n@objc public protocol Q: NSObjectProtocol {}"),
            "      protocol P: AnyObject { func a() }\n      public protocol Q: AnyObject, NSObjectProtocol {}")
    }

    /// An optional requirement's calls in every form, its conformance in another file's
    /// extension (through a sub-protocol), and a same-named closure property left alone.
    func testOptionalRequirementsAndTheirCallSites() throws {
        let protocolFile = """
            import UIKit
            @objc protocol CardDelegate {
                func cardDidOpen(_ card: Card)
                @objc optional func card(_ card: Card, heightFor width: CGFloat) -> CGFloat
                @objc optional func cardDidClose(_ card: Card, items: [String: Array<Int>])
            }
            protocol FancyCardDelegate: CardDelegate {}
            final class Card: UIView {
                weak var delegate: CardDelegate?
                var card: ((Int) -> Void)?
                func layout() {
                    let h = delegate?.card?(self, heightFor: 3) ?? 100
                    if let h2 = delegate?.card?(self, heightFor: bounds.width) { print(h, h2) }
                    delegate?.cardDidClose?(self, items: [:])
                    let forced = delegate!.card!(self, heightFor: 1)
                    card?(3)
                    self.card?(forced > 0 ? 1 : 2)
                }
            }
            """
        let conformanceFile = """
            final class Screen: UIViewController {}
            extension Screen: FancyCardDelegate {
                func cardDidOpen(_ card: Card) {}
                private func card(_ card: Card, heightFor width: CGFloat) -> CGFloat { width }
            }
            """
        let output = try rewrite([("Card.swift", protocolFile), ("Screen.swift", conformanceFile)])
        let card = try XCTUnwrap(output["Card.linux.swift"]).components(separatedBy: "#sourceLocation()\n")
        XCTAssertEqual(
            card[0],
            "#sourceLocation(file: \"/app/Card.swift\", line: 1)\n"
                + applying(
                    protocolFile,
                    [
                        ("@objc protocol CardDelegate", "      protocol CardDelegate: AnyObject"),
                        ("@objc optional func card(_ card: Card, heightFor width: CGFloat) -> CGFloat", nil),
                        ("@objc optional func cardDidClose(_ card: Card, items: [String: Array<Int>])", nil),
                        ("delegate?.card?(self, heightFor: 3)", "delegate?._objcOptional_card__heightFor?(self,  3)"),
                        ("delegate?.card?(self, heightFor: bounds.width)", "delegate?._objcOptional_card__heightFor?(self,  bounds.width)"),
                        ("delegate?.cardDidClose?(self, items: [:])", "delegate?._objcOptional_cardDidClose__items?(self,  [:])"),
                        ("delegate!.card!(self, heightFor: 1)", "delegate!._objcOptional_card__heightFor!(self,  1)")
                    ]) + "\n")
        XCTAssertEqual(
            card[1],
            """
            // Generated by flipbook uikit-sources: what Objective-C does at run time on iOS, as Swift.
            /// Adopted by the classes that implement `CardDelegate.card(_:heightFor:)`, an optional requirement on iOS.
            protocol _ObjCOptional_CardDelegate_card__heightFor: AnyObject {
                func card(_ card: Card, heightFor width: CGFloat) -> CGFloat
            }
            extension CardDelegate {
                /// `card(_:heightFor:)` when `self` implements it, else nil: what `card?(…)` calls.
                var _objcOptional_card__heightFor: ((Card, CGFloat) -> CGFloat)? {
                    guard let implementation = self as? any _ObjCOptional_CardDelegate_card__heightFor else { return nil }
                    return { implementation.card($0, heightFor: $1) }
                }
            }
            /// Adopted by the classes that implement `CardDelegate.cardDidClose(_:items:)`, an optional requirement on iOS.
            protocol _ObjCOptional_CardDelegate_cardDidClose__items: AnyObject {
                func cardDidClose(_ card: Card, items: [String: Array<Int>])
            }
            extension CardDelegate {
                /// `cardDidClose(_:items:)` when `self` implements it, else nil: what `cardDidClose?(…)` calls.
                var _objcOptional_cardDidClose__items: ((Card, [String: Array<Int>]) -> Void)? {
                    guard let implementation = self as? any _ObjCOptional_CardDelegate_cardDidClose__items else { return nil }
                    return { implementation.cardDidClose($0, items: $1) }
                }
            }

            """)
        // The private witness becomes internal (the marker protocol it implements is).
        XCTAssertEqual(
            output["Screen.linux.swift"],
            "#sourceLocation(file: \"/app/Screen.swift\", line: 1)\n"
                + applying(conformanceFile, [("private", nil)]) + """

                    #sourceLocation()
                    // Generated by flipbook uikit-sources: what Objective-C does at run time on iOS, as Swift.
                    extension Screen: _ObjCOptional_CardDelegate_card__heightFor {}

                    """)
    }

    func testGeneratedDeclarationsKeepTheirIfConditions() throws {
        let source = """
            @objc protocol P { @objc optional func a() }
            #if os(iOS)
            final class Old: NSObject, P { func a() {} }
            #elseif DEBUG
            final class Debug: NSObject, P { func a() {} }
            #else
            final class New: NSObject, P {
            #if canImport(UIKit)
                func a() {}
            #endif
            }
            #endif
            """
        let output = try XCTUnwrap(rewrite([("A.swift", source)])["A.linux.swift"])
        let generated = output.components(separatedBy: "#sourceLocation()\n")[1]
        XCTAssertTrue(
            generated.hasSuffix(
                """
                #if (os(iOS))
                extension Old: _ObjCOptional_P_a {}
                #endif
                #if (!(os(iOS)) && (DEBUG))
                extension Debug: _ObjCOptional_P_a {}
                #endif
                #if (!(os(iOS)) && !(DEBUG)) && (canImport(UIKit))
                extension New: _ObjCOptional_P_a {}
                #endif

                """), generated)
    }

    func testStringSelectorsGetTheFolderLookup() throws {
        let output = try rewrite([
            (
                "A.swift",
                "class A: NSObject {\n  @objc func go() {}\n  let s = Selector(\"go\")\n  let t = NSSelectorFromString(name)\n  let u = Foo.Selector(\"x\")\n}"
            ),
            ("B.swift", "final class B: A {\n  @objc override func go() {}\n}")
        ])
        let a = try XCTUnwrap(output["A.linux.swift"])
        XCTAssertTrue(a.contains("let s = Selector(\"go\", methods: _flipbookSelectorMethods)\n"), a)
        XCTAssertTrue(a.contains("let t = NSSelectorFromString(name, methods: _flipbookSelectorMethods)\n"), a)
        XCTAssertTrue(a.contains("let u = Foo.Selector(\"x\")\n"), a)
        // After each method a string selector can reach, on its line: a member returning its selector.
        XCTAssertTrue(
            a.contains(
                "        func go() {}; nonisolated static func _flipbookSelector_A_swift_0() -> Selector { Selector(A.go, name: \"go\") }\n"
            ), a)
        // Every file's table, most derived class first (B is A's subclass: depth 1).
        XCTAssertTrue(
            a.contains(
                """
                func _flipbookSelectorMethods(_ target: AnyObject, _ name: String) -> Selector? {
                    let found: [(Int, Selector)] = [_flipbookSelectorTable_A_swift(target, name), _flipbookSelectorTable_B_swift(target, name)].compactMap { $0 }
                    return found.max { $0.0 < $1.0 }?.1
                }
                """), a)
        let b = try XCTUnwrap(output["B.linux.swift"])
        XCTAssertTrue(b.contains("    if target is B, name == \"go\" { return (1, B._flipbookSelector_B_swift_0()) }\n"), b)
        XCTAssertFalse(b.contains("func _flipbookSelectorMethods"), "one lookup per folder, in the first file making string selectors")
    }

    func testEveryOriginalLineKeepsItsNumber() throws {
        let source = """
            @objc protocol P {
                @objc optional
                func a(
                    _ x: Int
                ) -> Int
            }
            class C {
                let s = #selector(
                    C.f(_:)
                )
                @objc func f(_ x: Int) {}
                let marker = 1
            }
            """
        let lines = try body(source).components(separatedBy: "\n")
        XCTAssertEqual(lines.count, source.components(separatedBy: "\n").count)
        XCTAssertEqual(lines[11], "    let marker = 1")
    }

    func testOutputIsTheSameOnEveryRun() throws {
        let files = [
            (
                "A.swift",
                "@objc protocol P { @objc optional func a() }\nclass A: NSObject, P { @objc func a() {} ; let s = Selector(\"a\") }"
            ),
            ("B.swift", "class B: A { @objc func b(_ x: Any) {} }")
        ]
        XCTAssertEqual(try rewrite(files), try rewrite(files))
    }
}
