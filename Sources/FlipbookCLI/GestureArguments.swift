import Flipbook

/// `--gesture FILE` and the synthesised pan `--pan-to X --pan-duration S [--release-velocity V]`:
/// the finger that drives a backward transition (docs/INTERACTIVE.md).
enum GestureArguments {
    /// The finger's options, in help order: the pan's three share one help line.
    static let options: [OptionSpec] = [
        .option(
            "gesture", "FILE",
            """
            drive the transition with a finger: a gesture file of touch samples
            (docs/INTERACTIVE.md); the pop follows it and finishes or cancels as UIKit's
            UIPercentDrivenInteractiveTransition does. Going-back presets, page and
            transition files only (\(TransitionPreset.gesturePresetNames))
            """, readsFile: true, setting: .gesture),
        .option(
            "pan-to", "X",
            """
            instead of a file: a finger down at the left edge (page: the edge the next
            photo comes from), half-way down, moving horizontally to x = X points
            (0-10000) in S seconds (0.02-20), lifting at V points per second
            (-100000..100000; default: the constant speed)
            """, synopsis: "--pan-to X --pan-duration S [--release-velocity V]", setting: .gesture),
        .option("pan-duration", "S", ""),
        .option("release-velocity", "V", "")
    ]

    /// The gesture the options describe for `device`, or nil when none is given.
    /// - Throws: `UsageError` for a bad or incomplete pan; `GestureFileError` for a bad file.
    static func gesture(_ arguments: Arguments, device: Device, startXPoints: Double = 0) throws -> Gesture? {
        let panGiven = ["pan-to", "pan-duration", "release-velocity"].filter { arguments.given($0) }
        if let path = arguments.string("gesture") {
            if let option = panGiven.first { throw UsageError("--gesture and --\(option) both describe the finger; give one") }
            return try GestureFile.read(path)
        }
        guard !panGiven.isEmpty else { return nil }
        guard let to = try arguments.double("pan-to", in: 0...10_000), let duration = try arguments.double("pan-duration", in: 0.02...20)
        else {
            throw UsageError("a synthesised pan needs --pan-to X and --pan-duration S (and optionally --release-velocity V)")
        }
        let velocity = try arguments.double("release-velocity", in: -100_000...100_000)
        do {
            return try Gesture.pan(
                from: Point(x: startXPoints, y: device.height / 2), toXPoints: to, durationSeconds: duration,
                releaseVelocity: velocity)
        } catch let problem as Gesture.Problem {
            throw UsageError("--pan-to/--pan-duration: \(problem.message)")
        }
    }

    /// Refuses a gesture option for a preset a finger does not drive, naming the presets it does
    /// (an `InapplicableOption`: exit 64, or a skip under `--skip-inapplicable`).
    static func checkApplicable(_ arguments: Arguments, to preset: TransitionPreset) throws {
        guard !preset.acceptsGesture, let option = ["gesture", "pan-to", "pan-duration", "release-velocity"].first(where: arguments.given)
        else { return }
        throw InapplicableOption(
            option: option, preset: preset.rawValue,
            appliesTo: TransitionPreset.gesturePresetNames
                + " and transition files: a finger drives the transitions going back and the paging")
    }
}
