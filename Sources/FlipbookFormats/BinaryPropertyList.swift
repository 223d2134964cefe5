import Foundation

/// A reader of binary property lists (`bplist00`) for manifests, in place of Foundation's, which
/// the fuzzer (`scripts/fuzz manifest-plist`) crashed with a set object (Foundation's bridging of
/// an `NSSet` dereferences null) and made leak with damaged object tables.
///
/// It reads the format's trailer, offset table and objects with every offset, count and
/// reference checked against the file, and returns the root as a `JSONValue` (dictionaries as
/// objects with their keys sorted, integers and reals as numbers, dates and data as `null`,
/// which no manifest field accepts), so manifests in every format are validated by one code path.
/// It refuses what a manifest never holds — sets, keyed-archiver UIDs, 128-bit integers,
/// dictionary keys that are not strings — and structures deeper than `maximumDepth` or that
/// contain themselves. An object referenced several times is read once (so a file cannot make
/// the reader repeat work exponentially).
enum BinaryPropertyList {
    /// How deep arrays and dictionaries may nest (as for JSON, `JSONValue.maximumDepth`).
    static let maximumDepth = 512

    /// Why the bytes are not a usable binary property list; `message` names the object or part.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The root object of `bytes`, which start with `bplist`.
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var reader = try Reader(bytes: bytes)
        return try reader.object(reader.topObject, depth: 1)
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int, referenceSize: Int
        let objectCount: Int, topObject: Int, offsetTable: Int
        /// Objects already read, by index; `visiting` marks those being read (a cycle).
        // An object referenced several times is one shared `JSONValue` (arrays and strings share
        // their buffers), so the result stays as small as the file however often objects are shared.
        var cache: [Int: JSONValue] = [:]
        /// Array elements and dictionary members built so far: each is a 24-byte `JSONValue` even
        /// when its object is shared, so a 1-byte reference costs 24 bytes; at most
        /// `JSONValue.maximumValueCount`, as for JSON.
        var elementCount = 0
        var visiting = Set<Int>()

