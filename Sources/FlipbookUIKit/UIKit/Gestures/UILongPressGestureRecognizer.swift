public import Foundation

/// A long press (`UILongPressGestureRecognizer`): a finger that stays within `allowableMovement`
/// of where it went down for `minimumPressDuration` begins it; later moves are `.changed`, the
/// lift `.ended` (Apple's documentation: a continuous gesture). A recording drives it from a
/// finger that goes down on its view (`Finger.press` or `Finger.pan`).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the finger must stay down, in seconds (default 0.5, Apple's documentation).
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far the finger may move before the press begins, in points (default 10, Apple's
    /// documentation); moving further fails it.
    open var allowableMovement: CGFloat = 10
    /// Kept: taps before the press (0 by default); only 0 is driven.
    open var numberOfTapsRequired = 0
    /// Kept: fingers (1 by default).
    open var numberOfTouchesRequired = 1
}
