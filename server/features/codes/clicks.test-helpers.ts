import type { TestContext } from '../../test-support/test-app.ts';

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A well-formed code id that names no code. */
export const UNKNOWN_CODE_ID = '0190c5b2-0000-7000-8000-000000000000';

let ipCounter = 0;
/**
 * A fresh address on a fresh network (/24) per call, so one test's clicks and votes never count
 * against another's limit or network cap.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 8) & 255}.${ipCounter & 255}.1`;
}

export function click(ctx: TestContext, codeId: string, ip = nextIp(), userAgent = BROWSER_UA) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/codes/${codeId}/clicks`,
    remoteAddress: ip,
    headers: { origin: ctx.config.appOrigin, 'user-agent': userAgent },
  });
}

/** A new code of a new user, through the API; ids grow with each call (UUIDv7). */
export async function newCode(ctx: TestContext): Promise<string> {
  const user = await ctx.createUser();
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { service: 'uber', code: 'RIDE', reward: '5' },
  });
  return response.json().code.id;
}

/** A code's counter and its click events. */
export async function counts(ctx: TestContext, codeId: string) {
  const code = await ctx.database.db
    .selectFrom('codes')
    .select('clicks')
    .where('id', '=', codeId)
    .executeTakeFirstOrThrow();
  const events = await ctx.database.db
    .selectFrom('clicks')
    .select(['code_id', 'clicked_at', 'visitor_hash'])
    .where('code_id', '=', codeId)
    .execute();
  return { clicks: Number(code.clicks), events };
}
