import { CHECKED_FORMATS, exportOf } from "@toolgen/runtime/formats";
import { assertSupportedSchema, resolveLocalRef } from "@toolgen/runtime/validation";
import type { JsonSchema } from "@toolgen/runtime";
import { emitCheck, emitSchema, type CheckScope } from "./emit-check.js";
import { SharedSchemas } from "./shared-schemas.js";

const CHECKED = new Set(CHECKED_FORMATS.split(" "));

/** Helpers of `@toolgen/runtime/validation` the generated code may call, each imported as `$name`. */
const HELPERS = ["validator", "fail", "isObject", "isArray", "isInteger", "isFinite", "keys", "codePoints", "jsonEqual", "includesEqual", "duplicateItems", "pointerSegment", "verdictList", "stopped"];

/**
 * Generates one validator per schema, as plain JavaScript: `const <name> = $validator(…)`
 * for each, in the given order, after the imports and hoisted constants they use.
 *
 * The code is toolgen's own (no ajv at build or run time): straight-line checks with no
 * `eval`/`new Function`, errors built by one runtime helper, and every subschema that
 * occurs more than once (a shared `Address`, `Money`) checked by one function. Checks and
 * errors are the interpreting validator's (`compileSchema`), keyword for keyword.
 *
 * Throws when a schema uses a keyword the validators do not implement, or an invalid pattern.
 */
export function compileValidators(schemas: ReadonlyArray<{ name: string; schema: JsonSchema }>): string {
  return compileValidatorModule(schemas).text();
}

/** Validators generated once (see `compileValidators`), to be written as JavaScript or as TypeScript. */
export interface CompiledValidators {
  text(options?: {
    /**
     * Types every check function's data parameter `never`, for a TypeScript module. The
     * module is `@ts-nocheck`, so the type changes no diagnostic and no output, but
     * TypeScript does no control-flow analysis for a value of a type that cannot be narrowed:
     * compiling the registry module of 1,000 tools went from 7.2 s to 5.4 s.
     */
    typeCheckParameters?: boolean;
  }): string;
}

export function compileValidatorModule(schemas: ReadonlyArray<{ name: string; schema: JsonSchema }>): CompiledValidators {
  if (schemas.length === 0) return { text: () => "" };
  const module = new ModuleWriter(new SharedSchemas(schemas.map((s) => s.schema)));
  const validators = schemas.map(({ name, schema }) => {
    assertSupportedSchema(schema);
    return `const ${name}=$validator(${module.root(name, schema)});`;
  });
  // Only the code is kept for writing (not the writer, its shared-schema table and its maps).
  const code = module.code(validators);
  return { text: (options) => writeModule(code, options?.typeCheckParameters ? "d: never,p,e" : "d,p,e") };
}

/** The generated code of a validator module, in pieces: written as JavaScript or TypeScript. */
interface ValidatorCode {
  /** Constants and patterns the checks use. */
  hoisted: readonly string[];
  /** Exports of `@toolgen/runtime/formats` the checks call, each imported as `$f_name`. */
  formats: readonly string[];
  /** Check functions in the order they are written: names, and bodies (between the braces). */
  functionNames: readonly string[];
  functionBodies: readonly string[];
  validators: readonly string[];
}

/** The module's code, its check functions taking `parameters` (the data, its path, the errors). */
function writeModule(code: ValidatorCode, parameters: string): string {
  const functions = code.functionNames.map((name, i) => `function ${name}(${parameters}){${code.functionBodies[i]}}`);
  const body = [...code.hoisted, ...functions, ...code.validators].join("\n");
  const used = HELPERS.filter((helper) => body.includes(`$${helper}(`));
  // Each format check is its own import, so a bundle carries only the formats it checks.
  const formats = code.formats.length ? `import { ${code.formats.map((f) => `${f} as $f_${f}`).join(", ")} } from "@toolgen/runtime/formats";\n` : "";
  return `import { ${used.map((h) => `${h} as $${h}`).join(", ")} } from "@toolgen/runtime/validation";\n${formats}${body}`;
}

class ModuleWriter {
  private readonly hoisted: string[] = [];
  private readonly functionNames: string[] = [];
  private readonly functionBodies: string[] = [];
  private readonly constants = new Map<string, string>();
  private readonly patterns = new Map<string, string>();
  private readonly formats = new Set<string>();
  private readonly sharedNames = new Map<number, string>();

