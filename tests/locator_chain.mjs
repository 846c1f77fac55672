// The locator a generated @playwright/test spec clicks, as data: parses FILE with the pinned `typescript`
// package and prints the receiver chain of its last `.click()` call as JSON, e.g.
//   [{"method": "getByRole", "args": ["button", {"name": "Save", "exact": true}]}]
// String, number and boolean literals, object literals, regex literals and `new RegExp(s, f)` are read;
// anything else is refused (exit 1), so nothing from the file is ever evaluated.
//
//   node tests/locator_chain.mjs FILE      (run from the repository root, where node_modules/ is)

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const ts = createRequire(join(process.cwd(), "noop.js"))("typescript");
const file = process.argv[2];
const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);

function literal(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isRegularExpressionLiteral(node)) {
    const text = node.text;
    const end = text.lastIndexOf("/");
    return { regex: text.slice(1, end), flags: text.slice(end + 1) };
  }
  if (ts.isNewExpression(node) && node.expression.getText() === "RegExp") {
    const [pattern, flags] = (node.arguments ?? []).map(literal);
    return { regex: pattern, flags: flags ?? "" };
  }
  if (ts.isObjectLiteralExpression(node)) {
    return Object.fromEntries(node.properties.map((p) => {
      if (!ts.isPropertyAssignment(p)) throw new Error(`not a literal: ${p.getText()}`);
      return [p.name.getText().replace(/^["']|["']$/g, ""), literal(p.initializer)];
    }));
  }
  throw new Error(`not a literal: ${node.getText()}`);
}

function chain(node) {
  if (ts.isIdentifier(node) && node.text === "page") return [];
  if (ts.isPropertyAccessExpression(node)) return [...chain(node.expression), { method: node.name.text, args: null }];
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    return [...chain(node.expression.expression),
            { method: node.expression.name.text, args: node.arguments.map(literal) }];
  }
  throw new Error(`not a locator chain: ${node.getText()}`);
}

let clicked = null;
(function visit(node) {
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)
      && node.expression.name.text === "click") clicked = node.expression.expression;
  ts.forEachChild(node, visit);
})(source);

try {
  if (clicked === null) throw new Error("no .click() call");
  process.stdout.write(JSON.stringify(chain(clicked)) + "\n");
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
