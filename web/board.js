// SPDX-License-Identifier: Apache-2.0
// Draws a board of the play server as SVG from the API's geometry (topology, rows, cols,
// where the stones stand, sites with row/col/name, stones by site, the game's features).
// One drawing per shape family, from the topology and whether stones stand on cells or
// points:
//   square cells   cells in a grid (a feature's cells shaded: N-Mesh's liberty cells)
//   square points  the points of a chequered board (a feature's points name the squares
//                  above and right of them: Trellis's dark squares), grid lines, goal edges
//   hex cells      hexagonal cells (a feature's cells tinted: Netted's edge cells)
//   hex points     a perforated triangular lattice, holes marked
// Units: neighbouring sites are 1 apart; the SVG viewBox scales it to the frame.
'use strict';

const LudusBoard = (() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const SQRT3 = Math.sqrt(3);

  // Stone colours by colour name (the game's colour names of the API).
  const STONES = {
    black: { fill: '#1f2124', shine: '#6b6f76', edge: '#000000', mark: '#ffffff' },
    white: { fill: '#f3f1ec', shine: '#ffffff', edge: '#77736a', mark: '#1f2124' },
    x: { fill: '#1f2124', shine: '#6b6f76', edge: '#000000', mark: '#ffffff' },
    o: { fill: '#f3f1ec', shine: '#ffffff', edge: '#77736a', mark: '#1f2124' },
    maroon: { fill: '#7a1f2e', shine: '#c2566a', edge: '#43101a', mark: '#ffffff' },
    grey: { fill: '#9ea3a9', shine: '#e3e6e9', edge: '#565b61', mark: '#1f2124' },
  };
  const FALLBACK_STONES = [STONES.black, STONES.white];

  function stoneStyle(colour, colours) {
    return STONES[colour] || FALLBACK_STONES[Math.max(0, colours.indexOf(colour))];
  }

  function el(tag, attrs = {}, parent = null) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  const round = (v) => Math.round(v * 1000) / 1000;
  // How far the widest ring drawMarks puts around a site reaches (the selected ring's 0.46
  // and half its 0.09 stroke): labels keep out of it.
  const RING_REACH = 0.51;

  // Which drawing a board gets.
  function family(board) {
    const g = board.geometry;
    return `${g.topology === 'square' ? 'square' : 'hex'}-${g.stones_on === 'points' ? 'points' : 'cells'}`;
  }

  // The sites of the game's features (the geometry's "features"), by site index.
  function featureSites(geometry) {
    const index = new Map(geometry.sites.map((s, i) => [s.name, i]));
    const sites = new Set();
    for (const feature of geometry.features || []) for (const name of feature.sites) if (index.has(name)) sites.add(index.get(name));
    return sites;
  }

  // Site positions in drawing units, plus a function placing any (row, col) the same way
  // (for labels and holes).
  function positions(geometry) {
    const square = geometry.topology === 'square';
    const raw = (row, col) =>
      square ? { x: col, y: geometry.rows - 1 - row } : { x: col - row / 2, y: (row * SQRT3) / 2 };
    let minX = Infinity;
    for (const s of geometry.sites) minX = Math.min(minX, raw(s.row, s.col).x);
    const place = (row, col) => {
      const p = raw(row, col);
      return { x: round(p.x - minX), y: round(p.y) };
    };
    return { place, points: geometry.sites.map((s) => place(s.row, s.col)) };
  }

  function siteIndex(geometry) {
    const map = new Map();
    geometry.sites.forEach((s, i) => map.set(`${s.row},${s.col}`, i));
    return (row, col) => map.get(`${row},${col}`);
  }

  function hexPolygon(x, y, radius) {
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 180) * (60 * k - 90);
      pts.push(`${round(x + radius * Math.cos(a))},${round(y + radius * Math.sin(a))}`);
    }
    return pts.join(' ');
  }

  // Ids inside a drawing are made unique per drawing: a page holds several (the rules'
  // diagram, the board), and a url(#id) resolves to the first element of that id in the
  // document, which may sit in a hidden view where it paints nothing.
  let drawings = 0;
  const idOf = (node, name) => `${node.closest('svg').dataset.ids}${name}`;
  const fillOf = (node, colour) => `url(#${idOf(node, `stone-${colour}`)})`;

  function defs(svg, colours) {
    const d = el('defs', {}, svg);
    for (const colour of colours) {
      const style = stoneStyle(colour, colours);
      const g = el('radialGradient', { id: idOf(svg, `stone-${colour}`), cx: '35%', cy: '30%', r: '75%' }, d);
      el('stop', { offset: '0%', 'stop-color': style.shine }, g);
      el('stop', { offset: '55%', 'stop-color': style.fill }, g);
      el('stop', { offset: '100%', 'stop-color': style.fill }, g);
    }
  }

  // --- the four board drawings (background layer only) -----------------------------------

  function drawSquareCells(layer, board, pts) {
    const g = board.geometry;
    el('rect', { x: -0.56, y: -0.56, width: g.cols + 0.12, height: g.rows + 0.12, class: 'board-edge', rx: 0.08 }, layer);
    const featured = featureSites(g);
    g.sites.forEach((s, i) => {
      const feature = featured.has(i);
      el('rect', {
        x: pts[i].x - 0.5, y: pts[i].y - 0.5, width: 1, height: 1,
        class: feature ? 'cell feature' : 'cell',
      }, layer);
      if (feature) el('path', { d: `M${pts[i].x} ${pts[i].y - 0.16} l0.16 0.16 l-0.16 0.16 l-0.16 -0.16 z`, class: 'feature-mark' }, layer);
    });
  }

  function drawSquarePoints(layer, board, pts, place) {
    const g = board.geometry;
    const n = g.cols, m = g.rows;
    // Goal edges: the first colour joins top and bottom, the second left and right.
    const [first, second] = board.colours;
    const bar = 0.2, gap = 0.42;
    // The wooden frame carries the coordinates: labels() sizes it around them.
    el('rect', { x: -1.45, y: -1.45, width: n + 1.9, height: m + 1.9, rx: 0.25, class: 'frame' }, layer);
    el('rect', { x: -gap, y: -gap - bar, width: n - 1 + 2 * gap, height: bar, fill: fillOf(layer, first), class: 'goal' }, layer);
    el('rect', { x: -gap, y: m - 1 + gap, width: n - 1 + 2 * gap, height: bar, fill: fillOf(layer, first), class: 'goal' }, layer);
    el('rect', { x: -gap - bar, y: -gap, width: bar, height: m - 1 + 2 * gap, fill: fillOf(layer, second), class: 'goal' }, layer);
    el('rect', { x: n - 1 + gap, y: -gap, width: bar, height: m - 1 + 2 * gap, fill: fillOf(layer, second), class: 'goal' }, layer);
    // The squares between the points: a feature's point names the square above and right
    // of it (Trellis's dark squares), drawn dark; the others light.
    const featured = featureSites(g);
    const at = siteIndex(g);
    for (let i = 0; i < n - 1; i++) {
      for (let j = 0; j < m - 1; j++) {
        const p = place(j, i);
        el('rect', { x: p.x, y: p.y - 1, width: 1, height: 1, class: featured.has(at(j, i)) ? 'square dark' : 'square light' }, layer);
      }
    }
    for (let i = 0; i < n; i++) el('line', { x1: i, y1: 0, x2: i, y2: m - 1, class: 'grid' }, layer);
    for (let j = 0; j < m; j++) el('line', { x1: 0, y1: j, x2: n - 1, y2: j, class: 'grid' }, layer);
    el('rect', { x: 0, y: 0, width: n - 1, height: m - 1, class: 'grid-border' }, layer);
    pts.forEach((p) => el('circle', { cx: p.x, cy: p.y, r: 0.06, class: 'point' }, layer));
  }

  function drawHexCells(layer, board, pts) {
    const g = board.geometry;
    const radius = 1 / SQRT3;
    const outline = el('g', { class: 'hex-outline' }, layer);
    g.sites.forEach((s, i) => {
      el('polygon', { points: hexPolygon(pts[i].x, pts[i].y, radius + 0.07) }, outline);
    });
    const featured = featureSites(g);
    g.sites.forEach((s, i) => {
      el('polygon', { points: hexPolygon(pts[i].x, pts[i].y, radius), class: featured.has(i) ? 'cell feature' : 'cell' }, layer);
    });
  }

  function drawHexPoints(layer, board, pts, place, at) {
    const g = board.geometry;
    // Lattice lines to the east, south-east and south-west neighbours (each edge once).
    g.sites.forEach((s, i) => {
      for (const [dr, dc] of [[0, 1], [1, 1], [1, 0]]) {
        const j = at(s.row + dr, s.col + dc);
        if (j !== undefined) el('line', { x1: pts[i].x, y1: pts[i].y, x2: pts[j].x, y2: pts[j].y, class: 'lattice' }, layer);
      }
    });
    // Holes: missing points flanked by points along their row and along their column.
    const rows = new Map(), cols = new Map();
    for (const s of g.sites) {
      const r = rows.get(s.row) || [Infinity, -Infinity];
      rows.set(s.row, [Math.min(r[0], s.col), Math.max(r[1], s.col)]);
      const c = cols.get(s.col) || [Infinity, -Infinity];
      cols.set(s.col, [Math.min(c[0], s.row), Math.max(c[1], s.row)]);
    }
    for (const [row, [lo, hi]] of rows) {
      for (let col = lo + 1; col < hi; col++) {
        const span = cols.get(col);
        if (at(row, col) !== undefined || !span || row <= span[0] || row >= span[1]) continue;
        const p = place(row, col);
        el('circle', { cx: p.x, cy: p.y, r: 0.2, class: 'hole' }, layer);
      }
    }
    pts.forEach((p) => el('circle', { cx: p.x, cy: p.y, r: 0.09, class: 'point' }, layer));
  }

  // --- coordinates --------------------------------------------------------------------------

  // Places the coordinates for a font of `font` units and a gap of `gap` units between a
  // label and what it names (fit() derives both from pixels, so labels hug the board at any
  // scale).  `compact` (a narrow board on a phone) labels one side per axis only: the width
  // goes to the playing area.  Called again on every fit, so it clears the layer first.
  function labels(layer, board, pts, place, kind, { font, gap, compact }) {
    layer.replaceChildren();
    const g = board.geometry;
    const placed = [];  // label boxes: {x, y, w, h} centred
    const text = (x, y, value, anchor = 'middle') => {
      const label = el('text', { x: round(x), y: round(y), class: 'coord', 'text-anchor': anchor }, layer);
      label.textContent = value;
      // The real width where the page lays the text out, an estimate otherwise.
      let w = 0;
      try { w = label.getComputedTextLength(); } catch (e) { w = 0; }
      if (!w) w = value.length * 0.7 * font;
      const cx = anchor === 'end' ? x - w / 2 : anchor === 'start' ? x + w / 2 : x;
      placed.push({ x: cx, y, w, h: 0.8 * font, letter: /^[a-z]$/.test(value) });
      return label;
    };
    const width = (value) => value.length * 0.7 * font;
    if (g.topology === 'square') {
      // Beyond the board's edge (N-Mesh) or the goal bars (Trellis); the Trellis frame is
      // sized to hold them.
      const edge = kind === 'square-points' ? 0.62 : 0.56;
      const out = edge + gap;
      for (let c = 0; c < g.cols; c++) {
        const letter = String.fromCharCode(97 + c);
        text(c, -out - font / 2, letter);
        if (!compact) text(c, g.rows - 1 + out + font / 2, letter);
      }
      for (let r = 0; r < g.rows; r++) {
        const y = g.rows - 1 - r;
        text(-out, y, String(r + 1), 'end');
        if (!compact) text(g.cols - 1 + out, y, String(r + 1), 'start');
      }
      if (kind === 'square-points') {
        const wide = Math.max(...placed.map((l) => l.w));
        const side = out + wide + gap, top = out + font + gap, far = compact ? edge + gap : side;
        const frame = layer.ownerSVGElement.querySelector('.frame');
        const [n, m] = [g.cols - 1, g.rows - 1];
        frame.setAttribute('x', round(-side));
        frame.setAttribute('y', round(-top));
        frame.setAttribute('width', round(n + side + far));
        frame.setAttribute('height', round(m + top + (compact ? edge + gap : top)));
      }
      return;
    }
    // Hex: the row letter left of each row's first site; each column number beyond the
    // up-right end of its diagonal.  Cells reach 0.5 from their centre (plus the outline);
    // on Epoxy's points the rings around a stone (selected, movable, deciding: drawMarks)
    // reach 0.51, so a letter beyond them stays readable under any stone on the edge.
    const reach = kind === 'hex-points' ? RING_REACH : 0.57;
    const rowFirst = new Map(), colTop = new Map();
    g.sites.forEach((s, i) => {
      if (!rowFirst.has(s.row) || s.col < g.sites[rowFirst.get(s.row)].col) rowFirst.set(s.row, i);
      if (!colTop.has(s.col) || s.row < colTop.get(s.col)) colTop.set(s.col, s.row);
    });
    for (const [row, i] of rowFirst) text(pts[i].x - reach - gap, pts[i].y, String.fromCharCode(97 + row), 'end');
    // A box clashes with a placed label or comes within `reach` of a site.  Two numbers may
    // stand a third of the gap apart (two-digit numbers on big boards drawn small are nearly a
    // step wide); a number keeps twice the gap from a row letter, or the two read as one ('2a').
    const apart = (l) => (l.letter ? 2 * gap : gap / 3);
    const clash = (x, y, w, h) =>
      placed.some((l) => Math.abs(l.x - x) < (l.w + w) / 2 + apart(l) && Math.abs(l.y - y) < (l.h + h) / 2 + apart(l)) ||
      pts.some((p) => Math.abs(p.x - x) < w / 2 + reach && Math.abs(p.y - y) < h / 2 + reach &&
        Math.hypot(Math.max(0, Math.abs(p.x - x) - w / 2), Math.max(0, Math.abs(p.y - y) - h / 2)) < reach);
    // On Epoxy's ragged edges two diagonals often end in one row, so their numbers stand side
    // by side: each number sits well beyond its diagonal's end, joined to it by a dotted
    // leader continuing the diagonal's lattice line, so it is plain which line it names.
    const leader = kind === 'hex-points';
    for (const [col, top] of colTop) {
      const p = place(top, col), q = place(top - 1, col);
      const ux = q.x - p.x, uy = q.y - p.y;  // one step up-right, unit length
      const value = String(col + 1);
      const w = width(value), h = 0.8 * font;
      // Distance from the site to the label's centre at which the label just clears the site.
      const clear = reach + gap + Math.abs(ux) * w / 2 + Math.abs(uy) * h / 2;
      let d = leader ? Math.max(clear, 0.75) + 0.35 : clear;
      const start = d;
      for (let k = 0; k < 6 && clash(p.x + ux * d, p.y + uy * d, w, h); k++) d += 0.35;
      const x = p.x + ux * d, y = p.y + uy * d;
      // A number moved out of a crowd (cells: two-digit numbers on big boards drawn small)
      // gets a leader too, so it still points at its own diagonal.
      if (leader || d > start) {
        // From the point itself (a stone there, drawn above the labels, covers the start),
        // from the cell's edge on cells.
        const from = leader ? 0.12 : reach, to = d - (Math.abs(ux) * w / 2 + Math.abs(uy) * h / 2) - gap / 2;
        if (to > from + 0.1) {
          el('line', {
            x1: round(p.x + ux * from), y1: round(p.y + uy * from), x2: round(p.x + ux * to), y2: round(p.y + uy * to),
            class: 'coord-leader',
          }, layer);
        }
      }
      text(x, y, value);
    }
  }

  // --- stones and highlights ------------------------------------------------------------------

  function drawStones(layer, board, pts, marks, kind) {
    const g = board.geometry;
    const radius = kind === 'square-points' ? 0.4 : kind === 'hex-points' ? 0.38 : 0.42;
    g.stones.forEach((colour, i) => {
      if (!colour) return;
      const style = stoneStyle(colour, board.colours);
      el('circle', {
        cx: pts[i].x, cy: pts[i].y, r: radius, fill: fillOf(layer, colour), stroke: style.edge,
        'stroke-width': 0.04, class: `stone stone-${colour}`, 'data-stone': g.sites[i].name,
      }, layer);
      // Colour is not the only cue: the second colour's stones carry a small diamond.
      if (board.colours.indexOf(colour) === 1) {
        const d = round(radius * 0.3);
        el('path', {
          d: `M${pts[i].x} ${round(pts[i].y - d)} l${d} ${d} l${-d} ${d} l${-d} ${-d} z`, fill: style.mark,
          class: 'colour-mark', 'aria-hidden': 'true',
        }, layer);
      }
      if (marks.last.has(i)) {
        el('circle', { cx: pts[i].x, cy: pts[i].y, r: radius * 0.32, fill: 'none', stroke: style.mark, 'stroke-width': 0.07, class: 'last-mark' }, layer);
      }
    });
  }

  function drawMarks(layer, board, pts, marks) {
    for (const [from, to] of marks.slides) {
      const a = pts[from], b = pts[to];
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
      el('line', { x1: a.x, y1: a.y, x2: round(b.x - ux * 0.42), y2: round(b.y - uy * 0.42), class: 'slide-arrow', 'marker-end': `url(#${idOf(layer, 'arrow-head')})` }, layer);
    }
    for (const i of marks.lastFrom) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.3, class: 'last-from' }, layer);
    for (const i of marks.legal) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.12, class: 'legal-dot' }, layer);
    for (const i of marks.movable) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.47, class: 'movable-ring' }, layer);
    for (const i of marks.candidates) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.2, class: 'candidate-dot' }, layer);
    // The actions of a turn under way: played on the drawing, not sent yet.
    for (const i of marks.pending) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.46, class: 'pending-ring' }, layer);
    // The sites that decided the game (State::deciding_sites() on the server).
    for (const i of marks.deciding) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.44, class: 'deciding-ring' }, layer);
    for (const i of marks.selected) {
      // A stone chosen but not yet played shows as a pale stone of the mover's colour.
      if (marks.ghost && !board.geometry.stones[i]) {
        el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.38, fill: fillOf(layer, marks.ghost), class: 'ghost-stone' }, layer);
      }
      el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.46, class: 'selected-ring' }, layer);
    }
  }

  // Transparent click targets on top of everything, one per site.  Every site is a button
  // (where the viewer cannot play, a press says why: play.js), and the board is one stop of
  // the Tab key: `marks.focusSite` (or the first site) takes it, the arrow keys walk from
  // there (play.js), a roving tabindex as WAI-ARIA's composite widgets have it.
  function drawTargets(layer, board, pts, kind, marks) {
    const g = board.geometry;
    const stop = g.sites.some((s) => s.name === marks.focusSite) ? marks.focusSite : g.sites[0]?.name;
    g.sites.forEach((s, i) => {
      const attrs = {
        class: 'site', 'data-site': s.name, 'aria-label': siteLabel(board, i), role: 'button',
        tabindex: s.name === stop ? 0 : -1,
      };
      if (kind === 'hex-cells') el('polygon', { ...attrs, points: hexPolygon(pts[i].x, pts[i].y, 1 / SQRT3) }, layer);
      else if (kind === 'square-cells') el('rect', { ...attrs, x: pts[i].x - 0.5, y: pts[i].y - 0.5, width: 1, height: 1 }, layer);
      else el('circle', { ...attrs, cx: pts[i].x, cy: pts[i].y, r: 0.5 }, layer);
      const title = el('title', {}, layer.lastChild);
      title.textContent = siteLabel(board, i);
      if (marks.legal.has(i) || marks.candidates.has(i) || marks.movable.has(i)) layer.lastChild.classList.add('playable');
    });
  }

  function siteLabel(board, i) {
    const colour = board.geometry.stones[i];
    // TRANSLATORS: a site of the board for screen readers: "c3: black stone", "c3: empty"
    return colour ? t('{site}: {colour} stone', { site: board.geometry.sites[i].name, colour }) : t('{site}: empty', { site: board.geometry.sites[i].name });
  }

  // marks: sets/arrays of site indices {last, lastFrom, slides, legal, movable, candidates,
  // selected, pending}; interactive: the viewer may play (the sites are buttons either way);
  // focusSite: the name of the site that holds the board's Tab stop.
  function draw(board, marks) {
    const kind = family(board);
    const { place, points: pts } = positions(board.geometry);
    const at = siteIndex(board.geometry);
    const full = {
      deciding: new Set(), last: new Set(), lastFrom: [], slides: [], legal: new Set(), movable: new Set(), candidates: new Set(),
      selected: new Set(), pending: new Set(), ...marks,
    };

    const svg = el('svg', { xmlns: SVG_NS, class: `board board-${kind} game-${board.game}`, role: 'group', 'data-ids': `drawing${++drawings}-` });
    defs(svg, board.colours);
    const arrowDefs = el('defs', {}, svg);
    const marker = el('marker', { id: idOf(svg, 'arrow-head'), viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, arrowDefs);
    el('path', { d: 'M0 0 L10 5 L0 10 z', class: 'arrow-head' }, marker);

    const background = el('g', { class: 'layer-board' }, svg);
    if (kind === 'square-cells') drawSquareCells(background, board, pts);
    else if (kind === 'square-points') drawSquarePoints(background, board, pts, place);
    else if (kind === 'hex-cells') drawHexCells(background, board, pts);
    else drawHexPoints(background, board, pts, place, at);
    const labelLayer = el('g', { class: 'layer-labels', 'aria-hidden': 'true' }, svg);
    // fit() places the coordinates once it knows the scale; until then a first guess.
    svg.placeLabels = (options) => labels(labelLayer, board, pts, place, kind, options);
    svg.placeLabels({ font: 0.36, gap: 0.1, compact: false });
    drawStones(el('g', { class: 'layer-stones' }, svg), board, pts, full, kind);
    drawMarks(el('g', { class: 'layer-marks', 'aria-hidden': 'true' }, svg), board, pts, full);
    drawTargets(el('g', { class: 'layer-sites' }, svg), board, pts, kind, full);

    // Fit the view box around everything drawn (labels included) once it is in the page.
    svg.dataset.sites = String(board.geometry.sites.length);
    return svg;
  }

  // Call after the svg is attached: places the coordinates and sets the viewBox to the
  // drawing's bounds.  Label sizes and gaps are chosen in pixels, which depend on the scale,
  // which depends on the labels' room: a few rounds settle it.  A narrow board (a phone)
  // gets labels on one side per axis, 11-13 px, and 2 px of margin, so the playing area
  // takes nearly all of the width; elsewhere 0.36 of a step, between 11 and 18 px.
  function fit(svg) {
    const compact = svg.clientWidth > 0 && svg.clientWidth < 560;
    let scale = 0;
    for (let round_ = 0; round_ < 4; round_++) {
      const px = !scale ? 0 : compact ? Math.min(13, Math.max(11, 0.3 * scale)) : Math.min(18, Math.max(11, 0.36 * scale));
      // At most 0.75 of a step, so neighbouring labels on big boards drawn small stay apart.
      const font = scale ? Math.min(0.75, px / scale) : 0.36;
      const gap = scale ? Math.max(0.06, 3 / scale) : 0.1;
      svg.style.setProperty('--coord-size', `${round(font)}px`);
      // Leader lines: 1.2 px wide, 3 px dashes, at any scale.
      svg.style.setProperty('--coord-line', `${round(scale ? 1.2 / scale : 0.04)}px`);
      svg.style.setProperty('--coord-dash', `${round(scale ? 3 / scale : 0.07)}px`);
      if (svg.placeLabels) svg.placeLabels({ font, gap, compact });
      const box = svg.getBBox();
      const pad = scale ? 2 / scale : 0.1;
      const width = box.width + 2 * pad, height = box.height + 2 * pad;
      svg.setAttribute('viewBox', `${round(box.x - pad)} ${round(box.y - pad)} ${round(width)} ${round(height)}`);
      const next = Math.min(svg.clientWidth / width, svg.clientHeight / height);
      if (!(next > 0)) return;
      if (scale && Math.abs(next - scale) < 0.005 * scale) break;
      scale = next;
    }
  }

  return { draw, fit, family, stoneStyle };
})();
