// Every view model this library serves is `@Observable`, so `import MVVM` brings the
// Observation framework with it, as `import SwiftUI` does; a view-model file needs one import.
@_exported import Observation
