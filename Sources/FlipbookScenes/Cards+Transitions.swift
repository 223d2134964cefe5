import FlipbookGeometry
package import FlipbookModel
package import FlipbookMotion

/// The card push and pop: the snapshots the push makes, their moves, the carousel bar and the
/// follow-up after the move, assembled into the two transitions.
extension CardScene {
    /// The follow-up (`viewDidAppear` after card-push): `UIView.animate(withDuration: 0.3)` after
    /// the move, condensing the title view to `(0, T − m, W, m)` at alpha 0.9 (its labels keep
    /// their place) and moving the list's top to `T + K − m − 30`.
    func followUp(after move: String) -> [Animation] {
        let timing = AnimationTiming(
            curve: .bezier(CardScene.followUpTiming.curve), durationSeconds: CardScene.followUpTiming.durationSeconds)
        return [
            Animation(
                target: "detail title view", to: LayerPatch(frame: detailTitleFrame(followUp: 1), opacity: CardScene.condensedTitleAlpha),
                after: move, timing: timing),
            Animation(target: "comment list", to: LayerPatch(frame: listFrame(followUp: 1)), after: move, timing: timing)
        ]
    }

    /// The snapshots the push makes of card `index` (`snapshotViewAfterScreenUpdates:NO` of the
    /// cell's background, title view and cover), at the card (`atCard`) or where the push leaves
    /// them: background `(0, T, W, H − T)`, title at `(0, T)` card-sized, cover on the top image.
    /// Each is a bitmap of what the resting card shows: the background rounded on all four corners,
    /// the cover rounded at the top only and the title view at the bottom only (both are cut by
    /// the card's rounded clip), so at the tap the snapshots reproduce the card exactly. The title
    /// and cover are `snapshotOf` layers of such pictures (kept hidden inside them), stretched as
    /// a bitmap is.
    func snapshots(_ index: Int, atCard: Bool) -> [Layer] {
        let radius = CardScene.cardCornerRadiusPoints
        let background = cardBackground(
            frame: atCard ? cardFrame(index, centred: index) : backgroundSnapshotFrame, cornerRadius: radius,
            name: "snapshot card background")
        let card = cardFrame(index, centred: index), coverHeight = coverHeightPoints
        // The card's rounded shape, placed so that the part's content sits where it is on the card.
        func picture(_ name: String, size: Size, cardOrigin: Point, content: Layer) -> Layer {
            var shape = Layer(name: name + " card shape", frame: Rect(origin: cardOrigin, size: card.size))
            shape.cornerRadius = radius
            shape.clipsToBounds = true
            shape.sublayers = [content]
            // Not clipped itself: the card shape's rounded clip is all the card applies, so the
            // seam between cover and title view is antialiased once, as on the card.
            var picture = Layer(name: name, frame: Rect(origin: .zero, size: size))
            picture.isHidden = true
            picture.sublayers = [shape]
            return picture
        }
        var title = Layer(name: "snapshot title view", frame: atCard ? cardTitleFrame(index, centred: index) : titleSnapshotFrame(index))
        title.snapshotOf = "snapshot title picture"
        title.sublayers = [
            picture(
                "snapshot title picture", size: Size(width: card.width, height: CardScene.titleHeightPoints),
                cardOrigin: Point(x: 0, y: -coverHeight),
                content: titleView(
                    index, frame: Rect(x: 0, y: coverHeight, width: card.width, height: CardScene.titleHeightPoints),
                    prefix: "snapshot picture "))
        ]
        var cover = Layer(name: "snapshot cover", frame: atCard ? coverFrame(index, centred: index) : topImageFrame)
        cover.snapshotOf = "snapshot cover picture"
        cover.sublayers = [
            picture(
                "snapshot cover picture", size: Size(width: card.width, height: coverHeight), cardOrigin: .zero,
                content: coverImage(
                    index, frame: Rect(x: 0, y: 0, width: card.width, height: coverHeight),
                    name: "snapshot picture cover"))
        ]
        return [background, title, cover]
    }

    /// The snapshots' moves to where the push leaves them (`toCard` false) or back onto the card.
    func snapshotMoves(_ index: Int, toCard: Bool, name: String?) -> [Animation] {
        [
            Animation(
                name: name, target: "snapshot card background",
                to: LayerPatch(frame: toCard ? cardFrame(index, centred: index) : backgroundSnapshotFrame)),
            Animation(
                target: "snapshot title view",
                to: LayerPatch(frame: toCard ? cardTitleFrame(index, centred: index) : titleSnapshotFrame(index))),
            Animation(target: "snapshot cover", to: LayerPatch(frame: toCard ? coverFrame(index, centred: index) : topImageFrame))
        ]
    }

