import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** A Node older than 24 with its npm on this machine (Debian's, which our machines keep at /usr/bin). */
function oldNode(): { dir: string; version: string } | undefined {
  if (!fs.existsSync('/usr/bin/npm')) return undefined;
  const result = spawnSync('/usr/bin/node', ['-p', 'process.versions.node']);
  const version = result.stdout?.toString().trim();
  if (result.status !== 0 || !version || Number(version.split('.')[0]) >= 24) return undefined;
  return { dir: '/usr/bin', version };
}

const old = oldNode();

describe.skipIf(!old)(
  old
    ? 'on Node older than 24'
    : 'on Node older than 24 (skipped: no such Node and npm in /usr/bin)',
  () => {
    const { dir, version } = old ?? { dir: '', version: '' };
    const env = { ...process.env, PATH: `${dir}:/bin`, npm_config_nodedir: '' };

    it('npm start stops at once with one line naming Node 24 and the version found', () => {
      const result = spawnSync('npm', ['start', '--silent'], { cwd: root, env, timeout: 20_000 });
      expect(result.status).toBe(1);
      expect(result.stdout.toString()).toBe('');
      expect(result.stderr.toString()).toBe(
        `Refstash needs Node.js 24 or later; this is Node.js ${version}.\n`,
      );
    });

    it('npm install stops before installing anything, naming Node 24 and the version found', () => {
      const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-old-node-'));
      try {
        for (const file of ['package.json', 'package-lock.json', '.npmrc'])
          fs.copyFileSync(path.join(root, file), path.join(clone, file));
        const result = spawnSync('npm', ['install', '--offline'], {
          cwd: clone,
          env,
          timeout: 20_000,
        });
        const output = result.stdout.toString() + result.stderr.toString();
        expect(result.status).toBe(1);
        expect(output).toContain('Required: {"node":">=24"}');
        expect(output).toContain(`"node":"v${version}"`);
        expect(output).not.toMatch(/^\s+at /m);
        expect(fs.existsSync(path.join(clone, 'node_modules'))).toBe(false);
      } finally {
        fs.rmSync(clone, { recursive: true, force: true });
      }
    });
  },
);
