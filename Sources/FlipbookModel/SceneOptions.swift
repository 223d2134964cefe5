package import FlipbookGeometry
public import FlipbookMotion
import FlipbookSamples

/// A photo as scenes see it: the file to draw and its upright size in pixels.
package struct ScenePhoto: Hashable, Sendable {
    /// The image file, named as in the manifest (resolved against the current directory).
    package var source: String
    /// Upright size in pixels; only its aspect ratio matters for layout.
    package var sizePixels: Size

    /// Creates a photo.
    package init(source: String, sizePixels: Size) { self.source = source; self.sizePixels = sizePixels }
}

/// What the user chose about the scene (the command line's scene options).
public struct SceneOptions: Hashable, Sendable {
    /// The screen.
    public var device: Device = .iPhone8
    /// Waterfall columns (at least 2).
    public var columns = 3
    /// The photo tapped (push, present) — 0-based index into the manifest.
    public var selectedIndex = 0
    /// The photo shown last in the detail view when going back (pop, dismiss); nil = the selected one.
    public var returnIndex: Int?
    /// The modal thumbnail grid's scroll offset in points (this app has no return positioning).
    public var scrollPoints: Double = 0
    /// The cards manifest (`card-push`, `card-pop`); card image paths are relative to it.
    /// Default: the bundled sample, `Samples.cards`.
    public var cardsManifestPath = Samples.cards
    /// Refuse photos and card images that do not resolve inside their manifest's folder
    /// (`--sandbox-photos`; see `PhotoSandbox`). Default off.
    public var sandboxPhotos = false
    /// The photo `page` swipes to (`--to`), a neighbour of `selectedIndex`; nil = the next photo
    /// (the previous one from the last).
    public var pageTarget: Int?
    /// The finger of `page` (`--gesture`, `--pan-to`); nil = the `page` preset's default swipe
    /// towards `pageTarget` (`effectivePageGesture(count:)`).
    public var pageGesture: Gesture?
    /// Light or dark mode (`--appearance`): which value system colours take and how the chrome is
    /// drawn; nil = not chosen (a preset draws light, a transition file its own `appearance`).
    public var appearance: Appearance?
    /// Which iOS's system chrome is drawn (`--era`): nil = the device's own (`Device.era`, the iOS
    /// it shipped with; a transition file's `"era"` first).
    public var era: SystemEra?

    /// Options with every default.
    public init() {}

    /// The photo the backward transitions return to.
    package var effectiveReturnIndex: Int { returnIndex ?? selectedIndex }

    /// The photo `page` swipes to among `count` photos: `pageTarget`, or the next photo (the
    /// previous one from the last).
    package func effectivePageTarget(count: Int) -> Int {
        pageTarget ?? (selectedIndex + 1 < count ? selectedIndex + 1 : selectedIndex - 1)
    }
}
