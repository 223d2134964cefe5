import Flipbook
import FlipbookRaster
import XCTest

#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

final class DocumentedAPIListViewController: UIViewController, UINavigationControllerDelegate {
    let thumbnail = UIImageView()
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = "Photos"
        thumbnail.frame = CGRect(x: 20, y: 120, width: 100, height: 100)
        thumbnail.contentMode = .scaleAspectFill
        thumbnail.clipsToBounds = true
        thumbnail.layer.cornerRadius = 8
        thumbnail.backgroundColor = .systemBlue
        thumbnail.autoresizingMask = [.flexibleRightMargin, .flexibleBottomMargin]
        view.addSubview(thumbnail)
        let caption = UILabel(frame: CGRect(x: 20, y: 230, width: 200, height: 20))
        caption.text = "Sunset"
        caption.font = .preferredFont(forTextStyle: .headline)
        caption.textColor = .secondaryLabel
        view.addSubview(caption)
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.delegate = self
    }
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        return operation == .push ? DocumentedAPIZoomAnimator(source: thumbnail) : nil
    }
}

final class DocumentedAPIDetailViewController: UIViewController {
    let imageView = UIImageView()
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        imageView.backgroundColor = .systemBlue
        imageView.frame = view.bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(imageView)
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
    }
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        imageView.frame = view.bounds.inset(by: view.safeAreaInsets)
    }
}

final class DocumentedAPIZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let source: UIView
    init(source: UIView) { self.source = source }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toVC = transitionContext.viewController(forKey: .to),
            let toView = transitionContext.view(forKey: .to)
        else { return }
        let container = transitionContext.containerView
        toView.frame = transitionContext.finalFrame(for: toVC)
        toView.alpha = 0
        container.addSubview(toView)
        guard let snapshot = source.snapshotView(afterScreenUpdates: false) else {
            transitionContext.completeTransition(false); return
        }
        snapshot.frame = source.convert(source.bounds, to: container)
        snapshot.layer.shadowColor = UIColor.black.cgColor
        snapshot.layer.shadowOpacity = 0.3
        snapshot.layer.shadowRadius = 10
        snapshot.layer.shadowOffset = CGSize(width: 0, height: 4)
        snapshot.layer.shadowPath = UIBezierPath(roundedRect: snapshot.bounds, cornerRadius: 8).cgPath
        container.addSubview(snapshot)
        source.isHidden = true
        let animator = UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext), dampingRatio: 0.8) {
            snapshot.frame = toView.frame
            snapshot.layer.cornerRadius = 0
            snapshot.transform = CGAffineTransform(scaleX: 1.02, y: 1.02).concatenating(.identity)
            toView.alpha = 1
        }
        animator.addCompletion { position in
            guard position == .end else { return }
            UIView.animate(
                withDuration: 0.2, delay: 0, options: [.curveEaseOut, .beginFromCurrentState],
                animations: {
                    snapshot.alpha = 0
                },
                completion: { _ in
                    snapshot.removeFromSuperview()
                    self.source.isHidden = false
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                })
        }
        animator.startAnimation()
    }
    func animationEnded(_ transitionCompleted: Bool) {}
}

final class DocumentedAPISheetPresenter: NSObject, UIViewControllerTransitioningDelegate {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController,
        source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { DocumentedAPISlideUp(presenting: true) }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        DocumentedAPISlideUp(presenting: false)
    }
}

final class DocumentedAPISlideUp: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let key: UITransitionContextViewKey = presenting ? .to : .from
        guard let sheet = transitionContext.view(forKey: key) else { return }
        let dim = UIView(frame: container.bounds)
        dim.backgroundColor = UIColor.black.withAlphaComponent(0.4)
        dim.alpha = presenting ? 0 : 1
        let shown = CGRect(x: 0, y: container.bounds.height * 0.4, width: container.bounds.width, height: container.bounds.height * 0.6)
        let hidden = shown.offsetBy(dx: 0, dy: shown.height)
        if presenting {
            container.addSubview(dim)
            sheet.frame = hidden
            sheet.layer.cornerRadius = 12
            sheet.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            sheet.layer.cornerCurve = .continuous
            sheet.clipsToBounds = true
            container.addSubview(sheet)
        }
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 0.85,
            initialSpringVelocity: 0.3, options: [.curveEaseInOut, .allowUserInteraction],
            animations: {
                sheet.frame = self.presenting ? shown : hidden
                dim.alpha = self.presenting ? 1 : 0
            }
        ) { finished in
            if !self.presenting { dim.removeFromSuperview() }
            transitionContext.completeTransition(finished && !transitionContext.transitionWasCancelled)
        }
    }
}

/// An animator written only against UIKit's documented API, the way an app writes one (a
/// navigation delegate, a transitioning delegate, a property animator whose completion starts a
/// view animation, snapshots, `convert`, shadow paths, masked continuous corners, semantic
/// colours, Dynamic Type): it compiles unchanged and records what an iPhone shows.
final class DocumentedAPIAnimatorTests: XCTestCase {
    @MainActor func testAZoomPushWithAFollowUpFadeRecordsBothAnimations() async throws {
        let push = try Transition.record(device: .iPhone8) { window in
            let nav = UINavigationController(rootViewController: DocumentedAPIListViewController())
            window.rootViewController = nav
            window.makeKeyAndVisible()
            nav.pushViewController(DocumentedAPIDetailViewController(), animated: true)
        }
        let job = try RenderJob(settings: RenderSettings(transition: push))
        // 0.5 s of spring, then the completion's 0.2 s fade: 0.7 s at 60 fps is 42 intervals.
        XCTAssertEqual(job.frames.count, 43)
        // The end is the detail screen: its system-blue image view under the bar.
        let last = try job.renderFrame(job.frames.count - 1)
        XCTAssertEqual(last[375, 700], PremultipliedPixel(red: 0, green: 122, blue: 255, alpha: 255))
    }

    @MainActor func testASpringSheetWithTopCornersAndADimmingView() async throws {
        let presenter = DocumentedAPISheetPresenter()
        let sheet = try Transition.record(device: .iPhone8) { window in
            let root = UIViewController()
            root.view.backgroundColor = .white
            window.rootViewController = root
            let detail = UIViewController()
            detail.view.backgroundColor = .secondarySystemBackground
            detail.modalPresentationStyle = .custom
            detail.transitioningDelegate = presenter
            root.present(detail, animated: true, completion: nil)
        }
        let job = try RenderJob(settings: RenderSettings(transition: sheet))
        let last = try job.renderFrame(job.frames.count - 1)
        // The sheet's top is at 0.4 × 667 pt = 266.8 pt (533.6 px at @2x): above it white under
        // black at 0.4 (255 × 0.6 = 153), below it secondarySystemBackground (#F2F2F7); its
        // bottom corners are square (only the top ones are masked).
        XCTAssertEqual(last[20, 520], PremultipliedPixel(red: 153, green: 153, blue: 153, alpha: 255))
        XCTAssertEqual(last[20, 540], PremultipliedPixel(red: 242, green: 242, blue: 247, alpha: 255))
        XCTAssertEqual(last[0, 1333], PremultipliedPixel(red: 242, green: 242, blue: 247, alpha: 255))
    }
}
