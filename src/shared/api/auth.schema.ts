import { z } from 'zod';

// Validation messages are catalogue keys (auth.validation.*): the server's error handler and the web form both
// translate them, so one schema gives the spec's messages in zh and en on both sides.
export const AUTH_MESSAGES = {
  required: 'auth.validation.required',
  invalidFormat: 'auth.validation.invalidFormat',
  tooLong: 'auth.validation.tooLong',
  invalidEmail: 'auth.validation.invalidEmail',
  passwordTooShort: 'auth.validation.passwordTooShort',
  commonPassword: 'auth.validation.commonPassword',
  passwordMismatch: 'auth.validation.passwordMismatch',
  emailRequired: 'auth.validation.emailRequired',
  passwordRequired: 'auth.validation.passwordRequired',
  termsRequired: 'auth.validation.termsRequired',
} as const;
const M = AUTH_MESSAGES;

/**
 * Password policy (ASVS 2.1, docs/auth.md): 12–128 characters, no composition rules. The server also refuses the
 * 10,000 most common passwords (features/auth/password-policy.ts): that list stays out of the web bundle.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** A string field whose absence and emptiness both read `requiredKey`; any non-string reads "Invalid format". */
const requiredString = (requiredKey: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : M.invalidFormat) })
    .min(1, { error: requiredKey, abort: true });

export const EmailSchema = requiredString(M.emailRequired)
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: M.tooLong, abort: true })
  .regex(z.regexes.email, { error: M.invalidEmail })
  .toLowerCase();

/** Sign-in accepts any non-empty password: the policy applies when a password is chosen, not when it is used. */
const PasswordInputSchema = requiredString(M.passwordRequired).max(PASSWORD_MAX_LENGTH, { error: M.tooLong });

export const NewPasswordSchema = requiredString(M.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, { error: M.tooLong, abort: true })
  .refine((value) => isLongEnoughPassword(value), { error: M.passwordTooShort });

/** True when the password is long enough: ≥ 12 characters (code points, so 12 CJK characters count as 12). */
export function isLongEnoughPassword(value: string): boolean {
  return [...value].length >= PASSWORD_MIN_LENGTH;
}

// `when`: report a mismatch even while other fields (e.g. the terms box) still fail, as long as both are strings.
const passwordsMatch: [
  (body: { password: string; confirmPassword: string }) => boolean,
  { error: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] = [
  (body) => body.password === body.confirmPassword,
  {
    error: M.passwordMismatch,
    path: ['confirmPassword'],
    when: ({ value }) => {
      const body = value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return (
        typeof body?.password === 'string' && typeof body.confirmPassword === 'string' && body.confirmPassword !== ''
      );
    },
  },
];

export const SignUpBodySchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: requiredString(M.required),
    acceptTerms: z.literal(true, { error: M.termsRequired }),
    /** The inviter's code from a shared link (/auth?mode=signup&ref=CODE); an unknown code is ignored, never refused. */
    referralCode: z.string().max(200).optional(),
  })
  .refine(...passwordsMatch);
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const SignInBodySchema = z.object({ email: EmailSchema, password: PasswordInputSchema });
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

export const PasswordResetConfirmBodySchema = z
  .object({
    token: requiredString(M.required),
    password: NewPasswordSchema,
    confirmPassword: requiredString(M.required),
  })
  .refine(...passwordsMatch);
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>;

/**
 * An unverified address is verified by whoever holds the mailbox, and they choose the password (a stranger may have
 * signed up with it first): `password` is required then (NEW_PASSWORD_REQUIRED), and ignored for a verified address.
 */