    /// The carousel's navigation bar, sliding up off the screen (push) or back down (pop) with the
    /// main timing: the detail hides the bar, and an animated `setNavigationBarHidden` moves the
    /// opaque bar away alongside the transition rather than fading it, so no half-transparent bar
    /// is ever printed over the flying cover. Its frame goes from `(0, 0, W, topBar)` to
    /// `(0, −topBar, W, topBar)` (wholly above the screen; the status bar stays on top).
    func carouselBar(visibleAtStart: Bool) -> (layer: Layer, animation: Animation) {
        // The carousel scrolls sideways only: its bar is at the scroll edge (iOS 15 on).
        var bar = NavigationBar.layer(device: device, showing: CardScene.carouselItem, atScrollEdge: true)
        let shown = bar.frame, hidden = bar.frame.offsetBy(dx: 0, dy: -bar.frame.height)
        bar.frame = visibleAtStart ? shown : hidden
        return (bar, Animation(target: bar.name, to: LayerPatch(frame: visibleAtStart ? hidden : shown)))
    }

    /// The three snapshots push and pop move (`snapshots(_:atCard:)`).
    static let snapshotNames = ["snapshot card background", "snapshot cover", "snapshot title view"]
    /// The detail's own views the snapshots stand in for while they move.
    static let detailPartNames = ["detail cover", "detail title view"]

    /// Card push (the card carousel): back to front the carousel (the card hidden), the detail fading in
    /// (its top image, title view and list hidden), then the card's background, title and cover
    /// snapshots moving to `(0, T, W, H − T)`, `(0, T)` and the top image (the main timing,
    /// easeInEaseOut 0.5 s). The completion hides the snapshots and shows the detail's own views;
    /// then a 0.3 s follow-up condenses the title view and moves the list up to 330.
    package func push(_ index: Int, name: String, timing: Timing) -> Transition {
        let detail = self.detail(index, condensed: false, partsHidden: true).with(opacity: 0)
        let bar = carouselBar(visibleAtStart: true)
        let swap = LayerChange.changes(
            removing: ["carousel"] + CardScene.snapshotNames + [bar.layer.name],
            showing: CardScene.detailPartNames + ["comment list"])
        var moves = snapshotMoves(index, toCard: false, name: "move")
        moves[0].completion = swap
        let window = NavigationBar.window(
            device: device,
            container: [carousel(centred: index, hiddenIndex: index), detail]
                + snapshots(index, atCard: true), bar: bar.layer)
        return Transition(
            name: name, device: device, window: window,
            animations: moves + [Animation(target: "detail", to: LayerPatch(opacity: 1)), bar.animation] + followUp(after: "move"),
            timing: timing)
    }

    /// Card pop (the card carousel): starts from what the push left in the container — the detail as the
    /// follow-up left it, with its top image and title view hidden, under the push's snapshots
    /// shown again where the push left them (the white background over the list, the card-sized
    /// title at `(0, T)` in place of the condensed one, the cover on the top image) — and moves
    /// the snapshots back onto the card while the detail fades out 1 → 0. Completion: the
    /// carousel alone. Cancelled: the detail alone, its cover and title view shown again.
    package func pop(_ index: Int, name: String, timing: Timing) -> Transition {
        var detail = self.detail(index, condensed: true)
        for part in CardScene.detailPartNames {
            detail.sublayers = detail.sublayers.map { $0.name == part ? $0.with(hidden: true) : $0 }
        }
        let bar = carouselBar(visibleAtStart: false)
        let remove = LayerChange.changes(removing: ["detail"] + CardScene.snapshotNames, showing: ["card \(index)"])
        // Cancelled: the carousel, its bar and the snapshots gone, the detail's own cover and
        // title view shown — the detail as the push left it.
        let cancelled = LayerChange.changes(
            removing: ["carousel", bar.layer.name] + CardScene.snapshotNames, showing: CardScene.detailPartNames)
        let window = NavigationBar.window(
            device: device,
            container: [carousel(centred: index, hiddenIndex: index), detail]
                + snapshots(index, atCard: false), bar: bar.layer)
        return Transition(
            name: name, device: device, window: window,
            animations: snapshotMoves(index, toCard: true, name: nil) + [
                Animation(target: "detail", to: LayerPatch(opacity: 0)), bar.animation
            ],
            completion: remove,
            cancelCompletion: cancelled,
            timing: timing)
    }
}
