#!/usr/bin/env node
// The benchmark corpus: N realistic tools, each with its own request type, written as a small
// package (package.json, tsconfig.json, src/*.ts, node_modules linked to the repository's).
//
// Deterministic: tool i depends only on i (its own seeded random stream), so the same N gives
// byte-identical files and the corpus for N = 100 is the first 100 tools of N = 1000.
//
// Each request type mixes the constructs real tool inputs have: nested objects, arrays of
// objects, recursive trees, discriminated unions, tuples, constraint tags (on properties and
// on a type alias), records, nullable and optional fields, a generic result type.
//
// Two variants of the same tools:
// - "toolgen": every tool, as `@tool` functions (what `toolgen build`, `tsc` and
//   ts-json-schema-generator read);
// - "typia": the subset typia's `llm.application` accepts — no tool returning a string, no
//   request holding a tuple — as the same functions plus, per file, an interface of those
//   tools and a `typia.llm.application<…>()` call. Integer tags are spelled the typia way
//   (`@type int32` for `@integer`).
//
// Usage: node scripts/bench/generate-corpus.mjs --n 100 --out <dir> [--variant toolgen|typia] [--validators 40]
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TOOLS_PER_FILE = 10;

const VERBS = ["create", "update", "search", "archive", "schedule", "review", "export", "sync", "audit", "assign", "list", "estimate"];
const THIRD_PERSON = { search: "searches", sync: "syncs" };
const DOMAINS = [
  "invoice", "shipment", "ticket", "customer", "order", "project", "deployment", "report", "booking",
  "payment", "inventory", "campaign", "contract", "incident", "release", "subscription", "warehouse", "survey",
];
const BLOCKS = ["nested", "items", "tree", "changes", "tuple", "constraints", "record", "nullable"];

/** A small, fast, seedable PRNG (mulberry32). */
function createRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

const capitalize = (s) => s[0].toUpperCase() + s.slice(1);
const pad = (n, width) => String(n).padStart(width, "0");

/** The plan of tool i: its names, blocks, return kind, and samples. Depends only on i. */
export function planTool(i) {
  const random = createRandom(0x7001 + i * 2654435761);
  const verb = VERBS[i % VERBS.length];
  const domain = DOMAINS[(i * 7 + random.int(DOMAINS.length)) % DOMAINS.length];
  const identifier = `${verb}${capitalize(domain)}${i}`;
  const typeBase = capitalize(identifier);
  const blocks = new Set([BLOCKS[i % BLOCKS.length]]);
  const extra = 1 + random.int(2);
  // Tuples only as the primary block (one tool in eight): typia refuses them, and they are rarer in real inputs.
  const extras = BLOCKS.filter((b) => b !== "tuple");
  while (blocks.size < 1 + extra) blocks.add(random.pick(extras));
  const returns = verb === "search" || verb === "list" ? "page" : random.chance(0.2) ? "string" : "object";
  const ordered = BLOCKS.filter((b) => blocks.has(b));
  return {
    index: i,
    identifier,
    typeBase,
    verb,
    domain,
    blocks: ordered,
    returns,
    readOnly: verb === "search" || verb === "list" || verb === "audit" || verb === "estimate",
    typia: returns !== "string" && !blocks.has("tuple"),
  };
}

/** How an integer constraint is written in each variant. */
const integerTag = (variant) => (variant === "typia" ? "@type int32" : "@integer");

