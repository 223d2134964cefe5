import Foundation
import FlipbookCodecs
import FlipbookFiles
import FlipbookGeometry
import FlipbookMotion
import FlipbookRaster
import FlipbookSamples
import FlipbookScene
import FlipbookText

/// Where a render's transition comes from.
public enum TransitionSource: Sendable {
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
    public var source: TransitionSource
    /// The photo manifest (JSON or plist): presets lay out their screens from it, and transition
    /// files may refer to it. Default: the bundled sample, `Samples.photos`.
    public var manifestPath = Samples.photos
    /// Scene options: device, columns, selected/return photo, scroll (presets; transition files
    /// that build layers from the manifest use them too).
    public var scene = SceneOptions()
    /// True when `scene.device` was chosen by the user: it then replaces the device of a
    /// transition file or value (a file's plain rects stay as written).
    public var deviceIsExplicit = false
    /// Device pixels per point, whatever the source: the transition's own device (a preset's
    /// `scene.device`, a file's or a value's `device`; `scene.device` with `deviceIsExplicit`)
    /// drawn at this scale, as `--scale` does. nil = the device's own scale.
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
    /// (`--scene-fonts DIR`; tests use `Tests/Fixtures/fonts` so goldens never depend on the host).
    /// See docs/TEXT.md.
    public var fontDirectory: String?
    /// The font file of the contact sheet's and curve plot's labels (`--label-font FILE`, one font, no
    /// fallback); nil = locate DejaVu Sans. Scene text uses `fontDirectory`.
    public var fontPath: String?
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
    /// when `fontPath` and `fontDirectory` are the same (`flipbook render --watch`).
    package var reusedFonts: RenderFonts?
    /// Decoded photos kept from earlier jobs, used for files that did not change since
    /// (`flipbook render --watch`); nil = decode every image.
    package var decodedImages: DecodedImageCache?

    /// Settings with every default for a preset.
    public init(preset: TransitionPreset) { source = .preset(preset) }

    /// Settings with every default for a transition file.
    public init(transitionFile path: String) { source = .file(path: path) }

    /// Settings with every default for a transition built in code (its device and timing are used
    /// unless `deviceIsExplicit` or `timing` say otherwise).
    public init(transition: Transition) { source = .transition(transition) }

    /// The device a transition file is laid out for: nil = the file's own, else `scene.device`
    /// (`deviceIsExplicit`) or the file's device, at `scale` when one is given.
    func fileDevice(_ file: TransitionFile) throws -> Device? {
        guard deviceIsExplicit || scale != nil else { return nil }
        var device = deviceIsExplicit ? scene.device : try file.device(fallback: scene.device)
        if let scale { device.scale = scale }
        return device
    }

    /// The preset, when the source is one.
    public var preset: TransitionPreset? {
        if case let .preset(preset) = source { return preset }
        return nil
    }
}

/// The outcome of a render.
public struct RenderSummary: Sendable {
    /// The directory that now holds the frames.
    public var outputDirectory: String
    /// Frames written.
    public var framesWritten: Int
    /// Frames in the whole sequence.
    public var totalFrames: Int
    /// Frame size in device pixels.
    public var pixelWidth: Int, pixelHeight: Int
    /// Wall-clock seconds.
    public var seconds: Double
    /// Non-fatal findings: the job's (`RenderJob.warnings`, e.g. manifest sizes that disagree
    /// with files), then the decodes' (e.g. a JPEG without its end marker), one line each.
    public var warnings: [String]
    /// Wall-clock seconds spent on the frames alone, after the photos were decoded (set by
    /// `render()`, which writes nothing; nil otherwise).
    public var framesSeconds: Double?
    /// CPU seconds of all threads over the same span (the frames' cost without waiting for a
    /// core on a shared machine); nil when `framesSeconds` is.
    public var framesCPUSeconds: Double?
}

