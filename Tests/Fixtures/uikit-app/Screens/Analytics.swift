import Foundation

/// Counts what the user did. All members are visible to Objective-C, so actions reach them by
/// name (`Selector("trackShare:")`), as analytics libraries call them.
@objcMembers
class AnalyticsRecorder: NSObject {
    var tracked: [String] = []
    /// Screens seen, by name and the times each was seen: nested generics in a signature.
    private(set) var screens: [String: [Int: Set<String>]] = [:]

    func trackShare(_ sender: Any?) {
        tracked.append("share")
    }

    func trackScreens(_ names: [Dictionary<String, Array<Int>>]) {
        tracked.append("screens \(names.count)")
    }

    /// The action named by a string, as a configuration file would name it.
    func action(named name: String) -> Selector {
        NSSelectorFromString(name)
    }
}

@objc extension AnalyticsRecorder {
    func reset() {
        tracked.removeAll()
    }
}

/// A subclass overriding one method: a selector by name reaches the override.
final class VerboseAnalyticsRecorder: AnalyticsRecorder {
    override func trackShare(_ sender: Any?) {
        super.trackShare(sender)
        let selectorText = "\(#selector(trackShare(_:)))"  // #selector inside an interpolation
        tracked.append("verbose " + selectorText)
    }
}
