import UIKit

/// A heart that counts likes; the screen that shows it decides what a like does.
final class LikeControl: UIControl {
    private(set) var likes = 0

    func like() {
        likes += 1
        sendActions(for: .valueChanged)
    }
}
