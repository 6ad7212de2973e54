/// Equality of two values known only as `Any`: `==` when both are the same `Equatable` type,
/// otherwise equal renderings (a struct without `Equatable`, a tuple).
enum ValueComparison {
    static func equal(_ lhs: Any, _ rhs: Any, dump: ValueDump) -> Bool {
        if let lhs = lhs as? any Equatable, let result = lhs.isEqual(to: rhs) {
            return result
        }
        return dump.render(lhs) == dump.render(rhs)
    }
}

extension Equatable {
    /// `self == other` when `other` is a `Self`; `nil` when it is another type.
    fileprivate func isEqual(to other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}
