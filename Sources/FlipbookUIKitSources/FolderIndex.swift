import Foundation

/// What every file of the folder declares, seen together: classes and their superclasses,
/// protocols and what inherits them, extensions, and the methods each class has in its body
/// and extensions. A class here is named by its `qualifiedName` (`Outer.Inner`); a type the
/// folder only extends (`extension UIView`) counts as a class of that name.
struct FolderIndex {
    let files: [SourceFileSyntax]

    /// A declaration: file index and type index in that file.
    struct TypeReference: Hashable { var file: Int; var type: Int }
    /// A function: file index and function index in that file.
    struct FunctionReference: Hashable { var file: Int; var function: Int }

    /// An `@objc optional` method requirement of a protocol of the folder.
    struct OptionalRequirement {
        var protocolReference: TypeReference
        var protocolName: String
        var function: FunctionReference
        var name: String
        var labels: [String]
        /// `card(_:heightFor:)` → `card__heightFor`: unique per name and labels.
        var mangledName: String { ([name] + labels.map { $0 == "_" ? "" : $0 }).joined(separator: "_") }
        /// The property call sites use instead of the method.
        var propertyName: String { "_objcOptional_" + mangledName }
        /// The protocol a class conforms to when it implements the requirement.
        var markerName: String { "_ObjCOptional_" + protocolName.replacingOccurrences(of: ".", with: "_") + "_" + mangledName }
        var fullName: String { name + "(" + labels.map { $0 + ":" }.joined() + ")" }
    }

    private(set) var classDeclarations: [String: [TypeReference]] = [:]
    private(set) var protocolDeclarations: [String: TypeReference] = [:]
    private(set) var extensionDeclarations: [String: [TypeReference]] = [:]
    private(set) var optionalRequirements: [OptionalRequirement] = []
    /// Every class name (declared or only extended), sorted.
    private(set) var classNames: [String] = []
    /// Per class: its declaration and extensions, and the functions they declare (file order).
    private var declarationsByClass: [String: [TypeReference]] = [:]
    private var methodsByClass: [String: [FunctionReference]] = [:]
    /// Class and protocol names by their last component (`Inner` → `Outer.Inner`).
    private var classesByLastName: [String: [String]] = [:], protocolsByLastName: [String: [String]] = [:]

    init(files: [SourceFileSyntax]) {
        self.files = files
        for (fileIndex, file) in files.enumerated() {
            for (typeIndex, type) in file.types.enumerated() where !type.isLocal {
                let reference = TypeReference(file: fileIndex, type: typeIndex)
                switch type.kind {
                case .class: classDeclarations[type.qualifiedName, default: []].append(reference)
                case .protocol: protocolDeclarations[type.qualifiedName] = reference
                case .extension: extensionDeclarations[type.name, default: []].append(reference)
                case .struct, .enum, .actor: break
                }
            }
        }
        for name in classDeclarations.keys { classesByLastName[FolderIndex.lastComponent(of: name), default: []].append(name) }
        for name in protocolDeclarations.keys { protocolsByLastName[FolderIndex.lastComponent(of: name), default: []].append(name) }
        let declaredTypes = Set(
            files.flatMap { $0.types.filter { !$0.isLocal && $0.kind != .extension && $0.kind != .class }.map(\.qualifiedName) })
        classNames = Set(classDeclarations.keys).union(
            extensionDeclarations.keys.compactMap { name in
                let resolved = resolveClass(name) ?? name
                return declaredTypes.contains(resolved) || protocolDeclarations[resolved] != nil ? nil : resolved
            }
        ).sorted()
        for name in classDeclarations.keys.sorted() { declarationsByClass[name] = classDeclarations[name] }
        for name in extensionDeclarations.keys.sorted() {
            declarationsByClass[resolveClass(name) ?? name, default: []] += extensionDeclarations[name] ?? []
        }
        var classOfDeclaration: [TypeReference: String] = [:]
        for (name, references) in declarationsByClass { for reference in references { classOfDeclaration[reference] = name } }
        for (fileIndex, file) in files.enumerated() {
            for (functionIndex, function) in file.functions.enumerated() {
                guard let name = classOfDeclaration[TypeReference(file: fileIndex, type: function.owner)] else { continue }
                methodsByClass[name, default: []].append(FunctionReference(file: fileIndex, function: functionIndex))
            }
        }
        for (fileIndex, file) in files.enumerated() {
            for (functionIndex, function) in file.functions.enumerated() where function.hasModifier("optional") {
                let owner = file.types[function.owner]
                guard owner.kind == .protocol else { continue }
                optionalRequirements.append(
                    OptionalRequirement(
                        protocolReference: TypeReference(file: fileIndex, type: function.owner), protocolName: owner.qualifiedName,
                        function: FunctionReference(file: fileIndex, function: functionIndex), name: function.name, labels: function.labels)
                )
            }
        }
    }

    func type(_ reference: TypeReference) -> SourceFileSyntax.TypeDeclaration { files[reference.file].types[reference.type] }
    func function(_ reference: FunctionReference) -> SourceFileSyntax.FunctionDeclaration {
        files[reference.file].functions[reference.function]
    }

