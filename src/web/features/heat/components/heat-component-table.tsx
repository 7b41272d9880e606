import type { ProjectHeatResponse } from '../../../../shared/api/heat.schema.ts';
import type { BreakdownEntry } from '../../../../shared/scoring/types.ts';
import { MetricSource } from '../../../components/metric-source.tsx';
import { formatCompact, formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { componentLabelKey, formatPoints, formatRaw, formatWeight, groupBreakdown } from '../breakdown-view.ts';
import { CohortNote } from './cohort-note.tsx';

type Props = {
  breakdown: readonly BreakdownEntry[];
  /** The score the contributions sum to; null when the project is not scored (every contribution is 0). */
  score: number | null;
  caption?: string;
  sources?: ProjectHeatResponse['sources'];
  /** The total row's text when `score` is null (e.g. "No data" for a social score); "—" otherwise. */
  missingTotal?: string;
  /** Gives each row the id `<prefix><key>` (e.g. "breakdown-mentions7d"): the analysis brief's citations link there. */
  rowIdPrefix?: string;
  /** Each input's percentile in its sector and market-cap band, shown under its raw value. */
  cohorts?: ProjectHeatResponse['cohorts'];
  sectorLabel?: (category: string) => string;
};

/**
 * Every component of a score: its raw value, the value scaled to 0–1, its weight after renormalisation, and the points
 * it adds. A component without data says "no data" and adds nothing; adjustments (age, status, clamp) follow, and the
 * total row equals the score.
 */
export function HeatComponentTable({
  breakdown,
  score,
  caption,
  sources = {},
  rowIdPrefix,
  missingTotal,
  cohorts,
  sectorLabel = (c) => c,
}: Props) {
  const { t } = useTranslation('heat');
  const { components, adjustments } = groupBreakdown(breakdown);
  const label = (key: string) => {
    const { key: i18nKey, category } = componentLabelKey(key);
    return t(i18nKey as 'components.base', {
      category: category ? t(`categories.${category}` as 'categories.social') : '',
    });
  };
  const rowId = (key: string) => (rowIdPrefix ? `${rowIdPrefix}${key}` : undefined);
  const rawText = (e: BreakdownEntry) => {
    if (e.key === 'age') {
      return e.raw === null
        ? t('table.ageUnknown')
        : t('table.ageValue', { days: Math.floor(Number(e.raw)), factor: e.multiplier ?? 1 });
    }
    if (e.key === 'status' && typeof e.raw === 'string') return t(`status.${e.raw}` as 'status.active');
    // Not verified is a neutral fact (most entries are simply not reviewed), said in words, not a warning cross.
    if (e.key === 'verified') return e.raw ? '✓' : t('table.notVerified');
    return formatRaw(e);
  };

  return (
    // On a phone the table scrolls sideways inside its card: focusable (tabIndex) and named, so keyboard users can
    // scroll it too (axe scrollable-region-focusable).
    // min-w: on a phone the table scrolls inside its card rather than squeezing each label to a character a line.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="card overflow-x-auto p-0" aria-label={caption ?? t('table.caption')} tabIndex={0}>
      <table className="w-full min-w-[30rem] text-sm">
        <caption className="px-4 pt-3 text-left font-semibold">{caption ?? t('table.caption')}</caption>
        <thead className="muted text-xs">
          <tr>
            <th scope="col" className="px-4 py-2 text-left">
              {t('table.component')}
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {t('table.value')}
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {t('table.normalised')}
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              {t('table.weight')}
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              {t('table.contribution')}
            </th>
          </tr>
        </thead>
        <tbody>
          {components.map((e) => (
            <tr
              key={e.key}
              id={rowId(e.key)}
              className={`border-t border-gray-100 dark:border-gray-800 ${e.noData ? 'muted' : ''}`}
            >
              <th scope="row" className="px-4 py-1.5 text-left font-normal" data-component={e.key}>
                {label(e.key)}
                {/* Where and when the input came from: "As of 24 Nov 2026 · GDELT", or "Sample · as of …". */}
                <MetricSource source={sources[e.key]} variant="line" hasValue={!e.noData} />
              </th>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {e.noData ? (
                  <span className="rounded bg-gray-100 px-1.5 text-xs whitespace-nowrap dark:bg-gray-800">
                    {t('table.noData')}
                  </span>
                ) : (
                  <>
                    {rawText(e)}
                    {e.authors !== undefined && <AuthorsNote entry={e} />}
                    {cohorts && <CohortNote cohorts={cohorts} inputKey={e.key} sectorLabel={sectorLabel} />}
                  </>
                )}
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {e.normalised === null ? '—' : e.normalised.toFixed(2)}
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums" title={formatWeight(e.weight)}>
                {formatWeight(e.effectiveWeight)}
              </td>
              <td className="px-4 py-1.5 text-right tabular-nums">{formatPoints(e.contribution)}</td>
            </tr>
          ))}
          {adjustments.map((e) => (
            <tr key={e.key} id={rowId(e.key)} className="border-t border-gray-100 dark:border-gray-800">
              <th scope="row" className="px-4 py-1.5 text-left font-normal">
                {label(e.key)}
                {e.key === 'age' && <AgeWords entry={e} />}
              </th>
              <td className="px-2 py-1.5 text-right tabular-nums" colSpan={3}>
                {e.key === 'clamp' || e.key === 'base' || e.key === 'neutral' ? '' : rawText(e)}
              </td>
              <td className="px-4 py-1.5 text-right tabular-nums">{formatPoints(e.contribution)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-gray-200 font-semibold dark:border-gray-700">
            <th scope="row" className="px-4 py-2 text-left">
              {t('table.total')}
            </th>
            <td colSpan={3} />
            <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
              {score === null && missingTotal ? missingTotal : formatScore(score)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** The age factor in words: what this project's age does to its heat, and the whole rule. */
function AgeWords({ entry }: { entry: BreakdownEntry }) {
  const { t } = useTranslation('heat');
  const factor = entry.multiplier ?? 1;
  const days = entry.raw === null ? null : Math.floor(Number(entry.raw));
  const words =
    days === null
      ? t('table.ageWords.unknown')
      : factor > 1
        ? t('table.ageWords.new', { days })
        : factor < 1
          ? t('table.ageWords.older', { days, factor })
          : t('table.ageWords.neutral', { days });
  return (
    <span className="muted mt-0.5 block max-w-md text-xs leading-5 whitespace-normal" data-age-explained="">
      {words} {t('table.ageWords.schedule')}
    </span>
  );
}

/**
 * Under a mentions value whose source names its authors (Reddit): "42 posts · 31 authors", and when the distinct-authors
 * rule cut the count, what was scored instead ("scored as 6: at most 3 posts per author").
 */
function AuthorsNote({ entry }: { entry: BreakdownEntry }) {
  const { t } = useTranslation('heat');
  const posts = formatCompact(Number(entry.raw));
  const authors = formatCompact(entry.authors ?? 0);
  const cut = entry.effective !== undefined && entry.effective < Number(entry.raw);
  return (
    <span className="muted block text-xs whitespace-nowrap" data-reddit-authors="">
      {t('table.postsAuthors', { posts, authors })}
      {cut && <span className="block">{t('table.scoredAs', { n: formatCompact(entry.effective ?? 0) })}</span>}
    </span>
  );
}
