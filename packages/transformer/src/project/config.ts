import { isLintRule, LINT_RULES, NAMING_STYLES, type LintLevel, type NamingStyle } from "@toolgen/core";
import { closestNames } from "@toolgen/runtime";
import { PROVIDERS } from "@toolgen/runtime/providers";

/**
 * The one configuration schema, read from the `toolgen` section of `package.json`,
 * from `toolgen.config.json`, or from the transformer's plugin options.
 */
export interface ToolgenConfig {
  /** Where the manifest is written, relative to the package root (default `<outDir>/toolgen.manifest.json`). */
  manifest?: string;
  /** Where the generated registry module is written (default `<rootDir>/tools.generated.ts`). */
  registryModule?: string;
  /** How default names are derived from identifiers (default `snake_case`). */
  naming?: NamingStyle;
  /** `unknown`/`any` in a schema is an error (default true). */
  strict?: boolean;
  /** Import implementations on first call (default true). */
  lazy?: boolean;
  /**
   * Write the registry module as entry heads only, with each source file's entries and
   * validators in a chunk module imported on first use (default false): a fast start for
   * large registries; `registry.entries` then needs `await registry.load()`.
   */
  split?: boolean;
  /**
   * How the generated modules spell their relative imports: `"js"` (default: `./tools.js`, what
   * Node.js and TypeScript's `NodeNext` need) or `"minimal"` (`./tools`, for bundlers that do not
   * map `.js` to `.ts`, such as Next.js's; under `moduleResolution: "bundler"`).
   */
  importEnding?: "js" | "minimal";
  /**
   * The MCP server: its identity (default: the package's name, version and description);
   * for `toolgen serve --http`, bearer authentication (`auth`, checked by the CLI; see
   * docs/mcp.md), sessions, the web pages that may call it (`allowedOrigins`) and how long
   * in-flight calls may finish on shutdown (`shutdownGraceMs`).
   */
  server?: {
    name?: string;
    version?: string;
    description?: string;
    auth?: Record<string, unknown>;
    shutdownGraceMs?: number;
    sessions?: boolean | { idleTimeoutMs?: number; maxSessions?: number; pollAfterMs?: number; retryMs?: number };
    /** Origins of web pages that may call `toolgen serve --http` and read its answers (CORS), such as `"https://app.example.com"`. */
    allowedOrigins?: string[];
    /** `toolgen serve --http` refuses a larger request body (`413`) before parsing it; default 4 MiB. */
    maxBodyBytes?: number;
  };
  /**
   * For `toolgen call` and `serve`: which package keeps a name that several installed packages
   * provide (entry name → package name); without one, such a name is an error.
   */
  overrides?: Record<string, string>;
  /**
   * The lint rules' levels (`"parameter-description-missing": "off" | "warn" | "error"`; every
   * rule warns by default), the providers the tools go to (`too-many-tools`) and the tokens the
   * tool definitions may take (`token-budget`). See docs/contracts.md.
   */
  lint?: { [rule: string]: LintLevel | readonly string[] | number | undefined; providers?: readonly string[]; maxTokens?: number };
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

const KEYS: Record<keyof ToolgenConfig, (value: unknown) => boolean> = {
  // A backslash is a character of a file name on Linux and macOS, a separator on Windows: the same repository would build otherwise on each.
  manifest: (v) => typeof v === "string" && v.length > 0 && !v.includes("\\"),
  // A declaration file (`.d.ts`) is compiled to nothing: no module would ever load.
  // Nor `#`, `%` or `?`: its chunks' specifiers would name other files to Node.js (TG4008).
  registryModule: (v) => typeof v === "string" && /\.(m|c)?tsx?$/.test(v) && !/\.d(\.[^./\\]+)?\.(m|c)?ts$/.test(v) && !/[\\#%?]/.test(v),
  naming: (v) => typeof v === "string" && (NAMING_STYLES as readonly string[]).includes(v),
  strict: (v) => typeof v === "boolean",
  lazy: (v) => typeof v === "boolean",
  split: (v) => typeof v === "boolean",
  importEnding: (v) => v === "js" || v === "minimal",
  server: (v) => serverProblem(v) === undefined,
  overrides: (v) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string" && x.length > 0),
  lint: (v) =>
    isObject(v) &&
    Object.entries(v).every(([k, x]) =>
      k === "providers" ? Array.isArray(x) && x.every((p) => (PROVIDERS as readonly unknown[]).includes(p)) : k === "maxTokens" ? typeof x === "number" && x > 0 : isLintRule(k) && (x === "off" || x === "warn" || x === "error"),
    ),
};

const EXPECTED: Record<keyof ToolgenConfig, string> = {
  manifest: "a path with '/' between folders, such as \"./dist/toolgen.manifest.json\"",
  registryModule: "a path to a .ts file that is no declaration file, with '/' between folders and no '#', '%' or '?', such as \"src/tools.generated.ts\"",
  naming: `one of ${NAMING_STYLES.map((s) => `"${s}"`).join(", ")}`,
  strict: "true or false",
  lazy: "true or false",
  split: "true or false",
  importEnding: '"js" or "minimal"',
  server: 'an object with string name, version and description, an auth object, a shutdownGraceMs from 0 to 2147483647, sessions (true, false or { idleTimeoutMs, maxSessions, pollAfterMs, retryMs }) and allowedOrigins (a list of origins such as "https://app.example.com")',
  overrides: 'an object from entry names (or static resource URIs) to the package that keeps each, such as { "search": "@acme/search-tools" }',
  lint: `an object of rule levels ("off", "warn" or "error" for ${Object.keys(LINT_RULES).join(", ")}), "providers" (a list of provider names) and "maxTokens" (a number)`,
};

const SERVER_KEYS = {
  name: (x: unknown) => typeof x === "string",
  version: (x: unknown) => typeof x === "string",
  description: (x: unknown) => typeof x === "string",
  auth: isObject,
  shutdownGraceMs: isDelay,
  sessions: isSessions,
  allowedOrigins: (x: unknown) => Array.isArray(x) && x.every(isWebOrigin),
  maxBodyBytes: (x: unknown) => Number.isInteger(x) && (x as number) > 0,
};

/** An origin as a browser sends it in `Origin`: scheme, host and port only (`https://app.example.com`). */
function isWebOrigin(x: unknown): boolean {
  if (typeof x !== "string") return false;
  try {
    const url = new URL(x);
    // A browser never sends a wildcard (`https://*.example.com`): such an entry would admit no page.
    return /^https?:$/.test(url.protocol) && url.origin === x && !url.hostname.includes("*");
  } catch {
    return false;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Keys ts-patch itself reads from a plugin entry; they are not toolgen configuration. */
const TS_PATCH_KEYS = new Set(["transform", "import", "isEsm", "tsConfig", "resolvePathAliases", "type", "after", "afterDeclarations", "transformProgram", "name"]);

/**
 * Checks a configuration object; the error names the source and the key. `ownKeys` are the
 * source's keys beside the configuration (the bundler plugin's `project`), taken out before:
 * a mistyped one is suggested and listed too.
 */
export function parseConfig(value: unknown, source: string, ownKeys: readonly string[] = []): ToolgenConfig {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ConfigError(`${source}: the toolgen configuration must be an object.`);
  for (const [key, v] of Object.entries(value)) {
    if (key === "$schema") continue;
    if (key === "lint") {
      const problem = lintProblem(v);
      if (problem) throw new ConfigError(`${source}: "lint": ${problem}`);
    }
    if (key === "server") {
      const problem = serverProblem(v);
      if (problem) throw new ConfigError(`${source}: "server"${problem}`);
    }
    const check = Object.hasOwn(KEYS, key) ? KEYS[key as keyof ToolgenConfig] : undefined;
    if (!check) {
      const known = [...ownKeys, ...Object.keys(KEYS)];
      const [meant] = closestNames(key, known);
      throw new ConfigError(`${source}: unknown key "${key}"${meant ? `; did you mean "${meant}"?` : ""} (known: ${known.join(", ")}).`);
    }
    if (!check(v)) throw new ConfigError(`${source}: "${key}" must be ${EXPECTED[key as keyof ToolgenConfig]}; got ${JSON.stringify(v)}.`);
  }
  const { $schema: _schema, ...config } = value as ToolgenConfig & { $schema?: unknown };
  return config;
}

/**
 * The transformer's plugin entry (`{ "transform": "@toolgen/transformer", … }`): the same
 * schema as package.json and toolgen.config.json, once ts-patch's own keys are set aside.
 * `tsconfig` names the file in messages (a monorepo's build has several).
 */
export function parsePluginOptions(entry: Record<string, unknown>, tsconfig = "tsconfig.json"): ToolgenConfig {
  const own = Object.fromEntries(Object.entries(entry).filter(([key]) => !TS_PATCH_KEYS.has(key)));
  return parseConfig(own, `${tsconfig} compilerOptions.plugins[@toolgen/transformer]`);
}

function isSessions(value: unknown): boolean {
  if (typeof value === "boolean") return true;
  if (!isObject(value)) return false;
  return Object.entries(value).every(([k, x]) => (["idleTimeoutMs", "pollAfterMs", "retryMs"].includes(k) ? isDelay(x) : k === "maxSessions" ? Number.isInteger(x) && (x as number) >= 1 : false));
}

/** The longest delay a timer takes: Node.js runs a longer one after 1 ms (with a TimeoutOverflowWarning). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Milliseconds a timer can wait: from 0 to about 24.8 days. */
function isDelay(x: unknown): boolean {
  return typeof x === "number" && x >= 0 && x <= MAX_DELAY_MS;
}

const SERVER_EXPECTED: Record<keyof typeof SERVER_KEYS, string> = {
  name: "a string",
  version: "a string",
  description: "a string",
  auth: "an object ({ issuer, audience, jwks, … })",
  shutdownGraceMs: `a number of milliseconds from 0 to ${MAX_DELAY_MS}`,
  sessions: "true, false or { idleTimeoutMs, maxSessions, pollAfterMs, retryMs }",
  allowedOrigins: 'a list of origins such as "https://app.example.com"',
  maxBodyBytes: "a whole number of bytes above 0",
};

/** What is wrong with a `server` section, from the field at fault on (`."sessions"."maxSessions" must be …`). */
function serverProblem(value: unknown): string | undefined {
  if (!isObject(value)) return ` must be an object; got ${JSON.stringify(value)}.`;
  for (const [key, x] of Object.entries(value)) {
    if (!Object.hasOwn(SERVER_KEYS, key)) return `: unknown key "${key}" (known: ${Object.keys(SERVER_KEYS).join(", ")}).`;
    const field = key as keyof typeof SERVER_KEYS;
    if (field === "sessions" && isObject(x)) {
      for (const [option, n] of Object.entries(x)) {
        const expected = option === "maxSessions" ? "an integer ≥ 1" : ["idleTimeoutMs", "pollAfterMs", "retryMs"].includes(option) ? `a number of milliseconds from 0 to ${MAX_DELAY_MS}` : undefined;
        if (!expected) return `."sessions": unknown key "${option}" (known: idleTimeoutMs, maxSessions, pollAfterMs, retryMs).`;
        if (!isSessions({ [option]: n })) return `."sessions"."${option}" must be ${expected}; got ${JSON.stringify(n)}.`;
      }
    }
    if (field === "allowedOrigins" && Array.isArray(x)) {
      const i = x.findIndex((origin) => !isWebOrigin(origin));
      if (i >= 0) return `."allowedOrigins"[${i}] must be an origin: http or https, a host (no wildcard) and a port only${originOf(x[i])}; got ${JSON.stringify(x[i])}.`;
    }
    if (!SERVER_KEYS[field](x)) return `."${key}" must be ${SERVER_EXPECTED[field]}; got ${JSON.stringify(x)}.`;
  }
  return undefined;
}

/** ` (such as "https://a.example")` for a URL that is more than its origin. */
function originOf(x: unknown): string {
  try {
    const { origin } = new URL(String(x));
    return origin === "null" || origin === x || origin.includes("*") ? "" : ` (such as ${JSON.stringify(origin)})`;
  } catch {
    return "";
  }
}

/** What is wrong with a `lint` section, naming the key: an unknown rule (with the closest one), a level, a provider. */
function lintProblem(value: unknown): string | undefined {
  if (!isObject(value)) return `must be an object; got ${JSON.stringify(value)}.`;
  for (const [key, x] of Object.entries(value)) {
    if (key === "providers") {
      if (!Array.isArray(x)) return `"providers" must be a list of provider names (${PROVIDERS.join(", ")}); got ${JSON.stringify(x)}.`;
      const unknown = x.find((p) => !(PROVIDERS as readonly unknown[]).includes(p));
      if (unknown !== undefined) return `"providers" names ${JSON.stringify(unknown)}, which is no provider (known: ${PROVIDERS.join(", ")}).`;
    } else if (key === "maxTokens") {
      if (typeof x !== "number" || !(x > 0)) return `"maxTokens" must be a number above 0; got ${JSON.stringify(x)}.`;
    } else if (!isLintRule(key)) {
      const rules = Object.keys(LINT_RULES);
      const closest = closestNames(key, rules)[0];
      const hint = closest ? ` Did you mean "${closest}"?` : "";
      return `unknown rule "${key}".${hint} (rules: ${rules.join(", ")}; and "providers", "maxTokens")`;
    } else if (x !== "off" && x !== "warn" && x !== "error") {
      return `"${key}" must be "off", "warn" or "error"; got ${JSON.stringify(x)}.`;
    }
  }
  return undefined;
}
