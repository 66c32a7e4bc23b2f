import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../shared/session-hint.ts';

// Lazy routes load their chunk on first render; on a loaded 2-core CI machine that can take over
// the default 1 s. `findBy…`/`waitFor` return as soon as the element is there, so this only
// lengthens a wait that would otherwise fail.
configure({ asyncUtilTimeout: 5_000 });

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
