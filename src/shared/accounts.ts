import { z } from 'zod';
import { messages, tooLongMessage } from './messages.js';
import { accountMessages, firstPasswordError, fullNameError, normalizeEmail, passwordRules } from './account-messages.js';

export { accountMessages, firstPasswordError, fullNameError, normalizeEmail, PASSWORD_SYMBOLS, passwordRules } from './account-messages.js';

const emailField = (requiredMessage: string) =>
  z
    .string(requiredMessage)
    .transform(normalizeEmail)
    .pipe(z.string().min(1, requiredMessage).max(254, accountMessages.emailInvalid).pipe(z.email(accountMessages.emailInvalid)))
    // The document states the format the pipe checks (a transform's input schema alone is a bare string).
    .meta({ format: 'email', maxLength: 254 });

const passwordField = z
  .string(passwordRules[0]!.message)
  .max(128, 'Ensure this field has no more than 128 characters.')
  .superRefine((password, ctx) => {
    const error = firstPasswordError(password);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** The longest full name (registration, profile): longer is refused with the field error, never cut. */
export const FULL_NAME_MAX = 120;

export const registerBodySchema = z.object({
  full_name: z
    .string(accountMessages.fullNameRequired)
    .max(FULL_NAME_MAX, tooLongMessage(FULL_NAME_MAX))
    .superRefine((name, ctx) => {
      const error = fullNameError(name);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform((name) => name.trim().replace(/\s+/g, ' ')),
  email: emailField(accountMessages.emailInvalid),
  password: passwordField,
  /** Optional: a captcha token verified with the registration (the pass cookie of /verify-recaptcha/ also counts). */
  captcha: z.string().max(20_000).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
/** The registration form: the same rules, and the captcha must be solved first (the server also takes its pass cookie). */
export const registerFormSchema = registerBodySchema.extend({ captcha: z.string(messages.captcha.required).min(1, messages.captcha.required) });

export const loginBodySchema = z.object({
  email: emailField(accountMessages.emailRequired),
  password: z
    .string(accountMessages.passwordRequired)
    .max(128)
    .refine((p) => p.trim().length > 0, accountMessages.passwordRequired),
  /**
   * Only when the server asked for it (400 with code 'captcha_required', after many failed sign-ins
   * to the account): the solved captcha (ALTCHA payload or reCAPTCHA token). The pass cookie of
   * /verify-recaptcha/ counts too.
   */
  captcha: z.string().max(20_000).optional(),
});
/** The login form once the server asked for a challenge: the same fields, and the captcha must be solved. */
export const loginChallengeFormSchema = loginBodySchema.extend({ captcha: z.string(messages.captcha.required).min(1, messages.captcha.required) });
/** The answer (400) when the account needs a solved challenge before a password is checked. */
export const loginChallengeSchema = z.object({ captcha: z.array(z.string()), code: z.literal('captcha_required'), detail: z.string() });

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
export const refreshBodySchema = z.object({ refresh: z.string(accountMessages.tokenInvalid).min(1, accountMessages.tokenInvalid).max(200) });
export const logoutBodySchema = z.object({ refresh_token: z.string().min(1).max(200) });
export const googleLoginBodySchema = z.object({
  provider: z.string().max(40).default('google'),
  id_token: z.string().min(1, accountMessages.googleFailed).max(8000),
});
export const resendVerificationBodySchema = z.object({ email: emailField(accountMessages.emailRequired) });
export const forgotPasswordBodySchema = z.object({ normalizedEmail: emailField(accountMessages.emailRequired) });

const newPasswordFields = z.object({ password: passwordField, confirmPassword: z.string(accountMessages.passwordsDoNotMatch) });
const confirmationMatches = (b: { password: string; confirmPassword: string }) => b.password === b.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: accountMessages.passwordsDoNotMatch };

/** A new password and its confirmation (the reset form). */
export const newPasswordSchema = newPasswordFields.refine(confirmationMatches, mismatch);
export const resetPasswordBodySchema = newPasswordFields
  .extend({ uid: z.string().min(1).max(100), token: z.string().min(1).max(200) })
  .refine(confirmationMatches, mismatch);

export const messageSchema = z.object({ message: z.string() });

export const userDetailsSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone_number: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pin_code: z.string(),
  about_me: z.string(),
  profile_picture: z.string().nullable(),
  is_verified: z.boolean(),
  is_admin: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

const profileText = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`).default('');

/** Editable profile fields (username and email are not editable). */
export const profileFieldsSchema = z.object({
  full_name: z
    .string(accountMessages.profileNameTwoWords)
    .trim()
    .max(FULL_NAME_MAX, tooLongMessage(FULL_NAME_MAX))
    .refine((n) => n.split(/\s+/).filter(Boolean).length >= 2, accountMessages.profileNameTwoWords),
  phone_number: profileText(20).refine((v) => v === '' || /^[+()\d\s-]{6,20}$/.test(v), 'Enter a valid phone number.'),
  address_line_1: profileText(200),
  address_line_2: profileText(200),
  city: profileText(100),
  state: profileText(100),
  country: profileText(100),
  pin_code: profileText(12),
  about_me: profileText(2000),
  remove_picture: z.enum(['true', 'false']).optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
