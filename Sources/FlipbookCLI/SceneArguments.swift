import Flipbook
import FlipbookFormats
import FlipbookModel
import FlipbookMotion
import FlipbookScenes
import FlipbookSupport
import Foundation

/// The options `render` and `inspect` share, turned into `RenderSettings`.
enum SceneArguments {
    /// The shared options, in help order.
    static let options: [OptionSpec] =
        [
            .option(
                "transition", "FILE",
                """
                render a transition file (docs/TRANSITIONS.md) instead of a PRESET; the
                file's device and timing apply unless --device/--scale/--curve/… are given
                """, readsFile: true),
            .option(
                "manifest", "PATH",
                """
                photo manifest, JSON or plist (default: the bundled sample:photos; every
                file option takes a bundled sample as sample:NAME, see `flipbook samples`)
                """, readsFile: true),
            .option("select", "N", "the photo tapped, 0-based (default 0)", setting: .selectedIndex),
            .option(
                "return", "N",
                """
                the photo shown last when going back (pop, zoom-pop, dismiss, fade-dismiss,
                card-pop; default: --select)
                """, setting: .returnIndex),
            .option("to", "N", "the photo page swipes to: --select ± 1 (page; default the next photo)", setting: .pageTarget),
            .option("columns", "N", "waterfall columns, 2-8 (push, pop, zoom-push, zoom-pop; default 3)"),
            .option(
                "scroll", "S",
                """
                thumbnail grid scroll offset in points, >= 0 (present, dismiss,
                fade-present, fade-dismiss; default 0)
                """),
            .option(
                "cards", "PATH",
                """
                cards manifest, JSON or plist (card-push, card-pop;
                default: the bundled sample:cards)
                """, readsFile: true),
            .option(
                "device", "NAME",
                """
                a phone by name (default iphone8, 375x667 @2x; `flipbook devices` lists
                them), WxH in points (@2x, 20 pt status bar) or WxH@S (scale S)
                """),
            .option(
                "appearance", "A",
                """
                light (default) or dark: system colours' values in a transition file
                (label, systemBackground, …; docs/COLORS.md) and the chrome (status bar,
                navigation bar); default: the file's "appearance", light for presets
                """),
            .option(
                "era", "E",
                """
                ios13, ios15 or ios16: which iOS's status and navigation bars are drawn
                (default: the file's "era", else the iOS the device shipped with;
                docs/CHROME.md, "Eras")
                """),
            .option("scale", "S", "device pixels per point, 1-4 (default: the device's)", setting: .scale),
            .option("fps", "F", "frames per second, 1-240 (default 60)", setting: .framesPerSecond),
            .option("duration", "D", "seconds, 0.001-60 (default: the preset's; spring-physics: its settling time)", setting: .timing),
            .option(
                "curve", "C",
                """
                spring | linear | easeIn | easeOut | easeInEaseOut | default |
                bezier:x1,y1,x2,y2 | spring-physics:mass,stiffness,damping,velocity
                (the syntax of `flipbook curve`; default: the preset's)
                """),
            .option("damping", "Z", "spring damping ratio, 0 < Z <= 1 (spring curves; default: the preset's)"),
            .option("velocity", "V", "spring initial velocity, -100..100 (spring curves; default: the preset's)"),
            .option("threads", "N", "worker threads, 1-64 (default: one per core); output is identical"),
            .option(
                "scene-fonts", "DIR",
                """
                set the scene's text only in the fonts of DIR (default: the system's
                through fontconfig: Inter, then Noto for CJK, Devanagari, Arabic,
                Thai and colour emoji; see docs/TEXT.md); formerly --fonts, still accepted
                """, formerNames: ["fonts"]),
            .option(
                "label-font", "PATH",
                """
                font file of the contact sheet's and plots' labels (default: DejaVu
                Sans); formerly --font, still accepted
                """, formerNames: ["font"], setting: .labelFontPath),
            .option(
                "max-decoded-megapixels", "N",
                """
                refuse a job whose photos need more than N megapixels decoded, pyramids
                included (default 400, about 1.6 GB); JPEGs are decoded no larger than drawn
                """, setting: .decodedPixelBudget),
            .option(
                "max-file-megabytes", "N", "refuse photo files larger than N MiB (default 256; docs/LIMITS.md)", setting: .maxFileBytes),
            .flag(
                "sandbox-photos",
                """
                refuse photos (card images) that do not resolve, links followed, inside
                the manifest's folder, and a transition file's images and manifest
                outside its folder: for files you did not write
                """, setting: .sandboxPhotos)
        ] + GestureArguments.options

