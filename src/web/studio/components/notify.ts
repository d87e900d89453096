/** A success toast (react-toastify's container is mounted by the app shell). */
export function notify(message: string, kind: 'success' | 'error' = 'success'): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}
