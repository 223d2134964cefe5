// The modal photo browser (Swift), as published: the thumbnail grid that presents the browser.
// Swift 2 syntax brought to today's Swift (same UIKit calls); the photos come from a list of
// image names instead of the network.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// The thumbnail grid: a collection view controller of square, aspect-fill thumbnails.
class LYUMainCVC: UICollectionViewController {
    /// The photos (image names, as `UIImage(named:)` finds them).
    var items: [String] = []
    /// The transition's delegate and animator, kept alive by the grid (lazily made, as in the app).
    lazy var animater = LYUTransitionAnimater()

    /// A grid of 3 square columns, 5 pt apart and 5 pt from the edges.
    init(items: [String]) {
        self.items = items
        let layout = UICollectionViewFlowLayout()
        // (W − 4·5)/3: three thumbnails and four 5 pt gutters fill the width exactly.
        let side = (UIScreen.main.bounds.width - 4 * 5) / 3
        layout.itemSize = CGSize(width: side, height: side)
        layout.minimumInteritemSpacing = 5
        layout.minimumLineSpacing = 5
        layout.sectionInset = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        super.init(collectionViewLayout: layout)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView?.backgroundColor = UIColor.white
        collectionView?.register(LYUSmallImageCell.self, forCellWithReuseIdentifier: LYUSmallImageCell.reuseIdentifier)
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return items.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell =
            collectionView.dequeueReusableCell(withReuseIdentifier: LYUSmallImageCell.reuseIdentifier, for: indexPath) as! LYUSmallImageCell
        cell.imageView.image = UIImage(named: items[indexPath.item])
        return cell
    }

    // MARK:- collectionViewDelegate
    // (In the app this override sits in an extension; overriding from an extension needs the
    // Objective-C runtime, so on Linux it must be in the class body.)
    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        // The browser, told which photo was tapped and given all of them.
        let browserVC = LYUBrowserVC()
        browserVC.indexPath = indexPath
        browserVC.items = items
        // .custom keeps the grid's views in the window under the presented browser.
        browserVC.modalPresentationStyle = .custom
        browserVC.transitioningDelegate = animater
        animater.presentDelegate = self
        animater.dismissDelegate = browserVC
        animater.indexPath = indexPath
        self.present(browserVC, animated: true, completion: nil)
    }
}

// MARK:- presentAnimationDelegate
extension LYUMainCVC: LYUPresentAnimationDelegate {
    func getImageView(indexPath: IndexPath) -> UIImageView {
        let imageView = UIImageView()
        imageView.clipsToBounds = true
        imageView.contentMode = .scaleAspectFill
        let cell = collectionView?.cellForItem(at: indexPath) as! LYUSmallImageCell
        imageView.image = cell.imageView.image
        return imageView
    }

    func getStartRect(indexPath: IndexPath) -> CGRect {
        // Not a visible cell: CGRect.zero (the dismissal then shrinks the photo away downwards).
        guard let cell = collectionView?.cellForItem(at: indexPath) else {
            return CGRect.zero
        }
        // The app converts to `UIApplication.sharedApplication().keyWindow`, deprecated since
        // iOS 13; the collection view's own window is that window.
        let startRect = collectionView?.convert(cell.frame, to: collectionView!.window!)
        return startRect!
    }

    func getEndRect(indexPath: IndexPath) -> CGRect {
        guard let cell = collectionView?.cellForItem(at: indexPath) as? LYUSmallImageCell else {
            return CGRect.zero
        }
        // The browser computes its image view the same way, so both end at the same size.
        let image = cell.imageView.image!
        let w = UIScreen.main.bounds.width
        let h = w * image.size.height / image.size.width
        let x: CGFloat = 0.0
        let y: CGFloat = (UIScreen.main.bounds.height - h) * 0.5
        return CGRect(x: x, y: y, width: w, height: h)
    }
}

/// A thumbnail: an aspect-fill, clipped image view filling the cell.
class LYUSmallImageCell: UICollectionViewCell {
    static let reuseIdentifier = "LYUSmallImageCell"
    let imageView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        contentView.addSubview(imageView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
    }
}
