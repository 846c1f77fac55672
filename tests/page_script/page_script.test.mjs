// Unit tests of verdex's page script (verdex/bridge/*.js), on the real Chromium, with node's test runner:
//
//   PAGE_SCRIPT=bundle.js VERDEX_CHROMIUM=/path/to/chromium node --test tests/page_script/
//
// tests/test_page_script.py writes the bundle (the parts in their order, as one function: the same text
// verdex injects) and runs this file as part of ./dev test. Each test loads a small page, installs the
// script in the page and reads what its methods answer: roles and accessible names, the snapshot's
// lines and refs, the locator candidates and containers of a button in a card, and that the script
// leaves nothing in the page's global scope but its own entry point.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";

const SOURCE = readFileSync(process.env.PAGE_SCRIPT, "utf-8");
const EXECUTABLE = process.env.VERDEX_CHROMIUM || "/usr/lib/chromium/chromium-headless-shell";

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: EXECUTABLE, args: ["--disable-quic"] });
});
after(async () => {
  await browser?.close();
});

async function pageWith(html) {
  const page = await browser.newPage();
  await page.setContent(html);
  await page.evaluate((source) => {
    // eslint-disable-next-line no-eval -- the bundle is one function expression, as verdex evaluates it
    (0, eval)(source)({ refBase: 1, testIdAttribute: "data-testid", refPrefix: "" });
  }, SOURCE);
  return page;
}

const call = (page, method, args) => page.evaluate(([m, a]) => window.__verdex.call(m, a), [method, args]);

async function snapshotText(html) {
  const page = await pageWith(html);
  try {
    const answer = await call(page, "snapshot", { observation_id: "o1", mode: "full" });
    return answer.text;
  } finally {
    await page.close();
  }
}

test("accessible names come from aria-labelledby, label[for], alt, title and content", async () => {
  const text = await snapshotText(`
    <span id="t">Search the shop</span><input aria-labelledby="t">
    <label for="mail">Email</label><input id="mail" type="email">
    <img src="data:," alt="Company logo">
    <button title="Close dialog"></button>
    <a href="/cart">Cart <b>(2)</b></a>`);
  assert.match(text, /textbox "Search the shop" \[ref=e\d+\]/);
  assert.match(text, /textbox "Email" \[ref=e\d+\]/);
  assert.match(text, /img "Company logo"/);
  assert.match(text, /button "Close dialog" \[ref=e\d+\]/);
  assert.match(text, /link "Cart \(2\)" \[ref=e\d+\]/);
});

test("implicit roles of common elements", async () => {
  const text = await snapshotText(`
    <nav><ul><li><a href="/a">A</a></li></ul></nav>
    <main><h2>Orders</h2>
      <input type="checkbox" aria-label="Select all"> <select aria-label="Sort"><option>Price</option></select>
      <table><tr><th>Item</th></tr><tr><td>Pen</td></tr></table></main>`);
  for (const role of ["navigation", "list", "listitem", "link", "main", 'heading "Orders"', 'checkbox "Select all"',
    'combobox "Sort"', "table", "row", 'columnheader "Item"', 'cell "Pen"']) {
    assert.ok(text.includes(`- ${role}`), `${role} missing from:\n${text}`);
  }
});

test("every interactive element has a ref and no ref repeats", async () => {
  const text = await snapshotText(`<button>One</button><button>Two</button><a href="#x">Three</a><input aria-label="Four">`);
  const refs = [...text.matchAll(/\[ref=(e\d+)\]/g)].map((m) => m[1]);
  assert.equal(new Set(refs).size, refs.length);
  for (const name of ["One", "Two", "Three", "Four"]) assert.match(text, new RegExp(`"${name}" \\[ref=e\\d+\\]`));
});

test("a button repeated in cards is told apart by its card's heading", async () => {
  const page = await pageWith(`
    <article data-testid="card"><h3>Pixel 8</h3><p>$599</p><button>Buy</button></article>
    <article data-testid="card"><h3>Galaxy S24</h3><p>$799</p><button>Buy</button></article>`);
  try {
    const text = (await call(page, "snapshot", { observation_id: "o1", mode: "full" })).text;
    const lines = text.split("\n");
    const after = lines.findIndex((line) => line.includes('heading "Galaxy S24"'));
    const ref = lines.slice(after).join("\n").match(/button "Buy" \[ref=(e\d+)\]/)[1];
    const answer = await call(page, "candidates", { ref });
    const role = answer.candidates.find((c) => c.kind === "role");
    assert.equal(role.estimate, 2, "the button's own role and name match both cards' buttons");
    const byTestId = answer.containers[0].ways.find((way) => way.test_id === "card");
    assert.ok(byTestId, JSON.stringify(answer.containers));
    assert.match(byTestId.text, /Galaxy S24/);
    assert.equal(byTestId.estimates["role:button:Buy"], 1, "card + text tells the one button apart");
  } finally {
    await page.close();
  }
});

test("without test ids, a card is found by its role and its heading, never by its price", async () => {
  const page = await pageWith(`
    <article><h3>Pixel 8</h3><p>$599</p><button>Buy</button></article>
    <article><h3>Galaxy S24</h3><p>$799</p><button>Buy</button></article>`);
  try {
    const text = (await call(page, "snapshot", { observation_id: "o1", mode: "full" })).text;
    const ref = text.split("\n").filter((line) => line.includes('button "Buy"'))[1].match(/\[ref=(e\d+)\]/)[1];
    const answer = await call(page, "candidates", { ref });
    const ways = answer.containers[0].ways;
    assert.deepEqual(ways[0], { strategy: "role_has", role: "article", has: { role: "heading", name: "Galaxy S24" },
      estimates: { "role:button:Buy": 1 } });
    assert.ok(!JSON.stringify(ways).includes("$799"), JSON.stringify(ways));
  } finally {
    await page.close();
  }
});

test("the script adds one global, its entry point, and nothing else", async () => {
  const page = await browser.newPage();
  try {
    await page.setContent("<button>Hi</button>");
    const before = await page.evaluate(() => Object.getOwnPropertyNames(window));
    await page.evaluate((source) => {
      (0, eval)(source)({ refBase: 1, testIdAttribute: "data-testid", refPrefix: "" });
      window.__verdex.call("snapshot", { observation_id: "o1", mode: "full" });
    }, SOURCE);
    const added = (await page.evaluate(() => Object.getOwnPropertyNames(window))).filter((n) => !before.includes(n));
    assert.deepEqual(added, ["__verdex"]);
    const attributes = await page.evaluate(() => [...document.querySelectorAll("*")].flatMap((e) => e.getAttributeNames()));
    assert.deepEqual(attributes.filter((a) => a.includes("verdex")), []);
  } finally {
    await page.close();
  }
});
