import type { ProjectInfo } from "./project-info.js";

/** TypeScript's `ModuleResolutionKind.Node16` and `NodeNext`, and its `ModuleKind` values from `Node16` to `NodeNext`. */
const NODE_RESOLUTION = new Set([3, 99]);
const NODE_MODULE = { from: 100, to: 199 };

/**
 * Why `"importEnding": "minimal"` does not fit the project, or undefined: a tsconfig that
 * resolves modules as Node.js does (`Node16`, `NodeNext`) is compiled for Node.js, which
 * cannot load an import without its extension, so `toolgen call`, `serve` and the application
 * would fail on the compiled registry module's first import of a tool.
 */
export function importEndingProblem(info: ProjectInfo): string | undefined {
  if (info.config.importEnding !== "minimal") return undefined;
  const { moduleResolution, module } = info.compilerOptions;
  const nodeResolution = moduleResolution !== undefined ? NODE_RESOLUTION.has(moduleResolution) : module !== undefined && module >= NODE_MODULE.from && module <= NODE_MODULE.to;
  if (!nodeResolution) return undefined;
  return `"importEnding": "minimal" writes the registry module's imports without an extension, but this tsconfig resolves modules as Node.js does (Node16/NodeNext), which cannot load them: compiled by tsc, the module fails at its first tool (toolgen call, serve, the application). Keep "minimal" for a bundler's build (moduleResolution "bundler"), or remove it.`;
}
