import FlipbookGeometry
import FlipbookModel
import FlipbookMotion
import FlipbookRaster
import FlipbookSamples
import FlipbookSupport
import FlipbookText
import Foundation

/// Layers of a transition file: frames, images, text, transforms, waterfall grids, navigation bars and patches.
extension TransitionDecoder {
    mutating func layer(_ field: JSONField, parentOrigin: Point) throws -> Layer {
        let object = try field.object(known: TransitionDecoder.layerKeys)
        let nameField = try object.required("name", "a unique name animations refer to")
        let name = try nameField.nonEmptyString()
        if let first = layerPaths[name] {
            throw nameField.fail("another layer is already named \(InputText.quoted(name)) (at \(first.text)); names must be unique")
        }
        layerPaths[name] = field.location
        parentOrigins[name] = parentOrigin
        parentSizes[name] = parentSizeForFrames ?? device.sizePoints
        var layer = Layer(name: name, frame: .zero)
        if object.has("waterfallGrid"), let bar = object.optional("navigationBar") {
            throw bar.fail("a layer has at most one generator: \"waterfallGrid\" or \"navigationBar\"")
        }
        if object.has("waterfallGrid"), let scroll = object.optional("scroll") {
            throw scroll.fail(
                "a waterfall grid's scroll is \"waterfallGrid\": {\"scroll\": …} (or \"reveal\"), so its cells and cellOf agree")
        }
        if let grid = object.optional("waterfallGrid") {
            layer = try waterfallGrid(grid, name: name, object: object, parentOrigin: parentOrigin)
        } else if let bar = object.optional("navigationBar") {
            layer = try navigationBar(bar, name: name)
        } else {
            layer.frame = try frame(object.required("frame", "[x, y, width, height] in the parent's points"), parentOrigin: parentOrigin)
        }
        if object.has("waterfallGrid") || object.has("navigationBar"), let frame = object.optional("frame") {
            layer.frame = try self.frame(frame, parentOrigin: parentOrigin)
        }
        var patch = try self.patch(
            JSONField(value: field.value, location: field.location, file: file), object: object, targetParent: parentOrigin,
            animatableOnly: false, allowRemoved: false)
        patch.frame = nil
        layer.apply(patch)
        if let shapes = object.optional("shapes") { layer.shapes = try self.shapes(shapes) }
        if let shape = object.optional("shape") { layer.shapeContent = try shapeContent(shape) }
        if let mask = object.optional("mask") {
            // In the layer's own (bounds) coordinates, as its sublayers.
            let origin = Point(
                x: parentOrigin.x + layer.frame.x - layer.boundsOrigin.x, y: parentOrigin.y + layer.frame.y - layer.boundsOrigin.y)
            let outer = parentSizeForFrames
            parentSizeForFrames = layer.frame.size
            defer { parentSizeForFrames = outer }
            layer.mask = try self.layer(mask, parentOrigin: origin)
        }
        if let snapshot = object.optional("snapshotOf") {
            layer.snapshotOf = try snapshot.nonEmptyString()
            snapshotUses.append(snapshot)
        }
        if let sublayers = object.optional("sublayers") {
            let origin = Point(
                x: parentOrigin.x + layer.frame.x - layer.boundsOrigin.x, y: parentOrigin.y + layer.frame.y - layer.boundsOrigin.y)
            let outer = parentSizeForFrames
            parentSizeForFrames = layer.frame.size
            defer { parentSizeForFrames = outer }
            layer.sublayers += try sublayers.array().map { try self.layer($0, parentOrigin: origin) }
        }
        return layer
    }

