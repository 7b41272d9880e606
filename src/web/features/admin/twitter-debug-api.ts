import { useMutation } from '@tanstack/react-query';
import type { XDebugBody, XDebugResponseSchema } from '../../../shared/api/twitter-debug.schema.ts';
import { apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** POST /api/admin/twitter-debug: one X call through the pool (it counts on the serving account's daily usage). */
export const useTwitterDebug = () =>
  useMutation({
    mutationFn: (body: XDebugBody) =>
      apiSend<typeof XDebugResponseSchema>('POST', '/api/admin/twitter-debug', body, {
        query: { lang: currentLanguage() },
      }),
  });
