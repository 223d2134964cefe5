import Foundation

/// One Swift file: its path relative to the folder (`Screens/Gallery.swift`) and its bytes.
package struct UIKitSourceFile: Equatable, Sendable {
    package var path: String
    package var bytes: [UInt8]
    package init(path: String, bytes: [UInt8]) { self.path = path; self.bytes = bytes }
}

/// How to rewrite a folder.
package struct UIKitSourcesOptions: Sendable {
    /// Modules every file gets an `import` of when it has none (`UIKit` for files that rely on
    /// an umbrella header).
    package var addedImports: [String] = []
    /// The path the compiler reports for a file (its `#sourceLocation`), from its relative path:
    /// the original file, so errors and `#file`/`#line` point at it.
    package var reportedPath: @Sendable (String) -> String
    /// Every file is written under its Linux name with a `#sourceLocation`, changed or not (for
    /// the build-tool plugin, which names its outputs before the files are read); otherwise an
    /// unchanged file keeps its name and bytes.
    package var locatesEveryFile = false
    package init(addedImports: [String] = [], reportedPath: @escaping @Sendable (String) -> String, locatesEveryFile: Bool = false) {
        self.addedImports = addedImports
        self.reportedPath = reportedPath
        self.locatesEveryFile = locatesEveryFile
    }
}

/// Rewrites an iOS app's Swift files so that Linux compiles them against FlipbookUIKit (through
/// the `UIKit` module): Objective-C-only attributes dropped, `#selector(…)` turned into a
/// `Selector` that calls the method, `@objc optional` protocol requirements made optional
/// closure properties with their `?(…)` call sites, string selectors given a way to find methods
/// by name. See docs/UIKIT.md ("Objective-C syntax") for what each construct becomes.
///
/// Every file of the folder is seen at once: protocols, their conformances and methods may be
/// declared in different files. The output is deterministic; a file needing no change is
/// returned byte for byte; a changed file starts with `#sourceLocation` naming the original,
/// and keeps every original line at its line number (edits stay on their lines; generated
/// declarations go after the last line, under their own location).
package enum UIKitSourcesRewriter {
    /// The rewritten files, in the order given.
    /// - Throws: `UIKitSourcesError.cannotRewrite` naming the file, line and column of the
    ///   first construct that cannot be rewritten (files in the order given).
    package static func rewrite(_ files: [UIKitSourceFile], options: UIKitSourcesOptions) throws -> [UIKitSourceFile] {
        var syntaxes: [SourceFileSyntax] = []
        for file in files {
            do {
                syntaxes.append(try SourceFileSyntax(path: file.path, bytes: file.bytes))
            } catch let failure as SwiftLexer.Failure {
                throw UIKitSourcesError.cannotRewrite(file: options.reportedPath(file.path), place: failure.place, reason: failure.reason)
            } catch let failure as SourceFileSyntax.Failure {
                throw UIKitSourcesError.cannotRewrite(file: options.reportedPath(file.path), place: failure.place, reason: failure.reason)
            }
        }
        let plan = try FolderPlan(index: FolderIndex(files: syntaxes), options: options)
        var rewritten: [UIKitSourceFile] = []
        for fileIndex in files.indices {
            var rewrite = FileRewrite(plan: plan, fileIndex: fileIndex)
            try rewrite.run()
            let bytes = try rewrite.output()
            let path = bytes == files[fileIndex].bytes ? files[fileIndex].path : linuxPath(of: files[fileIndex].path)
            rewritten.append(UIKitSourceFile(path: path, bytes: bytes))
        }
        let originals = Set(files.map(\.path))
        for (fileIndex, file) in rewritten.enumerated() where file.path != files[fileIndex].path && originals.contains(file.path) {
            throw UIKitSourcesError.cannotRewrite(
                file: options.reportedPath(files[fileIndex].path), place: SourcePlace(line: 1, column: 1),
                reason: "rewritten, it is written as \(file.path), which is a file of the folder too; rename one of them")
        }
        return rewritten
    }

    /// The name a rewritten file is written under: `Screens/Gallery.swift` → `Screens/Gallery.linux.swift`.
    /// It must differ from the original's: the file's `#sourceLocation` names the original, and
    /// two paths giving one `#fileID` (`Module/Gallery.swift`) in a module are a compiler warning.
    package static func linuxPath(of path: String) -> String {
        (path.hasSuffix(".swift") ? String(path.dropLast(".swift".count)) : path) + ".linux.swift"
    }

    /// The attributes Linux Swift refuses or that mean nothing without Objective-C; dropped.
    static let droppedAttributes: Set<String> = [
        "objc", "objcMembers", "nonobjc", "IBOutlet", "IBOutletCollection", "IBAction", "IBInspectable", "IBDesignable",
        "IBSegueAction", "NSManaged", "GKInspectable", "UIApplicationMain", "NSApplicationMain"
    ]
    /// Attributes that make a method visible to Objective-C (so a string selector finds it).
    static let objCAttributes: Set<String> = ["objc", "IBAction", "IBSegueAction"]
}