// Every block returns the property lines it adds to the request type, the type declarations
// it needs, and its part of a valid and of an invalid (several problems) argument object.
const BLOCK_WRITERS = {
  nested: (plan) => ({
    declarations: [],
    lines: [
      `  /** Who the ${plan.domain} is for. */`,
      `  customer: {`,
      `    /**`,
      `     * Full name, as it should be printed.`,
      `     * @minLength 1`,
      `     */`,
      `    name: string;`,
      `    /** Postal address. */`,
      `    address: Address;`,
      `    /** How to reach them. */`,
      `    contact?: {`,
      `      /**`,
      `       * Contact e-mail.`,
      `       * @format email`,
      `       */`,
      `      email: string;`,
      `      /** Phone number, or null when unknown. */`,
      `      phone?: string | null;`,
      `    };`,
      `  };`,
    ],
    valid: {
      customer: {
        name: "Ada Lovelace",
        address: { street: "12 St James's Square", city: "London", postalCode: "SW1Y 4LB", country: "GB" },
        contact: { email: "ada@example.com", phone: null },
      },
    },
    invalid: { customer: { name: "", address: { street: 12, city: "London", country: "gbr" }, contact: { email: 42 } } },
  }),

  items: (plan, variant) => ({
    declarations: [],
    lines: [
      `  /**`,
      `   * The ${plan.domain}'s line items.`,
      `   * @minItems 1`,
      `   * @maxItems 200`,
      `   */`,
      `  items: Array<{`,
      `    /**`,
      `     * Stock keeping unit.`,
      `     * @pattern ^[A-Z]{3}-[0-9]{4}$`,
      `     */`,
      `    sku: string;`,
      `    /**`,
      `     * How many units.`,
      `     * ${integerTag(variant)}`,
      `     * @minimum 1`,
      `     */`,
      `    quantity: number;`,
      `    /** Price of one unit. */`,
      `    unitPrice: Money;`,
      `    /** Discount in percent. */`,
      `    discount?: number;`,
      `  }>;`,
    ],
    valid: {
      items: [
        { sku: "ABC-1234", quantity: 2, unitPrice: { amount: 9.5, currency: "EUR" } },
        { sku: "XYZ-0001", quantity: 1, unitPrice: { amount: 120, currency: "USD" }, discount: 5 },
        { sku: "QRS-4242", quantity: 10, unitPrice: { amount: 0.99, currency: "GBP" } },
      ],
    },
    invalid: {
      items: [
        { sku: "abc", quantity: 0, unitPrice: { amount: -1, currency: "XXX" } },
        { sku: "ABC-1234", quantity: 1.5 },
      ],
    },
  }),

  tree: (plan, variant) => ({
    declarations: [
      `/** A node of the ${plan.domain} hierarchy. */`,
      `export interface ${plan.typeBase}Node {`,
      `  /** Label shown to people. */`,
      `  label: string;`,
      `  /**`,
      `   * Relative weight among siblings.`,
      `   * ${integerTag(variant)}`,
      `   * @minimum 0`,
      `   */`,
      `  weight?: number;`,
      `  /** Child nodes, in display order. */`,
      `  children: ${plan.typeBase}Node[];`,
      `}`,
    ],
    lines: [`  /** The ${plan.domain} hierarchy to apply. */`, `  tree: ${plan.typeBase}Node;`],
    valid: {
      tree: {
        label: "root",
        children: [
          { label: "a", weight: 1, children: [{ label: "a1", children: [] }, { label: "a2", children: [] }] },
          { label: "b", weight: 2, children: [{ label: "b1", children: [{ label: "b1x", children: [] }] }] },
        ],
      },
    },
    invalid: { tree: { label: "root", children: [{ weight: -1, children: [] }, { label: 7, children: [{ label: "x" }] }] } },
  }),

  changes: (plan, variant) => ({
    declarations: [
      `/** One change to a ${plan.domain}, told apart by \`kind\`. */`,
      `export type ${plan.typeBase}Change =`,
      // Each doc comment on a line of its own: TypeScript attaches one written after code on its line to nothing.
      `  | {`,
      `      kind: "create";`,
      `      /** @minLength 1 */`,
      `      title: string;`,
      `      priority?: "low" | "normal" | "high";`,
      `    }`,
      `  | {`,
      `      kind: "rename";`,
      `      id: string;`,
      `      /** @minLength 1 */`,
      `      title: string;`,
      `    }`,
      `  | {`,
      `      kind: "move";`,
      `      id: string;`,
      `      /** ${integerTag(variant)} */`,
      `      position: number;`,
      `    }`,
      `  | { kind: "delete"; id: string; reason?: string | null };`,
    ],
    lines: [`  /** Changes to apply, in order. */`, `  changes: ${plan.typeBase}Change[];`],
    valid: {
      changes: [
        { kind: "create", title: "First", priority: "high" },
        { kind: "move", id: "c-17", position: 3 },
        { kind: "delete", id: "c-9", reason: null },
      ],
    },
    invalid: { changes: [{ kind: "rename", id: 5 }, { kind: "explode", id: "c-1" }, { kind: "move", id: "c-2", position: "top" }] },
  }),

  tuple: (plan) => ({
    declarations: [],
    lines: [
      `  /** Inclusive range of sequence numbers, [from, to]. */`,
      `  range: [from: number, to: number];`,
      `  /** Where the ${plan.domain} happens, [latitude, longitude]. */`,
      `  location?: [latitude: number, longitude: number];`,
    ],
    valid: { range: [10, 20], location: [59.91, 10.75] },
    invalid: { range: [10, "20", 30], location: ["north", 10.75] },
  }),

  constraints: (plan, variant) => ({
    declarations: [],
    lines: [
      `  /**`,
      `   * Short machine name of the ${plan.domain}.`,
      `   * @minLength 3`,
      `   * @maxLength 40`,
      `   * @pattern ^[a-z0-9-]+$`,
      `   */`,
      `  slug: string;`,
      `  /**`,
      `   * Who is notified.`,
      `   * @format email`,
      `   */`,
      `  notify: string;`,
      `  /**`,
      `   * Most results to return.`,
      `   * ${integerTag(variant)}`,
      `   * @minimum 1`,
      `   * @maximum 500`,
      `   */`,
      `  limit?: number;`,
      `  /**`,
      `   * Sampling ratio.`,
      `   * @exclusiveMinimum 0`,
      `   * @maximum 1`,
      `   */`,
      `  ratio?: number;`,
      `  /**`,
      `   * Free tags.`,
      `   * @uniqueItems`,
      `   * @maxItems 10`,
      `   */`,
      `  tags?: string[];`,
      `  /** Service port. */`,
      `  port?: Port;`,
    ],
    valid: { slug: "eu-west-1", notify: "ops@example.com", limit: 50, ratio: 0.25, tags: ["a", "b"], port: 8443 },
    invalid: { slug: "No Spaces!", notify: "not-an-email", limit: 0, ratio: 0, tags: ["a", "a"], port: 70000.5 },
  }),

  record: (plan) => ({
    declarations: [],
    lines: [
      `  /** Free-form labels on the ${plan.domain}. */`,
      `  labels?: Record<string, string>;`,
      `  /** Counts per bucket. */`,
      `  counts: Record<string, number>;`,
    ],
    valid: { labels: { team: "payments", tier: "gold" }, counts: { open: 3, closed: 12 } },
    invalid: { labels: { team: 1 }, counts: { open: "3", closed: true } },
  }),

  nullable: (plan) => ({
    declarations: [],
    lines: [
      `  /** A note on the ${plan.domain}; null clears it. */`,
      `  note?: string | null;`,
      `  /**`,
      `   * When it is due, or null when open-ended.`,
      `   * @format date-time`,
      `   */`,
      `  dueAt: string | null;`,
      `  /** Who owns it, or null for nobody. */`,
      `  assignee?: { id: string; displayName?: string } | null;`,
      `  /** Current state. */`,
      `  status?: "draft" | "active" | "done" | null;`,
    ],
    valid: { note: null, dueAt: "2026-03-01T12:00:00Z", assignee: { id: "u-1", displayName: "Grace" }, status: "active" },
    invalid: { note: 3, dueAt: "tomorrow", assignee: { displayName: "Grace" }, status: "closed" },
  }),
};

