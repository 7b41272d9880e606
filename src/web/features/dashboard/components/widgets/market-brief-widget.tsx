import { Link } from 'react-router';
import { formatDateTime } from '../../../../lib/format.ts';
import { useTranslation } from '../../../../lib/use-translation.ts';
import { useBriefWidget } from '../../api.ts';
import { WidgetEmpty, WidgetFailed, WidgetLoading } from './widget-states.tsx';

/** The market brief in the UI language, with who wrote it and the kind and age of its inputs. */
export function MarketBriefWidget() {
  const { t, i18n } = useTranslation('dashboard');
  const brief = useBriefWidget(i18n.language === 'en' ? 'en' : 'zh');
  if (brief.isPending) return <WidgetLoading />;
  if (brief.isError) return <WidgetFailed error={brief.error} />;
  const { segments, origin, model, inputs, generatedAt } = brief.data;
  const text = segments.map((s) => s.text).join('');
  return (
    <div className="space-y-2">
      {text.trim() === '' ? (
        <WidgetEmpty>{t('widgets.market_brief.empty')}</WidgetEmpty>
      ) : (
        <p className="text-sm leading-relaxed whitespace-pre-line">{text}</p>
      )}
      <p className="muted text-xs" data-source-line>
        {origin === 'model' && model ? t('widgets.market_brief.model', { model }) : t('widgets.market_brief.template')}
        {' · '}
        {formatDateTime(generatedAt)}
        {' · '}
        {inputs.asOf
          ? t('widgets.market_brief.inputs', {
              kind: t(`widgets.market_brief.kinds.${inputs.kind}`),
              date: formatDateTime(inputs.asOf),
            })
          : t('widgets.market_brief.inputsNone')}
      </p>
      <Link className="link text-sm" to="/analytics">
        {t('widgets.market_brief.open')}
      </Link>
    </div>
  );
}
