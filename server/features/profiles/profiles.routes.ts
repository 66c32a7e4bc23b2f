import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** /api routes of the profiles feature. */
export async function profilesRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