    /// The options naming a file to read, which take a bundled sample too (what `--watch` watches).
    static let fileOptionNames: Set<String> = Set(options.filter(\.readsFile).map(\.name))

    /// The preset named `name`: exactly, or up to case with `_` for `-` (`Push`, `zoom_push`);
    /// otherwise a usage error with the nearest names.
    static func preset(named name: String) throws -> TransitionPreset {
        let wanted = name.lowercased().replacingOccurrences(of: "_", with: "-")
        if let preset = TransitionPreset(rawValue: wanted) { return preset }
        let names = TransitionPreset.allCases.map(\.rawValue)
        let suggestion = Suggestions.didYouMean(name, in: names)
        throw UsageError(
            "unknown preset \(InputText.singleQuoted(name))"
                + (suggestion.isEmpty ? " (presets: \(names.joined(separator: ", ")))" : suggestion))
    }

    /// Refuses a scene option the preset does not read (`render push --scroll 30`), naming the
    /// presets it applies to (`TransitionPreset.sceneOptions` is the table).
    static func checkApplicable(_ arguments: Arguments, to preset: TransitionPreset) throws {
        for option in SceneOption.allCases where arguments.given(option.rawValue) && !preset.sceneOptions.contains(option) {
            let readers = TransitionPreset.presets(reading: option).map(\.rawValue).joined(separator: ", ")
            throw InapplicableOption(option: option.rawValue, preset: preset.rawValue, appliesTo: readers)
        }
    }

    /// Parses the transition — the PRESET argument or `--transition FILE` — and the shared
    /// options; also returns the transition's name (for `{preset}` in paths).
    static func settings(_ arguments: Arguments) throws -> (settings: RenderSettings, name: String) {
        guard let path = arguments.string("transition") else {
            guard !arguments.positionals.isEmpty else { throw UsageError("missing PRESET or --transition FILE (see `flipbook list`)") }
            try arguments.expectPositionals(["PRESET"])
            let settings = try self.settings(preset: arguments.positionals[0], arguments)
            return (settings, settings.preset!.rawValue)
        }
        if let extra = arguments.positionals.first {
            throw UsageError("give a PRESET or --transition FILE, not both (unexpected argument \(InputText.singleQuoted(extra)))")
        }
        // Options that pick photos and cards for a preset's own layout; a file says what it shows.
        let file = try TransitionFile(contentsOf: path)
        for option in ["select", "return", "scroll", "cards", "to"] where arguments.given(option) {
            throw InapplicableOption(
                option: option, preset: file.name, appliesTo: "presets; a transition file names its photos and layers itself")
        }
        var settings = RenderSettings(transitionFile: path)
        try applySharedOptions(to: &settings, arguments, baseTiming: try file.mainTiming(), transitionName: path)
        if arguments.given("device") {
            settings.deviceOverride = settings.scene.device
        } else if arguments.given("scale") {
            // --scale alone keeps the file's device at another scale.
            let scale = settings.scene.device.scale
            settings.scene.device = try file.device(fallback: settings.scene.device)
            settings.scene.device.scale = scale
            settings.deviceOverride = settings.scene.device
        }
        settings.gesture = try GestureArguments.gesture(
            arguments,
            device: settings.deviceOverride
                ?? file.device(fallback: settings.scene.device))
        return (settings, file.name)
    }

