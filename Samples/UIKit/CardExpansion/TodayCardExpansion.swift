// A modern animator: an App Store–style "Today" card that expands to full screen with
// UIViewPropertyAnimator and UISpringTimingParameters, and collapses again under the finger —
// the collapse is interruptible: it can be grabbed mid-flight, scrubbed, and let go to finish
// or to spring back. The layout is Samples/transitions/card-expand.json's.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

class TodayViewController: UIViewController {
    /// The expanded card's photo and the one below it (image names).
    var photoName = ""
    var secondPhotoName = ""

    let header = UIView(frame: CGRect(x: 0, y: 20, width: 375, height: 90))
    let dateLabel = UILabel(frame: CGRect(x: 20, y: 12, width: 335, height: 18))
    let todayLabel = UILabel(frame: CGRect(x: 20, y: 32, width: 335, height: 44))
    let secondCard = UIView(frame: CGRect(x: 20, y: 560, width: 335, height: 420))
    let secondImageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 335, height: 420))
    let card = UIView(frame: CGRect(x: 20, y: 120, width: 335, height: 420))
    let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 335, height: 420))
    let kickerLabel = UILabel(frame: CGRect(x: 20, y: 20, width: 295, height: 20))
    let titleLabel = UILabel(frame: CGRect(x: 20, y: 40, width: 295, height: 40))
    let story = UIView(frame: CGRect(x: 0, y: 420, width: 375, height: 197))
    let storyLabel = UILabel(frame: CGRect(x: 20, y: 20, width: 335, height: 24))

    /// The running expansion or collapse; kept so a touch can take it over.
    private(set) var cardAnimator: UIViewPropertyAnimator?
    private(set) var isExpanded = false
    /// True when the finger took over the expansion itself (running backwards collapses).
    private var collapseReversesExpansion = false
    /// The animator's `fractionComplete` when the finger came down.
    private var fractionWhenGrabbed: CGFloat = 0
    /// How far the finger must pull down for the whole collapse, in points.
    static let collapseDistance: CGFloat = 300

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1)
        dateLabel.text = "MONDAY, NOVEMBER 30"
        dateLabel.font = UIFont.systemFont(ofSize: 13)
        dateLabel.textColor = UIColor(red: 0.55, green: 0.55, blue: 0.58, alpha: 1)
        todayLabel.text = "Today"
        todayLabel.font = UIFont.systemFont(ofSize: 34, weight: .bold)
        header.addSubview(dateLabel)
        header.addSubview(todayLabel)
        view.addSubview(header)

        setUpCard(secondCard, imageView: secondImageView, photoName: secondPhotoName)
        view.addSubview(secondCard)

        setUpCard(card, imageView: imageView, photoName: photoName)
        imageView.clipsToBounds = true
        kickerLabel.text = "GET OUTSIDE"
        kickerLabel.font = UIFont.systemFont(ofSize: 13, weight: .semibold)
        kickerLabel.textColor = UIColor.white.withAlphaComponent(0.85)
        card.addSubview(kickerLabel)
        titleLabel.text = "Desert light"
        titleLabel.font = UIFont.systemFont(ofSize: 28, weight: .bold)
        titleLabel.textColor = UIColor.white
        card.addSubview(titleLabel)
        story.backgroundColor = UIColor.white
        story.alpha = 0
        storyLabel.text = "Sandstone at sunset, an hour from town."
        storyLabel.font = UIFont.systemFont(ofSize: 17)
        storyLabel.textColor = UIColor(red: 0.2, green: 0.2, blue: 0.22, alpha: 1)
        story.addSubview(storyLabel)
        card.addSubview(story)
        view.addSubview(card)
    }

    /// A white card with 16 pt corners showing a photo aspect-filled.
    private func setUpCard(_ card: UIView, imageView: UIImageView, photoName: String) {
        card.layer.cornerRadius = 16
        card.clipsToBounds = true
        card.backgroundColor = UIColor.white
        imageView.image = UIImage(named: photoName)
        imageView.contentMode = .scaleAspectFill
        card.addSubview(imageView)
    }

    /// The card's views at the expanded (true) or the resting (false) layout.
    private func layOutCard(expanded: Bool) {
        card.frame = expanded ? view.bounds : CGRect(x: 20, y: 120, width: 335, height: 420)
        card.layer.cornerRadius = expanded ? 0 : 16
        imageView.frame = expanded ? CGRect(x: 0, y: 0, width: 375, height: 470) : CGRect(x: 0, y: 0, width: 335, height: 420)
        kickerLabel.frame = expanded ? CGRect(x: 20, y: 40, width: 335, height: 20) : CGRect(x: 20, y: 20, width: 295, height: 20)
        titleLabel.frame = expanded ? CGRect(x: 20, y: 60, width: 335, height: 40) : CGRect(x: 20, y: 40, width: 295, height: 40)
        story.frame = expanded ? CGRect(x: 0, y: 470, width: 375, height: 197) : CGRect(x: 0, y: 420, width: 375, height: 197)
        story.alpha = expanded ? 1 : 0
    }

    /// Tap: the card springs open (damping 0.8 over 0.6 s); the header fades out quickly and the
    /// card below drops away, each on its own curve.
    func expand() {
        let spring = UISpringTimingParameters(dampingRatio: 0.8)
        let animator = UIViewPropertyAnimator(duration: 0.6, timingParameters: spring)
        animator.addAnimations { self.layOutCard(expanded: true) }
        animator.addCompletion { position in
            self.isExpanded = position == .end
            self.cardAnimator = nil
        }
        let headerFade = UIViewPropertyAnimator(duration: 0.2, curve: .easeOut) { self.header.alpha = 0 }
        let dropAway = UIViewPropertyAnimator(duration: 0.3, curve: .easeIn) {
            self.secondCard.frame = CGRect(x: 20, y: 700, width: 335, height: 420)
            self.secondCard.alpha = 0
        }
        cardAnimator = animator
        animator.startAnimation()
        headerFade.startAnimation()
        dropAway.startAnimation()
    }

    /// The finger goes down on the expanded card (or on the card while it is still opening): the
    /// collapse starts paused, or the running animation is paused and turned round.
    func beginCollapse() {
        if let running = cardAnimator, running.isRunning {
            running.pauseAnimation()
            running.isReversed = true
            collapseReversesExpansion = true
            fractionWhenGrabbed = running.fractionComplete
            return
        }
        collapseReversesExpansion = false
        fractionWhenGrabbed = 0
        let animator = UIViewPropertyAnimator(duration: 0.6, timingParameters: UISpringTimingParameters(dampingRatio: 0.8))
        animator.addAnimations {
            self.layOutCard(expanded: false)
            self.header.alpha = 1
            self.secondCard.frame = CGRect(x: 20, y: 560, width: 335, height: 420)
            self.secondCard.alpha = 1
        }
        animator.addCompletion { position in
            self.isExpanded = position != .end
            self.cardAnimator = nil
        }
        animator.pauseAnimation()
        cardAnimator = animator
    }

    /// The finger has moved `translationY` points down since `beginCollapse`.
    func updateCollapse(translationY: CGFloat) {
        guard let animator = cardAnimator else { return }
        let fraction = max(0, min(1, translationY / TodayViewController.collapseDistance))
        // The expansion's fraction counts from the resting card: pulling down takes it back.
        animator.fractionComplete = collapseReversesExpansion ? max(0, fractionWhenGrabbed - fraction) : fraction
    }

    /// The finger lifts with `velocityY` points per second: past half-way (or flung down) the
    /// collapse finishes on a spring that starts at the finger's speed; otherwise it springs back.
    func endCollapse(translationY: CGFloat, velocityY: CGFloat) {
        guard let animator = cardAnimator else { return }
        let fraction = translationY / TodayViewController.collapseDistance
        let finish = fraction > 0.5 || velocityY > 500
        // The collapse runs forwards to finish; a grabbed expansion runs backwards to collapse.
        animator.isReversed = collapseReversesExpansion ? finish : !finish
        // The spring's initial velocity is in "whole distance per second".
        let remaining = max(1, TodayViewController.collapseDistance * (1 - max(0, min(1, fraction))))
        let velocity = CGVector(dx: 0, dy: velocityY / remaining)
        animator.continueAnimation(
            withTimingParameters: UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: velocity), durationFactor: 1)
    }

    /// The pan recognizer's action on the expanded card (on iOS: `addTarget(self, action:)`).
    func handleCollapsePan(_ pan: UIPanGestureRecognizer) {
        let translationY = pan.translation(in: view).y
        switch pan.state {
        case .began: beginCollapse()
        case .changed: updateCollapse(translationY: translationY)
        case .ended, .cancelled: endCollapse(translationY: translationY, velocityY: pan.velocity(in: view).y)
        default: break
        }
    }
}
