// `import Flipbook` is all a user needs: the render API here, and the modules whose types it
// takes and returns — the scene model and presets, timing curves, images, geometry, fonts, the
// bundled samples (`Samples.photos` …).
@_exported import FlipbookGeometry
@_exported import FlipbookMotion
@_exported import FlipbookRaster
@_exported import FlipbookSamples
@_exported import FlipbookModel
@_exported import FlipbookScenes
@_exported import FlipbookFormats
@_exported import FlipbookRender
@_exported import FlipbookOutput
@_exported import FlipbookText