/// A transition prepared for rendering: photos checked, animations compiled, frames sampled.
public struct RenderJob: Sendable {
    /// The settings it was made from.
    public let settings: RenderSettings
    /// The transition being rendered (the preset's, the file's or the given one, with the
    /// settings' timing and device applied).
    public let transition: Transition
    /// The main timing sampled at the frame rate (its frames are the first of `sequence`).
    public let timeline: Timeline
    /// Every frame of the sequence, until the last animation ends (`k/fps`); progress is the
    /// main timing's (1 after it ends).
    public let sequence: [FrameSample]
    /// The frames this job renders (a sub-range when sharding).
    public let frames: [FrameSample]
    /// Warnings from loading the manifest.
    public private(set) var warnings: [String]
    let animator: TransitionAnimator
    /// The finger's frames when `settings.gesture` is set: `sequence` is theirs.
    public let interaction: InteractiveFrames?
    /// The swipe of a `page` render (its finger, phases and the pager's offsets); nil otherwise.
    public let paging: PagingFrames?
    /// The photo files' headers (upright sizes), keyed by source path: those the sequence draws
    /// and those whose size the manifest leaves out.
    private(set) var imageHeaders: [String: ImageHeader]
    /// The manifest field that names each photo file ("$.content[3].url"), for errors.
    let photoFields: [String: String]
    /// The contact sheet's label font (`settings.fontPath`).
    let font: Font
    /// Sets the scene's text (`settings.fontDirectory`); its warnings (a character no font has)
    /// join the summary's, each once.
    public let typesetter: Typesetter
    /// The transition file and manifests the job read (not its images: `inputFiles`).
    let filesRead: [String]

