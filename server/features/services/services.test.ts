import { expect, it } from 'vitest';
import { SERVICE_CATALOGUE } from '../../../shared/service-catalogue.ts';
import { describeEachDatabase } from '../../test-support/test-app.ts';

describeEachDatabase('GET /api/services', (ctx) => {
  it('lists every seeded service by name, to anyone', async () => {
    const response = await ctx.request({ url: '/api/services' });
    expect(response.statusCode).toBe(200);
    const { services } = response.json() as {
      services: Array<{ id: string; name: string; domain: string }>;
    };
    expect(services).toHaveLength(SERVICE_CATALOGUE.length);
    expect(services).toContainEqual({
      id: 'uber',
      name: 'Uber',
      domain: 'uber.com',
      linkHosts: [],
    });
    const names = services.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
