/**
 * `npm start`: runs `npm run build` when any of its outputs is missing or older than its sources,
 * then starts the server (which migrates and seeds before it listens).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config.ts';
import { buildIsStale } from './build-freshness.ts';

const root = path.resolve(import.meta.dirname, '..');

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

if (buildIsStale(root)) {
  console.log('Building the web app…');
  // The same command as `npm run build`, so the two can never build different things.
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/main.ts');
