import FlipbookGeometry
import FlipbookModel
import FlipbookSupport

extension TransitionDecoder {
    /// The keys of a frame laid out against the window or its safe area.
    static let relativeFrameKeys = ["relativeTo", "left", "right", "top", "bottom", "width", "height", "centerX", "centerY"]

    /// True when a frame object is a relative frame (it has one of `relativeFrameKeys`).
    static func isRelativeFrame(_ object: JSONObject) -> Bool { relativeFrameKeys.contains(where: object.has) }

    /// A frame laid out against the window (`"relativeTo": "window"`, the default), its safe
    /// area (`"safeArea"`) of the device the file is rendered on, or the layer's parent's bounds
    /// (`"parent"`), returned in the parent's points (`parentOrigin` is the parent's window
    /// origin, `parentSizeForFrames` its size).
    ///
    /// Each axis takes at most two of its keys, as Auto Layout pins an edge: horizontally
    /// `left` and/or `right` (insets from the reference's edges), `width`, or `centerX` (the
    /// centre's offset from the reference's centre) with `width`; vertically `top`, `bottom`,
    /// `height`, `centerY` likewise. An axis with no key spans the reference; `width` alone is
    /// centred. A value is points, or a string `"N%"`: N % of the reference's width (left,
    /// right, width, centerX) or height (the others).
    func relativeFrame(_ object: JSONObject, parentOrigin: Point) throws -> Rect {
        for key in ["cellOf", "index", "aspectFitPhoto", "aspectFillPhoto", "in"] {
            if let extra = object.optional(key) {
                throw extra.fail("\"\(key)\" does not go with a frame relative to the window or safe area (\"relativeTo\", \"left\", …)")
            }
        }
        let relativeTo = try object.optional("relativeTo")?.choice(["window", "safeArea", "parent"]) ?? "window"
        let reference: Rect
        switch relativeTo {
        case "safeArea": reference = device.safeArea
        case "parent": reference = Rect(origin: parentOrigin, size: parentSizeForFrames ?? device.sizePoints)
        default: reference = device.bounds
        }
        func value(_ key: String, of length: Double) throws -> Double? {
            guard let field = object.optional(key) else { return nil }
            if case let .string(text) = field.value {
                guard text.hasSuffix("%"), let percent = Double(text.dropLast()), percent.isFinite, abs(percent) <= 1000 else {
                    throw field.fail(
                        "expected points or a percentage of the \(relativeTo == "safeArea" ? "safe area" : relativeTo) such as \"50%\", got \(InputText.quoted(text))"
                    )
                }
                return percent / 100 * length
            }
            return try field.number(in: -1e6...1e6)
        }
        func axis(start: String, end: String, size: String, centre: String, origin: Double, length: Double) throws -> (Double, Double) {
            let first = try value(start, of: length), last = try value(end, of: length)
            let extent = try value(size, of: length), offset = try value(centre, of: length)
            let given = [start, end, size, centre].filter(object.has)
            if given.count > 2 || (offset != nil && extent == nil) || (offset != nil && given.count == 2 && extent == nil) {
                throw object.optional(given.last!)!.fail(
                    "give at most two of \"\(start)\", \"\(end)\", \"\(size)\" (or \"\(centre)\" with \"\(size)\"), not \(given.map { "\"\($0)\"" }.joined(separator: ", "))"
                )
            }
            if offset != nil, first != nil || last != nil {
                throw object.optional(centre)!.fail("\"\(centre)\" goes with \"\(size)\" only")
            }
            let result: (Double, Double)
            switch (first, last, extent) {
            case let (a?, b?, nil): result = (origin + a, length - a - b)
            case let (a?, nil, w?): result = (origin + a, w)
            case let (nil, b?, w?): result = (origin + length - b - w, w)
            case let (a?, nil, nil): result = (origin + a, length - a)
            case let (nil, b?, nil): result = (origin, length - b)
            case let (nil, nil, w?): result = (origin + (length - w) / 2 + (offset ?? 0), w)
            default: result = (origin, length)
            }
            guard result.1 >= 0 else {
                throw (object.optional(size) ?? object.optional(end) ?? object.field).fail(
                    "leaves a \(size) of \(JSON.number(result.1)) points on this device (\(device.name)); the frame needs a size of 0 or more"
                )
            }
            return result
        }
        let (x, width) = try axis(
            start: "left", end: "right", size: "width", centre: "centerX", origin: reference.x, length: reference.width)
        let (y, height) = try axis(
            start: "top", end: "bottom", size: "height", centre: "centerY", origin: reference.y, length: reference.height)
        return Rect(x: x - parentOrigin.x, y: y - parentOrigin.y, width: width, height: height)
    }
}
