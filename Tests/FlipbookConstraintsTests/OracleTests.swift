import FlipbookConstraints
import FlipbookTestSupport
import Foundation
import XCTest

/// The solver against an independent one: kiwisolver (a C++ Cassowary implementation, Debian's
/// python3-kiwisolver, which scripts/test installs) replays the same seeded, generated systems
/// through `kiwi_oracle.py` — required and optional constraints, equalities and inequalities,
/// multipliers, removals, edit variables with suggested values, constant changes — and every
/// check's values must agree within 1e-9 pt, and both must refuse the same constraints.
///
/// Each variable has a weak wish to sit at a random position, and each optional constraint is
/// scaled by a random factor (a weight within its priority), which makes most optima unique.
/// Where the solver reports a variable ambiguous (several optima, between which kiwi may break
/// the tie differently) the check compares what both solutions achieve instead: every required
/// constraint holds and the total violation at each priority is the same.
final class OracleTests: XCTestCase {
    static let systemCount = 300
    static let priorities: [Float] = [750, 500, 250]

    enum Operation {
        case add(id: Int, constraint: LinearConstraint, terms: [(Int, Double)])
        case remove(id: Int)
        case constant(id: Int, rhs: Double)
        case edit(variable: Int, priority: Float)
        case suggest(variable: Int, value: Double)
        case check
    }

    /// One generated system, applied to a solver while it is generated (which constraints are
    /// live decides what can be removed), with the solver's values at each check.
    struct System {
        var variableCount = 0
        var operations: [Operation] = []
        var values: [[Double]] = []
        var ambiguous: [Bool] = []
        var refused: [Int] = []
        /// What was live at each check: constraints (with their current right-hand side) and edits.
        var liveAtCheck: [[LinearConstraint]] = []
    }

