// SPDX-License-Identifier: Apache-2.0
// The rules of the games, from the same documents as `ludus rules` (GET /api/rules/NAME),
// drawn by a small Markdown renderer that only ever creates text nodes (headings, lists,
// paragraphs, **bold**, *emphasis*, `code`), with the game's board as a diagram; and the
// "How to move" box of the board view, which quotes the rules' "A turn" item.
'use strict';

const rulesCache = new Map();

async function rulesOf(name) {
  if (!rulesCache.has(name)) rulesCache.set(name, api('GET', `/api/rules/${encodeURIComponent(name)}`));
  try {
    return await rulesCache.get(name);
  } catch (e) {
    rulesCache.delete(name);
    throw e;
  }
}

// Inline Markdown into `parent`: `code`, **bold**, *emphasis*; everything else is text.
function renderInline(parent, text) {
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) parent.appendChild(document.createTextNode(text.slice(at, match.index)));
    const token = match[0];
    let node;
    if (token.startsWith('`')) {
      node = document.createElement('code');
      node.textContent = token.slice(1, -1);
    } else if (token.startsWith('**')) {
      node = document.createElement('strong');
      renderInline(node, token.slice(2, -2));
    } else {
      node = document.createElement('em');
      node.textContent = token.slice(1, -1);
    }
    parent.appendChild(node);
    at = match.index + token.length;
  }
  if (at < text.length) parent.appendChild(document.createTextNode(text.slice(at)));
}

// Block Markdown: "#" headings, "*"/"-" list items nested by indentation, paragraphs;
// indented lines continue the item or paragraph above them.
function renderMarkdown(markdown) {
  const root = document.createDocumentFragment();
  const blocks = [];  // {kind, text, depth}
  for (const raw of markdown.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim()) {
      blocks.push({ kind: 'blank' });
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    const item = line.match(/^(\s*)(?:[*-]|(\d+\.))\s+(.*)$/);
    const last = blocks[blocks.length - 1];
    if (heading) blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2] });
    else if (item) blocks.push({ kind: 'item', depth: Math.floor(item[1].length / 2), text: item[2] ? `${item[2]} ${item[3]}` : item[3] });
    else if (last && (last.kind === 'item' || last.kind === 'para')) last.text += ` ${line.trim()}`;
    else blocks.push({ kind: 'para', text: line.trim() });
  }
  const lists = [];  // open <ul> by depth
  let level = 1;  // of the last heading: the page's h1; a heading goes at most one deeper
  for (const b of blocks) {
    if (b.kind !== 'item') lists.length = 0;
    if (b.kind === 'heading') {
      level = Math.min(6, b.level + 1, level + 1);
      const h = document.createElement(`h${level}`);
      renderInline(h, b.text);
      root.appendChild(h);
    } else if (b.kind === 'para') {
      const p = document.createElement('p');
      renderInline(p, b.text);
      root.appendChild(p);
    } else if (b.kind === 'item') {
      while (lists.length > b.depth + 1) lists.pop();
      if (lists.length < b.depth + 1) {
        const ul = document.createElement('ul');
        const parent = lists.length ? lists[lists.length - 1].lastElementChild || lists[lists.length - 1] : root;
        parent.appendChild(ul);
        while (lists.length < b.depth + 1) lists.push(ul);
      }
      const li = document.createElement('li');
      renderInline(li, b.text);
      lists[lists.length - 1].appendChild(li);
    }
  }
  return root;
}

// The items of a game's rules that say what a turn is ("A turn"; Epoxy's "Turn protocol"
// and "Actions"): the facts live in the rules, not in the page.
function turnRules(markdown) {
  return markdown.split(/\n(?=\* )/)
    .filter((b) => /^\* \*\*(A turn|Turn\b[^*]*|Actions)\*\*/.test(b))
    .map((b) => b.replace(/\s+/g, ' ').replace(/^\* /, '').trim());
}

async function showRules(name) {
  const view = $('rules-view');
  view.hidden = false;
  window.scrollTo(0, 0);
  const nav = $('rules-nav');
  nav.replaceChildren(...[...app.catalog.map((g) => [g.name, g.title]), ['conventions', t('Conventions')]].map(([n, title]) => {
    const a = document.createElement('a');
    a.href = `#/rules/${n}`;
    a.textContent = title;
    if (n === name) a.setAttribute('aria-current', 'page');
    return a;
  }));
  $('rules-title').textContent = t('Rules');
  $('rules-body').replaceChildren();
  $('rules-diagram').replaceChildren();
  let rules;
  try {
    rules = await rulesOf(name);
  } catch (e) {
    $('rules-body').textContent = t("No rules for '{name}': {error}", { name, error: e.message });
    $('rules-body').lang = i18n.language;
    return;
  }
  $('rules-body').lang = 'en';  // the rules stay English (docs/translating.md)
  $('rules-title').textContent = t('{game}: the rules', { game: rules.title });
  $('rules-body').replaceChildren(renderMarkdown(rules.markdown));
  if (name === 'conventions') return;
  // The default board as a diagram, with its coordinates.
  try {
    const pos = await enginePosition({ game: rules.name });
    if (!pos.geometry) return;
    const game = app.catalog.find((g) => g.name === rules.name);
    const board = { game: rules.name, colours: game ? game.colours : ['x', 'o'], geometry: pos.geometry, title: rules.title };
    const svg = LudusBoard.draw(board, {});
    svg.setAttribute('aria-label', t('The default {game} board', { game: rules.title }));
    const figure = document.createElement('figure');
    const caption = document.createElement('figcaption');
    const sites = pos.geometry.sites.length;
    caption.textContent = pos.geometry.stones_on === 'points' ? tn('The default board ({n} point).', 'The default board ({n} points).', sites)
      : tn('The default board ({n} cell).', 'The default board ({n} cells).', sites);
    figure.append(svg, caption);
    $('rules-diagram').replaceChildren(figure);
    LudusBoard.fit(svg);
  } catch (e) {
    // the rules stand without the diagram
  }
}

async function renderHowToMove(board) {
  $('rules-link').href = `#/rules/${board.game}`;
  // The game's own examples of a turn's text (the catalog), for the box.
  const examples = catalogEntry(board)?.turn?.examples || [];
  const typed = examples.map((e) => `${e.text}: ${e.meaning}`).join('; ');
  const clicks = clickHint(playPosition(board));
  const type = typed ? t('Type a whole turn in the box, then Enter ({examples}).', { examples: typed }) : t('Type a whole turn in the box, then Enter.');
  const typeToo = typed ? t('Or type a whole turn in the box, then Enter ({examples}).', { examples: typed }) : t('Or type a whole turn in the box, then Enter.');
  $('how-click').textContent = clicks ? `${clicks} ${typeToo}` : type;
  const box = $('how-rule');
  if (box.dataset.game === board.game) return;
  box.dataset.game = board.game;
  box.replaceChildren();
  try {
    const rules = turnRules((await rulesOf(board.game)).markdown);
    if (box.dataset.game !== board.game) return;
    box.replaceChildren(...rules.map((rule) => {
      const p = document.createElement('p');
      p.className = 'small';
      renderInline(p, rule);
      return p;
    }));
  } catch (e) {
    box.dataset.game = '';
  }
}
