/** A value kept per object (per store, per outbox): made on first use, dropped with the object. */
export function perObject<K extends object, V>(create: () => V): (owner: K) => V {
  const values = new WeakMap<K, V>();
  return (owner) => {
    let value = values.get(owner);
    if (value === undefined) values.set(owner, (value = create()));
    return value;
  };
}
