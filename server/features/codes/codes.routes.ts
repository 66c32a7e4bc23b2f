import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** /api routes of the codes feature. */
export async function codesRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
