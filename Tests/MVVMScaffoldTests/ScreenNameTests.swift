import MVVMScaffold
import Testing

struct ScreenNameTests {
    @Test(arguments: ["Login", "ItemList", "_Private", "Screen2"])
    func acceptsTypeIdentifiers(_ name: String) throws {
        #expect(try ScreenName(name).text == name)
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("2Factor", "it starts with a digit"),
        ("class", "it is a Swift keyword"),
        ("Self", "it is a Swift keyword"),
        ("Log-in", "use only ASCII letters, digits and underscores"),
        ("../Escape", "use only ASCII letters, digits and underscores"),
        ("Caf\u{e9}", "use only ASCII letters, digits and underscores"),
        ("LoginView", "leave out the 'View' suffix; the generator adds it (try 'Login')"),
        ("LoginViewModel", "leave out the 'ViewModel' suffix; the generator adds it (try 'Login')"),
    ])
    func rejectsWhatIsNotATypeIdentifierWithTheReason(_ name: String, reason: String) {
        #expect(throws: ScaffoldError.invalidName(name, reason: reason)) {
            try ScreenName(name)
        }
    }

    @Test func dependenciesAreATriadOption() {
        #expect(throws: ScaffoldError.optionNotForStyle(option: "--dependencies", style: .responder)) {
            try ScreenScaffold(style: .responder, dependencies: .provider)
        }
    }
}
