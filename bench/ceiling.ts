import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningServer, startProcess } from './server-process.ts';

/** The bodies the ceiling answers: each as large as the workload it is compared with. */
export interface CeilingBodies {
  /** A real profile's JSON, as `GET /api/profiles/:username` sends it. */
  profileJson: string;
  /** A real 20-code profile page, brotli, as `GET /:username` sends it to a browser. */
  pageBrotli: Buffer;
  /** A real first page of `GET /api/services/:id/codes` (20 of 1,000 listed codes). */
  serviceJson: string;
  /** The same service's page, brotli, as `GET /s/:id` sends it to a browser. */
  servicePageBrotli: Buffer;
}

/**
 * Starts the ceiling (`bench/ceiling-server.ts`) in its own process: `/ceiling/json` and
 * `/ceiling/page` answer the profile's bodies, `/ceiling/service-json` and `/ceiling/service-page`
 * the service page's, as constants.
 */
export async function startCeiling(bodies: CeilingBodies): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-ceiling-'));
  fs.writeFileSync(path.join(dir, 'profile.json'), bodies.profileJson);
  fs.writeFileSync(path.join(dir, 'page.br'), bodies.pageBrotli);
  fs.writeFileSync(path.join(dir, 'service.json'), bodies.serviceJson);
  fs.writeFileSync(path.join(dir, 'service-page.br'), bodies.servicePageBrotli);
  try {
    const server = await startProcess('bench/ceiling-server.ts', [dir], {});
    return {
      url: server.url,
      pid: server.pid,
      stop: async () => {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