    // MARK: Names

    /// The folder class `name` refers to: its qualified name, or the only class whose last
    /// component is `name`'s last component.
    func resolveClass(_ name: String) -> String? {
        if classDeclarations[name] != nil { return name }
        let matches = classesByLastName[FolderIndex.lastComponent(of: name)] ?? []
        return matches.count == 1 ? matches[0] : nil
    }

    /// The folder protocol `name` refers to (as `resolveClass` does for classes).
    func resolveProtocol(_ name: String) -> String? {
        if protocolDeclarations[name] != nil { return name }
        let matches = protocolsByLastName[FolderIndex.lastComponent(of: name)] ?? []
        return matches.count == 1 ? matches[0] : nil
    }

    private static func lastComponent(of name: String) -> String { name.split(separator: ".").last.map(String.init) ?? name }

    /// The class name a type or extension declaration stands for.
    func className(of declaration: SourceFileSyntax.TypeDeclaration) -> String {
        declaration.kind == .extension ? (resolveClass(declaration.name) ?? declaration.name) : declaration.qualifiedName
    }

    /// The class's declaration and its extensions.
    func declarations(ofClass name: String) -> [TypeReference] { declarationsByClass[name] ?? [] }

    /// Every inheritance entry of the class's declaration and extensions.
    func inheritedEntries(ofClass name: String) -> [String] {
        declarations(ofClass: name).flatMap { type($0).inherited }
    }

    /// The folder superclass: the first entry of the class declaration's inheritance clause,
    /// when it names a class of the folder.
    func superclass(of name: String) -> String? {
        guard let declaration = classDeclarations[name]?.first, let first = type(declaration).inherited.first else { return nil }
        let resolved = resolveClass(first)
        return resolved == name ? nil : resolved
    }

    /// The class and its folder superclasses, nearest first (stops at a cycle).
    func lineage(of name: String) -> [String] {
        var chain = [name]
        while let next = superclass(of: chain[chain.count - 1]), !chain.contains(next) { chain.append(next) }
        return chain
    }

    /// How many folder superclasses the class has (−1 for a class the folder only extends).
    func depth(of name: String) -> Int { classDeclarations[name] == nil ? -1 : lineage(of: name).count - 1 }

    /// Every class of the folder whose lineage contains `name`.
    func subclasses(of name: String) -> [String] {
        classNames.filter { $0 != name && lineage(of: $0).contains(name) }
    }

    // MARK: Conformance

    /// True when protocol `child` is `parent` or inherits it through protocols of the folder.
    func protocolInherits(_ child: String, _ parent: String, visited: Set<String> = []) -> Bool {
        if child == parent { return true }
        guard let reference = protocolDeclarations[child], !visited.contains(child) else { return false }
        return type(reference).inherited.contains { entry in
            resolveProtocol(entry).map { protocolInherits($0, parent, visited: visited.union([child])) } ?? false
        }
    }

    /// True when the class conforms to the folder protocol `protocolName`: it or a folder
    /// superclass lists it, or a protocol inheriting it, in a declaration or an extension.
    func conforms(_ className: String, to protocolName: String) -> Bool {
        lineage(of: className).contains { ancestor in
            inheritedEntries(ofClass: ancestor).contains { entry in
                resolveProtocol(entry).map { protocolInherits($0, protocolName) } ?? false
            }
        }
    }

    // MARK: Methods

    /// The functions declared in the class's body and extensions, in file order.
    func methods(ofClass name: String) -> [FunctionReference] { methodsByClass[name] ?? [] }

    /// True when every method of the class is visible to Objective-C on iOS: it or a folder
    /// superclass is `@objcMembers`.
    func isObjCMembers(_ className: String) -> Bool {
        lineage(of: className).contains { ancestor in
            (classDeclarations[ancestor] ?? []).contains { type($0).attributeNames.contains("objcMembers") }
        }
    }

    /// The Objective-C name of a method: its `@objc(name)`, else Swift's rule.
    func objCName(of reference: FunctionReference) -> String {
        let function = function(reference)
        if let custom = function.attributes.first(where: { $0.name == "objc" })?.arguments {
            return custom.filter { !$0.isWhitespace }
        }
        return ObjCSelectorName.method(base: function.name, labels: function.labels)
    }

    /// The method a `#selector` names in a class: matching `name` and, when given, `labels`,
    /// searched in the class and then its folder superclasses; nil when none matches or the
    /// name alone matches several.
    func method(named name: String, labels: [String]?, inClass className: String) -> FunctionReference? {
        for ancestor in lineage(of: className) {
            let matches = methods(ofClass: ancestor).filter { reference in
                let function = function(reference)
                return function.name == name && (labels == nil || function.labels == labels!)
            }
            let fullNames = Set(matches.map { function($0).fullName })
            if fullNames.count == 1 { return matches[0] }
            if fullNames.count > 1 { return nil }
        }
        return nil
    }
}