const SHARED = (variant) => `// Types shared by many tools.

/** An amount of money in a currency. */
export interface Money {
  /**
   * Amount in the currency's major unit.
   * @minimum 0
   */
  amount: number;
  /** ISO 4217 currency code. */
  currency: Currency;
}

/** The currencies the back office settles in. */
export type Currency = "EUR" | "USD" | "GBP" | "JPY" | "CHF";

/** A postal address. */
export interface Address {
  /** Street and number. */
  street: string;
  /** City or town. */
  city: string;
  /**
   * Postal code.
   * @pattern ^[0-9A-Z -]{3,10}$
   */
  postalCode: string;
  /**
   * ISO 3166-1 alpha-2 country code.
   * @pattern ^[A-Z]{2}$
   */
  country: string;
}

/**
 * A TCP port.
 * ${integerTag(variant)}
 * @minimum 1
 * @maximum 65535
 */
export type Port = number;

/** One page of results. */
export interface Page<T> {
  /** The results on this page. */
  items: T[];
  /** How many results there are in all. */
  total: number;
  /** Cursor of the next page, or null on the last page. */
  next: string | null;
}
`;

/** The source text of one tool (types and function) and its samples. */
export function renderTool(plan, variant) {
  const parts = plan.blocks.map((b) => BLOCK_WRITERS[b](plan, variant));
  const declarations = parts.flatMap((p) => p.declarations);
  const request = `${plan.typeBase}Request`;
  const lines = [
    `/** What ${plan.identifier} needs. */`,
    `export interface ${request} {`,
    `  /** The ${plan.domain} this applies to. */`,
    `  ${plan.domain}Id: string;`,
    `  /** Only report what would change. */`,
    `  dryRun?: boolean;`,
    ...parts.flatMap((p) => p.lines),
    `}`,
  ];
  let resultType;
  const resultDeclarations = [];
  if (plan.returns === "string") {
    resultType = "string";
  } else if (plan.returns === "page") {
    resultType = `Page<${plan.typeBase}Summary>`;
    resultDeclarations.push(
      `/** A ${plan.domain} as a result list shows it. */`,
      `export interface ${plan.typeBase}Summary {`,
      `  id: string;`,
      `  /** Display title. */`,
      `  title: string;`,
      `  /** Last change, ISO 8601. */`,
      `  updatedAt: string;`,
      `}`,
    );
  } else {
    resultType = `${plan.typeBase}Result`;
    resultDeclarations.push(
      `/** What ${plan.identifier} did. */`,
      `export interface ${resultType} {`,
      `  id: string;`,
      `  /** Whether the change is done or queued. */`,
      `  status: "done" | "queued";`,
      `  /** How many records changed. */`,
      `  changed: number;`,
      `  /** Problems that did not stop the change. */`,
      `  warnings?: string[];`,
      `}`,
    );
  }
  const body =
    plan.returns === "string"
      ? `  return \`${plan.verb} \${request.${plan.domain}Id}: ok\`;`
      : plan.returns === "page"
        ? `  return { items: [{ id: request.${plan.domain}Id, title: "${plan.domain}", updatedAt: "2026-01-01T00:00:00Z" }], total: 1, next: null };`
        : `  return { id: request.${plan.domain}Id, status: request.dryRun ? "queued" : "done", changed: 1 };`;
  const description = `${capitalize(THIRD_PERSON[plan.verb] ?? `${plan.verb}s`)} ${plan.domain} records (${plan.blocks.join(", ")}).`;
  const doc = [`/**`, ` * ${description}`, ` * @tool`, ` * @param request What to ${plan.verb}.`];
  if (plan.readOnly) doc.push(` * @readOnly`);
  doc.push(` */`);
  const fn = [...doc, `export async function ${plan.identifier}(request: ${request}): Promise<${resultType}> {`, body, `}`];

  const valid = { [`${plan.domain}Id`]: `${plan.domain}-${plan.index}`, ...Object.assign({}, ...parts.map((p) => p.valid)) };
  const invalid = { [`${plan.domain}Id`]: plan.index, dryRun: "yes", ...Object.assign({}, ...parts.map((p) => p.invalid)), unexpected: true };
  return {
    text: [...declarations, ...(declarations.length ? [""] : []), ...lines, "", ...resultDeclarations, ...(resultDeclarations.length ? [""] : []), ...fn].join("\n"),
    description,
    request,
    resultType,
    valid,
    invalid,
  };
}

