// A citation's jump: scroll the cited row (or card) into view and mark it for a moment, so the eye finds it.

const HIGHLIGHT = ['ring-2', 'ring-amber-400', 'bg-amber-50', 'dark:bg-amber-900/30'];
const HIGHLIGHT_MS = 2_000;

/**
 * Scrolls to the element with this id and highlights its row or card for two seconds. Returns false when the page
 * has no such element (yet): the caller then lets the link do what links do.
 */
export function scrollToAnchor(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
  const marked = target.closest<HTMLElement>('tr, section') ?? target;
  marked.classList.add(...HIGHLIGHT);
  marked.setAttribute('data-cited', '');
  window.setTimeout(() => {
    marked.classList.remove(...HIGHLIGHT);
    marked.removeAttribute('data-cited');
  }, HIGHLIGHT_MS);
  return true;
}
