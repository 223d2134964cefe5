import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
import XCTest

/// A gradient's stops are found by a lookup prepared once per fill, not by scanning every stop
/// for every pixel: a 100 000-stop gradient over a full @3x screen took minutes that way.
final class GradientStopTests: XCTestCase {
    /// `Gradient.color(at:)`'s definition, written out: the first stop i ≥ 1 whose location is
    /// above t, interpolated with the one before it.
    func reference(_ gradient: Gradient, _ t: Double) -> StraightColor {
        let stops = gradient.stopLocations, colors = gradient.colors
        guard t.isFinite, t > stops[0] else { return colors[0] }
        for i in 1..<stops.count where t < stops[i] {
            let span = stops[i] - stops[i - 1]
            guard span > 0 else { return colors[i] }
            let f = (t - stops[i - 1]) / span, a = colors[i - 1], b = colors[i]
            return StraightColor(
                red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        return colors[colors.count - 1]
    }

    func colors(_ count: Int) -> [StraightColor] {
        (0..<count).map { StraightColor(red: Double($0 % 7) / 6, green: Double($0 % 5) / 4, blue: Double($0 % 3) / 2, alpha: 1) }
    }

    /// The lookup gives the definition's colour for sorted, repeated, decreasing and NaN
    /// locations, at the stops, between them and outside them.
    func testTheLookupGivesTheDefinitionsColour() {
        var random = SplitMix(seed: 15)
        let layouts: [[Double]] = [
            [0, 0.25, 0.25, 0.5, 1],
            [0.9, 0.1, 0.5, 0.3, 0.95],
            [0, .nan, 0.4, 0.4, .nan, 1],
            [0.2, 0.2, 0.2],
            (0..<500).map { _ in random.unit() },
            (0..<500).map { Double($0) / 499 }.map { $0 * $0 * $0 }
        ]
        for locations in layouts {
            let gradient = Gradient(colors: colors(locations.count), locations: locations)
            let lookup = StopLookup(gradient)
            let probes = locations.filter(\.isFinite) + (0..<2000).map { _ in random.uniform(-0.2, 1.2) }
            for t in probes + [-.infinity, .infinity, .nan] {
                XCTAssertEqual(lookup.color(at: t), reference(gradient, t), "t \(t) in \(locations.prefix(6))")
            }
        }
    }

    /// Evenly spread stops take a bucket and a step or two: a few comparisons per pixel, not
    /// one per stop (the scan took up to 100 000). Stops crowded into one bucket cost a binary
    /// search, 17 steps for 100 000.
    func testAHundredThousandStopsCostAFewComparisonsAPixel() {
        let count = 100_000
        let even = StopLookup(Gradient(colors: colors(count)))
        var crowdedLocations: [Double] = [0]
        for i in 1..<(count - 1) { crowdedLocations.append(0.5 + Double(i) * 1e-12) }
        crowdedLocations.append(1)
        let crowded = StopLookup(Gradient(colors: colors(count), locations: crowdedLocations))
        var evenProbes = 0, crowdedProbes = 0
        for i in 0..<10_000 {
            let t = (Double(i) + 0.5) / 10_000
            evenProbes += even.firstStop(above: t).probes
            crowdedProbes = max(crowdedProbes, crowded.firstStop(above: 0.5 + Double(i) * 1e-8).probes)
        }
        XCTAssertLessThanOrEqual(evenProbes, 10_000 * 4)
        XCTAssertLessThanOrEqual(crowdedProbes, 2 + 18)
    }

    /// A fill with many stops colours each pixel as the definition does.
    func testAFillWithManyStopsColoursEachPixelByTheDefinition() {
        let gradient = Gradient(colors: colors(100_000), startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
        var canvas = Canvas(widthPixels: 64, heightPixels: 2, scale: 1)
        canvas.fill(gradient, in: Rect(x: 0, y: 0, width: 64, height: 2), cornerRadius: 0, transform: .identity)
        for x in 0..<64 {
            XCTAssertEqual(canvas.image[x, 1], reference(gradient, (Double(x) + 0.5) / 64).premultipliedPixel, "x \(x)")
        }
    }
}
