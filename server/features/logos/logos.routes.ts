import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** /api routes of the logos feature. */
export async function logosRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
