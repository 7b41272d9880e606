import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useReportShareVisit } from '../api.ts';

/** The query parameter a share link carries its token in (the server's SHARE_PARAM). */
const SHARE_PARAM = 'share';

/**
 * On a page opened from a share link (?share=TOKEN): reports the visit once, then drops the parameter from the address
 * so a reload or a copied address does not carry someone else's link. Whether it counts is the server's decision.
 */
export function useShareVisit(): void {
  const [params, setParams] = useSearchParams();
  const token = params.get(SHARE_PARAM);
  const report = useReportShareVisit();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    report.mutate(token.slice(0, 200));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SHARE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [token, report, setParams]);
}
