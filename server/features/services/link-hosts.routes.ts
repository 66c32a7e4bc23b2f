import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LISTING_MESSAGES, linkHostsSchema } from '../../../shared/listing-rules.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { answers, jsonBody } from '../../http/route-schemas.ts';
import { serviceIdParam } from '../discovery/discovery.routes.ts';
import { readLinkHosts, writeLinkHosts } from './link-hosts.repository.ts';

const serviceNotFound = () => errors.notFound(LISTING_MESSAGES.serviceNotFound);
const params = z.object({ id: serviceIdParam });
const hostsAnswer = z.object({ hosts: z.array(z.string()) });

/**
 * The link hosts admins allow for a service besides its domain (decision 094): a code whose link
 * is on one of them may be listed on that service's page.
 */
export async function linkHostsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/services/:id/link-hosts',
    {
      config: {
        auth: { admin: LISTING_MESSAGES.onlyAdminsViewServices },
        notFound: serviceNotFound,
      },
      schema: {
        summary: "A service's allowed link hosts (admins)",
        params,
        response: answers({ 200: hostsAnswer }),
      },
    },
    async (request) => {
      const hosts = await readLinkHosts(db, request.params.id);
      if (!hosts) throw serviceNotFound();
      return { hosts };
    },
  );

  api.put(
    '/admin/services/:id/link-hosts',
    {
      config: {
        auth: { admin: LISTING_MESSAGES.onlyAdminsUpdateServices },
        notFound: serviceNotFound,
      },
      schema: {
        summary: "Replace a service's allowed link hosts (admins)",
        params,
        body: jsonBody(linkHostsSchema),
        response: answers({ 200: hostsAnswer }),
      },
    },
    async (request) => {
      const { hosts } = request.body;
      if (!(await writeLinkHosts(db, request.params.id, hosts))) throw serviceNotFound();
      return { hosts };
    },
  );
}