        init(bytes: [UInt8]) throws {
            self.bytes = bytes
            guard bytes.starts(with: Array("bplist00".utf8)) else {
                let version = String(decoding: bytes.dropFirst(6).prefix(2).filter { (0x20...0x7E).contains($0) }, as: UTF8.self)
                throw Failure(message: "its version '\(version)' is not supported (only bplist00)")
            }
            // Header (8) + at least one object byte + the 32-byte trailer.
            guard bytes.count >= 8 + 1 + 32 else {
                throw Failure(message: "it is \(bytes.count) bytes long, too short to hold its trailer")
            }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            func integer(at position: Int) -> UInt64 { bytes[position..<position + 8].reduce(0) { $0 << 8 | UInt64($1) } }
            let count = integer(at: trailer + 8), top = integer(at: trailer + 16), table = integer(at: trailer + 24)
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
                throw Failure(
                    message: "its trailer gives offsets of \(offsetSize) and references of \(referenceSize) bytes (1 to 8 are possible)")
            }
            // Every object takes at least one byte between the header and the offset table.
            guard table >= 9, table <= UInt64(trailer), count >= 1, count <= table - 8,
                count <= UInt64(trailer - Int(table)) / UInt64(offsetSize)
            else {
                throw Failure(message: "its trailer's object count (\(count)) or offset table position (\(table)) does not fit in the file")
            }
            guard top < count else { throw Failure(message: "its top object (\(top)) is not one of its \(count) objects") }
            objectCount = Int(count)
            topObject = Int(top)
            offsetTable = Int(table)
        }

        /// The unsigned big-endian integer of `size` bytes at `position` (checked by the caller).
        func unsigned(at position: Int, size: Int) -> Int {
            bytes[position..<position + size].reduce(0) { $0 << 8 | Int($1) }
        }

        /// Where object `index` starts (after the header, before the offset table).
        func start(of index: Int) throws -> Int {
            let offset = unsigned(at: offsetTable + index * offsetSize, size: offsetSize)
            guard offset >= 8, offset < offsetTable else {
                throw Failure(message: "object \(index) starts at byte \(offset), outside the object area")
            }
            return offset
        }

        /// A length `count` at `position` (inside `object`) must fit before the offset table.
        func check(_ position: Int, count: Int, of object: Int) throws {
            guard count >= 0, position <= offsetTable, count <= offsetTable - position else {
                let start = (try? self.start(of: object)) ?? position
                throw Failure(message: "object \(object) at byte \(start) runs past the object area")
            }
        }

        /// The element count of an object with marker `marker` at `position`, and where its body starts.
        func count(marker: UInt8, at position: Int, of object: Int) throws -> (count: Int, body: Int) {
            let low = Int(marker & 0x0F)
            guard low == 0x0F else { return (low, position + 1) }
            try check(position + 1, count: 1, of: object)
            let intMarker = bytes[position + 1]
            guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
                throw Failure(message: "object \(object) at byte \(position) has a malformed length")
            }
            let size = 1 << Int(intMarker & 0x0F)
            try check(position + 2, count: size, of: object)
            let value = unsigned(at: position + 2, size: size)
            guard value >= 0 else { throw Failure(message: "object \(object) at byte \(position) has a malformed length") }
            return (value, position + 2 + size)
        }

        /// The object indices of `count` references at `position`.
        func references(at position: Int, count: Int, of object: Int) throws -> [Int] {
            let (bytesNeeded, overflow) = count.multipliedReportingOverflow(by: referenceSize)
            guard !overflow else { throw Failure(message: "object \(object) at byte \(position) runs past the object area") }
            try check(position, count: bytesNeeded, of: object)
            return try (0..<count).map { item in
                let reference = unsigned(at: position + item * referenceSize, size: referenceSize)
                guard reference >= 0, reference < objectCount else {
                    throw Failure(message: "object \(object) refers to object \(reference), but there are \(objectCount)")
                }
                return reference
            }
        }

        mutating func countElements(_ count: Int) throws {
            elementCount += count
            guard elementCount <= JSONValue.maximumValueCount else {
                throw Failure(message: "more than \(JSONValue.maximumValueCount) array elements and dictionary members in one file")
            }
        }

        mutating func object(_ index: Int, depth: Int) throws -> JSONValue {
            if let known = cache[index] { return known }
            guard depth <= BinaryPropertyList.maximumDepth else {
                throw Failure(message: "arrays and dictionaries are nested more than \(BinaryPropertyList.maximumDepth) levels deep")
            }
            guard visiting.insert(index).inserted else { throw Failure(message: "object \(index) contains itself") }
            defer { visiting.remove(index) }
            let position = try start(of: index)
            let marker = bytes[position]
            let value: JSONValue
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: value = .bool(false)
                case 0x09: value = .bool(true)
                default:
                    throw Failure(message: "object \(index) at byte \(position) is a null or fill object, which a manifest cannot hold")
                }
            case 0x1:
                let size = 1 << Int(marker & 0x0F)
                guard size <= 8 else {
                    throw Failure(message: "object \(index) at byte \(position) is a \(size * 8)-bit integer (at most 64 bits)")
                }
                try check(position + 1, count: size, of: index)
                let raw = bytes[position + 1..<position + 1 + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                // 8-byte integers are signed, shorter ones unsigned (the format's rule).
                value = .number(Double(size == 8 ? Int64(bitPattern: raw) : Int64(raw)))
            case 0x2, 0x3:
                let size = marker >> 4 == 0x3 ? 8 : 1 << Int(marker & 0x0F)
                guard size == 4 || size == 8, marker >> 4 == 0x2 || marker == 0x33 else {
                    throw Failure(message: "object \(index) at byte \(position) is a malformed number or date")
                }
                try check(position + 1, count: size, of: index)
                let raw = bytes[position + 1..<position + 1 + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                let number = size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
                value = marker == 0x33 ? .null : .number(number) // a date is no manifest value
            case 0x4:
                let (count, body) = try self.count(marker: marker, at: position, of: index)
                try check(body, count: count, of: index)
                value = .null // data is no manifest value
            case 0x5:
                let (count, body) = try self.count(marker: marker, at: position, of: index)
                try check(body, count: count, of: index)
                guard let text = String(bytes: bytes[body..<body + count], encoding: .ascii) else {
                    throw Failure(message: "object \(index) at byte \(position) is an ASCII string with bytes above 127")
                }
                value = .string(text)
            case 0x6:
                let (count, body) = try self.count(marker: marker, at: position, of: index)
                let (length, overflow) = count.multipliedReportingOverflow(by: 2)
                guard !overflow else { throw Failure(message: "object \(index) at byte \(position) runs past the object area") }
                try check(body, count: length, of: index)
                let units = (0..<count).map { UInt16(bytes[body + 2 * $0]) << 8 | UInt16(bytes[body + 2 * $0 + 1]) }
                guard let text = String(validating: units, as: UTF16.self) else {
                    throw Failure(message: "object \(index) at byte \(position) is a UTF-16 string with a lone surrogate")
                }
                value = .string(text)
            case 0xA:
                let (count, body) = try self.count(marker: marker, at: position, of: index)
                let elements = try references(at: body, count: count, of: index)
                try countElements(count)
                value = .array(try elements.map { try object($0, depth: depth + 1) })
            case 0xD:
                let (count, body) = try self.count(marker: marker, at: position, of: index)
                let keys = try references(at: body, count: count, of: index)
                let values = try references(at: body + count * referenceSize, count: count, of: index)
                try countElements(count)
                var dictionary: [String: JSONValue] = [:]
                for (key, item) in zip(keys, values) {
                    guard case let .string(name) = try object(key, depth: depth + 1) else {
                        throw Failure(message: "object \(index) at byte \(position) is a dictionary with a key that is not a string")
                    }
                    dictionary[name] = try object(item, depth: depth + 1)
                }
                value = .object(dictionary.keys.sorted().map { ($0, dictionary[$0]!) })
            default:
                let kinds: [UInt8: String] = [
                    0x7: "a UTF-8 string (a newer format)", 0x8: "a keyed-archiver UID", 0xB: "an ordered set", 0xC: "a set"
                ]
                throw Failure(
                    message:
                        "object \(index) at byte \(position) is \(kinds[marker >> 4] ?? "of an unknown type (marker 0x\(String(marker, radix: 16)))"), which a manifest cannot hold"
                )
            }
            cache[index] = value
            return value
        }
    }
}
