/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then
 * starts the server (which migrates and seeds before it listens).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const sourceDirs = ['web', 'shared'].map((dir) => path.join(root, dir));
const sourceFiles = ['vite.config.ts', 'package.json'].map((file) => path.join(root, file));

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return [...sourceDirs, ...sourceFiles].some((source) => newestMtime(source) > builtAt);
}

// Fail on missing production settings before spending time on a build.
try {
  process.loadEnvFile('.env');
} catch {}
try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (buildIsStale()) {
  console.log('Building the web app…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/main.ts');
