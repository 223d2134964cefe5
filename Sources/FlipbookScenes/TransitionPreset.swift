public import FlipbookGeometry
package import FlipbookModel
public import FlipbookMotion
package import FlipbookText
public import Foundation

/// Invalid scene options; each case names the field of `SceneOptions` (the command line maps it
/// to its option).
public enum SceneError: SettingNamingError, Equatable {
    /// A photo index outside the manifest.
    case indexOutOfRange(field: SettingField, index: Int, count: Int)
    /// A card index outside the cards manifest.
    case cardIndexOutOfRange(field: SettingField, index: Int, count: Int)
    /// `pageTarget` is not next to `selectedIndex` (a paging scroll view moves one page a swipe).
    case pageNotAdjacent(from: Int, to: Int)

    /// A one-line explanation; `message` keeps its settings apart.
    public var message: SettingText {
        switch self {
        case let .indexOutOfRange(field, index, count):
            return "\(field: field) \(index) is out of range: the manifest has \(count) photo\(count == 1 ? "" : "s") (0…\(count - 1))"
        case let .cardIndexOutOfRange(field, index, count):
            return "\(field: field) \(index) is out of range: the cards manifest has \(count) card\(count == 1 ? "" : "s") (0…\(count - 1))"
        case let .pageNotAdjacent(from, to):
            return "\(field: .pageTarget) \(to) is not next to \(field: .selectedIndex) \(from): "
                + "a paging scroll view moves one page a swipe (\(field: .pageTarget) \(from - 1) or \(from + 1))"
        }
    }
}

/// The built-in transitions, reproducing the reference apps (docs/PRESETS.md). Each builds a
/// `Transition` value on the same model as transition files.
public enum TransitionPreset: String, CaseIterable, Sendable {
    /// Waterfall grid → detail: the photo flies on a spring while the detail fades in.
    case push
    /// Detail → waterfall grid (return-positioned): the photo flies back, the detail fades out.
    case pop
    /// Waterfall grid → detail (the zoom browser): the detail is added on top and fades in, the photo flies.
    case zoomPush = "zoom-push"
    /// Detail → waterfall grid (the zoom browser): the grid is added on top and fades in, the photo flies back.
    case zoomPop = "zoom-pop"
    /// Thumbnail grid → modal browser (the modal browser): black at once, the photo grows to full width.
    case present
    /// Modal browser → thumbnail grid (the modal browser): browser gone at once, the photo shrinks to its cell.
    case dismiss
    /// Like `present` (the fading modal browser), but the background fades clear → black and the photo is stretched.
    case fadePresent = "fade-present"
    /// Like `dismiss` (the fading modal browser), but the background fades black → clear and the photo is stretched.
    case fadeDismiss = "fade-dismiss"
    /// Card carousel → card detail (the card carousel): three snapshots move, then a 0.3 s follow-up.
    case cardPush = "card-push"
    /// Card detail → card carousel (the card carousel): the three snapshots move back.
    case cardPop = "card-pop"
    /// Detail view: a horizontal swipe from photo `--select` to `--to` in the paging collection view.
    case page

    /// One line for `flipbook list`: what moves.
    public var summary: String {
        switch self {
        case .push:
            return
                "waterfall grid → detail: the photo's snapshot flies from its cell to the aspect-fit detail frame; detail fades in over black"
        case .pop: return "detail → waterfall grid (scrolled to reveal the photo): snapshot flies back onto its cell; detail fades out"
        case .zoomPush:
            return "waterfall grid → detail: snapshot flies cell → detail frame; the detail, on top, fades in; both image views hidden"
        case .zoomPop:
            return
                "detail → waterfall grid (as push left it): snapshot flies back to the selected cell; the grid, on top, fades in over the detail"
        case .present:
            return "thumbnail grid → modal browser: black at once; the clipped aspect-fill photo grows from its cell to full width"
        case .dismiss:
            return "modal browser → thumbnail grid: browser gone at once; the photo shrinks to its cell (off screen: to bottom centre)"
        case .fadePresent: return "thumbnail grid → modal browser: background fades clear → black; the stretched photo grows to full width"
        case .fadeDismiss:
            return "modal browser → thumbnail grid: the grid shows at once; the stretched photo shrinks back to its cell (even off screen)"
        case .cardPush:
            return
                "card carousel → detail: cover, title view and card move into place as the detail fades in; then title/list slide up (0.3 s)"
        case .cardPop: return "card detail → carousel: cover, title view and card move back onto the card as the detail fades out"
        case .page:
            return
                "detail view: a finger swipes from the selected photo to a neighbour (rubber band, fling, settling spring; the timing is the swipe's)"
        }
    }

