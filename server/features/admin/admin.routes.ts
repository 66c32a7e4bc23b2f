import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** /api routes of the admin feature. */
export async function adminRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
