// mvvm:disable view-model-finale
struct Constants {
    static let pageSize = 30
}
