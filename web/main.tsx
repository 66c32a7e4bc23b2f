import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { AppRoot, createQueryClient } from './app-root.tsx';
import { PAGE_STATE_ID } from './lib/page-state.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const queryClient = createQueryClient();
// A server-rendered page carries the data it was rendered from: the browser starts from the same
// cache, so it renders the same markup and asks the API nothing again.
const state = document.getElementById(PAGE_STATE_ID)?.textContent;
if (state) hydrate(queryClient, JSON.parse(state));

const app = (
  <AppRoot queryClient={queryClient}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </AppRoot>
);

// Public pages arrive rendered (hydrate them); the signed-in screens arrive as an empty shell.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
