/**
 * `build(key)` run once per key and kept while the key lives (a WeakMap): a query compiled once
 * per database, a session looked up once per request.
 */
export function oncePer<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    if (cache.has(key)) return cache.get(key) as V;
    const value = build(key);
    cache.set(key, value);
    return value;
  };
}
