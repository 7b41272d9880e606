import { SearchIcon } from './icons.tsx';

type SearchFieldProps = {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  className?: string;
};

/** A list's filter box: a small visible label above a search input with its icon. Presentational: texts come in. */
export function SearchField({ id, label, placeholder, value, onChange, maxLength, className = '' }: SearchFieldProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="muted text-xs font-medium">
        {label}
      </label>
      <div className="relative">
        <SearchIcon size={16} className="pointer-events-none absolute top-2.5 left-3 text-gray-500" />
        <input
          id={id}
          type="search"
          className="input w-full pl-9"
          placeholder={placeholder}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
