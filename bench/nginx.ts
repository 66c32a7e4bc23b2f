import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, type RunningServer, startCommand } from './server-process.ts';

/** Where the Debian package puts it (`apt-get install -y nginx`); root's PATH has it too. */
const NGINX = ['/usr/sbin/nginx', 'nginx'].find(
  (file) => spawnSync(file, ['-v']).error === undefined,
);

/**
 * nginx serving the page's exact bytes as a static file (`/page`, `Content-Encoding: br`), one
 * process (no master, one worker loop) on CPU 1 like the servers under test, with its access log
 * on as the app's is. For information (decision 097): how far a route is from a static file.
 * Undefined, with a line saying so, when nginx is not installed.
 */
export async function startNginx(pageBrotli: Buffer): Promise<RunningServer | undefined> {
  if (!NGINX) {
    console.log('nginx is not installed (apt-get install -y nginx): the nginx row is skipped.');
    return undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-nginx-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'page.br'), pageBrotli);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    location = /healthz { return 200 'ok'; }
    location = /page {
      default_type 'text/html; charset=utf-8';
      add_header Content-Encoding br;
      root ${dir};
      try_files /page.br =404;
    }
  }
}
`,
  );
  try {
    const server = await startCommand(
      NGINX,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      port,
    );
    return {
      ...server,
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
