import { useQuery } from '@tanstack/react-query';
import { getCookie, setIpCookie } from '../lib/storage';
import { apiFetch } from './client';

/**
 * The visitor's IP, kept in the user_ip cookie and fetched from /save-ip/ when missing. It is sent
 * as `?ip=` for compatibility; the server prices from the connection itself. Failure is only logged.
 */
export function useVisitorIp(): string | undefined {
  return useVisitorIpState().ip;
}

/** The IP and whether the lookup has settled (cookie present, or /save-ip/ answered or failed). */
export function useVisitorIpState(): { ip: string | undefined; ready: boolean } {
  const cookie = typeof document === 'undefined' ? undefined : getCookie('user_ip');
  const { data, isFetched } = useQuery({
    queryKey: ['save-ip'],
    queryFn: async () => {
      try {
        const { ip } = await apiFetch<{ ip: string }>('/save-ip/');
        setIpCookie(ip);
        return ip;
      } catch (error) {
        console.warn('Could not read the visitor IP', error);
        return '';
      }
    },
    enabled: !cookie,
    staleTime: Infinity,
  });
  return { ip: cookie ?? (data || undefined), ready: Boolean(cookie) || isFetched };
}
