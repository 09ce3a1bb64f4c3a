// Draws a board of the play server as SVG from the API's geometry (topology, rows, cols,
// sites with row/col/name, stones by site).  One drawing per shape family:
//   square cells   N-Mesh (shaded liberty cells)
//   square points  Trellis (chequered squares, grid lines, goal edges)
//   hex cells      Ndengrod, Netted (edge cells tinted)
//   hex points     Epoxy (perforated triangular lattice, holes marked)
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

  // Which drawing a board gets.
  function family(board) {
    const topology = board.geometry.topology;
    if (topology === 'square') return board.game === 'trellis' ? 'square-points' : 'square-cells';
    return board.game === 'epoxy' ? 'hex-points' : 'hex-cells';
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

  // N-Mesh shaded cells (RULES.md): (c + 2r + k) mod 5 == 0, k = 1 when n-1 is a multiple of 5.
  function nMeshLiberty(geometry, site) {
    const n = geometry.cols;
    const k = (n - 1) % 5 === 0 ? 1 : 0;
    return (site.col + 2 * site.row + k) % 5 === 0;
  }

  const HEX_NEIGHBOURS = [[0, 1], [1, 1], [1, 0], [0, -1], [-1, -1], [-1, 0]];

  function hexPolygon(x, y, radius) {
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 180) * (60 * k - 90);
      pts.push(`${round(x + radius * Math.cos(a))},${round(y + radius * Math.sin(a))}`);
    }
    return pts.join(' ');
  }

  function defs(svg, colours) {
    const d = el('defs', {}, svg);
    for (const colour of colours) {
      const style = stoneStyle(colour, colours);
      const g = el('radialGradient', { id: `stone-${colour}`, cx: '35%', cy: '30%', r: '75%' }, d);
      el('stop', { offset: '0%', 'stop-color': style.shine }, g);
      el('stop', { offset: '55%', 'stop-color': style.fill }, g);
      el('stop', { offset: '100%', 'stop-color': style.fill }, g);
    }
  }

  // --- the four board drawings (background layer only) -----------------------------------

  function drawSquareCells(layer, board, pts) {
    const g = board.geometry;
    el('rect', { x: -0.56, y: -0.56, width: g.cols + 0.12, height: g.rows + 0.12, class: 'board-edge', rx: 0.08 }, layer);
    g.sites.forEach((s, i) => {
      const liberty = board.game === 'n-mesh' && nMeshLiberty(g, s);
      el('rect', {
        x: pts[i].x - 0.5, y: pts[i].y - 0.5, width: 1, height: 1,
        class: liberty ? 'cell liberty' : 'cell',
      }, layer);
      if (liberty) el('path', { d: `M${pts[i].x} ${pts[i].y - 0.16} l0.16 0.16 l-0.16 0.16 l-0.16 -0.16 z`, class: 'liberty-mark' }, layer);
    });
  }

  function drawSquarePoints(layer, board, pts, place) {
    const g = board.geometry;
    const n = g.cols, m = g.rows;
    // Goal edges: the first colour joins top and bottom, the second left and right.
    const [first, second] = board.colours;
    const bar = 0.2, gap = 0.42;
    const fillOf = (c) => `url(#stone-${c})`;
    const frame = 1.45;  // the wooden frame carries the coordinates
    el('rect', { x: -frame, y: -frame, width: n - 1 + 2 * frame, height: m - 1 + 2 * frame, rx: 0.25, class: 'frame' }, layer);
    el('rect', { x: -gap, y: -gap - bar, width: n - 1 + 2 * gap, height: bar, fill: fillOf(first), class: 'goal' }, layer);
    el('rect', { x: -gap, y: m - 1 + gap, width: n - 1 + 2 * gap, height: bar, fill: fillOf(first), class: 'goal' }, layer);
    el('rect', { x: -gap - bar, y: -gap, width: bar, height: m - 1 + 2 * gap, fill: fillOf(second), class: 'goal' }, layer);
    el('rect', { x: n - 1 + gap, y: -gap, width: bar, height: m - 1 + 2 * gap, fill: fillOf(second), class: 'goal' }, layer);
    // Chequered squares: the one whose lower-left point is (i, j) is dark iff i + j is odd.
    for (let i = 0; i < n - 1; i++) {
      for (let j = 0; j < m - 1; j++) {
        const p = place(j, i);
        el('rect', { x: p.x, y: p.y - 1, width: 1, height: 1, class: (i + j) % 2 ? 'square dark' : 'square light' }, layer);
      }
    }
    for (let i = 0; i < n; i++) el('line', { x1: i, y1: 0, x2: i, y2: m - 1, class: 'grid' }, layer);
    for (let j = 0; j < m; j++) el('line', { x1: 0, y1: j, x2: n - 1, y2: j, class: 'grid' }, layer);
    el('rect', { x: 0, y: 0, width: n - 1, height: m - 1, class: 'grid-border' }, layer);
    pts.forEach((p) => el('circle', { cx: p.x, cy: p.y, r: 0.06, class: 'point' }, layer));
  }

  function drawHexCells(layer, board, pts, at) {
    const g = board.geometry;
    const radius = 1 / SQRT3;
    const outline = el('g', { class: 'hex-outline' }, layer);
    g.sites.forEach((s, i) => {
      el('polygon', { points: hexPolygon(pts[i].x, pts[i].y, radius + 0.07) }, outline);
    });
    g.sites.forEach((s, i) => {
      const neighbours = HEX_NEIGHBOURS.filter(([dr, dc]) => at(s.row + dr, s.col + dc) !== undefined).length;
      const edge = board.game === 'netted' && neighbours < 6;
      el('polygon', { points: hexPolygon(pts[i].x, pts[i].y, radius), class: edge ? 'cell edge-cell' : 'cell' }, layer);
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

  function labels(layer, board, pts, place, kind) {
    const g = board.geometry;
    const placed = [];
    const text = (x, y, value) => {
      placed.push({ x, y });
      const t = el('text', { x: round(x), y: round(y), class: 'coord' }, layer);
      t.textContent = value;
    };
    const crowded = (x, y) =>
      placed.some((p) => Math.hypot(p.x - x, p.y - y) < 0.75) || pts.some((p) => Math.hypot(p.x - x, p.y - y) < 0.6);
    if (g.topology === 'square') {
      const off = kind === 'square-points' ? 1.0 : 0.95;
      for (let c = 0; c < g.cols; c++) {
        const letter = String.fromCharCode(97 + c);
        text(c, -off, letter);
        text(c, g.rows - 1 + off, letter);
      }
      for (let r = 0; r < g.rows; r++) {
        const y = g.rows - 1 - r;
        text(-off, y, String(r + 1));
        text(g.cols - 1 + off, y, String(r + 1));
      }
      return;
    }
    // Hex: the row letter left of each row; each column number beyond the up-right end of
    // its diagonal, moved further out along it where a row letter or a site is in the way
    // (perforated boards whose diagonal starts below a trimmed point).
    const rowFirst = new Map(), colTop = new Map();
    g.sites.forEach((s, i) => {
      if (!rowFirst.has(s.row) || s.col < g.sites[rowFirst.get(s.row)].col) rowFirst.set(s.row, i);
      if (!colTop.has(s.col) || s.row < colTop.get(s.col)) colTop.set(s.col, s.row);
    });
    const gap = kind === 'hex-points' ? 0.85 : 0.95;
    for (const [row, i] of rowFirst) text(pts[i].x - gap, pts[i].y, String.fromCharCode(97 + row));
    // On the ragged edges of perforated lattices (Epoxy) a number moved further out would
    // land beside another diagonal: there a number only ever sits one step beyond its
    // diagonal's top point, or right above a row letter in the way.
    const tries = kind === 'hex-points' ? 1 : 4;
    for (const [col, top] of colTop) {
      const p = place(top, col), q = place(top - 1, col);
      let x = 0, y = 0;
      for (let k = 0; k < tries; k++) {
        x = p.x + (q.x - p.x) * (k + gap);
        y = p.y + (q.y - p.y) * (k + gap);
        if (!crowded(x, y)) break;
      }
      if (tries === 1 && placed.some((l) => Math.hypot(l.x - x, l.y - y) < 0.75)) y -= 0.6;
      text(x, y, String(col + 1));
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
        cx: pts[i].x, cy: pts[i].y, r: radius, fill: `url(#stone-${colour})`, stroke: style.edge,
        'stroke-width': 0.04, class: `stone stone-${colour}`, 'data-stone': g.sites[i].name,
      }, layer);
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
      el('line', { x1: a.x, y1: a.y, x2: round(b.x - ux * 0.42), y2: round(b.y - uy * 0.42), class: 'slide-arrow', 'marker-end': 'url(#arrow-head)' }, layer);
    }
    for (const i of marks.lastFrom) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.3, class: 'last-from' }, layer);
    for (const i of marks.legal) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.12, class: 'legal-dot' }, layer);
    for (const i of marks.movable) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.47, class: 'movable-ring' }, layer);
    for (const i of marks.candidates) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.2, class: 'candidate-dot' }, layer);
    // The sites that decided the game (State::deciding_sites() on the server).
    for (const i of marks.deciding) el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.44, class: 'deciding-ring' }, layer);
    for (const i of marks.selected) {
      // A stone chosen but not yet played shows as a pale stone of the mover's colour.
      if (marks.ghost && !board.geometry.stones[i]) {
        el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.38, fill: `url(#stone-${marks.ghost})`, class: 'ghost-stone' }, layer);
      }
      el('circle', { cx: pts[i].x, cy: pts[i].y, r: 0.46, class: 'selected-ring' }, layer);
    }
  }

  // Transparent click targets on top of everything, one per site.
  function drawTargets(layer, board, pts, kind, marks) {
    const g = board.geometry;
    g.sites.forEach((s, i) => {
      const attrs = { class: 'site', 'data-site': s.name, 'aria-label': siteLabel(board, i) };
      if (marks.interactive) Object.assign(attrs, { role: 'button', tabindex: 0 });
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
    return `${board.geometry.sites[i].name}: ${colour ? colour + ' stone' : 'empty'}`;
  }

  // marks: sets/arrays of site indices {last, lastFrom, slides, legal, movable, candidates,
  // selected}; interactive: the sites are buttons (focusable, Enter/Space click them).
  function draw(board, marks) {
    const kind = family(board);
    const { place, points: pts } = positions(board.geometry);
    const at = siteIndex(board.geometry);
    const full = {
      deciding: new Set(), last: new Set(), lastFrom: [], slides: [], legal: new Set(), movable: new Set(), candidates: new Set(),
      selected: new Set(), ...marks,
    };

    const svg = el('svg', { xmlns: SVG_NS, class: `board board-${kind} game-${board.game}`, role: 'group' });
    defs(svg, board.colours);
    const arrowDefs = el('defs', {}, svg);
    const marker = el('marker', { id: 'arrow-head', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, arrowDefs);
    el('path', { d: 'M0 0 L10 5 L0 10 z', class: 'arrow-head' }, marker);

    const background = el('g', { class: 'layer-board' }, svg);
    if (kind === 'square-cells') drawSquareCells(background, board, pts);
    else if (kind === 'square-points') drawSquarePoints(background, board, pts, place);
    else if (kind === 'hex-cells') drawHexCells(background, board, pts, at);
    else drawHexPoints(background, board, pts, place, at);
    labels(el('g', { class: 'layer-labels', 'aria-hidden': 'true' }, svg), board, pts, place, kind);
    drawStones(el('g', { class: 'layer-stones' }, svg), board, pts, full, kind);
    drawMarks(el('g', { class: 'layer-marks', 'aria-hidden': 'true' }, svg), board, pts, full);
    drawTargets(el('g', { class: 'layer-sites' }, svg), board, pts, kind, full);

    // Fit the view box around everything drawn (labels included) once it is in the page.
    svg.dataset.sites = String(board.geometry.sites.length);
    return svg;
  }

  // Call after the svg is attached: sets the viewBox to the drawing's bounds.
  // Coordinates stay readable (about 11 px at least) on big boards drawn small.
  function fit(svg) {
    const box = svg.getBBox();
    const pad = 0.25;
    const width = box.width + 2 * pad, height = box.height + 2 * pad;
    svg.setAttribute('viewBox', `${round(box.x - pad)} ${round(box.y - pad)} ${round(width)} ${round(height)}`);
    const scale = Math.min(svg.clientWidth / width, svg.clientHeight / height);
    // 11 to 18 px when the board allows it, 0.36 of a step otherwise.
    if (scale > 0) svg.style.setProperty('--coord-size', `${round(Math.min(0.55, Math.max(11 / scale, Math.min(0.36, 18 / scale))))}px`);
  }

  return { draw, fit, family, stoneStyle };
})();
