/** Sets an own data property; defined, not assigned, for `__proto__`, which stays a key as `JSON.parse` makes it and never becomes a prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