    /// The reference app's timing.
    public var defaultTiming: Timing {
        switch self {
        case .push, .pop, .zoomPush, .zoomPop:
            // UIView.animate(withDuration: 0.7, usingSpringWithDamping: 0.6, initialSpringVelocity: 1)
            return Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1.0), durationSeconds: 0.7)
        case .present, .dismiss:
            return Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 1.5)
        case .fadePresent, .fadeDismiss:
            return Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.3)
        case .cardPush, .cardPop:
            // The main move; card-push's 0.3 s follow-up is a second animation with its own timing.
            return Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 0.5)
        case .page:
            // Nominal: the swipe lasts as long as the finger and the settling take (`page(from:…)`).
            return Timing(curve: .bezier(.linear), durationSeconds: 0.8)
        }
    }

    /// Whether this preset draws the cards of a cards manifest (`SceneOptions.cardsManifestPath`)
    /// rather than the photos.
    package var drawsCards: Bool { self == .cardPush || self == .cardPop }

    /// Builds the transition for these photos (or, for the card presets, `cards`) and options with
    /// `timing` as its main timing (default: the preset's). The card presets measure their labels
    /// with `typesetter` (the stars follow the comment count, comment rows are as tall as their
    /// text) and, without one, with rough widths (docs/PRESETS.md). Reading the cards manifest is
    /// the caller's: `Flipbook` adds `makeTransition(photos:options:timing:typesetter:)`, which does.
    /// `options.appearance` dark changes only the chrome (`Transition.applyingAppearance`).
    /// - Throws: `SceneError` when an index is out of range.
    package func makeTransition(
        photos: [ScenePhoto], cards: [Card], options: SceneOptions, timing: Timing? = nil,
        typesetter: Typesetter? = nil
    ) throws -> Transition {
        // The reference apps are light-mode apps: dark mode changes only the system chrome.
        var options = options
        if let era = options.era { options.device.era = era }
        return try makeLightTransition(photos: photos, cards: cards, options: options, timing: timing, typesetter: typesetter)
            .applyingAppearance(options.appearance ?? .light)
    }

    private func makeLightTransition(
        photos: [ScenePhoto], cards: [Card], options: SceneOptions, timing: Timing?,
        typesetter: Typesetter?
    ) throws -> Transition {
        let timing = timing ?? defaultTiming
        switch self {
        case .cardPush, .cardPop:
            let scene = CardScene(cards: cards, device: options.device, typesetter: typesetter)
            if self == .cardPush {
                try check(options.selectedIndex, field: .selectedIndex, count: scene.cards.count, noun: "card")
                return scene.push(options.selectedIndex, name: rawValue, timing: timing)
            }
            try check(options.effectiveReturnIndex, field: .returnIndex, count: scene.cards.count, noun: "card")
            return scene.pop(options.effectiveReturnIndex, name: rawValue, timing: timing)
        default:
            break
        }
        try check(options.selectedIndex, field: .selectedIndex, count: photos.count, noun: "photo")
        try check(options.effectiveReturnIndex, field: .returnIndex, count: photos.count, noun: "photo")
        let browser = PhotoBrowserScene(photos: photos, device: options.device, columns: options.columns)
        // The zoom browser publishes only its animator: its screens are laid out on the device's own bars.
        let zoomBrowser = PhotoBrowserScene(
            photos: photos, device: options.device, columns: options.columns,
            assumedBarPoints: options.device.topBarHeightPoints, barIsOpaque: false)
        let modal = ModalBrowserScene(photos: photos, device: options.device, scrollPoints: options.scrollPoints)
        let selected = options.selectedIndex, returned = options.effectiveReturnIndex
        switch self {
        case .push: return browser.push(selected, name: rawValue, timing: timing)
        case .zoomPush: return zoomBrowser.push(selected, name: rawValue, timing: timing, zoom: true)
        // A photo shown last other than the tapped one was reached by a swipe, which lays the
        // app's temporary image view out again.
        case .pop: return browser.pop(returned, afterSwipe: returned != selected, name: rawValue, timing: timing)
        case .zoomPop: return zoomBrowser.zoomPop(selected, name: rawValue, timing: timing) // the zoom browser returns to the selected item
        case .present: return modal.present(selected, style: .clipped, name: rawValue, timing: timing)
        case .dismiss: return modal.dismiss(returned, style: .clipped, name: rawValue, timing: timing)
        case .fadePresent: return modal.present(selected, style: .fade, name: rawValue, timing: timing)
        // the fading modal browser has one photo
        case .fadeDismiss: return modal.dismiss(selected, style: .fade, name: rawValue, timing: timing)
        case .page:
            let target = options.effectivePageTarget(count: photos.count)
            try check(target, field: .pageTarget, count: photos.count, noun: "photo")
            guard abs(target - selected) == 1 else { throw SceneError.pageNotAdjacent(from: selected, to: target) }
            return browser.page(from: selected, gesture: options.effectivePageGesture(count: photos.count), name: rawValue)
        case .cardPush, .cardPop: preconditionFailure("handled above")
        }
    }

    package func check(_ index: Int, field: SettingField, count: Int, noun: String) throws {
        guard (0..<count).contains(index) else {
            throw noun == "card"
                ? SceneError.cardIndexOutOfRange(field: field, index: index, count: count)
                : SceneError.indexOutOfRange(field: field, index: index, count: count)
        }
    }
}

extension SceneError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