    static func generate(seed: UInt64) -> System {
        var random = SplitMix(seed: seed)
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        func position() -> Double { (random.uniform(-100, 400) * 4).rounded() / 4 }
        var system = System()
        system.variableCount = 3 + pick(8)
        let solver = ConstraintSolver<Int>()
        let variables = (0..<system.variableCount).map { _ in solver.makeVariable() }
        var live: [Int: LinearConstraint] = [:], edits: [Int: (priority: Float, value: Double)] = [:]
        var nextID = 0
        func apply(_ operation: Operation) {
            system.operations.append(operation)
            switch operation {
            case let .add(id, constraint, _):
                do { try solver.add(constraint, id: id); live[id] = constraint } catch { system.refused.append(id) }
            case let .remove(id):
                solver.remove(id)
                live[id] = nil
            case let .constant(id, rhs):
                do { try solver.updateConstant(of: id, to: rhs); live[id]!.rhs.constant = rhs } catch { system.refused.append(id) }
            case let .edit(variable, priority):
                solver.addEditVariable(variables[variable], priority: ConstraintPriority(priority))
                edits[variable] = (priority, solver.value(of: variables[variable]))
            case let .suggest(variable, value):
                solver.suggestValue(value, for: variables[variable])
                edits[variable]!.value = value
            case .check:
                system.values.append(variables.map(solver.value(of:)))
                system.ambiguous.append(variables.contains(where: solver.isAmbiguous))
                system.liveAtCheck.append(
                    live.keys.sorted().map { live[$0]! }
                        + edits.keys.sorted().map {
                            LinearConstraint(variables[$0], .equal, edits[$0]!.value, priority: ConstraintPriority(edits[$0]!.priority))
                        })
            }
        }
        func addConstraint(_ unscaledTerms: [(Int, Double)], _ relation: ConstraintRelation, _ unscaledRHS: Double, _ priority: Float) {
            // An optional constraint scaled by a factor of its own weighs that much more within
            // its priority (its violation is measured in its expression's units), which breaks
            // most ties between equal priorities. Multiples of 1/64: exact in binary.
            let scale = priority < 1000 ? (random.uniform(0.5, 2) * 64).rounded() / 64 : 1
            let terms = unscaledTerms.map { ($0.0, scale * $0.1) }, rhs = scale * unscaledRHS
            let expression = LinearExpression(terms.map { (variables[$0.0], $0.1) })
            apply(
                .add(
                    id: nextID,
                    constraint: LinearConstraint(
                        expression, relation, LinearExpression(constant: rhs), priority: ConstraintPriority(priority)), terms: terms))
            nextID += 1
        }
        for index in 0..<system.variableCount { addConstraint([(index, 1)], .equal, position(), 250) }
        for _ in 0..<(system.variableCount + pick(2 * system.variableCount)) {
            let first = pick(system.variableCount), second = (first + 1 + pick(system.variableCount - 1)) % system.variableCount
            var terms = [(first, 1.0)]
            switch pick(10) {
            case 0..<2: break
            case 2..<8: terms.append((second, -[1, 1, 1, 0.5, 2][pick(5)]))
            default:
                terms += [
                    (second, -1),
                    (
                        (second + 1) % system.variableCount == first
                            ? (first + 2) % system.variableCount : (second + 1) % system.variableCount, -1
                    )
                ]
            }
            let relation: ConstraintRelation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual, .greaterThanOrEqual][pick(5)]
            addConstraint(terms, relation, (random.uniform(-80, 200) * 2).rounded() / 2, pick(20) < 9 ? 1000 : priorities[pick(3)])
        }
        apply(.check)
        let removable = { live.keys.sorted().filter { $0 >= system.variableCount } }
        for _ in 0..<(1 + pick(3)) where !removable().isEmpty { apply(.remove(id: removable()[pick(removable().count)])) }
        apply(.check)
        let edited = pick(system.variableCount)
        apply(.edit(variable: edited, priority: 750))
        apply(.suggest(variable: edited, value: position()))
        apply(.check)
        apply(.suggest(variable: edited, value: position()))
        apply(.check)
        for _ in 0..<(1 + pick(2)) where !removable().isEmpty {
            apply(.constant(id: removable()[pick(removable().count)], rhs: (random.uniform(-80, 200) * 2).rounded() / 2))
        }
        apply(.check)
        return system
    }

    /// The systems as `kiwi_oracle.py` reads them.
    static func json(_ systems: [System]) -> String {
        func number(_ value: Double) -> String { "\(value)" }
        let relations: [ConstraintRelation: String] = [.equal: "==", .lessThanOrEqual: "<=", .greaterThanOrEqual: ">="]
        let texts = systems.map { system in
            let operations = system.operations.map { operation -> String in
                switch operation {
                case let .add(id, constraint, terms):
                    let termText = terms.map { "[\($0.0), \(number($0.1))]" }.joined(separator: ", ")
                    return
                        "{\"op\": \"add\", \"id\": \(id), \"terms\": [\(termText)], \"relation\": \"\(relations[constraint.relation]!)\", "
                        + "\"rhs\": \(number(constraint.rhs.constant)), \"priority\": \(Int(constraint.priority.rawValue))}"
                case let .remove(id): return "{\"op\": \"remove\", \"id\": \(id)}"
                case let .constant(id, rhs): return "{\"op\": \"constant\", \"id\": \(id), \"rhs\": \(number(rhs))}"
                case let .edit(variable, priority): return "{\"op\": \"edit\", \"var\": \(variable), \"priority\": \(Int(priority))}"
                case let .suggest(variable, value): return "{\"op\": \"suggest\", \"var\": \(variable), \"value\": \(number(value))}"
                case .check: return "{\"op\": \"check\"}"
                }
            }
            return "{\"variables\": \(system.variableCount), \"operations\": [\(operations.joined(separator: ", "))]}"
        }
        return "{\"systems\": [\(texts.joined(separator: ",\n"))]}"
    }

    /// A python3 that imports kiwisolver: Debian's `/usr/bin/python3` first, then PATH's.
    static func pythonWithKiwi() throws -> String {
        if let python = try pythonImporting("kiwisolver") { return python }
        throw XCTSkip(
            "python3 with kiwisolver is not installed (apt-get install python3-kiwisolver; scripts/test installs it): "
                + "the solver was not compared with the independent one")
    }

    /// kiwi's values at every check of every system, and the ids it refused.
    static func oracle(_ systems: [System]) throws -> [(checks: [[Double]], refused: [Int])] {
        let python = try pythonWithKiwi()
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-constraints-\(UUID().uuidString).json")
        try json(systems).write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("kiwi_oracle.py")
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, input.path]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let results = object["systems"] as? [[String: Any]]
        else {
            throw NSError(domain: "OracleTests", code: 1, userInfo: [NSLocalizedDescriptionKey: "kiwi_oracle.py failed"])
        }
        return results.map { (($0["checks"] as? [[Double]]) ?? [], ($0["refused"] as? [Int]) ?? []) }
    }

    /// Σ violation of the live optional constraints at each priority, and the largest violation
    /// of a required one, for `values`.
    static func violations(_ constraints: [LinearConstraint], _ values: [Double]) -> (byPriority: [Float: Double], required: Double) {
        var byPriority: [Float: Double] = [:], required = 0.0
        for constraint in constraints {
            let difference = constraint.lhs - constraint.rhs
            let value = difference.terms.reduce(difference.constant) { $0 + $1.coefficient * values[$1.variable.symbol] }
            let violation =
                switch constraint.relation {
                case .equal: abs(value)
                case .lessThanOrEqual: max(0, value)
                case .greaterThanOrEqual: max(0, -value)
                }
            if constraint.priority.isRequired {
                required = max(required, violation)
            } else {
                byPriority[constraint.priority.rawValue, default: 0] += violation
            }
        }
        return (byPriority, required)
    }

    func testGeneratedSystemsAgreeWithKiwi() throws {
        let systems = (0..<Self.systemCount).map { Self.generate(seed: 0xC0FFEE + UInt64($0)) }
        let kiwi = try Self.oracle(systems)
        XCTAssertEqual(kiwi.count, systems.count)
        var comparedByValue = 0, comparedByObjective = 0, refusals = 0
        for (index, (system, expected)) in zip(systems, kiwi).enumerated() {
            XCTAssertEqual(system.refused, expected.refused, "system \(index): refused constraints")
            refusals += system.refused.count
            XCTAssertEqual(system.values.count, expected.checks.count, "system \(index)")
            for (check, (ours, theirs)) in zip(system.values, expected.checks).enumerated() {
                if !system.ambiguous[check] {
                    comparedByValue += 1
                    for (variable, (a, b)) in zip(ours, theirs).enumerated() {
                        XCTAssertEqual(
                            a, b, accuracy: 1e-9, "system \(index) (seed \(0xC0FFEE + index)), check \(check), variable \(variable)")
                    }
                    continue
                }
                comparedByObjective += 1
                let live = system.liveAtCheck[check]
                let (ourTotals, ourRequired) = Self.violations(live, ours), (kiwiTotals, kiwiRequired) = Self.violations(live, theirs)
                XCTAssertLessThan(ourRequired, 1e-7, "system \(index), check \(check): a required constraint is violated")
                XCTAssertLessThan(kiwiRequired, 1e-7, "system \(index), check \(check): kiwi violates a required constraint")
                for priority in Self.priorities {
                    XCTAssertEqual(
                        ourTotals[priority] ?? 0, kiwiTotals[priority] ?? 0, accuracy: 1e-7,
                        "system \(index), check \(check): total violation at \(priority)")
                }
            }
        }
        print(
            "OracleTests: \(systems.count) systems, \(comparedByValue) checks compared by value, \(comparedByObjective) by objective (ambiguous), \(refusals) refusals"
        )
        // The comparison by value must carry the test, and conflicts must occur.
        XCTAssertGreaterThan(comparedByValue, 2 * comparedByObjective)
        XCTAssertGreaterThan(refusals, systems.count / 4)
    }
}
