import type { Plugin } from 'vite';

/**
 * React Router's DOM module builds `Form`, `NavLink`, `ScrollRestoration`… with un-annotated
 * `forwardRef(...)` calls and `X.displayName = …` assignments, which the bundler must keep as
 * possible side effects. Marking the calls pure and dropping the dev-only names lets unused
 * components (and the form/fetcher/scroll code behind them) fall out of the entry chunk
 * (about 1.4 KB gzip on every page).
 */
export function treeshakeReactRouter(): Plugin {
  return {
    name: 'refstash:treeshake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules\/react-router\/dist\/production\//.test(id)) return null;
      const out = code
        .replace(/\bReact\$1\.forwardRef\(/g, '/* @__PURE__ */ React$1.forwardRef(')
        .replace(/^\s*\w+\.displayName = "[^"]*";$/gm, '');
      return out === code ? null : { code: out, map: null };
    },
  };
}
