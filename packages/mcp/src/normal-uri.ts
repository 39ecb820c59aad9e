/**
 * A URI by RFC 3986's syntax-based normalization (section 6.2.2): the scheme in lower case,
 * percent-encodings in upper case, unreserved characters decoded — so `notes://caf%c3%a9` and
 * `notes://caf%C3%A9`, one resource, are one subscription, and `config://%73ecret` is the
 * scoped `config://secret`, not a public `config://{key}` given "secret".
 */
export function normalUri(uri: string): string {
  const decoded = uri.replace(/%[0-9A-Fa-f]{2}/g, (encoding) => {
    const character = String.fromCharCode(Number.parseInt(encoding.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(character) ? character : encoding.toUpperCase();
  });
  return decoded.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, (scheme) => scheme.toLowerCase());
}

/**
 * The URI to read for one a client sent: the static URI of an entry that is the same in normal
 * form, as the application spelled it (`Settings://secret` for `settings://%73ecret`), else the
 * normal form itself — so a static URI always wins over a template that matches its spellings.
 */
export function uriToRead(uri: string, entries: ReadonlyArray<{ kind: string; uris?: readonly string[] }>): string {
  const normal = normalUri(uri);
  for (const entry of entries) {
    if (entry.kind !== "resource") continue;
    const spelled = entry.uris?.find((candidate) => !candidate.includes("{") && normalUri(candidate) === normal);
    if (spelled !== undefined) return spelled;
  }
  return normal;
}
