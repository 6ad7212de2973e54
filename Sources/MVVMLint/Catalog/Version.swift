/// The linter's version, reported by `mvvm --version` and in SARIF output.
public enum MVVMLintVersion {
    /// The semantic version.
    public static let current = "0.1.0"
}
