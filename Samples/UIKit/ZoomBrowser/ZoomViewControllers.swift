import Foundation

// The zoom browser's two screens (docs/REFERENCE-APPS.md). Its tutorial publishes only the animator; these are the
// smallest controllers it needs (`collectionView`, cells with `contentImage`, a detail with
// `_contentImageView`), laid out as the waterfall browser so the two apps can be compared: the
// same masonry grid (its cells aspect-fill) and a detail whose image is aspect-fit in the page.
// Both lay out below a translucent bar (UIKit's default since iOS 7: the screens are full screen
// and their content starts under the bar's 64 pt). The published animator needs that: it adds
// the detail's view without setting `finalFrame(for:)`, so the view keeps the frame it was
// loaded with (the whole screen) and the snapshot lands where the image is only if the screen's
// place in the navigation controller is the whole screen too.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// A grid cell: an aspect-fill, clipped image view filling the cell.
class CusCollectionViewCell: UICollectionViewCell {
    let contentImage = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentImage.contentMode = .scaleAspectFill
        contentImage.clipsToBounds = true
        contentView.addSubview(contentImage)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        contentImage.frame = contentView.bounds
    }
}

/// The grid (the tutorial's `ViewController`).
class ZoomGridViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    var photos: [XZPhotoBrowserModel] = []
    let animation = PushAnimation()

    lazy var collectionView: UICollectionView = {
        let layout = XZPhotoBrowserFlowLayout()
        layout.images = photos
        layout.xzColumnsCount = 3
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 64, width: view.frame.size.width, height: view.frame.size.height - 64),
            collectionViewLayout: layout)
        collectionView.backgroundColor = UIColor.white
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.register(CusCollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        return collectionView
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(collectionView)
        animation.nav = navigationController
        animation.start()
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return photos.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! CusCollectionViewCell
        cell.contentImage.image = UIImage(named: photos[indexPath.item].url)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let detail = ZoomDetailViewController()
        detail.photo = photos[indexPath.item]
        animation.tapGestureToPop(with: detail)
        navigationController?.pushViewController(detail, animated: true)
    }
}

/// The detail: black, the photo aspect-fit in a page inset 5 pt at the sides.
class ZoomDetailViewController: UIViewController {
    var photo: XZPhotoBrowserModel?
    let contentImageView = UIImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Browzer"
        view.backgroundColor = UIColor.black
        contentImageView.contentMode = .scaleAspectFit
        view.addSubview(contentImageView)
        guard let photo = photo else { return }
        contentImageView.image = UIImage(named: photo.url)
        // Aspect-fit into the page (W − 10)×(H − 64) below the bar, centred: the image view is exactly the photo.
        let page = CGRect(x: 5, y: 64, width: UIScreen.main.bounds.width - 10, height: UIScreen.main.bounds.height - 64)
        let scale = min(page.width / photo.width, page.height / photo.height)
        let size = CGSize(width: photo.width * scale, height: photo.height * scale)
        contentImageView.frame = CGRect(
            x: page.midX - size.width / 2, y: page.midY - size.height / 2, width: size.width, height: size.height)
    }
}
