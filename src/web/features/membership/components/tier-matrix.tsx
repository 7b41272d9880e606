import type { ReactNode } from 'react';
import {
  canUse,
  FEATURES,
  type Feature,
  MEMBERSHIP_LEVELS,
  MEMBERSHIP_QUOTAS,
  QUOTAS,
  TEAM_SEATS,
  UNLIMITED,
} from '../../../../shared/membership/level.ts';
import { CheckIcon, MinusIcon } from '../../../components/ui/icons.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

// Narrow padding on phones: the four level columns and the feature names fit 358 px without a sideways scroll.
const cell = 'px-1.5 py-2.5 text-center sm:px-4';

/** The features whose name alone does not say what a member gets: their row carries a plain-language line. */
const DESCRIBED = ['custom_dashboard', 'team_collaboration', 'priority_support', 'premium_data'] as const;
type DescribedFeature = (typeof DESCRIBED)[number];
const isDescribed = (feature: Feature): feature is DescribedFeature =>
  (DESCRIBED as readonly Feature[]).includes(feature);

/**
 * The spec's detailed feature matrix from shared/membership/level.ts, the one the server enforces: one row per
 * feature, a check per level that includes it; then what VIP's premium data is (docs/points.md "Premium data").
 */
export function TierMatrix() {
  const { t } = useTranslation('membership');
  return (
    <div className="min-w-0 space-y-4">
      <FeatureTable />
      <p className="muted text-sm leading-6" data-slot="history-note">
        {t('matrix.historyNote')}
      </p>
      <PremiumDataSection />
    </div>
  );
}

/** What VIP's premium data is: the two data sets the server serves only to vip (the /membership#premium-data target). */
function PremiumDataSection() {
  const { t } = useTranslation('membership');
  return (
    <section id="premium-data" aria-labelledby="premium-data-title" className="card p-5" data-slot="premium-data">
      <h3 id="premium-data-title" className="font-semibold">
        {t('premiumData.title')}
      </h3>
      <p className="muted mt-1 text-sm">{t('premiumData.intro')}</p>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium">{t('premiumData.fundingTitle')}</dt>
          <dd className="muted mt-0.5 leading-6">{t('premiumData.funding')}</dd>
        </div>
        <div>
          <dt className="font-medium">{t('premiumData.sourceTitle')}</dt>
          <dd className="muted mt-0.5 leading-6">{t('premiumData.source')}</dd>
        </div>
      </dl>
    </section>
  );
}

function FeatureTable() {
  const { t } = useTranslation('membership');
  return (
    <LevelTable id="tier-matrix" title={t('matrix.title')} caption={t('matrix.caption')} first={t('matrix.feature')}>
      {FEATURES.map((feature) => (
        <tr key={feature} data-feature={feature}>
          <th scope="row" className="py-2.5 pr-1.5 pl-3 text-left font-normal sm:px-4">
            {t(`features.${feature}`)}
            {isDescribed(feature) && (
              <span className="muted mt-0.5 block text-xs leading-5" data-slot="feature-description">
                {t(`featureDescriptions.${feature}`, { seats: TEAM_SEATS.vip })}
              </span>
            )}
          </th>
          {MEMBERSHIP_LEVELS.map((level) => (
            <td key={level} className={cell}>
              {canUse(level, feature) ? (
                <span className="inline-flex text-green-700 dark:text-green-400">
                  <CheckIcon size={18} />
                  <span className="sr-only">{t('matrix.included')}</span>
                </span>
              ) : (
                <span className="inline-flex text-gray-400 dark:text-gray-600">
                  <MinusIcon size={18} />
                  <span className="sr-only">{t('matrix.notIncluded')}</span>
                </span>
              )}
            </td>
          ))}
        </tr>
      ))}
    </LevelTable>
  );
}

/** Quotas per level (spec §6); -1 reads "unlimited", 0 "not available". */
export function QuotaTable() {
  const { t } = useTranslation('membership');
  return (
    <LevelTable id="quota-table" title={t('quotas.title')} caption={t('quotas.caption')} first={t('quotas.quota')}>
      {QUOTAS.map((quota) => (
        <tr key={quota}>
          <th scope="row" className="py-2.5 pr-1.5 pl-3 text-left font-normal sm:px-4">
            {t(`quotas.${quota}`)}
          </th>
          {MEMBERSHIP_LEVELS.map((level) => {
            const value = MEMBERSHIP_QUOTAS[level][quota];
            return (
              <td key={level} className={`${cell} tabular-nums`}>
                {value === UNLIMITED ? (
                  t('quotas.unlimited')
                ) : value === 0 ? (
                  <span className="muted">{t('quotas.none')}</span>
                ) : (
                  formatInteger(value)
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </LevelTable>
  );
}

/** A titled table with one column per membership level; `children` are its body rows. */
function LevelTable(props: { id: string; title: string; caption: string; first: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="min-w-0 space-y-3">
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      <div className="card overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{props.caption}</caption>
          <LevelHead first={props.first} />
          <tbody className="divide-y divide-gray-100 dark:divide-gray-800">{props.children}</tbody>
        </table>
      </div>
    </section>
  );
}

function LevelHead({ first }: { first: string }) {
  const { t } = useTranslation('membership');
  return (
    <thead className="border-b border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <tr>
        <th scope="col" className="py-3 pr-1.5 pl-3 text-left font-medium sm:px-4">
          {first}
        </th>
        {MEMBERSHIP_LEVELS.map((level) => (
          <th key={level} scope="col" className={`${cell} font-semibold`}>
            {t(`levels.${level}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
