/** This site's origin: the browser's, or while the server renders a page, the configured public URL (entry-server.tsx). */
let serverOrigin = (): string => 'http://localhost';

export function setServerOrigin(read: () => string): void {
  serverOrigin = read;
}

export function currentOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin() : window.location.origin;
}
