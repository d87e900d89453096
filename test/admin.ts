import type { InjectOptions } from 'fastify';
import { createVerifiedUser, freshIp, loginAs, type TestApp } from './helpers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in account and a caller for /api/v1 with its bearer token. */
export async function signedIn(t: TestApp, options: { isAdmin?: boolean; email?: string; fullName?: string } = {}) {
  const user = await createVerifiedUser(t, options);
  const { access } = await loginAs(t, user.email);
  const headers = { authorization: `Bearer ${access}` };
  const call = (method: Method, url: string, payload?: unknown, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload: payload as InjectOptions['payload'], headers, remoteAddress: freshIp(), ...extra });
  return { user, access, headers, call };
}

export const visitorCall = (t: TestApp, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload: payload as InjectOptions['payload'], remoteAddress: freshIp() });

/** The studio's body for a video lesson (POST /admin/sections/{id}/lessons/), with anything else it needs in `extra`. */
export const videoLesson = (title: string, extra: Record<string, unknown> = {}) => ({
  lesson_title: title,
  lesson_type: 'Video',
  video_source: 'https://www.youtube.com/watch?v=rfscVS0vtbw',
  duration_seconds: 60,
  ...extra,
});
