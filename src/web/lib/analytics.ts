/** Analytics events (API calls and page views) are batched and sent in the background. */
interface AnalyticsEvent {
  category: string;
  action: string;
  label: string;
}

const queue: AnalyticsEvent[] = [];
let timer: number | undefined;
const ENDPOINT = '/api/v1/analytics/events/';

function flush(): void {
  timer = undefined;
  if (!queue.length) return;
  const body = JSON.stringify({ events: queue.splice(0, 50) });
  if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  void fetch(ENDPOINT, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => undefined);
}

export function trackEvent(event: AnalyticsEvent): void {
  if (typeof window === 'undefined' || import.meta.env.MODE === 'test') return;
  queue.push(event);
  timer ??= window.setTimeout(flush, 5000);
}

export function trackPageView(path: string): void {
  trackEvent({ category: 'Page', action: 'View', label: path });
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
