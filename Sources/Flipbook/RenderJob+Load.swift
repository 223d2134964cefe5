import FlipbookCodecs
import FlipbookFormats
import FlipbookModel
import FlipbookMotion
import FlipbookSamples
import FlipbookText
import Foundation

extension RenderJob {
    /// What `RenderJob.init` reads before it compiles: the transition, the photos and the files.
    struct LoadedTransition {
        var transition: Transition
        var photoLibrary: PhotoLibrary?
        /// Headers of the images a transition file names, read as it is decoded.
        var fileHeaders: [String: ImageHeader] = [:]
        /// page's swipe, part of the transition (the paging model), not a percent-driven drive.
        var pageSwipe: Gesture?
        var filesRead: [String] = []
    }

    /// The label font and the scene's typesetter. A watch loop hands the previous round's fonts
    /// on (`reusedFonts`) when the same ones are asked for.
    static func fonts(for settings: RenderSettings) throws -> (Font, Typesetter) {
        if let reused = settings.reusedFonts, reused.labelFontPath == settings.labelFontPath,
            reused.sceneFontDirectory == settings.sceneFontDirectory
        {
            return (reused.font, Typesetter(fonts: reused.sceneFonts))
        }
        let font = try settings.labelFontPath.map(Font.init(path:)) ?? Font.locateDefault()
        return (font, Typesetter(fonts: try settings.sceneFontDirectory.map(FontCollection.init(directory:)) ?? FontCollection.system()))
    }

    /// The transition `settings.source` names, built from a preset, decoded from a file or given,
    /// with the manifest it draws from.
    static func load(_ settings: RenderSettings, typesetter: Typesetter) throws -> LoadedTransition {
        // Headers of photos with declared sizes are read later, only for those drawn.
        func library(_ path: String) throws -> PhotoLibrary {
            try PhotoLibrary(
                manifestPath: path, limits: settings.decodeLimits, reading: .undeclaredSizesOnly,
                sandboxPhotos: settings.scene.sandboxPhotos)
        }
        switch settings.source {
        case let .preset(preset):
            let filesRead = [settings.manifestPath] + ([.cardPush, .cardPop].contains(preset) ? [settings.scene.cardsManifestPath] : [])
            let loaded = try library(settings.manifestPath)
            var options = settings.scene
            if let scale = settings.scale { options.device.scale = scale }
            var pageSwipe: Gesture?
            if preset == .page {
                if let gesture = settings.gesture { options.pageGesture = gesture }
                pageSwipe = options.effectivePageGesture(count: loaded.photos.count)
            }
            let transition = try preset.makeTransition(photos: loaded.photos, options: options, typesetter: typesetter)
            return LoadedTransition(transition: transition, photoLibrary: loaded, pageSwipe: pageSwipe, filesRead: filesRead)
        case let .file(path):
            let file = try TransitionFile(contentsOf: path)
            if settings.scene.sandboxPhotos { try file.checkManifestInSandbox() }
            var filesRead = [path]
            var photoLibrary: PhotoLibrary?
            if file.usesPhotos {
                filesRead.append(file.manifestPath ?? settings.manifestPath)
                photoLibrary = try library(file.manifestPath ?? settings.manifestPath)
            }
            let limits = settings.decodeLimits
            var fileHeaders: [String: ImageHeader] = [:]
            let transition = try file.transition(
                photos: photoLibrary?.photos ?? [], options: settings.scene,
                device: try settings.fileDevice(file),
                checkImage: { source in
                    if fileHeaders[source] == nil {
                        fileHeaders[source] = try ImageDecoder.readHeader(fileAtPath: source, limits: limits)
                    }
                })
            return LoadedTransition(transition: transition, photoLibrary: photoLibrary, fileHeaders: fileHeaders, filesRead: filesRead)
        case let .transition(value):
            var transition = value
            if let device = settings.deviceOverride { transition.device = device }
            if let scale = settings.scale { transition.device.scale = scale }
            return LoadedTransition(transition: transition)
        }
    }
}
