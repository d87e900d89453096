import { z } from 'zod';
import { messages } from './messages.js';

export const accountMessages = {
  fullNameRequired: 'Enter your full name.',
  fullNameTwoWords: 'Enter both your first name and last name.',
  profileNameTwoWords: 'Enter both your first name and last name',
  emailInvalid: 'Enter a valid email address.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Enter your password',
  passwordsDoNotMatch: 'Passwords do not match',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid credentials. Please try again.',
  invalidCredentialsToast: 'Invalid credentials',
  serverError: 'An error occurred. Please try again later.',
  noResponse: 'No response from the server. Check your network connection.',
  emailNotVerified: 'Please verify your email address before signing in. Check your inbox for the verification link, or send a new one.',
  verificationSent: 'If an unverified account exists for this email, a new verification link is on its way.',
  resetRequested: 'If an account exists for this email, you will receive a password reset link shortly.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  resetExpired: 'This password reset link has expired or has already been used. Please request a new one.',
  somethingWrong: 'Something went wrong. Please try again.',
  loginSuccess: 'Login successful!',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Error updating profile',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleUnavailable: 'Google sign-in is not available.',
  pictureNotImage: 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
  pictureTooLarge: 'The picture must be at most 5 MB.',
  tokenInvalid: 'Given token not valid for any token type',
  loggedOut: 'You have been signed out.',
  setupLinkDead:
    'This setup link is no longer valid: the studio already has an instructor, or the link was used or has expired. Restart the server for a new link, or run npm run admin -- setup-link.',
} as const;

export const PASSWORD_SYMBOLS = '!@#$%^&*(),.?":{}|<>';

/** The password rules in the spec's order; the first failure is the one shown. */
export const passwordRules: { test: (password: string) => boolean; message: string }[] = [
  {
    test: (p) => p.length >= 8,
    message: 'Your password is too short. For your security, it must be at least 8 characters long. Try adding a mix of letters, numbers, and symbols!',
  },
  { test: (p) => /[A-Z]/.test(p), message: 'Include at least one uppercase letter to make your password stronger.' },
  { test: (p) => /[a-z]/.test(p), message: 'Add some lowercase letters to your password for better security.' },
  { test: (p) => /\d/.test(p), message: 'Try including numbers in your password to make it harder to guess.' },
  { test: (p) => /[!@#$%^&*(),.?":{}|<>]/.test(p), message: 'Adding symbols like !@#$%^&* will help keep your account safe.' },
];

export function firstPasswordError(password: string): string | undefined {
  return passwordRules.find((rule) => !rule.test(password))?.message;
}

export function fullNameError(fullName: string): string | undefined {
  const trimmed = fullName.trim();
  if (!trimmed) return accountMessages.fullNameRequired;
  if (trimmed.split(/\s+/).length < 2) return accountMessages.fullNameTwoWords;
  return undefined;
}

/** Emails are trimmed and lower-cased before they are sent or compared. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const emailField = (requiredMessage: string) =>
  z
    .string(requiredMessage)
    .transform(normalizeEmail)
    .pipe(z.string().min(1, requiredMessage).max(254, accountMessages.emailInvalid).pipe(z.email(accountMessages.emailInvalid)));

const passwordField = z
  .string(passwordRules[0]!.message)
  .max(128, 'Ensure this field has no more than 128 characters.')
  .superRefine((password, ctx) => {
    const error = firstPasswordError(password);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const registerBodySchema = z.object({
  full_name: z
    .string(accountMessages.fullNameRequired)
    .max(120, 'Ensure this field has no more than 120 characters.')
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
});

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
    .max(120)
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
