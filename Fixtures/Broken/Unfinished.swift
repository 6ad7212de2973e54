@MainActor
final class UnfinishedViewModel {
    func load( {
}
