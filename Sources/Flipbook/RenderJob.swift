import FlipbookCodecs
import FlipbookFiles
public import FlipbookModel
public import FlipbookMotion
import FlipbookOutput
public import FlipbookRaster
package import FlipbookRender
import FlipbookSamples
package import FlipbookText
import Foundation

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

/// How far a render has got: passed to a render's `progress` callback after each frame.
public struct RenderProgress: Sendable, Equatable {
    /// Frames rendered (and, when writing, handed to the encoder) so far, 1…`totalFrames`.
    public var completedFrames: Int
    /// Frames this render renders (the job's `frames`, a sub-range when sharding).
    public var totalFrames: Int

    /// A progress of `completedFrames` of `totalFrames`.
    public init(completedFrames: Int, totalFrames: Int) {
        self.completedFrames = completedFrames
        self.totalFrames = totalFrames
    }

    /// `completedFrames / totalFrames`, 0…1 (1 for an empty render).
    public var fractionCompleted: Double { totalFrames > 0 ? Double(completedFrames) / Double(totalFrames) : 1 }

    /// The loop's `(done, total)` callback for a `RenderProgress` one.
    static func counting(_ progress: (@Sendable (RenderProgress) -> Void)?) -> (@Sendable (Int, Int) -> Void)? {
        guard let progress else { return nil }
        return { done, total in progress(RenderProgress(completedFrames: done, totalFrames: total)) }
    }
}

/// A transition prepared for rendering: photos checked, animations compiled, frames sampled.
public struct RenderJob: Sendable {
    /// The settings it was made from.
    public private(set) var settings: RenderSettings
    /// The transition being rendered (the preset's, the file's or the given one, with the
    /// settings' timing and device applied).
    public let transition: Transition
    /// The main timing sampled at the frame rate (its frames are the first of `sequence`).
    package let timeline: Timeline
    /// Every frame of the sequence, until the last animation ends (`k/fps`); progress is the
    /// main timing's (1 after it ends).
    public let sequence: [FrameSample]
    /// The frames this job renders (a sub-range when sharding).
    public private(set) var frames: [FrameSample]
    /// Warnings from loading the manifest.
    public private(set) var warnings: [String]
    package let animator: TransitionAnimator
    /// The finger's frames when `settings.gesture` is set: `sequence` is theirs.
    package let interaction: InteractiveFrames?
    /// The swipe of a `page` render (its finger, phases and the pager's offsets); nil otherwise.
    package let paging: PagingFrames?
    /// The photo files' headers (upright sizes), keyed by source path: those the sequence draws
    /// and those whose size the manifest leaves out.
    private(set) var imageHeaders: [String: ImageHeader]
    /// The images the whole sequence draws: which frames draw each, at what largest size.
    private(set) var sequenceImages: SequenceImages
    /// The display lists of the job's first frames (its first window, at most
    /// `FrameRenderer.windowFrames`), kept from that pass for the first frames rendered and the
    /// fingerprint: a short job makes each list once.
    private var firstWindowLists: [DisplayList]
    /// The manifest field that names each photo file ("$.content[3].url"), for errors.
    let photoFields: [String: String]
    /// The contact sheet's label font (`settings.labelFontPath`).
    let font: Font
    /// Sets the scene's text (`settings.sceneFontDirectory`); its warnings (a character no font has)
    /// join the summary's, each once.
    package let typesetter: Typesetter
    /// The transition file and manifests the job read (not its images: `inputFiles`).
    let filesRead: [String]
    /// The home indicator's tone at each frame of the whole sequence (0 black … 1 white),
    /// fading as iOS fades it (docs/CHROME.md); empty when no indicator is drawn.
    private(set) var homeIndicatorTones: [Double] = []

