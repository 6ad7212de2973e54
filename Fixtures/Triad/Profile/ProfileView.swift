import Foundation

struct ProfileView: View {
    @State var viewModel = ProfileViewModel(service: LiveProfileService())
    @StateObject private var settings = SettingsViewModel()
    @State var draft = ""

    var body: some View {
        VStack {
            Text(viewModel.name)
            TextField("Name", text: $draft)
            Button("Save") {
                draft.append("!")
                URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume()
            }
        }
    }
}
