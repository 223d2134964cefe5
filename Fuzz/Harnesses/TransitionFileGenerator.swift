import Flipbook

/// Makes a transition file (docs/TRANSITIONS.md) from fuzzer bytes: always valid JSON, and
/// mostly a valid file — random layer trees with transforms, clips, images, text, shapes,
/// snapshots and the manifest generators; animations with `to`/`from`/keyframes, delays, curves
/// and `after` chains; completions. The same bytes give the same file (no other randomness), so
/// a finding reproduces from its input.
///
/// The fuzzer's mutations of the bytes become structural mutations of the file: each byte is one
/// choice (a key present or not, a value, a count), read in document order; missing bytes read as
/// 0, the simplest choice. A few bytes choose *amplifiers* that a 64 KiB input could not
/// spell out as JSON: `after` chains and cycles thousands long, trees hundreds deep, nested
/// opacity groups, snapshots of snapshots' sources, text tens of kilobytes long — the shapes of
/// the files that made Flipbook crash, hang or allocate gigabytes.
///
/// Values are mostly inside the documented ranges (an out-of-range value only tests one error
/// message), with the edges and the extremes (±1000 scales, 10⁶ radii, 10⁹ coordinates, 1 pt
/// widths) weighted up, since that is where arithmetic breaks.
struct TransitionFileGenerator {
    private var bytes: [UInt8]
    private var position = 0
    /// Layer names made so far (targets for animations, snapshots, `cellOf`).
    private var layerNames: [String] = []
    private var gridNames: [String] = []
    /// Layers left to make: bounds the file for ordinary inputs (amplifiers raise it).
    private var layerBudget = 40
    private var nextLayer = 0

    /// The file the bytes describe.
    static func file(from input: UnsafeRawBufferPointer) -> String {
        var generator = TransitionFileGenerator(bytes: [UInt8](input))
        return generator.document()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: - Choices

    private mutating func byte() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }

