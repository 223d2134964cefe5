/// One card of the card carousel app (docs/REFERENCE-APPS.md): a cover photo, a title, a comment count, a star rating
/// and the comments the detail screen lists.
package struct Card: Hashable, Sendable {
    /// The title, drawn on the card and the detail's title view.
    package var title: String
    /// The cover image file, resolved against the manifest's folder (the `source` of display lists).
    package var imagePath: String
    /// The number shown as "N comments" (defaults to the number of comment texts).
    package var commentCount: Int
    /// Stars out of 5, drawn as ★ and ☆.
    package var rating: Int
    /// The comments, one list row each.
    package var comments: [CardComment]

    /// Creates a card.
    package init(title: String, imagePath: String, commentCount: Int, rating: Int, comments: [CardComment]) {
        self.title = title; self.imagePath = imagePath; self.commentCount = commentCount; self.rating = rating; self.comments = comments
    }

    /// The rating as five stars, filled first: 4 → "★★★★☆".
    package var stars: String { String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating) }

    /// "1 comment", "12 comments".
    package var commentLine: String { "\(commentCount) comment\(commentCount == 1 ? "" : "s")" }
}

/// One comment row of the card detail (the card carousel's cell): the commenter's avatar and nickname
/// over the comment text.
package struct CardComment: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The comment, wrapped onto as many lines as it needs.
    package var text: String
    /// The commenter's name, shown beside the avatar; nil = no name label.
    package var nickname: String?
    /// The avatar image file, resolved like the card image; nil = a grey placeholder circle.
    package var avatarPath: String?

    /// Creates a comment.
    package init(text: String, nickname: String? = nil, avatarPath: String? = nil) {
        self.text = text; self.nickname = nickname; self.avatarPath = avatarPath
    }

    /// A comment with only its text.
    package init(stringLiteral text: String) { self.init(text: text) }
}
