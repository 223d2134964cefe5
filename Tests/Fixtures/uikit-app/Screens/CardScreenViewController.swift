//
//  CardScreenViewController.swift
//  The screen with the card and the like button. Built in code; the outlets are set in
//  loadView as a nib would set them.
//
import UIKit

final class CardScreenViewController: UIViewController {
    @IBOutlet var cardView: PhotoCardView!
    @IBOutlet private weak var likeControl: LikeControl!
    private(set) var likesShown = 0
    private(set) var lastSender: Any?
    private(set) var events: [String] = []
    /// The expanded height this screen asks for; nil lets the card choose.
    var preferredExpandedHeight: CGFloat?

    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let card = PhotoCardView(frame: CGRect(x: 20, y: 100, width: 200, height: 200))
        let like = LikeControl(frame: CGRect(x: 20, y: 320, width: 44, height: 44))
        root.addSubview(card)
        root.addSubview(like)
        view = root
        cardView = card
        likeControl = like
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        cardView.delegate = self
        likeControl.addTarget(self, action: #selector(likeChanged(_:)), for: .valueChanged)
        likeControl.addTarget(self, action: #selector(self.likeChanged(_:forEvent:)), for: [.valueChanged, .touchUpInside])
        // No target: the action goes up the responder chain from the control to this screen.
        likeControl.addTarget(nil, action: #selector(CardScreenViewController.recordEvent), for: .valueChanged)
        let doubleTap = UITapGestureRecognizer(target: self, action: Selector(("resetCard")))
        doubleTap.numberOfTapsRequired = 2
        cardView.addGestureRecognizer(doubleTap)
    }

    @objc func likeChanged(_ sender: LikeControl) {
        likesShown = sender.likes
        lastSender = sender
    }

    @objc func likeChanged(_ sender: UIControl, forEvent event: UIEvent) {
        events.append("like \(event.type == .touches ? "touches" : "other")")
    }

    @objc private func recordEvent() {
        events.append("chain")
    }

    @objc private func resetCard() {
        events.append("reset")
        cardView.progress = 0
    }

    /// A selector made from a string that names no method of this screen (a typo of
    /// `resetCard`): using it is the error the tests expect.
    func misspelledResetRecognizer() -> UITapGestureRecognizer {
        UITapGestureRecognizer(target: self, action: Selector(("resetCards")))
    }

    @IBAction func shareTapped(_ sender: Any) {
        events.append("share")
    }

    /// Where this line is, as the compiler sees it.
    func currentPlace() -> (file: String, line: Int) { (#filePath, #line) }
}
