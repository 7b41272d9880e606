import { type FormEvent, useId } from 'react';
import { SearchIcon } from './icons.tsx';

export type SearchFormProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  label: string;
  placeholder: string;
  submitLabel: string;
  maxLength: number;
  className?: string;
};

/** A labelled search box with a submit button inside a <search> landmark. Presentational: texts come in as props. */
export function SearchForm({
  value,
  onChange,
  onSubmit,
  label,
  placeholder,
  submitLabel,
  maxLength,
  className,
}: SearchFormProps) {
  const id = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <search>
      <form onSubmit={handleSubmit} className={`flex gap-2 ${className ?? ''}`}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <div className="relative flex-1">
          <SearchIcon size={18} className="pointer-events-none absolute top-2.5 left-3 text-gray-500" />
          <input
            id={id}
            type="search"
            className="input w-full py-2.5 pl-10"
            placeholder={placeholder}
            value={value}
            maxLength={maxLength}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary">
          {submitLabel}
        </button>
      </form>
    </search>
  );
}
