import type { LightMyRequestResponse } from 'fastify';
import { JSDOM } from 'jsdom';
import { expect } from 'vitest';
import type { TestContext, TestUser } from '../../test-support/test-app.ts';

/** A page as a crawler sees it: the HTML parsed, no script run. */
export function parsePage(response: LightMyRequestResponse): Document {
  return new JSDOM(response.body).window.document;
}

export function meta(document: Document, key: string): string | null {
  return (
    document.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ??
    document.querySelector(`meta[name="${key}"]`)?.getAttribute('content') ??
    null
  );
}

export async function addCode(
  ctx: TestContext,
  user: TestUser,
  body: Record<string, string | boolean>,
): Promise<{ id: string }> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body,
  });
  expect(response.statusCode).toBe(201);
  return response.json().code;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
