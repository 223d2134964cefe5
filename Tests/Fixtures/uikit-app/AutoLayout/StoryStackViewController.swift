//
//  StoryStackViewController.swift
//  A column of story cards built from stack views: each card is a row (an icon, then a column
//  of a title and a subtitle). Dismissing a card hides it inside an animation and the cards
//  below slide up to close the gap.
//
import UIKit

final class StoryStackViewController: UIViewController {
    let columnView = UIStackView()
    private(set) var cards: [UIView] = []

    static let cardHeight: CGFloat = 96
    static let cardSpacing: CGFloat = 16
    private let titles = [("Morning Run", "5.2 km along the river"), ("Coffee", "Flat white, oat milk"), ("Standup", "Design review at 10:30")]
    private let colors: [UIColor] = [.systemGreen, .systemBlue, .systemIndigo]

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground

        columnView.axis = .vertical
        columnView.spacing = Self.cardSpacing
        columnView.translatesAutoresizingMaskIntoConstraints = false
        columnView.accessibilityIdentifier = "column"
        view.addSubview(columnView)

        for (index, (title, subtitle)) in titles.enumerated() {
            let card = makeCard(title: title, subtitle: subtitle, color: colors[index])
            card.accessibilityIdentifier = "card\(index)"
            cards.append(card)
            columnView.addArrangedSubview(card)
        }

        NSLayoutConstraint.activate([
            columnView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            columnView.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            columnView.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
        ])
    }

    private func makeCard(title: String, subtitle: String, color: UIColor) -> UIView {
        let card = UIView()
        card.backgroundColor = .white
        card.layer.cornerRadius = 14

        let icon = UIView()
        icon.backgroundColor = color
        icon.layer.cornerRadius = 12

        let titleLabel = UILabel()
        titleLabel.text = title
        titleLabel.font = .boldSystemFont(ofSize: 17)
        let subtitleLabel = UILabel()
        subtitleLabel.text = subtitle
        subtitleLabel.font = .systemFont(ofSize: 15)
        subtitleLabel.textColor = .secondaryLabel

        let texts = UIStackView(arrangedSubviews: [titleLabel, subtitleLabel])
        texts.axis = .vertical
        texts.spacing = 4

        let row = UIStackView(arrangedSubviews: [icon, texts])
        row.axis = .horizontal
        row.alignment = .center
        row.spacing = 12
        row.isLayoutMarginsRelativeArrangement = true
        row.layoutMargins = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        row.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(row)

        // Below required, so that the column can collapse a hidden card to no height.
        let height = card.heightAnchor.constraint(equalToConstant: Self.cardHeight)
        height.priority = UILayoutPriority(999)
        let rowBottom = row.bottomAnchor.constraint(equalTo: card.bottomAnchor)
        rowBottom.priority = .defaultHigh
        NSLayoutConstraint.activate([
            height, rowBottom,
            icon.widthAnchor.constraint(equalToConstant: 60),
            icon.heightAnchor.constraint(equalTo: icon.widthAnchor),
            row.topAnchor.constraint(equalTo: card.topAnchor),
            row.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            row.trailingAnchor.constraint(equalTo: card.trailingAnchor),
        ])
        return card
    }

    /// Dismisses the card at `index`: it collapses and the cards below move up.
    func dismissCard(at index: Int) {
        view.layoutIfNeeded()
        UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseInOut, animations: {
            self.cards[index].isHidden = true
            self.view.layoutIfNeeded()
        })
    }
}
