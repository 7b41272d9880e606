import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded lazily by the sign-up form (React.lazy): zxcvbn-ts with its common-password dictionaries is ~400 kB raw, so
// it never weighs on the home page. The server's refusal of the 10,000 most common passwords is the rule; this meter
// is advice, shown as the user types.
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

const LEVELS = ['veryWeak', 'weak', 'fair', 'strong', 'veryStrong'] as const;
const COLOURS = ['bg-red-600', 'bg-orange-500', 'bg-yellow-500', 'bg-lime-600', 'bg-green-600'] as const;

/** A five-step strength bar with its label (and a <meter> for screen readers), for the password being chosen. */
export default function PasswordStrength({ password, userInputs }: { password: string; userInputs: string[] }) {
  const { t } = useTranslation('auth');
  const deferred = useDeferredValue(password);
  const score = useMemo(
    () => (deferred ? zxcvbn.check(deferred, userInputs.filter(Boolean)).score : undefined),
    [deferred, userInputs],
  );
  if (score === undefined) return null;
  const label = t(`strength.${LEVELS[score]}`);
  return (
    <div className="flex items-center gap-2 text-xs" data-testid="password-strength">
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
  );
}