    /// A choice in `range` (bytes beyond 255 values combine two bytes).
    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = range.upperBound - range.lowerBound + 1
        let raw = width > 256 ? byte() << 8 | byte() : byte()
        return range.lowerBound + raw % width
    }

    /// True with probability about `percent`/100; false once the bytes are used up (so a short
    /// input makes a small file).
    private mutating func chance(_ percent: Int) -> Bool {
        guard position < bytes.count else { return false }
        return byte() * 100 < percent * 256
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// A number drawn from the values where arithmetic breaks and from a plain range.
    /// One in 16 is any extreme, in range or not (the range checks are tested too).
    private mutating func number(_ low: Double, _ high: Double) -> Double {
        switch byte() % 16 {
        case 0, 1:
            let special = [0, 1, -1, 0.5, 1e-9, -1e-9, 2, 10, 1000, -1000, 1e6, -1e6, 1e9, -1e9, 4096, 32768, 0.1, 1.0 / 3]
                .filter { (low...high).contains($0) }
            return special.isEmpty ? low : pick(special)
        case 2, 3: return pick([low, high, (low + high) / 2, low == 0 ? 1e-6 : low * 0.999_999, high * 0.999_999])
        case 4: return pick([1000, -1000, 1e6, -1e6, 1e9, -1e9, 4096, 32768, 0.1, 1.0 / 3, low - 1e-9, high + 1])
        default:
            let fraction = Double(byte() << 8 | byte()) / 65535
            return low + (high - low) * fraction
        }
    }

    /// A coordinate or size in points, mostly on or near the 100 pt screen.
    private mutating func points() -> Double {
        chance(85) ? Double(int(-20...140)) + Double(byte() % 4) / 4 : number(-1e9, 1e9)
    }

    private mutating func length() -> Double {
        chance(85) ? Double(int(0...120)) + Double(byte() % 4) / 4 : number(0, 1e9)
    }

    // MARK: - JSON

    private func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(JSON.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    private func num(_ value: Double) -> String { JSON.number(value) }

    // MARK: - The file

    private mutating func document() -> String {
        // Amplifiers first, so a mutation of the first bytes switches whole shapes of file.
        let amplifier = byte()
        var members: [(String, String)] = []
        if chance(30) {
            members.append(("name", JSON.string(pick(["fuzz", "a b", "é", "../x", String(repeating: "n", count: int(1...300))]))))
        }
        if chance(20) { members.append(("device", device())) }
        if chance(60) { members.append(("timing", timing(main: true))) }
        if chance(40) { members.append(("background", color())) }
        if chance(25) { members.append(("statusBar", pick(["false", "true", "{\"style\": \"light\"}", "{\"style\": \"dark\"}"]))) }
        if chance(10) { members.append(("manifest", JSON.string("../photos.json"))) }
        var layers: [String] = []
        switch amplifier % 16 {
        case 1:
            // Deep: a chain of single sublayers (recursion depth in the decoder, animator, flattener);
            // at most 250, as a layer takes two JSON levels and files may nest 512.
            layerBudget = int(20...250)
            layers.append(deepLayer(depth: layerBudget))
        case 2:
            // Nested opacity groups, each with two children so none folds into its only op.
            layers.append(opacityGroups(depth: int(4...40)))
        case 3:
            // One wide subtree snapshotted many times.
            layerBudget = int(50...400)
            layers.append(layer(depth: 0))
            let source = layerNames.first ?? "l0"
            for _ in 0..<int(1...600) { layers.append(snapshotLayer(of: source)) }
        default:
            for _ in 0..<int(0...5) where layerBudget > 0 { layers.append(layer(depth: 0)) }
        }
        members.append(("layers", array(layers)))
        var animations: [String] = []
        switch amplifier % 16 {
        case 4:
            // An `after` chain, each animation after the next one declared (the resolution order
            // that made the recursion deepest), sometimes closed into a cycle.
            let count = int(2...6000), closed = chance(30)
            for index in 0..<count {
                let after = index + 1 < count ? "a\(index + 1)" : (closed ? "a0" : nil)
                animations.append(animation(index: index, after: after))
            }
        case 5:
            // Many animations of one property of one layer (segments sorted and searched per frame).
            let target = layerNames.first ?? "window"
            for index in 0..<int(100...5000) {
                animations.append(
                    object([
                        ("name", JSON.string("a\(index)")), ("target", JSON.string(target)),
                        ("delay", num(Double(index % 97) / 97)), ("duration", num(0.001 + Double(index % 13) / 10)),
                        ("to", object([("opacity", num(Double(index % 2)))]))
                    ]))
            }
        default:
            let count = int(0...6)
            for index in 0..<count {
                animations.append(animation(index: index, after: chance(30) ? "a\(int(0...max(0, count - (chance(5) ? 0 : 1))))" : nil))
            }
        }
        if !animations.isEmpty || chance(50) { members.append(("animations", array(animations))) }
        if chance(30) { members.append(("completion", array((0..<int(1...3)).map { _ in change() }))) }
        if chance(10) { members.append(("cancelCompletion", array([change()]))) }
        if chance(1) { members.append(("unknownKey", "1")) }
        if chance(20) {
            // Moments at awkward times (0, the 120 s limit, beyond it) with changes or none.
            members.append(
                (
                    "timedChanges",
                    array(
                        (0..<int(1...3)).map { _ in
                            object([("at", num(number(0, 120))), ("changes", array(chance(20) ? [] : [change()]))])
                        })
                ))
        }
        return object(members)
    }

    private mutating func device() -> String {
        switch byte() % 4 {
        case 0: return JSON.string(pick(["iphone8", "se", "plus", "x", "IPHONE8"]))
        case 1: return JSON.string("\(int(90...2010))x\(int(90...2010))")
        default:
            return object([
                ("width", num(Double(int(100...2000)))), ("height", num(Double(int(100...2000)))),
                ("scale", num(number(1, 4))), ("topBar", num(number(0, 200)))
            ])
        }
    }

    private mutating func curve(keyframe: Bool) -> [(String, String)] {
        switch byte() % 8 {
        case 0, 1: return [("curve", JSON.string(pick(["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])))]
        case 2:
            let x1 = number(0, 1), y1 = number(-5, 5), x2 = number(0, 1), y2 = number(-5, 5)
            return [("curve", JSON.string("bezier:\(num(x1)),\(num(y1)),\(num(x2)),\(num(y2))"))]
        case 3 where !keyframe:
            return [
                (
                    "curve",
                    JSON.string(
                        "spring-physics:\(num(number(0.01, 10))),\(num(number(0.1, 1000))),\(num(number(0.01, 100))),\(num(number(-100, 100)))"
                    )
                )
            ]
        case 3, 4:
            var members = [("curve", JSON.string("spring"))]
            if chance(60) { members.append(("damping", num(number(1e-6, 1)))) }
            if chance(40) { members.append(("velocity", num(number(-100, 100)))) }
            return members
        default: return []
        }
    }

    private mutating func timing(main: Bool) -> String {
        var members = curve(keyframe: false)
        if chance(70) { members.append(("duration", num(number(0.001, main ? 2 : 60)))) }
        return object(members)
    }

    private mutating func color() -> String {
        switch byte() % 5 {
        case 0:
            return JSON.string(
                pick(["white", "black", "clear", "red", "green", "blue", "systemBlue", "systemGray", "groupTableViewBackground"]))
        case 1: return JSON.string("#" + (0..<pick([6, 8])).map { _ in String(byte() % 16, radix: 16) }.joined())
        default:
            let alpha = chance(50) ? [pick([0, 0.5, 1, 0.01])] : []
            return JSON.numbers([Double(byte()) / 255, Double(byte()) / 255, Double(byte()) / 255] + alpha)
        }
    }

    private mutating func rect() -> String { JSON.numbers([points(), points(), length(), length()]) }

    /// A frame: a rect, or one of the manifest-based frames.
    private mutating func frame() -> String {
        switch byte() % 12 {
        case 0: return object([("aspectFitPhoto", "\(int(0...16))"), ("in", rect())])
        case 1: return object([("aspectFillPhoto", "\(int(0...16))"), ("in", rect())])
        case 2 where !gridNames.isEmpty: return object([("cellOf", JSON.string(pick(gridNames))), ("index", "\(int(0...16))")])
        default: return rect()
        }
    }

    private mutating func transform() -> String {
        var members: [(String, String)] = []
        if chance(50) { members.append(("translate", JSON.numbers([points(), points()]))) }
        if chance(50) { members.append(("rotate", num(number(-36000, 36000)))) }
        if chance(50) {
            members.append(("scale", chance(50) ? num(number(-1000, 1000)) : JSON.numbers([number(-1000, 1000), number(-1000, 1000)])))
        }
        return object(members)
    }

    /// Text pieces: Latin words, the scripts the fallback fonts cover, emoji, combining marks,
    /// bidi controls, spaces and line feeds; sometimes one piece repeated thousands of times.
    private mutating func string() -> String {
        let pieces = [
            "a", "word ", "Wrap me ", "مرحبا بالعالم ", "日本語のテキスト", "हिन्दी ", "ภาษาไทย", "🙂", "👩🏽‍💻", "e\u{301}",
            "\u{202E}", "\u{200B}", " ", "\n", "\t", "…", "W", "\u{FFFD}", "\u{0}", "\u{1B}[2J"
        ]
        if chance(8) { return String(repeating: pick(pieces), count: int(100...30000)) }
        return (0..<int(0...12)).map { _ in pick(pieces) }.joined()
    }

    private mutating func text() -> String {
        var members = [("string", JSON.string(string()))]
        if chance(50) { members.append(("size", num(number(1, 500)))) }
        if chance(30) { members.append(("weight", JSON.string(pick(["regular", "semibold", "bold"])))) }
        if chance(30) { members.append(("color", color())) }
        if chance(50) { members.append(("origin", JSON.numbers([points(), points()]))) }
        if chance(30) {
            members.append(("align", JSON.string(pick(["leading", "natural", "center", "trailing"]))))
            if !chance(5) { members.append(("width", num(chance(80) ? Double(int(0...200)) : number(0, 1e6)))) }
        }
        if chance(40) { members.append(("maxWidth", num(pick([1, 0.5, 10, 50, 100, 1e6, number(0, 1e6)])))) }
        if chance(40) { members.append(("lines", "\(pick([0, 1, 2, 3, 10, 10000, int(0...10000)]))")) }
        if chance(30) {
            members.append(
                ("lineBreak", JSON.string(pick(["wordWrap", "charWrap", "clip", "truncateHead", "truncateTail", "truncateMiddle"]))))
        }
        return object(members)
    }

    private mutating func shapes() -> String {
        array(
            (0..<int(1...3)).map { _ in
                var members: [(String, String)] = []
                if chance(50) { members.append(("color", color())) }
                let contours = (0..<int(1...3)).map { _ in JSON.numbers((0..<(2 * int(3...12))).map { _ in points() }) }
                members.append(("contours", array(contours)))
                return object(members)
            })
    }

    private mutating func image() -> String {
        chance(70) ? object([("photo", "\(int(0...16))")]) : JSON.string("../photos/p\(int(0...16)).png")
    }

    private mutating func newName() -> String {
        let name = chance(2) && !layerNames.isEmpty ? pick(layerNames) : "l\(nextLayer)"
        nextLayer += 1
        layerNames.append(name)
        return name
    }

    /// The members every layer may have besides its name, sublayers and generator.
    private mutating func layerProperties(into members: inout [(String, String)]) {
        if !chance(3) { members.append(("frame", frame())) }
        if chance(30) { members.append(("opacity", num(number(0, 1)))) }
        if chance(50) { members.append(("backgroundColor", color())) }
        if chance(30) { members.append(("cornerRadius", num(number(0, 1e6)))) }
        if chance(30) { members.append(("transform", transform())) }
        if chance(15) { members.append(("scroll", JSON.numbers([points(), points()]))) }
        if chance(30) { members.append(("clipsToBounds", chance(50) ? "true" : "false")) }
        if chance(5) { members.append(("hidden", "true")) }
        if chance(30) { members.append(("image", image())) }
        if chance(25) { members.append(("contentMode", JSON.string(pick(["scaleToFill", "scaleAspectFit", "scaleAspectFill", "center"])))) }
        if chance(30) { members.append(("text", text())) }
        if chance(10) { members.append(("shapes", shapes())) }
        if chance(8), !layerNames.isEmpty { members.append(("snapshotOf", JSON.string(pick(layerNames)))) }
    }

    private mutating func layer(depth: Int) -> String {
        layerBudget -= 1
        let name = newName()
        var members = [("name", JSON.string(name))]
        if depth < 3, chance(6) {
            gridNames.append(name)
            var grid: [(String, String)] = []
            if chance(50) { grid.append(("columns", "\(int(1...9))")) }
            if chance(30) { grid.append(chance(50) ? ("scroll", num(number(0, 1e7))) : ("reveal", "\(int(0...16))")) }
            if chance(30) { grid.append(("hidden", JSON.numbers((0..<int(1...3)).map { _ in Double(int(0...16)) }))) }
            members.append(("waterfallGrid", object(grid)))
            for index in 0..<16 { layerNames.append("\(name) cell \(index)") }
        } else if depth < 3, chance(4) {
            var bar = [("title", JSON.string(string()))]
            if chance(50) { bar.append(("backTitle", JSON.string(string()))) }
            if chance(30) { bar.append(("rightButton", JSON.string("Add"))) }
            members.append(("navigationBar", object(bar)))
        }
        layerProperties(into: &members)
        if depth < 12, layerBudget > 0, chance(45) {
            var sublayers: [String] = []
            for _ in 0..<int(1...4) where layerBudget > 0 { sublayers.append(layer(depth: depth + 1)) }
            members.append(("sublayers", array(sublayers)))
        }
        return object(members)
    }

    private mutating func deepLayer(depth: Int) -> String {
        // Built inside out: the innermost layer first, with its own properties.
        var names: [String] = []
        for _ in 0..<depth { names.append(newName()) }
        var inner = ""
        for name in names.reversed() {
            var members = [("name", JSON.string(name))]
            layerProperties(into: &members)
            if !inner.isEmpty { members.append(("sublayers", array([inner]))) }
            inner = object(members)
        }
        return inner
    }

    private mutating func opacityGroups(depth: Int) -> String {
        var inner = object([("name", JSON.string(newName())), ("frame", rect()), ("backgroundColor", color())])
        for _ in 0..<depth {
            let sibling = object([("name", JSON.string(newName())), ("frame", rect()), ("backgroundColor", color())])
            var members = [
                ("name", JSON.string(newName())), ("frame", chance(50) ? rect() : "[0, 0, 100, 100]"),
                ("opacity", num(number(0.01, 0.99))), ("backgroundColor", color())
            ]
            if chance(30) { members.append(("transform", transform())) }
            members.append(("sublayers", array([inner, sibling])))
            inner = object(members)
        }
        return inner
    }

    private mutating func snapshotLayer(of source: String) -> String {
        var members = [("name", JSON.string(newName())), ("snapshotOf", JSON.string(source)), ("frame", rect())]
        if chance(20) { members.append(("transform", transform())) }
        return object(members)
    }

    /// A values object (animatable keys only).
    private mutating func values() -> String {
        var members: [(String, String)] = []
        if chance(50) { members.append(("frame", frame())) }
        if chance(40) { members.append(("opacity", num(number(0, 1)))) }
        if chance(30) { members.append(("backgroundColor", color())) }
        if chance(30) { members.append(("cornerRadius", num(number(0, 1e6)))) }
        if chance(40) { members.append(("transform", transform())) }
        if chance(20) { members.append(("scroll", JSON.numbers([points(), points()]))) }
        if members.isEmpty { members.append(("opacity", num(number(0, 1)))) }
        return object(members)
    }

    private mutating func target() -> String {
        JSON.string(layerNames.isEmpty || chance(5) ? pick(["window", "window", "status bar", "nobody"]) : pick(layerNames))
    }

    private mutating func animation(index: Int, after: String?) -> String {
        var members = [("name", JSON.string("a\(index)")), ("target", target())]
        if chance(25) {
            let keyframes = (0..<int(1...4)).map { _ -> String in
                let start = number(0, 1)
                var keyframe = [("start", num(start)), ("duration", num(max(1e-6, (1 - start) * number(0, 1)))), ("to", values())]
                keyframe += curve(keyframe: true)
                return object(keyframe)
            }
            members.append(("keyframes", array(keyframes)))
        } else {
            let to = values()
            members.append(("to", to))
            if chance(20) { members.append(("from", to)) }
        }
        if chance(30) { members.append(("delay", num(number(0, 2)))) }
        if let after { members.append(("after", JSON.string(after))) }
        if chance(40) { members.append(("duration", num(number(0.001, 2)))) }
        members += curve(keyframe: false)
        if chance(15) { members.append(("completion", array([change()]))) }
        return object(members)
    }

    private mutating func change() -> String {
        var set: [(String, String)] = []
        switch byte() % 6 {
        case 0: set.append(("removed", "true"))
        case 1: set.append(("hidden", chance(50) ? "true" : "false"))
        case 2: set.append(("text", text()))
        case 3: set.append(("image", image()))
        default:
            set.append(("opacity", num(number(0, 1))))
            if chance(50) { set.append(("frame", frame())) }
        }
        return object([("target", target()), ("set", object(set))])
    }
}
