import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** /api routes of the services feature. */
export async function servicesRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
