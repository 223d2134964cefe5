// The gallery: a grid of photos; a tap pushes the photo's screen with ZoomAnimator.
import UIKit

/// The photos screen: two square columns, 8 pt apart.
public final class GalleryViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate,
    UINavigationControllerDelegate
{
    /// Image names, as `UIImage(named:)` finds them.
    public var photoNames: [String] = []
    /// The photo tapped last (the animator flies it).
    public private(set) var selectedIndexPath: IndexPath?
    private let animator = ZoomAnimator()

    public lazy var collectionView: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        let side = (view.bounds.width - 3 * 8) / 2
        layout.itemSize = CGSize(width: side, height: side)
        layout.minimumInteritemSpacing = 8
        layout.minimumLineSpacing = 8
        layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = UIColor.white
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: PhotoCell.reuseIdentifier)
        return collectionView
    }()

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Gallery"
        view.addSubview(collectionView)
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        navigationController?.delegate = self
    }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        photoNames.count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: PhotoCell.reuseIdentifier, for: indexPath) as! PhotoCell
        cell.imageView.image = UIImage(named: photoNames[indexPath.item])
        return cell
    }

    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selectedIndexPath = indexPath
        let photo = PhotoViewController()
        photo.image = UIImage(named: photoNames[indexPath.item])
        navigationController?.pushViewController(photo, animated: true)
    }

    public func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        operation == .push && toVC is PhotoViewController ? animator : nil
    }
}

/// A grid cell: the photo, aspect-fill, with rounded corners.
final class PhotoCell: UICollectionViewCell {
    static let reuseIdentifier = "photo"
    let imageView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.layer.cornerRadius = 6
        contentView.addSubview(imageView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
    }
}
