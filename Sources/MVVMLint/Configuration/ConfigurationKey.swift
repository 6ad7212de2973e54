/// The top-level keys of `.mvvm.yml`: the loader reads each, and an unknown key's error lists
/// them, in this order.
enum ConfigurationKey: String, CaseIterable {
    case preset
    case extends
    case presets
    case included
    case excluded
    case tests
    case observation
    case defaultIsolation = "default-isolation"
    case rules
    case header
    case customRules = "custom-rules"
    case layers
    case tool
}
