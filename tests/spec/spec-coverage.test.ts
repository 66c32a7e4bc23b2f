import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from './server-messages.ts';
import { type SPEC_LIMITS, SPEC_MESSAGES, type SpecMessage } from './spec-text.ts';

/**
 * Keeps the promise of tests/spec: every spec message is checked against a screen (component or
 * end-to-end test) and, where the server sends it, against the server (server-answers.test.ts);
 * every spec number is pinned as a literal by a named test; and the spec's words never come from
 * the code they check.
 */

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(relative, keep));
    else if (keep(relative)) out.push(relative);
  }
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const isTest = (file: string) => /\.(test|e2e|stress)\.tsx?$/.test(file);

/** A test's text plus that of the tests/spec tables it imports (the domain cases). */
function withSpecTables(text: string): string {
  const tables = [...text.matchAll(/from '(?:\.\.\/)+tests\/spec\/([\w-]+\.ts)'/g)]
    .map((match) => `tests/spec/${match[1]}`)
    .filter((file) => !file.endsWith('spec-text.ts'));
  return [text, ...tables.map(read)].join('\n');
}

/** Where a screen's words are checked: component tests and the browser tests. */
const screenTests = [
  ...filesUnder('web', (file) => /\.test\.tsx?$/.test(file)),
  ...filesUnder('tests/spec', (file) => file.endsWith('.test.tsx')),
  ...filesUnder('tests/e2e', (file) => file.endsWith('.e2e.ts')),
].map((file) => ({ file, text: withSpecTables(read(file)) }));

/** The spec messages only the server says: no screen shows them (the screen shows Access Denied). */
const SERVER_ONLY: readonly SpecMessage[] = [
  'onlyAdminsApprove',
  'onlyAdminsReject',
  'onlyAdminsUpdate',
];

/** A message "appears" in a test as literal text (in any quotes) or by its fixture key. */
function mentions(text: string, key: SpecMessage): boolean {
  const message = SPEC_MESSAGES[key];
  return (
    text.includes(`'${message.replaceAll("'", "\\'")}'`) ||
    text.includes(`"${message}"`) ||
    text.includes(`\`${message}\``) ||
    new RegExp(`\\bSPEC(_MESSAGES)?\\.${key}\\b`).test(text)
  );
}

describe("the spec's words are checked where users meet them", () => {
  const keys = Object.keys(SPEC_MESSAGES) as SpecMessage[];

  it.each(keys.filter((key) => !SERVER_ONLY.includes(key)))('%s: on a screen', (key) => {
    const where = screenTests.filter(({ text }) => mentions(text, key)).map(({ file }) => file);
    expect(where, `no component or e2e test shows '${SPEC_MESSAGES[key]}'`).not.toEqual([]);
  });

  it('every server-only message is in the server answers', () => {
    for (const key of SERVER_ONLY) expect(SERVER_MESSAGES).toContain(key);
  });
});

/**
 * Where each spec number is pinned, as a literal, by a test that does not import the production
 * constant. Reviewed by hand; the check below keeps the files honest as they change.
 */
