/**
 * `npm run dev`: the API with --watch on API_PORT (3001) and the Vite dev server with hot
 * reload on PORT (3000), which proxies /api to it. Open http://localhost:3000.
 */
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = {
  ...process.env,
  APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
  API_PORT: apiPort,
};

const children = [
  spawn(process.execPath, ['--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...env, PORT: port } }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
