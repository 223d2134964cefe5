import FlipbookMotion
import Foundation
import XCTest

final class TimingParametersTests: XCTestCase {
    func testUIKitSpring() throws {
        let p = Timing(curve: .spring(dampingRatio: 0.6, initialVelocity: 1), durationSeconds: 0.7).parameters
        XCTAssertEqual(p.curve, "spring")
        XCTAssertEqual(p.durationSeconds, 0.7)
        XCTAssertEqual(p.dampingRatio, 0.6)
        XCTAssertEqual(p.initialVelocity, 1)
        XCTAssertEqual(try XCTUnwrap(p.naturalFrequency), 15.491059, accuracy: 5e-7)
        XCTAssertEqual(p.mass, 1)
        XCTAssertNil(p.controlPoints)
        // The UIKit envelope is |B|·e^(−at); the settling bound √(1+B²)·e^(−at) is a little later than d.
        XCTAssertGreaterThan(try XCTUnwrap(p.settlingDurationSeconds), 0.7)
    }

    func testBeziersAndPhysicalSprings() {
        let preset = Timing(curve: .bezier(.easeInEaseOut), durationSeconds: 1.5).parameters
        XCTAssertEqual(preset, TimingParameters(curve: "easeInEaseOut", durationSeconds: 1.5, controlPoints: [0.42, 0, 0.58, 1]))
        XCTAssertEqual(
            Timing(curve: .bezier(CubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.6)), durationSeconds: 0.4).parameters.curve, "bezier")
        let physics = Timing(curve: .springPhysics(Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)), durationSeconds: 1)
            .parameters
        XCTAssertEqual(physics.curve, "spring-physics")
        XCTAssertEqual(physics.dampingRatio, 0.5)
        XCTAssertEqual(physics.naturalFrequency, 10)
        XCTAssertEqual(try XCTUnwrap(physics.settlingDurationSeconds), 1.4103192630416, accuracy: 1e-12)
    }

    func testJSONKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let p = Timing(curve: .bezier(.linear), durationSeconds: 0.5).parameters
        let json = String(decoding: try encoder.encode(p), as: UTF8.self)
        XCTAssertEqual(json, #"{"controlPoints":[0,0,1,1],"curve":"linear","duration":0.5}"#)
        let spring = Timing(curve: .spring(dampingRatio: 1, initialVelocity: 0), durationSeconds: 0.5).parameters
        XCTAssertEqual(try JSONDecoder().decode(TimingParameters.self, from: encoder.encode(spring)), spring)
        let keys = try XCTUnwrap(JSONSerialization.jsonObject(with: encoder.encode(spring)) as? [String: Any]).keys.sorted()
        XCTAssertEqual(
            keys, ["curve", "damping", "dampingRatio", "duration", "initialVelocity", "mass", "omega0", "settlingDuration", "stiffness"])
    }
}
