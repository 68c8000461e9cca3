// report_browser_test.js -- the HTML report and the replay viewer in a real
// browser (headless Debian chromium through playwright-core).
//
// Plays real small tournaments with the built arena: morris twice (so the
// pool has a rating history), then one of every other game and morris
// variant. Opens the morris report and checks its rating table against
// ratings.csv, the crosstable, the history chart, the per-bot table and the
// match list. Then, for every game, follows the report's link to match 0's
// replay, steps to the end with the arrow key and compares the final position
// with `arena replay`: the text board with the one `arena replay LOG` prints,
// and what the SVG drew (data-k/data-v of its elements) with the observation
// `arena replay --format json LOG` gives. A screenshot per game stays in OUT.
//
// Usage: node report_browser_test.js --arena ARENA --modules NODE_MODULES --out OUT
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const args = {};
for (let i = 2; i + 1 < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
if (!args.arena || !args.modules || !args.out) {
  console.error("usage: report_browser_test.js --arena ARENA --modules NODE_MODULES --out OUT");
  process.exit(2);
}
const failures = [];
function check(ok, what) {
  if (!ok) { failures.push(what); console.log("FAIL: " + what); }
}
function arena(argv, opts) {
  return execFileSync(args.arena, argv, Object.assign({ encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] }, opts || {}));
}

const out = path.resolve(args.out);
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const results = path.join(out, "results");

