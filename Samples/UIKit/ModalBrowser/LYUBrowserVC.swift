// The modal photo browser (Swift): the full-screen browser, a paging collection view of photos.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// The browser: black, full screen, one photo a page, fitted to the width.
class LYUBrowserVC: UIViewController {
    /// The photo tapped in the grid.
    var indexPath: IndexPath?
    /// The photos (image names).
    var items: [String] = []

    lazy var collectionView: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = UIScreen.main.bounds.size
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = UIColor.black
        collectionView.isPagingEnabled = true
        collectionView.dataSource = self
        collectionView.register(LYUBigImageCell.self, forCellWithReuseIdentifier: LYUBigImageCell.reuseIdentifier)
        return collectionView
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(collectionView)
        // Start on the tapped photo.
        if let indexPath = indexPath {
            collectionView.contentOffset = CGPoint(x: UIScreen.main.bounds.width * CGFloat(indexPath.item), y: 0)
        }
    }
}

extension LYUBrowserVC: UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return items.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell =
            collectionView.dequeueReusableCell(withReuseIdentifier: LYUBigImageCell.reuseIdentifier, for: indexPath) as! LYUBigImageCell
        cell.image = UIImage(named: items[indexPath.item])
        return cell
    }
}

// MARK:- dismissAnimationDelegate
extension LYUBrowserVC: LYUDismissAnimationDelegate {
    func getIndexPath() -> IndexPath {
        // The cell on screen: both collection views index the same photos.
        let cell = collectionView.visibleCells.first as! LYUBigImageCell
        let indexPath = collectionView.indexPath(for: cell)
        return indexPath!
    }

    func getImageView() -> UIImageView {
        // A new image view with the visible cell's photo, where the cell shows it.
        let cell = collectionView.visibleCells.first as! LYUBigImageCell
        let imageView = UIImageView()
        imageView.image = cell.imageView.image
        imageView.frame = cell.imageView.frame
        imageView.clipsToBounds = true
        imageView.contentMode = .scaleAspectFill
        return imageView
    }
}

/// A page: the photo fitted to the screen's width, centred vertically (the grid's `getEndRect`).
class LYUBigImageCell: UICollectionViewCell {
    static let reuseIdentifier = "LYUBigImageCell"
    let imageView = UIImageView()

    var image: UIImage? {
        didSet {
            imageView.image = image
            guard let image = image else { return }
            let w = UIScreen.main.bounds.width
            let h = w * image.size.height / image.size.width
            imageView.frame = CGRect(x: 0, y: (UIScreen.main.bounds.height - h) * 0.5, width: w, height: h)
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(imageView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
