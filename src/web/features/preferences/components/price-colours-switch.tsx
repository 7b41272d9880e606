import {
  PRICE_COLOURS,
  type PriceColours,
  resolvePriceColours,
  setPriceColours,
  usePriceColoursChoice,
} from '../../../lib/price-colours.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * Red up (红涨绿跌) or green up: a pair of buttons, each showing its own arrows in its own colours, so the choice reads
 * before it is made. `variant="card"` (settings) adds what each means; the footer's is compact.
 */
export function PriceColoursSwitch({
  variant = 'compact',
  className = '',
}: {
  variant?: 'compact' | 'card';
  className?: string;
}) {
  const { t, i18n } = useTranslation('app');
  const effective = resolvePriceColours(usePriceColoursChoice(), i18n.language);
  return (
    <fieldset
      className={`${variant === 'card' ? 'space-y-2' : 'inline-flex flex-wrap items-center gap-2'} text-sm ${className}`}
      data-slot="price-colours"
    >
      <legend
        className={variant === 'card' ? 'mb-2 text-sm font-medium' : 'float-left mr-2 text-gray-600 dark:text-gray-400'}
      >
        {t('priceColours.label')}
      </legend>
      <span className="inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700">
        {PRICE_COLOURS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === effective}
            title={t(option === 'red-up' ? 'priceColours.redUpHint' : 'priceColours.greenUpHint')}
            onClick={() => setPriceColours(option)}
            className={`rounded-md px-2 py-0.5 text-xs font-semibold ${
              option === effective ? 'bg-gray-200 ring-1 ring-brand-600 dark:bg-gray-800' : ''
            }`}
          >
            <Swatch option={option} />
            <span className="ml-1 text-gray-800 dark:text-gray-200">{t(`priceColours.${option}`)}</span>
          </button>
        ))}
      </span>
      {variant === 'card' && (
        <p className="muted text-xs">
          {t(effective === 'red-up' ? 'priceColours.redUpHint' : 'priceColours.greenUpHint')}
        </p>
      )}
    </fieldset>
  );
}

/** ▲ and ▼ in the option's own colours (fixed, not the current preference's: the button previews its choice). */
function Swatch({ option }: { option: PriceColours }) {
  const up = option === 'red-up' ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400';
  const down = option === 'red-up' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400';
  return (
    <span aria-hidden="true">
      <span className={up}>▲</span>
      <span className={down}>▼</span>
    </span>
  );
}
