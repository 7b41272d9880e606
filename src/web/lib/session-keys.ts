// Query keys of the signed-in session, shared by the features that read or replace it (auth signs in and out,
// account changes the profile, ends sessions, deletes the account): one key, so every screen sees one session.
export const authKeys = {
  all: ['auth'] as const,
  me: () => ['auth', 'me'] as const,
  providers: () => ['auth', 'providers'] as const,
};
