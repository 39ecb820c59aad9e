/**
 * Every diagnostic toolgen reports, with a stable code. Codes are grouped by area:
 * TG1xxx declarations and tags, TG2xxx types, TG3xxx arguments and defaults,
 * TG4xxx names and URIs, TG9xxx configuration and internal.
 * A code is never reused for another meaning.
 */
export const DiagnosticCode = {
  UnknownTag: "TG1001",
  TagOnWrongDeclaration: "TG1002",
  NotExported: "TG1003",
  MissingDescription: "TG1004",
  ExternalWithBody: "TG1005",
  ConflictingKinds: "TG1006",
  InvalidTagValue: "TG1007",
  ParamTagWithoutParameter: "TG1008",

  UnsupportedType: "TG2001",
  AnyOrUnknown: "TG2002",
  HiddenRequiredProperty: "TG2003",
  InvalidConstraint: "TG2004",
  DefaultDoesNotMatch: "TG2005",

  DefaultNotConstant: "TG3001",
  UnsuppliableContext: "TG3002",
  AliasCollision: "TG3003",

  DuplicateName: "TG4001",
  InvalidName: "TG4002",
  UriVariableWithoutParameter: "TG4003",
  InvalidUri: "TG4004",

  InvalidConfig: "TG9001",
} as const;

export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];