/** Every file of the corpus, as `{ relativePath: content }`, plus the samples. */
export function renderCorpus({ n, variant = "toolgen", validators = 0 }) {
  const files = {};
  const samples = [];
  files["src/shared.ts"] = SHARED(variant);
  const fileCount = Math.ceil(n / TOOLS_PER_FILE);
  const width = Math.max(3, String(fileCount).length);
  let validatorCount = 0;
  const validatorLines = [];
  for (let f = 0; f < fileCount; f++) {
    const plans = [];
    for (let i = f * TOOLS_PER_FILE; i < Math.min(n, (f + 1) * TOOLS_PER_FILE); i++) plans.push(planTool(i));
    const included = variant === "typia" ? plans.filter((p) => p.typia) : plans;
    if (included.length === 0) continue;
    const rendered = included.map((plan) => ({ plan, ...renderTool(plan, variant) }));
    const module = `tools-${pad(f, width)}`;
    const body = rendered.map((r) => r.text).join("\n\n");
    const shared = ["Address", "Money", "Page", "Port"].filter((name) => new RegExp(`\\b${name}\\b`).test(body));
    const header = [
      `// Generated by scripts/bench/generate-corpus.mjs: benchmark corpus, tools ${f * TOOLS_PER_FILE} to ${f * TOOLS_PER_FILE + plans.length - 1}.`,
      ...(variant === "typia" ? [`import typia from "typia";`] : []),
      ...(shared.length > 0 ? [`import type { ${shared.join(", ")} } from "./shared.js";`] : []),
      ``,
    ];
    const footer = [];
    if (variant === "typia") {
      footer.push(
        ``,
        `/** The tools of this file, as typia's llm.application reads them. */`,
        `export interface Tools${pad(f, width)} {`,
        ...rendered.flatMap((r) => [`  /** ${r.description} */`, `  ${r.plan.identifier}(request: ${r.request}): Promise<${r.resultType}>;`]),
        `}`,
        ``,
        `export const application${pad(f, width)} = typia.llm.application<Tools${pad(f, width)}>();`,
      );
    }
    files[`src/${module}.ts`] = `${header.join("\n")}${body}\n${footer.join("\n")}\n`;
    for (const r of rendered) {
      samples.push({ identifier: r.plan.identifier, module, request: r.request, typia: r.plan.typia, blocks: r.plan.blocks, valid: r.valid, invalid: r.invalid });
      if (variant === "typia" && validatorCount < validators) {
        validatorCount++;
        validatorLines.push({ module, request: r.request, identifier: r.plan.identifier });
      }
    }
  }
  if (validatorLines.length > 0) {
    const imports = [...new Set(validatorLines.map((v) => v.module))].map(
      (m) => `import type { ${validatorLines.filter((v) => v.module === m).map((v) => v.request).join(", ")} } from "./${m}.js";`,
    );
    files["src/validators.ts"] = [
      `// Generated by scripts/bench/generate-corpus.mjs: typia validators of the first request types.`,
      `import typia from "typia";`,
      ...imports,
      ``,
      `export const validators = {`,
      ...validatorLines.map((v) => `  ${v.identifier}: typia.createValidate<${v.request}>(),`),
      `};`,
      ``,
    ].join("\n");
  }
  files["samples.json"] = JSON.stringify(samples, null, 1) + "\n";
  files["package.json"] = JSON.stringify(
    {
      name: `toolgen-bench-${variant}-${n}`,
      version: "1.0.0",
      private: true,
      type: "module",
      ...(variant === "toolgen" ? { toolgen: { manifest: "./dist/toolgen.manifest.json" } } : {}),
    },
    null,
    2,
  ) + "\n";
  const compilerOptions = {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023"],
    types: [],
    strict: true,
    skipLibCheck: true,
    rootDir: "src",
    outDir: "dist",
  };
  files["tsconfig.json"] = JSON.stringify({ compilerOptions, include: ["src"] }, null, 2) + "\n";
  if (variant === "typia") {
    // What `npx typia setup` would add (strict, skipLibCheck and the transform), kept in its own file.
    files["tsconfig.typia.json"] =
      JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { plugins: [{ transform: "typia/lib/transform" }] } }, null, 2) + "\n";
  } else {
    files["tsconfig.transformer.json"] =
      JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { plugins: [{ transform: "@toolgen/transformer" }] } }, null, 2) + "\n";
  }
  return { files, samples };
}

