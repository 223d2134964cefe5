// This file imports only Foundation: in the app, UIKit comes from the project's umbrella
// header (a prefix header), so it compiles on iOS as it is.
import Foundation

final class BadgeView: UIView {
    var count = 0 {
        didSet { isHidden = count == 0 }
    }
}
