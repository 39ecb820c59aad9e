import type * as ts from "typescript";

/**
 * Evaluates a parameter's default initializer to JSON at build time: literals, negative
 * numbers, enum members, template strings without substitutions, and arrays and objects of
 * those. Returns `undefined` for anything else (the caller reports it).
 */
export function evaluateInitializer(tsm: typeof ts, checker: ts.TypeChecker, expression: ts.Expression): { value: unknown } | undefined {
  const e = expression;
  if (tsm.isParenthesizedExpression(e) || tsm.isAsExpression(e) || tsm.isSatisfiesExpression(e)) return evaluateInitializer(tsm, checker, e.expression);
  if (tsm.isStringLiteral(e) || tsm.isNoSubstitutionTemplateLiteral(e)) return { value: e.text };
  if (tsm.isNumericLiteral(e)) return { value: Number(e.text) };
  if (e.kind === tsm.SyntaxKind.TrueKeyword) return { value: true };
  if (e.kind === tsm.SyntaxKind.FalseKeyword) return { value: false };
  if (e.kind === tsm.SyntaxKind.NullKeyword) return { value: null };
  if (tsm.isPrefixUnaryExpression(e) && tsm.isNumericLiteral(e.operand)) {
    if (e.operator === tsm.SyntaxKind.MinusToken) return { value: -Number(e.operand.text) };
    if (e.operator === tsm.SyntaxKind.PlusToken) return { value: Number(e.operand.text) };
  }
  if (tsm.isPropertyAccessExpression(e) || tsm.isElementAccessExpression(e)) {
    const constant = checker.getConstantValue(e);
    if (constant !== undefined) return { value: constant };
    return undefined;
  }
  if (tsm.isArrayLiteralExpression(e)) {
    const items: unknown[] = [];
    for (const element of e.elements) {
      const item = evaluateInitializer(tsm, checker, element);
      if (!item) return undefined;
      items.push(item.value);
    }
    return { value: items };
  }
  if (tsm.isObjectLiteralExpression(e)) {
    const object: Record<string, unknown> = {};
    for (const property of e.properties) {
      if (!tsm.isPropertyAssignment(property)) return undefined;
      const key = tsm.isIdentifier(property.name) || tsm.isStringLiteral(property.name) || tsm.isNumericLiteral(property.name) ? property.name.text : undefined;
      if (key === undefined) return undefined;
      const value = evaluateInitializer(tsm, checker, property.initializer);
      if (!value) return undefined;
      object[key] = value.value;
    }
    return { value: object };
  }
  return undefined;
}
