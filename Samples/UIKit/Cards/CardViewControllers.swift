import Foundation

// The card carousel (docs/REFERENCE-APPS.md): the carousel (the tutorial's `ViewController` with its `cardScrollView`), its
// cells, and the detail (`AnotherViewController`). The tutorial publishes the detail's layout
// code; the carousel's layout is the one the card presets use (docs/PRESETS.md, card-push).
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// The detail's constants, as in the app.
let Marign: CGFloat = 20
let TopViewHeight: CGFloat = 300
let TitleViewHeight: CGFloat = 80

/// One card of the feed (Samples/cards.json's shape).
struct CardModel {
    var title: String
    var cardPicName: String
    var rating: Int
    var commentCount: Int
    var comments: [(nickname: String, text: String)]

    /// The cards of a `{"cards": [{"title", "image", "rating", "commentCount", "comments"}]}` file.
    static func cards(contentsOf file: URL) throws -> [CardModel] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        return (json["cards"] as? [[String: Any]] ?? []).map { card in
            let comments = (card["comments"] as? [[String: Any]] ?? []).map {
                (nickname: $0["nickname"] as? String ?? "", text: $0["text"] as? String ?? "")
            }
            return CardModel(
                title: card["title"] as? String ?? "", cardPicName: card["image"] as? String ?? "",
                rating: (card["rating"] as? NSNumber)?.intValue ?? 0,
                commentCount: (card["commentCount"] as? NSNumber)?.intValue ?? comments.count, comments: comments)
        }
    }
}

/// Five stars, `level` of them lit.
class CardStartsView: UIView {
    var level = 0 {
        didSet { setNeedsLayout() }
    }
    private var stars: [UILabel] = []

    override func layoutSubviews() {
        super.layoutSubviews()
        if stars.isEmpty {
            stars = (0..<5).map { _ in UILabel() }
            stars.forEach { addSubview($0) }
        }
        let side = bounds.width / 5
        for (index, star) in stars.enumerated() {
            star.text = "★"
            star.font = UIFont.systemFont(ofSize: 13)
            star.textColor = index < level ? UIColor.orange : UIColor.lightGray
            star.frame = CGRect(x: CGFloat(index) * side, y: 0, width: side, height: bounds.height)
        }
    }
}

extension CardCollectionViewCell {
    /// The title view of a card and of the detail: title, "N comments" and the stars, with the
    /// tutorial's Masonry constraints as frames: the title 15 pt from the top and the left edge,
    /// centred (so `W − 30` wide) at its intrinsic height; "N comments" 10 pt below it, 15 pt from
    /// the left, at its intrinsic width and 20 pt tall; the 70×20 stars 10 pt to its right,
    /// centred on it, four of them lit (`startView.level = 4` in the tutorial, whatever the card).
    static func makeTitleView(card: CardModel, frame: CGRect) -> UIView {
        let titleView = UIView(frame: frame)
        titleView.backgroundColor = UIColor.white
        let titleLabel = UILabel(frame: .zero)
        titleLabel.text = card.title
        titleLabel.font = UIFont.systemFont(ofSize: 16)
        titleLabel.textColor = UIColor.lightGray
        titleLabel.numberOfLines = 1
        titleLabel.frame = CGRect(x: 15, y: 15, width: frame.width - 30, height: titleLabel.intrinsicContentSize.height)
        titleView.addSubview(titleLabel)
        let comment = UILabel(frame: .zero)
        comment.text = "\(card.commentCount) comments"
        comment.font = UIFont.systemFont(ofSize: 14)
        comment.textColor = UIColor.gray
        comment.textAlignment = .left
        comment.frame = CGRect(x: 15, y: titleLabel.frame.maxY + 10, width: comment.intrinsicContentSize.width, height: 20)
        titleView.addSubview(comment)
        let startView = CardStartsView(frame: CGRect(x: comment.frame.maxX + 10, y: comment.frame.midY - 10, width: 70, height: 20))
        startView.level = 4
        titleView.addSubview(startView)
        return titleView
    }
}

/// A card: white rounded background, the cover on top, the title view below.
class CardCollectionViewCell: UICollectionViewCell {
    var index = 0
    let bgView = UIView()
    let coverImageView = UIImageView()
    var titleView = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        bgView.backgroundColor = UIColor.white
        bgView.layer.cornerRadius = 10
        bgView.clipsToBounds = true
        contentView.addSubview(bgView)
        coverImageView.contentMode = .scaleToFill
        coverImageView.layer.cornerRadius = 10
        coverImageView.clipsToBounds = true
        contentView.addSubview(coverImageView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    func configure(_ card: CardModel, index: Int) {
        self.index = index
        coverImageView.image = UIImage(named: card.cardPicName)
        titleView.removeFromSuperview()
        // The cover has the detail's top image's aspect (W : T + 1.5·m), so it scales uniformly into it.
        let coverHeight = bounds.width * (TopViewHeight + 1.5 * Marign) / UIScreen.main.bounds.size.width
        titleView = CardCollectionViewCell.makeTitleView(
            card: card, frame: CGRect(x: 0, y: coverHeight, width: bounds.width, height: TitleViewHeight))
        titleView.clipsToBounds = true
        contentView.addSubview(titleView)
        bgView.frame = contentView.bounds
        coverImageView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: coverHeight)
    }
}

