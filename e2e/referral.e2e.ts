import { describe, expect, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { PASSWORD, signUp } from './support/accounts.ts';
import { open, trackPageErrors } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// An invite link travels from the inviter's task centre to a friend's sign-up: the friend's form says they were
// invited, the sign-up carries the code, and the inviter's card counts the friend. (The credit itself waits for the
// friend's e-mail verification, tested over HTTP in referral.routes.test.ts.)

const session = launchFileBrowser();

describe.each(['zh', 'en'] as const)('an invite link in %s', (lang) => {
  const c = lang === 'zh' ? zh : en;

  test('the friend signs up through the link and the inviter sees them counted', async () => {
    const inviterContext = await session.newContext({ lang });
    const inviter = await inviterContext.newPage();
    const errors = trackPageErrors(inviter);
    await signUp(inviter, c, `inviter-${lang}-${Date.now()}@example.com`);
    await open(inviter, '/tasks');
    const card = inviter.getByRole('region', { name: c.tasks.referral.title });
    const link = await card.getByLabel(c.tasks.referral.link).inputValue();
    expect(new URL(link).searchParams.get('mode')).toBe('signup');
    const code = new URL(link).searchParams.get('ref') ?? '';
    expect(code).not.toBe('');

    const friendContext = await session.newContext({ lang });
    const friend = await friendContext.newPage();
    await friend.goto(link);
    const form = friend.getByRole('form', { name: c.auth.form.signUpTitle });
    await form.getByText(c.auth.form.invited.replace('{{code}}', code)).waitFor();
    await friend.getByLabel(c.auth.form.email).fill(`friend-${lang}-${Date.now()}@example.com`);
    await friend.getByLabel(c.auth.form.password, { exact: true }).fill(PASSWORD);
    await friend.getByLabel(c.auth.form.confirmPassword).fill(PASSWORD);
    await friend.getByLabel(c.auth.form.terms).check();
    await form.getByRole('button', { name: c.auth.form.signUp }).click();
    await friend.getByRole('button', { name: c.auth.form.continue }).waitFor();

    await inviter.reload();
    const signedUp = card.getByRole('definition').first();
    await expect.poll(() => signedUp.textContent()).toBe('1');
    await session.screenshot(card, `referral-card-${lang}`);
    expect(errors).toEqual([]);
    await friendContext.close();
    await inviterContext.close();
  });
});
