import Flipbook
import FlipbookFiles
import FlipbookMotion
import FlipbookSupport
import FlipbookText
import Foundation

/// `flipbook curve`: prints a timing curve sampled per frame as CSV (`frame,time,progress`).
enum CurveCommand: Command {
    static let name = "curve"
    static let summary = "print a timing curve's progress per frame as CSV, or a spring in every tool's notation"
    static let help = """
        Usage: flipbook curve [--curve NAME] [--duration SECONDS] [--damping RATIO] [--velocity V] [--fps FPS]
                              [--plot PATH [--label-font PATH]]
               flipbook curve [--curve SPRING] [--duration SECONDS] [--damping RATIO] [--velocity V] --notations

        Prints `frame,time,progress` for frames k = 0…N at time k/fps, N = round(duration·fps).
        `progress` is the curve's raw value at that time: a spring's last row may differ from 1 by a
        little, although the rendered last frame shows exactly 1. Numbers are printed with 15
        significant digits (%.15g).

        Options:
        \(OptionSpec.helpLines(options))

        Examples:
          flipbook curve                                    # push spring: ζ 0.6, v 1, 0.7 s, 60 fps (43 rows)
          flipbook curve --curve spring --damping 1 --velocity 0 --duration 0.5
          flipbook curve --curve easeInEaseOut --duration 1.5 --fps 30
          flipbook curve --curve bezier:0.3,-0.5,0.7,1.6 --duration 0.4
          flipbook curve --curve spring-physics:1,100,10,0  # runs for its settling duration, ≈ 1.41 s
          flipbook curve --damping 0.4 --plot /tmp/spring.png
        """

    /// What the options change: the push/pop preset's spring (ζ 0.6, v 1, 0.7 s); the duration
    /// is every curve's but `spring-physics` (which runs for its settling duration).
    static let defaultTiming = Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1), durationSeconds: 0.7)

    /// Every option, in help order.
    static let options: [OptionSpec] = [
        .option(
            "curve", "NAME",
            """
            spring (default) — UIKit's usingSpringWithDamping spring;
            linear, easeIn, easeOut, easeInEaseOut, default — CAMediaTimingFunction presets;
            bezier:x1,y1,x2,y2 — custom control points, x1 and x2 within [0, 1];
            spring-physics:mass,stiffness,damping,velocity — a CASpringAnimation spring
            (mass, stiffness, damping > 0);
            a spring in another tool's notation, as a call with labels (quote it):
            'spring(response: 0.5, dampingFraction: 0.825)' (SwiftUI),
            'spring(duration: 0.5, bounce: 0.3)' (SwiftUI, iOS 17),
            'spring(duration: 0.7, dampingRatio: 0.6, initialVelocity: 1)' (UIKit),
            'spring(mass: 1, stiffness: 300, damping: 20)' (CASpringAnimation),
            'origami(tension: 40, friction: 7)', 'origami(bounciness: 8, speed: 12)',
            'framer(stiffness: 100, damping: 10)', 'framer(duration: 0.8, bounce: 0.25)',
            'framer(visualDuration: 0.3, bounce: 0.2)', 'figma(gentle)' (docs/TIMING.md).
            """),
        .option(
            "duration", "SECONDS",
            """
            0.001 to 60. Default 0.7; for spring-physics the spring's settling
            duration (when it stays within 0.1 % of the target).
            """),
        .option("damping", "RATIO", "damping ratio of `spring`, greater than 0, at most 1 (default 0.6)."),
        .option("velocity", "V", "initial velocity of `spring` in whole distances per second, -100…100 (default 1)."),
        .option("fps", "FPS", "frames per second, 1…240 (default 60)."),
        .flag(
            "notations",
            """
            print the spring in every notation instead of the CSV: UIKit, SwiftUI
            (response and duration/bounce), CASpringAnimation, Origami (tension/friction
            and bounciness/speed), Framer Motion, Figma. Each line is a --curve value.
            """),
        .option(
            "plot", "PATH",
            """
            also write a .png (or .jpg) plot of the curve (progress vs time, 640×300 pt @2x):
            the raw curve, gridlines at 0 and 1, the duration, a dot per frame (every
            k-th beyond 120). The CSV is still printed. See docs/PREVIEWS.md.
            """),
        .option(
            "label-font", "PATH",
            """
            font for the plot's labels (default: DejaVu Sans via fontconfig;
            formerly --font, still accepted).
            """, formerNames: ["font"])
    ]

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try Arguments(arguments, options: options)
        try args.expectPositionals([])
        if args.string("label-font") != nil, args.string("plot") == nil { throw UsageError("--label-font applies only with --plot") }
        if let plot = args.string("plot") {
            try RenderCommand.checkImageExtension(plot, option: "--plot")
            try OutputChecks.check(
                [OutputChecks.Output(path: plot)], against: [args.string("label-font")].compactMap { $0.map { OutputOverlap.Input($0) } })
        }
        let fps = try args.double("fps", default: 60, in: 1...240)!
        var request = try SceneArguments.timingRequest(args)
        request.curve = request.curve ?? "spring"
        let timing = try SceneArguments.resolve(request, over: defaultTiming, name: "curve")
        if args.flag("notations") {
            if let option = ["fps", "plot", "label-font"].first(where: args.given) {
                throw UsageError("--\(option) does not apply with --notations")
            }
            guard let spring = timing.spring else {
                throw UsageError("--notations needs a spring; --curve \(request.curve ?? "") is a Bézier curve")
            }
            var uikitDuration: Double?
            if case .spring = timing.curve { uikitDuration = timing.durationSeconds }
            print(notationsTable(spring: spring, uikitDurationSeconds: uikitDuration))
            return ExitCode.success
        }
        let timeline = Timeline(timing: timing, framesPerSecond: fps)
        var csv = "frame,time,progress\n"
        for frame in timeline.frames {
            csv += "\(frame.index),\(formatNumber(frame.timeSeconds)),\(formatNumber(frame.rawProgress))\n"
        }
        FileHandle.standardOutput.write(csv.data(using: .utf8)!)
        if let plotPath = args.string("plot") {
            let font = try args.string("label-font").map(Font.init(path:)) ?? Font.locateDefault()
            try CurvePlot.write(timeline: timeline, to: plotPath, font: font)
        }
        return ExitCode.success
    }

    /// The `--notations` table: a header with the physical spring, then one line per tool.
    static func notationsTable(spring: Spring, uikitDurationSeconds: Double?) -> String {
        let n = { (value: Double) in String(format: "%.6g", value) }
        var lines = [
            "spring: mass \(n(spring.mass)), stiffness \(n(spring.stiffness)), damping \(n(spring.damping)), "
                + "initial velocity \(n(spring.initialVelocity)); ω0 \(n(spring.naturalFrequency)) rad/s, "
                + "damping ratio \(n(spring.dampingRatio)), settles (0.1 %) after \(n(spring.settlingDurationSeconds)) s"
        ]
        let rows = SpringNotation.rows(for: spring, uikitDurationSeconds: uikitDurationSeconds)
        let width = rows.map(\.tool.count).max() ?? 0
        for row in rows {
            let tool = row.tool + String(repeating: " ", count: width - row.tool.count)
            let text = row.text ?? "—"
            lines.append("\(tool)  \(text)" + (row.note.isEmpty ? "" : "  (\(row.note))"))
        }
        return lines.joined(separator: "\n")
    }

    /// 15 significant digits, C `%g` style: deterministic, and what the reference CSVs use.
    static func formatNumber(_ value: Double) -> String {
        NumberText.significant(value, digits: 15)
    }
}
