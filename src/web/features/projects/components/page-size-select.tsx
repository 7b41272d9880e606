import { useId } from 'react';
import { DIRECTORY_PAGE_SIZES, type DirectoryPageSize } from '../../../../shared/api/projects.values.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Rows per page, 20 / 50 / 100 (the directory keeps it in its URL). */
export function PageSizeSelect({
  value,
  onChange,
}: {
  value: DirectoryPageSize;
  onChange: (size: DirectoryPageSize) => void;
}) {
  const { t } = useTranslation('directory');
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="muted">
        {t('pageSize.label')}
      </label>
      <select
        id={id}
        className="input py-1"
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as DirectoryPageSize)}
      >
        {DIRECTORY_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