export const VerifyEmailBodySchema = z
  .object({
    token: requiredString(M.required),
    password: NewPasswordSchema.optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.password === undefined || body.password === body.confirmPassword, {
    error: M.passwordMismatch,
    path: ['confirmPassword'],
  });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

/** The token of a verification link, asked about before it is followed (POST /api/auth/verify-email/check). */
export const VerifyEmailCheckBodySchema = z.object({ token: requiredString(M.required) });
export type VerifyEmailCheckBody = z.infer<typeof VerifyEmailCheckBodySchema>;

/**
 * What following a live verification link needs: `passwordRequired` when the address is unverified and this browser
 * holds no session of its account (the mailbox owner then chooses the password); false when `{ token }` alone will do
 * (the session that signed up, or an address verified already). The page asks first, so no request of it fails.
 */
export const VerifyEmailCheckResponseSchema = z.object({ passwordRequired: z.boolean() });
export type VerifyEmailCheckResponse = z.infer<typeof VerifyEmailCheckResponseSchema>;

/** The token of an e-mailed unlock link (sent when a spent sign-in budget locked the account). */
export const UnlockAccountBodySchema = z.object({ token: requiredString(M.required) });
export type UnlockAccountBody = z.infer<typeof UnlockAccountBodySchema>;

export const OAUTH_PROVIDERS = ['google', 'github', 'twitter', 'apple'] as const;
export const OAuthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

/** A same-site path to return to after sign-in ("/membership"); never another origin ("//evil", "https://…"). */
export const ReturnToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .catch('/');

export const OAuthStartParamsSchema = z.object({ provider: OAuthProviderSchema });
export const OAuthStartQuerySchema = z.object({ returnTo: ReturnToSchema.optional(), lang: z.string().optional() });

export const OAuthCallbackBodySchema = z.object({
  code: requiredString(M.required).max(2000),
  state: requiredString(M.required).max(200),
});
export type OAuthCallbackBody = z.infer<typeof OAuthCallbackBodySchema>;

export const ProvidersResponseSchema = z.object({ password: z.boolean(), oauth: z.array(OAuthProviderSchema) });
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;

export const MembershipLevelSchema = z.enum(['free', 'premium', 'vip']);

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/**
 * The spec's user_profiles row, camelCased, without its stored paid plan: a level read from there contradicts the
 * effective one (points can lift it), so the level is only in MeResponse.membership.
 */
export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  points: z.number().int(),
  joinedAt: z.string(),
  lastActive: z.string(),
  updatedAt: z.string(),
  tasksCompleted: z.number().int(),
  adsWatched: z.number().int(),
  dailyTasksCompleted: z.number().int(),
  dailyAdsWatched: z.number().int(),
  lastDailyReset: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const MeResponseSchema = z.object({
  user: SessionUserSchema,
  profile: ProfileSchema,
  /**
   * The one effective level. level: what every check uses (test mode's preview when on); actualLevel: the level of
   * points and a running paid plan (equal to level unless testLevel is set); testLevel: null when off. plan: the paid
   * plan on record, running or ended (null when none was ever bought); it lifts the level only while running.
   */
  membership: z.object({
    level: MembershipLevelSchema,
    actualLevel: MembershipLevelSchema,
    testLevel: MembershipLevelSchema.nullable(),
    plan: z.object({ level: z.enum(['premium', 'vip']), expiresAt: z.string(), running: z.boolean() }).nullable(),
  }),
  /** Send back as the x-csrf-token header on every POST/PUT/PATCH/DELETE. */
  csrfToken: z.string(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/**
 * GET /api/me: the signed-in user, or `{ user: null }` for a visitor — being signed out is an answer, not an error
 * (no 401 in every visitor's console). A session cookie that has ended still answers 401 SESSION_EXPIRED, once.
 */
export const SignedOutResponseSchema = z.object({ user: z.null() });
export const SessionResponseSchema = z.union([MeResponseSchema, SignedOutResponseSchema]);
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/**
 * Where the verification mail of a sign-up went: `smtp` = handed to the configured mail server, `log` = no SMTP is
 * configured, so the link is in the server log (development mode, docs/auth.md). Never more than that.
 */
export const MailDeliverySchema = z.enum(['smtp', 'log']);
export type MailDelivery = z.infer<typeof MailDeliverySchema>;
export const SignUpResponseSchema = MeResponseSchema.extend({ mailDelivery: MailDeliverySchema });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const OAuthCallbackResponseSchema = MeResponseSchema.extend({ returnTo: z.string() });
export type OAuthCallbackResponse = z.infer<typeof OAuthCallbackResponseSchema>;

export const CsrfResponseSchema = z.object({ csrfToken: z.string() });
export const AcceptedResponseSchema = z.object({ ok: z.literal(true) });
