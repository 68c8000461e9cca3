/* viewer.js -- the replay viewer (replay.html): loads one match exported by
 * `arena replay --format json` (docs/replay-json.md) and steps through its
 * positions. replay.html#00012 loads replays/00012.js beside the page (a page
 * opened from the disk may load scripts, not read files); without a match
 * number a JSON file can be opened from the disk. The board is drawn by
 * ArenaBoards (boards.js) from each position's observation; the text board
 * under it is the rule module's own rendering.
 *
 * Keys: Left/Right step, Home/End jump, Space plays and pauses. */
(function () {
  "use strict";
  var app = document.getElementById("app");
  var R = null, ply = 0, timer = null;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function seatName(s) {
    if (s === -1) return "chance";
    var p = R.players[s];
    return (R.players.length === 2 ? (s === 0 ? "White" : "Black") : "seat " + s) +
      (p ? " (" + p.name + ")" : "");
  }
  function fmtThink(us) { return us >= 1e6 ? (us / 1e6).toFixed(2) + " s" : (us / 1e3).toFixed(1) + " ms"; }

  function build() {
    app.textContent = "";
    var title = el("h1", {}, R.game + " \u2014 match " + R.match_index +
                   (R.tournament ? " of " + R.tournament : ""));
    app.appendChild(title);
    var meta = el("div", { "class": "meta players" });
    R.players.forEach(function (p, s) {
      var sp = el("span");
      var dot = el("i", { "class": "dot", style: "background:" + ArenaBoards.seatColour(s) });
      sp.appendChild(dot);
      sp.appendChild(document.createTextNode(seatName(s)));
      meta.appendChild(sp);
    });
    app.appendChild(meta);
    app.appendChild(el("div", { "class": "meta" }, R.options + " \u00b7 seed " + R.match_seed));
    var res = R.result, verdict = "result " + res.returns.join(" : ") + " \u00b7 " +
      (res.rules_end || res.end) + (res.end !== "normal" && res.end_detail ? " (" + res.end_detail + ")" : "");
    app.appendChild(el("div", { "class": "meta", id: "verdict" }, verdict));

    var viewer = el("div", { "class": "viewer" });
    var stage = el("div", { "class": "stage" });
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("id", "board");
    stage.appendChild(svg);
    var c = el("div", { "class": "controls" });
    [["first", "|\u25c0", "start (Home)"], ["prev", "\u25c0", "back (Left)"], ["play", "\u25b6", "play / pause (Space)"],
     ["next", "\u25b6", "forward (Right)"], ["last", "\u25b6|", "end (End)"]].forEach(function (b) {
      var btn = el("button", { id: b[0], title: b[2], type: "button" }, b[1]);
      c.appendChild(btn);
    });
    var slider = el("input", { id: "slider", type: "range", min: "0", max: String(R.positions.length - 1), value: "0" });
    c.appendChild(slider);
    c.appendChild(el("span", { id: "ply" }));
    stage.appendChild(c);
    stage.appendChild(el("div", { id: "status" }));
    stage.appendChild(el("pre", { id: "text" }));
    viewer.appendChild(stage);
    var side = el("div", { "class": "side" });
    side.appendChild(el("div", { "class": "note" }, "Moves (click to jump):"));
    var moves = el("div", { id: "moves" });
    R.actions.forEach(function (a, i) {
      var row = el("div", { "data-ply": String(i + 1) });
      row.appendChild(el("span", { "class": "n" }, String(i + 1) + "."));
      row.appendChild(el("span", {}, (a.seat === -1 ? "chance " : (R.players.length === 2 ? (a.seat ? "B " : "W ") : a.seat + ": ")) + a.name +
                         (a.applied ? "" : " (illegal, not played)")));
      if (a.seat !== -1) row.appendChild(el("span", { "class": "t" }, fmtThink(a.think_us)));
      row.addEventListener("click", function () { go(Math.min(i + 1, R.positions.length - 1)); });
      moves.appendChild(row);
    });
    side.appendChild(moves);
    viewer.appendChild(side);
    app.appendChild(viewer);

    document.getElementById("first").onclick = function () { stop(); go(0); };
    document.getElementById("prev").onclick = function () { stop(); go(ply - 1); };
    document.getElementById("next").onclick = function () { stop(); go(ply + 1); };
    document.getElementById("last").onclick = function () { stop(); go(R.positions.length - 1); };
    document.getElementById("play").onclick = toggle;
    slider.addEventListener("input", function () { stop(); go(+slider.value); });
    document.addEventListener("keydown", function (e) {
      if (e.target && e.target.tagName === "INPUT" && e.target.type !== "range") return;
      var k = e.key;
      if (k === "ArrowRight") { stop(); go(ply + 1); }
      else if (k === "ArrowLeft") { stop(); go(ply - 1); }
      else if (k === "Home") { stop(); go(0); }
      else if (k === "End") { stop(); go(R.positions.length - 1); }
      else if (k === " ") toggle();
      else return;
      e.preventDefault();
    });
    go(0);
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    var b = document.getElementById("play");
    if (b) b.textContent = "\u25b6";
  }
  function toggle() {
    if (timer) { stop(); return; }
    if (ply >= R.positions.length - 1) go(0);
    document.getElementById("play").textContent = "II";
    timer = setInterval(function () {
      if (ply >= R.positions.length - 1) stop(); else go(ply + 1);
    }, 400);
  }

  function go(n) {
    var last = R.positions.length - 1;
    ply = Math.max(0, Math.min(last, n));
    var pos = R.positions[ply];
    var svg = document.getElementById("board");
    ArenaBoards.draw(R, ply, svg);
    document.getElementById("text").textContent = pos.text;
    document.getElementById("slider").value = String(ply);
    document.getElementById("ply").textContent = "ply " + ply + " / " + last;
    var a = ply > 0 ? R.actions[ply - 1] : null, s;
    if (a) s = "after " + ply + ". " + (a.seat === -1 ? "chance" : seatName(a.seat)) + " " + a.name;
    else s = "start position";
    if (pos.to_move >= 0) s += " \u00b7 " + seatName(pos.to_move) + " to move";
    else if (pos.to_move === -1) s += " \u00b7 chance to draw";
    else s += " \u00b7 game over";
    if (ply === last && R.result.end !== "normal") s += " \u00b7 " + R.result.end + (R.result.end_detail ? ": " + R.result.end_detail : "");
    document.getElementById("status").textContent = s;
    var rows = document.querySelectorAll("#moves div");
    for (var i = 0; i < rows.length; i++) rows[i].className = (i + 1 === ply) ? "cur" : "";
    if (ply > 0 && rows[ply - 1] && rows[ply - 1].scrollIntoView) rows[ply - 1].scrollIntoView({ block: "nearest" });
    document.body.setAttribute("data-ply", String(ply));
  }

  /* A compact document names each position's changes from the one before
   * (docs/replay-json.md): rebuild every position whole. */
  function expand(d) {
    for (var i = 1; i < d.positions.length; i++) {
      var p = d.positions[i], q = d.positions[i - 1];
      if (p.text_diff) {
        var lines = q.text.split("\n");
        lines.length = p.text_diff.lines;
        for (var k = 0; k < lines.length; k++) if (lines[k] === undefined) lines[k] = "";
        p.text_diff.set.forEach(function (s) { lines[s[0]] = s[1]; });
        p.text = lines.join("\n");
        delete p.text_diff;
      }
      if (p.observation_diff) {
        p.observation = Object.assign({}, q.observation, p.observation_diff);
        delete p.observation_diff;
      }
      if (p.views_diff) {
        p.views = p.views_diff.map(function (v, s) { return Object.assign({}, q.views[s], v); });
        delete p.views_diff;
      }
    }
    return d;
  }

  function load(data) {
    if (Array.isArray(data)) data = data[0];
    if (!data || data.format !== "arena-replay") {
      app.textContent = "Not an arena replay (arena replay --format json makes one).";
      return;
    }
    R = data.compact ? expand(data) : data;
    build();
  }
  window.arenaReplay = load;
  window.arenaViewer = {
    go: function (n) { stop(); go(n); },
    ply: function () { return ply; },
    last: function () { return R ? R.positions.length - 1 : -1; },
    data: function () { return R; }
  };

  function picker(msg) {
    app.textContent = "";
    app.appendChild(el("h1", {}, "arena replay viewer"));
    if (msg) app.appendChild(el("p", { "class": "forfeit" }, msg));
    app.appendChild(el("p", {}, "Open a file written by `arena replay --format json LOG > match.json`:"));
    var f = el("input", { type: "file", accept: ".json,application/json", id: "file" });
    f.addEventListener("change", function () {
      var file = f.files[0];
      if (!file) return;
      var rd = new FileReader();
      rd.onload = function () {
        try { load(JSON.parse(rd.result)); } catch (e) { picker("Cannot read " + file.name + ": " + e.message); }
      };
      rd.readAsText(file);
    });
    app.appendChild(f);
  }

  var m = /^#(\d+)$/.exec(location.hash);
  if (m) {
    var sc = document.createElement("script");
    sc.src = "replays/" + ("0000" + m[1]).slice(-Math.max(5, m[1].length)) + ".js";
    sc.onerror = function () { picker("No replay " + sc.src + " beside this page."); };
    document.body.appendChild(sc);
  } else {
    picker("");
  }
})();
