import type * as ts from "typescript";

/** A default value, or the sub-expression that kept it from being one. */
export type Evaluated = { ok: true; value: unknown } | { ok: false; at: ts.Node };

/**
 * Evaluates a default initializer to JSON at build time: literals, negative numbers, enum
 * members, `const` variables with such initializers, template strings of those, and arrays
 * and objects (with spreads) built from them. Anything else is reported by the caller at `at`.
 * `undefined` evaluates to `undefined` (no default).
 */
export function evaluateInitializer(tsm: typeof ts, checker: ts.TypeChecker, expression: ts.Expression): Evaluated {
  return evaluate(tsm, checker, expression, new Set());
}

function evaluate(tsm: typeof ts, checker: ts.TypeChecker, e: ts.Expression, visiting: Set<ts.Node>): Evaluated {
  const ok = (value: unknown): Evaluated => ({ ok: true, value });
  const fail: Evaluated = { ok: false, at: e };
  if (tsm.isParenthesizedExpression(e) || tsm.isAsExpression(e) || tsm.isSatisfiesExpression(e) || tsm.isTypeAssertionExpression(e) || tsm.isNonNullExpression(e)) {
    return evaluate(tsm, checker, e.expression, visiting);
  }
  if (tsm.isStringLiteral(e) || tsm.isNoSubstitutionTemplateLiteral(e)) return ok(e.text);
  if (tsm.isNumericLiteral(e)) return finite(Number(e.text), e);
  if (e.kind === tsm.SyntaxKind.TrueKeyword) return ok(true);
  if (e.kind === tsm.SyntaxKind.FalseKeyword) return ok(false);
  if (e.kind === tsm.SyntaxKind.NullKeyword) return ok(null);
  if (tsm.isPrefixUnaryExpression(e) && (e.operator === tsm.SyntaxKind.MinusToken || e.operator === tsm.SyntaxKind.PlusToken)) {
    const operand = evaluate(tsm, checker, e.operand, visiting);
    if (!operand.ok) return operand;
    if (typeof operand.value !== "number") return fail;
    return finite(e.operator === tsm.SyntaxKind.MinusToken ? -operand.value : operand.value, e);
  }
  if (tsm.isTemplateExpression(e)) {
    let text = e.head.text;
    for (const span of e.templateSpans) {
      const part = evaluate(tsm, checker, span.expression, visiting);
      if (!part.ok) return part;
      if (part.value !== null && typeof part.value === "object") return { ok: false, at: span.expression };
      text += String(part.value) + span.literal.text;
    }
    return ok(text);
  }
  if (tsm.isPropertyAccessExpression(e) || tsm.isElementAccessExpression(e)) return evaluateMember(tsm, checker, e, visiting);
  if (tsm.isIdentifier(e)) {
    if (e.text === "undefined") return ok(undefined);
    return evaluateConstant(tsm, checker, e, visiting);
  }
  if (tsm.isArrayLiteralExpression(e)) {
    const items: unknown[] = [];
    for (const element of e.elements) {
      if (tsm.isSpreadElement(element)) {
        const spread = evaluate(tsm, checker, element.expression, visiting);
        if (!spread.ok) return spread;
        if (!Array.isArray(spread.value)) return { ok: false, at: element };
        items.push(...(spread.value as unknown[]));
        continue;
      }
      const item = evaluate(tsm, checker, element, visiting);
      if (!item.ok) return item;
      if (item.value === undefined) return { ok: false, at: element };
      items.push(item.value);
    }
    return ok(items);
  }
  if (tsm.isObjectLiteralExpression(e)) return evaluateObject(tsm, checker, e, visiting);
  return fail;
}

