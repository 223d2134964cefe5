// The comparison vocabulary the assertions take and report (`ImageComparison`, `DeltaETolerance`, `FLIPTolerance`,
// the scores in a failure), so `import FlipbookTesting` can name what its API exposes.
@_exported import FlipbookImageDiff
