// SPDX-License-Identifier: Apache-2.0
// The tournaments (#/tournaments, GET /api/tournaments) and one tournament (#/tournament/N,
// GET /api/tournaments/N): its name and status, the settings of every board it starts
// (joining consents to them), its players, who won (or who share first place), the
// standings with the order of the tie-breaks, the cross table of a round robin or the
// bracket of a knockout, and every round's games with links to their boards; the signed-in
// player may join, leave, withdraw or (its creator) start it, and create one with the form
// of the list (POST /api/tournaments, as docs/http-api.md says).  The page shown is kept
// current by the WebSocket's tournament notices (live.js), polled while the socket is down.
// Shares the helpers of app.js and community.js.
'use strict';

const TOURNAMENT_POLL_MS = 10000;

const formatTitles = {
  roundrobin: 'round robin', 'double-roundrobin': 'double round robin', swiss: 'Swiss', knockout: 'knockout',
};
const formatHelp = {
  roundrobin: 'Everyone meets everyone once.',
  'double-roundrobin': 'Everyone meets everyone twice, the second time with the colours reversed.',
  swiss: 'A fixed number of rounds; players with similar scores meet, nobody twice.',
  knockout: 'A bracket seeded by rating: the loser of each game is out, a drawn game is replayed.',
};

// The tournament shown (#/tournament/N): its number and the revision on screen.
const tournamentShown = { id: null, revision: -1, loading: false, again: false, timer: null };

// "3 rounds"; before a round robin or knockout starts, what its players will make of them.
function roundsText(t) {
  if (t.rounds) return `${t.rounds} round${t.rounds === 1 ? '' : 's'}`;
  if (t.format === 'knockout') return 'rounds until one player is left';
  return t.format === 'double-roundrobin' ? 'everyone meets everyone twice' : 'everyone meets everyone';
}

// "N-Mesh Swiss · 3 rounds · 8–8 players · starts when full".
function tournamentText(t) {
  const start = t.starts_at ? `starts ${dateText(t.starts_at)}` : 'starts when full';
  return `${titleOf(t.game)} ${formatTitles[t.format] || t.format} · ${roundsText(t)} · ${t.min_players}–${t.max_players} players · ${start}`;
}

function tournamentStatusText(t) {
  return t.status === 'running' ? `running: round ${t.round} of ${t.rounds}` : t.status;
}

// What every board of the tournament is, as the invitation card says it: the game's
// options, rated or not, and the time limits in the server's words (board_settings.h's
// time_limits_text, the one wording of the page and the mails).
function boardTermsText(t) {
  const options = t.options || {};
  const game = Object.entries(options).filter(([k]) => !['nagtime', 'forfeittime', 'rated'].includes(k)).map(([k, v]) => `${k} ${v}`);
  return [...game, t.rated ? 'rated' : 'unrated', t.time_limits].join(' · ');
}

async function showTournaments() {
  say('tournaments-error', '');
  $('tournament-create-form').hidden = !app.token;
  $('tournament-create-signin').hidden = Boolean(app.token);
  let data;
  try {
    data = await api('GET', '/api/tournaments');
  } catch (e) {
    say('tournaments-error', `Cannot load the tournaments: ${e.message}`);
    return;
  }
  if (shownCommunityView() !== 'tournaments-view') return;
  const list = $('tournament-list');
  if (data.tournaments.length === 0) {
    list.replaceChildren(el('li', { cls: 'muted', text: 'No tournaments yet.' }));
    return;
  }
  list.replaceChildren(...data.tournaments.map((t) => el('li', { 'data-tournament': String(t.id) },
    el('span', { cls: 'status', text: tournamentStatusText(t) }),
    el('a', { cls: 'tournament-name', href: `#/tournament/${t.id}`, text: t.name }), ' ',
    el('span', { cls: 'muted small', text: tournamentText(t) }))));
}

// "1", "½", "2.5", "0.75".
function pointsText(n) {
  return n === 0.5 ? '½' : String(Math.round(n * 100) / 100);
}

