//
//  HingeSideMenu.swift
//  A side menu that unfolds about its left edge like a door on a hinge while the main screen
//  slides right to make room: the menu's layer.transform is translate · rotate · translate
//  about its left edge, seen through a perspective (m34), animated to the identity with
//  UIView.animate.
//
import UIKit

final class HingeMenuViewController: UIViewController {
    static let menuWidth: CGFloat = 240
    /// The eye's distance from the screen, in points (m34 = −1 / distance).
    static let eyeDistance: CGFloat = 500

    let menuButton = UIButton(frame: CGRect(x: 16, y: 28, width: 44, height: 44))
    let mainView = UIView()
    let menuView = UIView()

    /// The menu turned by `angle` radians about its left edge (a positive angle swings the right
    /// edge away from the viewer), with the perspective.
    static func hinge(angle: CGFloat) -> CATransform3D {
        var transform = CATransform3DIdentity
        transform.m34 = -1 / eyeDistance
        transform = CATransform3DTranslate(transform, -menuWidth / 2, 0, 0)
        transform = CATransform3DRotate(transform, angle, 0, 1, 0)
        transform = CATransform3DTranslate(transform, menuWidth / 2, 0, 0)
        return transform
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let bounds = view.bounds
        view.backgroundColor = UIColor(white: 0.12, alpha: 1)
        menuView.frame = CGRect(x: 0, y: 0, width: Self.menuWidth, height: bounds.height)
        menuView.backgroundColor = UIColor(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
        for row in 0..<5 {
            let item = UIView(frame: CGRect(x: 20, y: 100 + CGFloat(row) * 64, width: Self.menuWidth - 40, height: 44))
            item.backgroundColor = UIColor(white: 1, alpha: 0.9)
            item.layer.cornerRadius = 8
            menuView.addSubview(item)
        }
        // Folded edge-on until the menu opens.
        menuView.layer.transform = Self.hinge(angle: .pi / 2)
        view.addSubview(menuView)

        mainView.frame = bounds
        mainView.backgroundColor = .white
        let header = UIView(frame: CGRect(x: 0, y: 0, width: bounds.width, height: 84))
        header.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        mainView.addSubview(header)
        menuButton.backgroundColor = .white
        menuButton.layer.cornerRadius = 8
        menuButton.addTarget(self, action: #selector(toggleMenu(_:)), for: .touchUpInside)
        mainView.addSubview(menuButton)
        view.addSubview(mainView)
    }

    @objc func toggleMenu(_ sender: UIButton) {
        let opening = mainView.transform == .identity
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseInOut, animations: {
            self.mainView.transform = opening ? CGAffineTransform(translationX: Self.menuWidth, y: 0) : .identity
            self.menuView.layer.transform = opening ? CATransform3DIdentity : Self.hinge(angle: .pi / 2)
        }, completion: nil)
    }
}
