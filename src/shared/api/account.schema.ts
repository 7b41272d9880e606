import { z } from 'zod';
import { isSafeName } from '../text/unsafe-characters.ts';
import { isHttpsUrl, NUMBER_STYLES, PREFERENCE_LANGUAGES, PRICE_COLOURS, THEMES } from './account.values.ts';
import {
  MeResponseSchema,
  NewPasswordSchema,
  OAuthProviderSchema,
  PASSWORD_MAX_LENGTH,
  ProfileSchema,
} from './auth.schema.ts';

// The signed-in user's own account (/api/me/*, docs/auth.md "Account"). Messages are catalogue keys, translated by the
// server's error handler and by the settings form alike.
export const ACCOUNT_MESSAGES = {
  nameLength: 'account.validation.nameLength',
  nameCharacters: 'account.validation.nameCharacters',
  avatarHttps: 'account.validation.avatarHttps',
  avatarTooLong: 'account.validation.avatarTooLong',
  invalidFormat: 'auth.validation.invalidFormat',
  passwordRequired: 'auth.validation.passwordRequired',
  confirmRequired: 'account.validation.confirmRequired',
  preferenceRequired: 'account.validation.preferenceRequired',
} as const;
const M = ACCOUNT_MESSAGES;

export const DISPLAY_NAME_MAX_LENGTH = 50;
export const AVATAR_URL_MAX_LENGTH = 500;

/** A display name: trimmed, 1–50 characters (code points), one line; null clears it (the e-mail's name shows). */
export const DisplayNameSchema = z
  .string({ error: M.invalidFormat })
  .max(DISPLAY_NAME_MAX_LENGTH * 4, { error: M.nameLength, abort: true }) // cheap bound before the trim
  .trim()
  .refine((value) => [...value].length >= 1 && [...value].length <= DISPLAY_NAME_MAX_LENGTH, {
    error: M.nameLength,
    abort: true,
  })
  .refine(isSafeName, { error: M.nameCharacters })
  // The document states the real limit (code points after the trim), not the cheap bound above.
  .meta({ maxLength: DISPLAY_NAME_MAX_LENGTH });

/** An avatar picture: an absolute https:// URL (no javascript:, data: or plain http), at most 500 characters. */
export const AvatarUrlSchema = z
  .string({ error: M.invalidFormat })
  .trim()
  .max(AVATAR_URL_MAX_LENGTH, { error: M.avatarTooLong, abort: true })
  .refine(isHttpsUrl, { error: M.avatarHttps });

/** PATCH /api/me/profile: only the fields present change; null clears one. */
export const UpdateProfileBodySchema = z.strictObject({
  name: DisplayNameSchema.nullable().optional(),
  avatarUrl: AvatarUrlSchema.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;
export const UpdateProfileResponseSchema = z.object({ profile: ProfileSchema });

/**
 * GET/PUT /api/me/preferences: the account's display choices, applied when the user signs in on any browser. null = not
 * chosen on the account: the browser keeps its own (and the UI language's default colours).
 */
export const PreferencesSchema = z.object({
  language: z.enum(PREFERENCE_LANGUAGES).nullable(),
  theme: z.enum(THEMES).nullable(),
  priceColours: z.enum(PRICE_COLOURS).nullable(),
  numberStyle: z.enum(NUMBER_STYLES).nullable(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** A PUT changes only the fields it names (null clears one); at least one is required, and nothing else is allowed. */
export const UpdatePreferencesBodySchema = z
  .strictObject({
    language: z.enum(PREFERENCE_LANGUAGES, { error: M.invalidFormat }).nullable().optional(),
    theme: z.enum(THEMES, { error: M.invalidFormat }).nullable().optional(),
    priceColours: z.enum(PRICE_COLOURS, { error: M.invalidFormat }).nullable().optional(),
    numberStyle: z.enum(NUMBER_STYLES, { error: M.invalidFormat }).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: M.preferenceRequired });
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBodySchema>;

/**
 * POST /api/me/password. `currentPassword` is required when the account has a password (the server checks); an
 * OAuth-only account may set its first password without one.
 */
export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: z.string({ error: M.invalidFormat }).max(PASSWORD_MAX_LENGTH, { error: M.invalidFormat }).optional(),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
/** The answer re-issues this browser's session (every other session has ended): a new CSRF token comes with it. */
export const ChangePasswordResponseSchema = MeResponseSchema;

/** GET /api/me/providers: how this account signs in, and which providers this server offers. */
export const LinkedProvidersResponseSchema = z.object({
  email: z.string().nullable(),
  password: z.boolean(),
  linked: z.array(z.object({ provider: OAuthProviderSchema, linkedAt: z.string() })),
  enabled: z.array(OAuthProviderSchema),
});
export type LinkedProvidersResponse = z.infer<typeof LinkedProvidersResponseSchema>;

/** The word an account without an e-mail types to confirm its deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** DELETE /api/me: `confirm` is the account's e-mail (or DELETE when it has none); `password` when it has one. */
export const DeleteAccountBodySchema = z.strictObject({
  confirm: z
    .string({ error: M.confirmRequired })
    .min(1, { error: M.confirmRequired })
    .max(300, { error: M.invalidFormat }),
  password: z.string({ error: M.invalidFormat }).max(PASSWORD_MAX_LENGTH, { error: M.invalidFormat }).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;