// One tournament; returns its directory (printed on the "Results:" line).
function tournament(game, bots, rounds, seed) {
  const text = arena(["tournament", "--game", game, "--bots", ...bots, "--rounds", String(rounds), "-j", "2",
                      "--move-time", "200", "--seed", String(seed), "--out", results]);
  const m = /^Results: (.*?)\/ \(/m.exec(text);
  if (!m) throw new Error("no Results line from the tournament of " + game + ":\n" + text);
  return m[1];
}

// --- the CSV the report must agree with ------------------------------------
function parseCsv(text) {
  const lines = text.trim().split("\n");
  const split = (l) => {
    const cells = []; let cur = "", q = false;
    for (let i = 0; i < l.length; i++) {
      const c = l[i];
      if (q) { if (c === '"' && l[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') q = false; else cur += c; }
      else if (c === '"') q = true; else if (c === ",") { cells.push(cur); cur = ""; } else cur += c;
    }
    cells.push(cur);
    return cells;
  };
  const head = split(lines[0]);
  return lines.slice(1).map((l) => { const c = split(l), o = {}; head.forEach((h, i) => (o[h] = c[i])); return o; });
}

// --- the final position as `arena replay` prints it -------------------------
function finalBoard(text) {
  const lines = text.split("\n");
  let lastAction = -1, result = -1;
  lines.forEach((l, i) => {
    if (/^\s{0,3}\d+\. \S/.test(l)) lastAction = i;
    if (/^result {6}/.test(l) && result < 0) result = i;
  });
  return lines.slice(lastAction + 1, result).join("\n").replace(/\s+$/, "");
}
function norm(t) { return t.split("\n").map((l) => l.replace(/\s+$/, "")).join("\n").replace(/\s+$/, ""); }

// What each game's SVG must show of an observation (key -> value), as
// boards.js stamps it on its elements; only the keys listed are compared.
const expected = {
  morris: (p) => { const e = {}; p.observation.board.forEach((v, i) => { if (v) e["p" + i] = String(v); }); return e; },
  soccer: (p) => ({ ball: p.observation.ball_x + "," + p.observation.ball_y }),
  kurnik: (p) => {
    const e = { dice: p.observation.die_low + "-" + p.observation.die_high };
    p.observation.goods.forEach((g, s) => (e["g" + s] = [g.eggs, g.chicks, g.hens, g.rooster ? 1 : 0].join(",")));
    return e;
  },
  querni: (p) => { const e = {}; p.observation.board.forEach((v, i) => { if (v) e["s" + i] = String(v); }); return e; },
  kursk: (p) => {
    const e = {};
    p.observation.player.forEach((pl, s) => (e["f" + s] = String(pl.field)));
    const R = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K", "X"];
    p.views.forEach((v, s) => { const h = []; v.hand.forEach((n, r) => { for (let j = 0; j < n; j++) h.push(R[r]); }); e["h" + s] = h.join(" "); });
    return e;
  },
  rugby: (p) => {
    const e = {};
    p.observation.scores.forEach((v, s) => (e["score" + s] = String(v)));
    p.observation.boards.forEach((b, bd) => b.marks.forEach((m, f) => { if (b.guessed[f] && m > 0 && m < 9) e["b" + bd + "_" + f] = String(m); }));
    return e;
  },
};

async function main() {
  let chromium;
  try {
    chromium = require(path.join(path.resolve(args.modules), "playwright-core")).chromium;
  } catch (e) {
    console.log("web_report: FAIL: cannot load playwright-core from " + args.modules + ": " + e.message +
                " (make test installs it: scripts/browser_deps.sh)");
    process.exit(1);
  }

  // Tournaments: morris twice for a rating history, then every other game.
  const games = [
    ["morris", "morris", ["random", "morris_greedy"], 2],
    ["morris-lasker", "morris:variant=lasker", ["random", "random"], 1],
    ["morris-knight", "morris:variant=knight", ["random", "random"], 1],
    ["morris-rook", "morris:variant=rook", ["random", "random"], 1],
    ["morris-cross", "morris:variant=cross", ["random", "random"], 1],
    ["soccer", "soccer", ["random", "soccer_greedy"], 1],
    ["kurnik", "kurnik", ["random", "kurnik_greedy"], 1],
    ["querni", "querni", ["random", "querni_greedy"], 1],
    ["kursk", "kursk", ["random", "kursk_basic"], 1],
    ["rugby", "rugby", ["random", "rugby_basic"], 1],
  ];
  const listed = arena(["games"]).split("\n").map((l) => (/^([a-z0-9_]+)  \(/.exec(l) || [])[1]).filter(Boolean);
  for (const g of listed)
    check(games.some((x) => x[1].split(":")[0] === g), "the arena lists game " + g + " that this test does not open");

  tournament("morris", ["random", "morris_greedy"], 2, 1);
  const dirs = {};
  for (const [label, game, bots, rounds] of games) dirs[label] = tournament(game, bots, rounds, 7);

  const profile = fs.mkdtempSync(path.join(out, "profile-"));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 1280, height: 1000 },
    });
  } catch (e) {
    console.log("web_report: FAIL: the browser (/usr/bin/chromium) did not start: " + e.message.split("\n")[0]);
    process.exit(1);
  }
  const page = context.pages()[0] || (await context.newPage());
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  // No network: every request the pages make must be for a local file.
  page.on("request", (r) => { if (!r.url().startsWith("file://")) pageErrors.push("network request " + r.url()); });

  try {
    // --- the morris report against ratings.csv ------------------------------
    const dir = dirs.morris;
    await page.goto("file://" + path.resolve(dir, "index.html"));
    await page.waitForSelector("body[data-ready]", { timeout: 20000 });
    const table = await page.$$eval("#ratings tr[data-name]", (rows) => rows.map((r) => Array.from(r.children).map((c) => c.textContent)));
    const csv = parseCsv(fs.readFileSync(path.join(dir, "ratings.csv"), "utf8"));
    check(table.length === csv.length && csv.length === 2, "rating table has " + table.length + " rows, ratings.csv " + csv.length);
    csv.forEach((c, i) => {
      const r = table[i] || [];
      // the page rounds the fit, the CSV prints it with decimals: within 0.5
      const near = (shown, v) => v === "" ? shown === "-" : Math.abs(+shown.replace("+", "") - +v) <= 0.51;
      check(r[0] === c.rank && r[1] === c.name && near(r[2], c.elo) && near(r[3], c.ci95) && r[4] === c.games,
            "rating row " + i + ": page " + JSON.stringify(r.slice(0, 5)) + ", ratings.csv " + JSON.stringify(c));
      check(r.includes(c.wins + " / " + c.draws + " / " + c.losses), "rating row " + i + " W/D/L differs from ratings.csv");
    });
    const bars = await page.$$eval("#ratings tr[data-name] svg circle", (c) => c.length);
    check(bars === csv.length, "one error bar per player (" + bars + ")");
    const xt = await page.$$eval("#crosstable td.cell", (c) => c.filter((x) => x.style.background).length);
    check(xt === 2, "crosstable heat map: " + xt + " coloured cells, 2 expected");
    const hist = await page.$$eval("#history circle", (c) => c.length);
    check(hist === 4, "ratings over time: " + hist + " points, 4 expected (2 tournaments x 2 players)");
    const perbot = await page.$$eval("#perbot tr[data-name]", (r) => r.length);
    check(perbot === 2, "per-bot table rows: " + perbot);
    const nmatch = await page.$$eval("#matches a.replay", (a) => a.length);
    check(nmatch === 4, "match list: " + nmatch + " replay links, 4 expected");
    await page.screenshot({ path: path.join(out, "report-morris.png"), fullPage: true });

    // --- a replay of every game --------------------------------------------
    for (const [label, game] of games) {
      const gname = game.split(":")[0];
      await page.goto("file://" + path.resolve(dirs[label], "index.html"));
      await page.waitForSelector("body[data-ready]", { timeout: 20000 });
      await page.click("#matches tr[data-index='0'] a.replay");
      await page.waitForSelector("#board[data-game]", { timeout: 20000 });
      const last = await page.evaluate(() => window.arenaViewer.last());
      // scrub to the middle, back to the start, then step to the end by key
      await page.$eval("#slider", (s, v) => { s.value = String(v); s.dispatchEvent(new Event("input")); }, Math.floor(last / 2));
      const mid = await page.evaluate(() => window.arenaViewer.ply());
      check(mid === Math.floor(last / 2), label + ": the slider scrubs to ply " + Math.floor(last / 2) + " (at " + mid + ")");
      await page.keyboard.press("Home");
      check((await page.evaluate(() => window.arenaViewer.ply())) === 0, label + ": Home goes to the start");
      for (let i = 0; i < last; i++) await page.keyboard.press("ArrowRight");
      const at = await page.evaluate(() => window.arenaViewer.ply());
      check(at === last, label + ": stepped to ply " + at + " of " + last);
      const log = path.join(dirs[label], "matches", "00000.pb");
      const text = arena(["replay", log]);
      const shown = await page.$eval("#text", (e) => e.textContent);
      check(norm(shown) === norm(finalBoard(text)), label + ": final text board differs from arena replay:\n--- page\n" + shown + "\n--- arena replay\n" + finalBoard(text));
      const json = JSON.parse(arena(["replay", "--format", "json", log]));
      check(json.positions.length - 1 === last, label + ": viewer has " + last + " plies, arena replay --format json " + (json.positions.length - 1));
      const want = expected[gname](json.positions[json.positions.length - 1]);
      const drawn = await page.$$eval("#board [data-k]", (els) => { const o = {}; els.forEach((e) => (o[e.getAttribute("data-k")] = e.getAttribute("data-v"))); return o; });
      const wantKeys = Object.keys(want);
      check(wantKeys.length > 0, label + ": nothing to compare in the final position");
      for (const k of wantKeys) check(drawn[k] === want[k], label + ": the board shows " + k + "=" + drawn[k] + ", arena replay says " + want[k]);
      if (gname === "morris" || gname === "querni" || gname === "rugby") {
        const pref = { morris: "p", querni: "s", rugby: "b" }[gname];
        const extra = Object.keys(drawn).filter((k) => k.startsWith(pref) && !(k in want));
        check(extra.length === 0, label + ": the board shows pieces arena replay does not: " + extra.join(" "));
      }
      await page.screenshot({ path: path.join(out, "replay-" + label + ".png"), fullPage: true });
      console.log(label + ": " + last + " plies, final position as arena replay gives it");
    }
  } finally {
    await context.close();
  }
  check(pageErrors.length === 0, "page errors: " + pageErrors.join("; "));
  if (failures.length) {
    console.log("web_report: " + failures.length + " failure(s)");
    process.exit(1);
  }
  console.log("web_report: report and replays of " + games.length + " games agree with ratings.csv and arena replay; screenshots in " + out);
}

main().catch((e) => { console.log("web_report: FAIL: " + (e && e.stack || e)); process.exit(1); });