    /// Loads what the source needs, builds and compiles the transition and samples the frames.
    /// - Throws: manifest, photo, transition-file, scene and frame-range errors, each naming the
    ///   file, field or option.
    public init(settings: RenderSettings) throws {
        // Every preset draws text (bar titles, card labels); load the font before any work so a
        // missing font is reported at once.
        // A watch loop hands the previous round's fonts on (`reusedFonts`) when the same ones are asked for.
        if let reused = settings.reusedFonts, reused.fontPath == settings.fontPath, reused.fontDirectory == settings.fontDirectory {
            font = reused.font
            typesetter = Typesetter(fonts: reused.sceneFonts)
        } else {
            font = try settings.fontPath.map(Font.init(path:)) ?? Font.locateDefault()
            typesetter = Typesetter(fonts: try settings.fontDirectory.map(FontCollection.init(directory:)) ?? FontCollection.system())
        }
        // Headers of photos with declared sizes are read below, only for those drawn.
        func library(_ path: String) throws -> PhotoLibrary {
            try PhotoLibrary(manifestPath: path, limits: settings.decodeLimits, reading: .undeclaredSizesOnly,
                             sandboxPhotos: settings.scene.sandboxPhotos)
        }
        var photoLibrary: PhotoLibrary?
        var fileHeaders: [String: ImageHeader] = [:]
        var transition: Transition
        var pageSwipe: Gesture?
        var filesRead: [String] = []
        switch settings.source {
        case let .preset(preset):
            filesRead = [settings.manifestPath] + ([.cardPush, .cardPop].contains(preset) ? [settings.scene.cardsManifestPath] : [])
            let loaded = try library(settings.manifestPath)
            photoLibrary = loaded
            var options = settings.scene
            if let scale = settings.scale { options.device.scale = scale }
            // page's swipe is part of the transition (the paging model), not a percent-driven drive.
            if preset == .page {
                if let gesture = settings.gesture { options.pageGesture = gesture }
                pageSwipe = options.effectivePageGesture(count: loaded.photos.count)
            }
            transition = try preset.makeTransition(photos: loaded.photos, options: options, typesetter: typesetter)
        case let .file(path):
            let file = try TransitionFile(contentsOf: path)
            if settings.scene.sandboxPhotos { try file.checkManifestInSandbox() }
            filesRead = [path]
            if file.usesPhotos {
                filesRead.append(file.manifestPath ?? settings.manifestPath)
                photoLibrary = try library(file.manifestPath ?? settings.manifestPath)
            }
            let limits = settings.decodeLimits
            transition = try file.transition(photos: photoLibrary?.photos ?? [], options: settings.scene,
                                             device: try settings.fileDevice(file),
                                             checkImage: { source in
                                                 if fileHeaders[source] == nil {
                                                     fileHeaders[source] = try ImageDecoder.readHeader(fileAtPath: source, limits: limits)
                                                 }
                                             })
        case let .transition(value):
            transition = value
            if settings.deviceIsExplicit { transition.device = settings.scene.device }
            if let scale = settings.scale { transition.device.scale = scale }
        }
        if let timing = settings.timing { transition.timing = timing }
        // The name goes into timeline.json and, through {preset}, into output paths: a plain file
        // name only, whatever built the transition (files are checked at $.name as they are read).
        if let problem = OutputName.problem(with: transition.name) { throw RenderError.transitionName(problem: problem) }
        animator = try TransitionAnimator(transition)
        self.transition = transition
        timeline = Timeline(timing: transition.timing, framesPerSecond: settings.framesPerSecond)
        if let preset = settings.preset, settings.gesture != nil, !preset.acceptsGesture {
            throw RenderError.gestureNotAccepted(preset: preset.rawValue)
        }
        let fps = settings.framesPerSecond, compiled = animator, width = transition.device.width
        interaction = settings.preset == .page ? nil : settings.gesture.map {
            InteractiveFrames(gesture: $0, animator: compiled, widthPoints: width, framesPerSecond: fps)
        }
        let all = interaction?.samples ?? animator.frames(framesPerSecond: settings.framesPerSecond)
        sequence = all
        paging = pageSwipe.map {
            PagingFrames(gesture: $0, transition: transition, animator: compiled, sequence: all,
                         startPage: settings.scene.selectedIndex, pageCount: photoLibrary?.photos.count ?? 0, framesPerSecond: fps)
        }
        if let range = settings.frameRange {
            guard range.lowerBound >= 0, range.upperBound < all.count else {
                throw RenderError.frameRangeOutOfBounds(range: range, frameCount: all.count)
            }
            frames = Array(all[range])
        } else {
            frames = all
        }
        self.settings = settings
        self.filesRead = filesRead
        photoFields = photoLibrary?.fields ?? [:]
        warnings = []
        imageHeaders = fileHeaders
        // The photos any frame of the whole sequence draws (also when sharding, so every shard
        // checks the same files): a missing or broken one fails now, before any frame.
        if var photoLibrary {
            var drawn = Set<String>()
            for sample in all { drawn.formUnion(DisplayList.imageSources(in: displayList(frame: sample).ops)) }
            try photoLibrary.checkHeaders(of: drawn)
            warnings = photoLibrary.warnings
            imageHeaders.merge(photoLibrary.headers) { file, _ in file }
        }
    }

    /// The screen frames are drawn for.
    public var device: Device { transition.device }

    /// Seconds the sequence runs on after the main timing (card-push's 0.3 s follow-up); 0 for most.
    public var followUpSeconds: Double { max(0, animator.durationSeconds - transition.timing.durationSeconds) }

    /// The display list of one frame of the whole sequence.
    public func displayList(frame sample: FrameSample) -> DisplayList {
        let isFinal = sample.index == sequence.count - 1
        let window = interaction?.window(frame: sample.index, animator: animator)
            ?? animator.window(atSeconds: sample.timeSeconds, isFinal: isFinal)
        let animator = self.animator
        let ops = DisplayList.ops(flattening: window, screen: device.bounds, typesetter: typesetter,
                                  snapshotSource: { animator.initialLayer(named: $0) })
        return DisplayList(device: device, frameIndex: sample.index, timeSeconds: sample.timeSeconds,
                           progress: sample.progress, ops: ops)
    }

    /// The display list of frame `index` of the whole sequence.
    /// - Throws: `RenderError.frameOutOfBounds` for an index outside the sequence.
    public func displayList(frameIndex index: Int) throws -> DisplayList {
        let all = sequence
        guard all.indices.contains(index) else { throw RenderError.frameOutOfBounds(index: index, frameCount: all.count) }
        return displayList(frame: all[index])
    }

