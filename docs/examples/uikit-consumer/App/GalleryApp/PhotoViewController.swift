// One photo, full width, with a caption that slides in once the photo has landed; a tap on the
// photo goes back.
import UIKit

/// The photo screen.
public final class PhotoViewController: UIViewController {
    /// The photo.
    public var image: UIImage?
    /// The photo, aspect-fit across the width under the bar.
    public let imageView = UIImageView()
    /// A caption under the photo (moved in by the animator's follow-up).
    public let captionLabel = UILabel()

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photo"
        view.backgroundColor = UIColor.black
        imageView.image = image
        imageView.contentMode = .scaleAspectFit
        let width = view.bounds.width
        let height = image.map { width * $0.size.height / $0.size.width } ?? width
        imageView.frame = CGRect(x: 0, y: 80, width: width, height: height)
        view.addSubview(imageView)
        captionLabel.text = "Shot on a Tuesday"
        captionLabel.textColor = UIColor.white
        captionLabel.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        captionLabel.frame = CGRect(x: 16, y: imageView.frame.maxY + 16, width: width - 32, height: 24)
        view.addSubview(captionLabel)
        imageView.isUserInteractionEnabled = true
        imageView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(close)))
    }

    @objc private func close() {
        navigationController?.popViewController(animated: true)
    }
}
