import { useState } from 'react';

/**
 * True from the first time `open` is: a dialog whose code loads on demand (React.lazy) mounts when
 * it is first opened, and stays mounted so it can fade out when closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