/// Decisions that need the whole folder: which methods string selectors can reach (one entry
/// per method, in the file that declares it), which classes implement which optional
/// requirements, and the name-lookup functions each file contributes.
struct FolderPlan {
    let index: FolderIndex
    let options: UIKitSourcesOptions
    /// Per file: the Objective-C-visible methods a string selector can reach.
    private(set) var tableEntries: [[TableEntry]] = []
    /// Per file: the classes that get `extension C: Marker {}` there.
    private(set) var markerConformances: [[MarkerConformance]] = []
    /// Methods whose `private`/`fileprivate` is dropped (they implement an optional requirement).
    private(set) var relaxedFunctions: Set<FolderIndex.FunctionReference> = []
    /// Optional requirements by base name, for call sites.
    private(set) var requirementsByName: [String: [FolderIndex.OptionalRequirement]] = [:]
    /// The file that declares `_flipbookSelectorMethods`, the folder's lookup of methods by
    /// name (nil when no file makes a selector from a string).
    private(set) var lookupFile: Int?

    struct TableEntry {
        var function: Int
        var className: String
        var ownerName: String
        var objCName: String
        var coercion: String?
        var depth: Int
        var memberName: String
    }

    struct MarkerConformance {
        var className: String
        var markerName: String
        var conditions: [String]
        /// The implementing method's token index: conformances are generated in file order.
        var order: Int
        /// The protocol is `@MainActor`, so its implementers' methods are main-actor isolated:
        /// they satisfy the (unisolated) marker through a `@preconcurrency` conformance, checked
        /// when called. (An isolated marker would do, but Swift 6.3 refuses a reference to an
        /// isolated protocol's requirement, `Marker.method`, which the selectors are.)
        var isMainActor: Bool
    }

    init(index: FolderIndex, options: UIKitSourcesOptions) throws {
        self.index = index
        self.options = options
        for requirement in index.optionalRequirements { requirementsByName[requirement.name, default: []].append(requirement) }
        markerConformances = Array(repeating: [], count: index.files.count)
        // Methods are reachable by name only where some file makes a selector from a string; the
        // first such file holds the lookup over every file's methods.
        lookupFile = index.files.firstIndex { !$0.stringSelectorCalls.isEmpty }
        tableEntries = index.files.indices.map { lookupFile == nil ? [] : planTable(file: $0) }
        try planMarkers()
    }

