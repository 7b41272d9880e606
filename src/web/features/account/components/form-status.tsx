/** A form's outcome: a success line (polite status) or an error (alert), one at a time. */
export function FormStatus({ success, error }: { success?: string | null; error?: string | null }) {
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  }
  return (
    <p role="status" className="min-h-5 text-sm text-green-700 dark:text-green-400">
      {success ?? ''}
    </p>
  );
}

/** A settings section: a card with its heading (the heading labels the region). */
export function SettingsSection({
  id,
  title,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  tone?: 'default' | 'danger';
}) {
  const border = tone === 'danger' ? 'border-red-300 dark:border-red-900' : '';
  return (
    <section aria-labelledby={id} className={`card flex flex-col gap-4 p-5 ${border}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
