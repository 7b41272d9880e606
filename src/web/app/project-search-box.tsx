import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_QUERY_TEXT } from '../../shared/api/projects.values.ts';
import { useSuggest } from '../features/search/api.ts';
import { SearchBox, type SearchBoxTexts } from '../features/search/components/search-box.tsx';
import { useDebouncedValue } from '../features/search/hooks/use-debounced-value.ts';
import { useTranslation } from '../lib/use-translation.ts';

const SUGGEST_DEBOUNCE_MS = 200;

type ProjectSearchBoxProps = {
  /** Label, placeholder and button; the suggestion texts are the app's own. */
  texts: Pick<SearchBoxTexts, 'label' | 'placeholder' | 'submit'>;
  size?: 'compact' | 'wide';
  className?: string;
  /** After a choice or a search (the mobile menu closes). */
  onDone?: () => void;
  /** Focus the input at once (the header's panel, opened to type into). */
  autoFocus?: boolean;
};

/**
 * The header's and the home page's search box: suggestions by name, symbol or alias as you type (以太 → 以太坊;
 * free, never counted), a chosen suggestion opens the project, Enter runs the full search on /search (counted).
 */
export function ProjectSearchBox({ texts, size, className, onDone, autoFocus }: ProjectSearchBoxProps) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const typed = useDebouncedValue(draft.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggest(typed);
  const finish = (to: string) => {
    setDraft('');
    onDone?.();
    void navigate(to);
  };
  return (
    <SearchBox
      value={draft}
      onChange={setDraft}
      onSubmit={(q) => finish(q ? `/search?q=${encodeURIComponent(q)}` : '/search')}
      suggestions={draft.trim() && typed ? (suggestions.data?.items ?? []) : []}
      onPick={(item) => finish(`/project/${encodeURIComponent(item.id)}`)}
      maxLength={MAX_QUERY_TEXT}
      texts={{
        ...texts,
        suggestions: t('projectSearch.suggestions'),
        heat: (value) => t('projectSearch.heat', { value }),
      }}
      size={size}
      className={className}
      autoFocus={autoFocus}
    />
  );
}
