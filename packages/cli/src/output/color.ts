/**
 * Colour only for a terminal: off when `NO_COLOR` is set (https://no-color.org), on when
 * `FORCE_COLOR` is, otherwise on exactly when the stream is a TTY (and TERM is not "dumb").
 * Unlike picocolors' default, a CI variable or a TTY stdout does not colour a piped stderr.
 */
export function shouldColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true && env.TERM !== "dumb";
}
