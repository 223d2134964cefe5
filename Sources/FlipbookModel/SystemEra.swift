/// Which iOS's system chrome a render draws — the status bar and the navigation bar, which belong
/// to the system rather than to the app (docs/CHROME.md, "Eras"). Each device runs, by default,
/// the iOS it shipped with (`Device.era`); `--era` or a transition file's `"era"` chooses another.
public enum SystemEra: String, Hashable, Sendable, CaseIterable, Comparable {
    /// iOS 11–14, the chrome of the phones from the iPhone X to the iPhone 12: an opaque-looking
    /// grey bar with a hairline on every screen, a 15 pt clock on Face ID phones.
    case ios13
    /// iOS 15: bars take the scroll-edge appearance — no background and no hairline — over a
    /// scroll view resting at its top (UIKit applies `scrollEdgeAppearance`, transparent by
    /// default, to every navigation bar from iOS 15 on); the clock as before.
    case ios15
    /// iOS 16–18: as iOS 15, with the larger status bar clock on Face ID phones (17 pt).
    case ios16

    /// Whether navigation bars take the scroll-edge appearance over a scroll view at its top.
    package var usesScrollEdgeAppearance: Bool { self >= .ios15 }

    /// Earlier eras first.
    public static func < (lhs: SystemEra, rhs: SystemEra) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
