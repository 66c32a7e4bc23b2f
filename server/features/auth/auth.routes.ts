import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** /api routes of the auth feature. */
export async function authRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
