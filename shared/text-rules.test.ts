import { describe, expect, it } from 'vitest';
import { notesSchema } from './admin-schemas.ts';
import { codeFormSchema } from './code-schemas.ts';
import { serviceNameSchema } from './service-request-schemas.ts';

const NUL_MESSAGE = 'This field contains characters that are not allowed';

const valid = { service: 'uber', code: 'ABC', reward: '10', productName: 'Ride', link: 'note' };

describe('NUL characters are refused by every free-text field', () => {
  it.each(['code', 'reward', 'productName', 'link'] as const)('code form: %s', (field) => {
    const result = codeFormSchema.safeParse({ ...valid, [field]: 'a\u0000b' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(NUL_MESSAGE);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('service request name and review notes', () => {
    expect(serviceNameSchema.safeParse('Acme\u0000Pay').error?.issues[0]?.message).toBe(
      NUL_MESSAGE,
    );
    expect(notesSchema.safeParse('ok\u0000').error?.issues[0]?.message).toBe(NUL_MESSAGE);
  });

  it('other unicode, including control characters PostgreSQL can store, is kept', () => {
    const result = codeFormSchema.safeParse({ ...valid, code: 'ÄBC\u0001✓' });
    expect(result.success).toBe(true);
    expect(result.data?.code).toBe('ÄBC\u0001✓');
  });
});
