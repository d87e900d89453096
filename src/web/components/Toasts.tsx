import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';

/**
 * Toasts: 5000 ms by default (3000 ms where the login and subscription flows say so), at the bottom
 * right (across the bottom on a phone), where no action sits: at the top right a success toast
 * covered the sticky header and the studio's Preview/Publish buttons under it (issue 21).
 */
export default function Toasts() {
  return <ToastContainer position="bottom-right" autoClose={5000} newestOnTop theme="colored" />;
}
