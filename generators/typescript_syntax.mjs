// Syntax check for generated @playwright/test specs, using the pinned `typescript` package.
//
//   node generators/typescript_syntax.mjs [FILE]     (reads stdin when FILE is absent)
//
// Prints the syntactic diagnostics as JSON, one object per diagnostic:
//   [{"line": 3, "column": 15, "message": "Unterminated string literal.", "code": 1002}]
// (line and column are 1-based). Only syntax is checked, not types: no lib, no imports resolved,
// so `@playwright/test` need not be installed for the check to work.
//
// Exit status: 0 clean (prints []), 1 diagnostics, 2 usage or read error,
// 3 the `typescript` package cannot be loaded (run ./dev setup, which runs npm ci).
//
// `typescript` is resolved from the current working directory, as Node resolves a bare import from
// a file there: ./node_modules, then each parent's. The caller runs this from the repository root,
// where npm ci puts node_modules/.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

function loadTypeScript() {
  try {
    return createRequire(join(process.cwd(), "noop.js"))("typescript");
  } catch (err) {
    if (err?.code === "MODULE_NOT_FOUND") return null;
    throw err;
  }
}

const args = process.argv.slice(2);
if (args.length > 1 || args[0] === "-h" || args[0] === "--help") {
  process.stderr.write("usage: node typescript_syntax.mjs [FILE]   (reads stdin without FILE)\n");
  process.exit(2);
}

const ts = loadTypeScript();
if (ts === null) {
  process.stderr.write(
    `typescript_syntax: cannot load the 'typescript' package (no node_modules/typescript in ` +
      `${process.cwd()} or above); run ./dev setup, which runs npm ci\n`,
  );
  process.exit(3);
}

let source;
const fileName = args[0] ?? "generated.spec.ts";
try {
  source = readFileSync(args[0] ?? 0, "utf8");
} catch (err) {
  process.stderr.write(`typescript_syntax: cannot read ${args[0] ?? "stdin"}: ${err.message}\n`);
  process.exit(2);
}

// A one-file program with an in-memory host: nothing else is read, nothing is resolved.
const options = { noLib: true, noResolve: true, types: [], target: ts.ScriptTarget.ES2022 };
const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
const host = {
  getSourceFile: (name) => (name === fileName ? sourceFile : undefined),
  getDefaultLibFileName: () => "lib.d.ts",
  writeFile: () => {},
  getCurrentDirectory: () => "",
  getCanonicalFileName: (name) => name,
  useCaseSensitiveFileNames: () => true,
  getNewLine: () => "\n",
  fileExists: (name) => name === fileName,
  readFile: (name) => (name === fileName ? source : undefined),
};
const program = ts.createProgram({ rootNames: [fileName], options, host });
const diagnostics = program.getSyntacticDiagnostics(sourceFile).map((d) => {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0);
  return {
    line: line + 1,
    column: character + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    code: d.code,
  };
});

process.stdout.write(JSON.stringify(diagnostics) + "\n");
process.exit(diagnostics.length === 0 ? 0 : 1);
