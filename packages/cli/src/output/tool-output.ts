/**
 * Runs `work` (loading the tools' modules, a tool call) with whatever it writes to stdout — a
 * module's or a tool's `console.log` — sent to stderr instead: stdout carries the command's
 * own result (`toolgen call --json` prints the outcome object and nothing else; `toolgen serve`
 * over stdio the protocol), and debugging output must not corrupt it.
 */
export async function withToolOutputOnStderr<T>(work: () => Promise<T>): Promise<T> {
  const { stdout, stderr } = process;
  const write = stdout.write;
  stdout.write = stderr.write.bind(stderr) as typeof stdout.write;
  try {
    return await work();
  } finally {
    stdout.write = write;
  }
}
