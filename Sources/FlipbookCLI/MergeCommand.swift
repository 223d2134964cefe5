import Flipbook

/// `flipbook merge DIR… --out OUT`: joins the folders of a sharded render into one.
enum MergeCommand: Command {
    static let name = "merge"
    static let summary = "join the folders of a sharded render (--shard K/N) into one"
    static let help = """
        Usage: flipbook merge DIR... --out OUT

        Joins the output folders of a sharded render (`flipbook render … --shard K/N` or --frames A-B)
        into OUT, as if the sequence had been rendered in one run: the frames and timeline.json are
        byte-identical to an unsharded render's. It first checks that every DIR belongs to the same
        timeline (the fingerprint in timeline.json: same preset, options, input files and frame
        count), that together they hold every frame exactly once and nothing else; then OUT is
        replaced atomically (a failed merge leaves it as it was). OUT may be one of the DIRs.

        Options:
        \(OptionSpec.helpLines(options))

        Example:
          flipbook render present --shard 1/2 --out /tmp/present-1
          flipbook render present --shard 2/2 --out /tmp/present-2
          flipbook merge /tmp/present-1 /tmp/present-2 --out Output/present
        """

    /// Every option, in help order.
    static let options: [OptionSpec] = [
        .option("out", "OUT", "the merged folder (required; a new or empty folder, or a previous render)")
    ]

    static func run(_ argv: [String]) throws -> Int32 {
        let arguments = try Arguments(argv, options: options)
        guard !arguments.positionals.isEmpty else { throw UsageError("name the shard folders to merge: flipbook merge DIR... --out OUT") }
        guard let out = arguments.string("out"), !out.isEmpty else { throw UsageError("missing --out OUT") }
        let summary = try ShardMerge.merge(arguments.positionals, into: out)
        let shards = summary.framesPerShard.map(String.init).joined(separator: " + ")
        print("\(summary.preset): \(summary.frameCount) frames from \(summary.framesPerShard.count) folders (\(shards)) → \(out)")
        return ExitCode.success
    }
}
