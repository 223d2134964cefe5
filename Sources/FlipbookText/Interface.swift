// INTERFACE STUB — the text helper replaces this file. The public signatures are the contract.
import FlipbookGeometry
import FlipbookRaster

public enum FontError: Error, CustomStringConvertible, Equatable {
    case notFound(path: String)
    public var description: String { "stub" }
}

public final class Font: @unchecked Sendable {
    public let path: String
    public init(path: String) throws { self.path = path; fatalError("stub") }
    public static func locateDefault() throws -> Font { fatalError("stub") }
    public func measure(_ text: String, sizePoints: Double) -> Double { fatalError("stub") }
}

extension Canvas {
    public mutating func drawText(_ text: String, font: Font, sizePoints: Double, baselineOrigin: Point,
                                  color: StraightColor, opacity: Double = 1, clip: Clip? = nil) { fatalError("stub") }
}
