import { TEAM_INVITATION_TTL_DAYS } from '../../../shared/api/teams.schema.ts';
import { type Language, translate } from '../../../shared/locales/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { getAppUrl } from '../auth/auth.service.ts';

export type TeamMailDeps = { db: Db; config: Config; mailer: Mailer };

/** The join page's link of an invitation: what the e-mail carries (and e2e reads back from the outbox). */
export function invitationLink(config: Config, token: string): string {
  return `${getAppUrl(config)}/team/join?token=${encodeURIComponent(token)}`;
}

/**
 * The invitation e-mail (texts: locales/<lang>/teams.json mail.*). Sent to any address, account or not: the invitee
 * may sign up through the link. The token is marked secret, so the outbox keeps it only until the mail is delivered.
 */
export async function sendInvitationMail(
  deps: TeamMailDeps,
  mail: { to: string; token: string; teamName: string; inviterName: string; lang: Language },
): Promise<void> {
  const params = {
    team: mail.teamName,
    inviter: mail.inviterName,
    link: invitationLink(deps.config, mail.token),
    days: TEAM_INVITATION_TTL_DAYS,
  };
  await deps.mailer.send(deps.db, {
    to: mail.to,
    subject: translate(mail.lang, 'teams.mail.inviteSubject', params),
    text: translate(mail.lang, 'teams.mail.inviteText', params),
    secrets: [mail.token, encodeURIComponent(mail.token)],
  });
}
