"""The independent solver for FlipbookConstraints' generated systems: kiwisolver (a C++
Cassowary implementation, Debian's python3-kiwisolver) replays each system's operations and
prints the variables' values at every check, and which constraints it refused.

Usage: python3 kiwi_oracle.py SYSTEMS.json  (the format OracleTests writes; JSON on stdout).

Priorities map to kiwi's strengths 1000x apart (750: strong, 500: medium, 250: weak), so
kiwi's weighted objective orders them as FlipbookConstraints' lexicographic one does on the
small systems generated. A constant change is kiwi's remove and add (kiwi has no constant
update); a required one that kiwi cannot add is refused and the old constraint kept.
"""
import json
import sys

import kiwisolver as kiwi

STRENGTHS = {1000: "required", 750: "strong", 500: "medium", 250: "weak"}


def make_constraint(variables, operation, rhs):
    expression = sum((coefficient * variables[index] for index, coefficient in operation["terms"]), 0.0)
    relation = operation["relation"]
    if relation == "==":
        constraint = expression == rhs
    elif relation == "<=":
        constraint = expression <= rhs
    else:
        constraint = expression >= rhs
    return constraint | STRENGTHS[operation["priority"]]


class Replay:
    """One system's kiwi solver and what is live in it (constraints in the order added, edits)."""

    def __init__(self, count):
        self.variables = [kiwi.Variable("v%d" % index) for index in range(count)]
        self.live = {}      # id -> (kiwi constraint, its add operation)
        self.edits = {}     # variable index -> [priority, suggested value]
        self.solver = kiwi.Solver()

    def rebuild(self):
        """A new kiwi solver with what is live. kiwi 1.4.4 can leave its tableau inconsistent
        after refusing a constraint (its next dual optimisation then fails), so every refusal
        is followed by this; a system solved afresh has the same unique optimum."""
        self.solver = kiwi.Solver()
        for constraint, _ in self.live.values():
            self.solver.addConstraint(constraint)
        for index, (priority, value) in self.edits.items():
            self.solver.addEditVariable(self.variables[index], STRENGTHS[priority])
            self.solver.suggestValue(self.variables[index], value)

    def try_add(self, identifier, operation, rhs):
        """Adds the constraint; False (and a rebuilt solver) if kiwi refuses it."""
        constraint = make_constraint(self.variables, operation, rhs)
        try:
            self.solver.addConstraint(constraint)
        except kiwi.UnsatisfiableConstraint:
            self.rebuild()
            return False
        self.live[identifier] = (constraint, operation)
        return True


def replay(system):
    state = Replay(system["variables"])
    checks = []
    refused = []
    for operation in system["operations"]:
        kind = operation["op"]
        if kind == "add":
            if not state.try_add(operation["id"], operation, operation["rhs"]):
                refused.append(operation["id"])
        elif kind == "remove":
            state.solver.removeConstraint(state.live.pop(operation["id"])[0])
        elif kind == "constant":
            # Remove and add at the same place in the order; put the old one back if refused.
            identifier = operation["id"]
            old, added = state.live[identifier]
            state.solver.removeConstraint(old)
            new = make_constraint(state.variables, added, operation["rhs"])
            try:
                state.solver.addConstraint(new)
                state.live[identifier] = (new, added)
            except kiwi.UnsatisfiableConstraint:
                refused.append(identifier)
                state.rebuild()
        elif kind == "edit":
            state.edits[operation["var"]] = [operation["priority"], 0.0]
            state.solver.addEditVariable(state.variables[operation["var"]], STRENGTHS[operation["priority"]])
        elif kind == "suggest":
            state.edits[operation["var"]][1] = operation["value"]
            state.solver.suggestValue(state.variables[operation["var"]], operation["value"])
        elif kind == "check":
            state.solver.updateVariables()
            checks.append([variable.value() for variable in state.variables])
        else:
            raise ValueError("unknown operation %r" % kind)
    return {"checks": checks, "refused": refused}


def main():
    with open(sys.argv[1]) as handle:
        systems = json.load(handle)["systems"]
    json.dump({"systems": [replay(system) for system in systems]}, sys.stdout)


if __name__ == "__main__":
    main()
