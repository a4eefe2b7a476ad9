import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createIdbPersister } from './data/query-persister';
import { KeylessRestore } from './features/keyless/keyless-restore';
import { createQueryClient, QUERY_MAX_AGE_MS } from './lib/query-client';
import { router } from './router';
import './styles/base.css';
import './styles/layout.css';
import './styles/cards.css';

const queryClient = createQueryClient();
const persistOptions = {
  persister: createIdbPersister(),
  maxAge: QUERY_MAX_AGE_MS,
  // A new release drops the saved cache, so old shapes never meet new code.
  buster: __APP_VERSION__,
};

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <KeylessRestore />
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>,
);
