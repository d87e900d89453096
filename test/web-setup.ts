import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach } from 'vitest';

// Two cores run the suites in parallel: give findBy/waitFor room so a slow tick is not a failure.
configure({ asyncUtilTimeout: 5000 });

// Files share a worker (isolate: false): a toast raised after its test's container unmounted waits
// in react-toastify's queue for the next container, another file's; none is carried over.
beforeEach(() => {
  toast.dismiss();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  toast.dismiss();
});
