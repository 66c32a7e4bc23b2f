import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGETS,
  type BuiltChunk,
  firstLoad,
  ROUTE_PAGES,
  type RouteLoad,
} from './build/route-bundles.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Loaded only on demand: a visitor who never copies or opens a QR code never downloads them. */
const ON_DEMAND = /node_modules\/(canvas-confetti|qrcode)\//;
/** The form library: only the screens with forms (sign-in, dashboard, admin) load it. */
const FORM_LIBRARY = /node_modules\/(react-hook-form|@hookform)\//;
/** The report dialog (issue 23): downloaded on the first click of 'Report'. */
const REPORT_DIALOG = /components\/moderation\/ReportDialog\.tsx$/;
/** The landing page's falling-logo overlay. */
const FALLING_LOGOS = /falling/i;

let loads: Map<string, RouteLoad>;

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    mode: 'production',
    root: path.join(root, 'web'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, outDir: path.join(os.tmpdir(), 'refstash-bundle-budget') },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = new Map<string, BuiltChunk>();
  let entry = '';
  const pageFiles = new Map<string, string>();
  for (const item of outputs.flatMap((output) => output.output)) {
    if (item.type !== 'chunk') continue;
    chunks.set(item.fileName, {
      file: item.fileName,
      code: item.code,
      imports: item.imports,
      modules: item.moduleIds,
    });
    if (item.isEntry) entry = item.fileName;
    if (item.facadeModuleId)
      pageFiles.set(path.relative(path.join(root, 'web'), item.facadeModuleId), item.fileName);
  }
  loads = new Map(
    ROUTE_PAGES.map(({ route, page }) => {
      const pageFile = pageFiles.get(page);
      if (!pageFile) throw new Error(`${page} is not its own chunk`);
      return [route, firstLoad(chunks, entry, pageFile, route)];
    }),
  );
}, 120_000);

describe('front-end budget', () => {
  it('sees the bundled modules (the checks below can fail)', () => {
    const profile = loads.get('/:username')!;
    expect(profile.modules.some((id) => id.includes('node_modules/react-dom/'))).toBe(true);
    expect(profile.gzipBytes).toBeGreaterThan(10_000);
  });

  for (const [route, budget] of Object.entries(BUDGETS)) {
    it(`${route} loads at most ${budget / 1000} kB of JavaScript (brotli) before it is interactive`, () => {
      expect(loads.get(route)!.brotliBytes).toBeLessThanOrEqual(budget);
    });
  }

  it('no route loads canvas-confetti or qrcode up front', () => {
    for (const load of loads.values()) {
      expect(
        load.modules.filter((id) => ON_DEMAND.test(id)),
        load.route,
      ).toEqual([]);
    }
  });

  it('the public profile does not load the falling-logo overlay', () => {
    const profile = loads.get('/:username')!;
    expect(profile.modules.filter((id) => FALLING_LOGOS.test(id))).toEqual([]);
  });

  it('the landing page and the public profile do not load the form library', () => {
    // The check can fail: the dashboard does load it.
    expect(loads.get('/dashboard')!.modules.some((id) => FORM_LIBRARY.test(id))).toBe(true);
    for (const route of ['/', '/:username']) {
      expect(
        loads.get(route)!.modules.filter((id) => FORM_LIBRARY.test(id)),
        route,
      ).toEqual([]);
    }
  });

  it("the public profile carries the 'Report' button but not its dialog", () => {
    const modules = loads.get('/:username')!.modules;
    // The check can fail: the button that loads the dialog is there.
    expect(modules.some((id) => id.endsWith('components/moderation/ReportButton.tsx'))).toBe(true);
    expect(modules.filter((id) => REPORT_DIALOG.test(id))).toEqual([]);
  });
});
