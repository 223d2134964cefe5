//
//  TodayCardViewController.swift
//  An App Store–style "Today" card that opens to full screen. Auto Layout only: the card's
//  edges are constraints whose constants change, and the view lays itself out again inside a
//  spring animation, so every view the change moves animates with the spring.
//
import UIKit

final class TodayCardViewController: UIViewController {
    let cardView = UIView()
    let artworkView = UIView()
    let titleLabel = UILabel()
    let bodyView = UIView()

    private var cardTop: NSLayoutConstraint!
    private var cardLeading: NSLayoutConstraint!
    private var cardTrailing: NSLayoutConstraint!
    private var cardHeight: NSLayoutConstraint!
    private(set) var isExpanded = false

    /// The card at rest: 120 pt from the top, 20 pt margins, 420 pt tall.
    static let restingTop: CGFloat = 120
    static let restingInset: CGFloat = 20
    static let restingHeight: CGFloat = 420
    static let artworkHeight: CGFloat = 260

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground

        cardView.translatesAutoresizingMaskIntoConstraints = false
        cardView.accessibilityIdentifier = "card"
        cardView.backgroundColor = .white
        cardView.layer.cornerRadius = 16
        cardView.clipsToBounds = true
        view.addSubview(cardView)

        artworkView.translatesAutoresizingMaskIntoConstraints = false
        artworkView.accessibilityIdentifier = "artwork"
        artworkView.backgroundColor = .systemOrange
        cardView.addSubview(artworkView)

        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        titleLabel.accessibilityIdentifier = "title"
        titleLabel.text = "Apps We Love"
        titleLabel.font = .boldSystemFont(ofSize: 28)
        titleLabel.textColor = .white
        artworkView.addSubview(titleLabel)

        bodyView.translatesAutoresizingMaskIntoConstraints = false
        bodyView.accessibilityIdentifier = "body"
        bodyView.backgroundColor = .systemGray5
        bodyView.layer.cornerRadius = 8
        cardView.addSubview(bodyView)

        cardTop = cardView.topAnchor.constraint(equalTo: view.topAnchor, constant: Self.restingTop)
        cardLeading = cardView.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: Self.restingInset)
        cardTrailing = view.trailingAnchor.constraint(equalTo: cardView.trailingAnchor, constant: Self.restingInset)
        cardHeight = cardView.heightAnchor.constraint(equalToConstant: Self.restingHeight)
        cardHeight.identifier = "cardHeight"

        NSLayoutConstraint.activate([
            cardTop, cardLeading, cardTrailing, cardHeight,

            artworkView.topAnchor.constraint(equalTo: cardView.topAnchor),
            artworkView.leadingAnchor.constraint(equalTo: cardView.leadingAnchor),
            artworkView.trailingAnchor.constraint(equalTo: cardView.trailingAnchor),
            artworkView.heightAnchor.constraint(equalToConstant: Self.artworkHeight),

            titleLabel.leadingAnchor.constraint(equalTo: artworkView.leadingAnchor, constant: 20),
            titleLabel.bottomAnchor.constraint(equalTo: artworkView.bottomAnchor, constant: -16),
            titleLabel.trailingAnchor.constraint(lessThanOrEqualTo: artworkView.trailingAnchor, constant: -20),

            bodyView.topAnchor.constraint(equalTo: artworkView.bottomAnchor, constant: 16),
            bodyView.leadingAnchor.constraint(equalTo: cardView.leadingAnchor, constant: 20),
            bodyView.trailingAnchor.constraint(equalTo: cardView.trailingAnchor, constant: -20),
            bodyView.bottomAnchor.constraint(equalTo: cardView.bottomAnchor, constant: -20),
        ])
    }

    /// Opens the card to full screen on a spring, as the App Store does (at once when not
    /// `animated`).
    func expand(animated: Bool = true, completion: ((Bool) -> Void)? = nil) {
        guard !isExpanded else { return }
        isExpanded = true
        view.layoutIfNeeded()
        cardTop.constant = 0
        cardLeading.constant = 0
        cardTrailing.constant = 0
        cardHeight.constant = view.bounds.height
        guard animated else {
            cardView.layer.cornerRadius = 0
            view.layoutIfNeeded()
            completion?(true)
            return
        }
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: {
            self.cardView.layer.cornerRadius = 0
            self.view.layoutIfNeeded()
        }, completion: completion)
    }

    /// Closes it again with a property animator.
    func collapse() {
        guard isExpanded else { return }
        isExpanded = false
        cardTop.constant = Self.restingTop
        cardLeading.constant = Self.restingInset
        cardTrailing.constant = Self.restingInset
        cardHeight.constant = Self.restingHeight
        let animator = UIViewPropertyAnimator(duration: 0.4, curve: .easeInOut) {
            self.cardView.layer.cornerRadius = 16
            self.view.layoutIfNeeded()
        }
        animator.startAnimation()
    }
}
