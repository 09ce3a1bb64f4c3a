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

// A format's name and what it means (in the page's language, so made when asked for).
function formatTitle(format) {
  const titles = { roundrobin: t('round robin'), 'double-roundrobin': t('double round robin'), swiss: t('Swiss'), knockout: t('knockout') };
  return titles[format] || format;
}

function formatHelp(format) {
  const help = {
    roundrobin: t('Everyone meets everyone once.'),
    'double-roundrobin': t('Everyone meets everyone twice, the second time with the colours reversed.'),
    swiss: t('A fixed number of rounds; players with similar scores meet, nobody twice.'),
    knockout: t('A bracket seeded by rating: the loser of each game is out, a drawn game is replayed.'),
  };
  return help[format] || '';
}

// The tournament shown (#/tournament/N): its number and the revision on screen.
const tournamentShown = { id: null, revision: -1, loading: false, again: false, timer: null };

// "3 rounds"; before a round robin or knockout starts, what its players will make of them.
function roundsText(tour) {
  if (tour.rounds) return tn('{n} round', '{n} rounds', tour.rounds);
  if (tour.format === 'knockout') return t('rounds until one player is left');
  return tour.format === 'double-roundrobin' ? t('everyone meets everyone twice') : t('everyone meets everyone');
}

// "N-Mesh Swiss · 3 rounds · 8–8 players · starts when full".
function tournamentText(tour) {
  const start = tour.starts_at ? t('starts {date}', { date: dateText(tour.starts_at) }) : t('starts when full');
  return `${titleOf(tour.game)} ${formatTitle(tour.format)} · ${roundsText(tour)} · ${
    t('{min}–{max} players', { min: tour.min_players, max: tour.max_players })} · ${start}`;
}

function tournamentStatusText(tour) {
  const words = { open: t('open'), finished: t('finished'), cancelled: t('cancelled') };
  return tour.status === 'running' ? t('running: round {round} of {rounds}', { round: tour.round, rounds: tour.rounds }) : words[tour.status] || tour.status;
}

// What every board of the tournament is, as the invitation card says it: the game's
// options, rated or not, and the time limits in the server's words (board_settings.h's
// time_limits_text, the one wording of the page and the mails).
function boardTermsText(tour) {
  const options = tour.options || {};
  const game = Object.entries(options).filter(([k]) => !['nagtime', 'forfeittime', 'rated'].includes(k)).map(([k, v]) => `${k} ${v}`);
  return [...game, tour.rated ? t('rated') : t('unrated'), tour.time_limits].join(' · ');
}

async function showTournaments() {
  say('tournaments-error', '');
  $('tournament-create-form').hidden = !app.token;
  $('tournament-create-signin').hidden = Boolean(app.token);
  let data;
  try {
    data = await api('GET', '/api/tournaments');
  } catch (e) {
    say('tournaments-error', t('Cannot load the tournaments: {error}', { error: e.message }));
    return;
  }
  if (shownCommunityView() !== 'tournaments-view') return;
  const list = $('tournament-list');
  if (data.tournaments.length === 0) {
    list.replaceChildren(el('li', { cls: 'muted', text: t('No tournaments yet.') }));
    return;
  }
  list.replaceChildren(...data.tournaments.map((tour) => el('li', { 'data-tournament': String(tour.id) },
    el('span', { cls: 'status', text: tournamentStatusText(tour) }),
    el('a', { cls: 'tournament-name', href: `#/tournament/${tour.id}`, text: tour.name }), ' ',
    el('span', { cls: 'muted small', text: tournamentText(tour) }))));
}

// "1", "½", "2.5", "0.75".
function pointsText(n) {
  return n === 0.5 ? '½' : String(Math.round(n * 100) / 100);
}

function boardLink(game) {
  return game.board ? el('a', { href: `#/board/${game.board}`, text: t('board {board}', { board: game.board }) }) : null;
}

async function tournamentAction(id, action) {
  say('tournament-error', '');
  try {
    renderTournament(await api('POST', `/api/tournaments/${id}/${action}`, {}));
  } catch (e) {
    say('tournament-error', e.message);
  }
}

