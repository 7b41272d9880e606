import { z } from 'zod';
import { EmailSchema } from './auth.schema.ts';

// HTTP contracts of /api/team (vip team collaboration: the team, its seats and its invitations; docs/teams.md).

export const TEAM_NAME_MAX = 60;
/** How long an invitation link works. */
export const TEAM_INVITATION_TTL_DAYS = 7;
/** Pending invitations a team may have at once (a re-invite of the same address replaces its pending one). */
export const TEAM_PENDING_INVITATIONS_MAX = 20;
/** The longest token we ever issue is 43 characters; anything far longer is not one of ours. */
const TOKEN_MAX = 200;

export const TEAM_ROLES = ['owner', 'member'] as const;

// No control characters (NUL, line breaks, escapes): a team name is one line of plain text.
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const TeamName = z.string().trim().min(1).max(TEAM_NAME_MAX).regex(NO_CONTROL);

export const TeamNameBodySchema = z.object({ name: TeamName }).strict();
export type TeamNameBody = z.infer<typeof TeamNameBodySchema>;

export const InviteBodySchema = z.object({ email: EmailSchema }).strict();
export const AcceptInvitationBodySchema = z.object({ token: z.string().min(1).max(TOKEN_MAX) }).strict();
export const TransferBodySchema = z.object({ userId: z.uuid() }).strict();
export const InvitationIdParamsSchema = z.object({ id: z.uuid() });
export const MemberIdParamsSchema = z.object({ userId: z.uuid() });

export const TeamMemberSchema = z.object({
  userId: z.string(),
  /** The display name (the chosen one, else the e-mail's name). */
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** A pending invitation (never its token: only the e-mailed link holds it). */
export const TeamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

export const TeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The viewer's role. */
  role: z.enum(TEAM_ROLES),
  /** Owner first, then by joining time. */
  members: z.array(TeamMemberSchema),
  /**
   * used: members now (owner included); limit: the seats of the owner's current plan (0 once it lapsed below vip: the
   * team stays, nobody new can join until it is vip again).
   */
  seats: z.object({ used: z.number().int(), limit: z.number().int() }),
  /** False once the owner's plan lapsed below vip: invitations are refused and pending links cannot be accepted. */
  ownerPlanActive: z.boolean(),
  /** Pending invitations, for the owner only (members get []). */
  invitations: z.array(TeamInvitationSchema),
});
export type Team = z.infer<typeof TeamSchema>;

/** GET /api/team: my team, or null when I am in none (200 either way: "no team" is a state, not an error). */
export const MyTeamResponseSchema = z.object({
  team: TeamSchema.nullable(),
  /** Whether the viewer's level includes team collaboration (may create a team, and invite as its owner). */
  allowed: z.boolean(),
  /** Seats a vip team has (the owner included): what /team and /membership state. */
  vipSeats: z.number().int(),
});
export type MyTeamResponse = z.infer<typeof MyTeamResponseSchema>;

export const InvitationCreatedSchema = z.object({
  invitation: TeamInvitationSchema,
  /** True when a pending invitation to this address was replaced (its link stops working). */
  replaced: z.boolean(),
});
export type InvitationCreated = z.infer<typeof InvitationCreatedSchema>;
