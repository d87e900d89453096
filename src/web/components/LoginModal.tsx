import Modal from 'react-bootstrap/Modal';
import { LoginForm } from './LoginForm';

export interface LoginModalProps {
  show: boolean;
  onHide: () => void;
  /** After a successful login (the toast is already shown). Default: reload the page, as the spec says. */
  onLoggedIn?: () => void;
  /** The modal's title: 'Login for a quick checkout' unless the page says otherwise. */
  title?: string;
}

const reloadPage = () => window.location.reload();

/** 'Login for a quick checkout': the login form in a modal; success toasts 'Login successful!' and reloads the page. */
export function LoginModal({ show, onHide, onLoggedIn = reloadPage, title = 'Login for a quick checkout' }: LoginModalProps) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="login-modal-title" className="login-modal">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="login-modal-title" as="h2" className="h5 mb-0">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-4">
        <LoginForm variant="modal" onSuccess={onLoggedIn} onNavigate={onHide} />
      </Modal.Body>
    </Modal>
  );
}

export default LoginModal;
