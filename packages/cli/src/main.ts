import { createRequire } from "node:module";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { isReportableError } from "./commands/usage-error.js";
import { forTerminal } from "./output/terminal-text.js";

// Commands are imported when they run: `toolgen call` and `serve` must not pay for loading
// the TypeScript compiler (ts-morph), which only the build-side commands need.

/** A repeatable option's values; an empty one is a scripting slip (`--host "$UNSET"`), not a name. */
const collect = (value: string, previous: string[] = []) => {
  if (value.trim() === "") throw new InvalidArgumentError("An empty value names nothing.");
  return [...previous, value];
};

/** Runs the CLI; returns the exit code: 0 fine, 1 diagnostics with errors, 2 usage or configuration. */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command("toolgen")
    .description("Turn annotated TypeScript functions into LLM tools: JSON Schema, a manifest and a typed registry.")
    .version(installedVersion(), "-v, --version")
    .exitOverride()
    // Usage mistakes read like every other error: one line, `toolgen: <what is wrong>`.
    .configureOutput({ writeErr: (s) => process.stderr.write(s), outputError: (s, write) => write(`toolgen: ${s.trim().replace(/^error: /, "").replace(/\s*\n\s*/g, " ").replace("(Did you mean", "(did you mean")} (run 'toolgen --help' for usage)\n`) });

  const project = () => new Option("-p, --project <tsconfig>", "the project's tsconfig.json (or its folder)").default(undefined, "./tsconfig.json");

  program
    .command("build")
    .description("analyze the sources; write the manifest and the generated registry module")
    .addOption(project())
    .option("--json", "print { ok, entries, files, manifestReferenceAdded, warnings, diagnostics } as JSON")
    .action(async (o) => void (exitCode = (await import("./commands/build.js")).runBuild(o)));
  program
    .command("check")
    .description("exit 1 if generated files are missing or stale (for CI), or with --against on breaking contract changes")
    .addOption(project())
    .option("--against <old>", "also fail on breaking changes since <old> (a manifest, a package folder or tarball, or git:<ref>) unless the version announces them (a new major; below 1.0.0 a new minor)")
    .option("--json", "print { ok, problems, diagnostics, unbuilt } as JSON")
    .action(async (o) => void (exitCode = await (await import("./commands/check.js")).runCheck(o)));
  program
    .command("diff <old> [new]")
    .description("the tool contract's changes from <old> to [new] (default: the current sources), each breaking, compatible or cosmetic; exit 1 on a breaking one. A side is a manifest, a package folder or tarball, or git:<ref>")
    .addOption(project())
    .option("--json", "print { bump, changes } as JSON")
    .action(async (old: string, now: string | undefined, o) => void (exitCode = (await import("./commands/diff.js")).runDiff(old, now, o)));
  program
    .command("docs")
    .description("write a static catalog of the tools, prompts and resources (one index.html, opens from file://): arguments, token costs and each provider's definition")
    .addOption(project())
    .option("-o, --out <folder>", "where to write index.html (default: the package's docs/tools)")
    .option("--against <old>", "mark the contract's changes since <old> (a manifest, a package folder or tarball, or git:<ref>)")
    .action(async (o) => void (exitCode = (await import("./commands/docs.js")).runDocs(o)));
  program
    .command("lint")
    .description("check how well the tools are described for a model: the lint rules of docs/contracts.md, at the config's levels; exit 1 on an error")
    .addOption(project())
    .option("--json", "print the findings as JSON")
    .action(async (o) => void (exitCode = (await import("./commands/lint.js")).runLint(o)));
  program
    .command("watch")
    .description("rebuild incrementally on change, one summary line per rebuild (until Ctrl-C)")
    .addOption(project())
    .action(async (o) => {
      const stop = stopSignal();
      exitCode = await (await import("./commands/watch.js")).runWatch(o, stop);
    });
  program
    .command("list")
    .description("list what the model will see: name, kind, parameters, schema size and tokens")
    .addOption(project())
    .option("--json", "print the manifest entries as JSON")
    .option("--provider <provider>", "the tool list one provider receives: openai, openai-strict, openai-responses, openai-responses-strict, anthropic, gemini, mcp, ai-sdk")
    .option("--host <id>", "a host identity the application declares (repeatable): only what it registers, as for call and serve", collect)
    .action(async (o) => void (exitCode = await (await import("./commands/list.js")).runList(o)));
  program
    .command("inspect <name>")
    .description("show one entry in full: description, schemas, source, cost")
    .addOption(project())
    .option("--json", "print the manifest entry as JSON")
    .option("--provider <provider>", "the definition one provider receives (the ids of list --provider)")
    .option("--host <id>", "with --provider: a host identity the application declares (repeatable), as for call and serve", collect)
    .action(async (name: string, o) => void (exitCode = (await import("./commands/inspect.js")).runInspect(name, o)));
  program
    .command("call <name|uri>")
    .description("invoke a tool, prompt or resource from the built output and print the outcome")
    .addOption(project())
    .option("--args <json|@file>", "the arguments object, as JSON, @path/to/file.json, or @- to read it from stdin")
    .option("--json", "print the outcome object exactly")
    .option("--host <id>", "a host identity the application declares (repeatable)", collect)
    .option("--timeout <ms>", "per-call timeout in milliseconds")
    .action(async (name: string, o) => void (exitCode = await (await import("./commands/call.js")).runCall(name, o)));
  program
    .command("serve")
    .description("serve the built registry over MCP: stdio, or streamable HTTP at /mcp with --http (stateless unless --sessions)")
    .addOption(project())
    .option("--host <id>", "a host identity the application declares (repeatable)", collect)
    .option("--tag <tag>", "serve only the entries with this @tags tag (repeatable: any of them)", collect)
    .option("--allow <name>", "serve only the entries of these names (repeatable)", collect)
    .option("--http <port>", "serve streamable HTTP on this port (0 picks a free one) instead of stdio")
    .option("--sessions", "with --http: keep a session per client (needed for sampling, elicitation and resource subscriptions)")
    .option("--bind <address>", "the address --http listens on (default 127.0.0.1)")
    .action(async (o) => {
      const stop = stopSignal();
      exitCode = await (await import("./commands/serve.js")).runServe(o, stop);
    });
  program
    .command("types [schema]")
    .description("TypeScript types from a JSON Schema, or the arguments of every @external tool in a manifest (default: the project's)")
    .addOption(project())
    .option("-o, --out <file>", "write the declarations to a file instead of stdout")
    .action(async (schema: string | undefined, o) => void (exitCode = await (await import("./commands/types.js")).runTypes(schema, o)));

  // `toolgen nope --help`: commander would print the program's help and exit 0, as if `nope`
  // were a command; it is the unknown command's error (exit 2), as without `--help`.
  const [first] = argv;
  const known = (name: string) => program.commands.some((c) => c.name() === name || c.aliases().includes(name));
  const args = first !== undefined && !first.startsWith("-") && first !== "help" && !known(first) ? argv.filter((a) => a !== "--help" && a !== "-h") : argv;
  try {
    await program.parseAsync(args, { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    // A message quotes what it refuses (a dependency's entry name): its control characters escaped, as `list` escapes a description's.
    if (isReportableError(error)) {
      process.stderr.write(`toolgen: ${forTerminal(error.message)}\n`);
      return 2;
    }
    process.stderr.write(`toolgen: internal error: ${forTerminal(error instanceof Error ? error.message : String(error))}\n`);
    return 2;
  }
}

/** The version in the installed package's package.json (the one place it is written), whichever build of the CLI runs. */
function installedVersion(): string {
  return (createRequire(import.meta.url)("@toolgen/cli/package.json") as { version: string }).version;
}

/**
 * SIGINT and SIGTERM for a command that runs until stopped, listened to before its modules
 * (the compiler among them) load: a signal at any moment — while loading, or again while
 * stopping — ends it with 0, as documented, instead of Node's default (killed, 130 or 143).
 */
function stopSignal(): AbortSignal {
  const stop = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop.abort());
  return stop.signal;
}
