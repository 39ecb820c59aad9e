/**
 * An error no call awaits (a throw in a tool's timer, a promise it left unhandled), as one
 * line: its message and the first place its stack names. Any value can be thrown — one with
 * no `toString` (`Object.create(null)`), one whose getters throw — and the message can hold
 * line breaks and terminal escapes: it never throws, and control characters become spaces.
 */
export function describeStrayError(error: unknown): string {
  let text: string;
  try {
    if (error instanceof Error) {
      const place = error.stack?.split("\n").find((line) => /^\s+at /.test(line));
      text = `${String(error.message)}${place ? ` (${place.trim()})` : ""}`;
    } else text = typeof error === "string" ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    text = "a value that cannot be printed";
  }
  // eslint-disable-next-line no-control-regex -- control characters are what a terminal line must not carry
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ");
}
