import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../shared/session-hint.ts';

// As in a browser that has signed in before: the session check asks the (stubbed) API. Tests of
// the anonymous path clear the hint themselves.
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is what the app reads.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
});

afterEach(() => {
  cleanup();
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
});
