/// One step of a compiled glob.
enum GlobToken: Equatable, Sendable {
    case literal(Character)
    /// `?`: one character other than `/`.
    case oneCharacter
    /// `*`: any run of characters other than `/`.
    case star
    /// `**`, and the `/` after it: any run of characters.
    case globstar

    /// The steps of `pattern`, with each run of stars folded into one step.
    static func compile(_ pattern: String) -> [GlobToken] {
        var tokens: [GlobToken] = []
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            let token: GlobToken
            switch character {
            case "*":
                if characters.first == "*" {
                    characters.removeFirst()
                    // `**/` may also match nothing.
                    if characters.first == "/" { characters.removeFirst() }
                    token = .globstar
                } else {
                    token = .star
                }
            case "?":
                token = .oneCharacter
            default:
                token = .literal(character)
            }
            // `**` swallows any stars next to it, and `**` equals `*` or `**` after `**`.
            switch (tokens.last, token) {
            case (.globstar?, .star), (.globstar?, .globstar), (.star?, .star):
                continue
            case (.star?, .globstar):
                tokens[tokens.count - 1] = .globstar
            default:
                tokens.append(token)
            }
        }
        return tokens
    }
}