/// The carousel's scroll view: a horizontal collection view of cards.
class CardScrollView: UIView {
    let collectionView: UICollectionView

    override init(frame: CGRect) {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        let cardWidth = (0.8 * frame.width).rounded()
        let cardHeight = cardWidth * (TopViewHeight + 1.5 * Marign) / frame.width + TitleViewHeight
        layout.itemSize = CGSize(width: cardWidth, height: cardHeight)
        layout.minimumLineSpacing = 15
        let side = (frame.width - cardWidth) / 2
        let top = (frame.height - cardHeight) / 2
        layout.sectionInset = UIEdgeInsets(top: top, left: side, bottom: top, right: side)
        collectionView = UICollectionView(frame: CGRect(origin: .zero, size: frame.size), collectionViewLayout: layout)
        super.init(frame: frame)
        collectionView.backgroundColor = UIColor(white: 0.94, alpha: 1)
        addSubview(collectionView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}

/// The carousel screen.
class CardViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate, UINavigationControllerDelegate {
    var cards: [CardModel] = []
    /// The card in the middle.
    var currentIndex = 0
    lazy var cardScrollView = CardScrollView(frame: CGRect(x: 0, y: 0, width: view.frame.width, height: view.frame.height - 64))

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Featured"
        cardScrollView.collectionView.dataSource = self
        cardScrollView.collectionView.delegate = self
        cardScrollView.collectionView.register(CardCollectionViewCell.self, forCellWithReuseIdentifier: "card")
        view.addSubview(cardScrollView)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The detail hides the bar; the carousel shows it again when the user comes back.
        navigationController?.setNavigationBarHidden(false, animated: animated)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        navigationController?.delegate = self
    }

    /// Scrolls so that card `index` is in the middle.
    func show(_ index: Int) {
        currentIndex = index
        let layout = cardScrollView.collectionView.collectionViewLayout as! UICollectionViewFlowLayout
        cardScrollView.collectionView.contentOffset = CGPoint(x: CGFloat(index) * (layout.itemSize.width + layout.minimumLineSpacing), y: 0)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return cards.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath) as! CardCollectionViewCell
        cell.configure(cards[indexPath.item], index: indexPath.item)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        currentIndex = indexPath.item
        let another = AnotherViewController()
        another.card = cards[indexPath.item]
        navigationController?.pushViewController(another, animated: true)
    }

    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        return CardTransition.transition(with: operation == .push ? .push : .pop)
    }
}

/// The detail: the top image, the title view and the comments.
class AnotherViewController: UIViewController, UITableViewDataSource, UITableViewDelegate, UINavigationControllerDelegate {
    var card: CardModel?
    let topImageView = UIImageView()
    var titleView = UIView()
    lazy var tableView = UITableView(
        frame: CGRect(
            x: 0, y: TitleViewHeight + TopViewHeight, width: UIScreen.main.bounds.size.width,
            height: UIScreen.main.bounds.size.height - (TitleViewHeight + TopViewHeight)))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        guard let card = card else { return }
        topImageView.image = UIImage(named: card.cardPicName)
        topImageView.frame = CGRect(x: 0, y: -1.5 * Marign, width: UIScreen.main.bounds.size.width, height: TopViewHeight + 1.5 * Marign)
        topImageView.contentMode = .scaleToFill
        view.addSubview(topImageView)

        titleView = CardCollectionViewCell.makeTitleView(
            card: card, frame: CGRect(x: 0, y: TopViewHeight, width: UIScreen.main.bounds.size.width, height: TitleViewHeight))
        view.addSubview(titleView)

        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "comment")
        tableView.delegate = self
        tableView.dataSource = self
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 60
        tableView.separatorStyle = .singleLineEtched
        tableView.bounces = false
        tableView.showsVerticalScrollIndicator = false
        view.addSubview(tableView)

        // The back button: 30×30, 27 pt from the top and 15 from the left (its "back" image is
        // not in the tutorial, so it draws nothing here); `clickBackBtn` pops.
        let backBtn = UIButton(frame: CGRect(x: 15, y: 27, width: 30, height: 30))
        backBtn.setImage(UIImage(named: "back"), for: .normal)
        backBtn.addTarget(self, action: "clickBackBtn", for: .touchUpInside)
        view.addSubview(backBtn)
    }

    /// The back button's action.
    func clickBackBtn() {
        _ = navigationController?.popViewController(animated: true)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setNavigationBarHidden(true, animated: animated)
        navigationController?.delegate = self
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // The follow-up: the title view condenses over the image and the list moves up under it.
        UIView.animate(
            withDuration: 0.3,
            animations: {
                self.titleView.frame = CGRect(x: 0, y: TopViewHeight - Marign, width: UIScreen.main.bounds.size.width, height: Marign)
                self.titleView.alpha = 0.9
                self.tableView.frame = CGRect(
                    x: 0, y: TitleViewHeight + TopViewHeight - Marign - 30, width: UIScreen.main.bounds.size.width,
                    height: UIScreen.main.bounds.size.height - (TitleViewHeight + TopViewHeight - Marign - 30))
            })
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return card?.comments.count ?? 0
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "comment", for: indexPath)
        cell.textLabel?.text = card?.comments[indexPath.row].text
        return cell
    }

    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        return CardTransition.transition(with: operation == .push ? .push : .pop)
    }
}
