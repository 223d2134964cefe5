/// A scene option that only some presets read (`SceneOptions` fields and the manifests). Every
/// other render option (device, scale, fps, timing, threads, font …) applies to every preset.
package enum SceneOption: String, CaseIterable, Sendable {
    /// The photo manifest (`--manifest`).
    case manifest
    /// The cards manifest (`--cards`, `SceneOptions.cardsManifestPath`).
    case cards
    /// The photo or card tapped (`--select`, `SceneOptions.selectedIndex`).
    case select
    /// The photo or card returned to (`--return`, `SceneOptions.returnIndex`).
    case `return`
    /// Waterfall columns (`--columns`, `SceneOptions.columns`).
    case columns
    /// The modal thumbnail grid's scroll offset (`--scroll`, `SceneOptions.scrollPoints`).
    case scroll
    /// The photo `page` swipes to (`--to`, `SceneOptions.pageTarget`).
    case to
}

extension TransitionPreset {
    /// The scene options this preset reads: the one table the command line checks options
    /// against (`render push --scroll 30` is refused, not silently ignored) and `scripts/render`
    /// relies on to skip presets an option does not apply to.
    package var sceneOptions: Set<SceneOption> {
        switch self {
        // Zoom pop returns to the selected item and fade dismiss to the one presented photo (docs/REFERENCE-APPS.md).
        case .push, .zoomPush, .zoomPop: return [.manifest, .select, .columns]
        // The other backward presets return to `--return` (default: `--select`).
        case .pop: return [.manifest, .select, .return, .columns]
        case .present, .fadePresent, .fadeDismiss: return [.manifest, .select, .scroll]
        case .dismiss: return [.manifest, .select, .return, .scroll]
        case .cardPush: return [.cards, .select]
        case .cardPop: return [.cards, .select, .return]
        case .page: return [.manifest, .select, .to]
        }
    }

    /// The presets that read `option`, in `allCases` order.
    package static func presets(reading option: SceneOption) -> [TransitionPreset] {
        allCases.filter { $0.sceneOptions.contains(option) }
    }
}
