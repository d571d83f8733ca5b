// Plain JavaScript on purpose: this must run, and fail loudly, on any Node version.
const [major, minor] = process.versions.node.split(".").map(Number);
const ok = major > 22 || (major === 22 && minor >= 22);
if (!ok) {
  console.error(
    [
      "",
      `  Workspace needs Node.js 22.22 or newer; this is Node.js ${process.versions.node}.`,
      "  Run commands through npm (npm start, npm test, npm run ...), which uses the",
      "  Node.js 24 installed as a dev dependency by `npm install`.",
      "",
    ].join("\n"),
  );
  process.exit(1);
}
