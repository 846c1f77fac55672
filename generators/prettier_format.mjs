// Formats generated @playwright/test specs with the pinned `prettier` package, one warm process for many.
//
//   node generators/prettier_format.mjs      (one JSON request a line on stdin, one JSON answer a line on stdout)
//
// A request is {"source": "<the spec>"}; its answer, in the order asked, is one of
//   {"formatted": "<the spec formatted>"}
//   {"errors": [{"line": 4, "column": 47, "message": "Unterminated string literal."}]}   (it does not parse)
//   {"failed": "<prettier's message>"}                                                    (prettier failed)
// Prettier parses the spec with TypeScript's own parser before it formats it, so this is also the spec's syntax
// check; the errors have the shape typescript_syntax.mjs prints. The process ends when stdin ends.
//
// Exit status: 0 stdin ended, 3 the `prettier` package cannot be loaded from the working directory or above.

import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";

let prettier;
try {
  prettier = createRequire(join(process.cwd(), "noop.js"))("prettier");
} catch (err) {
  if (err?.code !== "MODULE_NOT_FOUND") throw err;
  process.stderr.write(`prettier_format: no node_modules/prettier in ${process.cwd()} or above\n`);
  process.exit(3);
}

async function answer(source) {
  try {
    // the width of the Python files black writes, so both targets read alike
    return { formatted: await prettier.format(source, { parser: "typescript", printWidth: 100 }) };
  } catch (err) {
    if (!err?.loc?.start) return { failed: String(err?.message ?? err) };
    // prettier's message ends with the place, "Unterminated string literal. (4:47)": said once, apart
    const message = err.message.split("\n")[0].replace(/ \(\d+:\d+\)$/, "");
    return { errors: [{ line: err.loc.start.line, column: err.loc.start.column, message }] };
  }
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  process.stdout.write(JSON.stringify(await answer(JSON.parse(line).source)) + "\n");
}
