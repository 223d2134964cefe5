// `import Flipbook` is all a user needs: the render API here, and the modules whose public types
// it takes, returns or throws — the model and presets, transition files, timing curves and
// gestures, colours and images, geometry, fonts, PNG options and decode limits, output files,
// the bundled samples (`Samples.photos` …). What the package's modules share among themselves
// (the canvas, pixel maths, the JSON reader, the renderer) is `package` and stays out of sight.
@_exported import FlipbookCodecs
@_exported import FlipbookFiles
@_exported import FlipbookFormats
@_exported import FlipbookGeometry
@_exported import FlipbookModel
@_exported import FlipbookMotion
@_exported import FlipbookOutput
@_exported import FlipbookRaster
@_exported import FlipbookSamples
@_exported import FlipbookScenes
@_exported import FlipbookText
