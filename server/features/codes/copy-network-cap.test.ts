import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import {
  BROWSER_UA,
  click,
  counts,
  newCode,
  nextIp,
  UNKNOWN_CODE_ID,
} from './clicks.test-helpers.ts';

describeEachDatabase('copies one network cannot inflate (decision 093)', (ctx) => {
  it('counts at most 10 copies of a code an hour from one network, whatever the User-Agent', async () => {
    const code = await newCode(ctx);
    const other = await newCode(ctx);
    const ip = nextIp();
    const neighbour = ip.replace(/\.1$/, '.77');
    const answers = [];
    for (let i = 0; i < 15; i += 1) {
      const response = await click(ctx, code, i % 2 ? ip : neighbour, `${BROWSER_UA} v${i}`);
      expect(response.statusCode).toBe(202);
      answers.push(response.json().counted);
    }
    expect(answers.filter(Boolean)).toHaveLength(10);
    expect(answers.slice(10)).toEqual([false, false, false, false, false]);
    expect((await counts(ctx, code)).clicks).toBe(10);
    expect((await counts(ctx, code)).events).toHaveLength(10);
    // The cap is per code: the same network still counts another code, and another network this one.
    expect((await click(ctx, other, ip, `${BROWSER_UA} v99`)).json()).toEqual({ counted: true });
    expect((await click(ctx, code, nextIp())).json()).toEqual({ counted: true });
    expect((await counts(ctx, code)).clicks).toBe(11);
  });

  it('still answers 404 for an unknown code past the cap', async () => {
    const ip = nextIp();
    for (let i = 0; i < 12; i += 1) {
      expect((await click(ctx, UNKNOWN_CODE_ID, ip, `${BROWSER_UA} v${i}`)).statusCode).toBe(404);
    }
  });
});
