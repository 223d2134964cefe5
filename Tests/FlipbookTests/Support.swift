import Foundation
import Flipbook
import FlipbookScene

/// Paths inside the package, found from this file so tests run from any directory.
enum Package {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let samplesManifest = path("Samples/photos.json")
    /// The DejaVu Sans copy every test renders text with (see Tests/Fixtures/fonts/SOURCE.md).
    static let fixtureFont = path("Tests/Fixtures/fonts/DejaVuSans.ttf")
}

extension RenderSettings {
    /// Settings for tests: the sample manifest, the fixture font (never the host's fc-match
    /// result, so text pixels do not depend on the fonts installed), @1x so frames are small and
    /// debug builds fast.
    static func small(_ preset: TransitionPreset, select: Int = 0, returnIndex: Int? = nil) -> RenderSettings {
        var settings = RenderSettings(preset: preset)
        settings.manifestPath = Package.samplesManifest
        settings.fontPath = Package.fixtureFont
        settings.scene.device.scale = 1
        settings.scene.selectedIndex = select
        settings.scene.returnIndex = returnIndex
        return settings
    }
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
