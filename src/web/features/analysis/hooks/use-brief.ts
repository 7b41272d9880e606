import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalysisLang } from '../../../../shared/api/analysis.schema.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { analysisKeys, type BriefTarget } from '../api.ts';
import { loadBrief } from '../brief-stream.ts';

/**
 * A brief in the UI language: streamed (`streamed` grows as the model writes), then the cited brief. Pass
 * `enabled: false` for a viewer who may not read it: the premium briefs are never requested for them.
 */
export function useBrief(target: BriefTarget, enabled = true) {
  const { i18n } = useTranslation();
  const lang: AnalysisLang = i18n.language === 'en' ? 'en' : 'zh';
  const [streamed, setStreamed] = useState('');
  const query = useQuery({
    queryKey: analysisKeys.brief(target, lang),
    queryFn: ({ signal }) => {
      setStreamed('');
      return loadBrief(target, { lang, signal, onDelta: (text) => setStreamed((before) => before + text) });
    },
    enabled,
  });
  return { query, streamed };
}
