extension ChangeRecorder: ChangeExpecting {
    /// The recorder itself: a recorder checks its own expectations.
    public var changeRecorder: ChangeRecorder<Model> {
        self
    }

    /// Waits until a tracked property's value differs from the last check's; a computed
    /// property that fired with an equal value does not end the wait.
    func waitForChange(timeout: Duration, fileID: String, line: Int) async throws {
        let type = String(describing: Model.self)
        try await waitUntil("a change of \(type)'s tracked state", timeout: timeout, fileID: fileID, line: line) {
            let current = snapshot(storage: Self.observedStorage(of: model))
            return baseline.contains { name, old in
                current[name].map { !ValueComparison.equal(old, $0, dump: dump) } ?? false
            }
        }
    }

    /// Checks the tracked state against what `update` states (see
    /// ``ChangeExpecting/expectChanges(fileID:filePath:line:column:_:)``), then resets.
    func verify(
        _ update: (inout ExpectedState<Model>) -> Void,
        exhaustivity: Exhaustivity,
        fileID: String,
        filePath: StaticString,
        line: Int,
        column: Int
    ) {
        let old = baseline
        var expected = ExpectedState(
            values: old,
            model: model,
            namesByKeyPath: Dictionary(properties.map { ($0.keyPath, $0.name) }, uniquingKeysWith: { first, _ in first }),
            privateNames: Set(privateNames)
        )
        update(&expected)
        // The next check starts from what the view model holds now, whatever this one finds.
        reset()
        var actual = baseline
        if exhaustivity == .off {
            // Properties the closure did not state are not this check's business.
            for name in actual.keys where !expected.stated.contains(name) {
                actual[name] = expected.values[name]
            }
        }

        var problems: [String] = []
        if !expected.untracked.isEmpty {
            problems.append(
                "The expectation sets properties the recorder does not track: \(expected.untracked.joined(separator: ", ")). "
                    + "Add them to `tracking:` (or `privateState:` for private ones)."
            )
        }
        if let mismatch = pairingMismatch(storage: Self.observedStorage(of: model)) {
            problems.append(mismatch.description)
        }
        let differences = self.differences(old: old, expected: expected.values, actual: actual)
        if !differences.isEmpty {
            let type = String(describing: Model.self)
            let count = differences.count == 1 ? "1 property differs" : "\(differences.count) properties differ"
            problems.append(
                "\(type): \(count) from the expected state.\n"
                    + differences.map(\.report).joined(separator: "\n")
                    + "\nState every change in the closure (`$0.property = newValue`), or fix the view model."
            )
        }
        guard !problems.isEmpty else { return }
        reportFailure(problems.joined(separator: "\n"), fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension ChangeRecorder {
    /// The tracked properties whose `actual` value is not the `expected` one, in tracking order.
    func differences(old: [String: Any], expected: [String: Any], actual: [String: Any]) -> [PropertyDifference] {
        (properties.map(\.name) + privateNames).compactMap { name -> PropertyDifference? in
            guard let oldValue = old[name], let expectedValue = expected[name], let actualValue = actual[name] else {
                return nil
            }
            if ValueComparison.equal(expectedValue, actualValue, dump: dump) {
                return nil
            }
            return PropertyDifference(
                name: name,
                old: dump.render(oldValue),
                expected: dump.render(expectedValue),
                actual: dump.render(actualValue),
                expectedChange: !ValueComparison.equal(oldValue, expectedValue, dump: dump),
                actualChange: !ValueComparison.equal(oldValue, actualValue, dump: dump)
            )
        }
    }

    /// The changes since the last check that no expectation has stated yet: what the view model
    /// holds now against the base of the next check.
    var unassertedChanges: [PropertyDifference] {
        let current = snapshot(storage: Self.observedStorage(of: model))
        return differences(old: baseline, expected: baseline, actual: current)
    }
}

/// One tracked property whose value after an action is not the expected one.
struct PropertyDifference {
    let name: String
    let old: String
    let expected: String
    let actual: String
    let expectedChange: Bool
    let actualChange: Bool

    /// What kind of difference it is, in the words a test author looks for.
    var kind: String {
        switch (expectedChange, actualChange) {
        case (false, true): "unexpected change"
        case (true, false): "missing change"
        default: "wrong value"
        }
    }

    /// A block naming the property and showing old, expected and actual values; values that
    /// span lines are shown as a line diff of expected against actual.
    var report: String {
        let multiline = [old, expected, actual].contains { $0.contains("\n") }
        guard multiline else {
            return """
                • \(name) (\(kind))
                    old:      \(old)
                    expected: \(expected)
                    actual:   \(actual)
                """
        }
        let indent = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n") }
        return """
            • \(name) (\(kind))
                old:
            \(indent(old))
                expected (-) against actual (+):
            \(indent(LineDiff.render(expected: expected, actual: actual)))
            """
    }
}