    /// A frame: `[x, y, w, h]`, `{"cellOf": GRID, "index": N}` (that cell where the grid shows it at
    /// the start, in this layer's parent's points) or `{"aspectFitPhoto": N, "in": [x, y, w, h]}`.
    func frame(_ field: JSONField, parentOrigin: Point) throws -> Rect {
        guard case .object = field.value else { return try field.rect() }
        let object = try field.object(
            known: ["cellOf", "index", "aspectFitPhoto", "aspectFillPhoto", "in"] + TransitionDecoder.relativeFrameKeys,
            alternative: "give a plain [x, y, width, height] instead of an object")
        if TransitionDecoder.isRelativeFrame(object) { return try relativeFrame(object, parentOrigin: parentOrigin) }
        let kinds = ["cellOf", "aspectFitPhoto", "aspectFillPhoto"].filter(object.has)
        if kinds.count > 1 { throw field.fail("give one of \"cellOf\", \"aspectFitPhoto\" or \"aspectFillPhoto\", not \(kinds.count)") }
        if object.has("cellOf"), let extra = object.optional("in") {
            throw extra.fail("\"in\" goes with \"aspectFitPhoto\" or \"aspectFillPhoto\"")
        }
        if !object.has("cellOf"), let extra = object.optional("index") { throw extra.fail("\"index\" goes with \"cellOf\"") }
        if let grid = object.optional("cellOf") {
            let gridName = try grid.nonEmptyString()
            guard let cells = gridCells[gridName] else {
                let hint = Suggestions.fileHint(gridName, in: gridCells.keys.sorted())
                throw grid.fail("no waterfall grid named \(InputText.quoted(gridName)) is declared before this point\(hint)")
            }
            let index = try object.required("index", "the photo's index in the manifest").integer(in: 0...(cells.count - 1))
            return cells[index].offsetBy(dx: -parentOrigin.x, dy: -parentOrigin.y)
        }
        let fit = object.optional("aspectFitPhoto"), fill = object.optional("aspectFillPhoto")
        guard let photoField = fit ?? fill else {
            throw field.fail("expected [x, y, width, height], {\"cellOf\": …, \"index\": …} or {\"aspectFitPhoto\": …, \"in\": […]}")
        }
        let photo = try self.photo(photoField)
        let bounds = try object.required("in", "the rect to fit the photo in").rect()
        return (fit != nil ? ContentMode.scaleAspectFit : .scaleAspectFill).imageRect(imageSize: photo.sizePixels, in: bounds)
    }

    func photo(_ field: JSONField) throws -> ScenePhoto {
        guard !photos.isEmpty else { throw field.fail("refers to a manifest photo, but the manifest has no photos") }
        return photos[try field.integer(in: 0...(photos.count - 1))]
    }

    mutating func waterfallGrid(_ field: JSONField, name: String, object: JSONObject, parentOrigin: Point) throws -> Layer {
        let grid = try field.object(known: ["columns", "scroll", "reveal", "hidden"])
        guard !photos.isEmpty else { throw field.fail("a waterfall grid needs the manifest's photos, and it has none") }
        let columns = try grid.optional("columns")?.integer(in: 2...8) ?? options.columns
        // Laid out for the grid's own width: the screen's, or its `frame`'s when given.
        var layoutDevice = device
        if let frame = object.optional("frame") { layoutDevice.sizePoints.width = try self.frame(frame, parentOrigin: parentOrigin).width }
        let waterfall = WaterfallGrid(photos: photos, device: layoutDevice, columns: columns)
        var scroll = try grid.optional("scroll")?.number(in: 0...1e7) ?? 0
        if let reveal = grid.optional("reveal") {
            guard grid.optional("scroll") == nil else { throw reveal.fail("give \"scroll\" or \"reveal\", not both") }
            scroll = waterfall.scroll(revealing: try reveal.integer(in: 0...(photos.count - 1)))
        }
        let hidden = try grid.optional("hidden")?.array().map { try $0.integer(in: 0...(photos.count - 1)) } ?? []
        // Every cell gets a layer (a file may animate the grid's scroll or target any cell);
        // a file's grid keeps aspect-fill cells (the push preset's are the waterfall app's scaleToFill).
        var layer = waterfall.layer(scroll: scroll, allCells: true, cellMode: .scaleAspectFill)
        layer.name = name
        for index in layer.sublayers.indices {
            layer.sublayers[index].name = "\(name) cell \(index)"
            if hidden.contains(index) { layer.sublayers[index].isHidden = true }
        }
        if let frame = object.optional("frame") { layer.frame = try self.frame(frame, parentOrigin: parentOrigin) }
        for (index, cell) in layer.sublayers.enumerated() {
            let cellName = cell.name
            if let first = layerPaths[cellName] {
                throw field.fail("its cell \(InputText.quoted(cellName)) has the name of the layer at \(first.text)")
            }
            layerPaths[cellName] = field.location
            parentOrigins[cellName] = Point(x: parentOrigin.x + layer.frame.x, y: parentOrigin.y + layer.frame.y - scroll)
            _ = index
        }
        gridCells[name] = waterfall.layout.cellFrames.map {
            $0.offsetBy(dx: parentOrigin.x + layer.frame.x, dy: parentOrigin.y + layer.frame.y - scroll)
        }
        return layer
    }

