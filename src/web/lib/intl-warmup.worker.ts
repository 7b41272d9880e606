// Runs in a worker (lib/warm-intl.ts): builds one formatter of each kind the pages use, in both UI languages, so ICU
// loads its locale, calendar and number data here. ICU's caches are the browser process's, not this thread's: the
// page's own first formatter then costs well under a millisecond instead of tens on a phone.
const SAMPLE_TIME = 0;
for (const locale of ['zh-CN', 'en-US']) {
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(SAMPLE_TIME);
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(SAMPLE_TIME);
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1234.5);
  new Intl.PluralRules(locale).select(1);
  new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day');
}
self.close();
