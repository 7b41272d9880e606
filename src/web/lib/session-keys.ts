// Query keys of the signed-in session: who the viewer is (auth), and their level and quota usage (membership). Many
// features read or refresh them (auth signs in and out, account edits the profile, a search or an export spends a
// quota, a payment moves the level), so they live here, below the features: one key, so every screen sees one session.
export const authKeys = {
  all: ['auth'] as const,
  me: () => ['auth', 'me'] as const,
  providers: () => ['auth', 'providers'] as const,
};

export const membershipKeys = {
  all: ['membership'] as const,
  usage: () => ['membership', 'usage'] as const,
};