    mutating func navigationBar(_ field: JSONField, name: String) throws -> Layer {
        let object = try field.object(known: ["title", "backTitle", "leftButton", "rightButton", "scrollEdge"])
        let item = NavigationItem(
            title: try object.optional("title")?.string() ?? "", backTitle: try object.optional("backTitle")?.string(),
            leftButton: try object.optional("leftButton")?.string(), rightButton: try object.optional("rightButton")?.string())
        // Over a scroll view resting at its top: from iOS 15 (the file's era) no background, no hairline.
        let atScrollEdge = try object.optional("scrollEdge")?.bool() ?? false
        var bar = NavigationBar.restyled(NavigationBar.layer(device: device, showing: item, atScrollEdge: atScrollEdge), for: appearance)
        bar.name = name
        func rename(_ layer: inout Layer) {
            for index in layer.sublayers.indices {
                layer.sublayers[index].name = name + " / " + layer.sublayers[index].name
                layerPaths[layer.sublayers[index].name] = field.location
                rename(&layer.sublayers[index])
            }
        }
        rename(&bar)
        return bar
    }

    /// Layer properties from `object` (a layer, `to`, `from` or `set`).
    mutating func patch(_ field: JSONField, object: JSONObject, targetParent: Point, animatableOnly: Bool, allowRemoved: Bool) throws
        -> LayerPatch
    {
        var patch = LayerPatch()
        if animatableOnly {
            for key in [
                "hidden", "image", "contentMode", "clipsToBounds", "text", "removed", "maskedCorners", "cornerCurve", "isDoubleSided",
                "shadowPath", "shapeStyle"
            ] where object.has(key) {
                throw object.optional(key)!.fail("\"\(key)\" cannot be animated; set it in a \"completion\" (or on the layer)")
            }
        }
        if !allowRemoved, let removed = object.optional("removed") { throw removed.fail("\"removed\" is for completions") }
        if let value = object.optional("frame") { patch.frame = try frame(value, parentOrigin: targetParent) }
        if let value = object.optional("opacity") { patch.opacity = try value.number(in: 0...1) }
        if let value = object.optional("backgroundColor") { patch.backgroundColor = try value.color(appearance: appearance) }
        if let value = object.optional("cornerRadius") { patch.cornerRadius = try value.number(in: 0...1e6) }
        if let value = object.optional("transform") { patch.transform = try transform(value) }
        if let value = object.optional("scroll") { patch.boundsOrigin = try value.point() }
        if let value = object.optional("hidden") { patch.isHidden = try value.bool() }
        if let value = object.optional("image") { patch.imageSource = try image(value) }
        if let value = object.optional("contentMode") {
            patch.contentMode = try value.choice(ContentMode.self)
        }
        if let value = object.optional("clipsToBounds") { patch.clipsToBounds = try value.bool() }
        if let value = object.optional("textColor") { patch.textColor = try value.color(appearance: appearance) }
        if let value = object.optional("fontSize") { patch.fontSizePoints = try value.number(in: 1...500) }
        if let value = object.optional("text") { patch.text = try text(value) }
        try layerProperties(object, into: &patch)
        if let value = object.optional("removed") {
            guard try value.bool() else { throw value.fail("\"removed\" can only be true") }
            patch.isRemoved = true
        }
        try shading(object, into: &patch)
        try shapeProperties(object, into: &patch)
        return patch
    }

