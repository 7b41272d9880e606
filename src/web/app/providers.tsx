import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useState } from 'react';
import { createQueryPersister, PERSIST_MAX_AGE_MS, restoredCopy, shouldPersist } from '../lib/query-persister.ts';

// A new build may change a response's shape: its cache starts empty rather than restore the old build's data.
const CACHE_BUSTER = import.meta.env.VITE_BUILD_ID ?? import.meta.env.MODE;

/** The app's query cache (created by main.tsx, which fills what the first render waits for before it renders). */
export function Providers({ client: queryClient, children }: { client: QueryClient; children: ReactNode }) {
  const [persister] = useState(createQueryPersister);
  return (
    <>
      {persister ? (
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={{
            persister,
            maxAge: PERSIST_MAX_AGE_MS,
            buster: CACHE_BUSTER,
            dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
          }}
          // The restored copy paints at once; online, the server's answer replaces it straight away (a reload shows
          // what changed since, not a copy up to five minutes old). Offline the refetch waits for the network.
          onSuccess={() =>
            void queryClient
              .invalidateQueries({ predicate: restoredCopy(performance.timeOrigin), refetchType: 'active' })
              .catch(() => {})
          }
        >
          {children}
        </PersistQueryClientProvider>
      ) : (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      )}
    </>
  );
}
