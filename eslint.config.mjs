// ESLint for verdex's page script (verdex/bridge/*.js). The parts are the body of one function, so they
// are linted together: tests/test_page_script.py writes them, concatenated in their order, to one module
// (`export const pageScript = (config) => { …parts… }`) and lints that, mapping findings back to parts.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      "no-shadow": "off",
      eqeqeq: ["error", "smart"],
      "no-implicit-globals": "error",
    },
  },
];
