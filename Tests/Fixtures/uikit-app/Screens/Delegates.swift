import UIKit

/// A delegate that implements only what it must: the card falls back to its own answers.
final class MinimalCardDelegate: NSObject, PhotoCardViewDelegate {
    private(set) var toggles = 0
    func photoCardDidToggle(_ card: PhotoCardView) { toggles += 1 }
}

/// Conforms, and implements none of the optional methods…
class LockedCardDelegate: NSObject, PhotoCardViewDelegate {
    func photoCardDidToggle(_ card: PhotoCardView) {}
}

/// … while its subclass implements two, exposed to Objective-C under the requirements'
/// selectors: the card finds them at run time, as it does on iOS.
final class TallLockedCardDelegate: LockedCardDelegate {
    private(set) var finishedVelocity: CGPoint?
    @objc func photoCardShouldExpand(_ card: PhotoCardView) -> Bool { false }
    @objc(photoCardDidFinishPanning:withVelocity:)
    func photoCardDidFinishPanning(_ card: PhotoCardView, velocity: CGPoint) { finishedVelocity = velocity }
}

/// A subclass whose method is not exposed to Objective-C: it is not a witness of the inherited
/// conformance, so on iOS the card never sees it and expands.
final class QuietLockedCardDelegate: LockedCardDelegate {
    func photoCardShouldExpand(_ card: PhotoCardView) -> Bool { false }
}

/// Asks its delegate what UIKit code asks: whether it implements an optional method.
enum DelegateInspector {
    static func answersExpandedHeight(_ delegate: PhotoCardViewDelegate) -> Bool {
        delegate.responds(to: #selector(PhotoCardViewDelegate.photoCard(_:expandedHeightFor:)))
    }
}
