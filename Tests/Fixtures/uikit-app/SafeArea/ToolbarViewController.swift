//
//  ToolbarViewController.swift
//  A screen with a 49 pt toolbar of its own along the bottom of the safe area, a banner at the
//  top of it, and a scroll view of two screens' content filling the screen, laid out from
//  safeAreaInsets.
//
import UIKit

final class ToolbarViewController: UIViewController {
    static let toolbarHeight: CGFloat = 49
    let toolbar = UIView()
    let banner = UIView()
    let scrollView = UIScrollView()
    private(set) var safeAreaChanges: [UIEdgeInsets] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        toolbar.accessibilityIdentifier = "toolbar"
        banner.accessibilityIdentifier = "banner"
        scrollView.accessibilityIdentifier = "scroll"
        view.addSubview(scrollView)
        view.addSubview(banner)
        view.addSubview(toolbar)
        // The toolbar is the app's own: content keeps clear of it as of a system toolbar.
        additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: Self.toolbarHeight, right: 0)
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        safeAreaChanges.append(view.safeAreaInsets)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let insets = view.safeAreaInsets
        let bounds = view.bounds
        scrollView.frame = bounds
        scrollView.contentSize = CGSize(width: bounds.width, height: bounds.height * 2)
        banner.frame = CGRect(x: 0, y: insets.top, width: bounds.width, height: 30)
        toolbar.frame = CGRect(x: 0, y: bounds.height - insets.bottom, width: bounds.width, height: Self.toolbarHeight)
    }
}
