// Which URLs real Playwright (Node, @playwright/test's playwright-core) routes by which globs: reads
// [{"glob": G, "url": U}, …] as JSON on stdin, opens ORIGIN in Chromium, and for each glob routes G
// (after a catch-all), fetches each of its pairs' URLs from the page at once and prints whether G's
// handler answered, a JSON list in the order of the pairs.
//
//   node tests/route_globs.mjs ORIGIN CHROMIUM < pairs.json     (from the repository root)

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { chromium } = createRequire(join(process.cwd(), "noop.js"))("@playwright/test");
const [origin, executablePath] = process.argv.slice(2);
const pairs = JSON.parse(readFileSync(0, "utf8"));
const browser = await chromium.launch({ executablePath, args: ["--disable-quic"] });
const byGlob = new Map();
for (const { glob, url } of pairs) byGlob.set(glob, [...(byGlob.get(glob) ?? []), url]);
const routed = new Map();          // glob → url → whether the glob's handler answered
try {
  const page = await browser.newPage();
  await page.goto(origin);
  const cors = { "Access-Control-Allow-Origin": "*" };
  for (const [glob, urls] of byGlob) {
    await page.unrouteAll();
    await page.route(/.*/, (route) => route.fulfill({ body: "other", headers: cors }));
    await page.route(glob, (route) => route.fulfill({ body: "glob", headers: cors }));
    const answers = await page.evaluate((us) => Promise.all(us.map((u) => fetch(u).then((r) => r.text()))), urls);
    routed.set(glob, new Map(urls.map((url, i) => [url, answers[i] === "glob"])));
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(pairs.map(({ glob, url }) => routed.get(glob).get(url))));
