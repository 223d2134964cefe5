import FlipbookFiles
package import FlipbookOutput
import FlipbookRaster
import FlipbookRender
import FlipbookText
import Foundation
import Synchronization

/// What to make besides the frames in the same run (`flipbook render --contact-sheet/--video`).
public struct PreviewOptions: Sendable {
    /// Where to write the contact sheet, a .png or .jpg/.jpeg (`ImageFileFormat`); nil = none.
    public var contactSheetPath: String?
    /// Where to write an .mp4 or .gif through ffmpeg, or an .apng (`AnimatedPNGExport`, no ffmpeg); nil = none.
    public var videoPath: String?
    /// The video's size relative to the frames, in (0, 1]; nil = the format's default (GIFs at
    /// most 480 px wide, APNGs as GIFs, MP4 full size). See `VideoExport.outputSize`.
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
    package func contactSheet(maximumThumbnails: Int = ContactSheet.defaultMaximumThumbnails) -> ContactSheet {
        var sheet = ContactSheet(
            timeline: timeline, frames: frames, presetName: transition.name,
            device: device, maximumThumbnails: maximumThumbnails,
            followUpSeconds: followUpSeconds, totalFrames: sequence.count)
        if let interaction {
            sheet.interaction = interaction.timeline
            sheet.details = "driven by a finger: " + sheet.details
        }
        if let paging {
            sheet.paging = paging.model
            sheet.details = "a finger on the pager, plotted in pages from photo \(paging.model.startPage): " + sheet.details
        }
        return sheet
    }

    /// Renders the frames into `directory` (as `write(to:progress:)`) and, from the same pixels,
    /// the contact sheet and/or the video of `previews`.
    ///
    /// Everything that can be checked is checked before the first frame is rendered: the sheet's
    /// and the video's extensions and paths (neither may lie inside `directory`, which is
    /// replaced as a whole), the video's size (and an APNG's frame count), ffmpeg on PATH for MP4/GIF, the font. The sheet is PNG or JPEG
    /// by its extension (`ImageFileFormat`). The three are committed together or not at all:
    /// the sheet and the video are written and checked beside their names first, then the frame
    /// directory is swapped in and the two are renamed into place; a failure anywhere — the
    /// video's last step included — leaves all three as they were.
    @discardableResult
    public func write(
        to directory: String, previews: PreviewOptions,
        progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws -> RenderSummary {
        try make(previews, frameFolder: directory) { sink, finish, commit in
            try write(to: directory, counting: RenderProgress.counting(progress), frameSink: sink, finish: finish, commit: commit)
        }
    }

    /// Renders the frames and makes only the previews from them — no PNG sequence is written
    /// (`flipbook render --video PATH --no-frames`): frames go straight from the renderer to the
    /// ffmpeg pipe and the contact sheet. Checks and atomicity as in `write(to:previews:)`.
    @discardableResult
    public func render(previews: PreviewOptions, progress: (@Sendable (RenderProgress) -> Void)? = nil) throws -> RenderSummary {
        try make(previews, frameFolder: nil) { sink, finish, commit in
            let summary = try render(counting: RenderProgress.counting(progress), frameSink: sink, finish: finish)
            try commit()
            return summary
        }
    }

    /// Sets up the sheet and the video, runs `output` with the sink that feeds them, the `finish`
    /// step that completes them (everything written and checked) and the `commit` step that
    /// moves both into place (all or none).
    private func make(
        _ previews: PreviewOptions, frameFolder: String?,
        output: (
            _ sink: @escaping FrameSink, _ finish: @escaping () throws -> Void,
            _ commit: @escaping () throws -> Void
        ) throws -> RenderSummary
    ) throws -> RenderSummary {
        if let path = previews.videoPath { try FrameVideo.check(path: path, environment: previews.environment) }
        if let path = previews.contactSheetPath, ImageFileFormat(path: path) == nil {
            throw RenderError.output(path: path, reason: "a contact sheet's name must end in .png, .jpg or .jpeg")
        }
        if let frameFolder {
            for path in [previews.contactSheetPath, previews.videoPath].compactMap({ $0 })
            where OutputDirectory.isWithin(path, folder: frameFolder) {
                throw RenderError.output(
                    path: path,
                    reason: "it is inside the frame folder \(frameFolder), which each render "
                        + "replaces as a whole (a preview there would replace a frame or be deleted with it); write it beside the folder")
            }
        }
        // The sheet's path is checked (a link is followed, a device or FIFO refused) and its
        // temporary reserved before anything is rendered.
        let sheetOutput = try previews.contactSheetPath.map { try PendingOutput($0, createFolders: true) }
        let sheet = previews.contactSheetPath == nil ? nil : contactSheet(maximumThumbnails: previews.maximumThumbnails)
        let font: Font? = sheet == nil ? nil : self.font
        // Frame position in the job → slot on the sheet.
        let positionOfIndex = Dictionary(uniqueKeysWithValues: frames.enumerated().map { ($1.index, $0) })
        let slots = Dictionary(uniqueKeysWithValues: (sheet?.shownFrames ?? []).enumerated().map { (positionOfIndex[$1.index]!, $0) })
        let thumbnails = PositionedResults<PremultipliedImage>(count: sheet?.shownFrames.count ?? 0)
        let pixels = device.pixelSize
        let video: (any FrameVideoOutput)?
        do {
            video = try previews.videoPath.map {
                try FrameVideo.open(
                    path: $0, widthPixels: pixels.width, heightPixels: pixels.height,
                    framesPerSecond: settings.framesPerSecond, frameCount: frames.count, scale: previews.videoScale,
                    pngOptions: settings.pngOptions, environment: previews.environment)
            }
        } catch {
            sheetOutput?.discard()
            throw error
        }
        let sheetWritten = Flag()
        let summary: RenderSummary
        do {
            summary = try output(
                { position, _, image in
                    if let sheet, let slot = slots[position] { thumbnails.set(slot, sheet.thumbnail(of: image)) }
                    try video?.append(image, at: position)
                },
                {
                    try video?.finish()
                    if let sheet, let font, let sheetOutput, let format = ImageFileFormat(path: sheetOutput.path) {
                        let bytes = try format.encode(
                            sheet.render(thumbnails: thumbnails.all(), font: font), pngOptions: settings.pngOptions)
                        try OutputFile.create(bytes, at: sheetOutput.temporaryPath, reportingAs: sheetOutput.path)
                        sheetWritten.value = true
                    }
                },
                {
                    // Renames only: everything was written and checked in the finishing step.
                    if let sheetOutput, sheetWritten.value { try sheetOutput.commitKeepingPrevious() }
                    do {
                        try video?.commitKeepingPrevious()
                    } catch {
                        sheetOutput?.rollBack()
                        throw error
                    }
                })
        } catch {
            video?.cancel()
            sheetOutput?.discard()
            throw error
        }
        sheetOutput?.dropPrevious()
        video?.dropPrevious()
        return summary
    }
}

/// Whether the contact sheet was written: set in the finishing step, read in the commit step
/// (closures that may outlive the call and run on the job's threads), so an atomic.
private final class Flag: Sendable {
    private let stored = Atomic<Bool>(false)

    var value: Bool {
        get { stored.load(ordering: .acquiring) }
        set { stored.store(newValue, ordering: .releasing) }
    }
}
