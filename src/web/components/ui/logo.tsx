import { useState } from 'react';

type LogoProps = { src: string | null; name: string; size?: number; alt?: string };

/**
 * Project or platform logo; falls back to the initial when there is no image or it fails to load (offline).
 * alt="" marks it decorative (the name is printed next to it).
 */
export function Logo({ src, name, size = 32, alt }: LogoProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    const className =
      'inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-400 to-brand-700 font-semibold text-white';
    const initial = name.trim().charAt(0).toUpperCase() || '?';
    const fallbackStyle = { ...style, fontSize: size * 0.45 };
    if (alt === '') {
      return (
        <span aria-hidden="true" style={fallbackStyle} className={className}>
          {initial}
        </span>
      );
    }
    return (
      <span role="img" aria-label={alt ?? name} style={fallbackStyle} className={className}>
        {initial}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt ?? name}
      style={style}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="shrink-0 rounded-full bg-gray-100 object-cover dark:bg-gray-800"
    />
  );
}