    /// Loads what the source needs, builds and compiles the transition and samples the frames.
    /// - Throws: manifest, photo, transition-file, scene and frame-range errors, each naming the
    ///   file, field or option.
    public init(settings: RenderSettings) throws {
        // Every preset draws text (bar titles, card labels); load the font before any work so a
        // missing font is reported at once.
        (font, typesetter) = try RenderJob.fonts(for: settings)
        let loaded = try RenderJob.load(settings, typesetter: typesetter)
        var transition = loaded.transition
        let photoLibrary = loaded.photoLibrary, pageSwipe = loaded.pageSwipe, filesRead = loaded.filesRead
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
        let fps = settings.framesPerSecond, compiled = animator, width = transition.device.width, height = transition.device.height
        interaction =
            settings.preset == .page
            ? nil
            : settings.gesture.map {
                InteractiveFrames(gesture: $0, animator: compiled, widthPoints: width, heightPoints: height, framesPerSecond: fps)
            }
        let all = interaction?.samples ?? animator.frames(framesPerSecond: settings.framesPerSecond)
        sequence = all
        paging = pageSwipe.map {
            PagingFrames(
                gesture: $0, transition: transition, animator: compiled, sequence: all,
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
        imageHeaders = loaded.fileHeaders
        sequenceImages = SequenceImages()
        firstWindowLists = []
        // One pass over the whole sequence's display lists (also when sharding, so every shard
        // checks the same files and decodes at the same sizes), none kept: the photos any frame
        // draws — a missing or broken one fails now, before any frame — and their drawn sizes.
        var library = loaded.photoLibrary
        var images = SequenceImages(), headers = imageHeaders
        let limits = settings.decodeLimits
        let keep = frames.isEmpty ? 0..<0 : frames[0].index..<(frames[0].index + min(frames.count, FrameRenderer.windowFrames))
        // The home indicator fades from one tone to the other over seconds, so each frame's tone
        // depends on the frames before it: the tone each frame heads for is taken in this pass,
        // and the tones are worked out over the whole sequence before any display list is kept
        // or drawn (any shard, frame range or single frame gets the same tones).
        let drawsIndicator = transition.statusBar != nil && StatusBar.homeIndicator(device: transition.device) != nil
        var targets: [Double] = []
        var keptOps: [(sample: FrameSample, ops: [DisplayOp])] = []
        for sample in all {
            let frameOps = ops(frame: sample)
            if drawsIndicator { targets.append(StatusBar.homeIndicatorTargetTone(frameOps, device: transition.device) ?? 0) }
            if keep.contains(sample.index) { keptOps.append((sample, frameOps)) }
            // The indicator's tone does not change which images a frame draws.
            let list = DisplayList(
                device: transition.device, frameIndex: sample.index, timeSeconds: sample.timeSeconds,
                progress: sample.progress, ops: frameOps)
            try images.add(list) { source in
                if let known = headers[source] { return known }
                // A manifest's photo is checked (errors name its entry); any other file is read
                // here if it can be, else when the frames are decoded, which reports why.
                let header = try library?.checkHeader(of: source) ?? (try? ImageDecoder.readHeader(fileAtPath: source, limits: limits))
                headers[source] = header
                return header
            }
        }
        if var checked = library {
            checked.finishHeaderChecks()
            warnings = checked.warnings
            headers.merge(checked.headers) { file, _ in file }
        }
        imageHeaders = headers
        sequenceImages = images
        if drawsIndicator {
            homeIndicatorTones = StatusBar.fadedHomeIndicatorTones(
                targets: targets, times: all.map(\.timeSeconds),
                fadeSeconds: StatusBar.homeIndicatorToneFadeSeconds,
                toneBefore: transition.homeIndicatorToneBefore)
        }
        firstWindowLists = keptOps.map { displayList(frame: $0.sample, ops: $0.ops) }
        // A finger that moves across its axis only would give a flat line: say so before the render.
        if interaction != nil, let warning = settings.gesture?.acrossAxisWarning { warnings.append("gesture: " + warning) }
    }

    /// This job with `settings.frameRange` set to `range`, as if made with it, without loading
    /// or compiling anything again: a shard's job once the sequence's length is known.
    /// - Throws: `RenderError.frameRangeOutOfBounds` for a range outside the sequence.
    package func restricted(toFrames range: ClosedRange<Int>) throws -> RenderJob {
        guard range.lowerBound >= 0, range.upperBound < sequence.count else {
            throw RenderError.frameRangeOutOfBounds(range: range, frameCount: sequence.count)
        }
        var job = self
        job.settings.frameRange = range
        job.frames = Array(sequence[range])
        // The kept lists are the first window of the frames rendered (as `init` keeps them).
        job.firstWindowLists = job.frames.prefix(FrameRenderer.windowFrames).map { keptOrNewDisplayList(frame: $0) }
        return job
    }

    /// The screen frames are drawn for.
    public var device: Device { transition.device }

    /// Seconds the sequence runs on after the main timing (card-push's 0.3 s follow-up); 0 for most.
    public var followUpSeconds: Double { max(0, animator.durationSeconds - transition.timing.durationSeconds) }

    /// The display list of one frame of the whole sequence.
    public func displayList(frame sample: FrameSample) -> DisplayList {
        displayList(frame: sample, ops: ops(frame: sample))
    }

    /// The display list of `sample` from its ops before the home indicator takes its tone.
    private func displayList(frame sample: FrameSample, ops: [DisplayOp]) -> DisplayList {
        var ops = ops
        // The home indicator takes its colour from what is under it, fading as on iOS; the tones
        // are worked out at set-up for every frame of the sequence (empty without an indicator).
        if homeIndicatorTones.indices.contains(sample.index) {
            ops = StatusBar.homeIndicator(ops, device: device, tone: homeIndicatorTones[sample.index])
        }
        return DisplayList(
            device: device, frameIndex: sample.index, timeSeconds: sample.timeSeconds,
            progress: sample.progress, ops: ops)
    }

    /// A frame's ops before the home indicator takes its tone.
    func ops(frame sample: FrameSample) -> [DisplayOp] {
        let isFinal = sample.index == sequence.count - 1
        let window =
            interaction?.window(frame: sample.index, animator: animator)
            ?? animator.window(atSeconds: sample.timeSeconds, isFinal: isFinal)
        return animator.displayOps(flattening: window, typesetter: typesetter)
    }

    /// `displayList(frame:)`, taken from the lists kept at set-up when it is one of them.
    func keptOrNewDisplayList(frame sample: FrameSample) -> DisplayList {
        if let first = firstWindowLists.first, sample.index >= first.frameIndex, sample.index - first.frameIndex < firstWindowLists.count {
            return firstWindowLists[sample.index - first.frameIndex]
        }
        return displayList(frame: sample)
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
    public func write(to directory: String, progress: (@Sendable (RenderProgress) -> Void)? = nil) throws -> RenderSummary {
        try write(to: directory, progress: progress, frameSink: nil)
    }

    /// A consumer of rendered frames: `(position in frames, sample, image)`. Called from worker
    /// threads, in any order, once per frame, before the frame's PNG is encoded.
    public typealias FrameSink = @Sendable (_ position: Int, _ sample: FrameSample, _ image: PremultipliedImage) throws -> Void

    /// `write(to:progress:)` that also hands every rendered frame to `frameSink` (previews are
    /// made from the same pixels, rendering once): an error the sink throws fails the run and
    /// leaves the previous output intact.
    @discardableResult
    public func write(to directory: String, progress: (@Sendable (RenderProgress) -> Void)?, frameSink: FrameSink?) throws -> RenderSummary
    {
        try write(to: directory, counting: RenderProgress.counting(progress), frameSink: frameSink)
    }

    /// `write(to:progress:frameSink:)` with the loop's `(done, total)` progress and two hooks.
    /// `finish`, when given, runs after every frame was written and before the directory is
    /// renamed into place: an error it (or the sink) throws fails the run and leaves the previous
    /// output intact. `commit`, when given, runs right after the directory is in place (to move
    /// files that belong with it into place): when it throws, the previous directory is put back.
    @discardableResult
    package func write(
        to directory: String, counting progress: (@Sendable (Int, Int) -> Void)?, frameSink: FrameSink?,
        finish: (() throws -> Void)? = nil, commit: (() throws -> Void)? = nil
    ) throws -> RenderSummary {
        let start = Date()
        let files = FrameFileWriter(options: settings.pngOptions)
        let renderer = try frameRenderer()
        // The photos start decoding on another thread (in the order the frames first draw them)
        // while this one makes the timeline and its fingerprint and sets up the folder: serial
        // work the decodes would otherwise wait for. The workers take what is left.
        let prefetch = DispatchGroup()
        if settings.threads > 1 {
            let images = renderer.rasterizer.images, order = sequenceImages.sources
            DispatchQueue.global().async(group: prefetch) { images.prefetch(order) }
        }
        defer { prefetch.wait() }
        let timeline = Array(try timelineJSON().utf8)
        let summary = try OutputDirectory.replace(
            directory, keeping: RenderOutputNames.isRenderOutput,
            ownedIf: RenderOutputNames.isFlipbookFolder, afterSwap: commit
        ) { temporary in
            // Errors name the output's file, never the hidden folder being filled.
            func write(_ bytes: [UInt8], named name: String) throws {
                try OutputFile.create(bytes, at: temporary + "/" + name, reportingAs: (directory as NSString).appendingPathComponent(name))
            }
            // First: it marks the folder as flipbook's, so even a killed run's leftover can be swept.
            try write(timeline, named: RenderOutputNames.timeline)
            do {
                try renderer.run(threads: settings.threads, progress: progress) { index, sample, _, image in
                    try frameSink?(index, sample, image)
                    let name = RenderOutputNames.frameFileName(index: sample.index, frameCount: sequence.count)
                    try files.write(image, to: temporary + "/" + name, reportingAs: (directory as NSString).appendingPathComponent(name))
                }
            } catch {
                try? files.finish() // nothing may still be writing into the folder being removed
                throw error
            }
            try files.finish()
            try finish?()
            let pixels = device.pixelSize
            return RenderSummary(
                outputDirectory: directory, framesWritten: frames.count, totalFrames: sequence.count,
                pixelWidth: pixels.width, pixelHeight: pixels.height, seconds: 0,
                warnings: warnings + typesetter.warnings + renderer.rasterizer.images.warnings.map { "\($0)" })
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
    package func makeRasterizer(for lists: [DisplayList]) throws -> FrameRasterizer {
        var plan = DecodePlan()
        try plan.add(self, drawing: lists)
        return try makeRasterizer(plan)
    }

    /// The decode plan of the job's own frames, from what its pass over the sequence found (no
    /// display list is made again).
    func framesDecodePlan() throws -> DecodePlan {
        var plan = DecodePlan()
        let indices = frames.isEmpty ? 0..<0 : frames[0].index..<(frames[frames.count - 1].index + 1)
        try plan.add(self, drawing: sequenceImages.sources(drawnIn: indices))
        return plan
    }

    /// A rasterizer drawing the images `plan` decodes: all of them now, or (`decodingAll` false)
    /// each when a frame first asks for it (`ImageStore.decode(_:)`).
    func makeRasterizer(_ plan: DecodePlan, decodingAll: Bool = true) throws -> FrameRasterizer {
        FrameRasterizer(
            images: try plan.makeImageStore(
                pixelBudget: settings.decodedPixelBudget, threads: settings.threads,
                reusing: settings.decodedImages, decodingAll: decodingAll))
    }
}
