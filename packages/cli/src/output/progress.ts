import { shouldColor } from "./color.js";

/** Reports the phase a long command is in. */
export interface Progress {
  phase(text: string): void;
  /** Clears the indicator; call before printing results. */
  done(): void;
}

const SILENT: Progress = { phase: () => {}, done: () => {} };

/**
 * A one-line status on stderr (`toolgen: analyzing 512 files…`), rewritten in place and
 * cleared at the end. Only on a TTY: piped output and CI logs stay clean. The analysis is
 * synchronous, so the line names the phase rather than spinning.
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || process.env.TERM === "dumb") return SILENT;
  const dim = shouldColor(stream) ? (s: string) => `\x1b[2m${s}\x1b[22m` : (s: string) => s;
  let shown = false;
  return {
    phase(text) {
      stream.write(`\r\x1b[K${dim(`toolgen: ${text}…`)}`);
      shown = true;
    },
    done() {
      if (shown) stream.write("\r\x1b[K");
      shown = false;
    },
  };
}
