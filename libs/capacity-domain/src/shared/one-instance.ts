/**
 * One instance per distinct value, made once: a large network repeats a handful of day lists, dispatch types and
 * costs across its routes, and while a new snapshot replaces the old one both are alive, so each repeat would be
 * memory and work for the collector. Shared values are only read, never changed.
 */
export function oneInstance<T>(byKey: Map<string, T>, key: string, make: () => T): T {
  let value = byKey.get(key);
  if (value === undefined) byKey.set(key, (value = make()));
  return value;
}
