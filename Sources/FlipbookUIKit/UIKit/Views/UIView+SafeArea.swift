import FlipbookModel
import Foundation

// Safe areas as UIKit computes them (Apple, "Positioning content relative to the safe area"):
// the window's are the device's; every other view's are the parts of its bounds outside its
// superview's safe area; a view controller's root view adds the navigation bar over it and the
// controller's `additionalSafeAreaInsets`.
extension UIView {
    /// See `safeAreaInsets`.
    var computedSafeAreaInsets: UIEdgeInsets {
        if let window = self as? UIWindow {
            guard let recorder = Recorder.current, recorder.window === window else { return .zero }
            let device = recorder.device.safeAreaInsets
            return UIEdgeInsets(
                top: CGFloat(device.top), left: CGFloat(device.left), bottom: CGFloat(device.bottom), right: CGFloat(device.right))
        }
        guard let superview else { return .zero }
        var insets = UIEdgeInsets.zero
        let parentInsets = superview.safeAreaInsets
        if parentInsets != .zero {
            let safe = convert(superview.bounds.inset(by: parentInsets), from: superview)
            insets = UIView.insets(of: bounds, outside: safe)
        }
        if let controller = viewController {
            if let navigation = controller.parent as? UINavigationController, navigation.isViewLoaded, !navigation.isNavigationBarHidden,
                let barParent = navigation.navigationBar.superview
            {
                // The bar covers the top of a screen that extends under it.
                let bar = convert(navigation.navigationBar.frame, from: barParent)
                insets.top = max(insets.top, min(bounds.height, bar.maxY - bounds.minY))
            }
            let extra = controller.additionalSafeAreaInsets
            insets = UIEdgeInsets(
                top: insets.top + extra.top, left: insets.left + extra.left,
                bottom: insets.bottom + extra.bottom, right: insets.right + extra.right)
        }
        return insets
    }

    /// How far `safe` lies inside `bounds` on each side (0 where it does not; at most the size).
    static func insets(of bounds: CGRect, outside safe: CGRect) -> UIEdgeInsets {
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(0, value), max(0, limit)) }
        return UIEdgeInsets(
            top: clamp(safe.minY - bounds.minY, bounds.height), left: clamp(safe.minX - bounds.minX, bounds.width),
            bottom: clamp(bounds.maxY - safe.maxY, bounds.height), right: clamp(bounds.maxX - safe.maxX, bounds.width))
    }

    /// At a layout pass: when the safe area changed since the last, tells the view (and its view
    /// controller, for a root view) and lays it out again, as UIKit does.
    func noteSafeAreaInsets() {
        guard window != nil else { return }
        let insets = safeAreaInsets
        if insets == (safeAreaInsetsSeen ?? .zero) {
            safeAreaInsetsSeen = insets
            return
        }
        safeAreaInsetsSeen = insets
        viewSafeAreaInsetsDidChange()
        viewController?.viewSafeAreaInsetsDidChange()
        setNeedsLayout()
        // `safeAreaLayoutGuide` and the root view's margins follow the insets.
        LayoutEngine.invalidate(self)
    }
}
