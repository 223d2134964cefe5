// The fading modal image browser: the tapped image (a thumbnail of the chat in the app; here in
// the same square grid as the Swift modal browser, so the two can be compared) and the browser.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// A photo of the feed: its image name and pixel size (the app's message metadata).
struct ChatPhoto {
    var name: String
    var width: CGFloat
    var height: CGFloat
}

/// The image the user taps; it is the present animation's delegate.
class ChatImageView: UIImageView, PicBrowserPresentedAnimationDelegate {
    var message: ChatPhoto?

    func endRect() -> CGRect {
        let imageSize = CGSize(width: message?.width ?? 1, height: message?.height ?? 1)
        let imageW = UIScreen.main.bounds.size.width
        let imageH = imageW / imageSize.width * imageSize.height
        return CGRect(x: 0, y: (UIScreen.main.bounds.size.height - imageH) * 0.5, width: imageW, height: imageH)
    }

    func imageView() -> UIImageView {
        let imageView = UIImageView()
        imageView.image = self.image
        return imageView
    }

    func startRect() -> CGRect {
        // As published: its own frame converted from its own coordinates (right while the image
        // view sits at its cell's origin). The app's keyWindow is this view's window.
        return self.convert(self.frame, to: self.window)
    }
}

/// A grid cell holding a ChatImageView (aspect-fill, clipped).
class ChatImageCell: UICollectionViewCell {
    let chatImageView = ChatImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        chatImageView.contentMode = .scaleAspectFill
        chatImageView.clipsToBounds = true
        contentView.addSubview(chatImageView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        chatImageView.frame = contentView.bounds
    }
}

/// The browser: black, the photo fitted to the width.
class ImageBrowserController: UIViewController, PicBrowserDismissedAnimationDelegate {
    var message: ChatPhoto?

    static func imageBrowserController(_ message: ChatPhoto) -> ImageBrowserController {
        let controller = ImageBrowserController()
        controller.message = message
        return controller
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.black
        view.addSubview(imageView())
    }

    // MARK: PicBrowserDismissedAnimationDelegate
    func imageView() -> UIImageView {
        let imageView = UIImageView()
        imageView.image = UIImage(named: message?.name ?? "")
        let imageSize = CGSize(width: message?.width ?? 1, height: message?.height ?? 1)
        let imageW = UIScreen.main.bounds.size.width
        let imageH = imageW / imageSize.width * imageSize.height
        imageView.frame = CGRect(x: 0, y: (UIScreen.main.bounds.size.height - imageH) * 0.5, width: imageW, height: imageH)
        return imageView
    }
}

/// The screen of thumbnails; a tap presents the browser (the app's `imageSelected:`).
class ChatGridViewController: UICollectionViewController {
    var photos: [ChatPhoto] = []
    lazy var picBrowserAnimation = PicBrowserAnimation()

    init(photos: [ChatPhoto]) {
        self.photos = photos
        let layout = UICollectionViewFlowLayout()
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
        collectionView?.register(ChatImageCell.self, forCellWithReuseIdentifier: "chat")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return photos.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "chat", for: indexPath) as! ChatImageCell
        cell.chatImageView.message = photos[indexPath.item]
        cell.chatImageView.image = UIImage(named: photos[indexPath.item].name)
        return cell
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let cell = collectionView.cellForItem(at: indexPath) as? ChatImageCell else { return }
        imageSelected(cell.chatImageView)
    }

    func imageSelected(_ imageView: ChatImageView) {
        let imageBrowserController = ImageBrowserController.imageBrowserController(imageView.message!)
        imageBrowserController.modalPresentationStyle = .custom
        imageBrowserController.transitioningDelegate = self.picBrowserAnimation
        self.picBrowserAnimation.presentDelegate = imageView
        self.picBrowserAnimation.dismissDelegate = imageBrowserController
        self.present(imageBrowserController, animated: true, completion: nil)
    }
}