    /// Parses the preset name and the shared options.
    static func settings(preset name: String, _ arguments: Arguments) throws -> RenderSettings {
        let preset = try self.preset(named: name)
        try checkApplicable(arguments, to: preset)
        try GestureArguments.checkApplicable(arguments, to: preset)
        var settings = RenderSettings(preset: preset)
        try applySharedOptions(to: &settings, arguments, baseTiming: preset.defaultTiming, transitionName: preset.rawValue)
        if preset == .page {
            for option in ["duration", "curve", "damping", "velocity"] where arguments.given(option) {
                throw UsageError(
                    "--\(option) does not apply to page: it follows the finger and the scroll view's physics "
                        + "(change the finger with --gesture or --pan-to)")
            }
        }
        // page's synthesised finger starts at the edge the next photo comes in from.
        let startX =
            preset == .page && !(settings.scene.pageTarget.map { $0 < settings.scene.selectedIndex } ?? false)
            ? settings.scene.device.width : 0
        settings.gesture = try GestureArguments.gesture(arguments, device: settings.scene.device, startXPoints: startX)
        return settings
    }

    /// The options presets and transition files share: manifest, device and scale, scene
    /// options, fps, timing (from `baseTiming`), threads, font, limits.
    static func applySharedOptions(
        to settings: inout RenderSettings, _ arguments: Arguments, baseTiming: Timing,
        transitionName: String
    ) throws {
        if let manifest = arguments.string("manifest") { settings.manifestPath = manifest }
        var scene = SceneOptions()
        if let deviceName = arguments.string("device") {
            guard let device = Device(named: deviceName) else {
                // "iphonex", "iPhone SE": the model's name without "iPhone" is the device's.
                let names = Device.presets.map(\.name)
                let model = Suggestions.key(deviceName).replacingOccurrences(of: " ", with: "")
                let withoutBrand = model.hasPrefix("iphone") ? String(model.dropFirst("iphone".count)) : model
                let suggestion =
                    names.contains(withoutBrand)
                    ? "; did you mean \(InputText.singleQuoted(withoutBrand))?"
                    : Suggestions.didYouMean(deviceName, in: names)
                throw UsageError(
                    "--device must be a device name (`flipbook devices` lists them), WxH or WxH@S in points (100-2000), not \(InputText.singleQuoted(deviceName))"
                        + suggestion)
            }
            scene.device = device
        }
        if let scale = try arguments.double("scale", in: 1...4) { scene.device.scale = scale }
        if let appearance = arguments.string("appearance") {
            guard let value = Appearance(rawValue: appearance) else {
                throw UsageError(
                    "--appearance must be light or dark, not \(InputText.singleQuoted(appearance))"
                        + Suggestions.didYouMean(appearance, in: Appearance.allCases.map(\.rawValue)))
            }
            scene.appearance = value
        }
        if let era = arguments.string("era") {
            guard let value = SystemEra(rawValue: era) else {
                throw UsageError(
                    "--era must be ios13, ios15 or ios16, not \(InputText.singleQuoted(era))"
                        + Suggestions.didYouMean(era, in: SystemEra.allCases.map(\.rawValue)))
            }
            scene.era = value
        }
        scene.columns = try arguments.int("columns", default: 3, in: 2...8)!
        scene.selectedIndex = try arguments.int("select", default: 0, in: 0...1_000_000)!
        scene.returnIndex = try arguments.int("return", in: 0...1_000_000)
        scene.scrollPoints = try arguments.double("scroll", default: 0, in: 0...1_000_000)!
        scene.pageTarget = try arguments.int("to", in: 0...1_000_000)
        if let cards = arguments.string("cards") { scene.cardsManifestPath = cards }
        settings.scene = scene
        settings.framesPerSecond = try arguments.double("fps", default: 60, in: 1...240)!
        settings.timing = try timing(base: baseTiming, name: transitionName, arguments)
        if let threads = try arguments.int("threads", in: 1...64) { settings.threads = threads }
        settings.labelFontPath = arguments.string("label-font")
        settings.sceneFontDirectory = arguments.string("scene-fonts")
        if let budget = try arguments.int("max-decoded-megapixels", in: 1...100_000) {
            settings.decodedPixelBudget = budget * 1_000_000
        }
        if let megabytes = try arguments.int("max-file-megabytes", in: 1...65_536) { settings.maxFileBytes = megabytes << 20 }
        settings.scene.sandboxPhotos = arguments.flag("sandbox-photos")
        // The defaults are the bundled samples; say where they were looked for rather than
        // "Samples/photos.json: no such file". (A job loads the photo manifest for every preset,
        // so only a photo preset given --manifest does without them.)
        if let missing = Samples.missingDescription, !arguments.given("manifest"), settings.preset != nil {
            throw CommandError(missing)
        }
    }