  constructor(private readonly sharedSchemas: SharedSchemas) {}

  /** Writes the check function of one root schema (and of its `$ref` targets); returns its name. */
  root(name: string, schema: JsonSchema): string {
    const refs = new Map<string, string>();
    const pending: string[] = [];
    const refName = (ref: string) => {
      let fn = refs.get(ref);
      if (!fn) {
        refs.set(ref, (fn = `${name}_${refs.size}`));
        pending.push(ref);
      }
      return fn;
    };
    const check = `${name}_check`;
    this.function(check, (scope) => emitCheck(schema, "d", "p", scope), refName);
    for (let ref = pending.shift(); ref !== undefined; ref = pending.shift()) {
      const target = resolveRef(schema, ref, name);
      this.function(refs.get(ref)!, (scope) => emitCheck(target, "d", "p", scope), refName);
    }
    return check;
  }

  /** The code written so far, with these validator declarations after it. */
  code(validators: readonly string[]): ValidatorCode {
    return { hoisted: this.hoisted, formats: [...this.formats].sort(), functionNames: this.functionNames, functionBodies: this.functionBodies, validators };
  }

  private function(name: string, emit: (scope: CheckScope) => string, ref: (ref: string) => string): void {
    let locals = 0;
    const scope: CheckScope = {
      constant: (value) => this.constant(value),
      pattern: (source) => this.pattern(source),
      format: (format) => this.format(format),
      local: (prefix) => `${prefix}${++locals}`,
      shared: (schema) => this.shared(schema),
      ref,
    };
    const body = flatten(emit(scope));
    this.functionNames.push(name);
    this.functionBodies.push(body);
  }

  private shared(schema: JsonSchema): string | undefined {
    const id = this.sharedSchemas.sharedId(schema);
    if (id === undefined) return undefined;
    let name = this.sharedNames.get(id);
    if (!name) {
      this.sharedNames.set(id, (name = `s${this.sharedNames.size}`));
      // Shared subschemas hold no `$ref`, so the body needs no root.
      this.function(name, (scope) => emitSchema(schema as { [keyword: string]: unknown }, "d", "p", scope), () => {
        throw new Error("toolgen: a shared subschema holds a $ref");
      });
    }
    return name;
  }

  private constant(value: unknown): string {
    const json = JSON.stringify(value);
    let name = this.constants.get(json);
    if (!name) {
      this.constants.set(json, (name = `k${this.constants.size}`));
      this.hoisted.push(`const ${name}=${json};`);
    }
    return name;
  }

  private pattern(source: string): string {
    let name = this.patterns.get(source);
    if (!name) {
      try {
        new RegExp(source, "u");
      } catch (error) {
        throw new Error(`toolgen: the pattern ${JSON.stringify(source)} is not a valid regular expression (${(error as Error).message})`);
      }
      this.patterns.set(source, (name = `r${this.patterns.size}`));
      this.hoisted.push(`const ${name}=new RegExp(${JSON.stringify(source)},"u");`);
    }
    return name;
  }

  /** The imported check of a format; undefined for one that checks nothing on strings (or is unknown), as in ajv. */
  private format(format: string): string | undefined {
    if (!CHECKED.has(format)) return undefined;
    const name = exportOf(format);
    this.formats.add(name);
    return `$f_${name}`;
  }
}

/** A local reference (`#`, `#/$defs/…`) of a root schema, or an error naming the validator. */
function resolveRef(root: JsonSchema, ref: string, owner: string): JsonSchema {
  try {
    return resolveLocalRef(root, ref);
  } catch (error) {
    throw new Error(`toolgen: in the input schema of ${owner}, ${(error as Error).message}`);
  }
}

/**
 * The same text, stored flat. A check's code is built by many `+=`, which V8 keeps as a tree
 * of the partial strings until the text is read; kept as is until the module is joined, those
 * trees survive into the old generation (about 4 MiB for 1,000 tools, and the time to copy
 * them). Any search flattens a string in place, and the partial strings die young.
 */
function flatten(text: string): string {
  text.indexOf("\0");
  return text;
}
