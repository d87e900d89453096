import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';

/**
 * Toasts: top-right, 5000 ms by default (3000 ms where the login and subscription flows say so), as the spec says.
 * In the studio they sit at the bottom right instead (studio.scss): at the top a success toast covered the sticky
 * top bar's Preview/Publish buttons (issue 21).
 */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop theme="colored" />;
}
