package import FlipbookModel
package import Foundation

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
                try PhotoSandbox.check(card.imagePath, url: card.imagePath, manifest: path, field: "$.cards[\(index)].image")
                for (row, comment) in card.comments.enumerated() {
                    if let avatar = comment.avatarPath {
                        try PhotoSandbox.check(avatar, url: avatar, manifest: path, field: "$.cards[\(index)].comments[\(row)].avatar")
                    }
                }
            }
        }
    }

    /// Parses manifest bytes; `path` names the file in errors, `baseDirectory` resolves image paths.
    /// Read by `JSONField`, as photo manifests are (`PhotoManifest.fields(of:path:_:)`).
    package init(data: Data, path: String, baseDirectory: String) throws {
        self.path = path
        let root = try PhotoManifest.parseRoot(data, path: path)
        cards = try PhotoManifest.fields(of: root, path: path) { top in
            let list = try top.object(known: ["cards"]).required("cards", "the cards, left to right")
            let entries = try list.array()
            guard !entries.isEmpty else { throw list.fail("is empty: a carousel needs at least one card") }
            return try entries.map { entry in
                let item = try entry.object(known: ["title", "image", "rating", "commentCount", "comments"])
                let title = try CardManifest.text(item.required("title", "the card's title"))
                let imageField = try item.required("image", "the cover image file")
                // As photos' urls: `file://` URLs, absolute paths, or paths relative to the manifest.
                let imagePath = try PhotoManifest.resolve(
                    CardManifest.text(imageField), manifest: path, field: imageField.path,
                    baseDirectory: baseDirectory)
                let rating = try item.required("rating", "stars out of 5").integer(in: 0...5)
                let comments =
                    try item.optional("comments").map { try CardManifest.comments($0, manifest: path, baseDirectory: baseDirectory) } ?? []
                let count = try item.optional("commentCount")?.integer(in: 0...1_000_000) ?? comments.count
                return Card(title: title, imagePath: imagePath, commentCount: count, rating: rating, comments: comments)
            }
        }
    }

    /// A non-blank string (a title of spaces would draw nothing).
    private static func text(_ field: JSONField) throws -> String {
        let text = try field.string()
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw field.fail("must not be empty") }
        return text
    }

    /// Comments: each a string, or an object with "text" and optional "nickname" and "avatar"
    /// (an image file, resolved as card images are by `PhotoManifest.resolve`; not an http(s) URL).
    private static func comments(_ field: JSONField, manifest path: String, baseDirectory: String) throws -> [CardComment] {
        try field.array().map { element in
            if case let .string(text) = element.value { return CardComment(text: text) }
            guard case .object = element.value else {
                throw element.fail("expected a string or an object with \"text\", got \(element.value.kind)")
            }
            let object = try element.object(known: ["text", "nickname", "avatar"])
            let text = try CardManifest.text(object.required("text", "the comment"))
            let nickname = try object.optional("nickname").map(CardManifest.text)
            let avatar = try object.optional("avatar").map { avatar in
                try PhotoManifest.resolve(CardManifest.text(avatar), manifest: path, field: avatar.path, baseDirectory: baseDirectory)
            }
            return CardComment(text: text, nickname: nickname, avatarPath: avatar)
        }
    }
}
