public import Foundation

/// A control (`UIControl`): target-action by event. `addTarget(_:action:for:)` registers a
/// method, `sendActions(for:)` calls the methods registered for those events, in the order they
/// were added, with the control as sender (a nil target: the first responder up the chain from
/// the control that has the method). A recording's fingers reach a control under them: a tap
/// sends `.touchDown` and `.touchUpInside` (a switch, segmented control and page control also
/// change their value), a drag starting on a slider's thumb moves it.
open class UIControl: UIView {
    /// The events a control sends actions for (`UIControl.Event`); raw values are UIKit's
    /// (`UIControl.h`).
    public struct Event: OptionSet, Hashable, Sendable {
        /// The bits, as UIKit's.
        public let rawValue: UInt
        /// Events from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch down.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch down (a double tap).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A drag inside the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A drag outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A drag into the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A drag out of the control.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch lifted inside the control (a button's tap).
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch lifted outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// A touch cancelled by the system.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The value changed (a switch, slider, segmented control).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began (text fields).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with the return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Reserved for the app.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Reserved for the system.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Kept (it does not stop `sendActions(for:)`, which is programmatic, as in UIKit).
    open var isEnabled = true
    /// Kept.
    open var isSelected = false
    /// Kept.
    open var isHighlighted = false

    private var actions: [(targetAction: TargetAction, events: Event)] = []

    /// Registers `action` of `target` (not retained; nil: the responder chain) for
    /// `controlEvents`; the same target and action again adds the events to it.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        actions.removeAll { $0.targetAction.isReleased }
        if let existing = actions.firstIndex(where: { $0.targetAction.matches(target: target, action: action) }) {
            actions[existing].events.formUnion(controlEvents)
        } else {
            actions.append((TargetAction(target: target, action: action), controlEvents))
        }
    }

    /// Removes `action` (nil: every action) of `target` (nil: every target) for `controlEvents`.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        for index in actions.indices
        where target == nil
            ? (action.map { $0 == actions[index].targetAction.action } ?? true)
            : actions[index].targetAction.matches(target: target, action: action)
        {
            actions[index].events.subtract(controlEvents)
        }
        actions.removeAll { $0.events.isEmpty || $0.targetAction.isReleased }
    }

    /// The targets with actions (`NSNull` for the responder chain's nil target).
    open var allTargets: Set<AnyHashable> {
        Set(
            actions.compactMap { entry -> AnyHashable? in
                if entry.targetAction.hasNoTarget { return AnyHashable(NSNull()) }
                return (entry.targetAction.target as? NSObject).map { AnyHashable($0) }
            })
    }

    /// Every event some action is registered for.
    open var allControlEvents: Event { actions.reduce(into: Event()) { $0.formUnion($1.events) } }

    /// The names of `target`'s actions for `controlEvent`, nil when none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let names = actions.filter { $0.events.contains(controlEvent) && $0.targetAction.matches(target: target, action: nil) }
            .map(\.targetAction.action.name)
        return names.isEmpty ? nil : names
    }

    /// Calls the actions registered for any of `controlEvents`, in the order they were added
    /// (an action method taking an event gets a `UIEvent` without touches).
    open func sendActions(for controlEvents: Event) {
        let event = UIEvent()
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) && !entry.targetAction.isReleased {
            sendAction(entry.targetAction.action, to: entry.targetAction.target, for: event)
        }
    }

    /// A recording's tap at `point` (this control's coordinates): `.touchDown`, then
    /// `.touchUpInside`. Controls with a value override it to change the value as UIKit does.
    package func fingerTapped(at point: CGPoint) {
        sendActions(for: .touchDown)
        sendActions(for: .touchUpInside)
    }

    /// Whether a recording's drag that goes down at `point` (this control's coordinates) is this
    /// control's to track (a slider's thumb) rather than the pan recognizers'. False by default.
    package func tracksDrag(startingAt point: CGPoint) -> Bool { false }

    /// One sample of a drag this control tracks: `.began` at touch-down, `.changed`, `.ended` at
    /// lift-off, the finger at `point` (this control's coordinates).
    package func fingerDragged(_ phase: UIGestureRecognizer.State, at point: CGPoint) {}

    /// Sends one action with this control as sender (the methods `sendActions(for:)` uses).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        FlipbookUIKit.sendAction(action, to: target.map { $0 as AnyObject }, from: self, event: event)
    }
}

/// An event (`UIEvent`): the second argument of an action method that takes one
/// (`tapped(_:forEvent:)`). Touches are not simulated: its `type` and `timestamp` only.
@MainActor
open class UIEvent: NSObject {
    /// The kinds of event (`UIEvent.EventType`).
    public enum EventType: Int, Sendable {
        /// Touches.
        case touches = 0
        /// Motion.
        case motion = 1
        /// Remote control.
        case remoteControl = 2
        /// Presses.
        case presses = 3
    }
    /// The event's kind.
    open var type: EventType { .touches }
    /// When it happened, in seconds of the recording's clock.
    open internal(set) var timestamp: TimeInterval = 0
    /// An event.
    public override init() { super.init() }
}
