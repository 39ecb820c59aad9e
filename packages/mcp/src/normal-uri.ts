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
