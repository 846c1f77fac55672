// Node-RED's settings for the real-app corpus (tests/realapps/launchers/node_red.js): local only, no
// telemetry, no tours; everything else is Node-RED's default.
module.exports = {
    uiHost: "127.0.0.1",
    flowFile: "flows.json",
    credentialSecret: false,
    telemetry: { enabled: false },
    diagnostics: { enabled: false, ui: false },
    editorTheme: { tours: false, projects: { enabled: false } },
    logging: { console: { level: "info" } },
};
