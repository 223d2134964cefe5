import Foundation
import FlipbookGeometry
import FlipbookMotion
import FlipbookModel
import FlipbookScenes

/// The cards manifest (JSON or property list):
/// `{"cards": [{"title": "…", "image": "photos/a.jpg", "rating": 4, "commentCount": 12, "comments": […]}]}`.
/// `commentCount` is optional (default: the number of `comments`). A comment is a string or
/// `{"text": "…", "nickname": "…", "avatar": "photos/b.jpg"}` (nickname and avatar optional).
package struct CardManifest: Hashable, Sendable {
    /// The manifest file, as given.
    package var path: String
    /// The cards, left to right.
    package var cards: [Card]

    /// Reads and validates a cards manifest.
    /// - Throws: `ManifestError` naming the file and the field that is wrong.
    /// With `sandboxPhotos`, every card image must resolve inside the manifest's folder (`PhotoSandbox`).
    package init(contentsOf path: String, sandboxPhotos: Bool = false) throws {
        let data = try PhotoManifest.read(path)
        try self.init(data: data, path: path, baseDirectory: (path as NSString).deletingLastPathComponent)
        if sandboxPhotos {
            for (index, card) in cards.enumerated() {
                try PhotoSandbox.check(card.imagePath, url: card.imagePath, manifest: path, field: "cards[\(index)].image")
                for (row, comment) in card.comments.enumerated() {
                    if let avatar = comment.avatarPath {
                        try PhotoSandbox.check(avatar, url: avatar, manifest: path, field: "cards[\(index)].comments[\(row)].avatar")
                    }
                }
            }
        }
    }

    /// Parses manifest bytes; `path` names the file in errors, `baseDirectory` resolves image paths.
    package init(data: Data, path: String, baseDirectory: String) throws {
        self.path = path
        let root = try PhotoManifest.parseRoot(data, path: path)
        guard let dictionary = root.members else {
            throw ManifestError.invalidField(path: path, field: "(top level)", problem: "must be an object with a \"cards\" array")
        }
        guard let value = dictionary["cards"] else { throw ManifestError.invalidField(path: path, field: "cards", problem: "is missing") }
        guard let entries = value.elements else {
            throw ManifestError.invalidField(path: path, field: "cards", problem: "must be an array of cards")
        }
        guard !entries.isEmpty else {
            throw ManifestError.invalidField(path: path, field: "cards", problem: "is empty: a carousel needs at least one card")
        }
        cards = try entries.enumerated().map { index, entry in
            let field = "cards[\(index)]"
            guard let item = entry.members else {
                throw ManifestError.invalidField(path: path, field: field, problem: "must be an object with \"title\", \"image\" and \"rating\"")
            }
            let reader = FieldReader(path: path, prefix: field, item: item)
            let title = try reader.string("title")
            let image = try reader.string("image")
            // As photos' urls: `file://` URLs, absolute paths, or paths relative to the manifest.
            let imagePath = try PhotoManifest.resolve(image, manifest: path, field: "\(field).image", baseDirectory: baseDirectory)
            let rating = try reader.integer("rating", in: 0...5)
            let comments = try reader.comments("comments", baseDirectory: baseDirectory)
            let count = item["commentCount"] == nil ? comments.count : try reader.integer("commentCount", in: 0...1_000_000)
            return Card(title: title, imagePath: imagePath, commentCount: count, rating: rating, comments: comments)
        }
    }
}

/// Reads typed fields of one manifest object, throwing errors that name file and field.
private struct FieldReader {
    let path: String
    let prefix: String
    let item: [String: JSONValue]

    func error(_ name: String, _ problem: String) -> ManifestError {
        .invalidField(path: path, field: "\(prefix).\(name)", problem: problem)
    }

    func string(_ name: String) throws -> String {
        guard let value = item[name] else { throw error(name, "is missing") }
        guard let text = value.stringValue, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw error(name, "must be a non-empty string")
        }
        return text
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = item[name] else { throw error(name, "is missing") }
        guard let double = value.numberValue else {
            throw error(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        guard double == double.rounded(), range.contains(Int(exactly: double) ?? -1) else {
            throw error(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(double.shortestText)")
        }
        return Int(double)
    }

    /// Comments: each a string, or an object with "text" and optional "nickname" and "avatar"
    /// (an image file, resolved as card images are by `PhotoManifest.resolve`; not an http(s) URL).
    func comments(_ name: String, baseDirectory: String) throws -> [CardComment] {
        guard let value = item[name] else { return [] }
        guard let list = value.elements else { throw error(name, "must be an array of comments (strings or objects)") }
        return try list.enumerated().map { index, element in
            let field = "\(prefix).\(name)[\(index)]"
            if let text = element.stringValue { return CardComment(text: text) }
            guard let object = element.members else {
                throw ManifestError.invalidField(path: path, field: field, problem: "must be a string or an object with \"text\"")
            }
            let unknown = Set(object.keys).subtracting(["text", "nickname", "avatar"]).sorted()
            if let key = unknown.first {
                throw ManifestError.invalidField(path: path, field: "\(field).\(InputText.excerpt(key))", problem: "is not a comment field (text, nickname, avatar)")
            }
            let reader = FieldReader(path: path, prefix: field, item: object)
            let text = try reader.string("text")
            let nickname = object["nickname"] == nil ? nil : try reader.string("nickname")
            var avatar: String?
            if object["avatar"] != nil {
                avatar = try PhotoManifest.resolve(reader.string("avatar"), manifest: path, field: "\(field).avatar", baseDirectory: baseDirectory)
            }
            return CardComment(text: text, nickname: nickname, avatarPath: avatar)
        }
    }
}
