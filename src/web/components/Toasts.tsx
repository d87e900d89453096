import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';

/** Toasts: top-right, 5000 ms by default (3000 ms where the login and subscription flows say so). */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop theme="colored" />;
}