function boardLink(game) {
  return game.board ? el('a', { href: `#/board/${game.board}`, text: `board ${game.board}` }) : null;
}

async function tournamentAction(id, action) {
  say('tournament-error', '');
  try {
    renderTournament(await api('POST', `/api/tournaments/${id}/${action}`, {}));
  } catch (e) {
    say('tournament-error', e.message);
  }
}

function tournamentActions(t) {
  const buttons = [];
  if (!app.token) return buttons;
  const joined = t.players.some((p) => p.player === app.user);
  const button = (action, label) => {
    const b = el('button', { type: 'button', text: label, 'data-action': action });
    b.addEventListener('click', () => tournamentAction(t.id, action));
    return b;
  };
  if (t.status === 'open') {
    buttons.push(joined ? button('leave', 'Leave') : button('join', 'Join (consent to its boards)'));
    if (t.creator === app.user) buttons.push(button('start', 'Start now'));
  }
  if (t.status === 'running' && joined && !t.players.find((p) => p.player === app.user).withdrawn)
    buttons.push(button('withdraw', 'Withdraw (lose the rest)'));
  return buttons;
}

function standingsRows(t) {
  $('tournament-standings-head').replaceChildren(el('tr', {},
    el('th', { scope: 'col', cls: 'num', text: t.status === 'open' ? '#' : 'Place' }), el('th', { scope: 'col', text: 'Player' }),
    el('th', { scope: 'col', cls: 'num', text: 'Pts' }),
    el('th', { scope: 'col', cls: 'num', text: t.tiebreak === 'Sonneborn-Berger' ? 'SB' : t.tiebreak === 'Buchholz' ? 'Buch.' : 'Won', title: t.tiebreak }),
    el('th', { scope: 'col', cls: 'num', title: 'wins / losses / draws', text: 'W/L/D' })));
  if (t.status === 'open') {
    return t.players.map((p, i) => el('tr', { 'data-player': p.player },
      el('td', { cls: 'num', text: String(i + 1) }), el('td', {}, playerLink(p.player)),
      el('td', { cls: 'num', text: '' }), el('td', { cls: 'num', text: '' }), el('td', { cls: 'num', text: '' })));
  }
  // A shared place is written "2=" (as `tournament show` writes it).
  return t.standings.map((s) => el('tr', { 'data-player': s.player, cls: s.withdrawn ? 'withdrawn-row' : null },
    el('td', { cls: 'num', text: `${s.rank}${s.shared ? '=' : ''}`, title: s.shared ? 'a shared place' : null }),
    el('td', { cls: s.withdrawn ? 'withdrawn' : null, title: s.withdrawn ? 'withdrawn: forfeits the rest' : null }, playerLink(s.player)),
    el('td', { cls: 'num', text: pointsText(s.points) }),
    el('td', { cls: 'num', text: pointsText(s.tiebreak) }),
    el('td', { cls: 'num', text: recordText(s) })));
}

function crossTable(t) {
  const n = t.standings.length;
  const corner = el('th', { scope: 'col' }, el('span', { cls: 'visually-hidden', text: 'Player' }));  // a header is never empty
  const head = el('tr', {}, corner, ...t.standings.map((s, i) => el('th', { scope: 'col', text: String(i + 1), title: s.player })));
  const rows = t.standings.map((s, i) => el('tr', {},
    el('th', { scope: 'row', text: `${i + 1} ${s.player}` }),
    ...Array.from({ length: n }, (_, j) => el('td', { text: t.cross_table[i][j] }))));
  return [el('thead', {}, head), el('tbody', {}, ...rows)];
}

