import Observation
import SwiftUI

class ProfileViewModel {
    var name = ""
    var banner: AnyView?
    var onFinish: () -> Void = {}
    private let service: any ProfileServing

    init(service: any ProfileServing) {
        self.service = service
    }

    func save() {
        UserDefaults.standard.set(name, forKey: "name")
        let backup = BackupService()
        backup.store(name)
    }
}