function evaluateObject(tsm: typeof ts, checker: ts.TypeChecker, e: ts.ObjectLiteralExpression, visiting: Set<ts.Node>): Evaluated {
  const object: Record<string, unknown> = {};
  for (const property of e.properties) {
    if (tsm.isSpreadAssignment(property)) {
      const spread = evaluate(tsm, checker, property.expression, visiting);
      if (!spread.ok) return spread;
      if (spread.value === null || typeof spread.value !== "object" || Array.isArray(spread.value)) return { ok: false, at: property };
      Object.assign(object, spread.value);
      continue;
    }
    const value = tsm.isPropertyAssignment(property)
      ? evaluate(tsm, checker, property.initializer, visiting)
      : tsm.isShorthandPropertyAssignment(property)
        ? evaluate(tsm, checker, property.name, visiting)
        : ({ ok: false, at: property } as const);
    if (!value.ok) return value;
    const key = propertyKey(tsm, property.name!);
    if (key === undefined) return { ok: false, at: property.name ?? property };
    if (value.value !== undefined) object[key] = value.value;
  }
  return { ok: true, value: object };
}

function propertyKey(tsm: typeof ts, name: ts.PropertyName): string | undefined {
  if (tsm.isIdentifier(name) || tsm.isStringLiteral(name) || tsm.isNumericLiteral(name) || tsm.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (tsm.isComputedPropertyName(name) && (tsm.isStringLiteral(name.expression) || tsm.isNumericLiteral(name.expression))) return name.expression.text;
  return undefined;
}

/** An enum member (`Color.Green`), or a property of a `const` object literal (`DEFAULTS.limit`). */
function evaluateMember(tsm: typeof ts, checker: ts.TypeChecker, e: ts.PropertyAccessExpression | ts.ElementAccessExpression, visiting: Set<ts.Node>): Evaluated {
  // The symbol must be resolved before the checker knows the access's constant value.
  const symbol = checker.getSymbolAtLocation(tsm.isPropertyAccessExpression(e) ? e.name : e.argumentExpression);
  const declaration = symbol?.valueDeclaration;
  // A const through a namespace import or a namespace (`C.PAGE_SIZE`), as the const itself.
  if (symbol && (symbol.flags & tsm.SymbolFlags.Alias || (declaration && tsm.isVariableDeclaration(declaration)))) return constantOf(tsm, checker, symbol, e, visiting);
  if (declaration && tsm.isEnumMember(declaration)) {
    const value = checker.getConstantValue(declaration);
    return value === undefined ? { ok: false, at: e } : { ok: true, value };
  }
  if (declaration && tsm.isPropertyAssignment(declaration) && !visiting.has(declaration)) {
    const owner = evaluate(tsm, checker, e.expression, visiting);
    if (owner.ok && owner.value !== null && typeof owner.value === "object" && Object.hasOwn(owner.value, symbol!.getName())) {
      return { ok: true, value: (owner.value as Record<string, unknown>)[symbol!.getName()] };
    }
  }
  return { ok: false, at: e };
}

/** `const LIMIT = 10` used as `limit = LIMIT`: follow the binding to its constant initializer. */
function evaluateConstant(tsm: typeof ts, checker: ts.TypeChecker, e: ts.Identifier, visiting: Set<ts.Node>): Evaluated {
  const symbol = checker.getSymbolAtLocation(e);
  return symbol ? constantOf(tsm, checker, symbol, e, visiting) : { ok: false, at: e };
}

/** The value of the `const` a symbol (or the alias of one) binds, evaluated from its initializer. */
function constantOf(tsm: typeof ts, checker: ts.TypeChecker, bound: ts.Symbol, e: ts.Expression, visiting: Set<ts.Node>): Evaluated {
  const symbol = bound.flags & tsm.SymbolFlags.Alias ? checker.getAliasedSymbol(bound) : bound;
  const declaration = symbol.valueDeclaration;
  if (!declaration || !tsm.isVariableDeclaration(declaration) || !declaration.initializer || visiting.has(declaration)) return { ok: false, at: e };
  const list = declaration.parent;
  if (!tsm.isVariableDeclarationList(list) || !(list.flags & tsm.NodeFlags.Const)) return { ok: false, at: e };
  visiting.add(declaration);
  const value = evaluate(tsm, checker, declaration.initializer, visiting);
  visiting.delete(declaration);
  return value.ok ? value : { ok: false, at: e };
}

function finite(n: number, at: ts.Node): Evaluated {
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, at };
}
