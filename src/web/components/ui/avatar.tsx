import { isHttpsUrl } from '../../../shared/api/account.values.ts';

type AvatarProps = { url: string | null | undefined; name: string; size?: 'sm' | 'lg'; alt?: string };

const SIZES = { sm: 'size-7 text-xs', lg: 'size-20 text-2xl' } as const;

/**
 * The user's picture, or the first letter of the name on a coloured disc. Only an https:// address is loaded (a
 * provider's or the user's own): anything else, or a picture that fails to load, shows the letter.
 */
export function Avatar({ url, name, size = 'sm', alt = '' }: AvatarProps) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  const box = `${SIZES[size]} shrink-0 rounded-full`;
  if (url && isHttpsUrl(url)) {
    return (
      <img
        src={url}
        alt={alt}
        referrerPolicy="no-referrer"
        className={`${box} bg-gray-200 object-cover dark:bg-gray-700`}
        onError={(event) => {
          event.currentTarget.style.visibility = 'hidden';
        }}
      />
    );
  }
  const disc = `${box} flex items-center justify-center bg-brand-600 font-semibold text-white`;
  if (!alt) {
    // Decoration beside a visible name: the letter is drawn by CSS, not text, so the control around it keeps its
    // visible text equal to its accessible name (WCAG 2.5.3, axe label-content-name-mismatch).
    return <span aria-hidden="true" data-initial={initial} className={`${disc} before:content-[attr(data-initial)]`} />;
  }
  return (
    <span role="img" aria-label={alt} className={disc}>
      {initial}
    </span>
  );
}
