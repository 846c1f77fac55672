// Node-RED's flow editor on 127.0.0.1 with a seeded flow (node_red_flows.json: an inject, a function and a
// debug node) in a fresh user folder, removed when it stops. Only the flow and the settings are ours.
// Usage: node node_red.js NPM_FOLDER PORT   (NPM_FOLDER: where ./dev installed node-red, .apps-npm/node-red)
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

const [folder, port] = process.argv.slice(2);
const userDir = fs.mkdtempSync(path.join(os.tmpdir(), "node-red-"));
fs.copyFileSync(path.join(__dirname, "node_red_flows.json"), path.join(userDir, "flows.json"));
process.on("exit", () => fs.rmSync(userDir, { recursive: true, force: true }));
process.argv = [process.argv[0], "red.js", "--port", port, "--userDir", userDir,
                "--settings", path.join(__dirname, "node_red_settings.js")];
require(path.join(path.resolve(folder), "node_modules", "node-red", "red.js"));