    /// `base` (the preset's or the file's timing) with `--curve`, `--duration`, `--damping` and
    /// `--velocity` applied (`TimingRequest`: its limits and rules); nil when none is given.
    /// `name` names the transition in errors.
    static func timing(base: Timing, name: String, _ arguments: Arguments) throws -> Timing? {
        let request = try timingRequest(arguments)
        guard !request.isEmpty else { return nil }
        return try resolve(request, over: base, name: name)
    }

    /// The timing options as a request, each number read as decimal text within its limit.
    static func timingRequest(_ arguments: Arguments) throws -> TimingRequest {
        TimingRequest(
            curve: arguments.string("curve"),
            durationSeconds: try arguments.double("duration", in: TimingRequest.durationRangeSeconds),
            dampingRatio: try arguments.double("damping", in: TimingRequest.dampingRatioRange),
            initialVelocity: try arguments.double("velocity", in: TimingRequest.initialVelocityRange))
    }

    /// `request` over `base`, its errors worded for the command line; `name` is the transition
    /// whose curve `--damping` would change.
    static func resolve(_ request: TimingRequest, over base: Timing, name: String) throws -> Timing {
        do {
            return try request.resolved(over: base)
        } catch let error as TimingRequestError {
            throw usageError(error, request, name: name)
        }
    }

    /// A `TimingRequestError` as the options name it.
    static func usageError(_ error: TimingRequestError, _ request: TimingRequest, name: String) -> UsageError {
        switch error {
        case let .outOfRange(parameter, _):
            return UsageError("--\(parameter.rawValue) \(error)")
        case let .curve(.unknownCurve(text)):
            let typed = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? text
            let suggestion = Suggestions.didYouMean(typed, in: TimingCurve.names)
            return UsageError(
                "--curve: " + (suggestion.isEmpty ? "\(error)" : "unknown curve \(InputText.singleQuoted(text))\(suggestion)"))
        case .curve:
            return UsageError("--curve: \(error)")
        case let .springParametersWithoutSpring(curve):
            if let text = request.curve {
                return UsageError("--damping and --velocity apply to --curve spring only, not to \(InputText.singleQuoted(text))")
            }
            let used = curve.map { $0.isUIKitSpring ? "spring" : $0.specification } ?? "no curve"
            return UsageError(
                "--damping and --velocity apply to spring curves; \(InputText.singleQuoted(name)) uses \(used) (add --curve spring)")
        case .settlesOutOfRange:
            return UsageError("--curve \(request.curve ?? ""): \(error) (--duration)")
        }
    }
}

/// A scene option given to a preset that does not read it: a usage mistake (exit 64), or a
/// reason to skip the preset under `render --skip-inapplicable` (scripts/render).
struct InapplicableOption: Error, CustomStringConvertible {
    var option: String, preset: String, appliesTo: String
    var description: String { "--\(option) does not apply to \(preset) (only to \(appliesTo))" }
}