// The knockout's rounds side by side; the last game of each pairing decides it.
function bracket(t) {
  const rounds = [];
  for (const g of t.games) {
    const round = (rounds[g.round - 1] ||= new Map());
    const slot = round.get(g.slot);
    if (!slot || g.replay > slot.replay) round.set(g.slot, g);
  }
  return rounds.map((round, r) => el('div', { cls: 'bracket-round', 'aria-label': `Round ${r + 1}` },
    ...[...round.values()].sort((a, b) => a.slot - b.slot).map((g) => {
      const side = (who, wins) => el('div', { cls: wins ? 'winner' : null, text: who || '—' });
      return el('div', { cls: 'bracket-game' },
        side(g.first, g.outcome === 'first'), side(g.second || 'bye', g.outcome === 'second'),
        el('div', { cls: 'muted small' }, g.replay ? `replay ${g.replay} · ` : '', g.kind === 'bye' ? '' : boardLink(g) || g.result));  // a bye says so once
    })));
}

function roundsList(t) {
  const byRound = new Map();
  for (const g of t.games) (byRound.get(g.round) || byRound.set(g.round, []).get(g.round)).push(g);
  return [...byRound.entries()].reverse().map(([round, games]) => el('section', {},
    el('h3', { cls: 'round-title', text: `Round ${round}` }),
    el('ul', { cls: 'round-games' }, ...games.map((g) => el('li', {},
      g.second ? `${g.first} – ${g.second}` : `${g.first} (${g.kind === 'bye' ? 'bye' : 'forfeit'})`,
      ' ', el('strong', { text: g.kind === 'bye' ? '' : g.result }), ' ', boardLink(g))))));
}

// Shows tournament `id` (#/tournament/N) and keeps it current.
async function showTournament(id) {
  say('tournament-error', '');
  tournamentShown.id = Number(id);
  tournamentShown.revision = -1;
  sendWatch();  // live.js: its notices from now on
  clearInterval(tournamentShown.timer);
  tournamentShown.timer = setInterval(() => {
    if (shownCommunityView() !== 'tournament-view') {
      clearInterval(tournamentShown.timer);
      tournamentShown.id = null;
      sendWatch();
      return;
    }
    if (!document.hidden && !updates.open) loadTournament();  // the socket is down: look now and then
  }, TOURNAMENT_POLL_MS);
  await loadTournament();
}

// A notice of the socket: tournament `id` is at `revision` now.
function tournamentChanged(id, revision) {
  if (id === tournamentShown.id && revision > tournamentShown.revision && shownCommunityView() === 'tournament-view') loadTournament();
}

// Loads the tournament shown and renders it; a load asked for meanwhile runs after it.
async function loadTournament() {
  const id = tournamentShown.id;
  if (tournamentShown.loading) {
    tournamentShown.again = true;
    return;
  }
  tournamentShown.loading = true;
  try {
    renderTournament(await api('GET', `/api/tournaments/${id}`));
  } catch (e) {
    if (id === tournamentShown.id) say('tournament-error', `Cannot load tournament ${id}: ${e.message}`);
  } finally {
    tournamentShown.loading = false;
  }
  if (tournamentShown.again) {
    tournamentShown.again = false;
    loadTournament();
  }
}

// The result of a finished tournament, from the server's winners: one, or a shared first place.
function resultText(t) {
  if (t.status !== 'finished' || !t.winners || t.winners.length === 0) return '';
  return t.winners.length === 1 ? `Winner: ${t.winners[0]}` : `Shared first place: ${t.winners.join(', ')}`;
}

function statusLine(t) {
  const joined = `${t.players.length} of ${t.max_players} players`;
  if (t.status === 'open') return [`Open: ${joined} have joined`];
  if (t.status === 'running') return [`Running: round ${t.round} of ${t.rounds}`];
  if (t.status === 'cancelled') return ['Cancelled: too few players joined'];
  const result = resultText(t);
  return ['Finished', ...(result ? [' · ', el('span', { cls: 'result', text: result })] : [])];
}

