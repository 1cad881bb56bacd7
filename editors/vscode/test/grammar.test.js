// The extension as VS Code loads it: the manifest's contributions point at files that exist,
// activation does not happen for every .sql file, the language configuration closes quotes
// (without it, completion in a half-typed string has no closing quote to stop at), and the
// TextMate grammar, run by vscode-textmate with Oniguruma (VS Code's own engine), scopes Flink
// SQL as it should. Run with test/run.sh (or `npm test` after `npm install`).
const assert = require("assert");
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const root = path.join(__dirname, "..");
const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
const manifest = JSON.parse(read("package.json"));

// The manifest.
assert.ok(fs.existsSync(path.join(root, "LICENSE")), "LICENSE");
assert.ok(manifest.repository && manifest.repository.url, "repository");
assert.ok(
  !(manifest.activationEvents || []).includes("onLanguage:sql"),
  "activates on every .sql file"
);
// Formatting: the extension is Flink SQL's default formatter (the server formats documents and
// ranges), and formatting on save is the user's choice, with VS Code's own setting
// (`"[flinksql]": {"editor.formatOnSave": true}`): the extension does not turn it on.
const flinksqlDefaults = (manifest.contributes.configurationDefaults || {})["[flinksql]"] || {};
assert.strictEqual(
  flinksqlDefaults["editor.defaultFormatter"],
  `${manifest.publisher}.${manifest.name}`,
  "the default formatter of flinksql files"
);
assert.ok(!("editor.formatOnSave" in flinksqlDefaults), "format on save is on without the user");
assert.ok(manifest.categories.includes("Formatters"));
const [language] = manifest.contributes.languages;
assert.strictEqual(language.id, "flinksql");
const configuration = JSON.parse(read(language.configuration));
const [grammarEntry] = manifest.contributes.grammars;
assert.strictEqual(grammarEntry.language, "flinksql");
assert.ok(fs.existsSync(path.join(root, grammarEntry.path)), grammarEntry.path);

// The language configuration.
assert.deepStrictEqual(configuration.comments, { lineComment: "--", blockComment: ["/*", "*/"] });
const closes = (open) => configuration.autoClosingPairs.find((p) => p.open === open);
for (const quote of ["'", "`"]) {
  assert.ok(closes(quote), `auto-closes ${quote}`);
  assert.ok(closes(quote).notIn.includes("string"), `${quote} not doubled inside strings`);
}
assert.ok(closes("("));
assert.ok(new RegExp(configuration.wordPattern).test("order_time"));

// The grammar.
async function grammar() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) =>
      scopeName === grammarEntry.scopeName
        ? vsctm.parseRawGrammar(read(grammarEntry.path), path.join(root, grammarEntry.path))
        : null,
  });
  return registry.loadGrammar(grammarEntry.scopeName);
}

/// The scope (innermost) of each token of `line`, as [text, scope] pairs.
function scopes(g, line) {
  const { tokens } = g.tokenizeLine(line, vsctm.INITIAL);
  return tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes[t.scopes.length - 1]]);
}

/// Whether every token of `text` in `line` has `scope` in its scopes (a comment or a string is
/// several tokens: its delimiters and its content).
function scoped(g, line, text, scope) {
  const start = line.indexOf(text);
  assert.ok(start >= 0, `${text} not in ${line}`);
  const end = start + text.length;
  const { tokens } = g.tokenizeLine(line, vsctm.INITIAL);
  const inside = tokens.filter((t) => t.startIndex < end && t.endIndex > start);
  const covered = inside.length > 0 && inside[0].startIndex <= start && inside[inside.length - 1].endIndex >= end;
  return covered && inside.every((t) => t.scopes.includes(scope));
}

grammar()
  .then((g) => {
    const cases = [
      ["CREATE TABLE orders (", "CREATE", "keyword.other.flinksql"],
      ["create table orders (", "table", "keyword.other.flinksql"],
      ["  ts TIMESTAMP(3),", "TIMESTAMP", "storage.type.flinksql"],
      ["  price DECIMAL(10, 2),", "10", "constant.numeric.flinksql"],
      ["  `my col` STRING,", "STRING", "storage.type.flinksql"],
      ["  cost AS UPPER(name),", "UPPER", "support.function.flinksql"],
      ["  b BOOLEAN NOT NULL DEFAULT TRUE", "TRUE", "constant.language.flinksql"],
      ["  x INT -- the key", "-- the key", "comment.line.double-dash.flinksql"],
      ["SELECT /*+ OPTIONS('a' = 'b') */ * FROM t", "/*+ OPTIONS('a' = 'b') */", "comment.block.hint.flinksql"],
      ["/* a block */ SELECT 1", "/* a block */", "comment.block.flinksql"],
    ];
    for (const [line, text, scope] of cases) {
      assert.ok(scoped(g, line, text, scope), `${text} in ${line}: ${JSON.stringify(scopes(g, line))}`);
    }
    // A string with a doubled quote is one string, and what follows it is not in a string.
    const options = "  'comment' = 'it''s', 'k' = 'v'";
    assert.ok(scoped(g, options, "'it''s'", "string.quoted.single.flinksql"), JSON.stringify(scopes(g, options)));
    assert.ok(!scoped(g, options, ", ", "string.quoted.single.flinksql"), JSON.stringify(scopes(g, options)));
    assert.ok(scoped(g, "  `a``b` INT", "`a``b`", "variable.other.quoted.flinksql"));
    console.log(`ok: manifest, language configuration and ${cases.length + 2} grammar cases`);
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
