import { useDeferredValue, useMemo } from 'react';
import { isStrongEnough, scorePassword } from '../../../shared/password-strength.ts';
import { useTranslation } from '../../lib/use-translation.ts';

// Loaded lazily by the forms that choose a password (React.lazy): zxcvbn-ts with its dictionaries is ~400 kB raw, so
// it never weighs on the home page. The meter runs the server's own function (shared/password-strength.ts): what it
// calls too weak, the server refuses with the same words.

const LEVELS = ['veryWeak', 'weak', 'fair', 'strong', 'veryStrong'] as const;
const COLOURS = ['bg-red-600', 'bg-orange-500', 'bg-yellow-500', 'bg-lime-600', 'bg-green-600'] as const;

/** A five-step strength bar with its label (and a <meter> for screen readers), for the password being chosen. */
type Props = {
  password: string;
  userInputs: string[];
  /** The field shows the server's refusal already: the bar stays, the same words are not said twice. */
  quiet?: boolean;
};

export default function PasswordStrength({ password, userInputs, quiet = false }: Props) {
  const { t } = useTranslation('auth');
  const deferred = useDeferredValue(password);
  const score = useMemo(() => (deferred ? scorePassword(deferred, userInputs) : undefined), [deferred, userInputs]);
  if (score === undefined) return null;
  const label = t(`strength.${LEVELS[score]}`);
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="password-strength">
      <div className="flex items-center gap-2">
        <meter
          className="sr-only"
          min={0}
          max={4}
          value={score}
          aria-label={t('strength.label')}
          aria-valuetext={label}
        />
        <div aria-hidden="true" className="flex h-1.5 flex-1 gap-1">
          {LEVELS.map((level, index) => (
            <span
              key={level}
              className={`h-full flex-1 rounded ${index <= score ? COLOURS[score] : 'bg-gray-200 dark:bg-gray-700'}`}
            />
          ))}
        </div>
        <span className="muted whitespace-nowrap">
          {t('strength.label')}: {label}
        </span>
      </div>
      {!quiet && !isStrongEnough(score) && <p className="text-red-700 dark:text-red-400">{t('strength.tooWeak')}</p>}
    </div>
  );
}
