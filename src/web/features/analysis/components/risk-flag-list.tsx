import { Link } from 'react-router';
import type { AnalysisFact, RiskFlag } from '../../../../shared/api/analysis.schema.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatFactValue, formatRiskParams, isPageAnchor, missingParams } from '../analysis-view.ts';
import { CitationLink } from './citation-link.tsx';
import { useFactTitle, useSignalLabel } from './fact-source.tsx';

const SEVERITY_TONE: Record<RiskFlag['severity'], BadgeTone> = { low: 'gray', medium: 'yellow', high: 'red' };

type Flag = RiskFlag & { projectId?: string; name?: string };

/**
 * Risk flags: severity, the flag's name and its sentence with the numbers it rests on (their source and as-of in the
 * tooltip). A sector's flags each name their project.
 */
export function RiskFlagList({ flags, facts }: { flags: readonly Flag[]; facts: readonly AnalysisFact[] }) {
  const { t } = useTranslation('analysis');
  if (flags.length === 0) return <p className="muted text-sm">{t('risk.none')}</p>;
  return (
    <ul className="space-y-2 text-sm">
      {flags.map((flag) => (
        <RiskFlagItem key={`${flag.projectId ?? ''}-${flag.code}`} flag={flag} facts={facts} />
      ))}
    </ul>
  );
}

function RiskFlagItem({ flag, facts }: { flag: Flag; facts: readonly AnalysisFact[] }) {
  const { t } = useTranslation('analysis');
  const signalLabel = useSignalLabel();
  const factTitle = useFactTitle();
  /** "X (Twitter) followers" for a breakdown fact, "Heat" for the score; null for a fact without a page element. */
  const factLabel = (fact: AnalysisFact): string | null => {
    const breakdown = /(?:^|\.)breakdown\.([^.]+)\./.exec(fact.key);
    if (breakdown?.[1]) return signalLabel(breakdown[1]);
    return /(?:^|\.)heat\.score$/.test(fact.key) ? t('summary.heat') : null;
  };
  const params = formatRiskParams(flag.params, signalLabel);
  const template = t(`risk.texts.${flag.code}`, { skipInterpolation: true });
  // A text the flag's params cannot fill is left out rather than shown with holes; the flag's name still says it.
  const text = missingParams(template, params).length === 0 ? t(`risk.texts.${flag.code}`, params) : null;
  const flagFacts = flag.facts
    .map((key) => facts.find((fact) => fact.key === key))
    .filter((fact): fact is AnalysisFact => fact !== undefined);
  const sources = flagFacts.map(factTitle);
  // The numbers the flag rests on that live elsewhere on this page (a breakdown row, the scores card), as citations;
  // a sector's flags belong to member projects, whose rows are on their own pages.
  const linked = flagFacts.flatMap((fact) => {
    if (flag.projectId) return [];
    const label = factLabel(fact);
    return isPageAnchor(fact.anchor) && label ? [{ fact, anchor: fact.anchor, label }] : [];
  });
  return (
    <li
      className="min-w-0"
      data-risk-flag={flag.code}
      data-severity={flag.severity}
      title={sources.join('\n') || undefined}
    >
      <span className="mr-2 align-middle">
        <Badge tone={SEVERITY_TONE[flag.severity]}>{t(`risk.severity.${flag.severity}`)}</Badge>
      </span>
      {flag.projectId && flag.name && (
        <Link to={`/project/${encodeURIComponent(flag.projectId)}`} className="link font-medium">
          {t('risk.projectOf', { name: flag.name })}
        </Link>
      )}
      <span className="font-medium">{t(`risk.codes.${flag.code}`)}</span>
      {text && <span className="block">{text}</span>}
      {linked.length > 0 && (
        <span className="block text-xs">
          {linked.map(({ fact, anchor, label }, index) => (
            <span key={fact.key}>
              {index > 0 && ' · '}
              {label}{' '}
              <CitationLink href={`#${anchor}`} title={factTitle(fact)} factKey={fact.key}>
                {formatFactValue(fact)}
              </CitationLink>
            </span>
          ))}
        </span>
      )}
      {sources[0] && <span className="muted block text-xs">{sources[0]}</span>}
    </li>
  );
}
