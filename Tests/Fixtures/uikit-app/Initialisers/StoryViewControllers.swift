//
//  StoryViewControllers.swift
//  Code-only view controllers with their own initialisers, as apps write them: a custom
//  designated initialiser calling init(nibName:bundle:), an override of it, a navigation
//  controller subclass, geometry from integers and doubles, the status bar's height, and a
//  snapshot drawn into an image.
//
import UIKit

final class StoryViewController: UIViewController {
    let story: String
    private(set) var headerTop: CGFloat = 0
    let header = UIView()

    init(story: String) {
        self.story = story
        super.init(nibName: nil, bundle: nil)
        title = story
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        header.accessibilityIdentifier = "header"
        view.addSubview(header)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // Below the status bar, whatever its height on this phone.
        headerTop = view.window?.windowScene?.statusBarManager?.statusBarFrame.height ?? 20
        let width = 300, height = 44.0
        header.frame = CGRect(origin: CGPoint(x: 10, y: headerTop), size: CGSize(width: width, height: Int(height)))
        header.center = CGPoint(x: Double(width) / 2 + 10, y: headerTop + height / 2)
    }

    /// The header drawn into an image, for a transition to fly.
    func headerImage() -> UIImage {
        let renderer = UIGraphicsImageRenderer(bounds: header.bounds)
        return renderer.image { context in header.layer.render(in: context.cgContext) }
    }

    /// The same, the way code written before iOS 10 does it.
    func legacyHeaderImage() -> UIImage? {
        UIGraphicsBeginImageContextWithOptions(header.bounds.size, false, 0)
        header.drawHierarchy(in: header.bounds, afterScreenUpdates: true)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        return image
    }

    /// The header and the whole screen in one image (which a recording cannot show).
    func collageImage() -> UIImage {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 50))
        let collage = renderer.image { context in
            view.layer.render(in: context.cgContext)
            header.layer.render(in: context.cgContext)
        }
        return collage
    }
}

final class SettingsViewController: UIViewController {
    private(set) var configured = false

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        configured = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

final class StoryNavigationController: UINavigationController {
    private(set) var rootStory: String?

    override init(rootViewController: UIViewController) {
        super.init(rootViewController: rootViewController)
        rootStory = rootViewController.title
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// A push's gentle drift, as a vector from integers.
    let drift = CGVector(dx: 0, dy: 12)
}
