import { z } from 'zod';
import { SavedQuerySchema } from './saved-searches.schema.ts';
import { NOTE_BODY_MAX } from './team-sharing.values.ts';
import { WatchlistDetailSchema, WatchlistSummarySchema } from './watchlists.schema.ts';

// HTTP contracts of what a team shares: watchlists and saved searches shared with the author's
// team, and the team's notes on a project. Reads are scoped by the caller's one team; another team's ids answer 404.

/** A project's notes per team: enough for a research thread, small enough to list on the project page at once. */
export const NOTES_PER_PROJECT_PER_TEAM = 200;

export const ShareBodySchema = z.object({ shared: z.boolean() }).strict();
export const ShareResponseSchema = z.object({ id: z.string(), shared: z.boolean() });
export type ShareResponse = z.infer<typeof ShareResponseSchema>;

export const TeamRefSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(['owner', 'member']) });
export type TeamRef = z.infer<typeof TeamRefSchema>;

/** Who wrote or shared something: the profile name, else the e-mail (team members invite each other by e-mail). */
export const TeamAuthorSchema = z.object({ name: z.string().nullable(), isMe: z.boolean() });

/** canEdit: the caller is the author or the team's owner; every other member reads. */
const Shared = { author: TeamAuthorSchema, canEdit: z.boolean() };

export const TeamWatchlistSchema = WatchlistSummarySchema.extend(Shared);
export type TeamWatchlist = z.infer<typeof TeamWatchlistSchema>;
/** team null: the caller is in no team (nothing to see, no one else's data named). */
export const TeamWatchlistsResponseSchema = z.object({
  team: TeamRefSchema.nullable(),
  items: z.array(TeamWatchlistSchema),
});
export type TeamWatchlistsResponse = z.infer<typeof TeamWatchlistsResponseSchema>;
export const TeamWatchlistDetailSchema = WatchlistDetailSchema.extend(Shared);
export type TeamWatchlistDetail = z.infer<typeof TeamWatchlistDetailSchema>;

export const TeamSavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: SavedQuerySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  ...Shared,
});
export type TeamSavedSearch = z.infer<typeof TeamSavedSearchSchema>;
export const TeamSavedSearchesResponseSchema = z.object({
  team: TeamRefSchema.nullable(),
  items: z.array(TeamSavedSearchSchema),
});
export type TeamSavedSearchesResponse = z.infer<typeof TeamSavedSearchesResponseSchema>;

export const TeamItemIdParamsSchema = z.object({ id: z.uuid() });
export const TeamWatchlistItemParamsSchema = z.object({ id: z.uuid(), projectId: z.string().min(1).max(200) });

/** Stored as written (trimmed) and always shown as text: HTML is kept literally, never rendered. */
export const NoteBodySchema = z.object({ body: z.string().trim().min(1).max(NOTE_BODY_MAX) }).strict();
export type NoteBody = z.infer<typeof NoteBodySchema>;

export const ProjectNoteSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  body: z.string(),
  /** name null: the author's account was deleted (the note stays with the team). */
  author: TeamAuthorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type ProjectNote = z.infer<typeof ProjectNoteSchema>;

/** Newest first. team null: the caller is in no team, so there are no notes to see (items empty). */
export const ProjectNotesResponseSchema = z.object({
  projectId: z.string(),
  team: TeamRefSchema.nullable(),
  items: z.array(ProjectNoteSchema),
  limit: z.number().int(),
});
export type ProjectNotesResponse = z.infer<typeof ProjectNotesResponseSchema>;