const LIMIT_PROOFS: Record<keyof typeof SPEC_LIMITS, { file: string; literal: string }> = {
  usernameMin: { file: 'server/features/auth/usernames.test.ts', literal: "'ab'" },
  usernameMax: { file: 'server/features/auth/usernames.test.ts', literal: '20' },
  domainMax: { file: 'shared/service-request-schemas.test.ts', literal: '253' },
  domainPartMax: { file: 'shared/service-request-schemas.test.ts', literal: '63' },
  codeMax: { file: 'server/features/codes/codes.test.ts', literal: '100' },
  rewardMax: { file: 'server/features/codes/codes.test.ts', literal: '200' },
  productNameMax: { file: 'server/features/codes/codes.test.ts', literal: '100' },
  linkMax: { file: 'server/features/codes/codes.test.ts', literal: '2048' },
  notesMax: { file: 'server/features/admin/admin.test.ts', literal: '1000' },
  defaultLogoSize: { file: 'server/features/logos/logos.test.ts', literal: '400' },
  landingPreviewCodes: { file: 'server/features/profiles/profiles.test.ts', literal: '6' },
  landingPreviewLogoPx: { file: 'tests/e2e/landing.e2e.ts', literal: '64' },
  fallingLogos: { file: 'tests/e2e/landing.e2e.ts', literal: '13' },
  fallingLogoPx: { file: 'tests/e2e/landing.e2e.ts', literal: '80' },
  fallingLogoOpacity: { file: 'tests/e2e/landing.e2e.ts', literal: '0.9' },
  fallingSpeedMinPx: { file: 'web/features/landing/falling-logos-physics.test.ts', literal: '0.8' },
  fallingSpeedMaxPx: { file: 'web/features/landing/falling-logos-physics.test.ts', literal: '2.0' },
  fallingRotationStepDeg: {
    file: 'web/features/landing/falling-logos-physics.test.ts',
    literal: '0.3',
  },
  fallingTickMs: { file: 'web/features/landing/falling-logos-physics.test.ts', literal: '30' },
  fallingMinSpacingPx: {
    file: 'web/features/landing/falling-logos-physics.test.ts',
    literal: '100',
  },
  successBannerMs: { file: 'web/lib/use-timed-banner.test.tsx', literal: '2999' },
  copyPopupCloseMs: { file: 'web/components/codes/use-copy-code.test.tsx', literal: '1500' },
  confettiMs: { file: 'web/components/codes/confetti.test.ts', literal: '3000' },
  confettiPieces: { file: 'web/components/codes/confetti.test.ts', literal: '50' },
  copiedResetAfterConfettiMs: {
    file: 'web/components/codes/use-copy-code.test.tsx',
    literal: '3100',
  },
  adminCheckRouteMs: { file: 'web/features/admin/AdminPage.test.tsx', literal: '1999' },
  adminCheckNavMs: { file: 'web/components/layout/NavBar.test.tsx', literal: '3000' },
  qrWidthPx: { file: 'web/components/codes/CodeDetailDialog.test.tsx', literal: '240' },
  qrMargin: { file: 'web/components/codes/CodeDetailDialog.test.tsx', literal: 'margin' },
  qrDarkColour: { file: 'web/components/codes/CodeDetailDialog.test.tsx', literal: '#1f2937' },
  signInTokenMinutes: { file: 'server/features/auth/sign-in-tokens.test.ts', literal: '15' },
  signInWrongAddresses: { file: 'server/features/auth/sign-in-tokens.test.ts', literal: '5' },
  linkRequestsPerEmailMinute: {
    file: 'server/features/auth/sign-in-requests.test.ts',
    literal: '60',
  },
  linkRequestsPerEmailHour: { file: 'server/features/auth/sign-in-requests.test.ts', literal: '5' },
  linkRequestsPerIpHour: { file: 'server/features/auth/sign-in-requests.test.ts', literal: '20' },
  completionsPerIp15Minutes: {
    file: 'server/features/auth/sign-in-requests.test.ts',
    literal: '30',
  },
  sessionDays: { file: 'server/features/auth/sessions.test.ts', literal: '30' },
  clicksPerIpMinute: { file: 'server/features/codes/clicks.test.ts', literal: '60' },
  repeatClickMinutes: { file: 'server/features/codes/clicks.test.ts', literal: '30' },
  logoFetchTimeoutMs: { file: 'server/features/logos/logos.test.ts', literal: '3' },
  logoFetchMaxBytes: { file: 'server/features/logos/logos.test.ts', literal: '512' },
  logoFetchMaxRedirects: { file: 'server/features/logos/logos.test.ts', literal: '3 redirects' },
};

/** Production constants a test must not take its expectations from. */
const PRODUCTION_CONSTANTS =
  /\b(LIMITS|TIMINGS|CONFETTI_PIECES|QR_OPTIONS|DEFAULT_LOGO_SIZE|LANDING_PREVIEW_COUNT|AUTH_LIMITS|LOGO_FETCH_LIMITS|[A-Z_]+_MESSAGES|NUL_MESSAGE)\b/;

describe("the spec's numbers are pinned as literals", () => {
  it.each(Object.entries(LIMIT_PROOFS))('%s', (_key, { file, literal }) => {
    const text = read(file);
    expect(text).toMatch(new RegExp(`(^|[^\\w.])${escapeRegExp(literal)}($|[^\\w])`, 'm'));
    const imports = text
      .split('\n')
      .filter((line) => line.startsWith('import ') && !line.includes('tests/spec'));
    expect(imports.filter((line) => PRODUCTION_CONSTANTS.test(line))).toEqual([]);
  });
});

describe('the fixture stays apart from the code it checks', () => {
  it('imports nothing', () => {
    expect(read('tests/spec/spec-text.ts')).not.toMatch(/^\s*import\b/m);
  });

  it('is imported by no production module, and tests take no expected words from production', () => {
    const production = ['shared', 'server', 'web', 'scripts', 'bench'].flatMap((dir) =>
      filesUnder(dir, (file) => /\.tsx?$/.test(file) && !isTest(file)),
    );
    const importers = production.filter((file) => read(file).includes('tests/spec'));
    expect(importers).toEqual([]);
  });
});
