// The Swift half of scripts/check-math: compiled with Sources/FlipbookGeometry (as one module, so
// `DeterministicMath` is in scope) and run by that script, never by `swift test`.
//
//   check-math-dump PATH COUNT   writes COUNT random arguments per range of each function and the
//                                results, one `name argumentBits resultBits` line each (hex)
//
// The arguments come from SplitMix64 seeded with COUNT, so a count gives the same arguments on
// every machine: the worst cases scripts/check-math prints can be found again.
import Foundation

@main
enum CheckMathDump {
    /// SplitMix64 (Steele, Lea and Flood 2014), as the tests' `SplitMix`: a fixed sequence per seed.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// Uniform in [`lower`, `upper`), from 53 random bits.
        mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
            lower + (upper - lower) * (Double(next() >> 11) / Double(1 << 53))
        }

        /// Any finite double: random bit patterns, the infinities and NaNs drawn again.
        mutating func anyFinite() -> Double {
            while true {
                let x = Double(bitPattern: next())
                if x.isFinite { return x }
            }
        }
    }

    static let functions: [String: (Double) -> Double] = [
        "exp": DeterministicMath.exp, "log": DeterministicMath.log, "sin": DeterministicMath.sin,
        "cos": DeterministicMath.cos, "sinh": DeterministicMath.sinh, "cosh": DeterministicMath.cosh,
    ]

    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else {
            FileHandle.standardError.write(Data("usage: check-math-dump PATH COUNT\n".utf8))
            exit(64)
        }
        var generator = Generator(state: UInt64(count))
        // Each function over its whole range, near 0 and near its overflow and underflow limits.
        let ranges: [(String, (inout Generator) -> Double)] = [
            ("exp", { $0.uniform(-745.2, 709.8) }), ("exp", { $0.uniform(-1, 1) }), ("exp", { $0.uniform(-745.2, -708) }),
            ("log", { abs($0.anyFinite()) }), ("log", { $0.uniform(0.5, 2) }),
            ("sin", { $0.uniform(-10, 10) }), ("sin", { $0.uniform(-1e7, 1e7) }), ("sin", { $0.anyFinite() }),
            ("cos", { $0.uniform(-10, 10) }), ("cos", { $0.uniform(-1e7, 1e7) }), ("cos", { $0.anyFinite() }),
            ("sinh", { $0.uniform(-2, 2) }), ("sinh", { $0.uniform(-712, 712) }),
            ("cosh", { $0.uniform(-2, 2) }), ("cosh", { $0.uniform(-712, 712) }),
        ]
        var lines: [String] = []
        for (name, draw) in ranges {
            let function = functions[name]!
            for _ in 0..<count {
                let x = draw(&generator)
                lines.append("\(name) \(String(x.bitPattern, radix: 16)) \(String(function(x).bitPattern, radix: 16))")
            }
        }
        try lines.joined(separator: "\n").write(toFile: arguments[1], atomically: true, encoding: .utf8)
    }
}
