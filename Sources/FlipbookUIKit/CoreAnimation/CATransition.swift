import Foundation

/// A transition's kind (`CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A type.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content fades in over the old.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides out, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The side a transition comes from (`CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A subtype.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// From the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// From the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// From the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// A transition of a layer's content (`CATransition`): added to a view's layer in the turn its
/// content changes, the old content moves or fades against the new (see docs/UIKIT.md).
open class CATransition: CAAnimation {
    /// The kind (`.fade` by default).
    open var type: CATransitionType = .fade
    /// The side (nil moves as `.fromLeft`).
    open var subtype: CATransitionSubtype?
    /// Where the transition starts, 0…1 of its progress.
    open var startProgress: Float = 0
    /// Where it ends, 0…1.
    open var endProgress: Float = 1
    override func copyProperties(to copy: CAAnimation) {
        guard let copy = copy as? CATransition else { return }
        copy.type = type; copy.subtype = subtype; copy.startProgress = startProgress; copy.endProgress = endProgress
    }
}
