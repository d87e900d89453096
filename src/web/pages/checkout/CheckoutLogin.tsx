import { LoginModal } from '../../components/LoginModal';

/** 'Already have an account? Log in': opens the login modal ('Login for a quick checkout'), which reloads the page on success. */
export function CheckoutLogin({ show, onShow, onHide }: { show: boolean; onShow: () => void; onHide: () => void }) {
  return (
    <>
      Already have an account?{' '}
      <button type="button" className="btn btn-link p-0 align-baseline fw-semibold" onClick={onShow}>
        Log in
      </button>
      <LoginModal show={show} onHide={onHide} />
    </>
  );
}
