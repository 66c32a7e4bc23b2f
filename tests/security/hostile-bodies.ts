import fc from 'fast-check';

/** Every field name a JSON endpoint reads, so generated bodies reach the validators. */
const FIELDS = [
  'email',
  'token',
  'username',
  'service',
  'code',
  'reward',
  'productName',
  'link',
  'notes',
  'displayName',
  'domain',
  'serviceId',
] as const;

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b@example.com',
  '\uFEFF\u202E\u200B',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '../../etc/passwd',
  '%00%2e%2e',
  '\uD800',
  '𝕏'.repeat(2000),
  'ＡＤＭＩＮ',
  ' ',
  '',
);

function nested(depth: number, open: string, close: string, leaf = '1'): string {
  return open.repeat(depth) + leaf + close.repeat(depth);
}

/** A hostile value: huge, deep, wrongly typed, unicode, NUL… */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  nasty,
  fc.integer({ min: 1000, max: 70_000 }).map((n) => 'x'.repeat(n)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
);

const objectBody = fc
  .record(
    Object.fromEntries(FIELDS.map((field) => [field, hostileValue])) as Record<
      (typeof FIELDS)[number],
      fc.Arbitrary<unknown>
    >,
    { requiredKeys: [] },
  )
  .map((body) => JSON.stringify(body));

/** `__proto__`, `constructor` and `prototype` keys, written as raw JSON (JSON.stringify drops them). */
const pollutingBody = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), objectBody)
  .map(([key, rest]) =>
    `{"${key}":{"isAdmin":true,"polluted":1,"prototype":{"polluted":1}},${rest.slice(1)}`.replace(
      ',}',
      '}',
    ),
  );

const deepBody = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom('array', 'object', 'field'))
  .map(([depth, shape]) =>
    shape === 'array'
      ? nested(depth, '[', ']')
      : shape === 'object'
        ? nested(depth, '{"a":', '}')
        : `{"email":${nested(depth, '[', ']', '"x@example.com"')}}`,
  );

/** Raw JSON request bodies an attacker might send to any endpoint. */
export const hostileBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: objectBody },
  { weight: 2, arbitrary: pollutingBody },
  { weight: 1, arbitrary: deepBody },
  { weight: 1, arbitrary: fc.anything().map((value) => JSON.stringify(value) ?? 'null') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
);
