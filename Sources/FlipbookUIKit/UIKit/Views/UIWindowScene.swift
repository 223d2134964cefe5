import FlipbookModel
public import Foundation

/// The scene the recording's window is in: its screen and status bar (iOS 13's
/// `UIWindowScene`). One per recording; there are no other scenes.
@MainActor
open class UIWindowScene: UIResponder {
    /// The screen it shows on: the recording's device.
    public let screen: UIScreen
    /// Its status bar.
    public let statusBarManager: UIStatusBarManager?
    private weak var window: UIWindow?

    init(screen: UIScreen, window: UIWindow) {
        self.screen = screen
        statusBarManager = UIStatusBarManager(device: screen.device)
        self.window = window
        super.init()
    }

    /// Its windows: the recording's window.
    open var windows: [UIWindow] { window.map { [$0] } ?? [] }
}

/// The status bar of a scene: its frame is the device's status bar, the values iOS reports
/// (`Device.statusBarHeightPoints`: 20 pt on home-button phones, 44–62 pt on Face ID phones,
/// docs/DEVICES.md has each model and its source).
@MainActor
open class UIStatusBarManager: NSObject {
    private let device: Device
    init(device: Device) { self.device = device }

    /// The status bar's frame in the screen's coordinates: the full width, the device's status
    /// bar height, at the top (portrait).
    open var statusBarFrame: CGRect { CGRect(x: 0, y: 0, width: device.width, height: device.statusBarHeightPoints) }
    /// False: the status bar shows in every recording.
    open var isStatusBarHidden: Bool { false }
    /// `.default` (kept).
    open var statusBarStyle: UIStatusBarStyle { .default }
}

extension UIWindow {
    /// The recording's scene, for the recording's window (nil for another window, or outside a
    /// recording).
    public var windowScene: UIWindowScene? {
        guard let recorder = Recorder.current, recorder.window === self else { return nil }
        return UIWindowScene(screen: UIScreen(device: recorder.device), window: self)
    }
}

extension UIApplication {
    /// The status bar's frame (UIKit's, deprecated since iOS 13 for the scene's
    /// `statusBarManager`); `.zero` outside a recording.
    public var statusBarFrame: CGRect { keyWindow?.windowScene?.statusBarManager?.statusBarFrame ?? .zero }
}
