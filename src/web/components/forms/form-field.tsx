import { useId } from 'react';

export type FormFieldProps = {
  label: string;
  name: string;
  type: 'email' | 'password' | 'text';
  value: string;
  error?: string;
  hint?: string;
  autoComplete: string;
  onChange: (value: string) => void;
};

/** A labelled input with its error (aria-invalid + aria-describedby), so screen readers and tests find both. */
export function FormField({ label, name, type, value, error, hint, autoComplete, onChange }: FormFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="input"
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="muted text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
