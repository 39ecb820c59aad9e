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

/**
 * The columns a terminal gives `text`, a character as the reader sees it (a grapheme: `é` of
 * two code points, a family emoji joined of five) at a time: two for an East Asian wide or
 * fullwidth character and an emoji, none for a lone combining mark or zero-width character,
 * one for the rest (what `wcwidth` says of them), so a table's columns line up whatever script
 * a description is in.
 */
export function displayWidth(text: string): number {
  // Printable ASCII, nearly every cell, is a column a character (and ICU's segmenting grows faster than the text).
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const { segment } of GRAPHEMES.segment(text)) width += graphemeWidth(segment);
  return width;
}

/** `text` padded with spaces to `width` columns. */
export function padToWidth(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/** `text` cut to at most `max` columns, an ellipsis marking the cut (never inside a character). */
export function truncateToWidth(text: string, max: number): string {
  // Only the start is read: a description may be megabytes long.
  const start = text.slice(0, max * 4);
  if (start.length === text.length && displayWidth(text) <= max) return text;
  let kept = "";
  let width = 0;
  for (const { segment } of GRAPHEMES.segment(start)) {
    width += graphemeWidth(segment);
    if (width > max - 1) break;
    kept += segment;
  }
  return kept + "…";
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** A joined emoji (a zero-width joiner) or one asked for as an emoji (U+FE0F) is two columns, as a wide first character is. */
function graphemeWidth(grapheme: string): number {
  const first = String.fromCodePoint(grapheme.codePointAt(0)!);
  if (ZERO_WIDTH.test(first)) return 0;
  return WIDE.test(first) || grapheme.includes("\u200d") || grapheme.includes("\ufe0f") ? 2 : 1;
}

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200d\u2060\ufeff]$/u;
const WIDE = /^[\u1100-\u115f\u231a\u231b\u2329\u232a\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615\u2648-\u2653\u267f\u2693\u26a1\u26aa\u26ab\u26bd\u26be\u26c4\u26c5\u26ce\u26d4\u26ea\u26f2\u26f3\u26f5\u26fa\u26fd\u2705\u270a\u270b\u2728\u274c\u274e\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{16fe0}-\u{1b2ff}\u{1f004}\u{1f0cf}\u{1f18e}\u{1f191}-\u{1f19a}\u{1f1e6}-\u{1f1ff}\u{1f200}-\u{1f251}\u{1f300}-\u{1f320}\u{1f32d}-\u{1f335}\u{1f337}-\u{1f37c}\u{1f37e}-\u{1f393}\u{1f3a0}-\u{1f3ca}\u{1f3cf}-\u{1f3d3}\u{1f3e0}-\u{1f3f0}\u{1f3f4}\u{1f3f8}-\u{1f43e}\u{1f440}\u{1f442}-\u{1f4fc}\u{1f4ff}-\u{1f53d}\u{1f54b}-\u{1f54e}\u{1f550}-\u{1f567}\u{1f57a}\u{1f595}\u{1f596}\u{1f5a4}\u{1f5fb}-\u{1f64f}\u{1f680}-\u{1f6c5}\u{1f6cc}\u{1f6d0}-\u{1f6d2}\u{1f6d5}-\u{1f6d7}\u{1f6dc}-\u{1f6df}\u{1f6eb}\u{1f6ec}\u{1f6f4}-\u{1f6fc}\u{1f7e0}-\u{1f7eb}\u{1f7f0}\u{1f90c}-\u{1f93a}\u{1f93c}-\u{1f945}\u{1f947}-\u{1f9ff}\u{1fa70}-\u{1faff}\u{20000}-\u{2fffd}\u{30000}-\u{3fffd}]$/u;
