import './styles.css';
import { PAGE_STATE_ID } from './lib/page-state.ts';

/**
 * The app's entry. A server-rendered page is complete without script, so the browser paints it
 * before any of the app's code is fetched or run: the largest paint never waits for a download or
 * an evaluation (decision 060). After that first frame the page's modules are preloaded together
 * (the server lists them on the page state) and the app starts, then hydrates what is on screen.
 */
function start(): void {
  const state = document.getElementById(PAGE_STATE_ID);
  // A public page inlines only the rules its components use; the app's whole stylesheet follows
  // its first paint, for what hydration and the next screens show (decision 113).
  const stylesheet = state?.dataset.stylesheet;
  if (stylesheet) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet;
    document.head.append(link);
  }
  const modules = state?.dataset.modules;
  for (const href of modules ? modules.split(' ') : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./main.tsx');
}

// rAF runs just before the next frame is painted; the timeout runs once it has been. A page opened
// in a background tab paints no frame, so it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
