import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';

async function addCode(ctx: TestContext, user: TestUser, body: Record<string, unknown>) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { reward: '10', listed: true, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code as { id: string; listing: unknown };
}

async function serviceIds(ctx: TestContext, service: string): Promise<string[]> {
  const answer = await ctx.request({ url: `/api/services/${service}/codes` });
  return answer.json().codes.map((c: { id: string }) => c.id);
}

async function directoryCount(ctx: TestContext, service: string): Promise<number> {
  const { services } = (await ctx.request({ url: '/api/services/directory' })).json();
  return services.find((s: { id: string }) => s.id === service)?.codes ?? 0;
}

async function ownListing(ctx: TestContext, user: TestUser, codeId: string) {
  const { codes } = (await ctx.request({ url: '/api/codes', cookie: user.cookie })).json();
  return codes.find((c: { id: string }) => c.id === codeId).listing;
}

function putHosts(ctx: TestContext, cookie: string, service: string, hosts: unknown) {
  return ctx.request({
    method: 'PUT',
    url: `/api/admin/services/${service}/link-hosts`,
    cookie,
    body: { hosts },
  });
}

describeEachDatabase(
  'listing eligibility: links that belong to their service (decision 094)',
  (ctx) => {
    it('keeps a code whose link is outside the service domain off its page until an admin allows the host', async () => {
      const owner = await ctx.createUser();
      const away = await addCode(ctx, owner, {
        service: 'uber',
        code: 'AWAY',
        link: 'https://sho.rt/abc',
      });
      expect(away.listing).toEqual({ listed: false, reason: 'link_host' });
      const other = await ctx.createUser();
      const sub = await addCode(ctx, other, {
        service: 'uber',
        code: 'SUB',
        link: 'https://m.uber.com/invite/x',
      });
      const third = await ctx.createUser();
      const none = await addCode(ctx, third, { service: 'uber', code: 'NONE' });
      const fourth = await ctx.createUser();
      const note = await addCode(ctx, fourth, { service: 'uber', code: 'NOTE', link: 'uber.com' });
      const fifth = await ctx.createUser();
      const lookalike = await addCode(ctx, fifth, {
        service: 'uber',
        code: 'LOOK',
        link: 'https://evil-uber.com/x',
      });
      expect(sub.listing).toEqual({ listed: true });
      expect(none.listing).toEqual({ listed: true });
      expect(note.listing).toEqual({ listed: false, reason: 'link_host' });
      expect(lookalike.listing).toEqual({ listed: false, reason: 'link_host' });
      expect((await serviceIds(ctx, 'uber')).sort()).toEqual([sub.id, none.id].sort());
      expect(await directoryCount(ctx, 'uber')).toBe(2);
      const page = await ctx.request({ url: '/s/uber' });
      expect(page.body).not.toContain('AWAY');
      expect(page.body).toContain('SUB');
      // The owner's profile shows any http(s) link.
      const profile = (await ctx.request({ url: `/api/profiles/${owner.username}` })).json();
      expect(profile.codes.map((c: { code: string }) => c.code)).toEqual(['AWAY']);

      const admin = await ctx.createUser({ admin: true });
      const saved = await putHosts(ctx, admin.cookie, 'uber', ['SHO.RT', 'sho.rt']);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ hosts: ['sho.rt'] });
      expect(await serviceIds(ctx, 'uber')).toContain(away.id);
      expect(await directoryCount(ctx, 'uber')).toBe(3);
      expect(await ownListing(ctx, owner, away.id)).toEqual({ listed: true });
      expect((await ctx.request({ url: '/s/uber' })).body).toContain('AWAY');
      const services = (await ctx.request({ url: '/api/services' })).json().services;
      expect(services.find((s: { id: string }) => s.id === 'uber').linkHosts).toEqual(['sho.rt']);
      const read = await ctx.request({
        url: '/api/admin/services/uber/link-hosts',
        cookie: admin.cookie,
      });
      expect(read.json()).toEqual({ hosts: ['sho.rt'] });
    });

    it("shows an owner's newest code that qualifies when their newer one does not", async () => {
      const owner = await ctx.createUser();
      const older = await addCode(ctx, owner, { service: 'lyft', code: 'OLD' });
      await addCode(ctx, owner, {
        service: 'lyft',
        code: 'NEW',
        link: 'https://elsewhere.example/',
      });
      expect(await serviceIds(ctx, 'lyft')).toEqual([older.id]);
    });

    it('lets only admins read and replace the hosts, with the domain rules', async () => {
      const user = await ctx.createUser();
      const admin = await ctx.createUser({ admin: true });
      expect((await putHosts(ctx, admin.cookie, 'lime', ['sho.rt'])).statusCode).toBe(200);
      const visitor = await ctx.request({
        method: 'PUT',
        url: '/api/admin/services/uber/link-hosts',
        body: { hosts: [] },
      });
      expect(visitor.statusCode).toBe(401);
      const denied = await putHosts(ctx, user.cookie, 'uber', ['sho.rt']);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toBe('Only admins can update services');
      const deniedRead = await ctx.request({
        url: '/api/admin/services/uber/link-hosts',
        cookie: user.cookie,
      });
      expect(deniedRead.statusCode).toBe(403);
      expect(deniedRead.json().error.message).toBe('Only admins can view service settings');
      const unknown = await putHosts(ctx, admin.cookie, 'no-such-service', []);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe('Service not found');
      for (const [hosts, message] of [
        [['www.sho.rt'], "Please enter the domain without 'www.' (e.g., example.com)"],
        [['https://sho.rt'], 'Please enter only the domain (e.g., example.com)'],
        [['a..b'], 'Domain cannot contain consecutive dots'],
        [Array.from({ length: 21 }, (_, i) => `h${i}.example`), 'Allow at most 20 link hosts'],
        ['sho.rt', 'Link hosts must be a list of domains'],
      ] as const) {
        const refused = await putHosts(ctx, admin.cookie, 'lime', hosts);
        expect(refused.statusCode, JSON.stringify(hosts)).toBe(400);
        expect(refused.json().error.message).toBe(message);
      }
      // Refused input changes nothing.
      const read = await ctx.request({
        url: '/api/admin/services/lime/link-hosts',
        cookie: admin.cookie,
      });
      expect(read.json()).toEqual({ hosts: ['sho.rt'] });
    });
  },
);

