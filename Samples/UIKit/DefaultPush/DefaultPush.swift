// UIKit's own push, with no custom animator: a two-column photo grid pushes a detail screen and
// UINavigationController animates it as it always does. The layout is
// Samples/transitions/slide-over.json's (that file reproduces the default push by hand).
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// The grid: "Photos", the waterfall layout in two columns.
class PhotosViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    var photos: [XZPhotoBrowserModel] = []

    lazy var collectionView: UICollectionView = {
        let layout = XZPhotoBrowserFlowLayout()
        layout.images = photos
        layout.xzColumnsCount = 2
        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = UIColor.white
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.register(XZPhotoBrowserItem.self, forCellWithReuseIdentifier: "photo")
        return collectionView
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photos"
        view.backgroundColor = UIColor.white
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return photos.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! XZPhotoBrowserItem
        cell.photo.image = UIImage(named: photos[indexPath.item].url)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let detail = PhotoViewController()
        detail.photo = photos[indexPath.item]
        navigationController?.pushViewController(detail, animated: true)
    }
}

/// The detail: "Detail", the photo aspect-fit in a square under the bar, and a caption.
class PhotoViewController: UIViewController {
    var photo: XZPhotoBrowserModel?
    let imageView = UIImageView()
    let captionLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Detail"
        view.backgroundColor = UIColor.white
        guard let photo = photo else { return }
        imageView.image = UIImage(named: photo.url)
        imageView.contentMode = .scaleAspectFit
        imageView.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: view.bounds.width)
        view.addSubview(imageView)
        captionLabel.frame = CGRect(x: 16, y: view.bounds.width + 21, width: view.bounds.width - 32, height: 30)
        captionLabel.font = UIFont.systemFont(ofSize: 17)
        captionLabel.textColor = UIColor(red: 0.25, green: 0.25, blue: 0.27, alpha: 1)
        let name = photo.url.split(separator: "/").last.map(String.init) ?? photo.url
        captionLabel.text = "\(name) — \(Int(photo.width)) × \(Int(photo.height))"
        view.addSubview(captionLabel)
    }
}
