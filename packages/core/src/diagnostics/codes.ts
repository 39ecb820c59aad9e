/**
 * Every diagnostic toolgen reports, with a stable code. Codes are grouped by area:
 * TG1xxx declarations and tags, TG2xxx types, TG3xxx arguments and defaults,
 * TG4xxx names and URIs, TG9xxx configuration and internal.
 * A code is never reused for another meaning; `docs/analyzer.md` has an example of each,
 * and `fixtures/analyzer/errors/<code>-*` a fixture.
 */
export const DiagnosticCode = {
  /** warning: a JSDoc tag toolgen does not know (with a did-you-mean). */
  UnknownTag: "TG1001",
  /** An entry tag where it cannot apply (`@tool` on a non-function, `@role` on a tool…). */
  TagOnWrongDeclaration: "TG1002",
  /** A tagged declaration the generated registry cannot import. */
  NotExported: "TG1003",
  // TG1004 (a missing description) is the lint rule description-missing, TG5001, now.
  /** A function without a body (`declare function`, overload) not tagged `@external`. */
  AmbientWithoutExternal: "TG1005",
  /** More than one of `@tool`, `@prompt`, `@resource` on one declaration. */
  ConflictingKinds: "TG1006",
  /** A tag whose value cannot be read (`@minimum abc`, `@role system`…). */
  InvalidTagValue: "TG1007",
  /** warning: `@param`/`@alias` naming a parameter or property that does not exist. */
  ParamTagWithoutParameter: "TG1008",
  /** An overloaded function tagged as an entry: a tool has exactly one signature. */
  OverloadedEntry: "TG1009",
  /** warning: a `@toolset` whose constructor needs arguments, which the runtime does not pass. */
  ToolsetConstructor: "TG1010",
  /** warning: a doc comment after code on its line, which TypeScript attaches to nothing. */
  DetachedDocComment: "TG1011",

  /** A type JSON cannot carry: functions, symbols, bigint, Map/Set, classes with methods, never… */
  UnsupportedType: "TG2001",
  /** `any`/`unknown` in a strict build. */
  AnyOrUnknown: "TG2002",
  /** `@hidden` on a required property. */
  HiddenRequiredProperty: "TG2003",
  /** A constraint that cannot apply to its type, or contradicts another (`@minimum 5 @maximum 1`). */
  InvalidConstraint: "TG2004",
  /** A default (`@default` or initializer) that its own schema rejects. */
  DefaultDoesNotMatch: "TG2005",
  /** A type that keeps expanding (a generic that instantiates itself with a new argument forever). */
  TypeTooDeep: "TG2006",
  /** A prompt whose return type is neither a string nor a list of messages. */
  PromptResult: "TG2007",
  /** A pattern (`@pattern`, a template literal type) that can backtrack super-linearly on some input. */
  SlowPattern: "TG2008",

  /** A default initializer that is not a constant JSON value. */
  DefaultNotConstant: "TG3001",
  /** A `ToolContext` the runtime cannot supply (inside an argument, or mixed with other types). */
  UnsuppliableContext: "TG3002",
  /** Two arguments or properties exposed under the same name (`@alias`). */
  AliasCollision: "TG3003",
  /** A rest parameter: the arguments object has no order for it. */
  RestParameter: "TG3004",
  /** A destructured parameter beside other argument parameters (it has no name to expose). */
  UnnamedParameter: "TG3005",

  /** The same entry name twice in the program. */
  DuplicateName: "TG4001",
  /** An entry, toolset or definition name outside `^[A-Za-z0-9._-]{1,128}$`. */
  InvalidName: "TG4002",
  /** A URI template variable with no parameter of that name. */
  UriVariableWithoutParameter: "TG4003",
  /** A resource URI that is not a URI or not an RFC 6570 level-1 template. */
  InvalidUri: "TG4004",
  /** The same resource URI on two resources. */
  DuplicateUri: "TG4005",
  /** A required resource parameter that some URI template does not bind. */
  UnboundResourceParameter: "TG4006",
  /** A URI template variable whose parameter takes only objects or arrays: a URI carries text. */
  UncarriedUriVariable: "TG4007",
  /** An entry in a file whose path holds `#`, `%` or `?`: no import specifier reaches it for both tsc and Node.js. */
  UnimportableFileName: "TG4008",

  /** Configuration the analyzer cannot use. */
  InvalidConfig: "TG9001",
  /** The analyzer failed on this declaration (a bug in toolgen: please report it). */
  InternalError: "TG9002",
} as const;

export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];
