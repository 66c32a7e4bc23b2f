import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { renderInApp } from './render-page.tsx';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export const apiError = (status: number, code: string, message: string, extra = {}) =>
  json(status, { error: { code, message, ...extra } });

export const signedOut = () => apiError(401, 'unauthenticated', 'Authentication required');

/** Replaces fetch with `handler` and records every call. */
export function mockApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `element` at `path` inside a router and a fresh query client, with where it is. */
export function renderAt(path: string, element: ReactNode, routePath = '*') {
  return renderInApp(
    path,
    <>
      <Routes>
        <Route path={routePath} element={element} />
      </Routes>
      <Where />
    </>,
  );
}
