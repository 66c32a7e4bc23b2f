import { describe, expect, it } from 'vitest';
import { editRequestSchema } from './admin-schemas.ts';

const edit = (serviceId: string) =>
  editRequestSchema.safeParse({ serviceId, displayName: 'Acme', domain: 'acme.com' });

describe('the admin edit of a service id', () => {
  it('stores it lowercased and without whitespace', () => {
    expect(edit(' Acme Pay ').data?.serviceId).toBe('acmepay');
    expect(edit('Booking.com').data?.serviceId).toBe('booking.com');
  });

  it.each(['😀pay', 'café', '微信', '-acme', 'a/b', 'acme?x=1'])(
    'refuses %j, which /s/{id} would refuse',
    (serviceId) => {
      expect(edit(serviceId).error?.issues.map((issue) => issue.message)).toEqual([
        'Service ID may use only letters a to z, digits, dots, hyphens and underscores, and must start with a letter or digit',
      ]);
    },
  );
});
