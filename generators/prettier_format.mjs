// Formats a generated @playwright/test spec with the pinned `prettier` package.
//
//   node generators/prettier_format.mjs < spec.ts > formatted.ts
//
// Prettier parses the spec with TypeScript's own parser before it formats it, so this is also the spec's
// syntax check: a source that does not parse prints its first error as JSON, the shape
// typescript_syntax.mjs prints: [{"line": 4, "column": 47, "message": "Unterminated string literal."}].
//
// Exit status: 0 formatted (the source on stdout), 1 a syntax error (on stdout), 2 prettier failed (its
// message on stderr), 3 the `prettier` package cannot be loaded from the working directory or above.

import { createRequire } from "node:module";
import { join } from "node:path";
import { readFileSync } from "node:fs";

let prettier;
try {
  prettier = createRequire(join(process.cwd(), "noop.js"))("prettier");
} catch (err) {
  if (err?.code !== "MODULE_NOT_FOUND") throw err;
  process.stderr.write(`prettier_format: no node_modules/prettier in ${process.cwd()} or above\n`);
  process.exit(3);
}

try {
  // the width of the Python files black writes, so both targets read alike
  const formatted = await prettier.format(readFileSync(0, "utf8"), { parser: "typescript", printWidth: 100 });
  process.stdout.write(formatted);
} catch (err) {
  if (err?.loc?.start) {
    // prettier's message ends with the place, "Unterminated string literal. (4:47)": said once, apart
    const message = err.message.split("\n")[0].replace(/ \(\d+:\d+\)$/, "");
    process.stdout.write(JSON.stringify([{ line: err.loc.start.line, column: err.loc.start.column, message }]) + "\n");
    process.exit(1);
  }
  process.stderr.write(`prettier_format: ${err.message}\n`);
  process.exit(2);
}
