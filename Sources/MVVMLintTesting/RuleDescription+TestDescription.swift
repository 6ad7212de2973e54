import MVVMLint
import Testing

// Tests that take rules as arguments (`@Test(arguments: rules.descriptions)`) are listed by
// rule id rather than by the whole description.
extension RuleDescription: CustomTestStringConvertible {
    /// The rule's id.
    public var testDescription: String { id }
}
