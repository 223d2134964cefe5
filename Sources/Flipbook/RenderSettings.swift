public import FlipbookCodecs
import FlipbookFiles
import FlipbookFormats
public import FlipbookModel
public import FlipbookMotion
package import FlipbookRender
import FlipbookSamples
public import FlipbookScenes
import Foundation

/// Where a render's transition comes from.
package enum TransitionSource: Sendable {
    /// A built-in preset, laid out from the photo manifest and scene options.
    case preset(TransitionPreset)
    /// A transition file (JSON, docs/TRANSITIONS.md).
    case file(path: String)
    /// A transition built in code.
    case transition(Transition)
}

/// Everything that decides a rendered sequence (the command line's options, resolved).
public struct RenderSettings: Sendable {
    /// The transition to render.
    package var source: TransitionSource
    /// The photo manifest (JSON or plist): presets lay out their screens from it, and transition
    /// files may refer to it. Default: the bundled sample, `Samples.photos`.
    public var manifestPath = Samples.photos
    /// Scene options: device, columns, selected/return photo, scroll (presets; transition files
    /// that build layers from the manifest use them too).
    public var scene = SceneOptions()
    /// A device that replaces the one a transition file or value was laid out for (a file's
    /// plain rects stay as written); nil = the transition's own. A preset lays out its screens
    /// on `scene.device` instead.
    public var deviceOverride: Device?
    /// Device pixels per point, whatever the source: the transition's own device (a preset's
    /// `scene.device`, a file's or a value's `device`, or `deviceOverride`) drawn at this
    /// scale. nil = the device's own scale.
    public var scale: Double?
    /// Frames per second.
    public var framesPerSecond: Double = 60
    /// The main curve and duration; nil = the transition's own. (`page` has no curve of its own:
    /// its main timing is linear over the swipe, and a duration here rescales the swipe's clock.)
    public var timing: Timing?
    /// Only these frames (inclusive), for sharding; nil = all.
    public var frameRange: ClosedRange<Int>?
    /// Worker threads; the output does not depend on it.
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    /// The fonts scene text is set in: nil = the system's, through fontconfig (Inter, then the
    /// Noto fallbacks; `scripts/setup` installs them); a directory = only the fonts in it
    /// (tests use `Tests/Fixtures/fonts` so goldens never depend on the host). See docs/TEXT.md.
    public var sceneFontDirectory: String?
    /// The font file of the contact sheet's and curve plot's labels (one font, no fallback);
    /// nil = locate DejaVu Sans. Scene text uses `sceneFontDirectory`.
    public var labelFontPath: String?
    /// PNG encoder settings.
    public var pngOptions = PNGEncodeOptions.default
    /// The most pixels the job's decoded images and their pyramids may take, summed (RGBA8, so
    /// 4 bytes each); over it the job fails before decoding, naming the largest files.
    /// Default 400 megapixels (1.6 GB): about 24 full-size 12 MP photos that cannot be decoded
    /// reduced (PNGs), or a hundred reduced ones, with room on an 8 GB machine for the frames
    /// in flight; and more than one image at the per-file limit (100 MP + 33 MP of pyramid), so
    /// a single file the decoder accepts never fails the job alone.
    public var decodedPixelBudget = 400_000_000
    /// The largest image file read, in bytes (photos and card images; `--max-file-megabytes`).
    /// Default 256 MiB (`InputFile.defaultMaximumBytes`); manifests and fonts always use that.
    public var maxFileBytes = InputFile.defaultMaximumBytes
    /// A finger driving the transition (`--gesture`, `--pan-to`): the frames follow the
    /// percent-driven rules of docs/INTERACTIVE.md (`InteractiveFrames`) instead of the timing's
    /// clock. Only backward presets (`TransitionPreset.interactivePresets`), transition files and
    /// values accept one. nil = the non-interactive transition.
    public var gesture: Gesture?
    /// Fonts an earlier job loaded (`RenderJob.loadedFonts`), used instead of loading them again
    /// when `labelFontPath` and `sceneFontDirectory` are the same (`flipbook render --watch`).
    package var reusedFonts: RenderFonts?
    /// Decoded photos kept from earlier jobs, used for files that did not change since
    /// (`flipbook render --watch`); nil = decode every image.
    package var decodedImages: DecodedImageCache?

    /// Settings with every default for a preset.
    public init(preset: TransitionPreset) { source = .preset(preset) }

    /// Settings with every default for a transition file.
    public init(transitionFile path: String) { source = .file(path: path) }

    /// Settings with every default for a transition built in code (its device and timing are used
    /// unless `deviceOverride` or `timing` say otherwise).
    public init(transition: Transition) { source = .transition(transition) }

    /// The device a transition file is laid out for: nil = the file's own, else `deviceOverride`
    /// or the file's device, at `scale` when one is given.
    func fileDevice(_ file: TransitionFile) throws -> Device? {
        guard deviceOverride != nil || scale != nil else { return nil }
        var device = try deviceOverride ?? file.device(fallback: scene.device)
        if let scale { device.scale = scale }
        return device
    }

    /// The preset, when the source is one.
    public var preset: TransitionPreset? {
        if case let .preset(preset) = source { return preset }
        return nil
    }
}

extension RenderSettings {
    /// Formerly a flag that made `scene.device` replace a transition's own device.
    @available(*, deprecated, message: "set deviceOverride to the device instead")
    public var deviceIsExplicit: Bool {
        get { deviceOverride != nil }
        set { deviceOverride = newValue ? scene.device : nil }
    }

    /// Formerly the name of `sceneFontDirectory`.
    @available(*, deprecated, renamed: "sceneFontDirectory")
    public var fontDirectory: String? {
        get { sceneFontDirectory }
        set { sceneFontDirectory = newValue }
    }

    /// Formerly the name of `labelFontPath`.
    @available(*, deprecated, renamed: "labelFontPath")
    public var fontPath: String? {
        get { labelFontPath }
        set { labelFontPath = newValue }
    }
}