/**
 * Writes the corpus into `dir` (emptied first) and links `modulesFrom` (the repository's
 * node_modules; `null` for none) as its node_modules, so `@toolgen/runtime` and `typia`
 * resolve as in an installed application.
 */
export function generateCorpus({ n, dir, variant = "toolgen", validators = 0, modulesFrom = path.join(REPO_ROOT, "node_modules") }) {
  rmSync(dir, { recursive: true, force: true });
  const { files, samples } = renderCorpus({ n, variant, validators });
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(dir, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  if (modulesFrom) symlinkSync(modulesFrom, path.join(dir, "node_modules"), "junction");
  return { dir, samples, tools: samples.length };
}

function parseArguments(argv) {
  const options = { n: 100, variant: "toolgen", validators: 0, out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = argv[i + 1];
    if (key === "--n") options.n = Number(value);
    else if (key === "--out") options.out = value;
    else if (key === "--variant") options.variant = value;
    else if (key === "--validators") options.validators = Number(value);
    else throw new Error(`unknown option ${key}`);
    i++;
  }
  if (!options.out) throw new Error("usage: generate-corpus.mjs --n <count> --out <dir> [--variant toolgen|typia] [--validators <k>]");
  if (!["toolgen", "typia"].includes(options.variant)) throw new Error(`--variant must be toolgen or typia`);
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArguments(process.argv.slice(2));
  const result = generateCorpus({ ...options, dir: path.resolve(options.out) });
  console.log(`${result.tools} tools (${options.variant}) -> ${result.dir}`);
}
