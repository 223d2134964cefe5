import FlipbookModel
public import Foundation

/// Misuse found while recording; each case names the view (its type and accessibility
/// identifier or tag).
public enum RecordingError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// A view changed inside an animation block while it was not in the window.
    case animatedOutsideWindow(view: String)
    /// Completions kept scheduling work (a completion that starts its own animation again).
    case tooManyCompletions(view: String, count: Int)
    /// Animations or completions reach past the longest transition.
    case tooLong(view: String, seconds: Double)
    /// An animation that never ends (a spring without damping, a repeating animation).
    case neverEnds(view: String, reason: String)
    /// A view-controller transition whose animator never called `completeTransition(_:)`;
    /// `waitingOn` says what the recording saw last (or that it waits for an interaction).
    case transitionNotCompleted(animator: String, waitingOn: String)
    /// Work dispatched to a queue other than the main queue (`queue`, as the code names it),
    /// from `calledAt` (`Module/File.swift:LINE`): it would run on another thread, off the
    /// recording's clock.
    case workOnOtherQueue(queue: String, calledAt: String)
    /// Repeating run-loop work (a repeating `Timer`, a `CADisplayLink`; `work` names it and
    /// where it was made) still scheduled when the recording reached its longest or its most events.
    case workStillScheduled(String)
    /// An API FlipbookUIKit refuses in a recording (`api`), called from `calledAt`
    /// (`Module/File.swift:LINE`); `advice` says what to use instead.
    case unsupported(api: String, calledAt: String, advice: String)
    /// The recorded transition is not valid as a model (a snapshot of a snapshot, say).
    case invalidTransition(String)
    /// A layer's `transform` or `sublayerTransform` (`property`) is a matrix that cannot be
    /// drawn: `reason` says why (a NaN or infinite entry, a singular matrix).
    case unrepresentableTransform(view: String, property: String, reason: String)
    /// A target-action or gesture action could not call its method (a selector naming no method
    /// of its target, or a method taking another type of sender); names the selector's file and line.
    case actionFailed(SelectorError)
    /// Something the view or layer uses that Flipbook does not draw (`what`), refused rather
    /// than left out of the picture.
    case notDrawn(view: String, what: String)
    /// A Core Animation animation whose settings contradict each other or its key path
    /// (`field` names the property, `problem` says what is wrong).
    case invalidAnimation(view: String, field: String, problem: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case let .animatedOutsideWindow(view):
            return "\(view) is animated but is not in the window (add it to the window's view tree before animating it)"
        case let .tooManyCompletions(view, count):
            return
                "completions keep starting new work after \(count) events (last: \(view)); a completion that starts its own animation again never ends"
        case let .tooLong(view, seconds):
            return "\(view): the recording reaches \(seconds) s; a transition lasts at most \(TransitionAnimator.maximumDurationSeconds) s"
        case let .neverEnds(view, reason):
            return "\(view): the animation never ends (\(reason))"
        case let .transitionNotCompleted(animator, waitingOn):
            return "\(animator) never called completeTransition(_:) on its transition context: \(waitingOn)"
        case let .workOnOtherQueue(queue, calledAt):
            return "\(calledAt): work dispatched to \(queue) would run on another thread, off the recording's clock; "
                + "UIKit code runs on the main queue: dispatch it to DispatchQueue.main"
        case let .workStillScheduled(work):
            return "\(work) was still scheduled when the recording reached its limit (\(TransitionAnimator.maximumDurationSeconds) s or "
                + "its most events): a recording ends when nothing is left to run; invalidate it when its work is done "
                + "(in the completion that ends the transition, or in viewDidDisappear)"
        case let .unsupported(api, calledAt, advice):
            return "\(calledAt): \(api) is not supported in a recording; \(advice)"
        case let .invalidTransition(reason):
            return "the recorded transition is not valid: \(reason)"
        case let .unrepresentableTransform(view, property, reason):
            return "\(view): its layer's \(property) \(reason), so it cannot be drawn"
        case let .actionFailed(error):
            return error.description
        case let .notDrawn(view, what):
            return "\(view): \(what) is not drawn by Flipbook (docs/UIKIT.md lists what is)"
        case let .invalidAnimation(view, field, problem):
            return "\(view): the animation's \(field) \(problem)"

        }
    }

    /// The description.
    public var errorDescription: String? { description }
}
