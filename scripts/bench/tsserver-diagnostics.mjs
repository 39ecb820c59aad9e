// What an editor waits for: a fresh tsserver (TypeScript's language server, spoken to over its
// own protocol as VS Code does) opens one file, and the time until its semantic diagnostics
// arrive is measured. The file's project is its tsconfig's: every source file, and the
// generated registry module when there is one.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/** Milliseconds from opening `file` in a new tsserver to its first semantic diagnostics (and how many there were). */
export function firstSemanticDiagnostics({ file, projectRoot, tsserver }) {
  const server = spawn(process.execPath, [tsserver, "--disableAutomaticTypingAcquisition", "--suppressDiagnosticEvents"], { stdio: ["pipe", "pipe", "ignore"] });
  let buffer = "";
  let seq = 0;
  const send = (command, args) => (server.stdin.write(`${JSON.stringify({ seq: ++seq, type: "request", command, arguments: args })}\n`), seq);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`tsserver sent no semantic diagnostics for ${file} within 120 s`)), 120_000);
    const finish = (error, value) => {
      clearTimeout(timer);
      server.kill();
      if (error) reject(error);
      else resolve(value);
    };
    server.once("error", finish);
    server.stdout.setEncoding("utf8").on("data", (chunk) => {
      buffer += chunk;
      // Messages come framed as `Content-Length: n\r\n\r\n{json}`.
      for (let match = /Content-Length: (\d+)\r\n\r\n/.exec(buffer); match; match = /Content-Length: (\d+)\r\n\r\n/.exec(buffer)) {
        const start = match.index + match[0].length;
        const body = Buffer.from(buffer.slice(start), "utf8");
        const length = Number(match[1]);
        if (body.length < length) return;
        const message = JSON.parse(body.subarray(0, length).toString("utf8"));
        buffer = body.subarray(length).toString("utf8");
        if (message.type === "response" && message.request_seq === asked) {
          if (message.success) finish(undefined, { ms: performance.now() - started, diagnostics: message.body.length });
          else finish(new Error(`tsserver: ${message.message}`));
        }
      }
    });
    const started = performance.now();
    send("open", { file, projectRootPath: projectRoot });
    const asked = send("semanticDiagnosticsSync", { file });
  });
}