describeEachDatabase(
  'listing eligibility: probation (decision 094)',
  (ctx) => {
    async function agedUser(days: number) {
      const user = await ctx.createUser();
      const createdAt = new Date(Date.now() - days * 86_400_000).toISOString();
      await ctx.database.db
        .updateTable('users')
        .set({ created_at: createdAt })
        .where('id', '=', user.id)
        .execute();
      return { user, createdAt };
    }

    it("does not list a 2-day-old account's code, and lists a 4-day-old one's", async () => {
      const { user: young, createdAt } = await agedUser(2);
      const code = await addCode(ctx, young, { service: 'bolt', code: 'YOUNG' });
      const created = new Date(createdAt);
      const day = Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate());
      const from = new Date(day + 4 * 86_400_000).toISOString().slice(0, 10);
      expect(code.listing).toEqual({ listed: false, reason: 'probation', until: from });
      const me = (await ctx.request({ url: '/api/me', cookie: young.cookie })).json();
      expect(me.listingFrom).toBe(from);
      const { user: settled } = await agedUser(4);
      const listed = await addCode(ctx, settled, { service: 'bolt', code: 'SETTLED' });
      expect(listed.listing).toEqual({ listed: true });
      expect(await serviceIds(ctx, 'bolt')).toEqual([listed.id]);
      expect(await directoryCount(ctx, 'bolt')).toBe(1);
      // The young account's profile shows its code now.
      const profile = (await ctx.request({ url: `/api/profiles/${young.username}` })).json();
      expect(profile.codes.map((c: { code: string }) => c.code)).toEqual(['YOUNG']);
    });
  },
  { env: { LISTING_PROBATION_DAYS: '3' } },
);