    /// A name for generated declarations that is unique per file: its path in identifier characters.
    static func fileKey(_ path: String) -> String {
        String(path.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    func tableFunctionName(file: Int) -> String { "_flipbookSelectorTable_" + FolderPlan.fileKey(index.files[file].path) }

    private func planTable(file fileIndex: Int) -> [TableEntry] {
        let file = index.files[fileIndex]
        var entries: [TableEntry] = []
        for (functionIndex, function) in file.functions.enumerated() {
            let owner = file.types[function.owner]
            guard owner.kind == .class || owner.kind == .extension, !owner.isLocal else { continue }
            let className = index.className(of: owner)
            guard index.classNames.contains(className), isReachableFromTopLevel(owner, in: file) else { continue }
            let reference = FolderIndex.FunctionReference(file: fileIndex, function: functionIndex)
            guard isExposedToObjC(reference, className: className), isCallableAsAction(function) else { continue }
            let sameName = index.methods(ofClass: className).filter { index.function($0).fullName == function.fullName }
            var coercion: String?
            if sameName.count > 1 {
                coercion = "(\(owner.name)) -> (\(function.parameterTypes.joined(separator: ", "))) -> \(function.returnType ?? "Void")"
            }
            entries.append(
                TableEntry(
                    function: functionIndex, className: className, ownerName: owner.name, objCName: index.objCName(of: reference),
                    coercion: coercion, depth: index.depth(of: className),
                    memberName: "_flipbookSelector_\(FolderPlan.fileKey(file.path))_\(entries.count)"))
        }
        return entries
    }

    /// Whether `Type.method` works from the top level of the file: no generic, local or
    /// private type on the way.
    private func isReachableFromTopLevel(_ type: SourceFileSyntax.TypeDeclaration, in file: SourceFileSyntax) -> Bool {
        var current: SourceFileSyntax.TypeDeclaration? = type
        var isOutermost = true
        while let declaration = current {
            if declaration.isGeneric || declaration.isLocal { return false }
            if declaration.kind == .extension, let resolved = index.resolveClass(declaration.name),
                index.classDeclarations[resolved].map({ $0.contains { index.type($0).isGeneric } }) ?? false
            {
                return false
            }
            if declaration.isFilePrivate && !(isOutermost && declaration.enclosingType == nil) { return false }
            isOutermost = false
            current = declaration.enclosingType.map { file.types[$0] }
        }
        return true
    }

    /// Methods a target-action or `perform` can call: instance methods, not generic, not async
    /// or throwing, with at most two plain parameters.
    private func isCallableAsAction(_ function: SourceFileSyntax.FunctionDeclaration) -> Bool {
        guard !function.hasModifier("static"), !function.hasModifier("class"), !function.isGeneric, !function.isAsync,
            !function.throwsErrors, function.labels.count <= 2, let first = function.name.first, first.isLetter || first == "_"
        else { return false }
        return !function.parameterTypes.contains { $0.contains("inout") || $0.hasSuffix("...") }
    }

    /// For each optional requirement: the classes implementing it get a conformance to its
    /// marker protocol (the topmost of a lineage only), declared where the method is. As on iOS,
    /// a class that adopts the protocol implements it with a method of the same Swift name (the
    /// witness gets the requirement's selector); any other class of a conforming lineage only
    /// with a method exposed to Objective-C under the requirement's selector.
    private mutating func planMarkers() throws {
        // The classes declaring a method of each full name: the only candidates for a requirement.
        var classesByMethod: [String: [String]] = [:]
        for className in index.classNames {
            for fullName in Set(index.methods(ofClass: className).map { index.function($0).fullName }) {
                classesByMethod[fullName, default: []].append(className)
            }
        }
        for requirement in index.optionalRequirements {
            let selector = index.objCName(of: requirement.function)
            var implementers: [(className: String, function: FolderIndex.FunctionReference)] = []
            for className in classesByMethod[requirement.fullName] ?? [] {
                let adopts = index.inheritedEntries(ofClass: className).contains { entry in
                    index.resolveProtocol(entry).map { index.protocolInherits($0, requirement.protocolName) } ?? false
                }
                let candidates = index.methods(ofClass: className).filter { index.function($0).fullName == requirement.fullName }
                let method = candidates.first { reference in
                    adopts || (isExposedToObjC(reference, className: className) && index.objCName(of: reference) == selector)
                }
                guard let method else { continue }
                let conforming =
                    adopts || index.conforms(className, to: requirement.protocolName)
                    || index.subclasses(of: className).contains { index.conforms($0, to: requirement.protocolName) }
                guard conforming else { continue }
                implementers.append((className, method))
            }
            let names = Set(implementers.map(\.className))
            for implementer in implementers {
                // A folder superclass that implements it already conforms; the override is dispatched through it.
                if index.lineage(of: implementer.className).dropFirst().contains(where: names.contains) { continue }
                let function = index.function(implementer.function)
                let owner = index.files[implementer.function.file].types[function.owner]
                guard !owner.isLocal else { continue }
                markerConformances[implementer.function.file].append(
                    MarkerConformance(
                        className: implementer.className, markerName: requirement.markerName, conditions: function.conditions,
                        order: function.keywordIndex,
                        isMainActor: index.type(requirement.protocolReference).attributeNames.contains("MainActor")))
                for method in index.methods(ofClass: implementer.className) where index.function(method).fullName == requirement.fullName {
                    relaxedFunctions.insert(method)
                }
            }
        }
    }

    /// Whether a method is visible to Objective-C on iOS: `@objc`, `@IBAction`, in an `@objc`
    /// extension or an `@objcMembers` class.
    func isExposedToObjC(_ reference: FolderIndex.FunctionReference, className: String) -> Bool {
        let function = index.function(reference)
        let owner = index.files[reference.file].types[function.owner]
        return function.attributes.contains { UIKitSourcesRewriter.objCAttributes.contains($0.name) }
            || (owner.kind == .extension && owner.attributeNames.contains("objc")) || index.isObjCMembers(className)
    }
}

/// The edits to one file and the declarations generated after its last line.
struct FileRewrite {
    let plan: FolderPlan
    let fileIndex: Int
    private var file: SourceFileSyntax { plan.index.files[fileIndex] }
    private var index: FolderIndex { plan.index }
    private var edits: [Edit] = []
    private var generated: [String] = []

    struct Edit {
        var start: Int, end: Int
        var text: String
    }

    init(plan: FolderPlan, fileIndex: Int) {
        self.plan = plan
        self.fileIndex = fileIndex
    }

    private func failure(at tokenIndex: Int, _ reason: String) -> UIKitSourcesError {
        .cannotRewrite(file: plan.options.reportedPath(file.path), place: file.place(of: tokenIndex), reason: reason)
    }

    // MARK: Edits

    /// Replaces tokens `first`…`last` (and what lies between) with spaces, keeping line breaks,
    /// so every other token keeps its line and column.
    private mutating func blank(_ first: Int, _ last: Int) {
        let start = file.tokens[first].start, end = file.tokens[last].end
        let text = String(decoding: file.bytes[start..<end].map { $0 == UInt8(ascii: "\n") ? $0 : UInt8(ascii: " ") }, as: UTF8.self)
        edits.append(Edit(start: start, end: end, text: text))
    }

    /// Replaces tokens `first`…`last` with `text`, followed by as many line breaks as they spanned.
    private mutating func replace(_ first: Int, _ last: Int, with text: String) {
        let start = file.tokens[first].start, end = file.tokens[last].end
        let lineBreaks = file.bytes[start..<end].filter { $0 == UInt8(ascii: "\n") }.count
        edits.append(Edit(start: start, end: end, text: text + String(repeating: "\n", count: lineBreaks)))
    }

    private mutating func insert(_ text: String, at offset: Int) { edits.append(Edit(start: offset, end: offset, text: text)) }

    // MARK: Passes

    mutating func run() throws {
        try rewriteOptionalRequirements()
        dropAttributesAndModifiers()
        makeObjCProtocolsClassBound()
        try rewriteSelectors()
        rewriteOptionalCalls()
        rewriteStringSelectors()
        addTableEntries()
        generateMarkerConformances()
        generateTableFunction()
        qualifyRunLoopNames()
    }

    /// Dispatch's and Foundation's run-loop types, which FlipbookUIKit declares again on the
    /// recording's clock. Its declarations shadow Foundation's only in a file that does not import
    /// Foundation (or Dispatch) itself; with both imports the names are ambiguous. The module's
    /// name makes every use FlipbookUIKit's, whatever the file imports.
    static let runLoopTypeNames: Set<String> = ["DispatchQueue", "DispatchTime", "DispatchWallTime", "DispatchWorkItem", "Timer", "RunLoop"]

    /// Keywords after which a name is being declared, not used.
    static let declarationKeywords: Set<String> = [
        "let", "var", "func", "case", "class", "struct", "enum", "protocol", "actor",
        "typealias", "associatedtype", "import"
    ]

    /// `Timer` → `FlipbookUIKit.Timer` (and the other run-loop names), except as a member
    /// (`Foundation.Timer`, `x.Timer`), as a declared name (`let Timer`), or where the folder
    /// declares a type of that name.
    private mutating func qualifyRunLoopNames() {
        let declared = Set(index.files.flatMap { $0.types.filter { $0.kind != .extension }.map(\.name) })
        let names = FileRewrite.runLoopTypeNames.subtracting(declared)
        for (tokenIndex, token) in file.tokens.enumerated() where token.kind == .identifier && names.contains(token.text) {
            if tokenIndex > 0,
                file.tokens[tokenIndex - 1].isSymbol(".") || FileRewrite.declarationKeywords.contains(file.tokens[tokenIndex - 1].text)
            {
                continue
            }
            edits.append(Edit(start: token.start, end: token.end, text: "FlipbookUIKit." + token.text))
        }
    }

    /// `@objc optional func` requirements leave the protocol; each becomes a marker protocol
    /// and a closure property in an extension of the protocol (nil unless `self` conforms to
    /// the marker, which the implementing classes do).
    private mutating func rewriteOptionalRequirements() throws {
        for tokenIndex in file.optionalNonMethods {
            throw failure(
                at: tokenIndex,
                "an optional property, subscript or initializer requirement cannot be rewritten; "
                    + "make it an optional method (`@objc optional func`), whose calls `x.name?(…)` are rewritten")
        }
        for requirement in index.optionalRequirements where requirement.function.file == fileIndex {
            let function = index.function(requirement.function)
            let protocolDeclaration = file.types[requirement.protocolReference.type]
            let keyword = function.keywordIndex
            if function.hasModifier("static") || function.hasModifier("class") {
                throw failure(
                    at: keyword, "the optional requirement \(function.fullName) is static; only instance methods can be rewritten")
            }
            if function.isGeneric || function.isAsync {
                throw failure(
                    at: keyword,
                    "the optional requirement \(function.fullName) is \(function.isAsync ? "async" : "generic"); it cannot be rewritten")
            }
            if function.parameterTypes.contains(where: { $0.hasSuffix("...") }) {
                throw failure(at: keyword, "the optional requirement \(function.fullName) is variadic; it cannot be rewritten")
            }
            blank(function.startIndex, function.endIndex)
            let access = protocolDeclaration.isFilePrivate ? "fileprivate " : ""
            let visibility = ["public", "package"].first { protocolDeclaration.modifierNames.contains($0) }.map { $0 + " " } ?? ""
            let effects = function.throwsErrors ? " throws" : ""
            let returnType = function.returnType ?? "Void"
            let closureType = "((\(function.parameterTypes.joined(separator: ", ")))\(effects) -> \(returnType))?"
            let arguments = function.labels.enumerated().map { position, label in
                let value = (function.parameterTypes[position].contains("inout") ? "&$" : "$") + String(position)
                return label == "_" ? value : "\(label): \(value)"
            }.joined(separator: ", ")
            let call = (function.throwsErrors ? "try " : "") + "implementation.\(function.name)(\(arguments))"
            let signature =
                "func \(function.name)(\(function.parameterTexts.joined(separator: ", ")))\(effects)"
                + (function.returnType.map { " -> \($0)" } ?? "")
            generated.append(
                conditional(
                    function.conditions,
                    """
                    /// Adopted by the classes that implement `\(protocolDeclaration.name).\(function.fullName)`, an optional requirement on iOS.
                    \(access)protocol \(requirement.markerName): AnyObject {
                        \(signature)
                    }
                    extension \(protocolDeclaration.qualifiedName) {
                        /// `\(function.fullName)` when `self` implements it, else nil: what `\(function.name)?(…)` calls.
                        \(visibility)var \(requirement.propertyName): \(closureType) {
                            guard let implementation = self as? any \(requirement.markerName) else { return nil }
                            return { \(call) }
                        }
                    }
                    """))
        }
    }

    private mutating func dropAttributesAndModifiers() {
        for attribute in file.attributes where UIKitSourcesRewriter.droppedAttributes.contains(attribute.name) {
            blank(attribute.startIndex, attribute.endIndex)
        }
        for modifier in file.modifiers where modifier.text == "dynamic" {
            blank(modifier.startIndex, modifier.endIndex)
        }
        for (functionIndex, function) in file.functions.enumerated()
        where plan.relaxedFunctions.contains(FolderIndex.FunctionReference(file: fileIndex, function: functionIndex)) {
            for modifier in function.modifiers where modifier.text == "private" || modifier.text == "fileprivate" {
                blank(modifier.startIndex, modifier.endIndex)
            }
        }
    }

    /// An `@objc protocol` is class-bound on iOS (`weak var delegate: P?` relies on it); without
    /// `@objc` it needs `AnyObject`.
    private mutating func makeObjCProtocolsClassBound() {
        for type in file.types where type.kind == .protocol && type.attributeNames.contains("objc") {
            guard !type.inherited.contains("AnyObject"), !type.inherited.contains("class") else { continue }
            let nameToken = type.keywordIndex + 1
            if nameToken + 1 < file.tokens.count, file.tokens[nameToken + 1].isSymbol(":") {
                insert(" AnyObject,", at: file.tokens[nameToken + 1].end)
            } else {
                insert(": AnyObject", at: file.tokens[nameToken].end)
            }
        }
    }

    // MARK: #selector

    private mutating func rewriteSelectors() throws {
        for (tokenIndex, token) in file.tokens.enumerated() where token.kind == .pound && token.text == "#selector" {
            guard tokenIndex + 1 < file.tokens.count, file.tokens[tokenIndex + 1].isSymbol("("), let close = file.partner[tokenIndex + 1]
            else {
                throw failure(at: tokenIndex, "#selector without its parenthesised method name")
            }
            replace(tokenIndex, close, with: try selectorExpression(at: tokenIndex, open: tokenIndex + 1, close: close))
        }
    }

    /// The `Selector(…)` expression for `#selector(…)` between `open` and `close`.
    private func selectorExpression(at pound: Int, open: Int, close: Int) throws -> String {
        let tokens = file.tokens
        var cursor = open + 1
        var accessor: String?
        if cursor + 1 < close, tokens[cursor].isWord("getter") || tokens[cursor].isWord("setter"), tokens[cursor + 1].isSymbol(":") {
            accessor = tokens[cursor].text
            cursor += 2
        }
        var path: [String] = []
        while cursor < close, tokens[cursor].kind == .identifier {
            path.append(tokens[cursor].name)
            cursor += 1
            guard cursor + 1 < close, tokens[cursor].isSymbol("."), tokens[cursor + 1].kind == .identifier else { break }
            cursor += 1
        }
        var labels: [String]?
        if cursor < close, tokens[cursor].isSymbol("("), let labelsClose = file.partner[cursor], accessor == nil {
            var found: [String] = []
            var position = cursor + 1
            while position < labelsClose {
                guard tokens[position].kind == .identifier, position + 1 < labelsClose, tokens[position + 1].isSymbol(":") else {
                    throw failure(at: position, "cannot read the argument labels of #selector(\(file.text(open + 1, close - 1)))")
                }
                found.append(tokens[position].name)
                position += 2
            }
            labels = found
            cursor = labelsClose + 1
        }
        var coercion: String?
        if cursor < close, tokens[cursor].isWord("as") {
            coercion = file.text(cursor + 1, close - 1)
            cursor = close
        }
        let written = file.text(open + 1, close - 1)
        guard !path.isEmpty, cursor == close else {
            throw failure(
                at: pound,
                "cannot rewrite #selector(\(written)): write a method (`handlePan(_:)`, `Type.method(_:)`) or `getter:`/`setter:` and a property"
            )
        }
        guard let member = path.last else { preconditionFailure("path is not empty") }
        if member == "init" { throw failure(at: pound, "#selector(\(written)) names an initializer; it cannot be called as an action") }

        // The type: written (`Type.method`), `self`/`Self`, or the enclosing type.
        var typePath = Array(path.dropLast())
        let enclosing = file.enclosingType(of: pound).map { file.types[$0] }
        let throughSelf = typePath == ["self"] || typePath == ["Self"]
        if typePath.isEmpty || throughSelf {
            guard let enclosing, enclosing.kind != .protocol else {
                throw failure(
                    at: pound, "#selector(\(written)) is outside a class, so its method's type is unknown; write #selector(Type.\(member))")
            }
            typePath = [enclosing.name]
        } else if typePath.first == "self" || typePath.first == "Self" {
            throw failure(at: pound, "#selector(\(written)): only a method of self's own type can follow `self.`; name the type instead")
        } else if let first = typePath.first?.first, first.isLowercase {
            throw failure(
                at: pound,
                "#selector(\(written)) names a method through the value '\(typePath.joined(separator: "."))'; "
                    + "name its type instead (#selector(TypeName.\(member)))")
        }
        var typeName = typePath.joined(separator: ".")
        let className = index.resolveClass(typeName) ?? (enclosing.map { index.className(of: $0) } ?? typeName)

        if let accessor {
            let name = accessor == "getter" ? ObjCSelectorName.getter(property: member) : ObjCSelectorName.setter(property: member)
            return "Selector(\(accessor): \\\(typeName).\(member), name: \(quoted(name)))"
        }
        let labelText = labels.map { $0.isEmpty ? "" : "(" + $0.map { $0 + ":" }.joined() + ")" } ?? ""
        var name: String
        if let protocolName = index.resolveProtocol(typeName),
            let requirement = index.optionalRequirements.first(where: {
                $0.protocolName == protocolName && $0.name == member && (labels == nil || $0.labels == labels!)
            })
        {
            // A removed optional requirement: its marker protocol holds the method.
            typeName = requirement.markerName
            name = index.objCName(of: requirement.function)
        } else if let method = index.method(named: member, labels: labels, inClass: index.resolveClass(typeName) ?? className) {
            if index.function(method).hasModifier("static") || index.function(method).hasModifier("class") {
                throw failure(at: pound, "#selector(\(written)) names a static method; only instance methods can be rewritten")
            }
            name = index.objCName(of: method)
        } else {
            // Not declared in the folder (a FlipbookUIKit method, or a bare name): Swift's rule,
            // and for a bare name the runtime adds a colon per argument.
            name = labels.map { ObjCSelectorName.method(base: member, labels: $0) } ?? member
        }
        let reference = "\(typeName).\(member)\(labelText)"
        var coerced = ""
        if let coercion {
            coerced = path.count == 1 || throughSelf ? " as (\(typeName)) -> \(coercion)" : " as \(coercion)"
        }
        return "Selector(\(reference)\(coerced), name: \(quoted(name)))"
    }

    // MARK: Optional requirement calls

    /// `receiver.name?(label: a, b)` for a folder protocol's optional requirement `name(label:_:)`
    /// becomes `receiver._objcOptional_name_label_?(a, b)` (`!(` likewise).
    private mutating func rewriteOptionalCalls() {
        let tokens = file.tokens
        for tokenIndex in tokens.indices where tokens[tokenIndex].isSymbol(".") && tokenIndex + 3 < tokens.count {
            let nameToken = tokens[tokenIndex + 1], mark = tokens[tokenIndex + 2], open = tokens[tokenIndex + 3]
            guard nameToken.kind == .identifier, let candidates = plan.requirementsByName[nameToken.name],
                mark.kind == .operatorSymbol, mark.text == "?" || mark.text == "!", !mark.hasSpaceBefore,
                open.isSymbol("("), !open.hasSpaceBefore, let close = file.partner[tokenIndex + 3]
            else { continue }
            let arguments = file.splitArguments(open: tokenIndex + 3, close: close)
            let labels = arguments.map { argument in
                argument.first < argument.last && tokens[argument.first].kind == .identifier && tokens[argument.first + 1].isSymbol(":")
                    ? tokens[argument.first].name : "_"
            }
            guard let requirement = candidates.first(where: { $0.labels == labels }) else { continue }
            edits.append(Edit(start: nameToken.start, end: nameToken.end, text: requirement.propertyName))
            for (argument, label) in zip(arguments, labels) where label != "_" {
                edits.append(Edit(start: tokens[argument.first].start, end: tokens[argument.first + 1].end, text: ""))
            }
        }
    }

    // MARK: String selectors

    /// `Selector("name:")` and `NSSelectorFromString(…)` get the folder's method lookup, so the
    /// selector finds the method by name on its target.
    private mutating func rewriteStringSelectors() {
        for close in file.stringSelectorCalls {
            insert(", methods: _flipbookSelectorMethods", at: file.tokens[close].start)
        }
    }

    // MARK: Generated declarations

    /// After each Objective-C-visible method, on its last line: a static member returning its
    /// selector (inside the type, so private methods are reachable).
    private mutating func addTableEntries() {
        for entry in plan.tableEntries[fileIndex] {
            let function = file.functions[entry.function]
            let labels = function.labels.isEmpty ? "" : "(" + function.labels.map { $0 + ":" }.joined() + ")"
            let coercion = entry.coercion.map { " as \($0)" } ?? ""
            // `nonisolated`: the name lookups call it from any isolation (a selector only refers to
            // the method; calling it is the action's business, on the main actor).
            let member =
                "; nonisolated static func \(entry.memberName)() -> Selector { Selector(\(entry.ownerName).\(function.name)\(labels)\(coercion), name: \(quoted(entry.objCName))) }"
            insert(member, at: file.tokens[function.endIndex].end)
        }
    }

    private mutating func generateMarkerConformances() {
        for conformance in plan.markerConformances[fileIndex].sorted(by: { $0.order < $1.order }) {
            let preconcurrency = conformance.isMainActor ? "@preconcurrency " : ""
            generated.append(
                conditional(conformance.conditions, "extension \(conformance.className): \(preconcurrency)\(conformance.markerName) {}"))
        }
    }

    /// This file's name lookup (its classes' Objective-C-visible methods, most derived first),
    /// and in the first file making selectors from strings, the lookup over every file's.
    private mutating func generateTableFunction() {
        let entries = plan.tableEntries[fileIndex].sorted { ($0.depth, $1.function) > ($1.depth, $0.function) }
        if !entries.isEmpty {
            var body = ""
            for entry in entries {
                let conditions = file.functions[entry.function].conditions
                body +=
                    conditional(
                        conditions,
                        """
                        if target is \(entry.className), name == \(quoted(entry.objCName)) { return (\(entry.depth), \(entry.className).\(entry.memberName)()) }
                        """, indent: "    ") + "\n"
            }
            generated.append(
                """
                /// The methods of this file that a selector made from a string (`Selector("name:")`) can call, with their class's depth.
                func \(plan.tableFunctionName(file: fileIndex))(_ target: AnyObject, _ name: String) -> (Int, Selector)? {
                \(body)    return nil
                }
                """)
        }
        if plan.lookupFile == fileIndex {
            let tables = plan.index.files.indices.filter { !plan.tableEntries[$0].isEmpty }.map { plan.tableFunctionName(file: $0) }
            let lookup =
                tables.isEmpty
                ? "_ = (target, name)\n    return nil"
                : "let found: [(Int, Selector)] = [\(tables.map { "\($0)(target, name)" }.joined(separator: ", "))].compactMap { $0 }\n"
                    + "    return found.max { $0.0 < $1.0 }?.1"
            generated.append(
                """
                /// Finds the method named `name` on `target` among the folder's Objective-C-visible methods (the most derived class's).
                func _flipbookSelectorMethods(_ target: AnyObject, _ name: String) -> Selector? {
                    \(lookup)
                }
                """)
        }
    }

    /// `text` under `#if` for `conditions` (none: as it is).
    private func conditional(_ conditions: [String], _ text: String, indent: String = "") -> String {
        let indented = text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
        guard !conditions.isEmpty else { return indented }
        return "#if " + conditions.map { "(\($0))" }.joined(separator: " && ") + "\n" + indented + "\n#endif"
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: Output

    /// The file with its edits, under `#sourceLocation`, then the generated declarations; the
    /// original bytes when nothing changes.
    func output() throws -> [UInt8] {
        let missingImports = plan.options.addedImports.filter { !file.importedModules.contains($0) }
        if edits.isEmpty && generated.isEmpty && missingImports.isEmpty && !plan.options.locatesEveryFile { return file.bytes }
        let sorted = edits.enumerated().sorted {
            ($0.element.start, -$0.element.end, $0.offset) < ($1.element.start, -$1.element.end, $1.offset)
        }.map(\.element)
        var body: [UInt8] = []
        var position = 0
        var covered: (start: Int, end: Int)?
        for edit in sorted {
            // Inside a range already replaced (an attribute of a removed requirement): nothing to do.
            if let covered, edit.start >= covered.start, edit.end <= covered.end, edit.start < covered.end { continue }
            guard edit.start >= position else {
                let token = file.tokens.firstIndex { $0.start >= edit.start } ?? 0
                throw failure(at: token, "two rewrites overlap here; please report this file")
            }
            body += file.bytes[position..<edit.start]
            body += Array(edit.text.utf8)
            position = edit.end
            covered = (edit.start, edit.end)
        }
        body += file.bytes[position...]
        var text = missingImports.map { "import \($0)\n" }.joined()
        text += "#sourceLocation(file: \(quoted(plan.options.reportedPath(file.path))), line: 1)\n"
        var result = Array(text.utf8) + body
        if !generated.isEmpty {
            if result.last != UInt8(ascii: "\n") { result.append(UInt8(ascii: "\n")) }
            result += Array(
                ("#sourceLocation()\n// Generated by flipbook uikit-sources: what Objective-C does at run time on iOS, as Swift.\n"
                    + generated.joined(separator: "\n") + "\n").utf8)
        }
        return result
    }
}