function tournamentActions(tour) {
  const buttons = [];
  if (!app.token) return buttons;
  const joined = tour.players.some((p) => p.player === app.user);
  const button = (action, label) => {
    const b = el('button', { type: 'button', text: label, 'data-action': action });
    b.addEventListener('click', () => tournamentAction(tour.id, action));
    return b;
  };
  if (tour.status === 'open') {
    buttons.push(joined ? button('leave', t('Leave')) : button('join', t('Join (consent to its boards)')));
    if (tour.creator === app.user) buttons.push(button('start', t('Start now')));
  }
  if (tour.status === 'running' && joined && !tour.players.find((p) => p.player === app.user).withdrawn)
    buttons.push(button('withdraw', t('Withdraw (lose the rest)')));
  return buttons;
}

function standingsRows(tour) {
  $('tournament-standings-head').replaceChildren(el('tr', {},
    el('th', { scope: 'col', cls: 'num', text: tour.status === 'open' ? '#' : t('Place') }), el('th', { scope: 'col', text: t('Player') }),
    // TRANSLATORS: a table column's short title: the points
    el('th', { scope: 'col', cls: 'num', text: t('Pts') }),
    el('th', { scope: 'col', cls: 'num', text: tour.tiebreak === 'Sonneborn-Berger' ? 'SB' : tour.tiebreak === 'Buchholz' ? 'Buch.' : t('Won'), title: tour.tiebreak }),
    // TRANSLATORS: a table column's short title: wins / losses / draws
    el('th', { scope: 'col', cls: 'num', title: t('wins / losses / draws'), text: t('W/L/D') })));
  if (tour.status === 'open') {
    return tour.players.map((p, i) => el('tr', { 'data-player': p.player },
      el('td', { cls: 'num', text: String(i + 1) }), el('td', {}, playerLink(p.player)),
      el('td', { cls: 'num', text: '' }), el('td', { cls: 'num', text: '' }), el('td', { cls: 'num', text: '' })));
  }
  // A shared place is written "2=" (as `tournament show` writes it).
  return tour.standings.map((s) => el('tr', { 'data-player': s.player, cls: s.withdrawn ? 'withdrawn-row' : null },
    el('td', { cls: 'num', text: `${s.rank}${s.shared ? '=' : ''}`, title: s.shared ? t('a shared place') : null }),
    el('td', { cls: s.withdrawn ? 'withdrawn' : null, title: s.withdrawn ? t('withdrawn: forfeits the rest') : null }, playerLink(s.player)),
    el('td', { cls: 'num', text: pointsText(s.points) }),
    el('td', { cls: 'num', text: pointsText(s.tiebreak) }),
    el('td', { cls: 'num', text: recordText(s) })));
}

function crossTable(tour) {
  const n = tour.standings.length;
  const corner = el('th', { scope: 'col' }, el('span', { cls: 'visually-hidden', text: t('Player') }));  // a header is never empty
  const head = el('tr', {}, corner, ...tour.standings.map((s, i) => el('th', { scope: 'col', text: String(i + 1), title: s.player })));
  const rows = tour.standings.map((s, i) => el('tr', {},
    el('th', { scope: 'row', text: `${i + 1} ${s.player}` }),
    ...Array.from({ length: n }, (_, j) => el('td', { text: tour.cross_table[i][j] }))));
  return [el('thead', {}, head), el('tbody', {}, ...rows)];
}

// The knockout's rounds side by side; the last game of each pairing decides it.
function bracket(tour) {
  const rounds = [];
  for (const g of tour.games) {
    const round = (rounds[g.round - 1] ||= new Map());
    const slot = round.get(g.slot);
    if (!slot || g.replay > slot.replay) round.set(g.slot, g);
  }
  return rounds.map((round, r) => el('div', { cls: 'bracket-round', 'aria-label': t('Round {n}', { n: r + 1 }) },
    ...[...round.values()].sort((a, b) => a.slot - b.slot).map((g) => {
      const side = (who, wins) => el('div', { cls: wins ? 'winner' : null, text: who || '—' });
      return el('div', { cls: 'bracket-game' },
        side(g.first, g.outcome === 'first'), side(g.second || t('bye'), g.outcome === 'second'),
        el('div', { cls: 'muted small' }, g.replay ? `${t('replay {n}', { n: g.replay })} · ` : '', g.kind === 'bye' ? '' : boardLink(g) || g.result));  // a bye says so once
    })));
}

