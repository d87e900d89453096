import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  forgotPasswordBodySchema,
  googleLoginBodySchema,
  loginBodySchema,
  logoutBodySchema,
  MAX_PICTURE_BYTES,
  messageSchema,
  profileFieldsSchema,
  refreshBodySchema,
  registerBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  tokenPairSchema,
  userDetailsSchema,
} from '../../../shared/accounts.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { requireViewer } from '../../http/auth.js';
import { captchaSolved, requireCaptcha } from '../../http/captcha-pass.js';
import { parseForm } from '../../http/form.js';
import { bearerAuth, errors, fileField, noContent } from '../../http/openapi.js';
import { deletePublicImage, storeProfilePicture } from '../../lib/images.js';
import * as accounts from './service.js';

/** The profile form as the document shows it: the fields parsed with profileFieldsSchema, and the picture. */
const profileFormSchema = profileFieldsSchema.extend({ profile_picture: fileField('An image (JPEG, PNG, WebP, GIF or AVIF), at most 5 MB').optional() });

const perIp = (max: number, minutes: number) => ({ rateLimit: { max, timeWindow: `${minutes} minutes` } });

const LOGIN_DESCRIPTION = [
  'Failed sign-ins are counted per (account, address) and per address; past their limits that address gets 429 with Retry-After.',
  'After several failed sign-ins to an account from anywhere, every sign-in to it must carry a solved captcha',
  '(`captcha`: the ALTCHA payload from GET /api/v1/altcha/challenge/ solved, or the pass cookie of POST /verify-recaptcha/);',
  'without one the answer is 400 `{ "captcha": [message], "code": "captcha_required", "detail": message }` and the password is not checked.',
  'A right password with a solved captcha always signs in; a successful sign-in is never counted.',
].join(' ');

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.db, queue: ctx.queue, config: ctx.config, attempts: ctx.attempts };

  return async (app) => {
    app.post(
      '/register/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Creates an unverified account and emails a verification link',
          body: registerBodySchema,
          response: { 201: userDetailsSchema.pick({ user_id: true, email: true, full_name: true, username: true }).extend({ message: z.string() }) },
        },
        config: perIp(30, 60),
      },
      async (request, reply) => {
        await requireCaptcha(ctx, request, reply, request.body.captcha);
        const user = await accounts.register(deps, request.body);
        return reply.code(201).send({
          user_id: user.user_id,
          email: user.email,
          full_name: user.full_name,
          username: user.username,
          message: 'Account created. Check your email to activate it.',
        });
      },
    );

    app.get(
      '/verify-email/:uid/:token/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The link in the verification email: activates the account and lands on the login page',
          params: z.object({ uid: z.string().max(64), token: z.string().max(200) }),
          response: { 302: noContent('To /login/?status=success, or /login/?status=invalid-link') },
        },
      },
      async (request, reply) => {
        const ok = await accounts.verifyEmail(deps, request.params.uid, request.params.token);
        return reply.redirect(ok ? '/login/?status=success' : '/login/?status=invalid-link');
      },
    );

    app.post(
      '/resend-verification/',
      { schema: { tags: ['accounts'], body: resendVerificationBodySchema, response: { 200: messageSchema } }, config: perIp(10, 15) },
      async (request) => {
        await accounts.resendVerification(deps, request.body.email, request.ip);
        return { message: accountMessages.verificationSent };
      },
    );

    app.post(
      '/token/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Email and password → access and refresh tokens',
          description: LOGIN_DESCRIPTION,
          body: loginBodySchema,
          response: { 200: tokenPairSchema, ...errors(401, 403) },
        },
        // Every request, successes too: a flood guard only. Failed sign-ins have their own limits (throttle.ts).
        config: perIp(100, 15),
      },
      async (request, reply) =>
        accounts.login(deps, {
          email: request.body.email,
          password: request.body.password,
          address: request.ip,
          challenge: () => captchaSolved(ctx, request, reply, request.body.captcha),
        }),
    );

    app.post(
      '/token/refresh/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Rotates a refresh token; reusing an old one revokes its family',
          body: refreshBodySchema,
          response: { 200: tokenPairSchema, ...errors(401) },
        },
        config: perIp(60, 15),
      },
      async (request) => accounts.refresh(deps, request.body.refresh),
    );

    app.post(
      '/logout/',
      { schema: { tags: ['accounts'], summary: 'Revokes a refresh token', body: logoutBodySchema, response: { 200: z.object({ detail: z.string() }) } } },
      async (request) => {
        await accounts.logout(deps, request.body.refresh_token);
        return { detail: accountMessages.loggedOut };
      },
    );

    app.post(
      '/rest-auth/google/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Signs in with a Google ID token (verified: signature, audience, issuer, expiry)',
          body: googleLoginBodySchema,
          response: { 200: tokenPairSchema, ...errors(401) },
        },
        config: perIp(20, 15),
      },
      async (request) => accounts.googleLogin(deps, ctx.google, request.body.id_token),
    );

    app.post(
      '/forget-password-request/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Emails a single-use reset link; the same answer whether or not the email has an account',
          body: forgotPasswordBodySchema,
          response: { 200: messageSchema },
        },
        config: perIp(10, 15),
      },
      async (request) => {
        await accounts.requestPasswordReset(deps, request.body.normalizedEmail, request.ip);
        return { message: accountMessages.resetRequested };
      },
    );

    app.post(
      '/reset-password/',
      { schema: { tags: ['accounts'], body: resetPasswordBodySchema, response: { 200: messageSchema } }, config: perIp(10, 15) },
      async (request) => {
        await accounts.resetPassword(deps, request.body.uid, request.body.token, request.body.password);
        return { message: accountMessages.resetDone };
      },
    );

    app.get('/user-details/', { schema: { tags: ['accounts'], ...bearerAuth, response: { 200: userDetailsSchema, ...errors(404) } } }, async (request) => {
      const viewer = await requireViewer(request, ctx.config.jwtSecret);
      return accounts.getUserDetails(ctx.db, viewer.userId);
    });

    app.put(
      '/edit-user-details/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Multipart: profile fields and an optional profile_picture (an image, at most 5 MB)',
          ...bearerAuth,
          form: { consumes: ['multipart/form-data'], schema: profileFormSchema },
          response: { 200: userDetailsSchema, ...errors(404) },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request, ctx.config.jwtSecret);
        if (!request.isMultipart()) throw AppError.fields({ non_field_errors: ['Send the profile as multipart/form-data.'] });
        const fields: Record<string, string> = {};
        let picture: Buffer | undefined;
        try {
          for await (const part of request.parts({ limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 20, fieldSize: 10_000 } })) {
            if (part.type === 'file') {
              if (part.fieldname !== 'profile_picture') {
                part.file.resume();
                continue;
              }
              picture = await part.toBuffer();
              if (!picture.length) picture = undefined;
            } else {
              fields[part.fieldname] = String(part.value);
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.fields({ profile_picture: [accountMessages.pictureTooLarge] });
          if (code?.startsWith('FST_')) throw AppError.fields({ non_field_errors: [(error as Error).message] });
          throw error;
        }
        const profile = parseForm(profileFieldsSchema, fields);
        const current = await accounts.getPublicUser(ctx.db, viewer.userId);
        let newPicture: string | null | undefined;
        if (picture) {
          newPicture = await storeProfilePicture(ctx.storage, picture);
          if (!newPicture) throw AppError.fields({ profile_picture: [accountMessages.pictureNotImage] });
        } else if (profile.remove_picture === 'true') {
          newPicture = null;
        }
        const updated = await accounts.updateProfile(ctx.db, viewer.userId, profile, newPicture);
        if (newPicture !== undefined && current?.profilePicture) await deletePublicImage(ctx.storage, current.profilePicture);
        return updated;
      },
    );
  };
}
