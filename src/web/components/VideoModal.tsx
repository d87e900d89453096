import Modal from 'react-bootstrap/Modal';
import { parseVideoUrl } from '../../shared/video';

interface VideoModalProps {
  show: boolean;
  onHide: () => void;
  /** The modal's heading, also the iframe's title. */
  title: string;
  url: string | null | undefined;
}

/** A static modal (closed only by its close button) playing a YouTube or Vimeo video in 16:9. */
export function VideoModal({ show, onHide, title, url }: VideoModalProps) {
  const video = parseVideoUrl(url);
  return (
    <Modal show={show} onHide={onHide} backdrop="static" keyboard={false} size="lg" centered aria-labelledby="video-modal-title">
      <Modal.Header closeButton closeLabel="Close video">
        <Modal.Title id="video-modal-title" as="h2" className="h5 mb-0">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 bg-black">
        {video ? (
          <div className="ratio ratio-16x9">
            <iframe
              src={video.embedUrl}
              title={title}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : (
          <div className="ratio ratio-16x9">
            <div className="d-flex flex-column align-items-center justify-content-center text-white text-center p-4">
              <i className="bi bi-camera-video-off fs-1 mb-2" aria-hidden="true" />
              <p className="mb-0">This video cannot be played here.</p>
            </div>
          </div>
        )}
      </Modal.Body>
    </Modal>
  );
}
