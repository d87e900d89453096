import { useMutation } from '@tanstack/react-query';
import type { ContactRole } from '../../shared/site';
import { apiFetch } from './client';

export interface ContactMessage {
  name: string;
  email: string;
  role: ContactRole | string;
  specify: string;
  message: string;
}

/** POST /contact/: HTTP 200 means sent; the answer's message is shown (no message: 'Failed to send message.'). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactMessage) => apiFetch<{ message?: string } | null>('/contact/', { method: 'POST', body }),
  });
}
