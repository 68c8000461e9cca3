/* boards.js -- one SVG board per game, drawn from a position of the JSON
 * replay (docs/replay-json.md): the observation the rule module gives a
 * spectator and, in hidden-information games, each seat's own. Nothing here
 * knows a rule: it only draws what the observations say.
 *
 * Every element drawn from the state carries data-k (what: "p7", "ball",
 * "s0_12") and data-v (its value), so a test can read back what was drawn.
 * A game without a drawer here shows the rule module's text board alone. */
var ArenaBoards = (function () {
  "use strict";
  var COLOURS = ["#efe9d8", "#23262b", "#b8392f", "#2f7d46", "#7a4fb0", "#c7821a", "#2a8fa8", "#8a8a8a"];
  function seatColour(s) { return COLOURS[s] || "#999"; }
  // for text and for attribute values alike (kv() puts it between quotes)
  function esc(t) {
    return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  }
  function kv(k, v) { return ' data-k="' + esc(k) + '" data-v="' + esc(v) + '"'; }
  function txt(x, y, t, extra) {
    return '<text x="' + x + '" y="' + y + '" ' + (extra || "") + ">" + esc(t) + "</text>";
  }
  function line(x1, y1, x2, y2, style) {
    return '<line x1="' + x1 + '" y1="' + y1 + '" x2="' + x2 + '" y2="' + y2 + '" ' + style + "/>";
  }
  function seatLabel(R, s) {
    var p = R.players[s];
    return (R.players.length === 2 ? (s === 0 ? "White" : "Black") : "seat " + s) + (p ? " " + p.name : "");
  }
  function finish(svg, w, h, body) {
    svg.setAttribute("viewBox", "0 0 " + w + " " + h);
    svg.setAttribute("font-family", "system-ui, sans-serif");
    svg.innerHTML = body;
  }

  /* --- morris: point i = ring*8 + pos, pos clockwise from the top-left ---- */
  function morrisXY(i) {
    var r = Math.floor(i / 8), p = i % 8, lo = r, hi = 6 - r, mid = 3;
    var xs = [lo, mid, hi, hi, hi, mid, lo, lo], ys = [lo, lo, lo, mid, hi, hi, hi, mid];
    return [xs[p], ys[p]];
  }
  function morris(R, k, svg) {
    var o = R.positions[k].observation, S = 56, M = 44, b = "";
    var X = function (c) { return M + c * S; };
    var st = 'stroke="#444" stroke-width="3"';
    for (var r = 0; r < 3; r++) {
      var lo = X(r), hi = X(6 - r);
      b += '<rect x="' + lo + '" y="' + lo + '" width="' + (hi - lo) + '" height="' + (hi - lo) + '" fill="none" ' + st + "/>";
    }
    b += line(X(3), X(0), X(3), X(2), st) + line(X(3), X(4), X(3), X(6), st) +
         line(X(0), X(3), X(2), X(3), st) + line(X(4), X(3), X(6), X(3), st);
    if (o.variant === "rook") {
      var dash = 'stroke="#999" stroke-width="2" stroke-dasharray="6 5"';
      b += line(X(0), X(0), X(2), X(2), dash) + line(X(6), X(0), X(4), X(2), dash) +
           line(X(0), X(6), X(2), X(4), dash) + line(X(6), X(6), X(4), X(4), dash);
    }
    for (var c = 0; c < 7; c++) {
      b += txt(X(c), M + 6 * S + 34, "abcdefg"[c], 'text-anchor="middle" font-size="15" fill="#777"');
      b += txt(M - 30, X(c) + 5, String(7 - c), 'text-anchor="middle" font-size="15" fill="#777"');
    }
    var last = k > 0 ? R.actions[k - 1] : null;
    for (var i = 0; i < 24; i++) {
      var xy = morrisXY(i), v = o.board[i] || 0;
      b += '<circle cx="' + X(xy[0]) + '" cy="' + X(xy[1]) + '" r="6" fill="#444"/>';
      if (v) {
        b += '<circle class="piece"' + kv("p" + i, v) + ' cx="' + X(xy[0]) + '" cy="' + X(xy[1]) +
             '" r="19" fill="' + seatColour(v - 1) + '" stroke="#222" stroke-width="2"/>';
      }
    }
    if (last && last.applied) { /* the point the last action ended on */
      var nm = /([a-g][1-7])$/.exec(last.name);
      if (nm) {
        var cx = X("abcdefg".indexOf(nm[1][0])), cy = X(7 - (+nm[1][1]));
        b += '<circle cx="' + cx + '" cy="' + cy + '" r="24" fill="none" stroke="#2a62b8" stroke-width="3" stroke-dasharray="4 3"/>';
      }
    }
    var W = 2 * M + 6 * S + 190, y = M;
    for (var s = 0; s < 2; s++) {
      b += txt(2 * M + 6 * S + 10, y + 4, (s ? "Black" : "White"), 'font-size="15" font-weight="600"');
      b += txt(2 * M + 6 * S + 10, y + 24, "in hand " + (o.in_hand[s] || 0) + ", on board " + (o.on_board[s] || 0), 'font-size="13"' + kv("hand" + s, o.in_hand[s] || 0));
      for (var h = 0; h < (o.in_hand[s] || 0); h++)
        b += '<circle cx="' + (2 * M + 6 * S + 20 + (h % 6) * 20) + '" cy="' + (y + 44 + Math.floor(h / 6) * 20) + '" r="8" fill="' + seatColour(s) + '" stroke="#222"/>';
      y += 120;
    }
    var info = (o.terminal ? "game over" : (o.to_move ? "Black" : "White") + " to " + (o.pending_removals ? "remove" : "move"));
    b += txt(2 * M + 6 * S + 10, y + 4, info, 'font-size="13" fill="#555"');
    b += txt(2 * M + 6 * S + 10, y + 22, o.variant + ", turn " + o.turn, 'font-size="13" fill="#555"');
    finish(svg, W, 2 * M + 6 * S + 40, b);
  }

  /* --- paper soccer: points 0..width x 0..height, y upward, goals beyond -- */
  var DIRS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];
  function soccer(R, k, svg) {
    var o = R.positions[k].observation, W = o.width, H = o.height, S = 34, M = 36;
    var X = function (x) { return M + x * S; }, Y = function (y) { return M + (H + 1 - y) * S; };
    var g0 = (W - o.goal) / 2, g1 = (W + o.goal) / 2, b = "";
    b += '<rect x="' + X(0) + '" y="' + Y(H) + '" width="' + W * S + '" height="' + H * S + '" fill="#e9f4e4"/>';
    for (var y = 0; y <= H; y++)
      for (var x = 0; x <= W; x++) b += '<circle cx="' + X(x) + '" cy="' + Y(y) + '" r="2" fill="#9aa"/>';
    var border = 'stroke="#333" stroke-width="3" stroke-linecap="round"';
    b += line(X(0), Y(0), X(0), Y(H), border) + line(X(W), Y(0), X(W), Y(H), border);
    [[0, -1], [H, H + 1]].forEach(function (gl) {
      b += line(X(0), Y(gl[0]), X(g0), Y(gl[0]), border) + line(X(g1), Y(gl[0]), X(W), Y(gl[0]), border);
      b += line(X(g0), Y(gl[0]), X(g0), Y(gl[1]), border) + line(X(g1), Y(gl[0]), X(g1), Y(gl[1]), border) +
           line(X(g0), Y(gl[1]), X(g1), Y(gl[1]), border);
    });
    var segs = 0, seen = {};
    for (var p = 0; p < o.drawn.length; p++) {
      var px = p % (W + 1), py = Math.floor(p / (W + 1));
      for (var d = 0; d < 8; d++) {
        if (!(o.drawn[p] & (1 << d))) continue;
        var qx = px + DIRS[d][0], qy = py + DIRS[d][1];
        var key = [Math.min(p, qy * (W + 1) + qx), Math.max(p, qy * (W + 1) + qx), qy < 0 || qy > H ? "g" + qx + "," + qy : ""].join(":");
        if (seen[key]) continue;
        seen[key] = 1;
        segs++;
        b += line(X(px), Y(py), X(qx), Y(qy), 'class="seg" stroke="#2a62b8" stroke-width="2.5"');
      }
    }
    b += '<circle' + kv("ball", o.ball_x + "," + o.ball_y) + ' cx="' + X(o.ball_x) + '" cy="' + Y(o.ball_y) +
         '" r="8" fill="#fff" stroke="#111" stroke-width="3"/>';
    b += '<g' + kv("segs", segs) + "></g>";
    var info = o.terminal ? "game over" : (o.to_move ? "Black" : "White") + " to step";
    b += txt(X(W) + 20, Y(H) + 10, info, 'font-size="13"');
    b += txt(X(W) + 20, Y(H) + 30, "steps " + o.steps, 'font-size="13" fill="#555"');
    b += txt(X(W) + 20, Y(H) + 50, "White attacks the top goal", 'font-size="11" fill="#777"');
    finish(svg, X(W) + 210, Y(-1) + M, b);
  }

  /* --- kurnik: each player's goods, the dice ----------------------------- */
  function die(x, y, n, s) {
    var b = '<rect x="' + x + '" y="' + y + '" width="' + s + '" height="' + s + '" rx="7" fill="#fff" stroke="#333" stroke-width="2"/>';
    var P = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
              5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] }[n] || [];
    P.forEach(function (q) { b += '<circle cx="' + (x + s * (0.25 + q[0] * 0.25)) + '" cy="' + (y + s * (0.25 + q[1] * 0.25)) + '" r="' + s / 11 + '" fill="#222"/>'; });
    return b;
  }
  var GOODS = [["eggs", "egg", "#fffaf0", 9, 12], ["chicks", "chick", "#f4d03f", 10, 10], ["hens", "hen", "#b86b2e", 13, 13]];
  var GOODS_X = [30, 210, 390];
  function kurnik(R, k, svg) {
    var o = R.positions[k].observation, b = "", y = 30, n = o.goods.length;
    b += txt(20, y, "round " + o.round + " of " + o.max_rounds + " \u00b7 turns " + o.turns, 'font-size="14" fill="#555"');
    y += 20;
    for (var s = 0; s < n; s++) {
      var g = o.goods[s], top = y + s * 110;
      b += '<rect x="10" y="' + top + '" width="700" height="100" rx="8" fill="' + (o.to_move === s && !o.terminal ? "#eef3fb" : "#fafafa") + '" stroke="#ccc"/>';
      b += '<circle cx="32" cy="' + (top + 22) + '" r="9" fill="' + seatColour(s) + '" stroke="#333"/>';
      b += txt(48, top + 27, seatLabel(R, s), 'font-size="15" font-weight="600"');
      b += '<g' + kv("g" + s, [g.eggs, g.chicks, g.hens, g.rooster ? 1 : 0].join(",")) + "></g>";
      GOODS.forEach(function (t, gi) {
        var cnt = g[t[0]] || 0, x0 = GOODS_X[gi];
        b += txt(x0, top + 56, t[0] + " " + cnt, 'font-size="13"');
        for (var i = 0; i < Math.min(cnt, 14); i++) {
          var cx = x0 + 8 + (i % 7) * 21, cy = top + 70 + Math.floor(i / 7) * 18;
          b += '<ellipse cx="' + cx + '" cy="' + cy + '" rx="' + t[3] / 1.6 + '" ry="' + t[4] / 1.6 + '" fill="' + t[2] + '" stroke="#555"/>';
        }
      });
      b += txt(620, top + 56, "rooster", 'font-size="13"');
      if (g.rooster)
        b += '<path d="M630,' + (top + 88) + ' l10,-22 l6,10 l6,-12 l6,12 l6,-8 l4,20 z" fill="#c0392b" stroke="#622"/>';
      else b += txt(630, top + 84, "\u2014", 'font-size="16" fill="#999"');
    }
    var dy = y + n * 110 + 10;
    b += txt(20, dy + 30, "last roll", 'font-size="13" fill="#555"');
    b += '<g' + kv("dice", o.die_low + "-" + o.die_high) + ">" + die(90, dy, o.die_low, 46) + die(146, dy, o.die_high, 46) + "</g>";
    var info = o.terminal ? "game over" : ["roll", "gift drawn", "exchange or end", "over"][o.phase] + " \u00b7 " + seatLabel(R, o.to_move);
    if (o.news && (o.news.foxes_chased || o.news.chicks_eaten || o.news.hens_eaten))
      info += " \u00b7 fox: " + o.news.chicks_eaten + " chicks, " + o.news.hens_eaten + " hens eaten, " + o.news.foxes_chased + " chased";
    b += txt(210, dy + 30, info, 'font-size="13"');
    finish(svg, 720, dy + 70, b);
  }

  /* --- El Querni: 10 columns a-j, 7 rows, square = 10*row + column -------- */
  function querni(R, k, svg) {
    var o = R.positions[k].observation, S = 54, M = 34, b = "";
    for (var r = 0; r < 7; r++) {
      for (var c = 0; c < 10; c++) {
        var x = M + c * S, y = M + (6 - r) * S, v = o.board[10 * r + c] || 0;
        b += '<rect x="' + x + '" y="' + y + '" width="' + S + '" height="' + S + '" fill="' + ((r + c) % 2 ? "#f1ece2" : "#e6dfd0") + '" stroke="#cbbfa8"/>';
        if (v) {
          var s = v > 0 ? 0 : 1;
          b += '<g class="tile"' + kv("s" + (10 * r + c), v) + '><rect x="' + (x + 5) + '" y="' + (y + 5) + '" width="' + (S - 10) + '" height="' + (S - 10) +
               '" rx="8" fill="' + seatColour(s) + '" stroke="#222" stroke-width="1.5"/>' +
               txt(x + S / 2, y + S / 2 + 7, Math.abs(v), 'text-anchor="middle" font-size="19" font-weight="700" fill="' + (s ? "#fff" : "#222") + '"') + "</g>";
        }
      }
      b += txt(M - 16, M + (6 - r) * S + S / 2 + 5, r + 1, 'text-anchor="middle" font-size="14" fill="#777"');
    }
    for (var cc = 0; cc < 10; cc++) b += txt(M + cc * S + S / 2, M + 7 * S + 20, "abcdefghij"[cc], 'text-anchor="middle" font-size="14" fill="#777"');
    var info = o.terminal ? "game over" : (o.to_move ? "Black" : "White") + [" : laying out", " to move", " may remove a chain", ""][o.phase];
    b += txt(M, M + 7 * S + 46, info + " \u00b7 turn " + o.turns + " \u00b7 quiet " + o.quiet + " \u00b7 tiles left " + o.tiles_left.join(" / "), 'font-size="13"');
    finish(svg, 2 * M + 10 * S, M + 7 * S + 62, b);
  }

  /* --- KURSK: the track 0..24, hands as each seat saw them ---------------- */
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K", "X"];
  var SPECIALS = ["SilentRunning", "DepthCharge", "Flooding", "Search", "Bribe", "Supplies", "Alarm", "Swap"];
  var SPECIAL_FIELDS = [1, 5, 9, 13, 17, 22];
  function cards(x, y, counts, tag) {
    var b = "", i = 0;
    (counts || []).forEach(function (n, r) {
      for (var j = 0; j < n; j++, i++) {
        b += '<rect x="' + (x + i * 30) + '" y="' + y + '" width="26" height="36" rx="4" fill="' + (r === 10 ? "#f6e3a1" : "#fff") + '" stroke="#444"/>' +
             txt(x + i * 30 + 13, y + 24, RANKS[r], 'text-anchor="middle" font-size="14" font-weight="600"');
      }
    });
    if (!i) b += txt(x, y + 24, tag || "(empty)", 'font-size="12" fill="#888"');
    return b;
  }
  function handText(counts) {
    var t = [];
    (counts || []).forEach(function (n, r) { for (var j = 0; j < n; j++) t.push(RANKS[r]); });
    return t.join(" ");
  }
  function kursk(R, k, svg) {
    var pos = R.positions[k], o = pos.observation, end = R.positions[R.positions.length - 1];
    var S = 34, M = 24, b = "", n = o.player.length;
    for (var f = 0; f <= 24; f++) {
      var x = M + f * S, sp = SPECIAL_FIELDS.indexOf(f) >= 0;
      b += '<rect x="' + x + '" y="30" width="' + (S - 2) + '" height="60" rx="4" fill="' + (f === 24 ? "#d9c27a" : sp ? "#cfe0f5" : "#eee") + '" stroke="#aaa"/>';
      b += txt(x + S / 2 - 1, 106, f, 'text-anchor="middle" font-size="11" fill="#777"');
    }
    b += txt(M, 20, "the submarine: field 0 to the hatch (24); blue fields show special cards", 'font-size="12" fill="#555"');
    for (var s = 0; s < n; s++) {
      var fld = o.player[s].field;
      b += '<circle' + kv("f" + s, fld) + ' cx="' + (M + fld * S + S / 2 - 1) + '" cy="' + (44 + s * 17) + '" r="8" fill="' + seatColour(s) + '" stroke="#222" stroke-width="1.5"/>';
    }
    var y = 130;
    for (var q = 0; q < n; q++) {
      var p = o.player[q], view = pos.views ? pos.views[q] : null, fin = end.views ? end.views[q] : null;
      b += '<circle cx="' + (M + 8) + '" cy="' + (y + 2) + '" r="7" fill="' + seatColour(q) + '" stroke="#222"/>';
      b += txt(M + 22, y + 7, seatLabel(R, q) + " \u00b7 field " + p.field + " \u00b7 " + p.hand_size + " cards, " + p.jokers + " Joker(s)" +
               (o.to_move === q && !o.terminal ? " \u00b7 to move" : ""), 'font-size="14" font-weight="600"');
      b += txt(M, y + 30, "hand as seat " + q + " sees it:", 'font-size="12" fill="#555"');
      b += '<g' + kv("h" + q, view ? handText(view.hand) : "") + ">" + cards(M + 170, y + 12, view ? view.hand : null) + "</g>";
      b += txt(M, y + 72, "at the end (revealed):", 'font-size="12" fill="#555"');
      b += cards(M + 170, y + 54, fin ? fin.hand : null);
      y += 104;
    }
    b += txt(M, y + 10, "deck " + o.deck_size + " \u00b7 discard " + handText(o.discard) + " \u00b7 special deck " + o.special_deck_size +
             (o.shown.length ? " \u00b7 shown: " + o.shown.map(function (c) { return SPECIALS[c] || c; }).join(", ") : ""), 'font-size="13"');
    b += txt(M, y + 30, "round " + o.round + " of " + o.max_rounds + (o.terminal ? " \u00b7 game over" : ""), 'font-size="13" fill="#555"');
    finish(svg, 2 * M + 25 * S, y + 46, b);
  }

  /* --- RUGBY: both boards, 7 columns A-G by 15 rows, field = 7*row + col --- */
  var MARKS = ["", "O", "P", "X", "A", "K", "D", "M", "G", "?"];
  function rugby(R, k, svg) {
    var pos = R.positions[k], o = pos.observation, S = 26, M = 30, b = "", gap = 7 * S + 110;
    for (var bd = 0; bd < 2; bd++) {
      var pub = o.boards[bd], own = pos.views ? pos.views[bd].boards[bd] : pub;
      var x0 = M + bd * gap;
      b += txt(x0, 14, seatLabel(R, bd) + "'s board", 'font-size="13" font-weight="600"');
      b += txt(x0, 29, "score " + o.scores[bd] + (o.to_move === 1 - bd && o.phase === 1 ? " \u00b7 being guessed" : ""), 'font-size="12" fill="#555"' + kv("score" + bd, o.scores[bd]));
      for (var f = 0; f < 105; f++) {
        var r = Math.floor(f / 7), c = f % 7, x = x0 + c * S, y = 34 + r * S;
        var mark = own.marks[f] || 0, hit = pub.guessed[f], found = hit && pub.marks[f] > 0 && pub.marks[f] < 9;
        b += '<rect x="' + x + '" y="' + y + '" width="' + S + '" height="' + S + '" fill="' + (hit ? (found ? "#ffe7a8" : "#dde3ea") : "#fff") + '" stroke="#bbb"/>';
        if (found) b += txt(x + S / 2, y + S / 2 + 5, MARKS[pub.marks[f]], 'text-anchor="middle" font-size="14" font-weight="700"' + kv("b" + bd + "_" + f, pub.marks[f]));
        else if (hit) b += txt(x + S / 2, y + S / 2 + 5, "\u00b7", 'text-anchor="middle" font-size="16" fill="#777"');
        else if (mark > 0 && mark < 9) b += txt(x + S / 2, y + S / 2 + 5, MARKS[mark], 'text-anchor="middle" font-size="12" fill="#b5b5b5"');
      }
      [3, 12].forEach(function (row) { b += line(x0, 34 + row * S, x0 + 7 * S, 34 + row * S, 'stroke="#333" stroke-width="2"'); });
      for (var cc = 0; cc < 7; cc++) b += txt(x0 + cc * S + S / 2, 34 + 15 * S + 16, "ABCDEFG"[cc], 'text-anchor="middle" font-size="12" fill="#777"');
      for (var rr = 0; rr < 15; rr++) b += txt(x0 - 6, 34 + rr * S + S / 2 + 4, rr + 1, 'text-anchor="end" font-size="11" fill="#777"');
    }
    var info = ["laying out boards", "guessing", "game over"][o.phase] + (o.phase === 1 ? " \u00b7 " + seatLabel(R, o.to_move) + " to guess" + (o.bonus ? " (" + o.bonus + " bonus)" : "") : "");
    b += txt(M, 34 + 15 * S + 40, info + " \u00b7 found marks bold, misses \u00b7, hidden marks grey", 'font-size="12" fill="#555"');
    finish(svg, M + 2 * gap, 34 + 15 * S + 52, b);
  }

  var drawers = { morris: morris, soccer: soccer, kurnik: kurnik, querni: querni, kursk: kursk, rugby: rugby };

  function draw(R, k, svg) {
    var pos = R.positions[k], f = drawers[R.game];
    svg.setAttribute("data-game", R.game);
    if (f && pos.observation) {
      f(R, k, svg);
    } else { /* no drawer: the text board in the picture */
      var lines = pos.text.split("\n"), b = "";
      lines.forEach(function (l, i) { b += txt(10, 20 + i * 16, l, 'font-family="monospace" font-size="13" xml:space="preserve"'); });
      finish(svg, 720, 30 + lines.length * 16, b);
    }
  }
  return { draw: draw, seatColour: seatColour, games: Object.keys(drawers) };
})();