    /// `"path/to/file.jpg"` (relative to the transition file) or `{"photo": N}`.
    mutating func image(_ field: JSONField) throws -> String {
        let source: String
        if case .object = field.value {
            let object = try field.object(known: ["photo"])
            source = try photo(try object.required("photo", "the photo's index in the manifest")).source
        } else {
            let text = try field.nonEmptyString()
            if let scheme = text.range(of: "://"), !text[..<scheme.lowerBound].contains("/") {
                throw field.fail("\(InputText.quoted(text)) is a URL; name a local image file (relative to the transition file)")
            }
            source = try TransitionFile.resolve(field, against: file)
            if options.sandboxPhotos, !text.hasPrefix(Samples.referencePrefix),
                let problem = PhotoSandbox.problem(source, insideFolderOf: file, folderName: "the transition file's folder")
            {
                throw field.fail("\(InputText.quoted(text)): \(problem) (\(field: .sandboxPhotos))")
            }
        }
        if seenImages.insert(source).inserted { imageUses.append((source, field.location)) }
        return source
    }

    /// `{"translate": [x, y], "rotate": degrees, "scale": s or [sx, sy]}`.
    func transform(_ field: JSONField) throws -> LayerTransform {
        let object = try field.object(known: [
            "translate", "rotate", "scale", "rotateX", "rotateY", "perspective", "translateZ", "transform3D"
        ])
        var transform = LayerTransform.identity
        if let value = object.optional("translate") { transform.translation = try value.point() }
        if let value = object.optional("rotate") { transform.rotationDegrees = try value.number(in: -36000...36000) }
        if let value = object.optional("scale") {
            if case .number = value.value {
                let scale = try value.number(in: -1000...1000)
                transform.scale = Size(width: scale, height: scale)
            } else {
                let n = try value.numbers(2, names: "[sx, sy]", in: -1000...1000)
                transform.scale = Size(width: n[0], height: n[1])
            }
        }
        try transform3D(object, into: &transform)
        return transform
    }

    /// `{"string", "size", "weight", "color", "origin", "align", "width", "maxWidth", "lines", "lineBreak"}`.
    func text(_ field: JSONField) throws -> TextContent {
        let object = try field.object(known: [
            "string", "size", "weight", "color", "origin", "align", "width", "maxWidth", "lines", "lineBreak"
        ])
        let string = try object.required("string", "the text").string()
        let size = try object.optional("size")?.number(in: 1...500) ?? 17
        let weight = try object.optional("weight").map { try $0.choice(FontWeight.self) } ?? .regular
        let color = try object.optional("color")?.color(appearance: appearance) ?? SystemColor.named("label")!.color(in: appearance)
        let origin = try object.optional("origin")?.point() ?? Point(x: 0, y: size)
        let width = try object.optional("width")?.number(in: 0...1e6)
        let alignment: TextAlignment
        switch try object.optional("align")?.choice(["leading", "natural", "center", "trailing"]) ?? "leading" {
        case "center":
            guard let width else { throw field.fail("\"align\": \"center\" needs \"width\", the box the line is centred in") }
            alignment = .centered(widthPoints: width)
        case "trailing":
            guard let width else { throw field.fail("\"align\": \"trailing\" needs \"width\", the box the line ends in") }
            alignment = .trailing(widthPoints: width)
        case "natural":
            alignment = .natural
        default:
            alignment = .leading
        }
        let maxWidth = try object.optional("maxWidth")?.number(in: 0...1e6)
        let lines = try object.optional("lines")?.integer(in: 0...10_000) ?? 1
        let lineBreak =
            try object.optional("lineBreak").map {
                try $0.choice(TextLayout.LineBreakMode.self)
            } ?? .truncateTail
        return TextContent(
            string: string, sizePoints: size, weight: weight, baselineOrigin: origin, color: color,
            alignment: alignment, maxWidthPoints: maxWidth, numberOfLines: lines, lineBreakMode: lineBreak)
    }
}