// Renders tournament `t` (GET /api/tournaments/N) if it is the one shown and not older than
// what is on screen.
function renderTournament(t) {
  if (t.id !== tournamentShown.id || shownCommunityView() !== 'tournament-view') return;
  if (typeof t.revision === 'number') {
    if (t.revision < tournamentShown.revision) return;
    tournamentShown.revision = t.revision;
  }
  $('tournament-view').dataset.status = t.status;
  $('tournament-view').dataset.revision = String(t.revision);
  $('tournament-title').textContent = t.name;
  $('tournament-status').replaceChildren(...statusLine(t));
  // Its number too: mails and commands name it by that (and another may bear the same name).
  $('tournament-summary').textContent = `${tournamentText(t)} · created by ${t.creator} · tournament ${t.id}`;
  $('tournament-boards').textContent = `${t.status === 'open' ? 'Joining is consent to every board it starts: ' : 'Every board: '}${boardTermsText(t)}`;
  $('tournament-actions').replaceChildren(...tournamentActions(t));
  const open = t.status === 'open';
  $('tournament-standings-title').textContent = open ? `Players (${t.players.length} of ${t.max_players})` : 'Standings';
  $('tournament-standings-body').replaceChildren(...standingsRows(t));
  // A knockout ranks by rounds won alone (its points count the draws of replayed games).
  $('tournament-ranking').textContent = open ? ''
    : t.format === 'knockout' ? 'Ranked by rounds won: the losers of one round share a place.'
      : `Ranked by points, then ${t.tiebreaks.join(', ')}; players still equal share the place.`;
  $('tournament-cross-box').hidden = !t.cross_table;
  if (t.cross_table) $('tournament-cross').replaceChildren(...crossTable(t));
  $('tournament-bracket-box').hidden = t.format !== 'knockout' || t.games.length === 0;
  if (t.format === 'knockout') $('tournament-bracket').replaceChildren(...bracket(t));
  $('tournament-rounds-box').hidden = t.games.length === 0;
  $('tournament-rounds').replaceChildren(...roundsList(t));
}

// --- creating a tournament ------------------------------------------------------------------

function renderTournamentOptions() {
  const game = renderOptionInputs($('tournament-options'), $('tournament-game').value, 'tournament-option');
  $('tournament-game-summary').textContent = game ? game.summary : '';
}

// Only a Swiss event takes a number of rounds; only a start at a time takes the time.
function renderTournamentChoices() {
  $('tournament-format-help').textContent = formatHelp[$('tournament-format').value] || '';
  $('tournament-round-count-row').hidden = $('tournament-format').value !== 'swiss';
  $('tournament-start-at').disabled = !$('tournament-start-date').checked;
}

// The body of POST /api/tournaments from the form.  The numbers go as typed: the server
// judges them and its one-line error is shown.  A start time is typed in local time and
// sent in UTC, as the server reads it.
function tournamentRequest() {
  const options = readOptions($('tournament-options'), $('tournament-rated'));
  options.nagtime = $('tournament-nagtime').value.trim();
  options.forfeittime = $('tournament-forfeittime').value.trim();
  const body = {
    name: $('tournament-name').value.trim(),
    game: $('tournament-game').value,
    format: $('tournament-format').value,
    players: `${$('tournament-min').value.trim()}-${$('tournament-max').value.trim()}`,
    start: 'full',
    options,
  };
  if (body.format === 'swiss') {
    const rounds = $('tournament-round-count').value.trim();
    body.rounds = rounds === '' ? null : Number(rounds);
  }
  if ($('tournament-start-date').checked) {
    const local = $('tournament-start-at').value;
    const at = local ? new Date(local) : null;
    body.start = at && !Number.isNaN(at.getTime()) ? at.toISOString().slice(0, 16) : '';
  }
  return body;
}

function bindTournaments() {
  $('tournament-game').addEventListener('change', renderTournamentOptions);
  $('tournament-format').addEventListener('change', renderTournamentChoices);
  for (const radio of document.querySelectorAll('input[name="tournament-start"]')) radio.addEventListener('change', renderTournamentChoices);
  renderTournamentChoices();
  $('tournament-create-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    say('tournament-create-message', '');
    if (!(await ratedSettled('tournament', 'tournament-create-message'))) return;
    try {
      const reply = await api('POST', '/api/tournaments', tournamentRequest());
      location.hash = `#/tournament/${reply.tournament.id}`;
    } catch (e) {
      say('tournament-create-message', e.message);
    }
  });
}

document.addEventListener('DOMContentLoaded', bindTournaments);
