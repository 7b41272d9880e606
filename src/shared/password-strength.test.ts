import { describe, expect, test } from 'vitest';
import { isStrongEnough, MIN_PASSWORD_SCORE, scorePassword } from './password-strength.ts';

describe('scorePassword / isStrongEnough: the one rule of the meter and the server', () => {
  test.each(['aaaaaaaaaaaa', '123456789012', 'password1234', '111111111111', 'passwordpassword', 'qwertyuiopas'])(
    '%s is too weak',
    (password) => {
      expect(isStrongEnough(scorePassword(password))).toBe(false);
    },
  );

  test.each(['correct-horse-1', 'e2e-account-password-1', 'violet kettle drums at noon', '我的猫喜欢在窗台上晒太阳'])(
    '%s is strong enough',
    (password) => {
      expect(scorePassword(password)).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    },
  );

  test("the account's own e-mail counts against a password built on it", () => {
    const inputs = ['margaretthatcher@example.com'];

    expect(isStrongEnough(scorePassword('margaretthatcher1'))).toBe(true);
    expect(isStrongEnough(scorePassword('margaretthatcher1', inputs))).toBe(false);
  });
});
