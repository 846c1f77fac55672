// Which URLs real Playwright (Node, @playwright/test's playwright-core) routes by which globs: reads
// [{"glob": G, "url": U}, …] as JSON on stdin, opens ORIGIN in Chromium, and for each pair routes G
// (after a catch-all), fetches U from the page and prints whether G's handler answered, as a JSON list.
//
//   node tests/route_globs.mjs ORIGIN CHROMIUM < pairs.json     (from the repository root)

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { chromium } = createRequire(join(process.cwd(), "noop.js"))("@playwright/test");
const [origin, executablePath] = process.argv.slice(2);
const pairs = JSON.parse(readFileSync(0, "utf8"));
const browser = await chromium.launch({ executablePath, args: ["--disable-quic"] });
const verdicts = [];
try {
  const page = await browser.newPage();
  await page.goto(origin);
  const cors = { "Access-Control-Allow-Origin": "*" };
  for (const { glob, url } of pairs) {
    await page.unrouteAll();
    await page.route(/.*/, (route) => route.fulfill({ body: "other", headers: cors }));
    await page.route(glob, (route) => route.fulfill({ body: "glob", headers: cors }));
    verdicts.push((await page.evaluate((u) => fetch(u).then((r) => r.text()), url)) === "glob");
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(verdicts));
