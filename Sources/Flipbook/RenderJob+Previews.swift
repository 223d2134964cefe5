import Foundation
import FlipbookText
import FlipbookCodecs
import FlipbookRaster

/// What to make besides the frames in the same run (`flipbook render --contact-sheet/--video`).
public struct PreviewOptions: Sendable {
    /// Where to write the contact sheet PNG; nil = none.
    public var contactSheetPath: String?
    /// Where to write an .mp4 or .gif through ffmpeg; nil = none.
    public var videoPath: String?
    /// The video's size relative to the frames, in (0, 1]; nil = the format's default (GIFs at
    /// most 480 px wide, MP4 full size). See `VideoExport.outputSize`.
    public var videoScale: Double?
    /// Thumbnails on the sheet at most (every k-th frame beyond it).
    public var maximumThumbnails = ContactSheet.defaultMaximumThumbnails
    /// The environment whose PATH is searched for ffmpeg (and that ffmpeg runs with).
    public var environment = ProcessInfo.processInfo.environment

    /// Options for a sheet and/or a video.
    public init(contactSheetPath: String? = nil, videoPath: String? = nil) {
        self.contactSheetPath = contactSheetPath
        self.videoPath = videoPath
    }
}

extension RenderJob {
    /// The contact sheet of this job's frames (layout and selection; no pixels yet).
    public func contactSheet(maximumThumbnails: Int = ContactSheet.defaultMaximumThumbnails) -> ContactSheet {
        ContactSheet(timeline: timeline, frames: frames, presetName: settings.preset.rawValue,
                     device: settings.scene.device, maximumThumbnails: maximumThumbnails,
                     followUpSeconds: transition.followUpSeconds)
    }

    /// Renders the frames into `directory` (as `write(to:progress:)`) and, from the same pixels,
    /// the contact sheet and/or the video of `previews`.
    ///
    /// Everything that can be checked is checked before the first frame is rendered: the video's
    /// extension, ffmpeg on PATH, the font. The sheet and the video are each written atomically,
    /// after the frame directory was renamed into place; a failure anywhere leaves all three as
    /// they were.
    @discardableResult
    public func write(to directory: String, previews: PreviewOptions,
                      progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> RenderSummary {
        try make(previews) { sink, finish in
            try write(to: directory, progress: progress, frameSink: sink, finish: finish)
        }
    }

    /// Renders the frames and makes only the previews from them — no PNG sequence is written
    /// (`flipbook render --video PATH --no-frames`): frames go straight from the renderer to the
    /// ffmpeg pipe and the contact sheet. Checks and atomicity as in `write(to:previews:)`.
    @discardableResult
    public func render(previews: PreviewOptions, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> RenderSummary {
        try make(previews) { sink, finish in
            try render(progress: progress, frameSink: sink, finish: finish)
        }
    }

    /// Sets up the sheet and the video, runs `output` with the sink that feeds them and the
    /// `finish` step that completes them, then moves them into place.
    private func make(_ previews: PreviewOptions,
                      output: (_ sink: @escaping FrameSink, _ finish: @escaping () throws -> Void) throws -> RenderSummary) throws -> RenderSummary {
        if let path = previews.videoPath { try VideoExport.check(path: path, environment: previews.environment) }
        let sheet = previews.contactSheetPath == nil ? nil : contactSheet(maximumThumbnails: previews.maximumThumbnails)
        let font: Font? = sheet == nil ? nil : self.font
        // Frame position in the job → slot on the sheet.
        let positionOfIndex = Dictionary(uniqueKeysWithValues: frames.enumerated().map { ($1.index, $0) })
        let slots = Dictionary(uniqueKeysWithValues: (sheet?.shownFrames ?? []).enumerated().map { (positionOfIndex[$1.index]!, $0) })
        let thumbnails = ThumbnailSlots(count: sheet?.shownFrames.count ?? 0)
        let pixels = settings.scene.device.pixelSize
        let video = try previews.videoPath.map {
            try VideoExport(path: $0, widthPixels: pixels.width, heightPixels: pixels.height,
                            framesPerSecond: settings.framesPerSecond, scale: previews.videoScale, environment: previews.environment)
        }
        let sheetPNG = SheetBytes()
        let summary: RenderSummary
        do {
            summary = try output({ position, _, image in
                if let sheet, let slot = slots[position] { thumbnails.set(slot, sheet.thumbnail(of: image)) }
                try video?.append(image, at: position)
            }, {
                try video?.finish()
                if let sheet, let font {
                    sheetPNG.data = Data(try PNGEncoder.encode(sheet.render(thumbnails: thumbnails.all(), font: font), options: settings.pngOptions))
                }
            })
        } catch {
            video?.cancel()
            throw error
        }
        do {
            if let path = previews.contactSheetPath, let sheetPNG = sheetPNG.data {
                try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try AtomicDirectory.write(sheetPNG, to: path)
            }
            try video?.commit()
        } catch {
            video?.cancel()
            throw error
        }
        return summary
    }
}

/// The contact sheet's PNG, made in the finishing step.
private final class SheetBytes: @unchecked Sendable {
    var data: Data?
}

/// Thumbnails filled in by worker threads, one slot each.
private final class ThumbnailSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [PremultipliedImage?]

    init(count: Int) { images = Array(repeating: nil, count: count) }

    func set(_ slot: Int, _ image: PremultipliedImage) {
        lock.lock(); images[slot] = image; lock.unlock()
    }

    /// Every slot, filled (a missing one is a programmer error: each shown frame is rendered).
    func all() -> [PremultipliedImage] {
        lock.lock(); defer { lock.unlock() }
        return images.map { $0! }
    }
}
