// The accounts' texts and plain checks, without zod: the storefront's first paint imports these (issue 13).

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
  /** Sign-in to an account with many recent failed attempts asks for the captcha (a proof of work) first. */
  loginChallenge: 'There were too many failed sign-ins to this account. Complete the verification, then sign in again.',
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
