/* report.js -- draws a tournament report (index.html) from window.ARENA_REPORT,
 * which the arena wrote into the page (report_html.c): the rating table as
 * ratings.json has it, every match with its seats, returns, end and think
 * times, and the pool's rating history. Everything is computed from those
 * numbers here; nothing is fetched. */
(function () {
  "use strict";
  var D = window.ARENA_REPORT, app = document.getElementById("app");
  var NS = "http://www.w3.org/2000/svg";
  var PALETTE = ["#2a62b8", "#b8392f", "#2f7d46", "#c7821a", "#7a4fb0", "#2a8fa8", "#8a5a44", "#d4489b", "#5d6d7e", "#9a9a1a"];

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function svgEl(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function fmtElo(v) {
    if (v === null || !isFinite(v)) return "-";
    var r = Math.round(v);
    return r === 0 ? "0" : (r > 0 ? "+" : "") + r;
  }
  function fmtCi(v) { return v === null || !isFinite(v) ? "-" : String(Math.round(v)); }
  function pct(x) { return (100 * x).toFixed(1) + "%"; }
  function fmtMs(us) { return us >= 1e6 ? (us / 1e6).toFixed(2) + " s" : (us / 1e3).toFixed(1) + " ms"; }
  function section(title, note) {
    app.appendChild(el("h2", {}, title));
    if (note) app.appendChild(el("div", { "class": "note" }, note));
  }
  function row(tr, cells, cls) {
    cells.forEach(function (c, i) {
      var td = el(cls === "th" ? "th" : "td", { "class": i < 2 ? "l" : "" });
      if (c instanceof Node) td.appendChild(c); else td.textContent = c;
      tr.appendChild(td);
    });
    return tr;
  }
  /* Pairwise score of two returns: the same rule as the arena's tally. */
  function score(a, b) { return a > b ? 1 : a < b ? 0 : 0.5; }

  function header() {
    app.appendChild(el("h1", {}, D.title));
    app.appendChild(el("div", { "class": "meta" },
      "tournament " + D.dir + " \u00b7 started " + D.created + " \u00b7 time control " + D.tc +
      " \u00b7 seed " + D.seed + " \u00b7 " + D.matches.length + " of " + D.planned + " matches \u00b7 arena " + D.arena));
  }

  /* The rating table with the 95 % interval of each Elo drawn as an error bar. */
  function ratings() {
    var R = D.ratings;
    section("Ratings", "Elo with its 95 % interval (the bars share one scale; the line is 0). " +
                           "First-move advantage " + fmtElo(R.advantage) + " \u00b1 " +
                           fmtCi(R.advantage_ci95) +
                           (R.draw_elo === null ? ", no draws."
                                                : ", draw Elo " + fmtElo(R.draw_elo) + " \u00b1 " +
                                                      fmtCi(R.draw_elo_ci95) + "."));
    var es = R.entrants, lo = 0, hi = 0;
    es.forEach(function (e) {
      if (e.elo === null) return;
      var c = e.ci95 === null ? 0 : e.ci95;
      lo = Math.min(lo, e.elo - c); hi = Math.max(hi, e.elo + c);
    });
    if (hi - lo < 1) { lo -= 50; hi += 50; }
    var W = 260, H = 18, sx = function (v) { return 8 + (v - lo) / (hi - lo) * (W - 16); };
    var pairs = es.some(function (e) { return e.pairs !== e.games; });
    var t = el("table", { id: "ratings" });
    var head = ["Rank", "Name", "Elo", "\u00b195", "Games"].concat(pairs ? ["Pairs"] : []).concat(["Score", "W / D / L", "Draws", "95 % interval"]);
    t.appendChild(row(el("tr"), head, "th"));
    es.forEach(function (e) {
      var s = svgEl("svg", { width: W, height: H, viewBox: "0 0 " + W + " " + H });
      s.appendChild(svgEl("line", { x1: sx(0), x2: sx(0), y1: 0, y2: H, stroke: "#bbb" }));
      if (e.elo !== null) {
        var c = e.ci95 === null ? null : e.ci95;
        if (c !== null) {
          s.appendChild(svgEl("line", { x1: sx(e.elo - c), x2: sx(e.elo + c), y1: H / 2, y2: H / 2, stroke: "#2a62b8", "stroke-width": 2 }));
          [e.elo - c, e.elo + c].forEach(function (v) { s.appendChild(svgEl("line", { x1: sx(v), x2: sx(v), y1: 4, y2: H - 4, stroke: "#2a62b8", "stroke-width": 2 })); });
        }
        s.appendChild(svgEl("circle", { cx: sx(e.elo), cy: H / 2, r: 4, fill: "#1d232b" }));
      }
      var draws = e.pairs ? e.draws / e.pairs : 0;
      var cells = [String(e.rank), e.name, fmtElo(e.elo), fmtCi(e.ci95), String(e.games)]
        .concat(pairs ? [String(e.pairs)] : [])
        .concat([pct(e.score), e.wins + " / " + e.draws + " / " + e.losses, pct(draws), s]);
      var tr = row(el("tr", { "data-name": e.name }), cells);
      tr.lastChild.className = "bars";
      t.appendChild(tr);
    });
    var wrap = el("div", { "class": "scroll" });
    wrap.appendChild(t);
    app.appendChild(wrap);
  }

  /* The crosstable as a heat map: the row's share of the points against the column. */
  function crosstable() {
    var X = D.ratings.crosstable;
    if (!X) return;
    section("Crosstable", "Points of the row against the column / games; red: the row lost most, green: won most.");
    var t = el("table", { "class": "heat", id: "crosstable" });
    var hr = el("tr");
    hr.appendChild(el("th", { "class": "l" }, "#"));
    hr.appendChild(el("th", { "class": "l" }, "Name"));
    X.names.forEach(function (n, j) { hr.appendChild(el("th", { title: n }, String(j + 1))); });
    t.appendChild(hr);
    X.names.forEach(function (n, i) {
      var tr = el("tr");
      tr.appendChild(el("td", { "class": "l" }, String(i + 1)));
      tr.appendChild(el("td", { "class": "l" }, n));
      X.names.forEach(function (m, j) {
        var g = X.games[i][j], p = X.score[i][j], td = el("td", { "class": "cell" });
        if (i === j || !g) { td.textContent = i === j ? "\u2014" : ""; }
        else {
          var f = p / g, hue = Math.round(120 * f);
          td.style.background = "hsl(" + hue + ", 62%, " + (82 - 10 * Math.abs(f - 0.5)) + "%)";
          td.textContent = (p % 1 ? p.toFixed(1) : String(p)) + "/" + g;
          td.title = n + " vs " + m + ": " + pct(f);
        }
        tr.appendChild(td);
      });
      t.appendChild(tr);
    });
    var wrap = el("div", { "class": "scroll" });
    wrap.appendChild(t);
    app.appendChild(wrap);
  }

  /* The pool's ratings after each tournament that rated it (the store's history). */
  function history() {
    var H = D.history;
    section("Ratings over time", "The persistent pool of " + D.game + " (" + D.options + "): each player's Elo after every tournament stored, this one included.");
    if (!H.length) { app.appendChild(el("div", { "class": "note" }, "No rating history stored.")); return; }
    var snaps = [], snapIndex = {}, players = [], series = {};
    H.forEach(function (h) {
      var key = h.tournament + "|" + h.when;
      if (h.tournament) key = String(h.tournament);
      if (!(key in snapIndex)) { snapIndex[key] = snaps.length; snaps.push(h); }
      if (!series[h.player]) { series[h.player] = []; players.push(h.player); }
      series[h.player].push([snapIndex[key], h.elo, h.ci95]);
    });
    var lo = Infinity, hi = -Infinity;
    H.forEach(function (h) { lo = Math.min(lo, h.elo); hi = Math.max(hi, h.elo); });
    if (hi - lo < 50) { lo -= 25; hi += 25; }
    var W = 760, Ht = 260, L = 52, B = 30, T = 12, Rm = 12;
    var sx = function (i) { return L + (snaps.length > 1 ? i / (snaps.length - 1) : 0.5) * (W - L - Rm); };
    var sy = function (v) { return T + (hi - v) / (hi - lo) * (Ht - T - B); };
    var s = svgEl("svg", { width: W, height: Ht, viewBox: "0 0 " + W + " " + Ht, id: "history" });
    for (var k = 0; k <= 4; k++) {
      var v = lo + (hi - lo) * k / 4;
      s.appendChild(svgEl("line", { x1: L, x2: W - Rm, y1: sy(v), y2: sy(v), stroke: "#e3e6ea" }));
      s.appendChild(svgEl("text", { x: L - 6, y: sy(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#777" }, fmtElo(v)));
    }
    snaps.forEach(function (h, i) {
      var lbl = svgEl("text", { x: sx(i), y: Ht - 10, "text-anchor": "middle", "font-size": 10, fill: h.dir === D.dir ? "#1d232b" : "#777" }, String(i + 1));
      lbl.appendChild(svgEl("title", {}, (h.dir || "snapshot") + " (" + h.when + ")"));
      s.appendChild(lbl);
    });
    var legend = el("div", { "class": "legend" });
    players.forEach(function (p, pi) {
      var c = PALETTE[pi % PALETTE.length], pts = series[p];
      s.appendChild(svgEl("polyline", { points: pts.map(function (q) { return sx(q[0]) + "," + sy(q[1]); }).join(" "), fill: "none", stroke: c, "stroke-width": 2 }));
      pts.forEach(function (q) {
        var dot = svgEl("circle", { cx: sx(q[0]), cy: sy(q[1]), r: 3.5, fill: c });
        dot.appendChild(svgEl("title", {}, p + ": " + fmtElo(q[1]) + " \u00b1 " + fmtCi(q[2])));
        s.appendChild(dot);
      });
      var sp = el("span");
      sp.appendChild(el("i", { style: "background:" + c }));
      sp.appendChild(document.createTextNode(p));
      legend.appendChild(sp);
    });
    var wrap = el("div", { "class": "scroll" });
    wrap.appendChild(s);
    app.appendChild(wrap);
    app.appendChild(legend);
    app.appendChild(el("div", { "class": "note" }, "x: tournaments of the pool in order (hover for which); y: Elo."));
  }

  /* Per bot: score by seat, time per move, forfeits by reason. */
  function perBot() {
    var n = D.entrants.length, seats = 0;
    D.matches.forEach(function (m) { seats = Math.max(seats, m.seats.length); });
    var st = D.entrants.map(function () {
      return { seat: [], think: 0, moves: 0, max: 0, forfeits: {}, nf: 0, matches: 0 };
    });
    st.forEach(function (s) { for (var i = 0; i < seats; i++) s.seat.push([0, 0]); });
    D.matches.forEach(function (m) {
      m.seats.forEach(function (e, s) {
        var x = st[e];
        x.matches++;
        for (var t = 0; t < m.seats.length; t++) {
            if (t === s) continue;
            x.seat[s][0] += score(m.returns[s], m.returns[t]);
            x.seat[s][1]++;
        }
        if (m.think_us) { x.think += m.think_us[s]; x.moves += m.moves[s]; x.max = Math.max(x.max, m.max_us[s]); }
      });
      if (m.culprit >= 0 && m.end !== "normal") {
        var c = st[m.seats[m.culprit]];
        c.forfeits[m.end] = (c.forfeits[m.end] || 0) + 1;
        c.nf++;
      }
    });
    section("Per bot", "Score by seat (seat 0 moves first; pairwise points against the other seats), wall time per move as the arena measured it, forfeits by reason.");
    var t = el("table", { id: "perbot" });
    var head = ["#", "Name"];
    for (var i = 0; i < seats; i++) head.push(seats === 2 ? (i ? "as Black" : "as White") : "seat " + i);
    head = head.concat(["Moves", "Mean / move", "Longest", "Forfeits"]);
    t.appendChild(row(el("tr"), head, "th"));
    for (var e = 0; e < n; e++) {
      var x = st[e], cells = [String(e + 1), D.entrants[e]];
      x.seat.forEach(function (p) { cells.push(p[1] ? pct(p[0] / p[1]) + " (" + p[1] + ")" : "-"); });
      cells.push(String(x.moves), x.moves ? fmtMs(x.think / x.moves) : "-", x.moves ? fmtMs(x.max) : "-");
      var f = Object.keys(x.forfeits).map(function (k) { return k + " " + x.forfeits[k]; }).join(", ");
      var fc = el("span", { "class": x.nf ? "forfeit" : "" }, x.nf ? f : "none");
      cells.push(fc);
      t.appendChild(row(el("tr", { "data-name": D.entrants[e] }), cells));
    }
    var wrap = el("div", { "class": "scroll" });
    wrap.appendChild(t);
    app.appendChild(wrap);
  }

  function matches() {
    var lim = D.replays_limit >= 0 && D.matches.length > D.replays_limit
      ? " Replays were written for matches 0 to " + (D.replays_limit - 1) + ": `arena report " + D.dir + " --replays all` writes every one." : "";
    section("Matches", "Every match, with a link to its replay (replay.html, beside this page)." + lim);
    var t = el("table", { id: "matches" });
    t.appendChild(row(el("tr"), ["#", "Players (by seat)", "Returns", "End", "Plies", "Time", "Replay"], "th"));
    D.matches.forEach(function (m) {
      var who = m.seats.map(function (e) { return D.entrants[e]; }).join(" \u2013 ");
      var end = m.end === "normal" ? m.detail : m.end + (m.culprit >= 0 ? " (" + D.entrants[m.seats[m.culprit]] + ")" : "") + (m.detail ? ": " + m.detail : "");
      var link = m.replay ? el("a", { href: m.replay, "class": "replay" }, "replay") : el("span", { "class": "note", title: "arena replay " + D.dir + "/matches/" + ("0000" + m.index).slice(-5) + ".pb" }, "no replay");
      var tr = row(el("tr", { "data-index": String(m.index) }),
        [String(m.index), who, m.returns.map(function (r) { return (r > 0 ? "+" : "") + r; }).join(" "), end, String(m.plies), fmtMs(m.duration_us), link]);
      tr.children[3].className = m.end === "normal" ? "l" : "l forfeit";
      t.appendChild(tr);
    });
    var wrap = el("div", { "class": "scroll" });
    wrap.appendChild(t);
    app.appendChild(wrap);
  }

  app.textContent = "";
  header();
  ratings();
  crosstable();
  history();
  perBot();
  matches();
  document.body.setAttribute("data-ready", "1");
})();
