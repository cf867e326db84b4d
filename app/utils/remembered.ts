/** The value `memory` holds for `key`, worked out by `compute` and kept the first time it is asked for. */
export function remembered<K, V>(memory: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, compute: () => V): V {
  let value = memory.get(key);
  if (value === undefined) {
    value = compute();
    memory.set(key, value);
  }
  return value;
}