    /// Renders the job's frames into `directory`, replacing it atomically: the frames and
    /// `timeline.json` are written to a temporary sibling which is renamed into place only when
    /// everything succeeded. `progress` is called (from worker threads, serialised) after each frame.
    @discardableResult
    public func write(to directory: String, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> RenderSummary {
        try write(to: directory, progress: progress, frameSink: nil)
    }

    /// A consumer of rendered frames: `(position in frames, sample, image)`. Called from worker
    /// threads, in any order, once per frame, before the frame's PNG is encoded.
    public typealias FrameSink = @Sendable (_ position: Int, _ sample: FrameSample, _ image: PremultipliedImage) throws -> Void

    /// `write(to:progress:)` that also hands every rendered frame to `frameSink` (previews are
    /// made from the same pixels, rendering once). `finish`, when given, runs after every frame
    /// was written and before the directory is renamed into place: an error it (or the sink)
    /// throws fails the run and leaves the previous output intact. `commit`, when given, runs
    /// right after the directory is in place (to move files that belong with it into place):
    /// when it throws, the previous directory is put back.
    @discardableResult
    public func write(to directory: String, progress: (@Sendable (Int, Int) -> Void)?, frameSink: FrameSink?,
                      finish: (() throws -> Void)? = nil, commit: (() throws -> Void)? = nil) throws -> RenderSummary {
        let start = Date()
        let files = FrameFileWriter(options: settings.pngOptions)
        let renderer = try frameRenderer()
        let timeline = Array(try timelineJSON().utf8)
        let summary = try OutputDirectory.replace(directory, keeping: RenderOutputNames.isRenderOutput,
                                                  ownedIf: RenderOutputNames.isFlipbookFolder, afterSwap: commit) { temporary in
            // Errors name the output's file, never the hidden folder being filled.
            func write(_ bytes: [UInt8], named name: String) throws {
                try OutputFile.create(bytes, at: temporary + "/" + name, reportingAs: (directory as NSString).appendingPathComponent(name))
            }
            // First: it marks the folder as flipbook's, so even a killed run's leftover can be swept.
            try write(timeline, named: RenderOutputNames.timeline)
            do {
                try renderer.run(threads: settings.threads, progress: progress) { index, sample, image in
                    try frameSink?(index, sample, image)
                    let name = ShardMerge.frameFileName(index: sample.index, frameCount: sequence.count)
                    try files.write(image, to: temporary + "/" + name, reportingAs: (directory as NSString).appendingPathComponent(name))
                }
            } catch {
                try? files.finish()  // nothing may still be writing into the folder being removed
                throw error
            }
            try files.finish()
            try finish?()
            let pixels = device.pixelSize
            return RenderSummary(outputDirectory: directory, framesWritten: frames.count, totalFrames: sequence.count,
                                 pixelWidth: pixels.width, pixelHeight: pixels.height, seconds: 0,
                                 warnings: warnings + typesetter.warnings + renderer.cache.rasterizer.images.warnings.map { "\($0)" })
        }
        var result = summary
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// Renders one frame to an image (for tests and previews).
    public func renderFrame(_ index: Int) throws -> PremultipliedImage {
        try renderFrames([index])[0]
    }

    /// Renders several frames of the sequence to images, decoding each photo once.
    public func renderFrames(_ indices: [Int]) throws -> [PremultipliedImage] {
        let lists = try indices.map { try displayList(frameIndex: $0) }
        let cache = FrameCache(lists: lists, rasterizer: try makeRasterizer(for: lists))
        return lists.indices.map { cache.render($0) }
    }

    /// Loads the images the display lists need, each decoded no smaller than the largest size
    /// at which any frame of the whole sequence draws it (not only the frames in `lists`: a frame
    /// rendered alone or in a shard gets the same bytes as in a full run).
    func makeRasterizer(for lists: [DisplayList]) throws -> FrameRasterizer {
        var plan = DecodePlan()
        try plan.add(self, drawing: lists)
        return FrameRasterizer(images: try plan.makeImageStore(pixelBudget: settings.decodedPixelBudget, threads: settings.threads,
                                                               reusing: settings.decodedImages))
    }

    /// For each image source, the largest size in device pixels (each axis rounded up) at which
    /// any `image` op of `lists` draws it: its content-mode layout in the op's rect for an image of
    /// `imageSizes[source]` (upright file pixels = points), times the device scale, rounded up. aspectFill and
    /// center may exceed the rect, and springs overshoot, so it is the maximum over every op and
    /// list, per axis. Sources without a size are left out.
    public static func largestDrawnSizes(in lists: [DisplayList], imageSizes: [String: (width: Int, height: Int)]) -> [String: (width: Int, height: Int)] {
        var sizes: [String: (width: Int, height: Int)] = [:]
        for list in lists {
            let scale = list.device.scale
            DisplayList.forEachImage(in: list.ops) { source, rect, contentMode, transform in
                guard let image = imageSizes[source] else { return }
                let layout = contentMode.imageRect(imageSize: Size(width: Double(image.width), height: Double(image.height)), in: rect)
                // A transform's larger axis stretch: the most source pixels a device pixel can need.
                let stretch = transform.map { max(($0.a * $0.a + $0.b * $0.b).squareRoot(), ($0.c * $0.c + $0.d * $0.d).squareRoot()) }
                // Rounded up: a fractional pixel still needs a source pixel, but 1e-6 px is
                // forgiven so Double noise on an exact size (124 pt cell: 310.00000000000006 pt
                // wide) does not add a pixel and miss a 2:1 threshold. Clamped so an absurd
                // rect cannot overflow Int (any size ≥ the image's means full size).
                let width = Int(min(max(0, (RenderJob.stretched(layout.width, stretch) * scale - 1e-6).rounded(.up)), 1e9))
                let height = Int(min(max(0, (RenderJob.stretched(layout.height, stretch) * scale - 1e-6).rounded(.up)), 1e9))
                let current = sizes[source] ?? (0, 0)
                sizes[source] = (max(current.width, width), max(current.height, height))
            }
        }
        return sizes
    }

    /// `length` times `stretch`, or `length` itself for an untransformed image (the product is
    /// left out there, as before transforms existed, so its bytes cannot change).
    private static func stretched(_ length: Double, _ stretch: Double?) -> Double {
        stretch.map { length * $0 } ?? length
    }
}

/// Render-level mistakes; each names the setting (the command line maps it to its option).
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// `RenderSettings.frameRange` outside the sequence.
    case frameRangeOutOfBounds(range: ClosedRange<Int>, frameCount: Int)
    /// A frame index (`displayList(frameIndex:)`) outside the sequence.
    case frameOutOfBounds(index: Int, frameCount: Int)
    /// An output that cannot be made as asked (e.g. a sheet whose extension is not an image
    /// format); file-system failures are `FileError`s.
    case output(path: String, reason: String)
    /// A gesture given to a preset a finger does not drive (a forward transition).
    case gestureNotAccepted(preset: String)
    /// The transition's name is not a plain file name (`OutputName.problem(with:)` says why).
    case transitionName(problem: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case let .frameRangeOutOfBounds(range, count):
            return "RenderSettings.frameRange \(range.lowerBound)-\(range.upperBound) is outside the sequence: it has \(count) frames (0-\(count - 1))"
        case let .frameOutOfBounds(index, count):
            return "frameIndex \(index) is outside the sequence: it has \(count) frames (0-\(count - 1))"
        case let .output(path, reason):
            return "\(path): cannot write the output: \(reason)"
        case let .transitionName(problem):
            return "the transition's name must be a plain file name (it names the outputs, e.g. Output/NAME), but \(problem)"
        case let .gestureNotAccepted(preset):
            return "\(preset) is not driven by a finger: a gesture (RenderSettings.gesture) drives the transitions going back and page ("
                + TransitionPreset.gesturePresetNames + ") and transition files"
        }
    }
}

extension RenderError: LocalizedError {
    /// The same one line as `description`, so `localizedDescription` prints it too.
    public var errorDescription: String? { description }
}
