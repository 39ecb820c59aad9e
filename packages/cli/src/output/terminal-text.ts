/**
 * Text from sources and dependencies (descriptions, titles) as a terminal should show it: a
 * control character (C0 but newline and tab, DEL, C1) or a bidirectional override written
 * as its `\u{…}` escape, so a package's description cannot clear the screen, set the window's
 * title, overwrite a line with a carriage return or reverse what follows.
 */
export function forTerminal(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

// eslint-disable-next-line no-control-regex -- these are the characters it escapes
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