function roundsList(tour) {
  const byRound = new Map();
  for (const g of tour.games) (byRound.get(g.round) || byRound.set(g.round, []).get(g.round)).push(g);
  return [...byRound.entries()].reverse().map(([round, games]) => el('section', {},
    el('h3', { cls: 'round-title', text: t('Round {n}', { n: round }) }),
    el('ul', { cls: 'round-games' }, ...games.map((g) => el('li', {},
      g.second ? `${g.first} – ${g.second}` : `${g.first} (${g.kind === 'bye' ? t('bye') : t('forfeit')})`,
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
    if (id === tournamentShown.id) say('tournament-error', t('Cannot load tournament {id}: {error}', { id, error: e.message }));
  } finally {
    tournamentShown.loading = false;
  }
  if (tournamentShown.again) {
    tournamentShown.again = false;
    loadTournament();
  }
}

// The result of a finished tournament, from the server's winners: one, or a shared first place.
function resultText(tour) {
  if (tour.status !== 'finished' || !tour.winners || tour.winners.length === 0) return '';
  return tour.winners.length === 1 ? t('Winner: {user}', { user: tour.winners[0] }) : t('Shared first place: {users}', { users: tour.winners.join(', ') });
}

function statusLine(tour) {
  if (tour.status === 'open') return [tn('Open: {joined} of {n} player have joined', 'Open: {joined} of {n} players have joined', tour.max_players, { joined: tour.players.length })];
  if (tour.status === 'running') return [t('Running: round {round} of {rounds}', { round: tour.round, rounds: tour.rounds })];
  if (tour.status === 'cancelled') return [t('Cancelled: too few players joined')];
  const result = resultText(tour);
  return [t('Finished'), ...(result ? [' · ', el('span', { cls: 'result', text: result })] : [])];
}

// Renders tournament `tour` (GET /api/tournaments/N) if it is the one shown and not older than
// what is on screen.
function renderTournament(tour) {
  if (tour.id !== tournamentShown.id || shownCommunityView() !== 'tournament-view') return;
  if (typeof tour.revision === 'number') {
    if (tour.revision < tournamentShown.revision) return;
    tournamentShown.revision = tour.revision;
  }
  $('tournament-view').dataset.status = tour.status;
  $('tournament-view').dataset.revision = String(tour.revision);
  $('tournament-title').textContent = tour.name;
  $('tournament-status').replaceChildren(...statusLine(tour));
  // Its number too: mails and commands name it by that (and another may bear the same name).
  $('tournament-summary').textContent = `${tournamentText(tour)} · ${t('created by {user}', { user: tour.creator })} · ${t('tournament {id}', { id: tour.id })}`;
  $('tournament-boards').textContent = tour.status === 'open' ? t('Joining is consent to every board it starts: {terms}', { terms: boardTermsText(tour) })
    : t('Every board: {terms}', { terms: boardTermsText(tour) });
  $('tournament-actions').replaceChildren(...tournamentActions(tour));
  const open = tour.status === 'open';
  $('tournament-standings-title').textContent = open ? t('Players ({joined} of {max})', { joined: tour.players.length, max: tour.max_players }) : t('Standings');
  $('tournament-standings-body').replaceChildren(...standingsRows(tour));
  // A knockout ranks by rounds won alone (its points count the draws of replayed games).
  $('tournament-ranking').textContent = open ? ''
    : tour.format === 'knockout' ? t('Ranked by rounds won: the losers of one round share a place.')
      : t('Ranked by points, then {tiebreaks}; players still equal share the place.', { tiebreaks: tour.tiebreaks.join(', ') });
  $('tournament-cross-box').hidden = !tour.cross_table;
  if (tour.cross_table) $('tournament-cross').replaceChildren(...crossTable(tour));
  $('tournament-bracket-box').hidden = tour.format !== 'knockout' || tour.games.length === 0;
  if (tour.format === 'knockout') $('tournament-bracket').replaceChildren(...bracket(tour));
  $('tournament-rounds-box').hidden = tour.games.length === 0;
  $('tournament-rounds').replaceChildren(...roundsList(tour));
}

// --- creating a tournament ------------------------------------------------------------------

function renderTournamentOptions() {
  const game = renderOptionInputs($('tournament-options'), $('tournament-game').value, 'tournament-option');
  $('tournament-game-summary').textContent = game ? game.summary : '';
}

// Only a Swiss event takes a number of rounds; only a start at a time takes the time.
function renderTournamentChoices() {
  $('tournament-format-help').textContent = formatHelp($('tournament-format').value);
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
  i18n.ready.then(renderTournamentChoices);
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
